"""The paths a problem's table in problems.toml names, checked: its solution's file
(``solution = "PATH"``, a ``.py`` file) and its samples' folder (``samples = "PATH"``, refused
for a package's problem), each inside the workspace, from its root, without '..' and not in
``dist/`` (``workspace_paths``); and its judge data's folder (``judge_data = "PATH"``), which
must exist unless it lies outside the checkout in a folder beside it that is not there at all
(a clone without the data beside it: its cases are then skipped with a note) (``judge_data_of``).
"""

from __future__ import annotations

from pathlib import Path

from kit.errors import BuildError


def workspace_paths(root: Path, where: str, entry: dict) -> dict:
    """The Problem fields of the paths inside the workspace the table names, checked: its
    solution's file and its samples' folder (None for either not named)."""
    return {
        "solution_file": _solution_file(root, where, entry.get("solution")),
        "samples_folder": _samples_folder(where, entry),
    }


def _solution_file(root: Path, where: str, given: str | None) -> str | None:
    """``solution = "PATH"`` checked: a ``.py`` file's path inside the workspace, from its root
    (not there, the problem fails when it is built: a name mistyped)."""
    if given is None:
        return None
    example = 'solution = "abc300/a.py"'
    path = _inside(where, "solution", given, "a .py file", example)
    if path.suffix != ".py":
        raise BuildError(
            f"{where}: solution = {given!r}: name a .py file inside the workspace, from its root "
            f"({example})"
        )
    if (root / path).is_dir():
        raise BuildError(f"{where}: solution = {given!r} is a folder, not a .py file")
    return path.as_posix()


def _samples_folder(where: str, entry: dict) -> str | None:
    """``samples = "PATH"`` checked: a folder inside the workspace, from its root; refused for
    a package's problem, whose samples are the package's own."""
    given = entry.get("samples")
    if given is None:
        return None
    if entry.get("package") is not None:
        raise BuildError(f"{where}: samples = {given!r}: a package's samples are its own")
    return _inside(where, "samples", given, "a folder", 'samples = "abc300/a/test"').as_posix()


def _inside(where: str, key: str, given: str, what: str, example: str) -> Path:
    """The path ``key = "PATH"`` names, checked: inside the workspace, from its root, and not
    in ``dist/`` (the kit writes its bundles there)."""
    path = Path(given)
    if not given.strip() or path.is_absolute() or ".." in path.parts or not path.parts:
        without = ", without '..'" if ".." in path.parts else ""
        said = f"name {what} inside the workspace, from its root{without} ({example})"
        raise BuildError(f"{where}: {key} = {given!r}: {said}")
    if path.parts[0] == "dist":
        raise BuildError(f"{where}: {key} = {given!r} is in dist/, the kit's output folder")
    return path


def judge_data_of(root: Path, where: str, entry: dict) -> str | None:
    """The ``judge_data`` folder named, checked (``_check_judge_data``); None when none is."""
    judge_data = entry.get("judge_data")
    if judge_data is not None:
        _check_judge_data(root, where, judge_data)
    return judge_data


def _check_judge_data(root: Path, where: str, folder: str) -> None:
    """A named judge-data folder must exist, except one outside the checkout whose whole tree
    is absent (a clone without the data beside it): then it is skipped with a note."""
    path = (root / folder).resolve()
    if path.is_dir():
        return
    if not _is_absent_outside(root, path):
        raise BuildError(f"{where}: judge_data folder {folder} does not exist")


def _is_absent_outside(root: Path, path: Path) -> bool:
    """``path`` lies outside the checkout and the folder beside the checkout that would hold it
    does not exist at all."""
    top = root.resolve()
    try:
        path.relative_to(top)
        return False
    except ValueError:
        pass
    parent = top.parent
    try:
        first = path.relative_to(parent).parts[0]
    except (ValueError, IndexError):
        return not path.exists()
    return not (parent / first).exists()

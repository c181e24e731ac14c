"""The user's own files a new problem adopts where they are, for ``cpkit new``: the solution
``--solution PATH`` names and the samples' folder ``--samples DIR`` names, checked (there,
inside the workspace, outside ``dist/``, no other problem's already) and named from the
workspace's root as problems.toml holds them; the Python source a cph ``.prob`` names
(``srcPath``), found where cph keeps it; the ``submit`` file and samples' folder (``testdir``,
or where it is to be) an atcoder-cli task's folder holds; the pairs a folder adopted holds
already, kept as they are; and what ``new`` says of them.

    own_solution("abc300/a/main.py", root)  # "abc300/a/main.py"
    shown_here(root / "abc300/a/main.py", root)  # "a/main.py" in abc300/
    kept_pairs(root / "abc300/a/tests", page.samples)  # ((1, False),): sample-1 there, the same
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass, replace
from pathlib import Path, PureWindowsPath
from typing import TYPE_CHECKING

from kit.errors import BuildError
from kit.problem_cases import samples_beside
from kit.registry import owner_of
from kit.workspace import file_in_the_way, shown_path

if TYPE_CHECKING:
    from kit.pages import Page


@dataclass(frozen=True)
class Adopted:
    """The user's own files a new problem names where they are, from the workspace's root, in
    place of the ones ``new`` writes (None: ``solutions/SLUG.py``, ``samples/SLUG/``)."""

    solution: str | None = None
    samples: str | None = None
    origin: str = "--solution"  # what named the solution
    samples_origin: str = ""  # what named the samples' folder, when not --samples
    # the page's pairs the samples' folder holds already, by number, each with whether the
    # page's is another: kept as they are
    kept: tuple[tuple[int, bool], ...] = ()


NOTHING = Adopted()


def from_options(
    args: argparse.Namespace, root: Path, registry, found: tuple[str, str] | None = None
) -> Adopted:
    """``--solution PATH`` and ``--samples DIR`` checked (``own_solution``,
    ``own_samples``), and neither another problem's already. ``found``: a samples' folder
    found for it and what named it (an atcoder-cli task's testdir), taken as ``--samples``
    would take it when that is not given and the folder is no problem's yet."""
    solution = own_solution(args.solution, root) if args.solution else None
    samples = own_samples(args.samples, root) if args.samples else None
    adopted = Adopted(solution, samples)
    why = owned(registry, root, adopted)
    if why is not None:
        raise BuildError(f"new: {why}; nothing was changed")
    if samples is None and found is not None:
        taken = Adopted(solution, own_samples(found[0], root), samples_origin=found[1])
        adopted = adopted if owned(registry, root, taken) else taken
    return adopted


def owned(registry, root: Path, adopted: Adopted) -> str | None:
    """Why the files ``adopted`` cannot be: one is another problem's already (``abc300/a/main.py
    is abc300_a's solution already``); None when neither is."""
    for path, what in ((adopted.solution, "solution"), (adopted.samples, "samples' folder")):
        owner = owner_of(registry, root / path, what) if path else None
        if owner is not None:
            return f"{path} is {owner}'s {what} already"
    return None


# said of a task's testdir adopted before its samples are downloaded (acc, oj d make it)
NOT_THERE_YET = "not there yet: atcoder-cli's samples go there"


def task_files(
    folder: Path, submit: str | None, testdir: str | None, root: Path
) -> tuple[Adopted, str, str]:
    """What of an atcoder-cli task's ``folder`` (in the workspace) is adopted: ``submit`` when
    it is a ``.py`` file in it, ``testdir`` when it is a folder in it or not there yet
    (``NOT_THERE_YET``: a repository whose git keeps no samples; kit.pages.acc); with why each
    one named is not ("" when adopted, or not named). A task made without a template names no
    ``submit`` (atcoder-cli's default; its README's user then writes ``main.cpp`` in the
    folder): its folder's ``main.py``, else its one ``.py`` file, is taken for it."""
    why_unnamed = ""
    if submit is None:
        submit, why_unnamed = _unnamed_solution(folder, root)
    solution, why_solution = _in_task_folder(folder, submit, root, "file")
    why_solution = why_solution or why_unnamed
    samples, why_samples = _in_task_folder(folder, testdir, root, "folder")
    return Adopted(solution, samples, origin="contest.acc.json"), why_solution, why_samples


def _unnamed_solution(folder: Path, root: Path) -> tuple[str | None, str]:
    """The solution of a task's ``folder`` whose contest file names no ``submit`` file: its
    ``main.py``, else its only ``.py`` file; or (None, why none is taken)."""
    if (folder / "main.py").is_file():
        return "main.py", ""
    try:
        sources = sorted(entry.name for entry in os.scandir(folder) if entry.name.endswith(".py"))
    except OSError:
        sources = []
    sources = [name for name in sources if (folder / name).is_file()]
    if len(sources) == 1:
        return sources[0], ""
    held = f"{len(sources)} .py files, none main.py" if sources else "no .py file"
    return None, f"no submit file named, and {shown_here(folder, root)}/ holds {held}"


def _in_task_folder(folder: Path, named: str | None, root: Path, kind: str):
    """The ``.py`` file or the folder (``kind``) ``named`` in a task's ``folder``, from the
    workspace's root, or why it is not adopted; (None, "") when none is named."""
    if named is None:
        return None, ""
    path = folder / named
    shown = from_root(path, root) or str(path)
    if kind == "file" and path.suffix != ".py":
        return None, f"{shown_here(path, root)} is not Python"
    if kind == "folder" and not os.path.lexists(path):
        inside = in_workspace(path, root, f"new: {shown}")
        if file_in_the_way(root, [inside]) is None:  # not under a file: acc can make it
            return inside, NOT_THERE_YET
    if not (path.is_file() if kind == "file" else path.is_dir()):
        said = f"not a {kind}" if path.exists() else "not there"
        return None, f"{shown_here(path, root)} is {said}"
    return in_workspace(path, root, f"new: {shown}"), ""


def with_cph_solution(
    page: Page, source: str, root: Path, registry, adopted: Adopted
) -> tuple[Adopted, Page]:
    """``adopted`` with the solution a cph ``.prob`` names (``srcPath``) when it is a ``.py``
    file of the workspace (``cph_places``) and no problem's yet, else the page with a note
    saying why not; data of a ``.cpp`` (any other language's) source leaves both as they are."""
    named = page.source_file or ""
    if not named.endswith(".py"):
        return adopted, page
    places = cph_places(named, Path(source))
    inside = (path for path in places if path.is_file() and from_root(path, root) is not None)
    found = next(inside, None)
    if found is None:
        why = f"cph's srcPath {named} is no file of this workspace"
    else:
        solution = in_workspace(found, root, f"new: cph's srcPath {named}")
        taken = owned(registry, root, Adopted(solution))
        if taken is None:
            return replace(adopted, solution=solution, origin="cph's srcPath"), page
        why = f"cph's srcPath {named}: {taken}"
    note = f"{why}: the solution written is the template's (--solution PATH adopts a file)"
    return adopted, replace(page, notes=(*page.notes, note))


def cph_places(named: str, prob: Path) -> list[Path]:
    """Where the file a ``.prob``'s srcPath names may be: that whole path, then, for a
    ``.prob`` in a ``.cph`` folder and named for that file, the file beside the folder. cph
    keeps a source's data in the source's folder, as ``.cph/.NAME_HASH.prob`` (NAME the
    source's file name, HASH the MD5 of its srcPath: getProbSaveLocation in cph's
    src/parser.ts), so a repository cloned elsewhere holds the source there, while srcPath
    names it on the machine cph ran on (``/Users/...``, ``C:\\...``)."""
    name = PureWindowsPath(named).name  # the last part, after a / or a \
    places = [Path(named)] if Path(named).is_absolute() else []
    folder = Path(os.path.abspath(prob)).parent
    if folder.name == ".cph" and prob.name.startswith(f".{name}_") and prob.suffix == ".prob":
        places.append(folder.parent / name)
    return places


def own_solution(given: str, root: Path) -> str:
    """``--solution PATH``: a ``.py`` file there, inside the workspace; from its root."""
    path, where = Path(given), f"new: --solution {given}"
    if not path.exists():
        raise BuildError(f"{where}: no such file")
    if path.is_dir():
        raise BuildError(f"{where} is a folder, not a .py file")
    if path.suffix != ".py":
        raise BuildError(f"{where}: not a .py file (the kit builds solutions in Python)")
    return in_workspace(path, root, where)


def own_samples(given: str, root: Path) -> str:
    """``--samples DIR``: a folder there, inside the workspace; from its root."""
    path, where = Path(given), f"new: --samples {given}"
    if not path.exists():
        raise BuildError(f"{where}: no such folder")
    if not path.is_dir():
        raise BuildError(f"{where} is a file, not a folder of samples")
    return in_workspace(path, root, where)


def in_workspace(path: Path, root: Path, where: str) -> str:
    """``path`` from the workspace's root, as problems.toml names it; one outside the
    workspace, the workspace itself, or in ``dist/`` is a one-line error."""
    inside = from_root(path, root)
    if inside is None:
        raise BuildError(
            f"{where} is outside the workspace {root}: move or copy it in (the kit reads a "
            "problem's files inside its workspace)"
        )
    if inside == ".":
        raise BuildError(f"{where} is the workspace's root: name a folder of the problem's own")
    if inside.split("/")[0] == "dist":
        raise BuildError(f"{where} is in dist/, the kit's output folder")
    return one_line(inside, "path")


def shown_here(path: Path, root: Path) -> str:
    """A task's file or folder (named from the current folder, or whole: ``root / PATH`` for
    one from the root) as the lines of ``new`` name it: from the current folder, as the kit
    names the files it writes (``kit.workspace.shown_path``), ``..`` folded in."""
    return shown_path(Path(os.path.abspath(path)), root)


def from_root(path: Path, root: Path) -> str | None:
    """``path`` from the workspace's root as named (or with its links followed), None when
    it is outside."""
    for absolute in (Path(os.path.abspath(path)), path.resolve()):
        if absolute.is_relative_to(root):
            return absolute.relative_to(root).as_posix()
    return None


def one_line(shown: str, what: str) -> str:
    """``shown``, a path problems.toml is to hold; one it cannot hold is a one-line error."""
    if not shown.isprintable():  # a control character, or bytes not UTF-8 (surrogates)
        raise BuildError(
            f"new: the {what} {shown!r} is not one line of UTF-8 text, which problems.toml "
            "cannot hold: rename it; nothing was changed"
        )
    return shown


ANSWERED = (".in", ".out", ".ans")  # a sample's files, by which one pair is there


def kept_pairs(folder: Path, pairs: list[tuple[str, str]]) -> tuple[tuple[int, bool], ...]:
    """The pairs a folder of the user's own holds already under their names (``sample-N``
    with ``.in``, ``.out`` or ``.ans``), kept as they are, never written over: their numbers,
    each with whether the page's is another (``_differs``)."""
    return tuple(
        (number, _differs(folder, number, pair))
        for number, pair in enumerate(pairs, 1)
        if any(os.path.lexists(folder / f"sample-{number}{suffix}") for suffix in ANSWERED)
    )


def _differs(folder: Path, number: int, pair: tuple[str, str]) -> bool:
    """Whether the pair ``number`` kept in ``folder`` is not the page's, to the byte: a file of
    it holds other bytes, or its input or answer is not there."""
    given, wanted = (text.encode("utf-8") for text in pair)
    found = {suffix: folder / f"sample-{number}{suffix}" for suffix in ANSWERED}
    found = {suffix: path for suffix, path in found.items() if path.is_file()}
    try:
        texts = {suffix: path.read_bytes() for suffix, path in found.items()}
    except OSError:
        return True
    answers = [texts[suffix] for suffix in (".out", ".ans") if suffix in texts]
    return texts.get(".in") != given or not answers or any(text != wanted for text in answers)


def samples_beside_note(root: Path, slug: str, solution: str) -> None:
    """A note when the folder beside the solution adopted holds the samples oj or acc
    downloaded there, which ``--samples`` would have adopted too."""
    beside = samples_beside(root / solution)
    if beside is not None:
        named = beside.relative_to(root).as_posix()
        print(
            f'note: {named}/ beside the solution holds samples: samples = "{named}" in '
            f"[{slug}] reads them in place of samples/{slug}/"
        )


def report_samples(adopted: Adopted, page, shown: str) -> None:
    """The folder adopted (``shown``: named from the current folder), how many of the page's
    samples were added to it, and each pair it held already (kept as it is), with whether the
    page's is another."""
    added = len(page.samples) - len(adopted.kept) if page is not None else 0
    said = f"; {added} of {page.origin}'s samples added" if added > 0 else ""
    named = f": {adopted.samples_origin}" if adopted.samples_origin else ""
    print(f"  {shown}/  (the samples' folder, adopted where it is{named}{said})")
    for number, differs in adopted.kept:
        how = f"{page.origin}'s differs" if differs else f"the same as {page.origin}'s"
        print(f"note: {shown}/sample-{number} is there already: kept as it is ({how})")

"""``cpkit init [DIR]``: start a new workspace in DIR (the current folder by default).

Writes a commented problems.toml, ``solutions/``, the helper package ``shared/``,
``samples/``, a test that checks every problem through the kit, a ``pytest.ini`` putting the
workspace's root on the tests' import path (plain ``pytest``, from any of its folders, imports
``solutions.SLUG`` and ``shared`` as ``python -m pytest`` from the root does), a ``.gitignore``
for ``dist/`` and a short README. In an existing repository its own README, ``.gitignore``,
``shared/__init__.py`` and file of pytest's settings (pytest 9's pytest.toml, pytest.ini,
pyproject.toml's ``[tool.pytest]`` or ``[tool.pytest.ini_options]``, tox.ini, setup.cfg, in
DIR: no pytest.ini written, one of the two would go unread; a note names the ``pythonpath``
line to add, and the table it goes in, when it lacks one naming the root; such a file in a
folder above, the one pytest run there takes, gets the same note, the workspace its
pytest.ini, read first in it) are kept as they are
(said, with a note when ``.gitignore`` does not name ``dist/``, when git ignores the samples'
``*.in`` or ``*.out``, and when it ignores the kit's ``tests/``), and so is a test file of the
repository's own where the kit's would go (said: the kit's is not written). Refuses, touching
nothing, when problems.toml exists (a workspace already), when DIR is given empty (``""``:
most often a variable not set), or when a file of pytest's settings in DIR is one pytest
stops on, whichever file holds its settings: not TOML, an ini file pytest's reader refuses
(``kit.ini_files``, the file and line named), setup.cfg's ``[pytest]``, a ``pytest`` or
``tool.pytest`` that is no table. A workspace inside another is
made, with a note: commands run inside it use it, not the outer one. The next step it names is
``new --from`` the ``contest.acc.json`` atcoder-cli made in the repository (kit.pages.acc), the
others named, else ``new SLUG --judge NAME``.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
from pathlib import Path

import tomllib

from kit import ini_files
from kit.commands import command, paragraph
from kit.errors import BuildError
from kit.git_ignores import keeping_in, rules
from kit.pages import acc
from kit.workspace import (
    MARKER,
    PYTEST_SETTINGS,
    Made,
    file_in_the_way,
    find_root,
    not_a_file,
    shown_path,
    workspace_files,
)

HELP = "start a new workspace: problems.toml, solutions/, shared/, samples/, tests/"
# a repository's own files, kept as they are when present (an existing repository adopted)
TEST = "tests/test_problems.py"  # the kit's test of every problem
KEPT = {"README.md", ".gitignore", "shared/__init__.py", "solutions/.gitkeep", "samples/.gitkeep"}
KEPT |= {TEST, PYTEST_SETTINGS}
# the files pytest takes its settings from, in the order it looks (the first that holds them
# wins), and the section of an ini file that holds them: pytest.ini's count without one.
# pytest 9 reads pytest.toml first (its [pytest] table; the file counts even without one), and
# in pyproject.toml [tool.pytest] beside [tool.pytest.ini_options], refusing both at once
# (docs.pytest.org/en/stable/reference/customize.html; pytest 9.0.3's
# _pytest/config/findpaths.py, locate_config and load_config_dict_from_file)
PYTEST_FILES = {
    "pytest.toml": "pytest",
    ".pytest.toml": "pytest",
    "pytest.ini": None,
    ".pytest.ini": None,
    "pyproject.toml": None,
    "tox.ini": "pytest",
    "setup.cfg": "tool:pytest",
}
SAMPLE_FILES = ["samples/x/sample-1.in", "samples/x/sample-1.out"]  # asked of git


def _ignores_dist(ignore: Path) -> bool:
    """Whether a ``.gitignore`` has a line for ``dist/`` (``dist``, ``/dist/``, ``dist/*``...;
    ``*.dist-info`` is none); an unreadable one (a folder, a broken link) is said not to."""
    try:
        text = ignore.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    patterns = {"dist", "dist/", "/dist", "/dist/", "dist/*", "/dist/*", "dist/**", "/dist/**"}
    patterns |= {f"**/{pattern.lstrip('/')}" for pattern in patterns}  # dist/ at any depth
    return any(line.strip() in patterns for line in text.splitlines())


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("init", help=HELP, description=paragraph(__doc__))
    parser.add_argument("folder", metavar="DIR", nargs="?", default=".", help="(default: .)")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    if not args.folder.strip():
        raise BuildError(f"init: {args.folder!r} names no folder (give . for this one)")
    folder = Path(args.folder)
    if folder.exists() and not folder.is_dir():
        raise BuildError(f"init: {shown_path(folder)} is a file, not a folder")
    if folder.is_symlink() and not folder.exists():  # makedirs said "File exists"
        raise BuildError(
            f"init: {shown_path(folder)} is a link to nothing (or a loop), not a folder"
        )
    files = workspace_files()
    existing = [path for path in files if os.path.lexists(folder / path)]
    clashing = [path for path in existing if path not in KEPT]
    if clashing:
        first = folder / clashing[0]
        is_marker = clashing[0] == MARKER and not first.is_file()
        what = f" ({not_a_file(first)})" if is_marker else ""
        raise BuildError(f"init: {shown_path(first)} exists already{what}; nothing was changed")
    files = {path: text for path, text in files.items() if path not in existing}
    settings = _own_files(folder, files, existing)
    blocked = file_in_the_way(folder, files)
    if blocked:
        raise BuildError(f"init: {folder / blocked}; nothing was changed")
    _write(folder, files)
    print(f"new workspace in {shown_path(folder.resolve())}:")
    for path in files:
        print(f"  {path}")
    if existing:
        print(f"kept as they were: {', '.join(existing)}")
    _kept_notes(folder, existing, settings)
    outer = _outer_workspace(folder)
    if outer is not None:
        print(
            f"note: inside the workspace {shown_path(outer)}; commands run in "
            f"{shown_path(folder)} use the new one"
        )
    elsewhere = folder.resolve() != Path.cwd().resolve()  # the commands work where they run
    # a command to paste: the real path, as typed (shown_path's escapes name no folder)
    go = f"cd {shlex.quote(str(folder))} && " if elsewhere else ""
    print(f"next: {go}{command()} {_next_step(folder)}")
    return 0


def _own_files(folder: Path, files: dict[str, str], existing: list[str]):
    """The kit's files the repository's own stand for, left out of ``files``: a README of
    another name (added to ``existing``), and pytest.ini where another file holds pytest's
    settings (pytest would read ours in their place); the note on pytest's settings
    (``_pytest_settings``), None for none."""
    readme = _own_readme(folder)
    if readme is not None and "README.md" in files:  # README.rst, readme.md: the repository's
        del files["README.md"]
        existing.append(readme)
    kept, note = _pytest_settings(folder)
    if kept:
        files.pop(PYTEST_SETTINGS, None)
    return note


def _kept_notes(folder: Path, existing: list[str], settings: str | None) -> None:
    """The notes on the repository's own files kept: a ``.gitignore`` without ``dist/``,
    what git ignores (``_git_notes``), pytest's settings without the workspace's root on the
    import path (``_pytest_settings``), a test file of its own where the kit's would go."""
    if ".gitignore" in existing and not _ignores_dist(folder / ".gitignore"):
        print("note: .gitignore does not name dist/, where the bundles are built: add it")
    _git_notes(folder)
    if settings is not None:
        print(f"note: {settings}")
    if TEST in existing:
        print(
            f"note: {TEST} is the repository's own: the kit's test of every problem (a pytest "
            f"running `{command()}` on the workspace) was not written"
        )


def _git_notes(folder: Path) -> None:
    """A note when git would ignore the samples' cases (a contest repository's ``*.in``), and
    one when it would ignore the kit's tests (atcoder-cli's samples' folders, ``tests/``)."""
    found = rules(folder, SAMPLE_FILES)
    if found:
        folder_rule = rules(folder, ["samples/"]).get("samples/")
        print(
            f"note: git ignores samples/' cases here ({next(iter(found.values()))}): they would "
            f"not be committed; {keeping_in('samples', folder_rule)}"
        )
    test_rule = rules(folder, [TEST]).get(TEST)
    if test_rule:
        folder_rule = rules(folder, ["tests/"]).get("tests/")
        print(
            f"note: git ignores {TEST} ({test_rule}), the kit's test of every problem, and the "
            f"tests/test_SLUG.py new writes: they would not be committed; "
            f"{keeping_in('tests', folder_rule)}"
        )


def _pytest_settings(folder: Path) -> tuple[bool, str | None]:
    """Whether the repository's own file of pytest's settings is in ``folder`` (kept: no
    pytest.ini is written beside it, pytest would read ours in its place), and the note on
    them (``_settings_note``): what to add to that file, else to the file of a folder above
    that pytest run there reads (``_above_note``). Settings above are not the workspace's:
    pytest run in it reads the nearest file, the pytest.ini written (measured with pytest
    9.0.3: plain ``pytest`` in the workspace failed to import shared/ under a repository's
    ``[tool.pytest.ini_options]`` until that file named the workspace)."""
    start = folder.resolve()
    own = _folder_settings(start)
    if own is None:
        return False, _above_note(start)
    name, settings = own
    return True, _settings_note(name, ".", start, start, *settings)


def _above_note(start: Path) -> str | None:
    """The note on the settings pytest reads when run in a folder above ``start`` (the first
    folder holding a file of them, ``_folder_settings``), when their ``pythonpath`` does not
    name ``start``; None for none, for an outer workspace's (its own root on the path), and
    for a file pytest stops on there (pytest run in ``start`` never reads it)."""
    for base in start.parents:
        try:
            found = _folder_settings(base)
        except BuildError:
            return None
        if found is not None:
            if (base / MARKER).is_file():
                return None
            name, settings = found
            shown = os.path.relpath(base / name, start)  # ../pyproject.toml
            root = Path(os.path.relpath(start, base)).as_posix()
            lead = (
                f"`pytest` run in a folder above the workspace (given no path in it) reads {shown}"
            )
            return _settings_note(shown, root, base, start, *settings, lead=lead)
    return None


def _folder_settings(base: Path) -> tuple[str, tuple[str, object, bool]] | None:
    """The name of the file of pytest's settings that pytest run in ``base`` takes there (the
    first holding them, in pytest's order) and its settings (``_file_settings``); None when
    none does. Every such file of the folder is read first, and one pytest stops on stops
    init: pytest reads them all, the ones after the file it takes its settings from too
    (pytest 9.0.3's findpaths, locate_config, measured)."""
    read = {name: _file_settings(base / name) for name in PYTEST_FILES if (base / name).is_file()}
    for name, settings in read.items():
        if settings is not None:
            return name, settings
    return None


def _file_settings(path: Path) -> tuple[str, object, bool] | None:
    """The table of pytest's settings in the file ``path`` (``_toml_path``), its
    ``pythonpath`` and whether pytest reads it with TOML's types; None when the file holds
    none; a one-line error (nothing changed) when pytest stops on it (``_stops``)."""
    if path.suffix == ".toml":
        return _toml_path(path, _toml_data(path))
    try:
        found = ini_files.sections(path.read_text(encoding="utf-8"))
    except ini_files.IniError as error:
        raise _stops(path, f"is not an ini file pytest reads ({error})") from None
    except UnicodeDecodeError:
        raise _stops(path, "is not UTF-8") from None
    except OSError as error:
        raise _stops(path, f"cannot be read ({error.strerror or error})") from None
    section = PYTEST_FILES[path.name]
    if section is None:  # pytest.ini: its settings, with or without a [pytest] section
        where = "[pytest]" if "pytest" in found else ""  # "": a section to add
        return where, found.get("pytest", {}).get("pythonpath", ""), False
    if section not in found and "pytest" in found:  # setup.cfg's [pytest]: pytest fails
        raise _stops(path, f"holds [pytest], where pytest reads [{section}] only")
    if section not in found:
        return None
    return f"[{section}]", found[section].get("pythonpath", ""), False


def _stops(path: Path, why: str) -> BuildError:
    """The error init stops with on a file of pytest's settings that pytest stops on."""
    return BuildError(
        f"init: {shown_path(path)} {why}, and pytest stops on it: fix it and run init again; "
        "nothing was changed"
    )


def _settings_note(
    name: str,
    root: str,
    base: Path,
    start: Path,
    where: str,
    value: object,
    native: bool,
    lead: str = "",
) -> str | None:
    """The note on the settings of the file ``name`` (from the folder ``start``) in ``base``,
    found in its table ``where`` with the ``pythonpath`` ``value`` (``_toml_path``), when
    plain ``pytest`` would not import from ``start``, ``root`` from ``base`` (the paths pytest
    reads are from the file's folder, measured); ``lead`` says whose settings they are."""
    toml = name.endswith(".toml")
    line = f"pythonpath = {json.dumps([root], ensure_ascii=False) if toml else shlex.quote(root)}"
    lead = lead or f"pytest's settings here are {name}'s"
    if where == _BOTH:
        return f"{lead}, whose {_BOTH} pytest 9 refuses: keep one of the two, with `{line}` in it"
    if where == _FALSE:  # a [pytest] table added would give the key twice: not TOML
        return (
            f"{lead}, whose `pytest = {json.dumps(value)}` pytest reads as no table: write a "
            f"[pytest] table holding `{line}` in its place"
        )
    paths, refused = _read_paths(value, native)
    if refused is not None:
        return (
            f"{lead}, whose {where}'s pythonpath pytest stops on ({refused}): write `{line}` in "
            f"its {where}"
        )
    if any(os.path.normpath(base / path) == str(start) for path in paths):  # "", "./": "."
        return None
    added = f"a [pytest] {'table' if toml else 'section'} (it has none)"
    return (
        f"{lead}: add `{line}` to {f'its {where}' if where else f'it, in {added}'} for plain "
        f"`pytest` to import solutions/ and shared/ in the tests, as `python -m pytest` does"
    )


def _read_paths(value: object, native: bool) -> tuple[list[str], str | None]:
    """The paths pytest 9 reads in a ``pythonpath`` value (None for none), and what it stops
    on there (None when nothing). A table read with TOML's types (``native``) takes a list of
    strings, refusing a string or another item; ini's splits a string as a shell does, and
    takes a list of [tool.pytest.ini_options] as it is, stopping on an item that is no string
    (pytest 9.0.3's Config._getini_toml and _getini_ini; a TypeError, a ValueError for an
    unclosed quote, measured)."""
    if value is None:
        return [], None
    if isinstance(value, list):
        odd = [item for item in value if not isinstance(item, str)]
        if odd:
            return [], f"its item {odd[0]!r} is {_kind(odd[0])}, where pytest reads strings"
        return value, None
    if native:
        return [], f"{_kind(value)}, where pytest 9 reads a list of paths"
    try:
        return shlex.split(str(value)), None
    except ValueError as error:  # No closing quotation
        return [], f"{str(value)!r} does not split as a shell's words: {error}"


def _kind(value: object) -> str:
    """What a value read from TOML is, in TOML's words."""
    kinds = {bool: "a boolean", int: "an integer", float: "a float", str: "a string"}
    return kinds.get(type(value), "a table" if isinstance(value, dict) else "an array or a date")


_BOTH = "[tool.pytest] beside [tool.pytest.ini_options]"  # pytest 9 refuses the two at once
_FALSE = "a false pytest"  # pytest.toml's `pytest = false`: read as no table, the file counting


def _toml_path(path: Path, data: dict) -> tuple[str, object, bool] | None:
    """The table of a TOML file's pytest settings (``path``, read as ``data``), its
    ``pythonpath`` (None for none) and whether pytest reads it with TOML's types: pytest.toml's
    ``[pytest]`` (``_pytest_toml``), pyproject.toml's ``[tool.pytest]`` (pytest 9's, any key
    but ``ini_options``) or else ``[tool.pytest.ini_options]`` (read as ini's); ``_BOTH`` for
    the two; None when it holds none. A table pytest reads given as something else stops it
    (``_table``)."""
    if path.name != "pyproject.toml":
        return _pytest_toml(path, data)
    tool = _table(path, data, "tool")
    table = _table(path, tool, "pytest", above="tool.")
    native = {key: value for key, value in table.items() if key != "ini_options"}
    options = table.get("ini_options")
    if native and options:
        return _BOTH, None, True
    if native:
        return "[tool.pytest]", native.get("pythonpath"), True
    if options is not None:
        options = _table(path, table, "ini_options", above="tool.pytest.")
        return "[tool.pytest.ini_options]", options.get("pythonpath"), False
    return None


def _pytest_toml(path: Path, data: dict) -> tuple[str, object, bool]:
    """pytest.toml's table of settings, ``_toml_path``'s way: its ``[pytest]``, else "" (the
    file counts still: a table to add), else ``_FALSE`` and the false value pytest reads as
    no table (``pytest = false``: a table added beside it would give the key twice)."""
    table = _table(path, data, "pytest", falsy_none=True)
    if "pytest" not in data:
        return "", None, True
    if not isinstance(data["pytest"], dict):
        return _FALSE, data["pytest"], True
    return "[pytest]", table.get("pythonpath"), True


def _table(path: Path, data: dict, key: str, above: str = "", falsy_none: bool = False) -> dict:
    """``data``'s table ``key`` ({} for none); a one-line error when it is something else, where
    pytest 9.0.3 stops with a traceback (an AttributeError, measured), but for a value that is
    false (0, "", []) where ``falsy_none``: pytest.toml's ``pytest = 0`` is read as no table."""
    value = data.get(key, {})
    if isinstance(value, dict) or (falsy_none and not value):
        return value if isinstance(value, dict) else {}
    raise _stops(path, f"gives `{above}{key}` {_kind(value)}, where pytest reads a table")


def _toml_data(path: Path) -> dict:
    """A TOML file of pytest's settings, read; a one-line error (nothing changed) when it
    cannot be: pytest reads every such file beside the one it takes its settings from, and
    stops with a UsageError on one that is not TOML, a traceback on one not UTF-8 (pytest
    9.0.3's findpaths, locate_config and load_config_dict_from_file)."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        why = f"is not TOML ({error})"
    except UnicodeDecodeError:
        why = "is not UTF-8"
    except OSError as error:
        why = f"cannot be read ({error.strerror or error})"
    raise _stops(path, why)


def _next_step(folder: Path) -> str:
    """What ``new`` is given next: the contest file atcoder-cli made in the repository, which
    makes each of its tasks (``new --from``), naming the others; else a problem of one's own."""
    contests = acc.contest_files(folder)
    if not contests:
        return "new SLUG --judge NAME"
    step = f"new --from {shlex.quote(contests[0])} (each task of atcoder-cli's contest"
    others = [path.rpartition("/")[0] + "/" for path in contests[1:]]
    if len(others) > 3:
        others = [*others[:3], f"{len(others) - 3} more"]
    return f"{step}{'; the same for ' + ', '.join(others) if others else ''})"


def _own_readme(folder: Path) -> str | None:
    """The repository's own README in ``folder`` under another name than the kit's
    ``README.md`` (``README``, ``README.rst``, ``readme.md``), if any."""
    try:
        names = sorted(entry.name for entry in os.scandir(folder) if entry.is_file())
    except OSError:
        return None
    own = [name for name in names if name.partition(".")[0].lower() == "readme"]
    return own[0] if own else None


def _write(folder: Path, files: dict[str, str]) -> None:
    """``files`` written into ``folder``; when one cannot be, or Ctrl-C comes, those written
    before and the folders made for them are taken back (a one-line error says which)."""
    made = Made()
    try:
        made.folder(folder)
        for path, text in files.items():
            made.write(folder / path, text)
    except BaseException as error:
        raise made.failed("init", error, None) from None


def _outer_workspace(folder: Path) -> Path | None:
    """The workspace holding ``folder``'s parent, if any."""
    try:
        return find_root(folder.resolve().parent)
    except BuildError:
        return None

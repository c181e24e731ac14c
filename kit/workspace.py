"""The workspace a command works on: the folder holding ``problems.toml``.

Found as git, pytest and ruff find their roots: from the current folder upwards, the nearest
folder with a ``problems.toml``. ``--root DIR`` names it instead. ``init`` makes a new one
(kit.scaffold holds what it writes).

    find_root(Path.cwd())  # Path, or a BuildError saying there is none and how to start one
"""

from __future__ import annotations

import contextlib
import errno
import os
import shlex
import stat
from pathlib import Path

from kit.errors import BuildError
from kit.invocation import command
from kit.visible import text_of, visible

MARKER = "problems.toml"
# the solutions' folder of the kit's layout, run as ``python -m solutions.SLUG`` (with or
# without ``__init__.py``): its solutions find helpers from the workspace's root alone
SOLUTIONS = "solutions"


class NoWorkspace(BuildError):
    """No ``problems.toml`` at or above the folder a search started from."""


def current_folder() -> Path:
    """The working folder, or a BuildError when it is gone (deleted or moved away)."""
    try:
        return Path.cwd()
    except OSError:
        raise BuildError(
            "the current folder no longer exists (deleted or moved): cd into a workspace, or "
            "give --root DIR"
        ) from None


def find_root(start: Path) -> Path:
    """The nearest folder at or above ``start`` holding problems.toml."""
    start = start.resolve()
    for folder in (start, *start.parents):
        marker = folder / MARKER
        if marker.is_file():
            return folder
        if os.path.lexists(marker):  # a folder or a broken link: named, not passed over
            raise BuildError(f"{marker}: {not_a_file(marker)}")
    raise NoWorkspace(
        f"no {MARKER} in {start} or any folder above it: not a workspace "
        f"(start one with `{command()} init`, or give --root DIR)"
    )


def nearest_root(script_root: Path | None = None) -> Path:
    """The workspace the current folder is in (``find_root``); outside any, ``script_root``
    when given: a checkout's ``build.py`` run from elsewhere works on its checkout, and run
    from another workspace, on that one (``build.py new`` there scaffolded into the
    checkout)."""
    try:
        return find_root(current_folder())
    except NoWorkspace:  # not a problems.toml that is no file: that is said
        if script_root is None:
            raise
        return script_root


def given_root(root: Path) -> Path:
    """``--root DIR``, checked: a folder holding problems.toml."""
    if root.exists() and not root.is_dir():
        raise BuildError(f"--root {root}: not a folder")
    if os.path.lexists(root) and not root.exists():
        raise BuildError(f"--root {root}: {_dead_link(root)}")
    marker = root / MARKER
    if os.path.lexists(marker) and not marker.is_file():
        raise BuildError(f"--root {root}: {marker}: {not_a_file(marker)}")
    if not marker.is_file():
        raise BuildError(f"--root {root}: no {MARKER} there{_instead(root)}")
    return root.resolve()


def _instead(root: Path) -> str:
    """What to give instead of a ``--root`` without problems.toml: the workspace it lies in
    (``--root ws/solutions``), else a new one there."""
    try:
        above = find_root(root.parent)
    except BuildError:
        return f" (start one with `{command()} init {root}`)"
    return f"; it is inside the workspace {above} (--root {above})"


def root_flag(root: Path) -> str:
    """`` --root DIR`` for a command suggested to run from the current folder, when it would
    not find ``root`` by itself from there (DIR relative to it when inside it, else absolute);
    else nothing."""
    try:
        here = Path.cwd().resolve()
    except OSError:  # the working folder is gone
        return f" --root {shlex.quote(str(root))}"
    try:
        if find_root(here) == root:
            return ""
    except BuildError:  # no workspace at or above here
        pass
    shown = root.relative_to(here) if root.is_relative_to(here) else root
    return f" --root {shlex.quote(str(shown))}"


def not_a_file(marker: Path) -> str:
    """What a ``problems.toml`` that is no file is instead."""
    if marker.is_dir():
        return "a folder, not the file of the workspace's problems"
    return _dead_link(marker) if not marker.exists() else "not a regular file"


MISSING = "missing"
FOLDER = "is a folder, not a file"
NOT_REGULAR = "is not a regular file"


def file_state(path: Path) -> str | None:
    """None for a regular file; ``MISSING`` when nothing is there; else what is there instead,
    as a phrase after the path: ``is a folder``, ``is a link that loops``, ``cannot be read:
    Permission denied`` (a folder on the way that cannot be entered)."""
    try:
        info = path.stat()
    except OSError as error:
        if error.errno in (errno.ENOENT, errno.ENOTDIR):
            return "is a link to nothing" if os.path.islink(path) else MISSING
        if error.errno == errno.ELOOP:
            return "is a link that loops"
        return f"cannot be read: {error.strerror or error}"
    if stat.S_ISDIR(info.st_mode):
        return FOLDER
    return None if stat.S_ISREG(info.st_mode) else NOT_REGULAR


def _dead_link(path: Path) -> str:
    """What a link that leads to no file is: to nothing, or round a loop (ELOOP)."""
    try:
        path.stat()
    except OSError as error:
        return "a link that loops" if error.errno == errno.ELOOP else "a link to nothing"
    return "a link"


# init's problems.toml: its judge comment is the file's own help, the rule of judge names with
# examples (Codefroces, POJ; test_workspace.py checks them); the rule's words are
# kit.judges.profiles.NEAR_MISS, which its errors and new --judge's help say
REGISTRY = """\
# The problems of this workspace, one table each (`cpkit new SLUG --judge NAME` appends
# one; `cpkit new SLUG --from PAGE` fills it from the problem's page):
#
# [two_sum]
# title = "Two Sum"
# judge = "codeforces"    # codeforces, atcoder, kattis, timus, domjudge, spoj,
#                         # library checker, cses set the targets; a name close
#                         # to theirs (Codefroces) is refused as misspelt, one
#                         # unlike them all (POJ) gets the strictest targets
#                         # (CPython 3.8, PyPy 3)
# id = "1A"
# kind = "batch"          # or "interactive" (with interactor = "interactors/SLUG.py")
# time_limit = 1.0        # seconds
# memory_limit = 256      # MiB
# compare = "tokens"      # lines, tokens, float:1e-6, kattis[:FLAGS], domjudge[:FLAGS],
#                         # checker:PATH or validator:PATH [FLAGS] (default: the judge's;
#                         # all keys: the kit's README, "A problem is a table in
#                         # problems.toml")
"""

HELPERS = '''"""Helpers the solutions import (`from shared.x import y`): one concept per
module, standard library only, Python 3.8 syntax and APIs, nothing done on import. `cpkit`
inlines what a solution uses into its judge-ready file dist/SLUG.py."""
'''

TESTS = '''"""Every problem of problems.toml through the kit: bundled, checked, samples run."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_problem_builds_and_passes_its_samples():
    done = subprocess.run(
        [sys.executable, "-m", "kit", "--root", str(ROOT), "--repeat", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
'''

# pytest's settings: the workspace's root on the import path, for plain ``pytest`` from any of
# its folders (pytest puts a test's own folder there, tests/, and finds no solutions/ from it)
PYTEST_SETTINGS = "pytest.ini"
PYTHONPATH = "pythonpath = ."  # the line that does it (pytest 7 or newer)
PYTEST_INI = f"""\
# pytest's settings: the tests import solutions/ and shared/ from this folder (`from
# solutions.SLUG import solve`), under `pytest` as under `python -m pytest`, run from any
# folder of the workspace (pytest 7 or newer)
[pytest]
{PYTHONPATH}
"""

README = """\
# Solutions

Judge-ready single-file Python solutions, built and checked by `cpkit`.

```sh
cpkit                # bundle, check and run every problem: dist/SLUG.py
pytest               # the tests (pytest: python -m pip install pytest)
```

`cpkit new SLUG --judge NAME` adds a problem (solution, samples folder, stress module, bench
cases, tests); `cpkit new [SLUG] --from PAGE` also fills in its title, limits and samples from
its page on POJ, Codeforces, AtCoder or Kattis (a saved HTML file, or a URL), or from
Competitive Companion's JSON (cph's `.prob` files); `cpkit listen` takes each problem the
Competitive Companion browser extension sends. Templates of
your own in `templates/` (`solution.py`, `stress.py`, `bench.py`, `test.py`, `interactive.py`,
`interactor.py`, `interactive_stress.py`, `interactive_bench.py`, with `{{slug}}`, `{{title}}`,
`{{judge}}`, `{{solution}}` (the solution's file), `{{time_limit}}`, `{{memory_limit}}` and
`{{command}}` filled in) replace the kit's. `cpkit SLUG`, `cpkit run SLUG FILE`,
`cpkit stress SLUG`, `cpkit bench SLUG`, `cpkit --help` for the rest. Helpers go in `shared/`;
a solution runs from source as `python -m solutions.SLUG < FILE` from this folder
(`python solutions/SLUG.py` would not find `shared`); `pytest.ini` puts this folder on the
tests' import path.
"""

GITIGNORE = "dist/\n__pycache__/\n"


def workspace_files() -> dict[str, str]:
    """Relative path -> text of every file ``init`` writes."""
    return {
        MARKER: REGISTRY,
        "shared/__init__.py": HELPERS,
        "solutions/.gitkeep": "",
        "samples/.gitkeep": "",
        "tests/test_problems.py": TESTS,
        PYTEST_SETTINGS: PYTEST_INI,
        "README.md": README,
        ".gitignore": GITIGNORE,
    }


def file_in_the_way(root: Path, paths) -> str | None:
    """A file (or a link to nothing) standing where a folder of ``paths`` (relative to
    ``root``) is to be made, said (``shared is a file, where a folder is needed``); None when
    none does."""
    for path in paths:
        for parent in reversed(list(Path(path).parents)[:-1]):  # the folders under root
            place = root / parent
            if place.is_symlink() and not place.exists():  # makedirs: "File exists"
                return f"{parent.as_posix()} is a link to nothing, where a folder is needed"
            if place.exists() and not place.is_dir():
                return f"{parent.as_posix()} is a file, where a folder is needed"
    return None


def shown_path(path: Path, root: Path | None = None) -> str:
    """``path`` as a message shows it: from the current folder when that lies inside the
    workspace ``root`` or holds it (``../../dist/failed/x.py`` from a problem's samples,
    ``ws/dist/x.py`` from above the workspace), as typed there; else from ``root``
    (``dist/x.py``); a path outside ``root`` (or with no ``root``) as it is. Its name is its
    bytes read as UTF-8 whatever the locale, by the kit's one rule (``kit.visible``: a byte
    that is not UTF-8 as ``\\xff``, a control character escaped), as the bundle's title names
    files: under ``LC_ALL=C PYTHONUTF8=0`` a folder ``über`` was ``\\udcc3\\udcbcber``."""
    return visible(text_of(os.fsencode(_placed(path, root))))


def _placed(path: Path, root: Path | None) -> str:
    """``path`` from where ``shown_path`` shows it."""
    try:
        inside = path.relative_to(root) if root is not None else None
    except ValueError:
        inside = None
    if inside is None:
        return str(path)
    try:
        here = Path.cwd().resolve()
    except OSError:  # the current folder is gone
        return inside.as_posix()
    whole = root.resolve()
    if here == whole or not (here.is_relative_to(whole) or whole.is_relative_to(here)):
        return inside.as_posix()
    return Path(os.path.relpath(whole / inside, here)).as_posix()


class Made:
    """The files and folders a command makes, in order, to be taken back all together when it
    fails or is interrupted (``undo``): nothing is left half made. Folders that were there
    before are never removed."""

    def __init__(self) -> None:
        self.made: list[Path] = []

    def folder(self, path: Path) -> None:
        """``path`` and the folders above it that are not there yet, made."""
        for folder in [*reversed(path.parents), path]:
            if not folder.exists():
                folder.mkdir()
                self.made.append(folder)

    def write(self, path: Path, text: str, newline: str | None = None) -> None:
        self.folder(path.parent)
        self.made.append(path)  # before it is written: a write cut short is taken back too
        path.write_text(text, encoding="utf-8", newline=newline)

    def undo(self) -> None:
        for path in reversed(self.made):
            with contextlib.suppress(OSError):
                if path.is_dir() and not path.is_symlink():
                    path.rmdir()
                else:
                    path.unlink()
        self.made = []

    def failed(self, command: str, error: BaseException, root: Path | None) -> BaseException:
        """``error`` met while making: all taken back (``undo``), then what to raise: an OS
        error as one line naming the file from ``root`` (``new: cannot write bench/a.py: No
        space left on device; nothing was changed``; None: as it is), anything else (Ctrl-C)
        as it is."""
        self.undo()
        if not isinstance(error, OSError):
            return error
        where = str(error.filename or "a file")
        if error.filename and root is not None:
            where = os.path.relpath(error.filename, root)
        return BuildError(f"{command}: cannot write {where}: {error.strerror}; nothing was changed")

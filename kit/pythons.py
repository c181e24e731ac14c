"""The interpreters bundles are run and checked under.

Always the one running the build (CPython 3.11 for the tooling); also CPython 3.8, the judges'
version (Codeforces 3.8.10, Timus 3.8), and PyPy 3 when they are installed. Each candidate is
started once to prove it works (a pyenv shim for a version that is not selected exists but
fails), and the answer is remembered for the rest of the run.

``KIT_PYTHON38`` / ``KIT_PYPY3`` name a specific executable; set to an empty string, they turn
that interpreter off.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

# Every run is isolated: -I (no PYTHON* variables, no user site, no script directory on
# sys.path, so a bundle cannot lean on the checkout) and -S (no site module: this machine's
# site-packages and .pth files are not the judge's, and cost tens of ms at start-up here).
# -S is the strict side: code that passes without site passes with it (but `exit()` and
# `quit()`, which site adds, are unavailable: solutions use sys.exit).
ISOLATED = ("-I", "-S")


@dataclass(frozen=True)
class Python:
    label: str  # "3.11", "3.8", "pypy3": a column of the report
    executable: str
    flags: tuple[str, ...]  # isolation flags: no environment, no user or site packages

    def command(self, script: str | Path, *extra: str) -> list[str]:
        return [self.executable, *self.flags, *extra, str(script)]


def current() -> Python:
    return Python(f"{sys.version_info[0]}.{sys.version_info[1]}", sys.executable, ISOLATED)


@functools.lru_cache(maxsize=None)
def python38() -> Python | None:
    """CPython 3.8 if one is installed and runs, else None."""
    pyenv_root = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv")
    candidates = [
        *reversed(sorted(str(path) for path in pyenv_root.glob("versions/3.8*/bin/python3.8"))),
        shutil.which("python3.8"),
        "/usr/bin/python3.8",
        "/usr/local/bin/python3.8",
    ]
    return _first_working("3.8", "KIT_PYTHON38", candidates, ISOLATED, want=(3, 8))


@functools.lru_cache(maxsize=None)
def pypy3() -> Python | None:
    """PyPy 3 (Debian's ``pypy3``) if installed and it runs, else None."""
    return _first_working("pypy3", "KIT_PYPY3", [shutil.which("pypy3")], ISOLATED, want=None)


def extra() -> list[Python]:
    """The judge-like interpreters found besides the current one."""
    return [python for python in (python38(), pypy3()) if python is not None]


def all_found() -> list[Python]:
    return [current(), *extra()]


def missing_notes() -> list[str]:
    notes = []
    if python38() is None:
        notes.append("CPython 3.8 not found: bundles were not run under 3.8")
    return notes


def _first_working(
    label: str,
    variable: str,
    candidates: list[str | None],
    flags: tuple[str, ...],
    want: tuple[int, int] | None,
) -> Python | None:
    if variable in os.environ:
        candidates = [os.environ[variable] or None]
    for candidate in dict.fromkeys(candidates):
        if not candidate or not os.access(candidate, os.X_OK):
            continue
        for trial in (flags, ("-E", "-s", "-S")):  # -I first; an older PyPy may lack it
            version = _version(candidate, trial)
            if version is not None and (want is None or version == want):
                return Python(label, candidate, trial)
    return None


def _version(executable: str, flags: tuple[str, ...]) -> tuple[int, int] | None:
    probe = "import sys; print(sys.version_info[0], sys.version_info[1])"
    try:
        done = subprocess.run(
            [executable, *flags, "-c", probe],
            capture_output=True,
            text=True,
            timeout=30,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    parts = done.stdout.split()
    if done.returncode != 0 or len(parts) != 2:
        return None
    return int(parts[0]), int(parts[1])

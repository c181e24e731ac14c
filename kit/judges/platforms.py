"""The operating systems judges run Python on, and what differs between them for a solution.

A judge's profile (``kit.judges.profiles``) says ``UNIX`` (Linux: every judge whose platform
is known, and the default) or ``WINDOWS`` (Codeforces). On Windows:

- ``UNIX_ONLY``: standard modules Python has only on Unix, the library reference's "Unix
  Specific Services" chapter (posix, pwd, grp, termios, tty, pty, fcntl, resource, syslog;
  each page says "Availability: Unix") and curses (documented Unix-only since bpo-7156). A
  judge on Windows cannot import them, under CPython or PyPy (``kit.judges.stdlib``).
- ``C_RECURSION``: CPython 3.13 stops recursion through C (a function under
  ``functools.lru_cache`` calling itself, the repr of nested lists) at a fixed count of
  nested C calls, ``Py_C_RECURSION_LIMIT`` in ``Include/cpython/pystate.h``: 10000 in a
  release build for Linux, 3000 for Windows (lowered from 4000 by python/cpython#114896,
  issue #113655). ``sys.setrecursionlimit`` does not change it. A self-recursive function
  under ``lru_cache`` costs three a call: about 3330 calls deep on Linux (measured, 3.13.0),
  about 1000 on Windows (python/cpython#127346: "Python 3.13.0 on Windows ... RecursionError",
  the traceback's "[Previous line repeated 996 more times]"). ``kit.run.judged`` runs a
  Windows judge's CPython 3.13 target that much closer to the limit.
"""

from __future__ import annotations

UNIX, WINDOWS = "unix", "windows"
UNIX_ONLY = frozenset(
    {"posix", "pwd", "grp", "termios", "tty", "pty", "fcntl", "resource", "syslog", "curses"}
)
# Py_C_RECURSION_LIMIT of a release build, by CPython version and platform
C_RECURSION = {(3, 13): {UNIX: 10000, WINDOWS: 3000}}


def c_recursion_to_spend(impl: str, version: tuple[int, int], platform: str) -> int:
    """How many levels of C recursion a run here must enter before the solution starts, so that
    it has what it would have on ``platform``: 0 where the two limits agree or are not known."""
    limits = C_RECURSION.get(version) if impl == "cpython" else None
    if not limits or platform == UNIX:
        return 0
    return max(0, limits[UNIX] - limits.get(platform, limits[UNIX]))

"""Helper programs (checkers, validators, interactors) run to completion: the one place the kit
starts a program it does not judge.

A judged run (the solution's) goes through ``kit.run.process`` and its launcher, which measure
time and memory; the programs here are the jury's, and need only an end: ``run_program`` runs
one in a process group of its own, its stdin a file or nothing, and kills the whole group at
``timeout`` (then ``hung`` is True). ``kill_group`` and ``signal_name`` serve the interactive
runner too.

Every program a judge would run, the jury's and the solution's, gets the judge's kind of
environment, ``judged_environment()``: ``PATH`` (and where this machine keeps libraries
and scratch files), not the user's variables (a locale of
Latin-1, ``MALLOC_PERTURB_``, a contest's ``LOCAL=1``, ``PYTHONOPTIMIZE=1`` under which a
Python checker's ``assert`` no longer rejects: each changed a verdict). The locale's
character type is ``C.UTF-8``: CPython and PyPy read and write UTF-8, and PyPy 3.9, without
a locale, could not open a script whose path is not ASCII. A variable the user names in
``CPKIT_RUN_ENV`` (``CPKIT_RUN_ENV=LOA_MOVE_TIME``: a local setting of the program under test,
which no judge sets) is passed too, and ``NAME=VALUE`` there sets one for the runs alone
(``CPKIT_RUN_ENV=LOCAL=1``).

API::

    run_program(argv, cwd, timeout, stdin=None) -> (status, stdout, stderr, hung)
    judged_environment() -> dict   # PATH, LC_CTYPE=C.UTF-8, LD_LIBRARY_PATH, TMPDIR
    kill_group(pid)        # SIGKILL a process group started with start_new_session
    signal_name(number) -> "SIGSEGV"
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from pathlib import Path

MACHINE = ("LD_LIBRARY_PATH", "TMPDIR")  # where this machine keeps libraries and scratch files
UTF8 = "C.UTF-8"  # the locale's encoding: without one, PyPy 3.9 takes file names as ASCII
PASSED = "CPKIT_RUN_ENV"  # names of the user's variables to pass to runs all the same


def judged_environment() -> dict[str, str]:
    """The environment of a program a judge runs: ``PATH``, and where this machine keeps its
    libraries (an interpreter or a checker linked against them) and its scratch files, nothing
    else of the user's (see the module doc)."""
    env = {"PATH": os.environ.get("PATH") or os.defpath, "LC_CTYPE": UTF8}
    for entry in [*MACHINE, *os.environ.get(PASSED, "").replace(",", " ").split()]:
        name, given, value = entry.partition("=")
        if given:
            env[name] = value
        elif name in os.environ:
            env[name] = os.environ[name]
    return env


def run_program(
    argv: list[str], cwd: Path, timeout: float, stdin: Path | None = None
) -> tuple[int, bytes, bytes, bool]:
    """Run a program to completion or to ``timeout``; its whole process group is killed then.
    Its stdin is the file ``stdin``, else empty."""
    with contextlib.ExitStack() as stack:
        source = stack.enter_context(open(stdin, "rb")) if stdin else subprocess.DEVNULL
        with subprocess.Popen(
            argv,
            cwd=cwd,
            env=judged_environment(),
            stdin=source,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        ) as process:
            try:
                stdout, stderr = process.communicate(timeout=timeout)
                hung = False
            except subprocess.TimeoutExpired:
                kill_group(process.pid)
                stdout, stderr = process.communicate()
                hung = True
            return process.returncode, stdout, stderr, hung


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def kill_group(pid: int) -> None:
    """SIGKILL the process group led by ``pid`` (started with ``start_new_session``)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)

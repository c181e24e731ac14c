"""Test support (not a test module): whether a process a test started is still running, and
that it ends in time (``alive``, ``assert_ends``), for the tests that check a killed program's
children are gone too; a stand-in for ``os._exit`` that fails a test where the real one would
end the test run; the line that pins a process to the first core the tests may use (not CPU 0
in every cpuset: a container's may leave it out); the launcher run with every fork refused
(``REFUSING``), or copied with a line put in (``launcher_with``: its forked runs slow to set
their groups, ``slow_to_lead``)."""

import contextlib
import os
import signal
import time

import pytest

from kit.run.process import LAUNCHER, WATCH

PIN_FIRST_CORE = "os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})"

# the launcher run as itself, with every fork refused as a user's ``ulimit -u`` refuses one
REFUSING = (
    "import os, runpy, sys\n"
    "def refused():\n"
    "    raise BlockingIOError(11, 'Resource temporarily unavailable')\n"
    "os.fork = refused\n"
    "sys.argv = sys.argv[1:]\n"
    "runpy.run_path(sys.argv[0], run_name='__main__')\n"
)


def kit_ended(status):
    """Put in place of ``os._exit`` by a test (monkeypatch): the kit's process would have
    ended here, with ``status``."""
    pytest.fail(f"os._exit({status!r}) reached the kit's process")


def alive(pid):
    """Whether ``pid`` runs (a zombie, killed and not yet reaped, does not)."""
    if os.path.exists("/proc/self/stat"):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
        except FileNotFoundError:
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def assert_ends(pid, what, seconds=20.0):
    """Fail unless ``pid`` stops running (gone, or a zombie) within ``seconds``; one that
    outlives ``what`` is killed, not left to the next test."""
    deadline = time.monotonic() + seconds
    while alive(pid):
        if time.monotonic() > deadline:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
            raise AssertionError(f"process {pid} outlived {what}")
        time.sleep(0.05)


def launcher_with(folder, after, line, inserted):
    """The launcher copied into ``folder`` with ``inserted`` put before the first ``line``
    after ``after``; the watch's command that runs that copy."""
    text = LAUNCHER.read_text()
    at = text.index(line, text.index(after))
    (folder / "launcher.py").write_text(f"{text[:at]}{inserted}{text[at:]}")
    return [*WATCH[:-1], str(folder)]


def slow_to_lead(folder, after):
    """The launcher copied into ``folder`` with its forked child sleeping 0.5 s before it sets
    its own process group (the line after ``after``): the parent's word comes first."""
    return launcher_with(folder, after, "os.setpgid(0, 0)", "time.sleep(0.5); ")

"""Fixtures of the run tests: the toy problem's bundle under one stand-in, and a crowded core for
the time a run waits for one."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.kit.run.case_support import bundled
from tests.process_support import PIN_FIRST_CORE


def _busy_loops(count: int):
    """``count`` busy loops on the first core the tests may use while the fixture lasts, each in a
    session of its own (a kernel that groups tasks by session for fairness, autogroup, then
    shares the core out as one without it: a run, its own session's, got half the core
    beside three loops of one session, a quarter where autogroup was off); the argv prefix
    that puts a run there too."""
    if not hasattr(os, "sched_setaffinity") or not Path("/proc/self/task").is_dir():
        pytest.skip("needs Linux's affinity and /proc")
    loop = f"import os; {PIN_FIRST_CORE}\nwhile True:\n    pass\n"
    loops = [
        subprocess.Popen([sys.executable, "-c", loop], start_new_session=True) for _ in range(count)
    ]
    try:
        yield [
            sys.executable,
            "-c",
            f"import os, sys; {PIN_FIRST_CORE}; exec(sys.argv[1])",
        ]
    finally:
        for busy in loops:
            busy.kill()
            busy.wait()


@pytest.fixture
def crowded_core():
    """Three busy loops on the first core: a run put there gets a quarter of it at most,
    whatever else the machine does."""
    yield from _busy_loops(3)


@pytest.fixture
def shared_core():
    """One busy loop on the first core: a run put there gets about half of it."""
    yield from _busy_loops(1)


@pytest.fixture
def toy_run(toy, tmp_path):
    """The toy_sum problem, its bundle written, and one stand-in for both of its targets."""
    return bundled(toy, "toy_sum", tmp_path)

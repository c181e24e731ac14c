"""Fixtures of the run tests: a crowded core for the time a run waits for one."""

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.fixture
def crowded_core():
    """Three busy loops on this machine's first core, and the argv prefix that puts a run
    there too: the run gets about a quarter of that core, whatever else the machine does."""
    if not hasattr(os, "sched_setaffinity") or not Path("/proc/self/task").is_dir():
        pytest.skip("needs Linux's affinity and /proc")
    loop = "import os; os.sched_setaffinity(0, {0})\nwhile True:\n    pass\n"
    loops = [subprocess.Popen([sys.executable, "-c", loop]) for _ in range(3)]
    try:
        yield [
            sys.executable,
            "-c",
            "import os, sys; os.sched_setaffinity(0, {0}); exec(sys.argv[1])",
        ]
    finally:
        for busy in loops:
            busy.kill()
            busy.wait()

"""kit.run.game_processes: a game's program started in a session of its own and tracked at
once (the games played to their ends: tests/kit/run/test_interact.py)."""

import subprocess
import sys

from kit import processes
from kit.processes import kill_group
from kit.run.game_processes import start


def test_a_game_s_process_is_tracked_from_its_start(tmp_path):
    """Tracked only once its reaper thread waited for it, a game's process just started was,
    to another thread's sweep after a checker (``end_handed_over``), a process handed to the
    kit, and was killed."""
    process = start(
        [sys.executable, "-c", "import time; time.sleep(30)"], tmp_path, subprocess.DEVNULL, "x"
    )
    try:
        processes.end_handed_over()
        assert process.poll() is None
    finally:
        kill_group(process.pid)
        process.wait()
        processes.untrack(process.pid)

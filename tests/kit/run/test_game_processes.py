"""kit.run.game_processes: a game's program started in a session of its own and tracked at
once (the games played to their ends: tests/kit/run/test_interact.py)."""

import resource
import subprocess
import sys

import pytest

from kit import processes
from kit.errors import BuildError
from kit.launcher import below_hard
from kit.processes import kill_group
from kit.run import game_processes
from kit.run.game_processes import start
from tests.kit.run.hostile import machine_refusals


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


@machine_refusals
def test_a_side_the_machine_has_no_pipe_for_is_the_machine_s_limit(monkeypatch, tmp_path, refusal):
    """A pipe refused under ``ulimit -n``, or the process under ``ulimit -u`` (an interactor:
    'cannot start the interactor ...: Resource temporarily unavailable'), goes up as it is,
    for the command line to name the limit (kit.cli), not as the program that 'cannot start';
    a missing program still is."""

    def refused(*_args, **_kwargs):
        raise refusal

    monkeypatch.setattr(game_processes.subprocess, "Popen", refused)
    with pytest.raises(OSError) as raised:
        start([sys.executable], tmp_path, subprocess.DEVNULL, "solution")
    assert raised.value.errno == refusal.errno and not isinstance(raised.value, BuildError)


def test_the_tail_of_a_solution_s_stderr_file_begins_at_a_whole_line(tmp_path):
    path = tmp_path / "stderr"
    path.write_bytes(b"first line\nsecond\nthird\n")
    with path.open("rb") as file:
        assert game_processes._tail(file, 9) == b"third\n"  # "nd\nthird\n" cut at "nd"
        assert game_processes._tail(file, 13) == b"second\nthird\n"  # from a line's start
        assert game_processes._tail(file, 100) == b"first line\nsecond\nthird\n"


def test_the_interactor_runs_with_an_unlimited_stack_as_the_other_jury_programs(tmp_path):
    """problemtools runs every program with ``RLIMIT_STACK`` unlimited, an interactor as a
    checker (``kit.processes``): the interactor had the kit's own 8 MiB, a validator recursing
    deep on a large input crashing in a game where it passed as a checker."""
    script = "import resource; print(resource.getrlimit(resource.RLIMIT_STACK)[0])"
    process = start(
        [sys.executable, "-c", script], tmp_path, subprocess.DEVNULL, game_processes.INTERACTOR
    )
    try:
        out, _ = process.communicate(timeout=30)
    finally:
        processes.untrack(process.pid)
    assert int(out) == below_hard(resource.RLIMIT_STACK, resource.RLIM_INFINITY)[0]

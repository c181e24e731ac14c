"""kit.run.game_processes: a game's program started in a session of its own and tracked at
once (the games played to their ends: tests/kit/run/test_interact.py)."""

import io
import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kit import processes
from kit.errors import BuildError
from kit.launcher import below_hard
from kit.processes import kill_group
from kit.run import game_processes
from kit.run.game_processes import measured, start, watched
from kit.run.game_verdicts import Exit
from kit.run.limits import Limits
from kit.run.process import run_environment, watch_started
from tests.kit.run.hostile import machine_refusals
from tests.process_support import assert_ends

ROOT = Path(__file__).resolve().parents[3]
LIMITS = Limits(time=60.0, timeout=60.0, memory_kib=0, output_bytes=1 << 20)


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


def test_the_solution_s_watch_is_started_without_a_full_fork_of_the_kit(monkeypatch, tmp_path):
    """A ``preexec_fn`` makes ``subprocess`` fork the whole kit, threads and all (4-5 ms a
    game, docs/stress.md), where without one it uses vfork: the solution's watch has none,
    told the kit's pid to end with it instead; the interactor keeps its own."""
    given = {}

    def seen(argv, **kwargs):
        given[argv[0]] = kwargs["preexec_fn"]
        raise OSError(2, "No such file or directory")

    monkeypatch.setattr(game_processes.subprocess, "Popen", seen)
    command = watched(["solution"], tmp_path / "report", LIMITS, 60.0)
    for argv, role in ((command, "solution"), (["interactor"], game_processes.INTERACTOR)):
        with pytest.raises(BuildError):
            start(argv, tmp_path, subprocess.DEVNULL, role)
    assert given[command[0]] is None and callable(given["interactor"])
    at = command.index("wrap")
    assert command[at + 1 : at + 3] == ["--parent", str(os.getpid())]


KIT = """
import subprocess, sys, time
from pathlib import Path
from kit.run.game_processes import start, watched
from kit.run.limits import Limits
from kit.run.process import run_environment
report = Path(sys.argv[1])
limits = Limits(time=60.0, timeout=60.0, memory_kib=0, output_bytes=1 << 20)
command = watched([sys.executable, "-c", "import time; time.sleep(60)"], report, limits, 60.0)
watch = start(command, report.parent, subprocess.DEVNULL, "solution", run_environment())
print(watch.pid, flush=True)
time.sleep(60)
"""


def test_the_solution_s_watch_and_its_run_end_with_the_kit_killed_outright(tmp_path):
    """The kit killed by SIGKILL (no handler runs) mid-game: the solution's watch, started
    without a ``preexec_fn``, has set its parent-death signal itself, and ends with its run."""
    report = tmp_path / "report"
    kit = subprocess.Popen(
        [sys.executable, "-c", KIT, str(report)],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    watch = int(kit.stdout.readline())
    end = time.monotonic() + 30
    while watch_started(report) is None and time.monotonic() < end:
        time.sleep(0.01)
    run = watch_started(report)
    kit.send_signal(signal.SIGKILL)
    kit.wait(timeout=5)
    assert run is not None
    assert_ends(watch, "the kit")
    assert_ends(run, "the kit")


def test_a_solution_s_exit_is_when_its_watch_reaped_it(tmp_path):
    """Not when the kit reaped the watch, later by whatever the watch did after (its report,
    its exit); never later than that."""
    report = tmp_path / "report"
    command = watched([sys.executable, "-c", "pass"], report, LIMITS, 60.0)
    subprocess.run(command, env=run_environment(), timeout=60, check=True)
    ended_at = json.loads(report.read_text())["ended_at"]
    reaped = Exit(0, time.monotonic())
    measured(reaped, report, io.BytesIO())
    assert reaped.at == ended_at
    sooner = Exit(0, ended_at - 1.0)  # as the kit saw it
    measured(sooner, report, io.BytesIO())
    assert sooner.at == ended_at - 1.0

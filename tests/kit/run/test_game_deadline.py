"""kit.run.game_deadline: when a game's solution is killed, the relay's allowance and the
sides' wait for a core bounded, and the CPU time below a watch that stops it (the games that
live on it: tests/kit/run/test_interact.py)."""

import os
import signal
import subprocess
import sys
import time

import pytest

from kit.run import game_deadline
from kit.run.game_deadline import Deadline, cpu_under
from kit.run.game_relay import Ends


def test_the_relay_s_allowance_is_bounded(monkeypatch):
    """The figure a chunk relayed (30 µs here), at most 10 times the timeout, and none once
    the timeout is past with the solution's CPU time over its limit: a query loop that never
    ended, or a flood, ran to the cap (60 s for a 2 s limit) and a flood's verdict turned
    OLE. (How the allowance is said: tests/kit/run/test_game_verdicts.py.)"""
    cpu = [0.5]
    monkeypatch.setattr(game_deadline, "cpu_under", lambda watch: cpu[0])
    ends = Ends()
    started = time.monotonic() - 5.0  # the 3 s timeout is past
    deadline = Deadline(started, 3.0, True, ends, limit=2.0, per_chunk=30e-6)
    ends.relayed = 20_000
    assert deadline.due() == pytest.approx(started + 3.6) and deadline.watch_timeout == 30.0
    ends.relayed = 10**9
    assert deadline.due() == pytest.approx(started + 30.0)  # at most STRETCH times it
    cpu[0] = 2.5  # over the limit: no allowance
    assert deadline.due() == pytest.approx(started + 3.0)
    deadline.kill(started + 3.4, 0.4)
    deadline.kill(started + 9.0, 5.0)  # the first kill is the one said
    assert deadline.killed_at == started + 3.4 and deadline.added == pytest.approx(0.4)
    stopped = Deadline(started, 3.0, True, ends, limit=2.0, per_chunk=30e-6)
    stopped.kill(started + 5.5, 0.0)  # the CPU over the limit stopped the allowance there
    assert stopped.added == pytest.approx(2.5)  # "killed at the 3 s timeout" said 5.5 s late
    per_move = Deadline(100.0, 3.0, False, ends)
    assert (per_move.due(), per_move.watch_timeout) == (103.0, 3.0)


def test_the_deadline_moves_on_by_what_the_two_sides_waited_for_a_core(monkeypatch):
    """A game timed as a whole gets what its sides waited, ready, for a core other work held,
    as a batch run's deadline does: the solution's processes (below its watch, 7) and the
    interactor's (9 and its child 10), each thread's last reading kept once it ended, no more
    than the solution spent off every core, at most STRETCH times the timeout with the
    relay's allowance, none once its CPU time is past the limit. On a core shared with two busy
    loops a game of 1.2 s of CPU under a 2 s limit was TLE "idle" at its 6 s timeout."""
    below = {7: [8], 9: [10]}
    delays = {8: {"8": (0, 800_000_000)}, 9: {"9": (0, 500_000_000)}, 10: {"10": (0, 10**8)}}
    cpu = [1.0]
    monkeypatch.setattr(game_deadline, "descendants", lambda pid: below.get(pid, []))
    monkeypatch.setattr(game_deadline, "schedstats", lambda pid, threads=None: delays.get(pid, {}))
    monkeypatch.setattr(game_deadline, "cpu_under", lambda watch: cpu[0])
    ends = Ends()
    started = time.monotonic() - 7.0  # the 6 s timeout is past
    deadline = Deadline(started, 6.0, True, ends, limit=2.0, per_chunk=1e-3, watch=7)
    ends.relayed = 100  # 0.1 s for the relay's hops
    assert deadline.due() == pytest.approx(started + 6.9)  # the solution's 0.8 s alone
    deadline.interactor = 9
    assert deadline.due() == pytest.approx(started + 7.5)  # and the interactor's 0.6 s
    delays.pop(10)  # its child ended: its last reading stays
    delays[8] = {"8": (0, 1_000_000_000)}
    assert deadline.due() == pytest.approx(started + 7.7)
    deadline.kill(started + 7.7, deadline.allowance())
    assert (deadline.added, deadline.waited) == (pytest.approx(1.7), pytest.approx(1.6))
    deadline.started = started = time.monotonic() - 2.0  # 2 s into it, the timeout ahead
    cpu[0] = 1.5  # its own busy threads held the cores: 0.5 s off every core, at most
    assert deadline.due() == pytest.approx(started + 6.6, abs=0.02)
    delays[8] = {"8": (0, 90 * 10**9)}  # past the watch's own kill: STRETCH times the timeout
    deadline.started = started = time.monotonic() - 70.0
    assert deadline.due() == pytest.approx(started + 60.0) == started + deadline.watch_timeout
    cpu[0] = 2.5  # over the limit: no allowance
    assert deadline.due() == pytest.approx(started + 6.0)
    per_move = Deadline(started, 6.0, False, ends, watch=7, interactor=9)
    assert per_move.due() == pytest.approx(started + 6.0)  # the interactor's own timing


def test_the_interactor_s_own_wait_for_a_core_is_told_apart(monkeypatch):
    """Of what the sides waited, the interactor's part (its process, 9, and its child, 10,
    each thread's last reading kept), no more than it spent off every core: the verdict reads
    it (a spinning interactor on a loaded machine is busy: kit.run.game_verdicts)."""
    below = {7: [8], 9: [10]}
    delays = {8: {"8": (0, 800_000_000)}, 9: {"9": (0, 500_000_000)}, 10: {"10": (0, 10**8)}}
    monkeypatch.setattr(game_deadline, "descendants", lambda pid: below.get(pid, []))
    monkeypatch.setattr(game_deadline, "schedstats", lambda pid, threads=None: delays.get(pid, {}))
    monkeypatch.setattr(game_deadline, "cpu_under", lambda watch: 0.1)
    started = time.monotonic() - 7.0
    deadline = Deadline(started, 6.0, True, Ends(), limit=2.0, watch=7, interactor=9)
    deadline.allowance()
    delays.pop(10)  # its child ended: its last reading stays
    deadline.allowance()
    assert deadline.interactor_waited(cpu=2.0, seconds=7.0) == pytest.approx(0.6)
    assert deadline.interactor_waited(cpu=6.7, seconds=7.0) == pytest.approx(0.3)  # off cores
    assert Deadline(started, 6.0, True, Ends()).interactor_waited(0.0, 7.0) == 0.0


def test_the_deadline_moves_on_by_what_the_relay_s_threads_waited_for_a_core(monkeypatch):
    """The relay's two threads, in this process, stall the game while they wait for a core
    as the sides do: their run delay is given back too (each read by the thread id the relay
    recorded, the last reading kept once it ended), bounded as the sides' wait is."""
    kit = os.getpid()
    delays = {"101": (0, 300_000_000), "102": (0, 200_000_000), "999": (0, 10**10)}
    read = []

    def schedstats(pid, threads=None):
        read.append((pid, threads))
        return {tid: delays[tid] for tid in threads or [] if tid in delays}

    monkeypatch.setattr(game_deadline, "descendants", lambda pid: [])
    monkeypatch.setattr(game_deadline, "schedstats", schedstats)
    monkeypatch.setattr(game_deadline, "cpu_under", lambda watch: 1.0)
    ends = Ends()
    started = time.monotonic() - 7.0
    deadline = Deadline(started, 6.0, True, ends, limit=2.0, watch=7)
    assert deadline.due() == pytest.approx(started + 6.0)  # no relay yet
    ends.threads += ["101", "102"]  # 999, another game's relay or the kit's own, not read
    assert deadline.due() == pytest.approx(started + 6.5)
    assert read[-1] == (kit, ["101", "102"])
    delays["101"] = (0, 700_000_000)
    delays.pop("102")  # ended: its last reading stays
    assert deadline.due() == pytest.approx(started + 6.9)
    delays["101"] = (0, 90 * 10**9)  # bounded: no more than the time off the solution's CPU
    assert deadline.due() == pytest.approx(started + 12.0, abs=0.05)


SPINS_THEN_SLEEPS = """import time
end = time.process_time() + 0.6
while time.process_time() < end:
    pass
time.sleep(30)
"""


def test_the_cpu_time_under_a_watch_is_read(tmp_path):
    """What stops the allowance: the CPU time of every process below a watch. Here the
    spinning one is a child of the solution, not yet waited for: only the watch's children
    were read (a flood from a forked child ran to 10 times the timeout)."""
    (tmp_path / "spin.py").write_text(SPINS_THEN_SLEEPS)
    runs = "import subprocess, sys; subprocess.run([sys.executable, sys.argv[1]] + sys.argv[2:])"
    (tmp_path / "runs.py").write_text(runs)
    solution = [str(tmp_path / "runs.py"), str(tmp_path / "spin.py")]  # the solution forks
    watch = subprocess.Popen(
        [sys.executable, str(tmp_path / "runs.py"), *solution], start_new_session=True
    )
    try:
        started, spent = time.monotonic(), None
        while time.monotonic() - started < 10 and (spent is None or spent < 0.5):
            time.sleep(0.05)
            spent = cpu_under(watch.pid)
        assert spent is not None and 0.5 <= spent < 1.5, spent
    finally:
        os.killpg(watch.pid, signal.SIGKILL)
        watch.wait()
    assert cpu_under(2**22 + 7) == 0.0  # no such process: nothing below it

"""kit.run.game_relay: the two relays of a game between real processes, what they record and
share, the solution's output limit, and the pipes sized as the judge's (the games played whole:
tests/kit/run/test_interact.py)."""

import fcntl
import os
import subprocess
import sys
import threading

import pytest

from kit.run.game_relay import JOINED_PIPE, Cap, Ends, relay_threads, size_pipes
from kit.run.game_transcript import Transcript

# a solution that asks once, says what it was told and reads the answer to that before it
# ends (ending at once, its output could close before the interactor's last line came, which
# the relay then reports as sent after that); an interactor that answers reversed
SOLUTION = "print('hello', flush=True); print('got', input(), flush=True); input()"
INTERACTOR = "print(input()[::-1], flush=True); print('heard', input())"


def _started(code: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
    )


def _played(cap: Cap) -> tuple[Transcript, Ends, list[subprocess.Popen]]:
    solution, interactor = _started(SOLUTION), _started(INTERACTOR)
    record, ends = Transcript(10), Ends()
    ends.open()
    gone, never_written = os.pipe()  # the interactor's reaping: not read in this game
    threads = relay_threads(solution, interactor, record, ends, cap, gone, problemtools=False)
    for thread in threads:
        thread.start()
    for process in (solution, interactor):
        process.wait(timeout=30)
    for thread in threads:
        thread.join(timeout=30)
    ends.close(threads)
    os.close(gone)
    os.close(never_written)
    return record, ends, [solution, interactor]


def test_each_side_hears_the_other_and_the_transcript_keeps_the_order():
    record, ends, processes = _played(Cap(None))
    assert [process.returncode for process in processes] == [0, 0]
    assert record.result() == ["> hello", "< olleh", "> got olleh", "< heard got olleh"]
    assert ends.ended("solution") and ends.ended("interactor") and ends.first() is not None
    assert ends.relayed >= 3  # the chunks passed on, which the deadline's allowance counts
    # each relay thread's native id, whose wait for a core the deadline's allowance reads
    assert len(set(ends.threads)) == 2 and str(threading.get_native_id()) not in ends.threads


def test_the_solution_s_output_past_its_cap_is_not_passed_on():
    cap = Cap(3)
    record, _, _ = _played(cap)
    assert cap.over.is_set() and cap.seen > 3
    assert "> hello" not in record.result()  # the interactor never heard it


def test_a_cap_counts_until_its_limit_and_none_never_ends():
    cap, free = Cap(10), Cap(None)
    assert cap.add(6) and cap.add(4) and not cap.over.is_set()
    assert not cap.add(1) and cap.over.is_set() and not cap.add(0)
    assert free.add(10**9) and not free.over.is_set()


def test_the_bytes_the_interactor_may_not_have_read_start_again_when_it_writes():
    ends = Ends()
    ends.passed("solution", 5)
    ends.passed("solution", 7)
    assert ends.unanswered == 12
    ends.passed("interactor", 3)
    assert ends.unanswered == 0


@pytest.mark.skipif(not hasattr(fcntl, "F_GETPIPE_SZ"), reason="pipe sizes are Linux's")
def test_each_of_the_four_pipes_holds_half_the_judge_s_joined_pipe():
    solution, interactor = _started("input()"), _started("input()")
    try:
        identities = size_pipes(solution, interactor, problemtools=False)
        streams = (solution.stdin, solution.stdout, interactor.stdin, interactor.stdout)
        sizes = {fcntl.fcntl(stream.fileno(), fcntl.F_GETPIPE_SZ) for stream in streams}
        assert sizes == {JOINED_PIPE // 2} and len(identities) == 4
    finally:
        for process in (solution, interactor):
            process.kill()
            process.wait()
            process.stdin.close()
            process.stdout.close()

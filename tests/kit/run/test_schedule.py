"""kit.run.schedule: verdicts in parallel, the times that matter taken again alone."""

import threading
import time

from kit.run.process import Timing
from kit.run.schedule import RETIME_RUNS, SKIPPED, Job, run_jobs
from kit.run.verdicts import OK, RE, TLE, WA

LIMIT = 1.0


MEET_WITHIN = 10.0  # seconds a run waits for ``meet`` runs at once, at most


class FakeRuns:
    """Each job's runs take the seconds ``times`` gives it; records how many ran at once.
    ``meet``: the first runs wait (``MEET_WITHIN`` at most) until that many run at once, so
    that a scheduler which starts them side by side is seen to, however late a loaded machine
    starts its second thread (a first run's 20 ms could end before it, most 1)."""

    def __init__(self, times, words=None, meet=1):
        self.times, self.words = times, words or {}
        self.lock = threading.Lock()
        self.running = 0
        self.most = 0
        self.calls = []  # (case, runs, others running at the start)
        self.meet, self.met = meet, threading.Event()

    def __call__(self, job, runs):
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
            self.calls.append((job.case_index, runs, self.running - 1))
            if self.running >= self.meet:
                self.met.set()
        if not self.met.wait(MEET_WITHIN):
            self.met.set()  # never met: one wait is enough to tell
        time.sleep(0.02)
        with self.lock:
            self.running -= 1
        seconds = self.times[job.case_index]
        timing = Timing([seconds] * runs)
        word = self.words.get(job.case_index, TLE if seconds > LIMIT else OK)
        return None, timing, word


def schedule(runs, count, parallel, repeat=None, ready=None):
    jobs = [Job(index, ("python",)) for index in range(count)]
    done = run_jobs(
        jobs, runs, parallel=parallel, repeat=repeat, limit_of=lambda job: LIMIT, ready=ready
    )
    return jobs, done


def test_cases_run_side_by_side_and_the_slowest_is_timed_again_alone():
    runs = FakeRuns([0.1, 0.2, 0.3, 0.1], meet=2)
    jobs, done = schedule(runs, 4, parallel=2)
    assert runs.most == 2
    first, again = runs.calls[:4], runs.calls[4:]
    assert sorted(case for case, _, _ in first) == [0, 1, 2, 3]
    assert again == [(2, 1, 0)]  # the slowest, once, with nothing else running
    assert done.retimed_slowest == 1 and done.retimed_near_limit == 0
    assert [job.word for job in jobs] == [OK] * 4


def test_with_repeat_the_slowest_is_timed_again_alone_that_many_times():
    """``--repeat 5`` side by side: the slowest case's figure was one run alone (its median and
    maximum one number), against the N runs every case gets."""
    runs = FakeRuns([0.1, 0.2, 0.3, 0.1])
    jobs, done = schedule(runs, 4, parallel=2, repeat=5)
    assert runs.calls[4:] == [(2, 5, 0)]
    assert len(jobs[2].timing.seconds) == 5 and jobs[2].alone


def test_a_case_over_half_the_limit_is_timed_alone_and_its_median_decides():
    runs = FakeRuns([0.1, 0.7, 1.2, 0.1])
    jobs, done = schedule(runs, 4, parallel=2)
    alone = [call for call in runs.calls[4:] if call[1] == RETIME_RUNS]
    assert sorted(case for case, _, _ in alone) == [1, 2]
    assert all(others == 0 for _, _, others in runs.calls[4:])
    assert done.retimed_near_limit == 2
    assert [job.word for job in jobs] == [OK, OK, TLE, OK]


def test_a_crash_over_half_the_limit_is_timed_alone_and_its_runs_there_decide():
    """A failure by itself past the limit is a time-out, within it a run error: one timed
    beside another case at 1.2 s (TLE) and one at 0.7 s (RE) run again alone, and the words
    of those runs are theirs; a crash at 0.3 s, which its time cannot turn, is not."""
    runs = FakeRuns([1.2, 0.7, 0.3], words={0: TLE, 1: RE, 2: RE})
    alone = {0: RE, 1: TLE}  # as the runs alone judged them (kit.run.case_judge's median)

    def judged(job, count):
        outcome, timing, word = runs(job, count)
        return outcome, timing, alone.get(job.case_index, word) if count > 1 else word

    jobs, done = schedule(judged, 3, parallel=2)
    assert sorted(case for case, count, _ in runs.calls[3:] if count == RETIME_RUNS) == [0, 1]
    assert done.retimed_near_limit == 2
    assert [job.word for job in jobs] == [RE, TLE, RE]
    assert [job.alone for job in jobs] == [True, True, False]


def test_the_report_says_how_many_runs_decided_a_case_near_the_limit():
    """``--repeat N`` re-times with N runs: the line said "the median of 3" whatever N was."""
    _, done = schedule(FakeRuns([0.1, 0.7]), 2, parallel=2)
    assert done.describe().endswith(f"re-timed alone, the median of {RETIME_RUNS} deciding")
    _, done = schedule(FakeRuns([0.1, 0.7]), 2, parallel=2, repeat=5)
    assert done.describe().endswith("re-timed alone, the median of 5 deciding")
    _, done = schedule(FakeRuns([0.1, 0.7]), 2, parallel=2, repeat=1)
    assert done.describe().endswith("re-timed alone, once")


def test_a_wrong_answer_is_not_timed_again():
    runs = FakeRuns([0.9, 0.1], words={0: WA})
    schedule(runs, 2, parallel=2)
    assert 0 not in [case for case, _, _ in runs.calls[2:]]


def test_one_at_a_time_repeats_only_what_is_near_the_limit():
    runs = FakeRuns([0.1, 0.8])
    _, done = schedule(runs, 2, parallel=1)
    assert runs.most == 1
    assert runs.calls == [(0, 1, 0), (1, 1, 0), (1, RETIME_RUNS, 0)]
    assert done.retimed_slowest == 0


def test_a_forced_repeat_runs_every_case_that_many_times():
    runs = FakeRuns([0.1, 0.2])
    schedule(runs, 2, parallel=1, repeat=5)
    assert runs.calls == [(0, 5, 0), (1, 5, 0)]


def test_a_game_timed_per_move_is_never_timed_again():
    runs = FakeRuns([40.0, 30.0])
    jobs = [Job(index, ("python",)) for index in range(2)]
    run_jobs(jobs, runs, parallel=2, repeat=None, limit_of=lambda job: float("inf"))
    assert len(runs.calls) == 2


def test_a_job_ready_refuses_is_skipped_never_run_nor_timed_again():
    runs = FakeRuns([0.1, 0.7, 0.3, 0.9])
    jobs, done = schedule(runs, 4, parallel=2, ready=lambda job: job.case_index % 2 == 0)
    assert sorted({case for case, _, _ in runs.calls}) == [0, 2]
    assert [job.word for job in jobs] == [OK, SKIPPED, OK, SKIPPED]
    assert done.retimed_near_limit == 0  # 0.7 and 0.9 were over half the limit, but refused


def test_once_ready_refuses_nothing_is_timed_again():
    """The checks failed while the first runs ran: their times no longer matter."""
    runs = FakeRuns([0.1, 0.7, 0.3, 0.9])

    def closing(job, count):
        answer = runs(job, count)
        if len(runs.calls) == 4:
            state["open"] = False
        return answer

    state = {"open": True}
    _, done = schedule(closing, 4, parallel=2, ready=lambda job: state["open"])
    assert len(runs.calls) == 4
    assert done.retimed_near_limit == 0 and done.retimed_slowest == 0


def test_each_job_says_whether_its_time_was_taken_alone():
    runs = FakeRuns([0.1, 0.7, 0.3, 0.1])
    jobs, _ = schedule(runs, 4, parallel=2)
    assert [job.alone for job in jobs] == [False, True, False, False]  # 0.7: over half the limit
    runs = FakeRuns([0.1, 0.2, 0.3, 0.1])
    jobs, _ = schedule(runs, 4, parallel=2)
    assert [job.alone for job in jobs] == [False, False, True, False]  # the slowest, again
    jobs, _ = schedule(FakeRuns([0.1, 0.2]), 2, parallel=1)
    assert [job.alone for job in jobs] == [True, True]  # one at a time


class Warming(FakeRuns):
    """A case whose first run takes ``first`` seconds and every later run ``then``."""

    def __init__(self, first, then):
        super().__init__([first])
        self.then = then

    def __call__(self, job, runs):
        answer = super().__call__(job, runs)
        self.times = [self.then]
        return answer


def test_a_first_run_over_the_limit_far_above_its_runs_alone_is_unsteady():
    """A cache left in /tmp by the first run (2.6 s against 1 s) makes the runs alone fast:
    the median alone decides, and the schedule lists the job with its first time."""
    jobs, done = schedule(Warming(2.6, 0.05), 1, parallel=2)
    assert jobs[0].word == OK
    assert [(job.case_index, first) for job, first in done.unsteady] == [(0, 2.6)]
    jobs, done = schedule(Warming(1.2, 0.7), 1, parallel=2)  # contention can explain that
    assert done.unsteady == []


def test_an_interrupt_leaves_at_once_and_starts_no_more_runs():
    """Ctrl-C while runs go side by side: the pool waited for the run under way (a case
    killed only at 3 x its limit) and then ran every queued case; now nothing waits."""
    started = []
    release = threading.Event()

    def run(job, runs):
        started.append(job.case_index)
        if job.case_index == 0:
            raise KeyboardInterrupt
        release.wait(10)  # a run under way, ending only at its kill time
        return None, Timing([0.1] * runs), OK

    jobs = [Job(index, ("python",)) for index in range(6)]
    begun = time.monotonic()
    try:
        run_jobs(jobs, run, parallel=2, repeat=1, limit_of=lambda job: LIMIT)
    except KeyboardInterrupt:
        elapsed = time.monotonic() - begun
    finally:
        release.set()
    assert elapsed < 5
    time.sleep(0.1)
    assert len(started) <= 3, started  # those under way, and none queued after them

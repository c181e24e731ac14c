"""Which runs a check makes and when: verdicts in parallel, the times that matter taken alone.

A check is a list of jobs, one per case and runner. ``run_jobs`` runs them in two passes:

1. **Verdicts**, ``jobs`` at a time (default: the cores this process may use): every job once,
   or ``repeat`` times when the user forces it (``--repeat N``).
2. **Times that matter, alone** (nothing else running): a job whose time could turn its verdict
   (accepted, failed on its median alone, or failed by itself, a crash past the limit being a
   time-out, with a time over half the limit) runs again
   ``RETIME_RUNS`` times (or ``repeat``), and those runs' median decides; the slowest accepted
   job of each runner runs once more alone (``repeat`` times when given) when the first pass
   ran jobs side by side, so the figure the report gives was taken with the machine to itself.
   ``Job.alone`` says which timings were taken alone: a time taken side by side reads slower,
   and is not a figure.

With ``first_failure`` (``--first-failure``: as a judge that stops at a submission's first
failing case) a job is not started, nor re-timed, once a job of its runner with a smaller case
index has failed: it ends with the word ``SKIPPED`` and no outcome.

``ready(job)``, when given, is asked before a job starts in the first pass and may wait (the
build's checks, still running beside the first runs, decide whether a runner's cases may run);
a job it refuses ends with the word ``SKIPPED`` and no outcome, and is never re-timed.
``quiet()``, when given, returns once that other work is done: it is called before the times
that matter are taken alone, and before the first pass when that pass runs one job at a time
(its times are then the figures).

A job whose limit is ``math.inf`` (a game timed per move by its interactor) is never re-timed.
A job killed at the timeout (``kit.run.limits``: 3 times the limit) keeps its verdict: no
contention from one other run makes a program three times slower. With ``jobs == 1`` the first
pass already ran alone, so only the jobs near the limit are repeated. A job whose first run was
over the limit and whose runs alone all took under a third of that time is listed in
``Schedule.unsteady``: the judge runs a case once, and a time that depends on what an earlier
run left (a cache in ``/tmp``) is the first run's there.

API::

    Job(case_index, key)                       # key: the runner group
    run_jobs(jobs, run, *, parallel, repeat, limit_of, first_failure=False, ready=None,
             quiet=None) -> Schedule
    cores() -> int
    side_by_side(function, items, parallel) -> list   # Ctrl-C waits for none of them
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from kit.run.process import Timing
from kit.run.verdicts import OK, RE, TLE

RETIME_RUNS = 3  # runs of a job near the limit, alone; their median decides
UNSTEADY_FACTOR = 3  # a first run over the limit this many times its slowest run alone: no
# contention from the runs beside it explains that (see ``Schedule.unsteady``)
SKIPPED = "skipped"  # a job not run: after its runner's first failure, or refused by ready


@dataclass
class Job:
    case_index: int
    key: tuple
    word: str = OK  # the verdict so far
    timing: Timing = field(default_factory=Timing)
    outcome: object = None  # what ``run`` returned with the timing
    alone: bool = False  # its timing was taken with nothing else of the check running


@dataclass
class Schedule:
    """How the times were taken, for the report."""

    parallel: int
    retimed_near_limit: int = 0  # jobs re-timed alone because their time could turn the verdict
    runs: int = RETIME_RUNS  # the runs of each such job (``--repeat``'s, when given)
    retimed_slowest: int = 0  # the slowest job of each runner, timed again alone
    # jobs whose first run was over the limit and every run alone far below it (a time that
    # depends on what an earlier run left, or on the machine), with that first run's time
    unsteady: list[tuple[Job, float]] = field(default_factory=list)

    def describe(self) -> str:
        if self.parallel <= 1:
            how = "times: one case at a time"
        else:
            how = f"times: verdicts with {self.parallel} cases at a time"
        if self.parallel > 1 and self.retimed_slowest:
            how += "; the slowest case of each target timed again alone"
        if self.retimed_near_limit:
            deciding = f"the median of {self.runs} deciding" if self.runs > 1 else "once"
            how += (
                f"; {self.retimed_near_limit} run(s) over half the limit re-timed alone, {deciding}"
            )
        return how


Run = Callable[[Job, int], tuple[object, Timing, str]]  # (job, runs) -> (outcome, timing, word)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def side_by_side(function: Callable, items: list, parallel: int) -> list:
    """``function(item)`` for every item, ``parallel`` at a time, the answers in order; on
    Ctrl-C nothing waits for the calls under way, and none starts."""
    pool = ThreadPoolExecutor(max_workers=parallel)
    try:
        answers = list(pool.map(function, items))
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return answers


def run_jobs(
    jobs: list[Job],
    run: Run,
    *,
    parallel: int,
    repeat: int | None,
    limit_of: Callable[[Job], float],
    first_failure: bool = False,
    ready: Callable[[Job], bool] | None = None,
    quiet: Callable[[], None] | None = None,
) -> Schedule:
    """Run every job (see the module doc); each job ends with its outcome, timing and word."""
    parallel = max(1, min(parallel, len(jobs))) if jobs else 1
    failed = _Failed(first_failure)

    def live(job: Job) -> bool:
        return not failed.before(job) and (ready is None or ready(job))

    def first(job: Job) -> tuple[object, Timing, str]:
        if not live(job):
            return None, Timing(), SKIPPED
        answer = run(job, repeat or 1)
        failed.add(job, answer[2])
        return answer

    if parallel == 1:
        if quiet is not None:
            quiet()
        for job in jobs:
            _take(job, first(job))
            job.alone = job.word != SKIPPED
    else:
        for job, answer in zip(jobs, side_by_side(first, jobs, parallel)):
            _take(job, answer)
        if quiet is not None:
            quiet()
    runs = repeat or RETIME_RUNS
    schedule = Schedule(parallel, runs=runs)
    for job in jobs:
        if not live(job):
            continue
        if _near_limit(job, limit_of(job)) and (parallel > 1 or len(job.timing.seconds) < runs):
            _retime(job, run, runs, limit_of(job), schedule)
            failed.add(job, job.word)
    if parallel > 1:
        for job in _slowest_per_runner([job for job in jobs if live(job)], limit_of):
            if not job.alone:  # --repeat N: its N runs alone (one run put median and max as one)
                _take(job, run(job, repeat or 1))
                job.alone = True
                schedule.retimed_slowest += 1
    return schedule


class _Failed:
    """The first failing case of each runner so far, when stopping there (``first_failure``)."""

    def __init__(self, active: bool) -> None:
        self.active = active
        self.lock = threading.Lock()
        self.first: dict[tuple, int] = {}

    def add(self, job: Job, word: str) -> None:
        if self.active and word != OK:
            with self.lock:
                self.first[job.key] = min(self.first.get(job.key, job.case_index), job.case_index)

    def before(self, job: Job) -> bool:
        """Whether a case before ``job``'s has failed under its runner."""
        with self.lock:
            return self.active and self.first.get(job.key, math.inf) < job.case_index


def _take(job: Job, answer: tuple[object, Timing, str]) -> None:
    job.outcome, job.timing, job.word = answer


def _retime(job: Job, run: Run, runs: int, limit: float, schedule: Schedule) -> None:
    """``job`` run ``runs`` times alone, their timing its own; unsteady when its first run
    was over ``limit`` and its runs alone far below that."""
    first = job.timing.max
    _take(job, run(job, runs))
    job.alone = True
    schedule.retimed_near_limit += 1
    if first > limit and job.timing.seconds and job.timing.max * UNSTEADY_FACTOR < first:
        schedule.unsteady.append((job, first))


def _near_limit(job: Job, limit: float) -> bool:
    """Whether the job's time could turn its verdict: accepted, failed on its median alone,
    or failed by itself (a run error, or a time-out for failing past the limit: its time
    decides which, ``kit.run.limits.exceeded``), with a time over half the limit."""
    timed = job.word == OK or (job.word in (TLE, RE) and job.timing.seconds)
    return bool(timed and job.timing.seconds and job.timing.median > limit / 2)


def _slowest_per_runner(jobs: list[Job], limit_of: Callable[[Job], float]) -> list[Job]:
    """The slowest accepted job of each runner whose limit is a time limit."""
    slowest: dict[tuple, Job] = {}
    for job in jobs:
        if job.word != OK or not job.timing.seconds or limit_of(job) == math.inf:
            continue
        best = slowest.get(job.key)
        if best is None or job.timing.median > best.timing.median:
            slowest[job.key] = job
    return list(slowest.values())

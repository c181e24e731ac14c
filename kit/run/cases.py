"""Stage 5, run: every case under every target, as the judge runs it.

Each target runs under its own interpreter when one is here (``kit.judges.targets.runner_for``);
targets without one share a stand-in, the Python running the kit (without 3.11's int-digit
limit when no target has it). Targets served by the same interpreter run once. Every case runs
under every runner even after a failure elsewhere, so the result says which target failed which
case; a case that failed, or whose first run is over the limit, is not repeated under that
runner. A run is killed at ``kill_factor`` times the time limit; with ``cut_after_kill`` (a
build's), once a run was killed there, the runner's later runs at twice the limit, where a run
is a time-out by itself (``kit.run.limits.after_a_kill``).

Each case is run and judged as the problem's judge does it (``kit.run.case_judge``: a fresh
process from an empty folder, its output compared, or its game played with the interactor);
an interactive problem without an interactor must start and end cleanly on empty input (and
then fails the build all the same: ``kit.building.pipeline``). A checker, validator or interactor
written in C or C++ is compiled before the first run. Cases run side by side, and the times
that matter are taken alone (``kit.run.schedule``).

With ``first_failure`` (``--first-failure``) each target stops at its first failing case, in
the order of the cases (a package's: the judge's), as a judge stops a submission: later cases
are not run, and the report counts them as such ("0/3 cases (1 WA, 2 not run)", and a note).

Failures are told in the author's terms: a traceback's lines in the solution's part of the
bundle are mapped back to ``solutions/<slug>.py`` (``kit.run.tracebacks``), and usual mistakes
get a hint (``kit.run.failure_hints``).
"""

from __future__ import annotations

import contextlib
import math
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from kit.bundle.assemble import Bundle
from kit.judges import compile_run
from kit.judges.profiles import judge_name
from kit.judges.targets import Runner, Target
from kit.problem_cases import Case
from kit.registry import Problem
from kit.run import compile_step
from kit.run.case_judge import Outcome
from kit.run.game_verdicts import allowances_told, without_allowance
from kit.run.limit_warnings import memory_warning, time_warning
from kit.run.limits import (
    KILL_FACTOR,
    Limits,
    after_a_kill,
    limits_for,
    machine_notes,
)
from kit.run.problem_judges import compiled_judges
from kit.run.process import Timing
from kit.run.schedule import SKIPPED, Job, Schedule, cores, run_jobs
from kit.run.thread_judges import ThreadJudges
from kit.run.tracebacks import without_markers
from kit.run.verdicts import (
    MLE,
    OK,
    TLE,
    count_line,
)


@dataclass(frozen=True)
class Step:
    """A run starting, for ``RunOptions.progress``: ``str(step)`` the terminal's live line
    (``toy_sum: run 3 of 4, CPython 3.8``), the counts where the problem's runs are, for a
    log's line (``kit.building.heartbeat``)."""

    slug: str
    runner: str  # the label of the runner starting it
    again: bool  # a run whose time matters, taken again alone
    started: int  # the first runs started so far (one per case and runner), this one included
    runs: int  # the first runs planned
    cases: int
    ended: tuple[tuple[str, int], ...]  # each runner's label, and its first runs ended
    retimes: int = 0  # the runs timed again alone so far, this one included

    def __str__(self) -> str:
        said = "timed again alone" if self.again else f"run {self.started} of {self.runs}"
        return f"{self.slug}: {said}, {self.runner}"


Progress = Callable[[Step], None]


@dataclass
class Failure:
    case: str
    labels: list[str]  # the targets that failed it this way
    message: str
    details: list[str] = field(default_factory=list)  # traceback tail, hints
    input: Path | None = None
    expected: bytes | None = None
    got: bytes | None = None
    word: str = ""  # its verdict, a word of kit.run.verdicts
    stderr: bytes = b""  # what the solution wrote there (its debug lines, for --diff)
    got_cut: bool = False  # ``got`` is the head kept of a stdout past the output limit
    # each target's own message (its label, its message), where ``message`` tells them as one
    own: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Column:
    """One target's results."""

    target: Target
    runner: Runner
    static_only: bool  # no interpreter of the target's own version here
    unrun: str = ""  # why the cases did not run: an older stand-in the bundle is not valid for
    # why the nearer stand-in did not run them, when this one ran them instead
    # (``kit.judges.targets.fallback_for``): its interpreter's label, and what it could not run
    passed_over: tuple[str, str] | None = None
    slowest: Timing = field(default_factory=Timing)
    peak_kib: int = 0
    failed: set[str] = field(default_factory=set)


@dataclass
class Verdict:
    case: str
    label: str
    word: str  # a word of kit.run.verdicts: "ok", "WA", "TLE", ...
    seconds: float
    said: str = ""  # what an accepting checker or interactor said
    alone: bool = True  # its time is a figure: taken with nothing else of the check running
    # what a Kattis validator wrote to score.txt, or a testlib checker's points (kit.judges.compare)
    score: str | None = None
    wall: float | None = None  # its runs' slowest wall clock, where each was timed (Timing.wall)
    cpu: float | None = None  # and their largest CPU time (Timing.cpu)


@dataclass
class Ran:
    columns: list[Column]
    total: int = 0
    not_run: int = 0  # cases no target ran (``--first-failure`` stopped every target before)
    failures: list[Failure] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    schedule: Schedule | None = None  # how the times were taken

    @property
    def passed(self) -> int:
        if not self.columns:  # no target ran a case
            return 0
        failed = set().union(*(column.failed for column in self.columns))
        return self.total - len(failed) - self.not_run

    def add(self, other: Ran) -> None:
        """``other``'s columns and runs (of the same cases) with these."""
        if not self.columns:
            self.not_run = other.not_run
        elif other.columns:
            self.not_run = min(self.not_run, other.not_run)
        self.columns += other.columns
        self.failures += other.failures
        self.verdicts += other.verdicts
        self.warnings += [note for note in other.warnings if note not in self.warnings]
        self.schedule = self.schedule or other.schedule

    @property
    def counts(self) -> str:
        """The failing verdicts, each case counted once per verdict, and the cases not run:
        ``"1 WA, 2 TLE, 3 not run"``."""
        line = count_line(word for _, word in {(v.case, v.word) for v in self.verdicts})
        not_run = f"{self.not_run} not run" if self.not_run else ""
        return ", ".join(part for part in (line, not_run) if part)


class Gate(Protocol):
    """Whether a group of columns (one runner) may run its cases: the build's checks, running
    beside the first runs, decide. A group it refuses is left out of the results, its columns
    too; the groups that may wait for it start after the others. Nothing runs beside the times
    that are figures: the retimes alone, a first pass one job at a time, and games timed per
    move wait for ``settle``."""

    def settle(self) -> None:
        """Return once the work beside the runs (the checks) is done."""
        ...

    def waits(self, group: list[Column]) -> bool:
        """Whether ``admits`` may wait for the group."""
        ...

    def admits(self, group: list[Column]) -> bool:
        """Whether the group's cases may run (asked before each one starts)."""
        ...


@dataclass(frozen=True)
class RunOptions:
    """How a check runs its cases (``kit.run.schedule``): ``jobs`` at a time (None: the
    cores), the times that matter taken alone; ``repeat`` forces that many runs of every
    case; ``first_failure`` stops each runner at its first failing case; ``gate``, when given,
    says whether the cases of a group of columns (one runner) may run (``Gate``)."""

    repeat: int | None = None
    jobs: int | None = None
    kill_factor: float = KILL_FACTOR
    first_failure: bool = False
    progress: Progress | None = None
    gate: Gate | None = None
    # the folder of a submission of several files, every file of which goes beside the script
    beside: Path | None = None
    # the output's size judged after the run's time and exit, as problemtools judges a Kattis
    # package's submissions (``verify``; ``Limits.output_last``)
    output_last: bool = False
    # the factor of the time limit the runs are judged at, as ``verify`` judges a time-limit
    # submission at the limit x the margin (``kit.run.limits.limits_for``'s ``judged_at``)
    judged_at: float = 1.0
    # the problem is scored by its checker's points: a testlib checker's quitp (exit status 7)
    # accepts, as ``verify`` judges a Polygon scoring problem; else it is a wrong answer
    scored_points: bool = False
    # once a run of a runner is killed at the timeout, its later runs are killed at twice the
    # limit (``kit.run.limits.after_a_kill``: their verdict the same), as a build runs them
    cut_after_kill: bool = False

    @property
    def slots(self) -> int:
        """Runs at a time."""
        return cores() if self.jobs is None else self.jobs


DEFAULT_OPTIONS = RunOptions()


@dataclass
class _Plan:
    """What ``run_all`` runs: the cases, the columns grouped by command, each group's limits
    and one job per case and group."""

    cases: list[Case]
    groups: dict[tuple[str, ...], list[Column]]
    limits: dict[tuple[str, ...], Limits]
    jobs: list[Job]


def run_all(
    problem: Problem,
    bundle: Bundle | None,
    script: Path,
    cases: list[Case],
    columns: list[Column],
    *,
    options: RunOptions | None = None,
) -> Ran:
    """Every case under every column's runner, as ``options`` say."""
    options = options or DEFAULT_OPTIONS
    ran = Ran(columns, total=len(cases))
    groups: dict[tuple[str, ...], list[Column]] = {}
    for column in columns:
        groups.setdefault(tuple(column.runner.command(script)), []).append(column)
    comparator, interactor = compiled_judges(problem, options.scored_points)
    limits = {
        key: limits_for(
            problem,
            group[0].runner,
            options.kill_factor,
            output_last=options.output_last,
            judged_at=options.judged_at,
        )
        for key, group in groups.items()
    }
    for notes in map(machine_notes, limits.values()):
        ran.warnings += [note for note in notes if note not in ran.warnings]
    if problem.kind == "interactive" and interactor is None:
        cases = [Case(f"{problem.rel(problem.dist)} on empty input", Path("/dev/null"), None)]
    plan = _Plan(cases, groups, limits, [Job(i, key) for i in range(len(cases)) for key in groups])
    with contextlib.ExitStack() as stack:
        prepared = _compile_steps(problem, bundle, script, groups, stack, ran)
        judges = stack.enter_context(
            ThreadJudges(problem, bundle, script, comparator, interactor, options.beside, prepared)
        )
        ran.schedule = _run_plan(plan, judges, problem.slug, options)
    if options.gate is not None:
        plan.jobs = _admitted(ran, plan.jobs, groups, options.gate)
    if options.first_failure:
        plan.jobs = _until_first_failure(ran, plan.jobs)
    _record_plan(ran, plan)
    ran.warnings += _unsteady_warnings(ran.schedule, plan)
    over = {v.label for v in ran.verdicts if v.word == MLE}  # the failure says it already
    for column in ran.columns:
        if column.target.label in over:
            continue
        limit = limits[tuple(column.runner.command(script))]
        warning = memory_warning(column.peak_kib, column.runner, limit)
        if warning and warning not in ran.warnings:  # targets one interpreter ran: said once
            ran.warnings.append(warning)
    return ran


def _compile_steps(
    problem: Problem,
    bundle: Bundle | None,
    script: Path,
    groups: dict[tuple[str, ...], list[Column]],
    stack: contextlib.ExitStack,
    ran: Ran,
) -> dict[tuple[str, ...], compile_step.Prepared]:
    """The judge's compile run of the bundle (``kit.run.compile_step``) once per runner, in
    folders that last while ``stack`` does; a note for each in ``ran``."""
    runners = [group[0].runner for group in groups.values()]
    if not compile_run.judge_runs(problem.judge):
        return {}
    folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="kit-compile-")))
    trees = compile_step.trees_of(bundle, script)
    steps = compile_step.prepare_all(problem, runners, script, folder, trees)
    for key, group in groups.items():
        step = steps.get(key)
        if step is not None:
            labels = ", ".join(column.target.label for column in group)
            ran.warnings.append(step.note(labels, judge_name(problem.judge)))
    return steps


def _run_plan(plan: _Plan, judges: ThreadJudges, slug: str, options: RunOptions) -> Schedule:
    """Runs the plan's jobs (the groups that do not wait for the gate first)."""
    groups, limits, gate = plan.groups, plan.limits, options.gate
    order = plan.jobs
    if gate is not None:
        order = sorted(order, key=lambda j: gate.waits(groups[j.key]))
        if any(limit.per_move for limit in limits.values()):
            gate.settle()  # a game's moves are timed as they are played: nothing beside them
    started: set[int] = set()  # the jobs run once: a job run again is being re-timed
    ended = {key: 0 for key in groups}  # each group's first runs ended
    retimes = 0
    killed: set[tuple[str, ...]] = set()  # the groups a run of which was killed at the timeout
    lock = threading.Lock()

    def run(job: Job, runs: int) -> tuple[Outcome, Timing, str]:
        nonlocal retimes
        runner = groups[job.key][0].runner
        with lock:
            again = id(job) in started
            started.add(id(job))
            retimes += again
            step = Step(
                slug, runner.label, again, len(started), len(plan.jobs), len(plan.cases),
                tuple((groups[key][0].runner.label, count) for key, count in ended.items()),
                retimes,
            )  # fmt: skip
        if options.progress is not None:
            options.progress(step)
        case = plan.cases[job.case_index]
        held = after_a_kill(limits[job.key]) if job.key in killed else limits[job.key]
        outcome, timing = judges.get().repeat(case, runner, held, runs)
        with lock:
            ended[job.key] += not again
            if options.cut_after_kill and outcome.word == TLE and not timing.seconds:
                killed.add(job.key)  # killed at its timeout: no run's time to count
        return outcome, timing, outcome.word

    return run_jobs(
        order,
        run,
        parallel=options.slots,
        repeat=options.repeat,
        limit_of=lambda job: math.inf if limits[job.key].per_move else limits[job.key].time,
        first_failure=options.first_failure,
        ready=None if gate is None else lambda job: gate.admits(groups[job.key]),
        quiet=None if gate is None else gate.settle,
    )


def _unsteady_warnings(schedule: Schedule | None, plan: _Plan) -> list[str]:
    """A warning for each job whose first run was over the limit and its runs alone far
    under it (``Schedule.unsteady``): the median alone decided, where a judge runs once."""
    warnings = []
    for job, first in schedule.unsteady if schedule is not None else []:
        case, runner = plan.cases[job.case_index], plan.groups[job.key][0].runner
        warnings.append(
            f"warning: {case.name} took {first:.3f} s under {runner.label} on its first run, "
            f"over the {plan.limits[job.key].time:g} s limit, and at most "
            f"{job.timing.max:.3f} s run again alone: a time that depends on what an earlier "
            "run left (a cache in /tmp) or on other work on this machine; a judge runs it once"
        )
    return warnings


def _record_plan(ran: Ran, plan: _Plan) -> None:
    """Each job's outcome into ``ran``; a time is a figure only where it is comparable."""
    timed_alone = {job.key for job in plan.jobs if job.alone and job.word == OK}
    for job in plan.jobs:
        case, group = plan.cases[job.case_index], plan.groups[job.key]
        # an accepted time taken side by side is no figure beside one of its runner's taken alone
        figure = job.alone or job.word != OK or job.key not in timed_alone
        limits = plan.limits[job.key]
        _record(ran, case, group, job.outcome, timing=job.timing, limits=limits, figure=figure)


def _admitted(
    ran: Ran, planned: list[Job], groups: dict[tuple, list[Column]], gate: Gate
) -> list[Job]:
    """The jobs of the groups the gate let run; the refused groups' columns leave ``ran``."""
    refused = {key for key, group in groups.items() if not gate.admits(group)}
    gone = {id(column) for key in refused for column in groups[key]}
    ran.columns = [column for column in ran.columns if id(column) not in gone]
    return [job for job in planned if job.key not in refused]


def _until_first_failure(ran: Ran, planned: list[Job]) -> list[Job]:
    """The jobs up to each runner's first failing case (that one included), that ran; the
    cases no runner reached are counted as not run, and a note says how many."""
    first: dict[tuple, int] = {}
    for job in planned:
        if job.word not in (OK, SKIPPED):
            first[job.key] = min(first.get(job.key, job.case_index), job.case_index)
    kept = [
        job
        for job in planned
        if job.word != SKIPPED and job.case_index <= first.get(job.key, job.case_index)
    ]
    ran.not_run = ran.total - len({job.case_index for job in kept})
    if ran.not_run:
        ran.warnings.append(
            "note: stopped at the first failure (--first-failure): "
            f"{ran.not_run} of {ran.total} cases not run"
        )
    return kept


def _record(
    ran: Ran,
    case: Case,
    group: list[Column],
    outcome: Outcome,
    *,
    timing: Timing,
    limits: Limits,
    figure: bool = True,
) -> None:
    """One job's verdict into ``ran``; its time into the columns' slowest when it is a
    ``figure`` (taken alone, or the only kind its runner has)."""
    labels = [column.target.label for column in group]
    seconds = timing.median if timing.seconds else outcome.seconds
    said = outcome.message if outcome.word == OK else ""
    wall = max(timing.wall) if len(timing.wall) == len(timing.seconds) and timing.wall else None
    cpu = max(timing.cpu) if wall is not None and len(timing.cpu) == len(timing.wall) else None
    ran.verdicts += [
        Verdict(case.name, label, outcome.word, seconds, said, figure, outcome.score, wall, cpu)
        for label in labels
    ]
    if not timing.seconds and outcome.word == TLE:  # killed at the timeout: that is its time
        timing = Timing([outcome.seconds], peak_kib=timing.peak_kib)
    for column in group:  # every case counts in the slowest and the peak, a TLE and MLE included
        if figure and timing.seconds and timing.median >= column.slowest.median:
            column.slowest = timing
        column.peak_kib = max(column.peak_kib, timing.peak_kib)
    if outcome.word != OK:
        for column in group:
            column.failed.add(case.name)
        _add_failure(ran, case, labels, outcome)
        return
    warning = time_warning(case.name, timing.median, group[0].runner.label, limits)
    if warning is not None:
        ran.warnings.append(warning)


def _add_failure(ran: Ran, case: Case, labels: list[str], outcome: Outcome) -> None:
    """A case's failure into ``ran``: one told already for another target, in the same words
    (a traceback's position markers aside: CPython's, not PyPy's; a game's timeout moved on by
    other figures too, each target's told: ``allowances_told``), gets the new labels."""
    alike = (case.name, without_allowance(outcome.message), without_markers(outcome.details))
    own = [(label, outcome.message) for label in labels]
    for failure in ran.failures:
        told = (failure.case, without_allowance(failure.message), without_markers(failure.details))
        if told == alike:
            failure.labels += labels
            failure.own += own
            failure.message = allowances_told(failure.own)
            return
    expected = case.expected.read_bytes() if case.expected is not None else None
    ran.failures.append(
        Failure(
            case.name,
            list(labels),
            outcome.message,
            outcome.details,
            case.input,
            expected,
            outcome.got,
            outcome.word,
            outcome.stderr,
            outcome.got_cut,
            own,
        )
    )

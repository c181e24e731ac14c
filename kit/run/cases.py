"""Stage 5, run: every case under every target, as the judge runs it.

Each target runs under its own interpreter when one is here (``kit.judges.targets.runner_for``);
targets without one share a stand-in, the Python running the kit (without 3.11's int-digit
limit when no target has it). Targets served by the same interpreter run once. Every case runs
under every runner even after a failure elsewhere, so the result says which target failed which
case; a case that failed, or whose first run is over the limit, is not repeated under that
runner. A run is killed at ``kill_factor`` times the time limit.

A run is a fresh process started from an empty directory (a Kattis case's ``NAME.files`` and
``args`` given it, and a package's included files with a copy of the script run there; for a
judge that runs the bundle once before its cases, AtCoder's compile run, a copy of what that
run left, ``kit.run.compile_step``; emptied after each run) with the interpreter's isolation
flags (the user's environment not loaded), the limits of ``kit.run.limits``, stdin the
case's input, started as its judge starts it (``kit.run.judged``: what ``site`` gives a run
without the host's ``.pth`` files, writes refused where the judge forbids file-system access,
CPython's lower C recursion limit where it runs Windows).
Batch outputs are judged by the problem's comparator (``kit.judges.compare``;
a case of a package's test group with validator flags of its own, by the comparator with those
flags added); interactive problems with an interactor play each secret input
(``kit.run.interact``), given the case's answer file too; a game a testlib interactor accepted
is then judged by the problem's checker on what the interactor wrote, as Polygon does; an
interactive problem without one must start and end cleanly on empty input (and then fails
the build all the same: ``kit.pipeline``). A multi-pass
problem (a Kattis package's) runs or plays a case again on each ``nextpass.in`` its validator
writes, the feedback folder kept between passes (``CaseJudge.passes``). A checker, validator or
interactor written in C or C++ is compiled before the first run.

With ``first_failure`` (``--first-failure``) each target stops at its first failing case, in
the order of the cases (a package's: the judge's), as a judge stops a submission: later cases
are not run, and the report counts them as such ("0/3 cases (1 WA, 2 not run)", and a note).

Failures are told in the author's terms: a traceback's lines in the solution's part of the
bundle are mapped back to ``solutions/<slug>.py`` (``kit.run.tracebacks``), and usual mistakes
get a hint (``kit.run.failure_hints``).
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import shlex
import shutil
import stat
import statistics
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Protocol

from kit.bundle.assemble import Bundle
from kit.errors import BuildError
from kit.judges import compile_run
from kit.judges.compare import CheckerComparator, Comparator, crash_line, parse_compare
from kit.judges.modules import PYTHON, missing_module
from kit.judges.profiles import OWN, WALL, judge_name, profile_for
from kit.judges.programs import KIT, TESTLIB, Interactor, MissingHeader, parse_interactor
from kit.judges.targets import Runner, Target
from kit.registry import NO_ANSWER, Case, Problem
from kit.run import compile_step, forbidden, judged, relay_cost
from kit.run.failure_hints import (
    IDLE_HINT,
    MANAGED_HINT,
    SILENT_CRASH_HINT,
    TESTLIB_INTERACTOR_HINT,
    TESTLIB_USAGE,
    WROTE_AFTER_HINT,
    externally_managed,
    idle_hint,
    segfault_hint,
    side_by_side,
    slow_input_hint,
)
from kit.run.float_answers import float_hint
from kit.run.interact import AFTER_ACCEPTED, run_interactive
from kit.run.limits import (
    KILL_FACTOR,
    MARGINAL,
    MAY_GO_EITHER_WAY,
    MIB,
    Limits,
    clearly_over,
    limits_for,
    machine_failure,
    machine_notes,
    run_limited,
    time_over,
)
from kit.run.process import MEMORY, TIME, Run, Timing
from kit.run.schedule import SKIPPED, Job, Schedule, cores, run_jobs
from kit.run.stray_print import Printed, printed, stray_print_hint
from kit.run.tracebacks import explain
from kit.run.verdicts import (
    JE,
    MLE,
    OK,
    OLE,
    PE,
    RE,
    TLE,
    WA,
    comparison_word,
    count_line,
    message,
    process_verdict,
)

PE_AS_WA = "a presentation error, which"  # a PE told as the WA of a judge without PE
MLE_AS_RE = "over the memory limit, which"  # an MLE told as the RE of a judge without MLE
OLE_AS_RE = "over the output limit, which"  # an OLE told as the RE of a judge without OLE
# a verdict a judge may not have (Profile's flag saying it has it) -> its verdict instead, why
_INSTEAD = {
    PE: ("presentation", WA, PE_AS_WA + " {judge} judges a wrong answer"),
    MLE: ("memory_verdict", RE, MLE_AS_RE + " {judge} judges a run error: it has no MLE"),
    OLE: ("output_verdict", RE, OLE_AS_RE + " {judge} judges a run error: it has no OLE"),
}

Progress = Callable[[str], None]


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
    score: str | None = None  # what a Kattis validator wrote to score.txt (kit.judges.compare)


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


@dataclass
class _Outcome:
    word: str  # a verdict word of kit.run.verdicts
    message: str = ""
    details: list[str] = field(default_factory=list)
    got: bytes | None = None
    seconds: float = 0.0
    score: str | None = None  # a Kattis validator's score.txt
    next_input: bytes | None = None  # its nextpass.in (a multi-pass problem)
    stderr: bytes = b""  # the solution's
    got_cut: bool = False  # ``got`` is only the head of a stdout past the output limit


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
    comparator, interactor = _judges(problem)
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
            _Judges(problem, bundle, script, comparator, interactor, options.beside, prepared)
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
        warning = _memory_warning(column, limits[tuple(column.runner.command(script))])
        if warning:
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


def _run_plan(plan: _Plan, judges: _Judges, slug: str, options: RunOptions) -> Schedule:
    """Runs the plan's jobs (the groups that do not wait for the gate first)."""
    groups, limits, gate = plan.groups, plan.limits, options.gate
    order = plan.jobs
    if gate is not None:
        order = sorted(order, key=lambda j: gate.waits(groups[j.key]))
        if any(limit.per_move for limit in limits.values()):
            gate.settle()  # a game's moves are timed as they are played: nothing beside them
    started: set[int] = set()  # the jobs run once: a job run again is being re-timed
    lock = threading.Lock()

    def run(job: Job, runs: int) -> tuple[_Outcome, Timing, str]:
        runner = groups[job.key][0].runner
        if options.progress is not None:
            with lock:
                again = id(job) in started
                started.add(id(job))
                count = len(started)
            said = "timed again alone" if again else f"run {count} of {len(plan.jobs)}"
            options.progress(f"{slug}: {said}, {runner.label}")
        case = plan.cases[job.case_index]
        outcome, timing = judges.get().repeat(case, runner, limits[job.key], runs)
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


class _Judges:
    """One CaseJudge per thread, each with an empty folder of its own to run in."""

    def __init__(  # noqa: PLR0913
        self, problem, bundle, script, comparator, interactor, beside=None, prepared=None
    ) -> None:
        self.make = lambda empty: CaseJudge(
            problem,
            bundle=bundle,
            script=script,
            comparator=comparator,
            interactor=interactor,
            empty=empty,
            beside=beside,
            prepared=prepared,
        )
        self.local = threading.local()
        self.folders: list[tempfile.TemporaryDirectory] = []
        self.lock = threading.Lock()

    def get(self) -> CaseJudge:
        if not hasattr(self.local, "judge"):
            folder = tempfile.TemporaryDirectory(prefix="kit-run-")
            with self.lock:
                self.folders.append(folder)
            self.local.judge = self.make(Path(folder.name))
        return self.local.judge

    def __enter__(self) -> _Judges:
        return self

    def __exit__(self, *_) -> None:
        for folder in self.folders:
            folder.cleanup()


def problem_comparator(problem: Problem) -> Comparator:
    """The problem's comparison as problems.toml gives it, a C/C++ checker with the problem's
    header folders (``testlib = "PATH"``, a package's), not yet compiled."""
    where = f"problems.toml: [{problem.slug}]"
    return parse_compare(problem.compare, problem.root, where, include=problem.include)


def _judges(problem: Problem) -> tuple[Comparator, Interactor | None]:
    """The problem's comparator and interactor, a C/C++ one compiled now, once; a header it
    includes that is nowhere is said with the key that names its folder."""
    try:
        comparator = problem_comparator(problem)
        comparator.prepare()
        interactor = interactor_command(problem)
        if interactor is not None:
            interactor.program.argv()
    except MissingHeader as error:
        raise BuildError(
            f'{error} (problems.toml\'s testlib = "DIR" names the folder that holds it)'
        ) from None
    return comparator, interactor


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


def interactor_command(problem: Problem) -> Interactor | None:
    """The problem's interactor (its program and protocol, ``kit.judges.programs``), or None."""
    if problem.interactor is None:
        return None
    where = f"problems.toml: [{problem.slug}]"
    return parse_interactor(problem.interactor, problem.root, where, problem.include)


def _memory_warning(column: Column, limits: Limits) -> str | None:
    """A warning when a passing target's memory, as the limit counts it, is over half of it;
    a note when its peak, the interpreter included, is over the limit but what the limit
    counts is not (the table shows the peak beside "ok")."""
    if not column.peak_kib:
        return None
    counted = limits.counted_kib(column.peak_kib)
    limit = limits.memory_kib / MIB
    if not limits.memory_tight(column.peak_kib):
        if not limits.over_by_footprint(column.peak_kib):
            return None
        return (
            f"note: the peak {column.peak_kib / MIB:.1f} MiB under {column.runner.label} is "
            f"over the {limit:g} MiB limit with the interpreter's own "
            f"{limits.baseline_kib / MIB:.1f} MiB, which the limit does not count: "
            f"{counted / MIB:.1f} MiB of its own"
        )
    if limits.memory == OWN:
        what = (
            f"{counted / MIB:.1f} MiB of its own (peak {column.peak_kib / MIB:.1f} MiB, "
            f"{column.runner.interpreter.label} alone {limits.baseline_kib / MIB:.1f} MiB)"
        )
    else:
        what = f"peak {column.peak_kib / MIB:.1f} MiB"
    said = f"warning: {what} under {column.runner.label}, over half the {limit:g} MiB limit"
    if limits.over_by_footprint(column.peak_kib):
        said += (
            " (the peak is over it only by the interpreter's own, which the limit does not count)"
        )
    return said


def _record(
    ran: Ran,
    case: Case,
    group: list[Column],
    outcome: _Outcome,
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
    ran.verdicts += [
        Verdict(case.name, label, outcome.word, seconds, said, figure, outcome.score)
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


def time_warning(name: str, seconds: float, label: str, limits: Limits) -> str | None:
    """The warning for a passing case's time over half the limit, which says so when it is
    close enough to the limit for a judge's machine to give the other verdict."""
    if not limits.time_tight(seconds):
        return None
    head = f"warning: {name} takes {seconds:.3f} s under {label}, "
    if limits.time_marginal(seconds):
        return head + f"within {MARGINAL:.0%} of the {limits.time:g} s limit: {MAY_GO_EITHER_WAY}"
    return head + f"over half the {limits.time:g} s limit"


class CaseJudge:
    """Runs one case under one runner, ``repeat`` times, and judges it."""

    def __init__(
        self,
        problem: Problem,
        *,
        bundle: Bundle | None,
        script: Path,
        comparator: Comparator | None,
        interactor: Interactor | None,
        empty: Path,
        beside: Path | None = None,
        prepared: dict[tuple[str, ...], compile_step.Prepared] | None = None,
    ) -> None:
        self.problem, self.bundle, self.script = problem, bundle, script
        self.comparator, self.interactor, self.empty = comparator, interactor, empty
        self.beside = beside  # a submission of several files: its folder
        self.prepared = prepared or {}  # by runner's command: the judge's compile run's folder

    def repeat(
        self, case: Case, runner: Runner, limits: Limits, repeat: int
    ) -> tuple[_Outcome, Timing]:
        timing = Timing()
        outcome = _Outcome(OK)
        cpu: list[float] = []
        wall: list[float] = []  # less what it waited for a core
        runs = max(1, repeat)
        for attempt in range(runs):
            outcome, run = self.once(case, runner, limits)
            if outcome.word != OK:
                if run.killed is None:  # ran to its end (a wrong answer): its time counts, as
                    timing.add(run, limits.seconds(run))  # a judge shows it, and its memory
                    outcome.details += self.varying(case, runner, limits, attempt, runs)
                else:  # killed (over a limit): its peak until then, which an MLE is about
                    timing.peak_kib = max(timing.peak_kib, run.peak_kib)
                if outcome.word == TLE and run.timed_out and self.interactor is None:  # killed
                    outcome.details += self.waited(limits, run.cpu_seconds)  # at the time-out
                    read, over = run.stdin_read, limits.seconds(run) - limits.time
                    outcome.details += slow_input_hint(self.source_text, case.input, read, over)
                return outcome, timing
            timing.add(run, limits.seconds(run))
            cpu.append(run.cpu_seconds)
            wall.append(run.seconds - run.waited)
            if attempt == 0 and clearly_over(limits.seconds(run), limits.time):
                break  # so far over that no noise explains it: the median would be over too
        over = time_over(limits, timing.median, len(timing.seconds))
        if over is not None:
            details = self.waited(limits, statistics.median(cpu))
            details += side_by_side(limits, statistics.median(cpu), statistics.median(wall))
            over_by = timing.median - limits.time
            details += slow_input_hint(self.source_text, case.input, over=over_by)
            outcome = _Outcome(TLE, message(TLE, over), details, seconds=timing.median)
        return outcome, timing

    def varying(
        self, case: Case, runner: Runner, limits: Limits, failed: int, runs: int
    ) -> list[str]:
        """After run ``failed`` (counted from 0) of ``runs`` failed to its end: the runs left
        made too, and a note when any run was accepted (a verdict that varies between runs:
        randomness, hash order, time), else nothing."""
        left = [self.once(case, runner, limits)[0].word for _ in range(runs - failed - 1)]
        accepted = failed + left.count(OK)
        if not accepted:
            return []
        return [
            f"note: {runs - accepted} of {runs} runs failed and {accepted} were accepted: the "
            "verdict varies between runs (randomness, hash order, time)"
        ]

    @functools.cached_property
    def prints(self) -> list[Printed]:
        """The bundle's prints to stdout whose text is known (kit.run.stray_print), found once
        for every wrong answer (a shrink judges hundreds)."""
        return printed(self.bundle.modules) if self.bundle is not None else []

    @property
    def source_text(self) -> str:
        """The program's source, for hints: the bundle's, else the script's (a package's
        submission), else nothing (a program not in Python)."""
        if self.bundle is not None:
            return self.bundle.text
        try:
            return self.script.read_text(encoding="utf-8", errors="replace")
        except (OSError, AttributeError):
            return ""

    def waited(self, limits: Limits, cpu: float) -> list[str]:
        """The hint for a run over its limit by the wall clock while its CPU time is within
        it: it slept or waited (the time it waited for a core is not counted:
        ``Limits.seconds``). A game is held to its CPU time (``kit.run.limits``)."""
        if limits.clock != WALL or cpu > limits.time:
            return []
        return [IDLE_HINT.format(cpu=cpu)]

    def once(self, case: Case, runner: Runner, limits: Limits) -> tuple[_Outcome, Run]:
        """One run of ``case``, judged (played, for an interactive problem), from the working
        folder: empty but for the case's files, and emptied after."""
        source = self.problem.source
        included = source.included if source is not None else None
        step = self.prepared.get(tuple(runner.command(self.script))) if self.prepared else None
        beside = step.folder if step is not None else self.beside
        together = included is not None or beside is not None
        name = compile_step.MAIN if step is not None else self.script.name
        script = self.empty / name if together else self.script
        command = judged.command(self.problem, runner, script, beside=together)
        command += case.args
        passes = source.passes if source is not None else 0
        files = (beside, included, case.files)
        if isinstance(case.input, Path):
            _read(case.input, case.name, size=0)  # the judge's file, not the solution, failed
        with _working_folder(self.empty, files, self.script, together):
            if passes:
                outcome, run = self.passes(command, case, limits, passes)
            elif self.interactor is not None:
                outcome, run = self.play(command, case, limits)
            else:
                outcome, run = self.run_judged(command, case, case.input, limits)
        elsewhere = machine = None
        if outcome.word != OK:  # this machine's disk or hard limits failed the run
            machine = machine_failure(limits, run.returncode, run.stderr)
            elsewhere = message(JE, machine) if machine is not None else None
        if outcome.word == RE and elsewhere is None:
            elsewhere = judged_elsewhere(self.problem, runner, run.stderr)
            lacked = missing_module(run.stderr.decode("utf-8", "replace"))
            if elsewhere is None and step is not None and lacked:  # did the step lack it?
                elsewhere = judged_elsewhere(self.problem, runner, step.stderr)
        outcome = self.in_judges_words(outcome)
        if machine is not None:  # the hints are for the solution's failures
            outcome.details = [line for line in outcome.details if not line.startswith("hint:")]
        if elsewhere is not None:  # the install hint names the interpreter that ran it
            python = shlex.quote(runner.interpreter.executable)
            details = [line.replace(f"`{PYTHON} -m", f"`{python} -m") for line in outcome.details]
            if details != outcome.details and externally_managed(runner.interpreter.executable):
                details.append(MANAGED_HINT.format(python=python))
            outcome = _Outcome(JE, elsewhere, details)
        # its time as the limit counts it (CPU time for a judge that counts CPU), as a passing
        # run's is; a run killed at the time-out keeps the time it was killed at (a sleeper),
        # but for what it waited for a core, as the deadline did; a game's deadline does not
        # move on by that, so a game killed there is held at it (a busy game on a loaded
        # machine fell under the limit times a Kattis margin: "too close to call")
        outcome.seconds = run.seconds - run.waited if outcome.word == TLE else limits.seconds(run)
        if outcome.word == TLE and run.killed == TIME and self.interactor is not None:
            outcome.seconds = max(outcome.seconds, limits.timeout)
        outcome.stderr = run.stderr
        return outcome, run

    def run_judged(
        self, command: list[str], case: Case, stdin, limits: Limits, feedback: Path | None = None
    ) -> tuple[_Outcome, Run]:
        """One batch run of ``command`` on ``stdin``, judged (``feedback``: a multi-pass
        problem's folder, ``stdin`` its pass's input). Where a run writes on past the output
        limit and is judged by its time and exit first (``Limits.output_last``: problemtools,
        DOMjudge),
        a run stopped there runs again, its output thrown away, and its time-out or crash (a
        memory failure included: a crash to problemtools) is the verdict; else the output
        limit stands."""
        one_pass = (stdin, feedback) if feedback is not None else ()
        run = run_limited(command, stdin, self.empty, limits)
        outcome = self.judge(run, case, limits, one_pass)
        if outcome.word != OLE or not run.output_over or not limits.output_last:
            return outcome, run
        again = run_limited(command, stdin, self.empty, limits, discard=True)
        ended = self.judge(again, case, limits, one_pass)
        if ended.word not in (TLE, RE, MLE):
            return outcome, run
        size = f"{limits.output_bytes / (1 << 20):g} MiB"
        profile = profile_for(self.problem.judge)
        who = profile.name if profile is not None and profile.output_last else "problemtools"
        note = f"note: it also wrote past the {size} output limit, which {who} checks last"
        return replace(ended, details=[*ended.details, note]), again

    def passes(self, command: list[str], case: Case, limits: Limits, most: int) -> tuple:
        """A multi-pass problem's case: the solution run (played, for an interactive one) again
        on each input its validator writes to ``nextpass.in``, the feedback folder kept between
        passes, at most ``most`` passes (problemtools, judge/execute.py, ``_run_multipass``);
        each pass is held to the limits, and the slowest is the case's run."""
        with tempfile.TemporaryDirectory(prefix="kit-passes-") as folder:
            feedback = Path(folder, "feedback")
            feedback.mkdir()
            source, slowest = case.input, None
            for number in range(1, most + 1):
                if self.interactor is not None:
                    outcome, run = self.play(command, case, limits, (source, feedback))
                else:
                    outcome, run = self.run_judged(command, case, source, limits, feedback)
                slowest = run if slowest is None or run.seconds > slowest.seconds else slowest
                if outcome.word != OK or outcome.next_input is None:
                    return outcome, slowest
                source = Path(folder, f"pass{number + 1}.in")
                source.write_bytes(outcome.next_input)
        said = f"the validator asked for more than {most} passes (limits.validation_passes)"
        return _Outcome(JE, said), slowest

    def judge(self, run: Run, case: Case, limits: Limits, one_pass: tuple = ()) -> _Outcome:
        """The run judged; ``one_pass``: a multi-pass problem's (input, feedback folder)."""
        problem = self.problem
        details = explain(problem, self.bundle, self.script, run.stderr, run.output_over)
        refused = self.refused(run.stderr) if run.returncode == forbidden.DENIED_EXIT else ""
        if refused:
            return _Outcome(RE, refused, details)
        found = process_verdict(run, limits)
        if found is not None:
            word, text = found
            if text.endswith("SIGSEGV"):
                details.append(segfault_hint(self.source_text))
            return _Outcome(word, text, details, run.stdout, got_cut=run.output_over)
        if case.expected is None or self.comparator is None:
            unanswered = case.expected is None and problem.kind == "batch"  # a lone NAME.in
            return _Outcome(OK, NO_ANSWER if unanswered else "")
        comparator = self.comparator.with_flags(case.flags)
        expected = _read(case.expected, case.name)
        if one_pass:
            judgement = comparator.judge_pass(one_pass[0], expected, run.stdout, one_pass[1])
        else:
            judgement = comparator.judge(case.input, expected, run.stdout)
        word = comparison_word(judgement)
        if word != OK:
            text = judgement.message if word == JE else message(word, judgement.message)
            shown = [SILENT_CRASH_HINT, *details] if crash_line(run.stderr) else []
            if word != JE:
                shown += stray_print_hint(self.prints, run.stdout, expected)
                shown += float_hint(comparator.spec, expected, run.stdout)
            return _Outcome(word, text, shown, run.stdout, score=judgement.score)
        return _Outcome(
            OK, judgement.message, score=judgement.score, next_input=judgement.next_input
        )

    def play(
        self, command: list[str], case: Case, limits: Limits, one_pass: tuple = ()
    ) -> tuple[_Outcome, Run]:
        """One game; ``one_pass``: a multi-pass problem's (input, feedback folder)."""
        assert self.interactor is not None
        source, feedback = one_pass or (case.input, None)
        game = run_interactive(
            command,
            self.interactor.with_flags(case.flags),
            source,
            cwd=self.empty,
            limits=limits,
            answer=case.expected,
            feedback=feedback,
            per_chunk=0.0 if limits.per_move else relay_cost.per_chunk(),
        )
        run = Run(
            0, b"", game.solution_stderr, game.solution_seconds, game.cpu_seconds, game.peak_kib,
            killed=MEMORY if game.verdict == MLE else TIME if game.timed_out else None,
            waited=game.waited,  # the time it waited for a core is not counted, as in a batch run
        )  # fmt: skip
        details = (
            ["last lines exchanged (> from the solution, < to it):"] if game.transcript else []
        )
        details += [f"  {line}" for line in game.transcript]
        if game.verdict == OK:
            checked = self.check_game(case, game.interactor_output)
            if checked is not None:
                return _Outcome(checked[0], checked[1], details), run
            return _Outcome(OK, game.message, score=game.score, next_input=game.next_input), run
        if game.verdict == WA and game.next_input is not None:
            said = "interactor wrote nextpass.in, and rejected (exit status 43)"
            return _Outcome(JE, message(JE, said), details), run
        if game.verdict == JE and self.interactor.protocol == KIT and TESTLIB_USAGE in game.message:
            details.append(TESTLIB_INTERACTOR_HINT)
        refused = self.refused(game.solution_stderr) if game.verdict == RE else ""
        said = game.message
        if game.verdict == TLE and said.startswith(message(TLE, "idle")):
            details.append(idle_hint(game.transcript, game.interactor_finished))
            said += self.idle_word()
        if game.message.endswith(AFTER_ACCEPTED) and b"BrokenPipeError" in game.solution_stderr:
            details.append(WROTE_AFTER_HINT)
        if game.verdict == RE and crash_line(game.solution_stderr):  # where, as a batch run's
            details.append("the solution's traceback, in its own files:")
            details += explain(self.problem, self.bundle, self.script, game.solution_stderr)
        return _Outcome(game.verdict, refused or said, details, score=game.score), run

    def in_judges_words(self, outcome: _Outcome) -> _Outcome:
        """A verdict the judge does not have, told as the one it gives instead, the message
        saying why (``_INSTEAD``): a presentation error as its wrong answer
        (``Profile.presentation``: Codeforces, Kattis), a memory or output limit as its run
        error (``Profile.memory_verdict``: DOMjudge, SPOJ; ``Profile.output_verdict``: SPOJ);
        a batch run's empty output judged wrong with the judge's own word for it, where it has
        one (``Profile.empty_verdict``)."""
        profile = profile_for(self.problem.judge)
        if profile is None:
            return outcome
        empty = outcome.got == b"" and self.interactor is None
        if outcome.word == WA and empty and profile.empty_verdict is not None:
            said = f'{outcome.message}; on {profile.name}: "{profile.empty_verdict}"'
            return replace(outcome, message=said)
        if outcome.word not in _INSTEAD:
            return outcome
        has, word, why = _INSTEAD[outcome.word]
        if getattr(profile, has):
            return outcome
        said = outcome.message.removeprefix(message(outcome.word, ""))
        said = f"{said} ({why.format(judge=profile.name)})"
        return replace(outcome, word=word, message=message(word, said))

    def idle_word(self) -> str:
        """The judge's own verdict for an idle game, as the end of its message, where known
        (``Profile.idle_verdict``), else ""."""
        profile = profile_for(self.problem.judge)
        if profile is None or profile.idle_verdict is None:
            return ""
        return f'; on {profile.name}: "{profile.idle_verdict}"'

    def refused(self, stderr: bytes) -> str:
        """The runtime error's message when the run's guard refused what the judge forbids
        (``kit.run.forbidden``), else ""."""
        problem = self.problem
        attempted = (problem.no_files or problem.no_processes) and forbidden.attempted(stderr)
        if not attempted:
            return ""
        profile = profile_for(problem.judge)
        if profile is None or profile.forbidden_verdict is None:
            return message(RE, f"{attempted}, which this judge forbids")
        told = f'which {profile.name} forbids, its verdict "{profile.forbidden_verdict}"'
        return message(RE, f"{attempted}, {told}")

    def check_game(self, case: Case, written: bytes) -> tuple[str, str] | None:
        """A testlib interactor's output judged by the problem's checker (Polygon's way):
        the verdict and message when it rejects or fails, else None."""
        assert self.interactor is not None
        checker = self.comparator
        if self.interactor.protocol != TESTLIB or not isinstance(checker, CheckerComparator):
            return None
        answer = case.expected.read_bytes() if case.expected is not None else b""
        judgement = checker.judge(case.input, answer, written)
        word = comparison_word(judgement)
        if word == OK:
            return None
        return word, judgement.message if word == JE else message(word, judgement.message)


def _read(path: Path, case: str, size: int = -1) -> bytes:
    """``size`` bytes of a case's file (all of it by default); a one-line error when it cannot
    be read (no permission, a folder), which is no verdict of the solution's."""
    try:
        mode = path.stat().st_mode
        if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
            raise BuildError(f"{case}: {path.name}: a pipe or socket, not a file")
        with path.open("rb") as file:
            return file.read(size)
    except OSError as error:
        raise BuildError(f"{case}: {path.name}: cannot read: {error.strerror or error}") from None


@contextlib.contextmanager
def _working_folder(
    folder: Path, files: tuple[Path | None, ...], script: Path, together: bool
) -> Iterator[None]:
    """``folder`` holding a copy of the files of each folder of ``files`` while the run lasts:
    a submission's own (one of several files), a package's files included with every
    submission, a Kattis case's ``NAME.files``; and nothing after it (what the run wrote is
    gone for the next). ``together``: the script is run from there too, copied first unless
    its own folder is (the format's "Working directory")."""
    try:
        try:
            if together and files[0] is None:
                shutil.copy2(script, folder / script.name)
            for place in files:
                if place is not None:
                    shutil.copytree(
                        place, folder, symlinks=True, ignore=_special, dirs_exist_ok=True
                    )
        except (OSError, shutil.Error) as error:
            raise BuildError(f"cannot prepare the run's folder: {error}") from None
        yield
    finally:
        _emptied(folder)


def _special(folder: str, names: list[str]) -> list[str]:
    """The entries of ``folder`` that are neither files, folders nor links (a pipe, a socket,
    a device): not copied, as reading one may never end. Links are copied as links."""
    special = []
    for name in names:
        try:
            mode = os.lstat(os.path.join(folder, name)).st_mode
        except OSError:
            continue
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
            special.append(name)
    return special


def _emptied(folder: Path) -> None:
    """Everything in ``folder`` removed, read-only entries (a copied 0555 folder) included."""
    for entry in folder.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            for inner in (entry, *entry.rglob("*")):
                if inner.is_dir() and not inner.is_symlink():
                    with contextlib.suppress(OSError):
                        inner.chmod(0o755)
            shutil.rmtree(entry, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                entry.unlink()


def _add_failure(ran: Ran, case: Case, labels: list[str], outcome: _Outcome) -> None:
    for failure in ran.failures:
        if (failure.case, failure.message, failure.details) == (
            case.name,
            outcome.message,
            outcome.details,
        ):
            failure.labels += labels
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
        )
    )


def judged_elsewhere(problem: Problem, runner: Runner, stderr: bytes) -> str | None:
    """The judge error of a run that failed only because the Python here lacks a module the
    judge installs for the target's implementation (the solution's verdict is not known
    here), or None."""
    module = missing_module(stderr.decode("utf-8", "replace"))
    installed = problem.installed
    if not module or installed is None or not installed.has(module, runner.target.impl):
        return None
    return message(
        JE,
        f"not judged here: {runner.interpreter.label} has no '{module}', which "
        f"{judge_name(problem.judge)} installs for {runner.target.label} "
        "(not the solution's failure)",
    )

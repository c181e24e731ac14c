"""Stage 5, run: every case under every target, as the judge runs it.

Each target runs under its own interpreter when one is here (``kit.targets.runner_for``);
targets without one share a stand-in, the Python running the kit (without 3.11's int-digit
limit when no target has it). Targets served by the same interpreter run once. Every case runs
under every runner even after a failure elsewhere, so the result says which target failed which
case; a case that failed, or whose first run is over the limit, is not repeated under that
runner. A run is killed at ``kill_factor`` times the time limit.

A run is a fresh process started from an empty directory with the interpreter's isolation
flags (no ``site``: what passes without it passes with it), whole-process wall time, stdin the
case's input. Judges that forbid file-system access (``no_files``) get the run under
``kit.nowrite``. Batch outputs are judged by the problem's comparator (``kit.compare``);
interactive problems with an interactor play each secret input (``kit.interact``); an
interactive problem without one must start and end cleanly on empty input.

Failures are told in the author's terms: a traceback's lines in the solution's part of the
bundle are mapped back to ``solutions/<slug>.py`` (helpers already carry their own file
names), and usual mistakes get a hint.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from kit import nowrite
from kit.assemble import Bundle
from kit.compare import Comparator, crash_line, parse_compare, program_command, signal_name
from kit.interact import run_interactive
from kit.registry import Case, Problem
from kit.run_case import Run, Timing, run_process
from kit.targets import Runner, Target

KILL_FACTOR = 3.0
STDERR_LINES = 6
MIB = 1024

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


@dataclass
class Column:
    """One target's results."""

    target: Target
    runner: Runner
    static_only: bool  # no interpreter of the target's own version here
    slowest: Timing = field(default_factory=Timing)
    peak_kib: int = 0
    failed: set[str] = field(default_factory=set)


@dataclass
class Verdict:
    case: str
    label: str
    word: str  # "ok", "WA", "RE", "TLE", ...
    seconds: float


@dataclass
class Ran:
    columns: list[Column]
    total: int = 0
    failures: list[Failure] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def passed(self) -> int:
        failed = set().union(*(column.failed for column in self.columns))
        return self.total - len(failed)


@dataclass
class _Outcome:
    word: str  # "ok" or a verdict
    message: str = ""
    details: list[str] = field(default_factory=list)
    got: bytes | None = None


def run_all(
    problem: Problem,
    bundle: Bundle,
    script: Path,
    cases: list[Case],
    columns: list[Column],
    *,
    repeat: int,
    kill_factor: float = KILL_FACTOR,
    progress: Progress | None = None,
) -> Ran:
    ran = Ran(columns, total=len(cases))
    groups: dict[tuple[str, ...], list[Column]] = {}
    for column in columns:
        groups.setdefault(tuple(column.runner.command(script)), []).append(column)
    limit = problem.time_limit
    timeout = kill_factor * limit
    comparator = parse_compare(problem.compare, problem.root, f"problems.toml: [{problem.slug}]")
    interactor = None
    if problem.interactor is not None:
        where = f"problems.toml: [{problem.slug}]"
        interactor = program_command(problem.interactor, problem.root, where, "interactor")
    with tempfile.TemporaryDirectory(prefix="kit-run-") as empty:
        if problem.kind == "interactive" and interactor is None:
            cases = [Case(f"{problem.rel(problem.dist)} on empty input", Path("/dev/null"), None)]
        for number, case in enumerate(cases, 1):
            for group in groups.values():
                runner = group[0].runner
                labels = [column.target.label for column in group]
                if progress is not None:
                    progress(f"{problem.slug}: case {number}/{len(cases)} under {runner.label}")
                command = _command(problem, runner, script)
                timing = Timing()
                for attempt in range(max(1, repeat)):
                    if interactor is not None:
                        outcome, run = _play(
                            command,
                            case,
                            problem=problem,
                            interactor=interactor,
                            empty=empty,
                            timeout=timeout,
                        )
                    else:
                        run = run_process(
                            command, _read(case.input), cwd=Path(empty), timeout=timeout
                        )
                        outcome = _judge(
                            run,
                            case,
                            problem=problem,
                            bundle=bundle,
                            script=script,
                            comparator=comparator,
                            timeout=timeout,
                        )
                    if outcome.word != "ok":
                        break
                    timing.add(run)
                    if attempt == 0 and run.seconds > limit:
                        break  # over the limit already: no need to repeat it
                if outcome.word == "ok" and timing.median > limit:
                    outcome = _Outcome(
                        "TLE", f"median {timing.median:.3f} s is over the {limit:g} s limit"
                    )
                seconds = timing.median if timing.seconds else run.seconds
                ran.verdicts += [
                    Verdict(case.name, label, outcome.word, seconds) for label in labels
                ]
                if outcome.word != "ok":
                    for column in group:
                        column.failed.add(case.name)
                    _add_failure(ran, case, labels, outcome)
                    continue
                for column in group:
                    column.peak_kib = max(column.peak_kib, timing.peak_kib)
                    if timing.median >= column.slowest.median:
                        column.slowest = timing
                if limit / 2 < timing.median:
                    ran.warnings.append(
                        f"warning: {case.name} takes {timing.median:.3f} s under "
                        f"{runner.label}, over half the {limit:g} s limit"
                    )
    for column in columns:
        peak = column.peak_kib / MIB
        if peak > problem.memory_limit / 2:
            over = "over the" if peak > problem.memory_limit else "over half the"
            ran.warnings.append(
                f"warning: peak memory {peak:.1f} MiB under {column.runner.label} is {over} "
                f"{problem.memory_limit} MiB limit (the interpreter included)"
            )
    return ran


def _command(problem: Problem, runner: Runner, script: Path) -> list[str]:
    if problem.no_files:
        interpreter = runner.interpreter
        flags = (*interpreter.flags, *runner.extra_flags)
        return nowrite.command(interpreter.executable, script, flags)
    return runner.command(script)


def _read(path: Path) -> bytes:
    return path.read_bytes()


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
        )
    )


def _judge(
    run: Run,
    case: Case,
    *,
    problem: Problem,
    bundle: Bundle,
    script: Path,
    comparator: Comparator,
    timeout: float,
) -> _Outcome:
    limit = problem.time_limit
    if run.timed_out:
        return _Outcome(
            "TLE", f"killed at {timeout:g} s ({timeout / limit:g}x the {limit:g} s limit)"
        )
    details = explain(problem, bundle, script, run.stderr)
    if run.returncode == nowrite.DENIED_EXIT and problem.no_files:
        return _Outcome("RE", "wrote to the file system, which this judge forbids", details)
    if run.returncode < 0:
        name = signal_name(-run.returncode)
        message = f"killed by signal {name}"
        if name == "SIGSEGV":
            details.append(
                "hint: a crash of the interpreter itself is most often recursion deeper than "
                "the C stack (a high sys.setrecursionlimit); make the recursion iterative, or "
                "run it in a threading.Thread with a larger threading.stack_size"
            )
        return _Outcome("RE", message, details, run.stdout)
    if run.returncode != 0:
        crash = crash_line(run.stderr)
        message = f"exit status {run.returncode}" + (f": {crash}" if crash else "")
        return _Outcome("RE", message, details, run.stdout)
    if case.expected is None:
        return _Outcome("ok")
    judgement = comparator.judge(case.input, case.expected.read_bytes(), run.stdout)
    if not judgement.accepted:
        word = "checker failed" if judgement.checker_failed else "WA"
        return _Outcome(word, f"wrong answer: {judgement.message}", [], run.stdout)
    return _Outcome("ok")


def _play(
    command: list[str],
    case: Case,
    *,
    problem: Problem,
    interactor: list[str],
    empty: str,
    timeout: float,
) -> tuple[_Outcome, Run]:
    game = run_interactive(
        command,
        interactor,
        case.input,
        cwd=Path(empty),
        time_limit=problem.time_limit,
        timeout=timeout,
    )
    run = Run(0, b"", game.solution_stderr, game.solution_seconds, game.solution_seconds, 0, False)
    if game.verdict == "ok":
        return _Outcome("ok"), run
    details = [f"last lines exchanged ({'>'} from the solution, {'<'} to it):"]
    details += [f"  {line}" for line in game.transcript]
    return _Outcome(game.verdict, f"{game.verdict}: {game.message}", details), run


_FILE_LINE = re.compile(r'File "([^"]*)", line (\d+)')


def explain(problem: Problem, bundle: Bundle, script: Path, stderr: bytes) -> list[str]:
    """The tail of a run's stderr in the author's terms, with hints for usual mistakes."""
    text = stderr.decode("utf-8", "replace")
    solution = problem.rel(problem.solution)

    def source(match: re.Match) -> str:
        if Path(match[1]).name != script.name:
            return match[0]
        line = bundle.source_line(int(match[2]))
        if line is None:
            return f'File "{problem.rel(problem.dist)}", line {match[2]}'
        return f'File "{solution}", line {line}'

    lines = [_FILE_LINE.sub(source, line)[:200] for line in text.rstrip().splitlines()]
    details = lines[-STDERR_LINES:]
    if re.search(r"NameError: name '(exit|quit)' is not defined", text):
        details.append(
            "hint: exit() and quit() come from the site module, which a judge need not load "
            "(runs here use -S); use sys.exit()"
        )
    if "Exceeds the limit (4300 digits)" in text:
        details.append(
            "hint: Python 3.11+ limits int<->str conversions to 4300 digits; call "
            "sys.set_int_max_str_digits(0) under `if hasattr(sys, 'set_int_max_str_digits'):`"
        )
    if "RecursionError" in text:
        details.append("hint: raise sys.setrecursionlimit, or make the recursion iterative")
    return details

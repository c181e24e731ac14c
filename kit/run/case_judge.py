"""One case run and judged under one runner as the problem's judge does it (``CaseJudge``), with
the comparator and interactor of ``kit.run.problem_judges``.

A run is a fresh process started from an empty directory (``kit.run.run_folder``: a Kattis
case's ``NAME.files`` and ``args`` given it, and a package's included files with a copy of the
script run there; for a judge that runs the bundle once before its cases, AtCoder's compile run,
a copy of what that run left, ``kit.run.compile_step``) with the interpreter's isolation flags
(the user's environment not loaded), the limits of ``kit.run.limits``, stdin the case's input,
started as its judge starts it (``kit.run.judged``: what ``site`` gives a run without the host's
``.pth`` files, writes refused where the judge forbids file-system access, CPython's lower C
recursion limit where it runs Windows).
Batch outputs are judged by the problem's comparator (``kit.judges.compare``;
a case of a package's test group with validator flags of its own, by the comparator with those
flags added); interactive problems with an interactor play each secret input
(``kit.run.interact``), given the case's answer file too; a game a testlib interactor accepted
is then judged by the problem's checker (its program, or testlib's standard checker built in:
``std:NAME``) on what the interactor wrote, as Polygon does (the checker's points, where it
gives them on a scoring problem, are the test's score; else the interactor's). A problem of
named files (a Polygon package's ``input-file="input.txt"``, ``output-file="output.txt"``:
``named_files``) has its input written into the run's folder and its output read from there
(``kit.run.process``); a run that leaves no output file is a presentation error, as testlib's
checker says of a missing output (``missing_output``), a wrong answer on Codeforces. A
multi-pass problem (a Kattis package's) runs or plays a case again on each ``nextpass.in`` its
validator writes, the feedback folder kept between passes (``CaseJudge.passes``).

A batch program whose bundle reads the wall clock (``kit.run.clock_reads``, found once a bundle)
is timed by all its wall time where that is over the limit (``CaseJudge.held``,
``Limits.wall``): one that stops by the clock takes as long whatever it waited for a core.
A case is run ``repeat`` times and its median time judged (``CaseJudge.repeat``): a first run
clearly over the limit is the verdict by itself, and a run that fails to its end is followed by
the runs left, to say whether the verdict varies; where it failed by itself (a crash, a
time-out past the limit), the run at the median time of those that did is the verdict
(``CaseJudge.crashes``). A game over its limit of CPU time through
the kit's relay (timed as a whole) is played once more with its pipes joined, as a judge joins
them (``kit.run.joined_game``), and accepted there within the limit is ok
(``CaseJudge.joined_opinion``). A verdict is told in the judge's words
(``kit.run.judge_words``). A run this machine failed (a full disk, a hard limit:
``kit.run.limits.machine_failure``) or that lacked a module the judge installs is a judge error,
not the solution's verdict.
"""

from __future__ import annotations

import functools
import shlex
import stat
import statistics
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from kit.bundle.assemble import Bundle
from kit.errors import BuildError
from kit.judges.checker_compare import CheckerComparator
from kit.judges.comparator import Comparator, runs_program
from kit.judges.judge_messages import crash_line
from kit.judges.modules import PYTHON, missing_module
from kit.judges.profiles import WALL, profile_for
from kit.judges.programs import KATTIS, KIT, TESTLIB, Interactor
from kit.judges.targets import Runner
from kit.judges.testlib_checkers import StandardComparator
from kit.problem_cases import Case
from kit.registry import Problem
from kit.run import compile_step, forbidden, judged, relay_cost
from kit.run.clock_reads import clock_read
from kit.run.failure_hints import (
    IDLE_HINT,
    MANAGED_HINT,
    SILENT_CRASH_HINT,
    TESTLIB_USAGE,
    WROTE_AFTER_HINT,
    externally_managed,
    idle_hint,
    named_for,
    os_exit_hint,
    segfault_hint,
    side_by_side,
    slow_input_hint,
    testlib_interactor_hint,
)
from kit.run.float_answers import float_hint
from kit.run.game_transcript import HEADING
from kit.run.game_verdicts import INTERACTOR_ACCEPTED
from kit.run.interact import run_interactive
from kit.run.joined_game import play_joined
from kit.run.judge_words import idle_word, in_judges_words, judged_elsewhere, refusal
from kit.run.letter_case import case_hint
from kit.run.limits import (
    MAY_GO_EITHER_WAY,
    Limits,
    clearly_over,
    machine_failure,
    over_limit,
    run_limited,
    time_over,
)
from kit.run.process import MEMORY, TIME, Run, Timing
from kit.run.run_folder import working_folder
from kit.run.stray_print import Printed, printed, stray_print_hint
from kit.run.tracebacks import explain
from kit.run.uncalled_main import uncalled_hint
from kit.run.unicode_forms import form_hint
from kit.run.verdicts import (
    JE,
    MLE,
    NO_ANSWER,
    OK,
    OLE,
    PE,
    RE,
    TLE,
    WA,
    comparison_word,
    message,
    process_verdict,
)

# the most CPU a chunk the relay passed can add to the solution's, generously (the hops' cost
# to it was 3-6 us a chunk here, docs/kit.md "The interactive relay"): a game further over its
# limit than its chunks explain is not played again with its pipes joined
HOP_CPU = 20e-6
# a failure among accepted runs, said
VARYING = (
    "note: {failed} of {runs} runs failed and {ok} were accepted: the verdict varies between "
    "runs (randomness, hash order, time)"
)
# a problem's checker, which judges what a testlib interactor wrote (Polygon's way): a checker
# program, or testlib's standard checker built in (a package's std::NAME.cpp without its source)
_CHECKERS = (CheckerComparator, StandardComparator)


@dataclass
class Outcome:
    """What a run of a case came to: its verdict, message and details, and what it wrote."""

    word: str  # a verdict word of kit.run.verdicts
    message: str = ""
    details: list[str] = field(default_factory=list)
    got: bytes | None = None
    seconds: float = 0.0
    score: str | None = None  # a Kattis validator's score.txt
    next_input: bytes | None = None  # its nextpass.in (a multi-pass problem)
    stderr: bytes = b""  # the solution's
    got_cut: bool = False  # ``got`` is only the head of a stdout past the output limit


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
        # the last output a built-in rule accepted, by the rule and the answer, with its message:
        # a repeat (or another runner) that writes the same bytes is accepted without comparing
        self.accepted: tuple[tuple[str, bytes, bytes], str] | None = None

    def repeat(
        self, case: Case, runner: Runner, limits: Limits, repeat: int
    ) -> tuple[Outcome, Timing]:
        limits = self.held(limits)
        timing = Timing()
        outcome = Outcome(OK)
        cpu: list[float] = []
        wall: list[float] = []  # less what it waited for a core (Limits.wall)
        runs_made: list[Run] = []
        runs = max(1, repeat)
        for attempt in range(runs):
            outcome, run = self.once(case, runner, limits)
            if outcome.word != OK and _failed_by_itself(outcome, run):
                counted = (attempt, runs)
                return self.crashes(case, runner, limits, (outcome, run), counted, timing)
            if outcome.word != OK:
                if run.killed is None:  # ran to its end (a wrong answer): its time counts, as
                    timing.add(run, limits.seconds(run))  # a judge shows it, and its memory
                    late = _answered_late(limits, outcome, limits.seconds(run))
                    if late is not None:
                        return late, timing
                    outcome.details += self.varying(case, runner, limits, attempt, runs)
                else:  # killed (over a limit): its peak until then, which an MLE is about
                    timing.peak_kib = max(timing.peak_kib, run.peak_kib)
                if outcome.word == TLE:
                    outcome.details += self.killed_hints(case, limits, run)
                cpu_over = over_limit(run.cpu_seconds, limits.time)
                if outcome.word == TLE and run.timed_out and cpu_over:
                    relayed = (outcome, run.cpu_seconds, run.relayed)
                    return self.joined_opinion(case, runner, limits, relayed, timing)
                return outcome, timing
            timing.add(run, limits.seconds(run))
            cpu.append(run.cpu_seconds)
            wall.append(limits.wall(run))
            runs_made.append(run)
            if attempt == 0 and clearly_over(limits.seconds(run), limits.time):
                break  # so far over that no noise explains it: the median would be over too
        over = time_over(limits, timing.median, len(timing.seconds))
        if over is not None:
            middle = sorted(runs_made, key=limits.seconds)[len(runs_made) // 2]
            details = self.waited(limits, middle, statistics.median(cpu))
            details += side_by_side(limits, statistics.median(cpu), statistics.median(wall))
            over_by = timing.median - limits.time
            details += slow_input_hint(self.source_text, case.input, over=over_by)
            outcome = Outcome(TLE, message(TLE, over), details, seconds=timing.median)
            relayed = (outcome, statistics.median(cpu), run.relayed)
            return self.joined_opinion(case, runner, limits, relayed, timing)
        return outcome, timing

    def joined_opinion(
        self,
        case: Case,
        runner: Runner,
        limits: Limits,
        relayed: tuple[Outcome, float, int],
        timing: Timing,
    ) -> tuple[Outcome, Timing]:
        """A game over its limit of CPU time (timed as a whole, one pass) played again with
        its pipes joined, as a judge joins them (``kit.run.joined_game``): the relay's hops
        charge the solution's CPU (1.6 times a ping-pong's). Accepted there, the solution's
        exit clean and its CPU within the limit: ok, both figures said; else the TLE stands,
        the joined figure added. ``relayed``: the relayed game's TLE, CPU time and chunks
        relayed. Not played again when the hops cannot explain the excess (``HOP_CPU`` a chunk:
        a loop killed at its timeout after a few exchanges is not played twice)."""
        outcome, cpu, chunks = relayed
        source = self.problem.source
        # a multi-pass game's passes need each nextpass.in, which a joined game does not read
        if self.interactor is None or limits.per_move or (source is not None and source.passes):
            return outcome, timing
        if cpu - limits.time > chunks * HOP_CPU:
            return outcome, timing
        joined, run = self.once(case, runner, limits, joined=True)
        figures = (
            f"{cpu:.2f} s CPU through the kit's relay; {run.cpu_seconds:.2f} s with the "
            "pipes joined, as a judge joins them"
        )
        if joined.word == OK and not over_limit(run.cpu_seconds, limits.time):
            said = message(OK, f"{figures} (within the {limits.time:g} s limit)")
            peak = max(timing.peak_kib, run.peak_kib)
            return Outcome(OK, said, score=joined.score), Timing([run.cpu_seconds], peak)
        return replace(outcome, message=f"{outcome.message} ({figures})"), timing

    def crashes(
        self,
        case: Case,
        runner: Runner,
        limits: Limits,
        first: tuple[Outcome, Run],
        counted: tuple[int, int],
        timing: Timing,
    ) -> tuple[Outcome, Timing]:
        """After run ``counted[0]`` (from 0) of ``counted[1]`` failed by itself (``first``: its
        outcome and run): the runs left made too, and the run of the median time among those
        that failed by themselves is the verdict, as a passing case's median is: past the time
        limit a time-out, within it the failure (``kit.run.limits.exceeded``), not one run's
        time; a time-out's message gives the median of the failed runs' times, said so, as a
        passing case's is (``kit.run.limits.timed``). A note says when the runs' verdicts
        differ: some accepted (``VARYING``), or failed on both sides of the limit, the median
        deciding."""
        attempt, runs = counted
        made = [first, *(self.once(case, runner, limits) for _ in range(runs - attempt - 1))]
        for _, run in made:
            if run.killed is None:  # ran to its end: its time counts
                timing.add(run, limits.seconds(run))
            else:
                timing.peak_kib = max(timing.peak_kib, run.peak_kib)
        failed = sorted(
            (pair for pair in made if pair[0].word != OK and _failed_by_itself(*pair)),
            key=lambda pair: limits.seconds(pair[1]),
        )
        seconds = [limits.seconds(run) for _, run in failed]
        median = statistics.median(seconds)
        # of an even count, the middle run on the median's side of the limit
        middle = len(failed) // 2 if over_limit(median, limits.time) else (len(failed) - 1) // 2
        outcome, run = failed[middle]
        if outcome.word == TLE and len(failed) > 1:  # its time the median of the failures'
            found = process_verdict(run, limits, (median, len(failed)))
            if found is not None and found[0] == TLE:
                outcome = replace(outcome, message=found[1])
        accepted = attempt + sum(pair[0].word == OK for pair in made)
        if accepted:
            outcome.details.append(VARYING.format(failed=runs - accepted, runs=runs, ok=accepted))
        words = {pair[0].word for pair in failed}
        if len(words) > 1:
            figures = ", ".join(f"{figure:.3f}" for figure in seconds)
            outcome.details.append(
                f"note: it failed by itself in {len(failed)} runs, at {figures} s, some past "
                f"the {limits.time:g} s limit: the median decides ({MAY_GO_EITHER_WAY})"
            )
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
        return [VARYING.format(failed=runs - accepted, runs=runs, ok=accepted)]

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

    @functools.cached_property
    def clock_read(self) -> str:
        """Where the bundle reads the wall clock (``kit.run.clock_reads``), found once, or
        nothing: a game keeps its own clocks, and a program not bundled is not looked at."""
        if self.bundle is None or self.interactor is not None:
            return ""
        read = clock_read(self.bundle.modules)
        return "" if read is None else str(read)

    @property
    def named_files(self) -> tuple[str, str]:
        """The problem's input and output file names (a Polygon package's ``<judging
        input-file="input.txt" output-file="output.txt">``), "" each for stdin and stdout."""
        return self.problem.named_files

    def held(self, limits: Limits) -> Limits:
        """``limits`` for this program: a batch program that reads the wall clock is timed by
        all its wall time where that is over the limit (``Limits.wall``)."""
        if not self.clock_read or limits.clock != WALL:
            return limits
        return replace(limits, clock_read=self.clock_read)

    def waited(self, limits: Limits, run: Run, cpu: float | None = None) -> list[str]:
        """The note for a program that reads the clock, timed by its wall time (``held``);
        else the hint for a run over its limit by the wall clock while its CPU time (``cpu``,
        the run's own by default) is within it: it slept or waited (the time it waited for a
        core is not counted: ``Limits.seconds``). A game is held to its CPU time
        (``kit.run.limits``)."""
        limits = self.held(limits)
        cpu = run.cpu_seconds if cpu is None else cpu
        timed = limits.timed_by_clock(run)
        if timed is not None:
            return [timed]
        if limits.clock != WALL or over_limit(cpu, limits.time):
            return []
        return [IDLE_HINT.format(cpu=cpu)]

    def killed_hints(self, case: Case, limits: Limits, run: Run) -> list[str]:
        """The hints for a batch run killed at its time-out (a TLE): it slept or waited
        (``waited``: its CPU time within the limit), or read a long input with ``input()``."""
        if not run.timed_out or self.interactor is not None:
            return []
        limits = self.held(limits)
        read, over = run.stdin_read, limits.seconds(run) - limits.time
        hints = self.waited(limits, run)
        return hints + slow_input_hint(self.source_text, case.input, read, over)

    def once(
        self, case: Case, runner: Runner, limits: Limits, *, joined: bool = False
    ) -> tuple[Outcome, Run]:
        """One run of ``case``, judged (played, for an interactive problem: ``joined``, with
        its pipes joined), from the working folder: empty but for the case's files, and
        emptied after."""
        limits = self.held(limits)
        source = self.problem.source
        included = source.included if source is not None else None
        step = self.prepared.get(tuple(runner.command(self.script))) if self.prepared else None
        beside = step.folder if step is not None else self.beside
        together = included is not None or beside is not None
        name = compile_step.MAIN if step is not None else self.script.name
        passes = source.passes if source is not None else 0
        files = (beside, included, case.files)
        if isinstance(case.input, Path):
            _read(case.input, case.name, size=0)  # the judge's file, not the solution, failed
        with working_folder(self.empty, files, self.script, together) as home:
            command = judged.command(self.problem, runner, home / name, beside=together)
            command += case.args
            if passes:
                outcome, run = self.passes(command, case, limits, passes)
            elif joined:
                outcome, run = self.play_joined(command, case, limits)
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
        empty = outcome.got == b"" and self.interactor is None  # a batch run's empty output
        word, said = in_judges_words(self.problem.judge, outcome.word, outcome.message, empty)
        outcome = replace(outcome, word=word, message=said)
        ran = getattr(runner, "interpreter", runner)  # bench's games: the interpreter itself
        outcome.details = named_for(outcome.details, ran)
        if machine is not None:  # the hints are for the solution's failures
            outcome.details = [line for line in outcome.details if not line.startswith("hint:")]
        if elsewhere is not None:  # the install hint names the interpreter that ran it
            python = shlex.quote(runner.interpreter.executable)
            details = [line.replace(f"`{PYTHON} -m", f"`{python} -m") for line in outcome.details]
            if details != outcome.details and externally_managed(runner.interpreter.executable):
                details.append(MANAGED_HINT.format(python=python))
            outcome = Outcome(JE, elsewhere, details)
        # its time as the limit counts it (CPU time for a judge that counts CPU), as a passing
        # run's is; a run killed at the time-out keeps the time it was killed at (a sleeper),
        # but for what it waited for a core, as the deadline did; a game killed at its
        # deadline, moved on by what both its sides waited, is held at its timeout at least
        # (the solution's wait alone left out: a busy game on a loaded machine fell under
        # the limit times a Kattis margin, "too close to call")
        outcome.seconds = limits.wall(run) if run.timed_out else limits.seconds(run)
        if outcome.word == TLE and run.killed == TIME and self.interactor is not None:
            outcome.seconds = max(outcome.seconds, limits.timeout)
        outcome.stderr = run.stderr
        return outcome, run

    def run_judged(
        self, command: list[str], case: Case, stdin, limits: Limits, feedback: Path | None = None
    ) -> tuple[Outcome, Run]:
        """One batch run of ``command`` on ``stdin``, judged (``feedback``: a multi-pass
        problem's folder, ``stdin`` its pass's input). Where a run writes on past the output
        limit and is judged by its time and exit first (``Limits.output_last``: problemtools,
        DOMjudge),
        a run stopped there runs again, its output thrown away, and its time-out or crash (a
        memory failure included: a crash to problemtools) is the verdict; else the output
        limit stands."""
        one_pass = (stdin, feedback) if feedback is not None else ()
        named = self.named_files
        run = run_limited(command, stdin, self.empty, limits, named=named)
        outcome = self.judge(run, case, limits, one_pass)
        if outcome.word != OLE or not run.output_over or not limits.output_last:
            return outcome, run
        again = run_limited(command, stdin, self.empty, limits, discard=True, named=named)
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
        return Outcome(JE, said), slowest

    def judge(self, run: Run, case: Case, limits: Limits, one_pass: tuple = ()) -> Outcome:
        """The run judged; ``one_pass``: a multi-pass problem's (input, feedback folder)."""
        problem = self.problem
        details = explain(problem, self.bundle, self.script, run.stderr, run.output_over)
        refused = refusal(problem, run.stderr) if run.returncode == forbidden.DENIED_EXIT else ""
        if refused:
            return Outcome(RE, refused, details)
        found = process_verdict(run, limits)
        if found is None and run.output_missing:  # ended cleanly, leaving no output file
            found = PE, message(PE, missing_output(run))
        if found is not None:
            word, text = found
            if text.endswith("SIGSEGV"):
                details.append(segfault_hint(self.source_text))
            return Outcome(word, text, details, run.stdout, got_cut=run.output_over)
        if case.expected is None or self.comparator is None:
            unanswered = case.expected is None and problem.kind == "batch"  # a lone NAME.in
            return Outcome(OK, NO_ANSWER if unanswered else "")
        comparator = self.comparator.with_flags(case.flags)
        expected = _read(case.expected, case.name)
        judged = (comparator.spec, expected, run.stdout)  # all a built-in rule reads
        accepted = self.accepted  # one read: other threads may replace it
        if not one_pass and accepted is not None and accepted[0] == judged:
            return Outcome(OK, accepted[1])  # the same bytes and rule: no second compare
        if one_pass:
            judgement = comparator.judge_pass(one_pass[0], expected, run.stdout, one_pass[1])
        else:
            judgement = comparator.judge(case.input, expected, run.stdout)
        word = comparison_word(judgement)
        if word != OK:
            text = judgement.message if word == JE else message(word, judgement.message)
            shown = [SILENT_CRASH_HINT, *details] if crash_line(run.stderr) else []
            if word != JE:
                shown += os_exit_hint(self.source_text, run.stdout, expected)
                shown += stray_print_hint(self.prints, run.stdout, expected)
                shown += float_hint(comparator.spec, expected, run.stdout)
            if word == WA:
                shown += case_hint(comparator, case.input, expected, run.stdout)
                shown += form_hint(comparator, case.input, expected, run.stdout)
                shown += uncalled_hint(self.bundle and self.bundle.entry, run.stdout)
            return Outcome(word, text, shown, run.stdout, score=judgement.score)
        if not one_pass and not runs_program(comparator.spec):  # a program is asked each time
            self.accepted = (judged, judgement.message)
        return Outcome(
            OK, judgement.message, score=judgement.score, next_input=judgement.next_input
        )

    def play(
        self, command: list[str], case: Case, limits: Limits, one_pass: tuple = ()
    ) -> tuple[Outcome, Run]:
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
            relayed=game.relayed,
        )  # fmt: skip
        details = [HEADING] if game.transcript else []
        details += [f"  {line}" for line in game.transcript]
        if game.verdict == OK:
            word, said, points = self.check_game(case, game.interactor_output)
            if word != OK:
                return Outcome(word, said, details), run
            score = game.score if points is None else points  # the checker's points first
            return Outcome(OK, game.message, score=score, next_input=game.next_input), run
        if game.verdict == WA and game.next_input is not None:
            said = "interactor wrote nextpass.in, and rejected (exit status 43)"
            return Outcome(JE, message(JE, said), details), run
        if game.verdict == JE and self.interactor.protocol == KIT and TESTLIB_USAGE in game.message:
            details.append(testlib_interactor_hint(self.problem.interactor))
        refused = refusal(self.problem, game.solution_stderr) if game.verdict == RE else ""
        said = game.message
        if game.verdict == TLE and said.startswith(message(TLE, "idle")):
            kattis = self.interactor.protocol == KATTIS
            finished, cpu = game.interactor_finished, game.cpu_seconds
            details.append(idle_hint(game.transcript, finished, cpu, kattis))
            said += idle_word(self.problem.judge)
        accepted = game.message.endswith(INTERACTOR_ACCEPTED)
        if accepted and b"BrokenPipeError" in game.solution_stderr:
            details.append(WROTE_AFTER_HINT)
        if game.verdict == RE and crash_line(game.solution_stderr):  # where, as a batch run's
            details.append("the solution's traceback, in its own files:")
            details += explain(self.problem, self.bundle, self.script, game.solution_stderr)
        return Outcome(game.verdict, refused or said, details, score=game.score), run

    def play_joined(self, command: list[str], case: Case, limits: Limits) -> tuple[Outcome, Run]:
        """One game with the pipes joined (``kit.run.joined_game``): ok when the interactor
        accepted (and the problem's checker, for a testlib interactor) and the solution ended
        by itself with status 0, else a wrong answer; its run as its watch measured it."""
        assert self.interactor is not None
        game = play_joined(
            command,
            self.interactor.with_flags(case.flags),
            case.input,
            cwd=self.empty,
            limits=limits,
            answer=case.expected,
        )
        ended = game.solution
        run = Run(ended.code, b"", b"", 0.0, ended.cpu, ended.peak_kib, killed=ended.killed)
        if game.accepted and game.clean:
            word, _, points = self.check_game(case, game.interactor_output)
            if word == OK:  # the checker's points first, as in a relayed game
                return Outcome(OK, score=game.score if points is None else points), run
        return Outcome(WA, "not accepted with the pipes joined"), run

    def check_game(self, case: Case, written: bytes) -> tuple[str, str, str | None]:
        """A testlib interactor's output judged by the problem's checker (Polygon's way), a
        program or a standard checker built in: the verdict, its message when it rejects or
        fails, and the points it accepted with (a scoring problem's ``quitp``, else None). A
        problem with no checker (another rule) leaves it unjudged: ``OK``."""
        assert self.interactor is not None
        checker = self.comparator
        if self.interactor.protocol != TESTLIB or not isinstance(checker, _CHECKERS):
            return OK, "", None
        answer = case.expected.read_bytes() if case.expected is not None else b""
        judgement = checker.judge(case.input, answer, written)
        word = comparison_word(judgement)
        if word == OK:
            return OK, "", judgement.score
        said = judgement.message if word == JE else message(word, judgement.message)
        return word, said, None


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


def missing_output(run: Run) -> str:
    """Why a run of a problem of a named output file that left none has no output: testlib's
    checker, given no such file, says ``Output file not found`` and a presentation error
    (MikeMirzayanov/testlib at 1e4e8a24, testlib.h, ``InStream::reset``: ``quits(_pe, "Output
    file not found: ...")``), which Codeforces tells as a wrong answer; stdout written instead
    is named (docs/packages.md, "Polygon's named files": the reading is unconfirmed)."""
    said = f'no {run.output_file} after the run (testlib\'s checker: "Output file not found")'
    if run.stdout_unread:
        said += f"; it wrote {run.stdout_unread} bytes to stdout, which is not read"
    return said


def _answered_late(limits: Limits, outcome: Outcome, seconds: float) -> Outcome | None:
    """A wrong answer given past twice the time limit by the wall clock (``clearly_over``),
    told as its time-out, or None for any other run. A judge that times by the wall clock stops
    a run at (or about) its limit, or reads its time-out first (Library Checker), and never
    judges such an answer; and a build kills a target's runs at twice the limit once one was
    killed (``kit.run.limits.after_a_kill``): the verdict is the same whichever case ran first.
    Not where the judge counts CPU time (DOMjudge compares before it reads its time-out), a
    game's moves are timed, or runs go side by side (stress)."""
    if outcome.word not in (WA, PE) or limits.clock != WALL or limits.per_move:
        return None
    if limits.side_by_side or not clearly_over(seconds, limits.time):
        return None
    text = (
        f"{seconds:.3f} s is over the {limits.time:g} s limit, twice over (its answer wrong "
        f"too, which a judge stopping it at its limit never reads: {outcome.message})"
    )
    return Outcome(TLE, message(TLE, text), outcome.details, seconds=seconds)


def _failed_by_itself(outcome: Outcome, run: Run) -> bool:
    """Whether a run failed by itself (a non-zero exit, a signal: not killed by the kit), its
    verdict a run error or, past the time limit, a time-out (``kit.run.limits.exceeded``):
    one its time decides."""
    return run.killed is None and run.returncode != 0 and outcome.word in (RE, TLE)

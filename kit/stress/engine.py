"""The stress engine: the bundle judged on generated files, and the search for a failing one.

``Stress`` holds one run's pieces: the bundle, who runs it (a ``Runner``: the problem's first
target, or ``--target``), its limits (``kit.run.limits``) and the ``Source``
(``kit.stress.source``: the stress module's functions, the user's programs, the interactor).
``Stress.make(seed, params)`` is a file (generated, then validated when there is a
validator); ``Stress.judge(text)`` runs the bundle on it judge-style (``kit.run.case_judge``'s
``CaseJudge``: a fresh process from an empty folder under the build's limits and verdicts)
against the expected answer (the module's ``reference`` or the brute force's output) by the
problem's comparator, or, for an interactive problem, plays it as the secret input through the
problem's interactor (``kit.run.interact``). ``search`` makes file ``i`` from seed
``seed + i`` until one fails or the limit is reached, ``jobs`` at a time (its first
``SAME_FILES`` files all the same are a note: a generator that ignores its seed); a batch not done
``overtime()`` past a ``--seconds`` budget, or a call of the module's that has run STUCK
seconds (a function that never returns), is a one-line error, and its threads are left to the
process's end, not waited for; ``watched`` runs other work (the shrink) under the same watch,
and a call of the module's made outside both (the shrunk input judged and answered again, the
file made again) runs under it alone (``Stress.module_call``), so that each is given up at
``Stress.module_stop()``, as the live line says.
Each program's run on one input is recorded in ``Stress.under_way`` (``kit.stress.progress``:
the command's live line naming a slow one).
The command (``kit.commands.stress``) shrinks (``kit.stress.shrink``, through
``kit.commands.stress_shrinking``), prints (``kit.commands.stress_report``) and saves
(``kit.commands.stress_saved``).
"""

from __future__ import annotations

import concurrent.futures
import os
import random
import re
import tempfile
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from kit.bundle.assemble import Bundle
from kit.errors import BuildError
from kit.judges.comparator import Comparator
from kit.judges.profiles import judge_name
from kit.judges.targets import Runner
from kit.problem_cases import Case
from kit.processes import end_sessions
from kit.registry import Problem
from kit.run import compile_step
from kit.run.case_judge import CaseJudge
from kit.run.failure_hints import SILENT_CRASH_HINT
from kit.run.limits import Limits, limits_for, time_over
from kit.run.problem_judges import problem_comparator
from kit.run.process import end_runs
from kit.run.tracebacks import crash_site
from kit.run.verdicts import JE, OK, TLE, message
from kit.stress.inputs import made_by, on_input
from kit.stress.progress import UnderWay

if TYPE_CHECKING:
    from kit.stress.source import Source

T = TypeVar("T")

# seconds past the --seconds budget a batch of files may take before the run is given up (a
# stress module's function that never returns; a judged run is killed at its own limit)
OVERTIME = 10.0
# seconds one call of a stress module's function may run before the run is given up, with or
# without --seconds (a brute force that slow is no use to a stress run), and how often it is
# looked at
STUCK = 60.0
POLL = 0.5
# memory a running call of the stress module's may add to the kit's own before the run is given
# up: it runs in the kit's process, unbounded (a generator given a mistyped --param grew by
# 60 MB/s, 1.8 GB in 30 s): four times the problem's memory limit, and at least 1 GiB
MODULE_MEMORY_FACTOR = 4
MODULE_MEMORY_LEAST_MIB = 1024
ABANDON_WAIT = 5.0  # seconds a stopped command waits for its judging thread to leave off
# ``on`` in a thread whose calls of the stress module's are watched (``watched``'s, the search's)
_under_watch = threading.local()


@dataclass
class Outcome:
    failed: bool
    message: str = ""
    got: bytes = b""
    word: str = OK  # the verdict, a word of kit.run.verdicts
    expected: bytes | None = None  # the answer it was judged against (a game's: its ANSWER)
    # a game's last lines exchanged; a crash's traceback tail, in the user's files, and hints;
    # a time limit found alone: a heading, then each run's time
    details: list[str] = field(default_factory=list)
    got_over: int = 0  # when ``got`` is only the head: the run wrote more than this many bytes
    played: bool = False  # a game, judged by its interactor (``expected``: its ANSWER, if any)
    wall: float = 0.0  # the run's wall time, measured (a kill's: when it came)
    waited: float = 0.0  # of it, what it waited for a core (its kill's deadline moved on by)

    @property
    def kind(self) -> tuple[str, str | None]:
        """What the shrink keeps failing: the verdict, and the exception its message names
        (a crash's, or a checker's or interactor's traceback), where it names one: an
        ``IndexError`` does not turn into a ``ZeroDivisionError`` on a smaller input, nor a
        checker's rejection into the checker's own crash. A wrong answer whose run exited 0
        with a traceback on stderr (an exception in a thread: the build's
        ``SILENT_CRASH_HINT`` heads its details) names that traceback's exception, so that
        a clean wrong answer does not turn into a thread's crash that left the output short."""
        named = EXCEPTION_NAMED.search(self.message)
        if named:
            return self.word, named.group(1)
        return self.word, self.silent_crash

    @property
    def silent_crash(self) -> str | None:
        """The exception of the traceback a run that exited 0 left on stderr, when the build
        said so (``SILENT_CRASH_HINT``; ``Traceback`` when its exception cannot be read);
        else None."""
        if SILENT_CRASH_HINT not in self.details:
            return None
        site = crash_site(self.details)
        return site.partition(" at ")[0] if site is not None else "Traceback"

    @property
    def described(self) -> str:
        """The message, with the exception of a traceback it does not name that the run left
        on stderr (``wrong answer: token 1: expected '0', got end of output, its stderr ending
        in a traceback (IndexError)``: else a thread's crash reads as a clean wrong answer)."""
        crash = None if EXCEPTION_NAMED.search(self.message) else self.silent_crash
        if crash is None:
            return self.message
        named = "" if crash == "Traceback" else f" ({crash})"
        return f"{self.message}, its stderr ending in a traceback{named}"


# a Python exception's name as a traceback's last line gives it ("IndexError: list index ...")
EXCEPTION_NAMED = re.compile(
    r"\b([A-Z]\w*(?:Error|Exception|Exit|Interrupt|Warning)|StopIteration)\b(?::|$)"
)
ANSWERS_KEPT = 8  # expected answers kept, the newest
LATE_KEPT = 3  # files of the search that passed over the time limit, kept to time again alone
SAME_FILES = 3  # first files that, all the same, are a note: does the generator use its seed?
RETIMED = 3  # runs of each, alone: their median decides, as the build's for a case near its limit


class Abandoned(Exception):
    """The command was stopped: a thread still judging files leaves off (``Stress.abandon``)."""


class NoAnswer(BuildError):
    """The reference (the module's ``reference`` or the brute-force program), or the judge's
    own program (an interactor, a checker: JE), failed on a file: its one-line message. The
    shrink passes such a candidate over."""


class GivenUp(BuildError):
    """A call of the stress module's given up (it ran ``Stress.module_stop()`` seconds, or
    past its memory cap): the run stops, whichever call it was."""


class JudgeFailed(NoAnswer):
    """The judge's own program (an interactor, a checker) failed on a file (JE): neither the
    solution's failure nor the reference's."""


class Stress:
    """The bundle, its runner and limits, and where its files and answers come from."""

    def __init__(
        self,
        problem: Problem,
        source: Source,
        bundle: Bundle,
        script: Path,
        *,
        folder: Path,
        runner: Runner,
    ) -> None:
        self.problem = problem
        self.source = source
        self.runner = runner
        self.label = runner.described
        self.limits = replace(limits_for(problem, runner), side_by_side=True)  # as its times
        self.folder = folder
        self.comparator: Comparator = problem_comparator(problem)
        trees = compile_step.trees_of(bundle, script)
        prepared = compile_step.prepare_all(problem, [runner], script, folder, trees)
        self.notes = [
            step.note(runner.label, judge_name(problem.judge)) for step in prepared.values()
        ]
        answer_note = source.answer_note()  # a game's interactor given an empty ANSWER
        self.notes += [answer_note] if answer_note is not None else []
        self.make_judge = lambda empty: CaseJudge(
            problem,
            bundle=bundle,
            script=script,
            comparator=self.comparator,
            interactor=source.interactor,
            empty=empty,
            prepared=prepared,
        )
        self._local = threading.local()  # each thread's folder to run in, and its CaseJudge
        self.stopped = threading.Event()  # set when the command is stopped: judge no more
        self.count = 0
        self.slowest = (0.0, "")  # seconds, which file
        self.over_limit = 0  # files that passed over the time limit (not killed)
        self.late: list[tuple[float, int, str]] = []  # the slowest of them: seconds, seed, text
        self._answers: OrderedDict[str, bytes] = OrderedDict()  # the last expected answers
        self._lock = threading.Lock()
        self.resident_at_start = resident_mib()  # the kit's own, before the module's calls
        self.under_way = UnderWay()  # the programs running now, for the live line
        self.stuck: float | None = None  # a module call's own give-up, while ``watched`` sets it

    def module_stop(self) -> float:
        """Seconds a call of the stress module's may run before the run is given up: STUCK
        (read when called), or the shrink's own while ``watched`` runs it; the live line
        says it as the call's stop."""
        return STUCK if self.stuck is None else self.stuck

    @property
    def empty(self) -> Path:
        """This thread's folder to run programs in (a run empties its folder after it, so
        threads running side by side have one each)."""
        if not hasattr(self._local, "empty"):
            self._local.empty = Path(tempfile.mkdtemp(prefix="cwd-", dir=self.folder))
        return self._local.empty

    @property
    def judge_case(self) -> CaseJudge:
        """This thread's CaseJudge, running in ``empty``."""
        if not hasattr(self._local, "judge"):
            self._local.judge = self.make_judge(self.empty)
        return self._local.judge

    def generate(self, seed: int, params: dict[str, int]) -> str:
        """The file of ``seed`` and ``params``, not validated (the shrinker validates)."""
        source = self.source
        stop = self.limits.timeout if source.gen is not None else self.module_stop()
        with self.under_way.running(source.generator, f"making the file of seed {seed}", stop):
            return self._generated(seed, params)

    def _generated(self, seed: int, params: dict[str, int]) -> str:
        source = self.source
        if source.gen is not None:
            size = params.get("size")
            return source.gen.generate(seed, size, cwd=self.empty, limits=self.limits)
        return self.module_call(lambda: self._module_file(seed, params), f"the file of seed {seed}")

    def _module_file(self, seed: int, params: dict[str, int]) -> str:
        """The stress module's file of ``seed`` and ``params``."""
        assert self.source.module is not None
        try:
            text = self.source.module.generate(random.Random(seed), **params)
            if not text:  # no input file at all, as a --gen program printing nothing
                raise BuildError(f"{self.source.module.where}: generate() returned an empty file")
            return text
        except BuildError as error:  # the module's one line, told which file it was making
            raise BuildError(f"{error} ({file_of(seed, params)})") from None

    def make(self, seed: int, params: dict[str, int]) -> str:
        """The file of ``seed`` and ``params``, which the validator (if any) must accept."""
        text = self.generate(seed, params)
        validate = self.source.validate
        if validate is not None:
            try:
                validate(text)
            except ValueError as error:
                shown = on_input(self.problem, "refused", text)  # the file, or where it is
                raise BuildError(
                    f"{self.problem.slug}: {self.source.generator} made a file that "
                    f"{self.source.validator} refuses (seed {seed}) {shown}: {error}"
                ) from None
        return text

    def answer(self, text: str, doing: str = "on an input") -> bytes | None:
        """The expected output on ``text``: the brute force's or the reference's (for an
        interactive problem, its interactor's ANSWER where it takes one and there is one,
        ``Source.game_answers``, else None); ``NoAnswer`` when it fails. The
        last few are kept: the failing file is judged again at the end (a slow brute force's
        answer was computed twice). ``doing``: on what, as the live line says it."""
        source = self.source
        if source.interactor is not None and not source.game_answers:
            return None
        with self._lock:
            kept = self._answers.get(text)
        if kept is not None:
            return kept
        found = self.fresh_answer(text, doing)
        with self._lock:
            self._answers[text] = found
            while len(self._answers) > ANSWERS_KEPT:
                self._answers.popitem(last=False)
        return found

    def fresh_answer(self, text: str, doing: str = "on an input") -> bytes:
        """The brute force's or the reference's answer on ``text``, computed again (a batch
        problem's); ``NoAnswer`` when it fails."""
        source = self.source
        limits = self.tool_limits()  # not the solution's time: a brute force's (STUCK)
        stop = limits.timeout if source.brute is not None else self.module_stop()
        try:
            with self.under_way.running(source.reference, doing, stop, text):
                if source.brute is not None:
                    found = source.brute.answer(text, cwd=self.empty, limits=limits)
                else:
                    module = source.module
                    assert module is not None
                    found = self.module_call(
                        lambda: module.reference(text), doing.removeprefix("on ")
                    ).encode()
        except GivenUp:  # not an answer it failed to give: the run stops
            raise
        except BuildError as error:  # its one line, told apart from the bundle's failures
            raise NoAnswer(str(error)) from None
        return found

    def module_call(self, call: Callable[[], T], what: str) -> T:
        """``call()``, a call of the stress module's, under the watch that gives it up at
        ``module_stop()`` (``what``: what it was for, as that error says): in this thread when
        it runs under one already (a file of the search's, the shrink), else ``watched``."""
        if getattr(_under_watch, "on", False):
            return call()
        return watched(self, call, what)

    def tool_limits(self) -> Limits:
        """The limits of a program of the user's that stands for the reference (a brute force,
        the module's generator in a fresh process): the bundle's, killed at STUCK at least."""
        return replace(self.limits, timeout=max(self.limits.timeout, STUCK))

    def overtime(self) -> float:
        """Seconds past the ``--seconds`` budget a batch of files may take: OVERTIME beyond
        the longest its programs may run before they are killed (the generator's, the brute
        force's and the bundle's; a 4 s limit's bundle is killed at 12 s)."""
        longest = self.limits.timeout
        if self.source.brute is not None:
            longest += self.tool_limits().timeout
        if self.source.gen is not None:
            longest += self.limits.timeout
        return OVERTIME + longest

    def judge(
        self, text: str, name: str = "case", label: str = "", seed: int | None = None
    ) -> Outcome:
        """Run the bundle on ``text`` and judge it against the expected answer, or play it
        (``name``: of the files a checker reads; ``label``: the file as the report names
        it). The verdicts are the build's, except that a run over the time limit but not
        killed passes: runs side by side are not timed as a judge times them; the slowest
        such files of the search (``seed``: the file's) are timed again alone (``retime``)."""
        self._go_on()
        doing = _doing(name, seed, text)
        expected = self.answer(text, doing)
        self._go_on()  # its files are not written into a folder being removed
        answer = None if expected is None else self.folder / f"{name}.ans"
        case = Case(name, self.folder / f"{name}.in", answer)
        case.input.write_text(text, encoding="utf-8")
        if answer is not None and expected is not None:
            answer.write_bytes(expected)
        outcome, run = self._bundle_run(case, doing)
        if outcome.word != TLE:
            with self._lock:  # as the limit counts it
                self.slowest = max(self.slowest, (outcome.seconds, label or name))
                late = time_over(self.limits, outcome.seconds)  # the one rule (a game's: never)
                self.over_limit += outcome.word == OK and late is not None
                if outcome.word == OK and late is not None and seed is not None:
                    self.late = sorted([*self.late, (outcome.seconds, seed, text)])[-LATE_KEPT:]
        played = self.source.interactor is not None
        if outcome.word == OK:
            return Outcome(False, got=run.stdout, expected=expected, played=played)
        if outcome.word == JE:  # the interactor's or checker's failure: no verdict to shrink
            where = on_input(self.problem, "judge-failed", text)  # with what made it, if known
            raise JudgeFailed(f"{self.problem.slug}: {where}: {outcome.message}")
        over = run.stdout_bytes - 1 if run.stdout_bytes > len(run.stdout) else 0
        message, word, details = outcome.message, outcome.word, outcome.details
        failed = Outcome(True, message, run.stdout, word, expected, details, over, played)
        failed.wall, failed.waited = run.seconds, run.waited
        return failed

    def retime(self) -> tuple[int, str, Outcome] | None:
        """The slowest files that passed over the time limit, each run ``RETIMED`` times more,
        alone, as the build times a case near its limit: (seed, text, a TLE outcome) of the
        first whose median is over the limit, the one rule; else None."""
        for _seconds, seed, text in reversed(self.late):
            runs = []
            for _ in range(RETIMED):
                self._go_on()
                case = Case("timed", self.folder / "timed.in", None)
                case.input.write_text(text, encoding="utf-8")
                outcome, _run = self._bundle_run(case, f"timed alone on the file of seed {seed}")
                if outcome.word not in (OK, TLE):
                    break  # it fails otherwise: not a question of time
                runs.append(outcome.seconds)
            if len(runs) < RETIMED:
                continue
            median = sorted(runs)[len(runs) // 2]
            over = time_over(self.limits, median, len(runs))
            if over is not None:
                said = f"{message(TLE, over)}, timed again alone"
                return seed, text, Outcome(True, said, word=TLE, details=self._times(runs))
        return None

    def _bundle_run(self, case: Case, doing: str):
        """The bundle judged on ``case`` once (``CaseJudge.once``), told to the live line."""
        with self.under_way.running(f"the bundle ({self.label})", doing, self.limits.timeout):
            return self.judge_case.once(case, self.runner, self.limits)

    def _times(self, runs: list[float]) -> list[str]:
        """A file's runs alone, as the report shows them: a heading, then each time."""
        heading = (
            f"time of each run alone (the limit: {self.limits.time:g} s; its answer was right):"
        )
        return [heading, *(f"{seconds:.3f} s" for seconds in runs)]

    def _go_on(self) -> None:
        if self.stopped.is_set():
            raise Abandoned

    def abandon(self, thread: threading.Thread) -> None:
        """The command is stopped: no more files judged, the runs under way ended, and
        ``thread`` (judging) waited for a moment, so that its files are not written into the
        run's folder while it is removed; the live line stopped before what is said next."""
        self.under_way.stop()
        self.stopped.set()
        end_sessions()
        end_runs()
        thread.join(ABANDON_WAIT)


def search(  # noqa: PLR0913
    stress: Stress,
    seed: int,
    params: dict,
    *,
    limit_cases,
    limit_seconds,
    jobs: int,
    note: Callable[[str], None] = lambda line: None,
):
    """(seed, text, outcome) of the first failing file, or None; ``note`` hears, once, when
    the first ``SAME_FILES`` files are one and the same (a generator that ignores its seed)."""
    deadline = None if limit_seconds is None else time.monotonic() + limit_seconds
    index = 0
    first: list[str] = []  # the first files, in seed order, up to SAME_FILES

    def one(i: int):
        _under_watch.on = True  # by ``_results``
        text = stress.make(seed + i, params)
        made = f"the file of {file_of(seed + i, params)}"
        try:
            with made_by(made):  # the input's phrase in the reference's error says it
                outcome = stress.judge(text, f"case{i % jobs}", f"seed {seed + i}", seed + i)
        except JudgeFailed:  # its message names the seed already
            raise
        except NoAnswer as error:  # the reference's: which file, to make it again
            if made in str(error):  # said with its input
                raise
            raise NoAnswer(f"{error} ({made})") from None
        return seed + i, text, outcome

    pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
    futures: list = []
    try:
        while True:
            if limit_cases is not None and index >= limit_cases:
                return None
            if deadline is not None and time.monotonic() >= deadline:
                return None
            batch = jobs if limit_cases is None else min(jobs, limit_cases - index)
            futures = [pool.submit(one, i) for i in range(index, index + batch)]
            results = _results(futures, deadline, stress, seed + index)
            index += batch
            stress.count += batch
            if len(first) < SAME_FILES:
                first += [text for _seed, text, _outcome in results][: SAME_FILES - len(first)]
                if len(first) == SAME_FILES and len(set(first)) == 1:
                    note(_same_files_note(stress, seed))
            for result in results:
                if result[2].failed:
                    return result
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM: the runs leave off before the clean-up
        stress.under_way.stop()  # the runs left may tick: the line is not left for what follows
        stress.stopped.set()
        end_sessions()
        end_runs()
        concurrent.futures.wait(futures, timeout=ABANDON_WAIT)
        raise
    finally:  # a generator that never returns must not hold the kit at its exit
        pool.shutdown(wait=False, cancel_futures=True)


def _doing(name: str, seed: int | None, text: str) -> str:
    """On what a program runs, as the live line says it: a file of the search, an input the
    shrink tries, the shrunk input run again."""
    if seed is not None:
        return f"on the file of seed {seed}"
    if name == "shrink":
        return f"on an input the shrink tries ({len(text.encode())} bytes)"
    return "on the shrunk input" if name in ("final", "again") else "on an input"


def file_of(seed: int, params: dict[str, int]) -> str:
    """``seed 4, parameters n=20 bound=100``: what makes a file, as the messages name it."""
    shown = " ".join(f"{name}={value}" for name, value in params.items()) or "none"
    return f"seed {seed}, parameters {shown}"


def _same_files_note(stress: Stress, seed: int) -> str:
    """The note for a run whose first ``SAME_FILES`` files are the same, byte for byte: a
    note, not an error, as tiny parameters may allow only a few files."""
    source = stress.source
    draws = "its SEED argument" if source.gen is not None else "the rng it is given"
    return (
        f"note: seeds {seed} to {seed + SAME_FILES - 1} made the same file, byte for byte: "
        f"{source.generator} seems to ignore its seed (its files must come from {draws}), "
        "or has only a few files to make"
    )


def _results(futures: list, deadline: float | None, stress: Stress, first: int) -> list:
    """The futures' results in seed order, up to the first failing file; a one-line error
    when they are not all done ``Stress.overtime()`` past the deadline, or when one of the module's
    functions has run for STUCK seconds (only the module's own functions can hang: every
    program the run starts is killed at its limit)."""
    overtime = stress.overtime()
    ends = None if deadline is None else max(deadline, time.monotonic()) + overtime
    while True:
        timeout = POLL if ends is None else min(POLL, max(0.0, ends - time.monotonic()))
        done, pending = concurrent.futures.wait(futures, timeout=timeout)
        if not pending or (ends is not None and time.monotonic() >= ends):
            break
        failed = _failure_so_far(futures)
        if failed is not None:  # a later seed still running (hung, perhaps) cannot hide it
            return failed
        _check_stuck(stress, f"the files from seed {first}", batch=True)
    if pending:
        failed = _failure_so_far(futures)
        if failed is not None:
            return failed
        source = stress.source
        raise _given_up(
            stress,
            f"{stress.problem.slug}: the files from seed {first} were not made and judged "
            f"{overtime:g} s past the --seconds budget ({source.generator}, or "
            f"{source.reference}, may never return)",
        )
    return _up_to_first_failure(futures)


def _failure_so_far(futures: list) -> list | None:
    """The results up to a failing file when every seed before it is done, else None."""
    for index, future in enumerate(futures):
        if not future.done():
            return None
        if future.result()[2].failed:
            return _up_to_first_failure(futures[: index + 1])
    return None


def _up_to_first_failure(futures: list) -> list:
    """The results of done futures in seed order, up to and including the first failing
    file: an error raised for a later seed (a brute force's crash) does not hide it; one
    raised for an earlier seed is raised."""
    results = []
    for future in futures:
        results.append(future.result())
        if results[-1][2].failed:
            break
    return results


def watched(stress: Stress, work: Callable[[], T], what: str, stuck: float | None = None) -> T:
    """``work()``'s result, run in a thread of its own; a one-line error when a call of the
    stress module's in it has run for ``stuck`` seconds (``Stress.module_stop()`` by default;
    the thread is then left behind)."""
    box: dict[str, Any] = {}

    def target() -> None:
        _under_watch.on = True
        try:
            box["result"] = work()
        except BaseException as error:  # handed to the caller's thread
            box["error"] = error

    thread = threading.Thread(target=target, daemon=True)
    before, stress.stuck = stress.stuck, stress.stuck if stuck is None else stuck
    thread.start()
    try:
        while thread.is_alive():
            thread.join(POLL)
            if thread.is_alive():
                _check_stuck(stress, what)
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM: the work leaves off before the clean-up
        stress.abandon(thread)
        raise
    finally:
        stress.stuck = before
    if "error" in box:
        raise box["error"]
    return box["result"]


def _check_stuck(stress: Stress, what: str, batch: bool = False) -> None:
    """A one-line error when a call of the stress module's has run for
    ``Stress.module_stop()`` seconds, or has grown the kit's memory past its cap
    (``module_memory_cap``). ``what``: what the call was for; a ``batch`` of the search's
    files is left unsaid when the call's own file is told (its seed said once)."""
    stuck = stress.module_stop()
    module = stress.source.module
    longest = None if module is None else module.longest_call()
    if longest is None:
        return
    if longest[0] >= stuck:
        on = _given_up_on(stress, longest[1])
        said = "" if batch and on else f" ({what})"
        raise _given_up(
            stress,
            f"{stress.problem.slug}: {module.where}: {longest[1]}() has not returned in "
            f"{stuck:g} s{said}; it may never return{on}",
        )
    now, cap = resident_mib(), module_memory_cap(stress.problem)
    if now is not None and stress.resident_at_start is not None:
        grown = now - stress.resident_at_start
        if grown > cap:
            raise _given_up(
                stress,
                f"{stress.problem.slug}: {module.where}: {longest[1]}() holds {grown} MiB "
                f"({what}), over the {cap} MiB a stress module's call may take here "
                f"({MODULE_MEMORY_FACTOR} x the memory limit, at least "
                f"{MODULE_MEMORY_LEAST_MIB} MiB): stopped before it exhausts this machine",
            )


def _given_up(stress: Stress, message: str) -> GivenUp:
    """The error of a run given up, its live line stopped first: the call given up stays
    under way, and must not write over the messages that follow."""
    stress.under_way.stop()
    return GivenUp(message)


def _given_up_on(stress: Stress, function: str) -> str:
    """What the stress module's ``function`` given up was doing, as its message ends: its
    input shown or saved (as a failing brute force's is) and which file that is, or the file
    it was making: `` (on the input saved as /tmp/a-stuck-....in, the file of seed 8)``."""
    source = stress.source
    program = {"reference": source.reference, "generate": source.generator}.get(function)
    found = None if program is None else stress.under_way.longest(program)
    if found is None:
        return ""
    doing, text = found
    if text is None:
        return f" ({doing})"
    return f" ({on_input(stress.problem, 'stuck', text)}, {doing.removeprefix('on ')})"


def module_memory_cap(problem: Problem) -> int:
    """MiB a running call of the stress module's may add to the kit's resident memory."""
    return max(MODULE_MEMORY_LEAST_MIB, MODULE_MEMORY_FACTOR * problem.memory_limit)


def resident_mib() -> int | None:
    """This process's resident memory in MiB (Linux's /proc), or None where it cannot be read."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE") // (1 << 20)

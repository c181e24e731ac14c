"""A testlib checker as a comparison rule (``checker:PATH``): ``CheckerComparator`` runs it as
``PATH INPUT OUTPUT ANSWER`` and reads its exit status as testlib's. A ``quitp`` (exit status
7) is a points judgement, its points kept as ``Judgement.score``: it accepts the output only
where the problem is scored by them (``scored_points``: ``verify``'s Polygon scoring problem,
``kit.verify.polygon_points``), and is a wrong answer naming them where the problem is
pass/fail (the build, ``run``, ``stress``), as a pass/fail judge takes a partial score. A
``quitf(_pc(N), ...)`` (exit status N, its verdict line ``partially correct (N)``: testlib's
older partial score) is read alike, its score N of 200 (``N/200``: a share of the test's
points), whatever N's status would say alone.

``checker_failure`` is the judgement of a checker (or output validator) that failed, never the
solution's fault; ``hang_said`` and ``killed_said`` say its kill at its time-out (wall time)
or by a signal (``SIGXCPU``: its CPU time limit, said when it has one; ``SIGKILL`` at the
hard one, a second later, for one that ignored ``SIGXCPU``: ``Ran.hard_cpu_stop``; the
kernel's out-of-memory killer's ``SIGKILL``, or perhaps its: ``Ran.oom``);
``within_memory`` adds its memory limit to one that failed of memory (a ``MemoryError``, a
``std::bad_alloc``, a signal a refused allocation ends in), and to no other.
``HangRecord`` remembers each judging program killed at its time-out (or its CPU time limit:
``killed_at``), which is not run again:
a checker, an output validator, an input validator (``kit.run.input_validators``).
The statuses and their meaning as the user sees them are ``kit.judges.compare``'s docstring's;
the messages ``kit.judges.judge_messages``'s.
"""

from __future__ import annotations

import re
import signal
import tempfile
import threading
from collections.abc import Hashable
from dataclasses import replace
from pathlib import Path

from kit.judges.comparator import Comparator, Judgement
from kit.judges.judge_messages import (
    TESTLIB_PARTIAL_OF,
    TESTLIB_POINTS,
    TESTLIB_PRESENTATION,
    TESTLIB_REJECTS,
    judge_message,
    not_started,
    summary_line,
    testlib_failure,
    testlib_partial,
    testlib_points,
)
from kit.judges.programs import Program
from kit.processes import OomKill, cpu_limits, program_ran, signal_name


class CheckerComparator(Comparator):
    def __init__(  # noqa: PLR0913
        self,
        spec: str,
        program: Program,
        root: Path,
        timeout: float,
        memory: int | None = None,
        cpu: float | None = None,
        scored_points: bool = False,
    ) -> None:
        self.spec = spec
        self.program = program
        self.root = root
        self.timeout = timeout  # seconds of wall time (with ``cpu``, its back-stop)
        self.memory = memory  # MiB of address space, None: no limit (``kit.processes``)
        self.cpu = cpu  # seconds of CPU time, None: no limit (``kit.processes``)
        self.scored_points = scored_points  # the problem is scored by a checker's points
        self.hangs = HangRecord()

    def prepare(self) -> None:
        self.program.argv()

    def judge(self, input_path: Path, expected: bytes, got: bytes) -> Judgement:
        refusal = self.hangs.refusal()
        if refusal is not None:
            return checker_failure(refusal, hung=True)
        with tempfile.TemporaryDirectory(prefix="kit-check-") as folder:
            input_file, output_path, answer_path = judged_files(folder, input_path, expected, got)
            argv = [*self.program.argv(), input_file, str(output_path), str(answer_path)]
            try:
                ran = program_ran(argv, self.root, self.timeout, memory=self.memory, cpu=self.cpu)
            except OSError as error:
                return checker_failure(f"cannot start {self.program.shown}: {error}")
        status, stdout, stderr, hung, hard_stop = ran[:5]
        self.hangs.record(killed_at(hung, status, self.timeout, self.cpu, hard_stop))
        if hung:
            return checker_failure(hang_said(self.timeout, self.cpu), hung=True)
        if hard_stop:
            return checker_failure(killed_said(status, self.cpu, hard_stop))
        verdict = _checker_verdict(status, stdout, stderr, self.cpu, ran.oom, self.scored_points)
        return within_memory(verdict, self.memory, status, stderr)


def judged_files(folder: str, input_path: Path, expected: bytes, got: bytes) -> tuple:
    """The files a judging program reads, the output and the answer written into ``folder``:
    the input's whole path, the output's and the answer's."""
    output_path, answer_path = Path(folder, "output"), Path(folder, "answer")
    output_path.write_bytes(got)
    answer_path.write_bytes(expected)
    return str(Path(input_path).resolve()), output_path, answer_path


# why a checker's points are not an accept where the problem is pass/fail
UNSCORED = "a score, not an accept where the problem is pass/fail"


def _checker_verdict(
    status: int,
    stdout: bytes,
    stderr: bytes,
    cpu: float | None,
    oom: OomKill | None = None,
    scored: bool = False,
) -> Judgement:
    """What a testlib checker's exit status and words say, once it ended by itself (or by
    its ``cpu`` limit, or the out-of-memory killer: ``oom``); ``scored``: the problem is
    scored by a checker's points (``_points_verdict``)."""
    if status < 0:
        return checker_failure(killed_said(status, cpu, oom=oom))
    partial = testlib_partial(status, stderr)
    if partial is not None:
        return _partial_verdict(partial, stdout, stderr, scored)
    if status == 0:
        return Judgement(True, summary_line(stdout, stderr))
    if status == TESTLIB_POINTS:
        return _points_verdict(stdout, stderr, scored)
    message = judge_message(stdout, stderr)
    failure = not_started(status, message) or testlib_failure(status)
    if failure is not None:
        said = "" if failure.endswith(message) else message
        return checker_failure(failure + (f": {said}" if said else ""))
    meaning = TESTLIB_REJECTS[status]
    return Judgement(
        False,
        f"checker: {message or meaning} (exit status {status})",
        presentation=status in TESTLIB_PRESENTATION,
    )


def _points_verdict(stdout: bytes, stderr: bytes, scored: bool) -> Judgement:
    """A checker's ``quitp`` (exit status 7), its points (``Judgement.score``) as its verdict
    line gives them. ``scored`` (the problem is scored by them, as Polygon and Codeforces
    score one): the output accepted with them, and without a number (``quitpi``'s
    ``points_info=...``, or no ``points`` line) a failure of the checker, there being no
    score (testlib itself fails so when it writes a result file: "Expected points, but
    infinity found"). Else (a pass/fail problem, whose judge reads the status alone): a wrong
    answer naming them, full marks and no number included."""
    points = testlib_points(stderr)
    said = summary_line(stdout, stderr)
    if not scored:
        named = "points without a number" if points is None else f"points {points}"
        why = f"exit status 7, testlib's quitp: {named}, {UNSCORED}"
        return Judgement(False, f"checker: {said or 'points'} ({why})", score=points)
    if points is None:
        failure = "exit status 7 (testlib's points) with no points"
        return checker_failure(f"{failure}: {said}" if said else failure)
    return Judgement(True, said, score=points)


def _partial_verdict(share: int, stdout: bytes, stderr: bytes, scored: bool) -> Judgement:
    """A checker's ``quitf(_pc(N), ...)`` (exit status N, ``share``), its score ``N/200`` (of
    the test's points, ``kit.verify.polygon_points``): accepted with it where the problem is
    scored by points, else a wrong answer naming it, ``_pc(0)``'s exit status 0 and
    ``_pc(200)``'s full marks included (``_points_verdict``'s rule)."""
    score = f"{share}/{TESTLIB_PARTIAL_OF}"
    said = summary_line(stdout, stderr)
    if scored:
        return Judgement(True, said, score=score)
    why = f"exit status {share}, testlib's _pc({share}): {score} of the points, {UNSCORED}"
    return Judgement(False, f"checker: {said or 'partially correct'} ({why})", score=score)


def checker_failure(what: str, hung: bool = False) -> Judgement:
    return Judgement(False, f"checker failed: {what}", checker_failed=True, hung=hung)


def hang_said(timeout: float, cpu: float | None) -> str:
    """A judging program killed at its time-out: ``timeout`` seconds of wall time, the
    back-stop of its ``cpu`` limit when it has one (it slept, or waited)."""
    if cpu is None:
        return f"no verdict after {timeout:g} s (killed)"
    return f"no verdict after {timeout:g} s of wall time (killed; its limit: {cpu:g} s of CPU time)"


def killed_at(
    hung: bool, status: int, timeout: float, cpu: float | None, hard_stop: bool = False
) -> float | None:
    """The seconds a judging program was killed at, if it was: its time-out (``hung``), or
    its ``cpu`` limit (``SIGXCPU``; the hard one, ``hard_stop``); else None."""
    if hung:
        return timeout
    if cpu is not None and hard_stop:
        return cpu_limits(cpu)[1]
    return cpu if cpu is not None and -status == signal.SIGXCPU else None


def killed_said(
    status: int, cpu: float | None, hard_stop: bool = False, oom: OomKill | None = None
) -> str:
    """A judging program killed by the signal ``-status``; ``SIGXCPU``, that of its ``cpu``
    limit, says the limit; ``SIGKILL`` at its hard one (``hard_stop``) says both; another
    ``SIGKILL`` while the kernel's out-of-memory killer killed (``oom``) says that killer, or
    perhaps it (``OomKill.said``)."""
    if oom is not None and not hard_stop and -status == signal.SIGKILL:
        return f"killed by {oom.said()}"
    said = f"killed by {signal_name(-status)}"
    if cpu is not None and hard_stop:
        soft, hard = cpu_limits(cpu)
        return (
            f"{said} at its hard CPU limit ({hard} s of CPU time; it ignored SIGXCPU at {soft} s)"
        )
    if cpu is not None and -status == signal.SIGXCPU:
        return f"{said} (its limit: {cpu:g} s of CPU time)"
    return said


# how a program held to an address space ends once an allocation past it fails: CPython's and
# PyPy's MemoryError, C++'s std::bad_alloc (said before std::terminate's SIGABRT, or caught and
# said), a null pointer malloc returned used or a stack not grown (SIGSEGV, SIGBUS), an abort
# of the allocator or runtime (SIGABRT), the kernel's SIGKILL of an exec it could not map
MEMORY_WORDS = re.compile(rb"\bMemoryError\b|\bstd::bad_alloc\b")
MEMORY_SIGNALS = frozenset({signal.SIGSEGV, signal.SIGBUS, signal.SIGABRT, signal.SIGKILL})


def within_memory(
    judgement: Judgement, memory: int | None, status: int, stderr: bytes
) -> Judgement:
    """A failure of a program held to ``memory`` MiB that is one of memory (its exit
    ``status``, its ``stderr``: ``MEMORY_WORDS``, or killed by one of ``MEMORY_SIGNALS``) says
    the limit; any other judgement as it is (an ``IndexError``, a testlib checker's
    ``quitf(_fail)``, a time-out: no word of memory)."""
    if memory is None or not judgement.checker_failed or judgement.hung:
        return judgement
    if not (-status in MEMORY_SIGNALS or MEMORY_WORDS.search(stderr)):
        return judgement
    return replace(judgement, message=f"{judgement.message} (its memory limit: {memory} MiB)")


class HangRecord:
    """The judging programs killed at their time-out once: none of them is run again, each
    later run is said not to be (one that hangs on every case would otherwise cost its
    time-out each). A program is told by its key (a comparator holds one program: None; the
    input validators, their argv); threads may share a record (``verify`` runs validators side
    by side)."""

    def __init__(self) -> None:
        self._killed: dict[Hashable, float] = {}  # a program's key -> the time-out it hung at
        self._lock = threading.Lock()

    def killed(self, timeout: float, program: Hashable = None) -> None:
        """``program`` was killed at ``timeout``: it is not run again."""
        with self._lock:
            self._killed.setdefault(program, timeout)

    def record(self, killed_at: float | None, program: Hashable = None) -> None:
        """``killed`` when ``program`` was killed at a time (``killed_at``), else nothing."""
        if killed_at is not None:
            self.killed(killed_at, program)

    def refusal(self, program: Hashable = None, earlier: str = "case") -> str | None:
        """Why ``program`` is not run, once it hung on an earlier ``earlier`` ("case",
        "input"), else None."""
        with self._lock:
            timeout = self._killed.get(program)
        if timeout is None:
            return None
        return f"not run: it was killed at {timeout:g} s on an earlier {earlier}"

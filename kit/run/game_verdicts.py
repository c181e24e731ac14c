"""The verdict of a game (``kit.run.interact``), read from how its two sides ended: how each
process exited and when (``Exit``), who the kit killed and why, who stopped talking first, what
the interactor said and how its exit status reads (``Statuses``), all held in an ``Ending``;
``verdict`` gives the word and what happened.

Except for a Kattis validator (42 accepts, 43 is a wrong answer, any other status is its own
failure), an interactor's exit status is read as a checker's (``kit.judges.compare``,
testlib's codes): 0 accepts; 1, 7 and 8 are a wrong answer, 1 with or without a traceback (a
Python interactor that rejects by raising, an ``assert`` or an exception on a malformed line,
exits with 1: the exception's line is the message; one that raised before the solution wrote
anything, its output still open, is its own failure: ``Ending.raised_unprompted``); 2 and 4
a presentation error; 3, a status testlib does not define or a signal is the interactor's own
failure. Testlib's points (``quitp``: exit status 7, its ``points P`` line; ``quitf(_pc(N),
...)``: exit status N, its ``partially correct (N)`` line, score ``N/200``) are read as a
checker's (``kit.judges.checker_compare``): where the problem is scored by them
(``Statuses.points``, ``kit.run.cases.RunOptions.scored_points``: ``verify``'s Polygon scoring
problem) the interactor accepted, with them as the game's score (exit 7 without a number, its
failure), else a wrong answer naming them (``_pc(N)``'s exit status alone, 0 to 8, says nothing
of it).

Verdicts (words of ``kit.run.verdicts``), first match wins:

- ``OLE``: the solution wrote more than the output limit while the interactor still read
  (what it writes after the interactor stopped is not counted: a judge's closed pipe takes
  none of it); never in a game run as problemtools runs it (below), which measures none;
- ``WA`` (``PE``, ``JE`` by the exit status, as above): the interactor stopped first, with a
  non-zero status. What the solution did after that (it may loop on a closed pipe until it
  is killed) does not change the verdict;
- ``RE``: the solution killed its parent, the watch, or stopped it (it is ended at once);
- ``MLE``: its memory is over the limit, counted as ``kit.run.limits`` counts it;
- ``TLE``: in a game timed as a whole, the solution failed by itself (a non-zero status, a
  signal) or was killed for memory after its CPU time was over the limit: every judge
  judges the time first (``kit.run.limits.exceeded``), but for an interactor's failure in a
  game run as problemtools runs it (read before the submission's, below);
- ``JE`` (interactor busy): the solution was still running at the timeout of a game timed as
  a whole, its CPU time under the limit, and the interactor, still running too, had spent
  at least half the game's time running or ready to run (it loops, or thinks too long): its
  own CPU and what it waited for a core other work held (on a loaded machine a spinning
  interactor gets little CPU), and the solution less than half of the interactor's figure,
  counted alike (two sides taking turns spend alike);
- ``JE`` (not judged here): the solution was still running at the timeout, its CPU time under
  the limit, having waited at least half the game's time for a core other work on this
  machine held: in a game timed per move, whose deadline stays; in a game timed as a whole,
  whose deadline moves on by what its two sides waited, as a batch run's does, once that
  reached its bound (``kit.run.game_deadline.STRETCH`` times the timeout);
- ``TLE`` (idle): the solution was still running at the timeout (both sides waiting for
  each other, or the solution going on after the interactor accepted);
- ``WA`` (``PE``, ``JE``): the solution closed its stdout first, the interactor then
  rejected, and the solution ran on until the grace period ended it (that kill is the kit's,
  not a crash of the solution's);
- ``JE``: in a game run as problemtools runs it (a Kattis validator's, or any game of a judge
  whose profile says so, Kattis': ``kit.judges.profiles.PROBLEMTOOLS``), the interactor
  failed (a Kattis validator's status other than 42 and 43, testlib's 3, a signal), whoever
  stopped first: problemtools' ``judge/execute.py`` (``_run_interactive``) reads the
  validator's failure before the submission's;
- ``RE``: the solution stopped first with a non-zero status or a signal, or failed after the
  interactor accepted (a write once the interactor has exited fails, its pipe closed, as on a
  judge whose two pipes are joined; not in a game run as problemtools runs it, whose pipe from
  the solution stays open until the solution exits unless it rejected: problemtools'
  ``support/interactive/interactive.cc``, whose pipes also hold 1 MiB each way);
- ``WA`` (``PE``, ``JE``): the interactor rejected or failed after the solution had exited
  normally;
- ``ok``.

A verdict's message never says which of two near-simultaneous ends came first, since that is
the scheduler's choice and the same game would be said two ways from run to run: an
interactor's rejection or failure says the interactor's message alone, whichever side
stopped first: never the solution's own status, which after a rejection races too (a write to
the closed pipe, exit 120, or none before its end of input, 0), nor that the kit ended it
after the grace period (a flood dies in the closed pipe or lives to be ended, by whether its
write had finished); a solution's failure says whether the interactor accepted
(``INTERACTOR_ACCEPTED``), whichever exited first. Only the verdict follows the order
(Codeforces' rule), and only where the exits were ``EXIT_ORDER_MARGIN`` apart or the relay
saw the solution's output end first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kit.judges.judge_messages import (
    TESTLIB_PARTIAL_OF,
    TESTLIB_POINTS,
    TESTLIB_PRESENTATION,
    not_started,
    testlib_failure,
    testlib_partial,
    testlib_points,
)
from kit.judges.programs import KATTIS_ACCEPTED, kattis_failure
from kit.processes import signal_name
from kit.run.game_deadline import STRETCH
from kit.run.game_transcript import LINE_CHARS
from kit.run.limits import SAID_FROM, Limits, exceeded, over_limit, said_moved
from kit.run.process import MEMORY, PARENT, TIME
from kit.run.verdicts import JE, KILLED_PARENT, MLE, OK, OLE, PE, RE, TLE, WA
from kit.visible import last_line

INTERACTOR_ACCEPTED = " (the interactor accepted)"  # the end of a failure's message
# problemtools' runner (support/interactive/interactive.cc, walltime_handler): a validator that
# has not exited by the wall limit is sent SIGTERM and its status taken as 43
HUNG_VALIDATOR = (
    "; problemtools takes a validator still running at its wall limit as a rejection (43): WA"
)
EXIT_ORDER_MARGIN = 0.2  # seconds an interactor's exit must lead a solution's to come first
BACKSTOP_SECONDS = 2.0  # past the solution's own watch, the build kills both sides itself
BUSY_SHARE = 0.5  # of a game's time on the interactor's CPU: it was busy, not the game idle


@dataclass
class Exit:
    """How one side's process ended: as it was reaped, and for the solution what its watch
    measured (for the interactor, its wait for a core is what the game's deadline read:
    ``kit.run.game_deadline``)."""

    code: int  # os.waitstatus_to_exitcode: negative for a signal
    at: float  # time.monotonic() when it was reaped (the solution: by its watch, ``measured``)
    cpu: float = 0.0
    peak_kib: int = 0
    killed: str | None = None  # by the solution's watch: TIME or MEMORY
    processes: int = 1  # how many processes ``peak_kib`` counts together
    waited: float = 0.0  # seconds it was ready to run but waited for a core other work held


@dataclass(frozen=True)
class Statuses:
    """How an interactor's exit status reads: testlib's (0 accepts), or a Kattis validator's
    (42 accepts, 43 rejects, anything else is its own failure); ``problemtools``: the game is
    run as problemtools' runner runs it (a Kattis validator's, or any game of a judge whose
    profile says so: ``kit.judges.profiles.PROBLEMTOOLS``); ``points``: the problem is scored
    by testlib's points, which accept (the module doc)."""

    kattis: bool = False
    problemtools: bool = False
    points: bool = False

    @property
    def accepted(self) -> int:
        return KATTIS_ACCEPTED if self.kattis else 0

    def failure(self, code: int) -> str | None:
        return kattis_failure(code) if self.kattis else testlib_failure(code)

    def rejection(self, code: int) -> str:
        """The verdict of a status that rejects: 2 and 4 (testlib's) a presentation error,
        any other a wrong answer."""
        return PE if not self.kattis and code in TESTLIB_PRESENTATION else WA


@dataclass(frozen=True)
class Ending:
    """How a game ended, as ``verdict`` reads it. ``killed_at`` is when a solution over the
    wall-clock timeout was killed: an interactor that ended after it ended because of the kill
    (the order the two are reaped in is not). ``interactor_said``: its message; ``statuses``:
    how its exit status reads."""

    solution: Exit
    interactor: Exit
    killed: dict[str, str]
    first_end: str | None
    solution_stderr: bytes
    interactor_said: str
    output_over: bool
    killed_at: float
    statuses: Statuses
    added: float = 0.0  # seconds the allowance added to the timeout (kit.run.game_deadline)
    sides_waited: float = 0.0  # the seconds of it the two sides had waited for a core, uncapped
    score: str | None = None  # the interactor's score.txt, or testlib's points (``partial``)
    next_input: bytes | None = None  # its nextpass.in
    # it ended by testlib's points (quitp, _pc(N): ``partial_score``), its score ``score``
    partial: bool = False
    # the interactor raised (a traceback) having heard nothing: no byte from the solution, whose
    # output was still open
    raised_unprompted: bool = False

    @property
    def first_exit(self) -> str:
        """Which side's process exited first, where that is sure: a solution that closed its
        output and ran on. (A solution's end of output can reach the interactor before its
        exit can be reaped, so an interactor a little ahead may have reacted to that end.)"""
        ahead = self.solution.at - self.interactor.at
        return "interactor" if ahead > EXIT_ORDER_MARGIN else "solution"

    @property
    def solution_crashed_first(self) -> bool:
        """Whether the solution failed (a non-zero status, a signal) and exited clearly before
        the interactor, though the interactor closed its output first: judges go by the exits
        (Codeforces' rule, problemtools' ``first``, DOMjudge's runpipe), a runtime error."""
        ahead = self.interactor.at - self.solution.at
        failed = _solution_failure(self.solution, self.solution_stderr) is not None
        return failed and ahead > EXIT_ORDER_MARGIN and self.first_end != "solution"

    @property
    def rejected_first(self) -> bool:
        """Whether the interactor, never killed, rejected before the solution ended (the
        solution ran on after it, or ended later by itself)."""
        if "interactor" in self.killed or not self.rejected:
            return False
        return self.first_end != "solution" and not self.solution_crashed_first

    @property
    def crash(self) -> str | None:
        if self.partial:
            return _points_failure(self) if self.statuses.points else None
        crash = _interactor_crash(self.interactor, self.interactor_said, self.statuses)
        if crash is None and self.raised_unprompted and self.interactor.code == 1:
            return f"failed: it raised before the solution wrote anything: {self.said}"
        return crash

    @property
    def rejected(self) -> bool:
        if self.partial:
            return not self.statuses.points
        return self.interactor.code != self.statuses.accepted

    @property
    def said(self) -> str:
        return self.interactor_said or f"exit status {self.interactor.code}"


def verdict(end: Ending, limits: Limits) -> tuple[str, str]:
    """A verdict word of ``kit.run.verdicts`` and what happened (without the verdict's name),
    in the order of the module doc."""
    return _stopped_early(end, limits) or _ran_on(end) or _ended(end, limits)


def _ran_on(end: Ending) -> tuple[str, str] | None:
    """A solution that closed its stdout first, then ran on past the interactor's rejection
    until the kit ended it: the rejection is the verdict (the kill is no crash of its own)."""
    if end.killed.get("solution") != "grace":
        return None
    return _rejection(end)


def _rejection(end: Ending) -> tuple[str, str]:
    """The interactor's rejection (``WA``, ``PE``) or failure (``JE``), said the same whichever
    side stopped first (the module doc)."""
    if end.crash:
        return JE, f"interactor {end.crash}"
    if end.partial:  # a pass/fail problem's: testlib's points are no accept (the module doc)
        return WA, f"{end.said} ({_points_said(end)}, {UNSCORED_POINTS})"
    return end.statuses.rejection(end.interactor.code), end.said


def _stopped_early(end: Ending, limits: Limits) -> tuple[str, str] | None:
    """The verdicts that do not wait for both sides' endings: the output limit, the
    interactor's rejection before the solution ended, the memory limit, a failure past the
    time limit, the idle timeout."""
    if end.output_over:  # killed, or ended by the pipe the cap closed
        return OLE, f"more than {limits.output_bytes / (1 << 20):g} MiB written (killed)"
    if end.rejected_first:
        return _rejection(end)
    if end.killed.get("solution") == PARENT:
        return RE, KILLED_PARENT
    solution = end.solution
    memory = exceeded(
        limits,
        output_over=False,
        killed=solution.killed,
        peak_kib=solution.peak_kib,
        processes=solution.processes,
        seconds=solution.cpu,
        crashed=_failed_by_itself(end),
    )
    if memory is not None and memory[0] == MEMORY:
        return MLE, memory[1]
    if memory is not None and solution.killed != TIME:  # a failure past the time limit
        return TLE, memory[1]
    return idle(end, limits)


def _failed_by_itself(end: Ending) -> str:
    """The solution's failure, said, where it failed by itself (not killed by its watch or by
    the kit), and no interactor's failure is read before it (problemtools); else ""."""
    if end.solution.killed is not None or "solution" in end.killed or _validator_failed(end):
        return ""
    return _solution_failure(end.solution, end.solution_stderr) or ""


def _validator_failed(end: Ending) -> bool:
    """Whether the interactor failed in a game run as problemtools runs it, which reads that
    before the submission's end (its own kill at its wall limit is no failure of the
    validator: judge/execute.py reads the submission's then)."""
    return bool(end.crash) and end.statuses.problemtools and "interactor" not in end.killed


def idle(end: Ending, limits: Limits) -> tuple[str, str] | None:
    """The idle timeout: the solution still running when its watch or this process killed it."""
    if not killed_at_timeout(end):
        return None
    solution = end.solution
    cpu = f"{solution.cpu:.2f} s CPU"
    timeout = _timeout_said(end, limits)
    starved = _starved(end, limits)
    # busy, not idle: its CPU, or what other work took of it unless that was most of the game
    busy = solution.cpu if starved else solution.cpu + solution.waited
    if limits.per_move and busy > limits.timeout / 2:
        return TLE, f"{cpu} in a game stopped at {timeout}"
    if not limits.per_move and over_limit(solution.cpu, limits.time):
        return TLE, f"{cpu}, over the {limits.time:g} s limit, killed at {timeout}"
    if starved:
        return JE, (
            f"not judged here: killed after {cpu} at {timeout}, having waited "
            f"{_waited(end):.2f} s for a core other work on this machine held (not known "
            "to be the solution's failure; run it on a quieter machine, or with fewer --jobs)"
        )
    return _waiting(end, limits, cpu, timeout)


def _waiting(end: Ending, limits: Limits, cpu: str, timeout: str) -> tuple[str, str]:
    """A game killed at its timeout with little CPU of its own: the interactor's time, or the
    solution idle."""
    if _interactor_busy(end, limits):
        waited, ready = end.interactor.waited, ""
        if said_moved(waited):
            ready = f" and {waited:.2f} s ready for a core other work held"
        return JE, (
            f"interactor busy: {end.interactor.cpu:.2f} s CPU of its own{ready} by {timeout}, "
            f"while the solution waited ({cpu}): the time was the interactor's"
        )
    if interactor_finished(end):
        why = f"the interactor had finished with exit status {end.interactor.code}"
    else:
        why = "both sides still running: each waiting for the other?"
    return TLE, f"idle: killed after {cpu} at {timeout} ({why})"


def _starved(end: Ending, limits: Limits) -> bool:
    """Whether the solution, killed at the game's deadline within its limit of CPU, spent at
    least BUSY_SHARE of the game's time waiting for a core other work on this machine held,
    and that deadline did not make up for it: a game timed per move (its deadline stays), or
    one timed as a whole whose deadline, moved on by what its sides waited, reached its bound.
    On a judge's core it might have ended in time, and no verdict of the solution's stands."""
    bound = (STRETCH - 1) * limits.timeout - SAID_FROM
    if not limits.per_move and end.added < bound:
        return False  # what it waited was given back: killed past its own time
    return _waited(end) >= BUSY_SHARE * (limits.timeout + end.added)


def _waited(end: Ending) -> float:
    """The seconds the game waited for a core: the solution's (its watch's reading) or both
    sides' (the deadline's), the more."""
    return max(end.solution.waited, end.sides_waited)


def _interactor_busy(end: Ending, limits: Limits) -> bool:
    """Whether the interactor, still running at the kill of a game timed as a whole, spent
    at least BUSY_SHARE of the game's time running or ready to run (one that loops, or thinks
    too long): its CPU, and what it waited for a core other work held (a machine so loaded
    that a spinning interactor got little CPU is no idle game), and the solution less than
    BUSY_SHARE of the interactor's figure, counted alike: the solution waited for it, and no
    verdict of the solution's stands (two sides taking turns spend alike). A game timed per
    move counts the interactor's time over all its moves: not read there."""
    if limits.per_move or interactor_finished(end):
        return False
    busy = end.interactor.cpu + end.interactor.waited
    solution = end.solution.cpu + end.solution.waited
    return busy >= BUSY_SHARE * (limits.timeout + end.added) and solution < BUSY_SHARE * busy


def _timeout_said(end: Ending, limits: Limits) -> str:
    """The timeout a side was killed at, with what the allowance added to it in parentheses
    (so that no figure said after it reads as part of it): for the relay's hops, and for what
    the two sides waited for a core."""
    timeout = f"the {limits.timeout:g} s " + ("game_timeout" if limits.per_move else "timeout")
    waited = min(end.sides_waited, end.added)
    added = []
    if said_moved(end.added - waited):
        added.append(f"{end.added - waited:.2f} s more for the relay's hops")
    if said_moved(waited):
        added.append(f"{waited:.2f} s more for what its two sides waited for a core")
    return timeout + (f" (and {' and '.join(added)})" if added else "")


# what ``_timeout_said`` adds to a timeout: " (and 0.11 s more for what its two sides waited
# for a core)", the relay's hops too, and ``kit.run.limits.moved_on`` to a batch run's kill;
# a figure of this run, not of its failure
_ALLOWANCE_SAID = re.compile(r" \(and \d+\.\d+ s more for [^()]*\)")


def without_allowance(message: str) -> str:
    """A game's message less what its timeout was moved on by (``_timeout_said``'s words in
    parentheses), a batch run's less what its kill came later by (``moved_on``'s), so that
    two runs failing alike read alike whatever this machine's other work delayed each."""
    return _ALLOWANCE_SAID.sub("", message)


def allowances_told(said: list[tuple[str, str]]) -> str:
    """One message for a game failed alike under several targets (``said``: each target's
    label and message, which differ at most by ``_timeout_said``'s remark), each target's own
    remark kept: "at the 6 s timeout (and 0.11 s more for what its two sides waited for a core
    under 3.8; and 0.30 s more for what its two sides waited for a core under pypy3.10)". A
    target named in no remark had none; the remark, still one in parentheses, is left out by
    ``without_allowance`` as a target's own is."""
    messages = list(dict.fromkeys(message for _, message in said))
    remarked = [message for message in messages if _ALLOWANCE_SAID.search(message)]
    if len(messages) == 1 or not remarked:
        return messages[0]
    remarks: dict[str, list[str]] = {}  # a remark, less its parentheses -> its targets
    for label, message in said:
        found = _ALLOWANCE_SAID.search(message)
        if found:
            remarks.setdefault(found.group()[2:-1], []).append(label)
    told = "; ".join(f"{remark} under {', '.join(labels)}" for remark, labels in remarks.items())
    at = _ALLOWANCE_SAID.search(remarked[0])
    return f"{remarked[0][: at.start()]} ({told}){remarked[0][at.end() :]}"


def killed_at_timeout(end: Ending) -> bool:
    """Whether the solution was still running at the timeout (by its watch or this process)."""
    return end.solution.killed == TIME or end.killed.get("solution") == "timeout"


def interactor_finished(end: Ending) -> bool:
    """Whether the interactor had ended by itself before the timeout's kill."""
    return "interactor" not in end.killed and end.interactor.at < end.killed_at


def _ended(end: Ending, limits: Limits) -> tuple[str, str]:
    """The verdict once both sides ended by themselves (or the interactor hung after)."""
    failure = _solution_failure(end.solution, end.solution_stderr)
    status = end.solution.code
    validator_failed = _validator_failed(end)  # read before the solution's
    # the exits in the order they happened (Codeforces' rule): a solution that closed its
    # output, then crashed after the interactor had rejected and exited, gets the rejection
    first = end.first_end == "solution" == end.first_exit or end.solution_crashed_first
    if failure and first and not validator_failed:
        return RE, failure + _accepted(end)
    if "interactor" in end.killed:
        return JE, (
            f"interactor still running at {_timeout_said(end, limits)}, after the solution "
            f"had exited with status {status}: killed {BACKSTOP_SECONDS:g} s later"
            + (HUNG_VALIDATOR if end.statuses.problemtools else "")
        )
    if end.crash or end.rejected:
        return _rejection(end)
    if failure:
        return RE, failure + INTERACTOR_ACCEPTED
    return OK, end.interactor_said or "accepted"  # summary_line's already, or crash_line's


# why testlib's points are not an accept where the problem is pass/fail (a checker's words:
# kit.judges.checker_compare.UNSCORED)
UNSCORED_POINTS = "a score, not an accept where the problem is pass/fail"


def partial_score(statuses: Statuses, code: int, stderr: bytes) -> tuple[bool, str | None]:
    """Whether a testlib interactor (not a Kattis validator) ended by testlib's points, and
    their score: ``quitp``'s exit status 7 and points (None without a number), or
    ``quitf(_pc(N), ...)``'s ``N/200``; (False, None) for any other end."""
    if statuses.kattis:
        return False, None
    if code == TESTLIB_POINTS:
        return True, testlib_points(stderr)
    share = testlib_partial(code, stderr)
    return (True, f"{share}/{TESTLIB_PARTIAL_OF}") if share is not None else (False, None)


def _points_said(end: Ending) -> str:
    """The interactor's points as a message names them: its exit status, the call, the score."""
    code, score = end.interactor.code, end.score
    if code == TESTLIB_POINTS:
        named = "points without a number" if score is None else f"points {score}"
        return f"exit status 7, testlib's quitp: {named}"
    return f"exit status {code}, testlib's _pc({code}): {score} of the points"


def _points_failure(end: Ending) -> str | None:
    """The interactor's failure where points score the problem: exit 7 without a number
    (``quitpi``'s ``points_info=...``), there being no score; None when it gave one."""
    if end.score is not None:
        return None
    failure = "failed: exit status 7 (testlib's points) with no points"
    return f"{failure}: {end.interactor_said}" if end.interactor_said else failure


def _interactor_crash(interactor: Exit, said: str, statuses: Statuses) -> str | None:
    """The interactor's own failure, described: a signal, or a status that neither accepts nor
    rejects (testlib's 3 or one it does not define; a Kattis validator's other than 42 and
    43); ``said`` is its message. None when it accepted or rejected."""
    if interactor.code < 0:
        return f"killed by {signal_name(-interactor.code)}"
    unable = not_started(interactor.code, said)
    if unable is not None:
        return f"failed: {unable}"
    failure = statuses.failure(interactor.code)
    if failure is None:
        return None
    return f"failed: {failure}" + (f": {said}" if said else "")


def _accepted(end: Ending) -> str:
    """``INTERACTOR_ACCEPTED`` when the interactor, never killed, accepted."""
    return "" if "interactor" in end.killed or end.rejected else INTERACTOR_ACCEPTED


def _exit_said(code: int) -> str:
    """A process's end as a message says it: its exit status, or the signal that killed it."""
    return f"killed by {signal_name(-code)}" if code < 0 else f"exit status {code}"


def _solution_failure(solution: Exit, stderr: bytes) -> str | None:
    if solution.code == 0:
        return None
    what = _exit_said(solution.code)
    last = last_line(stderr, LINE_CHARS)
    return f"{what}: {last}" if last else what

"""Run a solution against a problem's own interactor, relaying and recording what they say.

The interactor is given as an argv, run as ``INTERACTOR... INPUT`` (``INPUT``, the secret
input, is appended to it; exit status 0 accepts), or as a ``kit.judges.programs.Interactor``,
which says its protocol: the kit's own (the same), a Kattis interactive validator
(``VALIDATOR INPUT ANSWER FEEDBACK_DIR/ [FLAGS]``: exit 42 accepts, 43 is a wrong answer, any
other status is its own failure; its message is ``FEEDBACK_DIR/judgemessage.txt``), or
Polygon's testlib interactor (``INTERACTOR INPUT OUTPUT ANSWER``, testlib's statuses; what it
writes to OUTPUT comes back as ``InteractiveRun.interactor_output``, for the problem's
checker). ``ANSWER`` is the case's answer file (an empty one when it has none). Its
stdout goes to the solution's stdin and the solution's stdout to its stdin, through this
process: two threads relay the bytes as they arrive, no waiting for whole lines
(``kit.run.game_relay``), and keep the last lines of each direction for the transcript
(``kit.run.game_transcript``). A third reads the interactor's stderr as it comes and keeps its
last 64 KiB, for its message (``kit.processes.Drain``).

The solution runs under the build's watch (``kit.run.process.watch_command``), in the same
environment and stack as a batch run, which measures its wall time and peak memory, kills it
over the memory limit or at the wall-clock ``timeout`` (for a game timed as a whole, plus an
allowance for each chunk relayed, as this machine's relay costs, and for what its two sides
waited for a core other work held, as a batch run's deadline moves on: ``kit.run.game_deadline``),
and keeps the tail of its stderr. Its limits are a batch run's (``kit.run.limits``): the same
rules decide them. What it writes is counted as it is relayed: past the output limit it is
killed. The interactor is killed at the timeout (plus ``BACKSTOP_SECONDS``). When the
interactor stops with a non-zero status while the solution still runs, the solution gets
``GRACE_SECONDS`` to end before it is killed (the interactor's verdict stands, and the
solution's time is counted up to the rejection, as problemtools caps it and BAPCtools kills
the solution at once). The two programs are started, watched to their ends and reaped by
``kit.run.game_processes`` (``GRACE_SECONDS`` is its own; ``BACKSTOP_SECONDS``, which a
verdict's message names, ``kit.run.game_verdicts``'). The verdict, read from how the two ended
and the interactor's exit status, is ``kit.run.game_verdicts``' (its rules in the order they
are tried).

API::

    run_interactive(solution: list[str], interactor: list[str] | Interactor,
                    secret_input: Path, *, cwd: Path, limits: Limits,
                    transcript_lines: int = 10, answer: Path | None = None) -> InteractiveRun
    game_rules(interactor, limits) -> (Statuses, Cap)   # how its status reads; the output cap
    judge_argv(interactor, secret_input, answer, folder, feedback=None)
        -> (argv, feedback folder, output file)          # the interactor's, for one case
    head(path, limit) -> the first ``limit`` bytes of a file (b"" when it cannot be read)

A game whose wall time is over the limit but that was not killed is accepted here; as for a
batch case, the median of its runs decides (``kit.run.limits.time_over``).

A program that cannot be started at all is a ``BuildError``.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from kit.errors import BuildError
from kit.judges.judge_messages import crash_line, judge_message
from kit.judges.kattis_feedback import feedback_message, feedback_score, next_pass_input
from kit.judges.profiles import PROBLEMTOOLS
from kit.judges.programs import KATTIS, Interactor
from kit.processes import Drain
from kit.run.game_deadline import Deadline
from kit.run.game_processes import measured, play, start_game
from kit.run.game_relay import Cap, Ends
from kit.run.game_transcript import Transcript
from kit.run.game_verdicts import (
    Ending,
    Exit,
    Statuses,
    interactor_finished,
    killed_at_timeout,
    partial_score,
    verdict,
)
from kit.run.limits import Limits
from kit.run.verdicts import JE, MLE, OK, OLE, PE, RE, TLE, WA, message

INTERACTOR_STDERR_KEPT = 1 << 16  # bytes of the interactor's stderr read for its message
OUTPUT_KEPT = 64 << 20  # bytes of a testlib interactor's output file read back (the head)
VERDICTS = (OK, WA, PE, RE, TLE, MLE, OLE, JE)


@dataclass
class InteractiveRun:
    """One game; ``verdict`` is one of ``VERDICTS``."""

    verdict: str
    message: str  # one line: what happened
    solution_seconds: float  # wall time of the solution, from start to exit (the limit's)
    cpu_seconds: float  # CPU time (user + system) of the solution
    solution_stderr: bytes
    transcript: list[str]  # last lines of each direction, oldest first, with "> " or "< "
    peak_kib: int = 0  # the solution's peak memory, the interpreter included
    interactor_output: bytes = b""  # what a testlib interactor wrote to its output file
    # what a Kattis interactor wrote to score.txt (kit.judges.compare), or a testlib
    # interactor's points (quitp, _pc(N): kit.run.game_verdicts)
    score: str | None = None
    next_input: bytes | None = None  # and to nextpass.in: a multi-pass problem's next input
    timed_out: bool = False  # the solution was killed at the timeout (its time is the kill's)
    # the interactor's exit status when it had ended before the solution was killed at the
    # timeout (the solution ran on after the game), else None
    interactor_finished: int | None = None
    waited: float = 0.0  # of ``solution_seconds``, those it was ready and waited for a core
    relayed: int = 0  # the chunks the relay passed between the two sides


def run_interactive(  # noqa: PLR0913
    solution: list[str],
    interactor: list[str] | Interactor,
    secret_input: Path,
    *,
    cwd: Path,
    limits: Limits,
    transcript_lines: int = 10,
    answer: Path | None = None,
    feedback: Path | None = None,
    per_chunk: float = 0.0,
) -> InteractiveRun:
    """Play ``solution`` against ``interactor`` on one secret input; see the module doc.
    ``feedback``: a Kattis interactor's feedback folder, given when it lasts beyond the game
    (a multi-pass problem's); else one of the game's own. ``per_chunk``: the seconds a chunk
    relayed adds to the deadline of a game timed as a whole (``kit.run.relay_cost``)."""
    statuses, cap = game_rules(interactor, limits)
    record, ends = Transcript(transcript_lines), Ends()
    with contextlib.ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="kit-play-"))
        solution_err = stack.enter_context(tempfile.TemporaryFile())
        interactor_err = Drain.started(INTERACTOR_STDERR_KEPT)
        stack.callback(interactor_err.close)
        if shutil.which(solution[0]) is None:
            raise BuildError(f"cannot start the solution {solution[0]}: not an executable")
        argv, feedback, output = judge_argv(interactor, secret_input, answer, folder, feedback)
        report = Path(folder, "report.json")
        started = time.monotonic()
        stretched = not limits.per_move
        deadline = Deadline(started, limits.timeout, stretched, ends, limits.time, per_chunk)
        processes = start_game(
            solution, argv, cwd, report, (solution_err, interactor_err), limits, deadline
        )
        exits, killed = play(
            *processes,
            record=record,
            ends=ends,
            cap=cap,
            deadline=deadline,
            statuses=statuses,
            report=report,
        )
        solution_stderr = measured(exits["solution"], report, solution_err)
        interactor_stderr = interactor_err.ended()
        told = _told(feedback, interactor_stderr, statuses)
        written = head(output, OUTPUT_KEPT)

    stderrs = (solution_stderr, interactor_stderr)
    ending = _ending(exits, killed, ends, deadline, statuses, cap, stderrs, told)
    game = _result(ending, limits, started, record.result(), written)
    game.relayed = ends.relayed
    return game


def game_rules(interactor: list[str] | Interactor, limits: Limits) -> tuple[Statuses, Cap]:
    """How the interactor's exit status reads, and the cap on the solution's output (none
    where the game runs as problemtools runs it: problemtools measures no game's output)."""
    kattis = isinstance(interactor, Interactor) and interactor.protocol == KATTIS
    points = isinstance(interactor, Interactor) and interactor.scored_points and not kattis
    statuses = Statuses(kattis, kattis or limits.games == PROBLEMTOOLS, points)
    return statuses, Cap(None if statuses.problemtools else limits.output_bytes)


def _told(
    feedback: Path, interactor_stderr: bytes, statuses: Statuses
) -> tuple[str, str | None, bytes | None]:
    """What the interactor told: its message (its Kattis feedback folder's, else what the tail
    of its stderr says), its score and the next pass's input."""
    said, score, next_input = _kattis_feedback(feedback) if statuses.kattis else NO_FEEDBACK
    return said or judge_message(b"", interactor_stderr, "the interactor's "), score, next_input


def _ending(
    exits: dict[str, Exit],
    killed: dict[str, str],
    ends: Ends,
    deadline: Deadline,
    statuses: Statuses,
    cap: Cap,
    stderrs: tuple[bytes, bytes],
    told: tuple[str, str | None, bytes | None],
) -> Ending:
    """How the game ended, from who exited how and who was killed why (``play``), what the
    solution and the interactor wrote to their stderr and what the interactor ``told``
    (``_told``)."""
    said, score, next_input = told
    solution_stderr, interactor_stderr = stderrs
    partial, points = partial_score(statuses, exits["interactor"].code, interactor_stderr)
    return Ending(
        exits["solution"],
        exits["interactor"],
        killed,
        ends.first(),
        solution_stderr=solution_stderr,
        interactor_said=said,
        output_over=cap.over.is_set(),
        killed_at=deadline.killed_at or deadline.started + deadline.watch_timeout,
        added=deadline.added,
        sides_waited=deadline.waited,
        statuses=statuses,
        score=points if partial else score,
        next_input=next_input,
        partial=partial,
        raised_unprompted=_raised_unprompted(interactor_stderr, cap, ends, statuses),
    )


def _raised_unprompted(interactor_stderr: bytes, cap: Cap, ends: Ends, statuses: Statuses) -> bool:
    """Whether the interactor (testlib's statuses) raised with nothing of the solution's to
    read: no byte relayed to it, the solution's output still open. Its exit 1 then rejects
    nothing the solution did (a KeyError on its own secret input): its own failure."""
    heard = cap.seen > 0 or ends.first() == "solution"
    raised = crash_line(interactor_stderr)  # a verdict line it went on to print is its own
    said = judge_message(b"", interactor_stderr)
    return not (statuses.kattis or heard) and raised is not None and said.startswith(raised)


NO_FEEDBACK = ("", None, None)  # a game with no Kattis feedback folder


def _kattis_feedback(feedback: Path) -> tuple[str, str | None, bytes | None]:
    """What a Kattis interactor's feedback folder says: its message, its score and the
    next pass's input."""
    return feedback_message(feedback), feedback_score(feedback), next_pass_input(feedback)


def _result(
    end: Ending, limits: Limits, started: float, transcript: list[str], written: bytes
) -> InteractiveRun:
    """The game as the caller sees it: the verdict, what happened and what was measured."""
    word, text = verdict(end, limits)
    solution = end.solution
    seconds, cpu = solution.at - started, solution.cpu
    if word in (WA, PE) and (end.rejected_first or end.killed.get("solution") == "grace"):
        # what it did after the interactor's rejection is not its time (problemtools caps it,
        # judge/execute.py; BAPCtools kills it at once): a spin after a WA was "1.04 s"
        rejected_at = max(0.0, end.interactor.at - started)
        seconds, cpu = min(seconds, rejected_at), min(cpu, rejected_at)
    killed = killed_at_timeout(end) and word == TLE
    return InteractiveRun(
        word, message(word, text), seconds, cpu, end.solution_stderr, transcript,
        solution.peak_kib, written, end.score, end.next_input, killed,
        end.interactor.code if killed and interactor_finished(end) else None, solution.waited,
    )  # fmt: skip


def judge_argv(
    interactor: list[str] | Interactor,
    secret_input: Path,
    answer: Path | None,
    folder: str,
    feedback: Path | None = None,
) -> tuple[list[str], Path, Path]:
    """The interactor's argv for this case, its feedback folder (Kattis; ``feedback`` when
    given, else made in ``folder``) and output file (testlib, in ``folder``)."""
    output = Path(folder, "interactor-output")
    input_path = Path(secret_input).resolve()
    if not isinstance(interactor, Interactor):
        return [*interactor, str(input_path)], Path(folder, "feedback"), output
    if feedback is None:
        feedback = Path(folder, "feedback")
        feedback.mkdir()
    if answer is None:
        answer = Path(folder, "empty-answer")
        answer.write_bytes(b"")
    return interactor.argv(input_path, Path(answer).resolve(), feedback, output), feedback, output


def head(path: Path, limit: int) -> bytes:
    try:
        with open(path, "rb") as file:
            return file.read(limit)
    except OSError:
        return b""

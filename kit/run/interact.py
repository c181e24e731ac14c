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
allowance for each chunk relayed, as this machine's relay costs: ``kit.run.game_deadline``),
and keeps the tail of its stderr. Its limits are a batch run's (``kit.run.limits``): the same
rules decide them. What it writes is counted as it is relayed: past the output limit it is
killed. The interactor is killed at the timeout (plus ``BACKSTOP_SECONDS``). When the
interactor stops with a non-zero status while the solution still runs, the solution gets
``GRACE_SECONDS`` to end before it is killed (the interactor's verdict stands, and the
solution's time is counted up to the rejection, as problemtools caps it and BAPCtools kills
the solution at once). The verdict, read from how the two ended and the interactor's exit
status, is ``kit.run.game_verdicts``' (its rules in the order they are tried).

API::

    run_interactive(solution: list[str], interactor: list[str] | Interactor,
                    secret_input: Path, *, cwd: Path, limits: Limits,
                    transcript_lines: int = 10, answer: Path | None = None) -> InteractiveRun

A game whose wall time is over the limit but that was not killed is accepted here; as for a
batch case, the median of its runs decides (``kit.run.limits.time_over``).

A program that cannot be started at all is a ``BuildError``.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from kit.errors import BuildError
from kit.judges.compare import feedback_message, feedback_score, judge_message, next_pass_input
from kit.judges.profiles import PROBLEMTOOLS
from kit.judges.programs import KATTIS, Interactor
from kit.processes import (
    DRAIN_SECONDS,
    Drain,
    end_holders,
    judged_environment,
    kill_group,
    track,
    tracked,
    untrack,
)
from kit.run.game_deadline import Deadline
from kit.run.game_relay import Cap, Ends, relay_threads, size_pipes
from kit.run.game_transcript import Transcript
from kit.run.game_verdicts import (
    BACKSTOP_SECONDS,
    Ending,
    Exit,
    Statuses,
    interactor_finished,
    killed_at_timeout,
    verdict,
)
from kit.run.launcher import ended_with
from kit.run.limits import Limits
from kit.run.process import PARENT, read_watch_report, run_environment, watch_command
from kit.run.verdicts import JE, MLE, OK, OLE, PE, RE, TLE, WA, message

GRACE_SECONDS = 1.0
STDERR_KEPT = 1 << 20  # bytes of the solution's stderr returned (the tail)
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
    score: str | None = None  # what a Kattis interactor wrote to score.txt (kit.judges.compare)
    next_input: bytes | None = None  # and to nextpass.in: a multi-pass problem's next input
    timed_out: bool = False  # the solution was killed at the timeout (its time is the kill's)
    # the interactor's exit status when it had ended before the solution was killed at the
    # timeout (the solution ran on after the game), else None
    interactor_finished: int | None = None
    waited: float = 0.0  # of ``solution_seconds``, those it was ready and waited for a core


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
    statuses, cap = _game_rules(interactor, limits)
    record, ends = Transcript(transcript_lines), Ends()
    with contextlib.ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="kit-play-"))
        solution_err = stack.enter_context(tempfile.TemporaryFile())
        interactor_err = Drain.started(INTERACTOR_STDERR_KEPT)
        stack.callback(interactor_err.close)
        if shutil.which(solution[0]) is None:
            raise BuildError(f"cannot start the solution {solution[0]}: not an executable")
        judge_argv, feedback, output = _judge_argv(
            interactor, secret_input, answer, folder, feedback
        )
        report = Path(folder, "report.json")
        started = time.monotonic()
        stretched = not limits.per_move
        deadline = Deadline(started, limits.timeout, stretched, ends, limits.time, per_chunk)
        processes = _start_game(
            solution, judge_argv, cwd, report, (solution_err, interactor_err), limits, deadline
        )
        exits, killed = _play(
            *processes, record=record, ends=ends, cap=cap, deadline=deadline, statuses=statuses
        )
        solution_stderr = _measured(exits["solution"], report, solution_err)
        told = _told(feedback, interactor_err.ended(), statuses)
        written = _head(output, OUTPUT_KEPT)

    ending = _ending(exits, killed, ends, deadline, statuses, cap, solution_stderr, told)
    return _result(ending, limits, started, record.result(), written)


def _game_rules(interactor: list[str] | Interactor, limits: Limits) -> tuple[Statuses, Cap]:
    """How the interactor's exit status reads, and the cap on the solution's output (none
    where the game runs as problemtools runs it: problemtools measures no game's output)."""
    kattis = isinstance(interactor, Interactor) and interactor.protocol == KATTIS
    statuses = Statuses(kattis, kattis or limits.games == PROBLEMTOOLS)
    return statuses, Cap(None if statuses.problemtools else limits.output_bytes)


def _start_game(
    solution: list[str],
    judge_argv: list[str],
    cwd: Path,
    report: Path,
    stderrs: tuple[IO[bytes], Drain],
    limits: Limits,
    deadline: Deadline,
) -> tuple[subprocess.Popen, subprocess.Popen]:
    """The solution, under its watch (which reports to ``report``; ``deadline`` given the
    watch's pid), and the interactor, started, each writing its stderr to one of ``stderrs``;
    the solution is killed when the interactor cannot be started."""
    watched = _watched(solution, report, limits, deadline.watch_timeout)
    solution_process = _start(watched, cwd, stderrs[0], "solution", run_environment())
    deadline.watch = solution_process.pid
    judge = _start_judge(judge_argv, cwd, stderrs[1].write_end, solution_process)
    stderrs[1].close_write_end()  # the interactor's alone: its end of file is the interactor's
    return solution_process, judge


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
    solution_stderr: bytes,
    told: tuple[str, str | None, bytes | None],
) -> Ending:
    """How the game ended, from who exited how and who was killed why (``_play``), what the
    solution wrote to its stderr and what the interactor ``told`` (``_told``)."""
    said, score, next_input = told
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
        statuses=statuses,
        score=score,
        next_input=next_input,
    )


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


def _watched(solution: list[str], report: Path, limits: Limits, timeout: float) -> list[str]:
    """The solution's command under the build's watch, held to ``limits`` and ``timeout``."""
    return watch_command(
        solution,
        report,
        timeout=timeout,
        memory_kib=limits.kill_kib,
        stack_bytes=limits.stack_bytes,
    )


def _start_judge(
    argv: list[str], cwd: Path, stderr: int, solution_process: subprocess.Popen
) -> subprocess.Popen:
    """The interactor, started; the solution is killed when it cannot be."""
    try:
        return _start(argv, cwd, stderr, "interactor", judged_environment())
    except BuildError:
        kill_group(solution_process.pid)
        os.waitpid(solution_process.pid, 0)
        untrack(solution_process.pid)
        solution_process.returncode = -9
        raise


def _measured(solution_exit: Exit, report: Path, stderr: IO[bytes]) -> bytes:
    """What the solution's watch measured, put into its exit; the tail of its stderr."""
    measured = read_watch_report(report)
    if measured is None:
        return _tail(stderr, STDERR_KEPT)
    solution_exit.code, solution_exit.cpu = measured["returncode"], measured["cpu"]
    solution_exit.peak_kib, solution_exit.killed = measured["maxrss"], measured["killed"]
    solution_exit.processes, solution_exit.waited = measured["processes"], measured["waited"]
    return measured["stderr"]


def _judge_argv(
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


def _head(path: Path, limit: int) -> bytes:
    try:
        with open(path, "rb") as file:
            return file.read(limit)
    except OSError:
        return b""


def _play(
    solution_process: subprocess.Popen,
    interactor_process: subprocess.Popen,
    *,
    record: Transcript,
    ends: Ends,
    cap: Cap,
    deadline: Deadline,
    statuses: Statuses,
) -> tuple[dict[str, Exit], dict[str, str]]:
    """Relay between the two until both have ended; who exited how, and who was killed why
    (``statuses``: how the interactor's exit status reads; under a Kattis validator the
    solution's writes are read on after it exits: see ``kit.run.game_relay``)."""
    assert solution_process.stdin and solution_process.stdout
    assert interactor_process.stdin and interactor_process.stdout
    interactor_gone = os.pipe()  # its writing end closed when the interactor is reaped
    ends.open()
    pipes = size_pipes(solution_process, interactor_process, problemtools=statuses.problemtools)
    relays = relay_threads(
        solution_process,
        interactor_process,
        record,
        ends,
        cap,
        interactor_gone[0],
        problemtools=statuses.problemtools,
    )
    exits: dict[str, Exit] = {}
    reaped: queue.Queue[str] = queue.Queue()
    waiters = [
        threading.Thread(target=_reap, args=(process.pid, side, exits, reaped, told), daemon=True)
        for side, process, told in (
            ("solution", solution_process, None),
            ("interactor", interactor_process, interactor_gone[1]),
        )
    ]
    for thread in relays + waiters:
        thread.start()
    pids = {"solution": solution_process.pid, "interactor": interactor_process.pid}
    killed = _supervise(pids, exits, reaped, deadline, cap.over, accepted=statuses.accepted)
    for thread in waiters:
        thread.join()
    solution_process.returncode = exits["solution"].code  # reaped here, not by Popen
    interactor_process.returncode = exits["interactor"].code
    kill_group(interactor_process.pid)  # what it started and left running: a game has ended
    for thread in relays:
        thread.join(timeout=DRAIN_SECONDS)
    if any(thread.is_alive() for thread in relays):  # a descendant holds a pipe open
        kill_group(solution_process.pid)
        kill_group(interactor_process.pid)
        end_holders(pipes)  # one in a session of its own, which no group kill reaches
        ends.call_over()  # should it outlive that (another user's)
        for thread in relays:
            thread.join(timeout=2.0)
    os.close(interactor_gone[0])
    ends.close(relays)
    return exits, killed


def _start(
    argv: list[str], cwd: Path, stderr: IO[bytes] | int, role: str, env: dict | None = None
) -> subprocess.Popen:
    """``argv`` started in a session of its own, ended with the kit's process should that
    be killed outright (a SIGKILL runs no handler to stop it)."""
    kit = os.getpid()
    try:
        process = subprocess.Popen(
            argv,
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            bufsize=0,
            start_new_session=True,  # its own process group, killed as a whole
            preexec_fn=ended_with(kit, signal.SIGKILL),  # noqa: PLW1509 (imports nothing)
        )
    except OSError as error:
        raise BuildError(f"cannot start the {role} {argv[0]}: {error.strerror or error}") from None
    # tracked at once, not from its reaper's start: another thread's end_handed_over, after a
    # checker, took it meanwhile for what a program left, and killed it
    track(process.pid)
    return process


def _reap(
    pid: int, side: str, exits: dict[str, Exit], reaped: queue.Queue[str], told: int | None
) -> None:
    """Wait for ``pid``; its exit into ``exits``, its side into ``reaped``, and the
    descriptor ``told`` closed (its reading end becomes readable)."""
    with tracked(pid):  # its session ended with the kit, should the kit be stopped
        _, status, usage = os.wait4(pid, 0)
    exits[side] = Exit(
        os.waitstatus_to_exitcode(status), time.monotonic(), usage.ru_utime + usage.ru_stime
    )
    if told is not None:
        os.close(told)
    reaped.put(side)


def _end_solution(watch: int) -> None:
    """End the solution under its ``watch`` (``kit.run.launcher``'s ``wrap``), which then
    still reports what it measured (the peak of a game killed for its output); the deadline
    ends both, should the watch not answer."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(watch, signal.SIGUSR1)


def _supervise(
    pids: dict[str, int],
    exits: dict[str, Exit],
    reaped: queue.Queue[str],
    deadline: Deadline,
    over: threading.Event,
    *,
    accepted: int = 0,
) -> dict[str, str]:
    """Wait for both programs; kill the solution at a stretched deadline (its watch kills it
    at any other), both ``BACKSTOP_SECONDS`` after it, the solution after a rejection (an
    interactor's status other than ``accepted``) or past its output limit.

    Returns who was killed and why: ``{"solution": "timeout" | "grace" | "output" | PARENT,
    ...}``, PARENT when the solution's watch was killed by a signal this process did not send
    (the solution killed its parent): the solution is ended at once.
    """
    killed: dict[str, str] = {}
    grace_end: float | None = None
    running = set(pids)
    while running:
        now, allowance = time.monotonic(), deadline.allowance()
        due = deadline.due(allowance)
        playing = "solution" in running and "solution" not in killed
        if playing and deadline.stretched and now >= due:
            killed["solution"] = "timeout"
            deadline.kill(now, allowance)
            _end_solution(pids["solution"])
        backstop = (deadline.killed_at or due) + BACKSTOP_SECONDS
        if now >= backstop:
            deadline.kill(now - BACKSTOP_SECONDS, allowance)
            for side in sorted(running):
                killed[side] = "timeout"
                kill_group(pids[side])
            break
        if over.is_set() and "solution" in running and "solution" not in killed:
            killed["solution"] = "output"
            _end_solution(pids["solution"])
        wake = min(backstop, now + 0.05)  # the output cap and the deadline checked this often
        if "solution" in killed:
            pass
        elif "interactor" not in running and exits["interactor"].code != accepted:
            if grace_end is None:
                grace_end = now + GRACE_SECONDS
            if now >= grace_end:
                killed["solution"] = "grace"
                _end_solution(pids["solution"])
            wake = min(wake, grace_end)
        with contextlib.suppress(queue.Empty):
            side = reaped.get(timeout=max(0.0, wake - now))
            running.discard(side)
            if side == "solution" and exits[side].code < 0 and side not in killed:
                killed[side] = PARENT  # its watch killed by a signal, not by this process:
                kill_group(pids[side])  # by the solution, left running in the watch's group
    return killed


def _tail(file: IO[bytes], limit: int) -> bytes:
    size = file.seek(0, os.SEEK_END)
    file.seek(max(0, size - limit))
    return file.read()

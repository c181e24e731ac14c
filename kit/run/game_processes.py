"""The two programs of a game (``kit.run.interact``, whose module doc says how a game runs):
started, each in a session of its own that ends with the kit's process, the solution under the
build's watch (``kit.run.process.watch_command``); relayed between (``kit.run.game_relay``)
until both have ended, each reaped by a thread of its own; and killed when the game calls for
it: the solution at its deadline (``kit.run.game_deadline``), past its output limit,
``GRACE_SECONDS`` after the interactor rejected while it still runs, or at once when it killed
or stopped its own watch, both sides ``BACKSTOP_SECONDS`` past the deadline. The solution
leads a process group of its own under its watch (``kit.launcher``'s ``wrap``), which names
it in the watch's report: a solution killed here is its watch's group and its own
(``end_solution``). What the interactor started and left running ends with the game, as does a
process left holding one of its pipes.

API::

    start_game(solution, judge_argv, cwd, report, stderrs, limits, deadline)
        -> (solution process, interactor process)
    play(solution, interactor, *, record, ends, cap, deadline, statuses, report)
        -> (exits, killed)
    supervise((solution, interactor), deadline, over, *, accepted=0, told=None, report=None)
        -> (exits, killed): both reaped, the solution killed at its deadline (a game with its
        pipes joined, no relay between: ``kit.run.joined_game``)
    end_solution(watch, report)   # SIGKILL the watch's group and its run's
    measured(solution_exit, report, stderr) -> the solution's stderr (its tail)
    start(argv, cwd, stderr, role, env=None, pipes=(PIPE, PIPE)) -> one program, in a session
        of its own (``pipes``: its stdin and stdout, new pipes unless given)
    watched(solution, report, limits, timeout) -> the solution's command under its watch
    start_judge(argv, cwd, stderr, solution_process, report, pipes=(PIPE, PIPE))
        -> the interactor
"""

from __future__ import annotations

import contextlib
import functools
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

from kit.errors import BuildError, machine_refused
from kit.launcher import ended_with
from kit.processes import (
    DRAIN_SECONDS,
    Drain,
    StopLooks,
    end_holders,
    judged_environment,
    kill_group,
    start_tracked,
    tracked,
    unlimited_stack,
    untrack,
    whole_tail,
)
from kit.run.game_deadline import Deadline
from kit.run.game_relay import Cap, Ends, relay_threads, size_pipes
from kit.run.game_transcript import Transcript
from kit.run.game_verdicts import BACKSTOP_SECONDS, Exit, Statuses
from kit.run.limits import Limits
from kit.run.process import (
    PARENT,
    STOPPED_LOOK,
    read_watch_report,
    run_environment,
    watch_command,
    watch_started,
)

GRACE_SECONDS = 1.0
INTERACTOR = "interactor"  # the role of a game's jury program (``start``)
STDERR_KEPT = 1 << 20  # bytes of the solution's stderr returned (the tail)


def start_game(
    solution: list[str],
    judge_argv: list[str],
    cwd: Path,
    report: Path,
    stderrs: tuple[IO[bytes], Drain],
    limits: Limits,
    deadline: Deadline,
) -> tuple[subprocess.Popen, subprocess.Popen]:
    """The solution, under its watch (which reports to ``report``; ``deadline`` given the
    watch's pid, and the interactor's), and the interactor, started, each writing its stderr
    to one of ``stderrs``; the solution is killed when the interactor cannot be started."""
    command = watched(solution, report, limits, deadline.watch_timeout)
    solution_process = start(command, cwd, stderrs[0], "solution", run_environment())
    deadline.watch = solution_process.pid
    judge = start_judge(judge_argv, cwd, stderrs[1].write_end, solution_process, report)
    deadline.interactor = judge.pid  # what it waits for a core moves the deadline on too
    stderrs[1].close_write_end()  # the interactor's alone: its end of file is the interactor's
    return solution_process, judge


def watched(solution: list[str], report: Path, limits: Limits, timeout: float) -> list[str]:
    """The solution's command under the build's watch, held to ``limits`` and ``timeout``,
    and ended with this process, which starts it (the watch sets its own parent-death signal:
    ``start``); not to ``limits.address_bytes``: problemtools starts an interactive submission
    from its ``interactive`` runner, which it runs without ``RLIMIT_AS`` (docs/packages.md)."""
    return watch_command(
        solution,
        report,
        timeout=timeout,
        memory_kib=limits.kill_kib,
        stack_bytes=limits.stack_bytes,
        parent=os.getpid(),
    )


def start_judge(
    argv: list[str],
    cwd: Path,
    stderr: IO[bytes] | int,
    solution_process: subprocess.Popen,
    report: Path,
    pipes: tuple[int, int] = (subprocess.PIPE, subprocess.PIPE),
) -> subprocess.Popen:
    """The interactor, started (``pipes``: its stdin and stdout); the solution (its watch
    reporting to ``report``) is killed when it cannot be."""
    try:
        return start(argv, cwd, stderr, INTERACTOR, judged_environment(), pipes)
    except BuildError:
        end_solution(solution_process.pid, report)
        os.waitpid(solution_process.pid, 0)
        untrack(solution_process.pid)
        solution_process.returncode = -9
        raise


def _prepared(kit: int, role: str) -> Callable[[], None] | None:
    """The ``preexec_fn`` of a game's program: an interactor's ends it with the kit's process
    ``kit`` and makes its stack unlimited, as problemtools runs every program
    (``kit.processes``: a checker's is). The solution's watch has none: it sets its own
    parent-death signal (told the kit's pid, ``watched``) and the run's stack, and without a
    ``preexec_fn`` the watch is started by vfork, not by a full fork of the kit (4-5 ms a
    game: docs/stress.md)."""
    if role != INTERACTOR:
        return None
    ended = ended_with(kit, signal.SIGKILL)
    stack = unlimited_stack()

    def prepared() -> None:
        stack()
        ended()

    return prepared


def start(
    argv: list[str],
    cwd: Path,
    stderr: IO[bytes] | int,
    role: str,
    env: dict | None = None,
    pipes: tuple[int, int] = (subprocess.PIPE, subprocess.PIPE),
) -> subprocess.Popen:
    """``argv`` started in a session of its own, ended with the kit's process should that
    be killed outright (a SIGKILL runs no handler to stop it): an interactor by its
    ``preexec_fn``, the solution's watch (``watched``, any other ``role``) by itself;
    ``pipes``: its stdin and stdout (new pipes, or descriptors of the caller's)."""
    kit = os.getpid()
    try:
        # tracked at once, not from its reaper's start: another thread's end_handed_over,
        # after a checker, took it meanwhile for what a program left, and killed it
        return start_tracked(
            functools.partial(
                subprocess.Popen,
                argv,
                cwd=cwd,
                env=env,
                stdin=pipes[0],
                stdout=pipes[1],
                stderr=stderr,
                bufsize=0,
                start_new_session=True,  # its own process group, killed as a whole
                preexec_fn=_prepared(kit, role),  # imports nothing; None: vfork
            )
        )
    except OSError as error:
        if machine_refused(error):  # the machine's limit, said as such (kit.cli)
            raise
        raise BuildError(f"cannot start the {role} {argv[0]}: {error.strerror or error}") from None


def play(
    solution_process: subprocess.Popen,
    interactor_process: subprocess.Popen,
    *,
    record: Transcript,
    ends: Ends,
    cap: Cap,
    deadline: Deadline,
    statuses: Statuses,
    report: Path,
) -> tuple[dict[str, Exit], dict[str, str]]:
    """Relay between the two until both have ended; who exited how, and who was killed why
    (``statuses``: how the interactor's exit status reads; under a Kattis validator the
    solution's writes are read on after it exits: see ``kit.run.game_relay``; ``report``:
    the solution's watch's)."""
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
    for thread in relays:
        thread.start()
    exits, killed = supervise(
        (solution_process, interactor_process),
        deadline,
        cap.over,
        accepted=statuses.accepted,
        told=interactor_gone[1],
        report=report,
    )
    kill_group(interactor_process.pid)  # what it started and left running: a game has ended
    for thread in relays:
        thread.join(timeout=DRAIN_SECONDS)
    if any(thread.is_alive() for thread in relays):  # a descendant holds a pipe open
        end_solution(solution_process.pid, report)
        kill_group(interactor_process.pid)
        end_holders(pipes)  # one in a session of its own, which no group kill reaches
        ends.call_over()  # should it outlive that (another user's)
        for thread in relays:
            thread.join(timeout=2.0)
    os.close(interactor_gone[0])
    ends.close(relays)
    return exits, killed


def supervise(
    processes: tuple[subprocess.Popen, subprocess.Popen],
    deadline: Deadline,
    over: threading.Event,
    *,
    accepted: int = 0,
    told: int | None = None,
    report: Path | None = None,
) -> tuple[dict[str, Exit], dict[str, str]]:
    """The solution and the interactor (``processes``) each reaped by a thread of its own,
    and killed as ``_supervise`` says (at ``deadline``, past the output limit ``over`` tells,
    after a rejection: an interactor's status other than ``accepted``); who exited how, and
    who was killed why. ``told``: a descriptor closed once the interactor is reaped;
    ``report``: the solution's watch's, which names its run's group (``end_solution``). The
    interactor's wait for a core is what ``deadline`` read of it."""
    exits: dict[str, Exit] = {}
    reaped: queue.Queue[str] = queue.Queue()
    waiters = [
        threading.Thread(target=_reap, args=(process.pid, side, exits, reaped, fd), daemon=True)
        for side, process, fd in zip(("solution", "interactor"), processes, (None, told))
    ]
    for thread in waiters:
        thread.start()
    pids = {"solution": processes[0].pid, "interactor": processes[1].pid}
    killed = _supervise(pids, exits, reaped, deadline, over, accepted=accepted, report=report)
    for thread in waiters:
        thread.join()
    for side, process in zip(("solution", "interactor"), processes):
        process.returncode = exits[side].code  # reaped here, not by Popen
    judge = exits["interactor"]  # the solution's wait is its watch's (``measured``)
    judge.waited = deadline.interactor_waited(judge.cpu, judge.at - deadline.started)
    return exits, killed


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


def end_solution(watch: int, report: Path | None) -> None:
    """SIGKILL the solution's run's process group, which its watch's ``report`` names, then
    the watch's group (the watch killed outright had left the run's group, the children it
    forked, running)."""
    started = watch_started(report) if report is not None else None
    if started is not None:
        kill_group(started)
    kill_group(watch)


def _end_side(side: str, pid: int, report: Path | None) -> None:
    """SIGKILL one side of the game: the solution (``end_solution``), or the interactor's
    group."""
    if side == "solution":
        end_solution(pid, report)
    else:
        kill_group(pid)


def _ask_watch_to_end(watch: int) -> None:
    """Ask the solution's ``watch`` (``kit.launcher``'s ``wrap``) by SIGUSR1 to end the
    solution: it does, then still reports what it measured (the peak of a game killed for
    its output); the deadline ends both, should the watch not answer."""
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
    report: Path | None = None,
) -> dict[str, str]:
    """Wait for both programs; kill the solution at a stretched deadline (its watch kills it
    at any other), both ``BACKSTOP_SECONDS`` after it, the solution after a rejection (an
    interactor's status other than ``accepted``) or past its output limit.

    Returns who was killed and why: ``{"solution": "timeout" | "grace" | "output" | PARENT,
    ...}``, PARENT when the solution's watch was killed by a signal this process did not send
    or found stopped (``_WatchLooks``): the solution killed or stopped its parent, and is
    ended at once.
    """
    killed: dict[str, str] = {}
    grace_end: float | None = None
    running = set(pids)
    looks = _WatchLooks(pids["solution"])
    while running:
        now, allowance = time.monotonic(), deadline.allowance()
        due = deadline.due(allowance)
        playing = "solution" in running and "solution" not in killed
        if playing and looks.stopped(now):
            killed["solution"] = PARENT
            end_solution(pids["solution"], report)  # the watch, and the solution's group
            playing = False
        if playing and deadline.stretched and now >= due:
            killed["solution"] = "timeout"
            deadline.kill(now, allowance)
            _ask_watch_to_end(pids["solution"])
        backstop = (deadline.killed_at or due) + BACKSTOP_SECONDS
        if now >= backstop:
            deadline.kill(now - BACKSTOP_SECONDS, allowance)
            for side in sorted(running):
                killed[side] = "timeout"
                _end_side(side, pids[side], report)
            break
        if over.is_set() and "solution" in running and "solution" not in killed:
            killed["solution"] = "output"
            _ask_watch_to_end(pids["solution"])
        wake = min(backstop, now + 0.05)  # the output cap and the deadline checked this often
        if "solution" in killed:
            pass
        elif "interactor" not in running and exits["interactor"].code != accepted:
            if grace_end is None:
                grace_end = now + GRACE_SECONDS
            if now >= grace_end:
                killed["solution"] = "grace"
                _ask_watch_to_end(pids["solution"])
            wake = min(wake, grace_end)
        with contextlib.suppress(queue.Empty):
            side = reaped.get(timeout=max(0.0, wake - now))
            running.discard(side)
            if side == "interactor":
                deadline.interactor = 0  # reaped: its pid is no longer its
            if side == "solution" and exits[side].code < 0 and side not in killed:
                killed[side] = PARENT  # its watch killed by a signal, not by this process:
                end_solution(pids[side], report)  # by the solution, left running
    return killed


class _WatchLooks:
    """Looks at the solution's watch every ``STOPPED_LOOK`` seconds, as a batch run's
    launcher is looked at (``kit.run.process``): one the solution stopped (SIGSTOP to its
    parent, which nothing continues) would neither time it nor report, and the game would
    end at its timeout as an idle one."""

    def __init__(self, watch: int) -> None:
        self.looks = StopLooks(watch)
        self.due = time.monotonic() + STOPPED_LOOK

    def stopped(self, now: float) -> bool:
        """Whether the watch was found stopped in this look and the one before."""
        if now < self.due:
            return False
        self.due = now + STOPPED_LOOK
        return self.looks.stopped()


def measured(solution_exit: Exit, report: Path, stderr: IO[bytes]) -> bytes:
    """What the solution's watch measured, put into its exit; the tail of its stderr. Its
    exit is when the watch reaped it, not when the kit reaped the watch: what the watch does
    after (its report, its own exit) put it 0.5 s late on a busy machine, after an interactor
    that had exited later."""
    measured = read_watch_report(report)
    if measured is None:
        return _tail(stderr, STDERR_KEPT)
    solution_exit.at = min(solution_exit.at, measured.get("ended_at", solution_exit.at))
    solution_exit.code, solution_exit.cpu = measured["returncode"], measured["cpu"]
    solution_exit.peak_kib, solution_exit.killed = measured["maxrss"], measured["killed"]
    solution_exit.processes, solution_exit.waited = measured["processes"], measured["waited"]
    return measured["stderr"]


def _tail(file: IO[bytes], limit: int) -> bytes:
    """The last ``limit`` bytes of ``file``, from their first whole line (``whole_tail``)."""
    size = file.seek(0, os.SEEK_END)
    if size <= limit:
        file.seek(0)
        return file.read()
    file.seek(size - limit - 1)  # and the byte before: was it a line's end?
    return whole_tail(file.read())

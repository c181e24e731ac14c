"""A game played with its two programs' pipes joined, as a judge joins them: the interactor's
stdout is the solution's stdin and the solution's stdout the interactor's stdin, no relay
between (``kit.run.interact`` relays them, and its hops' latency is charged to the solution's
CPU: about 6 µs an exchange, 1.6 times a ping-pong's CPU). The solution runs under the same
watch as in a relayed game (``kit.run.game_processes``), so its CPU time and memory are measured
the same way and held to the same limits, and is killed at the same deadline
(``kit.run.game_deadline``): the timeout moved on by what the two sides waited, ready, for a core
other work held, with no allowance for chunks (none is relayed), so that a busy machine does
not kill a game whose CPU time is within the limit; the interactor is started as a relayed game
starts it (the same argv, folder, secret input and feedback folder). Nothing is recorded: this
game is a second opinion on a relayed game's CPU time, not a transcript; but the tail of the
interactor's stderr is read for testlib's points, which accept it as a relayed game's do where
the problem is scored by them (``kit.run.game_verdicts.partial_score``), its score kept.

API::

    play_joined(solution, interactor, secret_input, *, cwd, limits, answer=None,
                feedback=None) -> JoinedGame
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from kit.judges.programs import Interactor
from kit.processes import kill_group
from kit.run.game_deadline import Deadline
from kit.run.game_processes import measured, start, start_judge, supervise, watched
from kit.run.game_relay import Ends
from kit.run.game_verdicts import Exit, partial_score
from kit.run.interact import INTERACTOR_STDERR_KEPT, OUTPUT_KEPT, game_rules, head, judge_argv
from kit.run.limits import Limits
from kit.run.process import TIME, run_environment


@dataclass
class JoinedGame:
    """How a joined game ended: whether the interactor accepted (its statuses' accepting
    code), how the solution exited as its watch measured it (its CPU time, peak, whether it
    was killed), and what a testlib interactor wrote to its output file."""

    accepted: bool
    solution: Exit
    interactor_code: int
    interactor_output: bytes = b""
    score: str | None = None  # a testlib interactor's points where they accepted it

    @property
    def clean(self) -> bool:
        """Whether the solution ended by itself with status 0, not killed by its watch."""
        return self.solution.code == 0 and self.solution.killed is None


def play_joined(  # noqa: PLR0913
    solution: list[str],
    interactor: list[str] | Interactor,
    secret_input: Path,
    *,
    cwd: Path,
    limits: Limits,
    answer: Path | None = None,
    feedback: Path | None = None,
) -> JoinedGame:
    """Play ``solution`` against ``interactor`` with their pipes joined; see the module doc."""
    statuses, _ = game_rules(interactor, limits)
    with contextlib.ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="kit-joined-"))
        solution_err = stack.enter_context(tempfile.TemporaryFile())
        judge_err = stack.enter_context(tempfile.TemporaryFile())
        argv, _, output = judge_argv(interactor, secret_input, answer, folder, feedback)
        report = Path(folder, "report.json")
        # no relay: no chunk's allowance, but the same wait for a core (its Ends has no thread)
        started, stretched = time.monotonic(), not limits.per_move
        deadline = Deadline(started, limits.timeout, stretched, Ends(), limits.time)
        errs = (solution_err, judge_err)
        processes = _start_joined(solution, argv, cwd, report, errs, limits, deadline)
        no_cap = threading.Event()  # the solution's output is the interactor's alone to read
        exits, killed = supervise(
            processes, deadline, no_cap, accepted=statuses.accepted, report=report
        )
        kill_group(processes[1].pid)  # what the interactor started and left running
        solution_exit = exits["solution"]
        measured(solution_exit, report, solution_err)
        if killed.get("solution") == "timeout":  # at its deadline, not by its watch
            solution_exit.killed = TIME
        written = head(output, OUTPUT_KEPT)
        code = exits["interactor"].code
        partial, points = partial_score(statuses, code, _tail(judge_err))
    scored = partial and statuses.points and points is not None
    accepted = scored or (not partial and code == statuses.accepted)
    return JoinedGame(accepted, solution_exit, code, written, points if scored else None)


def _tail(file: IO[bytes]) -> bytes:
    """The last ``INTERACTOR_STDERR_KEPT`` bytes of the interactor's stderr (a relayed
    game's share: ``kit.run.interact``)."""
    size = file.seek(0, os.SEEK_END)
    file.seek(max(0, size - INTERACTOR_STDERR_KEPT))
    return file.read()


def _start_joined(  # noqa: PLR0913
    solution: list[str],
    argv: list[str],
    cwd: Path,
    report: Path,
    errs: tuple[IO[bytes], IO[bytes]],
    limits: Limits,
    deadline: Deadline,
) -> tuple[subprocess.Popen, subprocess.Popen]:
    """The solution under its watch and the interactor, each one's stdout the other's stdin
    (``deadline`` given the watch's pid, and the interactor's, whose wait for a core it reads);
    this process keeps no end of either pipe."""
    to_solution, to_interactor = os.pipe(), os.pipe()
    try:
        command = watched(solution, report, limits, deadline.watch_timeout)
        pipes = (to_solution[0], to_interactor[1])
        solution_err, judge_err = errs
        solution_process = start(command, cwd, solution_err, "solution", run_environment(), pipes)
        deadline.watch = solution_process.pid
        judge_pipes = (to_interactor[0], to_solution[1])
        judge = start_judge(argv, cwd, judge_err, solution_process, report, judge_pipes)
        deadline.interactor = judge.pid
    finally:
        for end in (*to_solution, *to_interactor):
            os.close(end)
    return solution_process, judge

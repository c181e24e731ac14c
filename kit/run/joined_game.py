"""A game played with its two programs' pipes joined, as a judge joins them: the interactor's
stdout is the solution's stdin and the solution's stdout the interactor's stdin, no relay
between (``kit.run.interact`` relays them, and its hops' latency is charged to the solution's
CPU: about 6 µs an exchange, 1.6 times a ping-pong's CPU). The solution runs under the same
watch as in a relayed game (``kit.run.game_processes``), so its CPU time and memory are measured
the same way, held to the same limits and killed at the same timeout; the interactor is started
as a relayed game starts it (the same argv, folder, secret input and feedback folder). Nothing
is recorded: this game is a second opinion on a relayed game's CPU time, not a transcript.

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
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from kit.judges.programs import Interactor
from kit.processes import kill_group, untrack
from kit.run.game_processes import measured, start, start_judge, watched
from kit.run.game_verdicts import BACKSTOP_SECONDS, Exit
from kit.run.interact import OUTPUT_KEPT, game_rules, head, judge_argv
from kit.run.limits import Limits
from kit.run.process import run_environment


@dataclass
class JoinedGame:
    """How a joined game ended: whether the interactor accepted (its statuses' accepting
    code), how the solution exited as its watch measured it (its CPU time, peak, whether it
    was killed), and what a testlib interactor wrote to its output file."""

    accepted: bool
    solution: Exit
    interactor_code: int
    interactor_output: bytes = b""

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
        argv, _, output = judge_argv(interactor, secret_input, answer, folder, feedback)
        report = Path(folder, "report.json")
        solution_process, judge = _start_joined(solution, argv, cwd, report, solution_err, limits)
        solution_exit = _reaped(solution_process, limits.timeout + BACKSTOP_SECONDS)
        judge_code = _reaped(judge, BACKSTOP_SECONDS).code
        measured(solution_exit, report, solution_err)
        written = head(output, OUTPUT_KEPT)
    return JoinedGame(judge_code == statuses.accepted, solution_exit, judge_code, written)


def _start_joined(
    solution: list[str],
    argv: list[str],
    cwd: Path,
    report: Path,
    solution_err: IO[bytes],
    limits: Limits,
) -> tuple[subprocess.Popen, subprocess.Popen]:
    """The solution under its watch and the interactor, each one's stdout the other's stdin;
    this process keeps no end of either pipe."""
    to_solution, to_interactor = os.pipe(), os.pipe()
    try:
        command = watched(solution, report, limits, limits.timeout)
        pipes = (to_solution[0], to_interactor[1])
        solution_process = start(command, cwd, solution_err, "solution", run_environment(), pipes)
        judge_pipes = (to_interactor[0], to_solution[1])
        judge = start_judge(argv, cwd, subprocess.DEVNULL, solution_process, judge_pipes)
    finally:
        for end in (*to_solution, *to_interactor):
            os.close(end)
    return solution_process, judge


def _reaped(process: subprocess.Popen, seconds: float) -> Exit:
    """``process`` waited for at most ``seconds``, then its group killed (what it left
    running ends with it too); how it exited."""
    try:
        _, status, usage = _wait4(process.pid, seconds)
    finally:
        kill_group(process.pid)
        untrack(process.pid)
    process.returncode = os.waitstatus_to_exitcode(status)
    return Exit(process.returncode, 0.0, usage.ru_utime + usage.ru_stime)


def _wait4(pid: int, seconds: float):
    """``os.wait4`` of ``pid``, its group killed once ``seconds`` have passed."""
    timer = threading.Timer(seconds, kill_group, (pid,))
    timer.start()
    try:
        return os.wait4(pid, 0)
    finally:
        timer.cancel()

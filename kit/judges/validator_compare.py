"""An output validator in the Kattis protocol as a comparison rule (``validator:PATH [FLAGS]``):
``ValidatorComparator`` runs it as ``PATH INPUT ANSWER FEEDBACK_DIR/ [FLAGS]`` with the
solution's output on stdin, 42 accepting and 43 rejecting, a test group's flags added by
``with_flags``, one pass of a multi-pass problem judged by ``judge_pass``.

What it leaves in its feedback folder is read by ``kit.judges.kattis_feedback``; it fails, or
is not run again after a hang, as a checker does (``kit.judges.checker_compare``). The protocol
as the user sees it is ``kit.judges.compare``'s docstring's.
"""

from __future__ import annotations

import os
import shlex
import tempfile
from pathlib import Path

from kit.judges.checker_compare import (
    HangRecord,
    checker_failure,
    hang_said,
    judged_files,
    killed_at,
    killed_said,
    within_memory,
)
from kit.judges.comparator import Comparator, Judgement
from kit.judges.judge_messages import judge_message
from kit.judges.kattis_feedback import feedback_message, feedback_score, next_pass_input
from kit.judges.programs import KATTIS_ACCEPTED, KATTIS_WRONG, Program, kattis_failure
from kit.processes import Ran, program_ran


class ValidatorComparator(Comparator):
    """An output validator in the Kattis protocol (see ``kit.judges.compare``)."""

    def __init__(  # noqa: PLR0913
        self,
        spec: str,
        program: Program,
        flags: tuple[str, ...],
        root: Path,
        timeout: float,
        memory: int | None = None,
        cpu: float | None = None,
    ) -> None:
        self.spec, self.program, self.flags = spec, program, flags
        self.root, self.timeout = (
            root,
            timeout,
        )  # seconds of wall time (with ``cpu``, its back-stop)
        self.memory = memory  # MiB of address space, None: no limit (``kit.processes``)
        self.cpu = cpu  # seconds of CPU time, None: no limit (``kit.processes``)
        self.hangs = HangRecord()

    def prepare(self) -> None:
        self.program.argv()

    def with_flags(self, flags: tuple[str, ...]) -> Comparator:
        if not flags:
            return self
        spec = f"{self.spec} {shlex.join(flags)}"
        flagged = ValidatorComparator(
            spec, self.program, self.flags + flags, self.root, self.timeout, self.memory, self.cpu
        )
        flagged.hangs = self.hangs
        return flagged

    def judge(self, input_path: Path, expected: bytes, got: bytes) -> Judgement:
        with tempfile.TemporaryDirectory(prefix="kit-validate-") as folder:
            feedback = Path(folder, "feedback")
            feedback.mkdir()
            return self.judge_pass(input_path, expected, got, feedback)

    def judge_pass(
        self, input_path: Path, expected: bytes, got: bytes, feedback: Path
    ) -> Judgement:
        """``judge`` with the feedback folder given: a multi-pass problem's, kept from one
        pass to the next; what the validator wrote to ``nextpass.in`` is taken out of it."""
        refusal = self.hangs.refusal()
        if refusal is not None:
            return checker_failure(refusal, hung=True)
        with tempfile.TemporaryDirectory(prefix="kit-validate-") as folder:
            input_file, output_path, answer_path = judged_files(folder, input_path, expected, got)
            argv = [*self.program.argv(), input_file, str(answer_path), f"{feedback}{os.sep}"]
            try:
                ran = program_ran(
                    [*argv, *self.flags],
                    self.root,
                    self.timeout,
                    stdin=output_path,
                    memory=self.memory,
                    cpu=self.cpu,
                )
            except OSError as error:
                return checker_failure(f"cannot start {self.program.shown}: {error}")
            status, stdout, stderr, hung, hard_stop = ran[:5]
            said = feedback_message(feedback) or judge_message(stdout, stderr)
            score = feedback_score(feedback)
            next_input = next_pass_input(feedback)
        failure = self._failure(ran, said)
        self.hangs.record(killed_at(hung, status, self.timeout, self.cpu, hard_stop))
        if status == KATTIS_WRONG and next_input is not None and failure is None:
            failure = "validator wrote nextpass.in, and rejected (exit status 43)"
        if failure is not None and hard_stop:
            return checker_failure(failure)
        if failure is not None:
            return within_memory(checker_failure(failure, hung), self.memory, status, stderr)
        if status == KATTIS_ACCEPTED:
            return Judgement(True, said, score=score, next_input=next_input)
        said = f"validator: {said or 'wrong answer'} (exit status 43)"
        return Judgement(False, said, score=score)

    def _failure(self, ran: Ran, said: str) -> str | None:
        """How the validator failed, if it did: hung, killed (at its CPU limit's hard stop,
        or by the out-of-memory killer: ``Ran``), an exit status not 42 or 43."""
        status = ran.status
        if ran.hung:
            return hang_said(self.timeout, self.cpu)
        if status < 0:
            return f"validator {killed_said(status, self.cpu, ran.hard_cpu_stop, ran.oom)}"
        failure = kattis_failure(status)
        if failure is not None:
            return f"validator {failure}" + (f": {said}" if said else "")
        return None

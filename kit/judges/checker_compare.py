"""A testlib checker as a comparison rule (``checker:PATH``): ``CheckerComparator`` runs it as
``PATH INPUT OUTPUT ANSWER`` and reads its exit status as testlib's.

``checker_failure`` is the judgement of a checker (or output validator) that failed, never the
solution's fault; ``HangRecord`` remembers one killed at its time-out, which is not run again.
The statuses and their meaning as the user sees them are ``kit.judges.compare``'s docstring's;
the messages ``kit.judges.judge_messages``'s.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from kit.judges.comparator import Comparator, Judgement
from kit.judges.judge_messages import (
    TESTLIB_PRESENTATION,
    TESTLIB_REJECTS,
    judge_message,
    not_started,
    summary_line,
    testlib_failure,
)
from kit.judges.programs import Program
from kit.processes import run_program, signal_name


class CheckerComparator(Comparator):
    def __init__(self, spec: str, program: Program, root: Path, timeout: float) -> None:
        self.spec = spec
        self.program = program
        self.root = root
        self.timeout = timeout
        self.hangs = HangRecord()

    def prepare(self) -> None:
        self.program.argv()

    def judge(self, input_path: Path, expected: bytes, got: bytes) -> Judgement:
        refusal = self.hangs.refusal()
        if refusal is not None:
            return refusal
        with tempfile.TemporaryDirectory(prefix="kit-check-") as folder:
            input_file, output_path, answer_path = judged_files(folder, input_path, expected, got)
            argv = [*self.program.argv(), input_file, str(output_path), str(answer_path)]
            try:
                status, stdout, stderr, hung = run_program(argv, self.root, self.timeout)
            except OSError as error:
                return checker_failure(f"cannot start {self.program.shown}: {error}")
        if hung:
            self.hangs.timeout = self.timeout
            return checker_failure(f"no verdict after {self.timeout:g} s (killed)", hung=True)
        return _checker_verdict(status, stdout, stderr)


def judged_files(folder: str, input_path: Path, expected: bytes, got: bytes) -> tuple:
    """The files a judging program reads, the output and the answer written into ``folder``:
    the input's whole path, the output's and the answer's."""
    output_path, answer_path = Path(folder, "output"), Path(folder, "answer")
    output_path.write_bytes(got)
    answer_path.write_bytes(expected)
    return str(Path(input_path).resolve()), output_path, answer_path


def _checker_verdict(status: int, stdout: bytes, stderr: bytes) -> Judgement:
    """What a testlib checker's exit status and words say, once it ended by itself."""
    if status < 0:
        return checker_failure(f"killed by {signal_name(-status)}")
    if status == 0:
        return Judgement(True, summary_line(stdout, stderr))
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


def checker_failure(what: str, hung: bool = False) -> Judgement:
    return Judgement(False, f"checker failed: {what}", checker_failed=True, hung=hung)


class HangRecord:
    """Whether a checker or validator was killed at its time-out once: it is not run again,
    every later case is said to be not judged (one that hangs on every case would otherwise
    cost its time-out each, as input validators' ``ValidatorRuns`` also avoids)."""

    def __init__(self) -> None:
        self.timeout: float | None = None  # the time-out it was killed at, once it was

    def refusal(self) -> Judgement | None:
        """The judgement of a case once the program hung on an earlier one, else None."""
        if self.timeout is None:
            return None
        what = f"not run: it was killed at {self.timeout:g} s on an earlier case"
        return checker_failure(what, hung=True)

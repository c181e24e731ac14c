"""A Kattis package's own grader, run as problemtools runs one (legacy spec, "Graders";
problemtools, judge/grade.py): the aggregate of a test data group whose ``grading`` is
``custom`` (``kit.verify.grading``).

- The grader is the program in ``graders/`` (``Package.grader``), started with the group's
  grader flags as its arguments, one line per sub-result on stdin: its verdict in the
  format's words (AC, WA, TLE, RTE, JE) and its score.
- It must exit with 0 and print one line, a verdict and a score; anything else (another
  status, a crash, no answer within GRADER_TIMEOUT, other output) is a judge error, whose
  reason ``failure`` keeps (the first one's: a submission's groups share one grader).

API::

    package_grader(problem) -> PackageGrader | None   # None: the package has no grader
    PackageGrader(sub-results [(Verdict, score)], flags) -> (Verdict, score)
    PackageGrader.failure -> str   # why its first failed call was a judge error, else ""
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from kit.judges.judge_messages import judge_message
from kit.judges.programs import Program, program_at
from kit.processes import run_program, signal_name
from kit.registry import Problem
from kit.run.verdicts import JE, KATTIS_GRADER_VERDICTS, KATTIS_GRADER_WORDS, Verdict

GRADER_TIMEOUT = 10.0  # seconds
_WORD = "|".join(KATTIS_GRADER_VERDICTS)
_ANSWER = re.compile(rf"\s*({_WORD})\s+(-?[0-9.]+(?:[eE][+-]?[0-9]+)?)\s*")


def package_grader(problem: Problem) -> PackageGrader | None:
    """The grader of ``problem``'s package, None when it has none."""
    package = problem.source
    if package is None or not package.grader:
        return None
    where = f"{problem.slug}: grader"
    program = program_at(
        package.grader, problem.root, where, "grader", problem.include, folder=True
    )
    return PackageGrader(program, problem.root)


class PackageGrader:
    def __init__(self, program: Program, root: Path) -> None:
        self.program, self.root, self.failure = program, root, ""

    def __call__(
        self, subs: list[tuple[Verdict, float]], flags: tuple[str, ...]
    ) -> tuple[Verdict, float]:
        words = KATTIS_GRADER_WORDS
        lines = "".join(f"{words.get(verdict, words[JE])} {score:g}\n" for verdict, score in subs)
        with tempfile.TemporaryDirectory(prefix="kit-grade-") as folder:
            given = Path(folder, "results")
            given.write_text(lines)
            argv = [*self.program.argv(), *flags]
            try:
                status, stdout, stderr, hung = run_program(argv, self.root, GRADER_TIMEOUT, given)
            except OSError as error:
                return self._failed(f"cannot start {self.program.shown}: {error}")
        if hung:
            return self._failed(f"no answer after {GRADER_TIMEOUT:g} s (killed)")
        if status != 0:
            how = f"killed by {signal_name(-status)}" if status < 0 else f"exit status {status}"
            said = judge_message(stdout, stderr)  # its traceback's last line, say
            return self._failed(f"{how}, not 0" + (f": {said}" if said else ""))
        answer = _ANSWER.fullmatch(stdout.decode("utf-8", "replace"))
        if answer is None:
            return self._failed(f"printed {stdout[:40]!r}, not a verdict and a score")
        return KATTIS_GRADER_VERDICTS[answer[1]], float(answer[2])

    def _failed(self, why: str) -> tuple[Verdict, float]:
        shown = self.program.shown.removeprefix("./")
        self.failure = self.failure or f"the package's grader ({shown}) failed: {why}"
        return JE, 0.0

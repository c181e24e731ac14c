"""A package's own checker (a Kattis output validator, a Polygon testlib checker) given outputs
no contestant should be accepted for, as problemtools' ``verifyproblem`` gives its output
validator junk: a checker that accepts an empty file on every case checks nothing, and one that
fails (crashes, exits with a status its protocol does not have, hangs) on a strange output
would give a contestant a judge error where the judge owes a verdict.

- Each of ``kit.junk.JUNK`` as the output of every case with an answer, each case judged as the
  submissions' outputs are (its test group's flags added): accepted on every case is a
  warning; a failure on any case is a failure.
- Each of ``kit.junk.ODD_OUTPUTS`` as the output of the first ODD_CASES cases: a checker may
  accept or reject them, a failure is a failure (problemtools tries its like on three cases:
  such bugs seldom depend on the case).

Only a checker that is a program is checked: the kit's own comparisons (tokens, lines,
Kattis' default validator) are tested with the kit. An interactive problem's checking is its
interactor's, which needs a submission to play, and is left out.

API::

    check_outputs(problem, cases, jobs=None) -> OutputCheck | None   # None: nothing to check
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from kit.judges.compare import CheckerComparator, ValidatorComparator, parse_compare
from kit.junk import JUNK, ODD_OUTPUTS
from kit.registry import Case, Problem
from kit.run.schedule import cores

ODD_CASES = 3  # cases each odd output is tried on


@dataclass(frozen=True)
class OutputCheck:
    checker: str  # its path as the package names it: "output_validators/check.py"
    tried: int  # outputs given to it (junk and odd outputs, once per case each)
    accepted: tuple[str, ...]  # junk accepted on every case: "an empty file"
    failed: tuple[str, ...]  # "an empty file on data/secret/1.in: checker failed: exit status 1"


def check_outputs(
    problem: Problem, cases: list[Case], jobs: int | None = None
) -> OutputCheck | None:
    """The problem's checker on junk outputs (see the module doc), ``jobs`` at a time; None for
    an interactive problem or a comparison that is not a program."""
    if problem.kind != "batch":
        return None
    where = f"{problem.slug}: compare"
    comparator = parse_compare(problem.compare, problem.root, where, include=problem.include)
    if not isinstance(comparator, (ValidatorComparator, CheckerComparator)):
        return None
    comparator.prepare()
    answered = [case for case in cases if case.expected is not None]
    trials = [(what, output, case) for what, output in JUNK for case in answered]
    first = answered[:ODD_CASES]
    trials += [(what, output, case) for what, output in ODD_OUTPUTS for case in first]

    def judged(trial):
        _, output, case = trial
        expected = case.expected.read_bytes()
        return comparator.with_flags(case.flags).judge(case.input, expected, output)

    with ThreadPoolExecutor(jobs or cores()) as pool:
        judgements = list(pool.map(judged, trials))
    failed = tuple(
        f"{what} on {case.name}: {judgement.message}"
        for (what, _, case), judgement in zip(trials, judgements)
        if judgement.checker_failed
    )
    accepted = tuple(
        what
        for what, _ in JUNK
        if answered and all(j.accepted for (w, _, _), j in zip(trials, judgements) if w == what)
    )
    shown = Path(comparator.program.shown).as_posix()
    return OutputCheck(shown, len(trials), accepted, failed)

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
  such bugs seldom depend on the case). Once the checker hangs on a case (no verdict within
  its time-out), that case's other outputs are not tried: each would cost the time-out.
- Each case's own answer file as its output, as problemtools does ("judge answer file got
  ..."): not accepted on a sample is a failure, on a secret case a warning (some checkers
  read the answer file as something else than an output), a failure of the checker a failure;
  not for a multi-pass problem, as problemtools leaves those out.
- The package's validation outputs (Kattis 2025-09, ``data/invalid_output`` and
  ``data/valid_output``: ``kit.packages.kattis_data``), each judged with its answer and flags: an
  invalid one accepted, a valid one rejected, or a failure on either is a failure. These are
  judged by whatever the problem compares with, the Kattis default validator included. A
  Polygon package's checker tests (``kit.packages.polygon``) must get the very verdict
  problem.xml gives each: ``ok``, ``wrong-answer``, ``presentation-error`` (a wrong answer is
  not one) or ``crashed`` (the checker fails: testlib's FAIL).

Junk goes only to a checker that is a program: the kit's own comparisons (tokens, lines,
Kattis' default validator) are tested with the kit. An interactive problem's checking is its
interactor's, which needs a submission to play, and is left out, but for a Polygon problem's
checker tests: its checker judges the interactor's output file as a batch problem's does.

API::

    check_outputs(problem, cases, jobs=None) -> OutputCheck | None   # None: nothing to check
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from kit.judges.comparator import Judgement, runs_program
from kit.junk import JUNK, ODD_OUTPUTS
from kit.packages.model import POLYGON, Package, PackageCase
from kit.problem_cases import Case
from kit.registry import Problem
from kit.run.problem_judges import jury_comparator
from kit.run.schedule import cores
from kit.run.verdicts import JE, OK, PE, WA, comparison_word

ODD_CASES = 3  # cases each odd output is tried on
# a validation output's judgement (``comparison_word``) as the report says it
SAID = {OK: "accepted", WA: "rejected", PE: "presentation error", JE: "checker failed"}
# what a validation output's group asks of its judgement: the verdicts allowed, and where the
# package says so
EXPECTED = {
    "valid_output": ((OK,), "in valid_output"),
    "invalid_output": ((WA, PE), "in invalid_output"),
    "ok": ((OK,), "problem.xml says ok"),
    "wrong-answer": ((WA,), "problem.xml says wrong-answer"),
    "presentation-error": ((PE,), "problem.xml says presentation-error"),
    "crashed": ((JE,), "problem.xml says crashed"),
}


@dataclass(frozen=True)
class OutputCheck:
    checker: str  # its path as the package names it ("output_validators/check.py"), else
    # the comparison's spec ("kattis": the kit's own, when only validation outputs are checked)
    tried: int  # outputs given to it (junk and odd outputs, once per case each)
    accepted: tuple[str, ...]  # junk accepted on every case: "an empty file"
    failed: tuple[str, ...]  # "an empty file on data/secret/1.in: checker failed: exit status 1"
    validation: int = 0  # the package's validation outputs judged (invalid_output, valid_output)
    misjudged: tuple[str, ...] = ()  # those not judged as their folder says, and why
    answers: int = 0  # the cases' answer files given to it as outputs
    # those it did not accept: a sample's is a failure, a secret case's a warning (problemtools)
    answers_rejected: tuple[str, ...] = ()
    answers_failing: int = 0  # of those, the failures: a sample's, or a failure of the checker
    # the validation outputs, or the checker tests (Polygon's): what the report calls them,
    # and who says how each is to be judged
    validation_words: tuple[str, str] = ("validation outputs", "their folder says")


def check_outputs(
    problem: Problem, cases: list[Case], jobs: int | None = None
) -> OutputCheck | None:
    """The problem's checker on junk outputs and on its package's validation outputs (see the
    module doc), ``jobs`` at a time; None when there is nothing to check."""
    checked = problem.source.checked_outputs if problem.source is not None else ()
    if problem.kind != "batch":
        if not checked or problem.source.format != POLYGON:
            return None
        cases = []  # an interactive problem's checker gets its checker tests alone
    where = f"{problem.slug}: compare"
    scored = problem.source is not None and problem.source.scored_by_points
    comparator = jury_comparator(problem, where, scored_points=scored)
    is_program = runs_program(comparator.spec)
    if not is_program and not checked:
        return None
    comparator.prepare()
    answered = [case for case in cases if case.expected is not None] if is_program else []
    trials = [(what, output, case) for what, output in JUNK for case in answered]
    first = answered[:ODD_CASES]
    if problem.source is not None and problem.source.passes:
        answered = []  # a multi-pass problem's answers are no outputs (problemtools skips them)
    trials += [(what, output, case) for what, output in ODD_OUTPUTS for case in first]
    judgements, verdicts, own = _judge_all(comparator, trials, checked, answered, jobs)
    rejected = [(case, j) for case, j in zip(answered, own) if not j.accepted]
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
    assert problem.source is not None or not checked
    misjudged = tuple(
        _misjudged(case, verdict, problem.source.path)
        for case, verdict in zip(checked, verdicts)
        if comparison_word(verdict) not in EXPECTED[case.group][0]
    )
    shown = Path(comparator.program.shown).as_posix() if is_program else comparator.spec
    return OutputCheck(
        shown,
        len(trials),
        accepted,
        failed,
        len(checked),
        misjudged,
        len(answered),
        tuple(f"{case.name}: {judgement.message}" for case, judgement in rejected),
        sum(1 for case, j in rejected if case.group == "sample" or j.checker_failed),
        _words(problem.source),
    )


def _judge_all(comparator, trials, checked, answered, jobs):
    """The checker's judgements, ``jobs`` at a time: of each trial (what, output, case), of
    each validation output, and of each case's own answer. A case the checker hung on gets
    its other trials left out."""
    hung: set[str] = set()

    def judged(trial):
        _, output, case = trial
        if case.name in hung:
            return Judgement(False, "not tried: the checker hung on this case")
        expected = case.expected.read_bytes()
        found = comparator.with_flags(case.flags).judge(case.input, expected, output)
        if found.hung:
            hung.add(case.name)
        return found

    def validated(case: PackageCase) -> Judgement:
        answer, output = case.answer.read_bytes(), case.output.read_bytes()
        return comparator.with_flags(case.flags).judge(case.input, answer, output)

    def answer(case: Case) -> Judgement:
        expected = case.expected.read_bytes()
        return comparator.with_flags(case.flags).judge(case.input, expected, expected)

    with ThreadPoolExecutor(jobs or cores()) as pool:
        judgements = list(pool.map(judged, trials))
        verdicts = list(pool.map(validated, checked))
        own = list(pool.map(answer, answered))
    return judgements, verdicts, own


def _words(package: Package | None) -> tuple[str, str]:
    """What the report calls the package's validation outputs, and who says their verdicts."""
    if package is not None and package.format == POLYGON:
        return "checker tests", "problem.xml says"
    return "validation outputs", "their folder says"


def _misjudged(case: PackageCase, verdict: Judgement, package: Path) -> str:
    """Why a validation output was not judged as its folder (or problem.xml) says."""
    where = case.output.relative_to(package).as_posix()
    got = comparison_word(verdict)
    if got == JE and case.group in ("valid_output", "invalid_output"):
        return f"{where}: {verdict.message}"
    if got == JE and case.group != "crashed":
        return f"{where}: {verdict.message}, though {EXPECTED[case.group][1]}"
    said = f"{SAID[got]}, though {EXPECTED[case.group][1]}"
    return f"{where}: {said}: {verdict.message}" if got in (WA, PE) else f"{where}: {said}"

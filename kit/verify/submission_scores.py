"""A submission's run scored and graded as its package asks, for ``verify`` (``kit.verify.judging``
runs it, ``kit.verify.verdict_agreement`` says what agrees): a case whose validator's ``score.txt``
breaks the package's rules is a judge error (``score_error``: problemtools,
judge/validate.py); a 2025-09 scoring problem's run is scored by that version's model
(``kit.verify.score_aggregation``), a case whose score breaks the format's rules a judge error, a
group over its ``max_score`` out of range; a graded package's run (``kit.verify.grading``) gets its
grader's verdict, the case that decided it, and a scoring problem's score beside the full
score, each group outside its ``range`` said.

API::

    score_checked(run_all's result, package) -> (case verdicts, {case name: message})
        # a Polygon package's checker points (testlib's quitp) are never a judge error
    score_error(verdict word, score.txt text or None, custom_score) -> str | None
    aggregated(package, {case name: path}, verdicts, messages, judged) -> verdicts
    graded_failure(package, {case name: path}, verdicts, judged[, grader]) -> [(0, case, word)]
    number(score) -> str  # as problemtools shows one: 3, 2.5
"""

from __future__ import annotations

import dataclasses
import math

from kit.judges.kattis_feedback import score_parts
from kit.packages.model import POLYGON, Package
from kit.run.verdicts import JE, OK, WA, Verdict
from kit.verify.grading import out_of_range, scored
from kit.verify.judged_submissions import Judged
from kit.verify.score_aggregation import aggregate


def score_checked(ran, package: Package) -> tuple[list, dict[str, str]]:
    """The run's case verdicts, a case whose ``score.txt`` breaks the package's rules (see
    ``score_error``; a 2025-09 package's: ``aggregated``) turned into a judge error, and each
    failing case's message by name."""
    messages = {failure.case: failure.message for failure in ran.failures}
    if package.score_groups or package.format == POLYGON:  # a testlib checker's points: any
        return list(ran.verdicts), messages
    checked = []
    for verdict in ran.verdicts:
        error = score_error(verdict.word, score_parts(verdict.score)[0], package.custom_score)
        if error is not None:
            messages[verdict.case] = error
        checked.append(verdict if error is None else dataclasses.replace(verdict, word=JE))
    return checked, messages


def score_error(word: str, score: str | None, custom_score: str) -> str | None:
    """Why a case's ``score.txt`` (its text, None when the validator wrote none) makes it a
    judge error (problemtools, judge/validate.py; ``Package.custom_score``), or None."""
    if score is None:
        if word == OK and custom_score == "required":
            return "the validator wrote no score.txt (validation: custom score asks for one)"
        return None
    if word != OK:  # past a time-out or a crash the validator did not judge the run
        return "the validator wrote score.txt on a rejected output" if word == WA else None
    if not custom_score:
        return "the validator wrote score.txt, and this problem takes no score from it"
    try:
        value = float(score)
    except ValueError:
        value = math.nan
    if math.isnan(value):  # its text is as shown (kattis_feedback), quoted, not repr'd again
        return f"the validator's score.txt holds '{score}', not a number"
    return None


def aggregated(package: Package, paths: dict, verdicts: list, messages: dict, judged) -> list:
    """A 2025-09 scoring problem's run (``kit.verify.score_aggregation``): its score and its groups'
    into ``judged``, a group over its maximum into ``judged.out_of_range``, and the verdicts
    with a case whose score breaks the format's rules turned into a judge error (its
    message saying why)."""
    written = {paths[v.case]: score_parts(v.score) for v in verdicts if v.score is not None}
    ran = tuple((paths[v.case], Verdict(v.word)) for v in verdicts)
    found = aggregate(package.score_groups, ran, written)
    judged.score, judged.full_score = found.score, package.score_groups[0].max_score
    judged.group_scores = tuple(found.groups.items())
    names = {path: name for name, path in paths.items()}
    wrong = {path for path, _ in found.errors if path in names}
    for path, why in found.errors:
        if path in names:
            messages[names[path]] = why
    judged.out_of_range = tuple(f"{path}: {why}" for path, why in found.errors if path not in names)
    return [dataclasses.replace(v, word=JE) if paths[v.case] in wrong else v for v in verdicts]


def graded_failure(
    package, paths: dict[str, str], verdicts: list, judged: Judged, grader=None
) -> list:
    """The failing case that decides the package's ``grading`` (``kit.verify.grading``; ``paths``:
    each case's path by name; ``grader``: its own, if any), as a list of one (index, case
    name, verdict), the name "" when a grader's verdict comes from no case; empty when it
    grades the run accepted. A scoring problem's score goes into ``judged``."""
    ran = tuple((paths[v.case], Verdict(v.word)) for v in verdicts)
    written = {paths[v.case]: score_parts(v.score)[0] for v in verdicts if v.word == OK}
    scores = {path: float(text) for path, text in written.items() if text}
    found = scored(package.grading, ran, scores, grader)
    if package.objective:
        root = next(group.score_range for group in package.grading if group.path == "")
        best = root[1] if package.objective == "max" else root[0]
        judged.score, judged.full_score = found.score, best if math.isfinite(best) else None
        judged.out_of_range = tuple(
            f"score {number(score)} on {path or 'data'} is outside its range "
            f"{number(low)} {number(high)}"
            for path, score, (low, high) in out_of_range(package.grading, found.groups)
        )
    if found.verdict == OK:
        return []
    named = [name for name, path in paths.items() if path == found.decider][:1]
    return [(0, (named or [""])[0], found.verdict)]


def number(value: float) -> str:
    """A score as problemtools shows one: whole numbers without a point."""
    return f"{value:g}"

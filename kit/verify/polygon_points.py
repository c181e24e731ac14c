"""A Polygon scoring problem's run scored as Polygon scores it (``kit.verify.judging`` runs every
test of it, its checker's points accepting: ``Package.scored_by_points``;
``kit.verify.verdict_agreement`` says what agrees): a test's score is its checker's points
(testlib's ``quitp``, an accepted output here: ``kit.judges.checker_compare``), or that
percent of the test's own points under ``treat-points-from-checker-as-percent``; a test
accepted without points scores its points in problem.xml (``<test points="10.0">``), a
rejected one 0; the run scores the sum. The full score is the sum of the tests' points, none
when they sum to 0 (a problem whose checker alone gives the points).

Sources (docs/packages.md, "Polygon's points"): testlib.h at 1e4e8a24 (``quitp``, exit status
7, its ``points P`` line), purplesyringa/problem-xml-specs at 03943479 (docs/06-valuation.md,
docs/15-defaults.md: a test's points are its most, an accepted test is worth them, the percent
rule), Codeforces/polygon-issue-tracking#428 (``quitp`` points are the score).

API::

    run_score(package, verdicts) -> (score, full score or None)
        verdicts: the run's case verdicts (``kit.run.cases.Verdict``: case, as the build
            names a package's, word, score)
"""

from __future__ import annotations

from kit.packages.model import Package
from kit.run.verdicts import OK


def run_score(package: Package, verdicts: list) -> tuple[float, float | None]:
    """The run's score and the problem's full score (None when its tests' points sum to 0)."""
    points = {package.named(case.input): case.points or 0.0 for case in package.cases}
    score = sum(_test_score(points.get(v.case, 0.0), v, package.points_percent) for v in verdicts)
    full = sum(points.values())
    return score, (full if full > 0 else None)


def _test_score(points: float, verdict, percent: bool) -> float:
    """One test's score: 0 rejected, its ``points`` accepted without the checker's points,
    else the checker's points (``percent``: that percent of ``points``)."""
    if verdict.word != OK:
        return 0.0
    if verdict.score is None:
        return points
    given = float(verdict.score)
    return points * given / 100 if percent else given

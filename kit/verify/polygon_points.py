"""A Polygon scoring problem's run scored as Polygon scores it (``kit.verify.judging`` runs every
test of it, its checker's points accepting: ``Package.scored_by_points``;
``kit.verify.verdict_agreement`` says what agrees): a test's score is its checker's points
(testlib's ``quitp``, an accepted output here: ``kit.judges.checker_compare``), or that
percent of the test's own points under ``treat-points-from-checker-as-percent``; a checker's
``quitf(_pc(N), ...)`` (its score ``N/200``) N two-hundredths of the test's points, under
either rule (an interactor's the same: ``kit.run.game_verdicts``); a test
accepted without points scores its points in problem.xml (``<test points="10.0">``), a
rejected one 0. Its groups (``Package.point_groups``, ``kit.packages.polygon_groups``): a
``complete-group`` group scores its points when every test of it passed whole (accepted, and
with the checker's points, its full points), else 0, its tests' own points not counted
besides; an ``each-test`` group's tests (and a test of no group) score their own; a group
scores nothing when the run did not pass every group it depends on (passed: each test of it
passed whole, and each of its own dependencies passed), as Polygon then ignores its tests.
The run scores the sum. The full score is the sum of those points, none when it is 0 (a
problem whose checker alone gives the points).

Sources (docs/packages.md, "Polygon's points"): testlib.h at 1e4e8a24 (``quitp``, exit status
7, its ``points P`` line; ``_pc(N)``, exit status N, its ``partially correct (N)`` line),
Codeforces' "Checkers with testlib.h" (``_pc``'s N of 200), purplesyringa/problem-xml-specs
at 03943479 (docs/06-valuation.md, docs/15-defaults.md: a test's points are its most, an
accepted test is worth them, the percent rule; docs/06-valuation.md 6.6: groups, their
policies and dependencies),
Codeforces/polygon-issue-tracking#428 (``quitp`` points are the score), VNOI-Admin/OJ's
Polygon importer (a complete group's ``points``, its dependencies' tests required).

API::

    run_score(package, verdicts) -> (score, full score or None)
        verdicts: the run's case verdicts (``kit.run.cases.Verdict``: case, as the build
            names a package's, word, score)
"""

from __future__ import annotations

from kit.packages.model import Package
from kit.run.verdicts import OK


def run_score(package: Package, verdicts: list) -> tuple[float, float | None]:
    """The run's score and the problem's full score (None when it is 0): each test's score
    outside a complete group, each complete group's points, as the module doc says."""
    cases = {package.named(case.input): case for case in package.cases}
    results = {}  # a case's name: (its score, whether it passed)
    for verdict in verdicts:
        case = cases.get(verdict.case)
        if case is not None:
            points = case.points or 0.0
            score = _test_score(points, verdict, package.points_percent)
            results[case.name] = (score, _passed(points, verdict, package.points_percent))
    groups = {group.name: group for group in package.point_groups}
    passed = _groups_passed(groups, results)
    owner = {test: group for group in groups.values() for test in group.tests}
    score = full = 0.0
    for case in package.cases:
        group = owner.get(case.name)
        if group is None or not group.complete:
            counts = group is None or all(passed[need] for need in group.dependencies)
            score += results.get(case.name, (0.0, False))[0] if counts else 0.0
            full += case.points or 0.0
    for group in groups.values():
        if group.complete:
            score += group.points if passed[group.name] else 0.0
            full += group.points
    return score, (full if full > 0 else None)


def _test_score(points: float, verdict, percent: bool) -> float:
    """One test's score: 0 rejected, its ``points`` accepted without the checker's points,
    else the checker's points (``percent``: that percent of ``points``; ``N/200``: that share
    of ``points``)."""
    if verdict.word != OK:
        return 0.0
    if verdict.score is None:
        return points
    share = _share(verdict.score)
    if share is not None:
        return points * share
    given = float(verdict.score)
    return points * given / 100 if percent else given


def _passed(points: float, verdict, percent: bool) -> bool:
    """Whether a test passed whole: accepted, with its full points where the checker gives
    points (problem-xml-specs 6.5: a test of its most points is an OK; ``_pc(N)``: N of 200)."""
    if verdict.word != OK or verdict.score is None:
        return verdict.word == OK
    share = _share(verdict.score)
    if share is not None:
        return share >= 1.0
    return float(verdict.score) >= (100.0 if percent else points)


def _share(score: str) -> float | None:
    """The share of a test's points a ``_pc(N)`` score (``N/200``) gives; None for points."""
    given, slash, whole = score.partition("/")
    return float(given) / float(whole) if slash else None


def _groups_passed(groups: dict, results: dict) -> dict[str, bool]:
    """Whether the run passed each group: every test of it passed whole (a test not run did
    not), and every group it depends on was passed (a group whose dependency was not is not
    judged: its tests are ignored)."""
    passed: dict[str, bool] = {}

    def visit(name: str, seen: tuple) -> bool:
        if name not in passed:
            group = groups[name]
            own = all(results.get(test, (0.0, False))[1] for test in group.tests)
            needs = name not in seen and all(  # a cycle, which the reader refuses, fails
                visit(need, (*seen, name)) for need in group.dependencies
            )
            passed[name] = own and needs
        return passed[name]

    for name in groups:
        visit(name, ())
    return passed

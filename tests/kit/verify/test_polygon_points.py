"""kit.verify.polygon_points: a Polygon scoring problem's run scored as Polygon scores it: a
checker's points, absolute or percents of the test's points, an accepted test's own points, a
rejected one's nothing; a complete group's points only when every test of it passes, a group
nothing when a group it depends on was not passed; the full score, none where the tests carry
0 points. Through ``cpkit verify`` with a compiled testlib checker:
tests/kit/verify/test_judging.py."""

import dataclasses
from pathlib import Path

from kit.packages.model import POLYGON, Package, PackageCase, PointGroup
from kit.run.cases import Verdict
from kit.verify.polygon_points import run_score

FOLDER = Path("/p")


def package(points, percent=False, groups=()):
    cases = tuple(
        PackageCase(f"tests/{n:02d}", FOLDER / "tests" / f"{n:02d}", None, "secret", points=p)
        for n, p in enumerate(points, 1)
    )
    return Package(
        path=FOLDER, shown="p", format=POLYGON, name="p", title="P", judge="Codeforces",
        kind="batch", compare="tokens", interactor=None, cases=cases, time_limit=1.0,
        time_from="problem.xml", memory_limit=256, output_limit=64, margin=1.5, margin_from="",
        multiplier=2.0, points_percent=percent, point_groups=groups,
    )  # fmt: skip


def ran(*results):
    """Verdicts of tests 01, 02, ... as the build names a package's cases: (word, score)."""
    return [
        Verdict(f"p/tests/{n:02d}", "", word, 0.1, score=score)
        for n, (word, score) in enumerate(results, 1)
    ]


def test_a_run_scores_its_checker_s_points_and_its_accepted_tests_points():
    scoring = package([10.0, 20.0, 30.0, 40.0])
    verdicts = ran(("ok", None), ("ok", "7.5"), ("WA", None), ("ok", "0"))
    assert run_score(scoring, verdicts) == (17.5, 100.0)  # 10 + 7.5 + 0 + 0


def test_a_checker_s_points_are_percents_of_the_test_s_under_the_percent_rule():
    scoring = dataclasses.replace(package([10.0, 20.0]), points_percent=True)
    assert run_score(scoring, ran(("ok", "50"), ("ok", "100"))) == (25.0, 30.0)


def test_tests_of_no_points_give_no_full_score_and_the_checker_s_points_count_whole():
    """MOSH's triple-partition: every test ``points="0.0"``, its checker's ``quitp`` up to 10."""
    scoring = package([0.0] * 3)
    assert run_score(scoring, ran(("ok", "10.0"), ("ok", "6.2"), ("TLE", None))) == (16.2, None)


def test_a_checker_s_pc_scores_its_share_of_two_hundred_of_the_test_s_points_either_way():
    """``quitf(_pc(N), ...)``: N of 200 of the test's points, under the percent rule too; only
    ``_pc(200)`` passes a complete group whole."""
    for percent in (False, True):
        scoring = dataclasses.replace(package([10.0, 20.0, 30.0]), points_percent=percent)
        verdicts = ran(("ok", "100/200"), ("ok", "13/200"), ("ok", "200/200"))
        assert run_score(scoring, verdicts) == (5.0 + 1.3 + 30.0, 60.0)
    groups = (PointGroup("s1", True, 30.0, (), names(1, 2)),)
    scoring = package([30.0, 0.0], groups=groups)
    assert run_score(scoring, ran(("ok", "200/200"), ("ok", None))) == (30.0, 30.0)
    assert run_score(scoring, ran(("ok", "199/200"), ("ok", None))) == (0.0, 30.0)


def names(*numbers):
    return tuple(f"tests/{n:02d}" for n in numbers)


# Attack-Plan's shape (cloud1204/Attack-Plan): a group's points on its first test, 0 on the
# others, the group's points their sum; s2 depends on the samples' group, s3 on s1 and s2
SUBTASKS = (
    PointGroup("example", True, 0.0, (), names(1)),
    PointGroup("s1", True, 30.0, (), names(2, 3)),
    PointGroup("s2", True, 70.0, ("example",), names(4, 5)),
)
SUBTASK_POINTS = [0.0, 30.0, 0.0, 70.0, 0.0]


def test_a_complete_group_scores_its_points_only_when_every_test_of_it_passes():
    scoring = package(SUBTASK_POINTS, groups=SUBTASKS)
    every = ran(*[("ok", None)] * 5)
    assert run_score(scoring, every) == (100.0, 100.0)
    # tests/03 fails: s1 scores nothing, though tests/02 (its 30 points) passed
    assert run_score(scoring, ran(*[("ok", None)] * 2, ("WA", None), *[("ok", None)] * 2)) == (
        70.0,
        100.0,
    )
    # tests/04, s2's test of 70 points, passes, tests/05 of 0 points times out: s2 nothing
    assert run_score(scoring, ran(*[("ok", None)] * 4, ("TLE", None))) == (30.0, 100.0)


def test_a_group_whose_dependency_was_not_passed_scores_nothing():
    """s2 depends on the samples' group (0 points): a sample failing takes s2's 70 points;
    a dependency of a dependency counts, and an each-test group's tests score nothing either."""
    scoring = package(SUBTASK_POINTS, groups=SUBTASKS)
    assert run_score(scoring, ran(("WA", None), *[("ok", None)] * 4)) == (30.0, 100.0)
    chained = (
        *SUBTASKS,
        PointGroup("s3", False, 0.0, ("s2",), names(6, 7)),  # each-test, after s2
    )
    scoring = package([*SUBTASK_POINTS, 5.0, 7.0], groups=chained)
    assert run_score(scoring, ran(*[("ok", None)] * 7)) == (112.0, 112.0)
    assert run_score(scoring, ran(("RE", None), *[("ok", None)] * 6)) == (30.0, 112.0)


def test_an_each_test_group_s_tests_score_their_own_points():
    groups = (
        PointGroup("1", False, 30.0, (), names(1, 2)),
        PointGroup("2", True, 5.0, (), names(3)),
    )
    scoring = package([10.0, 20.0, 5.0], groups=groups)
    assert run_score(scoring, ran(("ok", None), ("WA", None), ("ok", "2.5"))) == (10.0, 35.0)
    assert run_score(scoring, ran(("ok", "4"), ("ok", None), ("ok", "5.0"))) == (29.0, 35.0)

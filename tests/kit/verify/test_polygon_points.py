"""kit.verify.polygon_points: a Polygon scoring problem's run scored as Polygon scores it: a
checker's points, absolute or percents of the test's points, an accepted test's own points, a
rejected one's nothing; the full score, none where the tests carry 0 points. Through
``cpkit verify`` with a compiled testlib checker: tests/kit/verify/test_judging.py."""

import dataclasses
from pathlib import Path

from kit.packages.model import POLYGON, Package, PackageCase
from kit.run.cases import Verdict
from kit.verify.polygon_points import run_score

FOLDER = Path("/p")


def package(points, percent=False):
    cases = tuple(
        PackageCase(f"tests/{n:02d}", FOLDER / "tests" / f"{n:02d}", None, "secret", points=p)
        for n, p in enumerate(points, 1)
    )
    return Package(
        path=FOLDER, shown="p", format=POLYGON, name="p", title="P", judge="Codeforces",
        kind="batch", compare="tokens", interactor=None, cases=cases, time_limit=1.0,
        time_from="problem.xml", memory_limit=256, output_limit=64, margin=1.5, margin_from="",
        multiplier=2.0, points_percent=percent,
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

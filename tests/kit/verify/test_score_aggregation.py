"""kit.verify.score_aggregation: a 2025-09 scoring problem's scores, read against the spec's "Result
aggregation" (Kattis/problem-package-format, spec/2025-09.md) rule by rule."""

import pytest

from kit.packages.model import ScoreGroup
from kit.run.verdicts import JE, OK, TLE, WA
from kit.verify.score_aggregation import aggregate, case_score

SECRET = ScoreGroup("secret", 100.0, "sum")
EASY = ScoreGroup("secret/easy", 30.0, "sum")
HARD = ScoreGroup("secret/hard", 70.0, "min")
NONE = (None, None)


def run(groups, verdicts, written=None):
    return aggregate(tuple(groups), tuple(verdicts), written or {})


def test_an_accepted_case_scores_its_share_of_a_sum_group_and_the_whole_of_a_min_group():
    assert case_score(EASY, 3, OK, NONE) == (10.0, None)
    assert case_score(HARD, 3, OK, NONE) == (70.0, None)
    assert case_score(EASY, 3, OK, (None, "0.5")) == (5.0, None)  # the multiplier, times 10
    assert case_score(HARD, 3, OK, ("12.5", None)) == (12.5, None)
    assert case_score(EASY, 3, WA, NONE) == (0.0, None)
    assert case_score(EASY, 3, TLE, ("5", None)) == (0.0, None)  # the validator never judged it


@pytest.mark.parametrize(
    ("group", "verdict", "written", "why"),
    [
        (ScoreGroup("secret/g", 10.0, "pass-fail"), OK, ("1", None), "in a pass-fail group"),
        (EASY, WA, ("1", None), "a score on a rejected output"),
        (EASY, WA, (None, "0"), "a score on a rejected output"),
        (EASY, OK, ("1", "1"), "both score.txt and score_multiplier.txt"),
        (ScoreGroup("secret/g", None, "sum"), OK, (None, "1"), "multiplier.txt in an unbounded"),
        (EASY, OK, (None, "1.5"), "holds '1.5', not a number in [0, 1]"),
        (EASY, OK, ("-1", None), "holds '-1', not a non-negative number"),
        (EASY, OK, ("nan", None), "holds 'nan', not a non-negative number"),
        (EASY, OK, ("10.5", None), "score 10.5 is over the case's maximum 10"),
        (ScoreGroup("secret/g", None, "sum"), OK, NONE, "no score.txt in an unbounded group"),
    ],
)
def test_what_the_spec_calls_a_judge_error(group, verdict, written, why):
    score, found = case_score(group, 3, verdict, written)
    assert score == 0.0 and why in found


def test_groups_sum_and_min_their_cases_and_secret_sums_its_groups():
    verdicts = [("sample/1", OK), ("secret/easy/1", OK), ("secret/easy/2", WA)]
    verdicts += [("secret/easy/3", OK), ("secret/hard/1", OK), ("secret/hard/2", OK)]
    written = {"secret/hard/1": (None, "0.5"), "secret/hard/2": ("49", None)}
    found = run([SECRET, EASY, HARD], verdicts, written)
    assert found.groups == {"secret/easy": 20.0, "secret/hard": 35.0, "secret": 55.0}
    assert (found.score, found.errors) == (55.0, ())
    secret = ScoreGroup("secret", 100.0, "min")
    assert run([secret, EASY, HARD], verdicts, written).score == 20.0


def test_a_pass_fail_group_scores_all_or_nothing():
    group = ScoreGroup("secret/g", 40.0, "pass-fail")
    rest = ScoreGroup("secret/h", 60.0, "pass-fail")
    verdicts = [("secret/g/1", OK), ("secret/g/2", OK), ("secret/h/1", OK), ("secret/h/2", TLE)]
    assert run([SECRET, group, rest], verdicts).groups == {
        "secret/g": 40.0,
        "secret/h": 0.0,
        "secret": 40.0,
    }
    secret = ScoreGroup("secret", 100.0, "pass-fail")
    assert run([secret, group, rest], verdicts).score == 0.0
    assert run([secret, group, rest], verdicts[:3]).score == 100.0


def test_secret_without_groups_scores_its_own_cases_subfolders_included():
    verdicts = [("secret/1", OK), ("secret/more/2", OK), ("secret/more/3", WA), ("sample/1", WA)]
    found = run([ScoreGroup("secret", 90.0, "sum")], verdicts, {"secret/1": (None, "0.5")})
    assert found.score == 15.0 + 30.0


def test_a_group_whose_required_group_failed_scores_nothing():
    first = ScoreGroup("secret/a", 50.0, "pass-fail")
    second = ScoreGroup("secret/b", 50.0, "sum", ("secret/a",))
    on_sample = ScoreGroup("secret/c", 0.0, "sum", ("sample",))
    verdicts = [("sample/1", OK), ("secret/a/1", OK), ("secret/b/1", OK), ("secret/c/1", OK)]
    assert run([SECRET, first, second, on_sample], verdicts).score == 100.0
    failing = [("secret/a/1", WA) if path == "secret/a/1" else (path, v) for path, v in verdicts]
    assert run([SECRET, first, second, on_sample], failing).groups["secret/b"] == 0.0
    secret = ScoreGroup("secret", 100.0, "sum", ("sample",))
    no_sample = [("sample/1", WA), *verdicts[1:]]
    assert run([secret, first, second, on_sample], no_sample).score == 0.0
    assert run([SECRET, first, second, on_sample], no_sample).score == 100.0


def test_a_case_s_judge_error_fails_it_for_require_pass_and_a_group_over_its_maximum_is_one():
    first = ScoreGroup("secret/a", 50.0, "pass-fail")
    second = ScoreGroup("secret/b", 50.0, "pass-fail", ("secret/a",))
    verdicts = [("secret/a/1", OK), ("secret/b/1", OK)]
    found = run([SECRET, first, second], verdicts, {"secret/a/1": ("1", None)})
    assert found.errors == (("secret/a/1", "the validator wrote a score in a pass-fail group"),)
    assert found.score == 0.0
    over = run([SECRET, ScoreGroup("secret/a", 150.0, "pass-fail")], verdicts[:1])
    assert over.errors == (("secret", "score 150 is over its max_score 100"),)


@pytest.mark.parametrize("written", [("3", None), (None, "0.5"), ("x", "7")])
def test_a_sample_case_s_score_is_ignored_and_it_scores_nothing(written):
    """spec/2025-09.md, "Samples and full feedback": a score.txt produced on a sample "is not
    an error, but simply ignored" (a validator that scores every case is common)."""
    found = run([SECRET], [("sample/1", OK), ("secret/1", OK)], {"sample/1": written})
    assert found.errors == ()
    assert found.score == 100.0


def test_an_unbounded_secret_sums_what_its_validator_wrote():
    secret = ScoreGroup("secret", None, "sum")
    group = ScoreGroup("secret/g", None, "sum")
    verdicts = [("secret/g/1", OK), ("secret/g/2", OK), ("secret/g/3", JE)]
    written = {"secret/g/1": ("1234.5", None), "secret/g/2": ("0", None)}
    found = run([secret, group], verdicts, written)
    assert (found.score, found.errors) == (1234.5, ())

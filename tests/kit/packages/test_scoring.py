"""kit.packages.scoring: a Kattis package's scoring settings as problemtools reads them, and
their reading through kit.packages.kattis (the groups' scores, the partially_accepted
folder)."""

import math
import shutil
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.packages import kattis
from kit.packages.model import ScoreGroup
from kit.packages.scoring import (
    check_score_groups,
    group_scores,
    problem_overrides,
    problem_scoring,
    score_group,
)

ROOT = Path(__file__).resolve().parents[3]
SPLIT = ROOT / "tests" / "fixtures" / "packages" / "kattis_split_py"
UNBOUNDED = (1.0, 0.0, (-math.inf, math.inf))


@pytest.mark.parametrize(
    ("config", "version", "types", "expected"),
    [
        ({}, "legacy", ["pass-fail"], ("", "")),
        ({}, "legacy", ["scoring"], ("max", "")),
        ({"validation": "custom score"}, "legacy", ["scoring"], ("max", "required")),
        ({"validation": "custom"}, "legacy", ["scoring"], ("max", "")),
        ({"grading": {"objective": "min"}}, "2023-07-draft", ["scoring"], ("min", "allowed")),
    ],
)
def test_a_problem_s_objective_and_custom_score(config, version, types, expected):
    assert problem_scoring(config, version, types, "p")[:2] == expected


def test_a_2025_09_scoring_problem_is_scored_its_validator_may_write_scores():
    assert problem_scoring({}, "2025-09", ["scoring"], "p") == ("max", "allowed", [])


def test_a_2025_09_group_s_settings_and_their_defaults():
    assert score_group({}, "secret", "w") == ScoreGroup("secret", 100.0, "sum")
    assert score_group({}, "secret/g", "w") == ScoreGroup("secret/g", None, "pass-fail")
    config = {"max_score": "30", "score_aggregation": "min", "require_pass": "sample"}
    assert score_group(config, "secret/g", "w") == ScoreGroup("secret/g", 30.0, "min", ("sample",))
    config = {"max_score": "unbounded", "require_pass": ["secret/a", "secret/b"]}
    assert score_group(config, "secret", "w").require_pass == ("secret/a", "secret/b")
    assert score_group(config, "secret", "w").max_score is None


@pytest.mark.parametrize(
    ("config", "why"),
    [
        ({"max_score": "-1"}, "max_score: '-1' is not a non-negative integer"),
        ({"max_score": "2.5"}, "max_score: '2.5' is not a non-negative integer"),
        ({"max_score": "lots"}, "max_score: expected a number, not 'lots'"),
        ({"score_aggregation": "avg"}, "score_aggregation: 'avg' is not one of pass-fail, sum"),
    ],
)
def test_a_bad_2025_09_group_setting_is_a_one_line_error(config, why):
    with pytest.raises(BuildError, match=f"^w: {why}"):
        score_group(config, "secret/g", "w")


@pytest.mark.parametrize(
    ("groups", "sample", "why"),
    [
        (
            [("secret", 100, "sum"), ("secret/a", None, "pass-fail")],
            {},
            "a: a pass-fail group needs",
        ),
        (
            [("secret", 100, "sum"), ("secret/a", None, "sum")],
            {},
            "a: secret's max_score is bounded",
        ),
        ([("secret", 9, "pass-fail"), ("secret/a", 9, "min")], {}, "a: secret is pass-fail, so"),
        ([("secret", 100, "sum", ("secret/a",))], {}, "secret: require_pass: secret may only"),
        (
            [("secret", 100, "sum"), ("secret/a", 9, "sum", ("secret/b",))],
            {},
            "'secret/b' is not a",
        ),
        (
            [("secret", 100, "sum"), ("secret/a", 9, "sum", ("secret",))],
            {},
            "'secret' is not a test",
        ),
        (
            [("secret", 100, "sum"), ("secret/a", 9, "sum"), ("secret/b", 9, "sum", ("secret/a",))],
            {},
            "'secret/a' is not a pass-fail group",
        ),
        (
            [
                ("secret", 100, "sum"),
                ("secret/a", 9, "sum", ("secret/b",)),
                ("secret/b", 9, "pass-fail"),
            ],
            {},
            "'secret/b' does not come before secret/a",
        ),
        ([("secret", 100, "sum")], {"max_score": 5}, "data/sample: max_score is not permitted"),
    ],
)
def test_2025_09_groups_that_break_the_format_s_rules_together(groups, sample, why):
    found = tuple(ScoreGroup(*group) for group in groups)
    with pytest.raises(BuildError, match=f"^p/.*{why}"):
        check_score_groups(found, sample, "p")
    fine = (ScoreGroup("secret", 100, "sum"), ScoreGroup("secret/a", 40, "pass-fail"))
    check_score_groups(fine + (ScoreGroup("secret/b", 60, "min", ("sample", "secret/a")),), {}, "p")


def test_a_2025_09_package_s_groups_are_its_secret_folders_with_a_test_group_yaml(tmp_path):
    copy = shutil.copytree(SPLIT, tmp_path / "split")
    (copy / "problem.yaml").write_text("problem_format_version: 2025-09\ntype: scoring\n")
    secret = copy / "data" / "secret"
    for name in ("b", "a", "plain"):  # plain: no test_group.yaml, not a group
        (secret / name).mkdir()
    (secret / "a" / "test_group.yaml").write_text("max_score: 40\n")
    (secret / "b" / "test_group.yaml").write_text("max_score: 60\nscore_aggregation: min\n")
    package = kattis.read(copy, "split")
    assert package.score_groups == (
        ScoreGroup("secret", 100.0, "sum"),
        ScoreGroup("secret/a", 40.0, "pass-fail"),
        ScoreGroup("secret/b", 60.0, "min"),
    )
    assert package.grading == () and package.objective == "max"
    assert [submission.folder for submission in package.submissions] == ["accepted", "wrong_answer"]
    (secret / "a" / "test_group.yaml").write_text("score_aggregation: pass-fail\n")
    with pytest.raises(BuildError, match=r"^split/data/secret/a: a pass-fail group needs"):
        kattis.read(copy, "split")
    (copy / "problem.yaml").write_text("problem_format_version: 2023-07-draft\ntype: scoring\n")
    assert kattis.read(copy, "split").score_groups == ()


def test_a_wrong_objective_or_grading_is_a_one_line_error():
    with pytest.raises(BuildError, match=r"p/problem.yaml: grading.objective must be max or min"):
        problem_scoring({"grading": {"objective": "most"}}, "legacy", ["scoring"], "p")
    with pytest.raises(BuildError, match=r"grading must be a table"):
        problem_overrides({"grading": "sum"}, "p")
    with pytest.raises(BuildError, match=r"grading.on_reject must be one of first_error"):
        problem_overrides({"grading": {"on_reject": "stop"}}, "p")


def test_problem_yaml_s_grading_sets_every_group():
    config = {"grading": {"accept_score": 2, "range": "0 9", "on_reject": "grade"}}
    assert problem_overrides(config, "p") == {
        "accept_score": 2,
        "range": "0 9",
        "on_reject": "continue",
    }
    assert problem_overrides({"grading": {"on_reject": "worst_error"}}, "p") == {}


def test_a_group_inherits_what_it_does_not_set():
    own = group_scores([{"accept_score": "50"}, {}], UNBOUNDED, "g")
    assert own == (50.0, 0.0, (-math.inf, math.inf))
    assert group_scores([{"range": "0 50", "reject_score": 1}], own, "g") == (50.0, 1.0, (0, 50))
    assert group_scores([{"range": "-inf +inf"}], own, "g")[2] == (-math.inf, math.inf)


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("0", "is not two numbers"),
        ("0 ten", "is not two numbers"),
        ("nan 1", "is not two numbers"),
        ("5 1", "its minimum is above its maximum"),
    ],
)
def test_a_bad_range_is_a_one_line_error(value, why):
    with pytest.raises(BuildError, match=f"g: range: '{value}'.*{why}"):
        group_scores([{"range": value}], UNBOUNDED, "g")


def test_a_scoring_package_s_groups_and_partially_accepted_folder(tmp_path):
    copy = shutil.copytree(SPLIT, tmp_path / "split")
    (copy / "problem.yaml").write_text("type: scoring\nvalidation: custom score\n")
    (copy / "data" / "testdata.yaml").write_text("range: 0 100\non_reject: continue\n")
    (copy / "data" / "secret" / "testdata.yaml").write_text("accept_score: 50\ngrader_flags: min\n")
    (copy / "submissions" / "partially_accepted").mkdir()
    (copy / "submissions" / "partially_accepted" / "half.py").write_text("print(0, 0)\n")
    package = kattis.read(copy, "split")
    assert (package.objective, package.custom_score) == ("max", "required")
    by_path = {entry.path: entry for entry in package.grading}
    assert list(by_path) == ["", "sample", "secret"]
    assert by_path["secret"].accept_score == 50.0 and by_path["secret"].flags == ("min",)
    assert by_path["secret"].score_range == (0.0, 100.0)  # inherited from data/
    assert by_path["sample"].accept_score == 1.0 and by_path["sample"].on_reject == "continue"
    folders = [submission.folder for submission in package.submissions]
    assert folders == ["accepted", "partially_accepted", "wrong_answer"]
    assert not any("scoring" in note for note in package.notes)
    (copy / "problem.yaml").write_text("name: Split\nvalidation: custom\n")
    package = kattis.read(copy, "split")  # pass-fail: run all the same, as problemtools runs it
    assert package.objective == "" and "partially_accepted" in {
        submission.folder for submission in package.submissions
    }


def test_problem_yaml_s_grading_is_set_over_every_group_s_own(tmp_path):
    copy = shutil.copytree(SPLIT, tmp_path / "split")
    config = "type: scoring\nvalidation: custom\ngrading:\n  accept_score: 5\n  on_reject: grade\n"
    (copy / "problem.yaml").write_text(config)
    (copy / "data" / "secret" / "testdata.yaml").write_text("accept_score: 2\non_reject: break\n")
    package = kattis.read(copy, "split")
    assert {(entry.accept_score, entry.on_reject) for entry in package.grading} == {
        (5.0, "continue")
    }


def test_grading_custom_is_inherited_and_needs_a_grader_and_a_scoring_problem(tmp_path):
    copy = shutil.copytree(SPLIT, tmp_path / "split")
    (copy / "problem.yaml").write_text("type: scoring\nvalidation: custom\n")
    (copy / "data" / "testdata.yaml").write_text("grading: custom\n")
    (copy / "data" / "sample" / "testdata.yaml").write_text("grading: default\n")
    with pytest.raises(BuildError, match=r"^split: grading: custom, but graders/ is missing$"):
        kattis.read(copy, "split")
    (copy / "graders").mkdir()
    (copy / "graders" / "sum.py").write_text("print('AC 1')\n")
    package = kattis.read(copy, "split")
    assert [(entry.path, entry.custom) for entry in package.grading] == [
        ("", True),
        ("sample", False),
        ("secret", True),  # inherited from data/
    ]
    assert package.grader == "split/graders/sum.py"
    (copy / "problem.yaml").write_text("validation: custom\n")
    with pytest.raises(BuildError, match=r"^split: grading: custom is for scoring problems only$"):
        kattis.read(copy, "split")
    (copy / "data" / "testdata.yaml").write_text("grading: own\n")
    with pytest.raises(BuildError, match=r"split/data: grading: 'own' is not default or custom"):
        kattis.read(copy, "split")

"""kit.packages.scoring: a Kattis package's scoring settings as problemtools reads them, and
their reading through kit.packages.kattis (the groups' scores, the partially_accepted
folder)."""

import math
import shutil
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.packages import kattis
from kit.packages.scoring import group_scores, problem_overrides, problem_scoring

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


def test_a_2025_09_scoring_problem_is_judged_pass_fail_with_a_note():
    objective, custom, notes = problem_scoring({}, "2025-09", ["scoring"], "p")
    assert (objective, custom) == ("", "")
    assert notes == [
        "note: p is a scoring problem of the 2025-09 format (max_score, score_aggregation): "
        "judged pass-fail here, no scores"
    ]


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
    package = kattis.read(copy, "split")
    assert package.objective == "" and "partially_accepted" not in {
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
    assert package.grader == "split/graders"
    (copy / "problem.yaml").write_text("validation: custom\n")
    with pytest.raises(BuildError, match=r"^split: grading: custom is for scoring problems only$"):
        kattis.read(copy, "split")
    (copy / "data" / "testdata.yaml").write_text("grading: own\n")
    with pytest.raises(BuildError, match=r"split/data: grading: 'own' is not default or custom"):
        kattis.read(copy, "split")

"""kit.verify.submission_scores: a submission's run scored and graded as its package asks: a
validator's score.txt against the package's rules, a 2025-09 problem's scores, a graded
package's deciding case and scores. Through ``cpkit verify``: tests/kit/verify/test_judging.py."""

from pathlib import Path

import pytest

from kit.packages.model import KATTIS, GroupGrading, Package, ScoreGroup, Submission
from kit.run.cases import Failure, Ran
from kit.run.cases import Verdict as CaseVerdict
from kit.run.verdicts import JE, OK, WA
from kit.verify.judged_submissions import Judged
from kit.verify.submission_scores import (
    aggregated,
    graded_failure,
    number,
    score_checked,
    score_error,
)

PATHS = {"one": "secret/1", "two": "secret/2"}  # the cases' names and paths under data/


def package(**scoring) -> Package:
    return Package(
        path=Path("p"), shown="p", format=KATTIS, name="p", title="P", judge="Kattis",
        kind="batch", compare="kattis", interactor=None, cases=(), time_limit=1.0,
        time_from=".timelimit", memory_limit=256, output_limit=8, margin=2.0,
        margin_from="legacy default", multiplier=2.0, **scoring,
    )  # fmt: skip


def judged() -> Judged:
    return Judged(Submission(Path("x.py"), "accepted/x.py", "accepted", "Python"), KATTIS)


def ran(*verdicts: tuple[str, str, str | None]) -> list[CaseVerdict]:
    """(name, word, score.txt) each."""
    return [CaseVerdict(name, "3.11", word, 0.1, score=score) for name, word, score in verdicts]


@pytest.mark.parametrize(
    ("word", "score", "custom", "why"),
    [
        (OK, None, "", None),
        (OK, "7", "allowed", None),
        (OK, None, "allowed", None),
        (WA, None, "required", None),
        (OK, None, "required", "the validator wrote no score.txt"),
        (WA, "0", "allowed", "score.txt on a rejected output"),
        (OK, "7", "", "this problem takes no score from it"),
        (OK, "many", "allowed", "score.txt holds 'many', not a number"),
        (OK, "nan", "required", "score.txt holds 'nan', not a number"),
        (OK, "1\\xff", "required", "score.txt holds '1\\xff', not a number"),
    ],
)
def test_a_validator_s_score_txt_against_the_package_s_rules(word, score, custom, why):
    found = score_error(word, score, custom)
    assert found is None if why is None else why in found


def test_a_case_whose_score_txt_breaks_the_rules_is_a_judge_error_saying_why():
    run = Ran([], failures=[Failure("two", [], "wrong answer")])
    run.verdicts = ran(("one", OK, "7"), ("two", WA, None))
    verdicts, messages = score_checked(run, package())
    assert [v.word for v in verdicts] == [JE, WA]
    assert messages == {
        "one": "the validator wrote score.txt, and this problem takes no score from it",
        "two": "wrong answer",
    }
    verdicts, messages = score_checked(run, package(custom_score="allowed"))
    assert [v.word for v in verdicts] == [OK, WA] and messages == {"two": "wrong answer"}
    scored = package(score_groups=(ScoreGroup("secret", 100.0, "sum"),))  # scored elsewhere
    assert score_checked(run, scored) == (run.verdicts, {"two": "wrong answer"})


def test_a_2025_09_run_s_scores_and_a_case_over_its_maximum_as_a_judge_error():
    groups = (ScoreGroup("secret", 100.0, "sum"),)
    entry, messages = judged(), {}
    verdicts = aggregated(
        package(score_groups=groups), PATHS, ran(("one", OK, None), ("two", WA, None)), {}, entry
    )
    assert [v.word for v in verdicts] == [OK, WA]
    assert (entry.score, entry.full_score, entry.group_scores) == (50.0, 100.0, (("secret", 50.0),))
    entry = judged()
    verdicts = aggregated(
        package(score_groups=groups),
        PATHS,
        ran(("one", OK, "60"), ("two", OK, None)),
        messages,
        entry,
    )
    assert [v.word for v in verdicts] == [JE, OK]
    assert messages == {"one": "the validator's score 60 is over the case's maximum 50"}
    assert entry.out_of_range == ()


def test_a_graded_run_s_deciding_case_and_its_score_against_the_full_score_and_ranges():
    grading = (
        GroupGrading("", "continue", (), score_range=(0.0, 100.0)),
        GroupGrading("secret", "continue", ("sum",), 50.0, 0.0, (0.0, 40.0)),
    )
    scoring = package(grading=grading, objective="max")
    entry = judged()
    assert graded_failure(scoring, PATHS, ran(("one", OK, None), ("two", OK, None)), entry) == []
    assert (entry.score, entry.full_score) == (100.0, 100.0)
    assert entry.out_of_range == ("score 100 on secret is outside its range 0 40",)
    entry = judged()
    found = graded_failure(scoring, PATHS, ran(("one", OK, "30"), ("two", WA, None)), entry)
    assert found == [(0, "two", WA)]
    assert (entry.score, entry.out_of_range) == (30.0, ())
    grading = (GroupGrading("", "continue"),)  # a pass-fail problem: no score
    entry = judged()
    found = graded_failure(package(grading=grading), PATHS, ran(("one", WA, None)), entry)
    assert found == [(0, "one", WA)] and entry.score is None


def test_a_score_is_shown_as_problemtools_shows_one():
    assert (number(3.0), number(2.5), number(100.0)) == ("3", "2.5", "100")

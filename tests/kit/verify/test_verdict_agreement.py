"""kit.verify.verdict_agreement: how the kit's verdict on a submission stands to what its folder or
tag allows, to its package's submissions.yaml rules and to a scoring problem's score; the
formats' words for the kit's verdicts, and a rule naming a word the format lacks. Through
``cpkit verify``: tests/kit/verify/test_judging.py."""

import dataclasses
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.packages.expectations import Expectation
from kit.packages.model import KATTIS, POLYGON, Submission
from kit.run.verdicts import MLE, OK, PE, RE, TLE, WA
from kit.verify.judged_submissions import Judged
from kit.verify.verdict_agreement import (
    AGREES,
    DISAGREES,
    TOO_CLOSE,
    Agreement,
    agreement,
    allowed,
    check_words,
    format_word,
    rules_of,
)


def test_a_rule_met_only_past_the_margin_is_too_close_to_call():
    rule = (Expectation("time_limit_exceeded", "", ("AC", "TLE"), ("TLE",)),)
    submission = Submission(Path("x.py"), "time_limit_exceeded/x.py", "x", "Python")
    entry = Judged(submission, KATTIS)
    entry.verdict = OK
    entry.cases = (("secret/1", OK, 0.3), ("secret/2", OK, 0.8))
    close = agreement(entry, 1.0, 1.5, rule)
    assert close.outcome == TOO_CLOSE
    assert close.reason.endswith("the kit gives it on none, within the margin 1.5 of the limit")
    entry.cases = (("secret/1", OK, 0.3), ("secret/2", OK, 0.6))
    assert agreement(entry, 1.0, 1.5, rule).outcome == DISAGREES


@pytest.mark.parametrize(("verdict", "seconds"), [(OK, 0.8), (TLE, 1.2)])
def test_a_tag_that_allows_both_a_pass_and_a_time_out_agrees_near_the_limit(verdict, seconds):
    """Polygon's time-limit-exceeded-or-accepted: either side of the limit is what it allows,
    so a run near the limit agrees (it was too close to call)."""
    tag = "time-limit-exceeded-or-accepted"
    submission = Submission(Path("x.py"), "solutions/slowish.py", tag, "Python")
    entry = Judged(submission, POLYGON)
    entry.verdict, entry.seconds = verdict, seconds
    assert agreement(entry, 1.0, 1.5).outcome == AGREES


def test_polygon_s_presentation_error_tag_wants_a_presentation_error_not_any_wrong_answer():
    """Codeforces judges a presentation error a wrong answer (the kit's WA, its message saying
    so), and Polygon's tag asks for the presentation error: a plain wrong answer agreed."""
    tag = "presentation-error"
    entry = Judged(Submission(Path("x.py"), "solutions/x.py", tag, "Python"), POLYGON)
    entry.verdict, entry.said = WA, "tests/01: wrong answer: checker: 3 is not 4 (exit status 1)"
    found = agreement(entry, 1.0, 1.5)
    assert (found.outcome, found.reason) == (
        DISAGREES,
        "presentation-error allows PE, the kit gives WA, not a presentation error",
    )
    entry.said = (
        "tests/01: wrong answer: checker: spaces (a presentation error, which Codeforces "
        "judges a wrong answer)"
    )
    assert agreement(entry, 1.0, 1.5).outcome == AGREES


def test_a_message_rule_looks_in_the_judge_messages_of_the_cases_it_covers():
    rule = (Expectation("wrong_answer", "secret", None, None, "is not 5"),)
    entry = Judged(Submission(Path("x.py"), "wrong_answer/x.py", "x", "Python"), KATTIS)
    entry.verdict = WA
    entry.cases = (("sample/1", WA, 0.1), ("secret/1", WA, 0.1))
    entry.messages = (("sample/1", "validator: 5 + 1 is not 5"), ("secret/1", "validator: 10"))
    assert agreement(entry, 1.0, 1.5, rule) == Agreement(
        DISAGREES,
        "wrong_answer on secret asks for a judge message with 'is not 5', none has it",
    )
    entry.messages = (("secret/1", "validator: 10 + 1 is not 5"),)
    assert agreement(entry, 1.0, 1.5, rule).outcome == AGREES


def test_a_default_folder_s_rule_is_kept_where_its_own_key_gives_nothing_in_its_place():
    given = (
        Expectation("time_limit_exceeded/", "", ("AC", "WA", "TLE"), None),  # the spec's example
        Expectation("time_limit_exceeded/slow.py", "secret", None, ("TLE",)),
    )
    slow = Submission(Path("slow.py"), "time_limit_exceeded/slow.py", "time_limit_exceeded", "")
    assert rules_of(given, slow) == [
        Expectation("time_limit_exceeded", "", ("AC", "WA", "TLE"), ("TLE",)),
        given[1],
    ]
    wrong = Submission(Path("w.py"), "wrong_answer/w.py", "wrong_answer", "")
    assert rules_of(given, wrong) == [Expectation("wrong_answer", "", ("AC", "WA"), ("WA",))]
    assert rules_of(given, Submission(Path("m.py"), "mixed/m.py", "mixed", "")) == []


def test_a_folder_s_verdicts_in_the_format_s_words():
    """problemtools has no memory verdict (an MLE is a crash, RTE) and the Kattis format no
    presentation error; Polygon keeps MLE apart, and its tag asks for PE."""
    assert allowed(KATTIS, "run_time_error") == (RE, MLE)
    assert allowed(POLYGON, "presentation-error") == (PE, WA)
    assert allowed(KATTIS, "mixed") == allowed(POLYGON, "accepted/") == ()  # yaml's alone
    kattis = [format_word(verdict, KATTIS) for verdict in (OK, WA, PE, TLE, RE, MLE)]
    assert kattis == ["AC", "WA", "WA", "TLE", "RTE", "RTE"]
    assert [format_word(verdict, POLYGON) for verdict in (RE, MLE)] == ["RTE", "MLE"]


def test_a_rule_naming_a_verdict_the_format_lacks_is_one_line_naming_it():
    good = Expectation("accepted", "", ("AC",), None)
    check_words((good, Expectation("wrong_answer", "secret", None, ("WA", "RTE"))), "p.yaml")
    with pytest.raises(BuildError) as raised:
        check_words((good, Expectation("mixed/", "", ("AC",), ("WA", "MLE", "X"))), "p.yaml")
    assert str(raised.value) == "p.yaml: mixed/: required: 'MLE' is not one of AC, WA, TLE, RTE"


def scored(folder: str, verdict, score: float, full: float | None = 100.0) -> Judged:
    entry = Judged(Submission(Path("x.py"), f"{folder}/x.py", folder, "Python"), KATTIS)
    entry.verdict, entry.score, entry.full_score = verdict, score, full
    return entry


def test_a_scoring_problem_s_submission_agrees_on_ac_with_a_warning_short_of_its_folder_s_score():
    assert agreement(scored("accepted", OK, 100.0), 1.0, 2.0) == Agreement(
        AGREES, "score 100 (full 100)"
    )
    assert agreement(scored("accepted", OK, 70.5), 1.0, 2.0) == Agreement(
        AGREES, "score 70.5 (full 100): not the full score (problemtools warns)"
    )
    assert agreement(scored("partially_accepted", OK, 100.0), 1.0, 2.0) == Agreement(
        AGREES, "score 100 (full 100): the full score (problemtools warns)"
    )
    assert agreement(scored("partially_accepted", OK, 3.0, None), 1.0, 2.0) == Agreement(
        AGREES, "score 3"
    )
    assert agreement(scored("partially_accepted", WA, 0.0), 1.0, 2.0) == Agreement(
        DISAGREES, "partially_accepted wants AC with a score, the kit gives WA"
    )
    entry = scored("accepted", OK, 100.0)
    entry.out_of_range = ("score 100 on secret is outside its range 0 40",)
    assert agreement(entry, 1.0, 2.0) == Agreement(DISAGREES, entry.out_of_range[0])


def test_a_submissions_yaml_score_is_the_submission_s_or_a_group_s():
    entry = scored("accepted", OK, 40.0)
    entry.cases = (("secret/g1/1", OK, 0.1),)
    entry.group_scores = (("secret", 40.0), ("secret/g1", 40.0))
    rule = Expectation("accepted", "", None, None, score=(50.0, 100.0))
    assert agreement(entry, 1.0, 2.0, (rule,)) == Agreement(
        DISAGREES, "accepted asks for score 50 to 100, the kit gives 40"
    )
    group = Expectation("accepted", "secret/g1", None, None, score=(40.0, 40.0))
    assert agreement(entry, 1.0, 2.0, (group,)).outcome == AGREES
    other = Expectation("accepted", "secret/g2", None, None, score=(40.0, 40.0))
    assert agreement(entry, 1.0, 2.0, (other,)) == Agreement(
        DISAGREES,
        "accepted on secret/g2 asks for score 40, and no test data group is secret/g2",
    )
    entry.score, entry.group_scores = None, ()
    assert agreement(entry, 1.0, 2.0, (rule,)) == Agreement(
        DISAGREES, "accepted asks for score 50 to 100, and this problem is not scored"
    )


def test_a_pass_fail_problem_s_partially_accepted_submission_wants_ac_and_is_warned_of_it():
    """problemtools 1.20260907 (checks/submissions.py, ``_check_submission``) expects AC of it
    and, pass-fail having no score short of full, warns that it was fully accepted."""
    entry = Judged(
        Submission(Path("x.py"), "partially_accepted/x.py", "partially_accepted", "Python"), KATTIS
    )
    entry.verdict = OK
    assert agreement(entry, 1.0, 2.0) == Agreement(
        AGREES, "fully accepted, in a pass-fail problem (problemtools warns)"
    )
    entry.verdict = WA
    assert agreement(entry, 1.0, 2.0).outcome == DISAGREES


def tagged(folder: str, results: tuple, verdict) -> Judged:
    """A Kattis submission in ``folder`` whose @EXPECTED_RESULTS@ decides (``results``; ():
    none), judged ``verdict`` in 3 s, well over a 1 s limit when a time-out."""
    submission = Submission(Path("x.py"), f"{folder}/x.py", folder, "Python")
    entry = Judged(dataclasses.replace(submission, expected_results=results), KATTIS)
    entry.verdict, entry.seconds = verdict, 3.0
    return entry


def test_a_submission_s_expected_results_tag_allows_each_result_it_lists():
    """A time-out agrees where the tag lists TIMELIMIT beside WRONG-ANSWER; where it lists
    WRONG-ANSWER alone, or without a tag in wrong_answer/, it disagrees."""
    listed = tagged("rejected", ("WRONG-ANSWER", "TIMELIMIT"), TLE)
    assert agreement(listed, 1.0, 1.5) == Agreement(AGREES)
    assert agreement(tagged("rejected", ("WRONG-ANSWER", "TIMELIMIT"), WA), 1.0, 1.5).outcome == (
        AGREES
    )
    assert agreement(tagged("rejected", ("WRONG-ANSWER",), TLE), 1.0, 1.5) == Agreement(
        DISAGREES, "@EXPECTED_RESULTS@ allows WA, the kit gives TLE"
    )
    assert agreement(tagged("wrong_answer", (), TLE), 1.0, 1.5) == Agreement(
        DISAGREES, "wrong_answer allows WA, the kit gives TLE"
    )


def test_an_expected_results_tag_of_names_domjudge_lacks_allows_no_verdict():
    found = agreement(tagged("rejected", ("TIMEOUT",), TLE), 1.0, 1.5)
    assert found == Agreement(
        DISAGREES, "@EXPECTED_RESULTS@ allows no verdict a run gives, the kit gives TLE"
    )


def points(tag: str, verdict, score: float, full: float | None = 100.0) -> Judged:
    entry = Judged(Submission(Path("x.cpp"), f"solutions/{tag}.cpp", tag, "C++"), POLYGON)
    entry.verdict, entry.score, entry.full_score = verdict, score, full
    return entry


def test_a_polygon_scoring_problem_s_row_is_its_tag_s_with_its_score():
    """A checker's points accept a test (a run of them is AC): the tag decides as in a
    pass-fail problem, and the row says the score, the full score beside it when the tests'
    points give one; short of it or over it is said, not a disagreement."""
    assert agreement(points("main", OK, 100.0), 1.0, 1.5) == Agreement(
        AGREES, "score 100 (full 100)"
    )
    assert agreement(points("accepted", OK, 62.5), 1.0, 1.5) == Agreement(
        AGREES,
        "score 62.5 (full 100): not the full score (Polygon checks the tags' verdicts alone)",
    )
    assert agreement(points("main", OK, 100.0, None), 1.0, 1.5) == Agreement(
        AGREES, "score 100 (problem.xml's tests carry no points: no full score)"
    )
    assert agreement(points("main", OK, 120.0), 1.0, 1.5).reason == (
        "score 120 (full 100): over the full score"
    )
    assert agreement(points("rejected", OK, 43.0), 1.0, 1.5) == Agreement(
        DISAGREES,
        "score 43 (full 100); rejected allows WA or TLE or MLE or OLE or RTE, the kit gives AC",
    )
    assert agreement(points("wrong-answer", WA, 30.0), 1.0, 1.5) == Agreement(
        AGREES, "score 30 (full 100)"
    )

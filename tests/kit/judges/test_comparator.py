"""kit.judges.comparator: what every rule does before its own ``difference``: an output that is
the answer byte for byte accepted without asking it (but for a byte-order mark opening both),
the message of ``compare``, and no flags nor other pass of its own."""

from pathlib import Path

from kit.judges.comparator import Comparator, Judgement, runs_program
from kit.judges.compare import parse_compare

NO_INPUT = Path("/nonexistent/input")


class Counted(Comparator):
    """A rule that says every output differs, counting how often it is asked."""

    spec = "counted"

    def __init__(self):
        self.asked = 0

    def difference(self, expected, got):
        self.asked += 1
        return "line 1: differs"


def test_an_output_that_is_the_answer_byte_for_byte_is_accepted_without_asking_the_rule():
    rule = Counted()
    assert rule.judge(NO_INPUT, b"1 2\n", b"1 2\n") == Judgement(True, "")
    assert rule.asked == 0
    assert rule.judge(NO_INPUT, b"1 2\n", b"1 2") == Judgement(False, "line 1: differs")
    assert rule.asked == 1


def test_a_byte_order_mark_opening_both_is_left_to_the_rule():
    """testlib skips the mark in the output only: the rule says whether they are equal."""
    rule = Counted()
    assert not rule.judge(NO_INPUT, b"\xef\xbb\xbf1\n", b"\xef\xbb\xbf1\n").accepted
    assert rule.asked == 1


def test_compare_is_the_message_or_none_and_a_rule_takes_no_flags_nor_passes(tmp_path):
    rule = Counted()
    assert rule.compare(NO_INPUT, b"1", b"1") is None
    assert rule.compare(NO_INPUT, b"1", b"2") == "line 1: differs"
    assert rule.with_flags(("case_sensitive",)) is rule
    judged = rule.judge_pass(NO_INPUT, b"1", b"1", tmp_path)
    assert judged == Judgement(True, "") and judged.next_input is None


def test_runs_program_is_true_of_a_checker_or_validator_setting_alone():
    for spec in ("checker:check.py", "checker:'my checker.py'", "validator:v.py case_sensitive"):
        assert runs_program(spec), spec
    for spec in ("lines", "tokens", "float:1e-6", "std:ncmp", "kattis:case_sensitive", "domjudge"):
        assert not runs_program(spec), spec
    assert not runs_program("checker")  # no mode without its colon (parse_compare refuses it)
    assert not runs_program("checkers:x.py")


def test_runs_program_says_it_of_the_spec_parse_compare_gives(tmp_path):
    (tmp_path / "check.py").write_text("import sys\n")
    (tmp_path / "v.py").write_text("import sys\n")
    for spec, program in (("checker:check.py", True), ("validator:v.py", True), ("tokens", False)):
        assert runs_program(parse_compare(f" {spec} ", tmp_path, "here").spec) is program

"""kit.verify.output_check: a package's checker given junk and odd outputs, as verifyproblem gives
its output validator junk: a verdict on each is what a checker owes; junk accepted on every case is
a warning, a failure (a crash, a status outside the protocol) is named with its output and case
and makes ``verify`` exit 1."""

import shutil

import pytest

from kit.junk import JUNK, ODD_OUTPUTS
from kit.package_problem import problem_from_package
from kit.problem_cases import judge_cases, sample_cases
from kit.verify import output_check, report
from tests.package_support import PACKAGES, polygon_with_tests, verified

SPLIT = PACKAGES / "kattis_split_py"
VALIDATOR = SPLIT / "output_validators" / "split_check" / "split_check.py"
# reads the first token as a number without a check: fails on any other first token
CARELESS = """\
import sys
words = sys.stdin.read().split()
if not words:
    sys.exit(43)
sys.exit(42 if int(words[0]) == 5 else 43)
"""


def checked(path, jobs=2):
    problem = problem_from_package(path, "split")
    cases = sample_cases(problem) + judge_cases(problem)[0]
    return output_check.check_outputs(problem, cases, jobs)


def copy_with(tmp_path, source):
    copy = shutil.copytree(SPLIT, tmp_path / "split")
    (copy / VALIDATOR.relative_to(SPLIT)).write_text(source)
    return copy


def limit_validation(copy, limit):
    """``limit`` (``validation_time: 0.5``) added to the copy's problem.yaml's limits."""
    yaml = copy / "problem.yaml"
    yaml.write_text(yaml.read_text().replace("limits:\n", f"limits:\n  {limit}\n"))


def test_a_checker_with_a_verdict_on_each_output_passes():
    check = checked(SPLIT)
    assert check == output_check.OutputCheck(
        "output_validators/split_check", (len(JUNK) + len(ODD_OUTPUTS)) * 3, (), (), answers=3
    )
    assert report.output_lines(check) == [
        "checker: a verdict on each of 33 junk and odd outputs (output_validators/split_check)",
        "answers: 3 of 3 accepted as outputs by the checker",
    ]


def test_the_validator_is_held_to_the_package_s_validation_memory(tmp_path):
    """The junk went to the validator with no memory limit, where problemtools holds it to
    limits.validation_memory: one over it is a judge error on every output."""
    copy = copy_with(tmp_path, "import sys\nblock = bytearray(400 << 20)\nsys.exit(42)\n")
    limit_validation(copy, "validation_memory: 200")
    check = checked(copy)
    assert check.failed and check.answers_failing == 3
    assert all(failure.endswith("(its memory limit: 200 MiB)") for failure in check.failed)


# a validator that wants two numbers, the first not 0: the jury's answers to the sample (2 3)
# and to secret/1 (5 5) pass, not secret/2's (0 0)
PICKY = """\
import sys
words = sys.stdin.read().split()
sys.exit(42 if len(words) == 2 and words[0] != "0" else 43)
"""


def test_the_jury_s_own_answers_must_pass_its_checker(tmp_path, capsys):
    """problemtools: "judge answer file got WA": an error on a sample, a warning otherwise."""
    copy = copy_with(tmp_path, PICKY)
    check = checked(copy)
    assert (check.answers, check.answers_failing) == (3, 0)
    assert check.answers_rejected == ("data/secret/2.in: validator: wrong answer (exit status 43)",)
    status, lines = verified(capsys, copy, "accepted/split.py")
    assert "answers: 2 of 3 accepted as outputs by the checker" in lines
    assert "  data/secret/2.in: validator: wrong answer (exit status 43)" in lines
    failing = (
        "the package's checker does not accept 1 of its own answers (a sample's, or by failing)"
    )
    assert failing not in lines  # a secret case's: a warning
    (copy / "data" / "sample" / "1.ans").write_text("0 5\n")  # now a sample's is rejected
    status, lines = verified(capsys, copy, "accepted/split.py")
    assert status == 1 and failing in lines


# hangs on the input 10 (secret/1), rejects every output elsewhere
HANGS_ON_TEN = """\
import sys, time
if open(sys.argv[1]).read().split() == ["10"]:
    time.sleep(30)
sys.exit(43)
"""


def test_a_case_the_checker_hung_on_is_tried_no_more(tmp_path):
    copy = copy_with(tmp_path, HANGS_ON_TEN)
    limit_validation(copy, "validation_time: 0.5")  # the package's own time for its validator
    check = checked(copy, jobs=1)
    hung = [line for line in check.failed if "data/secret/1" in line]
    assert len(hung) == 1 and hung[0].endswith(
        "checker failed: no verdict after 1.5 s of wall time (killed; its limit: 0.5 s of CPU time)"
    )


def test_junk_accepted_on_every_case_is_a_warning(tmp_path):
    check = checked(copy_with(tmp_path, "import sys\nsys.exit(42)\n"))
    assert check.accepted == tuple(what for what, _ in JUNK) and check.failed == ()
    assert report.output_lines(check)[1] == (
        "  warning: the checker accepts an empty file as the output of every case"
    )


def test_junk_rejected_on_one_case_is_no_warning(tmp_path):
    only_sample = "import sys\nsys.exit(43 if 'sample' in sys.argv[1] else 42)\n"
    assert checked(copy_with(tmp_path, only_sample)).accepted == ()


def test_a_failure_is_named_with_its_output_and_case_and_verify_exits_1(tmp_path, capsys):
    copy = copy_with(tmp_path, CARELESS)
    check = checked(copy)
    crashing = ("the bytes 0 to 255", "a line of printable ASCII", "the number 1e400")
    crashing += ('the word "nan"', "a letter", "a NUL byte", "bytes that are not UTF-8")
    assert {line.split(" on data/")[0] for line in check.failed} == set(crashing)
    assert len(check.failed) == 3 * len(crashing)
    assert check.failed[0].startswith(
        "the bytes 0 to 255 on data/sample/1.in: checker failed: validator exit status 1"
    )
    status, lines = verified(capsys, copy, "accepted/")
    assert status == 1
    assert lines[1] == "data: 3 cases as problemtools checks them: fine"
    assert lines[2] == (
        "checker: fails on 21 of 33 junk and odd outputs (output_validators/split_check)"
    )
    assert lines[13] == "  ... and 11 more"
    assert lines[-2:] == [
        "the package's checker fails on 21 outputs",
        # it takes only 5 first: the sample's answer (2 3) too is rejected
        "the package's checker does not accept 1 of its own answers (a sample's, or by failing)",
    ]


@pytest.mark.parametrize("name", ["kattis_sum", "kattis_guess", "polygon_guess"])
def test_the_kit_s_own_comparison_and_an_interactor_are_not_checked(name):
    problem = problem_from_package(PACKAGES / name, name)
    assert output_check.check_outputs(problem, sample_cases(problem)) is None


def test_each_case_is_judged_with_its_test_group_s_flags(tmp_path):
    copy = copy_with(tmp_path, "import sys\nsys.exit(42 if '--lax' in sys.argv else 43)\n")
    assert checked(copy).accepted == ()
    (copy / "data" / "testdata.yaml").write_text("output_validator_flags: --lax\n")
    assert checked(copy).accepted == tuple(what for what, _ in JUNK)


def test_a_testlib_checker_is_checked():
    problem = problem_from_package(PACKAGES / "polygon_sum", "sum")
    check = output_check.check_outputs(problem, judge_cases(problem)[0], 2)
    assert (check.checker, check.accepted, check.failed) == ("files/check.cpp", (), ())


def with_validation_outputs(copy, invalid, valid):
    """``copy`` with data/invalid_output/1 and data/valid_output/1 for the input "5"."""
    for group, output in (("invalid_output", invalid), ("valid_output", valid)):
        folder = copy / "data" / group
        folder.mkdir()
        (folder / "1.in").write_text("5\n")
        (folder / "1.ans").write_text("2 3\n")
        (folder / "1.out").write_text(output)
    return copy


def test_validation_outputs_judged_as_their_folders_say_pass(tmp_path):
    copy = with_validation_outputs(shutil.copytree(SPLIT, tmp_path / "split"), "2 2\n", "0 5\n")
    check = checked(copy)
    assert (check.validation, check.misjudged) == (2, ())
    assert report.output_lines(check)[-1] == (
        "validation outputs: 2 of 2 judged as their folder says (output_validators/split_check)"
    )


def test_a_misjudged_validation_output_is_named_and_verify_exits_1(tmp_path, capsys):
    copy = with_validation_outputs(shutil.copytree(SPLIT, tmp_path / "split"), "1 4\n", "1 1\n")
    assert checked(copy).misjudged == (
        "data/invalid_output/1.out: accepted, though in invalid_output",
        "data/valid_output/1.out: rejected, though in valid_output: "
        "validator: 1 + 1 is not 5 (exit status 43)",
    )
    status, lines = verified(capsys, copy, "accepted/")
    assert status == 1
    assert lines[-1] == "the package's validation outputs: 2 of 2 not judged as their folder says"


def test_validation_outputs_are_judged_by_the_default_validator_too(tmp_path):
    copy = with_validation_outputs(shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "s"), "", "")
    (copy / "data" / "invalid_output" / "1.out").write_text("4\n")
    (copy / "data" / "valid_output" / "1.out").write_text("  5\n")
    (copy / "data" / "valid_output" / "1.ans").write_text("5\n")
    check = checked(copy)
    assert (check.checker, check.tried, check.validation, check.misjudged) == ("kattis", 0, 2, ())
    assert report.output_lines(check) == [
        "validation outputs: 2 of 2 judged as their folder says (kattis)"
    ]


# polygon_sum's testlib checker on the input "2 3": each output and answer with the verdict
# it gets (an answer that is no number makes the checker fail: testlib's FAIL)
CHECKER_TESTS = [
    ("ok", "2 3\n", "5\n", "5\n"),
    ("wrong-answer", "2 3\n", "6\n", "5\n"),
    ("presentation-error", "2 3\n", "five\n", "5\n"),
    ("crashed", "2 3\n", "5\n", "five\n"),
]


def polygon_checked(folder, tests):
    problem = problem_from_package(polygon_with_tests(folder, checker_tests=tests), "sum")
    return output_check.check_outputs(problem, judge_cases(problem)[0], 2)


def test_polygon_checker_tests_get_the_verdicts_problem_xml_gives(tmp_path):
    """Polygon's checker tests (problem.xml's <checker><testset>): each output judged against
    its answer must get its test's very verdict, a presentation error not a wrong answer."""
    check = polygon_checked(tmp_path / "p", CHECKER_TESTS)
    assert (check.validation, check.misjudged) == (4, ())
    assert report.output_lines(check)[-1] == (
        "checker tests: 4 of 4 judged as problem.xml says (files/check.cpp)"
    )


def test_a_polygon_checker_test_judged_otherwise_is_named_and_verify_exits_1(tmp_path, capsys):
    said = ["wrong-answer", "presentation-error", "wrong-answer", "ok"]
    tests = [(verdict, *test[1:]) for verdict, test in zip(said, CHECKER_TESTS)]
    where = "files/tests/checker-tests"
    assert polygon_checked(tmp_path / "p", tests).misjudged == (
        f"{where}/01.o: accepted, though problem.xml says wrong-answer",
        f"{where}/02.o: rejected, though problem.xml says presentation-error: checker: wrong "
        "answer expected 5, found 6 (exit status 1)",
        f"{where}/03.o: presentation error, though problem.xml says wrong-answer: checker: "
        "wrong output format expected an integer (exit status 2)",
        f"{where}/04.o: checker failed: it reported a failure (exit status 3): FAIL expected an "
        "integer, though problem.xml says ok",
    )
    status, lines = verified(capsys, tmp_path / "p", "solutions/sum.py")
    assert status == 1
    assert lines[-1] == "the package's checker tests: 4 of 4 not judged as problem.xml says"


def test_an_interactive_polygon_problem_s_checker_gets_its_checker_tests_alone(tmp_path):
    """Its checker judges the interactor's output as a batch problem's does: its tests run,
    junk does not (an interactive problem's checking is its interactor's)."""
    copy = shutil.copytree(PACKAGES / "polygon_guess", tmp_path / "guess")
    xml = (copy / "problem.xml").read_text()
    rows = '<test verdict="ok"/><test verdict="ok"/>'
    xml = xml.replace("</checker>", f"<testset><tests>{rows}</tests></testset></checker>")
    (copy / "problem.xml").write_text(xml)
    tests = copy / "files" / "tests" / "checker-tests"
    tests.mkdir(parents=True)
    for number, count in ((1, "7"), (2, "8")):  # 8 guesses are a wrong answer
        for suffix, text in (("", "50\n"), (".o", f"{count}\n"), (".a", "\n")):
            (tests / f"0{number}{suffix}").write_text(text)
    problem = problem_from_package(copy, "guess")
    check = output_check.check_outputs(problem, judge_cases(problem)[0], 2)
    assert (check.tried, check.answers, check.validation) == (0, 0, 2)
    assert check.misjudged == (
        "files/tests/checker-tests/02.o: rejected, though problem.xml says ok: checker: wrong "
        "answer: 8 guesses, more than 7 (exit status 1)",
    )

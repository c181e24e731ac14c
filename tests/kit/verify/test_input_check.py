"""kit.verify.input_check: a Kattis-format package's input validators run on every case's input,
each with its test group's arguments (a string for all, a map by validator name), exit 42 valid and
anything else (0 included, a crash, a hang) a rejection naming the case and what was said; the
``verify`` command prints them and exits 1."""

import shutil
import textwrap

import pytest

from kit import cli
from kit.package_problem import problem_from_package
from kit.packages import read_package
from kit.run import input_validators
from kit.verify import input_check, report
from tests.package_support import SUM, polygon_with_tests, verified
from tests.package_support import SUM_CHECK as CHECK
from tests.package_support import kattis_sum as package


def rejected(copy):
    found = input_check.check_inputs(problem_from_package(copy, "sum"), jobs=2)
    return [(r.case, r.validator, r.why) for r in found.rejected], found


NEGATIVE = [  # kattis_sum's two inputs with a negative number
    "data/secret/group_big/02.in",
    "data/secret/group_neg/sub/01.in",
]


def test_every_input_valid_is_no_rejection(tmp_path):
    found, check = rejected(package(tmp_path))
    assert found == [] and (check.validators, check.inputs) == (("input_validators/check.py",), 6)


@pytest.mark.parametrize(
    "group_yaml",
    [
        "input_validator_flags: --min 0\n",  # for every validator
        "input_validator_flags:\n  check: --min 0\n",  # by name
        "input_validator_args: [--min, '0']\n",  # the later versions' key, a list
    ],
)
def test_a_group_s_arguments_reach_its_cases_and_its_subgroups(tmp_path, group_yaml):
    found, _ = rejected(package(tmp_path, group_yaml=group_yaml))
    why = "exit status 43: not two numbers from 0"
    assert found == [(case, "input_validators/check.py", why) for case in NEGATIVE]


def test_arguments_for_another_validator_are_not_passed(tmp_path):
    found, _ = rejected(package(tmp_path, group_yaml="input_validator_flags:\n  other: --min 0\n"))
    assert found == []


def test_a_validator_that_hung_once_is_not_run_again(tmp_path, monkeypatch):
    monkeypatch.setattr(input_validators, "TIMEOUT", 0.5)
    problem = problem_from_package(
        package(tmp_path, {"slow.py": "import time\ntime.sleep(30)\n"}), "sum"
    )
    found = input_check.check_inputs(problem, jobs=1)
    assert [rejection.why for rejection in found.rejected] == ["killed at 0.5 s"] + [
        "not run: it was killed at 0.5 s on an earlier input"
    ] * 5
    assert found.junk == ()  # junk is not confirmed either


def test_a_package_without_validators_is_not_checked_and_viva_is_a_note(tmp_path):
    assert input_check.check_inputs(problem_from_package(SUM, "sum")) is None
    copy = package(tmp_path, {"format.viva": "<int>\n"})
    problem = problem_from_package(copy, "sum")
    assert input_check.check_inputs(problem) is None
    notes = read_package(copy, "sum").notes
    assert (
        "note: sum: not run, a language the kit does not run: input_validators/format.viva (VIVA)"
        in notes
    )


def test_a_validator_in_a_language_the_kit_does_not_run_is_a_note_not_an_error(tmp_path):
    validators = {
        "check.py": CHECK,
        "validate.rb": "exit 42\n",
        "java/Validate.java": "class V {}\n",
    }
    copy = package(tmp_path, validators)
    note = (
        "note: sum: not run, a language the kit does not run: input_validators/java (a folder "
        "of no .py, C or C++ source), input_validators/validate.rb (not executable)"
    )
    assert note in read_package(copy, "sum").notes
    found = input_check.check_inputs(problem_from_package(copy, "sum"), jobs=2)
    assert found.validators == ("input_validators/check.py",)


def test_verify_prints_the_rejected_inputs_and_exits_1(tmp_path, capsys):
    copy = package(tmp_path, group_yaml="input_validator_flags: --min 0\n")
    status, lines = verified(capsys, copy, "accepted/sum.py")
    assert status == 1
    assert lines[2:5] == [
        "inputs: 2 of 6 inputs rejected (input_validators/check.py)",
        *(
            f"  {case}: input_validators/check.py: exit status 43: not two numbers from 0"
            for case in NEGATIVE
        ),
    ]
    assert lines[-1] == "the package's input validators reject 2 of 6 inputs"
    assert [line for line in lines[4:] if "warning" in line] == [
        f"  warning: no input validator rejects data/sample/1.in with {what}"
        for what in LENIENT_CHANGES
    ]
    assert "accepted/sum.py  AC      AC" in lines[10]


POLYGON_SUM = SUM.parent / "polygon_sum"
# a testlib validator's arguments echoed when it rejects, every input rejected but group "big"'s
ECHO = """\
    import sys
    if "--group" in sys.argv and sys.argv[sys.argv.index("--group") + 1] == "big":
        sys.exit(0)
    print(" ".join(sys.argv[1:]))
    sys.exit(3)
"""


def test_a_polygon_package_s_validators_get_testlib_s_arguments_and_0_confirms(tmp_path):
    copy = shutil.copytree(POLYGON_SUM, tmp_path / "sum")
    (copy / "files" / "val.py").write_text(textwrap.dedent(ECHO))
    xml = (copy / "problem.xml").read_text()
    xml = xml.replace(
        "<solutions>",
        '<validators><validator><source path="files/val.py" type="python.3"/></validator>'
        "</validators>\n        <solutions>",
    )
    xml = xml.replace('<test method="manual"/>\n', '<test method="manual" group="big"/>\n', 1)
    (copy / "problem.xml").write_text(xml)
    found, check = rejected(copy)
    assert check.validators == ("files/val.py",)
    assert found == [
        ("tests/01", "files/val.py", "exit status 3: --testset tests"),
        ("tests/03", "files/val.py", "exit status 3: --testset tests"),
    ]


def test_junk_that_no_validator_rejects_is_named_with_the_arguments(tmp_path, capsys):
    lenient = (
        "import sys\nsys.exit(42 if sys.stdin.read().strip() or '--empty' in sys.argv else 43)\n"
    )
    copy = package(tmp_path, {"lenient.py": lenient}, "input_validator_flags: --empty\n")
    check = rejected(copy)[1]
    assert report.input_lines(check)[1:2] == [
        "  warning: no input validator rejects an empty file (with --empty)"
    ]
    assert check.junk == (
        "an empty file (with --empty)",
        "the bytes 0 to 255",
        "the bytes 0 to 255 (with --empty)",
        "a line of printable ASCII",
        "a line of printable ASCII (with --empty)",
    )
    strict = package(tmp_path / "strict", {"check.py": CHECK, "lenient.py": lenient})
    assert rejected(strict)[1].junk == ()  # one validator rejecting is enough


def test_junk_equal_to_a_case_s_own_input_is_left_out(tmp_path):
    lenient = "import sys\nsys.exit(42)\n"
    copy = package(tmp_path, {"lenient.py": lenient})
    assert rejected(copy)[1].junk[0] == "an empty file"
    (copy / "data" / "sample" / "1.in").write_bytes(b"")  # a problem whose input is empty
    assert rejected(copy)[1].junk[0] == "the bytes 0 to 255"


STRICT = """\
    import re, sys
    lax = "--lax" in sys.argv
    number = rb"(0|-?[1-9][0-9]*)"
    exact = re.fullmatch(number + b" " + number + rb"\\n", sys.stdin.buffer.read())
    sys.exit(42 if lax or exact else 43)
"""
LENIENT_CHANGES = (
    "each space doubled",
    "a space before each line break",
    "each line break doubled",
    "zeros before each integer",
)


def test_modified_inputs_that_no_validator_rejects_are_named_with_the_case(tmp_path):
    check = rejected(package(tmp_path))[1]  # CHECK reads tokens: blanks and zeros pass
    assert check.modified == tuple(f"data/sample/1.in with {what}" for what in LENIENT_CHANGES)
    assert report.input_lines(check)[-1] == (
        "  warning: no input validator rejects data/sample/1.in with zeros before each integer"
    )
    strict = rejected(package(tmp_path / "strict", {"strict.py": STRICT}))[1]
    assert (strict.rejected, strict.junk, strict.modified) == ((), (), ())


def test_a_viva_validator_not_run_is_said_on_each_input_let_through(tmp_path):
    """A package whose format a .viva file checks, beside a validator that reads tokens: the
    modified inputs the one run lets through are warned of as if no validator of the package
    rejected them, though problemtools runs the VIVA file, which may."""
    copy = package(tmp_path, {"check.py": CHECK, "format.viva": "<int> <int>\n"})
    check = rejected(copy)[1]
    assert check.validators == ("input_validators/check.py",)
    assert check.unrun == ("input_validators/format.viva (VIVA)",)
    assert report.input_lines(check)[-1] == (
        "  warning: no input validator run here rejects data/sample/1.in with zeros before "
        "each integer (input_validators/format.viva (VIVA) is not run here)"
    )
    plain = rejected(package(tmp_path / "plain"))[1]  # every validator run: as before
    assert plain.unrun == () and report.input_lines(plain)[-1] == (
        "  warning: no input validator rejects data/sample/1.in with zeros before each integer"
    )


# kattis_sum's format, with no negative number: Checktestdata, whitespace strict
NON_NEGATIVE = "INT(0, 1000000000) SPACE INT(0, 1000000000) NEWLINE\n"


def test_a_checktestdata_validator_runs_beside_a_program(tmp_path):
    """The .ctd file is run, as problemtools runs it: it rejects the negative inputs the token
    reader lets through, and every modified input and junk (whitespace is strict)."""
    copy = package(tmp_path, {"check.py": CHECK, "format.ctd": NON_NEGATIVE})
    found, check = rejected(copy)
    assert check.validators == ("input_validators/check.py", "input_validators/format.ctd")
    assert check.unrun == ()
    assert found == [
        (case, "input_validators/format.ctd", f"exit status 43: line 1, column 1: {n} out of range")
        for case, n in [("data/sample/2.in", -5), *zip(NEGATIVE, (-1000000, -3))]
    ]
    assert (check.junk, check.modified) == ((), ())
    assert "not run here" not in "\n".join(report.input_lines(check))


def test_verify_reports_a_checktestdata_rejection_as_a_python_one(tmp_path, capsys):
    copy = package(tmp_path, {"format.ctd": NON_NEGATIVE})
    status, lines = verified(capsys, copy, "accepted/sum.py")
    assert status == 1
    assert lines[2] == "inputs: 3 of 6 inputs rejected (input_validators/format.ctd)"
    assert lines[3].startswith("  data/sample/2.in: input_validators/format.ctd: exit status 43: ")
    assert lines[-1] == "the package's input validators reject 3 of 6 inputs"


def test_a_malformed_checktestdata_validator_is_a_one_line_error(tmp_path, capsys):
    copy = package(tmp_path, {"format.ctd": "INT(0, 9) SPACE\nEND\n"})
    assert cli.main(["verify", str(copy), "-j", "1"]) == 2
    assert capsys.readouterr().err.endswith(
        ": input validator input_validators/format.ctd could not be read: line 2: END without "
        "a block to close\n"
    )


def test_a_modified_input_is_validated_with_its_case_s_arguments(tmp_path):
    copy = package(tmp_path, {"strict.py": STRICT}, "input_validator_flags: --lax\n")
    shutil.rmtree(copy / "data" / "sample")  # the first case: data/secret/01_small.in
    check = rejected(copy)[1]
    changes = (*LENIENT_CHANGES, "a line after the last")
    assert check.modified == tuple(f"data/secret/01_small.in with {what}" for what in changes)


def test_an_invalid_input_no_validator_rejects_is_named_and_verify_exits_1(tmp_path, capsys):
    copy = package(tmp_path)
    yaml = copy / "problem.yaml"  # validation data and test_group.yaml: the 2025-09 format's
    text = yaml.read_text().replace("validation: default\n", "")
    yaml.write_text("problem_format_version: 2025-09\n" + text)
    invalid = copy / "data" / "invalid_input"
    (invalid / "neg").mkdir(parents=True)
    (invalid / "1.in").write_text("1 2 3\n")  # three numbers: rejected
    (invalid / "2.in").write_text("1 2\n")  # valid: let through
    (invalid / "neg" / "test_group.yaml").write_text("input_validator_args: --min 0\n")
    (invalid / "neg" / "1.in").write_text("-1 5\n")  # rejected only under its group's --min 0
    check = rejected(copy)[1]
    assert (check.invalid, check.rejected) == (3, ())
    assert check.let_through == ("data/invalid_input/2.in",)
    status, lines = verified(capsys, copy, "accepted/sum.py")
    assert status == 1
    assert lines[2:5] == [
        "inputs: 6 of 6 valid (input_validators/check.py)",
        "invalid inputs: 2 of 3 rejected",
        "  data/invalid_input/2.in: no input validator rejects it",
    ]
    assert lines[-1] == "the package's input validators accept 1 of 3 invalid inputs"


def test_a_validation_output_s_input_must_be_valid_too(tmp_path):
    copy = package(tmp_path)
    folder = copy / "data" / "valid_output"
    folder.mkdir()
    for suffix, text in ((".in", "1 2 3\n"), (".ans", "6\n"), (".out", "6\n")):
        (folder / f"1{suffix}").write_text(text)
    found, check = rejected(copy)
    assert check.inputs == 7
    assert found == [
        (
            "data/valid_output/1.in",
            "input_validators/check.py",
            "exit status 43: not two numbers from -1000000000",
        )
    ]


# a validator that includes a header of the format's tool, not of the package (BAPCtools'
# validation.h): valid when the header's check passes
NEEDS_HEADER = '#include "tool.h"\nint main() { return tool_check() ? 42 : 43; }\n'


@pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ here")
def test_a_validator_that_includes_a_header_found_nowhere_is_named_not_run(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("CPKIT_CACHE", "0")
    copy = package(tmp_path, {"check.py": CHECK, "needs/needs.cpp": NEEDS_HEADER})
    found = input_check.check_inputs(problem_from_package(copy, "sum"), jobs=2)
    assert found.validators == ("input_validators/check.py",)
    assert found.unbuilt == ("input_validators/needs: not run: it includes tool.h, found nowhere",)
    status, lines = verified(capsys, copy, "accepted/sum.py")
    assert status == 0
    assert (
        "  note: input_validators/needs: not run: it includes tool.h, found nowhere "
        "(--include DIR gives its folder)"
    ) in lines
    # given the folder that holds it, it is built and run: this tool.h rejects every input
    headers = tmp_path / "headers"
    headers.mkdir()
    (headers / "tool.h").write_text("static bool tool_check() { return false; }\n")
    status, lines = verified(capsys, copy, "accepted/sum.py", "--include", str(headers))
    assert status == 1
    assert (
        "inputs: 6 of 6 inputs rejected (input_validators/check.py, input_validators/needs)"
        in lines
    )


@pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ here")
def test_with_no_validator_built_the_inputs_are_not_checked(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("CPKIT_CACHE", "0")
    copy = package(tmp_path, {"needs/needs.cpp": NEEDS_HEADER})
    status, lines = verified(capsys, copy, "accepted/sum.py")
    assert status == 0
    assert "inputs: not checked, no input validator could be built" in lines


def test_include_must_be_a_folder(tmp_path, capsys):
    with pytest.raises(SystemExit) as caught:
        verified(capsys, package(tmp_path), "--include", str(tmp_path / "nowhere"))
    assert caught.value.code == 2
    assert "--include: " in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ here")
def test_a_checker_that_includes_a_header_found_nowhere_is_a_one_line_error(
    tmp_path, capsys, monkeypatch
):
    """Without its checker nothing can be judged: the error says how to give the header."""
    monkeypatch.setenv("CPKIT_CACHE", "0")
    copy = shutil.copytree(SUM.parent / "kattis_split_py", tmp_path / "split")
    folder = copy / "output_validators" / "split_check"
    (folder / "split_check.py").unlink()
    (folder / "split_check.cpp").write_text(NEEDS_HEADER)
    code = cli.main(["verify", str(copy), "-j", "1"])
    assert code == 2
    assert capsys.readouterr().err.endswith(
        "output_validators/split_check: does not compile with g++: it includes tool.h, which is "
        "neither beside it nor in an include folder (--include DIR gives the folder that holds "
        "it)\n"
    )


# two numbers on one line, each followed by one space or the line's end
TWO_NUMBERS = """\
    import re, sys
    sys.exit(0 if re.fullmatch(rb"-?[0-9]+ -?[0-9]+\\n", sys.stdin.buffer.read()) else 3)
"""


def test_a_polygon_validator_s_tests_valid_ones_accepted_invalid_ones_rejected(tmp_path, capsys):
    """Polygon's validator tests (problem.xml's <validator><testset>): a valid one is an input
    the validator must accept, an invalid one one it must reject; a checker test's input is
    not validated (Polygon does not ask it to be valid)."""
    tests = [("valid", "1 2\n"), ("invalid", "1  2\n"), ("invalid", "1\n")]
    checker_tests = [("ok", "not an input\n", "5\n", "5\n")]
    copy = polygon_with_tests(tmp_path / "p", TWO_NUMBERS, tests, checker_tests)
    found, check = rejected(copy)
    assert (found, check.inputs, check.valid_tests, check.invalid, check.let_through) == (
        [],
        4,
        1,
        2,
        (),
    )
    assert report.input_lines(check)[:2] == [
        "inputs: 4 of 4 valid (files/val.py; 1 validator test among them)",
        "invalid inputs: 2 of 2 rejected",
    ]
    assert verified(capsys, copy, "solutions/sum.py")[0] == 0


def test_a_polygon_validator_test_judged_otherwise_is_named_and_verify_exits_1(tmp_path, capsys):
    tests = [("invalid", "1 2\n"), ("valid", "1  2\n"), ("valid", "3 4\n")]
    copy = polygon_with_tests(tmp_path / "p", TWO_NUMBERS, tests)
    found, check = rejected(copy)
    assert found == [("files/tests/validator-tests/02", "files/val.py", "exit status 3")]
    assert check.let_through == ("files/tests/validator-tests/01",)
    status, lines = verified(capsys, copy, "solutions/sum.py")
    assert status == 1
    assert lines[-2:] == [
        "the package's input validators reject 1 of 5 inputs",
        "the package's input validators accept 1 of 1 invalid inputs",
    ]

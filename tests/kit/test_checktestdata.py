"""kit.checktestdata: a .ctd file run as the kit's own child, with a Kattis validator's exit
statuses: 42 accepted, 43 rejected (where and why on stderr), 1 when the program fails."""

import subprocess
import sys

import pytest

from kit.checktestdata import CtdError, Validator
from kit.cli import RECURSION_LIMIT


@pytest.mark.parametrize(
    ("data", "status", "said"),
    [
        (b"3\n", 42, b""),
        (b"03\n", 43, b"line 1, column 1: 03: a leading zero, or -0\n"),
        (b"3 \n", 43, b"line 1, column 2: a newline expected, found ' '\n"),
    ],
)
def test_the_child_exits_42_or_43(tmp_path, data, status, said):
    program = tmp_path / "format.ctd"
    program.write_text("INT(1, 10, n) NEWLINE\n")
    (tmp_path / "in").write_bytes(data)
    with open(tmp_path / "in", "rb") as stdin:
        done = subprocess.run(
            Validator.read(program).argv(), stdin=stdin, capture_output=True, check=False
        )
    assert (done.returncode, done.stderr) == (status, said)


def test_a_program_failing_as_it_runs_exits_1(tmp_path):
    program = tmp_path / "format.ctd"
    program.write_text("ASSERT(n == 1)\n")
    done = subprocess.run(
        Validator.read(program).argv(), input=b"", capture_output=True, check=False
    )
    assert (done.returncode, done.stderr) == (1, b"format.ctd: variable n undefined\n")


def test_a_malformed_program_is_said_when_read(tmp_path):
    program = tmp_path / "format.ctd"
    program.write_text("INT(1, 10\n")
    with pytest.raises(CtdError, match="^at the end: \\) expected$"):
        Validator.read(program)


def test_validator_flags_fail_the_child_as_they_fail_problemtools_checktestdata(tmp_path):
    program = tmp_path / "format.ctd"
    program.write_text("INT(1, 10, n) NEWLINE\n")
    done = subprocess.run(
        [*Validator.read(program).argv(), "nFive=1"], input=b"3\n", capture_output=True, check=False
    )
    assert (done.returncode, done.stderr) == (
        1,
        b"format.ctd: checktestdata takes no validator flags (nFive=1): problemtools' reads the"
        b" first as the name of the file to check\n",
    )


def _run(tmp_path, program_text: str, data: bytes):
    """The child's exit status and stderr on ``data``; a bound of 30 s (it takes milliseconds;
    converting 1e100000000 exactly, as the kit once did, takes minutes)."""
    program = tmp_path / "format.ctd"
    program.write_text(program_text)
    done = subprocess.run(
        Validator.read(program).argv(), input=data, capture_output=True, check=False, timeout=30
    )
    return done.returncode, done.stderr.decode()


@pytest.mark.parametrize(
    ("program", "data", "status"),
    [
        ("FLOAT(0, 10)", b"1e100000000", 43),  # beyond the bounds, seen by its exponent
        ("FLOAT(0, 10)", b"1e-100000000", 42),  # as 0 to them, on its side of 0
        ("FLOAT(-1, 0)", b"1e-100000000", 43),
        ("FLOAT(-1, 0)", b"-1e-100000000", 42),
        ("FLOAT(0, 10)", b"7E2653745689060379790", 1),  # beyond Decimal: pyctd fails
        ("FLOATP(0, 10, 0, 3)", b"3.500E-19223372036854775808", 1),
        ("FLOAT(0, 10) NEWLINE", b"1" * 10**6 + b"\n", 43),
        ("INT(0, 10) NEWLINE", b"1" * 10**6 + b"\n", 43),  # more digits than the bounds' bits
        ("INT(0, 10^5000)", b"1" * 5000, 42),  # past Python's 4300 digits, as pyctd lifts it
    ],
    ids=range(9),
)
def test_numbers_of_any_size_are_judged_at_once_as_pyctd_judges_them(
    tmp_path, program, data, status
):
    returncode, said = _run(tmp_path, program + "\n", data)
    assert returncode == status
    assert said.count("\n") <= 1 and "Traceback" not in said


DEEP = 2 * RECURSION_LIMIT  # levels: more than the kit's limit lets Python recurse through


@pytest.mark.parametrize(
    "program",
    [
        "SET(x = " + "(" * DEEP + "1" + ")" * DEEP + ")",
        "ASSERT(" + "!" * DEEP + "ISEOF)",
        "IF(ISEOF)\n" * DEEP + "END\n" * DEEP,
        "REP(1)\n" * DEEP + "END\n" * DEEP,
    ],
    ids=["parentheses", "nots", "ifs", "reps"],
)
def test_a_program_nested_too_deeply_fails_in_one_line(tmp_path, program):
    """Read under the kit's own recursion limit (kit.cli sets it for every command), whatever
    another test left it at."""
    (tmp_path / "format.ctd").write_text(program)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(RECURSION_LIMIT)
    try:
        with pytest.raises(CtdError, match="^the program nests too deeply"):
            Validator.read(tmp_path / "format.ctd")
    finally:
        sys.setrecursionlimit(limit)


def test_a_program_running_too_deep_fails_the_child_in_one_line(tmp_path):
    program = "SET(x = " + " + ".join(["1"] * 5000) + ")\n"  # read flat, worked out nested
    assert _run(tmp_path, program, b"") == (
        1,
        "format.ctd: the program nests too deeply (Python's recursion limit)\n",
    )

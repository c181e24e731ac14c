"""kit.checktestdata: a .ctd file run as the kit's own child, with a Kattis validator's exit
statuses: 42 accepted, 43 rejected (where and why on stderr), 1 when the program fails."""

import subprocess

import pytest

from kit.checktestdata import CtdError, Validator


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

"""kit.checktestdata.evaluate: each command of the Checktestdata language accepts the inputs
DOMjudge's checktestdata accepts and rejects the others (doc/format-spec.md,
libchecktestdata.cc); whitespace is strict, as problemtools runs it. When CHECKTESTDATA_TESTS
names a checkout's tests/ folder, its own pairs are judged as its Makefile's ``check`` judges
them."""

import glob
import os
import time
from pathlib import Path

import pytest

from kit.checktestdata import CtdError, check, parse

# (program, inputs it accepts, inputs it rejects)
CASES = [
    ("SPACE NEWLINE", [" \n"], ["\n", "  \n", " ", "\t\n", " \r\n"]),
    ("EOF", [""], ["\n", " "]),
    ("", [""], ["x"]),  # the implicit EOF
    ("INT(-5, 5)", ["0", "-5", "5", "3"], ["", "-", "+3", "03", "-0", "00", "6", "-6", "1.0"]),
    ("INT(0, 10^30)", ["1000000000000000000000000000000"], ["1000000000000000000000000000001"]),
    (
        "FLOAT(-1, 1) NEWLINE",
        ["0\n", "0.5\n", "-1.0\n", "1e0\n", "1E-3\n", "-0.25\n"],
        ["01.5\n", "1.\n", ".5\n", "2\n", "-0\n", "-0.0\n", "-0e1\n"],  # no negative zero
    ),
    ("FLOAT(-1, 1)", [], ["0.5", "1"]),  # pyctd: the end of the file where an e could be
    ("FLOATP(0, 10, 0, 2, x, FIXED)", ["5", "1.5"], ["10", "0.5"]),  # ... is scientific
    ("FLOAT(-1, 1, x, FIXED)", ["0.5"], ["5e-1"]),
    ("FLOAT(-1, 1, x, SCIENTIFIC)", ["5e-1", "5.0E-1"], ["0.5", "5e", "5e-01"]),
    (
        "FLOATP(0, 10, 1, 2) NEWLINE",
        ["1.5\n", "1.25\n", "1.5e0\n"],
        ["1\n", "1.125\n", "10.5e-1\n", "0.5e1\n"],
    ),
    ('STRING("ab\\n")', ["ab\n"], ["ab", "abc\n", "Ab\n"]),
    ('STRING("\\f")', ["\\f"], ["\f"]),  # no \f escape in pyctd: a backslash and f
    ('REGEX("[a-z]+[0-9]?")', ["abc", "abc1"], ["1abc", "abc12", ""]),
    ('REGEX("a|ab") NEWLINE', ["a\n"], ["ab\n"]),  # leftmost-first: the first alternative
    ('REGEX("\\\\(a\\\\)")', ["(a)"], ["a"]),  # an escaped parenthesis
    ('REGEX("a.c")', ["a\nc"], ["ac"]),  # a dot matches a newline
    ('REGEX("[^\\n]+", s) ASSERT(STRLEN(s) == 3)', ["abc"], ["ab", "abcd"]),
    ("INT(1, 5, n) ASSERT(n % 2 == 1)", ["1", "3"], ["2", "4"]),
    ("INT(1, 5, n) ASSERT(n > 1 && n < 5 || n == 5)", ["2", "5"], ["1"]),
    ("INT(1, 5, n) ASSERT(!(n == 3))", ["2"], ["3"]),
    ("INT(1, 5, n) ASSERT(!n == 3 || n == 1)", ["1", "2"], ["3"]),  # ! before && before ||
    ("INT(1, 5, n) ASSERT(n == 1 || n == 2 && n == 3)", ["1"], ["2", "3"]),
    ("INT(-9, 9, n) ASSERT(n / 2 == -1 && n % 2 == -1)", ["-3"], ["-4", "3"]),  # truncated
    ("INT(0, 9, n) ASSERT(n / 2.0 == 1.5)", ["3"], ["2"]),  # a float makes a float
    ("INT(0, 99, n) ASSERT(-2^2 + n == 0 && 2^3^2 == 64)", ["4"], ["0"]),
    (
        "INT(1, 9, n) NEWLINE REP(n, SPACE) INT(0, 9) END",
        ["2\n1 2"],
        ["2\n1 2 ", "2\n1", "2\n1  2"],
    ),
    ("INT(0, 9, n) REP(n) NEWLINE END", ["0", "2\n\n"], ["1"]),
    ("REPI(i, -2) NEWLINE END ASSERT(i == -2)", [""], ["\n"]),  # no turn, as pyctd's range
    ("REP(2^64) NEWLINE END", [], ["", "\n"]),  # not too many turns for pyctd's range
    ("REPI(i, 3, SPACE) INT(i, i) END ASSERT(i == 3)", ["0 1 2"], ["0 1 3", "0 1"]),
    ("WHILE(!ISEOF, NEWLINE) INT(0, 9) END", ["", "1\n2"], ["1\n2\n", "1 2"]),
    ('WHILEI(i, !MATCH("\\n")) REGEX("[a-z]") END NEWLINE ASSERT(i == 2)', ["ab\n"], ["a\n"]),
    ('INT(0, 9, n) IF(n == 0) STRING("z") ELSE STRING("nz") END', ["0z", "1nz"], ["0nz"]),
    ("INT(0, 9, n) IF(n > 0) SPACE END", ["0", "1 "], ["0 ", "1"]),
    ("REPI(i, 3, SPACE) INT(0, 9, a[i]) END ASSERT(UNIQUE(a))", ["1 2 3"], ["1 2 1"]),
    (
        "REPI(i, 2, SPACE) INT(0, 9, x[i]) SPACE INT(0, 9, y[i]) END ASSERT(UNIQUE(x, y))",
        ["1 2 1 3"],
        ["1 2 1 2"],
    ),
    ("REPI(i, 2, SPACE) INT(0, 9, a[i]) END ASSERT(INARRAY(5, a))", ["5 1"], ["1 2"]),
    ("INT(0, 9, n) ASSERT(UNIQUE(a) && !INARRAY(n, a))", ["1"], ["x"]),  # a never set: empty
    (
        "SET(s = 0) REPI(i, 3, SPACE) INT(0, 9, v) SET(s = s + v) END ASSERT(s <= 10)",
        ["1 2 3"],
        ["9 1 1"],
    ),
    ("SET(a[0,1] = 7) UNSET(a) SET(a[1,0] = 5) INT(0, 9, b) ASSERT(INARRAY(b, a))", ["5"], ["7"]),
    (  # a value written over is no longer in the array, the new one is, once asked about
        "SET(a[1] = 3) ASSERT(INARRAY(3, a)) SET(a[1] = 4, a[2] = 4) SET(a[2] = 6) "
        "INT(0, 9, b) ASSERT(INARRAY(b, a))",
        ["4", "6"],
        ["3", "5"],
    ),
    ("SET(a[1] = 3) ASSERT(INARRAY(3, a)) UNSET(a) INT(0, 9, b) ASSERT(!INARRAY(b, a))", ["3"], []),
    ('REGEX("[a-z]+", s) ASSERT(s < "m")', ["abc"], ["xyz"]),  # strings compare as strings
]


@pytest.mark.parametrize(("program", "accepted", "rejected"), CASES)
def test_each_construct_accepts_and_rejects_as_checktestdata_does(program, accepted, rejected):
    commands = parse(program)
    for data in accepted:
        assert check(commands, data.encode()) is None, (program, data)
    for data in rejected:
        assert check(commands, data.encode()) is not None, (program, data)


def test_a_rejection_says_where_and_why():
    assert (
        check(parse("INT(1, 9) NEWLINE INT(1, 9)"), b"1\n10") == "line 2, column 1: 10 out of range"
    )
    assert check(parse("INT(1, 9) SPACE"), b"1  ") == (
        "line 1, column 3: the end of the file expected, found ' '"
    )


@pytest.mark.parametrize(
    ("program", "why"),
    [
        ("INT(0, 9, n) ASSERT(m == 1)", "variable m undefined"),
        ("STRING(3)", "a string expected, found 3"),
        ("INT(0, 9, n) ASSERT(n ^ -1 == 1)", "exponent -1 is not a non-negative integer"),
        ("INT(0, 9, n) ASSERT(n / 0 == 1)", "division by zero"),
        ('ASSERT("a" < 1)', "'a' and 1 cannot be compared"),
        ("IF(ISEOF) SET(x = 1 % 0) END INT(0, 9)", "division by zero"),  # before the run
        ("IF(ISEOF) SET(x = 1.5 % 2) END INT(0, 9)", "% needs integers"),
    ],
)
def test_a_program_that_fails_as_it_runs_is_a_ctd_error(program, why):
    with pytest.raises(CtdError) as caught:
        check(parse(program), b"1")
    assert str(caught.value) == why


TESTS = os.environ.get("CHECKTESTDATA_TESTS", "")


def _repository_pairs(folder: Path):
    """Each (program, data, must it pass) of the repository's Makefile ``check`` (test_*:
    data .in* pass, data .err* fail, program .err* fail on the data .in); testws_* need
    --whitespace-ok, which the kit does not use, and are left out."""
    for program in sorted(folder.glob("test_*_prog.in")):
        base = str(program)[: -len("_prog.in")]
        yield from ((program, Path(data), True) for data in sorted(glob.glob(base + "_data.in*")))
        yield from ((program, Path(data), False) for data in sorted(glob.glob(base + "_data.err*")))
        for wrong in sorted(glob.glob(base + "_prog.err*")):
            yield Path(wrong), Path(base + "_data.in"), False


@pytest.mark.skipif(not TESTS, reason="CHECKTESTDATA_TESTS names no checktestdata tests/ folder")
def test_the_checktestdata_repository_s_own_pairs():
    wrong, pairs = [], list(_repository_pairs(Path(TESTS)))
    assert pairs, f"CHECKTESTDATA_TESTS={TESTS} holds no test_*_prog.in"  # not a vacuous pass
    for program, data, passes in pairs:
        try:
            said = check(parse(program.read_bytes().decode("latin-1")), data.read_bytes())
        except CtdError:
            said = "an error"
        if (said is None) != passes:
            wrong.append((program.name, data.name, said))
    assert wrong == []


def test_distinct_values_checked_as_they_come_take_linear_time():
    """The spec's way to ask for distinct values, INARRAY before each SET: 60,000 of them in
    well under the 60 s a validator gets (a scan per question took 4.6 s for 20,000, and
    would take some 40 s here)."""
    count = 60_000
    program = parse(
        "INT(1, 10^5, n) NEWLINE REPI(i, n, SPACE) INT(1, 10^9, x) ASSERT(!INARRAY(x, a)) "
        "SET(a[i] = x) END NEWLINE"
    )
    data = f"{count}\n" + " ".join(map(str, range(1, count + 1))) + "\n"
    started = time.perf_counter()
    assert check(program, data.encode()) is None
    assert time.perf_counter() - started < 15
    assert check(program, data.replace(" 2 ", " 1 ").encode()) is not None


def test_arithmetic_on_constants_worked_out_before_the_run_fails_only_where_it_runs():
    program = parse("INT(0, 10^1, n) IF(n == 1) SET(x = 1/0) END ASSERT(7/2 == 3 && -7/2 == -3)")
    assert check(program, b"2") is None
    with pytest.raises(CtdError, match="^division by zero$"):
        check(program, b"1")
    assert check(parse("ASSERT(7.0/2 == 3.5 && -(2^3) == -8)"), b"") is None

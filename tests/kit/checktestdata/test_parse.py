"""kit.checktestdata.parse: a Checktestdata program's text read as its grammar
(DOMjudge/checktestdata, checktestdata.y and checktestdata.l) reads it; a malformed one is a
one-line CtdError naming its line."""

from fractions import Fraction

import pytest

from kit.checktestdata import CtdError, parse


def test_comments_whitespace_strings_and_numbers():
    program = 'INT(0, 1.5e1) # a comment\n\tSTRING("a\\101\\t\\"\\q\\\nb")'
    assert parse(program) == (
        ("INT", ("int", 0), ("float", Fraction(15)), None),
        ("STRING", ("str", 'aA\t"\\qb')),
    )


def test_blocks_nest_with_their_separators():
    (loop,) = parse("REPI(i, 2, SPACE) IF(i == 0) NEWLINE ELSE EOF END END")
    assert loop[:4] == ("REP", ("var", "i", ()), ("int", 2), ("SPACE",))
    assert loop[4] == ((
        "IF", ("cmp", "==", ("var", "i", ()), ("int", 0)), (("NEWLINE",),), (("EOF",),),
    ),)  # fmt: skip


def test_precedence_of_operators_and_tests():
    (command,) = parse("ASSERT(1 + 2 * -3 ^ 2 == 0 || !ISEOF && (1 < 2))")
    left = (
        "bin",
        "+",
        ("int", 1),
        ("bin", "*", ("int", 2), ("neg", ("bin", "^", ("int", 3), ("int", 2)))),
    )
    assert command[1] == (
        "or", ("cmp", "==", left, ("int", 0)),
        ("and", ("not", ("eof",)), ("cmp", "<", ("int", 1), ("int", 2))),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("program", "error"),
    [
        ("INT(1, 2", "at the end: ) expected"),
        ("SPACE\nEND", "line 2: END without a block to close"),
        ("REP(3) SPACE", "at the end: END expected"),
        ("IF(1 == 1) ELSE ELSE END", "line 1: ELSE without a block to close"),
        ("SPACE\nFOO", "line 2: a command expected, found FOO"),
        ("REP(2, REP(1)) END", "line 1: REP is not a separator"),
        ('STRING("abc)', "line 1: a string is not closed"),
        ('STRING("\\400")', "line 1: bad escape \\400"),
        (
            "INT(010, 20)",
            "line 1: 010 is the integer 8 to DOMjudge's checktestdata and the float 10.0 to"
            " problemtools': write one of them",
        ),
        ("FLOAT(0, 1, x, EXACT)", "line 1: FIXED or SCIENTIFIC expected"),
        ("ASSERT(1)", "line 1: a comparison expected"),
        ("SET(N = 1)", "line 1: a variable name expected, found N"),
    ],
)
def test_a_malformed_program_is_one_line_naming_where(program, error):
    with pytest.raises(CtdError) as caught:
        parse(program)
    assert str(caught.value) == error


def test_a_constant_with_a_leading_zero_and_an_8_or_9_is_a_float_to_both_tools():
    assert parse("SET(x = 019)") == (("SET", ((("var", "x", ()), ("float", Fraction(19))),)),)

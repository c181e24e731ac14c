"""kit.checktestdata.regex: a pattern read as problemtools' checktestdata (pyctd) reads it,
and refused in one line where pyctd refuses it or DOMjudge's tool reads it otherwise."""

import pytest

from kit.checktestdata.parse import CtdError
from kit.checktestdata.regex import compiled


@pytest.mark.parametrize(
    ("pattern", "text", "matched"),
    [
        ("a|ab", "ab", "a"),  # leftmost-first: the first alternative that matches
        ("a.c", "a\nc", "a\nc"),  # a dot matches a newline
        ("\\(a\\)", "(a)", "(a)"),  # an escaped parenthesis
        ("[a-z]+[0-9]?", "abc12", "abc1"),
        ("x{2,3}", "xxxx", "xxx"),
    ],
)
def test_a_pattern_matches_from_the_start_as_pyctd_matches_it(pattern, text, matched):
    found = compiled(pattern).match(text)
    assert found is not None and found.group() == matched


@pytest.mark.parametrize(
    ("pattern", "why"),
    [
        (
            "[[:digit:]]",
            "regular expression '[[:digit:]]': problemtools' checktestdata refuses a class such as "
            "[:digit:] (DOMjudge's takes it): write [0-9]",
        ),
        (
            "1$",
            "regular expression '1$': $ is the character $ to problemtools' checktestdata and an "
            "anchor to DOMjudge's: write \\$ for the character",
        ),
        (
            "1*?",
            "regular expression '1*?': ? follows nothing to repeat, or a repeat: pyctd refuses it",
        ),
        (
            "(?:1)",
            "regular expression '(?:1)': ? follows nothing to repeat, or a repeat: "
            "pyctd refuses it",
        ),
        ("1{}", "regular expression '1{}': { not a repeat such as {2} or {1,3} (pyctd refuses it)"),
        (
            "[]1]",
            "regular expression '[]1]': [] or [^] is refused by pyctd (DOMjudge's reads ] in it)",
        ),
        (
            "[1[]",
            "regular expression '[1[]': problemtools' checktestdata refuses a [ inside brackets",
        ),
        (
            "[\\.1]",
            "regular expression '[\\\\.1]': \\. in brackets is '.' to problemtools' checktestdata "
            "and a backslash and '.' to DOMjudge's",
        ),
        (
            "\\d",
            "regular expression '\\\\d': \\d is a backslash and 'd' to problemtools' "
            "checktestdata, refused by DOMjudge's",
        ),
    ],
)
def test_a_pattern_pyctd_refuses_or_reads_otherwise_is_one_line(pattern, why):
    with pytest.raises(CtdError) as caught:
        compiled(pattern)
    assert str(caught.value) == why

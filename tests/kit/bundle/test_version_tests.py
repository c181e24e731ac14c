"""kit.bundle.version_tests: a comparison of the running Python's version read version by
version: true or false on every version the kit checks, or turning once (from a version, or
below it); anything else None, as a guard of its whole ``if``."""

import ast

import pytest

from kit.bundle.version_tests import reading, span


@pytest.mark.parametrize(
    ("test", "read"),
    [
        ("sys.version_info >= (3, 9)", ("from", (3, 9))),
        ("sys.version_info > (3, 8)", ("always", True)),  # (3, 8, 18, ...) > (3, 8)
        ("sys.version_info != (3, 8)", ("always", True)),  # a 5-tuple is no 2-tuple
        ("sys.version_info == (3, 9)", ("always", False)),
        ("sys.version_info < (3, 10)", ("below", (3, 10))),
        ("sys.version_info[:2] > (3, 9)", ("from", (3, 10))),
        ("sys.version_info[:2] <= (3, 9)", ("below", (3, 10))),
        ("sys.version_info.major >= 3", ("always", True)),
        ("sys.version_info.minor >= 11", ("from", (3, 11))),
        ("sys.version_info[0] == 2", ("always", False)),
        ("sys.hexversion >= 0x03080000", ("always", True)),
        ("sys.hexversion >= 0x030A0000", ("from", (3, 10))),
        ("(3, 9) <= sys.version_info", ("from", (3, 9))),
        ("sys.version_info >= (3, 9, 1)", None),  # turns within 3.9
        # true on one micro version of each minor (CPython 3.8.18 holds all three), read as
        # false everywhere at micro 0 and 99 only
        ("sys.version_info.micro == 18", None),
        ("sys.version_info[:3] == (3, 8, 18)", None),
        ("sys.hexversion == 0x030812F0", None),
        ("sys.version_info.micro != 18", None),
        ("sys.version_info.micro < 100", ("always", True)),
        ("sys.version_info[:2] == (3, 9)", None),  # turns twice
        ("sys.version_info >= LIMIT", None),  # not a literal
        ("version_info >= (3, 9)", None),  # not sys's, as far as a reading can tell
        ("sys.version_info >= (3, 9) >= x", None),  # two operators
    ],
)
def test_each_reading(test, read):
    assert reading(ast.parse(test, mode="eval").body) == read


@pytest.mark.parametrize(
    ("test", "told"),
    [
        ("sys.version_info >= (3, 9, 5)", ("from", (3, 9), (3, 10))),
        ("sys.version_info < (3, 9, 5)", ("below", (3, 9), (3, 10))),
        ("sys.hexversion >= 0x030905F0", ("from", (3, 9), (3, 10))),
        ("sys.version_info >= (3, 9)", ("from", (3, 9), (3, 9))),  # exact: no minor both ways
        ("sys.version_info[:3] == (3, 9, 5)", None),  # turns twice
        ("sys.version_info > (3, 8)", None),  # turns nowhere
    ],
)
def test_where_a_test_that_turns_once_turns(test, told):
    """``span``: the first minor version a test turning once may give its new answer on, and
    the first it gives it on whole (both ways on 3.9 for ``>= (3, 9, 5)``)."""
    assert span(ast.parse(test, mode="eval").body) == told

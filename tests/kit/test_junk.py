"""kit.junk: each modification changes what it names, and only that; one that changes
nothing says so (None), so that the check moves on to the next case."""

import pytest

from kit.junk import JUNK, MODIFICATIONS

CHANGE = {m.what: m for m in MODIFICATIONS}
TEN = b"0" * 10


@pytest.mark.parametrize(
    ("what", "data", "changed"),
    [
        ("each space doubled", b"1 2\n", b"1  2\n"),
        ("a space before each line break", b"1\n2\n", b"1 \n2 \n"),
        ("each line break doubled", b"1\n2\n", b"1\n\n2\n\n"),
        ("zeros before each integer", b"3 -12 x2 3.25 7\n", b"003 -0012 x2 3.25 007\n"),
        # ten, as problemtools adds: past a format's bound on the digits (FLOATP(0, 1, 0, 6))
        ("zeros after each fraction's digits", b"3 3.25 -0.5\n", b"3 3.25%s -0.5%s\n" % (TEN, TEN)),
        ("a line after the last", b"1 2\n", b"1 2\njunk\n"),
        ("a line after the last", b"1 2", b"1 2\njunk\n"),
    ],
)
def test_a_modification_changes_what_it_names(what, data, changed):
    assert CHANGE[what].apply(data) == changed


@pytest.mark.parametrize(
    ("what", "data"),
    [
        ("each space doubled", b"12\n"),
        ("a space before each line break", b"1 2"),
        ("zeros before each integer", b"x2 3.25 abc\n"),
        ("zeros after each fraction's digits", b"3 25 x.5\n"),
    ],
)
def test_a_modification_that_changes_nothing_is_none(what, data):
    assert CHANGE[what].apply(data) is None


def test_the_junk_files_are_the_three_problemtools_tries_first():
    assert [data for _, data in JUNK] == [b"", bytes(range(256)), bytes(range(32, 127)) + b"\n"]

"""kit.bundle.platform_tests: a test of the operating system read as it comes out on Windows
(sys.platform "win32", os.name "nt", platform.system() "Windows"); anything else is unknown."""

import ast

import pytest

from kit.bundle.platform_tests import cases_on_windows, on_windows, platform_flags


def value(text, bound=None):
    return on_windows(ast.parse(text, mode="eval").body, bound)


@pytest.mark.parametrize(
    ("test", "windows"),
    [
        ('sys.platform != "win32"', False),
        ('sys.platform == "win32"', True),
        ('sys.platform != "darwin"', True),  # Windows runs that branch too
        ('sys.platform == "linux"', False),
        ('sys.platform.startswith("linux")', False),
        ('sys.platform.startswith(("win", "cygwin"))', True),
        ('sys.platform in ("linux", "darwin")', False),
        ('sys.platform not in {"linux", "darwin"}', True),
        ('"win" in sys.platform', True),
        ('"win32" != sys.platform', False),  # the constant on the left
        ('"linux" == sys.platform', False),
        ('"nt" == os.name', True),
        ('os.name == "posix"', False),
        ('os.name != "nt"', False),
        ('platform.system() == "Windows"', True),
        ('not sys.platform == "win32"', False),
        ('os.name == "posix" and sys.platform != "darwin"', False),  # one False decides "and"
        ('os.name == "nt" or n > 3', True),  # one True decides "or"
        ('sys.platform != "win32" != False', False),  # chained: the and of its links
        ('os.name == "posix" != n', False),  # its first link decides
    ],
)
def test_a_test_of_the_platform_comes_out_as_on_windows(test, windows):
    assert value(test) is windows


@pytest.mark.parametrize(
    "test",
    [
        "n > 3",
        'sys.platform.lower() == "win32"',  # not read
        'platform.machine() == "x86_64"',
        'os.name == "nt" and n > 3',  # the other operand decides, unknown
        "sys.platform == name",
        '("win32",) == sys.platform',  # no string constant on the left
    ],
)
def test_anything_else_is_unknown(test):
    assert value(test) is None


def test_a_name_bound_once_at_the_top_level_to_such_a_test_is_read_through():
    tree = ast.parse(
        'import sys\nWINDOWS = sys.platform == "win32"\nTWICE = os.name == "nt"\n'
        'TWICE = sys.platform == "linux"\nOTHER = 3\n'
    )
    flags = platform_flags(tree)
    assert list(flags) == ["WINDOWS"]
    assert value("not WINDOWS", flags) is False
    assert value("WINDOWS", flags) is True


@pytest.mark.parametrize(
    ("cases", "runs"),
    [
        ('match sys.platform:\n case "win32": a\n case _: b\n', [True, False]),
        ('match sys.platform:\n case "linux" | "darwin": a\n case _: b\n', [False, True]),
        ('match os.name:\n case "posix": a\n', [False]),  # Windows runs none
        ('match platform.system():\n case "Linux": a\n case "Windows": b\n case o: c\n',
         [False, True, False]),  # the first that matches, alone
    ],
)  # fmt: skip
def test_a_match_on_the_platform_is_read_as_its_chain_of_ifs(cases, runs):
    assert cases_on_windows(ast.parse(cases).body[0]) == runs


@pytest.mark.parametrize(
    "cases",
    [
        'match name:\n case "win32": a\n',
        'match sys.platform:\n case "win32" if n: a\n case _: b\n',  # an if guard
        "match sys.platform:\n case str(): a\n",
        'match os.name:\n case "posix": a\n case WIN.name: b\n',
        # an alternative that takes anything: CPython 3.13.0 runs termios's import on any
        # system (measured), so it is no string's case
        'match sys.platform:\n case "linux" | _: import termios\n',
    ],
)
def test_any_other_match_is_unknown(cases):
    assert cases_on_windows(ast.parse(cases).body[0]) is None

"""kit.bundle.implementation_tests: a test of the implementation read as PyPy and CPython
answer it (the implementation whose branch it is); anything else is unknown."""

import ast

import pytest

from kit.bundle.implementation_tests import branches, implementation_flags, taken_by


def taken(text, bound=None):
    return taken_by(ast.parse(text, mode="eval").body, bound)


@pytest.mark.parametrize(
    ("test", "impl"),
    [
        ('sys.implementation.name == "pypy"', "pypy"),
        ('sys.implementation.name != "pypy"', "cpython"),
        ('"pypy" == sys.implementation.name', "pypy"),
        ('sys.implementation.name == "cpython"', "cpython"),
        ('sys.implementation.name in ("pypy",)', "pypy"),
        ('sys.implementation.name not in ["pypy", "graalpy"]', "cpython"),
        ('platform.python_implementation() == "PyPy"', "pypy"),
        ('platform.python_implementation() != "CPython"', "pypy"),
        ('"PyPy" in sys.version', "pypy"),
        ('"PyPy" not in sys.version', "cpython"),
        ('"__pypy__" in sys.builtin_module_names', "pypy"),
        ('hasattr(sys, "pypy_version_info")', "pypy"),
        ('not hasattr(sys, "pypy_version_info")', "cpython"),
        ('sys.implementation.name == "pypy" or "PyPy" in sys.version', "pypy"),
        ('not (sys.implementation.name == "pypy" and "PyPy" in sys.version)', "cpython"),
    ],
)
def test_a_test_of_the_implementation_names_the_one_that_takes_its_branch(test, impl):
    assert taken(test) == impl


@pytest.mark.parametrize(
    "test",
    [
        'sys.implementation.name == "graalpy"',  # false under both: no branch of one
        'sys.implementation.name != "graalpy"',  # true under both
        'sys.implementation.name == "pypy" and sys.version_info >= (3, 10)',
        "sys.version_info >= (3, 10)",
        'sys.platform == "win32"',
        'hasattr(math, "lcm")',
        'hasattr(sys, "pypy_version_info", 1)',
        "PYPY",  # a name nothing binds
        'os.implementation.name == "pypy"',
        'sys.implementation.name < "pypy"',
        "sys.implementation.name == name",
    ],
)
def test_anything_else_is_unknown(test):
    assert taken(test) is None


def test_names_bound_once_at_the_top_level_are_flags():
    tree = ast.parse(
        'import sys\nPYPY = sys.implementation.name == "pypy"\nCPY = not PYPY\n'
        'TWICE = "PyPy" in sys.version\nTWICE = False\nOTHER = 3\n'
        'def f():\n    INNER = "PyPy" in sys.version\n'
    )
    flags = implementation_flags(tree)
    assert sorted(flags) == ["PYPY"]  # CPY reads a name: known only through the flags
    assert taken("PYPY", flags) == "pypy"
    assert taken("not PYPY", flags) == "cpython"
    assert taken("TWICE", flags) is None


def test_a_flag_compared_with_true_or_false_is_read_as_it_only_when_bound_to_a_bool():
    """``if PYPY == False: n.bit_count()`` passed for CPython 3.8 and 3.9, which run it and die
    (3.8.18 and 3.9.18, measured): read as a guard of both branches, not as ``not PYPY``.
    ``P2 = 2 if PYPY else 0`` is no bool: ``P2 == True`` holds nowhere, read as no test."""
    tree = ast.parse(
        'import sys\nPYPY = sys.implementation.name == "pypy"\n'
        'P2 = 2 if sys.implementation.name == "pypy" else 0\n'
    )
    flags = implementation_flags(tree)
    assert taken("PYPY == False", flags) == "cpython"
    assert taken("PYPY is True", flags) == "pypy"
    assert taken("P2", flags) == "pypy" and taken("P2 == True", flags) is None


@pytest.mark.parametrize(
    ("test", "runs"),
    [
        ("PYPY and n > 5", ("pypy", None)),  # PyPy's branch; either may run the else
        ("n > 5 and PYPY", ("pypy", None)),
        ("PYPY or n > 5", (None, "cpython")),
        ("not (PYPY and n > 5)", (None, "pypy")),
        ("not PYPY and fast", ("cpython", None)),
        ("PYPY and not fast or PYPY and fast", ("pypy", None)),
        ("PYPY", ("pypy", "cpython")),
        ("n > 5", (None, None)),  # no test of the implementation
        ('PYPY and hasattr(math, "cbrt")', (None, None)),  # a guard: not plain, unread
        ("PYPY and not PYPY", (None, None)),  # neither runs the branch
        ("(not PYPY) == False", ("pypy", "cpython")),  # around PYPY (wrapped_tests)
        ("(not PYPY) is True and n > 5", ("cpython", None)),
        ("bool(PYPY)", ("pypy", "cpython")),
        ("(not PYPY) == 1", (None, None)),  # a test used as an operand: no test of it
        ('sys.implementation.name == "pypy" != n', ("pypy", None)),  # chained: an and
        ('"cpython" == sys.implementation.name != "pypy"', ("cpython", "pypy")),
    ],
)
def test_a_test_with_plain_parts_names_the_one_that_alone_runs_each_branch(test, runs):
    flags = {"PYPY": ast.parse('sys.implementation.name == "pypy"', mode="eval").body}

    def plain(node):
        return "hasattr" not in ast.unparse(node)

    assert branches(ast.parse(test, mode="eval").body, flags, plain) == runs
    if runs[0] is not None and runs[1] is not None:
        assert taken(test, flags) == runs[0]  # a whole test of the implementation
    whole = ("PYPY", "PYPY and not PYPY", "(not PYPY) == False", "bool(PYPY)")
    whole += ('"cpython" == sys.implementation.name != "pypy"',)
    unplain = runs if test in whole else (None, None)
    assert branches(ast.parse(test, mode="eval").body, flags) == unplain  # no plain parts

"""kit.check.removed_names: members of standard modules removed from a version on
(``fractions.gcd`` 3.9, ``collections.Iterable`` 3.10), found with their lines, passed under a
version guard; the targets that lack one are those of that version or later."""

import ast
import textwrap
from pathlib import Path

import pytest

from kit.bundle.sources import Source
from kit.check import removed_names


def found(text):
    return [finding[1:4] for finding in windowed(text)]


def windowed(text):
    text = textwrap.dedent(text)
    source = Source("m", Path("m.py"), "m.py", False, text, ast.parse(text), shipped=text)
    return removed_names.findings([source])


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("from fractions import gcd\n", [(1, "fractions.gcd", (3, 9))]),
        ("import collections as c\nisinstance(x, c.Iterable)\n",
         [(2, "collections.Iterable", (3, 10))]),
        ("import time\nt = time.clock()\n", [(2, "time.clock", (3, 8))]),
        # what every version has, and guarded uses
        ("from math import gcd\nimport collections\ncollections.Counter()\n", []),
        ("try:\n    from fractions import gcd\nexcept ImportError:\n    from math import gcd\n",
         []),
        ("import fractions\nif hasattr(fractions, 'gcd'):\n    fractions.gcd(1, 2)\n", []),
        # a try whose handler does not catch what the use raises there guards nothing (3.9.18:
        # ImportError, AttributeError uncaught, measured)
        ("try:\n    from fractions import gcd\nexcept ModuleNotFoundError:\n    from math import"
         " gcd\n", [(2, "fractions.gcd", (3, 9))]),
        ("import fractions\ntry:\n    fractions.gcd(1, 2)\nexcept NameError:\n    pass\n",
         [(3, "fractions.gcd", (3, 9))]),
        ("import fractions\ntry:\n    fractions.gcd(1, 2)\nexcept AttributeError:\n    pass\n",
         []),
        # a test every target passes guards nothing
        ("import math\nif hasattr(math, 'isqrt'):\n    from fractions import gcd\n",
         [(3, "fractions.gcd", (3, 9))]),
        # its else runs on no target: the usual fallback passes
        ("import math\nif hasattr(math, 'gcd'):\n    from math import gcd\nelse:\n"
         "    from fractions import gcd\n", []),
        ("import math\nif not hasattr(math, 'gcd'):\n    from fractions import gcd\n", []),
    ],
)  # fmt: skip
def test_removed_members_are_found_outside_guards(code, expected):
    assert found(code) == expected


def test_a_member_is_missing_from_the_version_it_was_removed_from_on():
    assert removed_names.why("fractions.gcd", (3, 8)) is None
    assert removed_names.why("fractions.gcd", (3, 9)) == "was removed in Python 3.9"
    assert removed_names.why("collections.Iterable", (3, 11)) == "was removed in Python 3.10"
    assert removed_names.why("collections.Counter", (3, 13)) is None


def test_pypy_keeps_what_its_own_modules_kept():
    """PyPy writes its own time and sys: PyPy 3.9 still has time.clock (CPython lost it in
    3.8); its library modules are CPython's."""
    assert removed_names.why("time.clock", (3, 9), "pypy") is None
    assert removed_names.why("time.clock", (3, 9), "cpython") == "was removed in Python 3.8"
    assert removed_names.why("fractions.gcd", (3, 10), "pypy") == "was removed in Python 3.9"


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # the new name first: every target imports it, the fallback never runs
        ("try:\n    from collections.abc import Sequence\nexcept ImportError:\n"
         "    from collections import Sequence\n", []),
        ("try:\n    from math import gcd\nexcept (ImportError, AttributeError):\n"
         "    from fractions import gcd\n", []),
        # a body importing something newer than the removal: the fallback runs below it
        ("try:\n    from math import cbrt, gcd\nexcept ImportError:\n"
         "    from fractions import gcd\n", [(4, "fractions.gcd", (3, 9), (3, 11))]),
        ("try:\n    import tomllib\nexcept ImportError:\n    import collections\n"
         "    collections.Iterable\n", [(5, "collections.Iterable", (3, 10), (3, 11))]),
        # a body that may fail anywhere: no window
        ("try:\n    import numpy\nexcept ImportError:\n    from fractions import gcd\n",
         [(4, "fractions.gcd", (3, 9), (99, 0))]),
        ("try:\n    from math import gcd\n    x = 1\nexcept ImportError:\n"
         "    from fractions import gcd\n", [(5, "fractions.gcd", (3, 9), (99, 0))]),
        ("try:\n    from math import gcd\nexcept ValueError:\n"
         "    from fractions import gcd\n", [(4, "fractions.gcd", (3, 9), (99, 0))]),
        ("try:\n    import imp\nexcept ImportError:\n    from fractions import gcd\n",
         [(4, "fractions.gcd", (3, 9), (99, 0))]),
    ],
)  # fmt: skip
def test_an_old_name_as_a_fallback_counts_only_where_the_try_s_imports_fail(code, expected):
    """sortedcontainers 2.4.0 falls back to ``collections.Sequence`` so (ten such lines):
    the fallback runs only where its ``try``'s imports fail, never for collections.abc."""
    assert [finding[1:5] for finding in windowed(code)] == expected


HEAD = "import sys, math, fractions\nPYPY = sys.implementation.name == 'pypy'\n"
ANY = ((3, 9), (99, 0), (3, 8), None)  # removed in 3.9, on every version, under both


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # beside a conditional expression in its statement: run on every version (3.9.18 died
        # on each, measured), whatever the expression tests
        ("g = fractions.gcd(a, b) + (1 if PYPY else 0)\n", [ANY]),
        ("g = fractions.gcd(a, b) + (1 if hasattr(x, 'bit_count') else 0)\n", [ANY]),
        ("g = fractions.gcd(a, b) + (1 if sys.version_info >= (3, 9) else 0)\n", [ANY]),
        # in its branch: on the versions and the implementation that run it
        ("g = fractions.gcd(a, b) if sys.version_info < (3, 9) else math.gcd(a, b)\n", []),
        ("g = math.gcd(a, b) if sys.version_info >= (3, 9) else fractions.gcd(a, b)\n", []),
        ("g = fractions.gcd(a, b) if hasattr(fractions, 'gcd') else math.gcd(a, b)\n", []),
        ("g = fractions.gcd(a, b) if sys.version_info < (3, 10) else 0\n",
         [((3, 9), (3, 10), (3, 8), None)]),
        ("g = fractions.gcd(a, b) if not PYPY else math.gcd(a, b)\n",
         [((3, 9), (99, 0), (3, 8), "cpython")]),
        ("g = 0 if PYPY else fractions.gcd(a, b) if PYPY else 1\n", []),  # under neither
        # an if on such a test alike: its branch where it runs
        ("if sys.version_info >= (3, 9):\n    g = fractions.gcd(a, b)\n",
         [((3, 9), (99, 0), (3, 9), None)]),
        ("if sys.version_info < (3, 9):\n    g = fractions.gcd(a, b)\n", []),
        ("if PYPY:\n    g = fractions.gcd(a, b)\n", [((3, 9), (99, 0), (3, 8), "pypy")]),
        # on one line: the branch where it runs, the test wherever the if is reached (PyPy
        # 3.9.16 and CPython 3.9.18 die on the last, measured)
        ("if not PYPY: g = fractions.gcd(a, b)\n", [((3, 9), (99, 0), (3, 8), "cpython")]),
        ("if sys.version_info < (3, 9): g = fractions.gcd(a, b)\n", []),
        ("if fractions.gcd(4, 6) and not PYPY: pass\n", [ANY]),
        # after a test in "and" or "or": where it lets it run (CPython 3.8.18 runs the first,
        # 3.9.18 dies on the second, PyPy 3.9.16 runs both, measured)
        ("g = sys.version_info < (3, 9) and fractions.gcd(4, 6)\n", []),
        ("g = PYPY or fractions.gcd(4, 6)\n", [((3, 9), (99, 0), (3, 8), "cpython")]),
    ],
)  # fmt: skip
def test_a_use_counts_where_its_branch_runs_and_beside_a_conditional_expression_everywhere(
    code, expected
):
    """A conditional expression on a test of the version, the implementation or a member
    guarded its whole statement: ``fractions.gcd(a, b) + (1 if PYPY else 0)`` passed for 3.9,
    which dies there; its branches are read as the API check reads them."""
    assert [finding[3:] for finding in windowed(HEAD + code)] == expected


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # the default runs inside the try, the body on its line when f is called, outside it
        ("try:\n    def f(x=fractions.gcd(2, 4)): return fractions.gcd(x, 2)\n"
         "except AttributeError:\n    pass\n", [(3, "fractions.gcd", (3, 9))]),
        ("if fractions.gcd(2, 4) and hasattr(x, 'y'): pass\n", [(2, "fractions.gcd", (3, 9))]),
    ],
)  # fmt: skip
def test_a_guard_is_read_by_node_not_by_line(code, expected):
    """A guarded statement sharing its line with code that runs elsewhere: the if's test
    on its branch's line passed; a try's default is guarded, the body beside it not."""
    assert found("import fractions\n" + code) == expected

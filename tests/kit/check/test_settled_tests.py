"""kit.check.settled_tests: a ``hasattr`` test of a member every target has guards nothing."""

import ast
import textwrap
from pathlib import Path

import pytest

from kit.bundle.guards import guarded_lines
from kit.bundle.sources import Source
from kit.check import apis
from kit.check import settled_tests as settled_tests_module
from kit.check.settled_tests import (
    BASE,
    NEVER,
    branch_windows,
    everywhere,
    guard_expressions,
    guarded_nodes_of,
    guarded_windows,
    helper_flags,
    implementation_expressions,
    implementation_ifs,
    implementation_operands,
    node_windows,
    reach,
    settled_tests,
    version_flags,
    version_windows,
    versioned_branches,
    versioned_expressions,
    versioned_ifs,
    versioned_operands,
    versioned_tests,
)
from tests.guard_support import HEAD, probes, programs, runs


def guarded_statements_of(source, modules, **reading):
    """The lines of the statements of ``source`` that ``guarded_nodes_of`` takes for guarded."""
    guarded = guarded_nodes_of(source, modules, **reading)
    statements = [n for n in ast.walk(source.shipped_tree()) if isinstance(n, ast.stmt)]
    return {n.lineno for n in statements if guarded(n)}


def guarded_branches_of(source, modules, **reading):
    """The text of each conditional expression's branch that ``guarded_nodes_of`` guards."""
    guarded = guarded_nodes_of(source, modules, **reading)
    nodes = [n for n in ast.walk(source.shipped_tree()) if isinstance(n, ast.IfExp)]
    return sorted(ast.unparse(b) for n in nodes for b in (n.body, n.orelse) if guarded(b))


def settled_lines(text):
    tree = ast.parse(textwrap.dedent(text))
    calls = settled_tests(tree)
    return sorted(n.lineno for n in ast.walk(tree) if id(n) in calls)


@pytest.mark.parametrize(
    ("module", "name", "settled"),
    [
        ("math", "isqrt", True),  # 3.8: every target has it
        ("math", "gcd", True),
        ("itertools", "accumulate", True),
        ("math", "cbrt", False),  # 3.11: the test tells 3.10 from 3.11
        ("math", "no_such_name", False),  # not in the table: not known to be there
        ("os", "wait4", False),  # Unix only: the test tells Windows from Linux
        ("gc", "freeze", False),  # 3.7, but not under PyPy
        ("sys", "breakpointhook", False),  # sys's members differ by implementation
    ],
)
def test_a_member_is_everywhere_when_added_by_3_8_to_a_module_of_pure_computation(
    module, name, settled
):
    assert everywhere(module, name) is settled


def test_a_member_some_version_removed_is_not_everywhere(monkeypatch):
    """vermin's table has no ``fractions.gcd`` (removed in 3.9) today; were it to list it as
    old, it would still tell 3.8 from 3.9."""
    monkeypatch.setattr(settled_tests_module, "_added", lambda: {"fractions.gcd": (None, (3, 0))})
    assert not everywhere("fractions", "gcd")
    monkeypatch.setattr(
        settled_tests_module, "_added", lambda: {"fractions.Fraction": (None, (3, 0))}
    )
    assert everywhere("fractions", "Fraction")


def test_only_a_module_s_member_tested_by_name_is_settled():
    assert settled_lines(
        """\
        import math, itertools as it
        import numpy as np
        hasattr(math, "isqrt")
        hasattr(it, "accumulate")
        hasattr(int, "bit_count")
        hasattr(np, "isqrt")
        hasattr(math, NAME)
        hasattr(math, "cbrt")
        """
    ) == [3, 4]


def test_a_module_name_bound_again_is_no_module():
    assert settled_lines("import math\nmath = Fake()\nhasattr(math, 'isqrt')\n") == []
    assert settled_lines("import math\nfrom fake import math\nhasattr(math, 'isqrt')\n") == []
    assert settled_lines("import math\nhasattr(math, 'isqrt')\ndef f(math): pass\n") == [2]


def test_a_settled_test_guards_nothing_its_branch_is_read_and_its_else_is_dead():
    """The ``else`` of a test every target passes runs on none (``from fractions import gcd``
    as the fallback of ``math.gcd`` was refused for 3.9 on): excused; ``not`` the test, the
    other way round."""
    text = "import math\nif hasattr(math, 'isqrt'):\n    math.cbrt(2)\nelse:\n    pass\n"
    tree = ast.parse(text)
    assert guarded_lines(tree) == {3, 5}  # without the table: both branches excused
    assert guarded_lines(tree, settled=settled_tests(tree)) == {5}
    negated = ast.parse(text.replace("if hasattr", "if not hasattr"))
    assert guarded_lines(negated, settled=settled_tests(negated)) == {3}


def test_an_if_on_a_member_added_later_bounds_the_versions_its_branches_run_on():
    """``if hasattr(math, "lcm"):`` (3.9): its branch runs from 3.9 on, its ``else`` below
    3.9; ``not`` the test, the other way round; an ``elif`` under it keeps both bounds. A test
    within more (``and``), one of a member every target has or of no COMMON module bounds
    nothing."""
    text = """\
        import math, itertools, sys
        if hasattr(math, "lcm"):
            a = 1
        elif not hasattr(itertools, "pairwise"):
            b = 2
        else:
            c = [
                3]
        if hasattr(math, "cbrt") and x:
            d = 4
        if hasattr(math, "isqrt") or hasattr(sys, "set_int_max_str_digits"):
            e = 5
        """
    tree = ast.parse(textwrap.dedent(text))
    assert sorted(versioned_tests(tree).values()) == [(3, 9), (3, 10)]
    assert version_windows(tree) == {
        3: ((3, 9), NEVER),
        4: (BASE, (3, 9)),  # the elif, all its lines, is the else of the lcm test
        5: (BASE, (3, 9)),
        6: (BASE, (3, 9)),
        7: ((3, 10), (3, 9)),  # from 3.10 and below 3.9: never
        8: ((3, 10), (3, 9)),
    }


def test_a_conditional_expression_on_a_version_test_is_read_as_an_if_s():
    """Its test read as an ``if``'s (``versioned_ifs``): the version it turns at, and whether
    its branch runs below it; its branch from that version on, its ``else`` below it."""
    text = """\
        import math, sys
        a = 1 if sys.version_info >= (3, 9) else 2
        b = 3 if not hasattr(math, "cbrt") else 4
        c = 5 if sys.version_info < (3, 10) else 6
        d = 7 if sys.version_info > (3, 8) else 8
        if sys.version_info >= (3, 9):
            e = 9
        """
    tree = ast.parse(textwrap.dedent(text))
    found = versioned_expressions(tree)
    read = [(node.lineno, added, negated) for node, _, added, negated in found]
    assert read == [(2, (3, 9), False), (3, (3, 11), True), (4, (3, 10), True)]
    assert [node.lineno for node, _, _, _ in versioned_ifs(tree)] == [6]
    node, _, added, negated = found[1]
    windows = [(branch.value, window) for branch, window in branch_windows(node, added, negated)]
    assert windows == [(4, ((3, 11), NEVER)), (3, (BASE, (3, 11)))]


def test_each_node_of_a_conditional_expression_s_branch_runs_on_its_versions():
    """``node_windows``: every node of a branch (the branch's own too) with the versions
    it runs on, within another's branch on those of both; the test and the statement around
    it on every version (not listed). ``guarded_nodes_of`` never takes such an expression for
    a guard of its statement; with ``versioned``, not for one of its branches either, nor one
    on another guard's test
    (``hasattr(x, "bit_count")``: no module), which guards its branch alone
    (``guard_expressions``)."""
    text = """\
        import sys
        n = 0 if sys.version_info < (3, 9) else x.bit_count() if sys.version_info < (3, 11) else 1
        m = x.bit_count() + (1 if sys.version_info >= (3, 10) else 0)
        k = x.bit_count() if hasattr(x, "bit_count") else 0
        """
    text = textwrap.dedent(text)
    source = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    tree = source.shipped_tree()
    windows, _ = node_windows(source, [source])
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    read = {(call.lineno, windows.get(id(call.func))) for call in calls if call.lineno < 4}
    assert read == {(2, ((3, 9), (3, 11))), (3, None)}
    nodes = list(ast.walk(tree.body[1]))
    branches = {n.value: windows.get(id(n)) for n in nodes if isinstance(n, ast.Constant)}
    assert branches[0] == (BASE, (3, 9)) and branches[1] == ((3, 11), NEVER)
    tests = [windows.get(id(n)) for n in nodes if isinstance(n, ast.Compare)]
    assert tests == [None, ((3, 9), NEVER)]  # the one within the other's else: its versions
    assert guarded_statements_of(source, [source]) == set()
    guarded = guarded_branches_of(source, [source])  # each branch of each, the inner too
    assert len(guarded) == 8 and guarded.count("x.bit_count()") == 2
    assert guarded_branches_of(source, [source], versioned=True) == []


def test_a_conditional_expression_on_another_guard_s_test_guards_what_it_asks_for():
    """``guard_expressions``: one on a guard's test no version reads guards, of a test asking
    for a member (``hasattr``, ``getattr``; under ``not``, in an ``and``), that member's reads
    on its object where the test holds (any object's, asked of ``int``); of another guard's
    test (a flag of its own or imported, ``"PyPy" in sys.version`` being the implementation's)
    both branches whole; its statement never (``guarded_nodes_of``); and none on a version
    test, one of the implementation (``implementation_expressions``) or one every target
    passes."""
    text = """\
        import math, sys
        from shared.env import FAST
        a = x.bit_count() + y.bit_count() + math.lcm(1) if hasattr(x, "bit_count") else x.bit_count
        b = 0 if not hasattr(x, "removeprefix") else x.removeprefix("a") + t.removeprefix("a")
        c = n.bit_count() + m.bit_count() if hasattr(int, "bit_count") and n else 0
        d = x.bit_count() if hasattr(x, "bit_count") or n else 0
        e = math.lcm(1, 2) if getattr(math, "lcm", None) else 0
        f = math.cbrt(2) if FAST else math.lcm(1, 2)
        g = math.cbrt(2) if "PyPy" in sys.version else 0
        h = math.lcm(1, 2) if hasattr(math, "lcm") else 0
        i = math.lcm(1, 2) if hasattr(math, "gcd") else 0
        """
    text = textwrap.dedent(text)
    source = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    helper = "import sys\nFAST = sys.version_info[:2] == (3, 9)\n"
    env = Source("shared.env", Path("shared/env.py"), "shared/env.py", False, helper,
                 ast.parse(helper), shipped=helper)  # fmt: skip
    found = guard_expressions(source, [source, env])
    read = {node.lineno: sorted(ast.unparse(part) for part in parts) for node, parts in found}
    assert read == {
        3: ["x.bit_count"],
        4: ["x.removeprefix"],
        5: ["m.bit_count", "n.bit_count"],
        6: [],
        7: ["math.lcm"],
        8: ["math.cbrt(2)", "math.lcm(1, 2)"],
    }
    windows = guarded_windows(source, [source, env])
    guarded = {ast.unparse(n) for n in ast.walk(source.shipped_tree()) if id(n) in windows}
    assert {"x.bit_count", "x", "math.lcm(1, 2)", "math", "math.cbrt(2)"} <= guarded
    assert "math.lcm(1, 2)" in guarded and "y.bit_count" not in guarded
    assert set(windows.values()) == {(NEVER, NEVER)}
    assert guarded_statements_of(source, [source, env], versioned=True) == set()
    assert guarded_branches_of(source, [source, env], versioned=True) == []
    assert guarded_statements_of(source, [source, env]) == set()
    # both of each but i's, c's else and d's branch (each runs where n sends it, anywhere)
    assert len(guarded_branches_of(source, [source, env])) == 14


def test_a_tree_s_versioned_ifs_and_expressions_are_read_once(monkeypatch):
    """Every reader of them (the guarded lines of each reading, the windows, vermin's texts)
    asks them of every module: one walk of a tree finds both kinds, kept for the next; and
    ``node_windows`` is found once a tree."""
    read = []
    names = {"sys": "sys"}  # sys the module: its version tests read
    monkeypatch.setattr(
        settled_tests_module, "module_names", lambda tree: read.append(tree) or names
    )
    text = "import sys\nif sys.version_info >= (3, 9):\n"
    text += "    a = 1 if sys.version_info < (3, 10) else 2\n"
    tree = ast.parse(text)
    assert [node.lineno for node, _, _, _ in versioned_ifs(tree)] == [2]
    assert [node.lineno for node, _, _, _ in versioned_expressions(tree)] == [3]
    assert version_windows(tree) == {3: ((3, 9), NEVER)} and len(versioned_tests(tree)) == 1
    assert read == [tree]
    versioned_expressions(ast.parse(text))  # another tree: read in its turn
    assert len(read) == 2
    source = Source("__main__", Path("a.py"), "a.py", False, text, tree, shipped=text)
    assert node_windows(source, [source]) is node_windows(source, [source])  # the windows too


def test_a_tree_s_tests_of_the_implementation_are_read_once(monkeypatch):
    """``implementation_ifs``, ``implementation_expressions`` and ``implementation_operands``
    are asked of every module by each reading (the guarded lines, ``node_windows``, vermin's
    texts): one walk of a tree finds the three kinds, kept for the next reader."""
    real, read = settled_tests_module.implementation_flags, []

    def counted(tree):
        read.append(tree)
        return real(tree)

    monkeypatch.setattr(settled_tests_module, "implementation_flags", counted)
    text = "import sys\nPYPY = sys.implementation.name == 'pypy'\nif PYPY:\n    a = PYPY and 1\n"
    text += "b = 1 if PYPY else 2\n"
    source = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    assert [node.lineno for node, _, _ in implementation_ifs(source, [source])] == [3]
    assert [node.lineno for node, _, _ in implementation_expressions(source, [source])] == [5]
    assert [rest.body[0].lineno for rest, _, _ in implementation_operands(source, [source])] == [4]
    node_windows(source, [source])
    assert read == [source.shipped_tree()]


def test_a_walk_that_raised_leaves_nothing_kept_for_the_next_reader(monkeypatch):
    """The walk of a tree's versioned ``if`` statements raised at its second test (a check stopped
    there): the next reader of that tree finds both, not the one found before it raised."""
    real, calls = settled_tests_module.reading, []

    def raising_once(test):
        calls.append(test)
        if len(calls) == 2:
            raise RuntimeError("stopped")
        return real(test)

    monkeypatch.setattr(settled_tests_module, "reading", raising_once)
    text = "import sys\nif sys.version_info >= (3, 9):\n    a = 1\n"
    text += "if sys.version_info >= (3, 10):\n    b = 2\n"
    tree = ast.parse(text)
    with pytest.raises(RuntimeError):
        versioned_ifs(tree)
    assert [node.lineno for node, _, _, _ in versioned_ifs(tree)] == [2, 4]


def test_an_if_on_a_builtin_added_later_bounds_its_branches_as_a_member_does():
    """``hasattr(builtins, "anext")`` (3.10, ``ADDED_BUILTINS``) as ``hasattr(math, "lcm")``:
    its branch from 3.10 on, its ``else`` below; a builtin 3.8 has is settled, as
    ``hasattr(math, "isqrt")`` is: its branch runs on every target, and guards nothing."""
    text = """\
        import builtins as b
        if hasattr(b, "ExceptionGroup"):
            a = 1
        elif not hasattr(b, "anext"):
            c = 2
        if hasattr(b, "print"):
            d = 3
        """
    tree = ast.parse(textwrap.dedent(text))
    assert sorted(versioned_tests(tree).values()) == [(3, 10), (3, 11)]
    assert version_windows(tree) == {3: ((3, 11), NEVER), 4: (BASE, (3, 11)),
                                     5: (BASE, (3, 10))}  # fmt: skip
    assert settled_lines(text) == [6] and everywhere("builtins", "print")
    assert not everywhere("builtins", "anext") and not everywhere("builtins", "my_anext")


def test_a_module_s_guarded_lines_follow_its_helpers_texts():
    """Found once a tree and reading, a module's guarded lines are found again when a helper
    it takes a flag from changes: the same module's tree, a helper whose flag is no guard."""

    def source(name, text):
        rel = name.replace(".", "/") + ".py"
        return Source(name, Path(rel), rel, False, text, ast.parse(text), shipped=text)

    main = source("__main__", "from shared.env import PYPY\nif PYPY:\n    import pypyjit\n")
    flagged = source("shared.env", "import sys\nPYPY = 'PyPy' in sys.version\n")
    plain = source("shared.env", "PYPY = 1\n")
    assert guarded_statements_of(main, [main, flagged]) == {3}
    assert guarded_statements_of(main, [main, plain]) == set()
    assert guarded_statements_of(main, [main, flagged], platform=True) == {3}
    assert guarded_statements_of(main, [main, flagged], versioned=True) == set()  # by reach


def test_an_implementation_s_branch_runs_under_it_and_its_else_under_the_other():
    text = """\
        import sys
        if sys.implementation.name == "pypy":
            a = [
                1]
            if "PyPy" not in sys.version:
                b = 2
        elif x:
            c = 3
        if sys.version_info >= (3, 9) and "PyPy" in sys.version:
            d = 4
        """
    text = textwrap.dedent(text)
    source = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    _, runners = node_windows(source, [source])
    nodes = ast.walk(source.shipped_tree())
    leaves = [n for n in nodes if isinstance(n, (ast.Name, ast.Constant))]
    assert {(n.lineno, runners.get(id(n))) for n in leaves} == {
        (2, None),  # the test: wherever the if is reached
        (3, "pypy"),
        (4, "pypy"),
        (5, "pypy"),
        (6, ""),  # CPython's branch within PyPy's: never
        (7, "cpython"),  # the elif, its test too, is the else
        (8, "cpython"),
        (9, None),
        (10, None),  # a test that also asks a guard: its branch guarded, no one's alone
    }


def test_a_conditional_expression_on_an_implementation_test_is_read_as_an_if_on_it():
    """``implementation_expressions`` reads the test as ``implementation_ifs`` does (a flag,
    ``and`` with a plain part); each node of a branch that one implementation alone runs is
    that one's, within the other's branch neither's (``node_windows``)."""
    text = """\
        import sys
        PYPY = sys.implementation.name == "pypy"
        a = x.bit_count() if PYPY else bin(x).count("1")
        b = (y.bit_count() if not PYPY else 0) if "PyPy" in sys.version else 7
        c = z.bit_count() if PYPY and z > 1 else w.bit_count()
        d = v.bit_count() if hasattr(v, "bit_count") else 0
        """
    text = textwrap.dedent(text)
    source = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    found = implementation_expressions(source, [source])
    assert sorted((node.lineno, body, orelse) for node, body, orelse in found) == [
        (3, "pypy", "cpython"),
        (4, "cpython", "pypy"),
        (4, "pypy", "cpython"),
        (5, "pypy", None),
    ]
    assert implementation_ifs(source, [source]) == []
    _, windows = node_windows(source, [source])
    runs = {ast.unparse(n): windows.get(id(n)) for n in ast.walk(source.shipped_tree())}
    assert runs["x.bit_count()"] == "pypy" and runs["bin(x).count('1')"] == "cpython"
    assert runs["y.bit_count()"] == "" and runs["7"] == "cpython"
    assert runs["z.bit_count()"] == "pypy" and runs["w.bit_count()"] is None
    assert runs["v.bit_count()"] is None
    assert guarded_branches_of(source, [source], versioned=True) == []  # read per branch
    assert guarded_statements_of(source, [source]) == set()  # the import check: its branches
    assert "bin(x).count('1')" in guarded_branches_of(source, [source])


def test_a_node_is_reached_by_its_ifs_and_its_conditional_expressions_branches():
    """``reach``: the versions and the implementation that run a node, its ``if`` branches'
    and its conditional expressions' branches' together, by node, not by line (an ``if``'s
    test runs where the ``if`` is reached, on its branch's line too); what a guard's
    expression guards runs on none, what stands beside an expression on every version under
    both."""
    text = """\
        import sys, math, fractions
        PYPY = sys.implementation.name == "pypy"
        if sys.version_info >= (3, 9):
            a = fractions.gcd(1, 2) if not PYPY else 0
        b = fractions.gcd(1, 2) + (1 if PYPY else 0)
        c = math.gcd(1, 2) if sys.version_info < (3, 10) else fractions.gcd(1, 2)
        d = fractions.gcd(1, 2) if hasattr(fractions, "gcd") else 0
        if fractions.gcd(1, 2) and not PYPY: e = fractions.gcd(3, 4)
        if sys.version_info < (3, 9): f = fractions.gcd(1, 2)
        """
    text = textwrap.dedent(text)
    source = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    runs = reach(source, [source])
    nodes = [n for n in ast.walk(source.shipped_tree()) if ast.unparse(n) == "fractions.gcd"]
    assert sorted((n.lineno, n.col_offset, *runs(n)) for n in nodes) == [
        (4, 8, (3, 9), NEVER, "cpython"),
        (5, 4, BASE, NEVER, None),
        (6, 54, (3, 10), NEVER, None),
        (7, 4, NEVER, NEVER, None),
        (8, 3, BASE, NEVER, None),  # an if's test on its branch's line: wherever it is reached
        (8, 41, BASE, NEVER, "cpython"),
        (9, 34, BASE, (3, 9), None),
    ]


def test_an_if_on_a_conditional_expression_on_a_guard_s_test_guards_its_branch():
    """``if (1 if PYPY else 0): import pypyjit`` runs its import under PyPy alone, as ``if
    PYPY:`` does: the import check took the expression's test for no guard; the API check's
    reading (``versioned``) reads such tests by their windows, as before."""
    text = "import sys\nPYPY = sys.implementation.name == 'pypy'\nif (1 if PYPY else 0):\n"
    text += "    import pypyjit\nx = 1 if PYPY else 0; import numpy\n"
    source = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    assert guarded_statements_of(source, [source]) == {4}
    assert guarded_statements_of(source, [source], versioned=True) == set()


def test_each_thing_missing_is_read_apart_on_one_tree():
    """A ``try`` catching ``AttributeError`` guards its body for a member missing (each
    statement read as raising it), not for ``{} | {}`` (3.8's TypeError), on one tree asked
    in either order: one reading is never given for another (the API check asks both)."""
    text = "try:\n    a = x.bit_count()\n    b = {} | {}\nexcept AttributeError:\n    pass\n"
    for order in (("member", "type"), ("type", "member")):
        tree = ast.parse(text)
        source = Source("__main__", Path("a.py"), "a.py", False, text, tree, shipped=text)
        ask = {"versioned": True}
        read = {m: guarded_statements_of(source, [source], missing=m, **ask) for m in order}
        assert read == {"member": {2, 3}, "type": set()}


@pytest.mark.parametrize(
    ("test", "read"),
    [
        ("sys.version_info >= (3, 9, 5) and", [((3, 9), False)]),  # 3.9 both ways: from 3.9
        ("sys.version_info >= (3, 9, 5) or", [((3, 10), True)]),  # where it fails: below 3.10
        ("not sys.version_info >= (3, 9, 5) and", [((3, 10), True)]),
        ("sys.version_info < (3, 9, 5) or", [((3, 9), False)]),
        # turning within 3.8, the rest may run on every version: listed as none, so no
        # window (from 3.8 is every version) is given to what follows
        ("sys.version_info >= (3, 8, 5) and", []),
        ("sys.version_info < (3, 8, 5) or", []),
    ],
)
def test_the_operands_after_a_test_of_the_micro_version_run_where_it_may_let_them(test, read):
    """``_micro_turn``: the minor version a comparison of the micro version turns within runs
    what follows both ways, so the rest is bounded on the other side of that minor version
    alone, and not at all when that is 3.8, the oldest."""
    tree = ast.parse(f"import sys\ny = {test} n.a()\n")
    assert [(added, below) for _, _, added, below in versioned_operands(tree)] == read


def test_the_operands_after_a_test_in_and_or_or_run_where_it_lets_them():
    """``versioned_operands`` and ``implementation_operands``: the operands after a test of
    the version or the implementation (under ``not`` too) run where it does not end the
    ``and`` (after ``or``, where it is false), each test narrowing those after it; a test
    with a plain part, or one that turns twice, narrows nothing (``node_windows``), but
    within itself (``n > 1`` under PyPy)."""
    text = """\
        import sys, math
        PYPY = sys.implementation.name == "pypy"
        a = sys.version_info >= (3, 9) and n.a() and hasattr(math, "cbrt") and n.b()
        c = sys.version_info < (3, 9) or not PYPY or n.c()
        d = n.d() and PYPY and sys.version_info[:2] == (3, 9) and n.e()
        e = (PYPY and n > 1) and n.f()
        """
    text = textwrap.dedent(text)
    source = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    tree = source.shipped_tree()
    assert [(rest.body[0].lineno, added, negated) for rest, _, added, negated in
            versioned_operands(tree)] == [(3, (3, 9), False), (3, (3, 11), False),
                                          (4, (3, 9), False)]  # fmt: skip
    assert [(rest.body[0].lineno, runs) for rest, runs, _ in
            implementation_operands(source, [source])] == [(4, "pypy"), (5, "pypy"),
                                                          (6, "pypy")]  # fmt: skip
    versions, runners = node_windows(source, [source])
    calls = {ast.unparse(n.func): n for n in ast.walk(tree) if isinstance(n, ast.Call)}
    read = {name: (versions.get(id(call)), runners.get(id(call))) for name, call in calls.items()}
    assert read == {
        "n.a": (((3, 9), NEVER), None),
        "hasattr": (((3, 9), NEVER), None),
        "n.b": (((3, 11), NEVER), None),
        "n.c": (((3, 9), NEVER), "pypy"),
        "n.d": (None, None),
        "n.e": (None, "pypy"),
        "n.f": (None, None),
    }


def test_the_branches_of_an_if_on_and_or_or_run_where_that_operation_sends_them():
    """``versioned_branches``: the branch of an ``and`` of tests of the version (or of such and
    plain ones) runs where each holds, its ``else`` anywhere; the ``else`` of an ``or`` where
    each fails, its branch anywhere but when each operand is such a test (the versions of
    either); ``guarded_nodes_of`` with ``versioned`` takes those tests for no guards, a flag
    bound to one too (``version_flags``: the ``else`` of ``HAS or x`` was a guard's, read as
    such; it runs below 3.9)."""
    text = """\
        import math, sys
        HAS = hasattr(math, "lcm")
        if sys.version_info >= (3, 9) and x and sys.version_info < (3, 11):
            a.a()
        else:
            a.b()
        if sys.version_info >= (3, 9) or x:
            a.c()
        else:
            a.d()
        if sys.version_info >= (3, 10) or sys.version_info >= (3, 9):
            a.e()
        y = a.f() if x and sys.version_info < (3, 10) else a.g()
        if HAS or x:
            a.h()
        else:
            a.i()
        """
    text = textwrap.dedent(text)
    source = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    tree = source.shipped_tree()
    lines = [(rest.of.lineno, added, below) for rest, _, added, below in versioned_branches(tree)]
    assert lines == [(3, (3, 9), False), (3, (3, 11), True), (7, (3, 9), False),
                     (11, (3, 9), False), (11, (3, 9), False), (11, (3, 10), False),
                     (14, (3, 9), False), (13, (3, 10), True)]  # fmt: skip
    versions, _ = node_windows(source, [source])
    calls = {
        n.func.attr: n for n in ast.walk(tree) if isinstance(getattr(n, "func", 0), ast.Attribute)
    }
    read = {name: versions.get(id(call)) for name, call in calls.items()}
    assert {name: window for name, window in read.items() if window is not None} == {
        "a": ((3, 9), (3, 11)),
        "d": (BASE, (3, 9)),
        "e": ((3, 9), NEVER),
        "f": (BASE, (3, 10)),
        "i": (BASE, (3, 9)),
    }
    assert guarded_statements_of(source, [source], versioned=True) == set()
    assert guarded_statements_of(source, [source]) == {4, 10, 12, 17}


def test_not_swaps_the_branches_an_and_or_an_or_of_tests_of_the_version_sends_pythons_to():
    """``versioned_branches`` under ``not``: the ``else`` of ``not (A and B)`` runs where both
    hold, its branch where either fails; ``not (A or B)`` the other way round, ``not not`` as
    neither (the ``else`` of the first was a guard's, its branch too, ``math.cbrt`` there
    passed for 3.9 and 3.10, which die on it when ``x`` holds, measured)."""
    text = """\
        import sys
        if not (sys.version_info >= (3, 9) and x):
            a.a()
        else:
            a.b()
        if not (sys.version_info >= (3, 11) or x):
            a.c()
        else:
            a.d()
        if not (sys.version_info >= (3, 9) or sys.version_info < (3, 11)):
            a.e()
        else:
            a.f()
        if not not (sys.version_info >= (3, 10) and x):
            a.g()
        y = a.h() if not (x or not sys.version_info < (3, 10)) else a.i()
        """
    text = textwrap.dedent(text)
    source = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    tree = source.shipped_tree()
    versions, _ = node_windows(source, [source])
    calls = {
        n.func.attr: n for n in ast.walk(tree) if isinstance(getattr(n, "func", 0), ast.Attribute)
    }
    read = {name: versions.get(id(call)) for name, call in calls.items()}
    assert {name: window for name, window in read.items() if window is not None} == {
        "b": ((3, 9), NEVER),
        "c": (BASE, (3, 11)),
        "e": ((3, 11), (3, 9)),  # runs on none
        "g": ((3, 10), NEVER),
        "h": (BASE, (3, 10)),
    }
    assert guarded_statements_of(source, [source], versioned=True) == set()


def test_a_name_bound_once_to_a_test_of_the_version_is_read_as_that_test():
    """``version_flags``: a name bound once, at the top level and alone, to a test ``_turn``
    reads, and nowhere else, is read as that test where it is read (``versioned_ifs``,
    ``versioned_operands``, ``versioned_branches``; under ``not`` too), so a guard of
    nothing (``guarded_nodes_of(..., versioned=True)``); one bound again (``W``), to a test
    that turns twice (``T``) or alongside another name (``A = B = ...``) is none."""
    text = """\
        import math, sys
        V = sys.version_info >= (3, 9)
        H = not hasattr(math, "lcm")
        W = sys.version_info >= (3, 10)
        T = sys.version_info[:2] == (3, 9)
        A = B = sys.version_info >= (3, 9)
        W += 1
        if V:
            a.a()
        y = H or a.b()
        if not V and x:
            a.c()
        if W or T:
            a.d()
        """
    text = textwrap.dedent(text)
    source = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    tree = source.shipped_tree()
    flags = version_flags(tree, {"math": "math", "sys": "sys"})
    assert {name: ast.unparse(test) for name, test in flags.items()} == {
        "V": "sys.version_info >= (3, 9)",
        "H": "not hasattr(math, 'lcm')",
    }
    versions, _ = node_windows(source, [source])
    calls = {
        n.func.attr: n for n in ast.walk(tree) if isinstance(getattr(n, "func", 0), ast.Attribute)
    }
    read = {name: versions.get(id(call)) for name, call in calls.items()}
    assert read == {"a": ((3, 9), NEVER), "b": ((3, 9), NEVER), "c": (BASE, (3, 9)), "d": None}
    assert guarded_statements_of(source, [source], versioned=True) == {14}


ENV = "import sys\nPY39 = sys.version_info >= (3, 9)\n"
# a flag of the version imported from a helper (``helper_flags``), read as the test the helper
# binds it to, and where it may be bound again not read: CPython 3.8.18 dies on the first
# (its else), the fourth, fifth, sixth and last two, 3.9.18, 3.10.13 and PyPy 3.9.16 on the
# third, none of 3.8.18 to 3.13.0 on the second and the seventh (measured; the seventh, a
# member read, is not read: refused for 3.8 as before); the first, the third and the last
# passed everywhere (a guard's whole branches) and the second was refused for 3.8
IMPORTED_FLAGS = [
    ("from shared.env import PY39\nif PY39:\n    math.lcm(2, 3)\nelse:\n    math.lcm(2, 3)",
     {8: [6]}),
    ("from shared.env import PY39 as V\nV and math.lcm(2, 3)", {}),
    ("from shared.env import PY39\nif PY39:\n    math.cbrt(8.0)", {9: [4], 10: [4]}),
    ("from shared.env import PY39\nmath.lcm(2, 3) if PY39 == False else 0", {8: [3]}),
    ("from shared.env import PY39\ndef f(PY39): return PY39 and math.lcm(2, 3)\nf(True)",
     {8: [3]}),
    ("from shared.env import PY39\nexec('PY39 = True')\nPY39 and math.lcm(2, 3)", {8: [4]}),
    ("import shared.env as e\ne.PY39 and math.lcm(2, 3)", {8: [3]}),
    ("import shared.env as e\ne.PY39 = True\nfrom shared.env import PY39\n"
     "PY39 and math.lcm(2, 3)", {8: [5]}),
    ("import shared.env as e\ne.PY39 = True\nfrom shared.env import PY39\n"
     "if PY39:\n    math.lcm(2, 3)", {8: [6]}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "refused"), IMPORTED_FLAGS)
def test_a_flag_of_the_version_imported_from_a_helper_is_read_as_its_test(text, refused):
    """``helper_flags``: ``from shared.env import PY39`` (or ``as V``), the helper binding it
    once to a test of the version, and the module by that import alone, is read as the
    helper's test, as a flag of the module's own; bound again in the module (a parameter,
    ``exec``), set as a member (``e.PY39 = True``), or read as one (``e.PY39``), it is none."""
    text = "import math\n" + text + "\n"
    main = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    env = Source("shared.env", Path("shared/env.py"), "shared/env.py", False, ENV,
                 ast.parse(ENV), shipped=ENV)  # fmt: skip
    found = apis.findings([main, env])
    on = {v: {f[1] for f in found if apis.lacks(f, (3, v), "cpython")} for v in range(8, 12)}
    assert {v: sorted(lines) for v, lines in on.items() if lines} == refused


def test_a_helper_s_flag_bound_again_there_is_no_flag_of_the_version():
    """A helper's flag is read only when the helper binds it once (``version_flags``):
    ``PY39 = True`` after its test there, and ``PY39 and math.lcm(2, 3)`` is refused for 3.8
    (CPython 3.8.18 dies there, measured)."""
    text = "import math\nfrom shared.env import PY39\nPY39 and math.lcm(2, 3)\n"
    helper = ENV + "PY39 = True\n"
    main = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    env = Source("shared.env", Path("shared/env.py"), "shared/env.py", False, helper,
                 ast.parse(helper), shipped=helper)  # fmt: skip
    assert helper_flags(main, [main, env]) == {}
    assert any(apis.lacks(f, (3, 8), "cpython") for f in apis.findings([main, env]))
    env = Source("shared.env", Path("shared/env.py"), "shared/env.py", False, ENV,
                 ast.parse(ENV), shipped=ENV)  # fmt: skip
    assert list(helper_flags(main, [main, env])) == ["PY39"]


HELPER = """\
import math, sys
PY39 = sys.version_info >= (3, 9)
def lcm(a, b):
    if PY39:
        return math.lcm(a, b)
    return a * b // math.gcd(a, b)
"""
# a module that sets the helper's own flag, under any name of the helper, in a function too:
# CPython 3.8.18 runs ``math.lcm`` in the helper after each and dies (measured); each passed
# for 3.8 before
OWN_FLAG_WRITES = [
    "import shared.env as e\ne.PY39 = True\nprint(e.lcm(2, 3))",
    "import shared.env\nshared.env.PY39 = True\nprint(shared.env.lcm(2, 3))",
    "from shared import env\ndef main():\n    env.PY39 = True\n    print(env.lcm(2, 3))\nmain()",
    "import shared.env as e\ne.PY39 += 1\nprint(e.lcm(2, 3))",
    "import shared.env as e\nsetattr(e, 'PY39', True)\nprint(e.lcm(2, 3))",
]


def helper_source():
    """``shared.env`` of ``HELPER``."""
    rel = "shared/env.py"
    return Source("shared.env", Path(rel), rel, False, HELPER, ast.parse(HELPER), shipped=HELPER)


@pytest.mark.parametrize("text", OWN_FLAG_WRITES)
def test_a_helper_s_own_flag_another_module_sets_is_no_flag(text):
    """``helper_flags``' ``NO_FLAG``: the helper's ``if PY39: return math.lcm(a, b)`` is read
    on every version, neither as a flag of the version nor as a guard's, when another module
    sets ``PY39`` as the helper's member or may; refused for 3.8 in the helper, and passed
    without the setting (its branch runs from 3.9 on)."""
    text += "\n"
    main = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    env = helper_source()
    assert helper_flags(env, [main, env]) == {"PY39": settled_tests_module.NO_FLAG}
    found = apis.findings([main, env])
    assert {(f[0], f[1]) for f in found if apis.lacks(f, (3, 8), "cpython")} == {
        ("shared/env.py", 5)
    }
    alone = "import shared.env as e\nprint(e.lcm(2, 3))\n"
    main = Source("__main__", Path("a.py"), "a.py", False, alone, ast.parse(alone), shipped=alone)
    env = helper_source()  # a fresh tree: one is read in one bundle
    assert helper_flags(env, [main, env]) == {}
    assert not any(apis.lacks(f, (3, 8), "cpython") for f in apis.findings([main, env]))


def test_a_helper_s_own_flag_another_module_sets_is_no_flag_in_an_and_either():
    """The helper's ``PY39 and math.lcm(a, b)`` runs ``math.lcm`` on every version after
    the solution's ``e.PY39 = True`` (CPython 3.8.18 dies there, measured): refused for 3.8,
    where without the setting it passes (``versioned_operands``: from 3.9 on)."""
    helper = "import math, sys\nPY39 = sys.version_info >= (3, 9)\n"
    helper += "def lcm(a, b):\n    return PY39 and math.lcm(a, b)\n"
    for write, refused in (("e.PY39 = True\n", [4]), ("", [])):
        text = "import shared.env as e\n" + write + "print(e.lcm(2, 3))\n"
        main = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
        env = Source("shared.env", Path("shared/env.py"), "shared/env.py", False, helper,
                     ast.parse(helper), shipped=helper)  # fmt: skip
        found = apis.findings([main, env])
        assert sorted(f[1] for f in found if apis.lacks(f, (3, 8), "cpython")) == refused


def helper_and_main(text):
    """The module ``text`` (after ``import math``) and the helper ``shared.env`` (``ENV``)."""
    text = "import math\n" + text + "\n"
    main = Source("__main__", Path("a.py"), "a.py", False, text, ast.parse(text), shipped=text)
    env = Source("shared.env", Path("shared/env.py"), "shared/env.py", False, ENV,
                 ast.parse(ENV), shipped=ENV)  # fmt: skip
    return main, env


def test_a_helper_s_flag_compared_to_false_is_read_as_not_its_test():
    """``PY39 == False`` reads as ``not PY39`` for a helper's flag bound to a ``bool``
    (``_bools``): ``PY39 == False or math.lcm(2, 3)`` passes for 3.8, whose ``or`` stops at
    its test (CPython 3.8.18 prints True, measured)."""
    main, env = helper_and_main("from shared.env import PY39\nPY39 == False or math.lcm(2, 3)")
    assert not any(apis.lacks(f, (3, 8), "cpython") for f in apis.findings([main, env]))


def test_a_helper_s_flag_is_read_whatever_read_the_tree_before():
    """The versioned tests of a tree are kept by the helpers' flags read with them: read
    first without (``stand_ins``), ``if PY39:`` is still found with them, and the ``if`` on it
    is no guard's (``guarded_nodes_of``): its branch runs from 3.9 on, not nowhere."""
    main, env = helper_and_main("from shared.env import PY39\nif PY39:\n    math.lcm(2, 3)")
    tree = main.shipped_tree()
    assert versioned_ifs(tree) == []
    found = versioned_ifs(tree, helper_flags(main, [main, env]))
    assert [(node.lineno, added) for node, _, added, _ in found] == [(3, (3, 9))]
    assert guarded_statements_of(main, [main, env], versioned=True) == set()


def refused_on(text):
    """{minor: [line]}: where the API check refuses ``text`` on CPython 3.8 to 3.11."""
    source = Source("shared.m", Path("shared/m.py"), "shared/m.py", False, text, ast.parse(text),
                    shipped=text)  # fmt: skip
    found = apis.findings([source])
    on = {v: {f[1] for f in found if apis.lacks(f, (3, v), "cpython")} for v in range(8, 12)}
    return {v: sorted(lines) for v, lines in on.items() if lines}


# a test of the version written around another (``== False``, ``is True``, ``bool``) is read as
# that test or its negation: CPython 3.8.18 dies on the second and sixth, 3.9.18, 3.10.13 and
# PyPy 3.9.16 on the third, fifth, eighth and last two, 3.11.7 to 3.13.0 on none
# (AttributeError, measured); the second, third, fifth, sixth, eighth and last two passed
# everywhere (a guard's whole branch), the tenth was refused for 3.8
WRAPPED_TESTS = [
    ("if (not V) == False:\n    math.lcm(2, 3)", {}),
    ("if (not V) == True:\n    math.lcm(2, 3)", {8: [6]}),
    ("if (not V) == False:\n    math.cbrt(8.0)", {9: [6], 10: [6]}),
    ("if V == True:\n    math.lcm(2, 3)", {}),
    ("if V == True:\n    math.cbrt(8.0)", {9: [6], 10: [6]}),
    ("if V is False:\n    math.lcm(2, 3)", {8: [6]}),
    ("if V is not True:\n    pass\nelse:\n    math.lcm(2, 3)", {}),
    ("if H != False:\n    math.cbrt(8.0)", {9: [6], 10: [6]}),
    ("if bool(V):\n    math.lcm(2, 3)", {}),
    ("y = (V == True) and math.lcm(2, 3)", {}),
    ("y = math.lcm(2, 3) if V == True else 6", {}),
    ("if (sys.version_info >= (3, 9)) == False:\n    pass\nelse:\n    math.lcm(2, 3)", {}),
    ("if (not V) == False and x:\n    math.cbrt(8.0)", {9: [6], 10: [6]}),  # in an and
    ("if (V and x > 0) == False:\n    pass\nelse:\n    math.cbrt(8.0)", {9: [8], 10: [8]}),
]  # fmt: skip


@pytest.mark.parametrize(("code", "refuses"), WRAPPED_TESTS)
def test_a_test_of_the_version_compared_with_true_or_false_is_read_as_that_test(code, refuses):
    """``if (not V) == True: math.lcm(2, 3)`` passed for 3.8, which runs it: a version test
    inside another comparison guarded both branches whole. ``X == True``, ``X is not
    False``, ``bool(X)`` are read as ``X``, ``X == False``, ``X is False`` as ``not X``."""
    head = "import math, sys\nV = sys.version_info >= (3, 9)\nH = hasattr(math, 'lcm')\nx = 1\n"
    assert refused_on(f"{head}{code}\n") == refuses


# a test of the version used as an operand of anything else is read as no test: its branch
# runs on every target. CPython 3.8.18 dies on the first seven and on str(V), 3.9.18, 3.10.13
# and PyPy 3.9.16 on the four of math.cbrt, 3.11.7 to 3.13.0 on none (AttributeError,
# measured), where each passed everywhere, a guard's branch; ``V + 0`` with ``math.lcm``
# runs on 3.8 too, refused as the kit does not read it (never taken for unreachable)
NESTED_TESTS = [
    ("if V - 1:\n    math.lcm(2, 3)", {8: [6]}),
    ("if V == 0:\n    math.lcm(2, 3)", {8: [6]}),
    ("if [1, 0][V]:\n    math.lcm(2, 3)", {8: [6]}),
    ("if (W := not V):\n    math.lcm(2, 3)", {8: [6]}),
    ("if V in (False,):\n    math.lcm(2, 3)", {8: [6]}),
    ("if abs(V - 1):\n    math.lcm(2, 3)", {8: [6]}),
    ("y = math.lcm(2, 3) if V - 1 else 6", {8: [5]}),
    ("if str(V):\n    math.lcm(2, 3)", {8: [6]}),
    ("if V + 0:\n    math.cbrt(8.0)", {8: [6], 9: [6], 10: [6]}),
    ("if (not V) == 0:\n    math.cbrt(8.0)", {8: [6], 9: [6], 10: [6]}),
    ("if (sys.version_info >= (3, 9)) + 0:\n    math.cbrt(8.0)", {8: [6], 9: [6], 10: [6]}),
    ("if hasattr(math, 'lcm') * 1:\n    math.cbrt(8.0)", {8: [6], 9: [6], 10: [6]}),
    ("if V + 0:\n    math.lcm(2, 3)", {8: [6]}),
]  # fmt: skip


@pytest.mark.parametrize(("code", "refuses"), NESTED_TESTS)
def test_a_test_of_the_version_used_as_an_operand_guards_nothing(code, refuses):
    """``if V - 1: math.lcm(2, 3)`` passed for 3.8, which runs it (``False - 1`` is -1): a
    guard anywhere in the test guarded both branches. A test used as an operand of
    arithmetic, a comparison but with True or False, a subscript, a call, a walrus is read
    as no test."""
    head = "import math, sys\nV = sys.version_info >= (3, 9)\nH = hasattr(math, 'lcm')\nx = 1\n"
    assert refused_on(f"{head}{code}\n") == refuses


# an if on a comparison of the micro version runs its branch on the minor version it turns
# within too, its else there too: CPython 3.9.18, 3.10.13 and PyPy 3.9.16 die on the first,
# 3.8.18 on the second and third, 3.11.7 on none (AttributeError, measured), where each passed
# everywhere (its whole branch a guard's)
MICRO_IFS = [
    ("if sys.version_info >= (3, 9, 5):\n    math.cbrt(8.0)", {9: [3], 10: [3]}),
    ("if sys.version_info >= (3, 9, 5):\n    pass\nelse:\n    math.lcm(2, 3)", {8: [5]}),
    ("if sys.version_info < (3, 9, 5):\n    math.lcm(2, 3)", {8: [3]}),
    ("if sys.version_info >= (3, 9, 5):\n    math.lcm(2, 3)", {}),
    ("y = math.cbrt(8.0) if sys.version_info >= (3, 9, 5) else 0", {9: [2], 10: [2]}),
]  # fmt: skip


@pytest.mark.parametrize(("code", "refuses"), MICRO_IFS)
def test_an_if_on_a_test_of_the_micro_version_runs_each_branch_on_that_minor_version(code, refuses):
    """``if sys.version_info >= (3, 9, 5): math.cbrt(8.0)`` passed for 3.9 and 3.10: its
    branch runs on 3.9.5 and later of 3.9 (a target's micro version is not known), its
    ``else`` below 3.10."""
    assert refused_on(f"import math, sys\n{code}\n") == refuses


# a chained comparison is the and of its links (``a < b < c``: ``a < b and b < c``): CPython
# 3.8.18 dies on the first, fourth and last, 3.9.18, 3.10.13 and PyPy 3.9.16 on the second,
# fourth, fifth and sixth, 3.11.7 to 3.13.0 on none (AttributeError, measured), where each
# passed everywhere (a guard's both branches); the fifth's ``(3, 9) != False`` is read as any
# plain test, which may fail (refused for 3.8 too, as ``not (V and x)`` is)
CHAINED_TESTS = [
    ("if sys.version_info >= (3, 9) != False:\n    pass\nelse:\n    math.lcm(2, 3)", {8: [5]}),
    ("if sys.version_info >= (3, 9) != False:\n    math.cbrt(8.0)", {9: [3], 10: [3]}),
    ("if sys.version_info >= (3, 9) != False:\n    math.lcm(2, 3)", {}),
    ("if (3, 9) <= sys.version_info < (3, 11):\n    math.cbrt(8.0)\nelse:\n    math.lcm(2, 3)",
     {8: [5], 9: [3], 10: [3]}),
    ("if not sys.version_info < (3, 9) != False:\n    math.cbrt(8.0)", {8: [3], 9: [3], 10: [3]}),
    ("y = math.cbrt(8.0) if sys.version_info >= (3, 9) != False else 0", {9: [2], 10: [2]}),
    ("if sys.version_info >= (3, 9) == True:\n    pass\nelse:\n    math.lcm(2, 3)", {8: [5]}),
]  # fmt: skip


@pytest.mark.parametrize(("code", "refuses"), CHAINED_TESTS)
def test_a_chained_comparison_of_the_version_is_read_as_the_and_of_its_links(code, refuses):
    """``if sys.version_info >= (3, 9) != False: ... else: math.lcm(2, 3)`` passed for 3.8,
    which runs the ``else``: a chained comparison holding a test of the version guarded both
    branches whole."""
    assert refused_on(f"import math, sys\n{code}\n") == refuses


# a flag compared with True or False is read as the flag only when it is bound to a bool:
# CPython 3.8.18 dies on the first, second, fifth and sixth, 3.9.18 on the fifth and sixth,
# 3.10.13 and PyPy 3.9.16 on the fifth, 3.11.7 to 3.13.0 on none (AttributeError, measured:
# ``None != False``, ``2 == True`` is false), where the first two and the last passed
# everywhere (the last read as a guard of both branches, not as ``not PY``) and the fifth for
# 3.9 and 3.10
NON_BOOL_FLAGS = [
    ("if GA != False:\n    math.lcm(2, 3)", {8: [6]}),
    ("if GA == True:\n    pass\nelse:\n    math.lcm(2, 3)", {8: [8]}),
    ("if GA:\n    math.lcm(2, 3)", {}),  # a guard's whole branch, as before
    ("if PY != False:\n    math.lcm(2, 3)", {}),  # PY a bool: PyPy's branch, as PY's
    ("if V2 == True:\n    pass\nelse:\n    math.cbrt(8.0)", {8: [8], 9: [8], 10: [8]}),
    ("if PY == False:\n    y = (5).bit_count()", {8: [6], 9: [6]}),  # PY a test of PyPy
]  # fmt: skip


@pytest.mark.parametrize(("code", "refuses"), NON_BOOL_FLAGS)
def test_a_flag_bound_to_no_bool_compared_with_true_or_false_is_read_as_no_test(code, refuses):
    """``GA = getattr(sys, "pypy_version_info", None)``, then ``if GA != False: math.lcm(2,
    3)`` passed for 3.8, which runs it; ``V2 = 2 if sys.version_info >= (3, 9) else 0``, then
    ``if V2 == True:`` ran its ``else`` below 3.9 only; ``PY = sys.implementation.name ==
    "pypy"``, then ``if PY == False: (5).bit_count()`` passed for CPython 3.8 and 3.9, read as
    a guard of both branches, not as CPython's ``if not PY:``."""
    head = "import math, sys\nGA = getattr(sys, 'pypy_version_info', None)\n"
    head += "PY = sys.implementation.name == 'pypy'\nV2 = 2 if sys.version_info >= (3, 9) else 0\n"
    assert refused_on(f"{head}{code}\n") == refuses


def test_every_version_that_runs_a_node_is_in_its_window_on_generated_tests():
    """The versions ``node_windows`` gives each probe of a generated test of ``not``, ``and``,
    ``or`` and comparisons (operands after a test of the version, the branches of a
    conditional expression or an ``if`` on it; none for what a guard passes whole, ``guarded_
    nodes_of(versioned=True)``) hold every version that runs it, on Windows and Linux,
    whatever the plain values (``tests.guard_support``; seeded): the API check never passes
    code on a version it runs on by reading a test wrongly (a chained comparison guarded both
    branches whole: the ``else`` of ``sys.version_info >= (3, 9) != False`` on 3.8)."""
    for program in programs(seed=15, count=60):
        text = HEAD + program
        source = Source("shared.m", Path("shared/m.py"), "shared/m.py", False, text,
                        ast.parse(text), shipped=text)  # fmt: skip
        versions, _ = node_windows(source, [source])
        guarded = guarded_nodes_of(source, [source], versioned=True)
        calls = probes(source.shipped_tree())
        for minor, _, seen in runs(program):
            for number in seen:
                low, high = versions.get(id(calls[number]), (BASE, NEVER))
                low, high = (NEVER, NEVER) if guarded(calls[number]) else (low, high)
                assert low <= (3, minor) < high, (program, number, minor)

"""kit.bundle.guards: version-guarded code, the statements that run only where what they use
exists (``hasattr``/``getattr`` and ``sys.version_info`` tests, ``try`` blocks catching
ImportError and its kin, conditional expressions), and the text with them replaced by
``pass`` on the same lines."""

import ast
import textwrap
from pathlib import Path

import pytest

from kit.bundle import guards
from kit.bundle.eager_parts import eager_parts
from kit.bundle.guards import (
    _decorators,
    bool_flags,
    guard_flags,
    guarded_branches,
    guarded_lines,
    guarded_statements,
    imported_flags,
    is_guard,
    neutralised,
    untaken_on_windows,
)
from kit.bundle.sources import Source
from tests.guard_support import HEAD, PLATFORM_ATOMS, probes, programs, runs


def parsed(text):
    text = textwrap.dedent(text)
    return text, ast.parse(text)


@pytest.mark.parametrize(
    ("test", "guard"),
    [
        ("hasattr(sys, 'set_int_max_str_digits')", True),
        ("getattr(math, 'lcm', None) is not None", True),
        ("sys.version_info >= (3, 9)", True),
        ("sys.version_info > (3, 8)", False),  # true on 3.8.18 too: every target's answer
        ("sys.version_info.major >= 3 and n > 3", False),
        ("sys.implementation.name == 'pypy'", True),
        ("version_info[0] > 2", True),
        ("'PyPy' in sys.version", True),
        ("'__pypy__' in sys.builtin_module_names", True),
        ("sys.pypy_version_info >= (7, 3)", True),
        ("args.version > 2", False),  # a version of something else
        ("n > 3", False),
        ("callable(f)", False),
    ],
)
def test_what_counts_as_a_guard(test, guard):
    assert is_guard(ast.parse(test, mode="eval").body) is guard


@pytest.mark.parametrize(
    ("test", "guard", "branches"),
    [
        ("(sys.version_info >= (3, 9)) == False", True, (True, True)),
        ("bool(hasattr(sys, 'pypy_version_info'))", True, (True, True)),
        ("(not PYPY) == True and x", True, (True, False)),  # an and's branch: PYPY's alone
        ("(not PYPY) == False or x", True, (False, True)),
        ("(PYPY and n > 5) == False", True, (False, True)),  # not (PYPY and n > 5)
        ("bool(TYPE_CHECKING)", False, (True, False)),  # its branch runs nowhere
        ("(not PYPY) == 1 or x", False, (False, False)),  # a test used as an operand: none
        ("(sys.version_info >= (3, 9)) + 0", False, (False, False)),
        ("[0, 1][PYPY] and x", False, (False, False)),
        ("f(hasattr(sys, 'pypy_version_info'))", False, (False, False)),
        ("(W := PYPY)", False, (False, False)),
        ("PYPY in (True,)", False, (False, False)),
        ("str(sys.version_info >= (3, 9))", False, (False, False)),
    ],
)
def test_a_guard_s_test_used_as_an_operand_is_no_guard(test, guard, branches):
    """``if (not PYPY) == 1 or x:`` guarded both branches, a guard anywhere in its test: a
    test of the Python inside another expression is read as no test, but compared with
    ``True`` or ``False``, or in ``bool(...)``, read as that test or its negation
    (``kit.bundle.wrapped_tests``)."""
    node = ast.parse(test, mode="eval").body
    flags = frozenset({"PYPY"})  # bound to a bool (bool_flags)
    assert is_guard(node, flags, bools=flags) is guard
    assert guarded_branches(node, flags, bools=flags) == branches


@pytest.mark.parametrize(
    ("test", "guard", "branches"),
    [
        ("sys.version_info >= (3, 9) != False", True, (True, False)),  # its else runs on 3.8
        ("sys.version_info >= (3, 9) == True", True, (True, False)),  # holds nowhere
        ("(3, 9) <= sys.version_info < (3, 11)", True, (True, True)),  # both links guards
        ("not sys.version_info >= (3, 9) != False", True, (False, True)),
        ("hasattr(math, 'lcm') == True == x", True, (True, False)),
        ("n < m < k", False, (False, False)),
    ],
)
def test_a_chained_comparison_is_read_as_the_and_of_its_links(test, guard, branches):
    """``if sys.version_info >= (3, 9) != False:`` guarded its ``else`` too, which 3.8 runs
    (``... and (3, 9) != False``): a chained comparison is the ``and`` of its links."""
    node = ast.parse(test, mode="eval").body
    assert is_guard(node) is guard
    assert guarded_branches(node) == branches


def test_a_flag_bound_to_no_bool_compared_with_true_or_false_is_no_guard():
    """``GA = getattr(sys, "pypy_version_info", None)``, then ``if GA != False:`` guarded both
    branches, read as ``if GA:``: ``None != False`` and ``(7, 3, 16, ...) != False`` hold on
    every Python, which runs the branch (CPython 3.8.18 dies on ``import termios`` under
    Windows, on ``math.lcm`` anywhere). Only a flag bound to a bool is read so; of a helper's
    too."""
    head = "import sys\nGA = getattr(sys, 'pypy_version_info', None)\nP = 'PyPy' in sys.version\n"
    body = "if GA != False:\n    import termios\nif P != False:\n    import pypyjit\n"
    body += "if GA:\n    import pypyjit\nif GA == True:\n    import pypyjit\n"
    tree = ast.parse(head + body)
    assert guarded_lines(tree) == {7, 9}  # GA == True: read as no test, though none holds
    assert guarded_lines(tree, platform=True) == {7, 9}  # termios: Windows runs it
    env = source("shared.env", head)
    main = source("__main__", "from shared.env import GA, P\n" + body)
    imported = imported_flags(main, [main, env])
    assert imported.guards == {"GA", "P"} and imported.bools == {"P"}
    assert guarded_lines(main.shipped_tree(), imported=imported) == {5, 7}


def test_a_flag_bound_to_a_bool_and_again_to_no_bool_is_no_bool():
    """``GA = hasattr(sys, "pypy_version_info")``, then ``GA = getattr(sys,
    "pypy_version_info", None)``: ``if GA != False:`` finds ``None != False`` true on every
    Python, which runs ``import termios`` (under Windows, dies): a flag is read under ``!=
    False`` and the like only when each value it is bound to is a ``bool``."""
    head = "import sys\nGA = hasattr(sys, 'pypy_version_info')\n"
    tree = ast.parse(head + "GA = getattr(sys, 'pypy_version_info', None)\n")
    assert "GA" in guard_flags(tree) and "GA" not in bool_flags(tree)
    assert "GA" in bool_flags(ast.parse(head))
    body = "if GA != False:\n    import termios\n"
    assert guarded_lines(ast.parse(ast.unparse(tree) + "\n" + body), platform=True) == set()


def test_guarded_statements_are_the_branches_and_the_try_bodies():
    _, tree = parsed(
        """\
        import sys
        if sys.version_info >= (3, 9):
            a = 1
        else:
            a = 2
        try:
            from math import lcm
        except ImportError:
            lcm = None
        try:
            b = int(s)
        except ValueError:
            b = 0
        c = x.bit_count() if hasattr(int, 'bit_count') else bin(x).count('1')
        def f():
            if hasattr(str, 'removeprefix'):
                return 1
            return 2
        """
    )
    assert sorted(statement.lineno for statement in guarded_statements(tree)) == [3, 5, 7, 14, 17]
    assert guarded_lines(tree) == {3, 5, 7, 14, 17}


def test_a_try_guards_what_its_handlers_catch_of_a_missing_name():
    """An import raises ImportError, a missing member's use AttributeError: ``except
    ImportError`` guards the import alone, ``except AttributeError`` the rest alone."""
    _, tree = parsed(
        """\
        try:
            from math import lcm
            a = math.lcm(2, 3)
        except ImportError:
            pass
        try:
            from math import cbrt
            b = math.cbrt(8)
        except AttributeError:
            pass
        try:
            import tomllib
            c = math.exp2(3)
        except (ImportError, AttributeError):
            pass
        try:
            d = math.lcm(2, 3)
        except:
            pass
        """
    )
    assert guarded_lines(tree) == {2, 8, 12, 13, 17}


# a statement whose read fails on 3.8, what is missing there and what it raises (CPython
# 3.8.18, measured: each dies in a try whose handler does not catch that, 3.10.13 runs each)
MISSING_READS = [
    ("f = anext", "name", "NameError"),
    ("f = builtins.anext", "member", "AttributeError"),
    ("f = math.lcm", "member", "AttributeError"),
    ("from builtins import anext", "member", "ImportError"),
    ("from math import lcm", "member", "ImportError"),
    ("from tomllib import loads", "module", "ModuleNotFoundError"),
    ("import tomllib", "module", "ModuleNotFoundError"),
    # a relative import in a module of no package; one of more dots than packages above it,
    # ValueError on 3.8 and ImportError from 3.9: both to catch (3.8.18, 3.11.7, measured)
    ("from . import x", "package", "ImportError"),
    ("from .. import x", "top", "ValueError|ImportError"),
    # an operation or call 3.8 takes but not so (3.9 runs the first two, 3.10 the third)
    ("d = {} | {}", "type", "TypeError"),
    ("t = list[int]", "type", "TypeError"),
    ("z = zip(a, b, strict=True)", "type", "TypeError"),
]
ALL = {"NameError", "AttributeError", "ImportError", "ModuleNotFoundError", "TypeError"}
ALL |= {"ValueError|ImportError"}
CATCHING = {  # a handler's exceptions, and what of those it catches
    "NameError": {"NameError"},
    "AttributeError": {"AttributeError"},
    "ImportError": {"ImportError", "ModuleNotFoundError"},
    "ModuleNotFoundError": {"ModuleNotFoundError"},
    "TypeError": {"TypeError"},
    "(NameError, KeyError)": {"NameError"},
    "(AttributeError, ImportError)": {"AttributeError", "ImportError", "ModuleNotFoundError"},
    "(AttributeError, TypeError)": {"AttributeError", "TypeError"},
    "(ImportError, ValueError)": {"ImportError", "ModuleNotFoundError", "ValueError|ImportError"},
    "LookupError": set(),
    "ValueError": set(),
    "Exception": ALL,
    "BaseException": ALL,
    "": ALL,  # bare
}


@pytest.mark.parametrize("handler", CATCHING)
@pytest.mark.parametrize(("read", "missing", "raised"), MISSING_READS)
def test_a_try_guards_a_read_whose_exception_its_handler_catches(read, missing, raised, handler):
    """``try: f = anext`` / ``except AttributeError:`` guarded ``anext``, which raises
    NameError on 3.8; ``from math import lcm`` raises ImportError, which
    ``ModuleNotFoundError`` (its subclass) does not catch; ``contextlib.suppress`` alike."""
    text = f"try:\n    {read}\nexcept {handler}:\n    pass\n".replace("except :", "except:")
    _, tree = parsed(text)
    caught = raised in CATCHING[handler]
    assert guarded_lines(tree, missing=missing) == ({2} if caught else set())
    if handler:
        _, tree = parsed(f"with suppress({handler.strip('()')}):\n    {read}\n")
        assert guarded_lines(tree, missing=missing) == ({2} if caught else set())


def test_a_try_guards_what_its_handlers_catch_in_the_blocks_within_its_body():
    """An ``if``, loop or ``with`` in a ``try``'s body runs inside it: ``from math import lcm``
    under ``if x:`` with ``except ImportError`` was refused as unguarded (the ``if`` taken for
    one statement raising AttributeError); ``math.lcm`` there stays unguarded, 3.8 raising
    AttributeError (CPython 3.8.18, measured: the handler catches the first, not the second).
    The branch an ``if`` on a test every target answers alike takes runs inside it too."""
    _, tree = parsed(
        """\
        try:
            if x:
                from math import lcm
            for i in r:
                a = math.lcm(i, 2)
            with open(f) as h:
                while h:
                    import tomllib
        except ImportError:
            pass
        try:
            if math.lcm(2, 3):
                b = math.cbrt(8)
        except AttributeError:
            pass
        try:
            if sys.version_info >= (3, 8):
                from math import lcm
            else:
                lcm = None
        except ImportError:
            pass
        """
    )
    for missing in ("member", "module"):  # the else of a test every target passes: dead
        assert guarded_lines(tree, missing=missing) == {3, 8, 12, 13, 18, 20}


def test_a_function_s_body_in_a_try_is_not_guarded_by_it_a_class_body_is():
    """A function's body runs when it is called, outside the ``try``: ``def f(): return
    math.lcm(2, 3)`` in ``try`` / ``except AttributeError`` passed, and ``f()`` died on 3.8; a
    class body runs inside it (its methods' bodies do not), and so does a nested ``try``, whose
    body its own handlers guard too (CPython 3.8.18, measured)."""
    _, tree = parsed(
        """\
        try:
            def f():
                return math.lcm(2, 3)
            class K:
                g = math.lcm(2, 3)
                def h(self):
                    return math.lcm(2, 3)
            try:
                b = math.cbrt(8)
            except KeyError:
                c = math.exp2(3)
            try:
                from math import lcm
            except ImportError:
                d = math.isqrt(4)
            with suppress(ImportError):
                from math import cbrt
        except AttributeError:
            pass
        """
    )
    # the with's own line too: suppress(ImportError) runs inside the try
    assert guarded_lines(tree, missing="member") == {5, 8, 9, 10, 11, 13, 15, 16, 17}


def test_a_definition_s_decorators_in_a_try_are_guarded_by_it_its_body_is_not():
    """``@functools.cache`` runs where its function is defined, inside the ``try`` (CPython
    3.8.18 raises AttributeError there, caught: measured), its body outside; the neutralised
    text keeps the definition, each decorator's lines made ``pass`` and empty."""
    text, tree = parsed(
        """\
        try:
            @functools.cache
            @other(
                1)
            def f(n):
                return math.lcm(n, 2)
            @dataclass(slots=True)
            class K:
                x: int = math.lcm(1, 2)
        except (AttributeError, TypeError):
            pass
        """
    )
    assert guarded_lines(tree, missing="member") == {2, 3, 4, 7, 8, 9}
    lines = neutralised(text, tree, missing="member").split("\n")
    assert lines[1:9] == ["    pass", "    pass", "", "    def f(n):",
                          "        return math.lcm(n, 2)", "    pass", "", ""]  # fmt: skip


def test_what_a_definition_runs_where_it_stands_in_a_try_is_guarded_by_it():
    """A function's defaults and annotations, a class's bases and a loop's iterable run inside
    the ``try`` (CPython 3.8.18 raises AttributeError at ``def``, caught: measured; they were
    refused), a lambda's body does not; a one-line ``def`` whose body shares the line guards
    no line, and the neutralised text keeps the body, each part made ``None``."""
    text, tree = parsed(
        """\
        try:
            def f(x=math.lcm(2, 3), *, y=math.cbrt(8)) -> math.T:
                return math.lcm(x, 2)
            def g(x=math.lcm(2, 3)): return math.lcm(x, 2)
            h = lambda n=math.lcm(1, 2): math.lcm(n, 2)
            k = functools.cache(
                lambda n: math.lcm(n, 2))
            class K(math.Base, metaclass=math.Meta):
                def m(self, z: math.Z = math.lcm(1, 2)):
                    return math.lcm(1, 2)
            for i in math.lcm(1, 2):
                def q(): return math.lcm(1, 2)
        except AttributeError:
            pass
        """
    )
    assert guarded_lines(tree, missing="member") == {2, 6, 8, 9, 11}
    lines = neutralised(text, tree, missing="member").split("\n")
    assert lines[1:12] == [
        "    def f(x=None, *, y=None) -> None:",
        "        return math.lcm(x, 2)",
        "    def g(x=None): return math.lcm(x, 2)",
        "    h = lambda n=None: math.lcm(n, 2)",
        "    k = None(",
        "        lambda n: math.lcm(n, 2))",
        "    class K(None, metaclass=None):",
        "        def m(self, z: None = None):",
        "            return math.lcm(1, 2)",
        "    for i in None:",
        "        def q(): return math.lcm(1, 2)",
    ]


def test_a_lambda_called_where_it_is_written_runs_inside_the_try():
    """``(lambda a, b: math.lcm(a, b))(2, 3)`` runs its body at once, inside the ``try``
    (CPython 3.8.18 raises AttributeError there, caught: measured; it was refused); a lambda
    kept and called later, or given to a call, is still read as running later."""
    text, tree = parsed(
        """\
        try:
            n = (lambda a, b: math.lcm(a, b))(2, 3)
            f = (lambda a: math.lcm(a, 2))
            m = sorted(a, key=lambda x: math.lcm(x, 2))
        except AttributeError:
            pass
        """
    )
    assert guarded_lines(tree, missing="member") == {2}
    lines = neutralised(text, tree, missing="member").split("\n")
    assert lines[1:4] == ["    pass", "    f = (lambda a: math.lcm(a, 2))",
                          "    m = None(None, key=lambda x: math.lcm(x, 2))"]  # fmt: skip


def test_a_generator_kept_runs_outside_the_try_one_given_to_a_call_inside():
    """``g = (math.lcm(x, 2) for x in a)`` in a ``try`` makes a generator; ``max(g)`` after it
    runs its body outside (CPython 3.8.18 raises AttributeError there: measured; it passed),
    only its first iterable runs inside; one given to a call (``sum(...)``) runs inside."""
    text, tree = parsed(
        """\
        try:
            total = sum(math.lcm(x, 2) for x in a)
            g = (math.lcm(x, 2)
                 for x in math.lcm(1, 2))
        except AttributeError:
            pass
        """
    )
    assert guarded_lines(tree, missing="member") == {2, 4}
    lines = neutralised(text, tree, missing="member").split("\n")
    assert lines[1:4] == ["    pass", "    g = (math.lcm(x, 2)", "         for x in None)"]


def test_a_generator_a_for_or_unpacking_runs_through_runs_inside_the_try():
    """``for v in (math.lcm(x, 2) for x in a):``, ``p, q = (...)``, ``print(*(...))`` and
    ``b = 6 in (...)`` in a ``try`` run the generator's body there (CPython 3.8.18 raises
    AttributeError inside it on each: measured); they were refused as run later."""
    _, tree = parsed(
        """\
        try:
            for v in (math.lcm(x, 2) for x in a):
                pass
            p, q = (math.lcm(x, 2) for x in a)
            print(*(math.lcm(x, 2) for x in a))
            b = 6 in (math.lcm(x, 2) for x in a)
            g = (math.lcm(x, 2) for x in a)
        except AttributeError:
            pass
        """
    )
    assert guarded_lines(tree, missing="member") == {2, 3, 4, 5, 6}


def test_a_generator_a_lazy_call_keeps_runs_outside_the_try_unless_run_through_there():
    """``it = map(int, (math.lcm(x, 2) for x in a))`` in a ``try``, ``list(it)`` after it:
    CPython 3.8.18 raises AttributeError outside the handler (measured; it passed, as a
    generator given to a call); ``list(map(...))`` and ``for v in zip(...)`` run it inside."""
    text, tree = parsed(
        """\
        try:
            it = map(int, (math.lcm(x, 2)
                           for x in math.lcm(1, 2)))
            b = list(map(int, (math.lcm(x, 2) for x in a)))
            for v in zip((math.lcm(x, 2) for x in a), a):
                pass
        except AttributeError:
            pass
        """
    )
    assert guarded_lines(tree, missing="member") == {3, 4, 5, 6}
    lines = neutralised(text, tree, missing="member").split("\n")
    assert lines[1:3] == ["    it = None(None, (math.lcm(x, 2)",
                          "                   for x in None))"]  # fmt: skip


def test_a_generator_a_name_bound_to_a_lazy_call_keeps_runs_outside_the_try():
    """``from itertools import chain as c`` and ``m = map``: ``c(g)`` and ``m(int, g)`` in a
    ``try`` keep ``g`` as ``chain(g)`` does (CPython 3.8.18 raises AttributeError outside the
    handler on each, measured; both passed, read as a generator given to a call)."""
    _, tree = parsed(
        """\
        from itertools import chain as c
        m = map
        try:
            it = c((math.lcm(x, 2) for x in a))
            jt = m(int, (math.lcm(x, 2) for x in a))
            b = list(c((math.lcm(x, 2) for x in a)))
        except AttributeError:
            pass
        """
    )
    assert guarded_lines(tree, missing="member") == {6}  # it and jt are not guarded


def test_a_generator_given_to_a_call_that_may_keep_it_runs_outside_the_try():
    """``def lazy(g): return map(int, g)``, ``functools.partial(map, int)``: ``it =
    lazy((math.lcm(x, 2) for x in a))`` in a ``try``, then ``list(it)`` after it, raises
    AttributeError outside the handler on CPython 3.8.18 (measured; both passed, read as a
    generator given to a call); ``sum(...)`` and ``top(...)``, ``heapq.nlargest``, run it
    inside; the module's own ``sum`` may keep it."""
    _, tree = parsed(
        """\
        from heapq import nlargest as top
        def lazy(g):
            return map(int, g)
        try:
            it = lazy((math.lcm(x, 2) for x in a))
            jt = functools.partial(map, int)((math.lcm(x, 2) for x in a))
            b = sum(math.lcm(x, 2) for x in a) + top(1, (math.lcm(x, 2) for x in a))
        except AttributeError:
            pass
        """
    )
    assert guarded_lines(tree, missing="member") == {7}
    _, tree = parsed(
        """\
        sum = lambda g: g
        try:
            b = sum(math.lcm(x, 2) for x in a)
        except AttributeError:
            pass
        """
    )
    assert guarded_lines(tree, missing="member") == set()


def test_a_generator_given_to_a_function_of_the_modules_own_that_runs_it_runs_inside():
    """``def map(f, g): return [f(x) for x in g]``: ``it = map(int, (math.lcm(x, 2) for x in
    a))`` in a ``try`` raises inside it on CPython 3.8.18, caught (measured; it was refused,
    read as the builtin); ``lazy``, returning the builtin's iterator, runs it later."""
    _, tree = parsed(
        """\
        def map(f, g):
            return [f(x) for x in g]
        def lazy(g):
            return zip(g)
        try:
            it = map(int, (math.lcm(x, 2) for x in a))
            jt = lazy((math.lcm(x, 2) for x in a))
        except AttributeError:
            pass
        """
    )
    assert guarded_lines(tree, missing="member") == {6}


def test_an_eager_part_within_a_statement_guarded_whole_is_replaced_once():
    """A statement a guarded conditional expression guards whole holds the parts a ``try``
    guards of it too: the neutralised text replaces it once (each replaced in turn, the
    statement's end was read on a line already changed, and ``; g = 1`` was lost)."""
    text, tree = parsed(
        """\
        try:
            f = (lambda: math.lcm(1, 2)) if hasattr(math, "lcm") else None; g = math.cbrt(8)
        except AttributeError:
            pass
        """
    )
    assert neutralised(text, tree, missing="member").split("\n")[1] == "    pass; pass"


def test_an_expression_kept_is_left_in_place_where_a_try_guards_it():
    """``kept``: a test a ``try`` guards stays as it is (its branch on its line keeps its
    columns); the others a ``try`` guards are still made ``None``."""
    text, tree = parsed(
        """\
        try:
            if sys.version_info >= (3, 9): f = lambda: math.cbrt(2)
            while math.lcm(1, 2): g = lambda: 0
        except AttributeError:
            pass
        """
    )
    test = tree.body[0].body[0].test
    versioned = frozenset({id(test)})
    kept = neutralised(text, tree, versioned=versioned, missing="member", kept=(test,))
    assert kept.split("\n")[1:3] == [
        "    if sys.version_info >= (3, 9): f = lambda: math.cbrt(2)",
        "    while None: g = lambda: 0",
    ]
    plain = neutralised(text, tree, versioned=versioned, missing="member")
    assert plain.split("\n")[1] == "    if None: f = lambda: math.cbrt(2)"


def test_annotations_never_evaluated_are_no_part_a_try_guards():
    """Under ``from __future__ import annotations`` a parameter's annotation is never
    evaluated: nothing to guard, its default still is."""
    _, tree = parsed(
        """\
        from __future__ import annotations
        try:
            def f(x: math.T,
                  y=math.lcm(2, 3)):
                pass
        except AttributeError:
            pass
        """
    )
    assert guarded_lines(tree, missing="member") == {4}


def test_a_decorator_spaced_from_its_at_sign_is_neutralised_from_the_at_sign():
    """``@ functools.cache`` (a space after ``@``, as Python takes it) in a ``try`` was made
    ``@pass``: the text vermin reads did not parse, and every finding of the module was lost
    (``math.lcm`` outside the ``try`` passed)."""
    text, tree = parsed(
        """\
        try:
            @  functools.cache
            def f(n):
                return n
        except AttributeError:
            pass
        """
    )
    lines = neutralised(text, tree, missing="member").split("\n")
    assert lines[1:4] == ["    pass", "    def f(n):", "        return n"]


def test_contextlib_suppress_guards_as_a_try_catching_the_same():
    """``with contextlib.suppress(ImportError): import numpy`` is a guarded import as a ``try``
    is; the build refused it as unguarded."""
    _, tree = parsed(
        """\
        import contextlib
        from contextlib import suppress
        with contextlib.suppress(ImportError):
            import numpy
            a = math.lcm(2, 3)
        with suppress(AttributeError, KeyError):
            b = math.cbrt(8)
        with suppress(ValueError):
            import yaml
        with open("f") as f:
            import toml
        """
    )
    assert guarded_lines(tree) == {4, 7}


def test_a_name_bound_to_a_guard_s_test_at_the_top_level_is_a_guard():
    """The usual "am I on PyPy" flag; a name bound to something else too is none."""
    _, tree = parsed(
        """\
        import sys
        PYPY = sys.implementation.name == "pypy"
        BOTH = 3
        BOTH = sys.version_info >= (3, 9)
        if PYPY:
            import pypyjit
        if BOTH:
            import graphlib
        x = 1 if not PYPY else 2
        """
    )
    assert guarded_lines(tree) == {6, 9}


def test_a_name_bound_to_a_test_every_target_answers_alike_leaves_one_branch_dead():
    """``PY2 = sys.version_info[0] == 2`` and the templates' ``py2 = round(0.5)``: false on
    every Python 3, so ``if PY2:`` runs its ``else`` alone, as the test written in place does;
    ``PY3``'s body runs, and a name bound twice answers nothing."""
    _, tree = parsed(
        """\
        import sys
        PY2 = sys.version_info[0] == 2
        PY3 = sys.version_info[0] == 3
        py2 = round(0.5)
        TWICE = sys.version_info[0] == 2
        TWICE = True
        if PY2:
            from cStringIO import StringIO
        else:
            from io import StringIO
        if py2:
            from future_builtins import map
        if not py2:
            import resource
        if PY3:
            import resource
        else:
            import cPickle
        if TWICE:
            import cStringIO
        """
    )
    assert guarded_lines(tree) == {8, 12, 18}


@pytest.mark.parametrize(
    "again",
    [
        "if len(sys.argv) > 5:\n    PY2 = True",
        "def main():\n    global PY2\n    PY2 = True",
        "for PY2 in (True,):\n    pass",
        "from os import sep as PY2",
        "PY2 += 1",
    ],
)
def test_a_flag_bound_again_anywhere_in_the_module_answers_nothing(again):
    """``PY2`` rebound in a nested block, a function (``global``), a loop, an import or an
    augmented assignment may be true when ``if PY2:`` runs: its body is checked."""
    _, tree = parsed(
        "import sys\nPY2 = sys.version_info[0] == 2\n" + again + "\nif PY2:\n    import numpy\n"
    )
    assert guarded_lines(tree) == set()


def test_a_flag_a_try_of_imports_sets_guards_the_branch_taken_where_they_succeed():
    """``IS_LOCAL = True`` / ``try: import seaborn`` / ``except ImportError: IS_LOCAL = False``
    (an AtCoder Heuristic solution's), and its mirror ``HAVE = False`` / ``HAVE = True`` after
    the imports: the branch taken only where the imports succeeded is guarded as they are,
    under ``not`` too; the other runs where they fail, and is read as code."""
    _, tree = parsed(
        """\
        IS_LOCAL = True
        try:
            import seaborn
        except ImportError:
            IS_LOCAL = False
        HAVE = False
        try:
            from numpy import array
            HAVE = True
        except:
            pass
        if IS_LOCAL:
            import matplotlib
        else:
            import local_missing
        if not HAVE:
            import have_missing
        else:
            import numba
        """
    )
    assert guarded_lines(tree) == {3, 8, 9, 13, 19}  # 9: a bare except catches all


def test_a_flag_bound_in_a_try_of_imports_alone_guards_as_well():
    """``try: import numpy`` / ``HAS_NP = True`` / ``except ImportError: HAS_NP = False``:
    unbound before the ``try``, the flag is True only where numpy was imported."""
    _, tree = parsed(
        """\
        try:
            import numpy
            HAS_NP = True
        except ImportError:
            HAS_NP = False
        if HAS_NP:
            import numba
        else:
            import cStringIO
        """
    )
    assert guarded_lines(tree) == {2, 7}


def test_a_flag_bound_in_the_else_of_a_try_of_imports_guards_as_well():
    """``try: import numpy`` / ``except ImportError: HAS_NP = False`` / ``else: HAS_NP =
    True``: the ``else:`` runs only where the imports succeeded."""
    _, tree = parsed(
        """\
        try:
            import numpy
        except ImportError:
            HAS_NP = False
        else:
            HAS_NP = True
        if HAS_NP:
            import numba
        else:
            import cStringIO
        """
    )
    assert guarded_lines(tree) == {2, 8}


@pytest.mark.parametrize(
    "text",
    [
        # an else that runs more than constant bindings
        "try:\n    import numpy\nexcept ImportError:\n    HAVE = False\n"
        "else:\n    HAVE = True\n    one = numpy.ones(1)\n",
        # rebound elsewhere, at the top level or in a function
        "IS_LOCAL = True\ntry:\n    import seaborn\nexcept ImportError:\n    IS_LOCAL = False\n"
        "IS_LOCAL = True\n",
        "IS_LOCAL = True\ntry:\n    import seaborn\nexcept ImportError:\n    IS_LOCAL = False\n"
        "def f():\n    global IS_LOCAL\n    IS_LOCAL = True\n",
        # a handler that does not catch what the import raises, or one that leaves it bound
        "IS_LOCAL = True\ntry:\n    import seaborn\nexcept AttributeError:\n    IS_LOCAL = False\n",
        "IS_LOCAL = True\ntry:\n    import seaborn\nexcept ImportError:\n    IS_LOCAL = False\n"
        "except Exception:\n    pass\n",
        # bound before the imports run, read before the try, or set by the body to the same
        "HAVE = False\ntry:\n    HAVE = True\n    import numpy\nexcept ImportError:\n    pass\n",
        "IS_LOCAL = True\nprint(IS_LOCAL)\ntry:\n    import seaborn\n"
        "except ImportError:\n    IS_LOCAL = False\n",
        "HAVE = True\ntry:\n    import numpy\n    HAVE = True\nexcept ImportError:\n    pass\n",
        # a body that runs more than its imports
        "HAVE = False\ntry:\n    import numpy\n    HAVE = True\n    one = numpy.ones(1)\n"
        "except ImportError:\n    pass\n",
    ],
)
def test_a_flag_a_try_of_imports_sets_otherwise_guards_nothing(text):
    name = "IS_LOCAL" if "IS_LOCAL" in text else "HAVE"
    tree = ast.parse(f"{text}if {name}:\n    import matplotlib\nelse:\n    import cStringIO\n")
    assert not guarded_lines(tree) & {tree.body[-1].lineno + 1, tree.body[-1].lineno + 3}


def test_only_the_body_of_if_type_checking_is_guarded():
    """It never runs; its ``else`` always does, and ``not TYPE_CHECKING`` is no guard."""
    _, tree = parsed(
        """\
        import typing
        if typing.TYPE_CHECKING:
            import numpy
        else:
            import scipy
        if not TYPE_CHECKING:
            import pandas
        """
    )
    assert guarded_lines(tree) == {3}


def test_a_bare_except_and_exception_guard_too():
    _, tree = parsed(
        "try:\n    import numpy\nexcept:\n    pass\ntry:\n    x = 1\nexcept Exception:\n    pass\n"
    )
    assert [statement.lineno for statement in guarded_statements(tree)] == [2, 6]


def test_neutralised_text_keeps_every_line_number():
    text, tree = parsed(
        """\
        import sys
        if hasattr(sys, 'set_int_max_str_digits'):
            sys.set_int_max_str_digits(
                0
            )
        print('after')
        """
    )
    result = neutralised(text, tree)
    assert result.split("\n") == [
        "import sys",
        "if hasattr(sys, 'set_int_max_str_digits'):",
        "    pass",
        "",
        "",
        "print('after')",
        "",
    ]
    ast.parse(result)


def test_a_guarded_statement_sharing_its_only_line_is_passed_in_its_place():
    """vermin names one line for all the uses of a member: left there, ``a.b`` would be said
    on that guarded line and hide one outside the guard. Replaced from the last statement of
    a line, so that each stays where it was."""
    text, tree = parsed("if hasattr(a, 'b'): x = a.b; y = a.b.c\nz = [\n    1]\n")
    assert neutralised(text, tree) == "if hasattr(a, 'b'): pass; pass\nz = [\n    1]\n"


def test_a_guarded_statement_sharing_lines_it_spans_keeps_what_follows_it():
    """Left as it was, its ``a.b`` was the line vermin named for every use of ``a.b``."""
    text, tree = parsed("if hasattr(a, 'b'): x = f(\n    a.b); y = 2  # z\nw = 1\n")
    assert neutralised(text, tree) == "if hasattr(a, 'b'): pass; pass  # z\n\nw = 1\n"


def test_a_decorated_definition_is_passed_from_its_first_decorator():
    text, tree = parsed("import sys\nif hasattr(sys, 'x'):\n    @d(1)\n    @e\n    def f(): pass\n")
    assert neutralised(text, tree) == "import sys\nif hasattr(sys, 'x'):\n    pass\n\n\n"


def test_a_guarded_conditional_expression_in_a_loop_s_body_guards_its_own_statement():
    """Not the loop: the loop's other statements run on every target."""
    text, tree = parsed(
        """\
        for x in xs:
            y = a if hasattr(m, "z") else b
            r = m.cbrt(x)
        for x in (a if hasattr(m, "z") else b):
            r = m.cbrt(x)
        """
    )
    assert guarded_lines(tree) == {2, 4, 5}


def test_a_conditional_expression_read_by_version_guards_its_statement_no_more():
    """Its test among ``versioned`` (the caller reads its branches alone, each on the
    versions it runs on), its statement is code, but where another guard in it guards it."""
    text, tree = parsed(
        """\
        x = m.cbrt(2) if sys.version_info >= (3, 9) else 0
        y = (m.cbrt(2) if sys.version_info >= (3, 9) else 0) + (1 if hasattr(m, "z") else 0)
        """
    )
    tests = [node.test for node in ast.walk(tree) if isinstance(node, ast.IfExp)]
    versioned = {id(test) for test in tests if isinstance(test, ast.Compare)}
    assert guarded_lines(tree) == {1, 2}
    assert guarded_lines(tree, versioned=versioned) == {2}


@pytest.mark.parametrize(
    ("code", "untaken"),
    [
        ("x = a() if sys.platform == 'win32' else b()\n", ["b"]),
        ("x = a() if os.name != 'nt' else b()\n", ["a"]),
        ("W = os.name == 'nt'\nx = a() if not W else b()\n", ["a"]),
        ("x = a() if flag else b()\n", []),  # no test of the platform: neither branch
    ],
)
def test_the_branch_of_a_conditional_expression_windows_does_not_take(code, untaken):
    tree = ast.parse(code)
    skipped = untaken_on_windows(tree)
    calls = [n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and id(n) in skipped]
    assert calls == untaken
    assert guarded_lines(tree, platform=True) == set()  # the statement itself is not guarded


def test_the_cases_of_a_match_on_the_platform_windows_does_not_run_are_guarded():
    """Read as its ``if`` / ``elif`` (``import termios`` under ``case _:`` was refused on
    Codeforces where ``if sys.platform == "win32":`` / ``else:`` passed), in a ``try`` too;
    the case Windows runs is code (but what the ``try`` guards), and without the platform
    check no case is read."""
    text, tree = parsed(
        """\
        match sys.platform:
            case "win32":
                import msvcrt
            case "linux" | "darwin":
                import termios
        try:
            match os.name:
                case "nt":
                    x = math.lcm(1, 2)
                case _:
                    import fcntl
        except AttributeError:
            pass
        """
    )
    assert guarded_lines(tree, platform=True, missing="member") == {5, 7, 9, 11}
    assert guarded_lines(tree, missing="member") == {7, 9}  # the try's alone


def test_a_match_on_a_name_bound_to_the_platform_or_on_the_version_guards_nothing():
    """``p = sys.platform`` / ``match p:`` is not read (``p`` no flag): its cases are code
    Windows runs, and so are a ``match sys.version_info:``'s (CPython 3.10.13 to 3.13.0 run
    ``case (3, 10, *_):`` and ``case _:`` as ``if`` / ``else``, measured), as they are for the
    API check: no case guards."""
    text, tree = parsed(
        """\
        p = sys.platform
        match p:
            case "win32":
                import msvcrt
            case _:
                import termios
        match sys.version_info:
            case (3, 10, *_):
                import tomllib
            case _:
                x = math.lcm(1, 2)
        """
    )
    assert guarded_lines(tree, platform=True) == set()
    assert guarded_lines(tree) == set()


def source(name, text):
    text = textwrap.dedent(text)
    rel = name.replace(".", "/") + ".py"
    return Source(name, Path(rel), rel, False, text, ast.parse(text), shipped=text)


def test_flags_imported_from_a_helper_guard_as_the_helper_s_own_do():
    env = source(
        "shared.env", "import os, sys\nPYPY = 'PyPy' in sys.version\nWIN = os.name == 'nt'\n"
    )
    main = source(
        "__main__",
        """\
        from shared.env import PYPY, WIN as W
        if PYPY:
            import pypyjit
        if not W:
            import resource
        x = 0 if W else os.getuid()
        """,
    )
    imported = imported_flags(main, [main, env])
    assert imported.guards == {"PYPY"} and set(imported.platforms) == {"W"}
    tree = main.shipped_tree()
    assert guarded_lines(tree) == set()  # without them nothing is guarded
    assert guarded_lines(tree, imported=imported) == {3}
    assert guarded_lines(tree, True, imported) == {3, 5}
    (call,) = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    assert id(call) in untaken_on_windows(tree, imported)  # os.getuid(), which Windows skips


def test_an_imported_flag_the_module_binds_again_is_none():
    env = source("shared.env", "import sys\nPYPY = 'PyPy' in sys.version\n")
    main = source("__main__", "from shared.env import PYPY\nPYPY = False\nif PYPY:\n    f()\n")
    assert imported_flags(main, [main, env]).guards == frozenset()


def test_an_imported_flag_of_the_version_is_kept_when_bound_once_everywhere():
    """``imported_flags(..., versions=...)``: what the caller's reader gives of a helper's
    flag, under the module's name for it (``as V``), when the module binds that name by its
    import alone and no other module sets the helper's member (``e.PY39 = True`` in a third
    module, run before the module reads it: CPython 3.8.18 then runs ``PY39 and math.lcm(2,
    3)`` and dies, measured) nor may (``setattr``)."""
    env = source("shared.env", "import sys\nPY39 = sys.version_info >= (3, 9)\n")

    def read(helper):
        return {"PY39": "told"} if helper is env.shipped_tree() else {}

    def versions(text, *others):
        main = source("__main__", text)
        return imported_flags(main, [main, env, *others], versions=read).versions

    assert versions("from shared.env import PY39 as V\n") == {"V": "told"}
    assert versions("from shared.env import PY39\ndel PY39\n") == {}
    assert versions("from shared.env import PY39\nglobals()\n") == {}
    hack = source("shared.hack", "import shared.env as e\ne.PY39 = True\n")
    assert versions("import shared.hack\nfrom shared.env import PY39\n", hack) == {}
    hack = source("shared.hack", "import shared.env as e\nsetattr(e, 'PY39', True)\n")
    assert versions("import shared.hack\nfrom shared.env import PY39\n", hack) == {}
    other = source("shared.other", "PY39 = False\n")  # its own name: no member of the helper
    assert versions("from shared.env import PY39\n", other) == {"PY39": "told"}
    hack = source("shared.hack", "import shared.env as e\ne.__dict__['PY39'] = True\n")
    assert versions("import shared.hack\nfrom shared.env import PY39\n", hack) == {}
    hack = source("shared.hack", "import shared.env as e\ne.__setattr__('PY39', True)\n")
    assert versions("import shared.hack\nfrom shared.env import PY39\n", hack) == {}
    # a submodule of that name, whose import sets the helper's member to it
    sub = source("shared.env.PY39", "X = 1\n")
    assert versions("import shared.env.PY39\nfrom shared.env import PY39\n", sub) == {}
    sub = source("shared.env.PY39.deep", "X = 1\n")
    assert versions("import shared.env.PY39.deep\nfrom shared.env import PY39\n", sub) == {}
    other = source("shared.env.PY3", "X = 1\n")  # another name: no member PY39
    assert versions("import shared.env.PY3\nfrom shared.env import PY39\n", other) == {
        "PY39": "told"
    }


WRITES = [
    "import shared.env as e\ne.PY39 = True\n",
    "import shared.env\nshared.env.PY39 = True\n",
    "from shared import env\ndef f():\n    env.PY39 = True\n",
    "import shared.env as e\ne.PY39 += 1\n",
    "import shared.env as e\ndel e.PY39\n",
    "import shared.env as e\nsetattr(e, 'PY39', True)\n",
]


@pytest.mark.parametrize("write", WRITES)
def test_a_module_s_own_flag_another_module_sets_is_unset(write):
    """``Imported.unset``: a guard's name or a flag of the version the module binds itself
    (``shared/env.py``: ``PY39 = sys.version_info >= (3, 9)``), or a guard's name it imports,
    whose member another module sets or may (``member_set``: ``e.PY39 = True``, ``+=``,
    ``del``, under any name of the module, in a function too) is no guard's
    (``guard_names``): in the helper, ``if PY39: return math.lcm(a, b)`` runs on 3.8 after
    the solution's ``e.PY39 = True`` and dies (CPython 3.8.18, measured)."""
    env = source("shared.env", "import sys\nPY39 = sys.version_info >= (3, 9)\n")
    main = source("__main__", write)
    imported = imported_flags(env, [main, env])
    assert imported.unset == {"PY39"}
    assert imported.guard_names(env.shipped_tree(), frozenset()) == frozenset()
    assert imported_flags(env, [env]).guard_names(env.shipped_tree(), frozenset()) == {"PY39"}
    user = source("shared.user", "from shared.env import PY39 as V\nif V:\n    f()\n")
    imported = imported_flags(user, [main, env, user])
    assert (imported.guards, imported.unset) == ({"V"}, {"V"})
    assert imported.guard_names(user.shipped_tree(), frozenset()) == frozenset()
    assert imported_flags(user, [env, user]).unset == frozenset()


def test_a_flag_of_the_version_of_the_module_s_own_is_unset_by_the_caller_s_reader():
    """``versions``: the caller's flags of the version of the module's own are unset alike
    when another module sets their member; one no module sets, or only a name of another
    module's own (``PY39 = False`` there), is kept."""
    env = source("shared.env", "import sys\nPY39 = sys.version_info >= (3, 9)\nX = 1\n")

    def read(helper):
        return {"X": "told"} if helper is env.shipped_tree() else {}

    hack = source("shared.hack", "import shared.env as e\ne.X = 2\n")
    assert imported_flags(env, [env, hack], versions=read).unset == {"X"}
    other = source("shared.other", "PY39 = False\nX = 2\n")
    assert imported_flags(env, [env, other], versions=read).unset == frozenset()


# odd shapes of statements, decorators and the parts a definition runs where it stands, which
# the repository's own files may not hold: every one neutralised must parse
SHAPES = """\
import functools, math
@ functools.cache
@(functools.lru_cache)
@ (  # a comment (with a parenthesis
    functools.lru_cache(maxsize=None)
)  # another )
def f(a=(math.lcm(1, 2)), *, b: (int) = 2) -> (int): return a; x = 1
class C(
    object, metaclass=type,
):
    @(staticmethod)
    def g(): pass
    y: (int) = (3)
for (i) in (range(3)): pass
with (open(f)) as g, (open(g)): pass
x[1:2], y.z = (yield), \\
    2
del (x[0]), y.z
x += (1); (f(x))
if (x): pass
elif [x]: pass
"""

ROOT = Path(__file__).resolve().parents[3]
CORPUS = sorted(
    path
    for folder in ("shared", "kit", "tests/fixtures/library", "tests/fixtures/torture")
    for path in (ROOT / folder).rglob("*.py")
)


def _layers(tree):
    """The module's statements by their depth, and the decorators and eager parts of each
    depth's statements: each set holds no two parts of one text."""
    layers, pending = [], [(tree.body, 0)]
    while pending:
        block, depth = pending.pop()
        while len(layers) < 2 * depth + 2:
            layers.append([])
        for statement in block:
            layers[2 * depth].append(statement)
            layers[2 * depth + 1] += _decorators(statement) + eager_parts(statement)
            for inner in guards._blocks(statement):
                pending.append((inner, depth + 1))
    return [layer for layer in layers if layer]


@pytest.mark.parametrize("path", [None, *CORPUS], ids=lambda p: "shapes" if p is None else p.name)
def test_every_statement_and_part_neutralised_leaves_a_text_that_parses(path, monkeypatch):
    """Whatever is found guarded, its text replaced still parses: a text that did not (``@
    functools.cache`` made ``@pass``) hid every vermin finding of its module. Each depth's
    statements, and their decorators and eager parts, are replaced at once."""
    text = SHAPES if path is None else path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    for layer in _layers(tree):
        monkeypatch.setattr(guards, "guarded_statements", lambda *_, found=layer, **__: found)
        done = neutralised(text, tree)
        try:
            ast.parse(done)
        except SyntaxError as error:
            pytest.fail(f"line {error.lineno}: {done.split(chr(10))[error.lineno - 1]!r}")


@pytest.mark.parametrize(
    ("test", "guarded"),
    [
        ("PYPY and x", (True, False)),  # its else runs where x fails, on any Python
        ("PYPY or x", (False, True)),  # its branch where x holds, on any Python
        ("not (PYPY or x)", (True, False)),
        ("not PYPY and not x", (True, False)),
        ("PYPY and sys.version_info >= (3, 9)", (True, True)),
        ("PYPY or sys.version_info >= (3, 9)", (True, True)),
        ("(PYPY or x) and y", (False, False)),
        ("(PYPY and x) or y", (False, False)),
        ("x and y", (False, False)),
        ("sys.version_info >= (3, 9)", (True, True)),
        # TYPE_CHECKING never holds where the code runs: its branch runs on no Python
        ("TYPE_CHECKING or PYPY", (True, True)),
        ("typing.TYPE_CHECKING or PYPY", (True, True)),
        ("TYPE_CHECKING or x", (False, False)),
        ("not TYPE_CHECKING and PYPY", (True, True)),
        ("not TYPE_CHECKING or PYPY", (False, True)),
    ],
)
def test_a_guard_in_an_and_or_or_guards_the_branch_that_operation_sends_it_to(test, guarded):
    """``if sys.version_info >= (3, 9) or x: math.lcm(2, 3)``: CPython 3.8.18 runs the
    branch when ``x`` holds and dies there (measured); a guard anywhere in the test guarded
    both branches."""
    assert guarded_branches(ast.parse(test, mode="eval").body, frozenset({"PYPY"})) == guarded


def test_an_if_on_an_and_or_an_or_with_a_plain_operand_guards_one_branch():
    _, tree = parsed(
        """\
        import sys
        PYPY = sys.implementation.name == "pypy"
        if PYPY or x:
            a = 1
        else:
            b = 2
        if PYPY and x:
            c = 3
        elif y:
            d = 4
        """
    )
    assert sorted(statement.lineno for statement in guarded_statements(tree)) == [6, 8]


def test_the_branch_an_and_or_an_or_leaves_unguarded_is_read_for_guards_within():
    """The branch of ``PYPY or x`` runs on any Python, but an ``if`` or a ``try`` within it
    guards what it guards as anywhere else."""
    _, tree = parsed(
        """\
        import sys
        PYPY = sys.implementation.name == "pypy"
        if PYPY or x:
            if PYPY:
                a = 1
        else:
            try:
                import tomllib
            except ImportError:
                tomllib = None
        if PYPY and x:
            pass
        else:
            if PYPY:
                b = 2
        """
    )
    assert sorted(statement.lineno for statement in guarded_statements(tree)) == [5, 7, 12, 15]


def test_what_untaken_on_windows_passes_windows_never_runs_on_generated_tests():
    """The operands ``untaken_on_windows`` passes after a test of the platform in an ``and``
    or ``or`` (and a conditional expression's branch): Windows runs none of them, whatever
    the version and the plain values, on 60 generated tests of ``not``, ``and``, ``or`` and
    comparisons, chained ones and flags among them (``tests.guard_support``; seeded)."""
    for program in programs(seed=15, count=60):
        tree = ast.parse(HEAD + program)
        untaken, calls = untaken_on_windows(tree), probes(tree)
        for _, windows, seen in runs(program):
            assert not windows or not any(id(calls[n]) in untaken for n in seen), program


def test_the_branch_of_an_if_the_platform_check_passes_windows_never_runs_on_generated_tests():
    """The branch of an ``if`` on a generated test of the platform and plain values
    (``PLATFORM_ATOMS``: ``not``, ``and``, ``or``, comparisons, chained ones and flags) that
    ``guarded_lines(platform=True)`` passes: Windows runs it for no plain values (seeded)."""
    for program in programs(seed=15, count=60, atoms=PLATFORM_ATOMS):
        if program.startswith("if"):
            lines = guarded_lines(ast.parse(HEAD + program), platform=True)
            for _, windows, seen in runs(program):
                ran = {line for line, probe in ((5, 32), (7, 33)) if probe in seen}  # f32(), f33()
                assert not windows or not ran & lines, program

"""kit.check.evaluated_types: the types a module evaluates when it runs that need a Python
newer than 3.8: definitions' annotations 3.8 evaluates, ``list[int]`` and its kind outside
annotations, ``|`` between two types."""

import ast
import textwrap

import pytest

from kit.check.evaluated_types import newer_types


def evaluated(text):
    """(line, what, version) of ``text``'s types, its classes the bundle's, sorted."""
    tree = ast.parse(textwrap.dedent(text))
    classes = frozenset(node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef))
    return sorted(
        (node.lineno, what, version) for node, what, version in newer_types(tree, classes)
    )


def test_collections_classes_subscripted_where_3_8_evaluates_them():
    """PEP 585 (3.9) made ``deque[int]`` and ``collections.abc.Iterable[int]`` subscriptable:
    3.8 raises TypeError where a class body's annotation, or an expression, subscripts them;
    a class of the user's own named ``Counter`` is not collections'."""
    text = """\
        import collections
        import collections.abc
        from collections import deque as dq, defaultdict
        from collections.abc import Iterable
        class State:
            queue: dq[int]
            seen: defaultdict[int, int]
            items: Iterable[int]
            more: collections.OrderedDict[str, int]
        Pairs = collections.abc.Sequence[tuple]
        class Counter:
            pass
        c: Counter[int] = None
        """
    assert evaluated(text) == [
        (6, "class-body annotation dq[int]", (3, 9)),
        (7, "class-body annotation defaultdict[int, int]", (3, 9)),
        (8, "class-body annotation Iterable[int]", (3, 9)),
        (9, "class-body annotation collections.OrderedDict[str, int]", (3, 9)),
        (10, "collections.abc.Sequence[tuple] (a collections type subscripted)", (3, 9)),
    ]


def test_function_annotations_the_bundle_keeps_are_evaluated_by_def():
    """Where the bundle reads annotations (``inspect``), it keeps a function's, and 3.8
    evaluates them when ``def`` runs: ``int | None`` fails there. A stripped module has none
    left to find, and string annotations are not evaluated."""
    text = """\
        def outer(n):
            def inner(x: int | None = None, *rest: 'list[int]') -> list[int]:
                return [n]
            return inner()
        """
    assert evaluated(text) == [
        (2, "function annotation int | None", (3, 10)),
        (2, "function annotation list[int]", (3, 9)),
    ]
    assert evaluated("from __future__ import annotations\n" + textwrap.dedent(text)) == []


def test_a_union_of_types_evaluated_outside_annotations():
    """``|`` between two surely-type operands needs 3.10 where it is evaluated; ``|`` on
    values needs nothing, and a function's annotations are their own finding (shipped here as
    written, as where the bundle keeps them; stripped, there is nothing to find)."""
    text = """\
        class Node:
            pass
        Num = int | float
        ok = isinstance(x, Node | None)
        deep = list[int] | dict[str, int] | typing.Any
        def f(a: int | None, b: "str | bytes") -> int | float:
            return a | b
        flags = READ | WRITE
        mixed = int | flags
        """
    assert evaluated(text) == [
        (3, "int | float (a union of types with |)", (3, 10)),
        (4, "Node | None (a union of types with |)", (3, 10)),
        (5, "dict[str, int] (a builtin type subscripted)", (3, 9)),
        (5, "list[int] (a builtin type subscripted)", (3, 9)),
        (5, "list[int] | dict[str, int] | typing.Any (a union of types with |)", (3, 10)),
        (6, "function annotation int | None", (3, 10)),
        (6, "function annotation int | float", (3, 10)),
    ]


@pytest.mark.parametrize(
    ("code", "lines"),
    [
        # a builtin type's name the module binds to something else: no generic
        ("type = input().split()\nprint(type[0])\n", []),
        ("def f(list):\n    return list[0]\n", []),
        ("x = list[int]\n", [1]),
        # a name bound in another scope does not shadow the builtin here
        ("Grid = list[list[int]]\ndef show(list):\n    return list[0]\n", [1]),
        ("class P:\n    type: int = 0\nF = type[int]\n", [3]),
        ("class C:\n    list = 1\n    def f(self):\n        return list[int]\n", [4]),
        ("type = 3\ndef f():\n    return type[0]\n", []),
        ("def f(dict):\n    g = lambda: dict[0]\n    return g\n", []),
        # a union of typing's names, however they are imported: only 3.10 evaluates it
        ("from typing import Callable\nOp = Callable[[int], int] | None\n", [2]),
        ("import typing as t\nOp = t.Optional[int] | str\n", [2]),
        ("from typing import List as L\nX = L[int] | None\n", [2]),
        ("flags = a | b\n", []),
        # a class's attributes joined are values (enum flags), not a union of types
        ("class Dir:\n    N = 1\n    E = 2\nx = Dir.N | Dir.E\n", []),
        ("from typing import TYPE_CHECKING\nx = TYPE_CHECKING | True\n", []),
        ("import typing\nx = typing.Optional[int] | None\n", [2]),
    ],
)  # fmt: skip
def test_only_what_needs_a_newer_python_is_found_not_names_that_look_alike(code, lines):
    assert [line for line, _, _ in evaluated(code)] == lines


def test_postponed_annotations_leave_the_types_evaluated_outside_them():
    """``from __future__ import annotations`` stops 3.8 evaluating annotations, not an alias
    nor a call's argument: those are still found."""
    text = """\
        from __future__ import annotations
        class P:
            xs: list[int]
        def f(a: int | None) -> list[int]:
            return a
        Grid = list[list[int]]
        ok = isinstance(x, int | str)
        """
    assert evaluated(text) == [
        (6, "list[list[int]] (a builtin type subscripted)", (3, 9)),
        (7, "int | str (a union of types with |)", (3, 10)),
    ]


def test_defaults_and_decorators_are_evaluated_where_the_def_is():
    """A function's defaults and decorators are its enclosing scope's to evaluate: ``list``
    there is that scope's (a parameter of the function around it), or the builtin at the
    top level; a class's bases likewise."""
    text = """\
        def outer(list):
            def inner(x=list[0]):
                return x
            return inner
        @register(dict[str, int])
        def top(x=list[int]):
            return x
        class Grid(tuple[int, int]):
            pass
        """
    assert [line for line, _, _ in evaluated(text)] == [5, 6, 8]


def test_an_annotation_that_is_a_conditional_expression_is_read_by_its_branches():
    """Each branch of ``A if test else B`` apart, with its own node and line (the API check
    reads a branch on the versions it runs on): 3.8 evaluates ``list`` of ``list[int] if
    sys.version_info >= (3, 9) else list``, never ``list[int]``."""
    text = """\
        class A:
            a: (list[int] if c
                else list | None) = None
        def f(b: list if c else tuple[int]) -> None:
            pass
        """
    assert evaluated(text) == [
        (2, "class-body annotation list[int]", (3, 9)),
        (3, "class-body annotation list | None", (3, 10)),
        (4, "function annotation tuple[int]", (3, 9)),
    ]


def test_a_conditional_expression_deeper_in_an_annotation_is_read_by_its_branches():
    """One within the annotation (``Dict[str, list[int] if c else list]``) apart too: the
    annotation whole with what it needs outside it (``list[str]``), each branch with its own
    (CPython 3.8.18 runs ``Dict[str, list[int] if sys.version_info >= (3, 9) else list]`` in a
    class body and dies on ``Dict[list[str], ...]``, measured)."""
    text = """\
        class A:
            a: Dict[str, list[int] if c else list] = {}
            b: Dict[list[str], int | None if c else tuple[int]] = {}
        """
    assert evaluated(text) == [
        (2, "class-body annotation list[int]", (3, 9)),
        (3, "class-body annotation Dict[list[str], int | None if c else tuple[int]]", (3, 9)),
        (3, "class-body annotation int | None", (3, 10)),
        (3, "class-body annotation tuple[int]", (3, 9)),
    ]


def test_a_module_annotation_the_bundle_keeps_is_read_as_a_class_body_s():
    """``x: T = v`` at the module's top level (an ``if`` block's too), whose annotation the
    bundle keeps when it is no plain type (a conditional expression): 3.8 evaluates it (CPython
    3.8.18 dies on the bundle of ``a: list[int] if sys.version_info < (3, 9) else list = {}``
    and runs ``a: Dict[str, list[int] if sys.version_info >= (3, 9) else list] = {}``, measured);
    a function's body never evaluates its own."""
    text = """\
        a: list[int] if c else list = {}
        if c:
            b: Dict[list[str], list[int] if c else list] = {}
        def f():
            d: list[int] if c else list = []
        """
    assert evaluated(text) == [
        (1, "module annotation list[int]", (3, 9)),
        (3, "module annotation Dict[list[str], list[int] if c else list]", (3, 9)),
        (3, "module annotation list[int]", (3, 9)),
    ]
    # none evaluated: CPython 3.8.18 runs ``a: list[int] if sys.version_info < (3, 9) else
    # list = {}`` under ``from __future__ import annotations``, measured
    assert evaluated("from __future__ import annotations\n" + textwrap.dedent(text)) == []


def test_a_class_body_s_annotations_in_its_blocks_are_read():
    """A class body runs its ``if``, ``for``, ``with`` and ``try`` blocks when the class is
    created, and 3.8 evaluates their annotations: CPython 3.8.18 dies on ``class A:`` / ``if
    True:`` / ``a: list[int] = []`` (TypeError), 3.9.18 and PyPy 3.9 run it, measured; a method's
    body is no block of the class."""
    text = """\
        class A:
            if c:
                a: list[int] = []
            else:
                for _ in range(1):
                    b: int | None = None
            try:
                d: tuple[int] = ()
            except TypeError:
                e: set[int] = set()
            def f(self):
                g: list[int] = []
        """
    assert evaluated(text) == [
        (3, "class-body annotation list[int]", (3, 9)),
        (6, "class-body annotation int | None", (3, 10)),
        (8, "class-body annotation tuple[int]", (3, 9)),
        (10, "class-body annotation set[int]", (3, 9)),
    ]

"""kit.bundle.eager_parts: what of a statement runs where it stands (a definition's defaults,
annotations, bases; a lambda's defaults), cut around what runs later (a lambda's body)."""

import ast

import pytest

from kit.bundle.eager_parts import eager_parts, holds_later


def parts(text, lazy=False):
    statement = ast.parse(text).body[0]
    return [(ast.unparse(part.value), sorted(part.lines)) for part in eager_parts(statement, lazy)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("def f(a, b=g(), *c, d=h(), **e) -> R:\n    return k()\n",
         [("g()", [1]), ("h()", [1]), ("R", [1])]),
        ("def f(a: A, /, *c: C, **e: E):\n    pass\n", [("A", [1]), ("C", [1]), ("E", [1])]),
        ("def f(x=g()): return k()\n", [("g()", [])]),  # the body shares its line
        ("class K(B, metaclass=M):\n    x = k()\n", [("B", [1]), ("M", [1])]),
        ("f = lambda n=g(): k(n)\n", [("g()", [])]),
        ("f = cache(\n    lambda n: k(n), size=s())\n", [("cache", [1]), ("s()", [])]),
        ("x[i()].y = [j(),\n    lambda: k()]\n", [("x[i()]", [1]), ("j()", [1])]),
        ("t = f'{sorted(a, key=lambda x: k(x))}' + g()\n", [("g()", [])]),  # not cut
        ("t = (lambda a, b: k(a, b))(\n    g(), h())\n",
         [("(lambda a, b: k(a, b))(g(), h())", [1, 2])]),  # called where it is written
        ("f = lambda: (lambda: k())()\n", []),  # within a body that runs later
        ("for i in g():\n    k()\n", [("g()", [1])]),
        ("total = sum(k(x) for x in g())\n", [("sum((k(x) for x in g()))", [1])]),
        # a generator kept, run later: its first iterable alone runs here
        ("it = (k(x)\n    for x in g()\n    if j(x))\n", [("g()", [2])]),
        ("it = (k(x) for x in g() for y in h(x))\n", [("g()", [])]),
        ("it = (k(x)\n    for x in g() if j(x))\n", [("g()", [])]),
        ("it = iter((k(x)\n    for x in g()))\n", [("iter((k(x) for x in g()))", [1, 2])]),
    ],
)  # fmt: skip
def test_what_runs_where_the_statement_stands(text, expected):
    assert parts(text) == expected


def test_parameter_annotations_under_lazy_annotations_are_never_run():
    assert parts("def f(a: A = g()) -> R:\n    pass\n", lazy=True) == [("g()", [1])]


def test_a_part_stands_in_as_none_and_what_runs_later_is_told():
    (part,) = eager_parts(ast.parse("f = lambda n=g(): n\n").body[0])
    assert part.replacement == "None"
    assert holds_later(ast.parse("f = lambda: 0\n").body[0])
    assert holds_later(ast.parse("class K:\n    def m(self):\n        pass\n").body[0])
    assert not holds_later(ast.parse("total = sum(x for x in g())\n").body[0])
    assert not holds_later(ast.parse("n = (lambda a: k(a))(2)\n").body[0])
    assert holds_later(ast.parse("n = (lambda: lambda: k())()\n").body[0])
    assert holds_later(ast.parse("it = (k(x) for x in g())\n").body[0])
    assert holds_later(ast.parse("total = sum(k, (x for x in g()))\n").body[0]) is False

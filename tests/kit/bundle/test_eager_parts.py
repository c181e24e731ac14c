"""kit.bundle.eager_parts: what of a statement runs where it stands (a definition's defaults,
annotations, bases; a lambda's defaults), cut around what runs later (a lambda's body)."""

import ast

import pytest

from kit.bundle.eager_parts import (
    LAZY,
    RUNNING,
    eager_parts,
    holds_later,
    keeping_calls,
    running_calls,
)


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
        # iter keeps it: run as the iterator is, later
        ("it = iter((k(x)\n    for x in g()))\n", [("iter", []), ("g()", [2])]),
        ("it = list(iter((k(x)\n    for x in g())))\n", [("list(iter((k(x) for x in g())))",
                                                         [1, 2])]),
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
    assert holds_later(ast.parse("total = sum((x for x in g()), k)\n").body[0]) is False
    assert holds_later(ast.parse("total = sum(k, (x for x in g()))\n").body[0])  # a start


@pytest.mark.parametrize(
    "text",
    [
        "for v in (k(x) for x in a):\n    pass\n",
        "p, q = (k(x) for x in a)\n",
        "[p, q] = r = (k(x) for x in a)\n",
        "print(*(k(x) for x in a))\n",
        "b = [*(k(x) for x in a)]\n",
        "b = 6 in (k(x) for x in a)\n",
        "b = 6 not in (k(x) for x in a)\n",
        "b = [y for y in (k(x) for x in a)]\n",
        "b = {y: 1 for z in a for y in (k(x) for x in z)}\n",
        "def f():\n    yield from (k(x) for x in a)\n",
    ],
)
def test_a_generator_what_holds_it_runs_through_at_once_runs_now(text):
    """CPython 3.8.18 raises inside the ``try`` on each (measured): a ``for`` over the
    generator, unpacking it, ``*`` of it, ``in`` it, a list comprehension over it, ``yield
    from`` it run its body where the statement stands, as a call that runs it through does."""
    statement = ast.parse(text).body[0]
    inner = statement.body[0] if isinstance(statement, ast.FunctionDef) else statement
    assert not holds_later(inner)


@pytest.mark.parametrize(
    "text",
    [
        "p, q = 1, (k(x) for x in a)\n",
        "g = [(k(x) for x in a)]\n",
        "b = (k(x) for x in a) in c\n",
        "for v in [(k(x) for x in a)]:\n    pass\n",
        "g = (y for y in (k(x) for x in a))\n",
    ],
)
def test_a_generator_kept_within_what_runs_now_runs_later(text):
    """The generator is kept (a tuple's item, a list's, the left of ``in``, what a ``for``'s
    list holds, another generator's iterable): whatever takes it later runs its body."""
    assert holds_later(ast.parse(text).body[0])


@pytest.mark.parametrize(
    "text",
    [
        "it = iter((k(x) for x in a))\n",
        "it = map(int, (k(x) for x in a))\n",
        "it = zip((k(x) for x in a), b)\n",
        "it = zip(b, c, (k(x) for x in a))\n",
        "it = enumerate((k(x) for x in a), start=1)\n",
        "it = filter(None, (k(x) for x in a))\n",
        "it = itertools.islice((k(x) for x in a), 2)\n",
        "it = chain((k(x) for x in a), b)\n",
        "it = map(f, zip((k(x) for x in a), b))\n",
        "it = (y for y in map(g, (k(x) for x in a)))\n",
        "return zip((k(x) for x in a), b)\n",
    ],
)
def test_a_generator_a_lazy_call_keeps_runs_later(text):
    """``it = map(int, (math.lcm(x, 2) for x in a))`` in a ``try``, then ``list(it)`` after
    it: CPython 3.8.18 raises AttributeError outside the handler (measured), as for ``iter``,
    ``zip``, ``enumerate``, ``filter`` and ``itertools``' lazy ones (``LAZY``); it passed."""
    statement = ast.parse(text.replace("return ", "def f():\n    return ")).body[0]
    inner = statement.body[0] if isinstance(statement, ast.FunctionDef) else statement
    assert holds_later(inner)


# every call of the standard library found to keep a generator (``LAZY`` must hold each)
KEEPING = ["iter", "map", "zip", "enumerate", "filter", "islice", "chain", "from_iterable"]
KEEPING += ["accumulate", "starmap", "compress", "takewhile", "dropwhile", "zip_longest"]
KEEPING += ["filterfalse", "cycle", "groupby", "tee", "pairwise", "batched", "merge"]
KEEPING += ["iterdecode", "iterencode", "reader", "DictReader"]


@pytest.mark.parametrize("name", KEEPING)
def test_a_generator_each_lazy_call_keeps_runs_later_unless_run_through(name):
    """Each of ``LAZY`` (``KEEPING``: ``itertools.pairwise``, ``batched``, ``heapq.merge``,
    ``csv.reader``...) keeps a generator given it, called bare or as a module's: none of it
    runs at the call on CPython 3.8.18 to 3.13.0 and PyPy 3.9 where each exists (measured; a
    generator given to ``heapq.merge`` in a ``try`` passed for 3.8, whose ``list(it)`` after
    it dies); run through at once, it runs there."""
    for call in (name, f"m.{name}"):
        assert holds_later(ast.parse(f"it = {call}((k(x) for x in a), b)\n").body[0])
        assert not holds_later(ast.parse(f"c = list({call}((k(x) for x in a), b))\n").body[0])


@pytest.mark.parametrize(
    "text",
    [
        "b = list(map(int, (k(x) for x in a)))\n",
        "b = sum(map(int, (k(x) for x in a)))\n",
        "b = next(iter((k(x) for x in a)))\n",
        "b = dict(enumerate((k(x) for x in a)))\n",
        "b = sorted(zip((k(x) for x in a), c))\n",
        "b = list(map(f, zip(c, (k(x) for x in a))))\n",
        "b = ''.join(map(str, (k(x) for x in a)))\n",
        "print(*map(str, (k(x) for x in a)))\n",
        "p, q = map(int, (k(x) for x in a))\n",
        "b = [y for y in filter(None, (k(x) for x in a))]\n",
        "b = 6 in map(int, (k(x) for x in a))\n",
        "for i, v in enumerate((k(x) for x in a)):\n    pass\n",
        "b = itertools.product((k(x) for x in a))\n",
        "b = max(zip(*(k(x) for x in a)))\n",
        "b = sum(y for y in map(int, (k(x) for x in a)))\n",
        "b = sum(y for z in c for y in zip(z, (k(x) for x in a)))\n",
    ],
)
def test_a_generator_a_lazy_call_keeps_runs_now_where_that_call_is_run_through(text):
    """A lazy call's iterator the statement runs through at once (given to a call that is no
    lazy one, a ``for``'s, unpacked, starred, ``in``: ``_consumed``) runs the generator
    there: CPython 3.8.18 raises inside the ``try`` on ``list(map(...))``, ``sum(map(...))``,
    ``for v in zip(...)`` and ``next(iter(...))`` (measured)."""
    assert not holds_later(ast.parse(text).body[0])


def test_keeping_calls_are_lazy_ones_and_the_names_a_module_binds_to_them():
    """``LAZY`` and the names bound to one of them by an import's ``as`` or an assignment
    (``c(g)`` after ``from itertools import chain as c`` keeps ``g``), not others."""
    tree = ast.parse(
        "from itertools import chain as c, product as p, islice\nfrom heapq import merge as hm\n"
        "m = map\nz = itertools.zip_longest\nq = sorted\nr = map(int, a)\n"
    )
    assert keeping_calls(tree) == LAZY | {"c", "hm", "m", "z"}  # not r, a map object
    statement = ast.parse("b = list(c((k(x) for x in a)))\n").body[0]
    assert not holds_later(statement, keeping_calls(tree)) and holds_later(statement)


@pytest.mark.parametrize(
    "text",
    [
        "it = functools.partial(map, int)((k(x) for x in a))\n",
        "it = lazy((k(x) for x in a))\n",
        "it = operator.methodcaller('__iter__')((k(x) for x in a))\n",
        "it = (lambda g: map(int, g))((k(x) for x in a))\n",
        "it = Lazy((k(x) for x in a))\n",
        "b = f(key=(k(x) for x in a))\n",
        "b = list(lazy((k(x) for x in a)))\n",
        "b = sep.join(k(x) for x in a)\n",
        "b = m.sum(k(x) for x in a)\n",
        "b = sum(c, (k(x) for x in a))\n",
        "b = next(it, (k(x) for x in a))\n",
        "b = max(c, default=(k(x) for x in a))\n",
        "b = dict(g=(k(x) for x in a))\n",
        "b = sum(*c, (k(x) for x in a))\n",
        "b = functools.reduce(*c, (k(x) for x in a))\n",
    ],
)
def test_a_generator_given_to_a_call_that_may_keep_it_runs_later(text):
    """A call the kit cannot tell runs the generator through at once (``RUNNING``) may keep
    it: ``functools.partial(map, int)(g)``, ``def lazy(g): return map(int, g)`` (or a
    generator function), ``operator.methodcaller("__iter__")(g)``, ``m = lambda g: map(int,
    g)``, a class whose ``__iter__`` runs ``g`` in a ``try``, then ``list(it)`` after it:
    CPython 3.8.18 raises AttributeError outside the handler on each (measured; all passed);
    ``sum``'s start, ``next``'s default, ``max``'s, a keyword are returned or kept, and after
    a starred argument the place is not known (``functools.reduce(*c, g)``: ``g`` is the
    initializer, returned when ``c``'s iterable is empty)."""
    assert holds_later(ast.parse(text).body[0])


@pytest.mark.parametrize("name", sorted(RUNNING))
def test_a_generator_each_running_call_is_given_runs_now(name):
    """Each of ``RUNNING`` runs the generator given it at the call (CPython 3.8.18 to 3.13.0
    and PyPy 3.9 raise there, measured), in its place (``heapq.nlargest(n, g)``)."""
    call = '", ".join' if name == "str.join" else name
    given = ["c"] * (RUNNING[name] or 0) + ["(k(x) for x in a)"]
    assert not holds_later(ast.parse(f"b = {call}({', '.join(given)})\n").body[0])


def test_running_calls_are_those_the_module_leaves_to_python():
    """Of the calls of ``RUNNING`` the module makes, a builtin it binds nowhere, a module's
    member by the module's name ``import`` alone binds, a member by the name a ``from`` import
    alone binds it to; not the module's own ``sum``, a ``math`` that is numpy, a ``prod`` of
    its own module, an imported ``nsmallest`` bound again."""
    tree = ast.parse(
        "import collections.abc, heapq\nimport numpy as math\nfrom heapq import nlargest as top\n"
        "from mine import prod\nfrom itertools import product\ndef sum(g):\n    return g\n"
        "from heapq import nsmallest\nnsmallest = lazy\n"
        "b = [collections.Counter(c), heapq.nsmallest(c), top(c), product(c), max(c), sum(c)]\n"
        "c = [math.prod(c), prod(c), nsmallest(c), nlargest(c)]\n"
    )
    found = running_calls(tree)
    assert {"collections.Counter", "heapq.nsmallest", "top", "product", "max"} <= found.keys()
    assert not {"sum", "math.prod", "prod", "nlargest", "nsmallest"} & found.keys()
    assert found["top"] == 1 and found["product"] is None and found["str.join"] == 0
    statement = ast.parse("b = sum(k(x) for x in a)\n").body[0]
    assert holds_later(statement, LAZY, found) and not holds_later(statement)
    statement = ast.parse("b = top(2, (k(x) for x in a))\n").body[0]
    assert not holds_later(statement, LAZY, found) and holds_later(statement)


OWN = """\
def map(f, g):
    return [f(x) for x in g]
def total(g, start=0):
    return sum(g) + start
def weighed(w, g):
    return sum(w * x for x in g)
def lazy(g):
    return zip(g)
def eager(g):
    return map(int, g)
def gen(g):
    yield from g
def keep(g):
    global G
    G = g
def later(g):
    return lambda: sum(g)
def cond(g):
    return sum(g) if g else 0
def wrapped(g):
    return (x for x in g)
def again(g):
    return sum(g)
again = lazy
"""


def test_a_function_of_the_modules_own_that_runs_its_parameter_through_runs_it_now():
    """``def map(f, g): return [f(x) for x in g]``, then ``it = map(int, (math.lcm(x, 2) for
    x in a))`` in a ``try``: CPython 3.8.18 raises inside it, and the handler catches it
    (measured; it was refused, read as the builtin ``map``). A function of the module's own,
    bound once, that runs a parameter through at once and keeps nothing of it, runs a
    generator given there; one that returns it, yields it, keeps it or runs it later (in a
    lambda) does not, and one that tests it first is not read so (refused, not passed)."""
    calls = "".join(f"b = {name}(c)\n" for name in ["total", "weighed", "gen", "keep", "later"])
    tree = ast.parse(OWN + calls + "b = [cond(c), wrapped(c), again(c), lazy(c), eager(c)]\n")
    found = running_calls(tree)
    assert {name: found.get(name) for name in ["map", "total", "weighed", "eager"]} == {
        "map": 1,
        "total": 0,
        "weighed": 1,
        "eager": 0,  # the module's own map
    }
    assert not {"lazy", "gen", "keep", "later", "cond", "wrapped", "again"} & found.keys()
    assert "map" not in keeping_calls(tree) and "zip" in keeping_calls(tree)
    statement = ast.parse("it = map(int, (k(x) for x in a))\n").body[0]
    assert not holds_later(statement, keeping_calls(tree), found)
    shadowed = "def sum(g):\n    return g\ndef total(g):\n    return sum(g)\nb = total(c)\n"
    assert "total" not in running_calls(ast.parse(shadowed))  # the module's own sum


def test_a_decorated_function_of_the_modules_own_is_no_running_call():
    """``@later def total(g): return sum(g)``, ``later`` returning ``lambda: fn(*a)``, then
    ``t = total(math.lcm(x, 2) for x in a)`` in a ``try`` and ``t()`` after it: CPython
    3.8.18 raises AttributeError outside the handler (measured; it passed): the name is bound
    to what the decorator returns, which may keep the generator."""
    decorated = "@later\ndef total(g):\n    return sum(g)\nb = total(c)\n"
    assert "total" not in running_calls(ast.parse(decorated))
    assert "total" in running_calls(ast.parse(decorated.partition("\n")[2]))

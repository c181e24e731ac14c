"""What of a statement runs where it stands, and what runs later, when something calls it.

A ``try`` guards what runs inside it (``kit.bundle.guards``). A statement's own expressions
run there, and so do those of a definition that run when it is defined (CPython 3.8.18,
measured): a function's parameter defaults and keyword-only defaults, its annotations (but
under ``from __future__ import annotations``, which never evaluates them) and a class's
bases and keywords. A function's body runs when it is called, and so does a ``lambda``'s
body (``f = lambda: math.lcm(2, 3)`` in a ``try`` makes ``f``, and ``f()`` dies outside it),
though not its defaults; a ``lambda`` given to a call that calls it at once (``sorted(a,
key=lambda x: ...)``) is read as later all the same, which refuses what it cannot tell, but
one called where it is written (``(lambda a, b: math.lcm(a, b))(2, 3)``) runs now. A
generator expression given to a call that runs it through at once and keeps nothing of it
(``RUNNING``: ``sum(f(x) for x in a)``, ``"".join(...)``, ``heapq.nlargest(2, ...)``; as the
module calls them, ``running_calls``) is read as running now, one given to any other (a
function of the module's, ``functools.partial(map, int)``, a method) as running later, which
refuses what it cannot tell. One that what holds it runs through at once runs now (the iterable
of a ``for`` or of a list comprehension, ``*g``, ``yield from g``, ``x in g``, ``p, q = g``:
CPython 3.8.18 raises inside the ``try`` on each, measured); any other (``g = (f(x) for x in
a)``, run by whatever takes ``g`` later, outside the ``try`` perhaps) runs later but its first
iterable, as a lambda's body; and so does one given to a call that keeps it in the iterator it
makes (``LAZY``: ``it = map(int, (f(x) for x in a))``, ``zip``, ``iter``, ``enumerate``,
``itertools.islice``...), unless that iterator is run through at once in turn
(``list(map(...))``, ``for v in zip(...):``, ``sum(y for y in map(...))``).

``keeping_calls(tree)`` are ``LAZY`` and the names a module binds to them (``from itertools
import chain as c``, ``m = map``). ``eager_parts(statement, lazy, keeping, running)`` are those
expressions, cut around the ``lambda`` bodies within them, each an ``ast.Expr`` whose
``lines`` are its lines that nothing running later shares (a one-line ``def f(x=g()): return
h()`` gives none: a line's findings are judged together) and whose ``replacement``
(``None``) stands in its place in a neutralised text.
"""

from __future__ import annotations

import ast
import weakref
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import Optional

from kit.bundle.sources import bindings, called_name, children, walk

DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef)  # whose body runs when called
# calls that keep a generator given them in the iterator they make, run as that is run (CPython
# 3.8.18 raises outside the ``try`` on each, ``pairwise`` 3.10.13 and ``batched`` 3.12.1 run
# none of it at the call, measured; ``itertools.product``, ``permutations`` and ``combinations``
# run it through at once, as ``sorted`` does); ``heapq.merge``, ``codecs.iterdecode`` and
# ``iterencode``, ``csv.reader`` and ``DictReader`` too (none of it run at the call on CPython
# 3.8.18 to 3.13.0 and PyPy 3.9, measured)
LAZY = frozenset({"iter", "map", "zip", "enumerate", "filter"}) | frozenset(
    {"islice", "chain", "from_iterable", "accumulate", "starmap", "compress", "takewhile"}
    | {"dropwhile", "zip_longest", "filterfalse", "cycle", "groupby", "tee", "pairwise"}
    | {"batched", "merge", "iterdecode", "iterencode", "reader", "DictReader"}
)
# calls that run a generator given them through at once and keep nothing of it (each raises at
# the call on CPython 3.8.18 to 3.13.0 and PyPy 3.9, measured): a generator given to any other
# (a function of the module's, ``functools.partial(map, f)``, a lambda, a class, a method) may
# be kept and run later, outside the ``try`` (``def lazy(g): return map(int, g)``: 3.8.18 dies
# at ``list(lazy(...))`` after it, measured); ``"sep".join`` is a literal
# string's; with the place of the argument each runs through (None: every positional one; the
# others, ``sum(a, start)``, ``next(it, default)``, ``dict(k=g)``, may be returned or kept)
RUNNING = {
    **dict.fromkeys(["all", "any", "sum", "min", "max", "sorted", "list", "tuple", "set"], 0),
    **dict.fromkeys(["frozenset", "dict", "next", "bytes", "bytearray", "str.join"], 0),
    **dict.fromkeys(["math.prod", "math.fsum", "collections.Counter", "collections.deque"], 0),
    **dict.fromkeys(["itertools.permutations", "itertools.combinations"], 0),
    **dict.fromkeys(["itertools.combinations_with_replacement"], 0),
    **dict.fromkeys(["functools.reduce", "heapq.nlargest", "heapq.nsmallest"], 1),
    "itertools.product": None,
}
_STATEMENT_PARTS = (ast.stmt, ast.ExceptHandler, ast.match_case)
Running = Mapping[str, Optional[int]]  # a running call's name: the place of what it runs


def keeping_calls(tree: ast.Module) -> frozenset[str]:
    """``LAZY`` and the names ``tree`` binds to one of them, by an import's ``as`` (``from
    itertools import chain as c``) or an assignment (``m = map``, ``z = itertools.zip_longest``):
    ``c(g)`` keeps ``g`` as ``chain(g)`` does (CPython 3.8.18 raised outside the ``try`` on
    both, measured; the first passed); not a name the module defines a function or a class
    by (``def map(f, g):``, its own: ``running_calls`` reads it)."""
    bound = {
        alias.asname
        for node in walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.asname and alias.name in LAZY
    }
    for node in walk(tree):
        if isinstance(node, ast.Assign) and called_name(node.value) in LAZY:
            bound |= {target.id for target in node.targets if isinstance(target, ast.Name)}
    own = {node.name for node in walk(tree) if isinstance(node, (*DEFINITIONS, ast.ClassDef))}
    return (LAZY - own) | bound


def running_calls(tree: ast.Module) -> dict[str, int | None]:
    """The calls of ``RUNNING`` that ``tree`` makes (each name's bindings are read once, for
    the calls it makes alone): a builtin it binds nowhere (after ``def sum(g):``, ``sum(g)``
    is the module's own), a module's member by the module's name where only ``import`` binds
    it (``math.prod``), or by the name a ``from`` import binds it to and nothing else (``from
    heapq import nlargest as top``: ``top``), and a function of its own, bound once and not
    decorated (``@later`` may bind the name to a function that keeps the generator: CPython
    3.8.18 raised outside the ``try``, measured), that runs a parameter through
    (``_runs_parameter``). Found once a tree (the checks ask it of each module some forty
    times)."""
    known = _RUNNING_CALLS.get(tree)
    if known is None:
        known = _RUNNING_CALLS[tree] = _running_calls(tree)
    return known


_RUNNING_CALLS: weakref.WeakKeyDictionary[ast.Module, dict[str, int | None]]
_RUNNING_CALLS = weakref.WeakKeyDictionary()


def _running_calls(tree: ast.Module) -> dict[str, int | None]:
    called = {running_name(node.func) for node in walk(tree) if isinstance(node, ast.Call)}
    found = {"str.join": RUNNING["str.join"]}
    for call in called & RUNNING.keys():
        owner, _, name = call.rpartition(".")
        bound = bindings(tree, owner or name)
        if not owner and not bound:
            found[name] = RUNNING[call]
        elif owner and owner != "str" and all(_imports(node, owner) for node in bound):
            found[call] = RUNNING[call]
    for node in walk(tree):
        for alias in node.names if isinstance(node, ast.ImportFrom) and not node.level else []:
            call, local = f"{node.module}.{alias.name}", alias.asname or alias.name
            if call in RUNNING and local in called and bindings(tree, local) == [alias]:
                found[local] = RUNNING[call]
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef) and statement.name in called:
            if statement.decorator_list:  # what it is bound to is the decorator's
                continue
            place = _runs_parameter(statement, keeping_calls(tree), dict(found))
            if place is not None and bindings(tree, statement.name) == [statement]:
                found[statement.name] = place
    return found


_SCOPES = (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.GeneratorExp)


def _runs_parameter(
    definition: ast.FunctionDef, keeping: AbstractSet[str], running: Running
) -> int | None:
    """The place of the first positional parameter a function of the module's own runs
    through where it is called and keeps nothing of (``def map(f, g): return [f(x) for x in
    g]``, ``def total(g): return sum(g)``): each use of it is run through at once
    (``_consumed``), none within a lambda, a function, a class or a generator expression
    within it (but as the first iterable of one run through: ``sum(f(x) for x in g)``), and
    the function is no generator and reads no ``locals()`` nor ``vars()``; else None."""
    nodes = list(walk(definition))
    if any(isinstance(n, (ast.Yield, ast.YieldFrom, ast.Await)) for n in nodes) or any(
        isinstance(n, ast.Name) and n.id in ("locals", "vars") for n in nodes
    ):
        return None
    consumed = _consumed(definition, keeping, running)  # as the module calls them
    inner: set[int] = set()  # run later, perhaps: in a nested scope, but a generator's first
    for scope in (n for n in nodes if n is not definition and isinstance(n, _SCOPES)):
        first = scope.generators[0].iter if isinstance(scope, ast.GeneratorExp) else None
        inner |= {id(n) for n in walk(scope) if n is not first}
    for place, parameter in enumerate([*definition.args.posonlyargs, *definition.args.args]):
        uses = [n for n in nodes if isinstance(n, ast.Name) and n.id == parameter.arg]
        if uses and all(
            isinstance(n.ctx, ast.Load) and id(n) in consumed and id(n) not in inner for n in uses
        ):
            return place
    return None


def _imports(node: ast.AST, module: str) -> bool:
    """Whether ``node`` is ``import module`` (``import module.sub`` too) and binds no other
    name: ``module`` is that module."""
    return (
        isinstance(node, ast.alias)
        and node.name.partition(".")[0] == module
        and node.asname in (None, module)
    )


def running_name(function: ast.expr) -> str:
    """The name ``RUNNING`` knows a call by: ``sum`` of ``sum(g)``, ``math.prod`` of
    ``math.prod(g)``, ``str.join`` of ``", ".join(g)``; "" for any other."""
    if isinstance(function, ast.Name):
        return function.id
    if not isinstance(function, ast.Attribute):
        return ""
    owner = function.value
    if isinstance(owner, ast.Constant) and isinstance(owner.value, str):
        return f"str.{function.attr}"
    return f"{owner.id}.{function.attr}" if isinstance(owner, ast.Name) else ""


def holds_later(
    statement: ast.stmt, keeping: AbstractSet[str] = LAZY, running: Running = RUNNING
) -> bool:
    """Whether something within ``statement`` runs later: a function's body, a lambda's (but
    one called where it is written), a generator expression's (but one run through at once,
    ``_consumed``; ``keeping``: the calls that keep one, ``keeping_calls``; ``running``: those
    that run it through, ``running_calls``)."""
    return bool(_deferred(statement, keeping, running)) or any(
        isinstance(n, DEFINITIONS) for n in walk(statement)
    )


def _deferred(
    node: ast.AST, keeping: AbstractSet[str], running: Running
) -> list[ast.Lambda | ast.GeneratorExp]:
    """The lambdas within ``node`` whose bodies run later, all but those called where they
    are written (``(lambda: k())()``), and the generator expressions but those run through
    at once (``sum(k(x) for x in a)``, ``list(map(f, (k(x) for x in a)))``: ``_consumed``)."""
    calls = [n for n in walk(node) if isinstance(n, ast.Call)]
    called = {id(call.func) for call in calls}
    fed = _consumed(node, keeping, running)
    return [
        n
        for n in walk(node)
        if (isinstance(n, ast.Lambda) and id(n) not in called)
        or (isinstance(n, ast.GeneratorExp) and id(n) not in fed)
    ]


def _consumed(node: ast.AST, keeping: AbstractSet[str], running: Running) -> set[int]:
    """The ``id`` of each expression within ``node`` that what holds it runs through where
    it stands: a ``running`` call's argument (``sum(g)``; not another call's, ``f(g)``, which
    may keep it; a ``LAZY`` call's only where it is itself run through, ``_run_through``),
    a starred one (``f(*g)``), a ``for``'s or a list, set or
    dict comprehension's iterables, a starred item (``[*g]``), ``yield from``'s, the right of
    ``in``, the value unpacked into several targets (``p, q = g``)."""
    found: list[ast.AST] = []
    kept: list[ast.expr] = []  # run through as what they make is (``_held``)
    for inner in walk(node):
        if isinstance(inner, ast.GeneratorExp) or called_name(getattr(inner, "func", 0)) in keeping:
            kept.append(inner)
        elif isinstance(inner, ast.Call):
            found += _run_by(inner, running)
        elif isinstance(inner, (ast.For, ast.AsyncFor)):
            found.append(inner.iter)
        elif isinstance(inner, (ast.ListComp, ast.SetComp, ast.DictComp)):
            found += [loop.iter for loop in inner.generators]
        elif isinstance(inner, (ast.Starred, ast.YieldFrom)):
            found.append(inner.value)
        elif isinstance(inner, ast.Compare):
            pairs = zip(inner.ops, inner.comparators)
            found += [right for op, right in pairs if isinstance(op, (ast.In, ast.NotIn))]
        elif isinstance(inner, ast.Assign):
            unpacked = any(isinstance(target, (ast.Tuple, ast.List)) for target in inner.targets)
            found += [inner.value] if unpacked else []
    return _run_through({id(part) for part in found}, kept)


def _run_through(consumed: set[int], kept: list[ast.expr]) -> set[int]:
    """``consumed`` and what each of ``kept`` runs through (``_held``) when it is among them,
    or held by one that is in turn (``list(map(f, zip(g, h)))``, ``sum(x for x in map(f,
    g))``)."""
    grown = True
    while grown:
        grown = False
        for node in kept:
            held = {id(part) for part in _held(node)}
            if id(node) in consumed and not held <= consumed:
                consumed |= held
                grown = True
    return consumed


def _run_by(call: ast.Call, running: Running) -> list[ast.expr]:
    """The argument a ``running`` call runs through (every positional one of
    ``itertools.product``); none of any other call."""
    name = running_name(call.func)
    if name not in running:
        return []
    place = running[name]
    starred = [index for index, arg in enumerate(call.args) if isinstance(arg, ast.Starred)]
    given = call.args[: min(starred, default=len(call.args))]  # then the places are unknown
    return given if place is None else given[place : place + 1]


def _held(node: ast.expr) -> list[ast.expr]:
    """A call's arguments (a ``LAZY`` one's run as its iterator is), a generator
    expression's iterables (run as it is)."""
    if isinstance(node, ast.GeneratorExp):
        return [loop.iter for loop in node.generators]
    return [*node.args, *(keyword.value for keyword in node.keywords)]  # type: ignore[attr-defined]


def eager_parts(
    statement: ast.stmt,
    lazy: bool = False,
    keeping: AbstractSet[str] = LAZY,
    running: Running = RUNNING,
) -> list[ast.Expr]:
    """The expressions of ``statement`` itself (not of the statements within it, nor its
    decorators) that run where it stands, cut around the lambdas' bodies; ``lazy``: the
    module imports ``annotations`` from ``__future__`` (a parameter's is never evaluated);
    ``keeping``: the calls that keep a generator given them (``keeping_calls``), ``running``
    those that run it through (``running_calls``)."""
    later = _later_lines(statement, keeping, running)
    deferred = {id(node) for node in _deferred(statement, keeping, running)}
    parts: list[ast.Expr] = []
    for node in _own_expressions(statement, lazy):
        for part in _split(node, deferred):
            parts.append(_as_part(part, later))
    return parts


def _own_expressions(statement: ast.stmt, lazy: bool) -> list[ast.AST]:
    if isinstance(statement, DEFINITIONS):
        arguments = statement.args
        found: list[ast.AST] = [*arguments.defaults, *arguments.kw_defaults]
        if not lazy:
            named = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
            named += [arg for arg in (arguments.vararg, arguments.kwarg) if arg is not None]
            found += [arg.annotation for arg in named if arg.annotation is not None]
            found += [statement.returns] if statement.returns is not None else []
        return [node for node in found if node is not None]
    if isinstance(statement, ast.ClassDef):
        return [*statement.bases, *(keyword.value for keyword in statement.keywords)]
    decorators = {id(node) for node in getattr(statement, "decorator_list", [])}
    return [
        node
        for node in children(statement)
        if not isinstance(node, _STATEMENT_PARTS) and id(node) not in decorators
    ]


def _split(node: ast.AST, deferred: AbstractSet[int]) -> list[ast.expr]:
    """The largest expressions within ``node`` holding no lambda of ``deferred`` (their
    ``id``), read (not a target assigned), a lambda's defaults among them and not its body;
    none of an f-string that holds such a lambda (its parts cannot stand alone)."""
    if id(node) in deferred:
        return [part for now in _run_now(node) for part in _split(now, deferred)]
    stored = isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del))
    if isinstance(node, ast.expr) and not stored and not _holds(node, deferred):
        return [node]
    if isinstance(node, ast.JoinedStr):
        return []
    return [part for child in children(node) for part in _split(child, deferred)]


def _run_now(node: ast.AST) -> list[ast.expr]:
    """What of a deferred lambda or generator expression runs where it is written: the
    lambda's defaults, the generator's first iterable."""
    if isinstance(node, ast.GeneratorExp):
        return [node.generators[0].iter]
    defaults = [*node.args.defaults, *node.args.kw_defaults]  # type: ignore[attr-defined]
    return [default for default in defaults if default is not None]


def _run_later(node: ast.AST) -> list[ast.AST]:
    """What of a deferred lambda or generator expression runs later: the lambda's body, the
    generator's element, conditions and other loops."""
    if isinstance(node, ast.GeneratorExp):
        first, *others = node.generators
        return [node.elt, *first.ifs, *(part for loop in others for part in children(loop))]
    return [node.body]  # type: ignore[attr-defined]


def _holds(node: ast.AST, deferred: AbstractSet[int]) -> bool:
    return any(id(inner) in deferred for inner in walk(node))


def _later_lines(statement: ast.stmt, keeping: AbstractSet[str], running: Running) -> set[int]:
    """The lines of what within ``statement`` runs later (``_run_later`` of the deferred
    lambdas and generator expressions) or is a statement of its own (a function's body, a
    block's statements: judged apart)."""
    deferred = {id(node) for node in _deferred(statement, keeping, running)}
    lines: set[int] = set()
    for node in walk(statement):
        later = _run_later(node) if id(node) in deferred else []
        if node is not statement and isinstance(node, ast.stmt):
            later = [node]
        for part in later:
            lines.update(range(part.lineno, (part.end_lineno or part.lineno) + 1))  # type: ignore[attr-defined]
    return lines


def _as_part(node: ast.expr, later: set[int]) -> ast.Expr:
    part = ast.Expr(node)
    part.lineno, part.col_offset = node.lineno, node.col_offset
    part.end_lineno, part.end_col_offset = node.end_lineno, node.end_col_offset
    own = range(node.lineno, (node.end_lineno or node.lineno) + 1)
    part.lines = frozenset(own) - later  # type: ignore[attr-defined]
    part.replacement = "None"  # type: ignore[attr-defined]
    return part

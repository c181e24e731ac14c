"""``hasattr`` tests every target passes: no version guard.

``if hasattr(math, "isqrt"): math.cbrt(n)`` guards nothing: ``math.isqrt`` is in every Python
the kit checks (3.8 and later), so the branch runs on every target and ``math.cbrt`` (3.11)
fails on those before 3.11. A ``hasattr`` test of a member of a module of pure computation
(``COMMON``: the same members under CPython and PyPy, on Linux and Windows; not ``sys``,
``os``, ``gc`` or ``time``, whose members differ by implementation and platform) that vermin's
table (``vermin.rules.MOD_MEM_REQS``) gives as added in 3.8 or before and that no version
removed (``kit.judges.stdlib.REMOVED_MEMBERS``) is settled: ``kit.bundle.guards`` passes over
it, and the checks read its branch as code every target runs, its ``else`` as code none runs
(``guarded_nodes_of``: a module's guarded statements and nodes as every check takes them; a
helper's flag bound to such a test is no flag either).
A member the table does not know, an object that is no module (``hasattr(int, "bit_count")``)
or one of another module (``hasattr(gc, "freeze")``: PyPy has no ``gc.freeze``) still guards
its whole branch. So does a member of such a module added later (``hasattr(math, "lcm")``,
3.9), but for the API check (``kit.check.apis``) when it is an ``if``'s whole test (or that
under ``not``): its branch runs on the versions that have the member, its ``else`` on those
that do not (``branch_windows``), so ``if hasattr(math, "lcm"): math.cbrt(n)`` (3.11) fails
for 3.9 and 3.10 targets, not for 3.8; and the API check reads a conditional expression's
branches on such a test alike, vermin's findings and its own rules (``versioned_expressions``),
and one on any other guard's test by what it guards of its branches alone
(``guard_expressions``: of ``hasattr(x, "bit_count")`` the reads of ``x.bit_count`` where it
holds; ``guarded_parts``, ``guarded_windows``). An ``if`` or a conditional expression on a
test of the implementation is read by the same rule (``implementation_ifs``,
``implementation_expressions``): each branch under the implementation that runs it. So are
the operands of an ``and`` or ``or`` after such a test, as its branch, where it does not end
the operation (``versioned_operands``, ``implementation_operands``: ``sys.version_info >= (3,
9) and math.lcm(2, 3)`` runs ``math.lcm`` from 3.9 on). A name bound once, at the top level
and nowhere else, to a test of the version is read as that test (``version_flags``: ``V =
sys.version_info >= (3, 9)``, then ``V and math.lcm(2, 3)``), and one imported from a helper
that binds it so (``helper_flags``: ``from shared.env import PY39``); one another module
sets as the module's member, or may, is none (``NO_FLAG``: ``e.PY39 = True`` in the solution
after ``import shared.env as e``), nor a guard (``kit.bundle.guards.member_set``). The
operands after a comparison turning within a minor version (``sys.version_info >= (3, 9, 5)
and math.lcm(2, 3)``) run
where it may let them, that minor version both ways (``_micro_turn``), and an ``if``'s or a
conditional expression's branches on one alike (``_micro_sides``: ``if sys.version_info >= (3,
9, 5):`` runs its branch from 3.9 on, its ``else`` below 3.10). A test written around such a
test (``(not V) == False``, ``bool(V)``) is read as it (``kit.bundle.wrapped_tests``); one used
as another's operand (``V - 1``) as no test. Each node is read by the
branches it is in, never by its line (``node_windows``): an ``if``'s test runs wherever the
``if`` is reached, on its branch's line too. An ``if``'s or a conditional expression's branches
on an ``and`` or ``or`` of such tests, or of such and plain ones, run where that operation
sends them (``versioned_branches``: ``if sys.version_info >= (3, 9) and x:`` its branch from
3.9 on, its ``else`` on every version; ``not`` swaps them, ``if not (sys.version_info >= (3, 9)
and x):`` its ``else`` from 3.9 on). The checks of members some Pythons lack
(``kit.check.removed_names``, ``platform_names``) read guards the same way (``reach``).
A builtin added after 3.8 is read the same way
(``hasattr(builtins, "anext")``, 3.10: ``kit.judges.stdlib.ADDED_BUILTINS``, whose names each
implementation of a version has); one 3.8 has (``kit.judges.stdlib.BASE_BUILTINS``) is settled
as ``hasattr(math, "isqrt")`` is: ``if hasattr(builtins, "print"): anext(it)`` guards only
``print``, which needs no guard, and ``anext`` there counts against 3.8 and 3.9. A name no
version has as a builtin (one the program sets itself) still guards its whole branch.
A PyPy of a version has the same members of these modules as CPython's (the reason they are
COMMON); a target of no given version (``pypy3``) is read as any version from 3.8 on, so both
branches may run there (``kit.check.apis.lacks``).
"""

from __future__ import annotations

import ast
import functools
import weakref
from collections.abc import Callable
from typing import NamedTuple

from kit.bundle.guards import (
    GUARD_CALLS,
    Settled,
    bool_flags,
    guarded_branches,
    guarded_statements,
    imported_flags,
    is_guard,
    is_type_checking,
    start_of,
)
from kit.bundle.implementation_tests import branches, implementation_flags
from kit.bundle.sources import Source, tests_bound_once, walk
from kit.bundle.version_tests import reading, span
from kit.bundle.wrapped_tests import around, chained, is_bool_valued, unwrapped
from kit.judges.stdlib import ADDED_BUILTINS, BASE_BUILTINS, REMOVED_MEMBERS

BASE = (3, 8)  # the oldest Python the kit checks
NEVER = (99, 0)  # a version no Python has yet: no upper bound
ALL = (BASE, NEVER)  # the window of code no version test bounds
# flags of the version by name: the test each is bound to, with the modules the names of the
# module binding it stand for (``module_names``), where that test is read
Flags = dict[str, tuple[ast.expr, dict[str, str]]]
# modules of pure computation, whose members every implementation and platform of a version has
# (vermin's members of each up to 3.8 all found under Debian's PyPy 3.9; not cmath, whose tau
# PyPy 3.9 lacks)
COMMON = frozenset(
    {"math", "itertools", "functools", "operator", "collections", "heapq", "bisect"}
    | {"fractions", "decimal", "statistics", "string", "re", "random", "array", "typing"}
    | {"dataclasses", "enum", "copy", "textwrap", "unicodedata", "json", "datetime"}
)


def guarded_nodes_of(
    module: Source,
    modules: list[Source],
    platform: bool = False,
    versioned: bool = False,
    tries: bool = True,
    missing: str = "module",
) -> Callable[[ast.AST], bool]:
    """Whether a node of ``module`` (one of ``modules``) is under a guard, read by statement
    and node, not by line (``x = 1 if PYPY else 0; import numpy`` imports numpy on every
    Python; ``try: def f(x=os.getuid()): return os.fork()`` catches the default's failure,
    not the body's): in a statement an ``if``, a ``try`` (``tries``: its handlers catching
    what it raises where ``missing``, of ``kit.bundle.guards.MISSING``, is missing) or a test
    of the platform (``platform``) guards, or in a branch of a conditional expression on a
    guard's test, or on a line the bundle never runs (``Source.unused_lines``); a helper's flag
    bound to a settled test is no guard. An ``if``'s test holding such an expression is a
    guard's test, as ``if PYPY and n > 5:`` is (``if (1 if PYPY else 0): import pypyjit``).
    ``versioned``: the API check's reading, which knows
    where each branch runs and what it guards (``reach``): the tests of ``versioned_tests`` and
    ``implementation_ifs`` guard nothing, nor does a conditional expression's (its branches
    are read by ``node_windows``)."""
    tree = module.shipped_tree()
    key = (platform, versioned, tries, missing)
    key += tuple((other.name, other.shipped) for other in modules)
    known = _GUARDED_NODES.setdefault(tree, {})
    if key not in known:
        imported = imported_flags(module, modules, settled_tests)
        settled = settled_tests(tree)
        expressions = _versioned(tree, ast.expr)  # every conditional expression: none guards
        tests = {id(node.test) for node in expressions}  # its statement whole
        if versioned:
            helpers = helper_flags(module, modules)
            tests |= set(versioned_tests(tree, helpers))
            tests |= {id(test) for _, test, _, _ in versioned_branches(tree, helpers)}
            tests |= {id(node.test) for node, _, _ in implementation_ifs(module, modules)}
        if expressions and not versioned:  # but one in an if's test tells that test's answer
            tests -= {id(inner) for node in walk(tree) if isinstance(node, ast.If)
                      for inner in walk(node.test)}  # fmt: skip
        found = guarded_statements(tree, platform, imported, settled, tests, tries, missing)
        ids = {id(inner) for statement in found for inner in walk(statement)}
        flags = imported.guard_names(tree, settled)
        bools = bool_flags(tree, settled) | imported.bools
        for node in expressions if not versioned else []:
            guarded = guarded_branches(node.test, flags, settled, bools)
            ids.update(
                id(inner)
                for part, guards in zip((node.body, node.orelse), guarded)
                for inner in (walk(part) if guards else [])
            )
        known[key] = frozenset(ids)
    ids, unused = known[key], module.unused_lines
    return lambda node: id(node) in ids or getattr(node, "lineno", 0) in unused


_GUARDED_NODES: weakref.WeakKeyDictionary[ast.Module, dict[tuple, frozenset[int]]]
_GUARDED_NODES = weakref.WeakKeyDictionary()


def versioned_tests(tree: ast.Module, imported: Flags | None = None) -> dict[int, tuple[int, int]]:
    """The ``id`` of each ``hasattr(module, "name")`` call that is an ``if``'s whole test (or
    that under ``not``) and asks for a member of a COMMON module that vermin's table gives as
    added after 3.8 (and no version removed), with that version."""
    return {id(test): added for _, test, added, _ in versioned_ifs(tree, imported)}


def versioned_ifs(
    tree: ast.Module, imported: Flags | None = None
) -> list[tuple[ast.If, ast.expr, tuple[int, int], bool]]:
    """Each ``if`` on a test of ``versioned_tests``: (the ``if``, its ``hasattr`` call, the
    version that added the member, whether the call is under ``not``); and each on a
    comparison of the version that turns once (``sys.version_info >= (3, 9)``: the version
    it turns at, and whether its branch runs below it, ``<`` or under ``not``)."""
    return _versioned(tree, ast.If, imported)


def versioned_expressions(
    tree: ast.Module, imported: Flags | None = None
) -> list[tuple[ast.IfExp, ast.expr, tuple[int, int], bool]]:
    """Each conditional expression on such a test, read as ``versioned_ifs`` reads an
    ``if``'s (``math.cbrt(2) if sys.version_info >= (3, 9) else 0``: its branch from 3.9
    on, its ``else`` below 3.9)."""
    return _versioned(tree, ast.IfExp, imported)


def versioned_operands(
    tree: ast.Module, imported: Flags | None = None
) -> list[tuple[Rest, ast.expr, tuple[int, int], bool]]:
    """Each run of operands of an ``and`` or ``or`` after one that is such a test, read as an
    ``if``'s branch on it (``Rest``): ``sys.version_info >= (3, 9) and math.lcm(2, 3)`` runs
    ``math.lcm`` from 3.9 on (below, the ``and`` stops at its test: CPython 3.8.18 runs it,
    measured), ``not hasattr(math, "lcm") or math.lcm(2, 3)`` alike."""
    return _versioned(tree, ast.BoolOp, imported)


def versioned_branches(
    tree: ast.Module, imported: Flags | None = None
) -> list[tuple[Rest, ast.expr, tuple[int, int], bool]]:
    """Each branch of an ``if`` or a conditional expression on an ``and`` or ``or`` of tests
    ``versioned_ifs`` reads, or of such and plain ones, and ``not`` of those, as ``Rest``, with
    a test that bounds it, read as that test's branch (``_operand_turns``): ``if
    sys.version_info >= (3, 9) and x: math.cbrt(8.0)`` runs ``math.cbrt`` from 3.9 on (3.9
    and 3.10 die there when ``x`` holds), ``if sys.version_info >= (3, 9) or x: math.lcm(2,
    3)`` on every version (CPython 3.8.18 dies there when ``x`` holds; measured), its ``else``
    from 3.9 on."""
    return _versioned(tree, Rest, imported)


class Rest(NamedTuple):
    """The operands of an ``and`` or ``or`` after one that tells the version or the
    implementation: they run only where that one does not end it, as an ``if``'s branch runs
    where its test sends it (``body``; ``orelse`` empty); or an ``if``'s or a conditional
    expression's branches on an ``and`` or ``or`` of such tests and plain ones (``of``:
    ``versioned_branches``)."""

    body: list
    orelse: list
    of: ast.If | ast.IfExp | None = None  # the if or expression whose branches they are


def _versioned(tree: ast.Module, kind: type, imported: Flags | None = None) -> list:
    """``versioned_ifs`` of the nodes of ``kind`` (an ``if`` or a conditional expression;
    ``ast.expr``: every conditional expression, for ``guard_expressions``; ``ast.BoolOp``:
    ``versioned_operands``). Found once a tree for all: the guarded lines of each reading, the
    windows and vermin's texts ask them of every module (70 times for Lines of Action's ten).
    Kept once the walk is done: one that raised leaves nothing half found for the next
    reader. ``imported``: the flags of the version the module imports from its helpers
    (``helper_flags``), read as its own, and its own that another module may set, read as no
    test (``NO_FLAG``)."""
    key = tuple(sorted((name, id(test)) for name, (test, _) in (imported or {}).items()))
    known = _VERSIONED.get(tree, {}).get(key)
    if known is None:
        modules = module_names(tree)
        own = version_flags(tree, modules)
        flags = {**{name: (test, modules) for name, test in own.items()}, **(imported or {})}
        known = {ast.If: [], ast.IfExp: [], ast.expr: [], ast.BoolOp: [], Rest: []}
        for node in walk(tree):
            if isinstance(node, ast.BoolOp):
                ors = isinstance(node.op, ast.Or)  # its rest runs where the test fails
                for rest, value in _rests(node):
                    turn = _turn(value, modules, flags)
                    if turn is not None:
                        known[ast.BoolOp].append((rest, turn[0], turn[1], turn[2] != ors))
                    elif (loose := _micro_turn(value, modules, ors)) is not None:
                        known[ast.BoolOp].append((rest, *loose))
            elif type(node) in known:
                if isinstance(node, ast.IfExp):
                    known[ast.expr].append(node)
                turn = _turn(node.test, modules, flags)
                if turn is not None:
                    known[type(node)].append((node, *turn))
                known[Rest].extend(_operand_turns(node, modules, flags))
        _VERSIONED.setdefault(tree, {})[key] = known
    return known[kind]


def _rests(node: ast.BoolOp) -> list[tuple[Rest, ast.expr]]:
    """Each operand of ``node`` but the last, with the operands after it (``Rest``)."""
    return [(Rest(node.values[at + 1 :], []), value) for at, value in enumerate(node.values[:-1])]


def _operand_turns(node: ast.If | ast.IfExp, modules: dict[str, str], flags: Flags) -> list:
    """The branches of an ``if`` or a conditional expression whose test is an ``and``, an
    ``or`` or a ``not`` of such tests, or of such and plain ones, each as ``Rest`` with the
    test that bounds it, on the side it bounds it (``_sides``): ``A and B`` runs its branch
    where each of them holds (a plain operand bounds nothing), its ``else`` where either fails
    (from the lower of two versions both turn from, below the higher of two both turn at;
    else anywhere); ``A or B`` the other way round; ``not`` swaps them (``if not
    (sys.version_info >= (3, 9) and x):`` runs its ``else`` from 3.9 on, ``if not
    (sys.version_info >= (3, 11) or x):`` its branch below 3.11: CPython 3.9.18, 3.10.13 and
    PyPy 3.9.16 die on ``math.cbrt`` in the first when ``x`` holds, 3.8.18 to 3.10.13 in the
    second when it fails, measured). ``TYPE_CHECKING`` holds nowhere the code runs: it bounds
    an ``or``'s branch by the other operands, and its ``and``'s branch, which runs nowhere,
    is a guard's (``kit.bundle.guards.guarded_branches``). A test bounding neither branch is
    listed with none (``Rest([], [])``): the caller reads it as no guard all the same."""
    tests: list[tuple[ast.expr, tuple[int, int], bool]] = []
    if _turn(node.test, modules, flags) is not None:  # an if's whole test: ``versioned_ifs``'
        return []
    sides = _sides(node.test, modules, flags, tests)
    if not tests:
        return []
    body, orelse = (
        (node.body, node.orelse) if isinstance(node, ast.If) else ([node.body], [node.orelse])
    )
    found = [
        (Rest(branch, [], node) if holds else Rest([], branch, node), *turn)
        for branch, (_, _, *bounds) in zip((body, orelse), sides)
        for turn, holds in filter(None, bounds)
    ]
    named = {id(turn[0]) for _, *turn in found}
    return found + [(Rest([], [], node), *turn) for turn in tests if id(turn[0]) not in named]


# the versions a branch runs on, from the first below the second, each with the test that
# bounds it there and whether it holds or fails there (None: no test bounds it)
_Side = tuple[tuple[int, int], tuple[int, int], "tuple | None", "tuple | None"]
_ANYWHERE: _Side = (BASE, NEVER, None, None)
_NOWHERE: _Side = (NEVER, BASE, None, None)


def _sides(
    test: ast.expr, modules: dict[str, str], flags: Flags, tests: list
) -> tuple[_Side, _Side]:
    """Where ``test`` holds and where it fails, each a ``_Side``, by the tests of the version
    within its ``and``, ``or`` and ``not`` (``_turn``; each put in ``tests``): both of an
    ``and`` where each operand holds, either where one fails; ``or`` the other way round;
    ``not`` swaps them, as ``== False`` does (``kit.bundle.wrapped_tests``); ``TYPE_CHECKING``
    holds nowhere; a comparison of the micro version bounds both (``_micro_sides``); any
    other test bounds nothing."""
    test = chained(test) or test  # a < b < c: a < b and b < c
    told = _turn_sides(test, modules, flags, tests)
    if told is not None:
        return told
    if is_type_checking(test):
        return _NOWHERE, _ANYWHERE
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    read = (test.operand, True) if negated else around(test, _bools(flags))  # V == False
    if read is not None:
        holds, fails = _sides(read[0], modules, flags, tests)
        return (fails, holds) if read[1] else (holds, fails)
    if not isinstance(test, ast.BoolOp):
        return _ANYWHERE, _ANYWHERE
    each = [_sides(value, modules, flags, tests) for value in test.values]
    holds, fails = [side[0] for side in each], [side[1] for side in each]
    if isinstance(test.op, ast.And):
        return _within_all(holds), _within_any(fails)
    return _within_any(holds), _within_all(fails)


def _turn_sides(
    test: ast.expr, modules: dict[str, str], flags: Flags, tests: list
) -> tuple[_Side, _Side] | None:
    """``_sides`` of a test ``_turn`` reads, or of a comparison of the micro version
    (``_micro_sides``), each test that bounds them put in ``tests``; else None."""
    turn = _turn(test, modules, flags)
    if turn is None:
        micro = _micro_sides(test, modules)
        tests.extend(bound[0] for side in micro or () for bound in side[2:] if bound)
        return micro
    tests.append(turn)
    _, added, below = turn
    up, down = (added, NEVER, (turn, True), None), (BASE, added, None, (turn, False))
    if below:
        up, down = (added, NEVER, (turn, False), None), (BASE, added, None, (turn, True))
    return (down, up) if below else (up, down)


def _micro_sides(test: ast.expr, modules: dict[str, str]) -> tuple[_Side, _Side] | None:
    """Where a comparison of the version turning within a minor version holds and where it
    fails (``span``): that minor version on both sides, its micro version not known
    (``sys.version_info >= (3, 9, 5)`` holds from 3.9 on, fails below 3.10); else None."""
    told = span(test) if isinstance(test, ast.Compare) and modules.get("sys") == "sys" else None
    if told is None or told[1] == told[2]:  # one turning at a minor version: ``_turn``'s
        return None
    kind, first, whole = told
    up: _Side = (first, NEVER, ((test, first, False), True), None)
    down: _Side = (BASE, whole, None, ((test, whole, False), False))
    if first <= BASE:
        up = (BASE, NEVER, None, None)
    return (up, down) if kind == "from" else (down, up)


def _within_all(sides: list[_Side]) -> _Side:
    """The versions in every one of ``sides``: from the highest first, below the lowest end."""
    low = max(sides, key=lambda side: side[0])
    high = min(sides, key=lambda side: side[1])
    return (low[0], high[1], low[2], high[3])


def _within_any(sides: list[_Side]) -> _Side:
    """The versions from the lowest first of ``sides`` to below the highest end: those in
    any of them (and any between)."""
    low = min(sides, key=lambda side: side[0])
    high = max(sides, key=lambda side: side[1])
    return (low[0], high[1], low[2], high[3])


def _turn(
    test: ast.expr, modules: dict[str, str], flags: Flags | None = None
) -> tuple[ast.expr, tuple[int, int], bool] | None:
    """(the test under any ``not``, the version it turns at, whether it holds below it) when
    ``test`` asks for a member ``versioned_tests`` reads or compares the version so that it
    turns once after 3.8, ``sys`` the module (``import sys``, never bound otherwise: ``sys =
    S`` tells nothing of the version), or is a name of ``flags`` (``version_flags``: ``V =
    sys.version_info >= (3, 9)``, then ``V and math.lcm(2, 3)``), read as the test it is
    bound to; else None."""
    inner, negated = unwrapped(test, _bools(flags or {}))  # not V, V == False, bool(V)
    if isinstance(inner, ast.Name) and inner.id in (flags or {}):
        flag, home = flags[inner.id]  # the name, read as its test where it is bound
        bound = _turn(flag, home)
        return None if bound is None else (inner, bound[1], negated != bound[2])
    added = _asks_added(inner, modules)
    if added is not None:
        return inner, added, negated
    read = (
        reading(inner) if isinstance(inner, ast.Compare) and modules.get("sys") == "sys" else None
    )
    if read is not None and read[0] in ("from", "below") and read[1] > BASE:
        return inner, read[1], negated != (read[0] == "below")
    return None


def _bools(flags: Flags) -> frozenset[str]:
    """The names of ``flags`` bound to a ``bool`` alone (``V = sys.version_info >= (3, 9)``,
    not ``V = 2 if sys.version_info >= (3, 9) else 0``, which ``V == True`` finds false on
    every version): those ``V == False`` tests as ``not V`` does."""
    return frozenset(name for name, (test, _) in flags.items() if is_bool_valued(test))


def _micro_turn(
    test: ast.expr, modules: dict[str, str], fails: bool
) -> tuple[ast.expr, tuple[int, int], bool] | None:
    """(the test under any ``not``, a version, whether the rest runs below it, else from it)
    for the rest of an ``and`` (``fails``: an ``or``) after a comparison of the version that
    turns within a minor version (``span``): that minor version runs both ways, on every
    target of it, whose micro version the kit does not know (``sys.version_info >= (3, 9, 5)
    and math.lcm(2, 3)`` runs ``math.lcm`` from 3.9 on, ``sys.version_info >= (3, 9, 5) or
    math.cbrt(8.0)`` below 3.10); else None."""
    inner, negated = unwrapped(test)
    told = span(inner) if isinstance(inner, ast.Compare) and modules.get("sys") == "sys" else None
    if told is None:
        return None
    kind, first, whole = told
    up = ((kind == "from") != negated) != fails  # the rest runs from first on, else below whole
    return (
        (inner, first, False) if up and first > BASE else (inner, whole, True) if not up else None
    )


def helper_flags(module: Source, modules: list[Source]) -> Flags:
    """The flags of the version ``module`` imports from its helpers, each bound once in the
    helper (``version_flags``) and by the import alone in the module (``from shared.env import
    PY39``, ``... import PY39 as V``; ``kit.bundle.guards.imported_flags``), read as the test
    the helper binds it to: ``if PY39: math.lcm(2, 3)`` passes for 3.8 as with a flag of its
    own. Not ``import shared.env as e`` then ``e.PY39``: an attribute, read as no flag. And
    the module's own flags that another module sets as its member or may (``e.PY39 = True``,
    ``kit.bundle.guards.member_set``), each as ``NO_FLAG``: in the helper, ``if PY39: return
    math.lcm(a, b)`` runs on 3.8 after the solution's ``e.PY39 = True`` and dies (CPython
    3.8.18, measured)."""
    imported = imported_flags(module, modules, settled_tests, _own_flags)
    return {**imported.versions, **dict.fromkeys(imported.unset, NO_FLAG)}  # type: ignore


# a module's own flag another module may set: read as no test (``_turn`` reads none in it)
NO_FLAG: tuple[ast.expr, dict[str, str]] = (ast.Constant(None), {})


def _own_flags(tree: ast.Module) -> Flags:
    """A module's ``version_flags``, each with its module names. Found once a tree: each
    reading of flags asks it of the module and of its helpers (80 times for Lines of
    Action's)."""
    found = _OWN_FLAGS.get(tree)
    if found is None:
        modules = module_names(tree)
        found = {name: (test, modules) for name, test in version_flags(tree, modules).items()}
        _OWN_FLAGS[tree] = found
    return found


_OWN_FLAGS: weakref.WeakKeyDictionary[ast.Module, Flags] = weakref.WeakKeyDictionary()


def version_flags(tree: ast.Module, modules: dict[str, str]) -> dict[str, ast.expr]:
    """The names the module binds once, at its top level and alone, to a test ``_turn`` reads
    (``V = sys.version_info >= (3, 9)``, ``HAS = hasattr(math, "lcm")``) and nowhere else
    (``kit.bundle.sources.tests_bound_once``: not rebound, deleted, augmented, a loop's
    target, a walrus's, imported, declared ``global`` in a function, a parameter; nor in a
    module that may bind any name: ``exec``, ``globals()``, a ``*`` import), with the test
    each is bound to."""
    return tests_bound_once(tree, lambda test: _turn(test, modules) is not None)


_VERSIONED: weakref.WeakKeyDictionary[ast.Module, dict[tuple, dict[type, list]]]
_VERSIONED = weakref.WeakKeyDictionary()


def branch_windows(node: ast.If | ast.IfExp, added: tuple[int, int], negated: bool) -> list:
    """The branches of an ``if`` or conditional expression of ``versioned_ifs`` or
    ``versioned_expressions``, each with the versions it runs on: (lowest, first without)."""
    has, lacks = (node.orelse, node.body) if negated else (node.body, node.orelse)
    return [(has, (added, NEVER)), (lacks, (BASE, added))]


def _versions_of(tests: list) -> dict[int, tuple[tuple[int, int], tuple[int, int]]]:
    """The ``id`` of each node in a branch of the ``if`` statements and conditional
    expressions ``tests`` (``versioned_ifs``, ``versioned_expressions``) with the versions it
    runs on (``branch_windows``), within another's branch on those of both."""
    found: dict[int, tuple[tuple[int, int], tuple[int, int]]] = {}
    for node, _, added, negated in tests:
        for branch, (since, until) in branch_windows(node, added, negated):
            for inner in _nodes_of(branch):
                low, high = found.get(id(inner), ALL)
                found[id(inner)] = (max(low, since), min(high, until))
    return found


def _nodes_of(branch: ast.expr | list[ast.stmt]) -> list[ast.AST]:
    """Every node of a branch: a conditional expression's (an expression) or an ``if``'s (its
    statements, a decorator's too), the branch's own among them."""
    parts = branch if isinstance(branch, list) else [branch]
    return [inner for part in parts for inner in walk(part)]


def guard_expressions(module: Source, modules: list[Source]) -> list[tuple[ast.IfExp, list]]:
    """Each conditional expression on a guard's test that ``versioned_expressions`` does not
    read by version nor ``implementation_expressions`` by implementation
    (``kit.bundle.guards.is_guard``: ``hasattr(x, "bit_count")``, a flag bound to such a test,
    of its own or imported, a comparison of the version that turns twice), with what it guards
    (``guarded_parts``): only that, never the statement around it (``math.lcm(2, 3) + (x if
    hasattr(x, "y") else 0)`` runs ``math.lcm`` on every Python). Found once a tree: the
    guarded lines, the windows and vermin's texts ask it."""
    tree = module.shipped_tree()
    found = _GUARD_EXPRESSIONS.get(tree)
    if found is None:
        found = _GUARD_EXPRESSIONS[tree] = _guard_expressions(module, modules, tree)
    return found


def _guard_expressions(module: Source, modules: list[Source], tree: ast.Module) -> list:
    """``guard_expressions`` found: the module's flags read only when it has a conditional
    expression (``_versioned``'s walk finds them)."""
    every = _versioned(tree, ast.expr)
    if not every:
        return []
    settled = settled_tests(tree)
    imported = imported_flags(module, modules, settled_tests)
    flags = imported.guard_names(tree, settled)
    bools = bool_flags(tree, settled) | imported.bools
    helpers = helper_flags(module, modules)
    read = settled | {id(test) for _, test, _, _ in versioned_expressions(tree, helpers)}
    read |= {id(test) for _, test, _, _ in versioned_branches(tree, helpers)}
    read |= {id(node.test) for node, _, _ in implementation_expressions(module, modules)}
    guards = [node for node in every if is_guard(node.test, flags, read, bools)]
    return [(node, guarded_parts(node, read, flags, bools)) for node in guards]


_GUARD_EXPRESSIONS: weakref.WeakKeyDictionary[ast.Module, list]
_GUARD_EXPRESSIONS = weakref.WeakKeyDictionary()
GUARDED = (NEVER, NEVER)  # the window of what a guard's test guards: no version counts it
TYPES = frozenset({"int", "str", "bytes"})  # hasattr(int, "bit_count"): any n.bit_count()


def guarded_parts(
    node: ast.IfExp,
    unguarding: Settled = frozenset(),
    flags: frozenset[str] = frozenset(),
    bools: frozenset[str] = frozenset(),
) -> list[ast.expr]:
    """What a conditional expression on a guard's test guards: for a test asking for a member
    (``hasattr(x, "bit_count")``, ``getattr(x, "name", None)``; under ``not``, or ``and``
    with more), the reads of that member of that object in the branch that runs where it is
    there, no more: the test covers only the name it asks for (``x.bit_count`` in
    ``x.bit_count() if hasattr(x, "bit_count") else 0``, not ``math.lcm`` beside it; of a
    type, ``int``, ``str`` or ``bytes``, the member's reads on any object); one asking for a
    member within more (``or``) guards nothing; any other guard's test both branches whole,
    as an ``if``'s (``1 if sys.version_info[:2] == (3, 9) else 0``). ``unguarding``: the
    ``id`` of calls that are no guards (``settled_tests``)."""
    negated = isinstance(node.test, ast.UnaryOp) and isinstance(node.test.op, ast.Not)
    test = node.test.operand if negated else node.test
    if not any(_member_asked(part, unguarding) for part in walk(test)):
        guarded = guarded_branches(node.test, flags, unguarding, bools)  # the module's flags
        return [part for part, guards in zip((node.body, node.orelse), guarded) if guards]
    anded = isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And)
    asked = [_member_asked(part, unguarding) for part in (test.values if anded else [test])]
    branch = node.orelse if negated else node.body  # where the test holds
    return [
        read
        for owner, name in filter(None, asked)
        for read in walk(branch)
        if isinstance(read, ast.Attribute)
        and read.attr == name
        and isinstance(read.ctx, ast.Load)
        and (getattr(owner, "id", None) in TYPES or ast.dump(read.value) == ast.dump(owner))
    ]


def _member_asked(node: ast.AST, unguarding: Settled) -> tuple[ast.expr, str] | None:
    """(the object, the member's name) when ``node`` is a guard's call asking for a member by
    its name (``hasattr(x, "bit_count")``, ``getattr(x, "name", None)``); else None."""
    if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) in GUARD_CALLS):
        return None
    args = node.args
    if id(node) in unguarding or len(args) < 2 or not isinstance(args[1], ast.Constant):
        return None
    return (args[0], args[1].value) if isinstance(args[1].value, str) else None


def guarded_windows(module: Source, modules: list[Source]) -> dict[int, tuple]:
    """The ``id`` of each node that a conditional expression of ``guard_expressions`` guards
    (``guarded_parts``, what they hold too), each ``GUARDED``: the versions it counts on,
    none (as ``node_windows`` gives a version test's branches theirs)."""
    return {
        id(inner): GUARDED
        for _, parts in guard_expressions(module, modules)
        for part in parts
        for inner in walk(part)
    }


def version_windows(tree: ast.Module) -> dict[int, tuple[tuple[int, int], tuple[int, int]]]:
    """Each line in a branch of an ``if`` on a test of ``versioned_tests``, with the versions
    it runs on: (lowest, first without), ``BASE`` and ``NEVER`` when not bounded (``if
    hasattr(math, "lcm"):``: its branch from 3.9, its ``else`` below 3.9)."""
    windows: dict[int, tuple[tuple[int, int], tuple[int, int]]] = {}
    for node, _, added, negated in versioned_ifs(tree):
        for branch, bound in branch_windows(node, added, negated):
            for statement in branch:
                for line in range(start_of(statement)[0], (statement.end_lineno or 0) + 1):
                    low, high = windows.get(line, (BASE, NEVER))
                    windows[line] = (max(low, bound[0]), min(high, bound[1]))
    return windows


def implementation_ifs(module: Source, modules: list[Source]) -> list[_ImplementationIf]:
    """Each ``if`` whose test tells the implementation (``kit.bundle.implementation_tests``:
    ``if sys.implementation.name == "pypy":``, ``if PYPY and n > 5:``, with a flag of its own
    or one imported from a helper), with the implementation that alone runs its branch and
    the one that alone runs its ``else`` (None: either may). Found once a tree, with the
    conditional expressions on such tests (``implementation_expressions``): the guarded
    lines, the API check's windows and vermin's branches each ask it of every module."""
    return _implementation_tests(module, modules)[ast.If]


def implementation_expressions(
    module: Source, modules: list[Source]
) -> list[tuple[ast.IfExp, str | None, str | None]]:
    """Each conditional expression on such a test, read as ``implementation_ifs`` reads an
    ``if``'s (``x.bit_count() if PYPY else bin(x).count("1")``: its branch under PyPy, its
    ``else`` under CPython), a test that tells who runs a branch, not what it has."""
    return _implementation_tests(module, modules)[ast.IfExp]


def implementation_operands(module: Source, modules: list[Source]) -> list[tuple[Rest, str, None]]:
    """Each run of operands of an ``and`` or ``or`` after one that is such a test alone (no
    plain part), with the implementation that alone runs them, read as an ``if``'s branch
    (``Rest``): ``PYPY and x.bit_count()`` runs ``bit_count`` under PyPy, ``not PYPY or
    x.bit_count()`` alike."""
    return _implementation_tests(module, modules)[ast.BoolOp]


def _implementation_tests(module: Source, modules: list[Source]) -> dict[type, list]:
    """``implementation_ifs``, ``implementation_expressions`` and ``implementation_operands``,
    by their kind."""
    tree = module.shipped_tree()
    found = _IMPLEMENTATION_IFS.get(tree)
    if found is None:
        imported = imported_flags(module, modules, settled_tests)
        bound = {**imported.implementations, **implementation_flags(tree)}
        flags = imported.guard_names(tree, settled_tests(tree))
        settled = settled_tests(tree)
        bools = bool_flags(tree, settled) | imported.bools

        def plain(test: ast.expr) -> bool:  # no guard: a part either implementation may pass
            return not is_guard(test, flags, settled, bools)

        found: dict[type, list] = {ast.If: [], ast.IfExp: [], ast.BoolOp: []}
        for node in walk(tree):
            if isinstance(node, ast.BoolOp):  # the rest under the one that does not end it
                side = 1 if isinstance(node.op, ast.Or) else 0  # "or": where the test is false
                for rest, value in _rests(node):
                    runs = branches(value, bound)[side]
                    if runs is not None:
                        found[ast.BoolOp].append((rest, runs, None))
            elif type(node) in found:
                body, orelse = branches(node.test, bound, plain)
                if body is not None or orelse is not None:
                    found[type(node)].append((node, body, orelse))
        _IMPLEMENTATION_IFS[tree] = found
    return found


_ImplementationIf = tuple[ast.If, "str | None", "str | None"]
_IMPLEMENTATION_IFS: weakref.WeakKeyDictionary[ast.Module, dict[type, list]]
_IMPLEMENTATION_IFS = weakref.WeakKeyDictionary()


def _runners_of(tests: list) -> dict[int, str]:
    """The ``id`` of each node in a branch of the ``if`` statements and conditional
    expressions ``tests`` (``implementation_ifs``, ``implementation_expressions``) that one
    implementation alone runs, with that implementation ("" for none: one's branch within
    the other's)."""
    windows: dict[int, str] = {}
    for node, body, orelse in tests:
        for branch, runs in ((node.body, body), (node.orelse, orelse)):
            for inner in _nodes_of(branch) if runs is not None else []:
                windows[id(inner)] = runs if windows.get(id(inner), runs) == runs else ""
    return windows


def node_windows(module: Source, modules: list[Source]) -> tuple[dict[int, tuple], dict]:
    """Who runs each node of ``module`` that a test sends some Pythons only to, by its ``id``:
    the versions (``versioned_ifs`` and ``versioned_expressions``, read by ``branch_windows``;
    ``guarded_windows``: none) and the implementation (``implementation_ifs`` and
    ``implementation_expressions``), each node by the branches it is in, not by its line: an
    ``if``'s test runs wherever the ``if`` is reached, its branches only where the test sends
    them (``if x.bit_count() > 5 and PYPY: pass`` on one line runs ``bit_count`` under CPython
    too, whose 3.8 and 3.9 die there), for the API check's own rules and ``reach``. Found once
    a tree: every check of a member asks it of every module."""
    tree = module.shipped_tree()
    found = _NODE_WINDOWS.get(tree)
    if found is None:
        helpers = helper_flags(module, modules)
        tests = versioned_ifs(tree, helpers) + versioned_expressions(tree, helpers)
        tests += versioned_operands(tree, helpers) + versioned_branches(tree, helpers)
        versions = _versions_of(tests)
        versions.update(guarded_windows(module, modules))
        kinds = _implementation_tests(module, modules)
        runners = _runners_of(kinds[ast.If] + kinds[ast.IfExp] + kinds[ast.BoolOp])
        found = _NODE_WINDOWS[tree] = (versions, runners)
    return found


_NODE_WINDOWS: weakref.WeakKeyDictionary[ast.Module, tuple[dict, dict]]
_NODE_WINDOWS = weakref.WeakKeyDictionary()

# the versions that run a node, (lowest, first without), and the implementation that alone runs
# it: "pypy", "cpython", None for either, "" for neither
Reach = tuple[tuple[int, int], tuple[int, int], "str | None"]


def reach(module: Source, modules: list[Source]) -> Callable[[ast.AST], Reach]:
    """Who runs each node of ``module``, as the API check reads it: the versions and the
    implementation of the branches it is in, an ``if``'s or a conditional expression's
    (``node_windows``; what a guard's expression guards, none), for the checks of members
    some Pythons lack, which read guards as the API check does (``guarded_nodes_of(...,
    versioned=True)``): ``fractions.gcd(a, b) + (1 if PYPY else 0)`` runs ``fractions.gcd``
    everywhere, ``fractions.gcd(a, b) if sys.version_info < (3, 9) else math.gcd(a, b)``
    below 3.9 only, and ``if fractions.gcd(a, b) and not PYPY: pass`` under both, on one
    line too."""
    versions, runners = node_windows(module, modules)

    def of(node: ast.AST) -> Reach:
        low, high = versions.get(id(node), ALL)
        return (low, high, runners.get(id(node)))

    return of


def _asks_added(test: ast.expr | None, modules: dict[str, str]) -> tuple[int, int] | None:
    """The version that added the member ``test`` asks for, when it is a ``hasattr`` call on
    a COMMON module's member added after BASE that no version removed; else None."""
    asked = _asked(test, modules)
    added = added_in(*asked) if asked is not None else None
    return added if added is not None and added > BASE else None


def settled_tests(tree: ast.Module) -> frozenset[int]:
    """The ``id`` of every ``hasattr(module, "name")`` call in ``tree`` that is true on every
    target (see the module doc). Found once a tree: each check asks it of every module and
    of their helpers (180 walks of one tree for Lines of Action, 1 s of its 1.1 s check)."""
    settled = _SETTLED.get(tree)
    if settled is None:
        modules = module_names(tree)
        found = (id(node) for node in walk(tree) if _settled(_asked(node, modules)))
        settled = _SETTLED[tree] = frozenset(found)
    return settled


_SETTLED: weakref.WeakKeyDictionary[ast.Module, frozenset[int]] = weakref.WeakKeyDictionary()


def _settled(asked: tuple[str, str] | None) -> bool:
    return asked is not None and everywhere(*asked)


def _asked(node: ast.AST | None, modules: dict[str, str]) -> tuple[str, str] | None:
    """(module, member) when ``node`` is ``hasattr(NAME, "member")`` and NAME a module
    ``modules`` binds it to; else None."""
    if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "hasattr"):
        return None
    if len(node.args) != 2 or node.keywords:
        return None
    owner, name = node.args
    if not (isinstance(owner, ast.Name) and owner.id in modules):
        return None
    if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
        return None
    return modules[owner.id], name.value


def everywhere(module: str, name: str) -> bool:
    """Whether ``module.name`` is in every Python the kit checks, on every platform."""
    added = added_in(module, name)
    return added is not None and added <= BASE


def added_in(module: str, name: str) -> tuple[int, int] | None:
    """The version that added ``module.name``, when ``module`` is COMMON, vermin's table
    knows the member and no version removed it, or a builtin (``builtins.anext``, 3.10:
    ``ADDED_BUILTINS``; ``builtins.print``, ``BASE``: ``BASE_BUILTINS``); else None."""
    if module == "builtins":
        return ADDED_BUILTINS.get(name, BASE if name in BASE_BUILTINS else None)
    if module not in COMMON or (module, name) in REMOVED_MEMBERS:
        return None
    added = _added().get(f"{module}.{name}")
    return tuple(added[1]) if added is not None and added[1] is not None else None


def listed_added(module: str, name: str | None) -> tuple[int, int] | None:
    """The version vermin's table gives as adding ``module.name`` (``module`` itself when
    ``name`` is None), of any module; None when it lists none."""
    if name is None:
        added = _modules_added().get(module)
    else:
        added = _added().get(f"{module}.{name}")
    return tuple(added[1]) if added is not None and added[1] is not None else None


@functools.lru_cache(maxsize=1)
def _modules_added() -> dict:
    """vermin's table of standard modules by the versions that added them (empty without
    vermin)."""
    try:
        from vermin.config import Config
        from vermin.rules import MOD_REQS
    except ImportError:
        return {}
    return MOD_REQS(Config())


@functools.lru_cache(maxsize=1)
def _added() -> dict:
    """vermin's table of standard modules' members by the versions that added them; empty
    when vermin cannot be imported (then no test is settled, as before the table was read)."""
    try:
        from vermin.config import Config
        from vermin.rules import MOD_MEM_REQS
    except ImportError:
        return {}
    return MOD_MEM_REQS(Config())


def module_names(tree: ast.Module) -> dict[str, str]:
    """The names ``import`` statements bind to a module (``import numpy as np``: np),
    each bound once only: a name bound to two modules, or otherwise too, is left out."""
    bound: dict[str, str | None] = {}
    for node in walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                local = alias.asname or alias.name.partition(".")[0]
                module = alias.name if alias.asname else local
                bound[local] = module if bound.get(local, module) == module else None
        elif isinstance(node, (ast.ImportFrom, ast.FunctionDef, ast.ClassDef)):
            names = [a.asname or a.name for a in getattr(node, "names", [])]
            for local in [*names, getattr(node, "name", None)]:
                if local is not None:
                    bound[local] = None
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound[node.id] = None
    return {local: module for local, module in bound.items() if module is not None}

"""Tests written around another test, read as that test or its negation; any other use of a
test inside an expression, found to be read as no test at all.

``V == True``, ``V is True``, ``V != False``, ``V is not False`` (either way round, ``True ==
V``) hold exactly where ``V`` holds, and ``V == False``, ``V is False``, ``V != True``, ``V is
not True`` where it fails, when ``V``'s value is a ``bool``: a comparison, ``not``, a
``hasattr`` or ``bool`` call, an ``and`` or ``or`` of those, or a name the caller knows is bound
to one (``bools``). ``bool(V)`` and ``1 if V else 0`` (branches two constants, one true, one
false) are as true as ``V`` is, whatever ``V`` gives (``0 if V else 1``: ``not V``). CPython
3.8.18 to 3.13.0 and PyPy 3.9 give these alike (measured):

    around(test, bools=frozenset()) -> (the test within, whether the two differ) | None

A test used otherwise, as an operand of another comparison (``(not V) == 1``, ``V in s``), of
arithmetic (``V + 0``), a subscript's (``[0, 1][V]``), a call's argument (``f(V)``), a
conditional expression's branch, or a walrus's value (``(W := V)``), is not read: the readers
of guards take such an expression for no guard, its branches for code every target runs
(``nesting`` finds the test inside).

A chained comparison is the ``and`` of its links, each evaluated where those before it hold
(``a < b < c``: ``a < b and b < c``, ``b`` once): ``sys.version_info >= (3, 9) != False`` is
``sys.version_info >= (3, 9) and (3, 9) != False``, which holds from 3.9 on only, its ``else``
running on 3.8 (CPython 3.8.18 dies on ``math.lcm`` there, measured); ``(3, 9) <=
sys.version_info < (3, 11)`` holds on 3.9 and 3.10 alone. The readers of guards read it as
that ``and`` (``chained``: the same nodes at each call, so that a reader may name a link by
its ``id``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from collections.abc import Set as AbstractSet

_SAME = {ast.Eq: True, ast.Is: True, ast.NotEq: False, ast.IsNot: False}  # == True: the same
_BOOL_CALLS = {"hasattr", "bool"}


def around(test: ast.expr, bools: AbstractSet[str] = frozenset()) -> tuple[ast.expr, bool] | None:
    """(the test ``test`` is written around, whether ``test`` holds where it fails) for the
    forms of the module doc; else None."""
    if isinstance(test, ast.Call) and getattr(test.func, "id", None) == "bool":
        if len(test.args) == 1 and not test.keywords and not isinstance(test.args[0], ast.Starred):
            return test.args[0], False
        return None
    if isinstance(test, ast.IfExp):
        told = [_constant_truth(part) for part in (test.body, test.orelse)]
        read = None not in told and told[0] != told[1]  # 1 if V else 0: V
        return (test.test, told == [False, True]) if read else None
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _SAME):
        return None
    left, right = test.left, test.comparators[0]
    constant, inner = (left, right) if _is_bool(left) else (right, left)
    if not _is_bool(constant) or not is_bool_valued(inner, bools):
        return None
    same = _SAME[type(test.ops[0])] == constant.value  # == True, != False
    return inner, not same


def _is_bool(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is bool


def _constant_truth(node: ast.expr) -> bool | None:
    """The truth of a literal constant (``1``, ``0``, ``None``, ``""``), else None."""
    return bool(node.value) if isinstance(node, ast.Constant) else None


def is_bool_valued(node: ast.expr, bools: AbstractSet[str] = frozenset()) -> bool:
    """Whether ``node`` gives ``True`` or ``False`` and nothing else: a comparison, ``not``,
    a ``hasattr`` or ``bool`` call, an ``and`` or ``or`` of such, a name of ``bools``."""
    if isinstance(node, ast.Compare) or (
        isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)
    ):
        return True
    if isinstance(node, ast.Call):
        return getattr(node.func, "id", None) in _BOOL_CALLS
    if isinstance(node, ast.BoolOp):
        return all(is_bool_valued(value, bools) for value in node.values)
    return isinstance(node, ast.Name) and node.id in bools


def unwrapped(test: ast.expr, bools: AbstractSet[str] = frozenset()) -> tuple[ast.expr, bool]:
    """``test`` under every ``not`` and every form ``around`` reads, with whether it holds
    where that inner test fails (``(not V) == False``: ``V``, False)."""
    negated = False
    while True:
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, negated = test.operand, not negated
            continue
        read = around(test, bools)
        if read is None:
            return test, negated
        test, negated = read[0], negated != read[1]


def chained(test: ast.expr) -> ast.BoolOp | None:
    """The ``and`` of a chained comparison's links (``a < b < c``: ``a < b and b < c``), the
    same nodes at each call (kept on ``test``); None for any other test."""
    if not (isinstance(test, ast.Compare) and len(test.ops) > 1):
        return None
    found = getattr(test, "links", None)
    if found is None:
        operands = [test.left, *test.comparators]
        links = [
            ast.copy_location(ast.Compare(left, [op], [right]), test)
            for left, op, right in zip(operands, test.ops, operands[1:])
        ]
        found = ast.copy_location(ast.BoolOp(ast.And(), links), test)
        test.links = found  # type: ignore[attr-defined]
    return found


def nesting(is_test: Callable[[ast.AST], bool]) -> Callable[[ast.AST], bool]:
    """Whether a node strictly within a node is a test (``is_test``) that it uses as an
    operand, not one ``around`` reads (``(not V) == 1``, ``V + 0``, ``f(V)``): each node's
    answer found once, from its children's, without recursion, for all the nodes of one tree
    asked (walking each node's whole subtree again made ``_ = 0 + 1 + ... + 1``, 2,000 terms,
    take minutes to check)."""
    held: dict[int, bool] = {}  # by id: whether a test is strictly within the node

    def nests(node: ast.AST) -> bool:
        pending = [node]
        while pending:
            current = pending[-1]
            unknown = [child for child in ast.iter_child_nodes(current) if id(child) not in held]
            if unknown:
                pending.extend(unknown)
                continue
            pending.pop()
            children = ast.iter_child_nodes(current)
            held[id(current)] = any(is_test(child) or held[id(child)] for child in children)
        return held[id(node)]

    return nests

"""Whether an expression of operators on literals runs without error on every target: it is
evaluated here, on the values themselves, with limits on their size, as CPython 3.8 and later
all evaluate it (tree shaking, ``kit.bundle.bound_names``, may cut only what cannot fail).

API: ``evaluates(expression, call)`` -> the value, or ``Unsafe`` raised: the expression holds
something other than literals, displays, operators and calls ``call`` makes (a pure builtin's,
on literal arguments); an operator raised (``1 << -1``, ``(1,) + [2]``, ``1 < "a"``, ``2.0 **
10000``, a display key that is unhashable, ``{[]: 1}``); or its result would be large (``[0] *
10**9``, ``2 ** 10**9``: refused before it is made). Nothing that differs between targets is
evaluated: an operator on a dict (``{1: 2} | {3: 4}`` is 3.9's) nor ``%`` formatting (its
width and precision make any size). Both branches of ``and``, ``or`` and ``if``-``else``
are evaluated: one that would raise makes the whole unsafe, though Python may skip it.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable

LIMIT = 1 << 20  # the most elements, characters or bits a value made here may have


class Unsafe(Exception):  # noqa: N818 - a verdict, not an error the user sees
    """The expression may raise, act, or make too large a value."""


_BINARY = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
    ast.Pow: operator.pow, ast.LShift: operator.lshift, ast.RShift: operator.rshift,
    ast.BitOr: operator.or_, ast.BitXor: operator.xor, ast.BitAnd: operator.and_,
    ast.MatMult: operator.matmul,
}  # fmt: skip
_UNARY = {ast.UAdd: operator.pos, ast.USub: operator.neg, ast.Invert: operator.invert,
          ast.Not: operator.not_}  # fmt: skip
_COMPARE = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}  # fmt: skip
_SIZED = (str, bytes, tuple, list, set, frozenset, dict)


def evaluates(expression: ast.expr, call: Callable[[ast.Call], object]) -> object:
    """The value of ``expression``, evaluated bottom up without recursion (a chain of 20,000
    additions is one deep tree); ``Unsafe`` when it may fail on a target."""
    order: list[ast.AST] = []
    stack: list[ast.AST] = [expression]
    while stack:
        node = stack.pop()
        order.append(node)
        if not isinstance(node, ast.Call):  # a call's arguments are ``call``'s to judge
            stack.extend(ast.iter_child_nodes(node))
    values: dict[int, object] = {}
    for node in reversed(order):
        if isinstance(node, (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop)):
            continue
        try:
            values[id(node)] = _value(node, values, call)
        except Unsafe:
            raise
        except Exception as error:  # noqa: BLE001 - whatever the operator raises
            raise Unsafe(f"{type(error).__name__}") from None
    return values[id(expression)]


def _value(node: ast.AST, values: dict[int, object], call: Callable[[ast.Call], object]):
    """The value of ``node``, its children's already in ``values``."""
    of = values.__getitem__
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Call):
        return _checked(call(node))
    if any(isinstance(e, ast.Starred) for e in getattr(node, "elts", ())) or (
        isinstance(node, ast.Dict) and None in node.keys
    ):
        raise Unsafe("unpacking")  # ``{**x}``: x must be a mapping
    making = _MAKERS.get(type(node))
    if making is None:
        raise Unsafe(type(node).__name__)
    return making(node, lambda child: of(id(child)))


def _binary(node: ast.BinOp, of: Callable[[ast.AST], object]) -> object:
    left, right = of(node.left), of(node.right)
    _allowed(node.op, left, right)
    return _checked(_BINARY[type(node.op)](left, right))


def _unary(node: ast.UnaryOp, of: Callable[[ast.AST], object]) -> object:
    operand = of(node.operand)
    if isinstance(operand, dict) and not isinstance(node.op, ast.Not):
        raise Unsafe("an operator on a dict")
    return _UNARY[type(node.op)](operand)


def _boolean(node: ast.BoolOp, of: Callable[[ast.AST], object]) -> object:
    result = of(node.values[0])
    for value in node.values[1:]:
        if isinstance(node.op, ast.And):
            result = result and of(value)
        else:
            result = result or of(value)
    return result


def _compare(node: ast.Compare, of: Callable[[ast.AST], object]) -> bool:
    left = of(node.left)
    result = True
    for op, comparator in zip(node.ops, node.comparators):
        right = of(comparator)
        result = result and bool(_COMPARE[type(op)](left, right))
        left = right
    return result


_MAKERS: dict[type, Callable] = {
    ast.Tuple: lambda node, of: tuple(map(of, node.elts)),
    ast.List: lambda node, of: list(map(of, node.elts)),
    ast.Set: lambda node, of: set(map(of, node.elts)),
    ast.Dict: lambda node, of: dict(zip(map(of, node.keys), map(of, node.values))),
    ast.BinOp: _binary,
    ast.UnaryOp: _unary,
    ast.BoolOp: _boolean,
    ast.Compare: _compare,
    ast.IfExp: lambda node, of: of(node.body) if of(node.test) else of(node.orelse),
}


def _allowed(op: ast.operator, left: object, right: object) -> None:
    """Refuse what differs between targets or would make a large value, before making it."""
    if isinstance(left, dict) or isinstance(right, dict):
        raise Unsafe("an operator on a dict")  # ``|`` came with 3.9
    if isinstance(op, ast.Mod) and isinstance(left, (str, bytes)):
        raise Unsafe("% formatting")
    if not (isinstance(left, int) and isinstance(right, int)):
        left, right = (left, right) if isinstance(right, int) else (right, left)
        too_many = isinstance(op, ast.Mult) and isinstance(left, _SIZED) and isinstance(right, int)
        if too_many and len(left) * right > LIMIT:
            raise Unsafe("a large repetition")
        return
    if isinstance(op, ast.Pow) and abs(left) > 1 and left.bit_length() * right > LIMIT:
        raise Unsafe("a large power")
    if isinstance(op, ast.LShift) and left and right > LIMIT:
        raise Unsafe("a large shift")


def _checked(value: object) -> object:
    """``value`` unless it is too large to be made again (a chain of products)."""
    if isinstance(value, int) and value.bit_length() > LIMIT:
        raise Unsafe("a large integer")
    if isinstance(value, _SIZED) and len(value) > LIMIT:
        raise Unsafe("a large value")
    return value

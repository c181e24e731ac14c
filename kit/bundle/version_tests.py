"""Tests of the running Python's version, read for what they give on each version.

``sys.version_info >= (3, 9)`` runs its branch from 3.9 on; ``sys.version_info > (3, 8)`` is
true on every 3.8 too (``(3, 8, 18, "final", 0) > (3, 8)``), so it guards nothing; nor does
``sys.version_info.major >= 3``. A comparison (one operator) of ``sys.version_info``, a slice
or item of it (``[:2]``, ``[1]``), its ``major``/``minor``/``micro``, or ``sys.hexversion``,
with a literal integer or tuple of integers, is evaluated on every version the kit checks
(3.8 to ``LAST_MINOR``, each at micro 0 and 99 and at each integer it is compared with and
those beside it: ``sys.version_info.micro == 18`` turns twice within 3.8):

    reading(test) -> ("always", True) | ("always", False) | ("from", (3, 9)) | ("below", (3, 9))
                     | None

None for any other test, or one whose answer turns within a minor version (``>= (3, 9, 1)``)
or turns more than once (``== (3, 9)``): those stay guards of their whole ``if``.
"""

from __future__ import annotations

import ast
import operator

FIRST_MINOR, LAST_MINOR = 8, 20  # the versions a test is read on: 3.8 to 3.20
_OPERATORS = {
    ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
    ast.Eq: operator.eq, ast.NotEq: operator.ne,
}  # fmt: skip
_FIELDS = {"major": 0, "minor": 1, "micro": 2}


def reading(test: ast.expr) -> tuple[str, object] | None:
    """What the version test ``test`` gives, version by version (see the module doc)."""
    answers = _answers(test)
    if answers is None:
        return None
    micros = _micros(test)
    by_minor = []
    for minor in range(FIRST_MINOR, LAST_MINOR + 1):
        if len({answers(minor, micro) for micro in micros}) > 1:
            return None  # turns within the minor version
        by_minor.append(answers(minor, 0))
    if len(set(by_minor)) == 1:
        return "always", by_minor[0]
    turns = [i for i in range(1, len(by_minor)) if by_minor[i] != by_minor[i - 1]]
    if len(turns) != 1:
        return None
    version = (3, FIRST_MINOR + turns[0])
    return ("from", version) if by_minor[-1] else ("below", version)


def span(test: ast.expr) -> tuple[str, tuple[int, int], tuple[int, int]] | None:
    """Where a version test that turns once, within a minor version or not, turns: ("from",
    the first minor version it may hold on, the first it holds on whole), or "below" the other
    way round (``sys.version_info >= (3, 9, 5)``: ("from", (3, 9), (3, 10)), both ways on 3.9
    and on a target whose micro version is not known); None for any other test."""
    answers = _answers(test)
    if answers is None:
        return None
    micros = _micros(test)
    minors = range(FIRST_MINOR, LAST_MINOR + 1)
    seen = [answers(minor, micro) for minor in minors for micro in micros]
    if sum(seen[at] != seen[at - 1] for at in range(1, len(seen))) != 1:
        return None
    mixed = [minor for minor in minors if len({answers(minor, m) for m in micros}) > 1]
    first = next(minor for minor in minors if answers(minor, micros[-1]) == seen[-1])
    whole = mixed[0] + 1 if mixed else first
    return ("from" if seen[-1] else "below"), (3, first), (3, whole)


def _micros(test: ast.Compare) -> list[int]:
    """The micro versions (of 0 to 99) a test is read on: 0 and 99, and each integer it is
    compared with (a ``hexversion``'s micro byte too) and those beside it, where an answer
    may turn (``sys.version_info.micro == 18`` holds on CPython 3.8.18 alone: read on 0 and
    99 only, it was false everywhere)."""
    told = [test.left, *test.comparators]
    values = [v for node in told for n in _ints(_literal(node)) for v in (n, n >> 8 & 0xFF)]
    return sorted({0, 99} | {near for v in values for near in (v - 1, v, v + 1) if 0 <= near <= 99})


def _ints(literal) -> list[int]:
    """The integers of a literal ``_literal`` read (none for None)."""
    return [literal] if isinstance(literal, int) else list(literal or ())


def _answers(test: ast.expr):
    """A function of (minor, micro) giving the test's value, when it is a version test."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    compare = _OPERATORS.get(type(test.ops[0]))
    left, right = test.left, test.comparators[0]
    version, literal, swapped = _version_of(left), _literal(right), False
    if version is None:
        version, literal, swapped = _version_of(right), _literal(left), True
    if compare is None or version is None or literal is None:
        return None

    def answer(minor: int, micro: int) -> bool:
        value = version((3, minor, micro, "final", 0))
        return compare(literal, value) if swapped else compare(value, literal)

    return answer


def _version_of(node: ast.expr):
    """A function of a version_info tuple giving what ``node`` reads of it, or None."""
    if isinstance(node, ast.Attribute) and _is_sys(node.value):
        return _SYS_READS.get(node.attr)
    if isinstance(node, ast.Attribute) and node.attr in _FIELDS and _is_info(node.value):
        return lambda info, at=_FIELDS[node.attr]: info[at]
    if isinstance(node, ast.Subscript) and _is_info(node.value):
        return _item_of(node.slice)
    return None


def _item_of(index: ast.expr):
    """``version_info[index]`` as a function, for a literal index or slice; else None."""
    if isinstance(index, ast.Constant) and isinstance(index.value, int):
        return lambda info, at=index.value: info[at]
    if not (isinstance(index, ast.Slice) and index.step is None):
        return None
    bounds = [None if part is None else _literal(part) for part in (index.lower, index.upper)]
    if all(bound is None or isinstance(bound, int) for bound in bounds):
        return lambda info, b=bounds: info[b[0] : b[1]]
    return None


_SYS_READS = {
    "version_info": lambda info: info,
    "hexversion": lambda info: 0x03000000 | info[1] << 16 | info[2] << 8 | 0xF0,
}


def _is_sys(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "sys"


def _is_info(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "version_info" and _is_sys(node.value)


def _literal(node: ast.expr | None):
    """An integer, or a tuple of integers, written as a literal; else None."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Tuple) and all(
        isinstance(item, ast.Constant) and type(item.value) is int for item in node.elts
    ):
        return tuple(item.value for item in node.elts)
    return None

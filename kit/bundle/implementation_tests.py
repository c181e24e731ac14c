"""Tests of the implementation, read as PyPy and CPython answer them.

``if sys.implementation.name == "pypy":`` runs its branch under PyPy only and its ``else``
under CPython only. The API check (``kit.check.apis``) holds each branch to the targets of the
implementation that runs it (``from math import cbrt``, 3.11, in PyPy's branch fails a
``pypy3.10`` target, not a ``cpython3.13`` one), where any other guard passes its whole ``if``.

``taken_by(test, bound)`` is ``"pypy"`` or ``"cpython"``, the implementation under which
``test`` is true (and false under the other), when ``test`` is made of

- ``sys.implementation.name`` compared (``==``, ``!=``, ``in``, ``not in``) with strings;
- ``platform.python_implementation()`` compared so;
- a string ``in`` (or ``not in``) ``sys.version`` or ``sys.builtin_module_names`` (``"PyPy" in
  sys.version``, ``"__pypy__" in sys.builtin_module_names``);
- ``hasattr(sys, "pypy_version_info")``;
- ``not``, ``and`` and ``or`` of those, and names the module binds once, at its top level, to
  such a test (``bound``: ``PYPY = sys.implementation.name == "pypy"``);
- a test written around one (``kit.bundle.wrapped_tests``: ``bool(PYPY)``, ``(not PYPY) ==
  False``; a name compared with ``True`` or ``False``, ``PYPY == False``, only when it is
  bound to a ``bool``, not ``P2 = 2 if PYPY else 0``, which ``P2 == True`` finds false
  everywhere), and a chained comparison, as the ``and`` of its links;

None for anything else. ``branches(test, bound, plain)`` reads the ``if`` on a test that holds
other questions too, ``plain`` ones (no guard: ``PYPY and len(a) > 5``): the implementation
that alone may run its branch, and the one that alone may run its ``else`` (``PYPY and x``:
PyPy's branch, an ``else`` either may run).

    taken_by(test, bound={}) -> "pypy" | "cpython" | None
    branches(test, bound={}, plain=None) -> (impl | None, impl | None)
    implementation_flags(tree) -> {name: test}
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from kit.bundle.sources import tests_bound_once
from kit.bundle.wrapped_tests import around, chained, is_bool_valued

PYPY, CPYTHON = "pypy", "cpython"
# what each implementation answers: sys.implementation.name, platform.python_implementation(),
# a sys.version (its words about the build), sys.builtin_module_names (the module that tells)
_VALUES = {
    PYPY: {
        ("sys", "implementation", "name"): "pypy",
        ("platform", "python_implementation"): "PyPy",
        ("sys", "version"): "3.10.14 (75b3de9d9035, Feb 2025) [PyPy 7.3.19 with GCC 10.2.1]",
        ("sys", "builtin_module_names"): ("__pypy__", "sys", "builtins"),
    },
    CPYTHON: {
        ("sys", "implementation", "name"): "cpython",
        ("platform", "python_implementation"): "CPython",
        ("sys", "version"): "3.13.1 (main, Dec  4 2024, 08:54:15) [GCC 13.2.0]",
        ("sys", "builtin_module_names"): ("sys", "builtins"),
    },
}


def taken_by(test: ast.expr, bound: dict[str, ast.expr] | None = None) -> str | None:
    """The implementation under which ``test`` is true and false under the other, or None."""
    answers = {impl: _truth(test, impl, bound or {}) for impl in (PYPY, CPYTHON)}
    if answers == {PYPY: True, CPYTHON: False}:
        return PYPY
    if answers == {PYPY: False, CPYTHON: True}:
        return CPYTHON
    return None


def branches(
    test: ast.expr,
    bound: dict[str, ast.expr] | None = None,
    plain: Callable[[ast.expr], bool] | None = None,
) -> tuple[str | None, str | None]:
    """The implementation that alone may run the branch of an ``if`` on ``test``, and the one
    that alone may run its ``else``; None for either, or when ``test`` holds a part neither a
    test of the implementation nor ``plain``."""
    answers = [_truth(test, impl, bound or {}, plain) for impl in (PYPY, CPYTHON)]
    if None in answers:
        return None, None
    body = [impl for impl, value in zip((PYPY, CPYTHON), answers) if value is not False]
    orelse = [impl for impl, value in zip((PYPY, CPYTHON), answers) if value is not True]
    return (body[0] if len(body) == 1 else None), (orelse[0] if len(orelse) == 1 else None)


MAYBE = "maybe"  # a plain part's value: either, whatever the implementation


def _truth(
    test: ast.expr,
    impl: str,
    bound: dict[str, ast.expr],
    plain: Callable[[ast.expr], bool] | None = None,
) -> bool | str | None:
    """``test``'s value under ``impl`` (MAYBE where it turns on a ``plain`` part), or None
    when it is no test of the implementation."""
    test = chained(test) or test  # a < b < c: a < b and b < c
    if isinstance(test, ast.BoolOp):
        return _combined(test, [_truth(value, impl, bound, plain) for value in test.values])
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        value = _truth(test.operand, impl, bound, plain)
        return value if value in (None, MAYBE) else not value
    bools = {name for name, bound_to in bound.items() if is_bool_valued(bound_to)}
    read = around(test, bools)  # (not PYPY) == False, bool(PYPY), PYPY == True: as PYPY
    if read is not None:
        value = _truth(read[0], impl, bound, plain)
        return value if value in (None, MAYBE) or not read[1] else not value
    if isinstance(test, ast.Name) and test.id in bound:
        return _truth(bound[test.id], impl, {})
    asked = _asked(test, impl)
    if asked is None and plain is not None and plain(test):
        return MAYBE
    return asked


def _combined(test: ast.BoolOp, values: list[bool | str | None]) -> bool | str | None:
    """An ``and``'s or an ``or``'s value from its parts'."""
    if None in values:
        return None
    settles = isinstance(test.op, ast.Or)  # or: a True settles it; and: a False
    if settles in values:
        return settles
    return MAYBE if MAYBE in values else not settles


def _asked(test: ast.expr, impl: str) -> bool | None:
    """The value under ``impl`` of one question about the implementation, or None."""
    if isinstance(test, ast.Call) and _is_pypy_attribute_test(test):
        return impl == PYPY
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        return _compared(test.left, test.ops[0], test.comparators[0], impl)
    return None


def _is_pypy_attribute_test(call: ast.Call) -> bool:
    """``hasattr(sys, "pypy_version_info")``."""
    if getattr(call.func, "id", None) != "hasattr" or len(call.args) != 2 or call.keywords:
        return False
    owner, name = call.args
    return getattr(owner, "id", None) == "sys" and getattr(name, "value", None) == (
        "pypy_version_info"
    )


def _compared(left: ast.expr, op: ast.cmpop, right: ast.expr, impl: str) -> bool | None:
    if isinstance(op, (ast.Eq, ast.NotEq)):
        value, constant = _value(left, impl), _constant(right)
        if value is None or not isinstance(constant, str):
            value, constant = _value(right, impl), _constant(left)
        if value is None or not isinstance(constant, str):
            return None
        return (value == constant) == isinstance(op, ast.Eq)
    if isinstance(op, (ast.In, ast.NotIn)):
        value, constant = _value(right, impl), _constant(left)
        if value is None or not isinstance(constant, str):  # sys.implementation.name in (...)
            value, constant = _value(left, impl), _constant(right)
            if not isinstance(value, str) or not isinstance(constant, tuple):
                return None
            return (value in constant) == isinstance(op, ast.In)
        return (constant in value) == isinstance(op, ast.In)
    return None


def _value(node: ast.expr, impl: str) -> str | tuple | None:
    """What ``impl`` answers for ``node`` (one of ``_VALUES``' expressions), or None."""
    if isinstance(node, ast.Call) and not node.args and not node.keywords:
        node = node.func
    path = []
    while isinstance(node, ast.Attribute):
        path.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return _VALUES[impl].get((node.id, *reversed(path)))


def _constant(node: ast.expr) -> str | tuple | None:
    """A string constant, or a tuple, list or set of them as a tuple; else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        items = tuple(getattr(item, "value", None) for item in node.elts)
        return items if all(isinstance(item, str) for item in items) else None
    return None


def implementation_flags(tree: ast.Module) -> dict[str, ast.expr]:
    """The names the module binds once, at its top level, to a test of the implementation."""
    return tests_bound_once(tree, lambda test: taken_by(test) is not None)

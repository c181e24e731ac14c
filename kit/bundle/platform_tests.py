"""Tests of the operating system, read as they come out on Windows.

A judge that runs Python on Windows (Codeforces, Timus) skips the branch of ``if
sys.platform != "win32":`` that Unix-only code sits in, and takes the other one: the check of
Unix-only modules and members (``kit.check``) needs to know which branch that is, not only
that the test is about the platform (``if sys.platform != "darwin": import resource`` runs
``import resource`` on Windows).

``on_windows(test, bound)`` is True or False when ``test`` is made of ``sys.platform``,
``os.name`` and ``platform.system()`` compared with string constants (``==``, ``!=``, ``in``,
``not in``, ``.startswith(...)``), ``not``, ``and`` and ``or``, and of names the module binds
to such tests (``bound``: ``WINDOWS = sys.platform == "win32"``); None for anything else.
Windows' values: ``sys.platform`` is ``"win32"``, ``os.name`` ``"nt"``, ``platform.system()``
``"Windows"``.

A ``match`` on one of those values whose cases are string constants, ``|`` of them, or ``_``
(or a bare name, which takes anything), none with an ``if`` guard, is read as the chain of
``if`` / ``elif`` it stands for (``cases_on_windows``: Windows runs the body of the first case
that matches ``"win32"``, and no other).

    on_windows(test, bound={}) -> bool | None
    cases_on_windows(statement) -> [bool] | None   # whether Windows runs each case's body
    platform_flags(tree) -> {name: test}   # names bound once, at the top level, to such tests
"""

from __future__ import annotations

import ast

from kit.bundle.sources import tests_bound_once
from kit.bundle.wrapped_tests import chained

WINDOWS = {("sys", "platform"): "win32", ("os", "name"): "nt", ("platform", "system"): "Windows"}


def on_windows(test: ast.expr, bound: dict[str, ast.expr] | None = None) -> bool | None:
    """The value of ``test`` on Windows, or None when it is no test of the platform alone."""
    bound = bound or {}
    test = chained(test) or test  # a < b < c: a < b and b < c
    if isinstance(test, ast.BoolOp):
        return _joined(test, [on_windows(value, bound) for value in test.values])
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        value = on_windows(test.operand, bound)
        return None if value is None else not value
    if isinstance(test, ast.Name) and test.id in bound:
        return on_windows(bound[test.id], {})
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        return _compared(test.left, test.ops[0], test.comparators[0])
    return _starts(test)


def _joined(test: ast.BoolOp, values: list[bool | None]) -> bool | None:
    """``and`` or ``or`` of known values: known when one decides it, or all are known."""
    decides = not isinstance(test.op, ast.And)  # True decides an "or", False an "and"
    if decides in values:
        return decides
    return None if None in values else not decides


def _starts(test: ast.expr) -> bool | None:
    """``sys.platform.startswith("linux")`` (or a tuple of prefixes) on Windows."""
    if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute)):
        return None
    text = _value(test.func.value)
    if test.func.attr != "startswith" or text is None or len(test.args) != 1:
        return None
    prefixes = _strings(test.args[0])
    return None if prefixes is None else text.startswith(tuple(prefixes))


def _compared(left: ast.expr, op: ast.cmpop, right: ast.expr) -> bool | None:
    equality, membership = isinstance(op, (ast.Eq, ast.NotEq)), isinstance(op, (ast.In, ast.NotIn))
    positive = isinstance(op, (ast.Eq, ast.In))
    text, other = _value(left), _strings(right)
    if text is not None and other is not None:
        constant = isinstance(right, ast.Constant)
        if equality and constant:
            return (text == other[0]) == positive
        if membership:
            return (text in (other[0] if constant else other)) == positive
    text, other = _value(right), _strings(left)  # "win" in sys.platform, "nt" == os.name
    if text is not None and other is not None and isinstance(left, ast.Constant):
        if membership:
            return (other[0] in text) == positive
        if equality:
            return (other[0] == text) == positive
    return None


def _value(node: ast.expr) -> str | None:
    """Windows' value of ``sys.platform``, ``os.name`` or ``platform.system()``."""
    if isinstance(node, ast.Call) and not node.args:
        node = node.func
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return WINDOWS.get((node.value.id, node.attr))
    return None


def _strings(node: ast.expr) -> list[str] | None:
    """A string constant, or a tuple, list or set of them, as a list; else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        items = [item.value for item in node.elts if isinstance(item, ast.Constant)]
        if len(items) == len(node.elts) and all(isinstance(item, str) for item in items):
            return items
    return None


def cases_on_windows(statement: ast.Match) -> list[bool] | None:
    """Whether Windows runs each case's body of a ``match`` on the platform: the first
    whose pattern matches its value alone; None when the ``match`` is no such reading
    (another subject, another pattern, a case's ``if`` guard)."""
    value = _value(statement.subject)
    runs: list[bool] = []
    for case in statement.cases:
        strings = None if case.guard is not None else _pattern_strings(case.pattern)
        if value is None or strings is None:
            return None
        runs.append(not any(runs) and (not strings or value in strings))  # ``_``: no strings
    return runs


def _pattern_strings(pattern: ast.pattern) -> list[str] | None:
    """The strings a case's pattern matches: ``"win32"``, ``"linux" | "darwin"``; empty for
    ``_`` or a bare name, which match anything; None for any other pattern."""
    if isinstance(pattern, ast.MatchAs) and pattern.pattern is None:
        return []
    if isinstance(pattern, ast.MatchOr):
        found = [_pattern_strings(inner) for inner in pattern.patterns]
        if any(strings is None or not strings for strings in found):
            return None
        return [text for strings in found for text in strings]  # type: ignore[union-attr]
    if isinstance(pattern, ast.MatchValue):
        return _strings(pattern.value) if isinstance(pattern.value, ast.Constant) else None
    return None


def platform_flags(tree: ast.Module) -> dict[str, ast.expr]:
    """The names the module binds once, at its top level, to a test of the platform."""
    return tests_bound_once(tree, lambda test: on_windows(test) is not None)

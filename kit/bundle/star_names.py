"""The names a star import of a module takes: its ``__all__`` as the module-level statements
write it (assigned, extended, appended to, inserted into, in any block's branch), and the line
of the first write that cannot be read from the text.
"""

from __future__ import annotations

import ast


def star_names(statements: list[ast.stmt]) -> tuple[list[str], int | None]:
    """The names a module's ``__all__`` lists, as its module-level statements write them (in
    ``if``, ``try`` and ``with`` blocks too, all branches taken: ``__all__ = [...]``, ``+=
    [...]``, ``.extend([...])``, ``.append("x")``, ``.insert(i, "x")``, strings only, or
    ``"a b".split()``), and the
    line of a write it cannot read (``__all__ = a.__all__ + b.__all__``), or None."""
    names: list[str] = []
    unread = None
    top = {id(node) for node in statements}
    for node in _module_level_statements(statements):
        value = _all_written(node)
        if value is None:
            continue
        if isinstance(node, ast.Assign) and id(node) in top and any(map(_is_all, node.targets)):
            names = []  # assigned anew, whatever came before
        items = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
        items = _split_words(value) or items  # "top submod".split()
        if not all(isinstance(i, ast.Constant) and isinstance(i.value, str) for i in items):
            unread = unread or node.lineno
            continue
        names += [item.value for item in items if item.value not in names]  # type: ignore
    return names, unread


def _split_words(value: ast.expr) -> list[ast.Constant]:
    """The words of ``"a b c".split()`` as string constants; empty for anything else."""
    if not (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "split"
        and isinstance(value.func.value, ast.Constant)
        and isinstance(value.func.value.value, str)
        and not value.args
        and not value.keywords
    ):
        return []
    return [ast.Constant(word) for word in value.func.value.value.split()]


def _module_level_statements(statements: list[ast.stmt]):
    """The statements, and those of the blocks they open at module level (not functions' or
    classes' bodies)."""
    for node in statements:
        yield node
        if isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
            for field in ("body", "orelse", "finalbody"):
                yield from _module_level_statements(getattr(node, field, []))
            for handler in getattr(node, "handlers", []):
                yield from _module_level_statements(handler.body)


def _all_written(node: ast.stmt) -> ast.expr | None:
    """What a statement writes into ``__all__`` (a list, or one item), or None; a write it
    cannot read (a slice, a call of another method) is returned as it is, to be refused."""
    if isinstance(node, ast.Assign) and any(_is_all(t) for t in node.targets):
        return node.value
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)) and _is_all(node.target):
        return node.value
    if isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Subscript) and _is_all(t.value) for t in node.targets
    ):
        return node.targets[0]  # __all__[i:] = [...]: not read
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        return _all_method(node.value)
    return None


def _all_method(call: ast.Call) -> ast.expr | None:
    """What ``__all__.extend(...)``, ``.append(...)`` or ``.insert(i, ...)`` adds; another
    method of ``__all__`` as it is (not read); None for any other call."""
    function = call.func
    if not (isinstance(function, ast.Attribute) and _is_all(function.value)):
        return None
    if function.attr in ("extend", "append") and len(call.args) == 1:
        return call.args[0]
    if function.attr == "insert" and len(call.args) == 2:
        return call.args[1]
    return call


def _is_all(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "__all__"

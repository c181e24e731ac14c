"""The modules a source imports by calling an import function: ``__import__(NAME)``
(``builtins``' too) and ``importlib.import_module(NAME)``, under any name the source binds them
to, read from the call's literal arguments (its ``fromlist``, ``level`` and ``package``), each
given by position or by keyword (``name="m"``), a name a ``for`` loop takes from a literal
list included; a name computed at run time is found as such, for discovery to refuse.
"""

from __future__ import annotations

import ast

from kit.bundle.sources import (
    Source,
    import_bindings,
    resolve_relative,
    shipped_statements,
    walk,
)


def dynamic_imports(source: Source) -> list[tuple[int, str | None]]:
    """The modules ``source`` imports by calling ``__import__(NAME)`` (``builtins``' too) or
    ``importlib.import_module(NAME)``, under any name it binds them to (``from importlib
    import import_module as load``, ``load = importlib.import_module``), as (line, absolute
    name); the name is None when it is computed, not a string literal. ``__import__``'s
    literal ``fromlist`` adds ``NAME.ITEM`` for each item (a submodule, or an attribute the
    discovery passes over), and its literal ``level`` makes NAME relative to ``source``'s
    package; ``import_module``'s literal package anchors a relative NAME. A helper's main
    block, which does not ship, imports nothing."""
    shipped = ast.Module(body=shipped_statements(source), type_ignores=[])
    return [(call.lineno, name) for call, name in import_calls(source, shipped)]


def import_calls(source: Source, tree: ast.Module) -> list[tuple[ast.Call, str | None]]:
    """``dynamic_imports`` of the calls in ``tree`` (``source``'s, or what of it ships), each
    with its call: whether a guard holds it is read by node (``kit.check.guarded_helpers``)."""
    functions, modules = _import_functions(source)
    found: list[tuple[ast.Call, str | None]] = []
    for node in walk(tree):
        if not (isinstance(node, ast.Call) and _is_import_call(node.func, functions, modules)):
            continue
        first = _argument(node, 0, "name")  # import_module(name="m") too
        looped = _loop_literals(source.tree, first, node.lineno)
        if looped is not None:  # for name in ["heapq", "_heapq"]: import_module(name)
            found += [(node, _absolute(source, name, None, node)) for name in looped]
            continue
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            found.append((node, None))
            continue
        level = _argument(node, 4, "level")  # __import__'s: relative from the caller's package
        dots = "." * level.value if isinstance(level, ast.Constant) and _level(level.value) else ""
        package = None if dots else _literal(_argument(node, 1, "package"))
        name = _absolute(source, dots + first.value, package, node)
        found.append((node, name))
        items = _argument(node, 3, "fromlist")
        if isinstance(items, (ast.List, ast.Tuple)):
            for item in map(_literal, items.elts):
                if item and item != "*":
                    found.append((node, f"{name}.{item}"))
    return found


def _loop_literals(tree: ast.Module, name: ast.expr | None, line: int) -> list[str] | None:
    """The strings a ``for`` loop around ``line`` gives the variable ``name``, when it loops
    over a literal list or tuple of them (PyRival's ``for module in ["heapq", "_heapq"]:``);
    else None."""
    if not isinstance(name, ast.Name):
        return None
    for node in walk(tree):
        if not (isinstance(node, ast.For) and isinstance(node.target, ast.Name)):
            continue
        inside = node.lineno <= line <= (node.end_lineno or node.lineno)
        items = node.iter.elts if isinstance(node.iter, (ast.List, ast.Tuple)) else None
        if node.target.id == name.id and inside and items:
            strings = [_literal(item) for item in items]
            if all(strings):
                return strings  # type: ignore[return-value]
    return None


def _absolute(source: Source, name: str, package: str | None, node: ast.Call) -> str:
    """An import call's module, absolute: a relative one from ``package`` when the call names
    it, else from ``source``'s own package (``import_module(".x", __package__)``)."""
    if not name.startswith("."):
        return name
    level = len(name) - len(name.lstrip("."))
    return resolve_relative(source, level, name.lstrip(".") or None, node.lineno, package)


def _argument(node: ast.Call, position: int, keyword: str) -> ast.expr | None:
    if len(node.args) > position:
        return node.args[position]
    return next((k.value for k in node.keywords if k.arg == keyword), None)


def _level(value: object) -> bool:
    """Whether ``value`` is a relative import's level (``__import__(NAME, g, l, f, 1)``)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < 100


def _literal(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _import_functions(source: Source) -> tuple[set[str], set[str]]:
    """The names ``source`` binds to an import function (``__import__``, ``import_module``,
    by import or by a plain assignment) and to the ``importlib`` and ``builtins`` modules
    (``builtins.__import__("shared.m")``)."""
    functions, modules = {"__import__", "import_module"}, {"importlib", "builtins"}
    for node in walk(source.tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for name, bound in import_bindings(source, node):
                if bound in ("importlib", "builtins"):
                    modules.add(name)
                elif bound in ("importlib.import_module", "builtins.__import__"):
                    functions.add(name)
    for node in walk(source.tree):
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and _is_import_call(node.value, functions, modules)
        ):
            functions.add(node.targets[0].id)
    return functions, modules


def _is_import_call(function: ast.expr, functions: set[str], modules: set[str]) -> bool:
    if isinstance(function, ast.Name):
        return function.id in functions
    return (
        isinstance(function, ast.Attribute)
        and function.attr in ("import_module", "__import__")  # importlib's, builtins'
        and isinstance(function.value, ast.Name)
        and function.value.id in modules
    )

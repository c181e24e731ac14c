"""Which top-level statements of each helper the bundle can reach; the others are cut.

The solution is kept whole, and so is every top-level statement of a helper that is not a plain
definition (a loop filling a table, a call, a ``try`` around an import...). A plain definition
is cut when nothing kept refers to a name it binds:

- ``def`` and ``class`` whose decorators are harmless ones (``lru_cache``, ``dataclass``,
  ``property``...): any other decorator might register the function somewhere;
- ``NAME = value`` (or a tuple of names) whose value calls nothing but pure builtins;
- imports (a kept import keeps every name it imports).

References are names (``f``) and attribute chains on imported modules (``shared.x.f``), found
anywhere in kept code. A module used any other way (passed as a value, ``getattr(module, ...)``,
``vars(module)``, ``dir(module)``, ``from module import *``, any dunder attribute of it such as
``module.__dict__`` or ``module.__getattribute__``), or that uses ``globals()``, ``vars()``,
``__all__``, ``__getattr__`` or its ``__dict__``, stays whole; ``eval``, ``exec``,
``__import__``, ``importlib``, ``sys.modules``, or a function's or frame's globals
(``__globals__``, ``f_globals``, ``f_locals``) anywhere keep everything, and classes are all
kept when any module defines ``__init_subclass__`` or ``__set_name__`` or passes
``metaclass=`` (creating a class may then have effects elsewhere). Helpers'
``if __name__ == "__main__":`` blocks do not ship, so they reach nothing.
"""

from __future__ import annotations

import ast
from collections import deque
from dataclasses import dataclass, field

from kit.bundle.sources import Source, imported_modules, is_literal_table, is_main_block, walk

PURE_DECORATORS = {
    "lru_cache", "cache", "cached_property", "dataclass", "total_ordering", "staticmethod",
    "classmethod", "property", "contextmanager",
}  # fmt: skip
PURE_CALLS = {
    "abs", "all", "any", "bin", "bool", "bytearray", "bytes", "chr", "complex", "dict",
    "divmod", "enumerate", "filter", "float", "frozenset", "hex", "int", "len", "list", "map",
    "max", "min", "object", "oct", "ord", "pow", "range", "reversed", "round", "set", "slice",
    "sorted", "str", "sum", "tuple", "zip",
}  # fmt: skip
MODULE_DYNAMIC = {"globals", "vars", "locals", "__all__", "__getattr__", "__dir__"}
BUNDLE_DYNAMIC = {"eval", "exec", "__import__"}
GLOBALS_ATTRIBUTES = {"__globals__", "f_globals", "f_locals"}  # a function's or frame's globals
CLASS_HOOKS = {"__init_subclass__", "__set_name__"}


@dataclass
class _Item:
    """A top-level statement of a helper that may be cut."""

    node: ast.stmt
    kept: bool = False


@dataclass
class _Module:
    source: Source
    statements: list[ast.stmt]  # what ships (a helper's __main__ blocks left out)
    items: list[_Item] = field(default_factory=list)
    by_name: dict[str, list[_Item]] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)  # a name bound to a module -> module
    whole: bool = False


def unreachable(entry: Source, helpers: list[Source]) -> dict[str, list[ast.stmt]]:
    """For each helper (by name) that has some, its top-level statements nothing reaches."""
    every = [entry, *helpers]
    if any(_is_bundle_dynamic(source) for source in every):
        return {}
    known = {helper.name for helper in helpers}
    classes_pure = not any(_has_class_hooks(source) for source in every)
    reach = _Reach({source.name: _index(source, known, classes_pure) for source in every}, known)
    for module in reach.modules.values():
        cuttable = {id(item.node) for item in module.items}
        for statement in module.statements:
            if id(statement) not in cuttable:
                reach.keep(module, statement)
    while True:
        reach.follow()
        if not reach.keep_dynamic_wholes():
            break
    return {
        name: [item.node for item in module.items if not item.kept]
        for name, module in reach.modules.items()
        if any(not item.kept for item in module.items)
    }


class _Reach:
    """What is kept so far: the names still to follow and the modules used as values."""

    def __init__(self, modules: dict[str, _Module], known: set[str]) -> None:
        self.modules, self.known = modules, known
        self.pending: deque[tuple[str, str]] = deque()
        self.escaped: set[str] = set()
        self.seen: set[tuple[str, str]] = set()

    def keep(self, module: _Module, statement: ast.stmt) -> None:
        finder = _References(module, self.known)
        finder.visit(statement)
        self.pending.extend(finder.found)
        self.escaped.update(finder.escaped)

    def keep_item(self, module: _Module, item: _Item) -> None:
        if not item.kept:
            item.kept = True
            self.keep(module, item.node)

    def follow(self) -> None:
        """Keep every statement binding a name that something kept needs, transitively."""
        while self.pending:
            key = self.pending.popleft()
            if key in self.seen or key[0] not in self.modules:
                continue
            self.seen.add(key)
            module = self.modules[key[0]]
            for item in module.by_name.get(key[1], []):
                self.keep_item(module, item)

    def keep_dynamic_wholes(self) -> bool:
        """Keep whole every module used as a value or reached dynamically; whether any was."""
        whole = [
            module
            for module in self.modules.values()
            if not module.whole and (module.source.name in self.escaped or _is_dynamic(module))
        ]
        for module in whole:
            module.whole = True
            for item in module.items:
                self.keep_item(module, item)
        return bool(whole)


def _index(source: Source, known: set[str], classes_pure: bool) -> _Module:
    statements = source.tree.body
    if not source.is_entry:
        statements = [s for s in statements if not is_main_block(s)]
    module = _Module(source, statements, aliases=_aliases(source, statements, known))
    if source.is_entry:
        return module
    for statement in statements:
        names = _binds(statement, classes_pure)
        if names:
            item = _Item(statement)
            module.items.append(item)
            for name in names:
                module.by_name.setdefault(name, []).append(item)
    return module


def _aliases(source: Source, statements: list[ast.stmt], known: set[str]) -> dict[str, str]:
    """Names bound to modules by the statements' imports: name -> module."""
    aliases: dict[str, str] = {}
    for node in walk(ast.Module(body=statements, type_ignores=[])):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    aliases[alias.asname] = alias.name
                else:
                    top = alias.name.partition(".")[0]
                    aliases[top] = top
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            base = imported_modules(source, node)[0]
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    aliases[alias.asname or alias.name] = f"{base}.{alias.name}"
    return aliases


def _binds(statement: ast.stmt, classes_pure: bool) -> set[str]:
    """The names a cuttable statement binds; empty when the statement must stay."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {statement.name} if _pure_decorators(statement) else set()
    if isinstance(statement, ast.ClassDef):
        pure = classes_pure and not statement.keywords and _pure_decorators(statement)
        return {statement.name} if pure else set()
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return _imported_names(statement)
    if isinstance(statement, (ast.Assign, ast.AnnAssign)):
        return _assigned_names(statement)
    return set()


def _imported_names(statement: ast.Import | ast.ImportFrom) -> set[str]:
    """The names an import binds; empty for ``__future__`` and ``*`` imports, which stay."""
    if isinstance(statement, ast.Import):
        return {alias.asname or alias.name.partition(".")[0] for alias in statement.names}
    if statement.module == "__future__" or any(a.name == "*" for a in statement.names):
        return set()
    return {alias.asname or alias.name for alias in statement.names}


def _assigned_names(statement: ast.Assign | ast.AnnAssign) -> set[str]:
    """The names a pure assignment to plain names binds; empty otherwise."""
    if statement.value is None or not _pure(statement.value):
        return set()
    targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
    names = set()
    for target in targets:
        for node in walk(target):
            if isinstance(node, ast.Name):
                names.add(node.id)
            elif not isinstance(node, (ast.Tuple, ast.List, ast.Starred, ast.expr_context)):
                return set()
    return names


def _pure_decorators(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> bool:
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name not in PURE_DECORATORS:
            return False
    return True


def _pure(expression: ast.expr) -> bool:
    for node in walk(expression):
        if isinstance(node, (ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr)):
            return False
        if isinstance(node, ast.Call) and not (
            isinstance(node.func, ast.Name) and node.func.id in PURE_CALLS
        ):
            return False
    return True


class _References(ast.NodeVisitor):
    """(module, name) pairs a statement needs, and the modules it uses as plain values."""

    def __init__(self, module: _Module, known: set[str]) -> None:
        self.module = module
        self.known = known
        self.found: list[tuple[str, str]] = []
        self.escaped: set[str] = set()

    def generic_visit(self, node: ast.AST) -> None:
        if not is_literal_table(node):  # constants only: nothing to find in there
            super().generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        chain = _chain(node)
        if not chain or chain[0] not in self.module.aliases:
            self.generic_visit(node)
            return
        self.found.append((self.module.source.name, chain[0]))
        target = self.module.aliases[chain[0]]
        for part in chain[1:]:
            if part.startswith("__") and part.endswith("__"):  # __dict__, __getattribute__...
                self.escaped.add(target)
                return
            if f"{target}.{part}" not in self.known:
                self.found.append((target, part))
                return
            target = f"{target}.{part}"
        self.escaped.add(target)  # the chain ends at a module: used as a value

    def visit_Name(self, node: ast.Name) -> None:
        self.found.append((self.module.source.name, node.id))
        if node.id in self.module.aliases:
            self.escaped.add(self.module.aliases[node.id])

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.module == "__future__":
            return
        base = imported_modules(self.module.source, node)[0]
        for alias in node.names:
            if alias.name == "*":
                self.escaped.add(base)
            elif f"{base}.{alias.name}" not in self.known:
                self.found.append((base, alias.name))

    def visit_Global(self, node: ast.Global) -> None:
        self.found.extend((self.module.source.name, name) for name in node.names)


def _chain(node: ast.Attribute) -> list[str]:
    """``a.b.c`` as ``["a", "b", "c"]``; empty when the base is not a plain name."""
    parts = []
    current: ast.expr = node
    while isinstance(current, ast.Attribute):
        parts.append(current.attr)
        current = current.value
    if not isinstance(current, ast.Name):
        return []
    parts.append(current.id)
    return parts[::-1]


def _is_dynamic(module: _Module) -> bool:
    for node in walk(ast.Module(body=module.statements, type_ignores=[])):
        if isinstance(node, ast.Name) and node.id in MODULE_DYNAMIC:
            return True
        if (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.name in MODULE_DYNAMIC
        ):
            return True
        if isinstance(node, ast.Attribute) and node.attr == "__dict__":
            chain = _chain(node)
            if chain and chain[0] in module.aliases:
                return True
    return False


def _is_bundle_dynamic(source: Source) -> bool:
    for node in walk(source.tree):
        if isinstance(node, ast.Name) and node.id in BUNDLE_DYNAMIC:
            return True
        if isinstance(node, ast.Attribute) and _chain(node)[:2] == ["sys", "modules"]:
            return True
        if isinstance(node, ast.Attribute) and node.attr in GLOBALS_ATTRIBUTES:
            return True
        if isinstance(node, ast.Import) and any(
            a.name.partition(".")[0] == "importlib" for a in node.names
        ):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("importlib"):
            return True
    return False


def _has_class_hooks(source: Source) -> bool:
    for node in walk(source.tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in CLASS_HOOKS:
            return True
        if isinstance(node, ast.ClassDef) and node.keywords:
            return True
    return False

"""The ``|`` and ``|=`` a module joins a dict with, which 3.9 brought (PEP 584): ``{'a': 1} |
other``, and between names: ``merged = best | extra`` after ``best = {}``, ``counts |= other``
after ``counts = dict(...)``, raise TypeError on 3.8.

A name is a dict within one scope (the module body, a function's or a class's; what another
scope binds is not read) when every binding of it there is one: a dict display or comprehension
(``{**a, **b}`` too), ``dict(...)`` (the builtin: the module binds no ``dict``),
``defaultdict(...)`` or ``OrderedDict(...)`` however imported from ``collections``, ``.copy()``
of one, a dict name, or the union of two (``c = a | b``; with one side not surely a dict the
union is none: that side's ``__ror__`` may give anything); ``|=`` on it keeps it one. A
parameter, a loop's, ``with``'s or ``except``'s target, an import, a name declared ``global``
or ``nonlocal`` anywhere, and any other binding make it none. ``Counter``, whose ``|`` 3.8 has,
is no dict here; an attribute or an item is no name. ``|`` with a dict on either side is found,
``|=`` on a dict name (a ``Counter``'s ``|=`` takes a dict on 3.8). ``dict_unions`` gives their
nodes to the API check's own rules (``kit.check.apis``).

A scope is read without order, and a star import as binding none of its names: ``d = {}``,
``from m import *``, then ``d | x`` is flagged, though ``m`` may bind ``d``. What ``m`` binds is
not read; a contest solution star-imports standard modules (``from math import *``), at its
top, before it binds its own names.
"""

from __future__ import annotations

import ast
from collections import deque
from dataclasses import dataclass, field

from kit.bundle.sources import walk
from kit.check.evaluated_types import FUNCTIONS, SCOPES, in_scope
from kit.check.member_uses import BINDERS, member_uses, names_bound_by

DICT_CLASSES = {"defaultdict", "OrderedDict"}  # collections' dicts, whose | came in 3.9


@dataclass(frozen=True)
class _Makers:
    """What a call of gives a dict: the names (``dict``, ``defaultdict`` imported by name) and
    the ids of the nodes naming a class of ``collections`` (``collections.OrderedDict``)."""

    names: frozenset[str]
    nodes: frozenset[int]


def dict_unions(tree: ast.Module) -> list[ast.AST]:
    """Each ``|`` with a dict on either side and each ``|=`` on a dict name (the names read
    only in a module that holds a ``|``: most code has none)."""
    if not any(type(node) in _BARRED and type(node.op) is ast.BitOr for node in walk(tree)):
        return []
    module = _Module()
    scopes, todo = [], deque([tree])  # the scopes read; those found, still to read
    while todo:
        scopes.append(_read_scope(todo.popleft(), module, todo))
    makers = _makers(tree, module.dict_bound, module.collections)
    found = []
    for scope in scopes:
        if scope.unions:
            dicts = _dict_names(scope.bindings, makers) - module.declared
            found += [node for node in scope.unions if _is_union(node, dicts, makers)]
    return found


_BARRED = {ast.BinOp, ast.AugAssign}  # what may be a | or |=


@dataclass
class _Module:
    """What the module's scopes tell of it, read with them: the names declared ``global`` or
    ``nonlocal`` (bound in another scope too), whether it binds ``dict`` and whether it
    imports ``collections``."""

    declared: set[str] = field(default_factory=set)
    dict_bound: bool = False
    collections: bool = False


@dataclass
class _Scope:
    """One scope's bindings (what each name is bound to; None: what is not read) and its
    ``|`` and ``|=``."""

    bindings: dict[str, list[ast.expr | None]] = field(default_factory=dict)
    unions: list[ast.AST] = field(default_factory=list)


def _read_scope(scope: ast.AST, module: _Module, todo: deque[ast.AST]) -> _Scope:
    """``scope``'s bindings and unions, in one pass over its own nodes (a parent before its
    children: an assignment's value is known when its target comes); what it tells of the
    module into ``module``, the scopes defined in it onto ``todo``."""
    read = _Scope()
    values: dict[int, ast.expr] = {}  # a name assigned: its value, by the target's id
    kept: set[int] = set()  # the target of a |=, which leaves a dict one
    for name in _parameters(scope):
        read.bindings.setdefault(name, []).append(None)
        module.dict_bound = module.dict_bound or name == "dict"
    for node in in_scope(scope):
        kind = type(node)
        if kind is ast.Assign:
            values.update((id(t), node.value) for t in node.targets if type(t) is ast.Name)
        elif kind is ast.AnnAssign and node.value is not None:
            values[id(node.target)] = node.value
        elif kind in _BARRED and type(node.op) is ast.BitOr:
            read.unions.append(node)
            if kind is ast.AugAssign:
                kept.add(id(node.target))
        elif kind is ast.Import or kind is ast.ImportFrom:
            module.collections = module.collections or _imports_collections(node)
        elif isinstance(node, SCOPES):
            todo.append(node)
        if kind in BINDERS and id(node) not in kept:
            if kind is ast.Global or kind is ast.Nonlocal:
                module.declared.update(node.names)
            for name in names_bound_by(node):
                read.bindings.setdefault(name, []).append(values.get(id(node)))
                module.dict_bound = module.dict_bound or name == "dict"
    return read


def _imports_collections(node: ast.AST) -> bool:
    if isinstance(node, ast.ImportFrom):
        return node.module == "collections" and not node.level
    return isinstance(node, ast.Import) and any(
        alias.name.split(".")[0] == "collections" for alias in node.names
    )


def _makers(tree: ast.Module, dict_bound: bool, collections: bool) -> _Makers:
    """The dict makers of ``tree``: ``dict`` unless the module binds that name, and
    ``collections``' dict classes when it imports that module."""
    names = set() if dict_bound else {"dict"}
    nodes: set[int] = set()
    for node, _, member in member_uses(tree, ("collections",)) if collections else ():
        if member not in DICT_CLASSES:
            continue
        if isinstance(node, ast.ImportFrom):
            names.update(a.asname or a.name for a in node.names if a.name == member)
        else:
            nodes.add(id(node))  # collections.defaultdict, or defaultdict star-imported
    return _Makers(frozenset(names), frozenset(nodes))


def _dict_names(bindings: dict[str, list[ast.expr | None]], makers: _Makers) -> set[str]:
    """The names of ``bindings`` (one scope's) every binding of which is a dict."""
    dicts = set(bindings)  # then each bound to what is not surely a dict left out, till none is
    while True:  # a name bound only to dicts and to each other (``a = b``, ``b = a``) stays one
        now = {
            name
            for name in dicts
            if all(value is not None and _is_dict(value, dicts, makers) for value in bindings[name])
        }
        if now == dicts:
            return dicts
        dicts = now


def _parameters(scope: ast.AST) -> list[str]:
    if not isinstance(scope, FUNCTIONS):
        return []
    arguments = scope.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
    return [arg.arg for arg in every]


def _is_dict(node: ast.expr, dicts: set[str], makers: _Makers) -> bool:
    """Whether ``node`` is surely a dict (of ``dict``, ``defaultdict`` or ``OrderedDict``): a
    union of two is one (``a | b | c`` read along its left, however long)."""
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        if not _is_dict(node.right, dicts, makers):
            return False
        node = node.left
    if isinstance(node, (ast.Dict, ast.DictComp)):
        return True
    if isinstance(node, ast.Name):
        return node.id in dicts
    if not isinstance(node, ast.Call):
        return False
    called = node.func
    if id(called) in makers.nodes or (isinstance(called, ast.Name) and called.id in makers.names):
        return True
    copy = isinstance(called, ast.Attribute) and called.attr == "copy"
    return copy and not node.args and not node.keywords and _is_dict(called.value, dicts, makers)


def _is_union(node: ast.AST, dicts: set[str], makers: _Makers) -> bool:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _is_dict(node.left, dicts, makers) or _is_dict(node.right, dicts, makers)
    if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.BitOr):
        return isinstance(node.target, ast.Name) and node.target.id in dicts
    return False

"""The types a module's code evaluates when it runs that only a Python newer than 3.8 can.

- ``list[int]`` and its kind (``dict``, ``set``, ``frozenset``, ``tuple``, ``type``, and the
  classes of ``collections`` and ``collections.abc`` however imported: ``deque[int]``,
  ``collections.abc.Iterable[int]``), which 3.9 made subscriptable (PEP 585), and ``|`` between
  two types (``int | None``), which 3.10 brought;
- where 3.8 evaluates them: a class body's annotations when the class is created (in its
  blocks too) and a function's when its ``def`` runs (the bundle keeps a function's where it
  reads annotations: ``inspect``, ``get_type_hints``), unless the module imports
  ``annotations`` from ``__future__``; outside annotations whatever it imports from there: an
  alias (``Grid = list[list[int]]``, ``Num = int | float``), a call's argument
  (``isinstance(x, int | str)``);
  and a module's own ``x: T = v`` where the bundle keeps it, one that is no plain type (``a:
  list[int] if sys.version_info < (3, 9) else list = {}``). The bundle strips every other
  annotation. One that is a conditional expression, or holds one, is read by its test and
  branches apart (``list[int] if sys.version_info >= (3, 9) else list``, ``Dict[str, list[int]
  if ... else list]``: the API check reads ``list[int]`` on the versions its branch runs on).

A builtin's name the module binds to something else is not the builtin (``type =
input().split()``, then ``type[0]``), and a class's attributes joined by ``|`` are values (enum
flags, ``Perm.R | Perm.W``), not types. ``newer_types`` gives them to the API check's own rules
(``kit.check.apis``).
"""

from __future__ import annotations

import ast
from collections import deque
from dataclasses import dataclass

from kit.bundle.sources import children, is_literal_table, lazy_annotations, walk

BUILTIN_GENERICS = {"list", "dict", "set", "frozenset", "tuple", "type"}
# collections' classes that 3.9 made subscriptable (PEP 585), with every collections.abc class
COLLECTION_GENERICS = {"deque", "defaultdict", "OrderedDict", "Counter", "ChainMap"}
BUILTIN_TYPES = BUILTIN_GENERICS | {
    "int", "float", "complex", "str", "bytes", "bytearray", "bool", "object", "range",
}  # fmt: skip


def newer_types(
    tree: ast.Module, classes: frozenset[str]
) -> list[tuple[ast.AST, str, tuple[int, int]]]:
    """(node, what, version) of the types the module evaluates that need a Python newer than
    3.8: its definitions' annotations, ``list[int]`` and its kind outside annotations and
    ``|`` between two types there (``classes``: the bundle's, each a type); the node is the
    type's own, but a class-body annotation's statement (a branch's, of one that is a conditional
    expression: ``_parts_needing``)."""
    generics = _collection_generics(tree)  # deque and its kind, as the module imports them
    found = []
    if not lazy_annotations(tree.body):  # else no annotation is evaluated
        for node in walk(tree):
            if type(node) in _DEFINITIONS:
                found += _DEFINITIONS[type(node)](node, generics)
        found += _module_annotations(tree, generics)
    for node, text in _evaluated_generics(tree, generics):
        kind = "builtin" if text.partition("[")[0] in BUILTIN_GENERICS else "collections"
        found.append((node, f"{text} (a {kind} type subscripted)", (3, 9)))
    for node, text in _evaluated_unions(tree, _types(tree, classes)):
        found.append((node, f"{text} (a union of types with |)", (3, 10)))
    return found


def _class_annotations(
    node: ast.ClassDef, generics: frozenset[str] = frozenset()
) -> list[tuple[ast.AST, str, tuple[int, int]]]:
    """(statement, what, version) of the class body's annotations that need a newer
    Python, in its ``if``, ``for``, ``with`` and ``try`` blocks too (``_block_annotations``);
    a branch's own node for one of a conditional expression (``_parts_needing``)."""
    return _scope_annotations(node.body, generics, "class-body annotation")


def _module_annotations(
    tree: ast.Module, generics: frozenset[str] = frozenset()
) -> list[tuple[ast.AST, str, tuple[int, int]]]:
    """(statement, what, version) of the annotations of ``x: T = v`` at the module's top level
    (in its ``if``, ``for``, ``with`` and ``try`` blocks too, not in a function or a class)
    that need a newer Python, every one ``tree`` holds; 3.8 evaluates each it runs. The API
    check gives the tree the bundle ships (``Source.shipped_tree``), from which the bundle has
    stripped every annotation whose cutting changes nothing
    (``kit.bundle.bound_names.Names.strippable_annotation``): those left are the ones it
    keeps (``a: list[int] if sys.version_info < (3, 9) else list = []``). Read as a class
    body's, by ``_parts_needing``."""
    return _scope_annotations(tree.body, generics, "module annotation")


def _scope_annotations(
    body: list[ast.stmt], generics: frozenset[str], what: str
) -> list[tuple[ast.AST, str, tuple[int, int]]]:
    """(statement, ``what`` and the annotation, version) of the annotations a scope's
    ``body`` evaluates (``_block_annotations``) that need a newer Python; a branch's own node
    for one of a conditional expression (``_parts_needing``)."""
    found = []
    for statement in _block_annotations(body):
        for part, version in _parts_needing(statement.annotation, generics):
            whole = part is statement.annotation
            found.append((statement if whole else part, f"{what} {ast.unparse(part)}", version))
    return found


def _block_annotations(body: list[ast.stmt]) -> list[ast.AnnAssign]:
    """The ``x: T = v`` statements a scope's body runs where it stands: in it and in its
    blocks (``if``, ``for``, ``while``, ``with``, ``try`` and its handlers, ``match``
    cases), not in a function's or a class's, which have their own."""
    found: list[ast.AnnAssign] = []
    todo = list(reversed(body))
    while todo:
        statement = todo.pop()
        if isinstance(statement, tuple(_DEFINITIONS)):
            continue
        if isinstance(statement, ast.AnnAssign):
            found.append(statement)
        inner = []
        for child in children(statement):
            if isinstance(child, ast.stmt):
                inner.append(child)
            elif isinstance(child, (ast.excepthandler, ast.match_case)):
                inner += child.body
        todo += reversed(inner)  # in the order they are written
    return found


def _function_annotations(
    node: ast.FunctionDef | ast.AsyncFunctionDef, generics: frozenset[str] = frozenset()
) -> list:
    """(annotation, what, version) of a function's annotations that need a newer Python: the
    bundle keeps them where it reads annotations (``inspect``, ``get_type_hints``...), and
    ``def`` then evaluates them."""
    arguments = node.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    every += [arg for arg in (arguments.vararg, arguments.kwarg) if arg is not None]
    annotations = [arg.annotation for arg in every if arg.annotation is not None]
    annotations += [node.returns] if node.returns is not None else []
    found = []
    for annotation in annotations:
        for part, version in _parts_needing(annotation, generics):
            found.append((part, f"function annotation {ast.unparse(part)}", version))
    return found


def _parts_needing(
    annotation: ast.expr, generics: frozenset[str]
) -> list[tuple[ast.expr, tuple[int, int]]]:
    """The annotation with the version it needs, if newer than 3.8; but a conditional
    expression's test and branches each apart (``list[int] if sys.version_info >= (3, 9)
    else list``: 3.8 evaluates ``list``), the API check reading a branch on the versions it
    runs on (``kit.check.settled_tests.node_windows``), one deeper down too
    (``Dict[str, list[int] if sys.version_info >= (3, 9) else list]``): the annotation whole
    with what it needs outside such expressions, each of them apart."""
    if isinstance(annotation, ast.IfExp):
        parts = (annotation.test, annotation.body, annotation.orelse)
        return [found for part in parts for found in _parts_needing(part, generics)]
    outside, inner = _outside_expressions(annotation)
    version = _annotation_needs(annotation, generics, outside)
    found = [(annotation, version)] if version else []
    return found + [part for node in inner for part in _parts_needing(node, generics)]


def _outside_expressions(annotation: ast.expr) -> tuple[list[ast.AST], list[ast.IfExp]]:
    """The nodes of ``annotation`` outside its conditional expressions, and the outermost of
    those."""
    outside: list[ast.AST] = []
    inner: list[ast.IfExp] = []
    todo: list[ast.AST] = [annotation]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.IfExp):
            inner.append(node)
            continue
        outside.append(node)
        todo.extend(reversed(list(children(node))))  # in the order they are written
    return outside, inner


_DEFINITIONS = {  # the annotations each kind of definition evaluates when it runs
    ast.ClassDef: _class_annotations,
    ast.FunctionDef: _function_annotations,
    ast.AsyncFunctionDef: _function_annotations,
}


def _evaluated_generics(
    tree: ast.Module, generics: frozenset[str] = frozenset()
) -> list[tuple[ast.expr, str]]:
    """``list[int]`` and its kind outside annotations (see the module doc: the bundle strips
    them all but class bodies', which have their own rule); not where the module binds the
    name to something else (``type = input().split()``, then ``type[0]``); ``deque[int]``
    too, ``generics`` the names the module imports such classes under."""
    skipped = _annotations(tree)  # and the nodes of a finding (reported once, outermost)
    found: list[tuple[ast.expr, str]] = []

    def visit(scope: ast.AST, visible: set[str]) -> None:
        nodes = list(in_scope(scope))
        own = _bound_in(scope, nodes)
        rebound = visible | own
        for node in nodes:  # parents before their children
            if id(node) in skipped:
                continue
            builtin = isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name)
            builtin = builtin and node.value.id in BUILTIN_GENERICS
            if (builtin and node.value.id not in rebound) or _collection_generic(node, generics):
                found.append((node, ast.unparse(node)))
                skipped.update(map(id, walk(node)))
            elif isinstance(node, SCOPES) and node is not scope:
                # what a class body binds is not seen by the functions defined in it
                visit(node, visible if isinstance(scope, ast.ClassDef) else rebound)

    visit(tree, set())
    return found


FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
SCOPES = (*FUNCTIONS, ast.ClassDef)


def in_scope(scope: ast.AST):
    """The nodes of ``scope`` evaluated in it, parents before their children (as ``walk``,
    long literal tables' elements passed over): not the bodies of the functions and classes
    defined in it (yielded themselves, for ``visit``), but their decorators, defaults and
    bases, which the scope evaluates."""
    todo = deque([scope.body] if isinstance(scope, ast.Lambda) else scope.body)
    while todo:
        node = todo.popleft()
        yield node
        if isinstance(node, SCOPES):
            todo.extend([*getattr(node, "decorator_list", []), *getattr(node, "bases", [])])
            if not isinstance(node, ast.ClassDef):
                todo.extend([*node.args.defaults, *(d for d in node.args.kw_defaults if d)])
        elif not is_literal_table(node):
            todo.extend(children(node))


def _bound_in(scope: ast.AST, nodes: list[ast.AST]) -> set[str]:
    """The names ``scope`` binds itself: assigned, a loop's or ``with``'s target, imported, a
    function's or class's defined in it, and its own parameters."""
    bound = set()
    if isinstance(scope, FUNCTIONS):
        arguments = scope.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
        bound.update(arg.arg for arg in every)
    for node in nodes:
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((alias.asname or alias.name).partition(".")[0] for alias in node.names)
        elif isinstance(node, SCOPES) and not isinstance(node, ast.Lambda):
            bound.add(node.name)
    return bound


@dataclass(frozen=True)
class _Types:
    """What a module's ``|`` may join as types: class names (the bundle's, and ``typing``'s
    imported by name) and the names bound to the ``typing`` module itself (``t.X``)."""

    names: frozenset[str]
    modules: frozenset[str] = frozenset({"typing"})


TYPING = ("typing", "typing_extensions")
NOT_TYPES = {"TYPE_CHECKING", "cast", "overload", "final", "no_type_check", "get_type_hints"}


def _types(tree: ast.Module, classes: frozenset[str]) -> _Types:
    """The bundle's ``classes``, the types the module imports from ``typing`` by name (``from
    typing import Callable``; not ``TYPE_CHECKING``, a bool, nor its functions), and the names
    it binds the module itself to (``import typing as t``, read as ``t.X``)."""
    names, modules = set(classes), {"typing"}
    for node in walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in TYPING:
            names.update(a.asname or a.name for a in node.names if a.name not in NOT_TYPES)
        elif isinstance(node, ast.Import):
            modules.update(a.asname or a.name for a in node.names if a.name in TYPING)
    return _Types(frozenset(names), frozenset(modules))


def _annotations(tree: ast.Module) -> set[int]:
    """The ids of the nodes of every parameter, return and assignment annotation (stripped
    from the bundle, so never evaluated there)."""
    skipped: set[int] = set()
    for node in walk(tree):
        if isinstance(node, (ast.AnnAssign, ast.arg)) and node.annotation is not None:
            skipped.update(map(id, walk(node.annotation)))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns:
            skipped.update(map(id, walk(node.returns)))
    return skipped


def _evaluated_unions(tree: ast.Module, types: _Types) -> list[tuple[ast.expr, str]]:
    """``int | None`` and its kind outside annotations: ``|`` between two types, which only
    3.10 evaluates (``isinstance(x, int | str)``, an alias ``Num = int | float``)."""
    skipped = _annotations(tree)
    found = []
    for node in walk(tree):  # parents before their children
        if id(node) in skipped or not _is_union(node, types):
            continue
        found.append((node, ast.unparse(node)))
        skipped.update(map(id, walk(node)))
    return found


def _is_union(node: ast.expr, types: _Types) -> bool:
    return (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.BitOr)
        and _is_type(node.left, types)
        and _is_type(node.right, types)
    )


def _is_type(node: ast.expr, types: _Types) -> bool:
    """Whether ``node`` is surely a type: a builtin type's or a class's name, ``None``, one
    subscripted, a ``typing`` member, or a union of those (not a class's attribute: enum flags
    ``Perm.R | Perm.W`` are values)."""
    if isinstance(node, ast.Name):
        return node.id in BUILTIN_TYPES or node.id in types.names
    if isinstance(node, ast.Constant):
        return node.value is None
    if isinstance(node, ast.Subscript):
        return _is_type(node.value, types)
    if isinstance(node, ast.Attribute):  # typing.X, or t.X under ``import typing as t``
        return isinstance(node.value, ast.Name) and node.value.id in types.modules
    return _is_union(node, types)


def _annotation_needs(
    annotation: ast.expr, generics: frozenset[str] = frozenset(), nodes: list | None = None
) -> tuple[int, int] | None:
    """The version an annotation needs when evaluated, if newer than 3.8 (``nodes``: of its
    nodes, those read; all by default)."""
    need = None
    for node in walk(annotation) if nodes is None else nodes:
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            return (3, 10)
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id in BUILTIN_GENERICS
        ) or _collection_generic(node, generics):
            need = (3, 9)
    return need


def _collection_generics(tree: ast.Module) -> frozenset[str]:
    """The names the module imports the classes of ``collections`` and ``collections.abc``
    under, which 3.9 made subscriptable (``from collections import deque``: ``deque[int]``
    raises TypeError on 3.8)."""
    names = set()
    for node in walk(tree):
        if isinstance(node, ast.ImportFrom) and not node.level:
            for alias in node.names:
                abc = node.module == "collections.abc" and alias.name != "*"
                if abc or (node.module == "collections" and alias.name in COLLECTION_GENERICS):
                    names.add(alias.asname or alias.name)
    return frozenset(names)


def _collection_generic(node: ast.AST, generics: frozenset[str]) -> bool:
    """Whether ``node`` subscripts such a class: by a name ``generics`` holds, or as
    ``collections.deque`` or ``collections.abc.Iterable``."""
    if not isinstance(node, ast.Subscript):
        return False
    value = node.value
    if isinstance(value, ast.Name):
        return value.id in generics
    chain = ast.unparse(value).split(".") if isinstance(value, ast.Attribute) else []
    if chain[:2] == ["collections", "abc"]:
        return True
    return chain[:1] == ["collections"] and chain[-1] in COLLECTION_GENERICS

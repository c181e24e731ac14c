"""The modules of a bundle as the pipeline passes them on, and how their imports resolve.

A ``Source`` is one module: the solution (named ``__main__``) or a helper, with its text
(newlines normalised to ``\\n``) and its syntax tree. The stages fill in the rest: discovery
the helpers and their load order, stripping the shipped text.
"""

from __future__ import annotations

import ast
import itertools
import os
import weakref
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from kit.bundle.source_text import decoded, parse, quiet_parse
from kit.errors import BuildError

ENTRY = "__main__"


@dataclass
class Source:
    name: str  # "__main__" for the solution, else the dotted module name
    path: Path
    rel: str  # the path as shown to the user
    is_package: bool
    text: str  # the original source
    tree: ast.Module
    shipped: str = ""  # the stripped text: same line numbers as ``text``
    saved: dict[str, int] = field(default_factory=dict)  # bytes removed, by reason
    # the solution's lines in top-level definitions nothing reaches (``kit.bundle.reach``):
    # shipped, never run, so not checked
    unused_lines: frozenset[int] = frozenset()
    _shipped_parsed: tuple[str, ast.Module] | None = field(default=None, repr=False, compare=False)

    def ship(self, text: str, tree: ast.Module | None = None) -> None:
        """``text`` as what ships of this module, with its tree when already parsed (the
        strip's verification parses it: it is not parsed again)."""
        self.shipped = text
        if tree is not None:
            self._shipped_parsed = (text, kept(tree))

    def shipped_tree(self) -> ast.Module:
        """The syntax tree of ``shipped``, parsed once for every stage that reads it (none
        may change it)."""
        if self._shipped_parsed is None or self._shipped_parsed[0] != self.shipped:
            self._shipped_parsed = (self.shipped, kept(quiet_parse(self.shipped)))
        return self._shipped_parsed[1]

    @property
    def is_entry(self) -> bool:
        return self.name == ENTRY

    @property
    def package(self) -> str:
        """The package relative imports in this module start from."""
        return self.name if self.is_package else self.name.rpartition(".")[0]


def read_source(root: Path, name: str, path: Path, *, is_package: bool) -> Source:
    rel = relative(root, path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise BuildError(f"{rel}: not found") from None
    except OSError as error:
        raise BuildError(f"{rel}: cannot read: {error.strerror or error}") from None
    text = decoded(raw, rel).replace("\r\n", "\n").replace("\r", "\n")
    return Source(name, path, rel, is_package, text, kept(parse(text, rel)))


def relative(root: Path, path: Path) -> str:
    """``path`` as shown to the user: from the workspace's root, as found there (a helper
    linked in from elsewhere keeps its place in the workspace), else whole."""
    inside = within(root, path)
    return inside.as_posix() if inside is not None else str(path)


def within(root: Path, path: Path) -> Path | None:
    """``path`` relative to the workspace's ``root``, or None when it is not inside: as found
    (a symbolic link in the workspace to a library kept elsewhere is inside), or once both
    are resolved."""
    found = Path(os.path.abspath(path))
    for base, where in ((Path(os.path.abspath(root)), found), (root.resolve(), path.resolve())):
        try:
            return where.relative_to(base)
        except ValueError:
            continue
    return None


def imported_modules(source: Source, node: ast.Import | ast.ImportFrom) -> list[str]:
    """Absolute names of the modules an import statement of ``source`` names."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not node.level:
        return [node.module or ""]
    return [resolve_relative(source, node.level, node.module, node.lineno)]


def import_bindings(source: Source, node: ast.Import | ast.ImportFrom) -> list[tuple[str, str]]:
    """The names an import statement of ``source`` binds, each with what it is bound to:
    ``import a.b`` binds ``a`` to the module ``a``, ``import a.b as c`` binds ``c`` to
    ``a.b``, ``from .m import x as y`` binds ``y`` to ``pkg.m.x`` (absolute). A star import
    is ``("*", module)``. ``from __future__ import annotations`` binds ``annotations`` too
    (to ``__future__``'s feature object)."""
    if isinstance(node, ast.Import):
        return [
            (alias.asname, alias.name) if alias.asname else (top, top)
            for alias in node.names
            for top in [alias.name.partition(".")[0]]
        ]
    (base,) = imported_modules(source, node)
    return [
        ("*", base) if alias.name == "*" else (alias.asname or alias.name, f"{base}.{alias.name}")
        for alias in node.names
    ]


def dynamic_imports(source: Source) -> list[tuple[int, str | None]]:
    """The modules ``source`` imports by calling ``__import__(NAME)`` (``builtins``' too) or
    ``importlib.import_module(NAME)``, under any name it binds them to (``from importlib
    import import_module as load``, ``load = importlib.import_module``), as (line, absolute
    name); the name is None when it is computed, not a string literal. ``__import__``'s
    literal ``fromlist`` adds ``NAME.ITEM`` for each item (a submodule, or an attribute the
    discovery passes over), and its literal ``level`` makes NAME relative to ``source``'s
    package; ``import_module``'s literal package anchors a relative NAME. A helper's main
    block, which does not ship, imports nothing."""
    functions, modules = _import_functions(source)
    found: list[tuple[int, str | None]] = []
    shipped = ast.Module(body=shipped_statements(source), type_ignores=[])
    for node in walk(shipped):
        if not (isinstance(node, ast.Call) and _is_import_call(node.func, functions, modules)):
            continue
        first = node.args[0] if node.args else None
        looped = _loop_literals(source.tree, first, node.lineno)
        if looped is not None:  # for name in ["heapq", "_heapq"]: import_module(name)
            found += [(node.lineno, _absolute(source, name, None, node)) for name in looped]
            continue
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            found.append((node.lineno, None))
            continue
        level = _argument(node, 4, "level")  # __import__'s: relative from the caller's package
        dots = "." * level.value if isinstance(level, ast.Constant) and _level(level.value) else ""
        package = None if dots else _literal(_argument(node, 1, "package"))
        name = _absolute(source, dots + first.value, package, node)
        found.append((node.lineno, name))
        items = _argument(node, 3, "fromlist")
        if isinstance(items, (ast.List, ast.Tuple)):
            for item in map(_literal, items.elts):
                if item and item != "*":
                    found.append((node.lineno, f"{name}.{item}"))
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


def resolve_relative(
    source: Source, level: int, module: str | None, line: int, package: str | None = None
) -> str:
    """A relative import's module, absolute: from ``package`` when given (an
    ``import_module`` call's literal package), else from ``source``'s own package."""
    package = source.package if package is None else package
    parts = package.split(".") if package else []
    if level > len(parts):
        raise BuildError(f"{source.rel}:{line}: relative import beyond the top package")
    base = parts[: len(parts) - (level - 1)]
    return ".".join([*base, module] if module else base)


def prefixes(name: str) -> list[str]:
    """``a.b.c`` and the packages above it, outermost first: ``["a", "a.b", "a.b.c"]``."""
    parts = name.split(".")
    return [".".join(parts[:size]) for size in range(1, len(parts) + 1)]


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


def is_main_block(node: ast.AST) -> bool:
    """``if __name__ == "__main__":`` (either operand order)."""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    test = node.test
    if len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return False
    sides = {_describe(test.left), _describe(test.comparators[0])}
    return sides == {"name:__name__", "str:__main__"}


def shipped_statements(source: Source) -> list[ast.stmt]:
    """The top-level statements of ``source`` that ship: a helper's ``if __name__ ==
    "__main__":`` blocks do not, but their ``else`` branches run on import, in their place."""
    if source.is_entry:
        return source.tree.body
    shipped: list[ast.stmt] = []
    for statement in source.tree.body:
        shipped += statement.orelse if is_main_block(statement) else [statement]  # type: ignore[attr-defined]
    return shipped


def _describe(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return f"name:{node.id}"
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return f"str:{node.value}"
    return "other"


def is_string_statement(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def called_name(function: ast.expr) -> str:
    """The name a call calls by: ``f`` of ``f(x)``, ``g`` of ``m.g(x)``; "" for any other."""
    if isinstance(function, ast.Attribute):
        return function.attr
    return function.id if isinstance(function, ast.Name) else ""


def attribute_chain(node: ast.Attribute) -> list[str]:
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


def tests_bound_once(tree: ast.Module, is_test: Callable[[ast.expr], bool]) -> dict:
    """The names the module binds once, at its top level and alone (``FLAG = test``), to an
    expression ``is_test`` accepts: {name: that expression}."""
    bound: dict[str, ast.expr | None] = {}
    for statement in tree.body:
        targets = statement.targets if isinstance(statement, ast.Assign) else []
        for target in targets:
            if isinstance(target, ast.Name):
                known = len(targets) == 1 and is_test(statement.value)
                once = target.id not in bound
                bound[target.id] = statement.value if known and once else None
    return {name: test for name, test in bound.items() if test is not None}


def walk(node: ast.AST) -> Iterator[ast.AST]:
    """``ast.walk``'s nodes in its order, without the elements of long literal tables (a list,
    tuple or set of at least MASK_FROM constants): they hold no name, call or import for any
    check to find, and walking a 16,000-number table costs more than the rest of a solution.
    A ``kept`` tree's nodes are listed once (a stage and the checks walk each module's tree
    some forty times)."""
    known = _KEPT.get(node) if type(node) is ast.Module else None
    return itertools.chain((node,), known) if known is not None else _walk(node)


def kept(tree: ast.Module) -> ast.Module:
    """``tree``, whose walk is now listed once for every later ``walk`` of it: for the trees
    no stage changes (a module's source and shipped text, each parsed once). The list leaves
    the tree itself out: held by the table's value, it would never be freed."""
    _KEPT[tree] = list(_walk(tree))[1:]
    return tree


_KEPT: weakref.WeakKeyDictionary[ast.Module, list[ast.AST]] = weakref.WeakKeyDictionary()


def _walk(node: ast.AST) -> Iterator[ast.AST]:
    todo = deque([node])
    while todo:
        node = todo.popleft()
        if not is_literal_table(node):
            todo.extend(children(node))
        yield node


def children(node: ast.AST) -> list[ast.AST]:
    """``ast.iter_child_nodes(node)`` as a list, three times as fast: without its two
    generators, which took half of the checks' time on a large source."""
    found = []
    for name in node._fields:
        value = getattr(node, name, None)
        if isinstance(value, _AST):
            found.append(value)
        elif isinstance(value, list):
            found += [item for item in value if isinstance(item, _AST)]
    return found


_AST = ast.AST


MASK_FROM = 64  # elements: shorter tables are left to the tokenizer


def is_literal_table(node: ast.AST) -> bool:
    """A list, tuple or set of at least MASK_FROM constants (the answer is kept on the node)."""
    if not isinstance(node, (ast.List, ast.Tuple, ast.Set)) or len(node.elts) < MASK_FROM:
        return False
    known = node.__dict__.get("_kit_literal_table")
    if known is None:
        known = all(isinstance(item, ast.Constant) or is_number(item) for item in node.elts)
        node._kit_literal_table = known  # not a field: ast.dump and compile ignore it
    return known


def is_number(node: ast.expr) -> bool:
    """A number literal, signed or not (``-2``, ``3.5``, ``1j``)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) in (int, float, complex)


def write_modules(folder: str, modules: list[Source], text_of) -> dict[str, str]:
    """Each module's ``text_of(module)`` written to ``folder`` under a neutral name; the map
    from each written path back to the module's name as shown to the user."""
    names = {}
    for number, module in enumerate(modules):
        path = Path(folder, f"m{number}.py")
        path.write_text(text_of(module), encoding="utf-8")
        names[str(path)] = module.rel
    return names

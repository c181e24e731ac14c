"""The modules of a bundle as the pipeline passes them on, and how their imports resolve.

A ``Source`` is one module: the solution (named ``__main__``) or a helper, with its text
(newlines normalised to ``\\n``) and its syntax tree. The stages fill in the rest: discovery
the helpers and their load order, stripping the shipped text. ``changed_source`` says
whether the files still hold the texts read (a build publishes no bundle of a file saved
since).
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

    def __post_init__(self) -> None:
        if self.tree not in _KEPT:  # a kept tree (``read_source``'s) was marked as it was kept
            mark_class_bodies(self.tree.body)

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
    text = _text(raw, rel)
    return Source(name, path, rel, is_package, text, kept(parse(text, rel)))


def _text(raw: bytes, rel: str) -> str:
    """A file's bytes as a ``Source``'s text: decoded, its newlines ``\\n``."""
    return decoded(raw, rel).replace("\r\n", "\n").replace("\r", "\n")


def changed_source(modules: list[Source]) -> Source | None:
    """The first of ``modules`` whose file no longer holds the text it was read with (saved
    again, removed or unreadable since); None when every one does: a bundle made of them is
    still the bundle of the files on disk. A namespace package (a folder, no text) has
    none to change."""
    for module in modules:
        if module.path.is_dir():
            continue
        try:
            if _text(module.path.read_bytes(), module.rel) != module.text:
                return module
        except (OSError, BuildError):
            return module
    return None


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
    """Absolute names of the modules an import statement of ``source`` names; a relative
    import that names none (``no_parent``) as it is spelt, ``.m``: no module's name. In the
    body of a class ``K`` an undotted ``__w`` is ``_K__w``, as CPython compiles it
    (``import_name``)."""
    if isinstance(node, ast.Import):
        return [import_name(node, alias.name) for alias in node.names]
    module = import_name(node, node.module) if node.module else node.module
    if not node.level:
        return [module or ""]
    if no_parent(source, node.level, node.lineno):  # fails as from source: names no module
        return ["." * node.level + (module or "")]
    return [resolve_relative(source, node.level, module, node.lineno)]


def import_bindings(source: Source, node: ast.Import | ast.ImportFrom) -> list[tuple[str, str]]:
    """The names an import statement of ``source`` binds, each with what it is bound to:
    ``import a.b`` binds ``a`` to the module ``a``, ``import a.b as c`` binds ``c`` to
    ``a.b``, ``from .m import x as y`` binds ``y`` to ``pkg.m.x`` (absolute). A star import
    is ``("*", module)``. ``from __future__ import annotations`` binds ``annotations`` too
    (to ``__future__``'s feature object). In a class body ``K``, ``import __w.x`` binds
    ``_K__w`` to ``__w`` and ``from m import __x`` binds ``_K__x`` to ``m._K__x``."""
    if isinstance(node, ast.Import):
        bound = []
        for alias in node.names:
            module = import_name(node, alias.name)  # a dotted name is not renamed
            name, to = (alias.asname, module) if alias.asname else (module.partition(".")[0],) * 2
            bound.append((import_name(node, name), to))
        return bound
    (base,) = imported_modules(source, node)
    return [
        ("*", base)
        if alias.name == "*"
        else (
            import_name(node, alias.asname or alias.name),
            f"{base}.{import_name(node, alias.name)}",
        )
        for alias in node.names
    ]


def import_name(node: ast.Import | ast.ImportFrom, name: str) -> str:
    """``name`` as the import statement ``node`` reads or binds it: renamed as a private name
    in the body of a class (``private_name``; in class ``K``, ``import __w`` imports the module
    ``_K__w`` and binds ``_K__w``, while ``import __w.x``, dotted, imports ``__w.x``: CPython
    3.8.18's and 3.13.0's ``co_names``), as marked by ``mark_class_bodies``."""
    owner = node.__dict__.get("_kit_class")
    return private_name(name, owner) if owner else name


def renaming(node: ast.Import | ast.ImportFrom, name: str) -> tuple[str, str] | None:
    """The class whose body renamed the module ``name`` that ``node`` imports, and the name
    written (``("K", "__w")`` for ``_K__w``); None when ``name`` is as written (``_K__w``
    written so, ``__w.x`` dotted, in a class named ``_``)."""
    owner = node.__dict__.get("_kit_class", "")
    written = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
    last = name.rpartition(".")[2]
    for each in written:
        if each and each != last and private_name(each, owner) == last:
            return owner, each
    return None


def mark_class_bodies(statements: list[ast.stmt], owner: str = "") -> None:
    """Each import statement in a class body (in functions defined there too) marked with the
    innermost class's name, for ``import_name``; one outside every class unmarked."""
    for statement in statements:
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            if owner:
                statement._kit_class = owner  # not a field: ast.dump and compile ignore it
            continue
        inner = statement.name if isinstance(statement, ast.ClassDef) else owner
        for child in children(statement):
            if isinstance(child, ast.stmt):
                mark_class_bodies([child], inner)
            elif isinstance(child, (ast.excepthandler, ast.match_case)):
                mark_class_bodies(child.body, inner)


def resolve_relative(
    source: Source, level: int, module: str | None, line: int, package: str | None = None
) -> str:
    """A relative import's module, absolute: from ``package`` when given (an
    ``import_module`` call's literal package), else from ``source``'s own package."""
    package = source.package if package is None else package
    why = no_parent(source, level, line, package)
    if why:
        raise BuildError(why)
    parts = package.split(".") if package else []
    base = parts[: len(parts) - (level - 1)]
    return ".".join([*base, module] if module else base)


def no_parent(source: Source, level: int, line: int, package: str | None = None) -> str:
    """Why a relative import of ``level`` dots names no module, as Python's ImportError
    says (a module of no package, or more dots than packages above it), or ""."""
    package = source.package if package is None else package
    if not package:
        return (
            f"{source.rel}:{line}: relative import in a module of no package (Python: "
            "attempted relative import with no known parent package)"
        )
    if level > len(package.split(".")):
        return f"{source.rel}:{line}: relative import beyond the top package"
    return ""


def prefixes(name: str) -> list[str]:
    """``a.b.c`` and the packages above it, outermost first: ``["a", "a.b", "a.b.c"]``."""
    parts = name.split(".")
    return [".".join(parts[:size]) for size in range(1, len(parts) + 1)]


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


def lazy_annotations(statements: list[ast.stmt]) -> bool:
    """Whether the module imports ``annotations`` from ``__future__``: its annotations are
    kept as strings, never evaluated (PEP 563; but 3.8 and 3.9 still evaluate a module's or
    class body's annotation of a target other than a plain name, ``a.b: T = v``)."""
    return any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(alias.name == "annotations" for alias in node.names)
        for node in statements
    )


def called_name(function: ast.expr) -> str:
    """The name a call calls by: ``f`` of ``f(x)``, ``g`` of ``m.g(x)``; "" for any other."""
    if isinstance(function, ast.Attribute):
        return function.attr
    return function.id if isinstance(function, ast.Name) else ""


def private_name(name: str, class_name: str) -> str:
    """The name CPython's compiler reads for ``name`` written in the body of class
    ``class_name``: ``__x`` (not ``__x__``) is ``_K__x``, the class's leading underscores
    stripped; a class named by underscores alone renames nothing (``_Py_Mangle``)."""
    owner = class_name.lstrip("_")
    if not name.startswith("__") or name.endswith("__") or "." in name or not owner:
        return name
    return f"_{owner}{name}"


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
    expression ``is_test`` accepts, and nowhere else (``bindings``): {name: that expression}."""
    bound: dict[str, ast.expr | None] = {}
    for statement in tree.body:
        targets = statement.targets if isinstance(statement, ast.Assign) else []
        for target in targets:
            if isinstance(target, ast.Name):
                known = len(targets) == 1 and is_test(statement.value)
                once = target.id not in bound
                bound[target.id] = statement.value if known and once else None
    return {
        name: test
        for name, test in bound.items()
        if test is not None and len(bindings(tree, name)) == 1
    }


_NAMED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.ExceptHandler)
_CAPTURES = (ast.MatchAs, ast.MatchStar, ast.MatchMapping)  # a match's names: ``rest`` too
# calls that may bind any name of the module: ``exec("V = 1")``, ``globals()["V"] = 1``
_BINDING_CALLS = frozenset({"exec", "eval", "globals", "vars", "setattr", "delattr"})
# members that may set any attribute of a module: ``sys.modules[__name__].__dict__["V"] = 1``,
# ``m.__setattr__("V", 1)``
_BINDING_MEMBERS = frozenset({"__dict__", "__setattr__", "__delattr__"})


def bindings(tree: ast.Module, name: str) -> list[ast.AST]:
    """Every binding of ``name`` in the module: assigned, deleted, imported, defined (an
    except's ``as`` too), declared ``global`` anywhere, a function's or a lambda's parameter
    or a ``match``'s capture (``case V:``, ``case [*V]:``, ``case {**V}:``), a function's
    body included; an attribute of that name set (``sys.modules[__name__].V = 1``), and
    anything that may bind any name: a ``*`` import, a name of ``_BINDING_CALLS`` read, a
    member of ``_BINDING_MEMBERS`` (CPython 3.8.18 runs ``V and math.lcm(2, 3)`` after ``V =
    sys.version_info >= (3, 9)`` and ``exec("V = True")``, ``globals()["V"] = True``, ``from
    helper import *`` or ``sys.modules[__name__].__dict__["V"] = True``, measured)."""
    return [
        node
        for node in walk(tree)
        if (isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load))
        or (isinstance(node, ast.Name) and node.id in _BINDING_CALLS)
        or (isinstance(node, ast.Attribute) and node.attr in _BINDING_MEMBERS)
        or (isinstance(node, ast.Attribute) and node.attr == name and _set(node))
        or (isinstance(node, ast.alias) and node.name == "*")
        or (isinstance(node, ast.alias) and (node.asname or node.name.partition(".")[0]) == name)
        or (isinstance(node, _NAMED) and node.name == name)
        or (isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names)
        or (isinstance(node, ast.arg) and node.arg == name)
        or (
            isinstance(node, _CAPTURES)
            and name in (getattr(node, "name", None), getattr(node, "rest", None))
        )
    ]


def _set(node: ast.Attribute) -> bool:
    """Whether an attribute is set or deleted, not read."""
    return not isinstance(node.ctx, ast.Load)


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
    mark_class_bodies(tree.body)
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

"""Stage 1, discover: the solution and the helper modules it imports, in load order.

Every module the solution imports, directly or through other helpers, that Python finds under
the checkout is a helper. Python itself says where a module is (``kit.bundle.resolve``: the
import system asked in a child process), so packages that extend their ``__path__``, namespace
packages (a folder without ``__init__.py``) and relative imports resolve as they do when the
solution runs from source (one naming no module, in a module of no package, fails as there:
refused unless a ``try`` catches what Python raises, ``kit.bundle.guards.raised_by``:
ImportError, and beyond the top package ValueError on 3.8 too): from the workspace's root, and
first from the solution's own folder when that is a script's (``import_path``: ``abc300/a.py``,
run as ``python abc300/a.py``, imports ``abc300/mylib.py`` beside it as ``mylib``). Imports
anywhere count, inside functions too, but not those of a helper's ``if __name__ ==
"__main__":`` block, which does not ship (its ``else`` does). ``from package import *`` follows
a literal ``__all__`` to the submodules it names. ``__import__(__name__)`` (``import_module``
too) names the importing module itself, which the bundle holds under that same name (the
solution's is ``__main__`` from source and in the bundle alike): read as that name's literal,
no computed import. A workspace file or folder named as a standard module (a scratch
``heapq.py``) is refused: bundled, it would hide that module on the judge, and so is a name
imported from a helper that never binds it (``kit.bundle.imported_names``), and
``pkgutil.iter_modules`` or ``importlib.resources`` given what may be a helper's, whose files
the bundle does not have (``kit.bundle.package_files``).

The helpers are ordered so that each comes after the helpers it imports at load time (imports
inside functions do not count; a cycle is left as it is): the order of the bundle's files.
The bundle runs each helper when it is first imported, as Python does, so an import cycle
behaves as it does from source.
"""

from __future__ import annotations

import ast
import copy
import sys
from dataclasses import replace
from pathlib import Path

from kit.bundle.guards import guarded_lines, is_type_checking
from kit.bundle.import_calls import dynamic_imports
from kit.bundle.imported_names import check_imported_names
from kit.bundle.package_files import check_package_files
from kit.bundle.resolve import ResolveError, Resolver, Spec, import_path
from kit.bundle.sources import (
    ENTRY,
    Source,
    children,
    import_bindings,
    imported_modules,
    is_main_block,
    no_parent,
    prefixes,
    read_source,
    relative,
    shipped_statements,
    walk,
    within,
)
from kit.bundle.star_names import star_names
from kit.errors import BuildError


def discover(
    root: Path, solution: Path, installed: frozenset[str] = frozenset()
) -> tuple[Source, list[Source]]:
    """The solution and its helpers, parsed, the helpers in load order; ``installed``: the
    top-level names of the packages the judge installs, which a workspace folder without
    ``__init__.py`` does not hide (a contest folder ``atcoder/`` beside ``from atcoder.dsu
    import DSU``: from source, the installed package wins over a namespace portion)."""
    entry = read_source(root, ENTRY, solution, is_package=False)
    for node in walk(entry.tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            raise BuildError(
                f"{entry.rel}:{node.lineno}: relative import in a solution: the judge runs it "
                "as a script, where a relative import fails (and the bundle holds only what "
                f"absolute imports name); import by the name {_found_from(root, solution)}, as "
                f"`{_absolute(entry, node, root, solution)}`"
            )
    with Resolver(root, import_path(root, solution)) as resolver:
        helpers = _collect(root, entry, resolver, installed)
    check_imported_names(entry, helpers)
    check_package_files([entry, *helpers])
    return entry, load_order(entry, helpers)


def _found_from(root: Path, solution: Path) -> str:
    """Where the solution's imports are found, in a message."""
    if len(import_path(root, solution)) == 1:
        return "from the workspace's root"
    return "from the solution's folder or the workspace's root"


def _absolute(entry: Source, node: ast.ImportFrom, root: Path, solution: Path) -> str:
    """The absolute form of a solution's relative import, its folders taken as packages from
    the workspace's root (``from .common import K`` in ``contest/a.py``: ``from
    contest.common import K``), or a module of a script's folder by its own name (``from
    common import K``, found there first)."""
    folders = entry.rel.split("/")[:-1]
    base = folders[: max(0, len(folders) - (node.level - 1))]
    if base == folders and len(import_path(root, solution)) > 1:
        base = []
    module = ".".join([*base, *([node.module] if node.module else [])]) or "<module>"
    names = ", ".join(alias.name for alias in node.names[:3])
    return f"from {module} import {names}{', ...' if len(node.names) > 3 else ''}"


def _collect(
    root: Path, entry: Source, resolver: Resolver, installed: frozenset[str]
) -> list[Source]:
    """Every helper reached from ``entry``, breadth first."""
    found: dict[str, Source] = {}
    refused: set[str] = set()  # names that are no helper: not found, or outside the checkout
    queue = [entry]
    while queue:
        source = queue.pop(0)
        for names, line in _wanted(source, found, resolver):
            for name in names:  # a package before its submodules
                if name in refused:
                    break
                if name in found:
                    continue
                parent = name.rpartition(".")[0]
                if parent and not found[parent].is_package:
                    break  # an attribute of a module, not a submodule
                helper = _helper(root, resolver, name, f"{source.rel}:{line}", installed)
                if helper is None:
                    refused.add(name)
                    break
                found[name] = helper
                queue.append(helper)
    return list(found.values())


def _wanted(source: Source, found: dict[str, Source], resolver: Resolver):
    """For each import of ``source``, the names it may load (a package before what is in it),
    and its line."""
    for line, name in _dynamic_imports(source):
        if name is None:
            raise BuildError(
                f"{source.rel}:{line}: a module imported by a computed name: the build cannot "
                "tell which helper it needs (import it by its name, or with a string literal)"
            )
        yield prefixes(name), line
    for node in _imports(source):
        if isinstance(node, ast.Import):
            for name in imported_modules(source, node):
                yield prefixes(name), node.lineno
            continue
        (base,) = imported_modules(source, node)
        if base.startswith("."):  # fails from source too: refused unless that is caught
            missing = "package" if not source.package else "top"  # ``raised_by``'s
            if node.lineno not in guarded_lines(source.tree, missing=missing):
                raise BuildError(no_parent(source, node.level, node.lineno) + _RAISES[missing])
            continue
        yield prefixes(base), node.lineno
        for alias in node.names:
            if alias.name == "*":
                package = found.get(base)
                bound = _bound_names(package)
                listed = _star_names(package, resolver)
                for name in (name for name in listed if name not in bound):
                    yield [*prefixes(base), f"{base}.{name}"], node.lineno
            elif alias.name not in _bound_names(found.get(base)):
                # the submodule Python's fromlist imports: unrenamed in a class body
                yield [*prefixes(base), f"{base}.{alias.name}"], node.lineno


# what an unguarded relative import that names no module is told, by ``raised_by``'s kind
_RAISES = {
    "package": "",  # ImportError, said in Python's words
    "top": " (CPython 3.8 raises ValueError there, 3.9 and later ImportError: a try catches both)",
}


def _dynamic_imports(source: Source) -> list[tuple[int, str | None]]:
    """``dynamic_imports`` of ``source``, an import of its own ``__name__`` read as the literal
    of its name (``__import__(__name__, fromlist=[...])``: a helper looking its own functions
    up). Only a source with a computed import is read twice."""
    found = dynamic_imports(source)
    if all(name is not None for _, name in found):
        return found
    return dynamic_imports(replace(source, tree=_own_name_spelled(source)))


def _own_name_spelled(source: Source) -> ast.Module:
    """A copy of ``source``'s tree with ``__name__`` as a call's first argument (or its
    ``name=``) replaced by the string the name holds as the module runs, from source and in
    the bundle."""
    tree = copy.deepcopy(source.tree)
    for node in walk(tree):
        if isinstance(node, ast.Call) and node.args and _is_own_name(node.args[0]):
            node.args[0] = ast.copy_location(ast.Constant(source.name), node.args[0])
        for keyword in node.keywords if isinstance(node, ast.Call) else ():
            if keyword.arg == "name" and _is_own_name(keyword.value):
                keyword.value = ast.copy_location(ast.Constant(source.name), keyword.value)
    return tree


def _is_own_name(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "__name__"


def _imports(source: Source):
    """The import statements of what ships of ``source``: a helper's main block does not."""
    statements = shipped_statements(source)
    unchecked = {  # ``if TYPE_CHECKING:`` imports are for type checkers: they never run
        id(node)
        for test in walk(source.tree)
        if isinstance(test, ast.If) and is_type_checking(test.test)
        for body in test.body
        for node in walk(body)
    }
    for statement in statements:
        for node in walk(statement):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in unchecked:
                yield node


def _star_names(package: Source | None, resolver: Resolver) -> list[str]:
    """The names ``package``'s ``__all__`` lists (none for a module that is no package):
    ``import *`` loads those the package does not bind as submodules. Where a part of it is
    computed at run time (``__all__ = list(NAMES)``), the package as it runs in the
    resolver's child says the rest; a package that raises there keeps what its text lists."""
    if package is None or not package.is_package:
        return []
    names, unread = star_names(package.tree.body)
    if unread is not None:
        try:
            computed = resolver.listed(package.name) or []
        except ResolveError:
            computed = []
        names += [name for name in computed if name not in names]
    return names


def _bound_names(module: Source | None) -> set[str]:
    """Names ``module`` binds at its top level: ``from module import name`` takes those
    without loading a submodule of that name. A package's import of its own submodule
    (``from . import sub`` in its ``__init__``) binds the name by loading that submodule, so
    that name is not among them."""
    if module is None:
        return set()
    names = set()
    for node in module.tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.ImportFrom) and imported_modules(module, node)[0] == module.name:
            continue
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update(name for name, _ in import_bindings(module, node) if name != "*")
    return names


def _helper(
    root: Path, resolver: Resolver, name: str, where: str, installed: frozenset[str]
) -> Source | None:
    """The helper module ``name``, when Python finds it under the checkout; else None (a
    namespace package named as one the judge installs included)."""
    if name == "__main__":  # the program running, the bundle itself on the judge: no helper
        return None
    try:
        spec = resolver.find(name)
    except ResolveError as error:
        file = Path(error.file) if error.file is not None else None
        if file is not None and file.suffix == ".py" and file.is_file() and _under(root, file):
            # a helper a package imports on the way does not compile: said as for a helper
            # imported directly (its own file and line, and what a newer target would say)
            read_source(root, name, file, is_package=False)
        absent = _absent_file(root, resolver, error.missing)
        if "." in name and file is None and error.raised:  # a submodule's packages run first
            raise BuildError(
                f"{where}: import '{name}': its package '{name.rpartition('.')[0]}' raised "
                f"{error} (the build imports a package, with no input, to find its modules)"
                f"{absent}"
            ) from None
        raise BuildError(f"{where}: import '{name}': {error}{absent}") from None
    if spec is None:
        return None
    if spec.origin is None:
        installed_one = name.partition(".")[0] in installed
        return None if installed_one else _namespace(root, name, spec)
    if not _under(root, spec.origin):
        return None
    if spec.origin.suffix != ".py":
        rel = relative(root, spec.origin)
        raise BuildError(f"{where}: '{name}' is {rel}, not Python source: it cannot be bundled")
    if "." not in name and name in sys.stdlib_module_names:  # today's, not removed ones
        rel = relative(root, spec.origin)
        raise BuildError(
            f"{where}: import '{name}' finds {rel} in the workspace, not the standard "
            f"library's {name}: rename {rel} (bundled, it would hide the standard module on "
            "the judge too)"
        )
    return read_source(root, name, spec.origin, is_package=spec.is_package)


def _absent_file(root: Path, resolver: Resolver, missing: str | None) -> str:
    """What to do when a package of the workspace imports a module of its own that is not
    there (``missing``, a ModuleNotFoundError's, or the name ``from . import version`` did not
    find, ImportError, with no file or folder of that name, nor bound by the package's
    ``__init__``, as an import cycle's function defined later is): a file its install writes, as
    PyRival's setup.py writes ``pyrival/version.py``, which a copy of its repository lacks;
    else ""."""
    package, _, last = (missing or "").rpartition(".")
    for folder in resolver.path:
        place = folder.joinpath(*package.split("."))
        if package and _under(root, place) and (place / "__init__.py").is_file():
            if _there(root, package, place, last):
                return ""
            shown = relative(root, place / f"{last}.py")
            return (
                f": {shown} is not in the workspace (a library's install may write it, as "
                "PyRival's setup.py writes its version.py): create it, or copy the package as "
                "installed"
            )
    return ""


def _there(root: Path, package: str, place: Path, last: str) -> bool:
    """Whether the package at ``place`` has ``last``: a file or folder of that name (which
    raised for a reason of its own), or a name its ``__init__`` binds (an import cycle's
    function defined after the import that wanted it)."""
    if (place / last).exists() or (place / f"{last}.py").exists():
        return True
    return last in _bound_names(read_source(root, package, place / "__init__.py", is_package=True))


def _namespace(root: Path, name: str, spec: Spec) -> Source | None:
    """A namespace package (a folder without ``__init__.py``): an empty module."""
    places = [place for place in spec.locations or () if _under(root, place)]
    if not places:
        return None
    rel = relative(root, places[0]) + "/"
    return Source(name, places[0], rel, True, "", ast.Module(body=[], type_ignores=[]))


def _under(root: Path, path: Path) -> bool:
    return within(root, path) is not None


def load_order(entry: Source, helpers: list[Source]) -> list[Source]:
    """Helpers ordered so that each runs after the helpers it imports at load time."""
    by_name = {helper.name: helper for helper in helpers}
    order: list[Source] = []
    state: dict[str, str] = {}  # name -> "visiting" | "done"

    def visit(name: str) -> None:
        if name in state:  # done, or a cycle, which the bundle's import runs as Python does
            return
        state[name] = "visiting"
        for dependency in load_time_imports(by_name[name], by_name):
            visit(dependency)
        state[name] = "done"
        order.append(by_name[name])

    for name in load_time_imports(entry, by_name):
        visit(name)
    for helper in helpers:  # imported only inside functions: shipped all the same
        visit(helper.name)
    return order


def load_time_imports(
    source: Source, known: dict[str, Source], statements: list[ast.stmt] | None = None
) -> list[str]:
    """Helpers that must have run before ``source`` runs, in source order: what it imports
    outside function bodies, with the packages on the way (``import a.b.c`` runs ``a`` and
    ``a.b`` first) -- except its own enclosing packages, which ``import`` has only started
    when a package imports its own submodule (they are registered before anything runs);
    ``statements``: what those of its top-level statements import (all of them by default)."""
    enclosing = set()
    if not source.is_entry:
        parts = source.name.split(".")
        enclosing = {".".join(parts[:i]) for i in range(1, len(parts))}
    names: list[str] = []
    for node in _load_time_nodes(source.tree.body if statements is None else statements):
        for full in imported_modules(source, node):
            parts = full.split(".")
            packages = (".".join(parts[:i]) for i in range(1, len(parts)))
            names.extend(package for package in packages if package not in enclosing)
            if full not in enclosing:  # ``from . import sibling`` needs the sibling only
                names.append(full)
            if isinstance(node, ast.ImportFrom):
                names.extend(f"{full}.{alias.name}" for alias in node.names)
    return [name for name in dict.fromkeys(names) if name in known and name != source.name]


def _load_time_nodes(statements: list[ast.stmt]):
    for statement in statements:
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            yield statement
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        elif is_main_block(statement):
            yield from _load_time_nodes(statement.orelse)  # type: ignore[attr-defined]
        else:
            for child in children(statement):
                if isinstance(child, ast.stmt):
                    yield from _load_time_nodes([child])
                elif isinstance(child, ast.excepthandler):
                    yield from _load_time_nodes(child.body)

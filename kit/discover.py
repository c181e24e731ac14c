"""Stage 1, discover: the solution and the helper modules it imports, in load order.

stickytape finds the helpers: every module the solution imports, directly or through other
helpers, that lives under the checkout (its own output is not used). A folder without
``__init__.py`` on the way becomes an empty package. The helpers are ordered so that each runs
after the helpers it imports at load time (imports inside functions do not count); an import
cycle among load-time imports is an error.
"""

from __future__ import annotations

import ast
from pathlib import Path

import stickytape

from kit.errors import BuildError
from kit.sources import ENTRY, Source, imported_modules, is_main_block, read_source, relative


def discover(root: Path, solution: Path) -> tuple[Source, list[Source]]:
    """The solution and its helpers, parsed, the helpers in load order."""
    entry = read_source(root, ENTRY, solution, is_package=False)
    for node in ast.walk(entry.tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            raise BuildError(
                f"{entry.rel}:{node.lineno}: relative import in a solution "
                "(import helpers as `from shared.<module> import ...`)"
            )
    generator = stickytape.ModuleWriterGenerator([str(root)])
    try:
        generator.generate_for_file(str(solution), add_python_modules=[])
    except SyntaxError as error:
        where = relative(root, Path(error.filename or "?"))
        raise BuildError(f"{where}:{error.lineno}: syntax error: {error.msg}") from None
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise BuildError(f"{entry.rel}: cannot collect helpers: {error}") from None
    # stickytape keeps what it found as {module name: (relative path, source)}, in the order
    # it found them; the version is pinned in pyproject.toml.
    found = generator._modules  # noqa: SLF001
    helpers = [
        read_source(root, name, root / path, is_package=path.endswith("__init__.py"))
        for name, (path, _source) in found.items()
    ]
    names = {helper.name for helper in helpers}
    for helper in list(helpers):
        parts = helper.name.split(".")
        for size in range(1, len(parts)):
            package = ".".join(parts[:size])
            if package not in names:
                names.add(package)
                folder = "/".join(parts[:size])
                empty = ast.Module(body=[], type_ignores=[])
                helpers.append(Source(package, root / folder, f"{folder}/", True, "", empty))
    return entry, load_order(entry, helpers)


def load_order(entry: Source, helpers: list[Source]) -> list[Source]:
    """Helpers ordered so that each runs after the helpers it imports at load time."""
    by_name = {helper.name: helper for helper in helpers}
    order: list[Source] = []
    state: dict[str, str] = {}  # name -> "visiting" | "done"

    def visit(name: str, chain: list[str]) -> None:
        if state.get(name) == "done":
            return
        if state.get(name) == "visiting":
            cycle = " -> ".join([*chain[chain.index(name) :], name])
            raise BuildError(f"{by_name[name].rel}: import cycle among helpers: {cycle}")
        state[name] = "visiting"
        for dependency in load_time_imports(by_name[name], by_name):
            visit(dependency, [*chain, name])
        state[name] = "done"
        order.append(by_name[name])

    for name in load_time_imports(entry, by_name):
        visit(name, [])
    for helper in helpers:  # imported only inside functions: loaded all the same
        visit(helper.name, [])
    return order


def load_time_imports(source: Source, known: dict[str, Source]) -> list[str]:
    """Helpers that must have run before ``source`` runs, in source order: what it imports
    outside function bodies, with the packages on the way (``import a.b.c`` runs ``a`` and
    ``a.b`` first) -- except its own enclosing packages, which ``import`` has only started
    when a package imports its own submodule (they are registered before anything runs)."""
    enclosing = set()
    if not source.is_entry:
        parts = source.name.split(".")
        enclosing = {".".join(parts[:i]) for i in range(1, len(parts))}
    names: list[str] = []
    for node in _load_time_nodes(source.tree.body):
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
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) or is_main_block(
            statement
        ):
            continue
        else:
            for child in ast.iter_child_nodes(statement):
                if isinstance(child, ast.stmt):
                    yield from _load_time_nodes([child])
                elif isinstance(child, ast.excepthandler):
                    yield from _load_time_nodes(child.body)

"""One judge-ready file from a solution and the helper modules it imports.

stickytape finds the helpers: every module the solution imports, directly or through other
helpers, that lives under the checkout (its stock output, which writes the modules to a temp
dir at run time, is not used). Each helper is stripped (``kit.strip``, test-only
``__main__`` blocks included) and embedded as a string literal. A tiny prelude registers
every helper in ``sys.modules`` as a fresh module object (packages get ``__path__``, a
submodule is set as an attribute of its package, as ``import`` would do), then runs each one
in it, after the helpers it imports at load time. The solution follows at top level,
stripped but not indented, so its multi-line literals are untouched. Nothing is written to
disk when the bundle runs.

Layout of ``dist/<slug>.py``: a header comment; the solution's docstring when it uses
``__doc__``; its ``from __future__`` imports; the prelude and one ``_kit_load`` call with a line
per helper; the solution. The same sources give the same bytes.
"""

from __future__ import annotations

import ast
import copy
from dataclasses import dataclass
from pathlib import Path

import stickytape

from kit.errors import BuildError
from kit.strip import is_main_block, parse, strip_tree, unparse

ENTRY = "__main__"

PRELUDE = """\
def _kit_load(modules):
    import sys
    for name, is_package, source in modules:
        module = type(sys)(name)
        module.__package__ = name if is_package else name.rpartition(".")[0]
        if is_package:
            module.__path__ = []
        sys.modules[name] = module
    for name, is_package, source in modules:
        parent, _, child = name.rpartition(".")
        if parent:
            setattr(sys.modules[parent], child, sys.modules[name])
    for name, is_package, source in modules:
        exec(RUN, sys.modules[name].__dict__)


"""
# How the prelude runs a helper. exec() of a string is the cheap way: the first call of the
# compile() builtin costs about 1 ms (it sets up the ast module's types). But exec() compiles
# with the caller's __future__ flags, so when the solution has __future__ imports (then at the
# top of the bundle, ahead of the prelude) the helpers are compiled without inheriting them.
RUN_PLAIN = "source"
RUN_OWN_FUTURES = 'compile(source, "<" + name + ">", "exec", 0, True)'


@dataclass
class Module:
    """A module of the bundle: the solution (name ``__main__``) or one of its helpers."""

    name: str
    path: Path
    rel: str  # path as shown to the user
    is_package: bool
    tree: ast.Module  # the original source, parsed (line numbers of the file)
    text: str = ""  # the stripped source


@dataclass
class Bundle:
    text: str
    entry: Module
    helpers: list[Module]  # in load order

    @property
    def modules(self) -> list[Module]:
        return [self.entry, *self.helpers]


def discover(root: Path, solution: Path) -> tuple[Module, list[Module]]:
    """The solution and the helpers stickytape finds for it (discovery order), all parsed."""
    entry = _module(root, ENTRY, solution, is_package=False)
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
        where = _relative(root, Path(error.filename or "?"))
        raise BuildError(f"{where}:{error.lineno}: syntax error: {error.msg}") from None
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise BuildError(f"{entry.rel}: cannot collect helpers: {error}") from None
    # stickytape keeps what it found as {module name: (relative path, source)}, in the order
    # it found them; the version is pinned in pyproject.toml.
    found = generator._modules  # noqa: SLF001
    helpers = [
        _module(root, name, root / relative, is_package=relative.endswith("__init__.py"))
        for name, (relative, _source) in found.items()
    ]
    names = {helper.name for helper in helpers}
    for helper in list(helpers):  # a folder without __init__.py: an empty package object
        parts = helper.name.split(".")
        for size in range(1, len(parts)):
            package = ".".join(parts[:size])
            if package not in names:
                names.add(package)
                folder = "/".join(parts[:size])
                empty = ast.Module(body=[], type_ignores=[])
                helpers.append(Module(package, root / folder, f"{folder}/", True, empty))
    return entry, helpers


def build_bundle(root: Path, solution: Path, header: str) -> Bundle:
    """Discover, strip, order and assemble; ``header`` is the comment opening the file."""
    entry, helpers = discover(root, solution)
    helpers = load_order(entry, helpers)
    for helper in helpers:
        helper.text = unparse(strip_tree(_copy(helper.tree), drop_main_block=True), helper.rel)

    tree = strip_tree(_copy(entry.tree), drop_main_block=False)
    head: list[str] = []
    body = tree.body
    if body and _is_docstring(body[0]):  # kept only when the solution uses __doc__
        head.append(ast.unparse(ast.Module(body=[body.pop(0)], type_ignores=[])) + "\n")
    head_futures = False
    while body and isinstance(body[0], ast.ImportFrom) and body[0].module == "__future__":
        head.append(ast.unparse(body.pop(0)) + "\n")
        head_futures = True
    if not body:
        body.append(ast.Pass())
    entry.text = unparse(tree, entry.rel)

    sources = ", ".join(module.rel for module in [entry, *helpers])
    header += f"\nBuilt by build.py from {sources}: edit those, then rebuild."
    parts = ["".join(f"# {line}".rstrip() + "\n" for line in header.splitlines()), *head]
    if helpers:
        parts.append(PRELUDE.replace("RUN", RUN_OWN_FUTURES if head_futures else RUN_PLAIN))
        parts.append("_kit_load((\n")
        for helper in helpers:
            parts.append(f"    ({helper.name!r}, {helper.is_package}, {helper.text!r}),\n")
        parts.append("))\ndel _kit_load\n\n")
    parts.append(entry.text)
    return Bundle("".join(parts), entry, helpers)


def load_order(entry: Module, helpers: list[Module]) -> list[Module]:
    """Helpers ordered so that each runs after the helpers it imports at load time (imports
    inside functions do not count); an import cycle is a BuildError."""
    by_name = {helper.name: helper for helper in helpers}
    order: list[Module] = []
    state: dict[str, str] = {}  # name -> "visiting" | "done"

    def visit(name: str, chain: list[str]) -> None:
        if state.get(name) == "done":
            return
        if state.get(name) == "visiting":
            cycle = " -> ".join([*chain[chain.index(name) :], name])
            raise BuildError(f"{by_name[name].rel}: import cycle among helpers: {cycle}")
        state[name] = "visiting"
        for dependency in _load_time_imports(by_name[name], by_name):
            visit(dependency, [*chain, name])
        state[name] = "done"
        order.append(by_name[name])

    for name in _load_time_imports(entry, by_name):
        visit(name, [])
    for helper in helpers:  # imported only inside functions: loaded all the same
        visit(helper.name, [])
    return order


def _load_time_imports(module: Module, known: dict[str, Module]) -> list[str]:
    """Helpers that must have run before ``module`` runs, in source order: what it imports
    outside function bodies, with the packages on the way (``import a.b.c`` runs ``a`` and
    ``a.b`` first) -- except its own enclosing packages, which ``import`` has only started
    when a package imports its own submodule (they are registered before anything runs)."""
    enclosing = set()
    if module.name != ENTRY:
        parts = module.name.split(".")
        enclosing = {".".join(parts[:i]) for i in range(1, len(parts))}
    names: list[str] = []
    for node in _load_time_nodes(module.tree.body):
        for full in imported_modules(module, node):
            parts = full.split(".")
            packages = (".".join(parts[:i]) for i in range(1, len(parts)))
            names.extend(package for package in packages if package not in enclosing)
            names.append(full)
            if isinstance(node, ast.ImportFrom):
                names.extend(f"{full}.{alias.name}" for alias in node.names)
    return [name for name in dict.fromkeys(names) if name in known and name != module.name]


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


def imported_modules(module: Module, node: ast.Import | ast.ImportFrom) -> list[str]:
    """Absolute names of the modules an import statement of ``module`` names."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not node.level:
        return [node.module or ""]
    package = module.name if module.is_package else module.name.rpartition(".")[0]
    parts = package.split(".") if package else []
    if node.level > len(parts):
        raise BuildError(f"{module.rel}:{node.lineno}: relative import beyond the top package")
    base = parts[: len(parts) - (node.level - 1)]
    return [".".join([*base, node.module] if node.module else base)]


def _module(root: Path, name: str, path: Path, *, is_package: bool) -> Module:
    rel = _relative(root, path)
    try:
        source = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BuildError(f"{rel}: not found") from None
    except (OSError, UnicodeDecodeError) as error:
        raise BuildError(f"{rel}: cannot read: {error}") from None
    return Module(name, path, rel, is_package, parse(source, rel))


def _relative(root: Path, path: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)


def _copy(tree: ast.Module) -> ast.Module:
    return copy.deepcopy(tree)


def _is_docstring(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )

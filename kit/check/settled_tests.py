"""``hasattr`` tests every target passes: no version guard.

``if hasattr(math, "isqrt"): math.cbrt(n)`` guards nothing: ``math.isqrt`` is in every Python
the kit checks (3.8 and later), so the branch runs on every target and ``math.cbrt`` (3.11)
fails on those before 3.11. A ``hasattr`` test of a member of a module of pure computation
(``COMMON``: the same members under CPython and PyPy, on Linux and Windows; not ``sys``,
``os``, ``gc`` or ``time``, whose members differ by implementation and platform) that vermin's
table (``vermin.rules.MOD_MEM_REQS``) gives as added in 3.8 or before and that no version
removed (``kit.judges.stdlib.REMOVED_MEMBERS``) is settled: ``kit.bundle.guards`` passes over
it, and the checks read its branch as code every target runs, its ``else`` as code none runs
(``guarded_lines_of``: a module's guarded lines as every check takes them; a helper's flag
bound to such a test is no flag either).
A member the table does not know, an object that is no module (``hasattr(int, "bit_count")``),
a member added later (``hasattr(math, "cbrt")``) or one of another module (``hasattr(gc,
"freeze")``: PyPy has no ``gc.freeze``) still guards its whole branch.
"""

from __future__ import annotations

import ast
import functools

from kit.bundle.guards import guarded_lines, imported_flags
from kit.bundle.sources import Source, walk
from kit.judges.stdlib import REMOVED_MEMBERS

BASE = (3, 8)  # the oldest Python the kit checks
# modules of pure computation, whose members every implementation and platform of a version has
# (vermin's members of each up to 3.8 all found under Debian's PyPy 3.9; not cmath, whose tau
# PyPy 3.9 lacks)
COMMON = frozenset(
    {"math", "itertools", "functools", "operator", "collections", "heapq", "bisect"}
    | {"fractions", "decimal", "statistics", "string", "re", "random", "array", "typing"}
    | {"dataclasses", "enum", "copy", "textwrap", "unicodedata", "json", "datetime"}
)


def guarded_lines_of(module: Source, modules: list[Source], platform: bool = False) -> set[int]:
    """The lines of ``module`` (one of ``modules``) under a guard, as every check reads them:
    ``kit.bundle.guards.guarded_lines`` with its settled tests, and its helpers', no guards."""
    tree = module.shipped_tree()
    imported = imported_flags(module, modules, settled_tests)
    return guarded_lines(tree, platform, imported, settled_tests(tree))


def settled_tests(tree: ast.Module) -> set[int]:
    """The ``id`` of every ``hasattr(module, "name")`` call in ``tree`` that is true on every
    target (see the module doc)."""
    modules = _module_names(tree)
    settled: set[int] = set()
    for node in walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "hasattr"):
            continue
        if len(node.args) != 2 or node.keywords:
            continue
        owner, name = node.args
        if not (isinstance(owner, ast.Name) and owner.id in modules):
            continue
        known = isinstance(name, ast.Constant) and isinstance(name.value, str)
        if known and everywhere(modules[owner.id], name.value):
            settled.add(id(node))
    return settled


def everywhere(module: str, name: str) -> bool:
    """Whether ``module.name`` is in every Python the kit checks, on every platform."""
    if module not in COMMON or (module, name) in REMOVED_MEMBERS:
        return False
    added = _added().get(f"{module}.{name}")
    return added is not None and added[1] is not None and tuple(added[1]) <= BASE


@functools.lru_cache(maxsize=1)
def _added() -> dict:
    """vermin's table of standard modules' members by the versions that added them; empty
    when vermin cannot be imported (then no test is settled, as before the table was read)."""
    try:
        from vermin.config import Config
        from vermin.rules import MOD_MEM_REQS
    except ImportError:
        return {}
    return MOD_MEM_REQS(Config())


def _module_names(tree: ast.Module) -> dict[str, str]:
    """The names ``import`` statements bind to a module (``import numpy as np``: np),
    each bound once only: a name bound to two modules, or otherwise too, is left out."""
    bound: dict[str, str | None] = {}
    for node in walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                local = alias.asname or alias.name.partition(".")[0]
                module = alias.name if alias.asname else local
                bound[local] = module if bound.get(local, module) == module else None
        elif isinstance(node, (ast.ImportFrom, ast.FunctionDef, ast.ClassDef)):
            names = [a.asname or a.name for a in getattr(node, "names", [])]
            for local in [*names, getattr(node, "name", None)]:
                if local is not None:
                    bound[local] = None
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound[node.id] = None
    return {local: module for local, module in bound.items() if module is not None}

"""``hasattr`` tests every target passes: no version guard.

``if hasattr(math, "isqrt"): math.cbrt(n)`` guards nothing: ``math.isqrt`` is in every Python
the kit checks (3.8 and later), so the branch runs on every target and ``math.cbrt`` (3.11)
fails on those before 3.11. A ``hasattr`` test of a standard module's member that vermin's
table (``vermin.rules.MOD_MEM_REQS``) gives as added in 3.8 or before, that no version removed
(``kit.judges.stdlib.REMOVED_MEMBERS``) and that every platform has
(``kit.judges.platforms.UNIX_ONLY_NAMES``) is settled: ``kit.bundle.guards`` passes over it,
and the API check reads its branch as code every target runs. A member the table does not
know, an object that is no module (``hasattr(int, "bit_count")``) or a member added later
(``hasattr(math, "cbrt")``) still guards its whole branch.
"""

from __future__ import annotations

import ast
import functools

from kit.bundle.sources import walk
from kit.judges.platforms import UNIX_ONLY_NAMES
from kit.judges.stdlib import REMOVED_MEMBERS

BASE = (3, 8)  # the oldest Python the kit checks


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
    if (module, name) in REMOVED_MEMBERS or name in UNIX_ONLY_NAMES.get(module, ()):
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

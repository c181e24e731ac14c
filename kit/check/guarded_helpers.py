"""Helpers the bundle imports only under a guard: a target may never compile them.

A bundle compiles each helper when it is first imported, not before. A helper that every
import reaches only under a guard (``kit.bundle.guards``: ``if sys.version_info >= (3, 10):
from shared.modern import kind``, ``try`` / ``except ImportError``), or only from helpers
that are themselves reached so, is never compiled where the guard says no: a ``match``
statement in it is no error for CPython 3.8 when the 3.8 branch imports another helper.
Whether a guard lets a target through is not decided statically here: the checks name such a
helper's findings as notes, and the runs under each target's interpreter decide.

API::

    guarded_only(modules) -> dict[str, str]   # helper's file -> "file:line" of a guarded import
"""

from __future__ import annotations

import ast

from kit.bundle.sources import (
    ENTRY,
    Source,
    dynamic_imports,
    imported_modules,
    prefixes,
    walk,
)
from kit.check.settled_tests import guarded_lines_of


def guarded_only(modules: list[Source]) -> dict[str, str]:
    """The helpers (by file) every import of which is guarded or comes from such a helper,
    each with the place of one guarded import of it."""
    by_name = {module.name: module for module in modules}
    sites: dict[str, list[tuple[str, bool, str]]] = {}  # helper -> (importer, guarded, place)
    for module in modules:
        for name, guarded, line in _imports(module, by_name):
            sites.setdefault(name, []).append((module.name, guarded, f"{module.rel}:{line}"))
    only: dict[str, str] = {}
    changed = True
    while changed:  # a helper imported only by guarded-only helpers is guarded-only too
        changed = False
        for name, found in sites.items():
            if name in only or name == ENTRY:
                continue
            if all(guarded or importer in only for importer, guarded, _ in found):
                only[name] = next((place for _, guarded, place in found if guarded), found[0][2])
                changed = True
    return {by_name[name].rel: place for name, place in only.items()}


def _imports(module: Source, by_name: dict[str, Source]) -> list[tuple[str, bool, int]]:
    """(helper, whether the import is guarded, line) for each helper an import of ``module``
    loads: the module named and the packages above it."""
    if not module.shipped.strip():
        return []
    tree = module.shipped_tree()
    guarded = guarded_lines_of(module, list(by_name.values()))
    found = []
    for node in walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom):
            (base,) = imported_modules(module, node)
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for name in names:
            for helper in _loaded(name, by_name):
                found.append((helper, node.lineno in guarded, node.lineno))
    for line, name in dynamic_imports(module):
        for helper in _loaded(name or "", by_name):
            found.append((helper, line in guarded, line))
    return found


def _loaded(name: str, by_name: dict[str, Source]) -> list[str]:
    """The helpers importing ``name`` loads: it and every package above it, those bundled."""
    return [prefix for prefix in prefixes(name) if prefix in by_name]

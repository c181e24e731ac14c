"""Members of standard modules that a target's Python no longer has, outside version guards.

Old contest code calls ``fractions.gcd`` (removed in 3.9) and tests ``collections.Iterable``
(3.10): the attribute lookup raises AttributeError on that version and later, and ``from
fractions import gcd`` ImportError (``kit.judges.stdlib.REMOVED_MEMBERS``, with the issue
that removed each). Found as ``kit.check.member_uses`` finds them; a use under a version guard
(``kit.bundle.guards``: ``if hasattr(fractions, "gcd")``, ``try`` / ``except ImportError``)
passes. The targets that lack a member are those whose version is the one it was removed
from or later (a version-less ``pypy3`` stands for its oldest). Tests of the version or the
implementation are read as the API check reads them (``kit.check.settled_tests.reach``): a use
counts on the versions and the implementation that run its ``if`` branch or its branch of a
conditional expression (``fractions.gcd(a, b) if sys.version_info < (3, 9) else math.gcd(a,
b)`` on none that lacks it; ``fractions.gcd(a, b) if hasattr(fractions, "gcd") else ...``
guarded), and one beside such an expression in its statement on every one
(``fractions.gcd(a, b) + (1 if PYPY else 0)`` fails on 3.9 and later).

The old name as a fallback (``try: from collections.abc import Sequence`` / ``except
ImportError: from collections import Sequence``, ``sortedcontainers``' own) runs only where
the ``try``'s imports fail: in a handler that catches an import's failure, of a ``try`` whose
body only imports from the standard library (modules every target has, not platform's or
PyPy's own nor removed ones), a use counts only for the versions before the newest of those
imports (``fallback_windows``; vermin's table gives a member's, an unlisted one is taken as
old): none for ``collections.abc``, 3.9 and 3.10 for ``fractions.gcd`` under ``try: from
math import cbrt`` (3.11).
"""

from __future__ import annotations

import ast

from kit.bundle.guards import catches, start_of, try_caught
from kit.bundle.sources import Source, walk
from kit.check.member_uses import member_uses
from kit.check.settled_tests import NEVER, guarded_nodes_of, listed_added, reach
from kit.judges.platforms import UNIX_ONLY
from kit.judges.stdlib import ADDED, KNOWN, PYPY_ONLY, REMOVED, REMOVED_MEMBERS, removed_member

# file, line, "module.name", removed from, the first version the use no longer runs on, the
# first it runs on, and the implementation that alone runs it (None: either; ``reach``)
Finding = tuple[str, int, str, tuple[int, int], tuple[int, int], tuple[int, int], "str | None"]
MODULES = frozenset(module for module, _ in REMOVED_MEMBERS)


def findings(modules: list[Source]) -> list[Finding]:
    """Every unguarded use, in the shipped modules, of a member some version removed, on a
    line that runs on a version that removed it."""
    found: list[Finding] = []
    for module in modules:
        if not module.shipped.strip():
            continue
        tree = module.shipped_tree()
        guarded = guarded_nodes_of(module, modules, versioned=True, missing="member")
        windows, runs = fallback_windows(tree), reach(module, modules)
        for node, owner, name in member_uses(tree, MODULES):
            removed = REMOVED_MEMBERS.get((owner, name))
            if removed is None or guarded(node):
                continue
            since, until, impl = runs(node)
            below = min(windows.get(node.lineno, NEVER), until)
            if impl != "" and max(removed, since) < below:
                use = (module.rel, node.lineno, f"{owner}.{name}", removed, below, since, impl)
                found.append(use)
    return sorted(set(found), key=lambda use: (*use[:-1], use[-1] or ""))


def fallback_windows(tree: ast.Module) -> dict[int, tuple[int, int]]:
    """Each line of a handler catching an import's failure, of a ``try`` whose body only
    imports from the standard library, with the version from which that body imports
    everything (the handler runs below it only)."""
    windows: dict[int, tuple[int, int]] = {}
    for node in walk(tree):
        if not isinstance(node, ast.Try) or not catches(try_caught(node), "ModuleNotFoundError"):
            continue
        below = _imports_from(node.body)
        for handler in node.handlers if below is not None else []:
            for statement in handler.body:
                for line in range(start_of(statement)[0], (statement.end_lineno or 0) + 1):
                    windows[line] = min(windows.get(line, NEVER), below)
    return windows


def _imports_from(body: list[ast.stmt]) -> tuple[int, int] | None:
    """The version from which every Python imports all ``body`` imports, when it is only
    imports of standard modules every target may have; else None."""
    newest = (3, 0)
    for statement in body:
        if isinstance(statement, ast.Import):
            pairs = [(alias.name, None) for alias in statement.names]
        elif isinstance(statement, ast.ImportFrom) and not statement.level and statement.module:
            pairs = [(statement.module, alias.name) for alias in statement.names]
        else:
            return None
        for module, name in pairs:
            top = module.partition(".")[0]
            if top not in KNOWN or top in REMOVED or top in UNIX_ONLY or top in PYPY_ONLY:
                return None
            if name is not None and (module, name) in REMOVED_MEMBERS:
                return None
            added = [ADDED.get(top, newest), listed_added(module, name)]
            newest = max(newest, *(version for version in added if version is not None))
    return newest


def why(name: str, version: tuple[int, int], impl: str = "cpython") -> str | None:
    """Why the member ``name`` ("module.member") is missing from ``version`` of ``impl``, or
    None (PyPy keeps some that CPython removed: ``kit.judges.stdlib.PYPY_OWN``)."""
    owner, _, member = name.rpartition(".")
    return removed_member(owner, member, version, impl)

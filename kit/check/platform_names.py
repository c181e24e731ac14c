"""Members of standard modules that the judge's operating system lacks, outside platform guards.

A judge that runs Python on Windows (its profile's ``platform``) has no ``os.fork``,
``signal.alarm`` or ``signal.SIGALRM`` (``kit.judges.platforms.UNIX_ONLY_NAMES``): the
attribute lookup raises AttributeError there, and ``from signal import alarm`` ImportError.
Found: ``module.name`` where ``module`` is bound by ``import module [as alias]`` anywhere in
the file, and ``from module import name``. A use under a platform or version guard
(``kit.bundle.guards``, platform tests included: ``if sys.platform != "win32"``, ``if
hasattr(signal, "SIGALRM")``, ``try`` / ``except AttributeError``) passes.
"""

from __future__ import annotations

import ast

from kit.bundle.guards import guarded_lines, imported_flags, untaken_on_windows
from kit.bundle.sources import Source, walk
from kit.judges.platforms import UNIX_ONLY_NAMES, missing_name

Finding = tuple[str, int, str, str]  # file, line, "module.name", why it is missing


def findings(modules: list[Source], platform: str) -> list[Finding]:
    """Every unguarded use, in the shipped modules, of a name ``platform`` lacks."""
    found: list[Finding] = []
    for module in modules:
        if not module.shipped.strip():
            continue
        tree = module.shipped_tree()
        imported = imported_flags(module, modules)
        guarded = guarded_lines(tree, platform=True, imported=imported)
        untaken = untaken_on_windows(tree, imported)
        for node, owner, name in _uses(tree):
            why = missing_name(owner, name, platform)
            line = node.lineno
            if why is not None and line not in guarded and id(node) not in untaken:
                found.append((module.rel, line, f"{owner}.{name}", why))
    return sorted(set(found))


def _uses(tree: ast.Module) -> list[tuple[ast.AST, str, str]]:
    """(node, module, member) of every ``module.member`` and ``from module import member`` of
    the modules the table knows."""
    bound = _module_names(tree)
    uses = []
    for node in walk(tree):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module in UNIX_ONLY_NAMES:
            uses += [(node, node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            owner = bound.get(node.value.id)
            if owner is not None:
                uses.append((node, owner, node.attr))
    return uses


def _module_names(tree: ast.Module) -> dict[str, str]:
    """The names the file binds to the table's modules by ``import``: {name: module}."""
    bound = {}
    for node in walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                # "import os.path" binds os; "import os.path as p" binds os.path, not os
                module = alias.name if alias.asname else alias.name.split(".")[0]
                if module in UNIX_ONLY_NAMES:
                    bound[alias.asname or module] = module
    return bound

"""Uses of standard modules' members in a file: ``module.member`` and ``from module import
member``, however the module is bound (``import os as o``, ``import os.path``), for the checks
of members some Pythons lack (``kit.check.platform_names``: Unix-only ones on a Windows
judge; ``kit.check.removed_names``: members removed from a version on).

    member_uses(tree, modules) -> [(node, module, member)]
"""

from __future__ import annotations

import ast
from collections.abc import Collection

from kit.bundle.sources import walk


def member_uses(tree: ast.Module, modules: Collection[str]) -> list[tuple[ast.AST, str, str]]:
    """(node, module, member) of every ``module.member`` and ``from module import member`` of
    the ``modules`` named."""
    bound = _module_names(tree, modules)
    uses: list[tuple[ast.AST, str, str]] = []
    for node in walk(tree):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module in modules:
            uses += [(node, node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            owner = bound.get(node.value.id)
            if owner is not None:
                uses.append((node, owner, node.attr))
    return uses


def _module_names(tree: ast.Module, modules: Collection[str]) -> dict[str, str]:
    """The names the file binds to the ``modules`` by ``import``: {name: module}."""
    bound = {}
    for node in walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                # "import os.path" binds os; "import os.path as p" binds os.path, not os
                module = alias.name if alias.asname else alias.name.split(".")[0]
                if module in modules:
                    bound[alias.asname or module] = module
    return bound

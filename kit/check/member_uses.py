"""Uses of standard modules' members in a file: ``module.member`` and ``from module import
member``, however the module is bound (``import os as o``, ``import os.path``), and each name
the file reads but never binds after ``from module import *`` (a contest template's ``from
math import *`` then ``lcm(a, b)``: the name may be any star-imported module's, so it is
said for each), for the checks of members some Pythons lack (``kit.check.platform_names``:
Unix-only ones on a Windows judge; ``kit.check.removed_names``: members removed from a
version on).

    member_uses(tree, modules) -> [(node, module, member)]
    star_reads(tree, modules) -> [(node, [module, ...])]
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
            uses += [(node, node.module, alias.name) for alias in node.names if alias.name != "*"]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            owner = bound.get(node.value.id)
            if owner is not None:
                uses.append((node, owner, node.attr))
    for node, owners in star_reads(tree, modules):
        uses += [(node, owner, node.id) for owner in owners]
    return uses


def star_reads(tree: ast.Module, modules: Collection[str]) -> list[tuple[ast.Name, list[str]]]:
    """Each name the file reads and binds nowhere, with the ``modules`` it star-imports, in
    their order (the last one's member wins at run time): none when it star-imports none."""
    stars = [
        node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom)
        and not node.level
        and node.module in modules
        and any(alias.name == "*" for alias in node.names)
    ]
    if not stars:
        return []
    bound = bound_names(tree)
    return [
        (node, stars)
        for node in walk(tree)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in bound
    ]


def bound_names(tree: ast.Module) -> set[str]:
    """Every name the file binds anywhere: assigned, deleted, defined, a parameter, imported
    by name, caught, captured by a ``match`` pattern or declared ``global``."""
    bound: set[str] = set()
    for node in walk(tree):
        bound.update(names_bound_by(node))
    return bound


# the kinds of node that may bind a name: ``names_bound_by`` reads no other
BINDERS = frozenset({ast.Name, ast.arg, ast.alias, ast.Global, ast.Nonlocal, ast.ExceptHandler})
BINDERS |= {ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.MatchAs, ast.MatchStar}


def names_bound_by(node: ast.AST) -> list[str]:
    """The names ``node`` itself binds (``bound_names`` of one node, its children not read)."""
    if type(node) not in BINDERS:
        return []
    if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
        return [node.id]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.alias) and node.name != "*":
        return [(node.asname or node.name).split(".")[0]]
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return list(node.names)
    named = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.ExceptHandler)
    named += (ast.MatchAs, ast.MatchStar)  # a definition, a caught exception, a capture
    return [node.name] if isinstance(node, named) and node.name else []


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

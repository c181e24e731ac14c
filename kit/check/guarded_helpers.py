"""Helpers the bundle imports only under a guard, or only in a ``try``: what the checks make
notes of in them.

A bundle compiles each helper when it is first imported, not before. A helper that every
import reaches only under a version or implementation guard (``kit.bundle.guards``: ``if
sys.version_info >= (3, 10): from shared.modern import kind``, ``if PYPY:``), or only from
helpers that are themselves reached so, is never compiled where the guard says no: a ``match``
statement in it is no error for CPython 3.8 when the 3.8 branch imports another helper.
Whether a guard lets a target through is not decided statically here: the checks name such a
helper's findings as notes, and the runs under each target's interpreter decide
(``guarded_only``). A guard is read by statement and node, an import call's too
(``kit.bundle.import_calls.import_calls``; ``kit.check.settled_tests.guarded_nodes_of``): a
conditional expression on a guard's test guards an import in its branch, not one beside it in
its statement or on its line (``x = 1 if PYPY else 0; from shared.modern import kind``).

A ``try`` is no such guard for a helper (``try: from shared.modern import f`` / ``except
ImportError: from shared.classic import f``): every target runs its body, so imports and
compiles the helper. Its handlers (and those of the ``try`` statements around it, and a
``with contextlib.suppress(...)``) save a target only from what importing the helper raises
and they catch (``caught``; the classes as Python's exception hierarchy has them,
docs.python.org/3/library/exceptions.html#exception-hierarchy): the ``SyntaxError`` of
compiling it (``match`` on 3.8), caught by ``except SyntaxError``, ``Exception``,
``BaseException`` or a bare ``except``; the ``ImportError`` of an import at its top level
(``from math import lcm`` on 3.8), caught by ``except ImportError`` and those broader, and by
``ModuleNotFoundError``, its subclass, only when a module is missing (``import tomllib``).
Anything else fails outside the handlers' reach: ``math.lcm(a, b)`` in a function of the
helper raises ``AttributeError`` on 3.8 when called, after the ``try``. Such a helper's
findings that its imports' handlers catch are notes; the others stay errors.

API::

    guarded_only(modules) -> dict[str, str]   # helper's file -> "file:line" of a guarded import
    caught(modules) -> dict[str, Caught]      # helper's file -> what its imports' tries catch
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from kit.bundle.guards import catches, handled_by, own_nodes
from kit.bundle.import_calls import import_calls
from kit.bundle.sources import (
    ENTRY,
    Source,
    children,
    imported_modules,
    prefixes,
    walk,
)
from kit.check.settled_tests import guarded_nodes_of

# what importing a helper may raise that a handler of the import catches (which handlers
# catch each: ``kit.bundle.guards.catches``, its one table)
IMPORTING = ("SyntaxError", "ImportError", "ModuleNotFoundError")
Site = tuple[str, bool, str, frozenset[str]]  # importer, guarded, "file:line", what is caught


@dataclass(frozen=True)
class Caught:
    """What the handlers of every import of a helper catch when importing it fails."""

    place: str  # "file:line" of one such import in a try
    raised: frozenset[str]  # what of IMPORTING they catch
    lines: frozenset[int]  # the helper's top-level imports whose failure they catch

    @property
    def syntax(self) -> bool:
        """Whether they catch the SyntaxError of compiling the helper."""
        return "SyntaxError" in self.raised

    def catches(self, line: int, syntax: bool) -> str | None:
        """The exception the handlers catch of a finding at ``line`` of the helper (``syntax``:
        a syntax error), or None when the finding fails where they do not reach."""
        if syntax:
            return "SyntaxError" if self.syntax else None
        if line not in self.lines:
            return None
        return "ImportError" if "ImportError" in self.raised else "ModuleNotFoundError"


def guarded_only(modules: list[Source]) -> dict[str, str]:
    """The helpers (by file) every import of which is under a version or implementation guard
    or comes from such a helper, each with the place of one guarded import of it."""
    by_name = {module.name: module for module in modules}
    only = _only(_sites(modules, by_name))
    return {by_name[name].rel: place for name, place in only.items()}


def caught(modules: list[Source]) -> dict[str, Caught]:
    """The helpers (by file) not ``guarded_only`` every import of which is so guarded or is in
    a ``try`` whose handlers catch some of what importing the helper raises, with what the
    handlers of all those in a ``try`` catch."""
    by_name = {module.name: module for module in modules}
    sites = _sites(modules, by_name)
    only = _only(sites)
    found: dict[str, Caught] = {}
    for name, imports in sites.items():
        if name in only or name == ENTRY:
            continue
        tries = [(place, raised) for importer, guarded, place, raised in imports
                 if not (guarded or importer in only)]  # fmt: skip
        raised = frozenset.intersection(*(each for _, each in tries))
        if raised:
            lines = _top_imports(by_name[name], raised)
            found[by_name[name].rel] = Caught(tries[0][0], raised, lines)
    return found


def _only(sites: dict[str, list[Site]]) -> dict[str, str]:
    """The helpers (by name) every import of which is guarded or comes from such a helper,
    each with the place of one guarded import of it."""
    only: dict[str, str] = {}
    changed = True
    while changed:  # a helper imported only by guarded-only helpers is guarded-only too
        changed = False
        for name, found in sites.items():
            if name in only or name == ENTRY:
                continue
            if all(guarded or importer in only for importer, guarded, _, _ in found):
                only[name] = next((place for _, guarded, place, _ in found if guarded), found[0][2])
                changed = True
    return only


def _sites(modules: list[Source], by_name: dict[str, Source]) -> dict[str, list[Site]]:
    """Each helper's imports: (importer, whether under a version or implementation guard,
    "file:line", what of ``IMPORTING`` the handlers of the ``try`` statements around it
    catch)."""
    sites: dict[str, list[Site]] = {}
    for module in modules:
        for name, guarded, line, raised in _imports(module, by_name):
            place = f"{module.rel}:{line}"
            sites.setdefault(name, []).append((module.name, guarded, place, raised))
    return sites


def _imports(
    module: Source, by_name: dict[str, Source]
) -> list[tuple[str, bool, int, frozenset[str]]]:
    """(helper, whether the import is under a guard, line, what its handlers catch) for each
    helper an import of ``module`` loads: the module named and the packages above it."""
    if not module.shipped.strip():
        return []
    tree = module.shipped_tree()
    # by statement and node, not by line: ``x = 1 if PYPY else 0; from shared.m import f``
    # imports it under every Python, as ``m = (import_module("shared.m"), 1 if PYPY else 0)``
    guarded = guarded_nodes_of(module, list(by_name.values()), tries=False)
    handled: dict[int, frozenset[str]] = {}
    _handled(tree.body, frozenset(), handled)
    nodes: list[tuple[str, ast.AST]] = []
    for node in walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom):
            (base,) = imported_modules(module, node)
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        nodes += [(name, node) for name in names]
    nodes += [(name or "", call) for call, name in import_calls(module, tree)]
    return [
        (helper, guarded(node), node.lineno, _raised(handled.get(id(node), frozenset())))
        for name, node in nodes
        for helper in _loaded(name, by_name)
    ]


def _raised(names: frozenset[str]) -> frozenset[str]:
    """What of ``IMPORTING`` handlers of the exceptions ``names`` catch."""
    return frozenset(raised for raised in IMPORTING if catches(names, raised))


def _handled(
    statements: list[ast.stmt], names: frozenset[str], found: dict[int, frozenset[str]]
) -> None:
    """The ``id`` of each node of ``statements`` with the exceptions the handlers of the
    ``try`` statements around it name (``names``: those outside), within its function: read
    by node, not by line, as a function's body runs when called, after the ``try`` that
    defined it, and its defaults where it stands (``def load(m=import_module("shared.m")):
    return m``: the default's import is in the ``try``)."""
    for statement in statements:
        found.update((id(node), names) for node in own_nodes(statement))
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            _handled(statement.body, frozenset(), found)
            continue
        named = handled_by(statement)
        protected = {id(inner) for inner in statement.body} if named else set()
        for child in children(statement):
            if isinstance(child, ast.stmt):
                _handled([child], names | named if id(child) in protected else names, found)
            elif isinstance(child, (ast.ExceptHandler, ast.match_case)):
                _handled(child.body, names, found)


def _top_imports(module: Source, raised: frozenset[str]) -> frozenset[int]:
    """The lines of ``module``'s import statements at its top level whose failure raises what
    the handlers catch (``raised``): any of them for ImportError, only ``import name`` for
    ModuleNotFoundError alone (``from math import lcm`` raises ImportError on 3.8)."""
    if "ImportError" in raised:
        kinds: tuple[type, ...] = (ast.Import, ast.ImportFrom)
    else:
        kinds = (ast.Import,) if "ModuleNotFoundError" in raised else ()
    return frozenset(
        line
        for statement in module.shipped_tree().body
        if isinstance(statement, kinds)
        for line in range(statement.lineno, (statement.end_lineno or statement.lineno) + 1)
    )


def _loaded(name: str, by_name: dict[str, Source]) -> list[str]:
    """The helpers importing ``name`` loads: it and every package above it, those bundled."""
    return [prefix for prefix in prefixes(name) if prefix in by_name]

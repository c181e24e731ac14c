"""Builtins a program sets itself for the versions that lack them: stand-ins.

``builtins.anext = my_anext`` (or ``setattr(builtins, "anext", my_anext)``) at a module's top
level (the solution's main block too) makes ``anext`` a builtin for whatever runs after it, on
every version: a read of the name there (``anext(it)``, ``builtins.anext``, ``from builtins
import anext``) fails on none, though 3.8 has no ``anext`` of its own (``kit.check.apis``).
Such an assignment counts where it surely runs: at the top level, directly or in a branch of
an ``if`` whose versions are known (``kit.check.settled_tests.version_windows``: ``if not
hasattr(builtins, "anext"):`` runs it below 3.10, which is where it is needed); not in a
function, a loop, a ``try`` or under another test, nor through a name bound other than by
``import builtins`` alone. One in the handler of a ``try`` that only reads the builtin
(``try: anext`` / ``except NameError: builtins.anext = my_anext``; ``builtins.anext`` and
AttributeError alike; ``Exception``, ``BaseException`` or a bare ``except`` catch either)
counts where the handler runs, below the version that added the builtin; a handler that
raises (``raise`` among its statements, before or after the setting: the program stops
there), sets another name, or only binds ``anext`` in its module (``async def anext``: the
module's own name, which ``kit.check.apis`` reads as such), sets none.

"After" is the order the bundle runs in at load time: the entry's top-level statements in
turn, each helper run whole where it is first imported (``kit.bundle.discover``'s load-time
imports), as Python runs them. A read counts from the start of the top-level statement that
holds it: one in a function is after a stand-in set before its ``def`` ran, not one set
between the ``def`` and a call (the build cannot see the call's moment), and a helper's read
after a stand-in in another helper only when that one ran first.

    stand_ins(modules) -> StandIns;  StandIns.until(rel, line, name) -> the version below
    which ``name`` has a stand-in when line ``line`` of the module ``rel`` runs (``BASE``:
    none)
"""

from __future__ import annotations

import ast
import itertools
from dataclasses import dataclass

from kit.bundle.discover import load_time_imports
from kit.bundle.guards import catches, handler_names
from kit.bundle.sources import Source, is_main_block
from kit.check.settled_tests import BASE, NEVER, module_names, version_windows, versioned_ifs
from kit.judges.stdlib import ADDED_BUILTINS

# a stand-in: (name, the index of its top-level statement, its last line, the first version
# it does not run on: NEVER when it runs on every one)
_Set = tuple[str, int, int, tuple[int, int]]


@dataclass(frozen=True)
class StandIns:
    """Where each module's stand-ins are set and when its top-level statements run."""

    sets: dict[str, list[_Set]]  # by module rel
    starts: dict[str, list[int]]  # by module rel: the moment each top-level statement starts
    ends: dict[str, list[int]]  # ... and ends
    tops: dict[str, list[tuple[int, int]]]  # by module rel: each top-level statement's lines

    def until(self, rel: str, line: int, name: str) -> tuple[int, int]:
        """The version below which ``name`` is set by a stand-in when ``line`` of ``rel``
        runs, ``BASE`` when it is not."""
        here = self._top(rel, line)
        if here is None:
            return BASE
        found = BASE
        for other, sets in self.sets.items():
            for set_name, index, last, below in sets:
                if set_name != name:
                    continue
                if other == rel and index == here:
                    before = last < line
                else:
                    before = self.ends[other][index] < self.starts[rel][here]
                found = max(found, below) if before else found
        return found

    def _top(self, rel: str, line: int) -> int | None:
        for index, (first, last) in enumerate(self.tops.get(rel, [])):
            if first <= line <= last:
                return index
        return None


def stand_ins(modules: list[Source]) -> StandIns:
    """The stand-ins ``modules`` (a bundle's: the entry and its helpers) set, and the order
    their top-level statements run in."""
    shipped = [module for module in modules if module.shipped.strip()]
    sets = {module.rel: _sets(module.shipped_tree(), module.is_entry) for module in shipped}
    starts, ends = _moments(shipped)
    tops = {
        module.rel: [(s.lineno, s.end_lineno or s.lineno) for s in module.shipped_tree().body]
        for module in shipped
    }
    return StandIns({rel: found for rel, found in sets.items() if found}, starts, ends, tops)


def _moments(modules: list[Source]) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """The moment each top-level statement of each module starts and ends at load time: the
    entry run first, a helper run whole at its first import; a module no load-time import
    reaches runs after them all."""
    by_name = {module.name: module for module in modules}
    clock = itertools.count()
    starts: dict[str, list[int]] = {}
    ends: dict[str, list[int]] = {}

    def run(module: Source) -> None:
        body = module.shipped_tree().body
        starts[module.rel], ends[module.rel] = [0] * len(body), [0] * len(body)
        for index, statement in enumerate(body):
            starts[module.rel][index] = next(clock)
            for name in load_time_imports(module, by_name, [statement]):
                if by_name[name].rel not in starts:  # begun: done, or a cycle
                    run(by_name[name])
            ends[module.rel][index] = next(clock)

    for module in sorted(modules, key=lambda module: not module.is_entry):
        if module.rel not in starts:
            run(module)
    return starts, ends


def _sets(tree: ast.Module, entry: bool) -> list[_Set]:
    """The stand-ins a module's top level sets, each with the first version it does not run
    on; only those set from 3.8 on (``entry``: the solution, which runs its main block)."""
    modules = module_names(tree)
    names = {local for local, module in modules.items() if module == "builtins"}
    versioned = {id(node) for node, _, _, _ in versioned_ifs(tree)}
    windows = version_windows(tree)
    found = []
    for index, top in enumerate(tree.body):
        for statement in _surely_run([top], versioned, entry):
            for setter, name, below in _setters(statement, names):
                low, high = windows.get(setter.lineno, (BASE, NEVER))
                if low > BASE:  # it does not run on 3.8: no stand-in there
                    continue
                found.append((name, index, setter.end_lineno or setter.lineno, min(high, below)))
    return found


def _setters(statement: ast.stmt, names: set[str]):
    """Each statement that sets a builtin, of ``statement`` (itself) or of the handler of its
    ``try`` that runs where the builtin it reads is missing (``_fallback``), with the name
    and the first version it does not run on by that (``NEVER``: none)."""
    for name in _set_names(statement, names):
        yield statement, name, NEVER
    probed, handler = _fallback(statement, names)
    for setter in handler:
        if probed in _set_names(setter, names):
            yield setter, probed, ADDED_BUILTINS.get(probed, BASE)


def _fallback(statement: ast.stmt, names: set[str]) -> tuple[str, list[ast.stmt]]:
    """For ``try: anext`` (or ``builtins.anext``) whose handler catches what the read raises
    where the builtin is missing (NameError, AttributeError; ``Exception``, ``BaseException``
    or a bare ``except``), the builtin read and the statements of the first such handler;
    ``("", [])`` for any other statement, and for a handler that raises (``raise`` among its
    statements: the program stops there). A ``try`` whose body does more than read it is
    none: what else raises there may run the handler on any version."""
    if not isinstance(statement, ast.Try):
        return "", []
    reads = {_probed(s.value, names) if isinstance(s, ast.Expr) else None for s in statement.body}
    read = reads.pop() if len(reads) == 1 else None
    if read is None:
        return "", []
    name, raised = read
    for handler in statement.handlers:  # the guards' rule: kit.bundle.guards.catches
        if catches(handler_names([handler]), raised):
            if any(isinstance(s, ast.Raise) for s in handler.body):
                return "", []  # it stops the program there, whatever it set
            return name, handler.body
    return "", []


def _probed(value: ast.expr, names: set[str]) -> tuple[str, str] | None:
    """The builtin ``value`` reads and what that raises where it is missing: ``anext``
    NameError, ``builtins.anext`` AttributeError (``names``: those bound to ``builtins``)."""
    if isinstance(value, ast.Name):
        return value.id, "NameError"
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
        return (value.attr, "AttributeError") if value.value.id in names else None
    return None


def _surely_run(statements: list[ast.stmt], versioned: set[int], entry: bool):
    """``statements`` and those in the branches of their ``if``s on known versions, and in
    the solution's main block (``entry``)."""
    for statement in statements:
        yield statement
        if isinstance(statement, ast.If) and id(statement) in versioned:
            yield from _surely_run(statement.body + statement.orelse, versioned, entry)
        elif entry and is_main_block(statement):
            yield from _surely_run(statement.body, versioned, entry)  # type: ignore[attr-defined]


def _set_names(statement: ast.stmt, names: set[str]) -> list[str]:
    """The builtins ``statement`` sets (``builtins.anext = f``, ``setattr(builtins, "anext",
    f)``), ``names`` being those bound to the module ``builtins``."""
    targets: list[ast.expr] = []
    if isinstance(statement, ast.Assign):
        targets = statement.targets
    elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
        targets = [statement.target]
    found = [
        target.attr
        for target in targets
        if isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id in names
    ]
    call = statement.value if isinstance(statement, ast.Expr) else None
    if (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id == "setattr"
        and len(call.args) == 3
        and not call.keywords
        and isinstance(call.args[0], ast.Name)
        and call.args[0].id in names
        and isinstance(call.args[1], ast.Constant)
        and isinstance(call.args[1].value, str)
    ):
        found.append(call.args[1].value)
    return found

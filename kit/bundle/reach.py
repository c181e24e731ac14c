"""Which top-level statements of each helper the bundle can reach; the others are cut.

The solution is kept whole (its definitions nothing reaches, found by the same rules, are only
passed over by the checks: ``unreachable(..., entry_too=True)``), and so is every top-level
statement of a helper that is not a plain definition (a loop filling a table, a call, a
``try`` around an import, and every import: loading a module may have effects or fail, as it
would from source). A plain definition is cut
when nothing kept refers to a name it binds:

- ``def`` whose decorators are the builtin or standard library's harmless ones (``property``,
  ``functools.lru_cache``..., known by where the name comes from, not by the name alone: a
  module's own ``property`` might register the function somewhere; not
  ``dataclasses.dataclass`` or ``functools.total_ordering``, which raise on some classes,
  nor ``functools.cache``, which 3.8 lacks) and whose defaults are pure; ``class`` the same,
  with at most one base, a class for certain (one defined before it, imported, or a builtin
  type: several bases may have no consistent order, and a base that is no class raises),
  ``__slots__`` that clash with nothing (a literal of identifiers the body does not bind,
  nonempty only over no builtin type but ``object``) and a body of such definitions only (a
  class body runs when it is defined), assigning no dunder but ``__slots__``, ``__doc__``,
  ``__module__`` and binding no decorated method twice (``kit.bundle.bound_names``); a
  builtin base must take subclasses (``bool`` does not);
- ``NAME = value`` (or names unpacked from a display of as many values) whose value calls
  nothing but pure builtins (not shadowed by the module) on literal arguments, each call
  tried here and running without error (``map(register, ...)`` calls it, ``str(obj)`` runs
  its class's code, ``int("10**5")`` raises), and has no attribute, index or operator on a
  name (each may raise, or run the code of an object's class), an operator on literals only
  where evaluating it here raises nothing (``kit.bundle.literal_values``: ``1 << -1``), a
  display's keys literals that hash, and reads no name that nothing before it binds or a
  ``del`` before unbinds (a builtin's aside, one 3.8 has): ``DSU = Disjoint_Set`` of a name
  never bound, or a default reading a constant bound below the ``def``, raises. A class
  over an imported base stays (``Enum``'s metaclass raises on a member named twice), and a
  decorator called stays unless it is ``functools.lru_cache`` given what it takes.

What is cut must be what could not fail (``kit.bundle.bound_names`` judges each statement): a
statement that raises on import from source keeps raising in the bundle.

References are names (``f``) and attribute chains on imported modules (``shared.x.f``), found
anywhere in kept code; in a class body ``K`` a name ``__x`` is read as ``_K__x``, as the
compiler renames it (``private_name``), and ``from m import __x`` there reads ``m._K__x``.
A module used any other way (passed as a value,
``getattr(module, ...)``, ``vars(module)``, ``dir(module)``, any dunder attribute of it such as
``module.__dict__`` or ``module.__getattribute__``, or imported from it: ``from module import
__dict__``), or that uses ``globals()``, ``vars()``, ``__all__``, ``__getattr__`` or its
``__dict__``, stays whole, and so do the modules it binds
to names (``import a.b.c``: ``a``, ``a.b``, ``a.b.c``), the submodules its ``__all__`` names
and the modules it star-imports. Of a star-imported module (``from m import *``), what the
importer's names need is kept (a name not bound in the importer is looked for in the modules it
star-imports), and of the modules it binds (or its ``__all__`` names), those the importer reads
by name (a module defining ``__all__`` stays whole, as above; ``dir()`` with no argument reads
a module's names as ``globals()`` does); ``eval``, ``exec``, ``__import__``, ``importlib``,
``pickle`` (an unpickled object's class or function is found by its module and name),
``sys.modules``, ``inspect.getmodule``, under any name (``builtins.eval``, ``from sys import
modules``, ``import sys as system``), or a function's or frame's globals (``__globals__``,
``f_globals``, ``f_locals``) anywhere keep everything, and classes are all kept when any module
defines or assigns ``__init_subclass__`` or ``__set_name__`` (``Base.__init_subclass__ =
hook``, ``setattr`` of a hook's name or one not written out, or under another name), passes
``metaclass=`` or defines a metaclass (creating a class may then have effects elsewhere) or
reads ``__subclasses__`` (which finds classes nothing names): ``kit.bundle.dynamic_names``
finds these.
``getattr(package, "sub")`` uses the submodule ``package.sub``, which the import system binds
on its package, as a value. A name taken from a module that bound it to another module (``from
shared.rb import amod``, ``shared.rb.amod``) uses that module as a value. Helpers'
``if __name__ == "__main__":`` blocks do not ship, so they reach nothing (the ``else`` of one
ships, and is kept as top-level code is).
"""

from __future__ import annotations

import ast
from collections import deque
from dataclasses import dataclass, field

from kit.bundle.bound_names import Names, binds
from kit.bundle.dynamic_names import has_class_hooks, is_bundle_dynamic, is_dynamic
from kit.bundle.source_text import quiet_parse
from kit.bundle.sources import (
    Source,
    attribute_chain,
    import_bindings,
    import_name,
    imported_modules,
    is_literal_table,
    prefixes,
    private_name,
    shipped_statements,
    walk,
)
from kit.bundle.star_names import star_names


@dataclass
class _Item:
    """A top-level statement of a helper that may be cut."""

    node: ast.stmt
    kept: bool = False


@dataclass
class _Module:
    source: Source
    statements: list[ast.stmt]  # what ships (a helper's __main__ blocks left out)
    items: list[_Item] = field(default_factory=list)
    by_name: dict[str, list[_Item]] = field(default_factory=dict)
    # a name bound to modules -> every module an import binds it to (``try: import a as m``
    # / ``except ImportError: import b as m``: ``m.f`` may be either's)
    aliases: dict[str, set[str]] = field(default_factory=dict)
    dotted: dict[str, set[str]] = field(default_factory=dict)  # ``import a.b.c``: a -> {a.b.c}
    star_bases: list[str] = field(default_factory=list)  # the modules it star-imports
    whole: bool = False


def unreachable(
    entry: Source, helpers: list[Source], entry_too: bool = False
) -> dict[str, list[ast.stmt]]:
    """For each helper (by name) that has some, its top-level statements nothing reaches;
    ``entry_too``: the solution's as well (it ships whole: its own are for the checks, which
    pass over a definition nothing calls, as the judge never runs it)."""
    every = [entry, *helpers]
    if any(is_bundle_dynamic(source) for source in every):
        return {}
    known = {helper.name for helper in helpers}
    classes_pure = not any(has_class_hooks(source) for source in every)
    indexed = {source.name: _index(source, known, classes_pure, entry_too) for source in every}
    reach = _Reach(indexed, known)
    for module in reach.modules.values():
        cuttable = {id(item.node) for item in module.items}
        for statement in module.statements:
            if id(statement) not in cuttable:
                reach.keep(module, statement)
    while True:
        reach.follow()
        if not reach.keep_dynamic_wholes():
            break
    return {
        name: [item.node for item in module.items if not item.kept]
        for name, module in reach.modules.items()
        if any(not item.kept for item in module.items)
    }


class _Reach:
    """What is kept so far: the names still to follow and the modules used as values."""

    def __init__(self, modules: dict[str, _Module], known: set[str]) -> None:
        self.modules, self.known = modules, known
        self.pending: deque[tuple[str, str]] = deque()
        self.escaped: set[str] = set()  # used as values: kept whole, and what they bind too
        self.seen: set[tuple[str, str]] = set()

    def keep(self, module: _Module, statement: ast.stmt) -> None:
        finder = _References(module, self.known, self.modules)
        finder.visit(statement)
        self.pending.extend(finder.found)
        self.escaped.update(finder.escaped)

    def keep_item(self, module: _Module, item: _Item) -> None:
        if not item.kept:
            item.kept = True
            self.keep(module, item.node)

    def follow(self) -> None:
        """Keep every statement binding a name that something kept needs, transitively."""
        while self.pending:
            key = self.pending.popleft()
            if key in self.seen or key[0] not in self.modules:
                continue
            self.seen.add(key)
            module = self.modules[key[0]]
            for item in module.by_name.get(key[1], []):
                self.keep_item(module, item)
            for base in module.star_bases:  # the name may be one a star import bound
                self.pending.append((base, key[1]))
                self._through(base, key[1])

    def _through(self, base: str, name: str) -> None:
        """``name`` taken from ``base`` by a star import: a module ``base`` binds to it (with
        the dotted ones under it, ``import a.b.c`` binding ``a``), or ``base``'s submodule of
        that name (its ``__all__`` listing it), is used as a value."""
        module = self.modules.get(base)
        if module is None:
            return
        if name in module.aliases:
            self.escaped.update(_bound_modules(module, name))
        elif f"{base}.{name}" in self.known:
            self.escaped.add(f"{base}.{name}")

    def keep_dynamic_wholes(self) -> bool:
        """Keep whole every module used as a value or reached dynamically; whether any was."""
        whole = []
        for module in self.modules.values():
            if module.whole:
                continue
            exposed = module.source.name in self.escaped or is_dynamic(
                module.statements, module.aliases
            )
            if exposed:
                whole.append((module, exposed))
        for module, exposed in whole:
            module.whole = True
            if exposed:  # a value: any name of it may be read, the modules it binds too
                self.escaped.update(_exposed(module, self.known))
            for item in module.items:
                self.keep_item(module, item)
        return bool(whole)


def _exposed(module: _Module, known: set[str]) -> set[str]:
    """The modules reachable as values through a module used as a value: those it binds to
    names (``from shared import fastio``: ``common.fastio``), and the submodules its
    ``__all__`` names."""
    exposed = {bound for name in module.aliases for bound in _bound_modules(module, name)}
    exposed.update(f"{module.source.name}.{name}" for name in star_names(module.statements)[0])
    exposed.update(module.star_bases)  # any name of it may be one a star import bound
    return exposed & known


def _bound_modules(module: _Module, name: str) -> set[str]:
    """The modules ``name`` reaches in ``module``: the one it is bound to, and for a plain
    ``import a.b.c`` binding ``a``, ``a.b`` and ``a.b.c`` too."""
    dotted = module.dotted.get(name, ())
    return {*module.aliases[name], *(part for full in dotted for part in prefixes(full))}


def _index(source: Source, known: set[str], classes_pure: bool, entry_too: bool) -> _Module:
    statements = shipped_statements(source)
    module = _Module(source, statements, aliases=_aliases(source, statements, known))
    module.dotted, module.star_bases = _dotted_and_stars(source, statements, known)
    if source.is_entry and not entry_too:
        return module
    own = Names.of(source, statements)
    for statement in statements:
        names = binds(statement, classes_pure, own)
        own.passed(statement)
        if names:
            item = _Item(statement)
            module.items.append(item)
            for name in names:
                module.by_name.setdefault(name, []).append(item)
    return module


def _dotted_and_stars(
    source: Source, statements: list[ast.stmt], known: set[str]
) -> tuple[dict[str, set[str]], list[str]]:
    """The dotted modules each name a plain ``import a.b.c`` binds (``a``), and the helpers the
    statements star-import."""
    dotted: dict[str, set[str]] = {}
    stars: list[str] = []
    for node in walk(ast.Module(body=statements, type_ignores=[])):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname is None and "." in alias.name:
                    bound = import_name(node, alias.name.partition(".")[0])
                    dotted.setdefault(bound, set()).add(alias.name)
        elif isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
            base = imported_modules(source, node)[0]
            if base in known:
                stars.append(base)
    return dotted, stars


def _aliases(source: Source, statements: list[ast.stmt], known: set[str]) -> dict[str, set[str]]:
    """Names bound to modules by the statements' imports: name -> every module it is bound to."""
    aliases: dict[str, set[str]] = {}
    for node in walk(ast.Module(body=statements, type_ignores=[])):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for name, origin in import_bindings(source, node):
                if name != "*" and (isinstance(node, ast.Import) or origin in known):
                    aliases.setdefault(name, set()).add(origin)
    return aliases


class _References(ast.NodeVisitor):
    """(module, name) pairs a statement needs, and the modules it uses as plain values."""

    def __init__(self, module: _Module, known: set[str], modules: dict[str, _Module]) -> None:
        self.module = module
        self.known = known
        self.modules = modules
        self.found: list[tuple[str, str]] = []
        self.escaped: set[str] = set()
        self.classes: list[str] = []  # the class bodies being read, innermost last

    def generic_visit(self, node: ast.AST) -> None:
        if not is_literal_table(node):  # constants only: nothing to find in there
            super().generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        """Its decorators, bases and keywords run outside it; in its body (and the functions
        defined there) a name ``__x`` is read as ``_K__x``: ``private_name``."""
        for outer in (*node.decorator_list, *node.bases, *node.keywords):
            self.visit(outer)
        self.classes.append(node.name)
        for statement in node.body:
            self.visit(statement)
        self.classes.pop()

    def _named(self, name: str) -> str:
        return private_name(name, self.classes[-1]) if self.classes else name

    def visit_Attribute(self, node: ast.Attribute) -> None:
        chain = [self._named(part) for part in attribute_chain(node)]
        if not chain or chain[0] not in self.module.aliases:
            self.generic_visit(node)
            return
        self.found.append((self.module.source.name, chain[0]))
        for target in sorted(self.module.aliases[chain[0]]):
            self._along(target, chain[1:])

    def _along(self, target: str, parts: list[str]) -> None:
        """The attributes ``parts`` read from module ``target``: the name they reach in it, or
        the module they end at, used as a value."""
        for part in parts:
            if part.startswith("__") and part.endswith("__"):  # __dict__, __getattribute__...
                self.escaped.add(target)
                return
            if f"{target}.{part}" not in self.known:
                self.found.append((target, part))
                self._module_through(target, part)
                return
            target = f"{target}.{part}"
        self.escaped.add(target)  # the chain ends at a module: used as a value

    def visit_Call(self, node: ast.Call) -> None:
        """``getattr(package, "sub")``: the submodule, bound on its package by the import
        system (not by the package's code), is used as a value."""
        arguments = node.args
        named = len(arguments) >= 2 and isinstance(arguments[1], ast.Constant)
        if isinstance(node.func, ast.Name) and node.func.id == "getattr" and named:
            owner = arguments[0]
            chain = [owner.id] if isinstance(owner, ast.Name) else []
            chain = attribute_chain(owner) if isinstance(owner, ast.Attribute) else chain
            for base in self.module.aliases.get(chain[0], ()) if chain else ():
                submodule = ".".join([base, *chain[1:], str(arguments[1].value)])
                if submodule in self.known:
                    self.escaped.add(submodule)
        self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        name = self._named(node.id)
        self.found.append((self.module.source.name, name))
        self.escaped.update(self.module.aliases.get(name, ()))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.module == "__future__":
            return
        base = imported_modules(self.module.source, node)[0]
        for alias in node.names:
            if alias.name == "*":  # its names are followed through the importer's star_bases
                continue
            if alias.name.startswith("__") and alias.name.endswith("__"):
                self.escaped.add(base)  # ``from m import __dict__``: m.__dict__, m as a value
            # the package's own binding of the name, if any, even where a submodule has that
            # name: the import takes the attribute the package has when it runs, which is its
            # own until the submodule is imported (``from geom import point`` then ``import
            # geom.point``: the first binds geom's function); in a class body ``K``, ``from m
            # import __x`` reads ``m._K__x``
            name = self._named(alias.name)
            self.found.append((base, name))
            if f"{base}.{name}" not in self.known:
                self._module_through(base, name)

    def _module_through(self, module: str, name: str) -> None:
        """``module.name`` taken where ``name`` is a module ``module`` imported (``import
        shared.ra as amod`` in it): that module is used as a value."""
        if module in self.modules:
            self.escaped.update(self.modules[module].aliases.get(name, ()))

    def visit_Global(self, node: ast.Global) -> None:
        self.found.extend((self.module.source.name, self._named(name)) for name in node.names)

    def visit_arg(self, node: ast.arg) -> None:
        self._in_strings(node.annotation)
        self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self._in_strings(node.returns)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._in_strings(node.annotation)
        self.generic_visit(node)

    def _in_strings(self, annotation: ast.expr | None) -> None:
        """The names of an annotation written as a string (``root: "Node"``, a forward
        reference): ``typing.get_type_hints`` evaluates it in the module, so they are used."""
        for node in walk(annotation) if annotation is not None else ():
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                try:
                    self.visit(quiet_parse(node.value.strip(), mode="eval").body)
                except SyntaxError:
                    continue

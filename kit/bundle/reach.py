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
  class body runs when it is defined); a builtin base must take subclasses (``bool`` does not);
- ``NAME = value`` (or names unpacked from a display of as many values) whose value calls
  nothing but pure builtins (not shadowed by the module) on literal arguments, each call
  tried here and running without error (``map(register, ...)`` calls it, ``str(obj)`` runs
  its class's code, ``int("10**5")`` raises), and has no attribute, index, operator on a
  name or division by zero (each may raise, or run the code of an object's class), and
  reads no name that nothing before it binds (a builtin's aside): ``DSU = Disjoint_Set`` of a
  name never bound, or a default reading a constant bound below the ``def``, raises.

What is cut must be what could not fail: a statement that raises on import from source keeps
raising in the bundle.

References are names (``f``) and attribute chains on imported modules (``shared.x.f``), found
anywhere in kept code. A module used any other way (passed as a value, ``getattr(module,
...)``, ``vars(module)``, ``dir(module)``, any dunder attribute of it such as
``module.__dict__`` or ``module.__getattribute__``), or that uses ``globals()``, ``vars()``,
``__all__``, ``__getattr__`` or its ``__dict__``, stays whole, and so do the modules it binds
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
defines or assigns ``__init_subclass__`` or ``__set_name__``, passes ``metaclass=`` or defines
a metaclass (creating a class may then have effects elsewhere) or reads ``__subclasses__``
(which finds classes nothing names): ``kit.bundle.dynamic_names`` finds these.
``getattr(package, "sub")`` uses the submodule ``package.sub``, which the import system binds
on its package, as a value. A name taken from a module that bound it to another module (``from
shared.rb import amod``, ``shared.rb.amod``) uses that module as a value. Helpers'
``if __name__ == "__main__":`` blocks do not ship, so they reach nothing (the ``else`` of one
ships, and is kept as top-level code is).
"""

from __future__ import annotations

import ast
import builtins
from collections import deque
from dataclasses import dataclass, field

from kit.bundle.dynamic_names import has_class_hooks, is_bundle_dynamic, is_dynamic
from kit.bundle.sources import (
    Source,
    attribute_chain,
    children,
    import_bindings,
    imported_modules,
    is_literal_table,
    is_string_statement,
    prefixes,
    quiet_parse,
    shipped_statements,
    star_names,
    walk,
)

BUILTIN_DECORATORS = {"property", "staticmethod", "classmethod"}
STDLIB_DECORATORS = {
    "functools.lru_cache", "functools.cached_property", "contextlib.contextmanager",
}  # fmt: skip
# builtins that make a value from literal arguments in time and memory of their size: a call
# of one is tried here (``pow``, ``bytes(n)`` and ``bytearray(n)`` are not, nor cut)
PURE_CALLS = {
    "abs", "all", "any", "bin", "bool", "chr", "complex", "dict", "divmod", "enumerate",
    "filter", "float", "frozenset", "hex", "int", "len", "list", "map", "max", "min", "object",
    "oct", "ord", "range", "reversed", "round", "set", "slice", "sorted", "str", "sum", "tuple",
    "zip",
}  # fmt: skip


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
    own = _Names.of(source, statements)
    for statement in statements:
        names = _binds(statement, classes_pure, own)
        own.before.update(_bindings(statement))
        if isinstance(statement, ast.ClassDef):
            over = any(map(own.builtin_based, statement.bases))
            (own.over_builtin.add if over else own.over_builtin.discard)(statement.name)
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
                    dotted.setdefault(alias.name.partition(".")[0], set()).add(alias.name)
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


@dataclass
class _Names:
    """What a module's own top level binds, and where its imported names come from: a
    decorator or call is known harmless only when its name is the builtin's or the standard
    library's, not a name the module binds itself."""

    bound: set[str] = field(default_factory=set)
    origins: dict[str, str] = field(default_factory=dict)  # name -> "module" or "module.name"
    star: bool = False  # a ``from x import *``: any name may be bound by it
    # what the statements before the one being judged bind, each name by how last
    # (``_bindings``); a name in none of them reads the builtin of that name, or fails
    before: dict[str, str] = field(default_factory=dict)
    # the classes of the module's own, bound before, over a builtin type other than object
    # (``int``, ``tuple``), directly or not: nonempty ``__slots__`` over them is a TypeError
    over_builtin: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, source: Source, statements: list[ast.stmt]) -> _Names:
        """Every name the module's top level binds, in nested blocks too (``try``, ``if``...),
        and where the names its imports bind come from."""
        names = cls()
        for node in _module_level(statements):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.bound.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.bound.add(node.id)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                names.bound.add(node.name)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for name, origin in import_bindings(source, node):
                    if name == "*":
                        names.star = True
                    else:
                        names.imported(name, origin)
        return names

    def imported(self, name: str, origin: str) -> None:
        """``name`` bound by an import of ``origin``; bound twice from different places, it
        is known by neither."""
        if self.origins.setdefault(name, origin) != origin:
            self.bound.add(name)

    def builtin(self, name: str) -> bool:
        return not self.star and name not in self.bound and name not in self.origins

    def defined(self, name: str) -> bool:
        """Whether reading ``name`` here finds something: bound by a statement before, or a
        builtin (a star import before may bind any name)."""
        return name in self.before or STAR in self.before or hasattr(builtins, name)

    def a_class(self, base: ast.expr) -> bool:
        """Whether a base names a class for certain: a class defined before, or a builtin one
        nothing before rebinds (an imported name is taken at its word)."""
        if not isinstance(base, ast.Name):
            return False
        kind = self.before.get(base.id)
        if kind is not None:
            return kind in (CLASS, IMPORTED)
        return STAR not in self.before and _subclassable(getattr(builtins, base.id, None))

    def builtin_based(self, base: ast.expr) -> bool:
        """Whether a base is a builtin type other than ``object``, or a class of the module's
        own over one (an attribute or an imported class is taken as plain)."""
        if not isinstance(base, ast.Name):
            return False
        if base.id in self.before:
            return base.id in self.over_builtin and self.before[base.id] == CLASS
        return base.id != "object" and isinstance(getattr(builtins, base.id, None), type)

    def slots_fit(self, node: ast.ClassDef) -> bool:
        """Whether a class's ``__slots__``, if any, cannot fail: a literal string or display
        of identifiers (not ``__dict__`` nor ``__weakref__``, which clash with a base that has
        them), none a name the body binds too (a class variable of a slot's name is a
        ValueError), nonempty only over no builtin type but ``object`` (over ``int``,
        directly or not, it is a TypeError)."""
        bindings = [_bindings(member) for member in node.body]
        slots = [m for m, bound in zip(node.body, bindings) if "__slots__" in bound]
        if not slots:
            return True
        if len(slots) > 1 or not isinstance(slots[0], ast.Assign) or len(slots[0].targets) != 1:
            return False
        try:
            value = ast.literal_eval(slots[0].value)
        except ValueError:
            return False
        names = [value] if isinstance(value, str) else value
        if not isinstance(names, (tuple, list)) or not all(
            isinstance(n, str) and n.isidentifier() and not n.startswith("__") for n in names
        ):
            return False
        bound = {name for names in bindings for name in names}
        over = not any(map(self.builtin_based, node.bases))
        return not (set(names) & bound) and (not names or over)

    def harmless_decorator(self, decorator: ast.expr) -> bool:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(decorator, ast.Call) and not all(
            self.pure(argument)
            for argument in (*decorator.args, *(k.value for k in decorator.keywords))
        ):
            return False
        if self.star:
            return False
        if isinstance(target, ast.Name):
            if target.id in self.origins and target.id not in self.bound:
                return self.origins[target.id] in STDLIB_DECORATORS
            return target.id in BUILTIN_DECORATORS and self.builtin(target.id)
        chain = attribute_chain(target) if isinstance(target, ast.Attribute) else []
        return (
            len(chain) == 2
            and chain[0] in self.origins
            and chain[0] not in self.bound
            and f"{self.origins[chain[0]]}.{chain[1]}" in STDLIB_DECORATORS
        )

    def pure(self, expression: ast.expr) -> bool:
        """Whether evaluating ``expression`` can do nothing but make a value: no call but of a
        pure builtin, no attribute or index (either may raise, or run code), no operator, truth
        test, loop or formatting on a name (it may be an object whose methods run code), no
        division but by a non-zero number. Linear in the expression's size: an operator
        checked covers the operators inside it (a chain of 20,000 additions took minutes)."""
        covered: set[int] = set()  # the nodes under an operator already checked
        later = {id(n) for f in walk(expression) if isinstance(f, ast.Lambda) for n in walk(f.body)}
        for node in walk(expression):
            if isinstance(node, _ACTING):
                return False
            if isinstance(node, ast.Name) and id(node) not in later and not self.defined(node.id):
                return False  # read before anything binds it: a NameError
            if isinstance(node, ast.Call) and not (
                isinstance(node.func, ast.Name)
                and node.func.id in PURE_CALLS
                and self.builtin(node.func.id)
                and _runs(node)
            ):
                return False
            if isinstance(node, _OPERATORS) and id(node) not in covered:
                if not _on_values(node):
                    return False
                covered.update(id(inner) for inner in walk(node))
        return True

    def pure_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """Its decorators harmless and its defaults pure (both run when ``def`` runs)."""
        defaults = [*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)]
        return all(map(self.harmless_decorator, node.decorator_list)) and all(
            map(self.pure, defaults)
        )

    def pure_class(self, node: ast.ClassDef) -> bool:
        """Its decorators harmless, at most one base, a class for certain, and its body only
        definitions that are pure (the body runs when ``class`` runs), no ``__slots__`` (they
        may clash with a class variable or a base's layout): several bases may have no
        consistent order, and a base that is no class raises."""
        if node.keywords or not all(map(self.harmless_decorator, node.decorator_list)):
            return False
        if len(node.bases) > 1 or not all(map(self.a_class, node.bases)):
            return False
        if not self.slots_fit(node):
            return False
        outer = dict(self.before)
        try:  # the body reads what it bound before, beside the module's names
            for member in node.body:
                if not self.pure_member(member):
                    return False
                self.before.update(_bindings(member))
        finally:
            self.before = outer
        return True

    def pure_member(self, statement: ast.stmt) -> bool:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return self.pure_function(statement)
        if isinstance(statement, ast.ClassDef):
            return self.pure_class(statement)
        if isinstance(statement, ast.AnnAssign):  # its annotation runs too
            value_pure = statement.value is None or self.pure(statement.value)
            named = isinstance(statement.target, ast.Name)
            return named and self.pure(statement.annotation) and value_pure
        if isinstance(statement, ast.Assign):
            return bool(_assigned_names(statement, self))
        return isinstance(statement, ast.Pass) or is_string_statement(statement)


_ACTING = (
    ast.Await, ast.Yield, ast.YieldFrom, ast.NamedExpr, ast.Subscript, ast.Attribute, ast.Starred,
    ast.FormattedValue,  # f"{x}" runs x.__format__
)  # fmt: skip
# on a name, each runs the object's code: operators, a truth test (__bool__), a loop (__iter__)
_OPERATORS = (ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.comprehension)
_DIVISIONS = (ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)


def _subclassable(value: object) -> bool:
    """Whether ``value`` is a class a class statement can derive from (``bool``, ``range``
    and ``slice`` are classes that take no subclass)."""
    if not isinstance(value, type):
        return False
    try:
        type("Probe", (value,), {})
    except TypeError:
        return False
    return True


def _on_values(node: ast.expr) -> bool:
    """An operator whose operands hold no name (a builtin's call aside), and whose division
    or power cannot fail (a non-zero number divides; a non-negative number is the power)."""
    called = _called_names(node)
    for inner in walk(node):
        if isinstance(inner, ast.Name) and id(inner) not in called:
            return False
        if isinstance(inner, ast.BinOp) and isinstance(inner.op, _DIVISIONS):
            right = inner.right
            number = isinstance(right, ast.Constant) and type(right.value) in (int, float)
            if not number or (
                right.value < 0 if isinstance(inner.op, ast.Pow) else not right.value
            ):
                return False
    return True


def _runs(call: ast.Call) -> bool:
    """Whether a pure builtin's call has literal arguments only (a name may be an object
    whose code the builtin runs: ``map(register, ...)``, ``str(obj)``) and runs without error
    here, as it would on import (``int("10**5")`` raises, ``chr(-1)`` too)."""
    try:
        arguments = [ast.literal_eval(argument) for argument in call.args]
        keywords = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
        if len(keywords) < len(call.keywords):
            return False  # ``**mapping``
        getattr(builtins, call.func.id)(*arguments, **keywords)
    except Exception:  # noqa: BLE001 - any error the call may raise: it stays, to raise
        return False
    return True


def _called_names(within: ast.expr) -> set[int]:
    """The ids of the names that are the function of a call inside ``within`` (``max`` of
    ``max(a, b)``)."""
    return {id(n.func) for n in walk(within) if isinstance(n, ast.Call)}


CLASS, FUNCTION, IMPORTED, VALUE = "class", "function", "imported", "value"
STAR = "*"  # in ``_Names.before``: a star import came before


def _bindings(statement: ast.stmt) -> dict[str, str]:
    """The names a statement binds at its level, each by how (``CLASS``, ``FUNCTION``,
    ``IMPORTED``, ``VALUE``; ``STAR`` for a star import), the last binding winning."""
    found: dict[str, str] = {}
    nodes = list(_module_level([statement]))
    # ``x: int`` alone binds nothing (it only annotates)
    bare = {id(n.target) for n in nodes if isinstance(n, ast.AnnAssign) and n.value is None}
    for node in sorted(nodes, key=_position):
        if id(node) in bare:
            continue
        if isinstance(node, ast.ClassDef):
            found[node.name] = CLASS
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = FUNCTION
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found[node.id] = VALUE
        elif isinstance(node, ast.ExceptHandler) and node.name:
            found[node.name] = VALUE
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                name = alias.asname or alias.name.partition(".")[0]
                found[STAR if name == "*" else name] = IMPORTED
    return found


def _position(node: ast.AST) -> tuple[int, int]:
    return getattr(node, "lineno", 0), getattr(node, "col_offset", 0)


def _module_level(statements: list[ast.stmt]):
    """Every node of ``statements`` outside the bodies of functions, classes and lambdas (the
    definitions themselves are yielded)."""
    stack: list[ast.AST] = list(statements)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        stack.extend(children(node))


def _binds(statement: ast.stmt, classes_pure: bool, names: _Names) -> set[str]:
    """The names a cuttable statement binds; empty when the statement must stay (imports
    always stay: loading a module may have effects, or fail, as it would from source)."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {statement.name} if names.pure_function(statement) else set()
    if isinstance(statement, ast.ClassDef):
        return {statement.name} if classes_pure and names.pure_class(statement) else set()
    if isinstance(statement, (ast.Assign, ast.AnnAssign)):
        return _assigned_names(statement, names)
    return set()


def _assigned_names(statement: ast.Assign | ast.AnnAssign, names: _Names) -> set[str]:
    """The names a pure assignment to plain names binds; empty otherwise."""
    if statement.value is None or not names.pure(statement.value):
        return set()
    targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
    if not all(_unpacks(target, statement.value) for target in targets):
        return set()
    bound = set()
    for target in targets:
        for node in walk(target):
            if isinstance(node, ast.Name):
                bound.add(node.id)
            elif not isinstance(node, (ast.Tuple, ast.List, ast.Starred, ast.expr_context)):
                return set()
    return bound


def _unpacks(target: ast.expr, value: ast.expr) -> bool:
    """Whether assigning ``value`` to ``target`` cannot fail: a plain name, or names (nested)
    unpacked from a display of as many values (fewer names with a starred one)."""
    if not isinstance(target, (ast.Tuple, ast.List)):
        return True
    if not isinstance(value, (ast.Tuple, ast.List)):
        return False  # a string, a range...: unpacked only when its length is known
    values = value.elts
    if any(isinstance(item, ast.Starred) for item in values):
        return False
    starred = [i for i, item in enumerate(target.elts) if isinstance(item, ast.Starred)]
    if starred:  # names only beside it: what each nested target gets is not counted here
        plain = all(isinstance(item, (ast.Name, ast.Starred)) for item in target.elts)
        return plain and len(values) >= len(target.elts) - 1
    return len(values) == len(target.elts) and all(map(_unpacks, target.elts, values))


class _References(ast.NodeVisitor):
    """(module, name) pairs a statement needs, and the modules it uses as plain values."""

    def __init__(self, module: _Module, known: set[str], modules: dict[str, _Module]) -> None:
        self.module = module
        self.known = known
        self.modules = modules
        self.found: list[tuple[str, str]] = []
        self.escaped: set[str] = set()

    def generic_visit(self, node: ast.AST) -> None:
        if not is_literal_table(node):  # constants only: nothing to find in there
            super().generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        chain = attribute_chain(node)
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
        self.found.append((self.module.source.name, node.id))
        self.escaped.update(self.module.aliases.get(node.id, ()))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.module == "__future__":
            return
        base = imported_modules(self.module.source, node)[0]
        for alias in node.names:
            if alias.name == "*":  # its names are followed through the importer's star_bases
                continue
            # the package's own binding of the name, if any, even where a submodule has that
            # name: the import takes the attribute the package has when it runs, which is its
            # own until the submodule is imported (``from geom import point`` then ``import
            # geom.point``: the first binds geom's function)
            self.found.append((base, alias.name))
            if f"{base}.{alias.name}" not in self.known:
                self._module_through(base, alias.name)

    def _module_through(self, module: str, name: str) -> None:
        """``module.name`` taken where ``name`` is a module ``module`` imported (``import
        shared.ra as amod`` in it): that module is used as a value."""
        if module in self.modules:
            self.escaped.update(self.modules[module].aliases.get(name, ()))

    def visit_Global(self, node: ast.Global) -> None:
        self.found.extend((self.module.source.name, name) for name in node.names)

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

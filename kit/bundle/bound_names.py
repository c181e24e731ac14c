"""What a helper's top-level statement binds, and whether running it can do nothing but bind
(tree shaking, ``kit.bundle.reach``, may cut only such a statement): a definition whose
decorators are harmless and whose defaults are pure, a class of at most one base that is a
plain class for certain, with ``__slots__`` that fit and a body of such definitions, an
assignment of a pure value to plain names or names unpacked from a display of as many
values. A builtin is one CPython 3.8, the oldest target, has (``LATER_BUILTINS``, from
``kit.judges.stdlib.ADDED_BUILTINS``), whatever Python runs the build. ``Names``
holds what the module binds and where its imports come from, so that a builtin or standard
library name is known from one the module rebinds.
"""

from __future__ import annotations

import ast
import builtins
from dataclasses import dataclass, field

from kit.bundle.literal_values import Unsafe, evaluates
from kit.bundle.sources import (
    Source,
    attribute_chain,
    children,
    import_bindings,
    is_string_statement,
    lazy_annotations,
    walk,
)
from kit.judges.stdlib import ADDED_BUILTINS

BUILTIN_DECORATORS = {"property", "staticmethod", "classmethod"}
STDLIB_DECORATORS = {
    "functools.lru_cache", "functools.cached_property", "contextlib.contextmanager",
}  # fmt: skip
# the builtins some target lacks, whichever Python runs the build (``ADDED_BUILTINS``): a
# statement reading one is never cut, as under 3.8, the oldest target, it fails
LATER_BUILTINS = frozenset(ADDED_BUILTINS)
# the keywords each pure builtin takes in 3.8 (``zip(strict=True)`` is 3.10's)
PURE_KEYWORDS = {
    "sorted": {"reverse"}, "max": {"default"}, "min": {"default"}, "enumerate": {"start"},
    "sum": {"start"}, "int": {"base"}, "round": {"ndigits"}, "str": {"encoding", "errors"},
    "dict": None,  # ``dict(a=1)``: any keyword is a key
}  # fmt: skip
# the arguments ``functools.lru_cache(...)`` takes: a call of any other decorator is kept
LRU_KEYWORDS = ("maxsize", "typed")
# builtins that make a value from literal arguments in time and memory of their size: a call
# of one is tried here (``pow``, ``bytes(n)`` and ``bytearray(n)`` are not, nor cut)
PURE_CALLS = {
    "abs", "all", "any", "bin", "bool", "chr", "complex", "dict", "divmod", "enumerate",
    "filter", "float", "frozenset", "hex", "int", "len", "list", "map", "max", "min", "object",
    "oct", "ord", "range", "reversed", "round", "set", "slice", "sorted", "str", "sum", "tuple",
    "zip",
}  # fmt: skip


@dataclass
class Names:
    """What a module's own top level binds, and where its imported names come from: a
    decorator or call is known harmless only when its name is the builtin's or the standard
    library's, not a name the module binds itself."""

    bound: set[str] = field(default_factory=set)
    origins: dict[str, str] = field(default_factory=dict)  # name -> "module" or "module.name"
    star: bool = False  # a ``from x import *``: any name may be bound by it
    # what the statements before the one being judged bind, each name by how last
    # (``statement_bindings``); a name in none of them reads the builtin of that name, or fails
    before: dict[str, str] = field(default_factory=dict)
    # the classes of the module's own, bound before, over a builtin type other than object
    # (``int``, ``tuple``), directly or not: nonempty ``__slots__`` over them is a TypeError
    over_builtin: set[str] = field(default_factory=set)
    # the module's own classes, bound before, over a base not known plain (``Enum``)
    uncertain: set[str] = field(default_factory=set)
    lazy: bool = False  # ``from __future__ import annotations``: annotations are not evaluated

    @classmethod
    def of(cls, source: Source, statements: list[ast.stmt]) -> Names:
        """Every name the module's top level binds, in nested blocks too (``try``, ``if``...),
        and where the names its imports bind come from."""
        names = cls(lazy=lazy_annotations(statements))
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
        return name in self.before or STAR in self.before or target_builtin(name) is not None

    def a_class(self, base: ast.expr) -> bool:
        """Whether a base names a plain class for certain: a class defined before over such
        bases, or a builtin one nothing before rebinds. An imported one may have a metaclass
        that acts (``Enum``'s raises on a member named twice, or on a subclass of an enum
        with members)."""
        if not isinstance(base, ast.Name):
            return False
        kind = self.before.get(base.id)
        if kind is not None:
            return kind == CLASS and base.id not in self.uncertain
        return STAR not in self.before and _subclassable(target_builtin(base.id))

    def passed(self, statement: ast.stmt) -> None:
        """``statement`` has run: what it binds is bound before the next, what it deletes
        anywhere at its level is not (``del X``, perhaps in an ``if``), and a class over a
        base not known plain is not plain either and one over a builtin type is recorded in
        ``over_builtin``, defined in an ``if`` or ``try`` too (an ``Enum`` with members there,
        then subclassed, raises; so do nonempty ``__slots__`` under a class over ``int``)."""
        plain: dict[str, bool] = {}  # a class in an ``if`` or ``try`` too: by its bases
        over: dict[str, bool] = {}  # and whether it is over a builtin type, in any branch
        for node in _module_level([statement]):
            if isinstance(node, ast.ClassDef):
                known = all(map(self.a_class, node.bases))
                plain[node.name] = plain.get(node.name, True) and known
                based = any(map(self.builtin_based, node.bases))
                over[node.name] = over.get(node.name, False) or based
        for name, known in plain.items():
            (self.uncertain.discard if known else self.uncertain.add)(name)
        for name, based in over.items():
            (self.over_builtin.add if based else self.over_builtin.discard)(name)
        self.before.update(statement_bindings(statement))
        for node in _module_level([statement]):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Del):
                self.before.pop(node.id, None)

    def builtin_based(self, base: ast.expr) -> bool:
        """Whether a base is a builtin type other than ``object``, or a class of the module's
        own over one (an attribute or an imported class is taken as plain)."""
        if not isinstance(base, ast.Name):
            return False
        if base.id in self.before:
            return base.id in self.over_builtin and self.before[base.id] == CLASS
        return base.id != "object" and isinstance(target_builtin(base.id), type)

    def slots_fit(self, node: ast.ClassDef) -> bool:
        """Whether a class's ``__slots__``, if any, cannot fail: a literal string or display
        of identifiers (not ``__dict__`` nor ``__weakref__``, which clash with a base that has
        them), none a name the body binds too (a class variable of a slot's name is a
        ValueError), nonempty only over no builtin type but ``object`` (over ``int``,
        directly or not, it is a TypeError)."""
        bindings = [statement_bindings(member) for member in node.body]
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
        """A builtin or standard library decorator of ``*_DECORATORS``, known by where its
        name comes from; called, only ``functools.lru_cache`` with arguments it takes
        (``lru_cache("x")`` raises)."""
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if self.star:
            return False
        if isinstance(decorator, ast.Call):
            return self.decorator_origin(target) == "functools.lru_cache" and _lru_arguments(
                decorator
            )
        if isinstance(target, ast.Name) and target.id in BUILTIN_DECORATORS:
            return self.builtin(target.id)
        return self.decorator_origin(target) in STDLIB_DECORATORS

    def decorator_origin(self, target: ast.expr) -> str | None:
        """Where an imported decorator comes from (``functools.lru_cache``), or None."""
        if isinstance(target, ast.Name):
            if target.id in self.origins and target.id not in self.bound:
                return self.origins[target.id]
            return None
        chain = attribute_chain(target) if isinstance(target, ast.Attribute) else []
        if len(chain) == 2 and chain[0] in self.origins and chain[0] not in self.bound:
            return f"{self.origins[chain[0]]}.{chain[1]}"
        return None

    def pure(self, expression: ast.expr) -> bool:
        """Whether evaluating ``expression`` can do nothing but make a value: no call but of a
        pure builtin, no attribute or index (either may raise, or run code), no operator, truth
        test, loop or formatting on a name (it may be an object whose methods run code), an
        operator only where evaluating it here raises nothing (``kit.bundle.literal_values``:
        ``1 << -1``, ``1 < "a"`` raise), a dict's keys and a set's elements literals that
        hash (``{[]: 1}`` raises). Linear in the expression's size: an operator checked
        covers the operators inside it (a chain of 20,000 additions took minutes)."""
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
            display = isinstance(node, (ast.Dict, ast.Set)) and id(node) not in covered
            if display and not _hashable_keys(node):  # type: ignore[arg-type]
                return False
        return True

    def pure_annotation(self, annotation: ast.expr, simple: bool = True) -> bool:
        """Whether evaluating an annotation can do nothing but make a value: it is pure, or
        never evaluated (the module's annotations lazy, of a plain name: ``simple``)."""
        return (self.lazy and simple) or self.pure(annotation)

    def strippable_annotation(self, annotation: ast.expr, simple: bool = True) -> bool:
        """Whether cutting an annotation out changes nothing the program does: evaluating it
        can do nothing but make a value (``pure_annotation``) or a type, written with names,
        attributes, subscripts and ``|`` (``list[int]``, ``typing.Optional[Node]``, ``int |
        None``); such a type may fail to evaluate (``list[int]`` under 3.8, a name bound
        later), which a bundle cutting it is spared. A call (``note("ret")``) is kept."""
        if self.pure_annotation(annotation, simple):
            return True
        return all(
            isinstance(node, _TYPE_PARTS)
            or (isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr))
            or isinstance(node, ast.BitOr)
            for node in walk(annotation)
        )

    def pure_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        """Its decorators harmless, its defaults pure and its annotations strippable (all
        run when ``def`` runs; a kept function's annotations are cut, ``kit.bundle.strip``)."""
        defaults = [*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)]
        return (
            all(map(self.harmless_decorator, node.decorator_list))
            and all(map(self.pure, defaults))
            and all(map(self.strippable_annotation, function_annotations(node)))
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
        if not self.slots_fit(node) or not _makes_a_class(node.body):
            return False
        outer = dict(self.before)
        try:  # the body reads what it bound before, beside the module's names
            for member in node.body:
                if not self.pure_member(member):
                    return False
                self.before.update(statement_bindings(member))
        finally:
            self.before = outer
        return True

    def pure_member(self, statement: ast.stmt) -> bool:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return self.pure_function(statement)
        if isinstance(statement, ast.ClassDef):
            return self.pure_class(statement)
        if isinstance(statement, ast.AnnAssign):  # its annotation runs too (a class keeps it)
            value_pure = statement.value is None or self.pure(statement.value)
            named = isinstance(statement.target, ast.Name)
            annotation = self.pure_annotation(statement.annotation, bool(statement.simple))
            return named and annotation and value_pure
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
# what a type in an annotation is written with (``|`` aside): ``typing.Dict[str, list[int]]``
_TYPE_PARTS = (
    ast.Name, ast.Attribute, ast.Subscript, ast.Constant, ast.Tuple, ast.List, ast.expr_context,
)  # fmt: skip


# the dunders a class body may assign that making the class cannot fail on (``__qualname__ = 1``
# and ``__classcell__ = 1`` are TypeErrors; ``__slots__`` is judged by ``Names.slots_fit``)
PLAIN_DUNDERS = {"__slots__", "__doc__", "__module__"}
CREATION_NAMES = {"__qualname__", "__classcell__"}  # read by ``type`` whatever binds them


def _makes_a_class(body: list[ast.stmt]) -> bool:
    """Whether making a class of ``body`` cannot fail on what its members bind: no dunder
    assigned but ``PLAIN_DUNDERS`` (methods of any dunder name aside, but ``CREATION_NAMES``),
    and no decorated method bound to a second name (``b = a`` of a ``cached_property``
    raises: its ``__set_name__`` is called for two names)."""
    decorated: set[str] = set()
    for member in body:
        method = isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        for name in statement_bindings(member):
            dunder = name.startswith("__") and name.endswith("__")
            if name in CREATION_NAMES or (dunder and not method and name not in PLAIN_DUNDERS):
                return False
        if method and member.decorator_list:
            decorated.add(member.name)
        value = getattr(member, "value", None) if not method else None
        if value is not None and any(
            isinstance(node, ast.Name) and node.id in decorated for node in walk(value)
        ):
            return False
    return True


def function_annotations(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.expr]:
    """A function's parameters' annotations and its return's, which ``def`` evaluates."""
    arguments = node.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
    found = [argument.annotation for argument in every if argument.annotation is not None]
    return found + ([node.returns] if node.returns is not None else [])


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
    """Whether an operator on literals (and pure builtins' calls) raises nothing on any
    target: evaluated here (``kit.bundle.literal_values``)."""
    try:
        evaluates(node, _result)
    except Unsafe:
        return False
    return True


def _hashable_keys(display: ast.Dict | ast.Set) -> bool:
    """Whether a dict's keys (``{**d}``: a display) or a set's elements are literals that
    hash on any target."""
    keys = display.keys if isinstance(display, ast.Dict) else display.elts
    for index, key in enumerate(keys):
        if key is None:  # ``{**value}``: a mapping is needed
            if not isinstance(display.values[index], ast.Dict):  # type: ignore[union-attr]
                return False
            continue
        try:
            hash(evaluates(key, _result))
        except (Unsafe, TypeError):
            return False
    return True


def _runs(call: ast.Call) -> bool:
    """Whether a pure builtin's call has literal arguments only (a name may be an object
    whose code the builtin runs: ``map(register, ...)``, ``str(obj)``), keywords 3.8 takes
    (``PURE_KEYWORDS``), and runs without error here, as it would on import (``int("10**5")``
    raises, ``chr(-1)`` too)."""
    try:
        _result(call)
    except Unsafe:
        return False
    return True


def _result(call: ast.Call) -> object:
    """The value of a pure builtin's call on literal arguments; ``Unsafe`` otherwise."""
    function = call.func
    if not isinstance(function, ast.Name) or function.id not in PURE_CALLS:
        raise Unsafe("a call")
    allowed = PURE_KEYWORDS.get(function.id, set())
    if any(k.arg is None or (allowed is not None and k.arg not in allowed) for k in call.keywords):
        raise Unsafe("a keyword")  # ``**mapping``, or one a target lacks
    try:
        arguments = [ast.literal_eval(argument) for argument in call.args]
        keywords = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
        return getattr(builtins, function.id)(*arguments, **keywords)
    except Exception:  # noqa: BLE001 - any error the call may raise: it stays, to raise
        raise Unsafe("the call raises") from None


def target_builtin(name: str) -> object | None:
    """The builtin of that name every target has (``LATER_BUILTINS`` aside), or None."""
    return None if name in LATER_BUILTINS else getattr(builtins, name, None)


def _lru_arguments(call: ast.Call) -> bool:
    """Whether ``lru_cache(...)`` takes these: a literal maxsize (an int or None) and typed,
    each at most once."""
    names = [*LRU_KEYWORDS[: len(call.args)], *(k.arg for k in call.keywords)]
    if len(call.args) > len(LRU_KEYWORDS) or len(set(names)) < len(names):
        return False
    if not set(names) <= set(LRU_KEYWORDS):
        return False
    values = dict(zip(names, [*call.args, *(k.value for k in call.keywords)]))
    maxsize, typed = values.get("maxsize"), values.get("typed")
    if maxsize is not None and not (
        isinstance(maxsize, ast.Constant)
        and (maxsize.value is None or isinstance(maxsize.value, int))
    ):
        return False
    return typed is None or isinstance(typed, ast.Constant)


def _called_names(within: ast.expr) -> set[int]:
    """The ids of the names that are the function of a call inside ``within`` (``max`` of
    ``max(a, b)``)."""
    return {id(n.func) for n in walk(within) if isinstance(n, ast.Call)}


CLASS, FUNCTION, IMPORTED, VALUE = "class", "function", "imported", "value"
STAR = "*"  # in ``Names.before``: a star import came before


def statement_bindings(statement: ast.stmt) -> dict[str, str]:
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


def binds(statement: ast.stmt, classes_pure: bool, names: Names) -> set[str]:
    """The names a cuttable statement binds; empty when the statement must stay (imports
    always stay: loading a module may have effects, or fail, as it would from source)."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {statement.name} if names.pure_function(statement) else set()
    if isinstance(statement, ast.ClassDef):
        return {statement.name} if classes_pure and names.pure_class(statement) else set()
    if isinstance(statement, (ast.Assign, ast.AnnAssign)):
        return _assigned_names(statement, names)
    return set()


def _assigned_names(statement: ast.Assign | ast.AnnAssign, names: Names) -> set[str]:
    """The names a pure assignment to plain names binds (an annotation strippable: one the
    bundle keeps, at the top level, is evaluated); empty otherwise."""
    if statement.value is None or not names.pure(statement.value):
        return set()
    if isinstance(statement, ast.AnnAssign) and not names.strippable_annotation(
        statement.annotation, bool(statement.simple)
    ):
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

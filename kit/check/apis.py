"""API checks per target: standard-library modules, functions and methods by Python version.

- vermin, on the shipped modules, knows stdlib modules, members and keyword arguments by the
  version that added them (``functools.cache`` 3.9, ``math.lcm`` 3.9, ``zip(strict=)`` 3.10,
  ``sys.set_int_max_str_digits`` 3.11...; what it is given to read and its answer read:
  ``kit.check.vermin_findings``);
- what vermin cannot see without types: methods builtin types gained after 3.8 (``x.bit_count()``,
  ``s.removeprefix()``), ``int.to_bytes()``/``from_bytes()`` relying on 3.11 defaults, ``|`` and
  ``|=`` on dicts (``kit.check.dict_names``: a dict display, or a name every binding in its scope
  binds to a dict), class-body annotations such as ``list[int]`` that 3.8 evaluates when the class
  is created, and ``list[int]`` (``dict``, ``set``, ``frozenset``, ``tuple``, ``type``) outside
  annotations, where 3.8 evaluates it whatever the module imports from ``__future__``: an alias
  (``Grid = list[list[int]]``), a call's argument (the bundle strips every other annotation), and
  ``|`` between two types outside annotations (``isinstance(x, int | str)``, ``Num = int |
  float``), which 3.10 brought (the types a module evaluates: ``kit.check.evaluated_types``);
  the builtins added after 3.8 (``anext``, ``ExceptionGroup``: ``ADDED_BUILTINS``), read by
  name, called or not, or from the module ``builtins`` (``builtins.anext``, ``from builtins
  import anext``), whose guards are a member's: a ``try`` catching what the read raises,
  ``hasattr(builtins, "anext")`` (read by versions, below), a comparison of the version; and
  none is read where the program has set a stand-in before (``builtins.anext = f`` at a
  module's top level: ``kit.check.stand_ins``), on the versions it is set on.

Code inside a version guard (``kit.bundle.guards``) is accepted; a ``hasattr`` test of a member
every target has guards nothing (``kit.check.settled_tests``). A finding counts against a target
when the version it needs is newer than the target's, and it runs there: an ``if`` on a
``hasattr`` test of a member added after 3.8 runs its branch from that version on and its
``else`` below it (``settled_tests.node_windows``), so ``math.cbrt`` (3.11) under ``if
hasattr(math, "lcm"):`` (3.9) counts against 3.9 and 3.10, not 3.8; a finding in a branch
of a conditional expression on such a test likewise, vermin's (``math.cbrt(2) if
sys.version_info >= (3, 9) else 0``: ``kit.check.vermin_findings``) and the kit's own
(``x.bit_count() if sys.version_info >= (3, 9) else 0`` counts against 3.9), the rest of
its statement on every version; and a conditional expression on another guard's test
guards its branches alone, of a ``hasattr`` test the member it asks for only
(``math.lcm(2, 3) + (x.bit_count() if hasattr(x, "bit_count") else 0)`` counts ``math.lcm``
against 3.8: ``settled_tests.guard_expressions``, ``guarded_windows``). An ``if`` on a
test of the implementation (``kit.bundle.implementation_tests``) runs its branch under that
one and its ``else`` under the other (``settled_tests.node_windows``; ``if PYPY and n >
5:`` its branch under PyPy, its ``else`` under either): ``math.cbrt`` under
``if sys.implementation.name == "pypy":`` counts against PyPy targets before 3.11 only; and
a finding in a branch of a conditional expression on such a test alike, vermin's and the
kit's own (``x.bit_count() if not PYPY else 0`` counts against CPython 3.8 and 3.9 only),
the rest of its statement under both. A finding is placed by its node, or vermin's by the
text it was found in (an ``if``'s branch read alone, or its module with those out), never by
its line: ``if x.bit_count() > 5 and PYPY: pass`` runs its test under CPython too.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass

from kit.bundle.sources import Source, walk
from kit.check.dict_names import dict_unions
from kit.check.evaluated_types import newer_types
from kit.check.member_uses import bound_names, member_uses
from kit.check.settled_tests import (
    BASE,
    NEVER,
    guarded_nodes_of,
    node_windows,
)
from kit.check.stand_ins import stand_ins
from kit.check.vermin_findings import Window, vermin
from kit.judges.stdlib import ADDED_BUILTINS

Finding = tuple[str, int, str, tuple[int, int]]  # file, line, what, version it needs
# a finding with the versions its line runs on: from the first, below the second
# ... and the implementation that runs it: "pypy", "cpython", None for both, "" for neither
Placed = tuple[str, int, str, tuple[int, int], tuple[int, int], tuple[int, int], str | None]
# what PyPy has before CPython's version of it: the int-to-str digit limit and its setters came
# to PyPy with its 3.9 builds of 7.3.11 (Debian's PyPy 3.9 here among them), before its first
# 3.10 release (7.3.12): every PyPy 3.10 and 3.11 has them, the judges' PyPys. int.bit_count()
# and zip(strict=True) run under PyPy 3.9 too (measured on 7.3.11, Debian's, against every
# 3.10 API the checks name: pairwise, bisect's key, dataclass slots and Counter.total do not)
PYPY_SOONER = {
    "'sys.set_int_max_str_digits' member": (3, 9),
    "'sys.get_int_max_str_digits' member": (3, 9),
    "'int.bit_count' member": (3, 9),
    "int.bit_count()": (3, 9),
    "'zip(strict)'": (3, 9),
}

# what CPython backported to patch releases of older versions: the digit limit and its setters
# came with 3.8.14, 3.9.14 and 3.10.7 ("versionchanged:: 3.8.14" in Doc/library/functions.rst,
# python/cpython#96503, the 3.8 backport of gh-95778; the 3.9.14 release's NEWS, gh-95778;
# CPython 3.8.18, 3.9.18 and 3.10.13 have them, measured). A judge's patch release is seldom
# known, so a finding still counts against the older version: its message says so.
_DIGIT_LIMIT_PATCHES = {(3, 8): "3.8.14", (3, 9): "3.9.14", (3, 10): "3.10.7"}
BACKPORTED = {
    "'sys.set_int_max_str_digits' member": _DIGIT_LIMIT_PATCHES,
    "'sys.get_int_max_str_digits' member": _DIGIT_LIMIT_PATCHES,
}

NEW_METHODS = {
    "bit_count": ("int.bit_count()", (3, 10)),
    "removeprefix": ("str/bytes.removeprefix()", (3, 9)),
    "removesuffix": ("str/bytes.removesuffix()", (3, 9)),
}


def findings(modules: list[Source]) -> list[Placed]:
    """Everything in the shipped modules that needs a Python newer than 3.8, outside guards,
    each with the versions its line runs on (``lacks`` tells a target it counts against)."""
    shipped = [module for module in modules if module.shipped.strip()]
    bundle = _Bundle.of(modules)
    found = []  # each Finding with the versions and the implementation that run it
    for module in shipped:
        found += _own_rules(module, modules, bundle)  # placed by node
    own = {module.rel: _own_names(module.shipped_tree()) for module in shipped}
    found += [  # placed by the text it was found in: an if's branch, an expression's
        f for f in vermin(shipped) if _module_of(f[2]) not in own[f[0]] and not _a_builtin(f[2])
    ]
    unused = {module.rel: module.unused_lines for module in shipped}  # never run
    set_before = stand_ins(modules)
    placed = []
    for rel, line, what, needs, (since, high), runs in sorted(set(found), key=_order):
        if line in unused[rel]:
            continue
        low, builtin = since, _LATER_BUILTIN.fullmatch(what)
        if builtin:  # below the version a stand-in the program set is there
            low = max(low, set_before.until(rel, line, builtin[1]))
        if needs > low:  # else every version its line runs on has it
            placed.append((rel, line, what, needs, low, high, runs))
    return placed


def _order(found: tuple) -> tuple:
    """A finding's place in the order they are said: None (either implementation) first."""
    return (*found[:-1], found[-1] or "")


_MEMBER = re.compile(r"'(\w+)\.\w+' member")  # vermin's finding of a module's member
_LATER_BUILTIN = re.compile(r"'(\w+)' builtin")  # the kit's finding of a builtin
_BUILTIN = re.compile(r"'(\w+)' member")  # vermin's finding of a builtin
# a finding of a method, vermin's or the kit's: its name
_METHOD = re.compile(r"'?[\w/]+\.(\w+)(?:' member|\(\))")
# vermin's finding of a member used bare as a decorator (``@functools.cache``), besides its
# finding of the member itself on the same line
_DECORATOR = re.compile(r"'([\w.]+)' user function decorator")


def _module_of(what: str) -> str | None:
    """The module a finding of vermin names a member of (``'math.lcm' member``), or None."""
    match = _MEMBER.fullmatch(what)
    return match[1] if match else None


def _a_builtin(what: str) -> bool:
    """Whether vermin's finding is of a builtin added after 3.8 (``'aiter' member``, found
    only where it is called): the kit's own rule finds every read (``_later_builtins``)."""
    match = _BUILTIN.fullmatch(what)
    return bool(match) and match[1] in ADDED_BUILTINS


def _own_names(tree: ast.Module) -> set[str]:
    """The names a file binds to something of its own and never imports (``math = M()``, no
    ``import math``): vermin takes ``math.lcm`` there for the module's member."""
    imported = set()
    for node in walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imported |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    return bound_names(tree) - imported


def from_compiling(findings: list[Placed], compiles: dict[str, tuple[int, int]]) -> list[Placed]:
    """``findings`` on the versions their modules compile on (``compiles``: a module's first,
    ``kit.check.syntax.compiles_from``): a helper with a ``match`` statement runs from 3.10
    on, where ``math.lcm`` is no finding (the import's handler of its SyntaxError falls back
    below, or the syntax error is said)."""
    kept = []
    for rel, line, what, needs, low, high, runs in findings:
        runs_from = max(low, compiles.get(rel, low))
        if needs > runs_from:
            kept.append((rel, line, what, needs, runs_from, high, runs))
    return kept


def lacks(finding: Placed, version: tuple[int, int], impl: str, later: bool = False) -> bool:
    """Whether a Python ``version`` of ``impl`` (``later``: or any later one, a target of no
    given version) runs the finding's line and lacks what it needs."""
    _, _, what, needs, low, high, runs = finding
    if runs is not None and runs != impl:  # a branch for the other implementation
        return False
    below = min(needed(what, needs, impl), high)
    return max(low, version) < below if later else low <= version < below


def needed(what: str, needs: tuple[int, int], impl: str) -> tuple[int, int]:
    """The version of ``impl`` that has the finding ``what`` (``needs``: CPython's)."""
    return min(needs, PYPY_SOONER.get(what, needs)) if impl == "pypy" else needs


def backported(what: str, versions: list[tuple[int, int]]) -> list[str]:
    """The CPython patch releases of ``versions`` that have the finding ``what`` (``3.8.14``
    for 3.8: ``BACKPORTED``), in order; none for a finding no patch release has."""
    patches = BACKPORTED.get(what, {})
    return [patches[version] for version in sorted(set(versions)) if version in patches]


def construct(what: str) -> str:
    """What the finding ``what`` is of, the same for the kit's own rule and vermin's when both
    find one construct: a method of ``NEW_METHODS`` by its name (``str/bytes.removeprefix()``
    and ``'str.removeprefix' member`` are ``removeprefix``), either rule's ``|`` on dicts
    ``dict union``, and vermin's two findings of ``@functools.cache``, its ``'functools.cache'
    member`` and ``user function decorator``, that member; any other finding is its own."""
    if what.startswith("dict union"):
        return "dict union"
    decorator = _DECORATOR.fullmatch(what)
    if decorator:
        return f"'{decorator[1]}' member"
    match = _METHOD.fullmatch(what)
    return match[1] if match and match[1] in NEW_METHODS else what


@dataclass(frozen=True)
class _Bundle:
    """What every module of a bundle defines, read once for all of them: function names (a
    method of the user's named ``bit_count`` is no ``int.bit_count``), attribute names stored
    (``self.bit_count = n``) and class names (``Node | None`` is a union of types)."""

    functions: frozenset[str]
    stored: frozenset[str]
    classes: frozenset[str]

    @classmethod
    def of(cls, modules: list[Source]) -> _Bundle:
        nodes = [node for module in modules for node in walk(module.tree)]
        functions = (ast.FunctionDef, ast.AsyncFunctionDef)
        return cls(
            frozenset(n.name for n in nodes if isinstance(n, functions)),
            frozenset(
                n.attr
                for n in nodes
                if isinstance(n, ast.Attribute) and not isinstance(n.ctx, ast.Load)
            ),
            frozenset(n.name for n in nodes if isinstance(n, ast.ClassDef)),
        )


def _own_rules(
    module: Source, modules: list[Source], bundle: _Bundle | None = None
) -> list[tuple[str, int, str, tuple[int, int], Window, str | None]]:
    """The kit's own rules' findings in ``module`` outside guards (a ``Finding``), each with
    the versions its node runs on: a branch's of an ``if`` or a conditional expression on a
    test of the version (``settled_tests.node_windows``: ``x.bit_count() if sys.version_info
    >= (3, 9) else 0`` from 3.9 on), which guards no more of its statement; else every one;
    and the implementation that alone runs it, a branch's of one on a test of the
    implementation (``x.bit_count() if PYPY else 0`` PyPy's), else None."""
    bundle = bundle or _Bundle.of(modules)
    tree = module.shipped_tree()
    windows, runners = node_windows(module, modules)
    # a try guards a finding by what it raises below its version (CPython 3.8.18, measured;
    # each runs on the version given): a builtin read by its name NameError, a member (a
    # method, ``builtins.anext``) AttributeError, ``from builtins import`` ImportError, and
    # "type" TypeError: ``{} | {}`` and ``|=`` (3.9), ``n.to_bytes()`` and
    # ``int.from_bytes(b)`` (3.11), ``math.gcd(a, b, c)`` (3.9), ``list[int]`` (3.9) and
    # ``int | str`` (3.10) evaluated, none caught by ``except AttributeError``
    guarded: dict[str, Callable[[ast.AST], bool]] = {}  # by what is missing, read when first asked
    mine = bundle.functions | bundle.stored  # methods and attributes of the user's own
    found = []

    def add(node: ast.AST, what: str, version: tuple[int, int], missing: str = "member") -> None:
        if missing not in guarded:
            guarded[missing] = guarded_nodes_of(module, modules, versioned=True, missing=missing)
        if not guarded[missing](node):
            window = windows.get(id(node), (BASE, NEVER))
            found.append((module.rel, node.lineno, what, version, window, runners.get(id(node))))

    for node in walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in NEW_METHODS:
            own = node.attr in mine and not _builtin_receiver(node.value)
            if not own and isinstance(node.ctx, ast.Load):
                what, version = NEW_METHODS[node.attr]
                add(node, what, version)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            relied = _bytes_defaults(node, mine)
            if relied:
                add(node, relied, (3, 11), "type")
    for union in dict_unions(tree):
        add(union, "dict union with |", (3, 9), "type")
    for call in _gcd_of_many(tree):
        add(call, "math.gcd() of other than two integers", (3, 9), "type")
    for node, what, version in newer_types(tree, bundle.classes):
        add(node, what, version, "type")
    for node, name, missing in _later_builtins(tree):
        add(node, f"'{name}' builtin", ADDED_BUILTINS[name], missing)
    return found


def _later_builtins(tree: ast.Module) -> list[tuple[ast.AST, str, str]]:
    """Each read of a builtin added after 3.8 (``anext``, ``ExceptionGroup``:
    ``ADDED_BUILTINS``), its node with its name and what is missing (``kit.bundle.guards.MISSING``):
    from the module ``builtins``, however bound (``builtins.anext``, ``b.aiter``, ``from
    builtins import anext``: "member", AttributeError or ImportError below its version), and
    by its name ("name", NameError) in a file that binds no such name of its own and
    star-imports nothing (which may bind any). Their guards are the members': a ``try``
    catching what it raises, ``hasattr(builtins, "anext")``, the version compared."""
    found: list[tuple[ast.AST, str, str]] = [
        (node, member, "member")
        for node, _, member in member_uses(tree, ("builtins",))
        if member in ADDED_BUILTINS and _read(node)
    ]
    nodes = list(walk(tree))
    if any(isinstance(n, ast.alias) and n.name == "*" for n in nodes):
        return found
    bound = bound_names(tree)
    return found + [
        (node, node.id, "name")
        for node in nodes
        if isinstance(node, ast.Name)
        and isinstance(node.ctx, ast.Load)
        and node.id in ADDED_BUILTINS
        and node.id not in bound
    ]


def _read(node: ast.AST) -> bool:
    """Whether a use of a member (``member_uses``) reads it: ``builtins.anext`` loaded or
    ``from builtins import anext``, not assigned (``builtins.anext = ...``, a stand-in set
    for older versions) nor a name a star import may have bound."""
    if isinstance(node, ast.Attribute):
        return isinstance(node.ctx, ast.Load)
    return isinstance(node, ast.ImportFrom)


# calls whose result is a str, bytes or int whatever the program defines (a method of the
# user's named like one of NEW_METHODS does not make ``input().removeprefix(p)`` its own)
BUILTIN_RESULTS = {"str", "bytes", "int", "input", "repr", "chr", "bin", "hex", "oct", "format"}
TEXT_METHODS = {
    "strip", "lstrip", "rstrip", "lower", "upper", "casefold", "replace", "decode", "encode",
    "join", "format", "zfill", "ljust", "rjust", "center", "title", "swapcase", "readline", "read",
}  # fmt: skip


def _builtin_receiver(owner: ast.expr) -> bool:
    """Whether ``owner``, the object a method is looked up on, is evidently a builtin str,
    bytes or int: a literal, an f-string, the class itself (``str.removeprefix``), or a call
    that returns one (``input()``, ``s.strip()``, ``str(n)``)."""
    if isinstance(owner, (ast.Constant, ast.JoinedStr)):
        return isinstance(owner, ast.JoinedStr) or isinstance(owner.value, (str, bytes, int))
    if isinstance(owner, ast.Name):
        return owner.id in ("str", "bytes", "int")
    if isinstance(owner, ast.Call):
        called = owner.func
        if isinstance(called, ast.Name):
            return called.id in BUILTIN_RESULTS
        return isinstance(called, ast.Attribute) and called.attr in TEXT_METHODS
    return False


def _bytes_defaults(call: ast.Call, mine: frozenset[str]) -> str:
    """What a call of ``to_bytes`` or ``from_bytes`` relies on of 3.11's defaults (length 1,
    byteorder "big"), or "": not for a method of the user's own class of that name."""
    method = call.func.attr  # type: ignore[attr-defined]
    given = len(call.args) + sum(k.arg in ("length", "byteorder") for k in call.keywords)
    owner = call.func.value  # type: ignore[attr-defined]
    unbound = method == "to_bytes" and isinstance(owner, ast.Name) and owner.id == "int"
    given -= unbound  # int.to_bytes(n, 4): n is the int (from_bytes is a classmethod)
    if method in mine or given >= 2:
        return ""
    if method == "to_bytes":
        return ".to_bytes() without length and byteorder"
    return ".from_bytes() without byteorder" if method == "from_bytes" else ""


def _gcd_of_many(tree: ast.Module) -> list[ast.Call]:
    """The calls of ``math.gcd`` (however bound: ``math.gcd``, ``from math import gcd
    as g``, ``from math import *``) with other than two plain arguments (``gcd(a, b, c)``,
    ``gcd(*values)``), which 3.9 brought: 3.8 takes two, and vermin does not count them."""
    functions, names = set(), set()
    for node, _, member in member_uses(tree, ("math",)):
        if member != "gcd":
            continue
        if isinstance(node, ast.ImportFrom):
            names.update(a.asname or a.name for a in node.names if a.name == "gcd")
        else:
            functions.add(id(node))  # math.gcd, or gcd star-imported
    calls = [node for node in walk(tree) if isinstance(node, ast.Call)]
    gcds = [
        call
        for call in calls
        if id(call.func) in functions or (isinstance(call.func, ast.Name) and call.func.id in names)
    ]
    return [
        call
        for call in gcds
        if len(call.args) != 2 or any(isinstance(a, ast.Starred) for a in call.args)
    ]

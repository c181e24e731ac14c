"""Version-guarded code: statements that only run where what they use exists.

The API checks accept anything inside

- ``if`` / ``elif`` / ``else`` branches and conditional expressions testing ``hasattr(...)``
  (but for a member every target has, ``settled``: ``kit.check.settled_tests``),
  ``getattr(x, "name", default)``, ``sys.version_info``, ``sys.implementation``,
  ``sys.version``, ``sys.builtin_module_names`` or ``sys.pypy_version_info``
  (``if hasattr(sys, "set_int_max_str_digits"): sys.set_int_max_str_digits(0)``, ``if "PyPy"
  in sys.version: import pypyjit``; not a comparison of the version that every target
  answers alike, ``sys.version_info > (3, 8)``: ``kit.bundle.version_tests``, whose true
  branch runs everywhere and false one nowhere), or a name the module binds at its top level
  to such a test (``PYPY = sys.implementation.name == "pypy"``, then ``if PYPY:``), or
  imports from a helper that binds it so (``from shared.env import PYPY``:
  ``imported_flags``); a conditional expression guards its whole statement, but one whose
  test the caller reads otherwise (``versioned``: the API check reads a version test's
  branches each on its versions and a test of the implementation's each under the
  implementation that runs it, ``kit.check.settled_tests.node_windows``, and what another
  guard's test guards of its branches
  alone, ``guard_expressions``; vermin's texts alike, ``kit.check.vermin_findings``, and
  the checks of removed and Unix-only members, ``kit.check.settled_tests.reach``);
- the branch that a test every target answers alike never takes (``if sys.version_info[0]
  == 2:``, a name the module binds once at its top level to such a test or to ``round(0.5)``,
  Python 2's: ``settled_flags``);
- the branch a flag set by a top-level ``try`` of imports takes only where they succeed
  (``IS_LOCAL = True`` / ``try: import seaborn`` / ``except ImportError: IS_LOCAL = False``,
  then ``if IS_LOCAL:``; ``settled_flags``, with the value the flag holds where they fail);
- of an ``if`` (or a conditional expression) whose test is an ``and`` or ``or``, the branch
  that operation sends some Pythons to only (``guarded_branches``): the branch of ``PYPY and
  x``, the ``else`` of ``PYPY or x``; not the branch of ``PYPY or x``, which any Python runs
  when ``x`` holds;
- a chained comparison read as the ``and`` of its links (``kit.bundle.wrapped_tests.
  chained``: ``sys.version_info >= (3, 9) != False`` guards its branch, not its ``else``,
  which 3.8 runs), and a flag compared with ``True`` or ``False`` (``PYPY == False``) read as
  the flag only when it is bound to a ``bool`` (``bool_flags``; ``GA = getattr(sys,
  "pypy_version_info", None)``, then ``if GA != False:``, true everywhere, guards nothing);
- the body (not the ``else``) of ``if TYPE_CHECKING:`` (``import numpy`` there never runs);
- the statements of a ``try``'s body whose handlers catch what the missing thing the caller
  asks about raises there (``raised_by``; ``CATCHERS``: an exception is caught by itself and
  its bases, docs.python.org/3/library/exceptions.html#exception-hierarchy; a bare
  ``except``, ``Exception`` and ``BaseException`` catch all, a tuple any of its members):
  ``import m`` ModuleNotFoundError, ``from m import x`` ImportError (ModuleNotFoundError
  when the module is what is missing; a submodule of a package the target has imported from
  it by name, ``from wsgiref import types``, is a member missing: ImportError,
  ``kit.check.vermin_findings.raised_kind``), a module's member read (``math.lcm``,
  ``builtins.anext``) AttributeError, a builtin read by its name (``anext``) NameError, on
  3.8.18, measured. So ``try: math.lcm(a, b)`` / ``except ImportError:`` guards nothing, nor
  ``try: f = anext`` / ``except AttributeError:``; and the body of ``with
  contextlib.suppress(...)`` likewise, by the exceptions it names. The statements of the
  blocks within the body run inside it too (an ``if``'s, a loop's, a ``with``'s, a class
  body, a nested ``try``'s, whose own handlers guard its body as well), each judged alone,
  and what a statement runs where it stands (``kit.bundle.eager_parts``: a definition's
  decorators, defaults, annotations and bases, a loop's iterable); not a function's body,
  which runs when it is called (``try: def f(): return math.lcm(a, b)`` / ``except
  AttributeError:`` guards nothing), nor a lambda's (``f = lambda: math.lcm(a, b)``).

The platform check (``kit.check.platform_names``, and the import check of Unix-only modules)
takes tests of the platform too (``guarded_lines(tree, platform=True)``): the branch Windows
does not take (``kit.bundle.platform_tests``: ``if sys.platform != "win32": signal.alarm(2)``;
not ``if sys.platform != "darwin":``, whose body Windows runs), and the cases of a ``match`` on
the platform that Windows does not run (``cases_on_windows``: ``match sys.platform:`` / ``case
"win32":`` / ``case _: import termios``, read as its ``if`` / ``else``). In a conditional
expression only that branch passes, not its whole statement (``untaken_on_windows``:
``os.getuid() if os.name == "posix" else 0`` passes, ``os.fork() if os.name == "nt" else 0``
does not).

``neutralised(text, tree)`` is the text with those statements replaced by ``pass`` (same line
numbers; an expression a statement runs where it stands by ``None``, but the expressions the
caller keeps: a test whose branch it reads from its columns), for checkers that cannot be told
where the guards are.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from kit.bundle.eager_parts import (
    DEFINITIONS,
    LAZY,
    RUNNING,
    eager_parts,
    holds_later,
    keeping_calls,
    running_calls,
)
from kit.bundle.implementation_tests import implementation_flags
from kit.bundle.platform_tests import cases_on_windows, on_windows, platform_flags
from kit.bundle.sources import (
    Source,
    bindings,
    called_name,
    children,
    import_bindings,
    lazy_annotations,
    tests_bound_once,
    walk,
)
from kit.bundle.version_tests import reading
from kit.bundle.wrapped_tests import around, chained, is_bool_valued, nesting

GUARD_CALLS = {"hasattr", "getattr"}
Settled = AbstractSet[int]  # the id of calls that guard nothing (kit.check.settled_tests)
GUARD_ATTRIBUTES = {"version_info", "implementation", "hexversion", "python_implementation"}
SYS_GUARDS = {"version", "builtin_module_names", "pypy_version_info"}  # sys.<these> tell too
# what a missing module, member or name raises (and compiling a helper), with the exceptions
# whose handlers catch it: itself and its bases (ModuleNotFoundError < ImportError < Exception)
CATCHERS = {
    "NameError": frozenset({"NameError", "Exception", "BaseException"}),
    "AttributeError": frozenset({"AttributeError", "Exception", "BaseException"}),
    "ImportError": frozenset({"ImportError", "Exception", "BaseException"}),
    "ModuleNotFoundError": frozenset(
        {"ModuleNotFoundError", "ImportError", "Exception", "BaseException"}
    ),
    "SyntaxError": frozenset({"SyntaxError", "Exception", "BaseException"}),
    "TypeError": frozenset({"TypeError", "Exception", "BaseException"}),
    "ValueError": frozenset({"ValueError", "Exception", "BaseException"}),
}
BARE = "BaseException"  # what a bare ``except:`` catches
# what the caller asks a ``try`` to guard: a builtin read by its name, a module's member, a
# module, an operation or call the old version takes but not so, or a relative import's
# package: none (a module of no package), or fewer than its dots (``raised_by``)
MISSING = ("name", "member", "module", "type", "package", "top")


def is_guard(
    test: ast.expr,
    flags: frozenset[str] = frozenset(),
    settled: Settled = frozenset(),
    bools: frozenset[str] = frozenset(),
) -> bool:
    """Whether ``test`` tells the Python that runs it (``flags``: names bound to such tests,
    ``bools`` those of them bound to a ``bool``, ``bool_flags``; ``settled``: the ``id`` of
    calls, or version comparisons, whose answers the caller knows by version, no guard). A
    comparison of the version every target answers alike (``sys.version_info > (3, 8)``, true
    on 3.8.18: ``kit.bundle.version_tests``) is none."""
    for node in _told(test, settled, flags, bools):
        called = getattr(node.func, "id", None) if isinstance(node, ast.Call) else None
        if called in GUARD_CALLS and id(node) not in settled:
            return True
        if isinstance(node, ast.Attribute) and node.attr in GUARD_ATTRIBUTES:
            return True
        if isinstance(node, ast.Attribute) and node.attr in SYS_GUARDS and _of_sys(node):
            return True
        if isinstance(node, ast.Name) and (node.id in GUARD_ATTRIBUTES or node.id in flags):
            return True
    return False


def guarded_branches(
    test: ast.expr,
    flags: frozenset[str] = frozenset(),
    settled: Settled = frozenset(),
    bools: frozenset[str] = frozenset(),
) -> tuple[bool, bool]:
    """Whether a guard's test (``is_guard``) sends only some Pythons to the branch where
    ``test`` holds, and to the one where it fails: the branch of ``A and B`` runs only where
    both hold (a guard in either guards it), its ``else`` where either fails (a guard in each
    guards it); the branch of ``A or B`` where either holds (a guard in each), its ``else``
    where both fail (a guard in either): ``if sys.version_info >= (3, 9) or x:`` runs its
    branch on 3.8 when ``x`` holds (CPython 3.8.18 dies on ``math.lcm`` there, measured);
    ``not`` swaps them; a chained comparison is the ``and`` of its links (``chained``:
    ``sys.version_info >= (3, 9) != False`` guards its branch, not its ``else``).
    ``TYPE_CHECKING``, false wherever the code runs, sends no Python to its branch: ``if
    TYPE_CHECKING or hasattr(math, "cbrt"):`` runs its branch where the member is. Any other
    test guards both or neither, one of ``settled`` neither; ``bools``: the flags bound to a
    ``bool`` (``bool_flags``), read under ``== True`` and the like (``PYPY == False``)."""
    if id(test) in settled:  # the caller reads it (a test of the implementation, whole)
        return False, False
    if is_type_checking(test):
        return True, False
    test = chained(test) or test
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    read = (test.operand, True) if negated else around(test, bools)  # V == False, bool(V)
    if read is not None:
        holds, fails = guarded_branches(read[0], flags, settled, bools)
        return (fails, holds) if read[1] else (holds, fails)
    if isinstance(test, ast.BoolOp):
        each = [guarded_branches(value, flags, settled, bools) for value in test.values]
        holds, fails = [part[0] for part in each], [part[1] for part in each]
        if isinstance(test.op, ast.And):
            return any(holds), all(fails)
        return all(holds), any(fails)
    guard = is_guard(test, flags, settled, bools)
    return guard, guard


def _told(
    test: ast.expr,
    settled: Settled,
    flags: frozenset[str] = frozenset(),
    bools: frozenset[str] = frozenset(),
) -> list[ast.AST]:
    """The nodes of ``test`` but those of tests in ``settled`` (with what they hold), of
    version comparisons answered alike by every target, and of a part that uses a test as an
    operand (``kit.bundle.wrapped_tests``: ``(not V) == 1``, ``V + 0``, ``f(V)``, read as no
    test); ``V == False``, ``bool(V)`` and the like are read as the test within (a flag so
    only when it is bound to a ``bool``: ``bools``), a chained comparison as the ``and`` of
    its links."""
    nodes, pending = [], [test]
    nests = nesting(lambda inner: _a_test(inner, flags, settled, bools))
    while pending:
        node = pending.pop()
        if id(node) in settled or (
            isinstance(node, ast.Compare) and (reading(node) or ("",))[0] == "always"
        ):
            continue
        read = around(node, bools)  # a flag compared with True or False: read as the flag
        links = chained(node)
        if links is not None:
            pending.append(links)
            continue
        if read is not None:
            nodes.append(node)
            pending.append(read[0])
            continue
        plain = not isinstance(node, ast.BoolOp) and not (
            isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)
        )
        if plain and nests(node):
            continue
        nodes.append(node)
        pending.extend(children(node))
    return nodes


def _a_test(
    node: ast.AST, flags: frozenset[str], settled: Settled, bools: frozenset[str] = frozenset()
) -> bool:
    """Whether ``node`` is a test of its own that tells the Python (a flag, ``hasattr``, a
    guard's comparison), not a part of one (``sys.version_info``, ``getattr``'s value)."""
    if id(node) in settled:
        return False
    if isinstance(node, ast.Name):
        return node.id in flags
    if isinstance(node, ast.Call):
        return getattr(node.func, "id", None) == "hasattr"
    return isinstance(node, ast.Compare) and is_guard(node, flags, settled, bools)


def _of_sys(node: ast.Attribute) -> bool:
    return getattr(node.value, "id", None) == "sys"


def guard_flags(tree: ast.Module, settled: Settled = frozenset()) -> frozenset[str]:
    """The names the module binds at its top level to a guard's test (``PYPY = "PyPy" in
    sys.version``), each bound so only (one assignment elsewhere and it is no flag)."""
    return frozenset(_guard_bindings(tree, settled))


def bool_flags(tree: ast.Module, settled: Settled = frozenset()) -> frozenset[str]:
    """Those of ``guard_flags`` bound to a ``bool`` alone (``kit.bundle.wrapped_tests.
    is_bool_valued``: ``PYPY = "PyPy" in sys.version``), which ``PYPY == False`` tests as
    ``not PYPY`` does; not ``GA = getattr(sys, "pypy_version_info", None)``, a tuple or
    None, which ``GA != False`` finds true on every Python (``None != False``)."""
    bound = _guard_bindings(tree, settled)
    return frozenset(name for name, values in bound.items() if all(map(is_bool_valued, values)))


def _guard_bindings(tree: ast.Module, settled: Settled) -> dict[str, list[ast.expr]]:
    """``guard_flags``' names, each with the values the module binds it to."""
    bound: dict[str, list[ast.expr] | None] = {}
    for statement in tree.body:
        targets = statement.targets if isinstance(statement, ast.Assign) else []
        for target in targets:
            if isinstance(target, ast.Name):
                test = is_guard(statement.value, settled=settled) and len(targets) == 1
                values = bound.get(target.id, [])
                bound[target.id] = (
                    [*values, statement.value] if test and values is not None else None
                )
    return {name: values for name, values in bound.items() if values is not None}


@dataclass(frozen=True)
class Imported:
    """The flags a module imports from its helpers (``from shared.env import PYPY, WINDOWS``):
    guard names, and platform names with the tests they are bound to."""

    guards: frozenset[str] = frozenset()
    platforms: dict[str, ast.expr] = field(default_factory=dict)
    # those bound to a test of the implementation (``kit.bundle.implementation_tests``)
    implementations: dict[str, ast.expr] = field(default_factory=dict)
    # the guard names bound to a ``bool`` alone (``bool_flags``)
    bools: frozenset[str] = frozenset()
    # those bound to a test of the version the caller reads (``versions``), each bound once
    # in the module and in the helper alike, with what the caller's reader gives of it
    versions: dict[str, object] = field(default_factory=dict)
    # the guard names and the caller's ``versions`` of the module's own, and the guard names
    # it imports, whose member another module sets or may (``member_set``): no flags
    unset: frozenset[str] = frozenset()

    def guard_names(self, tree: ast.Module, settled: Settled) -> frozenset[str]:
        """The guard names the module (``tree``) reads: its own (``guard_flags``) and those it
        imports, but those ``unset``."""
        return (guard_flags(tree, settled) | self.guards) - self.unset


def imported_flags(
    module: Source,
    modules: list[Source],
    settle: Callable[[ast.Module], Settled] | None = None,
    versions: Callable[[ast.Module], dict[str, object]] | None = None,
) -> Imported:
    """The names ``module`` imports at its top level from another of ``modules`` that binds
    them to a guard's test, a test of the platform or of the implementation, and does not
    bind again itself;
    ``settle``: a helper's calls that guard nothing (``kit.check.settled_tests``);
    ``versions``: a helper's flags of the version, bound once (``kit.check.settled_tests.
    version_flags``), each kept when ``module`` binds the name by its import alone and no
    other module sets that member (``_once``: ``from shared.env import PY39 as V``); ``unset``:
    the guard names and ``versions`` of the module's own, and the guard names it imports,
    whose member another module sets or may (``member_set``)."""
    by_name = {other.name: other for other in modules if other.shipped.strip()}
    tree = module.shipped_tree()
    own = {target.id for s in tree.body if isinstance(s, ast.Assign) for target in s.targets
           if isinstance(target, ast.Name)}  # fmt: skip
    guards: set[str] = set()
    bools: set[str] = set()
    platforms: dict[str, ast.expr] = {}
    implementations: dict[str, ast.expr] = {}
    tests: dict[str, object] = {}
    flags = guard_flags(tree, settle(tree) if settle else frozenset())
    flags |= versions(tree).keys() if versions else frozenset()
    unset = {name for name in flags if member_set(name, modules, module)}
    for statement in tree.body:
        if not isinstance(statement, ast.ImportFrom):
            continue
        for local, absolute in import_bindings(module, statement):
            owner, _, name = absolute.rpartition(".")
            if owner not in by_name or local in own:
                continue
            helper = by_name[owner].shipped_tree()
            settled = settle(helper) if settle else frozenset()
            if name in guard_flags(helper, settled):
                guards.add(local)
                if member_set(name, modules, by_name[owner]):  # e.PY39 = True elsewhere
                    unset.add(local)
            if name in bool_flags(helper, settled):
                bools.add(local)
            test = platform_flags(helper).get(name)
            if test is not None:
                platforms[local] = test
            test = implementation_flags(helper).get(name)
            if test is not None:
                implementations[local] = test
            told = versions(helper).get(name) if versions else None
            if told is not None and _once(tree, local, name, modules, by_name[owner]):
                tests[local] = told
    return Imported(
        frozenset(guards), platforms, implementations, frozenset(bools), tests, frozenset(unset)
    )


def _once(tree: ast.Module, local: str, name: str, modules: list[Source], helper: Source) -> bool:
    """Whether the module (``tree``) binds ``local`` by one import alone (no ``del``, loop,
    ``global``, parameter, ``exec``, ``globals()``, ``*`` import: ``bindings``) and no module
    may set the helper's member ``name`` (``member_set``)."""
    return len(bindings(tree, local)) == 1 and not member_set(name, modules, helper)


def member_set(name: str, modules: list[Source], owner: Source) -> bool:
    """Whether a module of ``modules`` but ``owner`` sets a member ``name`` (of any object:
    ``e.PY39 = True``, ``e.PY39 += 1``, ``del e.PY39``, ``shared.env.PY39 = True``, in a
    function too) or calls what may (``setattr``, ``vars``, ``e.__dict__``...), or is a
    submodule ``name`` of ``owner``, whose import sets that member to the submodule (``import
    shared.env.PY39``): after each, CPython 3.8.18 runs ``PY39 and math.lcm(2, 3)``, in the
    module that imports ``PY39`` or in ``owner`` itself, and dies (measured). ``owner``'s own
    bindings are its reader's (``bindings``)."""
    submodule = f"{owner.name}.{name}"
    if any(f"{other.name}.".startswith(f"{submodule}.") for other in modules):
        return True
    others = [other.shipped_tree() for other in modules if other is not owner]
    return any(
        isinstance(node, ast.Attribute) or isinstance(getattr(node, "ctx", None), ast.Load)
        for other in others
        for node in bindings(other, name)
    )


def is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING`` itself (not ``not TYPE_CHECKING``)."""
    if isinstance(test, ast.Attribute):
        return test.attr == "TYPE_CHECKING"
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"


def handler_names(handlers: list[ast.ExceptHandler]) -> frozenset[str]:
    """The exceptions ``handlers`` name (a tuple's each; a bare ``except``: BaseException)."""
    names: set[str] = set()
    for handler in handlers:
        if handler.type is None:
            names.add(BARE)
        else:
            names.update(node.id for node in walk(handler.type) if isinstance(node, ast.Name))
    return frozenset(names)


def try_caught(statement: ast.stmt) -> frozenset[str]:
    """What a ``try`` statement's handlers name (``handler_names``); empty for any other."""
    return handler_names(statement.handlers) if isinstance(statement, ast.Try) else frozenset()


def handled_by(statement: ast.stmt) -> frozenset[str]:
    """What a ``try`` statement's handlers or a ``with`` statement's ``suppress(...)`` calls
    name (``handler_names``, ``_suppressed``); empty for any other statement."""
    return _suppressed(statement) or try_caught(statement)


def catches(names: AbstractSet[str], raised: str) -> bool:
    """Whether handlers naming the exceptions ``names`` catch ``raised`` (one of CATCHERS, or
    several joined by ``|`` where the targets' versions raise each: all of them caught)."""
    return all(CATCHERS[kind] & names for kind in raised.split("|"))


def raised_by(statement: ast.stmt, missing: str) -> str:
    """What ``statement`` raises on a Python that lacks what it reads (``missing``, of
    MISSING): an operation or call the old version does not take so ("type": ``{} | {}``,
    ``list[int]``, ``zip(a, b, strict=True)``, ``math.gcd(a, b, c)``) TypeError; ``import m``
    ModuleNotFoundError; ``from m import x`` ImportError ("cannot import name": a name a
    module it finds lacks, a submodule of a package included, ``from shared import nothere``),
    or ModuleNotFoundError when the module is missing; ``from . import x`` in a module of no
    package ("package") ImportError, and with more dots than packages above it ("top")
    ValueError on 3.8, ImportError from 3.9 (both to catch); any other statement NameError
    for a builtin read by its name, else AttributeError (a module's member). CPython 3.8.18
    and 3.11.7, measured."""
    if missing == "type":
        return "TypeError"
    if isinstance(statement, ast.Import):
        return "ModuleNotFoundError"
    if isinstance(statement, ast.ImportFrom) and missing == "top":
        return "ValueError|ImportError"
    if isinstance(statement, ast.ImportFrom):
        return "ModuleNotFoundError" if missing == "module" else "ImportError"
    return "NameError" if missing == "name" else "AttributeError"


def _suppressed(statement: ast.stmt) -> frozenset[str]:
    """What a ``with contextlib.suppress(...)`` (or ``suppress(...)``) statement's items
    name, as ``handler_names``; empty for any other."""
    if not isinstance(statement, (ast.With, ast.AsyncWith)):
        return frozenset()
    return frozenset(
        node.id
        for item in statement.items
        if isinstance(item.context_expr, ast.Call)
        and called_name(item.context_expr.func) == "suppress"
        for node in item.context_expr.args
        if isinstance(node, ast.Name)
    )


def guarded_statements(
    tree: ast.Module,
    platform: bool = False,
    imported: Imported = Imported(),
    settled: Settled = frozenset(),
    versioned: Settled = frozenset(),
    tries: bool = True,
    missing: str = "module",
) -> list[ast.stmt]:
    """The outermost statements that only run where a guard allows (and, when ``platform``,
    the branch of a test of the platform that Windows does not take); ``imported``: the
    flags the module imports from its helpers (``imported_flags``); ``settled``: the ``id``
    of ``hasattr`` calls that guard nothing (``kit.check.settled_tests``); ``versioned``: the
    ``id`` of ``if`` tests that guard nothing either, both their branches read as code (the
    caller knows the versions each runs on: ``kit.check.settled_tests.node_windows``);
    ``tries``: whether a ``try``'s handlers (or ``contextlib.suppress``) guard its body, as
    they do a missing name's import; not for a helper's import, which every target runs
    (``kit.check.guarded_helpers``); ``missing``: what the caller asks them to guard, of
    MISSING (a ``try`` guards a statement of its body whose ``raised_by`` it catches)."""
    systems = {**imported.platforms, **platform_flags(tree)} if platform else None
    flags = imported.guard_names(tree, settled)
    guarded = _Guarded(flags, settled, versioned, systems, missing if tries else "")
    guarded.bools = bool_flags(tree, settled) | imported.bools
    guarded.lazy = lazy_annotations(tree.body)
    guarded.keeping, guarded.running = keeping_calls(tree), running_calls(tree)
    guarded.answered = settled_flags(tree, settled)
    guarded.visit(tree.body)
    return guarded.found


class _Guarded:
    """The walk of ``guarded_statements``: ``found`` gathers what runs only where a guard
    allows; ``systems`` (None: no platform check) holds the module's names for the platform;
    ``missing`` is ``guarded_statements``' ("": no ``try`` guards)."""

    def __init__(
        self,
        flags: frozenset[str],
        settled: Settled,
        versioned: Settled,
        systems: dict[str, ast.expr] | None,
        missing: str,
    ) -> None:
        self.flags, self.settled, self.systems, self.missing = flags, settled, systems, missing
        self.unguarding = settled | versioned
        self.found: list[ast.stmt] = []
        self.lazy = False  # ``from __future__ import annotations``: none evaluated
        self.keeping = LAZY  # the calls that keep a generator given them (``keeping_calls``)
        self.running = RUNNING  # and those that run it through at once (``running_calls``)
        self.answered: dict[str, bool] = {}  # names bound to a settled test (settled_flags)
        self.bools: frozenset[str] = frozenset()  # the flags bound to a bool (bool_flags)

    def visit(self, statements: list[ast.stmt]) -> None:
        for statement in statements:
            if self._branched(statement):
                continue
            names = handled_by(statement) if self.missing else None
            if names:  # a try, or with contextlib.suppress(ImportError): what it catches
                self._caught(names, statement.body)
                for handler in getattr(statement, "handlers", []):
                    self.visit(handler.body)
                self.visit(getattr(statement, "orelse", []))
                self.visit(getattr(statement, "finalbody", []))
            elif self._guarded_expression(statement):
                self.found.append(statement)
            else:
                self._visit_inside(statement)

    def _caught(self, names: frozenset[str], statements: list[ast.stmt]) -> None:
        """Of ``statements``, run inside a ``try`` whose handlers name ``names``, those whose
        failure they catch found: a compound statement whole when they catch that of all
        within it, else its blocks in turn (an ``if``'s, a loop's, a ``with``'s, a nested
        ``try``'s, a class body: they run inside the ``try``; a nested ``try``'s body caught
        by its own handlers too), and a definition's decorators and what a statement runs
        where it stands (``eager_parts``); the others visited as any code, and so a
        function's body, which runs when it is called, outside the ``try``."""
        for inner in statements:
            blocks = _blocks(inner)
            if self._all_caught(names, inner):
                self.found.append(inner)
                continue
            if catches(names, raised_by(inner, self.missing)):  # run where it stands
                self.found.extend(_decorators(inner))
                self.found.extend(eager_parts(inner, self.lazy, self.keeping, self.running))
            if isinstance(inner, DEFINITIONS) or not blocks:
                self.visit([inner])
            elif not self._branched(inner, names):
                own = names | handled_by(inner)  # a nested try's or suppress's, for its body
                for block in blocks:
                    self._caught(own if block is getattr(inner, "body", None) else names, block)

    def _all_caught(self, names: frozenset[str], statement: ast.stmt) -> bool:
        """Whether ``names`` catch what each statement within ``statement`` raises, none of
        them a function's definition nor a lambda (their bodies run outside the ``try``)."""
        within = [node for node in walk(statement) if isinstance(node, ast.stmt)]
        return not holds_later(statement, self.keeping, self.running) and all(
            catches(names, raised_by(node, self.missing)) for node in within
        )

    def _branched(self, statement: ast.stmt, caught: frozenset[str] = frozenset()) -> bool:
        """Whether ``statement`` is an ``if`` or a ``match`` whose branches are read apart
        (``_if``, ``_match``)."""
        if isinstance(statement, ast.If):
            return self._if(statement, caught)
        return isinstance(statement, ast.Match) and self._match(statement, caught)

    def _if(self, statement: ast.If, caught: frozenset[str] = frozenset()) -> bool:
        """Whether ``statement`` guards: its guarded branches found, the others visited (as
        statements inside a ``try`` whose handlers name ``caught``, when given)."""

        def visit(block: list[ast.stmt]) -> None:
            return self._caught(caught, block) if caught else self.visit(block)

        if is_type_checking(statement.test):
            self.found.extend(statement.body)  # for type checkers only: it never runs
            visit(statement.orelse)  # which always does
            return True
        guarded = guarded_branches(statement.test, self.flags, self.unguarding, self.bools)
        if any(guarded):  # a guarded branch found, the other visited
            for block, guards in zip((statement.body, statement.orelse), guarded):
                if guards:
                    self.found.extend(block)
                else:
                    visit(block)
            return True
        taken = _settled_truth(statement.test, self.settled, self.answered)  # the other: dead
        if taken is None and self.systems is not None:  # Windows takes one branch: the other
            taken = on_windows(statement.test, self.systems)  # is guarded
        if taken is None:
            return False
        self.found.extend(statement.orelse if taken else statement.body)
        visit(statement.body if taken else statement.orelse)
        return True

    def _match(self, statement: ast.Match, caught: frozenset[str] = frozenset()) -> bool:
        """Whether ``statement`` is a ``match`` on the platform (``cases_on_windows``), read
        as its chain of ``if`` / ``elif``: the cases Windows does not run found, the one it
        runs visited (as inside a ``try`` whose handlers name ``caught``, when given)."""
        runs = cases_on_windows(statement) if self.systems is not None else None
        if runs is None:
            return False
        for case, taken in zip(statement.cases, runs):
            if not taken:
                self.found.extend(case.body)
            elif caught:
                self._caught(caught, case.body)
            else:
                self.visit(case.body)
        return True

    def _guarded_expression(self, statement: ast.stmt) -> bool:
        """Whether a conditional expression of ``statement``'s own guards it whole: one on a
        guard's test, but those the caller reads by version (``versioned``: its branches
        read alone, each on the versions it runs on)."""
        definition = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
        return not isinstance(statement, definition) and any(
            isinstance(n, ast.IfExp) and is_guard(n.test, self.flags, self.unguarding, self.bools)
            for n in own_nodes(statement)
        )

    def _visit_inside(self, statement: ast.stmt) -> None:
        for child in children(statement):
            if isinstance(child, ast.ExceptHandler):
                self.visit(child.body)
        for name in ("body", "orelse", "finalbody"):
            value = getattr(statement, name, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                self.visit(value)


def _blocks(statement: ast.stmt) -> list[list[ast.stmt]]:
    """The blocks of statements a compound statement holds (its body, ``else``, ``finally``,
    handlers' and ``match`` cases' bodies); none for a simple statement."""
    blocks = [getattr(statement, name, None) for name in ("body", "orelse", "finalbody")]
    blocks += [handler.body for handler in getattr(statement, "handlers", [])]
    blocks += [case.body for case in getattr(statement, "cases", [])]
    return [block for block in blocks if block]


def _decorators(statement: ast.stmt) -> list[ast.stmt]:
    """Each decorator of a definition as a statement of its own, from its ``@`` to its end
    (``neutralised`` puts ``pass`` in its place, and the definition stays); none for any
    other statement."""
    found: list[ast.stmt] = []
    for decorator in getattr(statement, "decorator_list", []):
        alone = ast.Expr(decorator)
        alone.lineno, alone.col_offset = decorator.lineno, decorator.col_offset - 1
        alone.end_lineno, alone.end_col_offset = decorator.end_lineno, decorator.end_col_offset
        alone.decorator = True  # type: ignore[attr-defined]
        found.append(alone)
    return found


def own_nodes(statement: ast.stmt) -> list[ast.AST]:
    """The nodes of ``statement`` that are not in a statement within it (a loop's target and
    iterable, not its body's): a guarded conditional expression in its body guards that
    statement of the body, not the loop."""
    found: list[ast.AST] = []
    todo: list[ast.AST] = [statement]
    while todo:
        node = todo.pop()
        found.append(node)
        todo.extend(
            child
            for child in children(node)
            if not isinstance(child, (ast.stmt, ast.ExceptHandler))
        )
    return found


def _settled_truth(
    test: ast.expr | None, settled: Settled, answered: dict[str, bool] | None = None
) -> bool | None:
    """What a test of a settled call alone gives on every target (``hasattr(math, "isqrt")``:
    True, ``not`` it: False), a version comparison every target answers alike, Python 2's
    test ``round(0.5)`` (1.0 there, 0 on every Python 3, which rounds half to even), or a
    name of ``answered`` (``settled_flags``); None for any other test."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _settled_truth(test.operand, settled, answered)
        return None if inner is None else not inner
    if isinstance(test, ast.Name) and answered and test.id in answered:
        return answered[test.id]  # PY2, bound to sys.version_info[0] == 2
    if _rounds_half(test):
        return False
    read = reading(test) if isinstance(test, ast.Compare) else None
    if read is not None and read[0] == "always":  # sys.version_info >= (3, 8)
        return bool(read[1])
    return True if isinstance(test, ast.Call) and id(test) in settled else None


def _rounds_half(test: ast.expr | None) -> bool:
    """``round(0.5)``, the "Python 2 and 3" templates' test of Python 2 (``py2 =
    round(0.5)``, then ``if py2: from future_builtins import map``)."""
    return (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "round"
        and not test.keywords
        and len(test.args) == 1
        and isinstance(test.args[0], ast.Constant)
        and test.args[0].value == 0.5
    )


def settled_flags(tree: ast.Module, settled: Settled = frozenset()) -> dict[str, bool]:
    """The names the module binds at its top level, once, to a test every target answers
    alike (``PY2 = sys.version_info[0] == 2``, ``py2 = round(0.5)``: False), with that
    answer: ``if PY2:`` runs its ``else`` alone, as ``if sys.version_info[0] == 2:`` does;
    and those a ``try`` of imports sets, with the value they hold where the imports fail
    (``_import_flags``): the other branch is guarded by the imports."""
    tests = tests_bound_once(tree, lambda test: _settled_truth(test, settled) is not None)
    answers = {name: bool(_settled_truth(test, settled)) for name, test in tests.items()}
    return {**_import_flags(tree), **answers}


def _import_flags(tree: ast.Module) -> dict[str, bool]:
    """The names a top-level ``try`` of imports tells by a constant (``IS_LOCAL = True``, then
    ``try: import seaborn`` / ``except ImportError: IS_LOCAL = False``; or ``HAVE = False``,
    then ``HAVE = True`` after the imports in the body), with the value they hold where the
    imports fail: the branch taken where they succeed is guarded by them, as the body is. Each
    handler catches what each import raises (``raised_by``), binds the name to that value or
    leaves the first; the name is bound nowhere else, and between its first binding and the
    ``try`` nothing reads it nor calls anything."""
    found: dict[str, bool] = {}
    for index, statement in enumerate(tree.body):
        rest, handlers = _tried_imports(statement)
        for name in {n for s in rest + sum(handlers, []) for n in _constant_binding(s)}:
            first = _first_binding(tree.body[:index], name)
            succeeded = _bound_in(rest, name, first)
            failed = {_bound_in(block, name, first) for block in handlers}
            counted = (first is not None) + sum(
                name in _constant_binding(s) for s in rest + sum(handlers, [])
            )
            if (
                len(failed) == 1
                and None not in failed | {succeeded}
                and failed != {succeeded}
                and counted == len(bindings(tree, name))
            ):
                found[name] = failed.pop()
    return found


def _tried_imports(statement: ast.stmt) -> tuple[list[ast.stmt], list[list[ast.stmt]]]:
    """Of a ``try`` whose body is imports, then constant bindings alone (``_constant_binding``),
    and whose every handler catches what each import raises: those bindings, then its
    ``else:``'s (constant bindings alone too: it runs where the body did), and the handlers'
    bodies; nothing for any other statement."""
    if not isinstance(statement, ast.Try) or not statement.handlers:
        return [], []
    imports = [s for s in statement.body if isinstance(s, (ast.Import, ast.ImportFrom))]
    rest = statement.body[len(imports) :] + statement.orelse
    caught = [handler_names([handler]) for handler in statement.handlers]
    if not imports or any(not _constant_binding(s) for s in rest):
        return [], []
    if not all(catches(names, raised_by(s, "member")) for names in caught for s in imports):
        return [], []
    return rest, [handler.body for handler in statement.handlers]


def _constant_binding(statement: ast.stmt) -> dict[str, bool]:
    """``{NAME: value}`` for ``NAME = True`` or ``NAME = False``; empty for any other."""
    if (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, bool)
    ):
        return {statement.targets[0].id: statement.value.value}
    return {}


def _bound_in(block: list[ast.stmt], name: str, before: bool | None) -> bool | None:
    """The constant ``block``'s own statements bind ``name`` to last (``before`` if none)."""
    for statement in block:
        before = _constant_binding(statement).get(name, before)
    return before


def _first_binding(before: list[ast.stmt], name: str) -> bool | None:
    """The constant the last top-level statement of ``before`` binding ``name`` binds it to,
    when none after it reads the name or calls anything (else None)."""
    for back, statement in enumerate(reversed(before)):
        if name in _constant_binding(statement):
            later = before[len(before) - back :]
            reads = any(
                isinstance(node, ast.Call) or getattr(node, "id", None) == name
                for s in later
                for node in walk(s)
            )
            return None if reads else _constant_binding(statement)[name]
    return None


def untaken_on_windows(tree: ast.Module, imported: Imported = Imported()) -> set[int]:
    """The ``id`` of every node in the branch of a conditional expression that Windows does
    not take (``os.getuid()`` in ``os.getuid() if sys.platform != "win32" else 0``), and in
    the operands of ``and``/``or`` after a test of the platform that ends it there
    (``os.name == "posix" and os.getuid() == 0``): the platform check passes those, and reads
    the rest as code Windows runs."""
    systems = {**imported.platforms, **platform_flags(tree)}
    untaken: set[int] = set()
    for node in walk(tree):
        taken = on_windows(node.test, systems) if isinstance(node, ast.IfExp) else None
        if taken is not None:
            untaken.update(id(inner) for inner in walk(node.orelse if taken else node.body))
        if isinstance(node, ast.BoolOp):  # os.name == "posix" and os.getuid() == 0
            stops = isinstance(node.op, ast.Or)  # True ends an "or", False an "and"
            for index, value in enumerate(node.values[:-1]):
                if on_windows(value, systems) is stops:
                    rest = node.values[index + 1 :]
                    untaken.update(id(inner) for later in rest for inner in walk(later))
                    break
    return untaken


def guarded_lines(
    tree: ast.Module,
    platform: bool = False,
    imported: Imported = Imported(),
    settled: Settled = frozenset(),
    versioned: Settled = frozenset(),
    tries: bool = True,
    missing: str = "module",
) -> set[int]:
    lines: set[int] = set()
    found = guarded_statements(tree, platform, imported, settled, versioned, tries, missing)
    for statement in found:
        own = getattr(statement, "lines", None)  # an eager part's (``eager_parts``)
        last = statement.end_lineno or statement.lineno
        lines.update(range(start_of(statement)[0], last + 1) if own is None else own)
    return lines


def neutralised(
    text: str,
    tree: ast.Module,
    imported: Imported = Imported(),
    settled: Settled = frozenset(),
    versioned: Settled = frozenset(),
    missing: str = "module",
    kept: tuple[ast.expr, ...] = (),
) -> str:
    """``text`` with every guarded statement replaced by ``pass`` in its place on its first
    line, what followed it on its last line kept there, and the lines between emptied (the line
    numbers stay; ``if PYPY: import pypyjit`` becomes ``if PYPY: pass``); ``missing``: what a
    ``try`` guards (``guarded_statements``); ``kept``: expressions whose parts a ``try``
    guards left as they are (an ``if``'s test, so that its branch on the same line keeps its
    columns)."""
    lines = text.split("\n")
    found = guarded_statements(tree, False, imported, settled, versioned, missing=missing)
    within = {id(node) for expression in kept for node in walk(expression)}
    found = _outermost([s for s in found if not _part_of(s, within)])
    # from the last: a statement put in ``pass``'s place moves those after it on its line
    for statement in reversed(found):
        (first, start), (last, end) = text_start(lines, statement), _text_end(lines, statement)
        stand_in = getattr(statement, "replacement", "pass")  # an expression's: None
        lines[first - 1] = lines[first - 1][:start] + stand_in + lines[last - 1][end:]
        for number in range(first, last):
            lines[number] = ""
    return "\n".join(lines)


def _part_of(statement: ast.stmt, within: AbstractSet[int]) -> bool:
    """Whether ``statement`` is an eager part (``eager_parts``) of an expression whose nodes'
    ``id`` are ``within``."""
    return hasattr(statement, "replacement") and id(getattr(statement, "value", None)) in within


def _outermost(found: list[ast.stmt]) -> list[ast.stmt]:
    """``found`` in the order they start, but those within another (an eager part of a
    statement a guarded conditional expression guards whole): each text replaced once."""
    kept: list[ast.stmt] = []
    for statement in sorted(found, key=start_of):
        end = (statement.end_lineno or statement.lineno, statement.end_col_offset or 0)
        if kept and end <= (kept[-1].end_lineno or kept[-1].lineno, kept[-1].end_col_offset or 0):
            continue
        kept.append(statement)
    return kept


def start_of(statement: ast.stmt) -> tuple[int, int]:
    """Where a statement starts, line and byte column: at its first decorator's ``@`` if it
    has one."""
    decorators = getattr(statement, "decorator_list", None)
    if decorators:
        return decorators[0].lineno, decorators[0].col_offset - 1
    return statement.lineno, statement.col_offset


def text_start(lines: list[str], statement: ast.stmt) -> tuple[int, int]:
    """Where ``statement`` starts in the text's ``lines``: its line and character column; a
    decorated definition's, and a decorator's alone (``_decorators``), at the ``@``, which
    spaces, parentheses, line breaks and comments may part from its expression (``@
    functools.cache``, ``@(functools.cache)``), where ``start_of`` cannot tell it."""
    decorators = getattr(statement, "decorator_list", None)
    if getattr(statement, "decorator", False) or decorators:
        return _at_sign(lines, decorators[0] if decorators else statement.value)[:2]
    line = lines[statement.lineno - 1]
    return statement.lineno, char_col(line, statement.col_offset)


def _text_end(lines: list[str], statement: ast.stmt) -> tuple[int, int]:
    """Where ``statement`` ends in ``lines``: its last line and the character column after
    it; a decorator's alone after the parentheses its ``@`` opened around it (``@
    (functools.cache)``)."""
    number = statement.end_lineno or statement.lineno
    column = char_col(lines[number - 1], statement.end_col_offset)
    opened = _at_sign(lines, statement.value)[2] if getattr(statement, "decorator", 0) else 0
    while opened and number <= len(lines):
        code = lines[number - 1][column:].split("#", 1)[0]  # no string: no "#" but a comment's
        for index, character in enumerate(code):
            opened -= character == ")"
            if not opened:
                return number, column + index + 1
        number, column = number + 1, 0
    return number, column


def _at_sign(lines: list[str], decorator: ast.expr) -> tuple[int, int, int]:
    """The line and character column of ``decorator``'s ``@``, and how many parentheses
    open between them (only spaces, parentheses, line breaks and comments may stand there,
    no string: a ``#`` opens a comment)."""
    number = decorator.lineno
    before = lines[number - 1][: char_col(lines[number - 1], decorator.col_offset)]
    opened = 0
    while number > 1 and not before.split("#", 1)[0].lstrip().startswith("@"):
        opened += before.split("#", 1)[0].count("(")
        number -= 1
        before = lines[number - 1]
    code = before.split("#", 1)[0]
    return number, len(code) - len(code.lstrip()), opened + code.count("(")


def char_col(line: str, byte_col: int | None) -> int:
    """``line``'s character column of an ast node's byte column (None: its end)."""
    if byte_col is None:
        return len(line)
    return len(line.encode("utf-8")[:byte_col].decode("utf-8", "replace"))

"""vermin's findings on the shipped modules: what it is given to read, and its answer read.

vermin knows the standard library's modules, members and keyword arguments by the version
that added them, but it names one line for all the uses of a member, and a guarded use is one
of them. So it reads each module with its guarded code out and its number tables blanked (the
same lines and columns), then each branch of an ``if`` on a test of a member added after 3.8,
or of the implementation, alone after the module's imports, with the versions and the
implementation that run it (``_for_vermin``: a finding is placed by the text it was found in,
not by its line, where an ``if``'s test and branch may share one), and each branch
of a conditional expression on a test of the version or of the implementation alike, with
the versions and the implementation it runs on (``_expression_branches``: its statement is
read without it, on every version, under both), what a
conditional expression on another guard's test guards read nowhere, its statement's rest on
every version (``settled_tests.guard_expressions``); and each text
again with the standard library's members that a star import or an import under another name
hides from it written out in full (``_renamed_variants``). A module with a ``try`` (or
``contextlib.suppress``) is read once for each kind of finding (``RAISED_KINDS``), its
``try`` statements guarding only what raises that kind, and a finding kept from the reading
of its kind (``raised_kind``): ``except ModuleNotFoundError:`` does not guard ``from math
import lcm``, nor ``except AttributeError:`` ``zip(a, b, strict=True)``.

vermin runs once for all the texts it has not read before (the cache's ``vermin.json``, keyed
by each text, the installed vermin and this module), in the kit's Python started ``-I -S``
with vermin's folder on its path, reading no config file of the user's; its findings newer
than 3.8 are kept, their lines taken back to the module's. ``vermin`` gives them to the API
check (``kit.check.apis``), which holds them to the targets.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib.util
import re
import subprocess
import sys
import tempfile
from collections.abc import Set as AbstractSet
from pathlib import Path

from kit import cache
from kit.bundle.guards import char_col, handled_by, imported_flags, neutralised, text_start
from kit.bundle.masked_literals import mask_literals
from kit.bundle.sources import Source, imported_modules, walk
from kit.check.member_uses import bound_names, star_reads
from kit.check.settled_tests import (
    BASE,
    GUARDED,
    NEVER,
    branch_windows,
    guard_expressions,
    guarded_windows,
    helper_flags,
    implementation_expressions,
    implementation_ifs,
    implementation_operands,
    node_windows,
    settled_tests,
    versioned_branches,
    versioned_expressions,
    versioned_ifs,
    versioned_operands,
)
from kit.errors import REINSTALL, BuildError, machine_refused
from kit.judges.stdlib import ADDED
from kit.judges.stdlib import KNOWN as STDLIB_MODULES

Window = tuple[tuple[int, int], tuple[int, int]]  # the versions a text runs on: from, below
EVERY: Window = (BASE, NEVER)
# a text, its shift, the lines before its own, its window, the implementation alone running it
Read = tuple[str, int, int, Window, "str | None"]


def _for_vermin(module: Source, modules: list[Source], missing: str = "module") -> list[Read]:
    """What vermin reads of a module: each text with the shift that takes its lines to the
    module's, how many lines of it come before those, and the versions and the implementation it
    runs on, those of the branches it is in (``node_windows``; the module's, every one and
    either: its ``if`` statements' branches and conditional expressions' read apart). First the
    module with its guarded code out and its number tables blanked (the same lines and columns;
    nothing in a table of numbers needs a newer Python); then each branch of an ``if`` on a test
    of ``versioned_tests`` alone (the ``if``s within it out, read alone in their turn), after
    the module's imports and an ``if True:`` (vermin names one line for all the uses of a
    member, so a use in the branch could hide one outside it); then each branch of a conditional
    expression on such a test, or one of the implementation, alone, out of the others
    (``_expression_branches``), with the implementation that alone runs it (else None). A
    branch's findings on the imports are the module's, said already. ``missing``: what a ``try``
    is to guard (``raised_kind``)."""
    tree = module.shipped_tree()
    imported = imported_flags(module, modules, settled_tests)
    masked = mask_literals(module.shipped, tree)
    settled = settled_tests(tree)
    helpers = helper_flags(module, modules)
    expressions = versioned_expressions(tree, helpers)
    by_implementation = implementation_expressions(module, modules)
    tests = frozenset(id(test) for _, test, _, _ in expressions)
    tests |= {id(node.test) for node, _, _ in by_implementation}
    tests |= {id(node.test) for node, _ in guard_expressions(module, modules)}
    branched = versioned_branches(tree, helpers)  # an if's alone below, an expression's as a rest
    tests |= {id(test) for rest, test, _, _ in branched if isinstance(rest.of, ast.IfExp)}
    versions, runners = node_windows(module, modules)  # who runs each branch, by node
    rests = versioned_operands(tree, helpers) + implementation_operands(module, modules)
    rests += [entry for entry in branched if isinstance(entry[0].of, ast.IfExp)]
    windows = _expression_windows(versions, expressions, by_implementation, rests)
    branches = _holes(module, modules, windows)

    def opened(read: frozenset[int] = frozenset(), kept: tuple[ast.expr, ...] = ()) -> str:
        """The text neutralised, but the ``if`` tests ``read`` and the conditional
        expressions' read by version or implementation: their branches out (``_out``; when
        that does not parse, each such expression's statement out, as any guard's)."""
        text = neutralised(masked, tree, imported, settled, read | tests, missing, kept)
        if branches:  # holes to fill
            text = _out(text, masked, [branch for branch, _ in branches])
            if not _parses(text):
                text = neutralised(masked, tree, imported, settled, read, missing, kept)
        return _readable(text, masked)

    texts: list[Read] = [(opened(), 0, 0, EVERY, None)]
    ifs = [(node, test) for node, test, _, _ in versioned_ifs(tree, helpers)]
    ifs += [(node, node.test) for node, _, _ in implementation_ifs(module, modules)]
    ifs += [(rest.of, test) for rest, test, _, _ in branched if isinstance(rest.of, ast.If)]
    imports = [node for node in walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
    header = [ast.unparse(node) for node in imports]
    places = masked.split("\n")  # a branch's start, read where no guarded code is ``pass``
    for node in {id(node): node for node, _ in ifs}.values():  # V and W: its branches once
        # the ifs within this one are guards, read alone in their turn
        read = {id(test) for other, test in ifs if other is node or not _within(other, node)}
        # its test in place: its branch may start on its line, at the column it has there
        lines = opened(frozenset(read), (node.test,)).split("\n")
        for branch in (node.body, node.orelse):
            if branch:
                first, at = text_start(places, branch[0])  # where no guarded code is out
                text = "\n".join([*header, "if True:", *_alone(lines, branch, first, at)]) + "\n"
                if _parses(text):  # else (one vermin could not read either) not read
                    window = versions.get(id(branch[0]), EVERY)
                    shift = first - len(header) - 2
                    texts.append((text, shift, len(header) + 1, window, runners.get(id(branch[0]))))
    if branches:
        every_if = frozenset(id(test) for _, test in ifs) | tests
        lines = neutralised(masked, tree, imported, settled, every_if, missing).split("\n")
        texts += _expression_branches(lines, places, branches, header, runners)
    return texts + _renamed_variants(module, modules, tree, texts)


def _holes(
    module: Source, modules: list[Source], branches: list[tuple[ast.expr, Window]]
) -> list[tuple[ast.expr, Window]]:
    """The conditional expressions' ``branches`` read alone but those within what a guard's
    conditional expression guards (``guarded_windows``), and what those guard, ``GUARDED``:
    each a hole in the text it is in."""
    guarded = guarded_windows(module, modules)
    kept = [(branch, window) for branch, window in branches if id(branch) not in guarded]
    return kept + [
        (part, GUARDED) for _, parts in guard_expressions(module, modules) for part in parts
    ]


def _expression_windows(
    windows: dict[int, Window], expressions: list, by_implementation: list, rests: list
) -> list[tuple[ast.expr, Window]]:
    """The branches of the conditional expressions ``expressions`` (``versioned_expressions``)
    and ``by_implementation`` (``implementation_expressions``), and the operands of ``and``
    and ``or`` after a test (``rests``: ``versioned_operands``, ``implementation_operands``;
    a conditional expression's branches on an ``and`` or ``or`` of such tests,
    ``versioned_branches``),
    with the versions each runs on (``windows``: ``node_windows``', within another's branch,
    an ``if``'s or an expression's, on those of both)."""
    versioned = [
        branch
        for node, _, added, negated in expressions
        for branch, _ in branch_windows(node, added, negated)
    ]
    versioned += [branch for node, _, _ in by_implementation for branch in (node.body, node.orelse)]
    versioned += [value for rest, *_ in rests for value in rest.body + rest.orelse]
    unique = list({id(branch): branch for branch in versioned}.values())  # a and b and c: c once
    return [(branch, windows.get(id(branch), EVERY)) for branch in unique]


def _expression_branches(
    lines: list[str],
    places: list[str],
    branches: list[tuple[ast.expr, Window]],
    header: list[str],
    runners: dict[int, str],
) -> list[Read]:
    """Each branch of a conditional expression on a test of the version
    (``versioned_expressions``: ``math.cbrt(2) if sys.version_info >= (3, 9) else 0``) or of
    the implementation (``implementation_expressions``) alone, in parentheses, after the
    module's imports and an ``if True: (``, with the versions it runs on
    (``_expression_windows``) and the implementation that alone runs it (``runners``:
    ``node_windows``), as an ``if``'s branch is read (``_alone``), where
    nothing else guards its statement: where ``lines`` (the text neutralised with every
    ``if`` and conditional expression read by version read as code) keep those of
    ``places`` (the text whole); the branches within it out, read alone in their turn."""
    texts = []
    for branch, window in branches:
        if window == GUARDED:
            continue  # a guard's: a hole in what it is in, never read
        first, last = branch.lineno, branch.end_lineno or branch.lineno
        if lines[first - 1 : last] != places[first - 1 : last]:
            continue  # its statement guarded otherwise (a try, a guard's test): not read
        alone = _expression_alone(lines, branch, [inner for inner, _ in branches])
        text = "\n".join([*header, "if True: (", *alone]) + "\n"
        if _parses(text):
            shift = first - len(header) - 2
            texts.append((text, shift, len(header) + 1, window, runners.get(id(branch))))
    return texts


def _out(text: str, whole: str, branches: list[ast.expr]) -> str:
    """``text`` with the ``branches`` (of conditional expressions read by version) where it
    keeps them (their lines those of ``whole``) each a ``0`` (``_filled``)."""
    lines, places = text.split("\n"), whole.split("\n")
    kept = [
        b
        for b in branches
        if lines[b.lineno - 1 : b.end_lineno] == places[b.lineno - 1 : b.end_lineno]
    ]
    return "\n".join(_filled(lines, kept))


def _expression_alone(lines: list[str], node: ast.expr, holes: list[ast.expr]) -> list[str]:
    """The lines of the expression ``node`` as the body of an ``if True: (``, its columns
    kept (``_qualified``): what comes before it on its first line as spaces, what comes
    after it on its last cut off and a ``)`` there, a space more before each line, and the
    ``holes`` within it (branches read alone in their turn) each ``0`` (``_filled``)."""
    found = lines[node.lineno - 1 : node.end_lineno]
    found[-1] = found[-1][: char_col(found[-1], node.end_col_offset)]
    found = _filled(found, [hole for hole in holes if _within(hole, node)], node)
    at = char_col(lines[node.lineno - 1], node.col_offset)
    found[0] = " " * at + found[0][at:]
    found[-1] += ")"
    return [" " + line for line in found]


def _filled(lines: list[str], holes: list[ast.expr], node: ast.AST | None = None) -> list[str]:
    """``lines`` (those of ``node``, from its first; of the module without it) with each of
    ``holes`` within no other nor ``node`` itself made ``0`` (padded to its width: the
    columns after it kept), the lines it spans further emptied (their number kept)."""
    top = getattr(node, "lineno", 1)
    found = list(lines)
    holes = [hole for hole in holes if hole is not node]
    outer = [hole for hole in holes if not any(_within(hole, o) for o in holes if o is not hole)]
    for hole in sorted(outer, key=lambda hole: (hole.lineno, hole.col_offset), reverse=True):
        first, last = hole.lineno - top, (hole.end_lineno or hole.lineno) - top
        start = char_col(found[first], hole.col_offset)
        end = char_col(found[last], hole.end_col_offset)
        stand_in = "0".ljust(end - start) if first == last else "0"
        found[first] = found[first][:start] + stand_in + found[last][end:]
        for row in range(first + 1, last + 1):
            found[row] = ""
    return found


def _renamed_variants(
    module: Source, modules: list[Source], tree: ast.Module, texts: list[Read]
) -> list[Read]:
    """Each text again with the standard library's members that the file reads under names
    vermin cannot tie to their modules written as ``module.member`` in their places: the
    names it reads and binds nowhere, once for each module it star-imports (``from math
    import *``: ``lcm(a, b)`` as ``math.lcm(a, b)``; which module a name is cannot be told
    without vermin's tables), and the names it imports under another (``from bisect import
    bisect_left as bl``: ``bl(a, x, key=f)`` as ``bisect.bisect_left(a, x, key=f)``). A name
    a star-imported helper binds may be the helper's: left as it is; so is every name after
    a star import of a module that is neither (numpy's)."""
    shipped = module.shipped.split("\n")
    renamings: list[dict[int, list[tuple[int, str, str]]]] = []
    theirs = _star_imported_names(module, tree, modules)
    reads = [] if theirs is None else star_reads(tree, STDLIB_MODULES)
    reads = [(node, owners) for node, owners in reads if node.id not in (theirs or ())]
    for owner in dict.fromkeys(owner for _, owners in reads for owner in owners):
        renamings.append(_places(shipped, [(node, f"{owner}.{node.id}") for node, _ in reads]))
    aliases = _stdlib_aliases(tree)
    if aliases:
        renamed = [
            (node, aliases[node.id])
            for node in walk(tree)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in aliases
        ]
        renamings.append(_places(shipped, renamed))
    variants = []
    for places in renamings:
        for text, shift, before, window, runs in texts:
            qualified = _qualified(text, shift, before, places)
            if qualified != text and _parses(qualified):
                variants.append((qualified, shift, before, window, runs))
    return variants


def _star_imported_names(
    module: Source, tree: ast.Module, modules: list[Source]
) -> set[str] | None:
    """Every name the helpers the file star-imports bind; None when it star-imports a module
    that is neither a helper nor the standard library's (its names are not known)."""
    helpers = {source.name: source for source in modules}
    names: set[str] = set()
    for node in tree.body:
        if not (isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names)):
            continue
        (absolute,) = imported_modules(module, node)
        if absolute in helpers:
            names |= bound_names(helpers[absolute].tree)
        elif node.level or absolute.partition(".")[0] not in STDLIB_MODULES:
            return None
    return names


def _stdlib_aliases(tree: ast.Module) -> dict[str, str]:
    """The names ``from M import member as name`` binds, M a standard module, each bound so
    only: {name: "M.member"}."""
    found: dict[str, str] = {}
    for node in walk(tree):
        stdlib = isinstance(node, ast.ImportFrom) and not node.level and node.module
        if stdlib and node.module.partition(".")[0] in STDLIB_MODULES:
            for alias in node.names:
                if alias.asname and alias.asname != alias.name:
                    found[alias.asname] = f"{node.module}.{alias.name}"
    stored = (n for n in walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load))
    rebound = {n.id for n in stored}
    return {name: member for name, member in found.items() if name not in rebound}


def _places(shipped: list[str], renamed: list[tuple[ast.Name, str]]) -> dict:
    """{line: [(character column, name, its new text)]} of the ``renamed`` names."""
    places: dict[int, list[tuple[int, str, str]]] = {}
    for node, text in renamed:
        column = char_col(shipped[node.lineno - 1], node.col_offset)
        places.setdefault(node.lineno, []).append((column, node.id, text))
    return places


def _qualified(text: str, shift: int, before: int, places: dict) -> str:
    """``text`` (a module line L its line L - ``shift``, after ``before`` lines of its own; a
    branch's lines a space further right) with the names at ``places`` written anew, where
    the text still holds them (guarded code is blanked)."""
    lines = text.split("\n")
    indent = 1 if before else 0  # _alone: a branch's lines have a space more
    for line, found in places.items():
        at = line - shift
        if not before < at <= len(lines):
            continue
        row = lines[at - 1]
        for place, name, new in sorted(found, reverse=True):  # right to left: columns stay
            start, end = place + indent, place + indent + len(name)
            edges = row[start - 1 : start] + row[end : end + 1]
            if row[start:end] == name and not any(c.isalnum() or c in "_." for c in edges):
                row = f"{row[:start]}{new}{row[end:]}"
        lines[at - 1] = row
    return "\n".join(lines)


def _within(node: ast.AST, outer: ast.AST) -> bool:
    return any(inner is node for inner in walk(outer))


def _alone(lines: list[str], branch: list[ast.stmt], first: int, at: int) -> list[str]:
    """The lines of ``branch``, which starts at line ``first``, column ``at`` (``text_start``
    of the text before guarded code is taken out: a decorator made ``pass`` has no ``@``), as
    the body of an ``if True:``: what comes before it on its first line (its ``if``'s or
    ``else``'s header) as spaces, an ``elif`` made an ``if``, and a space more before each
    line (an ``elif`` of a top-level ``if`` is at the margin)."""
    found = lines[first - 1 : branch[-1].end_lineno]
    head = found[0]
    rest = head[at:]
    if rest.startswith("elif"):
        rest = rest[2:]
    found[0] = " " * at + rest
    return [" " + line for line in found]


def _readable(text: str, whole: str) -> str:
    """``text``, ``whole`` neutralised, when it parses; else ``whole``, its guarded code read
    as any: vermin finds nothing in a text it cannot parse, and every finding of the module
    would pass (a fault of ``neutralised``'s, ``@ functools.cache`` made ``@pass`` once,
    refused this way: more, never less). Parsed only when something was taken out."""
    return text if text == whole or _parses(text) else whole


def _parses(text: str) -> bool:
    try:
        ast.parse(text)
    except SyntaxError:
        return False
    return True


def vermin(
    modules: list[Source],
) -> list[tuple[str, int, str, tuple[int, int], Window, str | None]]:
    """vermin's findings on the modules (file, line, what, version it needs: the API check's
    ``Finding``, and the versions the text it was found in runs on and the implementation
    that alone runs it, None for either: ``_for_vermin``), each
    text's taken from the cache when it was seen before (by the same vermin)."""
    texts = {}
    froms: dict[str, dict[int, set[str]]] = {}  # a module's lines' ``from M import`` modules
    for module in modules:
        nodes = [node for node in walk(module.shipped_tree()) if isinstance(node, ast.stmt)]
        handled = any(handled_by(node) for node in nodes)
        froms[module.rel] = _from_modules(nodes) if handled else {}
        for kind in RAISED_KINDS if handled else ("",):  # "": a try guards nothing
            for number, read in enumerate(_for_vermin(module, modules, kind or "module")):
                texts[(module.rel, kind, number)] = read
    keys = {place: _key(text) for place, (text, *_) in texts.items()}
    known = cache.read_json(VERMIN_CACHE)
    missing = {keys[place]: text for place, (text, *_) in texts.items()}
    missing = {key: text for key, text in missing.items() if key not in known}
    if missing:
        for key, findings in _run_vermin(missing).items():
            known[key] = findings
        if len(known) > VERMIN_CACHE_ENTRIES:  # keep the file small: this build's modules only
            known = {key: known[key] for key in keys.values()}
        cache.write_json(VERMIN_CACHE, known)
    return [
        (place[0], line + shift, what, tuple(version), window, runs)
        for place, (_, shift, before, window, runs) in texts.items()
        for line, what, version in known[keys[place]]
        if line > before
        and place[1] in ("", raised_kind(what, froms[place[0]].get(line + shift, set())))
    ]


def _from_modules(statements: list[ast.stmt]) -> dict[int, set[str]]:
    """{line: the modules ``from M import ...`` statements starting there import from}."""
    found: dict[int, set[str]] = {}
    for node in statements:
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.setdefault(node.lineno, set()).add(node.module)
    return found


# what vermin's findings raise on a version that lacks them, each read from the text whose
# ``try`` statements guard that only (``kit.bundle.guards.MISSING``), on CPython 3.8.18,
# measured: ``import tomllib`` ModuleNotFoundError; ``math.lcm`` AttributeError and ``from
# math import lcm`` ImportError (a name missing from a module 3.8 has, not a module, whatever
# ``except ModuleNotFoundError:`` hopes), and so a submodule of a package 3.8 has: ``from
# wsgiref import types`` ImportError (``import wsgiref.types`` ModuleNotFoundError, 3.11 runs
# both); ``zip(a, b, strict=True)``, ``bisect.bisect_left(a, x, key=f)``, ``{} | {}``
# TypeError (3.10, 3.10, 3.9 run them)
RAISED_KINDS = ("module", "member", "type")
_MODULE = re.compile(r"'([\w.]+)' module")
_MEMBER = re.compile(r"'([\w.]+)\.\w+' (?:member|.*decorator)")


def raised_kind(what: str, froms: AbstractSet[str] = frozenset()) -> str:
    """What vermin's finding ``what`` is, of ``RAISED_KINDS``: a module (``'tomllib' module``,
    a member of a module 3.8 lacks), a member (``'math.lcm' member``, ``'int.bit_count'
    member``, ``'functools.cache' user function decorator``, and a submodule of a package 3.8
    has imported from it by name, ``from wsgiref import types``, or read from it), else a
    call or operation 3.8 takes but not so (``'zip(strict)'``, ``dict union (dict |
    dict)``). ``froms``: the modules ``from M import`` statements on the finding's line
    import from (``from wsgiref.types import StartResponse``: the missing module is M)."""
    module = _MODULE.fullmatch(what)
    if module:
        name = module[1]
        top, dot, _ = name.partition(".")
        missing = any(m == name or m.startswith(name + ".") for m in froms)
        return "member" if dot and top not in ADDED and not missing else "module"
    member = _MEMBER.fullmatch(what)
    if member:
        return "module" if member[1].partition(".")[0] in ADDED else "member"
    return "type"


VERMIN_CACHE = "vermin.json"
VERMIN_CACHE_ENTRIES = 2000
# vermin's options: no config file of the user's (vermin looks for vermin.ini, .vermin or
# setup.cfg from the folder it runs in upwards, where one could lift the 3.8 target or exclude
# a member), the findings one per line
VERMIN_OPTIONS = ("--no-config-file", "--no-tips", "-p=1", "-f", "parsable")


_HERE = cache.file_stamp(__file__)  # this code, which reads vermin's answers, edited: asked again


def _key(text: str) -> str:
    """A module text's cache key: its hash with the installed vermin's identity and options,
    and this module's own stamp (a kit upgrade that reads vermin's findings otherwise)."""
    options = " ".join(VERMIN_OPTIONS)
    parts = f"{_HERE}\0{_vermin_identity()}\0{options}\0{text}"
    return hashlib.sha256(parts.encode()).hexdigest()


def _vermin_origin() -> Path | None:
    """The installed vermin package's ``__init__.py``, found without importing it; None when
    it is not installed."""
    try:
        spec = importlib.util.find_spec("vermin")
    except (ImportError, ValueError):
        return None
    return Path(spec.origin) if spec is not None and spec.origin else None


@functools.lru_cache(maxsize=1)
def _vermin_identity() -> str:
    """The installed vermin's version as its dist-info folder names it, and its package's file
    (where, size, written when): another version or a reinstall gives another identity. Read
    from the file system: importlib.metadata's import and search cost every build ~20 ms."""
    origin = _vermin_origin()
    stamp = cache.file_stamp(str(origin)) if origin is not None else None
    if stamp is None:
        return "?"
    infos = sorted(path.name for path in origin.parent.parent.glob("vermin-*info"))
    return f"{' '.join(infos)}:{stamp}"


def _vermin_command() -> list[str]:
    """The Python running the kit, told to run vermin's main. Started ``-I -S`` with vermin's
    folder on its path when it is found (vermin needs nothing else): the site's .pth files
    doubled its run here: 0.14 s against 0.07 s for a one-line module."""
    runner = "import sys; from vermin.main import main; sys.exit(main())"
    origin = _vermin_origin()
    if origin is None:
        return [sys.executable, "-c", runner]  # it fails, and says so
    home = str(origin.parent.parent)
    return [sys.executable, "-I", "-S", "-c", f"import sys; sys.path.insert(0, {home!r}); {runner}"]


def _run_vermin(texts: dict) -> dict:
    """For each text (by its key in ``texts``), vermin's findings newer than 3.8: [line, what,
    version]."""
    with tempfile.TemporaryDirectory(prefix="kit-apis-") as folder:
        names = {}
        for number, (rel, text) in enumerate(texts.items()):
            path = Path(folder, f"m{number}.py")
            path.write_text(text, encoding="utf-8")
            names[str(path)] = rel
        command = [*_vermin_command(), *VERMIN_OPTIONS, *names]
        try:
            done = subprocess.run(
                command, capture_output=True, encoding="utf-8", errors="replace", timeout=300,
                check=False, cwd=folder,
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            raise BuildError("vermin did not finish in 300 s") from None
        except OSError as error:
            if machine_refused(error):  # the machine's limit, said as such (kit.cli)
                raise
            raise BuildError(f"cannot run vermin: {error}") from None
    if done.returncode not in (0, 1) or "No module named" in done.stderr:
        tail = (done.stderr.strip().splitlines() or ["?"])[-1]
        raise BuildError(f"vermin failed ({tail}): {REINSTALL}")
    found: dict = {place: [] for place in texts}
    for line in done.stdout.splitlines():
        parts = line.split(":", 5)
        if len(parts) < 6 or parts[0] not in names or not parts[1].isdigit():
            continue
        version = _version(parts[4])
        if version and version > (3, 8):
            found[names[parts[0]]].append([int(parts[1]), parts[5].strip(), list(version)])
    return found


def _version(text: str) -> tuple[int, int] | None:
    text = text.strip().lstrip("!~")
    try:
        major, minor = text.split(".")[:2]
        return int(major), int(minor)
    except ValueError:
        return None

"""API checks per target: standard-library modules, functions and methods by Python version.

- vermin, on the shipped modules, knows stdlib modules, members and keyword arguments by the
  version that added them (``functools.cache`` 3.9, ``math.lcm`` 3.9, ``zip(strict=)`` 3.10,
  ``sys.set_int_max_str_digits`` 3.11...);
- what vermin cannot see without types: methods builtin types gained after 3.8
  (``x.bit_count()``, ``s.removeprefix()``), ``int.to_bytes()``/``from_bytes()`` relying on
  3.11 defaults, ``|`` on dict literals, class-body annotations such as ``list[int]`` that
  3.8 evaluates when the class is created, and ``list[int]`` (``dict``, ``set``, ``frozenset``,
  ``tuple``, ``type``) outside annotations, where 3.8 evaluates it whatever the module
  imports from ``__future__``: an alias (``Grid = list[list[int]]``), a call's argument (the
  bundle strips every other annotation), and ``|`` between two types outside annotations
  (``isinstance(x, int | str)``, ``Num = int | float``), which 3.10 brought (the types a
  module evaluates: ``kit.check.evaluated_types``).

Code inside a version guard (``kit.bundle.guards``) is accepted; a ``hasattr`` test of a member
every target has guards nothing (``kit.check.settled_tests``). A finding counts against a target
when the version it needs is newer than the target's, and its line runs there: an ``if`` on a
``hasattr`` test of a member added after 3.8 runs its branch from that version on and its
``else`` below it (``settled_tests.version_windows``), so ``math.cbrt`` (3.11) under ``if
hasattr(math, "lcm"):`` (3.9) counts against 3.9 and 3.10, not 3.8. An ``if`` on a test of
the implementation (``kit.bundle.implementation_tests``) runs its branch under that one and
its ``else`` under the other (``settled_tests.implementation_windows``; ``if PYPY and n > 5:``
its branch under PyPy, its ``else`` under either): ``math.cbrt`` under ``if
sys.implementation.name == "pypy":`` counts against PyPy targets before 3.11 only.
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
from dataclasses import dataclass
from pathlib import Path

from kit import cache
from kit.bundle.guards import char_col, imported_flags, neutralised, start_of
from kit.bundle.sources import (
    Source,
    imported_modules,
    mask_literals,
    walk,
)
from kit.check.evaluated_types import newer_types
from kit.check.member_uses import bound_names, member_uses, star_reads
from kit.check.settled_tests import (
    BASE,
    NEVER,
    guarded_lines_of,
    implementation_ifs,
    implementation_windows,
    settled_tests,
    version_windows,
    versioned_ifs,
)
from kit.errors import REINSTALL, BuildError
from kit.judges.stdlib import KNOWN as STDLIB_MODULES

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

NEW_METHODS = {
    "bit_count": ("int.bit_count()", (3, 10)),
    "removeprefix": ("str/bytes.removeprefix()", (3, 9)),
    "removesuffix": ("str/bytes.removesuffix()", (3, 9)),
}
DICTS = (ast.Dict, ast.DictComp)  # either side of a dict union with |


def findings(modules: list[Source]) -> list[Placed]:
    """Everything in the shipped modules that needs a Python newer than 3.8, outside guards,
    each with the versions its line runs on (``lacks`` tells a target it counts against)."""
    shipped = [module for module in modules if module.shipped.strip()]
    bundle = _Bundle.of(modules)
    found: list[Finding] = []
    for module in shipped:
        found += _own_rules(module, modules, bundle)
    own = {module.rel: _own_names(module.shipped_tree()) for module in shipped}
    found += [f for f in _vermin(shipped) if _module_of(f[2]) not in own[f[0]]]
    windows = {module.rel: version_windows(module.shipped_tree()) for module in shipped}
    impls = {module.rel: implementation_windows(module, modules) for module in shipped}
    unused = {module.rel: module.unused_lines for module in shipped}  # never run
    placed = []
    for rel, line, what, needs in sorted(set(found)):
        if line in unused[rel]:
            continue
        low, high = windows[rel].get(line, (BASE, NEVER))
        if needs > low:  # else every version its line runs on has it
            placed.append((rel, line, what, needs, low, high, impls[rel].get(line)))
    return placed


_MEMBER = re.compile(r"'(\w+)\.\w+' member")  # vermin's finding of a module's member


def _module_of(what: str) -> str | None:
    """The module a finding of vermin names a member of (``'math.lcm' member``), or None."""
    match = _MEMBER.fullmatch(what)
    return match[1] if match else None


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
) -> list[Finding]:
    bundle = bundle or _Bundle.of(modules)
    tree = module.shipped_tree()
    guarded = guarded_lines_of(module, modules, versioned=True)
    mine = bundle.functions | bundle.stored  # methods and attributes of the user's own
    found: list[Finding] = []

    def add(line: int, what: str, version: tuple[int, int]) -> None:
        if line not in guarded:
            found.append((module.rel, line, what, version))

    for node in walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in NEW_METHODS:
            own = node.attr in mine and not _builtin_receiver(node.value)
            if not own and isinstance(node.ctx, ast.Load):
                what, version = NEW_METHODS[node.attr]
                add(node.lineno, what, version)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            relied = _bytes_defaults(node, mine)
            if relied:
                add(node.lineno, relied, (3, 11))
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.BitOr)
            and (isinstance(node.left, DICTS) or isinstance(node.right, DICTS))
        ):
            add(node.lineno, "dict union with |", (3, 9))
    for line in _gcd_of_many(tree):
        add(line, "math.gcd() of other than two integers", (3, 9))
    for line, what, version in newer_types(tree, bundle.classes):
        add(line, what, version)
    return found


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


def _gcd_of_many(tree: ast.Module) -> list[int]:
    """The lines of calls of ``math.gcd`` (however bound: ``math.gcd``, ``from math import gcd
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
        call.lineno
        for call in gcds
        if len(call.args) != 2 or any(isinstance(a, ast.Starred) for a in call.args)
    ]


def _for_vermin(module: Source, modules: list[Source]) -> list[tuple[str, int, int]]:
    """What vermin reads of a module: each text with the shift that takes its lines to the
    module's, and how many lines of it come before those. First the module with its guarded
    code out and its number tables blanked (the same lines and columns; nothing in a table of
    numbers needs a newer Python); then each branch of an ``if`` on a test of
    ``versioned_tests`` alone (the ``if``s within it out, read alone in their turn), after the
    module's imports and an ``if True:`` (vermin names one line for all the uses of a member,
    so a use in the branch could hide one outside it). A branch's findings on the imports are
    the module's, said already."""
    tree = module.shipped_tree()
    imported = imported_flags(module, modules, settled_tests)
    masked = mask_literals(module.shipped, tree)
    settled = settled_tests(tree)
    texts = [(neutralised(masked, tree, imported, settled), 0, 0)]
    ifs = [(node, test) for node, test, _, _ in versioned_ifs(tree)]
    ifs += [(node, node.test) for node, _, _ in implementation_ifs(module, modules)]
    imports = [node for node in walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]
    header = [ast.unparse(node) for node in imports]
    for node, _ in ifs:
        # the ifs within this one are guards, read alone in their turn
        read = {id(test) for other, test in ifs if other is node or not _within(other, node)}
        opened = neutralised(masked, tree, imported, settled, read)
        lines = opened.split("\n")
        for branch in (node.body, node.orelse):
            if branch:
                text = "\n".join([*header, "if True:", *_alone(lines, branch)]) + "\n"
                first = start_of(branch[0])[0]
                if _parses(text):  # else (one vermin could not read either) not read
                    texts.append((text, first - len(header) - 2, len(header) + 1))
    return texts + _renamed_variants(module, modules, tree, texts)


def _renamed_variants(
    module: Source, modules: list[Source], tree: ast.Module, texts: list[tuple[str, int, int]]
) -> list[tuple[str, int, int]]:
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
        for text, shift, before in texts:
            qualified = _qualified(text, shift, before, places)
            if qualified != text and _parses(qualified):
                variants.append((qualified, shift, before))
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


def _alone(lines: list[str], branch: list[ast.stmt]) -> list[str]:
    """The lines of ``branch`` as the body of an ``if True:``: what comes before it on its
    first line (its ``if``'s or ``else``'s header) as spaces, an ``elif`` made an ``if``, and a
    space more before each line (an ``elif`` of a top-level ``if`` is at the margin)."""
    first, column = start_of(branch[0])
    found = lines[first - 1 : branch[-1].end_lineno]
    head = found[0]
    at = char_col(head, column)
    rest = head[at:]
    if rest.startswith("elif"):
        rest = rest[2:]
    found[0] = " " * at + rest
    return [" " + line for line in found]


def _parses(text: str) -> bool:
    try:
        ast.parse(text)
    except SyntaxError:
        return False
    return True


def _vermin(modules: list[Source]) -> list[Finding]:
    """vermin's findings on the modules, each text's taken from the cache when it was seen
    before (by the same vermin)."""
    texts = {}
    for module in modules:
        for number, read in enumerate(_for_vermin(module, modules)):
            texts[(module.rel, number)] = read
    keys = {place: _key(text) for place, (text, _, _) in texts.items()}
    known = cache.read_json(VERMIN_CACHE)
    missing = {place: text for place, (text, _, _) in texts.items() if keys[place] not in known}
    if missing:
        for place, findings in _run_vermin(missing).items():
            known[keys[place]] = findings
        if len(known) > VERMIN_CACHE_ENTRIES:  # keep the file small: this build's modules only
            known = {key: known[key] for key in keys.values()}
        cache.write_json(VERMIN_CACHE, known)
    return [
        (place[0], line + shift, what, tuple(version))
        for place, (_, shift, before) in texts.items()
        for line, what, version in known[keys[place]]
        if line > before
    ]


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
                command, capture_output=True, text=True, timeout=300, check=False, cwd=folder
            )
        except OSError as error:
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

"""Stage 4, check: will every target judge accept the bundle? Each finding names its source file
and line.

Per target (``kit.judges.targets``):

- imports: every module imported is a helper of the bundle, in the target's standard
  library (``kit.judges.stdlib``) or a third-party module the judge's profile lists for the
  target's implementation (``kit.judges.modules``: numpy for AtCoder, kept as an import in the
  bundle); any other is refused naming the judge. A guarded import (``try: ... except
  ImportError``, ``if sys.version_info``) may name a module some targets or all of them lack
  (a fallback takes over on the judge: a shared helper's optional numpy), a helper that does
  not exist included; a judge that runs Python on Windows (its profile's ``platform``) lacks
  Python's Unix-only modules (``resource``, ``fcntl``, ...), guarded imports of them being fine, and
  the Unix-only members of ``os``, ``signal`` and others (``kit.check.platform_names``);
- syntax: ruff's parser told the target's version (``kit.check.syntax.static_errors``), whatever
  Python runs the kit; and, when the target's own interpreter is here, compiling every module
  and the whole file under it. A stand-in of another minor version never decides: the static
  checks do. A stand-in OLDER than its target (Debian's PyPy 3.9 for ``pypy3.10``) runs the
  cases only when the bundle is valid for the stand-in's own version too (it compiles there,
  and the import and API checks pass for that version); otherwise the target is decided
  statically and its cases do not run (``Checked.unrun`` says why), so the verdict is the
  same whichever interpreters are installed;
- APIs newer than the target (``kit.check.apis``), outside version guards;
- the judge's source-size limit, when its profile or ``problems.toml`` gives one.

A helper every import of which is under a version or implementation guard
(``kit.check.guarded_helpers``) is compiled by the bundle only where its guard lets it be
imported: its findings are ``Checked.notes``, not errors, and it is left out of the compile
check; the cases under each target decide. A helper imported in a ``try`` is compiled by every
target: only what its imports' handlers catch is a note (a ``SyntaxError`` for ``except
Exception``, the ``ImportError`` of its own top-level import for ``except ImportError``), and it
is left out of the compile check only when they catch a ``SyntaxError``.

The result says which targets were checked statically only (no exact interpreter here).

An unguarded import of a helper module that is nowhere in the workspace (``from .nosuch import
y``) is also found before the bundle is kept (``missing_helpers``): the build says it is not
built, as of a name a helper does not define (``kit.bundle.imported_names``).
"""

from __future__ import annotations

import ast
import concurrent.futures
from collections.abc import Collection
from dataclasses import dataclass, field, replace

from kit.bundle.assemble import Bundle
from kit.bundle.sources import Source, imported_modules, renaming, walk
from kit.check import apis, module_places, platform_names, removed_names, syntax
from kit.check.guarded_helpers import Caught, caught, guarded_only
from kit.check.settled_tests import guarded_nodes_of
from kit.judges import compile_run
from kit.judges.modules import Installed
from kit.judges.platforms import UNIX
from kit.judges.profiles import profile_for
from kit.judges.stdlib import is_stdlib, missing_in, pypy_builtin
from kit.judges.targets import Runner, Target
from kit.registry import Problem


@dataclass
class Checked:
    errors: list[str] = field(default_factory=list)  # "file:line: what (targets)"
    notes: list[str] = field(default_factory=list)  # findings in helpers a guard or try spares
    static_only: list[Target] = field(default_factory=list)
    unrun: dict[Target, str] = field(default_factory=dict)  # why an older stand-in cannot run


def check(
    problem: Problem,
    bundle: Bundle,
    runners: dict[Target, Runner | None],
    runs: Collection[Target] | None = None,
) -> Checked:
    """Everything that would make a target refuse the bundle, without running it; ``runs``:
    the targets whose cases are to run (None: every one), for which alone ``Checked.unrun``
    is found (``compiled_under``)."""
    result = Checked()
    targets = list(problem.targets)
    modules = bundle.modules
    judge = _Judge.of(problem)
    apart = _Apart(guarded_only(modules), caught(modules))
    # the checks that start programs (ruff, vermin, each interpreter) run side by side
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        found_apis = pool.submit(apis.findings, modules)
        syntax_errors = pool.submit(_syntax, modules, targets)
        compiled = {
            target: pool.submit(_compiles, problem, bundle, runner, apart.uncompiled())
            for target, runner in runners.items()
            if runner is not None and target in targets and compiled_under(runner, target, runs)
        }
        imports = _imports(modules, targets, judge)
        result.errors += imports
        result.errors += _platform_names(modules, targets, judge)
        result.errors += _removed_names(modules, targets)
        said = syntax_errors.result()
        result.errors += said
        apart.syntax.update(said)
        apart.set_apart(result)
        versions = sorted({target.syntax for target in targets})
        findings = apis.from_compiling(found_apis.result(), syntax.compiles_from(modules, versions))
        failures = {target: future.result() for target, future in compiled.items()}
    for target in targets:
        runner = runners.get(target)
        if runner is None or not runner.exact:
            result.static_only.append(target)
        if runner is None or result.errors:
            continue
        failure = failures.get(target)
        if failure is not None and runner.exact:
            result.errors.append(f"{failure} (compiling under {runner.label})")
            apart.syntax.add(result.errors[-1])
        elif waits_for_checks(runner, target) and target in failures:
            reason = failure or _invalid_for(modules, findings, runner, judge, apart)
            if reason is not None:
                result.unrun[target] = reason
    # "file:line" of a syntax error, or of an import the targets lack (said once, not again
    # as an API: "module 'tomllib' needs Python 3.11" then "'tomllib' module needs PyPy 3.11")
    places = {error.partition(": ")[0] for error in said + imports}
    result.errors += _apis(findings, targets, places)
    apart.set_apart(result)
    result.notes += _pypy_builtins(modules, targets)
    result.notes += module_places.shadowed_beside(modules)
    result.notes += module_places.judge_namesakes(modules, judge.name, judge.installs(targets))
    size = len(bundle.text.encode("utf-8"))
    if problem.source_limit is not None and size > problem.source_limit:
        result.errors.append(
            f"the bundle is {size:,} bytes, over the judge's source limit of "
            f"{problem.source_limit:,} bytes"
        )
    return result


@dataclass
class _Apart:
    """The helpers whose findings may be notes: those imported only under version or
    implementation guards (file -> a guarded import of it), and those imported in a ``try``
    (file -> what its handlers catch); ``syntax``: the findings that are syntax errors."""

    guarded: dict[str, str]
    caught: dict[str, Caught]
    syntax: set[str] = field(default_factory=set)

    def uncompiled(self) -> set[str]:
        """The helpers the compile check leaves out: where they fail to compile, no target
        runs them, or the handler of their import catches the SyntaxError."""
        return set(self.guarded) | {rel for rel, found in self.caught.items() if found.syntax}

    def note(self, error: str) -> str | None:
        """The note ``error`` ("file:line: what") is, or None when it stays an error."""
        rel, _, rest = error.partition(":")
        place = self.guarded.get(rel)
        if place is not None:
            return (
                f"note: {error}: every import of it is guarded ({place}), so a target the "
                "guard keeps out never compiles it; the cases under each target decide"
            )
        found = self.caught.get(rel)
        line = rest.partition(":")[0]
        if found is None or not line.isdigit():
            return None
        raised = found.catches(int(line), error in self.syntax)
        if raised is None:
            return None
        return (
            f"note: {error}: the {raised} this raises on importing it is caught by the "
            f"handler of its import ({found.place}), so a target that lacks it takes the "
            "fallback; the cases under each target decide"
        )

    def set_apart(self, result: Checked) -> None:
        """The findings in these helpers that a target the guard keeps out never compiles,
        or whose failure the handler of the import catches, made notes."""
        kept = []
        for error in result.errors:
            note = self.note(error)
            if note is None:
                kept.append(error)
            else:
                result.notes.append(note)
        result.errors = kept


def _pypy_builtins(modules: list[Source], targets: list[Target]) -> list[str]:
    """A note for each helper named as a module PyPy has built in (``pypyjit.py``, a stub for
    CPython), when a target is PyPy: PyPy imports its own module, from the bundle as from
    source, and only CPython runs the file."""
    notes = []
    for module in modules:
        pypy = [t for t in targets if t.impl == "pypy" and pypy_builtin(module.name, t.version)]
        if not pypy:
            continue
        others = [target for target in targets if target not in pypy]
        runs = f"targets {_names(others)} run it" if others else "no target runs it"
        notes.append(
            f"note: {module.rel}: PyPy imports its own built-in '{module.name}', not this file, "
            f"from the bundle as from source (targets {_names(pypy)}); {runs}"
        )
    return notes


def stand_in_refusal(problem: Problem, bundle: Bundle, runner: Runner) -> str | None:
    """Why ``runner``, a stand-in older than the target it runs (``match`` under PyPy 3.9 for
    pypy3.10), cannot run ``bundle`` by itself (a single run, a stress test, a timing: the
    build runs such a target's cases under ``kit.judges.targets.fallback_for``'s CPython, or
    decides it statically when there is none): its crash would be no verdict of the target's.
    None when it can, or is no older stand-in. The target need not be one of the problem's
    (``--target pypy3.11`` for a pypy3.10 problem)."""
    why = stand_in_cannot(problem, bundle, runner)
    if not why:
        return None
    name = runner.target.name
    return (
        f"{runner.described}: {runner.interpreter.label} is older than {name} and cannot run "
        f"this bundle ({why}): its verdict would not be {name}'s; install {name} here "
        "(KIT_PYTHONS), or name another target with --target"
    )


def stand_in_cannot(problem: Problem, bundle: Bundle, runner: Runner) -> str | None:
    """What keeps ``runner``, a stand-in older than its target, from running ``bundle`` (the
    check's words: ``x.py:3: invalid syntax``), or None."""
    if runner.exact or not waits_for_checks(runner, runner.target):
        return None
    return check_alone(problem, bundle, runner).unrun.get(runner.target) or None


def check_alone(problem: Problem, bundle: Bundle, runner: Runner) -> Checked:
    """``check`` for ``runner``'s target alone (one of the problem's or not: ``--target``)."""
    return check(replace(problem, targets=(runner.target,)), bundle, {runner.target: runner})


def compiled_under(runner: Runner, target: Target, runs: Collection[Target] | None) -> bool:
    """Whether the check compiles the bundle under ``runner`` for ``target``: only where the
    answer is read. Under an interpreter of the target's own version, always (a syntax error
    there is an error); under an older stand-in (PyPy 3.9 for pypy3.11), when the target's
    cases are to run (``runs``: its answer says whether they may); under a stand-in no older
    than the target, never (the static checks decide). Each is an interpreter started by every
    build after an edit: ``--target 3.13`` started the PyPy standing in for pypy3.11, whose
    cases it does not run."""
    if runner.exact:
        return True
    return waits_for_checks(runner, target) and (runs is None or target in runs)


def waits_for_checks(runner: Runner, target: Target) -> bool:
    """Whether a target's cases may run only once the checks are done: its stand-in is older
    than it, and runs them only when the bundle is valid for the stand-in's own version."""
    return runner.interpreter.version < target.syntax


def _compiles(
    problem: Problem, bundle: Bundle, runner: Runner, guarded: set[str] = frozenset()
) -> str | None:
    """Where compiling every module (but the ``guarded`` files, imported only under guards)
    and the whole file under the runner's interpreter fails (``file:line: message``), or
    None."""
    units = [
        (module.rel, module.shipped)
        for module in bundle.modules
        if module.shipped and module.rel not in guarded
    ]
    units.append((problem.from_root(problem.dist), bundle.text))
    command = [runner.interpreter.executable, *runner.interpreter.flags]
    failure = syntax.compile_errors(command, units)
    if failure is None:
        return None
    name, line, message = failure
    return f"{name}:{line}: {message}"


def _invalid_for(
    modules: list[Source], findings: list, runner: Runner, judge: _Judge, apart: _Apart
) -> str | None:
    """The first import or API the runner's own (older) version lacks, but those ``apart``
    makes notes of, or None."""
    own = Target(runner.interpreter.impl, runner.interpreter.version)
    for module in modules if own.impl == "pypy" else []:
        mine, theirs = (pypy_builtin(module.name, t.version) for t in (own, runner.target))
        if mine and not theirs:  # PyPy 3.9's parser, not the helper parser.py
            return f"its built-in '{module.name}' is imported, not {module.rel}"
    problems = _imports(modules, [own], judge) + _apis(findings, [own])
    problems = [found for found in problems if apart.note(found) is None]
    return problems[0].rpartition(" (targets")[0] if problems else None


def _names(targets: list[Target]) -> str:
    return ", ".join(dict.fromkeys(target.name for target in targets))  # each once


def _included_modules(problem: Problem) -> frozenset[str]:
    """The modules a package's included files give a Python submission, put beside it on the
    judge ("Included files", ``include/python3/``: the format's own example imports its
    ``include.py``): a ``.py`` file's name, a folder's."""
    folder = problem.source.included if problem.source is not None else None
    if folder is None:
        return frozenset()
    names = (entry.name for entry in folder.iterdir())
    return frozenset(name.removesuffix(".py") for name in names if not name.startswith("."))


def _impls(targets: list[Target]) -> str:
    names = {"cpython": "CPython", "pypy": "PyPy"}
    return " or ".join(dict.fromkeys(names[target.impl] for target in targets))


@dataclass(frozen=True)
class _Judge:
    """The problem's judge as the import check names it, and what it installs."""

    name: str  # the profile's name, else the judge as problems.toml spells it
    installed: Installed | None  # None: no profile; a profile may list nothing too
    profiled: bool
    platform: str = UNIX
    compile_run: tuple[str, ...] = ()  # the arguments of its run of the script before the cases
    made: bool = False  # the code may write modules in that run: unknown imports may be its
    included: frozenset[str] = frozenset()  # modules a package puts beside the submission

    @classmethod
    def of(cls, problem: Problem) -> _Judge:
        profile = profile_for(problem.judge)
        included = _included_modules(problem)
        if profile is None:
            return cls(problem.judge.strip(), problem.installed, False, included=included)
        return cls(
            profile.name, problem.installed, True, profile.platform, profile.compile_run,
            included=included,
        )  # fmt: skip

    def lacking(self, name: str, targets: list[Target]) -> list[Target]:
        """The targets whose interpreters, as the judge installs them, cannot import ``name``."""
        if self.installed is None:
            return list(targets)
        return [target for target in targets if not self.installed.has(name, target.impl)]

    def installs(self, targets: list[Target]):
        """``installs(name)``: whether some target of the judge's can import ``name``."""
        return lambda name: len(self.lacking(name, targets)) < len(targets)

    def refusal(self, where: str, name: str) -> str:
        """The error for an import of ``name`` that no target of this judge has."""
        if not self.profiled:
            why = "judges without a profile: standard library only"
        elif self.installed is None:
            why = "its profile lists no third-party modules: standard library only"
        else:
            why = f"it installs {self.installed.shown()}"
        return (
            f"{where}: imports '{name}', which is neither in the standard library nor a helper "
            f"of the workspace, and {self.name} does not install it ({why}; name it in "
            "problems.toml's modules = [...] if the judge's language offers it)"
        )


def missing_helpers(problem: Problem, bundle: Bundle) -> list[str]:
    """The import check's errors for helper modules that are nowhere in the workspace,
    unguarded (``cannot find helper module 'shared.nosuch'; looked for ...``): a bundle
    without them is no bundle of the solution, as one without a name a helper lacks is not."""
    errors = _imports(bundle.modules, list(problem.targets), _Judge.of(problem))
    return [error for error in errors if f": {_NO_HELPER} '" in error]


_NO_HELPER = "cannot find helper module"


def _imports(modules: list[Source], targets: list[Target], judge: _Judge) -> list[str]:
    helpers = {module.name for module in modules}
    folders = module_places.import_folders(modules)
    errors = []
    if _compiles_modules(modules, judge):
        judge = replace(judge, made=True)
    for module in modules:
        if not module.shipped.strip():
            continue
        tree = module.shipped_tree()  # what ships: test-only blocks are gone
        guarded = guarded_nodes_of(module, modules)  # by statement: not one beside it
        on_platform = guarded_nodes_of(module, modules, platform=True)  # platform tests too
        for node in walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for name in imported_modules(module, node):
                    where = f"{module.rel}:{node.lineno}"
                    guards = (guarded(node), on_platform(node))
                    missing = _renamed_missing(node, name, where)
                    error = _import_error(name, where, guards, helpers, targets, judge, missing)
                    if error:
                        errors.append(error + module_places.hint(module, name, helpers, folders))
    return errors


def _renamed_missing(node: ast.Import | ast.ImportFrom, name: str, where: str) -> str:
    """The error for a module a class body renamed that is nowhere (``import __w`` in class
    ``K`` imports ``_K__w``), the renaming said first; "" for a module name not renamed."""
    renamed = renaming(node, name)
    if renamed is None:
        return ""
    owner, written = renamed
    return (
        f"{where}: imports '{written}' inside class {owner}, which Python imports as '{name}': "
        "no such module in the workspace or standard library"
    )


def _import_error(
    name, where, guards, helpers, targets, judge: _Judge, missing: str = ""
) -> str | None:
    """What is wrong with importing module ``name`` at ``where`` for these targets, or None.
    ``guards``: whether the import is under a guard, and under one or a platform test (``if
    sys.platform != "win32":``), which is guard enough for a module only Unix has;
    ``missing``: the error for a module no target has, when not the general one."""
    guarded, on_platform = guards
    top = name.split(".")[0]
    ours = name in helpers or any(helper.startswith(name + ".") for helper in helpers)
    if ours or top == "__future__" or top in judge.included:
        return None
    if top in {helper.split(".")[0] for helper in helpers}:
        return None if guarded else missing or f"{where}: {_NO_HELPER} '{name}'"
    if not is_stdlib(top):
        return _third_party_error(name, where, guarded, targets, judge, missing)
    lacking = [t for t in targets if missing_in(top, t.syntax, t.impl, judge.platform)]
    if on_platform:  # a module only Unix has, under a test of the platform: never imported
        lacking = [t for t in lacking if missing_in(top, t.syntax, t.impl, UNIX)]
    if guarded or not lacking:
        return None
    why = missing_in(top, lacking[0].syntax, lacking[0].impl, judge.platform)
    why = why.replace("this judge", judge.name)
    return f"{where}: module '{top}' {why} (targets {_names(lacking)})"


def _removed_names(modules: list[Source], targets: list[Target]) -> list[str]:
    """``fractions.gcd`` for a target of 3.9 or later, and the other members removed."""
    errors = []
    for where, line, name, _, below, since, runs in removed_names.findings(modules):
        running = _running(targets, since, below, runs)
        lacking = [t for t in running if removed_names.why(name, t.syntax, t.impl)]
        if lacking:
            said = removed_names.why(name, lacking[0].syntax, lacking[0].impl)
            errors.append(f"{where}:{line}: '{name}' {said} (targets {_names(lacking)})")
    return errors


def _platform_names(modules: list[Source], targets: list[Target], judge: _Judge) -> list[str]:
    found = platform_names.findings(modules, judge.platform)
    return [
        f"{where}:{line}: '{name}' {why.replace('this judge', judge.name)} "
        f"(targets {_names(running)})"
        for where, line, name, why, since, until, runs in found
        for running in [_running(targets, since, until, runs)]
        if running
    ]


def _running(
    targets: list[Target], since: tuple[int, int], until: tuple[int, int], runs: str | None
) -> list[Target]:
    """The targets that run a use the versions from ``since`` below ``until`` of the
    implementation ``runs`` (None: either) run (``kit.check.settled_tests.reach``); a
    version-less one stands for its oldest."""
    return [t for t in targets if since <= t.syntax < until and runs in (None, t.impl)]


def _compiles_modules(modules: list[Source], judge: _Judge) -> bool:
    """Whether the code may write modules in the judge's run of it before the cases (AtCoder's
    ``python Main.py ONLINE_JUDGE``): it names that run's arguments (``kit.judges.compile_run``)."""
    trees = [module.shipped_tree() for module in modules if module.shipped.strip()]
    return bool(judge.compile_run) and bool(compile_run.arguments(judge.name, trees))


def _third_party_error(name, where, guarded, targets, judge: _Judge, missing="") -> str | None:
    """A module outside the standard library: refused unless the judge installs it for every
    target (or for some, behind a guard), or the judge's compile run may write it (the
    cases then say whether it did); kept as an import when allowed. ``missing``: the error
    when no target has it, if not ``judge.refusal``'s."""
    lacking = judge.lacking(name, targets)
    if len(lacking) == len(targets) and not guarded and not judge.made:
        return missing or judge.refusal(where, name)
    if len(lacking) == len(targets):
        return None
    if lacking and not guarded:
        return (
            f"{where}: imports '{name}', which {judge.name} does not install "
            f"for {_impls(lacking)} (targets {_names(lacking)})"
        )
    return None


def _syntax(modules: list[Source], targets: list[Target]) -> list[str]:
    failing: dict[tuple[str, int], tuple[str, list[Target]]] = {}
    for version in sorted({target.syntax for target in targets}):
        lacking = [target for target in targets if target.syntax == version]
        for rel, line, message in syntax.static_errors(modules, version):
            failing.setdefault((rel, line), (message, []))[1].extend(lacking)
    return [
        f"{rel}:{line}: {message} (targets {_names(lacking)})"
        for (rel, line), (message, lacking) in failing.items()
    ]


def _apis(findings: list, targets: list[Target], said: set[str] = frozenset()) -> list[str]:
    """``apis.findings`` the targets' versions lack, one line each, but none on a line
    ``said`` holds ("file:line", a syntax error or an import there already says it:
    ``match``, ``import tomllib``). One construct on a line is said once (two rules find
    it, or a branch of a conditional expression on the version each), with every target one
    of its findings fails."""
    failing: dict[tuple[str, int, str], tuple[str, tuple[int, int], set[Target]]] = {}
    for finding in findings:
        rel, line, what, needs = finding[:4]
        lacking = {t for t in targets if apis.lacks(finding, t.syntax, t.impl, not t.version)}
        if lacking and f"{rel}:{line}" not in said:  # a finding that passes hides none
            key = (rel, line, apis.construct(what))
            failing.setdefault(key, (what, needs, set()))[2].update(lacking)
    errors = []
    for (rel, line, _), (what, needs, lacking) in failing.items():
        ordered = [target for target in targets if target in lacking]
        version = _versions_needed(what, needs, ordered)
        errors.append(f"{rel}:{line}: {what} needs {version} (targets {_names(ordered)})")
    return errors


def _versions_needed(what: str, needs: tuple[int, int], lacking: list[Target]) -> str:
    """ "Python 3.11", "PyPy 3.9" or both: the versions that have ``what``, of the
    implementations among the targets that lack it (PyPy had some of 3.10's and 3.11's
    sooner: ``apis.PYPY_SOONER``)."""
    said = {}
    for impl, name in (("cpython", "Python"), ("pypy", "PyPy")):
        if any(target.impl == impl for target in lacking):
            said[name] = ".".join(map(str, apis.needed(what, needs, impl)))
    if len(said) == 2 and len(set(said.values())) == 1:  # the same for both: Python's
        return f"Python {next(iter(said.values()))}"
    if "Python" in said:
        said["Python"] = _with_patches(what, said["Python"], lacking)
    return " or ".join(f"{name} {version}" for name, version in said.items())


def _with_patches(what: str, version: str, lacking: list[Target]) -> str:
    """``version`` (``3.11``), or with the patch releases of the lacking CPython targets'
    versions that have ``what`` too (``apis.BACKPORTED``), which the judge's may not be:
    ``3.8.14+ or 3.11+ (the judge's 3.8 may be older)``, of several targets' ``3.8.14+,
    3.9.14+ or 3.11+ (the judges' 3.8 and 3.9 may be older)``."""
    older = [t.version for t in lacking if t.impl == "cpython" and t.version is not None]
    patches = apis.backported(what, older)
    if not patches:
        return version
    minors = [patch.rsplit(".", 1)[0] for patch in patches]
    listed = ", ".join(f"{patch}+" for patch in patches)
    judges = "judge's" if len(minors) == 1 else "judges'"
    return f"{listed} or {version}+ (the {judges} {' and '.join(minors)} may be older)"

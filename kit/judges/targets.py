"""Targets (the interpreters a judge runs) and the interpreters on this machine that stand for them.

A target is an implementation and a Python version: ``cpython3.8``, ``cpython3.13``,
``pypy3.10``, or ``pypy3`` (any PyPy 3; its syntax and APIs are checked as Python 3.8, the
oldest the kit supports). A problem's targets come from its judge profile
(``kit.judges.profiles``) or its own ``targets`` list in problems.toml.

Interpreters are found once per run: CPython 3.8 or newer under ``~/.pyenv/versions`` (or
``$PYENV_ROOT``), ``python3.X`` on the PATH and in /usr/bin, /usr/local/bin; PyPy as ``pypy3``,
``pypy3.X`` or ``pypy`` on the PATH and ``pypy3*`` under pyenv (pyenv's shims are skipped: they
only run the versions found there). Each candidate is started once to learn what it is; the
answer is cached (``kit.cache``), keyed by the executable's resolved path, size and
modification time, so a changed or reinstalled interpreter is asked again (and the answers
of a file that changed or is gone are dropped when the file is written again).
``KIT_PYTHONS`` replaces the search: a list of executables separated by spaces or ``:``, or
empty to use none (every target then checked statically; the cases run under the Python
running the build, as a stand-in).

A target runs under an interpreter of the same implementation and minor version; PyPy,
rarely installed in more than one version, falls back to the nearest PyPy 3 found (the
report names it: "pypy3.10 (ran PyPy 3.9)").
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from kit import cache
from kit.errors import BuildError
from kit.processes import run_program

OLDEST = (3, 8)  # the oldest Python the kit's judge-facing checks support
NEWEST = (3, 15)  # the newest Python released: 3.15.0 in October 2026 (PEP 790's schedule)
INT_DIGITS_LIMIT_FROM = (3, 11)  # CPython 3.11 limits int <-> str conversions to 4300 digits
_TARGET = re.compile(r"(cpython|pypy)(3)(?:\.(\d+))?")

# Every run is isolated as judges run `python3 Main.py`, apart from the user's environment: -I
# (no PYTHON* variables, no user site-packages, no script directory on sys.path, so a bundle
# cannot lean on the checkout). A bundle's runs add -S and do site's work themselves, without
# the host's .pth files (kit.run.judged). Which third-party modules a bundle may import is
# checked statically, per judge.
ISOLATED = ("-I",)
OLD_ISOLATED = ("-E", "-s")  # for interpreters without -I


@dataclass(frozen=True)
class Target:
    impl: str  # "cpython" or "pypy"
    version: tuple[int, int] | None  # None: any PyPy 3

    @property
    def name(self) -> str:
        """As written in problems.toml and shown in reports: ``cpython3.8``, ``pypy3``."""
        return self.impl + (f"{self.version[0]}.{self.version[1]}" if self.version else "3")

    @property
    def label(self) -> str:
        """A report column: ``3.8``, ``3.13``, ``pypy3``, ``pypy3.10``."""
        return self.name.removeprefix("cpython")

    @property
    def syntax(self) -> tuple[int, int]:
        """The Python version whose syntax and APIs the target accepts."""
        return self.version or OLDEST

    @property
    def limits_int_digits(self) -> bool:
        # PyPy's 3.9 builds have had it since 7.3.11, and every judge's PyPy 3.10 or 3.11 too
        return self.impl == "pypy" or self.syntax >= INT_DIGITS_LIMIT_FROM


class TooOld(ValueError):
    """A target named with a Python older than OLDEST."""


class TooNew(ValueError):
    """A target named with a Python newer than NEWEST, not released."""


def parse_target(text: str) -> Target:
    """A target by name (``cpython3.8``, ``pypy3``, ``pypy3.10``) or by a report's label (a
    bare ``3.8`` is CPython's)."""
    name = text.strip().lower().replace("-", "")
    match = _TARGET.fullmatch(f"cpython{name}" if re.fullmatch(r"3\.\d+", name) else name)
    if not match:
        raise ValueError(f"{text!r} is not a target (examples: cpython3.8, cpython3.13, pypy3.10)")
    minor = match[3]
    if minor is None:
        if match[1] == "cpython":
            raise ValueError(f"{text!r}: name the CPython version, e.g. cpython3.8")
        return Target("pypy", None)
    version = (3, int(minor))
    if version < OLDEST:
        raise TooOld(f"{text!r}: the kit checks Python 3.8 and newer only")
    if version > NEWEST:  # a typo (3.31 for 3.13) would check against no Python at all
        raise TooNew(f"{text!r}: no such Python yet: the newest is 3.{NEWEST[1]}")
    return Target(match[1], version)


@dataclass(frozen=True)
class Interpreter:
    impl: str
    version: tuple[int, int]
    executable: str
    flags: tuple[str, ...]

    @property
    def label(self) -> str:
        name = "PyPy" if self.impl == "pypy" else "CPython"
        return f"{name} {self.version[0]}.{self.version[1]}"

    @property
    def short(self) -> str:
        """A narrow column: ``3.11``, ``pypy3.9``."""
        version = f"{self.version[0]}.{self.version[1]}"
        return f"pypy{version}" if self.impl == "pypy" else version

    def command(self, script: str | Path, *extra: str) -> list[str]:
        return [self.executable, *self.flags, *extra, str(script)]


NATIVE = "native"  # the implementation of a compiled program, which runs as itself


@dataclass(frozen=True)
class Compiled(Interpreter):
    """A compiled program (a package's C, C++ or Java submission) where an interpreter would
    be: its ``impl`` is NATIVE, its ``executable`` the binary (``java``), which ``command``
    runs with its ``arguments`` (a Java one's flags and class) whatever script it is given
    (its source), and ``name`` labels it ("C++, g++"); ``address_space``: whether a judge
    that holds a compiled program's address space to the limit holds this one's (not the
    JVM's: ``kit.judges.java_compile``)."""

    name: str = ""
    arguments: tuple[str, ...] = ()
    address_space: bool = True

    @property
    def label(self) -> str:
        return self.name

    @property
    def short(self) -> str:
        return self.name

    def command(self, script: str | Path, *extra: str) -> list[str]:
        return [self.executable, *self.arguments]


def compiled_runner(
    runner: Runner, compiler: str, argv: list[str], language: str, address_space: bool = True
) -> Runner:
    """The runner of ``argv`` (a binary, or ``java`` and its arguments), a program of
    ``language`` built by ``compiler``, in place of ``runner``'s interpreter, for the same
    target (its cases' column); ``address_space`` as ``Compiled``'s."""
    name = f"{language}, {Path(compiler).name}"
    program = Compiled(NATIVE, (0, 0), argv[0], (), name, tuple(argv[1:]), address_space)
    return Runner(runner.target, program, True)


@dataclass(frozen=True)
class Runner:
    """The interpreter that runs a target's cases, and how well it stands for the target."""

    target: Target
    interpreter: Interpreter
    exact: bool  # same implementation and minor version (or any PyPy 3 for ``pypy3``)
    extra_flags: tuple[str, ...] = ()  # e.g. lifting the int digit limit for a stand-in

    @property
    def label(self) -> str:
        if self.interpreter.impl == NATIVE:
            return self.interpreter.label
        if self.exact:
            return self.target.label
        return f"{self.target.label} (ran {self.interpreter.label})"

    @property
    def marked(self) -> str:
        """The target's column as the build marks one run by a stand-in: ``pypy3.10*``, where
        an exact interpreter's is ``pypy3.10``."""
        return self.target.label + ("" if self.exact else "*")

    @property
    def described(self) -> str:
        """The interpreter by name, and the target it stands for when it is a stand-in."""
        if self.exact:
            return self.interpreter.label
        return f"{self.interpreter.label} for {self.target.label}"

    def command(self, script: str | Path) -> list[str]:
        return self.interpreter.command(script, *self.extra_flags)


def host() -> Interpreter:
    impl = "pypy" if sys.implementation.name == "pypy" else "cpython"
    return Interpreter(impl, sys.version_info[:2], sys.executable, ISOLATED)


def runner_for(target: Target, interpreters: list[Interpreter]) -> Runner | None:
    """The interpreter that runs ``target``'s cases, or None (then it is checked statically)."""
    same = [i for i in interpreters if i.impl == target.impl]
    if target.version is None:
        return Runner(target, max(same, key=lambda i: i.version), True) if same else None
    exact = [i for i in same if i.version == target.version]
    if exact:
        return Runner(target, exact[0], True, _unlimited_digits([target], exact[0]))
    if target.impl == "pypy" and same:
        nearest = min(same, key=lambda i: (abs(i.version[1] - target.version[1]), -i.version[1]))
        return Runner(target, nearest, False)
    return None


def runner_for_runs(targets: tuple[Target, ...] | list[Target]) -> Runner:
    """Who runs a bundle for ``run`` and ``stress``: the first target with its own interpreter
    here, else the first whose stand-in is not older than it, else the first, each as the
    build runs it."""
    here = list(found())
    runners = [runner_for(target, here) or stand_in([target]) for target in targets]
    return min(runners, key=lambda r: (not r.exact, r.interpreter.version < r.target.syntax))


def as_problem_target(runner: Runner, targets: tuple[Target, ...] | list[Target]) -> Runner:
    """The runner ``--target`` named, as the build runs one of a problem's ``targets``:
    ``pypy3`` (no version) where the judge runs ``pypy3.10`` names the interpreter the build
    runs that target under, so it is that target's runner (its stand-in said as the build says
    it); ``runner`` itself otherwise, a version named or another interpreter."""
    if runner.target.version is not None:
        return runner
    here = list(found())
    for target in targets:
        if target.impl != runner.target.impl:
            continue
        built = runner_for(target, here) or stand_in([target])
        if _same_file(built.interpreter.executable, runner.interpreter.executable):
            return built
    return runner


def _same_file(one: str, other: str) -> bool:
    """Whether two paths name one interpreter (``/usr/bin/pypy3`` links to ``pypy3.9``)."""
    return os.path.realpath(one) == os.path.realpath(other)


def runner_named(name: str) -> Runner:
    """``--target NAME``: who runs a bundle when the user names it: a target (``cpython3.8``,
    ``pypy3``, or a report's label, ``3.8``) that has its own interpreter here, or a PyPy
    version the build runs under a stand-in (``pypy3.11`` under the nearest PyPy here, PyPy
    3.9, else under the kit's own Python, as the build: said so), or any local interpreter by
    path or by a name on the PATH. A one-line ``BuildError`` otherwise (a CPython version not
    here among them: it can be installed)."""
    text = name.strip()
    try:
        target = parse_target(text)
    except TooOld:
        raise BuildError(f"--target {name}: the kit checks Python 3.8 and newer only") from None
    except TooNew as error:
        raise BuildError(f"--target {name}: {str(error).partition(': ')[2]}") from None
    except ValueError:
        target = None
    if target is not None:
        runner = runner_for(target, list(found()))
        if runner is None and target.impl == "pypy":  # no PyPy here: the build's stand-in
            return stand_in([target])
        if runner is None:  # a CPython named: one that is installable, not stood in for
            here = ", ".join(i.short for i in found()) or "none"
            raise BuildError(f"--target {name}: no {target.name} interpreter here (found: {here})")
        return runner  # the build's own stand-in when it is not exact
    found_at = shutil.which(text) or (text if os.access(text, os.X_OK) else None)
    executable = os.path.abspath(found_at) if found_at else None  # runs start elsewhere
    interpreter = _ProbeCache.load().probe(executable) if executable else None
    if interpreter is None:
        here = ", ".join(i.short for i in found()) or "none"
        raise BuildError(
            f"--target {name}: neither a target's name (such as cpython3.8, 3.8 or pypy3) nor "
            f"a Python 3 interpreter here (found: {here}){_meant(text)}"
        )
    if interpreter.version < OLDEST:  # as a target's name that old is refused
        raise BuildError(
            f"--target {name}: {interpreter.label}; the kit checks Python 3.8 and newer only"
        )
    version = interpreter.version if interpreter.impl == "cpython" else None
    target = Target(interpreter.impl, version)
    return Runner(target, interpreter, True, _unlimited_digits([target], interpreter))


def _meant(text: str) -> str:
    """The target a name without its version most likely meant, said after the error: ``pypy``
    is ``pypy3`` (on a machine without a ``pypy`` command); ``cpython`` (or ``cpython3``) needs
    its version. "" for any other name."""
    name = text.lower().replace("-", "")
    if name == "pypy":
        return "; did you mean pypy3?"
    if name in ("cpython", "cpython3"):
        return "; name its version: cpython3.8 or 3.8"
    return ""


def fallback_for(target: Target, runner: Runner) -> Runner | None:
    """Who runs ``target``'s cases when ``runner``, a stand-in older than the target (PyPy 3.9
    for ``pypy3.10``), cannot run the bundle: a CPython of the target's version when here, else
    the build's Python (``stand_in``), as when no PyPy is here at all; None when that one is
    older than the target too, or is ``runner`` itself."""
    same = [i for i in found() if i.impl == "cpython" and i.version == target.version]
    if same and same[0] != runner.interpreter:
        return Runner(target, same[0], False, _unlimited_digits([target], same[0]))
    fallback = stand_in([target])
    if fallback.interpreter == runner.interpreter or fallback.interpreter.version < target.syntax:
        return None
    return fallback


def stand_in(targets: list[Target]) -> Runner:
    """The Python running the build, standing for targets that have no interpreter here. For
    targets older than 3.11 it runs without 3.11's limit on int-to-str digits, which they lack."""
    interpreter = host()
    target = min(targets, key=lambda t: t.syntax)
    return Runner(target, interpreter, False, _unlimited_digits(targets, interpreter))


def _unlimited_digits(targets: list[Target], interpreter: Interpreter) -> tuple[str, ...]:
    """``-X int_max_str_digits=0`` for a CPython running only targets older than 3.11: the limit
    came with 3.11 and was backported to patch releases (3.8.14, 3.9.14, 3.10.7), so whether a
    3.8 has it depends on the build, here as on a judge; the kit takes a target's version as
    its original release, the same verdict whichever patch is installed (an older CPython takes
    the option and ignores it)."""
    if interpreter.impl != "cpython" or any(t.limits_int_digits for t in targets):
        return ()
    return ("-X", "int_max_str_digits=0")


@functools.lru_cache(maxsize=None)
def found() -> tuple[Interpreter, ...]:
    """Every usable interpreter on this machine (or those ``KIT_PYTHONS`` names), one per
    implementation and version."""
    if "KIT_PYTHONS" in os.environ:
        candidates = [c for c in re.split(r"[\s:]+", os.environ["KIT_PYTHONS"]) if c]
        explicit = True
    else:
        candidates = _candidates()
        explicit = False
    chosen: dict[tuple[str, tuple[int, int]], Interpreter] = {}
    cache = _ProbeCache.load()
    for candidate in dict.fromkeys(candidates):
        interpreter = cache.probe(candidate)
        if interpreter is None:
            if explicit:
                raise BuildError(f"KIT_PYTHONS: {candidate} does not start as Python 3")
            continue
        if interpreter.version >= OLDEST:
            chosen.setdefault((interpreter.impl, interpreter.version), interpreter)
    cache.save()
    return tuple(sorted(chosen.values(), key=lambda i: (i.impl, i.version)))


class _ProbeCache:
    """What each interpreter said it is, by a key that changes when the file does."""

    NAME = "interpreters-2.json"  # entries hold the flags runs use: a new name when they change

    def __init__(self, entries: dict) -> None:
        self.entries = entries
        self.changed = False

    @classmethod
    def load(cls) -> _ProbeCache:
        return cls(cache.read_json(cls.NAME))

    def probe(self, executable: str) -> Interpreter | None:
        stamp = cache.file_stamp(executable)
        if stamp is None:
            return None
        key = f"{executable}|{stamp}"
        known = self.entries.get(key)
        if isinstance(known, list) and len(known) == 4:
            impl, version, flags, itself = known
            return Interpreter(impl, tuple(version), _binary(itself, executable), tuple(flags))
        interpreter = _probe(executable)
        if interpreter is not None:  # a failing candidate is asked again next time
            self.entries[key] = [
                interpreter.impl, list(interpreter.version), interpreter.flags,
                interpreter.executable,
            ]  # fmt: skip
            self.changed = True
        return interpreter

    def save(self) -> None:
        """The entries written back when one was added, less those of a file that changed
        or is gone (each reinstall or upgrade would be a key more, for good)."""
        if self.changed:
            cache.write_json(self.NAME, {k: v for k, v in self.entries.items() if _current(k)})


def _current(key: str) -> bool:
    """Whether a ``_ProbeCache`` key (``EXECUTABLE|STAMP``) is its file's as it is now (a
    path may hold ``|``: each split is tried)."""
    splits = (at for at, character in enumerate(key) if character == "|")
    return any(key == f"{key[:at]}|{cache.file_stamp(key[:at])}" for at in splits)


SYSTEM_BINS = ("/usr/bin", "/usr/local/bin")  # searched whatever the PATH: a service's or
# an editor's short PATH would otherwise swap an interpreter here for a stand-in


def _pyenv_root() -> Path | None:
    """pyenv's folder: ``PYENV_ROOT``, else ``~/.pyenv``; None for a user with no home (no
    ``HOME`` and no entry in the password file: a container's bare user id)."""
    given = os.environ.get("PYENV_ROOT")
    if given:
        return Path(given)
    try:
        return Path.home() / ".pyenv"
    except RuntimeError:  # no home directory can be determined
        return None


def _candidates() -> list[str]:
    root = _pyenv_root()
    names: list[str] = []
    try:
        folders = sorted((root / "versions").glob("*"), reverse=True) if root else []
    except OSError:  # a pyenv folder this user may not read (another user's home)
        folders = []
    for folder in folders:
        match = re.fullmatch(r"3\.(\d+)\.\d+", folder.name)
        if match and int(match[1]) >= OLDEST[1]:
            names.append(str(folder / "bin" / f"python3.{match[1]}"))
        elif folder.name.startswith("pypy3"):
            names.append(str(folder / "bin" / "pypy3"))
    for minor in range(OLDEST[1], 20):
        names.append(shutil.which(f"python3.{minor}") or "")
        names += [f"{base}/python3.{minor}" for base in SYSTEM_BINS]
        names.append(shutil.which(f"pypy3.{minor}") or "")
        names += [f"{base}/pypy3.{minor}" for base in SYSTEM_BINS]
    names += [shutil.which("pypy3") or "", shutil.which("pypy") or ""]
    names += [f"{base}/{name}" for name in ("pypy3", "pypy") for base in SYSTEM_BINS]
    shims = str(root / "shims") + os.sep if root else None  # each runs a version found above
    return [
        name
        for name in names
        if name and not (shims and name.startswith(shims)) and os.access(name, os.X_OK)
    ]


_PROBE = (
    "import sys,json;"
    "print(json.dumps([sys.implementation.name,list(sys.version_info[:2]),sys.executable]))"
)


def _probe(executable: str) -> Interpreter | None:
    for flags in (ISOLATED, OLD_ISOLATED):
        said = _asked([executable, *flags, "-c", _PROBE])
        if said is None:
            return None
        if said[0] != 0:
            continue
        try:
            name, (major, minor), *rest = json.loads(said[1])
        except (ValueError, TypeError):
            return None
        itself = _binary(rest[0] if rest and isinstance(rest[0], str) else "", executable)
        if major != 3:
            return None
        impl = "pypy" if name == "pypy" else "cpython"
        # the binary itself, not a launcher that needs the user's environment (a pyenv shim
        # reads PYENV_VERSION; runs get a judge's environment, kit.processes)
        return Interpreter(impl, (major, minor), itself or executable, flags)
    return None


PROBE_SECONDS = 10  # a program that has not said what it is by then is no interpreter


def _asked(argv: list[str]) -> tuple[int, str] | None:
    """(exit status, stdout) of a probe, run with the user's environment (a pyenv shim needs
    it), every process of its group ended with it (a wrapper's children too); None when it
    could not start or did not end within ``PROBE_SECONDS``."""
    try:
        status, out, _, hung = run_program(argv, Path.cwd(), PROBE_SECONDS, env=dict(os.environ))
    except OSError:
        return None
    return None if hung else (status, out.decode("utf-8", "replace"))


def _binary(itself: str, executable: str) -> str:
    """What runs an interpreter: the binary it names itself (``sys.executable``: a pyenv
    shim's real Python), unless that is not here (a wrapper running a container's Python):
    then ``executable``, the wrapper, as given."""
    return itself if itself and os.access(itself, os.X_OK) else executable


def timing_interpreters(targets: tuple[Target, ...] | list[Target]) -> list[Interpreter]:
    """What ``bench`` times under: each target's interpreter here (its own or its stand-in,
    one per implementation and version), else, when none is here, the Python running the
    kit."""
    chosen: dict[tuple, Interpreter] = {}
    here = list(found())
    for target in targets:
        runner = runner_for(target, here)
        if runner is not None:
            chosen.setdefault(
                (runner.interpreter.impl, runner.interpreter.version), runner.interpreter
            )
    return list(chosen.values()) or [host()]


def untimed(targets: tuple[Target, ...] | list[Target]) -> list[Target]:
    """The targets with no interpreter here, not even a stand-in (``bench`` cannot time
    them)."""
    here = list(found())
    return [target for target in targets if runner_for(target, here) is None]

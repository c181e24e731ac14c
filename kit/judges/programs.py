"""The judge's own programs (checkers, output validators, interactors): where each is, how it is
started, and the interactor protocols.

A program is named by a path relative to the checkout: a ``.py`` file runs under this Python;
a C or C++ source, or a folder of them (Kattis packages keep an output validator as a folder,
``output_validators/NAME/``, its sources compiled together: problemtools' examples/different
has ``validate.cc`` with ``validate.h``), is compiled once and cached; a folder holding one
``.py`` file runs that file; a folder with ``build`` or ``run`` scripts (the Kattis format's
spec/legacy.md, "Programs") is copied, ``build`` run in the copy, and ``run`` is the program
(built once and cached like a binary); a ``.sh`` file runs under ``sh`` (the format's
language table has shell scripts; BAPCtools runs them ``sh "{mainfile}"``); anything else must
be executable.
A package's Java submission (``submission_program``; ``verify``) is compiled to a folder of
classes and run as its judge runs it, problemtools (Kattis) or Codeforces (Polygon), ``java``
with its flags and the memory limit as its heap (``kit.judges.java_compile``).

Compiling and building happen on first use (``Program.argv``), never when problems.toml is
read, in ``kit.judges.compiling`` (the compilers, their flags, the cache, ``MissingHeader``).

**Interactor protocols** (``parse_interactor``; the spec is problems.toml's ``interactor``):

- ``"PATH"``, the kit's own: ``PATH INPUT``, exit statuses as testlib's (0 accepts);
- ``"kattis:PATH [FLAGS]"``, the Kattis problem package format's interactive validator:
  ``PATH INPUT ANSWER FEEDBACK_DIR/ [FLAGS]``, exit 42 accepts, 43 is a wrong answer, any
  other status (0 included) is the validator's own failure, the message in
  ``FEEDBACK_DIR/judgemessage.txt`` (the format's spec, "Output validators": "Invocation",
  "Reporting a judgement"; Kattis/problem-package-format, spec/legacy.md);
- ``"testlib:PATH"``, Polygon's testlib interactor: ``PATH INPUT OUTPUT ANSWER`` (testlib.h,
  ``registerInteraction``: "<input-file> <output-file> [<answer-file> ..."), testlib's exit
  statuses; what it writes to OUTPUT (testlib's ``tout``) is then judged by the problem's
  checker, as Polygon does.

Paths and flags in a spec are split as a shell would (``shlex``), so a path with spaces is
quoted. A spec that takes a path alone (a ``checker:``, the kit's own interactor) reads the
rest as written, or as one shell word when it starts with a quote (``whole_path``).

API::

    program_at(path_text, root, where, role, include=(), *, folder=False, jury="") -> Program
        # jury: PROBLEMTOOLS for a Kattis package's validator (kit.judges.compiling)
    submission_program(path, shown, judge=PROBLEMTOOLS, standard="", memory=JAVA_HEAP)
        -> Program | None  # a C, C++ or Java submission (Java's heap ``memory`` MiB), as
                           # its judge compiles it; None for another language
    runnable(path, folder=False) -> bool   # whether program_at can run what path holds
    whole_path(text) -> str                # a path-only spec's path; ValueError if misquoted
    Program.argv() -> list[str]            # compiles on first use (kit.judges.compiling)
    files_read(path, include=()) -> list[Path]  # what a C/C++ program's last compile read
    parse_interactor(spec, root, where, include=()) -> Interactor
    interactor_protocol(spec) -> str       # KIT, KATTIS or TESTLIB, as the spec names it
    Interactor.argv(input, answer, feedback, output) -> list[str]
    KATTIS_ACCEPTED, KATTIS_WRONG; kattis_failure(status) -> str | None
"""

from __future__ import annotations

import os
import shlex
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from kit.errors import BuildError
from kit.judges.comparator import runs_program
from kit.judges.compiling import (
    COMPILERS,
    PROBLEMTOOLS,
    SCRIPTS,
    compiled,
    compiler_for,
    last_reads,
    scripted,
)
from kit.judges.java_compile import java_for, main_class, run_argv

CPP_SUFFIXES = (".cpp", ".cc", ".cxx", ".c++", ".C")
C_SUFFIXES = (".c",)
JAVA_SUFFIXES = (".java",)  # a package's Java submission's (problemtools' '*.java')
JAVA_HEAP = 1024  # problemtools' get_runcmd's memlim when none is given
KATTIS_ACCEPTED, KATTIS_WRONG = 42, 43  # the format's exit statuses of a validator
KIT, KATTIS, TESTLIB = "kit", "kattis", "testlib"  # interactor protocols


def python_jury_argv(path: Path) -> list[str]:
    """The argv of a jury's Python program (checker, interactor, validator): this Python with
    ``-E -s``, none of the user's ``PYTHON*`` variables or user site-packages (a judge runs
    its jury's programs its own way)."""
    return [sys.executable, "-E", "-s", str(path)]


@dataclass(frozen=True)
class Program:
    """A program of the judge's; ``argv()`` starts it (compiling it first when it is C/C++)."""

    shown: str  # as named, for messages
    kind: str  # "python", "cpp", "c", "sh", "exec" or "script" (a folder with build/run scripts)
    path: Path  # the file that runs (python, exec) or the file or folder compiled or built
    sources: tuple[Path, ...] = ()
    include: tuple[Path, ...] = ()
    # a C/C++ submission's judge (PROBLEMTOOLS, CODEFORCES), whose flags and libraries it is
    # compiled with (kit.judges.compiling.submission_flags), not the jury programs' FLAGS and
    # LIBRARIES; "" for a jury program
    submission: str = ""
    standard: str = ""  # a Codeforces submission's -std ("c++17"; Java: its type's release, "11")
    jury: str = ""  # PROBLEMTOOLS: a Kattis package's validator, compiled with its standards
    memory: int = JAVA_HEAP  # a Java submission's heap (-Xms, -Xmx), MiB: the memory limit

    def argv(self) -> list[str]:
        if self.kind == "python":
            return python_jury_argv(self.path)
        if self.kind == "exec":
            return [str(self.path)]
        if self.kind == "sh":
            return ["sh", str(self.path)]
        if self.kind == "script":
            return [scripted(self)]
        if self.kind == "java":
            return self._java_argv()
        return [compiled(self)]

    def _java_argv(self) -> list[str]:
        """A Java submission's run line, compiled first (``kit.judges.java_compile``)."""
        classes = compiled(self)
        java = java_for(compiler_for("java") or "java")
        if java is None:
            raise BuildError(f"{self.shown}: compiled, but no java was found to run it")
        judge = self.submission or PROBLEMTOOLS
        return run_argv(java, classes, main_class(self.sources, judge), self.memory, judge)


def runnable(path: Path, *, folder: bool = False) -> bool:
    """Whether ``program_at`` can run what ``path`` holds: a .py, .sh, C or C++ file or an
    executable; where ``folder``, also a folder with .py, C or C++ sources or scripts."""
    sources = (".py", *CPP_SUFFIXES, *C_SUFFIXES)
    if path.is_dir():
        return folder and any(
            entry.suffix in sources or entry.name in SCRIPTS for entry in path.iterdir()
        )
    return path.suffix in (*sources, ".sh") or os.access(path, os.X_OK)


def program_at(
    path_text: str,
    root: Path,
    where: str,
    role: str,
    include: tuple[Path, ...] = (),
    *,
    folder: bool = False,
    jury: str = "",
) -> Program:
    """The program ``path_text`` names (relative to ``root``; a folder of sources only where
    ``folder``, as Kattis keeps validators); a one-line error when it is missing or cannot
    be run."""
    if not path_text.strip():
        raise BuildError(f"{where}: no {role} path given")
    path = Path(root, path_text).resolve()
    if path.is_dir() and folder:
        program = _folder_program(path, path_text, where, role, include)
    elif path.is_dir():
        raise BuildError(f"{where}: {role} {path_text} is a folder: name the program's file")
    elif not path.is_file():
        raise BuildError(f"{where}: {role} {path_text} not found")
    else:
        program = _file_program(path, path_text, where, role, include)
    return replace(program, jury=jury) if jury else program


def _file_program(
    path: Path, shown: str, where: str, role: str, include: tuple[Path, ...]
) -> Program:
    if path.suffix == ".py":
        return Program(shown, "python", path)
    if path.suffix == ".sh":
        return Program(shown, "sh", path)
    for kind, suffixes in (("cpp", CPP_SUFFIXES), ("c", C_SUFFIXES)):
        if path.suffix in suffixes:
            return Program(shown, kind, path, (path,), include)
    if not os.access(path, os.X_OK):
        raise BuildError(
            f"{where}: {role} {shown} is not executable (nor a .py, .sh, C or C++ file)"
        )
    return Program(shown, "exec", path)


def _folder_program(
    folder: Path, shown: str, where: str, role: str, include: tuple[Path, ...]
) -> Program:
    """A folder's program: its ``build`` and ``run`` scripts when it has either, else its C++
    (or C) sources compiled together, else its .py file named ``main.py`` (in any case), else
    its first .py file by name: problemtools' entry point (``problemtools/languages.py``)."""
    files = sorted(path for path in folder.iterdir() if path.is_file())
    if any(path.name in SCRIPTS for path in files):
        return Program(shown, "script", folder)
    for kind, suffixes in (("cpp", CPP_SUFFIXES), ("c", C_SUFFIXES)):
        sources = tuple(path for path in files if path.suffix in suffixes)
        if sources:
            return Program(shown, kind, folder, sources, include)
    scripts = [path for path in files if path.suffix == ".py"]
    if scripts:  # problemtools' entry: a file named main.* (in any case), else the first
        mains = [path for path in scripts if path.name.lower().startswith("main.")]
        return Program(shown, "python", (mains or scripts)[0])
    raise BuildError(
        f"{where}: {role} {shown}/ holds no program the kit runs (a .py, C or C++ source, or "
        "build and run scripts)"
    )


def submission_program(
    path: Path, shown: str, judge: str = PROBLEMTOOLS, standard: str = "", memory: int = JAVA_HEAP
) -> Program | None:
    """A package's C, C++ or Java submission (a file, or a folder whose C++ sources, else C,
    else Java sources, are compiled together, as problemtools' ``{files}``), compiled as
    ``judge`` compiles it (``kit.judges.compiling.submission_flags``; Codeforces with
    ``standard``: C++'s ``c++17``, Java's release ``11``) on first use, a Java one run with a
    heap of ``memory`` MiB; None for one in another language. A relative ``path`` is made
    absolute: the compiler runs in the source's folder."""
    path = path.absolute()
    files = (
        sorted(entry for entry in path.iterdir() if entry.is_file()) if path.is_dir() else [path]
    )
    kinds = [("cpp", CPP_SUFFIXES), ("c", C_SUFFIXES), ("java", JAVA_SUFFIXES)]
    for kind, suffixes in kinds:
        sources = tuple(file for file in files if file.suffix in suffixes)
        if sources:
            return Program(
                shown, kind, path, sources, submission=judge, standard=standard, memory=memory
            )
    return None


def files_read(path: Path, include: tuple[Path, ...] = ()) -> list[Path]:
    """The files the last compile of the C/C++ program at ``path`` (a file or a folder of
    sources, with the include folders ``include``) read, headers included; none for any
    other program, one never compiled, or none there: compiled with the jury's flags or a
    Kattis package's validator's (``jury``), whichever compiled it."""
    try:
        program = program_at(str(path), path.parent, "", "program", include, folder=True)
        if program.kind not in COMPILERS:
            return []
        reads = [
            read for jury in ("", PROBLEMTOOLS) for read in last_reads(replace(program, jury=jury))
        ]
        return list(dict.fromkeys(reads))
    except (BuildError, OSError):
        return []


@dataclass(frozen=True)
class Interactor:
    """An interactive problem's judge: its program, protocol (``KIT``, ``KATTIS``,
    ``TESTLIB``) and, for a Kattis validator, the flags after its first three arguments;
    ``scored_points``: the problem is scored by a judge's points, a testlib interactor's
    ``quitp`` accepting as a checker's does (``kit.run.game_verdicts``)."""

    program: Program
    protocol: str = KIT
    flags: tuple[str, ...] = ()
    scored_points: bool = False

    def with_flags(self, flags: tuple[str, ...]) -> Interactor:
        """The same interactor with more flags (a test group's own)."""
        return replace(self, flags=self.flags + tuple(flags)) if flags else self

    def argv(self, input_path: Path, answer: Path, feedback: Path, output: Path) -> list[str]:
        """How it is started on one case: ``feedback`` is the Kattis feedback folder,
        ``output`` the file testlib's interactor writes for the checker."""
        command = self.program.argv()
        if self.protocol == KATTIS:
            return [*command, str(input_path), str(answer), f"{feedback}{os.sep}", *self.flags]
        if self.protocol == TESTLIB:
            return [*command, str(input_path), str(output), str(answer)]
        return [*command, str(input_path)]


def whole_path(text: str) -> str:
    """The path a spec that takes nothing else holds: ``text`` as written, or, when it starts
    with a quote, the one shell word it must be (``"my checker.py"``); ValueError when the
    quoting is unterminated or the quoted path is followed by more."""
    if not text.startswith(("'", '"')):
        return text
    words = shlex.split(text)
    if len(words) != 1:
        raise ValueError("one path and nothing after it (it takes no flags)")
    return words[0]


def named_programs(compare: str, interactor: str | None) -> list[tuple[str, str]]:
    """(role, path) of the programs a problem's ``compare`` and ``interactor`` settings name,
    as written (from the workspace's root): a ``checker:`` or ``validator:`` program, the
    interactor; a setting that cannot be read names none (its parse says why)."""
    found = []
    for role, spec in (("compare", compare), ("interactor", interactor or "")):
        if role == "compare" and not runs_program(spec):
            continue
        protocol, _, rest = spec.partition(":")
        if role == "interactor" and interactor_protocol(spec) == KIT:
            protocol, rest = role, spec
        try:
            if protocol in ("checker", "interactor"):
                words = [whole_path(rest)]
            else:
                words = shlex.split(rest)
        except ValueError:
            continue
        if words and words[0].strip():
            found.append(("interactor" if role == "interactor" else protocol, words[0]))
    return found


def parse_interactor(
    spec: str, root: Path, where: str, include: tuple[Path, ...] = ()
) -> Interactor:
    """The interactor an ``interactor`` setting names (see the module doc)."""
    protocol = interactor_protocol(spec)
    rest = spec.partition(":")[2]
    if protocol == KIT:
        try:
            path = whole_path(spec)
        except ValueError as error:
            raise BuildError(f"{where}: interactor = {spec!r}: {error}") from None
        return Interactor(program_at(path, root, where, "interactor", include))
    try:
        words = shlex.split(rest)
    except ValueError as error:
        raise BuildError(f"{where}: interactor = {spec!r}: {error}") from None
    if not words:
        raise BuildError(f"{where}: interactor = {spec!r}: no path given")
    if protocol == TESTLIB and len(words) > 1:
        raise BuildError(f"{where}: interactor = {spec!r}: a testlib interactor takes no flags")
    jury = PROBLEMTOOLS if protocol == KATTIS else ""
    program = program_at(words[0], root, where, "interactor", include, folder=True, jury=jury)
    return Interactor(program, protocol, tuple(words[1:]))


def interactor_protocol(spec: str) -> str:
    """The protocol an ``interactor`` setting names: ``KATTIS`` or ``TESTLIB`` by its prefix,
    else the kit's own (``KIT``); read without finding its program. The first two are given
    the case's answer file (ANSWER), the kit's own is not."""
    protocol, colon, _ = spec.partition(":")
    return protocol if colon and protocol in (KATTIS, TESTLIB) else KIT


def kattis_failure(status: int) -> str | None:
    """A Kattis validator's exit status described when it is the validator's own failure
    (anything but 42 and 43, 0 included); None for those two."""
    if status in (KATTIS_ACCEPTED, KATTIS_WRONG):
        return None
    return f"exit status {status}, neither 42 (accepted) nor 43 (wrong answer)"

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

**Compiling.** C++ with ``$CXX``, else the first of g++, clang++, c++ on the PATH (``-O2
-std=gnu++17``); C with ``$CC``, else gcc, clang, cc (``-O2 -std=gnu11``, ``-lm``). The
include path holds the source's own folder (``#include "testlib.h"`` finds the header a
Polygon package ships in ``files/`` beside ``check.cpp``) and any folder the problem names
(``testlib = "PATH"`` in problems.toml). The binary is kept in the kit's cache
(``kit.cache.folder()/programs/KEY``), keyed by the compiler, its flags, the sources and the
bytes of every file the last compile read as the compiler lists them (``-MM``: a header in
a folder under or above the source, or an ``.inc``, the system's headers aside; the list in
``programs/BASE/reads.json``, ``kit.judges.compiler_reads``), so a change recompiles and
nothing else does; with the cache off (``CPKIT_CACHE=0``) it is compiled once per process
into a temporary folder. What a compile or build killed left in the cache (a partial
binary, a folder's copy) is swept at the next one (``kit.cache.sweep``).
A package's C or C++ submission (``submission_program``; ``verify``) is compiled as
problemtools compiles it, with its flags (``SUBMISSION_FLAGS``: ``-g -O2 -std=gnu++23 -static``,
C's ``-std=gnu17``), and cached the same way.
Compiling happens on first use (``Program.argv``), never when problems.toml is read. No
compiler, or a compile error, is a one-line error; one for a header found nowhere is a
``MissingHeader``, which names it. The compiler (or ``build``) runs as the jury's programs do
(``kit.processes.run_program``), in the user's environment, its temporary files in the kit's
folder: at ``COMPILE_TIMEOUT``, or when the kit is stopped, it ends with every process it
started (g++'s ``cc1plus`` compiled on).

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

    program_at(path_text, root, where, role, include=()) -> Program
    submission_program(path, shown) -> Program | None  # a C/C++ submission, as problemtools
                                                       # compiles it; None for another language
    compiler_for(kind) -> str | None       # the C ("c") or C++ ("cpp") compiler, None if none
    no_compiler(kind) -> str               # what was looked for when there is none
    static_link_refused(kind) -> str | None  # why -static fails here (no static C library)
    runnable(path, folder=False) -> bool   # whether program_at can run what path holds
    whole_path(text) -> str                # a path-only spec's path; ValueError if misquoted
    Program.argv() -> list[str]            # compiles on first use; MissingHeader, a BuildError
    files_read(path, include=()) -> list[Path]  # what a C/C++ program's last compile read
    parse_interactor(spec, root, where, include=()) -> Interactor
    Interactor.argv(input, answer, feedback, output) -> list[str]
    KATTIS_ACCEPTED, KATTIS_WRONG; kattis_failure(status) -> str | None
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import hashlib
import os
import re
import shlex
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path

from kit import cache
from kit.errors import BuildError, machine_refused
from kit.file_moves import move
from kit.judges import compiler_reads
from kit.judges.comparator import runs_program
from kit.processes import run_program
from kit.visible import last_line, text_of, visible

CPP_SUFFIXES = (".cpp", ".cc", ".cxx", ".c++", ".C")
C_SUFFIXES = (".c",)
HEADER_SUFFIXES = (".h", ".hpp", ".hh", ".hxx")
COMPILERS = {"cpp": ("CXX", ("g++", "clang++", "c++")), "c": ("CC", ("gcc", "clang", "cc"))}
FLAGS = {"cpp": ("-O2", "-std=gnu++17", "-pipe"), "c": ("-O2", "-std=gnu11", "-pipe")}
LIBRARIES = {"cpp": (), "c": ("-lm",)}
LANGUAGE_NAMES = {"cpp": "C++", "c": "C"}
# a Kattis package's C and C++ submissions, as problemtools compiles them (its
# problemtools/config/languages.yaml at a185fe97: "gcc -g -O2 -std=gnu17 -static -o {binary}
# {files} -lm", "g++ -g -O2 -std=gnu++23 -static -o {binary} {files} -lrt -Wl,--whole-archive
# -lpthread -Wl,--no-whole-archive")
SUBMISSION_FLAGS = {
    "cpp": ("-g", "-O2", "-std=gnu++23", "-static"),
    "c": ("-g", "-O2", "-std=gnu17", "-static"),
}
SUBMISSION_LIBRARIES = {
    "cpp": ("-lrt", "-Wl,--whole-archive", "-lpthread", "-Wl,--no-whole-archive"),
    "c": ("-lm",),
}
COMPILE_TIMEOUT = 300.0
# a program folder's scripts in the Kattis format (spec/legacy.md, "Programs"): ``build`` is
# run first in a copy of the folder, then ``run`` runs as a one-file program would
BUILD, RUN = "build", "run"
SCRIPTS = (BUILD, RUN)
KATTIS_ACCEPTED, KATTIS_WRONG = 42, 43  # the format's exit statuses of a validator
KIT, KATTIS, TESTLIB = "kit", "kattis", "testlib"  # interactor protocols

_lock = threading.Lock()
_built: dict[str, str] = {}  # cache key -> binary, this process
_scratch: list[tempfile.TemporaryDirectory] = []
_swept: list[Path] = []  # the cache's folder, once its leftovers are swept
_WORK = re.compile(r"^work\.(\d+)$")  # a folder program's copy being built (``_build_scripts``)


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
    # a C/C++ submission's: compiled with SUBMISSION_FLAGS and SUBMISSION_LIBRARIES, not the
    # jury programs' FLAGS and LIBRARIES
    submission: bool = False

    def argv(self) -> list[str]:
        if self.kind == "python":
            return python_jury_argv(self.path)
        if self.kind == "exec":
            return [str(self.path)]
        if self.kind == "sh":
            return ["sh", str(self.path)]
        if self.kind == "script":
            return [_scripted(self)]
        return [_compiled(self)]


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
) -> Program:
    """The program ``path_text`` names (relative to ``root``; a folder of sources only where
    ``folder``, as Kattis keeps validators); a one-line error when it is missing or cannot
    be run."""
    if not path_text.strip():
        raise BuildError(f"{where}: no {role} path given")
    path = Path(root, path_text).resolve()
    if path.is_dir() and folder:
        return _folder_program(path, path_text, where, role, include)
    if path.is_dir():
        raise BuildError(f"{where}: {role} {path_text} is a folder: name the program's file")
    if not path.is_file():
        raise BuildError(f"{where}: {role} {path_text} not found")
    return _file_program(path, path_text, where, role, include)


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


def submission_program(path: Path, shown: str) -> Program | None:
    """A package's C or C++ submission (a file, or a folder whose C++ sources, else C sources,
    are compiled together, as problemtools' ``{files}``), compiled as problemtools compiles
    it (``SUBMISSION_FLAGS``) on first use; None for one in another language."""
    files = (
        sorted(entry for entry in path.iterdir() if entry.is_file()) if path.is_dir() else [path]
    )
    for kind, suffixes in (("cpp", CPP_SUFFIXES), ("c", C_SUFFIXES)):
        sources = tuple(file for file in files if file.suffix in suffixes)
        if sources:
            return Program(shown, kind, path, sources, submission=True)
    return None


def _compiled(program: Program) -> str:
    """The binary of a C/C++ program, compiled now unless this process or the cache has it
    for the present bytes of every file its last compile read (``kit.judges.compiler_reads``)."""
    command = _command(program, _compiler(program))
    base = _key(program, command)
    read = compiler_reads.recorded(base)
    key = compiler_reads.content_key(base, read) if read is not None else None
    with _lock:
        if key is not None and key in _built:
            return _built[key]
        if key is not None and (_place(key, make=False) / "program").is_file():
            _built[key] = str(_place(key, make=False) / "program")
            return _built[key]
        key = _compile(program, command, base)
        return _built[key]


def files_read(path: Path, include: tuple[Path, ...] = ()) -> list[Path]:
    """The files the last compile of the C/C++ program at ``path`` (a file or a folder of
    sources, with the include folders ``include``) read, headers included; none for any
    other program, one never compiled, or none there."""
    try:
        program = program_at(str(path), path.parent, "", "program", include, folder=True)
        if program.kind not in COMPILERS:
            return []
        command = _command(program, _compiler(program))
        return compiler_reads.recorded(_key(program, command)) or []
    except (BuildError, OSError):
        return []


def _command(program: Program, compiler: str) -> list[str]:
    """The compile's command (its output and libraries aside): the key's (the libraries
    added there), and ``-MM``'s; a submission's with problemtools' flags
    (``SUBMISSION_FLAGS``)."""
    flags = SUBMISSION_FLAGS if program.submission else FLAGS
    return [
        compiler,
        *flags[program.kind],
        *(str(path) for path in program.sources),
        *(f"-I{folder}" for folder in _include_path(program)),
    ]


def compiler_for(kind: str) -> str | None:
    """The compiler of ``kind`` ("cpp", "c"): ``$CXX`` (``$CC``) when set, else the first of
    COMPILERS' names on the PATH; None when there is none."""
    variable, names = COMPILERS[kind]
    chosen = os.environ.get(variable, "").strip()
    for name in [chosen] if chosen else names:
        found = shutil.which(name)
        if found:
            return found
    return None


def no_compiler(kind: str) -> str:
    """What was looked for when ``compiler_for(kind)`` found none: "no C++ compiler was found
    (tried g++, clang++, c++; install one or set CXX)"."""
    variable, names = COMPILERS[kind]
    chosen = os.environ.get(variable, "").strip()
    language = LANGUAGE_NAMES[kind]
    tried = f"${variable} = {chosen}" if chosen else ", ".join(names)
    return f"no {language} compiler was found (tried {tried}; install one or set {variable})"


def _compiler(program: Program) -> str:
    found = compiler_for(program.kind)
    if found:
        return found
    language = LANGUAGE_NAMES[program.kind]
    raise BuildError(f"{program.shown}: a {language} program, and {no_compiler(program.kind)}")


def _include_path(program: Program) -> list[Path]:
    folders = [source.parent for source in program.sources] + list(program.include)
    return list(dict.fromkeys(folders))


def _libraries(program: Program) -> tuple[str, ...]:
    """What the compile links, after its sources (a submission's as problemtools links)."""
    return (SUBMISSION_LIBRARIES if program.submission else LIBRARIES)[program.kind]


def _key(program: Program, command: list[str]) -> str:
    """What the binary depends on besides the files the compiler reads (``compiler_reads``):
    the compiler (its file), the command, the libraries it links (``_libraries``: in no
    command of ``-MM``'s), every source, and the names of the headers on the include path
    (one added there may be found before the one the last compile read)."""
    digest = hashlib.sha256()
    compiler = Path(command[0]).resolve()
    with contextlib.suppress(OSError):
        stat = compiler.stat()
        digest.update(f"{compiler}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    digest.update("\0".join(command[1:]).encode())
    digest.update(b"\0libraries\0" + "\0".join(_libraries(program)).encode() + b"\0")
    digest.update("\0".join(str(path) for path in _headers(program)).encode())
    for path in program.sources:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:32]


def _headers(program: Program) -> list[Path]:
    """The headers directly in the program's include folders."""
    return [
        path
        for folder in _include_path(program)
        if folder.is_dir()
        for path in sorted(folder.iterdir())
        if path.suffix in HEADER_SUFFIXES
    ]


def _place(key: str, *, make: bool = True) -> Path:
    """The folder that holds (or will hold, made where ``make``) the binary of ``key``: in
    the cache, else in this process's temporary folder."""
    base = cache.folder()
    if base is not None:
        place = base / "programs" / key
        with contextlib.suppress(OSError):
            if not make:
                return place
            place.mkdir(parents=True, exist_ok=True)
            if os.access(place, os.W_OK):
                return place
    return _scratch_place(key)


def _compile(program: Program, command: list[str], base: str) -> str:
    """Compile into ``base``'s folder, record what the compiler read and keep the binary
    under its content key (``compiler_reads``), which is returned; a binary whose files
    may have changed while it compiled is kept for this process alone."""
    _sweep()
    staging = _place(base)
    partial = staging / f"program.{os.getpid()}.tmp"
    started = time.time_ns()
    try:
        argv = [command[0], "-o", str(partial), *command[1:], *_libraries(program)]
        _run_compiler(program, argv, partial)
        # a compiler that cannot list them: the headers it could find beside, as before
        read = _files_read(program, command) or [*program.sources, *_headers(program)]
        compiler_reads.record(base, read)
        key = compiler_reads.content_key(base, read)
        # written while it compiled: this process's alone (the next compiles again)
        changed = compiler_reads.changed_since(read, started)
        place = _scratch_place(key) if changed else _place(key)
        move(partial, place / "program")  # the cache's disk to a tmpfs /tmp: a copy
    finally:
        partial.unlink(missing_ok=True)
    _built[key] = str(place / "program")
    return key


def _scratch_place(key: str) -> Path:
    """A folder in this process's temporary folder (removed at its exit)."""
    if not _scratch:
        _scratch.append(tempfile.TemporaryDirectory(prefix="kit-programs-"))
        atexit.register(_scratch[0].cleanup)
    place = Path(_scratch[0].name, key)
    place.mkdir(exist_ok=True, parents=True)
    return place


def _files_read(program: Program, command: list[str]) -> list[Path]:
    """The files the compiler reads for ``command``, the system's headers left out (its make
    rules, ``-MM``); none when it cannot say."""
    status, stdout, _, hung = run_program(
        [command[0], "-MM", *command[1:]],
        program.path.parent,
        COMPILE_TIMEOUT,
        env=_builder_environment(),
    )
    if hung or status != 0:
        return []
    return compiler_reads.rules_files(text_of(stdout), program.path.parent)


def _sweep() -> None:
    """Remove what compiles and builds killed (Ctrl-C, kill -9) left in the cache: their
    partial binaries and copies, once per process."""
    base = cache.folder()
    if _swept or base is None:
        return
    _swept.append(base)
    cache.sweep((base / "programs").glob("*/*.tmp"), cache.TEMPORARY)
    cache.sweep((base / "programs").glob("*/work.*"), _WORK)


def _run_compiler(program: Program, argv: list[str], partial: Path) -> None:
    status, _, stderr, hung = run_program(
        argv, program.path.parent, COMPILE_TIMEOUT, env=_builder_environment()
    )
    if hung:
        raise BuildError(f"{program.shown}: compiling took over {COMPILE_TIMEOUT:g} s")
    if status != 0 or not partial.is_file():
        lines = text_of(stderr).strip().split("\n") if stderr.strip() else []
        errors = [line for line in lines if "error" in line] or lines or ["(no message)"]
        name = Path(argv[0]).name
        header = _missing_header(errors[0])
        if header is not None:  # as shown: the header is named, never looked for
            raise MissingHeader(
                f"{program.shown}: does not compile with {name}: it includes {_shown(header)}, "
                "which is neither beside it nor in an include folder",
                _shown(header),
            )
        said = _shown(errors[0].strip())
        raise BuildError(f"{program.shown}: does not compile with {name}: {said}")


@functools.cache
def static_link_refused(kind: str) -> str | None:
    """Why this machine's compiler of ``kind`` cannot link a submission as problemtools does
    (``-static``, which needs the C library's static archive: Debian's libc6-dev, Fedora's
    glibc-static), told by compiling an empty program so; None when it can, or when there is
    no compiler (which is told otherwise)."""
    compiler = compiler_for(kind)
    if compiler is None:
        return None
    with tempfile.TemporaryDirectory(prefix="kit-static-") as folder:
        source = Path(folder) / ("empty.cpp" if kind == "cpp" else "empty.c")
        source.write_text("int main(void) { return 0; }\n")
        binary = Path(folder) / "empty"
        argv = [compiler, "-o", str(binary), *SUBMISSION_FLAGS[kind], str(source)]
        argv += SUBMISSION_LIBRARIES[kind]
        status, _, stderr, hung = run_program(
            argv, Path(folder), COMPILE_TIMEOUT, env=_builder_environment()
        )
    if status == 0 and not hung:
        return None
    lines = text_of(stderr).strip().split("\n")
    said = next((line for line in lines if "cannot find" in line), lines[-1]).strip()
    said = _shown(said) or f"exit status {status}"
    name = Path(compiler).name
    return f"{name} cannot link an empty program with problemtools' -static here ({said})"


def _builder_environment() -> dict[str, str]:
    """A compiler's or build script's environment: the user's, its temporary files in the
    kit's own folder (removed with it: those of a compiler killed at its timeout or with the
    kit stayed in /tmp)."""
    return {**os.environ, "TMPDIR": tempfile.gettempdir()}


def _scripted(program: Program) -> str:
    """The ``run`` script of a folder program, in a copy of the folder where ``build`` (if
    any) has run; built once, like a binary, for the bytes and modes of every file."""
    digest = hashlib.sha256(b"script\0")
    for path in sorted(program.path.rglob("*")):
        if path.is_file():
            name = path.relative_to(program.path).as_posix()
            digest.update(f"{name}\0{path.stat().st_mode & 0o111}\0".encode())
            digest.update(path.read_bytes() + b"\0")
    key = digest.hexdigest()[:32]
    with _lock:
        if key not in _built:
            built = _place(key) / "program"
            if not (built / RUN).is_file():
                _build_scripts(program, built)
            _built[key] = str(built / RUN)
        return _built[key]


def _build_scripts(program: Program, built: Path) -> None:
    """A copy of the folder at ``built``, its ``build`` run there; a one-line error when it
    fails or leaves no ``run``."""
    _sweep()
    work = built.with_name(f"work.{os.getpid()}")
    shutil.rmtree(work, ignore_errors=True)
    try:  # links followed: a link to a header shared by several programs still reads
        shutil.copytree(program.path, work)
        os.utime(work)  # the copy's own time, not its source's (an old folder's: "stale")
    except (OSError, shutil.Error) as error:
        shutil.rmtree(work, ignore_errors=True)
        raise BuildError(f"{program.shown}/: cannot be copied to build it: {error}") from None
    try:
        _build_in(program, work)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    shutil.rmtree(built, ignore_errors=True)
    try:
        os.replace(work, built)
    except OSError:  # another process built it first
        shutil.rmtree(work, ignore_errors=True)
        if not (built / RUN).is_file():
            raise


def _build_in(program: Program, work: Path) -> None:
    """``build`` run in ``work`` (if there is one), which must leave ``run`` there."""
    build = work / BUILD
    if build.is_file():
        build.chmod(build.stat().st_mode | 0o111)  # as a judge runs it, whatever the archive kept
        try:
            status, _, stderr, hung = run_program(
                [str(build)], work, COMPILE_TIMEOUT, env=_builder_environment()
            )
        except OSError as error:
            if machine_refused(error):  # the machine's limit, said as such (kit.cli)
                raise
            raise BuildError(f"{program.shown}/build cannot start: {error.strerror}") from None
        if hung:
            raise BuildError(f"{program.shown}/build took over {COMPILE_TIMEOUT:g} s")
        if status != 0:
            last = last_line(stderr)
            raise BuildError(f"{program.shown}/build failed (exit status {status}): {last}")
    run = work / RUN
    if not run.is_file():
        raise BuildError(f"{program.shown}/: no run script after build")
    run.chmod(run.stat().st_mode | 0o111)


def _shown(line: str) -> str:
    """A compiler's or build script's line (``text_of``) as the kit shows it (``kit.visible``),
    its backslashes kept: they are its quotes of the program's code, as a traceback's are."""
    return visible(line, backslash=False)


class MissingHeader(BuildError):
    """A C or C++ program that includes a header nowhere to be found (BAPCtools' packages
    include its ``validation.h``, which BAPCtools supplies): ``header`` names it."""

    def __init__(self, message: str, header: str) -> None:
        super().__init__(message)
        self.header = header


def _missing_header(error: str) -> str | None:
    """The header a compiler's first error says it cannot find (gcc: "fatal error: X: No such
    file or directory"; clang: "fatal error: 'X' file not found"), or None."""
    found = re.search(
        r"fatal error: '?([^':]+)'?:? (?:No such file or directory|file not found)", error
    )
    return found[1] if found else None


@dataclass(frozen=True)
class Interactor:
    """An interactive problem's judge: its program, protocol (``KIT``, ``KATTIS``,
    ``TESTLIB``) and, for a Kattis validator, the flags after its first three arguments."""

    program: Program
    protocol: str = KIT
    flags: tuple[str, ...] = ()

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
        protocol, colon, rest = spec.partition(":")
        if role == "interactor" and not (colon and protocol in (KATTIS, TESTLIB)):
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
    protocol, colon, rest = spec.partition(":")
    if not colon or protocol not in (KATTIS, TESTLIB):
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
    program = program_at(words[0], root, where, "interactor", include, folder=True)
    return Interactor(program, protocol, tuple(words[1:]))


def kattis_failure(status: int) -> str | None:
    """A Kattis validator's exit status described when it is the validator's own failure
    (anything but 42 and 43, 0 included); None for those two."""
    if status in (KATTIS_ACCEPTED, KATTIS_WRONG):
        return None
    return f"exit status {status}, neither 42 (accepted) nor 43 (wrong answer)"

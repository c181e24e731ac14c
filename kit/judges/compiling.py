"""Compiling a judge's C or C++ program (or a package's Java submission), and building a
folder program's ``build`` script, each once, the result kept in the kit's cache
(``kit.judges.programs`` says which program is which kind and starts it).

**Compiling.** C++ with ``$CXX``, else the first of g++, clang++, c++ on the PATH (``-O2
-std=gnu++17``); C with ``$CC``, else gcc, clang, cc (``-O2 -std=gnu11``, ``-lm``); a Kattis
package's validators with problemtools' standards (``KATTIS_JURY_FLAGS``: ``-std=gnu++23``,
``-std=gnu17``; BAPCtools' C++20 ``operator<=>`` in NWERC 2023's ``isolatedisland``). The
include path holds the source's own folder (``#include "testlib.h"`` finds the header a
Polygon package ships in ``files/`` beside ``check.cpp``) and any folder the problem names
(``testlib = "PATH"`` in problems.toml). The binary is kept in the kit's cache
(``kit.cache.folder()/programs/KEY``), keyed by the compiler, its flags, the sources and the
bytes of every file the last compile read as the compiler lists them (``-MM``: a header in
a folder under or above the source, or an ``.inc``, the system's headers aside; the list in
``programs/BASE/reads.json``, ``kit.judges.compiler_reads``), so a change recompiles and
nothing else does; with the cache off (``CPKIT_CACHE=0``) it is compiled once per process
into a temporary folder. What a compile or build killed left in the cache (a partial
binary, a folder's copy) is swept at the next one (``kit.cache.sweep``). Each use of a cached
program touches its folder's time (``kit.cache.used``; one another kit evicted meanwhile is
made again), and the first new one a process puts in the cache trims it to its cap
(``kit.cache.wrote_entry``: the programs used longest ago evicted).
A package's C or C++ submission (``kit.judges.programs.submission_program``; ``verify``) is
compiled as problemtools compiles it, with its flags (``SUBMISSION_FLAGS``: ``-g -O2
-std=gnu++23 -static``, C's ``-std=gnu17``), and cached the same way; a Polygon package's as
Codeforces compiles it (``kit.judges.codeforces_compile``: ``-DONLINE_JUDGE -O2`` and the
standard its source type names, ``-static`` only where this machine links it). A Kattis
package's Java submission is compiled as problemtools compiles it, a Polygon package's as
Codeforces does (``kit.judges.java_compile``, a row each: javac, ``$JAVAC`` when set; the
``--release`` a Codeforces type names, the file named after its public class), its sources
copied to a folder of their own that is both ``-sourcepath`` and ``-d``, the folder of classes
cached under the key of javac, its flags and the sources' bytes (``compiled`` gives the
folder; ``kit.judges.programs`` starts the JVM).
No compiler, or a compile error, is a one-line error; one for a header found nowhere is a
``MissingHeader``, which names it; one whose first error redeclares a name a system header
declared (the note's "previous declaration" under /usr/include) is a ``SystemClash``, which
names both. The compiler (or ``build``) runs as the jury's programs do
(``kit.processes.run_program``), in the user's environment, its temporary files in the kit's
folder: at ``COMPILE_TIMEOUT``, or when the kit is stopped, it ends with every process it
started (g++'s ``cc1plus`` compiled on).

**Build scripts.** A folder with ``build`` or ``run`` scripts (the Kattis format's
spec/legacy.md, "Programs") is copied, ``build`` run in the copy, and ``run`` is the program,
built once for the bytes and modes of every file and cached like a binary.

What is compiled or built is any ``Buildable``: its shown name, kind ("cpp", "c"), path (the
file or folder; the compiler runs in its folder), sources, include folders, and whether it is
a submission and whose (``PROBLEMTOOLS``, ``CODEFORCES``; ``kit.judges.programs.Program`` is
one).

API::

    compiled(program) -> str               # the binary (Java: the classes' folder); compiles
                                           # now unless cached
    scripted(program) -> str               # the built copy's ``run`` script
    last_reads(program) -> list[Path]      # what the program's last compile read
    compiler_for(kind) -> str | None       # the C ("c"), C++ ("cpp") or Java ("java") compiler
    no_compiler(kind) -> str               # what was looked for when there is none
    static_link_refused(kind) -> str | None  # why -static alone fails here (no static libc)
    MissingHeader(BuildError).header       # a header found nowhere
    SystemClash(BuildError).name, .header  # a name of its own a system header declares
    submission_flags(program) -> tuple[str, ...]  # a submission's flags, its judge's
    COMPILERS, FLAGS, LIBRARIES, SUBMISSION_FLAGS, SUBMISSION_LIBRARIES, COMPILE_TIMEOUT
    PROBLEMTOOLS, CODEFORCES               # the judges whose compile a submission gets
    SCRIPTS                                # a folder program's script names
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import hashlib
import os
import re
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Protocol

from kit import cache
from kit.errors import BuildError, machine_refused
from kit.file_moves import move
from kit.judges import codeforces_compile, compiler_reads, java_compile
from kit.processes import run_program
from kit.visible import last_line, text_of, visible

HEADER_SUFFIXES = (".h", ".hpp", ".hh", ".hxx")
COMPILERS = {
    "cpp": ("CXX", ("g++", "clang++", "c++")),
    "c": ("CC", ("gcc", "clang", "cc")),
    "java": ("JAVAC", ("javac",)),  # a package's Java submission (kit.judges.java_compile)
}
FLAGS = {"cpp": ("-O2", "-std=gnu++17", "-pipe"), "c": ("-O2", "-std=gnu11", "-pipe")}
# a Kattis package's validators (input and output, an interactor), compiled with the standards
# problemtools compiles them with: the languages.yaml of its submissions (below), which
# model/validators.py's find_programs is given as theirs (problemtools 1.20260907); -static
# aside, which only links
KATTIS_JURY_FLAGS = {"cpp": ("-O2", "-std=gnu++23", "-pipe"), "c": ("-O2", "-std=gnu17", "-pipe")}
LIBRARIES = {"cpp": (), "c": ("-lm",)}
LANGUAGE_NAMES = {"cpp": "C++", "c": "C", "java": "Java"}
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
# the judges whose compile a submission gets (``Buildable.submission``; "": a jury program's)
PROBLEMTOOLS, CODEFORCES = java_compile.PROBLEMTOOLS, java_compile.CODEFORCES
COMPILE_TIMEOUT = 300.0
# a program folder's scripts in the Kattis format (spec/legacy.md, "Programs"): ``build`` is
# run first in a copy of the folder, then ``run`` runs as a one-file program would
BUILD, RUN = "build", "run"
SCRIPTS = (BUILD, RUN)

_lock = threading.Lock()
_built: dict[str, str] = {}  # cache key -> binary, this process
_scratch: list[tempfile.TemporaryDirectory] = []
_swept: list[Path] = []  # the cache's folder, once its leftovers are swept
_WORK = re.compile(r"^work\.(\d+)$")  # a folder program's copy being built (``_build_scripts``)


class Buildable(Protocol):
    """What a compile or a build needs of a program (``kit.judges.programs.Program``)."""

    @property
    def shown(self) -> str: ...  # as named, for messages
    @property
    def kind(self) -> str: ...  # "cpp", "c" (or "script": a folder with build/run scripts)
    @property
    def path(self) -> Path: ...  # the file or folder compiled or built
    @property
    def sources(self) -> tuple[Path, ...]: ...
    @property
    def include(self) -> tuple[Path, ...]: ...
    @property
    def submission(self) -> str: ...  # "", else the judge compiling it: PROBLEMTOOLS, CODEFORCES
    @property
    def standard(self) -> str: ...  # a CODEFORCES submission's -std ("c++17"; Java: "11")
    @property
    def jury(self) -> str: ...  # PROBLEMTOOLS: a Kattis package's validator (KATTIS_JURY_FLAGS)


def compiled(program: Buildable) -> str:
    """The binary of a C/C++ program, compiled now unless this process or the cache has it
    for the present bytes of every file its last compile read (``kit.judges.compiler_reads``);
    a Java submission's folder of classes (``_compiled_classes``)."""
    if program.kind == "java":
        return _compiled_classes(program)
    command = _command(program, _compiler(program))
    base = _key(program, command)
    read = compiler_reads.recorded(base)
    key = compiler_reads.content_key(base, read) if read is not None else None
    with _lock:
        if key is not None and key in _built:
            if _used(base, Path(_built[key]).parent):
                return _built[key]
            del _built[key]  # evicted by another kit since: compiled again
        if key is not None and _used(base, _place(key, make=False)):
            binary = _place(key, make=False) / "program"
            if binary.is_file():
                _built[key] = str(binary)
                return _built[key]
        key = _compile(program, command, base)
        return _built[key]


def _used(base: str, entry: Path) -> bool:
    """The program's cache entry (``entry``) and its reads' (``base``'s) marked used now, so
    that the cache's trim keeps them (``kit.cache.used``); False when ``entry`` is gone."""
    folder = cache.folder()
    if folder is not None:
        cache.used(folder / "programs" / base)  # its reads: read just now, or made again
    return cache.used(entry)


def last_reads(program: Buildable) -> list[Path]:
    """The files the last compile of a C/C++ program read, headers included; none when it
    was never compiled (BuildError when there is no compiler)."""
    command = _command(program, _compiler(program))
    return compiler_reads.recorded(_key(program, command)) or []


def _command(program: Buildable, compiler: str) -> list[str]:
    """The compile's command (its output and libraries aside): the key's (the libraries
    added there), and ``-MM``'s; a submission's with its judge's flags (``submission_flags``)."""
    return [
        compiler,
        *(submission_flags(program) if program.submission else _jury_flags(program)),
        *(str(path) for path in program.sources),
        *(f"-I{folder}" for folder in _include_path(program)),
    ]


def _jury_flags(program: Buildable) -> tuple[str, ...]:
    """A jury program's flags: a Kattis package's validator's as problemtools compiles it
    (``KATTIS_JURY_FLAGS``: C++23, where the kit's own are C++17), else ``FLAGS``."""
    return (KATTIS_JURY_FLAGS if program.jury == PROBLEMTOOLS else FLAGS)[program.kind]


def submission_flags(program: Buildable) -> tuple[str, ...]:
    """A submission's flags, as its judge compiles it: problemtools' (``SUBMISSION_FLAGS``),
    or Codeforces' with the program's standard and ``-static`` where this machine links it
    (``static_link_refused``)."""
    kind = program.kind
    if program.submission != CODEFORCES:
        return SUBMISSION_FLAGS[kind]
    static = () if static_link_refused(kind) else ("-static",)
    return (*codeforces_compile.FLAGS[kind], f"-std={program.standard}", *static)


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


def _compiler(program: Buildable) -> str:
    found = compiler_for(program.kind)
    if found:
        return found
    language = LANGUAGE_NAMES[program.kind]
    raise BuildError(f"{program.shown}: a {language} program, and {no_compiler(program.kind)}")


def _include_path(program: Buildable) -> list[Path]:
    folders = [source.parent for source in program.sources] + list(program.include)
    return list(dict.fromkeys(folders))


def _libraries(program: Buildable) -> tuple[str, ...]:
    """What the compile links, after its sources (a submission's as its judge links)."""
    if program.submission == CODEFORCES:
        return codeforces_compile.LIBRARIES.get(program.kind, ())  # Java's: none
    return (SUBMISSION_LIBRARIES if program.submission else LIBRARIES).get(program.kind, ())


def _key(program: Buildable, command: list[str]) -> str:
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


def _headers(program: Buildable) -> list[Path]:
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


def _compile(program: Buildable, command: list[str], base: str) -> str:
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
    cache.wrote_entry()
    return key


def _compiled_classes(program: Buildable) -> str:
    """A Java submission's folder of classes, compiled now unless this process or the cache
    has it for javac, its flags and the sources' bytes (``_key``): problemtools' compile
    (``kit.judges.java_compile``), the sources copied to a folder of their own that is both
    ``-sourcepath`` and ``-d`` (a class another submission beside it defines is not found;
    a Codeforces one's file named after its public class, as Codeforces saves it)."""
    javac = _compiler(program)
    command = [javac, *_java_flags(program, javac), *(str(p) for p in program.sources)]
    key = _key(program, command)
    with _lock:
        if key not in _built or not cache.used(Path(_built[key]).parent):
            classes = _place(key, make=False) / "classes"
            if not (cache.used(classes.parent) and classes.is_dir()):
                _sweep()
                classes = _place(key) / "classes"
                _javac(program, javac, classes)
                cache.wrote_entry()
            _built[key] = str(classes)
        return _built[key]


def _javac(program: Buildable, javac: str, classes: Path) -> None:
    """The sources copied to a work folder beside ``classes``, compiled there and the folder
    renamed ``classes``; a compile error is the program's one-line ``BuildError``."""
    work = classes.with_name(f"work.{os.getpid()}")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    try:
        judge = program.submission or PROBLEMTOOLS
        names = [java_compile.file_name(source, judge) for source in program.sources]
        for source, name in zip(program.sources, names):
            shutil.copyfile(source, work / name)
        flags = (*_java_flags(program, javac), "-sourcepath", str(work), "-d", str(work))
        argv = [javac, *flags, *names]
        _run_compiler(program, argv, work, cwd=work)
        try:
            os.replace(work, classes)
        except OSError:  # another process compiled it first
            if not classes.is_dir():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _java_flags(program: Buildable, javac: str) -> tuple[str, ...]:
    """javac's flags for a Java submission, its judge's (``kit.judges.java_compile``): a
    Codeforces one's ``--release`` the release its type names (``standard``: "11")."""
    release = int(program.standard) if program.standard.isdigit() else 0
    return java_compile.compile_flags(javac, program.submission or PROBLEMTOOLS, release)


def _scratch_place(key: str) -> Path:
    """A folder in this process's temporary folder (removed at its exit)."""
    if not _scratch:
        _scratch.append(tempfile.TemporaryDirectory(prefix="kit-programs-"))
        atexit.register(_scratch[0].cleanup)
    place = Path(_scratch[0].name, key)
    place.mkdir(exist_ok=True, parents=True)
    return place


def _files_read(program: Buildable, command: list[str]) -> list[Path]:
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


def _run_compiler(
    program: Buildable, argv: list[str], partial: Path, cwd: Path | None = None
) -> None:
    """``argv`` run in ``cwd`` (the program's folder); a one-line error unless it made
    ``partial`` (a binary, or the folder javac writes to)."""
    folder = program.path.parent if cwd is None else cwd
    status, _, stderr, hung = run_program(argv, folder, COMPILE_TIMEOUT, env=_builder_environment())
    if hung:
        raise BuildError(f"{program.shown}: compiling took over {COMPILE_TIMEOUT:g} s")
    if status != 0 or not partial.exists():
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
        said = f"{program.shown}: does not compile with {name}: {_shown(errors[0].strip())}"
        clash = _system_clash(lines)
        if clash is not None:
            raise SystemClash(said, *clash)
        raise BuildError(said)


@functools.cache
def static_link_refused(kind: str) -> str | None:
    """Why this machine's compiler of ``kind`` cannot link statically (``-static``, which
    needs the C library's static archive: Debian's libc6-dev, Fedora's glibc-static), told by
    linking an empty program with ``-static`` alone (no ``-std``: a compiler too old for
    problemtools' ``gnu++23`` still links Codeforces' ``c++17`` statically); None when it
    can, or when there is no compiler (which is told otherwise). One probe, once a process,
    for both judges' compiles; None for Java, which links nothing."""
    compiler = compiler_for(kind) if kind in LIBRARIES else None
    if compiler is None:
        return None
    with tempfile.TemporaryDirectory(prefix="kit-static-") as folder:
        source = Path(folder) / ("empty.cpp" if kind == "cpp" else "empty.c")
        source.write_text("int main(void) { return 0; }\n")
        binary = Path(folder) / "empty"
        argv = [compiler, "-o", str(binary), "-static", str(source)]
        status, _, stderr, hung = run_program(
            argv, Path(folder), COMPILE_TIMEOUT, env=_builder_environment()
        )
    if status == 0 and not hung:
        return None
    lines = text_of(stderr).strip().split("\n")
    said = next((line for line in lines if "cannot find" in line), lines[-1]).strip()
    said = _shown(said) or f"exit status {status}"
    name = Path(compiler).name
    return f"{name} cannot link an empty program with -static here ({said})"


def _builder_environment() -> dict[str, str]:
    """A compiler's or build script's environment: the user's, its temporary files in the
    kit's own folder (removed with it: those of a compiler killed at its timeout or with the
    kit stayed in /tmp)."""
    return {**os.environ, "TMPDIR": tempfile.gettempdir()}


def scripted(program: Buildable) -> str:
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
        if key not in _built or not cache.used(Path(_built[key]).parent.parent):
            built = _place(key) / "program"
            if not (cache.used(built.parent) and (built / RUN).is_file()):
                _build_scripts(program, built)
                cache.wrote_entry()
            _built[key] = str(built / RUN)
        return _built[key]


def _build_scripts(program: Buildable, built: Path) -> None:
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


def _build_in(program: Buildable, work: Path) -> None:
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


class SystemClash(BuildError):
    """A C or C++ program whose first compile error is a name of its own the system's headers
    already declare (``int link[10];`` after ``<bits/stdc++.h>``, which brings glibc's
    ``link()`` from unistd.h): ``name`` and ``header`` (as under /usr/include: "unistd.h")."""

    def __init__(self, message: str, name: str, header: str) -> None:
        super().__init__(message)
        self.name, self.header = name, header


# a compiler's note on the earlier declaration a redeclaration clashes with (g++: "previous
# declaration 'int link(const char*, const char*)'"; gcc: "previous declaration of 'link'
# with type ..."), in a header under /usr (the system's)
_PREVIOUS = re.compile(
    r"^(/usr/(?:\S*?/)?include/\S+?):\d+(?::\d+)?: note: previous declaration "
    r"(?:of )?['\u2018`]([^'\u2019`]*)"
)
_ARCH = re.compile(r"^[\w.]+-linux-gnu\w*/")  # Debian's multiarch folder (x86_64-linux-gnu/)


def _system_clash(lines: list[str]) -> tuple[str, str] | None:
    """(name, header) when the compiler's first error is followed, before its next one, by
    a note placing the earlier declaration in a system header; else None."""
    first = next((n for n, line in enumerate(lines) if "error:" in line), None)
    if first is None:
        return None
    for line in lines[first + 1 :]:
        if "error:" in line:
            return None
        found = _PREVIOUS.match(line.strip())
        if found:
            declared = found[2]
            named = re.search(r"(\w+)\s*\(", declared) or re.search(r"(\w+)\W*$", declared)
            header = _ARCH.sub("", found[1].rsplit("/include/", 1)[1])
            return (named[1] if named else declared), header
    return None


def _missing_header(error: str) -> str | None:
    """The header a compiler's first error says it cannot find (gcc: "fatal error: X: No such
    file or directory"; clang: "fatal error: 'X' file not found"), or None."""
    found = re.search(
        r"fatal error: '?([^':]+)'?:? (?:No such file or directory|file not found)", error
    )
    return found[1] if found else None

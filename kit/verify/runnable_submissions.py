"""Whether a package's submission can run here at all (``kit.verify.judging`` judges the rest): one
over the package's code limit is not run, as problemtools runs none (a disagreement); one in
another language than Python is not run (Kotlin's and Haskell's rows say when their compiler is
missing too), but a C or C++ one, compiled as its judge compiles it (``compiled``: a Kattis
package's as problemtools, a Polygon package's as Codeforces compiles its source type, one of
a type naming no standard the kit maps not run), and a Java one, compiled and run as
problemtools does (Kattis) or as Codeforces does its type's release (Polygon:
``kit.judges.java_compile``; a type naming none, ``java.kotlin``, not run); its compile error is
its own, but a Polygon one's that only glibc's headers give (a global ``link`` or ``y1``
clashing with a name they declare: ``compiling.SystemClash``) is not run, Codeforces
compiling on Windows; without a compiler here it is not run); a Python 3 file that does not
compile is the submission's own compile error, as a judge's compile step rejects it, and a
Python 2 one (by its ``#!`` line or by what CPython says of its syntax) is only set aside;
and under a stand-in older than the target it stands for, a file the stand-in cannot compile,
or that uses an API of the standard library its version lacks, is not run, not given a
runtime error the judge's
Python does not give.

API::

    over_code_limit(submission, code_limit) -> str  # why it is not run, or ""
    unrunnable(submission) -> tuple[str, bool]  # why it is not run, or "", and whether that is
                                                # its own compile error
    beyond_stand_in(submission, runner) -> str  # why the stand-in does not run it, or ""
    compiled(submission, runner, package_format, memory_mib) -> tuple[Runner | None, str, bool]
        # a C/C++ or Java one's runner, else why it is not run and whether that is its
        # compile error
"""

from __future__ import annotations

import shutil
from pathlib import Path

from kit.bundle.sources import read_source
from kit.check import apis
from kit.check.checks import waits_for_checks
from kit.check.syntax import compile_errors
from kit.errors import BuildError
from kit.judges.codeforces_compile import standard_of
from kit.judges.compiling import (
    CODEFORCES,
    PROBLEMTOOLS,
    SystemClash,
    compiler_for,
    no_compiler,
    static_link_refused,
)
from kit.judges.java_compile import OTHER_COMPILERS, UNLIMITED_ADDRESS, type_release
from kit.judges.programs import JAVA_HEAP, Program, submission_program
from kit.judges.targets import Runner, compiled_runner
from kit.packages.model import KATTIS, POLYGON, Submission

# what CPython 3 says of the syntax only Python 2 has (print and exec statements, ``except
# E, name``, octal literals written 0777)
COMPILED_LANGUAGES = ("C", "C++")  # a package's submissions the kit compiles and runs
COMPILED_FORMATS = (KATTIS, POLYGON)  # the packages whose C/C++ ones are compiled
JVM_COMPILED = (*COMPILED_LANGUAGES, "Java")  # and their Java ones, run by a JVM
PYTHON_2_HINTS = (
    "Missing parentheses in call to",
    "multiple exception types must be parenthesized",
    "leading zeros in decimal integer literals",
)


def over_code_limit(submission: Submission, code_limit: int | None) -> str:
    """Why a submission is over the package's code limit (``code_limit`` bytes, its files
    together), or "": problemtools reports an error and does not run it, a disagreement."""
    path = submission.beside or submission.path  # a submission of several files: all of them
    files = [path] if path.is_file() else [entry for entry in path.rglob("*") if entry.is_file()]
    size = sum(entry.stat().st_size for entry in files)
    if code_limit is None or size <= code_limit:
        return ""
    limit = f"{code_limit >> 10} KiB" if code_limit % 1024 == 0 else f"{code_limit:,} bytes"
    return f"not run: its {size:,} bytes are over the package's code limit of {limit} (limits.code)"


def unrunnable(submission: Submission) -> tuple[str, bool]:
    """Why a submission is not run here ("" when it is), and whether that is its own compile
    error: a Python 3 file that does not compile, as a judge's compile step rejects it (a
    submission of several files: any of them, as ``python3 -m py_compile {files}``; a Python
    2 file, by its ``#!`` line or by what CPython says of its syntax, is only set aside)."""
    if submission.language != "Python":
        return f"not run: {submission.language} ({_only_these(submission.language)})", False
    folder = submission.beside
    for file in _python_files(submission):
        why = _uncompiled(file, file.name if folder is not None else "")
        if why[0]:
            return why
    return "", False


def _only_these(language: str) -> str:
    """What runs here instead, and the language's compiler when it is missing too (problemtools
    compiles Kotlin with kotlinc, Haskell with ghc: ``java_compile.OTHER_COMPILERS``)."""
    said = "only Python 3, C, C++ and Java submissions run here"
    compiler = OTHER_COMPILERS.get(language)
    if compiler is not None and shutil.which(compiler) is None:
        said += f"; no {language} compiler ({compiler}) here either"
    return said


def _python_files(submission: Submission) -> list[Path]:
    """The Python files of a submission: its folder's, its entry point among them, or its one
    file."""
    folder = submission.beside
    files = sorted(folder.glob("*.py")) if folder is not None else [submission.path]
    if submission.path not in files:  # an entry point the folder does not hold
        files.append(submission.path)
    return files


def beyond_stand_in(submission: Submission, runner: Runner) -> str:
    """Why a submission is not run under a stand-in older than the target it stands for
    ("" when it may be): a file it cannot compile (``match`` under PyPy 3.9 for pypy3.10)
    would be a runtime error the judge's Python does not give."""
    if runner.exact or not waits_for_checks(runner, runner.target):
        return ""
    files = _python_files(submission)
    units = []
    for file in files:
        try:
            units.append((file.name, file.read_text(encoding="utf-8", errors="replace")))
        except OSError:
            return ""  # said by the run
    failure = compile_errors([runner.interpreter.executable, "-I"], units)
    if failure is None:
        failure = _lacked_api(files, runner)
    if failure is None:
        return ""
    name, line, message = failure
    return (
        f"not run: {runner.interpreter.label} here is older than {runner.target.name} and "
        f"cannot run it ({name}, line {line}: {message})"
    )


def _lacked_api(files: list[Path], runner: Runner) -> tuple[str, int, str] | None:
    """The first API of the standard library the stand-in's own version lacks in ``files``
    (``itertools.pairwise`` under PyPy 3.9), as the build's checks find it; None if none."""
    impl, version = runner.interpreter.impl, runner.interpreter.version
    modules = []
    for file in files:
        try:
            source = read_source(file.parent, file.stem, file, is_package=False)
        except BuildError:
            return None  # said by the run
        source.shipped = source.text
        modules.append(source)
    for finding in apis.findings(modules):
        if apis.lacks(finding, version, impl):
            rel, line, what, needs = finding[:4]
            return rel, line, f"{what} needs Python {'.'.join(map(str, needs))}"
    return None


def _uncompiled(file: Path, name: str) -> tuple[str, bool]:
    """Why a Python file is not run, as ``unrunnable`` says (``name``: the file named in
    it, a submission of several files' own), or ("", False)."""
    of = f"{name}: " if name else ""
    try:
        source = file.read_bytes()
    except OSError as error:
        return f"not run: {of}cannot be read ({error})", False
    try:
        compile(source, str(file), "exec")
    except SyntaxError as error:
        where = "SyntaxError" + (f", line {error.lineno}" if error.lineno else "")  # a NUL: none
        first = source.split(b"\n", 1)[0]
        if any(hint in str(error.msg) for hint in PYTHON_2_HINTS) or b"python2" in first:
            return f"not run: {of}not Python 3 ({where})", False
        return f"does not compile ({of}{where}: {error.msg})", True
    except ValueError as error:  # a null byte before 3.11.4 (Debian's 3.11.2), a SyntaxError since
        return f"does not compile ({of}SyntaxError: {error})", True
    return "", False


def compiled(
    submission: Submission,
    runner: Runner,
    package_format: str = KATTIS,
    memory_mib: int = JAVA_HEAP,
) -> tuple[Runner | None, str, bool]:
    """A C or C++ submission compiled as its judge compiles it (``kit.judges.programs``'
    ``submission_program``, cached as the jury's programs are): a Kattis package's as
    problemtools, a Polygon package's as Codeforces compiles its source type; a Java one as
    its judge compiles and runs it (its heap ``memory_mib``, the problem's memory limit; its
    address space not held). The runner of its binary (for
    ``runner``'s target), "" and False; else None, why it is not run ("" for another
    language), and whether that is its own compile error (problemtools: "Compile error for"
    it, whatever its folder) rather than no compiler here or a type naming no standard the
    kit maps."""
    if package_format not in COMPILED_FORMATS or submission.language not in JVM_COMPILED:
        return None, "", False
    program, why = _program(submission, package_format, memory_mib)
    if program is None:
        return None, why, False
    compiler = compiler_for(program.kind)
    if compiler is None:
        return None, f"not run: {no_compiler(program.kind)}", False
    try:
        argv = program.argv()
    except BuildError as error:
        return _failed(submission, program, error)
    held = submission.language not in UNLIMITED_ADDRESS
    return compiled_runner(runner, compiler, argv, submission.language, held), "", False


def _codeforces_java(submission: Submission, memory_mib: int) -> tuple[Program | None, str]:
    """A Polygon package's Java solution as Codeforces compiles its type's release (``java11``),
    or None and why it is not run (a type naming no release: ``java.kotlin``)."""
    release = type_release(submission.source_type)
    if release is None:
        return None, (
            f"not run: its type {submission.source_type or '(none)'} names no Java release the "
            "kit maps to Codeforces' compile (java8, java11, java17, java21)"
        )
    path, name = submission.path, submission.name
    program = submission_program(path, name, CODEFORCES, str(release), memory_mib)
    if program is not None and program.kind != "java":
        return None, f"not run: its type {submission.source_type} is not its file's language"
    return program, ""


def _failed(submission: Submission, program: Program, error: BuildError) -> tuple[None, str, bool]:
    """Why a submission that did not compile is not run, and whether that is its own compile
    error: not the machine's (no static C library), nor one only glibc's headers give a
    Polygon solution, which Codeforces compiles on Windows."""
    refused = static_link_refused(program.kind)  # the machine's failure, not the program's
    if refused is not None and program.submission == PROBLEMTOOLS:
        return None, f"not run: {refused}", False
    if isinstance(error, SystemClash) and program.submission == CODEFORCES:
        return None, _clash_said(error), False
    folder = submission.path if submission.path.is_dir() else submission.path.parent
    said = str(error).removeprefix(f"{submission.name}: ")
    return None, said.replace(f"{folder}/", ""), True


def _clash_said(clash: SystemClash) -> str:
    """Why a Polygon solution whose own name clashes with glibc's is not run: Codeforces
    compiles it on Windows, whose headers do not declare it."""
    return (
        f"not run: its global '{clash.name}' clashes with glibc's {clash.name}() "
        f"({clash.header}), which Codeforces' Windows headers do not declare"
    )


def _program(
    submission: Submission, package_format: str, memory_mib: int
) -> tuple[Program | None, str]:
    """The program a C, C++ or Java submission is compiled as, or None and why it is not run
    ("" when it holds no such source): a Polygon one with the standard its source type names
    (``kit.judges.codeforces_compile``; Java's, its release), of the language the type
    names."""
    if package_format == KATTIS:
        path, name = submission.path, submission.name
        return submission_program(path, name, memory=memory_mib), ""
    if submission.language == "Java":
        return _codeforces_java(submission, memory_mib)
    mapped = standard_of(submission.source_type)
    kind = "C" if submission.language == "C" else "C++"
    if mapped is None:
        return None, (
            f"not run: its type {submission.source_type or '(none)'} names no {kind} standard "
            "the kit maps to Codeforces' compile (cpp.g++11 to cpp.g++23, c.gcc)"
        )
    program = submission_program(submission.path, submission.name, CODEFORCES, mapped[1])
    if program is not None and program.kind != mapped[0]:
        return None, f"not run: its type {submission.source_type} is not its file's language"
    return program, ""

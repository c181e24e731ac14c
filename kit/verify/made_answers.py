"""A Polygon package exported without its tests or their answers (Polygon's "standard"
package, whose ``doall.sh`` makes them, its ``scripts/gen-answer.sh`` running the main
solution on each input) given them as Polygon makes them. Its generated tests whose inputs
are missing are made by their generators (``kit.verify.generated_tests``). Where problem.xml
says its tests are well formed (``<property name="tests-wellformed" value="true">``: each
line ends in LF, purplesyringa/problem-xml-specs at 03943479, docs/13-properties.md), an
input whose lines end in CR LF (a package saved on Windows) is read with LF, as Polygon
keeps it: testlib's validator built here reads a CR as no line's end (testlib.h,
``InStream::eoln`` in strict mode: LF, and CR LF only where it is built for Windows); so is
a validator test whose verdict is valid where some input is (mamrudien/closest-pair-problem:
its one validator test, the same bytes as its sample, was rejected here). Then
its main solution, when it is C, C++, Java or Python and compiles here, is run on each input
whose answer is missing under the package's limits (its time limit of CPU, a wall-clock kill
at three times that, its memory limit: a C or C++ one's address space, a Java one's heap,
its JVM's address space not held, as ``verify`` runs the package's Java solutions), by the
runner ``verify`` runs the package's Python solutions with (a C, C++ or Java one compiled
and run as Codeforces compiles its type: ``kit.verify.runnable_submissions.compiled``, a
Java one's ``java7`` as ``--release 7``), and what it writes is the answer (a problem of
named files, ``<judging input-file="input.txt" output-file="output.txt">``: the input
written into its folder as ``input.txt``, the answer what it leaves in ``output.txt``, as
``kit.run.process`` runs a solution of such a problem). Each answer made is kept in the kit's
cache (``answers/KEY``, ``kit.cache.keep``, evicted under its cap with the compiled programs
and generated tests, the ones used longest ago first), keyed by all it depends on: the main
solution's bytes, language and type, how it runs (its binary's path, which its compile
line's key names, or its interpreter and flags, and the interpreter's or JVM's file as it is
now: its real path, size, times and inode, ``kit.cache.file_stamp``, the identity the kit asks
an interpreter its version by, so one upgraded or rebuilt in place makes them again; a PyPy
launcher's shared library too, ``libpypy3.9-c.so``, the interpreter itself), the
input's bytes, the named files, the
limits and the entries' ``FORMAT``; the next ``verify``, ``build``, ``run`` or ``stress`` of
the package reads it there, and a changed solution or input makes it again. The package
itself is not written to: it is read through a view of it (links to its files, the inputs
and answers made beside them) in a temporary folder. A run that fails (an exit status other
than 0, killed at a limit, or by the kernel's out-of-memory killer:
``kit.processes.OomKill``) is a one-line error naming the test, and nothing of it kept; so is
a main solution in a language not run here (Python 2, Kotlin, Java of a type naming no
release), naming it; a package without a main solution is left as it is (its reader says
what it lacks).

API::

    answered(path, shown, runner) -> tuple[Path, tuple[str, ...]]  # the folder to read, notes
"""

from __future__ import annotations

import atexit
import hashlib
import os
import platform
import shutil
import signal
import sysconfig
import tempfile
from pathlib import Path

from kit import cache
from kit.errors import BuildError
from kit.judges.profiles import default_targets
from kit.judges.targets import Compiled, Interpreter, Runner, runner_for_runs
from kit.packages import package_folder, polygon
from kit.packages.model import POLYGON, Submission
from kit.packages.polygon import Unanswered
from kit.processes import program_ran
from kit.verify.generated_tests import generated
from kit.verify.runnable_submissions import JVM_COMPILED, compiled

MAKERS = (*JVM_COMPILED, "Python")  # the main solutions' languages run to make answers
JUDGE = "Codeforces"  # a Polygon package's (kit.packages.polygon)
KILL_FACTOR = 3  # the wall-clock kill, times the time limit
FORMAT = "answers-1"  # the made answers' entries in the cache: a new one makes them anew
_scratch: list[tempfile.TemporaryDirectory] = []
PYPY_LIBRARIES = "libpypy*-c.so*"  # the interpreter a PyPy launcher runs (``_libraries``)
LINKER_FOLDERS = ("/lib", "/usr/lib", "/usr/local/lib")  # and each one's multiarch folder


def answered(path: Path, shown: str, runner: Runner | None) -> tuple[Path, tuple[str, ...]]:
    """The folder to read the package at ``path`` from: ``path`` itself, or a view of it with
    each missing generated test made by its generator (``kit.verify.generated_tests``), each
    input ending its lines in CR LF where problem.xml says its tests end them in LF made so,
    and each missing answer made by its main solution (a Python one run by ``runner``, else by
    Codeforces' first target's); and the notes saying so (none for none)."""
    folder = package_folder(path, shown)
    if not polygon.is_polygon(folder):
        return path, ()
    # its errors are the reader's, but for a generated test's command that cannot be split,
    # which the reader, finding the test missing, would say less well
    lacked = polygon.unanswered(folder, shown)
    main = lacked.main
    answerable = bool(lacked.tests) and main is not None and main.language in MAKERS
    unmade = bool(lacked.tests) and not answerable  # answers no main solution here makes
    if unmade and main is not None:
        raise BuildError(_not_made_here(main, shown, folder, lacked))
    if answerable and main is not None and not main.path.is_file():
        raise BuildError(
            f"{shown}: its answers are missing, and its main solution {main.name}, which "
            "would make them, is not in the package either (problem.xml names it)"
        )
    if unmade or not (answerable or lacked.generated or lacked.crlf):
        return path, ()  # the reader says what it lacks
    inputs = generated(folder, shown, lacked)
    crlf = (*lacked.crlf, *lacked.valid_crlf)
    inputs.update({source: source.read_bytes().replace(b"\r\n", b"\n") for source in crlf})
    made = dict(inputs)
    if answerable:
        assert main is not None
        made.update(_answers(main, runner, folder, shown, lacked, inputs))
    notes = [*_input_notes(folder, lacked)]
    if answerable:
        notes.append(
            f"note: answers: {len(lacked.tests)} made by the main solution {main.name}, as "
            f"Polygon makes them (the package has none{_near(folder, lacked)})"
        )
    return _view(folder, made), tuple(notes)


def _near(folder: Path, lacked: Unanswered) -> str:
    """The note's words on a file named near the first answer made, which problem.xml's
    pattern does not name (``tests/01.ans`` for ``tests/01.a``), "" for none."""
    if not lacked.near:
        return ""
    first = lacked.tests[0][1].relative_to(folder).as_posix()
    return f"; {lacked.near} is there: did you mean it as {first}?"


def _not_made_here(main: Submission, shown: str, folder: Path, lacked: Unanswered) -> str:
    """Why the missing answers are not made: the main solution's language is none the kit runs
    to make them (the reader would name the first answer missing and no more)."""
    first = lacked.tests[0][1].relative_to(folder).as_posix()
    more = f" and {len(lacked.tests) - 1} more" if len(lacked.tests) > 1 else ""
    makers = [("Python 3" if language == "Python" else language) for language in MAKERS]
    return (
        f"{shown}: its answers are missing ({first}{more}), and its main solution {main.name} "
        f"cannot make them here: {main.language}, of type {main.source_type} (the kit makes "
        f"answers with a {', '.join(makers[:-1])} or {makers[-1]} main solution): run it on "
        "each input as doall.sh does, or download the full package"
    )


def _answers(
    main: Submission,
    runner: Runner | None,
    folder: Path,
    shown: str,
    lacked: Unanswered,
    inputs: dict[Path, bytes],
) -> dict[Path, bytes]:
    """Each missing answer, made by the main solution on its input (``inputs``' where made)."""
    own = runner or runner_for_runs(default_targets(JUDGE))
    if main.language in JVM_COMPILED:  # a Java one's heap the memory limit
        own, why, _ = compiled(main, own, POLYGON, lacked.memory_limit)
        if own is None:
            raise BuildError(
                f"{shown}: its answers are missing, and its main solution {main.name} cannot "
                f"make them here: {why}"
            )
    made = {}
    with tempfile.TemporaryDirectory(prefix="kit-inputs-") as home:
        solution = _solution(main, own, lacked)
        for source, answer in lacked.tests:
            given = source
            if source in inputs:
                given = Path(home) / "input"
                given.write_bytes(inputs[source])
            key = _key(solution, given.read_bytes())
            text = cache.kept(cache.ANSWERS, key)
            if text is None:
                text = _made(main, own, (source, given), answer, (folder, shown), lacked)
                cache.keep(cache.ANSWERS, key, text)
            made[answer] = text
    return made


def _solution(main: Submission, runner: Runner, lacked: Unanswered) -> bytes:
    """What an answer depends on but its input: the cache's format, the main solution's bytes,
    language and type, how it is run (its compiled binary's path, named by its compile line's
    key, or its interpreter, its build (``_build``) and flags), its named files and its
    limits."""
    command = [part for part in runner.command(main.path) if part != str(main.path)]
    program = runner.interpreter
    parts = (
        FORMAT,
        main.language,
        main.source_type,
        program.impl,
        ".".join(map(str, program.version)),
        _build(program),
        *command,
        *lacked.named,
        f"{lacked.time_limit!r} s, {lacked.memory_limit} MiB, kill x{KILL_FACTOR}",
        f"address space held: {_held(runner)}",
    )
    text = "\0".join(parts).encode() + b"\0" + main.path.read_bytes()
    return hashlib.sha256(text).digest()


def _build(program: Interpreter) -> str:
    """Which build of an interpreter (or a JVM) runs: its file as it is now
    (``kit.cache.file_stamp``: real path, size, times, inode), the key the kit's question of
    its version is kept by (``kit.judges.targets``), so no run more; a patch upgrade in place
    changes it, where the path and minor version stay. Not a binary compiled here: its path
    names its compiler's file (``kit.judges.compiling``), and each use sets its times."""
    if isinstance(program, Compiled) and program.address_space:
        return "compiled here"
    stamp = cache.file_stamp(program.executable) or f"{program.executable} (not read)"
    return "|".join([stamp, *_libraries(program)])


def _libraries(program: Interpreter) -> list[str]:
    """The stamps of the shared libraries a PyPy launcher may run (``libpypy3.9-c.so``), which
    hold the interpreter itself: one rebuilt or replaced under an unchanged launcher changes
    the build. Looked for beside the launcher's real file (a portable build's, its RUNPATH
    ``$ORIGIN``) and in the dynamic linker's default folders (Debian's, beside
    ``/usr/bin/pypy3.9``: ``/usr/lib/x86_64-linux-gnu``)."""
    if program.impl != "pypy":
        return []
    arch = sysconfig.get_config_var("MULTIARCH") or f"{platform.machine()}-linux-gnu"
    folders = [Path(os.path.realpath(program.executable)).parent]
    folders += [Path(top, *inside) for top in LINKER_FOLDERS for inside in ((arch,), ())]
    found = (path for folder in folders for path in sorted(folder.glob(PYPY_LIBRARIES)))
    stamps = map(cache.file_stamp, map(str, found))  # a real path once: /lib is /usr/lib
    return list(dict.fromkeys(stamp for stamp in stamps if stamp))


def _key(solution: bytes, given: bytes) -> str:
    """The cache's key of an answer: what it depends on (``_solution``) and its input."""
    return hashlib.sha256(solution + hashlib.sha256(given).digest()).hexdigest()[:32]


def _held(runner: Runner) -> bool:
    """Whether the run's address space is held to the memory limit: not a JVM's
    (``Compiled.address_space``)."""
    program = runner.interpreter
    return not isinstance(program, Compiled) or program.address_space


def _input_notes(folder: Path, lacked: Unanswered) -> list[str]:
    """The notes on the inputs made: generated, and CR LF made LF."""
    notes = []
    if lacked.generated:
        sources = sorted({dict(lacked.executables)[t.command[0]] for t in lacked.generated})
        notes.append(
            f"note: tests: {len(lacked.generated)} made by the generator "
            f"{', '.join(sources)} with problem.xml's commands, as Polygon makes them (the "
            "package has none)"
        )
    if lacked.crlf:
        first = lacked.crlf[0].relative_to(folder).as_posix()
        more = f" and {len(lacked.crlf) - 1} more" if len(lacked.crlf) > 1 else ""
        notes.append(
            f"note: {first}{more}: lines ending in CR LF read as ending in LF, as problem.xml's "
            f"tests-wellformed says Polygon keeps its tests (a package saved on Windows?)"
            f"{_valid_crlf(folder, lacked)}"
        )
    return notes


def _valid_crlf(folder: Path, lacked: Unanswered) -> str:
    """The note's words on the valid validator tests read with LF too ("" for none)."""
    if not lacked.valid_crlf:
        return ""
    names = ", ".join(path.relative_to(folder).as_posix() for path in lacked.valid_crlf)
    one = len(lacked.valid_crlf) == 1
    said = (
        f"is the valid validator test {names} (its verdict says Polygon's validator accepts it"
        if one
        else f"are the valid validator tests {names} (their verdicts say Polygon's validator "
        "accepts them"
    )
    return f"; so {said}; one built here reads a CR as no line's end)"


def _made(
    main: Submission,
    runner: Runner,
    sources: tuple[Path, Path],
    answer: Path,
    package: tuple[Path, str],
    lacked: Unanswered,
) -> bytes:
    """The main solution's output on a test's input (``sources``: the package's path, and the
    file that holds it), under the package's limits; a one-line error naming the package
    (``package``: its folder, and as it was named) when the run fails."""
    source, given = sources
    folder, shown = package
    input_file, output_file = lacked.named  # a problem of named files: they are its streams
    held = _held(runner)
    with tempfile.TemporaryDirectory(prefix="kit-answer-") as home:
        written = Path(home) / (output_file or "answer")
        if input_file:
            shutil.copyfile(given, Path(home) / input_file)
        ran = program_ran(
            runner.command(main.path),
            Path(home),
            lacked.time_limit * KILL_FACTOR,
            stdin=None if input_file else given,
            memory=lacked.memory_limit if held else None,
            cpu=lacked.time_limit,
            output=Path(os.devnull) if output_file else written,
        )
        left = written.is_file() and not written.is_symlink()
        text = written.read_bytes() if left else b""
    why = "" if left else f"no {output_file} after the run"
    limits = f"{lacked.time_limit:g} s, {lacked.memory_limit} MiB"
    if ran.oom is not None and not ran.hard_cpu_stop:  # the machine's memory, perhaps
        why = f"killed by {ran.oom.said()}; its limits: {limits}"
    elif ran.hung or ran.hard_cpu_stop or -ran.status in (signal.SIGKILL, signal.SIGXCPU):
        why = f"killed at its limits ({limits})"
    elif ran.status != 0:
        why = f"exit status {ran.status}"
    if why:
        test = source.relative_to(folder).as_posix()
        raise BuildError(
            f"{shown}: {main.name}, the main solution, cannot make the answer {answer.name} of "
            f"{test} (Polygon makes it so): {why}"
        )
    return text


def _view(folder: Path, made: dict[Path, bytes]) -> Path:
    """A view of ``folder`` in a temporary folder: links to its entries, the folders that
    hold a made file (an input or an answer) made anew, each made file written there in
    place of the package's."""
    if not _scratch:
        _scratch.append(tempfile.TemporaryDirectory(prefix="kit-answers-"))
        atexit.register(_scratch[0].cleanup)
    top = Path(tempfile.mkdtemp(dir=_scratch[0].name)) / folder.name
    _mirror(folder, top, made)
    return top


def _mirror(source: Path, target: Path, made: dict[Path, bytes]) -> None:
    target.mkdir()
    for entry in sorted(source.iterdir()):
        inside = {answer: text for answer, text in made.items() if entry in answer.parents}
        if inside and entry.is_dir() and not entry.is_symlink():
            _mirror(entry, target / entry.name, inside)
        elif entry not in made:  # one made anew is written below, never through a link
            os.symlink(entry.absolute(), target / entry.name)
    for answer, text in made.items():
        if answer.parent == source:
            (target / answer.name).write_bytes(text)

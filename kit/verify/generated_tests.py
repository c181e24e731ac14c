"""A Polygon package's generated tests made as Polygon makes them, where the package lacks
their inputs (its "standard" package, whose ``doall.sh`` makes them). problem.xml's ``<test
method="generated" cmd="gen 5 10 3">`` names a generator of ``<files><executables>`` by its
first word (its source's file name, with or without its extension) and gives its arguments
(the rest, split as a shell splits them: purplesyringa/problem-xml-specs at 03943479,
docs/12-judging.md, 12.3 "Tests"). The generator's source is compiled as the package's checker
is (``kit.judges.programs``, ``kit.judges.compiling``: the ``testlib.h`` in ``files/``) and
run with the arguments in an empty folder, with no input, for at most ``GENERATOR_TIMEOUT``
seconds of wall time: its stdout is the test (a Polygon script's ``gen ARGS > $``, run by
``doall.sh`` through ``scripts/gen-input-via-stdout.sh``); for a test with
``from-file="N"`` (a script's ``gen ARGS > {N-M}``, one run writing several tests: how
kunyavskiy/polygon-cli at f82176f8 reads problem.xml back, ``polygon_cli/problem.py``), the
file ``N`` it wrote, or ``0N``, ``00N`` (``scripts/gen-input-via-files.sh``), the generator
run once for all the tests of one command. Each test made is kept in the kit's cache
(``generated/KEY``), keyed by the generator's binary, its arguments and the file read, so the
next ``verify`` does not run it again (evicted under the cache's cap with its compiled
programs, the ones used longest ago first: ``kit.cache.trim``). A generator that fails (an
exit status other than 0, killed at its time, no such file written) is a one-line error
naming the test and its command; one problem.xml does not list is too.

API::

    generated(folder, shown, lacked) -> dict[Path, bytes]  # each missing input, made
    GENERATOR_TIMEOUT
"""

from __future__ import annotations

import hashlib
import shlex
import tempfile
from pathlib import Path

from kit import cache
from kit.errors import BuildError
from kit.judges.programs import program_at
from kit.packages.polygon import Generated, Unanswered
from kit.processes import program_ran
from kit.visible import last_line

GENERATOR_TIMEOUT = 60.0  # seconds of wall time: the kit's rule (Polygon documents none)
PADDINGS = ("", "0", "00")  # a from-file test's names, as gen-input-via-files.sh tries them


def generated(folder: Path, shown: str, lacked: Unanswered) -> dict[Path, bytes]:
    """The input of each of ``lacked``'s generated tests, by its path in the package at
    ``folder`` (named ``shown``), made by its generator or read from the cache."""
    made: dict[Path, bytes] = {}
    binaries: dict[str, tuple[list[str], str]] = {}  # source -> (argv, its bytes' digest)
    with tempfile.TemporaryDirectory(prefix="kit-generate-") as home:
        runs: dict[tuple[str, ...], Path] = {}  # a from-file command's folder, run once
        for test in lacked.generated:
            argv, digest = _generator(folder, shown, lacked, test, binaries)
            key = _key(digest, test)
            kept = cache.kept(cache.GENERATED, key)
            if kept is None:
                kept = _made(argv, test, folder, shown, Path(home), runs)
                cache.keep(cache.GENERATED, key, kept)
            made[test.input] = kept
    return made


def _generator(
    folder: Path,
    shown: str,
    lacked: Unanswered,
    test: Generated,
    binaries: dict[str, tuple[list[str], str]],
) -> tuple[list[str], str]:
    """The argv of the test's generator, compiled, and its binary's digest."""
    sources = dict(lacked.executables)
    name = test.command[0] if test.command else ""
    relative = sources.get(name)
    if relative is None:
        raise BuildError(
            f"{shown}: {_test(folder, test)}: its generator {name or '(none)'} is not among "
            "problem.xml's <files><executables>"
        )
    if relative not in binaries:
        include = (folder / "files",) if (folder / "files").is_dir() else ()
        where = f"{shown}/problem.xml"
        argv = program_at(relative, folder, where, "generator", include).argv()
        digest = hashlib.sha256(Path(argv[-1]).read_bytes()).hexdigest()
        binaries[relative] = argv, digest
    return binaries[relative]


def _key(digest: str, test: Generated) -> str:
    """The cache's key of a test: its generator's binary, arguments and file."""
    text = "\0".join((digest, *test.command[1:], "from-file", test.from_file))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _made(
    argv: list[str],
    test: Generated,
    folder: Path,
    shown: str,
    home: Path,
    runs: dict[tuple[str, ...], Path],
) -> bytes:
    """The test as its generator writes it: its stdout, or its ``from-file`` file."""
    if test.from_file and test.command in runs:
        return _from_file(runs[test.command], test, folder, shown)
    work = Path(tempfile.mkdtemp(dir=home))
    output = home / f"{work.name}.out"
    ran = program_ran([*argv, *test.command[1:]], work, GENERATOR_TIMEOUT, output=output)
    why = ""
    if ran.hung:
        why = f"no end after {GENERATOR_TIMEOUT:g} s (killed)"
    elif ran.status != 0:
        said = last_line(ran.stderr, 200)
        why = f"exit status {ran.status}" + (f": {said}" if said else "")
    if why:
        raise BuildError(f"{shown}: {_test(folder, test)}: {_command(test)} failed: {why}")
    if not test.from_file:
        return output.read_bytes()
    runs[test.command] = work
    return _from_file(work, test, folder, shown)


def _from_file(work: Path, test: Generated, folder: Path, shown: str) -> bytes:
    """The file the generator wrote for a ``from-file`` test."""
    for padding in PADDINGS:
        written = work / f"{padding}{test.from_file}"
        if written.is_file():
            return written.read_bytes()
    raise BuildError(
        f"{shown}: {_test(folder, test)}: {_command(test)} wrote no file {test.from_file} "
        f'(from-file="{test.from_file}")'
    )


def _test(folder: Path, test: Generated) -> str:
    return f"test {test.input.relative_to(folder).as_posix()}"


def _command(test: Generated) -> str:
    return f"its command `{shlex.join(test.command)}`"

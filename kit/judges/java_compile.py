"""How problemtools and Codeforces compile and run a Java submission, as far as a JDK here can
copy them: the flags of their compile and run lines (one row each in ``JUDGES``), the class
each starts, and the languages whose address space problemtools leaves unlimited.

problemtools' ``problemtools/config/languages.yaml`` (Kattis/problemtools at a185fe97):
``javac -source 21 -encoding UTF-8 -sourcepath {path} -d {path} {files}`` and ``java
-Dfile.encoding=UTF-8 -XX:+UseSerialGC -Xss64m -Xms{memlim}m -Xmx{memlim}m -cp {path}
{mainclass}``, where ``{path}`` is the folder the submission's files are copied to,
``{files}`` its ``*.java`` files, ``{memlim}`` the problem's memory limit in MiB and
``{mainclass}`` the main file's name without its suffix (``problemtools/run/source.py``,
``SourceCode``: a single source, else one named ``main.*`` in any case (``languages.py``,
``mainfile_candidates``), else the first by name). ``-source 21`` is given only to a javac of
release 21 or newer: an older one refuses it ("invalid source release"), which would make
every submission a compile error of the machine's; without it, javac accepts its own
release's language (``source_flags``, said in ``verify``'s note).

Codeforces (a Polygon package's solution, its ``<source type="java11"/>``): its JVM line,
from codeforces.com/blog/entry/121114 ("Codeforces command lines", read through a public
copy, docs/packages.md), is ``java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:NewRatio=5
-Xms8M -Xmx{ML}M -Xss64M -DONLINE_JUDGE=true``, the heap at the memory limit; its javac takes
no flag of note (``javac -cp ".;*"``). It compiles each type with that release's JDK
(``java8``, ``java11``, ``java17``, ``java21``: ``type_release``), copied here by javac's
``--release N``, left out, as problemtools' ``-source``, where javac here is older than N (or
than 9, which brought ``--release``: JEP 247, openjdk.org/jeps/247).
The class it starts is the source's public top-level class, the file saved under its name
(``public_class``; the file's own name where it declares none): not confirmed by a
Codeforces page, said in docs/packages.md.

problemtools runs Java, Scala, Kotlin and Common Lisp without ``RLIMIT_AS``
(``source.py``'s ``should_skip_memory_rlimit``; ``program.py``: the JVM "will crash and burn
if there is a memory rlimit applied"), ``UNLIMITED_ADDRESS``: their memory is the JVM's own
``-Xmx``; a Codeforces run's JVM is not held to an address space either.

API::

    compile_flags(javac, judge=PROBLEMTOOLS, release=0) -> tuple[str, ...]
        # the judge's flags javac here takes (release: a Codeforces type's, 0: the judge's)
    source_flags(javac, judge=PROBLEMTOOLS, release=0) -> tuple[str, ...]
        # ("-source", "21"), ("--release", "11"), or () where refused
    release_of(javac) -> int | None               # javac's release (17), None if unknown
    type_release(source_type) -> int | None       # a Polygon type's release ("java11": 11)
    run_argv(java, classes, main_class, memory_mib, judge=PROBLEMTOOLS) -> list[str]
    main_class(sources, judge=PROBLEMTOOLS) -> str  # the class the judge starts
    file_name(source, judge=PROBLEMTOOLS) -> str  # the name the judge compiles it under
    public_class(source) -> str | None            # its public top-level class's name
    java_for(javac) -> str | None                 # the java beside javac, else on the PATH
    described(javac, memory_mib, judge=PROBLEMTOOLS) -> str  # both lines, for verify's note
    JUDGES, Lines, PROBLEMTOOLS, CODEFORCES, UNLIMITED_ADDRESS, SOURCE_RELEASE, RUN_FLAGS,
    OTHER_COMPILERS
"""

from __future__ import annotations

import functools
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from kit.processes import run_program
from kit.visible import text_of

# the judges whose lines a Java submission gets (kit.judges.compiling's names of them)
PROBLEMTOOLS, CODEFORCES = "problemtools", "codeforces"


@dataclass(frozen=True)
class Lines:
    """A judge's Java lines: the flag naming the language release and its default (0: none),
    javac's other flags, and java's flags before ``-cp``, ``{mib}`` the memory limit."""

    source_flag: str
    release: int
    compile: tuple[str, ...]
    run: tuple[str, ...]
    shown: str  # the judge, as the note names it
    flag_since: int = 0  # the oldest javac that has ``source_flag`` (0: every one)


JUDGES = {
    PROBLEMTOOLS: Lines(
        "-source",
        21,
        ("-encoding", "UTF-8"),
        ("-Dfile.encoding=UTF-8", "-XX:+UseSerialGC", "-Xss64m", "-Xms{mib}m", "-Xmx{mib}m"),
        "problemtools",
    ),
    CODEFORCES: Lines(
        "--release",
        0,
        (),
        (
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-XX:NewRatio=5",
            "-Xms8M",
            "-Xmx{mib}M",
            "-Xss64M",
            "-DONLINE_JUDGE=true",
        ),
        "Codeforces",
        9,  # --release: JEP 247 (openjdk.org/jeps/247), delivered in JDK 9; javac 8 refuses it
    ),
}
SOURCE_RELEASE = JUDGES[PROBLEMTOOLS].release  # problemtools' -source
COMPILE_FLAGS = JUDGES[PROBLEMTOOLS].compile
RUN_FLAGS = JUDGES[PROBLEMTOOLS].run[:3]  # before the heap
UNLIMITED_ADDRESS = ("Java", "Scala", "Kotlin", "Common Lisp")
# the compilers of the languages problemtools compiles that the kit does not (languages.yaml:
# kotlinc, ghc), named in a row that is not run
OTHER_COMPILERS = {"Kotlin": "kotlinc", "Haskell": "ghc"}
_MAIN = re.compile(r"^main\.", re.IGNORECASE)
_RELEASE = re.compile(r"javac (\d+)(?:\.(\d+))?")
_TYPE = re.compile(r"java(\d+)")  # Polygon's java8, java11, java17, java21
# a public top-level class, interface, enum or record (its modifiers in any order)
_PUBLIC = re.compile(
    r"^public\s+(?:(?:final|abstract|static|strictfp|sealed|non-sealed)\s+)*"
    r"(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*)",
    re.MULTILINE,
)
PROBE_TIMEOUT = 60.0


def type_release(source_type: str) -> int | None:
    """The Java release a Polygon source type names (``java11``: 11), None for another."""
    found = _TYPE.fullmatch(source_type)
    return int(found[1]) if found else None


def public_class(source: Path) -> str | None:
    """The name of the source's public top-level class (at a line's start), None if none."""
    try:
        text = source.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    found = _PUBLIC.search(text)
    return found[1] if found else None


def file_name(source: Path, judge: str = PROBLEMTOOLS) -> str:
    """The name the judge compiles ``source`` under: its own (problemtools); its public
    class's (Codeforces, which names the file after it), else its own."""
    named = public_class(source) if judge == CODEFORCES else None
    return f"{named}.java" if named else source.name


def main_class(sources: tuple[Path, ...] | list[Path], judge: str = PROBLEMTOOLS) -> str:
    """The class the judge starts: problemtools' ``{mainclass}`` (the one source's, else one
    named ``main.*`` in any case, else the first by name); Codeforces' (one source), the
    class its file is named after (``file_name``)."""
    ordered = sorted(sources)
    if judge == CODEFORCES:
        return Path(file_name(ordered[0], judge)).stem
    mains = [source for source in ordered if _MAIN.match(source.name)]
    return (mains or ordered)[0].stem


@functools.cache
def release_of(javac: str) -> int | None:
    """The release of ``javac`` (``javac 17.0.15``: 17; ``javac 1.8.0``: 8), None when it does
    not say."""
    try:
        status, stdout, stderr, hung = run_program([javac, "-version"], Path.cwd(), PROBE_TIMEOUT)
    except OSError:
        return None
    found = _RELEASE.search(text_of(stdout) + text_of(stderr))
    if hung or status != 0 or found is None:
        return None
    major = int(found[1])
    return int(found[2] or 0) if major == 1 else major


def oldest_release(javac_release: int) -> int:
    """The oldest release a javac of ``javac_release`` compiles for: JDK 12 dropped 6 (CSR
    JDK-8206877, "Remove javac support for 6/1.6 source and target values"), JDK 20 dropped 7
    (JDK-8173605, its CSR JDK-8293047: "Supported releases: 8, 9, ...")."""
    return 8 if javac_release >= 20 else 7 if javac_release >= 12 else 6


def source_flags(javac: str, judge: str = PROBLEMTOOLS, release: int = 0) -> tuple[str, ...]:
    """The judge's release flag (problemtools' ``-source 21``; ``--release N`` for a Codeforces
    type's N) where ``javac`` takes it (its release N or newer, and one that has the flag:
    javac 8 has no ``--release``, and compiles its own release's language), else none; a
    release older than any this javac compiles for (``java7`` under JDK 20 and newer) given as
    its oldest, whose language holds the older one's."""
    lines = JUDGES[judge]
    wanted = release or lines.release
    here = release_of(javac)
    if wanted and here is not None and here >= max(wanted, lines.flag_since):
        return (lines.source_flag, str(max(wanted, oldest_release(here))))
    return ()


def compile_flags(javac: str, judge: str = PROBLEMTOOLS, release: int = 0) -> tuple[str, ...]:
    """The flags before ``-sourcepath``/``-d`` and the files, as the judge gives them."""
    return (*source_flags(javac, judge, release), *JUDGES[judge].compile)


def run_argv(
    java: str, classes: str, main: str, memory_mib: int, judge: str = PROBLEMTOOLS
) -> list[str]:
    """The judge's run line: ``java`` with its flags, the heap at the memory limit."""
    flags = [flag.format(mib=memory_mib) for flag in JUDGES[judge].run]
    return [java, *flags, "-cp", classes, main]


def described(javac: str, memory_mib: int, judge: str = PROBLEMTOOLS) -> str:
    """How a Java submission is compiled and run here, for ``verify``'s note: the judge's
    lines, and a release flag left out where javac refuses it."""
    if judge == CODEFORCES:
        return _codeforces_described(javac, memory_mib)
    release = release_of(javac)
    left = (
        ""
        if source_flags(javac)
        else (
            f", without problemtools' -source {SOURCE_RELEASE}, which javac "
            f"{release or '(release unknown)'} here refuses"
        )
    )
    java = " ".join(run_argv("java", "{path}", "{mainclass}", memory_mib))
    return (
        f"compiled as problemtools compiles them ({Path(javac).name} "
        f"{' '.join(compile_flags(javac))}{left}) and run as it runs them ({java}; "
        "languages.yaml): the address space unlimited, the whole JVM held to the memory limit"
    )


def _codeforces_described(javac: str, memory_mib: int) -> str:
    """Codeforces' lines as a Polygon package's Java solutions get them here."""
    release = release_of(javac) or "(release unknown)"
    java = " ".join(run_argv("java", "{path}", "{class}", memory_mib, CODEFORCES))
    return (
        f"compiled as Codeforces compiles their types ({Path(javac).name} --release N, N the "
        f"type's: java11 11; left out where javac {release} here is older, or older than 9), "
        "each file "
        f"named after its public class, and run as it runs them ({java}): the address space "
        "unlimited, the JVM held to the memory limit as every run of the package is "
        "(what Codeforces counts of a JVM is not confirmed)"
    )


def java_for(javac: str) -> str | None:
    """The ``java`` of ``javac``'s JDK (beside it, links followed), else the PATH's."""
    beside = Path(javac).resolve().with_name("java")
    if beside.is_file():
        return str(beside)
    return shutil.which("java")

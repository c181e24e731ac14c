"""How problemtools compiles and runs a Java submission, as far as a JDK here can copy it: the
flags of its compile and run lines, the class it starts, and the languages whose address space
it leaves unlimited.

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

problemtools runs Java, Scala, Kotlin and Common Lisp without ``RLIMIT_AS``
(``source.py``'s ``should_skip_memory_rlimit``; ``program.py``: the JVM "will crash and burn
if there is a memory rlimit applied"), ``UNLIMITED_ADDRESS``: their memory is the JVM's own
``-Xmx``.

API::

    compile_flags(javac) -> tuple[str, ...]       # problemtools' flags javac here takes
    source_flags(javac) -> tuple[str, ...]        # ("-source", "21"), or () where refused
    release_of(javac) -> int | None               # javac's release (17), None if unknown
    run_argv(java, classes, main_class, memory_mib) -> list[str]
    main_class(sources) -> str                    # problemtools' {mainclass}
    java_for(javac) -> str | None                 # the java beside javac, else on the PATH
    described(javac, memory_mib) -> str           # both lines, for verify's note
    UNLIMITED_ADDRESS, SOURCE_RELEASE, RUN_FLAGS, OTHER_COMPILERS
"""

from __future__ import annotations

import functools
import re
import shutil
from pathlib import Path

from kit.processes import run_program
from kit.visible import text_of

SOURCE_RELEASE = 21  # problemtools' -source
COMPILE_FLAGS = ("-encoding", "UTF-8")
RUN_FLAGS = ("-Dfile.encoding=UTF-8", "-XX:+UseSerialGC", "-Xss64m")
UNLIMITED_ADDRESS = ("Java", "Scala", "Kotlin", "Common Lisp")
# the compilers of the languages problemtools compiles that the kit does not (languages.yaml:
# kotlinc, ghc), named in a row that is not run
OTHER_COMPILERS = {"Kotlin": "kotlinc", "Haskell": "ghc"}
_MAIN = re.compile(r"^main\.", re.IGNORECASE)
_RELEASE = re.compile(r"javac (\d+)(?:\.(\d+))?")
PROBE_TIMEOUT = 60.0


def main_class(sources: tuple[Path, ...] | list[Path]) -> str:
    """The class problemtools starts (``{mainclass}``): the one source's, else one named
    ``main.*`` in any case, else the first by name."""
    ordered = sorted(sources)
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


def source_flags(javac: str) -> tuple[str, ...]:
    """problemtools' ``-source 21`` where ``javac`` takes it (release 21 or newer), else none."""
    release = release_of(javac)
    if release is not None and release >= SOURCE_RELEASE:
        return ("-source", str(SOURCE_RELEASE))
    return ()


def compile_flags(javac: str) -> tuple[str, ...]:
    """The flags before ``-sourcepath``/``-d`` and the files, as problemtools gives them."""
    return (*source_flags(javac), *COMPILE_FLAGS)


def run_argv(java: str, classes: str, main: str, memory_mib: int) -> list[str]:
    """problemtools' run line: ``java`` with its flags, the heap at the memory limit."""
    heap = (f"-Xms{memory_mib}m", f"-Xmx{memory_mib}m")
    return [java, *RUN_FLAGS, *heap, "-cp", classes, main]


def described(javac: str, memory_mib: int) -> str:
    """How a Java submission is compiled and run here, for ``verify``'s note: problemtools'
    lines, and ``-source`` left out where javac refuses it."""
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


def java_for(javac: str) -> str | None:
    """The ``java`` of ``javac``'s JDK (beside it, links followed), else the PATH's."""
    beside = Path(javac).resolve().with_name("java")
    if beside.is_file():
        return str(beside)
    return shutil.which("java")

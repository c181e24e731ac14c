"""The hints a failure is given for usual mistakes, each a line that starts ``hint:``, and what
decides them:

- a run's stderr (``stderr_hints``, after the tail of it ``kit.run.tracebacks`` shows):
  the limit on int<->str conversions (of CPython 3.11+, of PyPy: ``named_for`` names the
  interpreter that ran), a recursion too deep (``recursion_hint``: the
  limit not raised, or raised and a recursion through C stopped by a limit of its own), a data
  file read from beside the bundle, a scratch file past the output cap, a module the judge
  installs and this interpreter lacks (``MANAGED_HINT`` too where the system manages its
  packages: ``externally_managed``);
- a crash of the interpreter (``segfault_hint``): recursion deeper than the C stack;
- a time-limit failure: a long input read a line at a time with ``input()``
  (``slow_input_hint``), a run that slept or waited (``IDLE_HINT``), or ran on several cores
  (``side_by_side``);
- a game: idle (``idle_hint``, by who spoke last and, for a solution of next to no CPU, the
  other ways it waited: ``WAITED_HINT``; under a Kattis validator, a read past the end of the
  game: ``READ_PAST_HINT``), a write after the interactor accepted
  (``WROTE_AFTER_HINT``), a testlib interactor named without its protocol
  (``testlib_interactor_hint``: the setting to write);
- a wrong answer whose run exited 0 with a traceback on stderr (``SILENT_CRASH_HINT``);
- a wrong answer shorter than the answer (empty or cut) from a program that calls
  ``os._exit``, which flushes no buffer (``os_exit_hint``, by the source's syntax tree: a call,
  under any name ``import os as o`` or ``from os import _exit as q`` binds, not a comment):
  the judge loses that output too.

A wrong answer's output has hints of its own: ``kit.run.stray_print``, ``kit.run.float_answers``,
``kit.run.uncalled_main``.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import re
import shlex
import subprocess
from pathlib import Path

from kit.bundle.assemble import Bundle
from kit.bundle.source_text import quiet_parse
from kit.judges.modules import install_hint, missing_module
from kit.judges.profiles import WALL, judge_name
from kit.judges.programs import TESTLIB, whole_path
from kit.judges.targets import INT_DIGITS_LIMIT_FROM, Interpreter
from kit.registry import Problem
from kit.run.game_transcript import NO_EOL, TO_INTERACTOR
from kit.run.limits import Limits

RECURSION_HINT = (
    "hint: raise sys.setrecursionlimit, or make the recursion iterative; since CPython 3.12 a "
    "recursion through C (a call a builtin makes: a function under functools.lru_cache, "
    "map(f, ...), max or sum over a generator expression) has a limit of its own that "
    "sys.setrecursionlimit does not raise (under 3.13 about 3300 calls on Linux, 1000 on Windows "
    "judges such as Codeforces): memoise with a dict, write the loop out"
)
# the same for a program that raises the limit already: the limit it hit is most often C's
RAISED_RECURSION_HINT = (
    "hint: the program raises sys.setrecursionlimit already: since CPython 3.12 a recursion "
    "through C (a call a builtin makes: a function under functools.lru_cache or "
    "functools.cache, map(f, ...), max or sum over a generator expression) has a limit of its "
    "own that it does not raise, nor does a larger thread stack (under 3.13 about 3300 calls "
    "on Linux, 1000 on Windows judges such as Codeforces): memoise with a dict, write the loop "
    "out, or make the recursion iterative"
)
# a program that calls setrecursionlimit, without recursion through C: too late, or too low
LOW_RECURSION_HINT = (
    "hint: the program calls sys.setrecursionlimit, but this recursion went past the limit: "
    "raise it before the recursion starts, far enough for this input (deep recursion may then "
    "need a larger C stack: run it in a threading.Thread after threading.stack_size), or make "
    "the recursion iterative"
)
# functools' memoisers, through C: lru_cache, or cache as a decorator, an attribute or imported
# (not a dict of the program's own that it calls cache)
_CACHED = re.compile(
    r"\blru_cache\b|@(?:functools\.)?cache\b|functools\.cache\b|import .*\bcache\b"
)
# the limits a program sets: 10**6, 10 ** 6, 1 << 20, 2**20, 1000000, 10_000_000
_SET_LIMIT = re.compile(r"setrecursionlimit\(\s*(?:(\d[\d_]*)\s*(\*\*|<<)\s*(\d+)|(\d[\d_]*))\s*\)")
_FRAME = re.compile(r"^  File ", re.MULTILINE)
_REPEATED = re.compile(r"\[Previous line repeated (\d+) more times?\]")


def recursion_hint(text: str, stderr: str = "") -> str:
    """The hint for a RecursionError of the bundle ``text``: raise the limit; or, raised
    already, the limit of a recursion through C when it memoises with functools or stopped
    well short of every limit it sets (its traceback's frames, ``stderr``), else a limit not
    raised far enough."""
    if "setrecursionlimit(" not in text:
        return RECURSION_HINT
    if _CACHED.search(text) or _stopped_short(text, stderr):
        return RAISED_RECURSION_HINT
    return LOW_RECURSION_HINT


def _stopped_short(text: str, stderr: str) -> bool:
    """Whether the traceback's depth is under half the smallest limit the program sets (a
    limit it did not hit: C's), when each is a number the source spells out."""
    limits = []
    for base, operator, power, plain in _SET_LIMIT.findall(text):
        if plain:
            limits.append(int(plain.replace("_", "")))
        elif int(power) <= 64:
            base_value = int(base.replace("_", ""))
            limits.append(
                base_value ** int(power) if operator == "**" else base_value << int(power)
            )
    depth = len(_FRAME.findall(stderr)) + sum(map(int, _REPEATED.findall(stderr)))
    return bool(limits) and depth > 0 and 2 * depth < min(limits)


# a file the run looked for in its own folder (a helper's data file, found from its __file__)
_RUN_FOLDER_FILE = re.compile(r"(?:FileNotFoundError|No such file)[^\n]*kit-run-\w+/")
DATA_FILE_HINT = (
    "hint: the judge runs the bundle alone, in a folder of its own: a file read from beside a "
    "helper or the solution (through __file__) is not there; put its data in the code"
)
FILE_CAP_HINT = (
    "hint: every file a run writes is capped at the output limit here (the cap on stdout, "
    "RLIMIT_FSIZE, holds for scratch files too), and a judge's sandbox may not let it write "
    "files at all: keep the data in memory"
)
SIDE_BY_SIDE_HINT = (
    "hint: its processes or threads ran side by side on this machine's cores, {wall:.3f} s of "
    "wall time, and took {cpu:.3f} s of CPU together, which a judge's core takes in turn: the "
    "kit counts that (a multiprocessing pool or threads that run at once gain nothing there)"
)
SIDE_BY_SIDE_MARGIN = 0.05  # seconds of CPU beyond the wall time that measuring may give


def side_by_side(limits: Limits, cpu: float, wall: float) -> list[str]:
    """The hint for a run held to its CPU time because it was over its wall time (less what it
    waited): it ran on several cores here (``Limits.seconds``)."""
    if limits.clock != WALL or cpu <= wall + SIDE_BY_SIDE_MARGIN:
        return []
    return [SIDE_BY_SIDE_HINT.format(wall=wall, cpu=cpu)]


IDLE_HINT = (
    "hint: its CPU time was {cpu:.3f} s, within the limit: the rest of its wall time it was not "
    "running (sleeping, or waiting for a file, a pipe or a child; the time it waited for a core "
    "held by other work on this machine is not counted); the kit counts the wall time where "
    "the judge documents no other clock"
)
FLUSH_HINT = (
    "hint: an idle game is most often an answer not flushed: the interactor waits for a line "
    "still in the solution's buffer (print(..., flush=True), or sys.stdout.flush()); or the "
    "solution waits to read more than it was sent (a line too many, or a line the interactor's "
    "last one already gave it)"
)
# the solution's CPU time under which an idle game's solution did next to nothing but start
ALMOST_IDLE_CPU = 0.1
# the same for a solution that spent next to no CPU: the other ways it may have waited
WAITED_HINT = (
    "hint: an idle game is most often an answer not flushed (print(..., flush=True), or "
    "sys.stdout.flush()); with {cpu:.2f} s of CPU the solution was hardly running: it may as "
    "well have waited for a line the interactor never sends (a read too many, or a line the "
    "interactor's last one already gave it), or slept (time.sleep)"
)
UNANSWERED_HINT = (
    "hint: the solution's last line ({line!r}) reached the interactor, which sent nothing after "
    "it: the interactor may be slow or stuck, or wait for a line still in the solution's buffer "
    "(print(..., flush=True))"
)
UNENDED_HINT = (
    "hint: the solution's last line ({line!r}) has no end of line: an interactor reading lines "
    "waits for it (print() ends its line; sys.stdout.write needs its '\\n')"
)
# a Kattis validator that has the last answer most often reads the solution's output on to its
# end, to refuse anything more; problemtools' runner (support/interactive/interactive.cc at
# a185fe97) closes neither pipe while both sides run, so a solution reading again waits for a
# line never sent until the wall-time alarm kills both, which judge/execute.py reads as TLE
READ_PAST_HINT = (
    "hint: the solution's last line ({line!r}) reached the validator, which sent nothing after "
    "it: a Kattis validator that has the last answer most often reads the solution's output "
    "to its end (to refuse anything more), which comes only when the solution exits; a "
    "solution that reads again after its last line (a read past the end of the game) waits "
    "for a line never sent, and problemtools kills both at its wall-time limit: the "
    "submission's time limit (TLE). End the solution once its last line is written (the "
    "validator is stuck only if that line was not its last)"
)
SILENT_HINT = (
    "hint: nothing was exchanged: the side that speaks first did not, or did not flush (the "
    "solution: print(..., flush=True); the interactor: its first line flushed, or it is stuck)"
)


RAN_ON_HINT = (
    "hint: the interactor had finished (exit status {code}); the solution ran on without ending "
    "after the game: a sleep, a loop, or a thread that does not end (its stdin was at its end)"
)


def idle_hint(
    transcript: list[str],
    finished: int | None = None,
    cpu: float | None = None,
    kattis: bool = False,
) -> str:
    """The hint for an idle game: the solution ran on after the interactor had finished
    (``finished``: its exit status; the hint that the interactor was stuck contradicted it),
    else by who spoke last: the interactor (the solution's answer is still in its buffer; or,
    for a solution of next to no CPU, ``cpu`` seconds, a read too many or a sleep too), the
    solution (the interactor did not answer; a Kattis validator, ``kattis``, reading on to the
    end of the solution's output while the solution reads past the end of the game), or
    nobody."""
    if finished is not None:
        return RAN_ON_HINT.format(code=finished)
    said = [line for line in transcript if not line[2:].startswith("[")]  # not the notes
    if not said:
        return SILENT_HINT
    if said[-1].startswith(TO_INTERACTOR) and said[-1].endswith(NO_EOL):
        return UNENDED_HINT.format(line=said[-1][2 : -len(NO_EOL)])
    if said[-1].startswith(TO_INTERACTOR):
        hint = READ_PAST_HINT if kattis else UNANSWERED_HINT
        return hint.format(line=said[-1][2:])
    if cpu is not None and cpu < ALMOST_IDLE_CPU:
        return WAITED_HINT.format(cpu=cpu)
    return FLUSH_HINT


WROTE_AFTER_HINT = (
    "hint: the solution wrote after the interactor had accepted and exited; on a judge the "
    "pipe to the interactor is closed by then and the write fails: write nothing once the "
    "game is over"
)
TESTLIB_USAGE = "<input-file> <output-file> [<answer-file>"  # registerInteraction's usage
TESTLIB_INTERACTOR_HINT = (
    "hint: a testlib interactor takes INPUT OUTPUT ANSWER: write interactor = {setting} in "
    "problems.toml (a bare path is the kit's own protocol, PATH INPUT)"
)


def testlib_interactor_hint(spec: str) -> str:
    """``TESTLIB_INTERACTOR_HINT`` for the bare ``interactor = spec``: the setting to write,
    its path given testlib's protocol (quoted as a shell word where it must be)."""
    try:
        path = whole_path(spec)
    except ValueError:
        path = spec
    return TESTLIB_INTERACTOR_HINT.format(
        setting=json.dumps(f"{TESTLIB}:{shlex.quote(path)}", ensure_ascii=False)
    )


SLOW_INPUT_LINES = 100_000  # lines of input from which input() alone costs a good part of a second
# what reading a line with input() costs more than sys.stdin.buffer.read().split(), generously:
# 200,000 lines of two numbers took 0.30-0.42 s against 0.09-0.20 s under CPython 3.8, 3.13 and
# PyPy 3.9 (about 1 microsecond a line), twice that for a slower judge
INPUT_LINE_SECONDS = 2e-6
SLOW_INPUT_HINT = (
    "hint: the input has {lines} lines and the program reads with input(), a line at a time "
    "through the builtin; sys.stdin.buffer.read().split() (or input = sys.stdin.readline) "
    "reads it several times faster"
)
# ``input`` made a name of its own (``input = sys.stdin.readline``): its calls are fast
_INPUT_REBOUND = re.compile(r"^\s*input\s*=|\bdef input\(|import\b.*\binput\b", re.MULTILINE)


def slow_input_hint(text: str, given, read: int = -1, over: float = 0.0) -> list[str]:
    """The hint for a time-limit failure of a program that reads a long input (``given``,
    its path) with the builtin ``input()``; none for a run killed after it had read all of
    it (``read``, its bytes by then; -1 when not known), nor for one over the limit by more
    (``over``, seconds) than a faster reader would save (``INPUT_LINE_SECONDS`` a line): its
    time went elsewhere."""
    if "input()" not in text or _INPUT_REBOUND.search(text) or not isinstance(given, Path):
        return []
    try:
        if 0 <= given.stat().st_size <= read:
            return []
        with given.open("rb") as file:
            lines = sum(chunk.count(b"\n") for chunk in iter(lambda: file.read(1 << 20), b""))
    except OSError:
        return []
    if lines < SLOW_INPUT_LINES or lines * INPUT_LINE_SECONDS < over:
        return []
    return [SLOW_INPUT_HINT.format(lines=lines)]


SILENT_CRASH_HINT = (
    "hint: the run exited with status 0, but its stderr ends with a traceback (an exception in a "
    "thread, which does not end the program, or one caught and printed):"
)
# os._exit ends the process "without calling cleanup handlers, flushing stdio buffers, etc."
# (docs.python.org/3/library/os.html#os._exit): stdout, a file or a pipe on a judge and here,
# is block-buffered, and what was not flushed is lost there as here
OS_EXIT_HINT = (
    "hint: the program calls os._exit, which ends it without flushing sys.stdout: what it "
    "wrote and had not flushed is lost, here and on the judge; call sys.stdout.flush() before "
    "os._exit"
)
_OS_MODULES = {"os", "posix", "nt"}  # os._exit is posix._exit (nt._exit on Windows)


def os_exit_hint(text: str, got: bytes, expected: bytes) -> list[str]:
    """The hint for a wrong answer shorter than ``expected`` (empty, or cut) from a program
    whose source ``text`` calls ``os._exit``; else []. Its length is looked at first: the
    source is read only for a short output."""
    if len(got) >= len(expected.rstrip()) or "_exit" not in text or not _calls_os_exit(text):
        return []
    return [OS_EXIT_HINT]


def _calls_os_exit(text: str) -> bool:
    """Whether the source ``text`` calls ``os._exit``, as its syntax tree says (a comment or a
    string naming it does not): ``os._exit(0)`` (``os`` as bound by ``import os as o`` too),
    or a name ``from os import _exit as quit_now`` binds; False for a source that does not
    parse (it never ran), or nests deeper than this Python's parser follows. Parsed as the kit
    parses sources, its SyntaxWarnings kept out of the kit's output."""
    try:
        tree = quiet_parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    modules, functions = {"os"}, set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {item.asname or item.name for item in node.names if item.name in _OS_MODULES}
        elif isinstance(node, ast.ImportFrom) and node.module in _OS_MODULES:
            functions |= {item.asname or item.name for item in node.names if item.name == "_exit"}
    return any(
        isinstance(node, ast.Call) and _names_os_exit(node.func, modules, functions)
        for node in ast.walk(tree)
    )


def _names_os_exit(func: ast.expr, modules: set[str], functions: set[str]) -> bool:
    """Whether a call's ``func`` is ``os._exit`` by the names the source bound."""
    if isinstance(func, ast.Name):
        return func.id in functions
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "_exit"
        and isinstance(func.value, ast.Name)
        and func.value.id in modules
    )


SEGFAULT_HINT = (
    "hint: a crash of the interpreter itself is most often recursion deeper than "
    "the C stack (a high sys.setrecursionlimit); make the recursion iterative, or "
    "run it in a threading.Thread with a larger threading.stack_size"
)
# the same crash in a program that already sizes a thread's stack
THREAD_SEGFAULT_HINT = (
    "hint: a crash of the interpreter itself is most often recursion deeper than "
    "the C stack (a high sys.setrecursionlimit); the threading.stack_size given may be too "
    "small for this depth, or the recursion may run outside that thread (the main thread "
    "keeps its own stack); make the recursion iterative"
)


def segfault_hint(text: str) -> str:
    """The hint for a crash of the interpreter, for the bundle's ``text``."""
    return THREAD_SEGFAULT_HINT if "stack_size(" in text else SEGFAULT_HINT


INT_DIGITS_HINT = (
    "hint: {python} limits int<->str conversions to 4300 digits; call "
    "sys.set_int_max_str_digits(0) under `if hasattr(sys, 'set_int_max_str_digits'):`"
)


def int_digits_hint(python: Interpreter | None = None) -> str:
    """The hint for the 4300-digit limit, naming the interpreter that ran (``python``; None:
    unknown, said as CPython's 3.11+). PyPy has it too (its 3.9 from 7.3.11, measured; its
    3.10 and 3.11), and so have CPython's patch releases from 3.8.14, 3.9.14 and 3.10.7, in
    the same words, "Exceeds the limit (4300)", so the words do not tell them apart."""
    if python is None or (python.impl == "cpython" and python.version >= INT_DIGITS_LIMIT_FROM):
        return INT_DIGITS_HINT.format(python="Python 3.11+")
    if python.impl == "pypy":
        return INT_DIGITS_HINT.format(python=f"{python.label}, as CPython 3.11+,")
    return INT_DIGITS_HINT.format(python=f"{python.label} (a patch release with 3.11's limit)")


def named_for(details: list[str], python: Interpreter) -> list[str]:
    """``details`` with the 4300-digit hint naming ``python``, the interpreter that ran."""
    said = int_digits_hint()
    return [int_digits_hint(python) if line == said else line for line in details]


def stderr_hints(
    problem: Problem, bundle: Bundle | None, text: str, output_over: bool = False
) -> list[str]:
    """The hints for the usual mistakes a run's stderr (``text``) shows, in this order: the
    int<->str digit limit, a recursion too deep, a data file not beside the bundle, a scratch
    file past the output cap (not when the run wrote past the output limit to stdout:
    ``output_over``, whose EFBIG is no scratch file's), a module the judge installs."""
    hints = []
    if re.search(r"Exceeds the limit \(4300( digits)?\)", text):  # CPython's words, PyPy's
        hints.append(int_digits_hint())  # the interpreter named by ``named_for``
    if "RecursionError" in text:
        hints.append(recursion_hint(bundle.text if bundle is not None else "", text))
    if bundle is not None and _RUN_FOLDER_FILE.search(text):
        hints.append(DATA_FILE_HINT)
    if "[Errno 27] File too large" in text and not output_over:  # a scratch file's EFBIG
        hints.append(FILE_CAP_HINT)
    missing = missing_module(text)
    if missing:  # a third-party module the judge has and this interpreter has not
        hint = install_hint(judge_name(problem.judge), problem.installed, problem.targets, missing)
        if hint is not None:
            hints.append(hint)
    return hints


MANAGED_HINT = (
    "hint: the system manages {python}'s packages (EXTERNALLY-MANAGED: pip refuses them): make "
    "a virtual environment with it, `{python} -m venv DIR`, install there, and name "
    "DIR/bin/python in KIT_PYTHONS (with the other interpreters to use)"
)


@functools.lru_cache(maxsize=None)
def externally_managed(executable: str) -> bool:
    """Whether the interpreter's standard library is marked EXTERNALLY-MANAGED (PEP 668:
    Debian's pypy3 and python3), where pip refuses to install."""
    try:
        done = subprocess.run(
            [executable, "-I", "-c", "import sysconfig; print(sysconfig.get_path('stdlib'))"],
            capture_output=True, timeout=30, check=False,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return False
    folder = os.fsdecode(done.stdout.strip())  # a path's bytes, whatever the locales
    return bool(folder) and Path(folder, "EXTERNALLY-MANAGED").is_file()

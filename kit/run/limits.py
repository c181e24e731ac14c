"""The limits a run is held to, and the one rule for each: every command judges with these.

``build``, ``run``, ``stress``, ``bench`` and the interactive runner all take their limits from
``limits_for`` and decide them with ``exceeded`` (output, memory, time: the order a judge stops
a run in) and ``time_over`` (the median of repeated runs), so one program gets one verdict
whatever command ran it.

- **time**: wall time from just before the process starts until it is reaped, start-up
  included, less what it waited for a core other work held (all of it over the limit for a
  batch program that reads the wall clock, ``kit.run.clock_reads``: ``Limits.wall``); CPU
  time (user and system) where the judge's profile documents that it counts CPU
  time (Kattis), and for an interactive run on every judge: its wall time holds the time its
  interactor works and the kit relays their lines, which a judge does not charge to it
  (Codeforces holds a game to the solution's CPU time, and one spending none "for a long while"
  gets Idleness limit exceeded: MikeMirzayanov's rules, codeforces.com/blog/entry/5496); the
  kill stays on the wall clock. A
  run is killed at ``timeout`` (``kill_factor`` times the limit; in a build, once a run of a
  target was killed there, its later runs at ``CLEARLY_OVER`` times it: ``after_a_kill``); a
  case passes when the median of its runs is within the limit. An
  interactive problem with ``game_timeout`` has a limit per move instead, which its interactor
  enforces (it times each reply); the whole game is stopped at ``game_timeout``.
- **memory**: the peak resident set of the process (the kernel's maximum, ``wait4``); while a
  run has several processes, their memory together, as a judge's control group counts it (the
  first's resident set plus the pages each other holds alone, ``kit.launcher``). How it
  is held against the limit depends on what is known of the judge (``Profile.memory``):
  ``WHOLE`` (the judge documents that it counts the whole process, interpreter included) holds
  the peak itself to the limit; ``OWN`` (every judge whose accounting is not documented) holds
  the solution's own memory, the peak less the interpreter's footprint (an empty script's peak
  under the same interpreter, flags, environment and judge's program around the script,
  ``kit.run.baseline``, ``kit.run.judged``), to
  the limit. A run is killed as soon as its resident set is over what it may reach. A
  compiled program whose judge holds its address space to the limit (``Profile.address_space``:
  problemtools' ``RLIMIT_AS`` on a Kattis package's C and C++ submissions) is held so too
  (``Limits.address_bytes``), an allocation past it failing as there; a Java one is not, as
  problemtools holds the JVM by its heap alone (``-Xmx``, ``kit.judges.java_compile``), its
  resident set held to the limit as a Python one's (Kattis counts the JVM in); a game's solution is
  not (``kit.run.game_processes``), as problemtools' interactive runner holds none.
  PyPy's footprint depends on its GC nursery, which PyPy sizes from the CPU's cache; every
  PyPy run here gets the same fixed nursery (``kit.run.process.PYPY_NURSERY``), so the
  figure does not depend on the machine.
- **output**: more than ``output_bytes`` written to stdout (the run is stopped there, or run to
  its end where its size is judged last, as below); where
  the problem says its output limit counts everything (``output_counts = "all"``: Kattis'
  2025-09 packages, "the sum of standard output, standard error, and [...] all files that
  were created or modified by the submission"), stdout, stderr and the files the run created
  or changed in its folder together (a batch run's; a game's output goes to its interactor).
  Where the output's size is judged after the run's time and exit (``output_last``: DOMjudge,
  whose runs write on past the limit; a Kattis
  package's submissions in ``verify``, as problemtools judges them), a run stopped at the
  limit is run again without one (``kit.run.case_judge``).
- **stack**: the run's stack size (``RLIMIT_STACK``): the judge's documented setting, else the
  memory limit.

API::

    limits_for(problem, runner, kill_factor=KILL_FACTOR) -> Limits
    after_a_kill(limits) -> Limits   # a target's later runs once one was killed: at 2x the limit
    prefetch(problem, runners)    # footprints measured (or read) early
    run_limited(command, stdin, cwd, limits, env=None, named=("", "")) -> Run   # one run
        # held to them (named: the problem's input and output files, "" for the streams)
    exceeded(limits, *, output_over, killed, peak_kib, processes=1, written=(0, 0, 0),
             seconds=None, moved=None, crashed="", output_within=None, runs=1,
             into="stdout") -> (kind, text) | None
    moved_on(timeout, wall, waited) -> str   # " (and 6.97 s more for what it waited ...)"
    said_moved(seconds) -> bool   # whether a deadline moved on by that is said
    machine_notes(limits) -> [str]   # this machine's hard rlimits and memory below a judge's
    machine_failure(limits, returncode, stderr) -> text | None   # a failed run this machine's:
        # its temporary folder full, or its hard stack or address-space limit below the judge's
    time_over(limits, seconds, runs=1) -> text | None
    timed(seconds, runs=1) -> "median of 3 runs 0.938 s" | "0.938 s"   # a case's time, said
"""

from __future__ import annotations

import math
import resource
import shutil
import signal
from dataclasses import dataclass, replace
from pathlib import Path

from kit.judges.platforms import WINDOWS
from kit.judges.profiles import (
    CPU,
    JOINED,
    OWN,
    PROBLEMTOOLS,
    UNLIMITED,
    WALL,
    WHOLE,
    Profile,
    profile_for,
)
from kit.judges.profiles import OUTPUT_ALL as ALL
from kit.judges.profiles import OUTPUT_STDOUT as STDOUT
from kit.judges.targets import NATIVE, Compiled, Interpreter, Runner
from kit.registry import Problem
from kit.run import judged
from kit.run.baseline import baseline_kib, prefetch_baseline
from kit.run.machine_memory import machine_memory
from kit.run.process import (
    MEMORY,
    OUTPUT,
    TIME,
    Run,
    run_environment,
    run_process,
)
from kit.scratch import system_folder

KILL_FACTOR = 3.0
MARGINAL = 0.1  # a time this close to the limit (a fraction of it) may go either way on a judge
SAID_FROM = 0.1  # seconds a deadline moved on by that a message names (less: the watch's wake-ups)
MAY_GO_EITHER_WAY = "a judge's machine may give either verdict"
MIB = 1024
# PyPy for Windows is linked with a 3 MiB stack (pypy/pypy, rpython/translator/platform/
# windows.py: "/STACK:3145728", commit aa9e764a "make stack 3MB on windows", 2020), which its
# main thread has and every thread started without threading.stack_size() gets by default, as
# glibc gives new threads RLIMIT_STACK here: a 10^5-deep recursion that runs under PyPy on
# Linux with the memory limit as its stack dies of a stack overflow there (pypy/pypy#3288).
PYPY_WINDOWS_STACK = 3 << 20
# CPython for Windows is linked with a 2,000,000-byte stack (python/cpython, PCbuild/
# python.vcxproj, StackReserveSize for release builds), too small to limit anything there:
# CPython 3.13 stops recursion through C at 3000 levels on Windows (kit.judges.platforms'
# C_RECURSION). A run here reaches that limit by spending the rest of Linux's 10000 first, a
# limit sized for Linux's usual 8 MiB stack: the stack is never below that (a 1 MiB memory
# limit's stack was a crash of the kit's own before the solution started).
CPYTHON_WINDOWS_STACK_LEAST = 8 << 20


@dataclass(frozen=True)
class Limits:
    time: float  # seconds of wall time, the problem's limit
    timeout: float  # seconds of wall time before the kill
    memory_kib: int  # the problem's limit
    output_bytes: int
    memory: str = WHOLE  # how memory is counted: WHOLE or OWN (above ``baseline_kib``)
    baseline_kib: int = 0  # the interpreter's own footprint (an empty script's peak)
    interpreter: str = ""  # its name, for messages
    stack_bytes: int | None = None  # RLIMIT_STACK for the run; None: unlimited
    address_bytes: int | None = None  # RLIMIT_AS for the run (Profile.address_space); None: none
    per_move: bool = False  # ``time`` is per move, timed by the interactor; a game has ``timeout``
    clock: str = WALL  # what ``time`` is held against: WALL, or CPU where the judge counts CPU
    output_counts: str = STDOUT  # what ``output_bytes`` holds: STDOUT, or ALL (stderr, files)
    output_last: bool = False  # the output's size judged after time and exit (verify's)
    games: str = JOINED  # how a game is run: JOINED, or PROBLEMTOOLS (Profile's)
    clock_read: str = ""  # a batch program's read of the wall clock (kit.run.clock_reads)
    # runs timed beside others, which no judge's time is (stress): a failure past the limit
    # stays the failure's, as a run that passed past it passes there (kit.stress.engine)
    side_by_side: bool = False
    # the timeout this run's was brought down from (``after_a_kill``): another run of the
    # same target was killed there already; None where it was not
    cut_from: float | None = None

    def seconds(self, run: Run) -> float:
        """A run's time as the limit counts it: its CPU time, or its wall time (``wall``) and
        never less than the CPU time of all its processes and threads: what ran side by side
        on this machine's cores would take its turns on a judge's core (a pool of two workers,
        0.6 s each: 0.72 s of wall time on two cores, 1.2 s on one), so that the verdict does
        not depend on how many cores are here."""
        if self.clock == CPU:
            return run.cpu_seconds
        return max(self.wall(run), run.cpu_seconds)

    def wall(self, run: Run) -> float:
        """A run's wall time as the limit counts it: but for what it waited for a core held by
        other work on this machine (a judge's machine runs nothing else beside it); all of it
        where it is over the limit and the program reads the wall clock (``clock_read``): one
        that stops by the clock does less work when it waits, and takes as long."""
        if self.clock_read and over_limit(run.seconds, self.time):
            return run.seconds
        return run.seconds - run.waited

    def output_within(self, run: Run) -> float | None:
        """A run's time as the limit counts it (``seconds``) at the watch's last look that
        found its stdout within the output limit (``Run.output_within``: it went over after
        that), None when that is not known."""
        if run.output_within is None:
            return None
        wall, cpu, waited = run.output_within
        return self.seconds(replace(run, seconds=wall, cpu_seconds=cpu, waited=waited))

    def timed_by_clock(self, run: Run) -> str | None:
        """Why ``wall`` counted all of a run's wall time, in a line, or None where it did not."""
        if not self.clock_read or not over_limit(run.seconds, self.time) or self.clock == CPU:
            return None
        return (
            f"note: it reads the clock ({self.clock_read}): timed by its wall time, "
            f"{run.seconds:.3f} s, of which {run.waited:.3f} s waiting for a core other work "
            "on this machine held (a program that stops by the clock takes as long on a judge)"
        )

    @property
    def kill_kib(self) -> int:
        """The resident set a run may reach before it is killed."""
        return self.memory_kib + (self.baseline_kib if self.memory == OWN else 0)

    def time_tight(self, seconds: float) -> bool:
        """Whether a passing case's time is over half the limit (a warning); a game timed
        per move is never (its interactor times the moves)."""
        return not self.per_move and seconds > self.time / 2

    def time_marginal(self, seconds: float) -> bool:
        """Whether a case's time is within ``MARGINAL`` of the limit, either side: a judge's
        machine, a little faster or slower than this one, may give the other verdict."""
        return not self.per_move and abs(seconds - self.time) <= MARGINAL * self.time

    def memory_tight(self, peak_kib: int) -> bool:
        """Whether a passing run's memory, as counted, is over half the limit (a warning)."""
        return self.counted_kib(peak_kib) > self.memory_kib / 2

    def over_by_footprint(self, peak_kib: int) -> bool:
        """Whether a peak is over the limit only with the interpreter's footprint, which the
        limit does not count (a note beside "ok")."""
        return peak_kib > self.memory_kib and self.counted_kib(peak_kib) <= self.memory_kib

    def counted_kib(self, peak_kib: int) -> int:
        """The memory held against the limit for a run that peaked at ``peak_kib``."""
        return max(0, peak_kib - self.baseline_kib) if self.memory == OWN else peak_kib


def limits_for(
    problem: Problem,
    runner: Runner | Interpreter,
    kill_factor: float = KILL_FACTOR,
    *,
    output_last: bool = False,
    judged_at: float = 1.0,
) -> Limits:
    """The limits a run of ``problem`` under ``runner`` (or a bare interpreter) is held to;
    ``output_last``: its output's size judged after its time and exit (``Limits``);
    ``judged_at``: the factor of the limit the run is judged at besides (``verify``'s margin:
    a problemtools game is killed at ceil(2 x that limit))."""
    profile = profile_for(problem.judge)
    memory = profile.memory if profile is not None else OWN
    clock = profile.time if profile is not None else WALL
    per_move = problem.game_timeout is not None
    if problem.kind == "interactive" and not per_move:
        clock = CPU  # its wall time holds its interactor's work and the kit's relay
    interpreter = getattr(runner, "interpreter", runner)
    # a compiled program has no interpreter's footprint to leave out
    base = 0 if interpreter.impl == NATIVE else baseline_kib(*_baseline_key(problem, runner))
    games = profile.games if profile is not None else JOINED
    timeout = problem.game_timeout if per_move else kill_factor * problem.time_limit
    if not per_move:
        timeout = _judge_kill(problem, profile, judged_at) or timeout
    held = _address_held(interpreter) and profile is not None and profile.address_space
    return Limits(
        time=problem.time_limit,
        timeout=timeout,
        memory_kib=problem.memory_limit * MIB,
        output_bytes=problem.output_bytes,
        memory=memory,
        baseline_kib=base,
        interpreter=interpreter.label,
        stack_bytes=stack_bytes(problem, interpreter.impl),
        address_bytes=problem.memory_limit << 20 if held else None,
        per_move=per_move,
        clock=clock,
        output_counts=problem.output_counts,
        output_last=output_last or (profile is not None and profile.output_last),
        games=games,
    )


def after_a_kill(limits: Limits) -> Limits:
    """The limits of a target's later runs in a build once one of its runs was killed at
    ``limits.timeout``: killed at ``CLEARLY_OVER`` times the limit where that is sooner, as
    a run that far over is a time-out by itself (``clearly_over``: no noise explains it), the
    verdict it gets run to the timeout; the time past that only said how far over. Not where
    the time is not the wall clock's (CPU time, a game's: a run may be that late by the wall
    clock and within its limit) or a game's moves are timed."""
    cut = CLEARLY_OVER * limits.time
    if limits.per_move or limits.clock != WALL or cut >= limits.timeout:
        return limits
    return replace(limits, timeout=cut, cut_from=limits.timeout)


def _address_held(interpreter: Interpreter) -> bool:
    """Whether a judge that holds a compiled program's address space holds this one's: a
    C or C++ binary's, not the JVM's (``Compiled.address_space``), nor an interpreter's."""
    return isinstance(interpreter, Compiled) and interpreter.address_space


def _judge_kill(problem: Problem, profile: Profile | None, judged_at: float) -> float | None:
    """Where the judge kills a run by a rule of its own, whatever the kit's kill factor, at
    ``judged_at`` times the time limit (verify's margin); None where it has none. A time-out
    either way."""
    limit = problem.time_limit * judged_at
    game = problem.kind == "interactive"
    if profile is not None and profile.overshoot is not None:
        seconds, fraction = profile.overshoot  # DOMjudge's hard limit (kit.judges.profiles)
        return (2 if game else 1) * (limit + max(seconds, fraction * limit))
    if game and profile is not None and profile.games == PROBLEMTOOLS:
        # problemtools' runner kills a game's submission at ceil(2 × the limit) of wall time
        # (judge/execute.py at a185fe97: ``str(math.ceil(2 * timelim))``, a whole second's
        # alarm); verifyproblem.py judges a submission again at the limit x
        # time_limit_to_tle, its game killed at twice that
        return math.ceil(2 * limit)
    return None


def machine_notes(limits: Limits) -> list[str]:
    """What this machine's hard resource limits take from a run that a judge would give it
    (the launcher sets each soft limit up to its hard one, and raises a hard one only where it
    may: root, or the capability to): one note each, naming the shell's command that shows
    it. A hard limit this process may raise is no note."""
    notes = []
    stack = _short_stack(limits)
    if stack is not None:
        wanted = limits.stack_bytes
        judge = "unlimited" if wanted is None else _mib(wanted)
        notes.append(
            f"note: this machine's hard stack limit is {_mib(stack)} (ulimit -Hs), below the "
            f"judge's {judge}: a deep recursion may crash here and not on the judge"
        )
    size = _hard(resource.RLIMIT_FSIZE, limits.output_bytes + 1)
    if size != resource.RLIM_INFINITY and size <= limits.output_bytes:
        notes.append(
            f"note: this machine's hard file size limit is {_mib(size)} (ulimit -Hf), below "
            f"the output limit of {_mib(limits.output_bytes)}: a larger output fails here"
        )
    room = _short_room(limits)
    if room is not None:
        folder, free = room
        notes.append(
            f"note: the temporary folder {folder} has {_mib(free)} free, less than the output "
            f"limit of {_mib(limits.output_bytes)}: a run's output is written there (TMPDIR)"
        )
    cpu = _hard(resource.RLIMIT_CPU, resource.RLIM_INFINITY)
    if cpu != resource.RLIM_INFINITY and cpu < limits.timeout:
        notes.append(
            f"note: this machine's hard CPU time limit is {cpu} s (ulimit -Ht), below the "
            f"{limits.timeout:g} s a run may take here: a long run is killed here and not on "
            "the judge"
        )
    machine = machine_memory()
    if machine is not None and machine[0] < limits.kill_kib * 1024:
        size, where = machine
        notes.append(
            f"note: this machine gives its processes {_mib(size)} at most ({where}), below the "
            f"{_mib(limits.kill_kib * 1024)} a run may hold on the judge: a run that needs more "
            "is killed here and not on the judge"
        )
    for what, flag, hard in _memory_limits():
        notes.append(
            f"note: this machine's hard {what} limit is {_mib(hard)} (ulimit -H{flag}); the "
            "kit counts memory by the resident set: a run may fail here and not on the judge"
        )
    return notes


def _short_stack(limits: Limits) -> int | None:
    """This machine's hard stack limit when it is below the judge's stack, else None."""
    wanted = limits.stack_bytes
    stack = _hard(resource.RLIMIT_STACK, resource.RLIM_INFINITY if wanted is None else wanted)
    if stack != resource.RLIM_INFINITY and (wanted is None or stack < wanted):
        return stack
    return None


def _short_room(limits: Limits) -> tuple[str, int] | None:
    """The temporary folder runs write to (as TMPDIR names it) and its free bytes, when they
    are fewer than the output limit, else None."""
    folder = system_folder()
    free = shutil.disk_usage(folder).free
    return (folder, free) if free <= limits.output_bytes else None


def _memory_limits() -> list[tuple[str, str, int]]:
    """(what, ulimit's flag, bytes) of each hard address-space or data limit a run has."""
    found = []
    for kind, flag, what in ((resource.RLIMIT_AS, "v", "address-space"),
                             (resource.RLIMIT_DATA, "d", "data-segment")):  # fmt: skip
        hard = _hard(kind, resource.RLIM_INFINITY)
        if hard != resource.RLIM_INFINITY:
            found.append((what, flag, hard))
    return found


def _hard(kind: int, want: int) -> int:
    """The hard limit ``kind`` a run can have: this process's, or ``want`` when it may raise
    its own to it, as the launcher (its child, with its rights) then does for the run."""
    soft, hard = resource.getrlimit(kind)
    if hard == resource.RLIM_INFINITY or (want != resource.RLIM_INFINITY and want <= hard):
        return hard
    try:
        resource.setrlimit(kind, (soft, want))  # its own hard limit only: the soft one stays
    except (ValueError, OSError):
        return hard
    return want


# what a Python says of a write its disk refused: the error, or the status CPython and PyPy
# end with when flushing stdout fails at exit (the run's stdout is a file: no broken pipe),
# its message lost where stderr's file is on the full disk too; a message naming another
# error (``[Errno 9] Bad file descriptor``: it closed its own fd 1) is the run's own failure
NO_SPACE = (b"[Errno 28]", b"No space left on device")
FLUSH_FAILED = 120
OTHER_ERROR = b"[Errno "


# what a run says when it could not have the memory or stack it asked for
OUT_OF_ROOM = (b"MemoryError", b"can't start new thread", b"[Errno 12]", b"Cannot allocate")
CRASHED = (-signal.SIGSEGV, -signal.SIGBUS, -signal.SIGABRT)


def machine_failure(limits: Limits, returncode: int, stderr: bytes) -> str | None:
    """Why a failed run's verdict is this machine's, not the solution's, when it is: one of
    ``machine_notes``' conditions holds and the run failed as that condition fails a run: the
    temporary folder its output goes to has less room than the output limit and it failed
    writing (ENOSPC, or stdout's flush at exit naming no other error); the hard stack limit is
    below the judge's stack and it crashed; a hard address-space or data limit holds and it ran
    out of memory or crashed (a thread's stack not given). The judge's verdict is not known then."""
    room = _short_room(limits)
    no_space = any(said in stderr for said in NO_SPACE)
    wrote = no_space or (returncode == FLUSH_FAILED and OTHER_ERROR not in stderr)
    if room is not None and wrote:
        return _full_folder(limits, *room, no_space)
    crashed = returncode in CRASHED
    stack = _short_stack(limits)
    if crashed and stack is not None:
        return (
            f"not judged here: this machine's hard stack limit, {_mib(stack)} (ulimit -Hs), is "
            "below the judge's, and the run crashed (not known to be the solution's failure)"
        )
    memory = _memory_limits()
    if not memory or not (crashed or any(sign in stderr for sign in OUT_OF_ROOM)):
        return None
    what, flag, hard = memory[0]
    return (
        f"not judged here: this machine's hard {what} limit, {_mib(hard)} (ulimit -H{flag}), "
        "refused the run memory or a stack (not known to be the solution's failure)"
    )


def _full_folder(limits: Limits, folder: str, free: int, said: bool) -> str:
    """The failure of a run writing to ``folder``, the kit's temporary folder, with ``free``
    bytes left: the disk's, when the run ``said`` so (ENOSPC); else (exit status 120 naming no
    error) only likely: a program that closes fds 1 and 2 ends so anywhere."""
    room = f"{_mib(free)} free, less than the output limit of {_mib(limits.output_bytes)}"
    if said:
        return (
            f"not judged here: the temporary folder {folder} ({room}) could not take the run's "
            "output (not the solution's failure; set TMPDIR to a folder with room)"
        )
    return (
        f"not judged here: the temporary folder {folder} ({room}) may have been too full for "
        f"the run's output (exit status {FLUSH_FAILED} naming no error: Python's flush of "
        "stdout at exit failed, as on a full disk; not known to be the solution's failure; "
        "set TMPDIR to a folder with room)"
    )


def _mib(size: int) -> str:
    return f"{size / (1 << 20):.0f} MiB" if size >= 1 << 20 else f"{size >> 10} KiB"


def run_limited(
    command: list[str],
    stdin: bytes | Path,
    cwd: Path,
    limits: Limits,
    env: dict | None = None,
    discard: bool = False,
    named: tuple[str, str] = ("", ""),
) -> Run:
    """``command`` run once as a judge runs it (``kit.run.process``), held to ``limits``;
    ``env``: another environment than a judge's (the user's own tools); ``discard``: its
    stdout thrown away, however much (it is not read); ``named``: the problem's input and
    output file names ("" each: stdin, stdout). Where the output limit counts everything, the
    files it created or changed in ``cwd`` are measured."""
    before = _files(cwd) if limits.output_counts == ALL else {}
    run = run_process(
        command,
        stdin,
        cwd=cwd,
        env=env,
        timeout=limits.timeout,
        memory_kib=limits.kill_kib,
        output_bytes=None if discard else limits.output_bytes,
        stack_bytes=limits.stack_bytes,
        address_bytes=limits.address_bytes,
        input_file=named[0],
        output_file=named[1],
    )
    if limits.output_counts == ALL:
        after = _files(cwd)
        run.files_bytes = sum(
            size for path, (size, _) in after.items() if before.get(path) != after[path]
        )
    return run


def _files(folder: Path) -> dict[Path, tuple[int, int]]:
    """(size, modification time) of every file under ``folder``."""
    found = {}
    for path in folder.rglob("*"):
        try:
            info = path.lstat()
        except OSError:
            continue
        if path.is_file() and not path.is_symlink():
            found[path] = (info.st_size, info.st_mtime_ns)
    return found


def prefetch(problem: Problem, runners: list[Runner]) -> None:
    """Start measuring each runner's footprint now, so that ``limits_for`` finds it done."""
    for runner in runners:
        prefetch_baseline(*_baseline_key(problem, runner))


def _baseline_key(problem: Problem, runner: Runner | Interpreter) -> tuple:
    """The footprint's command: the interpreter as ``problem``'s runs start it
    (``kit.run.judged``, with any program it runs the script under), less the script."""
    command = judged.command(problem, runner, "")
    return tuple(command[:-1]), tuple(run_environment().items())


def stack_bytes(problem: Problem, impl: str = "cpython") -> int | None:
    """The stack a run under ``impl`` gets: PyPy's own on a judge that runs it on Windows
    (``PYPY_WINDOWS_STACK``), else the judge's documented setting, else the memory limit
    (CPython's on Windows at least ``CPYTHON_WINDOWS_STACK_LEAST``)."""
    profile = profile_for(problem.judge)
    windows = profile is not None and profile.platform == WINDOWS
    if windows and impl == "pypy":
        return PYPY_WINDOWS_STACK
    stack = profile.stack if profile is not None else None
    if stack == UNLIMITED:
        return None
    mib = stack if isinstance(stack, int) else problem.memory_limit
    return max(mib << 20, CPYTHON_WINDOWS_STACK_LEAST if windows else 0)


def exceeded(  # noqa: PLR0913
    limits: Limits,
    *,
    output_over: bool,
    killed: str | None,
    peak_kib: int,
    processes: int = 1,
    written: tuple[int, int, int] = (0, 0, 0),
    seconds: float | None = None,
    moved: tuple[float, float] | None = None,
    crashed: str = "",
    output_within: float | None = None,
    runs: int = 1,
    into: str = "stdout",
) -> tuple[str, str] | None:
    """Which limit a run broke (``OUTPUT``, ``MEMORY`` or ``TIME``, in the order a judge stops
    a run) and how, told without the verdict's name; None when it kept to every one.
    ``written``: the bytes it wrote to stdout, to stderr and to files, which together are
    held to the output limit where it counts everything (``ALL``). ``seconds``: the run's
    time as the limit counts it; a run killed for memory past the time limit broke the time
    limit first (it is killed as soon as it is over: at the time limit it was under), and a
    judge stops it there. ``moved``: the run's wall time and the seconds of it that it waited
    for a core (``Run.seconds``, ``Run.waited``), by which the watch moved its kill's deadline
    on (``kit.launcher``): a kill at the timeout then says when it really came. ``crashed``:
    how the run failed by itself (``exit status 1: ValueError: ...``, not a kill of the
    kit's), "" when it did not: past the time limit that is a time-out, as every judge judges
    the time first (``_failed_late``); ``output_within``: its time at the last look that found
    its stdout within the output limit (``Limits.output_within``), past the time limit a
    time-out too (``_flooded_late``). ``runs``: how many runs' median ``seconds`` is, said.
    ``into``: where its output goes (a problem's named output file, ``output.txt``)."""
    size = limits.output_bytes / (1 << 20)
    flooded = _flooded_late(limits, seconds, output_within, runs) if output_over else None
    if flooded is not None:
        return TIME, flooded
    if output_over:
        ended = "run to its end, judged after its time and exit" if limits.output_last else ""
        return OUTPUT, f"more than {size:g} MiB written to {into} ({ended or 'stopped there'})"
    if limits.output_counts == ALL and sum(written) > limits.output_bytes:
        names = ("stdout", "stderr", "files")
        parts = ", ".join(f"{k} {_bytes(n)}" for k, n in zip(names, written) if n)
        total = _above(sum(written) / (1 << 20), size)
        together = "stdout, stderr and files counted together"
        return OUTPUT, f"{total} MiB written over {size:g} MiB, {together} ({parts})"
    timed_as = (seconds, runs) if seconds is not None else None
    return _memory_or_time(limits, killed, peak_kib, processes, timed_as, moved, crashed)


def _memory_or_time(  # noqa: PLR0913
    limits: Limits,
    killed: str | None,
    peak_kib: int,
    processes: int,
    timed_as: tuple[float, int] | None,
    moved: tuple[float, float] | None = None,
    crashed: str = "",
) -> tuple[str, str] | None:
    """``exceeded``'s memory and time: the memory limit first, but for a run killed for
    memory past the time limit; then a failure past the time limit (``_failed_late``), then
    the kill at the timeout. ``timed_as``: the run's time and how many runs' median it is."""
    seconds, runs = timed_as if timed_as is not None else (None, 1)
    counted = limits.counted_kib(peak_kib)
    late = seconds is not None and not limits.per_move and over_limit(seconds, limits.time)
    if killed == MEMORY and late:
        return TIME, (
            f"{seconds:.3f} s is over the {limits.time:g} s limit (killed for memory "
            "after it, which a judge would not reach)"
        )
    if killed == MEMORY or counted > limits.memory_kib:
        how = " (killed)" if killed == MEMORY else ""
        return MEMORY, memory_text(limits, peak_kib, processes) + how
    if crashed and late and not limits.side_by_side:
        return TIME, _failed_late(limits, seconds, crashed, runs)
    if killed == TIME and limits.per_move:
        return TIME, f"the game was stopped at {limits.timeout:g} s (game_timeout)"
    if killed == TIME:
        factor = limits.timeout / limits.time
        rule = f"killed at {limits.timeout:g} s ({factor:g}x the {limits.time:g} s limit)"
        if limits.cut_from is not None:
            rule = rule[:-1] + f", after an earlier run's kill at {limits.cut_from:g} s)"
        return TIME, rule + (moved_on(limits.timeout, *moved) if moved is not None else "")
    return None


def _failed_late(limits: Limits, seconds: float, crashed: str, runs: int = 1) -> str:
    """A run that failed by itself (``crashed``) after its time limit, told as its time-out:
    every judge judges the time before the exit. Most stop a run at (or near) its limit and
    never see what it did after it (CSES shows the first of OUTPUT LIMIT EXCEEDED, TIME LIMIT
    EXCEEDED, RUNTIME ERROR); DOMjudge, problemtools and Library Checker, which let it run a
    little past, read its time before its exit status (kit.judges.profiles). A time this
    close to the limit (``time_marginal``) may go either way, the remark says so: one run's
    (the build's the run at the median of those made alone, kit.run.case_judge's
    ``crashes``, ``runs`` the failures it is the median of, said as a passing case's)."""
    return (
        f"{timed(seconds, runs)} is over the {limits.time:g} s limit (failed after it, which a "
        f"judge does not reach or judges after the time: {crashed}{_close(limits, seconds)})"
    )


def _flooded_late(
    limits: Limits, seconds: float | None, within: float | None, runs: int
) -> str | None:
    """A run whose stdout went over the output limit after its time limit by the judge's
    clock (``within``: its time at the watch's last look that found it within), told as its
    time-out, or None. Every judge sees the time first there: most stop a run at (or about)
    its limit and never see such a flood (Codeforces, AtCoder, Kattis, Timus, SPOJ; CSES,
    whose list puts OUTPUT LIMIT EXCEEDED first, shows the first of the errors it saw, and it
    stops a run at its time limit), Library Checker reads a run's time-out before anything
    else, and DOMjudge and problemtools judge the output's size after the time and exit
    whenever it went over (``output_last``: their run again, kit.run.case_judge, decides). Not
    known (no output watched: stderr and files counted with it, ``ALL``, are not looked at),
    or timed side by side (stress, whose late failures keep their verdict), the output
    limit stands. Of ``runs`` failures, ``seconds`` is their median and ``within`` one run's,
    the middle one by time (kit.run.case_judge's ``crashes``), said so: not the median's."""
    if within is None or seconds is None or limits.output_last or limits.side_by_side:
        return None
    if limits.per_move or not over_limit(within, limits.time):
        return None
    size = limits.output_bytes / (1 << 20)
    whose = ("in the middle run by time, its", " of that run") if runs > 1 else ("its", "")
    return (
        f"{timed(seconds, runs)} is over the {limits.time:g} s limit ({whose[0]} output went "
        f"over the {size:g} MiB output limit after it, later than {within:.3f} s{whose[1]}, "
        f"which a judge does not reach or judges after the time{_close(limits, within)})"
    )


def _close(limits: Limits, seconds: float) -> str:
    """The remark on a time within ``MARGINAL`` of the limit, in a message's parentheses."""
    if not limits.time_marginal(seconds):
        return ""
    return f"; within {MARGINAL:.0%} of it: {MAY_GO_EITHER_WAY}"


def moved_on(timeout: float, wall: float, waited: float) -> str:
    """What a kill at ``timeout`` came later by, measured, for a message after the timeout's
    figure: the watch moves the deadline on by what the run waited for a core other work on
    this machine held, so a run killed "at 6 s" on a loaded machine was killed at its wall
    time, ``wall``, later (`` (and 6.97 s more for what it waited for a core other work on
    this machine held: 12.97 s of wall time in all)``); "" when that wait is under
    ``SAID_FROM`` (the kill came at the timeout, but for the watch's wake-up). A remark
    in parentheses of the form a game's timeout has (``kit.run.game_verdicts``), which
    ``without_allowance`` leaves out, so that failures alike read alike on any load."""
    if not said_moved(waited):
        return ""
    later = max(0.0, wall - timeout)
    return (
        f" (and {later:.2f} s more for what it waited for a core other work on this machine "
        f"held: {wall:.2f} s of wall time in all)"
    )


def said_moved(seconds: float) -> bool:
    """Whether a deadline moved on by ``seconds`` (what a run waited for a core other work on
    this machine held, a game's relay's hops) is said: ``SAID_FROM`` or more; less is the
    watch's wake-ups. The one rule of ``moved_on``, a game's timeout (``kit.run.game_verdicts``)
    and a stress run's kill (``kit.commands.stress``), so that no message names a late kill
    its verdict does not."""
    return seconds >= SAID_FROM


def memory_text(limits: Limits, peak_kib: int, processes: int = 1) -> str:
    """``peak 70.1 MiB over 64 MiB``, or for ``OWN`` the solution's own share and the peak;
    a peak of several ``processes`` together says so."""
    limit = limits.memory_kib / MIB
    peak = f"peak {_above(peak_kib / MIB, limit)} MiB"
    if processes > 1:
        peak += f" of {processes} processes together"
    if limits.memory != OWN:
        return f"{peak} over {limit:g} MiB"
    own = _above(limits.counted_kib(peak_kib) / MIB, limit)
    base = limits.baseline_kib / MIB
    alone = f"{limits.interpreter} alone" if limits.interpreter else "the interpreter alone"
    return f"{own} MiB of its own over {limit:g} MiB ({peak}, {alone} {base:.1f} MiB)"


def _bytes(size: int) -> str:
    """``120 bytes``, ``3.4 KiB``, ``2.1 MiB``."""
    if size < 1024:
        return f"{size} bytes"
    return f"{size / 1024:.1f} KiB" if size < 1 << 20 else f"{size / (1 << 20):.1f} MiB"


def _above(mib: float, limit: float) -> str:
    """``mib`` to one decimal, or to as many as show it over ``limit`` when it is (64.02 MiB
    over 64 MiB, not "64.0 MiB over 64 MiB")."""
    for digits in (1, 2, 3):
        text = f"{mib:.{digits}f}"
        if mib <= limit or float(text) > limit:
            return text
    return f"{mib:.4f}"


# a run this many times its limit is TLE by itself: no noise explains it, so it is neither
# run again for a median (kit.run.case_judge) nor timed again alone (kit.run.schedule)
CLEARLY_OVER = 2.0


def clearly_over(seconds: float, limit: float) -> bool:
    return seconds > CLEARLY_OVER * limit


def over_limit(seconds: float, limit: float) -> bool:
    """Whether a time is over its limit (a time equal to it is in time)."""
    return seconds > limit


def time_over(limits: Limits, seconds: float, runs: int = 1) -> str | None:
    """Why a case's time (the median of its ``runs``) fails the limit, or None. A game whose
    limit is per move is not held to it as a whole: its interactor times the moves."""
    if not over_limit(seconds, limits.time) or limits.per_move:
        return None
    what = timed(seconds, runs)
    close = (
        f" (within {MARGINAL:.0%} of it: {MAY_GO_EITHER_WAY})"
        if limits.time_marginal(seconds)
        else ""
    )
    return f"{what} is over the {limits.time:g} s limit{close}"


def timed(seconds: float, runs: int = 1) -> str:
    """A case's time as a message says it: ``0.938 s``, or of several runs their median,
    ``median of 3 runs 0.938 s`` (a passing case's, ``time_over``, and a late failure's)."""
    return f"median of {runs} runs {seconds:.3f} s" if runs > 1 else f"{seconds:.3f} s"

"""Helper programs (checkers, validators, interactors) run to completion: the one place the kit
starts a program it does not judge.

A judged run (the solution's) goes through ``kit.run.process`` and its launcher, which measure
time and memory; the programs here are the jury's, and need only an end: ``run_program`` runs
one in a process group of its own, its stdin a file or nothing, and kills the whole group at
``timeout`` (then ``hung`` is True), its address space held to ``memory`` MiB when given (as
problemtools holds an output validator to ``limits.validation_memory``: ``RLIMIT_AS``, an
allocation past it failing), its CPU time to ``cpu`` seconds when given (as problemtools holds
it to ``limits.validation_time``: ``RLIMIT_CPU``, ``SIGXCPU`` at the whole seconds above it,
``SIGKILL`` a second later; ``timeout`` is then the wall time's back-stop, for one that
sleeps; one that ignores or catches ``SIGXCPU`` and dies by the ``SIGKILL`` is told apart:
``Ran.hard_cpu_stop``), and its stack unlimited (within the hard limit), as problemtools
runs every program (run/program.py, ``__run_wait``: ``try_limit(RLIMIT_STACK, RLIM_INFINITY,
RLIM_INFINITY)``, 1.20260907), not the kit's own 8 MiB: ``loopinvariant`` input
validator recurses once a character of its 1 MB inputs and crashed with ``SIGSEGV`` on 25 of
27. One that dies by ``SIGKILL`` while the kernel's out-of-memory killer
killed a process (the ``oom_kill`` count rose during the run: the kit's own control group's,
which counts the kills in it and below it, where it can be read, ``kit.run.machine_memory``'s
``oom_events``; where its own folder has none, the nearest parent's, which counts the groups
beside it too, said so; else ``/proc/vmstat``'s, the machine's) says so: ``Ran.oom``, an
``OomKill``, tied to the program when it held half the machine's memory, else said to be
perhaps another's. ``kill_group`` and ``signal_name`` serve the interactive runner too.

Every program a judge would run, the jury's and the solution's, gets the judge's kind of
environment, ``judged_environment()``: ``PATH`` (and where this machine keeps libraries
and scratch files), not the user's variables (a locale of
Latin-1, ``MALLOC_PERTURB_``, a contest's ``LOCAL=1``, ``PYTHONOPTIMIZE=1`` under which a
Python checker's ``assert`` no longer rejects: each changed a verdict). The locale's
character type is ``C.UTF-8``: CPython and PyPy read and write UTF-8, and PyPy 3.9, without
a locale, could not open a script whose path is not ASCII. A variable the user names in
``CPKIT_RUN_ENV`` (``CPKIT_RUN_ENV=LOA_MOVE_TIME``: a local setting of the program under test,
which no judge sets) is passed too, and ``NAME=VALUE`` there sets one (``CPKIT_RUN_ENV=LOCAL=1``;
a value holds no comma or space), for runs and the judge's programs alike.

API::

    run_program(argv, cwd, timeout, stdin=None, env=None, memory=None, cpu=None)
        -> (status, stdout, stderr, hung)
    program_ran(...the same...) -> Ran(status, stdout, stderr, hung, hard_cpu_stop, oom)
    oom_kills() -> int | None   # the out-of-memory killer's kills so far, as oom_counter counts
    oom_counter() -> Path   # the kit's control group's memory.events (or v1's), else /proc/vmstat
    OomKill(peak, machine, counter, parent=False).tied, .said()   # its kill during a run that
        # ended by SIGKILL; parent: the counter is a control group's above the kit's
    cpu_limits(seconds) -> (soft, hard)   # the RLIMIT_CPU a ``cpu`` limit sets
    unlimited_stack() -> preexec_fn   # RLIMIT_STACK unlimited, as every jury program runs
    Drain.started(keep, head=False)   # a pipe read by a thread: write_end, ended() -> Kept
    Kept(data, lines_not_kept=0)      # bytes kept of a stream, whole lines, and the lines left out
    Kept.of(kept, newlines, last)     # the same, its lines not kept counted from the stream's
    whole_tail(data) -> bytes         # a stream's tail from its first whole line (or CUT + cut)
    launcher_cut(line) -> bool        # the launcher's line for the bytes of a stderr not kept
    judged_environment() -> dict   # PATH, LC_CTYPE=C.UTF-8, LD_LIBRARY_PATH, TMPDIR
    kill_group(pid)        # SIGKILL a process group started with start_new_session
    stopped(pid) -> bool   # stopped by a signal (SIGSTOP, SIGTSTP): /proc/PID/stat's state T
    xcpu_kept_off(pid) -> bool   # SIGXCPU ignored, caught or blocked: /proc/PID/status
    track(pid); untrack(pid)   # a session tracked from its start to its reaping, across threads
    start_tracked(start) -> Popen   # start() tracked before end_handed_over's next look
    end_holders(files)     # SIGKILL every other process holding one of files (file_identity(fd))
    with tracked(pid): ...; end_sessions()   # such groups (and their leaders' children's)
                                            # ended when the kit is stopped
    Forked(work)           # work() in a forked process, a session of its own: finished(), abandon()
    with stops_held(): ... # Ctrl-C, SIGTERM, SIGHUP held back within, raised on leaving
    signal_name(number) -> "SIGSEGV"
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import math
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

from kit.errors import BuildError
from kit.launcher import (  # the launcher's own: no kit module it imports
    CUT,
    READ_BYTES,
    STDERR_CUT,
    SWEEP_ROUNDS,
    become_subreaper,
    below_hard,
    children,
    cpu_times,
    end_with_parent,
    ended,
    kill,
    line_ends,
)
from kit.run.machine_memory import machine_memory, oom_events

MACHINE = ("LD_LIBRARY_PATH", "TMPDIR")  # where this machine keeps libraries and scratch files
UTF8 = "C.UTF-8"  # the locale's encoding: without one, PyPy 3.9 takes file names as ASCII
PASSED = "CPKIT_RUN_ENV"  # names of the user's variables to pass to runs all the same


def judged_environment() -> dict[str, str]:
    """The environment of a program a judge runs: ``PATH``, and where this machine keeps its
    libraries (an interpreter or a checker linked against them) and its scratch files, nothing
    else of the user's (see the module doc)."""
    env = {"PATH": os.environ.get("PATH") or os.defpath, "LC_CTYPE": UTF8}
    for entry in [*MACHINE, *os.environ.get(PASSED, "").replace(",", " ").split()]:
        name, given, value = entry.partition("=")
        if not name or "\0" in entry:
            raise BuildError(f"{PASSED}: {entry!r} is neither NAME nor NAME=VALUE")
        if name.startswith("PYTHON"):
            raise BuildError(
                f"{PASSED}: {name} would change nothing: runs start Python with -I (the judge's "
                "programs with -E), which ignores every PYTHON* variable"
            )
        if given:
            env[name] = value
        elif name in os.environ:
            env[name] = os.environ[name]
    return env


class OomKill(NamedTuple):
    """The kernel's out-of-memory killer killed a process while a program ran, and the program
    ended by ``SIGKILL``: the ``oom_kill`` count of ``counter`` rose (``oom_kills``). That
    counter is the kit's control group's or the machine's, others' kills among it, so the kill
    is tied to the program only when it held at least
    ``TIED_SHARE`` of the memory the machine gives its processes (``peak``, its ``ru_maxrss``,
    against ``machine``: ``kit.run.machine_memory``): the killer takes the process holding the
    most (``oom_badness``), and one holding half is that one; else it may have been another's."""

    peak: int | None  # bytes, the program's peak resident memory; None: not known
    machine: tuple[int, str] | None  # the least memory of the machine and its control groups
    counter: str = "/proc/vmstat"  # the file whose oom_kill line rose (``oom_counter``)
    parent: bool = False  # that file a control group's above the kit's, whose own has none

    @property
    def tied(self) -> bool:
        return (
            self.peak is not None
            and self.machine is not None
            and self.peak >= TIED_SHARE * self.machine[0]
        )

    def said(self) -> str:
        """The kill, as a message says it after "killed by", in one plain line: no bracket, so
        that a remark a caller adds in one (``(its memory limit: 64 MiB)``) reads as the
        program's, after its figure: ``the kernel's out-of-memory killer: of the 64 MiB
        /sys/fs/cgroup/memory.max gives this machine, it held 40 MiB``."""
        if self.tied:
            return f"the kernel's out-of-memory killer: {self._held('it')}"
        return (
            "SIGKILL, perhaps the kernel's out-of-memory killer's, which killed a process "
            f"during the run, perhaps another program's, as {self._counts()}: "
            f"{self._held('this one')}"
        )

    def _counts(self) -> str:
        """Whose kills ``counter`` counts: the machine's, the kit's control group's, or a
        parent group's, which counts the groups beside the kit's too."""
        if self.counter == "/proc/vmstat":
            return "/proc/vmstat counts the machine's"
        if self.parent:
            return (
                f"{self.counter} counts a control group's above the kit's, sibling groups' "
                "kills too, as the kit's own group has no such file"
            )
        return f"{self.counter} counts the kit's control group's and those below it"

    def _held(self, who: str) -> str:
        """What ``who`` (the program) held, of the memory the machine gives where known."""
        known = self.peak is not None
        held = f"{who} held {_mib(self.peak)} MiB" if known else f"what {who} held is not known"
        if self.machine is None:
            return held
        size, where = _mib(self.machine[0]), self.machine[1]
        if where == "physical memory":  # kit.run.machine_memory's: that, or the limit's file
            return f"of this machine's {size} MiB of physical memory, {held}"
        return f"of the {size} MiB {where} gives this machine, {held}"


TIED_SHARE = 0.5  # of the machine's memory, the least a program held to be the killer's
VMSTAT = Path("/proc/vmstat")  # its ``oom_kill`` line: Linux 4.13 and later


def oom_counter() -> Path:
    """The file whose ``oom_kill`` line ``oom_kills`` reads: the kit's own control group's
    (``oom_events``: the kills in it and below it, not its siblings'; where its own folder has
    none, a parent's, its siblings' too) where it can be read, else ``VMSTAT`` (the machine's,
    every group's kills)."""
    return _counter()[0]


def _counter() -> tuple[Path, bool]:
    """``oom_counter``'s file, and whether it is a parent control group's (``OomKill.parent``)."""
    events = oom_events()
    return (VMSTAT, False) if events is None else (events.path, not events.own)


def oom_kills() -> int | None:
    """How many processes the kernel's out-of-memory killer has killed as ``oom_counter``
    counts them (its ``oom_kill`` line), None when that cannot be read."""
    try:
        with open(oom_counter(), "rb") as file:
            for line in file:
                name, _, count = line.partition(b" ")
                if name == b"oom_kill":
                    return int(count)
    except (OSError, ValueError):
        return None
    return None


def _mib(size: int) -> int:
    return round(size / (1 << 20))


class Ran(NamedTuple):
    """A program run to its end: its exit status (a signal's negated), its stdout and stderr
    kept (``Kept``), whether it was killed at its time-out, and whether its end was its
    ``cpu`` limit's hard one: ``SIGKILL`` once its CPU time reached near that limit, ``SIGXCPU``
    kept off (``_at_hard_limit``); the kit's own ``SIGKILL`` at its time-out is ``hung``.
    ``oom``: for a ``SIGKILL`` not at its time-out, the kernel's out-of-memory killer's kills
    during the run (``OomKill``); one ``tied`` to it is no hard CPU stop."""

    status: int
    stdout: bytes
    stderr: bytes
    hung: bool
    hard_cpu_stop: bool
    oom: OomKill | None = None


def program_ran(  # noqa: PLR0913
    argv: list[str],
    cwd: Path,
    timeout: float,
    stdin: Path | None = None,
    env: dict[str, str] | None = None,
    memory: int | None = None,
    cpu: float | None = None,
    output: Path | None = None,
) -> Ran:
    """Run a program to completion or to ``timeout`` (seconds of wall time); its whole process
    group is killed then, and when it ends (what it left behind in it). Its stdin is the file
    ``stdin``, else empty; its environment ``env``, else a judge's (``judged_environment``); its
    address space at most ``memory`` MiB when given (``address_limit``), its CPU time ``cpu``
    seconds (``cpu_limit``: it dies by ``SIGXCPU``, or by ``SIGKILL`` a second later,
    ``Ran.hard_cpu_stop``). With ``output``, its stdout is written whole to that file instead
    (none kept).
    Its stdout and stderr are read through pipes as they come (``Drain``), the first
    ``KEPT_BYTES`` of its stdout kept and the last of its stderr (a verdict line or a
    traceback after any debugging lines), as whole lines (``Kept``). What it left running in
    a session of its own is ended: handed to the kit, a subreaper meanwhile
    (``end_handed_over``), or found holding one of the pipes (``end_holders``); it does not
    keep it waiting."""
    with contextlib.ExitStack() as stack:
        source = stack.enter_context(open(stdin, "rb")) if stdin else subprocess.DEVNULL
        out, err = Drain.started(KEPT_BYTES, head=True), Drain.started(KEPT_BYTES)
        stack.callback(out.close)
        stack.callback(err.close)
        stack.enter_context(subreaping())
        before = oom_kills()
        process = start_tracked(
            functools.partial(
                subprocess.Popen,
                argv,
                cwd=cwd,
                env=judged_environment() if env is None else env,
                stdin=source,
                stdout=stack.enter_context(open(output, "wb")) if output else out.write_end,
                stderr=err.write_end,
                start_new_session=True,
                preexec_fn=_held(memory, cpu),
            )
        )
        with process:
            hung, at_hard, peak = _waited(process, timeout, (out, err), cpu)
        end_handed_over()
        killed = process.returncode == -signal.SIGKILL and not hung
        oom = _oom_kill(before, peak) if killed else None
        hard_stop = at_hard and killed and not (oom is not None and oom.tied)
        return Ran(process.returncode, out.ended(), err.ended(), hung, hard_stop, oom)


def _oom_kill(before: int | None, peak: int | None) -> OomKill | None:
    """The out-of-memory killer's kill during a run that ended by ``SIGKILL``: ``oom_kills``
    rose since ``before`` (read at its start); None when it did not, or cannot be read."""
    after = oom_kills()
    if before is None or after is None or after <= before:
        return None
    counter, parent = _counter()
    return OomKill(peak, machine_memory(), str(counter), parent)


def run_program(*args, **kwargs) -> tuple[int, bytes, bytes, bool]:
    """``program_ran`` (the same arguments), its (status, stdout, stderr, hung): for a program
    run without a ``cpu`` limit or whose hard one is no matter."""
    return program_ran(*args, **kwargs)[:4]


def address_limit(memory: int) -> Callable[[], None]:
    """A ``preexec_fn`` holding a program's address space to ``memory`` MiB (within the hard
    limit, as problemtools' ``try_limit`` sets it), the call made ready here: the child, forked
    beside the kit's threads, imports nothing."""
    limits = below_hard(resource.RLIMIT_AS, memory << 20)
    return functools.partial(resource.setrlimit, resource.RLIMIT_AS, limits)


def unlimited_stack() -> Callable[[], None]:
    """A ``preexec_fn`` giving a jury program the unlimited stack problemtools gives every
    program (within the hard limit), the call made ready here; ``run_program``'s, and an
    interactor's (``kit.run.game_processes``)."""
    limits = below_hard(resource.RLIMIT_STACK, resource.RLIM_INFINITY)
    return functools.partial(resource.setrlimit, resource.RLIMIT_STACK, limits)


def cpu_limit(seconds: float) -> Callable[[], None]:
    """A ``preexec_fn`` holding a program's CPU time to ``seconds`` as problemtools holds a
    validator's (run/program.py: ``try_limit(RLIMIT_CPU, timelim, timelim + 1)``): the soft
    limit at the whole seconds above it (``SIGXCPU``), the hard one a second later (``SIGKILL``,
    for one that ignores the first), within this process's hard limit (``cpu_limits``)."""
    return functools.partial(resource.setrlimit, resource.RLIMIT_CPU, cpu_limits(seconds))


def cpu_limits(seconds: float) -> tuple[int, int]:
    """The soft and hard ``RLIMIT_CPU`` of a program held to ``seconds`` (``cpu_limit``)."""
    soft, hard = below_hard(resource.RLIMIT_CPU, math.ceil(seconds))
    if hard == resource.RLIM_INFINITY or soft + 1 < hard:
        hard = soft + 1
    return soft, hard


def _held(memory: int | None, cpu: float | None) -> Callable[[], None]:
    """The ``preexec_fn`` of ``run_program``'s limits: the stack unlimited, and the others
    given."""
    limits = [unlimited_stack()]
    limits += [address_limit(memory)] if memory is not None else []
    limits += [cpu_limit(cpu)] if cpu is not None else []
    return functools.partial(_each, tuple(limits))


def _each(calls: tuple[Callable[[], None], ...]) -> None:
    for call in calls:
        call()


def _waited(
    process: subprocess.Popen, timeout: float, drains: tuple[Drain, ...], cpu: float | None
) -> tuple[bool, bool, int | None]:
    """Whether ``process`` ran past ``timeout``, whether it ended at the hard limit of its
    ``cpu`` seconds (``_at_hard_limit``, read before it is reaped), and its peak resident
    memory (``_reaped``); it is reaped, its group killed (what it left there), its session
    tracked meanwhile (``tracked``)."""
    with tracked(process.pid):
        for drain in drains:
            drain.close_write_end()
        hung = not _ended_within(process.pid, timeout)
        at_hard = cpu is not None and not hung and _at_hard_limit(process.pid, cpu)
        kill_group(process.pid)
        peak = _reaped(process)
    return hung, at_hard, peak


def _reaped(process: subprocess.Popen) -> int | None:
    """Reap ``process`` (its ``returncode`` set) and give its peak resident memory in bytes
    (``wait4``'s ``ru_maxrss``, KiB on Linux); None when it was reaped elsewhere."""
    try:
        _, status, usage = os.wait4(process.pid, 0)
    except ChildProcessError:
        process.wait()
        return None
    process.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_maxrss * 1024


HARD_SHARE_SEEN = 0.75  # of a program's hard CPU limit, the least read of one it ended


def _at_hard_limit(pid: int, cpu: float) -> bool:
    """Whether the ended, unreaped ``pid``, held to ``cpu`` seconds, ran on to its hard
    limit: it kept ``SIGXCPU`` off (``xcpu_kept_off``) and its CPU time read (``cpu_times``)
    is at least ``HARD_SHARE_SEEN`` of that limit. The time read is the scheduler's, and the
    kernel holds the limit to its own tick-sampled count: on a loaded 2-core machine a spin
    read 0.88-0.92 of it at each signal (0.9 s at ``SIGXCPU``, 1.75-1.85 s at the ``SIGKILL``
    of a hard limit of 2 s); no reading tells the hard stop itself. Half the soft limit was
    taken: a validator that ignored ``SIGXCPU`` and was killed for memory (the kernel's
    out-of-memory killer's ``SIGKILL``) after 0.6 s of CPU under a 1 s limit was said killed
    at its hard CPU limit of 2 s; a ``SIGKILL`` well short of that limit is not its."""
    hard = cpu_limits(cpu)[1]
    return xcpu_kept_off(pid) and cpu_times(pid)[0] >= HARD_SHARE_SEEN * hard


WAIT_FIRST, WAIT_MOST = 0.0005, 0.05  # seconds between looks at a program's end, doubling


def _ended_within(pid: int, timeout: float) -> bool:
    """Whether the child ``pid`` ended within ``timeout`` seconds, left unreaped (what
    ``/proc`` says of it still to be read), looked at as ``Popen.wait`` looks at its end;
    one reaped elsewhere has ended (``Popen.wait`` then takes its status for 0)."""
    deadline, delay = time.monotonic() + timeout, WAIT_FIRST
    with contextlib.suppress(ChildProcessError):
        while not ended(pid):
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(delay, left))
            delay = min(delay * 2, WAIT_MOST)
    return True


KEPT_BYTES = 1 << 20  # of a judge program's stdout (the head) and stderr (the tail)
DRAIN_SECONDS = 0.5  # a pipe's reader's time to read what a program wrote before it ended
# a read of less than GATHER_BELOW bytes waits GATHER_SECONDS before the next: a program that
# writes a line at a time (Python's stderr is line-buffered) woke the reading thread for each
GATHER_BELOW, GATHER_SECONDS = 1 << 12, 0.001


class Kept(bytes):
    """What was kept of a program's stream (``Drain.ended``): whole lines, once some of it was
    not kept, and ``lines_not_kept``, its lines left out (the one the cut fell in with them),
    which a message counts with those it does not show (``kit.judges.judge_messages``)."""

    lines_not_kept: int

    def __new__(cls, data: bytes, lines_not_kept: int = 0) -> Kept:
        kept = super().__new__(cls, data)
        kept.lines_not_kept = lines_not_kept
        return kept

    @classmethod
    def of(cls, kept: bytes, newlines: int, last: bytes) -> Kept:
        """``kept`` of a stream that held ``newlines`` and ended with the byte ``last``, its
        lines not kept counted: all the stream's but those of ``kept`` (a line of its own
        in it, the launcher's ``[... not kept ...]``, stands for one of them). Where it has
        none to stand for, the bytes it left out were of lines kept in part, which it marks
        cut (``CUT`` beside its line: one long line, its head and tail kept), and its line is
        dropped: no line was left out whole. (A traceback's header it kept from within its
        line is not marked, the header starting its line: that line counts as not kept.)"""
        written, lines = _lines(last, newlines), _lines(kept, kept.count(b"\n"))
        line = _LAUNCHER_LINE.search(kept) if written < lines else None
        if line and (
            kept.endswith(CUT + b"\n", 0, line.start()) or kept.startswith(CUT, line.end())
        ):
            kept, lines = kept[: line.start()] + kept[line.end() :], lines - 1
        return cls(kept, max(0, written - lines))


_LAUNCHER_CUT = re.compile(re.escape(STDERR_CUT.decode()).replace("%d", r"\d+"))
_LAUNCHER_LINE = re.compile(rb"(?m)^%s\n" % _LAUNCHER_CUT.pattern.encode())


def launcher_cut(line: str) -> bool:
    """Whether ``line`` is the launcher's between a run's stderr head and tail (``[... 9 bytes
    of stderr not kept ...]``), which stands for one of its lines not kept (``Kept.of``): the
    kit shows the count of them in its place."""
    return _LAUNCHER_CUT.fullmatch(line) is not None


def whole_tail(data: bytes) -> bytes:
    """A stream's tail from its first whole line: ``data``, the tail and the byte before it
    (a line's end, or not); a line longer than all of it is kept cut, ``CUT`` before it."""
    return data[data.find(b"\n") + 1 :] if b"\n" in data[:-1] else CUT + data[1:]


def _lines(data: bytes | bytearray, newlines: int) -> int:
    """The lines of ``data``, which holds ``newlines``: its last one unended counted too."""
    return newlines + (not data.endswith(b"\n"))


class Drain:
    """What a program writes to a pipe, read as it comes by a thread of its own (``started``;
    ``write_end``, the program's stdout or stderr): ``keep`` bytes of it kept, the last, or
    the first where ``head``, cut to whole lines, its lines counted (``Kept``). A file held
    all of it: an interactor printing in a loop wrote 440 MB a second to the kit's disk, a
    checker 2.6 GB."""

    def __init__(self, keep: int, *, head: bool = False) -> None:
        self.keep, self.head, self.kept, self.lock = keep, head, bytearray(), threading.Lock()
        self.written, self.newlines, self.last = 0, 0, b""  # of all it wrote
        self.after = b""  # of a head, the byte after it: a line end, its last line was whole
        self.read_end, self.write_end = os.pipe()
        self.pipe = file_identity(self.read_end)
        self.thread = threading.Thread(target=self._read, daemon=True)

    @classmethod
    def started(cls, keep: int, *, head: bool = False) -> Drain:
        drain = cls(keep, head=head)
        drain.thread.start()
        return drain

    def _read(self) -> None:
        with contextlib.suppress(OSError):
            while chunk := os.read(self.read_end, READ_BYTES):
                with self.lock:
                    self.written += len(chunk)
                    self.newlines += line_ends(chunk)
                    self.last = chunk[-1:]
                    if self.head:
                        room = self.keep - len(self.kept)
                        self.after = self.after or chunk[room : room + 1]
                        self.kept += chunk[:room]
                    else:
                        self.kept += chunk  # and the byte before: was it a line's end?
                        del self.kept[: -self.keep - 1]
                if len(chunk) < GATHER_BELOW:  # written a line at a time: let lines gather
                    time.sleep(GATHER_SECONDS)

    def close_write_end(self) -> None:
        if self.write_end >= 0:
            os.close(self.write_end)
            self.write_end = -1

    def ended(self) -> Kept:
        """What was kept (``Kept``: whole lines, its lines not kept counted), once the pipe's
        end was read (the program's processes left holding it, in a session of their own, are
        killed after DRAIN_SECONDS: ``end_holders``)."""
        self.close_write_end()
        self.thread.join(timeout=DRAIN_SECONDS)
        if self.thread.is_alive():
            end_holders({self.pipe})
            self.thread.join(timeout=DRAIN_SECONDS)
        with self.lock:
            return self._whole_lines()

    def _whole_lines(self) -> Kept:
        """What was kept, cut to whole lines when some was not (the first line of a tail
        kept, the last of a head, lost their start or their end: not when the byte after the
        head ends its last line, then kept too), with the lines not kept; a line longer than
        all that is kept is kept cut, ``CUT`` where it was."""
        kept = bytes(self.kept)
        if self.written <= self.keep:
            return Kept(kept)
        if self.head and self.after == b"\n":
            kept += self.after
        elif self.head:
            kept = kept[: kept.rfind(b"\n") + 1] or kept + CUT
        else:  # from the byte before the last ``keep``
            kept = whole_tail(kept)
        return Kept.of(kept, self.newlines, self.last)

    def close(self) -> None:
        """The pipe closed (its reading end once the thread no longer reads it)."""
        self.close_write_end()
        self.thread.join(timeout=DRAIN_SECONDS)
        if not self.thread.is_alive():
            os.close(self.read_end)


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


_sessions: set[int] = set()  # the sessions of the judge's programs running now
_sessions_lock = threading.Lock()


@contextlib.contextmanager
def tracked(pid: int):
    """The session led by ``pid`` (a program started with ``start_new_session``, which a
    signal to the kit's group does not reach) ended by ``end_sessions`` while it runs."""
    track(pid)
    try:
        yield
    finally:
        untrack(pid)


def track(pid: int) -> None:
    """``pid``'s session tracked from now until ``untrack``: ended by ``end_sessions``, and
    never taken for a process handed to the kit (``end_handed_over``), whichever thread
    waits for it later."""
    with _sessions_lock:
        _sessions.add(pid)


def untrack(pid: int) -> None:
    with _sessions_lock:
        _sessions.discard(pid)


def is_tracked(group: int) -> bool:
    """Whether ``group`` is a session of the judge's programs running now."""
    with _sessions_lock:
        return group in _sessions


def end_sessions() -> None:
    """SIGKILL every tracked session: the kit is stopped (SIGTERM, SIGHUP), and a checker or
    interactor of its own session would outlive it (or hold its exit, waited for). The groups
    its leader's children lead go first (a game's solution leads one under its watch:
    ``kit.launcher``'s ``wrap``), while they are still its children to find."""
    with _sessions_lock:
        running = list(_sessions)
    for pid in running:
        for child in children(pid):
            kill(child)
        kill_group(pid)


def kill_group(pid: int) -> None:
    """SIGKILL the process group led by ``pid`` (started with ``start_new_session``)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def stopped(pid: int) -> bool:
    """Whether ``pid`` is stopped by a signal (state ``T`` in ``/proc/PID/stat``; not a
    tracer's stop, ``t``); False when it cannot be read (ended)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            return file.read().rpartition(b")")[2].split()[:1] == [b"T"]
    except OSError:
        return False


XCPU_BIT = 1 << (signal.SIGXCPU - 1)  # SIGXCPU's in /proc/PID/status's signal masks


def xcpu_kept_off(pid: int) -> bool:
    """Whether ``pid`` ignores, catches or blocks ``SIGXCPU`` (``SigIgn``, ``SigCgt``,
    ``SigBlk`` in ``/proc/PID/status``, an ended one's until it is reaped): ``SIGXCPU`` at its
    soft CPU limit does not end it (``Ran.hard_cpu_stop``). False when it cannot be read."""
    try:
        with open(f"/proc/{pid}/status", "rb") as file:
            masks = [line.split()[1] for line in file if line.startswith(_XCPU_MASKS)]
    except (OSError, IndexError):
        return False
    return any(int(mask, 16) & XCPU_BIT for mask in masks)


_XCPU_MASKS = (b"SigBlk:", b"SigIgn:", b"SigCgt:")


class StopLooks:
    """Looks at a process that would never answer if a signal stopped it (a launcher or a
    watch its run sent SIGSTOP, which nothing continues): ``stopped()`` is True when this look
    and the one before both found it stopped, so a stop that a continue ends between two looks
    (the kit's own group stopped and continued, Ctrl-Z) is not taken for one."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.seen = False

    def stopped(self) -> bool:
        was, self.seen = self.seen, stopped(self.pid)
        return was and self.seen


HOLDER_RECHECK = 0.1  # seconds between two looks for processes left (``_seen_twice``)


def file_identity(fd: int) -> tuple[int, int]:
    """What names the file (a pipe too) open as ``fd``: its device and inode."""
    stat = os.fstat(fd)
    return stat.st_dev, stat.st_ino


def end_holders(files: set[tuple[int, int]]) -> None:
    """SIGKILL every other process holding one of ``files`` (``file_identity``s) open: what a
    judge's program left running in a session of its own, which no group kill reaches. Only
    those seen holding one in two looks (``_seen_twice``)."""
    for pid in _seen_twice(lambda: _holders(files)):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _seen_twice(look: Callable[[], set[int]]) -> set[int]:
    """The processes ``look`` finds in two looks ``HOLDER_RECHECK`` apart (the second only
    when the first found one): a program the kit starts meanwhile, in a session of its own,
    is not yet tracked (``tracked``) and holds the kit's descriptors between its fork and its
    exec."""
    seen = look()
    if not seen:
        return seen
    time.sleep(HOLDER_RECHECK)
    return seen & look()


_starting = threading.Lock()  # from a program's start to its tracking (``start_tracked``)
_under_way = [0]  # programs under way while the kit is a subreaper (``subreaping``)
_under_way_lock = threading.Lock()


@contextlib.contextmanager
def subreaping() -> Iterator[None]:
    """The kit a subreaper while a program is under way (a launcher's run, a judge's program):
    what it leaves out of its group (``setsid``), once its parent ends, comes to the kit
    (``end_handed_over``). Only then: as a subreaper it would take every orphan of its other
    children's, unreaped zombies until it ends (init reaps them)."""
    with _under_way_lock:
        _under_way[0] += 1
        if _under_way[0] == 1:
            become_subreaper()
    try:
        yield
    finally:
        with _under_way_lock:
            _under_way[0] -= 1
            if _under_way[0] == 0:
                become_subreaper(False)


def start_tracked(start: Callable[[], subprocess.Popen]) -> subprocess.Popen:
    """``start()``, a program started in a session of its own, tracked (``track``) before any
    look for the processes handed to the kit (``end_handed_over``) can see it: between its
    start and its tracking another thread's look took it for one a run left, killed and
    reaped it, and its status was lost. Its caller untracks it once it is reaped."""
    with _starting:
        process = start()
        track(process.pid)
    return process


def end_handed_over() -> None:
    """Kill, with their groups, and reap the processes handed to the kit (``subreaping``) out
    of its group and out of every tracked session: what a program the kit ran left in a
    session of its own (a checker's daemon that closed its pipes, a killed launcher's run's
    ``setsid`` child); each round the next generation handed over. Its own children (its
    launchers and programs, in its group, and the judge's programs' tracked sessions) are
    left alone; one look costs a read of the kit's children (``/proc/self/task``)."""
    own = os.getpgrp()
    for _ in range(SWEEP_ROUNDS):
        left = _seen_twice(lambda: _handed_over(own))
        for pid in left:
            kill(pid)
        for pid in left:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
        if not left:
            return


def _handed_over(own: int) -> set[int]:
    """The kit's children handed over (``_left``), looked at between two starts of programs
    (``start_tracked``): one started is tracked by then."""
    with _starting:
        return {pid for pid in children(os.getpid()) if _left(pid, own)}


def _left(pid: int, own: int) -> bool:
    """Whether the kit's child ``pid`` is one handed over: out of the kit's group and of
    every tracked session."""
    try:
        group = os.getpgid(pid)
    except OSError:  # gone
        return False
    return group != own and not is_tracked(group)


def _holders(files: set[tuple[int, int]]) -> set[int]:
    """The processes other than this one with one of ``files`` open, as ``/proc`` shows them
    (none of those whose descriptors cannot be read)."""
    found = set()
    for entry in _listing("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        for fd in _listing(f"/proc/{entry}/fd"):
            with contextlib.suppress(OSError):
                stat = os.stat(f"/proc/{entry}/fd/{fd}")
                if (stat.st_dev, stat.st_ino) in files:
                    found.add(int(entry))
                    break
    return found


def _listing(folder: str) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []


PIPE_CLOSED = 141  # a forked process's status when its stdout was closed (128 + SIGPIPE)
STOPS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}  # the kit's stops, raised in Python


class Forked:
    """``work()`` in a forked process, the leader of a session of its own (Ctrl-C reaches
    the parent only; the watch's builds): ``abandon()`` ends it and every process of its
    session (SIGTERM, the kit's clean stop; SIGKILL after ``GRACE`` seconds); it ends with
    its parent, however the parent ends. Its stdout closed (``| head``), ``finished()``
    raises BrokenPipeError in the parent, which stops as the kit stops for a closed pipe.
    Its scratch files go to a folder of its own (``tempfile``'s), which the parent removes
    once it has ended: an abandoned build's runs leave nothing behind, however they end."""

    GRACE = 5.0

    def __init__(self, work: Callable[[], None]) -> None:
        sys.stdout.flush()
        sys.stderr.flush()
        parent = os.getpid()
        self.scratch = tempfile.mkdtemp(prefix="kit-forked-")
        ready, told = os.pipe()
        held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)  # none lands before both are ready
        try:
            self.pid = os.fork()
        except BaseException:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
            raise
        if self.pid == 0:  # pragma: no cover (the child ends in os._exit; tests watch it)
            _forked_life(work, parent, (ready, told), self.scratch)
        self.status: int | None = None
        os.close(told)
        try:  # the stops as the caller had them (still held within its stops_held())
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
            os.read(ready, 1)  # its own session now: abandon() reaches every process of it
        except BaseException:  # Ctrl-C before it was ready: it ends, before it does anything
            for kill in (os.kill, os.killpg):  # its session made or not
                with contextlib.suppress(ProcessLookupError):
                    kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self._ended(-signal.SIGKILL)
            raise
        finally:
            os.close(ready)

    def finished(self) -> bool:
        if self.status is None and self._reaped() == PIPE_CLOSED:
            raise BrokenPipeError("the forked process's stdout was closed")
        return self.status is not None

    def abandon(self) -> None:
        if self._reaped() is not None:  # it has ended (its pid may be another's by now)
            return
        deadline = time.monotonic() + self.GRACE
        for signum in (signal.SIGTERM, signal.SIGKILL):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signum)
            while self._reaped() is None and time.monotonic() < deadline:
                time.sleep(0.02)
            if self.status is not None:
                return
        with stops_held():
            os.waitpid(self.pid, 0)
            self._ended(-signal.SIGKILL)

    def _reaped(self) -> int | None:
        """Its exit status once it has ended (reaped, without waiting), else None."""
        if self.status is None:
            with stops_held():  # a Ctrl-C between the reaping and the status: the status kept
                pid, status = os.waitpid(self.pid, os.WNOHANG)
                if pid:
                    self._ended(os.waitstatus_to_exitcode(status))
        return self.status

    def _ended(self, status: int) -> None:
        """Its exit status, once reaped, and its scratch folder removed."""
        self.status = status
        shutil.rmtree(self.scratch, ignore_errors=True)


@contextlib.contextmanager
def stops_held() -> Iterator[None]:
    """The kit's stops (Ctrl-C, SIGTERM, SIGHUP) held back within: one that came is raised on
    leaving, after what the block did (a forked build started and the name it is kept by, a
    process reaped and its status: never one without the other). Held in this thread: in a
    process of one thread, as the watch is (another thread would take the signal)."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a stop pending is raised here


def _forked_life(
    work: Callable[[], None], parent: int, pipe: tuple[int, int], scratch: str
) -> None:
    """The forked process's whole life: its own session, ended with its parent, then
    ``work``; never returns. The exit handlers it registers itself run (scratch folders of
    its own removed), not the parent's it inherited (nothing of the parent's runs twice).
    It starts with ``STOPS`` blocked; a stop (the parent's ``abandon()``) that lands at any
    point, even as it ends, ends it here: none unwinds into the parent's code it was forked
    from (a watch's child printed "stopped watching" beside its parent)."""
    status = 1
    try:
        try:
            ready, told = pipe
            os.close(ready)
            tempfile.tempdir = scratch
            atexit._clear()
            os.setsid()
            end_with_parent(signal.SIGTERM, parent)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)
            os.write(told, b".")
            os.close(told)
            work()
            status = 0
        except KeyboardInterrupt:  # abandoned (SIGTERM, raised as Stopped): the parent says why
            status = 130
        except BrokenPipeError:
            status = PIPE_CLOSED
        except BaseException:
            traceback.print_exc()
        finally:
            signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
            atexit._run_exitfuncs()
            sys.stdout.flush()
            sys.stderr.flush()
    finally:  # whatever was raised on the way (a stop, a closed stdout's flush)
        os._exit(status)

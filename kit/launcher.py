"""The watch over one run, as a program of its own: ``python -I -S launcher.py serve|wrap ...``.

``kit.run.process`` starts this file (never imports it for its work; its program imports it
from this folder, ``main()``, so that its bytecode is cached: ``WATCH``) because Linux counts the
memory of the process that starts a child in the child's peak (the hiwater mark survives fork
and exec): from this small process, runs start at its size (under pyenv's 3.11.7, 7.5 MiB
for ``serve``, 6.0 for ``wrap``; about CPython 3.8's own 7.4, which its script reads itself:
``kit.run.baseline``;
docs/kit.md, "Memory, stack and site"), where from the kit itself they would start at its
own size. Standard library only, nothing done on import.

- ``serve``: reads one JSON request per line on stdin, forks and execs the run in a process
  group of its own, without a controlling terminal (stdin and stdout files, stdout capped
  with ``RLIMIT_FSIZE``, the stack set, stderr a pipe), writes ``{"started": PID}``, watches
  it and answers one JSON line (a kit that reads no answer knows which group to end: the run
  killed this watch).
- ``wrap [--parent PID] REPORT TIMEOUT MEMORY_KIB STACK ARGV...``: runs ARGV with the stdin and
  stdout it was given (the pipes of an interactive game), its stderr drained, and writes what it
  measured to the file REPORT. PID: the process that started it (the kit), ended with which it
  ends; it ends at once, running nothing, when that has already ended (its parent by then
  another); without it, its parent when it starts. ARGV runs in a process group of its own,
  as ``serve``'s runs do (one that signals its own group, ``os.killpg(0, ...)``, does not
  reach the wrapper); REPORT holds ``{"started": PID}``, the group to end should the wrapper
  be killed, from before ARGV is started until the report replaces it. SIGUSR1 to the wrapper
  ends ARGV, and the report is still written.

A fork the machine refuses (a user's ``ulimit -u``) starts no run: ``serve`` writes
``{"refused": WHY}`` in place of the pid, and ``wrap`` writes it as its report, exit 127; the
kit then stops in one line, where the refusal was taken for the run's own failure (``RE``).

``watch`` waits for a process group leader while draining its stderr pipe (read as it comes,
between two polls, which a run flooding it makes no more frequent), killing the group
at the deadline or once the run's memory (``run_kib``: the leader's resident set, plus what
each other process of the run holds alone) is over ``memory_kib``; when the run ends, it kills
what the run left, in its group or out of it (``become_subreaper``, ``sweep``), and returns
what it measured: exit status, wall and CPU seconds, when it was reaped (the machine's
monotonic clock, which a game's kit orders exits by), the kernel's maximum resident set (the
leader's, or a process the run left unreaped, which ``sweep`` reaps: the larger), the
memory read at a memory kill, the most read while the run had several processes (and how many
it had then), why it was killed (and how far it had read its stdin then: ``/proc/PID/fdinfo/0``),
for a run whose output (its stdout, or the named file it writes: ``watched``) went over the
output limit the last poll that found it within, or its start when none did (the wall, CPU
and waited seconds then: it went over after them, ``_Watch.check_output``),
the head and tail of stderr (``kept_stderr``) and its line ends, by which the kit counts the
lines not kept (``kit.processes.Kept``); and the seconds its threads were ready to
run but waited for a core other work held (``waited``: the run delay of each thread's
``/proc/PID/task/TID/schedstat``, read at every poll and once the run has ended, before it is
reaped; never more than the run spent off every core, so that its own busy children and
threads count as work of its own), by which a batch run's deadline moves on: a run slowed by
other work on the machine is not killed for that time (a game's watch keeps its own, which
the kit's deadline of the game, moved on by what both its sides waited, comes before:
``watch``'s ``moving``, ``kit.run.game_deadline``). The CPU seconds include those of the
processes the run left unreaped, which the watch reaps (``sweep``).

A run never outlives its watch, nor the watch the kit: the end of the kit's requests during a
run (Ctrl-C, the kit killed) kills the run at once (``serve`` then exits without an answer);
SIGTERM or SIGHUP to the watch (``timeout`` signals the kit's whole group) kills the run's
group before the watch exits; a watch killed outright takes its run with it, and ``wrap`` ends
with the process that started it (Linux's parent-death signal, ``end_with_parent``, which it
sets itself: the kit starts it without a ``preexec_fn``, whose full fork of the kit a game paid).
"""

from __future__ import annotations

# signal's C module: the same functions and numbers, without the module's enums, whose
# import (enum, 7-8 ms) every game's watch paid before its run started
import _signal as signal
import os
import resource
import select
import sys
import time

TYPE_CHECKING = False  # typing's own costs the launcher's start-up
if TYPE_CHECKING:
    from collections.abc import Callable

STDERR_KEPT = 1 << 16  # bytes of stderr kept, the tail
# and the head: a traceback longer than both (a deep recursion's, 1.8 MB under 3.13) keeps its
# "Traceback (most recent call last):" line and first frames, its last frames and exception
STDERR_HEAD = 1 << 13
# read from a pipe at a time, a pipe's own size: a pipe made 1 MiB (F_SETPIPE_SZ) and read so
# was no faster under a flood (3 GB of 1 MB lines: 1.2 s either way), and the freed buffers
# stayed in this process, which its later runs start at (their peak 1 MiB higher)
READ_BYTES = 1 << 16
POLL_SECONDS = 0.005  # how often the resident set is read at first; then an eighth of the
POLL_MOST = 0.025  # run's age, at most this: each wake-up costs the watch 0.2-0.3 ms of CPU
PAGE_KIB = os.sysconf("SC_PAGE_SIZE") // 1024
PR_SET_PDEATHSIG = 1  # linux/prctl.h
PR_SET_CHILD_SUBREAPER = 36
# processes of a run read for its memory, at most: a bound on one read's work (4096 take about
# 1 s to read), far past what a run forks; the watch polls less often the longer a read takes
TREE_MOST = 4096
# the watch sleeps at least this many times its last read's CPU time (its own: a read that
# waited for a core on a loaded machine cost no more, and put the next read off no longer)
POLL_COST_TIMES = 2
SWEEP_ROUNDS = 8  # rounds of ``sweep``: each kills one more generation of left processes
DRAIN_MOST = 0.5  # seconds the stderr left in the pipe is read after a run, at most
# line ends found one at a time (memchr, 30-50 GB/s) in a chunk, at most; the rest are counted
# at once (bytes.count of one byte, a loop over each: 0.8 GB/s, the watch's whole CPU time
# under a flood of long lines)
FOUND_MOST = 64
TICKS = os.sysconf("SC_CLK_TCK")  # the unit of /proc/PID/stat's CPU times


def poll_seconds(age: float, seen_kib: int = 0, memory_kib: int = 0) -> float:
    """How long the watch sleeps between two reads of the resident set, ``age`` seconds into
    a run: 5 ms for the first 40 ms, then growing with the age up to 25 ms; 5 ms again once the
    last read (``seen_kib``) is over half the limit, so that a run near it is stopped soon."""
    if memory_kib and seen_kib * 2 > memory_kib:
        return POLL_SECONDS
    return min(POLL_MOST, max(POLL_SECONDS, age / 8))


def line_ends(data: bytes | bytearray) -> int:
    """The line ends in ``data``, as ``data.count(b"\\n")``, at memchr's speed while they are
    few (a flood of long lines: 3 GB of stderr in 1 MB lines took the watch 1.9 s of CPU
    and its run, waiting on the pipe meanwhile, TLE)."""
    found, at = 0, data.find(b"\n")
    while at >= 0:
        found += 1
        if found == FOUND_MOST:
            return found + data.count(b"\n", at + 1)
        at = data.find(b"\n", at + 1)
    return found


def open_statm(pid: int) -> int | None:
    """``/proc/PID/statm`` opened once (it follows the process through exec), or None."""
    try:
        return os.open(f"/proc/{pid}/statm", os.O_RDONLY)
    except OSError:
        return None


def resident_kib(statm: int | None) -> int:
    """The resident set read from an ``open_statm`` descriptor; 0 when it cannot be read."""
    try:
        return int(os.pread(statm, 256, 0).split()[1]) * PAGE_KIB
    except (OSError, TypeError, ValueError, IndexError):
        return 0


def kill(pid: int) -> None:
    """SIGKILL to the group ``pid`` leads, else to ``pid`` alone."""
    for send in (os.killpg, os.kill):
        try:
            send(pid, signal.SIGKILL)
            return
        except OSError:
            pass


_libc: list = []  # the C library, loaded once (a forked run uses the watch's)


def _load_libc() -> bool:
    """The C library in ``_libc``; False where it cannot be loaded."""
    try:
        if not _libc:
            import ctypes

            _libc.append(ctypes.CDLL(None, use_errno=True))
    except (ImportError, OSError):
        return False
    return True


def _prctl(option: int, value: int) -> bool:
    """Linux's prctl(option, value); False where it is not offered."""
    try:
        return _load_libc() and _libc[0].prctl(option, value, 0, 0, 0) == 0
    except AttributeError:
        return False


def become_subreaper(on: bool = True) -> bool:
    """Make the processes a run leaves behind, once their parent ends, children of this one
    (Linux's PR_SET_CHILD_SUBREAPER), so that ``sweep`` finds those that left the run's
    process group (``setsid``) as a judge's container would (``on`` False: no longer). False
    where it is not offered."""
    return _prctl(PR_SET_CHILD_SUBREAPER, int(on))


def end_with_parent(signum: int, parent: int) -> None:
    """Have ``signum`` sent to this process when its parent (``parent``, read before the fork
    or the exec) ends (Linux's PR_SET_PDEATHSIG); ended at once when the parent is already
    gone. Where it is not offered, nothing."""
    if _prctl(PR_SET_PDEATHSIG, signum) and os.getppid() != parent:
        os.kill(os.getpid(), signum)


def ended_with(parent: int, signum: int) -> Callable[[], None]:
    """A ``preexec_fn`` for a child of ``parent``, a process with threads: ``end_with_parent``
    with the C library loaded here first, so that the child, forked beside threads that may
    hold locks, imports nothing and calls only prctl."""
    _load_libc()
    return lambda: end_with_parent(signum, parent)


_current = [0]  # the run being watched (its group's leader), 0 between runs


def _stopped(signum: int, _frame: object) -> None:
    """SIGTERM or SIGHUP to the watch (the kit stopped, or a ``timeout`` ended its group): the
    run ends with it, not left running without a watch."""
    if _current[0]:
        kill(_current[0])
        sweep()
    os._exit(128 + signum)


def _end_run(_signum: int, _frame: object) -> None:
    """SIGUSR1 to a ``wrap`` watch: the kit ends the run (past its output limit, or left
    running after the interactor's rejection) and still wants what the watch measured."""
    if _current[0]:
        kill(_current[0])


def stop_on_signals() -> None:
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _stopped)


def _each_thread(pid: int, name: str, threads: list[str] | None = None):
    """(thread id, the bytes of ``/proc/PID/task/TID/NAME``) of each thread of ``pid`` now, or
    of those of ``threads`` (thread ids) alone; none that cannot be read (no /proc, the process
    or thread gone, a kernel without that file)."""
    if threads is None:
        try:
            threads = os.listdir(f"/proc/{pid}/task")
        except OSError:
            return
    for thread in threads:
        try:
            with open(f"/proc/{pid}/task/{thread}/{name}", "rb") as file:
                data = file.read()
        except OSError:
            continue
        yield thread, data


def children(pid: int) -> list[int]:
    """The children of ``pid`` now, of every thread of it (``/proc``'s lists; empty where the
    kernel has none or the process is gone)."""
    return [int(word) for _, data in _each_thread(pid, "children") for word in data.split()]


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` now: its children, theirs in turn (at most TREE_MOST)."""
    found, waiting = [], [pid]
    while waiting and len(found) < TREE_MOST:
        below = children(waiting.pop())
        found += below
        waiting += below
    return found[:TREE_MOST]


def private_kib(pid: int) -> int:
    """The pages only ``pid`` holds (``smaps_rollup``'s Private_Clean and Private_Dirty): what
    a process forked from another adds to the memory of the two; 0 when it cannot be read."""
    total = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as file:
            for line in file:
                if line.startswith((b"Private_Clean:", b"Private_Dirty:")):
                    total += int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return 0
    return total


def other_processes(pid: int) -> list[int]:
    """The run's processes other than ``pid``, its leader: every process this watch has below
    it (the run's children, and those that left its group and were handed to this subreaper)."""
    return [other for other in descendants(os.getpid()) if other != pid]


def run_kib(statm: int | None, others: list[int]) -> int:
    """The memory of a run now, as a judge's control group counts it: the resident set of
    its leader (``statm``), plus the pages of its own of every other process of it."""
    return resident_kib(statm) + sum(private_kib(other) for other in others)


def cpu_times(pid: int) -> tuple[float, float]:
    """The CPU seconds ``pid`` has used so far, its threads' together, those ended included
    (``/proc/PID/stat``'s utime and stime), and those of the children it has waited for
    (cutime and cstime: theirs and their own reaped children's), read at once; 0 when they
    cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            fields = file.read().rpartition(b")")[2].split()
        own, reaped = int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14])
    except (OSError, ValueError, IndexError):
        return 0.0, 0.0
    return own / TICKS, reaped / TICKS


def schedstats(pid: int, threads: list[str] | None = None) -> dict[str, tuple[int, int]]:
    """Each thread of ``pid`` now (or those of ``threads`` alone: thread ids), its time on a
    core and its run delay (how long it waited, ready, for a core), nanoseconds
    (``/proc/PID/task/TID/schedstat``); none that cannot be read (no /proc, the process reaped
    or the thread ended, a kernel without scheduler statistics)."""
    found: dict[str, tuple[int, int]] = {}
    for thread, data in _each_thread(pid, "schedstat", threads):
        try:
            on_cpu, delay = data.split()[:2]
            found[thread] = int(on_cpu), int(delay)
        except ValueError:
            continue
    return found


def sweep() -> tuple[float, int]:
    """Kill and reap every process of an ended run still here: those that left its group and
    were handed to this subreaper, theirs in turn; the CPU seconds they had used and the
    largest of their peaks in KiB (which the leader's own figures lack: it never waited for
    them; a child that held 400 MiB for a moment and was left a zombie read as "ok" when the
    watch's polls missed it)."""
    used, peak = 0.0, 0
    for _ in range(SWEEP_ROUNDS):
        left = children(os.getpid())
        if not left:
            break
        for pid in left:
            kill(pid)
        for pid in left:
            try:
                usage = os.wait4(pid, 0)[2]
            except ChildProcessError:
                continue
            used += usage.ru_utime + usage.ru_stime
            peak = max(peak, usage.ru_maxrss)
    return used, peak


def set_stack(stack_bytes: int | None) -> None:
    """RLIMIT_STACK for what this process execs next (None: unlimited), within the hard one."""
    within_hard(
        resource.RLIMIT_STACK, resource.RLIM_INFINITY if stack_bytes is None else stack_bytes
    )


def judge_limits() -> None:
    """The limits a judge gives a run, whatever the shell that started the kit set: memory and
    time are the watch's to end (no address-space, data-segment or CPU-time limit; a soft
    ``ulimit -d`` of 100 MB made a 150 MiB solution's MemoryError), and no core file (``ulimit
    -c unlimited`` wrote the core of an abort into the run's folder, counted as its output
    where every file a run writes counts: OLE where the judge says RE)."""
    within_hard(resource.RLIMIT_AS, resource.RLIM_INFINITY)  # memory: the resident set
    within_hard(resource.RLIMIT_DATA, resource.RLIM_INFINITY)
    within_hard(resource.RLIMIT_CPU, resource.RLIM_INFINITY)  # time: the watch's deadline
    resource.setrlimit(resource.RLIMIT_CORE, (0, resource.getrlimit(resource.RLIMIT_CORE)[1]))


def within_hard(kind: int, want: int, *, fixed: bool = False) -> None:
    """The soft limit ``kind`` set to ``want``, raising the hard one to it where this process
    may (root, or the capability to), else to the hard limit (``kit.run.limits.machine_notes``
    says when one takes from a run what a judge would give). ``fixed``: the hard limit lowered
    to it too, so that the run cannot raise it again (the output cap)."""
    soft, hard = below_hard(kind, want)
    if soft != want:  # past the hard limit
        try:
            resource.setrlimit(kind, (want, want))
            return
        except (ValueError, OSError):  # not permitted: the hard limit stands
            pass
    resource.setrlimit(kind, (soft, soft if fixed else hard))


def below_hard(kind: int, want: int) -> tuple[int, int]:
    """The limits (soft, hard) of ``kind`` holding a process to ``want`` within this one's
    hard limit, kept: ``want``, or the hard limit where it is lower (``RLIM_INFINITY`` being
    above all). ``within_hard`` raises the hard limit first where it may; a jury's program
    (``kit.processes.address_limit``) and the syntax check's compiler (``kit.check.syntax``)
    are held to it as problemtools holds a validator (``try_limit``)."""
    hard = resource.getrlimit(kind)[1]
    if hard != resource.RLIM_INFINITY and (want == resource.RLIM_INFINITY or want > hard):
        want = hard
    return want, hard


# a traceback's header (kit.judges.judge_messages reads the crash after it; this file imports
# nothing of the kit, so the words are written here again)
TRACEBACK = b"Traceback (most recent call last):"


# the line kept_stderr puts for the bytes left out between the head and tail: the raw
# stream's, which the kit replaces by the lines not kept where it shows them (kit.run.tracebacks)
STDERR_CUT = b"  [... %d bytes of stderr not kept ...]"
CUT = b"..."  # marks where a line kept in part was cut (kit.processes keeps its streams so)


def kept_stderr(head: bytes, tail: bytes, written: int) -> bytes:
    """What is kept of a run's stderr: all of it, or its head and tail cut at line ends with
    an indented line between them saying how much was left out (indented as a traceback's
    frames are, so that its exception line is still the first line after them). A line kept
    in part, the head's one long line or a tail with no whole line, is marked ``CUT`` where
    it was cut: the bytes left out were of it, not a line of their own
    (``kit.processes.Kept.of``)."""
    if written <= len(head) + len(tail):
        return head + tail
    head = head[: head.rfind(b"\n") + 1] or head  # one long line: cut where it was cut
    cut = tail.find(b"\n") + 1
    header = tail.find(TRACEBACK, 0, cut)  # a traceback after text without a line end:
    cut = header if header >= 0 else cut  # its header kept, which the crash's line is read by
    from_start = 0 < cut < len(tail) or header == 0  # else no line starts in it: kept cut
    tail = tail[cut:] if 0 < cut < len(tail) else tail
    left = written - len(head) - len(tail)
    head += b"" if head.endswith(b"\n") else CUT + b"\n"
    return head + STDERR_CUT % left + b"\n" + (tail if from_start else CUT + tail)


class _Watch:
    """What is seen of one run while it is watched."""

    def __init__(
        self,
        pid: int,
        err: int | None,
        start: float,
        timeout: float,
        output: tuple[str, int] | None = None,
    ) -> None:
        self.pid, self.err, self.start = pid, err, start
        self.output = output  # the output file's path and the output limit, to look at
        # the last look at it within the limit: the start, before the run wrote anything
        # (its stdout a new file, a named output's stale one removed), until a poll looks
        self.within: list[float] | None = [0.0, 0.0, 0.0] if output is not None else None
        self.output_over = False  # a look found it over
        self.deadline = start + timeout
        self.head = b""
        self.tail = bytearray()
        self.err_bytes = 0  # all it wrote to stderr (its head and tail are kept)
        self.err_newlines = 0  # and its line ends: the kit counts the lines not kept
        self.killed: str | None = None
        self.open_fds = [err] if err is not None else []
        self.seen = 0  # the memory read last: at the kill, when killed for memory
        self.together = 0  # the most read while the run had more than one process
        self.processes = 1  # how many it had at that reading
        self.statm = open_statm(pid)
        self.delays: dict[str, int] = {}  # each thread's run delay so far, nanoseconds
        self.on_cpu: dict[str, int] = {}  # and its time on a core, nanoseconds
        self.others_cpu: dict[int, float] = {}  # each other process's CPU seconds, last read
        self.own_cpu = 0.0  # the leader's CPU seconds, its threads' (ended ones too), last read
        self.reaped_cpu = 0.0  # and those of the children it reaped, theirs in turn
        self.stdin_read = -1  # how far it had read its stdin when killed (-1: not known)
        self.read_cost = 0.0  # the least sleep before the next read: POLL_COST_TIMES its CPU

    def waited(self, seconds: float, cpu: float | None = None) -> float:
        """The seconds the run's threads have waited, ready, for a core (see the module doc),
        ``seconds`` into it, but no more than the run spent off every core: a run whose own
        threads and processes held the cores it waited for (busy children forked beside it)
        would be as slow on a judge's core, where a thread that waited while the others slept
        (the usual worker thread) was kept off by other work. ``cpu``: the CPU seconds of all
        the run's processes, once it has ended; before, what the polls saw (a child that
        lived between two polls is in its parent's reaped time; one seen alive and reaped
        since counts twice, which only leaves less out)."""
        if cpu is None:
            cpu = self.cpu_seen()
        return max(0.0, min(sum(self.delays.values()) / 1e9, seconds - cpu))

    def cpu_seen(self) -> float:
        """The CPU seconds of the run's processes as the polls saw them (``waited``)."""
        own = max(sum(self.on_cpu.values()) / 1e9, self.own_cpu)
        return own + self.reaped_cpu + sum(self.others_cpu.values())

    def check_output(self) -> None:
        """The run's output file looked at (``output``: its stdout's, or the named output file
        it writes, size 0 until it does): while it is within the output limit, this look's
        time is kept (``within``: wall, CPU and waited seconds into the run, read before the
        file), so that once a look finds it over, the output went over after the last look
        kept. Nothing past the first look that found it over."""
        if self.output is None or self.output_over:
            return
        seconds = time.perf_counter() - self.start
        cpu = self.cpu_seen()
        path, limit = self.output
        try:
            size = os.stat(path).st_size
        except FileNotFoundError:  # a named output file not written yet
            size = 0
        except OSError:
            return
        if size > limit:
            self.output_over = True
        else:
            self.within = [seconds, cpu, self.waited(seconds, cpu)]

    def check_delay(self, timeout: float | None, others: list[int]) -> None:
        """Each thread's run delay and time on a core read again (a thread that ended keeps its
        last), and each other process's CPU time (``others``), and the deadline moved on by what
        the run waited (``timeout`` None: it stays, a game's, which ``kit.run.game_deadline``
        moves on)."""
        for other in others:
            self.others_cpu[other] = max(self.others_cpu.get(other, 0.0), cpu_times(other)[0])
        own, reaped = cpu_times(self.pid)
        self.own_cpu, self.reaped_cpu = max(self.own_cpu, own), max(self.reaped_cpu, reaped)
        for thread, (on_cpu, delay) in schedstats(self.pid).items():
            self.on_cpu[thread], self.delays[thread] = on_cpu, delay
        if timeout is not None:
            self.deadline = self.start + timeout + self.waited(time.perf_counter() - self.start)

    def drain(self, ready: list) -> None:
        if self.err in ready:
            data = os.read(self.err, READ_BYTES)
            if data:
                self.err_bytes += len(data)
                self.err_newlines += line_ends(data)
                room = STDERR_HEAD - len(self.head)
                if room > 0:
                    self.head, data = self.head + data[:room], data[room:]
                self.tail += data  # a ring: its head's bytes are dropped without a copy
                del self.tail[:-STDERR_KEPT]
            else:
                self.open_fds = []

    def stop(self, why: str) -> None:
        if self.killed is None:
            self.killed = why
            self.stdin_read = stdin_position(self.pid)
            kill(self.pid)

    def check_memory(self, memory_kib: int, others: list[int]) -> None:
        if self.killed is None and memory_kib:
            self.seen = run_kib(self.statm, others)
            if others and self.seen > self.together:
                self.together, self.processes = self.seen, 1 + len(others)
            if self.seen > memory_kib:
                self.stop("memory")


class Requests:
    """The kit's request lines on a descriptor, read without a buffer of Python's, so that the
    watch can look at it during a run: the kit sends nothing then, and its end of file means
    it stopped (Ctrl-C, killed)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.pending = b""
        self.ended = False

    def fill(self) -> None:
        data = os.read(self.fd, 1 << 16)
        self.pending += data
        self.ended = not data

    def hung_up(self, ready: list) -> bool:
        """Whether the kit's end closed, read when ``ready`` (of a select) holds it."""
        if self.fd in ready:
            self.fill()
        return self.ended

    def line(self) -> bytes:
        """The next line, b"" at the end."""
        while b"\n" not in self.pending and not self.ended:
            self.fill()
        line, newline, self.pending = self.pending.partition(b"\n")
        return line + newline


def watch(  # noqa: PLR0913
    pid: int,
    err: int | None,
    start: float,
    timeout: float,
    memory_kib: int,
    requests: Requests | None = None,
    moving: bool = True,
    output: tuple[str, int] | None = None,
) -> dict:
    """Wait for ``pid`` under the limits (see the module doc); what was measured. With
    ``requests``, the kit's end of file kills the run at once (``killed`` "hangup"). Not
    ``moving`` (a game's watch, ``wrap``), the deadline stays where the timeout puts it: the
    kit keeps a game's own deadline, moved on by what both its sides waited for a core
    (``kit.run.game_deadline``), and ends it by that one. ``output``: the run's output file
    (its stdout's, or a named one) and the output limit, looked at with each poll
    (``_Watch.check_output``)."""
    moves = timeout if moving else None
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pidfd = None
    _current[0] = pid
    seen = _Watch(pid, err, start, timeout, output)
    done = _waited_for(pid, pidfd, seen, memory_kib, requests, moves)
    seconds, ended_at = time.perf_counter() - start, time.monotonic()
    for descriptor in (pidfd, seen.statm):
        if descriptor is not None:
            os.close(descriptor)
    _, status, usage = done
    kill(pid)  # whatever the program left running in its group
    left_cpu, left_peak = sweep()  # and outside it
    _current[0] = 0
    _drain_left(seen)
    cpu = usage.ru_utime + usage.ru_stime + left_cpu
    return {
        "returncode": os.waitstatus_to_exitcode(status),
        "seconds": seconds,
        "ended_at": ended_at,  # the machine's monotonic clock: when the run was reaped
        "waited": seen.waited(seconds, cpu),
        "cpu": cpu,
        "maxrss": max(usage.ru_maxrss, left_peak),
        "rss_at_kill": seen.seen if seen.killed == "memory" else 0,
        "rss_together": seen.together,
        "processes": seen.processes,
        "killed": seen.killed,
        "stderr": kept_stderr(seen.head, bytes(seen.tail), seen.err_bytes).decode("latin-1"),
        "stderr_bytes": seen.err_bytes,
        "stderr_newlines": seen.err_newlines,
        "stdin_read": seen.stdin_read,
        "output_within": seen.within if seen.output_over else None,
    }


def _waited_for(
    pid: int,
    pidfd: int | None,
    seen: _Watch,
    memory_kib: int,
    requests: Requests | None,
    moves: float | None,
) -> tuple:
    """Watch ``pid`` until it ends (killed by ``seen`` at a limit, or by itself): what
    ``os.wait4`` says of it."""
    start = next_read = seen.start
    while True:
        now = time.perf_counter()
        if now >= seen.deadline:
            seen.stop("time")
        if pidfd is None and ended(pid):
            seen.check_delay(moves, other_processes(pid))
            seen.check_output()
            return os.wait4(pid, 0)
        if now >= next_read:
            poll = max(poll_seconds(now - start, seen.seen, memory_kib), seen.read_cost)
            next_read = now + poll
        wait = max(0.0, min(next_read, seen.deadline) - now)
        waiting = seen.open_fds + ([pidfd] if pidfd is not None else [])
        if requests is not None and not requests.ended:
            waiting.append(requests.fd)
        ready = select.select(waiting, [], [], wait if seen.killed is None else POLL_SECONDS)[0]
        seen.drain(ready)
        if requests is not None and requests.hung_up(ready):
            seen.stop("hangup")
        if pidfd is not None and pidfd in ready:
            # an ended run's statistics stay until it is reaped
            seen.check_delay(moves, other_processes(pid))
            seen.check_output()
            return os.wait4(pid, 0)
        if time.perf_counter() < next_read and seen.killed is None:
            continue  # stderr read: the run is looked at again once the poll is due
        reading = time.thread_time()
        others = other_processes(pid)
        seen.check_memory(memory_kib, others)
        seen.check_delay(moves, others)
        seen.check_output()
        seen.read_cost = POLL_COST_TIMES * (time.thread_time() - reading)


def _drain_left(seen: _Watch) -> None:
    """Read what the run wrote before it ended, until end of file, for DRAIN_MOST at most (a
    writer it left behind that this watch could not end)."""
    end = time.perf_counter() + DRAIN_MOST
    while seen.open_fds and select.select(seen.open_fds, [], [], 0.05)[0]:
        seen.drain(seen.open_fds)
        if time.perf_counter() > end:
            break


def stdin_position(pid: int) -> int:
    """How far ``pid`` has read its stdin (the file's offset), -1 when that cannot be read."""
    try:
        with open(f"/proc/{pid}/fdinfo/0", "rb") as file:
            for line in file:
                if line.startswith(b"pos:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return -1


def ended(pid: int) -> bool:
    """Whether ``pid`` has ended, left unreaped (its statistics are still to be read)."""
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None


def without_terminal() -> None:
    """This process (and what it starts) detached from the kit's controlling terminal, if
    any: ``/dev/tty`` then fails as on a judge, where a run has none (one wrote into the
    user's terminal, and one reading it was stopped). Its session is kept: a session of its
    own would give it a scheduling group of its own (Linux's autogroup), and another share of
    a loaded machine than a run beside the kit's others."""
    try:
        terminal = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
    except OSError:
        return  # none
    try:
        import fcntl
        import termios

        fcntl.ioctl(terminal, termios.TIOCNOTTY)
    except (ImportError, OSError):
        pass
    finally:
        os.close(terminal)


def lead_group(pid: int) -> None:
    """Make the forked child ``pid`` lead a process group of its own, from the parent's side
    (the child does so too: whichever runs first, the group exists once both have). A child
    already gone or past its exec keeps what it has."""
    try:  # noqa: SIM105 (no contextlib: the launcher imports nothing it can do without)
        os.setpgid(pid, pid)
    except OSError:
        pass


def _start_run(request: dict, err_read: int, err_write: int, watcher: int) -> None:
    """In the forked child of ``watcher``: become the run of ``request`` (never returns). A
    failure to start is the run's own stderr, which the kit reads, not the terminal's."""
    try:
        os.dup2(err_write, 2)
        os.close(err_read)
        os.close(err_write)
        os.setpgid(0, 0)
        without_terminal()
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        for signum in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_DFL)
        end_with_parent(signal.SIGKILL, watcher)
        os.chdir(request["cwd"])
        within_hard(resource.RLIMIT_FSIZE, request["output_bytes"] + 1, fixed=True)
        judge_limits()
        set_stack(request["stack_bytes"])
        if request.get("address_bytes"):  # problemtools' RLIMIT_AS on a compiled submission
            within_hard(resource.RLIMIT_AS, request["address_bytes"])
        files = ((0, "stdin", os.O_RDONLY), (1, "stdout", os.O_WRONLY | os.O_CREAT | os.O_TRUNC))
        for fd, key, flags in files:
            opened = os.open(request[key], flags, 0o600)
            os.dup2(opened, fd)
            os.close(opened)
        os.execvpe(request["argv"][0], request["argv"], request["env"] or os.environ)
    except BaseException as error:
        os.write(2, f"cannot start {request['argv'][0]}: {error}\n".encode())
    finally:
        os._exit(127)


def serve() -> None:
    """One run per request line on stdin, one answer line on stdout (see the module doc)."""
    import json  # not on import: a game's ``wrap`` loads it while its run starts up

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the build stops, then stdin closes
    stop_on_signals()
    become_subreaper()
    requests = Requests(sys.stdin.fileno())
    watcher = os.getpid()
    while True:
        line = requests.line()
        if not line:
            return
        request = json.loads(line)
        err_read, err_write = os.pipe()
        start = time.perf_counter()
        try:
            pid = os.fork()
        except BlockingIOError as error:  # the machine's process limit (ulimit -u)
            os.close(err_read)
            os.close(err_write)
            print(json.dumps({"refused": error.strerror}), flush=True)
            continue
        if pid == 0:
            _start_run(request, err_read, err_write, watcher)
        os.close(err_write)
        lead_group(pid)  # before the kit hears of it: the child may not have set it yet
        print(json.dumps({"started": pid}), flush=True)
        limits = request["timeout"], request["memory_kib"]
        stdout = request["stdout"]
        watched = request.get("watched", stdout)  # a named output file's, else stdout
        output = (watched, request["output_bytes"]) if stdout != os.devnull else None
        answer = watch(pid, err_read, start, *limits, requests, output=output)
        os.close(err_read)
        if answer["killed"] == "hangup":
            return  # the kit stopped: nobody reads an answer
        print(json.dumps(answer), flush=True)


def _report_started(report: str, pid: int) -> None:
    """``{"started": PID}`` in ``report``, the group made first: the child may not have set it
    yet, and the kit ends that group should the wrapper be killed."""
    lead_group(pid)
    with open(report, "w") as file:
        file.write(f'{{"started": {pid}}}')  # JSON: json is not loaded yet


def wrap(arguments: list[str]) -> int:
    """``[--parent PID] REPORT TIMEOUT MEMORY_KIB STACK ARGV...``: see the module doc; the
    run's status."""
    parent = os.getppid()
    if arguments[:1] == ["--parent"]:
        parent, arguments = int(arguments[1]), arguments[2:]
    report, timeout, memory_kib = arguments[0], float(arguments[1]), int(arguments[2])
    stack_bytes = None if arguments[3] == "unlimited" else int(arguments[3])
    argv = arguments[4:]
    stop_on_signals()
    signal.signal(signal.SIGUSR1, _end_run)
    end_with_parent(signal.SIGTERM, parent)  # a parent gone before: ended at once
    become_subreaper()
    err_read, err_write = os.pipe()
    gate, opened = os.pipe()  # the run waits at the gate until the report names its group
    start = time.perf_counter()
    wrapper = os.getpid()
    try:
        pid = os.fork()
    except BlockingIOError as error:  # the machine's process limit (ulimit -u): no run
        import json

        with open(report, "w") as file:
            file.write(json.dumps({"refused": error.strerror}))
        return 127
    if pid == 0:
        try:
            end_with_parent(signal.SIGKILL, wrapper)
            os.setpgid(0, 0)  # a group of its own, as a batch run's: its killpg(0) is its own
            os.close(opened)
            os.read(gate, 1)  # end of file: the report is written
            os.close(gate)
            judge_limits()  # as a batch run's
            set_stack(stack_bytes)
            os.dup2(err_write, 2)
            os.close(err_read)
            os.close(err_write)
            os.execvp(argv[0], argv)
        except BaseException as error:
            os.write(2, f"cannot start {argv[0]}: {error}\n".encode())
        finally:
            os._exit(127)
    os.close(err_write)
    os.close(gate)
    _report_started(report, pid)
    os.close(opened)
    for fd in (0, 1):
        os.close(fd)  # the pipes belong to the program now: its end of file is its own
    import json  # loaded while the run starts up, not before it: the game waits for that

    answer = watch(pid, err_read, start, timeout, memory_kib, moving=False)
    with open(report, "w") as file:
        file.write(json.dumps(answer))
    code = answer["returncode"]
    return code if code >= 0 else 128 - code


def main() -> None:
    """The program: ``serve`` or ``wrap`` as ``sys.argv`` asks."""
    if sys.argv[1:2] == ["serve"]:
        serve()
    elif sys.argv[1:2] == ["wrap"]:
        sys.exit(wrap(sys.argv[2:]))
    else:
        sys.exit(
            "usage: launcher.py serve | wrap [--parent PID] REPORT TIMEOUT MEMORY_KIB STACK ARGV..."
        )


if __name__ == "__main__":
    main()

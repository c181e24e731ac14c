"""Run one case as a judge would: a fresh process, stdin from the input, whole-process limits.

The clock runs from just before the process is started until it has been reaped, so start-up
is included. A run is watched by a small launcher process (``kit/launcher.py``, started as
a program of its own: the module doc says why), which enforces the limits the way judges do
and keeps the build safe from what it runs:

- time: the process group is killed at ``timeout`` seconds of wall time, so a program that
  sleeps or waits is stopped too;
- memory: the resident set of the process is read every 5 ms, less often as the run ages (up
  to 25 ms apart, every 5 ms again over half of ``memory_kib``: ``launcher.poll_seconds``;
  never sooner than twice the CPU the watch's last read took, a run of hundreds of processes),
  and the group is killed once it is over ``memory_kib``; the peak reported is the process's
  own maximum resident set size (``os.wait4``), the interpreter included, or the resident set
  read at the kill when that is higher (the kernel's maximum can lag behind);
- output: stdout goes to a file whose size the kernel caps (``RLIMIT_FSIZE``) one byte past
  ``output_bytes``; a run that reaches it has exceeded the output limit (the write fails, or
  the process dies of ``SIGXFSZ``), and only its head is read back; the watch looks at the
  file's size with each poll, and of a run that went over, says when it last found it within
  (``Run.output_within``: it went over after that, at most a poll, 5 to 25 ms, later; the
  run's start when its first look found it over);
- stack: ``RLIMIT_STACK`` is set to ``stack_bytes`` (None: unlimited) before the program
  starts, as the judge sets it, instead of the 8 MiB the kit itself may have been given;
- address space: ``RLIMIT_AS`` is set to ``address_bytes`` when given (a judge that holds a
  compiled program so: problemtools), an allocation past it failing;
- stderr: read through a pipe as it comes, only its tail kept;
- named files (a Polygon problem's ``<judging input-file="input.txt" output-file="output.txt">``):
  the input is written into the run's folder under ``input_file`` and stdin is empty; the
  judged output is the file ``output_file`` the run leaves in its folder, read back as stdout
  would be (the same ``RLIMIT_FSIZE`` caps it: a flood into it is over the output limit, the
  watch looking at that file, not stdout, for ``Run.output_within``), its
  stdout only counted (``Run.stdout_unread``); a run that leaves no such regular file has
  ``Run.output_missing`` (``kit.run.case_judge`` judges it).

The kit's own memory is therefore bounded by the output limit, whatever the program prints.
``watch_command`` wraps a program in the same watch for runs whose stdin and stdout are pipes
(interactive games): it execs the program with the pipes it was given and writes what it
measured to a report file, read back by ``read_watch_report``.

Every run gets the same environment, ``run_environment()``: a judge's kind, ``PATH`` and
where this machine keeps libraries and scratch files (``kit.processes.judged_environment``:
none of the user's other variables, PyPy's GC settings among them), plus a fixed PyPy
nursery (``PYPY_NURSERY``). PyPy otherwise sizes its nursery from the "cache size" line of
/proc/cpuinfo (half of it when over 8 MiB, else 4 MiB, since PyPy 7.3.16:
rpython/memory/gc/env.py), so the same program's peak memory would change with the CPU:
a machine reporting 480 MiB gets a 240 MiB nursery.

API::

    run_process(command, stdin, *, cwd, timeout, env=None, memory_kib=None,
                output_bytes=OUTPUT_LIMIT, stack_bytes=None, address_bytes=None,
                input_file="", output_file="") -> Run
                # output_bytes None: discarded; a file name: that file in ``cwd`` instead of
                # stdin or stdout ("": the stream)
    watch_command(command, report: Path, *, timeout, memory_kib=None, stack_bytes=None,
                  parent=None)
    read_watch_report(report: Path) -> dict | None
    kept_stderr(answer) -> Kept    # a watch's stderr, its lines not kept counted
    watch_started(report: Path) -> int | None   # the group its run leads, until it reports
    run_environment(users=False) -> dict   # what every run gets (users: the user's tools)
    warm_launcher(count=1)         # launchers started ahead of the first runs
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import json
import os
import select
import shutil
import signal
import stat
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from kit.errors import BuildError
from kit.processes import (
    Kept,
    StopLooks,
    end_handed_over,
    judged_environment,
    kill_group,
    subreaping,
)

OUTPUT_LIMIT = 64 << 20  # bytes: a run's cap when none is given (kit.problem_limits' default)
OVER_KEPT = 1 << 16  # bytes of stdout read back from a run over the output limit (the head)
# PyPy's nursery for every run: 4 MiB, what PyPy 7.3.16 and later (AtCoder's 7.3.20) take when
# /proc/cpuinfo's "cache size" is 8 MiB or less or cannot be read (and half of it when larger):
# rpython/memory/gc/env.py, NURSERY_SIZE_UNKNOWN_CACHE; the 7.3.16 release notes, "Raise
# default gc nursery size to 4MB". Earlier PyPy (Codeforces' 7.3.15; Kattis' 3.10.13) took
# 1 MiB up to a 2 MiB cache, or when it cannot read the cache (env.py reads it on Linux and
# macOS only: PyPy for Windows always takes the unknown cache's size), and half the cache
# above. Fixed here so that a figure does not depend on this machine's cache; under a judge
# that counts memory above the interpreter it cancels out, and where the whole process counts
# (Kattis) the judge's own nursery may differ by a few MiB.
PYPY_NURSERY = "4MB"

TIME, MEMORY, OUTPUT = "time", "memory", "output"  # why a run was killed
PARENT = "parent"  # the run killed the launcher watching it, then was ended by the kit


@dataclass
class Run:
    returncode: int
    stdout: bytes  # all of it; only the head past ``output_bytes``
    stderr: bytes  # its head and tail (``kept_stderr``), the lines not kept counted (``Kept``)
    seconds: float  # wall clock, start-up included
    cpu_seconds: float  # user + system time of the process
    peak_kib: int  # maximum resident set size
    killed: str | None = None  # TIME, MEMORY, PARENT or None
    output_over: bool = False  # wrote more than ``output_bytes``
    processes: int = 1  # how many processes ``peak_kib`` is the memory of, together
    stdout_bytes: int = 0  # all it wrote to stdout (past the cap, the cap and one byte)
    stderr_bytes: int = 0  # all it wrote to stderr
    files_bytes: int = 0  # the files it created or changed in its folder (counted when asked)
    waited: float = 0.0  # of ``seconds``, those it was ready to run and waited for a core
    stdin_read: int = -1  # killed: the bytes of its stdin file it had read by then (-1: unknown)
    relayed: int = 0  # a game's: the chunks the kit's relay passed between its two sides
    # over the output limit: (wall, CPU, waited) seconds into the run at the watch's last look
    # that found its stdout within it (it went over after that); None: not known
    output_within: tuple[float, float, float] | None = None
    output_file: str = ""  # the file its output was read from (``stdout`` is then that file's)
    output_missing: bool = False  # ``output_file`` named and not left in its folder
    stdout_unread: int = 0  # ``output_file`` named: the bytes it wrote to stdout all the same

    @property
    def timed_out(self) -> bool:
        return self.killed == TIME


@dataclass
class Timing:
    """Repeated runs of one case: their times (wall, or CPU where the judge counts CPU: see
    ``kit.run.limits``), the largest peak memory, and each run's wall clock (``Run.seconds``)
    and CPU time where it was added from a run."""

    seconds: list[float] = field(default_factory=list)
    peak_kib: int = 0
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # each run's CPU time, beside its wall clock

    @property
    def median(self) -> float:
        return statistics.median(self.seconds) if self.seconds else 0.0

    @property
    def max(self) -> float:
        return max(self.seconds, default=0.0)

    def add(self, run: Run, seconds: float | None = None) -> None:
        self.seconds.append(run.seconds if seconds is None else seconds)
        self.peak_kib = max(self.peak_kib, run.peak_kib)
        self.wall.append(run.seconds)
        self.cpu.append(run.cpu_seconds)


LAUNCHER = Path(__file__).parent.parent / "launcher.py"  # run as a program, never imported here
# the launcher's program: its module imported from its folder (last on the path: the standard
# library's names first), not run as a script, so that its bytecode is cached (a script is
# compiled at every start, 7-12 ms of the 60-90 ms a game's watch took before its run started)
BOOT = "import sys; sys.path.append(sys.argv.pop(1)); from launcher import main; main()"
WATCH = [sys.executable, "-I", "-S", "-c", BOOT, str(LAUNCHER.parent)]


STOPPED_LOOK = 0.5  # seconds: a launcher silent so long is looked at (stopped by its run?)


class _Launcher:
    def __init__(self) -> None:
        self.process: subprocess.Popen | None = None
        self.pending = b""  # what it wrote past its last line read

    def start(self) -> _Launcher:
        """The launcher's process started, unless it is running (it starts up meanwhile)."""
        hung_up = self.process is not None and self.process.stdin.closed
        if hung_up or self.process is None or self.process.poll() is not None:
            if self.process is not None:
                self.process.wait()  # one that stopped or was told to: a new one replaces it
                _close_pipes(self.process)
            self.process = subprocess.Popen(
                [*WATCH, "serve"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            self.pending = b""
            _running.add(self)
        return self

    def run(self, request: dict) -> dict:
        self.start()
        assert self.process.stdin is not None and self.process.stdout is not None
        start = time.perf_counter()
        with subreaping():  # what the launcher leaves, should its run kill it, comes here
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            started = self.line()
            if started:
                _raise_refused(json.loads(started))
            answer = self.line()
            if answer:
                return json.loads(answer)
            self.process.wait()
            if not started:
                raise OSError("the run launcher stopped unexpectedly")
            return _parent_killed(json.loads(started)["started"], time.perf_counter() - start)

    def line(self) -> bytes:
        """Its next line (b"" at its end). One its run stopped (SIGSTOP to its parent, which
        nothing continues) would never answer: found stopped in two looks ``STOPPED_LOOK``
        apart, it is killed, and its end comes (a kit stopped and continued with its group,
        Ctrl-Z, has its launchers continued with it)."""
        out = self.process.stdout.fileno()
        looks = StopLooks(self.process.pid)
        while b"\n" not in self.pending:
            if not select.select([out], [], [], STOPPED_LOOK)[0]:
                if looks.stopped():
                    self.process.kill()
                continue
            chunk = os.read(out, 1 << 16)
            if not chunk:
                line, self.pending = self.pending, b""
                return line
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return line + b"\n"

    def hang_up(self) -> None:
        """Its stdin closed: it ends the run it may be watching at once, then itself."""
        if self.process is not None and self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()

    def close(self) -> None:
        self.hang_up()
        if self.process is not None:
            self.process.wait()
            _close_pipes(self.process)
        self.process = None
        _running.discard(self)


def _raise_refused(said: object) -> None:
    """The launcher's word for a run it could not fork (the machine's process limit: see
    kit.launcher), raised as the fork's own error, which the command reports in one line."""
    if isinstance(said, dict) and "refused" in said:
        raise BlockingIOError(errno.EAGAIN, str(said["refused"]))


def _close_pipes(process: subprocess.Popen) -> None:
    """A launcher's pipes closed, once it has ended (Python warns of one left open)."""
    for pipe in (process.stdin, process.stdout):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()


def _parent_killed(pid: int, seconds: float) -> dict:
    """The answer for a run that killed its launcher: its group ended here, and what it had
    started out of its group, nothing measured (a judge's sandbox would not have let it signal
    the judge)."""
    kill_group(pid)  # the run leads its group (the launcher's child set it before exec)
    end_handed_over()
    return {"returncode": -signal.SIGKILL, "seconds": seconds, "cpu": 0.0, "maxrss": 0,
            "rss_at_kill": 0, "rss_together": 0, "killed": PARENT, "stderr": ""}  # fmt: skip


_running: set[_Launcher] = set()  # every launcher started and not closed


@atexit.register
def _close_all() -> None:
    """At exit: every launcher told to end first, then each waited for (side by side)."""
    for launcher in list(_running):
        launcher.hang_up()
    for launcher in list(_running):
        launcher.close()


def end_runs() -> None:
    """Every run under way ended at once (the kit is stopped: ``stress``'s judging threads
    then get their answers, instead of waiting for the runs' own limits)."""
    for launcher in list(_running):
        launcher.hang_up()


_idle: list[_Launcher] = []  # launchers waiting for a run: any thread takes one (stress -j,
_idle_lock = threading.Lock()  # cases side by side), so the baseline's is the next run's


def warm_launcher(count: int = 1) -> None:
    """Start launchers now, left idle, until ``count`` are, so that the next runs (``count``
    side by side) do not wait for their start-up (a build calls this before it bundles)."""
    with _idle_lock:
        while len(_idle) < count:
            _idle.append(_Launcher().start())


@contextlib.contextmanager
def _borrowed() -> Iterator[_Launcher]:
    """An idle launcher, else a new one; given back after a run that got its answer. One that
    did not (an error, Ctrl-C) may still owe an answer line, so it is closed instead."""
    with _idle_lock:
        launcher = _idle.pop() if _idle else _Launcher()
    try:
        yield launcher
    except BaseException:
        launcher.close()  # it ends after the run it may be watching
        raise
    with _idle_lock:
        _idle.append(launcher)


def run_process(  # noqa: PLR0913
    command: list[str],
    stdin: bytes | Path,
    *,
    cwd: Path,
    timeout: float,
    env: dict | None = None,
    memory_kib: int | None = None,
    output_bytes: int | None = OUTPUT_LIMIT,
    stack_bytes: int | None = None,
    address_bytes: int | None = None,
    input_file: str = "",
    output_file: str = "",
) -> Run:
    """Run ``command`` in ``cwd`` with ``stdin`` (bytes, or a file to read) under the limits,
    in ``env`` (default: ``run_environment()``); ``output_bytes`` None: its stdout thrown away
    (/dev/null, which no size limit holds), read back as empty. ``input_file``: ``stdin``
    written into ``cwd`` under that name, stdin empty; ``output_file``: the output read back
    from that file in ``cwd``, not from stdout (see the module doc)."""
    if output_file:  # what a run before it left is no output of this one's (removed first:
        with contextlib.suppress(OSError):  # one file may be named for both)
            (cwd / output_file).unlink()
    if input_file:
        _named_input(stdin, cwd / input_file)
        stdin = b""
    with tempfile.TemporaryDirectory(prefix="kit-io-") as folder:
        stdout = Path(folder, "stdout")
        stdin_path = Path(folder, "stdin")
        if isinstance(stdin, Path):  # a copy: the case's own file would tell the run its
            try:  # path (/proc/self/fd/0), and the answer's beside it, and take its writes
                shutil.copyfile(stdin, stdin_path)
            except OSError:  # the launcher says what is wrong with it
                stdin_path = stdin.resolve()
        else:
            stdin_path.write_bytes(stdin)
        request = {
            "argv": [str(part) for part in command],
            "cwd": str(cwd),
            "env": run_environment() if env is None else env,
            "timeout": timeout,
            "stack_bytes": stack_bytes,
            "address_bytes": address_bytes,
            "memory_kib": memory_kib or 0,
            "output_bytes": OUTPUT_LIMIT if output_bytes is None else output_bytes,
            "stdin": str(stdin_path),
            "stdout": os.devnull if output_bytes is None else str(stdout),
        }
        if output_file and output_bytes is not None:  # the file the judged output goes to
            request["watched"] = str(cwd / output_file)
        with _borrowed() as launcher:
            answer = launcher.run(request)
        output, over, size = _head(stdout, output_bytes)
    run = Run(
        returncode=answer["returncode"],
        stdout=output,
        stderr=kept_stderr(answer),
        seconds=answer["seconds"],
        cpu_seconds=answer["cpu"],
        peak_kib=peak_kib(answer),
        waited=answer.get("waited", 0.0),
        killed=answer["killed"],
        output_over=over,
        processes=peak_processes(answer),
        stdout_bytes=size,
        stderr_bytes=answer.get("stderr_bytes", 0),
        stdin_read=answer.get("stdin_read", -1),
        output_within=_within(answer) if over else None,
    )
    if not output_file:
        return run
    run = _named_output(run, cwd, output_file, output_bytes)
    return replace(run, output_within=_within(answer)) if run.output_over else run


def _head(path: Path, limit: int | None) -> tuple[bytes, bool, int]:
    """A file of output as the run left it: (what is read of it, over ``limit``, its size);
    past the limit only its head is ever shown; ``limit`` None: thrown away, nothing read."""
    if limit is None or not path.exists():
        return b"", False, 0
    size = path.stat().st_size
    over = size > limit
    with path.open("rb") as file:  # what is there, not the limit: read(n) reserves n bytes
        return file.read(OVER_KEPT if over else size), over, size


def _named_input(stdin: bytes | Path, place: Path) -> None:
    """The case's input written into the run's folder under the problem's input file name;
    a one-line error when it cannot be (the judge's file, not the solution, failed)."""
    try:
        if isinstance(stdin, Path):
            shutil.copyfile(stdin, place)
        else:
            place.write_bytes(stdin)
    except OSError as error:
        raise BuildError(f"cannot write the input file {place.name}: {error}") from None


def _named_output(run: Run, cwd: Path, name: str, limit: int | None) -> Run:
    """``run`` with its output the file ``name`` it left in ``cwd`` (a regular file, not a
    link: a link is no output written), its stdout only counted; ``output_missing`` when
    there is none."""
    place = cwd / name
    unread = run.stdout_bytes
    try:
        regular = stat.S_ISREG(place.lstat().st_mode)
    except OSError:
        regular = False
    output, over, size = _head(place, limit) if regular else (b"", False, 0)
    return replace(
        run,
        stdout=output,
        output_over=over,
        stdout_bytes=size,
        output_file=name,
        output_missing=not regular,
        stdout_unread=unread,
    )


def _within(answer: dict) -> tuple[float, float, float] | None:
    """The watch's last look at a run's stdout within the output limit (``Run.output_within``)."""
    within = answer.get("output_within")
    return (within[0], within[1], within[2]) if within else None


def kept_stderr(answer: dict) -> Kept:
    """The run's stderr the watch kept (``kit.launcher.kept_stderr``: whole lines), its lines
    not kept counted from the line ends it read (a watch's answer without them: none)."""
    stderr = answer.get("stderr", "").encode("latin-1")
    if "stderr_newlines" not in answer:
        return Kept(stderr)
    return Kept.of(stderr, answer["stderr_newlines"], stderr[-1:])


_RSS_SCALE = 1024 if sys.platform == "darwin" else 1  # ru_maxrss is in bytes on macOS


def peak_kib(answer: dict) -> int:
    """The peak of a watched run: the kernel's maximum resident set, or the memory read when
    the run was killed for memory if that is higher (the kernel's figure can lag behind the
    last pages touched, and a run killed over the limit has been over it), or the most read
    while the run had several processes (the kernel's figure is one process's)."""
    read = max(answer.get("rss_at_kill", 0), answer.get("rss_together", 0))
    return max(answer.get("maxrss", 0) // _RSS_SCALE, read)


def peak_processes(answer: dict) -> int:
    """How many processes ``peak_kib(answer)`` counts together: those of the reading while the
    run had several, when that reading is the peak, else 1."""
    together = answer.get("rss_together", 0)
    return answer.get("processes", 1) if together and together == peak_kib(answer) else 1


def watch_command(
    command: list[str],
    report: Path,
    *,
    timeout: float,
    memory_kib: int | None = None,
    stack_bytes: int | None = None,
    parent: int | None = None,
) -> list[str]:
    """``command`` run under the watch; what it measured is written to ``report``. Start it
    with ``run_environment()``. ``parent``: the process that starts it, with which it ends
    (its parent when it starts, if None: ``kit.launcher``'s ``wrap``)."""
    stack = "unlimited" if stack_bytes is None else str(stack_bytes)
    return [
        *WATCH,
        "wrap",
        *(["--parent", str(parent)] if parent is not None else []),
        str(report),
        repr(float(timeout)),
        str(memory_kib or 0),
        stack,
        *command,
    ]


def read_watch_report(report: Path) -> dict | None:
    """The wrapper's report (see ``watch_command``), or None when it wrote none (killed)."""
    answer = _report(report)
    if answer is None:
        return None
    _raise_refused(answer)
    if "returncode" not in answer:  # only the run's start: killed while it watched
        return None
    answer["stderr"] = kept_stderr(answer)
    answer["processes"] = peak_processes(answer)
    answer["maxrss"] = peak_kib(answer)
    return answer


def watch_started(report: Path) -> int | None:
    """The pid of the wrapper's run, which leads its process group (``kit.launcher``'s
    ``wrap`` names it in the report before it starts), while the wrapper has not yet
    reported; else None."""
    answer = _report(report)
    started = answer.get("started") if answer is not None else None
    return started if isinstance(started, int) and started > 0 else None


def _report(report: Path) -> dict | None:
    try:
        answer = json.loads(report.read_text())
    except (OSError, ValueError):
        return None
    return answer if isinstance(answer, dict) else None


def run_environment(users: bool = False) -> dict[str, str]:
    """The environment of every run: a judge's kind (``PATH`` and little more), with the
    fixed nursery (see the module doc); ``users``: the user's own instead (their own tools,
    such as a stress test's generator), with the same nursery."""
    env = dict(os.environ) if users else judged_environment()
    env["PYPY_GC_NURSERY"] = PYPY_NURSERY
    return env

"""Run one case as a judge would: a fresh process, stdin from the input, whole-process timing.

The clock runs from just before the process is started until it has been reaped, so start-up
is included. Peak memory is the child's own maximum resident set size (``os.wait4``), which
includes the interpreter itself. A process still running at the deadline is killed. Runs are
started by a small launcher process (below) so that the peak memory is the child's own.

The comparator is the one the judges here use: exact, except that trailing whitespace at the
end of each line and blank lines at the end of the output are ignored (``\\r`` counts as
whitespace, so CRLF files compare equal to LF ones).
"""

from __future__ import annotations

import atexit
import json
import statistics
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

STDERR_TAIL_LINES = 3


@dataclass
class Run:
    returncode: int
    stdout: bytes
    stderr: bytes
    seconds: float  # wall clock, start-up included
    cpu_seconds: float  # user + system time of the process
    peak_kib: int  # maximum resident set size
    timed_out: bool


@dataclass
class Timing:
    """Repeated runs of one case: wall times and the largest peak memory."""

    seconds: list[float] = field(default_factory=list)
    peak_kib: int = 0

    @property
    def median(self) -> float:
        return statistics.median(self.seconds) if self.seconds else 0.0

    @property
    def max(self) -> float:
        return max(self.seconds, default=0.0)

    def add(self, run: Run) -> None:
        self.seconds.append(run.seconds)
        self.peak_kib = max(self.peak_kib, run.peak_kib)


# The launcher: a small interpreter (-I -S) that forks and execs each run and reports what
# os.wait4 says about it. Linux counts the memory of the process that starts a child in the
# child's peak (the hiwater mark survives fork and exec), so runs started straight from the
# build would never report less than the build's own size; from the launcher they start at
# about 5 MiB, below any interpreter's own footprint. Runs use files for stdin/stdout/stderr.
_LAUNCHER = r"""
import json, os, signal, sys, time
state = {"pid": 0, "killed": False}
def alarm(signum, frame):
    if state["pid"]:
        state["killed"] = True
        try:
            os.kill(state["pid"], signal.SIGKILL)
        except OSError:
            pass
signal.signal(signal.SIGALRM, alarm)
signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the build stops, then stdin closes
for line in sys.stdin:
    request = json.loads(line)
    state["killed"] = False
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        try:
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.chdir(request["cwd"])
            for fd, key, flags in ((0, "stdin", os.O_RDONLY),
                                   (1, "stdout", os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                                   (2, "stderr", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
                opened = os.open(request[key], flags, 0o600)
                os.dup2(opened, fd)
                os.close(opened)
            os.execvpe(request["argv"][0], request["argv"], request["env"] or os.environ)
        except BaseException as error:
            os.write(2, ("cannot start %r: %s\n" % (request["argv"], error)).encode())
        finally:
            os._exit(127)
    state["pid"] = pid
    signal.setitimer(signal.ITIMER_REAL, request["timeout"])
    _, status, usage = os.wait4(pid, 0)
    state["pid"] = 0
    signal.setitimer(signal.ITIMER_REAL, 0)
    seconds = time.perf_counter() - start
    print(json.dumps({"returncode": os.waitstatus_to_exitcode(status), "seconds": seconds,
                      "cpu": usage.ru_utime + usage.ru_stime, "maxrss": usage.ru_maxrss,
                      "killed": state["killed"]}), flush=True)
"""


class _Launcher:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.process: subprocess.Popen | None = None
        self.folder: str | None = None

    def run(self, request: dict) -> dict:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [sys.executable, "-I", "-S", "-c", _LAUNCHER],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            atexit.register(self.close)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise OSError("the run launcher stopped unexpectedly")
        return json.loads(answer)

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait()
        self.process = None


_launcher = _Launcher()


def run_process(
    command: list[str], stdin: bytes, *, cwd: Path, timeout: float, env: dict | None = None
) -> Run:
    """Run ``command`` in ``cwd`` with ``stdin``; kill it at ``timeout`` seconds."""
    with _launcher.lock, tempfile.TemporaryDirectory(prefix="kit-io-") as folder:
        files = {key: Path(folder, key) for key in ("stdin", "stdout", "stderr")}
        files["stdin"].write_bytes(stdin)
        answer = _launcher.run(
            {
                "argv": [str(part) for part in command],
                "cwd": str(cwd),
                "env": env,
                "timeout": timeout,
                **{key: str(path) for key, path in files.items()},
            }
        )
        scale = 1024 if sys.platform == "darwin" else 1  # ru_maxrss is in bytes on macOS
        return Run(
            returncode=answer["returncode"],
            stdout=files["stdout"].read_bytes() if files["stdout"].exists() else b"",
            stderr=files["stderr"].read_bytes() if files["stderr"].exists() else b"",
            seconds=answer["seconds"],
            cpu_seconds=answer["cpu"],
            peak_kib=answer["maxrss"] // scale,
            timed_out=answer["killed"],
        )


def normalise(output: bytes) -> list[bytes]:
    """The lines a judge compares: trailing whitespace and trailing blank lines dropped."""
    lines = [line.rstrip() for line in output.split(b"\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def first_difference(expected: bytes, got: bytes) -> str | None:
    """None when the outputs match, else a description of the first differing line."""
    want, have = normalise(expected), normalise(got)
    for number in range(max(len(want), len(have))):
        a = want[number] if number < len(want) else None
        b = have[number] if number < len(have) else None
        if a != b:
            return f"line {number + 1}: expected {_show(a)}, got {_show(b)}"
    return None


def _show(line: bytes | None) -> str:
    if line is None:
        return "end of output"
    text = line.decode("utf-8", "replace")
    return repr(text if len(text) <= 60 else text[:57] + "...")


def stderr_tail(stderr: bytes, lines: int = STDERR_TAIL_LINES) -> list[str]:
    text = stderr.decode("utf-8", "replace").rstrip().splitlines()
    return [line[:160] for line in text[-lines:]]


def verdict(run: Run, expected: bytes | None, timeout: float) -> str | None:
    """None for a correct run, else what went wrong in a few words."""
    if run.timed_out:
        return f"killed after {timeout:g} s (hung, or far over the time limit)"
    if run.returncode != 0:
        return f"exit status {run.returncode}"
    if expected is not None:
        return first_difference(expected, run.stdout)
    return None

"""kit.run.process: one run under the launcher's watch, with hostile programs.

Each program is a few lines of Python run as a judge runs it; the limits are small so that the
tests are quick: an output flood stops at the output cap, a memory hog at the memory limit, a
sleeper at the wall-clock timeout, a stderr flood keeps only its tail, and a program that leaves
a child behind holding its pipes does not hold the build.
"""

import errno
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from kit.judges.judge_messages import crash_line, summary_line
from kit.launcher import STDERR_HEAD, STDERR_KEPT
from kit.run import process
from kit.run.process import (
    MEMORY,
    OVER_KEPT,
    TIME,
    peak_kib,
    peak_processes,
    read_watch_report,
    run_process,
    watch_command,
)
from tests.kit.run.hostile import HOG, HOG_CAP_MIB, PACED_HOG
from tests.process_support import REFUSING, slow_to_lead

MIB = 1 << 20
BUILD_PY = Path(__file__).resolve().parents[3] / "build.py"


@pytest.fixture
def run(tmp_path):
    def run(code, *, stdin=b"", timeout=10.0, output_bytes=MIB, cwd=None, **options):
        script = tmp_path / "program.py"
        script.write_text(textwrap.dedent(code))
        command = [sys.executable, "-I", "-S", str(script)]
        return run_process(
            command,
            stdin,
            cwd=cwd or tmp_path,
            timeout=timeout,
            output_bytes=output_bytes,
            **options,
        )

    return run


def test_a_clean_run_reports_output_time_and_memory(run):
    done = run("print(sum(map(int, input().split())))", stdin=b"1 2\n")
    assert (done.returncode, done.stdout, done.killed, done.output_over) == (0, b"3\n", None, False)
    assert 0 < done.seconds < 5
    assert 1024 < done.peak_kib < 100 * 1024  # the interpreter's own few MiB


def test_a_case_file_given_as_stdin_is_a_copy_the_run_cannot_trace_or_change(run, tmp_path):
    """A judge's stdin leads to no answer: the case's own file told the run its path, and
    the answer's beside it (a program rewrote the sample's .out and was "ok"), and took its
    writes."""
    case = tmp_path / "cases" / "sample-1.in"
    case.parent.mkdir()
    case.write_bytes(b"1 2\n")
    (tmp_path / "cases" / "sample-1.out").write_bytes(b"3\n")
    code = """\
        import os
        path = os.readlink("/proc/self/fd/0")
        answer = path[: -len(".in")] + ".out"
        if os.path.exists(answer):
            with open(answer, "w") as file:
                file.write("42\\n")
        with open(path, "w") as file:
            file.write("changed\\n")
        print(path.endswith("sample-1.in"))
    """
    done = run(code, stdin=case)
    assert (done.returncode, done.stdout) == (0, b"False\n"), done.stderr
    assert (tmp_path / "cases" / "sample-1.out").read_bytes() == b"3\n"
    assert case.read_bytes() == b"1 2\n"


def test_a_run_gets_a_judge_s_environment_not_the_user_s(run, monkeypatch):
    """The user's ``LOCAL=1``, a Latin-1 locale or malloc tuning changed verdicts; a run
    has ``PATH`` and the fixed nursery, and writes UTF-8."""
    monkeypatch.setenv("LOCAL", "1")
    monkeypatch.setenv("LANG", "en_US.ISO-8859-1")
    monkeypatch.setenv("MALLOC_PERTURB_", "85")
    done = run("import os, sys\nprint(sorted(os.environ), sys.stdout.encoding)\nprint('✓')")
    assert done.returncode == 0, done.stderr
    names, encoding = done.stdout.decode().splitlines()[0].rsplit(" ", 1)
    assert encoding.lower() in ("utf-8", "utf8")
    assert {"LOCAL", "LANG", "MALLOC_PERTURB_"}.isdisjoint(eval(names))
    assert "PATH" in eval(names) and done.stdout.decode().splitlines()[1] == "✓"


def test_output_at_the_limit_passes_and_one_byte_more_is_over(run):
    exact = run("import sys; sys.stdout.write('x' * 1000)", output_bytes=1000)
    assert (exact.output_over, len(exact.stdout)) == (False, 1000)
    over = run("import sys; sys.stdout.write('x' * 1001)", output_bytes=1000)
    assert over.output_over


def test_an_endless_flood_stops_at_the_cap_and_only_its_head_is_read(run):
    start = time.monotonic()
    done = run(
        """\
        import sys
        line = "x" * (1 << 20) + "\\n"
        while True:
            sys.stdout.write(line)
        """,
        output_bytes=4 * MIB,
    )
    assert done.output_over
    assert len(done.stdout) <= OVER_KEPT
    assert time.monotonic() - start < 8  # stopped by the cap, not by the 10 s timeout


# a late flood's program rests between its spin and its flood, so that a look falls in that
# rest and reads all the spin's CPU: flooding straight after it, a look that came late (the
# watch waiting for a core while the run held one) read the spin's CPU 0.35 s or less; polls
# are 25 ms apart, and the rest holds one however late by up to 0.5 s
RESTS = "time.sleep(0.5)\n"


def test_a_flood_s_moment_is_the_last_look_that_found_the_output_within_the_limit(run):
    """The watch looks at the stdout file with each poll: of a flood after 0.4 s of CPU (and a
    rest), the last look within the limit came after that CPU and before the run's end (it
    went over between); of a flood at once, before 0.4 s; of a run within the limit, none is
    said."""
    flood = "import sys\nsys.stdout.write('x' * (2 << 20))\n"
    spin = "import time\nwhile time.process_time() < 0.4: pass\n"
    late = run(spin + RESTS + flood)
    assert late.output_over and late.output_within is not None, late.stderr
    wall, cpu, waited = late.output_within
    assert 0.35 < cpu <= late.cpu_seconds and wall <= late.seconds and waited >= 0
    early = run(flood + spin)
    assert early.output_over and early.output_within is not None
    assert early.output_within[1] < 0.35
    assert run(spin).output_within is None


def test_a_memory_hog_is_killed_near_the_limit(run):
    done = run(PACED_HOG, memory_kib=64 * 1024)
    assert done.killed == MEMORY and done.returncode < 0
    assert 64 * 1024 < done.peak_kib < 200 * 1024  # read every few ms: not far past it


def test_a_run_of_several_processes_peaks_at_their_memory_together():
    """The kernel's figure is one process's; the launcher's reading of all of them wins, and
    the count of processes goes with it only when it is the peak."""
    together = {"maxrss": 30000, "rss_at_kill": 0, "rss_together": 90000, "processes": 5}
    assert (peak_kib(together), peak_processes(together)) == (90000, 5)
    alone = {"maxrss": 30000, "rss_at_kill": 0, "rss_together": 20000, "processes": 2}
    assert (peak_kib(alone), peak_processes(alone)) == (30000, 1)
    assert peak_processes({"maxrss": 30000, "rss_at_kill": 0}) == 1


def test_a_run_killed_for_memory_has_a_peak_over_the_limit(tmp_path):
    """The kernel's maximum resident set can lag a little behind the resident set the watch
    read when it killed the run (seen: 63.9 MiB reported for a run killed over 64 MiB, about
    one run in a hundred); the peak reported is the higher of the two."""
    assert peak_kib({"maxrss": 65448, "rss_at_kill": 65600}) == 65600
    assert peak_kib({"maxrss": 70000, "rss_at_kill": 0}) == 70000
    hog = tmp_path / "hog.py"
    hog.write_text(HOG)
    report = tmp_path / "report.json"
    command = watch_command(
        [sys.executable, "-I", "-S", str(hog)], report, timeout=10.0, memory_kib=64 * 1024
    )
    subprocess.run(command, stdin=subprocess.DEVNULL, timeout=30, check=False)
    answer = read_watch_report(report)
    assert answer["killed"] == MEMORY
    assert answer["maxrss"] >= answer["rss_at_kill"] > 64 * 1024
    assert answer["rss_at_kill"] < HOG_CAP_MIB * 1024  # killed while it grew


def test_a_sleeper_is_killed_at_the_wall_clock_timeout(run):
    done = run("import time\ntime.sleep(60)\n", timeout=0.5)
    assert done.killed == TIME and done.timed_out
    assert 0.5 <= done.seconds < 3
    assert done.cpu_seconds < 0.5  # it slept: only wall time could stop it


TERMINAL_RUN = """\
import os, sys
from pathlib import Path
open("/dev/tty").close()  # the kit here has a terminal
from kit.run.process import run_process
program = "try:\\n    open('/dev/tty').close()\\nexcept OSError:\\n    print('no terminal')\\n"
folder = Path(sys.argv[1])
done = run_process([sys.executable, "-I", "-S", "-c", program], b"", cwd=folder, timeout=10.0)
print(done.stdout.decode(), end="")
"""


def test_a_run_has_no_terminal_even_when_the_kit_has_one(tmp_path):
    """A judge's run has none: ``open("/dev/tty")`` fails there. Here a run wrote into the
    user's terminal, and one reading it was stopped (a background group's read)."""
    fcntl = pytest.importorskip("fcntl")
    termios = pytest.importorskip("termios")
    leader, follower = os.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-c", TERMINAL_RUN, str(tmp_path)],
            capture_output=True,
            timeout=60,
            start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(follower, termios.TIOCSCTTY, 0),
            cwd=BUILD_PY.parent,
            check=False,
        )
    finally:
        os.close(leader)
        os.close(follower)
    assert (done.returncode, done.stdout) == (0, b"no terminal\n"), done.stderr


def test_a_stderr_flood_keeps_its_head_and_tail(run):
    done = run(
        """\
        import sys
        for i in range(2000):
            sys.stderr.write("line %d " % i + "e" * 1000 + "\\n")
        sys.stderr.write("the last line\\n")
        """
    )
    written = sum(len(f"line {i} ") + 1001 for i in range(2000)) + len("the last line\n")
    assert done.returncode == 0 and done.stderr_bytes == written
    assert len(done.stderr) <= STDERR_KEPT + STDERR_HEAD + 100  # the launcher's
    assert done.stderr.startswith(b"line 0 eee") and done.stderr.endswith(b"the last line\n")
    marker = re.search(rb"\n  \[\.\.\. (\d+) bytes of stderr not kept \.\.\.\]\n", done.stderr)
    assert marker and len(done.stderr) - len(marker[0]) + 1 + int(marker[1]) == done.stderr_bytes


def test_a_traceback_longer_than_what_is_kept_still_names_its_exception(run):
    """A deep recursion's traceback (1.8 MB in a thread under CPython 3.13): its first line
    was lost with the head, and the crash line and the hints with it."""
    done = run(
        """\
        import sys
        sys.setrecursionlimit(5000)
        def f(n):  # f and g in turn: no "[Previous line repeated]" shortens the traceback
            return g(n - 1)
        def g(n):
            return f(n - 1)
        f(10**6)
        """
    )
    assert done.returncode == 1 and done.stderr_bytes > STDERR_KEPT + STDERR_HEAD
    assert done.stderr.startswith(b"Traceback (most recent call last):\n")
    assert crash_line(done.stderr).startswith("RecursionError: maximum recursion depth exceeded")


def test_a_child_left_behind_does_not_hold_the_run(run):
    start = time.monotonic()
    done = run(
        """\
        import os, time
        if os.fork() == 0:
            time.sleep(60)
        print("parent done")
        """,
        timeout=60.0,
    )
    assert done.returncode == 0 and done.stdout == b"parent done\n"
    assert time.monotonic() - start < 15  # the group is killed when its leader ends


LEAVER = """\
    import os, sys, time
    if os.fork() == 0:
        os.setsid()  # out of the run's process group, as a daemon would go
        with open("leaver.pid", "w") as file:
            file.write(str(os.getpid()))
        while True:
            WORK
    while not os.path.exists("leaver.pid") or not open("leaver.pid").read():
        time.sleep(0.01)  # its pid written, not just the file made: else it may end unnamed
    print("parent done")
"""


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def ends_soon(pid, seconds=20.0):
    """Whether process ``pid`` ends within ``seconds``; killed if it does not (no test
    leaves one behind)."""
    deadline = time.monotonic() + seconds
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    if alive(pid):
        os.kill(pid, signal.SIGKILL)
        return False
    return True


@pytest.mark.parametrize(
    "work",
    ["time.sleep(1)", 'sys.stderr.write("x\\n"); sys.stderr.flush(); time.sleep(0.01)'],
    ids=["sleeping", "writing-stderr-forever"],
)
def test_a_child_that_leaves_the_run_s_group_is_ended_with_the_run(run, tmp_path, work):
    """A judge's container ends every process of a run; a child gone out of the run's process
    group (``setsid``) once outlived it here, and one that kept writing to the run's stderr
    held the build for good."""
    finished = []
    runner = threading.Thread(
        target=lambda: finished.append(run(LEAVER.replace("WORK", work))), daemon=True
    )
    runner.start()
    runner.join(10)
    pid_file = tmp_path / "leaver.pid"
    leaver = int(pid_file.read_text()) if pid_file.exists() else None
    try:
        assert finished, "the run did not end"
        assert finished[0].returncode == 0 and finished[0].stdout == b"parent done\n"
        assert leaver is not None and not alive(leaver)
    finally:
        if leaver is not None and alive(leaver):
            os.kill(leaver, signal.SIGKILL)


DAEMON = """\
    import os, time
    print(3, flush=True)
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:  # a daemon: under init, in a session of its own, stdout still open
            open("daemon.pid", "w").write(str(os.getpid()))
            time.sleep(60)
        os._exit(0)
    while not os.path.exists("daemon.pid") or not open("daemon.pid").read():
        time.sleep(0.01)
"""


def test_a_daemon_holding_the_run_s_stdout_neither_holds_the_run_nor_outlives_it(run, tmp_path):
    """A judge's run ends when the solution's process ends (DOMjudge's runguard waits for that
    process alone), not when the last holder of its stdout closes it."""
    start = time.monotonic()
    done = run(DAEMON, timeout=60.0)
    daemon = int((tmp_path / "daemon.pid").read_text())
    assert ends_soon(daemon)
    assert (done.returncode, done.killed, done.stdout) == (0, None, b"3\n")
    assert time.monotonic() - start < 15  # far below the daemon's 60 s


@pytest.mark.parametrize(
    ("code", "stdout", "stderr"),
    [
        ("print(3, flush=True)\nos.close(1)\n", b"3\n", b""),
        ("open('/dev/stdout', 'a').write('3\\n')\n", b"3\n", b""),
        ("os.dup2(1, 2)\nsys.stderr.write('debug\\n')\nprint(3)\n", b"debug\n3\n", b""),
        ("os.dup2(2, 1)\nprint(3)\n", b"", b"3\n"),
    ],
    ids=["closes-fd-1-after-flushing", "dev-stdout-by-path", "stderr-onto-stdout", "onto-stderr"],
)
def test_what_reaches_fd_1_by_any_name_is_the_output_and_nothing_else_is(run, code, stdout, stderr):
    done = run("import os, sys\n" + code)
    assert (done.returncode, done.stdout, done.stderr) == (0, stdout, stderr)


def test_an_answer_still_buffered_when_fd_1_is_closed_is_lost_and_the_exit_fails(run):
    """CPython cannot flush it at exit: "Exception ignored", exit status 120, as on a judge."""
    done = run("import os\nprint(3)\nos.close(1)\n")
    assert (done.returncode, done.stdout) == (120, b"")
    assert b"Bad file descriptor" in done.stderr


def test_memory_mapped_and_never_touched_is_not_counted(run):
    """A Linux judge's control group charges the pages touched; a mapping of 1 GB with one
    page written holds one page (a Windows judge's committed memory would count it all:
    docs/targets.md)."""
    code = "import mmap\nheld = mmap.mmap(-1, 10**9)\nheld[0] = 1\nprint(3)\n"
    done = run(code, memory_kib=64 * 1024)
    assert (done.returncode, done.killed, done.stdout) == (0, None, b"3\n")
    assert done.peak_kib < 64 * 1024


def test_a_program_that_ignores_sigterm_is_still_ended_at_the_timeout(run):
    code = "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\ntime.sleep(60)\n"
    start = time.monotonic()
    done = run(code, timeout=0.5)
    assert done.killed == TIME and done.timed_out
    assert time.monotonic() - start < 15  # far below its 60 s


def test_a_program_that_kills_its_launcher_is_ended_and_the_next_run_gets_a_new_one(run, tmp_path):
    """A judge's sandbox keeps a solution from signalling the judge; here the launcher is the
    run's parent and can be killed: the kit ends the run's group and says what it did."""
    code = "import os, time\nopen('run.pid', 'w').write(str(os.getpid()))\n"
    done = run(code + "os.kill(os.getppid(), 9)\ntime.sleep(30)\n")
    assert (done.killed, done.returncode) == (process.PARENT, -9)
    pid = int((tmp_path / "run.pid").read_text())
    assert ends_soon(pid)  # killed; init reaps it
    assert run("print(6 * 7)").stdout == b"42\n"


def test_a_program_that_stops_its_launcher_is_ended_as_one_that_killed_it(run, tmp_path):
    """A launcher stopped by its run (SIGSTOP, which nothing continues) answered nothing, and
    the kit waited for it for good, the run spinning on: the kit kills a launcher it finds
    stopped in two looks, and the run ends as one that killed its launcher."""
    code = """\
        import os, signal
        open("run.pid", "w").write(f"{os.getpid()} {os.getppid()}")
        os.kill(os.getppid(), signal.SIGSTOP)
        while True:
            pass
        """
    answers = []
    waiter = threading.Thread(target=lambda: answers.append(run(code, timeout=60)), daemon=True)
    waiter.start()
    waiter.join(15)
    pid, launcher = map(int, (tmp_path / "run.pid").read_text().split())
    waited = waiter.is_alive()
    if waited:  # the kit still waits: the launcher ended here, so that the test ends
        os.kill(launcher, signal.SIGKILL)
        waiter.join(10)
    assert not waited
    assert answers and (answers[0].killed, answers[0].returncode) == (process.PARENT, -9)
    assert ends_soon(pid)
    assert run("print(6 * 7)").stdout == b"42\n"


@pytest.mark.parametrize(
    ("signum", "returncode", "killed"),
    [("SIGKILL", -9, None), ("SIGTERM", -15, None), ("SIGSTOP", -9, TIME)],
)
def test_a_run_that_signals_its_own_process_group_reaches_itself_alone(
    run, tmp_path, signum, returncode, killed
):
    """``os.killpg(0, ...)``: the run leads its group, its launcher is not in it. Killed or
    ended by the signal (RE with its name, as a judge's), or stopped for good and killed at its
    timeout (TLE); the child it forked ends too, and the launcher serves the next run."""
    code = f"""\
        import os, signal, time
        child = os.fork()
        if child == 0:
            time.sleep(60)
            os._exit(0)
        open("run.pid", "w").write(f"{{os.getpid()}} {{child}}")
        os.killpg(0, signal.{signum})
        time.sleep(60)
        """
    done = run(code, timeout=1.0)
    assert (done.returncode, done.killed) == (returncode, killed)
    assert all(map(ends_soon, map(int, (tmp_path / "run.pid").read_text().split())))
    assert run("print(6 * 7)").stdout == b"42\n"


def test_what_a_run_that_kills_its_launcher_left_out_of_its_group_is_ended(run, tmp_path):
    """A grandchild in a session of its own (``setsid``) outlived its launcher, killed by the
    run, and spun on under init: it is handed to the kit, which ends it."""
    code = """\
        import os, signal, sys, time
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                open("left.pid", "w").write(str(os.getpid()))
                while True:
                    pass
            os._exit(0)
        while not os.path.exists("left.pid") or not open("left.pid").read():
            time.sleep(0.01)
        print("done", flush=True)
        os.kill(os.getppid(), signal.SIGKILL)
        time.sleep(30)
        """
    done = run(code)
    assert (done.killed, done.returncode) == (process.PARENT, -9)
    left = int((tmp_path / "left.pid").read_text())
    assert ends_soon(left)


def test_the_kit_itself_stays_small_whatever_the_program_prints(tmp_path):
    """``build.py run`` on an endless flood: the build's own peak (and its launcher's) stays
    far below what the program writes."""
    root = tmp_path / "flood"
    (root / "solutions").mkdir(parents=True)
    (root / "samples" / "flood").mkdir(parents=True)
    (root / "problems.toml").write_text(
        '[flood]\njudge = "nowhere"\nid = "1"\nkind = "batch"\ntime_limit = 2.0\n'
        'memory_limit = 64\ntargets = ["cpython3.11"]\n'
    )
    (root / "solutions" / "flood.py").write_text(
        "import sys\nline = 'x' * (1 << 20) + '\\n'\nwhile True:\n    sys.stdout.write(line)\n"
    )
    probe = textwrap.dedent(
        f"""\
        import resource, subprocess, sys
        done = subprocess.run([sys.executable, {str(BUILD_PY)!r}, "run", "flood",
                               "--root", {str(root)!r}], stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        print(done.stderr.decode()[-300:])
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True
    )
    code, peak_kib = done.stdout.split("\n")[0].split()
    assert code == "1", done.stdout
    assert "OLE" in done.stdout and "output limit" in done.stdout
    assert int(peak_kib) < 200 * 1024, done.stdout  # 64 MiB were written, more were tried


def test_a_launcher_left_idle_by_one_thread_serves_the_next_run(tmp_path):
    """Runs borrow a launcher from one pool: the run after another, on any thread, reuses it
    (no launcher start-up per thread)."""
    script = tmp_path / "pid.py"
    script.write_text("import os\nprint(os.getppid())\n")
    command = [sys.executable, "-I", str(script)]
    first: list = []
    thread = threading.Thread(
        target=lambda: first.append(run_process(command, b"", cwd=tmp_path, timeout=10))
    )
    thread.start()
    thread.join()
    second = run_process(command, b"", cwd=tmp_path, timeout=10)
    assert first[0].stdout == second.stdout  # the same launcher forked both


def test_a_launcher_whose_run_failed_is_not_given_back(tmp_path, monkeypatch):
    def broken(self, request):
        raise OSError("the run launcher stopped unexpectedly")

    monkeypatch.setattr(process._Launcher, "run", broken)
    monkeypatch.setattr(process, "_idle", [])
    with pytest.raises(OSError):
        run_process([sys.executable, "-c", "pass"], b"", cwd=tmp_path, timeout=10)
    assert process._idle == []


def test_a_run_the_launcher_could_not_fork_raises_the_fork_s_error(tmp_path, monkeypatch):
    """A user's ``ulimit -u``: the launcher's traceback was "the run launcher stopped
    unexpectedly", a traceback of the kit's, where the command now says why in one line."""
    refusing = [*process.WATCH[:3], "-c", REFUSING, str(process.LAUNCHER)]
    monkeypatch.setattr(process, "WATCH", refusing)
    monkeypatch.setattr(process, "_idle", [])
    with pytest.raises(BlockingIOError) as refused:
        run_process([sys.executable, "-c", "pass"], b"", cwd=tmp_path, timeout=10)
    assert refused.value.errno == errno.EAGAIN
    assert process._idle == []


def _watch_a_pass(folder):
    """The watch's command with its launcher taken from ``folder`` wraps ``pass``: it ends
    cleanly and its report gives the run's status 0."""
    report = folder / "report.json"
    done = subprocess.run(
        [*process.WATCH[:-1], str(folder), "wrap", str(report), "10.0", "0", "unlimited",
         sys.executable, "-I", "-S", "-c", "pass"],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, b"")
    assert json.loads(report.read_text())["returncode"] == 0


def test_the_watch_runs_the_launcher_from_its_cached_bytecode(tmp_path):
    """The launcher is imported by the watch's command, not run as a script, which Python
    compiles at every start (7-12 ms of each game's watch before its run started): its
    bytecode is written beside it once and read after."""
    shutil.copy(process.LAUNCHER, tmp_path / "launcher.py")
    _watch_a_pass(tmp_path)
    assert list((tmp_path / "__pycache__").glob("launcher.*.pyc"))


def test_a_module_beside_the_launcher_shadows_no_standard_module_the_watch_imports(tmp_path):
    """The launcher's folder is the last place the watch looks for a module (the kit's own
    modules sit there): a ``json.py`` or ``select.py`` beside it is not the standard one."""
    shutil.copy(process.LAUNCHER, tmp_path / "launcher.py")
    for name in ("json", "select", "resource", "time"):
        (tmp_path / f"{name}.py").write_text(f"raise SystemExit('{name}.py shadowed')\n")
    _watch_a_pass(tmp_path)


def test_the_wrapper_names_its_run_in_its_report_while_it_runs(tmp_path, monkeypatch):
    """``{"started": PID}``, written without json (not loaded yet): ``watch_started`` reads
    the pid, which leads the run's process group, to end it should the wrapper be killed; the
    group exists by then, however late the forked run comes to set it."""
    monkeypatch.setattr(process, "WATCH", slow_to_lead(tmp_path, "def wrap("))
    report = tmp_path / "report.json"
    command = [sys.executable, "-I", "-S", "-c", "import time; time.sleep(30)"]
    wrapper = subprocess.Popen(
        process.watch_command(command, report, timeout=60.0), env=process.run_environment()
    )
    try:
        deadline = time.monotonic() + 20
        while process.watch_started(report) is None and time.monotonic() < deadline:
            time.sleep(0.01)
        pid = process.watch_started(report)
        assert isinstance(pid, int) and os.getpgid(pid) == pid
    finally:
        wrapper.kill()
        wrapper.wait()


def test_a_watch_report_of_a_refused_fork_raises_the_fork_s_error(tmp_path):
    report = tmp_path / "report.json"
    report.write_text('{"refused": "Resource temporarily unavailable"}')
    with pytest.raises(BlockingIOError, match="Resource temporarily unavailable"):
        read_watch_report(report)


def test_warmed_launchers_serve_runs_side_by_side(tmp_path, monkeypatch):
    """``warm_launcher(2)`` leaves two launchers idle; two runs at once take one each."""
    monkeypatch.setattr(process, "_idle", [])
    process.warm_launcher(2)
    warmed = {launcher.process.pid for launcher in process._idle}
    assert len(warmed) == 2
    process.warm_launcher(1)  # enough are idle: none started
    assert {launcher.process.pid for launcher in process._idle} == warmed
    script = tmp_path / "pid.py"
    script.write_text("import os, time\ntime.sleep(0.3)\nprint(os.getppid())\n")
    command = [sys.executable, "-I", str(script)]
    parents: list = []

    def one() -> None:
        parents.append(int(run_process(command, b"", cwd=tmp_path, timeout=10).stdout))

    threads = [threading.Thread(target=one) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(parents) == warmed
    for launcher in process._idle:
        launcher.close()


def test_at_exit_every_launcher_is_ended(monkeypatch):
    monkeypatch.setattr(process, "_idle", [])
    monkeypatch.setattr(process, "_running", set())
    process.warm_launcher(2)
    started = [launcher.process for launcher in process._idle]
    process._close_all()
    assert all(child.poll() is not None for child in started)
    assert process._running == set()


def test_a_closed_launcher_leaves_no_pipe_open():
    """Python warns of a pipe left open (``-X dev``, ``PYTHONWARNINGS=error``)."""
    from kit.run.process import _Launcher

    launcher = _Launcher().start()
    started = launcher.process
    launcher.close()
    assert started.stdin.closed and started.stdout.closed


def test_a_stderr_flood_s_lines_not_kept_are_counted_in_its_message(run):
    """A solution writing a million lines of junk to stderr was said to have 8,189 more
    lines: those the watch kept; the watch counts the line ends it reads."""
    done = run('import sys\nsys.stderr.write("a\\x00\\xff junk\\n" * 10**6)\nsys.exit(2)\n')
    assert done.stderr.startswith(b"a\x00\xc3\xbf junk\n")
    # the watch's line saying what it left out stands for one of the lines not kept
    not_kept = done.stderr.lines_not_kept + 1
    said = f" (+{10**6 - not_kept - 3:,} more lines; {not_kept:,} lines not kept)"
    assert summary_line(done.stderr).endswith(said)
    kept_lines = done.stderr.count(b"\n")  # the line saying what was not kept among them
    assert kept_lines + done.stderr.lines_not_kept == 10**6


def test_one_long_line_then_a_crash_leaves_no_line_out_whole(run):
    """10 MB on stderr without a line end, then a traceback: the watch keeps the line's
    head and the traceback, and the kit counted one line not kept between them, of a line
    shown in part; the line is now marked cut and no line counted as not kept."""
    done = run('import sys\nsys.stderr.write("x" * 10**7)\nraise ValueError("boom")\n')
    assert done.returncode == 1 and done.stderr.lines_not_kept == 0
    assert done.stderr.startswith(b"x" * STDERR_HEAD + b"...\nTraceback (most recent call last):")
    assert b"bytes of stderr not kept" not in done.stderr
    assert "not kept" not in summary_line(done.stderr)


def test_the_address_space_given_is_the_address_space_the_program_has(tmp_path):
    """``address_bytes``: RLIMIT_AS as problemtools sets it on a C or C++ submission; none
    without it (the judge's limits: the resident set is watched instead)."""
    script = tmp_path / "space.py"
    script.write_text("import resource\nprint(resource.getrlimit(resource.RLIMIT_AS)[0])\n")
    command = [sys.executable, "-I", str(script)]
    run = run_process(command, b"", cwd=tmp_path, timeout=30, address_bytes=900 << 20)
    assert int(run.stdout) == 900 << 20
    run = run_process(command, b"", cwd=tmp_path, timeout=30)
    assert int(run.stdout) != 900 << 20


@pytest.fixture
def named(tmp_path, run):
    """A run of a problem of named files: its input written as input.txt in its folder, its
    output read back from output.txt there."""

    def named(code, *, stdin=b"1 2\n", output_bytes=MIB):
        folder = tmp_path / "cwd"
        folder.mkdir(exist_ok=True)
        names = {"input_file": "input.txt", "output_file": "output.txt"}
        return run(code, stdin=stdin, output_bytes=output_bytes, cwd=folder, **names)

    return named


def test_a_named_input_is_written_in_the_folder_and_the_named_output_read_back(named):
    """``input-file="input.txt"``, ``output-file="output.txt"``: refused before; the file read,
    stdin empty (the judge's stdin is not the input), the output the file the run wrote."""
    done = named(
        """\
        import sys
        assert sys.stdin.read() == ""
        with open("input.txt") as source, open("output.txt", "w") as out:
            out.write(str(sum(map(int, source.read().split()))) + "\\n")
        """
    )
    assert done.returncode == 0, done.stderr
    assert (done.stdout, done.output_file, done.output_missing) == (b"3\n", "output.txt", False)
    assert (done.stdout_bytes, done.stdout_unread) == (2, 0)


def test_one_file_named_for_both_input_and_output_holds_the_input_when_the_run_starts(
    tmp_path,
):
    """``input-file="data.txt" output-file="data.txt"``: the output a run before it left is
    removed before the input is written, not after (which removed the input: a run that read
    it failed on FileNotFoundError)."""
    script = tmp_path / "program.py"
    script.write_text(
        "with open('data.txt') as f:\n"
        "    total = sum(map(int, f.read().split()))\n"
        "with open('data.txt', 'w') as f:\n"
        "    f.write(f'{total}\\n')\n"
    )
    command = [sys.executable, "-I", "-S", str(script)]
    done = run_process(
        command, b"1 2\n", cwd=tmp_path, timeout=10.0, input_file="data.txt", output_file="data.txt"
    )
    assert done.returncode == 0, done.stderr
    assert (done.stdout, done.output_missing) == (b"3\n", False)


@pytest.mark.parametrize("left", [False, True])
def test_a_run_that_writes_stdout_instead_leaves_its_output_missing(named, tmp_path, left):
    """Its stdout only counted, never taken for the output; an output.txt a run before it left
    (``left``) is no output of this one's."""
    if left:
        (tmp_path / "cwd").mkdir()
        (tmp_path / "cwd" / "output.txt").write_text("3\n")
    done = named("print(3)")
    assert done.returncode == 0, done.stderr
    assert (done.stdout, done.output_missing, done.stdout_unread) == (b"", True, 2)


def test_a_link_left_as_the_named_output_is_no_output(named, tmp_path):
    """A link to another file (the answer's place, say) is not an output written."""
    (tmp_path / "elsewhere").write_text("3\n")
    done = named(f"import os\nos.symlink({str(tmp_path / 'elsewhere')!r}, 'output.txt')")
    assert done.returncode == 0, done.stderr
    assert (done.stdout, done.output_missing) == (b"", True)


def test_a_flood_into_the_named_output_is_over_the_output_limit(named):
    """The cap that holds stdout holds the output file too (``RLIMIT_FSIZE``), its head kept."""
    done = named(
        """\
        with open("output.txt", "wb") as out:
            while True:
                out.write(b"x" * 65536)
        """
    )
    assert done.output_over and not done.output_missing
    assert done.stdout_bytes == MIB + 1
    assert done.stdout == b"x" * OVER_KEPT


def test_a_flood_into_the_named_output_has_its_moment_from_that_file(named):
    """The watch looks at output.txt, not stdout, when the output goes there: of a flood into
    it after 0.4 s of CPU, the last look within the limit came after that CPU (a look at the
    empty stdout would keep the run's last moment, and an early flood would have none)."""
    spin = "import time\nwhile time.process_time() < 0.4: pass\n"
    flood = 'with open("output.txt", "wb") as out:\n    out.write(b"x" * (2 << 20))\n'
    late = named(spin + RESTS + flood)
    assert late.output_over and late.output_within is not None, late.stderr
    assert 0.35 < late.output_within[1] <= late.cpu_seconds
    early = named(flood + spin)
    assert early.output_over and early.output_within is not None
    assert early.output_within[1] < 0.35

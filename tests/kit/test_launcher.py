"""kit.launcher, as the program it is (``python -I -S launcher.py serve|wrap ...``): one JSON
answer per request line, the run's stdin and stdout files, stderr's tail, the exit status of a
crash, a program that cannot start, the kill at the deadline and over the memory limit, the
output cap; ``wrap`` around a program with its own pipes, reporting to a file."""

import json
import os
import random
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from kit.judges.judge_messages import crash_line
from kit.launcher import _Watch, kept_stderr, schedstats
from kit.run import process
from tests.kit.run.hostile import HOG, HOG_CAP_MIB, forked_hog
from tests.process_support import PIN_FIRST_CORE, REFUSING, slow_to_lead

LAUNCHER = Path(__file__).resolve().parents[2] / "kit" / "launcher.py"
MIB = 1024


def request_line(tmp_path, number, fields):
    """The JSON line of a request: the run's own ``fields`` ("input": its stdin's bytes) over
    defaults; its stdout the file ``out<number>``."""
    stdin = tmp_path / f"in{number}"
    stdin.write_bytes(fields.pop("input", b""))
    request = {
        "cwd": str(tmp_path), "env": None, "timeout": 10.0, "stack_bytes": None,
        "memory_kib": 0, "output_bytes": 1 << 20, "stdin": str(stdin),
        "stdout": str(tmp_path / f"out{number}"), **fields,
    }  # fmt: skip
    return json.dumps(request)


def serving():
    """A launcher started in ``serve`` mode, its pipes in text."""
    return subprocess.Popen(
        [sys.executable, "-I", "-S", str(LAUNCHER), "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def serve(tmp_path, *requests):
    """The launcher's answers to ``requests`` (each a dict of the run's own fields)."""
    lines = [request_line(tmp_path, number, fields) for number, fields in enumerate(requests)]
    launcher = serving()
    answers = []
    for line in lines:  # one at a time, as the kit asks: an end of file during a run stops it
        launcher.stdin.write(line + "\n")
        launcher.stdin.flush()
        answers += [json.loads(launcher.stdout.readline()) for _ in range(2)]
    launcher.stdin.close()
    assert launcher.wait(timeout=60) == 0
    assert [set(line) == {"started"} for line in answers] == [True, False] * len(requests)
    return answers[1::2]  # each run's pid as it starts, then its answer


def python(code, *arguments):
    return [sys.executable, "-c", code, *arguments]


def test_one_answer_per_request_with_the_run_s_files_status_and_stderr_tail(tmp_path):
    clean, crash = serve(
        tmp_path,
        {"argv": python("import sys; print(sum(map(int, sys.stdin.read().split())))"),
         "input": b"3 4\n"},
        {"argv": python("import sys; sys.stderr.write('x' * 70000 + 'end'); sys.exit(3)")},
    )  # fmt: skip
    assert (clean["returncode"], clean["killed"], clean["stderr"]) == (0, None, "")
    assert (tmp_path / "out0").read_bytes() == b"7\n"
    assert clean["seconds"] > 0 and clean["maxrss"] > MIB and clean["cpu"] >= 0
    assert crash["returncode"] == 3 and crash["stderr"] == "x" * 70000 + "end"
    assert crash["stderr_bytes"] == 70003  # within what is kept: head and tail


def test_what_is_kept_of_stderr_is_its_head_and_tail_cut_at_line_ends():
    assert kept_stderr(b"ab\n", b"cd\n", 6) == b"ab\ncd\n"
    assert kept_stderr(b"a\nhe", b"ad\ntail\n", 100) == (
        b"a\n  [... 93 bytes of stderr not kept ...]\ntail\n"
    )
    # one long line: its head and tail as they were cut, not nothing but the marker, each
    # marked cut where it was
    assert kept_stderr(b"xxxx", b"yyyy\n", 100) == (
        b"xxxx...\n  [... 91 bytes of stderr not kept ...]\n...yyyy\n"
    )


def test_a_line_kept_in_part_is_marked_cut_where_it_was():
    """The head's one long line had no mark where it was cut, nor a tail with no whole line:
    the kit, counting the lines not kept, took the bytes left out for a line of their own
    (``[... 1 line not kept]``) where they were of a line shown in part."""
    marker = b"  [... 92 bytes of stderr not kept ...]\n"
    assert kept_stderr(b"xxxx", b"xx\nend\n", 100) == b"xxxx...\n" + marker + b"end\n"
    assert kept_stderr(b"a\n", b"yyyyyy", 100) == b"a\n" + marker + b"...yyyyyy"
    # a traceback's header, cut from within its line, starts its line unmarked as before
    tail = b"xxTraceback (most recent call last):\nE\n"
    assert kept_stderr(b"xxxx", tail, 100).endswith(
        b"...]\nTraceback (most recent call last):\nE\n"
    )


def test_a_traceback_after_text_without_a_line_end_keeps_its_header():
    """100 KB of debug text with no newline, then a crash: the tail's first line held the
    traceback's header, and cutting at its end lost it, and with it the crash's line."""
    tail = b"....Traceback (most recent call last):\n  File x\nValueError: bad\n"
    kept = kept_stderr(b"debug...", tail, 100_000)
    assert kept.endswith(b" not kept ...]\nTraceback (most recent call last):\n  File x\n"
                         b"ValueError: bad\n")  # fmt: skip
    assert crash_line(kept) == "ValueError: bad"


def test_a_program_that_cannot_start_exits_127_saying_why(tmp_path):
    (answer,) = serve(tmp_path, {"argv": [str(tmp_path / "missing")]})
    assert answer["returncode"] == 127 and "cannot start" in answer["stderr"]


def test_a_run_that_cannot_start_says_so_in_its_own_stderr_not_the_terminal(tmp_path):
    """A run whose folder was removed (the kit ending while a measure started ahead was under
    way) wrote "cannot start" and the whole argv, a page of text, to the kit's terminal."""
    launcher = subprocess.Popen(
        [sys.executable, "-I", "-S", str(LAUNCHER), "serve"], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    line = request_line(tmp_path, 0, {"argv": python("pass"), "cwd": str(tmp_path / "gone")})
    launcher.stdin.write(line + "\n")
    launcher.stdin.flush()
    answer = [json.loads(launcher.stdout.readline()) for _ in range(2)][1]
    launcher.stdin.close()
    assert launcher.wait(timeout=60) == 0
    err = launcher.stderr.read()
    assert answer["returncode"] == 127
    assert answer["stderr"].startswith(f"cannot start {sys.executable}: [Errno 2]")
    assert err == ""


def test_a_sleeper_is_killed_at_the_deadline(tmp_path):
    (answer,) = serve(tmp_path, {"argv": python("import time; time.sleep(30)"), "timeout": 0.3})
    assert answer["killed"] == "time" and answer["returncode"] == -9
    assert 0.3 <= answer["seconds"] < 10


def test_a_run_s_end_is_told_on_the_machine_s_monotonic_clock(tmp_path):
    """When the watch reaped the run (``ended_at``), read as another process reads the clock:
    a game's kit orders exits by it, not by when it reaped the watch."""
    before = time.monotonic()
    (answer,) = serve(tmp_path, {"argv": python("import time; time.sleep(0.3)")})
    assert before + 0.3 <= answer["ended_at"] <= time.monotonic()


def test_a_hog_is_killed_over_the_memory_limit_with_what_was_read(tmp_path):
    (answer,) = serve(tmp_path, {"argv": python(HOG), "memory_kib": 64 * MIB})
    assert answer["killed"] == "memory" and answer["returncode"] == -9
    assert 64 * MIB < answer["rss_at_kill"] < HOG_CAP_MIB * MIB  # killed while it grew


@pytest.mark.parametrize("leave_group", [False, True])
def test_a_run_s_processes_are_counted_together_against_the_memory_limit(tmp_path, leave_group):
    """Four children of 30 MiB each: every process alone is under 64 MiB, together they are
    not (a judge's control group holds them all), in the run's group or gone out of it."""
    argv = python(forked_hog(4, 30, leave_group=leave_group))
    (answer,) = serve(tmp_path, {"argv": argv, "memory_kib": 64 * MIB})
    assert answer["killed"] == "memory" and answer["rss_at_kill"] > 64 * MIB
    assert answer["maxrss"] < 64 * MIB  # the kernel's figure: one process's
    assert answer["rss_together"] >= answer["rss_at_kill"] and answer["processes"] >= 3


def test_the_peak_of_a_child_left_unreaped_counts(tmp_path):
    """A child holds 200 MiB for a moment and ends; its parent never waits for it and exits:
    the leader's own figure lacks it, and the watch's polls may miss it (a 400 MiB child was
    "ok" under 256 MiB three times in six). The watch reaps it, and its peak counts."""
    code = (  # the parent waits for the child's end by a pipe, never by wait(): any load
        "import os\nr, w = os.pipe()\n"
        "if os.fork() == 0:\n    b = bytearray(200 << 20)\n    os._exit(0)\n"
        "os.close(w)\nos.read(r, 1)\n"
    )
    (answer,) = serve(tmp_path, {"argv": python(code)})  # no memory limit: never killed
    assert answer["killed"] is None and answer["maxrss"] > 200 * MIB


# 300 children touching 8 MiB each, held until the parent has slept 20 s (a pipe's end): the
# watch kills the run as soon as it has read them all, seconds before on a loaded machine
HUNDREDS = (
    "import os, time\n"
    "r, w = os.pipe()\n"
    "for _ in range(300):\n"
    "    if os.fork() == 0:\n"
    "        os.close(w)\n"
    "        mine = bytearray(8 << 20)\n"
    "        for at in range(0, len(mine), 4096): mine[at] = 1\n"
    "        os.read(r, 1)\n"
    "        os._exit(0)\n"
    "time.sleep(20.0)\n"
    "os.close(w)\n"
    "while True:\n"
    "    try: os.wait()\n"
    "    except ChildProcessError: break\n"
)


def test_every_one_of_hundreds_of_processes_is_counted(tmp_path):
    """300 children of 8 MiB each: over 2400 MiB together whatever each holds beside them,
    where the first 256 alone, read before, stayed under it (2294 MiB here)."""
    (answer,) = serve(
        tmp_path, {"argv": python(HUNDREDS), "memory_kib": 2400 * MIB, "timeout": 40.0}
    )
    assert answer["killed"] == "memory" and answer["processes"] > 256


def test_a_forked_child_s_shared_pages_are_counted_once(tmp_path):
    """A parent holding 40 MiB forks a child that touches nothing: the two share those pages,
    so together they hold about 40 MiB, not 80, and stay under a 64 MiB limit."""
    argv = python(forked_hog(1, 0, parent_mib=40))
    (answer,) = serve(tmp_path, {"argv": argv, "memory_kib": 64 * MIB})
    assert answer["killed"] is None and answer["returncode"] == 0
    assert 40 * MIB < answer["rss_together"] < 60 * MIB


def test_output_past_the_cap_stops_the_run_one_byte_over(tmp_path):
    code = "import sys\nwhile True:\n    sys.stdout.write('y' * 4096)\n"
    (answer,) = serve(tmp_path, {"argv": python(code), "output_bytes": 10000})
    assert answer["returncode"] != 0 and (tmp_path / "out0").stat().st_size == 10001


def test_the_stack_is_set_for_the_run(tmp_path):
    code = "import resource; print(resource.getrlimit(resource.RLIMIT_STACK)[0])"
    (answer,) = serve(tmp_path, {"argv": python(code), "stack_bytes": 32 << 20})
    assert answer["returncode"] == 0 and (tmp_path / "out0").read_text() == f"{32 << 20}\n"


def test_wrap_runs_a_program_on_its_own_pipes_and_writes_its_report(tmp_path):
    report = tmp_path / "report.json"
    code = "import sys; print(input()[::-1]); sys.stderr.write('said'); sys.exit(5)"
    done = subprocess.run(
        [sys.executable, "-I", "-S", str(LAUNCHER), "wrap", str(report), "10.0", "0",
         "unlimited", *python(code)],
        input=b"abc\n", capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (5, b"cba\n")
    answer = json.loads(report.read_text())
    assert (answer["returncode"], answer["stderr"], answer["killed"]) == (5, "said", None)


def test_wrap_runs_its_program_in_a_group_of_its_own_named_in_the_report_first(tmp_path):
    """A game's solution that signals its own group (``os.killpg(0, ...)``) reaches its watch
    too where the two share one: its group is its own, as a batch run's, and the report says
    which before the program runs (the kit ends that group should the watch be killed)."""
    report = tmp_path / "report.json"
    code = (
        "import json, os\n"
        f"said = json.load(open({str(report)!r}))\n"
        "print(os.getpgid(0) == os.getpid() != os.getpgid(os.getppid()), said == "
        "{'started': os.getpid()})"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-S", str(LAUNCHER), "wrap", str(report), "10.0", "0",
         "unlimited", *python(code)],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stdout, done.stderr) == (0, b"True True\n", b"")
    assert json.loads(report.read_text())["returncode"] == 0


def test_serve_says_a_fork_was_refused_and_serves_on(tmp_path):
    """Its traceback ended the launcher, and the kit's build in one of its own."""
    launcher = subprocess.Popen(
        [sys.executable, "-I", "-S", "-c", REFUSING, str(LAUNCHER), "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    for number in range(2):
        launcher.stdin.write(request_line(tmp_path, number, {"argv": python("pass")}) + "\n")
        launcher.stdin.flush()
        answer = json.loads(launcher.stdout.readline())
        assert answer == {"refused": "Resource temporarily unavailable"}
    launcher.stdin.close()
    assert launcher.wait(timeout=60) == 0


def test_wrap_reports_a_fork_refused(tmp_path):
    """Its traceback was taken for the solution's: a game's verdict RE, the machine's doing."""
    report = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", REFUSING, str(LAUNCHER), "wrap", str(report),
         "10.0", "0", "unlimited", *python("pass")],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (127, b"")
    assert json.loads(report.read_text()) == {"refused": "Resource temporarily unavailable"}


def test_wrap_ends_a_child_that_left_the_program_s_group(tmp_path):
    """The interactive game's wrapper: a child gone out of the group with ``setsid`` (holding
    the game's pipes) ends with the program, as in a judge's container."""
    pid_file = tmp_path / "leaver.pid"
    code = (
        "import os, time\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        f"    open({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
        "    time.sleep(60)\n"
        f"while not os.path.exists({str(pid_file)!r}) or not open({str(pid_file)!r}).read():\n"
        "    time.sleep(0.01)\n"  # its pid written, not just the file made
        "print('parent done')\n"
    )
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-I", "-S", str(LAUNCHER), "wrap", str(tmp_path / "report.json"),
         "10.0", "0", "unlimited", *python(code)],
        capture_output=True, timeout=90, check=False,
    )  # fmt: skip
    leaver = int(pid_file.read_text())
    try:
        assert (done.returncode, done.stdout) == (0, b"parent done\n")
        assert time.monotonic() - started < 30 and not Path(f"/proc/{leaver}").exists()
    finally:
        if Path(f"/proc/{leaver}").exists():
            os.kill(leaver, 9)


@pytest.mark.parametrize("arguments", [[], ["other"]])
def test_anything_else_is_its_usage_line(arguments):
    done = subprocess.run(
        [sys.executable, "-I", "-S", str(LAUNCHER), *arguments],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 1 and done.stderr.startswith("usage: launcher.py serve | wrap")


def test_what_it_imports_is_no_more_than_a_game_s_watch_needs_before_its_run_starts():
    """A game's watch (``wrap``) starts before its solution can, so what it imports on the way
    is part of every game: not json (and re, which json loads), nor signal's enums (enum),
    20 ms of a game's 60-90 ms before its run started; json is loaded once the run is."""
    code = (
        "import sys; sys.path.append(sys.argv[1]); import launcher; "
        "print(sorted({'json', 're', 'enum', 'contextlib'} & set(sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code, str(LAUNCHER.parent)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert (done.stdout, done.stderr) == ("[]\n", "")


def test_importing_it_does_nothing_and_its_helpers_read_this_process():
    from kit import launcher

    statm = launcher.open_statm(os.getpid())
    try:
        assert launcher.resident_kib(statm) > MIB
    finally:
        os.close(statm)
    assert launcher.open_statm(2**22 + 12345) is None  # no such process
    assert launcher.resident_kib(None) == 0


def test_the_resident_set_is_read_through_exec_from_one_descriptor():
    """The descriptor opened at the fork reads the program the child became."""
    from kit import launcher

    mine = launcher.open_statm(os.getpid())
    target_kib = launcher.resident_kib(mine) + 64 * 1024  # more than the fork's, before exec
    os.close(mine)
    program = f"import time; x = b'x' * ({target_kib} << 10); time.sleep(60)"
    pid = os.fork()
    if pid == 0:
        time.sleep(0.2)
        os.execv(sys.executable, [sys.executable, "-c", program])
    statm = launcher.open_statm(pid)  # before the exec
    fresh = None
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            fresh = launcher.open_statm(pid)
            if launcher.resident_kib(fresh) >= target_kib:
                break
            os.close(fresh)
            fresh = None
            time.sleep(0.02)
        assert fresh is not None, "the program never reached its size"
        assert launcher.resident_kib(statm) >= target_kib  # the fork never had as much
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(statm)
        if fresh is not None:
            os.close(fresh)
    assert launcher.resident_kib(statm) == 0  # closed


def test_the_watch_reads_often_at_first_and_less_as_a_run_ages():
    from kit.launcher import POLL_MOST, POLL_SECONDS, poll_seconds

    assert poll_seconds(0.0) == poll_seconds(0.04) == POLL_SECONDS == 0.005
    assert poll_seconds(0.08) == pytest.approx(0.01)
    assert poll_seconds(0.2) == poll_seconds(5.0) == POLL_MOST == 0.025
    assert poll_seconds(5.0, 400, 1000) == POLL_MOST  # under half the limit
    assert poll_seconds(5.0, 600, 1000) == POLL_SECONDS  # over it: read often again
    assert poll_seconds(5.0, 600, 0) == POLL_MOST  # no limit


def test_a_read_the_machine_held_off_a_core_does_not_put_off_the_next(monkeypatch):
    """The watch sleeps at least ``POLL_COST_TIMES`` what its last read cost (a run of hundreds
    of processes). Counted in wall time, a read held off a core 0.2 s by a loaded machine put
    the next off 0.4 s more, while a memory hog beside it took hundreds of MiB; counted in the
    watch's own CPU time, it does not."""
    from kit import launcher

    reads = []

    def held_off(self, memory_kib, others):
        reads.append(time.perf_counter())
        time.sleep(0.2)  # wall time, no CPU: as a read that waited for a core

    monkeypatch.setattr(launcher._Watch, "check_memory", held_off)
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(2)"])
    seen = launcher._Watch(child.pid, None, time.perf_counter(), 10.0)
    try:
        launcher._waited_for(child.pid, None, seen, 64 * MIB, None, None)
    finally:
        os.close(seen.statm)
        child.wait()  # reaped by the watch already
    gaps = [later - sooner for sooner, later in zip(reads, reads[1:])]
    assert len(gaps) >= 3 and max(gaps) < 0.5, gaps  # 0.2 s and a poll; not 0.6 s


def started_serve(tmp_path, argv):
    """A launcher serving one request of ``argv`` (a sleeper), and the run's pid once started."""
    launcher = serving()
    launcher.stdin.write(request_line(tmp_path, 0, {"argv": argv, "timeout": 60.0}) + "\n")
    launcher.stdin.flush()
    return launcher, json.loads(launcher.stdout.readline())["started"]


def ended_within(pid, seconds):
    """Whether the process ``pid`` is gone (or a zombie) within ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rpartition(")")[2].split()[0] == "Z":
                    return True
        except (FileNotFoundError, ProcessLookupError):  # gone before the open, or the read
            return True
        time.sleep(0.02)
    return False


SLEEPER = python("import time; time.sleep(60)")


def test_a_run_ends_at_once_when_the_kit_hangs_up(tmp_path):
    """The kit stopped (Ctrl-C, killed): its end of the requests closes, and the run it was
    watching ends then, not at its deadline; the launcher exits without an answer."""
    launcher, pid = started_serve(tmp_path, SLEEPER)
    launcher.stdin.close()
    assert ended_within(pid, 20)
    assert launcher.wait(timeout=20) == 0
    assert launcher.stdout.read() == ""


PARENT_OF_A_SLEEPER = python(
    "import subprocess, sys, time; child = subprocess.Popen(sys.argv[1:]); "
    "print(child.pid, flush=True); time.sleep(60)",
    *SLEEPER,
)


@pytest.mark.parametrize("signum", [15, 1, 9], ids=["SIGTERM", "SIGHUP", "SIGKILL"])
def test_a_run_ends_with_its_launcher(tmp_path, signum):
    """A launcher stopped by a signal (``timeout`` ends the kit's whole group) ends its run's
    whole group first; one killed outright takes its run with it (the parent's death signal:
    what the run started itself may outlive it then)."""
    launcher, pid = started_serve(tmp_path, PARENT_OF_A_SLEEPER)
    out = tmp_path / "out0"
    while not (out.exists() and out.read_text().endswith("\n")):
        time.sleep(0.01)
    child = int(out.read_text())
    launcher.send_signal(signum)
    ended = [ended_within(pid, 20), ended_within(child, 20)]
    assert ended == [True, True] if signum != 9 else ended[0]
    launcher.wait(timeout=20)
    launcher.stdin.close()
    os.kill(child, 9) if not ended[1] else None


@pytest.mark.parametrize("told", [False, True], ids=["its parent", "--parent"])
def test_wrap_and_its_run_end_with_the_process_that_started_it(tmp_path, told):
    """``wrap``'s parent (the kit, in an interactive game) killed outright: the wrapper is told
    and ends its run; told the parent's pid (``--parent``, the kit's way: it starts the watch
    without a ``preexec_fn`` of its own), the wrapper sets the parent-death signal itself."""
    parent = subprocess.Popen(
        [sys.executable, "-c", "import os, subprocess, sys, time; "
         "argv = [str(os.getpid()) if word == 'PARENT' else word for word in sys.argv[1:]]; "
         "p = subprocess.Popen(argv); print(p.pid, flush=True); time.sleep(60)",
         sys.executable, "-I", "-S", str(LAUNCHER), "wrap", *(["--parent", "PARENT"] * told),
         str(tmp_path / "report"), "60", "0", "unlimited", *SLEEPER],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    wrapper = int(parent.stdout.readline())
    runs = children_within(wrapper, 10)  # the wrapper forks its run
    parent.kill()
    parent.wait(timeout=5)
    assert runs and all(ended_within(pid, 20) for pid in [wrapper, *runs])


def test_wrap_told_a_parent_already_gone_runs_nothing_and_ends(tmp_path):
    """The kit killed between the watch's start and the parent-death signal the watch sets
    itself (its Python's start-up, 30-40 ms): the watch, told the kit's pid (``--parent``),
    finds another parent and ends at once (SIGTERM, which it takes as a kit's stop), its run
    never started, rather than play a game nobody relays."""
    gone = subprocess.Popen([sys.executable, "-c", ""])
    gone.wait()
    marker = tmp_path / "ran"
    wrapper = subprocess.run(
        [sys.executable, "-I", "-S", str(LAUNCHER), "wrap", "--parent", str(gone.pid),
         str(tmp_path / "report"), "60", "0", "unlimited",
         *python(f"open({str(marker)!r}, 'w').close()")],
        timeout=30, check=False,
    )  # fmt: skip
    assert wrapper.returncode == 128 + 15
    assert not marker.exists() and not (tmp_path / "report").exists()


def children_within(pid, seconds):
    """The children of ``pid`` as soon as it has any, within ``seconds`` (else none)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        if children:
            return [int(child) for child in children]
        time.sleep(0.01)
    return []


def serve_once(command, tmp_path, code, **popen):
    """The answer of a ``serve`` launcher started as ``command`` to one request, running the
    Python ``code`` (its stdout in ``tmp_path / "out0"``)."""
    launcher = subprocess.Popen(  # noqa: PLW1509 (preexec_fn: the launcher has no threads)
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, **popen
    )
    launcher.stdin.write(request_line(tmp_path, 0, {"argv": python(code)}) + "\n")
    launcher.stdin.flush()
    _, answer = (json.loads(launcher.stdout.readline()) for _ in range(2))
    launcher.stdin.close()
    launcher.wait(timeout=60)
    return answer


LIMITS_SEEN = (
    "import resource as r\n"
    "kinds = (r.RLIMIT_FSIZE, r.RLIMIT_AS, r.RLIMIT_STACK, r.RLIMIT_CPU)\n"
    "print(*(r.getrlimit(k) for k in kinds))\n"
)


def test_a_run_s_limits_stay_within_the_hard_ones_and_the_output_cap_is_fixed(tmp_path):
    """Under a hard file size limit below the output cap and a hard address-space limit, the
    run starts (a non-root launcher may not raise a hard limit: it exited 127), its soft limits
    are the hard ones, and the output cap cannot be raised again by the run."""
    space = 1 << 30  # the address space's hard limit; its soft one half of it
    cap = 1 << 20  # the run's output cap (1 MiB + 1), over the file size's hard limit
    command = (
        "import resource as r, runpy, sys\n"
        f"r.setrlimit(r.RLIMIT_FSIZE, ({cap // 2}, {cap // 2}))\n"
        f"r.setrlimit(r.RLIMIT_AS, ({space // 2}, {space}))\n"
        "r.setrlimit(r.RLIMIT_CPU, (20, 40))\n"  # ulimit -St 20 -Ht 40
        "sys.argv = ['launcher', 'serve']\n"
        f"runpy.run_path({str(LAUNCHER)!r}, run_name='__main__')\n"
    )
    answer = serve_once([sys.executable, "-I", "-S", "-c", command], tmp_path, LIMITS_SEEN)
    assert answer["returncode"] == 0, answer
    size, address, _, cpu = eval((tmp_path / "out0").read_text().replace(") (", "), ("))
    assert size == (cap // 2, cap // 2) and address == (space, space) and cpu == (40, 40)


def test_a_game_s_address_space_is_opened_as_a_batch_run_s(tmp_path):
    """``wrap`` (an interactive game's watch) sets the soft address-space limit to the hard
    one, as ``serve`` does for a batch run: ``ulimit -v`` made PyPy fail here only."""
    space = 1 << 34
    code = "import resource as r; print(r.getrlimit(r.RLIMIT_AS))"

    def limited():
        resource.setrlimit(resource.RLIMIT_AS, (space // 2, space))

    done = subprocess.run(
        [sys.executable, "-I", "-S", str(LAUNCHER), "wrap", str(tmp_path / "report.json"),
         "10.0", "0", "unlimited", *python(code)],
        capture_output=True, timeout=60, check=False, preexec_fn=limited,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (0, f"({space}, {space})\n".encode()), done.stderr


CORE_AND_DATA = (
    "import resource as r; print(r.getrlimit(r.RLIMIT_DATA), r.getrlimit(r.RLIMIT_CORE)[0])"
)


def _shell_limits():
    """What a shell may have set: ``ulimit -Sd 100000`` and ``ulimit -c unlimited``."""
    resource.setrlimit(resource.RLIMIT_DATA, (100 << 20, resource.RLIM_INFINITY))
    hard_core = resource.getrlimit(resource.RLIMIT_CORE)[1]
    resource.setrlimit(resource.RLIMIT_CORE, (hard_core, hard_core))


def test_a_run_has_no_data_segment_limit_and_writes_no_core_file(tmp_path):
    """A soft ``ulimit -d`` made a 150 MiB solution's MemoryError where the judge accepts;
    ``ulimit -c unlimited`` wrote an abort's core into the run's folder, counted as output
    where every file a run writes counts (OLE where the judge says RE). Both watches."""
    expected = f"({resource.RLIM_INFINITY}, {resource.RLIM_INFINITY}) 0\n".encode()
    done = subprocess.run(
        [sys.executable, "-I", "-S", str(LAUNCHER), "wrap", str(tmp_path / "report.json"),
         "10.0", "0", "unlimited", *python(CORE_AND_DATA)],
        capture_output=True, timeout=60, check=False, preexec_fn=_shell_limits,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (0, expected), done.stderr
    serve = [sys.executable, "-I", "-S", str(LAUNCHER), "serve"]
    answer = serve_once(serve, tmp_path, CORE_AND_DATA, preexec_fn=_shell_limits)
    assert answer["returncode"] == 0 and (tmp_path / "out0").read_bytes() == expected


SPIN = (
    "import time\nend = time.process_time() + {cpu}\nwhile time.process_time() < end:\n    pass\n"
)


def test_the_time_a_run_waited_for_a_core_is_measured_apart(tmp_path, crowded_core):
    (answer,) = serve(tmp_path, {"argv": [*crowded_core, SPIN.format(cpu=0.3)]})
    assert answer["killed"] is None and answer["returncode"] == 0
    assert answer["seconds"] > 0.6  # a quarter of a core: about 1.2 s of wall time
    assert 0.5 * answer["seconds"] < answer["waited"] < answer["seconds"]
    assert answer["seconds"] - answer["waited"] < 0.3 + 0.3


def test_the_deadline_moves_on_by_what_the_run_waited_for_a_core(tmp_path, crowded_core):
    """0.3 s of CPU on a quarter of a core takes about 1.2 s: a deadline of 0.6 s is not its."""
    (answer,) = serve(tmp_path, {"argv": [*crowded_core, SPIN.format(cpu=0.3)], "timeout": 0.6})
    assert answer["killed"] is None and answer["returncode"] == 0
    assert answer["seconds"] > 0.6


def test_a_sleeper_waits_for_no_core(tmp_path):
    """Its sleep is no wait for a core: counted, the wait would be 1.5 s at least. (Under a
    load of 9 on two cores its start-up alone waited 0.13-0.53 s.)"""
    (answer,) = serve(tmp_path, {"argv": python("import time; time.sleep(1.5)")})
    assert answer["seconds"] >= 1.5 and answer["waited"] < 0.75


def test_what_a_thread_waited_counts_after_it_ended(tmp_path, crowded_core):
    """Deep recursion's usual shape: the work in a thread, joined by the main one."""
    code = "import threading\nthreading.Thread(target=lambda: exec(SPIN)).start()\n"
    code = f"SPIN = {SPIN.format(cpu=0.3)!r}\n" + code
    (answer,) = serve(tmp_path, {"argv": [*crowded_core, code]})
    assert answer["returncode"] == 0
    assert 0.5 * answer["seconds"] < answer["waited"] < answer["seconds"]


def test_each_thread_s_time_on_a_core_and_wait_for_one_are_read():
    """What a game's deadline reads of its sides (kit.run.game_deadline) and a run's watch of
    its run: each thread's, nanoseconds; none of a process that is not there."""
    if not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/schedstat").exists():
        pytest.skip("needs the kernel's scheduler statistics")
    end = time.process_time() + 0.05
    while time.process_time() < end:
        pass
    before = time.thread_time_ns()  # this thread's, the process's first: the same clock
    on_cpu, delay = schedstats(os.getpid())[str(os.getpid())]
    assert before - 0.01e9 <= on_cpu <= time.thread_time_ns() + 0.01e9 and delay >= 0
    assert schedstats(2**22 + 7) == {}
    this = str(threading.get_native_id())  # a game's relay threads, read by their ids alone
    assert list(schedstats(os.getpid(), [this, str(2**22 + 7)])) == [this]
    assert schedstats(os.getpid(), [str(2**22 + 7)]) == {}  # not each of the process's


def test_a_hard_limit_is_raised_where_the_launcher_may_and_kept_where_not(monkeypatch):
    from kit import launcher

    stack = launcher.resource.RLIMIT_STACK
    monkeypatch.setattr(launcher.resource, "getrlimit", lambda kind: (8 << 20, 8 << 20))
    calls = []
    monkeypatch.setattr(launcher.resource, "setrlimit", lambda kind, pair: calls.append(pair))
    launcher.within_hard(stack, 256 << 20)  # root with CAP_SYS_RESOURCE
    assert calls == [(256 << 20, 256 << 20)]

    def refused(kind, pair):
        if pair[1] > 8 << 20:
            raise ValueError("not allowed to raise maximum limit")
        calls.append(pair)

    calls.clear()
    monkeypatch.setattr(launcher.resource, "setrlimit", refused)
    launcher.within_hard(stack, 256 << 20)
    assert calls == [(8 << 20, 8 << 20)]


def test_a_limit_is_held_below_the_hard_one_which_is_kept(monkeypatch):
    """One home for "the soft limit, capped at the hard one": a jury program's address space
    (kit.processes.address_limit) and the syntax check's (kit.check.syntax) each had a copy."""
    from kit import launcher
    from kit.processes import address_limit

    space, infinity = launcher.resource.RLIMIT_AS, launcher.resource.RLIM_INFINITY
    monkeypatch.setattr(launcher.resource, "getrlimit", lambda kind: (1 << 20, 1 << 30))
    assert launcher.below_hard(space, 256 << 20) == (256 << 20, 1 << 30)
    assert launcher.below_hard(space, 2 << 30) == (1 << 30, 1 << 30)
    assert launcher.below_hard(space, infinity) == (1 << 30, 1 << 30)
    assert address_limit(2048).args == (space, (1 << 30, 1 << 30))
    monkeypatch.setattr(launcher.resource, "getrlimit", lambda kind: (infinity, infinity))
    assert launcher.below_hard(space, 2 << 30) == (2 << 30, infinity)
    assert address_limit(200).args == (space, (200 << 20, infinity))


def test_a_game_s_deadline_does_not_move_on_by_what_it_waited(tmp_path, crowded_core):
    """``wrap`` (a game's watch): games are timed by the wall clock, and the kit ends one
    soon after its timeout; a watch that let it run on was overtaken and called it idle."""
    report = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-I", "-S", str(LAUNCHER), "wrap", str(report), "0.6", "0",
         "unlimited", *crowded_core, SPIN.format(cpu=0.3)],
        capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    answer = json.loads(report.read_text())
    assert answer["killed"] == "time" and done.returncode != 0
    assert answer["seconds"] < 1.0


FORKED_SPINNERS = (
    "import os, time\n" + PIN_FIRST_CORE.replace("{", "{{").replace("}", "}}") + "\n"
    "for _ in range(2):\n    if os.fork() == 0:\n        exec(SPIN.format(cpu=1.0))\n"
    "        os._exit(0)\nexec(SPIN.format(cpu={cpu}))\n"
)


def test_the_cores_a_run_s_own_children_held_are_not_credited_as_waited(tmp_path):
    """Two busy children forked beside the run's own work on one core: it waits for them,
    and would on a judge's core; that wait is its own, and its time is the wall clock.
    Whatever other work shares the core, the run waits for the children about twice its own
    0.3 s (they get two thirds of the core while it runs): credited as waited, its wait
    would be all but its own 0.3 s; not credited, at least 0.6 s less than its time. (A bound
    of a quarter of its time failed once under three helpers' load: that wait was theirs.)"""
    code = f"SPIN = {SPIN!r}\n" + FORKED_SPINNERS.format(cpu=0.3)
    (answer,) = serve(tmp_path, {"argv": python(code)})
    assert answer["returncode"] == 0
    assert answer["seconds"] > 0.6  # a third of the core: about 0.9 s
    assert answer["waited"] < answer["seconds"] - 0.6


SHORT_LIVED_CHILDREN = (
    f"import os\n{PIN_FIRST_CORE}\nalive = 0\n"
    "for _ in range(60):\n"
    "    if alive == 2:\n        os.wait()\n        alive -= 1\n"
    "    if os.fork() == 0:\n        exec(SPIN.format(cpu=0.01))\n        os._exit(0)\n"
    "    alive += 1\n    exec(SPIN.format(cpu=0.005))\n"
    "while alive:\n    os.wait()\n    alive -= 1\n"
)


def test_the_cores_held_by_children_too_short_lived_to_be_seen_are_not_credited_either(tmp_path):
    """Children that start and are reaped between two looks of the watch: the run waited
    for them on its one core, and the kit took their CPU for a wait for other work (a run of
    1.6 s of work was timed 0.5 s). What was left out is never more than the time the run's
    processes, all of them, spent off the core."""
    code = f"SPIN = {SPIN!r}\n" + SHORT_LIVED_CHILDREN
    (answer,) = serve(tmp_path, {"argv": python(code)})
    assert answer["returncode"] == 0
    assert answer["cpu"] > 0.7  # 60 children of 0.01 s and the run's own 0.3 s
    assert answer["seconds"] - answer["waited"] > answer["cpu"] - 0.05


def test_the_cpu_time_of_a_child_the_run_never_reaped_is_counted(tmp_path):
    """A CPU-clock judge counts every process of the run: the child's spin is the run's,
    though the run exited without waiting for it."""
    code = (  # the parent waits for the child's end by a pipe, never by wait(): any load
        f"SPIN = {SPIN!r}\nimport os\nr, w = os.pipe()\nif os.fork() == 0:\n"
        "    exec(SPIN.format(cpu=0.4))\n    os._exit(0)\nos.close(w)\nos.read(r, 1)\n"
    )
    (answer,) = serve(tmp_path, {"argv": python(code)})
    assert answer["returncode"] == 0
    assert answer["cpu"] > 0.35


def test_a_flood_of_stderr_is_read_without_looking_at_the_run_for_every_chunk(monkeypatch):
    """Each look at the run (its processes, memory and waits in /proc) came after every 64 KiB
    read of its stderr: a run writing 1 GiB there took 2.5 s, 0.3 s of it its own CPU time, and
    was given TLE. The run is looked at as often as when it is quiet; stderr is read between."""
    from kit import launcher

    looks = []
    counted = launcher.other_processes
    monkeypatch.setattr(launcher, "other_processes", lambda pid: looks.append(pid) or counted(pid))
    chunks = 1024  # of 64 KiB, at least one read each
    code = f"import os\nb = b'e' * (1 << 16)\nfor _ in range({chunks}): os.write(2, b)\n"
    run = subprocess.Popen(python(code), stderr=subprocess.PIPE, start_new_session=True)
    seen = launcher._Watch(run.pid, run.stderr.fileno(), time.perf_counter(), 60.0)
    try:
        pidfd = os.pidfd_open(run.pid)
    except (AttributeError, OSError):
        pidfd = None
    try:
        status = launcher._waited_for(run.pid, pidfd, seen, 0, None, 60.0)[1]
        launcher._drain_left(seen)
    finally:
        if pidfd is not None:
            os.close(pidfd)
        run.stderr.close()
    assert os.waitstatus_to_exitcode(status) == 0
    assert seen.err_bytes == chunks << 16
    assert len(looks) < chunks // 4


def test_the_answer_counts_the_line_ends_of_stderr_kept_or_not(tmp_path):
    (answer,) = serve(tmp_path, {"argv": python("import sys; sys.stderr.write('ab\\n' * 50000)")})
    assert answer["stderr_newlines"] == 50000 and answer["stderr_bytes"] == 150000


class _Counted(bytes):
    """Bytes whose ``count`` calls are recorded."""

    calls: list = []

    def count(self, *args):
        _Counted.calls.append(args)
        return super().count(*args)


def test_line_ends_are_found_one_at_a_time_while_few_and_counted_at_once_past_that():
    """bytes.count of one byte reads 0.8 GB/s (a loop over each byte), memchr 30 GB/s: a run
    writing 3 GB of 1 MB lines to stderr took the watch 1.9 s of CPU, its run waiting on the
    pipe meanwhile (TLE, 2.5 s, of 0.5 s of its own CPU time)."""
    from kit.launcher import FOUND_MOST, line_ends

    _Counted.calls = []
    assert line_ends(_Counted(b"e" * 100_000 + b"\n" + b"e" * 100_000 + b"\n")) == 2
    assert line_ends(_Counted(b"")) == 0 and line_ends(_Counted(b"no end")) == 0
    assert _Counted.calls == []  # long lines: found, never counted
    for lines in (FOUND_MOST - 1, FOUND_MOST, FOUND_MOST + 1, 5000):
        dense = b"ab\n" * lines + b"tail"
        assert line_ends(_Counted(dense)) == lines == dense.count(b"\n")
    assert len(_Counted.calls) == 3  # the rest counted at once, once FOUND_MOST were found
    for pick in range(200):  # blank lines and line ends side by side, past FOUND_MOST too
        data = bytes(random.Random(pick).choice(b"\n\nx") for _ in range(pick * 3))
        assert line_ends(data) == data.count(b"\n"), data


def test_a_flood_of_long_lines_keeps_its_head_and_tail_and_counts_its_lines(tmp_path):
    code = "import os\nline = b'e' * 999_999 + b'\\n'\n"
    code += "for i in range(64): os.write(2, b'%d' % i + line)\n"
    (answer,) = serve(tmp_path, {"argv": python(code)})
    assert answer["stderr_bytes"] == 64_000_000 + 10 + 54 * 2
    assert answer["stderr_newlines"] == 64
    kept = answer["stderr"].encode("latin-1")
    assert kept.startswith(b"0eee") and kept.endswith(b"e" * 1000 + b"\n")
    assert len(kept) < (1 << 16) + (1 << 13) + 100  # the tail and head, the cut's line


def test_an_output_over_the_limit_at_the_first_look_went_over_after_the_start(tmp_path):
    """A run that wrote its flood before the watch first looked (a fast machine's) went over
    after the run's start, the look kept at its start: none is over before it begins."""
    out = tmp_path / "stdout"
    out.write_bytes(b"x" * 100)
    seen = _Watch(os.getpid(), None, time.perf_counter(), 10.0, (str(out), 10))
    seen.check_output()
    assert seen.output_over and seen.within == [0.0, 0.0, 0.0]
    unwatched = _Watch(os.getpid(), None, time.perf_counter(), 10.0)
    assert unwatched.within is None
    for watch in (seen, unwatched):
        if watch.statm is not None:
            os.close(watch.statm)


def test_a_sweep_reaps_the_processes_after_one_already_gone(monkeypatch):
    """One of those left reaped already (ChildProcessError): the others are still reaped and
    their CPU and peak counted, in the same round."""
    from kit import launcher

    left = [101, 102]
    usage = SimpleNamespace(ru_utime=0.25, ru_stime=0.5, ru_maxrss=4096)

    def wait4(pid, options):
        if pid == 101 or pid not in left:
            raise ChildProcessError
        left.remove(pid)
        return pid, 0, usage

    monkeypatch.setattr(launcher, "children", lambda pid: list(left))
    monkeypatch.setattr(launcher, "kill", lambda pid: None)
    monkeypatch.setattr(launcher.os, "wait4", wait4)
    assert launcher.sweep() == (0.75, 4096)


def test_a_served_run_leads_its_group_once_its_start_is_told(tmp_path):
    """``serve``'s ``{"started": PID}`` names a group the kit may end at once (a launcher
    killed by its run): it exists when the line is written."""
    (tmp_path / "in.txt").write_text("")
    request = {"argv": [sys.executable, "-I", "-S", "-c", "pass"], "cwd": str(tmp_path),
               "env": process.run_environment(), "timeout": 10.0, "stack_bytes": None,
               "address_bytes": None, "memory_kib": 0, "output_bytes": 1000,
               "stdin": str(tmp_path / "in.txt"), "stdout": os.devnull}  # fmt: skip
    launcher = subprocess.Popen(
        [*slow_to_lead(tmp_path, "def _start_run("), "serve"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=process.run_environment(),
    )  # fmt: skip
    try:
        launcher.stdin.write(json.dumps(request).encode() + b"\n")
        launcher.stdin.flush()
        pid = json.loads(launcher.stdout.readline())["started"]
        assert os.getpgid(pid) == pid
        assert json.loads(launcher.stdout.readline())["returncode"] == 0
    finally:
        launcher.kill()
        launcher.wait()

"""kit.processes: the jury's programs run to an end: output, status and a file as stdin; a
program past its timeout killed with every process it started (``hung``); signal names."""

import atexit
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from kit import launcher, processes
from kit.errors import BuildError
from kit.launcher import STDERR_HEAD, STDERR_KEPT, kept_stderr
from kit.processes import (
    STOPS,
    Forked,
    Kept,
    OomKill,
    end_sessions,
    kill_group,
    launcher_cut,
    program_ran,
    run_program,
    signal_name,
    stops_held,
    whole_tail,
    xcpu_kept_off,
)
from kit.run.machine_memory import OomEvents, oom_events
from tests.process_support import alive, assert_ends

ROOT = Path(__file__).resolve().parents[2]


def python(code):
    return [sys.executable, "-c", code]


def test_a_program_runs_to_its_end_with_a_file_as_stdin(tmp_path):
    (tmp_path / "in.txt").write_text("3 4\n")
    code = "import sys, os; a, b = map(int, input().split()); print(a + b, os.getcwd());"
    code += " sys.stderr.write('note'); sys.exit(7)"
    status, out, err, hung = run_program(python(code), tmp_path, 30, tmp_path / "in.txt")
    assert (status, out, err, hung) == (7, f"7 {tmp_path}\n".encode(), b"note", False)


def test_without_a_file_stdin_is_empty(tmp_path):
    status, out, _, hung = run_program(
        python("import sys; print(repr(sys.stdin.read()))"), tmp_path, 30
    )
    assert (status, out, hung) == (0, b"''\n", False)


def test_a_memory_limit_holds_the_address_space_as_problemtools_does(tmp_path):
    """problemtools holds an output validator to limits.validation_memory (RLIMIT_AS, its
    run/program.py); the kit ran every judging program without a memory limit."""
    code = "import sys; block = bytearray(400 << 20); print(len(block) >> 20)"
    status, out, err, _ = run_program(python(code), tmp_path, 30, memory=200)
    assert status == 1 and err.strip().endswith(b"MemoryError")
    assert run_program(python(code), tmp_path, 30)[:2] == (0, b"400\n")


def test_a_jury_program_s_stack_is_unlimited_as_problemtools_runs_it(tmp_path):
    """problemtools runs every program with RLIMIT_STACK unlimited (run/program.py), a
    validator too; the kit ran one with its own 8 MiB stack, a deep recursion crashing."""
    code = "import resource; print(resource.getrlimit(resource.RLIMIT_STACK)[0])"
    status, out, _, _ = run_program(python(code), tmp_path, 30)
    assert status == 0 and int(out) == resource.getrlimit(resource.RLIMIT_STACK)[1]
    status, out, _, _ = run_program(python(code), tmp_path, 30, memory=200, cpu=5)
    assert status == 0 and int(out) == resource.getrlimit(resource.RLIMIT_STACK)[1]


def test_a_cpu_limit_holds_the_cpu_time_as_problemtools_does_not_the_wall_time(tmp_path):
    """problemtools holds an output validator to limits.validation_time of CPU time
    (RLIMIT_CPU, its run/program.py), not of wall time: a spin dies by SIGXCPU at it, a sleep
    past it is no matter (the wall's time-out, a back-stop, well after)."""
    spin = "while True: pass"
    status, _, _, hung = run_program(python(spin), tmp_path, 30, cpu=1)
    assert (status, hung) == (-signal.SIGXCPU, False)
    status, out, _, hung = run_program(
        python("import time; time.sleep(1.5); print(1)"), tmp_path, 30, cpu=1
    )
    assert (status, out, hung) == (0, b"1\n", False)


def test_a_cpu_limit_is_whole_seconds_then_a_kill_a_second_later(monkeypatch):
    """problemtools' try_limit(RLIMIT_CPU, timelim, timelim + 1): SIGXCPU, then SIGKILL for a
    program that ignores it; a fraction is taken up to the whole second, and this process's
    hard limit bounds both."""
    cpu = processes.resource.RLIMIT_CPU
    infinity = processes.resource.RLIM_INFINITY
    monkeypatch.setattr(processes.resource, "getrlimit", lambda kind: (infinity, infinity))
    assert processes.cpu_limit(2.5).args == (cpu, (3, 4))
    monkeypatch.setattr(processes.resource, "getrlimit", lambda kind: (infinity, 3))
    assert processes.cpu_limit(2.5).args == (cpu, (3, 3))
    assert processes.cpu_limit(60).args == (cpu, (3, 3))


IGNORES_XCPU = "import os, signal\nsignal.signal(signal.SIGXCPU, signal.SIG_IGN)\n"


def test_a_program_that_ignores_sigxcpu_is_told_killed_at_its_hard_cpu_limit(tmp_path):
    """problemtools' hard limit, a second past the soft one, ends a spin that ignores SIGXCPU
    by SIGKILL: told from another SIGKILL (which the kit said was of memory) by SIGXCPU kept
    off and the CPU time it used, both read before it is reaped; one that ignores SIGXCPU and
    kills itself at once was not stopped by its limit."""
    spin = program_ran(python(IGNORES_XCPU + "while True: pass"), tmp_path, 60, cpu=1)
    assert (spin.status, spin.hung, spin.hard_cpu_stop) == (-signal.SIGKILL, False, True)
    suicide = IGNORES_XCPU + "os.kill(os.getpid(), signal.SIGKILL)"
    early = program_ran(python(suicide), tmp_path, 60, cpu=1)
    assert (early.status, early.hung, early.hard_cpu_stop) == (-signal.SIGKILL, False, False)
    assert run_program(python(suicide), tmp_path, 60)[0] == -signal.SIGKILL  # no field added
    # past half its soft limit, well short of its hard one (as the out-of-memory killer ends
    # one): this was taken for the hard stop
    spent = "import time\nwhile time.process_time() < 0.6:\n    pass\n"
    later = program_ran(python(IGNORES_XCPU + spent + suicide), tmp_path, 60, cpu=1)
    assert (later.status, later.hung, later.hard_cpu_stop) == (-signal.SIGKILL, False, False)


# a program that holds 40 MiB, then ends by SIGKILL as the kernel's out-of-memory killer ends
# one (sent here by itself: no real out-of-memory kill in a test)
HOLDS_THEN_KILLED = (
    "import os, signal\nhoard = bytearray(40 << 20)\nhoard[::4096] = b'x' * (len(hoard) // 4096)\n"
    "os.kill(os.getpid(), signal.SIGKILL)\n"
)


def rising_oom_kills(monkeypatch, *counts):
    """``/proc/vmstat``'s ``oom_kill`` read as ``counts``, one a read (the run's start, then
    its end), the kit's control group counting none; the machine's memory 64 MiB, a control
    group's."""
    reads = iter(counts)
    monkeypatch.setattr(processes, "oom_kills", lambda: next(reads))
    monkeypatch.setattr(processes, "oom_events", lambda: None)
    monkeypatch.setattr(processes, "machine_memory", lambda: (64 << 20, "memory.max"))


def test_a_sigkill_while_the_out_of_memory_killer_killed_is_said_its_when_tied(
    tmp_path, monkeypatch
):
    """oom_kill rose during the run and the program held over half the memory the machine
    gives: the killer's kill, which no hard CPU stop stands for; a SIGKILL with the counter
    still is told as before (no ``oom``)."""
    rising_oom_kills(monkeypatch, 3, 4)
    monkeypatch.setattr(processes, "_at_hard_limit", lambda pid, cpu: True)
    ran = program_ran(python(HOLDS_THEN_KILLED), tmp_path, 60, cpu=1)
    assert (ran.status, ran.hung, ran.hard_cpu_stop) == (-signal.SIGKILL, False, False)
    assert ran.oom is not None and ran.oom.tied and ran.oom.peak >= 40 << 20
    assert re.fullmatch(
        r"the kernel's out-of-memory killer: of the 64 MiB memory\.max gives this machine, it "
        r"held \d+ MiB",
        ran.oom.said(),
    )
    rising_oom_kills(monkeypatch, 4, 4)
    still = program_ran(python(HOLDS_THEN_KILLED), tmp_path, 60, cpu=1)
    assert (still.status, still.hard_cpu_stop, still.oom) == (-signal.SIGKILL, True, None)


def test_an_out_of_memory_kill_not_tied_to_the_program_is_said_perhaps_another_s(
    tmp_path, monkeypatch
):
    """The counter is the machine's: a program that held little of its memory may have been
    killed otherwise while the killer killed another's; said so, and its hard CPU stop
    stands. An unreadable counter (before Linux 4.13) is the rule of before."""
    rising_oom_kills(monkeypatch, 3, 5)
    monkeypatch.setattr(processes, "machine_memory", lambda: (1 << 30, "physical memory"))
    monkeypatch.setattr(processes, "_at_hard_limit", lambda pid, cpu: True)
    ran = program_ran(python(HOLDS_THEN_KILLED), tmp_path, 60, cpu=1)
    assert ran.oom is not None and not ran.oom.tied and ran.hard_cpu_stop
    assert re.fullmatch(
        r"SIGKILL, perhaps the kernel's out-of-memory killer's, which killed a process during "
        r"the run, perhaps another program's, as /proc/vmstat counts the machine's: of this "
        r"machine's 1024 MiB of physical memory, this one held \d+ MiB",
        ran.oom.said(),
    )
    rising_oom_kills(monkeypatch, None, 7)
    assert program_ran(python(HOLDS_THEN_KILLED), tmp_path, 60).oom is None
    rising_oom_kills(monkeypatch, 3, 9)  # another end than SIGKILL: no word of the killer
    assert program_ran(python("print(1)"), tmp_path, 60).oom is None


@pytest.mark.parametrize(
    ("peak", "machine", "said"),
    [
        (40 << 20, (64 << 20, "/sys/fs/cgroup/memory.max"), "the kernel's out-of-memory killer: "
         "of the 64 MiB /sys/fs/cgroup/memory.max gives this machine, it held 40 MiB"),
        (12 << 20, (1 << 30, "physical memory"), "SIGKILL, perhaps the kernel's out-of-memory "
         "killer's, which killed a process during the run, perhaps another program's, as "
         "/proc/vmstat counts the machine's: of this machine's 1024 MiB of physical memory, "
         "this one held 12 MiB"),
        (None, None, "SIGKILL, perhaps the kernel's out-of-memory killer's, which killed a "
         "process during the run, perhaps another program's, as /proc/vmstat counts the "
         "machine's: what this one held is not known"),
    ],
    ids=["tied", "perhaps", "not-known"],
)  # fmt: skip
def test_an_out_of_memory_kill_is_said_in_one_plain_line(peak, machine, said):
    """No bracket in it: a validator's message adds its memory limit in one, which read
    "(it held 40 MiB of the 64 MiB this machine gives (memory.max)) (its memory limit: 64
    MiB)"; the machine's memory is said before the program's figure, which that remark follows."""
    assert OomKill(peak, machine).said() == said


def test_the_out_of_memory_killer_s_count_is_read_from_vmstat(tmp_path, monkeypatch):
    """Where the kit's control group counts none (``oom_events``: no file), the machine's."""
    monkeypatch.setattr(processes, "oom_events", lambda: None)
    vmstat = tmp_path / "vmstat"
    vmstat.write_text("nr_free_pages 12\noom_kill 7\nnr_zone_x 1\n")
    monkeypatch.setattr(processes, "VMSTAT", vmstat)
    assert processes.oom_kills() == 7
    vmstat.write_text("nr_free_pages 12\n")  # a kernel before 4.13
    assert processes.oom_kills() is None
    monkeypatch.setattr(processes, "VMSTAT", tmp_path / "none")
    assert processes.oom_kills() is None


def test_the_kit_s_control_group_s_count_of_out_of_memory_kills_comes_first(tmp_path, monkeypatch):
    """Where the kit's group's ``memory.events`` can be read (a stand-in here: this machine's
    memory controller is cgroup v1's, and no group was made for a real kill), its oom_kill
    is the count, not the machine's: a program ended by SIGKILL while it rose (it raises it
    itself here) is said to be perhaps the killer's, as that file counts the kills of the
    kit's group and those below it."""
    events = tmp_path / "memory.events"
    events.write_text("low 0\nhigh 0\nmax 2\noom 1\noom_kill 3\noom_group_kill 0\n")
    vmstat = tmp_path / "vmstat"
    vmstat.write_text("oom_kill 40\n")
    monkeypatch.setattr(processes, "VMSTAT", vmstat)
    monkeypatch.setattr(processes, "oom_events", lambda: OomEvents(events, own=True))
    monkeypatch.setattr(processes, "machine_memory", lambda: (1 << 30, "physical memory"))
    assert (processes.oom_counter(), processes.oom_kills()) == (events, 3)
    raise_it = f"open({str(events)!r}, 'w').write('oom 2\\noom_kill 4\\n')\n"
    ran = program_ran(python(raise_it + HOLDS_THEN_KILLED), tmp_path, 60)
    assert ran.oom is not None and not ran.oom.tied
    assert f"as {events} counts the kit's control group's and those below it: " in ran.oom.said()
    monkeypatch.setattr(processes, "oom_events", lambda: None)
    assert (processes.oom_counter(), processes.oom_kills()) == (vmstat, 40)


def test_a_parent_group_s_count_of_out_of_memory_kills_is_said_to_count_siblings_too(
    tmp_path, monkeypatch
):
    """The kit's group's own folder without ``memory.events`` (v2's memory controller not
    enabled for it; fake /proc and /sys trees): its parent's is read, and the message says so,
    as that file counts the kills of the groups beside the kit's too; with its own, its own."""
    root = tmp_path / "root"
    (root / "proc/self").mkdir(parents=True)
    (root / "proc/self/cgroup").write_text("0::/user.slice/kit.scope\n")
    (root / "sys/fs/cgroup/user.slice/kit.scope").mkdir(parents=True)
    events = root / "sys/fs/cgroup/user.slice/memory.events"
    events.write_text("oom 1\noom_kill 3\n")
    monkeypatch.setattr(processes, "oom_events", lambda: oom_events(root))
    monkeypatch.setattr(processes, "machine_memory", lambda: (1 << 30, "physical memory"))
    assert (processes.oom_counter(), processes.oom_kills()) == (events, 3)
    raise_it = f"open({str(events)!r}, 'w').write('oom 2\\noom_kill 4\\n')\n"
    ran = program_ran(python(raise_it + HOLDS_THEN_KILLED), tmp_path, 60)
    assert ran.oom is not None and ran.oom.counter == str(events) and ran.oom.parent
    assert ran.oom.said().startswith(
        "SIGKILL, perhaps the kernel's out-of-memory killer's, which killed a process during "
        f"the run, perhaps another program's, as {events} counts a control group's above the "
        "kit's, sibling groups' kills too, as the kit's own group has no such file: of this "
        "machine's 1024 MiB of physical memory, this one held "
    ), ran.oom.said()
    own = OomKill(12 << 20, (1 << 30, "physical memory"), "/sys/fs/cgroup/a/memory.events")
    assert own.said() == (
        "SIGKILL, perhaps the kernel's out-of-memory killer's, which killed a process during "
        "the run, perhaps another program's, as /sys/fs/cgroup/a/memory.events counts the "
        "kit's control group's and those below it: of this machine's 1024 MiB of physical "
        "memory, this one held 12 MiB"
    )


def test_sigxcpu_kept_off_is_read_from_proc():
    assert not xcpu_kept_off(os.getpid())
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGXCPU})
    try:
        assert xcpu_kept_off(os.getpid())
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
    assert not xcpu_kept_off(-1)  # none such


def test_a_program_past_its_timeout_is_killed_with_its_children(tmp_path):
    """Killed at 1 s, or at 4 s or 12 s when a loaded machine had not started it (and its
    child) by then: a run that never printed ``started`` shows nothing of its children."""
    pid_file = tmp_path / "child.pid"
    code = (
        "import subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'],\n"
        "                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
        "print('started', flush=True)\n"
        "time.sleep(60)\n"
    )
    for timeout in (1.0, 4.0, 12.0):
        start = time.monotonic()
        status, out, _, hung = run_program(python(code), tmp_path, timeout)
        assert hung and status == -signal.SIGKILL
        assert time.monotonic() - start < timeout + 19  # not held by the child's pipes
        if out:
            break
    assert out == b"started\n"
    child = int(pid_file.read_text())
    assert_ends(child, "its group")  # the grandchild was killed with the group


def test_what_a_program_writes_is_read_through_pipes_its_head_kept(tmp_path):
    """Its stdout and stderr went to files of the kit's, all of it: a checker printing in a
    loop wrote 2.6 GB a second to disk, 26 GB by its 10 s timeout."""
    code = (
        "import os, sys\n"
        "for _ in range(20):\n"
        "    sys.stdout.buffer.write(b'x' * (1 << 20))\n"
        "sys.stdout.flush()\n"
        "sys.stderr.write(str(os.fstat(1).st_size))\n"
    )
    status, out, err, hung = run_program(python(code), tmp_path, 30)
    assert (status, err, hung) == (0, b"0", False)
    assert out == b"x" * processes.KEPT_BYTES + b"..."  # a line longer than the head: marked cut


def test_of_a_program_s_stderr_the_tail_is_kept(tmp_path):
    """Its last lines hold a checker's verdict or traceback, after any debugging lines: the
    head was kept, and a testlib verdict after a megabyte of them was lost from the message.
    The MiB kept begins with the last 5 bytes of a line: it is kept from the next line."""
    code = (
        "import sys\n"
        "sys.stderr.write('debug!\\n' * 300000)\n"
        "sys.stderr.write('wrong answer: expected 3, found 4\\n')\n"
    )
    _, _, err, _ = run_program(python(code), tmp_path, 30)
    assert err.endswith(b"debug!\nwrong answer: expected 3, found 4\n")
    assert err.startswith(b"debug!\n") and len(err) == processes.KEPT_BYTES - 5
    assert err.lines_not_kept == 300001 - err.count(b"\n")


def test_of_a_program_s_stdout_the_head_is_kept_to_a_line_s_end(tmp_path):
    """The lines past the head kept are counted, the one it cut into with them."""
    code = "import sys\nsys.stdout.write('line\\n' * 300000)\nsys.stdout.write('end')\n"
    _, out, _, _ = run_program(python(code), tmp_path, 30)
    assert out.endswith(b"line\n") and processes.KEPT_BYTES - 5 < len(out) <= processes.KEPT_BYTES
    assert out.lines_not_kept == 300001 - out.count(b"\n")


def test_what_a_program_writes_whole_is_kept_with_no_line_left_out(tmp_path):
    _, out, err, _ = run_program(
        python("print('a'); import sys; sys.stderr.write('b')"), tmp_path, 30
    )
    assert (out, err, out.lines_not_kept, err.lines_not_kept) == (b"a\n", b"b", 0, 0)


def test_what_a_program_writes_a_line_at_a_time_is_read_a_batch_at_a_time(tmp_path, monkeypatch):
    """Python's stderr is line-buffered: the reading thread woke for each line (a checker
    writing 200,000 short lines cost the kit 0.4 s of CPU, mostly the system's)."""
    sizes = []
    read = os.read

    def counted(fd, size):
        data = read(fd, size)
        sizes.append(len(data))
        return data

    monkeypatch.setattr(os, "read", counted)
    code = "import sys\nfor i in range(20000):\n    sys.stderr.write(f'line {i}\\n')\n"
    status, _, err, _ = run_program(python(code), tmp_path, 30)
    assert status == 0 and err.endswith(b"line 19999\n") and err.count(b"\n") == 20000
    assert len(sizes) < 2000, f"{len(sizes)} reads"


def test_a_child_left_holding_a_program_s_output_in_a_session_of_its_own_is_ended(tmp_path):
    """It ran on after the program and after the kit (no group kill reaches it)."""
    pid_file = tmp_path / "child.pid"
    code = (
        "import subprocess, sys\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'],\n"
        "                         start_new_session=True)\n"
        f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
        "print('ok')\n"
    )
    status, out, _, hung = run_program(python(code), tmp_path, 30)
    assert (status, out, hung) == (0, b"ok\n", False)
    assert_ends(int(pid_file.read_text()), "the program")


def test_a_child_left_in_a_session_of_its_own_holding_nothing_is_ended(tmp_path):
    """One that closed the program's pipes (a daemon's double fork) ran on after the kit: it
    is handed to the kit, a subreaper while the program runs, and ended."""
    pid_file = tmp_path / "left.pid"
    code = (
        "import os, time\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        "        null = os.open(os.devnull, os.O_RDWR)\n"
        "        for fd in (0, 1, 2):\n"
        "            os.dup2(null, fd)\n"
        f"        open({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
        "        time.sleep(60)\n"
        "    os._exit(0)\n"
        f"while not os.path.exists({str(pid_file)!r}) or not open({str(pid_file)!r}).read():\n"
        "    time.sleep(0.01)\n"
        "print('ok')\n"
    )
    status, out, _, hung = run_program(python(code), tmp_path, 30)
    assert (status, out, hung) == (0, b"ok\n", False)
    left = int(pid_file.read_text())
    try:
        assert not alive(left)
        assert left not in launcher.children(os.getpid())  # reaped, not left a zombie
    finally:
        if alive(left):
            os.kill(left, signal.SIGKILL)


def test_killing_a_group_that_is_gone_is_no_error():
    done = subprocess.Popen(python("pass"), start_new_session=True)
    done.wait()
    kill_group(done.pid)


def test_the_processes_holding_a_file_are_ended_and_no_other():
    """A process left in a session of its own holding a game's pipe, which no group kill
    reaches (kit.run.game_processes); one that does not hold it is left alone."""
    read, write = os.pipe()
    sleeper = python("import time; time.sleep(30)")
    holder = subprocess.Popen(sleeper, pass_fds=(write,), start_new_session=True)
    other = subprocess.Popen(sleeper, start_new_session=True)
    try:
        processes.end_holders({processes.file_identity(read)})
        assert holder.wait(timeout=5) == -signal.SIGKILL
        assert other.poll() is None
    finally:
        for process in (holder, other):
            process.kill()
            process.wait()
        os.close(read)
        os.close(write)


def test_signals_by_name_and_unknown_numbers_by_number():
    assert signal_name(signal.SIGSEGV) == "SIGSEGV" and signal_name(9) == "SIGKILL"
    assert signal_name(1000) == "signal 1000"


def test_the_jury_s_programs_get_a_judge_s_environment_not_the_user_s(tmp_path, monkeypatch):
    """PYTHONOPTIMIZE=1 in the user's shell stripped a Python checker's ``assert``: a wrong
    answer was accepted. A judge runs its programs in its own environment."""
    monkeypatch.setenv("PYTHONOPTIMIZE", "1")
    monkeypatch.setenv("LOCAL", "1")
    code = "import os\nassert False, 'rejected'\n"
    status, _, err, _ = run_program(python(code), tmp_path, 30)
    assert status == 1 and b"AssertionError: rejected" in err
    code = "import os; print(sorted(os.environ))"
    status, out, _, _ = run_program(python(code), tmp_path, 30)
    assert status == 0 and "LOCAL" not in out.decode() and "'PATH'" in out.decode()


def test_a_variable_the_user_names_is_passed_all_the_same(tmp_path, monkeypatch):
    """``CPKIT_RUN_ENV=LOA_MOVE_TIME``: a local setting of the program under test."""
    monkeypatch.setenv("LOA_MOVE_TIME", "0.05")
    monkeypatch.setenv("LOCAL", "1")
    monkeypatch.setenv("CPKIT_RUN_ENV", "LOA_MOVE_TIME, NOT_SET")
    code = "import os; print(os.environ.get('LOA_MOVE_TIME'), os.environ.get('LOCAL'))"
    assert run_program(python(code), tmp_path, 30)[1] == b"0.05 None\n"
    monkeypatch.setenv("CPKIT_RUN_ENV", "LOA_MOVE_TIME=0.2,LOCAL=")  # set here, not in the shell
    assert run_program(python(code), tmp_path, 30)[1] == b"0.2 \n"
    monkeypatch.setenv("CPKIT_RUN_ENV", "LOCAL,=1")
    with pytest.raises(BuildError, match=r"^CPKIT_RUN_ENV: '=1' is neither NAME nor NAME=VALUE$"):
        run_program(python(code), tmp_path, 30)
    monkeypatch.setenv("CPKIT_RUN_ENV", "LOCAL,PYTHONHASHSEED=0")  # -I ignores it: said, not
    with pytest.raises(BuildError, match=r"^CPKIT_RUN_ENV: PYTHONHASHSEED would change nothing"):
        run_program(python(code), tmp_path, 30)  # passed in silence


def test_a_forked_process_abandoned_ends_with_every_process_of_its_session(tmp_path):
    """The build's runs are its session's: abandoning it ends them, not only the build."""
    pid_file = tmp_path / "sleeper.pid"

    def sleeping():
        sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        pid_file.write_text(str(sleeper.pid))
        sleeper.wait()

    running = Forked(sleeping)
    while not pid_file.exists() or not pid_file.read_text():
        assert not running.finished()
        time.sleep(0.02)
    sleeper = int(pid_file.read_text())
    running.abandon()
    assert running.finished() and running.status != 0
    gone = time.monotonic() + 10  # the sleeper, killed, is reaped by init
    while Path(f"/proc/{sleeper}").exists() and time.monotonic() < gone:
        time.sleep(0.02)
    assert not Path(f"/proc/{sleeper}").exists()


def test_a_forked_process_abandoned_in_a_thread_s_scratch_folder_leaves_nothing(
    tmp_path, monkeypatch
):
    """The watch's abandoned build: its case threads, inside ``TemporaryDirectory``, never
    unwind (the process ends in ``os._exit``, or at SIGKILL); their folders went with it."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    made = tmp_path / "made"

    def work():
        def hold():
            with tempfile.TemporaryDirectory(prefix="kit-io-") as folder:
                made.write_text(folder)
                time.sleep(60)

        threading.Thread(target=hold, daemon=True).start()
        time.sleep(60)

    running = Forked(work)
    deadline = time.monotonic() + 10
    while not (made.exists() and made.read_text()) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert Path(made.read_text()).is_dir()
    running.abandon()
    assert running.finished() and list(scratch.iterdir()) == []
    ended = Forked(lambda: Path(tempfile.mkdtemp()).joinpath("f").write_text("left"))
    while not ended.finished() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert ended.status == 0 and list(scratch.iterdir()) == []  # one that ended on its own


def test_a_forked_process_that_ends_is_finished_with_its_status():
    running = Forked(lambda: None)
    deadline = time.monotonic() + 10
    while not running.finished() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert running.status == 0
    failing = Forked(lambda: 1 / 0)
    while not failing.finished() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert failing.status == 1


def test_a_forked_process_interrupted_before_it_was_ready_ends_before_its_work(
    tmp_path, monkeypatch
):
    """Ctrl-C while the parent waits for the forked process's session: the process is
    ended at once, not left to build on beside a parent that is cleaning up."""
    worked = tmp_path / "worked"

    def interrupted(*_args):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "read", interrupted)  # the parent's wait (the child never reads)
    with pytest.raises(KeyboardInterrupt):
        Forked(lambda: (time.sleep(0.5), worked.write_text("built")))
    monkeypatch.undo()
    time.sleep(1.5)
    assert not worked.exists()


def test_a_forked_process_started_with_the_stops_held_leaves_them_held():
    """Started within ``stops_held()`` (the watch's start), Forked gives the stops back as it
    found them, held: a Ctrl-C is raised on leaving the block, not inside Forked."""
    with stops_held():
        running = Forked(lambda: None)
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    assert mask >= STOPS
    running.abandon()
    assert running.finished()


@pytest.mark.usefixtures("ctrl_c_works")  # a SIGINT ignored by its starter raises nothing
def test_a_forked_process_reaped_as_ctrl_c_lands_keeps_its_status(monkeypatch):
    """Ctrl-C between the reaping and the status kept: ``abandon()`` then waited for a pid
    already reaped (ChildProcessError, a traceback where "stopped watching" was due)."""
    running = Forked(lambda: None)
    reap = os.waitpid

    def reaped_then_stopped(pid, options):
        found = reap(pid, 0)
        # to this thread, as in the watch's process of one thread (sent to the process,
        # another thread of pytest's could take it, and it came late, the hold or not)
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)  # unheld: before the status
        return found

    monkeypatch.setattr(os, "waitpid", reaped_then_stopped)
    with pytest.raises(KeyboardInterrupt):
        running.finished()
    monkeypatch.undo()
    assert running.status == 0
    running.abandon()


RACE = """
import os, random, signal, sys, time
from kit.cli import _stop
from kit.processes import Forked
signal.signal(signal.SIGTERM, _stop)
parent, rng, (told, escaped) = os.getpid(), random.Random(5), os.pipe()
for _ in range(int(sys.argv[1])):
    try:
        running = Forked(lambda: sum(range(rng.randrange(1, 20000))))
    except KeyboardInterrupt:
        pass
    if os.getpid() != parent:  # a child that unwound into its parent's code
        os.write(escaped, b"x")
        os._exit(0)
    time.sleep(rng.random() * 0.002)
    try:
        os.killpg(running.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    while not running.finished():
        time.sleep(0.0005)
os.close(escaped)
print(len(os.read(told, 1 << 16)))
"""


def test_a_forked_process_stopped_at_any_moment_never_runs_its_parent_s_code():
    """Abandoned as it starts or as it ends, the forked process ends there: the stop raised in
    it never unwinds into the code it was forked from (a watch's build, stopped as it ended,
    printed "stopped watching" as its parent did). Before the fix, 17 of 2000 did."""
    done = subprocess.run(
        python(RACE) + ["800"], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "0\n", "")


def test_a_forked_process_that_has_ended_is_not_signalled_again(monkeypatch):
    """Its pid is free once it is reaped: abandon() sends nothing (it could reach another's)."""
    running = Forked(lambda: None)
    deadline = time.monotonic() + 10
    while not running.finished() and time.monotonic() < deadline:
        time.sleep(0.02)
    sent = []
    monkeypatch.setattr(os, "killpg", lambda *args: sent.append(args))
    running.abandon()
    assert running.status == 0 and sent == []


def test_a_forked_process_whose_stdout_is_closed_stops_its_parent(tmp_path):
    """``cpkit --watch | head -1``: each build failed to print, with a traceback, and the
    watch went on polling for ever."""
    program = (
        "import sys\n"
        "from kit.processes import Forked\n"
        "running = Forked(lambda: [print('line', i, flush=True) for i in range(100000)])\n"
        "while not running.finished():\n"
        "    pass\n"
    )
    done = subprocess.run(
        f"{sys.executable} -c \"{program}\" | head -1",
        shell=True, capture_output=True, text=True, timeout=60, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.stdout == "line 0\n"
    assert done.stderr.rstrip().endswith("BrokenPipeError: the forked process's stdout was closed")


def test_a_forked_process_runs_its_own_exit_handlers_not_its_parent_s(tmp_path):
    """A scratch folder it registered is removed when it ends; the parent's are left to it."""
    mark = tmp_path / "parent ran"
    atexit.register(mark.write_text, "twice")
    try:
        made = tmp_path / "made"

        def work():
            made.mkdir()
            atexit.register(made.rmdir)

        running = Forked(work)
        deadline = time.monotonic() + 10
        while not running.finished() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert running.status == 0 and not made.exists() and not mark.exists()
    finally:
        atexit.unregister(mark.write_text)


def test_a_judge_s_program_in_a_session_of_its_own_is_ended_when_the_kit_is_stopped(tmp_path):
    """SIGTERM to the kit's group misses a checker's session: ``end_sessions`` (called as the
    kit takes the signal) ends it, and ``run_program`` returns at once."""
    done = []
    worker = threading.Thread(
        target=lambda: done.append(run_program(python("import time; time.sleep(60)"), tmp_path, 60))
    )
    started = time.monotonic()
    worker.start()
    while not processes._sessions and time.monotonic() - started < 10:
        time.sleep(0.02)
    end_sessions()
    worker.join(10)
    assert done and done[0][0] == -signal.SIGKILL and time.monotonic() - started < 10
    assert not processes._sessions  # no longer tracked once ended


def test_the_groups_a_tracked_session_s_leader_s_children_lead_end_with_it(tmp_path):
    """A game's solution leads a group of its own under its watch, the session's leader:
    ``end_sessions`` (the kit stopped) ends that group too, the child it forked in it
    included, where killing the watch's group left them running."""
    pid_file = tmp_path / "pids"
    code = (
        "import os, time\n"
        "run = os.fork()\n"
        "if run == 0:\n"
        "    os.setpgid(0, 0)\n"
        "    child = os.fork()\n"
        "    if child == 0:\n"
        "        time.sleep(60)\n"
        f"    open({str(pid_file)!r}, 'w').write(f'{{os.getpid()}} {{child}}')\n"
        "    time.sleep(60)\n"
        "    os._exit(0)\n"
        "os.waitpid(run, 0)\n"
    )
    watch = subprocess.Popen(python(code), start_new_session=True)
    try:
        with processes.tracked(watch.pid):
            deadline = time.monotonic() + 10
            while not pid_file.exists() or not pid_file.read_text():
                assert time.monotonic() < deadline
                time.sleep(0.02)
            end_sessions()
        watch.wait(10)
        for pid in map(int, pid_file.read_text().split()):
            assert_ends(pid, "end_sessions")
    finally:
        kill_group(watch.pid)
        watch.wait()


def test_a_process_stopped_by_a_signal_is_told_from_one_running_or_ended():
    """``stopped``: state T after SIGSTOP, not after SIGCONT, and False once it has ended."""
    sleeper = subprocess.Popen(["sleep", "30"])
    try:
        assert not processes.stopped(sleeper.pid)
        os.kill(sleeper.pid, signal.SIGSTOP)
        deadline = time.monotonic() + 10
        while not processes.stopped(sleeper.pid) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert processes.stopped(sleeper.pid)
        os.kill(sleeper.pid, signal.SIGCONT)
        while processes.stopped(sleeper.pid) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not processes.stopped(sleeper.pid)
    finally:
        sleeper.kill()
        sleeper.wait()
    assert not processes.stopped(sleeper.pid)


def test_a_process_is_taken_for_stopped_only_when_two_looks_running_find_it_so():
    """``StopLooks``: a stop seen once is not enough (a continue may end it before the next
    look: the kit's own group stopped and continued); seen in two looks in a row, it is."""
    sleeper = subprocess.Popen(["sleep", "30"])
    try:
        looks = processes.StopLooks(sleeper.pid)
        assert not looks.stopped()
        os.kill(sleeper.pid, signal.SIGSTOP)
        deadline = time.monotonic() + 10
        while not processes.stopped(sleeper.pid) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not looks.stopped()  # the first look that finds it stopped
        os.kill(sleeper.pid, signal.SIGCONT)
        while processes.stopped(sleeper.pid) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert not looks.stopped()  # continued between the looks
        os.kill(sleeper.pid, signal.SIGSTOP)
        while not processes.stopped(sleeper.pid) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert (looks.stopped(), looks.stopped()) == (False, True)
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_tail_begins_at_its_first_whole_line_and_its_lines_not_kept_are_counted():
    assert whole_tail(b"x\nab\n") == b"ab\n"  # the byte before it ended a line
    assert whole_tail(b"xa\nb\n") == b"b\n"  # "a" lost its start
    assert whole_tail(b"xabc") == b"...abc"  # one long line: kept cut, and marked so
    kept = Kept.of(b"ab\n", newlines=5, last=b"\n")
    assert (kept, kept.lines_not_kept) == (b"ab\n", 4)
    assert Kept.of(b"a\nb", newlines=1, last=b"b").lines_not_kept == 0


def test_the_launcher_s_line_for_bytes_of_lines_kept_in_part_stands_for_no_line():
    """One line of 10 MB, then a traceback: the launcher kept the line's head and the
    traceback, and its line between them was counted as one line not kept (``Kept.of``
    clamped the count at 0, and a view adds the launcher's line), where no line was left out
    whole. That line is dropped, the one long line marked cut (``...``) where it was."""
    tb = b"Traceback (most recent call last):\n  File x\nValueError: b\n"
    for written in (b"x" * 10**7 + tb, b"x" * 10**7 + b"\n" + tb, b"x" * 10**7):
        kept = launcher_kept(written)
        assert kept.lines_not_kept == 0 and not any(map(launcher_cut, kept.decode().split("\n")))
        assert kept.startswith(b"x" * STDERR_HEAD + b"...\n")
    # a line left out whole: the launcher's line stands for it, as before
    kept = launcher_kept(b"a\n" + b"x" * 10**5 + b"\nb\n")
    assert (kept, kept.lines_not_kept) == (
        b"a\n  [... 100001 bytes of stderr not kept ...]\nb\n",
        0,
    )
    # a traceback's header kept from within its line, the line's start left out: counted so
    kept = launcher_kept(b"a\n" + b"." * 10**5 + tb)
    assert (kept.count(b" bytes of stderr not kept"), kept.lines_not_kept) == (1, 0)
    # the long line's head, then lines left out whole: they alone are counted
    kept = launcher_kept(b"x" * 10**5 + b"\n" + b"y\n" * 10**5)
    assert kept.count(b"\n") - 2 + kept.lines_not_kept + 1 == 10**5


def launcher_kept(written: bytes) -> Kept:
    """What a run's watch keeps of ``written`` on its stderr, its lines not kept counted."""
    head, tail = written[:STDERR_HEAD], written[STDERR_HEAD:][-STDERR_KEPT:]
    kept = kept_stderr(head, tail, len(written))
    return Kept.of(kept, written.count(b"\n"), written[-1:])


def drained(data: bytes, keep: int, head: bool = False) -> processes.Kept:
    """What a Drain keeping ``keep`` bytes (its head, or tail) keeps of ``data``."""
    drain = processes.Drain.started(keep, head=head)
    os.write(drain.write_end, data)
    try:
        return drain.ended()
    finally:
        drain.close()


def test_a_drain_counts_blank_lines_not_kept_and_marks_a_line_it_cut():
    """A line longer than all that is kept was kept cut without a mark."""
    kept = drained(b"\n" * 100 + b"msg\n", 8)
    assert (kept, kept.lines_not_kept) == (b"\n\n\n\nmsg\n", 96)
    kept = drained(b"x" * 20 + b"\n", 8)  # its tail: the line lost its start
    assert (kept, kept.lines_not_kept) == (b"...xxxxxxx\n", 0)
    kept = drained(b"x" * 20 + b"\nend\n", 8, head=True)  # its head: the line lost its end
    assert (kept, kept.lines_not_kept) == (b"xxxxxxxx...", 1)


def test_a_drain_s_head_ending_right_before_a_line_end_is_whole():
    """A line of exactly the bytes kept of a head, its line end the next byte, was marked
    cut (``...``) though whole; so was the last line of a longer head, dropped."""
    kept = drained(b"x" * 8 + b"\nend\n", 8, head=True)
    assert (kept, kept.lines_not_kept) == (b"xxxxxxxx\n", 1)
    kept = drained(b"ab\n" + b"x" * 5 + b"\nend\n", 8, head=True)
    assert (kept, kept.lines_not_kept) == (b"ab\nxxxxx\n", 1)
    kept = drained(b"x" * 9 + b"\nend\n", 8, head=True)  # the next byte no line end: cut
    assert (kept, kept.lines_not_kept) == (b"xxxxxxxx...", 1)


def test_a_drain_counts_its_line_ends_as_the_launcher_does(monkeypatch):
    """By ``launcher.line_ends`` (memchr while lines are few), where bytes.count read a
    checker's flood of long lines at 0.8 GB/s."""
    chunks = []
    found = launcher.line_ends
    monkeypatch.setattr(processes, "line_ends", lambda chunk: chunks.append(chunk) or found(chunk))
    kept = drained((b"x" * 5000 + b"\n") * 20 + b"end\n", 8)
    assert (kept, kept.lines_not_kept) == (b"end\n", 20)
    assert sum(map(len, chunks)) == 5001 * 20 + 4


def test_a_program_s_whole_output_goes_to_a_file_when_asked(tmp_path):
    """``output``: its stdout written whole (over the 1 MiB kept), none kept."""
    script = "import sys\nsys.stdout.write('x' * (3 << 20))\n"
    ran = processes.program_ran(
        [sys.executable, "-c", script], tmp_path, 60.0, output=tmp_path / "out"
    )
    assert (ran.status, ran.stdout) == (0, b"")
    assert (tmp_path / "out").read_bytes() == b"x" * (3 << 20)


def test_a_program_started_beside_another_thread_s_sweep_keeps_its_status(tmp_path, monkeypatch):
    """Another thread's ``end_handed_over`` looked at the kit's children while a program was
    started but not yet tracked (its own session, out of the kit's group): it took the program
    for one a run left, killed and reaped it, and its status was lost (0, or SIGKILL's); seen
    with 36 checkers run side by side. A look now waits for a start to be tracked."""
    sweeps = []
    track = processes.track

    def sweep_then_track(pid):  # the sweep comes between the start and the tracking
        sweeping = threading.Thread(target=processes.end_handed_over)
        sweeping.start()
        sweeping.join(3 * processes.HOLDER_RECHECK)
        sweeps.append(sweeping)
        track(pid)

    monkeypatch.setattr(processes, "track", sweep_then_track)
    ran = program_ran(python("import time\ntime.sleep(0.5)\nraise SystemExit(3)"), tmp_path, 60)
    for sweeping in sweeps:
        sweeping.join()
    assert (ran.status, ran.hung) == (3, False)

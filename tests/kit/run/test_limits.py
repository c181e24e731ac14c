"""kit.run.limits: one rule per limit, the same verdict for the same bundle on any machine.

The memory rule is pinned twice over: PyPy's nursery no longer follows the CPU (a user's
``PYPY_GC_NURSERY`` of 1 MB or 64 MB changes nothing), and an interpreter whose own footprint is
larger (a wrapper that holds 40 MiB before it starts Python) gives the same verdict where the
solution's own memory is what counts.
"""

import stat
import sys
import textwrap
from dataclasses import replace

import pytest

from kit.judges.platforms import WINDOWS, c_recursion_to_spend
from kit.judges.profiles import JOINED, OWN, PROBLEMTOOLS, WHOLE
from kit.judges.targets import Interpreter, Runner, compiled_runner, found, parse_target
from kit.registry import load_registry
from kit.run import judged, limits
from kit.run.limit_warnings import time_warning
from kit.run.limits import Limits, exceeded, moved_on, said_moved, stack_bytes, time_over
from kit.run.process import MEMORY, PYPY_NURSERY, run_environment, run_process

MIB = 1024
LIMITS = Limits(time=1.0, timeout=3.0, memory_kib=64 * MIB, output_bytes=1 << 20)
PYPY = [interpreter for interpreter in found() if interpreter.impl == "pypy"]


def test_whole_process_memory_is_held_to_the_limit_itself():
    whole = replace(LIMITS, memory=WHOLE, baseline_kib=50 * MIB)
    assert whole.kill_kib == 64 * MIB
    assert exceeded(whole, output_over=False, killed=None, peak_kib=60 * MIB) is None
    kind, text = exceeded(whole, output_over=False, killed=None, peak_kib=70 * MIB)
    assert (kind, text) == (MEMORY, "peak 70.0 MiB over 64 MiB")


def test_own_memory_is_the_peak_less_the_interpreters_footprint():
    own = replace(LIMITS, memory=OWN, baseline_kib=50 * MIB, interpreter="PyPy 3.9")
    assert own.kill_kib == 114 * MIB
    assert exceeded(own, output_over=False, killed=None, peak_kib=110 * MIB) is None
    kind, text = exceeded(own, output_over=False, killed=MEMORY, peak_kib=120 * MIB)
    assert kind == MEMORY
    assert text == (
        "70.0 MiB of its own over 64 MiB (peak 120.0 MiB, PyPy 3.9 alone 50.0 MiB) (killed)"
    )


def test_a_figure_just_over_the_limit_is_shown_over_it():
    """Not "64.0 MiB of its own over 64 MiB": as many decimals as show it over."""
    own = replace(LIMITS, memory=OWN, baseline_kib=9 * MIB, interpreter="CPython 3.8")
    text = exceeded(own, output_over=False, killed=MEMORY, peak_kib=73 * MIB + 20)[1]
    assert text.startswith("64.02 MiB of its own over 64 MiB (peak 73.0 MiB")
    whole = replace(LIMITS, memory=WHOLE)
    text = exceeded(whole, output_over=False, killed=None, peak_kib=64 * MIB + 1)[1]
    assert text == "peak 64.001 MiB over 64 MiB"


def test_a_peak_of_several_processes_says_so():
    own = replace(LIMITS, memory=OWN, baseline_kib=9 * MIB, interpreter="CPython 3.13")
    text = exceeded(own, output_over=False, killed=MEMORY, peak_kib=81 * MIB, processes=5)[1]
    assert text == (
        "72.0 MiB of its own over 64 MiB (peak 81.0 MiB of 5 processes together, "
        "CPython 3.13 alone 9.0 MiB) (killed)"
    )
    whole = replace(LIMITS, memory=WHOLE)
    text = exceeded(whole, output_over=False, killed=None, peak_kib=70 * MIB, processes=2)[1]
    assert text == "peak 70.0 MiB of 2 processes together over 64 MiB"


def test_output_is_judged_before_memory_and_memory_before_time():
    assert exceeded(LIMITS, output_over=True, killed=MEMORY, peak_kib=1)[0] == "output"
    assert exceeded(LIMITS, output_over=False, killed="time", peak_kib=70 * MIB)[0] == MEMORY


def test_a_run_killed_for_memory_past_the_time_limit_broke_the_time_limit_first():
    """Killed as soon as it is over the memory limit, it was under it when its time ran out:
    a judge stops it there (MLE at 1.63 s for a 1 s limit, where a judge says TLE)."""
    kind, text = exceeded(LIMITS, output_over=False, killed=MEMORY, peak_kib=70 * MIB, seconds=1.63)
    assert (kind, text) == (
        "time",
        "1.630 s is over the 1 s limit (killed for memory after it, which a judge would not reach)",
    )
    assert (
        exceeded(LIMITS, output_over=False, killed=MEMORY, peak_kib=70 * MIB, seconds=0.9)[0]
        == MEMORY
    )
    game = replace(LIMITS, per_move=True)  # a game's time is its moves': the interactor's
    assert (
        exceeded(game, output_over=False, killed=MEMORY, peak_kib=70 * MIB, seconds=9.0)[0]
        == MEMORY
    )


def test_a_failure_past_the_time_limit_is_a_time_out_as_every_judge_judges_time_first():
    """A judge stops a run at (or near) its limit, or reads its time before its exit
    (DOMjudge's determineVerdict, problemtools' _run_normal, Library Checker's runTestCase;
    CSES shows TIME LIMIT EXCEEDED before RUNTIME ERROR: kit.judges.profiles): a crash at
    1.63 s of a 1 s limit was the kit's RE. A crash in time stays one, and memory over the
    limit (not killed: when it went over is not known) stays the memory's."""
    crash = {"output_over": False, "killed": None, "peak_kib": 1, "crashed": "exit status 1"}
    assert exceeded(LIMITS, **crash, seconds=1.63) == (
        "time",
        "1.630 s is over the 1 s limit (failed after it, which a judge does not reach or "
        "judges after the time: exit status 1)",
    )
    assert exceeded(LIMITS, **crash, seconds=0.9) is None
    assert exceeded(LIMITS, **{**crash, "crashed": ""}, seconds=1.63) is None  # the median's
    assert exceeded(replace(LIMITS, per_move=True), **crash, seconds=1.63) is None
    assert exceeded(LIMITS, **{**crash, "peak_kib": 70 * MIB}, seconds=1.63)[0] == MEMORY
    assert exceeded(LIMITS, **{**crash, "output_over": True}, seconds=1.63)[0] == "output"


def test_a_late_flood_of_several_runs_says_its_moment_is_the_middle_run_s():
    """A flood after the time limit: one run's moment (the watch's last look within the output
    limit) beside that run's time; of several failures, beside their median, it is said to be
    the middle run's, not the median's."""
    flood = {"output_over": True, "killed": None, "peak_kib": 1, "output_within": 1.25}
    assert exceeded(LIMITS, **flood, seconds=1.3) == (
        "time",
        "1.300 s is over the 1 s limit (its output went over the 1 MiB output limit after it, "
        "later than 1.250 s, which a judge does not reach or judges after the time)",
    )
    assert exceeded(LIMITS, **flood, seconds=1.31, runs=3) == (
        "time",
        "median of 3 runs 1.310 s is over the 1 s limit (in the middle run by time, its output "
        "went over the 1 MiB output limit after it, later than 1.250 s of that run, which a "
        "judge does not reach or judges after the time)",
    )


def test_a_failure_just_past_the_limit_or_timed_beside_others_is_not_judged_by_its_time():
    """One run, not a median, perhaps timed beside another case: a crash within 10 % of the
    limit says it may go either way; a run timed beside others (stress), whose time is no
    judge's, stays a crash (as one that passed past the limit passes there)."""
    crash = {"output_over": False, "killed": None, "peak_kib": 1, "crashed": "exit status 1"}
    kind, said = exceeded(LIMITS, **crash, seconds=1.05)
    assert kind == "time" and said.endswith(
        "exit status 1; within 10% of it: a judge's machine may give either verdict)"
    )
    assert "either verdict" not in exceeded(LIMITS, **crash, seconds=1.2)[1]
    beside = replace(LIMITS, side_by_side=True)
    assert exceeded(beside, **crash, seconds=1.63) is None
    killed = {**crash, "killed": "memory", "crashed": ""}  # a kill for memory past it: time's
    assert exceeded(beside, **killed, seconds=1.63)[0] == "time"


def test_an_output_limit_of_everything_holds_stdout_stderr_and_files_together():
    """Kattis' 2025-09 format: "the sum of standard output, standard error, and [...] the
    total size of all files that were created or modified by the submission"."""
    written = (600 << 10, 300 << 10, 200 << 10)  # 1.07 MiB together, each under 1 MiB
    assert exceeded(LIMITS, output_over=False, killed=None, peak_kib=1, written=written) is None
    everything = replace(LIMITS, output_counts="all")
    kind, text = exceeded(everything, output_over=False, killed=None, peak_kib=1, written=written)
    assert (kind, text) == (
        "output",
        "1.1 MiB written over 1 MiB, stdout, stderr and files counted together "
        "(stdout 600.0 KiB, stderr 300.0 KiB, files 200.0 KiB)",
    )
    under = (600 << 10, 300 << 10, 0)
    assert exceeded(everything, output_over=False, killed=None, peak_kib=1, written=under) is None


def test_the_files_a_run_writes_are_measured_where_everything_counts(tmp_path):
    program = "import sys; open('out.bin', 'wb').write(b'x' * 5000); sys.stderr.write('e' * 700)"
    command = [sys.executable, "-c", program]
    everything = replace(LIMITS, output_counts="all")
    run = limits.run_limited(command, b"", tmp_path, everything)
    assert (run.stdout_bytes, run.stderr_bytes, run.files_bytes) == (0, 700, 5000)
    (tmp_path / "out.bin").unlink()
    assert limits.run_limited(command, b"", tmp_path, LIMITS).files_bytes == 0  # not asked


def test_the_median_decides_the_time_limit():
    assert time_over(LIMITS, 1.0) is None
    assert time_over(LIMITS, 1.2, 3) == "median of 3 runs 1.200 s is over the 1 s limit"


def test_a_time_within_a_tenth_of_the_limit_is_said_to_be_marginal():
    """0.95x passes and 1.05x fails here; a judge's machine may give either: said both ways."""
    assert time_over(LIMITS, 1.05, 3) == (
        "median of 3 runs 1.050 s is over the 1 s limit (within 10% of it: a judge's machine "
        "may give either verdict)"
    )
    assert [LIMITS.time_marginal(s) for s in (0.85, 0.95, 1.08, 1.15)] == [False, True, True, False]
    assert time_warning("c", 0.95, "cpython3.13", LIMITS) == (
        "warning: c takes 0.950 s under cpython3.13, within 10% of the 1 s limit: a judge's "
        "machine may give either verdict"
    )
    assert time_warning("c", 0.6, "cpython3.13", LIMITS).endswith("over half the 1 s limit")
    assert time_warning("c", 0.4, "cpython3.13", LIMITS) is None


class _Problem:
    def __init__(self, judge, memory_limit=256):
        self.judge, self.memory_limit = judge, memory_limit


@pytest.mark.parametrize(
    ("judge", "expected"),
    [("POJ", 256 << 20), ("Kattis", None), ("AtCoder", 1024 << 20), ("Codeforces", 256 << 20)],
)
def test_the_stack_is_the_judges_or_the_memory_limit(judge, expected):
    assert stack_bytes(_Problem(judge)) == expected


@pytest.mark.parametrize(
    ("judge", "impl", "expected"),
    [("Codeforces", "pypy", 3 << 20), ("Timus", "pypy", 3 << 20),
     ("Codeforces", "cpython", 256 << 20), ("Kattis", "pypy", None),
     ("AtCoder", "pypy", 1024 << 20)],
)  # fmt: skip
def test_pypy_on_a_windows_judge_has_the_3_mib_stack_its_windows_build_is_linked_with(
    judge, impl, expected
):
    """PyPy for Windows is linked with /STACK:3145728: a 10^5-deep recursion that the memory
    limit's stack runs here overflows there."""
    assert stack_bytes(_Problem(judge), impl) == expected


@pytest.mark.parametrize(("judge", "memory", "expected"),
                         [("Codeforces", 1, 8 << 20), ("Codeforces", 6, 8 << 20),
                          ("Codeforces", 9, 9 << 20), ("POJ", 1, 1 << 20)])  # fmt: skip
def test_cpython_on_a_windows_judge_keeps_the_stack_its_c_recursion_limit_is_sized_for(
    judge, memory, expected
):
    assert stack_bytes(_Problem(judge, memory), "cpython") == expected


PYTHON_313 = [found for found in found() if found.impl == "cpython" and found.version == (3, 13)]
LRU_DEEPEST = """\
import sys
from functools import lru_cache
sys.setrecursionlimit(10**6)
@lru_cache(None)
def f(n):
    return 0 if n == 0 else f(n - 1) + 1
low, high = 0, 10**4
while low < high:
    middle = (low + high + 1) // 2
    try:
        f.cache_clear()
        f(middle)
        low = middle
    except RecursionError:
        high = middle - 1
print(low)
"""


@pytest.mark.skipif(not PYTHON_313, reason="no CPython 3.13 here")
def test_a_windows_judge_s_cpython_under_a_tiny_memory_limit_recurses_as_there(tmp_path):
    """A 1 MiB memory limit's stack was a crash (SIGSEGV) of the C recursion a run spends for
    Windows' lower limit, before the solution started; about 1000 lru_cache calls on Windows
    (python/cpython#127346)."""
    script = tmp_path / "lru.py"
    script.write_text(LRU_DEEPEST)
    stack = stack_bytes(_Problem("Codeforces", 1), "cpython")
    depth = c_recursion_to_spend("cpython", (3, 13), WINDOWS)
    argv = judged.wrapped(PYTHON_313[0], script, depth=depth)
    done = run_process(argv, b"", cwd=tmp_path, timeout=60, stack_bytes=stack)
    assert done.returncode == 0, done.stderr[-300:]
    assert 950 <= int(done.stdout) <= 1050


@pytest.mark.skipif(not PYPY, reason="no PyPy here")
def test_a_deep_recursion_under_pypy_for_a_windows_judge_dies_as_there(tmp_path):
    script = tmp_path / "deep.py"
    script.write_text(
        "import sys\nsys.setrecursionlimit(10**6)\n"
        "def f(x):\n    return 0 if x == 0 else f(x - 1) + 1\nprint(f(int(sys.argv[1])))\n"
    )
    stack = stack_bytes(_Problem("Codeforces"), "pypy")
    deep = run_process([*PYPY[0].command(script), "30000"], b"", cwd=tmp_path, timeout=30,
                       stack_bytes=stack)  # fmt: skip
    shallow = run_process([*PYPY[0].command(script), "2000"], b"", cwd=tmp_path, timeout=30,
                          stack_bytes=stack)  # fmt: skip
    assert deep.returncode < 0 and (shallow.returncode, shallow.stdout) == (0, b"2000\n")


def test_every_run_gets_the_fixed_nursery_whatever_the_users_environment(monkeypatch):
    monkeypatch.setenv("PYPY_GC_NURSERY", "64MB")
    monkeypatch.setenv("PYPY_GC_MAX", "1GB")
    env = run_environment()
    assert env["PYPY_GC_NURSERY"] == PYPY_NURSERY
    assert "PYPY_GC_MAX" not in env


CHURN = textwrap.dedent(
    """\
    kept = [list(range(50)) for _ in range(20000)]
    total = 0
    for i in range(300000):
        total += len([i, i + 1, i + 2])
    print(total, len(kept))
    """
)


@pytest.mark.skipif(not PYPY, reason="no PyPy here")
@pytest.mark.parametrize("nursery", ["1MB", "64MB"])
def test_pypys_peak_does_not_follow_the_users_nursery(tmp_path, monkeypatch, nursery):
    """Without the fixed nursery, 64MB adds tens of MiB to this program's peak."""
    script = tmp_path / "churn.py"
    script.write_text(CHURN)
    command = PYPY[0].command(script)
    fixed = run_process(command, b"", cwd=tmp_path, timeout=30)
    monkeypatch.setenv("PYPY_GC_NURSERY", nursery)
    again = run_process(command, b"", cwd=tmp_path, timeout=30)
    assert fixed.returncode == again.returncode == 0
    assert abs(fixed.peak_kib - again.peak_kib) < 4 * MIB, (fixed.peak_kib, again.peak_kib)


def test_the_stack_given_is_the_stack_the_program_has(tmp_path):
    script = tmp_path / "stack.py"
    script.write_text("import resource\nprint(resource.getrlimit(resource.RLIMIT_STACK)[0])\n")
    command = [sys.executable, "-I", str(script)]
    run = run_process(command, b"", cwd=tmp_path, timeout=30, stack_bytes=100 << 20)
    assert int(run.stdout) == 100 << 20


def test_a_larger_interpreter_footprint_does_not_change_an_own_memory_verdict(tmp_path):
    """A wrapper that holds 40 MiB before it runs the script stands for a build of the
    interpreter with a larger footprint: the solution's own memory, and so the verdict, stay
    the same."""
    fat = tmp_path / "fat-python"
    fat.write_text(
        f"#!{sys.executable} -I\n"
        "import runpy, sys\n"
        "ballast = bytearray(40 << 20)\n"
        "ballast[::4096] = b'1' * len(ballast[::4096])\n"
        "sys.argv = [arg for arg in sys.argv[1:] if arg != '-I']\n"
        "runpy.run_path(sys.argv[0], run_name='__main__')\n"
    )
    fat.chmod(fat.stat().st_mode | stat.S_IEXEC)
    empty, hog = tmp_path / "empty.py", tmp_path / "hog.py"
    empty.write_text("")
    hog.write_text("x = bytearray(30 << 20)\nx[::4096] = b'1' * len(x[::4096])\n")
    verdicts = []
    for python in (sys.executable, str(fat)):
        base = run_process([python, "-I", str(empty)], b"", cwd=tmp_path, timeout=30).peak_kib
        limits = replace(LIMITS, memory_kib=32 * MIB, memory=OWN, baseline_kib=base)
        run = run_process([python, "-I", str(hog)], b"", cwd=tmp_path, timeout=30)
        verdicts.append(exceeded(limits, output_over=False, killed=None, peak_kib=run.peak_kib))
        limits = replace(limits, memory_kib=24 * MIB)
        verdicts.append(exceeded(limits, output_over=False, killed=None, peak_kib=run.peak_kib))
    assert [v is None for v in verdicts] == [True, False, True, False], verdicts


def test_a_limit_per_move_is_not_held_against_the_whole_game():
    game = replace(LIMITS, timeout=300.0, per_move=True)
    assert time_over(game, 40.0) is None
    kind, text = exceeded(game, output_over=False, killed="time", peak_kib=1)
    assert text == "the game was stopped at 300 s (game_timeout)"


@pytest.mark.parametrize(
    ("judge", "time_limit", "games", "timeout"),
    [("Kattis", 1.0, PROBLEMTOOLS, 2.0), ("Kattis", 1.5, PROBLEMTOOLS, 3.0),
     ("Kattis", 0.25, PROBLEMTOOLS, 1.0),  # under 3 × 0.25: killed before problemtools would
     ("Codeforces", 1.0, JOINED, 3.0), ("POJ", 1.5, JOINED, 4.5),
     # DOMjudge: twice its hard limit, the limit + max(1 s, 10 %), of wall time
     ("DOMjudge", 1.0, PROBLEMTOOLS, 4.0), ("DOMjudge", 20.0, PROBLEMTOOLS, 44.0)],
)  # fmt: skip
def test_a_game_is_run_as_its_judge_runs_games(toy, judge, time_limit, games, timeout):
    """Kattis' games through problemtools' runner (1 MiB pipes, no output limit, the
    validator's failure first, killed at ceil(2 × the limit) of wall time: a sleeper of 2.5 s
    under 1 s passed here), whatever the interactor's protocol; others joined."""
    from kit.judges.targets import parse_target, stand_in

    problem = replace(load_registry(toy)["toy_sum"], judge=judge, kind="interactive")
    problem = replace(problem, time_limit=time_limit)
    limits_of = limits.limits_for(problem, stand_in([parse_target("cpython3.8")]))
    assert (limits_of.games, limits_of.timeout) == (games, timeout)


@pytest.mark.parametrize(
    ("judge", "time_limit", "timeout"),
    [("DOMjudge", 1.0, 2.0), ("DOMjudge", 0.5, 1.5), ("DOMjudge", 20.0, 22.0),
     ("Kattis", 1.0, 3.0), ("POJ", 20.0, 60.0)],
)  # fmt: skip
def test_a_run_is_killed_where_its_judge_kills_it(toy, judge, time_limit, timeout):
    """DOMjudge kills a run at its limit plus max(1 s, 10 %) of wall time (its default
    timelimit_overshoot) and calls it a time-out; other judges at the kit's 3 × the limit."""
    from kit.judges.targets import parse_target, stand_in

    problem = replace(load_registry(toy)["toy_sum"], judge=judge, time_limit=time_limit)
    limits_of = limits.limits_for(problem, stand_in([parse_target("cpython3.8")]))
    assert limits_of.timeout == pytest.approx(timeout)


def test_a_judge_that_counts_cpu_time_holds_the_limit_to_it():
    from kit.run.process import Run

    sleeper = Run(0, b"", b"", seconds=2.0, cpu_seconds=0.1, peak_kib=1)
    cpu = replace(LIMITS, clock="cpu")
    assert cpu.seconds(sleeper) == 0.1 and LIMITS.seconds(sleeper) == 2.0
    assert time_over(cpu, cpu.seconds(sleeper)) is None
    assert time_over(LIMITS, LIMITS.seconds(sleeper)) is not None


def test_the_wall_clock_leaves_out_what_a_run_waited_for_a_core():
    """A judge's machine runs nothing else beside the run: the time other work on this one
    kept it from a core is not the run's (kit.launcher measures it)."""
    from kit.run.process import Run

    crowded = Run(0, b"", b"", seconds=2.5, cpu_seconds=0.7, peak_kib=1, waited=1.8)
    assert LIMITS.seconds(crowded) == pytest.approx(0.7)
    assert time_over(LIMITS, LIMITS.seconds(crowded)) is None
    assert replace(LIMITS, clock="cpu").seconds(crowded) == 0.7


def test_a_program_that_reads_the_clock_is_timed_by_all_its_wall_time_over_the_limit():
    """A search that stops by the clock at 2.5 s does less work when it waits for a core,
    and takes 2.5 s: less its wait it was 0.7 s, ok, where a judge gives it TLE. Within the
    limit its wait is still left out, and a judge counting CPU time counts that alone."""
    from kit.run.process import Run

    reader = replace(LIMITS, clock_read="time.perf_counter in wc.py, line 4")
    crowded = Run(0, b"", b"", seconds=2.5, cpu_seconds=0.7, peak_kib=1, waited=1.8)
    assert reader.seconds(crowded) == 2.5 and reader.wall(crowded) == 2.5
    assert time_over(reader, reader.seconds(crowded)) is not None
    assert reader.timed_by_clock(crowded) == (
        "note: it reads the clock (time.perf_counter in wc.py, line 4): timed by its wall "
        "time, 2.500 s, of which 1.800 s waiting for a core other work on this machine held "
        "(a program that stops by the clock takes as long on a judge)"
    )
    within = replace(crowded, seconds=0.9, waited=0.5, cpu_seconds=0.3)
    assert reader.seconds(within) == pytest.approx(0.4) and reader.timed_by_clock(within) is None
    assert replace(reader, clock="cpu").seconds(crowded) == 0.7
    assert LIMITS.timed_by_clock(crowded) is None


def test_a_run_on_several_cores_is_held_to_its_processes_cpu_time_together():
    """A pool of two 0.6 s workers took 0.72 s of wall time on two cores here, ok, and TLE on
    one core or beside other work: a judge's core takes its processes in turn."""
    from kit.run.process import Run

    parallel = Run(0, b"", b"", seconds=0.72, cpu_seconds=1.25, peak_kib=1)
    assert LIMITS.seconds(parallel) == 1.25
    assert time_over(LIMITS, LIMITS.seconds(parallel)) is not None
    assert LIMITS.seconds(replace(parallel, seconds=1.4, waited=0.1)) == pytest.approx(1.3)


def test_kattis_counts_cpu_time_and_the_whole_process():
    from kit.judges.profiles import CPU, profile_for

    kattis = profile_for("Kattis")
    assert (kattis.time, kattis.memory) == (CPU, WHOLE)


@pytest.mark.parametrize("judge", ["nowhere", "Codeforces", "AtCoder"])
def test_an_interactive_game_is_held_to_its_cpu_time_a_batch_run_to_the_wall(toy, judge):
    """A game's wall time holds its interactor's work and the kit's relay: 60,000 exchanges
    took 2.4 s of wall time (0.6 s of CPU) and were TLE, as a slow interactor made a correct
    solution's game; Codeforces charges the solution its CPU time."""
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('judge = "nowhere"', f'judge = "{judge}"'))
    registry = load_registry(toy)
    python = Interpreter("cpython", (3, 11), sys.executable, ("-I",))
    assert limits.limits_for(registry["toy_echo"], python).clock == "cpu"
    assert limits.limits_for(registry["toy_sum"], python).clock == "wall"


def test_the_footprint_is_measured_under_the_program_the_runs_get(toy, monkeypatch):
    """Codeforces' CPython 3.13 runs start under kit.run.judged's program (about 1 MiB of its
    own): the empty script of the footprint does too, so that MiB is not the solution's."""
    measured = []
    monkeypatch.setattr(limits, "baseline_kib", lambda command, env: measured.append(command) or 0)
    python = Interpreter("cpython", (3, 13), "/usr/bin/python3.13", ("-I",))
    table = toy / "problems.toml"
    limits.limits_for(load_registry(toy)["toy_sum"], python)
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "Codeforces"', 1))
    limits.limits_for(load_registry(toy)["toy_sum"], python)
    plain, codeforces = measured
    assert plain == ("/usr/bin/python3.13", "-I", "-S", "-c", judged.program(False, 0))
    assert codeforces[:4] == ("/usr/bin/python3.13", "-I", "-S", "-c")
    assert "_beneath" in codeforces[4]


def test_hard_limits_below_a_judge_s_are_noted(monkeypatch):
    """A shell's hard stack (``ulimit -s 8192`` sets both), file size, address-space or data
    limit takes from a run what the judge gives it: the build says so, once each."""
    given = Limits(1.0, 3.0, 64 * 1024, 64 << 20, stack_bytes=256 << 20)
    hard = {
        limits.resource.RLIMIT_STACK: 8 << 20,
        limits.resource.RLIMIT_FSIZE: 1 << 20,
        limits.resource.RLIMIT_AS: 2 << 30,
        limits.resource.RLIMIT_CPU: 2,
        limits.resource.RLIMIT_DATA: 1 << 30,
    }
    monkeypatch.setattr(limits.resource, "getrlimit", lambda kind: (0, hard[kind]))
    monkeypatch.setattr(limits, "machine_memory", lambda: (1 << 40, "physical memory"))
    raised = {}

    def refused(kind, pair):  # not root: a hard limit is not raised
        raise ValueError("not allowed to raise maximum limit")

    monkeypatch.setattr(limits.resource, "setrlimit", refused)
    roomy = limits.shutil.disk_usage("/")._replace(free=1 << 40)
    monkeypatch.setattr(limits.shutil, "disk_usage", lambda folder: roomy)
    notes = limits.machine_notes(given)
    assert [note.split(" (")[0] for note in notes] == [
        "note: this machine's hard stack limit is 8 MiB",
        "note: this machine's hard file size limit is 1 MiB",
        "note: this machine's hard CPU time limit is 2 s",
        "note: this machine's hard address-space limit is 2048 MiB",
        "note: this machine's hard data-segment limit is 1024 MiB",
    ]
    assert "below the judge's 256 MiB" in notes[0] and "below the 3 s a run may" in notes[2]
    monkeypatch.setattr(
        limits.resource, "setrlimit", lambda kind, pair: raised.update({kind: pair})
    )
    assert limits.machine_notes(given) == []  # root raises them: for the runs, none is below
    assert raised[limits.resource.RLIMIT_STACK] == (0, 256 << 20)  # the soft limit as it was
    monkeypatch.setattr(limits.resource, "setrlimit", refused)
    hard[limits.resource.RLIMIT_STACK] = 512 << 10  # ulimit -s 512
    assert limits.machine_notes(given)[0].startswith(
        "note: this machine's hard stack limit is 512 KiB"
    )
    infinite = limits.resource.RLIM_INFINITY
    monkeypatch.setattr(limits.resource, "getrlimit", lambda kind: (0, infinite))
    assert limits.machine_notes(given) == []
    small = limits.shutil.disk_usage("/")._replace(free=8 << 20)
    monkeypatch.setattr(limits.shutil, "disk_usage", lambda folder: small)
    (note,) = limits.machine_notes(given)
    assert note.startswith("note: the temporary folder ") and "has 8 MiB free, less than" in note


def test_a_machine_with_less_memory_than_a_run_may_hold_is_noted(monkeypatch):
    """A container or CI job whose control group holds less than the judge lets a run hold
    kills the run where the judge would not: the build says so."""
    infinite = limits.resource.RLIM_INFINITY
    monkeypatch.setattr(limits.resource, "getrlimit", lambda kind: (0, infinite))
    roomy = limits.shutil.disk_usage("/")._replace(free=1 << 40)
    monkeypatch.setattr(limits.shutil, "disk_usage", lambda folder: roomy)
    given = Limits(1.0, 3.0, 1024 * 1024, 64 << 20, memory=OWN, baseline_kib=10 * 1024)
    group = "/sys/fs/cgroup/memory.max"
    monkeypatch.setattr(limits, "machine_memory", lambda: (512 << 20, group))
    assert limits.machine_notes(given) == [
        f"note: this machine gives its processes 512 MiB at most ({group}), below the 1034 MiB "
        "a run may hold on the judge: a run that needs more is killed here and not on the judge"
    ]
    monkeypatch.setattr(limits, "machine_memory", lambda: (1034 << 20, group))
    assert limits.machine_notes(given) == []
    monkeypatch.setattr(limits, "machine_memory", lambda: None)
    assert limits.machine_notes(given) == []


@pytest.mark.skipif(not PYPY, reason="no PyPy here")
def test_pypy_runs_a_script_whose_path_is_not_ascii(tmp_path):
    """Without a locale PyPy 3.9 took file names as ASCII and could not open its script in
    ``/home/josé/...``: every PyPy run there was a runtime error."""
    folder = tmp_path / "josé"
    folder.mkdir()
    script = folder / "a.py"
    script.write_text("print('ok ✓')\n")
    done = run_process(PYPY[0].command(script), b"", cwd=folder, timeout=30)
    assert (done.returncode, done.stdout.decode()) == (0, "ok ✓\n"), done.stderr


def test_a_peak_over_the_limit_only_by_the_footprint_is_told_apart():
    own = replace(LIMITS, memory=OWN, baseline_kib=60 * 1024)
    assert own.over_by_footprint(70 * 1024)  # 10 MiB of its own: within
    assert not own.over_by_footprint(63 * 1024)  # not over the limit at all
    assert not own.over_by_footprint(130 * 1024)  # 70 MiB of its own: over, an MLE
    whole = replace(own, memory=WHOLE)
    assert not whole.over_by_footprint(70 * 1024)  # the whole process counts: over


def test_a_run_that_closed_its_own_stdout_is_its_failure_on_a_full_temporary_folder(
    tmp_path, monkeypatch
):
    """``os.close(1)`` and then ``print``: its flush at exit fails (exit status 120, ``[Errno
    9] Bad file descriptor``), a judge's RE; with TMPDIR on a small file system it was "not
    judged here", the failure taken for the full disk's."""
    small = limits.shutil.disk_usage("/")._replace(free=60 << 10)
    monkeypatch.setattr(limits.shutil, "disk_usage", lambda folder: small)
    script = tmp_path / "closes.py"
    script.write_text("import os\nos.close(1)\nprint(3)\n")
    for command in [[sys.executable, "-I", str(script)], *(p.command(script) for p in PYPY)]:
        run = limits.run_limited(command, b"", tmp_path, LIMITS)
        assert run.returncode == limits.FLUSH_FAILED and b"[Errno 9]" in run.stderr, run.stderr
        assert limits.machine_failure(LIMITS, run.returncode, run.stderr) is None
    said = limits.machine_failure(LIMITS, limits.FLUSH_FAILED, b"")  # its message lost too
    assert said.startswith("not judged here: the temporary folder ")
    assert limits.machine_failure(LIMITS, 1, b"OSError: [Errno 28] No space left on device")


def machine_limits(monkeypatch, **hard):
    """This machine's hard limits as ``hard`` names them (``STACK=256 << 10``), others none."""
    infinite = limits.resource.RLIM_INFINITY

    def hard_limit(kind, want):
        names = {limits.resource.RLIMIT_STACK: "STACK", limits.resource.RLIMIT_AS: "AS"}
        return hard.get(names.get(kind, ""), infinite)

    monkeypatch.setattr(limits, "_hard", hard_limit)


def test_a_crash_under_a_hard_stack_limit_below_the_judge_s_is_not_judged_here(monkeypatch):
    """``ulimit -s 256``: a recursion PyPy runs on the judge's 1 GiB stack crashed, the
    solution's RE, with a hint to make it iterative."""
    judge = replace(LIMITS, stack_bytes=1 << 30)
    segv = -limits.signal.SIGSEGV
    machine_limits(monkeypatch, STACK=256 << 10)
    said = limits.machine_failure(judge, segv, b"")
    assert said.startswith("not judged here: this machine's hard stack limit, 256 KiB (ulimit")
    assert limits.machine_failure(judge, 1, b"ValueError: x") is None  # not a crash
    machine_limits(monkeypatch, STACK=2 << 30)  # room for the judge's stack: its own crash
    assert limits.machine_failure(judge, segv, b"") is None


def test_memory_refused_under_a_hard_address_space_limit_is_not_judged_here(monkeypatch):
    """``ulimit -v 400000``: a thread with a 512 MiB stack could not start, the solution's RE
    where the judge gives it the stack."""
    failed = b"RuntimeError: can't start new thread"
    machine_limits(monkeypatch, AS=391 << 20)
    said = limits.machine_failure(LIMITS, 1, failed)
    assert said.startswith("not judged here: this machine's hard address-space limit, 391 MiB")
    assert limits.machine_failure(LIMITS, 1, b"ZeroDivisionError") is None
    machine_limits(monkeypatch)
    assert limits.machine_failure(LIMITS, 1, failed) is None


def test_a_compiled_program_has_no_footprint_to_measure(toy, monkeypatch):
    """A package's C++ submission runs as its binary (kit.judges.targets.Compiled): no
    interpreter's footprint, none measured, and its command is the binary alone."""
    monkeypatch.setattr(limits, "baseline_kib", lambda command, env: 1 / 0)
    python = Runner(parse_target("cpython3.11"), Interpreter("cpython", (3, 11), "py", ()), True)
    native = compiled_runner(python, "/usr/bin/g++", ["/cache/program"], "C++")
    problem = load_registry(toy)["toy_sum"]
    assert limits.limits_for(problem, native).baseline_kib == 0
    assert judged.command(problem, native, "/somewhere/x.cpp") == ["/cache/program"]
    assert native.label == "C++, g++"


def test_a_kill_s_deadline_moved_on_is_said_by_one_rule():
    """``said_moved`` decides alike for ``moved_on`` (the verdict's remark), a game's timeout
    and a stress run's kill: from what the run waited for a core, not from its wall time (a
    slow reap: 1.62 s of wall time for a 1.5 s timeout, no wait, is the timeout's kill)."""
    assert not said_moved(0.09) and said_moved(0.1)
    assert moved_on(1.5, 1.62, 0.0) == ""
    assert moved_on(1.5, 8.07, 6.5).startswith(" (and 6.57 s more for what it waited")


def test_a_full_temporary_folder_is_said_as_the_kit_s_sure_or_likely(monkeypatch):
    """Under a temporary folder with less room than the output limit, a run that said
    ENOSPC failed on the kit's folder, not by its own fault; one that ended 120 naming no
    error only may have (Python's flush at exit on a full disk, or a program that closed fds
    1 and 2 and ended so anywhere: "not known"). With room, neither is the machine's: the run
    gets its own verdict."""
    small = limits.shutil.disk_usage("/")._replace(free=60 << 10)
    monkeypatch.setattr(limits.shutil, "disk_usage", lambda folder: small)
    full = limits.machine_failure(LIMITS, 1, b"OSError: [Errno 28] No space left on device")
    flushed = limits.machine_failure(LIMITS, limits.FLUSH_FAILED, b"")
    room = "(60 KiB free, less than the output limit of 1 MiB)"
    assert full.startswith("not judged here: the temporary folder ") and room in full
    assert full.endswith("could not take the run's output (not the solution's failure; set "
                         "TMPDIR to a folder with room)")  # fmt: skip
    assert flushed.startswith("not judged here: the temporary folder ") and room in flushed
    assert "may have been too full for the run's output (exit status 120 naming no error" in flushed
    assert "not known to be the solution's failure" in flushed
    assert "(not the solution's failure" not in flushed
    roomy = limits.shutil.disk_usage("/")._replace(free=1 << 40)
    monkeypatch.setattr(limits.shutil, "disk_usage", lambda folder: roomy)
    assert limits.machine_failure(LIMITS, limits.FLUSH_FAILED, b"") is None
    assert limits.machine_failure(LIMITS, 1, b"OSError: [Errno 28] No space left") is None


def test_after_a_kill_a_run_is_killed_at_twice_the_limit_where_it_is_a_time_out_by_itself():
    """A target's later runs in a build, once one was killed at the timeout: killed at
    ``CLEARLY_OVER`` times the limit, a time-out by itself as at the timeout, and said so."""
    cut = limits.after_a_kill(LIMITS)
    assert (cut.timeout, cut.cut_from) == (limits.CLEARLY_OVER * LIMITS.time, 3.0)
    assert exceeded(cut, output_over=False, killed="time", peak_kib=1) == (
        "time",
        "killed at 2 s (2x the 1 s limit, after an earlier run's kill at 3 s)",
    )
    assert exceeded(LIMITS, output_over=False, killed="time", peak_kib=1)[1] == (
        "killed at 3 s (3x the 1 s limit)"
    )


@pytest.mark.parametrize(
    "held",
    [replace(LIMITS, clock="cpu"),  # a sleeper that late by the wall clock may be in time
     replace(LIMITS, per_move=True, timeout=60.0),  # a game's moves timed by its interactor
     replace(LIMITS, timeout=1.5),  # --kill-factor 1.5: sooner already
     replace(LIMITS, timeout=2.0)],  # --kill-factor 2: there already, no earlier kill to say
)  # fmt: skip
def test_after_a_kill_a_run_not_timed_by_the_wall_clock_or_killed_sooner_keeps_its_timeout(held):
    assert limits.after_a_kill(held) == held

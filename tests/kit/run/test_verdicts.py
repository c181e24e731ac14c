"""kit.run.verdicts: one verdict per run, as a judge gives it, in build, run and stress alike.

The unit tests pin the order in which a judge stops a run (output, memory, time, exit status)
and the counts of the summary. The end-to-end tests build a toy problem whose solution is a
hostile program (a memory hog, an output flood, a sleeper, a crash inside a helper) and check
the verdict the build, ``run`` and ``stress`` give it.
"""

import re
import shutil
import signal
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from kit.judges.profiles import CPU, PROFILES
from kit.judges.targets import found
from kit.run.judge_words import in_judges_words
from kit.run.limits import SAID_FROM, Limits, run_limited
from kit.run.process import MEMORY, PARENT, TIME, Run
from kit.run.verdicts import MLE, OLE, RE, TLE, count_line, message, process_verdict
from kit.startup import TOY
from tests.kit.run.hostile import forked_hog

ROOT = Path(__file__).resolve().parents[3]
LIMITS = Limits(time=1.0, timeout=3.0, memory_kib=64 * 1024, output_bytes=1 << 20)


def ran(**fields):
    base = {"returncode": 0, "stdout": b"", "stderr": b"", "seconds": 0.1}
    return Run(**{**base, "cpu_seconds": 0.1, "peak_kib": 8192, **fields})


@pytest.mark.parametrize(
    ("fields", "word", "start"),
    [
        ({"output_over": True, "killed": TIME, "returncode": -9}, OLE, "output limit: more than 1"),
        ({"killed": MEMORY, "returncode": -9}, MLE, "memory limit: peak 8.0 MiB over 64 MiB"),
        ({"peak_kib": 70 * 1024}, MLE, "memory limit: peak 70.0 MiB over 64 MiB"),
        ({"killed": TIME, "returncode": -9}, TLE, "time limit: killed at 3 s (3x the 1 s limit)"),
        ({"returncode": -11}, RE, "runtime error: killed by signal SIGSEGV"),
        ({"killed": PARENT, "returncode": -9}, RE, "runtime error: it killed its parent"),
        (
            {"returncode": 1, "stderr": b"Traceback (most recent call last):\nKeyError: 3\n"},
            RE,
            "runtime error: exit status 1: KeyError: 3",
        ),
        (
            {
                "returncode": 1,
                "stderr": b"6\nexit status 512: Windows keeps it whole (Linux reads 0)\n",
            },
            RE,
            "runtime error: exit status 512: Windows keeps it whole (Linux reads 0)",
        ),
    ],
    ids=["output-first", "memory-kill", "memory-peak", "time", "signal", "parent", "exit", "whole"],
)
def test_a_run_is_judged_in_the_order_a_judge_stops_it(fields, word, start):
    got_word, text = process_verdict(ran(**fields), LIMITS)
    assert got_word == word
    assert text.startswith(start), text


def test_death_by_sigxcpu_is_a_time_limit_where_the_judge_counts_cpu_time():
    """problemtools (judge/execute.py) reads SIGXCPU, RLIMIT_CPU's kill, as a time limit;
    where the wall clock is counted it is a signal like any other."""
    run = Run(-signal.SIGXCPU, b"", b"", 0.2, 0.2, 1000)
    assert process_verdict(run, replace(LIMITS, clock=CPU))[0] == TLE
    assert process_verdict(run, LIMITS)[0] == RE


@pytest.mark.parametrize(
    ("fields", "word"),
    [
        ({"output_over": True, "returncode": 1, "seconds": 1.6, "cpu_seconds": 1.6}, OLE),
        ({"returncode": 1, "seconds": 1.6, "cpu_seconds": 1.6}, TLE),
        ({"returncode": -11, "seconds": 1.6, "cpu_seconds": 1.6}, TLE),
        ({"killed": MEMORY, "returncode": -9, "seconds": 1.6, "cpu_seconds": 1.6}, TLE),
        ({"peak_kib": 70 * 1024, "seconds": 1.6, "cpu_seconds": 1.6}, RE),
        ({"killed": MEMORY, "returncode": -9}, RE),
        ({"returncode": 1}, RE),
    ],
    ids=["output-over-time", "crash-past-time", "signal-past-time", "memory-kill-past-time",
         "memory-peak-past-time", "memory-in-time", "crash-in-time"],
)  # fmt: skip
def test_cses_shows_the_first_error_of_its_list(fields, word):
    """CSES: "Mikäli tässä testitapauksessa ohjelma tuottaa useamman virheen, niistä
    näytetään edellisen listan mukaan ensimmäinen", the list being COMPILE ERROR, OUTPUT
    LIMIT EXCEEDED, TIME LIMIT EXCEEDED, RUNTIME ERROR (memory among them), WRONG ANSWER
    (cses.fi/alon17/text/756/, cses.fi/dt/text/311; kit.judges.profiles). A run over the time
    limit that then crashed was RE; it is TLE, as one killed for memory past it was. A peak
    over the memory limit that was not killed stays the memory's (its RE): when it went over
    is not known."""
    got, said = process_verdict(ran(**fields), LIMITS)
    assert in_judges_words(PROFILES["cses"].name, got, said, empty=False)[0] == word


@pytest.mark.parametrize(
    ("judge", "word"),
    [("codeforces", TLE), ("atcoder", TLE), ("cses", TLE), ("kattis", TLE), ("spoj", TLE),
     ("library checker", TLE), ("timus", TLE), ("domjudge", OLE)],
)  # fmt: skip
def test_an_output_flood_after_the_time_limit_is_judged_in_the_judge_s_order(judge, word):
    """A run whose output went over the limit after 1.5 s of a 1 s limit (the watch's last
    look within it, ``Run.output_within``): a time-out where the judge stops a run at (about)
    its limit (Codeforces, AtCoder, CSES, Kattis, SPOJ, Timus) or reads the time first
    (Library Checker); DOMjudge judges its output's size last whenever it went over
    (``output_last``), so its run again decides (kit.run.case_judge), not this moment. A
    flood within the limit, or one whose moment is not known, stays the output limit's (a
    run error on SPOJ, which has none); by CPU time (Kattis), a sleeper's late flood too."""
    profile = PROFILES[judge]
    limits = replace(LIMITS, clock=profile.time, output_last=profile.output_last)
    over = {"output_over": True, "returncode": 1, "seconds": 1.6, "cpu_seconds": 1.6}
    told = {OLE: OLE, TLE: TLE} if profile.output_verdict else {OLE: RE, TLE: TLE}

    def judged(**fields):
        said = in_judges_words(profile.name, *process_verdict(ran(**fields), limits), False)
        return said

    got, text = judged(**over, output_within=(1.5, 1.5, 0.0))
    assert got == told[word], text
    if word == TLE:
        assert "its output went over the 1 MiB output limit after it, later than 1.500 s" in text
    assert judged(**over, output_within=(0.5, 0.5, 0.0))[0] == told[OLE]
    assert judged(**over)[0] == told[OLE]
    slept = {**over, "cpu_seconds": 0.2, "output_within": (1.5, 0.1, 0.0)}
    assert judged(**slept)[0] == (told[OLE] if profile.time == CPU else told[word])
    beside = replace(limits, side_by_side=True)  # stress: a late failure keeps its verdict
    run = ran(**over, output_within=(1.5, 1.5, 0.0))
    assert process_verdict(run, beside)[0] == OLE


@pytest.mark.parametrize(
    ("judge", "asleep"), [("domjudge", RE), ("kattis", RE), ("library checker", TLE)]
)
def test_a_crash_past_the_limit_by_the_judge_s_clock_is_its_time_out(judge, asleep):
    """DOMjudge's determineVerdict reads runguard's time-result before the exit code
    (DOMjudge/domjudge at a023fd3e), problemtools' _run_normal its user+sys time before the
    status (Kattis/problemtools at a185fe97), Library Checker's runTestCase its time before the
    exit code (yosupo06/library-checker-judge at 30cbf1bd): a crash at 1.6 s of a 1 s limit
    is a time-out there. By the judge's clock: a sleeper's crash at 1.6 s of wall time and
    0.1 s of CPU stays a run error where the judge counts CPU time: each clock is its
    profile's (kit.judges.profiles), as the build's limits take it."""
    profile = PROFILES[judge]
    limits = replace(LIMITS, clock=profile.time)
    spun = ran(returncode=1, seconds=1.6, cpu_seconds=1.6)
    slept = ran(returncode=1, seconds=1.6, cpu_seconds=0.1)
    assert in_judges_words(profile.name, *process_verdict(spun, limits), empty=False)[0] == TLE
    assert in_judges_words(profile.name, *process_verdict(slept, limits), empty=False)[0] == asleep


def test_a_clean_run_has_no_process_verdict():
    assert process_verdict(ran(), LIMITS) is None


def test_counts_name_each_failing_kind_once_in_a_fixed_order():
    assert count_line(["ok", "TLE", "WA", "ok", "WA"]) == "2 WA, 1 TLE"
    assert count_line(["ok"]) == ""


def test_a_message_is_not_prefixed_twice():
    assert message("WA", "wrong answer: 3 guesses") == "wrong answer: 3 guesses"
    assert message("WA", "line 1") == "wrong answer: line 1"


# -- hostile programs through the build -------------------------------------------------------


@pytest.fixture
def toy(tmp_path):
    root = tmp_path / "toy"
    shutil.copytree(TOY, root)
    (root / "problems.toml").write_text(
        textwrap.dedent(
            """\
            [toy_sum]
            judge = "nowhere"
            id = "1"
            kind = "batch"
            time_limit = 0.5
            memory_limit = 64
            targets = ["cpython3.11"]
            """
        )
    )
    return root


def write_solution(root, code):
    (root / "solutions" / "toy_sum.py").write_text(textwrap.dedent(code))


def kit(root, *args, stdin=None):
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), *args, "--root", str(root)],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


HOG = """\
    hoard = []
    for _ in range(600):
        hoard.append(bytearray(1 << 20))
    print(len(hoard))
    """
FLOOD = """\
    import sys
    while True:
        sys.stdout.write("x" * 65536 + "\\n")
    """
SLEEPER = "import time\ntime.sleep(60)\n"
PARRICIDE = "import os, signal, time\nos.kill(os.getppid(), signal.SIGKILL)\ntime.sleep(60)\n"


@pytest.mark.parametrize(
    ("code", "word", "phrase"),
    [
        (HOG, "MLE", "memory limit: "),
        (FLOOD, "OLE", "output limit: more than 64 MiB"),
        (SLEEPER, "TLE", "time limit: killed at 1.5 s"),
        (PARRICIDE, "RE", "runtime error: it killed its parent, the kit's run launcher"),
        (forked_hog(4, 30), "MLE", "processes together"),
    ],
    ids=["hog", "flood", "sleeper", "kills-its-parent", "hog-in-four-children"],
)
def test_hostile_solutions_get_the_judges_verdict(toy, code, word, phrase):
    write_solution(toy, code)
    status, output = kit(toy, "-v", "--repeat", "1")
    assert status == 1, output
    assert f"0/1 cases (1 {word})" in output
    assert phrase in output
    assert f"    {word} " in output  # the -v line


def test_run_gives_the_same_verdict(toy):
    write_solution(toy, HOG)
    status, output = kit(toy, "run", "toy_sum", stdin="")
    assert status == 1
    assert "[toy_sum: MLE, " in output and "memory limit: " in output


def test_a_crash_inside_a_helper_is_a_runtime_error_in_the_helpers_terms(toy):
    helper = toy / "shared" / "toy_numbers.py"
    helper.write_text(helper.read_text() + "\n\ndef explode():\n    return {}['missing']\n")
    write_solution(
        toy,
        """\
        from shared.toy_numbers import explode
        explode()
        """,
    )
    status, output = kit(toy, "--repeat", "1")
    assert status == 1
    assert "0/1 cases (1 RE)" in output
    assert "runtime error: exit status 1: KeyError: 'missing'" in output
    assert 'File "shared/toy_numbers.py", line' in output


def test_a_helper_that_fails_on_import_is_told_without_the_bundle_s_loader(toy):
    helper = toy / "shared" / "toy_numbers.py"
    helper.write_text(helper.read_text() + "\n\nBROKEN = 1 // 0\n")
    write_solution(toy, "from shared.toy_numbers import BROKEN\nprint(BROKEN)\n")
    status, output = kit(toy, "--repeat", "1")
    assert status == 1
    assert "runtime error: exit status 1: ZeroDivisionError" in output
    shown = output.splitlines()
    at = shown.index("      (the bundle loading its helpers)")
    assert shown[at + 1].startswith('      File "shared/toy_numbers.py", line ')
    assert shown[at + 2] == "        BROKEN = 1 // 0"
    assert "_kit_load" not in output and "dist/" not in output.partition("kept as")[0]


PYPY = [interpreter for interpreter in found() if interpreter.impl == "pypy"]


def set_targets(root, *names, memory=64, judge="nowhere", time=0.5):
    table = (root / "problems.toml").read_text().replace("time_limit = 0.5", f"time_limit = {time}")
    table = table.replace("memory_limit = 64", f"memory_limit = {memory}")
    table = table.replace('judge = "nowhere"', f'judge = "{judge}"')
    targets = ", ".join(f'"{name}"' for name in names)
    (root / "problems.toml").write_text(table.replace('["cpython3.11"]', f"[{targets}]"))


def sum_sample(root):
    """The toy's sample replaced by a sum: "1 2" gives "3"."""
    (root / "samples" / "toy_sum" / "sample-1.in").write_text("1 2\n")
    (root / "samples" / "toy_sum" / "sample-1.out").write_text("3\n")


SUM = "print(sum(map(int, input().split())))\n"


def targets_here():
    """cpython3.11 and, when PyPy is here, pypy3."""
    return ["cpython3.11", *(["pypy3"] if PYPY else [])]


def test_a_90_mib_hog_fails_a_64_mib_limit_under_every_interpreter(toy):
    set_targets(toy, *targets_here())
    write_solution(toy, "x = bytearray(90 << 20)\nx[::4096] = b'1' * len(x[::4096])\nprint(3)\n")
    status, output = kit(toy, "-v", "--repeat", "1")
    assert status == 1, output
    assert "0/1 cases (1 MLE)" in output
    for label in targets_here():
        assert f"MLE  samples/toy_sum/sample-1.in  {label.removeprefix('cpython')} " in output


@pytest.mark.skipif(not PYPY, reason="no PyPy here")
def test_a_limit_below_pypys_own_footprint_is_held_to_the_solutions_own_memory(toy):
    """PyPy alone takes about 50 MiB: a judge whose accounting is not documented is held to
    the solution's own memory, so a small solution passes a 10 MiB limit and one that takes
    far more than 10 MiB on top of the interpreter still fails."""
    set_targets(toy, "pypy3", memory=10)
    sum_sample(toy)
    write_solution(toy, SUM)
    status, output = kit(toy, "--repeat", "1")
    assert status == 0, output
    write_solution(toy, "x = bytearray(40 << 20)\nprint(sum(map(int, input().split())))\n")
    status, output = kit(toy, "--repeat", "1")
    assert status == 1, output
    assert "(1 MLE)" in output
    assert "MiB of its own over 10 MiB" in output


def test_a_judge_without_files_accepts_a_reader_and_refuses_a_writer_under_every_target(toy):
    """Timus forbids the file system: a solution that only reads stdin is accepted under
    CPython and PyPy (whose audit events differ), and one that makes a folder is a runtime
    error saying why, under each."""
    set_targets(toy, *targets_here(), judge="Timus")
    sum_sample(toy)
    write_solution(toy, SUM)
    status, output = kit(toy, "--repeat", "1")
    assert status == 0, output
    write_solution(toy, "import os\nos.mkdir('scratch')\n" + SUM)
    status, output = kit(toy, "-v", "--repeat", "1")
    assert status == 1, output
    labels = ", ".join(label.removeprefix("cpython") for label in targets_here())
    told = 'which Timus forbids, its verdict "Restricted function"'
    assert f"wrote to the file system, {told} ({labels})" in output
    assert not (toy / "scratch").exists()


def test_a_judge_without_processes_refuses_a_solution_that_starts_one_under_every_target(toy):
    """Timus forbids starting processes: a solution that asks `sort` to do its work is a
    runtime error saying why under CPython and PyPy alike; another judge accepts it."""
    set_targets(toy, *targets_here())
    sum_sample(toy)
    run = "subprocess.run(['echo', '3'], capture_output=True, text=True)"
    write_solution(toy, f"import subprocess\nprint({run}.stdout.strip())\n")
    assert kit(toy, "--repeat", "1")[0] == 0
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "Timus"'))
    status, output = kit(toy, "-v", "--repeat", "1")
    assert status == 1, output
    labels = ", ".join(label.removeprefix("cpython") for label in targets_here())
    told = 'which Timus forbids, its verdict "Restricted function"'
    assert f"started a process, {told} ({labels})" in output
    assert 'File "solutions/toy_sum.py", line 2, in <module>' in output  # where, in its source


def test_exit_and_quit_from_site_are_accepted(toy):
    """Judges run `python3 Main.py` with the site module, which defines exit() and quit()."""
    sum_sample(toy)
    write_solution(toy, SUM + "exit()\nprint('not reached')\n")
    status, output = kit(toy, "--repeat", "1")
    assert status == 0, output


DEEP = """\
    import sys
    sys.setrecursionlimit(10 ** 6)
    def depth(n):
        return 0 if n == 0 else 1 + depth(n - 1)
    print(depth(100000) // 100000 + 2)
    quit()
    """


def test_a_deep_recursion_runs_where_the_judges_stack_allows_it(toy):
    """100,000 frames need more than the 8 MiB stack the kit may run with (PyPy and CPython
    before 3.11 recurse on the C stack); a judge without a documented stack gives the memory
    limit, 256 MiB here."""
    set_targets(toy, *targets_here(), "cpython3.8", memory=256, time=5)
    sum_sample(toy)
    write_solution(toy, DEEP)
    status, output = kit(toy, "-v", "--repeat", "1")
    assert status == 0, output
    assert "1/1 cases" in output


def test_bench_and_build_agree_on_a_hog(toy):
    """bench holds each case to the same limits and verdicts as the build."""
    sum_sample(toy)
    write_solution(
        toy,
        """\
        line = input()
        if line == "0 3":
            hoard = bytearray(90 << 20)
            hoard[::4096] = b"1" * len(hoard[::4096])
        print(sum(map(int, line.split())))
        """,
    )
    (toy / "bench" / "toy_sum.py").write_text('def cases():\n    return [("hog", "0 3\\n")]\n')
    status, output = kit(toy, "--repeat", "1")
    assert status == 0, output  # the sample passes: dist/toy_sum.py is written
    status, output = kit(toy, "bench", "toy_sum", "--repeat", "1")
    assert status == 1, output
    assert "FAILED: memory limit: " in output, output
    (toy / "samples" / "toy_sum" / "sample-2.in").write_text("0 3\n")
    (toy / "samples" / "toy_sum" / "sample-2.out").write_text("3\n")
    status, output = kit(toy, "--repeat", "1")
    assert status == 1 and "(1 MLE)" in output, output


def test_the_slowest_figure_counts_a_case_over_the_time_limit(toy):
    """A sleeper killed at 1.5 s (3x its limit) is the slowest case, at its run's wall time:
    1.5 s and however late the watch's kill came (0.2 s on a loaded machine, "1.705"), the
    figure its row of the table shows too; its 60 s asleep would be no kill at all."""
    write_solution(toy, SLEEPER)
    status, output = kit(toy, "--repeat", "1")
    assert status == 1, output
    slowest = re.search(r"slowest 3\.11 (\d+\.\d+) s", output)
    assert slowest and 1.5 <= float(slowest[1]) < 10 and "killed at 1.5 s" in output, output
    assert f" {slowest[1]}/{slowest[1]} s " in output, output


# -- cases side by side (-j) ------------------------------------------------------------------


def sleeper_samples(root, seconds):
    """One sample per entry of ``seconds``: the solution sleeps that long, then answers."""
    samples = root / "samples" / "toy_sum"
    for old in samples.iterdir():
        old.unlink()
    for number, pause in enumerate(seconds, 1):
        (samples / f"sample-{number}.in").write_text(f"{pause}\n")
        (samples / f"sample-{number}.out").write_text("done\n")
    write_solution(root, "import time\ntime.sleep(float(input()))\nprint('done')\n")


def test_side_by_side_a_case_just_over_the_limit_fails_and_one_at_half_passes(toy):
    """With -j at its default (the cores), the 0.5 s limit still holds: 0.6 s fails, 0.2 s
    passes; the report says how the times were taken."""
    sleeper_samples(toy, [0.01, 0.2, 0.01, 0.6, 0.01, 0.01])
    status, output = kit(toy, "-v")
    assert status == 1, output
    assert "5/6 cases (1 TLE)" in output, output
    assert "TLE  samples/toy_sum/sample-4.in" in output
    assert "ok   samples/toy_sum/sample-2.in" in output
    assert re.search(r"note: times: (verdicts with \d+ cases|one case) at a time", output)


def test_side_by_side_gives_the_verdicts_of_one_at_a_time(toy):
    sleeper_samples(toy, [0.01, 0.3, 0.7, 0.05])
    verdicts = []
    for options in ([], ["-j", "1", "--repeat", "3"]):
        status, output = kit(toy, "-v", *options)
        lines = [line.split()[:2] for line in output.splitlines() if line.startswith("    ")]
        verdicts.append((status, sorted(map(tuple, lines))))
    assert verdicts[0] == verdicts[1]
    assert verdicts[0][0] == 1


def test_a_kill_at_the_timeout_says_when_it_came_measured(tmp_path):
    """The watch moves a run's kill on by what it waited for a core other work on this machine
    held: a spinner said "killed at 1.5 s (3x the 0.5 s limit)" on a loaded core, where it was
    killed at 8.47 s of wall time. A sleeper waits for no core, so its kill comes at the
    timeout, as said; the same run on a loaded machine (its figures injected) says when it
    came, the figures the run's own."""
    limits = Limits(time=0.2, timeout=0.6, memory_kib=64 * 1024, output_bytes=1 << 20)
    run = run_limited([sys.executable, "-c", SLEEPER], b"", tmp_path, limits)
    assert run.killed == TIME
    said = process_verdict(run, limits)
    rule = "time limit: killed at 0.6 s (3x the 0.2 s limit)"
    if run.waited < SAID_FROM:  # the usual case: it was killed at its timeout
        assert said == (TLE, rule)
    else:  # its start-up waited for a core here: its kill came later, by that
        assert said[1].startswith(f"{rule} (and ")
        assert said[1].endswith(f": {run.seconds:.2f} s of wall time in all)")
    loaded = replace(run, seconds=8.47, waited=7.83)
    assert process_verdict(loaded, limits) == (
        TLE,
        f"{rule} (and 7.87 s more for what it waited for a core other work on this machine "
        "held: 8.47 s of wall time in all)",
    )

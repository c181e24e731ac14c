"""kit.run.verdicts: one verdict per run, as a judge gives it, in build, run and stress alike.

The unit tests pin the order in which a judge stops a run (output, memory, time, exit status)
and the counts of the summary. The end-to-end tests build a toy problem whose solution is a
hostile program (a memory hog, an output flood, a sleeper, a crash inside a helper) and check
the verdict the build, ``run`` and ``stress`` give it.
"""

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kit.judges.targets import found
from kit.run.process import MEMORY, TIME, Run
from kit.run.verdicts import MLE, OLE, RE, TLE, Limits, count_line, message, process_verdict
from kit.startup import TOY

ROOT = Path(__file__).resolve().parent.parent
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
        (
            {"returncode": 1, "stderr": b"Traceback (most recent call last):\nKeyError: 3\n"},
            RE,
            "runtime error: exit status 1: KeyError: 3",
        ),
    ],
    ids=["output-first", "memory-kill", "memory-peak", "time", "signal", "exit"],
)
def test_a_run_is_judged_in_the_order_a_judge_stops_it(fields, word, start):
    got_word, text = process_verdict(ran(**fields), LIMITS)
    assert got_word == word
    assert text.startswith(start), text


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


@pytest.mark.parametrize(
    ("code", "word", "phrase"),
    [
        (HOG, "MLE", "memory limit: peak"),
        (FLOOD, "OLE", "output limit: more than 64 MiB"),
        (SLEEPER, "TLE", "time limit: killed at 1.5 s"),
    ],
    ids=["hog", "flood", "sleeper"],
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
    assert "[toy_sum: MLE, " in output and "memory limit: peak" in output


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


PYPY = [interpreter for interpreter in found() if interpreter.impl == "pypy"]


@pytest.mark.skipif(not PYPY, reason="no PyPy here")
def test_a_limit_below_pypys_own_footprint_is_judged_above_its_baseline(toy):
    """PyPy alone takes about 50 MiB: under a 10 MiB limit every run would fail. The report
    says so once and judges the memory above PyPy's measured baseline; a solution that takes
    far more than 10 MiB on top of it still fails."""
    table = (toy / "problems.toml").read_text()
    table = table.replace("memory_limit = 64", "memory_limit = 10")
    (toy / "problems.toml").write_text(table.replace('"cpython3.11"', '"pypy3"'))
    write_solution(toy, "print(sum(map(int, input().split())))\n")
    (toy / "samples" / "toy_sum" / "sample-1.in").write_text("1 2\n")
    (toy / "samples" / "toy_sum" / "sample-1.out").write_text("3\n")
    status, output = kit(toy, "--repeat", "1")
    assert status == 0, output
    assert output.count("over the 10 MiB limit: its runs are judged above that baseline") == 1
    write_solution(toy, "x = bytearray(40 << 20)\nprint(sum(map(int, input().split())))\n")
    status, output = kit(toy, "--repeat", "1")
    assert status == 1, output
    assert "(1 MLE)" in output

"""kit.run.cases: the toy's bundle run on its cases under a stand-in: verdicts per case and
target, targets served by one interpreter run once, a failure kept with its input, expected
and got, a lone input judged by how its run ends, ``first_failure`` stopping at the first
failing case, the gate's groups, the times and peaks the report gives and their warnings; and
the hints a failing case gets as the build runs it (``kit.run.tracebacks`` and
``kit.run.failure_hints`` have the tests of a run's stderr and of the hints themselves)."""

import re
import subprocess
import sys
from dataclasses import replace

import pytest

from kit.bundle_making import write_bundle
from kit.errors import BuildError
from kit.judges.compare import FloatComparator
from kit.judges.targets import Runner, host, parse_target, stand_in
from kit.problem_cases import Case
from kit.registry import load_registry
from kit.run import case_judge, clock_reads, failure_hints
from kit.run import cases as cases_module
from kit.run.cases import Column, RunOptions, run_all
from kit.run.failure_hints import TESTLIB_USAGE
from kit.run.process import Timing
from kit.run.verdicts import NO_ANSWER, OK, TLE
from tests.kit.run.case_support import ONE_AT_A_TIME, case, sample
from tests.process_support import PIN_FIRST_CORE


def test_a_target_pair_served_by_one_interpreter_runs_once_and_both_pass(toy_run):
    problem, bundle, script, columns = toy_run
    said = []
    options = RunOptions(repeat=1, jobs=1, progress=said.append)
    ran = run_all(problem, bundle, script, [sample(problem)], columns, options=options)
    assert (ran.passed, ran.total, ran.counts, ran.failures) == (1, 1, "", [])
    assert [(v.case, v.label, v.word) for v in ran.verdicts] == [
        ("sample-1", "3.8", "ok"),
        ("sample-1", "pypy3", "ok"),
    ]
    assert len(said) == 1 and str(said[0]).startswith("toy_sum: run 1 of 1, ")  # one for both
    assert all(column.peak_kib > 0 and column.slowest.seconds for column in columns)


def test_a_bundle_is_scanned_for_clock_reads_once_for_its_targets_threads_and_runs(
    toy_run, tmp_path, monkeypatch
):
    """Two targets, two threads and two runs (as a build's gated groups run apart): one scan
    of the bundle's modules; the solution edited and bundled again, a scan of the new text."""
    problem, bundle, script, columns = toy_run
    scanned = []
    real = clock_reads._first_read
    monkeypatch.setattr(clock_reads, "_first_read", lambda ms: scanned.append(1) or real(ms))
    monkeypatch.setattr(clock_reads, "_scans", {})
    options = RunOptions(repeat=1, jobs=2)
    cases = [sample(problem), case(tmp_path, "two", "1 2\n", "3\n")]
    for judged in (columns, columns[1:]):
        run_all(problem, bundle, script, cases, judged, options=options)
    assert len(columns) == 2 and len(scanned) == 1
    solution = bundle.entry.path
    solution.write_text(solution.read_text() + "\n# edited\n")
    again = tmp_path / "again"
    again.mkdir()
    bundle, script = write_bundle(problem, again)
    run_all(problem, bundle, script, cases, columns, options=options)
    assert len(scanned) == 2


def test_a_wrong_answer_keeps_input_expected_and_got_for_both_targets(toy_run, tmp_path):
    problem, bundle, script, columns = toy_run
    wrong = case(tmp_path, "wrong", "1 1\n", "not the output\n")
    ran = run_all(problem, bundle, script, [sample(problem), wrong], columns, options=ONE_AT_A_TIME)
    assert (ran.passed, ran.total, ran.counts) == (1, 2, "1 WA")
    (failure,) = ran.failures
    assert (failure.case, failure.labels, failure.word) == ("wrong", ["3.8", "pypy3"], "WA")
    assert failure.message.startswith("wrong answer")
    assert (failure.input, failure.expected) == (wrong.input, b"not the output\n")
    assert b"line 1:      2" in failure.got
    assert all(column.failed == {"wrong"} for column in columns)


def test_a_wrong_answer_alone_still_gives_the_peak_memory(toy_run, tmp_path):
    """It ran to its end: the report's peak is not a dash (kept for runs that were killed)."""
    problem, bundle, script, columns = toy_run
    wrong = case(tmp_path, "wrong", "1 1\n", "not the output\n")
    ran = run_all(problem, bundle, script, [wrong], columns, options=ONE_AT_A_TIME)
    assert ran.counts == "1 WA" and all(column.peak_kib > 0 for column in columns)


HOG = """import sys
if sys.stdin.read().split() == ["hog"]:
    hog = bytearray(200 << 20)
    hog[::4096] = b"1" * len(hog[::4096])
print(2)
"""


def test_a_run_killed_for_its_memory_gives_the_peak_it_was_killed_at(toy_run, tmp_path):
    """The table's peak of a target that failed on memory is the kill's, over the limit: not
    its passing cases' few MiB. The failure says it, so no warning of half the limit."""
    problem, bundle, script, columns = toy_run
    script.write_text(HOG)
    cases = [case(tmp_path, "small", "1 1\n", "2\n"), case(tmp_path, "hog", "hog\n", "2\n")]
    ran = run_all(problem, bundle, script, cases, columns, options=ONE_AT_A_TIME)
    assert ran.counts == "1 MLE", ran.failures
    assert all(column.peak_kib > problem.memory_limit * 1024 for column in columns), columns
    assert not [warning for warning in ran.warnings if "over half" in warning], ran.warnings


def test_a_wrong_answer_from_a_helper_s_debugging_print_points_at_it(toy, tmp_path):
    helper = toy / "shared" / "toy_numbers.py"
    text = helper.read_text()
    debug = "        print('seen', line)\n        if line.strip():\n"  # its line 9
    helper.write_text(text.replace("        if line.strip():\n", debug, 1))
    problem = load_registry(toy)["toy_sum"]
    bundle, script = write_bundle(problem, tmp_path)
    runner = stand_in(list(problem.targets))
    columns = [Column(target, runner, static_only=True) for target in problem.targets]
    ran = run_all(problem, bundle, script, [sample(problem)], columns, options=ONE_AT_A_TIME)
    (failure,) = ran.failures
    assert failure.word == "WA"
    assert [line for line in failure.details if "shared/toy_numbers.py line 9 prints" in line]


def test_a_rounded_answer_under_an_exact_comparison_points_at_compare_float(toy_run, tmp_path):
    problem, bundle, script, columns = toy_run
    script.write_text("print(3.141593)\n")
    pi = case(tmp_path, "pi", "\n", "3.14159265358979\n")
    ran = run_all(problem, None, script, [pi], columns[:1], options=ONE_AT_A_TIME)
    (failure,) = ran.failures
    assert failure.word == "WA" and failure.details[-1].endswith('compare = "float:1e-6" in '
                                                                  "problems.toml")  # fmt: skip


@pytest.mark.parametrize("managed", [False, True])
def test_a_module_the_judge_installs_and_the_runner_lacks_names_that_runner_to_install_it(
    toy, tmp_path, monkeypatch, managed
):
    """AtCoder installs ortools; the Python that ran the case here has none: not
    judged here, and the hint's pip line names that very interpreter (and, where the system
    manages its packages, how to install into a virtual environment instead)."""
    monkeypatch.setattr(case_judge, "externally_managed", lambda executable: managed)
    _judged_by_atcoder_without_ortools(toy)
    (toy / "solutions" / "toy_sum.py").write_text("import ortools\n")
    failure = _judged_once(toy, tmp_path)
    assert failure.word == "JE" and "not judged here" in failure.message
    assert [line for line in failure.details if f"`{sys.executable} -m pip install " in line]
    said = [line for line in failure.details if "EXTERNALLY-MANAGED" in line]
    assert said == ([failure_hints.MANAGED_HINT.format(python=sys.executable)] if managed else [])


@pytest.mark.parametrize(
    ("code", "word"),
    [
        ("raise OSError(28, 'No space left on device')\n", "JE"),
        ("import os\nos._exit(120)\n", "JE"),  # stdout's flush failed at exit
        ("raise OSError(5, 'Input/output error')\n", "RE"),  # no sign of the full disk
    ],
)
def test_a_run_that_failed_on_a_full_temporary_folder_is_not_judged_here(
    toy, tmp_path, monkeypatch, code, word
):
    """With TMPDIR on a small file system, a right 100 KB answer was the solution's RE (its
    own traceback, "No space left on device"): the judge would accept it."""
    from kit.run import limits as limits_module

    (toy / "solutions" / "toy_sum.py").write_text(code)
    assert _judged_once(toy, tmp_path).word == "RE"  # the disk has room: the solution's
    usage = limits_module.shutil.disk_usage(tmp_path)._replace(free=60 << 10)
    monkeypatch.setattr(limits_module.shutil, "disk_usage", lambda folder: usage)
    failure = _judged_once(toy, tmp_path)
    assert failure.word == word
    if word == "JE":
        assert "not judged here: the temporary folder " in failure.message
        assert "(60 KiB free, less than the output limit of 64 MiB)" in failure.message


def test_a_run_this_machine_failed_keeps_its_traceback_without_the_solution_s_hints(
    toy, tmp_path, monkeypatch
):
    """A crash under a hard stack limit below the judge's said "make the recursion
    iterative": advice for the solution, whose failure it is not known to be."""
    (toy / "solutions" / "toy_sum.py").write_text(
        "import sys\nsys.setrecursionlimit(100)\ndef f(n):\n    return f(n + 1)\nf(0)\n"
    )
    crashed = _judged_once(toy, tmp_path)
    assert crashed.word == "RE" and any(line.startswith("hint:") for line in crashed.details)
    monkeypatch.setattr(case_judge, "machine_failure", lambda *_: "not judged here: stack")
    failure = _judged_once(toy, tmp_path)
    assert (failure.word, failure.message) == ("JE", "judge error: not judged here: stack")
    assert failure.details and not any(line.startswith("hint:") for line in failure.details)


def test_a_pool_of_workers_on_two_cores_is_timed_as_on_one(toy, tmp_path):
    """Two processes spinning 0.6 s of CPU each, side by side: 0.72 s of wall time and ok on a
    quiet two-core machine, TLE on one core or beside other work; now TLE everywhere, with a
    hint that names the CPU time taken together."""
    (toy / "solutions" / "toy_sum.py").write_text(
        "import multiprocessing, time\n"
        "def spin(_):\n"
        "    start = time.process_time()\n"
        "    while time.process_time() - start < 0.6:\n"
        "        pass\n"
        "if __name__ == '__main__':\n"
        "    with multiprocessing.Pool(2) as pool:\n"
        "        pool.map(spin, [0, 1])\n"
        f"    print(end={(toy / 'samples' / 'toy_sum' / 'sample-1.out').read_text()!r})\n"
    )
    failure = _judged_once(toy, tmp_path)
    assert failure.word == "TLE", failure.message


def _judged_by_atcoder_without_ortools(toy):
    """The toy problem judged by AtCoder, which installs ortools; skipped where this Python
    has it."""
    here = subprocess.run(
        [sys.executable, "-I", "-c", "import ortools"], capture_output=True, check=False
    )
    if here.returncode == 0:
        pytest.skip("ortools is installed here")
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "AtCoder"', 1))


def _judged_once(toy, tmp_path):
    """The one failure of the toy problem's sample under this CPython as 3.13."""
    problem = load_registry(toy)["toy_sum"]
    bundle, script = write_bundle(problem, tmp_path)
    runner = Runner(parse_target("cpython3.13"), host(), False)
    columns = [Column(runner.target, runner, static_only=True)]
    ran = run_all(problem, bundle, script, [sample(problem)], columns, options=ONE_AT_A_TIME)
    (failure,) = ran.failures
    return failure


def test_a_guarded_import_of_a_module_the_judge_installs_and_the_runner_lacks(toy, tmp_path):
    """``try: import ortools`` / ``except ImportError: <fallback>``: the judge runs the
    import's branch and this machine could only run the fallback, here a wrong one: not judged
    here, not WA (and a right fallback is no "ok" either)."""
    _judged_by_atcoder_without_ortools(toy)
    (toy / "solutions" / "toy_sum.py").write_text(
        "try:\n    import ortools\nexcept ImportError:\n    print('fallback')\n"
    )
    failure = _judged_once(toy, tmp_path)
    assert failure.word == "JE" and "no 'ortools', which AtCoder" in failure.message


def test_a_verdict_that_varies_between_repeated_runs_is_noted(toy_run, tmp_path):
    """``--repeat 4`` on a solution whose output varies (hash order, here a counter kept
    outside the run's folder): the second run fails, the others pass; the rest are run and the
    failure says 1 of 4 failed. A steady failure gets no note."""
    problem, bundle, script, columns = toy_run
    counter = tmp_path / "runs"
    counter.write_text("0")
    script.write_text(
        f"import pathlib\nc = pathlib.Path({str(counter)!r})\nn = int(c.read_text()) + 1\n"
        "c.write_text(str(n))\nprint(0 if n == 2 else 3)\n"
    )
    options = RunOptions(repeat=4, jobs=1)
    sums = case(tmp_path, "sums", "1 2\n", "3\n")
    ran = run_all(problem, bundle, script, [sums], columns[:1], options=options)
    (failure,) = ran.failures
    assert failure.word == "WA" and counter.read_text() == "4"
    assert "note: 1 of 4 runs failed and 3 were accepted: the verdict varies between runs" in (
        "\n".join(failure.details)
    )
    counter.write_text("1")  # the first run is the second: fails; the rest pass
    ran = run_all(problem, bundle, script, [sums], columns[:1], options=options)
    assert "note: 1 of 4 runs failed and 3 were accepted" in "\n".join(ran.failures[0].details)
    wrong = case(tmp_path, "wrong", "1 2\n", "4\n")
    ran = run_all(problem, bundle, script, [wrong], columns[:1], options=options)
    assert not [line for line in ran.failures[0].details if "runs failed" in line]


def test_repeated_runs_that_write_the_same_output_are_compared_once(toy_run, tmp_path, monkeypatch):
    """``--repeat 3`` of a steady output under a built-in rule: one comparison for the three
    runs (a repeat's verdict needs its time and exit only); an output that differs between
    runs is compared each time, so a run that fails still fails (the test above)."""
    problem, bundle, script, columns = toy_run
    problem = replace(problem, compare="float:1e-6")
    compared = []
    real = FloatComparator.judge
    monkeypatch.setattr(
        FloatComparator, "judge", lambda self, *a: compared.append(a[2]) or real(self, *a)
    )
    options = RunOptions(repeat=3, jobs=1)
    sums = case(tmp_path, "sums", "1 2\n", "3\n")
    counter = tmp_path / "runs"
    counted = (
        f"import pathlib\nc = pathlib.Path({str(counter)!r})\nn = int(c.read_text()) + 1\n"
        "c.write_text(str(n))\n"
    )
    for printed, outputs in [
        ("print(3.0000001)\n", [b"3.0000001\n"]),
        ("print(3 + n / 1e8)\n", [b"3.00000001\n", b"3.00000002\n", b"3.00000003\n"]),
    ]:
        compared.clear()
        counter.write_text("0")
        script.write_text(counted + printed)
        ran = run_all(problem, bundle, script, [sums], columns[:1], options=options)
        assert ran.passed == 1 and counter.read_text() == "3"
        assert compared == outputs


def test_a_lone_input_passes_when_its_run_ends_cleanly(toy_run, tmp_path):
    problem, bundle, script, columns = toy_run
    lone = case(tmp_path, "lone", "5 5\n")
    ran = run_all(problem, bundle, script, [lone], columns, options=ONE_AT_A_TIME)
    assert ran.passed == 1 and {v.said for v in ran.verdicts} == {NO_ANSWER}


def test_progress_counts_each_case_once_and_names_a_time_taken_again(toy_run, tmp_path):
    """A case over half its limit is timed again alone: "run 3 of 2" said so before. Each
    step counts the first runs ended and the runs timed again alone so far (a log's line)."""
    problem, bundle, script, columns = toy_run
    script.write_text("import time\ntime.sleep(0.55)\n" + script.read_text())
    said = []
    options = RunOptions(jobs=1, progress=said.append)
    ran = run_all(
        problem, bundle, script, [case(tmp_path, "slow", "1 2\n")], columns, options=options
    )
    assert ran.passed == 1
    assert [str(step).split(", ")[0] for step in said] == [
        "toy_sum: run 1 of 1",
        *["toy_sum: timed again alone"] * (len(said) - 1),
    ]
    assert len(said) > 1
    label = columns[0].runner.label
    assert [(step.ended, step.retimes, step.cases) for step in said] == [
        (((label, 0),), 0, 1),
        *[(((label, 1),), again, 1) for again in range(1, len(said))],
    ]


def test_a_wrong_answer_keeps_its_time_and_what_it_wrote_on_stderr(toy_run, tmp_path):
    """The table shows its time as a judge does (it showed ``-``), and --diff its debug lines."""
    problem, bundle, script, columns = toy_run
    script.write_text("import sys\nprint('dbg', file=sys.stderr)\nprint(999)\n")
    options = RunOptions(repeat=1, jobs=1)
    ran = run_all(problem, bundle, script, [case(tmp_path, "c", "1 2\n", "3\n")], columns[:1],
                  options=options)  # fmt: skip
    assert ran.counts == "1 WA" and ran.failures[0].stderr == b"dbg\n"
    assert columns[0].slowest.seconds and columns[0].slowest.median > 0


@pytest.mark.parametrize(("reads_first", "hinted"), [(True, False), (False, True)])
def test_a_run_killed_after_it_read_its_whole_input_gets_no_input_hint(
    toy_run, tmp_path, reads_first, hinted
):
    """How far a run killed at the time-out had read its stdin is taken at the kill: an
    infinite loop after input() read every line is not blamed on input()."""
    problem, bundle, script, columns = toy_run
    count = 600_000  # input() costs more than the 1 s a run killed at 1.5 s is over by
    assert count * failure_hints.INPUT_LINE_SECONDS > 1.0
    lines = "".join(f"{n}\n" for n in range(count))
    read = f"n = [input() for _ in range({count})]\n"
    loop = "while True:\n    pass\n"
    script.write_text(read + loop if reads_first else loop + read)
    problem = replace(problem, time_limit=0.5)
    options = RunOptions(repeat=1, jobs=1)
    big = case(tmp_path, "big", lines, "")
    ran = run_all(problem, None, script, [big], columns[:1], options=options)  # no bundle: the
    # hint reads the script
    (failure,) = ran.failures
    assert failure.word == "TLE", failure.message
    said = [line for line in failure.details if "reads with input()" in line]
    assert bool(said) == hinted, failure.details


@pytest.mark.parametrize("cut", [True, False])
def test_after_a_run_killed_at_the_timeout_the_runner_s_later_runs_are_killed_sooner(
    toy_run, tmp_path, cut
):
    """A build's (``cut_after_kill``): an endless loop's first run is killed at 3x the limit,
    its second at 2x (kit.run.limits.after_a_kill), both time-outs; else both at 3x."""
    problem, _, script, columns = toy_run
    script.write_text("while True:\n    pass\n")
    problem = replace(problem, time_limit=0.2)
    options = RunOptions(repeat=1, jobs=1, cut_after_kill=cut)
    cases = [case(tmp_path, f"c{n}", "1 2\n", "3\n") for n in range(2)]
    ran = run_all(problem, None, script, cases, columns[:1], options=options)
    assert [v.word for v in ran.verdicts] == [TLE, TLE]
    first, second = (failure.message for failure in ran.failures)
    at_3x = "time limit: killed at 0.6 s (3x the 0.2 s limit)"
    at_2x = "time limit: killed at 0.4 s (2x the 0.2 s limit, after an earlier run's kill at 0.6 s)"
    assert first.startswith(at_3x), first
    assert second.startswith(at_2x if cut else at_3x), second


def test_a_run_over_the_limit_that_was_not_killed_does_not_cut_the_later_runs(toy_run, tmp_path):
    """Only a kill at the timeout does (``cut_after_kill``): a first case over the limit by
    its own time, run to its end, leaves the second's kill at 3x the limit."""
    problem, _, script, columns = toy_run
    script.write_text(
        "import sys, time\nif sys.stdin.read().split()[0] == '1':\n    time.sleep(0.5)\n"
        "    print(3)\nelse:\n    while True:\n        pass\n"
    )
    problem = replace(problem, time_limit=0.2)
    options = RunOptions(repeat=1, jobs=1, cut_after_kill=True)
    cases = [case(tmp_path, f"c{n}", f"{n + 1} 2\n", "3\n") for n in range(2)]
    ran = run_all(problem, None, script, cases, columns[:1], options=options)
    assert [v.word for v in ran.verdicts] == [TLE, TLE]
    first, second = (failure.message for failure in ran.failures)
    assert " is over the 0.2 s limit" in first and "killed" not in first, first
    assert second.startswith("time limit: killed at 0.6 s (3x the 0.2 s limit)"), second


def test_first_failure_stops_each_target_at_its_first_failing_case(toy_run, tmp_path):
    problem, bundle, script, columns = toy_run
    cases = [case(tmp_path, f"c{n}", "x y\n", "") for n in range(3)]  # int("x") raises
    options = RunOptions(repeat=1, jobs=1, first_failure=True)
    ran = run_all(problem, bundle, script, cases, columns, options=options)
    assert (ran.passed, ran.total, ran.counts) == (0, 3, "1 RE, 2 not run")
    assert ran.warnings == [
        "note: stopped at the first failure (--first-failure): 2 of 3 cases not run"
    ]
    (failure,) = ran.failures
    assert failure.message.startswith("runtime error")
    assert any('File "shared/toy_numbers.py"' in line for line in failure.details)


@pytest.mark.parametrize("finished", [True, False])
def test_a_solution_that_runs_on_after_the_game_gets_the_ran_on_hint(
    checkout_copy, tmp_path, finished
):
    """A solution that sleeps once the interactor has accepted and exited is idle, and its
    hint says it ran on after the game; one that sleeps before its last answer is told the
    interactor did not answer, or its answer was not flushed."""
    root = checkout_copy("guess")
    solution = root / "solutions" / "guess.py"
    text = solution.read_text()
    sleep = "import time\ntime.sleep(30)\n"
    if finished:
        text = text.replace('if __name__ == "__main__":\n    main()', "main()\n" + sleep)
    else:
        text = sleep + text
    solution.write_text(text)
    problem = replace(load_registry(root)["guess"], time_limit=0.3)
    ran = played(problem, tmp_path)
    assert ran.counts == "1 TLE", ran.failures
    (failure,) = ran.failures
    ran_on = [line for line in failure.details if line.startswith("hint: the interactor had")]
    assert bool(ran_on) == finished, failure.details


def played(problem, tmp_path, options=ONE_AT_A_TIME):
    """The guess fixture's sample game, its bundle under one stand-in for every target."""
    folder = tmp_path / "bundle"
    folder.mkdir()
    bundle, script = write_bundle(problem, folder)
    runner = stand_in(list(problem.targets))
    columns = [Column(target, runner, static_only=True) for target in problem.targets]
    cases = [Case("sample-1", problem.samples_dir / "sample-1.in", None)]
    return run_all(problem, bundle, script, cases, columns, options=options)


@pytest.mark.parametrize(
    ("judge", "word"),
    [("nowhere", ""), ("codeforces", '; on Codeforces: "Idleness limit exceeded"')],
)
def test_an_idle_game_killed_at_the_timeout_is_played_once(checkout_copy, tmp_path, judge, word):
    """A solution that does not flush its guesses waits for an answer the interactor waits to
    ask for: killed at the timeout, that is its verdict, not a time to take again alone (it
    was played twice, doubling the wait for the most common interactive mistake). A judge
    with a verdict of its own for it is said to give that."""
    root = checkout_copy("guess")
    solution = root / "solutions" / "guess.py"
    text = solution.read_text().replace("print(middle, flush=True)", "print(middle)")
    solution.write_text("import sys\n" + text.replace("input().strip()", "sys.stdin.readline()"))
    games = tmp_path / "games"
    interactor = root / "interactors" / "guess.py"
    count = f"open({str(games)!r}, 'a').write('game\\n')\n"
    interactor.write_text(count + interactor.read_text())
    problem = replace(load_registry(root)["guess"], time_limit=0.2, judge=judge)
    ran = played(problem, tmp_path, RunOptions(jobs=2))  # as a build: re-timed if near the limit
    assert ran.counts == "1 TLE", ran.failures
    said = ran.failures[0].message
    assert said.startswith("time limit: idle") and said.endswith(f"other?){word}"), said
    assert games.read_text() == "game\n"


def spinning_game(checkout_copy, tmp_path, cpu: float, limit: float):
    """The guess fixture's game, its solution first spending ``cpu`` seconds of CPU on the
    first core (the crowded one of the fixtures), under a time limit of ``limit``."""
    root = checkout_copy("guess")
    solution = root / "solutions" / "guess.py"
    spin = (
        f"import os, time\n{PIN_FIRST_CORE}\n"
        f"END = time.process_time() + {cpu}\nwhile time.process_time() < END:\n    pass\n"
    )
    solution.write_text(spin + solution.read_text())
    return played(replace(load_registry(root)["guess"], time_limit=limit), tmp_path)


def test_a_game_s_time_leaves_out_what_it_waited_for_a_core(checkout_copy, tmp_path, crowded_core):
    """As a batch run's does: a game spending 0.3 s of CPU on a crowded core (a quarter of it
    or less: 1.2 s of wall time at least, other work holding the rest) was TLE under a 0.8 s
    limit, its batch twin ok. (At 0.5 s of CPU a machine busier still overtook the game's
    2.4 s deadline.)"""
    ran = spinning_game(checkout_copy, tmp_path, cpu=0.3, limit=0.8)
    assert ran.counts == "", ran.failures
    (column,) = ran.columns
    assert column.slowest.seconds[0] < 0.8


def test_a_busy_game_killed_at_the_timeout_keeps_the_kill_s_time(
    checkout_copy, tmp_path, shared_core
):
    """A game killed on a shared core (over its CPU limit, half the core its; its deadline
    moved on by what it waited until then): its time less that wait fell under the limit
    times a Kattis margin, and verify called a time-limit submission that never ends "too
    close to call"."""
    root = checkout_copy("guess")
    solution = root / "solutions" / "guess.py"
    solution.write_text(f"import os\n{PIN_FIRST_CORE}\nwhile True:\n    pass\n")
    problem = replace(load_registry(root)["guess"], time_limit=0.4)
    ran = played(problem, tmp_path)
    (verdict,) = ran.verdicts
    assert verdict.word == "TLE" and verdict.seconds >= 1.2, verdict


def test_a_game_s_deadline_moves_on_by_what_it_waited_for_a_core(
    checkout_copy, tmp_path, crowded_core
):
    """A game with a quarter of a core at most, spending 0.6 s of CPU under a 0.8 s limit
    (2.4 s of wall time at least, its start-up besides), was killed at its 2.4 s deadline,
    "not judged here" (or TLE "idle" where it waited less): its deadline moves on by what it
    waited, as a batch run's does, and its time leaves that out."""
    ran = spinning_game(checkout_copy, tmp_path, cpu=0.6, limit=0.8)
    assert ran.counts == "", ran.failures
    (column,) = ran.columns
    assert column.slowest.seconds[0] < 0.8


def test_a_starved_game_over_its_cpu_limit_is_a_time_limit(checkout_copy, tmp_path, crowded_core):
    """A game with a quarter of a core at most, spending 2 s of CPU under a 0.8 s limit, was
    killed at its 2.4 s deadline with 0.6 s of CPU, "not judged here": its deadline moved on by
    what it waited until its CPU time was over the limit."""
    ran = spinning_game(checkout_copy, tmp_path, cpu=2.0, limit=0.8)
    (verdict,) = ran.verdicts
    assert verdict.word == "TLE", ran.failures
    (failure,) = ran.failures
    assert "s CPU, over the 0.8 s limit, killed at the 2.4 s timeout (and " in failure.message
    assert "for what its two sides waited for a core" in failure.message


def test_a_game_killed_for_its_memory_gives_no_warning_of_its_peak(checkout_copy, tmp_path):
    """The peak of a game killed over the memory limit is the kill's: it is the failure's
    message, not a passing target's memory over half the limit."""
    root = checkout_copy("guess")
    solution = root / "solutions" / "guess.py"
    solution.write_text("hog = bytearray(100 << 20)\nhog[::4096] = b'1' * len(hog[::4096])\n")
    problem = load_registry(root)["guess"]
    ran = played(problem, tmp_path)
    assert ran.counts == "1 MLE", ran.failures
    assert not [warning for warning in ran.warnings if "over half" in warning], ran.warnings


@pytest.mark.parametrize(
    ("name", "spec", "setting"),
    [
        ("guess.py", "{}", '"testlib:interactors/guess.py"'),
        ("my guess.py", '"{}"', "\"testlib:'interactors/my guess.py'\""),
        ("guess.py", "testlib:{}", None),
    ],
)
def test_a_testlib_interactor_named_without_its_protocol_gets_a_hint(
    checkout_copy, tmp_path, name, spec, setting
):
    """testlib's usage message (registerInteraction wants INPUT OUTPUT [ANSWER]) from an
    interactor run by the kit's own protocol (PATH INPUT) says how to name it: the setting
    to write, with its path (it said ``"testlib:PATH"``)."""
    root = checkout_copy("guess")
    usage = "FAIL Program must be run with the following arguments: " + TESTLIB_USAGE + "]"
    (root / "interactors" / name).write_text(
        f"import sys\nprint({usage!r}, file=sys.stderr)\nsys.exit(3)\n"
    )
    problem = load_registry(root)["guess"]
    problem = replace(problem, interactor=spec.format(f"interactors/{name}"))
    ran = played(problem, tmp_path)
    (failure,) = ran.failures
    assert failure.word == "JE", failure.message
    hints = [line for line in failure.details if "testlib interactor" in line]
    said = failure_hints.TESTLIB_INTERACTOR_HINT.format(setting=setting)
    assert hints == ([said] if setting else []), failure.details


def test_a_write_after_the_interactor_accepted_gets_a_hint(checkout_copy, tmp_path):
    root = checkout_copy("guess")
    solution = root / "solutions" / "guess.py"
    solution.write_text(
        solution.read_text().replace(
            "    main()\n",
            "    main()\n    import select, sys\n"
            "    sys.stdin.read()  # its input ends as the interactor exits\n"
            "    gone = select.poll()\n    gone.register(1, select.POLLERR)\n"
            "    gone.poll(1000)  # until its output's reader is gone too (if it goes)\n"
            "    print('bye', flush=True)\n",
        )
    )
    problem = load_registry(root)["guess"]
    ran = played(problem, tmp_path)
    (failure,) = ran.failures
    assert failure.word == "RE", failure.message
    assert failure_hints.WROTE_AFTER_HINT in failure.details, failure.details


def test_a_first_run_far_slower_than_its_runs_alone_is_warned_of(toy_run, tmp_path):
    """The solution caches its answer outside its folder: its first run is over the limit,
    its runs alone are fast, the median alone accepts it, and a warning says so."""
    problem, bundle, script, columns = toy_run
    cache = tmp_path / "cache"
    script.write_text(
        f"import os, time\nif not os.path.exists({str(cache)!r}):\n"
        "    start = time.process_time()\n    while time.process_time() - start < 1.3:\n"
        f"        pass\n    open({str(cache)!r}, 'w').close()\nprint(3)\n"
    )
    lone = case(tmp_path, "lone", "1 2\n")  # no answer: judged by how its run ends
    ran = run_all(problem, bundle, script, [lone], columns[:1], options=RunOptions(jobs=1))
    assert ran.counts == "", ran.failures
    (warning,) = [line for line in ran.warnings if "on its first run" in line]
    took = re.match(r"warning: lone took (\d+\.\d+) s under ", warning)
    assert took and 1.0 < float(took[1]) < 3.0 and "a judge runs it once" in warning, warning


class Refusing:
    """A gate that refuses the group holding ``column``, and says that group waits."""

    def __init__(self, column):
        self.column = column
        self.asked = []
        self.log = []

    def settle(self):
        self.log.append("settle")

    def waits(self, group):
        return self.column in group

    def admits(self, group):
        self.asked.append([column.target.name for column in group])
        self.log.append("admit")
        return self.column not in group


def test_a_group_the_gate_refuses_leaves_no_verdict_and_no_column(toy_run, tmp_path):
    problem, bundle, script, columns = toy_run
    other = stand_in([problem.targets[0]])  # a second runner: the stand-in with other flags
    other = replace(other, extra_flags=(*other.extra_flags, "-B"))
    columns = [columns[0], Column(problem.targets[1], other, static_only=True)]
    refused = columns[1]
    options = RunOptions(repeat=1, jobs=1, gate=Refusing(refused))
    wrong = case(tmp_path, "wrong", "1 2\n", "no\n")
    ran = run_all(problem, bundle, script, [sample(problem), wrong], columns, options=options)
    assert ran.columns == [columns[0]]
    assert {v.label for v in ran.verdicts} == {columns[0].target.label}
    assert [failure.labels for failure in ran.failures] == [[columns[0].target.label]]


def test_the_groups_that_do_not_wait_for_the_gate_start_first(toy_run, tmp_path):
    problem, bundle, script, columns = toy_run
    other = stand_in([problem.targets[0]])
    other = replace(other, extra_flags=(*other.extra_flags, "-B"))
    columns = [Column(problem.targets[0], other, static_only=True), columns[1]]
    gate = Refusing(columns[0])  # the first column's group waits
    cases = [sample(problem), case(tmp_path, "two", "1 2\n")]
    run_all(problem, bundle, script, cases, columns, options=RunOptions(jobs=1, gate=gate))
    first = [names for names in gate.asked[:2]]
    assert first == [["pypy3"], ["pypy3"]]  # both cases of the group that does not wait


@pytest.mark.parametrize("per_move", [False, True])
def test_games_timed_per_move_start_once_the_gate_has_settled(
    toy_run, tmp_path, monkeypatch, per_move
):
    problem, bundle, script, columns = toy_run
    real = cases_module.limits_for
    monkeypatch.setattr(
        cases_module, "limits_for", lambda *a, **k: replace(real(*a, **k), per_move=per_move)
    )
    gate = Refusing(None)
    cases = [sample(problem), case(tmp_path, "two", "1 2\n")]
    run_all(problem, bundle, script, cases, columns, options=RunOptions(jobs=2, gate=gate))
    assert (gate.log[0] == "settle") == per_move


def test_the_slowest_figure_is_the_time_taken_alone(toy_run, tmp_path, monkeypatch):
    """Side by side, every case reads slower than alone: the slowest case's time alone is the
    figure, not another case's time taken beside it."""
    problem, bundle, script, columns = toy_run
    times = iter([0.30, 0.29, 0.12])  # the first pass, side by side; then the slowest alone

    def repeat(self, case, runner, limits, runs):
        return case_judge.Outcome(OK), Timing([next(times)] * runs, peak_kib=1)

    monkeypatch.setattr(case_judge.CaseJudge, "repeat", repeat)
    cases = [sample(problem), case(tmp_path, "two", "1 2\n")]
    ran = run_all(problem, bundle, script, cases, columns, options=RunOptions(jobs=2))
    assert [column.slowest.median for column in ran.columns] == [0.12, 0.12]
    alone = {(verdict.seconds, verdict.alone) for verdict in ran.verdicts}
    assert alone == {(0.12, True), (0.29, False)}  # -v says which time was taken beside another


@pytest.mark.parametrize("times", [[2.0], []], ids=["ran to its end", "killed"])
def test_a_case_over_the_time_limit_counts_in_the_peak_memory(
    toy_run, tmp_path, monkeypatch, times
):
    """The table's peak is over every case, a TLE included, killed at the time-out or not: a
    failing column used to show 0.0 MiB beside the time of the case that failed."""
    problem, bundle, script, columns = toy_run
    slow = case_judge.Outcome(TLE, "time limit", seconds=2.0)
    monkeypatch.setattr(
        case_judge.CaseJudge, "repeat", lambda *a: (slow, Timing(list(times), peak_kib=5000))
    )
    ran = run_all(problem, bundle, script, [sample(problem)], columns, options=ONE_AT_A_TIME)
    assert ran.counts == "1 TLE"
    assert [column.peak_kib for column in ran.columns] == [5000, 5000]


def test_a_case_file_that_cannot_be_read_is_an_error_not_the_solution_s_verdict(toy_run, tmp_path):
    """An input or answer the kit cannot read (a folder here; no permission elsewhere) is a
    one-line error naming it: the run would have failed to start (exit 127, an RE)."""
    problem, bundle, script, columns = toy_run
    (tmp_path / "folder.in").mkdir()
    unreadable = Case("folder", tmp_path / "folder.in", None)
    with pytest.raises(BuildError, match=r"^folder: folder\.in: cannot read: Is a directory$"):
        run_all(problem, bundle, script, [unreadable], columns, options=ONE_AT_A_TIME)
    (tmp_path / "a.in").write_text("1 2\n")
    (tmp_path / "a.out").mkdir()
    answerless = Case("a", tmp_path / "a.in", tmp_path / "a.out")
    with pytest.raises(BuildError, match=r"^a: a\.out: cannot read: Is a directory$"):
        run_all(problem, bundle, script, [answerless], columns, options=ONE_AT_A_TIME)


def test_targets_run_by_one_interpreter_get_its_memory_warning_once(toy_run, monkeypatch):
    """The toy's two targets share one stand-in: the peak is that interpreter's, so the
    warning of a peak over half the limit is said once, not once per target."""
    problem, bundle, script, columns = toy_run
    peak = int(problem.memory_limit * 1024 * 0.95)
    monkeypatch.setattr(
        case_judge.CaseJudge, "repeat", lambda *a: (case_judge.Outcome(OK), Timing([0.01], peak))
    )
    ran = run_all(problem, bundle, script, [sample(problem)], columns, options=ONE_AT_A_TIME)
    memory = [warning for warning in ran.warnings if "MiB" in warning]
    assert len(columns) == 2 and len(memory) == 1, ran.warnings


def test_one_crash_under_cpython_and_pypy_is_one_failure_of_both(tmp_path):
    """CPython 3.11+ marks each frame's expression (``~~~~^^``), PyPy does not: the same crash
    was told twice, its traceback once per target, as two ways of failing."""
    case = Case("samples/a/1.in", tmp_path / "1.in", None)
    frame = ["Traceback (most recent call last):", '  File "solutions/a.py", line 3, in <module>']
    marked = [*frame, "    main()", "    ~~~~^^", "KeyError: 7"]
    plain = [*frame, "    main()", "KeyError: 7"]
    ran = cases_module.Ran([])
    for label, details in (("3.13", marked), ("pypy3.10", plain)):
        crash = case_judge.Outcome("RE", "runtime error: KeyError: 7", details)
        cases_module._add_failure(ran, case, [label], crash)
    (failure,) = ran.failures
    assert failure.labels == ["3.13", "pypy3.10"] and failure.details == marked


def test_one_game_failed_under_two_targets_by_its_timeout_s_figure_alone_is_one_failure(tmp_path):
    """A game failed under CPython 3.8 and PyPy, 3.8's timeout moved on by what its two sides
    waited for a core: told twice in full, its hint once per target, as two ways of failing.
    Now one failure of both, the figure kept, named with its target."""
    case = Case("samples/g/1.in", tmp_path / "1.in", None)
    said = "wrong answer: interactor still running at the 6 s timeout{}, after the solution ended"
    waited = "and 0.11 s more for what its two sides waited for a core"
    hint = ["hint: a game the solution left is most often a missing final move"]
    targets = [("3.8", f" ({waited})"), ("pypy3.10", "")]
    for order in (targets, targets[::-1]):  # the figure's target told first, or last
        ran = cases_module.Ran([])
        for label, remark in order:
            game = case_judge.Outcome("WA", said.format(remark), hint)
            cases_module._add_failure(ran, case, [label], game)
        (failure,) = ran.failures
        assert failure.labels == [label for label, _ in order] and failure.details == hint
        assert failure.message == said.format(f" ({waited} under 3.8)")
    # another message besides the figure: two failures, each as said
    other = case_judge.Outcome("WA", "wrong answer: game 1", hint)
    cases_module._add_failure(ran, case, ["3.13"], other)
    assert [f.labels for f in ran.failures] == [["pypy3.10", "3.8"], ["3.13"]]

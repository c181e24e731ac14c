"""kit.run.case_judge: one case run and judged under one runner: a run just over the limit
timed again for a median, a crash of the interpreter given the stack hint that fits the
program, a wrong answer with a traceback on stderr shown with it."""

from dataclasses import replace

import pytest

from kit.judges.compare import parse_compare
from kit.run import case_judge, failure_hints
from kit.run.case_judge import CaseJudge
from kit.run.limits import limits_for
from kit.run.process import Run
from tests.kit.run.case_support import case


def test_a_run_just_over_the_limit_is_timed_again_and_the_median_decides(toy_run, tmp_path):
    """The report says "the median of 3 deciding": a first run at 1.2x the limit is not the
    verdict by itself (it was: one slow run alone made a TLE); one at twice the limit is."""
    problem, bundle, script, columns = toy_run
    (tmp_path / "cwd").mkdir()
    judge = CaseJudge(problem, bundle=bundle, script=script, comparator=None, interactor=None,
                      empty=tmp_path / "cwd")  # fmt: skip
    limits = replace(limits_for(problem, columns[0].runner), time=0.5, timeout=5.0)
    script.write_text("import time\ntime.sleep(0.6)\n" + script.read_text())
    outcome, timing = judge.repeat(case(tmp_path, "slow", "1 2\n"), columns[0].runner, limits, 3)
    assert outcome.word == "TLE" and len(timing.seconds) == 3
    assert "median of 3 runs" in outcome.message
    script.write_text(script.read_text().replace("time.sleep(0.6)", "time.sleep(1.1)"))
    outcome, timing = judge.repeat(case(tmp_path, "slower", "1 2\n"), columns[0].runner, limits, 3)
    assert outcome.word == "TLE" and len(timing.seconds) == 1


def test_a_crash_of_the_interpreter_gets_the_stack_hint_that_fits_the_program(toy_run, tmp_path):
    """Recursion too deep for the C stack: a thread with a larger stack is suggested, unless
    the program already sizes one (then its size, or recursion outside it, is)."""
    problem, bundle, script, columns = toy_run
    (tmp_path / "cwd").mkdir()
    judge = CaseJudge(problem, bundle=bundle, script=script, comparator=None, interactor=None,
                      empty=tmp_path / "cwd")  # fmt: skip
    script.write_text("import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n")
    runner = columns[0].runner
    outcome, _ = judge.once(case(tmp_path, "crash", "1 2\n"), runner, limits_for(problem, runner))
    assert outcome.word == "RE" and outcome.details[-1] == failure_hints.SEGFAULT_HINT
    threaded = "import threading\nthreading.stack_size(1 << 26)\n"
    assert failure_hints.segfault_hint(threaded) == failure_hints.THREAD_SEGFAULT_HINT
    assert "the threading.stack_size given may be too small" in failure_hints.THREAD_SEGFAULT_HINT
    assert failure_hints.segfault_hint(bundle.text) == failure_hints.SEGFAULT_HINT


@pytest.mark.parametrize("traceback", [True, False])
def test_a_wrong_answer_with_a_traceback_on_stderr_shows_it_with_a_hint(
    toy_run, tmp_path, traceback
):
    """An exception in a thread ends no program: the run exits 0 and answers wrongly, and the
    traceback it left on stderr is the clue; debugging output alone is not shown."""
    problem, bundle, script, columns = toy_run
    judge = case_judge.CaseJudge(
        problem,
        bundle=bundle,
        script=script,
        comparator=parse_compare("lines", problem.root, "here"),
        interactor=None,
        empty=tmp_path,
    )
    stderr = b"debugging: n = 3\n"
    if traceback:
        stderr += b'Traceback (most recent call last):\n  File "x.py", line 2, in run\n'
        stderr += b"RecursionError: maximum recursion depth exceeded\n"
    run = Run(0, b"", stderr, 0.1, 0.1, 1000)
    limits = limits_for(problem, columns[0].runner)
    outcome = judge.judge(run, case(tmp_path, "c", "1 2\n", "3\n"), limits)
    assert outcome.word == "WA"
    if traceback:
        assert outcome.details[0] == failure_hints.SILENT_CRASH_HINT
        assert outcome.details[-2:] == [
            "RecursionError: maximum recursion depth exceeded",
            failure_hints.RECURSION_HINT,
        ]
    else:
        assert outcome.details == []

"""kit.run.case_judge: one case run and judged under one runner: a run just over the limit
timed again for a median, a crash of the interpreter given the stack hint that fits the
program, a wrong answer with a traceback on stderr shown with it, one of no output from an
empty solution said to be so."""

import ast
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from kit.judges.compare import parse_compare
from kit.judges.profiles import CPU, WALL
from kit.packages import polygon
from kit.problem_cases import Case
from kit.run import case_judge, failure_hints, uncalled_main
from kit.run import cases as cases_module
from kit.run.case_judge import CaseJudge
from kit.run.cases import RunOptions, run_all
from kit.run.limits import limits_for
from kit.run.process import TIME, Run
from tests.kit.run.case_support import ONE_AT_A_TIME, bundled, case

PACKAGES = Path(__file__).resolve().parents[2] / "fixtures" / "packages"


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


def test_a_failure_past_the_limit_keeps_the_time_the_limit_counts(toy_run, tmp_path):
    """A crash after 0.6 s of CPU, then 0.5 s asleep, under a 0.5 s limit of CPU time: a
    time-out (kit.run.limits.exceeded), whose time is its CPU time, as its message says; its
    wall time, 1.1 s, was kept as a kill's is. Beside others (stress), it stays a crash."""
    problem, bundle, script, columns = toy_run
    (tmp_path / "cwd").mkdir()
    judge = CaseJudge(problem, bundle=bundle, script=script, comparator=None, interactor=None,
                      empty=tmp_path / "cwd")  # fmt: skip
    limits = replace(limits_for(problem, columns[0].runner), time=0.5, timeout=5.0, clock=CPU)
    script.write_text(
        "import time\nt0 = time.process_time()\nwhile time.process_time() - t0 < 0.6: pass\n"
        "time.sleep(0.5)\nraise ValueError('late')\n"
    )
    outcome, run = judge.once(case(tmp_path, "late", "1 2\n"), columns[0].runner, limits)
    assert outcome.word == "TLE" and "(failed after it" in outcome.message, outcome.message
    assert run.seconds > 1.0 and outcome.seconds == pytest.approx(run.cpu_seconds)
    beside = replace(limits, side_by_side=True)
    outcome, run = judge.once(case(tmp_path, "late", "1 2\n"), columns[0].runner, beside)
    assert outcome.word == "RE" and "ValueError" in outcome.message, outcome.message


LATE = b'Traceback (most recent call last):\n  File "x.py", line 3\nValueError: late\n'


@pytest.mark.parametrize(
    ("cpu", "word"),
    [((1.05, 0.8, 0.82), "RE"), ((0.95, 1.2, 1.1), "TLE"), ((1.3, 0.7, 1.05, 0.9), "RE")],
)
def test_a_failure_by_itself_is_run_again_and_the_median_s_run_decides(
    toy_run, tmp_path, monkeypatch, cpu, word
):
    """A crash past the limit is a time-out, within it a run error: where its runs (stood in
    for) fall on both sides of a 1 s limit, the run at the median is the verdict, not the
    first run's time, and a note says the runs went both ways; every run's time is kept (the
    schedule does not run it again: kit.run.schedule)."""
    problem, bundle, script, columns = toy_run
    (tmp_path / "cwd").mkdir()
    judge = CaseJudge(problem, bundle=bundle, script=script, comparator=None, interactor=None,
                      empty=tmp_path / "cwd")  # fmt: skip
    runs = iter(Run(1, b"", LATE, seconds, seconds, 1000) for seconds in cpu)
    monkeypatch.setattr(case_judge, "run_limited", lambda *args, **kwargs: next(runs))
    limits = replace(limits_for(problem, columns[0].runner), time=1.0, timeout=3.0, clock=CPU)
    outcome, timing = judge.repeat(
        case(tmp_path, "c", "1 2\n"), columns[0].runner, limits, len(cpu)
    )
    assert outcome.word == word and "ValueError: late" in outcome.message, outcome.message
    assert sorted(timing.seconds) == sorted(cpu)
    assert any("the median decides" in line for line in outcome.details), outcome.details
    if word == "TLE":  # its time the median of the failed runs', said so as a passing case's
        assert outcome.message.startswith("time limit: median of 3 runs 1.100 s is over")


# it rests between its spin and its flood, so that a look of the watch falls in that rest and
# reads all the spin's CPU: flooding straight after it, each of the three runs had to be looked
# at in its last 0.1 s of CPU, which a watch late on a loaded machine missed (one run in three
# with polls 0.1 s late: an output limit's run, and a median of the two others)
FLOODS = (
    "import sys, time\nwhile time.process_time() < 0.6: pass\ntime.sleep(0.5)\n"
    "sys.stdout.write('x' * (2 << 20))\n"
)


def test_an_output_flood_past_the_time_limit_is_its_time_out(toy_run, tmp_path):
    """A program that spins 0.6 s of a 0.5 s limit of CPU time, rests, then writes 2 MiB past a
    1 MiB limit: the watch saw its output within the limit past 0.5 s, so it is the time-out a judge
    that stops a run at its limit gives (it was OLE); it failed by itself (the write refused),
    so its three runs' median decides, said so. Beside others (stress), it stays OLE."""
    problem, bundle, script, columns = toy_run
    (tmp_path / "cwd").mkdir()
    judge = CaseJudge(problem, bundle=bundle, script=script, comparator=None, interactor=None,
                      empty=tmp_path / "cwd")  # fmt: skip
    limits = replace(limits_for(problem, columns[0].runner), time=0.5, timeout=5.0, clock=CPU)
    limits = replace(limits, output_bytes=1 << 20)
    script.write_text(FLOODS)
    outcome, _ = judge.repeat(case(tmp_path, "flood", "1 2\n"), columns[0].runner, limits, 3)
    assert outcome.word == "TLE", outcome.message
    assert outcome.message.startswith("time limit: median of 3 runs "), outcome.message
    middle = "(in the middle run by time, its output went over the 1 MiB output limit after it"
    assert middle in outcome.message and " s of that run, " in outcome.message
    beside = replace(limits, side_by_side=True)
    outcome, _ = judge.once(case(tmp_path, "flood", "1 2\n"), columns[0].runner, beside)
    assert outcome.word == "OLE", outcome.message


SPINS = (
    "import sys, time\nif sys.stdin.read().strip() == 'spin':\n"
    "    while time.process_time() < 0.3: pass\nraise ValueError('late')\n"
)


def test_a_crash_timed_beside_another_case_past_the_limit_is_timed_alone(
    toy_run, tmp_path, monkeypatch
):
    """A program that spins to 0.6 of a 0.5 s limit of CPU time, then raises: its first run,
    beside another case, stood in for at twice its time (over the limit: a time-out), and
    its first run alone at 1.75 times: the runs alone decide, their median within the limit,
    so it is the run error it is on a judge."""
    problem, bundle, script, columns = toy_run
    script.write_text(SPINS)
    real, slowed = case_judge.run_limited, {}

    def beside(command, stdin, *args, **kwargs):
        run = real(command, stdin, *args, **kwargs)
        times = slowed.setdefault(stdin, [2.0, 1.75])
        factor = times.pop(0) if times else 1.0
        return replace(run, seconds=run.seconds * factor, cpu_seconds=run.cpu_seconds * factor)

    monkeypatch.setattr(case_judge, "run_limited", beside)
    monkeypatch.setattr(
        cases_module, "limits_for",
        lambda *args, **kwargs: replace(limits_for(*args, **kwargs), time=0.5, clock=CPU),
    )  # fmt: skip
    spin, quick = case(tmp_path, "spin", "spin\n"), case(tmp_path, "quick", "1 2\n")
    options = RunOptions(jobs=2)
    ran = run_all(problem, bundle, script, [spin, quick], columns[:1], options=options)
    words = {verdict.case: verdict.word for verdict in ran.verdicts}
    failures = {failure.case: failure.message for failure in ran.failures}
    assert words == {"spin": "RE", "quick": "RE"}, failures
    assert ran.schedule.retimed_near_limit == 1
    assert "ValueError: late" in failures["spin"]


CLOCKED = "import sys, time\nt0 = time.perf_counter()\nwhile time.perf_counter() - t0 < 2.5: pass\n"


@pytest.mark.parametrize("reads", [True, False])
def test_a_batch_program_that_reads_the_clock_is_timed_by_its_wall_time(
    toy_run, tmp_path, monkeypatch, reads
):
    """Its runs stood in for (2.5 s of wall time, 1.9 s of it waiting for a core, 0.5 s of
    CPU, under a 2 s limit): a program that stops by the clock is TLE at 2.5 s, the note
    saying why, in the build's median and in one run as ``run`` makes it; one that does not
    read the clock is ok at 0.6 s, its wait left out."""
    problem, bundle, script, columns = toy_run
    if reads:
        entry = replace(bundle.entry, text=CLOCKED, tree=ast.parse(CLOCKED))
        bundle = replace(bundle, entry=entry)
    (tmp_path / "cwd").mkdir()
    judge = CaseJudge(problem, bundle=bundle, script=script, comparator=None, interactor=None,
                      empty=tmp_path / "cwd")  # fmt: skip
    crowded = Run(0, b"3\n", b"", 2.5, 0.5, 1000, waited=1.9)
    monkeypatch.setattr(case_judge, "run_limited", lambda *args, **kwargs: crowded)
    runner = columns[0].runner
    limits = replace(limits_for(problem, runner), time=2.0, timeout=6.0, clock=WALL)
    outcome, timing = judge.repeat(case(tmp_path, "c", "1 2\n"), runner, limits, 3)
    once, run = judge.once(case(tmp_path, "c", "1 2\n"), runner, limits)
    if not reads:
        assert outcome.word == "ok" and timing.seconds == [pytest.approx(0.6)] * 3
        assert once.seconds == pytest.approx(0.6)
        assert not any("reads the clock" in line for line in judge.waited(limits, run))
        return
    assert outcome.word == "TLE" and outcome.message.startswith("time limit: median of 3 runs")
    assert outcome.seconds == 2.5 and once.seconds == 2.5
    note = (
        "note: it reads the clock (time.perf_counter in solutions/toy_sum.py, line 2): timed "
        "by its wall time, 2.500 s, of which 1.900 s waiting for a core"
    )
    assert outcome.details[0].startswith(note)
    assert judge.waited(limits, run)[0].startswith(note)  # run's TLE: the same line


@pytest.mark.parametrize(
    ("seconds", "clock", "side_by_side", "word"),
    [(2.5, WALL, False, "TLE"), (1.5, WALL, False, "WA"), (2.5, CPU, False, "WA"),
     (2.5, WALL, True, "WA")],
)  # fmt: skip
def test_a_wrong_answer_past_twice_the_limit_by_the_wall_clock_is_its_time_out(
    toy_run, tmp_path, monkeypatch, seconds, clock, side_by_side, word
):
    """A judge timing by the wall clock stops such a run before its answer, and a build's
    later runs are killed there once one was (kit.run.limits.after_a_kill): the verdict does
    not depend on which case ran first. Within twice the limit, by CPU time (DOMjudge
    compares first), or side by side (stress), the wrong answer stands."""
    problem, bundle, script, columns = toy_run
    (tmp_path / "cwd").mkdir()
    judge = CaseJudge(problem, bundle=bundle, script=script, interactor=None,
                      comparator=parse_compare("tokens", problem.root, "here"),
                      empty=tmp_path / "cwd")  # fmt: skip
    late = Run(0, b"9\n", b"", seconds, seconds, 1000)
    monkeypatch.setattr(case_judge, "run_limited", lambda *args, **kwargs: late)
    runner = columns[0].runner
    limits = replace(limits_for(problem, runner), time=1.0, timeout=3.0, clock=clock,
                     side_by_side=side_by_side)  # fmt: skip
    outcome, timing = judge.repeat(case(tmp_path, "c", "1 2\n", "3\n"), runner, limits, 1)
    assert outcome.word == word and timing.seconds == [seconds]
    if word == "TLE":
        assert outcome.message == (
            "time limit: 2.500 s is over the 1 s limit, twice over (its answer wrong too, "
            "which a judge stopping it at its limit never reads: wrong answer: token 1: "
            "expected '3', got '9')"
        )
        assert outcome.seconds == 2.5


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


def test_the_digit_limit_s_hint_names_the_interpreter_that_ran(toy_run, tmp_path):
    """A run under PyPy said "Python 3.11+ limits int<->str conversions"; it names PyPy now
    (this Python, named as a PyPy: the hint follows the runner, not the words)."""
    problem, bundle, script, columns = toy_run
    (tmp_path / "cwd").mkdir()
    judge = CaseJudge(problem, bundle=bundle, script=script, comparator=None, interactor=None,
                      empty=tmp_path / "cwd")  # fmt: skip
    script.write_text("print(10 ** 5000)\n")
    runner = columns[0].runner
    pypy = replace(runner, interpreter=replace(runner.interpreter, impl="pypy", version=(3, 10)))
    limits = limits_for(problem, runner)
    outcome, _ = judge.once(case(tmp_path, "big", "1 2\n"), pypy, limits)
    assert outcome.word == "RE" and outcome.details[-1].startswith(
        "hint: PyPy 3.10, as CPython 3.11+, limits int<->str conversions to 4300 digits; call "
    )
    outcome, _ = judge.once(case(tmp_path, "big", "1 2\n"), runner, limits)
    assert outcome.details[-1].startswith("hint: Python 3.11+ limits int<->str conversions")


def lines_judge(problem, bundle, script, tmp_path):
    """A batch case's judge of ``bundle``, its output compared line by line."""
    return case_judge.CaseJudge(
        problem,
        bundle=bundle,
        script=script,
        comparator=parse_compare("lines", problem.root, "here"),
        interactor=None,
        empty=tmp_path,
    )


@pytest.mark.parametrize("traceback", [True, False])
def test_a_wrong_answer_with_a_traceback_on_stderr_shows_it_with_a_hint(
    toy_run, tmp_path, traceback
):
    """An exception in a thread ends no program: the run exits 0 and answers wrongly, and the
    traceback it left on stderr is the clue; debugging output alone is not shown."""
    problem, bundle, script, columns = toy_run
    judge = lines_judge(problem, bundle, script, tmp_path)
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


def test_a_wrong_answer_of_no_output_from_an_empty_solution_says_it_is_empty(toy_run, tmp_path):
    """An empty solution's run exits 0 and prints nothing: the wrong answer names the file."""
    problem, bundle, script, columns = toy_run
    empty = replace(bundle, entry=replace(bundle.entry, text="", tree=ast.parse("")))
    judge = lines_judge(problem, empty, script, tmp_path)
    run = Run(0, b"", b"", 0.1, 0.1, 1000)
    outcome = judge.judge(
        run, case(tmp_path, "c", "1 2\n", "3\n"), limits_for(problem, columns[0].runner)
    )
    assert outcome.word == "WA"
    assert outcome.details == [uncalled_main.EMPTY_HINT.format(rel=bundle.entry.rel)]


def test_a_wrong_answer_of_no_output_from_a_program_that_calls_os_exit_gets_the_hint(
    toy_run, tmp_path
):
    """``sys.stdout.write("3\\n"); os._exit(0)`` loses its buffered output here and on the
    judge: still WA ("got end of output"), with the hint saying why."""
    problem, bundle, script, columns = toy_run
    exiting = replace(bundle, text=bundle.text + "\nimport os\nos._exit(0)\n")
    judge = lines_judge(problem, exiting, script, tmp_path)
    run = Run(0, b"", b"", 0.1, 0.1, 1000)
    outcome = judge.judge(
        run, case(tmp_path, "c", "1 2\n", "3\n"), limits_for(problem, columns[0].runner)
    )
    assert outcome.word == "WA" and failure_hints.OS_EXIT_HINT in outcome.details


class Games:
    """``CaseJudge.once`` stood in for: the relayed game's run and the joined game's, each
    ``(verdict, message, cpu, killed)``, the relayed game's ``chunks`` relayed; the calls
    made, joined or not."""

    def __init__(self, relayed, joined, chunks):
        self.relayed, self.joined, self.chunks, self.calls = relayed, joined, chunks, []

    def __call__(self, case, runner, limits, *, joined=False):
        self.calls.append(joined)
        word, said, cpu, killed, *score = self.joined if joined else self.relayed
        run = Run(0, b"", b"", cpu + 0.1, cpu, 1000, killed, relayed=0 if joined else self.chunks)
        return case_judge.Outcome(word, said, score=score[0] if score else None), run


def _game_judge(toy_run, tmp_path, monkeypatch, relayed, joined, per_move=False, chunks=10**6):
    """A game (an interactor stood in for) judged once with ``Games``' runs, under a CPU
    limit of 1 s (timed per move: ``per_move``), the relayed game having passed ``chunks``;
    the outcome and the calls."""
    problem, bundle, script, columns = toy_run
    judge = CaseJudge(problem, bundle=bundle, script=script, comparator=None,
                      interactor=object(), empty=tmp_path)  # fmt: skip
    games = Games(relayed, joined, chunks)
    monkeypatch.setattr(judge, "once", games)
    runner = columns[0].runner
    limits = replace(limits_for(problem, runner), time=1.0, timeout=3.0, clock=CPU,
                     per_move=per_move)  # fmt: skip
    outcome, timing = judge.repeat(case(tmp_path, "game", "1 2\n"), runner, limits, 1)
    return outcome, timing, games.calls


OVER_THROUGH_RELAY = ("ok", "accepted", 1.3, None)  # ran to its end, its CPU over the limit
KILLED_OVER = ("TLE", "time limit: 3.10 s CPU, over the 1 s limit, killed at ...", 3.1, TIME)


@pytest.mark.parametrize("relayed", [OVER_THROUGH_RELAY, KILLED_OVER])
def test_a_game_over_its_cpu_limit_through_the_relay_and_within_it_joined_is_accepted(
    toy_run, tmp_path, monkeypatch, relayed
):
    """The relay's hops charge the solution's CPU (1.6 times a ping-pong's): a game TLE
    through it is played again with the pipes joined, as a judge joins them, and accepted
    there it is ok, both figures said."""
    joined = ("ok", "", 0.8, None)
    outcome, timing, calls = _game_judge(toy_run, tmp_path, monkeypatch, relayed, joined)
    assert calls == [False, True]
    assert outcome.word == "ok"
    assert f"{relayed[2]:.2f} s CPU through the kit's relay; 0.80 s with the pipes joined" in (
        outcome.message
    )
    assert timing.seconds == [0.8]


def test_a_scored_game_accepted_joined_keeps_its_points(toy_run, tmp_path, monkeypatch):
    """A game scored by testlib's points (a Polygon scoring problem's), TLE through the relay
    and accepted joined: its points are the joined game's (they were dropped, the test then
    scoring its full points)."""
    joined = ("ok", "", 0.8, None, "4")
    outcome, _, _ = _game_judge(toy_run, tmp_path, monkeypatch, OVER_THROUGH_RELAY, joined)
    assert (outcome.word, outcome.score) == ("ok", "4")


@pytest.mark.parametrize(
    "joined", [("ok", "", 1.2, None), ("WA", "not accepted with the pipes joined", 0.5, None)]
)
def test_a_game_over_its_cpu_limit_joined_too_or_not_accepted_there_stays_tle(
    toy_run, tmp_path, monkeypatch, joined
):
    outcome, _, calls = _game_judge(toy_run, tmp_path, monkeypatch, OVER_THROUGH_RELAY, joined)
    assert calls == [False, True]
    assert outcome.word == "TLE"
    assert f"{joined[2]:.2f} s with the pipes joined" in outcome.message


IDLE = ("TLE", "time limit: idle: killed after 0.10 s CPU at the 3 s timeout", 0.1, TIME)


@pytest.mark.parametrize(
    ("relayed", "per_move"), [(IDLE, False), (KILLED_OVER, True), (OVER_THROUGH_RELAY, True)]
)
def test_an_idle_game_or_one_timed_per_move_is_not_played_again(
    toy_run, tmp_path, monkeypatch, relayed, per_move
):
    """Idle, the relay charged it little; timed per move, its interactor times the moves."""
    joined = ("ok", "", 0.05, None)
    outcome, _, calls = _game_judge(toy_run, tmp_path, monkeypatch, relayed, joined, per_move)
    assert calls == [False]
    assert outcome.word == relayed[0]
    assert "pipes joined" not in outcome.message


def test_a_game_further_over_its_limit_than_its_chunks_explain_is_not_played_again(
    toy_run, tmp_path, monkeypatch
):
    """A loop killed at the timeout after a few exchanges: 2.1 s over the limit, which 1,000
    chunks' hops cannot have cost it (``HOP_CPU`` a chunk), is not played a second time."""
    joined = ("ok", "", 0.05, None)
    outcome, _, calls = _game_judge(
        toy_run, tmp_path, monkeypatch, KILLED_OVER, joined, chunks=1000
    )
    assert calls == [False]
    assert outcome.word == "TLE" and "pipes joined" not in outcome.message


def test_a_game_tle_through_the_relay_is_played_joined_from_its_own_folder(
    checkout_copy, tmp_path, monkeypatch
):
    """The guess problem's sample, its relayed game stood in for by a TLE over the CPU
    limit, played with the pipes joined as the case's run plays it: the bundle, the
    problem's interactor and the case's folder; accepted there, both figures said."""
    problem, bundle, script, columns = bundled(checkout_copy("guess"), "guess", tmp_path)
    killed = Run(0, b"", b"", 9.0, 9.0, 1000, TIME, relayed=10**6)

    def relayed(self, command, case, limits, one_pass=()):
        return case_judge.Outcome("TLE", "time limit: 9.00 s CPU, over the limit"), killed

    monkeypatch.setattr(CaseJudge, "play", relayed)
    cases = [Case("sample-1", problem.samples_dir / "sample-1.in", None)]
    ran = run_all(problem, bundle, script, cases, columns, options=ONE_AT_A_TIME)
    assert not ran.failures, [failure.message for failure in ran.failures]
    (verdict, *_) = ran.verdicts
    assert verdict.word == "ok", verdict.said
    assert "9.00 s CPU through the kit's relay; " in verdict.said
    assert "s with the pipes joined, as a judge joins them" in verdict.said


def test_a_wrong_answer_in_another_letter_case_gets_the_hint_and_stays_wrong(toy_run, tmp_path):
    """Codeforces' ``yes`` for ``YES``: "expected 'YES', got 'yes'" with no word that only the
    case differs; an output whose lines differ too gets none (by lines, the layout counts)."""
    problem, bundle, script, columns = toy_run
    problem = replace(problem, compare="lines")
    script.write_text("print('yes')\nprint('no')\n")
    answers = [case(tmp_path, "yes", "\n", "YES\nNO\n"), case(tmp_path, "pe", "\n", "YES NO\n")]
    ran = run_all(problem, None, script, answers, columns[:1], options=ONE_AT_A_TIME)
    wrong, _ = ran.failures
    assert wrong.word == "WA" and wrong.message.startswith("wrong answer")
    assert wrong.details[-1].startswith("hint: the output is the answer but for the letters' case")
    assert ran.failures[1].word == "WA"
    assert not [line for line in ran.failures[1].details if "letters' case" in line]


def test_a_wrong_answer_in_another_unicode_normalisation_gets_the_hint_and_stays_wrong(
    toy_run, tmp_path
):
    """``café`` printed decomposed (NFD) for the answer's composed (NFC): the judge compares
    bytes, so a WA, with a hint that the two differ only in their normalisation."""
    problem, bundle, script, columns = toy_run
    problem = replace(problem, compare="lines")
    script.write_text("import sys\nsys.stdout.buffer.write('cafe\\u0301\\n'.encode())\n")
    answer = case(tmp_path, "cafe", "\n", "")
    answer.expected.write_bytes("café\n".encode())
    ran = run_all(problem, None, script, [answer], columns[:1], options=ONE_AT_A_TIME)
    (wrong,) = ran.failures
    assert wrong.word == "WA" and wrong.message.startswith("wrong answer")
    assert wrong.details[-1].startswith(
        "hint: the output is the answer but for its Unicode normalisation (the output in NFD, "
        "the answer in NFC)"
    ), wrong.details


@pytest.mark.parametrize(("tail", "word"), [("print(3)\n", "ok"), ("raise SystemExit(3)\n", "RE")])
def test_a_run_that_removes_its_own_folder_gets_the_verdict_it_earned(
    toy_run, tmp_path, tail, word
):
    """``shutil.rmtree(os.path.dirname(__file__))``: a traceback out of the build (the folder's
    cleanup met it gone); now the verdict of its answer, and the next run runs."""
    problem, bundle, script, columns = toy_run
    (tmp_path / "cwd").mkdir()
    judge = CaseJudge(problem, bundle=bundle, script=script, comparator=None, interactor=None,
                      empty=tmp_path / "cwd")  # fmt: skip
    script.write_text("import os, shutil\nshutil.rmtree(os.path.dirname(__file__))\n" + tail)
    runner = columns[0].runner
    limits = limits_for(problem, runner)
    for name in ("first", "second"):
        outcome, _ = judge.once(case(tmp_path, name, "1 2\n", "3\n"), runner, limits)
        assert outcome.word == word


NAMED_FILES_SOLUTIONS = {  # a solution of a problem of named files -> its verdict, its message
    "reads and writes the files": (
        "with open('input.txt') as f, open('output.txt', 'w') as out:\n"
        "    out.write(str(sum(map(int, f.read().split()))) + '\\n')\n",
        "ok",
        "",
    ),
    "writes stdout instead": (
        "with open('input.txt') as f:\n    print(sum(map(int, f.read().split())))\n",
        "WA",
        'wrong answer: no output.txt after the run (testlib\'s checker: "Output file not found");'
        " it wrote 2 bytes to stdout, which is not read (a presentation error, which Codeforces"
        " judges a wrong answer)",
    ),
    "writes nothing": (
        "open('input.txt').read()\n",
        "WA",
        'wrong answer: no output.txt after the run (testlib\'s checker: "Output file not found")'
        " (a presentation error, which Codeforces judges a wrong answer)",
    ),
    "floods the file": (
        "with open('output.txt', 'w') as out:\n    while True:\n        out.write('x' * 65536)\n",
        "OLE",
        "output limit: more than 1 MiB written to output.txt (stopped there)",
    ),
}


@pytest.mark.parametrize("name", NAMED_FILES_SOLUTIONS)
def test_a_problem_of_named_files_judges_the_output_file_its_solution_wrote(
    toy_run, tmp_path, name
):
    """A Polygon package's ``input-file="input.txt" output-file="output.txt"`` (refused before):
    the output file judged, stdout written instead a wrong answer on Codeforces (testlib's
    checker finds no output file: a presentation error, Codeforces' wrong answer), an output
    file flooded over the output limit."""
    problem, bundle, script, columns = toy_run
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "p")
    xml = copy / "problem.xml"
    xml.write_text(
        xml.read_text().replace(
            'input-file="" output-file=""', 'input-file="input.txt" output-file="output.txt"'
        )
    )
    package = polygon.read(copy, "p")
    problem = replace(problem, judge="Codeforces", source=package, output_limit=1)
    (tmp_path / "cwd").mkdir()
    judge = CaseJudge(problem, bundle=bundle, script=script,
                      comparator=parse_compare("tokens", problem.root, "here"), interactor=None,
                      empty=tmp_path / "cwd")  # fmt: skip
    code, word, said = NAMED_FILES_SOLUTIONS[name]
    script.write_text(code)
    runner = columns[0].runner
    outcome, _ = judge.once(
        case(tmp_path, "c", "1 2\n", "3\n"), runner, limits_for(problem, runner)
    )
    assert (outcome.word, outcome.message) == (word, said)

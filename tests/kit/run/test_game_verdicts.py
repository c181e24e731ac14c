"""kit.run.game_verdicts: a game's verdict from how its two sides ended, on endings made by
hand (the games played: tests/kit/run/test_interact.py): a busy interactor or an idle game at
the timeout, a core waited for, a hung interactor's kill, the relay's allowance said."""

import dataclasses

import pytest

from kit.run.game_verdicts import (
    Ending,
    Exit,
    Statuses,
    _solution_failure,
    allowances_told,
    idle,
    partial_score,
    verdict,
    without_allowance,
)
from kit.run.limits import Limits
from kit.run.process import TIME


def test_a_game_timed_per_move_reads_no_interactor_s_time_as_busy():
    """Per move, the interactor's CPU counts over every move: the idle timeout stays the
    solution's."""
    waiting = Exit(-9, 1.0, cpu=0.01, killed=TIME)
    thinking = Exit(-9, 1.1, cpu=40.0)
    end = Ending(waiting, thinking, {"interactor": "kill"}, None, b"", "", False, 1.0, None)
    per_move = Limits(1.0, 1.0, 1 << 30, 64 << 20, per_move=True)
    assert idle(end, per_move)[1].startswith(
        "idle: killed after 0.01 s CPU at the 1 s game_timeout"
    )
    whole = Limits(1.0, 1.0, 1 << 30, 64 << 20)
    assert idle(end, whole)[0] == "JE"


def test_two_sides_taking_turns_are_no_busy_interactor():
    """A game of quick exchanges killed at its timeout: the interactor spent most of it on
    its CPU, and so did the solution (each waits for the other's turn): idle, as before."""
    solution = Exit(-9, 1.0, cpu=0.45, killed=TIME)
    interactor = Exit(-9, 1.1, cpu=0.55)
    end = Ending(solution, interactor, {"interactor": "kill"}, None, b"", "", False, 1.0, None)
    whole = Limits(1.0, 1.0, 1 << 30, 64 << 20)
    assert idle(end, whole)[1].startswith("idle: killed after 0.45 s CPU at the 1 s timeout")
    end.solution.cpu = 0.2
    assert idle(end, whole)[0] == "JE"


def test_an_interactor_that_spun_while_waiting_for_a_core_is_busy_not_idle():
    """On a loaded machine (load 7.6 on 2 cores) an interactor that loops got 2 s of CPU and
    waited 5.05 s for a core in a game moved on to 11.1 s: less than half of it on its CPU,
    and the game was the solution's TLE (idle). The time it was ready to run counts as busy,
    the solution's counted alike against it."""
    waiting = Exit(-9, 11.1, cpu=0.02, killed=TIME)
    spun = Exit(-9, 13.1, cpu=2.0, waited=5.05)
    end = Ending(waiting, spun, {"interactor": "timeout"}, None, b"", "", False, 11.1,
                 Statuses(), added=5.1, sides_waited=5.05)  # fmt: skip
    whole = Limits(2.0, 6.0, 1 << 30, 64 << 20)
    assert idle(end, whole) == (
        "JE",
        "interactor busy: 2.00 s CPU of its own and 5.05 s ready for a core other work held by "
        "the 6 s timeout (and 5.05 s more for what its two sides waited for a core), while the "
        "solution waited (0.02 s CPU): the time was the interactor's",
    )
    turns = dataclasses.replace(end, solution=Exit(-9, 11.1, cpu=1.0, killed=TIME, waited=2.6))
    assert idle(turns, whole)[1].startswith("idle: killed after 1.00 s CPU at the 6 s timeout")


def test_an_idle_game_that_waited_a_little_for_a_core_stays_idle():
    """Both sides waiting for each other, neither on a CPU, the interactor ready a moment
    (0.05 s, not said): the game is idle, the solution's TLE."""
    waiting = Exit(-9, 6.1, cpu=0.0, killed=TIME)
    asleep = Exit(-9, 8.1, cpu=0.0, waited=0.05)
    end = Ending(waiting, asleep, {"interactor": "timeout"}, None, b"", "", False, 6.1,
                 Statuses(), added=0.07, sides_waited=0.07)  # fmt: skip
    whole = Limits(2.0, 6.0, 1 << 30, 64 << 20)
    assert idle(end, whole) == (
        "TLE",
        "idle: killed after 0.00 s CPU at the 6 s timeout (both sides still running: each "
        "waiting for the other?)",
    )
    spinning = dataclasses.replace(end, interactor=Exit(-9, 8.1, cpu=0.05, waited=3.0))
    assert idle(spinning, whole)[1].startswith("interactor busy: 0.05 s CPU of its own and 3.00 s")


def test_a_busy_solution_that_waited_for_a_core_is_busy_not_idle():
    """On a loaded machine a spinning solution got 0.48 s of CPU in its 1 s game and was called
    idle: the time it waited for a core other work held counts as busy."""
    spun = Exit(-9, 1.0, cpu=0.48, killed=TIME, waited=0.45)
    judge = Exit(0, 0.5)
    end = Ending(spun, judge, {}, "interactor", b"", "", False, 1.0, None)
    limits = Limits(1.0, 1.0, 1 << 30, 64 << 20, per_move=True)
    assert idle(end, limits) == (
        "TLE",
        "0.48 s CPU in a game stopped at the 1 s game_timeout",
    )
    end.solution.waited = 0.0
    assert idle(end, limits)[1].startswith("idle: killed after 0.48 s CPU at the 1 s game_timeout")


def test_a_hung_interactor_s_kill_says_the_timeout_with_the_relay_s_allowance():
    played = Exit(0, 101.0, cpu=0.5)
    judge = Exit(-9, 106.0)
    end = Ending(
        played, judge, {"interactor": "timeout"}, "solution", b"", "", False, 104.0,
        Statuses(), added=1.0,
    )  # fmt: skip
    assert verdict(end, Limits(2.0, 3.0, 1 << 30, 64 << 20)) == (
        "JE",
        "interactor still running at the 3 s timeout (and 1.00 s more for the relay's hops), after "
        "the solution had exited with status 0: killed 2 s later",
    )


def test_a_hung_validator_is_said_to_be_problemtools_wrong_answer():
    """problemtools' runner takes a validator still running at its wall limit as a rejection
    (interactive.cc's walltime_handler: 43): the judge error says Kattis' WA."""
    played = Exit(0, 101.0, cpu=0.5)
    judge = Exit(-9, 106.0)
    end = Ending(
        played, judge, {"interactor": "timeout"}, "solution", b"", "", False, 104.0,
        Statuses(kattis=True, problemtools=True),
    )  # fmt: skip
    word, said = verdict(end, Limits(2.0, 3.0, 1 << 30, 64 << 20))
    assert word == "JE"
    assert said.endswith("killed 2 s later; problemtools takes a validator still running at its "
                         "wall limit as a rejection (43): WA")  # fmt: skip


def test_an_idle_game_s_message_says_the_relay_s_allowance():
    """A game killed past its timeout on the relay's allowance says how much it added."""
    played = Exit(-9, 104.0, cpu=0.5, killed=TIME)
    judge = Exit(-9, 104.1)
    end = Ending(
        played, judge, {"solution": "timeout", "interactor": "timeout"}, None, b"", "", False,
        104.0, Statuses(), added=1.0,
    )  # fmt: skip
    limits = Limits(2.0, 3.0, 1 << 30, 64 << 20)
    assert idle(end, limits)[1].startswith(
        "idle: killed after 0.50 s CPU at the 3 s timeout (and 1.00 s more for the relay's hops)"
    )


def test_an_ending_is_whole_once_built():
    """An ending is read as it was built: whether the interactor raised unprompted is given
    with the rest, never set on it afterwards."""
    played, judge = Exit(0, 0.5), Exit(1, 0.6)
    end = Ending(played, judge, {}, None, b"", "", False, 1.0, Statuses(), raised_unprompted=True)
    assert end.raised_unprompted
    with pytest.raises(dataclasses.FrozenInstanceError):
        end.raised_unprompted = False  # type: ignore[misc]


def test_a_solution_s_last_stderr_line_shows_a_bad_byte_and_a_control_character_as_escapes():
    """Its line cut, then shown by the kit's rule, Python's backslashes kept (a traceback's),
    where a bad byte was U+FFFD and an ESC went to the terminal as it was."""
    stderr = b"Traceback (most recent call last):\nValueError: \xff\x1b[2J '1\\n'\n"
    said = _solution_failure(Exit(1, 0.5), stderr)
    assert said == "exit status 1: ValueError: \\xff\\x1b[2J '1\\n'"


def test_an_accepting_interactor_s_message_is_shown_once_escaped():
    """Its message, already a summary line (kit.judges.judge_messages), is not escaped again:
    a backslash stays one."""
    end = Ending(Exit(0, 0.5), Exit(0, 0.6), {}, None, b"", "C:\\\\tmp \\xff", False, 1.0,
                 Statuses())  # fmt: skip
    assert verdict(end, Limits(2.0, 3.0, 1 << 30, 64 << 20))[1] == "C:\\\\tmp \\xff"


def test_a_game_whose_deadline_made_up_for_its_wait_is_judged():
    """A game timed as a whole, its deadline moved on by what its sides waited for a core
    (kit.run.game_deadline), killed past that within its CPU limit: idle, said with what the
    wait added; the JE "not judged here" stays for a game whose wait reached the deadline's
    bound (10 times the timeout)."""
    spun = Exit(-9, 12.9, cpu=1.2, killed=TIME, waited=6.5)  # more than half the game's time
    judge = Exit(-9, 13.0, cpu=0.8)
    end = Ending(
        spun, judge, {"solution": "timeout", "interactor": "timeout"}, None, b"", "", False,
        12.9, Statuses(), added=6.9, sides_waited=6.5,
    )  # fmt: skip
    whole = Limits(2.0, 6.0, 1 << 30, 64 << 20)
    assert idle(end, whole) == (
        "TLE",
        "idle: killed after 1.20 s CPU at the 6 s timeout (and 0.40 s more for the relay's hops "
        "and 6.50 s more for what its two sides waited for a core) (both sides still running: "
        "each waiting for the other?)",
    )
    bound = dataclasses.replace(end, added=54.0, sides_waited=53.9)
    word, said = idle(bound, whole)
    assert word == "JE" and said.startswith(
        "not judged here: killed after 1.20 s CPU at the 6 s timeout (and"
    )
    assert "having waited 53.90 s for a core" in said


def test_a_game_s_message_less_its_allowance_reads_as_one_without_it():
    """Two games idle alike, one moved on by what its sides waited for a core: their messages
    differ by that figure alone, which ``without_allowance`` takes out (the build's count of
    cases that failed the same way compares them so)."""
    spun = Exit(-9, 12.9, cpu=0.02, killed=TIME, waited=0.2)
    judge = Exit(-9, 13.0, cpu=0.01)
    killed = {"solution": "timeout", "interactor": "timeout"}
    waited = Ending(spun, judge, killed, None, b"", "", False, 6.2, Statuses(), added=0.11,
                    sides_waited=0.11)  # fmt: skip
    hops = dataclasses.replace(waited, added=0.51)  # the relay's hops said too
    plain = dataclasses.replace(waited, added=0.0, sides_waited=0.0)
    whole = Limits(2.0, 6.0, 1 << 30, 64 << 20)
    said = [idle(end, whole)[1] for end in (waited, hops, plain)]
    assert "(and 0.11 s more for what its two sides waited for a core)" in said[0]
    assert "(and 0.40 s more for the relay's hops and 0.11 s more for what " in said[1]
    assert [without_allowance(message) for message in said] == [said[2]] * 3
    assert said[2] == (
        "idle: killed after 0.02 s CPU at the 6 s timeout (both sides still running: each "
        "waiting for the other?)"
    )


def test_one_game_failed_under_targets_moved_on_alike_or_not_keeps_each_figure():
    """The same game failing under 3.8, pypy3.10 and 3.13, two of them moved on by what their
    sides waited for a core (by other figures), was told once a target: one message now, each
    remark naming its targets, and still read as one without it."""
    said = "interactor still running at the 6 s timeout{}, after the solution ended"
    waited = "and {} s more for what its two sides waited for a core"
    remark = f" ({waited.format('0.11')})"
    own = [
        ("3.8", said.format(remark)),
        ("pypy3.10", said.format("")),
        ("3.13", said.format(f" ({waited.format('0.30')})")),
    ]
    told = allowances_told(own)
    assert told == said.format(
        f" ({waited.format('0.11')} under 3.8; {waited.format('0.30')} under 3.13)"
    )
    assert without_allowance(told) == said.format("")
    # alike under all: as said; under 3.13 alike with 3.8: the two named together
    assert allowances_told(own[:1] * 2) == own[0][1]
    own[2] = ("3.13", own[0][1])
    assert allowances_told(own) == said.format(f" ({waited.format('0.11')} under 3.8, 3.13)")


# (the solution's status, the kit's kill of it, the interactor's status, its message, statuses)
# -> the verdict and message, the same whichever side's output ended first, a millisecond apart
ENDS_EITHER_WAY = [
    (0, {}, 1, "wrong answer: 3 guesses", Statuses(), ("WA", "wrong answer: 3 guesses")),
    (0, {}, 2, "wrong output format", Statuses(), ("PE", "wrong output format")),
    (0, {}, 43, "got 42", Statuses(kattis=True), ("WA", "got 42")),
    (
        0, {}, 3, "bad input", Statuses(),
        ("JE", "interactor failed: it reported a failure (exit status 3): bad input"),
    ),
    (
        -9, {"solution": "grace"}, 1, "wrong answer", Statuses(),
        ("WA", "wrong answer"),
    ),
    (1, {}, 0, "", Statuses(), ("RE", "exit status 1 (the interactor accepted)")),
]  # fmt: skip


def _ending_in_order(solution, interactor, killed, first, said, statuses, apart=0.001):
    """An ending whose ``first`` side's output ended, and its process exited, ``apart``
    seconds before the other's."""
    at = {first: 1.0, "solution" if first == "interactor" else "interactor": 1.0 + apart}
    return Ending(
        Exit(solution, at["solution"]), Exit(interactor, at["interactor"]), killed, first, b"",
        said, False, 10.0, statuses,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("solution", "killed", "interactor", "said", "statuses", "expected"), ENDS_EITHER_WAY
)
def test_a_verdict_s_message_does_not_say_which_of_two_near_ends_came_first(
    solution, killed, interactor, said, statuses, expected
):
    """A solution and an interactor that end within microseconds of each other are read in
    the order the scheduler chose: the message was "wrong answer" one run, "wrong answer
    (after the solution had exited with status 0)" the next."""
    limits = Limits(2.0, 3.0, 1 << 30, 64 << 20)
    for first in ("solution", "interactor"):
        end = _ending_in_order(solution, interactor, killed, first, said, statuses)
        assert verdict(end, limits) == expected, first


def test_a_solution_s_late_crash_is_said_the_same_whichever_output_ended_first():
    """A solution that closed its output and crashed after the interactor's rejection gets the
    rejection, said as for one whose crash came after the interactor's end of output (its
    status was named in the one order alone); one that crashed clearly first keeps its RE
    (Codeforces' rule: the exits' order)."""
    limits = Limits(2.0, 3.0, 1 << 30, 64 << 20)
    expected = ("WA", "wrong answer")
    for first in ("solution", "interactor"):
        end = _ending_in_order(-11, 1, {}, first, "wrong answer", Statuses())
        end.solution.at = 1.5  # its exit well after the interactor's
        assert verdict(end, limits) == expected, first
    crashed = _ending_in_order(1, 1, {}, "solution", "wrong answer", Statuses())
    assert verdict(crashed, limits) == ("RE", "exit status 1")
    late = _ending_in_order(1, 1, {}, "interactor", "wrong answer", Statuses(), apart=0.5)
    late.interactor.at, late.solution.at = 1.5, 1.0  # the solution's exit clearly first
    assert verdict(late, limits) == ("RE", "exit status 1")


def test_a_solution_that_failed_past_its_time_limit_timed_out_in_a_game_too():
    """As a batch run (kit.run.limits.exceeded): a game's solution that crashed, or was killed
    for memory, after its CPU time was over the limit is a time-out, every judge judging the
    time first; a game timed per move leaves the time to its interactor, and problemtools
    reads a failed validator before the submission (judge/execute.py, _run_interactive)."""
    limits = Limits(2.0, 3.0, 1 << 30, 64 << 20)
    late = _ending_in_order(1, 0, {}, "solution", "", Statuses())
    late = dataclasses.replace(late, solution=dataclasses.replace(late.solution, cpu=2.5))
    word, said = verdict(late, limits)
    assert word == "TLE"
    assert said.startswith("2.500 s is over the 2 s limit (failed after it")
    assert verdict(late, dataclasses.replace(limits, per_move=True))[0] == "RE"
    in_time = dataclasses.replace(late, solution=dataclasses.replace(late.solution, cpu=1.5))
    assert verdict(in_time, limits)[0] == "RE"
    hog = dataclasses.replace(late.solution, code=-9, killed="memory", peak_kib=2 << 30)
    assert verdict(dataclasses.replace(late, solution=hog), limits)[0] == "TLE"
    failed = _ending_in_order(1, 7, {}, "solution", "", Statuses(kattis=True, problemtools=True))
    failed = dataclasses.replace(failed, solution=late.solution)
    assert verdict(failed, limits)[0] == "JE"


def played_out(code, stderr, points):
    """A game the solution ended cleanly, its interactor (testlib's statuses) ending with
    ``code`` and ``stderr``; ``points``: the problem is scored by points."""
    statuses = Statuses(points=points)
    partial, score = partial_score(statuses, code, stderr)
    said = stderr.decode().strip()
    return Ending(Exit(0, 0.5), Exit(code, 0.6), {}, None, b"", said, False, 1.0, statuses,
                  score=score, partial=partial)  # fmt: skip


def test_an_interactor_s_points_accept_with_their_score_where_points_score_the_problem():
    """testlib's ``quitp`` (exit status 7) and ``quitf(_pc(N), ...)`` (exit status N) from an
    interactor are a checker's points: accepted, the score kept, where points score the
    problem (exit 7 without a number its failure); a wrong answer naming them elsewhere."""
    limits = Limits(2.0, 3.0, 1 << 30, 64 << 20)
    quitp = played_out(7, b"points 4 nine guesses\n", points=True)
    assert verdict(quitp, limits) == ("ok", "points 4 nine guesses") and quitp.score == "4"
    pc = played_out(3, b"partially correct (3) three\n", points=True)
    assert verdict(pc, limits) == ("ok", "partially correct (3) three") and pc.score == "3/200"
    bare = played_out(7, b"points points_info=a=1\n", points=True)
    assert verdict(bare, limits) == (
        "JE",
        "interactor failed: exit status 7 (testlib's points) with no points: points "
        "points_info=a=1",
    )
    assert verdict(played_out(7, b"points 4 nine guesses\n", points=False), limits) == (
        "WA",
        "points 4 nine guesses (exit status 7, testlib's quitp: points 4, a score, not an "
        "accept where the problem is pass/fail)",
    )
    assert verdict(played_out(0, b"partially correct (0)\n", points=False), limits) == (
        "WA",
        "partially correct (0) (exit status 0, testlib's _pc(0): 0/200 of the points, a score, "
        "not an accept where the problem is pass/fail)",
    )
    kattis = Statuses(kattis=True, points=True)  # a Kattis validator's 7 is its own failure
    assert partial_score(kattis, 7, b"points 4\n") == (False, None)
    assert verdict(played_out(1, b"wrong answer nine\n", points=True), limits)[0] == "WA"

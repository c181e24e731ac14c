"""kit.run.joined_game: a game played with the two programs' pipes joined, no relay between:
the interactor's status read as a relayed game reads it, the solution measured by its watch."""

import sys
from pathlib import Path

from kit.judges.programs import TESTLIB, Interactor, Program
from kit.run import game_deadline
from kit.run.joined_game import play_joined
from kit.run.limits import Limits

PROGRAMS = Path(__file__).resolve().parents[3] / "tests" / "fixtures" / "interactive"
INTERACTOR = [sys.executable, str(PROGRAMS / "guess_interactor.py")]
SEARCH = PROGRAMS / "binary_search.py"
STARVED = {"1": (0, 100 * 10**9)}  # a thread's time on a core and its run delay, ns


def program(name):
    return [sys.executable, "-I", "-S", str(PROGRAMS / name)]


LIMITS = Limits(2.0, 5.0, 1 << 30, 64 << 20, stack_bytes=64 << 20)


def test_a_joined_game_is_accepted_with_the_solution_s_cpu_measured(tmp_path):
    secret = tmp_path / "sample-1.in"
    secret.write_text("100 7 37\n")
    game = play_joined(program("binary_search.py"), INTERACTOR, secret, cwd=tmp_path, limits=LIMITS)
    assert game.accepted and game.clean and game.interactor_code == 0
    assert 0 < game.solution.cpu < 2.0 and game.solution.peak_kib > 0


def test_a_joined_game_the_interactor_rejects_or_the_solution_crashes_is_not_accepted(tmp_path):
    secret = tmp_path / "sample-1.in"
    secret.write_text("100 7 37\n")
    wrong = play_joined(
        program("linear_search.py"), INTERACTOR, secret, cwd=tmp_path, limits=LIMITS
    )
    assert not wrong.accepted and wrong.interactor_code == 1
    crash = play_joined(program("crashing.py"), INTERACTOR, secret, cwd=tmp_path, limits=LIMITS)
    assert not crash.clean and crash.solution.code == 1


def test_a_solution_that_never_ends_is_killed_by_its_watch_at_the_timeout(tmp_path):
    (tmp_path / "spin.py").write_text("while True:\n    pass\n")
    secret = tmp_path / "sample-1.in"
    secret.write_text("100 7 37\n")
    limits = Limits(0.5, 1.0, 1 << 30, 64 << 20, stack_bytes=64 << 20)
    solution = [sys.executable, "-I", str(tmp_path / "spin.py")]
    game = play_joined(solution, INTERACTOR, secret, cwd=tmp_path, limits=limits)
    assert not game.clean and game.solution.killed == "time"
    # past its 0.5 s limit on a core, or waiting for one (beside two busy loops it spun
    # 0.47 s by the 1 s timeout, having waited 0.53 s)
    assert game.solution.cpu + game.solution.waited > 0.5, game.solution


def test_a_joined_game_starved_of_a_core_is_not_killed_at_the_plain_timeout(tmp_path, monkeypatch):
    """Its deadline moves on by what its two sides waited, ready, for a core, as a relayed
    game's does (kit.run.game_deadline): a solution of little CPU time, 1.5 s into a game under
    a 1 s timeout (its wait for a core injected: every side read as having waited 100 s, which
    the deadline bounds by what it spent off every core), is not killed and is accepted."""
    monkeypatch.setattr(game_deadline, "schedstats", lambda pid, threads=None: STARVED)
    secret = tmp_path / "sample-1.in"
    secret.write_text("100 7 37\n")
    limits = Limits(0.5, 1.0, 1 << 30, 64 << 20, stack_bytes=64 << 20)
    late = (
        f"import time, runpy; time.sleep(1.5); runpy.run_path({str(SEARCH)!r}, run_name='__main__')"
    )
    solution = [sys.executable, "-I", "-S", "-c", late]
    game = play_joined(solution, INTERACTOR, secret, cwd=tmp_path, limits=limits)
    assert game.accepted and game.clean, game.solution
    assert game.solution.cpu < 0.5


# a testlib interactor's quitp once the solution said its line: "points 4" and exit status 7
POINTS_INTERACTOR = """\
import sys

print("guess", flush=True)
sys.stdin.readline()
print("points 4 nine guesses", file=sys.stderr)
sys.exit(7)
"""


def test_a_joined_game_s_testlib_points_accept_it_with_its_score_where_they_score(tmp_path):
    """The interactor's ``quitp`` read as a relayed game reads it (its stderr's points line):
    accepted with the score where points score the problem, not accepted elsewhere (a joined
    game's TLE second opinion kept a scored game's points nowhere before, and refused it)."""
    (tmp_path / "interactor.py").write_text(POINTS_INTERACTOR)
    (tmp_path / "say.py").write_text("input()\nprint(9)\n")
    secret = tmp_path / "sample-1.in"
    secret.write_text("9\n")
    program = Program("interactor.py", "python", tmp_path / "interactor.py")
    solution = [sys.executable, "-I", "-S", str(tmp_path / "say.py")]
    for scored in (True, False):
        judge = Interactor(program, TESTLIB, scored_points=scored)
        game = play_joined(solution, judge, secret, cwd=tmp_path, limits=LIMITS)
        assert game.clean and game.interactor_code == 7
        assert (game.accepted, game.score) == ((True, "4") if scored else (False, None))

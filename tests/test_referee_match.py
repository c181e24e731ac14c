"""The referee (referee/match.py) against deliberately bad programs (slow, silent, crashing,
illegal, malformed, passing while it can move), its scheduling of openings and colours, and two
short real games between the bot and the greedy player (0.05 s per move)."""

import io
import random
import sys
import textwrap
import time

import pytest

from referee import match, rules
from tests.process_support import alive

# A bad program reads the limit and its colour and then misbehaves on its first move. It plays
# White (program A of game 1 is White). The slow one may be caught either way: over the clock
# when its late reply arrives, or when the referee stops waiting (clock + grace).
BAD = {
    "slow": (
        "import sys, time\nsys.stdin.readline(); sys.stdin.readline()\ntime.sleep(0.8)\n"
        "print('A2-C4', flush=True)\nsys.stdin.read()\n",
        ("over time", "no reply"),
    ),
    "silent": ("import sys\nsys.stdin.read()\n", ("no reply",)),
    "crash": ("import sys\nsys.stdin.readline()\nraise SystemExit(3)\n", "exit code 3"),
    "illegal": (
        "import sys\nsys.stdin.readline(); sys.stdin.readline()\n"
        "print('A2-A3', flush=True)\nsys.stdin.read()\n",
        "illegal move A2-A3",
    ),
    "malformed": (
        "import sys\nsys.stdin.readline(); sys.stdin.readline()\n"
        "print('hello', flush=True)\nsys.stdin.read()\n",
        "malformed move",
    ),
    "pass": (
        "import sys\nsys.stdin.readline(); sys.stdin.readline()\n"
        "print('Z0-Z0', flush=True)\nsys.stdin.read()\n",
        "passed with 36 legal moves",
    ),
}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_bad_program_forfeits(tmp_path, kind):
    code, reason = BAD[kind]
    script = tmp_path / (f"bad_{kind}.py")
    script.write_text(textwrap.dedent(code))
    out = io.StringIO()
    ta, tb, results = match.run_match(
        f"{kind}@{sys.executable} {script}",
        "greedy",
        match.MatchOptions(games=1, clocks=(0.5, 0.5)),
        out=out,
    )
    (res,) = results
    assert res.forfeit and res.winner == "B", res
    reasons = reason if isinstance(reason, tuple) else (reason,)
    assert any(r in res.reason for r in reasons), res.reason
    assert ta.wld["W"] == [0, 1, 0] and tb.wld["B"] == [1, 0, 0]
    assert len(ta.forfeits) == 1 and tb.forfeits == []
    assert "forfeits: 1" in out.getvalue()


def test_a_player_s_children_end_with_its_game(tmp_path):
    """A player that starts a helper process of its own and then falls silent: when the game
    ends, the referee ends the player's whole process group, the helper included."""
    pid_file = tmp_path / "helper.pid"
    script = tmp_path / "spawner.py"
    script.write_text(
        "import subprocess, sys\n"
        "helper = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        f"open({str(pid_file)!r}, 'w').write(str(helper.pid))\n"
        "sys.stdin.read()\n"
    )
    match.run_match(
        f"spawner@{sys.executable} {script}",
        "greedy",
        match.MatchOptions(games=1, clocks=(0.5, 0.5)),
        out=io.StringIO(),
    )
    pid = int(pid_file.read_text())
    for _ in range(50):  # the helper is killed, then reaped by init
        if not alive(pid):
            break
        time.sleep(0.05)
    assert not alive(pid), "the player's helper outlived the game"


def test_random_openings_are_played_with_both_colours():
    rng = random.Random(2)
    op = match.random_opening(rng, 4)
    assert len(op) == 4
    board, turn = rules.initial_board(), "W"
    for text in op:
        move = rules.parse_move(text)
        assert move in rules.legal_moves(board, turn)
        board = rules.apply_move(board, turn, move)
        turn = rules.other(turn)
    out = io.StringIO()
    ta, tb, results = match.run_match(
        "random",
        "greedy",
        match.MatchOptions(games=2, openings=[op, op], move_times=(0.05, 0.05)),
        out=out,
    )
    assert [r.moves[:4] for r in results] == [op, op]
    assert sum(ta.wld["W"]) == 1 and sum(ta.wld["B"]) == 1


def test_move_limit_is_a_draw():
    """With a limit of 2 moves each (counted with the opening), random players draw."""
    options = match.MatchOptions(games=1, limit=2)
    ta, tb, results = match.run_match("random", "random", options, out=io.StringIO())
    (res,) = results
    assert res.winner is None and res.reason == "move limit"
    assert len(res.moves) == 4


def test_game_result_records_each_move_and_think_time():
    """A game's result: the plies as played, each colour's first think apart from the later
    ones, the longest of them in the game's line; the value cannot be changed."""
    white = match.Entrant(*match.resolve("random"))
    black = match.Entrant(*match.resolve("greedy"))
    res = match.play_game(white, black, limit=2, opening=["A2-C4"])
    assert isinstance(res, match.GameResult)
    assert (res.winner, res.reason, res.forfeit) == (None, "move limit", False)
    assert len(res.moves) == 4 and res.moves[0] == "A2-C4"
    assert res.first["W"] is not None and res.first["B"] is not None
    assert len(res.think["W"]) == 0 and len(res.think["B"]) == 1
    assert res.max_think("B") == max(res.think["B"][0], res.first["B"])
    with pytest.raises(AttributeError):
        res.winner = "W"


def test_game_and_log_lines():
    """The line printed per game and the line logged per game, for a forfeit and a draw."""
    white, black = match.Entrant("bot", [], {}), match.Entrant("greedy", [], {})
    lost = match.GameResult(
        "B", "illegal move A2-A3", True, ["A2-A3"], {"W": [], "B": []}, {"W": 0.25, "B": None}
    )
    assert match.game_line(3, 4, white, black, lost) == (
        "game 3/4: bot (W) vs greedy (B): greedy wins, illegal move A2-A3, 1 plies;"
        " max think bot 0.250, greedy 0.000"
    )
    assert match.log_line(3, white, black, ["A2-A3"], lost) == (
        "game 3 white=bot black=greedy opening=A2-A3 result=B reason=illegal_move_A2-A3"
        " moves=A2-A3\n"
    )
    drawn = match.GameResult(
        None,
        "move limit",
        False,
        ["A2-C4", "B1-B3"],
        {"W": [0.5], "B": [0.125]},
        {"W": 0.0625, "B": 0.75},
    )
    assert match.game_line(1, 2, white, black, drawn) == (
        "game 1/2: bot (W) vs greedy (B): draw, move limit, 2 plies;"
        " max think bot 0.500, greedy 0.750"
    )
    assert match.log_line(1, white, black, [], drawn) == (
        "game 1 white=bot black=greedy opening= result=D reason=move_limit moves=A2-C4 B1-B3\n"
    )


def test_games_run_side_by_side_with_jobs():
    """for_each calls once per item (on threads with jobs > 1, raising a call's error); a
    match with two jobs returns its results in game order and prints a line per game."""
    seen = []
    match.for_each(range(7), seen.append, 3)
    assert sorted(seen) == list(range(7))

    def fail(item):
        raise RuntimeError(item)

    with pytest.raises(RuntimeError):
        match.for_each(range(3), fail, 2)
    out = io.StringIO()
    options = match.MatchOptions(
        games=3, limit=1, openings=[["A2-C4"], ["A3-C5"], ["H2-F4"]], jobs=2
    )
    ta, tb, results = match.run_match("random", "random", options, out=out)
    assert [r.moves[0] for r in results] == ["A2-C4", "A3-C5", "H2-F4"]
    assert sorted(line[:9] for line in out.getvalue().splitlines()[:3]) == [
        "game 1/3:",
        "game 2/3:",
        "game 3/3:",
    ]
    assert sum(ta.wld["W"]) == 2 and sum(ta.wld["B"]) == 1


def test_bot_beats_greedy_in_short_games():
    """CI games: the bot (from source) against greedy at 0.05 s per move, no forfeits."""
    out = io.StringIO()
    options = match.MatchOptions(games=2, move_times=(0.05, 0.05))
    ta, tb, results = match.run_match("src", "greedy", options, out=out)
    assert ta.forfeits == [] and tb.forfeits == [], out.getvalue()
    assert ta.wld["W"][0] + ta.wld["B"][0] >= 1, out.getvalue()
    for r in results:
        assert r.reason.startswith("connected")
    assert max(ta.think) < 0.5


def test_main_prints_a_summary(tmp_path, capsys):
    log = tmp_path / "games.log"
    rc = match.main(["random", "random", "--games", "2", "--limit", "3", "--log", str(log)])
    assert rc == 0
    text = capsys.readouterr().out
    assert "game 2/2" in text and "W/L/D" in text and "slowest first move" in text
    assert "random#1 vs random#2: 2 games" in text and "Elo" in text
    assert len(log.read_text().splitlines()) == 2


def test_score_interval_and_elo():
    """Draws count half; Wilson's 95 % interval; Elo from the score and from its bounds."""
    p, lo, hi = match.score_interval(12, 28, 0)
    assert p == 0.3
    assert lo == pytest.approx(0.1806, abs=1e-3) and hi == pytest.approx(0.4546, abs=1e-3)
    p, lo, hi = match.score_interval(10, 10, 20)
    assert p == 0.5 and lo == pytest.approx(1 - hi)
    p, lo, hi = match.score_interval(20, 0, 0)
    assert p == 1.0 and hi == 1.0 and lo == pytest.approx(0.8389, abs=1e-3)
    assert match.elo(0.5) == 0
    assert match.elo(0.75) == pytest.approx(190.85, abs=0.01)
    assert match.elo(1.0) == float("inf") and match.elo(0.0) == float("-inf")


def test_summary_line_gives_score_interval_and_elo():
    ta, tb = match.Tally("bot"), match.Tally("engine")
    ta.wld = {"W": [7, 3, 0], "B": [5, 5, 0]}
    line = match.summary_line(ta, tb)
    assert line.startswith("bot vs engine: 20 games, +12 -8 =0: score 60.0 % (95 %: 38.7-78.1 %)")
    assert "Elo +70 (95 %: -80 to +221)" in line


def test_per_program_clock_values():
    names = ["bot", "engine"]
    assert match.per_program([], names, "--clock") == [None, None]
    assert match.per_program(["1"], names, "--clock") == [1.0, 1.0]
    assert match.per_program(["1", "engine=3"], names, "--clock") == [1.0, 3.0]
    assert match.per_program(["engine=3", "0.5"], names, "--clock") == [0.5, 0.5]
    for bad in (["x=3"], ["bot=fast"], ["-1"]):
        with pytest.raises(ValueError):
            match.per_program(bad, names, "--clock")


def test_each_program_gets_its_own_clock(tmp_path):
    """A program that answers after 0.8 s keeps to a clock of 1.5 s while its opponent's is 0.5."""
    script = tmp_path / "slow.py"
    script.write_text(
        "import sys, time\nsys.stdin.readline(); sys.stdin.readline()\ntime.sleep(0.8)\n"
        "print('A2-C4', flush=True)\nsys.stdin.read()\n"
    )
    out = io.StringIO()
    ta, tb, (res,) = match.run_match(
        f"slow@{sys.executable} {script}",
        "greedy",
        match.MatchOptions(games=1, clocks=(1.5, 0.5), limit=1),
        out=out,
    )
    assert res.reason == "move limit" and not res.forfeit, out.getvalue()
    assert ta.forfeits == [] and tb.forfeits == []


def test_main_rejects_a_clock_for_a_program_not_playing(capsys):
    with pytest.raises(SystemExit) as stop:
        match.main(["random", "greedy", "--clock", "engine=3"])
    assert stop.value.code == 2
    assert "no program named 'engine'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["nowhere1", "greedy"], "'nowhere1': no program 'nowhere1' to run"),
        (["gone.py", "greedy"], "'gone.py': no file gone.py"),
        (["x@", "greedy"], "'x@': no command to run"),
        (["random", "greedy", "--clock", "nan"], "seconds must be positive and finite"),
        (["random", "greedy", "--games", "0"], "argument --games/-n: 0 is below 1"),
        (["random", "greedy", "--jobs", "x"], "argument --jobs/-j: 'x' is not a whole number"),
        (["random", "greedy", "--log", "/nowhere/x.log"], "--log /nowhere/x.log: cannot write"),
    ],
)
def test_main_refuses_what_it_cannot_play_in_one_line(capsys, argv, said):
    """A missing program or log folder was a traceback from the first game; --clock nan and
    --games 0 played nothing and printed a score."""
    with pytest.raises(SystemExit) as stop:
        match.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err

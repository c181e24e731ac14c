"""The referee (referee/match.py) against deliberately bad programs (slow, silent, crashing,
illegal, malformed, passing while it can move), its scheduling of openings and colours, and two
short real games between the bot and the greedy player (0.05 s per move)."""

import io
import random
import sys
import textwrap

import pytest

from referee import match, rules

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
        f"{kind}@{sys.executable} {script}", "greedy", games=1, clock=0.5, out=out
    )
    (res,) = results
    assert res["forfeit"] and res["winner"] == "B", res
    reasons = reason if isinstance(reason, tuple) else (reason,)
    assert any(r in res["reason"] for r in reasons), res["reason"]
    assert ta.wld["W"] == [0, 1, 0] and tb.wld["B"] == [1, 0, 0]
    assert len(ta.forfeits) == 1 and tb.forfeits == []
    assert "forfeits: 1" in out.getvalue()


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
        "random", "greedy", games=2, openings=[op, op], out=out, move_time=0.05
    )
    assert [r["moves"][:4] for r in results] == [op, op]
    assert sum(ta.wld["W"]) == 1 and sum(ta.wld["B"]) == 1


def test_move_limit_is_a_draw():
    """With a limit of 2 moves each (counted with the opening), random players draw."""
    ta, tb, results = match.run_match("random", "random", games=1, limit=2, out=io.StringIO())
    (res,) = results
    assert res["winner"] is None and res["reason"] == "move limit"
    assert len(res["moves"]) == 4


def test_bot_beats_greedy_in_short_games():
    """CI games: the bot (from source) against greedy at 0.05 s per move, no forfeits."""
    out = io.StringIO()
    ta, tb, results = match.run_match("src", "greedy", games=2, move_time=0.05, out=out)
    assert ta.forfeits == [] and tb.forfeits == [], out.getvalue()
    assert ta.wld["W"][0] + ta.wld["B"][0] >= 1, out.getvalue()
    for r in results:
        assert r["reason"].startswith("connected")
    assert max(ta.think) < 0.5


def test_main_prints_a_summary(tmp_path, capsys):
    log = tmp_path / "games.log"
    rc = match.main(["random", "random", "--games", "2", "--limit", "3", "--log", str(log)])
    assert rc == 0
    text = capsys.readouterr().out
    assert "game 2/2" in text and "W/L/D" in text and "slowest first move" in text
    assert len(log.read_text().splitlines()) == 2

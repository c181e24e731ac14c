"""stress/checkers_check.py: its validator on named bad inputs, its cuts, and seeded stress
tests of solutions/checkers_check.py against its second implementation."""

import random
import re

import pytest

import stress.checkers_check as st
from solutions.checkers_check import solve
from tests.stress_check import assert_agrees

GOOD = "1 1\n9\n30\n2 R\n9-13\n30-26\n"


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        (GOOD, "terminating"),
        (GOOD + "0 0\n1 1\n", "after the terminating"),
        ("1 1\n9\n30\n2 R\n9-13\n0 0\n", "terminating"),  # "0 0" is read as move 2
        ("1 1\n9\n30\n3 R\n9-13\n30-26\n", "inside the 3 moves"),
        ("1 1\n9\n30\n1 R\n9-13\n1 1\n9\n", "inside an instance"),
        ("2 1\n9\n30\n1 R\n9-13\n0 0\n", "squares, not [2, 1]"),
        ("1 1\n9\n30\n1 X\n9-13\n0 0\n", "'m R' or 'm W'"),
        ("1 1\n9\n30\n1  R\n9-13\n0 0\n", "'m R' or 'm W'"),
        ("0 1\n\n30\n1 R\n9-13\n0 0\n", "integers"),
        ("13 1\n" + " ".join(map(str, range(1, 14))) + "\n30\n1 R\n9-13\n0 0\n", "1 <= r, w <= 12"),
        ("1 1\n33\n30\n1 R\n9-13\n0 0\n", "outside 1..32"),
        ("1 1\n9\n-9\n1 R\n9-13\n0 0\n", "two pieces on one square"),
        ("1 1\n29\n30\n1 R\n9-13\n0 0\n", "promotion row"),
        ("1 1\n9\n3\n1 R\n9-13\n0 0\n", "promotion row"),
        ("1 1\n9\n30\n0 R\n0 0\n", "at least 1"),
        ("1 1\n9\n30\n2 R\n9-13\n\n0 0\n", "blank"),
        ("1 1\n9\n30\n1 R\n 9-13\n0 0\n", "starts with a blank"),
        ("1 1\n9\n30\n1 R\n" + "-".join(["9", "13"] * 7) + "\n0 0\n", "more than 13"),
        ("1 1\n9 \n30\n1 R\n9-13\n", "terminating"),
    ],
)
def test_validate_rejects(text, complaint):
    with pytest.raises(ValueError, match=re.escape(complaint)):
        st.validate(text)


def test_validate_accepts_kings_on_any_row_and_odd_move_texts():
    st.validate("2 1\n-29 -1\n-4\n3 W\n4-8\n9 - 13\nx\n0 0\n")
    st.validate(GOOD.replace("\n", "\r\n") + "0 0\r\n\r\n")


def test_cuts_shorten_the_game_and_drop_pieces():
    case = "2 1\n9 -14\n30\n4 R\n9-13\n30-26\n13-17\n26-22\n"
    cuts = list(st.cuts(case))
    assert cuts[:2] == [
        "2 1\n9 -14\n30\n2 R\n9-13\n30-26\n",
        "2 1\n9 -14\n30\n3 R\n9-13\n30-26\n13-17\n",
    ]
    assert "1 1\n-14\n30\n4 R\n9-13\n30-26\n13-17\n26-22\n" in cuts
    assert "2 1\n9 14\n30\n4 R\n9-13\n30-26\n13-17\n26-22\n" in cuts
    assert all("2 0" not in cut for cut in cuts)  # White's only piece stays


def test_long_games_are_legal_to_the_end():
    rng = random.Random(5)
    for _ in range(3):
        red, white, colour, moves = st.long_game(rng, 60)
        assert len(moves) == 60
        assert st.first_invalid(red, white, colour, moves) == 0


def test_generate_makes_king_loops_back_to_the_start():
    """Random positions almost never let a king jump round and land on its start square (4
    starting positions in 5,000); generate() builds such positions itself."""
    rng = random.Random(11)
    loops = 0
    for _ in range(30):
        for red, white, colour, _moves in st.parse(st.generate(rng)):
            table = st.legal_moves(st.position(red, white), colour.lower())
            loops += any(move[0] in move[1:] for move in table)
    assert loops >= 5


def test_stress_random_games(scaled):
    """Random positions and games mixing legal, illegal and malformed moves, five instances of
    up to 30 moves a file."""
    rng = random.Random(1643)
    for number in range(scaled(400)):
        text = st.generate(rng, cases=5, moves=30)
        assert_agrees(st, solve, text, f"seed 1643 file {number}")


def test_stress_single_wrong_moves(scaled):
    """Every wrong-move kind right after a little random play, one short instance a file (the
    number of the first invalid move must match exactly)."""
    rng = random.Random(2000)
    for number in range(scaled(2000)):
        text = st.generate(rng, cases=1, moves=6)
        assert_agrees(st, solve, text, f"seed 2000 file {number}")


def test_stress_few_pieces(scaled):
    """One to three pieces a side: kings roam, jumps are rare, many moves land on empties."""
    rng = random.Random(3)
    for number in range(scaled(300)):
        text = st.generate(rng, cases=3, moves=20, pieces=3)
        assert_agrees(st, solve, text, f"seed 3 file {number}")

"""stress/stake_your_claim.py: its validator on named bad inputs, its board families and cuts,
and seeded stress tests of solutions/stake_your_claim.py against its minimax, with each of the
solution's two game searches (bit sets: CPython's; lists: PyPy's)."""

import random
import re

import pytest

import stress.stake_your_claim as st
from solutions.stake_your_claim import solve
from tests.stress_check import assert_agrees

SAMPLE = "4\n01.1\n00..\n.01.\n...1\n"


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        (SAMPLE, "terminating"),
        (SAMPLE + "0\n1\n", "after the terminating"),
        (SAMPLE + "x\n", "expected integers"),
        (SAMPLE + " 0\n", "expected integers"),
        (SAMPLE + "0 0\n", "expected 'n'"),
        ("-1\n0\n", "negative board size"),
        ("4\n01.1\n00..\n.01.\n", "inside the 4 rows"),
        ("4\n01.1\n00..\n.01.\n...\n0\n", "a row of 3 squares"),
        ("4\n01.1\n00..\n.01.\n...11\n0\n", "a row of 5 squares"),
        ("9\n" + ".00011110\n" * 9 + "0\n", "1 <= n <= 8"),
        ("2\n0x\n1.\n0\n", "other than '0', '1', '.'"),
        ("2\n11\n0.\n0\n", "one more 0"),
        ("3\n000\n01.\n...\n0\n", "one more 0"),
        ("2\n01\n10\n0\n", "1 to 10 empty squares"),
        ("4\n....\n....\n...0\n...1\n0\n", "1 to 10 empty squares"),
    ],
)
def test_validate_rejects(text, complaint):
    with pytest.raises(ValueError, match=re.escape(complaint)):
        st.validate(text)


def test_families_give_legal_boards_of_every_size():
    rng = random.Random(8)
    for name, family in st.FAMILIES.items():
        for n in range(1, 9):
            for k in {1, min(10, n * n)}:
                rows = family(rng, n, k)
                assert st.board_problem(rows) is None, (name, n, k, rows)
                assert "".join(rows).count(".") == k, (name, n, k, rows)


def test_cuts_fill_one_empty_for_the_mover_then_crop():
    case = "2\n0.\n1.\n"  # one 0, one 1: player 0 moves; then the bottom-right 1 x 1 board
    assert list(st.cuts(case)) == ["2\n00\n1.\n", "2\n0.\n10\n", "1\n.\n"]


def test_reference_on_hand_made_boards():
    """Player 0 (as many 0s as 1s) fills the last empty, joining 0 . 0 into three squares
    against the 1s' four: -1. A lone empty square: player 0 takes it, 1 - 0."""
    assert st.best_move(["0.0", "111", "010"]) == (0, 1, -1)
    assert st.move_values(["."]) == {(0, 0): 1}


SEARCHES = {"bit-sets": True, "lists": False}


@pytest.fixture(params=sorted(SEARCHES))
def search(request):
    """solve() with one of the two game searches forced."""
    bit_sets = SEARCHES[request.param]
    return lambda data: solve(data, bit_sets)


def test_stress_small_boards(search, scaled):
    """Boards of every family, n = 1..8, 1..7 empties, ten boards a file."""
    rng = random.Random(20261121)
    for number in range(scaled(300)):
        text = st.generate(rng, cases=10, n=8, empties=7)
        assert_agrees(st, search, text, f"seed 20261121 file {number}")


def test_stress_boards_up_to_3x3_up_to_all_empty(search, scaled):
    """n = 1..3 with up to 10 empties: the all-empty 3 x 3 board (9 empties) among them."""
    rng = random.Random(3399)
    all_empty = 0
    for number in range(scaled(12)):
        text = st.generate(rng, cases=10, n=3, empties=10)
        all_empty += sum(set("".join(rows)) == {"."} and len(rows) == 3 for rows in st.parse(text))
        assert_agrees(st, search, text, f"seed 3399 file {number}")
    assert all_empty > 0


def test_generate_gives_a_quarter_of_boards_the_most_empties():
    """The most empties a board may hold (every square of a 3 x 3) on a quarter of the boards
    and by chance on others: a ninth of the 3 x 3 boards before, by chance alone."""
    rows_of = st.parse(st.generate(random.Random(5), cases=600, n=3, empties=10))
    three = [rows for rows in rows_of if len(rows) == 3]
    all_empty = sum(set("".join(rows)) == {"."} for rows in three)
    assert all_empty >= 0.25 * len(three), (all_empty, len(three))


def _big_boards(seed, count):
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(4, 8)
        rows = st.FAMILIES[rng.choice(sorted(st.FAMILIES))](rng, n, rng.randint(8, 10))
        yield st.join_cases([st.case_text(rows)])


def test_stress_8_to_10_empties(search, scaled):
    for number, text in enumerate(_big_boards(810, scaled(20))):
        assert_agrees(st, search, text, f"seed 810 board {number}")


@pytest.mark.slow
def test_stress_8_to_10_empties_many(search, scaled):
    for number, text in enumerate(_big_boards(8100, scaled(300))):
        assert_agrees(st, search, text, f"seed 8100 board {number}")

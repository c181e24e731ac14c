"""stress/megacheckers.py: its validator on named bad inputs, its brute force on hand-made
boards, and seeded stress tests of solutions/megacheckers.py against it on the board shapes
that matter (scattered pieces, dense capture webs, full webs)."""

import random
import re

import pytest

import stress.megacheckers as st
from solutions.megacheckers import solve
from tests.stress_check import assert_agrees

SHAPES = [(n, m) for n in range(3, 21) for m in range(3, 21) if n * m <= 200]
GOOD = "3 3\n2 1 2 0 1\n0 0\n"


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("3 3\n2 1 2 0 1\n", "terminating"),
        ("3 3\n2 1 2 0 1\n0 0\n5\n", "after the terminating"),
        ("3 3\n2 1 2 0\n0 0\n", "home values"),
        ("3 3\n2 1 2 0 1 0\n0 0\n", "home values"),
        ("3 3\n2 1 3 0 1\n0 0\n", "other than 0, 1, 2"),
        ("3 3\n2 1  2 0 1\n0 0\n", "single spaces"),
        ("3 3 3\n2 1 2 0 1\n0 0\n", "'N M'"),
        ("3 3\n0 0\n", "terminating"),
        ("2 5\n0 0 0 0 0\n0 0\n", "3 <= N, M <= 20"),
        ("21 3\n" + "0 " * 31 + "0\n0 0\n", "3 <= N, M <= 20"),
        ("15 15\n" + "0 " * 112 + "0\n0 0\n", "N * M <= 200"),
        ("3 3\n2 2 2 0 1\n0 0\n", "pieces of player 2"),
        ("3 3\n1 1 1 0 0\n0 0\n", "pieces of player 1"),
        ("3 3\n2 1 2 0 1\n", "terminating"),
    ],
)
def test_validate_rejects(text, complaint):
    with pytest.raises(ValueError, match=re.escape(complaint)):
        st.validate(text)


def test_validate_accepts_crlf_and_trailing_blanks():
    st.validate(GOOD)
    st.validate(GOOD.replace("\n", "\r\n") + "\n\n")


def test_brute_force_on_hand_made_boards():
    """Five-by-five: our piece at (0,2) takes all four around the centre, ending at home."""
    homes = [0, 1, 0, 2, 2, 0, 0, 0, 2, 2, 0, 0, 0]
    assert st.most_captures(5, 5, homes) == 4
    assert st.most_captures(3, 3, [1, 0, 2, 0, 0]) == 1
    assert st.most_captures(3, 3, [1, 0, 2, 0, 1]) == 0  # each landing home holds our piece


def test_cuts_of_a_board_keep_the_home_pattern():
    case = "5 3\n1 0 2 1 0 2 0 0\n"
    cuts = list(st.cuts(case))
    assert cuts[0] == "4 3\n1 0 2 1 0 2\n"  # last row off
    assert "3 3\n1 0 2 0 0\n" in cuts  # first two rows off: row 2 is the new row 0
    assert "5 3\n0 0 2 1 0 2 0 0\n" in cuts  # one piece fewer


def _files(rng, count, per_file, shapes, board):
    for _ in range(count):
        cases = []
        for _ in range(per_file):
            n, m = rng.choice(shapes)
            cases.append(st.case_text(n, m, board(rng, n, m)))
        yield st.join_cases(cases)


def _stress(seed, count, shapes, board, per_file=10):
    rng = random.Random(seed)
    for number, text in enumerate(_files(rng, count, per_file, shapes, board)):
        assert_agrees(st, solve, text, f"seed {seed} file {number}")


def test_stress_scattered_boards(scaled):
    """Scattered pieces, every shape up to 120 squares, all densities."""

    def board(rng, n, m):
        p2 = rng.choice([0.1, 0.3, 0.5, 0.7, 0.9])
        return st.scattered_board(rng, n, m, p2, rng.choice([0.02, 0.05, 0.1, 0.3]))

    _stress(3116, scaled(200), [s for s in SHAPES if s[0] * s[1] <= 120], board)


def _dense(fills, owns, strays):
    def board(rng, n, m):
        fill, own, stray = rng.choice(fills), rng.choice(owns), rng.choice(strays)
        web_rows = rng.choice([1, 0])
        return st.dense_board(rng, n, m, fill=fill, own=own, stray=stray, web_rows=web_rows)

    return board


@pytest.mark.parametrize("web_rows", [1, 0])
def test_dense_board_puts_its_web_on_the_rows_asked(web_rows):
    """A full dense web lies on the rows of the parity asked, our pieces on the other rows:
    webs on the even rows (row 0 included, jumped from the odd rows) are made too."""
    n, m = 6, 8  # 12 homes on the odd rows, 12 on the even ones: floor(NM/4) = 12
    homes = st.dense_board(random.Random(5), n, m, fill=1.0, own=3, web_rows=web_rows)
    st.validate(st.case_text(n, m, homes) + "0 0\n")
    rows = [r for r, _ in st.home_cells(n, m)]
    assert {r % 2 for r, v in zip(rows, homes) if v == 2} == {web_rows}
    assert {r % 2 for r, v in zip(rows, homes) if v == 1} == {1 - web_rows}


def test_random_boards_put_dense_webs_on_either_row_parity():
    """generate()'s boards: webs of eight or more pieces wholly on the even rows as well as
    on the odd ones (they were on the odd rows alone)."""
    rng = random.Random(11)
    found = set()
    for _ in range(200):
        homes = st.random_board(rng, 8, 8)
        rows = {r % 2 for (r, _), v in zip(st.home_cells(8, 8), homes) if v == 2}
        if len(rows) == 1 and homes.count(2) >= 8:
            found |= rows
    assert found == {0, 1}


def test_stress_dense_webs(scaled):
    """Dense capture webs (the worst-case shape with holes, strays and several own pieces) up
    to 150 squares: the boards where the solver's bounds and search matter."""
    board = _dense([0.7, 0.85, 0.95, 1.0], [1, 2, 3, 5, 10, 20], [0, 0.05, 0.15, 0.3])
    _stress(2006, scaled(150), [s for s in SHAPES if s[0] * s[1] <= 150], board)


def test_stress_full_webs(scaled):
    """The full web (every odd/odd home taken) on boards small enough for the brute force."""

    def board(rng, n, m):
        return st.random_full_web(rng, n, m, rng.randint(1, 4))

    _stress(7, scaled(12), [s for s in SHAPES if s[0] * s[1] <= 100], board, per_file=5)


@pytest.mark.slow
def test_stress_dense_webs_large(scaled):
    """Dense webs on boards of up to 200 squares (the brute force takes a while there)."""
    board = _dense([0.8, 0.95, 1.0], [1, 3, 10, 30], [0, 0.1])
    _stress(200, scaled(50), SHAPES, board)

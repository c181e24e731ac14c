"""Tests for shared/checkers_board.py: home numbering, diagonal neighbours, jumps."""

import random

from shared.checkers_board import (
    DIAGONALS,
    NE,
    NW,
    SE,
    SW,
    diagonal_neighbours,
    home_cells,
    home_index,
    jump_table,
)


def test_megacheckers_numbering_5x3_has_eight_homes():
    """POJ 3116 says a 5 x 3 board has homes 1..8, the leftmost square of row 0 being a home."""
    cells = home_cells(5, 3, 0)
    assert len(cells) == 8
    assert cells == [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2), (3, 1), (4, 0), (4, 2)]


def test_megacheckers_home_count_is_ceiling_half():
    for n in range(3, 21):
        for m in range(3, 21):
            assert len(home_cells(n, m, 0)) == (n * m + 1) // 2


def test_checkers_check_numbering():
    """POJ 1643: row r holds squares 4r+1..4r+4; even rows use columns 1, 3, 5, 7."""
    cells = home_cells(8, 8, 1)
    assert cells[0] == (0, 1) and cells[3] == (0, 7)
    assert cells[4] == (1, 0) and cells[31] == (7, 6)
    for sq in range(1, 33):
        r, c = cells[sq - 1]
        assert r == (sq - 1) // 4


def test_checkers_check_statement_jumps():
    """14-23 jumps over 18; the king's 22-31-24-15 jumps over 26, 27 and 19 (1-based squares)."""
    jmp = jump_table(8, 8, 1)

    def over(a, b):
        hits = [jp[0] + 1 for jp in jmp[a - 1] if jp is not None and jp[1] == b - 1]
        assert len(hits) == 1, (a, b)
        return hits[0]

    assert over(14, 23) == 18
    assert over(22, 31) == 26
    assert over(31, 24) == 27
    assert over(24, 15) == 19
    # sample 1: White's 9-2 jumps Red's 6
    assert over(9, 2) == 6


def test_direction_names_match_deltas():
    assert DIAGONALS[NW] == (-1, -1)
    assert DIAGONALS[NE] == (-1, 1)
    assert DIAGONALS[SW] == (1, -1)
    assert DIAGONALS[SE] == (1, 1)


def test_tables_are_consistent_on_random_shapes():
    """Neighbour and jump tables agree with the cell coordinates and are symmetric."""
    rng = random.Random(3116)
    shapes = [(8, 8, 1)] + [
        (rng.randint(1, 20), rng.randint(1, 20), rng.randint(0, 1)) for _ in range(40)
    ]
    for n, m, parity in shapes:
        cells = home_cells(n, m, parity)
        index = home_index(n, m, parity)
        nbr = diagonal_neighbours(n, m, parity)
        jmp = jump_table(n, m, parity)
        assert len(cells) == len(index) == len(nbr) == len(jmp)
        for i, (r, c) in enumerate(cells):
            assert (r + c) % 2 == parity and index[(r, c)] == i
            for d, (dr, dc) in enumerate(DIAGONALS):
                rr, cc = r + dr, c + dc
                on = 0 <= rr < n and 0 <= cc < m
                assert (nbr[i][d] >= 0) == on
                if on:
                    assert cells[nbr[i][d]] == (rr, cc)
                    assert nbr[nbr[i][d]][3 - d] == i  # the opposite direction leads back
                r2, c2 = r + 2 * dr, c + 2 * dc
                if 0 <= r2 < n and 0 <= c2 < m:
                    over, land = jmp[i][d]
                    assert over == nbr[i][d] and cells[land] == (r2, c2)
                    assert jmp[land][3 - d] == (over, i)
                else:
                    assert jmp[i][d] is None

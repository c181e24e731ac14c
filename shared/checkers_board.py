"""Checkers-board geometry: home numbering, diagonal neighbours, jumps.

Description: on a rows x cols board the playable squares ("homes") are the cells (r, c) with
    (r + c) % 2 == parity, numbered 0, 1, 2, ... row by row, left to right (a problem's
    1-based number is index + 1). DIAGONALS[d] = (dr, dc) in the order NW, NE, SW, SE, "N"
    being row - 1. MegaCheckers (POJ 3116): any size, parity 0; Checker's Check (POJ 1643):
    8 x 8, parity 1 (row 0 holds squares 1..4 at columns 1, 3, 5, 7).
Usage: cells = home_cells(8, 8, 1)         # cells[i] = (r, c) of home i
    nbr = diagonal_neighbours(8, 8, 1)     # nbr[i][d] = home one step along DIAGONALS[d], or -1
    jmp = jump_table(8, 8, 1)              # jmp[i][d] = (over, land) homes, or None
Method: tables built from the (r, c) -> index dict of home_index().
Time: O(rows * cols) per table.
Status: tests/test_checkers_board.py (the statements' numbering: a 5 x 3 board has 8 homes;
    POJ 1643's 14-23 over 18 and 22-31-24-15 over 26, 27, 19; the tables' symmetry on random
    shapes); used by solutions/megacheckers.py and solutions/checkers_check.py.
"""

DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
NW, NE, SW, SE = 0, 1, 2, 3


def home_cells(rows, cols, parity=0):
    """(r, c) of every home in numbering order: row by row, left to right."""
    return [(r, c) for r in range(rows) for c in range(cols) if (r + c) % 2 == parity]


def home_index(rows, cols, parity=0):
    """Dict (r, c) -> home index, the inverse of home_cells."""
    return {cell: i for i, cell in enumerate(home_cells(rows, cols, parity))}


def diagonal_neighbours(rows, cols, parity=0):
    """nbr[i][d]: the home one diagonal step from home i along DIAGONALS[d], or -1 off the board."""
    index = home_index(rows, cols, parity)
    return [
        tuple(index.get((r + dr, c + dc), -1) for dr, dc in DIAGONALS)
        for r, c in home_cells(rows, cols, parity)
    ]


def jump_table(rows, cols, parity=0):
    """jmp[i][d]: (over, land) for a jump from home i along DIAGONALS[d], or None off the board."""
    index = home_index(rows, cols, parity)
    table = []
    for r, c in home_cells(rows, cols, parity):
        row = []
        for dr, dc in DIAGONALS:
            land = index.get((r + 2 * dr, c + 2 * dc), -1)
            row.append(None if land < 0 else (index[(r + dr, c + dc)], land))
        table.append(tuple(row))
    return table

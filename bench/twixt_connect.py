"""Worst-case inputs for Connect (Twixt): 20 datasets of 249 moves on the largest board.

cases() is deterministic (fixed seeds), built with random_moves(..., no_early_win=True) of
stress/twixt_connect.py: every case is legal input (Black first and last, no peg in the other
side's endzone, no point used twice) and no one wins before the last move, as the statement
promises (each side leaves its winning points for later), so every game runs its full 249 moves.
Expected outputs come from that module's reference().
"""

import random

from stress.twixt_connect import case_text, join_cases, random_moves, reference

GOAL_SECONDS = 0.15
N = 20
MOVES = 249
DATASETS = 20


def _case(seed, prefer):
    rng = random.Random(seed)
    games = [random_moves(rng, N, MOVES, prefer=prefer, no_early_win=True) for _ in range(DATASETS)]
    return join_cases([case_text(N, moves) for moves in games])


def _centre(colour, x, y):
    return 4 <= x <= 16 and 4 <= y <= 16


def _columns(colour, x, y):
    return x % 2 == colour


def _rows_against_columns(colour, x, y):
    return (y if colour == 0 else x) % 2 == 0


def cases():
    out = []
    for name, seed, prefer in (
        # uniformly random legal play on the whole board
        ("random-N20-20x249", 2706, None),
        # both sides crowd the centre first: the most knight neighbours and crossing attempts
        ("centre-crowded-N20-20x249", 2005, _centre),
        # Black on even columns, White on odd ones: each peg has up to 4 same-colour knight
        # neighbours (steps (+-2, +-1)), links of both colours crossing everywhere
        ("columns-N20-20x249", 3, _columns),
        # Black on even rows, White on even columns: many links, many refused
        ("rows-vs-columns-N20-20x249", 4, _rows_against_columns),
    ):
        text = _case(seed, prefer)
        out.append((name, text, reference(text)))
    return out

"""Worst-case inputs for Connect (Twixt): 20 datasets of 249 moves on the largest board.

cases() is deterministic (fixed seeds). Every case is legal input: Black first and last, no peg
in the other side's endzone, no square used twice. (Whether Black wins before the last move is
not controlled; the solution's work does not depend on it.)
"""

import random

GOAL_SECONDS = 0.15
N = 20
MOVES = 249
DATASETS = 20


def _legal(n, colour, x, y):
    if colour == 0:
        return 0 < y < n  # Black stays out of White's endzones y = 0 and y = n
    return 0 < x < n  # White stays out of Black's endzones x = 0 and x = n


def _game(rng, n, m, black_ok, white_ok):
    """m moves, Black first: each side plays its preferred squares (those its predicate
    accepts) in random order, then any other legal square.
    """
    cells = [(x, y) for x in range(n + 1) for y in range(n + 1)]
    rng.shuffle(cells)
    prefs = []
    for colour, ok in ((0, black_ok), (1, white_ok)):
        legal = [p for p in cells if _legal(n, colour, *p)]
        prefs.append([p for p in legal if ok(*p)] + [p for p in legal if not ok(*p)])
    taken = set()
    moves = []
    idx = [0, 0]
    while len(moves) < m:
        colour = len(moves) % 2
        pool = prefs[colour]
        while pool[idx[colour]] in taken:
            idx[colour] += 1
        p = pool[idx[colour]]
        taken.add(p)
        moves.append(p)
    return moves


def _text(games):
    lines = []
    for n, moves in games:
        lines.append(f"{n} {len(moves)}")
        for i in range(0, len(moves), 12):
            lines.append(" ".join(f"{x} {y}" for x, y in moves[i : i + 12]))
    lines.append("0 0")
    return "\n".join(lines) + "\n"


def _case(seed, black_ok, white_ok):
    rng = random.Random(seed)
    return _text([(N, _game(rng, N, MOVES, black_ok, white_ok)) for _ in range(DATASETS)])


def _anywhere(x, y):
    return True


def _centre(x, y):
    return 4 <= x <= 16 and 4 <= y <= 16


def cases():
    return [
        # uniformly random legal play on the whole board
        ("random-N20-20x249", _case(2706, _anywhere, _anywhere)),
        # both sides crowd the centre first: the most knight neighbours and crossing attempts
        ("centre-crowded-N20-20x249", _case(2005, _centre, _centre)),
        # Black on even columns, White on odd ones: each peg has up to 4 same-colour knight
        # neighbours (steps (+-2, +-1)), links of both colours crossing everywhere
        ("columns-N20-20x249", _case(3, lambda x, y: x % 2 == 0, lambda x, y: x % 2 == 1)),
        # Black on even rows, White on even columns: many links, many refused
        ("rows-vs-columns-N20-20x249", _case(4, lambda x, y: y % 2 == 0, lambda x, y: x % 2 == 0)),
    ]

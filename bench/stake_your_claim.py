"""Worst-case inputs for Stake Your Claim (POJ 3317): 8 x 8 boards with 10 empty squares.

Each case is one input file of 100 boards from one family (all deterministic, seeded):
random fill, checkerboard, stripes, big blocks, clustered empties, empties on the borders
between regions. GOAL_SECONDS is the issue's goal for one 100-board file.
"""

import random

GOAL_SECONDS = 1.0
N = 8
EMPTIES = 10
BOARDS = 100


def _balanced(cells, n, empties, rng):
    """Turn a full 0/1 pattern (list of n*n chars) into a legal board with `empties` squares:
    empties are taken from `cells` as given by the family (positions marked '.' stay empty),
    then squares are flipped until the counts are legal (0s == 1s, or one more 0)."""
    fixed = [i for i in range(n * n) if cells[i] != "."]
    zeros = sum(1 for i in fixed if cells[i] == "0")
    want = (len(fixed) + 1) // 2
    order = fixed[:]
    rng.shuffle(order)
    for i in order:
        if zeros == want:
            break
        if zeros > want and cells[i] == "0":
            cells[i] = "1"
            zeros -= 1
        elif zeros < want and cells[i] == "1":
            cells[i] = "0"
            zeros += 1
    return ["".join(cells[r * n : (r + 1) * n]) for r in range(n)]


def _with_empties(pattern, spots, n, rng):
    cells = list(pattern)
    for i in spots:
        cells[i] = "."
    return _balanced(cells, n, len(spots), rng)


def random_board(rng, n=N, empties=EMPTIES):
    """Random fill: any legal counts, empties anywhere."""
    spots = rng.sample(range(n * n), empties)
    return _with_empties([rng.choice("01") for _ in range(n * n)], spots, n, rng)


def checker_board(rng, n=N, empties=EMPTIES):
    """Checkerboard: every fixed region has one square, every empty touches up to 4 of them."""
    pattern = ["01"[(r + c) % 2] for r in range(n) for c in range(n)]
    return _with_empties(pattern, rng.sample(range(n * n), empties), n, rng)


def stripe_board(rng, n=N, empties=EMPTIES):
    """Stripes of width 1 or 2: long regions that empties can cut across or join."""
    w = rng.choice((1, 2))
    if rng.random() < 0.5:
        pattern = ["01"[(c // w) % 2] for r in range(n) for c in range(n)]
    else:
        pattern = ["01"[(r // w) % 2] for r in range(n) for c in range(n)]
    return _with_empties(pattern, rng.sample(range(n * n), empties), n, rng)


def block_board(rng, n=N, empties=EMPTIES):
    """Big blocks (2x2 to 4x4 tiles of one colour): a few large regions of each player."""
    h = rng.randint(2, 4)
    w = rng.randint(2, 4)
    tiles = {}
    pattern = []
    for r in range(n):
        for c in range(n):
            t = (r // h, c // w)
            if t not in tiles:
                tiles[t] = rng.choice("01")
            pattern.append(tiles[t])
    return _with_empties(pattern, rng.sample(range(n * n), empties), n, rng)


def clustered_board(rng, n=N, empties=EMPTIES):
    """Empties grown as one blob from a random seed square, rest random."""
    spots = {rng.randrange(n * n)}
    while len(spots) < empties:
        s = rng.choice(sorted(spots))
        r, c = divmod(s, n)
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 0 <= r + dr < n and 0 <= c + dc < n:
            spots.add((r + dr) * n + c + dc)
    return _with_empties([rng.choice("01") for _ in range(n * n)], sorted(spots), n, rng)


def border_board(rng, n=N, empties=EMPTIES):
    """Blocky random regions with the empties placed where several regions meet (squares whose
    neighbours hold both colours), so each empty can merge regions for either player."""
    pattern = [rng.choice("01") for _ in range(n * n)]
    for _ in range(2):  # smooth a little: each square copies a random neighbour
        for i in range(n * n):
            r, c = divmod(i, n)
            nb = [
                (r + dr) * n + c + dc
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if 0 <= r + dr < n and 0 <= c + dc < n
            ]
            pattern[i] = pattern[rng.choice(nb)]

    def mixed(i):
        r, c = divmod(i, n)
        seen = {
            pattern[(r + dr) * n + c + dc]
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < n and 0 <= c + dc < n
        }
        return len(seen) == 2

    cand = [i for i in range(n * n) if mixed(i)]
    rng.shuffle(cand)
    spots = cand[:empties]
    rest = [i for i in range(n * n) if i not in spots]
    spots += rng.sample(rest, empties - len(spots))
    return _with_empties(pattern, spots, n, rng)


FAMILIES = {
    "random": random_board,
    "checker": checker_board,
    "stripes": stripe_board,
    "blocks": block_board,
    "clustered": clustered_board,
    "border": border_board,
}


def family_boards(name, seed, count=BOARDS):
    rng = random.Random(f"{name}-{seed}")
    return [FAMILIES[name](rng) for _ in range(count)]


def render(boards):
    lines = []
    for rows in boards:
        lines.append(str(len(rows)))
        lines.extend(rows)
    lines.append("0")
    return "\n".join(lines) + "\n"


def cases():
    return [(f"{name}-100x8x8e10", render(family_boards(name, 1))) for name in FAMILIES]

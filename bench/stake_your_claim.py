"""Worst-case inputs for Stake Your Claim (POJ 3317): 8 x 8 boards with 10 empty squares.

Each case is one input file of 100 boards from one family (all deterministic): random fill,
checkerboard, stripes, big blocks, clustered empties, empties on the borders between regions
(seeded generators), and "climbed": boards found by hill-climbing (moving empties, swapping a 0
and a 1) the number of threshold sweeps the solver needs -- its costliest inputs, 8 sweeps
against ~3 on random boards -- each in 5 orientations. GOAL_SECONDS is the issue's goal for one
100-board file.
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


# 8 x 8 boards (row-major, 64 characters) from the hill-climb described above.
CLIMBED = [
    "101101100.1..1.01100001101111.1001100011.00..11001.100110.010000",
    "1..00001.10..00010011.100001001.11110110.0110011110101101.0.0101",
    "000.0001110.101011001.01111.11111010000011.01.01.0.0.00.01111001",
    ".010001.111.111100.10101010101110001..1.010100000011.1.00.110001",
    "111100.01000.011.0101.1000111010011.000111.001010001.011100.1..1",
    "10011001.010.00000110..10000.11111011.1.00101100000101101.1..111",
    "100.011010001101110101100..1.100000.110.10100001.100.11.10.10111",
    "011011.000111.0.11.10.00.0010110100.00.11001111101.1100001001.01",
    "0001011111111101.011000.01.001.01100.10001110.00.111..000.010011",
    ".10100.1100001010001011101.011110.0.10..111000.111000.0.10101011",
    "101010001010...100.11.0110110.11000..1101011.01000111100000101.1",
    "0.01.1100010111000110110.1111..0011.01.0.001.1100101.01110100000",
    "1001100001.1000010011.00101100.0..1100111011.111.10.0.1010.01011",
    "10011.1.11110.0111.1.10.100.01.0000.010010010100111101.000001110",
    "10.110100111100.1010110010..0.011000.111100010..011001.011100.01",
    "10.100.11111101001.10000010.11110.10.11100..11101.011.0100000000",
    "0.1.101.110.1110110101110.0100.0.1100010110.111010011000.001.000",
    "1.00.100110100.0100100011000...11.10110.10101011101.110.10111000",
    "001110000..11100100111..00.0.000000.11.1.1100111111011001111.000",
    "0.11.000111101.0101.011001110100111.00.011.011.1.0.0001011000010",
]


def orientations(rows):
    """The board, rotated by 90, 180 and 270 degrees, and transposed (all legal positions)."""
    out = [rows]
    cur = rows
    for _ in range(3):
        cur = ["".join(row[c] for row in reversed(cur)) for c in range(len(cur))]
        out.append(cur)
    out.append(["".join(row[c] for row in rows) for c in range(len(rows))])
    return out


def climbed_boards(count=BOARDS):
    boards = []
    for flat in CLIMBED:
        boards.extend(orientations([flat[r * N : (r + 1) * N] for r in range(N)]))
    return boards[:count]


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
    out = [(f"{name}-100x8x8e10", render(family_boards(name, 1))) for name in FAMILIES]
    out.append(("climbed-100x8x8e10", render(climbed_boards())))
    return out

"""Stress module of Stake Your Claim (POJ 3317): generators, validator, brute-force reference.

Description: boards of six families in the judge's format, a check of the statement's input
    constraints, and the expected output by a plain memoized minimax over the real board.
Usage: text = generate(random.Random(7), cases=4, n=6, empties=8); validate(text);
    reference(text); move_values(rows) -> {(row, col): value of that first move};
    split_cases / join_cases / cuts for shrinking; FAMILIES[name](rng, n, empties) -> rows;
    worst_cases() -> the files bench/stake_your_claim.py times (families, climbed boards).
Method: the reference reads each board line by line, then searches every order of play: a
    position is (empties taken by the mover, empties taken by the other player), memoized; a
    full board is scored by filling a copy of the grid and measuring each player's largest
    4-connected region with its own stack flood fill. Nothing is shared with the solution's
    subset tables or retrograde bit sets. Families: random fill, checkerboard, stripes, big
    blocks, clustered empties, empties where regions of both colours meet.
Time: O(3^k) positions for k empties, each scored board O(n^2) (measured:
    docs/stake_your_claim.md, Figures).
Status: tests/test_stress_stake_your_claim.py and tests/test_stress_interface.py (validation,
    split/join, cuts, samples, agreement with solutions/stake_your_claim.py on seeded files);
    tests/test_stake_your_claim.py checks its values on hand-made boards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from stress import merged_params, parse_cases

PARAMS = {"cases": 4, "n": 6, "empties": 8}
MIN_PARAMS = {"cases": 1, "n": 1, "empties": 1}
MAX_N = 8
MAX_EMPTIES = 10


# --- reading -------------------------------------------------------------------------------


def parse(text: str) -> list[list[str]]:
    """The boards of a whole file (each a list of n row strings), read line by line: a line
    "n", n lines of the board, ..., then "0". Layout errors are ValueErrors."""

    def board(lines, at, head):
        (n,) = head
        if n < 0:
            raise ValueError(f"line {at}: a negative board size")
        if at + n > len(lines):
            raise ValueError(f"line {at + 1}: the file ends inside the {n} rows of a board")
        for r, row in enumerate(lines[at : at + n]):
            if len(row) != n:
                raise ValueError(f"line {at + r + 1}: a row of {len(row)} squares, not {n}")
        return lines[at : at + n], at + n

    return parse_cases(text, "n", board)


def case_text(rows: list[str]) -> str:
    return f"{len(rows)}\n" + "".join(row + "\n" for row in rows)


def split_cases(text: str) -> list[str]:
    return [case_text(rows) for rows in parse(text)]


def join_cases(cases: list[str]) -> str:
    return "".join(case.rstrip("\n") + "\n" for case in cases) + "0\n"


def board_problem(rows: list[str]) -> str | None:
    """What breaks the statement's constraints on one board, or None."""
    text = "".join(rows)
    if not 1 <= len(rows) <= MAX_N:
        return "needs 1 <= n <= 8"
    if set(text) - set("01."):
        return "a square other than '0', '1', '.'"
    if text.count("0") - text.count("1") not in (0, 1):
        return "needs as many 0s as 1s, or one more 0"
    if not 1 <= text.count(".") <= MAX_EMPTIES:
        return "needs 1 to 10 empty squares"
    return None


def validate(text: str) -> None:
    for number, rows in enumerate(parse(text), 1):
        problem = board_problem(rows)
        if problem:
            raise ValueError(f"board {number}: {problem}")


# --- the brute force -----------------------------------------------------------------------


def largest_region(grid: list[list[str]], ch: str) -> int:
    """Squares in the largest 4-connected region of ch (0 when there is none)."""
    n = len(grid)
    seen = set()
    best = 0
    for r in range(n):
        for c in range(n):
            if grid[r][c] != ch or (r, c) in seen:
                continue
            seen.add((r, c))
            stack = [(r, c)]
            size = 0
            while stack:
                y, x = stack.pop()
                size += 1
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    inside = 0 <= ny < n and 0 <= nx < n
                    if inside and grid[ny][nx] == ch and (ny, nx) not in seen:
                        seen.add((ny, nx))
                        stack.append((ny, nx))
            best = max(best, size)
    return best


def move_values(rows: list[str]) -> dict[tuple[int, int], int]:
    """{(row, col): the mover's final (his largest region - the other's) after playing there
    first, both sides playing perfectly from then on}, by memoized minimax."""
    n = len(rows)
    text = "".join(rows)
    me = "0" if text.count("0") == text.count("1") else "1"
    you = "1" if me == "0" else "0"
    empties = [(r, c) for r in range(n) for c in range(n) if rows[r][c] == "."]
    everything = (1 << len(empties)) - 1
    memo: dict[tuple[int, int], int] = {}

    def final(mine: int) -> int:
        grid = [list(row) for row in rows]
        for i, (r, c) in enumerate(empties):
            grid[r][c] = me if mine >> i & 1 else you
        return largest_region(grid, me) - largest_region(grid, you)

    def value(mine: int, yours: int) -> int:
        """The mover's final difference from this position, the side to move by the counts."""
        key = (mine, yours)
        if key not in memo:
            free = everything & ~(mine | yours)
            if not free:
                memo[key] = final(mine)
            elif bin(mine).count("1") == bin(yours).count("1"):  # the mover's turn
                memo[key] = max(value(mine | 1 << i, yours) for i in _bits(free))
            else:
                memo[key] = min(value(mine, yours | 1 << i) for i in _bits(free))
        return memo[key]

    return {empties[i]: value(1 << i, 0) for i in range(len(empties))}


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def best_move(rows: list[str]) -> tuple[int, int, int]:
    """(row, col, value): the first move in (row, col) order reaching the best value."""
    values = move_values(rows)
    best = max(values.values())
    r, c = min(rc for rc, v in values.items() if v == best)
    return r, c, best


def reference(text: str) -> str:
    out = []
    for rows in parse(text):
        r, c, v = best_move(rows)
        out.append(f"({r},{c}) {v}\n")
    return "".join(out)


# --- generators ----------------------------------------------------------------------------
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


def random_board(rng, n, empties):
    """Random fill: any legal counts, empties anywhere."""
    spots = rng.sample(range(n * n), empties)
    return _with_empties([rng.choice("01") for _ in range(n * n)], spots, n, rng)


def checker_board(rng, n, empties):
    """Checkerboard: every fixed region has one square, every empty touches up to 4 of them."""
    pattern = ["01"[(r + c) % 2] for r in range(n) for c in range(n)]
    return _with_empties(pattern, rng.sample(range(n * n), empties), n, rng)


def stripe_board(rng, n, empties):
    """Stripes of width 1 or 2: long regions that empties can cut across or join."""
    w = rng.choice((1, 2))
    if rng.random() < 0.5:
        pattern = ["01"[(c // w) % 2] for r in range(n) for c in range(n)]
    else:
        pattern = ["01"[(r // w) % 2] for r in range(n) for c in range(n)]
    return _with_empties(pattern, rng.sample(range(n * n), empties), n, rng)


def block_board(rng, n, empties):
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


def clustered_board(rng, n, empties):
    """Empties grown as one blob from a random seed square, rest random."""
    spots = {rng.randrange(n * n)}
    while len(spots) < empties:
        s = rng.choice(sorted(spots))
        r, c = divmod(s, n)
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 0 <= r + dr < n and 0 <= c + dc < n:
            spots.add((r + dr) * n + c + dc)
    return _with_empties([rng.choice("01") for _ in range(n * n)], sorted(spots), n, rng)


def border_board(rng, n, empties):
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
            if nb:  # (a 1 x 1 board has no neighbours)
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


FAMILIES = {
    "random": random_board,
    "checker": checker_board,
    "stripes": stripe_board,
    "blocks": block_board,
    "clustered": clustered_board,
    "border": border_board,
}


def generate(rng: random.Random, **params: int) -> str:
    """`cases` boards of a random family, each n x n with 1 <= n <= `n` (at most 8) and 1 <= k
    <= `empties` (at most 10 and n * n) empty squares; k is that cap on a quarter of the boards
    (the most empties allowed: every square of a board up to 3 x 3 empty, 10 on larger ones)."""
    p = merged_params(PARAMS, params)
    top_n = max(1, min(MAX_N, p["n"]))
    boards = []
    for _ in range(p["cases"]):
        n = rng.randint(1, top_n)
        top_k = max(1, min(MAX_EMPTIES, p["empties"], n * n))
        k = top_k if rng.random() < 0.25 else rng.randint(1, top_k)
        family = FAMILIES[rng.choice(sorted(FAMILIES))]
        boards.append(case_text(family(rng, n, k)))
    return join_cases(boards)


def cuts(case: str) -> Iterator[str]:
    """The game one move shorter (an empty square filled by the player to move), then the board
    without its last row and column or its first (the counts must stay legal)."""
    (rows,) = parse(join_cases([case]))
    n = len(rows)
    text = "".join(rows)
    mover = "0" if text.count("0") == text.count("1") else "1"
    variants = []
    for i, ch in enumerate(text):
        if ch == ".":
            filled = text[:i] + mover + text[i + 1 :]
            variants.append([filled[r * n : (r + 1) * n] for r in range(n)])
    if n > 1:
        variants.append([row[:-1] for row in rows[:-1]])
        variants.append([row[1:] for row in rows[1:]])
    for smaller in variants:
        if not board_problem(smaller):
            yield case_text(smaller)


# --- worst cases (bench/stake_your_claim.py times them) ----------------------------------

BENCH_N = 8
BENCH_EMPTIES = 10
BENCH_BOARDS = 100


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


def climbed_boards(count=BENCH_BOARDS):
    boards = []
    for flat in CLIMBED:
        boards.extend(orientations([flat[r * BENCH_N : (r + 1) * BENCH_N] for r in range(BENCH_N)]))
    return boards[:count]


def family_boards(name, seed, count=BENCH_BOARDS):
    rng = random.Random(f"{name}-{seed}")
    return [FAMILIES[name](rng, BENCH_N, BENCH_EMPTIES) for _ in range(count)]


def render(boards):
    return join_cases([case_text(rows) for rows in boards])


def worst_cases():
    """The bench's files: [(name, text), ...], 100 boards each, deterministic."""
    out = [(f"{name}-100x8x8e10", render(family_boards(name, 1))) for name in FAMILIES]
    out.append(("climbed-100x8x8e10", render(climbed_boards())))
    return out

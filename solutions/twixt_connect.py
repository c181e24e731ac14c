"""Connect (Twixt), POJ 2706 / Mid-Central USA 2005 problem C.

Description: Black and White alternately place pegs on [0, N]^2 (Black first, Black last). After
    each peg, it is linked to every same-colour peg a knight's move away unless the new link
    would touch an already placed link (of either colour) apart from a shared endpoint. Print
    "yes" when, after the last move, Black's links join a peg with x = 0 to a peg with x = N.
Rules relied on (each pinned by a named test in tests/test_twixt_connect.py):
    - links of both colours block; a link placed earlier always stays (first come, first served);
    - the links of one new peg never block each other (they share the new peg and, being
      distinct knight segments from one point, meet only there), so their order is irrelevant;
    - two distinct knight links touch apart from a shared endpoint exactly when they cross
      properly (no lattice point inside a knight segment, no collinear overlaps): see
      shared/segment_geometry.py;
    - the answer is Black's connectivity after the last move, whether or not it already held
      earlier (legal data never has an earlier win, so both readings agree on it).
Method: a link is identified by 4 * start + d, where start is its endpoint with the smaller x
    on a padded board (row stride 32) and d its direction. Each placed link marks the 9 links
    crossing it (plus itself) in a "blocked" byte array, using offsets derived once from the
    exact crossing table; checking a candidate link is then one array read. The fixed stride
    makes the tables independent of N: they are built once per input (about 1 ms). Black's
    connectivity: union-find with two extra nodes for the x = 0 and x = N endzones.
Time: O(M) per dataset with about 8 neighbour probes per move and 10 writes per new link.
Status: the sample and the official judge data (15 datasets) pass from source under 3.11 and
    3.8 and from the bundle (tests/test_twixt_connect.py, python build.py twixt_connect); the
    brute force tests/brute/twixt_brute.py (Fraction geometry, all-pairs checks, BFS) passes the
    official data too and agrees on ~2,000 seeded random games per default test run (~12,000
    with STRESS_SCALE=5, all sizes N = 4..20, crowded windows, multi-dataset inputs). Bench
    (bench/twixt_connect.py, 20 datasets x 249 moves at N = 20, four play patterns): about 9 ms
    of solving in-process; whole process 20-50 ms min under 3.11 and 3.8 (goal 0.15 s).
"""

import sys

from shared.segment_geometry import KNIGHT_DIRECTIONS, knight_link_conflicts
from shared.union_find import UnionFind

PAD = 3  # crossing links start at most 3 away from a link's start; knight steps reach 2
STRIDE = 32  # row stride of the padded board: 21 + 2 * PAD <= 32, so no wrap-around aliasing
ROWS = 21 + 2 * PAD
CELLS = ROWS * STRIDE


def cell_index(x, y):
    return (x + PAD) * STRIDE + (y + PAD)


def link_tables():
    """(blocks, steps): blocks[d] holds the id offsets (relative to a link with direction d) of
    the links that touch it; steps holds, for the 8 knight steps from a peg at cell c, pairs
    (cell offset to the neighbour, id of the link minus 4 * c).
    """
    conflicts = knight_link_conflicts()
    blocks = tuple(
        tuple(4 * (dx * STRIDE + dy) + d2 - d for dx, dy, d2 in conflicts[d]) for d in range(4)
    )
    steps = []
    for d, (ex, ey) in enumerate(KNIGHT_DIRECTIONS):
        off = ex * STRIDE + ey
        steps.append((off, d))  # the new peg is the link's start
        steps.append((-off, d - 4 * off))  # the neighbour is the link's start
    return blocks, tuple(steps)


def black_connects(n, moves, blocks, steps):
    """Play the moves (flat list x0, y0, x1, y1, ...; Black first) on [0, n]^2 and tell whether
    Black's links then join x = 0 to x = n.
    """
    board = bytearray(CELLS)
    blocked = bytearray(4 * CELLS)
    uf = UnionFind(CELLS + 2)
    union = uf.union
    left = CELLS
    right = CELLS + 1
    colour = 1
    for i in range(0, len(moves), 2):
        x = moves[i]
        c = (x + PAD) * STRIDE + moves[i + 1] + PAD
        board[c] = colour
        c4 = 4 * c
        for off, so in steps:
            if board[c + off] == colour:
                s = c4 + so
                if not blocked[s]:
                    for o in blocks[s & 3]:
                        blocked[s + o] = 1
                    if colour == 1:
                        union(c, c + off)
        if colour == 1:
            if x == 0:
                union(c, left)
            elif x == n:
                union(c, right)
            colour = 2
        else:
            colour = 1
    return uf.same(left, right)


def solve(data):
    vals = list(map(int, data.split()))
    blocks, steps = link_tables()
    out = []
    pos = 0
    while pos + 1 < len(vals):
        n = vals[pos]
        m = vals[pos + 1]
        pos += 2
        if n == 0 and m == 0:
            break
        moves = vals[pos : pos + 2 * m]
        pos += 2 * m
        out.append("yes" if black_connects(n, moves, blocks, steps) else "no")
    return "".join(line + "\n" for line in out)


def main():
    sys.stdout.write(solve(sys.stdin.buffer.read()))


if __name__ == "__main__":
    main()

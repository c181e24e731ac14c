"""Connect (Twixt, POJ 2706): does Black's last move connect x = 0 to x = N?

Description: Black and White alternately place pegs on [0, N]^2 (Black first and last); each
    new peg is linked to every same-colour peg a knight's move away unless the link would
    touch an already placed link (of either colour) apart from a shared endpoint. Print "yes"
    when, after the last move, Black's links join a peg with x = 0 to one with x = N.
Rules: links of both colours block and a placed link stays
    (test_rule_links_of_the_other_colour_block, test_rule_first_link_placed_stays,
    test_rule_own_links_block_too); a new peg's links never block each other
    (test_rule_links_of_one_peg_are_order_independent); collinear links meeting end to end
    both stand (test_rule_straight_chain_of_links_through_a_peg_is_allowed); the answer is
    Black's connection after the last move (test_rule_answer_is_the_state_after_the_last_move).
Method: for knight links "touching" is a proper crossing, and each link is crossed by exactly
    9 others (shared/segment_geometry.py derives the table). A link is 4 * start + d on a
    padded board of row stride 32; each placed link marks its crossers in a byte array, so a
    candidate link is one look-up. Black's connection: shared/union_find.py with a node for
    each endzone. Why and how: docs/twixt_connect.md.
Time: O(M) per dataset: 8 neighbour probes per move, 10 writes per new link; the tables are
    built once per input. Measured: docs/twixt_connect.md (Layout of the solution, Figures).
Status: the sample and the official data (15 datasets) from source under 3.11 and 3.8 and
    from the bundle (tests/test_twixt_connect.py); ~2,100 seeded games a run against the
    Fraction brute force of stress/twixt_connect.py (tests/test_stress_twixt_connect.py,
    test_stress_interface.py); test_random_games_notice_any_single_missing_crossing. python
    build.py bench twixt_connect (20 x 249 moves at N = 20, whole process, goal 0.15 s):
    docs/twixt_connect.md (Figures).
"""

import sys

from shared.segment_geometry import KNIGHT_DIRECTIONS, knight_link_conflicts
from shared.union_find import UnionFind

PAD = 3  # crossing links start at most 3 away from a link's start; knight steps reach 2
STRIDE = 32  # row stride of the padded board: 21 + 2 * PAD <= 32, so no wrap-around aliasing
ROWS = 21 + 2 * PAD
CELLS = ROWS * STRIDE


def cell_index(x, y):
    """The cell of point (x, y) on the padded board."""
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
        c = cell_index(x, moves[i + 1])
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

"""Stake Your Claim (POJ 3317): the mover's best move and its exact minimax value.

Description: an n x n board (n <= 8) of '0', '1', '.' with 1..10 empty squares; players fill
    the empties in turn; each scores his largest 4-connected region. Print the mover's best
    move "(row,col)" and (his score - the other's) under best play from both sides.
Rules: the mover is player 0 when 0s and 1s are as many, else player 1
    (test_mover_is_player_0_when_counts_are_equal,
    test_mover_is_player_1_when_there_is_one_more_0); the value is from the mover's side
    and may be negative (test_value_is_from_the_movers_side_and_may_be_negative); a player
    without squares scores 0 (test_n1_single_empty_square); ties go to the smallest (row, col)
    (test_ties_go_to_the_smallest_row_then_column, test_tie_break_on_boards_with_tied_best_moves).
Method: the result depends only on which empties each player ends with: a claiming game on the
    k empties. Per board, fixed regions by shift flood fill (shared/grid_bitmask.py) and tables
    over all 2^k subsets of the empties give "his largest region if he ends with S" in a few
    look-ups. The game is solved exactly with no pruning (every tie is seen) by
    shared/game_search.py: retrograde sweeps on big-integer bit sets under CPython, a minimax
    over a list of the reachable positions under PyPy (BIT_SETS). Details and history:
    docs/stake_your_claim.md.
Time: per board O(2^k) tables and C(k, k/2) final positions scored; bit sets O(k^2) big-int
    operations on 3^k bits per threshold (3 to 8 thresholds); lists ~17,000 positions for k = 10.
Status: named rule and tie tests; every board of the tests through both searches; ~3,000
    seeded boards a run per search against the minimax of stress/stake_your_claim.py
    (tests/test_stress_stake_your_claim.py); PYPY_JIT set under PyPy
    (tests/test_stake_your_claim.py). python build.py bench stake_your_claim (files of
    100 boards of 8 x 8 with 10 empties, whole process): docs/stake_your_claim.md (Figures).
"""

import sys

from shared.game_search import claim_game_best_move, claim_game_best_move_lists
from shared.grid_bitmask import (
    cell_bit,
    char_mask,
    components,
    largest_size,
    neighbours,
    padded_width,
    popcount,
    squeeze,
    subset_unions,
)
from shared.pypy_jit import set_jit

# The game search: big-integer bit sets under CPython, plain lists under PyPy (which runs big
# integers slower than CPython and plain loops far faster). Both are exact and give the same
# answers; tests run both.
BIT_SETS = sys.implementation.name != "pypy"
# PyPy: the JIT unrolls no recursion (by default it inlines levels of the recursive minimax
# into its traces: a fifth to a third more time a file; docs/stake_your_claim.md, Figures)
PYPY_JIT = "max_unroll_recursion=0"


def region_tables(own, empty_bits, width):
    """For one player: (base, link_union, cell_union), both unions indexed by index masks.

    base: size of the player's largest fixed region (fixed regions never shrink or vanish).
    cell_union[S]: the cells of the empties in S together with every fixed region of the
        player touching one of them (squeezed: the same counts in a smaller int).
    link_union[S]: S together with every empty that joins an empty of S when both go to the
        player (grid neighbours, or both touching one fixed region of his).
    """
    comps = components(own, width)
    cells = []
    for eb in empty_bits:
        ring = neighbours(eb, width)
        grp = eb
        for comp in comps:
            if comp & ring:
                grp |= comp
        cells.append(grp)
    links = []
    for i, grp in enumerate(cells):
        ring = neighbours(grp, width)
        m = 1 << i
        for j, eb in enumerate(empty_bits):
            if eb & ring:
                m |= 1 << j
        links.append(m)
    return largest_size(comps), subset_unions(links), subset_unions(squeeze(cells))


def make_largest(base, link_union, cell_union, memo):
    """largest(S): the player's largest region when exactly the empties of index mask S are his.
    It stores the answer in memo[S]; callers read memo first (-1 = not known yet)."""
    sizes = [-1] * len(cell_union)  # popcount(cell_union[g]) for the groups g met so far

    def largest(s):
        best = base
        rest = s
        while rest:
            grp = rest & -rest
            while True:  # grow the group of the lowest empty left through the links
                nxt = link_union[grp] & s
                if nxt == grp:
                    break
                grp = nxt
            rest ^= grp
            size = sizes[grp]
            if size < 0:
                size = sizes[grp] = popcount(cell_union[grp])
            if size > best:  # noqa: PLR1730
                best = size
        memo[s] = best
        return best

    return largest


def solve_board(n, rows, bit_sets=BIT_SETS):
    """(row, col, value) of the mover's best move on an n x n board given as n strings."""
    width = padded_width(n)
    zero = char_mask(rows, "0", width)
    one = char_mask(rows, "1", width)
    coords = [(r, c) for r in range(n) for c in range(n) if rows[r][c] == "."]
    empty_bits = [cell_bit(r, c, width) for r, c in coords]
    k = len(coords)
    full = (1 << k) - 1
    mover = 0 if popcount(zero) == popcount(one) else 1
    base0, links0, cells0 = region_tables(zero, empty_bits, width)
    base1, links1, cells1 = region_tables(one, empty_bits, width)
    memo0 = [-1] * (full + 1)
    memo1 = [-1] * (full + 1)
    largest0 = make_largest(base0, links0, cells0, memo0)
    largest1 = make_largest(base1, links1, cells1, memo1)

    def value0(a):
        """Player 0's final value when he ends with exactly the empties of a."""
        v = memo0[a]
        if v < 0:
            v = largest0(a)
        u = memo1[full ^ a]
        if u < 0:
            u = largest1(full ^ a)
        return v - u

    if not bit_sets:
        move, value = claim_game_best_move_lists(k, mover, value0)
        r, c = coords[move]
        return r, c, value
    # a player's largest region only grows with his set of empties: exact bounds on the value
    if mover == 0:
        lo = largest0(0) - largest1(full)
        hi = largest0(full) - largest1(0) + 1
    else:
        lo = largest1(0) - largest0(full)
        hi = largest1(full) - largest0(0) + 1
    # the first player tends to end one or two above the median final value: start there
    lean = 1 if mover == 0 else -1
    move, value = claim_game_best_move(
        k, mover, value0, lo=lo, hi=hi, guess=lambda vals: vals[len(vals) // 2] + lean
    )
    r, c = coords[move]
    return r, c, value


def solve(data, bit_sets=BIT_SETS):
    """Whole judge input (bytes) -> whole output (str). Token-based: n, then n row strings."""
    tokens = data.split()
    pos = 0
    out = []
    while pos < len(tokens):
        n = int(tokens[pos])
        pos += 1
        if n <= 0:
            break
        rows = [tok.decode() for tok in tokens[pos : pos + n]]
        pos += n
        r, c, v = solve_board(n, rows, bit_sets)
        out.append(f"({r},{c}) {v}\n")
    return "".join(out)


def main():
    set_jit(PYPY_JIT)
    sys.stdout.write(solve(sys.stdin.buffer.read()))


if __name__ == "__main__":
    main()

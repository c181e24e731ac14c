"""Stake Your Claim (POJ 3317): best move and exact minimax value.

Problem: n x n board (n <= 8) of '0', '1', '.' with 1..10 empty squares; players alternately fill
    an empty square with their digit; at the end each scores the size of his largest 4-connected
    region. Print the mover's best move "(row,col)" and the final (mover's score - opponent's
    score) under best play from both sides; among equally good moves the smallest (row, col).
Rules relied on: the mover is player 0 when the board holds as many 0s as 1s, else player 1;
    every empty square is filled before scoring; a player with no squares scores 0.
Method: the result only depends on which empties each player ends with (a claiming game on the
    k empties). Once per board: fixed regions by shift flood fill (shared/grid_bitmask.py);
    for each player, every empty's "cells" (the square plus the fixed regions of his it
    touches) and "links" (the empties it merges with when both are his), with OR tables over
    all 2^k subsets, so largest(S) -- his largest region when he ends with the empties S -- is
    a few table look-ups per group. The game itself is solved exactly, with no pruning, by
    retrograde analysis on bit sets over all 3^k positions (shared/game_search.py): a search
    over thresholds of the final value (from the median final value, leaning one towards the
    mover), each threshold one backward sweep; every tie is seen, and the first move in
    (row, col) order reaching the value is read off the root's children. The exact bounds
    largest(none) - largest(all) <= value <= largest(all) - largest(none) narrow the search.
Complexity: per board O(2^k) table set-up, C(k, k/2) final positions scored and O(k^2) big-int
    operations on 3^k-bit ints per threshold (3 thresholds on random boards, 8 at worst found);
    8 x 8 with 10 empties: ~1.5 ms (random) to ~2.3 ms (worst found) per board under CPython
    3.11, ~1.9 to ~2.9 ms under 3.8.
Status: tests/test_stake_your_claim.py -- samples, named rule readings and edge cases, ties,
    seeded stress against tests/brute/stake_brute.py (plain minimax on 3000 boards with
    n = 1..8 and <= 7 empties; a memoized second solver on 8..10 empties, on hill-climbed
    boards and on every bench family). bench/stake_your_claim.py: seven files of 100 boards
    (8 x 8, 10 empties), each far under the 1 s goal under CPython 3.11 and 3.8.
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

# The game search: big-integer bit sets under CPython, plain lists under PyPy (which runs big
# integers slower than CPython and plain loops far faster). Both are exact and give the same
# answers; tests run both.
BIT_SETS = sys.implementation.name != "pypy"


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
    sys.stdout.write(solve(sys.stdin.buffer.read()))


if __name__ == "__main__":
    main()

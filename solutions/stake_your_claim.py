"""Stake Your Claim (POJ 3317): best move and exact minimax value.

Problem: n x n board (n <= 8) of '0', '1', '.' with 1..10 empty squares; players alternately fill
    an empty square with their digit; at the end each scores the size of his largest 4-connected
    region. Print the mover's best move "(row,col)" and the final (mover's score - opponent's
    score) under best play from both sides; among equally good moves the smallest (row, col).
Rules relied on: the mover is player 0 when the board holds as many 0s as 1s, else player 1;
    every empty square is filled before scoring; a player with no squares scores 0.
Method: the score only depends on which empties each player ends with, so a position is a pair
    of k-bit masks (own, opp) over the k empties. Once per board: fixed regions by shift flood
    fill (shared/grid_bitmask.py); for each player, the empties' "cells" (the square plus every
    fixed region of his it touches) and "links" (empties that merge when both are his), with OR
    tables over all 2^k subsets, so largest(S) is a few table look-ups per group.
    Search: fail-soft alpha-beta with a transposition table of (lower, upper, best move); cutoffs
    on exact bounds from monotonicity (a player's largest region can only grow with his set:
    largest(own) <= final <= largest(own + free)); moves ordered by the transposition move, then
    (at 6+ free empties) by largest(own + move) - largest(opp's reach - move). With 4 empties
    left the value is solved directly and cached: the mover gets 2 of the 4, so the value is
    max over his first pick x of the median of the 3 leaves {x, y} (after 3 picks the mover
    gets 2 of 3, and the median of the 3 leaf values is exactly that endgame's value).
    Root: MTD(f) null-window passes pin the value v, then the moves are scanned in (row, col)
    order with a null window "is this move >= v" -- the first success is the answer, so pruning
    never changes the tie-break.
Complexity: at most 3^k positions; in practice ~600-1500 search nodes for 10 empties
    (alpha-beta + transposition table), each O(1) big-int operations.
Status: tests/test_stake_your_claim.py (samples, named rule readings and edge cases, seeded
    stress tests against tests/brute/stake_brute.py: plain minimax on thousands of boards with
    <= 7 empties and a memoized second solver on 8..10 empties). bench/stake_your_claim.py: six
    100-board 8x8 / 10-empty families; figures in the closing note of the issue.
"""

import sys

from shared.grid_bitmask import components, neighbours, padded_width, subset_unions

INF = 1 << 10
BOUNDS_FROM = 5
ORDER_FROM = 6  # free empties from which children are sorted by the region heuristic


def region_tables(own, empty_bits, width):
    """For one player: (base, link_union, cell_union), both unions indexed by index masks.

    base: size of the player's largest fixed region (fixed regions never shrink or vanish).
    cell_union[S]: the board cells of the empties in S together with every fixed region of the
        player touching one of them.
    link_union[S]: S together with every empty that joins an empty of S when both go to the
        player (grid neighbours, or both touching one fixed region of his).
    """
    base = 0
    comps = components(own, width)
    for comp in comps:
        size = bin(comp).count("1")
        if size > base:  # noqa: PLR1730
            base = size
    k = len(empty_bits)
    cells = []
    for eb in empty_bits:
        ring = neighbours(eb, width)
        grp = eb
        for comp in comps:
            if comp & ring:
                grp |= comp
        cells.append(grp)
    links = []
    for i in range(k):
        ring = neighbours(cells[i], width)
        m = 0
        for j in range(k):
            if empty_bits[j] & ring:
                m |= 1 << j
        links.append(m | 1 << i)
    return base, subset_unions(links), subset_unions(cells)


def make_largest(base, link_union, cell_union, memo):
    """largest(S): the player's largest region when exactly the empties of index mask S are his.
    It stores the answer in memo[S]; callers read memo first (-1 = not known yet)."""

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
            size = bin(cell_union[grp]).count("1")
            if size > best:  # noqa: PLR1730
                best = size
        memo[s] = best
        return best

    return largest


def parse_board(n, rows):
    """(zero, one, empty_bits, coords, width): masks of the 0s and 1s, the empty squares' bits
    and (row, col) in row-major order (index i of an empty is its rank in that order)."""
    width = padded_width(n)
    zero = one = 0
    empty_bits = []
    coords = []
    for r in range(n):
        row = rows[r]
        for c in range(n):
            ch = row[c]
            b = 1 << (r * width + c)
            if ch == "0":
                zero |= b
            elif ch == "1":
                one |= b
            else:
                empty_bits.append(b)
                coords.append((r, c))
    return zero, one, empty_bits, coords, width


def solve_board(n, rows):
    """(row, col, value) of the mover's best move on an n x n board given as n strings."""
    zero, one, empty_bits, coords, width = parse_board(n, rows)
    k = len(empty_bits)
    full = (1 << k) - 1
    mover = 0 if bin(zero).count("1") == bin(one).count("1") else 1
    base0, links0, cells0 = region_tables(zero, empty_bits, width)
    base1, links1, cells1 = region_tables(one, empty_bits, width)
    size = full + 1
    memo0 = [-1] * size
    memo1 = [-1] * size
    largest0 = make_largest(base0, links0, cells0, memo0)
    largest1 = make_largest(base1, links1, cells1, memo1)
    memos = ((memo0, memo1, largest0, largest1), (memo1, memo0, largest1, largest0))
    leaf0 = [None] * size  # leaf0[f]: final value for player 0 when he ends with exactly f
    leaf1 = [None] * size  # leaf1[f]: the same for player 1

    def fill0(f):
        g = full ^ f
        v = memo0[f]
        if v < 0:
            v = largest0(f)
        u = memo1[g]
        if u < 0:
            u = largest1(g)
        v -= u
        leaf0[f] = v
        leaf1[g] = -v
        return v

    def fill1(f):
        g = full ^ f
        v = memo1[f]
        if v < 0:
            v = largest1(f)
        u = memo0[g]
        if u < 0:
            u = largest0(g)
        v -= u
        leaf1[f] = v
        leaf0[g] = -v
        return v

    leaves = ((leaf0, fill0), (leaf1, fill1))
    tt = {}  # (own << k | opp) -> (lower bound, upper bound, best move) for 5+ free empties
    exact = {}  # (own << k | opp) -> value, 4 free empties
    weight = {}
    for i in range(k):
        bit = 1 << i
        weight[bit] = (
            bin(cells0[bit]).count("1")
            + bin(cells1[bit]).count("1")
            + bin(links0[bit] | links1[bit]).count("1")
        )
    order = sorted(weight, key=lambda x: -weight[x])  # static move order: busiest empties first
    # order_first[b]: the static order with b moved to the front (b = 0: unchanged)
    order_first = {0: order}
    for b in order:
        order_first[b] = [b, *[x for x in order if x != b]]

    def endgame(own, free, p, cnt):
        """Exact value for player p to move, owning own, with cnt <= 4 empties free."""
        lf, fill = leaves[p]
        if cnt <= 1:
            f = own | free
            v = lf[f]
            return fill(f) if v is None else v
        x = free & -free
        m = free ^ x
        y = m & -m
        if cnt == 2:  # the mover takes one, the opponent gets the other
            f = own | x
            u = lf[f]
            if u is None:
                u = fill(f)
            f = own | y
            v = lf[f]
            if v is None:
                v = fill(f)
            return u if u > v else v
        m ^= y
        z = m & -m
        if cnt == 3:  # the mover ends with two of three: the opponent's pick decides; median
            f = own | x | y
            u = lf[f]
            if u is None:
                u = fill(f)
            f = own | x | z
            v = lf[f]
            if v is None:
                v = fill(f)
            f = own | y | z
            w = lf[f]
            if w is None:
                w = fill(f)
            if u > v:
                u, v = v, u
            if w <= u:
                return u
            return w if w < v else v
        t = m ^ z
        ox = own | x
        oy = own | y
        f = ox | y
        xy = lf[f]
        if xy is None:
            xy = fill(f)
        f = ox | z
        xz = lf[f]
        if xz is None:
            xz = fill(f)
        f = ox | t
        xt = lf[f]
        if xt is None:
            xt = fill(f)
        f = oy | z
        yz = lf[f]
        if yz is None:
            yz = fill(f)
        f = oy | t
        yt = lf[f]
        if yt is None:
            yt = fill(f)
        f = own | z | t
        zt = lf[f]
        if zt is None:
            zt = fill(f)
        # first pick x, then the 3-empty endgame (opponent to move) is the median over pairs
        best = -INF
        for u, v, w in ((xy, xz, xt), (xy, yz, yt), (xz, yz, zt), (xt, yt, zt)):
            if u > v:
                u, v = v, u  # noqa: PLW2901
            if w <= u:
                med = u
            elif w < v:
                med = w
            else:
                med = v
            if med > best:  # noqa: PLR1730
                best = med
        return best

    def search(own, opp, p, cnt, alpha, beta):  # noqa: PLR0917
        """Fail-soft alpha-beta value for player p to move, owning own (the opponent owns opp),
        cnt >= 5 empties free."""
        free = full ^ own ^ opp
        key = own << k | opp
        ent = tt.get(key)
        first = 0
        if ent is not None:
            lo, hi, first = ent
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:  # noqa: PLR1730
                alpha = lo
            if hi < beta:  # noqa: PLR1730
                beta = hi
        mme, mop, lme, lop = memos[p]
        ofree = full ^ own
        rest = full ^ opp
        if cnt >= BOUNDS_FROM:
            # exact bounds: largest(own) <= mover's final <= largest(own | free), same for opp
            mme, mop, lme, lop = memos[p]
            rest = full ^ opp
            ub = mme[rest]
            if ub < 0:
                ub = lme(rest)
            u = mop[opp]
            if u < 0:
                u = lop(opp)
            ub -= u
            if ub <= alpha:
                return ub
            ofree = full ^ own
            lb = mme[own]
            if lb < 0:
                lb = lme(own)
            u = mop[ofree]
            if u < 0:
                u = lop(ofree)
            lb -= u
            if lb >= beta:
                return lb
            if ub < beta:  # noqa: PLR1730
                beta = ub
            if lb > alpha:  # noqa: PLR1730
                alpha = lb
        a0 = alpha
        best = -INF
        bestbit = 0
        q = 1 - p
        c = cnt - 1
        if cnt < ORDER_FROM:
            moves = order_first[first]
        else:
            # score of x: largest(own | x) - largest(ofree - x), a lower bound on the value
            # after x (the transposition-table move goes first)
            scored = []
            for bit in order:
                if bit & free:
                    if bit == first:
                        scored.append((INF, bit))
                    else:
                        f = own | bit
                        u = mme[f]
                        if u < 0:
                            u = lme(f)
                        f = ofree ^ bit
                        w = mop[f]
                        if w < 0:
                            w = lop(f)
                        scored.append((u - w, bit))
            scored.sort(reverse=True)
            moves = [bit for _, bit in scored]
        if c == 4:  # the children are endgames: exact values, cached
            base = opp << k | own
            for bit in moves:
                if not bit & free:
                    continue
                v = exact.get(base | bit)
                if v is None:
                    v = exact[base | bit] = endgame(opp, free ^ bit, q, 4)
                v = -v
                if v > best:
                    best = v
                    bestbit = bit
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
        else:
            for bit in moves:
                if not bit & free:
                    continue
                v = -search(opp, own | bit, q, c, -beta, -alpha)
                if v > best:
                    best = v
                    bestbit = bit
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
        if ent is None:
            lo, hi = -INF, INF
        if best <= a0:
            hi = best
        elif best >= beta:
            lo = best
        else:
            lo = hi = best
        tt[key] = (lo, hi, bestbit)
        return best

    q = 1 - mover
    if k <= 5:
        # every child is solved exactly by the endgame: scan them in (row, col) order
        best = -INF
        answer = 0
        for i in range(k):
            bit = 1 << i
            v = -endgame(0, full ^ bit, q, k - 1)
            if v > best:
                best = v
                answer = i
    else:
        # the root value lies in [lo, hi): null-window passes over the root (ordered like any
        # node) starting from the middle of its exact bounds; repeated steps the same way
        # double in length
        _, _, lme, lop = memos[mover]
        lo = lme(0) - lop(full)
        hi = lme(full) - lop(0) + 1
        b = (lo + hi) // 2
        step = 1
        last = 0
        while lo + 1 < hi:
            b = max(lo + 1, min(b, hi - 1))
            g = search(0, 0, mover, k, b - 1, b)
            if g >= b:
                lo = g
                step = step * 2 if last > 0 else 1
                last = 1
                b = lo + step
            else:
                hi = g + 1
                step = step * 2 if last < 0 else 1
                last = -1
                b = hi - step
        best = lo
        # the first move in (row, col) order reaching the value: null-window "v >= best" tests
        answer = 0
        for i in range(k):
            if search(0, 1 << i, q, k - 1, -best, 1 - best) <= -best:
                answer = i
                break
    r, c = coords[answer]
    return r, c, best


def solve(data):
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
        r, c, v = solve_board(n, rows)
        out.append(f"({r},{c}) {v}\n")
    return "".join(out)


def main():
    sys.stdout.write(solve(sys.stdin.buffer.read()))


if __name__ == "__main__":
    main()

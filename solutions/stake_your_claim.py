"""Stake Your Claim (POJ 3317): best move and exact minimax value.

TODO header
"""

import sys

from shared.grid_bitmask import components, neighbours, padded_width, subset_unions

INF = 1 << 10
STATS = [0, 0]
HIST = {}
BOUNDS = False
DEBUG = False
MTD = True
ORDER = 6
ROOTB = True


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
        if size > base:
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
    """largest(S): the player's largest region when exactly the empties of index mask S are his;
    memo is a list indexed by S, -1 where not yet known."""

    def largest(s):
        best = base
        rest = s
        while rest:
            grp = rest & -rest
            while True:
                nxt = link_union[grp] & s
                if nxt == grp:
                    break
                grp = nxt
            rest ^= grp
            size = bin(cell_union[grp]).count("1")
            if size > best:
                best = size
        memo[s] = best
        return best

    return largest


def solve_board(n, rows):
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
    k = len(empty_bits)
    full = (1 << k) - 1
    mover = 0 if bin(zero).count("1") == bin(one).count("1") else 1
    b0, lu0, cu0 = region_tables(zero, empty_bits, width)
    b1, lu1, cu1 = region_tables(one, empty_bits, width)
    size = full + 1
    memo0 = [-1] * size
    memo1 = [-1] * size
    l0 = make_largest(b0, lu0, cu0, memo0)
    l1 = make_largest(b1, lu1, cu1, memo1)
    memos = ((memo0, memo1, l0, l1), (memo1, memo0, l1, l0))
    leaf0 = [None] * size  # leaf0[f]: final value for player 0 when he gets exactly f
    leaf1 = [None] * size  # leaf1[f]: final value for player 1 when he gets exactly f

    def fill0(f):
        g = full ^ f
        v = memo0[f]
        if v < 0:
            v = l0(f)
        u = memo1[g]
        if u < 0:
            u = l1(g)
        v -= u
        leaf0[f] = v
        leaf1[g] = -v
        return v

    def fill1(f):
        g = full ^ f
        v = memo1[f]
        if v < 0:
            v = l1(f)
        u = memo0[g]
        if u < 0:
            u = l0(g)
        v -= u
        leaf1[f] = v
        leaf0[g] = -v
        return v

    leaves = ((leaf0, fill0), (leaf1, fill1))
    tt = {}
    exact = {}
    imp = {}
    for i in range(k):
        bit = 1 << i
        imp[bit] = (
            bin(cu0[bit]).count("1")
            + bin(cu1[bit]).count("1")
            + bin(lu0[bit] | lu1[bit]).count("1")
        )
    order = sorted(imp, key=lambda x: -imp[x])
    STATS[0] += 1

    def search(own, opp, p, cnt, alpha, beta):
        """Value for player p, to move, owning empties own (the other player owns opp), cnt of
        the empties still free."""
        STATS[1] += 1
        HIST[cnt] = HIST.get(cnt, 0) + 1
        free = full ^ own ^ opp
        if cnt <= 4:
            key = own << k | opp
            v = exact.get(key)
            if v is not None:
                return v
            lf, fill = leaves[p]
            if cnt <= 1:
                f = own | free
                v = lf[f]
                return fill(f) if v is None else v
            x = free & -free
            m = free ^ x
            y = m & -m
            if cnt == 2:
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
            if cnt == 3:
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
                if med > best:
                    best = med
            exact[key] = best
            return best
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
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        mme, mop, lme, lop = memos[p]
        rest = full ^ opp  # everything the mover may still end with
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
        if ub < beta:
            beta = ub
        if lb > alpha:
            alpha = lb
        a0 = alpha
        best = -INF
        bestbit = 0
        q = 1 - p
        c = cnt - 1
        if cnt < ORDER:
            moves = ([first, *order]) if first else order
        else:
            sc = []
            for bit in order:
                if bit & free:
                    if bit == first:
                        sc.append((1000, bit))
                    else:
                        f = own | bit
                        u = mme[f]
                        if u < 0:
                            u = lme(f)
                        f = ofree ^ bit
                        w = mop[f]
                        if w < 0:
                            w = lop(f)
                        sc.append((u - w, bit))
            sc.sort(reverse=True)
            moves = [b for _, b in sc]
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
        # children are solved exactly by the direct endgame: scan them in (row, col) order
        best = -INF
        answer = 0
        for i in range(k):
            v = -search(0, 1 << i, q, k - 1, -INF, INF)
            if v > best:
                best = v
                answer = i
    else:
        # MTD(f): null-window searches of the root until the value is pinned
        mme, mop, lme, lop = memos[mover]
        g = (lme(0) - lop(full) + lme(full) - lop(0)) // 2
        lo, hi = -INF, INF
        while lo < hi:
            b = g if g > lo else g + 1
            g = search(0, 0, mover, k, b - 1, b)
            if g < b:
                hi = g
            else:
                lo = g
        best = g
        # the first move in (row, col) order whose value reaches best
        answer = 0
        for i in range(k):
            if search(0, 1 << i, q, k - 1, -best, -best + 1) <= -best:
                answer = i
                break
    r, c = coords[answer]
    return r, c, best


def solve(data):
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
        out.append("(%d,%d) %d\n" % (r, c, v))
    return "".join(out)


def main():
    sys.stdout.write(solve(sys.stdin.buffer.read()))


if __name__ == "__main__":
    main()

"""Stake Your Claim (POJ 3317): best move and exact minimax value.

TODO header
"""

import sys

from shared.grid_bitmask import components, neighbours, padded_width, subset_unions

INF = 1 << 10
STATS = [0, 0]
HIST = {}
BOUNDS = False


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


def make_largest(base, link_union, cell_union):
    """largest(S): the player's largest region when exactly the empties of index mask S are his."""

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
    l0 = make_largest(b0, lu0, cu0)
    l1 = make_largest(b1, lu1, cu1)
    table = [None] * (full + 1)

    def leaf0(f):
        """Final value for player 0 when exactly the empties in f are his."""
        v = table[f]
        if v is None:
            v = table[f] = l0(f) - l1(full ^ f)
        return v

    def leaf1(f):
        """Final value for player 1 when exactly the empties in f are his."""
        g = full ^ f
        v = table[g]
        if v is None:
            v = table[g] = l0(g) - l1(f)
        return -v

    leaves = (leaf0, leaf1)
    tt = {}
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
            lf = leaves[p]
            if cnt == 1:
                return lf(own | free)
            x = free & -free
            m = free ^ x
            y = m & -m
            if cnt == 2:
                u = lf(own | x)
                v = lf(own | y)
                return u if u > v else v
            m ^= y
            z = m & -m
            if cnt == 3:
                u = lf(own | x | y)
                v = lf(own | x | z)
                w = lf(own | y | z)
                if u > v:
                    u, v = v, u
                # median of three
                if w <= u:
                    return u
                return w if w < v else v
            t = m ^ z
            xy = lf(own | x | y)
            xz = lf(own | x | z)
            xt = lf(own | x | t)
            yz = lf(own | y | z)
            yt = lf(own | y | t)
            zt = lf(own | z | t)
            best = -INF
            for u, v, w in ((xy, xz, xt), (xy, yz, yt), (xz, yz, zt), (xt, yt, zt)):
                if u > v:
                    u, v = v, u
                if w <= u:
                    med = u
                elif w < v:
                    med = w
                else:
                    med = v
                if med > best:
                    best = med
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
        a0 = alpha
        best = -INF
        bestbit = 0
        q = 1 - p
        c = cnt - 1
        for bit in ([first, *order]) if first else order:
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

    best = -INF
    answer = None
    q = 1 - mover
    for i in range(k):
        bit = 1 << i
        if answer is None:
            v = -search(0, bit, q, k - 1, -INF, INF)
        else:
            v = -search(0, bit, q, k - 1, -best - 1, -best)
            if v > best:
                v = -search(0, bit, q, k - 1, -INF, -best)
        if answer is None or v > best:
            best = v
            answer = i
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

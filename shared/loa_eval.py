"""Lines of Action: static evaluation of a position for the side to move.

Description: ``make_evaluator(weights, tables)`` returns ``evaluate(me, opp, cnt[, alpha,
    beta]) -> int`` (positive = good for ``me``, the side to move; ``cnt`` = the 46 line counts),
    built from per-side features that the strong LOA programs use:
    - concentration: sum of Chebyshev distances of the pieces to their (rounded) centre of mass,
      minus the least possible such sum for that many pieces, per piece;
    - centralisation: a piece-square table (edges and corners are poor), per piece;
    - groups: number of 8-connected groups beyond the first;
    - quads: 2x2 blocks holding three or more own pieces (solid, hard to break up);
    - mobility: legal moves, 2 each, 1 for a move to an edge square, +1 for a capture; skipped
      (lazy evaluation) when the rest of the score is far outside the (alpha, beta) window;
    - a small bonus for the side to move;
    - centre of mass on a good square, uniformity (area of the bounding rectangle): weight 0.
Method: one pass over the bits of each side plus a bit-parallel flood fill per group; mobility
    walks the move tables of loa_bitboard (with each target's weight stored in the table). The
    per-side part (everything but mobility) depends on one bit-board only and is memoised in a
    dict (cleared at SIDE_CACHE_MAX entries): below one node, every leaf shares the bit-board of
    the side that did not move.
Time: O(pieces * 4 + group diameters) per side: about 12 us without mobility, 35 us with it
    (CPython 3.11, per CPU second).
Status: antisymmetry and mirror invariance in tests/test_loa_search.py. Weights chosen by
    60-game matches at 0.1 s per move with random 4-ply openings, each against the current
    version: mobility 40 vs none 65 %, mobility 25 vs 40 56 %, 80 vs 40 33 %; centralisation 2
    vs 1 63 %, 4 vs 2 47 %; groups 50 vs 25 30 %, 10 vs 25 43 %; quads 30 vs 12 33 %, 0 vs 12
    52 %; concentration 180 vs 120 48 %, 80 vs 120 40 %; centre of mass 4 vs 1 33 %, 0 vs 1
    55 %; uniformity 8 vs 0 50 %. Memoised side scores + weighted move tables (with the
    search's memoised connecting squares): same tree, 30-33k -> 46-47k nodes/s at a fixed depth
    5 on the bench positions, 63 % (38/22, 60 games) against the version before.
"""

from shared.loa_bitboard import NOT_A, NOT_H, build_tables

_PST = (
    (-80, -25, -20, -20, -20, -20, -25, -80),
    (-25, 10, 10, 10, 10, 10, 10, -25),
    (-20, 10, 25, 25, 25, 25, 10, -20),
    (-20, 10, 25, 50, 50, 25, 10, -20),
    (-20, 10, 25, 50, 50, 25, 10, -20),
    (-20, 10, 25, 25, 25, 25, 10, -20),
    (-25, 10, 10, 10, 10, 10, 10, -25),
    (-80, -25, -20, -20, -20, -20, -25, -80),
)

DEFAULT_WEIGHTS = {
    "conc": 120,  # per unit of average surplus distance to the centre of mass
    "cent": 2,  # per unit of average piece-square value
    "com": 0,  # piece-square value of the centre of mass square (halved)
    "group": 25,  # per group beyond the first
    "quad": 12,  # per 2x2 block with >= 3 own pieces
    "tempo": 15,
    "unif": 0,  # per 8 squares of the bounding rectangle's area
    "lazy": 200,  # lazy-evaluation margin (mobility skipped when the rest is this far out)
    "mob": 25,  # per 8 units of weighted mobility difference (2 per move, 1 to an edge, +1 capture)
}


LAZY_INF = 1 << 40
SIDE_CACHE_MAX = 50000  # memoised per-side scores (a few MB)


def _tables():
    pst = [_PST[s >> 3][s & 7] for s in range(64)]
    dist = []
    for c in range(64):
        cr, cf = c >> 3, c & 7
        dist.append(tuple(max(abs((s >> 3) - cr), abs((s & 7) - cf)) for s in range(64)))
    # least possible sum of distances to a centre for n pieces: 0, then 8 at 1, 16 at 2, ...
    ring = [0] + [1] * 8 + [2] * 16
    minsum = [sum(ring[:n]) for n in range(26)]
    return tuple(pst), tuple(dist), tuple(minsum)


def make_evaluator(weights=None, tables=None):
    w = dict(DEFAULT_WEIGHTS)
    if weights:
        w.update(weights)
    pst, dist, minsum = _tables()
    w_conc, w_cent, w_com = w["conc"], w["cent"], w["com"]
    w_group, w_quad, tempo = w["group"], w["quad"], w["tempo"]
    w_mob = w["mob"]
    lazy = w["lazy"]
    w_unif = w["unif"]
    not_a, not_h = NOT_A, NOT_H
    low7 = 0x7F7F7F7F7F7F7F  # squares whose 2x2 block (s, s+1, s+8, s+9) is on the board

    gen = (tables if tables is not None else build_tables())[0]
    # mobility weights: 2 per move, 1 for a move to an edge square, +1 for a capture
    edge_w = tuple(1 if (s >> 3) in (0, 7) or (s & 7) in (0, 7) else 2 for s in range(64))

    cache = {}
    cache_get = cache.get

    def side(bb):
        """Everything but mobility, for one side (memoised: at the leaves below one node the
        side that did not move keeps the same bit-board)."""
        score = cache_get(bb)
        if score is not None:
            return score
        if len(cache) > SIDE_CACHE_MAX:
            cache.clear()
        sr = 0
        sf = 0
        cen = 0
        sq = []
        b = bb
        while b:
            low = b & -b
            b ^= low
            s = low.bit_length() - 1
            sq.append(s)
            sr += s >> 3
            sf += s & 7
            cen += pst[s]
        half = n = len(sq)
        half >>= 1
        com = ((sr + half) // n) * 8 + (sf + half) // n
        d = dist[com]
        tot = 0
        for s in sq:
            tot += d[s]
        score = (w_cent * cen - w_conc * (tot - minsum[n])) // n + (w_com * pst[com] >> 1)
        # groups (flood fill)
        groups = -1
        b = bb
        while b:
            x = b & -b
            while True:
                y = x | ((x << 1) & not_a) | ((x >> 1) & not_h)
                y = (y | (y << 8) | (y >> 8)) & b
                if y == x:
                    break
                x = y
            b ^= x
            groups += 1
        score -= w_group * groups
        # quads with >= 3 pieces: a = s, b = s+1, c = s+8, d = s+9 (anchored at s)
        a = bb & low7
        b1 = (bb >> 1) & low7
        c1 = (bb >> 8) & low7
        d1 = (bb >> 9) & low7
        q3 = (a & b1 & (c1 | d1)) | (c1 & d1 & (a | b1))
        if q3:
            score += w_quad * bin(q3).count("1")
        if w_unif:
            # uniformity: area of the smallest rectangle holding all the pieces
            rows = ((bb.bit_length() - 1) >> 3) - (((bb & -bb).bit_length() - 1) >> 3) + 1
            c = bb | (bb >> 32)
            c |= c >> 16
            c = (c | (c >> 8)) & 0xFF
            cols = c.bit_length() - (c & -c).bit_length() + 1
            score -= (w_unif * rows * cols) >> 3
        cache[bb] = score
        return score

    # the move tables with each target's weight in place of its square number
    mgen = tuple(
        tuple(
            (lid, tuple(tuple((tb, jumped, edge_w[t]) for t, tb, jumped in o) for o in by_count))
            for lid, by_count in per_square
        )
        for per_square in gen
    )

    def mobility(own, other, cnt):
        mob = 0
        b = own
        while b:
            low = b & -b
            b ^= low
            for lid, by_count in mgen[low.bit_length() - 1]:
                for tb, jumped, wt in by_count[cnt[lid]]:
                    if not (tb & own) and not (jumped & other):
                        mob += wt
                        if tb & other:
                            mob += 1
        return mob

    def evaluate(me, opp, cnt, alpha=-LAZY_INF, beta=LAZY_INF):
        """Score for the side to move; the mobility term is skipped when the rest of the score
        is already more than ``lazy`` outside the (alpha, beta) window."""
        v = side(me) - side(opp) + tempo
        if not w_mob or v - lazy >= beta or v + lazy <= alpha:
            return v
        m = w_mob * (mobility(me, opp, cnt) - mobility(opp, me, cnt))
        return v + (m >> 3 if m >= 0 else -(-m >> 3))

    return evaluate

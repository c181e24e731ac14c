"""Lines of Action: static evaluation of a position for the side to move.

Description: ``make_evaluator(weights, tables)`` returns ``evaluate(me, opp, cnt[, alpha,
    beta]) -> int`` (positive = good for ``me``, the side to move; ``cnt`` = the 46 line
    counts): per side, concentration (surplus of the pieces' Chebyshev distances to their centre
    of mass over the least possible, per piece), centralisation (piece-square table, per piece),
    groups beyond the first, quads (2x2 blocks with three or more own pieces); between the
    sides, weighted mobility (2 per move, 1 to an edge square, +1 for a capture); a bonus for
    the side to move. Centre of mass square, uniformity and connectedness exist at weight 0.
Usage: ``LOA_WEIGHTS="conc=100,..."`` in the solution overrides ``DEFAULT_WEIGHTS`` (matches).
Method: the per-side part depends on one bit-board only and is memoised in a dict (cleared at
    SIDE_CACHE_MAX entries): below one node every leaf shares the bit-board of the side that did
    not move. Mobility goes line by line: the moves along a line depend only on the pieces on
    it, so each line's (own, other) pattern is extracted (a byte for ranks, a multiply-gather
    for files and diagonals) and its value memoised per line class. Mobility is skipped (lazy
    evaluation) when the rest of the score is ``lazy`` outside the (alpha, beta) window.
Time: O(pieces * 4 + group diameters) per new bit-board, 46 dict look-ups for mobility.
Memory: memos of at most 40000 + 50000 entries (a few MB each).
Status: antisymmetry, mirror invariance, memoised = fresh values, line mobility = counted from
    the move lists (tests/test_loa_search.py). Weights chosen by matches; the record is in
    docs/lines-of-action.md.
"""

from shared.loa_bitboard import FILE_A, NOT_A, NOT_H

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
    "conn": 0,  # per adjacent pair of own pieces per piece
    "unif": 0,  # per 8 squares of the bounding rectangle's area
    "lazy": 100,  # lazy-evaluation margin (mobility skipped when the rest is this far out)
    "mob": 25,  # per 8 units of weighted mobility difference (2 per move, 1 to an edge, +1 capture)
}


LAZY_INF = 1 << 40
SIDE_CACHE_MAX = 40000  # memoised per-side scores (a few MB)
MOB_CACHE_MAX = 50000  # memoised line mobility patterns (a few MB)


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
    w_conn = w["conn"]
    not_a, not_h = NOT_A, NOT_H
    low7 = 0x7F7F7F7F7F7F7F  # squares whose 2x2 block (s, s+1, s+8, s+9) is on the board

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
        if w_conn:
            # connectedness: adjacent pairs of own pieces (8 directions counted once), per piece
            pairs = (
                bin(bb & (bb >> 8)).count("1")
                + bin(bb & (bb >> 1) & not_h).count("1")
                + bin(bb & (bb >> 9) & not_h).count("1")
                + bin(bb & (bb >> 7) & not_a).count("1")
            )
            score += w_conn * pairs // n
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

    # Mobility line by line: the moves along one line depend only on the pieces on that line,
    # so the weighted mobility difference of one line is memoised per (line, own, other)
    # pattern. Pattern bit i is file i on ranks and diagonals, rank i on files.
    line_sq = []  # per line: pattern bit -> square
    for r in range(8):
        line_sq.append({f: 8 * r + f for f in range(8)})
    for f in range(8):
        line_sq.append({r: 8 * r + f for r in range(8)})
    diag_keys = []
    for fam in (0, 1):
        for d in range(15):
            on = [
                s
                for s in range(64)
                if ((s >> 3) - (s & 7) + 7 if fam == 0 else (s >> 3) + (s & 7)) == d
            ]
            line_sq.append({s & 7: s for s in on})
            if len(on) > 1:
                diag_keys.append((sum(1 << s for s in on), (len(line_sq) - 1) << 16))
    # lines with the same pattern bits and the same target weights share their memo entries
    classes = {}
    line_class = []
    for pos in line_sq:
        sig = tuple(sorted((i, edge_w[sq]) for i, sq in pos.items()))
        line_class.append(classes.setdefault(sig, len(classes)))
    class_pos = [None] * len(classes)
    for lid, c in enumerate(line_class):
        class_pos[c] = {i: edge_w[sq] for i, sq in line_sq[lid].items()}
    diag_keys = tuple((m, line_class[k >> 16] << 16) for m, k in diag_keys)
    rank_keys = tuple(line_class[r] << 16 for r in range(8))
    file_keys = tuple(line_class[8 + f] << 16 for f in range(8))
    file_a = FILE_A
    file_magic = sum(1 << (56 - 7 * r) for r in range(8))  # file 0 -> byte 7, rank r -> bit r
    memo = {}
    memo_get = memo.get

    def line_value(key):
        """Weighted mobility of 'own' minus that of 'other' along one line."""
        pos = class_pos[key >> 16]  # pattern bit -> weight of a move to that square
        a = (key >> 8) & 255
        b = key & 255
        n = bin(a | b).count("1")
        v = 0
        for own, other, sign in ((a, b, 1), (b, a, -1)):
            for i in pos:
                if not (own >> i) & 1:
                    continue
                for t in (i + n, i - n):
                    if t not in pos or (own >> t) & 1:
                        continue
                    lo, hi = (i, t) if i < t else (t, i)
                    if other & ((1 << hi) - (2 << lo)):
                        continue  # would jump an opponent piece
                    v += sign * (pos[t] + ((other >> t) & 1))
        if len(memo) > MOB_CACHE_MAX:
            memo.clear()
        memo[key] = v
        return v

    def mobility_diff(me, opp):
        tot = 0
        for base, a, b in zip(rank_keys, me.to_bytes(8, "little"), opp.to_bytes(8, "little")):
            if a | b:
                key = base | a << 8 | b
                v = memo_get(key)
                tot += line_value(key) if v is None else v
        for base, f in zip(file_keys, range(8)):
            a = (((me >> f) & file_a) * file_magic >> 56) & 255
            b = (((opp >> f) & file_a) * file_magic >> 56) & 255
            if a | b:
                key = base | a << 8 | b
                v = memo_get(key)
                tot += line_value(key) if v is None else v
        for m, base in diag_keys:
            a = ((me & m) * file_a >> 56) & 255
            b = ((opp & m) * file_a >> 56) & 255
            if a | b:
                key = base | a << 8 | b
                v = memo_get(key)
                tot += line_value(key) if v is None else v
        return tot

    def evaluate(me, opp, cnt, alpha=-LAZY_INF, beta=LAZY_INF):
        """Score for the side to move; the mobility term is skipped when the rest of the score
        is already more than ``lazy`` outside the (alpha, beta) window."""
        v = side(me) - side(opp) + tempo
        if not w_mob or v - lazy >= beta or v + lazy <= alpha:
            return v
        m = w_mob * mobility_diff(me, opp)
        return v + (m >> 3 if m >= 0 else -(-m >> 3))

    evaluate.mobility_diff = mobility_diff
    return evaluate

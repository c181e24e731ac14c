"""Lines of Action: static evaluation of a position for the side to move.

Description: ``make_evaluator(weights, tables)`` returns ``evaluate(me, opp, cnt[, alpha,
    beta]) -> int`` (positive = good for ``me``, the side to move; ``cnt`` = the 46 line
    counts): per side, concentration (surplus of the pieces' Chebyshev distances to their centre
    of mass over the least possible, per piece), centralisation (piece-square table, per piece),
    groups beyond the first, quads (2x2 blocks with three or more own pieces), connectedness
    (adjacent pairs per piece), uniformity (bounding rectangle's area), Euler number, material,
    a few-pieces bonus (FEW_PIECES, weight 0), the centre of mass square (weight 0); between
    the sides, weighted mobility (2 per move, 1 to an edge square, +1 for a capture); a bonus
    for the side to move.
Usage: ``LOA_WEIGHTS="conc=100,..."`` in the solution overrides ``DEFAULT_WEIGHTS`` (matches).
    A caller that has flood-filled a bit-board leaves its groups beyond the first in
    ``evaluate.known_groups[bb]``, taken by the next evaluation instead of a fill of its own.
Method: the per-side part depends on one bit-board only and is memoised (cleared at
    SIDE_CACHE_MAX entries). A new bit-board is scanned by table look-ups summed in C: one per
    rank byte (count, centre of mass, centralisation, ranks occupied; then the distances to
    that centre) and one per pair of adjacent ranks (quads, adjacent pairs, Euler number).
    Mobility goes line by line: each side's board is turned into 32 line bytes by one look-up
    per rank, memoised per bit-board; a byte's (own, other) value is memoised in a row per
    (class, own byte), an array by the other byte, the mover's rows per bit-board: 32 array
    look-ups in a C-level map (a sum past MISSING_SUM has values to compute), skipped (lazy
    evaluation) when the rest of the score is ``lazy`` outside the (alpha, beta) window.
Time: 25 look-ups and O(group diameters) a new bit-board, 32 for mobility. Memory: 40000 +
    50000 values, 2 x 16000 bit-boards (caps; PyPy: a quarter), rank pairs 0.55 MB (docs).
Status: antisymmetry, mirror invariance, memoised = fresh values, quads, connectedness,
    uniformity and centre terms = counted square by square, Euler number = groups minus holes,
    line mobility = counted from the move lists (tests/test_loa_eval.py). Weights: fitted to a
    stronger engine's deep scores (tuning.eval_fit), kept after matches at the real clock;
    FEW_PIECES fitted to who won (tuning.outcome_fit), not kept (docs/lines-of-action.md).
"""

from array import array
from operator import add, getitem

from shared.loa_bitboard import FULL, NOT_A, NOT_H

PIECE_SQUARE = (  # centralisation: value of a piece on each square, rank 1 first
    (-80, -25, -20, -20, -20, -20, -25, -80),
    (-25, 10, 10, 10, 10, 10, 10, -25),
    (-20, 10, 25, 25, 25, 25, 10, -20),
    (-20, 10, 25, 50, 50, 25, 10, -20),
    (-20, 10, 25, 50, 50, 25, 10, -20),
    (-20, 10, 25, 25, 25, 25, 10, -20),
    (-25, 10, 10, 10, 10, 10, 10, -25),
    (-80, -25, -20, -20, -20, -20, -25, -80),
)

DEFAULT_WEIGHTS = {  # fitted (tuning.eval_fit); groups and Euler number trade against each other
    "conc": 118,  # per unit of average surplus distance to the centre of mass
    "cent": 2,  # per unit of average piece-square value
    "com": 0,  # piece-square value of the centre of mass square (halved)
    "group": -38,  # per group beyond the first (negative: the Euler term counts groups too)
    "quad": 6,  # per 2x2 block with >= 3 own pieces
    "tempo": 36,
    "conn": 78,  # per adjacent pair of own pieces per piece
    "unif": 12,  # per 8 squares of the bounding rectangle's area
    "euler": 44,  # per unit of 4 x Euler number above 4 (one group, no hole)
    "mat": 10,  # per piece
    "few": 0,  # percent of FEW_PIECES (100: the fit's values; not kept, see FEW_PIECES)
    "lazy": 100,  # lazy-evaluation margin (mobility skipped when the rest is this far out)
    "mob": 14,  # per 8 units of weighted mobility difference (2 per move, 1 to an edge, +1 capture)
}


# by a side's piece count (index 0-12): what a side with that many pieces is worth beyond the
# other terms, fitted to who won (tuning.outcome_fit: 3 pieces 193, 4 92, 5 59, 6 27, 7 26, 8 16,
# 9 17, 10 -4, against 11 or more), rounded and made to fall with the count; 1 and 2 as 3; 0
# beyond 12 (boards of the tests). At weight 100 it scored no better at the real clock (160
# games, docs/lines-of-action.md, fifteenth round): the default weight is 0
FEW_PIECES = (0, 200, 200, 190, 95, 60, 30, 25, 18, 15, 5, 0, 0)

LAZY_INF = 1 << 40
SIDE_CACHE_MAX = 40000  # memoised per-side scores (a few MB)
MOB_CACHE_MAX = 50000  # memoised line mobility values (a few MB)
PATTERN_CACHE_MAX = 16000  # memoised line patterns per bit-board (about 0.5 KB each)
# a line value not computed yet: a byte's value is within 48 in size (at most 8 pieces on its
# lines, each with at most two moves worth at most 3), so a sum of 32 values holding MISSING
# is past MISSING_SUM and one without is not
MISSING = 1 << 14
MISSING_SUM = MISSING >> 1


# PIECE_SQUARE by square (rank * 8 + file), and DISTANCE[c][s]: the Chebyshev distance between
# squares c and s
SQUARE_VALUE = tuple(PIECE_SQUARE[s >> 3][s & 7] for s in range(64))
DISTANCE = tuple(
    tuple(max(abs((s >> 3) - (c >> 3)), abs((s & 7) - (c & 7))) for s in range(64))
    for c in range(64)
)


def _tables():
    # least possible sum of distances to a centre for n pieces: 0, then 8 at 1, 16 at 2, ...
    ring = [0] + [1] * 8 + [2] * 16
    minsum = [sum(ring[:n]) for n in range(26)]
    return SQUARE_VALUE, DISTANCE, tuple(minsum)


PST_SHIFT = 80  # added to every piece-square value in the packed rank table (keeps it >= 0)


def _row_tables(pst):
    """Rank-byte tables of the per-side scan. rows[r][byte]: for the pieces of ``byte`` on rank
    r, packed as count | rank sum << 8 | file sum << 16 | the rank's bit (1 << r, when it
    holds a piece) << 24 | (piece-square sum + PST_SHIFT per piece) << 32 (each field stays
    inside its bits for up to 12 pieces; the sum over the ranks of a board's fields is the
    board's, its ranks' bits the ranks it occupies). near[c][r][byte]: the sum of the
    pieces' Chebyshev distances to square c."""
    rows = []
    for r in range(8):
        row = [0] * 256
        for byte in range(1, 256):
            low = byte & -byte
            f = low.bit_length() - 1
            packed = 1 | r << 8 | f << 16 | (pst[8 * r + f] + PST_SHIFT) << 32
            row[byte] = row[byte ^ low] + packed
        rows.append(tuple([0] + [v | 1 << (24 + r) for v in row[1:]]))
    by_gap = []  # by_gap[dr][cf][byte]: distances to a square dr ranks away on file cf
    for dr in range(8):
        per_file = []
        for cf in range(8):
            t = [0] * 256
            for byte in range(1, 256):
                low = byte & -byte
                t[byte] = t[byte ^ low] + max(dr, abs(low.bit_length() - 1 - cf))
            per_file.append(tuple(t))
        by_gap.append(per_file)
    near = tuple(tuple(by_gap[abs(r - (c >> 3))][c & 7] for r in range(8)) for c in range(64))
    return tuple(rows), near


EULER_BIAS = 162  # 2 per 2x2 window (81 of them) added to the Euler field of _pair_rows


def _pair_rows():
    """pairs[lo][hi]: for the pieces ``lo`` and ``hi`` of two adjacent ranks (``lo`` the lower,
    0 for the frame's empty rank beyond the board), over the nine 2x2 windows they make (files
    -1 to 7, the frame's empty files beyond the board) packed: the windows with three or more
    pieces (quads) | the adjacent pairs (vertical and diagonal between the ranks, horizontal
    within ``hi``) << 8 | (the windows' 4 x Euler number contributions + 2 each) << 18. The
    sum over the 9 rank pairs of a framed board counts each window, pair and quad once."""
    g = []  # g[left][right]: a window by its columns, each lower rank | upper rank << 1
    for left in range(4):
        a, c = left & 1, left >> 1
        row = []
        for right in range(4):
            b, d = right & 1, right >> 1
            k = a + b + c + d
            # 4 x Euler number (8-connectivity) = Q1 - Q3 - 2 QD over the windows
            e = 1 if k == 1 else -1 if k == 3 else -2 if k == 2 and a == d != b else 0
            pairs = (a & c) + (a & d) + (b & c) + (c & d)
            row.append((k >= 3) | pairs << 8 | (e + 2) << 18)
        g.append(row)

    def windows(lo, hi, files, frame):
        """The sum of g over the windows of the first ``files`` files of lo and hi, with the
        frame's empty file on the ``frame`` side."""
        codes = [(lo >> f & 1) | (hi >> f & 1) << 1 for f in range(files)]
        codes = [0, *codes] if frame == "left" else [*codes, 0]
        return sum(g[x][y] for x, y in zip(codes, codes[1:]))

    # the windows of files -1 to 3 (by files 0-4 of the ranks) and of files 4 to 7 (by files
    # 4-7 and the frame), added for every pair of ranks in C
    west = [[windows(lo, hi, 5, "left") for hi in range(32)] for lo in range(32)]
    east = [[windows(lo, hi, 4, "right") for hi in range(16)] for lo in range(16)]
    low5, high4 = [h & 31 for h in range(256)], [h >> 4 for h in range(256)]
    one = {}  # one int object per value (446 of them), shared by the entries (memory)
    rows = []
    for lo in range(256):
        row = list(
            map(add, map(west[lo & 31].__getitem__, low5), map(east[lo >> 4].__getitem__, high4))
        )
        rows.append(tuple(map(one.setdefault, row, row)))
    return tuple(rows)


def _line_images(bb):
    """The four images of bit-board ``bb`` whose bytes hold its lines: the board itself
    (ranks), its transposition (files) and two pseudo-rotations by 45 degrees (diagonals and
    anti-diagonals, two lines a byte)."""
    x = bb
    for mask, k in (
        (0x0F0F0F0F00000000, 28),
        (0x3333000033330000, 14),
        (0x5500550055005500, 7),
    ):
        t = mask & (x ^ (x << k))
        x ^= t ^ (t >> k)
    out = [bb, x & FULL]
    for masks in (
        (0xAAAAAAAAAAAAAAAA, 0xCCCCCCCCCCCCCCCC, 0xF0F0F0F0F0F0F0F0),
        (0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F),
    ):
        c = bb
        for mask, k in zip(masks, (8, 16, 32)):
            c ^= mask & (c ^ ((c >> k) | (c << (64 - k))))
        out.append(c & FULL)
    return out


def _rank_images():
    """images[r][byte]: the 32 line bytes (_line_images, little-endian, as one 256-bit
    integer) of the pieces ``byte`` on rank r alone. Each square lands on bits of its own,
    so a board's line bytes are the sum of its eight ranks' images."""
    square = [sum(y << (64 * i) for i, y in enumerate(_line_images(1 << s))) for s in range(64)]
    images = []
    for r in range(8):
        row = [0] * 256
        for byte in range(1, 256):
            low = byte & -byte
            row[byte] = row[byte ^ low] | square[8 * r + low.bit_length() - 1]
        images.append(tuple(row))
    return tuple(images)


def _byte_lines(edge_w):
    """The layout of the 32 line bytes of a bit-board: bytes 0-7 are its ranks, 8-15 its files
    (after a transposition), 16-23 its diagonals and 24-31 its anti-diagonals (after the
    pseudo-rotations of _line_images, each byte holds up to two lines). Derived here by putting
    each square through those transforms. Returns (sublines, classes): per byte class, the
    lines of the byte as (byte bits in order along the line, weight of a move to each of those
    squares); per byte, its class (bytes with the same layout and weights share memo entries)."""

    line_of = (
        lambda s: s >> 3,  # rank
        lambda s: s & 7,  # file
        lambda s: (s >> 3) - (s & 7),  # diagonal
        lambda s: (s >> 3) + (s & 7),  # anti-diagonal
    )
    along = (lambda s: s & 7, lambda s: s >> 3, lambda s: s & 7, lambda s: s & 7)
    where = {}  # (family, output bit) -> square
    for s in range(64):
        for fam, y in enumerate(_line_images(1 << s)):
            where[fam, y.bit_length() - 1] = s
    layouts = []
    for fam in range(4):
        for k in range(8):
            groups = {}
            for p in range(8):
                s = where[fam, 8 * k + p]
                groups.setdefault(line_of[fam](s), []).append((along[fam](s), p, s))
            layout = []
            for members in groups.values():
                members.sort()
                if len(members) > 1:
                    bits = tuple(p for _, p, _ in members)
                    layout.append((bits, tuple(edge_w[s] for _, _, s in members)))
            layouts.append(tuple(sorted(layout)))
    sublines = []
    index = {}
    classes = []
    for layout in layouts:
        if layout not in index:
            index[layout] = len(sublines)
            sublines.append(layout)
        classes.append(index[layout])
    return tuple(sublines), tuple(classes)


def _line_mobility(own, other, weights):
    """Weighted moves of 'own' along one line (bit j = j-th square along it), 'other' blocking
    and being captured: a move's length is the number of pieces on the line."""
    n = bin(own | other).count("1")
    size = len(weights)
    v = 0
    b = own
    while b:  # own's pieces, lowest first
        low = b & -b
        b ^= low
        i = low.bit_length() - 1
        for t in (i + n, i - n):
            if not 0 <= t < size or (own >> t) & 1:
                continue
            lo, hi = (i, t) if i < t else (t, i)
            if other & ((1 << hi) - (2 << lo)):
                continue  # would jump an opponent piece
            v += weights[t] + ((other >> t) & 1)
    return v


def parse_weights(text):
    """Weights from ``"name=value,..."`` (``LOA_WEIGHTS``): a dict of ints. Raises ValueError on
    an item that is not ``name=integer`` or on an unknown name."""
    weights = {}
    for item in text.split(","):
        if not item.strip():
            continue
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or name not in DEFAULT_WEIGHTS or not value.strip().lstrip("-").isdigit():
            names = ", ".join(DEFAULT_WEIGHTS)
            raise ValueError(f"bad weight {item.strip()!r} (name=integer; names: {names})")
        weights[name] = int(value)
    return weights


def make_evaluator(
    weights=None,
    tables=None,
    *,
    side_max=SIDE_CACHE_MAX,
    mob_max=MOB_CACHE_MAX,
    pattern_max=PATTERN_CACHE_MAX,
):
    """The evaluation described in the header, with ``weights`` over DEFAULT_WEIGHTS
    (``tables`` is accepted for the callers' convenience and not needed); its memos are
    cleared past ``side_max`` (per-side scores), ``mob_max`` (line values) and
    ``pattern_max`` (line patterns) entries."""
    w = dict(DEFAULT_WEIGHTS)
    if weights:
        w.update(weights)
    tempo, lazy, w_mob = w["tempo"], w["lazy"], w["mob"]
    # groups beyond the first per bit-board, left by a caller that has flood-filled it already
    # (the search's connecting_moves, on most new bit-boards just before evaluating them)
    known_groups = {}
    side_get, score_side = _side_scorer(w, known_groups, side_max)
    # mobility weights: 2 per move, 1 for a move to an edge square, +1 for a capture
    edge_w = tuple(1 if (s >> 3) in (0, 7) or (s & 7) in (0, 7) else 2 for s in range(64))
    mobility_diff = _mobility_scorer(edge_w, mob_max, pattern_max)

    def evaluate(me, opp, cnt, alpha=-LAZY_INF, beta=LAZY_INF):
        """Score for the side to move; the mobility term is skipped when the rest of the score
        is already more than ``lazy`` outside the (alpha, beta) window."""
        # the per-side memo looked up here, the call made only on a miss (a call costs
        # CPython 3.8 more than the look-up)
        a = side_get(me)
        if a is None:
            a = score_side(me)
        b = side_get(opp)
        if b is None:
            b = score_side(opp)
        v = a - b + tempo
        if not w_mob or v - lazy >= beta or v + lazy <= alpha:
            return v
        m = w_mob * mobility_diff(me, opp)
        return v + (m >> 3 if m >= 0 else -(-m >> 3))

    evaluate.mobility_diff = mobility_diff
    evaluate.known_groups = known_groups
    return evaluate


def _side_scorer(w, known_groups, side_max):
    """``(side_get, score_side)``: every term but mobility for the side owning a bit-board, with
    the weights ``w``: ``side_get(bb)`` the memoised score (None when not memoised),
    ``score_side(bb)`` the score computed and memoised (the memo cleared past ``side_max``
    entries); groups are taken from ``known_groups`` when a caller left them."""
    pst, _, minsum = _tables()
    w_conc, w_cent, w_com = w["conc"], w["cent"], w["com"]
    w_group, w_quad = w["group"], w["quad"]
    # material and the few-pieces bonus by piece count, one look-up (a board holds at most 64)
    few = tuple(w["few"] * v // 100 for v in FEW_PIECES) + (0,) * (65 - len(FEW_PIECES))
    material = tuple(w["mat"] * n + few[n] for n in range(65))
    # the centralisation's PST_SHIFT per piece and the concentration's least possible distance
    # sum, by piece count; the centre of mass term by square
    by_count = tuple(w_conc * minsum[n] - w_cent * PST_SHIFT * n for n in range(len(minsum)))
    com_value = tuple(w_com * v >> 1 for v in pst)
    w_unif, w_conn, w_euler = w["unif"], w["conn"], w["euler"]
    not_a, not_h = NOT_A, NOT_H
    rank_rows, near = _row_tables(pst)
    # area[ranks][files]: the uniformity term of pieces occupying those ranks and files (bit
    # masks), w_unif x the bounding rectangle's area // 8
    span = [0] + [m.bit_length() - (m & -m).bit_length() + 1 for m in range(1, 256)]
    by_span = [tuple([(w_unif * h * span[m]) >> 3 for m in range(256)]) for h in range(9)]
    area = tuple(by_span[h] for h in span)
    # the rank-pair table once per pair of ranks, read by getitem in C (its bound __getitem__
    # is a method-wrapper, which CPython 3.8 calls through an argument tuple)
    pair_tables = (_pair_rows(),) * 9
    frame = b"\0"  # the frame's empty rank below the first
    euler_4 = EULER_BIAS + 4  # the Euler term counts from 4 (one group, no hole)
    cache = {}
    known_pop = known_groups.pop

    def score_side(bb):
        """Everything but mobility, for one side, memoised (at the leaves below one node the
        side that did not move keeps the same bit-board)."""
        if len(cache) > side_max:
            cache.clear()
        # count, row sum, file sum, ranks occupied and centralisation in one pass of 8 table
        # look-ups (one per rank byte, summed in C), then the distances to the centre of mass
        # the same way
        data = bb.to_bytes(9, "little")  # the ranks, then the frame
        p = sum(map(getitem, rank_rows, data))
        n = p & 255
        half = n >> 1
        com = ((((p >> 8) & 255) + half) // n) * 8 + (((p >> 16) & 255) + half) // n
        tot = sum(map(getitem, near[com], data))
        # w_cent x centralisation - w_conc x surplus distance, over n (the parts that depend on
        # n alone in by_count[n]), then the centre of mass square, material and few pieces
        score = (
            (w_cent * (p >> 32) - w_conc * tot + by_count[n]) // n + com_value[com] + material[n]
        )
        groups = known_pop(bb, None)
        if groups is None:
            # the flood fill of loa_bitboard written out (hot: every evaluation of a new
            # bit-board not filled by the caller; a call per group costs more than the fill)
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
        # quads, adjacent pairs and 4 x Euler number in one pass of 9 table look-ups, one per
        # pair of adjacent ranks (the frame's empty rank below the first and above the last)
        t = sum(map(getitem, map(getitem, pair_tables, frame + data), data))
        score += (
            w_quad * (t & 255)
            + w_conn * ((t >> 8) & 1023) // n
            - w_group * groups
            - w_euler * ((t >> 18) - euler_4) // 4
        )
        if w_unif:
            # uniformity: area of the smallest rectangle holding all the pieces, by the ranks
            # they occupy (from the rank table's sum) and the files (every rank or-ed)
            c = bb | (bb >> 32)
            c |= c >> 16
            score -= area[(p >> 24) & 255][(c | (c >> 8)) & 255]
        cache[bb] = score
        return score

    return cache.get, score_side


def _mobility_scorer(edge_w, mob_max, pattern_max):
    """``mobility_diff(me, opp)``: the weighted mobility (``edge_w`` per landing square) of
    ``me`` minus that of ``opp``, memoised per line byte and per bit-board (cleared past
    ``mob_max`` line values, at most one call's 64 more, and ``pattern_max`` bit-boards)."""
    # Mobility line by line: the moves along a line depend only on the pieces on it. Each side's
    # 64 bits are turned into 32 bytes (see _byte_lines) and the weighted mobility difference of
    # one byte is memoised per (byte class, own pattern, other pattern): in a row per (byte
    # class, own pattern), an array of 256 values by the other pattern, MISSING until computed
    # (a value computed is stored negated in the row with own and other swapped, if it exists)
    sublines, classes = _byte_lines(edge_w)
    # a line's squares are consecutive bits of its byte: per line of a byte class, (its lowest
    # bit, a mask of its length, its weights), so that its pattern is a shift and a mask
    spans = []
    for layout in sublines:
        span = []
        for bits, wts in layout:
            if bits != tuple(range(bits[0], bits[0] + len(bits))):
                raise ValueError(f"line bits {bits} are not consecutive")
            span.append((bits[0], (1 << len(bits)) - 1, wts))
        spans.append(tuple(span))

    def line_value(c, a, b):
        """Weighted mobility of 'own' (``a``) minus that of 'other' (``b``) along the lines of
        one byte of class ``c``."""
        v = 0
        for low, mask, wts in spans[c]:
            own = (a >> low) & mask
            other = (b >> low) & mask
            v += _line_mobility(own, other, wts) - _line_mobility(other, own, wts)
        return v

    blank = array("h", [MISSING]) * 256

    class Rows(dict):
        """A byte class's rows by own pattern, each made blank when first asked for."""

        def __missing__(self, a):
            row = self[a] = blank[:]
            return row

    rows_of = tuple(Rows() for _ in sublines)
    own_rows = tuple(rows_of[c] for c in classes)  # per byte, its class's rows
    # a row by dict's own __getitem__ (it calls __missing__): getitem on a dict subclass goes
    # through a slot that CPython 3.8 calls by looking the method up
    row_of = dict.__getitem__
    r0, r1, r2, r3, r4, r5, r6, r7 = _rank_images()  # by rank, the line bytes' images
    patterns = {}  # per bit-board, its 32 line bytes
    pattern_get = patterns.get
    own_memo = {}  # per bit-board, the rows of its 32 line bytes as the 'own' side
    own_get = own_memo.get
    filled = 0  # line values computed since the rows were last cleared

    def line_bytes(bb):
        """bb's 32 line bytes (_byte_lines), memoised per bit-board."""
        b = bb.to_bytes(8, "little")
        data = (
            r0[b[0]] | r1[b[1]] | r2[b[2]] | r3[b[3]] | r4[b[4]] | r5[b[5]] | r6[b[6]] | r7[b[7]]
        ).to_bytes(32, "little")
        if len(patterns) > pattern_max:
            patterns.clear()
        patterns[bb] = data
        return data

    def own_rows_of(bb):
        """Per line byte of bb, its row as the 'own' side, memoised per bit-board (made only
        for the side to move: most bit-boards are only ever the other side)."""
        data = pattern_get(bb)
        if data is None:
            data = line_bytes(bb)
        if len(own_memo) > pattern_max:
            own_memo.clear()
        rows = own_memo[bb] = tuple(map(row_of, own_rows, data))
        return rows

    def fill(me, opp):
        """mobility_diff's value once the line values it misses are computed (the rows and the
        memo of rows by bit-board cleared first when past ``mob_max`` values)."""
        nonlocal filled
        if filled > mob_max:
            for rows in rows_of:
                rows.clear()
            own_memo.clear()
            filled = 0
        a = own_get(me) or own_rows_of(me)
        mine = pattern_get(me) or line_bytes(me)
        other = pattern_get(opp) or line_bytes(opp)
        for row, c, x, y in zip(a, classes, mine, other):
            if row[y] == MISSING:
                v = row[y] = line_value(c, x, y)
                filled += 1
                mirror = rows_of[c].get(y)
                if mirror is not None and mirror[x] == MISSING:
                    mirror[x] = -v
                    filled += 1
        return sum(map(getitem, a, other))

    def mobility_diff(me, opp):
        """Weighted mobility of ``me`` minus that of ``opp``: per byte, a look-up in me's row
        by opp's pattern (map and sum loop in C); a sum past MISSING_SUM holds a value not
        computed yet."""
        a = own_get(me)
        if a is None:
            a = own_rows_of(me)
        b = pattern_get(opp)
        if b is None:
            b = line_bytes(opp)
        v = sum(map(getitem, a, b))
        if v < MISSING_SUM:
            return v
        return fill(me, opp)

    return mobility_diff

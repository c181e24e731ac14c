"""Lines of Action on bit-boards: squares, line tables, move generation, connectivity.

Description: a position is two Python ints (bit ``s`` set = a piece on square ``s``) plus a
    list of 46 line counts (pieces on each rank, file, diagonal and anti-diagonal). Square
    ``s = 8 * (rank - 1) + file`` with file A = 0, so A1 = 0, H1 = 7, A8 = 56.
Rules: a move goes along a rank, file or diagonal exactly as many squares as there are pieces
    (both colours) on that whole line; it may jump own pieces, never opponent pieces; it may not
    land on an own piece; landing on an opponent piece captures it. A side whose pieces form one
    8-connected group (a lone piece included) is connected.
Usage: ``gen, lines = build_tables()``; ``gen_moves(gen, own, opp, line_counts(own | opp))``
    -> moves ``from << 6 | to``; ``apply_move(boards, side, m)``; ``is_connected(bb)``;
    ``neighbours()`` (the squares around each square); ``parse_move`` / ``move_name``.
Method: ``build_tables()`` precomputes, for every square and line, the possible (target, bit,
    squares-jumped mask) per line count, so generating the moves of one piece along one line is
    a table lookup and two AND tests. Line counts are kept incrementally by the caller
    (``line_ids``). Connectivity is a bit-parallel flood fill.
Time: generation O(pieces * 4); flood fill O(diameter) big-int operations. Tables: ~4k tuples,
    built once (measured: docs/lines-of-action.md, "Bench").
Status: move sets and connectivity checked against the independent ``referee.rules`` on fixed
    positions (perft to depth 2, 3 from the start) and 2000 random positions
    (tests/test_loa_bitboard.py), and on the statement's example (tests/test_referee_rules.py).
"""

FULL = (1 << 64) - 1
FILE_A = 0x0101010101010101
FILE_H = FILE_A << 7
NOT_A = FULL ^ FILE_A
NOT_H = FULL ^ FILE_H

# (line family, forward direction); the backward direction is the negation.
_FAMILIES = ((0, 1), (1, 0), (1, 1), (1, -1))  # (d_rank, d_file): rank, file, diag, anti-diag

PASS = -1  # the pass move


def square_name(s):
    return "ABCDEFGH"[s & 7] + str((s >> 3) + 1)


def parse_square(text):
    """'F3' -> 21; raises ValueError on anything else."""
    if len(text) != 2 or text[0] not in "ABCDEFGH" or text[1] not in "12345678":
        raise ValueError(f"bad square {text!r}")
    return "ABCDEFGH".index(text[0]) + 8 * (int(text[1]) - 1)


def move_name(m):
    if m == PASS:
        return "Z0-Z0"
    return square_name(m >> 6) + "-" + square_name(m & 63)


def parse_move(text):
    """'F3-B3' -> (21 << 6) | 17; 'Z0-Z0' -> PASS; raises ValueError otherwise."""
    text = text.strip().upper()
    if text == "Z0-Z0":
        return PASS
    if len(text) != 5 or text[2] != "-":
        raise ValueError(f"bad move {text!r}")
    return (parse_square(text[:2]) << 6) | parse_square(text[3:])


def line_ids(s):
    """The indices (into the 46 line counts) of the rank, file, diagonal, anti-diagonal of s."""
    r, f = s >> 3, s & 7
    return (r, 8 + f, 16 + r - f + 7, 31 + r + f)


def line_counts(occ):
    """The 46 line counts of an occupancy bit-board (computed from scratch)."""
    cnt = [0] * 46
    while occ:
        low = occ & -occ
        s = low.bit_length() - 1
        occ ^= low
        for i in line_ids(s):
            cnt[i] += 1
    return cnt


def build_tables():
    """GEN[s] = ((line_id, by_count), ...) for the 4 lines through s, where by_count[n] is a tuple
    of (target, target_bit, jumped_mask) for the (up to two) directions where a move of length n
    stays on the board. Also LINES[s] = line_ids(s)."""
    gen = []
    lines = []
    for s in range(64):
        r, f = s >> 3, s & 7
        ids = line_ids(s)
        lines.append(ids)
        per_line = []
        for k, (dr, df) in enumerate(_FAMILIES):
            by_count = [()]
            for n in range(1, 9):
                opts = []
                for sign in (1, -1):
                    tr, tf = r + sign * dr * n, f + sign * df * n
                    if 0 <= tr < 8 and 0 <= tf < 8:
                        jumped = 0
                        for i in range(1, n):
                            jumped |= 1 << (8 * (r + sign * dr * i) + f + sign * df * i)
                        t = 8 * tr + tf
                        opts.append((t, 1 << t, jumped))
                by_count.append(tuple(opts))
            per_line.append((ids[k], tuple(by_count)))
        gen.append(tuple(per_line))
    return tuple(gen), tuple(lines)


def alignment_table():
    """ALIGNED[from << 6 | to] = (line_id, length, jumped_mask) when ``to`` lies on a line
    through ``from`` (then the move is legal exactly when that line holds ``length`` pieces, no
    opponent piece is on ``jumped_mask``, and the mover has a piece on ``from`` and none on
    ``to``), else None."""
    table = [None] * 4096
    for s in range(64):
        r, f = s >> 3, s & 7
        ids = line_ids(s)
        for k, (dr, df) in enumerate(_FAMILIES):
            for sign in (1, -1):
                jumped = 0
                for n in range(1, 8):
                    tr, tf = r + sign * dr * n, f + sign * df * n
                    if not (0 <= tr < 8 and 0 <= tf < 8):
                        break
                    t = 8 * tr + tf
                    table[s << 6 | t] = (ids[k], n, jumped)
                    jumped |= 1 << t
    return tuple(table)


def gen_moves(gen, own, opp, cnt):
    """All legal moves (from << 6 | to) of the side owning ``own``; no pass."""
    moves = []
    b = own
    while b:
        low = b & -b
        b ^= low
        s = low.bit_length() - 1
        base = s << 6
        for lid, by_count in gen[s]:
            for t, tb, jumped in by_count[cnt[lid]]:
                if not (tb & own) and not (jumped & opp):
                    moves.append(base | t)
    return moves


def apply_move(boards, side, m):
    """Play move m (or PASS) for ``side`` on boards = [white, black] in place."""
    if m == PASS:
        return
    tb = 1 << (m & 63)
    boards[side] = (boards[side] & ~(1 << (m >> 6))) | tb
    boards[side ^ 1] &= ~tb


def is_connected(bb):
    """True when the set pieces form one 8-connected group (or bb has at most one piece)."""
    if not bb:
        return True
    x = bb & -bb
    while True:
        y = x | ((x << 1) & NOT_A) | ((x >> 1) & NOT_H)
        y = (y | (y << 8) | (y >> 8)) & bb
        if y == x:
            return x == bb
        x = y


def neighbours():
    """NEIGHBOURS[s]: the bit-board of the (up to 8) squares around s."""
    out = []
    for s in range(64):
        r, f = s >> 3, s & 7
        b = 0
        for dr in (-1, 0, 1):
            for df in (-1, 0, 1):
                if (dr or df) and 0 <= r + dr < 8 and 0 <= f + df < 8:
                    b |= 1 << (8 * (r + dr) + f + df)
        out.append(b)
    return tuple(out)


def start_position():
    """(white, black) bit-boards of the initial position."""
    white = 0
    black = 0
    for i in range(1, 7):
        white |= 1 << (8 * i) | 1 << (8 * i + 7)
        black |= 1 << i | 1 << (56 + i)
    return white, black

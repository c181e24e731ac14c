"""Connection threats in Lines of Action: the moves that would connect a side at once.

Description: ``threat_functions(aligned, cnt, connect_cache, known_groups)`` gives two
    functions over the searcher's tables: ``connecting_moves(me)``, the moves (from << 6 | to)
    that would connect the side owning bit-board ``me`` whatever the line counts and the
    opponent, memoised per bit-board; and ``can_connect(found, opp[, left, reached])``,
    whether one of them is legal now (line counts in ``cnt``, corrected by one on the lines a
    move not made in ``cnt`` left and reached; the opponent's pieces ``opp``).
Usage: made once per searcher (shared/loa_search.py); closures over its tables, as a call
    with the tables as arguments costs CPython more than the work. ``connect_max`` (PyPy's):
    the memo cleared past it as it grows, else by the caller.
Method: a connecting move lands on a square touching every group (all but the moved piece's
    own when that piece stands alone); per landing square only the pieces in line with it are
    tried, and a flood fill decides (not needed for a lone piece). With more than
    CONNECT_GROUPS groups there is none, nor when no square free of the side's pieces touches
    every group of two or more (most boards: the fill ands their spreads). Every group is
    filled once (a spread grows by the spread of the pieces a step adds, by table when it
    adds one; a lone piece goes into a mask), and their number left in ``known_groups`` for
    the evaluation; the and of the larger groups' last spreads (each group and its
    neighbours) and the lone pieces' squares around them give the landing squares.
Time: per new bit-board, one flood fill per group and, per landing square, the pieces in line
    with it; memoised (measured: docs/lines-of-action.md, sixth round, "Speed").
Status: tests/test_loa_threats.py against a brute force over every move on random boards;
    the pinned fixed-depth searches of tests/test_loa_search.py are unchanged by the move.
"""

from shared.loa_bitboard import FULL, NOT_A, NOT_H, neighbours

CONNECT_GROUPS = 5  # a side with more groups cannot connect in one move (connecting_moves)


def threat_functions(aligned, cnt, connect_cache, known_groups, connect_max=None):
    """(connecting_moves, can_connect) over the searcher's tables (see the header); with
    ``connect_max``, connecting_moves clears ``connect_cache`` when over it before adding to it
    (None: the caller clears it)."""
    rays = [0] * 64  # rays[t]: the squares on a line through t
    for m, a in enumerate(aligned):
        if a is not None:
            rays[m & 63] |= 1 << (m >> 6)
    not_a, not_h = NOT_A, NOT_H
    full = FULL
    # block[s]: square s and its (up to 8) neighbours, a flood fill's first spread from s
    block = tuple(a | 1 << s for s, a in enumerate(neighbours()))

    def connecting_moves(me):
        """The moves (from << 6 | to) that would connect the side owning ``me``, whatever
        the line counts and the opponent (can_connect checks those), memoised per
        bit-board. A connecting move lands on a square touching every group (all but the
        moved piece's own when that piece stands alone) and the flood fill decides. With
        more than CONNECT_GROUPS groups there is none: the landing square would have to
        touch every group but the moved piece's own, and the parts of that group left
        behind, and at most 4 squares around a square are pairwise apart. Every group is
        filled, and their number left for the evaluation (known_groups), which would
        otherwise fill them again."""
        # the groups (8-connected), each seeded at the highest piece left (the flood fill of
        # loa_bitboard, written out here: a call per new bit-board costs CPython 3.8 more); a
        # group's spread (the group and its 8 neighbours, bits past the board allowed) grows
        # by the spread of the pieces each step adds, by table when it adds one (the seed's
        # first: half the groups are lone pieces, which go into one mask); only the number of
        # groups is kept, the and of the larger groups' last spreads and the lone pieces
        b = me
        groups = -1
        lones = 0
        near = full  # the squares touching every group of two or more pieces
        while b:
            s = b.bit_length() - 1
            x = 1 << s
            y = block[s]
            z = y & b
            new = z ^ x  # the pieces the last step added
            if new:  # not a lone piece
                while True:
                    x = z
                    if new & (new - 1):
                        v = new | ((new << 1) & not_a) | ((new >> 1) & not_h)
                        y |= v | (v << 8) | (v >> 8)
                    else:
                        y |= block[new.bit_length() - 1]
                    z = y & b
                    new = z ^ x
                    if not new:
                        break
                near &= y
                b ^= x
            else:
                b ^= x
                lones |= x
            groups += 1
        known_groups[me] = groups
        # a landing square touches every group but perhaps one lone piece: none when no free
        # square touches every larger group (most boards)
        landing = (
            groups < CONNECT_GROUPS
            and near & ~me
            and _landing_squares(near, lones, full ^ me, block)
        )
        if not landing:
            connect_cache[me] = ()
            return ()
        common, lone, alone = landing
        # per landing square, the pieces in line with it that may go there: any piece when
        # the square touches every group, else the one lone piece it does not touch. A lone
        # piece moved there connects the side (the square touches every other group): only
        # the other pieces need the flood fill
        found = []
        c = common
        for e in alone:
            c |= e
        while c:
            tb = c & -c
            c ^= tb
            t = tb.bit_length() - 1
            if not tb & common:
                for p, e in zip(lone, alone):
                    if e & tb:
                        if p & rays[t]:
                            found.append((p.bit_length() - 1) << 6 | t)
                        break
                continue
            b = me & rays[t]
            while b:
                sb = b & -b
                b ^= sb
                if sb in lone:
                    found.append((sb.bit_length() - 1) << 6 | t)
                    continue
                # is_connected(me ^ sb | tb), written out
                nme = me ^ sb | tb
                x = tb
                while True:
                    y = x | ((x << 1) & not_a) | ((x >> 1) & not_h)
                    y = (y | (y << 8) | (y >> 8)) & nme
                    if y == x:
                        break
                    x = y
                if x == nme:
                    found.append((sb.bit_length() - 1) << 6 | t)
        found = tuple(found)
        connect_cache[me] = found
        return found

    def can_connect(found, opp, left=(), reached=()):
        """Is one of the connecting moves ``found`` legal now (line counts, opponent)? The
        counts are those of ``cnt``, less one on the lines in ``left`` and one more on those in
        ``reached`` (the search scores a leaf without making its last move in ``cnt``)."""
        for m in found:
            lid, length, jumped = aligned[m]
            n = cnt[lid]
            if lid in left:
                n -= 1
            if lid in reached:
                n += 1
            if n == length and not (jumped & opp):
                return True
        return False

    if connect_max is None:
        return connecting_moves, can_connect

    def capped(me):
        """connecting_moves(me), the memo cleared first when over ``connect_max``."""
        if len(connect_cache) > connect_max:
            connect_cache.clear()
        return connecting_moves(me)

    return capped, can_connect


def _landing_squares(near, lones, free, block):
    """(common, lone, alone) for the squares ``free`` of the side's pieces (empty, or the
    opponent's: a capture lands there): the squares touching every group, the lone pieces,
    and per lone piece the squares touching every other group; None when there is no such
    square at all. ``near``: the squares touching every group of two or more pieces (bits
    past the board allowed); ``lones``: the lone pieces; ``block[s]``: square s and its
    neighbours."""
    common = near & free  # squares touching every group so far
    lone = []  # the lone pieces so far
    alone = []  # per lone piece: the squares touching every other group so far
    b = lones
    while b:
        x = b & -b
        b ^= x
        y = block[x.bit_length() - 1] & free
        for i, e in enumerate(alone):
            alone[i] = e & y
        lone.append(x)
        alone.append(common)
        common &= y
        if not common and not any(alone):
            return None  # no square touches every group
    if not common and not alone:
        return None
    return common, lone, alone

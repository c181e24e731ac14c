"""Evaluation (shared/loa_eval.py): antisymmetry and mirror invariance, memoised scores equal
fresh ones, the weights' text, connectedness; quads, connectedness, uniformity and the centre
of mass term against counts square by square, the line-memoised mobility against the move
lists, and the Euler term against groups minus holes counted directly."""

import random

import pytest

from shared.loa_bitboard import build_tables, line_counts
from shared.loa_eval import (
    DEFAULT_WEIGHTS,
    FEW_PIECES,
    MISSING,
    PIECE_SQUARE,
    make_evaluator,
    parse_weights,
)
from tests.loa_positions import count_groups, from_diagram, random_position

TABLES = build_tables()


def flip_vertical(bb):
    out = 0
    for s in range(64):
        if bb >> s & 1:
            out |= 1 << ((7 - (s >> 3)) * 8 + (s & 7))
    return out


def flip_horizontal(bb):
    out = 0
    for s in range(64):
        if bb >> s & 1:
            out |= 1 << ((s >> 3) * 8 + 7 - (s & 7))
    return out


def test_evaluation_is_antisymmetric_and_mirror_invariant():
    ev = make_evaluator()
    rng = random.Random(3)
    tempo = DEFAULT_WEIGHTS["tempo"]
    for _ in range(300):
        w, b = random_position(rng)
        cnt = line_counts(w | b)
        v = ev(w, b, cnt)
        assert v + ev(b, w, cnt) == 2 * tempo
        for flip in (flip_vertical, flip_horizontal):
            fw, fb = flip(w), flip(b)
            # the centre of mass is rounded, so mirror images can differ by rounding only
            assert abs(ev(fw, fb, line_counts(fw | fb)) - v) <= 2 * DEFAULT_WEIGHTS["conc"]


def _closure(fn):
    """The variables a nested function closes over, by name."""
    return {k: c.cell_contents for k, c in zip(fn.__code__.co_freevars, fn.__closure__)}


def _memo_sizes(ev):
    """The sizes of an evaluator's memos: per-side scores, line values (computed in the rows),
    line bytes per bit-board, rows per bit-board."""
    mobility = _closure(ev.mobility_diff)
    fill = _closure(mobility["fill"])
    values = sum(256 - row.count(MISSING) for rows in fill["rows_of"] for row in rows.values())
    return [
        len(_closure(ev)["side_get"].__self__),
        values,
        len(mobility["pattern_get"].__self__),
        len(mobility["own_get"].__self__),
    ]


def test_memoised_evaluation_matches_a_fresh_evaluator_and_memos_are_cleared_at_their_caps():
    """The evaluator memoises per-side scores, line values and line patterns; a long-lived
    evaluator, and one whose memos are cleared past the caps it was given (the solution gives
    PyPy smaller ones), must score every position exactly as a fresh one does, and a memo never
    holds more than its cap and one (the line values: and one call's 64)."""
    shared_ev = make_evaluator()
    rng = random.Random(17)
    positions = [random_position(rng) for _ in range(200)]
    side_max, mob_max, pattern_max = 50, 1000, 20
    small_ev = make_evaluator(side_max=side_max, mob_max=mob_max, pattern_max=pattern_max)
    largest = [0, 0, 0, 0]
    for _ in range(2):
        for w, b in positions:
            cnt = line_counts(w | b)
            want = make_evaluator()(w, b, cnt)
            assert shared_ev(w, b, cnt) == want
            assert small_ev(w, b, cnt) == want
            largest = list(map(max, largest, _memo_sizes(small_ev)))
    # each memo filled to its cap, then cleared (one filled two bit-boards an evaluation can be
    # cleared at 21 before it is looked at)
    assert largest[0] == side_max + 1
    assert all(pattern_max <= n <= pattern_max + 1 for n in largest[2:])
    assert mob_max < largest[1] <= mob_max + 64
    assert _memo_sizes(shared_ev)[0] == 400  # the default caps: nothing cleared here


def test_weights_parse_by_name_and_reject_what_the_evaluation_does_not_know():
    """LOA_WEIGHTS' text: names of DEFAULT_WEIGHTS with integers, spaces and empty items
    allowed; an unknown name (a typo would silently leave the default) or a value that is not
    an integer is an error."""
    assert parse_weights("") == {}
    assert parse_weights(" conn=78, group=-38,") == {"conn": 78, "group": -38}
    for bad in ("grup=3", "conn", "conn=7.5", "conn=x"):
        with pytest.raises(ValueError, match="bad weight"):
            parse_weights(bad)


def test_connectedness_counts_adjacent_pairs_per_piece():
    """White D6, E6, D5 (3 adjacent pairs) and A2 (none): 4 pieces, so the term adds
    conn * 3 // 4; the lone black piece has no pair."""
    w, b = from_diagram(
        [
            "........",
            "........",
            "...ww...",
            "...w....",
            "........",
            "........",
            "w.......",
            "......b.",
        ]
    )
    cnt = line_counts(w | b)
    diff = make_evaluator({"conn": 60})(w, b, cnt) - make_evaluator({"conn": 0})(w, b, cnt)
    assert diff == 60 * 3 // 4


def quads_and_pairs(bb):
    """(2x2 blocks with three or more pieces, adjacent pairs in 8 directions) of ``bb``,
    square by square."""
    on = {(s >> 3, s & 7) for s in range(64) if bb >> s & 1}
    quads = sum(
        ((r, f) in on) + ((r, f + 1) in on) + ((r + 1, f) in on) + ((r + 1, f + 1) in on) >= 3
        for r in range(7)
        for f in range(7)
    )
    pairs = sum(
        (r + dr, f + df) in on for r, f in on for dr, df in ((0, 1), (1, -1), (1, 0), (1, 1))
    )
    return quads, pairs


def test_quads_and_connectedness_count_blocks_and_pairs_square_by_square(scaled):
    """The quads term (weight 1: one point per 2x2 block with three or more pieces) and the
    connectedness term (weight 60: 60 x adjacent pairs // pieces), which the scan reads from
    one table per pair of adjacent ranks, against counts square by square, on random sets of
    pieces from sparse to crowded."""
    rng = random.Random(29)
    base = make_evaluator({"quad": 0, "conn": 0})
    quad, conn = make_evaluator({"quad": 1, "conn": 0}), make_evaluator({"quad": 0, "conn": 60})
    for _ in range(scaled(2000)):
        w = sum(1 << s for s in rng.sample(range(63), rng.randint(1, 24)))
        b = 1 << 63
        cnt = line_counts(w | b)
        quads, pairs = quads_and_pairs(w)
        assert quad(w, b, cnt) - base(w, b, cnt) == quads
        assert conn(w, b, cnt) - base(w, b, cnt) == 60 * pairs // bin(w).count("1")


def test_uniformity_and_centre_terms_match_their_definitions_square_by_square(scaled):
    """The uniformity term (weight 8: the area of the smallest rectangle holding the pieces),
    read from the ranks the rank table marks and the files or-ed together, and the centre of
    mass term (weight 2: the piece-square value of the rounded mean square), against both
    counted square by square, on random sets of pieces."""
    rng = random.Random(31)
    base = make_evaluator({"unif": 0, "com": 0})
    unif, com = make_evaluator({"unif": 8, "com": 0}), make_evaluator({"unif": 0, "com": 2})
    for _ in range(scaled(2000)):
        squares = rng.sample(range(63), rng.randint(1, 24))
        w = sum(1 << s for s in squares)
        b = 1 << 63
        cnt = line_counts(w | b)
        ranks = [s >> 3 for s in squares]
        files = [s & 7 for s in squares]
        area = (max(ranks) - min(ranks) + 1) * (max(files) - min(files) + 1)
        assert unif(w, b, cnt) - base(w, b, cnt) == -area + 1  # the lone black piece: 1
        n = len(squares)
        r, f = (sum(ranks) + n // 2) // n, (sum(files) + n // 2) // n
        assert com(w, b, cnt) - base(w, b, cnt) == PIECE_SQUARE[r][f] - PIECE_SQUARE[7][7]


def test_line_memoised_mobility_matches_the_move_list():
    """The evaluator's line-by-line memoised mobility difference equals the one counted from the
    full move lists (2 per move, 1 to an edge square, +1 for a capture), on random positions
    from sparse to crowded and again once the memo is warm."""
    from shared.loa_bitboard import gen_moves

    gen = TABLES[0]

    def weighted(own, other, cnt):
        total = 0
        for m in gen_moves(gen, own, other, cnt):
            t = m & 63
            r, f = t >> 3, t & 7
            total += 1 if r in (0, 7) or f in (0, 7) else 2
            total += (other >> t) & 1
        return total

    diff = make_evaluator().mobility_diff
    rng = random.Random(11)
    positions = []
    for _ in range(1500):
        squares = rng.sample(range(64), rng.randint(2, 24))
        k = rng.randint(1, len(squares) - 1)
        positions.append((sum(1 << s for s in squares[:k]), sum(1 << s for s in squares[k:])))
    for _ in range(2):
        for w, b in positions:
            cnt = line_counts(w | b)
            want = weighted(w, b, cnt) - weighted(b, w, cnt)
            assert diff(w, b) == want, (w, b, diff(w, b), want)


def holes(bb):
    """Empty regions (4-connected) that do not reach the board's edge."""
    seen = set()
    found = 0
    for start in range(64):
        if bb >> start & 1 or start in seen:
            continue
        stack, edge = [start], False
        seen.add(start)
        while stack:
            s = stack.pop()
            r, f = s >> 3, s & 7
            edge = edge or r in (0, 7) or f in (0, 7)
            for rr, ff in ((r + 1, f), (r - 1, f), (r, f + 1), (r, f - 1)):
                t = 8 * rr + ff
                if 0 <= rr < 8 and 0 <= ff < 8 and not bb >> t & 1 and t not in seen:
                    seen.add(t)
                    stack.append(t)
        found += not edge
    return found


def test_euler_term_is_groups_minus_holes(scaled):
    """The Euler term (weight 4: one point per unit of 4 x Euler number above one group without
    holes) against groups minus holes counted directly, on random sets of pieces."""
    rng = random.Random(23)
    base, euler = make_evaluator({"euler": 0}), make_evaluator({"euler": 4})
    for _ in range(scaled(300)):
        w = sum(1 << s for s in rng.sample(range(63), rng.randint(1, 20)))
        b = 1 << 63
        cnt = line_counts(w | b)
        e = count_groups(w) - holes(w)
        assert euler(w, b, cnt) - base(w, b, cnt) == -(4 * e - 4)


def test_the_piece_count_term_adds_its_table_for_each_side():
    """``few`` (off by default) adds FEW_PIECES[own pieces] - FEW_PIECES[opponent's], scaled
    by few / 100, and nothing else; sides of 3 to 12 pieces, the counts it was fitted on."""
    rng = random.Random(11)
    base = make_evaluator({"lazy": 1 << 40})
    full = make_evaluator({"lazy": 1 << 40, "few": 100})
    half = make_evaluator({"lazy": 1 << 40, "few": 50})
    for nw in range(3, 13):
        for nb in range(3, 13):
            squares = rng.sample(range(64), nw + nb)
            w = sum(1 << s for s in squares[:nw])
            b = sum(1 << s for s in squares[nw:])
            cnt = line_counts(w | b)
            assert full(w, b, cnt) - base(w, b, cnt) == FEW_PIECES[nw] - FEW_PIECES[nb]
            assert half(w, b, cnt) - base(w, b, cnt) == FEW_PIECES[nw] // 2 - FEW_PIECES[nb] // 2
    assert DEFAULT_WEIGHTS["few"] == 0
    assert FEW_PIECES[3] > FEW_PIECES[6] > FEW_PIECES[10] >= FEW_PIECES[11] == 0

"""Search and evaluation (shared/loa_search.py, shared/loa_eval.py): the move, score and node
count of fixed-depth searches on named positions (pinned: a change that alters them changes the
bot's play), symmetry of the evaluation, the draw at the move limit, the hard deadline, and
determinism at a fixed depth."""

import random
import time

import pytest

from shared.loa_bitboard import build_tables, line_counts, move_name, start_position
from shared.loa_eval import DEFAULT_WEIGHTS, make_evaluator, parse_weights
from shared.loa_search import THREAT, WIN, WIN_BOUND, Searcher, search_to_depth
from tests.loa_positions import (
    POSITIONS,
    count_groups,
    fixed_depth,
    from_diagram,
)

TABLES = build_tables()

# (depth, move, score, nodes) of a fresh searcher on each named position of tests/loa_positions.
PINNED = {
    "start": (4, "A7-C7", 23, 7011),
    "midgame": (5, "E1-E5", 169, 5222),
    "crowded-centre": (5, "D2-B2", -999998, 15),
    "sparse": (5, "H1-D5", 999995, 542),
    "statement-example": (5, "D1-C2", 999995, 1601),
    "lost-a-turning-point": (5, "D4-D7", -52, 6431),
    "lost-a-forced-win": (5, "E7-D8", 999995, 718),
    "lost-b-forced-win": (5, "E4-D3", 999995, 942),
    "lost-c-turning-point": (5, "C7-E5", -279, 4536),
}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_fixed_depth_search_is_pinned(name):
    """Same position, same depth: same move, score and tree size. A change to the search or the
    evaluation that moves these must come with the match figures that justify it."""
    depth, move, score, nodes = PINNED[name]
    rows, side = POSITIONS[name]
    w, b = from_diagram(rows)
    got = fixed_depth(w, b, 0 if side == "W" else 1, depth, TABLES)
    assert (move_name(got[0]), got[1], got[2]) == (move, score, nodes)


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


def random_position(rng):
    squares = rng.sample(range(64), 20)
    w = sum(1 << s for s in squares[:10])
    b = sum(1 << s for s in squares[10:])
    return w, b


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


def test_draw_at_the_move_limit_scores_zero():
    """With one ply left before the limit, every non-winning move ends in a draw (score 0)."""
    w, b = start_position()
    _, _, score, _ = search_to_depth(Searcher(make_evaluator(), TABLES), w, b, 0, 4, plies_left=1)
    assert score == 0


def test_losing_side_prefers_the_draw_at_the_limit():
    """Black (C6, D4, E4) threatens to connect; White (A2, G1, H1) cannot stop it. With the
    limit one ply away the search scores a draw instead of a loss."""
    rows = [
        "........",
        "........",
        "..b.....",
        "........",
        "...bb...",
        "........",
        "w.......",
        "......ww",
    ]
    w, b = from_diagram(rows)
    _, _, far, _ = search_to_depth(Searcher(make_evaluator(), TABLES), w, b, 0, 4)
    _, _, near, _ = search_to_depth(Searcher(make_evaluator(), TABLES), w, b, 0, 4, plies_left=1)
    assert far < -WIN_BOUND
    assert near == 0


def test_hard_deadline_ends_the_search():
    """Left to run, the generator stops by itself at the deadline; its last result is from a
    completed iteration (or a partial one, depth - 0.5)."""
    rows, _ = POSITIONS["midgame"]
    w, b = from_diagram(rows)
    s = Searcher(make_evaluator(), TABLES)
    t0 = time.perf_counter()
    s.deadline = t0 + 0.15
    results = list(s.search(w, b, 1, 200))
    assert time.perf_counter() - t0 < 0.15 + 0.1
    assert results[0][0] == 0 and len(results) >= 3
    assert [r[0] for r in results] == sorted(r[0] for r in results)


def test_the_clock_is_read_every_check_every_nodes(monkeypatch):
    """A deadline is seen within CHECK_EVERY nodes of passing: at 256 a search ran up to 25 ms
    past it, which the judge's clock counts."""
    import shared.loa_search as loa_search

    reads = []

    class Clock:
        @staticmethod
        def perf_counter():
            reads.append(1)
            return 0.0

    monkeypatch.setattr(loa_search, "time", Clock)
    searcher = Searcher(make_evaluator(), TABLES)
    nodes = search_to_depth(searcher, *start_position(), 0, 4)[3]
    assert loa_search.CHECK_EVERY <= 32
    assert len(reads) == nodes // loa_search.CHECK_EVERY


def test_gc_step_is_called_every_gc_step_nodes_and_changes_nothing(monkeypatch):
    import shared.loa_search as loa_search

    monkeypatch.setattr(loa_search, "GC_STEP_NODES", 1024)
    steps = []
    searcher = Searcher(make_evaluator(), TABLES, gc_step=lambda: steps.append(1))
    depth, move, score, nodes = search_to_depth(searcher, *start_position(), 0, 4)
    assert (depth, move_name(move), score, nodes) == (4, *PINNED["start"][1:])
    assert len(steps) == nodes // 1024 > 0


def test_the_table_is_cleared_at_a_search_s_start_when_over_tt_max():
    searcher = Searcher(make_evaluator(), TABLES, tt_max=100)
    search_to_depth(searcher, *start_position(), 0, 3)
    assert len(searcher.tt) > 100
    next(searcher.search(*start_position(), 0, 200))  # the first guess, before any node
    assert searcher.tt == {}


def test_iterations_are_yielded_in_order_and_deterministic():
    w, b = start_position()
    runs = []
    for _ in range(2):
        s = Searcher(make_evaluator(), TABLES)
        runs.append([r for r, _ in zip(s.search(w, b, 0, 200), range(4))])
    assert runs[0] == runs[1]
    assert [r[0] for r in runs[0]] == [0, 1, 2, 3]
    assert runs[0][-1][3] > runs[0][-2][3] > 0  # nodes are counted over the whole search


def test_memoised_evaluation_matches_a_fresh_evaluator():
    """The evaluator memoises per-side scores by bit-board; a long-lived evaluator (and one whose
    memo was cleared when full) must score every position exactly as a fresh one does."""
    import shared.loa_eval as loa_eval

    shared_ev = make_evaluator()
    rng = random.Random(17)
    positions = [random_position(rng) for _ in range(200)]
    old_max = loa_eval.SIDE_CACHE_MAX
    try:
        loa_eval.SIDE_CACHE_MAX = 50  # forces clears along the way
        small_ev = make_evaluator()
        for _ in range(2):
            for w, b in positions:
                cnt = line_counts(w | b)
                want = make_evaluator()(w, b, cnt)
                assert shared_ev(w, b, cnt) == want
                assert small_ev(w, b, cnt) == want
    finally:
        loa_eval.SIDE_CACHE_MAX = old_max


def test_search_result_does_not_depend_on_earlier_searches():
    """The searcher memoises connecting squares per bit-board across searches; a searcher that
    has already searched other positions returns the same fixed-depth result as a fresh one."""
    rng = random.Random(5)
    used = Searcher(make_evaluator(), TABLES)
    for _ in range(3):
        w, b = random_position(rng)
        search_to_depth(used, w, b, 0, 2)
    for _ in range(3):
        w, b = random_position(rng)
        searcher = Searcher(make_evaluator(), TABLES)
        used.tt.clear()
        used.history[:] = searcher.history
        fresh = search_to_depth(searcher, w, b, 1, 3)
        again = search_to_depth(used, w, b, 1, 3)
        assert fresh[1:3] == again[1:3]


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


def plain_negamax(ev, gen, me, opp, depth, ply, plies_left):
    """The searcher's tree value without pruning: the same leaf rules (a win in one for the side
    to move, the opponent's threat, found here by trying every move), the same wins and losses
    when a move is made, a pass when stuck."""
    from shared.loa_bitboard import gen_moves, is_connected

    def connects_in_one(own, other):
        for m in gen_moves(gen, own, other, line_counts(own | other)):
            tb = 1 << (m & 63)
            if is_connected(own ^ (1 << (m >> 6)) ^ tb):
                return True
        return False

    if plies_left <= 0:
        return 0
    if depth <= 0:
        if connects_in_one(me, opp):
            return WIN - ply - 1
        if connects_in_one(opp, me):
            return ev(me, opp, None) - THREAT
        return ev(me, opp, None)
    moves = gen_moves(gen, me, opp, line_counts(me | opp))
    if not moves:
        return -plain_negamax(ev, gen, opp, me, depth - 1, ply + 1, plies_left - 1)
    best = -10 * WIN
    for m in moves:
        tb = 1 << (m & 63)
        nme, nopp = me ^ (1 << (m >> 6)) ^ tb, opp & ~tb
        if is_connected(nme):
            return WIN - ply - 1
        if nopp != opp and is_connected(nopp):
            score = ply + 1 - WIN
        else:
            score = -plain_negamax(ev, gen, nopp, nme, depth - 1, ply + 1, plies_left - 1)
        best = max(best, score)
    return best


@pytest.mark.parametrize("depth", [1, 2])
def test_shallow_search_equals_plain_negamax(depth, scaled):
    """Below three plies there is no reduction or null move, so with lazy evaluation turned off
    the search's score is the plain negamax value of the best root move: this checks the
    written-out leaf code of the frontier (wins in one, threats, the move limit) against the
    rules. Sparse positions, so that connections in one move are common."""
    from shared.loa_bitboard import gen_moves, is_connected

    rng = random.Random(31 + depth)
    gen = TABLES[0]
    checked = 0
    for _ in range(scaled(150)):
        squares = rng.sample(range(64), rng.randint(5, 12))
        k = rng.randint(2, len(squares) - 2)
        w, b = sum(1 << s for s in squares[:k]), sum(1 << s for s in squares[k:])
        if is_connected(w) or is_connected(b):
            continue
        ev = make_evaluator({"lazy": 10**9})
        plies_left = rng.choice([1, 2, 200])
        got = search_to_depth(Searcher(ev, TABLES), w, b, 0, depth, plies_left)
        moves = gen_moves(gen, w, b, line_counts(w | b))
        children = []
        for m in moves:
            tb = 1 << (m & 63)
            nme, nopp = w ^ (1 << (m >> 6)) ^ tb, b & ~tb
            if is_connected(nme):
                break
            if nopp == b or not is_connected(nopp):
                children.append((nopp, nme))
        else:
            if len(children) < 2 or got[0] < depth:
                continue  # decided at the root without a search
            want = max(
                -plain_negamax(ev, gen, nopp, nme, depth - 1, 1, plies_left - 1)
                for nopp, nme in children
            )
            assert got[2] == want
            checked += 1
    assert checked >= scaled(150) // 3

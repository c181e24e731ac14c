"""Search (shared/loa_search.py): the move, score and node count of fixed-depth searches on
named positions (pinned: a change that alters them changes the bot's play), the draw at the move
limit, the hard deadline, determinism at a fixed depth, and shallow searches against a plain
negamax. The evaluation's tests are in tests/test_loa_eval.py."""

import random
import time

import pytest

from shared.loa_bitboard import build_tables, line_counts, move_name, start_position
from shared.loa_eval import make_evaluator
from shared.loa_search import THREAT, WIN, WIN_BOUND, Searcher, search_to_depth
from tests.loa_positions import (
    POSITIONS,
    fixed_depth,
    from_diagram,
    random_position,
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
    assert time.perf_counter() - t0 < 0.15 + 0.5  # a search to depth 200 would run for ages
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


def test_small_memo_caps_clear_the_memos_and_keep_the_tree():
    """The memos hold values only: capped low (as the solution caps them under PyPy) they are
    cleared more often and the search is the same; the centre distances are cleared past
    ``dist_max``, the connecting moves at a search's start past ``connect_max``."""
    evaluate = make_evaluator(side_max=50, mob_max=50, pattern_max=20)
    searcher = Searcher(evaluate, TABLES, connect_max=50, dist_max=5)
    depth, move, score, nodes = search_to_depth(searcher, *start_position(), 0, 4)
    assert (depth, move_name(move), score, nodes) == (4, *PINNED["start"][1:])
    generate = searcher.generate
    dist_memo = dict(zip(generate.__code__.co_freevars, generate.__closure__))["dist_get"]
    assert 0 < len(dist_memo.cell_contents.__self__) <= 6  # 13 boards uncapped
    assert len(searcher.connect_cache) > 50
    next(searcher.search(*start_position(), 0, 200))  # the first guess, before any node
    assert searcher.connect_cache == {}


def test_connecting_moves_capped_within_a_search_keep_the_tree():
    """With ``connect_in_search`` (as the solution sets it under PyPy) the connecting moves are
    cleared past ``connect_max`` as they grow, not only at a search's start: the memo never
    holds more than one past the cap, and the search is the same."""
    for cap in (5, 50):
        evaluate = make_evaluator(side_max=50, mob_max=50, pattern_max=20)
        searcher = Searcher(evaluate, TABLES, connect_max=cap, dist_max=5, connect_in_search=True)
        depth, move, score, nodes = search_to_depth(searcher, *start_position(), 0, 4)
        assert (depth, move_name(move), score, nodes) == (4, *PINNED["start"][1:])
        assert 0 < len(searcher.connect_cache) <= cap + 1
    uncapped = Searcher(make_evaluator(), TABLES, connect_max=50)
    search_to_depth(uncapped, *start_position(), 0, 4)
    assert len(uncapped.connect_cache) > 50  # what the in-search cap prevents


def test_iterations_are_yielded_in_order_and_deterministic():
    w, b = start_position()
    runs = []
    for _ in range(2):
        s = Searcher(make_evaluator(), TABLES)
        runs.append([r for r, _ in zip(s.search(w, b, 0, 200), range(4))])
    assert runs[0] == runs[1]
    assert [r[0] for r in runs[0]] == [0, 1, 2, 3]
    assert runs[0][-1][3] > runs[0][-2][3] > 0  # nodes are counted over the whole search


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


def test_generate_lists_the_moves_of_gen_moves_in_their_order(scaled):
    """The search's move generation (by move_masks: one and per option against both sides)
    lists the moves of loa_bitboard.gen_moves in the same order (history all zero, a stable
    sort), on random boards of 2 to 14 pieces a side, both sides to move."""
    from shared.loa_bitboard import gen_moves

    rng = random.Random(59)
    searcher = Searcher(make_evaluator(), TABLES)
    seen = 0
    for _ in range(scaled(400)):
        squares = rng.sample(range(64), rng.randint(4, 28))
        k = rng.randint(2, len(squares) - 2)
        w, b = sum(1 << s for s in squares[:k]), sum(1 << s for s in squares[k:])
        searcher.cnt[:] = line_counts(w | b)
        for me, opp in ((w, b), (b, w)):
            want = gen_moves(TABLES[0], me, opp, searcher.cnt)
            assert searcher.generate(me, opp, 0)[0] == want, (me, opp)
            seen += len(want)
    assert seen > scaled(400) * 20

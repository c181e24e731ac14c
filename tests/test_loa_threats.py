"""shared/loa_threats.py against brute force: connecting_moves(bb) is every move shape that
would connect the board (every pair on a common line tried by a flood fill), none for boards of
more than CONNECT_GROUPS groups, with the group count handed on; can_connect is whether one of
them is a legal move now (the legal moves of loa_bitboard.gen_moves, each tried), also with
the line counts of a move not made in them corrected."""

import random

from shared.loa_bitboard import (
    alignment_table,
    build_tables,
    gen_moves,
    is_connected,
    line_counts,
)
from shared.loa_threats import CONNECT_GROUPS, threat_functions
from tests.loa_positions import count_groups

ALIGNED = alignment_table()
GEN, _LINES = build_tables()


def random_board(rng, low=2, high=12, taken=0):
    squares = [s for s in range(64) if not taken >> s & 1]
    return sum(1 << s for s in rng.sample(squares, rng.randint(low, high)))


def test_connecting_moves_are_all_the_moves_that_connect(scaled):
    known_groups = {}
    connecting_moves, _ = threat_functions(ALIGNED, [0] * 64, {}, known_groups)
    rng = random.Random(41)
    many = some = 0
    for _ in range(scaled(3000)):
        bb = random_board(rng)
        if is_connected(bb):
            continue
        want = set()
        for m in range(4096):
            frm, to = m >> 6, m & 63
            legal_shape = ALIGNED[m] and bb >> frm & 1 and not bb >> to & 1
            if legal_shape and is_connected(bb ^ (1 << frm) ^ (1 << to)):
                want.add(m)
        assert set(connecting_moves(bb)) == want, bb
        assert known_groups.pop(bb) == count_groups(bb) - 1, bb
        some += bool(want)
        if count_groups(bb) > CONNECT_GROUPS:
            many += 1
            assert not want
    assert many > scaled(3000) // 10 and some > scaled(3000) // 10


def test_connecting_moves_with_connect_max_clear_the_memo_as_it_grows():
    """With ``connect_max`` the memo is cleared when over it before a new board is added (never
    more than one past it), and the moves are the same as without."""
    plain, _ = threat_functions(ALIGNED, [0] * 64, {}, {})
    memo = {}
    capped, _ = threat_functions(ALIGNED, [0] * 64, memo, {}, 3)
    rng = random.Random(43)
    sizes = []
    for _ in range(40):
        bb = random_board(rng)
        assert capped(bb) == plain(bb)
        assert memo[bb] == plain(bb)
        sizes.append(len(memo))
    assert max(sizes) == 4 and min(sizes) == 1
    unbounded = {}
    connecting_moves, _ = threat_functions(ALIGNED, [0] * 64, unbounded, {})
    for _ in range(10):
        connecting_moves(random_board(rng))
    assert len(unbounded) == 10  # without connect_max the caller clears it


def test_can_connect_is_whether_a_legal_move_connects(scaled):
    rng = random.Random(7)
    seen = {True: 0, False: 0}
    blocked = {True: 0, False: 0}  # connecting shapes that are legal now, and those that are not
    for _ in range(scaled(2000)):
        me = random_board(rng, 2, 8)
        opp = random_board(rng, 1, 8, taken=me)
        if is_connected(me):
            continue
        cnt = line_counts(me | opp)
        connecting_moves, can_connect = threat_functions(ALIGNED, cnt, {}, {})
        legal = set(gen_moves(GEN, me, opp, cnt))
        want = any(is_connected(me ^ (1 << (m >> 6)) | 1 << (m & 63)) for m in legal)
        found = connecting_moves(me)
        assert can_connect(found, opp) == want, (me, opp)
        for m in found:  # each one alone: legal by the line count and not jumping the opponent
            assert can_connect((m,), opp) == (m in legal), (me, opp, m)
            blocked[m in legal] += 1
        seen[want] += 1
    assert min(seen.values()) > scaled(2000) // 20, seen
    assert min(blocked.values()) > scaled(2000) // 20, blocked


def test_can_connect_corrects_the_counts_of_a_move_not_made(scaled):
    """The search scores a leaf child without making its move in the line counts: can_connect
    given the lines the move left and reached (none reached by a capture, whose landing square
    stays occupied) answers as with the counts of the position after the move."""
    rng = random.Random(11)
    seen = {True: 0, False: 0}
    captures = 0
    for _ in range(scaled(1500)):
        mover = random_board(rng, 2, 10)
        other = random_board(rng, 2, 10, taken=mover)
        before = line_counts(mover | other)
        moves = gen_moves(GEN, mover, other, before)
        if not moves:
            continue
        m = rng.choice(moves)
        frm, to = m >> 6, m & 63
        capture = other >> to & 1
        captures += capture
        mover ^= 1 << frm | 1 << to
        other &= ~(1 << to)
        after = line_counts(mover | other)
        cm_before, check = threat_functions(ALIGNED, before, {}, {})
        cm_after, want = threat_functions(ALIGNED, after, {}, {})
        reached = () if capture else _LINES[to]
        for me, opp in ((other, mover), (mover, other)):
            found = cm_before(me)
            assert found == cm_after(me)
            got = check(found, opp, _LINES[frm], reached)
            assert got == want(found, opp), (me, opp, m)
            seen[got] += bool(found)
    assert min(seen.values()) > scaled(1500) // 50 and captures > scaled(1500) // 20, seen

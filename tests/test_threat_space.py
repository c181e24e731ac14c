"""Threat-space search (tuning/threat_space.py), checked with the referee's plain rules
(referee/rules.py): a found move wins against every defence (full-width), the search finds
exactly what a plain search of threat sequences finds, named game positions, and its limits."""

import random
import time

import pytest

from referee import rules
from shared.loa_bitboard import (
    is_connected,
    move_name,
)
from tuning.opening_book import position_after
from tuning.threat_space import fresh_forced_win


def board_of(a, d, colour="W"):
    """The referee's board: ``a``'s pieces of ``colour``, ``d``'s of the other."""
    board = {}
    for s in range(64):
        if (a >> s) & 1:
            board[(s & 7, s >> 3)] = colour
        elif (d >> s) & 1:
            board[(s & 7, s >> 3)] = rules.other(colour)
    return board


def move_of(m):
    return ((m >> 6) & 7, m >> 9), ((m & 63) & 7, (m & 63) >> 3)


def wins_within(board, me, plies):
    """Can ``me`` (to move) connect by force within ``plies`` plies? Full width, plain rules."""
    return any(move_wins(board, me, move, plies) for move in rules.legal_moves(board, me))


def move_wins(board, me, move, plies):
    """Does ``move`` of ``me`` win by force within ``plies`` plies (this one included)?"""
    after = rules.apply_move(board, me, move)
    winner = rules.winner_after(after, me)
    if winner is not None or plies < 3:
        return winner == me
    you = rules.other(me)
    for reply in rules.legal_moves(after, you) or [None]:
        then = rules.apply_move(after, you, reply)
        winner = rules.winner_after(then, you) if reply else None
        if winner == you or (winner is None and not wins_within(then, me, plies - 2)):
            return False
    return True


def connects_now(board, me):
    return any(
        rules.winner_after(rules.apply_move(board, me, mv), me) == me
        for mv in rules.legal_moves(board, me)
    )


def threat_sequence(board, me, k):
    """The definition, plainly: ``me`` connects now, or has a move after which it could
    connect at once and every answer leaves it connecting or with such a win in k - 1."""
    if connects_now(board, me):
        return True
    if k == 0:
        return False
    you = rules.other(me)
    for move in rules.legal_moves(board, me):
        after = rules.apply_move(board, me, move)
        if rules.winner_after(after, me) is not None or not connects_now(after, me):
            continue
        holds = True
        for reply in rules.legal_moves(after, you):
            then = rules.apply_move(after, you, reply)
            winner = rules.winner_after(then, you)
            if winner == you or (winner is None and not threat_sequence(then, me, k - 1)):
                holds = False
                break
        if holds:
            return True
    return False


def random_sparse(rng, low=3, high=6):
    """Two sides of ``low``-``high`` pieces, neither connected, on a crowded middle."""
    while True:
        squares = rng.sample(range(8, 56), rng.randint(low, high) + rng.randint(low, high))
        k = rng.randint(low, len(squares) - low)
        a = sum(1 << s for s in squares[:k])
        d = sum(1 << s for s in squares[k:])
        if not is_connected(a) and not is_connected(d):
            return a, d


@pytest.mark.parametrize("k", [1, 2])
def test_a_found_win_wins_against_every_defence(k, scaled):
    rng = random.Random(70 + k)
    forced_win = fresh_forced_win()
    found = 0
    for _ in range(scaled(300 if k == 1 else 80)):
        a, d = random_sparse(rng, 3, 5 if k == 2 else 6)
        m = forced_win(a, d, k, 10**7)
        if m >= 0:
            found += 1
            assert move_wins(board_of(a, d), "W", move_of(m), 2 * k + 1), move_name(m)
    assert found >= scaled(20)


@pytest.mark.parametrize("k", [1, 2])
def test_finds_what_a_plain_threat_sequence_search_finds(k, scaled):
    rng = random.Random(90 + k)
    forced_win = fresh_forced_win()
    wins = 0
    for _ in range(scaled(250 if k == 1 else 80)):
        a, d = random_sparse(rng, 3, 5)
        want = threat_sequence(board_of(a, d), "W", k)
        assert (forced_win(a, d, k, 10**7) >= 0) == want
        wins += want
    assert wins >= scaled(10)


# a game of the engine (White) against the bot, up to the bot's 12th move, G6-D6 (ply 24):
# the engine then connected with three threats in a row (F2-G3, H2-D6, H6-E6, G3-G5)
GAME_TEXT = (
    "A3-C5 G8-A8 A6-C4 A8-G8 A2-C2 B8-D6 A7-D4 F8-C5 D4-E5 G8-G6 A5-C3 G6-C2 H7-E4 G1-G2 "
    "H3-F5 E1-C3 C4-D5 C3-B4 H4-D4 C2-C6 A4-C2 D6-G6 C2-F2 G6-D6"
)
GAME = GAME_TEXT.split()


def test_the_games_forced_win_is_found_and_the_move_before_it_is_not_one():
    forced_win = fresh_forced_win()
    (w, b), side = position_after(GAME)
    assert side == 0
    assert forced_win(w, b, 3) >= 0
    assert forced_win(w, b, 1) < 0  # not a short one: the search's depth misses it
    (w0, b0), _ = position_after(GAME[:-1])  # before G6-D6: Black had a safe move
    assert forced_win(w0, b0, 3, 10**7) < 0


def test_limit_and_deadline_give_up_as_not_proven():
    forced_win = fresh_forced_win()
    (w, b), _ = position_after(GAME)
    assert forced_win(w, b, 3, limit=10) == -1
    assert forced_win(w, b, 3, deadline=time.perf_counter() - 1) == -1
    assert forced_win(w, b, 3, limit=10**7, deadline=time.perf_counter() + 60) >= 0

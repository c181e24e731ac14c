"""The baseline players' move choice (referee/players): legal moves, greedy wins at once and does
not hand the opponent a connection."""

import random

from referee import rules
from referee.players import greedy_player, random_player


def random_positions(seed, count):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board, turn = rules.initial_board(), "W"
        for _ in range(rng.randint(0, 30)):
            moves = rules.legal_moves(board, turn)
            board = rules.apply_move(board, turn, rng.choice(moves))
            turn = rules.other(turn)
            if rules.connected(board, "W") or rules.connected(board, "B"):
                break
        else:
            out.append((board, turn))
    return out


def test_players_choose_legal_moves():
    rng = random.Random(1)
    for board, turn in random_positions(2, 40):
        legal = rules.legal_moves(board, turn)
        assert random_player.choose(board, turn, rng) in legal
        assert greedy_player.choose(board, turn, rng) in legal


def test_greedy_wins_at_once_and_avoids_connecting_the_opponent():
    rng = random.Random(3)
    for board, turn in random_positions(4, 60):
        legal = rules.legal_moves(board, turn)
        results = [rules.winner_after(rules.apply_move(board, turn, m), turn) for m in legal]
        move = greedy_player.choose(board, turn, rng)
        got = rules.winner_after(rules.apply_move(board, turn, move), turn)
        if turn in results:
            assert got == turn
        elif any(r is None for r in results):
            assert got is None

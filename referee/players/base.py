"""The protocol loop shared by the baseline players: read the limit and colour, apply the
opening from LOA_OPENING, then answer with ``choose(board, colour, rng)`` on every turn."""

import os
import random
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from referee import rules


def _tokens(stream):
    for line in stream:
        yield from line.split()


def run(choose, seed=None):
    rng = random.Random(seed)
    toks = _tokens(sys.stdin)
    try:
        int(next(toks))
        me = "W" if next(toks) == "0" else "B"
    except (StopIteration, ValueError):
        return 0
    board = rules.initial_board()
    turn = "W"
    for text in os.environ.get("LOA_OPENING", "").split():
        board = rules.apply_move(board, turn, rules.parse_move(text))
        turn = rules.other(turn)
    while not (rules.connected(board, "W") or rules.connected(board, "B")):
        if turn == me:
            moves = rules.legal_moves(board, me)
            move = choose(board, me, rng) if moves else None
            try:
                sys.stdout.write((rules.move_text(move) if move else rules.PASS) + "\n")
                sys.stdout.flush()
            except OSError:
                return 0
        else:
            try:
                text = next(toks)
            except StopIteration:
                return 0
            move = None if text == rules.PASS else rules.parse_move(text)
        board = rules.apply_move(board, turn, move)
        turn = rules.other(turn)
    return 0

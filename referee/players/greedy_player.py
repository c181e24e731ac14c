"""Baseline: wins at once if it can, never plays a capture that connects the opponent (unless
nothing else is legal), otherwise the move that best concentrates its own pieces relative to the
opponent's (one ply, no look-ahead)."""

import os
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from referee import rules


def spread(board, colour):
    """Sum of Chebyshev distances to the centre of mass, plus 2 per extra group."""
    mine = [sq for sq, c in board.items() if c == colour]
    cf = sum(f for f, _ in mine) / len(mine)
    cr = sum(r for _, r in mine) / len(mine)
    total = sum(max(abs(f - cf), abs(r - cr)) for f, r in mine)
    return total + 2 * groups(board, colour)


def groups(board, colour):
    mine = {sq for sq, c in board.items() if c == colour}
    n = 0
    while mine:
        n += 1
        todo = [mine.pop()]
        while todo:
            f, r = todo.pop()
            for df in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    nb = (f + df, r + dr)
                    if nb in mine:
                        mine.remove(nb)
                        todo.append(nb)
    return n


def choose(board, colour, rng):
    opp = rules.other(colour)
    best, best_key = None, None
    for move in rules.legal_moves(board, colour):
        after = rules.apply_move(board, colour, move)
        won = rules.winner_after(after, colour)
        if won == colour:
            return move
        if won == opp:
            continue
        key = spread(after, colour) - 0.5 * spread(after, opp) + rng.random() * 0.01
        if best_key is None or key < best_key:
            best, best_key = move, key
    if best is None:
        return rng.choice(rules.legal_moves(board, colour))
    return best


if __name__ == "__main__":
    from referee.players.base import run

    sys.exit(run(choose))

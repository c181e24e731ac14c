"""Worst cases for Checker's Check (POJ 1643): long games with kings and multiple jumps.

cases() gives 50 instances of 200 moves each (the statement allows any m; 200 is well beyond a
real game record). Every game is played by a seeded random policy over the legal moves listed
by tests/brute/checkers_check_brute.py, so the moves are valid: kings shuffle, men advance and
are crowned, jumps and multiple jumps happen whenever they are compulsory. A second case makes
the last move of every instance invalid in a different way, and a third stacks malformed
moves after an early invalid one (read and ignored). Expected outputs come from the brute.
"""

import random

from tests.brute import checkers_check_brute as brute

GOAL_SECONDS = 0.1
INSTANCES = 50
MOVES = 200


def _start(rng):
    """A middlegame: 6..10 pieces a side, a few kings each, men off their promotion rows."""
    squares = list(range(1, 33))
    rng.shuffle(squares)
    red, white = [], []
    nr, nw = rng.randint(6, 10), rng.randint(6, 10)
    for sq in squares:
        if len(red) < nr:
            red.append(-sq if sq >= 29 or len(red) < 3 else sq)
        elif len(white) < nw:
            white.append(-sq if sq <= 4 or len(white) < 3 else sq)
    return red, white


def _game(rng):
    """(red, white, colour, moves): a legal game of MOVES moves (retries until one lasts)."""
    while True:
        red, white = _start(rng)
        colour = rng.choice("RW")
        pos = {abs(v): ("R" if v < 0 else "r") for v in red}
        pos.update({abs(v): ("W" if v < 0 else "w") for v in white})
        side = colour.lower()
        moves = []
        for _ in range(MOVES):
            table = sorted(brute.legal_moves(pos, side))
            if not table:
                break
            move = "-".join(map(str, _choose(rng, pos, side, table)))
            pos = brute.play(pos, side, move)
            moves.append(move)
            side = "w" if side == "r" else "r"
        if len(moves) == MOVES:
            return red, white, colour, moves


def _gives_a_jump(pos, side, move):
    """Does the opponent have a jump after `side` plays `move`?"""
    after = brute.play(pos, side, "-".join(map(str, move)))
    other = "w" if side == "r" else "r"
    return any(captured for captured, _ in brute.legal_moves(after, other).values())


def _choose(rng, pos, side, table):
    """The longest jump when jumping, else mostly a move that hands the opponent no jump (so
    games last), sometimes any move (so captures and multiple jumps keep happening)."""
    longest = max(len(m) for m in table)
    if longest > 2 or brute.legal_moves(pos, side)[table[0]][0]:
        return rng.choice([m for m in table if len(m) == longest])
    if rng.random() < 0.12:
        return rng.choice(table)
    safe = [m for m in table if not _gives_a_jump(pos, side, m)]
    return rng.choice(safe or table)


def _text(games):
    out = []
    for red, white, colour, moves in games:
        out.append(f"{len(red)} {len(white)}\n{' '.join(map(str, red))}\n")
        out.append(f"{' '.join(map(str, white))}\n{len(moves)} {colour}\n")
        out.extend(m + "\n" for m in moves)
    out.append("0 0\n")
    return "".join(out)


WRONG = ["0-5", "9-", "33-29", "7", "12-12", "1-2-3", "5--9", "x-y", "31-27-18"]


def cases():
    rng = random.Random(1643)
    games = [_game(rng) for _ in range(INSTANCES)]
    valid = _text(games)
    broken = []
    for k, (red, white, colour, moves) in enumerate(games):
        broken.append((red, white, colour, moves[:-1] + [WRONG[k % len(WRONG)]]))
    early = []
    for k, (red, white, colour, moves) in enumerate(games):
        early.append((red, white, colour, moves[:3] + [WRONG[k % len(WRONG)]] * (MOVES - 3)))
    result = []
    for name, text in (
        ("50x200-valid-games", valid),
        ("50x200-last-move-wrong", _text(broken)),
        ("50x200-early-wrong-rest-ignored", _text(early)),
    ):
        result.append((name, text, brute.solve(text.encode())))
    return result

"""Worst cases for Checker's Check (POJ 1643): long games with kings and multiple jumps.

cases() gives 50 instances of 200 moves each (the statement allows any m; 200 is well beyond a
real game record). Every game is stress/checkers_check.py's long_game(): a seeded random policy
over the legal moves its second implementation lists, so the moves are valid: kings shuffle,
men advance and are crowned, jumps and multiple jumps happen whenever they are compulsory. A
second case makes the last move of every instance invalid in a different way, and a third
stacks malformed moves after an early invalid one (read and ignored). Expected outputs come
from that module's reference().
"""

import random

from stress.checkers_check import case_text, join_cases, long_game, reference

GOAL_SECONDS = 0.1
INSTANCES = 50
MOVES = 200
WRONG = ["0-5", "9-", "33-29", "7", "12-12", "1-2-3", "5--9", "x-y", "31-27-18"]


def _file(games):
    return join_cases([case_text(*game) for game in games])


def cases():
    rng = random.Random(1643)
    games = [long_game(rng, MOVES) for _ in range(INSTANCES)]
    broken = []
    early = []
    for k, (red, white, colour, moves) in enumerate(games):
        wrong = WRONG[k % len(WRONG)]
        broken.append((red, white, colour, [*moves[:-1], wrong]))
        early.append((red, white, colour, moves[:3] + [wrong] * (MOVES - 3)))
    return [
        (name, text, reference(text))
        for name, text in (
            ("50x200-valid-games", _file(games)),
            ("50x200-last-move-wrong", _file(broken)),
            ("50x200-early-wrong-rest-ignored", _file(early)),
        )
    ]

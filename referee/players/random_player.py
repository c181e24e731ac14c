"""Baseline: plays a uniformly random legal move (passes only when stuck)."""

import os
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from referee import rules
from referee.players.base import run


def choose(board, colour, rng):
    return rng.choice(rules.legal_moves(board, colour))


if __name__ == "__main__":
    sys.exit(run(choose))

"""Self-play games of the Lines of Action searcher at a fixed depth, as data for tuning.

Usage: python -m tuning.selfplay --games 2100 --depth 4 --seed 1000 --jobs 2 --out games.txt

Game k starts from the standard position with 4 to 8 random legal plies (random.Random(seed +
k)), then both sides play the move of a fresh searcher's fixed-depth search until a side is
connected or MAX_PLIES plies are played. Each position after the random plies is one line:
``white black side ply result``: the bit-boards in hex, the side to move (0 = White), the ply
number, and the game's result for White (1, 0, or 0.5 at MAX_PLIES). The lines of a game are
consecutive and written in game order (games may interleave only as whole games).
"""

import argparse
import random
import sys
from multiprocessing import Pool

from shared.loa_bitboard import (
    PASS,
    apply_move,
    build_tables,
    gen_moves,
    is_connected,
    line_counts,
    start_position,
)
from shared.loa_eval import make_evaluator
from shared.loa_search import Searcher, search_to_depth
from shared.pypy_jit import set_jit
from solutions.lines_of_action import PYPY_JIT

MAX_PLIES = 200
_TABLES = None


def fixed_depth_game(rng, opening, searchers, depth, tables):
    """One game from the standard start: ``opening`` random legal plies drawn from ``rng``, then
    ``searchers[colour]`` plays its fixed-depth move until a side is connected or MAX_PLIES
    plies are played. Returns (positions searched as (white, black, side, ply), result for
    White (1, 0 or 0.5), nodes searched by each colour)."""
    boards = list(start_position())
    side = 0
    positions = []
    nodes = [0, 0]
    for ply in range(MAX_PLIES):
        me, opp = boards[side], boards[side ^ 1]
        if ply < opening:
            moves = gen_moves(tables[0], me, opp, line_counts(me | opp))
            m = rng.choice(moves) if moves else PASS
        else:
            positions.append((boards[0], boards[1], side, ply))
            result = search_to_depth(
                searchers[side], boards[0], boards[1], side, depth, 2 * MAX_PLIES
            )
            nodes[side] += result[3]
            m = result[1]
        apply_move(boards, side, m)
        white_done, black_done = is_connected(boards[0]), is_connected(boards[1])
        if white_done or black_done:
            winner = side if white_done and black_done else (0 if white_done else 1)
            return positions, 1.0 if winner == 0 else 0.0, nodes
        side ^= 1
    return positions, 0.5, nodes


def play_game(seed, depth, tables=None):
    """(positions, result) of one self-play game: positions are (white, black, side, ply)."""
    global _TABLES
    if tables is None:
        if _TABLES is None:
            _TABLES = build_tables()
        tables = _TABLES
    rng = random.Random(seed)
    opening = rng.randint(4, 8)
    searcher = Searcher(make_evaluator(None, tables), tables)
    positions, result, _ = fixed_depth_game(rng, opening, (searcher, searcher), depth, tables)
    return positions, result


def _job(args):
    return play_game(*args)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    set_jit(PYPY_JIT)  # as the bundle runs: the search's speed under PyPy depends on it
    work = [(args.seed + k, args.depth) for k in range(args.games)]
    with open(args.out, "w") as out, Pool(args.jobs) as pool:
        for k, (positions, result) in enumerate(pool.imap(_job, work)):
            for white, black, side, ply in positions:
                out.write(f"{white:x} {black:x} {side} {ply} {result}\n")
            if (k + 1) % 100 == 0:
                print(f"{k + 1} games", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

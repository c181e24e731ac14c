"""Two evaluation weight sets against each other at a fixed search depth, off the clock.

Usage: python -m tuning.depth_match --a "conn=78,euler=44" [--b ""] --depth 5 --games 200
    [--seed 500] [--jobs 2]

Game k starts from the standard position with OPENING random legal plies (random.Random(seed
+ k // 2)); games 2j and 2j + 1 share an opening with the colours swapped. Each side is a
searcher over ``make_evaluator(weights)`` (weights as ``LOA_WEIGHTS``, over the defaults) that
plays its fixed-depth move (tuning.selfplay's game loop). Prints A's score with its 95 %
interval, and the nodes and CPU time each side spent: what a weight set is worth per node, with
its cost shown apart. A filter before a match at the real clock, not a substitute for one:
self-play at a fixed depth has misled before (docs/lines-of-action.md).
"""

import argparse
import random
import sys
import time
from multiprocessing import Pool

from referee.match import score_interval
from shared.loa_bitboard import build_tables
from shared.loa_eval import make_evaluator, parse_weights
from shared.loa_search import Searcher
from shared.pypy_jit import set_jit
from solutions.lines_of_action import PYPY_JIT
from tuning.selfplay import fixed_depth_game

OPENING = 4  # random plies before the searchers play


class _Timed:
    """A searcher whose ``search`` also adds the CPU time its generator takes to ``cpu``."""

    def __init__(self, searcher):
        self.searcher = searcher
        self.cpu = 0.0

    def search(self, *args):
        results = self.searcher.search(*args)
        while True:
            start = time.process_time()
            try:
                result = next(results)
            except StopIteration:
                return
            finally:
                self.cpu += time.process_time() - start
            yield result


def play_pair(seed, swap, weights_a, weights_b, depth, *, tables=None):
    """(A's score, nodes (A, B), CPU seconds (A, B)) of one game; A plays White unless
    ``swap``."""
    tables = tables or build_tables()
    rng = random.Random(seed)
    a = _Timed(Searcher(make_evaluator(weights_a, tables), tables))
    b = _Timed(Searcher(make_evaluator(weights_b, tables), tables))
    by_colour = (b, a) if swap else (a, b)
    _, white_result, nodes = fixed_depth_game(rng, OPENING, by_colour, depth, tables)
    if swap:
        return 1.0 - white_result, (nodes[1], nodes[0]), (a.cpu, b.cpu)
    return white_result, (nodes[0], nodes[1]), (a.cpu, b.cpu)


def _job(args):
    return play_pair(*args)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", required=True, help="weights of A, as LOA_WEIGHTS")
    parser.add_argument("--b", default="", help="weights of B (default: the defaults)")
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    set_jit(PYPY_JIT)  # as the bundle runs: the search's speed under PyPy depends on it
    try:
        weights_a, weights_b = parse_weights(args.a), parse_weights(args.b)
    except ValueError as err:
        parser.error(str(err))
    work = [
        (args.seed + k // 2, k % 2 == 1, weights_a, weights_b, args.depth)
        for k in range(args.games)
    ]
    wins = losses = draws = 0
    nodes, cpu = [0, 0], [0.0, 0.0]
    with Pool(args.jobs) as pool:
        for score, game_nodes, game_cpu in pool.imap(_job, work):
            wins, losses, draws = wins + (score == 1), losses + (score == 0), draws + (score == 0.5)
            nodes = [x + y for x, y in zip(nodes, game_nodes)]
            cpu = [x + y for x, y in zip(cpu, game_cpu)]
    score, low, high = score_interval(wins, losses, draws)
    print(
        f"A {args.a!r} vs B {args.b!r}, depth {args.depth}, {args.games} games: "
        f"+{wins} -{losses} ={draws}, A scores {100 * score:.1f} % "
        f"(95 %: {100 * low:.1f}-{100 * high:.1f} %)"
    )
    print(f"nodes A {nodes[0]} B {nodes[1]}; CPU A {cpu[0]:.1f} s, B {cpu[1]:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

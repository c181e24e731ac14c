"""Fixed-depth speed of the Lines of Action search on a fixed set of positions.

Usage: python -m tuning.search_speed [--depth 5] [--limit N] [--fresh]

Searches the positions of referee/positions.py's ``search_positions()`` (133: the bench's eight
and samples of twelve stored games) to ``--depth`` plies, in order, with one searcher as in a
game (``--fresh``: a new searcher per position), and prints the positions searched, the nodes,
a digest of every result (depth, move, score, nodes) and the CPU time. A change meant to keep
the tree (a speed-up) must leave nodes and digest as they were; its gain is the CPU time, or
better the instruction count of the same command under ``valgrind --tool=callgrind``, which
does not depend on the machine's load (docs/lines-of-action.md keeps those figures).
"""

import argparse
import hashlib
import sys
import time

from referee.positions import search_positions
from shared.loa_bitboard import build_tables
from shared.loa_eval import make_evaluator
from shared.loa_search import Searcher, search_to_depth
from shared.pypy_jit import set_jit
from solutions.lines_of_action import PYPY_JIT
from tuning.opening_book import position_after


def position_of(plies):
    """(white, black, side to move) after the space-separated ``plies`` from the start."""
    (white, black), side = position_after(plies.split())
    return white, black, side


def measure(depth, limit=None, fresh=False):
    """(positions, nodes, digest, cpu seconds) of the searches described in the header."""
    tables = build_tables()
    chosen = search_positions()[:limit]
    boards = [position_of(plies) for _, plies in chosen]
    searcher = None
    digest = hashlib.sha1()
    nodes = 0
    start = time.process_time()
    for white, black, side in boards:
        if fresh or searcher is None:
            searcher = Searcher(make_evaluator(None, tables), tables)
        result = search_to_depth(searcher, white, black, side, depth)
        nodes += result[3]
        digest.update(repr(result).encode())
    return len(boards), nodes, digest.hexdigest()[:12], time.process_time() - start


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--limit", type=int, default=None, help="only the first N positions")
    ap.add_argument("--fresh", action="store_true", help="a new searcher per position")
    args = ap.parse_args(argv)
    set_jit(PYPY_JIT)  # as the bundle runs: the search's speed under PyPy depends on it
    if args.depth < 1 or (args.limit is not None and args.limit < 1):
        ap.error("--depth and --limit must be positive")
    count, nodes, digest, cpu = measure(args.depth, args.limit, args.fresh)
    print(
        f"positions {count}  depth {args.depth}  nodes {nodes}  digest {digest}  "
        f"cpu {cpu:.2f} s  nodes/s {nodes / max(cpu, 1e-9):.0f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The Lines of Action opening book: deep fixed-depth searches of the standard start, written
out as shared/loa_book.py.

Usage: python -m tuning.opening_book --depth 9 --jobs 2 [--out shared/loa_book.py]
    (the book in the repository came from this command under PyPy; CPython gives the same
    book, slower).

The book holds a move for every position the bot can meet in the first plies of a game from
the standard start: White's first move (ply 0); Black's reply to every White first move
(ply 1); White's answer to every Black reply to the book's first move (ply 2). Each is the
move of a fresh searcher's search to ``--depth`` plies, so the same command writes the same
file. tests/test_loa_book.py checks that the file is this script's rendering of its entries,
that it covers exactly the positions listed here, and that every move is legal.
"""

import argparse
import sys
from multiprocessing import Pool

from shared.loa_bitboard import (
    apply_move,
    build_tables,
    gen_moves,
    line_counts,
    move_name,
    parse_move,
    start_position,
)
from shared.loa_eval import make_evaluator
from shared.loa_search import Searcher, search_to_depth
from shared.pypy_jit import set_jit
from solutions.lines_of_action import PYPY_JIT

OUT = "shared/loa_book.py"
PLIES_LEFT = 200  # the judge's limit (100 moves per player): no draw inside the search
_TABLES = None


def _tables():
    global _TABLES
    if _TABLES is None:
        _TABLES = build_tables()
    return _TABLES


def position_after(plies):
    """(boards, side to move) after the move names ``plies`` from the standard start."""
    boards = list(start_position())
    side = 0
    for name in plies:
        apply_move(boards, side, parse_move(name))
        side ^= 1
    return boards, side


def legal_names(plies):
    """The legal moves' names after ``plies``, in generation order."""
    boards, side = position_after(plies)
    me, opp = boards[side], boards[side ^ 1]
    return [move_name(m) for m in gen_moves(_tables()[0], me, opp, line_counts(me | opp))]


def best_move(plies, depth):
    """The move a fresh searcher chooses after ``plies`` at fixed ``depth``, as a name."""
    boards, side = position_after(plies)
    tables = _tables()
    searcher = Searcher(make_evaluator(None, tables), tables)
    return move_name(search_to_depth(searcher, boards[0], boards[1], side, depth, PLIES_LEFT)[1])


def book_positions(first):
    """The keys the book covers, given White's first move ``first``: the start, every White
    first move, and every Black reply to ``first`` (move names joined by spaces)."""
    keys = [""]
    keys += legal_names([])
    keys += [f"{first} {reply}" for reply in legal_names([first])]
    return keys


def _job(args):
    key, depth = args
    return key, best_move(key.split(), depth)


def compute(depth, jobs=1, progress=None):
    """The book {key: move} at ``depth``: the start first, then the rest in parallel."""
    first = best_move([], depth)
    book = {"": first}
    rest = [(key, depth) for key in book_positions(first)[1:]]
    with Pool(jobs) as pool:
        for key, move in pool.imap(_job, rest):
            book[key] = move
            if progress:
                progress(f"{len(book)}/{len(rest) + 1} {key or '(start)'}: {move}")
    return book


def render(book, depth):
    """The text of shared/loa_book.py for ``book`` searched at ``depth``."""
    lines = [
        '"""Lines of Action: the opening book for the standard start (generated, do not edit).',
        "",
        "Description: BOOK maps the moves played from the standard start (names joined by",
        "    spaces; White first) to the move to play: White's first move, Black's reply to",
        "    every White first move, White's answer to every Black reply to the book's first.",
        f"Usage: ``book_move(played)``: the move name, or None off the book ({len(book)} entries).",
        f"Method: each move is a fresh searcher's choice at depth {depth} (shared/loa_search.py),",
        f"    written by ``python -m tuning.opening_book --depth {depth}``.",
        "Time: one dictionary look-up.",
        "Status: tests/test_loa_book.py (this file is the script's rendering; its positions are",
        "    the script's; every move legal by referee/rules.py).",
        '"""',
        "",
        f"DEPTH = {depth}",
        "BOOK = {",
    ]
    lines += [f'    "{key}": "{move}",' for key, move in book.items()]
    lines += [
        "}",
        "",
        "",
        "def book_move(played):",
        '    """The book move after the move names ``played`` from the start, or None."""',
        '    return BOOK.get(" ".join(played))',
        "",
    ]
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args(argv)
    set_jit(PYPY_JIT)  # as the bundle runs: the search's speed under PyPy depends on it
    if args.depth < 1:
        parser.error("--depth must be at least 1")
    book = compute(args.depth, args.jobs, lambda line: print(line, file=sys.stderr, flush=True))
    with open(args.out, "w", encoding="utf-8") as out:
        out.write(render(book, args.depth))
    print(f"wrote {args.out}: {len(book)} entries at depth {args.depth}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

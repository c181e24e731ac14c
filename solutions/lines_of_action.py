"""Lines of Action ("Lo", informatics, interactive): play a whole game within 1 s per move.

Description: reads the per-player move limit, then 0 (play White, moves first) or 1 (Black);
    then exchanges moves "F3-B3", a pass is "Z0-Z0" (statement:
    shared/problems/lines-of-action.md). Stops as soon as a side is connected after any move;
    a closed stdin or an unreadable line ends it quietly.
Rules: the mover wins a double connection; pass only when stuck; the game is treated as drawn
    once both players have made ``limit`` moves (the statement does not say), but the bot keeps
    answering if the judge goes on, since a silent program would lose on time.
Usage: ``python3 lines_of_action.py`` on the judge. Local options, harmless there:
    ``--move-time SECONDS`` / ``LOA_MOVE_TIME``, ``--opening "A2-C4 B1-B3 ..."`` / LOA_OPENING
    (plies played before the game, White's first; they count towards the limit),
    ``LOA_WEIGHTS="conc=100,..."`` (evaluation weights), ``LOA_VERBOSE=1`` (depth, nodes, time
    and score of every search on stderr).
Method: shared/loa_search.py (iterative-deepening PVS) over shared/loa_eval.py; in the first
    plies from the standard start, shared/loa_book.py's move, played at once. The clock
    policy is all in ``Clock``: a move's clock starts when the opponent's move is read; a move
    found already waiting counts from the bot's last move written, or before the bot wrote any
    from the process's creation (read from /proc); hard deadline FIRST_SHARE / HARD_SHARE
    (PyPy: PYPY_HARD_SHARE) of the move time; iterations go on to it.
Time: at most that share of the move time per move plus the reply's write; start-up: the
    tables, built once (measured: docs/lines-of-action.md, "Bench").
Memory: below 64 MiB under CPython (tables and memos capped); PyPy, with PYPY_JIT, smaller
    table and memos (PYPY_TT_MAX, PYPY_*_MEMOS) and collector steps, below it as the build
    counts (its own memory); figures: docs/lines-of-action.md, "The judge's games in the build".
Status: protocol, options and clock (each share pinned) in tests/test_lines_of_action.py;
    rules against referee/rules.py (tests/test_loa_bitboard.py, tests/test_referee_rules.py);
    pinned fixed-depth play in tests/test_loa_search.py; the book in tests/test_loa_book.py
    and its use in tests/test_lines_of_action.py. Strength at the real clock: the table of
    match figures in docs/lines-of-action.md, with the record of every change.
"""

import contextlib
import gc
import os
import sys
import time

from shared.loa_bitboard import (
    apply_move,
    build_tables,
    is_connected,
    move_name,
    parse_move,
    start_position,
)
from shared.loa_book import book_move
from shared.loa_eval import make_evaluator, parse_weights
from shared.loa_search import Searcher
from shared.process_age import process_start
from shared.pypy_jit import set_jit

_T0 = time.perf_counter()  # fallback for the process start where /proc is missing

FIRST_SHARE = 0.80  # first search: hard deadline, share of the move time from process start
HARD_SHARE = 0.85  # later searches: hard deadline, share of the move time from the read
# under PyPy: its JIT's compilations and the collector's steps overran the deadline by up to
# 43 ms in the build's games (CPython: 13 ms); the longest think stays under 0.9 s
PYPY_HARD_SHARE = 0.83
WAITING = 0.002  # a read that returns sooner found the opponent's move already waiting
# PyPy only (docs/lines-of-action.md, "The judge's games in the build"): the JIT unrolls no
# recursion (by default it inlines seven levels of negamax into one trace: a third of the nodes
# and more memory), a smaller transposition table, memos capped at a quarter of CPython's
# (values only: the same tree at a fixed depth; the connecting moves' also within a search,
# where one adds up to 25000), and a step of the incremental collector every GC_STEP_NODES
# nodes of a search (shared/loa_search.py)
PYPY_JIT = "max_unroll_recursion=0"
PYPY_TT_MAX = 20000
PYPY_SEARCH_MEMOS = {"connect_max": 10000, "connect_in_search": True, "dist_max": 10000}
PYPY_EVAL_MEMOS = {"side_max": 10000, "mob_max": 12000, "pattern_max": 4000}


class _Quit(Exception):
    pass


class _Reader:
    """Whitespace-separated tokens from stdin, one line at a time; EOF -> _Quit."""

    def __init__(self, stream):
        self.stream = stream
        self.tokens = []
        self.read_at = 0.0  # perf_counter() when the last line arrived
        self.waited = 0.0  # seconds the last read was blocked

    def token(self):
        while not self.tokens:
            t = time.perf_counter()
            line = self.stream.readline()
            self.read_at = time.perf_counter()
            self.waited = self.read_at - t
            if not line:
                raise _Quit
            self.tokens = line.split()
            self.tokens.reverse()
        return self.tokens.pop()


def _options(argv, environ):
    move_time = 1.0
    opening = []
    val = environ.get("LOA_MOVE_TIME")
    if val:
        move_time = float(val)
    val = environ.get("LOA_OPENING")
    if val:
        opening = val.split()
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--move-time" and i + 1 < len(argv):
            move_time = float(argv[i + 1])
            i += 1
        elif a.startswith("--move-time="):
            move_time = float(a.split("=", 1)[1])
        elif a == "--opening" and i + 1 < len(argv):
            opening = argv[i + 1].split()
            i += 1
        elif a.startswith("--opening="):
            opening = a.split("=", 1)[1].split()
        i += 1
    return move_time, [parse_move(m) for m in opening]


def _write(text):
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except (BrokenPipeError, OSError, ValueError):
        raise _Quit from None


class Clock:
    """The clock policy, all of it. A move's clock starts when the opponent's move is read; the
    first search of the process counts from the process's creation (the judge counts the
    start-up), and so does a search on a move that was already waiting when the bot first read
    (it arrived during the start-up). A search must end by its hard deadline, FIRST_SHARE or
    ``hard_share`` (HARD_SHARE; PYPY_HARD_SHARE under PyPy) of the move time after that
    start. Iterations go on to the deadline (the searcher stops there): unused time is not
    carried over, and an iteration cut short still yields the best of the root moves it
    finished."""

    def __init__(self, move_time, hard_share=HARD_SHARE):
        self.move_time = move_time
        self.hard_share = hard_share
        self.start = _process_start()
        self.first = True
        self.wrote_at = None  # perf_counter() when the bot last wrote a move

    def wrote(self, at):
        """The bot wrote a move (searched or from the book) at ``at``."""
        self.wrote_at = at

    def opponent_moved(self, read_at, waited):
        """The opponent's move arrived at ``read_at`` after the bot waited ``waited`` seconds.
        A move found already waiting was written after the bot's last move (its clock starts
        there), or, before the bot wrote any, during the start-up (the process's start)."""
        if waited >= WAITING:
            self.start = read_at
        elif self.wrote_at is not None:
            self.start = self.wrote_at
        else:
            return
        self.first = False

    def think(self, searcher, boards, side, plies_left):
        """The last (depth, move, score, nodes) that ``searcher.search`` yields in time."""
        budget = (FIRST_SHARE if self.first else self.hard_share) * self.move_time
        self.first = False
        searcher.deadline = self.start + budget
        last = None
        for result in searcher.search(boards[0], boards[1], side, plies_left):
            last = result
        return last


def _process_start():
    """perf_counter() value of the moment the process was created, so that the first move's
    budget also covers the interpreter's start-up; _T0 where /proc is missing."""
    return process_start(_T0, 5.0)


def play(stdin, argv, environ):
    move_time, opening = _options(argv, environ)
    tables = build_tables()
    try:
        weights = parse_weights(environ.get("LOA_WEIGHTS", ""))
    except ValueError as err:
        sys.stderr.write(f"LOA_WEIGHTS: {err}\n")
        raise SystemExit(2) from None
    evaluate = make_evaluator(weights, tables, **_evaluator_options())
    searcher = Searcher(evaluate, tables, **_searcher_options())
    reader = _Reader(stdin)
    verbose = environ.get("LOA_VERBOSE", "") not in ("", "0")
    try:
        limit = int(reader.token())
        me = int(reader.token())
    except ValueError:
        raise _Quit from None
    if me not in (0, 1):
        raise _Quit
    max_plies = 2 * limit
    boards = list(start_position())
    side = 0
    played = []  # move names from the start, for the opening book
    for m in opening:
        apply_move(boards, side, m)
        side ^= 1
        played.append(move_name(m))
    clock = Clock(move_time, _hard_share())
    while True:
        if is_connected(boards[0]) or is_connected(boards[1]):
            return
        known = book_move(played) if side == me else None
        if known:
            # a book move is played at once: on the first move, the start-up is its only cost
            m = parse_move(known)
            _write(known)
            clock.wrote(time.perf_counter())
        elif side == me:
            plies_left = max_plies - len(played)
            depth, m, score, _ = clock.think(searcher, boards, side, plies_left)
            _write(move_name(m))
            clock.wrote(time.perf_counter())
            if verbose:
                nodes = searcher.node_count()  # all of them, the last iteration's cut part too
                t = max(time.perf_counter() - clock.start, 1e-9)
                sys.stderr.write(
                    f"info move {move_name(m)} depth {depth} nodes {nodes}"
                    f" nps {int(nodes / t)} time {t:.3f} score {score}\n"
                )
        else:
            tok = reader.token()
            clock.opponent_moved(reader.read_at, reader.waited)
            try:
                m = parse_move(tok)
            except ValueError:
                raise _Quit from None
        apply_move(boards, side, m)
        side ^= 1
        played.append(move_name(m))


def _hard_share():
    """HARD_SHARE, or PYPY_HARD_SHARE under PyPy."""
    return PYPY_HARD_SHARE if sys.implementation.name == "pypy" else HARD_SHARE


def _searcher_options():
    """Under PyPy, a smaller transposition table and memos, and steps of the collector: its
    heap would otherwise grow to about twice the live data between two major collections."""
    if sys.implementation.name != "pypy":
        return {}
    step = getattr(gc, "collect_step", None)
    return {"tt_max": PYPY_TT_MAX, "gc_step": step, **PYPY_SEARCH_MEMOS}


def _evaluator_options():
    """Under PyPy, the evaluation's memos capped lower (PYPY_EVAL_MEMOS)."""
    return dict(PYPY_EVAL_MEMOS) if sys.implementation.name == "pypy" else {}


def main():
    if sys.implementation.name == "cpython":
        # reference counting frees nearly everything, so the cycle collector's pauses only cost
        # time; PyPy has no reference counting, and there this would leak (800 MB in a game)
        gc.disable()
    else:
        set_jit(PYPY_JIT)
    with contextlib.suppress(_Quit, KeyboardInterrupt):
        play(sys.stdin, sys.argv[1:], os.environ)
    try:
        sys.stdout.flush()
    except (BrokenPipeError, OSError, ValueError):
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    main()

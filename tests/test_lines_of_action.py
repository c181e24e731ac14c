"""The Lines of Action bot through its protocol, as whole processes from source: first moves for
both colours, quiet exits on a closed or garbled input, stopping as soon as a side is connected,
the local options, the clock on the first move, and the garbage collector per interpreter."""

import io
import os
import random
import shutil
import subprocess
import sys
import time
from types import SimpleNamespace

import pytest

from referee import rules
from shared import loa_book
from solutions import lines_of_action
from tests.pypy_support import under_pypy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOLUTION = os.path.join(ROOT, "solutions", "lines_of_action.py")


def env(**extra):
    e = dict(os.environ)
    e["PYTHONPATH"] = ROOT
    e.pop("LOA_OPENING", None)
    e["LOA_MOVE_TIME"] = "0.2"
    e.update(extra)
    return e


def run(stdin, **extra):
    return subprocess.run(  # noqa: PLW1510
        [sys.executable, SOLUTION],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=20,
        env=env(**extra),
    )


def test_white_opens_with_a_legal_move_and_exits_on_eof():
    p = run("100\n0\n")
    assert p.returncode == 0 and p.stderr == ""
    lines = p.stdout.splitlines()
    assert len(lines) == 1
    assert rules.parse_move(lines[0]) in rules.legal_moves(rules.initial_board(), "W")


def test_black_answers_and_tokens_may_share_a_line():
    p = run("100 1\nA2-C4\n")
    assert p.returncode == 0 and p.stderr == ""
    board = rules.apply_move(rules.initial_board(), "W", rules.parse_move("A2-C4"))
    (line,) = p.stdout.splitlines()
    assert rules.parse_move(line) in rules.legal_moves(board, "B")


@pytest.mark.parametrize("stdin", ["", "100\n", "100\n1\n", "100\n1\nhello\n", "abc\n", "100\n7\n"])
def test_closed_or_unreadable_input_ends_quietly(stdin):
    p = run(stdin)
    assert p.returncode == 0
    assert p.stderr == ""
    assert p.stdout == ""


def find_win_in_one(seed):
    """A random game (seeded) up to a position where the side to move can connect at once.
    Returns (plies, colour to move, winning moves)."""
    rng = random.Random(seed)
    while True:
        board, turn, plies = rules.initial_board(), "W", []
        while True:
            moves = rules.legal_moves(board, turn)
            wins = [
                m
                for m in moves
                if rules.winner_after(rules.apply_move(board, turn, m), turn) == turn
            ]
            if wins and len(plies) >= 6:
                return plies, turn, [rules.move_text(m) for m in wins]
            safe = [
                m
                for m in moves
                if rules.winner_after(rules.apply_move(board, turn, m), turn) is None
            ]
            if not safe:
                break
            m = rng.choice(safe)
            board = rules.apply_move(board, turn, m)
            plies.append(rules.move_text(m))
            turn = rules.other(turn)


def test_bot_plays_a_win_in_one_and_stops_without_waiting():
    plies, turn, wins = find_win_in_one(3)
    p = subprocess.Popen(
        [sys.executable, SOLUTION],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env(LOA_OPENING=" ".join(plies)),
    )
    p.stdin.write(f"100\n{0 if turn == 'W' else 1}\n")
    p.stdin.flush()
    line = p.stdout.readline().strip()
    assert line in wins
    # stdin stays open: the program must end by itself since the game is over
    assert p.wait(timeout=10) == 0
    p.stdin.close()
    assert p.stderr.read() == ""


def test_bot_stops_after_the_opponents_connecting_move():
    plies, turn, wins = find_win_in_one(4)
    me = 1 if turn == "W" else 0  # the bot is the side about to lose
    p = subprocess.Popen(
        [sys.executable, SOLUTION],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env(LOA_OPENING=" ".join(plies)),
    )
    p.stdin.write(f"100\n{me}\n{wins[0]}\n")
    p.stdin.flush()
    assert p.wait(timeout=10) == 0
    assert p.stdout.read() == ""
    p.stdin.close()


OFF_BOOK = "A2-C4 B1-B3 A3-C3"  # three plies: past the opening book's last (ply 2)


def test_move_time_option_overrides_the_environment_in_a_real_search():
    """Black searches (the opening leaves the book): at --move-time 0.3 it answers in well
    under a second, where LOA_MOVE_TIME=5 would make it think 4.25 s."""
    t0 = time.perf_counter()
    p = subprocess.run(  # noqa: PLW1510
        [sys.executable, SOLUTION, "--move-time", "0.3"],
        input="100\n1\n",
        capture_output=True,
        text=True,
        timeout=20,
        env=env(LOA_MOVE_TIME="5", LOA_VERBOSE="1", LOA_OPENING=OFF_BOOK),
    )
    elapsed = time.perf_counter() - t0
    assert p.returncode == 0 and len(p.stdout.splitlines()) == 1
    assert "info move" in p.stderr  # a search ran
    assert elapsed < 2.0


def test_opening_option_from_the_command_line_is_played_before_the_bot_moves():
    """Black to move after the three plies: the bot searches (off the book), and its move is
    legal in the opened position."""
    p = subprocess.run(  # noqa: PLW1510
        [sys.executable, SOLUTION, "--opening", OFF_BOOK],
        input="100\n1\n",
        capture_output=True,
        text=True,
        timeout=20,
        env=env(LOA_VERBOSE="1"),
    )
    board, colour = rules.initial_board(), "W"
    for name in OFF_BOOK.split():
        board = rules.apply_move(board, colour, rules.parse_move(name))
        colour = rules.other(colour)
    (line,) = p.stdout.splitlines()
    assert rules.parse_move(line) in rules.legal_moves(board, "B")
    assert "info move" in p.stderr  # a search ran


def first_search_score(**extra):
    """The score of Black's first search after OFF_BOOK, from the verbose line."""
    p = run("100\n1\n", LOA_VERBOSE="1", LOA_OPENING=OFF_BOOK, **extra)
    assert p.returncode == 0, p.stderr
    (info,) = [line for line in p.stderr.splitlines() if line.startswith("info move")]
    return int(info.split(" score ")[1])


def test_loa_weights_reach_the_evaluation():
    """A tempo of 2000 for the side to move dominates every leaf, so the root score (a leaf at
    the depth's parity away) is about +-2000; with the default weights it stays small."""
    assert abs(first_search_score()) < 1000
    assert abs(first_search_score(LOA_WEIGHTS="tempo=2000")) > 1000


@pytest.mark.parametrize("weights", ["tempo", "tempo=x", "tempi=3"])
def test_a_bad_loa_weights_is_one_line_on_stderr_and_exit_2(weights):
    p = run("100\n0\n", LOA_WEIGHTS=weights)
    assert p.returncode == 2
    assert p.stdout == ""
    (line,) = p.stderr.splitlines()
    assert line.startswith("LOA_WEIGHTS: bad weight")


@pytest.mark.parametrize("colour", [0, 1])
def test_book_moves_are_played_without_a_search(colour):
    """On the book, both colours play its moves at once: White its first and its answer to a
    Black reply, Black its reply to a White first move (LOA_VERBOSE reports every search)."""
    first = loa_book.BOOK[""]
    if colour == 0:
        reply = sorted(k for k in loa_book.BOOK if k.startswith(first + " "))[0].split()[1]
        stdin, expected = f"100\n0\n{reply}\n", [first, loa_book.BOOK[f"{first} {reply}"]]
    else:
        white = sorted(k for k in loa_book.BOOK if k and " " not in k)[-1]
        stdin, expected = f"100\n1\n{white}\n", [loa_book.BOOK[white]]
    p = run(stdin, LOA_VERBOSE="1")
    assert p.stdout.split() == expected
    assert "info move" not in p.stderr


class FakeSearcher:
    """Records the deadline the clock gave it; yields its results as a search would."""

    def __init__(self, results=((1, "m1", 0, 10), (2, "m2", 5, 50))):
        self.results = results
        self.deadline = None

    def search(self, *_position):
        yield from self.results


def think(clock):
    searcher = FakeSearcher()
    result = clock.think(searcher, [0, 0], 0, 100)
    return searcher.deadline, result


def test_the_first_search_ends_at_80_percent_of_the_move_time_from_the_process_start():
    """The judge's clock for the first move includes the interpreter's start-up: the first
    search's hard deadline is FIRST_SHARE (0.80) of the move time after the process began."""
    clock = lines_of_action.Clock(1.0)
    clock.start = 100.0  # the process's creation
    clock.opponent_moved(read_at=100.3, waited=0.0)  # the move was waiting: start-up counts
    deadline, result = think(clock)
    assert deadline == pytest.approx(100.0 + 0.80)
    assert result == (2, "m2", 5, 50)  # the last result the search yielded


def test_later_searches_end_at_85_percent_of_the_move_time_from_the_read():
    clock = lines_of_action.Clock(2.0)
    clock.start = 100.0
    think(clock)  # the first search
    clock.opponent_moved(read_at=130.0, waited=0.5)
    deadline, _ = think(clock)
    assert deadline == pytest.approx(130.0 + 0.85 * 2.0)


def test_under_pypy_later_searches_end_at_83_percent(monkeypatch):
    """PyPy's JIT and collector overran the deadline by up to 43 ms in the build's games: its
    later searches stop earlier, so that its longest think stays under 0.9 s."""
    assert lines_of_action._hard_share() == 0.85  # the tests' CPython
    monkeypatch.setattr(lines_of_action.sys, "implementation", SimpleNamespace(name="pypy"))
    clocks = []
    real = lines_of_action.Clock
    monkeypatch.setattr(lines_of_action, "Clock", lambda *a: clocks.append(real(*a)) or clocks[0])
    with pytest.raises(lines_of_action._Quit):  # play() makes its clock with PyPy's share
        environ = {"LOA_OPENING": OFF_BOOK, "LOA_MOVE_TIME": "0.05"}
        lines_of_action.play(io.StringIO("100\n1\n"), [], environ)
    (clock,) = clocks
    clock.start, clock.move_time = 100.0, 1.0
    clock.first = True
    assert think(clock)[0] == pytest.approx(100.0 + 0.80)  # the first: from the start, as before
    clock.opponent_moved(read_at=130.0, waited=0.5)
    assert think(clock)[0] == pytest.approx(130.0 + 0.83)


def test_a_first_move_that_had_to_be_waited_for_starts_the_clock_at_the_read():
    """Black's first search: the bot waited for White's move, so the judge's clock started
    at the read, with the later searches' share."""
    clock = lines_of_action.Clock(1.0)
    clock.start = 100.0
    clock.opponent_moved(read_at=103.0, waited=2.5)
    deadline, _ = think(clock)
    assert deadline == pytest.approx(103.0 + 0.85)


def test_after_a_book_move_a_waiting_reply_starts_the_clock_at_the_bot_s_write():
    """Black's book reply is played at once; White's next move, already waiting at the read,
    was written after it: the search counts from that write with the later searches' share,
    not from the process's start (which wasted a fifth of the move)."""
    clock = lines_of_action.Clock(1.0)
    clock.start = 100.0
    clock.opponent_moved(read_at=100.3, waited=0.0)  # White's first move, during start-up
    clock.wrote(100.31)  # the book's reply, without a search
    clock.opponent_moved(read_at=100.312, waited=0.001)
    deadline, _ = think(clock)
    assert deadline == pytest.approx(100.31 + 0.85)


def test_a_reply_waiting_after_a_searched_move_counts_from_the_write():
    """A reply found waiting was written at some moment after the bot's own move: the clock
    starts at that move's write, the earliest the judge's clock can have started."""
    clock = lines_of_action.Clock(1.0)
    clock.start = 100.0
    think(clock)
    clock.wrote(100.8)
    clock.opponent_moved(read_at=101.5, waited=0.0005)  # the bot was busy until 101.4995
    deadline, _ = think(clock)
    assert deadline == pytest.approx(100.8 + 0.85)


def test_opponent_pass_is_understood():
    """After the opponent's Z0-Z0 the position is unchanged and it is the bot's turn."""
    p = run("100\n1\nZ0-Z0\n")
    assert p.returncode == 0 and p.stderr == ""
    (line,) = p.stdout.splitlines()
    assert rules.parse_move(line) in rules.legal_moves(rules.initial_board(), "B")


def test_reply_stays_inside_the_move_time():
    """After the opponent's move the search stops at HARD_SHARE of the move time: at the real
    1 s clock, a searched reply (timed from writing the opponent's move, the process started
    long before: its first reply, the book's, came back) comes inside the clock."""
    p = subprocess.Popen(
        [sys.executable, SOLUTION],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env(LOA_MOVE_TIME="1.0"),
    )
    try:
        p.stdin.write("100\n1\nA2-C4\n")
        p.stdin.flush()
        book = p.stdout.readline().strip()  # Black's reply from the book, start-up included
        assert len(book) == 5 and book[2] == "-"
        t0 = time.perf_counter()
        p.stdin.write("H5-F5\n")
        p.stdin.flush()
        reply = p.stdout.readline().strip()
        took = time.perf_counter() - t0
        assert len(reply) == 5 and reply[2] == "-"
        assert 0.5 < took < 1.0, took
    finally:
        p.stdin.close()
        p.wait(timeout=10)


@pytest.mark.parametrize(("implementation", "collects"), [("cpython", False), ("pypy", True)])
def test_garbage_collector_stays_on_under_pypy(monkeypatch, implementation, collects):
    """CPython frees by reference counting, so main() turns the cycle collector off; PyPy has no
    reference counting, and with its collector off a game's heap grew to about 800 MB against a
    64 MiB limit."""
    import gc  # noqa: PLC0415

    import solutions.lines_of_action as loa  # noqa: PLC0415

    seen = []
    monkeypatch.setattr(sys.implementation, "name", implementation)
    monkeypatch.setattr(loa, "play", lambda *args: seen.append(gc.isenabled()))
    was = gc.isenabled()
    try:
        gc.enable()
        loa.main()
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()
    assert seen == [collects]


def test_under_pypy_the_search_gets_a_smaller_table_collector_steps_and_a_jit_setting(monkeypatch):
    """PyPy's heap grows to about twice its live data between major collections, and its JIT
    inlines seven levels of the recursive search by default (fewer nodes, more memory): under
    PyPy the searcher gets PYPY_TT_MAX, smaller memos and gc.collect_step, the evaluation
    smaller memos, and main() sets PYPY_JIT."""
    import gc  # noqa: PLC0415
    import inspect  # noqa: PLC0415
    import types  # noqa: PLC0415

    import solutions.lines_of_action as loa  # noqa: PLC0415

    assert loa._searcher_options() == loa._evaluator_options() == {}  # CPython: the defaults
    step, params = object(), []
    monkeypatch.setattr(gc, "collect_step", step, raising=False)
    monkeypatch.setitem(sys.modules, "pypyjit", types.SimpleNamespace(set_param=params.append))
    monkeypatch.setattr(sys.implementation, "name", "pypy")
    memos = loa.PYPY_SEARCH_MEMOS
    assert loa._searcher_options() == {"tt_max": loa.PYPY_TT_MAX, "gc_step": step, **memos}
    assert loa._evaluator_options() == loa.PYPY_EVAL_MEMOS
    for made, caps in ((loa.Searcher, memos), (loa.make_evaluator, loa.PYPY_EVAL_MEMOS)):
        defaults = inspect.signature(made).parameters
        numbers = {name: cap for name, cap in caps.items() if name != "connect_in_search"}
        assert all(0 < cap < defaults[name].default for name, cap in numbers.items())
    # the connecting moves capped as they grow under PyPy, at a search's start under CPython
    assert memos["connect_in_search"] is True
    assert inspect.signature(loa.Searcher).parameters["connect_in_search"].default is False
    given = {}
    monkeypatch.setattr(loa, "make_evaluator", lambda *a, **kw: given.setdefault("eval", kw))
    monkeypatch.setattr(loa, "Searcher", lambda *a, **kw: given.setdefault("search", kw))
    with pytest.raises(loa._Quit):
        loa.play(io.StringIO(""), [], {})  # builds the searcher, then finds stdin closed
    assert given == {"eval": loa.PYPY_EVAL_MEMOS, "search": loa._searcher_options()}
    monkeypatch.setattr(loa, "play", lambda *args: None)
    was = gc.isenabled()
    try:
        loa.main()
    finally:
        if was:
            gc.enable()
    assert params == ["max_unroll_recursion=0"]


@pytest.mark.skipif(shutil.which("pypy3") is None, reason="no pypy3 here")
def test_pypy_has_the_collector_steps_and_the_smaller_memos():
    code = "import gc, solutions.lines_of_action as loa;"
    code += "print(loa._searcher_options()['gc_step'] is gc.collect_step,"
    code += " loa._evaluator_options() == loa.PYPY_EVAL_MEMOS)"
    assert under_pypy(code).strip() == "True True"


def test_the_verbose_line_counts_every_node_of_the_move(monkeypatch, capsys):
    """LOA_VERBOSE gives all the nodes of the move (the searcher's count), not those of the
    last result yielded, which miss an iteration cut before it finished a root move."""
    board, colour = rules.initial_board(), "W"
    for name in OFF_BOOK.split():
        board = rules.apply_move(board, colour, rules.parse_move(name))
        colour = rules.other(colour)
    reply = rules.move_text(rules.legal_moves(board, "B")[0])

    class CutSearcher:
        """Yields a result of 100 nodes, then is cut after 4321 in all."""

        def __init__(self, *args, **kwargs):
            self.deadline = None

        def search(self, *args):
            yield 3, lines_of_action.parse_move(reply), 0, 100

        def node_count(self):
            return 4321

    monkeypatch.setattr(lines_of_action, "Searcher", CutSearcher)
    environ = {"LOA_VERBOSE": "1", "LOA_OPENING": OFF_BOOK}
    with pytest.raises(lines_of_action._Quit):
        lines_of_action.play(io.StringIO("100\n1\n"), [], environ)
    out, err = capsys.readouterr()
    assert out == reply + "\n"
    assert f"info move {reply} depth 3 nodes 4321 " in err

"""Tests for solutions/stake_your_claim.py: samples, rule readings, edge cases, ties, and the
hard and bench boards, against the minimax of stress/stake_your_claim.py; every answer is
checked with both game searches (bit sets, used under CPython; lists, used under PyPy). The
seeded stress tests are in tests/test_stress_stake_your_claim.py."""

import random
import sys
from pathlib import Path

import solutions.stake_your_claim as syc
from solutions.stake_your_claim import BIT_SETS, solve, solve_board
from stress import stake_your_claim as st
from stress.stake_your_claim import best_move, move_values, random_board
from tests.pypy_support import jit_params_of_main

REPO = Path(__file__).resolve().parent.parent
SAMPLES = REPO / "samples" / "stake_your_claim"

# Boards found by hill-climbing (moving empties, swapping 0s and 1s) the node count of an
# earlier alpha-beta version of the solver: its most expensive inputs, kept as regressions.
HARD_BOARDS = [
    "010.0.101011.011011.01...110110001010100.0.01011010.001100110110",
    ".101100010.0.110100.01011..0.0.011010110101110100.1011000.110011",
    "11111.011..011.0.001.1000010111.1.0.01011110101010000100.0101000",
    "01.000100.1..00011111001010...110110.00001001010111111.010.00111",
    "01.1.0100100111001111.0.000000.1001000000011111.011..0.1110111.1",
    "0000000011111011100010011111011100000.01.111.11.000.00..01.1.1.1",
    ".1.11.101..11.111100..0111000101010011.01100010100.0000101000110",
    "101111.101.011.11.00110000.0101.10100...10110.000001100101001101",
    "011111.1011001.1111...010000.1010001011100.0.0.011100.0000111001",
    "000001101.1.1110100.0000111101110.0010.0111..0100000.0.1111111.0",
    "011110011100110101011100001011010.1.010010.0.0110.....00101100.1",
]


def board_text(rows):
    return f"{len(rows)}\n" + "\n".join(rows) + "\n0\n"


def answer(rows):
    data = board_text(rows).encode()
    got = solve(data, bit_sets=True)
    assert solve(data, bit_sets=False) == got
    return got.strip()


def solve_board_both(n, rows):
    """solve_board's answer, after checking that both game searches give it."""
    got = solve_board(n, rows, bit_sets=True)
    assert solve_board(n, rows, bit_sets=False) == got, board_text(rows)
    return got


def test_the_search_follows_the_interpreter():
    assert BIT_SETS is (sys.implementation.name != "pypy")


def report(rows, want, got):
    return "first failing input:\n" + board_text(rows) + f"expected {want}\ngot      {got}"


# --- samples ---


def test_under_pypy_main_sets_the_jit_to_unroll_no_recursion(monkeypatch):
    """PyPy's default unrolling of the recursive minimax costs a tenth to a third more time a
    bench file (docs/stake_your_claim.md, Figures)."""
    assert jit_params_of_main(monkeypatch, syc) == ["max_unroll_recursion=0"]


def test_samples():
    for case in sorted(SAMPLES.glob("*.in")):
        for bit_sets in (True, False):
            assert solve(case.read_bytes(), bit_sets) == case.with_suffix(".out").read_text()


# --- rule readings ---


def test_mover_is_player_0_when_counts_are_equal():
    """Equal numbers of 0s and 1s: player 0 moves (statement). Filling (0,1) with 0 makes a
    4-square 0 region against 1s of 2 -> +2; read as player 1 to move it would be 0."""
    assert answer(["0.1", "001", "110"]) == "(0,1) 2"


def test_mover_is_player_1_when_there_is_one_more_0():
    """One more 0 than 1s: player 1 moves. 1 at (1,1) keeps the 0s apart (3 vs 3 -> 0); read
    as player 0 to move, 0 at (1,1) would join five 0s against three 1s (+2)."""
    assert answer(["0.1", "0.1", "100"]) == "(1,1) 0"


def test_value_is_from_the_movers_side_and_may_be_negative():
    """The printed total is mover's region - opponent's (second sample: -1)."""
    assert answer(["0.01", "0.01", "1..0", ".1.."]) == "(2,2) -1"


def test_ties_go_to_the_smallest_row_then_column():
    """'First lexicographically' compares (row, col) as numbers; on the empty 2x2 board every
    first move is worth 0, so (0,0) is printed."""
    assert move_values(["..", ".."]) == {(0, 0): 0, (0, 1): 0, (1, 0): 0, (1, 1): 0}
    assert answer(["..", ".."]) == "(0,0) 0"


def test_tie_break_on_boards_with_tied_best_moves(scaled):
    """Boards with 6..7 empties whose best value is reached by two or more moves, the first
    empty not among them: the answer must be the smallest tied move in (row, col) order."""
    rng = random.Random(3317)
    found = 0
    tries = 0
    while found < scaled(60):
        tries += 1
        assert tries < 20000, "could not find enough tied boards"
        n = rng.randint(3, 6)
        rows = random_board(rng, n, rng.randint(6, 7))
        values = move_values(rows)
        best = max(values.values())
        tied = sorted(rc for rc, v in values.items() if v == best)
        if len(tied) < 2 or tied[0] == min(values):
            continue
        found += 1
        want = (*tied[0], best)
        got = solve_board_both(n, rows)
        assert got == want, report(rows, want, got)


# --- edge cases ---


def test_n1_single_empty_square():
    """n = 1: player 0 (no squares yet on either side) fills it; 1 - 0 = 1. A player without
    squares scores 0."""
    assert answer(["."]) == "(0,0) 1"


def test_n2_all_empty():
    assert answer(["..", ".."]) == "(0,0) 0"


def test_n2_one_empty_player_1_to_move():
    assert answer(["00", "1."]) == "(1,1) 0"


def test_one_empty_square_merges_two_regions():
    """The last square joins 0 . 0 into a region of 3; the 1s hold a region of 4 -> -1."""
    assert answer(["0.0", "111", "010"]) == "(0,1) -1"


def test_empty_square_merges_a_fixed_region_with_another():
    """0 at (2,1) joins the fixed 0s (0,1),(1,1) with (2,0): 4 squares. 1 answers (0,2) for a
    region of 3 and 0 ends with (0,0) for 5: 5 - 3 = 2. Either corner first only reaches 1."""
    rows = [".0.", "101", "0.1"]
    assert move_values(rows) == {(0, 0): 1, (0, 2): 1, (2, 1): 2}
    assert answer(rows) == "(2,1) 2"


def test_ten_empties_on_small_boards():
    """10 empties on 4x4 (the maximum allowed) against the minimax."""
    rng = random.Random(10)
    for _ in range(6):
        rows = random_board(rng, 4, 10)
        assert solve_board_both(4, rows) == best_move(rows), board_text(rows)


# --- input format ---


def test_tokens_tolerate_crlf_blank_lines_and_trailing_spaces():
    data = b"\r\n4\r\n01.1  \r\n00..\r\n\r\n.01.\r\n...1\r\n  4\n0.01\n0.01\n1..0\n.1..\n0\r\n"
    assert solve(data) == "(1,2) 2\n(2,2) -1\n"


def test_input_stops_at_the_zero_line():
    data = b"1\n.\n0\n1\n.\n"
    assert solve(data) == "(0,0) 1\n"


def test_input_without_the_final_zero_ends_at_eof():
    assert solve(b"1\n.\n") == "(0,0) 1\n"


# --- hard boards ---


def test_hard_boards_against_minimax():
    for flat in HARD_BOARDS:
        rows = [flat[r * 8 : (r + 1) * 8] for r in range(8)]
        want = best_move(rows)
        got = solve_board_both(8, rows)
        assert got == want, report(rows, want, got)


# --- bench generator ---


def test_bench_cases_are_legal_and_deterministic():
    cases = st.worst_cases()
    assert cases == st.worst_cases()
    assert len(cases) == len(st.FAMILIES) + 1  # + the climbed boards
    for name, text in cases:
        st.validate(text)
        boards = st.parse(text)
        assert len(boards) == st.BENCH_BOARDS, name
        assert all(len(rows) == 8 and "".join(rows).count(".") == 10 for rows in boards), name


def test_bench_families_against_minimax():
    for name in st.FAMILIES:
        for rows in st.family_boards(name, 2, 2):
            want = best_move(rows)
            got = solve_board_both(8, rows)
            assert got == want, name + " " + report(rows, want, got)


def test_bench_climbed_boards_against_minimax():
    """The bench's hill-climbed boards (the current solver's costliest), a few orientations."""
    for rows in st.climbed_boards()[:: len(st.climbed_boards()) // 8]:
        want = best_move(rows)
        got = solve_board_both(8, rows)
        assert got == want, report(rows, want, got)


def test_bench_orientations_are_the_dihedral_images():
    rows = ["01.", "1.0", "..1"]
    imgs = st.orientations(rows)
    assert imgs[1] == [".10", "..1", "10."]  # rotated a quarter turn clockwise
    assert imgs[2] == ["1..", "0.1", ".10"]
    assert imgs[4] == ["01.", "1..", ".01"]  # transposed

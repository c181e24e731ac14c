"""stress/twixt_connect.py: its validator on named bad inputs and on the official data, its
games, and seeded stress tests of solutions/twixt_connect.py against its brute force."""

import random
import re
from pathlib import Path

import pytest

import stress.twixt_connect as st
from solutions.twixt_connect import solve
from tests.stress_check import assert_agrees

JUDGE = Path(__file__).resolve().parent.parent.parent / "shared" / "judge-data" / "connect"
SAMPLE = "4 5\n0 2 2 4 4 2 3 2 2 3\n0 0\n"
# Black (0,1), (2,2) and (4,3) link up and win at move 5; White plays quiet points.
EARLY_WIN = "4 7\n0 1 1 0 2 2 3 0 4 3 3 4 1 1\n0 0\n"
# White (1,0), (2,2) and (1,4) link y = 0 to y = 4 at move 6; Black's pegs never link.
WHITE_EARLY_WIN = "4 7\n0 1 1 0 4 1 2 2 0 3 1 4 4 3\n0 0\n"


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("4 5\n0 2 2 4 4 2 3 2 2 3\n", "terminating"),
        (SAMPLE + "4 5\n", "after the terminating"),
        ("4 5\n0 2 2 4 4 2 3 2\n", "inside the 5 moves"),
        ("4 5\n0 2 2 4 4 2 3 2 2\n3\n0 0\n", "not whole pairs"),
        ("4 5\n0 2 2 4 4 2\n3 2 2 3 1 1\n0 0\n", "more than 5 pairs"),
        ("4 5\n0 2  2 4 4 2 3 2 2 3\n0 0\n", "single spaces"),
        ("3 5\n0 2 2 3 3 2 1 2 2 1\n0 0\n", "3 < N < 21"),
        ("21 5\n0 2 2 4 4 2 3 2 2 3\n0 0\n", "3 < N < 21"),
        ("4 3\n0 2 2 4 4 2\n0 0\n", "4 < M < 250"),
        ("4 6\n0 2 2 4 4 2 3 2 2 3 1 0\n0 0\n", "M odd"),
        ("4 5\n0 2 2 4 4 2 3 2 2 5\n0 0\n", "off the board"),
        ("4 5\n0 2 2 4 0 2 3 2 2 3\n0 0\n", "is taken"),
        ("4 5\n0 0 2 4 4 2 3 2 2 3\n0 0\n", "endzone"),  # Black on y = 0
        ("4 5\n0 2 0 3 4 2 3 2 2 3\n0 0\n", "endzone"),  # White on x = 0
        (EARLY_WIN, "Black wins before the last move"),
        (WHITE_EARLY_WIN, "move 6: White wins before the last move"),
        ("".join(SAMPLE[:-4] for _ in range(21)) + "0 0\n", "needs 1 to 20"),
        ("0 0\n", "needs 1 to 20"),
    ],
)
def test_validate_rejects(text, complaint):
    with pytest.raises(ValueError, match=re.escape(complaint)):
        st.validate(text)


def test_early_win_reading():
    """The early-win example really wins at move 5 (so the rejection above is for that)."""
    assert st.reference(EARLY_WIN) == "yes\n"
    st.validate(EARLY_WIN.replace("4 7", "4 5").replace(" 3 4 1 1", ""))


def test_official_data_is_valid_and_the_reference_matches_it():
    if not (JUDGE / "connect.in").exists():
        pytest.skip(f"official data not found at {JUDGE}")
    text = (JUDGE / "connect.in").read_text()
    st.validate(text)
    assert st.reference(text) == (JUDGE / "connect.out").read_text()
    assert st.join_cases(st.split_cases(text)) == text


def test_generated_files_put_one_to_all_pairs_on_a_line():
    text = st.generate(random.Random(1), cases=20, n=10, moves=41)
    cases = st.split_cases(text)
    pairs = {len(line.split()) // 2 for case in cases for line in case.splitlines()[1:]}
    assert {1, 3, 12} <= pairs and max(pairs) > 12, pairs


def test_cuts_shorten_the_game():
    moves = st.random_game(random.Random(4), 8, 41)
    case = st.case_text(8, moves)
    cuts = list(st.cuts(case))
    assert cuts[0] == st.case_text(8, moves[: len(moves) // 2 | 1])
    assert all(len(st.parse(st.join_cases([cut]))[0][1]) < len(moves) for cut in cuts)


def test_long_games_run_to_the_move_limit_without_an_early_win():
    for prefer in (None, lambda colour, x, y: x % 2 == colour):
        moves = st.random_moves(random.Random(9), 12, 101, prefer=prefer, no_early_win=True)
        assert len(moves) == 101
        assert st.game_problem(12, moves) is None


def test_games_filling_a_small_board_leave_both_sides_wins_for_later():
    for seed in range(10):
        moves = st.random_moves(random.Random(seed), 6, 69, no_early_win=True)
        assert st.game_problem(6, moves) is None, st.case_text(6, moves)


def test_random_games_are_legal_even_where_white_connects():
    """random_game() cuts a game before White's connecting move as well as after Black's."""
    rng = random.Random(6)
    for _ in range(60):
        n = rng.randint(4, 8)
        moves = st.random_game(rng, n, rng.randrange(5, 80, 2))
        assert st.game_problem(n, moves) is None, st.case_text(n, moves)


def test_random_games_refuse_links_of_every_colour_pair():
    """The stress games really exercise blocking: links are refused often, for each of the four
    (new link colour, blocking link colour) combinations."""
    rng = random.Random(2)
    refused = []
    links = 0
    for _ in range(100):
        n = rng.randint(6, 20)
        game = st.play(n, st.random_game(rng, n, rng.randrange(5, 250, 2), rng.choice([4, 5, 6])))
        refused += game.refused
        links += len(game.links)
    kinds = {k: refused.count(k) for k in [(0, 0), (0, 1), (1, 0), (1, 1)]}
    assert min(kinds.values()) > 50, kinds
    assert len(refused) > links // 10


def _stress(seed, files, per_file, n_range, windows):
    rng = random.Random(seed)
    answers = {"yes": 0, "no": 0}
    for number in range(files):
        games = []
        for _ in range(per_file):
            n = rng.randint(*n_range)
            moves = st.random_game(rng, n, rng.randrange(5, 250, 2), rng.choice(windows))
            games.append(st.case_text(n, moves))
        want = assert_agrees(st, solve, st.join_cases(games), f"seed {seed} file {number}")
        for word in want.split():
            answers[word] += 1
    return answers


def test_stress_small_boards(scaled):
    answers = _stress(1, scaled(100), 10, (4, 8), [0])
    assert min(answers.values()) > sum(answers.values()) // 20  # both answers well represented


def test_stress_crossing_heavy_windows(scaled):
    answers = _stress(2, scaled(50), 10, (6, 20), [4, 5, 6])
    assert min(answers.values()) > 0


def test_stress_all_sizes(scaled):
    answers = _stress(3, scaled(20), 10, (4, 20), [0, 8])
    assert min(answers.values()) > 0


def test_stress_many_datasets_per_file(scaled):
    rng = random.Random(5)
    for number in range(scaled(25)):
        text = st.generate(rng, cases=rng.randint(1, 20), n=10, moves=249)
        assert_agrees(st, solve, text, f"seed 5 file {number}")


@pytest.mark.slow
def test_stress_large_boards_long_games(scaled):
    answers = _stress(11, scaled(40), 10, (15, 20), [0])
    assert min(answers.values()) > 0

"""tuning/search_speed.py: its positions are those the referee's rules give for the stored
plies, every one a legal game not yet won, and its figures are repeatable."""

import pytest

from referee import rules
from referee.positions import GAMES, POSITIONS, search_positions
from shared.loa_bitboard import parse_square
from tuning import search_speed


def replayed(plies):
    """(board, colour to move) after ``plies`` by referee/rules.py, checking every ply."""
    board, colour = rules.initial_board(), "W"
    for text in plies.split():
        move = rules.parse_move(text)
        assert move in rules.legal_moves(board, colour), text
        board = rules.apply_move(board, colour, move)
        assert rules.winner_after(board, colour) is None, text
        colour = rules.other(colour)
    return board, colour


def test_the_positions_are_the_referees_and_legal_unfinished_games():
    chosen = search_positions()
    assert chosen[: len(POSITIONS)] == POSITIONS
    assert len(chosen) > len(POSITIONS) + 4 * len(GAMES)
    assert {len(plies.split()) % 2 for _, plies in chosen} == {0, 1}  # both colours to move
    for name, plies in chosen:
        board, colour = replayed(plies)
        want = [0, 0]
        for square, piece in board.items():
            want[piece == "B"] |= 1 << parse_square(rules.square_name(square))
        got = search_speed.position_of(plies)
        assert got == (want[0], want[1], int(colour == "B")), name


def test_figures_are_repeatable_and_printed(capsys):
    first = search_speed.measure(2, limit=6)
    assert first[:3] == search_speed.measure(2, limit=6)[:3]
    assert first[0] == 6 and first[1] > 6
    assert search_speed.measure(3, limit=6)[2] != first[2]  # the digest follows the results
    assert search_speed.main(["--depth", "2", "--limit", "6"]) == 0
    line = capsys.readouterr().out
    assert line.startswith(f"positions 6  depth 2  nodes {first[1]}  digest {first[2]}  cpu ")


@pytest.mark.parametrize("args", [["--depth", "0"], ["--limit", "0"], ["--depth", "x"]])
def test_bad_arguments_are_refused(args, capsys):
    with pytest.raises(SystemExit) as stop:
        search_speed.main(args)
    assert stop.value.code == 2
    assert "error" in capsys.readouterr().err

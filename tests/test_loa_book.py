"""The opening book (shared/loa_book.py) against the script that writes it
(tuning/opening_book.py): the file is the script's rendering of its entries, it covers exactly
the positions the script lists, every move in it is legal by the referee's rules, and the
script itself writes such a file (run here at depth 1); one stored move is searched again."""

import runpy
from pathlib import Path

import pytest

from referee import rules
from shared import loa_book
from tuning import opening_book

ROOT = Path(__file__).resolve().parent.parent


def legal_after(names):
    """(board, colour to move) after the move names, each checked legal on the way."""
    board, colour = rules.initial_board(), "W"
    for name in names:
        move = rules.parse_move(name)
        assert move in rules.legal_moves(board, colour), (names, name)
        board = rules.apply_move(board, colour, move)
        colour = rules.other(colour)
    return board, colour


def test_the_book_file_is_the_scripts_rendering():
    text = (ROOT / opening_book.OUT).read_text(encoding="utf-8")
    assert text == opening_book.render(loa_book.BOOK, loa_book.DEPTH)


def test_the_book_covers_exactly_the_scripts_positions():
    assert list(loa_book.BOOK) == opening_book.book_positions(loa_book.BOOK[""])


def test_the_readme_names_the_script_and_its_depth():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"python -m tuning.opening_book --depth {loa_book.DEPTH}" in readme


@pytest.mark.parametrize("key", list(loa_book.BOOK), ids=lambda key: key or "start")
def test_every_book_move_is_legal(key):
    board, colour = legal_after(key.split())
    assert rules.parse_move(loa_book.BOOK[key]) in rules.legal_moves(board, colour)
    assert not rules.connected(board, "W") and not rules.connected(board, "B")


def test_book_move_looks_up_the_moves_played():
    first = loa_book.BOOK[""]
    assert loa_book.book_move([]) == first
    reply = opening_book.legal_names([first])[0]
    assert loa_book.book_move([first, reply]) == loa_book.BOOK[f"{first} {reply}"]
    assert loa_book.book_move([first, reply, "A3-C3"]) is None


def test_the_script_writes_a_book_of_fixed_depth_searches(tmp_path):
    out = tmp_path / "book.py"
    assert opening_book.main(["--depth", "1", "--out", str(out)]) == 0
    written = runpy.run_path(str(out))
    book = written["BOOK"]
    assert written["DEPTH"] == 1
    assert list(book) == opening_book.book_positions(book[""])
    for key in list(book)[:: len(book) // 5]:
        assert book[key] == opening_book.best_move(key.split(), 1)
    assert out.read_text(encoding="utf-8") == opening_book.render(book, 1)


@pytest.mark.slow
def test_a_stored_move_is_what_the_script_searches_at_the_books_depth():
    """One entry searched again as the script does (about 15 s under CPython): the stored move
    is the depth-DEPTH choice, not a hand-made one."""
    key = "H7-H1"
    assert opening_book.best_move(key.split(), loa_book.DEPTH) == loa_book.BOOK[key]

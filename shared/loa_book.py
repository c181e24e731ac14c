"""Lines of Action: the opening book for the standard start (generated, do not edit).

Description: BOOK maps the moves played from the standard start (names joined by
    spaces; White first) to the move to play: White's first move, Black's reply to
    every White first move, White's answer to every Black reply to the book's first.
Usage: ``book_move(played)``: the move name, or None off the book (71 entries).
Method: each move is a fresh searcher's choice at depth 9 (shared/loa_search.py),
    written by ``python -m tuning.opening_book --depth 9``.
Time: one dictionary look-up.
Status: tests/test_loa_book.py (this file is the script's rendering; its positions are
    the script's; every move legal by referee/rules.py).
"""

DEPTH = 9
BOOK = {
    "": "H7-F7",
    "A2-C2": "F1-H3",
    "A2-A8": "G8-F7",
    "A2-C4": "C1-C4",
    "H2-F2": "C1-C3",
    "H2-H8": "B8-C7",
    "H2-F4": "F1-F4",
    "A3-C3": "G1-G3",
    "A3-C5": "C8-C5",
    "A3-C1": "F1-H3",
    "H3-F3": "B1-B3",
    "H3-F1": "G1-E3",
    "H3-F5": "F8-F5",
    "A4-C4": "C1-C4",
    "A4-C6": "E8-C6",
    "A4-C2": "B1-B3",
    "H4-F4": "F1-F4",
    "H4-F2": "G1-G3",
    "H4-F6": "D8-F6",
    "A5-C5": "C8-C5",
    "A5-C7": "C1-C4",
    "A5-C3": "E1-C3",
    "H5-F5": "F8-F5",
    "H5-F3": "D1-F3",
    "H5-F7": "F1-F4",
    "A6-C6": "G1-G3",
    "A6-C8": "B8-D6",
    "A6-C4": "C1-C4",
    "H6-F6": "B8-B6",
    "H6-F4": "F1-F4",
    "H6-F8": "G8-E6",
    "A7-C7": "G8-G6",
    "A7-A1": "G1-F2",
    "A7-C5": "C8-C5",
    "H7-F7": "B8-B6",
    "H7-H1": "B1-C2",
    "H7-F5": "F8-F5",
    "H7-F7 B1-H1": "A2-D5",
    "H7-F7 B1-B3": "F7-B3",
    "H7-F7 B1-C2": "H2-F4",
    "H7-F7 C1-C3": "H3-E3",
    "H7-F7 C1-E3": "H3-E3",
    "H7-F7 C1-A3": "A2-D5",
    "H7-F7 D1-D3": "H4-F2",
    "H7-F7 D1-F3": "H5-F3",
    "H7-F7 D1-B3": "F7-B3",
    "H7-F7 E1-E3": "H3-E3",
    "H7-F7 E1-G3": "H6-F6",
    "H7-F7 E1-C3": "A5-C3",
    "H7-F7 F1-F4": "F7-F4",
    "H7-F7 F1-H3": "H6-F6",
    "H7-F7 F1-D3": "H6-F8",
    "H7-F7 G1-A1": "H6-F6",
    "H7-F7 G1-G3": "H6-F6",
    "H7-F7 G1-E3": "H3-E3",
    "H7-F7 B8-H8": "H2-G3",
    "H7-F7 B8-B6": "H2-G3",
    "H7-F7 B8-D6": "A6-D6",
    "H7-F7 C8-C6": "A2-A8",
    "H7-F7 C8-A6": "A7-C5",
    "H7-F7 C8-E6": "H6-E6",
    "H7-F7 D8-D6": "A6-D6",
    "H7-F7 D8-B6": "A2-D5",
    "H7-F7 D8-F6": "H4-F6",
    "H7-F7 E8-E6": "H6-E6",
    "H7-F7 E8-C6": "A4-C6",
    "H7-F7 F8-D6": "A6-D6",
    "H7-F7 F8-H6": "H4-F2",
    "H7-F7 G8-A8": "H6-F6",
    "H7-F7 G8-G6": "H2-F4",
    "H7-F7 G8-H7": "H2-F4",
}


def book_move(played):
    """The book move after the move names ``played`` from the start, or None."""
    return BOOK.get(" ".join(played))

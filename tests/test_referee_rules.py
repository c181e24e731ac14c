"""The rules, checked on both implementations (referee/rules.py, the plain one, and the bot's
shared/loa_bitboard.py): the statement's worked example, captures, blocked jumps, jumping own
pieces, connection (a lone piece too), the double connection and the pass."""

from referee import rules
from shared.loa_bitboard import (
    PASS,
    build_tables,
    gen_moves,
    is_connected,
    line_counts,
    move_name,
)
from shared.loa_eval import make_evaluator
from shared.loa_search import WIN_BOUND, Searcher, search_to_depth
from tests.loa_positions import EXAMPLE, from_diagram

GEN, _ = build_tables()


def moves_from(rows, colour, square):
    board = rules.from_diagram(rows)
    plain = sorted(
        rules.move_text(m)
        for m in rules.legal_moves(board, colour)
        if rules.square_name(m[0]) == square
    )
    w, b = from_diagram(rows)
    own, opp = (w, b) if colour == "W" else (b, w)
    fast = sorted(
        move_name(m)
        for m in gen_moves(GEN, own, opp, line_counts(w | b))
        if move_name(m).startswith(square)
    )
    assert plain == fast
    return plain


def test_statement_worked_example_f3():
    """Exactly F3-B3, F3-H5, F3-D5 (capture) and F3-H1 are legal for the black piece on F3."""
    assert moves_from(EXAMPLE, "B", "F3") == ["F3-B3", "F3-D5", "F3-H1", "F3-H5"]
    board = rules.from_diagram(EXAMPLE)
    after = rules.apply_move(board, "B", rules.parse_move("F3-D5"))
    assert after[(3, 4)] == "B"
    assert sum(1 for c in after.values() if c == "W") == 4  # D5 captured


def test_capture_removes_the_piece_for_good():
    rows = [
        "........",
        "........",
        "........",
        "........",
        "........",
        "........",
        "........",
        "..b.w...",
    ]
    # rank 1 holds 2 pieces: E1-C1 lands on the black C1 and captures it; E1-G1 is a plain move
    assert moves_from(rows, "W", "E1") == ["E1-C1", "E1-D2", "E1-E2", "E1-F2", "E1-G1"]
    after = rules.apply_move(rules.from_diagram(rows), "W", rules.parse_move("E1-C1"))
    assert after == {(2, 0): "W"}


def test_blocked_by_opponent_but_not_by_own_pieces():
    # rank 4: w b . w -> the white A4 must move 3 (3 pieces): jumps the black B4: illegal.
    rows = [
        "........",
        "........",
        "........",
        "........",
        "wb.w....",
        "........",
        "........",
        "........",
    ]
    assert "A4-D4" not in moves_from(rows, "W", "A4")
    # same with an own piece in between: jumping it is fine (ends on D4? own piece: no) -> E4
    rows = [
        "........",
        "........",
        "........",
        "........",
        "ww.b....",
        "........",
        "........",
        "........",
    ]
    assert "A4-D4" in moves_from(rows, "W", "A4")  # captures the black D4 over the white B4


def test_lone_piece_is_a_group():
    rows = [
        "........",
        "........",
        "...w....",
        "........",
        "........",
        "..b...b.",
        "........",
        "........",
    ]
    board = rules.from_diagram(rows)
    w, b = from_diagram(rows)
    assert rules.connected(board, "W") and is_connected(w)
    assert not rules.connected(board, "B") and not is_connected(b)


# Black C8 E8 D5, White A1 B1 D7: D5-D7 (file D holds 2) captures the white D7, which connects
# White (A1 B1) and Black (C8 D7 E8) at once.
DOUBLE = [
    "..b.b...",
    "...w....",
    "........",
    "...b....",
    "........",
    "........",
    "........",
    "ww......",
]


def test_double_connection_mover_wins():
    """Both sides connected after a move: the mover wins (plain rules and the search)."""
    board = rules.from_diagram(DOUBLE)
    after = rules.apply_move(board, "B", rules.parse_move("D5-D7"))
    assert rules.connected(after, "W") and rules.connected(after, "B")
    assert rules.winner_after(after, "B") == "B"
    w, b = from_diagram(DOUBLE)
    _, move, score, _ = search_to_depth(Searcher(make_evaluator()), w, b, 1, 3)
    assert move_name(move) == "D5-D7"
    assert score > WIN_BOUND


def test_capture_connecting_only_the_opponent_loses():
    """Same capture without E8 (a black stray on G2 instead): it connects only White, who wins;
    the search must not play it."""
    rows = [
        "..b.....",
        "...w....",
        "........",
        "...b....",
        "........",
        "........",
        "......b.",
        "ww......",
    ]
    board = rules.from_diagram(rows)
    after = rules.apply_move(board, "B", rules.parse_move("D5-D7"))
    assert rules.winner_after(after, "B") == "W"
    w, b = from_diagram(rows)
    _, move, _, _ = search_to_depth(Searcher(make_evaluator()), w, b, 1, 3)
    assert move_name(move) != "D5-D7"


def test_pass_only_when_stuck():
    """White A1 and H8 are walled in by black pieces: no legal move, so White must pass."""
    rows = [
        "......bw",
        "......bb",
        "........",
        "........",
        "........",
        "........",
        "bb......",
        "wb......",
    ]
    board = rules.from_diagram(rows)
    assert rules.legal_moves(board, "W") == []
    assert rules.legal_moves(board, "B") != []
    w, b = from_diagram(rows)
    assert gen_moves(GEN, w, b, line_counts(w | b)) == []
    assert search_to_depth(Searcher(make_evaluator()), w, b, 0, 3)[1] == PASS
    assert search_to_depth(Searcher(make_evaluator()), w, b, 1, 3)[1] != PASS


def test_search_plays_an_immediate_win():
    # White B2 C2 D2 + E4: E4 along the anti-diagonal... find the win by rules and check.
    rows = [
        "........",
        "........",
        "........",
        "........",
        "....w...",
        "........",
        ".www....",
        "......bb",
    ]
    board = rules.from_diagram(rows)
    wins = [
        rules.move_text(m)
        for m in rules.legal_moves(board, "W")
        if rules.winner_after(rules.apply_move(board, "W", m), "W") == "W"
    ]
    assert wins
    w, b = from_diagram(rows)
    _, move, score, _ = search_to_depth(Searcher(make_evaluator()), w, b, 0, 3)
    assert move_name(move) in wins
    assert score > WIN_BOUND

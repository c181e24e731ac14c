"""Bit-board move generation and connectivity (shared/loa_bitboard.py) against the plain,
independent rules of referee/rules.py: perft-style counts from fixed positions and move sets on
random positions."""

import random

import pytest

from referee import rules
from shared.loa_bitboard import (
    PASS,
    alignment_table,
    apply_move,
    build_tables,
    gen_moves,
    is_connected,
    line_counts,
    move_name,
    parse_move,
    start_position,
)
from tests.loa_positions import POSITIONS, count_groups, from_diagram

GEN, _LINES = build_tables()


def fast_perft(white, black, side, depth):
    if depth == 0:
        return 1
    own, opp = (white, black) if side == 0 else (black, white)
    moves = gen_moves(GEN, own, opp, line_counts(white | black)) or [PASS]
    total = 0
    for m in moves:
        w, b = white, black
        if m != PASS:
            fb, tb = 1 << (m >> 6), 1 << (m & 63)
            if side == 0:
                w, b = (w ^ fb) | tb, b & ~tb
            else:
                w, b = w & ~tb, (b ^ fb) | tb
        if is_connected(w) or is_connected(b):
            total += 1
        else:
            total += fast_perft(w, b, side ^ 1, depth - 1)
    return total


def slow_perft(board, colour, depth):
    if depth == 0:
        return 1
    moves = rules.legal_moves(board, colour) or [None]
    total = 0
    for m in moves:
        after = rules.apply_move(board, colour, m)
        if rules.connected(after, "W") or rules.connected(after, "B"):
            total += 1
        else:
            total += slow_perft(after, rules.other(colour), depth - 1)
    return total


def test_start_position_has_36_moves():
    w, b = start_position()
    assert len(gen_moves(GEN, w, b, line_counts(w | b))) == 36
    assert len(rules.legal_moves(rules.initial_board(), "W")) == 36


@pytest.mark.parametrize("name", sorted(POSITIONS))
@pytest.mark.parametrize("depth", [1, 2])
def test_perft_matches_simple_generator(name, depth):
    rows, side = POSITIONS[name]
    w, b = from_diagram(rows)
    expected = slow_perft(rules.from_diagram(rows), side, depth)
    got = fast_perft(w, b, 0 if side == "W" else 1, depth)
    assert got == expected, (name, depth, got, expected)


def test_perft_start_known_counts():
    """36 / 1244 from the start, as both generators count them (game-ending moves are leaves)."""
    w, b = start_position()
    assert [fast_perft(w, b, 0, d) for d in (1, 2)] == [36, 1244]
    assert slow_perft(rules.initial_board(), "W", 2) == 1244


@pytest.mark.slow
def test_perft_start_depth_3():
    w, b = start_position()
    assert fast_perft(w, b, 0, 3) == slow_perft(rules.initial_board(), "W", 3) == 44952


def random_board(rng):
    board = {}
    nw, nb = rng.randint(1, 12), rng.randint(1, 12)
    squares = rng.sample([(f, r) for f in range(8) for r in range(8)], nw + nb)
    for sq in squares[:nw]:
        board[sq] = "W"
    for sq in squares[nw:]:
        board[sq] = "B"
    return board


def to_bits(board):
    w = b = 0
    for (f, r), c in board.items():
        if c == "W":
            w |= 1 << (8 * r + f)
        else:
            b |= 1 << (8 * r + f)
    return w, b


def diagram(board):
    return "\n".join(
        "".join(board.get((f, r), ".").lower() for f in range(8)) for r in range(7, -1, -1)
    )


def test_random_positions_move_sets_and_connectivity(scaled):
    rng = random.Random(5)
    for _ in range(scaled(2000)):
        board = random_board(rng)
        w, b = to_bits(board)
        cnt = line_counts(w | b)
        for colour, own, opp in (("W", w, b), ("B", b, w)):
            expected = sorted(rules.move_text(m) for m in rules.legal_moves(board, colour))
            got = sorted(move_name(m) for m in gen_moves(GEN, own, opp, cnt))
            assert got == expected, f"position (rank 8 first):\n{diagram(board)}\n{colour} to move"
            assert is_connected(own) == rules.connected(board, colour), diagram(board)


def test_alignment_table_decides_legality_like_the_generator(scaled):
    """The search tries its TT move and killers before generating moves, judging each with
    alignment_table(): on random positions that judgement must agree, for all 4096 from/to
    pairs, with membership in gen_moves."""
    aligned = alignment_table()
    rng = random.Random(9)
    for _ in range(scaled(200)):
        board = random_board(rng)
        w, b = to_bits(board)
        cnt = line_counts(w | b)
        for own, opp in ((w, b), (b, w)):
            legal = set(gen_moves(GEN, own, opp, cnt))
            for m in range(4096):
                a = aligned[m]
                judged = (
                    a is not None
                    and bool(own >> (m >> 6) & 1)
                    and not own >> (m & 63) & 1
                    and cnt[a[0]] == a[1]
                    and not a[2] & opp
                )
                assert judged == (m in legal), (move_name(m), diagram(board))


def test_count_groups():
    w, b = from_diagram(
        [
            "w......w",
            "........",
            "...ww...",
            "....w...",
            "........",
            "........",
            "........",
            "w.......",
        ]
    )
    assert count_groups(w) == 4
    assert count_groups(b) == 0
    assert not is_connected(w)


def test_apply_move_moves_captures_and_passes():
    """B1-B2 for White moves the piece; B2-B3, a capture, also clears the opponent's square; a pass
    leaves both boards alone."""
    white, black = 1 << 1, 1 << 17 | 1 << 63
    boards = [white, black]
    apply_move(boards, 0, parse_move("B1-B2"))
    assert boards == [1 << 9, black]
    apply_move(boards, 0, parse_move("B2-B3"))
    assert boards == [1 << 17, 1 << 63]
    apply_move(boards, 1, PASS)
    assert boards == [1 << 17, 1 << 63]


def test_parse_and_name_round_trip():
    assert move_name(parse_move("F3-B3")) == "F3-B3"
    assert parse_move("z0-z0") == PASS
    for bad in ("F3B3", "I1-A1", "A0-A1", "", "F3-B33"):
        with pytest.raises(ValueError):
            parse_move(bad)

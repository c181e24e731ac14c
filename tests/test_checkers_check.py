"""Checker's Check (POJ 1643): samples, one named test per rule and golden scripted positions
(the full list of legal moves, then the move), each verdict checked against the second
implementation in stress/checkers_check.py too. The seeded stress tests are in
tests/test_stress_checkers_check.py."""

from pathlib import Path

import solutions.checkers_check as cc
from stress import checkers_check as brute

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "checkers_check"


def instance(red, white, colour, moves):
    return (
        f"{len(red)} {len(white)}\n{' '.join(map(str, red))}\n{' '.join(map(str, white))}\n"
        f"{len(moves)} {colour}\n" + "".join(m + "\n" for m in moves)
    )


def verdict(red, white, colour, moves):
    """The solution's verdict on one instance, checked against the second implementation."""
    text = instance(red, white, colour, moves) + "0 0\n"
    got = cc.solve(text.encode())
    assert got == brute.reference(text), text
    return got.strip()


def ok(red, white, colour, moves):
    return verdict(red, white, colour, moves) == "All moves valid"


def bad_at(red, white, colour, moves):
    text = verdict(red, white, colour, moves)
    if text == "All moves valid":
        return 0
    return int(text.split()[1])


def legal(red, white, colour):
    return sorted(brute.legal_moves(brute.position(red, white), colour[0].lower()))


def test_samples_from_source():
    for inp in sorted(SAMPLES.glob("*.in")):
        assert cc.solve(inp.read_bytes()) == inp.with_suffix(".out").read_text()


# ---- geometry and direction -------------------------------------------------------------


def test_rule_red_moves_toward_higher_squares_white_toward_lower():
    """Rule: Red's men step forward = toward higher squares (1..4 is Red's home row), White's
    toward lower; a man's backward step is invalid. This orientation is the only one that
    makes the statement's examples (14-23 over 18, 22-31-24-15) and both samples work."""
    assert ok([9], [30], "R", ["9-13"])
    assert ok([9], [30], "R", ["9-14"])
    assert bad_at([9], [30], "R", ["9-5"]) == 1
    assert ok([12], [22], "W", ["22-18"])
    assert ok([12], [22], "W", ["22-17"])
    assert bad_at([12], [22], "W", ["22-26"]) == 1


def test_rule_kings_move_both_ways():
    """Rule: a king (negative square in the input) steps and jumps backward as well."""
    assert ok([-14], [30], "R", ["14-9"])
    assert ok([-14], [30], "R", ["14-18"])
    assert ok([1], [-18], "W", ["18-22"])
    assert ok([14], [-18], "W", ["18-9"])  # White king jumps Red's 14 going up (forward)
    assert ok([-18], [14], "R", ["18-9"])  # a Red king jumps backward over 14


def test_rule_man_cannot_jump_backward():
    """Rule 3 says a piece jumps FORWARD; only kings jump backward. Red man on 18 behind
    White's 14 cannot take it; so it is not a compulsory jump either."""
    assert bad_at([18], [14], "R", ["18-9"]) == 1
    assert ok([18], [14], "R", ["18-22"])


def test_rule_non_diagonal_or_long_step_is_invalid():
    """Invalid: a step that is not one diagonal square (sideways, straight, two rows)."""
    assert bad_at([9], [30], "R", ["9-10"]) == 1
    assert bad_at([9], [30], "R", ["9-17"]) == 1
    assert bad_at([9], [30], "R", ["9-18"]) == 1  # a 'jump' over an empty square


def test_rule_landing_square_occupied():
    """Invalid: stepping or jumping onto an occupied square (either colour)."""
    assert bad_at([9, 13], [30], "R", ["9-13"]) == 1
    assert bad_at([9], [14, 18], "R", ["9-18"]) == 1
    assert bad_at([9, 18], [14], "R", ["9-18"]) == 1


# ---- compulsory and multiple jumps -------------------------------------------------------


def test_rule_jump_is_compulsory_for_any_piece():
    """Rule 4: if ANY piece of the mover can jump, a simple move (by any piece) is invalid.
    This is what makes sample 2's fifth move invalid."""
    assert bad_at([1, 14], [18], "R", ["1-6"]) == 1
    assert bad_at([1, 14], [18], "R", ["14-17"]) == 1
    assert ok([1, 14], [18], "R", ["14-23"])


def test_rule_any_jump_may_be_chosen():
    """Rule 4: with several jumps possible the player may choose any, even a single jump by
    one piece over another piece's multiple jump."""
    assert legal([9, 12], [14, 22, 16], "R") == [(9, 18, 25), (12, 19)]
    assert ok([9, 12], [14, 22, 16], "R", ["12-19"])
    assert ok([9, 12], [14, 22, 16], "R", ["9-18-25"])


def test_rule_multiple_jump_must_be_completed():
    """Rule 3: after a jump the same piece must keep jumping while it can; stopping early is
    invalid (the move "9-18" leaves 18-25 undone). Reading of rule 4's "even choosing a single
    jump over a multiple jump": the choice is between different jumps (another piece, another
    first jump), never a licence to stop, since rule 3 says the piece "must do so" and rule 4
    itself adds that a multiple jump, once chosen, must be completed."""
    assert bad_at([9, 12], [14, 22, 16], "R", ["9-18"]) == 1


def test_rule_promotion_ends_the_move():
    """Rule 5: a man reaching its promotion row is crowned and the move ends there, even if as
    a king it could jump on (22-31 then 31-24 over 27 would be possible for a king)."""
    assert legal([22], [26, 27], "R") == [(22, 31)]
    assert ok([22], [26, 27], "R", ["22-31"])
    assert bad_at([22], [26, 27], "R", ["22-31-24"]) == 1


def test_rule_promoted_man_is_a_king_next_turn():
    """Rule 5: the crowned piece moves as a king on its next turn (backward here); a step onto
    the promotion row crowns too."""
    assert ok([22], [26, 27, 8], "R", ["22-31", "8-4", "31-24"])
    assert ok([25], [-3], "R", ["25-29", "3-7", "29-25"])
    assert ok([-30], [7], "W", ["7-2", "30-26", "2-7"])


def test_rule_piece_jumped_at_most_once():
    """Rule 6: a king may not jump the same piece twice in one move (it would otherwise bounce
    back over it)."""
    # White king on 18 jumps Red's 15 to 11, then cannot jump 15 again back to 18.
    assert legal([15], [-18], "W") == [(18, 11)]
    assert bad_at([15], [-18], "W", ["18-11-18"]) == 1


def test_rule_king_may_pass_through_its_starting_square():
    """Reading: the starting square is empty once the piece has left, so a king's loop may
    land on it again and continue (18-27-20-11-18-25)."""
    red, white = [23, 24, 16, 15, 22], [-18]
    assert legal(red, white, "W") == [
        (18, 11, 20, 27, 18, 25),
        (18, 25),
        (18, 27, 20, 11, 18, 25),
    ]
    assert ok(red, white, "W", ["18-27-20-11-18-25"])
    assert bad_at(red, white, "W", ["18-27-20-11-18"]) == 1  # not completed
    # a loop that ends on the starting square leaves the king there for its next move
    red, white = [23, 24, 16, 15, 1], [-18]
    assert legal(red, white, "W") == [(18, 11, 20, 27, 18), (18, 27, 20, 11, 18)]
    assert ok(red, white, "W", ["18-27-20-11-18", "1-5", "18-14"])


def test_rule_three_or_more_squares_must_all_be_jumps():
    """Invalid: a move of three or more squares that is not all jumps -- two simple steps, or
    a step mixed with a jump."""
    assert bad_at([9], [30], "R", ["9-13-17"]) == 1  # two steps
    assert bad_at([5], [14], "R", ["5-9-18"]) == 1  # step then jump
    assert bad_at([1], [6, 15], "R", ["1-10-14"]) == 1  # jump then step
    assert ok([1], [6, 15], "R", ["1-10-19"])


def test_rule_captured_pieces_leave_the_board():
    """A jumped piece is removed when the move is over: the square can be used next turn."""
    assert ok([14, 15], [18, 5], "R", ["14-23", "5-1", "15-18"])
    assert bad_at([14, 1], [18, 30], "R", ["14-23", "30-26", "1-6"]) == 3  # 23 must take 26


# ---- invalid start squares, numbers and texts ------------------------------------------


def test_rule_start_square_must_hold_the_movers_piece():
    """Invalid: a start square that is empty or holds the other colour's piece."""
    assert bad_at([9], [30], "R", ["10-14"]) == 1
    assert bad_at([9], [30], "R", ["30-26"]) == 1


def test_rule_moves_alternate_from_the_given_colour():
    """Rule 1: moves alternate starting with the colour named in the input, so the same side
    moving twice is invalid at its second move."""
    assert bad_at([9], [30], "R", ["9-13", "13-17"]) == 2
    assert bad_at([9], [30], "W", ["9-13"]) == 1
    assert ok([9], [30], "W", ["30-26", "9-13"])


def test_rule_squares_outside_1_to_32_are_invalid():
    """Invalid: a square number outside 1..32 anywhere in the move (never an index error)."""
    for text in ("0-5", "33-29", "9-0", "9-33", "9-100", "99999999999999999999-1"):
        assert bad_at([9], [30], "R", [text]) == 1, text


def test_rule_malformed_moves_are_invalid():
    """Invalid: anything but two or more decimal numbers joined by single '-' -- a lone square,
    a dangling or doubled dash, signs, letters, inner blanks, the same square twice."""
    for text in (
        "9",
        "9-",
        "-9",
        "9--13",
        "9-13-",
        "+9-13",
        "9-+13",
        "a-b",
        "9-1e",
        "9 - 13",
        "9-13 x",
        "9_13",
        "9-9",
        "9–13",
    ):
        assert bad_at([9], [30], "R", [text]) == 1, text


def test_reading_leading_zeros_are_numbers():
    """Reading (not in the statement): a square written with leading zeros is that number, as
    C's atoi/scanf would read it."""
    assert ok([9], [30], "R", ["09-013"])


def test_rule_only_first_invalid_move_is_reported_rest_is_read():
    """Rule: report only the first invalid move; the remaining moves of that instance (even
    malformed ones) are read and ignored, and the next instance is read normally."""
    data = (
        instance([9], [30], "R", ["9-13", "13-17", "junk", "-", "0-0"])
        + instance([9], [30], "R", ["9-13", "30-26"])
        + "0 0\n"
    ).encode()
    assert cc.solve(data) == "Move 2 is invalid\nAll moves valid\n"
    assert brute.reference(data.decode()) == cc.solve(data)


def test_output_format_exact():
    """Output lines are exactly 'All moves valid' / 'Move n is invalid', one per instance."""
    data = (
        instance([1], [32], "R", ["1-6", "32-28", "6-10", "28-24", "10-15", "24-20", "x"]) + "0 0\n"
    ).encode()
    assert cc.solve(data) == "Move 7 is invalid\n"


def test_reading_header_numbers_and_blank_lines():
    """Reading: header numbers are whitespace tokens (a list may wrap lines; CRLF is fine);
    blank lines are skipped, so they are never taken for a move."""
    data = b"2 1\r\n9\r\n 10\r\n30\r\n\r\n2 R\r\n9-13\r\n\r\n30-26\r\n0 0\r\n"
    assert cc.solve(data) == "All moves valid\n"


# ---- golden scripted positions -------------------------------------------------------------


def test_golden_opening_position():
    """Start of a game, Red to move: the seven opening moves of checkers."""
    red, white = list(range(1, 13)), list(range(21, 33))
    assert legal(red, white, "R") == [
        (9, 13),
        (9, 14),
        (10, 14),
        (10, 15),
        (11, 15),
        (11, 16),
        (12, 16),
    ]
    assert ok(red, white, "R", ["11-15"])
    assert bad_at(red, white, "R", ["12-17"]) == 1


def test_golden_sample_two_scripted():
    """Sample 2 replayed step by step: each position's full legal list, then the move."""
    red, white = [6, 10, 15, 19], [18, 22, 23]
    script = [
        ("R", [(19, 26)], "19-26"),
        ("W", [(18, 11)], "18-11"),
        ("R", [(6, 9), (10, 14), (10, 15), (26, 30), (26, 31)], "10-14"),
        ("W", [(11, 7), (11, 8), (22, 17), (22, 18)], "22-18"),
        ("R", [(14, 23)], "14-23"),
    ]
    state = brute.position(red, white)
    played = []
    for colour, moves, move in script:
        assert sorted(brute.legal_moves(state, colour.lower())) == moves
        played.append(move)
        assert ok(red, white, "R", played)
        state = brute.play(state, colour.lower(), move)
    assert bad_at(red, white, "R", ["19-26", "18-11", "10-14", "22-18", "6-10"]) == 5


def test_golden_statement_king_triple_jump():
    """The statement's White king multiple jump 22-31-24-15 over 26, 27 and 19."""
    red, white = [19, 26, 27], [-22]
    assert legal(red, white, "W") == [(22, 31, 24, 15)]
    assert ok(red, white, "W", ["22-31-24-15"])
    assert bad_at(red, white, "W", ["22-31-24"]) == 1
    assert bad_at(red, white, "W", ["22-31"]) == 1

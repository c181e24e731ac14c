"""Stress module of Checker's Check (POJ 1643): generators, validator, brute-force reference.

Description: random positions (some built round a king's loop back to its start square) and
    games (legal, illegal and malformed moves) in the judge's format, a check of the
    statement's input constraints, and the expected output by a second, deliberately simple
    implementation of the rules.
Usage: text = generate(random.Random(7), cases=3, moves=20); validate(text); reference(text);
    split_cases / join_cases / cuts for shrinking; legal_moves(pos, colour) and play(pos,
    colour, text) for hand-made positions; long_game(rng, moves) for bench/checkers_check.py.
Method: the reference reads each instance line by line as the statement lays it out, keeps the
    position as a dict square -> 'r', 'R', 'w', 'W' with its own square geometry (no shared
    helper), lists every legal move of the side to move as a tuple of squares (all jump
    sequences when any jump exists, else all steps) and accepts a move exactly when its text
    is two or more numbers joined by single '-' and names one of them.
Time: per move, one listing of every legal move of the side to move; long_game() does that
    at every ply. Measured: docs/checkers_check.md (Figures).
Status: tests/test_stress_checkers_check.py and tests/test_stress_interface.py (validation,
    split/join, cuts, samples, agreement with solutions/checkers_check.py on seeded files);
    the golden positions of tests/test_checkers_check.py list this module's legal moves.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from stress import int_fields, merged_params, parse_cases

PARAMS = {"cases": 4, "moves": 12, "pieces": 12}
MIN_PARAMS = {"cases": 1, "moves": 1, "pieces": 1}
MOVE_TEXT = re.compile(r"[0-9]+(?:-[0-9]+)+")
MAX_NUMBERS_IN_A_MOVE = 13


# --- reading -----------------------------------------------------------------------------


def parse(text: str) -> list[tuple[list[int], list[int], str, list[str]]]:
    """[(red, white, colour, moves)] of a whole file, read line by line: "r w", Red's squares,
    White's squares, "m C" and m move lines, ..., then "0 0". Squares are signed (negative: a
    king), colour is "R" or "W". Layout errors are ValueErrors; validate() checks the rest."""

    def instance(lines, at, counts):
        if at + 3 > len(lines):
            raise ValueError(f"line {at}: the file ends inside an instance")
        red = int_fields(lines[at], f"line {at + 1}")
        white = int_fields(lines[at + 1], f"line {at + 2}")
        if [len(red), len(white)] != counts:
            raise ValueError(f"line {at + 1}: {len(red)} and {len(white)} squares, not {counts}")
        words = lines[at + 2].split(" ")
        if len(words) != 2 or not words[0].isdigit() or words[1] not in ("R", "W"):
            raise ValueError(f"line {at + 3}: expected 'm R' or 'm W', got {lines[at + 2]!r}")
        m = int(words[0])
        at += 3
        if at + m > len(lines):
            raise ValueError(f"line {at + 1}: the file ends inside the {m} moves")
        return (red, white, words[1], lines[at : at + m]), at + m

    return parse_cases(text, "r w", instance)


def case_text(red: list[int], white: list[int], colour: str, moves: list[str]) -> str:
    head = f"{len(red)} {len(white)}\n{' '.join(map(str, red))}\n{' '.join(map(str, white))}\n"
    return head + f"{len(moves)} {colour}\n" + "".join(move + "\n" for move in moves)


def split_cases(text: str) -> list[str]:
    return [case_text(*instance) for instance in parse(text)]


def join_cases(cases: list[str]) -> str:
    return "".join(case.rstrip("\n") + "\n" for case in cases) + "0 0\n"


def instance_problem(red: list[int], white: list[int], colour: str, moves: list[str]) -> str | None:
    """What breaks the statement's constraints in one instance, or None."""
    return pieces_problem(red, white) or moves_problem(moves)


def pieces_problem(red: list[int], white: list[int]) -> str | None:
    """What breaks the constraints on the pieces (counts, squares, men's rows), or None."""
    if not (1 <= len(red) <= 12 and 1 <= len(white) <= 12):
        return "needs 1 <= r, w <= 12"
    squares = [abs(v) for v in red + white]
    if not all(1 <= sq <= 32 for sq in squares):
        return "a square outside 1..32"
    if len(set(squares)) != len(squares):
        return "two pieces on one square"
    if any(v >= 29 for v in red) or any(1 <= v <= 4 for v in white):
        return "a man on its promotion row (it would be a king)"
    return None


def moves_problem(moves: list[str]) -> str | None:
    """What breaks the constraints on the move lines (at least one, no blank start, at most
    13 square numbers each), or None."""
    if not moves:
        return "m must be at least 1"
    for move in moves:
        if not move or move[0].isspace():
            return f"move {move!r}: a move line is blank or starts with a blank"
        if len(re.findall(r"[0-9]+", move)) > MAX_NUMBERS_IN_A_MOVE:
            return f"move {move!r}: more than 13 square numbers"
    return None


def validate(text: str) -> None:
    for number, instance in enumerate(parse(text), 1):
        problem = instance_problem(*instance)
        if problem:
            raise ValueError(f"instance {number}: {problem}")


# --- the second implementation -------------------------------------------------------------


def square_rc(sq: int) -> tuple[int, int]:
    """(row, column) of square 1..32: row r holds 4r+1..4r+4, even rows at odd columns."""
    r = (sq - 1) // 4
    return r, 2 * ((sq - 1) % 4) + (1 if r % 2 == 0 else 0)


def rc_square(r: int, c: int) -> int | None:
    if 0 <= r < 8 and 0 <= c < 8 and (r + c) % 2 == 1:
        return 4 * r + c // 2 + 1
    return None


def row_directions(piece: str) -> tuple[int, ...]:
    """Rows a piece may move along: Red men down the board (+1), White men up (-1), kings both."""
    if piece in "RW":
        return (-1, 1)
    return (1,) if piece == "r" else (-1,)


def crowned(piece: str, sq: int) -> bool:
    r, _ = square_rc(sq)
    return (piece == "r" and r == 7) or (piece == "w" and r == 0)


def legal_moves(pos: dict[int, str], colour: str) -> dict[tuple[int, ...], tuple]:
    """{squares of a move: (captured squares, the piece after the move)} for `colour` ('r' or
    'w') to move in pos: every complete jump sequence if any jump exists, else every step."""
    jumps = {}
    steps = {}
    for start, piece in pos.items():
        if piece.lower() != colour:
            continue

        def extend(path, captured, piece=piece, start=start):
            r, c = square_rc(path[-1])
            went_on = False
            for dr in row_directions(piece):
                for dc in (-1, 1):
                    over = rc_square(r + dr, c + dc)
                    land = rc_square(r + 2 * dr, c + 2 * dc)
                    if over is None or land is None or over in captured:
                        continue
                    if over not in pos or pos[over].lower() == colour:
                        continue
                    if land in pos and land != start:
                        continue
                    went_on = True
                    if crowned(piece, land):  # the move ends with the crowning
                        jumps[(*path, land)] = ([*captured, over], piece.upper())
                    else:
                        extend([*path, land], [*captured, over])
            if not went_on and len(path) > 1:
                jumps[tuple(path)] = (captured, piece)

        extend([start], [])
        r0, c0 = square_rc(start)
        for dr in row_directions(piece):
            for dc in (-1, 1):
                dest = rc_square(r0 + dr, c0 + dc)
                if dest is not None and dest not in pos:
                    steps[(start, dest)] = ([], piece.upper() if crowned(piece, dest) else piece)
    return jumps or steps


def play(pos: dict[int, str], colour: str, text: str) -> dict[int, str] | None:
    """The position after the move `text`, or None when it is invalid."""
    if not MOVE_TEXT.fullmatch(text):
        return None
    move = tuple(int(x) for x in text.split("-"))
    table = legal_moves(pos, colour)
    if move not in table:
        return None
    captured, after = table[move]
    new = dict(pos)
    del new[move[0]]
    for sq in captured:
        del new[sq]
    new[move[-1]] = after
    return new


def position(red: list[int], white: list[int]) -> dict[int, str]:
    """The dict position of signed square lists (negative: a king)."""
    pos = {abs(v): ("R" if v < 0 else "r") for v in red}
    pos.update({abs(v): ("W" if v < 0 else "w") for v in white})
    return pos


def first_invalid(red: list[int], white: list[int], colour: str, moves: list[str]) -> int:
    """0 when every move is valid, else the number (from 1) of the first invalid one."""
    pos = position(red, white)
    side = colour.lower()
    for number, text in enumerate(moves, 1):
        pos = play(pos, side, text)
        if pos is None:
            return number
        side = "w" if side == "r" else "r"
    return 0


def reference(text: str) -> str:
    out = []
    for instance in parse(text):
        bad = first_invalid(*instance)
        out.append(f"Move {bad} is invalid\n" if bad else "All moves valid\n")
    return "".join(out)


# --- generators ----------------------------------------------------------------------------


def random_position(rng: random.Random, pieces: int = 12) -> tuple[list[int], list[int]]:
    """1..pieces pieces a side on random squares, some kings; men never on their promotion row."""
    kings = rng.choice([0.0, 0.2, 0.5])
    squares = list(range(1, 33))
    rng.shuffle(squares)
    nr, nw = rng.randint(1, pieces), rng.randint(1, pieces)
    red, white = [], []
    for sq in squares:
        if len(red) < nr:
            red.append(-sq if sq >= 29 or rng.random() < kings else sq)
        elif len(white) < nw:
            white.append(-sq if sq <= 4 or rng.random() < kings else sq)
    return red, white


def king_loop_position(rng: random.Random, pieces: int) -> tuple[list[int], list[int], str]:
    """(red, white, colour to move): a king of `colour` with four opponents round it that it
    can jump all the way round, back to its start square and on (18-27-20-11-18), plus up to
    `pieces` a side in all (pieces >= 4) on other random squares."""
    r, c = rng.choice([(r, c) for r in range(4) for c in range(2, 6) if (r + c) % 2 == 1])
    colour = rng.choice("RW")
    ring = [rc_square(r + dr, c + dc) for dr, dc in ((1, 1), (3, 1), (3, -1), (1, -1))]
    mine = [-rc_square(r, c)]
    theirs = [-sq if rng.random() < 0.3 else sq for sq in ring]
    rest = [sq for sq in range(1, 33) if sq not in ring and sq != -mine[0]]
    rng.shuffle(rest)
    for sq in rest[: rng.randint(0, 8)]:
        side = mine if rng.random() < 0.5 else theirs
        if len(side) < pieces:
            side.append(sq)
    red, white = (mine, theirs) if colour == "R" else (theirs, mine)
    red = [-sq if sq >= 29 else sq for sq in red]
    white = [-sq if 1 <= sq <= 4 else sq for sq in white]
    return red, white, colour


JUNK = [
    "9",
    "9-",
    "-9",
    "9--13",
    "0-5",
    "33-29",
    "9-9",
    "x",
    "9 13",
    "1-2-3-4-5-6-7-8-9-10-11-12-13",
]


def wrong_move(rng: random.Random, pos: dict[int, str], legal: list[tuple[int, ...]]) -> str:
    """A move text that is (almost always) invalid: junk, a legal jump cut short or carried on,
    a step or a two-square hop in any direction, random numbers."""
    kind = rng.random()
    if kind < 0.2:
        return rng.choice(JUNK)
    if kind < 0.5 and legal:
        move = list(rng.choice(legal))
        roll = rng.random()
        if len(move) > 2 and roll < 0.3:
            move = move[: rng.randint(2, len(move) - 1)]  # an unfinished multiple jump
        elif roll < 0.8:  # one more hop (past a crowning, back over a taken piece, ...)
            r, c = square_rc(move[-1])
            dr, dc = rng.choice([-2, 2]), rng.choice([-2, 2])
            move.append(rc_square(r + dr, c + dc) or rng.randint(1, 32))
        else:
            move.append(rng.randint(1, 32))
        return "-".join(map(str, move))
    if kind < 0.8:
        start = rng.choice(sorted(pos))
        r, c = square_rc(start)
        k = rng.choice([1, 2])
        dr, dc = rng.choice([-1, 1]), rng.choice([-1, 1])
        return f"{start}-{rc_square(r + k * dr, c + k * dc) or rng.randint(1, 32)}"
    return "-".join(str(rng.randint(0, 33)) for _ in range(rng.randint(2, 4)))


def random_instance(rng: random.Random, max_moves: int, pieces: int = 12) -> str:
    """A random position (one in eight a king's loop) and 1..max_moves moves, nine in ten
    legal while there is one."""
    if pieces >= 4 and rng.random() < 0.125:
        red, white, colour = king_loop_position(rng, pieces)
    else:
        red, white = random_position(rng, pieces)
        colour = rng.choice("RW")
    pos = position(red, white)
    side = colour.lower()
    moves = []
    for _ in range(rng.randint(1, max_moves)):
        table = sorted(legal_moves(pos, side))
        if table and rng.random() < 0.9:
            move = "-".join(map(str, rng.choice(table)))
        else:
            move = wrong_move(rng, pos, table)
        moves.append(move)
        after = play(pos, side, move)
        if after is not None:
            pos = after
            side = "w" if side == "r" else "r"
    return case_text(red, white, colour, moves)


def generate(rng: random.Random, **params: int) -> str:
    """`cases` instances of up to `moves` moves and up to `pieces` (<= 12) pieces a side."""
    p = merged_params(PARAMS, params)
    pieces = max(1, min(12, p["pieces"]))
    return join_cases([random_instance(rng, max(1, p["moves"]), pieces) for _ in range(p["cases"])])


def cuts(case: str) -> Iterator[str]:
    """The game cut in half or one move shorter, then one piece fewer, then a king made a man
    (where a man may stand); only legal instances."""
    ((red, white, colour, moves),) = parse(join_cases([case]))
    variants = []
    if len(moves) > 1:
        variants += [(red, white, moves[: len(moves) // 2]), (red, white, moves[:-1])]
    for i in range(len(red)):
        variants.append((red[:i] + red[i + 1 :], white, moves))
    for i in range(len(white)):
        variants.append((red, white[:i] + white[i + 1 :], moves))
    for i, v in enumerate(red):
        if v < 0:
            variants.append((red[:i] + [-v] + red[i + 1 :], white, moves))
    for i, v in enumerate(white):
        if v < 0:
            variants.append((red, white[:i] + [-v] + white[i + 1 :], moves))
    for r, w, m in variants:
        if not instance_problem(r, w, colour, m):
            yield case_text(r, w, colour, m)


def _middlegame(rng: random.Random) -> tuple[list[int], list[int]]:
    """6..10 pieces a side, the first three of each side kings, men off their promotion rows."""
    squares = list(range(1, 33))
    rng.shuffle(squares)
    red, white = [], []
    nr, nw = rng.randint(6, 10), rng.randint(6, 10)
    for sq in squares:
        if len(red) < nr:
            red.append(-sq if sq >= 29 or len(red) < 3 else sq)
        elif len(white) < nw:
            white.append(-sq if sq <= 4 or len(white) < 3 else sq)
    return red, white


def _hands_over_a_jump(pos: dict[int, str], side: str, move: tuple[int, ...]) -> bool:
    after = play(pos, side, "-".join(map(str, move)))
    other = "w" if side == "r" else "r"
    return any(captured for captured, _ in legal_moves(after, other).values())


def _long_game_move(rng, pos, side, table):
    """The longest jump when jumping; else mostly a move that hands the opponent no jump (so
    games last), sometimes any move (so captures and multiple jumps keep happening)."""
    longest = max(len(m) for m in table)
    if longest > 2 or legal_moves(pos, side)[table[0]][0]:
        return rng.choice([m for m in table if len(m) == longest])
    if rng.random() < 0.12:
        return rng.choice(table)
    safe = [m for m in table if not _hands_over_a_jump(pos, side, m)]
    return rng.choice(safe or table)


def long_game(rng: random.Random, moves: int) -> tuple[list[int], list[int], str, list[str]]:
    """(red, white, colour, moves): a legal game of exactly `moves` moves from a middlegame with
    kings (drawn again until a game lasts that long)."""
    while True:
        red, white = _middlegame(rng)
        colour = rng.choice("RW")
        pos = position(red, white)
        side = colour.lower()
        played = []
        for _ in range(moves):
            table = sorted(legal_moves(pos, side))
            if not table:
                break
            move = "-".join(map(str, _long_game_move(rng, pos, side, table)))
            pos = play(pos, side, move)
            played.append(move)
            side = "w" if side == "r" else "r"
        if len(played) == moves:
            return red, white, colour, played

"""Lines of Action rules, written plainly and independently of the bot's bit-boards.

Description: a position is a dict ``{(file, rank): colour}`` with file, rank in 0..7 and colour
    'W' or 'B'. ``legal_moves(board, colour)`` walks the eight directions square by square;
    ``connected(board, colour)`` is a breadth-first search. Used by the referee to judge games
    and by the tests as the second, deliberately simple move generator.
Rules: a move goes in a straight line exactly as many squares as there are pieces (both colours)
    on that whole line; it may pass over own pieces, never over the opponent's; it may not end on
    an own piece; ending on an opponent piece captures it. One 8-connected group wins (a lone
    piece counts); if a move connects both sides, the mover wins. No legal move: pass.
Status: tests/test_referee_rules.py (statement example, rule cases) and the perft cross-check
    against shared/loa_bitboard.py.
"""

DIRECTIONS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]
PASS = "Z0-Z0"


def other(colour):
    return "B" if colour == "W" else "W"


def initial_board():
    board = {}
    for i in range(1, 7):
        board[(0, i)] = "W"
        board[(7, i)] = "W"
        board[(i, 0)] = "B"
        board[(i, 7)] = "B"
    return board


def square_name(sq):
    return "ABCDEFGH"[sq[0]] + str(sq[1] + 1)


def parse_square(text):
    if len(text) != 2 or text[0] not in "ABCDEFGH" or text[1] not in "12345678":
        raise ValueError(f"bad square: {text!r}")
    return ("ABCDEFGH".index(text[0]), int(text[1]) - 1)


def move_text(move):
    return square_name(move[0]) + "-" + square_name(move[1])


def parse_move(text):
    """'F3-B3' -> ((5, 2), (1, 2)); raises ValueError (pass is handled by the caller)."""
    if len(text) != 5 or text[2] != "-":
        raise ValueError(f"bad move: {text!r}")
    return (parse_square(text[:2]), parse_square(text[3:]))


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def pieces_on_line(board, sq, df, dr):
    """Number of pieces on the whole line through sq in direction (df, dr), both ways."""
    n = 0
    for sign in (1, -1):
        f, r = sq[0] + sign * df, sq[1] + sign * dr
        while on_board(f, r):
            if (f, r) in board:
                n += 1
            f, r = f + sign * df, r + sign * dr
    return n + 1  # the piece on sq itself


def legal_moves(board, colour):
    moves = []
    for sq, c in sorted(board.items()):
        if c != colour:
            continue
        for df, dr in DIRECTIONS:
            length = pieces_on_line(board, sq, df, dr)
            ok = True
            for step in range(1, length):
                f, r = sq[0] + step * df, sq[1] + step * dr
                if not on_board(f, r) or board.get((f, r)) == other(colour):
                    ok = False
                    break
            dest = (sq[0] + length * df, sq[1] + length * dr)
            if ok and on_board(*dest) and board.get(dest) != colour:
                moves.append((sq, dest))
    return moves


def apply_move(board, colour, move):
    """A new board after ``colour`` plays ``move`` (None = pass)."""
    new = dict(board)
    if move is not None:
        del new[move[0]]
        new[move[1]] = colour
    return new


def connected(board, colour):
    mine = [sq for sq, c in board.items() if c == colour]
    if len(mine) <= 1:
        return True
    seen = {mine[0]}
    todo = [mine[0]]
    while todo:
        f, r = todo.pop()
        for df in (-1, 0, 1):
            for dr in (-1, 0, 1):
                nb = (f + df, r + dr)
                if nb not in seen and board.get(nb) == colour:
                    seen.add(nb)
                    todo.append(nb)
    return len(seen) == len(mine)


def winner_after(board, mover):
    """The winner after ``mover`` moved into ``board``: mover on a double connection."""
    if connected(board, mover):
        return mover
    if connected(board, other(mover)):
        return other(mover)
    return None


def from_diagram(rows):
    """A board from 8 strings, rank 8 first, 'w'/'b'/'.' per file A..H."""
    board = {}
    for i, row in enumerate(rows):
        r = 7 - i
        for f, ch in enumerate(row.replace(" ", "")):
            if ch in "wW":
                board[(f, r)] = "W"
            elif ch in "bB":
                board[(f, r)] = "B"
    return board

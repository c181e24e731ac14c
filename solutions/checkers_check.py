"""Checker's Check (POJ 1643): is every move of a recorded checkers game legal?

Description: 8 x 8 board, squares 1..32 (shared.checkers_board with parity 1: row r holds
  4r+1..4r+4, row 0 at columns 1, 3, 5, 7). Red starts on 1..12 and moves toward higher rows
  (promotion row 29..32); White toward lower rows (promotion row 1..4). A game position, the side
  to move and m moves are given; print "All moves valid" or "Move n is invalid" for the first
  illegal move (the remaining moves of that instance are read and ignored).
Rules relied on (each pinned by a named test in tests/test_checkers_check.py):
  - men step and jump forward only, kings both ways; one diagonal step onto an empty square;
  - a jump is compulsory when ANY piece of the mover can jump: a simple move is then invalid;
  - a multiple jump must be completed: stopping while the same piece can still jump is invalid,
    although any legal jump sequence may be chosen (a single jump over a multiple one);
  - a man reaching its promotion row is crowned and the move ends at once;
  - a piece may be jumped at most once per move; the mover's starting square is empty once it
    has left (a king may pass through it); captured pieces are removed after the move (they are
    never on a landing square: landings keep (r % 2, c % 2), jumped squares do not);
  - invalid: a start square that is empty or holds the other colour (moves alternate from the
    given colour), a square outside 1..32, a malformed move (anything but two or more decimal
    numbers joined by single '-', e.g. "9-", "-9", "9--2", "9", "9 - 2"), a step that is not
    one diagonal square, a backward step or jump by a man, an occupied landing square, a move of
    three or more squares that is not all jumps.
  Input reading: numbers of the instance header are whitespace-separated tokens (they may
  spread over lines); each move is one non-blank line, its surrounding whitespace stripped.
Method: direct simulation; the compulsory-jump test scans the mover's pieces for a jump.
Complexity: O(12 * 4) per move plus the length of the move.
Status: tests/test_checkers_check.py -- samples, named rule tests, golden scripted positions,
  seeded stress tests against tests/brute/checkers_check_brute.py (which enumerates every legal
  move as a square sequence); timings in bench/checkers_check.py.
"""

import sys

from shared.checkers_board import diagonal_neighbours, home_cells, jump_table

RED, WHITE = 1, -1
CELLS = home_cells(8, 8, 1)
JUMPS = jump_table(8, 8, 1)  # JUMPS[i][d] = (over, land) or None; d = NW, NE, SW, SE
STEP = diagonal_neighbours(8, 8, 1)  # STEP[i][d] = square one step along d, or -1
# Directions a man may use: Red (+1) goes down the board (SW, SE), White (-1) up (NW, NE).
MAN_DIRS = {RED: (2, 3), WHITE: (0, 1)}
KING_DIRS = (0, 1, 2, 3)
PROMOTION_ROW = {RED: 7, WHITE: 0}
DIGITS = frozenset("0123456789")


def parse_move(text):
    """Squares (0-based) of a move like "22-31-24-15", or None when malformed or off the board."""
    parts = text.split("-")
    if len(parts) < 2:
        return None
    squares = []
    for p in parts:
        if not p or not DIGITS.issuperset(p):
            return None
        sq = int(p)
        if not 1 <= sq <= 32:
            return None
        squares.append(sq - 1)
    return squares


# Directions each piece may step or jump along: +-1 a man of Red/White, +-2 a king.
DIRS = {RED: MAN_DIRS[RED], WHITE: MAN_DIRS[WHITE], 2 * RED: KING_DIRS, 2 * WHITE: KING_DIRS}


def can_jump_from(board, sq, piece, taken):
    """Can `piece` standing on sq jump some opponent piece not in `taken`?"""
    for d in DIRS[piece]:
        j = JUMPS[sq][d]
        if j is not None:
            over, land = j
            if board[land] == 0 and board[over] * piece < 0 and over not in taken:
                return True
    return False


def side_can_jump(board, side):
    for sq in range(32):
        p = board[sq]
        if p * side > 0 and can_jump_from(board, sq, p, ()):
            return True
    return False


def apply_move(board, side, squares):
    """Play the move if legal for `side` (mutating board) and return True; else return False
    and leave the board unchanged."""
    start = squares[0]
    piece = board[start]
    if piece * side <= 0:
        return False
    dirs = DIRS[piece]
    promo = PROMOTION_ROW[side] if piece == side else -1
    if len(squares) == 2:
        dest = squares[1]
        for d in dirs:
            if STEP[start][d] == dest:
                if board[dest] != 0 or side_can_jump(board, side):
                    return False
                board[start] = 0
                board[dest] = 2 * side if CELLS[dest][0] == promo else piece
                return True
    # every hop must be a jump
    board[start] = 0  # the start square is empty once the piece has left
    taken = []
    cur = start
    ok = True
    crowned = False
    for dest in squares[1:]:
        if crowned:
            ok = False  # the move ended on promotion
            break
        hop = None
        for d in dirs:
            j = JUMPS[cur][d]
            if j is not None and j[1] == dest:
                hop = j[0]
                break
        if hop is None or board[dest] != 0 or board[hop] * side >= 0 or hop in taken:
            ok = False
            break
        taken.append(hop)
        cur = dest
        if CELLS[dest][0] == promo:
            crowned = True
    if ok and not crowned and can_jump_from(board, cur, piece, taken):
        ok = False  # a multiple jump must be completed
    if not ok:
        board[start] = piece
        return False
    for t in taken:
        board[t] = 0
    board[cur] = 2 * side if crowned else piece
    return True


def _lines(text):
    for line in text.splitlines():
        stripped = line.strip()
        if stripped:
            yield stripped


def solve(data):
    lines = _lines(data.decode("latin-1"))
    pending = []

    def token():
        while not pending:
            pending.extend(reversed(next(lines).split()))
        return pending.pop()

    out = []
    try:
        while True:
            r, w = int(token()), int(token())
            if r == 0 and w == 0:
                break
            board = [0] * 33  # index 32 takes a malformed square 0 or -0, never read
            for side, count in ((RED, r), (WHITE, w)):
                for _ in range(count):
                    v = int(token())
                    board[abs(v) - 1] = side * (2 if v < 0 else 1)
            m = int(token())
            side = RED if token().upper().startswith("R") else WHITE
            del pending[:]
            bad = 0
            for n in range(1, m + 1):
                text = next(lines)
                if bad:
                    continue
                squares = parse_move(text)
                if squares is None or not apply_move(board, side, squares):
                    bad = n
                side = -side
            out.append(f"Move {bad} is invalid\n" if bad else "All moves valid\n")
    except StopIteration:
        pass
    return "".join(out)


def main():
    sys.stdout.write(solve(sys.stdin.buffer.read()))


if __name__ == "__main__":
    main()

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
Method: direct simulation on bit masks (red, white, kings) over the 8 x 8 grid, bit 8r + c:
  whether a side has a jump is four shift-and-mask tests; a move's hops are checked against
  per-square tables of steps and jumps (shared.checkers_board); parsed move texts are cached.
Complexity: O(1) per hop.
Status: tests/test_checkers_check.py -- samples, named rule tests, golden scripted positions,
  seeded stress tests against tests/brute/checkers_check_brute.py (which enumerates every legal
  move as a square sequence). bench/checkers_check.py, 50 games of 200 valid moves: whole
  process (bundle, -I -S), min / median of 21 runs on a loaded 2-core machine, 0.032 / 0.036 s
  under 3.11 and 0.030 / 0.063 s under 3.8 (bare start-up 0.008 s); peak memory 9.2 MiB under
  3.11 and 7.4 MiB under 3.8, the interpreter included (input lines are streamed).
"""

import io
import sys

from shared.checkers_board import NE, NW, SE, SW, diagonal_neighbours, home_cells, jump_table

CELLS = home_cells(8, 8, 1)
BIT = [1 << (8 * r + c) for r, c in CELLS]
BOARD = sum(BIT)
COL_LE5 = sum(b for b, (_, c) in zip(BIT, CELLS) if c <= 5)  # a jump east stays on the board
COL_GE2 = sum(b for b, (_, c) in zip(BIT, CELLS) if c >= 2)  # a jump west stays on the board
# Piece kinds: 0 a Red man (moves down the board: SW, SE), 1 a White man (up: NW, NE), 2 a king.
KIND_DIRS = ((SW, SE), (NW, NE), (NW, NE, SW, SE))
_NBR = diagonal_neighbours(8, 8, 1)
_JMP = jump_table(8, 8, 1)
STEPS = [
    [frozenset(_NBR[i][d] for d in dirs if _NBR[i][d] >= 0) for i in range(32)]
    for dirs in KIND_DIRS
]
JUMPS = [
    [{_JMP[i][d][1]: _JMP[i][d][0] for d in dirs if _JMP[i][d]} for i in range(32)]
    for dirs in KIND_DIRS
]
# A man's promotion row: Red's is row 7 (squares 29..32), White's row 0 (1..4).
PROMOTES = (
    sum(b for b, (r, _) in zip(BIT, CELLS) if r == 7),
    sum(b for b, (r, _) in zip(BIT, CELLS) if r == 0),
)


def parse_move(text):
    """Squares (0-based) of a move like b"22-31-24-15", or None when malformed or off the
    board: two or more runs of ASCII digits joined by single '-', each number in 1..32."""
    parts = text.split(b"-")
    if len(parts) < 2:
        return None
    squares = []
    for p in parts:
        if not p.isdigit():
            return None
        sq = int(p)
        if not 1 <= sq <= 32:
            return None
        squares.append(sq - 1)
    return tuple(squares)


def play(mine, opp, kings, man, squares):
    """The move (0-based squares) for the side owning `mine` (bit masks), whose men are of kind
    `man` (0 Red, 1 White): the new (mine, opp, kings) if it is legal, else None."""
    start = squares[0]
    b = BIT[start]
    if not mine & b:
        return None
    kind = 2 if kings & b else man
    occupied = mine | opp
    if len(squares) == 2 and squares[1] in STEPS[kind][start]:
        db = BIT[squares[1]]
        if occupied & db:
            return None
        # A jump is compulsory: does any piece of the mover have one? Pieces moving down the
        # board jump to +18 (SE) or +14 (SW) over +9 / +7, pieces moving up the reverse.
        empty = BOARD & ~occupied
        down, up = (mine & kings, mine) if man else (mine, mine & kings)
        if (
            (down & COL_LE5 & (opp >> 9) & (empty >> 18))
            or (down & COL_GE2 & (opp >> 7) & (empty >> 14))
            or (up & COL_LE5 & (opp << 7) & (empty << 14))
            or (up & COL_GE2 & (opp << 9) & (empty << 18))
        ):
            return None
        if kings & b:
            kings ^= b | db
        elif PROMOTES[kind] & db:
            kings |= db
        return mine ^ (b | db), opp, kings
    occupied ^= b  # the start square is empty once the piece has left
    table = JUMPS[kind]
    taken = 0
    cur = start
    crowned = False
    for dest in squares[1:]:
        over = table[cur].get(dest)
        if over is None or crowned:
            return None  # not a jump, or the move went on after a crowning
        ob = BIT[over]
        if not opp & ob or taken & ob or occupied & BIT[dest]:
            return None
        taken |= ob
        cur = dest
        if kind < 2 and PROMOTES[kind] & BIT[dest]:
            crowned = True  # the move ends here
    if not crowned:
        left = opp & ~taken
        for land, over in table[cur].items():
            if left & BIT[over] and not occupied & BIT[land]:
                return None  # a multiple jump must be completed
    db = BIT[cur]  # may be b again: a king's loop can end where it started
    kings &= ~taken
    if kings & b:
        kings = (kings & ~b) | db
    elif crowned:
        kings |= db
    return (mine & ~b) | db, opp & ~taken, kings


def solve(data):
    # lines are streamed, not listed: the memory limit is 10 MB, the interpreter included
    lines = filter(None, map(bytes.strip, io.BytesIO(data)))  # non-blank lines, stripped
    out = []
    try:
        _read_instances(lines, out)
    except (StopIteration, IndexError, ValueError):
        return "".join(out)  # input ended early or garbled: keep the verdicts already made
    return "".join(out)


def _read_instances(lines, out):
    words = []
    cache = {}
    while True:
        while len(words) < 2:
            words += next(lines).split()
        r, w = int(words[0]), int(words[1])
        if r == 0 and w == 0:
            return
        while len(words) < r + w + 4:
            words += next(lines).split()
        red = white = kings = 0
        for k, word in enumerate(words[2 : 2 + r + w]):
            v = int(word)
            b = BIT[abs(v) - 1]
            if k < r:
                red |= b
            else:
                white |= b
            if v < 0:
                kings |= b
        m = int(words[r + w + 2])
        red_moves = words[r + w + 3][:1] in (b"R", b"r")
        words = []  # anything else on that line is not a move
        mine, opp, man = (red, white, 0) if red_moves else (white, red, 1)
        bad = 0
        for n in range(1, m + 1):
            text = next(lines)
            if bad:
                continue  # the rest of the instance is read and ignored
            squares = cache.get(text, 0)
            if squares == 0:
                squares = cache[text] = parse_move(text)
            after = None if squares is None else play(mine, opp, kings, man, squares)
            if after is None:
                bad = n
            else:
                opp, mine, kings = after  # the other side moves next
                man ^= 1
        out.append(f"Move {bad} is invalid\n" if bad else "All moves valid\n")


def main():
    sys.stdout.write(solve(sys.stdin.buffer.read()))


if __name__ == "__main__":
    main()

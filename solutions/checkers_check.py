"""Checker's Check (POJ 1643): is every move of a recorded checkers game legal?

Description: 8 x 8 board, squares 1..32 (shared.checkers_board, parity 1); Red moves toward
    higher rows, promoting on 29..32, White toward lower ones, promoting on 1..4. For each
    position, side to move and m moves, print "All moves valid" or "Move n is invalid" for
    the first invalid one (the rest of that instance is read and ignored).
Rules: each reading is pinned by a test_rule_* or test_reading_* test of
    tests/test_checkers_check.py: men step and jump forward only, kings both ways; a jump is
    compulsory when any piece of the mover can jump; a multiple jump must be completed,
    though any jump may be chosen; a crowned man's move ends; a piece is jumped once per
    move; the start square is empty once left; invalid: an empty or foreign start square, a
    square outside 1..32, a malformed text (only numbers joined by single '-'), a step that
    is not one diagonal square, an occupied landing, 3+ squares that are not all jumps;
    header numbers are whitespace tokens, each move is one non-blank line. Details and
    reasons: docs/checkers_check.md.
Method: direct simulation on bit masks (mover, opponent, kings) over the 8 x 8 grid, bit
    8r + c: whether the mover has a jump is four shift-and-mask tests; a move's hops are
    checked against per-square tables of steps and jumps; parsed move texts are cached.
Time: O(1) per hop.
Memory: input lines are streamed (the limit is 10000 KB, 9.77 MiB), so the peak does
    not grow with the input; measured: docs/checkers_check.md (Figures).
Status: named rule tests and golden positions (tests/test_checkers_check.py); ~5,000 seeded
    instances a run against the second implementation of stress/checkers_check.py
    (tests/test_stress_checkers_check.py, test_stress_interface.py). python build.py bench
    checkers_check (50 games of 200 moves, whole process, goal 0.1 s): docs/checkers_check.md
    (Figures).
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
    # lines are streamed, not listed: the memory limit is 10000 KB
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

"""Second, deliberately simple implementation of Checker's Check (POJ 1643).

It lists every legal move of a position as a tuple of square numbers (all jump sequences if any
jump exists, else all simple moves) and accepts a move exactly when its text is well formed and
names one of them. Its own geometry (no shared helper), dictionaries, no speed concerns.
"""

import re

MOVE_TEXT = re.compile(r"[0-9]+(?:-[0-9]+)+")


def square_rc(sq):
    r = (sq - 1) // 4
    c = 2 * ((sq - 1) % 4) + (1 if r % 2 == 0 else 0)
    return r, c


def rc_square(r, c):
    if 0 <= r < 8 and 0 <= c < 8 and (r + c) % 2 == 1:
        return 4 * r + c // 2 + 1
    return None


def colour_of(piece):
    return piece.lower()


def directions(piece):
    """Row directions a piece may move along: Red men down (+1), White men up (-1)."""
    if piece in "RW":
        return (-1, 1)
    return (1,) if piece == "r" else (-1,)


def promotes(piece, sq):
    r, _ = square_rc(sq)
    return (piece == "r" and r == 7) or (piece == "w" and r == 0)


def legal_moves(pos, colour):
    """Dict: tuple of squares -> (captured squares, piece after the move), for `colour` to move
    in position pos (dict square -> 'r', 'R', 'w', 'W')."""
    jumps = {}
    steps = {}
    for start, piece in pos.items():
        if colour_of(piece) != colour:
            continue
        r0, c0 = square_rc(start)

        def extend(path, captured):
            r, c = square_rc(path[-1])
            grew = False
            for dr in directions(piece):
                for dc in (-1, 1):
                    over = rc_square(r + dr, c + dc)
                    land = rc_square(r + 2 * dr, c + 2 * dc)
                    if over is None or land is None or over in captured:
                        continue
                    if over not in pos or colour_of(pos[over]) == colour:
                        continue
                    if land in pos and land != start:
                        continue
                    grew = True
                    if promotes(piece, land):
                        jumps[tuple(path + [land])] = (captured + [over], piece.upper())
                    else:
                        extend(path + [land], captured + [over])
            if not grew and len(path) > 1:
                jumps[tuple(path)] = (captured, piece)

        extend([start], [])
        for dr in directions(piece):
            for dc in (-1, 1):
                dest = rc_square(r0 + dr, c0 + dc)
                if dest is not None and dest not in pos:
                    after = piece.upper() if promotes(piece, dest) else piece
                    steps[(start, dest)] = ([], after)
    return jumps if jumps else steps


def play(pos, colour, text):
    """New position after the move `text`, or None when it is invalid."""
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


def first_invalid(red, white, colour, moves):
    """red, white: signed square lists as in the input; colour 'r' or 'w'; moves: texts.
    Returns 0 when all moves are valid, else the 1-based number of the first invalid one."""
    pos = {}
    for vals, man in ((red, "r"), (white, "w")):
        for v in vals:
            pos[abs(v)] = man.upper() if v < 0 else man
    for n, text in enumerate(moves, 1):
        pos = play(pos, colour, text)
        if pos is None:
            return n
        colour = "w" if colour == "r" else "r"
    return 0


def solve(data):
    lines = [ln.strip() for ln in data.decode("latin-1").splitlines()]
    lines = [ln for ln in lines if ln]
    words = []
    at = 0
    out = []

    def need(k):
        nonlocal at
        while len(words) < k:
            words.extend(lines[at].split())
            at += 1

    while True:
        need(2)
        r, w = int(words[0]), int(words[1])
        del words[:2]
        if r == 0 and w == 0:
            break
        need(r + w + 2)
        red = [int(x) for x in words[:r]]
        white = [int(x) for x in words[r : r + w]]
        m = int(words[r + w])
        colour = words[r + w + 1][0].lower()
        words.clear()
        moves = lines[at : at + m]
        at += m
        bad = first_invalid(red, white, colour, moves)
        out.append(f"Move {bad} is invalid" if bad else "All moves valid")
    return "".join(line + "\n" for line in out)

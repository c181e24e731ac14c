"""Stress module of Connect (Twixt, POJ 2706): generators, validator, brute-force reference.

Description: random and patterned games in the judge's format, a check of the statement's
    input constraints (its promise that no move before the last wins included), and the
    expected output by a deliberately simple second implementation.
Usage: text = generate(random.Random(7), cases=3, n=8, moves=61); validate(text);
    reference(text); split_cases / join_cases / cuts for shrinking; Game(n) to replay moves
    by hand (links, refusals, each side's connection); random_moves(..., no_early_win=True)
    for the bench's long games.
Method: geometry with fractions.Fraction: the common part of two closed segments from
    P0 + t (P1 - P0) = Q0 + u (Q1 - Q0) (Cramer's rule), or, on one line, the overlap of
    their parameter intervals; two links touch unless they are disjoint or meet only in an
    endpoint of both. No orientation signs, no knight-specific facts. Each new link is checked
    against every placed link whose bounding box shares a lattice point with its own (boxes
    of touching segments always do). Black's pegs are kept in components, relabelled on merge,
    each knowing whether it reaches x = 0 and x = N.
Time: per new link, Fraction tests against the placed links whose boxes hold one of its 6
    box points; a merge relabels the smaller component (measured: docs/twixt_connect.md,
    Figures).
Status: tests/test_stress_twixt_connect.py and tests/test_stress_interface.py (validation,
    split/join, cuts, samples, the official data of ../shared/judge-data/connect, agreement
    with solutions/twixt_connect.py on seeded files); tests/test_segment_geometry.py checks the
    shared predicates against touches().
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

from stress import int_fields, merged_params, parse_cases

PARAMS = {"cases": 3, "n": 8, "moves": 61}
MIN_PARAMS = {"cases": 1, "n": 4, "moves": 5}
KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, 2), (-2, 1), (-2, -1), (-1, -2)]
BLACK, WHITE = 0, 1

Point = tuple  # (x, y), integers or Fractions


# --- geometry ------------------------------------------------------------------------------


def common_points(p0: Point, p1: Point, q0: Point, q1: Point) -> list[Point]:
    """The common part of the closed segments p0p1 and q0q1 (each of positive length): []
    when disjoint, [pt] for one point, [pt, pt2] for the ends of a shared piece."""
    rx, ry = p1[0] - p0[0], p1[1] - p0[1]
    sx, sy = q1[0] - q0[0], q1[1] - q0[1]
    wx, wy = q0[0] - p0[0], q0[1] - p0[1]
    den = rx * sy - ry * sx
    if den != 0:
        t = Fraction(wx * sy - wy * sx, den)
        u = Fraction(wx * ry - wy * rx, den)
        if 0 <= t <= 1 and 0 <= u <= 1:
            return [(p0[0] + t * rx, p0[1] + t * ry)]
        return []
    if wx * ry - wy * rx != 0:
        return []  # parallel, on different lines
    rr = rx * rx + ry * ry  # one line: q0 and q1 as parameters along p0 -> p1
    t0 = Fraction(wx * rx + wy * ry, rr)
    t1 = Fraction((q1[0] - p0[0]) * rx + (q1[1] - p0[1]) * ry, rr)
    lo = max(Fraction(0), min(t0, t1))
    hi = min(Fraction(1), max(t0, t1))
    if lo > hi:
        return []
    first = (p0[0] + lo * rx, p0[1] + lo * ry)
    return [first] if lo == hi else [first, (p0[0] + hi * rx, p0[1] + hi * ry)]


def touches(p0: Point, p1: Point, q0: Point, q1: Point) -> bool:
    """Whether the segments meet anywhere but in one point that ends both (the linking rule)."""
    common = common_points(p0, p1, q0, q1)
    if len(common) != 1:
        return bool(common)
    return not (common[0] in (p0, p1) and common[0] in (q0, q1))


def box_points(a: Point, b: Point) -> list[Point]:
    """The lattice points of the bounding box of segment ab."""
    return [
        (x, y)
        for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
        for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1)
    ]


# --- the game ------------------------------------------------------------------------------


class Game:
    """A board of [0, n]^2 played move by move, Black first, by the rules as stated."""

    def __init__(self, n: int):
        self.n = n
        self.colour_at: dict[Point, int] = {}
        self.links: list[tuple[int, Point, Point]] = []  # (colour, a, b), both colours
        self.near: dict[Point, list[int]] = {}  # lattice point -> links whose box holds it
        self.refused: list[tuple[int, int]] = []  # (colour, colour of the first blocker)
        self.group: dict[Point, int] = {}  # peg -> its component's number
        self.members: dict[int, list[Point]] = {}
        self.ends: dict[int, set[tuple[int, int]]] = {}  # component -> its (colour, 0 or n) ends
        self.moves = 0

    def next_colour(self) -> int:
        return self.moves % 2

    def new_links(self, p: Point, colour: int) -> tuple[list, list[int]]:
        """(links, refusals): the links a peg of `colour` at p would get now, and for each link
        refused the colour of the first placed link touching it (nothing is changed)."""
        made = []
        refused = []
        for dx, dy in KNIGHT_STEPS:
            q = (p[0] + dx, p[1] + dy)
            if self.colour_at.get(q) != colour:
                continue
            nearby = {i for point in box_points(p, q) for i in self.near.get(point, ())}
            blockers = [i for i in sorted(nearby) if touches(p, q, *self.links[i][1:])]
            if blockers:
                refused.append(self.links[blockers[0]][0])
            else:
                made.append((p, q))
        return made, refused

    def endzones(self, p: Point, colour: int) -> set[tuple[int, int]]:
        """The endzones of `colour` that p lies in, as (colour, 0 or n): x for Black, y for
        White."""
        along = p[0] if colour == BLACK else p[1]
        return {(colour, side) for side in (0, self.n) if along == side}

    def wins_at(self, p: Point, colour: int) -> bool:
        """Whether a peg of `colour` at p would join its two endzones now (nothing is
        changed)."""
        ends = self.endzones(p, colour)
        for _, q in self.new_links(p, colour)[0]:
            ends |= self.ends[self.group[q]]
        return len(ends) == 2

    def place(self, p: Point) -> None:
        colour = self.next_colour()
        made, refused = self.new_links(p, colour)
        self.refused += [(colour, other) for other in refused]
        self.colour_at[p] = colour
        self.moves += 1
        for a, b in made:
            for point in box_points(a, b):
                self.near.setdefault(point, []).append(len(self.links))
            self.links.append((colour, a, b))
        self._join(p, colour, [q for _, q in made])

    def _join(self, p: Point, colour: int, linked: list[Point]) -> None:
        number = len(self.group)
        self.group[p] = number
        self.members[number] = [p]
        self.ends[number] = self.endzones(p, colour)
        for q in linked:
            a, b = self.group[p], self.group[q]
            if a == b:
                continue
            if len(self.members[a]) < len(self.members[b]):
                a, b = b, a
            for peg in self.members.pop(b):  # relabel the smaller component
                self.group[peg] = a
                self.members[a].append(peg)
            self.ends[a] |= self.ends.pop(b)

    def connected(self, colour: int) -> bool:
        return {(colour, 0), (colour, self.n)} in self.ends.values()

    def links_of(self, colour: int) -> list[tuple[Point, Point]]:
        return [(a, b) for c, a, b in self.links if c == colour]


def play(n: int, moves: list[Point]) -> Game:
    game = Game(n)
    for p in moves:
        game.place(p)
    return game


# --- reading -------------------------------------------------------------------------------


def _read_game(lines: list[str], at: int, head: list[int]):
    """((n, moves, the game's lines), the line after it) for a game whose "N M" line is
    lines[at - 1]: lines of whole coordinate pairs until M pairs."""
    n, m = head
    if m < 0:
        raise ValueError(f"line {at}: a negative number of moves")
    start = at - 1
    flat: list[int] = []
    while len(flat) < 2 * m:
        if at >= len(lines):
            raise ValueError(f"the file ends inside the {m} moves of a game (line {at + 1})")
        numbers = int_fields(lines[at], f"line {at + 1}")
        if len(numbers) % 2 or len(flat) + len(numbers) > 2 * m:
            raise ValueError(f"line {at + 1}: not whole pairs, or more than {m} pairs")
        flat += numbers
        at += 1
    return (n, list(zip(flat[0::2], flat[1::2])), lines[start:at]), at


def parse(text: str) -> list[tuple[int, list[Point]]]:
    """[(n, moves)] of a whole file: a line "N M", then lines of whole coordinate pairs until M
    pairs, ..., then "0 0". Layout errors are ValueErrors; validate() checks the rest."""
    return [(n, moves) for n, moves, _ in parse_cases(text, "N M", _read_game)]


def case_text(n: int, moves: list[Point], per_line: int = 12) -> str:
    lines = [f"{n} {len(moves)}"]
    for i in range(0, len(moves), per_line):
        lines.append(" ".join(f"{x} {y}" for x, y in moves[i : i + per_line]))
    return "\n".join(lines) + "\n"


def split_cases(text: str) -> list[str]:
    """The datasets as chunks of the file's own lines."""
    return ["\n".join(chunk) + "\n" for _, _, chunk in parse_cases(text, "N M", _read_game)]


def join_cases(cases: list[str]) -> str:
    return "".join(case.rstrip("\n") + "\n" for case in cases) + "0 0\n"


def game_problem(n: int, moves: list[Point]) -> str | None:
    """What breaks the statement's constraints in one game, or None."""
    if not 3 < n < 21:
        return "needs 3 < N < 21"
    if not (4 < len(moves) < 250 and len(moves) % 2 == 1):
        return f"M = {len(moves)}: needs 4 < M < 250, M odd"
    return moves_problem(n, moves)


def moves_problem(n: int, moves: list[Point]) -> str | None:
    """The first move, replayed in order on an N x N board, that is off the board, taken, in
    the other player's endzone or a win (of either player) before the last move, or None."""
    game = Game(n)
    for number, (x, y) in enumerate(moves, 1):
        colour = game.next_colour()
        if not (0 <= x <= n and 0 <= y <= n):
            return f"move {number}: ({x}, {y}) is off the board"
        if (x, y) in game.colour_at:
            return f"move {number}: ({x}, {y}) is taken"
        if (colour == BLACK and y in (0, n)) or (colour == WHITE and x in (0, n)):
            return f"move {number}: ({x}, {y}) is in the other player's endzone"
        if number < len(moves) and game.wins_at((x, y), colour):
            return f"move {number}: {('Black', 'White')[colour]} wins before the last move"
        game.place((x, y))
    return None


def validate(text: str) -> None:
    games = parse(text)
    if not 1 <= len(games) <= 20:
        raise ValueError(f"{len(games)} datasets: needs 1 to 20")
    for number, (n, moves) in enumerate(games, 1):
        problem = game_problem(n, moves)
        if problem:
            raise ValueError(f"dataset {number}: {problem}")


def reference(text: str) -> str:
    return "".join(
        "yes\n" if play(n, moves).connected(BLACK) else "no\n" for n, moves in parse(text)
    )


# --- generators ----------------------------------------------------------------------------


def legal_points(n: int, colour: int, lo: Point = (0, 0), hi: Point | None = None) -> list[Point]:
    """The points of [lo, hi] (default the board) where `colour` may place a peg."""
    hx, hy = hi or (n, n)
    return [
        (x, y)
        for x in range(lo[0], hx + 1)
        for y in range(lo[1], hy + 1)
        if (0 < y < n if colour == BLACK else 0 < x < n)
    ]


def _pools(rng: random.Random, n: int, window: int, prefer) -> list[list[Point]]:
    """Black's and White's legal points in the order they play them: shuffled, the points
    prefer(colour, x, y) accepts first, all inside a random window x window square when
    0 < window < n."""
    lo, hi = (0, 0), (n, n)
    if 0 < window < n:
        lo = (rng.randint(0, n - window), rng.randint(0, n - window))
        hi = (lo[0] + window, lo[1] + window)
    pools = []
    for colour in (BLACK, WHITE):
        points = legal_points(n, colour, lo, hi)
        rng.shuffle(points)
        if prefer is not None:
            liked = [p for p in points if prefer(colour, *p)]
            points = liked + [p for p in points if not prefer(colour, *p)]
        pools.append(points)
    return pools


def random_moves(
    rng: random.Random, n: int, m: int, window: int = 0, *, prefer=None, no_early_win=False
) -> list[Point]:
    """Random legal placements, Black first, up to m of them and an odd count (fewer when a
    side runs out of points): each side plays its points in random order, those
    prefer(colour, x, y) accepts first, inside a random window x window square when
    window > 0. Either side may connect before the last move (not an input the statement
    allows, but quick, for tests of a solution's internals) unless no_early_win: then each
    side leaves a point that would connect for later, and the game runs as long as it can."""
    pools = _pools(rng, n, window, prefer)
    game = Game(n) if no_early_win else None
    taken: set[Point] = set()
    moves = []
    while len(moves) < m:
        colour = len(moves) % 2
        early = no_early_win and len(moves) < m - 1
        free = (p for p in pools[colour] if p not in taken)
        choice = next((p for p in free if not (early and game.wins_at(p, colour))), None)
        if choice is None:
            break
        taken.add(choice)
        moves.append(choice)
        if game is not None:
            game.place(choice)
    if len(moves) % 2 == 0:
        moves.pop()
    return moves


def random_game(rng: random.Random, n: int, m: int, window: int = 0) -> list[Point]:
    """random_moves() cut right after Black's first connecting move or right before White's:
    a legal game (at least 5 moves, since Black needs three pegs to span N >= 4)."""
    while True:
        moves = random_moves(rng, n, m, window)
        game = Game(n)
        for number, p in enumerate(moves, 1):
            colour = game.next_colour()
            game.place(p)
            if game.connected(colour):
                moves = moves[: number if colour == BLACK else number - 1]
                break
        if len(moves) >= 5:
            return moves


def generate(rng: random.Random, **params: int) -> str:
    """`cases` games (at most 20), each on 4 <= N <= n (at most 20) with M odd, 5 <= M <=
    moves (at most 249), ending at Black's first win (or before White's); half of them played
    inside a small window, where links cross most; 1, 3, 12 or all pairs on a line."""
    p = merged_params(PARAMS, params)
    top_n = max(4, min(20, p["n"]))
    top_m = max(5, min(249, p["moves"]))
    games = []
    for _ in range(max(1, min(20, p["cases"]))):
        n = rng.randint(4, top_n)
        window = rng.choice([0, 0, 4, 5, 6])
        moves = random_game(rng, n, rng.randrange(5, top_m + 1, 2), window)
        games.append(case_text(n, moves, per_line=rng.choice([1, 3, 12, 249])))
    return join_cases(games)


def cuts(case: str) -> Iterator[str]:
    """The game cut in half or two moves shorter, then without one (Black, White) pair of
    moves; only legal games."""
    ((n, moves),) = parse(join_cases([case]))
    half = len(moves) // 2 | 1
    variants = [moves[:half], moves[:-2]]
    variants += [moves[:i] + moves[i + 2 :] for i in range(0, len(moves) - 2, 2)]
    for shorter in variants:
        if shorter != moves and not game_problem(n, shorter):
            yield case_text(n, shorter)

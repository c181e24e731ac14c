"""Deliberately simple second implementation of Connect (Twixt), for stress tests.

Geometry: the common points of two closed segments computed exactly with fractions.Fraction by
solving P0 + t (P1 - P0) = Q0 + u (Q1 - Q0) (Cramer's rule), or, for parallel segments on one
line, by intersecting their parameter intervals. No orientation signs, no knight-specific facts.
Game: every link placed so far in one list; each candidate link is checked against all of them
(a bounding-box test first, only to save time);
Black's connectivity by breadth-first search over Black's links after the last move.
"""

from collections import deque
from fractions import Fraction


def common_points(p0, p1, q0, q1):
    """The common part of closed segments p0p1 and q0q1 (positive length each), as a list of
    points with Fraction coordinates: [] (disjoint), [pt] (one point), or [pt, pt2] (the two
    ends of a common piece of positive length).
    """
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
    # One line: q0 and q1 as parameters along p0 -> p1.
    rr = rx * rx + ry * ry
    t0 = Fraction(wx * rx + wy * ry, rr)
    t1 = Fraction((q1[0] - p0[0]) * rx + (q1[1] - p0[1]) * ry, rr)
    lo = max(Fraction(0), min(t0, t1))
    hi = min(Fraction(1), max(t0, t1))
    if lo > hi:
        return []
    first = (p0[0] + lo * rx, p0[1] + lo * ry)
    if lo == hi:
        return [first]
    return [first, (p0[0] + hi * rx, p0[1] + hi * ry)]


def touches_apart_from_shared_endpoint(p0, p1, q0, q1):
    """True unless the segments are disjoint or meet only in one point that ends both."""
    pts = common_points(p0, p1, q0, q1)
    if not pts:
        return False
    if len(pts) == 2:
        return True
    pt = pts[0]
    return not (pt in (p0, p1) and pt in (q0, q1))


def boxes_meet(p0, p1, q0, q1):
    """Cheap sound filter: segments whose bounding boxes are disjoint share no point."""
    return max(min(p0[0], p1[0]), min(q0[0], q1[0])) <= min(
        max(p0[0], p1[0]), max(q0[0], q1[0])
    ) and max(min(p0[1], p1[1]), min(q0[1], q1[1])) <= min(max(p0[1], p1[1]), max(q0[1], q1[1]))


KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, 2), (-2, 1), (-2, -1), (-1, -2)]


def play(n, moves, refused=None):
    """moves: list of (x, y), Black first. Returns (black_links, white_links) as lists of point
    pairs, after linking by the rules. When refused is a list, each refused link is appended to
    it as (its colour, the colour of the first link found touching it); 0 is Black, 1 White.
    """
    colour_at = {}
    links = []  # (colour, a, b) for every link on the board, both colours
    for i, (x, y) in enumerate(moves):
        colour = i % 2
        colour_at[(x, y)] = colour
        for dx, dy in KNIGHT_STEPS:
            other = (x + dx, y + dy)
            if colour_at.get(other) != colour:
                continue
            blockers = [
                c
                for c, a, b in links
                if boxes_meet((x, y), other, a, b)
                and touches_apart_from_shared_endpoint((x, y), other, a, b)
            ]
            if blockers:
                if refused is not None:
                    refused.append((colour, blockers[0]))
                continue
            links.append((colour, (x, y), other))
    black = [(a, b) for c, a, b in links if c == 0]
    white = [(a, b) for c, a, b in links if c == 1]
    return black, white


def black_connected(n, black_links, black_pegs):
    adj = {}
    for a, b in black_links:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    start = [p for p in black_pegs if p[0] == 0]
    seen = set(start)
    queue = deque(start)
    while queue:
        p = queue.popleft()
        if p[0] == n:
            return True
        for q in adj.get(p, ()):
            if q not in seen:
                seen.add(q)
                queue.append(q)
    return False


def answer(n, moves):
    """'yes' when Black's links join x = 0 to x = n after the last of the moves."""
    black, _ = play(n, moves)
    return "yes" if black_connected(n, black, moves[0::2]) else "no"


def solve(data):
    vals = [int(v) for v in data.split()]
    out = []
    pos = 0
    while pos + 1 < len(vals):
        n, m = vals[pos], vals[pos + 1]
        pos += 2
        if n == 0 and m == 0:
            break
        flat = vals[pos : pos + 2 * m]
        pos += 2 * m
        moves = list(zip(flat[0::2], flat[1::2]))
        out.append(answer(n, moves) + "\n")
    return "".join(out)

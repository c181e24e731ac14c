"""Exact segment geometry on integer points, and the crossing table of knight links.

Description: integer-only predicates for closed line segments: orientation, point on
    segment, "the segments share a point", and "they touch somewhere other than an endpoint
    they share" (the Twixt linking rule); and the table of the knight segments that touch a
    given knight segment, as relative offsets.
Rules: for knight segments (vectors (+-1, +-2), (+-2, +-1)) no lattice point lies inside one
    (test_no_lattice_point_strictly_inside_a_knight_segment); two on one line overlap only
    when identical (test_collinear_knight_segments_overlap_only_when_identical); two from one
    endpoint meet only there (test_knight_segments_sharing_an_endpoint_meet_only_there). So
    touching is a proper crossing, and the table is the whole story.
Usage: touches_apart_from_shared_endpoint((0, 0), (2, 1), (1, 0), (0, 2)) -> True
    knight_link_conflicts()[d] -> ((dx, dy, d2), ...): the link from (dx, dy) in direction
    KNIGHT_DIRECTIONS[d2] touches the link from (0, 0) in direction d.
Method: orientation (cross product) signs; collinear cases by coordinate ranges; the table
    is derived by testing every link starting within a window of 3, not written by hand.
Time: O(1) per predicate; knight_link_conflicts(window) makes 4 * 8 * (2 * window + 1)^2
    predicate calls, 1,568 at window 3 (measured: docs/twixt_connect.md, Layout of the
    solution).
Status: tests/test_segment_geometry.py compares the predicates with the Fraction geometry of
    stress/twixt_connect.py on every pair of segments in a 4 x 4 grid and every pair of knight
    segments in a 7 x 7 box, and checks 9 crossing links per link, symmetry and that a wider
    window finds nothing more.
"""

# Knight link directions with a positive x step: a link is stored by its endpoint with the
# smaller x (knight steps never have dx == 0) and the index of its direction here.
KNIGHT_DIRECTIONS = ((1, 2), (2, 1), (2, -1), (1, -2))


def orient(a, b, c):
    """Twice the signed area of triangle abc: > 0 left turn, < 0 right turn, 0 collinear."""
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def on_segment(p, a, b):
    """True when point p lies on the closed segment ab (a == b allowed)."""
    if orient(a, b, p) != 0:
        return False
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_intersect(a, b, c, d):
    """True when the closed segments ab and cd share at least one point."""
    o1 = orient(a, b, c)
    o2 = orient(a, b, d)
    o3 = orient(c, d, a)
    o4 = orient(c, d, b)
    if ((o1 > 0 > o2) or (o1 < 0 < o2)) and ((o3 > 0 > o4) or (o3 < 0 < o4)):
        return True  # proper crossing: each segment's ends lie strictly on both sides of the other
    return (
        (o1 == 0 and on_segment(c, a, b))
        or (o2 == 0 and on_segment(d, a, b))
        or (o3 == 0 and on_segment(a, c, d))
        or (o4 == 0 and on_segment(b, c, d))
    )


def touches_apart_from_shared_endpoint(a, b, c, d):
    """True when segments ab and cd (each of positive length) have a common point that is not
    an endpoint of both. This is the strict reading of "touch no segment except at an endpoint":
    a T-touch (an endpoint of one inside the other) counts as touching; a common endpoint alone
    does not; a collinear overlap of positive length does.
    """
    assert a != b and c != d, "segments must have positive length"
    if not segments_intersect(a, b, c, d):
        return False
    if {a, b} == {c, d}:
        return True  # the same segment: they overlap everywhere
    if a in (c, d):
        p, u = a, b
        v = d if a == c else c
    elif b in (c, d):
        p, u = b, a
        v = d if b == c else c
    else:
        return True  # they meet, and not at a shared endpoint
    # One shared endpoint p; the other ends u and v differ. They meet elsewhere only when they
    # run along one line in the same direction from p (then they overlap near p).
    if orient(p, u, v) != 0:
        return False
    return (u[0] - p[0]) * (v[0] - p[0]) + (u[1] - p[1]) * (v[1] - p[1]) > 0


def knight_link_conflicts(window=3):
    """For each direction index d, the tuple of (dx, dy, d2) such that the knight link from
    (dx, dy) in direction KNIGHT_DIRECTIONS[d2] touches the link from (0, 0) in direction d
    apart from a shared endpoint. Each tuple holds 10 entries: the 9 links that cross link d,
    and (0, 0, d) itself (a segment overlaps itself). Starts are scanned over
    [-window, window]^2; 3 is enough (a crossing link starts within 3 of the link's start),
    which a test checks against window 6.
    """
    table = []
    for ex, ey in KNIGHT_DIRECTIONS:
        found = []
        for dx in range(-window, window + 1):
            for dy in range(-window, window + 1):
                for d2, (fx, fy) in enumerate(KNIGHT_DIRECTIONS):
                    if touches_apart_from_shared_endpoint(
                        (0, 0), (ex, ey), (dx, dy), (dx + fx, dy + fy)
                    ):
                        found.append((dx, dy, d2))
        table.append(tuple(found))
    return tuple(table)

"""Tests for shared/segment_geometry.py against the Fraction geometry of stress/twixt_connect.py."""

import itertools

import pytest

from shared.segment_geometry import (
    KNIGHT_DIRECTIONS,
    knight_link_conflicts,
    on_segment,
    orient,
    segments_intersect,
    touches_apart_from_shared_endpoint,
)
from stress.twixt_connect import common_points
from stress.twixt_connect import touches as brute_touches

KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, 2), (-2, 1), (-2, -1), (-1, -2)]


def knight_segments(size):
    """Every knight segment with both endpoints in [0, size)^2, once, from its smaller-x end."""
    segs = []
    for x in range(size):
        for y in range(size):
            for ex, ey in KNIGHT_DIRECTIONS:
                if 0 <= x + ex < size and 0 <= y + ey < size:
                    segs.append(((x, y), (x + ex, y + ey)))
    return segs


def test_orient_signs():
    assert orient((0, 0), (1, 0), (0, 1)) > 0
    assert orient((0, 0), (1, 0), (0, -1)) < 0
    assert orient((0, 0), (2, 1), (4, 2)) == 0


@pytest.mark.parametrize(
    ("a", "b", "c", "d", "expected"),
    [
        ((0, 0), (2, 1), (1, 0), (0, 2), True),  # proper crossing of two knight links
        ((0, 0), (2, 1), (2, 1), (4, 0), False),  # shared endpoint only
        ((0, 0), (4, 0), (2, 0), (2, 3), True),  # T-touch: an end inside the other
        ((0, 0), (4, 0), (4, 0), (6, 0), False),  # collinear, end to end
        ((0, 0), (4, 0), (4, 0), (2, 0), True),  # collinear, shared end, overlapping back
        ((0, 0), (4, 0), (1, 0), (3, 0), True),  # collinear, one inside the other
        ((0, 0), (4, 0), (5, 0), (7, 0), False),  # collinear, apart
        ((0, 0), (2, 1), (0, 0), (2, 1), True),  # the same segment
        ((0, 0), (2, 1), (2, 1), (0, 0), True),  # the same segment, reversed
        ((0, 0), (2, 2), (0, 1), (2, 3), False),  # parallel, apart
        ((0, 0), (1, 2), (2, 0), (3, 2), False),  # disjoint knight links
    ],
)
def test_touch_degenerate_cases(a, b, c, d, expected):
    assert touches_apart_from_shared_endpoint(a, b, c, d) is expected
    assert brute_touches(a, b, c, d) is expected


def test_general_segments_all_pairs_in_4x4_grid_match_fraction_brute():
    """Every ordered pair of directed segments with endpoints in {0..3}^2: collinear overlaps,
    T-touches and shared endpoints of every kind occur here.
    """
    pts = [(x, y) for x in range(4) for y in range(4)]
    segs = [(a, b) for a in pts for b in pts if a != b]
    kinds = set()
    for (a, b), (c, d) in itertools.product(segs, segs):
        pts_common = common_points(a, b, c, d)
        assert segments_intersect(a, b, c, d) == bool(pts_common), (a, b, c, d)
        got = touches_apart_from_shared_endpoint(a, b, c, d)
        assert got == brute_touches(a, b, c, d), (a, b, c, d)
        kinds.add((len(pts_common), got))
    assert kinds == {(0, False), (1, False), (1, True), (2, True)}


def test_all_knight_segment_pairs_in_7x7_box_match_fraction_brute():
    segs = knight_segments(7)
    assert len(segs) == 4 * 5 * 6
    touching = 0
    for (a, b), (c, d) in itertools.product(segs, segs):
        expected = brute_touches(a, b, c, d)
        assert touches_apart_from_shared_endpoint(a, b, c, d) == expected, (a, b, c, d)
        assert touches_apart_from_shared_endpoint(b, a, d, c) == expected, (a, b, c, d)
        touching += expected
    assert touching > len(segs)  # more than the segments touching themselves


def test_no_lattice_point_strictly_inside_a_knight_segment():
    for ex, ey in KNIGHT_DIRECTIONS:
        for x in range(-3, 4):
            for y in range(-3, 4):
                if (x, y) in ((0, 0), (ex, ey)):
                    continue
                assert not on_segment((x, y), (0, 0), (ex, ey))


def test_knight_segments_sharing_an_endpoint_meet_only_there():
    """The links one new peg gets in one move share that peg, so they never block each other."""
    for (ax, ay), (bx, by) in itertools.combinations(KNIGHT_STEPS, 2):
        pts = common_points((0, 0), (ax, ay), (0, 0), (bx, by))
        assert pts == [(0, 0)], ((ax, ay), (bx, by), pts)
        assert not touches_apart_from_shared_endpoint((0, 0), (ax, ay), (0, 0), (bx, by))


def test_collinear_knight_segments_overlap_only_when_identical():
    segs = knight_segments(7)
    for (a, b), (c, d) in itertools.product(segs, segs):
        if orient(a, b, c) == 0 and orient(a, b, d) == 0:
            pts = common_points(a, b, c, d)
            if {a, b} != {c, d}:
                assert len(pts) <= 1, (a, b, c, d)
                assert all(p in (a, b) and p in (c, d) for p in pts)


def test_knight_segments_never_t_touch():
    """An endpoint of a knight segment lies on another only if it is an endpoint of both."""
    segs = knight_segments(7)
    for (a, b), (c, d) in itertools.product(segs, segs):
        for p in (c, d):
            if on_segment(p, a, b):
                assert p in (a, b)


def test_touch_readings_agree_for_knight_segments():
    """Three readings of "touch except at an endpoint" coincide on distinct knight segments:
    (1) a common point that is not an endpoint of both, (2) a common point that is an endpoint
    of neither, (3) a proper crossing of the interiors.
    """
    segs = knight_segments(7)
    for (a, b), (c, d) in itertools.product(segs, segs):
        if {a, b} == {c, d}:
            continue
        pts = common_points(a, b, c, d)
        strict = touches_apart_from_shared_endpoint(a, b, c, d)
        neither = any(p not in (a, b) and p not in (c, d) for p in pts)
        o1, o2 = orient(a, b, c), orient(a, b, d)
        o3, o4 = orient(c, d, a), orient(c, d, b)
        proper = o1 * o2 < 0 and o3 * o4 < 0
        assert strict == neither == proper, (a, b, c, d)


def test_conflict_table_has_nine_crossings_per_link_and_itself():
    table = knight_link_conflicts()
    for d, row in enumerate(table):
        assert len(row) == 10
        assert (0, 0, d) in row
        assert len(set(row)) == 10


def test_conflict_table_is_symmetric():
    table = knight_link_conflicts()
    for d, row in enumerate(table):
        for dx, dy, d2 in row:
            assert (-dx, -dy, d) in table[d2]


def test_conflict_table_does_not_depend_on_the_window():
    assert knight_link_conflicts(3) == knight_link_conflicts(6)


def test_conflict_table_matches_fraction_brute_everywhere_in_a_box():
    table = knight_link_conflicts()
    segs = knight_segments(9)
    for (a, b), (c, d) in itertools.product(segs, segs):
        d1 = KNIGHT_DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
        d2 = KNIGHT_DIRECTIONS.index((d[0] - c[0], d[1] - c[1]))
        in_table = (c[0] - a[0], c[1] - a[1], d2) in table[d1]
        assert in_table == brute_touches(a, b, c, d), (a, b, c, d)


def test_the_nine_links_crossing_a_steep_link():
    """Spelled out for the link (0,0)-(1,2): the 9 knight links that cross it, including the
    shallow ones through (0,1) and (1,1) that are easy to miss in a hand-made list.
    """
    expected = {
        frozenset(s)
        for s in [
            ((-1, 0), (1, 1)),
            ((-1, 1), (1, 0)),
            ((-1, 2), (1, 1)),
            ((0, 1), (2, 2)),
            ((0, 1), (2, 0)),
            ((0, 1), (1, -1)),
            ((0, 2), (2, 1)),
            ((0, 2), (1, 0)),
            ((0, 3), (1, 1)),
        ]
    }
    found = set()
    for dx, dy, d2 in knight_link_conflicts()[0]:
        ex, ey = KNIGHT_DIRECTIONS[d2]
        found.add(frozenset([(dx, dy), (dx + ex, dy + ey)]))
    found.discard(frozenset([(0, 0), (1, 2)]))
    assert found == expected

"""Tests for shared/grid_bitmask.py against a plain 2D flood fill."""

import random

from shared.grid_bitmask import (
    cell_bit,
    char_mask,
    components,
    flood,
    largest_size,
    neighbours,
    padded_width,
    popcount,
    squeeze,
    subset_unions,
)


def largest_region(mask, width):
    return largest_size(components(mask, width))


def plain_components(rows, ch):
    """Components of the cells equal to ch, each as a frozenset of (r, c), by iterative DFS."""
    n = len(rows)
    seen = set()
    out = []
    for r in range(n):
        for c in range(n):
            if rows[r][c] != ch or (r, c) in seen:
                continue
            comp = set()
            stack = [(r, c)]
            seen.add((r, c))
            while stack:
                y, x = stack.pop()
                comp.add((y, x))
                for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    if 0 <= ny < n and 0 <= nx < n and rows[ny][nx] == ch and (ny, nx) not in seen:
                        seen.add((ny, nx))
                        stack.append((ny, nx))
            out.append(frozenset(comp))
    return out


def cells_of(mask, n):
    w = padded_width(n)
    return frozenset((r, c) for r in range(n) for c in range(n) if mask >> (r * w + c) & 1)


def random_rows(rng, n):
    return ["".join(rng.choice("01.") for _ in range(n)) for _ in range(n)]


def test_components_and_largest_match_plain_flood_fill(scaled):
    rng = random.Random(20261121)
    for case in range(scaled(2000)):
        n = rng.randint(1, 8)
        rows = random_rows(rng, n)
        w = padded_width(n)
        for ch in "01.":
            mask = char_mask(rows, ch, w)
            want = sorted(plain_components(rows, ch), key=sorted)
            got = sorted((cells_of(m, n) for m in components(mask, w)), key=sorted)
            assert got == want, f"case {case}: n={n} ch={ch!r}\n" + "\n".join(rows)
            assert largest_region(mask, w) == max((len(c) for c in want), default=0)


def test_padded_column_stops_row_wrap():
    """The last cell of a row and the first of the next are not neighbours."""
    n = 3
    w = padded_width(n)
    rows = ["..0", "0..", "..."]
    mask = char_mask(rows, "0", w)
    assert len(components(mask, w)) == 2
    assert largest_region(mask, w) == 1


def test_neighbours_ring_on_board():
    n = 4
    w = padded_width(n)
    board = char_mask(["...."] * n, ".", w)
    corner = cell_bit(0, 0, w)
    ring = neighbours(corner, w) & board & ~corner
    assert cells_of(ring, n) == {(0, 1), (1, 0)}
    middle = cell_bit(1, 2, w)
    ring = neighbours(middle, w) & board & ~middle
    assert cells_of(ring, n) == {(0, 2), (2, 2), (1, 1), (1, 3)}


def test_flood_from_a_seed_outside_the_region_is_empty():
    n = 3
    w = padded_width(n)
    mask = char_mask(["0..", "...", "..0"], "0", w)
    assert flood(cell_bit(1, 1, w), mask, w) == 0
    assert flood(cell_bit(0, 0, w), mask, w) == cell_bit(0, 0, w)


def test_empty_region_and_full_board():
    for n in range(1, 9):
        w = padded_width(n)
        assert components(0, w) == []
        assert largest_region(0, w) == 0
        full = char_mask(["0" * n] * n, "0", w)
        assert largest_region(full, w) == n * n
        assert popcount(full) == n * n


def test_subset_unions_is_or_over_subsets():
    rng = random.Random(7)
    for k in range(0, 9):
        values = [rng.getrandbits(70) for _ in range(k)]
        table = subset_unions(values)
        assert len(table) == 1 << k
        for s in range(1 << k):
            want = 0
            for i in range(k):
                if s >> i & 1:
                    want |= values[i]
            assert table[s] == want


def test_largest_size_of_no_mask_is_zero():
    assert largest_size([]) == 0
    assert largest_size([0b1011, 0b1, 1 << 80]) == 3


def test_squeeze_keeps_sizes_unions_and_intersections():
    rng = random.Random(9)
    for _ in range(300):
        masks = [rng.getrandbits(80) & rng.getrandbits(80) for _ in range(rng.randint(0, 6))]
        small = squeeze(masks)
        used = 0
        for m in masks:
            used |= m
        assert all(s < 1 << popcount(used) for s in small)
        assert [popcount(s) for s in small] == [popcount(m) for m in masks]
        for i in range(len(masks)):
            for j in range(len(masks)):
                assert popcount(small[i] | small[j]) == popcount(masks[i] | masks[j])
                assert (small[i] & small[j] == 0) == (masks[i] & masks[j] == 0)
                assert (small[i] & ~small[j] == 0) == (masks[i] & ~masks[j] == 0)

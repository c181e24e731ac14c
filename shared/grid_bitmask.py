"""Regions of an n x n board held as one Python int bit mask.

Description: the cells of a board as the bits of an int, and its 4-connected regions.
Usage: w = padded_width(n); zero = char_mask(rows, "0", w); comps = components(zero, w);
    largest_size(comps); neighbours(m, w) & ~m is the ring around m; cell_bit(r, c, w);
    popcount(m); squeeze([m0, m1, ...]) -> the same sets in the smallest ints;
    subset_unions([m0, m1, ...])[S] = OR of the m_i with bit i set in S.
Method: cell (r, c) is bit r * w + c with w = n + 1: the spare column is never set, so a shift
    by 1 never wraps from one row into the next and no column masks are needed.
    flood(seed, region) repeats seed |= neighbours(seed) & region until it stops growing;
    components() peels off the lowest remaining cell's component one at a time;
    subset_unions() doubles the table once per value.
Time: flood O(d) big-int steps, d = the region's radius around the seed (<= n * n / 2);
    components O(n^2) steps at most; subset_unions O(2^k); squeeze O(bits set).
Memory: subset_unions: a list of 2^k ints.
Status: tests/test_grid_bitmask.py checks components and neighbours against a plain 2D flood
    fill on 2,000 seeded random boards (n = 1..8), subset_unions against a direct OR, squeeze
    on random masks (sizes, unions, inclusions kept); used by solutions/stake_your_claim.py.
"""


def padded_width(n):
    """Bits per board row: n cells plus one spare column that stops shifts wrapping."""
    return n + 1


def cell_bit(r, c, width):
    return 1 << (r * width + c)


def char_mask(rows, ch, width):
    """Mask of the cells of rows (strings) equal to ch."""
    mask = 0
    for r, row in enumerate(rows):
        base = r * width
        for c, x in enumerate(row):
            if x == ch:
                mask |= 1 << (base + c)
    return mask


def neighbours(mask, width):
    """The cells of mask and their N/S/E/W neighbours (may include off-board bits: and it with a
    board or region mask before use)."""
    return mask | mask << 1 | mask >> 1 | mask << width | mask >> width


def popcount(x):
    return bin(x).count("1")


def flood(seed, region, width):
    """The union of the 4-connected components of region that meet seed."""
    cur = seed & region
    while True:
        nxt = (cur | cur << 1 | cur >> 1 | cur << width | cur >> width) & region
        if nxt == cur:
            return cur
        cur = nxt


def components(region, width):
    """The 4-connected components of region, as a list of masks (lowest cell first)."""
    out = []
    while region:
        comp = flood(region & -region, region, width)
        out.append(comp)
        region ^= comp
    return out


def largest_size(masks):
    """The most cells in one of the masks (0 when there is none)."""
    best = 0
    for mask in masks:
        best = max(best, popcount(mask))
    return best


def squeeze(masks):
    """The same sets with every bit none of them uses taken out (the others keep their order):
    sizes, unions and intersections stay the same and the ints get as small as they can (a
    board's worth of cells spans 72 bits; under PyPy only ints below 2**63 are fast)."""
    used = 0
    for mask in masks:
        used |= mask
    squeezed_bit = {}
    while used:
        low = used & -used
        squeezed_bit[low] = 1 << len(squeezed_bit)
        used ^= low
    out = []
    for mask in masks:
        small = 0
        rest = mask
        while rest:
            low = rest & -rest
            small |= squeezed_bit[low]
            rest ^= low
        out.append(small)
    return out


def subset_unions(values):
    """The table u with u[S] = OR of values[i] over the bits i of S, for every S < 2**len(values)
    (built by doubling: u for the first i values, then the same with values[i] or-ed in)."""
    table = [0]
    for v in values:
        table += [x | v for x in table]
    return table

"""Claiming games solved exactly: retrograde analysis on bit sets, or a minimax on lists.

Description: players 0 and 1 alternately claim one of k free items until none is left; the
    result is any function of the final split. Both solvers give the mover's value under
    perfect play and the smallest-numbered first item reaching it.
Usage: claim_game_best_move(k, first, value0) -> (item, value), or the same call of
    claim_game_best_move_lists; value0(a) is player 0's final value when he ends with the
    items of the index mask a; value is from the mover's side. Bit sets only: lo <= value <
    hi narrows the work, guess(sorted final values) says where the search starts.
Method: a position is a trit string (item i free, player 0's, player 1's), index sum t_i 3^i.
    Bit sets: claiming item i adds 3^i or 2 * 3^i, so a move is a shift of a set over all
    3^k positions; W_t (player 0 forces a final value >= t) grows from the finished positions
    level by level (player 0: OR over items of (W >> 3^i) & free_i; player 1: AND of
    (W >> 2 * 3^i) | taken_i); the root value is found by galloping from the guess, then
    bisecting over the final values. Lists: the reachable positions, numbered once per (k,
    first), evaluated from the finished ones up. No pruning either way: every tie is seen.
Time: C(k, k/2) calls of value0. Bit sets: O(k^2) big-int operations on 3^k bits per
    threshold, O(log V) thresholds. Lists: one pass over the ~17,000 reachable positions at
    k = 10. Measured, and which is faster where: docs/stake_your_claim.md (Two game searches).
Memory: k ints of 3^k bits (3^10 bits = 7.2 KiB at k = 10) per k; the lists' plan, about
    85,000 child numbers per (k, first).
Status: tests/test_game_search.py checks both against a plain minimax on ~2,500 random value
    functions a run (k = 1..8, both first players, with and without lo/hi and guesses), and
    against each other at k = 10; solutions/stake_your_claim.py's boards go through both.
"""

_TRIT_MASKS = {}
_FINISHED = {}


def trit_masks(k):
    """(free, by_diff) over the 3^k positions, cached: free[i] = positions with item i free;
    by_diff[d] = positions where player 0 holds d more items than player 1."""
    masks = _TRIT_MASKS.get(k)
    if masks is None:
        free = []
        for i in range(k):
            p = 3**i
            period = 3 * p
            unit = (1 << p) - 1  # one period: item i is free on its first third
            res = 0
            shift = 0
            reps = 3 ** (k - i - 1)
            while reps:  # reps copies of the period, by doubling
                if reps & 1:
                    res |= unit << shift
                    shift += period
                unit |= unit << period
                period *= 2
                reps >>= 1
            free.append(res)
        by_diff = {0: 1}
        for i in range(k):
            p = 3**i
            nxt = {}
            for d, m in by_diff.items():
                nxt[d] = nxt.get(d, 0) | m
                nxt[d + 1] = nxt.get(d + 1, 0) | m << p
                nxt[d - 1] = nxt.get(d - 1, 0) | m << 2 * p
            by_diff = nxt
        masks = _TRIT_MASKS[k] = (free, by_diff)
    return masks


def finished_positions(k, share0):
    """[(a, index)] for every way player 0 can end with share0 of the k items: a as an index
    mask, index the position's trit index (player 1 holding the rest). Cached."""
    key = (k, share0)
    out = _FINISHED.get(key)
    if out is None:
        out = _FINISHED[key] = []
        twos = 3**k - 1  # every trit 2
        for a in range(1 << k):
            if bin(a).count("1") == share0:
                idx = twos
                for i in range(k):
                    if a >> i & 1:
                        idx -= 3**i
                out.append((a, idx))
    return out


def claim_game_best_move(k, first, value0, *, lo=None, hi=None, guess=None):
    """(item, value): the mover's (player `first`) best first item, the smallest among equally
    good ones, and his value under perfect play. lo <= value < hi, if given, must hold.
    guess(leaf_values) -> a guess at player 0's value from the sorted list of all final values
    (player 0's side); it only decides where the search starts."""
    if k < 1:
        raise ValueError("no item to claim")
    share0 = (k + 1) // 2 if first == 0 else k // 2
    leaves = [(value0(a), idx) for a, idx in finished_positions(k, share0)]
    win_set = _win_sets(k, first, leaves)
    # candidate values of the game for player 0: the leaf values inside the given bounds
    values = sorted({v for v, _ in leaves})
    start = None if guess is None else guess(sorted(v for v, _ in leaves))
    if lo is not None and hi is not None:
        flo, fhi = (lo, hi - 1) if first == 0 else (1 - hi, -lo)
        values = [v for v in values if flo <= v <= fhi]
    a, sets = _game_value(values, start, win_set)
    f = values[a]
    if first == 0:  # the first child still in W_f
        w = sets.get(a)
        if w is None:
            w = win_set(f)
        for i in range(k):
            if w >> 3**i & 1:
                return i, f
    else:  # the first child outside W_(f+1) (the next value up has the same set)
        w = sets.get(a + 1)
        if w is None:
            w = win_set(f + 1)
        for i in range(k):
            if not w >> 2 * 3**i & 1:
                return i, -f
    raise AssertionError("no first move reaches the game value")


def _win_sets(k, first, leaves):
    """win_set(t) -> W_t, the positions from which player 0 forces a final value >= t, as a
    bit set over the 3^k positions (bit 0: the start), from the finished ``leaves``."""
    free, by_diff = trit_masks(k)
    n = 3**k
    everything = (1 << n) - 1
    taken = [everything ^ f for f in free]
    some_free = 0
    for f in free:
        some_free |= f
    if first == 0:
        turn0, turn1 = by_diff.get(0, 0), by_diff.get(1, 0) & some_free
    else:
        turn0, turn1 = by_diff.get(-1, 0), by_diff.get(0, 0) & some_free
    steps0 = [3**i for i in range(k)]
    steps1 = [2 * 3**i for i in range(k)]
    nbytes = (n + 7) // 8

    def win_set(t):
        bits = bytearray(nbytes)
        for v, idx in leaves:
            if v >= t:
                bits[idx >> 3] |= 1 << (idx & 7)
        w = int.from_bytes(bits, "little")
        # w only ever holds finished levels, so each level's positions see exactly their
        # children; the mover of level L (items claimed) is `first` when L is even
        for level in range(k - 1, -1, -1):
            if (level & 1) == first:  # player 0 to move
                some = 0
                for i in range(k):
                    some |= w >> steps0[i] & free[i]
                w |= some & turn0
            else:
                every = turn1
                for i in range(k):
                    every &= w >> steps1[i] | taken[i]
                w |= every
        return w

    return win_set


def _game_value(values, start, win_set):
    """(a, sets): values[a] is player 0's value of the game (the largest t of ``values`` with
    the start in W_t), found by galloping from the first value >= ``start`` (steps doubling
    while the answers agree), then bisecting once bracketed; sets: the W_t computed, by index."""
    sets = {}
    a, b = 0, len(values) - 1  # invariant: values[a] <= game value <= values[b]
    i = (a + b + 1) // 2
    if start is not None:
        i = 0
        while i < b and values[i] < start:
            i += 1
    step = 1
    moved = 0  # bit 1: a has moved, bit 2: b has moved
    while a < b:
        if moved == 3:
            i = (a + b + 1) // 2
        i = max(a + 1, min(i, b))
        w = sets[i] = win_set(values[i])
        if w & 1:
            a = i
            moved |= 1
            i = a + step
        else:
            b = i - 1
            moved |= 2
            i = b - step + 1
        step *= 2
    return a, sets


_PLANS = {}


def minimax_plan(k, first):
    """The reachable positions of the claiming game on k items, player `first` to move, cached:
    (size, leaves, levels). Positions are numbered 0..size-1 level by level from the root (0).
    leaves: (a, number) of each finished position, a being player 0's items as in
    finished_positions(); levels: (turn, start, width, kids) for each level that has a move,
    from the last move up to the first: its positions are start, start + 1, ..., and
    kids[width * j : width * (j + 1)] are the numbers of the children of position start + j,
    in item order (every position of a level has `width` free items)."""
    key = (k, first)
    plan = _PLANS.get(key)
    if plan is None:
        number = {0: 0}  # trit index -> position number
        free = {0: (1 << k) - 1}  # trit index -> its free items
        level_indices = [0]
        levels = []
        for level in range(k):
            turn = first ^ (level & 1)
            add = [(turn + 1) * 3**i for i in range(k)]
            start = number[level_indices[0]]
            kids = []
            below = []
            for idx in level_indices:
                for i in range(k):
                    if free[idx] >> i & 1:
                        child = idx + add[i]
                        if child not in number:
                            number[child] = len(number)
                            free[child] = free[idx] ^ 1 << i
                            below.append(child)
                        kids.append(number[child])
            levels.append((turn, start, k - level, kids))
            level_indices = below
        levels.reverse()
        share0 = (k + 1) // 2 if first == 0 else k // 2
        leaves = [(a, number[idx]) for a, idx in finished_positions(k, share0)]
        plan = _PLANS[key] = (len(number), leaves, levels)
    return plan


def claim_game_best_move_lists(k, first, value0):
    """The same (item, value) as claim_game_best_move, by a plain minimax over the reachable
    positions, level by level from the finished ones, on a list of plain ints: no big integers.
    PyPy runs it several times faster than the bit-set sweeps (whose big-integer operations it
    runs slower than CPython does); CPython runs it several times slower."""
    if k < 1:
        raise ValueError("no item to claim")
    size, leaves, levels = minimax_plan(k, first)
    value = [0] * size  # player 0's final value under perfect play, by position number
    for a, pos in leaves:
        value[pos] = value0(a)
    for turn, start, width, kids in levels[:-1]:
        # two plain loops: the same with pick(value[kids[t]] for ...), pick = max or min,
        # takes a third longer under PyPy (the interpreter this function is for)
        if turn == 0:
            for j in range(0, len(kids), width):
                best = value[kids[j]]
                for t in range(j + 1, j + width):
                    best = max(best, value[kids[t]])
                value[start + j // width] = best
        else:
            for j in range(0, len(kids), width):
                best = value[kids[j]]
                for t in range(j + 1, j + width):
                    best = min(best, value[kids[t]])
                value[start + j // width] = best
    root_kids = levels[-1][3]
    sign = 1 if first == 0 else -1
    outcomes = [sign * value[c] for c in root_kids]  # the mover's value of each first item
    best = max(outcomes)
    return outcomes.index(best), best

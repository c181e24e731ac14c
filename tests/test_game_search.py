"""Tests for shared/game_search.py: both solvers of claiming games (bit-set sweeps, and the
list minimax used under PyPy) against a plain minimax."""

import random

import pytest

from shared.game_search import (
    claim_game_best_move,
    claim_game_best_move_lists,
    finished_positions,
    minimax_plan,
    trit_masks,
)


def plain_minimax(k, first, value0):
    """{item: value of claiming it first} for the mover, by recursion over all move orders."""

    def value(p, mine0, free):
        # player 0's final value, player p to move
        if not free:
            return value0(mine0)
        vals = []
        for i in range(k):
            if free >> i & 1:
                nxt = mine0 | 1 << i if p == 0 else mine0
                vals.append(value(1 - p, nxt, free ^ 1 << i))
        return max(vals) if p == 0 else min(vals)

    full = (1 << k) - 1
    out = {}
    for i in range(k):
        mine0 = 1 << i if first == 0 else 0
        v = value(1 - first, mine0, full ^ 1 << i)
        out[i] = v if first == 0 else -v
    return out


def random_value(rng, k, spread):
    table = {}

    def value0(a):
        if a not in table:
            table[a] = rng.randint(-spread, spread)
        return table[a]

    return value0


def check(k, first, value0, lo=None, hi=None, guess=None):
    moves = plain_minimax(k, first, value0)
    best = max(moves.values())
    want = (min(i for i, v in moves.items() if v == best), best)
    got = claim_game_best_move(k, first, value0, lo=lo, hi=hi, guess=guess)
    assert got == want, f"k={k} first={first} lo={lo} hi={hi}: want {want}, got {got}"
    got = claim_game_best_move_lists(k, first, value0)
    assert got == want, f"k={k} first={first}, lists: want {want}, got {got}"
    return best


def test_random_value_functions_against_plain_minimax(scaled):
    rng = random.Random(42)
    for _ in range(scaled(1500)):
        k = rng.randint(1, 6)
        first = rng.randint(0, 1)
        value0 = random_value(rng, k, rng.choice((1, 3, 20)))
        check(k, first, value0)


def test_exact_bounds_give_the_same_answer(scaled):
    """lo <= value < hi narrows the bisection; any correct bounds give the same answer."""
    rng = random.Random(43)
    for _ in range(scaled(500)):
        k = rng.randint(1, 6)
        first = rng.randint(0, 1)
        value0 = random_value(rng, k, 10)
        best = check(k, first, value0)
        lo = best - rng.randint(0, 4)
        hi = best + 1 + rng.randint(0, 4)
        check(k, first, value0, lo, hi)


def test_any_guess_gives_the_same_answer(scaled):
    """guess only moves the start of the search for the value."""
    rng = random.Random(44)
    for _ in range(scaled(500)):
        k = rng.randint(1, 6)
        first = rng.randint(0, 1)
        value0 = random_value(rng, k, 10)
        shift = rng.randint(-12, 12)
        check(k, first, value0, guess=lambda vals, s=shift: vals[len(vals) // 2] + s)


@pytest.mark.parametrize("k", [7, 8])
def test_larger_games(k, scaled):
    rng = random.Random(k)
    for _ in range(scaled(6)):
        check(k, rng.randint(0, 1), random_value(rng, k, 5))


SOLVERS = [claim_game_best_move, claim_game_best_move_lists]


@pytest.mark.parametrize("solver", SOLVERS)
def test_ties_go_to_the_smallest_item(solver):
    """A constant value function: every first move ties, item 0 is returned."""
    for k in range(1, 7):
        for first in (0, 1):
            assert solver(k, first, lambda a: 3) == (0, 3 if first == 0 else -3)


@pytest.mark.parametrize("solver", SOLVERS)
def test_single_item(solver):
    assert solver(1, 0, lambda a: 5 if a == 1 else -7) == (0, 5)
    assert solver(1, 1, lambda a: 5 if a == 1 else -7) == (0, 7)


@pytest.mark.parametrize("solver", SOLVERS)
def test_no_item_is_an_error(solver):
    with pytest.raises(ValueError):
        solver(0, 0, lambda a: 0)


def test_ten_items_both_solvers_agree(scaled):
    """k = 10, the size Stake Your Claim needs (too big for the plain minimax here)."""
    rng = random.Random(10)
    for _ in range(scaled(3)):
        first = rng.randint(0, 1)
        value0 = random_value(rng, 10, 4)
        assert claim_game_best_move(10, first, value0) == claim_game_best_move_lists(
            10, first, value0
        )


def test_minimax_plan_numbers_every_reachable_position_once():
    for k in range(1, 7):
        for first in (0, 1):
            size, leaves, levels = minimax_plan(k, first)
            assert [turn for turn, _, _, _ in levels] == [first ^ (i & 1) for i in range(k)][::-1]
            assert levels[-1][1:3] == (0, k)  # the root: position 0, every item free
            below = {pos for _, pos in leaves}
            assert len(below) == len(leaves)
            for _, start, width, kids in levels:  # from the last move up
                assert len(kids) % width == 0
                assert set(kids) == below  # the children are exactly the level below
                below = set(range(start, start + len(kids) // width))
            assert below == {0}
            assert size == len(leaves) + sum(len(kids) // w for _, _, w, kids in levels)


def test_masks_and_finished_positions():
    for k in range(1, 7):
        free, by_diff = trit_masks(k)
        for idx in range(3**k):
            trits = [idx // 3**i % 3 for i in range(k)]
            for i in range(k):
                assert (free[i] >> idx & 1) == (trits[i] == 0)
            d = trits.count(1) - trits.count(2)
            assert by_diff[d] >> idx & 1
        for share in range(k + 1):
            got = finished_positions(k, share)
            assert len(got) == len({a for a, _ in got})
            for a, idx in got:
                assert bin(a).count("1") == share
                assert idx == sum((1 if a >> i & 1 else 2) * 3**i for i in range(k))

"""Tests for shared/assignment.py against every permutation."""

import itertools
import random

from shared.assignment import assignment_potentials

FORBIDDEN = 1 << 20


def least_total(cost):
    n = len(cost)
    return min(sum(cost[i][p[i]] for i in range(n)) for p in itertools.permutations(range(n)))


def test_small_example():
    u, v = assignment_potentials([[4, 1], [2, 0]])
    assert sum(u) + sum(v) == 3
    assert assignment_potentials([]) == ([], [])
    assert sum(sum(pair) for pair in assignment_potentials([[7]])) == 7


def test_potentials_prove_the_least_total(scaled):
    """The potentials' sum is the least total of every permutation, and no pair's reduced
    cost is negative; costs may be negative, repeated, or forbidden (the diagonal, as a
    pairing's matrix has it)."""
    rng = random.Random(3116)
    for case in range(scaled(400)):
        n = rng.randint(1, 7)
        low = rng.choice([0, -5])
        cost = [[rng.randint(low, rng.choice([3, 20])) for _ in range(n)] for _ in range(n)]
        if n > 1 and rng.random() < 0.5:
            for i in range(n):
                cost[i][i] = FORBIDDEN
        u, v = assignment_potentials(cost)
        assert sum(u) + sum(v) == least_total(cost), (case, cost, u, v)
        assert all(u[i] + v[j] <= cost[i][j] for i in range(n) for j in range(n)), (case, cost)


def test_potentials_bound_every_sub_assignment(scaled):
    """Rows R assigned one-to-one to columns C cost at least sum(u[R]) + sum(v[C])."""
    rng = random.Random(1643)
    for case in range(scaled(200)):
        n = rng.randint(2, 6)
        cost = [[rng.randint(0, 9) for _ in range(n)] for _ in range(n)]
        u, v = assignment_potentials(cost)
        size = rng.randint(1, n)
        rows = rng.sample(range(n), size)
        columns = rng.sample(range(n), size)
        least = min(
            sum(cost[r][c] for r, c in zip(rows, order))
            for order in itertools.permutations(columns)
        )
        assert least >= sum(u[r] for r in rows) + sum(v[c] for c in columns), (case, cost)

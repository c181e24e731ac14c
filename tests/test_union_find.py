"""Tests for shared/union_find.py against naive relabelling."""

import random

from shared.union_find import UnionFind


def size(uf, x):
    """The size of x's set, read from the representation (a root holds minus its size)."""
    return -uf.parent[uf.find(x)]


def test_small_example():
    uf = UnionFind(5)
    assert uf.union(0, 3) is True
    assert uf.union(3, 0) is False
    assert uf.same(3, 0)
    assert not uf.same(1, 0)
    assert size(uf, 0) == 2
    assert size(uf, 4) == 1


def test_random_operations_match_naive_labels(scaled):
    rng = random.Random(4)
    for case in range(scaled(300)):
        n = rng.randint(1, 40)
        uf = UnionFind(n)
        label = list(range(n))
        ops = []
        for _ in range(rng.randint(0, 3 * n)):
            a, b = rng.randrange(n), rng.randrange(n)
            ops.append((a, b))
            merged = label[a] != label[b]
            got = uf.union(a, b)
            if merged:
                old, new = label[b], label[a]
                label = [new if v == old else v for v in label]
            assert got == merged, (case, n, ops)
            for x in range(n):
                for y in (0, n - 1, rng.randrange(n)):
                    assert uf.same(x, y) == (label[x] == label[y]), (case, n, ops)
                assert size(uf, x) == label.count(label[x]), (case, n, ops)


def test_long_chain_stays_correct():
    n = 20000
    uf = UnionFind(n)
    for i in range(n - 1):
        uf.union(i, i + 1)
    assert size(uf, 0) == n
    assert uf.same(0, n - 1)

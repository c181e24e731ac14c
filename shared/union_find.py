"""Disjoint-set union (union-find) over the integers 0..n-1.

Description: maintains a partition under union(a, b); same(a, b) tells whether a and b are in
    one set.
Usage: uf = UnionFind(5); uf.union(0, 3) -> True; uf.same(3, 0) -> True
Method: a parent array where a root holds minus its set size; union by size, path splitting.
Time: amortised O(alpha(n)) per operation.
Memory: one list of n ints.
Status: tests/test_union_find.py checks it against naive relabelling on 300 seeded random
    operation sequences and a 20,000-long chain; used by solutions/twixt_connect.py (official
    judge data passes).
"""


class UnionFind:
    __slots__ = ("parent",)

    def __init__(self, n):
        self.parent = [-1] * n

    def find(self, x):
        parent = self.parent
        while parent[x] >= 0:
            up = parent[x]
            if parent[up] >= 0:  # path splitting: point x at its grandparent
                parent[x] = parent[up]
            x = up
        return x

    def union(self, a, b):
        """Merge the sets of a and b; return False when they were already one set."""
        a = self.find(a)
        b = self.find(b)
        if a == b:
            return False
        parent = self.parent
        if parent[a] > parent[b]:  # a is the smaller set: hang it under b
            a, b = b, a
        parent[a] += parent[b]
        parent[b] = a
        return True

    def same(self, a, b):
        return self.find(a) == self.find(b)

"""Deliberately simple reference solvers for Stake Your Claim (POJ 3317).

brute_move_values / brute_board: plain minimax over every move order on a 2D list of
    characters, scoring finished boards with a recursive flood fill. Its only memo is a dict
    keyed by the whole board text (the trivial kind), which keeps 7-empty boards fast enough
    for thousands of stress cases.
memo_board: a second, independent solver for the larger cases (up to 10 empties): it scores every
    finished board once with a union-find over the grid, then runs a dict-memoized minimax over
    (cells taken by player 0, cells taken by player 1) bit masks of the empty list.
Both return (row, col, value): the first move in (row, col) order reaching the best value for the
mover, and that value = mover's largest region - opponent's largest region.
"""

import sys

from shared.union_find import UnionFind

sys.setrecursionlimit(10000)


def largest_region(grid, ch):
    """Largest 4-connected region of cells equal to ch, by recursive flood fill."""
    n = len(grid)
    seen = [[False] * n for _ in range(n)]

    def fill(r, c):
        if r < 0 or r >= n or c < 0 or c >= n or seen[r][c] or grid[r][c] != ch:
            return 0
        seen[r][c] = True
        return 1 + fill(r + 1, c) + fill(r - 1, c) + fill(r, c + 1) + fill(r, c - 1)

    best = 0
    for r in range(n):
        for c in range(n):
            best = max(best, fill(r, c))
    return best


def mover_of(grid):
    zeros = sum(row.count("0") for row in grid)
    ones = sum(row.count("1") for row in grid)
    return "0" if zeros == ones else "1"


def brute_move_values(rows):
    """{(row, col): value of that first move for the mover} by plain minimax."""
    grid = [list(row) for row in rows]
    n = len(grid)
    memo = {}

    def value(player):
        """Best final (player's region - other's region) with player to move."""
        key = "".join("".join(row) for row in grid)
        if key in memo:
            return memo[key]
        other = "1" if player == "0" else "0"
        best = None
        for r in range(n):
            for c in range(n):
                if grid[r][c] == ".":
                    grid[r][c] = player
                    v = -value(other)
                    grid[r][c] = "."
                    if best is None or v > best:
                        best = v
        if best is None:  # board full
            best = largest_region(grid, player) - largest_region(grid, other)
        memo[key] = best
        return best

    me = mover_of(grid)
    you = "1" if me == "0" else "0"
    values = {}
    for r in range(n):
        for c in range(n):
            if grid[r][c] == ".":
                grid[r][c] = me
                values[(r, c)] = -value(you)
                grid[r][c] = "."
    return values


def brute_board(rows):
    """Plain minimax over all move orders; returns (row, col, value) for the mover: the first
    move in (row, col) order with the best value."""
    values = brute_move_values(rows)
    best = max(values.values())
    r, c = min(rc for rc, v in values.items() if v == best)
    return r, c, best


def memo_board(rows):
    """Leaf table by union-find, then memoized minimax over bit masks of the empty cells."""
    n = len(rows)
    empties = [(r, c) for r in range(n) for c in range(n) if rows[r][c] == "."]
    k = len(empties)
    me = mover_of(rows)
    full = (1 << k) - 1

    def score0(mask0):
        """Player 0's region minus player 1's when empties in mask0 go to 0, the rest to 1."""
        cell = [list(row) for row in rows]
        for i, (r, c) in enumerate(empties):
            cell[r][c] = "0" if mask0 >> i & 1 else "1"
        uf = UnionFind(n * n)
        for r in range(n):
            for c in range(n):
                if r + 1 < n and cell[r][c] == cell[r + 1][c]:
                    uf.union(r * n + c, (r + 1) * n + c)
                if c + 1 < n and cell[r][c] == cell[r][c + 1]:
                    uf.union(r * n + c, r * n + c + 1)
        big = {"0": 0, "1": 0}
        for r in range(n):
            for c in range(n):
                ch = cell[r][c]
                big[ch] = max(big[ch], uf.size(r * n + c))
        return big["0"] - big["1"]

    leaf = {}
    memo = {}

    def value0(a, b, turn):
        """Final score from player 0's side under best play, turn = player to move."""
        key = (a, b)
        if key in memo:
            return memo[key]
        free = full & ~a & ~b
        if free == 0:
            if a not in leaf:
                leaf[a] = score0(a)
            res = leaf[a]
        else:
            vals = []
            for i in range(k):
                if free >> i & 1:
                    if turn == "0":
                        vals.append(value0(a | 1 << i, b, "1"))
                    else:
                        vals.append(value0(a, b | 1 << i, "0"))
            res = max(vals) if turn == "0" else min(vals)
        memo[key] = res
        return res

    answer = None
    for i, (r, c) in enumerate(empties):
        if me == "0":
            v = value0(1 << i, 0, "1")
        else:
            v = -value0(0, 1 << i, "0")
        if answer is None or v > answer[2]:
            answer = (r, c, v)
    return answer


def solve_with(board_solver, data):
    """Token-based reader for the judge format; returns the judge's output text."""
    tokens = data.split()
    pos = 0
    out = []
    while pos < len(tokens):
        n = int(tokens[pos])
        pos += 1
        if n == 0:
            break
        rows = [tok.decode() for tok in tokens[pos : pos + n]]
        pos += n
        r, c, v = board_solver(rows)
        out.append(f"({r},{c}) {v}\n")
    return "".join(out)

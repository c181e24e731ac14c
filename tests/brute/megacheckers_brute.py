"""Brute force for MegaCheckers (POJ 3116): plain depth-first search on the real board.

Works on the N x M grid directly (no home numbering shortcuts beyond reading the input): every
piece of ours tries every capture sequence; a captured piece is removed from the board, the
starting home is empty once the piece has left. Exponential; for small boards only.
"""


def board_from_homes(n, m, homes):
    """Grid of 0/1/2 (None on light squares) from the home values in input order."""
    grid = [[None] * m for _ in range(n)]
    k = 0
    for r in range(n):
        for c in range(m):
            if (r + c) % 2 == 0:
                grid[r][c] = homes[k]
                k += 1
    assert k == len(homes)
    return grid


def best_capture(n, m, homes):
    grid = board_from_homes(n, m, homes)

    def dfs(r, c):
        best = 0
        for dr in (-1, 1):
            for dc in (-1, 1):
                r1, c1, r2, c2 = r + dr, c + dc, r + 2 * dr, c + 2 * dc
                if 0 <= r2 < n and 0 <= c2 < m and grid[r1][c1] == 2 and grid[r2][c2] == 0:
                    grid[r1][c1] = 0
                    best = max(best, 1 + dfs(r2, c2))
                    grid[r1][c1] = 2
        return best

    answer = 0
    for r in range(n):
        for c in range(m):
            if grid[r][c] == 1:
                grid[r][c] = 0
                answer = max(answer, dfs(r, c))
                grid[r][c] = 1
    return answer


def solve(data):
    tokens = data.split()
    out = []
    pos = 0
    while True:
        n, m = int(tokens[pos]), int(tokens[pos + 1])
        pos += 2
        if n == 0 and m == 0:
            break
        k = (n * m + 1) // 2
        homes = [int(t) for t in tokens[pos : pos + k]]
        pos += k
        out.append(str(best_capture(n, m, homes)))
    return "".join(line + "\n" for line in out)


def format_case(n, m, homes):
    return f"{n} {m}\n{' '.join(map(str, homes))}\n"


def random_board(rng, n, m, p2, p1):
    """Uniformly scattered pieces: each home is opponent with chance p2, ours with chance p1,
    capped at floor(NM/4) pieces per side as the statement promises."""
    k = (n * m + 1) // 2
    lim = n * m // 4
    order = list(range(k))
    rng.shuffle(order)
    homes = [0] * k
    n2 = min(lim, sum(rng.random() < p2 for _ in range(k)))
    n1 = min(lim, k - n2, sum(rng.random() < p1 for _ in range(k)))
    for i in order[:n2]:
        homes[i] = 2
    for i in order[n2 : n2 + n1]:
        homes[i] = 1
    return homes


def dense_board(rng, n, m, fill, own, stray=0.0, holes_for_own=0.3):
    """The nasty shape: opponent pieces on a `fill` share of the (odd row, odd column) homes --
    the densest capture web -- plus a `stray` share of the other homes; `own` pieces of ours,
    mostly on (even, even) homes (some on emptied odd homes). At most floor(NM/4) per side."""
    k = (n * m + 1) // 2
    lim = n * m // 4
    cells = [(r, c) for r in range(n) for c in range(m) if (r + c) % 2 == 0]
    homes = [0] * k
    odd = [i for i, (r, _) in enumerate(cells) if r % 2 == 1]
    even = [i for i, (r, _) in enumerate(cells) if r % 2 == 0]
    rng.shuffle(odd)
    rng.shuffle(even)
    twos = [i for i in odd if rng.random() < fill] + [i for i in even if rng.random() < stray]
    rng.shuffle(twos)
    for i in twos[:lim]:
        homes[i] = 2
    free = [i for i in even if homes[i] == 0]
    free += [i for i in odd if homes[i] == 0 and rng.random() < holes_for_own]
    rng.shuffle(free)
    for i in free[: min(lim, own)]:
        homes[i] = 1
    return homes


def full_web(n, m, own_cells):
    """Opponent pieces on every (odd row, odd column) home, ours on own_cells (even, even)."""
    homes = []
    for r in range(n):
        for c in range(m):
            if (r + c) % 2 == 0:
                if r % 2 == 1:
                    homes.append(2)
                else:
                    homes.append(1 if (r, c) in own_cells else 0)
    return homes

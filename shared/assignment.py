"""Least-cost assignment (the Hungarian method), with the dual potentials that prove it.

Description: for an n x n matrix of integer costs, potentials u (rows) and v (columns) with
    u[i] + v[j] <= cost[i][j] for every pair and sum(u) + sum(v) the least total cost of an
    assignment (row i to column p(i), p a permutation). The potentials bound more than the
    whole: any rows R assigned one-to-one to columns C cost at least sum(u[R]) + sum(v[C]).
Usage: u, v = assignment_potentials([[4, 1], [2, 0]]) -> sum(u) + sum(v) == 3
Method: rows are added one at a time; each addition is a shortest augmenting path over the
    reduced costs cost[i][j] - u[i] - v[j] >= 0 (Dijkstra's order without a heap: the column
    of least reduced cost joins next), after which the potentials of the columns reached move
    so that the path's costs reduce to zero. Potentials stay integral on integer costs.
Time: O(n^3).
Memory: O(n) besides the matrix.
Status: tests/test_assignment.py checks the total against every permutation on 400 seeded
    random matrices up to 7 x 7 (some with forbidden pairs), and the potentials' feasibility
    and their bound on sub-assignments; used by solutions/megacheckers.py for the bound of its
    pairing search (test_pairing_bound_stays_below_the_cheapest_pairing).
"""


def assignment_potentials(cost):
    """(u, v) for the square matrix ``cost`` (lists of ints): see the module doc."""
    n = len(cost)
    big = 1 << 62  # above every reduced cost (a machine int still, for PyPy)
    u = [0] * (n + 1)  # index 0 is the row being added; rows and columns are 1-based
    v = [0] * (n + 1)
    owner = [0] * (n + 1)  # owner[j]: the row assigned to column j (0: none yet)
    came = [0] * (n + 1)  # the column before j on the shortest path
    for row in range(1, n + 1):
        owner[0] = row
        column = 0
        least = [big] * (n + 1)
        done = [False] * (n + 1)
        while owner[column]:
            done[column] = True
            i = owner[column]
            costs = cost[i - 1]
            ui = u[i]
            step, nearest = big, 0
            for j in range(1, n + 1):
                if not done[j]:
                    reduced = costs[j - 1] - ui - v[j]
                    if reduced < least[j]:
                        least[j] = reduced
                        came[j] = column
                    if least[j] < step:
                        step, nearest = least[j], j
            for j in range(n + 1):
                if done[j]:
                    u[owner[j]] += step
                    v[j] -= step
                else:
                    least[j] -= step
            column = nearest
        while column:  # flip the path's assignments back to the new row
            before = came[column]
            owner[column] = owner[before]
            column = before
    return u[1:], v[1:]

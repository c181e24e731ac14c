"""MegaCheckers (POJ 3116): most opponent pieces one piece can capture in one move.

Description: N x M board (3 <= N, M <= 20, NM <= 200), homes are the cells with r + c even,
  numbered row by row (shared.checkers_board). One piece of ours jumps diagonally (all four
  directions) over opponent pieces onto empty homes, any number of times, never over the same
  piece twice; its starting home is empty once it has left. Print the most captures.
Rules relied on, and what they make of the board:
  1. Lattice. A jump changes (r, c) by (+-2, +-2), so the mover stays on the homes with its own
     r % 2 and (r + c) % 4: its lattice. A piece at X lies between two lattice homes on only ONE
     of its two diagonals (the other diagonal joins homes with r + c two apart mod 4), so for one
     mover every opponent piece is at most ONE edge; and captured pieces are never on the lattice,
     so removing them never opens a landing home. Other own pieces block their home for good.
  2. So the answer is the longest TRAIL (edges distinct, vertices may repeat) from the mover's
     home in the simple graph G: vertices = empty lattice homes + the start, edges = jumpable
     opponent pieces; maximised over our pieces.
Method (exact; proofs of each step):
  - Upper bound. Let P be a trail from x to w inside x's component C, F = C - P. Degrees in F are
    odd exactly on J = O ^ {x} ^ {w} (O = odd vertices of C; the two endpoint toggles cancel when
    w = x). A J-join splits into |J|/2 edge-disjoint paths pairing J up (plus cycles), so |F| is
    at least the cheapest pairing of J by shortest-path distance. J0 = O ^ {x} has odd size; J is
    J0 minus w, or J0 plus w paired with someone (cost >= 0), so |F| >= nu = the cheapest
    matching of J0 that leaves exactly one point out:  |P| <= |C| - nu.  Cheaper relaxation: a
    pair (a, b) costs d(a, b) >= (near(a) + near(b)) / 2, near = distance to the closest other
    point of J0, so nu >= ceil((sum near - max near) / 2).
  - Lower bound. For any such matching, remove the XOR of its shortest paths from C: now only x
    and the left-out point can be odd, so x's component has an Euler trail from x. Its edge count
    is achievable. When it meets the upper bound, that start (or search node) is solved.
  - Bridge-tree bound. A trail crosses a bridge at most once and can never come back, so it
    runs through a path of 2-edge-connected blocks B0 (holding x), B1, ..., Bk of the bridge
    tree, inside each block from its entry to its exit vertex (the last block: to anywhere).
    Inside a block the matching bound holds with the block's own edges and distances (odd set
    O_B ^ {entry} ^ {exit}, all paired; the last block leaves one out). The best such path is
    an upper bound. It fixes what the global bound misses: a join path through a cut vertex
    that would cut off a whole cycle.
  - Otherwise a depth-first search over the trail's next edge, applying the bounds at every
    node to the remaining graph (a node whose bound cannot beat the best is cut; a node whose
    construction meets its bound is closed), with a transposition table keyed by (vertex, edges
    left in its component) storing the longest prefix seen there (a revisit with a prefix no
    longer than that cannot do better). Starts are skipped when their bound cannot beat the
    best answer so far; starts on one lattice share its graph. Every cut removes only trails
    that cannot beat a value already reached, so the result is exact.
Complexity: building the lattices O(NM); per search node O(|J| (V + E)) for distances plus a
  branch-and-bound matching (capped; past the cap the cheaper bound is used); the search is
  exponential in the worst case, but on the densest webs the root bounds meet and no search is
  needed at all.
Status: exact answers = brute force on thousands of random, dense and full-web boards
  (tests/test_megacheckers.py; tests/brute/megacheckers_brute.py), the bounds sandwich the exact
  trail length on random graphs (test_bounds_sandwich_the_exact_longest_trail), and the bench
  files' answers were checked by the brute force (44 s for the ten full webs). Whole process,
  bundle run with -I -S, min / median of 21 runs on a loaded 2-core machine (bench cases of
  bench/megacheckers.py): ten full webs 0.016 / 0.016 s under 3.11 and 0.016 / 0.019 s under
  3.8 (bare start-up 0.008 s); eight adversarial boards 0.105 / 0.109 s and 0.157 / 0.161 s.
"""

import sys

from shared.checkers_board import home_cells, jump_table

INF = 1 << 30


def _bfs_layers(src_bit, nbr):
    """Layers (list of bit masks) of a BFS from the vertex src_bit over adjacency masks nbr."""
    layers = [src_bit]
    seen = src_bit
    frontier = src_bit
    while frontier:
        nxt = 0
        f = frontier
        while f:
            low = f & -f
            nxt |= nbr[low.bit_length() - 1]
            f ^= low
        nxt &= ~seen
        if not nxt:
            break
        seen |= nxt
        layers.append(nxt)
        frontier = nxt
    return layers, seen


def _matching_bnb(dist, k, limit, node_cap=4000):
    """Least total dist of a matching that leaves exactly one of k (odd) points unmatched, by
    branch and bound (a point pairs with the lowest remaining one, or is the one left out).
    Returns (cost, pairs) with cost < limit; (limit, None) when no matching beats limit; and
    (None, None) when the node budget ran out (the caller then falls back on a cheaper bound)."""
    order = [sorted((j for j in range(k) if j != i), key=dist[i].__getitem__) for i in range(k)]
    best = [limit, None]
    chosen = []
    nodes = [0]
    seen = {}

    def lower(mask, skipped):
        nears = []
        m = mask
        while m:
            low = m & -m
            i = low.bit_length() - 1
            m ^= low
            for j in order[i]:
                if mask >> j & 1:
                    nears.append(dist[i][j])
                    break
        if not nears:
            return 0
        tot = sum(nears) if skipped else sum(nears) - max(nears)
        return (tot + 1) >> 1

    def go(mask, skipped, acc):
        if not mask:
            best[0] = acc
            best[1] = chosen[:]
            return
        key = mask * 2 + skipped
        if seen.get(key, INF) <= acc:
            return  # this rest was already searched from a cheaper prefix
        seen[key] = acc
        nodes[0] += 1
        if nodes[0] > node_cap or acc + lower(mask, skipped) >= best[0]:
            return
        low = mask & -mask
        i = low.bit_length() - 1
        rest = mask ^ low
        di = dist[i]
        for j in order[i]:
            if rest >> j & 1:
                chosen.append((i, j))
                go(rest ^ (1 << j), skipped, acc + di[j])
                chosen.pop()
        if not skipped:
            go(rest, 1, acc)

    go((1 << k) - 1, 0, 0)
    if nodes[0] > node_cap:
        return None, None
    return best[0], best[1]


def _greedy_matching(dist, k):
    """Pairs all but one of k (odd) points greedily by increasing distance."""
    cand = sorted((dist[i][j], i, j) for i in range(k) for j in range(i + 1, k))
    used = 0
    pairs = []
    total = 0
    for d, i, j in cand:
        if len(pairs) * 2 == k - 1:
            break
        if not (used >> i & 1 or used >> j & 1):
            used |= (1 << i) | (1 << j)
            pairs.append((i, j))
            total += d
    return total, pairs


def _trail_after_join(x, nbr, points, pairs):
    """Edges of x's component once the join made of shortest paths between the paired points is
    removed: an Euler trail from x covers exactly them, since only x and the one unmatched point
    of J0 can have odd degree there."""
    jl, layers, dist = points
    orig = nbr[:]
    for i, j in pairs:
        lay = layers[i]
        v = jl[j]
        d = dist[i][j]
        while d:
            cand = orig[v] & lay[d - 1]
            u = (cand & -cand).bit_length() - 1
            nbr[u] ^= 1 << v
            nbr[v] ^= 1 << u
            v = u
            d -= 1
    _, comp = _bfs_layers(1 << x, nbr)
    tot = 0
    c = comp
    while c:
        low = c & -c
        tot += _popcount(nbr[low.bit_length() - 1])
        c ^= low
    nbr[:] = orig
    return tot >> 1


def _popcount(x):
    return bin(x).count("1")


def _analyse(x, nbr, comp):
    """Bounds for trails from x over the graph nbr, comp being x's component. Returns (edges, jl,
    layers, dist, cheap): edges in x's component, the odd-size set J0 = odd(component) ^ {x} as a
    list, BFS layers and the distance matrix of J0, and the cheap upper bound
    edges - ceil((sum near - max near) / 2)."""
    deg2 = 0
    jset = 1 << x
    c = comp
    while c:
        low = c & -c
        c ^= low
        d = _popcount(nbr[low.bit_length() - 1])
        deg2 += d
        if d & 1:
            jset ^= low
    jmask = jset
    jl = []
    where = {}
    while jset:
        low = jset & -jset
        where[low] = len(jl)
        jl.append(low.bit_length() - 1)
        jset ^= low
    k = len(jl)
    layers = []
    dist = []
    tot = 0
    top = 0
    for a in jl:
        lay, _ = _bfs_layers(1 << a, nbr)
        layers.append(lay)
        row = [0] * k
        near = INF
        for d, m in enumerate(lay):
            hits = m & jmask
            while hits:
                low = hits & -hits
                hits ^= low
                row[where[low]] = d
                if 0 < d < near:
                    near = d
        dist.append(row)
        if near < INF:
            tot += near
            top = max(top, near)
    edges = deg2 >> 1
    return edges, jl, layers, dist, edges - ((tot - top + 1) >> 1)


def _near_bound(points, nbr, skip_one):
    """Lower bound on the cheapest pairing of the vertex list `points` by distances in nbr:
    every point pays half the distance to its nearest other point (minus the largest of these
    when one point may stay unpaired)."""
    if len(points) < 2:
        return 0
    pset = 0
    for v in points:
        pset |= 1 << v
    tot = 0
    top = 0
    for v in points:
        others = pset ^ (1 << v)
        seen = frontier = 1 << v
        d = 0
        while frontier and not frontier & others:
            d += 1
            nxt = 0
            f = frontier
            while f:
                low = f & -f
                nxt |= nbr[low.bit_length() - 1]
                f ^= low
            frontier = nxt & ~seen
            seen |= frontier
        if not frontier:
            continue  # no other point reachable: the pairing cannot exist; stay optimistic
        tot += d
        top = max(top, d)
    if skip_one:
        tot -= top
    return (tot + 1) >> 1


def _bridge_bound(x, nbr, comp):
    """Upper bound on trails from x through the bridge tree of x's component: a trail crosses a
    bridge at most once and can never come back, so it runs through a path of 2-edge-connected
    blocks B0 (holding x), B1, ..., Bk, inside each block from its entry to its exit vertex
    (the last block: ending anywhere). Inside a block the matching argument of the header
    applies with the block's own edges and distances."""
    n = len(nbr)
    disc = [0] * n
    low = [0] * n
    disc[x] = low[x] = 1
    t = 1
    stack = [[x, -1, nbr[x]]]
    inner = nbr[:]
    bridges = []
    while stack:
        top = stack[-1]
        v, p, m = top
        if m:
            lowbit = m & -m
            top[2] = m ^ lowbit
            w = lowbit.bit_length() - 1
            if w == p:
                continue
            if disc[w]:
                low[v] = min(low[v], disc[w])
            else:
                t += 1
                disc[w] = low[w] = t
                stack.append([w, v, nbr[w]])
        else:
            stack.pop()
            if p >= 0:
                low[p] = min(low[p], low[v])
                if low[v] > disc[p]:
                    bridges.append((p, v))
                    inner[p] ^= 1 << v
                    inner[v] ^= 1 << p
    if not bridges:
        return INF
    # blocks: components of the graph without its bridges
    block_of = {}
    blocks = []
    c = comp
    while c:
        lowbit = c & -c
        v = lowbit.bit_length() - 1
        _, members = _bfs_layers(lowbit, inner)
        c &= ~members
        blocks.append(members)
        m = members
        while m:
            lb = m & -m
            block_of[lb.bit_length() - 1] = len(blocks) - 1
            m ^= lb
    info = []
    for members in blocks:
        deg2 = 0
        odd = 0
        m = members
        while m:
            lb = m & -m
            d = _popcount(inner[lb.bit_length() - 1])
            deg2 += d
            if d & 1:
                odd |= lb
            m ^= lb
        info.append((deg2 >> 1, odd))
    links = [[] for _ in blocks]
    for a, b in bridges:
        links[block_of[a]].append((a, b))
        links[block_of[b]].append((b, a))

    def points(mask):
        out = []
        while mask:
            lb = mask & -mask
            out.append(lb.bit_length() - 1)
            mask ^= lb
        return out

    def best_from(bi, entry, came):
        edges, odd = info[bi]
        result = edges - _near_bound(points(odd ^ (1 << entry)), inner, True)
        for a, b in links[bi]:
            if b == came:
                continue
            through = edges - _near_bound(points(odd ^ (1 << entry) ^ (1 << a)), inner, False)
            result = max(result, through + 1 + best_from(block_of[b], b, a))
        return result

    return best_from(block_of[x], x, -1)


def _longest_trail(s, nbr, best):
    """Longest trail from s over nbr (mutated during the search, restored on return), or a value
    <= best when no trail beats best. Depth-first over the trail's edges, each node bounded by
    the matching bound and closed early by the Euler-trail construction (see the header)."""
    state = [best, INF]

    seen = {}

    def explore(x, length):
        _, comp = _bfs_layers(1 << x, nbr)
        key = (x, tuple([v if comp >> i & 1 else 0 for i, v in enumerate(nbr)]))
        if seen.get(key, -1) >= length:
            return False
        seen[key] = length
        edges, jl, layers, dist, cheap = _analyse(x, nbr, comp)
        if length + cheap <= state[0]:
            return False
        k = len(jl)
        gcost, pairs = _greedy_matching(dist, k)
        lb = _trail_after_join(x, nbr, (jl, layers, dist), pairs)
        if length + lb > state[0]:
            state[0] = length + lb
            if state[0] >= state[1]:
                return True
        if lb >= cheap:
            return False
        ub = min(cheap, _bridge_bound(x, nbr, comp))
        if length == 0:
            state[1] = ub  # the root's bound: reaching it ends the whole search
            if state[0] >= ub:
                return True
        if length + ub <= state[0] or lb >= ub:
            return False
        mcost, mpairs = _matching_bnb(dist, k, gcost)
        if mcost is not None and edges - mcost < ub:
            ub = edges - mcost
            if length == 0:
                state[1] = ub
                if state[0] >= ub:
                    return True
            if length + ub <= state[0]:
                return False
        if mpairs is not None:
            lb = _trail_after_join(x, nbr, (jl, layers, dist), mpairs)
            if length + lb > state[0]:
                state[0] = length + lb
                if state[0] >= state[1]:
                    return True
            if lb >= ub:
                return False
        xb = 1 << x
        m = nbr[x]
        while m:
            low = m & -m
            m ^= low
            y = low.bit_length() - 1
            nbr[x] ^= low
            nbr[y] ^= xb
            done = explore(y, length + 1)
            nbr[x] ^= low
            nbr[y] ^= xb
            if done:
                return True
        return False

    explore(s, 0)
    return state[0]


def best_capture(n, m, homes):
    cells = home_cells(n, m, 0)
    jmp = jump_table(n, m, 0)
    groups = {}
    for i, v in enumerate(homes):
        if v == 1:
            r, c = cells[i]
            groups.setdefault((r & 1, (r + c) & 3), []).append(i)
    jobs = []
    for (pr, ps), starts in groups.items():
        lat = [i for i, (r, c) in enumerate(cells) if r & 1 == pr and (r + c) & 3 == ps]
        local = {h: k for k, h in enumerate(lat)}
        base = [0] * len(lat)
        for h in lat:
            if homes[h] == 0:
                for jp in jmp[h]:
                    if jp is not None and homes[jp[0]] == 2 and homes[jp[1]] == 0:
                        base[local[h]] |= 1 << local[jp[1]]
        for s in starts:
            nbr = base[:]
            ls = local[s]
            for jp in jmp[s]:
                if jp is not None and homes[jp[0]] == 2 and homes[jp[1]] == 0:
                    t = local[jp[1]]
                    nbr[ls] |= 1 << t
                    nbr[t] |= 1 << ls
            _, comp = _bfs_layers(1 << ls, nbr)
            edges = 0
            while comp:
                low = comp & -comp
                edges += _popcount(nbr[low.bit_length() - 1])
                comp ^= low
            jobs.append((edges >> 1, ls, nbr))
    # Starts with the most edges within reach first: a high answer early prunes the rest.
    jobs.sort(key=lambda job: -job[0])
    best = 0
    for edges, ls, nbr in jobs:
        if edges <= best:
            break
        best = max(best, _longest_trail(ls, nbr, best))
    return best


def solve(data):
    tokens = data.split()
    out = []
    pos = 0
    while pos + 1 < len(tokens):
        n, m = int(tokens[pos]), int(tokens[pos + 1])
        pos += 2
        if n == 0 and m == 0:
            break
        k = (n * m + 1) // 2
        homes = [int(t) for t in tokens[pos : pos + k]]
        pos += k
        out.append(str(best_capture(n, m, homes)) + "\n")
    return "".join(out)


def main():
    sys.stdout.write(solve(sys.stdin.buffer.read()))


if __name__ == "__main__":
    main()

"""MegaCheckers (POJ 3116): most opponent pieces one piece can capture in one move.

Description: N x M board (3 <= N, M <= 20, NM <= 200), homes (r + c even) numbered row by row
    (shared.checkers_board); one piece of ours jumps diagonally over opponent pieces onto
    empty homes, any number of times, never over a piece twice. Print the most captures.
Rules: the piece's home is empty once it has left (test_rule_start_home_is_empty_after_leaving);
    a landing home must be empty, our pieces block it and are never jumped
    (test_rule_own_pieces_block_landing); a piece is jumped once
    (test_rule_each_piece_jumped_once); jumps go backward too and may turn
    (test_rule_backward_and_turning_jumps); one piece moves, and with no piece of ours the
    answer is 0 (test_rule_one_piece_per_move_and_no_own_piece).
Method: a jump moves (+-2, +-2), so the piece keeps r % 2 and (r + c) % 4, and each opponent
    piece is at most one edge between two such homes (test_lattice_reading_one_edge_per_piece):
    the answer is the longest trail from the piece's home in that graph. Per start, an upper
    bound (edges minus the cheapest pairing of the odd vertices, searched with the potentials
    of an assignment (shared.assignment) as its bound, and one along the bridge tree) and a
    lower bound (an Euler trail once the pairing's paths are removed); only while
    they differ, a depth-first search over the next edge with the same bounds at every node
    and a table of positions seen; a node whose trail may leave only a few edges unused is
    solved exactly by listing those complements. Proofs and history: docs/megacheckers.md.
Time: O(NM) to build the graphs; per search node O(|J| (V + E)) plus a matching search (O(|J|^3)
    for its potentials, then capped at 1000 nodes) and a complement listing capped at 8000
    calls; exponential at worst, but on the densest webs the root bounds meet.
Status: tests/test_stress_megacheckers.py and test_stress_interface.py: ~3,900 seeded boards
    a run (scattered, dense webs, full webs) against the brute force of
    stress/megacheckers.py; test_bounds_sandwich_the_exact_longest_trail on 2,000 graphs,
    test_pairing_bound_stays_below_the_cheapest_pairing on 300 and
    test_short_complement_trail_is_exact_within_its_slack on 1,500; the bench files' answers
    brute-checked; PYPY_JIT set under PyPy (tests/test_megacheckers.py). python build.py
    bench megacheckers, every file, whole process: docs/megacheckers.md (Figures).
"""

import sys

from shared.assignment import assignment_potentials
from shared.checkers_board import home_cells, jump_table
from shared.pypy_jit import set_jit

INF = 1 << 30
# A node whose trail may leave at most this many edges is solved by listing the complements
# (_short_complement_trail), capped at this many calls: docs/megacheckers.md, Search.
SMALL_JOIN_SLACK = 10
SMALL_JOIN_CAP = 8000
# The pairing's branch and bound stops after this many nodes and answers its root's bound
# (docs/megacheckers.md, Figures); FORBIDDEN: the cost of pairing a terminal with itself.
PAIRING_NODES = 1000
FORBIDDEN = 1 << 20
# PyPy: the JIT unrolls no recursion (by default it inlines levels of the recursive searches
# into its traces: a third more time on the hardest files; docs/megacheckers.md, Figures)
PYPY_JIT = "max_unroll_recursion=0"


def _bits(mask):
    """The indices of the set bits of mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _reach(mask, nbr):
    """The neighbours of the vertices of mask: one BFS step."""
    out = 0
    while mask:
        low = mask & -mask
        out |= nbr[low.bit_length() - 1]
        mask ^= low
    return out


def _mask(vertices):
    """The bit mask of a list of vertices."""
    out = 0
    for v in vertices:
        out |= 1 << v
    return out


def _popcount(x):
    return bin(x).count("1")


def _degrees(mask, nbr):
    """(edges, odd) of the vertices of mask in the graph nbr: half their degree sum (the edge
    count when mask is a whole component) and the mask of those with an odd degree."""
    total = 0
    odd = 0
    # _bits() written out here and in lower() of _matching_bnb: they run at every search node,
    # and the calls would cost about 4 % on the hard bench files (CPython 3.11).
    while mask:
        low = mask & -mask
        d = _popcount(nbr[low.bit_length() - 1])
        total += d
        if d & 1:
            odd |= low
        mask ^= low
    return total >> 1, odd


def _bfs_layers(src_bit, nbr):
    """(layers, seen): the layers (bit masks) of a BFS from the vertex src_bit over the
    adjacency masks nbr, and the union of them (the source's component)."""
    layers = [src_bit]
    seen = src_bit
    frontier = src_bit
    while frontier:
        nxt = 0
        while frontier:  # _reach() written out: the hottest loop (3 % of a hard file as a call)
            low = frontier & -frontier
            nxt |= nbr[low.bit_length() - 1]
            frontier ^= low
        frontier = nxt & ~seen
        if frontier:
            seen |= frontier
            layers.append(frontier)
    return layers, seen


def _pairing_potentials(dist, k):
    """Per terminal a potential, and last one for the terminal left out: a matching of a set S
    of the terminals costs at least half the sum of their potentials (plus the last one while
    a terminal of S is still to be left out). They are the assignment duals of the distances
    with a vertex added at distance 0 from every terminal (the one left out pairs with it) and
    no terminal paired with itself: a matching taken both ways is an assignment of its
    vertices (docs/megacheckers.md, Bounds)."""
    cost = [row + [0] for row in dist]
    cost.append([0] * (k + 1))
    for i in range(k + 1):
        cost[i][i] = FORBIDDEN
    u, v = assignment_potentials(cost)
    return [a + b for a, b in zip(u, v)]


def _nearest_bound(mask, skipped, order, dist):
    """A lower bound on pairing the terminals of mask (all of them when one was already left
    out, skipped, else all but one): half the sum of each one's distance to its nearest
    partner in mask (order: each terminal's others, nearest first), the largest left out."""
    nears = []
    m = mask
    while m:  # _bits() written out (see _degrees)
        low = m & -m
        m ^= low
        i = low.bit_length() - 1
        for j in order[i]:
            if mask >> j & 1:
                nears.append(dist[i][j])
                break
    if not nears:
        return 0
    tot = sum(nears) if skipped else sum(nears) - max(nears)
    return (tot + 1) >> 1


def _matching_bnb(dist, k, limit, node_cap=PAIRING_NODES):
    """Least total dist of a matching that leaves exactly one of k (odd) terminals unmatched, by
    branch and bound (a terminal pairs with the lowest remaining one, or is the one left out;
    bounded by the assignment potentials and by each terminal's nearest partner). Returns
    (cost, pairs) with cost < limit; (limit, None) when no matching beats limit; and
    (bound, None) when the node budget ran out, bound the root's lower bound."""
    order = [sorted((j for j in range(k) if j != i), key=dist[i].__getitem__) for i in range(k)]
    pot = _pairing_potentials(dist, k)
    left_out = pot[k]
    best = [limit, None]
    chosen = []
    nodes = [0]
    seen = {}

    def go(mask, skipped, acc, held):
        if not mask:
            best[0] = acc
            best[1] = chosen[:]
            return
        key = mask * 2 + skipped
        if seen.get(key, INF) <= acc:
            return  # this rest was already searched from a cheaper prefix
        seen[key] = acc
        nodes[0] += 1
        if nodes[0] > node_cap:
            return
        if acc + ((held + (0 if skipped else left_out) + 1) >> 1) >= best[0]:
            return  # the potentials' bound, the cheaper one first
        if acc + _nearest_bound(mask, skipped, order, dist) >= best[0]:
            return
        low = mask & -mask
        i = low.bit_length() - 1
        rest = mask ^ low
        di = dist[i]
        held -= pot[i]
        for j in order[i]:
            if rest >> j & 1:
                chosen.append((i, j))
                go(rest ^ (1 << j), skipped, acc + di[j], held - pot[j])
                chosen.pop()
        if not skipped:
            go(rest, 1, acc, held)

    full = (1 << k) - 1
    go(full, 0, 0, sum(pot[:k]))
    if nodes[0] > node_cap:
        return max((sum(pot) + 1) >> 1, _nearest_bound(full, 0, order, dist)), None
    return best[0], best[1]


def _greedy_matching(dist, k):
    """Pairs all but one of k (odd) terminals greedily by increasing distance."""
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


def _trail_after_join(x, nbr, terminals, pairs):
    """Edges of x's component once the join made of shortest paths between the paired
    terminals is removed: an Euler trail from x covers exactly them, since only x and the one
    unmatched terminal can have odd degree there. terminals: (terms, layers, dist) as
    _analyse gives them; pairs: index pairs into terms."""
    terms, layers, dist = terminals
    orig = nbr[:]
    for i, j in pairs:
        lay = layers[i]
        v = terms[j]
        for d in range(dist[i][j], 0, -1):  # walk back from terms[j] to terms[i]
            cand = orig[v] & lay[d - 1]
            u = (cand & -cand).bit_length() - 1
            nbr[u] ^= 1 << v
            nbr[v] ^= 1 << u
            v = u
    _, comp = _bfs_layers(1 << x, nbr)
    edges, _ = _degrees(comp, nbr)
    nbr[:] = orig
    return edges


def _analyse(x, nbr, comp):
    """Bounds for trails from x over the graph nbr, comp being x's component. Returns (edges,
    terminals, cheap): the edges of the component; terminals = (terms, layers, dist), the
    vertex list of J0 = odd vertices ^ {x} (an odd number of them), their BFS layers and their
    distance matrix; and the cheap upper bound edges - ceil((sum near - max near) / 2)."""
    edges, jmask = _degrees(comp, nbr)
    jmask ^= 1 << x
    terms = _bits(jmask)
    where = {v: i for i, v in enumerate(terms)}
    k = len(terms)
    layers = []
    dist = []
    tot = 0
    top = 0
    for a in terms:
        lay, _ = _bfs_layers(1 << a, nbr)
        layers.append(lay)
        row = [0] * k
        near = INF
        for d, m in enumerate(lay):
            hits = m & jmask
            while hits:  # _bits() written out: once per terminal and BFS layer (5 % as a call)
                low = hits & -hits
                hits ^= low
                row[where[low.bit_length() - 1]] = d
                if 0 < d < near:
                    near = d
        dist.append(row)
        if near < INF:
            tot += near
            top = max(top, near)
    return edges, (terms, layers, dist), edges - ((tot - top + 1) >> 1)


def _distance_to_others(v, others, nbr):
    """BFS distance from v to the nearest vertex of the mask others (None: none reachable)."""
    seen = frontier = 1 << v
    d = 0
    while not frontier & others:
        frontier = _reach(frontier, nbr) & ~seen
        if not frontier:
            return None
        seen |= frontier
        d += 1
    return d


def _near_bound(terms, nbr, leave_one):
    """Lower bound on the cheapest pairing of the vertex list terms by distances in nbr: every
    terminal pays half the distance to its nearest other terminal (minus the largest of these
    when one terminal may stay unpaired)."""
    if len(terms) < 2:
        return 0
    tset = 0
    for v in terms:
        tset |= 1 << v
    tot = 0
    top = 0
    for v in terms:
        d = _distance_to_others(v, tset ^ (1 << v), nbr)
        if d is None:
            continue  # no other terminal reachable: the pairing cannot exist; stay optimistic
        tot += d
        top = max(top, d)
    if leave_one:
        tot -= top
    return (tot + 1) >> 1


def _bridges(x, nbr):
    """The bridges (p, v) of x's component, by an iterative depth-first search (lowlink)."""
    n = len(nbr)
    disc = [0] * n
    lowlink = [0] * n
    disc[x] = lowlink[x] = 1
    t = 1
    stack = [[x, -1, nbr[x]]]
    bridges = []
    while stack:
        top = stack[-1]
        v, p, untried = top
        if untried:
            low = untried & -untried
            top[2] = untried ^ low
            w = low.bit_length() - 1
            if w == p:
                continue
            if disc[w]:
                lowlink[v] = min(lowlink[v], disc[w])
            else:
                t += 1
                disc[w] = lowlink[w] = t
                stack.append([w, v, nbr[w]])
        else:
            stack.pop()
            if p >= 0:
                lowlink[p] = min(lowlink[p], lowlink[v])
                if lowlink[v] > disc[p]:
                    bridges.append((p, v))
    return bridges


def _bridge_bound(x, nbr, comp):
    """Upper bound on trails from x through the bridge tree of x's component: a trail crosses a
    bridge at most once and can never come back, so it runs through a path of 2-edge-connected
    blocks B0 (holding x), B1, ..., Bk, inside each block from its entry to its exit vertex
    (the last block: ending anywhere). Inside a block the matching argument of the header
    applies with the block's own edges and distances."""
    bridges = _bridges(x, nbr)
    if not bridges:
        return INF
    inner = nbr[:]  # the graph without its bridges: its components are the blocks
    for a, b in bridges:
        inner[a] ^= 1 << b
        inner[b] ^= 1 << a
    block_of = {}
    info = []  # per block: (edges, odd-degree vertices)
    rest = comp
    while rest:
        _, members = _bfs_layers(rest & -rest, inner)
        rest &= ~members
        for v in _bits(members):
            block_of[v] = len(info)
        info.append(_degrees(members, inner))
    links = [[] for _ in info]
    for a, b in bridges:
        links[block_of[a]].append((a, b))
        links[block_of[b]].append((b, a))

    def best_from(bi, entry, came):
        edges, odd = info[bi]
        result = edges - _near_bound(_bits(odd ^ (1 << entry)), inner, True)
        for a, b in links[bi]:
            if b == came:
                continue
            through = edges - _near_bound(_bits(odd ^ (1 << entry) ^ (1 << a)), inner, False)
            result = max(result, through + 1 + best_from(block_of[b], b, a))
        return result

    return best_from(block_of[x], x, -1)


def _short_complement_trail(x, nbr, jmask, k, cap=SMALL_JOIN_CAP):
    """The longest trail from x whose complement F in x's component has at most k edges: -1
    when none does, None when the search passed cap calls (no answer). A trail from x to w
    leaves F with odd vertices jmask ^ {w}. Every such F holds one this search builds (the
    lowest vertex of the wrong parity takes one of its edges, or is w), and x's component
    once that subset is removed is a trail at least as long, so the longest one found is
    exact."""
    best = [-1]
    calls = [0]

    def go(miss, w, budget):
        calls[0] += 1
        if calls[0] > cap:
            return
        rest = miss & ~w
        if (rest == 0) if w else (rest & (rest - 1) == 0):  # F's parity is right: a leaf
            _, comp = _bfs_layers(1 << x, nbr)
            edges, _ = _degrees(comp, nbr)
            best[0] = max(best[0], edges)
            return
        if _popcount(rest) - (0 if w else 1) > 2 * budget:
            return  # an edge fixes the parity of two vertices at most
        low = rest & -rest
        if not w:
            go(miss, low, budget)
        if budget:
            v = low.bit_length() - 1
            for u in _bits(nbr[v]):
                ub = 1 << u
                nbr[v] ^= ub
                nbr[u] ^= low
                go(miss ^ low ^ ub, w, budget - 1)
                nbr[v] ^= ub
                nbr[u] ^= low

    go(jmask, 0, k)
    return None if calls[0] > cap else best[0]


class _TrailSearch:
    """The depth-first search of _longest_trail over nbr (mutated, restored on return): the
    longest trail found (best), the root's upper bound (ub), the slack up to which a node is
    closed by _short_complement_trail rather than branched (slack_cap), the positions seen and
    the matchings solved ((distances, limit) -> _matching_bnb's answer)."""

    def __init__(self, nbr, best):
        self.nbr = nbr
        self.best = best
        self.ub = INF
        self.slack_cap = SMALL_JOIN_SLACK
        self.seen = {}
        self.matchings = {}

    def found(self, length):
        """A trail of this length exists. True when the search is over (the root's bound)."""
        self.best = max(self.best, length)
        return self.best >= self.ub

    def root_bound(self, ub):
        """The root's upper bound is ub. True when the search is over (already reached)."""
        self.ub = ub
        return self.best >= ub

    def explore(self, x, length):
        """Go on from x after a trail of this length. True when the search is over."""
        nbr = self.nbr
        out = nbr[x]
        if length and not out & (out - 1):  # no way on, or one: the bounds wait for the next
            if not out:
                return self.found(length)
            y = out.bit_length() - 1
            nbr[x] ^= out
            nbr[y] ^= 1 << x
            done = self.explore(y, length + 1)
            nbr[x] ^= out
            nbr[y] ^= 1 << x
            return done
        _, comp = _bfs_layers(1 << x, nbr)
        key = (x, tuple([v if comp >> i & 1 else 0 for i, v in enumerate(nbr)]))
        if self.seen.get(key, -1) >= length:
            return False
        self.seen[key] = length
        closed = self._closed(x, length, comp)
        if closed is not None:
            return closed
        xb = 1 << x
        for y in _bits(nbr[x]):
            yb = 1 << y
            nbr[x] ^= yb
            nbr[y] ^= xb
            done = self.explore(y, length + 1)
            nbr[x] ^= yb
            nbr[y] ^= xb
            if done:
                return True
        return False

    def _closed(self, x, length, comp):
        """The node's bounds: True when the search is over, False when nothing from here beats
        the best, None when it must branch."""
        nbr = self.nbr
        edges, terminals, cheap = _analyse(x, nbr, comp)
        if length + cheap <= self.best:
            return False
        dist = terminals[2]
        gcost, pairs = _greedy_matching(dist, len(dist))
        lb = _trail_after_join(x, nbr, terminals, pairs)
        if self.found(length + lb):
            return True
        if lb >= cheap:
            return False
        ub = min(cheap, _bridge_bound(x, nbr, comp))
        if length == 0 and self.root_bound(ub):
            return True
        if length + ub <= self.best or lb >= ub:
            return False
        closed = self._paired(x, length, (edges, terminals, gcost, ub))
        if closed is not None:
            return closed
        slack = edges + length - self.best - 1  # F may have this many edges and still beat
        if slack <= self.slack_cap:
            value = _short_complement_trail(x, nbr, _mask(terminals[0]), slack)
            if value is not None:
                return value >= 0 and self.found(length + value)
            self.slack_cap = slack - 1  # too many subsets at this slack: branch from now on
        return None

    def _paired(self, x, length, node):
        """The cheapest pairing's bounds at the node (its edges, terminals, the greedy pairing's
        cost and its upper bound so far), as _closed answers."""
        edges, terminals, gcost, ub = node
        dist = terminals[2]
        key = (tuple(map(tuple, dist)), gcost)  # nodes apart often pose the same matching
        if key not in self.matchings:
            self.matchings[key] = _matching_bnb(dist, len(dist), gcost)
        mcost, mpairs = self.matchings[key]
        if edges - mcost < ub:
            ub = edges - mcost
            if length == 0 and self.root_bound(ub):
                return True
            if length + ub <= self.best:
                return False
        if mpairs is not None:
            lb = _trail_after_join(x, self.nbr, terminals, mpairs)
            if self.found(length + lb):
                return True
            if lb >= ub:
                return False
        return None


def _longest_trail(s, nbr, best):
    """Longest trail from s over nbr (mutated during the search, restored on return), or a value
    <= best when no trail beats best. Depth-first over the trail's edges, each node bounded by
    the matching bound and closed early by the Euler-trail construction (see the header)."""
    search = _TrailSearch(nbr, best)
    search.explore(s, 0)
    return search.best


def _landings(h, jmp, homes):
    """The homes a piece on home h lands on by capturing: over an opponent's piece (2) onto an
    empty home (0)."""
    out = []
    for jp in jmp[h]:
        if jp is not None and homes[jp[0]] == 2 and homes[jp[1]] == 0:
            out.append(jp[1])
    return out


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
                for land in _landings(h, jmp, homes):
                    base[local[h]] |= 1 << local[land]
        for s in starts:
            nbr = base[:]
            ls = local[s]
            for land in _landings(s, jmp, homes):
                t = local[land]
                nbr[ls] |= 1 << t
                nbr[t] |= 1 << ls
            _, comp = _bfs_layers(1 << ls, nbr)
            jobs.append((_degrees(comp, nbr)[0], ls, nbr))
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
    set_jit(PYPY_JIT)
    sys.stdout.write(solve(sys.stdin.buffer.read()))


if __name__ == "__main__":
    main()

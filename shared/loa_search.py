"""Lines of Action: iterative-deepening PVS alpha-beta with a transposition table.

Description: ``Searcher(evaluate, tables)`` holds the search state that lasts a whole game
    (transposition table, history, killers, memoised connecting moves) and its node function,
    built once. ``search(white, black, side, plies_left)`` is a generator: it yields ``(depth,
    move, score, nodes)`` for the side to move (0 = White), first a depth-0 guess, then one
    result per completed iteration, and stops by itself when the result is decided.
Rules: after a move the mover wins if connected (also when both sides are); a capture that
    connects only the opponent loses. A side without a legal move passes. ``plies_left``: plies
    to the move limit (a draw there); ``depth``: the horizon, plies left to search.
Usage: set ``searcher.deadline`` (a ``time.perf_counter()`` value) before iterating; the search
    stops there; an iteration cut short is yielded as depth - 0.5 if it finished a root move.
    The caller stops iterating by breaking its loop (``search_to_depth``: at a fixed depth).
Method: negamax PVS, Zobrist-keyed table (cleared when full). Root: the last best move first,
    the others by their subtrees' nodes; quiet ones after the first ROOT_LMR_MOVES a ply
    shallower first, in full if they fail high. Below: TT move and two killers before the rest
    is generated, in history order, or from two plies above the leaves by loa_policy's prior
    plus history (low prior: a late move reduced a ply more, skipped when quiet two plies from
    the leaves). Leaves check a connection in one move for either side from the memoised
    connecting moves of shared/loa_threats.py (the opponent's scored THREAT lower; their flood
    fill gives the evaluation its group count; a leaf child's move is not made in the line
    counts, the threat check corrects them). LMR, null move. Move generation (one and a move:
    move_masks), the prior, node count, table probe, leaf child's windows written out (for 3.8).
Time: nodes a second and depth reached at the real clock: docs/lines-of-action.md, "Bench".
Memory: memos of 40000-60000 entries (TT ``tt_max`` plus one search's, ``connect_max``,
    ``dist_max``; PyPy: smaller); peak after 60 searches: the same page, sixth round.
Status: tests/test_loa_search.py pins move, score and nodes of fixed-depth searches on named
    positions (start, statement example, lost games), checks move limit, deadline, determinism,
    generated moves = gen_moves' (random boards); tests/test_loa_policy.py the prior's order.
    What each part gained in matches: docs/lines-of-action.md.
"""

import math
import time

from shared.loa_bitboard import (
    PASS,
    alignment_table,
    build_tables,
    gen_moves,
    is_connected,
    line_counts,
)
from shared.loa_policy import centre_distances, prior_tables
from shared.loa_threats import threat_functions

WIN = 1000000
WIN_BOUND = WIN - 1000
INF = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
TT_MAX = 60000  # entries; about 15 MB, well inside the 64 MiB limit
MAX_PLY = 64
MAX_DEPTH = 60
# nodes between two looks at the clock: at 256 a search ran up to 10-25 ms past its deadline
# (CPython 3.8 and PyPy); at 32, 1-4 ms under CPython and 4-10 ms under PyPy, for about 1000
# clock reads a second
CHECK_EVERY = 32
GC_STEP_NODES = 8192  # nodes between two calls of ``gc_step`` (a multiple of CHECK_EVERY)
LMR_MOVES = 3  # moves searched before late-move reductions start
LMR_MOVES2 = 12
ROOT_LMR_MOVES = 4  # root moves searched before the later ones are reduced a ply
ROOT_LMR_DEPTH = 4  # iterations from this depth on reduce late root moves
PRIOR_DEPTH = 2  # nodes this far from the leaves order their moves by loa_policy's prior
HISTORY_WEIGHT = 4  # history's weight against the prior in that order
PRIOR_REDUCE = -120  # a late move with a lower prior is reduced one ply more
PRIOR_PRUNE = -150  # a late quiet move with a lower prior is not searched at PRUNE_DEPTH
PRUNE_DEPTH = 2
DIST_MEMO_MAX = 40000  # memoised centre-of-mass distances per bit-board
NULL_DEPTH = 3
NULL_R = 2
THREAT = 150  # leaf penalty when the opponent could connect at once
CONNECT_CACHE_MAX = 40000  # memoised connecting moves per bit-board


class Timeout(Exception):
    pass


class Searcher:
    """The search state of a game. ``tt_max``: the transposition table is cleared when over it
    at a search's start, and so are the memoised connecting moves past ``connect_max`` (with
    ``connect_in_search``, PyPy's, also as they grow: a search adds up to 25000 under PyPy);
    ``dist_max``: the memoised centre distances are cleared when over it; ``gc_step``: a
    function called every GC_STEP_NODES nodes (PyPy's ``gc.collect_step``, which keeps its heap
    near the live data), or None."""

    def __init__(  # noqa: PLR0913
        self,
        evaluate,
        tables=None,
        leaf_win=True,
        threat=THREAT,
        *,
        tt_max=TT_MAX,
        connect_max=CONNECT_CACHE_MAX,
        dist_max=DIST_MEMO_MAX,
        connect_in_search=False,
        gc_step=None,
    ):
        self.evaluate = evaluate
        self.tt_max = tt_max
        self.connect_max = connect_max
        self.dist_max = dist_max
        self.connect_in_search = connect_in_search
        self.gc_step = gc_step
        self.gen, self.lines = tables if tables is not None else build_tables()
        rng = _splitmix64(20240601)
        self.zob = [[next(rng) for _ in range(64)] for _ in range(2)]
        self.zside = next(rng)
        self.tt = {}
        self.history = [0] * 4096
        self.killers = [[-1, -1] for _ in range(MAX_PLY + 2)]
        self.connect_cache = {}
        # group counts handed to the evaluation (connecting_moves); a private dict when the
        # evaluation takes none
        self.known_groups = getattr(evaluate, "known_groups", {})
        self.aligned = alignment_table()
        self.prior_tables = prior_tables()
        self.cnt = [0] * 46  # line counts of the position being searched, kept up to date
        self.deadline = math.inf  # perf_counter() time at which the search stops
        (self.negamax, self.node_count, self.connecting_moves, self.generate) = self._node_function(
            leaf_win, threat
        )

    def key_of(self, white, black, side):
        k = self.zside if side else 0
        for col, pieces in ((0, white), (1, black)):
            z = self.zob[col]
            b = pieces
            while b:
                low = b & -b
                b ^= low
                k ^= z[low.bit_length() - 1]
        return k

    def _node_function(self, leaf_win, threat):
        """negamax(me, opp, col, key, depth, alpha, beta, ply, plies_left, allow_null) -> score
        for the side owning ``me`` (colour ``col``), node_count(reset) -> nodes so far,
        connecting_moves(bb) (memoised) and generate(me, opp, depth) (for the line counts in
        ``cnt``). The searcher's tables are bound to locals here, once."""
        searcher = self
        evaluate = self.evaluate
        masks = move_masks(self.gen)
        lines = self.lines
        aligned = self.aligned
        zob = self.zob
        zside = self.zside
        tt = self.tt
        tt_get = tt.get
        hist = self.history
        hist_get = hist.__getitem__
        killers = self.killers
        connect_cache = self.connect_cache
        connect_get = connect_cache.get
        known_groups = self.known_groups
        cnt = self.cnt
        perf = time.perf_counter
        gc_step = self.gc_step
        by_from, by_to, by_change, at_to, left_from, per_opponent, capture_bonus, adj = (
            self.prior_tables
        )
        dist_memo = {}
        dist_get = dist_memo.get
        dist_max = self.dist_max
        nodes = 0
        check_at = CHECK_EVERY

        def generate(me, opp, depth):
            """(moves, priors): all moves of the side owning ``me`` (gen_moves of loa_bitboard
            written out: a call per line costs more than the work), highest history first; at
            PRIOR_DEPTH and deeper, highest prior + HISTORY_WEIGHT * history first, with the
            priors by move (else None)."""
            moves = []
            sides = me | opp << 64  # one and per option tests both sides (see move_masks)
            b = me
            while b:
                low = b & -b
                b ^= low
                for lid, by_count in masks[low.bit_length() - 1]:
                    for m, mask in by_count[cnt[lid]]:
                        if not mask & sides:
                            moves.append(m)
            if depth < PRIOR_DEPTH:
                moves.sort(key=hist_get, reverse=True)
                return moves, None
            dist = dist_get(me)
            if dist is None:
                if len(dist_memo) > dist_max:
                    dist_memo.clear()
                dist = dist_memo[me] = centre_distances(me)
            priors = {}
            for m in moves:
                # move_prior of loa_policy, written out: a call per move costs more
                f = m >> 6
                t = m & 63
                rest = me ^ (1 << f)
                at = adj[t]
                p = (
                    by_from[bin(adj[f] & rest).count("1")]
                    + by_to[bin(at & rest).count("1")]
                    + by_change[dist[t] - dist[f]]
                    + at_to[t]
                    - left_from[f]
                    + per_opponent * bin(at & opp).count("1")
                )
                if (opp >> t) & 1:
                    p += capture_bonus
                priors[m] = p
            moves.sort(key=lambda m: priors[m] + HISTORY_WEIGHT * hist[m], reverse=True)
            return moves, priors

        def node_count(reset=False):
            nonlocal nodes, check_at
            if reset:
                nodes = 0
                check_at = CHECK_EVERY
            return nodes

        cap = self.connect_max if self.connect_in_search else None  # else: at a search's start
        connecting_moves, can_connect = threat_functions(
            aligned, cnt, connect_cache, known_groups, cap
        )

        def look_at_clock():
            """Called by a node once the node count reaches ``check_at`` (every CHECK_EVERY
            nodes; the count is written out in the nodes, a call per node costs CPython 3.8
            more than the count): Timeout past the deadline; ``gc_step`` every GC_STEP_NODES
            nodes."""
            nonlocal check_at
            check_at = nodes + CHECK_EVERY
            if perf() > searcher.deadline:
                raise Timeout
            if gc_step is not None and not nodes % GC_STEP_NODES:
                gc_step()

        def leaf(me, opp, alpha, beta, ply, plies_left, left=(), reached=()):  # noqa: PLR0917
            """The score of a node at the search's horizon, for the side owning ``me``: a win
            when it connects in one move, else the evaluation (THREAT lower when the opponent
            would connect in one). ``left`` and ``reached``: the lines whose counts in ``cnt``
            are one too high and one too low (the parent's move, not made in ``cnt``)."""
            nonlocal nodes
            nodes += 1
            if nodes >= check_at:
                look_at_clock()
            if plies_left <= 0:
                return 0
            if leaf_win:
                # can_connect() is called only where a connecting move exists (memoised per
                # bit-board): most leaves have none
                c = connect_get(me)
                if c is None:
                    c = connecting_moves(me)
                if c and can_connect(c, opp, left, reached):
                    return WIN - ply - 1
                if threat:
                    c = connect_get(opp)
                    if c is None:
                        c = connecting_moves(opp)
                    if c and can_connect(c, me, left, reached):
                        return evaluate(me, opp, cnt, alpha + threat, beta + threat) - threat
            return evaluate(me, opp, cnt, alpha, beta)

        def first_moves(me, opp, ttm, k1, k2):
            """Of the TT move and the killers, those legal here, in that order, once each."""
            moves = []
            for m in (ttm, k1, k2):
                if m >= 0 and m not in moves:
                    a = aligned[m]
                    if (
                        a is not None
                        and (me >> (m >> 6)) & 1
                        and not (me >> (m & 63)) & 1
                        and cnt[a[0]] == a[1]
                        and not (a[2] & opp)
                    ):
                        moves.append(m)
            return moves

        def rest_of(me, opp, depth, tried):
            """(moves, priors) of ``generate`` without the moves ``tried`` (staged first)."""
            rest, priors = generate(me, opp, depth)
            for m in tried:
                rest.remove(m)
            return rest, priors

        def interior(nopp, nme, col, key, depth, alpha, beta, ply, plies_left, lf, lt, red, first):  # noqa: PLR0917
            """The score, for the mover, of a child above the leaves (``depth`` its parent's
            less one) after a move that left the lines ``lf`` and reached ``lt`` (() for a
            capture), made in ``cnt`` here and unmade after: the first child with the full
            window; the others a null window, ``red`` plies shallower first, again at full
            depth if that fails high, then with the full window if the score lands inside."""
            f0, f1, f2, f3 = lf
            cnt[f0] -= 1
            cnt[f1] -= 1
            cnt[f2] -= 1
            cnt[f3] -= 1
            if lt:
                t0, t1, t2, t3 = lt
                cnt[t0] += 1
                cnt[t1] += 1
                cnt[t2] += 1
                cnt[t3] += 1
            if first:
                score = -negamax(nopp, nme, col, key, depth, -beta, -alpha, ply, plies_left, True)
            else:
                score = -negamax(
                    nopp, nme, col, key, depth - red, -alpha - 1, -alpha, ply, plies_left, True
                )
                if red and score > alpha:
                    score = -negamax(
                        nopp, nme, col, key, depth, -alpha - 1, -alpha, ply, plies_left, True
                    )
                if alpha < score < beta:
                    score = -negamax(
                        nopp, nme, col, key, depth, -beta, -alpha, ply, plies_left, True
                    )
            if lt:
                cnt[t0] -= 1
                cnt[t1] -= 1
                cnt[t2] -= 1
                cnt[t3] -= 1
            cnt[f0] += 1
            cnt[f1] += 1
            cnt[f2] += 1
            cnt[f3] += 1
            return score

        def null_move(me, opp, c1, key, depth, beta, p1, r1):  # noqa: PLR0917
            """The null move's score when it refutes the node (passing still leaves the side
            to move at ``beta`` or better, NULL_R plies shallower), else None; tried only
            where the static score already reaches ``beta``."""
            if not -WIN_BOUND < beta < WIN_BOUND or evaluate(me, opp, cnt) < beta:
                return None
            sc = -negamax(
                opp, me, c1, key ^ zside, depth - 1 - NULL_R, -beta, -beta + 1, p1, r1, False
            )
            return sc if sc >= beta else None

        def negamax(me, opp, col, key, depth, alpha, beta, ply, plies_left, allow_null):  # noqa: PLR0917
            nonlocal nodes
            if depth <= 0:
                return leaf(me, opp, alpha, beta, ply, plies_left)
            nodes += 1
            if nodes >= check_at:
                look_at_clock()
            if plies_left <= 0:
                return 0
            p1, r1, c1 = ply + 1, plies_left - 1, col ^ 1  # the children's ply, limit, colour
            # the table's entry (probe, written out: a call per node costs CPython 3.8 more)
            e = tt_get(key)
            ttm = -1
            if e is not None:
                d, fl, sc, ttm = e
                if d >= depth and plies_left > depth + 1:
                    if sc > WIN_BOUND:
                        sc -= ply
                    elif sc < -WIN_BOUND:
                        sc += ply
                    if fl == EXACT or (sc >= beta if fl == LOWER else sc <= alpha):
                        return sc
            if allow_null and depth >= NULL_DEPTH and beta - alpha == 1:
                sc = null_move(me, opp, c1, key, depth, beta, p1, r1)
                if sc is not None:
                    return sc
            # Staged generation: the TT move and the killers, when legal here, are searched
            # before the other moves are generated; at the frontier a killer refutes most nodes
            # on its own, and the rest is never generated.
            kl = killers[ply]
            k1 = kl[0]
            moves = first_moves(me, opp, ttm, k1, kl[1])
            staged = len(moves)
            priors = None
            if not staged:
                moves, priors = generate(me, opp, depth)
                if not moves:
                    return -negamax(
                        opp, me, c1, key ^ zside, depth - 1, -beta, -alpha, p1, r1, True
                    )
            # the moves that connect the mover (all of them: see connecting_moves)
            wins = connect_get(me)
            if wins is None:
                wins = connecting_moves(me)
            zme = zob[col]
            alpha0 = alpha
            best = -INF
            bestm = moves[0]
            first = True
            win_score = WIN - ply - 1
            idx = 0
            while True:
                if idx == len(moves):
                    if not staged:
                        break
                    rest, priors = rest_of(me, opp, depth, moves)
                    if not rest:
                        break
                    moves += rest
                    staged = 0
                m = moves[idx]
                idx += 1
                frm = m >> 6
                to = m & 63
                tb = 1 << to
                if m in wins:  # the move connects the mover
                    if ttm != m:
                        tt[key] = (depth, EXACT, WIN - 1, m)
                    return win_score
                capture = opp & tb
                if (
                    depth == PRUNE_DEPTH
                    and idx > LMR_MOVES
                    and priors is not None
                    and not capture
                    and priors[m] < PRIOR_PRUNE
                ):
                    continue  # a late quiet move seldom chosen, two plies from the leaves
                if capture and is_connected(opp ^ tb):  # a capture that connects the opponent
                    best = max(best, -win_score)
                    continue
                nme = me ^ (1 << frm) ^ tb
                nopp = opp ^ capture
                lf = lines[frm]
                lt = () if capture else lines[to]
                if depth == 1:
                    # a child at the horizon, scored in place with the line counts left as they
                    # are (the leaf corrects them by lf and lt where it reads them): the first
                    # with the full window, the others a null window, then the full one if they
                    # land inside (written out here: a call per leaf costs CPython 3.8 more)
                    if first:
                        score = -leaf(nopp, nme, -beta, -alpha, p1, r1, lf, lt)
                    else:
                        score = -leaf(nopp, nme, -alpha - 1, -alpha, p1, r1, lf, lt)
                        if alpha < score < beta:
                            score = -leaf(nopp, nme, -beta, -alpha, p1, r1, lf, lt)
                else:
                    nkey = key ^ zme[frm] ^ zme[to] ^ zside
                    red = 0
                    if capture:
                        nkey ^= zob[c1][to]
                    elif idx > LMR_MOVES and depth >= 3:
                        red = 2 if (idx > LMR_MOVES2 and depth >= 5) else 1
                        if priors is not None and priors[m] < PRIOR_REDUCE:
                            red += 1
                    score = interior(
                        nopp, nme, c1, nkey, depth - 1, alpha, beta, p1, r1, lf, lt, red, first
                    )
                first = False
                if score > best:
                    best = score
                    bestm = m
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            hist[m] += depth * depth
                            if k1 != m:
                                kl[1] = k1
                                kl[0] = m
                            break
            fl = LOWER if best >= beta else EXACT if best > alpha0 else UPPER
            sc = best + ply if best > WIN_BOUND else best - ply if best < -WIN_BOUND else best
            tt[key] = (depth, fl, sc, bestm)
            return best

        return negamax, node_count, connecting_moves, generate

    def search(self, white, black, side, plies_left):
        """Iterative deepening from the position (``side`` to move, ``plies_left`` plies before
        the move limit): yields (depth, move, score, nodes) as described in the header."""
        self._start_search()
        me, opp = (white, black) if side == 0 else (black, white)
        moves = gen_moves(self.gen, me, opp, line_counts(white | black))
        children, decided = _root_moves(me, opp, moves)
        if decided is not None:
            yield decided
            return
        yield 0, children[0], 0, 0
        after = self._after_root_moves(white, black, side, children)
        effort = {}  # nodes of each root move's subtree in the last iteration
        for depth in range(1, MAX_DEPTH + 1):
            best = [None, -INF]  # this iteration's best move and score so far
            try:
                self._iterate(after, children, depth, plies_left, best, effort)
            except Timeout:
                if best[0] is not None:
                    yield depth - 0.5, best[0], best[1], self.node_count()
                return
            it_best, it_score = best
            yield depth, it_best, it_score, self.node_count()
            if it_score > WIN_BOUND or it_score < -WIN_BOUND:
                return
            # this iteration's best first, the others by the effort their refutation took
            children.sort(key=effort.__getitem__, reverse=True)
            children.remove(it_best)
            children.insert(0, it_best)

    def _start_search(self):
        """Ages what a game keeps between searches: tables cleared when full, history divided
        by 8, killers and the node count reset."""
        if len(self.tt) > self.tt_max:
            self.tt.clear()
        if len(self.connect_cache) > self.connect_max:
            self.connect_cache.clear()
        self.known_groups.clear()  # the counts the evaluation has not taken
        hist = self.history
        for i in range(4096):
            hist[i] >>= 3
        for kl in self.killers:
            kl[0] = kl[1] = -1
        self.node_count(True)

    def _after_root_moves(self, white, black, side, children):
        """Per root move, the arguments of its subtree's search: (opponent's and mover's
        bit-boards after it, their colour, its key, the line counts after it, quiet?)."""
        me, opp = (white, black) if side == 0 else (black, white)
        root_key = self.key_of(white, black, side)
        zme, zop = self.zob[side], self.zob[side ^ 1]
        after = {}
        for m in children:
            frm, to = m >> 6, m & 63
            tb = 1 << to
            nme = me ^ (1 << frm) ^ tb
            nopp = opp & ~tb
            nkey = root_key ^ zme[frm] ^ zme[to] ^ self.zside
            if nopp != opp:
                nkey ^= zop[to]
            after[m] = (nopp, nme, side ^ 1, nkey, line_counts(nme | nopp), nopp == opp)
        return after

    def _iterate(self, after, children, depth, plies_left, best, effort):  # noqa: PLR0917
        """One PVS iteration over the root moves in order; ``best`` ([move, score]) is kept up
        to date, so that a Timeout leaves in it the best move found so far."""
        negamax, node_count, cnt = self.negamax, self.node_count, self.cnt
        r1 = plies_left - 1
        alpha, beta = -INF, INF
        for i, m in enumerate(children):
            n0 = node_count()
            nopp, nme, col, nkey, counts, quiet = after[m]
            cnt[:] = counts
            args = (nopp, nme, col, nkey, depth - 1)
            if i == 0:
                sc = -negamax(*args, -beta, -alpha, 1, r1, True)
            else:
                late = i >= ROOT_LMR_MOVES and depth >= ROOT_LMR_DEPTH and quiet
                if late:
                    # a late quiet root move: a ply less first, in full if it fails high
                    shallow = (nopp, nme, col, nkey, depth - 2)
                    sc = -negamax(*shallow, -alpha - 1, -alpha, 1, r1, True)
                if not late or sc > alpha:
                    sc = -negamax(*args, -alpha - 1, -alpha, 1, r1, True)
                if sc > alpha:
                    # failed high: better than the best so far even if the re-search is cut
                    # short by the clock
                    prev = best[:]
                    best[:] = m, sc
                    sc = -negamax(*args, -beta, -alpha, 1, r1, True)
                    best[:] = (m, sc) if sc > prev[1] else prev
            effort[m] = node_count() - n0
            if sc > best[1]:
                best[:] = m, sc
            alpha = max(alpha, sc)


def _root_moves(me, opp, moves):
    """(children, decided): the root moves that neither win nor lose at once, and the search's
    only result (depth, move, score, nodes) when they leave nothing to search (no move, a
    connecting move, at most one child), else None."""
    if not moves:
        return [], (0, PASS, 0, 0)
    children = []
    for m in moves:
        frm, tb = m >> 6, 1 << (m & 63)
        if is_connected(me ^ (1 << frm) ^ tb):
            return [], (0, m, WIN - 1, 0)
        nopp = opp & ~tb
        if nopp == opp or not is_connected(nopp):
            children.append(m)
    if len(children) <= 1:
        return children, (0, (children or moves)[0], 0 if children else 1 - WIN, 0)
    return children, None


def move_masks(gen):
    """The generation table ``gen`` (loa_bitboard.build_tables) by move: per square, per line
    (line id, per line count a tuple of (move from << 6 | to, mask)), the mask the move's
    target square | the squares it jumps << 64: a move is legal when the line count is right
    and the mask meets neither the mover's pieces nor the opponent's shifted by 64."""
    return tuple(
        tuple(
            (
                lid,
                tuple(
                    tuple((s << 6 | t, tb | jumped << 64) for t, tb, jumped in opts)
                    for opts in by_count
                ),
            )
            for lid, by_count in per_line
        )
        for s, per_line in enumerate(gen)
    )


def search_to_depth(searcher, white, black, side, depth, plies_left=200):  # noqa: PLR0917
    """The last result ``searcher.search`` yields up to ``depth`` plies (fewer when the result
    is decided sooner): (depth, move, score, nodes). For fixed-depth play off the clock."""
    last = None
    for result in searcher.search(white, black, side, plies_left):
        last = result
        if result[0] >= depth:
            break
    return last


def _splitmix64(seed):
    """Deterministic 64-bit pseudo-random keys (no `random` import: start-up time counts)."""
    mask = (1 << 64) - 1
    x = seed & mask
    while True:
        x = (x + 0x9E3779B97F4A7C15) & mask
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        yield z ^ (z >> 31)

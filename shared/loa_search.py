"""Lines of Action: iterative-deepening PVS alpha-beta with a transposition table.

Description: ``Searcher(evaluate).best_move(white, black, side, plies_played, max_plies,
    budget, start)`` returns ``(move, info)`` for the side to move (0 = White, 1 = Black).
Rules relied on: after a move, if the mover is connected the mover wins (even when the opponent
    is connected too); otherwise, if a capture left the opponent connected, the opponent wins. A
    side without a legal move passes. After ``max_plies`` plies (the per-player limit, twice) the
    game is a draw, so a losing side steers for the limit and a winning side wins before it.
Method: negamax PVS, Zobrist-keyed transposition table (dict, cleared when large), TT move then
    two killers then history-ordered moves, wins detected when a move is generated (a win in one
    returns at once); a leaf first checks whether the side to move can connect at once (only
    squares touching every group are tried; those squares are memoised per bit-board), and
    scores THREAT lower when the opponent could;
    late-move reductions (1 ply from the 4th move at depth >= 3, 2 from the 13th at depth >= 5),
    null move (R = 2, non-PV nodes at depth >= 3 whose static score reaches beta), iterative
    deepening with the previous best root move first, a soft time limit between iterations (50 %
    of the budget) and a hard deadline checked every 256 nodes (an aborted iteration still counts
    for the root moves it finished, and for a move that failed high).
Speed note: move generation and the 8-neighbour flood fill of shared/loa_bitboard.py are
    written out again inside negamax on purpose: a function call per node costs CPython more
    than the work itself. The copies follow gen_moves / is_connected line for line; the
    referee's independent rules check every move the bot plays in the match tests.
Time: about 45-90k nodes/s (leaves included) per CPU second in CPython 3.11; depth 5-6.5 in
    0.7 s on an idle core. Memory: at most about 45 MiB with every table and memo full (TT
    60000, connecting squares 40000, evaluation memos 40000 + 50000 entries).
Status: rule handling tested in tests/test_loa_search.py and tests/test_referee_rules.py (wins
    in one, double connection, avoiding a capture that connects the opponent, pass, draw by the
    move limit, deadline). Matches at 0.1 s per move, random openings, against the version
    before each change: LMR + null move 57.5 % (40 games), leaf win-in-one check 62.5 % (40),
    THREAT 150 at leaves 62 % (60; 300 instead: 45 %), memoised connecting squares and
    evaluation (+45 % nodes/s, same tree) 63 % (60); tried and not kept (100-game matches):
    history seeded with a static centre-ward bonus (4 per ring, aged back towards it) 52 %
    (6 % fewer nodes at depth 5), root aspiration windows of +-50 54.5 % (and 47 % over 300
    games together with a connectedness term); also tried and not kept: no null move 47.5 %
    (120), extending a threatened leaf by one ply 53 % (120), more aggressive LMR 50 % (60),
    soft limit at 60 % 42 % (60).
"""

import time

from shared.loa_bitboard import FULL, NOT_A, NOT_H, PASS, build_tables, line_counts

WIN = 1000000
WIN_BOUND = WIN - 1000
INF = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
TT_MAX = 60000  # entries; about 15 MB, well inside the 64 MiB limit
MAX_PLY = 64
LMR_MOVES = 3  # moves searched before late-move reductions start
LMR_MOVES2 = 12
NULL_DEPTH = 3
NULL_R = 2
THREAT = 150  # leaf penalty when the opponent could connect at once
CAND_CACHE_MAX = 40000  # memoised connecting squares per bit-board
LEAF_WIN_GROUPS = 5  # leaves check for a win in one when the mover has fewer groups


class Timeout(Exception):
    pass


class Searcher:
    def __init__(self, evaluate, tables=None, leaf_win=True, threat=THREAT):
        self.leaf_win = leaf_win
        self.threat = threat
        self.evaluate = evaluate
        self.gen, self.lines = tables if tables is not None else build_tables()
        rng = _splitmix64(20240601)
        self.zob = [[next(rng) for _ in range(64)] for _ in range(2)]
        self.zside = next(rng)
        self.tt = {}
        self.history = [0] * 4096
        self.cand_cache = {}
        self.info = {}

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

    def best_move(  # noqa: PLR0917
        self, white, black, side, plies_played, max_plies, budget, start=None, depth_max=60
    ):
        """Search the position; ``budget`` seconds (hard) from ``start`` (perf_counter)."""
        if start is None:
            start = time.perf_counter()
        hard = start + budget
        soft = start + budget * 0.5
        evaluate = self.evaluate
        leaf_win = self.leaf_win
        threat = self.threat
        gen = self.gen
        lines = self.lines
        zob = self.zob
        zside = self.zside
        tt = self.tt
        if len(tt) > TT_MAX:
            tt.clear()
        tt_get = tt.get
        hist = self.history
        for i in range(4096):
            hist[i] >>= 3
        hist_get = hist.__getitem__
        killers = [[-1, -1] for _ in range(MAX_PLY + 2)]
        not_a, not_h = NOT_A, NOT_H
        full = FULL
        perf = time.perf_counter
        nodes = 0
        check_at = 256

        me, opp = (white, black) if side == 0 else (black, white)
        cnt = line_counts(white | black)

        cand_cache = self.cand_cache
        if len(cand_cache) > CAND_CACHE_MAX:
            cand_cache.clear()
        cand_get = cand_cache.get

        def connect_squares(me):
            """The squares a move of the side owning ``me`` must land on to connect it: those
            touching every group (all but the moved piece's own when that piece stands alone);
            0 when there are LEAF_WIN_GROUPS groups or more."""
            free = full ^ me
            g = 0
            b = me
            common = full
            singles = []
            nbs = []
            while b and g < LEAF_WIN_GROUPS:
                x = b & -b
                while True:
                    y = x | ((x << 1) & not_a) | ((x >> 1) & not_h)
                    y = (y | (y << 8) | (y >> 8)) & b
                    if y == x:
                        break
                    x = y
                b ^= x
                g += 1
                y = x | ((x << 1) & not_a) | ((x >> 1) & not_h)
                y = (y | (y << 8) | (y >> 8)) & free
                common &= y
                nbs.append(y)
                if not (x & (x - 1)):
                    singles.append(g - 1)
            if b:
                cand_cache[me] = 0
                return 0
            cand = common
            for i in singles:
                c = full
                for j in range(g):
                    if j != i:
                        c &= nbs[j]
                cand |= c
            cand_cache[me] = cand
            return cand

        def can_connect(me, opp):
            """Can the side owning ``me`` connect in one move?"""
            cand = cand_get(me)
            if cand is None:
                cand = connect_squares(me)
            while cand:
                tb = cand & -cand
                cand ^= tb
                for lid, by_count in gen[tb.bit_length() - 1]:
                    for _s, sb, jumped in by_count[cnt[lid]]:
                        if sb & me and not (jumped & opp):
                            nme = me ^ sb ^ tb
                            x = tb
                            while True:
                                y = x | ((x << 1) & not_a) | ((x >> 1) & not_h)
                                y = (y | (y << 8) | (y >> 8)) & nme
                                if y == x:
                                    break
                                x = y
                            if x == nme:
                                return True
            return False

        def negamax(me, opp, col, key, depth, alpha, beta, ply, remaining, allow_null):  # noqa: PLR0917
            nonlocal nodes, check_at
            nodes += 1
            if nodes >= check_at:
                check_at = nodes + 256
                if perf() > hard:
                    raise Timeout
            if remaining <= 0:
                return 0
            if depth <= 0:
                if leaf_win:
                    if can_connect(me, opp):
                        return WIN - ply - 1
                    if threat and can_connect(opp, me):
                        return evaluate(me, opp, cnt, alpha + threat, beta + threat) - threat
                return evaluate(me, opp, cnt, alpha, beta)
            ttm = -1
            e = tt_get(key)
            if e is not None:
                d, fl, sc, ttm = e
                if d >= depth and remaining > depth + 1:
                    if sc > WIN_BOUND:
                        sc -= ply
                    elif sc < -WIN_BOUND:
                        sc += ply
                    if fl == EXACT:
                        return sc
                    if fl == LOWER:
                        if sc >= beta:
                            return sc
                    elif sc <= alpha:
                        return sc
            if (
                allow_null
                and depth >= NULL_DEPTH
                and beta - alpha == 1
                and -WIN_BOUND < beta < WIN_BOUND
                and evaluate(me, opp, cnt) >= beta
            ):
                sc = -negamax(
                    opp,
                    me,
                    col ^ 1,
                    key ^ zside,
                    depth - 1 - NULL_R,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    remaining - 1,
                    False,
                )
                if sc >= beta:
                    return sc
            # generate
            moves = []
            b = me
            while b:
                low = b & -b
                b ^= low
                s = low.bit_length() - 1
                base = s << 6
                for lid, by_count in gen[s]:
                    for t, tb, jumped in by_count[cnt[lid]]:
                        if not (tb & me) and not (jumped & opp):
                            moves.append(base | t)
            if not moves:
                return -negamax(
                    opp,
                    me,
                    col ^ 1,
                    key ^ zside,
                    depth - 1,
                    -beta,
                    -alpha,
                    ply + 1,
                    remaining - 1,
                    True,
                )
            moves.sort(key=hist_get, reverse=True)
            kl = killers[ply]
            k1 = kl[0]
            k2 = kl[1]
            if k2 >= 0 and k2 != ttm and k2 in moves:
                moves.remove(k2)
                moves.insert(0, k2)
            if k1 >= 0 and k1 != ttm and k1 in moves:
                moves.remove(k1)
                moves.insert(0, k1)
            if ttm >= 0 and ttm in moves:
                moves.remove(ttm)
                moves.insert(0, ttm)
            zme = zob[col]
            zop = zob[col ^ 1]
            alpha0 = alpha
            best = -INF
            bestm = moves[0]
            first = True
            win_score = WIN - ply - 1
            idx = 0
            for m in moves:
                frm = m >> 6
                to = m & 63
                tb = 1 << to
                nme = me ^ (1 << frm) ^ tb
                # connected?
                x = tb
                while True:
                    y = x | ((x << 1) & not_a) | ((x >> 1) & not_h)
                    y = (y | (y << 8) | (y >> 8)) & nme
                    if y == x:
                        break
                    x = y
                if x == nme:
                    if ttm != m:
                        tt[key] = (depth, EXACT, WIN - 1, m)
                    return win_score
                lf = lines[frm]
                cnt[lf[0]] -= 1
                cnt[lf[1]] -= 1
                cnt[lf[2]] -= 1
                cnt[lf[3]] -= 1
                nkey = key ^ zme[frm] ^ zme[to] ^ zside
                red = 0
                if opp & tb:
                    nopp = opp ^ tb
                    nkey ^= zop[to]
                    x = nopp & -nopp
                    while True:
                        y = x | ((x << 1) & not_a) | ((x >> 1) & not_h)
                        y = (y | (y << 8) | (y >> 8)) & nopp
                        if y == x:
                            break
                        x = y
                    if x == nopp:
                        cnt[lf[0]] += 1
                        cnt[lf[1]] += 1
                        cnt[lf[2]] += 1
                        cnt[lf[3]] += 1
                        idx += 1
                        best = max(best, -win_score)
                        continue
                    lt = None
                else:
                    nopp = opp
                    lt = lines[to]
                    cnt[lt[0]] += 1
                    cnt[lt[1]] += 1
                    cnt[lt[2]] += 1
                    cnt[lt[3]] += 1
                    if idx >= LMR_MOVES and depth >= 3:
                        red = 2 if (idx >= LMR_MOVES2 and depth >= 5) else 1
                d1 = depth - 1
                if first:
                    score = -negamax(
                        nopp, nme, col ^ 1, nkey, d1, -beta, -alpha, ply + 1, remaining - 1, True
                    )
                else:
                    score = -negamax(
                        nopp,
                        nme,
                        col ^ 1,
                        nkey,
                        d1 - red,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        remaining - 1,
                        True,
                    )
                    if red and score > alpha:
                        score = -negamax(
                            nopp,
                            nme,
                            col ^ 1,
                            nkey,
                            d1,
                            -alpha - 1,
                            -alpha,
                            ply + 1,
                            remaining - 1,
                            True,
                        )
                    if alpha < score < beta:
                        score = -negamax(
                            nopp,
                            nme,
                            col ^ 1,
                            nkey,
                            d1,
                            -beta,
                            -alpha,
                            ply + 1,
                            remaining - 1,
                            True,
                        )
                if lt is not None:
                    cnt[lt[0]] -= 1
                    cnt[lt[1]] -= 1
                    cnt[lt[2]] -= 1
                    cnt[lt[3]] -= 1
                cnt[lf[0]] += 1
                cnt[lf[1]] += 1
                cnt[lf[2]] += 1
                cnt[lf[3]] += 1
                idx += 1
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
            if best >= beta:
                fl = LOWER
            elif best > alpha0:
                fl = EXACT
            else:
                fl = UPPER
            sc = best
            if sc > WIN_BOUND:
                sc += ply
            elif sc < -WIN_BOUND:
                sc -= ply
            tt[key] = (depth, fl, sc, bestm)
            return best

        # ---- root ----
        remaining = max_plies - plies_played
        root_key = self.key_of(white, black, side)
        moves = []
        b = me
        while b:
            low = b & -b
            b ^= low
            s = low.bit_length() - 1
            for lid, by_count in gen[s]:
                for t, tb, jumped in by_count[cnt[lid]]:
                    if not (tb & me) and not (jumped & opp):
                        moves.append((s << 6) | t)
        info = {"depth": 0, "nodes": 0, "score": 0, "time": 0.0}
        self.info = info
        if not moves:
            return PASS, info
        # immediate wins / losses
        children = []
        for m in moves:
            frm, to = m >> 6, m & 63
            tb = 1 << to
            nme = me ^ (1 << frm) ^ tb
            if _connected(nme):
                info["score"] = WIN - 1
                return m, info
            nopp = opp & ~tb
            if nopp != opp and _connected(nopp):
                continue  # loses at once
            children.append(m)
        if not children:
            return moves[0], info
        if len(children) == 1:
            return children[0], info
        scores = {m: 0 for m in children}
        best_move = children[0]
        best_score = -INF
        zme, zop = zob[side], zob[side ^ 1]
        for depth in range(1, depth_max + 1):
            alpha, beta = -INF, INF
            it_best, it_score = None, -INF
            try:
                for i, m in enumerate(children):
                    frm, to = m >> 6, m & 63
                    tb = 1 << to
                    nme = me ^ (1 << frm) ^ tb
                    nopp = opp & ~tb
                    nkey = root_key ^ zme[frm] ^ zme[to] ^ zside
                    if nopp != opp:
                        nkey ^= zop[to]
                    cnt = line_counts(nme | nopp)
                    args = (nopp, nme, side ^ 1, nkey, depth - 1)
                    if i == 0:
                        sc = -negamax(*args, -beta, -alpha, 1, remaining - 1, True)
                    else:
                        sc = -negamax(*args, -alpha - 1, -alpha, 1, remaining - 1, True)
                        if sc > alpha:
                            # failed high: better than the best so far even if the re-search
                            # is cut short by the clock
                            prev = it_best, it_score
                            it_best, it_score = m, sc
                            sc = -negamax(*args, -beta, -alpha, 1, remaining - 1, True)
                            it_best, it_score = (m, sc) if sc > prev[1] else prev
                    scores[m] = sc
                    if sc > it_score:
                        it_score, it_best = sc, m
                    alpha = max(alpha, sc)
            except Timeout:
                if it_best is not None:
                    best_move, best_score = it_best, it_score
                    info["depth"] = depth - 0.5
                break
            best_move, best_score = it_best, it_score
            info["depth"] = depth
            # re-order: this iteration's best first, the others keep their order
            children.remove(best_move)
            children.insert(0, best_move)
            if best_score > WIN_BOUND or best_score < -WIN_BOUND:
                break
            if perf() > soft:
                break
        info["nodes"] = nodes
        info["score"] = best_score
        info["time"] = perf() - start
        return best_move, info


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


def _connected(bb):
    x = bb & -bb
    while True:
        y = x | ((x << 1) & NOT_A) | ((x >> 1) & NOT_H)
        y = (y | (y << 8) | (y >> 8)) & bb
        if y == x:
            return x == bb
        x = y

"""Lines of Action: forced connections by continuous threats (a threat-space search).

Description: ``ThreatSpace(gen, aligned, connecting_moves).forced_win(a, d, k, limit,
    deadline)`` (``fresh_forced_win()``: the method over tables of its own): a move with which
    the side owning bit-board ``a`` (to move; ``d`` the other side) connects by force within
    ``k`` threats, or -1 when none is found. A threat is a move after which ``a`` could connect
    at once; the defender may answer with any legal move, and the win holds only if every answer
    leaves ``a`` connecting next or a shorter forced win. The answer -1 also comes when
    ``limit`` nodes or the ``deadline`` (``time.perf_counter()`` value) run out: -1 means "not
    proven", never "safe".
Rules: after a move the mover wins if connected (also when both sides are); a capture that
    connects only the other side loses; a side without a legal move passes. ``a``'s win takes
    2 k + 1 plies: the caller keeps them before the move limit.
Usage: tuning/forced_sequences.py, which finds the move that let a match's game be lost to a
    forced connection. As a root check in the bot's search it gained nothing measurable at the
    real clock and is not part of the bot (docs/lines-of-action.md, "Twenty-third round").
Method: depth-first over the attacker's threats only (the defender's answers in full), the
    connecting moves of each bit-board from shared/loa_threats.py (memoised by the caller)
    and their legality by the counts of their lines.
Time: for k = 3 in games' positions, about 1 ms at the median and at most about 0.1 s
    (CPython 3.11); bounded by ``limit``.
Status: tests/test_threat_space.py: a found move wins against every defence by a full-width
    search of the referee's rules, the search finds what a plain search of threat sequences
    finds, a game's forced win found, limit and deadline honoured.
"""

import time

from shared.loa_bitboard import (
    alignment_table,
    build_tables,
    gen_moves,
    is_connected,
    line_counts,
    line_ids,
)
from shared.loa_threats import threat_functions

CHECK_EVERY = 64  # nodes between two looks at the clock


class _OutOfBudget(Exception):
    pass


def fresh_forced_win():
    """``forced_win`` over fresh tables of loa_bitboard and its own memo of connecting moves."""
    aligned = alignment_table()
    cache = {}
    connecting_moves, _ = threat_functions(aligned, [0] * 46, cache, {})

    def memoised(bb):
        found = cache.get(bb)
        return connecting_moves(bb) if found is None else found

    return ThreatSpace(build_tables()[0], aligned, memoised).forced_win


class ThreatSpace:
    """The search of the header over the tables of loa_bitboard (``gen``: build_tables()[0],
    ``aligned``: alignment_table()) and ``connecting_moves(bb)``: the moves that would connect
    ``bb`` whatever the counts and the opponent (loa_threats', memoised by the caller);
    ``forced_win`` is the entry."""

    def __init__(self, gen, aligned, connecting_moves):
        self.gen = gen
        self.aligned = aligned
        self.connecting_moves = connecting_moves
        masks = [0] * 46
        for s in range(64):
            for lid in line_ids(s):
                masks[lid] |= 1 << s
        self.masks = tuple(masks)
        self.left = self.to_clock = 0
        self.deadline = None

    def forced_win(self, a, d, k, limit=20000, deadline=None):
        """The first move of a forced connection of ``a`` within ``k`` threats, or -1."""
        self.left, self.to_clock, self.deadline = limit, CHECK_EVERY, deadline
        try:
            return self._attack(a, d, k)
        except _OutOfBudget:
            return -1

    def _legal_connect(self, found, a, d):
        """The first of the connecting moves ``found`` of ``a`` that is legal now, or -1."""
        occ = a | d
        for m in found:
            lid, length, jumped = self.aligned[m]
            if bin(occ & self.masks[lid]).count("1") == length and not (jumped & d):
                return m
        return -1

    def _count(self, n):
        self.left -= n
        self.to_clock -= n
        if self.left < 0:
            raise _OutOfBudget
        if self.to_clock < 0:
            self.to_clock = CHECK_EVERY
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise _OutOfBudget

    def _moves(self, a, d):
        """The legal moves of ``a`` (from << 6 | to)."""
        return gen_moves(self.gen, a, d, line_counts(a | d))

    def _attack(self, a, d, k):
        """A winning move of ``a`` within ``k`` threats (a connection first), or -1."""
        m = self._legal_connect(self.connecting_moves(a), a, d)
        if m >= 0 or k == 0:
            return m
        moves = self._moves(a, d)
        self._count(len(moves))
        for m in moves:
            tb = 1 << (m & 63)
            na = a ^ (1 << (m >> 6)) ^ tb
            nd = d & ~tb
            if nd != d and is_connected(nd):
                continue  # connects only the defender
            threat = self.connecting_moves(na)
            if (
                threat
                and self._legal_connect(threat, na, nd) >= 0
                and self._refuted(na, nd, k, threat)
            ):
                return m
        return -1

    def _refuted(self, a, d, k, threat):
        """Does every answer of ``d`` (to move) lose, ``a`` threatening ``threat``?"""
        if self._legal_connect(self.connecting_moves(d), d, a) >= 0:
            return False  # the defender connects first
        replies = self._moves(d, a)
        self._count(len(replies))
        for r in replies:
            tb = 1 << (r & 63)
            nd = d ^ (1 << (r >> 6)) ^ tb
            na = a & ~tb
            found = threat
            if na != a:
                if is_connected(na):
                    continue  # the capture connects the attacker alone
                found = self.connecting_moves(na)
            if found and self._legal_connect(found, na, nd) >= 0:
                continue  # the threat stands
            if k == 1 or self._attack(na, nd, k - 1) < 0:
                return False
        return True  # no answer holds (none at all: the defender passes)

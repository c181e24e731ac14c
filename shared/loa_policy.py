"""Lines of Action: a static prior on moves, for move ordering and reductions.

Description: ``move_prior(tables, me, opp, m, dist)`` scores the move ``m`` (from << 6 | to)
    of the side owning ``me``: higher for the kinds of move a search tends to choose, in
    hundredths of a logit. ``dist`` is ``centre_distances(me)``: each square's Chebyshev
    distance to the mover's centre of mass. ``move_features`` gives the terms one by one.
Usage: ``tables = prior_tables()`` once; the search writes ``move_prior`` out in its hot path.
Method: a sum of table look-ups over the terms of ``FEATURES``: a capture; own pieces next to
    the square left and next to the square reached (the mover not counted); the change of
    distance to the centre of mass; centralisation gained (piece-square values of loa_eval)
    and edges; opponent pieces next to the square reached. ``PRIOR_WEIGHTS`` come from a
    conditional-logit fit of the moves chosen in self-play at depth 4 (tuning/policy_fit.py).
Time: a handful of look-ups and three popcounts per move; tables built once (measured:
    docs/lines-of-action.md, "Bench").
Status: tests/test_loa_policy.py: the prior equals the weighted sum of move_features, the
    centre of mass rounds half up, the search's written-out copy equals move_prior, the fit
    recovers known weights and self-play games replay as legal moves. Its match figures (with
    and without it): docs/lines-of-action.md.
"""

from shared.loa_bitboard import neighbours
from shared.loa_eval import DISTANCE, SQUARE_VALUE

# Terms of the prior, in the order of move_features: the bins of a count or a change leave one
# value out (3 own neighbours at the square left or reached, an unchanged distance), which
# scores 0.
FEATURES = (
    "capture",
    "from_0",  # no own piece next to the square left: a lone piece joins in
    "from_1",
    "from_2",
    "to_0",  # no own piece next to the square reached
    "to_1",
    "to_2",
    "to_4",  # four or more
    "closer_2",  # two or more squares closer to the centre of mass
    "closer_1",
    "farther_1",
    "farther_2",  # two or more squares farther
    "centre_gain",  # piece-square value gained, per 50
    "edge_to",
    "edge_from",
    "opponents_at",  # opponent pieces next to the square reached
)

# Logit weights as played in the matches of docs/lines-of-action.md: a first fit of the moves
# chosen in 2,100 self-play games at depth 4 (110,367 positions). tuning/policy_fit.py on the
# same games gives weights within 0.21 of these (held-out log-likelihood -2.829 a position
# against -3.350 for a uniform choice; the played move ranked first in 18.6 % of positions).
PRIOR_WEIGHTS = {
    "capture": 0.70,
    "from_0": 0.76,
    "from_1": 0.08,
    "from_2": -0.33,
    "to_0": -0.64,
    "to_1": -0.36,
    "to_2": -0.05,
    "to_4": 0.14,
    "closer_2": 0.37,
    "closer_1": 0.07,
    "farther_1": -0.24,
    "farther_2": -0.72,
    "centre_gain": 0.69,
    "edge_to": -0.12,
    "edge_from": 0.07,
    "opponents_at": 0.19,
}

_EDGE = tuple(1 if (s >> 3) in (0, 7) or (s & 7) in (0, 7) else 0 for s in range(64))


def centre_distances(bb):
    """Each square's Chebyshev distance to the centre of mass of bb's pieces (rounded to a
    square as loa_eval rounds it)."""
    n = sr = sf = 0
    b = bb
    while b:
        low = b & -b
        b ^= low
        s = low.bit_length() - 1
        n += 1
        sr += s >> 3
        sf += s & 7
    half = n >> 1
    return DISTANCE[((sr + half) // n) * 8 + (sf + half) // n]


def move_features(me, opp, m, dist, adj):
    """The terms of FEATURES for move m of the side owning ``me`` (a tuple of numbers);
    ``adj`` = neighbours()."""
    f, t = m >> 6, m & 63
    rest = me ^ (1 << f)
    nf = bin(adj[f] & rest).count("1")
    nt = bin(adj[t] & rest).count("1")
    dd = dist[t] - dist[f]
    return (
        (opp >> t) & 1,
        nf == 0,
        nf == 1,
        nf == 2,
        nt == 0,
        nt == 1,
        nt == 2,
        nt >= 4,
        dd <= -2,
        dd == -1,
        dd == 1,
        dd >= 2,
        (SQUARE_VALUE[t] - SQUARE_VALUE[f]) / 50.0,
        _EDGE[t],
        _EDGE[f],
        bin(adj[t] & opp).count("1"),
    )


def prior_tables(weights=None):
    """Integer tables (hundredths of a logit) of move_prior: (by_from, by_to, by_change,
    at_to, left_from, per_opponent, capture, adj). by_from and by_to are indexed by a count of
    own neighbours (0-8), by_change by the change of distance (-7..7, negative indices from
    the end), at_to and left_from by square."""
    w = dict(PRIOR_WEIGHTS)
    if weights:
        w.update(weights)

    def c(name):
        return round(100 * w[name])

    by_from = tuple(c(f"from_{k}") if k < 3 else 0 for k in range(9))
    by_to = tuple(c(f"to_{k}") if k < 3 else (0 if k == 3 else c("to_4")) for k in range(9))
    by_change = [0] * 15
    for d in range(-7, 8):
        if d <= -2:
            by_change[d] = c("closer_2")
        elif d == -1:
            by_change[d] = c("closer_1")
        elif d == 1:
            by_change[d] = c("farther_1")
        elif d >= 2:
            by_change[d] = c("farther_2")
    gain = w["centre_gain"] * 100 / 50.0
    at_to = tuple(round(gain * SQUARE_VALUE[s] + 100 * w["edge_to"] * _EDGE[s]) for s in range(64))
    left_from = tuple(
        round(gain * SQUARE_VALUE[s] - 100 * w["edge_from"] * _EDGE[s]) for s in range(64)
    )
    return (
        by_from,
        by_to,
        tuple(by_change),
        at_to,
        left_from,
        c("opponents_at"),
        c("capture"),
        neighbours(),
    )


def move_prior(tables, me, opp, m, dist):
    """The prior of move m (see the header)."""
    by_from, by_to, by_change, at_to, left_from, per_opponent, capture, adj = tables
    f, t = m >> 6, m & 63
    rest = me ^ (1 << f)
    score = (
        by_from[bin(adj[f] & rest).count("1")]
        + by_to[bin(adj[t] & rest).count("1")]
        + by_change[dist[t] - dist[f]]
        + at_to[t]
        - left_from[f]
        + per_opponent * bin(adj[t] & opp).count("1")
    )
    if (opp >> t) & 1:
        score += capture
    return score

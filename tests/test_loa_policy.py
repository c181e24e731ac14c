"""The move prior (shared/loa_policy.py), the search's ordering by it, and its fit
(tuning/policy_fit.py, tuning/selfplay.py)."""

import math
import random

from shared.loa_bitboard import build_tables, gen_moves, line_counts
from shared.loa_eval import make_evaluator
from shared.loa_policy import (
    FEATURES,
    PRIOR_WEIGHTS,
    centre_distances,
    move_features,
    move_prior,
    neighbours,
    prior_tables,
)
from shared.loa_search import HISTORY_WEIGHT, PRIOR_DEPTH, Searcher
from tuning import policy_fit, selfplay

TABLES = build_tables()


def random_position(rng):
    squares = rng.sample(range(64), rng.randint(6, 24))
    k = rng.randint(2, len(squares) - 2)
    return sum(1 << s for s in squares[:k]), sum(1 << s for s in squares[k:])


def test_prior_is_the_weighted_sum_of_the_features():
    """move_prior's tables are the weights in hundredths, rounded term by term."""
    tables, adj = prior_tables(), neighbours()
    rng = random.Random(3)
    for _ in range(200):
        me, opp = random_position(rng)
        dist = centre_distances(me)
        for m in gen_moves(TABLES[0], me, opp, line_counts(me | opp)):
            x = move_features(me, opp, m, dist, adj)
            want = 100 * sum(PRIOR_WEIGHTS[name] * v for name, v in zip(FEATURES, x))
            assert abs(move_prior(tables, me, opp, m, dist) - want) <= 2, m


def test_centre_distances_round_the_centre_of_mass_half_up():
    """Pieces on A1 and B2: the mean square is (0.5, 0.5), rounded to B2; distances from B2."""
    dist = centre_distances(1 | 1 << 9)
    assert dist[9] == 0 and dist[0] == 1 and dist[63] == 6
    assert centre_distances(1 << 36)[36] == 0


def test_deep_nodes_order_moves_by_prior_and_history():
    """The search's written-out prior equals move_prior, and below PRIOR_DEPTH the order is by
    history alone."""
    rng = random.Random(8)
    tables = prior_tables()
    for _ in range(50):
        me, opp = random_position(rng)
        searcher = Searcher(make_evaluator(), TABLES)
        for m in range(4096):
            searcher.history[m] = rng.randrange(40)
        searcher.cnt[:] = line_counts(me | opp)
        moves, priors = searcher.generate(me, opp, PRIOR_DEPTH)
        dist = centre_distances(me)
        assert priors == {m: move_prior(tables, me, opp, m, dist) for m in moves}
        keys = [priors[m] + HISTORY_WEIGHT * searcher.history[m] for m in moves]
        assert keys == sorted(keys, reverse=True)
        shallow, none = searcher.generate(me, opp, PRIOR_DEPTH - 1)
        assert none is None and sorted(shallow) == sorted(moves)
        assert [searcher.history[m] for m in shallow] == sorted(
            (searcher.history[m] for m in shallow), reverse=True
        )


def test_fit_recovers_the_weights_that_chose_the_moves():
    """Choices drawn from a known conditional logit over three features are fitted back."""
    rng = random.Random(5)
    true_w = [1.0, -0.5, 0.25]
    data = []
    for _ in range(800):
        xs = [[rng.random(), float(rng.random() < 0.3), rng.gauss(0, 1)] for _ in range(10)]
        e = [math.exp(sum(a * b for a, b in zip(true_w, x))) for x in xs]
        pick, u = 0, rng.random() * sum(e)
        while u > e[pick]:
            u -= e[pick]
            pick += 1
        data.append((xs, pick))
    w = policy_fit.fit(data, iterations=150, rate=1.0)
    assert all(abs(a - b) < 0.3 for a, b in zip(w, true_w)), w


def test_selfplay_games_replay_as_legal_moves(tmp_path):
    """Two short games at depth 1: every consecutive pair of positions differs by one legal
    move of the side to move, which is what the fit reads."""
    out = tmp_path / "games.txt"
    assert selfplay.main(["--games", "2", "--depth", "1", "--seed", "7", "--out", str(out)]) == 0
    games = policy_fit.read_games(str(out))
    assert len(games) == 2
    for game in games:
        for before, after in zip(game, game[1:]):
            m = policy_fit.played_move(before, after)
            white, black, side, _ = before
            me, opp = (white, black) if side == 0 else (black, white)
            assert m in gen_moves(TABLES[0], me, opp, line_counts(me | opp))
    data = policy_fit.choices(games, TABLES[0])
    assert len(data) == sum(len(g) - 1 for g in games)
    assert selfplay.play_game(7, 1, TABLES) == selfplay.play_game(7, 1, TABLES)

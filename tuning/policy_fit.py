"""Fit the move prior of shared/loa_policy.py to the moves played in self-play games.

Usage: python -m tuning.policy_fit games.txt [--limit N] [--iterations 60]

Reads tuning.selfplay's output, recovers the move played between consecutive positions of a
game, and fits a conditional logit: the probability of a move is exp(w . x) over the sum for
all legal moves, x = loa_policy.move_features. Plain gradient ascent from w = 0; the positions
are shuffled (seed 1) and split 80/20. Prints the log-likelihood per position, how often the
played move ranks first, and the weights as a PRIOR_WEIGHTS literal.
"""

import argparse
import math
import random
import sys

from shared.loa_bitboard import build_tables, gen_moves, line_counts
from shared.loa_policy import FEATURES, centre_distances, move_features, neighbours


def read_games(path, limit=None):
    """The games of a selfplay file: lists of (white, black, side, ply), in order."""
    games, current, last = [], [], None
    with open(path) as f:
        for k, line in enumerate(f):
            if limit is not None and k >= limit:
                break
            white, black, side, ply, _ = line.split()
            ply = int(ply)
            if last is not None and ply != last + 1:
                games.append(current)
                current = []
            current.append((int(white, 16), int(black, 16), int(side), ply))
            last = ply
    if current:
        games.append(current)
    return games


def played_move(before, after):
    """The move (from << 6 | to) that turns position ``before`` into ``after``; None for a
    pass."""
    side = before[2]
    mine, then = before[side], after[side]
    left, reached = mine & ~then, then & ~mine
    if not left or not reached:
        return None
    return (left.bit_length() - 1) << 6 | (reached.bit_length() - 1)


def choices(games, gen):
    """(feature vectors of every legal move, index of the played one) per position."""
    adj = neighbours()
    out = []
    for game in games:
        for before, after in zip(game, game[1:]):
            played = played_move(before, after)
            if played is None:
                continue
            white, black, side, _ = before
            me, opp = (white, black) if side == 0 else (black, white)
            moves = gen_moves(gen, me, opp, line_counts(me | opp))
            if played not in moves:
                continue
            dist = centre_distances(me)
            xs = [[float(v) for v in move_features(me, opp, m, dist, adj)] for m in moves]
            out.append((xs, moves.index(played)))
    return out


def _scores(w, xs):
    return [sum(a * b for a, b in zip(w, x)) for x in xs]


def log_likelihood(w, data):
    """Mean log-probability of the played move, and the share ranked first."""
    total = 0.0
    first = 0
    for xs, i in data:
        s = _scores(w, xs)
        top = max(s)
        total += s[i] - top - math.log(sum(math.exp(v - top) for v in s))
        first += s[i] == top
    return total / len(data), first / len(data)


def fit(data, iterations=60, rate=0.5):
    """Gradient ascent on the mean log-likelihood, from zero weights."""
    k = len(data[0][0][0])
    w = [0.0] * k
    for _ in range(iterations):
        grad = [0.0] * k
        for xs, i in data:
            s = _scores(w, xs)
            top = max(s)
            e = [math.exp(v - top) for v in s]
            z = sum(e)
            for x, ev in zip(xs, e):
                p = ev / z
                for j in range(k):
                    grad[j] -= p * x[j]
            for j in range(k):
                grad[j] += xs[i][j]
        w = [a + rate * g / len(data) for a, g in zip(w, grad)]
    return w


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games")
    parser.add_argument("--limit", type=int, default=None, help="read only this many lines")
    parser.add_argument("--iterations", type=int, default=60)
    args = parser.parse_args(argv)
    data = choices(read_games(args.games, args.limit), build_tables()[0])
    if len(data) < 10:
        print(f"error: {args.games}: {len(data)} positions with a played move", file=sys.stderr)
        return 1
    random.Random(1).shuffle(data)
    cut = len(data) * 4 // 5
    w = fit(data[:cut], args.iterations)
    for name, part in (("train", data[:cut]), ("test", data[cut:])):
        ll, first = log_likelihood(w, part)
        print(f"{name}: {len(part)} positions, log-likelihood {ll:.4f}, first {first:.1%}")
    chance = -sum(math.log(len(xs)) for xs, _ in data[cut:]) / (len(data) - cut)
    print(f"uniform choice: log-likelihood {chance:.4f}")
    print("PRIOR_WEIGHTS = {")
    for name, v in zip(FEATURES, w):
        print(f'    "{name}": {v:.2f},')
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

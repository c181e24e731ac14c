"""What the evaluation misjudges about a side's piece count, measured by who won.

Usage: python -m tuning.outcome_fit GAMES.log [GAMES.log ...] [--opponent engine]
    [--weights "few=100"] [--terms]

Reads the games of ``build.py match --log`` that a side won, and takes every position after
SKIP plies up to the one two plies before the end: the evaluation of shared/loa_eval.py for the
side to move (with ``--weights`` over the defaults, as ``LOA_WEIGHTS``), each side's piece
count, whether the side to move won the game, and whether the side to move is the program named by
``--opponent`` (so that a stronger opponent is not mistaken for a piece count). It fits
a logistic regression by Newton's method:

    P(win) = 1 / (1 + exp(-(a * evaluation / 100 + b * program + sum_k c_k * d_k)))

where d_k is 1 when the side to move has k pieces, -1 when the opponent has, 0 otherwise (both:
0), for k from LOW to HIGH (more pieces: the baseline). It prints each c_k in the evaluation's
units (100 c_k / a): the score a side with k pieces is worth beyond what the evaluation gives
it. shared/loa_eval.py's FEW_PIECES came from this fit over the logs of matches against the
sparring engine, with that term off (its default); ``--weights few=100`` shows what is left
with it on (docs/lines-of-action.md, fifteenth round).

``--terms`` fits the evaluation's own terms instead (Texel's method on these games): the
program, an intercept (the side to move's tempo) and each term of ``tuning.eval_fit.TERMS`` at
weight 1, on the positions of four games in five (split by a hash of the moves). It prints the
held-out log-likelihood of that fit and of the evaluation with the program alone, and the fitted
weights in the evaluation's units (divided by the evaluation's own coefficient), ready for
``LOA_WEIGHTS`` (docs/lines-of-action.md, sixteenth round).
"""

import argparse
import math
import sys

from referee.match_log import read_games
from shared.loa_bitboard import apply_move, build_tables, line_counts, parse_move, start_position
from shared.loa_eval import make_evaluator, parse_weights
from tuning.eval_fit import TERMS, features, held_out, solve_system, term_evaluators

SKIP = 4  # the random openings' plies: the first position the programs chose
LOW, HIGH = 3, 10  # piece counts given a coefficient each; above HIGH: the baseline
NO_LAZY = 1 << 40  # the evaluation in full (no lazy cut)


def read_log(path):
    """(White's name, Black's, winner 0/1, plies) for each game of a ``match --log`` file that
    a side won; raises ValueError on a line that is not a game line."""
    return [
        (g.white, g.black, "WB".index(g.result), g.moves)
        for g in read_games(path)
        if g.result in ("W", "B")
    ]


def positions(games):
    """(White's name, winner, side to move, its board, the other's, held out) per position
    described in the header; a game's positions are held out together (one game in five)."""
    for white, _, winner, plies in games:
        out = held_out(plies)
        boards, side = list(start_position()), 0
        for ply, name in enumerate(plies[:-2]):
            apply_move(boards, side, parse_move(name))
            side ^= 1
            if ply + 1 >= SKIP:
                yield white, winner, side, boards[side], boards[side ^ 1], out


def samples(games, evaluate, opponent):
    """(evaluation / 100, -1 if ``opponent`` is to move else 1, own count, opponent's count,
    won) per position described in the header."""
    rows = []
    for white, winner, side, me, opp, _ in positions(games):
        score = evaluate(me, opp, line_counts(me | opp)) / 100
        ours = _program(white, side, opponent)
        rows.append((score, ours, _count(me), _count(opp), side == winner))
    return rows


def term_samples(games, evaluate, opponent):
    """(evaluation / 100, program as in ``samples``, the terms of TERMS, won, held out) per
    position."""
    evaluators = term_evaluators(build_tables())
    rows = []
    for white, winner, side, me, opp, out in positions(games):
        cnt = line_counts(me | opp)
        ours = _program(white, side, opponent)
        terms = features(me, opp, cnt, evaluators)
        rows.append((evaluate(me, opp, cnt) / 100, ours, terms, side == winner, out))
    return rows


def _program(white, side, opponent):
    """-1 when ``opponent`` is the side to move, else 1."""
    return -1 if (white == opponent) == (side == 0) else 1


def _count(bb):
    return bin(bb).count("1")


def design(row):
    """The regression's inputs for one sample: evaluation, program, then d_LOW .. d_HIGH."""
    score, ours, own, other, _ = row
    return [score, ours] + [(own == k) - (other == k) for k in range(LOW, HIGH + 1)]


def logistic_fit(xs, ys, iterations=25):
    """Coefficients w maximising the log-likelihood of ys (0/1) under P = 1/(1+exp(-w.x)), by
    Newton's method (a small ridge keeps the steps defined); returns (w, log-likelihood)."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(iterations):
        grad = [0.0] * k
        hess = [[1e-9 * len(xs) * (i == j) for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys):
            p = _sigmoid(sum(a * b for a, b in zip(w, x)))
            for i in range(k):
                grad[i] += (y - p) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        w = [a + b for a, b in zip(w, solve_system(hess, grad))]
    return w, _log_likelihood(w, xs, ys)


def _log_likelihood(w, xs, ys):
    return sum(math.log(max(1e-300, _likelihood(w, x, y))) for x, y in zip(xs, ys))


def _sigmoid(z):
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def _likelihood(w, x, y):
    p = _sigmoid(sum(a * b for a, b in zip(w, x)))
    return p if y else 1 - p


def report(rows):
    """The printed lines: positions, the fit's log-likelihood against the evaluation alone,
    and each piece count's worth in the evaluation's units."""
    ys = [row[4] for row in rows]
    base, base_ll = logistic_fit([design(row)[:2] for row in rows], ys)
    w, ll = logistic_fit([design(row) for row in rows], ys)
    worth = "  ".join(f"{k}:{100 * c / w[0]:.0f}" for k, c in zip(range(LOW, HIGH + 1), w[2:]))
    return [
        f"positions: {len(rows)}; log-likelihood {base_ll:.1f} with the evaluation and the "
        f"program alone, {ll:.1f} with the piece counts",
        f"evaluation per 100: {base[0]:.3f} alone, {w[0]:.3f} with the counts; program: {w[1]:.3f}",
        f"worth of a side's piece count beyond the evaluation (more than {HIGH}: 0): {worth}",
    ]


def term_report(rows):
    """The printed lines of ``--terms``: positions, held-out log-likelihoods, fitted weights."""
    train = [row for row in rows if not row[4]]
    test = [row for row in rows if row[4]]
    ys = [row[3] for row in train]
    base, _ = logistic_fit([[row[0], row[1]] for row in train], ys)
    w, _ = logistic_fit([[row[1], 1.0, *row[2]] for row in train], ys)
    base_ll = _log_likelihood(base, [[row[0], row[1]] for row in test], [row[3] for row in test])
    ll = _log_likelihood(w, [[row[1], 1.0, *row[2]] for row in test], [row[3] for row in test])
    per_unit = base[0] / 100
    weights = {name: round(c / per_unit) for name, c in zip(TERMS, w[2:])}
    weights["tempo"] = round(w[1] / per_unit)
    return [
        f"positions: {len(train)} to fit, {len(rows) - len(train)} held out",
        f"held-out log-likelihood: {base_ll:.1f} the evaluation and the program, "
        f"{ll:.1f} the terms fitted",
        "weights: " + ",".join(f"{k}={v}" for k, v in weights.items()),
    ]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", nargs="+", metavar="GAMES.log")
    parser.add_argument("--opponent", default="engine", help="the other program's name")
    parser.add_argument("--weights", default="", help='as LOA_WEIGHTS, e.g. "few=100"')
    parser.add_argument("--terms", action="store_true", help="fit the evaluation's terms")
    args = parser.parse_args(argv)
    try:
        weights = parse_weights(args.weights)
        games = [game for path in args.logs for game in read_log(path)]
    except (OSError, ValueError) as e:
        parser.exit(2, f"outcome_fit: error: {e}\n")
    if not any(args.opponent in game[:2] for game in games):
        parser.exit(2, f"outcome_fit: error: no decided game has a program {args.opponent!r}\n")
    evaluate = make_evaluator(dict(weights, lazy=NO_LAZY))
    rows = (term_samples if args.terms else samples)(games, evaluate, args.opponent)
    if len(rows) < 100 or args.terms and len({row[4] for row in rows}) < 2:
        parser.exit(2, f"outcome_fit: error: {len(rows)} positions, too few to fit\n")
    print("\n".join((term_report if args.terms else report)(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Fit the evaluation's weights to a deeper searcher's scores of the same positions.

Usage:
    python -m tuning.eval_fit label GAMES.log --engine "CMD --time 0.5" --out scores.txt
    python -m tuning.eval_fit fit scores.txt

``label`` reads the games of ``build.py match --log`` (the ``moves=`` field), takes every
EVERY-th position from ply SKIP on that neither side can win in one move (shuffled with seed 1,
the first ``--limit`` of them), and asks an engine
speaking ``--bench`` (search the position given as ``LOA_OPENING`` plies and print a line
``bestmove M depth D score S ...``, S for the side to move) for its score. One line per
position: the score, then the plies.

``fit`` regresses those scores (clipped to +-CLIP) on the features of shared/loa_eval.py (each
weight's term at weight 1, for the side to move) by least squares, on 80 % of the positions
(split by a hash of the plies), and prints the held-out correlation of the default evaluation
and of the fit with the engine's scores. The fitted weights are given in the evaluation's own
units: divided by the slope of the engine's score on the default evaluation, so that the
search's constants (THREAT, the lazy margin, the null-move bound) keep their meaning.
"""

import argparse
import os
import random
import shlex
import subprocess
import sys
import zlib
from multiprocessing import Pool

from referee.match_log import read_games
from shared.loa_bitboard import (
    apply_move,
    build_tables,
    gen_moves,
    is_connected,
    line_counts,
    parse_move,
)
from shared.loa_eval import DEFAULT_WEIGHTS, make_evaluator
from tuning.opening_book import position_after

SKIP = 6  # first ply sampled (the random openings are 4 to 6 plies)
EVERY = 2  # plies between two sampled positions of a game
CLIP = 600  # engine scores beyond this are clipped (decided positions, not judgement)
TERMS = ("conc", "cent", "com", "group", "quad", "conn", "unif", "euler", "mat", "mob")
UNIT = 1000  # a term is read at this weight (the evaluation divides in integers)


def game_plies(path):
    """The ply lists of the games in a ``match --log`` file (read by referee/match_log.py)."""
    return [g.moves for g in read_games(path)]


def position(plies):
    """(white, black, side) after the plies from the start."""
    boards, side = position_after(plies)
    return boards[0], boards[1], side


def quiet(white, black, gen):
    """Neither side can connect in one move (nor is connected already)."""
    cnt = line_counts(white | black)
    for me, opp in ((white, black), (black, white)):
        if is_connected(me):
            return False
        for m in gen_moves(gen, me, opp, cnt):
            if is_connected(me ^ (1 << (m >> 6)) ^ (1 << (m & 63))):
                return False
    return True


def sample(games, gen):
    """The sampled quiet positions of the games, as ply lists, each position once (each game
    replayed once, move by move)."""
    seen = set()
    out = []
    for plies in games:
        boards, side = position_after(plies[:SKIP])
        for k in range(SKIP, len(plies) - 1):
            if (k - SKIP) % EVERY == 0:
                key = (boards[0], boards[1], side)
                if key not in seen and quiet(boards[0], boards[1], gen):
                    seen.add(key)
                    out.append(plies[:k])
            apply_move(boards, side, parse_move(plies[k]))
            side ^= 1
    return out


def engine_score(args):
    """The engine's score of a position (ply list) for the side to move, or None."""
    cmd, plies = args
    env = dict(os.environ, LOA_OPENING=" ".join(plies))
    run = subprocess.run(
        [*shlex.split(cmd), "--bench"], env=env, capture_output=True, text=True, check=False
    )
    for line in run.stdout.splitlines():
        parts = line.split()
        if parts and parts[0] == "bestmove" and "score" in parts:
            return int(parts[parts.index("score") + 1])
    return None


def held_out(plies):
    """Whether the position or game of these plies is in the fifth held out (a hash, so the
    same plies always fall on the same side)."""
    return zlib.crc32(" ".join(plies).encode()) % 5 == 0


def features(me, opp, cnt, evaluators):
    """Each term of TERMS for the side owning ``me`` (to move), as the evaluation adds it at
    weight 1 (so mobility is the weighted mobility difference / 8)."""
    return [ev(me, opp, cnt) / UNIT for ev in evaluators]


def term_evaluators(tables):
    """One evaluator per term of TERMS, with that weight at UNIT and the others at 0."""
    zero = {name: 0 for name in DEFAULT_WEIGHTS}
    zero["lazy"] = 1 << 40
    return [make_evaluator(dict(zero, **{name: UNIT}), tables) for name in TERMS]


def solve(rows, ys, ridge=1e-6):
    """Least squares with an intercept (last coefficient): Gaussian elimination on the normal
    equations."""
    k = len(rows[0]) + 1
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for row, y in zip(rows, ys):
        x = [*row, 1.0]
        for i in range(k):
            b[i] += x[i] * y
            for j in range(k):
                a[i][j] += x[i] * x[j]
    for i in range(k):
        a[i][i] += ridge * len(rows)
    return solve_system(a, b)


def solve_system(a, b):
    """x with a x = b, by Gaussian elimination with partial pivoting (a and b are changed)."""
    k = len(b)
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(a[r][c]))
        a[c], a[p], b[c], b[p] = a[p], a[c], b[p], b[c]
        for r in range(k):
            if r != c and a[r][c]:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
                b[r] -= f * b[c]
    return [b[i] / a[i][i] for i in range(k)]


def correlation(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else 0.0


def read_scores(path):
    """(score, plies) per line of a ``label`` file."""
    out = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if parts:
                out.append((int(parts[0]), parts[1:]))
    return out


def fit(data, tables):
    """(weights in the evaluation's units, report lines) for (score, plies) pairs."""
    evaluators = term_evaluators(tables)
    default = make_evaluator({"lazy": 1 << 40}, tables)
    train, test = [], []
    for score, plies in data:
        white, black, side = position(plies)
        me, opp = (white, black) if side == 0 else (black, white)
        cnt = line_counts(white | black)
        row = features(me, opp, cnt, evaluators)
        cur = default(me, opp, cnt)
        y = max(-CLIP, min(CLIP, score))
        (test if held_out(plies) else train).append((row, cur, y))
    slope = solve([[cur] for _, cur, _ in train], [y for _, _, y in train])[0]
    coef = solve([row for row, _, _ in train], [y for _, _, y in train])
    weights = {name: round(c / slope) for name, c in zip(TERMS, coef)}
    weights["tempo"] = round(coef[-1] / slope)
    ys = [y for _, _, y in test]
    fitted = [sum(c * x for c, x in zip(coef, row)) + coef[-1] for row, _, _ in test]
    now = correlation([c for _, c, _ in test], ys)
    report = [
        f"positions: {len(train)} to fit, {len(test)} held out; engine score per default "
        f"evaluation unit {slope:.3f}",
        f"held-out correlation with the engine: default {now:.3f}, "
        f"fitted {correlation(fitted, ys):.3f}",
        "weights: " + ",".join(f"{k}={v}" for k, v in weights.items()),
    ]
    return weights, report


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=("label", "fit"))
    parser.add_argument("path")
    parser.add_argument("--engine", default="")
    parser.add_argument("--out")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--limit", type=int)
    args = parser.parse_args(argv)
    tables = build_tables()
    if args.mode == "fit":
        _, report = fit(read_scores(args.path), tables)
        print("\n".join(report))
        return 0
    if not args.engine or not args.out:
        parser.error("label needs --engine and --out")
    todo = sample(game_plies(args.path), tables[0])
    random.Random(1).shuffle(todo)
    todo = todo[: args.limit]
    print(f"{len(todo)} positions", file=sys.stderr, flush=True)
    with open(args.out, "w") as out, Pool(args.jobs) as pool:
        work = [(args.engine, plies) for plies in todo]
        for k, (plies, score) in enumerate(zip(todo, pool.imap(engine_score, work))):
            if score is not None:
                out.write(f"{score} {' '.join(plies)}\n")
            if (k + 1) % 200 == 0:
                print(f"{k + 1} labelled", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

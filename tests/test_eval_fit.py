"""tuning/eval_fit.py: positions sampled from logged games and labelled by an engine's
``--bench`` line, and the least-squares fit that turns those scores into evaluation weights."""

import random
import sys

from referee import rules
from shared.loa_bitboard import (
    apply_move,
    build_tables,
    gen_moves,
    is_connected,
    line_counts,
    move_name,
    start_position,
)
from shared.loa_eval import DEFAULT_WEIGHTS, make_evaluator
from tuning import eval_fit

TABLES = build_tables()


def quiet_by_the_referee(plies):
    """Neither colour connected, nor able to connect in one move, by referee/rules.py."""
    board, colour = rules.initial_board(), "W"
    for name in plies:
        board = rules.apply_move(board, colour, rules.parse_move(name))
        colour = rules.other(colour)
    for side in ("W", "B"):
        if rules.connected(board, side):
            return False
        for move in rules.legal_moves(board, side):
            if rules.connected(rules.apply_move(board, side, move), side):
                return False
    return True


def random_game(seed, plies=40):
    """Move names of a game of random legal moves (stopped early when a side connects)."""
    rng = random.Random(seed)
    boards, side, names = list(start_position()), 0, []
    for _ in range(plies):
        me, opp = boards[side], boards[side ^ 1]
        moves = gen_moves(TABLES[0], me, opp, line_counts(me | opp))
        if not moves:
            break
        m = rng.choice(moves)
        apply_move(boards, side, m)
        names.append(move_name(m))
        if is_connected(boards[0]) or is_connected(boards[1]):
            break
        side ^= 1
    return names


def test_label_asks_the_engine_once_per_sampled_quiet_position(tmp_path):
    """A fake engine scores a position by its number of plies: each line of the output holds
    that score and its plies, which are a prefix of a logged game at SKIP + k * EVERY plies,
    quiet, and not repeated (the log holds a game twice)."""
    games = [random_game(seed) for seed in (1, 2, 3)]
    log = tmp_path / "games.log"  # the first game twice, as two deterministic engines play it
    logged = [*games, games[0]]
    log.write_text(
        "".join(
            f"game {k} white=a black=b opening= result=D reason=limit moves={' '.join(g)}\n"
            for k, g in enumerate(logged)
        )
    )
    fake = tmp_path / "engine.py"
    fake.write_text(
        "import os\nn = len(os.environ['LOA_OPENING'].split())\n"
        "print(f'bestmove A1-A2 depth 1 score {n} nodes 1')\n"
    )
    out = tmp_path / "scores.txt"
    engine = f"{sys.executable} {fake}"
    assert eval_fit.main(["label", str(log), "--engine", engine, "--out", str(out)]) == 0
    rows = eval_fit.read_scores(str(out))
    assert rows
    seen = set()
    for score, plies in rows:
        assert score == len(plies)
        assert (len(plies) - eval_fit.SKIP) % eval_fit.EVERY == 0
        assert any(g[: len(plies)] == plies for g in games)
        assert quiet_by_the_referee(plies), plies
        white, black, side = eval_fit.position(plies)
        assert (white, black, side) not in seen
        seen.add((white, black, side))


def test_quiet_positions_are_those_the_referee_finds_quiet():
    """Along random games played to the end, where threats to connect turn up."""
    verdicts = []
    for seed in range(8):
        names = random_game(seed, plies=300)
        for k in range(max(0, len(names) - 12), len(names)):
            white, black, _ = eval_fit.position(names[:k])
            verdicts.append(eval_fit.quiet(white, black, TABLES[0]))
            assert verdicts[-1] == quiet_by_the_referee(names[:k]), names[:k]
    assert True in verdicts and False in verdicts


def test_fit_gives_back_the_default_weights_from_scores_proportional_to_the_evaluation():
    """Scores that are twice the default evaluation are fitted back to the default weights
    (in the evaluation's own units), with a held-out correlation of 1."""
    default = make_evaluator({"lazy": 1 << 40}, TABLES)
    data = []
    for seed in range(60):
        names = random_game(100 + seed)
        for k in range(eval_fit.SKIP, len(names), 3):
            white, black, side = eval_fit.position(names[:k])
            me, opp = (white, black) if side == 0 else (black, white)
            score = 2 * default(me, opp, line_counts(white | black))
            if abs(score) < eval_fit.CLIP:
                data.append((score, names[:k]))
    weights, report = eval_fit.fit(data, TABLES)
    for name in eval_fit.TERMS + ("tempo",):
        assert abs(weights[name] - DEFAULT_WEIGHTS[name]) <= 2, (name, weights)
    assert "fitted 1.000" in report[1], report

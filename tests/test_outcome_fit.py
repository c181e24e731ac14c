"""tuning/outcome_fit.py: the positions taken from logged games, their labels, and the logistic
fit that measures what a piece count is worth beyond the evaluation."""

import math
import random

import pytest

from shared.loa_bitboard import (
    apply_move,
    build_tables,
    gen_moves,
    line_counts,
    move_name,
    start_position,
)
from tuning import outcome_fit

TABLES = build_tables()


def random_plies(seed, plies=30):
    """Move names of ``plies`` random legal moves from the start (no check for a connection:
    the log line, not the moves, says who won)."""
    rng = random.Random(seed)
    boards, side, names = list(start_position()), 0, []
    for _ in range(plies):
        me, opp = boards[side], boards[side ^ 1]
        m = rng.choice(gen_moves(TABLES[0], me, opp, line_counts(me | opp)))
        apply_move(boards, side, m)
        names.append(move_name(m))
        side ^= 1
    return names


def log_line(number, white, black, result, plies):
    return (
        f"game {number} white={white} black={black} opening=-"
        f" result={result} reason=connected moves={' '.join(plies)}\n"
    )


def test_read_log_keeps_the_decided_games_and_names_a_line_it_cannot_read(tmp_path):
    plies = random_plies(1)
    log = tmp_path / "games.log"
    log.write_text(
        log_line(1, "bot", "engine", "W", plies)
        + log_line(2, "engine", "bot", "D", plies)
        + "\n"
        + log_line(3, "engine", "bot", "B", plies)
    )
    assert outcome_fit.read_log(log) == [("bot", "engine", 0, plies), ("engine", "bot", 1, plies)]
    log.write_text(log_line(1, "bot", "engine", "W", plies) + "bot W/L/D 1/0/0\n")
    with pytest.raises(ValueError, match=r"games.log:2: not a game line"):
        outcome_fit.read_log(log)


def test_samples_label_every_position_for_the_side_to_move():
    """A 30-ply game White (the bot) won: the positions after 4 to 28 plies, each with the
    evaluation, who is to move, both piece counts and whether the mover won."""
    plies = random_plies(2)
    games = [("bot", "engine", 0, plies)]
    seen = []

    def evaluate(me, opp, cnt):
        seen.append((me, opp, cnt))
        return 250

    rows = outcome_fit.samples(games, evaluate, "engine")
    assert len(rows) == 30 - 2 - outcome_fit.SKIP + 1
    boards, side = list(start_position()), 0
    expected = []
    for k, name in enumerate(plies[:28]):
        apply_move(boards, side, outcome_fit.parse_move(name))
        side ^= 1
        if k + 1 >= outcome_fit.SKIP:
            me, opp = boards[side], boards[side ^ 1]
            count = bin(me).count("1"), bin(opp).count("1")
            expected.append((2.5, 1 if side == 0 else -1, *count, side == 0))
            assert seen[len(expected) - 1] == (me, opp, line_counts(me | opp))
    assert rows == expected
    assert [r[1] for r in outcome_fit.samples(games, evaluate, "bot")] == [-r[1] for r in rows]


def test_term_samples_add_the_terms_and_hold_a_game_out_whole():
    """``--terms`` rows: the same evaluation, program and winner as ``samples``, then the
    terms of the side to move at weight 1, and one held-out flag for all of a game's rows."""
    games = [("bot", "engine", 0, random_plies(s)) for s in range(2, 12)]
    evaluate = outcome_fit.make_evaluator({"lazy": outcome_fit.NO_LAZY})
    rows = outcome_fit.term_samples(games, evaluate, "engine")
    plain = outcome_fit.samples(games, evaluate, "engine")
    assert [(r[0], r[1], r[3]) for r in rows] == [(p[0], p[1], p[4]) for p in plain]
    terms = outcome_fit.term_evaluators(TABLES)
    for row, (_, _, side, me, opp, _) in zip(rows, outcome_fit.positions(games)):
        assert row[2] == outcome_fit.features(me, opp, line_counts(me | opp), terms)
    per_game = len(rows) // len(games)
    flags = [{r[4] for r in rows[k : k + per_game]} for k in range(0, len(rows), per_game)]
    assert all(len(f) == 1 for f in flags) and {f.pop() for f in flags} == {False, True}


def test_design_gives_each_piece_count_its_own_input():
    row = (1.5, -1, 3, 11, True)
    assert outcome_fit.design(row) == [1.5, -1, 1, 0, 0, 0, 0, 0, 0, 0]
    assert outcome_fit.design((0.0, 1, 12, 4, False))[2:] == [0, -1, 0, 0, 0, 0, 0, 0]
    assert outcome_fit.design((0.0, 1, 6, 6, False))[2:] == [0] * 8


def test_logistic_fit_recovers_known_coefficients():
    rng = random.Random(5)
    truth = (1.5, -0.7, 2.0)
    xs, ys = [], []
    for _ in range(4000):
        x = [rng.gauss(0, 1), rng.choice((-1, 1)), rng.choice((-1, 0, 0, 1))]
        p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(truth, x))))
        xs.append(x)
        ys.append(rng.random() < p)
    w, ll = outcome_fit.logistic_fit(xs, ys)
    assert w == pytest.approx(truth, abs=0.2)
    assert ll == pytest.approx(
        sum(math.log(outcome_fit._likelihood(w, x, y)) for x, y in zip(xs, ys))
    )
    assert ll > sum(math.log(outcome_fit._likelihood(truth, x, y)) for x, y in zip(xs, ys))


def test_report_finds_a_planted_worth_of_three_pieces():
    """Outcomes drawn as if a side with three pieces were worth 200 more than the evaluation
    says: the report gives 3 about 200 and the other counts about 0."""
    rng = random.Random(7)
    rows = []
    for _ in range(6000):
        own, other = rng.randint(3, 12), rng.randint(3, 12)
        score = rng.gauss(0, 1)
        z = score + 2.0 * ((own == 3) - (other == 3))
        rows.append((score, 1, own, other, rng.random() < 1 / (1 + math.exp(-z))))
    lines = outcome_fit.report(rows)
    worth = dict(item.split(":") for item in lines[-1].split("): ", 1)[1].split())
    assert 150 < int(worth["3"]) < 250
    assert all(abs(int(v)) < 50 for k, v in worth.items() if k != "3")
    assert lines[0].startswith("positions: 6000;")


def test_term_report_gives_planted_weights_back_in_the_evaluations_units():
    """Outcomes drawn from an evaluation with known weights and tempo, at 1.5 per 100 of it:
    the terms' fit gives the weights back as the evaluation counts them, each in its place."""
    rng = random.Random(11)
    planted = (120, 0, 0, -40, 0, 80, 10, 40, 0, 15)
    rows = []
    for k in range(8000):
        terms = [rng.gauss(0, 1) for _ in planted]
        score = (sum(w * x for w, x in zip(planted, terms)) + 30) / 100
        ours = rng.choice((-1, 1))
        z = 1.5 * score + 0.9 * ours
        rows.append((score, ours, terms, rng.random() < 1 / (1 + math.exp(-z)), k % 5 == 0))
    lines = outcome_fit.term_report(rows)
    assert lines[0] == "positions: 6400 to fit, 1600 held out"
    fitted = dict(item.split("=") for item in lines[2].split(": ", 1)[1].split(","))
    assert list(fitted) == [*outcome_fit.TERMS, "tempo"]
    for name, want in zip([*outcome_fit.TERMS, "tempo"], (*planted, 30)):
        assert abs(int(fitted[name]) - want) <= 12, (name, fitted)
    base, terms = (float(x.split()[0]) for x in lines[1].split(": ", 1)[1].split(", "))
    assert abs(terms - base) < 20  # the evaluation is already the truth: no held-out gain


def test_main_fits_logged_games_and_fails_in_one_line(tmp_path, capsys):
    log = tmp_path / "games.log"
    log.write_text(
        "".join(
            log_line(k, *(("bot", "engine") if k % 2 else ("engine", "bot")), "WB"[k % 3 % 2], p)
            for k, p in enumerate((random_plies(s) for s in range(10, 16)), 1)
        )
    )
    assert outcome_fit.main([str(log), "--weights", "few=100"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"positions: {6 * 25};") and out[2].startswith("worth of a side")
    assert outcome_fit.main([str(log), "--terms"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(" held out") and out[2].startswith("weights: conc=")
    for argv, message in (
        ([str(tmp_path / "missing.log")], "No such file"),
        ([str(log), "--weights", "nothing=1"], "bad weight"),
        ([str(log), "--opponent", "nobody"], "no decided game has a program 'nobody'"),
    ):
        with pytest.raises(SystemExit) as stop:
            outcome_fit.main(argv)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err, err
    log.write_text(log_line(1, "bot", "engine", "W", random_plies(3)))
    with pytest.raises(SystemExit):
        outcome_fit.main([str(log)])
    assert "too few to fit" in capsys.readouterr().err

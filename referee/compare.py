"""What one or two Lines of Action match logs say game by game.

Usage: python -m referee.compare LOG NAME [LOG2 NAME2]

LOG is a ``build.py match --log`` file and NAME a program in it. For each log: NAME's W-L-D as
White and as Black, and its random openings by what their two games (one with each colour
assignment) gave: NAME won both, lost both, White won both, Black won both, or other (a draw
among them). With two logs of the same openings (the same ``--seed`` and ``--games``), game N
of one and game N of the other must share the opening and NAME's colour; it prints how many
games NAME won in one log alone, and NAME2 in the other alone, with a sign test's two-sided
p: the paired comparison of two versions that docs/lines-of-action.md reports as "games won by
one alone". Bad input (a missing file, a line that is not a game line, a NAME absent from a
game, logs of other openings): one line on stderr, exit 2.

Status: tests/test_referee_compare.py.
"""

import math
import sys
from collections import Counter

from referee.match_log import read_games

PAIR_KINDS = ("won both", "lost both", "White won both", "Black won both", "other")


def outcome(game, name):
    """(NAME's colour "W" or "B", "win", "loss" or "draw") in ``game``."""
    if name not in (game.white, game.black):
        raise ValueError(f"game {game.number}: no player named {name}")
    colour = "W" if game.white == name else "B"
    if game.result == "D":
        return colour, "draw"
    return colour, "win" if game.result == colour else "loss"


def colour_record(games, name):
    """{"W": [wins, losses, draws], "B": [...]} of NAME."""
    record = {"W": [0, 0, 0], "B": [0, 0, 0]}
    for g in games:
        colour, res = outcome(g, name)
        record[colour][("win", "loss", "draw").index(res)] += 1
    return record


def opening_pairs(games, name):
    """Counter over PAIR_KINDS of the openings played twice in ``games``."""
    by_opening = {}
    for g in games:
        by_opening.setdefault(g.opening, []).append(g)
    kinds = Counter()
    for pair in by_opening.values():
        if len(pair) != 2 or not pair[0].opening:
            continue
        results = [outcome(g, name)[1] for g in pair]
        winners = sorted(g.result for g in pair)
        if results == ["win", "win"]:
            kinds["won both"] += 1
        elif results == ["loss", "loss"]:
            kinds["lost both"] += 1
        elif winners in (["W", "W"], ["B", "B"]):
            kinds["White won both" if winners[0] == "W" else "Black won both"] += 1
        else:
            kinds["other"] += 1
    return kinds


def won_alone(games_a, name_a, games_b, name_b):
    """(games NAME_A won in A alone, games NAME_B won in B alone), game N against game N;
    ValueError where the two differ in opening or colour (not the same openings)."""
    b_by_number = {g.number: g for g in games_b}
    only_a = only_b = 0
    for ga in games_a:
        gb = b_by_number.get(ga.number)
        if gb is None:
            continue
        colour_a, res_a = outcome(ga, name_a)
        colour_b, res_b = outcome(gb, name_b)
        if ga.opening != gb.opening or colour_a != colour_b:
            raise ValueError(f"game {ga.number}: another opening or colour in the second log")
        only_a += res_a == "win" and res_b != "win"
        only_b += res_b == "win" and res_a != "win"
    return only_a, only_b


def sign_test(a, b):
    """Two-sided p of ``a`` against ``b`` successes under a fair coin."""
    n, k = a + b, min(a, b)
    if n == 0:
        return 1.0
    return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n)


def report(games, name):
    """The two lines printed for NAME's games of one log."""
    rec = colour_record(games, name)
    kinds = opening_pairs(games, name)
    return [
        f"{name}: {len(games)} games; as White {'-'.join(map(str, rec['W']))},"
        f" as Black {'-'.join(map(str, rec['B']))} (W-L-D)",
        "  openings: " + ", ".join(f"{k} {kinds[k]}" for k in PAIR_KINDS),
    ]


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (2, 4):
        sys.stderr.write("usage: python -m referee.compare LOG NAME [LOG2 NAME2]\n")
        return 2
    try:
        logs = [(read_games(args[i]), args[i + 1]) for i in range(0, len(args), 2)]
        lines = [line for games, name in logs for line in report(games, name)]
        if len(logs) == 2:
            (ga, na), (gb, nb) = logs
            a, b = won_alone(ga, na, gb, nb)
            lines.append(
                f"game for game: won by {na} alone {a}, by {nb} alone {b}"
                f" (sign test p = {sign_test(a, b):.2f})"
            )
    except (OSError, ValueError) as err:
        sys.stderr.write(f"compare: {err}\n")
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Where a Lines of Action match's games were lost to a forced connection.

Usage: python -m tuning.forced_sequences LOG NAME [--threats 3]

LOG is a ``build.py match --log`` file and NAME a program in it. For each game: NAME's result
and the first of NAME's moves after which the opponent could connect by force within
``--threats`` threats (tuning/threat_space.py), with how many of NAME's legal moves there
would not have allowed one; then, per result, the games, those with such a move, and those of
them where another move would not have allowed one. Bad input (a missing file, a line that is
not a game line, a NAME absent from a game, a move that is not legal, a pass with a move): one
line on stderr, exit 2.

Status: tests/test_forced_sequences.py.
"""

import argparse
import sys

from referee.compare import outcome
from referee.match_log import read_games
from shared.loa_bitboard import (
    PASS,
    build_tables,
    gen_moves,
    is_connected,
    line_counts,
    parse_move,
    start_position,
)
from tuning.threat_space import fresh_forced_win

LIMIT = 10**6  # nodes per question: in games' positions the answer comes well before


def lets_connect(forced_win, me, opp, m, threats):
    """Does move ``m`` of ``me`` let ``opp`` connect by force (or at once, or lose ``me`` the
    game by a capture)? False when ``m`` connects ``me``."""
    tb = 1 << (m & 63)
    nme, nopp = me ^ (1 << (m >> 6)) ^ tb, opp & ~tb
    if is_connected(nme):
        return False
    return is_connected(nopp) or forced_win(nopp, nme, threats, LIMIT) >= 0


def first_forced(game, name, threats, tools):
    """(ply, move, moves that would not have let the opponent connect by force) of NAME's
    first move in ``game`` that did, or None."""
    gen, forced_win = tools  # (build_tables()[0], fresh_forced_win())
    colour = 0 if outcome(game, name)[0] == "W" else 1
    boards = list(start_position())
    for ply, text in enumerate(game.moves):
        side = ply % 2
        m = parse_move(text)
        legal = gen_moves(gen, boards[side], boards[side ^ 1], line_counts(boards[0] | boards[1]))
        illegal = bool(legal) if m == PASS else m not in legal  # a pass only without a move
        if illegal:
            raise ValueError(f"game {game.number}: ply {ply + 1} ({text}) is not a legal move")
        if m == PASS:
            continue
        me, opp = boards[side], boards[side ^ 1]
        if (
            side == colour
            and ply >= len(game.opening)
            and lets_connect(forced_win, me, opp, m, threats)
        ):
            safe = sum(not lets_connect(forced_win, me, opp, x, threats) for x in legal)
            return ply + 1, text, safe
        tb = 1 << (m & 63)
        boards[side] = me ^ (1 << (m >> 6)) ^ tb
        boards[side ^ 1] = opp & ~tb
    return None


def report(games, name, threats):
    """The lines printed: one per game, then one per result."""
    tools = build_tables()[0], fresh_forced_win()
    lines = []
    totals = {}
    for game in games:
        result = outcome(game, name)[1]
        found = first_forced(game, name, threats, tools)
        row = totals.setdefault(result, [0, 0, 0])
        row[0] += 1
        if found is None:
            lines.append(f"game {game.number}: {name} {result}; no such move")
            continue
        ply, text, safe = found
        row[1] += 1
        row[2] += safe > 0
        lines.append(
            f"game {game.number}: {name} {result}; ply {ply} {text} let it connect by force,"
            f" {safe} other moves would not have"
        )
    for result in ("win", "loss", "draw"):
        if result in totals:
            n, forced, avoidable = totals[result]
            lines.append(
                f"{result}: {n} games, {forced} with such a move, {avoidable} of them avoidable"
            )
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log")
    ap.add_argument("name")
    ap.add_argument("--threats", type=int, default=3, help="threats deep (default 3)")
    args = ap.parse_args(argv)
    if not 0 <= args.threats <= 5:
        ap.error("--threats must be 0 to 5")
    try:
        lines = report(read_games(args.log), args.name, args.threats)
    except (OSError, ValueError) as err:
        sys.stderr.write(f"forced_sequences: {err}\n")
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The game lines of ``build.py match --log``: written by ``log_line``, read by ``read_games``.

A line is ``game N white=NAME black=NAME opening=P1,P2,... result=W|B|D reason=WORD
moves=P1 P2 ...`` (the moves from the start, the opening's plies first). Readers:
referee/compare.py (paired results of two matches), tuning/eval_fit.py (positions to label) and
tuning/outcome_fit.py (positions labelled by who won). Tests: tests/test_referee_compare.py,
tests/test_referee_match.py, tests/test_eval_fit.py.
"""

from typing import NamedTuple


class LoggedGame(NamedTuple):
    number: int
    white: str
    black: str
    opening: tuple  # the random opening's plies (empty without one)
    result: str  # "W", "B" or "D"
    moves: list  # every ply from the start, the opening's first


def log_line(number, white, black, opening, res):
    """Game ``number``'s line in the --log file: the players, the opening, result and moves."""
    return (
        f"game {number} white={white.name} black={black.name}"
        f" opening={','.join(opening)}"
        f" result={res.winner or 'D'} reason={res.reason.replace(' ', '_')}"
        f" moves={' '.join(res.moves)}\n"
    )


def read_games(path):
    """Every game of a --log file, in its order; ValueError naming the line that is not a
    game line (blank lines are skipped)."""
    games = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            if line.strip():
                games.append(_parse(line, f"{path}:{number}"))
    return games


def _parse(line, where):
    head, sep, moves = line.partition(" moves=")
    words = head.split()
    fields = dict(x.split("=", 1) for x in words[2:] if "=" in x)
    ok = (
        sep
        and len(words) >= 2
        and words[0] == "game"
        and words[1].isdigit()
        and {"white", "black", "result"} <= fields.keys()
        and fields["result"] in ("W", "B", "D")
    )
    if not ok:
        raise ValueError(f"{where}: not a game line of a match --log file")
    opening = tuple(p for p in fields.get("opening", "").split(",") if p)
    return LoggedGame(
        int(words[1]), fields["white"], fields["black"], opening, fields["result"], moves.split()
    )

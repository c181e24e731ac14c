"""Lines of Action: the interactor that plays the judge's games against a solution, for the build.

Description: ``python interactors/lines_of_action.py SECRET_INPUT``, its stdout wired to the
    solution's stdin and the solution's stdout to its stdin (kit.run.interact, from an empty
    folder). It reads the secret input (``FORMAT`` below), sends the move limit and the
    solution's colour as the judge does, plays the opponent's moves, checks and times every
    reply, ends the game as the statement says and exits with testlib's statuses: 0 when the
    solution played the whole game legally within the clock ("win in 23 moves; longest think
    0.853 s (move 1)" on stderr), 1 with the reason otherwise, 3 for a bad secret input.
Rules: referee/rules.py judges. A reply is one line holding a move such as ``F3-B3``, or
    ``Z0-Z0`` (a pass) only when no move exists; a move that connects the mover wins (also when
    it connects both sides), one that connects only the opponent loses; once both sides have
    made ``limit`` moves the game is a draw and the interactor closes its output (the last
    move, when the opponent's, is not sent). After a connection the solution must end: it may
    write nothing more and must close its output within the clock plus ``GRACE``.
Method: a reply is timed on the wall clock from the moment the opponent's move was written
    (the solution's first move as White: from this process's creation, which the kit starts
    beside the solution, so its start-up counts) to the moment its line arrived; over
    ``clock`` fails ("too slow: move 10 (E3-E5) took 1.210 s over the 1 s clock"), no line
    within ``clock`` + ``GRACE`` fails as silent, a line written out of turn fails. The
    opponent is referee/players' greedy or random player, or shared/loa_search.py at a fixed
    depth, with its own seeded random generator: the same replies give the same game.
Time: per ply, referee/rules.py's legal moves, the move and the winner check, besides the
    opponent's choice (measured: docs/lines-of-action.md, "The judge's games in the build").
Status: tests/test_lines_of_action_interactor.py (scripted games: each way to fail, a pass, a
    draw, both colours, the end of a game) and the samples of ``python build.py
    lines_of_action``.
"""

import os
import random
import select
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from referee import rules  # noqa: E402
from referee.players import greedy_player, random_player  # noqa: E402
from shared.process_age import process_start  # noqa: E402

FORMAT = """\
The secret input: one setting a line, 'NAME VALUE', '#' starts a comment.
    limit 40            moves per player (the statement: 40 to 160)
    colour white        the solution's colour: white (moves first) or black (also 0 or 1)
    opponent greedy     greedy, random, or 'search DEPTH' (shared/loa_search.py)
    seed 1              the opponent's random choices (default 1)
    opening E1-E3 ...   optional: the opponent's first moves, played while each is legal
    clock 1.0           seconds per move (default 1.0)
    margin 0.9          optional: a think over it is named in the accepting message
"""

GRACE = 0.5  # seconds waited past the clock before a solution is called silent
CHUNK = 1 << 16
START = time.perf_counter()  # the fallback for this process's creation where /proc is missing

ACCEPT, REJECT, FAIL = 0, 1, 3  # testlib's exit statuses
COLOURS = {"white": "W", "0": "W", "black": "B", "1": "B"}
NAMES = {"W": "White", "B": "Black"}


class Rejected(Exception):
    """The solution broke a rule: exit 1 with the message."""


class BadInput(Exception):
    """The secret input is wrong: the interactor's own failure, exit 3."""


def read_settings(text):
    """The secret input's settings as a dict; BadInput naming the line otherwise."""
    settings = {"seed": "1", "clock": "1.0", "opening": "", "margin": ""}
    seen = set()
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        name, value = words[0].lower(), " ".join(words[1:])
        if name not in ("limit", "colour", "opponent", *settings):
            raise BadInput(f"line {number}: unknown setting {words[0]!r}\n{FORMAT}")
        if name in seen:
            raise BadInput(f"line {number}: {name} given twice")
        seen.add(name)
        settings[name] = value
    for name in ("limit", "colour", "opponent"):
        if name not in seen:
            raise BadInput(f"no {name} given\n{FORMAT}")
    try:
        limit = int(settings["limit"])
        seed = int(settings["seed"])
        clock = float(settings["clock"])
        margin = float(settings["margin"]) if settings["margin"] else None
    except ValueError as error:
        raise BadInput(f"not a number: {error}") from None
    if limit < 1 or clock <= 0:
        raise BadInput("limit and clock must be positive")
    colour = COLOURS.get(settings["colour"].lower())
    if colour is None:
        raise BadInput(f"colour {settings['colour']!r}: expected white or black")
    opening = []
    for move in settings["opening"].split():
        try:
            opening.append(None if move == rules.PASS else rules.parse_move(move))
        except ValueError as error:
            raise BadInput(f"opening: {error}") from None
    return {
        "limit": limit,
        "colour": colour,
        "opponent": settings["opponent"],
        "seed": seed,
        "opening": opening,
        "clock": clock,
        "margin": margin,
    }


def make_opponent(spec, seed):
    """``choose(board, colour) -> move or None`` for an opponent spec, and its name."""
    rng = random.Random(seed)
    words = spec.lower().split()
    if words == ["greedy"]:
        return (lambda board, colour: greedy_player.choose(board, colour, rng)), "greedy"
    if words == ["random"]:
        return (lambda board, colour: random_player.choose(board, colour, rng)), "random"
    if len(words) == 2 and words[0] == "search" and words[1].isdigit() and int(words[1]) >= 1:
        return search_opponent(int(words[1])), f"search {words[1]}"
    raise BadInput(f"opponent {spec!r}: expected greedy, random or 'search DEPTH'")


def search_opponent(depth):
    """The solution's own search (shared/loa_search.py) at a fixed depth, default weights."""
    from shared.loa_bitboard import PASS, build_tables
    from shared.loa_eval import make_evaluator
    from shared.loa_search import Searcher, search_to_depth

    tables = build_tables()
    searcher = Searcher(make_evaluator(None, tables), tables)

    def choose(board, colour):
        bits = {"W": 0, "B": 0}
        for (file, rank), owner in board.items():
            bits[owner] |= 1 << (8 * rank + file)
        side = 0 if colour == "W" else 1
        move = search_to_depth(searcher, bits["W"], bits["B"], side, depth)[1]
        if move == PASS:
            return None
        return tuple((square & 7, square >> 3) for square in (move >> 6, move & 63))

    return choose


class Pipe:
    """The solution's lines, each with the moment it arrived; what we write to it."""

    def __init__(self, read_fd=0, write_fd=1):
        self.read_fd, self.write_fd = read_fd, write_fd
        self.buffer = b""
        self.closed = False

    def line(self, deadline):
        """(line, arrival) of the next line, (None, now) at end of file, or (None, None) when
        nothing complete arrived before ``deadline`` (a perf_counter value)."""
        while b"\n" not in self.buffer:
            if self.closed:
                return None, time.perf_counter()
            left = deadline - time.perf_counter()
            if left <= 0 or not select.select([self.read_fd], [], [], left)[0]:
                return None, None
            data = os.read(self.read_fd, CHUNK)
            self.buffer += data
            if not data:
                self.closed = True
                if self.buffer:  # a last line without its newline still counts
                    self.buffer += b"\n"
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode("utf-8", "replace").strip(), time.perf_counter()

    def pending(self):
        """What the solution has written that nobody asked for yet (read without waiting)."""
        while not self.closed and select.select([self.read_fd], [], [], 0)[0]:
            data = os.read(self.read_fd, CHUNK)
            if not data:
                self.closed = True
            self.buffer += data
        return self.buffer

    def send(self, text):
        """Write one line; the moment it was written (taken just before the write)."""
        now = time.perf_counter()
        data = (text + "\n").encode()
        try:
            while data:
                data = data[os.write(self.write_fd, data) :]
        except OSError:
            pass  # the solution stopped reading: its next reply tells
        return now


def shown(text, width=40):
    return repr(text if len(text) <= width else text[:width] + "...")


class Game:
    """One game: the board, whose turn, the solution's thinks; ``play`` runs it to its end."""

    def __init__(self, settings, pipe, opponent, started):
        self.s = settings
        self.pipe = pipe
        self.choose = opponent
        self.me = settings["colour"]
        self.board = rules.initial_board()
        self.turn = "W"
        self.plies = 0
        self.thinks = []  # the solution's reply times, its move 1 first
        self.opening = list(settings["opening"])
        self.since = started  # when the solution's clock started for its next move

    def play(self):
        """'win', 'loss' or 'draw'; Rejected when the solution broke a rule."""
        pipe, clock = self.pipe, self.s["clock"]
        pipe.send(str(self.s["limit"]))
        sent = pipe.send("0" if self.me == "W" else "1")
        if self.me == "B":
            self.since = sent
        while True:
            if self.plies >= 2 * self.s["limit"]:
                return "draw"
            legal = rules.legal_moves(self.board, self.turn)
            if self.turn == self.me:
                move = self.reply(legal, clock)
            else:
                move = self.opponent_move(legal)
                early = pipe.pending()
                if early.strip():
                    text = early.decode("utf-8", "replace").strip().splitlines()[0]
                    raise Rejected(
                        f"wrote {shown(text)} out of turn, before the opponent's reply to its "
                        f"move {len(self.thinks)}"
                    )
            self.board = rules.apply_move(self.board, self.turn, move)
            self.plies += 1
            winner = rules.winner_after(self.board, self.turn)
            last = self.turn
            self.turn = rules.other(self.turn)
            if last != self.me and (winner is not None or self.plies < 2 * self.s["limit"]):
                self.since = pipe.send(rules.move_text(move) if move else rules.PASS)
            if winner is not None:
                self.wait_for_the_end(clock)
                return "win" if winner == self.me else "loss"

    def opponent_move(self, legal):
        while self.opening:
            move = self.opening.pop(0)
            if move in legal or (move is None and not legal):
                return move
            self.opening = []  # the game went elsewhere: the opponent chooses from here
        return self.choose(self.board, self.turn) if legal else None

    def reply(self, legal, clock):
        """The solution's next move, checked and timed; Rejected otherwise."""
        number = len(self.thinks) + 1
        text, arrived = self.pipe.line(self.since + clock + GRACE)
        if arrived is None:
            raise Rejected(
                f"silent: no reply for move {number} within {clock + GRACE:g} s "
                f"(the {clock:g} s clock and {GRACE:g} s)"
            )
        if text is None:
            raise Rejected(
                f"ended early: the solution closed its output before its move {number} "
                f"(ply {self.plies + 1}; the game was not over)"
            )
        think = arrived - self.since
        self.thinks.append(think)
        if think > clock:
            raise Rejected(
                f"too slow: move {number} ({text[:12]}) took {think:.3f} s "
                f"over the {clock:g} s clock"
            )
        where = f"move {number} ({NAMES[self.me]}, ply {self.plies + 1})"
        if text == rules.PASS:
            if legal:
                raise Rejected(f"{where}: passed (Z0-Z0) with {len(legal)} legal moves")
            return None
        try:
            move = rules.parse_move(text)
        except ValueError:
            raise Rejected(
                f"{where}: malformed reply {shown(text)} (expected a move such as F3-B3, "
                "or Z0-Z0 for a pass)"
            ) from None
        if not legal:
            raise Rejected(f"{where}: {text}, but no move exists: the only reply is Z0-Z0")
        if move not in legal:
            raise Rejected(f"{where}: {text} is not a legal move")
        return move

    def wait_for_the_end(self, clock):
        """After a connection the solution must end: nothing more written, its output closed
        within the clock and ``GRACE``."""
        text, arrived = self.pipe.line(time.perf_counter() + clock + GRACE)
        if text is not None:
            raise Rejected(f"wrote {shown(text)} after the game was over (a side connected)")
        if arrived is None and not self.pipe.closed:
            raise Rejected(
                f"did not end within {clock + GRACE:g} s after the game was over (a side connected)"
            )

    def summary(self, result):
        """The accepting message: the result, the moves and the longest think."""
        moves = len(self.thinks)
        what = {"win": "win", "loss": "loss", "draw": "draw by the move limit"}[result]
        text = (
            f"{what} in {moves} moves ({NAMES[self.me]}, limit {self.s['limit']}, "
            f"opponent {self.s['opponent']})"
        )
        if self.thinks:
            longest = max(self.thinks)
            text += f"; longest think {longest:.3f} s (move {self.thinks.index(longest) + 1})"
            margin = self.s["margin"]
            over = [t for t in self.thinks if margin is not None and t > margin]
            if over:
                text += f", {len(over)} over the {margin:g} s margin"
        return text


def main(argv):
    started = process_start(START, 10.0)  # this process's creation (Linux /proc)
    if len(argv) != 2:
        sys.stderr.write("usage: lines_of_action.py SECRET_INPUT\n")
        return FAIL
    try:
        with open(argv[1], encoding="utf-8") as f:
            settings = read_settings(f.read())
        opponent, _ = make_opponent(settings["opponent"], settings["seed"])
    except (OSError, BadInput) as error:
        sys.stderr.write(f"secret input {argv[1]}: {error}\n")
        return FAIL
    game = Game(settings, Pipe(), opponent, started)
    try:
        result = game.play()
    except Rejected as error:
        sys.stderr.write(f"{error}\n")
        return REJECT
    except Exception:  # the interactor's own failure, not the solution's
        traceback.print_exc()
        return FAIL
    sys.stderr.write(game.summary(result) + "\n")
    return ACCEPT


if __name__ == "__main__":
    sys.exit(main(sys.argv))

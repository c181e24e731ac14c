"""Play Lines of Action matches between two programs and judge them.

Usage: python -m referee.match PROG_A PROG_B [--games N] [--clock [NAME=]S ...]
           [--move-time [NAME=]S ...] [--limit L] [--random-openings] [--opening-plies P]
           [--opening "A2-C4 ..."] [--seed S] [--log FILE] [--jobs J]

PROG is a command line (shell words; a leading ``*.py`` runs under this Python; ``name@command``
sets the name shown in the results) or an alias:
``bot`` (dist/lines_of_action.py if built, else the source), ``src`` (the source through
PYTHONPATH), ``greedy``, ``random``. Every game starts fresh processes. Without random openings
the colours alternate game by game; with them, each opening (``P`` random legal plies) is played
twice, once with each colour assignment, and is passed to both programs through ``LOA_OPENING``.
``--clock`` is the limit the referee enforces per move (default 1 s); ``--move-time`` is passed as
``LOA_MOVE_TIME`` (the programs' own budget). Both take ``S`` (both programs) or ``NAME=S`` (the
program shown as NAME), and may be repeated: ``--clock 1 --clock engine=3`` gives the program
named engine 3 s per move and the other 1 s.

The summary gives each program's W/L/D by colour, forfeits and think times, then program A's
score (draws count half) with its 95 % interval (Wilson's, from the number of games) and the
Elo difference that score means, with the interval's bounds turned into Elo the same way.

The referee judges with referee.rules: an illegal or malformed move, a pass while a move exists,
a reply later than the clock, a program that exits or stays silent all lose the game (forfeit,
with the reason). A move that connects the mover wins (also when it connects both sides); a
capture that connects only the opponent makes the opponent win. Once both players have made
``limit`` moves (opening plies included) the game is a draw. Think time runs from the moment the
referee wrote the opponent's move (for a program's first move: from its start) to the moment its
reply line arrived.
"""

import argparse
import concurrent.futures
import contextlib
import math
import os
import queue
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional, Tuple

from kit.processes import kill_group
from referee import rules
from referee.match_log import log_line

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRACE = 0.5  # extra seconds waited past the clock before a silent program is given up on


def resolve(prog):
    """(display name, argv, extra env) for a program spec."""
    py = sys.executable
    if prog == "bot":
        dist = os.path.join(ROOT, "dist", "lines_of_action.py")
        if os.path.exists(dist):
            return "bot", [py, dist], {}
        prog = "src"
    if prog == "src":
        return (
            "src",
            [py, os.path.join(ROOT, "solutions", "lines_of_action.py")],
            {"PYTHONPATH": ROOT},
        )
    if prog in ("greedy", "random"):
        path = os.path.join(ROOT, "referee", "players", prog + "_player.py")
        return prog, [py, path], {}
    name = None
    if "@" in prog.split(" ", 1)[0]:
        name, prog = prog.split("@", 1)
    argv = shlex.split(prog)
    if argv and argv[0].endswith(".py"):
        argv = [py, *argv]
    if name is None:
        name = os.path.basename(argv[0] if len(argv) == 1 else argv[-1])
    return name, argv, {}


class Program:
    """A running player: stdin writer, a reader thread that time-stamps stdout lines."""

    def __init__(self, argv, env):
        self.err = tempfile.TemporaryFile()  # noqa: SIM115
        self.lines = queue.Queue()
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.err,
            env=env,
            bufsize=0,
            start_new_session=True,  # a group of its own: close() ends its children too
        )
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        out = self.proc.stdout
        while True:
            try:
                line = out.readline()
            except (OSError, ValueError):
                line = b""
            now = time.perf_counter()
            if not line:
                self.lines.put((now, None))
                return
            self.lines.put((now, line))

    def send(self, text):
        """Write one line; returns the time it was written (None if the pipe is closed)."""
        now = time.perf_counter()
        try:
            self.proc.stdin.write((text + "\n").encode())
            self.proc.stdin.flush()
        except (OSError, ValueError):
            return None
        return now

    def exit_code(self, timeout=1.0):
        """The program's exit code if it ends within ``timeout`` seconds, else None."""
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def stderr_tail(self, n=300):
        try:
            self.err.seek(0)
            data = self.err.read().decode(errors="replace").strip()
        except (OSError, ValueError):
            return ""
        return data[-n:].replace("\n", " | ")

    def close(self):
        with contextlib.suppress(OSError):
            self.proc.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=0.5)
        kill_group(self.proc.pid)  # the kit's rule: the program and whatever it started
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=2)
        self.thread.join(timeout=1)
        self.err.close()


def random_opening(rng, plies):
    """``plies`` random legal plies from the start that leave nobody connected."""
    while True:
        board, turn, moves = rules.initial_board(), "W", []
        for _ in range(plies):
            legal = rules.legal_moves(board, turn)
            move = rng.choice(legal)
            board = rules.apply_move(board, turn, move)
            moves.append(rules.move_text(move))
            turn = rules.other(turn)
        if not (rules.connected(board, "W") or rules.connected(board, "B")):
            return moves


class Entrant(NamedTuple):
    """A program as the referee runs it: display name, argv, extra environment, the clock the
    referee enforces per move and the LOA_MOVE_TIME it is given (None: not set)."""

    name: str
    argv: list
    env: dict
    clock: float = 1.0
    move_time: Optional[float] = None


@dataclass(frozen=True)
class GameResult:
    """One game's outcome: the winner ('W', 'B' or None for a draw), why the game ended,
    whether the loser forfeited (``reason`` then says how), every ply's text (the opening's
    included) and, per colour, the think times of its moves after the first and of its first
    move (None if it made none)."""

    winner: Optional[str]
    reason: str
    forfeit: bool
    moves: List[str]
    think: Dict[str, List[float]]
    first: Dict[str, Optional[float]]

    def max_think(self, colour):
        """The colour's longest think, its first move included (0.0 if it made no move)."""
        return max(self.think[colour] + [self.first[colour] or 0.0])


def start_programs(entrants, opening):
    """Start each colour's program (White's first) with LOA_OPENING, its own LOA_MOVE_TIME (none
    inherited from the referee's environment) and its extra environment."""
    env_base = dict(os.environ)
    env_base["LOA_OPENING"] = " ".join(opening)
    env_base.pop("LOA_MOVE_TIME", None)
    progs = {}
    for colour, entrant in entrants.items():
        env = dict(env_base)
        if entrant.move_time is not None:
            env["LOA_MOVE_TIME"] = repr(entrant.move_time)
        env.update(entrant.env)
        progs[colour] = Program(entrant.argv, env)
    return progs


def judge_move(board, colour, text):
    """(move, None) for a legal reply (move None: a pass with no legal move), or (None, the
    reason it forfeits the game)."""
    legal = rules.legal_moves(board, colour)
    if text == rules.PASS:
        return None, (f"passed with {len(legal)} legal moves" if legal else None)
    try:
        move = rules.parse_move(text)
    except ValueError:
        return None, f"malformed move {text[:40]!r}"
    return move, (None if move in legal else f"illegal move {text}")


class Game:
    """A game in progress between two Entrants: the position, the side to move, their running
    programs, when each one's clock started, and the moves and think times recorded so far."""

    def __init__(self, white, black, limit, opening):
        self.entrants = {"W": white, "B": black}
        self.limit = limit
        self.board, self.turn = rules.initial_board(), "W"
        for text in opening:
            self.board = rules.apply_move(self.board, self.turn, rules.parse_move(text))
            self.turn = rules.other(self.turn)
        self.plies = len(opening)
        self.moves = list(opening)
        self.think = {"W": [], "B": []}
        self.first = {"W": None, "B": None}
        self.progs = start_programs(self.entrants, opening)
        self.since = {c: self.progs[c].started for c in "WB"}
        for colour in "WB":
            self.progs[colour].send(str(limit))
            self.progs[colour].send("0" if colour == "W" else "1")

    def ply(self):
        """Wait for the side to move, judge its reply and play it. Returns (winner, reason,
        forfeit) once the game is over, else None."""
        if self.plies >= 2 * self.limit:
            return None, "move limit", False
        colour = self.turn
        text, problem = self.reply(colour)
        move = None
        if problem is None:
            move, problem = judge_move(self.board, colour, text)
        if problem is not None:
            return rules.other(colour), problem, True
        self.play(move, text)
        winner = rules.winner_after(self.board, colour)
        if winner is not None:
            both = rules.connected(self.board, rules.other(winner))
            return winner, "connected" + (" (both; mover wins)" if both else ""), False
        self.turn = rules.other(colour)
        return None

    def reply(self, colour):
        """(text, None) for the line the program sent within its clock, or (text or None, the
        reason it forfeits); the think time of a line that came is recorded either way."""
        prog, clock, since = self.progs[colour], self.entrants[colour].clock, self.since[colour]
        deadline = since + clock + GRACE
        try:
            stamp, line = prog.lines.get(timeout=max(0.0, deadline - time.perf_counter()))
        except queue.Empty:
            return None, "no reply within %.2f s" % (clock + GRACE)
        if line is None:
            return None, f"output closed (exit code {prog.exit_code()}) {prog.stderr_tail()}"
        think = stamp - since
        if self.first[colour] is None:
            self.first[colour] = think
        else:
            self.think[colour].append(think)
        text = line.decode(errors="replace").strip()
        return text, (f"over time: {think:.3f} s for {text}" if think > clock else None)

    def play(self, move, text):
        """Play the side to move's judged move and pass it on; the opponent's clock starts."""
        self.board = rules.apply_move(self.board, self.turn, move)
        self.moves.append(text)
        self.plies += 1
        opp = rules.other(self.turn)
        sent = self.progs[opp].send(text)
        self.since[opp] = sent if sent is not None else time.perf_counter()

    def result(self, winner, reason, forfeit):
        return GameResult(winner, reason, forfeit, self.moves, self.think, self.first)

    def close(self):
        for prog in self.progs.values():
            prog.close()


def play_game(white, black, limit=100, opening=()):
    """Play one game between two Entrants after the ``opening`` plies (texts); both programs
    are started for it and closed after it. Returns its GameResult."""
    game = Game(white, black, limit, opening)
    try:
        end = None
        while end is None:
            end = game.ply()
    finally:
        game.close()
    return game.result(*end)


Z95 = 1.959964  # two-sided 95 % normal quantile


def score_interval(wins, losses, draws, z=Z95):
    """(score, low, high): the share of points (a draw is half a point) and its Wilson interval.
    Wilson's interval stays inside [0, 1] and is not empty at 0 % or 100 %; with draws it is a
    little wider than needed (a draw varies less than a win or a loss)."""
    n = wins + losses + draws
    if not n:
        return 0.0, 0.0, 1.0
    p = (wins + 0.5 * draws) / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def elo(score):
    """The Elo difference that an expected score means (+-inf at 100 % and 0 %)."""
    if score >= 1.0:
        return math.inf
    if score <= 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def _elo_text(value):
    return f"{value:+.0f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def summary_line(tally, other):
    """Program A's score with its 95 % interval and the Elo difference against program B."""
    won, lost, drawn = (tally.wld["W"][i] + tally.wld["B"][i] for i in range(3))
    p, lo, hi = score_interval(won, lost, drawn)
    return (
        f"{tally.name} vs {other.name}: {won + lost + drawn} games, +{won} -{lost} ={drawn}:"
        f" score {100 * p:.1f} % (95 %: {100 * lo:.1f}-{100 * hi:.1f} %),"
        f" Elo {_elo_text(elo(p))} (95 %: {_elo_text(elo(lo))} to {_elo_text(elo(hi))})"
    )


class Tally:
    def __init__(self, name):
        self.name = name
        self.wld = {"W": [0, 0, 0], "B": [0, 0, 0]}
        self.forfeits = []
        self.think = []
        self.first = []

    def add(self, colour, res):
        w = res.winner
        idx = 2 if w is None else (0 if w == colour else 1)
        self.wld[colour][idx] += 1
        if res.forfeit and w is not None and w != colour:
            self.forfeits.append(res.reason)
        self.think.extend(res.think[colour])
        if res.first[colour] is not None:
            self.first.append(res.first[colour])

    def lines(self):
        tot = [self.wld["W"][i] + self.wld["B"][i] for i in range(3)]
        games = sum(tot)
        score = (tot[0] + 0.5 * tot[2]) / games if games else 0.0
        out = [
            f"{self.name:<8} W/L/D {tot[0]}/{tot[1]}/{tot[2]} (score {100 * score:.1f}%)"
            f"  as White {'/'.join(map(str, self.wld['W']))}"
            f"  as Black {'/'.join(map(str, self.wld['B']))}",
        ]
        if self.think:
            out.append(
                f"         think: mean {sum(self.think) / len(self.think):.3f} s,"
                f" max {max(self.think):.3f} s over {len(self.think)} moves;"
                f" slowest first move {max(self.first) if self.first else 0.0:.3f} s"
            )
        out.append(
            f"         forfeits: {len(self.forfeits)}"
            + "".join("\n           - " + r for r in self.forfeits)
        )
        return out


@dataclass(frozen=True)
class MatchOptions:
    """How a match is played: ``games`` games (colours alternating, program A White in the
    first); per program (A's, B's) the clock the referee enforces per move and the
    LOA_MOVE_TIME it is given (None: not set); the move ``limit`` per player; ``openings``,
    one ply list per game (None: the standard start); ``jobs`` games at a time."""

    games: int = 2
    clocks: Tuple[float, float] = (1.0, 1.0)
    move_times: Tuple[Optional[float], Optional[float]] = (None, None)
    limit: int = 100
    openings: Optional[List[List[str]]] = None
    jobs: int = 1


def match_entrants(prog_a, prog_b, options):
    """Programs A and B (specs, see ``resolve``) as Entrants with their clocks and move times;
    equal names become NAME#1 and NAME#2."""
    a = Entrant(*resolve(prog_a), options.clocks[0], options.move_times[0])
    b = Entrant(*resolve(prog_b), options.clocks[1], options.move_times[1])
    if a.name == b.name:
        a = a._replace(name=a.name + "#1")
        b = b._replace(name=b.name + "#2")
    return a, b


def game_line(number, games, white, black, res):
    """The line printed for game ``number`` (from 1) of ``games`` once it is over."""
    who = {"W": white.name, "B": black.name, None: "draw"}[res.winner]
    maxes = [f"{n} {res.max_think(c):.3f}" for n, c in ((white.name, "W"), (black.name, "B"))]
    return (
        f"game {number}/{games}: {white.name} (W) vs {black.name} (B): {who}"
        f"{'' if who == 'draw' else ' wins'}, {res.reason}, {len(res.moves)} plies;"
        f" max think {', '.join(maxes)}"
    )


def for_each(items, call, jobs):
    """``call(item)`` for every item: here, in order, or on ``jobs`` threads taking them in
    order; returns once all are done (raising the first error, if any, after that)."""
    if jobs <= 1:
        for item in items:
            call(item)
        return
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(call, items))


def run_match(prog_a, prog_b, options=None, *, log=None, out=None):
    """Play a match between two specs (see ``resolve``) as ``options`` (a MatchOptions) say,
    printing a line per game and the summary to ``out`` (default stdout) and each game's moves
    to ``log`` (a file, or None). Returns (tally_a, tally_b, the GameResults in game order)."""
    if options is None:
        options = MatchOptions()
    if out is None:
        out = sys.stdout
    a, b = match_entrants(prog_a, prog_b, options)
    ta, tb = Tally(a.name), Tally(b.name)
    results = [None] * options.games
    lock = threading.Lock()

    def one(g):
        a_white = g % 2 == 0
        white, black = (a, b) if a_white else (b, a)
        opening = options.openings[g] if options.openings else []
        res = play_game(white, black, options.limit, opening)
        with lock:
            results[g] = res
            ta.add("W" if a_white else "B", res)
            tb.add("B" if a_white else "W", res)
            print(game_line(g + 1, options.games, white, black, res), file=out, flush=True)
            if log is not None:
                log.write(log_line(g + 1, white, black, opening, res))
                log.flush()

    for_each(range(options.games), one, options.jobs)
    for line in [*ta.lines(), *tb.lines(), summary_line(ta, tb)]:
        print(line, file=out)
    return ta, tb, results


def per_program(values, names, option):
    """Turn repeated ``S`` / ``NAME=S`` option values into a pair for programs A and B (None
    where nothing applies); raises ValueError on a bad value or a NAME that plays in neither."""
    pair = [None, None]
    for text in values:
        name, _, number = text.rpartition("=")
        try:
            seconds = float(number)
        except ValueError:
            raise ValueError(f"{option} {text!r}: expected SECONDS or NAME=SECONDS") from None
        if not 0 < seconds < math.inf:  # nan and inf too
            raise ValueError(f"{option} {text!r}: seconds must be positive and finite")
        if not name:
            pair = [seconds, seconds]
            continue
        hits = [i for i in (0, 1) if names[i] == name]
        if not hits:
            raise ValueError(
                f"{option} {text!r}: no program named {name!r} ({names[0]!r} and {names[1]!r} play)"
            )
        for i in hits:
            pair[i] = seconds
    return pair


def counted(least):
    """An option's type: a whole number of at least ``least``."""

    def number(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is below {least}")
        return value

    return number


def missing_program(spec):
    """Why the program ``spec`` cannot be started (no command, or a file or command that is
    not there), or None."""
    argv = resolve(spec)[1]
    if not argv:
        return f"{spec!r}: no command to run"
    if argv[0] == sys.executable and len(argv) > 1 and not os.path.isfile(argv[1]):
        return f"{spec!r}: no file {argv[1]}"
    if shutil.which(argv[0]) is None:
        return f"{spec!r}: no program {argv[0]!r} to run"
    return None


def parser():
    """The command line's parser; its help is this module's docstring."""
    head, _usage, *details = __doc__.split("\n\n")
    ap = argparse.ArgumentParser(
        prog="match",
        description=head,
        epilog="\n\n".join(details),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("prog_a")
    ap.add_argument("prog_b")
    ap.add_argument("--games", "-n", type=counted(1), default=2)
    ap.add_argument(
        "--clock",
        action="append",
        default=[],
        metavar="[NAME=]S",
        help="seconds per move the referee enforces: S for both programs, NAME=S for the program"
        " shown as NAME; repeatable, later ones win (default 1)",
    )
    ap.add_argument(
        "--move-time",
        action="append",
        default=[],
        metavar="[NAME=]S",
        help="LOA_MOVE_TIME given to both programs (S) or to one (NAME=S); repeatable",
    )
    ap.add_argument("--limit", type=counted(1), default=100, help="moves per player (40-160)")
    ap.add_argument("--random-openings", action="store_true")
    ap.add_argument("--opening-plies", type=counted(0), default=4)
    ap.add_argument("--opening", default="", help="fixed opening plies for every game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", default=None, help="append every game's moves to this file")
    ap.add_argument("--jobs", "-j", type=counted(1), default=1)
    return ap


def openings_of(args):
    """The openings the command line asks for, one ply list per game, or None: random ones
    (each played twice, from --seed) or --opening for every game."""
    if args.random_openings:
        rng = random.Random(args.seed)
        openings = []
        for _ in range((args.games + 1) // 2):
            op = random_opening(rng, args.opening_plies)
            openings += [op, op]
        return openings[: args.games]
    if args.opening:
        return [args.opening.split()] * args.games
    return None


def options_of(args, ap):
    """(the names of programs A and B, the MatchOptions) from the command line; a clock or
    move time that is malformed or names neither program stops with a usage error."""
    for spec in (args.prog_a, args.prog_b):
        why = missing_program(spec)
        if why is not None:
            ap.error(why)
    names = [resolve(args.prog_a)[0], resolve(args.prog_b)[0]]
    try:
        clocks = [c or 1.0 for c in per_program(args.clock, names, "--clock")]
        move_times = per_program(args.move_time, names, "--move-time")
    except ValueError as error:
        ap.error(str(error))
    options = MatchOptions(
        args.games, tuple(clocks), tuple(move_times), args.limit, openings_of(args), args.jobs
    )
    return names, options


def main(argv=None):
    ap = parser()
    args = ap.parse_args(argv)
    names, options = options_of(args, ap)
    clocks, move_times = options.clocks, options.move_times
    try:
        log = open(args.log, "a") if args.log else None  # noqa: SIM115
    except OSError as error:
        ap.error(f"--log {args.log}: cannot write there: {error.strerror}")
    try:
        print(
            f"match: {args.prog_a} vs {args.prog_b}, {args.games} games,"
            f" clock {names[0]} {clocks[0]:.2f} s, {names[1]} {clocks[1]:.2f} s,"
            f" move-time {move_times[0]} / {move_times[1]}, limit {args.limit}"
            + (f", random openings of {args.opening_plies} plies" if options.openings else ""),
            flush=True,
        )
        run_match(args.prog_a, args.prog_b, options, log=log)
    finally:
        if log is not None:
            log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

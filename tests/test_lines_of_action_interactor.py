"""The Lines of Action interactor (interactors/lines_of_action.py) on scripted games: whole
games through the kit's interactive runner against tests/fixtures/interactive/loa_player.py
(accepted games of both colours, a draw by the move limit, each way a solution fails, a bad
secret input), and the rules and the clock in-process on a scripted pipe (a pass only when no
move exists, the first move as White timed from the interactor's start)."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from interactors import lines_of_action as interactor
from kit.run.interact import run_interactive
from kit.run.limits import Limits
from referee import rules

ROOT = Path(__file__).resolve().parent.parent
PLAYER = ROOT / "tests" / "fixtures" / "interactive" / "loa_player.py"
INTERACTOR = ROOT / "interactors" / "lines_of_action.py"
LIMITS = Limits(time=1.0, timeout=20.0, memory_kib=1 << 20, output_bytes=1 << 20, per_move=True)


def secret(colour="black", opponent="greedy", limit=40, clock=0.5, extra=""):
    return (
        f"# a scripted game\nlimit {limit}\ncolour {colour}\nopponent {opponent}\nseed 1\n"
        f"clock {clock}  # seconds\n{extra}"
    )


def play(tmp_path, text, *flags):
    path = tmp_path / "game.in"
    path.write_text(text)
    folder = tmp_path / "run"
    folder.mkdir(exist_ok=True)
    return run_interactive(
        [sys.executable, str(PLAYER), str(ROOT), *flags],
        [sys.executable, str(INTERACTOR)],
        path,
        cwd=folder,
        limits=LIMITS,
        transcript_lines=1000,
    )


SUMMARY = re.compile(
    r"accepted: (win|loss|draw by the move limit) in (\d+) moves \((White|Black), limit \d+, "
    r"opponent [a-z 0-9]+\); longest think \d\.\d{3} s \(move \d+\)$"
)


@pytest.mark.parametrize(
    ("colour", "opponent", "result"),
    [("white", "greedy", "loss"), ("black", "random", "draw by the move limit")],
)
def test_a_legal_game_is_accepted_with_its_result_moves_and_longest_think(
    tmp_path, colour, opponent, result
):
    game = play(tmp_path, secret(colour, opponent, clock=1.0))
    assert game.verdict == "ok", game.message
    found = SUMMARY.match(game.message)
    assert found, game.message
    assert found[1] == result
    assert found[3] == colour.title()
    assert game.transcript[:2] == ["< 40", f"< {0 if colour == 'white' else 1}"]


def test_the_move_limit_ends_the_game_in_a_draw(tmp_path):
    game = play(tmp_path, secret(colour="white", limit=2))
    assert game.verdict == "ok", game.message
    assert game.message.startswith("accepted: draw by the move limit in 2 moves (White, limit 2")
    # the limit, the colour and Black's first move: its second, the last ply, is not sent
    assert sum(line.startswith("< ") for line in game.transcript) == 3


def test_the_opponent_opens_with_the_given_moves(tmp_path):
    game = play(tmp_path, secret(opponent="random", extra="opening A2-C4 H5-F5\n"))
    assert game.verdict == "ok", game.message
    assert game.transcript[2] == "< A2-C4"


def test_a_fixed_depth_search_opponent_plays(tmp_path):
    game = play(tmp_path, secret(opponent="search 1"))
    assert game.verdict == "ok", game.message
    assert "opponent search 1" in game.message


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (
            ["--sleep", "3", "0.7"],
            r"too slow: move 3 \([A-H][1-8]-[A-H][1-8]\) took 0\.[6-9]\d\d s over the 0\.5 s clock",
        ),
        (["--illegal", "2"], r"move 2 \(Black, ply 4\): [A-H][1-8]-[A-H][1-8] is not a legal move"),
        (["--pass", "2"], r"move 2 \(Black, ply 4\): passed \(Z0-Z0\) with \d+ legal moves"),
        (["--garble", "2"], r"move 2 \(Black, ply 4\): malformed reply 'hello'"),
        (["--silent", "2"], r"silent: no reply for move 2 within 0\.7 s \(the 0\.2 s clock"),
        (["--quit", "2"], r"ended early: the solution closed its output before its move 2"),
        (["--double", "2"], r"wrote '[A-H][1-8]-[A-H][1-8]' out of turn"),
        (["--linger"], r"did not end within 0\.7 s after the game was over"),
        (["--chatter"], r"wrote 'GG' after the game was over"),
    ],
    ids=["slow", "illegal", "pass", "garbled", "silent", "quit", "double", "linger", "chatter"],
)
def test_each_broken_rule_is_a_wrong_answer_saying_which(tmp_path, flags, said):
    waits = flags[0] in ("--silent", "--linger")  # for the clock and GRACE: a shorter clock
    game = play(tmp_path, secret(clock=0.2 if waits else 0.5), *flags)
    assert game.verdict == "WA", game.message
    assert re.search(said, game.message), game.message


def test_a_bad_secret_input_is_the_interactor_s_own_failure(tmp_path):
    game = play(tmp_path, secret(colour="purple"))
    assert game.verdict == "JE"
    assert "colour 'purple': expected white or black" in game.message


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("limit 40\ncolour white\n", "no opponent given"),
        ("limit 40\ncolour white\nopponent greedy\nlimit 50\n", "line 4: limit given twice"),
        ("limit 40\ncolour white\nopponent greedy\nspeed 3\n", "line 4: unknown setting"),
        ("limit x\ncolour white\nopponent greedy\n", "not a number"),
        ("limit 40\ncolour white\nopponent smart\n", "opponent 'smart'"),
        ("limit 40\ncolour white\nopponent greedy\nopening A2-Q9\n", "opening: bad square"),
    ],
)
def test_secret_inputs_are_checked(text, complaint):
    with pytest.raises(interactor.BadInput, match=re.escape(complaint)):
        settings = interactor.read_settings(text)
        interactor.make_opponent(settings["opponent"], settings["seed"])


class ScriptedPipe:
    """The interactor's pipe with a clock of its own: each reply arrives ``delay`` seconds
    after the interactor's last write (None: the solution closed its output)."""

    def __init__(self, replies, now=100.1):
        self.replies = list(replies)
        self.now = now
        self.sent = []
        self.closed = False

    def send(self, text):
        self.sent.append(text)
        return self.now

    def pending(self):
        return b""

    def line(self, deadline):
        if not self.replies:
            self.closed = True
            return None, self.now
        delay, text = self.replies.pop(0)
        if self.now + delay > deadline:
            return None, None
        self.now += delay
        if text is None:
            self.closed = True
            return None, self.now
        return text, self.now


def first_legal(board, colour):
    return rules.legal_moves(board, colour)[0]


def game_on(replies, *, colour="white", board=None, clock=0.25):
    settings = interactor.read_settings(f"limit 40\ncolour {colour}\nopponent random\n")
    settings["clock"] = clock
    pipe = ScriptedPipe(replies)
    game = interactor.Game(settings, pipe, first_legal, started=100.0)
    if board is not None:
        game.board = board
    return game, pipe


def test_white_s_first_move_is_timed_from_the_interactor_s_start():
    """Started at 100.0, the limit and colour written at 100.1, the reply at 100.26: 0.26 s,
    over a 0.25 s clock, although only 0.16 s passed since the colour was written."""
    game, _ = game_on([(0.16, "H7-F7")])
    with pytest.raises(interactor.Rejected, match=r"too slow: move 1 \(H7-F7\) took 0\.260 s"):
        game.play()


def test_black_s_first_move_is_timed_from_the_opponent_s_move():
    game, pipe = game_on([(0.2, "B1-B3"), (0.0, None)], colour="black")
    with pytest.raises(interactor.Rejected, match="before its move 2"):
        game.play()
    assert game.thinks == [pytest.approx(0.2)]
    assert pipe.sent[:3] == ["40", "1", "A2-C2"]


STUCK = rules.from_diagram(  # White (to move) has no legal move; nobody is connected
    [
        "......bw",
        "......bb",
        "........",
        "........",
        "........",
        "........",
        "bb......",
        "wb......",
    ]
)


def test_a_pass_is_accepted_when_no_move_exists():
    assert rules.legal_moves(STUCK, "W") == []
    game, pipe = game_on([(0.01, "Z0-Z0"), (0.0, None)], board=STUCK)
    with pytest.raises(interactor.Rejected, match="before its move 2"):
        game.play()
    assert len(game.thinks) == 1  # the pass was move 1, accepted
    assert pipe.sent[2] == rules.move_text(first_legal(STUCK, "B"))


def test_a_move_when_none_exists_is_refused():
    game, _ = game_on([(0.01, "A1-C3")], board=STUCK)
    with pytest.raises(interactor.Rejected, match="A1-C3, but no move exists: the only reply"):
        game.play()


def test_an_opening_move_that_is_not_legal_ends_the_opening():
    settings = interactor.read_settings(
        "limit 40\ncolour white\nopponent random\nopening A1-A1 B8-B6\n"
    )
    game = interactor.Game(settings, ScriptedPipe([]), first_legal, started=0.0)
    game.turn = "B"  # the opponent's turn
    legal = rules.legal_moves(game.board, "B")
    assert game.opponent_move(legal) == legal[0]
    assert game.opening == []


# The build on copies of the bundle: a workspace holding the Lines of Action solution four
# times, three of them broken in _write (its one way out), each playing one game against the
# interactor. LOA_MOVE_TIME (passed to the bundle by CPKIT_RUN_ENV) keeps the game short; the clock
# the interactor enforces stays 1 s.
BREAKS = {
    "loa_ok": "",
    "loa_slow": "    if _WRITTEN[0] == 10:\n        time.sleep(1.2)\n",
    "loa_illegal": '    if _WRITTEN[0] == 2:\n        text = "A1-A1"\n',
    "loa_pass": '    if _WRITTEN[0] == 2:\n        text = "Z0-Z0"\n',
}
GAME = "limit 40\ncolour black\nopponent search 1\nseed 1\nclock 1.0\n"


def broken_copies(root):
    for folder in ("shared", "referee", "interactors"):
        shutil.copytree(ROOT / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "solutions").mkdir()
    source = (ROOT / "solutions" / "lines_of_action.py").read_text()
    write = "def _write(text):\n"
    assert source.count(write) == 1
    tables = []
    for slug, lines in BREAKS.items():
        counted = write + "    _WRITTEN[0] += 1\n" + lines
        text = source.replace(write, counted).replace(
            "class _Quit", "_WRITTEN = [0]\n\n\nclass _Quit"
        )
        (root / "solutions" / f"{slug}.py").write_text(text)
        (root / "samples" / slug).mkdir(parents=True)
        (root / "samples" / slug / "game.in").write_text(GAME)
        tables.append(
            f'[{slug}]\njudge = "informatics"\nid = "lo"\nkind = "interactive"\n'
            'time_limit = 1.0\nmemory_limit = 64\ninteractor = "interactors/lines_of_action.py"\n'
            "game_timeout = 60\n"
        )
    (root / "problems.toml").write_text("\n".join(tables))


def test_the_build_fails_a_copy_of_the_bundle_that_is_slow_illegal_or_passes(tmp_path):
    broken_copies(tmp_path)
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "build.py"),
            "--root",
            str(tmp_path),
            "--target",
            sys.executable,
        ],
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "LOA_MOVE_TIME": "0.05",
            "CPKIT_RUN_ENV": "LOA_MOVE_TIME",
            "NO_COLOR": "1",
        },
        timeout=300,
        check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 1, output
    lines = {line.split()[1]: line for line in output.splitlines() if line.startswith("[")}
    assert " ok " in lines["loa_ok"] and "1/1 cases; longest think" in lines["loa_ok"], output
    row = next(line for line in output.splitlines() if line.startswith("loa_ok "))
    assert re.search(r" \d+ moves, think 0\.\d{3} s +\d+\.\d MiB +1 s/move, 64 MiB +ok$", row), row
    for slug in ("loa_slow", "loa_illegal", "loa_pass"):
        assert " FAIL " in lines[slug] and "0/1 cases (1 WA)" in lines[slug], output
    said = {
        "loa_slow": r"too slow: move 10 \(\S+\) took 1\.\d{3} s over the 1 s clock",
        "loa_illegal": r"move 2 \(Black, ply 4\): A1-A1 is not a legal move",
        "loa_pass": r"move 2 \(Black, ply 4\): passed \(Z0-Z0\) with \d+ legal moves",
    }
    for slug, pattern in said.items():
        assert re.search(rf"{slug}: samples/{slug}/game\.in: wrong answer: {pattern}", output), (
            output
        )

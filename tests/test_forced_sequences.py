"""tuning/forced_sequences.py: a lost game's first move that let the opponent connect by force,
a won game without one, and the command's one-line errors."""

from tuning import forced_sequences

# a game of the engine (White) against the bot from a random 4-ply opening: the bot's G6-D6
# (ply 24) let White connect with three threats in a row (F2-G3, H2-D6, H6-E6, then G3-G5)
MOVES = (
    "A3-C5 G8-A8 A6-C4 A8-G8 A2-C2 B8-D6 A7-D4 F8-C5 D4-E5 G8-G6 A5-C3 G6-C2 H7-E4 G1-G2 "
    "H3-F5 E1-C3 C4-D5 C3-B4 H4-D4 C2-C6 A4-C2 D6-G6 C2-F2 G6-D6 F2-G3 B1-E4 H2-D6 E8-E5 "
    "H6-E6 C1-D2 G3-G5"
)
LINE = (
    "game 1 white=engine black=bot opening=A3-C5,G8-A8,A6-C4,A8-G8 result=W reason=connected"
    f" moves={MOVES}\n"
)


def run(tmp_path, capsys, text, *args):
    log = tmp_path / "games.log"
    log.write_text(text)
    code = forced_sequences.main([str(log), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_lost_games_turning_move_is_found(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, LINE, "bot")
    assert code == 0
    assert out.splitlines() == [
        "game 1: bot loss; ply 24 G6-D6 let it connect by force, 27 other moves would not have",
        "loss: 1 games, 1 with such a move, 1 of them avoidable",
    ]


def test_fewer_threats_find_it_later_and_the_winner_has_none(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, LINE, "bot", "--threats", "1")
    assert code == 0
    assert out.splitlines()[0].startswith("game 1: bot loss; ply 28 E8-E5")
    code, out, _ = run(tmp_path, capsys, LINE, "engine")
    assert out.splitlines() == [
        "game 1: engine win; no such move",
        "win: 1 games, 0 with such a move, 0 of them avoidable",
    ]


def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys):
    for text, args, message in (
        (LINE, ["nobody"], "no player named nobody"),
        (LINE.replace("D4-E5", "D3-E5"), ["bot"], "ply 9 (D3-E5) is not a legal move"),
        (LINE.replace("D4-E5", "Z0-Z0"), ["bot"], "ply 9 (Z0-Z0) is not a legal move"),
        ("not a game\n", ["bot"], "not a game line"),
    ):
        code, out, err = run(tmp_path, capsys, text, *args)
        assert (code, out) == (2, "")
        assert err.count("\n") == 1 and message in err, err

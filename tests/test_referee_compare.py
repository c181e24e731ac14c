"""referee/match_log.py and referee/compare.py: the --log line read back as written; colour
records, opening pairs, games won by one version alone and the sign test on hand-made logs; the
command's output and its one-line errors."""

import pytest

from referee import compare, match
from referee.match_log import read_games

OPENINGS = [("A2-C4", "B1-B3"), ("H7-H1", "D1-D3"), ("A4-C6", "D8-B6"), ("H3-F5", "E1-G3")]


def write_log(path, name, results):
    """A log of len(results) games, game 2k and 2k + 1 on OPENINGS[k], NAME White in the first
    of each pair; ``results`` are the results ("W", "B", "D") in game order."""
    lines = []
    for i, result in enumerate(results):
        white, black = (name, "engine") if i % 2 == 0 else ("engine", name)
        game = match.GameResult(
            None if result == "D" else result, "connected", False, ["A2-C4"], {}, {}
        )
        entrants = match.Entrant(white, [], {}), match.Entrant(black, [], {})
        lines.append(match.log_line(i + 1, *entrants, OPENINGS[i // 2], game))
    path.write_text("".join(lines))
    return path


def test_a_logged_line_reads_back_as_written(tmp_path):
    log = write_log(tmp_path / "a.log", "bot", ["W", "D"])
    games = read_games(log)
    assert [(g.number, g.white, g.black, g.opening, g.result, g.moves) for g in games] == [
        (1, "bot", "engine", ("A2-C4", "B1-B3"), "W", ["A2-C4"]),
        (2, "engine", "bot", ("A2-C4", "B1-B3"), "D", ["A2-C4"]),
    ]


def test_colours_and_opening_pairs(tmp_path):
    """Four openings: bot wins both; White wins both; Black wins both; a draw and a loss."""
    games = read_games(
        write_log(tmp_path / "a.log", "bot", ["W", "B", "W", "W", "B", "B", "D", "W"])
    )
    assert compare.colour_record(games, "bot") == {"W": [2, 1, 1], "B": [2, 2, 0]}
    kinds = compare.opening_pairs(games, "bot")
    assert dict(kinds) == {"won both": 1, "White won both": 1, "Black won both": 1, "other": 1}
    # now bot loses both games of the first opening
    games[0], games[1] = games[0]._replace(result="B"), games[1]._replace(result="W")
    assert compare.opening_pairs(games, "bot")["lost both"] == 1
    # games from the standard start (no random opening) are not pairs of one opening
    assert not compare.opening_pairs([g._replace(opening=()) for g in games[:2]], "bot")


def test_games_won_by_one_version_alone(tmp_path):
    a = read_games(write_log(tmp_path / "a.log", "new", ["W", "W", "B", "D"]))
    b = read_games(write_log(tmp_path / "b.log", "old", ["B", "W", "B", "B"]))
    # game 1: new won, old lost; game 2: both lost as Black; game 3: both lost as White;
    # game 4: new drew, old won
    assert compare.won_alone(a, "new", b, "old") == (1, 1)
    assert compare.won_alone(b, "old", a, "new") == (1, 1)
    swapped = [g._replace(white=g.black, black=g.white) for g in b]
    with pytest.raises(ValueError, match="another opening or colour"):
        compare.won_alone(a, "new", swapped, "old")
    with pytest.raises(ValueError, match="no player named nobody"):
        compare.won_alone(a, "nobody", b, "old")


def test_sign_test():
    assert compare.sign_test(10, 4) == pytest.approx(0.1796, abs=1e-4)
    assert compare.sign_test(4, 10) == compare.sign_test(10, 4)
    assert compare.sign_test(27, 20) == pytest.approx(0.3817, abs=1e-4)
    assert compare.sign_test(5, 5) == 1.0
    assert compare.sign_test(0, 0) == 1.0
    assert compare.sign_test(0, 8) == pytest.approx(2 / 256)


def test_the_command_prints_the_comparison_and_fails_in_one_line(tmp_path, capsys):
    a = write_log(tmp_path / "a.log", "new", ["W", "W", "B", "D"])
    b = write_log(tmp_path / "b.log", "old", ["B", "W", "B", "B"])
    assert compare.main([str(a), "new", str(b), "old"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "new: 4 games; as White 1-1-0, as Black 0-1-1 (W-L-D)"
    assert out[1] == (
        "  openings: won both 0, lost both 0, White won both 1, Black won both 0, other 1"
    )
    assert out[-1] == "game for game: won by new alone 1, by old alone 1 (sign test p = 1.00)"
    (tmp_path / "bad.log").write_text("new W/L/D 1/0/0\n")
    for argv in ([str(tmp_path / "bad.log"), "new"], [str(tmp_path / "none.log"), "new"], []):
        assert compare.main(argv) == 2
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1, err
    assert compare.main([str(a), "nobody"]) == 2
    assert "no player named nobody" in capsys.readouterr().err

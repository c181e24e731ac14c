"""kit.commands.stress_report: a failed run shown (its verdict, the input, what was expected
and what came out, each block's head with control characters as escapes, a crash's place apart
from a hint, nothing shown as such), the smallest input that passed on its final run shown with
a run that failed, the Reproduce line's account of the file its seed makes, and what stopped
the command named. The report of a whole ``stress`` run is in
tests/kit/commands/test_stress.py."""

import types

from kit.commands import stress_report
from kit.stress import engine


def test_the_reproduce_line_does_not_call_another_file_of_the_seed_a_cut():
    """A generator that follows the time, not its seed, made another file each time: the line
    said the input shown was cut from it, where nothing was cut (no validator)."""
    drawn = iter(range(100))
    made = types.SimpleNamespace(source=types.SimpleNamespace(module=None))
    made.generate = lambda seed, params: f"1\n{next(drawn)}\n"
    shrunk = types.SimpleNamespace(text="1\n7\n", seed=3, params={}, cut=True)
    said = stress_report._made_again(made, shrunk)
    assert said == "another file each time: the generator does not follow its seed"
    made.generate = lambda seed, params: "1\n7\n" if params else "2\n7 7\n"
    assert stress_report._made_again(made, shrunk) == "before its text was cut"
    shown = types.SimpleNamespace(text="1\n7\n", seed=3, params={"n": 1}, cut=True)
    assert stress_report._made_again(made, shown) == "the input shown"


def test_the_reproduce_line_calls_a_file_cut_only_when_the_cuts_changed_it():
    """Cases dropped and no cut taken (``cuts: 5 -> 5 bytes``): the file its seed makes is
    larger, but no text of it was cut."""
    made = types.SimpleNamespace(source=types.SimpleNamespace(module=None))
    made.generate = lambda seed, params: "2\n7\n1\n"
    shrunk = types.SimpleNamespace(text="1\n7\n", seed=3, params={}, cut=False)
    assert stress_report._made_again(made, shrunk) == "a larger file, before the shrink"


def test_without_a_failed_run_kept_the_first_failure_is_shown_with_its_own_input(capsys):
    first = engine.Outcome(True, "wrong answer: x", b"9\n", "WA", b"8\n")
    stress_report._passed_again("1\n1 1\n", None, ("2\n7 1\n3 4\n", first), False)
    out = capsys.readouterr().out
    assert out.index("\nInput:\n1\n1 1\n") < out.index("\nVerdict: wrong answer: x\n")
    assert "\nVerdict: wrong answer: x\n\nInput:\n2\n7 1\n3 4\n\nExpected:\n8\n" in out


def test_a_run_s_control_characters_are_shown_as_escapes(capsys):
    """A brute force's or solution's escape sequences would clear the screen or overwrite
    the verdict; a game's exchanged lines too."""
    outcome = engine.Outcome(True, "wrong answer: x", b"\x1b[2J7\r\n", "WA", b"8\x07\n")
    stress_report.show_failure(outcome, "1\t2\n")
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\r" not in out and "\x07" not in out
    assert "\nInput:\n1\\t2\n" in out and "\nExpected:\n8\\x07\n" in out
    assert "\nGot:\n\\x1b[2J7\\r\n" in out
    game = engine.Outcome(True, "wrong answer", b"", "WA", None, ["last lines:", "  > \x1b[H1"])
    stress_report.show_failure(game, "")
    assert "\n> \\x1b[H1\n" in capsys.readouterr().out


def test_a_byte_that_is_not_utf_8_is_shown_as_its_escape(capsys):
    """As the verdict's message and ``--diff`` show it, where three bad bytes were ``\\ufffd``
    alike."""
    outcome = engine.Outcome(True, "wrong answer: x", b"1 \xff\xfe 3\n", "WA", b"\xc3\n")
    stress_report.show_failure(outcome, "1\n")
    out = capsys.readouterr().out
    assert "\nExpected:\n\\xc3\n" in out and "\nGot:\n1 \\xff\\xfe 3\n" in out
    assert "\ufffd" not in out


def test_a_block_cut_off_ends_its_line_before_the_next_heading(capsys):
    crash = engine.Outcome(True, "runtime error", b"7" * 5000, "RE", b"8\n", ["  File x", "E"])
    stress_report.show_failure(crash, "1\n")
    out = capsys.readouterr().out
    assert f"\nGot: (first {stress_report.SHOWN_CHARS} of 5000 characters)\n" in out
    assert "7" * stress_report.SHOWN_CHARS + "\n\nWhere:\n  File x\nE\n" in out


def test_a_hint_is_shown_apart_not_as_where_a_crash_happened(capsys):
    """A rounded answer's hint is no place in the user's files: no "Where:" for it alone."""
    hint = 'hint: every difference is a number within 1e-3 ...: set compare = "float:1e-3"'
    rounded = engine.Outcome(True, "wrong answer", b"3.142\n", "WA", b"3.14159\n", [hint])
    stress_report.show_failure(rounded, "1\n")
    out = capsys.readouterr().out
    assert "Where:" not in out and out.endswith(f"\nGot:\n3.142\n\n{hint}\n")
    crash = engine.Outcome(True, "runtime error", b"", "RE", b"8\n", ["  File x", "E", hint])
    stress_report.show_failure(crash, "1\n")
    assert capsys.readouterr().out.endswith(f"\nWhere:\n  File x\nE\n\n{hint}\n")


def test_an_empty_answer_or_output_is_shown_as_nothing(capsys):
    stress_report.show_failure(engine.Outcome(True, "wrong answer", b"", "WA", b""), "1\n")
    assert "\nExpected:\n(nothing)\n\nGot:\n(nothing)\n" in capsys.readouterr().out


def test_a_stop_is_named_by_what_stopped_the_command():
    from kit.cli import Stopped

    assert stress_report.stop_name(KeyboardInterrupt()) == "Ctrl-C"
    assert stress_report.stop_name(Stopped(15)) == "SIGTERM"


def test_a_game_given_an_answer_file_shows_it_and_keeps_its_lines_exchanged(capsys):
    """A game whose interactor was given the reference's answer (a Kattis validator's ANSWER):
    the answer is shown as that file, and the lines exchanged stay what the game shows (not
    Expected and Got, which a game has not)."""
    lines = ["last lines exchanged (> from the solution, < to it):", "  < 7", "  > 15"]
    game = engine.Outcome(True, "wrong answer: exit status 43", b"15\n", "WA", b"14\n", lines)
    game.played = True
    stress_report.show_failure(game, "7\n")
    assert capsys.readouterr().out == (
        "\nVerdict: wrong answer: exit status 43\n\nInput:\n7\n\n"
        "Answer (the interactor's ANSWER file):\n14\n\n"
        "Last lines exchanged (> from the solution, < to it):\n< 7\n> 15\n"
    )

"""kit.run.game_transcript: the lines a game carried, each in its place (the transcripts of
games played: tests/kit/run/test_interact.py)."""

from kit.run.game_transcript import Transcript


def test_a_line_never_ended_is_said_so_in_its_place():
    """A query written without its newline showed as a whole line, after the notes that
    followed it."""
    record = Transcript(10)
    record.feed("< ", b"10\n")
    record.feed("> ", b"? 5")
    record.feed("< ", b"1")
    record.note("< ", "[2 more bytes, sent after the solution had closed its output]")
    assert record.result() == [
        "< 10", "> ? 5  [no end of line]", "< 1  [no end of line]",
        "< [2 more bytes, sent after the solution had closed its output]",
    ]  # fmt: skip

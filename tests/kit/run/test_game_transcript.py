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


def test_the_lines_shown_start_after_the_last_line_left_out():
    """A direction that dropped more of its lines than the other left the other's older lines
    shown without them: two replies in a row, as if the interactor had answered twice (a
    solution querying past the limit, its late bytes' remark taking a place)."""
    record = Transcript(2)
    for query in (1, 2, 3):
        record.feed("> ", f"? {query}\n".encode())
        record.feed("< ", b">\n")
    record.feed("> ", b"? 4\n")
    record.note("> ", "[6 more bytes, sent after the interactor had closed its output]")
    assert record.result() == [
        "< >", "> ? 4", "> [6 more bytes, sent after the interactor had closed its output]",
    ]  # fmt: skip


def test_lines_cut_from_one_read_are_left_out_with_what_came_before_them():
    """A read of more lines than are kept drops its head: the other side's line before it is
    no longer next to what is shown."""
    record = Transcript(2)
    record.feed("< ", b"5\n")
    record.feed("> ", b"a\nb\nc\n")
    assert record.result() == ["> b", "> c"]


def test_both_sides_shown_whole_when_nothing_was_left_out():
    record = Transcript(2)
    record.feed("< ", b"5\n")
    record.feed("> ", b"? 1\n")
    assert record.result() == ["< 5", "> ? 1"]

"""kit.run.game_transcript: the lines a game carried, each in its place (the transcripts of
games played: tests/kit/run/test_interact.py)."""

from kit.run.game_transcript import HEADING, Transcript, without_transcript


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


def test_the_lines_left_out_between_two_lines_shown_are_said_there():
    """A direction that dropped more of its lines than the other left the other's older lines
    shown without them: two replies in a row, as if the interactor had answered twice (a
    solution querying past the limit, its late bytes' remark taking a place). The line left
    out between them is said in its place, with its direction."""
    record = Transcript(2)
    for query in (1, 2, 3):
        record.feed("> ", f"? {query}\n".encode())
        record.feed("< ", b">\n")
    record.feed("> ", b"? 4\n")
    record.note("> ", "[6 more bytes, sent after the interactor had closed its output]")
    assert record.result() == [
        "< >", "> [1 line not shown]", "< >", "> ? 4",
        "> [6 more bytes, sent after the interactor had closed its output]",
    ]  # fmt: skip


def test_a_flood_of_queries_is_shown_with_the_replies_after_it():
    """A solution writing a thousand queries at once, the interactor replying to 31 of them
    and closing: the transcript showed the last ten replies alone (the queries, read first,
    were older than the replies dropped), as if they answered nothing."""
    record = Transcript(10)
    record.feed("< ", b"1000\n")
    record.feed("> ", b"? 1\n" * 1000)
    record.feed("< ", b">\n" * 31)
    record.note("> ", "[40 more bytes, sent after the interactor had closed its output]")
    assert record.result() == [
        *["> ? 1"] * 9, "< [21 lines not shown]", *["< >"] * 10,
        "> [40 more bytes, sent after the interactor had closed its output]",
    ]  # fmt: skip


def test_a_line_ended_in_a_later_read_keeps_the_place_where_it_began():
    record = Transcript(3)
    record.feed("> ", b"? 1")
    record.feed("< ", b"x\n")
    record.feed("> ", b"0\n? 2\n")
    assert record.result() == ["> ? 10", "< x", "> ? 2"]


def test_a_remark_follows_the_lines_the_other_side_said_before_it_closed_its_output():
    """The interactor's relay, waiting for a core, recorded its lines after the solution's
    relay had made its remark of the bytes sent after the interactor closed its output: the
    transcript showed the interactor talking after that (a flood's game on a busy machine);
    a read of more lines than are kept, recorded then, left the remark out."""
    record = Transcript(3)
    record.feed("> ", b"1\n1\n")
    record.note("> ", "[8 more bytes, sent after the interactor had closed its output]")
    record.feed("< ", b"100 7\n>\n")
    assert record.result() == [
        "> 1", "> 1", "< 100 7", "< >",
        "> [8 more bytes, sent after the interactor had closed its output]",
    ]  # fmt: skip
    record.feed("< ", b">\n" * 4)
    assert record.result() == [
        "> 1", "> 1", "< [3 lines not shown]", "< >", "< >", "< >",
        "> [8 more bytes, sent after the interactor had closed its output]",
    ]  # fmt: skip


def test_lines_cut_from_one_read_are_said_where_they_were():
    """A read of more lines than are kept drops its head: the other side's line before it is
    no longer next to what is shown, the lines between said."""
    record = Transcript(2)
    record.feed("< ", b"5\n")
    record.feed("> ", b"a\nb\nc\n")
    assert record.result() == ["< 5", "> [1 line not shown]", "> b", "> c"]


def test_both_sides_shown_whole_when_nothing_was_left_out():
    record = Transcript(2)
    record.feed("< ", b"5\n")
    record.feed("> ", b"? 1\n")
    assert record.result() == ["< 5", "> ? 1"]


def test_a_line_is_shown_by_the_kits_one_rule():
    """A byte that is not UTF-8 was U+FFFD (two bad bytes alike) and a control character was
    sent to the terminal as it is; both are shown as the failure's message quotes them."""
    record = Transcript(10)
    record.feed("> ", b"? \xff\xfe\t\x1b[2J a\\b\r\n")
    record.feed("< ", b"\x00")
    assert record.result() == ["> ? \\xff\\xfe\\t\\x1b[2J a\\\\b", "< \\x00  [no end of line]"]


def test_a_long_line_is_cut_before_it_is_escaped():
    """No escape is split at the cut, and a line never ended, cut in the middle of a
    character, is not shown ending in that character's first bytes as if they were bad."""
    record = Transcript(10)
    record.feed("> ", b"\x00" * 300 + b"\n")
    record.feed("< ", "é".encode() * 300)  # 600 bytes
    shown = record.result()
    assert shown[0] == "> " + "\\x00" * 197 + "..."
    assert shown[1] == "< " + "é" * 197 + "..." + "  [no end of line]"


def test_a_failure_less_its_transcript_keeps_its_hints_and_traceback():
    """The lines under the heading go, the first line not indented under it stays."""
    details = [HEADING, "  < 5", "  > ? 3", "hint: flush", "Traceback:", '  File "a.py"']
    assert without_transcript(details) == details[3:]
    assert without_transcript(details[3:]) == details[3:]

"""kit.judges.judge_messages: a program's output as one line, and the exception line of its
last traceback; what a checker that raised or gave testlib's verdict says is tested through
the checker."""

import pytest

from kit.judges import judge_messages
from kit.judges.judge_messages import crash_line, judge_message, raised_where, summary_line
from kit.processes import Kept


def test_summary_line_joins_the_first_lines():
    assert summary_line(b"\n  one  \r\n\ntwo\n") == "one / two"
    assert summary_line(b"a\nb\nc\nd\ne\n") == "a / b / c (+2 more lines)"
    assert len(summary_line(b"x" * 1000)) == 200


def test_summary_line_counts_the_lines_not_kept_of_a_stream_cut():
    """A program's stream past what is kept (``kit.processes.Kept``): its lines left out are
    counted apart from the more lines kept and not shown, which are non-blank: those not
    kept, unread, may be blank (96 blank lines made ``msg (+96 more lines, not kept)``)."""
    assert summary_line(Kept(b"a\nb\nc\nd\n", lines_not_kept=1500)) == (
        "a / b / c (+1 more line; 1,500 lines not kept)"
    )
    assert summary_line(Kept(b"a\n", lines_not_kept=1), b"b\n") == "a / b (1 line not kept)"
    assert summary_line(Kept(b"\n\n\n\nmsg\n", lines_not_kept=96)) == "msg (96 lines not kept)"
    assert summary_line(b"a\n", b"b\n") == "a / b"
    flood = Kept(b"a\n  [... 99 bytes of stderr not kept ...]\nb\n", lines_not_kept=2)
    assert summary_line(flood) == "a / b (3 lines not kept)"  # the launcher's line among them


def test_crash_line_is_the_exception_of_the_last_traceback():
    stderr = (
        b'Traceback (most recent call last):\n  File "x.py", line 1\n    1/0\nZeroDivisionError: x'
    )
    assert crash_line(stderr) == "ZeroDivisionError: x"
    assert crash_line(b"wrong answer\n") is None


def test_crash_line_of_a_script_that_does_not_compile_is_its_syntax_error():
    """Python prints no traceback header for the script it cannot compile."""
    stderr = b'  File "x.py", line 1\n    def (\n        ^\nSyntaxError: invalid syntax\n'
    assert crash_line(stderr) == "SyntaxError: invalid syntax"
    assert crash_line(b"noise\nIndentationError: unexpected indent\n") == (
        "IndentationError: unexpected indent"
    )
    assert crash_line(b"SyntaxError: printed by the program itself, on its first line\n") is None


@pytest.mark.parametrize(
    "after", [b"\nsecond line of the message", b"\nbye (an exit handler's line)", b"\n"]
)
def test_crash_line_is_the_line_after_the_frames_whatever_follows(after):
    stderr = b'Traceback (most recent call last):\n  File "x.py", line 3, in <module>\n'
    stderr += b'    raise ValueError("real cause")\nValueError: real cause' + after
    assert crash_line(stderr) == "ValueError: real cause"


def test_a_message_shows_a_bad_byte_and_a_control_character_as_escapes_in_each_line():
    """A checker's lines, each shown by the kit's rule (kit.visible), where a bad byte was
    U+FFFD and an ESC went to the terminal as it was."""
    said = summary_line(b"got \xff\xfe\n\x1b[2Jcleared\tthen\r\nC:\\tmp\n")
    assert said == "got \\xff\\xfe / \\x1b[2Jcleared\\tthen / C:\\\\tmp"


def test_a_crash_line_shows_a_bad_byte_as_an_escape_and_keeps_python_s_backslashes():
    stderr = b'Traceback (most recent call last):\n  File "x.py", line 1\n    f()\n'
    stderr += b"ValueError: bad \xff\x1b[2J in '1\\n'\n"
    assert crash_line(stderr) == "ValueError: bad \\xff\\x1b[2J in '1\\n'"
    assert crash_line(b"x\nSyntaxError: \xff\x07\n") == "SyntaxError: \\xff\\x07"


def test_where_a_checker_raised_shows_a_bad_byte_of_its_path_as_an_escape():
    stderr = b'Traceback (most recent call last):\n  File "/p/ch\xffk.py", line 3, in <module>\n'
    stderr += b"    assert ok\nAssertionError\n"
    assert judge_message(b"", stderr) == "AssertionError (ch\\xffk.py, line 3: assert ok)"


def test_a_long_message_of_bad_bytes_is_cut_between_two_escapes():
    message = summary_line(b"no: " + b"\xfe" * 300)
    assert message.endswith("\\xfe...")
    assert message[len("no: ") : -3] == "\\xfe" * ((len(message) - 7) // 4)


def test_where_a_traceback_was_raised_is_its_program_s_own_innermost_frame():
    """The library's frame under it is passed over; no traceback: None."""
    stderr = (
        b"Traceback (most recent call last):\n"
        b'  File "/home/u/ws/tools/gen.py", line 4, in <module>\n'
        b"    n = json.loads(text)\n"
        b'  File "/usr/lib/python3.13/json/__init__.py", line 346, in loads\n'
        b"    return _default_decoder.decode(s)\n"
        b"json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n"
    )
    assert raised_where(stderr) == "gen.py, line 4: n = json.loads(text)"
    assert raised_where(b"no such table\n") is None


@pytest.mark.parametrize(
    ("stderr", "points"),
    [
        (b"points 10 Jury's answer is worse\n", "10"),  # quitp(int, ...): "%d"
        (b"points 7.5\n", "7.5"),  # quitp(double) less its trailing zeros, no message
        (b"points 0.0 worse\n", "0.0"),  # 0.0000000000 to "0.0"
        (b"debugging\npoints 3 first\npoints 1e-3 last\n", "1e-3"),  # its last verdict line
        (b"points points_info=pa=1 d=0\n", None),  # quitpi: no number
        (b"wrong answer 5 points\n", None),
        (b"points 12abc\n", None),
    ],
)
def test_testlib_points_are_read_from_the_quitp_verdict_line(stderr, points):
    """testlib.h at 1e4e8a24: ``quitp`` writes ``points `` and the points, then the message."""
    assert judge_messages.testlib_points(stderr) == points


@pytest.mark.parametrize(
    ("status", "stderr", "share"),
    [
        (13, b"partially correct (13) result=100\n", 13),  # testlib.h at 1e4e8a24, as it runs
        (0, b"partially correct (0)\n", 0),  # _pc(0): exit status 0, no ok
        (1, b"debugging\npartially correct (1) one\n", 1),  # exit status 1, no wrong answer
        (50 + 13, b"partially correct (13) built with TESTSYS\n", None),  # PC_BASE 50
        (1, b"partially correct (13) then\nwrong answer 1\n", None),  # its last verdict line
        (13, b"wrong answer partially correct (13)\n", None),
        (0, b"ok partially correct\n", None),
    ],
)
def test_testlib_partial_is_read_from_the_pc_verdict_line_and_its_status(status, stderr, share):
    """``quitf(_pc(N), ...)``: exit status N (PC_BASE_EXIT_CODE 0) and ``partially correct (N)``
    on stderr, both; either alone is none."""
    assert judge_messages.testlib_partial(status, stderr) == share

"""kit.judges.judge_messages: a program's output as one line, and the exception line of its
last traceback; what a checker that raised or gave testlib's verdict says is tested through
the checker."""

import pytest

from kit.judges.judge_messages import crash_line, summary_line


def test_summary_line_joins_the_first_lines():
    assert summary_line(b"\n  one  \r\n\ntwo\n") == "one / two"
    assert summary_line(b"a\nb\nc\nd\ne\n") == "a / b / c (+2 more lines)"
    assert len(summary_line(b"x" * 1000)) == 200


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

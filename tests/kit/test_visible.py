"""kit.visible: a program's text shown by one rule, the message's: a control character, a
backslash and a byte that was not UTF-8 as their escapes, the newline kept, ordinary text as
it is."""

import os
import subprocess
import sys

from kit.judges.difference_messages import quoted
from kit.visible import cut_as_shown, last_line, text_of, visible
from tests.command_support import ROOT


def test_every_control_character_but_the_newline_is_shown_as_its_escape():
    text = "".join(chr(code) for code in range(32)) + "\x7f\x85\u202e"
    shown = visible(text)
    assert shown.count("\n") == 1
    assert all(char.isprintable() for char in shown.replace("\n", ""))
    assert visible("a\tb\r\n\x1b[2J\x00\x85") == "a\\tb\\r\n\\x1b[2J\\x00\\u0085"


def test_ordinary_text_is_shown_as_it_is():
    text = "Yes 12 -3.5 é → ␀ 漢字 'q' \"q\" ~{}"
    assert visible(text) == text


def test_a_byte_that_was_not_utf_8_is_shown_as_its_escape():
    """``surrogateescape``'s lone surrogates, which no terminal can print, as ``\\xff``."""
    text = b"a\xff\x80\xc3 \xc3\xa9\n".decode("utf-8", "surrogateescape")
    assert visible(text) == "a\\xff\\x80\\xc3 \u00e9\n"


def test_a_backslash_is_doubled_so_that_a_text_never_looks_like_a_byte():
    assert visible(text_of(b"\\xff \xff")) == "\\\\xff \\xff"
    assert visible(text_of(b"\\xff \xff\t"), backslash=False) == "\\xff \\xff\\t"


def test_each_character_is_shown_as_python_quotes_it_but_a_byte_s_look_alikes():
    """The message's rule (``repr``), but for the newline (a line's end in ``--diff``) and a
    character Python shows as ``\\x85``, which is ``\\u0085`` so that only a byte is
    ``\\x85``; and as ``quoted`` shows it, but for the newline and the quotes."""
    for code in [*range(0xD800), *range(0xE000, sys.maxunicode + 1, 7)]:
        char = chr(code)
        if char in "\n'\"":
            continue
        python = repr(char)[1:-1]
        if 0x80 <= code <= 0xFF and python.startswith("\\x"):
            python = f"\\u{code:04x}"
        assert visible(char) == python == quoted(char.encode())[1:-1], hex(code)
    for byte in range(0x80, 0x100):
        assert visible(text_of(bytes([byte]))) == f"\\x{byte:02x}" == quoted(bytes([byte]))[1:-1]


def test_a_program_s_bytes_are_decoded_with_each_bad_byte_kept():
    assert visible(text_of(b"1 \xff\xfe\xe2\x86\x92 \xc3")) == "1 \\xff\\xfe\u2192 \\xc3"


def test_a_shown_text_is_cut_to_its_limit_without_splitting_an_escape():
    shown = visible(text_of(b"ab" + b"\xff" * 10))  # ab\xff\xff...
    for limit in range(6, 20):
        cut = cut_as_shown(shown, limit)
        assert len(cut) <= limit and cut.endswith("...")
        assert cut[:-3] == "ab" + "\\xff" * ((len(cut) - 5) // 4)
    assert cut_as_shown("short", 5) == "short"
    assert cut_as_shown("a\\\\b" * 3, 7) == "a\\\\b..."  # a doubled backslash is one
    assert cut_as_shown("a\\\\b" * 3, 5) == "a..."


def test_a_program_s_last_line_is_cut_then_shown_with_its_backslashes():
    stderr = b"Traceback\n  print('a\\n')\nValueError: \xff\x1b" + b"\xfe" * 10 + b"  \n\n"
    assert last_line(stderr) == "ValueError: \\xff\\x1b" + "\\xfe" * 10
    assert last_line(stderr, 14) == "ValueError: \\xff\\x1b"  # 14 characters, then escaped
    assert last_line(b"  print('a\\n')") == "print('a\\n')"  # the code's backslash as written
    assert last_line(b"") == last_line(b"\n \n") == ""


def test_what_a_stream_cannot_encode_is_escaped_by_the_one_rule():
    """The kit's stdout in an ASCII locale escaped ``ü`` as ``\\xfc``, which reads as a byte;
    a byte that is not UTF-8 (its surrogate) is one. Through ``kit.cli``'s own set-up of the
    standard streams, in a process of its own (an error handler, once registered, stays)."""
    text = "über \udcff 漢 \U0001f600"
    code = f"from kit import cli\ncli._standard_streams()\nprint({ascii(text)})\n"
    for encoding, said in [("ascii", b"\\u00fcber"), ("latin-1", b"\xfcber")]:
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, timeout=120, check=False,
            env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": encoding},
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert done.stdout == said + b" \\xff \\u6f22 \\U0001f600\n"  # ü as it is in latin-1

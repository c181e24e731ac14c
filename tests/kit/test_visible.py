"""kit.visible: control characters shown as symbols, the newline kept; a byte that was not
UTF-8 as its escape."""

from kit.visible import text_of, visible


def test_every_control_character_but_the_newline_is_shown():
    text = "".join(chr(code) for code in range(32)) + "\x7f"
    shown = visible(text)
    assert shown.count("\n") == 1
    assert not any(ord(char) < 32 and char != "\n" for char in shown) and "\x7f" not in shown
    assert visible("a\tb\r\n\x1b[2J") == "a\u2192b\u240d\n\u241b[2J"


def test_a_byte_that_was_not_utf_8_is_shown_as_its_escape():
    """``surrogateescape``'s lone surrogates, which no terminal can print, as ``\\xff``."""
    text = b"a\xff\x80\xc3 \xc3\xa9\n".decode("utf-8", "surrogateescape")
    assert visible(text) == "a\\xff\\x80\\xc3 \u00e9\n"


def test_a_program_s_bytes_are_decoded_with_each_bad_byte_kept():
    assert visible(text_of(b"1 \xff\xfe\xe2\x86\x92 \xc3")) == "1 \\xff\\xfe\u2192 \\xc3"

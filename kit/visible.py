"""How the kit shows a program's text: every character a terminal would hide or act on, and
every byte that is not UTF-8, as the escape a wrong answer's message quotes it with.

One rule for the message (``kit.judges.difference_messages.quoted``), ``--diff``, ``stress``'s
blocks and a failure's stderr: a character Python prints as itself in a ``repr`` is shown as
itself (letters, digits, the space, punctuation, printable Unicode such as ``é`` or ``→``);
a backslash as ``\\\\``, so that the four characters ``\\xff`` of a text never look like a
byte; a tab as ``\\t``, a carriage return as ``\\r``, another control character as ``\\x00``
(NUL) to ``\\x1f`` and ``\\x7f``; an unprintable character from U+0080 on as ``\\u0085``
(``\\U000e0001`` beyond U+FFFF), never ``\\x85``, so that no character looks like a byte; and
a byte that is not UTF-8, in a text decoded with ``surrogateescape`` (``text_of``: a lone
surrogate, U+DCFF for 0xff), as ``\\xff``. The newline is kept: ``--diff`` and ``stress``
show lines, the message (one line) escapes it as ``\\n``. A program's text printed as it is
could move the cursor, clear the screen or overwrite the kit's verdict line with its own.

A traceback is Python's own text, its backslashes Python's escapes and the user's code
(``print("\\n".join(a))``): ``visible(line, backslash=False)`` leaves them as they are.
"""

from __future__ import annotations

import re

_NAMED = {"\t": "\\t", "\r": "\\r", "\n": "\n", "\\": "\\\\"}


def _shown(character: str) -> str:
    """How ``character`` is shown: itself, or its escape."""
    code = ord(character)
    if character in _NAMED:
        return _NAMED[character]
    if 0xDC80 <= code <= 0xDCFF:  # surrogateescape's byte 0x80 to 0xff
        return f"\\x{code - 0xDC00:02x}"
    if character.isprintable():
        return character
    if code < 0x80:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


class _Table(dict):
    """What each character is shown as, for ``str.translate``, filled on first use."""

    def __missing__(self, code: int) -> str:
        shown = self[code] = _shown(chr(code))
        return shown


_VISIBLE = _Table()
_BACKSLASH_KEPT = _Table({ord("\\"): "\\"})


def visible(text: str, backslash: bool = True) -> str:
    """``text`` shown by the kit's one rule (the newline kept); ``backslash=False``: each
    backslash left as it is (a traceback's, which are Python's escapes and the user's code)."""
    return text.translate(_VISIBLE if backslash else _BACKSLASH_KEPT)


UNENCODABLE = "kit-visible"  # the error handler of the kit's stdout and stderr (kit.cli)


def unencodable(error: UnicodeError) -> tuple[str, int]:
    """A codecs error handler (``UNENCODABLE``): each character a stream's encoding cannot hold
    as the one rule escapes it, a lone surrogate (a byte that is not UTF-8) as ``\\xc3`` and any
    other character as ``\\u00fc``, never ``\\xfc`` (Python's ``backslashreplace``), which
    reads as a byte: under ``LC_ALL=C PYTHONUTF8=0`` a folder ``über`` was said ``\\xfcber``."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    cut = error.object[error.start : error.end]
    return "".join(_escaped(character) for character in cut), error.end


def _escaped(character: str) -> str:
    code = ord(character)
    if 0xDC80 <= code <= 0xDCFF:  # surrogateescape's byte 0x80 to 0xff
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def text_of(data: bytes) -> str:
    """A program's output or stderr as text to be shown (``visible``): each byte that is not
    UTF-8 kept as its lone surrogate, which ``visible`` shows as ``\\xff``."""
    return data.decode("utf-8", "surrogateescape")


# one character as shown: an escape whole (``\\x00``, ``\\u0085``, ``\\n``) or itself
_SHOWN_CHARACTER = re.compile(r"\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8}|.)|.", re.DOTALL)


def cut_as_shown(shown: str, limit: int) -> str:
    """A text already shown (``visible``) cut to ``limit`` characters with ``...``, an escape
    counted by its width (a NUL is four: ``\\x00``) and never split in two."""
    if len(shown) <= limit:
        return shown
    kept = 0
    for character in _SHOWN_CHARACTER.finditer(shown):
        if character.end() > limit - 3:
            break
        kept = character.end()
    return shown[:kept] + "..."


def last_line(data: bytes, limit: int | None = None) -> str:
    """The last line a program or tool wrote (its stderr's, whose last line says what failed)
    cut to ``limit`` characters (None: whole), then shown by the rule with its backslashes
    kept, as a traceback's: Python's and compilers' lines quote the program's code; '' for
    none."""
    return visible(text_of(data).strip().split("\n")[-1].strip()[:limit], backslash=False)

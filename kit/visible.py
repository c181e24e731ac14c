"""Characters a terminal would hide or act on, made visible in what the kit shows of a
program's text.

A carriage return (the CR of CRLF line ends) is shown as ``␍``, a tab as ``→``, any other
control character but the newline as its Unicode control picture (NUL as ``␀``, ESC as ``␛``,
DEL as ``␡``): a program's stderr or output printed as it is could move the cursor, clear
the screen or overwrite the kit's verdict line with its own. A byte that is not UTF-8, in
a text decoded with ``surrogateescape`` (a lone surrogate, U+DCFF for 0xff), is shown as
``\\xff``, as a wrong answer's message shows it (``kit.judges.difference_messages``): the
terminal could not print the surrogate at all. ``text_of`` is how a program's output or
stderr is decoded to be shown so (``surrogateescape``): each byte that is not UTF-8 kept,
where the replacement character ``�`` would show every such byte alike.
"""

from __future__ import annotations

VISIBLE = {code: chr(0x2400 + code) for code in range(32) if code != 10}
VISIBLE |= {9: "\u2192", 0x7F: "\u2421"}
VISIBLE |= {0xDC00 + byte: f"\\x{byte:02x}" for byte in range(0x80, 0x100)}  # surrogateescape


def visible(text: str) -> str:
    """``text`` with its control characters but the newline made visible, and its bytes that
    were not UTF-8 (``surrogateescape``'s) as ``\\xff``."""
    return text.translate(VISIBLE)


def text_of(data: bytes) -> str:
    """A program's output or stderr as text to be shown (``visible``): each byte that is not
    UTF-8 kept as its lone surrogate, which ``visible`` shows as ``\\xff``."""
    return data.decode("utf-8", "surrogateescape")

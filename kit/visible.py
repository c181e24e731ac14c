"""Characters a terminal would hide or act on, made visible in what the kit shows of a
program's text.

A carriage return (the CR of CRLF line ends) is shown as ``␍``, a tab as ``→``, any other
control character but the newline as its Unicode control picture (NUL as ``␀``, ESC as ``␛``,
DEL as ``␡``): a program's stderr or output printed as it is could move the cursor, clear
the screen or overwrite the kit's verdict line with its own.
"""

from __future__ import annotations

VISIBLE = {code: chr(0x2400 + code) for code in range(32) if code != 10}
VISIBLE |= {9: "\u2192", 0x7F: "\u2421"}


def visible(text: str) -> str:
    """``text`` with its control characters but the newline made visible."""
    return text.translate(VISIBLE)

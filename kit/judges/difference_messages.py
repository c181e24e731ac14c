"""How a comparison says where an output differs from its answer, in one line.

``first_difference`` (``"line 3: ..."`` or ``"token 7: ..."``, the first pair of lines or
tokens found apart), ``exactly`` (how two lines or tokens differ as text: both quoted, from a
little before the first difference when it lies far in a long one, its column said) and the
shown forms of a line or token, ``quoted`` (its text quoted, each character shown by the
kit's one rule, ``kit.visible``: a byte that is not UTF-8 as ``\xff``, so that two never look
alike) and ``plain`` (unquoted, as numbers are
shown); ``over`` (an error beside the tolerance it exceeds, with the digits that tell them
apart). The comparisons are ``kit.judges.compare``'s.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Callable, Iterable
from itertools import zip_longest

from kit.errors import trimmed
from kit.judges.output_chunks import CHUNK
from kit.visible import cut_as_shown, text_of, visible

SHOWN_CHARS = 60  # of a line or token in a message


def first_difference(
    unit: str,
    want: Iterable[bytes],
    have: Iterable[bytes],
    differ: Callable[[bytes | None, bytes | None], str | None],
    before: int = 0,
) -> str | None:
    """``"<unit> N: <what differ says>"`` for the first pair ``differ`` finds apart, or None;
    ``before``: how many equal pairs came before ``want`` and ``have`` (read from where
    ``kit.judges.output_chunks.same_start`` says).

    The shorter one is padded with None, shown as the end of the output.
    """
    for index, (a, b) in enumerate(zip_longest(want, have), before):
        problem = differ(a, b)
        if problem is not None:
            return f"{unit} {index + 1}: {problem}"
    return None


def exactly(a: bytes | None, b: bytes | None, fold: bool = False) -> str | None:
    """How two lines or tokens differ (``fold``: where they do but for ASCII case), or None."""
    if a == b:
        return None
    start = _differ_from(a, b, fold)
    if start is None:
        return f"expected {quoted(a)}, got {quoted(b)}"
    assert a is not None and b is not None
    column, a, b, unit = start
    return f"from {unit} {column}: expected {quoted(a, '...')}, got {quoted(b, '...')}"


_CONTEXT = 10  # characters shown before the first difference, when it lies far in
_ASCII_LOWER = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")
_CONTINUATION = bytes(range(0x80, 0xC0))  # UTF-8's bytes inside a character
# the bytes that show the first SHOWN_CHARS + 1 characters of a line or token whatever they are
# (a character is at most 4 bytes, and is decoded the same without what follows it)
_SHOWN_BYTES = 4 * (SHOWN_CHARS + 2)


def _differ_from(
    a: bytes | None, b: bytes | None, fold: bool
) -> tuple[int, bytes, bytes, str] | None:
    """Where two long lines or tokens first differ, when the shown prefixes would hide it:
    the column (1-based, in characters when both are UTF-8, else the byte), both from a little
    before it (their first ``_SHOWN_BYTES`` bytes from there), and which unit the place is in;
    else None. Either may be a view of a long piece (``kit.judges.output_chunks``): each is
    read a block at a time, nothing held but blocks."""
    if a is None or b is None:
        return None
    text = _utf8(a) and _utf8(b)
    same = _common_prefix(a, b, fold)
    while text and _inside_character(a, same):  # a character split by the difference
        same -= 1  # (its first byte, the same in both, says how long it is in both)
    column = _characters(a, same) if text else same
    if column < SHOWN_CHARS - _CONTEXT:
        return None
    start = same
    for _ in range(_CONTEXT):  # back over _CONTEXT characters (bytes, when not UTF-8)
        start -= 1
        while text and _inside_character(a, start):
            start -= 1
    while not text and start and _inside_character(a, start):  # not in a UTF-8 character
        start -= 1
    shown = slice(start, start + _SHOWN_BYTES)
    return column + 1, bytes(a[shown]), bytes(b[shown]), "column" if text else "byte"


def same_folded(a: bytes, b: bytes) -> bool:
    """Whether ``a`` and ``b`` are the same but for ASCII case (``a.lower() == b.lower()``),
    read a block at a time: either may be a long piece's view."""
    return len(a) == len(b) and _common_prefix(a, b, True) == len(a)


def _utf8(data: bytes) -> bool:
    """Whether ``data`` is UTF-8 text, decoded a block at a time."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        for at in range(0, len(data), CHUNK):
            decoder.decode(bytes(data[at : at + CHUNK]))
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def _common_prefix(a: bytes, b: bytes, fold: bool) -> int:
    """How many bytes ``a`` and ``b`` begin with alike (``fold``: but for ASCII case)."""
    most, same = min(len(a), len(b)), 0
    while same < most:
        blocks = [bytes(x[same : same + CHUNK]) for x in (a, b)]
        if fold:
            blocks = [block.translate(_ASCII_LOWER) for block in blocks]
        if blocks[0] != blocks[1]:
            return same + len(os.path.commonprefix(blocks))
        same += len(blocks[0])
    return same


def _inside_character(data: bytes, at: int) -> bool:
    """Whether the byte of ``data`` at ``at`` is inside a UTF-8 character (not its first)."""
    return 0 < at < len(data) and 0x80 <= data[at] < 0xC0


def _characters(data: bytes, end: int) -> int:
    """How many UTF-8 characters ``data[:end]`` holds (it ends between two)."""
    return sum(
        len(bytes(data[at : min(at + CHUNK, end)]).translate(None, _CONTINUATION))
        for at in range(0, end, CHUNK)
    )


def quoted(token: bytes | None, before: str = "") -> str:
    """A token or line as a message shows it: its text quoted as Python quotes it, each
    character shown by the kit's one rule (``kit.visible``: ``'a\\x00'`` for a NUL, a byte
    that is not UTF-8 as ``\\xff``, ``'caf\\xe9'``, a character Python would show so as
    ``\\u0085``, a backslash as ``\\\\``), so that two tokens never look alike; cut to
    ``SHOWN_CHARS`` as shown (an escape counted whole), so that a token of bad bytes is as
    short as any; ``before``: what stands for the part left out in front of it."""
    if token is None:
        return "end of output"
    text = text_of(bytes(token[:_SHOWN_BYTES]))[: SHOWN_CHARS + 1]  # no more can be shown
    quote = '"' if "'" in text and '"' not in text else "'"  # as repr() chooses
    shown = visible(text).replace("\n", "\\n").replace(quote, "\\" + quote)
    return f"{quote}{before}{cut_as_shown(shown, SHOWN_CHARS)}{quote}"


def plain(token: bytes | None) -> str:
    shown = bytes((token or b"")[: SHOWN_CHARS + 1])  # one character a byte: no more shown
    return trimmed(shown.decode("ascii", "replace"), SHOWN_CHARS)


def over(error: float, tolerance: float) -> str:
    """``"1.0000001e-06 > 1e-06"``: an error beside the tolerance it exceeds, each in as few
    significant digits as say it (three at least for the error, as ``:g`` for the
    tolerance), so that the two never read as the same number (``1e-06 > 1e-06``)."""
    limit = _shortest(tolerance, 6, lambda text: float(text) == tolerance)
    return f"{_shortest(error, 3, lambda text: float(text) > tolerance)} > {limit}"


def _shortest(value: float, digits: int, enough: Callable[[str], bool]) -> str:
    for precision in range(digits, 18):
        text = f"{value:.{precision}g}"
        if enough(text):
            return text
    return repr(value)

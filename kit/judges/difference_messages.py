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

import os
from collections.abc import Callable, Iterable
from itertools import zip_longest

from kit.errors import trimmed
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
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _differ_from(
    a: bytes | None, b: bytes | None, fold: bool
) -> tuple[int, bytes, bytes, str] | None:
    """Where two long lines or tokens first differ, when the shown prefixes would hide it:
    the column (1-based, in characters when both are UTF-8, else the byte), both from a little
    before it, and which unit the place is in; else None."""
    if a is None or b is None:
        return None
    try:
        x, y = a.decode("utf-8"), b.decode("utf-8")
    except UnicodeDecodeError:
        x, y = a.decode("latin-1"), b.decode("latin-1")  # one byte a character, in bytes
        text = False
    else:
        text = True
    folded = [x.translate(_ASCII_LOWER), y.translate(_ASCII_LOWER)] if fold else [x, y]
    same = len(os.path.commonprefix(folded))
    if same < SHOWN_CHARS - _CONTEXT:
        return None
    start = same - _CONTEXT
    while not text and start and 0x80 <= ord(x[start]) < 0xC0:  # not in a UTF-8 character
        start -= 1
    encode = (lambda part: part.encode("utf-8")) if text else (lambda part: part.encode("latin-1"))
    return same + 1, encode(x[start:]), encode(y[start:]), "column" if text else "byte"


def quoted(token: bytes | None, before: str = "") -> str:
    """A token or line as a message shows it: its text quoted as Python quotes it, each
    character shown by the kit's one rule (``kit.visible``: ``'a\\x00'`` for a NUL, a byte
    that is not UTF-8 as ``\\xff``, ``'caf\\xe9'``, a character Python would show so as
    ``\\u0085``, a backslash as ``\\\\``), so that two tokens never look alike; cut to
    ``SHOWN_CHARS`` as shown (an escape counted whole), so that a token of bad bytes is as
    short as any; ``before``: what stands for the part left out in front of it."""
    if token is None:
        return "end of output"
    text = text_of(token)[: SHOWN_CHARS + 1]  # no more can be shown
    quote = '"' if "'" in text and '"' not in text else "'"  # as repr() chooses
    shown = visible(text).replace("\n", "\\n").replace(quote, "\\" + quote)
    return f"{quote}{before}{cut_as_shown(shown, SHOWN_CHARS)}{quote}"


def plain(token: bytes | None) -> str:
    return trimmed((token or b"").decode("ascii", "replace"), SHOWN_CHARS)


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

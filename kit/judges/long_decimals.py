"""A decimal or hexadecimal number of any length read in place: the same number in a few
digits.

``shortened(token, digits)``: a decimal (a ``memoryview`` of an output, ``[+-]`` digits, a
point, an exponent after ``e`` or ``E`` whose digits may be missing, as C's ``strtod`` reads
it) written again from its first ``digits`` significant digits, a digit 1 after them when any
digit past them is not 0, and one exponent: ``-0.12345671e-3``. Read by a rounding whose
halfway points have fewer significant digits than ``digits`` (a double's at most 767, an x87
long double's about 11,520: ``kit.judges.long_double.DIGITS``), it is the number the whole
token is; nothing is held but those digits (a 60 MB number was copied whole to be read). The
float rule (``kit.judges.compare``), testlib's number checkers (``kit.judges.testlib_checkers``)
and the default validators (``kit.judges.kattis_compare``) read their long tokens so.

``shortened_hexadecimal(token)``: the same of a hexadecimal number as C's ``strtod`` reads it
(``[+-]0x``, hexadecimal digits with a point, an exponent of 2 in decimal after ``p`` or ``P``
whose digits may be missing; or ``0x.``): ``[-]0x0.DIGITS[1]pN``, its first ``HEX_DIGITS``
significant digits (65 bits at least, a long double's 64 and the one under them, a double's 53
and more), a digit 1 after them when any past them is not 0, and one exponent: the number the
whole token is to a double and a long double (the default validators copied a 60 MB one whole).
"""

from __future__ import annotations

import re

# each a letter alone: found by a fast scan (a class, [eE], scans 15 times slower)
_EXPONENT_MARKS = (re.compile(rb"e"), re.compile(rb"E"))
_BINARY_MARKS = (re.compile(rb"p"), re.compile(rb"P"))
_POINT = re.compile(rb"\.")
_BLOCK = 1 << 16  # bytes of a token copied at a time to find a nonzero digit
_NOT_DIGITS = b"+-.xX"  # what a number's mantissa holds besides its digits
_EXPONENT_DIGITS = 21  # an exponent read whole to 21 digits, past them as one of 22
DOUBLE_DIGITS = 800  # a double's digits: none, nor the midpoint of two, has over 767
HEX_DIGITS = 17  # 1 + 16 * 4 bits at least: a long double's 64 and the rounding bit


def shortened(token: bytes, digits: int) -> bytes:
    """``token`` (a decimal, above) as ``[-]0.DIGITS[1]eN``, or ``[-]0`` when it has no
    nonzero digit: the same number to any rounding with halfway points of under ``digits``
    significant digits."""
    sign, mantissa, exponent = _parts(token, _EXPONENT_MARKS, digits)
    if mantissa is None:
        return sign + b"0"
    return b"%s0.%se%d" % (sign, mantissa, exponent)


def shortened_hexadecimal(token: bytes) -> bytes:
    """``token`` (a hexadecimal number, above) as ``[-]0x0.DIGITS[1]pN``, or ``[-]0x0`` when
    it has no nonzero digit: the same double and long double, rounded once."""
    sign, mantissa, exponent = _parts(token, _BINARY_MARKS, HEX_DIGITS, 4)
    if mantissa is None:
        return sign + b"0x0"
    return b"%s0x0.%sp%d" % (sign, mantissa, exponent)


def _parts(
    token: bytes, marks: tuple[re.Pattern, ...], digits: int, bits: int = 1
) -> tuple[bytes, bytes | None, int]:
    """A number's sign, its first ``digits`` significant digits and a 1 when any past them is
    not 0 (None: it has no nonzero digit), and the exponent of the point before them (in
    digits, times ``bits`` for a binary exponent), the one after ``marks`` added."""
    found = [at.start() for at in (mark.search(token) for mark in marks) if at is not None]
    end = min(found, default=len(token))  # of the mantissa
    sign = b"-" if token[0] == ord("-") else b""
    first = _nonzero(token, 0, end)
    if first is None:
        return sign, None, 0
    point = _POINT.search(token, 0, end)
    dot = point.start() if point is not None else end
    taken = bytes(token[first : min(first + digits + 1, end)])
    kept = taken.replace(b".", b"")[:digits]
    rest = first + (len(taken) if b"." in taken else len(kept))
    sticky = b"1" if _nonzero(token, rest, end) is not None else b""
    places = dot - first if first < dot else dot + 1 - first
    exponent = _exponent(token[end + 1 :]) if found else 0
    return sign, kept + sticky, bits * places + exponent


def _nonzero(token: bytes, start: int, end: int) -> int | None:
    """Where the first nonzero digit of ``token[start:end]`` (of a number's mantissa, or its
    exponent) is, or None: read a block at a time, a sign, point and ``0x`` skipped."""
    for at in range(start, end, _BLOCK):
        block = bytes(token[at : min(at + _BLOCK, end)])
        left = block.lstrip(b"0" + _NOT_DIGITS)
        if left:
            return at + len(block) - len(left)
    return None


def _exponent(written: bytes) -> int:
    """The exponent written after a number's ``e`` or ``p``, any length, perhaps no digits
    (0); past 21 digits one of 22: every double and long double is then infinite or 0
    whatever the mantissa."""
    sign = -1 if written[:1] == b"-" else 1
    first = _nonzero(written, 0, len(written))
    if first is None:
        return 0
    kept = bytes(written[first : first + _EXPONENT_DIGITS + 1])
    return sign * int(kept if len(kept) <= _EXPONENT_DIGITS else b"1" + b"0" * _EXPONENT_DIGITS)

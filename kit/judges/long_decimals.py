"""A decimal of any length read in place: the same number in a few digits.

``shortened(token, digits)``: a decimal (a ``memoryview`` of an output, ``[+-]`` digits, a
point, an exponent after ``e`` or ``E`` whose digits may be missing, as C's ``strtod`` reads
it) written again from its first ``digits`` significant digits, a digit 1 after them when any
digit past them is not 0, and one exponent: ``-0.12345671e-3``. Read by a rounding whose
halfway points have fewer significant digits than ``digits`` (a double's at most 767, an x87
long double's about 11,520: ``kit.judges.long_double.DIGITS``), it is the number the whole
token is; nothing is held but those digits (a 60 MB number was copied whole to be read). The
float rule (``kit.judges.compare``) and the default validators (``kit.judges.kattis_compare``)
read their long tokens so.
"""

from __future__ import annotations

import re

_EXPONENT_MARK, _NONZERO, _POINT = re.compile(rb"[eE]"), re.compile(rb"[1-9]"), re.compile(rb"\.")
_EXPONENT_DIGITS = 21  # an exponent read whole to 21 digits, past them as one of 22


def shortened(token: bytes, digits: int) -> bytes:
    """``token`` (a decimal, above) as ``[-]0.DIGITS[1]eN``, or ``[-]0`` when it has no
    nonzero digit: the same number to any rounding with halfway points of under ``digits``
    significant digits."""
    marker = _EXPONENT_MARK.search(token)
    end = marker.start() if marker is not None else len(token)  # of the mantissa
    sign = b"-" if token[0] == ord("-") else b""
    first = _NONZERO.search(token, 0, end)
    if first is None:
        return sign + b"0"
    point = _POINT.search(token, 0, end)
    dot = point.start() if point is not None else end
    taken = bytes(token[first.start() : min(first.start() + digits + 1, end)])
    kept = taken.replace(b".", b"")[:digits]
    rest = first.start() + (len(taken) if b"." in taken else len(kept))
    sticky = b"1" if _NONZERO.search(token, rest, end) else b""
    places = dot - first.start() if first.start() < dot else dot + 1 - first.start()
    exponent = _exponent(token[end + 1 :]) if marker is not None else 0
    return b"%s0.%s%se%d" % (sign, kept, sticky, places + exponent)


def _exponent(written: bytes) -> int:
    """The exponent written after a decimal's ``e``, any length, perhaps no digits (0); past
    21 digits one of 22: every double and long double is then infinite or 0 whatever the
    mantissa."""
    sign = -1 if written[:1] == b"-" else 1
    first = _NONZERO.search(written)
    if first is None:
        return 0
    kept = bytes(written[first.start() : first.start() + _EXPONENT_DIGITS + 1])
    return sign * int(kept if len(kept) <= _EXPONENT_DIGITS else b"1" + b"0" * _EXPONENT_DIGITS)

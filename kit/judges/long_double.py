"""The x87 80-bit ``long double`` of g++ on x86-64 Linux, exactly: the numbers DOMjudge's
``compare`` reads (glibc's ``%Lf``) and computes with (``kit.judges.kattis_compare``).

A finite value is held as a ``Fraction`` (its exact value), an infinity or NaN as a float.
The format: a 64-bit significand, an exponent of 15 bits (the largest finite value
(2 - 2**-63) * 2**16383, about 1.19e4932; the smallest normal one 2**-16382, subnormals down to
2**-16445), every result rounded to nearest, ties to even, as glibc's ``strtold`` rounds a
decimal and the x87 an operation (its precision control at 64 bits, Linux's default).

API::

    rounded(value: Fraction) -> Fraction | float      # to the format; an overflow infinite
    decimal(sign, whole, fraction, exponent) -> Fraction | float
        # the number of those digits (bytes: b"-", b"12", b"5", b"-3" for -12.5e-3) rounded
    binary(sign, whole, fraction, exponent) -> Fraction | float
        # the same of a hexadecimal number (b"", b"1", b"8", b"3" for 0x1.8p3)
    minus(a, b), divided(a, b) -> Fraction | float    # a - b, a / b of finite values, rounded
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

SIGNIFICAND = 64  # bits, the leading one explicit
LOWEST_NORMAL = -16382  # the exponent of the smallest normal value, 2**-16382
OVERFLOW = 16384  # a value rounded to 2**16384 or past it is infinite
# past 10**4933 a decimal overflows; below 10**-4952 (under half the smallest subnormal,
# 2**-16446 ~ 1.8e-4951) it is zero: its exponent need not be computed with
DECIMAL_RANGE = (-4952, 4933)
# the significant digits a decimal is read with, plus one nonzero digit standing for any left:
# a value halfway between two long doubles has at most ~11,520 (m * 5**16446 / 10**16446 for
# 65-bit m), so a decimal cut past 12,000 and marked so rounds as the whole one
DIGITS = 12000
_EXPONENT_DIGITS = 9  # an exponent longer is past every range: read as 10**9


def rounded(value: Fraction) -> Fraction | float:
    """``value`` rounded to a long double: ties to even, subnormals below 2**-16382, an
    overflow to the infinity of its sign."""
    if not value:
        return Fraction(0)
    top, bottom = abs(value.numerator), value.denominator
    exponent = top.bit_length() - bottom.bit_length()  # 2**exponent <= |value| < 2**(.. + 2)
    if (top << max(0, -exponent)) < (bottom << max(0, exponent)):
        exponent -= 1
    step = max(exponent, LOWEST_NORMAL) - (SIGNIFICAND - 1)  # the unit in the last place
    if step >= 0:
        bottom <<= step
    else:
        top <<= -step
    units, rest = divmod(top, bottom)
    if 2 * rest > bottom or (2 * rest == bottom and units & 1):
        units += 1
    if units.bit_length() + step > OVERFLOW:
        return math.inf if value > 0 else -math.inf
    scaled = Fraction(units << step) if step >= 0 else Fraction(units, 1 << -step)
    return scaled if value > 0 else -scaled


def decimal(sign: bytes, whole: bytes, fraction: bytes, exponent: bytes) -> Fraction | float:
    """The decimal ``[sign]whole.fraction e exponent`` (each digits, perhaps none) as
    ``strtold`` reads it: rounded once, however many digits."""
    digits = (whole + fraction).lstrip(b"0")
    negative = sign == b"-"
    if not digits:
        return Fraction(0)
    power = _exponent(exponent) - len(fraction)
    magnitude = power + len(digits) - 1  # 10**magnitude <= |value| < 10**(magnitude + 1)
    if magnitude > DECIMAL_RANGE[1]:
        return -math.inf if negative else math.inf
    if magnitude < DECIMAL_RANGE[0]:
        return Fraction(0)
    if len(digits) > DIGITS:
        rest = digits[DIGITS:].strip(b"0")
        power += len(digits) - DIGITS - (1 if rest else 0)
        digits = digits[:DIGITS] + (b"1" if rest else b"")
    exact = Fraction(Decimal(f"{'-' if negative else ''}{digits.decode()}e{power}"))
    return rounded(exact)


def binary(sign: bytes, whole: bytes, fraction: bytes, exponent: bytes) -> Fraction | float:
    """The hexadecimal ``[sign]0xwhole.fraction p exponent`` (hexadecimal digits, a decimal
    binary exponent, each perhaps none) as ``strtold`` reads it, rounded once."""
    negative = sign == b"-"
    digits = int(whole + fraction or b"0", 16)
    if not digits:
        return Fraction(0)
    power = _exponent(exponent) - 4 * len(fraction)
    magnitude = digits.bit_length() + power  # |value| < 2**magnitude
    if magnitude > OVERFLOW + 1:
        return -math.inf if negative else math.inf
    if magnitude < LOWEST_NORMAL - SIGNIFICAND - 1:
        return Fraction(0)
    exact = Fraction(digits << power) if power >= 0 else Fraction(digits, 1 << -power)
    return rounded(-exact if negative else exact)


def minus(a: Fraction, b: Fraction) -> Fraction | float:
    return rounded(a - b)


def divided(a: Fraction | float, b: Fraction) -> Fraction | float:
    """``a / b`` rounded: ``a`` finite or infinite; by zero an infinity, or NaN for 0 / 0."""
    if isinstance(a, float) or not b:
        if not b and not a:
            return math.nan
        positive = (a > 0) == (b >= 0)
        return math.inf if positive else -math.inf
    return rounded(a / b)


def _exponent(text: bytes) -> int:
    """The exponent's digits (signed, perhaps none) as an int, saturated past 10**9."""
    digits = text.lstrip(b"+-").lstrip(b"0")
    value = int(digits or b"0") if len(digits) <= _EXPONENT_DIGITS else 10**_EXPONENT_DIGITS
    return -value if text.startswith(b"-") else value

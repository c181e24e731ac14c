"""kit.judges.long_double: the x87 80-bit long double's rounding (ties to even, subnormals,
overflow), decimals and hexadecimals read once rounded however long, and its arithmetic."""

import math
import time
from decimal import Decimal, localcontext
from fractions import Fraction

import pytest

from kit.judges import long_double
from kit.judges.long_double import binary, decimal, divided, minus, rounded

LARGEST = (2 - Fraction(1, 2**63)) * 2**16383
SMALLEST = Fraction(1, 2**16445)  # the smallest subnormal


def test_a_value_is_rounded_to_64_significant_bits_ties_to_even():
    assert rounded(Fraction(2**64 + 1)) == 2**64  # a tie: to the even significand
    assert rounded(Fraction(2**64 + 3)) == 2**64 + 4
    assert rounded(Fraction(2**64 + 3, 2)) == 2**63 + 2  # 2**63 + 1.5: 64 bits hold no half
    assert rounded(Fraction(2**63 + 1)) == 2**63 + 1  # exact: 64 bits
    assert rounded(-Fraction(2**64 + 3)) == -(2**64 + 4)
    assert rounded(Fraction(1, 3)) != Fraction(1, 3)
    assert abs(rounded(Fraction(1, 3)) - Fraction(1, 3)) < Fraction(1, 2**66)


def test_subnormals_and_overflow():
    assert rounded(SMALLEST) == SMALLEST
    assert rounded(SMALLEST / 2) == 0  # a tie: to zero, the even one
    assert rounded(SMALLEST * Fraction(3, 4)) == SMALLEST
    assert rounded(SMALLEST * Fraction(3, 2)) == 2 * SMALLEST  # a tie: to 2, even
    assert rounded(LARGEST) == LARGEST
    assert rounded(LARGEST + 2**16319) == math.inf  # half a unit past: a tie, to 2**16384
    assert rounded(LARGEST + 2**16318) == LARGEST
    assert rounded(-(LARGEST + 2**16320)) == -math.inf


@pytest.mark.parametrize(
    ("parts", "value"),
    [
        ((b"", b"12", b"5", b"-1"), Fraction(5, 4)),
        ((b"-", b"", b"5", b""), Fraction(-1, 2)),
        ((b"+", b"0", b"", b"+"), 0),  # "0e+", a bare exponent
        ((b"", b"1", b"", b"99999999999999999999"), math.inf),
        ((b"-", b"1", b"", b"5000"), -math.inf),
        ((b"", b"1", b"", b"-" + b"9" * 5000), 0),
        ((b"", b"0" * 6000 + b"3", b"", b""), 3),
    ],
)
def test_decimal(parts, value):
    assert decimal(*parts) == value


def test_a_long_decimal_rounds_as_the_whole_one():
    """Cut past ``DIGITS`` digits, a decimal just over a tie rounds up (the tie 2**64 + 1,
    then a 1 in the 13,001st decimal), a tie to even, and one just under a tie down."""
    tie = str(2**64 + 1).encode()
    zeros = b"0" * 13000
    assert decimal(b"", tie, zeros + b"1", b"") == 2**64 + 2
    assert decimal(b"", tie, zeros, b"") == 2**64
    assert decimal(b"", str(2**64).encode(), b"9" * 13000, b"") == 2**64
    assert len(zeros) > long_double.DIGITS


def test_a_tie_of_11_000_digits_is_read_whole():
    """1.5 times the smallest subnormal, 3 * 2**-16446, written out in full (11,500
    significant digits): a tie, to even; a digit less, under it."""
    with localcontext(prec=20000):  # str() of an int this long is refused
        digits = f"{3 * Decimal(5) ** 16446:f}".encode()
    fraction = b"0" * (16446 - len(digits)) + digits
    assert decimal(b"", b"0", fraction, b"") == 2 * SMALLEST
    assert decimal(b"", b"0", fraction[:-1] + b"4", b"") == SMALLEST
    assert len(digits) < long_double.DIGITS


def test_binary():
    assert binary(b"", b"1", b"8", b"3") == 12
    assert binary(b"-", b"", b"", b"") == 0
    assert binary(b"", b"1", b"", b"-16446") == 0
    assert binary(b"", b"1", b"", b"16384") == math.inf


def test_arithmetic_rounds_each_result():
    one, tiny = Fraction(1), Fraction(1, 2**70)
    assert minus(one, tiny) == one
    assert minus(-LARGEST, LARGEST) == -math.inf
    assert divided(one, Fraction(3)) == rounded(Fraction(1, 3))
    assert divided(one, Fraction(0)) == math.inf
    assert math.isnan(divided(Fraction(0), Fraction(0)))
    assert divided(math.inf, Fraction(-2)) == -math.inf


def test_huge_exponents_cost_nothing():
    """A number written with a huge exponent is read as infinite or zero, never computed:
    ``1e-999999999`` would be a 3-billion-bit denominator."""
    start = time.process_time()
    for sign in (b"+", b"-"):
        decimal(b"", b"1", b"", sign + b"999999999")
        binary(b"", b"1", b"", sign + b"999999999")
    assert time.process_time() - start < 5  # far more than it takes; an error, not a bound

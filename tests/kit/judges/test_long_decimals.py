"""kit.judges.long_decimals: a long decimal or hexadecimal number written again in a few
digits is the number the whole one is, as a double and as an x87 long double."""

import math
import random

import pytest

from kit.judges import long_double
from kit.judges.long_decimals import shortened, shortened_hexadecimal

HALFWAY = "9007199254740993"  # 2**53 + 1: halfway between two doubles
# 2**64 + 1: halfway between two long doubles, and 1 + 2**-64 written out (64 places)
LONG_HALFWAY = (
    "18446744073709551617",
    "1." + "0" * 19 + "5421010862427522170037264004349708557128906250",
)


def _decimal(rng, heads):
    """A random decimal as C reads one: heads a digit from halfway, zeros, long tails."""
    head = rng.choice(heads + ["1", "0.000", "123.456", "0", "-0.5", "+7", ".5", "-"])
    tail = rng.choice(["0" * rng.randrange(13000), "0" * rng.randrange(13000) + "1", ""])
    digits = "".join(rng.choice("0123456789") for _ in range(rng.randrange(1300)))
    point = "" if "." in head else rng.choice([".", ""])
    exponent = rng.choice(["", "e5", "E-300", "e", "e+", "e-0000000000000000000000000000308"])
    return head + point + rng.choice([tail, digits, tail + digits]) + exponent


def _long_double(text):
    """``text`` read whole as DOMjudge's ``%Lf`` reads it (``kit.judges.long_double``)."""
    body = text.lstrip("+-")
    mantissa, _, exponent = body.lower().partition("e")
    whole, _, fraction = mantissa.partition(".")
    sign = "-" if text.startswith("-") else ""
    return long_double.decimal(sign.encode(), whole.encode(), fraction.encode(), exponent.encode())


def test_a_long_decimal_shortened_is_the_double_float_reads_whole():
    """800 significant digits and a 1 standing for any nonzero one past them: the double
    ``float`` reads from the whole text (a bare ``e`` read as C reads it: no exponent), on
    300 seeded numbers a digit from halfway, with long tails of zeros (seeded)."""
    rng = random.Random(13)
    for _ in range(300):
        text = _decimal(rng, [HALFWAY])
        if not any(c.isdigit() for c in text.partition("e")[0].partition("E")[0]):
            continue  # no number
        short = shortened(memoryview(text.encode()), 800)
        whole = text.rstrip("e+") if text.endswith(("e", "e+")) else text
        assert float(short) == float(whole), text


def test_a_long_decimal_shortened_is_the_long_double_read_whole():
    """With ``long_double.DIGITS`` digits kept, the x87 long double of the whole text, on
    numbers a digit from halfway between two long doubles and past 12,000 digits (seeded)."""
    rng = random.Random(14)
    for _ in range(60):
        head = rng.choice(LONG_HALFWAY)
        tail = "0" * rng.randrange(11_900, 13_000) + rng.choice(["1", "", "0001", "9"])
        text = head + ("" if "." in head else ".") + tail + rng.choice(["", "e-5", "E+4000"])
        short = shortened(memoryview(text.encode()), long_double.DIGITS).decode()
        assert _long_double(short) == _long_double(text), text


@pytest.mark.parametrize(
    ("text", "short"),
    [
        ("-0.000", b"-0"),
        ("000123.4500", b"0.1234500e3"),
        ("0.00" + "7" * 5, b"0.77777e-2"),
        ("1" + "0" * 10 + "3", b"0.101e12"),  # 2 digits kept, a nonzero past them
        ("1" + "0" * 10, b"0.10e11"),  # zeros past them: no 1
        ("103" + "0" * 10, b"0.101e13"),  # the nonzero digit right after them
        ("1." + "0" * 10 + "3", b"0.101e1"),  # a point among them: 2 digits still
        ("5e" + "9" * 30, b"0.5e" + b"1" + b"0" * 20 + b"1"),  # past 21 digits: one of 22
        ("5E-0009", b"0.5e-8"),
    ],
)
def test_shortened_keeps_its_digits_a_1_for_the_rest_and_one_exponent(text, short):
    assert shortened(memoryview(text.encode()), 2 if "0" * 10 in text else 800) == short


# 1 + 2**-53 and 1 + 2**-64: halfway between two doubles, and between two long doubles
HEX_HALFWAY = ("0x1.00000000000008", "0x1.0000000000000001")


def _hexadecimal(rng):
    """A random hexadecimal number as C reads one: a digit from halfway, zeros, long tails,
    a point anywhere, bare and long exponents (seeded)."""
    head = rng.choice([*HEX_HALFWAY, "0x1", "-0x0.", "0X000.000", "+0x1f", "0x.8", "-0x.000a"])
    tail = rng.choice(["0" * rng.randrange(300), "0" * rng.randrange(300) + "1", ""])
    digits = "".join(rng.choice("0123456789abcdefABCDEF") for _ in range(rng.randrange(40)))
    body = rng.choice([tail, digits, tail + digits])
    if "." not in head:
        cut = rng.randrange(len(body) + 1)
        body = body[:cut] + rng.choice([".", ""]) + body[cut:]
    exponent = rng.choice(["", "p", "P+", "p-3", "p1023", "p-1074", "p-16445", "p16383"])
    return head + body + rng.choice([exponent, "p-" + "0" * 30 + "9" * 25])


def _binary_parts(text):
    """``text`` (a hexadecimal number) as ``long_double.binary`` takes it."""
    mantissa, _, exponent = text.lstrip("+-")[2:].lower().partition("p")
    whole, _, fraction = mantissa.partition(".")
    parts = ("-" if text.startswith("-") else "", whole, fraction, exponent)
    return [part.encode() for part in parts]


def _from_hex(text):
    """``float.fromhex`` of ``text`` as C reads it (a bare ``p`` no exponent, ``0x.`` 0)."""
    mantissa, _, exponent = text.lower().partition("p")
    bare = mantissa + ("p" + exponent if exponent.strip("+-") else "")
    sign = -1.0 if text.startswith("-") else 1.0
    try:
        return sign * float.fromhex(bare.lstrip("+-") if mantissa.strip("+-0x.") else "0")
    except OverflowError:
        return sign * math.inf


def test_a_long_hexadecimal_shortened_is_the_double_and_long_double_read_whole():
    """17 significant hexadecimal digits (65 bits at least) and a 1 standing for any nonzero
    one past them: the double ``float.fromhex`` reads from the whole text, and the x87 long
    double, on 600 numbers a digit from halfway with long tails (seeded)."""
    rng = random.Random(15)
    for _ in range(600):
        text = _hexadecimal(rng)
        short = shortened_hexadecimal(memoryview(text.encode())).decode()
        assert repr(_from_hex(short)) == repr(_from_hex(text)), text  # -0.0 too
        assert long_double.binary(*_binary_parts(short)) == long_double.binary(
            *_binary_parts(text)
        ), text


@pytest.mark.parametrize(
    ("text", "short"),
    [
        ("0x1.8p3", b"0x0.18p7"),
        ("-0x000.0001fp-2", b"-0x0.1fp-14"),
        ("0x.", b"0x0"),
        ("+0X0.000P5", b"0x0"),
        ("0x" + "1" * 17 + "0" * 9, b"0x0." + b"1" * 17 + b"p104"),  # zeros past them: no 1
        ("0x" + "1" * 17 + "0a", b"0x0." + b"1" * 17 + b"1p76"),  # a nonzero: a 1
        ("0x1" + "0" * 15 + ".01p", b"0x0.1" + b"0" * 16 + b"1p64"),  # a point among them
        ("0xfp" + "9" * 30, b"0x0.fp" + b"1" + b"0" * 20 + b"4"),  # past 21 digits: one of 22
    ],
)
def test_shortened_hexadecimal_keeps_17_digits_a_1_for_the_rest_and_one_exponent(text, short):
    assert shortened_hexadecimal(memoryview(text.encode())) == short

"""kit.judges.kattis_compare: the Kattis default output validator's rules with each of its
flags, DOMjudge's copy of them, and the one-line errors for bad flags."""

import random
import time
from decimal import Decimal
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.judges import kattis_compare, output_chunks
from kit.judges.compare import parse_compare
from tests.memory_support import traced_peak

ROOT = Path(__file__).resolve().parents[3]
WHERE = "problems.toml: [toy]"
NO_INPUT = Path("/nonexistent/input")


def difference(spec, expected, got):
    judgement = parse_compare(spec, ROOT, WHERE).judge(NO_INPUT, expected, got)
    return None if judgement.accepted else judgement.message


# the default validator: case


def test_case_is_ignored_by_default():
    assert difference("kattis", b"Impossible\n", b"IMPOSSIBLE\n") is None
    assert difference("kattis", b"yes no\n", b"YES nO") is None


def test_case_sensitive_compares_case():
    assert difference("kattis:case_sensitive", b"Impossible\n", b"Impossible") is None
    assert difference("kattis:case_sensitive", b"Impossible\n", b"IMPOSSIBLE") == (
        "token 1: expected 'Impossible', got 'IMPOSSIBLE' (case_sensitive)"
    )


def test_tokens_differ_and_counts_differ():
    assert difference("kattis", b"1 2\n", b"1 3") == "token 2: expected '2', got '3'"
    assert difference("kattis", b"1 2\n", b"1") == "token 2: expected '2', got end of output"
    assert difference("kattis", b"1 2\n", b"1 2 3") == ("token 3: expected end of output, got '3'")
    assert difference("kattis", b"\n", b"") is None  # both empty


# the default validator: whitespace


def test_any_whitespace_separates_tokens_by_default():
    assert difference("kattis", b"1 2\n3\n", b"  1\t\t2\r\n\v\f3") is None


@pytest.mark.parametrize(
    ("got", "message"),
    [
        (b"1  2\n", "whitespace before token 2: expected ' ', got '  '"),
        (b"1\n2\n", "whitespace before token 2: expected ' ', got '\\n'"),
        (b" 1 2\n", "whitespace before token 1: expected '', got ' '"),
        (b"1 2", "whitespace at the end: expected '\\n', got ''"),
        (b"1 2\n\n", "whitespace at the end: expected '\\n', got '\\n\\n'"),
        (b"1 2\r\n", "whitespace at the end: expected '\\n', got '\\r\\n'"),
    ],
)
def test_space_change_sensitive_wants_the_answers_whitespace(got, message):
    spec = "kattis:space_change_sensitive"
    assert difference(spec, b"1 2\n", got) == f"{message} (space_change_sensitive)"
    assert difference(spec, b"1 2\n", b"1 2\n") is None
    assert difference("kattis", b"1 2\n", got) is None


@pytest.mark.parametrize(
    "spec", ["kattis:space_change_sensitive", "domjudge:space_change_sensitive"]
)
def test_space_change_sensitive_wants_nothing_past_the_answer_s_last_token(spec):
    """A token after the answer's whitespace at the end, the same whitespace, is trailing
    output: wrong, as both validators' ``cin >> team`` after the last token finds it."""
    message = "token 3: expected end of output, got '3'"
    assert difference(spec, b"1 2\n", b"1 2\n3") == message
    assert difference(spec, b"1 2\n", b"1 2\n3\n") == message


# the default validator: numbers


def test_float_tolerance_is_absolute_or_relative():
    spec = "kattis:float_tolerance 1e-6"
    assert difference(spec, b"0.5\n", b"0.5000009") is None  # absolute
    assert difference(spec, b"1000000\n", b"1000000.9") is None  # relative
    assert difference(spec, b"0.0314\n", b"3.14000000e-2") is None  # any way of writing it
    assert difference(spec, b"200\n", b"2.0e2") is None  # an integer is a number too
    assert difference(spec, b"0.5\n", b"0.51") == (
        "token 1: expected 0.5, got 0.51 (absolute error 0.01 > 1e-06, relative error 0.02 > 1e-06)"
    )


def test_an_error_just_over_its_tolerance_is_shown_with_the_digits_that_tell_them_apart():
    """``absolute error 1e-06 > 1e-06`` read as an equal error rejected."""
    spec = "kattis:float_tolerance 1e-6"
    assert difference(spec, b"0.5\n", b"0.5000010000001") == (
        "token 1: expected 0.5, got 0.5000010000001 "
        "(absolute error 1.0000001e-06 > 1e-06, relative error 2e-06 > 1e-06)"
    )


def test_float_absolute_tolerance_alone():
    spec = "kattis:float_absolute_tolerance 1e-3"
    assert difference(spec, b"2.5\n", b"2.5009") is None
    assert difference(spec, b"1000000\n", b"1000000.5") == (
        "token 1: expected 1000000, got 1000000.5 (absolute error 0.5 > 0.001)"
    )


def test_float_relative_tolerance_alone():
    spec = "kattis:float_relative_tolerance 1e-3"
    assert difference(spec, b"1000000\n", b"1000500") is None
    assert difference(spec, b"0\n", b"0.000001") == (
        "token 1: expected 0, got 0.000001 (relative error undefined (answer 0) > 0.001)"
    )


def test_with_a_tolerance_a_word_where_a_number_is_expected_is_wrong():
    spec = "kattis:float_tolerance 1e-6"
    assert difference(spec, b"x 1.5\n", b"X 1.5") is None  # words still compare as words
    assert difference(spec, b"1.5\n", b"nan") == "token 1: expected 1.5, got 'nan', not a number"
    assert difference(spec, b"1.5\n", b"1.5x") == "token 1: expected 1.5, got '1.5x', not a number"


# glibc's sscanf(token, "%lf%10s") on each token (a C program, glibc 2.36): what problemtools'
# default validator takes as a number, and its value; None where it is no number
@pytest.mark.parametrize(
    ("token", "value"),
    [(b"1e", 1.0), (b"1e+", 1.0), (b"1.5e-", 1.5), (b"-1e", -1.0), (b".5e", 0.5), (b"1.e", 1.0),
     (b"0x1p", 1.0), (b"0X1P-", 1.0), (b"0x.", 0.0), (b"0x1.8p1", 3.0), (b"1e5", 1e5),
     (b"0x1.", 1.0), (b"5.", 5.0),
     (b"0x", None), (b".", None), (b"e", None), (b"+e", None), (b"1ee", None), (b"1e+x", None),
     (b"inf", None), (b"nan", None),
     # in hex an e is a digit, a mantissa without a digit takes no exponent, and an overflow
     # is infinite, no number
     (b"0x1e", 30.0), (b"0XFE", 254.0), (b"0x.e", 0.875), (b"0xep", 14.0), (b"0x.ep-", 0.875),
     (b"0x1e+", None), (b"0x.p", None), (b"0x.p1", None), (b"0xp1", None), (b"-0x", None),
     (b"0x1p1024", None), (b"0x1p99999999999999999999", None),
     pytest.param(b"0x" + b"f" * 300, None, id="0x-300-digits"), (b"0x1p1023", 2.0**1023)],
)  # fmt: skip
def test_a_number_is_what_glibc_s_scanf_reads_an_exponent_without_digits_included(token, value):
    """A bare exponent marker stays in the number (``1e`` is 1): the kit called it no number,
    a wrong answer where Kattis accepts."""
    spec = "kattis:float_tolerance 1e-6"
    if value is None:
        assert difference(spec, b"1.0\n", token).endswith(", not a number")
    else:
        assert difference(spec, f"{value!r}\n".encode(), token) is None


@pytest.mark.parametrize("spec", ["kattis", "kattis:case_sensitive", "kattis:float_tolerance 1"])
def test_a_token_ends_at_a_nul_as_the_validator_s_c_strings_do(spec):
    """problemtools' default validator compares tokens with strcmp and sscanf on c_str(): the
    kit called ``abc\\0`` against ``abc`` wrong where Kattis accepts."""
    assert difference(spec, b"abc 5\n", b"abc\0 5\0xyz\n") is None
    assert difference(spec, b"abc\n", b"ab\0c\n") is not None


CUT = "cut at a NUL byte, as Kattis reads it"


@pytest.mark.parametrize(
    ("spec", "expected", "got", "message"),
    [
        ("kattis", b"1 2 3", b"\x001", f"expected '1', got '' ({CUT})"),
        ("kattis:case_sensitive", b"Ab", b"aB\0",
         f"expected 'Ab', got 'aB' (case_sensitive) ({CUT})"),
        ("kattis:float_tolerance 1", b"1", b"\x001", f"expected 1, got '', not a number ({CUT})"),
        ("kattis", b"a\0b", b"c", f"expected 'a', got 'c' (the answer's token {CUT})"),
        ("kattis", b"a\0b", b"c\0d", f"expected 'a', got 'c' (both {CUT})"),
        ("kattis", b"a", b"c", "expected 'a', got 'c'"),
    ],
)  # fmt: skip
def test_a_token_cut_at_a_nul_says_so(spec, expected, got, message):
    """``\\x001`` against ``1`` read ``got ''``, with nothing saying a NUL was there: the
    message says which token the validator's C strings cut."""
    assert difference(spec, expected + b"\n", got + b"\n") == f"token 1: {message}"


# DOMjudge's copy of the validator ("modified: float comparison", its compare.cc)


@pytest.mark.parametrize("spec", ["domjudge", "domjudge:case_sensitive"])
def test_domjudge_compares_whole_tokens_a_nul_included(spec):
    """Its compare.cc compares std::strings, not C strings: ``3\\0junk`` against ``3`` was
    accepted here, a wrong answer there."""
    assert difference(spec, b"3\n", b"3\0junk\n") == "token 1: expected '3', got '3\\x00junk'"
    assert difference(spec, b"a\0b\n", b"a\0b\n") is None


@pytest.mark.parametrize(
    ("want", "got", "same"),
    [(b"inf", b"Infinity", True), (b"-inf", b"-INF", True), (b"nan", b"-nan", True),
     (b"NaN", b"nan(0x1)", False), (b"inf", b"-inf", False), (b"inf", b"1e308", False),
     (b"1.5", b"inf", False), (b"nan", b"1.5", False), (b"1.5", b"1.5000001", True),
     (b"1.5", b"1.6", False), (b"inf", b"infinit", False)],
)  # fmt: skip
def test_domjudge_reads_infinities_and_nan_as_numbers_with_a_tolerance(want, got, same):
    """NaN equals NaN and an infinity the same infinity (its compare_float); problemtools
    takes neither for a number, so ``inf`` against ``Infinity`` was a wrong answer here."""
    told = difference("domjudge:float_tolerance 1e-6", want + b"\n", got)
    assert (told is None) == same, told
    assert difference("kattis:float_tolerance 1e-6", b"inf\n", b"Infinity") is not None


@pytest.mark.parametrize(
    ("spec", "want", "got", "same"),
    [
        # glibc's %Lf stops before "(": nan(1) is no number, but text
        ("float_tolerance 1e-6", b"nan", b"nan(1)", False),
        ("float_tolerance 1e-6", b"nan(1)", b"NaN", False),
        ("float_tolerance 1e-6", b"nan(1)", b"nan(1)", True),
        ("float_tolerance 1e-6", b"inf", b"inf(1)", False),
        # a number read up to a NUL byte (sscanf on c_str()), text compared whole
        ("float_tolerance 1e-6", b"1\0x", b"1", True),
        ("float_tolerance 1e-6", b"1", b"1\0x", True),
        ("float_tolerance 1e-6", b"1\0", b"1.0000001", True),
        ("float_tolerance 1e-6", b"\0", b"1", False),
        # long double: an error at the tolerance, 64-bit integers, past a double's range
        ("float_absolute_tolerance 1e-6", b"1", b"1.000001", False),
        ("float_absolute_tolerance 1e-6", b"0.3", b"0.300001", True),
        ("float_absolute_tolerance 0.1", b"1", b"1.1", False),
        ("float_absolute_tolerance 0.1", b"2", b"2.1", True),
        ("float_absolute_tolerance 0.1", b"0.5", b"0.6", False),  # 0.09999999999999998 as doubles
        ("float_absolute_tolerance 0.1", b"0.2", b"0.3", False),
        ("float_absolute_tolerance 1e-6", b"100000000000000001", b"100000000000000000", False),
        ("float_tolerance 1e-6", b"1e400", b"2e400", False),
        ("float_tolerance 1e-6", b"1e400", b"1.0000005e400", True),
        ("float_tolerance 1e-6", b"1e5000", b"1e6000", True),  # both infinite
        ("float_tolerance 1e-6", b"1.18973149535723176508e+4932", b"inf", True),
        ("float_tolerance 1e-6", b"1.18973149535723176502e+4932", b"inf", False),
        ("float_tolerance 1e-6", b"1e4932", b"-1e4932", False),  # the difference overflows
        ("float_absolute_tolerance 1.5e-5 float_relative_tolerance 1e-9", b"3", b"3.000015",
         False),
        ("float_absolute_tolerance 1.5e-5 float_relative_tolerance 1e-9", b"1e9",
         b"1000000000.000015", True),
        # subnormals, rounded to even; a relative error against 0 (0 / 0 is no error)
        ("float_relative_tolerance 1e-4", b"2e-4951", b"0", False),
        ("float_relative_tolerance 1e-4", b"1.8e-4951", b"0", True),
        ("float_relative_tolerance 1e-4", b"0x1p-16445", b"0x1.8p-16445", False),
        ("float_relative_tolerance 1e-4", b"0", b"0.0", True),
        ("float_relative_tolerance 1e-4", b"0", b"1e-4000", False),
        ("float_relative_tolerance 1e-4", b"1e4", b"1.0001e4", True),
    ],
)  # fmt: skip
def test_domjudge_reads_and_computes_as_its_compare_does(spec, want, got, same):
    """The verdicts of DOMjudge's compare (DOMjudge/domjudge at a023fd3e,
    sql/files/defaultdata/compare/compare.cc: ``sscanf("%Lf%10s")`` on each token's
    ``c_str()``, ``long double`` arithmetic) built with g++ on x86-64 Linux (glibc) and run on
    each pair. The kit read ``nan(1)`` as NaN and ``1\\0x`` as no number, and computed in
    doubles: ``1.000001`` against ``1`` was accepted at an absolute 1e-6, and so were
    ``100000000000000000`` against ``100000000000000001`` and ``2e400`` against ``1e400``
    (both infinite as doubles)."""
    told = difference(f"domjudge:{spec}", want + b"\n", got)
    assert (told is None) == same, told


@pytest.mark.parametrize(
    ("flags", "want", "got", "same"),
    [
        # inf: no finite error exceeds it (an overflowing one neither), classes still differ
        ("float_tolerance inf", b"1", b"2", True),
        ("float_tolerance INFINITY", b"1e4932", b"-1e4932", True),
        ("float_absolute_tolerance +inf", b"0", b"5", True),
        ("float_relative_tolerance inf", b"0", b"5", True),
        ("float_tolerance inf", b"inf", b"1", False),
        ("float_tolerance inf", b"1", b"x", False),
        # a negative tolerance or nan is not set: no tolerance left, numbers compare as text
        ("float_tolerance -1", b"1", b"1.0", False),
        ("float_tolerance -inf", b"1", b"1.0", False),
        ("float_tolerance nan", b"1", b"1.0", False),
        ("float_relative_tolerance -NaN", b"0", b"0.0", False),
        ("float_tolerance -1e-4940", b"inf", b"Infinity", False),  # a negative subnormal
        ("float_tolerance nan", b"1", b"1", True),
        # ... or only the other one left: against 0 a relative error is infinite
        ("float_tolerance 1e-6 float_absolute_tolerance nan", b"0", b"1e-7", False),
        ("float_tolerance 1e-6 float_absolute_tolerance -5", b"0", b"1e-7", False),
        ("float_tolerance 1e-6", b"0", b"1e-7", True),
        ("float_tolerance inf float_relative_tolerance -1", b"1", b"1.5", True),
        # -0 (and -1e-5000, zero as a long double) is a tolerance of zero; 1e5000 is finite
        ("float_tolerance -0", b"1", b"1.0", True),
        ("float_tolerance -0", b"1", b"1.0000001", False),
        ("float_tolerance -1e-5000", b"1", b"1.0", True),
        ("float_tolerance 1e5000", b"1", b"1e4000", True),
    ],
)  # fmt: skip
def test_domjudge_takes_every_tolerance_its_compare_reads(flags, want, got, same):
    """Tolerances DOMjudge's compare reads (``isfloat``: ``sscanf("%Lf%10s") == 1``) and
    then tests with ``>= 0`` (a023fd3e, compare.cc's ``main`` and ``compare_float``), each
    verdict that of compare.cc built with g++ and run on the pair. The kit refused ``inf``,
    ``nan``, a negative value and one past a double's range."""
    told = difference(f"domjudge:{flags}", want + b"\n", got)
    assert (told is None) == same, told
    spaced = parse_compare("domjudge", ROOT, WHERE).with_flags(("float_tolerance", " inf "))
    assert spaced.judge(NO_INPUT, b"1\n", b"9").accepted  # sscanf skips the whitespace


def test_domjudge_shows_an_error_past_a_tolerance_only_a_long_double_tells_apart():
    """DOMjudge rejects ``1.1`` against ``1`` at an absolute 0.1 (the long doubles' error
    exceeds the long double of 0.1): as doubles the two would read ``0.1 > 0.1``."""
    spec = "domjudge:float_absolute_tolerance 0.1"
    assert difference(spec, b"1\n", b"1.1") == (
        "token 1: expected 1, got 1.1 (absolute error 0.10000000000000000002 > 0.1)"
    )
    assert difference(spec, b"1e400\n", b"2e400").endswith("(absolute error 1.00e+400 > 0.1)")


def test_without_a_tolerance_numbers_compare_as_text():
    assert difference("kattis", b"200\n", b"2.0e2") == "token 1: expected '200', got '2.0e2'"
    assert difference("kattis", b"0.5\n", b"0.50") == "token 1: expected '0.5', got '0.50'"


def test_flags_combine_and_a_group_adds_its_own():
    spec = "kattis:float_tolerance 1e-6 case_sensitive"
    assert difference(spec, b"Yes 0.5\n", b"Yes 0.5000001") is None
    assert difference(spec, b"Yes 0.5\n", b"YES 0.5") is not None
    grouped = parse_compare("kattis", ROOT, WHERE).with_flags(("case_sensitive",))
    assert grouped.spec == "kattis:case_sensitive"
    assert grouped.judge(NO_INPUT, b"Yes\n", b"YES").message == (
        "token 1: expected 'Yes', got 'YES' (case_sensitive)"
    )


@pytest.mark.parametrize(
    ("spec", "complaint"),
    [
        ("kattis:ignore_case", "unknown flag 'ignore_case' (the default validator knows"),
        ("kattis:float_tolerance", "float_tolerance needs a number after it"),
        ("kattis:float_relative_tolerance x", "float_relative_tolerance needs a number"),
        ("kattis:float_tolerance inf", "float_tolerance needs a number after it"),
        ("kattis:float_tolerance 0x1p1024", "float_tolerance needs a number after it"),
        ("kattis:case_sensitive 'x", "No closing quotation"),
        # every number written otherwise was wrong, where float:-1 is refused
        ("kattis:float_tolerance -1", "float_tolerance -1: a tolerance is not negative"),
        ("kattis:float_absolute_tolerance -1e-9", "a tolerance is not negative"),
        # what DOMjudge's compare rejects (a judge error): no number, or more after it
        ("domjudge:float_tolerance", "float_tolerance needs a number after it"),
        ("domjudge:float_tolerance infinit", "float_tolerance needs a number after it"),
        ("domjudge:float_tolerance nan(1)", "float_tolerance needs a number after it"),
        ("domjudge:float_relative_tolerance 0x", "float_relative_tolerance needs a number"),
        ("domjudge:float_absolute_tolerance 1e-6x", "float_absolute_tolerance needs a number"),
    ],
)
def test_bad_flags_are_one_line_errors(spec, complaint):
    with pytest.raises(BuildError) as caught:
        parse_compare(spec, ROOT, WHERE)
    message = str(caught.value)
    assert message.startswith(f"{WHERE}: compare = {spec!r}: ") and complaint in message
    assert "\n" not in message


@pytest.mark.parametrize(
    "spec",
    [
        "kattis",
        "kattis:case_sensitive",
        "domjudge",
        "kattis:float_tolerance 1e-3",
        "domjudge:float_tolerance 1e-3",
        "kattis:space_change_sensitive",
        "domjudge:space_change_sensitive float_tolerance 1e-3",
    ],
)
def test_long_tokens_read_in_place_are_judged_as_copies_of_them(monkeypatch, spec):
    """Tokens longer than twice a chunk are read as views of the output, not copies (a 60 MB
    token cost the kit three copies of it): at a chunk of 2 bytes, where most tokens here are
    views, 3,000 random pairs of outputs of letters of either case, digits, NUL bytes and
    spaces are judged, verdict and message, as at the usual chunk, where none is (seeded)."""
    rng = random.Random(spec)
    alphabet = [b"a", b"A", b"1", b"2", b".", b"\0", b" ", b"\n", b"\r", b"\x0b"]
    judge = parse_compare(spec, ROOT, WHERE)
    pairs = []
    for _ in range(3000):
        expected = b"".join(rng.choice(alphabet) * rng.randrange(1, 4) for _ in range(8))
        got = bytearray(expected)
        for _ in range(rng.randrange(3)):
            at = rng.randrange(len(got) + 1)
            got[at:at] = rng.choice(alphabet)
        if rng.randrange(2):
            got = got.swapcase()
        pairs.append((expected, bytes(got)))
    usual = [judge.judge(NO_INPUT, *pair) for pair in pairs]
    monkeypatch.setattr(output_chunks, "CHUNK", 2)
    assert [judge.judge(NO_INPUT, *pair) for pair in pairs] == usual


NINES = b"9" * 4_000_000


@pytest.mark.parametrize(
    ("spec", "expected", "message"),
    [
        ("kattis:float_tolerance 1e-6", b"5\n", "token 1: expected 5, got '999999999"),
        ("domjudge:float_tolerance 1e-6", b"5\n", "token 1: expected 5, got 999999999"),
        ("kattis:float_tolerance 1e-6", NINES[1:] + b"8\n", "token 1: from column 4000000: "),
        ("domjudge:float_tolerance 1e-6", NINES[1:] + b"8\n", ""),  # 4e3999999 in a long double
        ("kattis:float_tolerance 1e-6", b"0." + NINES[3:] + b"8\n", ""),
        ("domjudge:float_relative_tolerance 1e-6", b"0." + NINES[3:] + b"8\n", ""),
        ("kattis:space_change_sensitive", b"5\n", "token 1: expected '5', got '999999999"),
        ("kattis:space_change_sensitive", NINES + b"\r\n", "whitespace at the end: expected"),
        ("domjudge:space_change_sensitive float_tolerance 1e-6", NINES + b"\r\n", "whitespace"),
        ("domjudge:space_change_sensitive float_tolerance 1e-6", b"5 ", "token 1: expected 5, got"),
    ],
    ids=lambda value: value if isinstance(value, str) and len(value) < 60 else "",
)
def test_a_long_number_and_spaced_tokens_are_read_in_place(spec, expected, message):
    """A 4 MB number (``print("9" * 4_000_000)``, and ``0.99...9``) under a tolerance is read
    in place from its first digits (a double's 800, a long double's 12,000, and whether any
    past them is not 0), and ``space_change_sensitive`` reads the whitespace and tokens a
    chunk at a time: the verdicts and messages of copies of them, holding no copy (the
    number was copied whole, DOMjudge's three times; ``space_change_sensitive`` split both
    outputs)."""
    got = (b"0." + NINES[2:] if expected.startswith(b"0.") else NINES) + b"\n"
    judge = parse_compare(spec, ROOT, WHERE)
    peak, judgement = traced_peak(lambda: judge.judge(NO_INPUT, expected, got))
    assert judgement.accepted == (not message)
    assert judgement.message.startswith(message), judgement.message
    assert peak < 1 << 20, peak


HEXADECIMAL = b"0x1." + b"8" * 4_000_000  # 1.5333...: 0x1.8 is 1.5, 0x0.08 1/32


@pytest.mark.parametrize("spec", ["kattis:float_tolerance 1e-6", "domjudge:float_tolerance 1e-6"])
@pytest.mark.parametrize(
    ("got", "message"),
    [
        (b"5\n", "token 1: expected 0x1.888888888"),
        (HEXADECIMAL[:-1] + b"9\n", ""),  # the same to far past 1e-6
        (b"0x1.8" + b"8" * 3_999_999 + b"p1\n", "token 1: expected 0x1.888888888"),  # twice it
        (b"1.5333333\n", ""),
    ],
    ids=["five", "last-digit", "twice", "short"],
)
def test_a_long_hexadecimal_number_is_read_in_place(spec, got, message):
    """A 4 MB hexadecimal number under a tolerance is read in place from its first 17 digits
    (a long double's 64 bits and the one under them) and whether any past them is not 0: the
    verdicts and messages of a copy of it, holding none (it was copied whole, 4 MB)."""
    judge, expected = parse_compare(spec, ROOT, WHERE), HEXADECIMAL + b"\n"
    peak, judgement = traced_peak(lambda: judge.judge(NO_INPUT, expected, got))
    assert judgement.accepted == (not message)
    assert judgement.message.startswith(message), judgement.message
    assert peak < 1 << 20, peak


@pytest.mark.parametrize(
    "spec",
    [
        "kattis:float_tolerance 1e-6",
        "kattis:space_change_sensitive float_relative_tolerance 1e-17",
        "domjudge:float_tolerance 1e-6",
        "domjudge:float_absolute_tolerance 0",
    ],
)
def test_long_numbers_read_in_place_are_those_read_whole(monkeypatch, spec):
    """Numbers of 900 to 13,000 digits (past a double's 800 read and a long double's 12,000),
    a digit from halfway between two doubles or long doubles, with tails of zeros, bare
    exponents and hexadecimal ones: at a chunk of 3 bytes, where each is a view read in
    place, 80 random pairs are judged as at the usual chunk, where each is read whole; one
    that is no number (a letter past its digits) is refused in linear time (seeded)."""
    rng = random.Random(spec)
    heads = [b"9007199254740993", b"18446744073709551617", b"1", b"-0.", b"0x1.8"]
    pairs = []
    for _ in range(80):
        digits = rng.choice([900, 12_100, 13_000])
        tail = rng.choice([b"0" * digits, b"0" * digits + b"1", b"9" * digits])
        exponent = rng.choice([b"", b"e", b"e-5", b"E+9999", b"p-3"])
        expected = rng.choice(heads) + tail + exponent
        got = bytearray(expected)
        got[rng.randrange(len(got))] = rng.choice(b"0159e")
        pairs.append((expected + b" 5\n", bytes(got) + rng.choice([b" 5\n", b"\n5 "])))
        # the same number written short: equal only if each long one is rounded as a whole
        halfway = rng.choice(heads[:2]) + b"." + b"0" * digits + rng.choice([b"1", b"0"])
        pairs.append((halfway + b"\n", _written_short(halfway, spec) + b"\n"))
    judge = parse_compare(spec, ROOT, WHERE)
    started = time.process_time()
    usual = [judge.judge(NO_INPUT, *pair) for pair in pairs]
    assert time.process_time() - started < 10  # CPU time, linear in the token
    monkeypatch.setattr(output_chunks, "CHUNK", 3)
    assert [judge.judge(NO_INPUT, *pair) for pair in pairs] == usual


@pytest.mark.parametrize("spec", ["kattis:float_tolerance 1e-6", "domjudge:float_tolerance 1e-6"])
@pytest.mark.parametrize(
    "token",
    [b"9" * 40_000 + b"x", b"0x" + b"f" * 40_000 + b"x", b"0x" + b"f" * 40_000 + b".fx"],
    ids=["decimal", "hexadecimal", "hexadecimal-point"],
)
def test_a_long_token_that_is_no_number_only_at_its_end_is_refused_in_linear_time(spec, token):
    """40,000 digits and a letter, decimal or hexadecimal: no number, told in time linear in
    its length (its reading retried at every digit took 24 s)."""
    started = time.process_time()
    message = difference(spec, b"5\n", token + b"\n")
    assert time.process_time() - started < 2
    assert message.startswith("token 1: expected 5, got ") and message.endswith(", not a number")


def _written_out(numerator, power):
    """``numerator / 2**power`` written out exactly, ``numerator * 5**power / 10**power``."""
    digits = str(numerator * 5**power).rjust(power + 1, "0")
    return f"{digits[:-power]}.{digits[-power:]}".encode()


PAST_TWO_CHUNKS = b"0" * 140_000  # a token longer is a view, read in place
DOUBLE_HALFWAY = _written_out(2**53 + 1, 53)  # between 1 and 1 + 2**-52: 54 digits
LONG_DOUBLE_LOW = _written_out(1, 2000)  # 2**-2000
LONG_DOUBLE_HALFWAY = _written_out(2**64 + 1, 2064)  # between it and the next: 1,462 digits


@pytest.mark.parametrize(
    ("spec", "expected", "got", "same"),
    [
        ("kattis", b"1.0000000000000002", DOUBLE_HALFWAY + PAST_TWO_CHUNKS + b"1", True),
        ("kattis", b"1", DOUBLE_HALFWAY + PAST_TWO_CHUNKS + b"1", False),
        ("kattis", b"1", DOUBLE_HALFWAY + PAST_TWO_CHUNKS, True),  # a tie, to even
        ("domjudge", LONG_DOUBLE_LOW, LONG_DOUBLE_HALFWAY + PAST_TWO_CHUNKS, True),
        ("domjudge", LONG_DOUBLE_LOW, LONG_DOUBLE_HALFWAY + PAST_TWO_CHUNKS + b"1", False),
    ],
    ids=["double-above-tie", "double-above-tie-wrong", "double-tie", "long-tie", "long-above"],
)
def test_a_long_number_is_read_from_every_digit_its_rounding_needs(spec, expected, got, same):
    """A number of 140,000 bytes (read in place) a digit from halfway between two doubles
    (54 significant digits) or two long doubles (1,462) is rounded as the whole of it is, as
    problemtools' default_validator.cc (a185fe97) and DOMjudge's compare.cc (a023fd3e),
    compiled, judge these pairs: its first 17 digits, or 800, and a 1 for the rest would
    round it the other way."""
    spec = f"{spec}:float_absolute_tolerance 0"
    assert (difference(spec, expected + b"\n", got + b"\n") is None) == same


def _written_short(number, spec):
    """``number``'s value read whole (a double, or DOMjudge's long double), written exactly."""
    if spec.startswith("kattis"):
        return repr(float(number)).encode()
    value = kattis_compare._c_long_double(number)
    return str(Decimal(value.numerator) / Decimal(value.denominator)).encode()

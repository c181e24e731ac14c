"""kit.judges.compare: the lines, tokens and float modes both ways, bad settings, and long
outputs compared without holding them. A checker's statuses and failures are
tests/kit/judges/test_checker_compare.py's, the Kattis default validator's rules
tests/kit/judges/test_kattis_compare.py's."""

import random
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.judges import compare
from kit.judges.comparator import Judgement
from kit.judges.compare import parse_compare
from tests.memory_support import traced_peak

ROOT = Path(__file__).resolve().parents[3]
WHERE = "problems.toml: [toy]"
NO_INPUT = Path("/nonexistent/input")


def comparator(spec, root=ROOT, **options):
    return parse_compare(spec, root, WHERE, **options)


# lines


def test_lines_is_the_default_mode_and_accepts_an_exact_copy():
    lines = comparator("lines")
    assert lines.spec == "lines"
    assert lines.compare(NO_INPUT, b"1 2\n3\n", b"1 2\n3\n") is None


@pytest.mark.parametrize(
    "got",
    [
        b"1 2\r\n3\r\n",  # CRLF
        b"1 2   \n3\t\n",  # trailing spaces and tabs
        b"1 2\n3",  # no final newline
        b"1 2\n3\n\n\n  \n",  # blank lines at the end
    ],
)
def test_lines_ignores_trailing_whitespace_and_blank_lines_at_the_end(got):
    assert comparator("lines").compare(NO_INPUT, b"1 2\n3\n", got) is None


@pytest.mark.parametrize(
    ("got", "message"),
    [
        (b"1 2\n6\n", "line 2: expected '3', got '6'"),
        (b"1 2\n", "line 2: expected '3', got end of output"),
        (b"1 2\n3\n4\n", "line 3: expected end of output, got '4'"),
    ],
)
def test_lines_reports_the_first_differing_line(got, message):
    judgement = comparator("lines").judge(NO_INPUT, b"1 2\n3\n", got)
    assert judgement.message == message and not judgement.presentation


@pytest.mark.parametrize(
    ("got", "message"),
    [
        (b" 1 2\n3\n", "line 1: expected '1 2', got ' 1 2'"),  # leading space counts
        (b"1  2\n3\n", "line 1: expected '1 2', got '1  2'"),
        (b"1 2\n\n3\n", "line 2: expected '3', got ''"),  # a blank line inside counts
        (b"1\n2\n3\n", "line 1: expected '1 2', got '1'"),  # a line broken in two
        (b"1 2 3\n", "line 1: expected '1 2', got '1 2 3'"),  # two lines joined
    ],
)
def test_lines_with_the_right_tokens_laid_out_otherwise_is_a_presentation_error(got, message):
    """The lines mode is exact, but a judge that compares lines tells a layout difference
    (the same tokens) from a wrong answer: presentation error. The tokens mode never does."""
    judgement = comparator("lines").judge(NO_INPUT, b"1 2\n3\n", got)
    assert not judgement.accepted and judgement.presentation
    assert judgement.message == f"{message} (the same tokens)"
    assert comparator("tokens").judge(NO_INPUT, b"1 2\n3\n", got).accepted


# tokens


def test_tokens_accepts_any_whitespace_between_equal_tokens():
    tokens = comparator("tokens")
    assert tokens.compare(NO_INPUT, b"1 2\n3\n", b"  1\n\n2 \t 3") is None


@pytest.mark.parametrize("spec", ["tokens", "float:1e-6"])
@pytest.mark.parametrize("blank", [b"\x0c", b"\x0b", b"\xc2\xa0"])
def test_tokens_are_separated_by_testlib_s_four_blanks_only(spec, blank):
    """testlib's wcmp reads words between LF, CR, space and tab (``isBlanks``): a form feed
    or vertical tab, blanks to Python's ``bytes.split``, is part of the token."""
    compare = comparator(spec)
    assert compare.compare(NO_INPUT, b"3\n", b"3" + blank + b"\n") is not None
    assert compare.compare(NO_INPUT, b"3 4\n", b"3\r\n\t4") is None


@pytest.mark.parametrize("spec", ["tokens", "float:1e-6"])
def test_a_byte_order_mark_opening_the_output_is_skipped_as_testlib_skips_it(spec):
    """testlib's ``registerTestlibCmd`` calls ``ouf.skipBom()`` (its own test data,
    output.01.bom, passes wcmp): the kit's tokens said "expected 'abc', got '\\ufeffabc'"."""
    compare = comparator(spec)
    assert compare.compare(NO_INPUT, b"abc 1.5\n", b"\xef\xbb\xbfabc 1.5\n") is None
    assert compare.compare(NO_INPUT, b"abc\n", b"\xef\xbb\xbf\xef\xbb\xbfabc\n") is not None
    assert comparator("lines").compare(NO_INPUT, b"abc\n", b"\xef\xbb\xbfabc\n") is not None


def test_tokens_reports_the_first_differing_token():
    tokens = comparator("tokens")
    assert tokens.compare(NO_INPUT, b"1 2\n3\n", b"1 2 4") == "token 3: expected '3', got '4'"
    assert tokens.compare(NO_INPUT, b"1 2 3", b"1 2") == "token 3: expected '3', got end of output"
    assert tokens.compare(NO_INPUT, b"1 2", b"1 2 3") == "token 3: expected end of output, got '3'"


# float


@pytest.mark.parametrize(
    ("tolerance", "expected", "got"),
    [
        ("1e-6", b"0.5 2\n", b"0.500001 2.0000001\n"),  # absolute error
        ("1e-6", b"1000000", b"1000000.9"),  # relative error
        ("1e-6", b"1e9", b"1000000999"),
        ("1e-6", b"-0", b"0.0000005"),
        ("1e-6", b"3", b"+3.0000000e0"),
        ("0.1", b"YES 1.0", b"YES 1.05"),  # words equal, numbers close
        ("1e-6", b"nan inf -inf", b"NaN Infinity -INF"),
        # exactly at the tolerance, as testlib's rcmp9 accepts it (its 1e-15 margin)
        ("1e-9", b"0.5", b"0.499999999"),
        ("1e-9", b"0.3", b"0.300000001"),
    ],
)
def test_float_accepts(tolerance, expected, got):
    assert comparator(f"float:{tolerance}").compare(NO_INPUT, expected, got) is None


@pytest.mark.parametrize(
    ("tolerance", "expected", "got", "message"),
    [
        ("1e-6", b"yes 0.5", b"yes 0.51", "token 2: expected 0.5, got 0.51 (error 0.01 > 1e-06)"),
        (
            "1e-6",
            b"1000000",
            b"1000002",
            "token 1: expected 1000000, got 1000002 (error 2e-06 > 1e-06)",
        ),
        # words are compared exactly, and only decimal numbers are numbers
        ("0.1", b"YES 1.0", b"yes 1.0", "token 1: expected 'YES', got 'yes'"),
        ("0.1", b"1.0", b"one", "token 1: expected '1.0', got 'one'"),
        ("0.1", b"0x10", b"16", "token 1: expected '0x10', got '16'"),
        ("0.1", b"1_0", b"10", "token 1: expected '1_0', got '10'"),
        # as many tokens
        ("1e-3", b"1 2", b"1", "token 2: expected '2', got end of output"),
        ("1e-3", b"1", b"1 2", "token 2: expected end of output, got '2'"),
        # nan equals only nan, an infinity only itself
        ("1e-6", b"nan", b"0", "token 1: expected nan, got 0"),
        ("1e-6", b"1", b"nan", "token 1: expected 1, got nan"),
        ("1e-6", b"inf", b"-inf", "token 1: expected inf, got -inf"),
        ("1e-6", b"1e300", b"inf", "token 1: expected 1e300, got inf"),
        (
            "1e-9",
            b"0.5",
            b"0.4999999989",
            "token 1: expected 0.5, got 0.4999999989 (error 1.1e-09 > 1e-09)",
        ),
        # an error just over the tolerance is shown with the digits that tell them apart
        (
            "1e-6",
            b"1",
            b"1.0000010000001",
            "token 1: expected 1, got 1.0000010000001 (error 1.0000001e-06 > 1e-06)",
        ),
        (
            "1.23456789e-6",
            b"1",
            b"1.0000012345689",
            "token 1: expected 1, got 1.0000012345689 (error 1.235e-06 > 1.23456789e-06)",
        ),
    ],
)
def test_float_rejects(tolerance, expected, got, message):
    assert comparator(f"float:{tolerance}").compare(NO_INPUT, expected, got) == message


@pytest.mark.parametrize(
    ("tolerance", "expected", "got", "accepted"),
    [
        ("1e-6", b"100000000.0", b"99999899.99999985", False),  # 1e-6 * (1 + 1e-9) off
        ("1e-6", b"0.5", b"0.4999990000000", True),
        ("1e-9", b"0.3", b"0.300000001", True),
        ("1e-6", b"1e308", b"1e301", True),  # both past 1e300: "infinite"
        ("1e-6", b"1e308", b"inf", True),
        ("1e-6", b"1e300", b"1e301", False),
        ("1e-6", b"-1e301", b"1e302", False),
    ],
)
def test_float_is_testlib_s_double_compare_with_its_tolerance(tolerance, expected, got, accepted):
    """The verdicts of testlib's rcmp6 and rcmp9 (MikeMirzayanov/testlib at 1e4e8a2,
    checkers/rcmp6.cpp, rcmp9.cpp: testlib.h's doubleCompare) built with g++ and run on these
    pairs (``inf`` read by the kit's float rule only). The kit allowed 1e-6 * (1 + 1e-9) + 1e-15
    of its own error formula: the first pair was accepted."""
    judged = comparator(f"float:{tolerance}").compare(NO_INPUT, expected, got)
    assert (judged is None) == accepted, judged


# bad settings


@pytest.mark.parametrize(
    ("spec", "complaint"),
    [
        (
            "sorted",
            "unknown comparison (expected lines, tokens, float:TOL, kattis[:FLAGS], "
            "domjudge[:FLAGS], validator:PATH [FLAGS], std:NAME or checker:PATH)",
        ),
        ("", "unknown comparison"),
        ("tokens:3", "unknown comparison"),
        ("float", "the tolerance must be a positive number, e.g. float:1e-6"),
        ("float:", "the tolerance must be a positive number"),
        ("float:abc", "the tolerance must be a positive number"),
        ("float:0", "the tolerance must be a positive number"),
        ("float:-1e-6", "the tolerance must be a positive number"),
        ("float:nan", "the tolerance must be a positive number"),
        ("float:inf", "the tolerance must be a positive number"),
        ("checker:", "no checker path given"),
        ("checker:tests/fixtures/compare/missing.py", "checker tests/fixtures/compare/missing.py"),
        ("checker:tests/fixtures/compare", "is a folder: name the program's file"),
        ("checker:README.md", "checker README.md is not executable (nor a .py, .sh, C or C++"),
        ("lines\nrm -rf", "unknown comparison"),
        ("std:pointscmp", "not one of testlib's standard checkers built in (acmp, caseicmp,"),
        ("std:", "not one of testlib's standard checkers built in"),
    ],
)
def test_bad_settings_are_one_line_build_errors(spec, complaint):
    with pytest.raises(BuildError) as caught:
        comparator(spec)
    message = str(caught.value)
    assert message.startswith(f"{WHERE}: compare = {spec!r}: ")
    assert complaint in message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("spec", "read"), [("tokens ", "tokens"), (" lines", "lines"), ("float:1e-6 ", "float:1e-6")]
)
def test_spaces_around_a_setting_are_not_part_of_it(spec, read):
    """``"float:1e-6 "`` was read and ``"tokens "`` refused: both are read without them."""
    assert comparator(spec).spec == read


@pytest.mark.parametrize(
    ("spec", "meant"),
    [
        ("std:wcmpp", "(did you mean 'std:wcmp'? built in: acmp,"),
        ("tokns", "unknown comparison (did you mean 'tokens'? expected lines, tokens,"),
        ("flaot:1e-6", "unknown comparison (did you mean 'float:1e-6'? expected lines,"),
        ("Kattis", "unknown comparison (did you mean 'kattis'? expected lines,"),
        ("line", "unknown comparison (did you mean 'lines'? expected lines, tokens, float:TOL,"),
    ],
)
def test_a_setting_close_to_a_known_one_is_named(spec, meant):
    with pytest.raises(BuildError) as caught:
        comparator(spec)
    assert meant in str(caught.value)


@pytest.mark.parametrize(
    ("spec", "meant"),
    [
        ("chekcer:{name}.py", "(did you mean 'checker:{name}.py'? expected"),
        ("flaot:{}", "(did you mean 'float:{}'? expected"),
        ("valdator:x{0}", "(did you mean 'validator:x{0}'? expected"),
    ],
)
def test_a_misspelt_setting_with_braces_is_named_as_written(spec, meant):
    """A setting's braces are its own text: ``chekcer:{name}.py`` was filled in as a format
    string (KeyError: 'name', a traceback)."""
    with pytest.raises(BuildError) as caught:
        comparator(spec)
    assert meant in str(caught.value)


def test_a_setting_that_is_not_a_string_is_a_build_error():
    with pytest.raises(BuildError, match=r"^problems.toml: \[toy\]: compare must be a string"):
        comparator(3)


# long outputs


@pytest.mark.parametrize("spec", ["lines", "tokens", "float:1e-6", "kattis", "domjudge"])
def test_a_long_output_is_compared_without_holding_its_lines(spec):
    """Three hundred thousand short lines against an answer with one more space per line:
    compared a chunk at a time, the kit held a few MB, not lists of every line (three million
    lines took 260 MiB)."""
    got = b"123456\n" * 300_000
    expected = b"123456 \n" * 300_000
    comparator = parse_compare(spec, Path("."), "problems.toml: [toy]")
    peak, (same, longer) = traced_peak(
        lambda: (
            comparator.judge(Path("/dev/null"), expected, got),
            comparator.judge(Path("/dev/null"), expected, got + b"7\n"),
        )
    )
    assert same.accepted and not longer.accepted
    assert peak < 4 << 20, peak


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("lines", "line 200000: expected '200000', got '199999'"),
        ("tokens", "token 200000: expected '200000', got '199999'"),
        ("std:wcmp", "token 200000: expected '200000', got '199999'"),
        ("float:1e-9", "token 200000: expected 200000, got 199999 (error 5e-06 > 1e-09)"),
        ("kattis", "token 200000: expected '200000', got '199999'"),
        ("domjudge", "token 200000: expected '200000', got '199999'"),
    ],
)
def test_a_long_output_the_same_to_its_last_token_is_judged_as_before(spec, message):
    """An output the answer byte for byte is accepted, and one differing in its last token
    only is told by that token's number and text, as when every piece was read to it (the
    same bytes before it are now passed over a block at a time); so too when the output's
    lines end otherwise (CR LF), where the pieces are read one by one."""
    got = b"".join(b"%d\n" % number for number in range(200_000))
    expected = got[: -len(b"199999\n")] + b"200000\n"
    judge = comparator(spec).judge
    assert judge(NO_INPUT, got, got) == Judgement(True, "")
    assert judge(NO_INPUT, expected, got) == Judgement(False, message)
    assert judge(NO_INPUT, expected, got.replace(b"\n", b"\r\n")) == Judgement(False, message)
    if spec != "lines":  # a blank more before the first token: the same tokens
        assert judge(NO_INPUT, expected, b"\t" + got) == Judgement(False, message)


@pytest.mark.parametrize(
    ("spec", "expected", "message"),
    [
        ("lines", b"5\n", "line 1: expected '5', got '9999999999999999999999999999999999999999999"),
        ("tokens", b"5\n", "token 1: expected '5', got '99999999999999999999999999999999999999999"),
        (
            "std:wcmp",
            b"5\n",
            "token 1: expected '5', got '9999999999999999999999999999999999999999",
        ),
        (
            "float:1e-6",
            b"5\n",
            "token 1: expected 5, got 999999999999999999999999999999999999999999",
        ),
        ("lines", b"9" * 4_000_000 + b" \r\n", ""),
        ("tokens", b"9" * 4_000_000, ""),
        ("float:1e-6", b"9" * 3_999_999 + b"8", ""),
        (
            "tokens",
            b"9" * 3_999_999 + b"8",
            "token 1: from column 4000000: expected '...99999999998'",
        ),
        (
            "lines",
            b"9" * 3_999_999 + b"8",
            "line 1: from column 4000000: expected '...99999999998'",
        ),
    ],
)
def test_an_output_of_one_long_token_is_compared_without_a_copy_of_it(spec, expected, message):
    """A 4 MB output of one token (``print("9" * 4_000_000)``) is read in place, a block at
    a time, against a short answer, an equal one and one differing at its end: the verdict and
    message as before (a copy of the token, and one decoded, cost twice its size; a difference
    at its end took 27 s at 60 MB)."""
    got = b"9" * 4_000_000 + b"\n"
    judge = comparator(spec)
    peak, judgement = traced_peak(lambda: judge.judge(NO_INPUT, expected, got))
    assert judgement.accepted == (not message)
    assert judgement.message.startswith(message), judgement.message
    assert peak < 1 << 20, peak


def test_a_long_number_is_read_as_float_reads_it_whole():
    """A decimal longer than a block is read from its first 800 significant digits and
    whether any past them is not 0: the double ``float`` gives, on numbers a digit from
    halfway between two doubles, long exponents, zeros and signs (seeded)."""
    rng = random.Random(7)
    halfway = "9007199254740993"  # 2**53 + 1: halfway between two doubles
    for _ in range(300):
        head = rng.choice([halfway, "1", "0.000", "123.456", "0", "-0.5", "+7"])
        tail = rng.choice(["0" * rng.randrange(2000), "0" * rng.randrange(2000) + "1", ""])
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randrange(1200)))
        body = head + ("." if "." not in head else "") + rng.choice([tail, digits, tail + digits])
        exponent = rng.choice(["", "e5", "E-300", "e+0000000000000000000000000000308", "e-99999"])
        text = body + exponent
        assert compare._long_number(memoryview(text.encode())) == float(text), text


@pytest.mark.parametrize(
    ("expected", "got", "message"),
    [
        (b"-inf\n", b"-INFINITY\n", ""),
        (b"nan\n", b"NaN\n", ""),
        (b"0\n", b"infinity\n", "token 1: expected 0, got infinity"),
        (b"0\n", b"nan\n", "token 1: expected 0, got nan"),
        (b"5\n", b"-0000000\n", "token 1: expected 5, got -0000000 (error 1 > 1e-06)"),
    ],
)
def test_a_token_read_as_a_view_is_the_number_float_reads(monkeypatch, expected, got, message):
    """A view (a token longer than twice the chunk, one byte here) is the number ``float``
    reads, an infinity or a NaN too (once read as 0, neither holding a digit 1-9)."""
    from kit.judges import difference_messages, output_chunks

    monkeypatch.setattr(output_chunks, "CHUNK", 1)
    monkeypatch.setattr(difference_messages, "CHUNK", 1)
    judgement = comparator("float:1e-6").judge(NO_INPUT, expected, got)
    assert judgement == Judgement(not message, message)


@pytest.mark.parametrize(
    "text",
    [
        "1" + "0" * 1000 + "e-1300",  # an exponent of 4 digits, past the token's length
        "0." + "0" * 999 + "5e1250",
        "7" * 900 + "e-00000000000001200",  # 4 digits after zeros
        "1e" + "9" * 21,  # 21 digits: read as they are
        "0." + "0" * 900 + "1e" + "9" * 30,  # past 21: infinite whatever the mantissa
        "-" + "9" * 900 + "e-" + "1" * 25,
    ],
)
def test_a_long_number_s_exponent_is_read_to_its_21st_digit(text):
    """A long decimal's exponent is read whole to 21 digits (an exponent of a few digits
    against a mantissa of as many places), then as one of 22: the double ``float`` gives."""
    assert compare._long_number(memoryview(text.encode())) == float(text), text

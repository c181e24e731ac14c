"""kit.judges.difference_messages: a long line cut in the message, a difference far into a
long line or token shown where it is, and a byte that is not UTF-8 shown as ``\\xff`` in the
token's text, as the comparisons say them."""

import os
import random
from pathlib import Path

import pytest

from kit.judges import difference_messages
from kit.judges.compare import parse_compare
from kit.judges.difference_messages import SHOWN_CHARS, exactly
from kit.visible import cut_as_shown, text_of, visible

ROOT = Path(__file__).resolve().parents[3]
WHERE = "problems.toml: [toy]"
NO_INPUT = Path("/nonexistent/input")


def comparator(spec):
    return parse_compare(spec, ROOT, WHERE)


def test_lines_shortens_a_long_line_in_the_message():
    message = comparator("lines").compare(NO_INPUT, b"x\n", b"y" * 500)
    assert message.startswith("line 1: expected 'x', got 'yyy") and message.endswith("...'")
    assert len(message) < 100


@pytest.mark.parametrize(
    ("spec", "expected", "got", "message"),
    [
        ("lines", " ".join(map(str, range(1, 41))), " ".join(map(str, range(1, 40))) + " 99",
         "line 1: from column 109: expected '... 37 38 39 40', got '... 37 38 39 99'"),
        ("tokens", "a" * 100 + "x", "a" * 100 + "y",
         "token 1: from column 101: expected '...aaaaaaaaaax', got '...aaaaaaaaaay'"),
        ("tokens", "é" * 100, "é" * 100 + "y",
         "token 1: from column 101: expected '...éééééééééé', got '...ééééééééééy'"),
        ("kattis", "A" * 100 + "x", "a" * 100 + "y",
         "token 1: from column 101: expected '...AAAAAAAAAAx', got '...aaaaaaaaaay'"),
        ("tokens", "é" * 100 + "a", "é" * 100 + "\udcff",
         "token 1: from byte 201: expected '...éééééa', got '...ééééé\\xff'"),
        ("tokens", "é" * 100 + "a", "é" * 99 + "\udcc3\udcff",  # from a character's first byte
         "token 1: from byte 200: expected '...ééééééa', got '...ééééé\\xc3\\xff'"),
    ],
)  # fmt: skip
def test_a_difference_far_into_a_long_line_or_token_is_shown_where_it_is(
    spec, expected, got, message
):
    """Both sides cut at the same 60 characters looked alike (oj shows the whole output):
    the message starts a little before the first difference and says its column."""
    encode = lambda text: text.encode("utf-8", "surrogateescape")  # noqa: E731
    said = comparator(spec).compare(NO_INPUT, encode(f"{expected}\n"), encode(f"{got}\n"))
    assert said == message


@pytest.mark.parametrize("compare", ["lines", "tokens"])
def test_tokens_that_are_not_utf_8_are_shown_with_their_bytes(compare):
    """Two different undecodable tokens never read alike ('caf\ufffd' twice)."""
    judgement = comparator(compare).judge(NO_INPUT, b"caf\xe9\n", b"caf\xe8\n")
    assert "expected 'caf\\xe9', got 'caf\\xe8'" in judgement.message


@pytest.mark.parametrize(
    ("expected", "got", "message"),
    [
        (b"\x00\x01", b"\xff\xfe", "token 1: expected '\\x00\\x01', got '\\xff\\xfe'"),
        (b"abc", b"ab\xff", "token 1: expected 'abc', got 'ab\\xff'"),
        (b"a\\xff", b"a\xff", "token 1: expected 'a\\\\xff', got 'a\\xff'"),
        ("\x85".encode(), b"\x85", "token 1: expected '\\u0085', got '\\x85'"),
        ("ÿ".encode(), b"\xff", "token 1: expected 'ÿ', got '\\xff'"),
        (b"it's", b"it's\xff", 'token 1: expected "it\'s", got "it\'s\\xff"'),
    ],
)
def test_a_token_that_is_not_utf_8_is_shown_as_text_as_the_other_is(expected, got, message):
    """One token shown as text ('\\x00\\x01') beside the other as bytes (b'\\xff\\xfe') read
    unevenly: both are text, a byte that is not UTF-8 escaped; it looks like none of the
    characters (a NEL, U+0085, is shown as \\u0085 then, ÿ as itself, a backslash doubled)."""
    said = comparator("tokens").compare(NO_INPUT, expected + b"\n", got + b"\n")
    assert said == message


@pytest.mark.parametrize(
    ("got", "shown"),
    [
        (b"\xff\xfe\xfd" * 1000, "'" + "\\xff\\xfe\\xfd" * 4 + "\\xff\\xfe...'"),
        (b"\x00" * 100000, "'" + "\\x00" * 14 + "...'"),
        (b"a" * 55 + b"\x00\x00", "'" + "a" * 55 + "...'"),  # an escape never split
        (b"a" * 52 + b"\x00\x00", "'" + "a" * 52 + "\\x00\\x00'"),  # 60 shown: whole
    ],
    ids=["bad bytes", "NULs", "escape not split", "whole"],
)
def test_a_token_of_escapes_is_cut_as_it_is_shown(got, shown):
    """Cut at 60 bytes before each became a four-character escape, a token of bad bytes or
    NULs gave a message of 260 characters: the cut is of the shown text."""
    said = comparator("tokens").compare(NO_INPUT, b"1 2 3\n", got + b"\n")
    assert said == f"token 1: expected '1', got {shown}"
    assert len(said) <= 100


def _whole_quoted(token, before=""):
    """``quoted`` as the whole token decoded gave it (the reference)."""
    text = text_of(token)[: SHOWN_CHARS + 1]
    quote = '"' if "'" in text and '"' not in text else "'"
    shown = visible(text).replace("\n", "\\n").replace(quote, "\\" + quote)
    return f"{quote}{before}{cut_as_shown(shown, SHOWN_CHARS)}{quote}"


def _whole_message(a, b, fold):
    """``exactly``'s message as both lines decoded whole gave it (the reference)."""
    try:
        x, y, text = a.decode("utf-8"), b.decode("utf-8"), True
    except UnicodeDecodeError:
        x, y, text = a.decode("latin-1"), b.decode("latin-1"), False
    lower = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
    same = len(os.path.commonprefix([x.translate(lower), y.translate(lower)] if fold else [x, y]))
    if same < SHOWN_CHARS - 10:
        return f"expected {_whole_quoted(a)}, got {_whole_quoted(b)}"
    start = same - 10
    while not text and start and 0x80 <= ord(x[start]) < 0xC0:
        start -= 1
    encoding = "utf-8" if text else "latin-1"
    a, b = x[start:].encode(encoding), y[start:].encode(encoding)
    unit = "column" if text else "byte"
    shown = f"expected {_whole_quoted(a, '...')}, got {_whole_quoted(b, '...')}"
    return f"from {unit} {same + 1}: {shown}"


@pytest.mark.parametrize("chunk", [1, 5, 1 << 16])
def test_a_long_difference_read_a_block_at_a_time_says_what_whole_lines_said(monkeypatch, chunk):
    """Two long lines or tokens, views of them too (``output_chunks``' long pieces), are
    read a block at a time for the message: on 2,000 random pairs of UTF-8, bytes that are
    not, and letters of either case (folded or not), at block sizes that cut everywhere, it
    is the message of both decoded whole (seeded)."""
    monkeypatch.setattr(difference_messages, "CHUNK", chunk)
    rng = random.Random(chunk)
    text = [b"a", b"A", b"b", *(character.encode() for character in "éè€₤𝄞")]
    for _ in range(2000):
        alphabet = text + [b"\xff", b"\xc3"] * rng.randrange(2)  # UTF-8 or not, often either
        units = [rng.choice(alphabet) for _ in range(rng.randrange(40, 90))]
        cut = rng.randrange(len(units) + 1)
        added = [rng.choice(alphabet) for _ in range(rng.randrange(4))]
        a, b = b"".join(units), b"".join(units[:cut] + added)
        if rng.randrange(4) == 0:  # cut inside a character too
            b = a[: rng.randrange(len(a) + 1)] + b"".join(added)
        for fold in (False, True):
            if a == b or fold and a.lower() == b.lower():
                continue
            expected = _whole_message(a, b, fold)
            assert exactly(a, b, fold) == expected, (a, b, fold)
            assert exactly(memoryview(a), memoryview(b), fold) == expected, (a, b, fold)

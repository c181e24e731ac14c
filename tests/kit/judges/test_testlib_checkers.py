"""kit.judges.testlib_checkers: testlib's standard checkers built in, each giving the verdict
the checker built from testlib's source gives (OK, WA, PE or the checker's failure): numbers
within and beyond each tolerance, testlib's forms of numbers and integers, YES/NO in any case,
lines as testlib reads them (CR, blank lines, no final LF), Case N: forms, an output ending
early or running on, an answer the checker cannot read."""

import random
import time
from pathlib import Path

import pytest

from kit.judges import output_chunks
from kit.judges.compare import parse_compare
from kit.judges.testlib_checkers import BUILT_IN, NOT_BUILT, standard_spec
from tests.memory_support import traced_peak

NO_INPUT = Path("/nonexistent/input")


def verdict(name, answer, output):
    judged = parse_compare(f"std:{name}", Path("."), "w").judge(NO_INPUT, answer, output)
    if judged.accepted:
        return "OK"
    return "FAIL" if judged.checker_failed else "PE" if judged.presentation else "WA"


@pytest.mark.parametrize(
    ("name", "answer", "output", "expected"),
    [
        # rcmp6: every number, absolute or relative error 1e-6 (doubleCompare, plus 1e-15)
        ("rcmp6", b"0.5 1000000\n", b"0.5000009\n1000000.9", "OK"),
        ("rcmp6", b"0.5\n", b"0.500001", "OK"),  # 1e-6 exactly, as the double holds it
        ("rcmp6", b"0.5\n", b"0.5000011", "WA"),
        ("rcmp6", b"1000000\n", b"1000001.01", "WA"),  # relative 1.01e-6
        ("rcmp6", b"2.5\n", b"2.5e0", "OK"),
        ("rcmp6", b"5\n", b"5.", "OK"),  # sscanf's %lf reads "5." whole
        ("rcmp6", b"1 2\n", b"1", "PE"),  # the output ends early (unexpected EOF: a PE)
        ("rcmp6", b"1\n", b"1 2", "PE"),  # words left over (Extra information)
        ("rcmp6", b"1\n", b"one", "PE"),
        ("rcmp6", b"1\n", b"1e", "OK"),  # glibc's %lf reads "1e" as 1
        ("rcmp6", b"1\n", b"inf", "PE"),
        ("rcmp6", b"1e400\n", b"1e301", "OK"),  # both "infinite" (past 1e300)
        ("rcmp6", b"one\n", b"1", "FAIL"),
        ("rcmp6", b"", b"", "OK"),
        ("rcmp4", b"100\n", b"100.0099", "OK"),
        ("rcmp4", b"100\n", b"100.011", "WA"),
        ("rcmp9", b"0.1\n", b"0.1000000011", "WA"),
        # dcmp: the first answer number only, the rest of the answer unread
        ("dcmp", b"1000000 x\n", b"1000000.9", "OK"),
        ("dcmp", b"1\n", b"1 1", "PE"),
        # acmp, rcmp, rncmp: absolute error only
        ("acmp", b"1000000\n", b"1000000.9", "WA"),
        ("rcmp", b"0\n", b"0.0000015", "OK"),
        ("rncmp", b"1 2\n", b"1.000015 1.99999", "OK"),
        ("rncmp", b"1 2\n", b"1 2.00002", "WA"),
        # ncmp, uncmp, icmp, hcmp: integers as testlib reads them
        ("ncmp", b"1 -2 3\n", b"1\n-2\n3\n", "OK"),
        ("ncmp", b"1 2\n", b"1 3", "WA"),
        ("ncmp", b"1 2\n", b"1", "WA"),  # a shorter sequence: a WA of its own
        ("ncmp", b"1\n", b"01", "PE"),  # no leading zero
        ("ncmp", b"0\n", b"-0", "PE"),
        ("ncmp", b"1\n", b"9223372036854775808", "PE"),  # past 64 bits
        ("uncmp", b"3 1 2\n", b"1 2 3", "OK"),
        ("uncmp", b"3 1 2\n", b"1 2 2", "WA"),
        ("icmp", b"5\n", b"2147483648", "PE"),
        ("hcmp", b"123456789012345678901234567890\n", b"123456789012345678901234567890", "OK"),
        ("hcmp", b"1 2\n", b"1", "FAIL"),  # more than one word in the answer
        # yesno and nyesno: YES or NO in any case
        ("yesno", b"YES\n", b"yEs", "OK"),
        ("yesno", b"YES\n", b"no", "WA"),
        ("yesno", b"YES\n", b"yeah", "PE"),
        ("yesno", b"maybe\n", b"YES", "FAIL"),
        ("nyesno", b"YES NO yes\n", b"yes no YES", "OK"),
        ("nyesno", b"YES NO\n", b"YES", "WA"),
        # lcmp: each answer line's words against the output's next line's
        ("lcmp", b"1 2\n3\n", b"1  2\t\r\n3", "OK"),
        ("lcmp", b"1 2\n3\n", b"1\n2 3\n", "WA"),  # a word on another line
        ("lcmp", b"1\x0c2\n", b"1 2\n", "OK"),  # a form feed is a space to C's >>
        ("lcmp", b"1\n", b"1\n\n \n", "OK"),  # blank lines after the answer's
        ("lcmp", b"1\n", b"1\n2\n", "PE"),  # words after (Extra information)
        ("lcmp", b"1\n2\n", b"1\n", "WA"),  # past its end the output has empty lines
        ("lcmp", b"1\n\n2\n", b"1\n2\n", "WA"),  # a blank line within is compared
        ("lcmp", b"1\n\n\n", b"1", "OK"),
        ("lcmp", b"1\n\n", b"1\nx", "PE"),  # the answer's last line, empty, left out
        ("lcmp", b"", b"", "OK"),
        ("lcmp", b"", b"x", "PE"),
        # lcmp's lone CRs: dropped as readString drops them, then the words compared
        ("lcmp", b"ab\n", b"a\rb\n", "OK"),  # a CR before a letter dropped: one word
        ("lcmp", b"a b\n", b"a\rb\n", "WA"),
        ("lcmp", b"a b\n", b"a\r\rb\n", "OK"),  # the CR after a lone CR kept: a space to >>
        ("lcmp", b"a\n", b"a\r\r\r\n", "OK"),  # a CR kept, then CR LF
        ("lcmp", b"1\n2\n", b"1\r2\n", "WA"),  # a lone CR ends no line: "12"
        ("lcmp", b"a\n", b"\ra\n", "OK"),
        ("lcmp", b"a\n", b"a\r", "WA"),  # a CR ending the file read as 0xFF: "a\xff"
        ("lcmp", b"a\xff\n", b"a\r", "OK"),
        # fcmp: lines exactly, read as readString reads them
        ("fcmp", b"1 2\n", b"1 2", "OK"),
        ("fcmp", b"1 2\n", b"1 2\r\n", "OK"),
        ("fcmp", b"1 2\n", b"1  2\n", "WA"),
        ("fcmp", b"1 2\n", b"1 2 \n", "WA"),
        ("fcmp", b"1\n", b"1\n\n", "OK"),
        ("fcmp", b"a\rb\n", b"ab\n", "OK"),  # a CR not before LF dropped
        ("fcmp", b"a\r", b"a\xff", "OK"),  # a CR ending the file read as 0xFF
        ("fcmp", b"a\r", b"a", "WA"),
        # caseicmp, casencmp, casewcmp: "Case N:" and what each case holds
        ("caseicmp", b"Case 1: 5\nCase 2: 7\n", b"Case 1: 5 Case 2: 7", "OK"),
        ("caseicmp", b"Case 1: 5\nCase 2: 7\n", b"Case 1: 5\nCase 2: 8\n", "WA"),
        ("caseicmp", b"Case 1: 5\nCase 2: 7\n", b"Case 1: 5\n", "PE"),  # a case short
        ("caseicmp", b"Case 1: 5\n", b"Case 2: 5\n", "PE"),
        ("caseicmp", b"Case 1: 5\n", b"case 1: 5\n", "PE"),
        ("caseicmp", b"Case 1: five\n", b"Case 1: 5\n", "FAIL"),
        ("casencmp", b"Case 1: 1 2\nCase 2:\n", b"Case 1: 1 2 Case 2:", "OK"),
        ("casencmp", b"Case 1: 1 2\n", b"Case 1: 1 2 3\n", "WA"),
        ("casencmp", b"Case 1: 1\n", b"Case 1: 01\n", "PE"),
        ("casencmp", b"Case 1: 1\n", b"Case 1: 1\x00x\n", "OK"),  # read as a C string
        ("casencmp", b"Case 1: 1\n", b"Case 1: 1 Case", "OK"),  # a last Case read, unchecked
        ("casewcmp", b"Case 1: a b\n", b"Case 1: a\nb\n", "OK"),
        ("casewcmp", b"Case 1: a b\n", b"Case 1: b a\n", "WA"),
        ("casewcmp", b"Case 1: a\nCase 2: b\n", b"Case 1: a\n", "PE"),
    ],
)
def test_each_checker_gives_testlib_s_verdict(name, answer, output, expected):
    assert verdict(name, answer, output) == expected


@pytest.mark.parametrize(
    ("name", "answer", "output", "expected"),
    [
        ("ncmp", b"1\n", b"1" * 5000, "PE"),
        ("ncmp", b"-" + b"9" * 5000 + b"\n", b"1", "FAIL"),  # the answer's is the checker's
        ("casencmp", b"Case 1: 1\n", b"Case 1: " + b"1" * 5000, "PE"),
    ],
    ids=["output", "answer", "casencmp"],
)
def test_an_integer_of_thousands_of_digits_is_out_of_range(name, answer, output, expected):
    """An integer past 64 bits by thousands of digits is out of range as a short one is, not
    a ValueError from ``int`` (which reads at most 4,300 digits)."""
    assert verdict(name, answer, output) == expected


LONG = 200_000  # bytes of a long token: past three chunks of 64 KiB


def _long_pairs(rng):
    """Answers and outputs holding a token of 200,000+ bytes that begins a byte before a
    chunk's end: numbers (long decimals, a digit from halfway between two doubles, zeros,
    exponents), integers, and tokens that are neither (a letter at the end)."""
    pad = b"1 " * ((output_chunks.CHUNK - 1) // 2) + b"7"[: (output_chunks.CHUNK - 1) % 2]
    heads = [b"9007199254740993", b"0.", b"-1", b"1", b"+2.5", b"-0", b"0000"]
    tails = [b"0" * LONG, b"0" * LONG + b"1", b"9" * LONG, b"4" * LONG + b"x", b"1" * LONG + b"e-"]
    pairs = []
    for _ in range(24):
        token = rng.choice(heads) + rng.choice(tails) + rng.choice([b"", b"e-99999", b"E5"])
        other = rng.choice([token, token[:-1], token + b"1", b"5", b"-" + token])
        answer, output = (pad + b" " + token, pad + b"\n" + other)[:: rng.choice([1, -1])]
        pairs.append((answer + b"\n", output + rng.choice([b"", b" 3", b"\r\n"])))
    return pairs


@pytest.mark.parametrize("name", ["rcmp", "rcmp6", "rcmp9", "rncmp", "ncmp", "uncmp", "icmp"])
def test_a_long_token_at_a_chunk_s_end_is_read_as_the_whole_output_reads_it(monkeypatch, name):
    """A token of 200,000 bytes or more across chunks' ends is judged, verdict and message, as
    when the whole output is one chunk, and at chunks of 1, 7 and 64 bytes; a long
    token that is no number is refused in time linear in its length (``\\d+\\.?\\d*`` tried
    each split: minutes at 200 KB) (seeded)."""
    pairs = _long_pairs(random.Random(name))
    judge = parse_compare(f"std:{name}", Path("."), "w")
    started = time.process_time()
    usual = [judge.judge(NO_INPUT, *pair) for pair in pairs]
    assert time.process_time() - started < 10  # CPU time: the load of a shared machine aside
    monkeypatch.setattr(output_chunks, "CHUNK", 1 << 30)  # the whole output one chunk
    assert [judge.judge(NO_INPUT, *pair) for pair in pairs] == usual
    for chunk in (1, 7, 64):
        monkeypatch.setattr(output_chunks, "CHUNK", chunk)
        assert [judge.judge(NO_INPUT, *pair) for pair in pairs[:2]] == usual[:2], chunk


WORD = b"9" * 4_000_000  # a 4 MB word


@pytest.mark.parametrize(
    ("name", "answer", "output", "message"),
    [
        ("rcmp6", b"5\n", WORD + b"\n", "number 1: expected 5, found 999999999"),
        ("rcmp6", WORD + b"\n", WORD[:-1] + b"8\n", ""),  # within 1e-6
        ("rcmp9", b"0." + WORD + b"\n", b"1\n", ""),
        ("ncmp", b"5\n", WORD + b"\n", "output: expected an integer, found 999999999"),
        ("hcmp", WORD + b"\n", WORD[:-1] + b"8\n", "expected 999999999"),
        ("hcmp", WORD + b"\n", WORD + b"\n", ""),
        ("yesno", b"YES\n", b"y" + WORD + b"\n", "word 1: YES or NO expected, Y999999999"),
        ("casewcmp", b"Case 1: " + WORD + b"\n", b"Case 1: " + WORD[:-1] + b"8", "case 1, word"),
        ("casencmp", b"Case 1: 5\n", b"Case 1: 5\0" + WORD, ""),  # read up to the NUL
        ("lcmp", WORD + b" 1\n", WORD[:-1] + b"8\t1\r\n", "line 1: expected 999999999"),
        ("lcmp", b"1 " + WORD + b"\n", b"1\x0c" + WORD + b"  \r\n", ""),
        ("lcmp", WORD + b" 1\n", WORD[:9] + b"\r" + WORD[9:] + b" \r1\r\n", ""),
        ("lcmp", WORD + b"\n", WORD[:9] + b"\r\r" + WORD[9:] + b"\n", "line 1: expected 999999999"),
        ("lcmp", b"1\n", b"1\r " + WORD + b"\n", "line 1: expected 1, found 1 999999999"),
        ("fcmp", WORD + b"\n", WORD + b"\r\n", ""),
        ("fcmp", WORD + b"\n", WORD[:9] + b"\r" + WORD[9:] + b"\r\n", ""),
        ("fcmp", WORD + b"\xff", WORD[:9] + b"\r" + WORD[9:] + b"\r", ""),
        ("fcmp", WORD + b"\n", WORD + b" ", "line 1: expected 999999999"),
    ],
    ids=lambda value: value if isinstance(value, str) and len(value) < 12 else "",
)
def test_a_long_word_is_read_in_place(name, answer, output, message):
    """A word or line of 4 MB is read in place (a view of the output; a number from its first
    800 digits, ``kit.judges.long_decimals``; a line's words a chunk at a time): the verdicts
    and messages of a copy of it, holding none (each rule copied it whole, once or twice)."""
    judge = parse_compare(f"std:{name}", Path("."), "w")
    peak, judged = traced_peak(lambda: judge.judge(NO_INPUT, answer, output))
    assert judged.accepted == (not message)
    assert judged.message.startswith(message), judged.message
    assert peak < 1 << 20, peak


def _word(rng):
    """A random word: a number (a digit from halfway between two doubles, long tails, bare
    and long exponents), an integer, YES or NO in any case, ``Case`` and ``N:``, other bytes
    (NUL too)."""
    kind = rng.random()
    if kind < 0.4:
        head = rng.choice([b"9007199254740993", b"1", b"-0.", b"0.000", b"+7", b".5", b"-"])
        digits = rng.choice([0, 5, 40, 900])
        tail = rng.choice([b"0" * digits, b"0" * digits + b"1", b"9" * digits, b"4x"])
        exponent = rng.choice([b"", b"e", b"e+", b"e-5", b"E+999", b"e-" + b"0" * 30 + b"7"])
        return head + tail + exponent
    if kind < 0.6:
        return rng.choice([b"5", b"-12", b"0", b"07", b"-0", b"9223372036854775807"])
    if kind < 0.75:
        return rng.choice([b"YES", b"no", b"Yes", b"nO", b"maybe", b"Y" * rng.randrange(1, 90)])
    if kind < 0.85:
        return rng.choice([b"Case", b"1:", b"2:"])
    return bytes(rng.choice(b"ab\0.-+eE05") for _ in range(rng.randrange(1, 80)))


def _changed(rng, word):
    """``word``, or it with a byte changed, one cut or added, or another word."""
    kind, changed = rng.random(), bytearray(word)
    if kind < 0.3:
        return word
    if kind < 0.6:
        changed[rng.randrange(len(changed))] = rng.choice(b"0158eE.x")
        return bytes(changed)
    return word[:-1] if kind < 0.7 else word + b"1" if kind < 0.8 else _word(rng)


# testlib's blanks, a form feed (part of a word to testlib, a space to lcmp), lone CRs
SEPARATORS = [b" ", b"\n", b"\r\n", b"\t", b"\r", b"\x0c", b"\n\n", b" \r"]


def _random_pairs(rng, count):
    """Answers and outputs of random words (``Case N:`` heads in some), the output's changed
    (``_changed``), a word fewer or more, between ``SEPARATORS``, a byte-order mark opening
    some."""
    pairs = []
    for _ in range(count):
        words = []
        for case in range(1, rng.randrange(2, 5)):
            head = [b"Case", b"%d:" % case] if rng.random() < 0.3 else []
            words += head + [_word(rng) for _ in range(rng.randrange(1, 3))]
        got = [_changed(rng, word) for word in words]
        got = got[: rng.choice([len(got), len(got) - 1])] + [_word(rng)][: rng.randrange(-3, 2)]
        answer, output = (
            b"".join(word + rng.choice(SEPARATORS) for word in side) for side in (words, got)
        )
        pairs.append((answer, b"\xef\xbb\xbf"[: 3 * (rng.random() < 0.05)] + output))
    return pairs


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_words_read_in_place_are_judged_as_those_read_whole(monkeypatch, name):
    """On 150 random pairs (seeded), each rule judged at chunks of 1, 2, 3 and 7 bytes, where
    most words and lines are views read in place, gives the verdicts and messages it gives
    with the whole output one chunk, where each is a copy, read as before."""
    pairs = _random_pairs(random.Random(name), 150)
    judge = parse_compare(f"std:{name}", Path("."), "w")
    monkeypatch.setattr(output_chunks, "CHUNK", 1 << 30)
    whole = [judge.judge(NO_INPUT, *pair) for pair in pairs]
    for chunk in (1, 2, 3, 7):
        monkeypatch.setattr(output_chunks, "CHUNK", chunk)
        assert [judge.judge(NO_INPUT, *pair) for pair in pairs] == whole, chunk


def _testlib_read_lines(data):
    """The lines testlib's ``readString`` reads of ``data`` (testlib.h at 1e4e8a2,
    ``InStream::readStringTo`` and the non-strict ``eoln``, a byte at a time as written
    there), each with where the reading stopped."""
    at, size, lines = 0, len(data), []
    while at < size:
        line = bytearray()
        while at < size and data[at] != 10:  # curChar() is neither LF nor EOFC
            if data[at] == 13:  # CR: nextChar(), and a CR before LF unread
                at += 1
                if at < size and data[at] == 10:
                    at -= 1
                    break
            line.append(data[at] if at < size else 0xFF)  # char(nextChar()): EOFC is 0xFF
            at = min(at + 1, size)
        if data[at : at + 1] == b"\n" or data[at : at + 2] == b"\r\n":  # eoln()
            at += 1 if data[at] == 10 else 2
        lines.append((bytes(line), at))
    return lines


def _testlib_line_verdict(name, answer, output):
    """lcmp's or fcmp's verdict (checkers/*.cpp at 1e4e8a2) over ``_testlib_read_lines``:
    the answer's last line left out when empty at its end; past its end the output's lines
    are empty; after OK what is left of the output must be blanks (testlib's ``seekEof``,
    "Extra information": PE)."""
    output = output[3:] if output.startswith(b"\xef\xbb\xbf") else output
    got, read = _testlib_read_lines(output), 0
    same = (lambda a, b: a.split() == b.split()) if name == "lcmp" else bytes.__eq__
    for line, at in _testlib_read_lines(answer):
        if not line and at == len(answer):
            break
        if not same(line, got[read][0] if read < len(got) else b""):
            return "WA"
        read += 1
    rest = output[got[min(read, len(got)) - 1][1] if read and got else 0 :]
    return "PE" if rest.strip(b" \t\r\n") else "OK"


# the bytes of lines with lone CRs: CR runs before letters, LF, the end
LINE_BYTES = [b"a", b"b", b"\xff", b" ", b"\t", b"\x0c", b"\r", b"\r\r", b"\r\r\r", b"\n", b"\r\n"]


@pytest.mark.parametrize("name", ["lcmp", "fcmp"])
def test_lines_with_lone_crs_are_judged_as_testlib_reads_them(monkeypatch, name):
    """On 400 random pairs of lines of letters, spaces, CR runs and LFs (seeded), the output
    the answer with a piece or two changed, each read whole (one chunk) and in place at
    chunks of 1, 2, 3 and 5 bytes (most lines a view or a ``_CleanedLine``): the verdict of
    the checker over testlib's reading, byte by byte (``_testlib_line_verdict``); the
    messages the same at every chunk size."""
    rng = random.Random(name)
    judge = parse_compare(f"std:{name}", Path("."), "w")
    pairs = []
    for _ in range(400):
        answer = b"".join(rng.choice(LINE_BYTES) for _ in range(rng.randrange(12)))
        output = bytearray(answer)
        for _ in range(rng.randrange(3)):
            at = rng.randrange(len(output) + 1)
            output[at : at + rng.randrange(2)] = rng.choice(LINE_BYTES)
        pairs.append((answer, bytes(output)))
    expected = [_testlib_line_verdict(name, *pair) for pair in pairs]
    monkeypatch.setattr(output_chunks, "CHUNK", 1 << 30)
    whole = [judge.judge(NO_INPUT, *pair) for pair in pairs]
    assert [verdict(name, *pair) for pair in pairs] == expected
    for chunk in (1, 2, 3, 5):
        monkeypatch.setattr(output_chunks, "CHUNK", chunk)
        assert [judge.judge(NO_INPUT, *pair) for pair in pairs] == whole, chunk


def test_a_line_holding_a_lone_cr_is_made_whole_when_short(monkeypatch):
    """A line of ``2 * CHUNK`` bytes or fewer holding a lone CR is made at once, as bytes
    (compared as any short line); only a longer one is read a chunk at a time."""
    from kit.judges.testlib_checkers import _CleanedLine, _Lines  # noqa: PLC0415

    data = b"a\rbc d e\r\r\nx"
    short = _Lines(data, answer=True).line()
    assert short == b"abc d e\r" and isinstance(short, bytes)
    monkeypatch.setattr(output_chunks, "CHUNK", 4)
    long = _Lines(data, answer=True).line()
    assert isinstance(long, _CleanedLine) and long[:] == b"abc d e\r"


def test_a_byte_order_mark_opening_the_output_is_skipped():
    assert verdict("rcmp6", b"1\n", b"\xef\xbb\xbf1") == "OK"
    assert verdict("rcmp6", b"\xef\xbb\xbf1\n", b"1") == "FAIL"  # the answer's is not
    assert verdict("fcmp", b"1\n", b"\xef\xbb\xbf1") == "OK"  # lines too
    assert verdict("fcmp", b"\xef\xbb\xbf1\n", b"1") == "WA"


def test_wcmp_is_the_tokens_rule_and_the_others_have_none():
    assert standard_spec("wcmp") == "std:wcmp"
    words, tokens = (parse_compare(spec, Path("."), "w") for spec in ("std:wcmp", "tokens"))
    for answer, output in [
        (b"1 2\n", b"1\n\t2"),
        (b"1 2\n", b"1 3"),
        (b"1\n", b"1 2"),
        (b"a\n", b""),
    ]:
        judged = words.judge(NO_INPUT, answer, output)
        assert judged == tokens.judge(NO_INPUT, answer, output)
        assert not judged.presentation  # wcmp's every rejection is a wrong answer
    assert standard_spec("rcmp6") == "std:rcmp6"
    assert [standard_spec(name) for name in NOT_BUILT] == [None] * len(NOT_BUILT)
    assert standard_spec("nosuch") is None
    assert not set(BUILT_IN) & set(NOT_BUILT)


def test_a_message_says_where_the_output_differs():
    judged = parse_compare("std:rcmp6", Path("."), "w").judge(NO_INPUT, b"1 2\n", b"1 2.5")
    assert judged.message == "number 2: expected 2, found 2.5 (beyond 1e-06)"

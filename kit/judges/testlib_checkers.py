"""testlib's standard checkers (MikeMirzayanov/testlib, ``checkers/``), built in: the rules of
those simple enough to follow exactly, read from their sources and testlib.h at 1e4e8a2.

Polygon names a problem's checker ``std::NAME.cpp`` when it is one of these; a package without
its source is judged by the rule here (``kit.packages.polygon``): ``compare = "std:NAME"``
(``kit.judges.compare``); ``std:wcmp`` is the kit's ``tokens`` rule (``words_difference``, the
one home of both), under a standard checker's name, so that a game's interactor output goes to it
(``kit.run.case_judge``) as it goes to a checker.

Each reads testlib's words (between its four blanks; a byte-order mark opening the output
skipped: ``kit.judges.output_chunks``), or ``lcmp`` and ``fcmp`` its lines, and gives testlib's
verdict:

- a number as ``readDouble`` takes it: ``[+-]?`` digits with at most one ``.``, an exponent
  ``[eE][+-]?digits``, rounded to the nearest double (``sscanf``'s ``%lf``; glibc's, as the kit
  builds a checker, reads ``1e`` and ``1e+`` as ``1``); ``inf``, ``nan`` and hexadecimal are
  not numbers; a value past 1e300 is "infinite" (``__testlib_isInfinite``);
- an integer as ``readLong`` takes it: ``-?`` digits, no leading zero, no ``-0``, in 64 bits
  (``readInt``: 32 bits);
- a line as ``readString`` takes it: up to LF or CR LF (a CR before anything else dropped
  and the byte after it kept, a CR ending the file read as a byte 0xFF); past the end, empty
  lines; the answer's last line left out when empty (so one final LF more or less is no
  matter), the output's lines past the answer's only blanks; ``lcmp`` compares the words C's
  ``>>`` reads (between six spaces: form feed and vertical tab too), ``fcmp`` the bytes;
- ``caseicmp``, ``casencmp``, ``casewcmp``: ``Case``, ``N:`` (N from 1) and one integer, the
  integers or the words up to the next ``Case`` (casencmp reads a word up to a NUL, as a C
  string); caseicmp's differing case count after the same integers is a presentation error,
  the others' differing words or counts a wrong answer;
- an output that is not what the rule reads (a word where a number is due) or that ends early
  is a presentation error (testlib's ``_pe``; ``_unexpected_eof`` is one unless testlib is
  built with ``ENABLE_UNEXPECTED_EOF``), as are words left over once the checker accepts
  (``_dirt``: "Extra information in the output file"); an answer the rule cannot read is the
  checker's failure (``_fail``), never the solution's.

A word or line longer than twice ``output_chunks.CHUNK`` is read in place, a view of the output
(a number from its first digits, ``kit.judges.long_decimals``; a line's words a chunk at a
time), not copied; a line holding a lone CR too, its CRs dropped a chunk at a time.

Checked against the checkers built from testlib at 1e4e8a2 (g++, glibc) on 14,000 random pairs
of answer and output (numbers near each tolerance, odd forms such as ``1e``, ``-0``, ``01``,
``1e400``, words, yes/no in any case, a byte-order mark, CR LF and form feeds), and the line
and ``Case N:`` checkers on 112,000 more (trailing blanks, empty lines, no final LF, CR LF and
lone CRs, tabs, form feeds, lines split and joined, ``Case`` heads missing or renumbered): the
same verdict (OK, WA, PE or FAIL) on every one.

API::

    BUILT_IN: dict[str, str]      # name -> what it compares, for those built in
    NOT_BUILT: dict[str, str]     # name -> what it compares, for testlib's others
    standard_spec(name) -> str | None   # "std:NAME", None if not built
    words_difference(expected, got) -> str | None   # wcmp's rule, the kit's tokens
    double_compare(expected, result, error) -> bool  # doubleCompare, rcmpN's and float:TOL's
    INFINITE = 1e300              # past it, infinite to testlib
    StandardComparator(name)      # Comparator of the ``std:NAME`` spec; KeyError if not built
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from kit.judges import output_chunks
from kit.judges.comparator import Comparator, Judgement
from kit.judges.difference_messages import SHOWN_CHARS, exactly, first_difference, plain
from kit.judges.long_decimals import DOUBLE_DIGITS, shortened
from kit.judges.output_chunks import (
    TESTLIB_BLANKS,
    UTF8_BOM,
    joined_words,
    line_chunks,
    output_start,
    piece,
    same_runs,
    same_start,
    tokens,
    view_words,
)

# glibc's %lf: an exponent without digits ("1e", "1e+") is read as none; a point tried once
# after the digits (a long token that is no number refused in linear time, not quadratic)
_DOUBLE = re.compile(rb"([+-]?(?:\d+(?:\.\d*)?|\.\d+))(?:[eE]([+-]?\d+)|[eE][+-]?)?")
_LONG = re.compile(rb"-?[1-9]\d*|0")  # readLong's rule: no leading zero, no -0
_LONG_CHARS = len(str(-(1 << 63)))  # the longest 64-bit integer written
_HUGE = re.compile(rb"0|-?[1-9][0-9]*")  # hcmp's pattern
_BLANKS_AT = re.compile(rb"[ \t\r\n]*")  # what seekEof skips
_NUL = re.compile(rb"\0")
LONG_RANGE = (-(2**63), 2**63 - 1)
INT_RANGE = (-(2**31), 2**31 - 1)
INFINITE = 1e300  # past it a double is infinite to testlib (__testlib_isInfinite)
YES_NO = (b"YES", b"NO")


class _Quit(Exception):
    """A verdict other than testlib's ``_ok``: ``kind`` its ``_wa``, ``_pe`` or ``_fail`` (testlib's
    own names, which the kit's verdicts are made of: ``StandardComparator.judge``), and its
    message."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class _Stream:
    """The answer's or the output's words, read as testlib's ``ans`` or ``ouf``: a problem
    found in the answer is the checker's failure."""

    def __init__(self, data: bytes, answer: bool) -> None:
        # a long word a view of the data (``kit.judges.output_chunks``), read in place
        start = 0 if answer else output_start(data)
        self.words: Iterator[bytes] = tokens(data, start, True)
        self.answer = answer
        self.ahead: bytes | None = None
        self.last = b""  # the word read last

    def at_end(self) -> bool:
        if self.ahead is None:
            self.ahead = next(self.words, None)
        return self.ahead is None

    def word(self, what: str) -> bytes:
        if self.at_end():
            self.quit("_pe", f"the {self.name} ended where {what} was due")
        self.last, self.ahead = self.ahead, None
        return self.last

    def quit(self, kind: str, message: str) -> None:
        raise _Quit("_fail" if self.answer else kind, message)

    @property
    def name(self) -> str:
        return "answer" if self.answer else "output"

    def double(self) -> float:
        word = self.word("a number")
        found = _DOUBLE.fullmatch(word)
        if not found:
            self.quit("_pe", f"{self.name}: expected a number, found {plain(word)}")
        if isinstance(word, memoryview):  # the same double from its first digits
            return float(shortened(word, DOUBLE_DIGITS))
        mantissa, exponent = found.groups()
        return float(mantissa + b"e" + exponent if exponent else mantissa)

    def integer(self, low: int = LONG_RANGE[0], high: int = LONG_RANGE[1]) -> int:
        return self.long(self.word("an integer"), low, high)

    def long(self, word: bytes, low: int = LONG_RANGE[0], high: int = LONG_RANGE[1]) -> int:
        """``word`` as testlib's ``stringToLongLong`` takes it, within ``low``..``high``."""
        # past 20 characters, out of 64 bits (int() reads at most 4,300 digits)
        if len(word) > _LONG_CHARS or not _LONG.fullmatch(word) or not low <= int(word) <= high:
            self.quit("_pe", f"{self.name}: expected an integer, found {plain(word)}")
        return int(word)  # a view too: of 20 bytes at most


_LONE_CR = re.compile(rb"\r([\s\S])")  # readString: a CR not before LF dropped, the next byte kept


class _Lines:
    """The answer's or the output's lines, read as testlib's ``readString`` and ``eof`` read
    them (a byte-order mark opening the output skipped): a line ends at LF, at CR LF or at the
    end; a CR before anything else is dropped and the byte after it kept whatever it is, a CR
    ending the data read as a byte 0xFF (testlib's ``char(EOFC)``); past the end every line is
    empty. A line longer than ``2 * CHUNK`` is read in place: a view of the data, or when it
    holds such a CR a ``_CleanedLine``."""

    def __init__(self, data: bytes, answer: bool) -> None:
        self.data = data
        self.at = len(UTF8_BOM) if not answer and data.startswith(UTF8_BOM) else 0

    def eof(self) -> bool:
        return self.at >= len(self.data)

    def line(self) -> bytes | _CleanedLine:
        data, size, start = self.data, len(self.data), self.at
        newline = data.find(b"\n", start)
        newline = newline if newline >= 0 else size  # the line's bytes end there
        self.at = min(newline + 1, size)
        if data.find(b"\r", start, newline) < 0:
            return piece(data, start, newline)
        # a CR LF or a CR ending the data: a CR left alone after the pairs of a run of CRs
        odd = _crs_before(data, start, newline) % 2
        end, tail = newline - odd, b"\xff" if odd and newline == size else b""
        if not tail and data.find(b"\r", start, end) < 0:  # CR LF ending it, no other
            return piece(data, start, end)
        line = _CleanedLine(data, start, end, tail)
        return line if end - start > 2 * output_chunks.CHUNK else line[:]

    def at_end(self) -> bool:
        """testlib's ``seekEof``: nothing but its blanks before the end."""
        self.at = _BLANKS_AT.match(self.data, self.at).end()
        return self.eof()


def _crs_before(data: bytes, start: int, end: int) -> int:
    """How many CRs end ``data[start:end]``, counted a chunk at a time."""
    at = end
    while at > start:
        block = data[max(start, at - output_chunks.CHUNK) : at]
        kept = len(block.rstrip(b"\r"))
        if kept:
            return end - (at - len(block) + kept)
        at -= len(block)
    return end - start


class _CleanedLine:
    """A line holding a lone CR as testlib reads it: ``data[start:end]``, each CR in it not
    kept as the byte after one dropped and the byte after it kept (``_LONE_CR``: ``start``
    begins no such pair, ``end`` ends none), then ``tail``; made a chunk at a time
    (``chunks``) and never whole, but sliced from its start (what a message shows)."""

    def __init__(self, data: bytes, start: int, end: int, tail: bytes) -> None:
        self.data, self.start, self.end, self.tail = data, start, end, tail

    def chunks(self) -> Iterator[bytes]:
        """The line's bytes, a chunk at a time: each cut after a pair's kept byte or before
        its CR, a CR and the byte it keeps never cut apart; with no two CRs in a row, each CR
        is dropped (a chunk ends with none)."""
        at, end = self.start, self.end
        while at < end:
            cut = min(at + output_chunks.CHUNK, end)
            block = self.data[at:cut]
            if (len(block) - len(block.rstrip(b"\r"))) % 2 and cut < end:
                block, cut = self.data[at : cut + 1], cut + 1  # the byte kept by its last CR
            yield _LONE_CR.sub(rb"\1", block) if b"\r\r" in block else block.replace(b"\r", b"")
            at = cut
        yield self.tail

    def __getitem__(self, part: slice) -> bytes:
        """``line[:n]``: the first ``n`` bytes (all: ``line[:]``), made up to there only."""
        kept, size = [], 0
        for chunk in self.chunks():
            if part.stop is not None and size >= part.stop:
                break
            kept.append(chunk)
            size += len(chunk)
        return b"".join(kept)[part]

    def __bool__(self) -> bool:
        return True  # longer than 2 * CHUNK, it keeps one byte of two at least


def _infinite(value: float) -> bool:
    return abs(value) > INFINITE  # __testlib_isInfinite


def double_compare(expected: float, result: float, error: float) -> bool:
    """testlib.h's ``doubleCompare``: within ``error`` (plus 1e-15) absolutely or relatively;
    NaN equals only NaN, past 1e300 ("infinite") only past it on the same side."""
    error += 1e-15
    if math.isnan(expected):
        return math.isnan(result)
    if _infinite(expected):
        return _infinite(result) and (result > 0) == (expected > 0)
    if math.isnan(result) or _infinite(result):
        return False
    if abs(result - expected) <= error:
        return True
    low, high = sorted((expected * (1.0 - error), expected * (1.0 + error)))
    return low <= result <= high


def _absolute(expected: float, result: float, error: float) -> bool:
    """acmp's, rcmp's and rncmp's test, ``fabs(ja - pa) > EPS + 1E-15`` rejecting."""
    return not abs(expected - result) > error + 1e-15


def _doubles(
    close: Callable[[float, float, float], bool],
    error: float,
    every: bool,
    ans: _Stream,
    out: _Stream,
) -> None:
    """Every answer number (rcmp4, rcmp6, rcmp9, rncmp) or the first (dcmp, acmp, rcmp),
    each against the output's next, ``close`` within ``error``."""
    count = 0
    while not ans.at_end() if every else count == 0:
        count += 1
        expected, result = ans.double(), out.double()
        if not close(expected, result, error):
            shown = f"expected {plain(ans.last)}, found {plain(out.last)}"
            raise _Quit("_wa", f"number {count}: {shown} (beyond {error:g})")


def _integers(ans: _Stream, out: _Stream) -> None:
    """ncmp: the same 64-bit integers in the same order."""
    count = 0
    while not ans.at_end() and not out.at_end():
        count += 1
        expected, result = ans.integer(), out.integer()
        if expected != result:
            raise _Quit("_wa", f"integer {count}: expected {expected}, found {result}")
    extra = [_count(stream, stream.integer) for stream in (ans, out)]
    if any(extra):
        longer = "answer" if extra[0] else "output"
        raise _Quit("_wa", f"the {longer} has {count + max(extra)} integers, the other {count}")


def _count(stream: _Stream, read: Callable[[], object]) -> int:
    count = 0
    while not stream.at_end():
        read()
        count += 1
    return count


def _unordered(ans: _Stream, out: _Stream) -> None:
    """uncmp: the same 64-bit integers in any order."""
    lists = [[], []]
    for found, stream in zip(lists, (ans, out)):
        while not stream.at_end():
            found.append(stream.integer())
    if len(lists[0]) != len(lists[1]):
        raise _Quit("_wa", f"expected {len(lists[0])} integers, found {len(lists[1])}")
    if sorted(lists[0]) != sorted(lists[1]):
        raise _Quit("_wa", f"the {len(lists[0])} integers differ (as unordered sequences)")


def _int32(ans: _Stream, out: _Stream) -> None:
    """icmp: one 32-bit integer."""
    expected, result = ans.integer(*INT_RANGE), out.integer(*INT_RANGE)
    if expected != result:
        raise _Quit("_wa", f"expected {expected}, found {result}")


def _huge(ans: _Stream, out: _Stream) -> None:
    """hcmp: one integer of any length, written without leading zeros."""
    expected, result = ans.word("an integer"), out.word("an integer")
    if not _HUGE.fullmatch(expected):
        ans.quit("_fail", f"answer: {plain(expected)} is not an integer")
    if not ans.at_end():
        ans.quit("_fail", "the answer holds more than one word")
    if not _HUGE.fullmatch(result):
        out.quit("_pe", f"output: {plain(result)} is not an integer")
    if expected != result:
        raise _Quit("_wa", f"expected {plain(expected)}, found {plain(result)}")


def _yes_no(ans: _Stream, out: _Stream, every: bool) -> None:
    """yesno (one word) and nyesno (as many as the answer has): YES or NO in any case."""
    count = 0
    while not ans.at_end() and not out.at_end() if every else count == 0:
        count += 1
        expected, result = (_upper(stream.word("YES or NO")) for stream in (ans, out))
        for word, stream in ((expected, ans), (result, out)):
            if word not in YES_NO:
                stream.quit("_pe", f"word {count}: YES or NO expected, {plain(word)} found")
        if expected != result:
            raise _Quit("_wa", f"word {count}: expected {plain(expected)}, found {plain(result)}")
    extra = [_count(stream, partial(stream.word, "")) for stream in (ans, out)] if every else []
    if any(extra):
        longer = "answer" if extra[0] else "output"
        raise _Quit("_wa", f"the {longer} has {count + max(extra)} words, the other {count}")


def _upper(word: bytes) -> bytes:
    """``word.upper()``; of a long word (a view) only as much as a message shows, no YES or
    NO either way (``plain``)."""
    return bytes(word[: SHOWN_CHARS + 1] if isinstance(word, memoryview) else word).upper()


def _lines(same: Callable[[bytes, bytes], bool], ans: _Lines, out: _Lines) -> None:
    """lcmp (``same``: the same words) and fcmp (the same bytes): each answer line against
    the output's next, the answer's last line left out when it is empty and ends the answer
    (testlib: ``j.empty() && ans.eof()``)."""
    count = 0
    while not ans.eof():
        expected = ans.line()
        if not expected and ans.eof():
            break
        result = out.line()
        count += 1
        if not same(expected, result):
            shown = f"expected {plain(expected)}, found {plain(result)}"
            raise _Quit("_wa", f"line {count}: {shown}")


def _same_words(expected: bytes, result: bytes) -> bool:
    """lcmp's ``compareWords``: the words ``>>`` reads, between C's six spaces; of a long
    line a chunk at a time: of views their words, a long word a view
    (``output_chunks.view_words``), and with a ``_CleanedLine`` the words of each joined by
    spaces (``output_chunks.joined_words``: a word of a view read across lone CRs)."""
    if isinstance(expected, bytes) and isinstance(result, bytes):
        return expected.split() == result.split()
    if isinstance(expected, _CleanedLine) or isinstance(result, _CleanedLine):
        return same_runs(*(joined_words(_chunks(line)) for line in (expected, result)))
    return same_runs(_word_lists(expected), _word_lists(result))


def _word_lists(line: bytes) -> Iterator[list[bytes]]:
    """A line's words, a list at a time: of a view a chunk at a time."""
    return view_words(line) if isinstance(line, memoryview) else iter([line.split()])


def _same_bytes(expected: bytes, result: bytes) -> bool:
    """fcmp's ``==``; of a ``_CleanedLine`` a chunk at a time."""
    if isinstance(expected, _CleanedLine) or isinstance(result, _CleanedLine):
        return same_runs(_chunks(expected), _chunks(result))
    return expected == result


def _chunks(line: bytes) -> Iterator[bytes]:
    """A line's bytes, a chunk at a time (all at once when short)."""
    return line.chunks() if isinstance(line, _CleanedLine) else line_chunks(line)


def _case_head(stream: _Stream, case: int, preread: bool) -> None:
    """``Case`` (unless read already) and ``N:``, case ``N`` of the case*cmp checkers."""
    for word, due in ((b"Case", not preread), (b"%d:" % case, True)):
        found = stream.word(plain(word)) if due else word
        if found != word:
            stream.quit("_pe", f"case {case}: expected {plain(word)}, found {plain(found)}")


def _case_integers(ans: _Stream, out: _Stream) -> None:
    """caseicmp: ``Case N:`` and one 64-bit integer, each file read whole first; a case
    count differing after the same integers is a presentation error."""
    lists = [[], []]
    for found, stream in zip(lists, (ans, out)):
        while not stream.at_end():
            _case_head(stream, len(found) + 1, False)
            found.append(stream.integer())
    for case, (expected, result) in enumerate(zip(*lists), 1):
        if expected != result:
            raise _Quit("_wa", f"case {case}: expected {expected}, found {result}")
    if len(lists[0]) != len(lists[1]):
        raise _Quit("_pe", f"expected {len(lists[0])} cases, found {len(lists[1])}")


def _case_words(
    read: Callable[[_Stream, bytes], object], stream: _Stream, case: int, preread: bool
) -> tuple[list, bool]:
    """Case ``case``'s words up to the next ``Case`` (read already: True) or the end."""
    _case_head(stream, case, preread)
    found = []
    while not stream.at_end():
        word = stream.word("")
        if word == b"Case":
            return found, True
        found.append(read(stream, word))
    return found, False


def _c_string_long(stream: _Stream, word: bytes) -> int:
    """casencmp's ``stringToLongLong(in, token.c_str())``: the word up to a NUL."""
    nul = _NUL.search(word)
    return stream.long(word[: nul.start()] if nul is not None else word)


def _cases(read: Callable[[_Stream, bytes], object], ans: _Stream, out: _Stream) -> None:
    """casencmp (``read``: 64-bit integers) and casewcmp (words): each answer case, ``Case
    N:`` and what follows up to the next ``Case``, against the output's."""
    case, preread = 0, [False, False]
    while not ans.at_end():
        case += 1
        expected, preread[0] = _case_words(read, ans, case, preread[0])
        result, preread[1] = _case_words(read, out, case, preread[1])
        _differ(case, expected, result)


def _differ(case: int, expected: list, result: list) -> None:
    """casencmp's and casewcmp's WA: the first word of case ``case`` that differs, or the
    counts."""
    for count, pair in enumerate(zip(expected, result), 1):
        if pair[0] != pair[1]:
            wanted, found = (word if isinstance(word, int) else plain(word) for word in pair)
            raise _Quit("_wa", f"case {case}, word {count}: expected {wanted}, found {found}")
    if len(expected) != len(result):
        raise _Quit("_wa", f"case {case}: expected {len(expected)} words, found {len(result)}")


_RELATIVE, _ABSOLUTE = "absolute or relative error", "absolute error"
# name -> (what it compares, its rule of the answer and the output as _Stream, or as _Lines
# for those in _BY_LINES), testlib's EPS of each
_RULES: dict[str, tuple[str, Callable[..., None]]] = {
    "rcmp4": (f"doubles, {_RELATIVE} 1e-4", partial(_doubles, double_compare, 1e-4, True)),
    "rcmp6": (f"doubles, {_RELATIVE} 1e-6", partial(_doubles, double_compare, 1e-6, True)),
    "rcmp9": (f"doubles, {_RELATIVE} 1e-9", partial(_doubles, double_compare, 1e-9, True)),
    "dcmp": (f"one double, {_RELATIVE} 1e-6", partial(_doubles, double_compare, 1e-6, False)),
    "acmp": (f"one double, {_ABSOLUTE} 1.5e-6", partial(_doubles, _absolute, 1.5e-6, False)),
    "rcmp": (f"one double, {_ABSOLUTE} 1.5e-6", partial(_doubles, _absolute, 1.5e-6, False)),
    "rncmp": (f"doubles, {_ABSOLUTE} 1.5e-5", partial(_doubles, _absolute, 1.5e-5, True)),
    "ncmp": ("64-bit integers in order", _integers),
    "uncmp": ("64-bit integers in any order", _unordered),
    "icmp": ("one 32-bit integer", _int32),
    "hcmp": ("one integer of any length", _huge),
    "yesno": ("one YES or NO, any case", partial(_yes_no, every=False)),
    "nyesno": ("YES or NO words, any case", partial(_yes_no, every=True)),
    "lcmp": ("the words of each line", partial(_lines, _same_words)),
    "fcmp": ("lines exactly", partial(_lines, _same_bytes)),
    "caseicmp": ("Case N: and one integer each", _case_integers),
    "casencmp": ("Case N: and integers each", partial(_cases, _c_string_long)),
    "casewcmp": ("Case N: and words each", partial(_cases, lambda stream, word: word)),
}
_BY_LINES = {"lcmp", "fcmp"}  # read as _Lines, the others as _Stream
BUILT_IN = {"wcmp": "words (the kit's tokens rule)"} | {
    name: what for name, (what, _) in _RULES.items()
}
NOT_BUILT = {
    "pointscmp": "a score",
    "pointsinfo": "a score",
}


def standard_spec(name: str) -> str | None:
    """The ``compare`` spec of testlib's standard checker ``name`` (``std:NAME``), or None
    when the kit has no exact rule of it."""
    return f"std:{name}" if name in BUILT_IN else None


def words_difference(expected: bytes, got: bytes) -> str | None:
    """wcmp's rule, the kit's ``tokens``: the first token of the output that is not the
    answer's, said; None when they are the same tokens. Read from where they stop being the
    same bytes (``same_start``)."""
    before, want_at, have_at = same_start(expected, got, TESTLIB_BLANKS, output_start(got))
    want, have = tokens(expected, want_at, True), tokens(got, have_at, True)
    return first_difference("token", want, have, exactly, before)


class StandardComparator(Comparator):
    """testlib's standard checker ``name`` (one of ``BUILT_IN``), as its verdicts go."""

    def __init__(self, name: str) -> None:
        self.spec = f"std:{name}"
        self.rule = _RULES[name][1] if name != "wcmp" else None  # wcmp: words_difference
        self.reader = _Lines if name in _BY_LINES else _Stream

    def difference(self, expected: bytes, got: bytes) -> str | None:
        return words_difference(expected, got)

    def judge(self, input_path: Path, expected: bytes, got: bytes) -> Judgement:
        if self.rule is None:  # wcmp, every verdict a wrong answer as the tokens rule gives
            return super().judge(input_path, expected, got)
        ans, out = self.reader(expected, True), self.reader(got, False)
        try:
            self.rule(ans, out)
            if not out.at_end():
                raise _Quit("_pe", "extra words in the output (testlib: Extra information)")
        except _Quit as verdict:
            if verdict.kind == "_fail":
                return Judgement(False, f"checker failed: {verdict}", checker_failed=True)
            return Judgement(False, str(verdict), presentation=verdict.kind == "_pe")
        return Judgement(True, "")

"""An output's lines and tokens as the comparisons read them, a chunk at a time.

``words`` are the tokens ``bytes.split()`` gives (the ``lines`` mode's test of a presentation
error, the Kattis default validator's tokens); ``judged_lines`` the lines the ``lines`` mode
compares; ``tokens`` testlib's words, between its four blanks; ``output_tokens`` a solution's
output's tokens, a byte-order mark opening it skipped as testlib's checkers skip it;
``spaced_words`` the ``words`` each with the whitespace before it (the Kattis validator's
``space_change_sensitive``). Each
starts where ``same_start`` says, past what an output and its answer have the same byte for
byte, so that an output differing only at its end is not read piece by piece to there. The
modes themselves are ``kit.judges.compare``'s. ``blank`` is whether an output has no words at
all, read in place (``strip()`` copied a 60 MiB flood for it); ``blank_file`` whether a file
has none, read a chunk at a time (a sample file read whole and stripped cost twice its size).

Asked for ``views``, each reader gives a piece longer than twice ``CHUNK`` (and some longer
than ``CHUNK``) as a ``memoryview`` of the output, not a copy, for the comparisons that read
such a piece in place (equal to its answer's or not, and what a message quotes of it): one
60 MiB token cost two copies of it. A long line's words are read a chunk at a time
(``view_words``, compared by ``same_runs``); a line that is no view (testlib's line holding a
lone CR, its CRs dropped a chunk at a time) has its words joined by single spaces instead
(``joined_words`` of its chunks, or of a view's: ``line_chunks``), the same words when
``same_runs``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import BinaryIO

# The lines and tokens of an output are read a chunk of about CHUNK bytes at a time, each
# ended where a separator is, so that the kit holds a chunk's pieces and not a whole output's
# (three million short lines took a list of 150 MB per side)
CHUNK = 1 << 16
_NEWLINE = re.compile(rb"\n")
_BLANK = re.compile(rb"[ \t\r\n]")  # testlib's blanks (``isBlanks``): LF, CR, space, tab
_BLANKS = re.compile(rb"[ \t\r\n]+")
_SPACE = re.compile(rb"[ \t\n\r\x0b\x0c]")  # what ``bytes.split()`` splits at
_SPACES = b" \t\n\r\x0b\x0c"  # the same, a byte in them
_WORD = re.compile(rb"[^ \t\n\r\x0b\x0c]+")  # what it gives
_SPACED = re.compile(rb"([^ \t\n\r\x0b\x0c]+)")  # split at, kept
_WORD_END = re.compile(rb"[^ \t\n\r\x0b\x0c](?=[ \t\n\r\x0b\x0c])")  # a word's last byte


def _pieces(
    output: bytes,
    separator: re.Pattern,
    split: Callable[[bytes], list[bytes]],
    start: int = 0,
    views: bool = False,
) -> Iterator[bytes]:
    """What ``split(output[start:])`` returns, chunk by chunk: a chunk ends at a
    ``separator`` byte (dropped), which ``split`` splits at too. ``views``: a piece longer
    than ``2 * CHUNK`` is given as a ``memoryview`` of ``output``, not a copy (above)."""
    return itertools.chain.from_iterable(_chunks(output, separator, split, start, views))


def _chunks(
    output: bytes,
    separator: re.Pattern,
    split: Callable[[bytes], list[bytes]],
    start: int = 0,
    views: bool = False,
) -> Iterator[list[bytes]]:
    """``_pieces``, a chunk's list at a time."""
    size = len(output)
    while start <= size:
        found = separator.search(output, min(start + CHUNK, size))
        end = found.start() if found is not None else size
        if views and end - start > 2 * CHUNK:  # a piece longer than CHUNK ends there
            head = _last_separator(output, separator, start, start + CHUNK)
            if head >= start:
                yield split(output[start:head])
            yield [memoryview(output)[head + 1 : end]]
        else:
            yield split(output[start:end])
        start = end + 1


def _last_separator(output: bytes, separator: re.Pattern, start: int, end: int) -> int:
    """Where the last ``separator`` byte of ``output[start:end]`` is (``start - 1``: none)."""
    last = start - 1
    for found in separator.finditer(output, start, end):
        last = found.start()
    return last


def words(output: bytes, start: int = 0, views: bool = False) -> Iterator[bytes]:
    """What ``output[start:].split()`` returns (tokens between ASCII whitespace), a chunk at a
    time; ``views``: a long one as a view (above)."""
    return _pieces(output, _SPACE, bytes.split, start, views)


def view_words(line: memoryview) -> Iterator[list[bytes]]:
    """What ``bytes(line).split()`` returns, a list a ``CHUNK`` of ``line`` at a time (a view
    of a long line, testlib's ``lcmp``): each chunk copied and split by ``bytes.split`` (a
    regular expression's class of spaces scanned it 17 times slower), a word cut by a chunk's
    end carried as where it starts and given once it ends, a view of ``line``'s output."""
    size, carry = len(line), None  # carry: where a word cut by the last chunk's end starts
    for at in range(0, size, CHUNK):
        block = bytes(line[at : at + CHUNK])
        found = block.split()
        if carry is not None:
            if block[0] in _SPACES:
                found.insert(0, line[carry:at])
            elif len(found) == 1 and len(found[0]) == len(block):  # no space: still cut
                continue
            else:
                found[0] = line[carry : at + len(found[0])]
            carry = None
        if found and block[-1] not in _SPACES:
            carry = at + len(block) - len(found.pop())
        yield found
    if carry is not None:
        yield [line[carry:size]]


def same_runs(left: Iterable[Sequence], right: Iterable[Sequence]) -> bool:
    """Whether two runs of sequences, cut anywhere, hold the same items in all: the lists of
    ``view_words`` of two lines, or the byte chunks of ``joined_words``; compared a slice at a
    time, not item by item, nothing held but a piece of each."""
    left, right = iter(left), iter(right)
    want, have, i, j = (), (), 0, 0
    while True:
        if i == len(want):
            want, i = next((got for got in left if got), None), 0
        if j == len(have):
            have, j = next((got for got in right if got), None), 0
        if want is None or have is None:
            return want is have
        size = min(len(want) - i, len(have) - j)
        if want[i : i + size] != have[j : j + size]:
            return False
        i, j = i + size, j + size


def line_chunks(line: bytes | memoryview) -> Iterator[bytes]:
    """A line's bytes, a ``CHUNK`` at a time: a view of a long line copied a chunk at a time,
    never whole."""
    if not isinstance(line, memoryview):
        return iter([line])
    return (bytes(line[at : at + CHUNK]) for at in range(0, len(line), CHUNK))


def joined_words(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """``b" ".join(b"".join(chunks).split())``, a chunk at a time (testlib's ``lcmp`` of a
    long line): two lines hold the same words, between ASCII whitespace, when these are the
    same bytes (``same_runs``). Each chunk split by ``bytes.split`` (a regular expression's
    class of spaces scanned it 17 times slower); a word cut by a chunk's end goes on with no
    space."""
    in_word = started = False  # the last chunk ended inside a word; a word was given
    for chunk in chunks:
        found = chunk.split()
        if found:
            yield b"" if in_word and chunk[0] not in _SPACES else b" " if started else b""
            yield b" ".join(found)
            started = True
        in_word = bool(found) and chunk[-1] not in _SPACES


def spaced_words(output: bytes, views: bool = False) -> Iterator[tuple[bytes, bytes | None]]:
    """``(whitespace before it, word)`` for each of ``words(output)``, then ``(whitespace
    after the last, None)``: the pieces ``re.split(rb"(\\S+)", output)`` gives, in pairs, a
    chunk at a time (each ended after a word); ``views``: a piece longer than ``2 * CHUNK``
    as a view (above)."""
    start, size = 0, len(output)
    while True:
        found = _WORD_END.search(output, min(start + CHUNK, size))
        end = found.end() if found is not None else size
        if views and end - start > 2 * CHUNK:
            pieces = _spaced_in_place(output, start, end)
        else:
            pieces = _SPACED.split(output[start:end])
        yield from zip(pieces[0:-1:2], pieces[1::2])  # the last, b"" but at the end, dropped
        if end == size:
            yield pieces[-1], None
            return
        start = end


def _spaced_in_place(output: bytes, start: int, end: int) -> list[bytes]:
    """``_SPACED.split(output[start:end])``, a piece longer than ``2 * CHUNK`` a view."""
    pieces, at = [], start
    for found in _WORD.finditer(output, start, end):
        pieces += [piece(output, at, found.start()), piece(output, *found.span())]
        at = found.end()
    return [*pieces, piece(output, at, end)]


def piece(output: bytes, start: int, end: int) -> bytes:
    """``output[start:end]``, as a view when longer than ``2 * CHUNK``."""
    return memoryview(output)[start:end] if end - start > 2 * CHUNK else output[start:end]


def blank(output: bytes) -> bool:
    """Whether ``output`` is empty or ASCII whitespace alone (``strip()`` would leave nothing,
    ``words`` give none), read in place: no copy of a flood for it."""
    return not output or output.isspace()


def blank_file(file: BinaryIO) -> bool:
    """Whether what is left to read of ``file`` is ``blank``, read ``CHUNK`` bytes at a time:
    the kit holds a chunk, not the file."""
    return all(blank(chunk) for chunk in iter(lambda: file.read(CHUNK), b""))


def judged_lines(output: bytes, start: int = 0, views: bool = False) -> Iterator[bytes]:
    """The lines the ``lines`` mode compares (of ``output[start:]``, ``start`` after an LF):
    each right-stripped, trailing blank ones gone; ``views``: a long one as a view
    (above)."""
    blank = 0  # blank lines not yet given: gone if nothing follows them
    for chunk in _chunks(output, _NEWLINE, lambda text: text.split(b"\n"), start, views):
        lines = [_right_stripped(line) for line in chunk]
        last = len(lines)
        while last and not lines[last - 1]:
            last -= 1
        if last:
            yield from itertools.repeat(b"", blank)
            yield from itertools.islice(lines, last)
            blank = 0
        blank += len(lines) - last


def _right_stripped(line: bytes) -> bytes:
    """``line.rstrip()``, of a long line's view too (a view of it, or its few bytes left)."""
    if not isinstance(line, memoryview):
        return line.rstrip()
    end = len(line)
    while end > 0:
        kept = len(bytes(line[max(0, end - CHUNK) : end]).rstrip())
        end -= min(end, CHUNK) - kept
        if kept:
            break
    return line[:end] if end > CHUNK else bytes(line[:end])


def tokens(output: bytes, start: int = 0, views: bool = False) -> Iterator[bytes]:
    """The tokens of ``output`` (from ``start``) as testlib reads words: separated by its four
    blanks only, so a form feed or vertical tab (blanks to Python's ``split``) is part of a
    token; ``views``: a long one as a view (above)."""
    for token in _pieces(output, _BLANK, _BLANKS.split, start, views):
        if token:
            yield token


UTF8_BOM = b"\xef\xbb\xbf"


def output_tokens(output: bytes) -> Iterator[bytes]:
    """The tokens of a solution's output as testlib's checkers read it: a UTF-8 byte-order
    mark opening it is skipped (``registerTestlibCmd`` calls ``ouf.skipBom()``, testlib.h at
    1e4e8a2), the answer's is not."""
    return tokens(output, output_start(output))


def output_start(output: bytes) -> int:
    """Where a solution's output's tokens begin: past a UTF-8 byte-order mark opening it."""
    return len(UTF8_BOM) if output.startswith(UTF8_BOM) else 0


TESTLIB_BLANKS = b" \t\r\n"  # ``tokens``' separators
ASCII_SPACE = b" \t\n\r\x0b\x0c"  # ``words``' separators, and what ``bytes.rstrip`` strips
LINES = b"\n"  # ``judged_lines``' separator
# each separator made a space, every other byte an x: a token begins at each " x"
_TOKEN_MARKS = {
    separators: bytes(32 if byte in separators else 120 for byte in range(256))
    for separators in (TESTLIB_BLANKS, ASCII_SPACE)
}


def same_start(
    want: bytes, have: bytes, separators: bytes, have_from: int = 0
) -> tuple[int, int, int]:
    """How far ``want`` and ``have[have_from:]`` are the same bytes, as
    ``(pieces, want_at, have_at)``: both hold the same ``pieces`` tokens (between
    ``separators``: ``TESTLIB_BLANKS`` or ``ASCII_SPACE``) or lines (``LINES``) before
    ``want_at`` and ``have_at``, where the rest of each begins a token or line, so that the
    pieces of each are those before and those read from there (``tokens(want, want_at)``).
    Compared in C a block at a time; nothing is held but blocks."""
    same = _common_length(want, have, have_from)
    if separators == LINES:
        at = _after_last_content_line(want, same)
        return want.count(LINES, 0, at), at, have_from + at
    at = max(want.rfind(separator, 0, same) for separator in separators) + 1
    return _token_count(want, at, separators), at, have_from + at


def _common_length(want: bytes, have: bytes, have_from: int) -> int:
    """The length of the longest common start of ``want`` and ``have[have_from:]``: blocks
    compared, doubling from 16 bytes to ``CHUNK`` while equal, halved where they differ."""
    most = min(len(want), len(have) - have_from)
    same, step = 0, 16
    while same < most:
        step = min(step, most - same)
        if want[same : same + step] == have[have_from + same : have_from + same + step]:
            same, step = same + step, min(2 * step, CHUNK)
        elif step == 1:
            break
        else:
            step //= 2
    return same


def _after_last_content_line(want: bytes, same: int) -> int:
    """Where the line after the last line of ``want[:same]`` holding more than whitespace
    begins (0: none does): blank lines before it are kept by ``judged_lines``, those after it
    could be the trailing blank lines it drops. When that line does not end before ``same``
    (the outputs differ inside it), where it begins: the lines before it are whole."""
    end = same
    while end > 0:
        block = want[max(0, end - CHUNK) : end]
        kept = len(block.rstrip())
        if kept:
            content = end - len(block) + kept - 1  # the last byte that is not whitespace
            line_end = want.find(LINES, content, same)
            return want.rfind(LINES, 0, content) + 1 if line_end < 0 else line_end + 1
        end -= len(block)
    return 0


def _token_count(output: bytes, end: int, separators: bytes) -> int:
    """How many tokens ``output[:end]`` holds, counted a block at a time without making them:
    one begins wherever a separator (or the start) is followed by a byte that is not one."""
    table = _TOKEN_MARKS[separators]
    count, start = 0, 0
    while start < end:
        stop = min(start + CHUNK, end)
        before = output[start - 1 : start] if start else b" "
        count += (before + output[start:stop]).translate(table).count(b" x")
        start = stop
    return count

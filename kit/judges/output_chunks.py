"""An output's lines and tokens as the comparisons read them, a chunk at a time.

``words`` are the tokens ``bytes.split()`` gives (the ``lines`` mode's test of a presentation
error, the Kattis default validator's tokens); ``judged_lines`` the lines the ``lines`` mode
compares; ``tokens`` testlib's words, between its four blanks; ``output_tokens`` a solution's
output's tokens, a byte-order mark opening it skipped as testlib's checkers skip it. The modes
themselves are ``kit.judges.compare``'s.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator

# The lines and tokens of an output are read a chunk of about CHUNK bytes at a time, each
# ended where a separator is, so that the kit holds a chunk's pieces and not a whole output's
# (three million short lines took a list of 150 MB per side)
CHUNK = 1 << 16
_NEWLINE = re.compile(rb"\n")
_BLANK = re.compile(rb"[ \t\r\n]")  # testlib's blanks (``isBlanks``): LF, CR, space, tab
_BLANKS = re.compile(rb"[ \t\r\n]+")
_SPACE = re.compile(rb"[ \t\n\r\x0b\x0c]")  # what ``bytes.split()`` splits at


def _pieces(
    output: bytes, separator: re.Pattern, split: Callable[[bytes], list[bytes]], start: int = 0
) -> Iterator[bytes]:
    """What ``split(output[start:])`` returns, chunk by chunk: a chunk ends at a
    ``separator`` byte (dropped), which ``split`` splits at too."""
    return itertools.chain.from_iterable(_chunks(output, separator, split, start))


def _chunks(
    output: bytes, separator: re.Pattern, split: Callable[[bytes], list[bytes]], start: int = 0
) -> Iterator[list[bytes]]:
    """``_pieces``, a chunk's list at a time."""
    size = len(output)
    while start <= size:
        found = separator.search(output, min(start + CHUNK, size))
        end = found.start() if found is not None else size
        yield split(output[start:end])
        start = end + 1


def words(output: bytes) -> Iterator[bytes]:
    """What ``output.split()`` returns (tokens between ASCII whitespace), a chunk at a time."""
    return _pieces(output, _SPACE, bytes.split)


def judged_lines(output: bytes) -> Iterator[bytes]:
    """The lines the ``lines`` mode compares: each right-stripped, trailing blank ones gone."""
    blank = 0  # blank lines not yet given: gone if nothing follows them
    for chunk in _chunks(output, _NEWLINE, lambda text: text.split(b"\n")):
        lines = [line.rstrip() for line in chunk]
        last = len(lines)
        while last and not lines[last - 1]:
            last -= 1
        if last:
            yield from itertools.repeat(b"", blank)
            yield from itertools.islice(lines, last)
            blank = 0
        blank += len(lines) - last


def tokens(output: bytes, start: int = 0) -> Iterator[bytes]:
    """The tokens of ``output`` (from ``start``) as testlib reads words: separated by its four
    blanks only, so a form feed or vertical tab (blanks to Python's ``split``) is part of a
    token."""
    for token in _pieces(output, _BLANK, _BLANKS.split, start):
        if token:
            yield token


UTF8_BOM = b"\xef\xbb\xbf"


def output_tokens(output: bytes) -> Iterator[bytes]:
    """The tokens of a solution's output as testlib's checkers read it: a UTF-8 byte-order
    mark opening it is skipped (``registerTestlibCmd`` calls ``ouf.skipBom()``, testlib.h at
    1e4e8a2), the answer's is not."""
    return tokens(output, len(UTF8_BOM) if output.startswith(UTF8_BOM) else 0)

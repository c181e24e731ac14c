"""The hint for a wrong answer under an exact comparison (``lines``, ``tokens``, Kattis' default
validator without a tolerance) whose every difference is between two numbers close to each
other: most often an answer that the statement accepts within an error the problem's
``compare`` does not say.

    float_hint(spec, expected, got)  # [] or ["hint: ..."]

The hint names the smallest power of ten, down to 1e-9, that the largest error (absolute or
relative, the smaller) is within, as ``compare = "float:1e-6"`` (numbers of the same value
written otherwise, no error at all, are said so, with 1e-9), once the float comparison
(``kit.judges.compare``) is seen to accept the output with it; nothing when the outputs have
other differences, a different count of tokens, an expected integer (``5`` answered ``5.0``:
an integer answer, not a rounding), numbers further apart than ``NEAREST``, or when the
comparison already allows an error.
"""

from __future__ import annotations

import math
import re
from itertools import zip_longest

from kit.judges.compare import FloatComparator, number
from kit.judges.difference_messages import plain
from kit.judges.output_chunks import ASCII_SPACE, same_start, words

EXACT = ("lines", "tokens")  # the comparisons the hint is for, and Kattis' without a tolerance
KATTIS = "kattis"
NEAREST = 1e-3  # numbers further apart than this: a wrong number, not a rounding
FINEST = -9  # the smallest exponent named
_FRACTION_MARK = re.compile(rb"[.eE]")
HINT = (
    "hint: every difference is a number within an absolute or relative error of {error:.1e} "
    "({have} for {want} first): if the statement accepts an error of {tolerance}, set "
    'compare = "{setting}" in problems.toml'
)
SAME = (  # no error at all: digits of the same value (3.0 for 3.000000, 1e-05 for 0.00001)
    "hint: every difference is a number of the same value written otherwise ({have} for {want} "
    "first): print it as the answer does, or, if the statement accepts an error, set compare = "
    '"{setting}" in problems.toml'
)


def float_hint(spec: str, expected: bytes, got: bytes) -> list[str]:
    """The hint, or nothing (see the module doc)."""
    kattis, _, flags = spec.partition(":")
    if spec not in EXACT and not (kattis == KATTIS and "float" not in flags):
        return []
    differences = _differences(expected, got)
    if differences is None:
        return []
    first, largest = differences
    exponent = max(FINEST, math.ceil(math.log10(largest))) if largest > 0 else FINEST
    tolerance = f"1e{exponent}"
    if FloatComparator(f"float:{tolerance}", float(tolerance)).difference(expected, got):
        return []  # tokens the comparison reads otherwise (1_000.5): it would not accept them
    want, have = (_shown(token) for token in first)
    setting = f"float:{tolerance}"
    if kattis == KATTIS:  # the default validator's own flag, beside the flags it has
        setting = (
            f"kattis:{flags.strip() + ' ' if flags.strip() else ''}float_tolerance {tolerance}"
        )
    said = (HINT if largest > 0 else SAME).format(
        error=largest, want=want, have=have, tolerance=tolerance, setting=setting
    )
    return [said]


def _differences(expected: bytes, got: bytes) -> tuple[tuple[bytes, bytes], float] | None:
    """The first pair of tokens that differ and the largest error of any, when as many tokens
        differ only by numbers within ``NEAREST`` of each other; else None. Read a chunk at a
        time (``kit.judges.output_chunks.words``): an output of millions of tokens is never held,
    nor a copy of a long token (read in place, as the float comparison reads it)."""
    first, largest = None, 0.0
    _, want_at, have_at = same_start(expected, got, ASCII_SPACE)  # the same tokens before
    for want, have in zip_longest(words(expected, want_at, True), words(got, have_at, True)):
        if want == have:
            continue
        error = None if want is None or have is None else _error(want, have)
        if error is None or error > NEAREST:
            return None
        first = first or (want, have)
        largest = max(largest, error)
    return None if first is None else (first, largest)


def _error(want: bytes, have: bytes) -> float | None:
    """The smaller of the absolute and relative errors of ``have`` for ``want``, two finite
    decimal numbers, ``want`` with a fraction or an exponent (an integer is answered exactly);
    None otherwise."""
    if not _FRACTION_MARK.search(want):
        return None
    if isinstance(want, memoryview) or isinstance(have, memoryview):  # a long one, in place
        a, b = number(want), number(have)
        if a is None or b is None:
            return None
    else:
        try:
            a, b = float(want), float(have)
        except ValueError:
            return None
    if not (math.isfinite(a) and math.isfinite(b)):
        return None
    absolute = abs(a - b)
    return min(absolute, absolute / abs(a)) if a else absolute


def _shown(token: bytes) -> str:
    """A token as the hint shows it: whole, a long one (a view) cut as messages cut it."""
    return plain(token) if isinstance(token, memoryview) else token.decode("ascii", "replace")

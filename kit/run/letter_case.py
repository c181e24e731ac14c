"""The hint for a wrong answer that is the answer but for the case of its ASCII letters
(Codeforces' ``yes`` for ``YES``): the comparison, as the judge's, tells them apart, and its
message names the first token or line apart with no word that only the case differs.

    case_hint(comparator, input_path, expected, got)  # [] or ["hint: ..."]
    folded_accepted(comparator, input_path, (expected, got), folded)  # bool
    alike_sizes(expected, got)  # bool: whether folding could make the two alike at all

The hint is given when the problem's own comparison accepts the two with their letters made
lower case (so a layout that differs too gets none); the verdict stays. Every answer token a
YES or NO (in any case) adds testlib's ``nyesno`` checker, which accepts any case, for a
statement that says so. A checker's or validator's rule is a program of its own, never run a
second time for a hint: none is given there. ``folded_accepted`` is that judgement of two
texts made alike (here by their letters' case), which ``kit.run.unicode_forms``' hint (the two
made NFC) asks too. Two texts whose sizes no folding brings together (``alike_sizes``: one more
than 9 times the other, past 64 KiB for the layout) are not folded, for either hint: a 60 MiB
output written decomposed took the kit 409 MiB to fold, for a 2-byte answer.
"""

from __future__ import annotations

from pathlib import Path

from kit.judges.comparator import Comparator, runs_program

YES_NO = {b"yes", b"no"}
HINT = (
    "hint: the output is the answer but for the letters' case, which the comparison "
    "({spec}) tells apart as the judge's does: print them as the statement shows them"
)
ANY_CASE = ', or, if it accepts YES and NO in any case, set compare = "std:nyesno" in problems.toml'


# Made NFC, a code point's UTF-8 bytes grow or shrink 3 times at most alone (U+0390 is 2 bytes,
# its NFD 6; U+1D160 is 4, its NFC 12), and two texts NFC makes alike are 3.5 times each
# other's size at most (U+1FBE U+0308 U+0301, 7 bytes, is U+0390's 2: every code point's
# decompositions, unicodedata's tables, searched), 9 leaving room; the letters' case (ASCII's,
# bytes.lower) changes none; the layout (spaces, blank lines), which a comparison may not read,
# is given SLACK
GROWTH = 9
SLACK = 1 << 16


def alike_sizes(expected: bytes, got: bytes) -> bool:
    """Whether an answer and an output could be made alike by a hint's folding, by their
    sizes: what no folding brings together is not folded (a flood's copies)."""
    small, large = sorted((len(expected), len(got)))
    return large <= GROWTH * small + SLACK


def case_hint(comparator: Comparator, input_path: Path, expected: bytes, got: bytes) -> list[str]:
    """The hint, or nothing (see the module doc)."""
    if not alike_sizes(expected, got):
        return []
    folded = expected.lower(), got.lower()
    if not folded_accepted(comparator, input_path, (expected, got), folded):
        return []
    said = HINT.format(spec=comparator.spec)
    words = folded[0].split()
    if words and set(words) <= YES_NO:
        said += ANY_CASE
    return [said]


def folded_accepted(
    comparator: Comparator,
    input_path: Path,
    texts: tuple[bytes, bytes],
    folded: tuple[bytes, bytes],
) -> bool:
    """Whether the problem's comparison accepts ``folded``, the answer and the output
    (``texts``) made alike, when that changed either; never asked of a program's rule."""
    if runs_program(comparator.spec):  # no second run of a program for a hint
        return False
    if folded == texts:
        return False  # nothing folded: the same judgement again
    return comparator.judge(input_path, *folded).accepted

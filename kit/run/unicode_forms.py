"""The hint for a wrong answer that is the answer but for its Unicode normalisation: ``café``
written decomposed (NFD: ``e`` and a combining acute accent, ``cafe\\u0301``) where the answer
has it composed (NFC: one code point), or the other way round. The two differ as bytes, which
the judges' comparisons read (testlib's checkers compare strings of bytes, Kattis' default
validator C strings: ``kit.judges.compare``; none normalises), so the verdict stays.

    form_hint(comparator, input_path, expected, got)  # [] or ["hint: ..."]

The hint is given when the problem's own comparison accepts the two once both are made NFC
(``kit.run.letter_case.folded_accepted``, the letter-case hint's judgement: never asked of a
checker's or validator's program). An answer and an output both ASCII, which normalisation
leaves as they are, get none without any normalisation done; one not in UTF-8 gets none, nor
two whose sizes no normalisation brings together (``kit.run.letter_case.alike_sizes``).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from kit.judges.comparator import Comparator
from kit.run.letter_case import alike_sizes, folded_accepted

FORMS = ("NFC", "NFD")  # the forms a text is said to be in, the first that holds
HINT = (
    "hint: the output is the answer but for its Unicode normalisation (the output in {got}, "
    "the answer in {expected}), which the comparison ({spec}) tells apart as the judge's does: "
    "both compare bytes"
)
CONVERT = ': print unicodedata.normalize("{form}", text)'  # an answer in one of the FORMS


def form_hint(comparator: Comparator, input_path: Path, expected: bytes, got: bytes) -> list[str]:
    """The hint, or nothing (see the module doc)."""
    if not alike_sizes(expected, got) or (expected.isascii() and got.isascii()):
        return []
    try:
        texts = expected.decode("utf-8"), got.decode("utf-8")
    except UnicodeDecodeError:
        return []
    folded = tuple(unicodedata.normalize("NFC", text).encode("utf-8") for text in texts)
    if not folded_accepted(comparator, input_path, (expected, got), folded):
        return []
    want, have = map(_form, texts)
    said = HINT.format(got=have, expected=want, spec=comparator.spec)
    return [said + CONVERT.format(form=want) * (want in FORMS)]


def _form(text: str) -> str:
    """The form ``text`` is in, NFC first (an ASCII text is in both), else ``neither NFC nor
    NFD`` (a text with both kinds, or a singleton such as the Kelvin sign)."""
    found = [form for form in FORMS if unicodedata.is_normalized(form, text)]
    return found[0] if found else "neither NFC nor NFD"

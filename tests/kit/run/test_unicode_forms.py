"""kit.run.unicode_forms: a wrong answer that is the answer but for its Unicode normalisation
(``café`` decomposed, NFD, for the answer's composed NFC) gets a hint naming both forms; more
than the form differing, a checker's program, ASCII texts or bytes not in UTF-8 get none."""

import unicodedata
from pathlib import Path
from types import SimpleNamespace

import pytest

from kit.judges.compare import parse_compare
from kit.run import unicode_forms
from kit.run.letter_case import SLACK
from kit.run.unicode_forms import form_hint
from tests.memory_support import traced_peak

INPUT = Path("in")
NFC = "café\n".encode()
NFD = "cafe\u0301\n".encode()


def hint(spec: str, expected: bytes, got: bytes) -> list[str]:
    return form_hint(parse_compare(spec, Path("."), "t"), INPUT, expected, got)


@pytest.mark.parametrize("spec", ["lines", "tokens", "float:1e-6", "kattis", "std:wcmp"])
def test_nfd_for_an_nfc_answer_is_said_to_differ_in_normalisation_only(spec):
    assert not parse_compare(spec, Path("."), "t").judge(INPUT, NFC, NFD).accepted  # still WA
    (said,) = hint(spec, NFC, NFD)
    assert said == (
        "hint: the output is the answer but for its Unicode normalisation (the output in NFD, "
        f"the answer in NFC), which the comparison ({spec}) tells apart as the judge's does: "
        'both compare bytes: print unicodedata.normalize("NFC", text)'
    )


def test_the_other_way_round_and_a_form_that_is_neither():
    (said,) = hint("tokens", NFD, NFC)
    assert "(the output in NFC, the answer in NFD)" in said
    assert said.endswith('print unicodedata.normalize("NFD", text)')
    kelvin = "\u212a\n".encode()  # the Kelvin sign: NFC and NFD make it K
    mixed = "cafe\u0301 \u212b\n".encode()  # decomposed, and the Angstrom sign, in neither form
    (said,) = hint("lines", b"K\n", kelvin)
    assert "(the output in neither NFC nor NFD, the answer in NFC)" in said
    (said,) = hint("lines", unicodedata.normalize("NFC", mixed.decode()).encode(), mixed)
    assert "the output in neither NFC nor NFD" in said


@pytest.mark.parametrize(
    ("spec", "expected", "got"),
    [
        ("tokens", NFC, "cafe\u0300\n".encode()),  # a grave accent: another word
        ("lines", "café 1\n".encode(), "cafe\u0301\n1\n".encode()),  # the layout differs too
        ("tokens", NFC, NFC.replace(b"\n", b" 2\n")),  # another token besides
        ("tokens", NFC, b"caf\xe9\n"),  # Latin-1, not UTF-8
        ("tokens", b"fine\n", "\ufb01ne\n".encode()),  # the fi ligature: NFKC's, not NFC's
        ("tokens", b"cafe\n", b"cafe \n"),  # ASCII: nothing to normalise
    ],
)
def test_no_hint_where_more_than_the_form_differs(spec, expected, got):
    assert hint(spec, expected, got) == []


def test_ascii_texts_are_not_normalised(monkeypatch):
    """The cheap case: two ASCII texts (normalisation leaves them as they are) get no work."""
    monkeypatch.setattr(unicode_forms, "unicodedata", SimpleNamespace())  # no function at all
    assert hint("tokens", b"YES\n" * 1000, b"NO\n" * 1000) == []


def test_a_checker_program_is_not_run_again_for_a_hint(tmp_path):
    (tmp_path / "check.py").write_text(
        "import sys\nopen(sys.argv[0] + '.ran', 'a').write('x')\nsys.exit(1)\n"
    )
    checker = parse_compare("checker:check.py", tmp_path, "t")
    assert form_hint(checker, INPUT, NFC, NFD) == []
    assert not (tmp_path / "check.py.ran").exists()


def test_a_decomposed_flood_is_not_normalised_for_a_short_answer():
    """60 MiB of ``e`` and a combining accent for a 2-byte answer took the kit 409 MiB at its
    peak (decoded, made NFC, encoded again) for a hint it could not earn."""
    flood = "e\u0301".encode() * (3 << 20)
    peak, said = traced_peak(lambda: hint("tokens", b"3\n", flood))
    assert said == []
    assert peak < 1 << 20, peak


@pytest.mark.parametrize("text", ["\u0390", "\U0001d160"])  # 3 times their bytes, NFD, NFC
def test_the_forms_furthest_apart_in_size_still_get_the_hint(text):
    """U+0390 is 2 bytes and 6 decomposed; U+1D160 4 bytes and 12 made NFC (as NFD): the sizes
    that ``alike_sizes`` lets through, past its slack."""
    short = (text + "\n").encode() * (1 << 15)
    long = unicodedata.normalize("NFD", text + "\n").encode() * (1 << 15)
    assert len(long) == 3 * len(short) - 2 * (1 << 15) and len(short) > 1 << 16
    (said,) = hint("tokens", short, long)
    assert said.startswith("hint: the output is the answer but for its Unicode normalisation")


def test_the_texts_furthest_apart_in_size_that_nfc_makes_alike_still_get_the_hint():
    """U+1FBE U+0308 U+0301 (7 bytes: a singleton and two accents) made NFC is U+0390 (2
    bytes): 3.5 times apart, the most two texts NFC makes alike are (every code point's
    decompositions, unicodedata's tables, searched), past the 3 a code point grows or shrinks
    by alone, and within ``alike_sizes``' 9."""
    wide = "\u1fbe\u0308\u0301"
    assert unicodedata.normalize("NFC", wide) == "\u0390"
    short, long = ("\u0390" * (1 << 20) + "\n").encode(), (wide * (1 << 20) + "\n").encode()
    assert len(long) - 1 == 3.5 * (len(short) - 1) > 16 * SLACK  # past the slack's reach
    for expected, got in ((short, long), (long, short)):
        (said,) = hint("tokens", expected, got)
        assert said.startswith("hint: the output is the answer but for its Unicode normalisation")

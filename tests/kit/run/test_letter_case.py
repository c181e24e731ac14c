"""kit.run.letter_case: a wrong answer that is the answer but for its letters' case (Codeforces'
``yes`` for ``YES``) gets a hint, with testlib's ``nyesno`` named when every answer token is a
YES or NO; a layout that differs too, a case-blind rule, or a checker's program gets none."""

from pathlib import Path

import pytest

from kit.judges.compare import parse_compare
from kit.run.letter_case import GROWTH, SLACK, alike_sizes, case_hint
from tests.memory_support import traced_peak

INPUT = Path("in")


def hint(spec: str, expected: bytes, got: bytes) -> list[str]:
    return case_hint(parse_compare(spec, Path("."), "t"), INPUT, expected, got)


@pytest.mark.parametrize("spec", ["lines", "tokens", "float:1e-6", "kattis:case_sensitive"])
def test_yes_for_yes_is_said_to_differ_in_case_only(spec):
    (said,) = hint(spec, b"YES\nNO\n", b"yes\nno\n")
    assert said == (
        "hint: the output is the answer but for the letters' case, which the comparison "
        f"({spec}) tells apart as the judge's does: print them as the statement shows them, or, "
        'if it accepts YES and NO in any case, set compare = "std:nyesno" in problems.toml'
    )


def test_other_words_get_the_hint_without_nyesno():
    (said,) = hint("tokens", b"Alice 3\n", b"alice 3\n")
    assert said.endswith("print them as the statement shows them")


@pytest.mark.parametrize(
    ("spec", "expected", "got"),
    [
        ("tokens", b"YES\n", b"NO\n"),  # another word
        ("lines", b"YES NO\n", b"yes\nno\n"),  # the layout differs too: no case alone
        ("tokens", b"1 2\n", b"1 3\n"),  # no letter
        ("kattis", b"YES\n", b"NO\n"),  # case-blind: yes was accepted, NO is another word
    ],
)
def test_no_hint_where_more_than_case_differs(spec, expected, got):
    assert hint(spec, expected, got) == []


def test_a_checker_program_is_not_run_again_for_a_hint(tmp_path):
    (tmp_path / "check.py").write_text(
        "import sys\nopen(sys.argv[0] + '.ran', 'a').write('x')\nsys.exit(1)\n"
    )
    checker = parse_compare("checker:check.py", tmp_path, "t")
    assert case_hint(checker, INPUT, b"YES\n", b"yes\n") == []
    assert not (tmp_path / "check.py.ran").exists()


def test_a_flood_is_not_folded_for_a_short_answer():
    """A solution writing 60 MiB for a 2-byte answer: its output made lower case, a copy of
    it, took the kit's peak to 148 MiB for a hint no folding could earn."""
    flood = b"YES " * (4 << 20)
    peak, said = traced_peak(lambda: hint("tokens", b"3\n", flood))
    assert said == [] and peak < 1 << 20, peak
    assert not alike_sizes(b"3\n", flood) and not alike_sizes(flood, b"3\n")
    answer = b"YES\n" * (1 << 16)  # past the slack, as large: still folded
    (said,) = hint("tokens", answer, answer.lower())
    assert said.startswith("hint: the output is the answer but for the letters' case")
    assert alike_sizes(b"3", b"3" * (GROWTH * 1 + SLACK))
    assert not alike_sizes(b"3", b"3" * (GROWTH * 1 + SLACK + 1))

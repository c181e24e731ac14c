"""Every solution, helper and stress module opens with a header in the one convention
(docs/testing.md, "Headers"; the checker is tests/header_convention.py), and the checker itself
accepts and refuses what it should."""

from pathlib import Path

import pytest

from tests.header_convention import header_problems

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(
    path
    for folder in ("solutions", "shared", "stress")
    for path in (ROOT / folder).glob("*.py")
    if path.name != "__init__.py"
)


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_header_follows_the_convention(path):
    assert header_problems(path.read_text(encoding="utf-8")) == []


def test_header_check_accepts_a_conforming_header():
    header = "Union-find.\n\nDescription: sets.\n    More.\nMethod: m.\nTime: t.\nStatus: s."
    assert header_problems(f'"""{header}\n"""\n') == []


@pytest.mark.parametrize(
    ("header", "complaint"),
    [
        ("Union-find.\n\nProblem: x.\nMethod: m.\nTime: t.\nStatus: s.", "unknown field"),
        ("Union-find.\n\nDescription: d.\nTime: t.\nMethod: m.\nStatus: s.", "out of order"),
        ("Union-find.\n\nDescription: d.\n  two.\nMethod: m.\nTime: t.\nStatus: s.", "4-space"),
        ("Union-find.\n\nDescription: d.\nMethod: m.\nTime: t.", "missing field 'Status'"),
        ("Union-find.\nDescription: d.\nMethod: m.\nTime: t.\nStatus: s.", "one-line title"),
        ("U.\n\nDescription: d.\nMethod: m.\nTime: t.\nStatus: s.\n" + "    x\n" * 30, "lines"),
    ],
)
def test_header_check_rejects(header, complaint):
    problems = header_problems(f'"""{header}\n"""\n')
    assert any(complaint in problem for problem in problems), problems

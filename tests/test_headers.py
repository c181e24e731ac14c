"""Every solution and helper opens with a header in the one convention (README, "Headers").

    <one line: what it is>

    Description: what it computes or holds.
    Rules: the readings of the statement it relies on (solutions; optional).
    Usage: how it is called (helpers; optional).
    Method: how it works.
    Time: the cost.
    Memory: where it matters (optional).
    Status: the tests and figures that back it.

Fields come in this order, each at most once; a field's continuation lines are indented by
four spaces; nothing else (no ``Problem:``, ``Complexity:``, tuning history) and at most
``MAX_LINES`` lines in all: history and long explanations go to ``docs/``.
"""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIELDS = ("Description", "Rules", "Usage", "Method", "Time", "Memory", "Status")
REQUIRED = ("Description", "Method", "Time", "Status")
MAX_LINES = 30
FIELD_LINE = re.compile(r"([A-Z][A-Za-z ]*):(?: |$)")

FILES = sorted(
    path
    for folder in ("solutions", "shared", "stress")
    for path in (ROOT / folder).glob("*.py")
    if path.name != "__init__.py"
)


def header_problems(text: str) -> list[str]:
    """What is wrong with a module's header, as a list of messages (empty when it conforms)."""
    docstring = ast.get_docstring(ast.parse(text), clean=False)
    if not docstring:
        return ["no header docstring"]
    lines = docstring.strip("\n").splitlines()
    problems = []
    if len(lines) > MAX_LINES:
        problems.append(f"{len(lines)} lines, more than {MAX_LINES}")
    if len(lines) < 3 or not lines[0].strip() or lines[1].strip():
        return [*problems, "expected a one-line title, a blank line, then the fields"]
    seen: list[str] = []
    for number, line in enumerate(lines[2:], 3):
        if not line.strip():
            problems.append(f"line {number}: blank line inside the fields")
            continue
        match = FIELD_LINE.match(line)
        if match and not line.startswith(" "):
            name = match[1]
            if name not in FIELDS:
                problems.append(f"line {number}: unknown field {name!r}")
                continue
            if name in seen:
                problems.append(f"line {number}: field {name!r} repeated")
            elif seen and FIELDS.index(name) < FIELDS.index(seen[-1]):
                problems.append(f"line {number}: field {name!r} out of order")
            seen.append(name)
        elif not line.startswith("    "):
            problems.append(f"line {number}: expected 'Field: ...' or a 4-space continuation")
        elif not seen:
            problems.append(f"line {number}: continuation before any field")
    problems += [f"missing field {name!r}" for name in REQUIRED if name not in seen]
    return problems


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

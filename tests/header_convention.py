"""Test support (not a test module): the header convention's checker, used by
tests/test_headers.py on the repository and by tests/test_commands.py on new templates.

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

FIELDS = ("Description", "Rules", "Usage", "Method", "Time", "Memory", "Status")
REQUIRED = ("Description", "Method", "Time", "Status")
MAX_LINES = 30
FIELD_LINE = re.compile(r"([A-Z][A-Za-z ]*):(?: |$)")


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

"""The hint for a wrong answer that a debugging ``print`` left in the solution or a helper
explains: in an output of more lines than the expected one, a line the expected output does
not hold, starting with the text of a ``print`` whose literal starts no expected line.

    prints = printed(bundle.modules)  # once a bundle: about 20 ms for 50 KB of source
    stray_print_hint(prints, got, expected)  # [] or ["hint: ..."]

A ``print`` counts when it labels a value: its first argument is a string followed by more
arguments, or an f-string whose leading text (at least two characters, a letter among them) a
value follows, and it has no ``file=`` (stderr is not judged). ``print("NO")`` writes an
answer, not a stray line; and the text must start no line of the expected output:
``print("Case #1:", x)`` on a wrong ``x`` is a wrong answer too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from typing import NamedTuple, Protocol

from kit.judges.difference_messages import quoted
from kit.visible import text_of

LINES_LOOKED_AT = 10_000  # of the output, from its start
HINT = (
    "hint: output line {number}, {line}, is not in the expected output and starts as "
    "{where} line {lineno} prints: a debugging print left in? (print to sys.stderr: it is "
    "not judged)"
)


class Module(Protocol):
    rel: str  # its path as the user sees it
    tree: ast.Module


class Printed(NamedTuple):
    rel: str
    lineno: int
    start: str  # the text its line starts with


def stray_print_hint(prints: list[Printed], got: bytes, expected: bytes) -> list[str]:
    """The hint, or nothing when no line of ``got`` outside ``expected`` starts as one of
    ``prints`` writes."""
    if not prints:
        return []
    wanted = text_of(expected).splitlines()
    lines = text_of(got).splitlines()
    if len(lines) <= len(wanted):  # no line more than the answer's: a wrong answer, as YES 2
        return []  # for NO, by the same print that writes the answer
    prints = [p for p in prints if not any(w.startswith(p.start) for w in wanted)]
    lines = lines[:LINES_LOOKED_AT]
    for number, line in enumerate(lines, 1):  # none the expected output holds: see prints
        for found in prints:
            if line.startswith(found.start):
                shown = quoted(line.encode("utf-8", "surrogateescape"))  # the message's rule
                where = {"number": number, "line": shown, "where": found.rel}
                return [HINT.format(**where, lineno=found.lineno)]
    return []


def printed(modules: Iterable[Module]) -> list[Printed]:
    """Every ``print`` to stdout of ``modules`` whose output starts with known text."""
    found = []
    for module in modules:
        for node in ast.walk(module.tree):
            start = _start(node)
            if start is not None:
                found.append(Printed(module.rel, node.lineno, start))
    return found


def _start(node: ast.AST) -> str | None:
    """The text a ``print(...)`` call's output starts with, when it labels a value and is
    telling."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
        return None
    if node.func.id != "print" or not node.args or any(k.arg == "file" for k in node.keywords):
        return None
    first = node.args[0]
    labels = len(node.args) > 1  # a value follows the text
    if isinstance(first, ast.JoinedStr) and first.values:
        labels = labels or len(first.values) > 1
        first = first.values[0]
    if not (labels and isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return None
    start = first.value.split("\n", 1)[0]
    if len(start.strip()) < 2 or not any(c.isalpha() for c in start):
        return None
    return start

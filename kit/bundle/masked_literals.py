"""A source's text with its long flat tables of numbers blanked out, for the tokenizer: the
same length and positions, so that tokenizing a precomputed table of thousands of numbers on one
line costs little (Python 3.12's tokenizer copies a token's whole line into every token). The
tree walks skip the same tables (``kit.bundle.sources.is_literal_table``).
"""

from __future__ import annotations

import ast

from kit.bundle.source_text import split_lines
from kit.bundle.sources import MASK_FROM, children, is_number

_PLAIN_LITERAL = frozenset("0123456789abcdefxABCDEFXjJ_.,+- \t")  # numbers, signs, commas


def mask_literals(text: str, tree: ast.Module) -> str:
    """``text`` with the insides of long flat tables of numbers (``[1, -2, 3.5, ...]`` on one
    line, nothing but number literals in it) blanked to spaces: the same length and positions,
    so that tokenizing it costs little however long such a line is (Python 3.12's tokenizer
    copies a token's whole line for every token). Nothing is blanked that a comment, a string
    or a bracket could be part of."""
    lines = split_lines(text)
    spans: dict[int, list[tuple[int, int]]] = {}
    for node in _number_tables(tree):
        first, last = node.elts[0], node.elts[-1]
        if first.lineno != last.end_lineno:
            continue
        line = lines[first.lineno - 1]
        if not line.isascii():
            continue
        start, end = first.col_offset, last.end_col_offset
        if set(line[start:end]) <= _PLAIN_LITERAL:
            spans.setdefault(first.lineno - 1, []).append((start, end))
    for row, row_spans in spans.items():
        line = lines[row]
        for start, end in row_spans:
            line = line[:start] + " " * (end - start) + line[end:]
        lines[row] = line
    return "".join(lines)


def _number_tables(tree: ast.AST):
    """The lists, tuples and sets of at least MASK_FROM number literals (not looked into)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        elements = getattr(node, "elts", None)
        if (
            isinstance(node, (ast.List, ast.Tuple, ast.Set))
            and len(elements) >= MASK_FROM
            and all(map(is_number, elements))
        ):
            yield node
            continue
        stack.extend(children(node))

"""Where things are in a module's text: positions from the syntax tree and the tokens, the
spans that stripping cuts, and the text rewritten without them.

``SourceText(text, tree)`` holds the text's lines and tokens (number tables blanked first,
``kit.bundle.masked_literals.mask_literals``; each token without its line, which Python 3.12's
tokenizer copies whole into every token). It answers: the character offset of a tree
position, the lines a statement stands on alone, where an annotation's ``:`` or ``->``
starts and where an expression and its parentheses end, and the comments' spans. ``rewrite``
makes the new text from a list of (start, end, replacement) edits.
"""

from __future__ import annotations

import ast
import io
import tokenize

from kit.bundle.masked_literals import mask_literals
from kit.bundle.source_text import split_lines
from kit.errors import BuildError

Edit = tuple[int, int, str]  # (start, end, replacement): offsets into the text


class SourceText:
    def __init__(self, text: str, tree: ast.Module, rel: str) -> None:
        self.text = text
        self.rel = rel
        self.lines = split_lines(text)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))
        tokens = tokenize.generate_tokens(io.StringIO(mask_literals(text, tree)).readline)
        self.tokens = [token._replace(line="") for token in tokens]
        self.token_at = {token.start: index for index, token in enumerate(self.tokens)}
        self.depth: list[int] = []  # bracket depth before each token
        depth = 0
        for token in self.tokens:
            self.depth.append(depth)
            if token.type == tokenize.OP and token.string in "([{":
                depth += 1
            elif token.type == tokenize.OP and token.string in ")]}":
                depth -= 1

    # --- positions ---------------------------------------------------------------------------

    def col(self, lineno: int, byte_col: int) -> int:
        """The character column of a syntax-tree (UTF-8 byte) column."""
        line = self.lines[lineno - 1]
        if line.isascii():
            return byte_col
        return len(line.encode("utf-8")[:byte_col].decode("utf-8", "replace"))

    def offset(self, lineno: int, col: int) -> int:
        return self.starts[lineno - 1] + col

    def node_offset(self, lineno: int, byte_col: int) -> int:
        """The offset of a syntax-tree position."""
        return self.offset(lineno, self.col(lineno, byte_col))

    def token_index(self, lineno: int, byte_col: int) -> int | None:
        return self.token_at.get((lineno, self.col(lineno, byte_col)))

    def indent(self, lineno: int) -> str:
        line = self.lines[lineno - 1]
        return line[: len(line) - len(line.lstrip())]

    # --- statements and expressions ---------------------------------------------------------

    def own_lines(self, node: ast.stmt) -> tuple[int, int] | None:
        """(first, last) line of a statement standing on lines of its own, else None."""
        decorators = getattr(node, "decorator_list", [])
        first = decorators[0] if decorators else node
        line = self.lines[first.lineno - 1]
        prefix = line[: self.col(first.lineno, first.col_offset)].strip()
        if decorators:
            if prefix.replace(" ", "") != "@":
                return None
            opened = 0
        else:
            if prefix.strip("("):
                return None
            opened = prefix.count("(")
        end_line = self.lines[node.end_lineno - 1]  # type: ignore[operator]
        suffix = end_line[self.col(node.end_lineno, node.end_col_offset) :]  # type: ignore[arg-type]
        rest = suffix.lstrip()
        for _ in range(opened):
            if not rest.startswith(")"):
                return None
            rest = rest[1:].lstrip()
        if rest.rstrip("\n") and not rest.startswith("#"):
            return None
        return first.lineno, node.end_lineno  # type: ignore[return-value]

    def lines_span(self, first: int, last: int) -> tuple[int, int]:
        """Offsets of lines ``first`` to ``last``, the last line's newline left out."""
        return self.starts[first - 1], self.starts[last] - 1

    def before_marker(self, annotation: ast.expr, marker: str) -> int:
        """The offset where the token before the annotation's ``:`` or ``->`` ends (the
        annotation's cut starts there)."""
        index = self.first_token(annotation)
        while self.tokens[index].string != marker:
            index -= 1
        return self.offset(*self.tokens[index - 1].end)

    def first_token(self, node: ast.expr) -> int:
        index = self.token_index(node.lineno, node.col_offset)
        if index is None:
            raise BuildError(f"{self.rel}:{node.lineno}: cannot locate an annotation's tokens")
        while True:  # back over the parentheses wrapping it, on lines of their own too
            before = self._code_before(index)
            if (
                before < 0
                or self.tokens[before].string != "("
                or not self.paren_wraps(before, node)
            ):
                return index
            index = before

    def paren_wraps(self, index: int, node: ast.expr) -> bool:
        """Whether the ``(`` at ``index`` is closed right after ``node`` (parentheses of it)."""
        depth = self.depth[index]
        scan = self._code_from(self._end_index(node))
        while scan < len(self.tokens) and self.tokens[scan].string == ")":
            if self.depth[scan] == depth + 1:
                return True
            scan = self._code_from(scan + 1)
        return False

    def _code_from(self, index: int) -> int:
        """The first token at or after ``index`` that is not a line break or a comment inside
        brackets (``ruff format`` puts a long annotation's parentheses on lines of their own)."""
        while index < len(self.tokens) and self.tokens[index].type in _IN_BRACKETS:
            index += 1
        return index

    def _code_before(self, index: int) -> int:
        """The last token before ``index`` that is not a line break or a comment (-1: none)."""
        index -= 1
        while index >= 0 and self.tokens[index].type in _IN_BRACKETS:
            index -= 1
        return index

    def _end_index(self, node: ast.expr) -> int:
        """Index of the first token after ``node``."""
        end = (node.end_lineno, self.col(node.end_lineno, node.end_col_offset))  # type: ignore[arg-type]
        index = self.token_index(node.lineno, node.col_offset) or 0
        while index < len(self.tokens) and self.tokens[index].start < end:
            index += 1
        return index

    def expression_end(self, node: ast.expr) -> int:
        """The offset just after ``node`` and any parentheses wrapping it."""
        depth = self.depth[self.first_token(node)]
        index = self._end_index(node)
        scan = self._code_from(index)
        while (
            scan < len(self.tokens) and self.tokens[scan].string == ")" and self.depth[scan] > depth
        ):
            index = scan + 1
            scan = self._code_from(index)
        return self.offset(*self.tokens[index - 1].end)

    # --- comments -----------------------------------------------------------------------------

    def comment_edits(self, skipped_lines: set[int]) -> list[Edit]:
        """Each comment cut with the spaces before it (a comment alone on its line: the
        whole line's text), except on ``skipped_lines``."""
        edits = []
        previous_end: tuple[int, int] | None = None
        for token in self.tokens:
            if token.type == tokenize.COMMENT and token.start[0] not in skipped_lines:
                row = token.start[0]
                if previous_end is not None and previous_end[0] == row:
                    start = self.offset(*previous_end)
                else:
                    start = self.starts[row - 1]
                edits.append((start, self.offset(*token.end), ""))
            if token.type not in _LAYOUT:
                previous_end = token.end
        return edits


_LAYOUT = (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)
_IN_BRACKETS = (tokenize.NL, tokenize.COMMENT)  # the layout tokens found inside brackets


def rewrite(text: str, edits: list[Edit]) -> str:
    """``text`` with the edits made (an edit inside an earlier one's span is dropped); empty
    when nothing but blank lines is left, else ending with one newline."""
    parts = []
    position = 0
    for start, end, replacement in sorted(edits):
        if start < position:  # inside a removed statement
            continue
        parts.append(text[position:start])
        parts.append(replacement)
        position = end
    parts.append(text[position:])
    result = "".join(parts)
    return result.rstrip("\n") + "\n" if result.strip() else ""

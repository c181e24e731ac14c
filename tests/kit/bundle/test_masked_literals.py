"""kit.bundle.masked_literals: a masked table leaves the tokenizer a few tokens, whatever its
length (Python 3.12's tokenizer copies the whole line into every token: 16,000 numbers on a line
cost a gigabyte), and nothing else of the text changes. Checked by counting, not timing; the
figures are in docs/kit.md."""

import ast
import io
import tokenize

from kit.bundle.masked_literals import mask_literals
from tests.bundle_support import table_source


def tokens(text):
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def test_a_masked_table_tokenizes_to_a_handful_of_tokens_whatever_its_length():
    for count in (1000, 16000):
        text = table_source(count)
        masked = mask_literals(text, ast.parse(text))
        assert len(masked) == len(text)  # same positions
        table_line = masked.splitlines()[0]
        assert len([t for t in tokens(masked) if t.start[0] == 1]) < 10, table_line[:80]
    assert len(tokens(text)) > 2 * 16000  # unmasked: a token per number and comma


def test_masking_keeps_comments_strings_and_everything_but_number_tables():
    text = table_source(500)
    masked = mask_literals(text, ast.parse(text))
    assert masked.splitlines()[0].endswith("]  # a comment after the table")
    assert masked.splitlines()[1:] == text.splitlines()[1:]  # pairs and strings ('#' inside)
    assert ast.dump(ast.parse(masked).body[1]) == ast.dump(ast.parse(text).body[1])
    comments = [t.string for t in tokens(masked) if t.type == tokenize.COMMENT]
    assert comments == ["# a comment after the table"]


def test_a_table_with_brackets_between_its_numbers_is_left_to_the_tokenizer():
    """Blanking keeps no bracket's partner out: a table whose numbers are parenthesised is not
    masked (stripping reads bracket depths from the tokens)."""
    numbers = ", ".join(f"({i})" if i in (0, 99) else str(i) for i in range(100))
    text = f"T = [{numbers}]\n"
    assert mask_literals(text, ast.parse(text)) == text

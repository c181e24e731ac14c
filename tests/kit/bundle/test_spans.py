"""kit.bundle.spans: positions in a module's text (tree columns in UTF-8 bytes made character
offsets), the lines a statement stands on alone, where an annotation's cut starts and an
expression ends with its parentheses, the spans of comments, and the text rewritten from
(start, end, replacement) edits."""

import ast
import textwrap

import pytest

from kit.bundle.spans import SourceText, rewrite
from kit.errors import BuildError


def source(text):
    text = textwrap.dedent(text)
    return SourceText(text, ast.parse(text), "shared/m.py"), ast.parse(text), text


def test_a_tree_column_in_bytes_is_a_character_offset():
    spans, tree, text = source("s = 'é€'; t = 1\nu = 2\n")
    second = tree.body[1]  # t = 1, after two characters of three and two bytes
    assert second.col_offset == 13 and spans.col(1, second.col_offset) == 10
    start = spans.node_offset(second.lineno, second.col_offset)
    assert text[start : start + 5] == "t = 1"
    assert spans.offset(2, 0) == text.index("u = 2")


def test_a_statement_on_lines_of_its_own_and_one_sharing_its_line():
    spans, tree, _ = source(
        """\
        x = 1  # a comment
        y = 2; z = 3
        @decorator
        def f(
            a,
        ):
            pass
        """
    )
    x, y, z, f = tree.body
    assert spans.own_lines(x) == (1, 1)
    assert spans.own_lines(y) is None and spans.own_lines(z) is None
    assert spans.own_lines(f) == (3, 7)  # from its decorator


def test_lines_span_leaves_the_last_newline_out():
    spans, _, text = source("a = 1\nb = 2\nc = 3\n")
    start, end = spans.lines_span(2, 3)
    assert text[start:end] == "b = 2\nc = 3"


def test_an_annotation_s_cut_starts_after_the_name_and_an_expression_ends_after_its_parens():
    spans, tree, text = source("def f(a: (int), b: str = 'x') -> ((list)):\n    return a\n")
    arguments = tree.body[0].args.args
    first = spans.before_marker(arguments[0].annotation, ":")
    assert text[first : spans.expression_end(arguments[0].annotation)] == ": (int)"
    returns = tree.body[0].returns
    start = spans.before_marker(returns, "->")
    assert text[start : spans.expression_end(returns)] == " -> ((list))"


def test_comments_are_cut_with_the_spaces_before_them_unless_their_line_is_skipped():
    spans, _, text = source("x = 1   # after code\n# alone\ny = 2  # kept\n")
    edits = spans.comment_edits(skipped_lines={3})
    assert [text[start:end] for start, end, _ in edits] == ["   # after code", "# alone"]
    assert rewrite(text, edits) == "x = 1\n\ny = 2  # kept\n"


def test_an_annotation_whose_tokens_cannot_be_found_is_one_line():
    spans, tree, _ = source("x: int = 1\n")
    annotation = tree.body[0].annotation
    annotation.col_offset = 4  # inside `int`: no token starts there
    with pytest.raises(BuildError, match=r"^shared/m\.py:1: cannot locate an annotation"):
        spans.first_token(annotation)


def test_rewrite_applies_edits_in_order_and_drops_one_inside_another():
    text = "keep\ncut this\nkeep too\n"
    cut = (text.index("cut"), text.index("keep too"), "")
    inner = (text.index("this"), text.index("this") + 4, "that")
    assert rewrite(text, [inner, cut]) == "keep\nkeep too\n"
    assert rewrite(text, [(0, 4, "KEPT")]) == "KEPT\ncut this\nkeep too\n"


def test_rewrite_ends_with_one_newline_or_is_empty():
    assert rewrite("a = 1\n\n\n", []) == "a = 1\n"
    assert rewrite("a = 1", []) == "a = 1\n"
    assert rewrite("'''doc'''\n\n", [(0, 9, "")]) == ""

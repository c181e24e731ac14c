"""kit.bundle.source_text: a source's text decoded as Python decodes it (its coding declaration
then naming UTF-8), and parsed without the code's own warnings, what the parser refuses one line."""

import ast
import sys

import pytest

from kit.bundle.source_text import decoded, parse, quiet_parse
from kit.errors import BuildError


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        (b'x = "caf\xc3\xa9"\n', 'x = "caf\xe9"\n'),
        (b'\xef\xbb\xbfx = "caf\xc3\xa9"\n', 'x = "caf\xe9"\n'),
        (b'# -*- coding: latin-1 -*-\nx = "caf\xe9"\n', '# -*- coding: utf-8 -*-\nx = "caf\xe9"\n'),
        (b'#!/usr/bin/env python3\n# vim: set fileencoding=cp1251 :\nx = "\xe0"\n',
         '#!/usr/bin/env python3\n# vim: set fileencoding=utf-8 :\nx = "\u0430"\n'),
        (b'x = 1\n# coding: latin-1\ny = "\xc3\xa9"\n', 'x = 1\n# coding: latin-1\ny = "\xe9"\n'),
    ],
)  # fmt: skip
def test_a_source_is_read_as_python_reads_it_and_declared_utf_8(raw, text):
    """A coding declaration counts on a comment line among the first two only; the text keeps
    its lines, the declaration now naming the bundle's UTF-8."""
    assert decoded(raw, "a.py") == text


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b'x = "caf\xe9"\n',
         "a.py:1: not UTF-8 text (byte \\xe9: invalid continuation byte): save the file as UTF-8, "
         "or declare the encoding it is in on its first line (# coding: latin-1)"),
        (b'"""Doc."""\n\n# caf\xe9\nx = 1\n',
         "a.py:3: not UTF-8 text (byte \\xe9: invalid continuation byte): save the file as UTF-8, "
         "or declare the encoding it is in on its first line (# coding: latin-1)"),
        (b'\xef\xbb\xbfx = 1\n\xff\n',
         "a.py:2: not UTF-8 text (byte \\xff: invalid start byte): save the file as UTF-8, "
         "or declare the encoding it is in on its first line (# coding: latin-1)"),
        (b"# coding: klingon\n", "a.py: unknown encoding: klingon"),
        (b"\xef\xbb\xbf# coding: latin-1\n", "a.py: a UTF-8 byte-order mark with another coding"),
        (b"# coding: ascii\nx = '\xc3\xa9'\n",
         "a.py:2: not ascii text, as its coding declaration says (byte \\xc3: ordinal not in "
         "range(128)): save the file as ascii, or declare the encoding it is in"),
    ],
)  # fmt: skip
def test_a_source_python_cannot_read_is_one_line(raw, message):
    """A byte not in the file's encoding is given its line, not its offset, and what to do: a
    Latin-1 comment (``# caf\\xe9``) that CPython passes over is refused by PyPy."""
    with pytest.raises(BuildError) as caught:
        decoded(raw, "a.py")
    assert str(caught.value) == message


def test_a_parse_prints_no_warning_of_the_code_s_own(recwarn):
    """PyRival's docstrings hold invalid escapes ('\\ '): every build printed SyntaxWarnings."""
    import warnings  # noqa: PLC0415

    warnings.simplefilter("always")
    tree = quiet_parse('"""a \\ b \\d"""\nx = "\\d"\n', "pyrival/graphs/edge_bcc.py")
    assert isinstance(tree, ast.Module) and len(recwarn) == 0
    parse('x = "\\d"\n', "m.py")
    assert len(recwarn) == 0


def test_a_nul_byte_is_a_syntax_error_without_a_line():
    """Python 3.11.4+ gives it no line: ``a.py:None:`` before."""
    with pytest.raises(BuildError, match=r"^a\.py: (syntax error|cannot be parsed): .*null"):
        parse("x = 1\0\n", "a.py")


def test_a_chain_too_deep_for_the_parser_is_one_line():
    """A RecursionError of the parser (CPython 3.11 follows about three times the recursion
    limit; 3.12+ has a limit of its own) says what to do, with the file."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        with pytest.raises(BuildError, match=r"^a\.py: nested too deep for the kit's Python"):
            parse("x = 0" + " + 1" * 50000 + "\n", "a.py")
    finally:
        sys.setrecursionlimit(limit)


def test_a_chain_of_unary_operators_the_parser_runs_out_of_stack_on_is_one_line():
    """``x = ------...1``: CPython 3.11's parser raises MemoryError, not RecursionError, past
    about 6000 operators (a traceback); 3.12+ a RecursionError or nothing."""
    text = "x = " + "-" * 7000 + "1\n"
    try:
        parse(text, "a.py")
    except BuildError as error:
        assert str(error).startswith("a.py: nested too deep for the kit's Python"), error

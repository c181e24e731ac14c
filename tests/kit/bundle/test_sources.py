"""kit.bundle.sources: what keeps the build linear on long-line sources (a precomputed table on one
line): `mask_literals` leaves the tokenizer a few tokens per table, whatever its length (Python
3.12's tokenizer copies the whole line into every token: 16,000 numbers on a line cost a
gigabyte), and `walk` does not descend into literal tables. Both are checked by counting, not
timing; the figures are in docs/kit.md."""

import ast
import io
import random
import tokenize
from pathlib import Path

import pytest

from kit.bundle import sources
from kit.bundle.sources import (
    Source,
    attribute_chain,
    children,
    decoded,
    import_bindings,
    kept,
    mask_literals,
    quiet_parse,
    star_names,
    walk,
)
from kit.errors import BuildError


def table_source(count, seed=1):
    rng = random.Random(seed)
    numbers = ", ".join(str(rng.randrange(-(10**6), 10**6)) for _ in range(count))
    return (
        f"TABLE = [{numbers}]  # a comment after the table\n"
        f"PAIRS = [{', '.join(f'({i}, {i + 1})' for i in range(100))}]\n"
        f"WORDS = [{', '.join(repr(f'w#{i}') for i in range(100))}]\n"
        "print(TABLE[3], len(PAIRS), WORDS[7])\n"
    )


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


def test_walk_finds_what_ast_walk_finds_except_inside_literal_tables():
    text = table_source(16000)
    tree = ast.parse(text)
    mine = list(walk(tree))
    assert len(mine) < 2000 < 16000 < len(list(ast.walk(tree)))
    names = [node.id for node in mine if isinstance(node, ast.Name)]
    assert names == [n.id for n in ast.walk(tree) if isinstance(n, ast.Name)]
    calls = [node for node in mine if isinstance(node, ast.Call)]
    assert len(calls) == 2  # print(...) and len(...)


def test_children_are_ast_s_child_nodes_in_their_order():
    """Over every node of the kit's own sources (each kind of statement and expression, with
    optional fields left empty): the same nodes as ``ast.iter_child_nodes``, in its order."""
    folder = Path(sources.__file__).parents[1]
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            assert children(node) == list(ast.iter_child_nodes(node)), (path, ast.dump(node))


def test_a_kept_tree_is_walked_once_and_any_other_afresh(monkeypatch):
    """The checks walk each module's tree some forty times: a kept tree's nodes are listed
    when it is kept, and every walk after reads that list; a tree not kept (the one the strip's
    verification changes) is walked as it is now."""
    text = "def f(x):\n    return [x, 1]\n\nprint(f(2))\n"
    fresh = ast.parse(text)
    tree = kept(ast.parse(text))
    asked = []
    real = sources.children
    monkeypatch.setattr(sources, "children", lambda node: asked.append(node) or real(node))
    from_list = list(walk(tree))
    assert asked == []
    walked = list(walk(fresh))
    assert len(asked) == len(walked) and [type(n) for n in from_list] == [type(n) for n in walked]
    fresh.body.pop()
    assert len(list(walk(fresh))) < len(list(walk(tree)))


def test_a_kept_tree_is_freed_with_its_walk():
    """A ``watch`` or ``listen`` session bundles again and again: the table of kept walks
    must not hold the trees it lists."""
    import gc

    tree = kept(ast.parse("x = [1, 2]\n"))
    held = len(sources._KEPT)
    del tree
    gc.collect()
    assert len(sources._KEPT) == held - 1


def test_a_source_s_trees_are_kept(tmp_path):
    (tmp_path / "m.py").write_text("x = 1\n")
    source = sources.read_source(tmp_path, "m", tmp_path / "m.py", is_package=False)
    source.shipped = "x = 1\n"
    assert source.tree in sources._KEPT and source.shipped_tree() in sources._KEPT


def test_a_table_with_brackets_between_its_numbers_is_left_to_the_tokenizer():
    """Blanking keeps no bracket's partner out: a table whose numbers are parenthesised is not
    masked (stripping reads bracket depths from the tokens)."""
    numbers = ", ".join(f"({i})" if i in (0, 99) else str(i) for i in range(100))
    text = f"T = [{numbers}]\n"
    assert mask_literals(text, ast.parse(text)) == text


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
        (b'x = "caf\xe9"\n', "a.py: not UTF-8 text (invalid continuation byte at byte 8)"),
        (b"# coding: klingon\n", "a.py: unknown encoding: klingon"),
        (b"\xef\xbb\xbf# coding: latin-1\n", "a.py: a UTF-8 byte-order mark with another coding"),
        (b"# coding: ascii\nx = '\xc3\xa9'\n",
         "a.py: not ascii text (ordinal not in range(128) at byte 21)"),
    ],
)  # fmt: skip
def test_a_source_python_cannot_read_is_one_line(raw, message):
    with pytest.raises(BuildError) as caught:
        decoded(raw, "a.py")
    assert str(caught.value) == message


@pytest.mark.parametrize(
    "statement, bindings",
    [
        ("import os", [("os", "os")]),
        ("import os.path", [("os", "os")]),
        ("import os.path as p, sys", [("p", "os.path"), ("sys", "sys")]),
        (
            "from collections import deque as dq, Counter",
            [("dq", "collections.deque"), ("Counter", "collections.Counter")],
        ),
        ("from . import sub", [("sub", "top.pkg.sub")]),
        ("from ..up import x", [("x", "top.up.x")]),
        ("from .m import *", [("*", "top.pkg.m")]),
        ("from __future__ import annotations", [("annotations", "__future__.annotations")]),
    ],
)
def test_an_import_binds_each_name_to_what_python_binds_it_to(statement, bindings):
    tree = ast.parse(statement)
    source = Source("top.pkg.mod", Path("top/pkg/mod.py"), "top/pkg/mod.py", False, statement, tree)
    assert import_bindings(source, tree.body[0]) == bindings


@pytest.mark.parametrize(
    ("text", "names", "unread"),
    [
        ("__all__ = ['a', 'b']\n", ["a", "b"], None),
        ("__all__ = ('a',)\n__all__ += ['b']\n__all__.extend(['c'])\n__all__.append('d')\n",
         ["a", "b", "c", "d"], None),
        ("__all__ = ['a']\n__all__ = ['b']\n", ["b"], None),
        ("X = 1\n", [], None),
        ("__all__ = ['a']\n__all__ += NAMES\n", ["a"], 2),
        ("__all__ = ['a']\nif X:\n    __all__ += ['b']\nelse:\n    __all__.insert(0, 'c')\n",
         ["a", "b", "c"], None),
        ("__all__ = ['a']\n__all__[1:] = ['b']\n", ["a"], 2),
        ("__all__ = [name for name in dir()]\n", [], 1),
        # a common idiom: the submodules it names were left out of the bundle
        ("__all__ = 'top submod'.split()\n__all__ += 'c'.split()\n", ["top", "submod", "c"], None),
        ("__all__ = 'a,b'.split(',')\n", [], 1),
    ],
)  # fmt: skip
def test_star_names_reads_all_as_its_statements_write_it(text, names, unread):
    assert star_names(ast.parse(text).body) == (names, unread)


def test_a_parse_prints_no_warning_of_the_code_s_own(recwarn):
    """PyRival's docstrings hold invalid escapes ('\\ '): every build printed SyntaxWarnings."""
    import warnings  # noqa: PLC0415

    warnings.simplefilter("always")
    tree = quiet_parse('"""a \\ b \\d"""\nx = "\\d"\n', "pyrival/graphs/edge_bcc.py")
    assert isinstance(tree, ast.Module) and len(recwarn) == 0
    sources.parse('x = "\\d"\n', "m.py")
    assert len(recwarn) == 0


def test_a_nul_byte_is_a_syntax_error_without_a_line():
    """Python 3.11.4+ gives it no line: ``a.py:None:`` before."""
    with pytest.raises(BuildError, match=r"^a\.py: (syntax error|cannot be parsed): .*null"):
        sources.parse("x = 1\0\n", "a.py")


def test_a_chain_too_deep_for_the_parser_is_one_line():
    """A RecursionError of the parser (CPython 3.11 follows about three times the recursion
    limit; 3.12+ has a limit of its own) says what to do, with the file."""
    limit = sources.sys.getrecursionlimit()
    sources.sys.setrecursionlimit(200)
    try:
        with pytest.raises(BuildError, match=r"^a\.py: nested too deep for the kit's Python"):
            sources.parse("x = 0" + " + 1" * 50000 + "\n", "a.py")
    finally:
        sources.sys.setrecursionlimit(limit)


def test_a_chain_of_unary_operators_the_parser_runs_out_of_stack_on_is_one_line():
    """``x = ------...1``: CPython 3.11's parser raises MemoryError, not RecursionError, past
    about 6000 operators (a traceback); 3.12+ a RecursionError or nothing."""
    text = "x = " + "-" * 7000 + "1\n"
    try:
        sources.parse(text, "a.py")
    except BuildError as error:
        assert str(error).startswith("a.py: nested too deep for the kit's Python"), error


@pytest.mark.parametrize(
    ("text", "chain"),
    [("a.b.c", ["a", "b", "c"]), ("a.b", ["a", "b"]), ("f().b.c", []), ("a[0].b", [])],
)
def test_an_attribute_chain_on_a_name_is_its_names_from_the_base(text, chain):
    assert attribute_chain(ast.parse(text, mode="eval").body) == chain

"""kit.bundle.sources: the walk that keeps the build linear on long-line sources (a precomputed
table on one line) does not descend into literal tables, checked by counting, not timing (the
figures are in docs/kit.md; the masking for the tokenizer is tested in test_masked_literals.py);
a kept tree walked once; what an import binds, an attribute chain."""

import ast
from pathlib import Path

import pytest

from kit.bundle import sources
from kit.bundle.sources import (
    Source,
    attribute_chain,
    children,
    import_bindings,
    imported_modules,
    kept,
    private_name,
    renaming,
    walk,
)
from tests.bundle_support import table_source


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
    must not hold the trees it lists. The tree itself is watched: other tests' trees left in
    cycles are freed by the same collection, so the table's size says nothing of this one."""
    import gc
    import weakref

    tree = kept(ast.parse("x = [1, 2]\n"))
    gone = weakref.ref(tree)
    assert tree in sources._KEPT
    del tree
    gc.collect()
    assert gone() is None


def test_a_source_s_trees_are_kept(tmp_path):
    (tmp_path / "m.py").write_text("x = 1\n")
    source = sources.read_source(tmp_path, "m", tmp_path / "m.py", is_package=False)
    source.shipped = "x = 1\n"
    assert source.tree in sources._KEPT and source.shipped_tree() in sources._KEPT


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
    ("text", "chain"),
    [("a.b.c", ["a", "b", "c"]), ("a.b", ["a", "b"]), ("f().b.c", []), ("a[0].b", [])],
)
def test_an_attribute_chain_on_a_name_is_its_names_from_the_base(text, chain):
    assert attribute_chain(ast.parse(text, mode="eval").body) == chain


def test_a_source_saved_again_removed_or_unreadable_is_changed_one_as_read_is_not(tmp_path):
    """What a build checks before it puts its bundle in ``dist/``: the files still hold the
    texts it was made of (CRLF line ends read as ``\\n`` are the same text)."""
    first, second = tmp_path / "a.py", tmp_path / "b.py"
    first.write_bytes(b"x = 1\r\n")
    second.write_text("y = 2\n")
    modules = [sources.read_source(tmp_path, name, path, is_package=False)
               for name, path in (("__main__", first), ("b", second))]  # fmt: skip
    assert sources.changed_source(modules) is None
    first.write_bytes(b"x = 1\n")
    assert sources.changed_source(modules) is None
    second.write_text("y = 3\n")
    assert sources.changed_source(modules) is modules[1]
    second.unlink()
    assert sources.changed_source(modules) is modules[1]
    second.write_bytes(b"# coding: nonesuch\n")
    assert sources.changed_source(modules) is modules[1]


def test_a_namespace_package_is_no_changed_source(tmp_path):
    """A folder without ``__init__.py`` is read as an empty module: it was said to have
    changed (its folder is no file), and every build of a library laid out so failed."""
    (tmp_path / "loose").mkdir()
    folder = Source("loose", tmp_path / "loose", "loose/", True, "", ast.parse(""))
    assert sources.changed_source([folder]) is None


PRIVATE = {
    ("__s", "K"): "_K__s",
    ("__s", "_K"): "_K__s",  # the class's leading underscores stripped
    ("__s", "___K__x"): "_K__x__s",
    ("__s", "K_"): "_K___s",
    ("__s", "__"): "__s",  # a class named by underscores alone renames nothing
    ("__u__", "K"): "__u__",  # a dunder is not renamed
    ("_s", "K"): "_s",
}


@pytest.mark.parametrize(("name", "owner"), sorted(PRIVATE))
def test_a_private_name_in_a_class_body_is_the_one_cpython_compiles(name, owner):
    """As ``compile`` writes it into ``co_names``: ``__s`` in class ``K`` reads ``_K__s``."""
    code = compile(f"class {owner}:\n    def f(self):\n        return {name}\n", "k", "exec")
    method = next(c for c in code.co_consts[0].co_consts if hasattr(c, "co_names"))
    assert method.co_names == (PRIVATE[name, owner],)
    assert private_name(name, owner) == PRIVATE[name, owner]


@pytest.mark.parametrize(
    "statement, modules, bindings",
    [
        ("import __w", ["_K__w"], [("_K__w", "_K__w")]),
        ("import __w.x", ["__w.x"], [("_K__w", "__w")]),
        ("import __w as __z", ["_K__w"], [("_K__z", "_K__w")]),
        ("from __w import __x as y", ["_K__w"], [("y", "_K__w._K__x")]),
        ("from __w.q import __r", ["__w.q"], [("_K__r", "__w.q._K__r")]),
        ("from .__m import x", ["top.pkg._K__m"], [("x", "top.pkg._K__m.x")]),
        ("import __init__, __w__", ["__init__", "__w__"], [("__init__", "__init__"),
                                                           ("__w__", "__w__")]),
    ],
)  # fmt: skip
def test_an_import_in_a_class_body_names_what_cpython_renames(statement, modules, bindings):
    """``co_names`` of CPython 3.8.18 and 3.13.0 for these statements in ``class K:`` (in a
    function defined there too): an undotted private name is renamed, a dotted one not."""
    for text in (f"class K:\n    {statement}\n", f"class K:\n    def f():\n        {statement}\n"):
        tree = ast.parse(text)
        source = Source("top.pkg.mod", Path("top/pkg/mod.py"), "top/pkg/mod.py", False, text, tree)
        node = tree.body[0].body[0]
        node = node.body[0] if isinstance(node, ast.FunctionDef) else node
        assert imported_modules(source, node) == modules
        assert import_bindings(source, node) == bindings


@pytest.mark.parametrize(
    "owner, statement, renamed",
    [
        ("K", "import os, __w", [None, ("K", "__w")]),
        ("__K", "from __w import y", [("__K", "__w")]),
        ("K", "from .__m import x", [("K", "__m")]),
        ("K", "import __w.x", [None]),  # dotted: not renamed
        ("K", "import _K__w", [None]),  # written as it is imported
        ("_", "import ___w", [None]),  # a class of underscores alone renames nothing
    ],
)  # fmt: skip
def test_a_module_name_a_class_body_renamed_is_told_with_its_class(owner, statement, renamed):
    """``renaming``: the class and the name written, for the message of a module not found."""
    text = f"class {owner}:\n    {statement}\n"
    tree = ast.parse(text)
    source = Source("top.pkg.mod", Path("top/pkg/mod.py"), "top/pkg/mod.py", False, text, tree)
    node = tree.body[0].body[0]
    assert [renaming(node, name) for name in imported_modules(source, node)] == renamed


def test_a_source_s_class_bodies_are_marked_once(tmp_path, monkeypatch):
    """``mark_class_bodies`` walks every statement: a source read (its tree kept) is marked
    as it is kept, not again as the ``Source`` is made; a tree given unkept is marked then."""
    marked = []
    real = sources.mark_class_bodies

    def counted(statements, owner=""):
        marked.append(statements)
        real(statements, owner)

    monkeypatch.setattr(sources, "mark_class_bodies", counted)
    (tmp_path / "m.py").write_text("class K:\n    import __w\n")
    source = sources.read_source(tmp_path, "m", tmp_path / "m.py", is_package=False)
    assert sum(each is source.tree.body for each in marked) == 1
    assert source.tree.body[0].body[0]._kit_class == "K"
    tree = ast.parse("class K:\n    import __w\n")
    Source("m", Path("m.py"), "m.py", False, "", tree)
    assert sum(each is tree.body for each in marked) == 1 and tree.body[0].body[0]._kit_class


@pytest.mark.parametrize(
    ("again", "flags"),
    [
        ("", {"PYPY"}),
        ("if len(sys.argv) > 5:\n    PYPY = True", set()),
        ("def main():\n    global PYPY\n    PYPY = True", set()),
        ("for PYPY in (True,):\n    pass", set()),
        ("from os import sep as PYPY", set()),
        ("import PYPY.path", set()),
        ("try:\n    pass\nexcept OSError as PYPY:\n    pass", set()),
        ("def PYPY():\n    pass", set()),
        ("PYPY += 1", set()),
        ("def main():\n    PYPY = True", set()),  # a local: conservative, bound twice here
        ("del PYPY", set()),
        ("(PYPY := 1)", set()),
        # a parameter, a match's capture: locals or rebound, conservative as above (a
        # function's ``PYPY and x.bit_count()`` on its parameter was read as PyPy's)
        ("def main(PYPY):\n    pass", set()),
        ("def main(*, PYPY=1):\n    pass", set()),
        ("f = lambda PYPY: PYPY", set()),
        ("match sys.argv:\n    case PYPY:\n        pass", set()),
        ("match sys.argv:\n    case [*PYPY]:\n        pass", set()),
        ("match sys.argv:\n    case {**PYPY}:\n        pass", set()),
        ("match sys.argv:\n    case [x] as PYPY:\n        pass", set()),
        # anything that may bind any name, or an attribute of that name set (the module's)
        ("exec('PYPY = True')", set()),
        ("eval('(PYPY := True)')", set()),
        ("globals()['PYPY'] = True", set()),
        ("vars()['PYPY'] = True", set()),
        ("setattr(sys.modules[__name__], 'PYPY', True)", set()),
        ("sys.modules[__name__].PYPY = True", set()),
        ("sys.modules[__name__].__dict__['PYPY'] = True", set()),
        ("sys.modules[__name__].__setattr__('PYPY', True)", set()),
        ("object.__delattr__(sys.modules[__name__], 'PYPY')", set()),
        ("from os.path import *", set()),
    ],
)
def test_a_test_bound_at_the_top_level_is_a_flag_only_when_bound_nowhere_else(again, flags):
    """The implementation, platform, settled and version flags all read ``tests_bound_once``:
    a name bound again anywhere in the module (nested block, function, loop, import, except,
    ``del``, walrus, a parameter, a ``match``'s capture; ``exec``, ``globals()``, a ``*``
    import, an attribute of its name set) may hold something else when it is read, so it is
    no flag."""
    tree = ast.parse(
        "import sys\nPYPY = sys.implementation.name == 'pypy'\n" + again + "\nif PYPY:\n    pass\n"
    )
    found = sources.tests_bound_once(tree, lambda test: isinstance(test, ast.Compare))
    assert set(found) == flags
    assert (len(sources.bindings(tree, "PYPY")) == 1) == bool(flags)

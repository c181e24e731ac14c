"""kit.bundle.import_calls: the modules a source imports by calling ``__import__`` or
``importlib.import_module``, under the names it binds them to, made absolute from the call's
literal arguments; a computed name found as None; a helper's main block not read."""

import ast
from pathlib import Path

import pytest

from kit.bundle.import_calls import dynamic_imports, import_calls
from kit.bundle.sources import Source
from kit.errors import BuildError


def _helper(text: str, name: str = "top.pkg.mod") -> Source:
    rel = name.replace(".", "/") + ".py"
    return Source(name, Path(rel), rel, False, text, ast.parse(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("__import__('a.b')\n", [(1, "a.b")]),
        ("import importlib\nimportlib.import_module('a')\n", [(2, "a")]),
        ("import builtins\nbuiltins.__import__('a')\n", [(2, "a")]),
        ("from importlib import import_module as load\nload('a')\n", [(2, "a")]),
        ("import importlib as il\nload = il.import_module\nload('a')\n", [(3, "a")]),
        ("__import__('a', fromlist=['x', '*'])\n", [(1, "a"), (1, "a.x")]),
        ("__import__('a', None, None, ('x',), 0)\n", [(1, "a"), (1, "a.x")]),
        ("__import__('m', level=1)\n", [(1, "top.pkg.m")]),
        ("__import__('m', None, None, [], 2)\n", [(1, "top.m")]),
        ("import_module('.m')\n", [(1, "top.pkg.m")]),
        ("import_module('.m', 'other')\n", [(1, "other.m")]),
        ("import_module('..m', package='a.b')\n", [(1, "a.m")]),
        ("for name in ['heapq', '_heapq']:\n    __import__(name)\n",
         [(2, "heapq"), (2, "_heapq")]),
        ("import importlib\nimportlib.import_module(name='a')\n", [(2, "a")]),
        ("__import__(name='a', fromlist=['x'])\n", [(1, "a"), (1, "a.x")]),
        ("import_module(name='.m', package='a.b')\n", [(1, "a.b.m")]),
        ("for name in ['heapq', '_heapq']:\n    import_module(name=name)\n",
         [(2, "heapq"), (2, "_heapq")]),
        ("__import__(NAME)\n", [(1, None)]),
        ("import_module(name=NAME)\n", [(1, None)]),
        ("for name in [A, 'b']:\n    __import__(name)\n", [(2, None)]),
        ("load('a')\nfind.import_module('b')\n", []),
        ("if __name__ == '__main__':\n    __import__('a')\nelse:\n    __import__('b')\n",
         [(4, "b")]),
    ],
)  # fmt: skip
def test_an_import_call_names_its_module_absolute(text, found):
    assert dynamic_imports(_helper(text)) == found


def test_the_solution_s_main_block_imports_as_any_statement():
    text = "if __name__ == '__main__':\n    __import__('a')\n"
    assert dynamic_imports(_helper(text, "__main__")) == [(2, "a")]


def test_a_relative_call_beyond_the_top_package_is_one_line():
    with pytest.raises(BuildError, match=r"^top/pkg/mod\.py:1: relative import beyond the top"):
        dynamic_imports(_helper("__import__('m', level=3)\n"))


def test_each_import_call_is_given_with_its_node_in_the_tree_read():
    """``import_calls`` reads the tree it is given (what of the source ships) and gives each
    call's own node, for a guard to be read by node: one in a conditional expression's branch
    is that branch's, not the statement's."""
    text = "import importlib as i\nm = i.import_module('a') if F else 0; i.import_module('b')\n"
    source = _helper(text)
    tree = ast.parse(text)
    found = import_calls(source, tree)
    branch = tree.body[1].value.body
    assert sorted((name, call is branch) for call, name in found) == [("a", True), ("b", False)]

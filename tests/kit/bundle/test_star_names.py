"""kit.bundle.star_names: a module's ``__all__`` read as its module-level statements write it,
in any block's branch, and the line of the first write that cannot be read."""

import ast

import pytest

from kit.bundle.star_names import star_names


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

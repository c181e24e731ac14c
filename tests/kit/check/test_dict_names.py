"""kit.check.dict_names: the ``|`` and ``|=`` that join a dict, a display or a name every
binding in its scope binds to one (3.9), and what is never read as a dict: ``Counter``, sets,
ints, enum flags, parameters, loop and ``with`` targets, another scope's dict."""

import ast
import textwrap

import pytest

from kit.check.dict_names import dict_unions


def unions(text):
    """The lines of ``text``'s unions."""
    return [node.lineno for node in dict_unions(ast.parse(textwrap.dedent(text)))]


@pytest.mark.parametrize(
    "text",
    [
        "best = {}\nbest[1] = 2\nmerged = best | extra\n",
        "counts = dict(zip(a, b))\ncounts |= other\n",
        "from collections import defaultdict\nd = defaultdict(int)\nn = 1\ne = d | f\n",
        "import collections\nd = collections.defaultdict(list)\nn = 1\ne = f | d\n",
        "from collections import OrderedDict as OD\nod = OD()\nn = 1\nod | x\n",
        "a = {**b, **c}\nn = 1\nd = a | x\n",
        "a = {k: 0 for k in keys}\nn = 1\nd = x | a\n",
        "a = {}\nb = a.copy()\nc = b\nd = c | x\n",
        "a = {}\nb = a\na = b\nd = a | x\n",  # bound to each other, one to a dict
        "a = {}\nb = {}\na = b\nb = a\nb | x\n",
        "def f():\n    d = {}\n    if x:\n        d = dict(y)\n    return d | z\n",
        "a: dict = {}\nb = 1\nc = 2\nd = a | x\n",
        "from collections import *\nd = OrderedDict()\nn = 1\nd | x\n",
    ],
)
def test_a_union_with_a_dict_name_is_found(text):
    assert unions(text) == [len(text.splitlines())]


@pytest.mark.parametrize(
    "text",
    [
        "from collections import Counter\nc = Counter(a)\nd = c | Counter(b)\nc |= e\n",
        "s = {1, 2}\nt = set(x)\nu = s | t\ns |= t\n",
        "n = 0\nm = n | 4\nn |= 1\n",
        "import enum\nclass P(enum.Flag):\n    R = 1\n    W = 2\nrw = P.R | P.W\n",
        "def f(d):\n    d = {}\n    return d | x\n",  # a parameter, though assigned a dict
        "d = {}\nd = [1]\ne = d | x\n",  # rebound to a list
        "d = {}\ndef f():\n    return d | x\n",  # another scope's dict
        "d = {}\ndef f():\n    d = [1]\n    return d | x\n",
        "def f():\n    d = {}\nd = g()\ne = d | x\n",
        "d = {}\nfor d in rows:\n    e = d | x\n",
        "d = {}\nwith open(p) as d:\n    e = d | x\n",
        "d = {}\ntry:\n    pass\nexcept E as d:\n    e = d | x\n",
        "d = {}\nimport d\ne = d | x\n",
        "d = {}\ndef f():\n    global d\n    d = [1]\ne = d | x\n",
        "d = {}\n(d := [1])\ne = d | x\n",
        "def dict(x):\n    return x\nd = dict(y)\ne = d | x\n",
        "self.d = {}\ne = self.d | x\nself.d |= y\nt[0] = {}\ne = t[0] | x\n",
        "d = {}\nx |= d\n",  # a Counter's |= takes a dict on 3.8
        "d = {}\ne = [d | x for d in rows]\n",
    ],
)
def test_what_is_not_surely_a_dict_is_not_found(text):
    assert unions(text) == []


def test_a_dict_display_on_either_side_of_a_bar_and_the_result_of_one_read_as_no_dict():
    """``{'a': 1} | other`` is no dict when ``other`` defines ``__ror__``."""
    assert unions("a = {'a': 1} | other\nb = x | {k: 1 for k in y}\nc = a | b\n") == [1, 2]


@pytest.mark.parametrize(
    "text, lines",
    [
        ("a = {}\nb = dict(y)\nc = a | b\nn = 1\nc | x\n", [3, 5]),
        ("a = {}\nb = {}\nc = a | b\nc |= x\n", [3, 4]),
        ("a = {}\nb = a | {} | dict(y)\nc = b | a\nd = c.copy()\nd |= x\n", [2, 2, 3, 5]),
        ("def f():\n    a = {}\n    b = a | {}\n    return b | x\n", [3, 4]),
    ],
)
def test_the_union_of_two_dicts_is_a_dict(text, lines):
    assert sorted(unions(text)) == lines


@pytest.mark.parametrize(
    "text, lines",
    [
        ("a = {1}\nb = set(y)\nc = a | b\nc | x\nc |= z\n", []),
        ("a = {1}\nb = {}\nc = a | b\nc | x\nc |= z\n", [3]),  # TypeError on any version
        ("from collections import Counter\nc = Counter(a) | Counter(b)\nc |= x\n", []),
        ("def f(b):\n    a = {}\n    c = a | b\n    return c | x\n", [3]),
        ("a = {}\nc = a | 1\nc |= x\n", [2]),
    ],
)
def test_a_union_with_what_is_not_surely_a_dict_is_no_dict(text, lines):
    assert unions(text) == lines


def test_a_star_import_is_read_as_binding_no_name():
    """Order is not read: ``d`` is a dict though ``from m import *`` may rebind it before its
    ``|`` (a contest's star imports are standard modules', at the top, before its own names)."""
    text = "d = {}\nfrom m import *\ne = d | x\nd |= y\n"
    assert sorted(unions(text)) == [3, 4]
    assert unions("from m import *\nd = {}\ne = d | x\n") == [3]

"""What a helper's top-level statement binds and whether it can be cut
(kit.bundle.bound_names): harmless decorators and pure constants cut from a bundle built and
run, and the rules on parsed statements."""

import ast
import builtins
import subprocess
from pathlib import Path

import pytest

from kit.bundle import bound_names
from kit.bundle.bound_names import (
    CLASS,
    FUNCTION,
    IMPORTED,
    STAR,
    VALUE,
    Names,
    binds,
    statement_bindings,
)
from kit.bundle.sources import Source
from tests.bundle_support import bundle_run


def test_harmless_decorators_and_pure_constants_are_still_cut(toy):
    helper = (
        "import functools\nfrom functools import lru_cache as memo\n\nLIMIT = max(3, 4) * 2\n"
        "INF = float('inf')\nLO, HI = 0, int('7')\n\n\n"
        "@memo(maxsize=None)\ndef cached():\n    return 1\n\n\n@functools.lru_cache\n"
        "def cached_too():\n    return 2\n\n\nclass Point:\n    x: int = 0\n\n    @property\n"
        "    def norm(self):\n        return self.x\n\n\ndef used():\n    return 'used'\n"
    )
    text, done = bundle_run(toy, "from shared.dyn import used\nprint(used())", helper)
    assert done.stdout == "used\n"
    for cut in ("LIMIT", "INF", "HI", "def cached", "def cached_too", "class Point"):
        assert cut not in text


def test_a_long_chain_of_operators_is_checked_once_not_once_per_operator(toy, monkeypatch):
    """``X = 1 + 1 + ... + 1``: each of its operators was checked with all those under it
    (2,000 terms took 8 s to bundle, 20,000 minutes); the outermost check covers the rest."""
    checked = []
    real = bound_names._on_values
    monkeypatch.setattr(bound_names, "_on_values", lambda node: checked.append(node) or real(node))
    helper = "X = " + " + ".join(["1"] * 300) + "\n\n\ndef used():\n    return 1\n"
    text, done = bundle_run(toy, "from shared.dyn import used\nprint(used())", helper)
    assert (done.returncode, done.stdout) == (0, "1\n"), done.stderr
    assert "X = " not in text and len(checked) == 1  # a pure constant, cut, checked once


def judged(text):
    """Each top-level statement of ``text`` with what ``binds`` finds it binds, judged as
    reach judges them: in order, the names bound before known."""
    tree = ast.parse(text)
    source = Source("shared.m", Path("shared/m.py"), "shared/m.py", False, text, tree)
    names = Names.of(source, tree.body)
    found = []
    for statement in tree.body:
        found.append(binds(statement, True, names))
        names.passed(statement)
    return found


CUTTABLE = {
    "a plain function": ("def f(x=1):\n    return x\n", {"f"}),
    "a default that calls a name": ("def f(x=g()):\n    return x\n", set()),
    "a harmless decorator": ("@staticmethod\ndef f():\n    pass\n", {"f"}),
    "a decorator of the module's own": (
        "def property(f):\n    return f\n\n\n@property\ndef g():\n    pass\n",
        set(),
    ),
    "a plain class": ("class A:\n    x = 1\n", {"A"}),
    "a class over bool": ("class A(bool):\n    pass\n", set()),
    "two bases": ("class A(int, str):\n    pass\n", set()),
    "slots over int": ("class A(int):\n    __slots__ = ('x',)\n", set()),
    "slots under a class over int": (
        "class A(int):\n    pass\n\n\nclass B(A):\n    __slots__ = ('x',)\n",
        set(),
    ),
    "slots under a class over int defined in an if": (
        "if True:\n\n    class A(int):\n        pass\n\n\nclass B(A):\n    __slots__ = ('x',)\n",
        set(),
    ),
    "slots under a plain class defined in an if": (
        "if True:\n\n    class A:\n        pass\n\n\nclass B(A):\n    __slots__ = ('x',)\n",
        {"B"},
    ),
    "a pure constant": ("X = max(1, 2) * 3\n", {"X"}),
    "a division by zero": ("X = 1 // 0\n", set()),
    "a builtin call that raises": ("X = int('1.5')\n", set()),
    "names unpacked from as many values": ("A, (B, C) = 1, (2, 3)\n", {"A", "B", "C"}),
    "names unpacked from fewer values": ("A, B = 1,\n", set()),
    "a name read before it is bound": ("A = B\n", set()),
    "an import": ("import os\n", set()),
    "an annotation that calls a name": ("def f(x: note(1)) -> int:\n    pass\n", set()),
    "a return annotation that calls a name": ("def f(x: int) -> note(1):\n    pass\n", set()),
    "annotations that are types": (
        "import typing\n\n\ndef f(x: list[int], *a: typing.Optional['N']) -> int | None:\n"
        "    pass\n",
        {"f"},
    ),
    "a lazy annotation that calls a name": (
        "from __future__ import annotations\n\n\ndef f(x: note(1)) -> note(2):\n    pass\n",
        {"f"},
    ),
    "a constant whose annotation calls a name": ("X: note(1) = 1\n", set()),
    "a lazy constant's annotation of a target in parentheses": (
        "from __future__ import annotations\n(X): note(1) = 1\n",
        set(),  # 3.8 and 3.9 evaluate it
    ),
    "a constant whose annotation is a type": ("X: dict[str, int] = {}\n", {"X"}),
    # what raises from source raises from the bundle: an operator, a key, a del, a metaclass
    "an unhashable key": ("X = {[]: 1}\n", set()),
    "an unhashable set element": ("X = {1, [2]}\n", set()),
    "hashable keys": ("X = {(1, 'a'): 1, -2: {3}}\n", {"X"}),
    "a negative shift": ("X = 1 << -1\n", set()),
    "a tuple plus a list": ("Y = (1,) + [2]\n", set()),
    "% formatting": ("FMT = '%s %s' % 5\n", set()),
    "an int compared with a string": ("CMP = 1 < 'a'\n", set()),
    "a float power that overflows": ("X = 2.0 ** 10000\n", set()),
    "a power too large to make here": ("X = 2 ** 10 ** 9\n", set()),
    "operators that raise nothing": ("M = (10**9 + 7) * 2 << 3 if 1 < 2.5 else [0] * 5\n", {"M"}),
    "a dict union, 3.9's": ("U = {1: 2} | {3: 4}\n", set()),
    "a name deleted before": ("X = 1\ndel X\nY = X\n", set()),
    "a name deleted in a branch before": ("X = 1\nif X:\n    del X\nY = X\n", set()),
    "an enum": ("from enum import Enum\n\n\nclass Op(Enum):\n    ADD = 1\n", set()),
    "a class over a class over an imported base": (
        "from enum import Enum\n\n\nclass A(Enum):\n    X = 1\n\n\nclass B(A):\n    pass\n",
        set(),
    ),
    "lru_cache called with what it refuses": (
        "import functools\n\n\n@functools.lru_cache('x')\ndef f():\n    pass\n",
        set(),
    ),
    "lru_cache called with a size": (
        "import functools\n\n\n@functools.lru_cache(None, typed=True)\ndef f():\n    pass\n",
        {"f"},
    ),
    "a decorator called": ("@staticmethod()\ndef f():\n    pass\n", set()),
    "a builtin 3.8 lacks": ("A = aiter\n", set()),
    "a base 3.8 lacks": ("class E(ExceptionGroup):\n    pass\n", set()),
    "a keyword 3.8 lacks": ("Z = zip([1], [2], strict=True)\n", set()),
    "a keyword 3.8 takes": ("S = sorted([2, 1], reverse=True)\n", {"S"}),
}


@pytest.mark.parametrize("how", sorted(CUTTABLE))
def test_a_statement_is_cuttable_only_when_running_it_can_do_nothing_but_bind(how):
    text, bound = CUTTABLE[how]
    assert judged(text)[-1] == bound


def test_the_builtins_later_than_3_8_are_those_3_8_lacks():
    """``LATER_BUILTINS``: what this Python's builtins have and CPython 3.8's lack."""
    found = sorted(Path.home().glob(".pyenv/versions/3.8*/bin/python3.8"))
    if not found:
        pytest.skip("no CPython 3.8 here")
    listed = "import builtins; print(' '.join(dir(builtins)))"
    old = subprocess.run([found[0], "-c", listed], capture_output=True, text=True, check=True)
    assert set(dir(builtins)) - set(old.stdout.split()) <= bound_names.LATER_BUILTINS


def test_class_hooks_anywhere_make_no_class_cuttable():
    tree = ast.parse("class A:\n    pass\n")
    source = Source("shared.m", Path("shared/m.py"), "shared/m.py", False, "", tree)
    assert binds(tree.body[0], False, Names.of(source, tree.body)) == set()


def test_what_a_statement_binds_is_each_name_by_how_the_last_binding_wins():
    text = (
        "import os.path\nfrom m import *\nclass A:\n    pass\n"
        "try:\n    def f():\n        pass\nexcept E as e:\n    A = 1\nx: int\n"
    )
    found = {}
    for statement in ast.parse(text).body:
        found.update(statement_bindings(statement))
    expected = {"os": IMPORTED, STAR: IMPORTED, "A": VALUE, "f": FUNCTION, "e": VALUE}
    assert found == expected
    assert statement_bindings(ast.parse("class B:\n    y = 2\n").body[0]) == {"B": CLASS}

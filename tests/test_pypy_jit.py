"""shared/pypy_jit.py: the parameters reach PyPy's JIT under PyPy, nothing happens under CPython."""

import shutil
import sys
import types

import pytest

from shared.pypy_jit import set_jit
from tests.pypy_support import under_pypy


def test_under_cpython_nothing_is_set_even_where_a_module_of_that_name_exists(monkeypatch):
    params = []
    monkeypatch.setitem(sys.modules, "pypyjit", types.SimpleNamespace(set_param=params.append))
    monkeypatch.setattr(sys.implementation, "name", "cpython")
    assert set_jit("max_unroll_recursion=0") is False and params == []


def test_under_pypy_the_parameters_are_passed(monkeypatch):
    params = []
    monkeypatch.setitem(sys.modules, "pypyjit", types.SimpleNamespace(set_param=params.append))
    monkeypatch.setattr(sys.implementation, "name", "pypy")
    assert set_jit("max_unroll_recursion=0") is True
    assert params == ["max_unroll_recursion=0"]


@pytest.mark.skipif(shutil.which("pypy3") is None, reason="no pypy3 here")
def test_pypy_takes_the_parameters_of_the_solutions():
    code = (
        "from shared.pypy_jit import set_jit;"
        "import solutions.megacheckers as m, solutions.lines_of_action as l;"
        "import solutions.stake_your_claim as s;"
        "print(set_jit(m.PYPY_JIT), set_jit(l.PYPY_JIT), set_jit(s.PYPY_JIT))"
    )
    assert under_pypy(code).split() == ["True", "True", "True"]

"""PyPy's JIT parameters, set by the program itself.

Description: set_jit(params) passes ``params`` ("name=value,...", as ``pypy3 --jit`` takes
    them) to PyPy's JIT; a judge runs ``pypy3 Main.py``, so a program's own call is the only
    way to set them there. Returns whether they were set (False under CPython).
Usage: set_jit("max_unroll_recursion=0") -> True under PyPy, False under CPython.
Method: ``pypyjit.set_param``; ``pypyjit`` is PyPy's own module, imported by name through
    importlib, so that no import of a module CPython lacks appears in the bundle.
Time: O(1), once at start-up.
Status: tests/test_pypy_jit.py (a stand-in module under CPython, and PyPy itself when
    pypy3 is here); the figures of the programs that use it: docs/megacheckers.md and
    docs/stake_your_claim.md (Figures), docs/lines-of-action.md ("The judge's games in the
    build").
"""

import importlib
import sys


def set_jit(params):
    if sys.implementation.name != "pypy":
        return False  # and no search of sys.path for a module CPython lacks
    try:
        jit = importlib.import_module("pypyjit")
    except ImportError:
        return False
    jit.set_param(params)
    return True

"""kit.judges.stdlib: the standard library by Python version, the same whatever Python asks:
modules added (graphlib, tomllib) and removed (distutils, imp, PEP 594's) per target, and
PyPy's own modules standard only under PyPy, and those it has built in."""

import shutil
import subprocess
import sys

import pytest

from kit.judges.platforms import UNIX, UNIX_ONLY, WINDOWS
from kit.judges.stdlib import (
    ADDED,
    ADDED_BUILTINS,
    BASE_BUILTINS,
    CPYTHON_ONLY,
    KNOWN,
    PYPY_BUILTIN,
    PYPY_ONLY,
    REMOVED,
    is_stdlib,
    missing_in,
    pypy_builtin,
)
from tests.bundle_support import interpreter


@pytest.mark.parametrize(
    "name", ["os", "heapq", "graphlib", "tomllib", "distutils", "imp", "asyncore", "pypyjit"]
)
def test_standard_modules_of_any_version_are_known(name):
    assert is_stdlib(name)


@pytest.mark.parametrize("name", ["numpy", "sortedcontainers", "shared", "kit"])
def test_other_modules_are_not(name):
    assert not is_stdlib(name)


@pytest.mark.parametrize(
    ("name", "version", "impl", "why"),
    [
        ("graphlib", (3, 8), "cpython", "needs Python 3.9"),
        ("graphlib", (3, 9), "cpython", None),
        ("tomllib", (3, 10), "pypy", "needs Python 3.11"),
        ("distutils", (3, 11), "cpython", None),
        ("distutils", (3, 12), "cpython", "was removed in Python 3.12"),
        ("imp", (3, 13), "pypy", "was removed in Python 3.12"),
        ("telnetlib", (3, 12), "cpython", None),
        ("telnetlib", (3, 13), "cpython", "was removed in Python 3.13"),
        ("pypyjit", (3, 10), "pypy", None),
        ("__pypy__", (3, 10), "cpython", "exists only under PyPy"),
        ("heapq", (3, 8), "cpython", None),
        ("_heapq", (3, 8), "cpython", None),
        ("_heapq", (3, 10), "pypy",
         "exists only under CPython (PyPy's library has the pure-Python module alone)"),
        ("heapq", (3, 10), "pypy", None),
    ],
)  # fmt: skip
def test_a_module_missing_on_a_target_says_why(name, version, impl, why):
    assert missing_in(name, version, impl) == why


def test_the_tables_do_not_depend_on_the_python_asking():
    assert set(REMOVED) <= {name for name in REMOVED if is_stdlib(name)}
    assert not set(ADDED) & set(REMOVED) and not PYPY_ONLY & set(sys.stdlib_module_names)
    assert all(version > (3, 8) for version in [*ADDED.values(), *REMOVED.values()])


@pytest.mark.parametrize("name", sorted(UNIX_ONLY))
def test_unix_only_modules_are_missing_on_windows_alone(name):
    assert is_stdlib(name)
    assert missing_in(name, (3, 13), "cpython", WINDOWS) == (
        "exists only on Unix, and this judge runs Python on Windows"
    )
    assert missing_in(name, (3, 10), "pypy", WINDOWS) is not None
    assert missing_in(name, (3, 12), "cpython", UNIX) is None


@pytest.mark.parametrize("name", ["crypt", "spwd", "nis"])
def test_the_superseded_unix_modules_are_missing_on_windows_before_their_removal(name):
    """Timus runs CPython 3.12 on Windows: ``import crypt`` fails there, not on Linux."""
    assert missing_in(name, (3, 12), "cpython", WINDOWS) is not None
    assert missing_in(name, (3, 12), "cpython", UNIX) is None
    assert missing_in("pipes", (3, 12), "cpython", WINDOWS) is None  # pure Python: imports


def test_the_modules_pypy_has_built_in_are_known():
    """What ``sys.builtin_module_names`` of the pypy3 here lists, but CPython's library has."""
    if shutil.which("pypy3") is None:
        pytest.skip("pypy3 not installed")
    code = "import sys; print(' '.join(sys.builtin_module_names))"
    done = subprocess.run(["pypy3", "-c", code], capture_output=True, text=True, check=True)
    names = {name for name in done.stdout.split() if "." not in name}
    assert names - KNOWN <= PYPY_BUILTIN and PYPY_ONLY <= PYPY_BUILTIN
    assert {"pypyjit", "__pypy__", "_pypyjson", "_cffi_backend"} <= PYPY_BUILTIN


def test_pypy_had_parser_and_symbol_built_in_before_3_10():
    assert pypy_builtin("pypyjit", (3, 11)) and pypy_builtin("_cffi_backend", None)
    assert pypy_builtin("parser", (3, 9)) and pypy_builtin("symbol", None)  # pypy3: maybe 3.9
    assert not pypy_builtin("parser", (3, 10)) and not pypy_builtin("symbol", (3, 11))
    assert not pypy_builtin("heapq", (3, 9))


def test_the_accelerators_pypy_lacks_are_missing_under_the_pypy_here():
    """Neterukun1993/Library's heapq.py does ``from _heapq import *``: PyPy has no _heapq."""
    if shutil.which("pypy3") is None:
        pytest.skip("pypy3 not installed")
    code = (
        "import importlib, sys\n"
        "for name in sys.argv[1:]:\n"
        "    try:\n        importlib.import_module(name)\n"
        "    except ImportError:\n        pass\n"
        "    else:\n        print(name)\n"
    )
    names = sorted(CPYTHON_ONLY)
    done = subprocess.run(["pypy3", "-c", code, *names], capture_output=True, text=True, check=True)
    assert done.stdout == ""  # none imports
    assert set(names) <= KNOWN


@pytest.mark.parametrize("version", ["3.9", "3.10", "3.11", "3.13"])
def test_the_builtins_added_are_those_each_version_has_and_3_8_lacks(version):
    """``ADDED_BUILTINS`` against ``dir(builtins)`` of each CPython installed here."""
    listed = "import builtins; print(' '.join(dir(builtins)))"
    names = {}
    for each in ("3.8", version):
        python = interpreter(f"cpython{each}")
        done = subprocess.run([python, "-c", listed], capture_output=True, text=True, check=True)
        names[each] = set(done.stdout.split())
    wanted = tuple(int(part) for part in version.split("."))
    added = {name for name, since in ADDED_BUILTINS.items() if since <= wanted}
    assert names[version] - names["3.8"] == added
    assert names["3.8"] == BASE_BUILTINS  # every target's: the running Python's less those

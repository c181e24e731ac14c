"""Third-party modules a judge installs, per implementation (CPython, PyPy), by import name.

A judge profile (``kit.judges.profiles``) lists them in its ``modules`` field, an ``Installed``;
a judge without one installs nothing beyond the standard library. An import of a listed module
is kept as an import in the bundle (it is not a helper under the checkout, so nothing inlines
it) and passes the import check for the targets whose implementation has it
(``kit.check.checks``). A listed name may be dotted (``google.protobuf``): it covers that
package and what is under it, not the packages above it.

When a run here fails with ``ModuleNotFoundError`` (``missing_module``) for a module the judge
has, ``install_hint`` says so and how to install it for the interpreter that ran the case; the
run is then no verdict on the solution (``kit.run.case_judge`` makes it the judging's failure).

The lists are the judge's own, by the import name of each package it installs (the pip name is
kept beside it, for the hint). A package whose import name could not be confirmed is left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kit.judges.targets import Target

SHOWN = 8  # names listed in a refusal before "and N more"


@dataclass(frozen=True)
class Installed:
    """Import names a judge's interpreters can import beyond the standard library, in the order
    the judge lists them, per implementation."""

    cpython: tuple[str, ...] = ()
    pypy: tuple[str, ...] = ()

    def names(self, impl: str) -> tuple[str, ...]:
        return self.pypy if impl == "pypy" else self.cpython

    def has(self, module: str, impl: str) -> bool:
        """Whether ``module`` (dotted) comes from a package the implementation has."""
        parts = module.split(".")
        names = self.names(impl)
        return any(".".join(parts[:size]) in names for size in range(1, len(parts) + 1))

    def shown(self) -> str:
        """Every listed name once, CPython's first: ``numpy, scipy, ... and 30 more``."""
        names = list(dict.fromkeys(self.cpython + self.pypy))
        if len(names) <= SHOWN:
            return ", ".join(names)
        return ", ".join(names[:SHOWN]) + f" and {len(names) - SHOWN} more"


# The pip name of each import name below where the two differ (the hint's install command).
PIP = {
    "absl": "absl-py", "acl_cpp": "acl-cpp-python", "atcoder": "ac-library-python",
    "cython": "Cython", "pyximport": "Cython",
    "cppyy_backend": "cppyy-backend", "dateutil": "python-dateutil",
    "google.protobuf": "protobuf", "jinja2": "Jinja2", "markupsafe": "MarkupSafe",
    "more_itertools": "more-itertools", "pulp": "PuLP", "sklearn": "scikit-learn",
    "z3": "z3-solver",
}  # fmt: skip

# AtCoder's 2025 language update (atcoder.jp/posts/1593; in use from ABC430, November 2025),
# from its language list img.atcoder.jp/file/language-update/2025-10/language-list.html, whose
# install scripts were read through third-party copies:
# - "Python (CPython 3.13.7)", 082-3-13_cpython.toml: the pip freeze its install script installs
#   (a copy in github.com/Harui-i/ahc-research, src/cpython/082-3-13_cpython.toml), plus torch
#   2.8.0+cpu and numba 0.61.2 installed after it; the same list as SakanaAI/ALE-Bench's
#   dockerfiles/Dockerfile_python_202510_base and its 2025-10 library table. The packages the
#   TOML lists as "indirect but usable" are included; cppyy-cling and CPyCppyy (cppyy's
#   internals, without an import name of their own to confirm) and pip/setuptools are not.
# - "Python (PyPy 3.11-v7.3.20)": the 16 packages of its install script (SakanaAI/ALE-Bench's
#   dockerfiles/Dockerfile_pypy_202510_base and library table), and what pip installs with
#   them, as their own requirements say: pandas' python-dateutil (with six), pytz and tzdata,
#   scikit-learn's joblib and threadpoolctl, cppyy's cppyy-backend (importable there as on
#   the CPython side, where the same packages are listed as usable).
ATCODER_2025 = Installed(
    cpython=(
        "numpy", "scipy", "networkx", "sympy", "sortedcontainers", "more_itertools",
        "bitarray", "atcoder", "acl_cpp", "mpmath", "pandas", "polars", "sklearn", "z3",
        "pulp", "shapely", "ortools", "gmpy2", "numba", "torch", "lightgbm", "rustworkx",
        "pyrsistent", "cppyy", "Cython", "cython", "pyximport",
        # listed as indirect dependencies that may be used all the same
        "absl", "cppyy_backend", "filelock", "fsspec", "immutabledict", "jinja2", "joblib",
        "llvmlite", "markupsafe", "google.protobuf", "dateutil", "pytz", "six",
        "threadpoolctl", "typing_extensions", "tzdata",
    ),
    pypy=(
        "numpy", "scipy", "networkx", "sympy", "sortedcontainers", "more_itertools",
        "bitarray", "atcoder", "acl_cpp", "mpmath", "pandas", "sklearn", "z3", "pulp",
        "shapely", "cppyy",
        # installed with them, as their requirements say
        "dateutil", "pytz", "six", "tzdata", "joblib", "threadpoolctl", "cppyy_backend",
    ),
)  # fmt: skip

# Library Checker's "Python3" image: `pip install --upgrade --no-cache-dir numpy scipy` on
# python:3.10-slim (yosupo06/library-checker-judge at 30cbf1bd, langs/Dockerfile.PYTHON3;
# langs/langs.toml names it "python3.10 + numpy + scipy"); its PyPy image installs nothing.
LIBRARY_CHECKER = Installed(cpython=("numpy", "scipy"))


_MISSING = re.compile(r"ModuleNotFoundError: No module named '([\w.]+)'")


def missing_module(stderr: str) -> str | None:
    """The module a run's traceback says it could not find, or None: read from the exception
    that ended the run, stderr's last line (the message quoted anywhere else, a debug line or
    an import the program handled, is not why it failed)."""
    lines = stderr.rstrip().splitlines()
    found = _MISSING.match(lines[-1]) if lines else None
    return found[1] if found else None


def pip_name(module: str) -> str:
    """What to ``pip install`` for a listed import name."""
    return PIP.get(module, module)


def listed_name(installed: Installed, module: str, impls: Iterable[str]) -> str | None:
    """The listed name ``module`` comes from under any of ``impls`` (``google.protobuf`` for
    ``google.protobuf.message``), or None."""
    parts = module.split(".")
    for impl in impls:
        for size in range(len(parts), 0, -1):
            name = ".".join(parts[:size])
            if name in installed.names(impl):
                return name
    return None


PYTHON = "<python>"  # in ``install_hint``, where the run's interpreter is named when known


def install_hint(
    judge: str, installed: Installed | None, targets: Iterable[Target], module: str
) -> str | None:
    """A one-line hint for a run that failed with ``No module named 'module'`` when the judge
    (named ``judge``, its modules ``installed``) installs it for one of ``targets``; None
    otherwise."""
    targets = list(targets)
    if installed is None:
        return None
    impls = list(dict.fromkeys(target.impl for target in targets))
    name = listed_name(installed, module, impls)
    if name is None:
        return None
    has = [target.name for target in targets if installed.has(name, target.impl)]
    return (
        f"hint: {judge} installs '{name}' ({', '.join(has)}), but the Python that ran "
        f"this case here does not have it: install it with that Python, `{PYTHON} -m pip "
        f"install {pip_name(name)}` (runs use -I: its own site-packages count, the user site "
        "and PYTHONPATH do not)"
    )

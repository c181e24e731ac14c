"""Which standard-library modules each Python version has, the same whatever Python asks.

``sys.stdlib_module_names`` of the running Python, plus the modules removed in 3.9 to 3.13
(PEP 594 and earlier) so that a newer build host still knows them, checked per target against
``ADDED`` and ``REMOVED`` (and the members removed, ``REMOVED_MEMBERS``); PyPy's own built-in
modules (``PYPY_ONLY``) for CPython targets, CPython's C accelerators PyPy lacks
(``CPYTHON_ONLY``: ``_heapq``) for PyPy targets; the Unix-only modules
(``kit.judges.platforms.UNIX_ONLY``) for judges that run Python on Windows. The builtins added
after 3.8 (``ADDED_BUILTINS``) and those every target has (``BASE_BUILTINS``). ``PYPY_BUILTIN``:
the modules PyPy has built in, which a workspace file of that name does not replace there.
"""

from __future__ import annotations

import builtins
import sys

from kit.judges.platforms import UNIX, UNIX_ONLY, WINDOWS

ADDED = {"graphlib": (3, 9), "zoneinfo": (3, 9), "tomllib": (3, 11)}
# the builtins Python added after 3.8, the oldest target, by the version that added each
# (``dir(builtins)`` of CPython 3.10.13, 3.11.7 and 3.13.0 against 3.8.18's and 3.9.18's; PyPy
# 3.9's has every name 3.8's has): a module reading one fails with NameError before it
ADDED_BUILTINS = {
    "aiter": (3, 10), "anext": (3, 10), "EncodingWarning": (3, 10),
    "BaseExceptionGroup": (3, 11), "ExceptionGroup": (3, 11),
    "PythonFinalizationError": (3, 13), "_IncompleteInputError": (3, 13),
}  # fmt: skip
# the builtins every target has: the running Python's less those added after 3.8 (no version
# from 3.9 to 3.13 removed one: ``dir(builtins)`` of 3.13.0 less ``ADDED_BUILTINS`` is 3.8.18's)
BASE_BUILTINS = frozenset(dir(builtins)) - frozenset(ADDED_BUILTINS)
REMOVED = {
    "_dummy_thread": (3, 9), "dummy_threading": (3, 9), "formatter": (3, 10), "parser": (3, 10),
    "symbol": (3, 10), "binhex": (3, 11), "asynchat": (3, 12), "asyncore": (3, 12),
    "distutils": (3, 12), "imp": (3, 12), "smtpd": (3, 12), "aifc": (3, 13), "audioop": (3, 13),
    "cgi": (3, 13), "cgitb": (3, 13), "chunk": (3, 13), "crypt": (3, 13), "imghdr": (3, 13),
    "lib2to3": (3, 13), "mailcap": (3, 13), "msilib": (3, 13), "nis": (3, 13),
    "nntplib": (3, 13), "ossaudiodev": (3, 13), "pipes": (3, 13), "sndhdr": (3, 13),
    "spwd": (3, 13), "sunau": (3, 13), "telnetlib": (3, 13), "uu": (3, 13), "xdrlib": (3, 13),
}  # fmt: skip
# Members of standard modules removed from a version on (whatsnew/3.8 to 3.12's "Removed"
# sections): old contest code's ``fractions.gcd`` and ``collections.Iterable`` among them.
# ``module.member`` and ``from module import member`` fail on that version and later. PyPy of
# a version has CPython's pure-Python library, but writes its own ``time`` and ``sys``
# (``PYPY_OWN``): Debian's PyPy 3.9 (7.3.11) still has ``time.clock`` and
# ``sys.setcheckinterval``, so those removals are CPython's only.
_COLLECTIONS_ABCS = """
    Awaitable Coroutine AsyncIterable AsyncIterator AsyncGenerator Hashable Iterable Iterator
    Generator Reversible Sized Container Callable Collection Set MutableSet Mapping
    MutableMapping MappingView KeysView ItemsView ValuesView Sequence MutableSequence ByteString
"""
REMOVED_MEMBERS = {
    (module, name): version
    for module, names, version in (
        ("collections", _COLLECTIONS_ABCS, (3, 10)),  # bpo-37324
        ("fractions", "gcd", (3, 9)),  # bpo-39350: math.gcd
        ("base64", "encodestring decodestring", (3, 9)),  # bpo-39351
        ("sys", "getcheckinterval setcheckinterval", (3, 9)),  # bpo-37392
        ("inspect", "getargspec formatargspec", (3, 11)),  # bpo-45320
        ("asyncio", "coroutine", (3, 11)),  # bpo-43216
        ("time", "clock", (3, 8)),  # bpo-36895: time.perf_counter
        ("platform", "linux_distribution dist", (3, 8)),  # bpo-28167
        ("locale", "format", (3, 12)),  # gh-94226: locale.format_string
    )
    for name in names.split()
}
# PyPy's own built-in modules: standard under PyPy, absent under CPython (a CPython target
# may import them only behind a guard, ``try: import pypyjit`` / ``except ImportError``)
PYPY_ONLY = frozenset({"__pypy__", "pypyjit", "_pypyjson"})
# CPython's C accelerators (and the modules that are only their wrappers) that PyPy has not:
# its library keeps the pure-Python modules (heapq, bisect, json...) and their ``try: from
# _heapq import *`` falls back. Missing under Debian's PyPy 3.9 (7.3.11), measured, and in
# pypy/pypy's release-pypy3.10-v7.3.19 and release-pypy3.11-v7.3.20 trees neither a built-in
# module (pypy/module) nor a file of lib_pypy provides them (symtable.py and tracemalloc.py
# are there, importing what is not); _decimal is left out, PyPy building one with cffi
CPYTHON_ONLY = frozenset(
    {"_heapq", "_bisect", "_json", "_datetime", "_functools", "_pickle", "_queue"}
    | {"_statistics", "_stat", "_elementtree", "_asyncio", "_uuid", "_zoneinfo", "_symtable"}
    | {"symtable", "_tracemalloc", "tracemalloc"}
)
KNOWN = frozenset(sys.stdlib_module_names) | set(ADDED) | set(REMOVED) | PYPY_ONLY
# PyPy's built-in modules that CPython's library lacks, submodules aside:
# ``sys.builtin_module_names`` of Debian's PyPy 3.9 (7.3.11). Python's BuiltinImporter comes
# before the path, so a workspace file of such a name is not what PyPy imports. Which a PyPy
# has depends on its version and platform: the bundle asks the interpreter running it
# (``kit.bundle.assemble``), and the build names these only in a note (``kit.check.checks``)
PYPY_BUILTIN = PYPY_ONLY | frozenset(
    {"__exceptions__", "_cffi_backend", "_continuation", "_cppyy", "_hpy_universal"}
    | {"_jitlog", "_minimal_curses", "_pickle_support", "_rawffi", "_testing", "_vmprof"}
    | {"cpyext"}
)


# built into PyPy before a version, as CPython had them in its library: pypy/module/parser and
# pypy/module/symbol are in pypy/pypy's release-pypy3.9-v7.3.9 and gone from
# release-pypy3.10-v7.3.19 and release-pypy3.11-v7.3.20 (CPython removed both in 3.10)
PYPY_BUILTIN_BEFORE = {"parser": (3, 10), "symbol": (3, 10)}


def pypy_builtin(name: str, version: tuple[int, int] | None) -> bool:
    """Whether PyPy of ``version`` (None: some PyPy 3 may) imports its own built-in module
    ``name``, whatever file of that name the workspace holds."""
    before = PYPY_BUILTIN_BEFORE.get(name)
    return name in PYPY_BUILTIN or (before is not None and (version is None or version < before))


PYPY_OWN = frozenset({"time", "sys"})  # PyPy's own modules, not CPython's library


def removed_member(
    module: str, name: str, version: tuple[int, int], impl: str = "cpython"
) -> str | None:
    """Why ``module.name`` is missing from ``version`` of ``impl`` (removed), or None."""
    removed = REMOVED_MEMBERS.get((module, name))
    if removed is None or version < removed or (impl == "pypy" and module in PYPY_OWN):
        return None
    return f"was removed in Python {'.'.join(map(str, removed))}"


def is_stdlib(top: str) -> bool:
    return top in KNOWN


def missing_in(
    top: str, version: tuple[int, int], impl: str = "cpython", platform: str = UNIX
) -> str | None:
    """Why module ``top`` cannot be imported on ``version`` of ``impl`` running on
    ``platform``, or None when it can."""
    if top in UNIX_ONLY and platform == WINDOWS:
        return "exists only on Unix, and this judge runs Python on Windows"
    if top in PYPY_ONLY and impl != "pypy":
        return "exists only under PyPy"
    if top in CPYTHON_ONLY and impl == "pypy":
        return "exists only under CPython (PyPy's library has the pure-Python module alone)"
    if top in ADDED and version < ADDED[top]:
        return f"needs Python {'.'.join(map(str, ADDED[top]))}"
    if top in REMOVED and version >= REMOVED[top]:
        return f"was removed in Python {'.'.join(map(str, REMOVED[top]))}"
    return None

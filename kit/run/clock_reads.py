"""Whether a bundle reads the wall clock: a static scan of its modules' syntax trees for a
reference to a function that tells the time of day or a monotonic clock, through any import form
(``import time as t``, ``from time import perf_counter as pc``, ``from time import *``).

A program that stops by the clock (a search with a time budget) does less work when it waits
for a core, so its time less that wait (``kit.run.limits``, ``Limits.seconds``) hides its
length, which the clock sets: a batch run of such a program is timed by its whole wall time
where that is over the limit. ``time.process_time`` and ``time.thread_time`` count CPU time,
which the limit's CPU floor already judges right, and are not reads.

    read = clock_read(bundle.modules)  # the first read, or None
    str(read)                          # "time.perf_counter in solutions/wc.py, line 4"

A bundle is scanned (a walk of each tree naming "time") once for its modules' texts, however
many judges (a thread's, a target's, a build's stage's) ask: the last ``KEPT`` scans are kept
by those texts, so an edited module, another text, is scanned again.
"""

from __future__ import annotations

import ast
import threading
from collections.abc import Iterable
from typing import NamedTuple, Protocol

_NS = ("", "_ns")  # each clock of ``time`` also reads in nanoseconds
# the functions that read the wall clock, by the name their module gives them
READS = frozenset(
    {
        *(f"time.{name}{ns}" for name in ("time", "perf_counter", "monotonic") for ns in _NS),
        "datetime.datetime.now",
        "datetime.datetime.utcnow",
        "datetime.datetime.today",
        "datetime.date.today",
        "timeit.default_timer",
    }
)
_MODULES = frozenset(read.split(".", 1)[0] for read in READS)


class Module(Protocol):
    rel: str  # its path as the user sees it
    text: str
    tree: ast.Module


class ClockRead(NamedTuple):
    name: str  # the function, as its module names it: "time.perf_counter"
    rel: str  # the module that reads it
    lineno: int

    def __str__(self) -> str:
        return f"{self.name} in {self.rel}, line {self.lineno}"


KEPT = 8  # the scans kept, by the texts scanned
_scans: dict[tuple[tuple[str, str], ...], ClockRead | None] = {}
_scanning = threading.Lock()  # one scan at a time: the threads judging one bundle wait for it


def clock_read(modules: Iterable[Module]) -> ClockRead | None:
    """The first read of the wall clock in ``modules`` (in their order, then by line), or
    None when none reads it; scanned once for the same texts (see the module doc)."""
    modules = list(modules)
    texts = tuple((module.rel, module.text) for module in modules)
    with _scanning:
        if texts not in _scans:
            if len(_scans) >= KEPT:
                del _scans[next(iter(_scans))]  # the oldest
            _scans[texts] = _first_read(modules)
        return _scans[texts]


def _first_read(modules: list[Module]) -> ClockRead | None:
    """``clock_read``'s scan itself."""
    for module in modules:
        if "time" not in module.text:  # no name of the clocks' modules: no walk of its tree
            continue
        bound = _bound(module.tree)
        if not bound:
            continue
        found = [
            (node.lineno, name)
            for node in ast.walk(module.tree)
            if isinstance(node, (ast.Name, ast.Attribute))
            and (name := _qualified(node, bound)) in READS
        ]
        if found:
            lineno, name = min(found)
            return ClockRead(name, module.rel, lineno)
    return None


def _bound(tree: ast.Module) -> dict[str, str]:
    """The names the module's imports of the clocks' modules bind, anywhere in it, each to
    what it stands for: ``{"t": "time", "pc": "time.perf_counter"}``."""
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in _MODULES:
                    bound[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module in _MODULES and not node.level:
            for alias in node.names:
                if alias.name == "*":
                    bound.update(_starred(node.module))
                else:
                    bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return bound


def _starred(module: str) -> dict[str, str]:
    """What ``from MODULE import *`` binds of the reads and their classes."""
    names = {
        read[len(module) + 1 :].split(".", 1)[0] for read in READS if read.startswith(f"{module}.")
    }
    return {name: f"{module}.{name}" for name in names}


def _qualified(node: ast.expr, bound: dict[str, str]) -> str | None:
    """The dotted name ``node`` (a name or an attribute of one) stands for, or None."""
    if isinstance(node, ast.Name):
        return bound.get(node.id)
    if isinstance(node, ast.Attribute):
        base = _qualified(node.value, bound)
        return f"{base}.{node.attr}" if base is not None else None
    return None

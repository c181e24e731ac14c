"""kit.run.clock_reads: a bundle's read of the wall clock found through every import form,
and the clocks of CPU time (which the limit's CPU floor judges right) not counted."""

import ast
from types import SimpleNamespace

import pytest

from kit.run import clock_reads
from kit.run.clock_reads import ClockRead, clock_read


def _modules(*sources):
    return [
        SimpleNamespace(rel=f"m{number}.py", text=source, tree=ast.parse(source))
        for number, source in enumerate(sources)
    ]


@pytest.mark.parametrize(
    ("source", "name", "line"),
    [
        ("import time\nt0 = time.perf_counter()\n", "time.perf_counter", 2),
        ("import sys, time as t\n\nwhile t.time() < 5: pass\n", "time.time", 3),
        ("from time import perf_counter as pc\nx = 1\nx = pc()\n", "time.perf_counter", 3),
        ("from time import monotonic_ns\nmonotonic_ns()\n", "time.monotonic_ns", 2),
        ("from time import *\nstart = time_ns()\n", "time.time_ns", 2),
        ("import datetime\nnow = datetime.datetime.now()\n", "datetime.datetime.now", 2),
        ("from datetime import datetime as dt\ndt.utcnow()\n", "datetime.datetime.utcnow", 2),
        ("from datetime import date\nprint(date.today())\n", "datetime.date.today", 2),
        ("from timeit import default_timer\nclock = default_timer\n", "timeit.default_timer", 2),
        ("def f():\n    import time\n    return time.monotonic()\n", "time.monotonic", 3),
    ],
)
def test_a_read_of_the_wall_clock_is_found_through_any_import_form(source, name, line):
    assert clock_read(_modules(source)) == ClockRead(name, "m0.py", line)


@pytest.mark.parametrize(
    "source",
    [
        "import sys\nprint(sum(map(int, sys.stdin.read().split())))\n",
        "import time\nstart = time.process_time()\n",
        "from time import thread_time, process_time_ns\nthread_time(); process_time_ns()\n",
        "from time import perf_counter\n",  # imported, never read
        "time.time()\n",  # no import: another name
        "import timeit\ntimeit.timeit('1')\n",
        "import time\ntime.sleep(1)\n",
    ],
)
def test_a_program_that_does_not_read_the_wall_clock_is_not_a_reader(source):
    assert clock_read(_modules(source)) is None


def test_the_first_read_is_named_with_its_module_and_line():
    """The entry first, then its helpers, in the bundle's order; the first line of each."""
    modules = _modules("import sys\n", "import time\n\ntime.time()\ntime.perf_counter()\n")
    read = clock_read(modules)
    assert str(read) == "time.time in m1.py, line 3"


def test_the_same_texts_are_scanned_once_and_an_edited_module_again(monkeypatch):
    """Keyed by the texts, never by the objects: an edit (another text) is a scan of its own."""
    scanned = []
    real = clock_reads._first_read
    monkeypatch.setattr(clock_reads, "_first_read", lambda ms: scanned.append(1) or real(ms))
    monkeypatch.setattr(clock_reads, "_scans", {})
    source = "import time\nt0 = time.perf_counter()\n"
    assert clock_read(_modules(source)) == clock_read(_modules(source)) is not None
    assert len(scanned) == 1
    assert clock_read(_modules(source.replace("perf_counter", "process_time"))) is None
    assert len(scanned) == 2
    for number in range(clock_reads.KEPT + 1):  # the oldest scans are let go
        clock_read(_modules(f"x = {number}\n"))
    assert len(clock_reads._scans) == clock_reads.KEPT

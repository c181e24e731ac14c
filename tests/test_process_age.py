"""shared/process_age.py: a fresh process reports an age of a few seconds at most, a process
started a moment later is younger than the one that started it, and no /proc gives None."""

import subprocess
import sys
import time

import pytest

from shared import process_age as module
from shared.process_age import process_age, process_start

needs_proc = pytest.mark.skipif(process_age() is None, reason="no /proc here")

CHILD = (
    "import sys, time\n"
    f"sys.path.insert(0, {str(module.__file__.rsplit('/shared/', 1)[0])!r})\n"
    "time.sleep(0.3)\n"
    "from shared.process_age import process_age\n"
    "print(process_age())\n"
)


@needs_proc
def test_a_new_process_is_as_old_as_it_has_run():
    """The child sleeps 0.3 s before asking: its age covers that sleep and its start-up."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    age = float(out)
    assert 0.3 <= age < 10


@needs_proc
def test_a_child_is_younger_than_this_process():
    time.sleep(0.05)  # this process has run at least that long
    out = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    assert float(out) < process_age()


def test_without_proc_the_age_is_unknown(monkeypatch):
    def no_proc(*_args, **_kwargs):
        raise OSError("no /proc")

    monkeypatch.setattr(module, "open", no_proc, raising=False)
    assert process_age() is None


@needs_proc
def test_the_start_is_the_creation_when_the_age_is_under_the_bound():
    fallback = time.perf_counter()
    start = process_start(fallback, 1e9)
    assert start < fallback and abs(fallback - start - process_age()) < 0.5


def test_the_start_falls_back_past_the_bound_and_without_proc(monkeypatch):
    fallback = time.perf_counter()
    assert process_start(fallback, 0.0) == fallback  # no age is under 0 s
    monkeypatch.setattr(module, "process_age", lambda: None)
    assert process_start(fallback, 1e9) == fallback

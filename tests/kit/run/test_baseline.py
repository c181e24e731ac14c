"""An interpreter's own footprint (kit.run.baseline): measured as runs are, kept in the cache by
what it depends on, measured again when the interpreter's file changes."""

import os
import sys
import tempfile
from pathlib import Path

import pytest

from kit.judges.targets import found
from kit.run import baseline
from kit.run.process import Run, run_environment, run_process


@pytest.fixture
def measured(tmp_path, monkeypatch):
    """Measurements faked (each a new peak, counted), the cache in ``tmp_path``, nothing
    remembered from other tests."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("CPKIT_CACHE", raising=False)
    runs = []

    def fake(command, stdin, **_):
        runs.append(command)
        return Run(0 if "fails" not in command[1] else 1, b"", b"", 0.01, 0.01, 1000 + len(runs))

    monkeypatch.setattr(baseline, "run_process", fake)
    baseline._started.clear()
    yield runs
    baseline._started.clear()


def interpreter(tmp_path, name="python"):
    path = tmp_path / name
    path.write_text("#!/bin/sh\n")
    return path


def test_the_interpreter_baseline_is_its_own_footprint(monkeypatch):
    monkeypatch.setenv("CPKIT_CACHE", "0")
    baseline._started.clear()
    base = baseline.baseline_kib((sys.executable, "-I"), tuple(run_environment().items()))
    assert 1024 < base < 100 * 1024


def test_the_baseline_is_not_the_launcher_s_size():
    """A run's ru_maxrss keeps what the launcher held when it forked it (9.1 MiB under the
    kit's Python 3.11, more with a large environment); the script's own VmHWM does not, so
    an interpreter smaller than the launcher reads its own size (CPython 3.8: 7.4 MiB)."""
    small = [i for i in found() if i.impl == "cpython" and i.version == (3, 8)]
    if not small:
        pytest.skip("no CPython 3.8 here")
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder, "own.py")
        script.write_text(baseline.OWN_PEAK)
        command = small[0].command(script)
        run = run_process(command, b"", cwd=Path(folder), timeout=30)
    own = int(run.stdout)
    assert 1024 < own < run.peak_kib  # the launcher's size is over the interpreter's
    assert baseline._own_peak(run.stdout, run.peak_kib) == own


def test_the_script_s_own_peak_is_taken_when_it_reads_one_no_larger_than_the_run_s():
    assert baseline._own_peak(b"7576\n", 9308) == 7576
    assert baseline._own_peak(b"", 9308) == 9308  # no /proc: the run's
    assert baseline._own_peak(b"9400\n", 9308) == 9308  # read after the run's peak: no lower
    assert baseline._own_peak(b"noise\n", 9308) == 9308


def test_a_baseline_is_measured_once_then_read_from_the_cache(tmp_path, measured):
    command = (str(interpreter(tmp_path)), "-I")
    assert baseline.baseline_kib(command, ()) == 1001
    baseline._started.clear()  # a later kit process
    assert baseline.baseline_kib(command, ()) == 1001
    assert len(measured) == 1


def test_a_changed_interpreter_file_is_measured_again(tmp_path, measured):
    path = interpreter(tmp_path)
    command = (str(path), "-I")
    assert baseline.baseline_kib(command, ()) == 1001
    os.utime(path, ns=(1, 1))
    baseline._started.clear()
    assert baseline.baseline_kib(command, ()) == 1002
    assert baseline.baseline_kib((str(path), "-S"), ()) == 1003  # other flags
    assert baseline.baseline_kib(command, (("A", "1"),)) == 1004  # another environment
    assert len(measured) == 4


def test_a_failed_measurement_is_not_kept(tmp_path, measured):
    command = (str(interpreter(tmp_path)), "fails")
    baseline.baseline_kib(command, ())
    baseline._started.clear()
    baseline.baseline_kib(command, ())
    assert len(measured) == 2


def test_without_the_cache_every_kit_process_measures(tmp_path, measured, monkeypatch):
    monkeypatch.setenv("CPKIT_CACHE", "0")
    command = (str(interpreter(tmp_path)), "-I")
    baseline.baseline_kib(command, ())
    baseline._started.clear()
    baseline.baseline_kib(command, ())
    assert len(measured) == 2


def test_a_build_from_another_folder_reads_the_same_baseline(tmp_path, measured):
    command = (str(interpreter(tmp_path)), "-I")
    here = (("HOME", "/root"), ("PWD", "/a"), ("OLDPWD", "/b"), ("SHLVL", "1"), ("_", "/x"))
    moved = (("HOME", "/root"), ("PWD", "/c"), ("OLDPWD", "/a"), ("SHLVL", "2"), ("_", "/y"))
    assert baseline.baseline_kib(command, here) == 1001
    baseline._started.clear()  # a later kit process, started from another folder
    assert baseline.baseline_kib(command, moved) == 1001
    assert len(measured) == 1

"""kit.cache and its users: interpreters are asked their version once per file (kit.judges.targets),
vermin reads a module text once (kit.check.vermin_findings); a changed file or text is asked
again, never served stale, and CPKIT_CACHE=0 turns it all off."""

import ast
import json
import os
import subprocess
import threading
from pathlib import Path

from kit import cache
from kit.bundle.sources import Source
from kit.check.vermin_findings import vermin
from kit.judges import targets
from tests.cache_support import counting, runs


def fake_python(folder: Path, minor: int) -> Path:
    """A program that answers the probe as CPython 3.<minor> and counts how often it ran."""
    return counting(folder, f"python3.{minor}", f"echo '[\"cpython\", [3, {minor}]]'")


def found_with(monkeypatch, *executables):
    monkeypatch.setenv("KIT_PYTHONS", " ".join(map(str, executables)))
    targets.found.cache_clear()
    try:
        return targets.found()
    finally:
        targets.found.cache_clear()


def test_an_interpreter_is_asked_once_until_its_file_changes(tmp_path, monkeypatch, cache_home):
    python = fake_python(tmp_path, 9)
    assert [i.version for i in found_with(monkeypatch, python)] == [(3, 9)]
    assert [i.version for i in found_with(monkeypatch, python)] == [(3, 9)]
    assert runs(tmp_path) == 1 and (cache_home / targets._ProbeCache.NAME).is_file()
    python.write_text(python.read_text().replace("3, 9", "3, 10") + "\n")  # reinstalled
    assert [i.version for i in found_with(monkeypatch, python)] == [(3, 10)]
    assert runs(tmp_path) == 2


def test_the_answers_of_an_interpreter_that_changed_or_is_gone_are_dropped(
    tmp_path, monkeypatch, cache_home
):
    """Each reinstall or upgrade of an interpreter was a key more in the file, for good."""
    python, gone = fake_python(tmp_path, 9), fake_python(tmp_path, 10)
    found_with(monkeypatch, python, gone)
    gone.unlink()
    python.write_text(python.read_text() + "\n")  # upgraded
    found_with(monkeypatch, python)
    kept = json.loads((cache_home / targets._ProbeCache.NAME).read_text())
    assert list(kept) == [f"{python}|{cache.file_stamp(str(python))}"]


def test_without_the_cache_every_build_asks_again(tmp_path, monkeypatch, cache_home):
    monkeypatch.setenv("CPKIT_CACHE", "0")
    python = fake_python(tmp_path, 9)
    found_with(monkeypatch, python)
    found_with(monkeypatch, python)
    assert runs(tmp_path) == 2 and not cache_home.exists()


def module(text: str) -> Source:
    source = Source("shared.x", Path("shared/x.py"), "shared/x.py", False, text, ast.parse(text))
    source.shipped = text
    return source


def test_vermin_reads_a_module_text_once(monkeypatch, cache_home):
    calls = []
    real = subprocess.run

    def counted(command, *args, **kwargs):
        if "vermin.main" in " ".join(map(str, command)):
            calls.append(command)
        return real(command, *args, **kwargs)

    monkeypatch.setattr(subprocess, "run", counted)
    text = "import math\nprint(math.lcm(4, 6))\n"
    first = vermin([module(text)])
    assert any("lcm" in f[2] and f[3] == (3, 9) for f in first)
    assert vermin([module(text)]) == first and len(calls) == 1
    vermin([module(text + "print(1)\n")])  # a changed text: vermin again
    assert len(calls) == 2


def test_a_corrupt_cache_file_is_ignored(tmp_path, monkeypatch, cache_home):
    cache_home.mkdir(parents=True)
    (cache_home / targets._ProbeCache.NAME).write_text("{not json")
    (cache_home / "vermin.json").write_text("[1, 2]")
    python = fake_python(tmp_path, 9)
    assert [i.version for i in found_with(monkeypatch, python)] == [(3, 9)]
    assert vermin([module("print(1)\n")]) == []


def test_two_threads_write_an_entry_each_through_a_file_of_its_own(monkeypatch, cache_home):
    """Two threads of one build writing the same entry wrote one temporary file, named by the
    process alone: their texts could mix, and the entry be lost."""
    sources, together = [], threading.Barrier(2, timeout=10)
    replace = os.replace

    def recorded(source, target):  # both threads writing at once, as in a build
        sources.append(str(source))
        together.wait()
        replace(source, target)

    monkeypatch.setattr(cache.os, "replace", recorded)
    threads = [
        threading.Thread(target=cache.write_json, args=("entry.json", {"n": n})) for n in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(sources)) == 2
    assert cache.read_json("entry.json") in ({"n": 0}, {"n": 1})


def test_no_home_folder_is_made_for_the_cache(tmp_path, monkeypatch):
    """``HOME=/nonexistent`` (a service account's): the kit made /nonexistent/.cache/cpkit."""
    from kit import cache

    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("CPKIT_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "nonexistent"))
    assert cache.folder() is None
    cache.write_json("checks.json", {"a": 1})
    assert not (tmp_path / "nonexistent").exists()
    (tmp_path / "nonexistent").mkdir()
    assert cache.folder() == tmp_path / "nonexistent" / ".cache" / "cpkit"


def test_a_relative_cache_home_is_ignored(tmp_path, monkeypatch):
    """``XDG_CACHE_HOME=relative`` put the cache under whatever folder the kit ran in (in a
    samples folder, every later build failed on the folder it found there); the XDG spec
    says a relative path is ignored."""
    from kit import cache

    monkeypatch.delenv("CPKIT_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    assert cache.folder() == tmp_path / ".cache" / "cpkit"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "absolute"))
    assert cache.folder() == tmp_path / "absolute" / "cpkit"


def test_a_temporary_file_a_dead_writer_left_is_swept_once_an_entry_is_written(
    monkeypatch, cache_home
):
    """A write that failed, or a process killed mid-write, left ``NAME.PID.TID.tmp`` for
    good; one of a live process (this one's, another thread writing) is left alone, however
    old its time (it was removed past ``STALE_AGE``: a fresh copy of an old folder)."""
    child = subprocess.Popen(["true"])
    child.wait()
    cache_home.mkdir(parents=True)
    dead, live = f"vermin.json.{child.pid}.7.tmp", f"vermin.json.{os.getpid()}.7.tmp"
    old = f"probe.json.{os.getpid()}.8.tmp"
    for name in (dead, live, old):
        (cache_home / name).write_text("")
    long_ago = 0
    os.utime(cache_home / old, (long_ago, long_ago))  # older than STALE_AGE: still its own
    monkeypatch.setattr(cache, "_swept", set())
    cache.write_json("entry.json", {"a": 1})
    assert sorted(path.name for path in cache_home.iterdir()) == ["entry.json", old, live]


def test_a_write_that_fails_leaves_no_temporary_file(monkeypatch, cache_home):
    def refused(*_):
        raise OSError("no room")

    monkeypatch.setattr(cache.os, "replace", refused)
    cache.write_json("entry.json", {"a": 1})
    assert list(cache_home.iterdir()) == []

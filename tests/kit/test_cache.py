"""kit.cache and its users: interpreters are asked their version once per file (kit.judges.targets),
vermin reads a module text once (kit.check.vermin_findings); a changed file or text is asked
again, never served stale, and CPKIT_CACHE=0 turns it all off."""

import ast
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kit import cache
from kit.bundle.sources import Source
from kit.check.vermin_findings import vermin
from kit.file_locks import locked
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


def test_the_tests_keep_a_cache_of_their_own(tmp_path_factory):
    """A run of the tests, and every command a test starts, keeps the kit's cache in a folder
    of the run's own (tests/conftest.py): most tests used ``~/.cache/cpkit``, their results
    depending on what an earlier run or the user left there, and each run wrote there."""
    place = cache.folder()
    assert place is not None and tmp_path_factory.getbasetemp() in place.parents
    assert not {"CPKIT_CACHE", "CPKIT_CACHE_MB"} & set(os.environ)
    code = "from kit import cache; print(cache.folder())"
    child = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert child.stdout.strip() == str(place)


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


def entry(programs: Path, number: int, size: int, age: float) -> Path:
    """A program entry (``programs/KEY/program`` of ``size`` bytes) last used ``age`` s ago."""
    folder = programs / f"{number:032x}"
    folder.mkdir(parents=True)
    (folder / "program").write_bytes(b"x" * size)
    when = time.time() - age
    os.utime(folder, (when, when))
    return folder


def test_the_programs_used_longest_ago_are_evicted_down_to_the_cap(cache_home):
    """The cache grew without bound (571 MB in a day): the entries used longest ago go first,
    until the folder, JSON files counted, is under the cap; the rest are kept."""
    programs = cache_home / "programs"
    ages = {1: 5000, 2: 9000, 3: 7000, 4: 3000}
    folders = {n: entry(programs, n, 1000, age) for n, age in ages.items()}
    (cache_home / "checks.json").write_bytes(b"{}" + b" " * 498)
    assert cache.trim(cache_home, 2600) == [folders[2].name, folders[3].name]
    assert sorted(path.name for path in programs.iterdir()) == [folders[1].name, folders[4].name]
    assert cache.trim(cache_home, 2600) == []  # under the cap: nothing more


def test_generated_tests_are_evicted_with_the_programs_by_one_order(cache_home):
    """A Polygon package's generated tests (``generated/KEY`` files) grow the cache as
    programs do (65 MiB for one package): one cap, one order of use over both, and a cache
    with no ``programs/`` at all is trimmed too."""
    generated = cache_home / "generated"
    generated.mkdir(parents=True)
    tests = {}
    for number, age in ((7, 8000), (8, 2000)):
        tests[number] = generated / f"{number:032x}"
        tests[number].write_bytes(b"t" * 1000)
        os.utime(tests[number], (time.time() - age,) * 2)
    assert cache.trim(cache_home, 1500) == [tests[7].name]
    program = entry(cache_home / "programs", 1, 1000, 5000)
    assert cache.trim(cache_home, 1500) == [program.name]
    assert [path.name for path in generated.iterdir()] == [tests[8].name]


def test_made_answers_are_evicted_with_the_programs_and_tests_by_one_order(cache_home):
    """A Polygon package's made answers (``answers/KEY``, kit.verify.made_answers) under the
    same cap and order as the programs and generated tests."""
    answers, generated = cache_home / "answers", cache_home / "generated"
    files = {}
    for place, number, age in ((answers, 1, 9000), (generated, 2, 7000), (answers, 3, 2000)):
        place.mkdir(parents=True, exist_ok=True)
        files[number] = place / f"{number:032x}"
        files[number].write_bytes(b"a" * 1000)
        os.utime(files[number], (time.time() - age,) * 2)
    program = entry(cache_home / "programs", 4, 1000, 5000)
    assert cache.trim(cache_home, 1500) == [files[1].name, files[2].name, program.name]
    assert [path.name for path in answers.iterdir()] == [files[3].name]


def test_a_file_entry_kept_is_read_back_marked_used_and_trims_the_cache_once(
    cache_home, monkeypatch
):
    """``keep`` writes it aside then into place and trims the cache (``wrote_entry``); ``kept``
    reads it and marks it used (None for one not there); with caching off, neither does."""
    trims = []
    monkeypatch.setattr(cache, "wrote_entry", lambda: trims.append(1))
    key = "a" * 32
    assert cache.kept(cache.ANSWERS, key) is None and trims == []
    cache.keep(cache.ANSWERS, key, b"42\n")
    kept = cache_home / "answers" / key
    assert kept.read_bytes() == b"42\n" and trims == [1]
    assert list(kept.parent.iterdir()) == [kept]
    os.utime(kept, (0, 0))
    assert cache.kept(cache.ANSWERS, key) == b"42\n"
    assert time.time() - kept.stat().st_mtime < 60
    monkeypatch.setenv("CPKIT_CACHE", "0")
    assert cache.kept(cache.ANSWERS, key) is None
    cache.keep(cache.ANSWERS, "b" * 32, b"7\n")
    assert trims == [1] and list(kept.parent.iterdir()) == [kept]


def test_a_program_used_in_the_last_minutes_is_kept_over_the_cap(cache_home, monkeypatch):
    """One another process runs (or has just made) is never evicted, whatever the cap, nor
    even moved: a reader at that moment would not find it."""
    programs = cache_home / "programs"
    old = entry(programs, 1, 1000, cache.RECENT + 60)
    fresh = entry(programs, 2, 1000, 30)
    moved, rename = [], os.rename
    monkeypatch.setattr(cache.os, "rename", lambda *given: moved.append(given[0]) or rename(*given))
    assert cache.trim(cache_home, 0) == [old.name]
    assert [path.name for path in programs.iterdir()] == [fresh.name] and moved == [old]


def test_an_entry_is_renamed_away_before_it_is_deleted(cache_home, monkeypatch):
    """A reader must find an entry whole or not at all: when its files are deleted, it is no
    longer at its name; its aside is named as a temporary a sweep knows."""
    old = entry(cache_home / "programs", 1, 1000, cache.RECENT + 60)
    removed, real = [], shutil.rmtree

    def recorded(path, *args, **kwargs):
        removed.append((Path(path).name, old.exists()))
        real(path, *args, **kwargs)

    monkeypatch.setattr(cache.shutil, "rmtree", recorded)
    assert cache.trim(cache_home, 0) == [old.name]
    assert removed == [(f"{old.name}.{os.getpid()}.tmp", False)]
    assert cache.TEMPORARY.search(removed[0][0])[1] == str(os.getpid())


def test_an_entry_used_between_its_choice_and_its_rename_is_put_back(cache_home, monkeypatch):
    """Another kit touched it (about to run it) after the trim chose it: it stays."""
    old = entry(cache_home / "programs", 1, 1000, cache.RECENT + 60)
    rename = os.rename

    def used_first(source, target):
        if Path(source) == old:
            cache.used(old)  # the other kit's use, just before the rename
        rename(source, target)

    monkeypatch.setattr(cache.os, "rename", used_first)
    assert cache.trim(cache_home, 0) == []
    assert (old / "program").is_file() and list(old.parent.iterdir()) == [old]


def test_an_entry_used_meanwhile_whose_put_back_fails_is_not_deleted(cache_home, monkeypatch):
    """Another kit uses it: a failed rename back leaves it aside (a later sweep's), never
    deleted under that kit; it was deleted all the same."""
    old = entry(cache_home / "programs", 1, 1000, cache.RECENT + 60)
    rename = os.rename

    def used_then_refused(source, target):
        if Path(source) == old:
            cache.used(old)
            return rename(source, target)
        raise OSError("refused")

    monkeypatch.setattr(cache.os, "rename", used_then_refused)
    assert cache.trim(cache_home, 0) == []
    [aside] = (cache_home / "programs").iterdir()
    assert (aside / "program").is_file() and cache.TEMPORARY.search(aside.name)


def test_an_eviction_a_killed_kit_left_half_done_is_swept(cache_home):
    child = subprocess.Popen(["true"])
    child.wait()
    left = entry(cache_home / "programs", 1, 10, 0)
    left.rename(left.with_name(f"{left.name}.{child.pid}.tmp"))
    assert cache.trim(cache_home, 1 << 30) == []
    assert list((cache_home / "programs").iterdir()) == []


def test_the_cap_is_a_gib_unless_cpkit_cache_mb_sets_it(monkeypatch, capsys):
    monkeypatch.delenv(cache.CAP, raising=False)
    assert cache.cap() == 1024 * 1024 * 1024
    monkeypatch.setenv(cache.CAP, " 200 ")
    assert cache.cap() == 200 * 1024 * 1024
    monkeypatch.setenv(cache.CAP, "0")
    assert cache.cap() == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("given", ["1G", "-5", "1.5", "\u00b2", "lots"])
def test_a_cap_that_is_not_a_whole_number_is_said_and_the_default_kept(given, monkeypatch, capsys):
    """The cache never fails a command: a bad value is one warning line, the cap stays."""
    monkeypatch.setenv(cache.CAP, given)
    assert cache.cap() == cache.CAP_MB * cache.MIB
    said = capsys.readouterr().err
    assert said == (
        f"warning: CPKIT_CACHE_MB={given!r} is not a whole number of MiB; the cache's cap "
        "stays 1024 MiB\n"
    )


def test_the_cache_is_trimmed_once_a_process_after_a_new_entry(cache_home, monkeypatch):
    """A process that wrote a program trims the cache once (the variable's cap); a used entry
    is fresh again; a process that wrote nothing never walks the folder."""
    programs = cache_home / "programs"
    monkeypatch.setattr(cache, "_trimmed", set())
    monkeypatch.setenv(cache.CAP, "0")
    first, second = (entry(programs, n, 10, cache.RECENT + 60) for n in (1, 2))
    assert cache.used(first) and not cache.used(programs / "gone")
    cache.wrote_entry()
    assert list(programs.iterdir()) == [first]
    os.utime(first, (0, 0))
    cache.wrote_entry()  # once a process
    assert list(programs.iterdir()) == [first]


def test_two_kits_trimming_at_once_take_turns(cache_home, monkeypatch):
    """Each would count the folder whole and evict its own share of the excess: the second
    waits for the first's lock on the cache's folder, then finds it under its cap."""
    monkeypatch.setattr(cache, "_trimmed", set())
    monkeypatch.setenv(cache.CAP, "0")
    old = entry(cache_home / "programs", 1, 10, cache.RECENT + 60)
    with locked(cache_home):  # another kit trimming
        trimming = threading.Thread(target=cache.wrote_entry)
        trimming.start()
        trimming.join(0.3)
        assert trimming.is_alive() and old.exists()
    trimming.join(10)
    assert not old.exists()


def test_a_file_entry_in_a_cache_that_cannot_hold_it_is_neither_kept_nor_a_traceback(
    tmp_path, monkeypatch
):
    """A cache folder under a file (``XDG_CACHE_HOME`` a file's path): ``keep``'s clean-up of
    its partial write raised NotADirectoryError, which ``missing_ok`` does not take, and
    ``verify`` of a standard Polygon package died with a traceback."""
    spot = tmp_path / "a-file"
    spot.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(spot))
    monkeypatch.delenv("CPKIT_CACHE", raising=False)
    cache.keep(cache.ANSWERS, "a" * 32, b"42\n")
    assert cache.kept(cache.ANSWERS, "a" * 32) is None

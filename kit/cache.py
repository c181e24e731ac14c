"""Where the kit keeps what it has learned and that does not change on its own: interpreters'
versions (kit.judges.targets), their own footprints (kit.run.baseline), vermin's findings per
module text (kit.check.vermin_findings), the syntax checks' answers per text (kit.check.memo)
and each helper's stripped text (kit.bundle.stripped).

The folder is ``$XDG_CACHE_HOME/cpkit``, else ``~/.cache/cpkit`` (none without a home
folder); ``CPKIT_CACHE=0`` turns caching off. Every entry is keyed by what it depends on
(an executable's size and time, a text's hash with the tool's version), so a change is
noticed, never served stale; a cache that cannot be read or written is simply not used.

An entry is written to a temporary file of its writer's (its process number in the name),
then moved into place; one a writer left (killed, or its write failed) is removed by a later
``sweep``: its process is gone (``stale``, the one rule of every leftover named by a process;
one whose name holds none is removed once older than ``STALE_AGE``).
``write_json`` sweeps the folder's once per process, after an entry is written.

**Its cap.** The folder is kept under ``CAP_MB`` MiB (``CPKIT_CACHE_MB=N`` sets another; a
value that is not a whole number is said in one warning line and the default kept: the cache
never fails a command). Compiled programs (``programs/KEY``, ``kit.judges.compiling``),
generated tests (``generated/KEY``, ``kit.verify.generated_tests``) and made answers
(``answers/KEY``, ``kit.verify.made_answers``: a file each, read by ``kept``, written by
``keep``) are what grows: each use of one touches its time (``used``), and a process that put
a new one there trims the folder once (``wrote_entry``): the entries of all three used longest
ago are evicted until the whole folder, the JSON files and unpacked packages counted, is under
the cap. One used in the
last ``RECENT`` seconds is kept (another process runs it; one being written is fresh),
whatever the cap. Two kits trimming at once take turns (a lock on the
cache's folder), and an entry is renamed away (``KEY.PID.tmp``, swept like a write's leftover)
before it is deleted: a reader finds it whole or not at all, and one touched between its
choice and its rename is put back. Each JSON file keeps a bounded count of entries (its
writer's rule: the newest N, or those of files that still exist).

    folder() -> Path | None
    read_json(name) -> dict;  write_json(name, data)
    sweep(paths, pattern)  # the stale of ``paths`` (``TEMPORARY``: group 1 the process)
    stale(path, process) -> bool  # its process gone; no process named: older than STALE_AGE
    used(*entries) -> bool   # their times set to now; False when one is gone (evicted)
    kept(kind, key) -> bytes | None;  keep(kind, key, data)   # a file entry of ``EVICTED``
    wrote_entry()   # after a new entry: the cache trimmed to its cap, once a process
    trim(place, cap) -> list[str]   # the entries evicted, used longest ago first
    cap() -> int   # bytes: CPKIT_CACHE_MB, else CAP_MB
    file_stamp(path) -> str | None   # a file's identity in keys: real path, size, time
    Stamp.of(os.stat_result) -> Stamp   # size, modification and change times, inode
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import sys
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from kit.file_locks import locked
from kit.scratch import alive

# seconds: a leftover whose name holds no process (an older kit's) this old is removed; one
# of a live process never is by its age (a copy with its source's old times, a long build)
STALE_AGE = 3600.0
# a temporary file's name: NAME.PROCESS.THREAD.tmp (write_json's) or NAME.PROCESS.tmp
TEMPORARY = re.compile(r"\.(\d+)(?:\.\d+)?\.tmp$")
_swept: set[Path] = set()  # the folders swept by this process
CAP = "CPKIT_CACHE_MB"  # the cap's variable: MiB
CAP_MB = 1024
MIB = 1 << 20
# seconds: a program used (or written) this recently is never evicted: another process runs
# it, or compiles it (at most COMPILE_TIMEOUT, 300 s), or a JVM loads its classes
RECENT = 600.0
PROGRAMS = "programs"
GENERATED = "generated"  # a Polygon package's generated tests (kit.verify.generated_tests)
ANSWERS = "answers"  # a Polygon package's made answers (kit.verify.made_answers)
EVICTED = (PROGRAMS, GENERATED, ANSWERS)  # the folders whose entries the cap evicts
_KEY = re.compile(r"^[0-9a-f]{32}$")  # an entry's name (its maker's key)
_trimmed: set[Path] = set()  # the folders trimmed by this process


def folder() -> Path | None:
    """The cache's folder; None when caching is off, or when there is no home folder to put
    it in (a service account's ``HOME=/nonexistent``: the kit made that folder, as root)."""
    if os.environ.get("CPKIT_CACHE") == "0":
        return None
    given = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(given):  # a relative one is ignored, as the XDG spec says
        return Path(given) / "cpkit"
    try:
        home = Path.home()
    except RuntimeError:  # no home directory can be determined
        return None
    return home / ".cache" / "cpkit" if home.is_dir() else None


def read_json(name: str) -> dict:
    place = folder()
    if place is None:
        return {}
    try:
        data = json.loads((place / name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_json(name: str, data: dict) -> None:
    place = folder()
    if place is None:
        return
    with contextlib.suppress(OSError):  # a read-only home: no cache, the same answers
        place.mkdir(parents=True, exist_ok=True)
        # one temporary file per thread: two threads writing one entry would mix their text
        temporary = place / f"{name}.{os.getpid()}.{threading.get_ident()}.tmp"
        try:
            temporary.write_text(json.dumps(data), encoding="utf-8")
            os.replace(temporary, place / name)
        finally:
            temporary.unlink(missing_ok=True)
    if place not in _swept:
        _swept.add(place)
        sweep(place.glob("*.tmp"), TEMPORARY)


def sweep(paths: Iterable[Path], pattern: re.Pattern) -> None:
    """Remove each of ``paths`` (a file or a folder) whose name matches ``pattern`` and is
    ``stale``: the process its group 1 numbers is gone."""
    for path in paths:
        found = pattern.search(path.name)
        if found is None or not stale(path, int(found[1])):
            continue
        with contextlib.suppress(OSError):
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()


def used(*entries: Path) -> bool:
    """Each of ``entries`` (a program's folder, a generated test's or a made answer's file)
    marked used now, for ``trim``'s order; False when one is gone: evicted by another
    process, to be made again (one this user may not touch, a shared read-only cache's, is
    there all the same)."""
    for entry in entries:
        try:
            os.utime(entry)
        except FileNotFoundError:
            return False
        except OSError:
            pass
    return True


def kept(kind: str, key: str) -> bytes | None:
    """The file entry ``key`` of the folder ``kind`` (one of ``EVICTED``: a generated test, a
    made answer), marked used now; None when it is not there or caching is off."""
    base = folder()
    if base is None:
        return None
    entry = base / kind / key
    try:
        data = entry.read_bytes()
    except OSError:
        return None
    used(entry)
    return data


def keep(kind: str, key: str, data: bytes) -> None:
    """``data`` kept as the file entry ``key`` of the folder ``kind`` (written aside, then
    moved into place), the cache then trimmed (``wrote_entry``); nothing when the cache is off
    or cannot be written."""
    base = folder()
    if base is None:
        return
    place = base / kind
    partial = place / f"{key}.{os.getpid()}.tmp"
    try:
        place.mkdir(parents=True, exist_ok=True)
        sweep(place.glob("*.tmp"), TEMPORARY)
        partial.write_bytes(data)
        os.replace(partial, place / key)
    except OSError:
        with contextlib.suppress(OSError):  # under a file: NotADirectoryError
            partial.unlink(missing_ok=True)
        return
    wrote_entry()


def wrote_entry() -> None:
    """The cache trimmed to its ``cap``, the first time this process put a new entry of
    ``EVICTED`` in it (a warm run, which writes none, never walks the folder)."""
    place = folder()
    if place is None or place in _trimmed:
        return
    _trimmed.add(place)
    # another kit trimming: its turn first
    with contextlib.suppress(OSError), locked(place):
        trim(place, cap())


def cap() -> int:
    """The cache's cap in bytes: ``CPKIT_CACHE_MB`` MiB, else ``CAP_MB``; a value that is not
    a whole number of MiB is said on stderr (one line) and the default kept."""
    given = os.environ.get(CAP, "").strip()
    if not given:
        return CAP_MB * MIB
    if not re.fullmatch(r"[0-9]+", given):
        print(
            f"warning: {CAP}={given!r} is not a whole number of MiB; the cache's cap stays "
            f"{CAP_MB} MiB",
            file=sys.stderr,
        )
        return CAP_MB * MIB
    return int(given) * MIB


def trim(place: Path, cap: int) -> list[str]:
    """Evict the entries of ``place``'s ``EVICTED`` folders used longest ago (their times)
    until everything in it is at most ``cap`` bytes; one used in the last ``RECENT`` seconds
    is kept. The names evicted, in order."""
    for name in EVICTED:  # an eviction killed half way
        sweep((place / name).glob("*.tmp"), TEMPORARY)
    total = _size(place)
    if total <= cap:
        return []
    evicted = []
    for when, entry in _entries(place):
        if total <= cap or time.time() - when < RECENT:
            break  # the rest were used later
        size = _evicted(entry)
        if size is not None:
            total -= size
            evicted.append(entry.name)
    return evicted


def _entries(place: Path) -> list[tuple[float, Path]]:
    """(time, path) of each entry of the ``EVICTED`` folders, used longest ago first."""
    entries = []
    for name in EVICTED:
        with contextlib.suppress(OSError), os.scandir(place / name) as found:
            for entry in found:
                if _KEY.match(entry.name) and not entry.is_symlink():
                    with contextlib.suppress(OSError):
                        when = entry.stat(follow_symlinks=False).st_mtime
                        entries.append((when, Path(entry.path)))
    return sorted(entries)


def _evicted(entry: Path) -> int | None:
    """``entry`` renamed away, then deleted; its size, or None when it was used meanwhile
    (put back) or is gone."""
    aside = entry.with_name(f"{entry.name}.{os.getpid()}.tmp")
    try:
        os.rename(entry, aside)
        fresh = time.time() - aside.stat().st_mtime < RECENT
    except OSError:
        return None
    if fresh:  # touched between its choice and its rename: another process uses it, kept
        with contextlib.suppress(OSError):  # (not put back: its aside a later sweep's)
            os.rename(aside, entry)
        return None
    if aside.is_dir():
        size = _size(aside)
        shutil.rmtree(aside, ignore_errors=True)
        return size
    try:  # a generated test, a made answer
        size = aside.stat().st_size
        aside.unlink()
    except OSError:
        return None
    return size


def _size(path: Path | str) -> int:
    """The bytes of the files under the folder ``path`` (links not followed)."""
    total = 0
    with contextlib.suppress(OSError), os.scandir(path) as found:
        for entry in found:
            with contextlib.suppress(OSError):
                if entry.is_dir(follow_symlinks=False):
                    total += _size(entry.path)
                else:
                    total += entry.stat(follow_symlinks=False).st_size
    return total


def stale(path: Path, process: int | None) -> bool:
    """Whether ``path``, left by ``process`` (None: its name holds none), may be removed: that
    process is gone (``kit.scratch.alive``); with none named, older than ``STALE_AGE``. A
    live process's is its own, however old its times (a folder copied with its source's)."""
    if process is not None:
        return not alive(process)
    try:
        return time.time() - path.lstat().st_mtime > STALE_AGE
    except OSError:  # gone already
        return False


class Stamp(NamedTuple):
    """What tells that a file's content may have changed, from its ``stat``: the change time
    moves whenever the content is written, whatever the modification time is set back to
    (``touch -d``, ``touch -r``, ``cp -p``, a reproducible build's fixed times), and the inode
    when an editor replaces the file."""

    size: int
    modified: int  # ns
    changed: int  # ns
    inode: int

    @classmethod
    def of(cls, info: os.stat_result) -> Stamp:
        return cls(info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)


def file_stamp(path: str) -> str | None:
    """A file's identity for a cache key (an executable's, an archive's): its real path and
    ``Stamp``; None when it cannot be read."""
    try:
        real = os.path.realpath(path)
        stamp = Stamp.of(os.stat(real))
    except OSError:
        return None
    return f"{real}|{stamp.size}|{stamp.modified}|{stamp.changed}|{stamp.inode}"

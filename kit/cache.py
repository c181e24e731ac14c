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

    folder() -> Path | None
    read_json(name) -> dict;  write_json(name, data)
    sweep(paths, pattern)  # the stale of ``paths`` (``TEMPORARY``: group 1 the process)
    stale(path, process) -> bool  # its process gone; no process named: older than STALE_AGE
    file_stamp(path) -> str | None   # a file's identity in keys: real path, size, time
    Stamp.of(os.stat_result) -> Stamp   # size, modification and change times, inode
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from kit.scratch import alive

# seconds: a leftover whose name holds no process (an older kit's) this old is removed; one
# of a live process never is by its age (a copy with its source's old times, a long build)
STALE_AGE = 3600.0
# a temporary file's name: NAME.PROCESS.THREAD.tmp (write_json's) or NAME.PROCESS.tmp
TEMPORARY = re.compile(r"\.(\d+)(?:\.\d+)?\.tmp$")
_swept: set[Path] = set()  # the folders swept by this process


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

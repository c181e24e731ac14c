"""Where the kit keeps what it has learned and that does not change on its own: interpreters'
versions (kit.judges.targets), their own footprints (kit.run.baseline), vermin's findings per
module text (kit.check.vermin_findings), the syntax checks' answers per text (kit.check.memo)
and each helper's stripped text (kit.bundle.stripped).

The folder is ``$XDG_CACHE_HOME/cpkit``, else ``~/.cache/cpkit`` (none without a home
folder); ``CPKIT_CACHE=0`` turns caching off. Every entry is keyed by what it depends on
(an executable's size and time, a text's hash with the tool's version), so a change is
noticed, never served stale; a cache that cannot be read or written is simply not used.

    folder() -> Path | None
    read_json(name) -> dict;  write_json(name, data)
    file_stamp(path) -> str | None   # a file's identity in keys: real path, size, time
    Stamp.of(os.stat_result) -> Stamp   # size, modification and change times, inode
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path
from typing import NamedTuple


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
        temporary.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temporary, place / name)


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

"""Files that several kit commands may write at once (two ``new`` in two terminals, ``listen``
beside a ``new``, a build beside its ``--watch`` twin): a lock held around each change, and a
file replaced whole.

``locked(path)`` holds an exclusive lock (``fcntl.flock``) on ``path`` itself, a file or a
folder, waited for and dropped by the kernel when the process ends however it ends; no lock
file is left beside it. A file that ``replace`` replaced while the lock was waited for is a
new file: the lock is then taken again on the file that is there, so that two holders never
lock two versions of it. Whoever changes the file takes the lock, reads the file under it and
writes it back under it: no change is lost to another's read-then-write.
``replace(path, data)`` writes ``data`` to a temporary file in ``path``'s folder, syncs it to
disk and renames it over ``path`` (``os.replace``), with ``path``'s permissions: a reader, and
a writer killed half way, see the old file or the new one whole, never an empty or half
written one (a writer killed outright can leave its temporary ``.<name>.<random>`` beside it).

    with locked(root / "problems.toml"):
        text = (root / "problems.toml").read_text()
        replace(root / "problems.toml", (text + table).encode())
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """An exclusive lock on the file or folder ``path``, held until the block ends; an
    OSError when it cannot be opened. A file is opened to write (NFS takes an exclusive lock
    only on such), so one that cannot be written is an OSError too."""
    flags = (os.O_RDONLY if os.path.isdir(path) else os.O_RDWR) | os.O_CLOEXEC
    while True:
        descriptor = os.open(path, flags)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            if os.path.samestat(os.fstat(descriptor), os.stat(path)):
                break  # still the file at ``path``: not replaced while the lock was waited for
        except BaseException:
            os.close(descriptor)
            raise
        os.close(descriptor)
    try:
        yield
    finally:
        os.close(descriptor)  # the lock goes with it


def replace(path: Path, data: bytes) -> None:
    """``path`` holding ``data``, at once: written beside it, synced, then renamed over it,
    with ``path``'s permissions (a link's target is what is replaced, the link kept); the
    temporary file is removed when anything fails."""
    path = Path(os.path.realpath(path))
    mode = os.stat(path).st_mode & 0o7777
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fchmod(file.fileno(), mode)
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise

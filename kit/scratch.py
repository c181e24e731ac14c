"""The kit's temporary files, all in one folder of its own.

``adopt()`` makes ``tempfile`` put every temporary file and folder of this kit process under
``<temp>/cpkit-<NS>-<PID>-<random>`` (NS names the process-id namespace, PID the kit's
process), removed when the process ends (or, when threads of it still run then, by the next
kit). A kit killed outright (SIGKILL, the out-of-memory killer) cannot remove its own: the
next kit that starts removes every such folder of the same namespace whose process is gone,
so none piles up in ``/tmp``. ``system_folder()`` is the temp
folder itself, for the files a message names, which must outlive the kit. ``quiet_removals()``
holds the exit handlers' tracebacks for a file of that folder they could not remove.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import sys
import tempfile
import threading
from pathlib import Path

PREFIX = "cpkit-"
NO_FOLDER = "no temporary folder takes a file (TMPDIR, /tmp, /var/tmp, /usr/tmp: a full disk?)"

_adopted: dict[int, tuple[str, str]] = {}  # pid -> (the system's temp folder, our folder)


def system_folder() -> str:
    """The system's temp folder (``TMPDIR`` or its default), whether or not adopted (and
    ``tempfile``'s own, when something set another after: a test's)."""
    own = _adopted.get(os.getpid())
    return own[0] if own and tempfile.tempdir == own[1] else tempfile.gettempdir()


def adopt() -> None:
    """Put this process's temporary files in a folder of its own (once per process) after
    removing those of kits that are gone; left as it is when no temp folder is writable."""
    pid = os.getpid()
    if pid in _adopted:
        return
    namespace = _namespace()
    try:
        base = tempfile.gettempdir()  # FileNotFoundError: none writable (a full disk)
        sweep(Path(base), namespace)
        own = tempfile.mkdtemp(prefix=f"{PREFIX}{namespace}-{pid}-", dir=base)
    except OSError:
        return
    _adopted[pid] = (base, own)
    tempfile.tempdir = own
    atexit.register(_remove, pid, own)


@contextlib.contextmanager
def quiet_removals():
    """While the exit handlers run: a file or folder in this process's own folder that they
    cannot remove (a temporary folder of a run still under way, ``tempfile``'s finalizer
    refused a descriptor under ``ulimit -n``) says nothing, where it printed a traceback after
    the command's last line: the folder goes whole with this one (``_remove``), else with the
    next kit's sweep. Any other error is reported as before."""
    hooks = sys.excepthook, sys.unraisablehook

    def excepthook(kind, error, trace):  # a finalizer's (weakref.finalize at exit)
        if not _own_leftover(error):
            hooks[0](kind, error, trace)

    def unraisablehook(unraisable):  # an exit handler's ("Exception ignored in atexit...")
        if not _own_leftover(unraisable.exc_value):
            hooks[1](unraisable)

    sys.excepthook, sys.unraisablehook = excepthook, unraisablehook
    try:
        yield
    finally:
        sys.excepthook, sys.unraisablehook = hooks


def _own_leftover(error: BaseException | None) -> bool:
    """Whether ``error`` is an OSError on a path inside this process's own folder."""
    own = _adopted.get(os.getpid())
    name = getattr(error, "filename", None)
    if own is None or not isinstance(error, OSError) or not isinstance(name, (str, bytes)):
        return False
    return Path(os.fsdecode(name)).is_relative_to(own[1])


def sweep(base: Path, namespace: str) -> list[Path]:
    """Remove the folders of dead kits of ``namespace`` under ``base``; the folders removed."""
    removed = []
    with contextlib.suppress(OSError):
        for entry in base.glob(f"{PREFIX}{namespace}-*-*"):
            pid = entry.name[len(PREFIX) + len(namespace) + 1 :].partition("-")[0]
            if pid.isdigit() and not alive(int(pid)) and entry.is_dir():
                shutil.rmtree(entry, ignore_errors=True)
                removed.append(entry)
    return removed


def _namespace() -> str:
    """The number of this process's pid namespace (``0`` where it cannot be read): a kit in
    another container sharing the temp folder has other process ids, and is left alone."""
    try:
        link = os.readlink("/proc/self/ns/pid")  # pid:[4026531836]
    except OSError:
        return "0"
    digits = "".join(ch for ch in link if ch.isdigit())
    return digits or "0"


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (another user's counts): leftovers named by a pid are
    removed only when it does not."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # none, or a number no process has
        return False
    except OSError:  # another user's: alive
        return True
    return True


def _remove(pid: int, own: str) -> None:
    """The folder removed at exit, unless threads of the kit still run (a measure started
    ahead, a build abandoned): their runs may still use it, and the launcher would complain
    of a file gone; then the next kit's sweep removes it."""
    if os.getpid() != pid:  # a forked child that happens to exit normally
        return
    if any(thread.is_alive() for thread in threading.enumerate() if thread.daemon):
        return
    shutil.rmtree(own, ignore_errors=True)

"""The folder a run starts in: empty but for the files the run is given (a submission's own
folder, a package's included files, a Kattis case's ``NAME.files``), and emptied after it, so
that what one run wrote is gone for the next (``working_folder``); and the script's own folder,
a fresh copy of the script alone in it for each run (a judge runs each test from a fresh
copy), removed after it: what one run wrote beside ``__file__``, or its rewrite of the script,
is gone for the next, and two runs side by side never see each other's files."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from kit.errors import BuildError


@contextlib.contextmanager
def working_folder(
    folder: Path, files: tuple[Path | None, ...], script: Path, together: bool
) -> Iterator[Path]:
    """``folder`` holding a copy of the files of each folder of ``files`` while the run lasts:
    a submission's own (one of several files), a package's files included with every
    submission, a Kattis case's ``NAME.files``; and nothing after it (what the run wrote is
    gone for the next). Yields the folder the script is run from: ``together``, ``folder``
    itself, the script copied there first unless its own folder is (the format's "Working
    directory"); else a fresh folder of the run's own holding a copy of the script alone,
    removed after the run."""
    home = None
    try:
        try:
            if not together:
                home = Path(tempfile.mkdtemp(prefix="kit-script-"))
                shutil.copy2(script, home / script.name)
            elif files[0] is None:
                shutil.copy2(script, folder / script.name)
            for place in files:
                if place is not None:
                    shutil.copytree(
                        place, folder, symlinks=True, ignore=_special, dirs_exist_ok=True
                    )
        except (OSError, shutil.Error) as error:
            raise BuildError(f"cannot prepare the run's folder: {error}") from None
        yield folder if home is None else home
    finally:
        _emptied(folder)
        if home is not None:
            _emptied(home)
            with contextlib.suppress(OSError):
                home.rmdir()


def _special(folder: str, names: list[str]) -> list[str]:
    """The entries of ``folder`` that are neither files, folders nor links (a pipe, a socket,
    a device): not copied, as reading one may never end. Links are copied as links."""
    special = []
    for name in names:
        try:
            mode = os.lstat(os.path.join(folder, name)).st_mode
        except OSError:
            continue
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
            special.append(name)
    return special


def _emptied(folder: Path) -> None:
    """``folder`` an empty folder again: everything in it removed, read-only entries (a copied
    0555 folder, the folder itself made read-only) included. A folder the run removed, or put
    a file or a link in the place of, is made again (what a link led to left alone): no error
    out of the cleanup, the run's verdict is the one it earned, the next run has its folder."""
    with contextlib.suppress(OSError):
        if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
            folder.unlink()
    with contextlib.suppress(OSError):
        folder.mkdir(exist_ok=True)
    try:
        folder.chmod(folder.stat().st_mode | stat.S_IRWXU)  # a run that made it read-only
        entries = list(folder.iterdir())
    except OSError:  # not made again (its parent gone too): nothing left to empty
        return
    for entry in entries:
        if entry.is_dir() and not entry.is_symlink():
            with contextlib.suppress(OSError):  # an entry gone while walked
                for inner in (entry, *entry.rglob("*")):
                    if inner.is_dir() and not inner.is_symlink():
                        with contextlib.suppress(OSError):
                            inner.chmod(0o755)
            shutil.rmtree(entry, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                entry.unlink()

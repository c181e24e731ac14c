"""The folder a run starts in: empty but for the files the run is given (a submission's own
folder, a package's included files, a Kattis case's ``NAME.files``), and emptied after it, so
that what one run wrote is gone for the next (``working_folder``)."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

from kit.errors import BuildError


@contextlib.contextmanager
def working_folder(
    folder: Path, files: tuple[Path | None, ...], script: Path, together: bool
) -> Iterator[None]:
    """``folder`` holding a copy of the files of each folder of ``files`` while the run lasts:
    a submission's own (one of several files), a package's files included with every
    submission, a Kattis case's ``NAME.files``; and nothing after it (what the run wrote is
    gone for the next). ``together``: the script is run from there too, copied first unless
    its own folder is (the format's "Working directory")."""
    try:
        try:
            if together and files[0] is None:
                shutil.copy2(script, folder / script.name)
            for place in files:
                if place is not None:
                    shutil.copytree(
                        place, folder, symlinks=True, ignore=_special, dirs_exist_ok=True
                    )
        except (OSError, shutil.Error) as error:
            raise BuildError(f"cannot prepare the run's folder: {error}") from None
        yield
    finally:
        _emptied(folder)


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
    """Everything in ``folder`` removed, read-only entries (a copied 0555 folder) included."""
    for entry in folder.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            for inner in (entry, *entry.rglob("*")):
                if inner.is_dir() and not inner.is_symlink():
                    with contextlib.suppress(OSError):
                        inner.chmod(0o755)
            shutil.rmtree(entry, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                entry.unlink()

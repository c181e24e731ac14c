"""A file put in its place at once (``move``): renamed there, or, when the two are on
different file systems (a temporary folder in memory, ``/tmp`` on tmpfs, and a workspace or
the kit's cache on disk, where a rename fails with ``EXDEV``), copied in beside its place
first and renamed from there, so that the file is there whole or not at all.

    move(source, target)  # source gone, target the file it was (its mode kept: a binary runs)
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
from pathlib import Path


def move(source: Path, target: Path) -> None:
    """``source`` put at ``target``; a copy beside ``target`` (``.<stem>.<pid>.tmp``, the
    name a sweep of a killed process's files knows) renamed there across file systems."""
    try:
        os.replace(source, target)
        return
    except OSError as error:
        if error.errno != errno.EXDEV:
            raise
    beside = target.with_name(f".{target.stem}.{os.getpid()}.tmp")
    try:
        shutil.copyfile(source, beside)
        shutil.copymode(source, beside)
        os.replace(beside, target)
    finally:
        with contextlib.suppress(OSError):
            beside.unlink()
    with contextlib.suppress(OSError):
        source.unlink()

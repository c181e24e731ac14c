"""kit.file_moves: a file put in its place whole, renamed, or across file systems copied in
beside its place first."""

import errno
import os
from pathlib import Path

import pytest

from kit import file_moves
from kit.file_moves import move


def two_places(tmp_path):
    source, target = tmp_path / "a" / "program", tmp_path / "b" / "program"
    source.parent.mkdir()
    target.parent.mkdir()
    source.write_text("#!/bin/sh\necho 4\n")
    source.chmod(0o755)
    return source, target


def across_folders(monkeypatch, refused=errno.EXDEV):
    """``os.replace`` as across two file systems: refused between two folders."""
    real = os.replace

    def replace(source, destination):
        if Path(source).parent != Path(destination).parent:
            raise OSError(refused, os.strerror(refused))
        real(source, destination)

    monkeypatch.setattr(file_moves.os, "replace", replace)


def test_a_file_is_renamed_into_place(tmp_path):
    source, target = two_places(tmp_path)
    move(source, target)
    assert not source.exists() and target.read_text() == "#!/bin/sh\necho 4\n"


def test_across_file_systems_it_is_copied_in_beside_its_place_whole(tmp_path, monkeypatch):
    """A compiled binary moved from the cache (on disk) to a temporary folder in memory
    (``/tmp`` on tmpfs): ``os.replace`` failed with EXDEV, a traceback out of the compile.
    The copy keeps its mode (it runs), and nothing is left beside it or where it was."""
    source, target = two_places(tmp_path)
    across_folders(monkeypatch)
    move(source, target)
    assert target.read_text() == "#!/bin/sh\necho 4\n"
    assert target.stat().st_mode & 0o777 == 0o755
    assert [path.name for path in target.parent.iterdir()] == ["program"]
    assert not source.exists()


def test_another_failure_is_raised_and_leaves_nothing_beside(tmp_path, monkeypatch):
    source, target = two_places(tmp_path)
    across_folders(monkeypatch, refused=errno.EACCES)
    with pytest.raises(PermissionError):
        move(source, target)
    assert source.is_file() and list(target.parent.iterdir()) == []

"""kit.file_locks: the lock is exclusive, between threads too, and follows a file replaced
while it was waited for; a file replaced is never seen empty or half written, keeps its
permissions, and a write that fails leaves the old file and no temporary one."""

import fcntl
import os

import pytest

from kit import file_locks
from kit.file_locks import locked, replace
from tests.lock_support import held_by_another


@pytest.mark.parametrize("folder", [False, True])
def test_the_lock_keeps_others_out_until_it_is_released(tmp_path, folder):
    path = tmp_path / ("dist" if folder else "problems.toml")
    path.mkdir() if folder else path.write_text("x\n")
    with locked(path):
        assert held_by_another(path)
    assert not held_by_another(path)
    assert sorted(tmp_path.iterdir()) == [path]  # no lock file left beside it


def test_a_file_replaced_while_its_lock_was_waited_for_is_locked_anew(tmp_path, monkeypatch):
    """The holder before replaced the file and let go: the lock taken on the old file locks
    nothing another ``new`` would wait on; it is taken again on the file that is there."""
    path = tmp_path / "problems.toml"
    path.write_text("old\n")
    real = fcntl.flock
    calls = []

    def waited(descriptor, operation):
        if not calls:  # the other holder's replace, done while this one waited
            replace(path, b"new\n")
        calls.append(operation)
        return real(descriptor, operation)

    monkeypatch.setattr(file_locks.fcntl, "flock", waited)
    with locked(path):
        monkeypatch.setattr(file_locks.fcntl, "flock", real)
        assert held_by_another(path) and path.read_text() == "new\n"
    assert len(calls) == 2


def test_a_replaced_file_is_whole_to_a_reader_while_written_and_keeps_its_mode(
    tmp_path, monkeypatch
):
    """Written in place (truncated, then written), a reader saw it empty: a build read "no
    problems yet", a ``new`` killed there left it so."""
    path = tmp_path / "problems.toml"
    path.write_text("[a]\n" * 1000)
    path.chmod(0o640)
    seen = []
    real = os.fsync

    def syncing(descriptor):
        seen.append(path.read_text())  # what a reader gets while the new text is written
        return real(descriptor)

    monkeypatch.setattr(file_locks.os, "fsync", syncing)
    replace(path, ("[a]\n" * 1000 + "[b]\n").encode())
    assert seen == ["[a]\n" * 1000]
    assert path.read_text().endswith("[b]\n") and path.stat().st_mode & 0o777 == 0o640
    assert sorted(tmp_path.iterdir()) == [path]


def test_a_replace_that_fails_leaves_the_old_file_and_no_temporary_one(tmp_path, monkeypatch):
    path = tmp_path / "problems.toml"
    path.write_text("old\n")

    def full(descriptor):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(file_locks.os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        replace(path, b"new\n")
    assert path.read_text() == "old\n" and sorted(tmp_path.iterdir()) == [path]


def test_a_linked_file_is_replaced_at_its_target_and_the_link_kept(tmp_path):
    """A workspace whose problems.toml is a link (to a dotfiles checkout): the link was
    replaced by a plain file, the target left behind."""
    target = tmp_path / "elsewhere" / "problems.toml"
    target.parent.mkdir()
    target.write_bytes(b"old\n")
    link = tmp_path / "problems.toml"
    link.symlink_to(target)
    with file_locks.locked(link):
        file_locks.replace(link, b"new\n")
    assert link.is_symlink() and target.read_bytes() == b"new\n"

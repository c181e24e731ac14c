"""The folder a run starts in (kit.run.run_folder): the given files while the run lasts,
nothing after it."""

from __future__ import annotations

import os
import shutil

import pytest

from kit.errors import BuildError
from kit.run.run_folder import working_folder


def _script(tmp_path):
    script = tmp_path / "prog.py"
    script.write_text("print(1)\n")
    return script


def test_files_are_there_while_the_run_lasts_and_gone_after(tmp_path):
    given = tmp_path / "given"
    (given / "sub").mkdir(parents=True)
    (given / "sub" / "data.txt").write_text("x")
    folder = tmp_path / "run"
    folder.mkdir()
    with working_folder(folder, (given,), _script(tmp_path), together=False):
        assert (folder / "sub" / "data.txt").read_text() == "x"
        (folder / "written.txt").write_text("by the run")
    assert list(folder.iterdir()) == []


def test_together_copies_the_script_when_it_has_no_folder_of_its_own(tmp_path):
    folder = tmp_path / "run"
    folder.mkdir()
    with working_folder(folder, (None,), _script(tmp_path), together=True):
        assert (folder / "prog.py").read_text() == "print(1)\n"
    with working_folder(folder, (None,), _script(tmp_path), together=False):
        assert list(folder.iterdir()) == []


def test_read_only_folders_the_run_made_are_removed(tmp_path):
    folder = tmp_path / "run"
    folder.mkdir()
    with working_folder(folder, (None,), _script(tmp_path), together=False):
        locked = folder / "locked"
        (locked / "inner").mkdir(parents=True)
        (locked / "inner" / "f").write_text("x")
        (locked / "inner").chmod(0o555)
        locked.chmod(0o555)
    assert list(folder.iterdir()) == []


def test_a_pipe_among_the_given_files_is_not_copied(tmp_path):
    given = tmp_path / "given"
    given.mkdir()
    (given / "plain").write_text("x")
    os.mkfifo(given / "pipe")
    folder = tmp_path / "run"
    folder.mkdir()
    with working_folder(folder, (given,), _script(tmp_path), together=False):
        assert sorted(p.name for p in folder.iterdir()) == ["plain"]


def test_a_folder_that_cannot_be_copied_is_one_line(tmp_path):
    folder = tmp_path / "run"
    folder.mkdir()
    absent = (tmp_path / "absent",)
    preparing = working_folder(folder, absent, _script(tmp_path), together=False)
    with pytest.raises(BuildError, match="cannot prepare the run's folder"), preparing:
        pass


def test_each_run_has_a_fresh_copy_of_the_script_alone_in_a_folder_of_its_own(tmp_path):
    """A judge runs each test from a fresh copy: a file written beside ``__file__`` (a memo of
    the first case's input) was read by the build's next cases (WA where alone it was ok)."""
    script = _script(tmp_path)
    folder = tmp_path / "run"
    folder.mkdir()
    with working_folder(folder, (None,), script, together=False) as home:
        assert home != script.parent and home != folder
        assert [p.name for p in home.iterdir()] == ["prog.py"]
        (home / "memo.txt").write_text("case 1")
        (home / "prog.py").write_text("print(0)\n")  # open(__file__, "w")
        home.chmod(0o555)
    assert not home.exists() and script.read_text() == "print(1)\n"
    with working_folder(folder, (None,), script, together=False) as again:
        assert [p.name for p in again.iterdir()] == ["prog.py"]
        assert (again / "prog.py").read_text() == "print(1)\n"


def test_two_runs_side_by_side_do_not_see_each_other_s_files(tmp_path):
    script = _script(tmp_path)
    first, second = tmp_path / "one", tmp_path / "two"
    first.mkdir()
    second.mkdir()
    with working_folder(first, (None,), script, together=False) as one:
        (one / "memo.txt").write_text("first")
        with working_folder(second, (None,), script, together=False) as two:
            assert [p.name for p in two.iterdir()] == ["prog.py"]


def test_together_the_script_runs_from_the_working_folder(tmp_path):
    folder = tmp_path / "run"
    folder.mkdir()
    with working_folder(folder, (None,), _script(tmp_path), together=True) as home:
        assert home == folder


def test_a_run_that_removed_its_own_folder_is_no_error(tmp_path):
    """``shutil.rmtree(os.path.dirname(__file__))``: the cleanup raised FileNotFoundError, a
    traceback out of the build; now the run keeps the verdict it earned."""
    folder = tmp_path / "run"
    folder.mkdir()
    with working_folder(folder, (None,), _script(tmp_path), together=False) as home:
        (home / "sub").mkdir()
        shutil.rmtree(home)
    assert not home.exists() and list(folder.iterdir()) == []


@pytest.mark.parametrize("change", ["removed", "a file", "a link"])
def test_a_working_folder_the_run_changed_is_an_empty_folder_again(tmp_path, change):
    """Run from the working folder (``together``), a run that removed it, or put a file or a
    link in its place: the next run has an empty folder to start in, and what the link led to
    is left alone."""
    folder, elsewhere = tmp_path / "run", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    (elsewhere / "kept").write_text("x")
    with working_folder(folder, (None,), _script(tmp_path), together=True) as home:
        shutil.rmtree(home)
        if change == "a file":
            home.write_text("x")
        elif change == "a link":
            home.symlink_to(elsewhere)
    assert folder.is_dir() and not folder.is_symlink() and list(folder.iterdir()) == []
    assert [p.name for p in elsewhere.iterdir()] == ["kept"]
    with working_folder(folder, (None,), _script(tmp_path), together=True):
        assert [p.name for p in folder.iterdir()] == ["prog.py"]

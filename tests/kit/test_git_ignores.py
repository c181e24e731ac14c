"""kit.git_ignores: the paths git would ignore in the repository a folder is in (a
``.gitignore`` of ``*.in``), in their order, a file git tracks already not among them; none
outside a repository, without git, or when git does not answer in time."""

import shutil
import subprocess

import pytest

from kit import git_ignores
from kit.git_ignores import keeping_in, rules


def ignored(folder, paths):
    return list(rules(folder, paths))


needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
SAMPLES = ["samples/a/sample-1.in", "samples/a/sample-1.out", "samples/a b/sample-2.in"]


def repository(folder, ignore="*.in\n"):
    subprocess.run(["git", "init", "-q", str(folder)], check=True)
    (folder / ".gitignore").write_text(ignore)
    return folder


@needs_git
def test_the_paths_a_gitignore_ignores_in_their_order(tmp_path):
    repository(tmp_path)
    assert ignored(tmp_path, SAMPLES) == ["samples/a/sample-1.in", "samples/a b/sample-2.in"]
    assert ignored(tmp_path, ["samples/a/sample-1.out"]) == []
    assert ignored(tmp_path, []) == []


@needs_git
def test_paths_from_a_folder_below_the_repository_s_root(tmp_path):
    (repository(tmp_path) / "contests").mkdir()
    assert ignored(tmp_path / "contests", SAMPLES[:2]) == ["samples/a/sample-1.in"]


@needs_git
def test_a_file_git_tracks_already_is_not_ignored(tmp_path):
    """A repository's own samples, added with ``git add -f``, reach a teammate's clone."""
    repository(tmp_path)
    (tmp_path / "kept.in").write_text("1\n")
    subprocess.run(["git", "-C", str(tmp_path), "add", "-f", "kept.in"], check=True)
    assert ignored(tmp_path, ["kept.in", "new.in"]) == ["new.in"]


@needs_git
def test_outside_a_repository_nothing_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))  # no repository above it
    (tmp_path / ".gitignore").write_text("*.in\n")
    assert ignored(tmp_path, SAMPLES) == []


def test_without_git_nothing_is_ignored(tmp_path, monkeypatch):
    repository_like = tmp_path / "repository"
    repository_like.mkdir()
    if shutil.which("git"):  # a repository that ignores them, git then taken away
        repository(repository_like)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))  # no git on it
    assert ignored(repository_like, SAMPLES) == []


def test_git_that_does_not_answer_in_time_ignores_nothing(tmp_path, monkeypatch):
    def hangs(command, **options):
        raise subprocess.TimeoutExpired(command, options["timeout"])

    monkeypatch.setattr(git_ignores.subprocess, "run", hangs)
    assert ignored(tmp_path, SAMPLES) == []


@needs_git
def test_each_path_ignored_is_given_with_the_line_that_ignores_it(tmp_path):
    """A line that re-includes a path (``!``) does not ignore it; a folder asked with its ``/``
    is ignored by a folder's pattern, as its files are."""
    repository(tmp_path, "*.out\n**/tests/\n*.in\n!keep.in\n")
    (tmp_path / "abc300").mkdir()
    (tmp_path / "abc300" / ".gitignore").write_text("b/\n")
    asked = ["keep.in", "x.in", "abc300/a/tests/", "abc300/a/tests/sample-1.in", "abc300/b/1.txt"]
    assert rules(tmp_path, asked) == {
        "x.in": ".gitignore:3: *.in",
        "abc300/a/tests/": ".gitignore:2: **/tests/",
        "abc300/a/tests/sample-1.in": ".gitignore:2: **/tests/",
        "abc300/b/1.txt": "abc300/.gitignore:1: b/",
    }


def test_a_folder_git_ignores_cannot_be_re_included_by_a_line():
    """git re-includes no file whose folder it ignores: ``!tests/**`` was said to add."""
    assert keeping_in("abc300/a/tests", None, 2) == (
        "`git add -f` them, or add !abc300/a/tests/** after that line, and one for each other"
    )
    assert keeping_in("abc300/a/tests", ".gitignore:1: tests/", 2) == (
        "`git add -f` them, or change .gitignore:1: tests/ (git cannot re-include a file whose "
        "folder it ignores)"
    )

"""kit.git_ignores: the paths git would ignore in the repository a folder is in (a
``.gitignore`` of ``*.in``), in their order, a file git tracks already not among them; none
outside a repository, without git, or when git does not answer in time."""

import shutil
import subprocess

import pytest

from kit import git_ignores
from kit.git_ignores import ignored

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

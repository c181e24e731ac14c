"""The workspace (kit.workspace, `init`) and the kit as an installed command: found upwards from
the current folder, started with `init`, and, in a fresh virtual environment with the kit
installed from this checkout (not editable), a new workspace outside the repository where a
batch problem with a helper and an interactive problem build, run, stress, bench and time
(tests/fixtures/user_workspace holds the files a user would write)."""

import os
import re
import shutil
import signal
import subprocess
import venv
from pathlib import Path

import pytest

from kit import cli
from kit.errors import BuildError
from kit.judges.profiles import suggestion_for
from kit.scaffold import DEFAULTS, PLACEHOLDER_PATTERN
from kit.workspace import (
    FOLDER,
    MISSING,
    NOT_REGULAR,
    REGISTRY,
    Made,
    file_in_the_way,
    file_state,
    find_root,
    nearest_root,
    shown_path,
    workspace_files,
)

ROOT = Path(__file__).resolve().parents[2]
USER_FILES = ROOT / "tests" / "fixtures" / "user_workspace"


def test_init_s_comment_on_judge_names_says_the_rule_problems_toml_applies():
    """It said any other name than a profile's gets the strictest targets, while a misspelt
    one (Codefroces) is refused."""
    comment = " ".join(line.lstrip("# ") for line in REGISTRY.splitlines())
    refused = re.search(r"a name close to theirs \((\w+)\) is refused", comment)
    accepted = re.search(r"one unlike them all \((\w+)\) gets the strictest", comment)
    assert refused and suggestion_for(refused[1]) == "codeforces"
    assert accepted and suggestion_for(accepted[1]) is None


def test_the_workspace_is_the_nearest_folder_upwards_with_problems_toml(tmp_path):
    (tmp_path / "problems.toml").write_text("")
    deep = tmp_path / "solutions" / "deeper"
    deep.mkdir(parents=True)
    assert find_root(deep) == tmp_path.resolve()
    (deep / "problems.toml").write_text("")
    assert find_root(deep) == deep.resolve()


def test_outside_a_workspace_a_command_says_so_and_suggests_init(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BuildError, match=r"not a workspace \(start one with `cpkit init`"):
        find_root(tmp_path)
    assert cli.main(["new", "x", "--judge", "POJ"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "cpkit init" in error


def test_root_must_name_a_workspace(tmp_path, capsys):
    assert cli.main(["--root", str(tmp_path)]) == 2
    assert "no problems.toml there" in capsys.readouterr().err
    (tmp_path / "file").write_text("")
    assert cli.main(["--root", str(tmp_path / "file")]) == 2
    assert capsys.readouterr().err.endswith(f"--root {tmp_path / 'file'}: not a folder\n")
    (tmp_path / "gone").symlink_to(tmp_path / "nowhere")  # not "start one with init" there
    assert cli.main(["--root", str(tmp_path / "gone")]) == 2
    assert capsys.readouterr().err.endswith(f"--root {tmp_path / 'gone'}: a link to nothing\n")


@pytest.mark.parametrize("kind", ["folder", "broken link"])
def test_a_problems_toml_that_is_no_file_is_named_not_passed_over(
    tmp_path, kind, capsys, monkeypatch
):
    """Passed over, it said "no problems.toml in ... or any folder above it" (or worked on a
    workspace further up, or a checkout's build.py worked on its own checkout)."""
    (tmp_path / "problems.toml").write_text("")
    inner = tmp_path / "inner"
    inner.mkdir()
    marker = inner / "problems.toml"
    marker.mkdir() if kind == "folder" else marker.symlink_to(inner / "nowhere")
    what = "a folder, not the file" if kind == "folder" else "a link to nothing"
    with pytest.raises(BuildError, match=f"inner/problems.toml: {what}"):
        find_root(inner)
    monkeypatch.chdir(inner)
    with pytest.raises(BuildError, match=f"inner/problems.toml: {what}"):
        nearest_root(tmp_path)  # not the script's own workspace either
    assert cli.main(["--root", str(inner)]) == 2
    assert f"problems.toml: {what}" in capsys.readouterr().err
    assert cli.main(["init", str(inner)]) == 2
    assert f"problems.toml exists already ({what}" in capsys.readouterr().err


def test_root_inside_a_workspace_names_the_workspace(tmp_path, capsys):
    """``--root ws/solutions`` said to start a workspace there, one inside ``ws``."""
    (tmp_path / "problems.toml").write_text("")
    (tmp_path / "solutions").mkdir()
    assert cli.main(["--root", str(tmp_path / "solutions")]) == 2
    said = capsys.readouterr().err
    assert said.endswith(
        f"--root {tmp_path / 'solutions'}: no problems.toml there; it is inside the workspace "
        f"{tmp_path.resolve()} (--root {tmp_path.resolve()})\n"
    )


def test_a_problems_toml_that_links_to_itself_is_named_a_loop(tmp_path, monkeypatch):
    (tmp_path / "problems.toml").symlink_to(tmp_path / "problems.toml")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BuildError, match="problems.toml: a link that loops$"):
        nearest_root(None)


def test_the_workspace_readme_names_every_placeholder_of_the_kits_templates():
    """A user writing templates/ learns the placeholders from the README init writes: each one
    the kit's own templates use is named there ({{solution}} was left out)."""
    used = {name for text in DEFAULTS.values() for name in PLACEHOLDER_PATTERN.findall(text)}
    named = set(PLACEHOLDER_PATTERN.findall(workspace_files()["README.md"]))
    assert "solution" in used
    assert used <= named, sorted(used - named)


def test_init_writes_a_workspace_that_builds_and_refuses_to_overwrite(tmp_path, capsys):
    assert cli.main(["init", str(tmp_path)]) == 0
    for path in workspace_files():
        assert (tmp_path / path).is_file(), path
    assert "dist/" in (tmp_path / ".gitignore").read_text()
    assert cli.main(["--root", str(tmp_path)]) == 0
    assert "no problems in" in capsys.readouterr().out
    before = (tmp_path / "problems.toml").read_text()
    (tmp_path / "problems.toml").write_text(before + "# mine\n")
    assert cli.main(["init", str(tmp_path)]) == 2
    assert "problems.toml exists already; nothing was changed" in capsys.readouterr().err
    assert (tmp_path / "problems.toml").read_text().endswith("# mine\n")


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh virtual environment with the kit installed from a copy of this checkout's
    package files (pip would write build/ into the checkout itself), and pytest."""
    base = tmp_path_factory.mktemp("install")
    source = base / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source)
    ignore = shutil.ignore_patterns("__pycache__", "dist")
    shutil.copytree(ROOT / "kit", source / "kit", ignore=ignore)
    venv.create(base / "venv", with_pip=True)
    python = base / "venv" / "bin" / "python"
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    done = subprocess.run(
        [*pip, str(source), "pytest"], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        pytest.skip(f"cannot install from the package index: {done.stderr.strip()[-300:]}")
    return base / "venv" / "bin"


def cpkit(bin_folder, folder, *args):
    env = {**os.environ, "PATH": f"{bin_folder}{os.pathsep}{os.environ['PATH']}"}
    env.pop("PYTHONPATH", None)
    done = subprocess.run(
        ["cpkit", *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


@pytest.mark.slow
@pytest.mark.usefixtures("ctrl_c_works")
def test_the_installed_kit_serves_a_new_workspace_outside_the_repository(installed, tmp_path):
    folder = tmp_path / "contest"
    folder.mkdir()
    assert cpkit(installed, folder, "init")[0] == 0
    assert cpkit(installed, folder, "new", "pair_sum", "--judge", "codeforces")[0] == 0
    assert cpkit(installed, folder, "new", "guess", "--interactive", "--judge", "POJ")[0] == 0
    shutil.copytree(USER_FILES, folder, dirs_exist_ok=True)
    (folder / "solutions").joinpath("deep").mkdir()
    code, output = cpkit(installed, folder / "solutions" / "deep")  # found upwards
    assert code == 0, output
    assert "pair_sum" in output and "guess" in output and "FAIL" not in output
    assert (folder / "dist" / "pair_sum.py").is_file()
    sample = "samples/pair_sum/sample-1.in"
    assert cpkit(installed, folder, "run", "pair_sum", sample)[1].startswith("3\n0\n30\n")
    code, output = cpkit(installed, folder, "run", "guess", "samples/guess/sample-1.in")
    assert code == 0 and "[guess: ok" in output, output
    code, output = cpkit(installed, folder, "stress", "pair_sum", "--cases", "20", "--seed", "1")
    assert code == 0 and "ok: 20 files passed" in output, output
    code, output = cpkit(installed, folder, "bench", "pair_sum", "--repeat", "1")
    assert code == 0 and "100000 pairs" in output, output
    code, output = cpkit(installed, folder, "startup", "--runs", "1")
    assert code == 0 and "bundle - inlined" in output, output
    watching = subprocess.Popen(
        ["cpkit", "pair_sum", "--watch"], cwd=folder, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PATH": f"{installed}{os.pathsep}{os.environ['PATH']}"},
    )  # fmt: skip
    assert watching.stdout.readline().startswith("watching pair_sum")
    assert " pair_sum ok, 1/1 cases" in watching.stdout.readline()
    watching.send_signal(signal.SIGINT)
    assert watching.wait(timeout=30) == 0 and "stopped watching" in watching.stdout.read()
    tests = subprocess.run(
        [str(installed / "python"), "-m", "pytest", "-q", "tests/test_problems.py"],
        cwd=folder, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert not (ROOT / "build").exists()


def test_a_file_in_the_way_of_a_folder_is_named_the_nearest_to_the_root_first(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "b").write_text("x")
    (tmp_path / "c").write_text("x")
    assert file_in_the_way(tmp_path, ["a/x.py", "top.txt"]) is None
    assert file_in_the_way(tmp_path, ["a/b/c/d.py"]) == "a/b is a file, where a folder is needed"
    assert file_in_the_way(tmp_path, ["c/d.py", "a/b/e.py"]) == (
        "c is a file, where a folder is needed"
    )


def test_a_path_is_shown_from_where_the_user_stands(tmp_path, monkeypatch):
    """From a problem's samples folder, ``dist/failed/x.py`` was named as if from the root:
    no such file there; from above the workspace (``--root ws``) likewise."""
    root = tmp_path / "ws"
    (root / "samples" / "x").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    path = root / "dist" / "failed" / "x.py"
    for here, shown in [
        (root, "dist/failed/x.py"),
        (root / "samples" / "x", "../../dist/failed/x.py"),
        (tmp_path, "ws/dist/failed/x.py"),
        (tmp_path / "elsewhere", "dist/failed/x.py"),  # unrelated: from the root, as before
    ]:
        monkeypatch.chdir(here)
        assert shown_path(path, root) == shown
    assert shown_path(tmp_path / "other.in", root) == str(tmp_path / "other.in")


def test_a_path_is_shown_by_its_utf_8_name_whatever_the_locale(tmp_path):
    """A name read in an ASCII locale holds surrogates (``\\udcc3\\udcbc`` for ``ü``), which
    were said as they were; the bundle's title names files by their UTF-8 text."""
    name = os.fsdecode(b"\xc3\xbcber")  # as the C locale reads it, or UTF-8's "über"
    assert shown_path(tmp_path / name) == f"{tmp_path}/über"
    assert shown_path(Path("a\tb") / "x\udcff") == "a\\tb/x\\xff"  # a tab, a byte not UTF-8


def test_made_takes_back_what_it_made_and_nothing_that_was_there(tmp_path):
    (tmp_path / "kept").mkdir()
    (tmp_path / "kept" / "old.txt").write_text("old")
    made = Made()
    made.write(tmp_path / "kept" / "new.txt", "new")
    made.write(tmp_path / "a" / "b" / "c.txt", "c")
    made.folder(tmp_path / "empty" / "folder")
    assert (tmp_path / "a" / "b" / "c.txt").read_text() == "c"
    made.undo()
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == [
        "kept",
        "kept/old.txt",
    ]


def test_a_write_cut_short_is_taken_back_too(tmp_path, monkeypatch):
    """A file begun and then failing (a full disk halfway): its part is removed."""
    real = Path.write_text

    def half(path, *args, **kwargs):
        real(path, "half")
        raise OSError(28, "No space left on device", str(path))

    made = Made()
    monkeypatch.setattr(Path, "write_text", half)
    with pytest.raises(OSError):
        made.write(tmp_path / "new" / "file.txt", "whole")
    monkeypatch.setattr(Path, "write_text", real)
    made.undo()
    assert list(tmp_path.iterdir()) == []


def test_file_state_says_what_stands_where_a_file_should(tmp_path, monkeypatch):
    """The solution and the samples are told apart by it: a link looping or to nothing, and a
    folder on the way that cannot be entered, were "does not exist yet" or a traceback."""
    (tmp_path / "file").write_text("x")
    (tmp_path / "folder").mkdir()
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "dangling").symlink_to("gone")
    os.mkfifo(tmp_path / "fifo")
    assert file_state(tmp_path / "file") is None
    assert file_state(tmp_path / "nothing") == MISSING
    assert file_state(tmp_path / "file" / "below") == MISSING
    assert file_state(tmp_path / "folder") == FOLDER
    assert file_state(tmp_path / "fifo") == NOT_REGULAR
    assert file_state(tmp_path / "loop") == "is a link that loops"
    assert file_state(tmp_path / "dangling") == "is a link to nothing"

    def denied(path, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(Path, "stat", denied)  # root enters any folder: denied here instead
    assert file_state(tmp_path / "file") == "cannot be read: Permission denied"


def test_a_link_to_nothing_in_the_way_of_a_folder_is_named(tmp_path):
    """``shared -> ../gone``: making the folder failed with "File exists"."""
    (tmp_path / "shared").symlink_to(tmp_path / "gone")
    assert file_in_the_way(tmp_path, ["shared/__init__.py"]) == (
        "shared is a link to nothing, where a folder is needed"
    )
    (tmp_path / "gone").mkdir()
    assert file_in_the_way(tmp_path, ["shared/__init__.py"]) is None

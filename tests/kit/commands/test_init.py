"""kit.commands.init: ``init [DIR]`` writes a new workspace (problems.toml, solutions/,
shared/, samples/, tests/, .gitignore, README) and names the next step, keeping a
repository's own README, .gitignore and helpers; it refuses, touching nothing, a DIR that is a
file, that holds its problems.toml or test already or that is given empty, and notes a
workspace made inside another."""

import argparse
import os
import shutil
import subprocess
import sys

import pytest

from kit import invocation
from kit.commands import init
from kit.errors import BuildError
from kit.registry import load_registry
from kit.workspace import workspace_files
from tests.command_support import ROOT, disk_full_at


def parse(*argv):
    parser = argparse.ArgumentParser(prog="cpkit")
    init.add_subparser(parser.add_subparsers())
    return parser.parse_args(["init", *argv])


@pytest.fixture(autouse=True)
def named_cpkit(monkeypatch):
    """Messages name the program as ``cpkit`` (cli.main sets the name for the process)."""
    monkeypatch.setattr(invocation, "COMMAND", ["cpkit"])


def test_a_new_workspace_has_every_file_and_a_registry_without_problems(tmp_path, capsys):
    folder = tmp_path / "contest"
    args = parse(str(folder))
    assert args.run is init.run and args.run(args) == 0
    assert sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()) == sorted(
        workspace_files()
    )
    assert load_registry(folder) == {}
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"new workspace in {folder.resolve()}:"
    assert out[-1] == f"next: cd {folder} && cpkit new SLUG --judge NAME"  # from elsewhere


def test_the_next_step_s_cd_names_the_real_folder_not_its_display_form(
    tmp_path, monkeypatch, capsys
):
    """``init 'my\\dir'`` said ``next: cd 'my\\\\dir'`` (the name as messages show a
    backslash), a folder that does not exist: the command to paste names the real one."""
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    args = parse("../my\\dir")
    assert args.run(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"new workspace in {tmp_path}/my\\\\dir:"  # prose: shown_path's form
    assert out[-1] == "next: cd '../my\\dir' && cpkit new SLUG --judge NAME"
    assert (tmp_path / "my\\dir").is_dir()


def test_made_in_the_current_folder_the_next_step_needs_no_cd(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    args = parse("contest")
    assert args.run(args) == 0
    assert (
        capsys.readouterr().out.splitlines()[-1]
        == "next: cd contest && cpkit new SLUG --judge NAME"
    )
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    args = parse()
    assert args.run(args) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "next: cpkit new SLUG --judge NAME"


def test_a_repository_of_atcoder_cli_s_contests_is_told_to_make_their_tasks(
    tmp_path, monkeypatch, capsys
):
    """The next step was `new SLUG --judge NAME` in a repository whose contest.acc.json
    files make every task at once."""
    monkeypatch.chdir(tmp_path)
    for contest in ("abc300", "abc301", "arc150", "arc151", "arc152"):
        (tmp_path / contest).mkdir()
        (tmp_path / contest / "contest.acc.json").write_text("{}")
    args = parse()
    assert args.run(args) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "next: cpkit new --from abc300/contest.acc.json (each task of atcoder-cli's contest; the "
        "same for abc301/, arc150/, arc151/, 1 more)"
    )
    shutil.rmtree(tmp_path / "abc300")
    for contest in ("abc301", "arc150", "arc151"):
        (tmp_path / contest / "contest.acc.json").unlink()
    (tmp_path / "problems.toml").unlink()
    assert args.run(args) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "next: cpkit new --from arc152/contest.acc.json (each task of atcoder-cli's contest)"
    )


def test_the_folder_defaults_to_the_current_one(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    args = parse()
    assert args.run(args) == 0 and (tmp_path / "problems.toml").is_file()


def test_an_existing_file_is_named_and_nothing_is_written(tmp_path):
    (tmp_path / "problems.toml").write_text("# mine\n")
    with pytest.raises(BuildError, match=r"problems\.toml exists already; nothing was changed$"):
        init.run(parse(str(tmp_path)))
    assert [path.name for path in tmp_path.iterdir()] == ["problems.toml"]
    assert (tmp_path / "problems.toml").read_text() == "# mine\n"


@pytest.mark.parametrize("name", ["README.rst", "README", "readme.md", "Readme.txt"])
def test_a_readme_of_another_name_is_the_repository_s_too(tmp_path, capsys, name):
    """A README.md was written beside README.rst, and said to be made."""
    (tmp_path / name).write_text("mine\n")
    assert init.run(parse(str(tmp_path))) == 0
    assert [p.name for p in tmp_path.iterdir() if p.name.lower().startswith("readme")] == [name]
    assert f"kept as they were: {name}" in capsys.readouterr().out


def test_an_existing_repository_keeps_its_readme_gitignore_and_helpers(tmp_path, capsys):
    """Adopting a repository: its README, .gitignore and shared/__init__.py are kept as they
    are (init refused the folder for its README), the rest is written; a .gitignore that does
    not name dist/ gets a note; a test file of its own where the kit's would go is kept, said."""
    (tmp_path / "README.md").write_text("# my solutions\n")
    (tmp_path / ".gitignore").write_text("*.pyc\n")
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "__init__.py").write_text("# my helpers\n")
    assert init.run(parse(str(tmp_path))) == 0
    assert (tmp_path / "README.md").read_text() == "# my solutions\n"
    assert (tmp_path / ".gitignore").read_text() == "*.pyc\n"
    assert (tmp_path / "shared" / "__init__.py").read_text() == "# my helpers\n"
    assert (tmp_path / "problems.toml").is_file() and (tmp_path / "tests").is_dir()
    out = capsys.readouterr().out
    assert "kept as they were: shared/__init__.py, README.md, .gitignore" in out
    assert "note: .gitignore does not name dist/, where the bundles are built: add it" in out
    other = tmp_path / "other"  # a repository with tests of its own under the kit's test's name
    (other / "tests").mkdir(parents=True)
    (other / "tests" / "test_problems.py").write_text("def test_mine():\n    pass\n")
    assert init.run(parse(str(other))) == 0
    assert (other / "tests" / "test_problems.py").read_text() == "def test_mine():\n    pass\n"
    assert (other / "problems.toml").is_file()
    assert "note: tests/test_problems.py is the repository's own: the kit's test of every " in (
        capsys.readouterr().out
    )


def test_plain_pytest_imports_solutions_and_shared_from_the_root_and_a_subfolder(tmp_path):
    """``pytest tests/test_x.py`` (not ``python -m pytest``, which puts the current folder on
    the import path) failed with ModuleNotFoundError: pytest.ini's pythonpath puts the root
    there; ``-P`` leaves the current folder off, as the ``pytest`` script does."""
    assert init.run(parse(str(tmp_path))) == 0
    (tmp_path / "solutions" / "x.py").write_text("def solve():\n    return 1\n")
    test = "from shared import __doc__\nfrom solutions.x import solve\n\n\n"
    (tmp_path / "tests" / "test_x.py").write_text(test + "def test_x():\n    assert solve()\n")
    for folder, path in ((tmp_path, "tests/test_x.py"), (tmp_path / "tests", "test_x.py")):
        plain = [sys.executable, "-P", "-m", "pytest", "-q", "-p", "no:cacheprovider", path]
        done = subprocess.run(plain, cwd=folder, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("name", "text", "note"),
    [
        ("pyproject.toml", '[tool.pytest.ini_options]\naddopts = "-q"\n', '`pythonpath = ["."]`'),
        ("pyproject.toml", '[tool.pytest.ini_options]\npythonpath = [".", "src"]\n', None),
        ("setup.cfg", "[tool:pytest]\naddopts = -q\n", "`pythonpath = .` to its [tool:pytest]"),
        ("tox.ini", "[pytest]\npythonpath = src .\n", None),
        ("tox.ini", "[pytest]\npythonpath = src\n", "`pythonpath = .` to its [pytest]"),
        ("pytest.ini", "[pytest]\n", "`pythonpath = .` to its [pytest]"),
        # pytest 9's: [tool.pytest] named as the table to add to, its pythonpath read
        ("pyproject.toml", '[tool.pytest]\naddopts = ["-q"]\n', "its [tool.pytest] for"),
        ("pyproject.toml", '[tool.pytest]\npythonpath = ["."]\n', None),
        # an empty [tool.pytest.ini_options] beside it is no second table: pytest 9 takes the
        # [tool.pytest] (measured)
        ("pyproject.toml", '[tool.pytest]\npythonpath = ["."]\n[tool.pytest.ini_options]\n', None),
        (
            "pyproject.toml",
            '[tool.pytest]\nx = 1\n[tool.pytest.ini_options]\ny = "2"\n',
            "[tool.pytest] beside [tool.pytest.ini_options] pytest 9 refuses",
        ),
        ("pytest.toml", "[pytest]\n", '`pythonpath = ["."]` to its [pytest]'),
        # pytest 9 reads a pytest.toml without [pytest] as empty settings: a table to add
        ("pytest.toml", "", '`pythonpath = ["."]` to it, in a [pytest] table (it has none)'),
        (".pytest.toml", "[tool.pytest]\npythonpath = ['.']\n", "in a [pytest] table"),
        (".pytest.toml", '[pytest]\npythonpath = ["."]\n', None),
        # pytest 9 refuses a string there: "expects a list for type 'paths'"
        ("pyproject.toml", '[tool.pytest]\npythonpath = "."\n', "stops on (a string, where"),
        # and an item that is no string, in either table of pyproject.toml (a TypeError)
        ("pytest.toml", '[pytest]\npythonpath = [".", 1]\n', "its item 1 is an integer, where"),
        ("pyproject.toml", "[tool.pytest.ini_options]\npythonpath = [true]\n", "True is a boolean"),
        ("pyproject.toml", "[tool.pytest]\npythonpath = 1\n", "(an integer, where pytest 9 reads"),
        # ini's value split as pytest splits it (shlex): a quoted "." is the root
        ("pytest.ini", '[pytest]\npythonpath = "." src\n', None),
        ("tox.ini", "[pytest]\npythonpath = './' 'my src'\n", None),
        ("setup.cfg", "[tool:pytest]\npythonpath = 'x .'\n", "`pythonpath = .` to its"),
        ("pyproject.toml", "[tool.pytest.ini_options]\npythonpath = '\".\"'\n", None),
        ("pyproject.toml", "[tool.pytest.ini_options]\npythonpath = ['. src']\n", "add"),
        ("pytest.ini", "[pytest]\npythonpath = 'src .\n", '"\'src ." does not split as a'),
        ("pytest.toml", '[pytest]\npythonpath = "."\n', '`pythonpath = ["."]` in its [pytest]'),
        ("pyproject.toml", '[tool.pytest.ini_options]\npythonpath = "."\n', None),  # ini's way
        # an empty [tool.pytest.ini_options] is pytest's settings still (a [tool.pytest] is not)
        ("pyproject.toml", "[tool.pytest.ini_options]\n", "its [tool.pytest.ini_options] for"),
        # pytest 9.0.3 reads a false `pytest` as no table (a true one stops it: refused); a
        # [pytest] table added beside it would give the key twice, which TOML refuses
        ("pytest.toml", "pytest = false\n", "whose `pytest = false` pytest reads as no table:"),
        ("pytest.toml", "pytest = 0\n", 'a [pytest] table holding `pythonpath = ["."]` in its'),
        # a pytest.ini with no [pytest] section is pytest's settings still: a section to add
        ("pytest.ini", "# none\n", "`pythonpath = .` to it, in a [pytest] section (it has"),
        ("pytest.ini", "[PYTEST]\npythonpath = .\n", "to it, in a [pytest] section (it has"),
    ],
)
def test_a_repository_s_own_pytest_settings_are_kept_and_told_what_to_add(
    tmp_path, capsys, name, text, note
):
    """pytest reads the first file of its settings it finds: a pytest.ini written beside the
    repository's pyproject.toml would have replaced its settings. Kept, with the line to add
    when its pythonpath does not name the root."""
    (tmp_path / name).write_text(text)
    assert init.run(parse(str(tmp_path))) == 0
    assert (tmp_path / name).read_text() == text
    assert (tmp_path / "pytest.ini").exists() == (name == "pytest.ini")  # not beside theirs
    said = [line for line in capsys.readouterr().out.splitlines() if "pytest's settings" in line]
    assert len(said) == (note is not None)
    assert note is None or note in said[0]


@pytest.mark.parametrize("beside", [None, "pytest.ini", "pytest.toml"])
@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        ("pyproject.toml", "[tool.pytest.ini_options\n", "is not TOML (Expected ']' at the end"),
        ("pytest.toml", '[pytest]\npythonpath = [".",\n', "is not TOML (Invalid value (at end"),
        ("pyproject.toml", "[tool.pytest]\n# \udcff\n", "is not UTF-8"),
    ],
)
def test_a_toml_file_pytest_cannot_read_is_refused_touching_nothing(
    tmp_path, name, text, said, beside
):
    """pytest reads every file of its settings in the folder, the ones after the file it takes
    them from too, and stops on one that is not TOML: init took it for no settings and wrote a
    pytest.ini beside it, without a word, and pytest then stopped on every run."""
    if beside is not None and beside != name:
        (tmp_path / beside).write_text("[pytest]\n")
    (tmp_path / name).write_bytes(text.encode("utf-8", "surrogateescape"))
    assert_refused(tmp_path, f"init: {tmp_path / name} {said}")


@pytest.mark.parametrize(
    ("files", "said"),
    [
        ({"pytest.ini": "[pytest]\nbare\n"}, "pytest.ini is not an ini file pytest reads (line 2:"),
        ({"pytest.ini": " [pytest]\n"}, "pytest.ini is not an ini file pytest reads (line 1:"),
        (
            {"tox.ini": "[pytest]\nx = 1\nx = 2\n"},
            "tox.ini is not an ini file pytest reads (line 3",
        ),
        (
            {"pytest.ini": "[pytest]\n[pytest]\n"},
            "pytest.ini is not an ini file pytest reads (line 2",
        ),
        ({"pytest.ini": "[pytest]\n", "setup.cfg": "x\n"}, "setup.cfg is not an ini file"),
        ({"pytest.ini": "[pytest]\n# \udcff\n"}, "pytest.ini is not UTF-8"),
        ({"setup.cfg": "[pytest]\npythonpath = .\n"}, "setup.cfg holds [pytest], where pytest"),
        ({"pytest.toml": "pytest = 1\n"}, "pytest.toml gives `pytest` an integer, where pytest"),
        ({"pytest.toml": "pytest = ['.']\n"}, "pytest.toml gives `pytest` an array or a date"),
        ({"pyproject.toml": "tool = 'x'\n"}, "pyproject.toml gives `tool` a string, where"),
        ({"pyproject.toml": "[tool]\npytest = 0\n"}, "pyproject.toml gives `tool.pytest` an"),
        (
            {"pytest.ini": "[pytest]\n", "pyproject.toml": "[tool.pytest]\nini_options = 0\n"},
            "pyproject.toml gives `tool.pytest.ini_options` an integer",
        ),
    ],
)
def test_a_file_of_pytest_s_settings_pytest_stops_on_is_refused_naming_it(tmp_path, files, said):
    """pytest 9 reads its ini files with iniconfig: a bare line, an indented first line, a key
    or a section given twice stop it, where configparser read them (init took the file for no
    settings, or for the settings it did not hold); so do setup.cfg's [pytest] and a TOML
    ``pytest``, ``tool`` or ``tool.pytest`` that is no table (measured with pytest 9.0.3)."""
    for name, text in files.items():
        (tmp_path / name).write_bytes(text.encode("utf-8", "surrogateescape"))
    assert_refused(tmp_path, f"init: {tmp_path}/{said}")


def assert_refused(folder, start):
    """``init`` in ``folder`` refuses in one line starting with ``start``, as a file pytest
    stops on is refused, and changes nothing there."""
    before = sorted(os.listdir(folder))
    with pytest.raises(BuildError) as error:
        init.run(parse(str(folder)))
    assert str(error.value).startswith(start)
    assert str(error.value).endswith(
        "and pytest stops on it: fix it and run init again; nothing was changed"
    )
    assert "\n" not in str(error.value)
    assert sorted(os.listdir(folder)) == before


@pytest.mark.parametrize(
    ("text", "noted"),
    [
        ("[pytest]\nPythonPath = .\n", True),  # configparser's keys are lower case: iniconfig's not
        ("[pytest]\npythonpath = a\n  .\n", False),
        ("[pytest]\npythonpath = a\n[other\n", True),  # "[other" goes on the value
    ],
)
def test_a_pytest_ini_s_pythonpath_is_read_as_pytest_reads_it(tmp_path, capsys, text, noted):
    (tmp_path / "pytest.ini").write_text(text)
    assert init.run(parse(str(tmp_path))) == 0
    assert ("add `pythonpath = .`" in capsys.readouterr().out) == noted


@pytest.mark.parametrize(
    ("files", "note"),
    [
        (
            {"pyproject.toml": "[tool.pytest.ini_options]\n"},
            '../../pyproject.toml: add `pythonpath = ["a b/c"]` to its',
        ),
        ({"pytest.ini": "[pytest]\npythonpath = x 'a b/c'\n"}, None),
        (
            {"setup.cfg": "[tool:pytest]\npythonpath = .\n"},
            "../../setup.cfg: add `pythonpath = 'a b/c'` to its",
        ),
        (
            {"a b/tox.ini": "[pytest]\n", "setup.cfg": "x\n"},
            "../tox.ini: add `pythonpath = c` to its [pytest]",
        ),
        ({"a b/tox.ini": "bare\n"}, None),  # pytest run above stops on it, run inside never
        # nor is a file further up noted: pytest run in the folder just above stops first
        ({"a b/tox.ini": "bare\n", "pyproject.toml": "[tool.pytest.ini_options]\n"}, None),
    ],
)
def test_pytest_s_settings_in_a_folder_above_are_not_the_workspace_s(tmp_path, capsys, files, note):
    """pytest run in a folder without settings takes the first file of them in a folder above,
    and its pythonpath is from that file's folder (measured with pytest 9.0.3). The workspace
    gets its pytest.ini, the nearest file, which pytest run in it reads (those above unread);
    a note names the line pytest run above needs. The files above the one read are not."""
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    folder = tmp_path / "a b" / "c"
    assert init.run(parse(str(folder))) == 0
    assert (folder / "pytest.ini").read_text() == workspace_files()["pytest.ini"]
    said = [
        line for line in capsys.readouterr().out.splitlines() if "run in a folder above" in line
    ]
    assert len(said) == (note is not None)
    assert note is None or note in said[0]


def test_plain_pytest_imports_the_workspace_under_a_repository_s_settings(tmp_path):
    """``init sub && cd sub && pytest`` under a repository's [tool.pytest.ini_options]: the
    tests imported no solution until that file named sub (kept, no pytest.ini in sub); now
    sub's pytest.ini is read in sub (and given a path into sub), and the line noted lets
    plain ``pytest`` run above import them."""
    settings = '[tool.pytest.ini_options]\naddopts = "-q"\n'
    (tmp_path / "pyproject.toml").write_text(settings)
    folder = tmp_path / "sub"
    assert init.run(parse(str(folder))) == 0
    (folder / "solutions" / "x.py").write_text("def solve():\n    return 1\n")
    test = "from solutions.x import solve\n\n\ndef test_x():\n    assert solve()\n"
    (folder / "tests" / "test_x.py").write_text(test)
    plain = [sys.executable, "-P", "-m", "pytest", "-p", "no:cacheprovider", "-ktest_x"]
    for where in (folder, tmp_path):  # above, no path given: pyproject.toml's settings
        done = subprocess.run(plain, cwd=where, capture_output=True, text=True, check=False)
        assert (done.returncode == 0) == (where == folder), done.stdout + done.stderr
    (tmp_path / "pyproject.toml").write_text(settings + 'pythonpath = ["sub"]\n')
    done = subprocess.run(plain, cwd=tmp_path, capture_output=True, check=False)
    assert done.returncode == 0, done.stdout


def test_an_outer_workspace_s_pytest_ini_is_not_the_new_one_s(tmp_path, capsys):
    """The workspace inside another gets its own pytest.ini: its solutions/ are not the outer
    one's, and no note asks to put it on the outer one's import path."""
    init.run(parse(str(tmp_path / "outer")))
    capsys.readouterr()
    inner = tmp_path / "outer" / "round1"
    assert init.run(parse(str(inner))) == 0
    assert (inner / "pytest.ini").is_file()
    notes = [line for line in capsys.readouterr().out.splitlines() if line.startswith("note:")]
    assert not [line for line in notes if "pythonpath" in line], notes


@pytest.mark.parametrize(
    ("ignore", "noted"),
    [
        ("*.dist-info\n", True),
        ("/dist/\n", False),
        ("build\ndist\n", False),
        ("**/dist/\n", False),  # dist/ at any depth: noted before
        (None, True),
    ],
)
def test_a_gitignore_without_a_line_for_dist_or_unreadable_is_noted(
    tmp_path, capsys, ignore, noted
):
    """``*.dist-info`` names no ``dist/`` (a substring test passed it); a ``.gitignore`` that
    is a folder was read after the workspace was written: a traceback."""
    if ignore is None:
        (tmp_path / ".gitignore").mkdir()
    else:
        (tmp_path / ".gitignore").write_text(ignore)
    assert init.run(parse(str(tmp_path))) == 0
    said = "note: .gitignore does not name dist/" in capsys.readouterr().out
    assert said is noted


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.parametrize(
    ("ignore", "noted"), [("*.in\n", True), ("*.out\n", True), ("*.txt\n", False)]
)
def test_a_repository_whose_git_ignores_the_samples_gets_a_note(tmp_path, capsys, ignore, noted):
    """An atcoder-cli repository's ``.gitignore`` of ``*.in`` kept every sample out of its
    commits, without a word."""
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text(f"dist/\n{ignore}")
    assert init.run(parse(str(tmp_path))) == 0
    said = "note: git ignores samples/' cases here" in capsys.readouterr().out
    assert said is noted


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.parametrize(
    ("ignore", "remedy"),
    [
        ("*.in\n", ".gitignore:2: *.in): they would not be committed; `git add -f` them, or add "
         "!samples/** after that line"),
        ("samples/\n", ".gitignore:2: samples/): they would not be committed; `git add -f` them, "
         "or change .gitignore:2: samples/ (git cannot re-include a file whose folder it "
         "ignores)"),
    ],
)  # fmt: skip
def test_the_samples_note_names_the_line_that_ignores_them(tmp_path, capsys, ignore, remedy):
    """It said `a .gitignore's *.in or *.out` whatever the line, and to add `!samples/**`
    after it even where git ignores the folder, which no such line undoes."""
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text(f"dist/\n{ignore}")
    assert init.run(parse(str(tmp_path))) == 0
    assert f"note: git ignores samples/' cases here ({remedy}\n" in capsys.readouterr().out


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_repository_whose_git_ignores_tests_gets_a_note_on_the_kit_s_tests(tmp_path, capsys):
    """atcoder-cli users' ``tests/`` (their samples' folders) kept the kit's tests out of the
    commits without a word; a test of the repository's own, tracked, is not noted."""
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text("dist/\n**/tests/\n")
    assert init.run(parse(str(tmp_path))) == 0
    assert (
        "note: git ignores tests/test_problems.py (.gitignore:2: **/tests/), the kit's test of "
        "every problem, and the tests/test_SLUG.py new writes: they would not be committed; "
        "`git add -f` them, or change .gitignore:2: **/tests/ (git cannot re-include a file "
        "whose folder it ignores)\n"
    ) in capsys.readouterr().out
    subprocess.run(["git", "-C", str(tmp_path), "add", "-f", "tests"], check=True)
    (tmp_path / "problems.toml").unlink()
    assert init.run(parse(str(tmp_path))) == 0
    assert "git ignores tests/" not in capsys.readouterr().out


def test_a_folder_that_cannot_be_made_is_one_line(tmp_path):
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(BuildError, match=r"^init: cannot write .*notes\.txt/ws: Not a directory; "):
        init.run(parse(str(tmp_path / "notes.txt" / "ws")))


@pytest.mark.parametrize("name", ["shared", "tests"])
def test_a_file_where_a_folder_goes_is_named_and_nothing_is_written(tmp_path, name):
    """A file named ``shared`` left ``problems.toml`` alone behind a FileExistsError's message,
    and a second ``init`` then refused the half-made workspace."""
    (tmp_path / name).write_text("x")
    said = f"init: {tmp_path / name} is a file, where a folder is needed; nothing was changed"
    with pytest.raises(BuildError) as caught:
        init.run(parse(str(tmp_path)))
    assert str(caught.value) == said
    assert sorted(path.name for path in tmp_path.iterdir()) == [name]


def test_a_write_that_fails_takes_back_what_was_made(tmp_path, monkeypatch):
    disk_full_at(monkeypatch, "README.md")
    with pytest.raises(BuildError, match=r"^init: cannot write .*README\.md: No space left on "):
        init.run(parse(str(tmp_path / "ws")))
    assert not (tmp_path / "ws").exists()


def test_a_ctrl_c_while_writing_takes_back_what_was_made(tmp_path, monkeypatch):
    """A Ctrl-C at README.md left problems.toml and the folders, and the next ``init`` then
    refused the half-made workspace."""
    disk_full_at(monkeypatch, "README.md", KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        init.run(parse(str(tmp_path / "ws")))
    assert not (tmp_path / "ws").exists()


def test_a_file_given_as_the_folder_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(BuildError, match=r"^init: .*notes\.txt is a file, not a folder$"):
        init.run(parse(str(tmp_path / "notes.txt")))


def test_a_link_to_nothing_given_as_the_folder_is_said_so(tmp_path):
    """It said "cannot write ...: File exists"."""
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    for name in ("dangling", "loop"):
        with pytest.raises(
            BuildError, match=rf"^init: .*{name} is a link to nothing \(or a loop\)"
        ):
            init.run(parse(str(tmp_path / name)))


@pytest.mark.parametrize("given", ["", "  "])
def test_an_empty_folder_name_is_refused_not_read_as_the_current_folder(
    tmp_path, monkeypatch, given
):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BuildError, match=r"^init: '\s*' names no folder \(give \. for this one\)$"):
        init.run(parse(given))
    assert list(tmp_path.iterdir()) == []


def test_a_workspace_inside_another_is_made_with_a_note(tmp_path, capsys):
    init.run(parse(str(tmp_path / "outer")))
    capsys.readouterr()
    inner = tmp_path / "outer" / "contests" / "round1"
    assert init.run(parse(str(inner))) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-2] == (
        f"note: inside the workspace {(tmp_path / 'outer').resolve()}; commands run in {inner} "
        "use the new one"
    )
    assert (inner / "problems.toml").is_file()


def test_a_folder_named_not_in_ascii_is_said_by_the_kit_s_rule_in_the_c_locale(tmp_path):
    """``LC_ALL=C PYTHONUTF8=0``: the folder ``über`` was said with the locale's surrogates'
    escapes (``\\udcc3\\udcbcber``), and the stream's escape of a character (``\\xfc``) reads
    as a byte; the path is its UTF-8 name, a character the stream cannot hold ``\\u00fc``."""
    folder = tmp_path / "über"
    env = {**os.environ, "LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"}
    env["PYTHONPATH"] = str(ROOT)
    args = [sys.executable, "-m", "kit", "init", os.fsencode(folder)]
    said = [subprocess.run(args, capture_output=True, env=env, timeout=120, check=False)]
    said.append(subprocess.run(args, capture_output=True, env=env, timeout=120, check=False))
    made, again = (done.stdout.decode("ascii") + done.stderr.decode("ascii") for done in said)
    shown = f"{tmp_path}/\\u00fcber"  # tmp_path itself is ASCII
    assert f"new workspace in {shown}:\n" in made, made
    assert f"init: {shown}/problems.toml exists already" in again, again

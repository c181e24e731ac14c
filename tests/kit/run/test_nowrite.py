"""kit.run.nowrite: a script run with every file-system write refused: it reads and prints as
usual, gets its arguments, and any open for writing, mkdir, delete or rename raises
PermissionError, is named on stderr and makes the exit status 99, even when caught; the same
under PyPy, whose audit events differ, when it is here."""

import subprocess

import pytest

from kit.judges.targets import Interpreter, found, host
from kit.run import judged, nowrite

PYPY = [interpreter for interpreter in found() if interpreter.impl == "pypy"][:1]


@pytest.fixture(params=[host(), *PYPY], ids=lambda interpreter: interpreter.impl)
def python(request):
    return request.param


def run(tmp_path, code, *args, python=None):
    script = tmp_path / "script.py"
    script.write_text(code)
    return subprocess.run(
        judged.wrapped(python or host(), script, no_files=True) + list(args),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_script_that_writes_nothing_runs_as_usual(tmp_path, python):
    (tmp_path / "data.txt").write_text("41\n")
    code = "import sys\nprint(int(open('data.txt', 'rb').read()) + 1, sys.argv[1:])\n"
    done = run(tmp_path, code, "x", python=python)
    assert (done.returncode, done.stdout, done.stderr) == (0, "42 ['x']\n", "")


@pytest.mark.parametrize(
    ("code", "refused"),
    [
        ("open('out.txt', 'w').write('x')", "open('out.txt', 'w'"),
        ("open('data.txt', 'a')", "open('data.txt', 'a'"),
        ("open('data.txt', 'r+')", "open('data.txt', 'r+'"),
        ("import os; os.close(os.open('data.txt', os.O_WRONLY | os.O_TRUNC))", "open('data.txt'"),
        ("import os; os.mkdir('folder')", "os.mkdir('folder'"),
        ("import os; os.makedirs('a/b')", "os.mkdir('a'"),
        ("import os; os.remove('data.txt')", "os.remove('data.txt'"),
        ("import os; os.unlink('data.txt')", "os.remove('data.txt'"),
        ("import os; os.rename('data.txt', 'moved.txt')", "os.rename('data.txt', 'moved.txt'"),
        ("import os; os.chmod('data.txt', 0o600)", "os.chmod('data.txt'"),
        ("import pathlib; pathlib.Path('data.txt').unlink()", "os.remove("),
        ("import shutil; shutil.copyfile('data.txt', 'copy.txt')", "shutil.copyfile('data.txt'"),
        ("import tempfile; tempfile.mkstemp()", "open("),  # its probe of the temporary folder
    ],
)
def test_a_write_is_refused_and_leaves_the_folder_as_it_was(tmp_path, code, refused, python):
    (tmp_path / "data.txt").write_text("41\n")
    (tmp_path / "data.txt").chmod(0o644)
    done = run(tmp_path, code, python=python)
    assert done.returncode == nowrite.DENIED_EXIT == 99
    assert done.stderr.startswith(f"write attempts refused: {refused}")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["data.txt", "script.py"]
    assert (tmp_path / "data.txt").read_text() == "41\n"
    assert (tmp_path / "data.txt").stat().st_mode & 0o777 == 0o644


def test_a_refusal_caught_by_the_script_still_fails_the_run(tmp_path):
    code = "try:\n    open('x', 'w')\nexcept PermissionError as error:\n    print(error)\n"
    done = run(tmp_path, code)
    assert done.returncode == 99
    assert done.stdout == "file-system writes are refused: open\n"
    assert done.stderr.startswith("write attempts refused: open('x', 'w', ")
    assert not (tmp_path / "x").exists()


def test_the_command_is_the_interpreter_with_its_flags_then_the_wrapper():
    python = Interpreter("cpython", (3, 8), "/usr/bin/python3", ("-I",))
    command = judged.wrapped(python, "bundle.py", ("-X", "int_max_str_digits=0"), no_files=True)
    assert command == [
        "/usr/bin/python3", "-I", "-X", "int_max_str_digits=0", "-S", "-c",
        judged.program(no_files=True, depth=0), "bundle.py",
    ]  # fmt: skip
    assert nowrite.HOOK in command[-2]

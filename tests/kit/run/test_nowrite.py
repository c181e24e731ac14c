"""kit.run.nowrite: a script run with every file-system write refused: it reads and prints as
usual, gets its arguments, and any open for writing, mkdir, delete or rename raises
PermissionError, is named on stderr and makes the exit status 99, even when caught."""

import subprocess

import pytest

from kit.judges.targets import Interpreter, host
from kit.run import judged, nowrite


def run(tmp_path, code, *args):
    script = tmp_path / "script.py"
    script.write_text(code)
    return subprocess.run(
        judged.wrapped(host(), script, no_files=True) + list(args),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_script_that_writes_nothing_runs_as_usual(tmp_path):
    (tmp_path / "data.txt").write_text("41\n")
    done = run(tmp_path, "import sys\nprint(int(open('data.txt').read()) + 1, sys.argv[1:])\n", "x")
    assert (done.returncode, done.stdout, done.stderr) == (0, "42 ['x']\n", "")


@pytest.mark.parametrize(
    "code",
    [
        "open('out.txt', 'w').write('x')",
        "open('data.txt', 'a')",
        "import os; os.mkdir('folder')",
        "import os; os.remove('data.txt')",
        "import os; os.rename('data.txt', 'moved.txt')",
        "import tempfile; tempfile.mkstemp()",
    ],
)
def test_a_write_is_refused_and_leaves_the_folder_as_it_was(tmp_path, code):
    (tmp_path / "data.txt").write_text("41\n")
    done = run(tmp_path, code)
    assert done.returncode == nowrite.DENIED_EXIT == 99
    assert done.stderr.startswith("write attempts refused: ")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["data.txt", "script.py"]
    assert (tmp_path / "data.txt").read_text() == "41\n"


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
        "/usr/bin/python3", "-I", "-X", "int_max_str_digits=0", "-c",
        judged.program(no_files=True, depth=0), "bundle.py",
    ]  # fmt: skip
    assert nowrite.HOOK in command[-2]

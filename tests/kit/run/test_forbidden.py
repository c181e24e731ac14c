"""kit.run.forbidden: a script run with every file-system write refused: it reads and prints as
usual, gets its arguments, and any open for writing, mkdir, delete or rename raises
PermissionError, is named on stderr and makes the exit status 99, even when caught; the same
under PyPy, whose audit events differ, when it is here."""

import subprocess

import pytest

from kit.judges.targets import Interpreter, found, host
from kit.run import forbidden, judged

PYPY = [interpreter for interpreter in found() if interpreter.impl == "pypy"][:1]


@pytest.fixture(params=[host(), *PYPY], ids=lambda interpreter: interpreter.impl)
def python(request):
    return request.param


def run(tmp_path, code, *args, python=None, no_processes=False):
    script = tmp_path / "script.py"
    script.write_text(code)
    command = judged.wrapped(python or host(), script, no_files=True, no_processes=no_processes)
    return subprocess.run(
        command + list(args),
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
    assert done.returncode == forbidden.DENIED_EXIT == 99
    frame, told = done.stderr.splitlines()
    assert frame.startswith(f'  File "{tmp_path / "script.py"}", line 1, in <module>')
    assert told.startswith(f"write attempts refused: {refused}")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["data.txt", "script.py"]
    assert (tmp_path / "data.txt").read_text() == "41\n"
    assert (tmp_path / "data.txt").stat().st_mode & 0o777 == 0o644


def test_an_sqlite_database_on_disk_is_refused_under_cpython_and_one_in_memory_is_not(tmp_path):
    """SQLite writes its file from C, through no ``open`` event: a database on disk passed a
    judge that forbids the file system (Timus); CPython raises ``sqlite3.connect`` first."""
    disk = "import sqlite3\nc = sqlite3.connect('db.sqlite')\nc.execute('create table t(x)')\n"
    done = run(tmp_path, disk)
    assert done.returncode == 99
    assert done.stderr.splitlines()[-1] == "write attempts refused: sqlite3.connect('db.sqlite',)"
    assert not (tmp_path / "db.sqlite").exists()
    memory = "import sqlite3\nc = sqlite3.connect(':memory:')\nc.execute('create table t(x)')\n"
    memory += "c = sqlite3.connect('file::memory:?cache=shared', uri=True)\nprint('ok')\n"
    done = run(tmp_path, memory)
    assert (done.returncode, done.stdout, done.stderr) == (0, "ok\n", "")


def test_a_refusal_caught_by_the_script_still_fails_the_run(tmp_path):
    code = "try:\n    open('x', 'w')\nexcept PermissionError as error:\n    print(error)\n"
    done = run(tmp_path, code)
    assert done.returncode == 99
    assert done.stdout == "refused by the judge's rules: open\n"
    assert done.stderr.startswith("write attempts refused: open('x', 'w', ")  # caught: no frame
    assert not (tmp_path / "x").exists()


def test_the_command_is_the_interpreter_with_its_flags_then_the_wrapper():
    python = Interpreter("cpython", (3, 8), "/usr/bin/python3", ("-I",))
    command = judged.wrapped(python, "bundle.py", ("-X", "int_max_str_digits=0"), no_files=True)
    assert command == [
        "/usr/bin/python3", "-I", "-X", "int_max_str_digits=0", "-S", "-c",
        judged.program(no_files=True, depth=0), "bundle.py",
    ]  # fmt: skip
    assert forbidden.hook(True, False) in command[-2]


STARTS = [
    ("import subprocess; subprocess.run(['true'])", "subprocess.Popen('true', ['true']"),
    ("import os; os.system('true')", "os.system('true',)"),
    ("import os; os.popen('true').read()", "subprocess.Popen('/bin/sh'"),
    ("import os; os.fork()", "os.fork()"),
    ("import os; os.execv('/bin/true', ['true'])", "os.exec('/bin/true', ['true'])"),
    ("import os; os.execl('/bin/true', 'true')", "os.exec('/bin/true', ('true',))"),
    ("import os; os.spawnv(os.P_WAIT, '/bin/true', ['true'])", "os.spawn(0, '/bin/true'"),
    ("import multiprocessing as m; m.Process(target=print).start()", "os.fork()"),
]


@pytest.mark.parametrize(("code", "refused"), STARTS, ids=[code for code, _ in STARTS])
def test_a_process_start_is_refused_where_processes_are_forbidden(tmp_path, code, refused, python):
    done = run(tmp_path, f"{code}\nprint('went on')\n", python=python, no_processes=True)
    assert done.returncode == forbidden.DENIED_EXIT
    assert f"process starts refused: {refused}" in done.stderr
    assert "went on" not in done.stdout
    assert forbidden.attempted(done.stderr.encode()) == "started a process"


def test_c_functions_reached_through_ctypes_are_refused_under_cpython(tmp_path):
    """``ctypes.CDLL(None).system(...)`` started a shell where the judge's sandbox refuses
    (the marker was written); looking the function up is the attempt (PyPy raises no event
    for it)."""
    marker = tmp_path / "marker"
    code = (
        "import ctypes\nlibc = ctypes.CDLL(None)\nprint(libc.getpid() > 0)\n"
        f"libc.system(b'echo started > {marker}')\nprint('went on')\n"
    )
    done = run(tmp_path, code, no_processes=True)
    assert done.returncode == forbidden.DENIED_EXIT and done.stdout == "True\n"
    assert "process starts refused: ctypes.dlsym('system',)" in done.stderr
    assert not marker.exists()
    done = run(tmp_path, "import ctypes\nctypes.CDLL(None).unlink(b'x')\n")  # files only
    assert "write attempts refused: ctypes.dlsym('unlink',)" in done.stderr


def test_a_thread_and_a_reader_run_as_usual_where_processes_are_forbidden(tmp_path, python):
    (tmp_path / "data.txt").write_text("41\n")
    code = (
        "import threading\n"
        "box = []\n"
        "t = threading.Thread(target=lambda: box.append(int(open('data.txt').read()) + 1))\n"
        "t.start(); t.join(); print(box[0])\n"
    )
    done = run(tmp_path, code, python=python, no_processes=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "42\n", "")


def test_where_only_files_are_forbidden_a_process_starts(tmp_path, python):
    code = "import os, subprocess\nprint(subprocess.run(['true']).returncode, os.system('true'))\n"
    done = run(tmp_path, code, python=python)
    assert (done.returncode, done.stdout, done.stderr) == (0, "0 0\n", "")


def test_both_kinds_are_told_and_named_in_the_verdict_s_words(tmp_path):
    code = "import os\nfor f in (lambda: open('x', 'w'), lambda: os.system('true')):\n"
    code += "    try:\n        f()\n    except PermissionError:\n        pass\n"
    done = run(tmp_path, code, no_processes=True)
    assert done.returncode == 99
    assert done.stderr.count("refused: ") == 2
    told = forbidden.attempted(done.stderr.encode())
    assert told == "wrote to the file system and started a process"
    assert forbidden.attempted(b"Traceback ...\nValueError\n") == ""


def test_the_attempt_is_placed_in_the_solution_s_own_code_not_the_library_s(tmp_path, python):
    """A helper module compiled under its workspace path (as a bundle compiles them) made the
    attempt through subprocess: the frame told is the helper's line, the innermost of the
    solution's own code, not subprocess's."""
    helper = "import subprocess\ndef total():\n    return subprocess.run(['true'])\n"
    code = f"helper = {{}}\nexec(compile({helper!r}, 'shared/helper.py', 'exec'), helper)\n"
    code += "helper['total']()\n"
    done = run(tmp_path, code, python=python, no_processes=True)
    frame, told = done.stderr.splitlines()
    assert frame == '  File "shared/helper.py", line 3, in total'
    assert told.startswith("process starts refused: subprocess.Popen(")


def test_a_loop_of_caught_refusals_names_ten_and_counts_the_rest(tmp_path):
    code = "for i in range(1000):\n    try:\n        open('x%d' % i, 'w')\n    except OSError:\n"
    done = run(tmp_path, code + "        pass\nprint('done')\n")
    assert (done.returncode, done.stdout) == (99, "done\n")
    assert done.stderr.count("open(") == 10 and done.stderr.endswith(" and 990 more\n")
    assert len(done.stderr) < 400

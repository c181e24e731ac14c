"""kit.run.judged: a bundle started as its judge starts it: with what ``site`` gives a judge's
run (exit(), the site-packages, a venv's) but none of the host's ``.pth`` files; every write
refused where the judge forbids files, and under a Windows judge's CPython 3.13 the C recursion
limit Windows has (a recursion under ``functools.lru_cache`` stops near 1000 calls there, near
3330 on Linux), in the main thread and in threads."""

import os
import re
import subprocess
import sys
import textwrap

import pytest

from kit.judges.targets import Interpreter, Runner, Target, found, host
from kit.registry import load_registry
from kit.run import forbidden, judged

PYTHON_313 = [i for i in found() if (i.impl, i.version) == ("cpython", (3, 13))]
needs_313 = pytest.mark.skipif(not PYTHON_313, reason="no CPython 3.13 here")
CPYTHON_313 = Interpreter("cpython", (3, 13), "/usr/bin/python3.13", ("-I",))
PYPY_310 = Interpreter("pypy", (3, 10), "/usr/bin/pypy3", ("-I",))


def judged_as(toy, judge):
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('judge = "nowhere"', f'judge = "{judge}"', 1))
    return load_registry(toy)["toy_sum"]


PLAIN = judged.program(no_files=False, depth=0)


def test_a_linux_judge_runs_the_script_with_site_s_work_only(toy):
    problem = load_registry(toy)["toy_sum"]
    argv = judged.command(problem, CPYTHON_313, "b.py")
    assert argv == ["/usr/bin/python3.13", "-I", "-S", "-c", PLAIN, "b.py"]
    assert judged.SITE in PLAIN and "addaudithook" not in PLAIN and "class _Bottom" not in PLAIN
    assert "_site_packages" not in PLAIN  # a judge that installs nothing: no site-packages


def test_a_judge_without_files_or_processes_runs_it_under_the_guard_of_both(toy):
    """Timus: its CPython is 3.12, whose recursion through C the kit does not model (which
    patch release Timus runs is not known): no levels spent."""
    cpython_312 = Interpreter("cpython", (3, 12), "/usr/bin/python3.12", ("-I",))
    runner = Runner(Target("cpython", (3, 12)), cpython_312, True, ("-X", "x"))
    argv = judged.command(judged_as(toy, "Timus"), runner, "b.py")
    assert argv[:6] == ["/usr/bin/python3.12", "-I", "-X", "x", "-S", "-c"]
    assert argv[-1] == "b.py" and forbidden.hook(True, True) in argv[6]
    assert "class _Bottom" not in argv[6]


def test_atcoder_runs_python_without_the_digit_limit_as_its_judge_does(toy):
    """AtCoder runs `python3.13 -X int_max_str_digits=0 Main.py` (its 2025-10 install file),
    PyPy likewise: a 5001-digit number prints there, where another judge keeps 3.11's limit."""
    plain = load_registry(toy)["toy_sum"]
    atcoder = judged_as(toy, "AtCoder")
    for interpreter in (CPYTHON_313, PYPY_310):
        argv = judged.command(atcoder, interpreter, "b.py")
        assert argv[2:5] == ["-X", "int_max_str_digits=0", "-S"]
    lifted = Runner(Target("cpython", (3, 8)), CPYTHON_313, False, ("-X", "int_max_str_digits=0"))
    assert judged.command(atcoder, lifted, "b.py").count("int_max_str_digits=0") == 1
    big = toy / "big.py"
    big.write_text("print(len(str(10 ** 5000)))\n")
    ran = subprocess.run(
        judged.command(atcoder, host(), big), capture_output=True, text=True, check=False
    )
    assert ran.stdout == "5001\n", ran.stderr
    ran = subprocess.run(
        judged.command(plain, host(), big), capture_output=True, text=True, check=False
    )
    assert ran.returncode == 1 and "Exceeds the limit" in ran.stderr  # the host is 3.11+


def test_kattis_keeps_the_digit_limit_its_pypy_has(toy):
    """Kattis starts plain ``pypy3 {mainfile}`` under a PyPy of Python 3.10 (its language
    page), which has the limit: a 5001-digit number fails there, and so here, where AtCoder's
    option would lift it."""
    kattis = judged_as(toy, "Kattis")
    assert "int_max_str_digits=0" not in judged.command(kattis, PYPY_310, "b.py")
    big = toy / "big.py"
    big.write_text("print(len(str(10 ** 5000)))\n")
    stand_in_for_pypy = Runner(Target("pypy", (3, 10)), host(), False, ())
    ran = subprocess.run(
        judged.command(kattis, stand_in_for_pypy, big), capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    assert ran.returncode == 1 and "Exceeds the limit" in ran.stderr  # the host is 3.11+


def test_only_cpython_3_13_on_windows_spends_c_recursion(toy):
    codeforces = judged_as(toy, "Codeforces")
    argv = judged.command(codeforces, CPYTHON_313, "b.py")
    assert argv[argv.index("-c") + 1] == judged.program(no_files=False, depth=7000, windows=True)
    windows = judged.program(no_files=False, depth=0, windows=True)
    assert judged.command(codeforces, PYPY_310, "b.py")[-2] == windows
    older = Interpreter("cpython", (3, 12), "/usr/bin/python3.12", ("-I",))
    assert judged.command(codeforces, older, "b.py")[-2] == windows


# the host's Python, and the machine's own where it is another (Debian's, whose site finds a
# venv's site-packages only once site.main has run: never under -S)
VENV_PYTHONS = [sys.executable] + [
    path
    for path in ("/usr/bin/python3",)
    if os.path.isfile(path) and not os.path.samefile(path, sys.executable)
]


@pytest.fixture(scope="module", params=VENV_PYTHONS)
def venv(request, tmp_path_factory):
    """A venv of a CPython (the host's, the machine's) whose site-packages holds a module and
    a .pth file that would print and slow every start by 0.3 s: its python, site-packages and
    the Interpreter it is."""
    root = tmp_path_factory.mktemp("venv")
    subprocess.run([request.param, "-m", "venv", "--without-pip", str(root)], check=True)
    packages = next(root.glob("lib/*/site-packages"))
    (packages / "venv_only.py").write_text("X = 42\n")
    (packages / "listed").mkdir()  # a package the judge lists, and its own dependency
    (packages / "listed" / "__init__.py").write_text("import importlib, depends\nY = depends.Z\n")
    (packages / "depends.py").write_text(
        "import importlib\nZ = importlib.import_module('venv_only').X\n"
    )
    slow = "import sys, time; time.sleep(0.3); sys.stderr.write('pth ran\\n')\n"
    (packages / "slow_hook.pth").write_text(slow)
    python = root / "bin" / "python"
    asked = [str(python), "-c", "import sys; print(*sys.version_info[:2])"]
    version = tuple(map(int, subprocess.check_output(asked, text=True).split()))
    return python, packages, Interpreter("cpython", version, str(python), ("-I",))


def test_the_host_s_pth_files_do_not_run_and_site_s_work_is_done(tmp_path, venv):
    """What a judge's plain interpreter has, not what the host installed: the venv's modules
    the judge installs import, its .pth file's import line does not run, exit() and quit()
    exist."""
    python, packages, python_of = venv
    script = tmp_path / "b.py"
    script.write_text(
        "import sys, venv_only\nprint(venv_only.X, sys.path[-1], callable(quit))\nexit(3)\n"
    )
    command = judged.wrapped(python_of, script, installed=("numpy", "venv_only"))
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (3, f"42 {packages} True\n", "")
    plain = subprocess.run(
        [str(python), "-I", str(script)], capture_output=True, text=True, timeout=60, check=False
    )
    assert "pth ran" in plain.stderr  # the hook is real: site runs it


@pytest.mark.parametrize("installed", [None, ("numpy",)])
def test_a_module_installed_here_but_not_on_the_judge_is_not_found(tmp_path, venv, installed):
    """A guarded ``try: import venv_only`` takes the judge's branch: a judge that installs
    nothing gets no site-packages, one with a list (AtCoder) only what it lists."""
    _, _, python_of = venv
    script = tmp_path / "b.py"
    script.write_text(
        "import heapq\ntry:\n    import venv_only\n    print('installed')\n"
        "except ImportError as error:\n    print('fallback', error.name)\n"
    )
    command = judged.wrapped(python_of, script, installed=installed)
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "fallback venv_only\n", "")


def test_a_listed_package_imports_what_it_needs_though_the_judge_does_not_list_it(tmp_path, venv):
    """AtCoder lists pandas, not the dateutil it imports: the package's own imports are found
    (directly, or through importlib), the script's own import of the dependency is not."""
    _, _, python_of = venv
    script = tmp_path / "b.py"
    script.write_text("import listed\nprint(listed.Y)\n")
    command = judged.wrapped(python_of, script, installed=("listed",))
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "42\n", "")
    script.write_text("import depends\n")
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert done.stderr.endswith("ModuleNotFoundError: No module named 'depends'\n")


# the deepest call of f that does not raise RecursionError, by bisection (f's cache, if it
# has one, cleared before each try)
DEEPEST = """\
    def deepest():
        low, high = 0, 20000
        while low < high:
            middle = (low + high + 1) // 2
            getattr(f, "cache_clear", lambda: None)()
            try:
                f(middle)
                low = middle
            except RecursionError:
                high = middle - 1
        return low
"""
LRU_DEPTH = (
    """\
    import functools, sys, threading
    sys.setrecursionlimit(10**6)
    @functools.lru_cache(None)
    def f(n):
        return 0 if n == 0 else f(n - 1) + 1
"""
    + DEEPEST
    + """\
    print(deepest(), sys.argv[1:], __name__)
    for size in (1 << 27, 3 << 20):  # a large stack, and one of STACK_LEAST
        threading.stack_size(size)
        worker = threading.Thread(target=lambda: print(deepest()))
        worker.start()
        worker.join()
"""
)


@needs_313
@pytest.mark.parametrize(("depth", "least", "most"), [(0, 3300, 3400), (7000, 950, 1050)])
def test_lru_cache_recursion_stops_where_the_platform_stops_it(tmp_path, depth, least, most):
    """cpython#127346 saw about 1000 calls under 3.13.0 on Windows; Linux allows 10000/3."""
    script = tmp_path / "lru.py"
    script.write_text(textwrap.dedent(LRU_DEPTH))
    argv = judged.wrapped(PYTHON_313[0], script, depth=depth) + ["given"]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=True)
    main, argv_seen, name, *threads = done.stdout.split()
    assert least <= int(main) <= most and all(least <= int(n) <= most for n in threads)
    assert (argv_seen, name, len(threads)) == ("['given']", "__main__", 2)


RECURSION_DEPTH = (
    """\
    import sys, threading
    def f(n):
        return 0 if n == 0 else 1 + f(n - 1)
"""
    + DEEPEST
    + """\
    print(deepest(), sys.getrecursionlimit())
    sys.setrecursionlimit(1500)
    print(deepest(), sys.getrecursionlimit())
    sys.setrecursionlimit(2**31 - 1)  # the largest: none of it is given back
    print(sys.getrecursionlimit())
    for limit in (2**31, 10**10):  # past the C int: the interpreter's own OverflowError
        try:
            sys.setrecursionlimit(limit)
        except OverflowError as error:
            print(type(error).__name__)
    sys.setrecursionlimit(1000)
    for size in (1 << 20, 1 << 26):  # a thread under STACK_LEAST, then one above it
        threading.stack_size(size)
        worker = threading.Thread(target=lambda: print(deepest()))
        worker.start()
        worker.join()
"""
)


# each CPython here: plainly, under the write guard, and (3.13, which spends C recursion for a
# Windows judge) under the chain of C calls
WRAPPINGS = [
    pytest.param(python, no_files, depth, id=f"{python.short}-{no_files}-{depth}")
    for python in found()
    if python.impl == "cpython"
    for no_files, depth in [(False, 0), (True, 0), (False, 7000)]
    if not depth or python.version == (3, 13)
]


@pytest.mark.parametrize(("python", "no_files", "depth"), WRAPPINGS)
def test_a_recursion_stops_at_the_depth_of_the_judge_s_plain_run(tmp_path, python, no_files, depth):
    """The wrapper's own frames (and exec's level before 3.12) are given back, in the main
    thread and in threads, and the script sees its own recursion limit."""
    script = tmp_path / "deep.py"
    script.write_text(textwrap.dedent(RECURSION_DEPTH))
    plain = run([python.executable, "-I", str(script)])
    wrapped = run(judged.wrapped(python, script, no_files=no_files, depth=depth))
    assert plain.returncode == wrapped.returncode == 0, wrapped.stderr
    assert wrapped.stdout == plain.stdout
    assert plain.stdout.split()[1::2][:2] == ["1000", "1500"]


# threads started after one stack size was set, each saying the size its successors get
STACK_KEPT = """\
import threading
threading.stack_size(1 << 20)
for _ in range(3):
    worker = threading.Thread(target=lambda: None)
    worker.start()
    worker.join()
    print(threading.stack_size(1 << 20))
"""


@pytest.mark.parametrize(("python", "no_files", "depth"), WRAPPINGS)
def test_a_thread_s_start_keeps_the_stack_size_the_script_set(tmp_path, python, no_files, depth):
    """``_thread.stack_size()`` without a size also sets 0, the default: the starter that
    asks it gives the size back, or every later thread got the default stack, and under a
    Windows judge's chain each of them spent its levels (1.3 MiB a thread: 300 sleeping
    threads of 64 KiB stacks were over a 256 MiB limit)."""
    script = tmp_path / "stacks.py"
    script.write_text(STACK_KEPT)
    plain = run([python.executable, "-I", str(script)])
    wrapped = run(judged.wrapped(python, script, no_files=no_files, depth=depth))
    assert plain.stdout == wrapped.stdout == "1048576\n" * 3, wrapped.stderr


# threads started from four threads at once after one stack size was set, each saying the stack
# it got (glibc's own account of the thread); a pause after each call of _thread.stack_size
# lets another starter in between a starter's read of the size and its giving it back
STACK_RACE = """\
import _thread, ctypes, threading, time
libc = ctypes.CDLL(None)
def own_stack():
    attr, size = ctypes.create_string_buffer(256), ctypes.c_size_t()
    libc.pthread_getattr_np(ctypes.c_ulong(threading.get_ident()), attr)
    libc.pthread_attr_getstacksize(attr, ctypes.byref(size))
    libc.pthread_attr_destroy(attr)
    return size.value
def pause(frame, event, arg):
    if event == "c_return" and arg is _thread.stack_size:
        time.sleep(0.001)
threading.setprofile(pause)
threading.stack_size(1 << 20)
sizes = []
def starter():
    workers = [threading.Thread(target=lambda: sizes.append(own_stack())) for _ in range(10)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
starters = [threading.Thread(target=starter) for _ in range(4)]
for thread in starters:
    thread.start()
for thread in starters:
    thread.join()
print(len(sizes), sorted(set(sizes)), threading.stack_size())
"""


@pytest.mark.parametrize(("python", "no_files", "depth"), WRAPPINGS)
def test_threads_started_side_by_side_all_get_the_stack_size_the_script_set(
    tmp_path, python, no_files, depth
):
    """The starter's read of the stack size and its giving it back are one step: a thread
    started between the two read the 0 the read leaves and got the default stack (8 MiB
    here); under a Windows judge's chain, the set size given back before its start, it got
    1 MiB but spent the levels of a default stack in it, and the run crashed (SIGSEGV)."""
    script = tmp_path / "stack_race.py"
    script.write_text(STACK_RACE)
    wrapped = run(judged.wrapped(python, script, no_files=no_files, depth=depth))
    assert (wrapped.returncode, wrapped.stdout) == (0, "40 [1048576] 1048576\n"), wrapped.stderr


def run(argv, stdin=""):
    return subprocess.run(
        argv, input=stdin, capture_output=True, text=True, timeout=60, check=False
    )


def test_the_wrapper_keeps_the_script_s_exit_status_stdin_and_traceback(tmp_path):
    script = tmp_path / "crash.py"
    script.write_text(
        "import sys\nprint(input()[::-1])\nif sys.argv[1:]:\n    raise ValueError(1)\n"
    )
    argv = judged.wrapped(host(), script, no_files=True)
    done = run(argv, "abc\n")
    assert (done.returncode, done.stdout, done.stderr) == (0, "cba\n", "")
    done = run([*argv, "x"], "abc\n")
    assert done.returncode == 1 and done.stderr.endswith("ValueError: 1\n")
    assert "<string>" not in done.stderr  # the traceback starts at the script
    assert done.stderr.splitlines()[1].startswith(f'  File "{script}", line 4')
    exits = tmp_path / "exits.py"
    exits.write_text("import sys\nsys.exit(3)\n")
    assert run(judged.wrapped(host(), exits, no_files=True)).returncode == 3


# a fast-output helper's way: its buffer written to fd 1 at exit, beside lines print() buffered
AT_EXIT = """\
import atexit, os, sys
atexit.register(os.write, 1, b"at exit\\n")
print("printed")
{ending}
"""


@pytest.mark.parametrize("python", [pytest.param(p, id=p.short) for p in found()])
@pytest.mark.parametrize("ending", ["pass", "sys.exit(3)", "raise ValueError(1)"])
def test_the_script_s_output_is_flushed_before_its_exit_handlers_run(tmp_path, python, ending):
    """``python3 Main.py`` flushes sys.stderr and sys.stdout when the script ends, however it
    ends, before atexit's handlers run; a ``-c`` program does not: the handler's line came
    before the printed one, a wrong answer the judge accepts."""
    script = tmp_path / "flushes.py"
    script.write_text(AT_EXIT.format(ending=ending))
    plain = run([python.executable, "-I", str(script)])
    assert plain.stdout == "printed\nat exit\n"
    for wrapping in ({}, {"no_files": True}, {"windows": True}):
        done = run(judged.wrapped(python, script, **wrapping))
        assert (done.stdout, done.returncode) == (plain.stdout, plain.returncode), wrapping


@pytest.mark.parametrize(
    ("ending", "linux", "windows"),
    [
        ("sys.exit(256)", 0, 1),
        ("os._exit(512)", 0, 1),
        ("sys.exit(-256)", 0, 1),
        ("sys.exit(3)", 3, 3),
        ("sys.exit(0)", 0, 0),
        ("sys.exit('no')", 1, 1),
        ("raise SystemExit", 0, 0),
    ],
)
def test_a_windows_judge_keeps_the_exit_status_whole(tmp_path, ending, linux, windows):
    """Codeforces runs Python on Windows, which keeps a status of 256 whole (a runtime error)
    where Linux reads its low 8 bits, 0: "ok" here was the judge's RE."""
    script = tmp_path / "ends.py"
    script.write_text(f"import os, sys\nprint(6)\nsys.stdout.flush()\n{ending}\n")
    plain = run(judged.wrapped(host(), script))
    done = run(judged.wrapped(host(), script, windows=True))
    assert (plain.returncode, done.returncode) == (linux, windows)
    assert done.stdout == "6\n"
    if windows != linux:
        assert done.stderr.endswith(": Windows keeps it whole (Linux reads 0)\n")
        assert judged.status_kept_whole(done.stderr.encode()) == int(re.search(r"-?\d+", ending)[0])
    else:
        assert judged.status_kept_whole(done.stderr.encode()) is None


def test_codeforces_runs_keep_the_exit_status_whole(toy):
    linux = judged.command(load_registry(toy)["toy_sum"], CPYTHON_313, "b.py")
    assert judged.WHOLE_STATUS not in linux[-2]
    windows = judged.command(judged_as(toy, "Codeforces"), CPYTHON_313, "b.py")
    assert judged.WHOLE_STATUS in windows[-2]

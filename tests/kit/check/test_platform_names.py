"""kit.check.platform_names: the members of ``os``, ``signal`` and the others that a judge
running Python on Windows lacks, found however the module is bound, and passed under a
platform or version guard; nothing on a Linux judge."""

import ast
import textwrap
from pathlib import Path

import pytest

from kit.bundle.sources import Source
from kit.check import platform_names
from kit.judges.platforms import UNIX, WINDOWS


def found(text, platform=WINDOWS):
    text = textwrap.dedent(text)
    source = Source("m", Path("m.py"), "m.py", False, text, ast.parse(text), shipped=text)
    return [finding[1:3] for finding in platform_names.findings([source], platform)]


@pytest.mark.parametrize(
    ("code", "uses"),
    [
        ("import signal\nsignal.signal(signal.SIGALRM, f)\nsignal.alarm(2)\n",
         [(2, "signal.SIGALRM"), (3, "signal.alarm")]),
        ("import os\npid = os.fork()\n", [(2, "os.fork")]),
        ("import os as o\no.killpg(0, 9)\n", [(2, "os.killpg")]),
        ("import os.path\nos.getuid()\n", [(2, "os.getuid")]),
        ("from signal import SIGALRM, SIGINT\n", [(1, "signal.SIGALRM")]),
        ("def f():\n    import time\n    return time.clock_gettime(0)\n",
         [(3, "time.clock_gettime")]),
        ("import select\np = select.poll()\n", [(2, "select.poll")]),
        # Linux's own (typeshed: sys.platform == "linux"), which Windows lacks too
        ("import select\np = select.epoll()\n", [(2, "select.epoll")]),
        ("import os\nfd = os.memfd_create('x')\n", [(2, "os.memfd_create")]),
        ("import mmap\nm = mmap.mmap(0, 0, prot=mmap.PROT_READ)\n", [(2, "mmap.PROT_READ")]),
        # a test of the platform whose branch Windows takes: not guarded there
        ("import sys, signal\nif sys.platform != 'darwin':\n    signal.alarm(2)\n",
         [(3, "signal.alarm")]),
        ("import os\nif os.name == 'nt':\n    os.fork()\n", [(3, "os.fork")]),
        ("import sys, os\nif sys.platform == 'win32':\n    pass\nelse:\n    os.fork()\n"
         "if sys.platform == 'linux':\n    pass\nelse:\n    os.getuid()\n", [(9, "os.getuid")]),
        # a conditional expression guards only the branch Windows does not take
        ("import os, sys\nx = os.fork() if sys.platform == 'win32' else 0\n", [(2, "os.fork")]),
        ("import os\nok = os.name == 'nt' and os.getuid() == 0\n", [(2, "os.getuid")]),
        ("import os, signal\nx = signal.alarm(1) or (os.getuid() if os.name == 'posix' else 0)\n",
         [(2, "signal.alarm")]),
        # a try guards only what its handler catches of what the use raises on Windows: a
        # member AttributeError, its import ImportError (ModuleNotFoundError: a module missing)
        ("import signal\ntry:\n    signal.alarm(2)\nexcept NameError:\n    pass\n",
         [(3, "signal.alarm")]),
        ("try:\n    from signal import alarm\nexcept ModuleNotFoundError:\n    alarm = None\n",
         [(2, "signal.alarm")]),
        # a hasattr test every target passes guards nothing, its else runs nowhere
        ("import math, signal\nif hasattr(math, 'isqrt'):\n    signal.alarm(1)\nelse:\n    "
         "signal.alarm(2)\n", [(3, "signal.alarm")]),
    ],
)  # fmt: skip
def test_unix_only_members_are_found_with_their_lines(code, uses):
    assert found(code) == uses


@pytest.mark.parametrize(
    "code",
    [
        # members Windows has
        "import os, signal, time\nos.getpid(); os.kill(1, signal.SIGTERM); time.perf_counter()\n",
        "import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n",
        "import mmap\nm = mmap.mmap(0, 0, access=mmap.ACCESS_READ)\n",
        # guarded: a platform test, hasattr, a try that catches AttributeError or ImportError
        "import sys, signal\nif sys.platform != 'win32':\n    signal.alarm(2)\n",
        "import os, signal\nif os.name == 'posix':\n    signal.alarm(2)\n",
        "import platform, os\nif platform.system() == 'Linux':\n    os.fork()\n",
        "import os, sys\nWINDOWS = sys.platform == 'win32'\nif not WINDOWS:\n    os.fork()\n",
        "import os, sys\nx = os.getuid() if sys.platform != 'win32' else 0\n",
        "import os, sys\nx = 0 if sys.platform == 'win32' else os.getuid()\n",
        # and / or stopped by a test of the platform before the Unix-only call
        "import os\nroot = 1 if (os.name == 'posix' and os.getuid() == 0) else 2\n",
        "import os\nif os.name == 'nt' or os.getuid() != 0:\n    pass\n",
        "import os, sys\nWIN = os.name == 'nt'\nx = 0 if WIN else os.getuid()\n",
        "import signal\nif hasattr(signal, 'SIGALRM'):\n    signal.alarm(2)\n",
        "import os\ntry:\n    os.fork()\nexcept AttributeError:\n    pass\n",
        "try:\n    from signal import SIGALRM\nexcept ImportError:\n    SIGALRM = None\n",
        # a name of the same spelling on something that is not the module
        "class S:\n    alarm = 1\nsignal = S()\nprint(signal.alarm)\n",
    ],
)
def test_members_windows_has_or_guarded_uses_pass(code):
    assert found(code) == []


def test_a_linux_judge_has_them_all():
    assert found("import os, signal\nos.fork()\nsignal.alarm(1)\n", UNIX) == []


def test_paths_only_unix_has_given_to_a_call_are_found():
    """``open("/dev/stdin")`` raises FileNotFoundError on Windows (Codeforces): ``open(0)``
    works on both; a guarded open passes, and Linux judges have the paths."""
    code = (
        "import os, sys\ndata = open('/dev/stdin').read()\nfd = os.open('/proc/self/status', 0)\n"
        "x = open(0).read()\nprint('/dev/null is a name')\n"
        "if sys.platform != 'win32':\n    s = open('/dev/stdout', 'w')\n"
    )
    assert found(code) == [(2, "/dev/stdin"), (3, "/proc/self/status")]
    assert found(code, UNIX) == []


def test_a_platform_flag_imported_from_a_helper_guards_as_its_own_would():
    def source(name, rel, text):
        return Source(name, Path(rel), rel, False, text, ast.parse(text), shipped=text)

    env = source("shared.env", "shared/env.py", "import os\nWINDOWS = os.name == 'nt'\n")
    text = (
        "import os\nfrom shared.env import WINDOWS\nif not WINDOWS:\n    os.fork()\nos.getuid()\n"
    )
    main = source("__main__", "a.py", text)
    found = platform_names.findings([main, env], WINDOWS)
    assert [finding[1:3] for finding in found] == [(5, "os.getuid")]


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # beside a conditional expression in its statement: run on every version, under both
        ("t = signal.SIGALRM + (1 if PYPY else 0)\n", [((3, 8), (99, 0), None)]),
        ("t = signal.SIGALRM + (1 if hasattr(x, 'bit_count') else 0)\n",
         [((3, 8), (99, 0), None)]),
        ("t = signal.SIGALRM + (1 if sys.version_info >= (3, 9) else 0)\n",
         [((3, 8), (99, 0), None)]),
        # in its branch: on the versions and the implementation that run it
        ("t = signal.SIGALRM if sys.version_info < (3, 9) else 0\n", [((3, 8), (3, 9), None)]),
        ("t = signal.SIGALRM if not PYPY else 0\n", [((3, 8), (99, 0), "cpython")]),
        ("t = signal.SIGALRM if hasattr(signal, 'SIGALRM') else 0\n", []),
        ("if sys.version_info >= (3, 11):\n    open('/dev/stdin')\n", [((3, 11), (99, 0), None)]),
        # on one line: the branch under PyPy alone, the test under both
        ("if PYPY: t = signal.SIGALRM\n", [((3, 8), (99, 0), "pypy")]),
        ("if signal.SIGALRM and PYPY: pass\n", [((3, 8), (99, 0), None)]),
        # after a test in "and" or "or": under the implementation it lets through
        ("t = PYPY and signal.SIGALRM\n", [((3, 8), (99, 0), "pypy")]),
        ("t = sys.version_info < (3, 9) or signal.SIGALRM\n", [((3, 9), (99, 0), None)]),
    ],
)  # fmt: skip
def test_a_use_counts_where_its_branch_runs_and_beside_a_conditional_expression_everywhere(
    code, expected
):
    """``signal.SIGALRM + (1 if PYPY else 0)`` passed for Codeforces' Windows: a conditional
    expression on a test of the version or the implementation guarded its whole statement."""
    head = "import sys, signal\nPYPY = sys.implementation.name == 'pypy'\n"
    text = head + code
    source = Source("m", Path("m.py"), "m.py", False, text, ast.parse(text), shipped=text)
    assert [finding[4:] for finding in platform_names.findings([source], WINDOWS)] == expected


@pytest.mark.parametrize(
    ("code", "uses"),
    [
        # the default runs inside the try, the body on its line when f is called, outside it
        ("try:\n    def f(x=os.getuid()): return os.fork()\nexcept AttributeError:\n    pass\n",
         [(3, "os.fork")]),
        ("if os.getuid() and sys.platform != 'win32': pass\n", [(2, "os.getuid")]),
    ],
)  # fmt: skip
def test_a_guard_is_read_by_node_not_by_line(code, uses):
    """A guarded statement sharing its line with code that runs elsewhere: the if's test
    passed, a try's default beside the function's body was refused."""
    assert found("import os, sys\n" + code) == uses

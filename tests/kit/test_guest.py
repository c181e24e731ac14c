"""kit.guest: ``os._exit`` in the workspace's code run by the kit raises in that thread alone."""

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from kit import guest
from tests.process_support import kit_ended

ROOT = Path(__file__).resolve().parents[2]


def test_os_exit_raises_in_a_guest_thread_and_passes_through_elsewhere(monkeypatch):
    ended = []
    monkeypatch.setattr(os, "_exit", kit_ended)
    monkeypatch.setattr(guest, "_REAL_EXIT", ended.append)
    with pytest.raises(guest.HardExit) as error, guest.guest():
        other = threading.Thread(target=os._exit, args=(5,))  # not a guest: the real exit
        other.start()
        other.join()
        os._exit(3)
    assert error.value.code == 3 and ended == [5]
    os._exit(6)  # this thread is no guest any more
    assert ended == [5, 6]


def test_a_nested_guest_keeps_the_thread_a_guest_until_the_outer_one_ends(monkeypatch):
    monkeypatch.setattr(os, "_exit", kit_ended)
    with guest.guest():
        with guest.guest():
            pass
        with pytest.raises(guest.HardExit):
            os._exit(1)


def test_exit_call_names_the_call():
    assert guest.exit_call(SystemExit("gave up")) == "sys.exit('gave up')"
    assert guest.exit_call(guest.HardExit(0)) == "os._exit(0)"


DEEP = """
import sys
from functools import lru_cache
from kit import guest

if len(sys.argv) > 1:
    guest.GUEST_STACK = 8 << 20  # a thread's usual stack
sys.setrecursionlimit(10**6)


@lru_cache(maxsize=None)
def prefix(i):
    return 0 if i == 0 else prefix(i - 1) + 1


print(guest.on_deep_stack(prefix, 30000))
"""


@pytest.mark.parametrize("stack", ["deep", "usual"])
def test_a_call_on_a_deep_stack_recurses_as_far_as_a_judge_lets_it(stack):
    """A memoised recursion 30,000 calls deep, as a stress module's reference may be: on a
    thread's usual 8 MiB it ended the kit with a segmentation fault (run in a process of its
    own here for that reason)."""
    if sys.version_info >= (3, 12):  # its own limit on recursion through C comes first
        pytest.skip("CPython 3.12 and later stop such a recursion with a RecursionError")
    argv = [sys.executable, "-c", DEEP] + (["usual"] if stack == "usual" else [])
    ran = subprocess.run(argv, capture_output=True, text=True, check=False, cwd=ROOT)
    if stack == "usual":
        assert ran.returncode < 0  # the overflow this guards against, still there
        return
    assert (ran.returncode, ran.stdout) == (0, "30000\n"), ran.stderr


def test_a_call_on_a_deep_stack_is_a_guest_and_hands_back_what_it_raised(monkeypatch):
    monkeypatch.setattr(os, "_exit", kit_ended)
    with pytest.raises(guest.HardExit):
        guest.on_deep_stack(lambda: os._exit(4))
    with pytest.raises(KeyError):
        guest.on_deep_stack({}.__getitem__, "missing")
    assert guest.on_deep_stack(max, 2, 7) == 7


def raised(path: Path, source: str) -> BaseException:
    """What running ``source`` as the file ``path`` raised."""
    path.write_text(source)
    try:
        exec(compile(source, str(path), "exec"), {})
    except Exception as error:
        return error
    raise AssertionError("nothing raised")


def test_where_the_workspace_s_code_raised_is_its_deepest_place_in_the_workspace(tmp_path):
    error = raised(tmp_path / "probe.py", "def f():\n    return {}['k']\n\nf()\n")
    assert guest.raised_at(error, tmp_path) == " at probe.py:2"
    assert guest.failure(error, tmp_path) == "KeyError: 'k' at probe.py:2"
    assert guest.raised_at(error, tmp_path / "elsewhere") == ""  # no place of the workspace's
    try:
        compile("x = (\n", str(tmp_path / "bad.py"), "exec")
    except SyntaxError as syntax:  # its own file and line, not "(bad.py, line 1)"
        assert guest.failure(syntax, tmp_path) == "SyntaxError: '(' was never closed at bad.py:1"
    assert guest.failure(RuntimeError(), tmp_path) == "RuntimeError"


def test_the_kit_s_own_files_are_not_the_workspace_s_in_its_checkout():
    """In this checkout, a workspace too, a call of the kit's that failed on the workspace's
    value (``cuts = 5`` called) is no place of the workspace's."""
    try:
        guest.on_deep_stack(5)
    except TypeError as error:
        assert guest.raised_at(error, ROOT).startswith(" at tests/kit/test_guest.py:")
        error.with_traceback(error.__traceback__.tb_next)  # this test's frame left out
        assert guest.raised_at(error, ROOT) == ""

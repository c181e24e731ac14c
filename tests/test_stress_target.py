"""stress --target NAME: the bundle runs under the named target or local interpreter instead of
the problem's first target (tests/fixtures/pairsum, whose one target is CPython 3.8); the
reproduction line keeps the option; a name that runs nothing is a one-line error."""

import shutil
import sys

import pytest

from tests.command_support import run_build

HERE = f"{sys.version_info[0]}.{sys.version_info[1]}"


def command(*args, root):
    """``build.py ARGS --root ROOT`` with one interpreter here: this one."""
    return run_build(*args, root=root, pythons=sys.executable)


@pytest.fixture
def pairsum(checkout_copy):
    return checkout_copy("pairsum")


def test_the_first_target_by_default_and_the_named_one_with_target(pairsum):
    args = ["stress", "pairsum", "--seed", "1", "--cases", "3"]
    code, out, err = command(*args, root=pairsum)
    assert code == 0, out + err
    assert f"bundle under CPython {HERE} for 3.8\n" in out  # a stand-in
    code, out, err = command(*args, "--target", HERE, root=pairsum)
    assert code == 0, out + err
    assert f"bundle under CPython {HERE}\n" in out


@pytest.mark.skipif(shutil.which("pypy3") is None, reason="no pypy3 on the PATH")
def test_any_local_interpreter_by_path(pairsum):
    pypy = shutil.which("pypy3")
    code, out, err = command(
        "stress", "pairsum", "--seed", "1", "--cases", "2", "--target", pypy, root=pairsum
    )
    assert code == 0, out + err
    assert "bundle under PyPy " in out


def test_the_reproduction_line_keeps_the_target(pairsum):
    solution = pairsum / "solutions" / "pairsum.py"
    solution.write_text(solution.read_text().replace("{a + b}", "{a * b}"))
    code, out, err = command(
        "stress", "pairsum", "--seed", "1", "--cases", "5", "--target", HERE, root=pairsum
    )
    assert code == 1, out + err
    line = out.split("Reproduce: ", 1)[1].split("build.py ", 1)[1].split("   ")[0]
    assert line.endswith(f" --target {HERE} --root {pairsum}")  # run from elsewhere


def test_a_target_that_runs_nothing_is_one_line(pairsum):
    code, out, err = command("stress", "pairsum", "--target", "cpython3.14", root=pairsum)
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert "--target cpython3.14: no cpython3.14 interpreter here (found: " in line

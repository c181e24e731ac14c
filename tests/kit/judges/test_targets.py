"""kit.judges.targets.runner_named: ``--target NAME`` names a target or any local interpreter."""

import os
import shutil
import sys
import time
from dataclasses import replace

import pytest

from kit.errors import BuildError
from kit.judges import targets
from kit.judges.targets import (
    Runner,
    as_problem_target,
    found,
    host,
    parse_target,
    runner_for,
    runner_named,
    stand_in,
)


def test_a_report_label_and_a_target_name_give_the_same_interpreter():
    here = host()
    label = f"{here.version[0]}.{here.version[1]}"
    assert runner_named(label).interpreter.version == here.version
    assert runner_named(f"cpython{label}").interpreter.version == here.version


def test_any_local_interpreter_by_path():
    runner = runner_named(sys.executable)
    assert runner.exact and runner.interpreter.version == sys.version_info[:2]
    assert runner.target.name == f"cpython3.{sys.version_info[1]}"


@pytest.mark.skipif(not [i for i in found() if i.impl == "pypy"], reason="no PyPy here")
def test_pypy_by_target_name():
    assert runner_named("pypy3").interpreter.impl == "pypy"


@pytest.mark.skipif(not [i for i in found() if i.impl == "pypy"], reason="no PyPy here")
def test_a_pypy_version_not_here_is_run_by_the_builds_stand_in():
    """The build runs pypy3.14's cases under the PyPy that is here; --target pypy3.14 takes
    the same stand-in, said to be one (``described``)."""
    runner = runner_named("pypy3.14")
    build_s = runner_for(parse_target("pypy3.14"), list(found()))
    assert not runner.exact and runner.interpreter == build_s.interpreter
    assert runner.described == f"{build_s.interpreter.label} for pypy3.14"


@pytest.mark.parametrize(
    ("name", "start"),
    [
        ("cpython3.14", "--target cpython3.14: no cpython3.14 interpreter here (found: "),
        ("nonsense", "--target nonsense: neither a target's name (such as cpython3.8, 3.8 or "),
        ("/etc/hostname", "--target /etc/hostname: neither a target's name"),
        ("3.7", "--target 3.7: the kit checks Python 3.8 and newer only"),
        ("3.31", "--target 3.31: no such Python yet: the newest is 3.15"),  # 3.13 mistyped
        ("pypy3.16", "--target pypy3.16: no such Python yet: the newest is 3.15"),
        ("cpython3.6", "--target cpython3.6: the kit checks Python 3.8 and newer only"),
    ],
)
def test_a_name_that_runs_nothing_is_a_one_line_error(name, start):
    if name == "cpython3.14" and any(i.version == (3, 14) for i in found()):
        pytest.skip("a CPython 3.14 is here")
    with pytest.raises(BuildError) as error:
        runner_named(name)
    assert str(error.value).startswith(start)
    assert "\n" not in str(error.value)
    if "neither" in start:  # what is here, not a list that reads as the problem's targets
        assert str(error.value).endswith(f"(found: {', '.join(i.short for i in found())})")


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("pypy", "; did you mean pypy3?"),
        ("PyPy", "; did you mean pypy3?"),
        ("cpython", "; name its version: cpython3.8 or 3.8"),
        ("cpython3", "; name its version: cpython3.8 or 3.8"),
    ],
)
def test_a_target_s_name_without_its_version_is_said_how_to_name_it(monkeypatch, name, said):
    """``--target pypy`` (no ``pypy`` command here) or ``--target cpython`` was told only that
    it is no target's name: a user who wrote it meant one, and is told which."""
    monkeypatch.setattr(shutil, "which", lambda _: None)
    with pytest.raises(BuildError) as error:
        runner_named(name)
    assert str(error.value).startswith(f"--target {name}: neither a target's name")
    assert str(error.value).endswith(said)


def test_a_pypy_named_with_none_here_runs_under_the_build_s_stand_in(monkeypatch):
    """``--target pypy3.11`` without any PyPy stopped with "no pypy3.11 interpreter here",
    while the build and ``run`` without ``--target`` ran it under the kit's own Python."""
    monkeypatch.setenv("KIT_PYTHONS", "")
    found.cache_clear()
    try:
        runner = runner_named("pypy3.11")
        assert runner.interpreter == host() and not runner.exact
        assert runner.target == parse_target("pypy3.11")
        with pytest.raises(BuildError, match="no cpython3.8 interpreter here"):
            runner_named("3.8")
    finally:
        found.cache_clear()


def test_bench_times_each_target_here_and_the_kit_s_python_only_when_none_is_here(monkeypatch):
    from kit.judges import targets

    old = replace(host(), version=(3, 8))
    pypy = replace(host(), impl="pypy", version=(3, 9))
    wanted = [parse_target("cpython3.8"), parse_target("pypy3.10")]
    monkeypatch.setattr(targets, "found", lambda: (host(), old, pypy))
    assert targets.timing_interpreters(wanted) == [old, pypy]  # pypy3.9 stands in
    assert targets.untimed(wanted) == []
    monkeypatch.setattr(targets, "found", lambda: (host(), pypy))
    assert targets.timing_interpreters(wanted) == [pypy]
    assert targets.untimed(wanted) == [wanted[0]]
    monkeypatch.setattr(targets, "found", lambda: (host(),))
    assert targets.timing_interpreters(wanted) == [host()]
    assert targets.untimed(wanted) == wanted


def test_a_pypy_stand_in_that_cannot_run_the_bundle_falls_back_to_cpython(monkeypatch):
    """PyPy 3.9 for pypy3.10, where it cannot compile ``match``: a CPython of 3.10 when here,
    else the build's Python; none when that one is older than the target, or is the runner."""
    from kit.judges import targets

    pypy = replace(host(), impl="pypy", version=(3, 9), executable="/p/pypy3")
    cpython310 = replace(host(), version=(3, 10), executable="/p/python3.10")
    target = parse_target("pypy3.10")
    monkeypatch.setattr(targets, "found", lambda: (host(), pypy, cpython310))
    older = runner_for(target, [pypy])
    assert targets.fallback_for(target, older).interpreter == cpython310
    assert targets.fallback_for(target, older).target == target
    monkeypatch.setattr(targets, "found", lambda: (host(), pypy))
    assert targets.fallback_for(target, older).interpreter == host()
    assert targets.fallback_for(target, stand_in([target])) is None  # the build's own already
    newer = parse_target(f"cpython3.{host().version[1] + 1}")
    assert targets.fallback_for(newer, stand_in([newer])) is None


LIFTED = ("-X", "int_max_str_digits=0")


@pytest.mark.parametrize(
    ("target", "impl", "version", "flags"),
    [
        ("cpython3.8", "cpython", (3, 8), LIFTED),  # exact: 3.8.14+ has the backport, lifted
        ("cpython3.10", "cpython", (3, 10), LIFTED),
        ("cpython3.11", "cpython", (3, 11), ()),  # the limit is 3.11's own
        ("pypy3", "pypy", (3, 9), ()),  # PyPy 3.9 7.3.11+ and the judges' PyPy have it
    ],
)
def test_the_int_digit_limit_is_the_target_s_whichever_patch_runs_it(target, impl, version, flags):
    """A target older than 3.11 runs without the limit, exact or stood in; a 3.11+ or PyPy
    target keeps it: the same verdict whichever interpreters are installed."""
    interpreter = replace(host(), impl=impl, version=version)
    exact = runner_for(parse_target(target), [interpreter])
    assert exact is not None and exact.extra_flags == flags
    if impl == "cpython" and host().impl == "cpython":
        assert stand_in([parse_target(target)]).extra_flags == flags
    assert stand_in([parse_target("pypy3")]).extra_flags == ()


def test_a_pyenv_folder_this_user_may_not_read_is_passed_over(monkeypatch, tmp_path):
    """Another user's ``PYENV_ROOT`` (``su`` keeping the variable): a traceback before."""
    monkeypatch.setenv("PYENV_ROOT", str(tmp_path))

    def refused(self, pattern):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(targets.Path, "glob", refused)
    assert all(not name.startswith(str(tmp_path)) for name in targets._candidates())


def test_a_user_without_a_home_still_finds_the_interpreters(monkeypatch):
    """A user id with no entry in the password file and no ``HOME`` (a container's
    ``--user 12345`` with the environment cleared): ``Path.home()`` raised, and every command
    that looks for interpreters ended in a traceback."""
    monkeypatch.delenv("PYENV_ROOT", raising=False)

    def homeless(*_):
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(targets.Path, "home", homeless)
    assert all(os.access(name, os.X_OK) for name in targets._candidates())


@pytest.mark.skipif(not os.access("/usr/bin/pypy3", os.X_OK), reason="no /usr/bin/pypy3 here")
def test_pypy_in_usr_bin_is_found_whatever_the_path(monkeypatch):
    """As ``python3.X`` is: with a short PATH (a service's, an editor's) Debian's PyPy was
    missed, and the PyPy targets' cases ran under the CPython stand-in, other verdicts."""
    monkeypatch.setenv("PATH", "/nonexistent")
    assert "/usr/bin/pypy3" in targets._candidates()


def test_an_interpreter_older_than_3_8_by_path_is_refused_as_by_name(tmp_path, monkeypatch):
    """``--target 3.7`` was refused while the path of a CPython 3.6 ran the cases."""
    old = tmp_path / "python3.6"
    old.write_text("#!/bin/sh\n")
    old.chmod(0o755)
    cache = targets._ProbeCache.load()
    monkeypatch.setattr(
        type(cache),
        "probe",
        lambda self, executable: targets.Interpreter("cpython", (3, 6), executable, ()),
    )
    with pytest.raises(BuildError) as error:
        runner_named(str(old))
    assert str(error.value) == (
        f"--target {old}: CPython 3.6; the kit checks Python 3.8 and newer only"
    )


def test_an_interpreter_is_run_as_its_own_binary_not_its_launcher(tmp_path):
    """A launcher that needs the user's environment (a pyenv shim reads PYENV_VERSION) would
    not start under a judge's environment: the probe names the binary it started."""
    launcher = tmp_path / "python-launcher"
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    launcher.chmod(0o755)
    interpreter = targets._probe(str(launcher))
    assert interpreter is not None and interpreter.executable == sys.executable


def test_a_target_named_by_its_path_gets_the_same_digit_limit_as_by_its_name():
    old = [i for i in found() if i.impl == "cpython" and i.version < (3, 11)]
    if not old:
        pytest.skip("no CPython older than 3.11 here")
    by_path = runner_named(old[0].executable)
    assert by_path.extra_flags == ("-X", "int_max_str_digits=0")


def test_a_wrapper_whose_binary_is_not_here_runs_as_given(tmp_path, monkeypatch):
    """A wrapper around a container's Python reports a ``sys.executable`` that is not on this
    machine: the wrapper itself runs it, by its absolute path (runs start elsewhere)."""
    wrapper = tmp_path / "judgepy"
    wrapper.write_text(f'#!/bin/bash\nexec -a /opt/judge/bin/python3 "{sys.executable}" "$@"\n')
    wrapper.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    runner = runner_named("./judgepy")
    assert runner.interpreter.executable == str(wrapper)


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (gone, or a zombie not yet reaped)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (FileNotFoundError, ProcessLookupError):  # gone, before or while it was read
        return True


def test_a_wrapper_that_hangs_is_no_interpreter_and_leaves_no_process(tmp_path, monkeypatch):
    """``--target ./hang.sh`` waited 30 s and left the script's child running."""
    monkeypatch.setattr(targets, "PROBE_SECONDS", 1)
    child = tmp_path / "child.pid"
    script = tmp_path / "hang.sh"
    script.write_text(f"#!/bin/sh\nsleep 300 &\necho $! > {child}\nsleep 300\n")
    script.chmod(0o755)
    assert targets._probe(str(script)) is None
    pid = int(child.read_text())
    deadline = time.monotonic() + 5
    while not _gone(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(pid)


def test_pypy3_named_is_the_problem_s_pypy_target_when_the_build_runs_it_there(monkeypatch):
    """``--target pypy3`` names no version: where the judge runs ``pypy3.10`` and the build runs
    it under the PyPy named, the runner is that target's; a version named, another PyPy or
    another implementation is left as named."""
    from kit.judges import targets

    pypy = replace(host(), impl="pypy", version=(3, 9), executable="/opt/pypy/bin/pypy3.9")
    other = replace(pypy, executable="/opt/other/bin/pypy3")
    monkeypatch.setattr(targets, "found", lambda: (host(), pypy))
    judged = [parse_target("cpython3.13"), parse_target("pypy3.10")]
    named = Runner(parse_target("pypy3"), pypy, True)
    assert as_problem_target(named, judged) == runner_for(judged[1], [host(), pypy])
    assert as_problem_target(named, judged).target == judged[1]
    another_pypy = Runner(parse_target("pypy3"), other, True)
    assert as_problem_target(another_pypy, judged) is another_pypy
    a_version = Runner(parse_target("pypy3.11"), pypy, False)
    assert as_problem_target(a_version, judged) is a_version
    assert as_problem_target(named, judged[:1]) is named  # a judge of CPython alone
    monkeypatch.setattr(targets, "found", lambda: (host(),))  # no PyPy: the build's stand-in
    assert as_problem_target(stand_in([parse_target("pypy3")]), judged) == stand_in([judged[1]])

"""The kit's name and version: ``cpkit --version``, and every message, help text, scaffold and
bundle header naming the program as the user started it (``cpkit`` in a workspace, ``python
build.py`` in this checkout)."""

import errno
import importlib.metadata
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import tomllib

from kit import cli, processes
from kit.commands import NAMES
from kit.errors import AfterFailure, BuildError
from kit.judges import targets

ROOT = Path(__file__).resolve().parents[2]


def build_py(*args, cwd=None):
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), *args],
        capture_output=True,
        text=True,
        env={**os.environ, "KIT_PYTHONS": ""},
        timeout=300,
        check=False,
        cwd=cwd,
    )
    return done.returncode, done.stdout, done.stderr


def every_text(folder: Path) -> str:
    return "\n".join(
        path.read_text(encoding="utf-8") for path in sorted(folder.rglob("*")) if path.is_file()
    )


# --- --version -------------------------------------------------------------------------------


def test_the_kit_version_is_the_package_version():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == cli.VERSION


def test_version_prints_cpkit_and_the_version(capsys):
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"cpkit {cli.version()}\n"
    with pytest.raises(SystemExit) as exited:  # the parser's own, after other options
        cli.main(["--version", "--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out == f"cpkit {cli.version()}\n"


def test_the_version_and_a_command_s_start_up_load_no_command_they_do_not_run():
    """``--version`` loaded every command's module (0.3 s), and every command the build's
    checks and pipeline."""
    code = (
        "import sys; from kit import cli; cli.main(['--version']);"
        "print(sorted(m for m in sys.modules if m.startswith(('kit.commands.',"
        " 'kit.building.pipeline', 'kit.check', 'kit.run.schedule'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False,
        cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip
    assert done.stdout.splitlines() == [f"cpkit {cli.version()}", "[]"], done.stderr


def python(code: str, check: bool) -> subprocess.CompletedProcess:
    """``code`` run by this Python from the checkout, its output captured as text."""
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=check
    )


def test_only_version_looks_up_the_installed_package():
    """importlib.metadata (its import and its search of the installed packages) is left to
    --version: the parser and the checks a build runs do without it."""
    code = (
        "import sys; before = 'importlib.metadata' in sys.modules; "
        "from kit import cli; cli.parser(); from kit.check import checks, vermin_findings; "
        "vermin_findings._key('x'); "
        "print(before, 'importlib.metadata' in sys.modules)"
    )
    before, after = python(code, check=True).stdout.split()
    if before == "True":
        pytest.skip("this Python's site imports importlib.metadata itself")
    assert after == "False"


def test_version_falls_back_to_the_kit_own_when_no_package_is_installed(monkeypatch):
    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    assert cli.version() == cli.VERSION


def test_version_from_this_checkout_script():
    code, out, err = build_py("--version")
    assert (code, err) == (0, "")
    assert out.startswith("cpkit ") and out.split()[1][0].isdigit()


# --- cpkit in a workspace names cpkit ----------------------------------------------------------


def test_new_in_a_workspace_names_cpkit_in_its_messages_and_files(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)  # from here, the next command needs no --root
    assert cli.main(["init", str(tmp_path)]) == 0
    capsys.readouterr()
    assert cli.main(["new", "alpha", "--judge", "POJ", "--root", str(tmp_path)]) == 0
    beta = ["new", "beta", "--interactive", "--judge", "POJ", "--root", str(tmp_path)]
    assert cli.main(beta) == 0
    out = capsys.readouterr().out
    assert "next: cpkit alpha\n" in out and "next: cpkit beta\n" in out
    written = every_text(tmp_path)
    assert "build.py" not in written
    assert "cpkit stress alpha" in (tmp_path / "solutions" / "alpha.py").read_text()
    assert "cpkit stress alpha" in (tmp_path / "stress" / "alpha.py").read_text()
    assert "for cpkit bench alpha" in (tmp_path / "bench" / "alpha.py").read_text()
    assert "cpkit beta" in (tmp_path / "solutions" / "beta.py").read_text()


@pytest.mark.parametrize("name", NAMES)
def test_every_command_help_names_cpkit(name, capsys):
    """... and quotes as the docs do (the modules' docs' double backquotes showed as such)."""
    with pytest.raises(SystemExit):
        cli.main([name, "--help"])
    text = capsys.readouterr().out
    assert "build.py" not in text, text
    assert "``" not in text, text
    assert "`kit." not in text, text  # the kit's modules are its code's, not the help's
    assert text.startswith(f"usage: cpkit {name} ")


@pytest.mark.parametrize(
    "name, shown",
    [
        ("stress", ["[--seed S]", "[--cases N | --seconds T]", "[-j N]", "[--shrink-seconds T]"]),
        ("bench", ["[--repeat N]"]),
        ("startup", ["[--runs N]"]),
    ],
)
def test_a_command_s_usage_names_its_values_as_the_readme_does(name, shown, capsys):
    """The README's synopsis and the help agree (``--cases CASES``, ``-j JOBS``,
    ``--shrink-seconds SHRINK_SECONDS`` and ``--runs RUNS`` were argparse's own names)."""
    with pytest.raises(SystemExit):
        cli.main([name, "--help"])
    usage = " ".join(capsys.readouterr().out.split("\n\n")[0].split())
    for words in shown:
        assert words in usage, usage


def test_the_diff_option_s_help_says_it_shows_stderr_too(capsys):
    with pytest.raises(SystemExit):
        cli.main(["build", "--help"])
    assert "got, and what it wrote on stderr" in " ".join(capsys.readouterr().out.split())


def test_every_command_s_help_runs_without_docstrings():
    """``PYTHONOPTIMIZE=2`` (``-OO``) strips them: every command but the build died of
    ``None.split`` while its parser was made, whatever was asked."""
    env = {**os.environ, "PYTHONOPTIMIZE": "2"}
    root = Path(__file__).resolve().parents[2]
    for name in ["", *NAMES]:
        done = subprocess.run(
            [sys.executable, "-m", "kit", *([name] if name else []), "--help"],
            capture_output=True, text=True, env=env, cwd=root, timeout=60, check=False,
        )  # fmt: skip
        assert done.returncode == 0 and done.stdout.startswith("usage: "), (name, done.stderr)


def test_the_build_help_names_the_program_as_started(capsys):
    with pytest.raises(SystemExit):
        cli.main(["build", "--help"])
    assert "`cpkit SLUG` is `cpkit build SLUG`" in " ".join(capsys.readouterr().out.split())
    with pytest.raises(SystemExit):
        cli.main(["run", "--help"], prog="python -m kit")
    assert "`python -m kit run [SLUG] [FILE]`" in capsys.readouterr().out


def test_a_bundle_names_cpkit_in_its_header(toy, monkeypatch, capsys):
    monkeypatch.setenv("KIT_PYTHONS", "")
    targets.found.cache_clear()  # found() keeps its answer for the process: not this one's
    try:
        assert cli.main(["toy_sum", "--repeat", "1", "--root", str(toy)]) == 0, capsys.readouterr()
    finally:
        targets.found.cache_clear()
    header = (toy / "dist" / "toy_sum.py").read_text().split("\n\n", 1)[0]
    assert "# Built by cpkit from solutions/toy_sum.py" in header
    assert "build.py" not in header


# --- this checkout's build.py keeps its own name ---------------------------------------------


def test_this_checkout_script_run_in_another_workspace_works_on_that_one(toy):
    """``python path/to/build.py`` in a workspace of the user's: that workspace, as ``cpkit``
    does (its ``new`` scaffolded into the checkout), and its messages name the script by its
    whole path, the one that works from there."""
    case = str(toy / "samples" / "toy_sum" / "sample-1.in")
    code, out, err = build_py("run", "toy_sum", case, cwd=toy / "solutions")
    assert code == 0 and err.startswith("[toy_sum: ok, "), err  # the checkout has no toy_sum
    code, out, err = build_py("init", "contest", cwd=toy.parent)
    assert code == 0 and (toy.parent / "contest" / "problems.toml").is_file(), err
    assert out.endswith(f"next: cd contest && python {ROOT / 'build.py'} new SLUG --judge NAME\n")


def test_this_checkout_script_run_outside_any_workspace_works_on_the_checkout(tmp_path):
    case = str(ROOT / "samples" / "twixt_connect" / "sample-1.in")
    code, out, err = build_py("run", "twixt_connect", case, cwd=tmp_path)
    assert code == 0 and out.strip(), err


def test_this_checkout_script_keeps_its_own_name(toy):
    code, out, _ = build_py("new", "gamma", "--judge", "POJ", "--root", str(toy))
    assert code == 0, out
    assert f"next: python build.py gamma --root {toy}\n" in out  # from the checkout, toy's
    assert "python build.py stress gamma" in (toy / "stress" / "gamma.py").read_text()
    code, out, _ = build_py("run", "--help")
    assert out.startswith("usage: build.py run ") and "`python build.py run [SLUG]" in out
    code, _, err = build_py("new", "gamma", "--judge", "POJ", "--root", str(toy))
    assert code == 2 and err.startswith("build.py: error: new: gamma exists in problems.toml")


# --- the process's end -----------------------------------------------------------------------

BUFFERED = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}


def test_an_error_exits_with_its_own_status(monkeypatch, capsys):
    """A usage error exits 2; an error after a failure was shown (``AfterFailure``) exits 1."""
    for error, status in ((BuildError("bad option"), 2), (AfterFailure("stopped"), 1)):

        def dispatch(*_args, error=error):
            raise error

        monkeypatch.setattr(cli, "_dispatch", dispatch)
        assert cli.main(["stress", "p"], prog="cpkit") == status
        assert capsys.readouterr().err == f"cpkit: error: {error}\n"


@pytest.mark.parametrize(
    "argv",
    [["init", "N"], ["--root", "N"], ["verify", "N"], ["new", "--from", "N.html"]],
)
def test_a_path_with_a_name_over_the_system_s_limit_is_one_line(tmp_path, capsys, argv):
    """A name of 300 bytes: Path.exists() raises ENAMETOOLONG, which each command let out as
    a traceback."""
    name = str(tmp_path / ("a" * 300))
    status = cli.main([word.replace("N", name) for word in argv], prog="cpkit")
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.startswith(f"cpkit: error: {name[:57]}...: a name in this path is longer than")
    assert err.count("\n") == 1


def test_another_os_error_is_not_taken_for_a_long_name(monkeypatch):
    def dispatch(*_args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(cli, "_dispatch", dispatch)
    with pytest.raises(PermissionError):
        cli.main(["stress", "p"], prog="cpkit")


def test_a_broken_pipe_ends_the_command_with_1_quietly():
    """``cpkit | head``: the clause for OSError came first and let the BrokenPipeError out as
    a traceback."""
    program = (
        "import sys\nfrom kit import cli\n"
        "def dispatch(*_args):\n    raise BrokenPipeError(32, 'Broken pipe')\n"
        "cli._dispatch = dispatch\nsys.exit(cli.main(['build'], prog='cpkit'))\n"
    )
    done = python(program, check=False)
    assert (done.returncode, done.stderr) == (1, "")


@pytest.mark.parametrize("command", [["run", "toy_sum"], ["toy_sum"]])
def test_an_output_the_disk_has_no_room_for_is_one_line_and_status_1(toy, command):
    """``cpkit run p case > out.txt`` on a full disk (``/dev/full`` here): a traceback, or, with
    less output than a buffer, exit 0 with the output lost at exit in silence."""
    sample = toy / "samples" / "toy_sum" / "sample-1.in"
    argv = [*command, *([str(sample)] if command[0] == "run" else []), "--root", str(toy)]
    with open(os.devnull, "rb") as nothing, open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "kit", *argv, "--target", sys.executable],
            stdin=nothing,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    said = "python -m kit: error: cannot write the output: No space left on device\n"
    assert (done.returncode, done.stderr[-len(said) :]) == (1, said), done.stderr
    assert "Traceback" not in done.stderr


def _python(program: str) -> subprocess.CompletedProcess:
    """``program`` run by this Python, its output buffered as a pipe's is."""
    return subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        env=BUFFERED,
        timeout=60,
        check=False,
    )


def test_exit_now_runs_the_exit_handlers_then_ends_with_the_status_and_all_output():
    program = (
        "import atexit, sys\n"
        "from kit.cli import exit_now\n"
        "atexit.register(lambda: print('handler ran'))\n"
        "print('x' * 100000, end='|')\n"
        "sys.stderr.write('said')\n"
        "exit_now(3)\n"
        "print('never')\n"
    )
    done = _python(program)
    assert done.returncode == 3
    assert done.stdout == "x" * 100000 + "|handler ran\n"
    assert done.stderr == "said"


def test_exit_now_under_a_tracer_leaves_by_system_exit_so_the_tracer_can_report():
    program = (
        "import atexit, sys\n"
        "from kit.cli import exit_now\n"
        "atexit.register(lambda: print('handler ran'))\n"
        "sys.settrace(lambda *args: None)\n"
        "try:\n"
        "    exit_now(3)\n"
        "except SystemExit as leaving:\n"
        "    print('caught', leaving.code)\n"
        "    raise\n"
    )
    done = _python(program)
    assert (done.returncode, done.stdout, done.stderr) == (3, "caught 3\nhandler ran\n", "")


def test_the_kit_under_cprofile_prints_its_profile(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "cProfile", "-m", "kit", "nosuch"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**BUFFERED, "PYTHONPATH": str(ROOT)},
        timeout=60,
        check=False,
    )
    assert "no problems.toml" in done.stderr
    assert "function calls" in done.stdout, done.stdout[-500:]


@pytest.mark.parametrize("broken", [False, True])
def test_the_commands_end_with_their_status_and_every_line(toy, broken):
    if broken:
        solution = toy / "solutions" / "toy_sum.py"
        solution.write_text(solution.read_text().replace("BANNER + ", "'oops' + BANNER + "))
    done = subprocess.run(
        [sys.executable, "-m", "kit", "toy_sum", "--root", str(toy), "--target", sys.executable],
        capture_output=True,
        text=True,
        env=BUFFERED,
        timeout=300,
        check=False,
    )
    assert done.returncode == (1 if broken else 0), done.stdout + done.stderr
    ended = (
        "\nFAILED: toy_sum\n"
        if broken
        else "profiles: codeforces, atcoder, kattis, timus, domjudge, spoj, library checker, cses\n"
    )
    assert ended in done.stdout and done.stdout.endswith("\n")


def test_a_command_loads_its_own_modules_only(toy):
    """``cpkit build`` does not import the other commands' modules, nor the package readers
    when no problem names a package; ``cpkit --help`` still lists every command."""
    program = (
        "import sys\n"
        "from kit.cli import main\n"
        f"main(['toy_sum', '--root', {str(toy)!r}, '--target', sys.executable])\n"
        "print(' '.join(sorted(name for name in sys.modules if name.startswith('kit.'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=300, check=True
    )
    loaded = set(done.stdout.splitlines()[-1].split())
    assert "kit.commands.build" in loaded and "kit.building.pipeline" in loaded
    for unused in ("kit.commands.stress", "kit.stress.engine", "kit.scaffold", "kit.packages"):
        assert unused not in loaded
    listed = subprocess.run(
        [sys.executable, "-m", "kit", "--help"], capture_output=True, text=True, check=True
    ).stdout
    assert all(f"    {name}" in listed for name in cli.NAMES)


# --- stopped by a signal ---------------------------------------------------------------------

SPINNER = """\
import os, pathlib
pathlib.Path({mark!r}).write_text(str(os.getpid()))
while True:
    pass
"""


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):  # gone, before or while it was read
        return False


@pytest.mark.usefixtures("ctrl_c_works")
@pytest.mark.parametrize("signum", [2, 15, 1, 9], ids=["SIGINT", "SIGTERM", "SIGHUP", "SIGKILL"])
def test_a_kit_stopped_by_a_signal_leaves_no_run_and_no_temporary_bundle(toy, tmp_path, signum):
    """The kit stopped while a solution spins (killed only at 20 times its limit): the run ends
    with it at once; Ctrl-C, SIGTERM and SIGHUP are told in one line with 128 + the signal,
    and the bundle staged beside dist/ is removed (SIGKILL leaves no chance to remove it)."""
    mark = tmp_path / "spinning"
    (toy / "solutions" / "toy_sum.py").write_text(SPINNER.format(mark=str(mark)))
    kit = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "toy_sum", "--root", str(toy)]
        + ["--target", "python3", "--kill-factor", "20", "--repeat", "1"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    end = time.monotonic() + 60
    while not (mark.exists() and mark.read_text()) and time.monotonic() < end:
        time.sleep(0.02)
    run = int(mark.read_text())
    kit.send_signal(signum)
    status = kit.wait(timeout=5)  # not the 20 s the run would take to be killed
    end = time.monotonic() + 5
    while alive(run) and time.monotonic() < end:
        time.sleep(0.02)
    assert not alive(run)
    if signum != 9:
        name = signal.Signals(signum).name
        told = f"build.py: {'interrupted' if signum == 2 else 'stopped by ' + name}\n"
        assert (status, kit.stderr.read()) == (128 + signum, told)
        assert not list((toy / "dist").glob(".toy_sum.*"))


HANGING_INTERACTOR = """
import os, sys, time
open({mark!r}, "w").write(str(os.getpid()))
print(1, flush=True)
time.sleep(60)
"""


@pytest.mark.usefixtures("ctrl_c_works")
@pytest.mark.parametrize("signum", [2, 15], ids=["SIGINT", "SIGTERM"])
def test_a_kit_stopped_in_a_game_leaves_no_interactor(checkout_copy, tmp_path, signum):
    """The interactor runs in a session of its own, which the terminal's Ctrl-C misses: it
    was left running after the kit (SIGTERM ended it already)."""
    root = checkout_copy("guess", under="guess")
    mark = tmp_path / "interactor.pid"
    (root / "interactors" / "guess.py").write_text(HANGING_INTERACTOR.format(mark=str(mark)))
    case = str(root / "samples" / "guess" / "sample-1.in")
    kit = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "run", "guess", case, "--root", str(root)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    end = time.monotonic() + 60
    while not (mark.exists() and mark.read_text()) and time.monotonic() < end:
        time.sleep(0.02)
    interactor = int(mark.read_text())
    kit.send_signal(signum)
    assert kit.wait(timeout=10) == 128 + signum
    end = time.monotonic() + 5
    while alive(interactor) and time.monotonic() < end:
        time.sleep(0.02)
    assert not alive(interactor)


# --- options before the command ----------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "moved"),
    [
        (["--root", "D", "run", "a", "f.in"], ["run", "--root", "D", "a", "f.in"]),
        (["-v", "--target", "3.8", "stress", "a"], ["stress", "-v", "--target", "3.8", "a"]),
        (["-v", "a", "b"], ["-v", "a", "b"]),  # a build of a and b
        (["--root", "D", "a", "run"], ["--root", "D", "a", "run"]),  # a slug comes first
        (["run", "--root", "D"], ["run", "--root", "D"]),
        (["--version"], ["--version"]),
        (["--root", "bench", "toy"], ["--root", "bench", "toy"]),  # a folder named bench
        (["-v", "toy", "run"], ["-v", "toy", "run"]),  # a build of toy and run
        (["--root=D", "-j", "2", "verify", "p"], ["verify", "--root=D", "-j", "2", "p"]),
    ],
)
def test_a_command_after_leading_options_is_put_first(argv, moved):
    assert cli.command_first(argv) == moved


def test_a_kit_started_with_its_standard_streams_closed_still_builds(toy):
    """Closed stdin (cron, some CI): the first pipe took descriptor 0 and a child's stdin
    replaced it, so a correct problem failed as not built; closed stdout: a traceback."""
    command = f"{sys.executable} -m kit toy_sum --root {toy} --target {sys.executable}"
    done = subprocess.run(
        ["bash", "-c", f"{command} <&- >/dev/null 2>&1 && {command} <&- >&- 2>&-; echo $?"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.stdout.strip() == "0", done.stdout


def test_what_the_terminal_cannot_encode_is_escaped_not_a_crash(toy):
    """A Latin-1 terminal and ``--diff`` showing a ``␍`` of the answer's own."""
    (toy / "samples" / "toy_sum" / "sample-1.out").write_bytes(b"\xe2\x90\x8d x\r\n")
    done = subprocess.run(
        [sys.executable, "-m", "kit", "toy_sum", "--root", str(toy), "--target",
         sys.executable, "--diff"],
        capture_output=True, timeout=300, check=False,
        env={**os.environ, "PYTHONIOENCODING": "latin-1"},
    )  # fmt: skip
    assert done.returncode == 1 and b"Traceback" not in done.stderr, done.stderr
    assert b"\\u240d" in done.stdout and done.stdout.endswith(b"FAILED: toy_sum\n")


def test_python_m_kit_in_a_workspace_with_a_stdlib_named_file_runs(tmp_path):
    """``-m`` puts the working folder first: a scratch ``json.py`` hid the standard module
    from the kit itself (a traceback inside the kit)."""
    (tmp_path / "json.py").write_text("raise SystemExit('the scratch json.py ran')\n")
    (tmp_path / "problems.toml").write_text("")
    root = Path(cli.__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-m", "kit"], cwd=tmp_path, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(root)}, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("no problems in ")


def test_a_stop_signal_ends_the_judge_s_programs_in_sessions_of_their_own():
    """A checker or interactor leads a session of its own: SIGTERM to the kit's group missed
    it, and the kit, stopped, waited for it (or left it running)."""
    checker = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"], start_new_session=True
    )
    with processes.tracked(checker.pid), pytest.raises(cli.Stopped):
        cli._stop(signal.SIGTERM, None)
    assert checker.wait(timeout=10) == -signal.SIGKILL


def test_python_m_kit_in_a_folder_that_is_gone_says_so_in_one_line(toy, tmp_path):
    """A deleted working folder: without --root a one-line error (exit 2), with it the build
    runs (a traceback from os.getcwd before)."""
    gone = tmp_path / "gone"
    gone.mkdir()
    root = Path(cli.__file__).resolve().parent.parent
    script = (
        "import os, subprocess, sys\n"
        f"os.chdir({str(gone)!r}); os.rmdir({str(gone)!r})\n"
        "for extra in ([], ['--root', sys.argv[1], 'toy_sum']):\n"
        "    done = subprocess.run([sys.executable, '-m', 'kit', *extra], capture_output=True,"
        " text=True)\n"
        "    print(done.returncode, done.stderr.strip().splitlines()[-1:])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(toy)], capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(root), "KIT_PYTHONS": ""}, timeout=240, check=False,
    )  # fmt: skip
    first, second = done.stdout.splitlines()
    assert first == (
        "2 ['python -m kit: error: the current folder no longer exists (deleted or moved): cd "
        "into a workspace, or give --root DIR']"
    ), done.stderr
    assert second.startswith("0 "), second


def test_run_takes_its_file_after_an_option_too(toy, capfd):
    given = str(toy / "samples" / "toy_sum" / "sample-1.in")
    for argv in (
        ["run", "toy_sum", "--root", str(toy), given],
        ["run", "--root", str(toy), "toy_sum", given],
    ):
        assert cli.main(argv) == 0
    out, _err = capfd.readouterr()
    assert out == 2 * (toy / "samples" / "toy_sum" / "sample-1.out").read_text()


def test_a_recursion_error_of_the_kit_s_walks_is_one_line(monkeypatch, capsys):
    """A source nested deeper than even the raised limit lets a walk of its tree go."""

    def deep(*_):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(cli, "_dispatch", deep)
    assert cli.main(["toy"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cpkit: error: a source is nested too deep for the kit's Python")
    assert err.count("\n") == 1
    assert sys.getrecursionlimit() >= cli.RECURSION_LIMIT


@pytest.mark.parametrize(
    "refusal",
    [RuntimeError("can't start new thread"), BlockingIOError(11, "Resource temporarily")],
    ids=["thread", "fork"],
)
@pytest.mark.parametrize("limit", [6, resource.RLIM_INFINITY], ids=["ulimit", "unlimited"])
def test_a_process_or_thread_the_machine_refuses_is_one_line(monkeypatch, capsys, refusal, limit):
    """An unprivileged user's ``ulimit -u 8`` (threads counted with processes): the build's
    pool could not start its threads, a run could not fork, and each was a traceback."""

    def refused(*_):
        raise refusal

    monkeypatch.setattr(cli, "_dispatch", refused)
    monkeypatch.setattr(cli, "_process_limit", lambda: limit)
    assert cli.main(["toy"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cpkit: error: this machine refused the kit a new process or thread (")
    assert err.count("\n") == 1
    said = "ulimit -u: 6 processes and threads for this user" if limit == 6 else "not ulimit -u"
    assert said in err


@pytest.mark.parametrize(
    ("code", "limit", "said"),
    [
        (errno.EMFILE, 12, "(ulimit -n: 12 open files for each process)"),
        (errno.EMFILE, resource.RLIM_INFINITY, "(not ulimit -n: the system's limit on open"),
        (errno.ENFILE, 12, "(not ulimit -n: the system's limit on open"),
    ],
    ids=["ulimit", "unlimited", "system"],
)
def test_a_file_the_machine_refuses_to_open_is_one_line(monkeypatch, capsys, code, limit, said):
    """Under ``ulimit -n 10`` the build's first run launcher could not get its pipes, and the
    command ended in a traceback: the limit is named, and what to do."""

    def refused(*_):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(cli, "_dispatch", refused)
    monkeypatch.setattr(cli, "_file_limit", lambda: limit)
    assert cli.main(["toy"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cpkit: error: this machine refused the kit another open file (")
    assert said in err and "; raise the limit, or run fewer cases at a time (-j 1)" in err
    assert err.count("\n") == 1


def test_another_runtime_error_is_not_taken_for_a_refused_thread(monkeypatch):
    def dispatch(*_args):
        raise RuntimeError("dictionary changed size during iteration")

    monkeypatch.setattr(cli, "_dispatch", dispatch)
    with pytest.raises(RuntimeError):
        cli.main(["toy"], prog="cpkit")


def test_an_unknown_slug_is_shown_escaped(tmp_path, capsys):
    """A control character went to the terminal as it was: "unknown problem 'ab' ... did you
    mean 'ab'?" on screen, and a newline broke the line in two."""
    (tmp_path / "problems.toml").write_text("")
    assert cli.main(["a\x01b\nc", "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cpkit: error: unknown problem 'a\\x01b\\nc' (") and err.count("\n") == 1


def test_a_command_misspelt_is_named(tmp_path, capsys):
    """``cpkit stres two_sum`` was an unknown problem 'stres' (with ``--seed 1``, an
    unrecognized argument), with no word of the command meant."""
    (tmp_path / "problems.toml").write_text("")
    assert cli.main(["stres", "two_sum", "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cpkit: error: unknown problem 'stres' (")
    assert err.endswith("; did you mean the command 'stress'?\n")
    assert cli.main(["stres", "two_sum", "--seed", "1", "--root", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err == "cpkit: error: unknown command 'stres'; did you mean 'stress'?\n"
    assert cli.main(["zzz", "--root", str(tmp_path)]) == 2
    assert "did you mean" not in capsys.readouterr().err


def test_a_command_with_two_letters_swapped_is_named(tmp_path, capsys):
    """``cpkit nwe x --judge atcoder`` was build's unrecognized arguments ``--judge atcoder``,
    and ``cpkit rnu x`` an unknown problem, with no word of the command meant."""
    (tmp_path / "problems.toml").write_text("")
    assert cli.main(["rnu", "x", "--root", str(tmp_path)]) == 2
    assert capsys.readouterr().err.endswith("; did you mean the command 'run'?\n")
    assert cli.main(["nwe", "x", "--judge", "atcoder", "--root", str(tmp_path)]) == 2
    assert capsys.readouterr().err == "cpkit: error: unknown command 'nwe'; did you mean 'new'?\n"


def test_a_command_misspelt_outside_a_workspace_is_named(tmp_path, monkeypatch, capsys):
    """``cpkit verfy PACKAGE`` outside a workspace said there was no problems.toml, though
    ``verify`` needs none."""
    monkeypatch.chdir(tmp_path)
    assert cli.main(["verfy", "p"]) == 2
    said = capsys.readouterr().err
    assert said == "cpkit: error: unknown command 'verfy'; did you mean 'verify'?\n"
    assert cli.main(["zzz"]) == 2
    assert "no problems.toml in" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["build", "run", "stress"])
@pytest.mark.parametrize("broken", ["a syntax error", "a checker not there"])
def test_a_problem_that_cannot_be_built_fails_every_command_alike(toy, capsys, command, broken):
    """The build reported it as a failure (exit 1); ``run`` and ``stress`` as a usage error
    (exit 2), the checker's message in other words."""
    if broken == "a syntax error":
        (toy / "solutions" / "toy_sum.py").write_text("def f(:\n")
        said = "solutions/toy_sum.py:1: syntax error"
    else:
        table = toy / "problems.toml"
        setting = 'compare = "checker:gone.py"'
        table.write_text(table.read_text().replace("[toy_sum]\n", f"[toy_sum]\n{setting}\n", 1))
        said = "toy_sum: problems.toml's compare names checker gone.py, which is not there"
    given = str(toy / "samples" / "toy_sum" / "sample-1.in")
    programs = ["--gen", "echo 1 2", "--brute", "echo 3"]
    argv = {"build": ["toy_sum"], "run": ["run", "toy_sum", given],
            "stress": ["stress", "toy_sum", "--cases", "1", *programs]}[command]  # fmt: skip
    assert cli.main([*argv, "--root", str(toy)]) == 1
    captured = capsys.readouterr()
    assert said in captured.out + captured.err


@pytest.mark.parametrize(
    ("argv", "argument"),
    [(["run", "toy_sum", "", "--root", "ROOT"], "FILE"), (["verify", ""], "PACKAGE"),
     (["--root", ""], "--root"), (["new", "x", "--from", "", "--root", "ROOT"], "--from"),
     (["new", "x", "--package", "", "--root", "ROOT"], "--package"),
     (["verify", "--include", "", "p"], "--include")],
)  # fmt: skip
def test_an_empty_name_of_a_file_or_folder_is_a_usage_error(toy, capsys, argv, argument):
    """``Path('')`` is this folder: ``run SLUG ''`` said ".: cannot read: Is a directory",
    ``verify ''`` judged the folder, ``--from ''`` was taken for no page."""
    with pytest.raises(SystemExit) as ended:
        cli.main([str(toy) if word == "ROOT" else word for word in argv])
    assert ended.value.code == 2
    assert f"argument {argument}: '' names no file or folder" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv", [["stress", "x", "--cases", "0"], ["--nope"], ["verify"], ["new", "x", "--judge"]]
)
def test_a_usage_error_is_one_line_naming_the_help(capsys, argv):
    """argparse printed its usage block, four lines for ``stress``, above the error."""
    with pytest.raises(SystemExit) as ended:
        cli.main(argv)
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.endswith(" --help)\n"), err
    assert err.startswith("cpkit") and ": error: " in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["run", "toy_sum", "a", "b"],
            "cpkit run: error: unrecognized arguments: b (see cpkit run",
        ),
        (
            ["toy_sum", "--bogus"],
            "cpkit build: error: unrecognized arguments: --bogus (see cpkit b",
        ),
    ],
)
def test_an_argument_a_command_does_not_know_points_at_that_command_s_help(capsys, argv, said):
    """It pointed at ``cpkit --help``, which lists the commands, not their options."""
    with pytest.raises(SystemExit) as ended:
        cli.main(argv)
    assert ended.value.code == 2
    assert capsys.readouterr().err.startswith(said)


@pytest.mark.parametrize(
    ("argv", "said"),
    [(["toy_sum", "--wach"], "--wach; did you mean --watch? (see cpkit build --help)"),
     (["run", "toy_sum", "--tagret", "3.8"], "--tagret 3.8; did you mean --target? (see"),
     (["new", "x", "--time_limit=2"], "--time_limit=2; did you mean --time-limit? (see"),
     (["toy_sum", "--zzzzzz"], "--zzzzzz (see cpkit build --help)"),
     (["run", "toy_sum", "--watch"], "--watch; --watch is build's, not run's (see cpkit run"),
     (["run", "toy_sum", "-v"], "-v; -v is build's, not run's (see cpkit run --help)"),
     (["new", "x", "--seed", "3"], "--seed 3; --seed is stress's, not new's (see"),
     (["init", "x", "--target=3.8"], "--target=3.8; --target is build's, run's, stress's, "
      "bench's and verify's, not init's (see")],
)  # fmt: skip
def test_a_misspelt_option_or_another_command_s_is_named(capsys, argv, said):
    """``cpkit SLUG --wach`` was an unrecognized argument, with no word of ``--watch``; nor
    ``cpkit run SLUG --watch`` of the build's."""
    with pytest.raises(SystemExit) as ended:
        cli.main(argv)
    assert ended.value.code == 2
    assert f"error: unrecognized arguments: {said}" in capsys.readouterr().err


def test_help_as_a_word_points_at_the_option(tmp_path, monkeypatch, capsys):
    """``cpkit help`` was an unknown problem 'help', or outside a workspace, no problems.toml."""
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "problems.toml").write_text("")
    assert cli.main(["help", "--root", str(tmp_path / "ws")]) == 2
    assert capsys.readouterr().err.endswith("; did you mean '--help'?\n")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["help"]) == 2
    assert (
        capsys.readouterr().err == "cpkit: error: unknown command 'help'; did you mean '--help'?\n"
    )


@pytest.mark.skipif(sys.version_info < (3, 12), reason="sys.monitoring is 3.12's")
def test_a_monitoring_tool_such_as_coverage_counts_as_watching():
    assert not cli._watched()
    sys.monitoring.use_tool_id(sys.monitoring.COVERAGE_ID, "a coverage tool")
    try:
        assert cli._watched()
    finally:
        sys.monitoring.free_tool_id(sys.monitoring.COVERAGE_ID)


def test_the_command_line_makes_standard_polygon_packages_as_verify_does(monkeypatch):
    """Every command reads a "standard" Polygon package's cases through ``verify``'s maker of
    its missing tests and answers (kit.verify.made_answers, set in kit.table_package)."""
    from kit import table_package
    from kit.verify import made_answers

    monkeypatch.setattr(table_package, "_MAKING", [])
    monkeypatch.setattr(made_answers, "answered", lambda *given: given)
    assert cli.main(["--version"]) == 0
    assert table_package._MAKING[0](Path("pkg"), "shown") == (Path("pkg"), "shown", None)

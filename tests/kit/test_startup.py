"""kit.startup: the start-up figures of the toy solution's four forms (empty, inlined, bundle,
stickytape), here under the Python running the tests alone and one run each; a form that
answers wrongly stops it with status 1; the figures' formatting."""

import shutil
import subprocess
import sys

import pytest

from kit import startup
from kit.run import judged


@pytest.fixture
def host_only(monkeypatch):
    monkeypatch.setattr(startup, "found", lambda: [])


def test_every_form_is_timed_and_the_overhead_printed(host_only, capsys):
    assert startup.run(1, startup.TOY) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "start-up of the toy solution, 1 runs of each form, in ms"
    wall = next(line for line in lines if " wall min / median: " in line)
    assert [form in wall for form in startup.FORMS] == [True] * 4
    assert any("wall bundle - inlined: " in line for line in lines)
    assert any("cpu min / median: " in line for line in lines)
    assert any("in one process, compile + run, min / median: inlined " in line for line in lines)


def test_every_form_starts_as_a_judge_starts_it(host_only, monkeypatch):
    """Without the host's .pth files (an editable install's finder cost 70 ms a start on one
    host and nothing on another): the figures would follow the machine."""
    argvs = []
    real = startup.run_process

    def recorded(command, *args, **kwargs):
        argvs.append(command)
        return real(command, *args, **kwargs)

    monkeypatch.setattr(startup, "run_process", recorded)
    assert startup.run(1, startup.TOY) == 0
    assert len(argvs) == len(startup.FORMS)
    assert all("-S" in argv and judged.SITE in argv[argv.index("-c") + 1] for argv in argvs)


def test_a_form_that_answers_wrongly_stops_the_measurement(
    host_only, monkeypatch, tmp_path, capsys
):
    toy = shutil.copytree(startup.TOY, tmp_path / "toy")
    inlined = toy / "inlined" / "toy_sum.py"
    inlined.write_text(inlined.read_text() + "\nprint('extra')\n")
    monkeypatch.setattr(startup, "TOY", toy)
    assert startup.run(1, toy) == 1
    assert (
        capsys.readouterr().out.splitlines()[-1].endswith(": the inlined form gave a wrong answer")
    )


def test_the_toy_it_measures_is_the_kit_s_own():
    assert (startup.TOY / "problems.toml").is_file()
    assert (startup.TOY / "inlined" / "toy_sum.py").is_file()
    assert startup._min_median([3.0, 1.0, 2.0]) == "1.0 / 2.0"
    assert startup._min_median([1.234, 1.0], 2) == "1.00 / 1.12"


def test_without_stickytape_the_kit_starts_and_startup_says_so_in_one_line():
    """``pip install --no-deps``: ``cpkit --help`` was a traceback (stickytape imported with
    the commands); only ``startup`` needs it."""
    code = (
        "import sys; sys.modules['stickytape'] = None\n"
        "from kit import cli, startup\n"
        "from kit.errors import BuildError\n"
        "try:\n"
        "    startup._stickytape(startup.TOY / 'solutions' / 'toy_sum.py', startup.TOY)\n"
        "except BuildError as error:\n"
        "    print(error)\n"
        "sys.exit(cli.main(['--help']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("stickytape is not installed: reinstall cpkit with its ")

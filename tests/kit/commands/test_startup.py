"""kit.commands.startup: ``startup [--runs N] [--root DIR]`` hands the run count to
kit.startup (40 by default, at least 1) and returns its exit status."""

import argparse
from pathlib import Path

import pytest

from kit.commands import startup


def parse(*argv):
    parser = argparse.ArgumentParser(prog="cpkit")
    startup.add_subparser(parser.add_subparsers())
    return parser.parse_args(["startup", *argv])


def test_the_runs_and_root_go_to_the_measurement(monkeypatch, tmp_path):
    called = []
    monkeypatch.setattr(startup.startup, "run", lambda runs, root: called.append((runs, root)) or 3)
    monkeypatch.chdir(tmp_path)
    args = parse("--runs", "2", "--root", ".")
    assert args.run(args) == 3 and called == [(2, tmp_path.resolve())]  # the folder, resolved
    args = parse("--root", str(tmp_path))
    args.run(args)
    assert called[-1][0] == 40


def test_a_run_count_below_one_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exited:
        parse("--runs", "0")
    assert exited.value.code == 2 and "must be at least 1" in capsys.readouterr().err


def test_its_help_line_is_the_measurement_s_own():
    parser = argparse.ArgumentParser(prog="cpkit")
    sub = startup.add_subparser(parser.add_subparsers())
    assert sub.description == startup.startup.__doc__.splitlines()[0]
    assert startup.HELP and Path(startup.__file__).stem == "startup"

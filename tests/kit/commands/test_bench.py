"""kit.commands.bench: ``bench [SLUG...] [--repeat N] [--target NAME] [--root DIR]`` hands
the problems, the runs per case (5 by default) and the one interpreter ``--target`` names (and
its runner) to kit.bench, and returns its exit status."""

import argparse
import sys

import pytest

from kit.commands import bench


def parse(*argv):
    parser = argparse.ArgumentParser(prog="cpkit")
    bench.add_subparser(parser.add_subparsers())
    return parser.parse_args(["bench", *argv])


@pytest.fixture
def called(monkeypatch):
    calls = []

    def fake(slugs, repeat, root, only=None, named=None):
        calls.append((slugs, repeat, root, only, named))
        return 1

    monkeypatch.setattr(bench.bench, "run", fake)
    return calls


def test_the_defaults_time_every_problem_five_times_under_every_interpreter(tmp_path, called):
    args = parse("--root", str(tmp_path))
    assert args.run(args) == 1
    assert called == [([], 5, tmp_path.resolve(), None, None)]


def test_a_target_names_the_one_interpreter_timed(tmp_path, called):
    args = parse("toy_sum", "--repeat", "2", "--target", sys.executable, "--root", str(tmp_path))
    args.run(args)
    slugs, repeat, _, only, named = called[0]
    assert (slugs, repeat, only.executable) == (["toy_sum"], 2, sys.executable)
    assert named.interpreter == only  # the runner, for a stand-in's refusal


def test_the_help_says_a_target_without_its_interpreter_is_timed_under_a_stand_in(capsys):
    """It said "each of the problem's targets whose interpreter is here", though pypy3.10 is
    timed under a PyPy 3.9 standing in."""
    with pytest.raises(SystemExit):
        parse("--help")
    said = " ".join(capsys.readouterr().out.split())
    assert "or under the build's stand-in, its rows marked (pypy3.10 under PyPy 3.9: " in said
    assert "pypy3.10*); with none here, the kit's own Python" in said


def test_bench_has_no_jobs_option(capsys):
    with pytest.raises(SystemExit):
        parse("-j", "2")
    assert "unrecognized arguments: -j" in capsys.readouterr().err

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


def test_bench_has_no_jobs_option(capsys):
    with pytest.raises(SystemExit):
        parse("-j", "2")
    assert "unrecognized arguments: -j" in capsys.readouterr().err

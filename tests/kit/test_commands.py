"""kit.commands, what every command shares: the program named as the user started it, the
``--root``, ``--target`` and ``-j`` options, the number types of the options, and how ``run``
starts a bundle (under the file-write guard for a judge without file access)."""

import argparse
import sys
from pathlib import Path

import pytest

from kit import commands, invocation
from kit.errors import BuildError


def test_the_help_names_the_program_as_started(monkeypatch):
    monkeypatch.setattr(invocation, "COMMAND", ["python build.py"])
    assert commands.command() == "python build.py"
    text = "run `cpkit run SLUG` or ``python -m kit new``; cpkit alone stays"
    assert commands.named(text) == (
        "run `python build.py run SLUG` or `python build.py new`; cpkit alone stays"
    )
    assert commands.named(None) is None


def test_the_help_leaves_out_the_kit_s_modules_a_doc_names():
    """``cpkit run --help`` ended "(`kit.problem_cases.missing_case`)", ``stress --help`` named
    ``kit.run.verdicts`` and three more: where the code lies, nothing its users can act on."""
    text = "the build's (``kit.run.verdicts``). The shrink (``kit.stress.shrink``) then cuts"
    assert commands.named(text) == "the build's. The shrink then cuts"
    kept = "as its ``kit`` key says (``kit: yes``)"  # not a module's name
    assert commands.named(kept) == "as its `kit` key says (`kit: yes`)"


@pytest.mark.parametrize(
    ("parse", "text", "value"),
    [
        (commands.positive, "3", 3),
        (commands.repeats, "100", 100),
        (commands.at_least_one, "1.5", 1.5),
        (commands.seconds, "0.25", 0.25),
        (commands.seed_number, "0", 0),
    ],
)
def test_number_options_read_their_values(parse, text, value):
    assert parse(text) == value


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [
        (commands.positive, "0", "must be at least 1"),
        (commands.positive, "two", "not a whole number: 'two'"),
        (commands.at_least_one, "0.5", "must be at least 1"),
        (commands.at_least_one, "inf", "must be a finite number: 'inf'"),
        (commands.at_least_one, "nan", "must be a finite number: 'nan'"),
        (commands.seconds, "inf", "must be a finite number: 'inf'"),
        (commands.seconds, "0", "must be more than 0"),
        (commands.seconds, "soon", "not a number: 'soon'"),
        (commands.repeats, "101", "must be at most 100: '101'"),
        (commands.repeats, "0", "must be at least 1"),
        # random.Random(-25) is Random(25): a negative seed repeated a positive one's files
        (commands.seed_number, "-25", "must be at least 0"),
        # startup --runs 99999999999999999999999 ran for ever (--repeat had its cap)
        (commands.startup_runs, "1001", "must be at most 1000: '1001'"),
    ],
)
def test_number_options_refuse_what_is_out_of_range(parse, text, message):
    with pytest.raises(argparse.ArgumentTypeError, match=f"^{message}$"):
        parse(text)


def test_the_shared_options_and_their_defaults():
    parser = argparse.ArgumentParser()
    commands.add_root(parser)
    commands.add_target(parser, "default: every target")
    commands.add_jobs(parser)
    args = parser.parse_args([])
    assert (args.root, args.target, args.jobs) == (None, None, None)
    assert commands.target_runner(args) is None
    args = parser.parse_args(["--root", "ws", "--target", sys.executable, "-j", "2"])
    assert (args.root, args.jobs) == (Path("ws"), 2)
    assert commands.target_runner(args).interpreter.executable == sys.executable
    for empty in ("", "  "):  # an unset variable, most often: not the default silently
        with pytest.raises(BuildError, match=r"^--target: empty; name a target"):
            commands.target_runner(parser.parse_args(["--target", empty]))


def test_build_and_bench_take_their_repeat_count_bounded():
    """A typo such as --repeat 1000000 would time one case for hours: both refuse it."""
    from kit.commands import bench, build

    for module in (build, bench):
        parser = argparse.ArgumentParser()
        module.add_subparser(parser.add_subparsers())
        name = module.__name__.rpartition(".")[2]
        assert parser.parse_args([name, "--repeat", "100"]).repeat == 100
        with pytest.raises(SystemExit):
            parser.parse_args([name, "--repeat", "101"])

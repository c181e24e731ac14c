"""The commands of ``cpkit`` (and of a checkout's ``build.py``), one module each, in the
manner of online-judge-tools.

Each module has ``HELP`` (its line in ``cpkit --help``), ``add_subparser(subparsers)``
(its arguments; the parser's default ``run`` is the module's ``run``) and ``run(args) -> int``
(the exit status: 0 ok, 1 a failure found, 2 a usage error).

- ``build``    bundle, check and run every problem (the default command)
- ``run``      run a problem's bundle once on one input, as the judge would
- ``stress``   the bundle against the problem's reference on random inputs, failures shrunk;
  with ``stress_shrinking`` (the shrink of a failure found: its trials and its line),
  ``stress_report`` (a failure shown: input, verdict, expected and actual output, the line
  that makes it again) and ``stress_saved`` (``--save``: the failing input kept as a sample)
- ``new``      scaffold a new problem; with ``planned_problems`` (what is asked checked and
  planned with nothing written, then the plans written together), ``new_slugs`` (the slug a
  new problem takes), ``adopted_files`` (the user's own solution and samples adopted where
  they are), ``new_contest`` (``--from contest.acc.json``: each task a problem) and
  ``new_filling`` (``--from`` again for a problem scaffolded offline: its page filled in)
- ``listen``   scaffold each problem Competitive Companion sends from the browser
- ``init``     start a new workspace
- ``bench``    worst-case timings
- ``startup``  start-up overhead of a bundle
- ``verify``   a problem package checked as its judge would: test data, validators, checker,
  and its jury submissions, the kit's verdict beside each folder's
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from pathlib import Path

from kit.errors import BuildError
from kit.invocation import command
from kit.judges.targets import Runner, as_problem_target, fallback_for, runner_named

NAMES = ("build", "run", "stress", "new", "listen", "init", "bench", "startup", "verify")


# A program name in backquotes in the help: ``python build.py run SLUG`` or `cpkit SLUG`.
PROGRAM_IN_HELP = re.compile(r"(?<=`)(?:python build\.py|python -m kit|cpkit)(?=[ `])")

# A module of the kit named after a phrase of a module's doc, `` (``kit.run.verdicts``)``: where
# the code lies, for its readers; left out of the help its users read.
MODULE_IN_HELP = re.compile(r" \(``kit(?:\.\w+)+``\)")


def paragraph(doc: str | None, number: int = 0) -> str:
    """The ``number``-th paragraph of a docstring, a command's description in its help; "" when
    ``python -OO`` (``PYTHONOPTIMIZE=2``) has stripped docstrings: the help stays whole."""
    paragraphs = (doc or "").split("\n\n")
    return paragraphs[number] if number < len(paragraphs) else ""


def named(text: str | None) -> str | None:
    """``text`` (a command's help, from its module's doc) with the program names it quotes
    made the running one's, the kit's modules it names in parentheses left out, and the doc's
    double backquotes single (as the docs quote)."""
    if not text:
        return text
    text = MODULE_IN_HELP.sub("", text)
    return PROGRAM_IN_HELP.sub(lambda _: command(), text).replace("``", "`")


def named_path(text: str) -> Path:
    """An argument naming a file or folder: an empty one (``''``, a shell variable not set)
    names none, where ``Path('')`` is this folder."""
    return Path(nonempty(text))


def nonempty(text: str) -> str:
    if not text:
        raise argparse.ArgumentTypeError("'' names no file or folder")
    return text


def add_root(parser: argparse.ArgumentParser) -> None:
    """``--root DIR``: the workspace to work on, else the nearest problems.toml upwards."""
    parser.add_argument(
        "--root",
        type=named_path,
        default=None,
        metavar="DIR",
        help="the workspace (default: the nearest folder upwards holding problems.toml)",
    )


def add_target(parser: argparse.ArgumentParser, default: str) -> None:
    """``--target NAME``: the interpreter that runs the cases (``targets.runner_named``)."""
    parser.add_argument(
        "--target",
        default=None,
        metavar="NAME",
        action=_Once,
        help=f"run under NAME: a target (cpython3.8, pypy3, 3.11) or any local Python ({default})",
    )


class _Once(argparse.Action):
    """An option given at most once: a second ``--target`` was taken silently over the first
    (``--target 3.8 --target pypy3`` ran PyPy alone)."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        if getattr(namespace, self.dest, None) is not None:
            parser.error(
                f"{option_string} given twice: it runs one interpreter; run again for another"
            )
        setattr(namespace, self.dest, values)


def add_jobs(parser: argparse.ArgumentParser) -> None:
    """``-j N``: how many cases run at a time."""
    from kit.run.schedule import cores  # with the runs: not for the commands that run none

    parser.add_argument(
        "-j",
        "--jobs",
        type=positive,
        default=None,
        metavar="N",
        help=f"cases at a time; times that matter are taken alone (default: the cores, {cores()})",
    )


def target_runner(args: argparse.Namespace) -> Runner | None:
    """The runner ``--target`` names, or None when it was not given."""
    target = getattr(args, "target", None)
    if target is not None and not target.strip():
        raise BuildError("--target: empty; name a target (cpython3.8, 3.8, pypy3) or a Python")
    return runner_named(target) if target else None


def runnable(problem, bundle, runner: Runner, named: bool) -> Runner:
    """Who runs ``bundle``: ``runner``, or where it is a stand-in older than its target that
    cannot run it (``kit.check.checks.stand_in_refusal``), the build's fallback for that target
    (``kit.judges.targets.fallback_for``), said in a note on stderr; a one-line
    ``BuildError`` when there is none. When ``runner`` was ``named`` by ``--target`` and the
    judge runs no such interpreter, the build's note that its verdicts are not the judge's."""
    from kit.building.pipeline import (
        foreign_target_notes,  # pipeline: for the commands that run one
    )
    from kit.check.checks import stand_in_cannot, stand_in_refusal  # the checks and the

    runner = as_problem_target(runner, problem.targets) if named else runner
    why = stand_in_cannot(problem, bundle, runner)
    if why is not None:
        fallback = fallback_for(runner.target, runner)
        if fallback is None:
            raise BuildError(stand_in_refusal(problem, bundle, runner) or why)
        older, name = runner.interpreter.label, runner.target.name
        print(
            f"note: {older} is older than {name} and cannot run this bundle ({why}): it runs "
            f"under {fallback.interpreter.label} instead, as the build runs it; its time and "
            f"memory are not {name}'s",
            file=sys.stderr,
        )
        runner = fallback
    for note in foreign_target_notes(problem, runner) if named else []:
        print(f"note: {note}", file=sys.stderr)
    return runner


def refusals(problem, bundle, runner: Runner) -> list[str]:
    """What the build's static checks refuse in ``bundle`` for ``runner``'s target alone
    (``kit.check.checks.check``: a module the judge lacks or runs on another platform, a
    syntax or API newer than the target, the judge's source limit): a run or a stress test
    that passes is no judge's "ok" then, as the build's FAIL says."""
    from kit.check.checks import check_alone

    return check_alone(problem, bundle, runner).errors


def refusals_everywhere(problem, bundle) -> list[str]:
    """What the build's static checks refuse in ``bundle`` for any of the problem's targets, as
    the build says it."""
    from kit.building.pipeline import columns_for
    from kit.check.checks import check  # the checks: only for the commands that run a bundle

    runners = {column.target: column.runner for column in columns_for(problem)}
    return check(problem, bundle, runners, runs=()).errors  # no case runs: errors alone


def _number(convert, minimum, strict: bool, what: str, maximum=math.inf):
    """An argparse type: ``convert(text)``, at least (or, ``strict``, more than) ``minimum``,
    at most ``maximum``."""

    def parse(text: str):
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not {what}: {text!r}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"must be a finite number: {text!r}")
        if not (value > minimum if strict else value >= minimum):
            bound = "more than" if strict else "at least"
            raise argparse.ArgumentTypeError(f"must be {bound} {minimum:g}")
        if value > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum:g}: {text!r}")
        return value

    return parse


positive = _number(int, 1, False, "a whole number")  # counts: 1, 2, ...
# seeds: random.Random(-s) is Random(s), so a negative one would repeat a positive one's files
seed_number = _number(int, 0, False, "a whole number")
# runs of one case: a typo such as --repeat 1000000 would time one case for hours
MAX_REPEAT = 100
repeats = _number(int, 1, False, "a whole number", MAX_REPEAT)
MAX_STARTUP_RUNS = 1000  # startup --runs: each run starts several interpreters
startup_runs = _number(int, 1, False, "a whole number", MAX_STARTUP_RUNS)
at_least_one = _number(float, 1, False, "a number")  # factors
seconds = _number(float, 0, True, "a number")  # durations
allowance = _number(float, 0, False, "a number")  # time allowed for a stage, 0 to skip it

"""``python build.py [build] [SLUG ...]``: bundle, check and run every problem (or those named).

The stages are kit.pipeline's; this module prints the progress lines (and, on a terminal, the
case running now), ``-v`` verdicts, ``--diff`` blocks, the table and the notes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from kit import report
from kit.commands import (
    MAX_REPEAT,
    add_jobs,
    add_root,
    add_target,
    at_least_one,
    command,
    repeats,
    target_runner,
)
from kit.errors import BuildError
from kit.pipeline import Status, build_problem
from kit.registry import load_registry, select
from kit.run.cases import KILL_FACTOR, RunOptions
from kit.watch import watch

HELP = "bundle, check and run every problem, or those named (the default command)"


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "build",
        help=HELP,
        description="Bundle each solution into dist/<slug>.py, check it for every target judge, "
        "and run its cases under every target. The default command: `python build.py SLUG` "
        "is `python build.py build SLUG`.",
    )
    parser.set_defaults(intermixed="slugs")  # names may follow options too (kit.cli)
    parser.add_argument("slugs", nargs="*", metavar="SLUG", help="problems (default: all)")
    parser.add_argument(
        "--repeat",
        type=repeats,
        default=None,
        metavar="N",
        help="runs of every case (default: 1, and 3 alone for a case over half its limit; "
        f"at most {MAX_REPEAT})",
    )
    add_jobs(parser)
    add_target(parser, "default: every target")
    parser.add_argument(
        "--kill-factor",
        type=at_least_one,
        default=KILL_FACTOR,
        metavar="F",
        help=f"stop a run at F times the time limit ({KILL_FACTOR:g})",
    )
    parser.add_argument(
        "--first-failure",
        action="store_true",
        help="stop each target at its first failing case, in the judge's order (samples, then "
        "the judge data; a package's own order), as a judge stops a submission",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="a verdict line per case")
    parser.add_argument(
        "--diff", action="store_true", help="show each failing case's input, expected and got"
    )
    parser.add_argument(
        "--watch",
        action="store_true",
        help="rebuild whenever the solution, a helper, the samples or problems.toml change "
        "(a status line each time; Ctrl-C ends)",
    )
    add_root(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    args.runner = target_runner(args)
    if args.watch:
        return _watch(args)
    return _build(args)


def _watch(args: argparse.Namespace) -> int:
    """Build, then rebuild on every change, one status line per problem each time."""
    root = args.root.resolve()
    results: list = []

    def build() -> None:
        results.clear()
        try:
            problems = select(load_registry(root), args.slugs)
        except BuildError as error:  # a broken problems.toml: say so, wait for the fix
            print(f"{time.strftime('%H:%M:%S')} error: {error}", flush=True)
            return
        for problem in problems:
            started = time.monotonic()
            result = build_problem(problem, _options(args), target=args.runner)
            results.append(result)
            print(report.watch_line(result, time.monotonic() - started), flush=True)
            for line in result.errors[: report.WATCH_ERRORS]:
                print(f"  {line}", flush=True)

    try:
        registry = load_registry(root)
    except BuildError:  # broken now: the first build says how, and the watch waits for the fix
        registry = None
    if registry is not None:
        select(registry, args.slugs)  # a problem named wrong is an error, not a wait
    print(f"watching {', '.join(args.slugs) or 'every problem'} (Ctrl-C to stop)", flush=True)
    try:
        watch(build, lambda: watched(root, results))
    except KeyboardInterrupt:
        print("stopped watching", flush=True)
    return 0


def watched(root: Path, results: list) -> list[Path]:
    """What the last build read: problems.toml, each problem's solution and the helpers its
    bundle held (every Python file when it could not be bundled), its samples folder, and the
    package it came from (kit.packages.watched)."""
    found = [root / "problems.toml"]
    for result in results:
        problem = result.problem
        found += result.sources or [problem.solution, *sorted(root.rglob("*.py"))]
        found.append(problem.samples_dir)
        if problem.source is not None:
            from kit.packages import watched as package_paths

            found += package_paths(problem.source)
    return found


def _options(args: argparse.Namespace, progress=None) -> RunOptions:
    """How the cases run, from the command line."""
    return RunOptions(
        repeat=args.repeat,
        jobs=args.jobs,
        kill_factor=args.kill_factor,
        first_failure=args.first_failure,
        progress=progress,
    )


def _build(args: argparse.Namespace) -> int:
    root = args.root.resolve()
    problems = select(load_registry(root), args.slugs)
    if not problems:
        print(f"no problems in {root / 'problems.toml'} yet (add one: {command()} new SLUG)")
        return 0
    colour = report.use_colour(sys.stdout)
    live = report.takes_escapes(sys.stderr)  # a line rewritten in place

    def progress(text: str) -> None:
        sys.stderr.write(f"\r\x1b[K{text[:120]}")
        sys.stderr.flush()

    results = []
    for index, problem in enumerate(problems, 1):
        options = _options(args, progress if live else None)
        result = build_problem(problem, options, target=args.runner)
        if live:
            sys.stderr.write("\r\x1b[K")
        results.append(result)
        for line in report.progress(index, len(problems), result, colour):
            print(line, flush=True)
        if args.verbose:
            print("\n".join(report.verdicts(result, colour)), flush=True)
        if args.diff:
            for line in report.diffs(result):
                print(line, flush=True)
    print()
    print(report.table(results))
    notes = report.notes(results)
    if notes:
        print()
        print("\n".join(notes))
    failed = [result.problem.slug for result in results if result.status == Status.FAIL]
    if failed:
        print(f"\nFAILED: {', '.join(failed)}")
        return 1
    return 0

"""``python build.py [build] [SLUG ...]``: bundle, check and run every problem (or those named).

The stages are kit.pipeline's; this module prints the progress lines (and, on a terminal, the
case running now), ``-v`` verdicts, ``--diff`` blocks, the table and the notes.
"""

from __future__ import annotations

import argparse
import sys

from kit import report
from kit.commands import add_root, at_least_one, command, positive
from kit.pipeline import build_problem
from kit.registry import load_registry, select
from kit.run import KILL_FACTOR

HELP = "bundle, check and run every problem, or those named (the default command)"


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "build",
        help=HELP,
        description="Bundle each solution into dist/<slug>.py, check it for every target judge, "
        "and run its cases under every target. The default command: `python build.py SLUG` "
        "is `python build.py build SLUG`.",
    )
    parser.add_argument("slugs", nargs="*", metavar="SLUG", help="problems (default: all)")
    parser.add_argument("--repeat", type=positive, default=3, help="runs per case (3)")
    parser.add_argument(
        "--kill-factor",
        type=at_least_one,
        default=KILL_FACTOR,
        metavar="F",
        help=f"stop a run at F times the time limit ({KILL_FACTOR:g})",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="a verdict line per case")
    parser.add_argument(
        "--diff", action="store_true", help="show each failing case's input, expected and got"
    )
    add_root(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    root = args.root.resolve()
    problems = select(load_registry(root), args.slugs)
    if not problems:
        print(f"no problems in {root / 'problems.toml'} yet (add one: {command()} new SLUG)")
        return 0
    colour = report.use_colour(sys.stdout)
    live = sys.stderr.isatty()

    def progress(text: str) -> None:
        sys.stderr.write(f"\r\x1b[K{text[:120]}")
        sys.stderr.flush()

    results = []
    for index, problem in enumerate(problems, 1):
        result = build_problem(
            problem,
            repeat=args.repeat,
            kill_factor=args.kill_factor,
            progress=progress if live else None,
        )
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
    failed = [result.problem.slug for result in results if result.status == "FAIL"]
    if failed:
        print(f"\nFAILED: {', '.join(failed)}")
        return 1
    return 0

"""``python build.py bench [SLUG ...] [--repeat N] [--target NAME]``: time the worst cases of
bench/<slug>.py (kit.bench does the work). Runs are one at a time: bench's figures are timings,
so it has no ``-j``."""

from __future__ import annotations

import argparse

from kit import bench
from kit.commands import MAX_REPEAT, add_root, add_target, paragraph, repeats, target_runner

HELP = "time the worst cases of bench/<slug>.py under each target's interpreter"


def add_subparser(subparsers) -> argparse.ArgumentParser:
    description = paragraph(bench.__doc__).split("\n")[0]
    parser = subparsers.add_parser("bench", help=HELP, description=description)
    parser.set_defaults(intermixed="slugs")  # names may follow options too (kit.cli)
    parser.add_argument(
        "slugs", nargs="*", metavar="SLUG", help="problems (default: this folder's, else all)"
    )
    parser.add_argument(
        "--repeat",
        type=repeats,
        default=5,
        metavar="N",
        help=f"runs per case (5, at most {MAX_REPEAT})",
    )
    add_target(
        parser,
        "default: each of the problem's targets under its own interpreter here, or under the "
        "build's stand-in, its rows marked (pypy3.10 under PyPy 3.9: pypy3.10*); with none "
        "here, the kit's own Python",
    )
    add_root(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    runner = target_runner(args)
    only = runner.interpreter if runner is not None else None
    return bench.run(args.slugs, args.repeat, args.root.resolve(), only=only, named=runner)

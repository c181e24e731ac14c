"""``python build.py startup [--runs N]``: what bundling costs at start-up (kit.startup)."""

from __future__ import annotations

import argparse

from kit import startup
from kit.commands import MAX_STARTUP_RUNS, add_root, paragraph, startup_runs

HELP = "start-up cost of the kit's bundles against hand-inlined code (on its own toy problem)"


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "startup", help=HELP, description=paragraph(startup.__doc__).split("\n")[0]
    )
    parser.add_argument(
        "--runs",
        type=startup_runs,
        default=40,
        metavar="N",
        help=f"runs of each form (40, at most {MAX_STARTUP_RUNS})",
    )
    add_root(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    return startup.run(args.runs, args.root.resolve())

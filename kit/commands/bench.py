"""``python build.py bench [SLUG ...] [--repeat N]``: time the worst cases of bench/<slug>.py
(kit.bench does the work)."""

from __future__ import annotations

import argparse

from kit import bench
from kit.commands import add_root, positive

HELP = "time the worst cases of bench/<slug>.py under each target's interpreter"


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("bench", help=HELP, description=bench.__doc__.splitlines()[0])
    parser.add_argument("slugs", nargs="*", metavar="SLUG", help="problems (default: all)")
    parser.add_argument("--repeat", type=positive, default=5, help="runs per case (5)")
    add_root(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    return bench.run(args.slugs, args.repeat, args.root.resolve())

"""``python build.py match ARGS ...``: Lines of Action games with the local referee.

The arguments go to ``referee.match.main`` unchanged (``python build.py match --help`` is the
referee's own help).
"""

from __future__ import annotations

import argparse
import sys

from kit.commands import ROOT
from kit.errors import BuildError

HELP = "play Lines of Action games between programs (the referee's options: match --help)"


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("match", help=HELP, add_help=False)
    parser.add_argument("arguments", nargs=argparse.REMAINDER)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    return forward(args.arguments)


def forward(argv: list[str]) -> int:
    """``referee.match.main(argv) -> int``, with the checkout importable."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    try:
        from referee.match import main as referee_main
    except ModuleNotFoundError as error:
        if error.name in ("referee", "referee.match"):
            raise BuildError("match: the referee (referee/match.py) is not there yet") from None
        raise
    return int(referee_main(argv) or 0)

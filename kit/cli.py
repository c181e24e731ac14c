"""The command line of build.py: it only dispatches to the command modules (kit.commands).

    python build.py [SLUG ...] [-v] [--diff] [--repeat N] [--kill-factor F]    (build)
    python build.py run SLUG [FILE]
    python build.py stress SLUG [--seed S] [--cases N | --seconds T] [--save DIR] [-j N]
    python build.py new SLUG [--interactive]
    python build.py bench [SLUG ...] [--repeat N]
    python build.py match ARGS ...
    python build.py startup [--runs N]

Without a command, the arguments are the build's. Bad input gives a one-line error and a
non-zero exit, never a traceback: 2 for a usage error (unknown problem, bad option, bad
problems.toml), 1 for a problem that fails.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from kit.commands import NAMES
from kit.errors import BuildError


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="build.py",
        description="Build, check, time and test judge-ready single-file solutions "
        "(see README.md). Without a command: build.",
    )
    subparsers = top.add_subparsers(title="commands", metavar="COMMAND")
    for name in NAMES:
        module = importlib.import_module(f"kit.commands.{name}")
        module.add_subparser(subparsers)
    return top


def main(argv: list[str]) -> int:
    try:
        if not argv or (argv[0] not in NAMES and argv[0] not in ("-h", "--help")):
            argv = ["build", *argv]
        if argv[0] == "match":  # the referee parses its own arguments, --help included
            from kit.commands import match

            return match.forward(argv[1:])
        args = parser().parse_args(argv)
        return args.run(args)
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("build.py: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a program that stopped reading (| head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1

"""``cpkit init [DIR]``: start a new workspace in DIR (the current folder by default).

Writes a commented problems.toml, ``solutions/``, the helper package ``shared/``,
``samples/``, a test that checks every problem through the kit, a ``.gitignore`` for
``dist/`` and a short README. Refuses, touching nothing, when any of those files exists.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from kit.commands import command
from kit.errors import BuildError
from kit.workspace import workspace_files

HELP = "start a new workspace: problems.toml, solutions/, shared/, samples/, tests/"


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("init", help=HELP, description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "folder", metavar="DIR", nargs="?", type=Path, default=Path("."), help="(default: .)"
    )
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    folder = args.folder
    if folder.exists() and not folder.is_dir():
        raise BuildError(f"init: {folder} is a file, not a folder")
    files = workspace_files()
    existing = [path for path in files if (folder / path).exists()]
    if existing:
        raise BuildError(f"init: {folder / existing[0]} exists already; nothing was changed")
    for path, text in files.items():
        try:
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).write_text(text, encoding="utf-8")
        except OSError as error:
            raise BuildError(f"init: cannot write {folder / path}: {error.strerror}") from None
    print(f"new workspace in {folder.resolve()}:")
    for path in files:
        print(f"  {path}")
    print(f"next: {command()} new SLUG --judge NAME")
    return 0

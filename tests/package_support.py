"""Test support (not a test module): workspaces over copies of the small problem packages of
tests/fixtures/packages, for the registry's package tests and the package-judging tests; and
``cpkit verify`` run in-process on a package, its exit status and lines."""

import argparse
import shutil
import textwrap
from pathlib import Path

from kit.commands import verify
from kit.registry import load_registry

PACKAGES = Path(__file__).resolve().parent / "fixtures" / "packages"


def workspace(tmp_path, table, solutions=()):
    """A workspace whose packages/ holds copies of the fixture packages: ``table`` is its
    problems.toml, ``solutions`` maps slugs to their source (both dedented)."""
    root = tmp_path / "ws"
    (root / "solutions").mkdir(parents=True)
    shutil.copytree(PACKAGES, root / "packages")
    (root / "problems.toml").write_text(textwrap.dedent(table))
    for slug, source in dict(solutions).items():
        (root / "solutions" / f"{slug}.py").write_text(textwrap.dedent(source))
    return load_registry(root)


def verified(capsys, package, *submissions):
    """``cpkit verify PACKAGE SUBMISSION...`` run here: (exit status, printed lines)."""
    parser = argparse.ArgumentParser(prog="cpkit")
    verify.add_subparser(parser.add_subparsers())
    args = parser.parse_args(["verify", str(package), *submissions])
    status = args.run(args)
    return status, capsys.readouterr().out.splitlines()

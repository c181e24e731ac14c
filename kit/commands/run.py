"""``python build.py run SLUG [FILE]``: run a problem's bundle once on one input, as the judge
would.

The bundle is made fresh (into a temporary folder, not ``dist/``) and run under the problem's
first target as the build runs it (its own interpreter when here, else a stand-in) with the
judge's isolation (``-I -S``) from an empty folder, stdin from FILE (or this
command's stdin), killed at 3x the time limit. Its output goes to stdout unchanged; the time,
the exit status and any traceback (mapped to the author's lines, with hints) go to stderr.
The exit status is 0 when the run ended cleanly within the limit, else 1.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from kit.commands import add_root, judge_command
from kit.compare import signal_name
from kit.errors import BuildError
from kit.pipeline import write_bundle
from kit.registry import load_registry, select
from kit.run import KILL_FACTOR, explain
from kit.run_case import run_process

HELP = "run a problem's bundle once on FILE (or stdin), as the judge would"


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("run", help=HELP, description=__doc__.split("\n\n")[0])
    parser.add_argument("slug", metavar="SLUG")
    parser.add_argument("file", nargs="?", type=Path, metavar="FILE", help="input (default stdin)")
    add_root(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    (problem,) = select(load_registry(args.root.resolve()), [args.slug])
    if args.file is not None:
        try:
            stdin = args.file.read_bytes()
        except OSError as error:
            raise BuildError(f"{args.file}: cannot read: {error.strerror or error}") from None
    else:
        stdin = sys.stdin.buffer.read()
    limit = problem.time_limit
    with tempfile.TemporaryDirectory(prefix="kit-run-") as folder:
        bundle, script = write_bundle(problem, Path(folder))
        empty = Path(folder, "cwd")
        empty.mkdir()
        command, label = judge_command(problem, script)
        done = run_process(command, stdin, cwd=empty, timeout=KILL_FACTOR * limit)
        details = explain(problem, bundle, script, done.stderr)
    sys.stdout.buffer.write(done.stdout)
    sys.stdout.flush()
    if done.stderr.strip():
        print("\n".join(details), file=sys.stderr)
    if done.timed_out:
        status = f"killed at {KILL_FACTOR * limit:g} s ({KILL_FACTOR:g}x the {limit:g} s limit)"
    elif done.returncode < 0:
        status = f"killed by signal {signal_name(-done.returncode)}"
    else:
        status = f"exit status {done.returncode}"
    over = done.seconds > limit
    mark = f", over the {limit:g} s limit" if over else ""
    print(f"[{problem.slug}: {done.seconds:.3f} s{mark}, {status}, {label}]", file=sys.stderr)
    return 0 if done.returncode == 0 and not done.timed_out and not over else 1

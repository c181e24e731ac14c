"""The command line of build.py.

    python build.py [SLUG ...] [--repeat N] [--kill-factor F] [-v] [--diff]
                                                build and check (all problems by default)
    python build.py bench [SLUG ...]            time bench/<slug>.py's worst cases
    python build.py match [ARGS ...]            play games with the referee (referee.match)
    python build.py startup [--runs N]          start-up overhead of a bundle

Bad input gives a one-line error and a non-zero exit, never a traceback: 2 for a usage error
(unknown problem, bad option), 1 for a problem that fails its build or checks.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from kit import report
from kit.errors import BuildError
from kit.pipeline import build_problem
from kit.registry import load_registry, select
from kit.run import KILL_FACTOR

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    commands = {"bench": _bench, "match": _match, "startup": _startup}
    try:
        if argv and argv[0] in commands:
            return commands[argv[0]](argv[1:])
        return build(argv)
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("build.py: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a program that stopped reading (| head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def build(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="build.py",
        description="Bundle each solution into dist/<slug>.py, check it for every target judge, "
        "and run its cases under every target (other commands: bench, match, startup; see "
        "README.md).",
    )
    parser.add_argument("slugs", nargs="*", metavar="SLUG", help="problems (default: all)")
    parser.add_argument("--repeat", type=_positive, default=3, help="runs per case (3)")
    parser.add_argument(
        "--kill-factor",
        type=_factor,
        default=KILL_FACTOR,
        metavar="F",
        help=f"stop a run at F times the time limit ({KILL_FACTOR:g})",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="a verdict line per case")
    parser.add_argument(
        "--diff", action="store_true", help="show each failing case's input, expected and got"
    )
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    root = args.root.resolve()
    problems = select(load_registry(root), args.slugs)
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


def _bench(argv: list[str]) -> int:
    from kit import bench

    return bench.main(argv, ROOT)


def _startup(argv: list[str]) -> int:
    from kit import startup

    return startup.main(argv, ROOT)


def _match(argv: list[str]) -> int:
    """Forward to the referee: ``referee.match.main(argv) -> int``."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    try:
        from referee.match import main as referee_main
    except ModuleNotFoundError as error:
        if error.name in ("referee", "referee.match"):
            raise BuildError("match: the referee (referee/match.py) is not there yet") from None
        raise
    return int(referee_main(argv) or 0)


def _factor(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value >= 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value

"""``python build.py [build] [SLUG ...]``: bundle, check and run every problem (or those named;
none named, in a problem's own folder, that problem, as ``bench`` takes it:
``kit.problem_selection.slugs_or_here``, said on stderr first).

The stages are kit.building.pipeline's; this module prints the progress lines (and, on a terminal,
the case running now; in a log, a long problem's line every so often: kit.building.heartbeat),
``-v`` verdicts, ``--diff`` blocks, the table and the notes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

from kit import terminal
from kit.building import report
from kit.building.heartbeat import Heartbeat
from kit.building.pipeline import build_problem
from kit.building.results import Status
from kit.case_folders import case_folders
from kit.commands import (
    MAX_REPEAT,
    add_jobs,
    add_root,
    add_target,
    at_least_one,
    command,
    repeats,
    target_runner,
)
from kit.errors import BuildError
from kit.problem_selection import select, slugs_or_here
from kit.processes import Forked
from kit.registry import load_registry
from kit.run.cases import RunOptions
from kit.run.limits import KILL_FACTOR
from kit.watch import NAMES_IN, NOT_SOURCES, PYTHON_IN, watch
from kit.workspace import shown_path

HELP = "bundle, check and run every problem, or those named (the default command)"


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "build",
        help=HELP,
        description="Bundle each solution into dist/<slug>.py, check it for every target judge, "
        "and run its cases under every target. The default command: `python build.py SLUG` "
        "is `python build.py build SLUG`.",
    )
    parser.set_defaults(intermixed="slugs")  # names may follow options too (kit.cli)
    parser.add_argument(
        "slugs", nargs="*", metavar="SLUG", help="problems (default: this folder's, else all)"
    )
    parser.add_argument(
        "--repeat",
        type=repeats,
        default=None,
        metavar="N",
        help="runs of every case (default: 1, and 3 alone for a case over half its limit; "
        f"at most {MAX_REPEAT})",
    )
    add_jobs(parser)
    add_target(parser, "default: every target")
    parser.add_argument(
        "--kill-factor",
        type=at_least_one,
        default=None,
        metavar="F",
        help=f"stop a run at F times the time limit ({KILL_FACTOR:g}; a DOMjudge run at its hard "
        "limit, the limit + max(1 s, 10 %%), a Kattis game at ceil(2 x "
        "the limit), problemtools' own)",
    )
    parser.add_argument(
        "--first-failure",
        action="store_true",
        help="stop each target at its first failing case, in the judge's order (samples, then "
        "the judge data; a package's own order), as a judge stops a submission",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="a verdict line per case")
    parser.add_argument(
        "--diff",
        action="store_true",
        help="show each failing case's input, expected and got, and what it wrote on stderr",
    )
    parser.add_argument(
        "--watch",
        action="store_true",
        help="rebuild whenever the solution, a helper, the samples or problems.toml change "
        "(a status line each time; Ctrl-C ends)",
    )
    add_root(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    args.runner = target_runner(args)
    if args.watch:
        return _watch(args)
    return _build(args)


def _watch(args: argparse.Namespace) -> int:
    """Build, then rebuild on every change, one status line per problem each time. Each build
    runs in a forked process of its own group (the kit loaded once), abandoned when a file it
    read changes while it runs: its runs end with it and the next build starts at once."""
    root = args.root.resolve()
    try:
        registry = load_registry(root)
    except BuildError:  # broken now: the first build says how, and the watch waits for the fix
        registry = None
    if registry is not None:  # none named: this folder's problem, if any (said on stderr)
        args.slugs = slugs_or_here(registry, args.slugs)
    problems = select(registry, args.slugs) if registry is not None else []
    print(f"watching {', '.join(args.slugs) or 'every problem'} (Ctrl-C to stop)", flush=True)
    with tempfile.TemporaryDirectory(prefix="cpkit-watch-") as folder:
        read = Path(folder, "read.json")

        def build() -> None:
            results = _watched_build(args, root)
            if results is not None:
                read.write_text(json.dumps([str(p) for p in watched(root, results)]))

        def paths_of() -> list[Path]:
            try:
                return [Path(p) for p in json.loads(read.read_text())]
            except (OSError, ValueError):  # no build finished yet: everything it may read
                return watched(root, [SimpleNamespace(problem=p, sources=[]) for p in problems])

        def abandoned(path: Path) -> None:  # named as the build names files: from here
            shown = shown_path(path, root)
            print(f"{time.strftime('%H:%M:%S')} {shown} changed: build abandoned", flush=True)

        try:
            watch(lambda: Forked(build), paths_of, on_abandon=abandoned)
        except KeyboardInterrupt as stop:
            if type(stop) is not KeyboardInterrupt:  # SIGTERM, SIGHUP: 128 + the signal, and
                raise  # the one line every command stopped so gets ("stopped by SIGTERM")
            print("stopped watching", flush=True)
    return 0  # Ctrl-C is how a watch is ended


def _watched_build(args: argparse.Namespace, root: Path) -> list | None:
    """The problems built, a status line and the first errors each; None when problems.toml
    is broken (said in one line)."""
    try:
        problems = select(load_registry(root), args.slugs)
    except BuildError as error:  # a broken problems.toml: say so, wait for the fix
        print(f"{time.strftime('%H:%M:%S')} error: {error}", flush=True)
        return None
    results = []
    for problem in problems:
        started = time.monotonic()
        try:
            result = build_problem(problem, _options(args), target=args.runner)
        except BuildError as error:  # dist/ not writable: say so, the next save tries again
            print(f"{time.strftime('%H:%M:%S')} error: {error}", flush=True)
            return None
        results.append(result)
        print(report.watch_line(result, time.monotonic() - started), flush=True)
        for line in report.watch_errors(result):
            print(f"  {line}", flush=True)
    return results


def watched(root: Path, results: list) -> list[Path]:
    """What the last build read: problems.toml, each problem's solution and the helpers its
    bundle held (when it could not be bundled or failed, every folder of the workspace's
    sources too, whose entries the watch reads: a helper it could not find, created, is
    seen; else the folders of what it read, for a missing helper imported under a guard), its
    samples folder, its ``judge_data`` folder, its own programs
    (``Problem.jury_files``: interactor, checker, testlib), and the package it came from
    (kit.packages.watched)."""
    found = [root / "problems.toml"]
    folders: list[Path] | None = None
    for result in results:
        problem = result.problem
        failed = not result.sources or getattr(result, "status", Status.OK) == Status.FAIL
        if failed and folders is None:  # their Python files: a README edited is no source
            folders = [folder / PYTHON_IN for folder in source_folders(root)]
        found += result.sources or [problem.solution]
        found += folders if failed and folders else []
        found += case_folders(problem.samples_dir)
        if problem.judge_data is not None:  # its official cases: an edit there changes a verdict
            found += case_folders(problem.root / problem.judge_data)
        found += problem.jury_files
        # the folders of what it read: a helper imported under a guard (``try: from shared.fast
        # import add`` / ``except ImportError``) and missing, created there, is seen
        # (which Python files they hold, not what is in them: another problem's solution
        # edited beside this one's is nothing this build read)
        found += sorted({source.parent / NAMES_IN for source in result.sources or []})
        if problem.source is not None:
            from kit.packages import watched as package_paths

            found += package_paths(problem.source)
    return found


def source_folders(root: Path) -> list[Path]:
    """The workspace's folders a solution may import from, ``root`` and every folder under
    it (a helper may be written into a folder made for it), less the kit's output, hidden
    folders, caches and virtual environments (a ``pyvenv.cfg``: 4000 files of a venv were
    polled four times a second)."""
    found = []
    for folder, names, _ in os.walk(root):
        found.append(Path(folder))
        names[:] = sorted(
            name
            for name in names
            if not name.startswith(".")
            and name not in NOT_SOURCES
            and not Path(folder, name, "pyvenv.cfg").exists()
        )
    return found


def _options(args: argparse.Namespace, progress=None) -> RunOptions:
    """How the cases run, from the command line."""
    return RunOptions(
        repeat=args.repeat,
        jobs=args.jobs,
        kill_factor=KILL_FACTOR if args.kill_factor is None else args.kill_factor,
        first_failure=args.first_failure,
        progress=progress,
        # the default's later runs after a kill are killed sooner; a factor given is kept
        cut_after_kill=args.kill_factor is None,
    )


class _LiveLine:
    """On a terminal, the run starting now on stderr's line rewritten in place."""

    def start(self, slug: str) -> None:
        pass

    def step(self, step) -> None:
        terminal.live_line(str(step))

    def end(self) -> None:  # stopped too: the line is cleared for what is said next
        terminal.live_line("")


@contextlib.contextmanager
def _progress() -> Iterator[_LiveLine | Heartbeat]:
    """Where a problem's runs are while it is built: on a terminal, the live line; elsewhere
    (a log: CI, ``| tee``), a plain line on stderr every so often for a problem that runs long
    (kit.building.heartbeat), none for one done sooner."""
    if terminal.takes_escapes(sys.stderr):
        yield _LiveLine()
        return
    heartbeat = Heartbeat(lambda line: print(line, file=sys.stderr, flush=True))
    with heartbeat.beating():
        yield heartbeat


def _built(args: argparse.Namespace, problems: list, progress: _LiveLine | Heartbeat) -> list:
    """Each problem built, its progress line (and ``-v``, ``--diff``) printed as it ends."""
    colour = terminal.use_colour(sys.stdout)
    results = []
    for index, problem in enumerate(problems, 1):
        progress.start(problem.slug)
        try:
            result = build_problem(problem, _options(args, progress.step), target=args.runner)
        finally:
            progress.end()
        results.append(result)
        for line in report.progress(index, len(problems), result, colour):
            print(line, flush=True)
        if args.verbose:
            print("\n".join(report.verdicts(result, colour)), flush=True)
        if args.diff:
            for line in report.diffs(result):
                print(line, flush=True)
    return results


def _build(args: argparse.Namespace) -> int:
    root = args.root.resolve()
    registry = load_registry(root)
    args.slugs = slugs_or_here(registry, args.slugs)  # none named: this folder's, if any
    problems = select(registry, args.slugs)
    if not problems:
        add = f"{command()} new SLUG --judge NAME"
        print(f"no problems in {root / 'problems.toml'} yet (add one: {add})")
        return 0
    with _progress() as progress:
        results = _built(args, problems, progress)
    print()
    print(report.table(results))
    notes = report.notes(results)
    if notes:
        print()
        print("\n".join(notes))
    failing = {Status.FAIL, Status.NO_SOLUTION} if args.slugs else {Status.FAIL}
    failed = [result.problem.slug for result in results if result.status in failing]
    if failed:  # a problem named without its solution: nothing asked for was checked
        print(f"\nFAILED: {', '.join(failed)}")
        return 1
    return 0

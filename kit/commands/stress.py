"""``python build.py stress SLUG [--seed S] [--cases N | --seconds T] [--param K=V]
[--save DIR] [-j N]``: the bundle against the problem's reference on random inputs.

The problem's stress module (``stress/<slug>.py``: PARAMS, generate, validate, reference,
split_cases, join_cases, optionally cuts) generates file ``i`` with ``random.Random(S + i)``
and its parameters; the bundle (made fresh into a temporary folder, never ``dist/``) runs on
it judge-style (a fresh process, ``-I``, from an empty folder, under the problem's first
target as the build runs it, under the build's limits: killed at 3x the time limit, over the
memory limit or past the output limit) and its output is judged by the problem's comparator
against ``reference``; the verdicts are the build's (``kit.run.verdicts``). The first failure (the
lowest ``i``) stops the run. ``kit.stress.shrink`` then shrinks the file (fewer test cases, smaller
parameters, structural cuts that ``validate`` accepts) and the smallest failing input found is
printed with the expected and the actual output, and the seed and parameters that reproduce
the original failure. ``--save DIR`` writes it as ``DIR/NAME.in`` and ``DIR/NAME.out`` (the
reference's answer); into the problem's own samples folder it becomes the next ``sample-N``.

A file that ends over the time limit but within 3x is not a failure (timing is ``bench``'s
job); the slowest file's time is reported. An exception raised by the stress module itself (a
template not written yet, a generator refusing its parameters) is a one-line error naming the
function and its input (shown when short, else saved to a file the message names); raised
while shrinking, the smallest failing input found so far is shown and saved first.

Exit status: 0 when every case passed, 1 when a failing case was found, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from pathlib import Path

from kit.commands import add_root, command, positive, seconds
from kit.errors import BuildError
from kit.pipeline import write_bundle
from kit.registry import Problem, load_registry, select
from kit.stress.engine import Stress, keep_file, load_stress_module, search
from kit.stress.shrink import Shrunk, shrink

HELP = "run the bundle against the problem's reference on random inputs; shrink a failure"
DEFAULT_SECONDS = 10.0
SHRINK_SECONDS = 60.0
SHOWN_CHARS = 3000


def add_subparser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "stress", help=HELP, description=__doc__.split("\n\n", 1)[1].split("\n\n")[0]
    )
    parser.add_argument("slug", metavar="SLUG")
    parser.add_argument("--seed", type=int, default=None, help="first seed (default: random)")
    amount = parser.add_mutually_exclusive_group()
    amount.add_argument("--cases", type=positive, help="number of generated files")
    amount.add_argument(
        "--seconds", type=seconds, help=f"run for this long ({DEFAULT_SECONDS:g} by default)"
    )
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="K=V",
        help="a generator parameter (repeatable)",
    )
    parser.add_argument("--save", type=Path, metavar="DIR", help="write the shrunk case here")
    parser.add_argument("-j", "--jobs", type=positive, default=1, help="cases run at once (1)")
    parser.add_argument(
        "--shrink-seconds",
        type=seconds,
        default=SHRINK_SECONDS,
        help=f"time for shrinking ({SHRINK_SECONDS:g})",
    )
    add_root(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    root = args.root.resolve()
    (problem,) = select(load_registry(root), [args.slug])
    if problem.kind != "batch":
        raise BuildError(f"{problem.slug}: stress is for batch problems")
    module = load_stress_module(problem)
    params = _params(module, args.param)
    seed = args.seed if args.seed is not None else random.randrange(1, 10**9)
    limit_cases = args.cases
    limit_seconds = args.seconds if args.seconds is not None else None
    if limit_cases is None and limit_seconds is None:
        limit_seconds = DEFAULT_SECONDS
    with tempfile.TemporaryDirectory(prefix="kit-stress-") as folder:
        bundle, script = write_bundle(problem, Path(folder))
        stress = Stress(problem, module, bundle, script, Path(folder))
        print(
            f"stress {problem.slug}: seeds from {seed}, parameters {_shown(params)}, "
            f"{args.jobs} at a time, bundle under {stress.label}",
            flush=True,
        )
        start = time.monotonic()
        found = search(
            stress,
            seed,
            params,
            limit_cases=limit_cases,
            limit_seconds=limit_seconds,
            jobs=args.jobs,
        )
        elapsed = time.monotonic() - start
        if found is None:
            print(f"ok: {stress.count} files passed in {elapsed:.1f} s", flush=True)
            slowest, name = stress.slowest
            limit = problem.time_limit
            over = f", over the {limit:g} s limit" if slowest > limit else ""
            print(f"slowest: {slowest:.3f} s (the file of {name}{over})", flush=True)
            return 0
        failing_seed, text, outcome = found
        print(
            f"FAILED: the file of seed {failing_seed} ({stress.count} files run, "
            f"{elapsed:.1f} s): {outcome.message}",
            flush=True,
        )
        print("shrinking...", flush=True)
        deadline = time.monotonic() + args.shrink_seconds
        shrunk = shrink(
            module,
            lambda candidate: stress.judge(candidate, "shrink").failed,
            text,
            failing_seed,
            params,
            deadline=deadline,
        )
        print(f"shrunk in {shrunk.steps} runs ({'; '.join(shrunk.stages)})")
        if shrunk.error is not None:
            _stopped(problem, args.save, shrunk, outcome.message)
        final = stress.judge(shrunk.text, "final")
        expected = module.reference(shrunk.text)
        print(f"\nVerdict: {final.message or outcome.message}")
        _show("Input", shrunk.text)
        _show("Expected", expected)
        _show("Got", final.got.decode("utf-8", "replace"))
        changed = {k: v for k, v in shrunk.params.items() if module.PARAMS.get(k) != v}
        flags = "".join(f" --param {k}={v}" for k, v in sorted(changed.items()))
        print(
            f"\nReproduce: {command()} stress {problem.slug} --seed {shrunk.seed} "
            f"--cases 1{flags}   (the file before shrinking; parameters {_shown(shrunk.params)})"
        )
        if args.save is not None:
            stem = _save(problem, args.save, shrunk.text, expected, shrunk.seed)
            print(f"saved: {stem}.in, {stem}.out")
    return 1


def _stopped(problem: Problem, save: Path | None, shrunk: Shrunk, verdict: str) -> None:
    """The shrink stopped on an error of the stress module: show and save the smallest failing
    input found so far, then raise that error (one line)."""
    print(f"\nVerdict: {verdict}")
    _show("Input (the smallest failing one found before the error)", shrunk.text)
    if save is not None:
        save.mkdir(parents=True, exist_ok=True)
        path = save / f"{problem.slug}-seed{shrunk.seed}.in"
        path.write_text(shrunk.text, encoding="utf-8")
    else:
        path = keep_file(problem, "failing", shrunk.text)
    print(f"saved: {path}")
    error = shrunk.error
    if isinstance(error, BuildError):
        raise error
    raise BuildError(f"shrinking stopped: {type(error).__name__}: {error}") from None


def _params(module, given: list[str]) -> dict[str, int]:
    params = dict(module.PARAMS)
    for item in given:
        match = re.fullmatch(r"(\w+)=(-?\d+)", item)
        if match is None:
            raise BuildError(f"--param {item!r}: expected NAME=INTEGER")
        if match[1] not in params:
            known = ", ".join(sorted(params))
            raise BuildError(f"--param {match[1]}: not a parameter (known: {known})")
        params[match[1]] = int(match[2])
    return params


def _shown(params: dict[str, int]) -> str:
    return " ".join(f"{k}={v}" for k, v in params.items()) or "(none)"


def _show(title: str, text: str) -> None:
    cut = len(text) > SHOWN_CHARS
    print(f"\n{title}:" + (f" (first {SHOWN_CHARS} of {len(text)} characters)" if cut else ""))
    sys.stdout.write(text[:SHOWN_CHARS] if text.endswith("\n") or cut else text + "\n")


def _save(problem: Problem, folder: Path, text: str, expected: str, seed: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    if folder.resolve() == problem.samples_dir.resolve():
        taken = {
            int(m[1])
            for path in folder.iterdir()
            if (m := re.fullmatch(r"sample-(\d+)\.(?:in|out)", path.name))
        }
        stem = folder / f"sample-{max(taken, default=0) + 1}"
    else:
        stem = folder / f"{problem.slug}-seed{seed}"
    Path(f"{stem}.in").write_text(text, encoding="utf-8")
    Path(f"{stem}.out").write_text(expected, encoding="utf-8")
    return stem

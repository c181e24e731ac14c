"""The kit's stages on a large source: bundling and the static checks, by source size.

``python -m benchmarks.large_source [--rounds 5] [--functions 300,1000,3000]`` writes, for
each count, a workspace in a temporary folder with one AtCoder problem whose solution star-
imports a helper of that many small functions (about 175 bytes each, every one reachable:
the solution calls them by name) and times, in this process, the best of ``--rounds``:

- **bundle**: stages 1 to 3 (``kit.building.pipeline.make_bundle``: discovery, reachability,
  stripping and its verification);
- **checks**: the build's static checks of that bundle for its first target
  (``kit.check.checks.check_alone``, the checks ``run`` and ``stress`` apply), the kit's cache
  off, so that the syntax checks' programs run every round as after an edit.

It prints the helper's size, each stage's best time and the time per 100 KB of source: what
a user whose helpers are large pays on every ``run`` and build, before any case runs.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.reruns import problem_table

SOLUTION = """\
import sys

from shared import library
from shared.library import *  # noqa: F403


def main():
    n = int(sys.stdin.readline())
    print(sum(getattr(library, "f%d" % (i % {count}))(i) for i in range(n)))


if __name__ == "__main__":
    main()
"""
FUNCTION = '''\
def f{i}(x, y=3):
    """Function {i}: a thing done with x and y."""
    if x > {i}:
        return x * y + {i}
    for k in range(y):
        x += k * {k}
    return x - {i}


'''


def workspace(folder: Path, count: int) -> Path:
    """A workspace with one problem whose helper holds ``count`` functions."""
    (folder / "problems.toml").write_text(problem_table("big", "Big"))
    for name in ("solutions", "shared", "samples/big"):
        (folder / name).mkdir(parents=True)
    (folder / "shared" / "__init__.py").write_text("")
    functions = "".join(FUNCTION.format(i=i, k=i % 7) for i in range(count))
    (folder / "shared" / "library.py").write_text(f'"""Many functions."""\n\n\n{functions}')
    (folder / "solutions" / "big.py").write_text(SOLUTION.replace("{count}", str(count)))
    (folder / "samples" / "big" / "sample-1.in").write_text("3\n")  # f0(0) + f1(1) + f2(2)
    first = {}  # the first three functions, run here for the sample's answer
    exec(functions[: functions.index("def f3(")], first)  # noqa: S102
    answer = sum(first[f"f{i}"](i) for i in range(3))
    (folder / "samples" / "big" / "sample-1.out").write_text(f"{answer}\n")
    return folder / "shared" / "library.py"


def best(rounds: int, work) -> tuple[float, object]:
    """The least wall time of ``rounds`` calls of ``work``, with its last answer."""
    times, answer = [], None
    for _ in range(rounds):
        started = time.perf_counter()
        answer = work()
        times.append(time.perf_counter() - started)
    return min(times), answer


def measure(count: int, rounds: int) -> tuple[int, float, float]:
    """(the helper's bytes, bundling's best seconds, the checks' best seconds)."""
    from kit.building.pipeline import make_bundle
    from kit.check.checks import check_alone
    from kit.judges.targets import runner_for_runs
    from kit.registry import load_registry

    with tempfile.TemporaryDirectory(prefix="bench-large-") as folder:
        helper = workspace(Path(folder), count)
        problem = load_registry(Path(folder))["big"]
        runner = runner_for_runs(problem.targets)
        bundling, bundle = best(rounds, lambda: make_bundle(problem))
        checking, checked = best(rounds, lambda: check_alone(problem, bundle, runner))
        if checked.errors:
            raise SystemExit(f"the checks refused the bundle: {checked.errors[0]}")
        return helper.stat().st_size, bundling, checking


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.large_source")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--functions", default="300,1000,3000", help="helper sizes, in functions")
    args = parser.parse_args(argv)
    try:
        counts = [int(part) for part in args.functions.split(",")]
    except ValueError:
        parser.error(f"--functions: not a list of numbers: {args.functions!r}")
    if args.rounds < 1 or not counts or min(counts) < 1:
        parser.error("--rounds and each of --functions must be at least 1")
    os.environ["CPKIT_CACHE"] = "0"  # every round's checks as after an edit
    print(f"{'functions':>9}  {'helper':>9}  {'bundle':>8}  {'checks':>8}  per 100 KB")
    for count in counts:
        size, bundling, checking = measure(count, args.rounds)
        per = (bundling + checking) / (size / 100_000)
        sizes = f"{count:>9}  {size / 1000:>6.0f} KB"
        print(f"{sizes}  {bundling:>6.2f} s  {checking:>6.2f} s  {per:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

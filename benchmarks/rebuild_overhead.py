"""The kit's own time on a one-problem rebuild: the whole check less the run it makes.

``python -m benchmarks.rebuild_overhead [--rounds 15] [--target NAME]`` writes a workspace in a
temporary folder with one problem (A + B, one helper under ``shared/``, one sample case), then
times as whole processes, in interleaved rounds:

- **kit**: ``cpkit sum --target NAME`` (default: the Python running this) after an edit of the
  solution's code (``benchmarks.reruns.edit``: a comment would be stripped from the bundle, and
  the checks' answers would come from the kit's cache);
- **run**: the bundle it wrote, run once on the sample under that interpreter, as the kit runs
  it (``-I``), its output compared with ``cmp``.

One case under one target is one run in the kit's check, so the difference of the medians is
what the kit spends beyond the run: start-up, discovery, bundling, checks and the report.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.reruns import edit, problem_table, timed

SLUG = "sum"
SOLUTION = """\
import sys

from shared.numbers import read_ints


def main():
    a, b = read_ints(sys.stdin.buffer.read())
    print(a + b)


if __name__ == "__main__":
    main()
"""
HELPER = '''\
"""Description: the whitespace-separated integers of the input.
Method: one split. Time: O(input). Status: benchmarks/rebuild_overhead.py."""


def read_ints(data):
    return [int(word) for word in data.split()]
'''


def write_workspace(root: Path, target: str | None = None) -> None:
    """The workspace; ``target`` (``cpython3.11``) its problem's one target, so that the kit
    writes the bundle the run times (one under a Python the judge does not run, it does not)."""
    for folder in ("solutions", "shared", f"samples/{SLUG}"):
        (root / folder).mkdir(parents=True)
    table = problem_table(SLUG, "A + B") + (f'targets = ["{target}"]\n' if target else "")
    (root / "problems.toml").write_text(table)
    (root / "solutions" / f"{SLUG}.py").write_text(SOLUTION)
    (root / "shared" / "__init__.py").write_text("")
    (root / "shared" / "numbers.py").write_text(HELPER)
    (root / "samples" / SLUG / "sample-1.in").write_text("1 2\n")
    (root / "samples" / SLUG / "sample-1.out").write_text("3\n")


def target_name(executable: str) -> str:
    """The target an interpreter is (``cpython3.11``, ``pypy3.9``), asked of it."""
    code = "import sys; print(sys.implementation.name + '%d.%d' % sys.version_info[:2])"
    done = subprocess.run([executable, "-c", code], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{executable}: cannot be run: {done.stderr.strip()[-200:]}")
    return done.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--target", default=sys.executable, help="the interpreter to run under")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="rebuild-overhead-") as folder:
        root = Path(folder)
        write_workspace(root, target_name(args.target))
        kit = [sys.executable, "-m", "kit", SLUG, "--root", str(root), "--target", args.target]
        case = root / "samples" / SLUG / "sample-1"
        run = [
            "bash",
            "-c",
            f'"{args.target}" -I dist/{SLUG}.py < "{case}.in" | cmp -s - "{case}.out"',
        ]
        timed(kit, root)  # the first build: caches written, bytecode compiled
        times: dict[str, list[float]] = {"kit": [], "run": []}
        solution = root / "solutions" / f"{SLUG}.py"
        for number in range(args.rounds):
            edit(solution, number)
            times["kit"].append(timed(kit, root))
            times["run"].append(timed(run, root))
    print(f"one problem, one case, {args.rounds} interleaved rounds, under {args.target}")
    for name, values in times.items():
        print(
            f"  {name:<4} median {statistics.median(values):6.3f} s  "
            f"min {min(values):6.3f} s  max {max(values):6.3f} s"
        )
    own = statistics.median(times["kit"]) - statistics.median(times["run"])
    print(f"  the kit's own time (kit - run, medians): {own:6.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The kit's default check of a 20-case problem, against a plain loop and ``oj t``.

``python -m benchmarks.check_speed [--rounds 5] [--cases 20] [--kit-args "..."]`` writes a
workspace in a temporary folder with one AtCoder problem (shortest paths by Dijkstra, n = 2,000
vertices, 10,000 edges per case, its reader in a helper under ``shared/``) and 20 sample pairs,
builds it once, then times as whole processes, in interleaved rounds:

- **kit**: ``cpkit dijkstra`` with its defaults (both AtCoder targets that have an interpreter
  here, cases side by side, the times that matter re-timed alone);
- **loop**: a shell loop running the same bundle once per case under one interpreter (the
  first target's), comparing with ``cmp``: the floor any checker pays;
- **oj**: ``oj t -c "PYTHON dist/dijkstra.py" -d samples/dijkstra`` under that interpreter,
  when online-judge-tools is installed.

It prints each command's median, minimum and maximum wall time and the ratios to the kit.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kit.judges.profiles import default_targets
from kit.judges.targets import found, runner_for

SLUG = "dijkstra"
SOLUTION = '''\
"""Shortest path from vertex 1 to every vertex (Dijkstra with a binary heap)."""

import heapq
import sys

from shared.graph_input import read_graph


def main():
    n, adjacency = read_graph(sys.stdin.buffer.read())
    best = [-1] * (n + 1)
    heap = [(0, 1)]
    while heap:
        dist, vertex = heapq.heappop(heap)
        if best[vertex] >= 0:
            continue
        best[vertex] = dist
        for weight, other in adjacency[vertex]:
            if best[other] < 0:
                heapq.heappush(heap, (dist + weight, other))
    sys.stdout.write(" ".join(map(str, best[1:])) + "\\n")


if __name__ == "__main__":
    main()
'''
HELPER = '''\
"""Description: an undirected weighted graph from "n m" and m lines "u v w".
Method: one split of the whole input. Time: O(n + m). Status: benchmarks/check_speed.py."""


def read_graph(data):
    numbers = data.split()
    n, m = int(numbers[0]), int(numbers[1])
    adjacency = [[] for _ in range(n + 1)]
    for i in range(2, 2 + 3 * m, 3):
        u, v, w = int(numbers[i]), int(numbers[i + 1]), int(numbers[i + 2])
        adjacency[u].append((w, v))
        adjacency[v].append((w, u))
    return n, adjacency
'''
REGISTRY = """\
[dijkstra]
title = "Shortest paths"
judge = "AtCoder"
id = "bench"
kind = "batch"
time_limit = 2.0
memory_limit = 1024
"""


def write_workspace(root: Path, cases: int) -> None:
    (root / "solutions").mkdir(parents=True)
    (root / "shared").mkdir()
    (root / "samples" / SLUG).mkdir(parents=True)
    (root / "problems.toml").write_text(REGISTRY)
    (root / "solutions" / f"{SLUG}.py").write_text(SOLUTION)
    (root / "shared" / "__init__.py").write_text("")
    (root / "shared" / "graph_input.py").write_text(HELPER)
    for number in range(1, cases + 1):
        text = graph(random.Random(number), 2000, 10000)
        (root / "samples" / SLUG / f"sample-{number}.in").write_text(text)
        (root / "samples" / SLUG / f"sample-{number}.out").write_text(answer(text))


def graph(rng: random.Random, n: int, m: int) -> str:
    lines = [f"{n} {m}"]
    lines += [f"{rng.randint(1, n)} {rng.randint(1, n)} {rng.randint(1, 1000)}" for _ in range(m)]
    return "\n".join(lines) + "\n"


def answer(text: str) -> str:
    namespace: dict = {}
    exec(compile(HELPER, "graph_input", "exec"), namespace)  # the reference: the same reader
    n, adjacency = namespace["read_graph"](text.encode())
    import heapq

    best = [-1] * (n + 1)
    heap = [(0, 1)]
    while heap:
        dist, vertex = heapq.heappop(heap)
        if best[vertex] < 0:
            best[vertex] = dist
            for weight, other in adjacency[vertex]:
                if best[other] < 0:
                    heapq.heappush(heap, (dist + weight, other))
    return " ".join(map(str, best[1:])) + "\n"


def one_interpreter() -> str:
    """The interpreter of the problem's first target, else the Python running this."""
    runner = runner_for(default_targets("AtCoder")[0], list(found()))
    return runner.interpreter.executable if runner else sys.executable


def commands(root: Path, python: str, kit_args: list[str]) -> dict[str, list[str]]:
    bundle = root / "dist" / f"{SLUG}.py"
    samples = root / "samples" / SLUG
    loop = (
        f'for f in "{samples}"/*.in; do "{python}" "{bundle}" < "$f" '
        '| cmp -s - "${f%.in}.out" || echo "failed: $f"; done'
    )
    chosen = {
        "kit": [sys.executable, "-m", "kit", SLUG, "--root", str(root), *kit_args],
        "loop": ["bash", "-c", loop],
    }
    if shutil.which("oj"):
        chosen["oj"] = ["oj", "t", "-c", f'"{python}" "{bundle}"', "-d", str(samples)]
    return chosen


def timed(command: list[str], cwd: Path) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0 or "failed:" in done.stdout:
        raise SystemExit(f"{command[0]} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cases", type=int, default=20)
    parser.add_argument("--kit-args", default="", help="extra options for the kit's check")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="check-speed-") as folder:
        root = Path(folder)
        write_workspace(root, args.cases)
        python = one_interpreter()
        chosen = commands(root, python, args.kit_args.split())
        timed(chosen["kit"], root)  # builds dist/ and warms the caches
        times: dict[str, list[float]] = {name: [] for name in chosen}
        for _ in range(args.rounds):
            for name, command in chosen.items():
                times[name].append(timed(command, root))
    print(f"{args.cases} cases, {args.rounds} interleaved rounds; loop and oj under {python}")
    kit = statistics.median(times["kit"])
    for name, values in times.items():
        median = statistics.median(values)
        print(
            f"  {name:<5} median {median:6.3f} s  min {min(values):6.3f} s  "
            f"max {max(values):6.3f} s  kit / {name} {kit / median:5.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

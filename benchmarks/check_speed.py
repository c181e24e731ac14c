"""The kit's default check of a 20-case problem, against a plain loop and ``oj t``.

``python -m benchmarks.check_speed [--rounds 5] [--cases 20] [--problem dijkstra|sort]
[--kit-args "..."] [--edit] [--floor]`` writes a workspace in a temporary folder with one
AtCoder problem and 20 sample pairs: ``dijkstra`` (the default: shortest paths by Dijkstra,
n = 2,000 vertices, 10,000 edges per case, its reader in a helper under ``shared/``) or
``sort`` (3,000 numbers to sort a case, the same reader's shape), builds it once, then times as
whole processes, in interleaved rounds:

- **kit**: ``cpkit dijkstra`` with its defaults (both AtCoder targets that have an interpreter
  here, cases side by side, the times that matter re-timed alone);
- **loop**: a shell loop running the same bundle once per case under one interpreter (the
  first target's), comparing with ``cmp``: the floor any checker pays; with ``--floor`` the same
  loop under each target's interpreter as well, and the sum of those loops over the cores: the
  floor of any check that runs every case under every target once, as the judge runs them;
- **oj**: ``oj t -c "PYTHON dist/dijkstra.py" -d samples/dijkstra`` under that interpreter,
  when online-judge-tools is installed.

With ``--edit`` the solution's code changes before each round, so the kit checks a new bundle
every time (without it, a rerun finds the syntax checks' answers in its cache,
``kit.check.memo``).
It prints each command's median, minimum and maximum wall time and the ratios to the kit.
"""

from __future__ import annotations

import argparse
import heapq
import random
import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from benchmarks.reruns import edit, problem_table, timed
from kit.judges.profiles import default_targets
from kit.judges.targets import found, runner_for
from kit.run.schedule import cores as parallel_slots

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
SORT_SOLUTION = '''\
"""The numbers of the case in increasing order."""

import sys

from shared.numbers_input import read_numbers


def main():
    numbers = read_numbers(sys.stdin.buffer.read())
    sys.stdout.write(" ".join(map(str, sorted(numbers))) + "\\n")


if __name__ == "__main__":
    main()
'''
SORT_HELPER = '''\
"""Description: "n" then n integers. Method: one split of the whole input. Time: O(n).
Status: benchmarks/check_speed.py."""


def read_numbers(data):
    words = data.split()
    return [int(word) for word in words[1 : 1 + int(words[0])]]
'''


@dataclass(frozen=True)
class Problem:
    slug: str
    title: str
    solution: str
    helper_name: str
    helper: str
    case: Callable[[random.Random], str]  # a case's input
    answer: Callable[[str], str]  # its expected output


def graph(rng: random.Random, n: int = 2000, m: int = 10000) -> str:
    lines = [f"{n} {m}"]
    lines += [f"{rng.randint(1, n)} {rng.randint(1, n)} {rng.randint(1, 1000)}" for _ in range(m)]
    return "\n".join(lines) + "\n"


def distances(text: str) -> str:
    namespace: dict = {}
    exec(compile(HELPER, "graph_input", "exec"), namespace)  # the reference: the same reader
    n, adjacency = namespace["read_graph"](text.encode())
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


def numbers(rng: random.Random, n: int = 3000) -> str:
    return f"{n}\n" + " ".join(str(rng.randint(-(10**9), 10**9)) for _ in range(n)) + "\n"


def in_order(text: str) -> str:
    return " ".join(map(str, sorted(map(int, text.split()[1:])))) + "\n"


PROBLEMS = {
    "dijkstra": Problem(
        "dijkstra", "Shortest paths", SOLUTION, "graph_input", HELPER, graph, distances
    ),
    "sort": Problem("sort", "Sort", SORT_SOLUTION, "numbers_input", SORT_HELPER, numbers, in_order),
}


def write_workspace(root: Path, cases: int, problem: Problem = PROBLEMS["dijkstra"]) -> None:
    slug = problem.slug
    (root / "solutions").mkdir(parents=True)
    (root / "shared").mkdir()
    (root / "samples" / slug).mkdir(parents=True)
    (root / "problems.toml").write_text(problem_table(slug, problem.title))
    (root / "solutions" / f"{slug}.py").write_text(problem.solution)
    (root / "shared" / "__init__.py").write_text("")
    (root / "shared" / f"{problem.helper_name}.py").write_text(problem.helper)
    for number in range(1, cases + 1):
        text = problem.case(random.Random(number))
        (root / "samples" / slug / f"sample-{number}.in").write_text(text)
        (root / "samples" / slug / f"sample-{number}.out").write_text(problem.answer(text))


def target_interpreters() -> dict[str, str]:
    """Each AtCoder target's label and the interpreter that runs it here, in the profile's
    order; the Python running this when none has one."""
    here = list(found())
    runners = [runner_for(target, here) for target in default_targets("AtCoder")]
    chosen = {r.target.label: r.interpreter.executable for r in runners if r is not None}
    return chosen or {"host": sys.executable}


def loop(root: Path, slug: str, python: str) -> list[str]:
    """A shell loop running the bundle once per case under ``python``, comparing with cmp."""
    bundle, samples = root / "dist" / f"{slug}.py", root / "samples" / slug
    return [
        "bash",
        "-c",
        f'for f in "{samples}"/*.in; do "{python}" "{bundle}" < "$f" '
        '| cmp -s - "${f%.in}.out" || echo "failed: $f"; done',
    ]


def commands(
    root: Path, slug: str, pythons: dict[str, str], kit_args: list[str], floor: bool = False
) -> dict[str, list[str]]:
    """The commands timed each round: kit, loop (first target), ``loop LABEL`` for each other
    target with ``floor``, and oj (first target) when it is installed."""
    (_, python), *others = pythons.items()
    chosen = {
        "kit": [sys.executable, "-m", "kit", slug, "--root", str(root), *kit_args],
        "loop": loop(root, slug, python),
    }
    if floor:
        chosen.update({f"loop {label}": loop(root, slug, other) for label, other in others})
    if shutil.which("oj"):
        bundle, samples = root / "dist" / f"{slug}.py", root / "samples" / slug
        chosen["oj"] = ["oj", "t", "-c", f'"{python}" "{bundle}"', "-d", str(samples)]
    return chosen


def floor_line(times: dict[str, list[float]], kit: float) -> str:
    """The loops' medians summed over the cores: no check running every case under every
    target once can finish sooner."""
    loops = sum(statistics.median(v) for name, v in times.items() if name.startswith("loop"))
    cores = parallel_slots()
    return (
        f"  {'floor':<13} {loops / cores:6.3f} s  (every target's loop, {loops:.3f} s, "
        f"over {cores} cores)  kit / floor {kit / (loops / cores):5.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cases", type=int, default=20)
    parser.add_argument("--problem", choices=sorted(PROBLEMS), default="dijkstra")
    parser.add_argument("--kit-args", default="", help="extra options for the kit's check")
    parser.add_argument(
        "--edit",
        action="store_true",
        help="change the solution's code before each round, as a user's rerun after an edit",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="also loop under every target and print the two targets' floor on these cores",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="check-speed-") as folder:
        root = Path(folder)
        problem = PROBLEMS[args.problem]
        write_workspace(root, args.cases, problem)
        pythons = target_interpreters()
        python = next(iter(pythons.values()))
        chosen = commands(root, problem.slug, pythons, args.kit_args.split(), args.floor)
        timed(chosen["kit"], root)  # builds dist/ and warms the caches
        times: dict[str, list[float]] = {name: [] for name in chosen}
        for number in range(args.rounds):
            if args.edit:
                edit(root / "solutions" / f"{problem.slug}.py", number)
            for name, command in chosen.items():
                times[name].append(timed(command, root))
    print(
        f"{args.problem}: {args.cases} cases, {args.rounds} interleaved rounds"
        f"{', the solution edited each round' if args.edit else ''}; loop and oj under {python}"
    )
    kit = statistics.median(times["kit"])
    for name, values in times.items():
        median = statistics.median(values)
        print(
            f"  {name:<13} median {median:6.3f} s  min {min(values):6.3f} s  "
            f"max {max(values):6.3f} s  kit / {name} {kit / median:5.2f}"
        )
    if args.floor:
        print(floor_line(times, kit))
    return 0


if __name__ == "__main__":
    sys.exit(main())

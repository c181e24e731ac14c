"""What the benchmarks share: their problem's table, what they do to a workspace between
rounds and how they time a round.

problem_table(slug, title) -> str  # problems.toml of one AtCoder problem (2 s, 1024 MiB)
edit(solution, number)        # a change of code before round ``number``
timed(command, cwd) -> float  # a whole process's wall time; a failure ends the benchmark
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

REGISTRY = """\
[{slug}]
title = "{title}"
judge = "AtCoder"
id = "bench"
kind = "batch"
time_limit = 2.0
memory_limit = 1024
"""


def problem_table(slug: str, title: str) -> str:
    """The ``problems.toml`` of a workspace of one AtCoder problem, at its usual limits."""
    return REGISTRY.format(slug=slug, title=title)


def edit(solution: Path, number: int) -> None:
    """A change of code (not a comment, which the bundle strips): the bundle's text differs
    from every earlier round's, so no check's answer is taken from the kit's cache."""
    text = solution.read_text().split("\n_edit = ")[0]
    solution.write_text(f"{text}\n_edit = {number}\n")


def timed(command: list[str], cwd: Path) -> float:
    """The wall time of ``command`` run in ``cwd``; the benchmark stops, saying why, when it
    fails (a non-zero status, or ``failed:`` in its output)."""
    started = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0 or "failed:" in done.stdout:
        raise SystemExit(f"{command[0]} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return seconds

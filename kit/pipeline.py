"""Build one problem: bundle, check, run its cases, and only then write ``dist/<slug>.py``.

The bundle is written to a temporary file beside ``dist/<slug>.py`` and renamed over it only
when every check and case passes, so a ``dist/<slug>.py`` on disk always passed the last build;
a failed build also removes a stale one.

Batch problems run every case (samples, then official judge data) under every interpreter
found (``kit.pythons``), each run a fresh process started from an empty directory with the
interpreter's isolation flag, ``repeat`` times. A case fails on a wrong answer, a crash, a
hang (killed at ``HANG_FACTOR`` times the limit) or a median time over the limit. Using more
than half the time or memory limit is a warning; memory is never a failure, because the peak
includes the interpreter itself (about 7.5 MiB for 3.8, 9.5 MiB for 3.11, 50 MiB for PyPy),
which judges count differently. Interactive problems have no samples: their bundle must start,
and end cleanly on empty input, under every interpreter (``python build.py match`` plays real
games).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from kit import pythons
from kit.bundle import Bundle, build_bundle
from kit.errors import BuildError
from kit.pycheck import check_bundle
from kit.registry import Case, Problem, judge_cases, sample_cases
from kit.run_case import Timing, run_process, stderr_tail, verdict

HANG_FACTOR = 10
MIB = 1024


@dataclass
class Result:
    problem: Problem
    status: str = "ok"  # "ok", "FAIL" or "no solution"
    bundle_bytes: int | None = None
    passed: int = 0
    total: int = 0
    slowest: dict[str, Timing] = field(default_factory=dict)  # interpreter -> slowest case
    peaks: dict[str, int] = field(default_factory=dict)  # interpreter -> peak KiB, all cases
    errors: list[str] = field(default_factory=list)  # one line each, detail lines indented
    notes: list[str] = field(default_factory=list)

    def fail(self, message: str, details: Sequence[str] = ()) -> None:
        self.status = "FAIL"
        slug = self.problem.slug
        line = message if message.startswith(f"{slug}:") else f"{slug}: {message}"
        self.errors.append(line)
        self.errors.extend(f"    {detail}" for detail in details)


def make_bundle(problem: Problem) -> Bundle:
    dist = problem.rel(problem.dist)
    title = f"{dist}: {problem.title} ({problem.judge} {problem.id}), judge-ready"
    return build_bundle(problem.root, problem.solution, title)


def build_problem(problem: Problem, *, repeat: int = 3) -> Result:
    result = Result(problem)
    try:
        cases = _cases(problem, result)
        if not problem.solution.is_file():
            result.status = "no solution"
            _remove(problem.dist)
            return result
        bundle = make_bundle(problem)
        check_bundle(problem.root, bundle)
    except BuildError as error:
        result.fail(str(error))
        _remove(problem.dist)
        return result

    data = bundle.text.encode("utf-8")
    result.bundle_bytes = len(data)
    problem.dist.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(
        prefix=f".{problem.slug}.", suffix=".tmp", dir=problem.dist.parent
    )
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o644)
        if problem.kind == "batch":
            run_cases(problem, Path(temporary), cases, repeat, result)
        else:
            smoke_test(problem, Path(temporary), result)
        if result.status == "ok":
            os.replace(temporary, problem.dist)
        else:
            _remove(problem.dist)
    finally:
        _remove(Path(temporary))
    return result


def _cases(problem: Problem, result: Result) -> list[Case]:
    if problem.kind != "batch":
        return []
    cases = sample_cases(problem)
    official, note = judge_cases(problem)
    if note:
        result.notes.append(note)
    return cases + official


def run_cases(
    problem: Problem, script: Path, cases: list[Case], repeat: int, result: Result
) -> None:
    """Every case under every interpreter; fills ``result`` (counts, timings, failures)."""
    limit = problem.time_limit
    timeout = HANG_FACTOR * limit
    result.total = len(cases)
    failed: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="kit-run-") as empty:
        for python in pythons.all_found():
            slowest = Timing()
            peak_kib = 0
            for case in cases:
                if case.name in failed:
                    continue
                stdin, expected = case.input.read_bytes(), case.expected.read_bytes()
                timing = Timing()
                for _ in range(max(1, repeat)):
                    run = run_process(
                        python.command(script), stdin, cwd=Path(empty), timeout=timeout
                    )
                    problem_found = verdict(run, expected, timeout)
                    if problem_found:
                        failed.add(case.name)
                        result.fail(
                            f"{case.name}: {problem_found} (python {python.label})",
                            stderr_tail(run.stderr),
                        )
                        break
                    timing.add(run)
                else:
                    if timing.median > limit:
                        failed.add(case.name)
                        result.fail(
                            f"{case.name}: median {timing.median:.3f} s is over the "
                            f"{limit:g} s limit (python {python.label})"
                        )
                    _warn(result, python.label, case, timing)
                    peak_kib = max(peak_kib, timing.peak_kib)
                    if timing.median >= slowest.median:
                        slowest = timing
            result.slowest[python.label] = slowest
            result.peaks[python.label] = peak_kib
            _warn_memory(result, python.label, peak_kib)
    result.passed = len(cases) - len(failed)


def smoke_test(problem: Problem, script: Path, result: Result) -> None:
    """An interactive bundle has no samples: at least it must load (all its helpers run at
    start-up) and end cleanly, exit status 0, when its input is empty, under every
    interpreter."""
    timeout = HANG_FACTOR * problem.time_limit
    with tempfile.TemporaryDirectory(prefix="kit-run-") as empty:
        for python in pythons.all_found():
            run = run_process(python.command(script), b"", cwd=Path(empty), timeout=timeout)
            problem_found = verdict(run, None, timeout)
            if problem_found:
                result.fail(
                    f"{problem.rel(problem.dist)} on empty input: {problem_found} "
                    f"(python {python.label})",
                    stderr_tail(run.stderr),
                )


def _warn(result: Result, label: str, case: Case, timing: Timing) -> None:
    limit = result.problem.time_limit
    if limit / 2 < timing.median <= limit:
        result.notes.append(
            f"warning: {case.name} takes {timing.median:.3f} s under {label}, "
            f"over half the {limit:g} s limit"
        )


def _warn_memory(result: Result, label: str, peak_kib: int) -> None:
    limit = result.problem.memory_limit
    peak = peak_kib / MIB
    if peak > limit / 2:
        over = "over the" if peak > limit else "over half the"
        result.notes.append(
            f"warning: peak memory {peak:.1f} MiB under {label} is {over} {limit} MiB limit "
            "(the interpreter included)"
        )


def _remove(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()

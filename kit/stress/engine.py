"""The stress engine: a problem's stress module, guarded, and the bundle judged on its files.

``load_stress_module(problem)`` imports ``stress/<slug>.py`` (PARAMS, generate, validate,
reference, split_cases, join_cases, optionally cuts) wrapped so that any of its functions that
raises is a one-line BuildError naming the function and its input. ``Stress`` runs the bundle
on a text judge-style (under the build's limits and verdicts, ``kit.run``) against the
reference's answer; ``search`` generates file ``i`` with ``random.Random(seed + i)`` until one
fails or the limit is reached, ``jobs`` at a time. The command (``kit.commands.stress``)
prints, shrinks (``kit.stress.shrink``) and saves.
"""

from __future__ import annotations

import concurrent.futures
import os
import random
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from kit.bundle.assemble import Bundle
from kit.errors import BuildError
from kit.judges.compare import Comparator, parse_compare
from kit.judges.targets import runner_for_runs
from kit.registry import Case, Problem, import_from_checkout
from kit.run.cases import CaseJudge
from kit.run.limits import limits_for
from kit.run.verdicts import OK, TLE


@dataclass
class Outcome:
    failed: bool
    message: str = ""
    got: bytes = b""
    word: str = OK  # the verdict, a word of kit.run.verdicts


class Stress:
    """The bundle, the reference and the comparator of one problem."""

    def __init__(self, problem: Problem, module, bundle: Bundle, script: Path, folder: Path):
        self.problem = problem
        self.module = module
        self.runner = runner_for_runs(problem.targets)
        self.label = self.runner.described
        self.limits = limits_for(problem, self.runner)
        self.folder = folder
        where = f"problems.toml: [{problem.slug}]"
        self.comparator: Comparator = parse_compare(problem.compare, problem.root, where)
        empty = folder / "cwd"
        empty.mkdir(exist_ok=True)
        self.judge_case = CaseJudge(
            problem,
            bundle=bundle,
            script=script,
            comparator=self.comparator,
            interactor=None,
            empty=empty,
        )
        self.count = 0
        self.slowest = (0.0, "")  # seconds, which file
        self._lock = threading.Lock()

    def judge(self, text: str, name: str = "case", label: str = "") -> Outcome:
        """Run the bundle on ``text`` and judge it against the reference's answer (``name``:
        of the files a checker reads; ``label``: the file as the report names it). The
        verdicts are the build's, except that a run over the time limit but not killed
        passes (timing is ``bench``'s job)."""
        expected = self.module.reference(text).encode()
        case = Case(name, self.folder / f"{name}.in", self.folder / f"{name}.ans")
        case.input.write_text(text, encoding="utf-8")
        assert case.expected is not None
        case.expected.write_bytes(expected)
        outcome, run = self.judge_case.once(case, self.runner, self.limits)
        if outcome.word != TLE:
            with self._lock:
                self.slowest = max(self.slowest, (run.seconds, label or name))
        if outcome.word == OK:
            return Outcome(False)
        return Outcome(True, outcome.message, run.stdout, outcome.word)


def keep_file(problem: Problem, what: str, text: str) -> Path:
    """``text`` in a file of its own that outlives the run (in the system's temp folder)."""
    descriptor, name = tempfile.mkstemp(prefix=f"{problem.slug}-{what}-", suffix=".in")
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(text)
    return Path(name)


def search(stress: Stress, seed: int, params: dict, *, limit_cases, limit_seconds, jobs: int):
    """(seed, text, outcome) of the first failing file, or None."""
    module = stress.module
    deadline = None if limit_seconds is None else time.monotonic() + limit_seconds
    index = 0

    def one(i: int):
        text = module.generate(random.Random(seed + i), **params)
        try:
            module.validate(text)
        except ValueError as error:
            raise BuildError(
                f"{stress.problem.slug}: stress/{stress.problem.slug}.py: generate() made a "
                f"file that validate() refuses (seed {seed + i}): {error}"
            ) from None
        return seed + i, text, stress.judge(text, f"case{i % jobs}", f"seed {seed + i}")

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        while True:
            if limit_cases is not None and index >= limit_cases:
                return None
            if deadline is not None and time.monotonic() >= deadline:
                return None
            batch = jobs if limit_cases is None else min(jobs, limit_cases - index)
            results = list(pool.map(one, range(index, index + batch)))
            index += batch
            stress.count += batch
            for result in results:
                if result[2].failed:
                    return result


def load_stress_module(problem: Problem):
    """``stress/<slug>.py`` of the problem's checkout, imported as ``stress.<slug>``."""
    path = problem.stress
    where = problem.rel(path)
    if not path.is_file():
        raise BuildError(
            f"{problem.slug}: no {where} (a generator, validator and reference; see the README)"
        )
    module = import_from_checkout(problem, path, f"stress.{problem.slug}")
    needed = ("PARAMS", "generate", "validate", "reference", "split_cases", "join_cases")
    missing = [name for name in needed if not hasattr(module, name)]
    if missing:
        raise BuildError(f"{where}: defines no {', '.join(missing)}")
    return Guarded(module, where, problem)


class Guarded:
    """A stress module whose functions report their own crashes as one-line BuildErrors
    (``validate`` keeps its ValueError, which is its answer); other attributes pass through."""

    FUNCTIONS = ("generate", "validate", "reference", "split_cases", "join_cases")

    def __init__(self, module, where: str, problem: Problem) -> None:
        self._module = module
        self._where = where
        self._problem = problem

    def __getattr__(self, name: str):
        value = getattr(self._module, name)
        if name not in self.FUNCTIONS:
            return value

        def call(*args, **kwargs):
            try:
                return value(*args, **kwargs)
            except ValueError:
                if name == "validate":
                    raise
                raise self._error(name, args) from None
            except Exception:  # the module's own bug, or a template not written yet
                raise self._error(name, args) from None

        return call

    def _error(self, name: str, args: tuple) -> BuildError:
        error = sys.exc_info()[1]
        message = f"{self._where}: {name}() raised {type(error).__name__}: {error}"
        given = args[0] if args else None
        if isinstance(given, list):  # join_cases: the cases
            given = "\n".join(map(str, given))
        if isinstance(given, str):
            if len(given) <= SHOWN_INPUT and "\n" not in given.rstrip("\n"):
                message += f" (on {given!r})"
            else:
                message += f" (on the input saved as {keep_file(self._problem, name, given)})"
        return BuildError(message)


SHOWN_INPUT = 60  # characters of an input shown in an error message instead of saved

"""The run of a bundle a judge makes before its cases: AtCoder's compile step.

AtCoder compiles Python with ``python3.13 Main.py ONLINE_JUDGE 2> /dev/null`` after the byte
compile (``Profile.compile_run``, with its sources): what that run writes stays beside
``Main.py`` for every case, and the cases run with the script's folder first on ``sys.path``.
Solutions use it to build a module once (numba's ahead-of-time ``CC("my_module")``) and import
it in the cases. Here, for a judge with such a step, the bundle is run so once per runner
before its cases, when it mentions one of the step's arguments (a solution that does not
cannot tell the step from a case that got no input, and gains nothing from it), in a folder of
its own: stdin empty, its exit status kept only to be shown, its stderr only to tell a module
the judge installs and this machine lacks. Each case then starts from a copy of that folder
(``CaseJudge.once``). The step is held to the problem's memory limit and to ``SECONDS`` of
wall time, the kit's own bound: the judge's is not documented.

API::

    judge_runs(problem) -> tuple[str, ...]        # empty: the judge makes no such run
    arguments(problem, text) -> tuple[str, ...]   # empty: no step for this bundle
    prepare_all(problem, runners, script, folder) -> {runner's command: Prepared}
    prepare(problem, runner, script, folder, args) -> Prepared
    Prepared(folder, status, seconds, stderr, made, args).note(runner_label, judge) -> str
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

from kit.judges.profiles import profile_for
from kit.judges.targets import Runner
from kit.registry import Problem
from kit.run import judged
from kit.run.limits import limits_for, run_limited

SECONDS = 60.0  # the kit's bound on the step's wall time (numba's compile takes seconds)


@dataclasses.dataclass(frozen=True)
class Prepared:
    folder: Path  # the script and what the step wrote
    status: int | None  # its exit status; None: killed (time or memory)
    seconds: float
    stderr: bytes  # dropped by the judge; read here for a module this machine lacks
    made: tuple[str, ...]  # the names it wrote in the folder
    args: tuple[str, ...]  # the arguments it ran with

    def note(self, label: str, judge: str) -> str:
        """One line for the report: what the step did under runner ``label``."""
        ended = "killed" if self.status is None else f"exit {self.status}"
        made = ", ".join(self.made[:3]) + (" ..." if len(self.made) > 3 else "")
        wrote = f"wrote {made}" if made else "wrote nothing"
        last = _last_line(self.stderr)
        said = f"; its last error line: {last}" if self.status and last else ""
        return (
            f"note: {judge}'s compile step, `python Main.py {' '.join(self.args)}`, ran before "
            f"the cases under {label} ({ended}, {self.seconds:.2f} s, {wrote}{said})"
        )


def judge_runs(problem: Problem) -> tuple[str, ...]:
    """The arguments of the compile run of ``problem``'s judge, or () when it makes none."""
    profile = profile_for(problem.judge)
    return profile.compile_run if profile is not None else ()


def arguments(problem: Problem, text: str) -> tuple[str, ...]:
    """The arguments of the judge's compile run for a bundle of ``text``, or () for none."""
    args = judge_runs(problem)
    return args if any(arg in text for arg in args) else ()


def prepare_all(
    problem: Problem, runners: list[Runner], script: Path, folder: Path
) -> dict[tuple[str, ...], Prepared]:
    """The step under each runner (keyed by its command for ``script``), each in a new folder
    under ``folder``; empty when the judge has none for this bundle."""
    try:
        args = arguments(problem, script.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        args = ()
    steps = {}
    for number, runner in enumerate(runners if args else ()):
        place = folder / f"compiled-{number}"
        place.mkdir()
        steps[tuple(runner.command(script))] = prepare(problem, runner, script, place, args)
    return steps


def prepare(
    problem: Problem, runner: Runner, script: Path, folder: Path, args: tuple[str, ...]
) -> Prepared:
    """``script`` copied into ``folder`` and run there with ``args`` as the judge's compile
    step runs it."""
    shutil.copy2(script, folder / script.name)
    before = {entry.name for entry in folder.iterdir()}
    command = judged.command(problem, runner, folder / script.name, beside=True) + list(args)
    limits = dataclasses.replace(limits_for(problem, runner), time=SECONDS, timeout=SECONDS)
    run = run_limited(command, Path("/dev/null"), folder, limits)
    made = tuple(sorted(entry.name for entry in folder.iterdir() if entry.name not in before))
    status = None if run.killed else run.returncode
    return Prepared(folder, status, run.seconds, run.stderr, made, args)


def _last_line(stderr: bytes) -> str:
    lines = stderr.decode("utf-8", "replace").strip().splitlines()
    return lines[-1].strip()[:200] if lines else ""

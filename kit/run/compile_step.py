"""The run of a bundle a judge makes before its cases: AtCoder's compile step.

AtCoder compiles Python with ``python3.13 Main.py ONLINE_JUDGE 2> /dev/null`` after the byte
compile (``Profile.compile_run``, with its sources): what that run writes stays beside
``Main.py`` for every case, and the cases run with the script's folder first on ``sys.path``
(the script is ``Main.py`` here too, ``MAIN``: no name of the solution's shadows a module).
Solutions use it to build a module once (numba's ahead-of-time ``CC("my_module")``) and import
it in the cases. Here, for a judge with such a step, the bundle is run so once per runner
before its cases, when its code names one of the step's arguments (``kit.judges.compile_run``:
a solution that does not cannot tell the step from a case that got no input, and gains
nothing from it), the runners' steps side by side, each in a folder of its own: stdin empty,
its exit status kept only to be shown, its stderr only to tell a module the judge installs and
this machine lacks. Each case then starts from a copy of that folder
(``CaseJudge.once``). The step is held to the problem's memory limit and to ``SECONDS`` of
wall time, the kit's own bound: the judge's is not documented.

API::

    trees_of(bundle, script) -> list[ast.AST]     # the code the run may concern
    prepare_all(problem, runners, script, folder, trees) -> {runner's command: Prepared}
    prepare(problem, runner, script, folder, args) -> Prepared
    Prepared(...).note(runner_label, judge) -> str
"""

from __future__ import annotations

import ast
import dataclasses
import shutil
import tempfile
from pathlib import Path

from kit.bundle.assemble import Bundle
from kit.bundle.source_text import quiet_parse
from kit.judges import compile_run
from kit.judges.targets import Runner
from kit.registry import Problem
from kit.run import judged
from kit.run.limits import limits_for, run_limited
from kit.run.process import MEMORY, TIME
from kit.run.schedule import side_by_side
from kit.visible import last_line

SECONDS = 60.0  # the kit's bound on the step's wall time (numba's compile takes seconds)
# the script's name on the judge, in the step's folder and in every case run from a copy of it
# (a bundle named after its slug, heapq.py, shadowed the standard heapq from the script's folder)
MAIN = "Main.py"


@dataclasses.dataclass(frozen=True)
class Prepared:
    folder: Path  # the script and what the step wrote
    status: int  # its exit status
    seconds: float
    stderr: bytes  # dropped by the judge; read here for a module this machine lacks
    made: tuple[str, ...]  # the names it wrote in the folder
    args: tuple[str, ...]  # the arguments it ran with
    killed: str | None = None  # TIME or MEMORY when it was stopped

    def note(self, label: str, judge: str) -> str:
        """One line for the report: what the step did under runner ``label``."""
        ended = f"exit {self.status}"
        if self.killed == TIME:
            ended = f"stopped at the kit's bound of {SECONDS:g} s"
        elif self.killed == MEMORY:
            ended = "stopped over the memory limit"
        elif self.killed:
            ended = "stopped"
        made = ", ".join(self.made[:3]) + (" ..." if len(self.made) > 3 else "")
        wrote = f"wrote {made}" if made else "wrote nothing"
        last = _last_line(self.stderr)
        said = f"; its last error line: {last}" if (self.status or self.killed) and last else ""
        return (
            f"note: {judge}'s compile step, `python Main.py {' '.join(self.args)}`, ran before "
            f"the cases under {label} ({ended}, {self.seconds:.2f} s, {wrote}{said})"
        )


def trees_of(bundle: Bundle | None, script: Path) -> list[ast.AST]:
    """The code of a bundle: its modules' trees; for a script that is no bundle of the
    kit's (a package's submission), its own tree (none when it does not parse)."""
    if bundle is not None:
        return [module.tree for module in bundle.modules]
    try:
        return [quiet_parse(script.read_bytes())]
    except (OSError, SyntaxError, ValueError):
        return []


def prepare_all(
    problem: Problem, runners: list[Runner], script: Path, folder: Path, trees: list[ast.AST]
) -> dict[tuple[str, ...], Prepared]:
    """The step under each runner (keyed by its command for ``script``), side by side, each
    in a folder of its own under ``folder``; empty when the judge's run does not concern the
    code of ``trees`` (``kit.judges.compile_run``)."""
    args = compile_run.arguments(problem.judge, trees)
    if not args or not runners:
        return {}

    def one(runner: Runner) -> Prepared:
        place = Path(tempfile.mkdtemp(prefix="compiled-", dir=folder))
        return prepare(problem, runner, script, place, args)

    steps = side_by_side(one, runners, len(runners))
    return {tuple(runner.command(script)): step for runner, step in zip(runners, steps)}


def prepare(
    problem: Problem, runner: Runner, script: Path, folder: Path, args: tuple[str, ...]
) -> Prepared:
    """``script`` copied into ``folder`` as ``MAIN`` and run there with ``args`` as the judge's
    compile step runs it."""
    shutil.copy2(script, folder / MAIN)
    before = {entry.name for entry in folder.iterdir()}
    command = judged.command(problem, runner, folder / MAIN, beside=True, compile_step=True)
    command += list(args)
    limits = dataclasses.replace(limits_for(problem, runner), time=SECONDS, timeout=SECONDS)
    run = run_limited(command, Path("/dev/null"), folder, limits)
    made = tuple(sorted(entry.name for entry in folder.iterdir() if entry.name not in before))
    return Prepared(folder, run.returncode, run.seconds, run.stderr, made, args, run.killed)


def _last_line(stderr: bytes) -> str:
    return last_line(stderr, 200)

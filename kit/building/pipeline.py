"""Build one problem, in stages: discover -> strip -> assemble -> check -> run.

Each stage is a module of its own and none calls back into an earlier one:

1. ``kit.bundle.discover``: the solution and the helpers it imports, in load order;
2. ``kit.bundle.strip``: the code that ships, cut out of the author's text
   (``kit.bundle.reach`` says which helper code nothing reaches);
3. ``kit.bundle.assemble``: one file, helpers embedded under their own file names;
4. ``kit.check.checks``: imports, syntax and APIs per target, source size (a helper module
   that is nowhere, found first: the problem is then not built);
5. ``kit.run.cases``: every case under every target.

``kit.bundle_making`` makes the bundle through stages 1 to 3, and says what a syntax error the
kit's own Python found means for a newer target.

Stages 4 and 5 overlap: the checks run in a thread while the first runs start, so that a
rebuild does not wait for ruff, vermin and the interpreters' compiles before its first case
(about a tenth of a second). A target whose stand-in is older than it waits for the checks
(they say whether its cases may run at all); once the checks fail, no further case starts
and the checks' errors are the result, the runs' verdicts unreported. Only verdicts are taken
beside the checks: the times taken alone, a one-at-a-time first pass (``-j 1``) and games
timed per move start once the checks are done.

A bundle that passes everything replaces ``dist/<slug>.py`` (written beside it, then renamed),
so a ``dist/<slug>.py`` on disk always passed the last build under the judge's targets
(one under ``--target`` naming an interpreter the judge does not run leaves it as it was).
A bundle that fails is kept as ``dist/failed/<slug>.py`` for inspection, never in place of a
good one, and a stale ``dist/<slug>.py`` from an earlier build is removed: what is in
``dist/`` can be submitted (``kit.building.bundle_files``).
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
from collections.abc import Sequence
from pathlib import Path

from kit.building.bundle_files import remove_bundle, staged
from kit.building.results import Result, Status
from kit.bundle.assemble import Bundle
from kit.bundle_making import make_bundle, newer_syntax, shadowing_notes
from kit.check.checks import check, missing_helpers, waits_for_checks
from kit.errors import BuildError
from kit.judges import targets as targets_module
from kit.judges.profiles import judge_name
from kit.judges.targets import Interpreter, Runner
from kit.plurals import counted
from kit.problem_cases import Case, judge_cases, reads_stdin, sample_cases
from kit.registry import Problem
from kit.run.cases import DEFAULT_OPTIONS, Column, Ran, RunOptions, run_all
from kit.run.game_transcript import without_transcript
from kit.run.game_verdicts import without_allowance
from kit.run.limits import prefetch
from kit.run.process import warm_launcher
from kit.run.tracebacks import crash_site
from kit.workspace import MISSING, file_state

ALIKE_NAMED = 3  # cases named in a line of failures alike; past that, two and the last


def columns_for(
    problem: Problem, interpreters: Sequence[Interpreter] | None = None
) -> list[Column]:
    """Who runs each target: its own interpreter when here, else the build's Python."""
    found = list(targets_module.found() if interpreters is None else interpreters)
    columns = []
    for target in problem.targets:
        runner = targets_module.runner_for(target, found)
        # a stand-in per target: it lifts 3.11's int-digit limit only for targets without it
        chosen = runner or targets_module.stand_in([target])
        columns.append(Column(target, chosen, static_only=runner is None or not runner.exact))
    return columns


def build_problem(
    problem: Problem,
    options: RunOptions = DEFAULT_OPTIONS,
    *,
    interpreters: Sequence[Interpreter] | None = None,
    target: Runner | None = None,
) -> Result:
    """Stages 1 to 5 for one problem (see the module doc), the cases run as ``options`` say;
    ``target`` runs them under that runner alone (every target is still checked statically)."""
    result = Result(problem)
    try:
        if _no_solution(problem):  # whatever its samples are, yet
            result.status = Status.NO_SOLUTION
            remove_bundle(problem, result)
            return result
        cases = _cases(problem, result)
        if cases and problem.kind == "batch":  # started while the bundle is made
            warm_launcher(min(options.slots, len(cases) * len(problem.targets)))
        bundle = make_bundle(problem)
    except BuildError as error:
        result.fail(str(error) + newer_syntax(problem, error))
        remove_bundle(problem, result)
        return result
    missing = missing_helpers(problem, bundle)  # not built, as a name a helper lacks is not
    if missing:
        for error in missing:
            result.fail(error)
        remove_bundle(problem, result)
        return result
    result.notes += shadowing_notes(problem)
    result.unreachable_bytes = bundle.unreachable_bytes
    result.sources = [module.path for module in bundle.modules]
    result.reads_stdin = reads_stdin(bundle.text)
    result.bundle_bytes = len(bundle.text.encode("utf-8"))
    columns, runners = _columns(problem, interpreters, target, result)
    result.columns = columns
    prefetch(problem, [column.runner for column in columns])  # measured while the checks run
    with staged(problem, bundle.text.encode("utf-8"), result, bundle.modules) as script:
        with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
            runs = {column.target for column in columns}
            checking = pool.submit(check, problem, bundle, runners, runs)
            gated = dataclasses.replace(options, gate=_CheckGate(checking))
            ran = _run(bundle, script, cases, gated, result)
        _check(checking, result)
        if result.status == Status.OK:
            _take_run(_with_fallbacks(ran, bundle, script, cases, options, result), result)
    if result.status == Status.OK and problem.unplayed:
        result.fail(_UNPLAYED.format(slug=problem.slug))
    return result


def _no_solution(problem: Problem) -> bool:
    """Whether the problem has no solution file yet; a BuildError when its checker or
    interactor is missing, its solution is not a readable file, or problems.toml names a
    solution that is not there."""
    if problem.unavailable is not None:  # its checker or interactor is not there
        raise BuildError(problem.unavailable)
    state = file_state(problem.solution)
    if state not in (None, MISSING):
        raise BuildError(f"{problem.rel(problem.solution)} {state}")
    if problem.solution_file is not None and state == MISSING:
        said = f"solution = {problem.solution_file!r} in problems.toml names no file"
        raise BuildError(f"{said} (from the workspace's root)")
    return state == MISSING


def _columns(
    problem: Problem,
    interpreters: Sequence[Interpreter] | None,
    target: Runner | None,
    result: Result,
) -> tuple[list[Column], dict[str, Runner]]:
    """The columns the cases run in, and the runner of each target the checks cover: every
    target's, or ``target`` alone for the runs (a note when the judge does not run it)."""
    columns = columns_for(problem, interpreters)
    runners = {column.target: column.runner for column in columns}
    if target is not None:  # checked for every target, run under this one
        target = targets_module.as_problem_target(target, problem.targets)
        columns = [Column(target.target, target, static_only=not target.exact)]
        runners.setdefault(target.target, target)
        foreign = foreign_target_notes(problem, target)
        result.notes += foreign
        result.foreign = bool(foreign)
    return columns, runners


_UNPLAYED = (
    "interactive, and problems.toml names no interactor: no game was played (the bundle only "
    "ran on empty input), so nothing says a judge would accept it; set interactor = "
    '"interactors/{slug}.py"'
)


def _with_fallbacks(
    ran: Ran | BuildError,
    bundle: Bundle,
    script: Path,
    cases: list[Case],
    options: RunOptions,
    result: Result,
) -> Ran | BuildError:
    """``ran`` with the cases of each target whose older stand-in could not run the bundle
    run under ``kit.judges.targets.fallback_for``'s interpreter (its column replaced): the
    answers are judged, as where no PyPy is here at all, not left unjudged."""
    if isinstance(ran, BuildError):
        return ran
    instead = []
    for index, column in enumerate(result.columns):
        fallback = targets_module.fallback_for(column.target, column.runner)
        if column.unrun and fallback is not None:
            said = (column.runner.interpreter.label, column.unrun)
            result.columns[index] = Column(column.target, fallback, True, passed_over=said)
            instead.append(result.columns[index])
    if instead:
        more = _run(bundle, script, cases, dataclasses.replace(options, gate=None), result, instead)
        if isinstance(more, BuildError):
            return more
        ran.add(more)
    return ran


class _CheckGate:
    """Whether a group of columns may run its cases while the checks run beside them
    (``kit.run.cases.Gate``): at once, unless its stand-in is older than its target (then it
    waits for them); not once the checks have failed, nor for a target they leave unrun."""

    def __init__(self, checking: concurrent.futures.Future) -> None:
        self.checking = checking

    def settle(self) -> None:
        concurrent.futures.wait([self.checking])

    def waits(self, group: list[Column]) -> bool:
        return any(waits_for_checks(column.runner, column.target) for column in group)

    def admits(self, group: list[Column]) -> bool:
        if not self.waits(group) and not self.checking.done():
            return True
        try:
            checked = self.checking.result()
        except Exception:  # told by _check, which asks again
            return False
        return not checked.errors and not any(checked.unrun.get(c.target) for c in group)


def _check(checking: concurrent.futures.Future, result: Result) -> None:
    """Stage 4's findings: every target's checks; a target its stand-in cannot run is marked
    unrun."""
    try:
        checked = checking.result()
    except BuildError as error:
        result.fail(str(error))
        return
    for error in checked.errors:
        result.fail(error)
    result.notes += checked.notes
    for column in result.columns:
        column.unrun = checked.unrun.get(column.target, "")


def _run(
    bundle: Bundle,
    script: Path,
    cases: list[Case],
    options: RunOptions,
    result: Result,
    columns: list[Column] | None = None,
) -> Ran | BuildError:
    """Stage 5: the cases under every column (or those of ``columns``) its gate lets run."""
    columns = result.columns if columns is None else columns
    try:
        return run_all(result.problem, bundle, script, cases, columns, options=options)
    except BuildError as error:  # e.g. an interactor that cannot be started
        return error


def _take_run(ran: Ran | BuildError, result: Result) -> None:
    """The runs' verdicts into ``result``, failures as errors."""
    if isinstance(ran, BuildError):
        result.fail(str(ran))
        return
    result.ran = ran
    result.notes += result.ran.warnings
    alike: dict[tuple, list] = {}  # a failure's way -> the cases that failed so, in order
    for failure in result.ran.failures:
        alike.setdefault(_way(failure), []).append(failure)
    told = {group[0].case for group in alike.values()}  # the cases told in full
    for failure in result.ran.failures:
        first, *later = alike[_way(failure)]
        if failure is not first and failure.case not in told:
            continue  # counted on the line after its first
        labels = ", ".join(failure.labels)
        result.fail(f"{failure.case}: {failure.message} ({labels})", failure.details)
        # a case told in full for another target is not also counted as failing this way
        folded = [other for other in later if other.case not in told]
        if failure is first and folded:
            same = all(_words(other) == _words(first) for other in folded)
            site = None if same else crash_site(first.details)
            result.fail(_alike_line([other.case for other in folded], site))


def _words(failure) -> tuple:
    """A failure as told, less a game's transcript and what its timeout was moved on by: a
    game's alike whatever was said on the way, and however long this machine's other work
    kept its two sides from a core."""
    message = without_allowance(failure.message)
    return message, tuple(failure.labels), tuple(without_transcript(failure.details))


def _way(failure) -> tuple:
    """What failures told once have alike: a crash's verdict, targets and site (``KeyError at
    shared/x.py, line 25``: one bug, whatever key each input gave it), else their words."""
    site = crash_site(failure.details)
    return (failure.word, tuple(failure.labels), site) if site else _words(failure)


def _alike_line(cases: list[str], site: str | None = None) -> str:
    """The line of the cases that failed as one told before them (an untouched stub fails
    every case alike: its traceback once, not once a case); ``site``: the crash they share
    where their words differ."""
    named = ", ".join(cases)
    if len(cases) > ALIKE_NAMED:
        named = f"{cases[0]}, {cases[1]}, ... {cases[-1]}"
    shared = f" ({site})" if site else ""
    return f"{counted(len(cases), 'more case')} failed the same way{shared}: {named}"


def foreign_target_notes(problem: Problem, runner: Runner) -> list[str]:
    """A note when ``--target`` names an interpreter the judge does not run (by its own
    version: ``pypy3`` that is PyPy 3.9 is not a judge's PyPy 3.11): its verdicts are that
    interpreter's, not the judge's."""
    ran = runner.interpreter  # what ran, not the name it was asked by (pypy3: PyPy 3.9)
    if not runner.exact and runner.target in problem.targets:  # the build's stand-in: noted so
        return []

    def stands_for(target) -> bool:
        return target.impl == ran.impl and target.version in (None, ran.version)

    if any(stands_for(target) for target in problem.targets):
        return []
    names = ", ".join(target.label for target in problem.targets)
    return [
        f"--target {runner.described}: not a target of {judge_name(problem.judge)} ({names}): "
        "its verdicts are this interpreter's, not the judge's"
    ]


def _cases(problem: Problem, result: Result) -> list[Case]:
    if problem.unplayed:
        return []
    cases = sample_cases(problem)
    official, note = judge_cases(problem)
    if note:
        result.notes.append(note)
    return cases + official

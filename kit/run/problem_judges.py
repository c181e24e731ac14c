"""The comparator and interactor a problem's runs are judged with, as problems.toml gives them
(``problem_comparator``, ``interactor_command``), and both made ready once before its runs, a
C/C++ one compiled (``compiled_judges``). A checker or output validator is given the time and
memory its package gives it (``jury_comparator``, ``jury_limits``: a Kattis package's
``limits.validation_time``, of CPU time as problemtools counts it, killed by a back-stop of wall
time at ``KILL_FACTOR`` times it as a CPU-timed run is, and ``validation_memory``), else the
kit's rule (``kit.judges.compare``); a checker's or a testlib interactor's points (testlib's
``quitp``) accept only where the caller says the problem is scored by them (``scored_points``:
``verify``'s Polygon scoring problem; the build, ``run`` and ``stress`` judge pass/fail). Their
programs, and the settings as messages show them (``shown_setting``), name a package's files
as the build names its cases."""

from __future__ import annotations

import shlex
from dataclasses import replace
from pathlib import Path

from kit.errors import BuildError
from kit.judges.comparator import Comparator
from kit.judges.compare import CHECKER_TIMEOUT, parse_compare
from kit.judges.compiling import MissingHeader
from kit.judges.programs import Interactor, Program, named_programs, parse_interactor
from kit.registry import Problem
from kit.run.limits import KILL_FACTOR


def problem_comparator(problem: Problem, scored_points: bool = False) -> Comparator:
    """The problem's comparison as problems.toml gives it, a C/C++ checker with the problem's
    header folders (``testlib = "PATH"``, a package's), not yet compiled; its program named
    as ``shown_setting`` names it."""
    where = f"problems.toml: [{problem.slug}]"
    comparator = jury_comparator(problem, where, scored_points)
    program = getattr(comparator, "program", None)  # a checker's or output validator's
    if isinstance(program, Program):
        comparator.program = _renamed(problem, program)  # type: ignore[attr-defined]
    return comparator


def jury_comparator(problem: Problem, where: str, scored_points: bool = False) -> Comparator:
    """The problem's ``compare`` parsed (errors said after ``where``), a checker or output
    validator given ``jury_limits``; ``scored_points``: the problem is scored by a checker's
    points (``kit.judges.checker_compare``)."""
    timeout, cpu, memory = jury_limits(problem)
    return parse_compare(
        problem.compare,
        problem.root,
        where,
        checker_timeout=timeout,
        checker_memory=memory,
        checker_cpu=cpu,
        include=problem.include,
        scored_points=scored_points,
    )


def jury_limits(problem: Problem) -> tuple[float, float | None, int | None]:
    """The seconds of wall time, of CPU time and the MiB (None: no limit) the problem's
    checker or output validator is given: its package's CPU time (problemtools' RLIMIT_CPU,
    docs/packages.md) and its wall back-stop, ``KILL_FACTOR`` times it, and memory; else the
    kit's ``CHECKER_TIMEOUT`` of wall time alone."""
    source = problem.source
    if source is None or source.validation_time is None:
        return CHECKER_TIMEOUT, None, None
    cpu = source.validation_time
    return KILL_FACTOR * cpu, cpu, source.validation_memory


def interactor_command(problem: Problem) -> Interactor | None:
    """The problem's interactor (its program and protocol, ``kit.judges.programs``), or None;
    its program named as ``shown_setting`` names it."""
    if problem.interactor is None:
        return None
    where = f"problems.toml: [{problem.slug}]"
    found = parse_interactor(problem.interactor, problem.root, where, problem.include)
    return replace(
        found, program=replace(found.program, shown=_named(problem, found.program.shown))
    )


def shown_setting(problem: Problem, setting: str) -> str:
    """A ``compare`` or ``interactor`` setting of the problem as messages show it: a package's
    programs named as the build names its cases (``pkg.zip/files/interactor.cpp``,
    ``Package.named``), never by an unpacked archive's place in the kit's cache; quoted as the
    setting quotes it (``"bob's pkg.zip"``'s interactor: ``testlib:'bob'"'"'s pkg.zip/...'``)."""
    for _role, path in named_programs(problem.compare, problem.interactor):
        named = _named(problem, path)
        if named != path:
            setting = _swapped(setting, path, named)
    return setting


def _swapped(setting: str, path: str, named: str) -> str:
    """``setting`` with ``path`` written as ``named``: a shell word (as a package's settings
    write a program, ``shlex.quote``; any path with nothing to quote) quoted so again; a path
    written as it is (``checker:my checker.py``) as it is, unless it starts with a quote."""
    quoted = shlex.quote(path)
    if quoted in setting:
        return setting.replace(quoted, shlex.quote(named))
    whole = shlex.quote(named) if named.startswith(("'", '"')) else named  # else read as a word
    return setting.replace(path, whole)


def _renamed(problem: Problem, program: Program) -> Program:
    return replace(program, shown=_named(problem, program.shown))


def _named(problem: Problem, path: str) -> str:
    """A program's path as problems.toml's setting gives it (from the workspace's root), as
    messages name it: a package's as ``Package.named``, any other as written."""
    if problem.source is None:
        return path
    return problem.source.named(Path(problem.root, path))


def compiled_judges(
    problem: Problem, scored_points: bool = False
) -> tuple[Comparator, Interactor | None]:
    """The problem's comparator (``scored_points`` as ``jury_comparator``'s) and interactor
    (its ``quitp`` accepting under the same ``scored_points``), a C/C++ one compiled now,
    once; a header it includes that is nowhere is said with the key that names its folder."""
    try:
        comparator = problem_comparator(problem, scored_points)
        comparator.prepare()
        interactor = interactor_command(problem)
        if interactor is not None:
            interactor = replace(interactor, scored_points=scored_points)
            interactor.program.argv()
    except MissingHeader as error:
        raise BuildError(
            f'{error} (problems.toml\'s testlib = "DIR" names the folder that holds it)'
        ) from None
    return comparator, interactor

"""The comparator and interactor a problem's runs are judged with, as problems.toml gives them
(``problem_comparator``, ``interactor_command``), and both made ready once before its runs, a
C/C++ one compiled (``compiled_judges``)."""

from __future__ import annotations

from kit.errors import BuildError
from kit.judges.comparator import Comparator
from kit.judges.compare import parse_compare
from kit.judges.programs import Interactor, MissingHeader, parse_interactor
from kit.registry import Problem


def problem_comparator(problem: Problem) -> Comparator:
    """The problem's comparison as problems.toml gives it, a C/C++ checker with the problem's
    header folders (``testlib = "PATH"``, a package's), not yet compiled."""
    where = f"problems.toml: [{problem.slug}]"
    return parse_compare(problem.compare, problem.root, where, include=problem.include)


def interactor_command(problem: Problem) -> Interactor | None:
    """The problem's interactor (its program and protocol, ``kit.judges.programs``), or None."""
    if problem.interactor is None:
        return None
    where = f"problems.toml: [{problem.slug}]"
    return parse_interactor(problem.interactor, problem.root, where, problem.include)


def compiled_judges(problem: Problem) -> tuple[Comparator, Interactor | None]:
    """The problem's comparator and interactor, a C/C++ one compiled now, once; a header it
    includes that is nowhere is said with the key that names its folder."""
    try:
        comparator = problem_comparator(problem)
        comparator.prepare()
        interactor = interactor_command(problem)
        if interactor is not None:
            interactor.program.argv()
    except MissingHeader as error:
        raise BuildError(
            f'{error} (problems.toml\'s testlib = "DIR" names the folder that holds it)'
        ) from None
    return comparator, interactor

"""A package's input validators run on every case's input, as problemtools' ``verifyproblem``
does before it judges a submission: a case the jury's own validator rejects is a defect of the
package, whatever the submissions do on it.

The Kattis problem package format (spec/legacy.md, "Input Validators"; the later versions
keep it): every program in ``input_validators/`` (or the deprecated
``input_format_validators/``) runs on every input file, ``VALIDATOR [ARGS] < INPUT``, and
must exit 42; any other status means the input "could not be confirmed as valid". ARGS are the
test group's ``input_validator_flags`` (``input_validator_args`` in later versions): a string
for every validator, or a map from a validator's name to its own (``kit.packages.kattis``).
VIVA and Checktestdata files are not run (a note says so). Polygon's validators (problem.xml's
``<validators>``) are testlib's: ``VALIDATOR --testset NAME [--group G] < INPUT``, exit status 0
for a valid input (``kit.packages.polygon``). A validator is started as the kit starts every
jury program (``kit.processes``), compiled once if it is C or C++ (``kit.judges.programs``),
and stopped after TIMEOUT seconds.

API::

    check_inputs(problem, jobs=None) -> InputCheck | None   # None: the package has none
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from kit.judges.compare import judge_message
from kit.judges.programs import Program, program_at
from kit.packages.model import KATTIS, POLYGON
from kit.processes import run_program, signal_name
from kit.registry import Problem
from kit.run.schedule import cores

VALID = {KATTIS: 42, POLYGON: 0}  # each format's exit status for a valid input
TIMEOUT = 60.0  # seconds a validator may take on one input


@dataclass(frozen=True)
class Rejection:
    case: str  # its input's path from the package's top: "data/secret/03.in", "tests/03"
    validator: str  # its path from the package's top
    why: str  # "exit status 43: n out of range", "killed at 60 s"


@dataclass(frozen=True)
class InputCheck:
    validators: tuple[str, ...]
    inputs: int
    rejected: tuple[Rejection, ...]


def check_inputs(problem: Problem, jobs: int | None = None) -> InputCheck | None:
    """Every input validator of the problem's package on every case's input, ``jobs`` at a
    time (None: the cores)."""
    package = problem.source
    if package is None or not package.input_validators:
        return None
    where = f"{package.shown}: input validator"
    programs = [
        (name, program_at(path, problem.root, where, "program", package.include, folder=True))
        for name, path in package.input_validators
    ]
    for _, program in programs:
        program.argv()  # compiled before the runs start, one at a time
    valid = VALID[package.format]
    runs = [
        (case, case.input.relative_to(package.path).as_posix(), name, program, _shown(path), valid)
        for case in package.cases
        for (name, program), (_, path) in zip(programs, package.input_validators)
    ]
    with ThreadPoolExecutor(jobs or cores()) as pool:
        found = [rejection for rejection in pool.map(_run, runs) if rejection is not None]
    shown = tuple(_shown(path) for _, path in package.input_validators)
    return InputCheck(shown, len(package.cases), tuple(found))


def _shown(path: str) -> str:
    """A validator's path from the package's top (``input_validators/check.py``)."""
    return "/".join(path.replace("\\", "/").split("/")[-2:])


def _run(run: tuple) -> Rejection | None:
    case, input_name, name, program, shown, valid = run
    program: Program
    argv = [*program.argv(), *case.args_for(name)]
    status, stdout, stderr, hung = run_program(argv, case.input.parent, TIMEOUT, case.input)
    if status == valid and not hung:
        return None
    if hung:
        why = f"killed at {TIMEOUT:g} s"
    elif status < 0:
        why = f"killed by {signal_name(-status)}"
    else:
        message = judge_message(stdout, stderr)
        why = f"exit status {status}" + (f": {message}" if message else "")
    return Rejection(input_name, shown, why)

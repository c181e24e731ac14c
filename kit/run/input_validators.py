"""A problem package's input validators as programs run on one input: what ``verify`` runs on
every case's input (``kit.verify.input_check``) and ``stress`` on the shrink's candidates
when its module has no ``validate(text)`` (``kit.stress.source``).

A Kattis-format package's validator must exit 42 for a valid input, a Polygon package's
(testlib's) 0 (``VALID``). A Checktestdata file (``.ctd``) runs as the kit's own program
(``kit.checktestdata``, imported only for one), read first: a malformed one is a one-line
error, as a validator that does not compile is; another validator is started as every jury
program is (``kit.judges.programs``, compiled once if it is C or C++), and stopped after
TIMEOUT seconds. One that includes a header found nowhere (BAPCtools' ``validation.h``) is
left out with a note; so are those the kit does not run (``Package.unrun_validators``).

``TextValidation`` runs them on one text, under each setting of arguments the cases give
them: a text is valid when every validator confirms it under one of them (it fits some test
group).

API::

    VALID[format]; TIMEOUT
    validator_programs(problem, package) -> ([(name, shown, program)], [note of one left out])
    ValidatorRuns().verdict((stdin, argv, args, valid)) -> None | why not  # a hung one not again
    TextValidation.of(problem) -> TextValidation | None   # None: the package has none
    validation(text)   # None, or ValueError("input_validators/check.py: exit status 43: ...")
    validation.shown   # ("input_validators/check.py",): those run (none: it validates nothing)
    validation.left_out   # ("input_validators/format.viva (VIVA) is not run here", ...)
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from kit.errors import BuildError
from kit.judges.checker_compare import HangRecord
from kit.judges.compiling import PROBLEMTOOLS, MissingHeader
from kit.judges.judge_messages import judge_message
from kit.judges.programs import program_at
from kit.packages.kattis_validators import CHECKTESTDATA
from kit.packages.model import KATTIS, POLYGON, args_for
from kit.processes import run_program, signal_name
from kit.registry import Problem

VALID = {KATTIS: 42, POLYGON: 0}  # each format's exit status for a valid input
TIMEOUT = 60.0  # seconds a validator may take on one input


def validator_programs(problem: Problem, package) -> tuple[list, list[str]]:
    """The package's input validators as (name, shown path, program), each compiled before
    the runs start, one at a time; and what is said of those left out (a header the format's
    tool supplies, found nowhere here)."""
    where = f"{package.shown}: input validator"
    programs = [
        (
            name,
            _validator_shown(Path(problem.root, path), package.path),
            _program(problem, package, path, where),
        )
        for name, path in package.input_validators
    ]
    unbuilt = []
    for entry in list(programs):
        try:
            entry[2].argv()
        except MissingHeader as error:
            unbuilt.append(f"{entry[1]}: not run: it includes {error.header}, found nowhere")
            programs.remove(entry)
    return programs, unbuilt


def _program(problem: Problem, package, path: str, where: str):
    """The validator ``path`` names, ready to run: a Checktestdata file read (a one-line
    error when malformed), another program as every jury program is."""
    if not path.endswith(CHECKTESTDATA):
        jury = PROBLEMTOOLS if package.format == KATTIS else ""
        include = package.include
        return program_at(path, problem.root, where, "program", include, folder=True, jury=jury)
    from kit.checktestdata import CtdError, Validator  # for a .ctd file only

    file = Path(problem.root, path)
    try:
        return Validator.read(file)
    except CtdError as error:
        shown = _validator_shown(file, package.path)
        raise BuildError(f"{where} {shown} could not be read: {error}") from None


def _validator_shown(path: Path, package: Path) -> str:
    """A validator's path from the package's top (``input_validators/check.py``): read as
    written first, as a package read through its constants view links its files out of the
    view (``kit.packages.constants``), then with links followed; else as it is."""
    for place, top in ((_absolute(path), _absolute(package)), (path.resolve(), package.resolve())):
        if place.is_relative_to(top):
            return place.relative_to(top).as_posix()
    return path.as_posix()


def _absolute(path: Path) -> Path:
    """``path`` made absolute and its ``..`` taken off, no link followed."""
    return Path(os.path.normpath(path.absolute()))


class ValidatorRuns:
    """Runs validators, each one no more after it hung once (``kit.judges.checker_compare``'s
    ``HangRecord``: every later input is said to be unconfirmed without a run, as a hung
    checker's later cases are not judged)."""

    def __init__(self) -> None:
        self.hangs = HangRecord()  # each program by its argv, arguments left out

    def verdict(self, run: tuple) -> str | None:
        """None when the validator confirms the input, else why not."""
        stdin, program, args, valid = run
        refusal = self.hangs.refusal(program, "input")
        if refusal is not None:
            return refusal
        found = _verdict(stdin, (*program, *args), valid)
        if found is not None and found.startswith("killed at"):
            self.hangs.killed(TIMEOUT, program)
        return found


def _verdict(stdin: Path, argv: tuple, valid: int) -> str | None:
    """None when the validator confirms the input, else why not."""
    status, stdout, stderr, hung = run_program(list(argv), stdin.parent, TIMEOUT, stdin)
    if status == valid and not hung:
        return None
    if hung:
        return f"killed at {TIMEOUT:g} s"
    if status < 0:
        return f"killed by {signal_name(-status)}"
    message = judge_message(stdout, stderr)
    return f"exit status {status}" + (f": {message}" if message else "")


class TextValidation:
    """The package's input validators that run, as a function of a text: None when they
    confirm it under one setting of the cases' arguments, else ValueError, the first
    setting's first refusal (``validator: why``). One that hung is not run again.
    ``left_out`` says those not run (none run: ``shown`` is empty)."""

    def __init__(self, programs: list, settings: list, valid: int, left_out=()) -> None:
        self.programs, self.settings, self.valid = programs, settings, valid
        self.shown = tuple(shown for _, shown, _ in programs)
        self.left_out = tuple(left_out)
        self.runs = ValidatorRuns()

    @classmethod
    def of(cls, problem: Problem) -> TextValidation | None:
        package = problem.source
        if package is None or not (package.input_validators or package.unrun_validators):
            return None
        programs, unbuilt = validator_programs(problem, package)
        unrun = [f"{validator} is not run here" for validator in package.unrun_validators]
        settings = list(dict.fromkeys(case.input_args for case in package.cases)) or [()]
        return cls(programs, settings, VALID[package.format], [*unbuilt, *unrun])

    def __call__(self, text: str) -> None:
        with tempfile.TemporaryDirectory(prefix="kit-validated-") as folder:
            path = Path(folder, "input")
            path.write_text(text, encoding="utf-8")
            first = None
            for setting in self.settings:
                refusal = self._refusal(path, setting)
                if refusal is None:
                    return
                first = first or refusal
        raise ValueError(first)

    def _refusal(self, path: Path, setting: tuple) -> str | None:
        """``validator: why`` of the first validator that does not confirm ``path`` under
        ``setting``, else None."""
        for name, shown, program in self.programs:
            run = (path, tuple(program.argv()), args_for(setting, name), self.valid)
            why = self.runs.verdict(run)
            if why is not None:
                return f"{shown}: {why}"
        return None

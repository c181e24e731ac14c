"""A package's input validators run on every case's input, as problemtools' ``verifyproblem``
does before it judges a submission: a case the jury's own validator rejects is a defect of the
package, whatever the submissions do on it.

The Kattis problem package format (spec/legacy.md, "Input Validators"; the later versions
keep it): every program in ``input_validators/`` (or the deprecated
``input_format_validators/``) runs on every input file, ``VALIDATOR [ARGS] < INPUT``, and
must exit 42; any other status means the input "could not be confirmed as valid". ARGS are the
test group's ``input_validator_flags`` (``input_validator_args`` in later versions): a string
for every validator, or a map from a validator's name to its own (``kit.packages.kattis_data``).
Polygon's validators (problem.xml's ``<validators>``) are testlib's: ``VALIDATOR --testset
NAME [--group G] < INPUT``, exit status 0 for a valid input (``kit.packages.polygon``). How a
validator is run and stopped (a Checktestdata file as the kit's own program, a hung one not run
again: its later inputs are unconfirmed, "not run"; one including a header found nowhere, such
as BAPCtools' ``validation.h``, named and not run; ``verify --include DIR`` names its folder)
is ``kit.run.input_validators``'s. VIVA files are not run (a note says so, and so does each
line that says no validator rejects an input: problemtools runs them, and one may reject it).

A package in the 2025-09 format may hold validation data: each input of
``data/invalid_input`` must be rejected by at least one validator (one they all accept is
named, and is a failure like a rejected case), and the inputs of ``data/invalid_output`` and
``data/valid_output`` must be valid, as the cases' are. A Polygon package's validator tests
are judged so too: an invalid one as ``data/invalid_input``'s, a valid one as a case (its
checker tests' inputs are not validated: Polygon does not ask them to be valid).

Then, as problemtools' ``verifyproblem`` does, the validators get junk (``kit.junk``):
JUNK (an empty file, binary bytes, a line of every printable character) under each set of
arguments the cases give them, and each of MODIFICATIONS made to the first case's input it
changes, under that case's arguments. Junk that no validator rejects is a warning, since
validators that let it through check little (junk equal to a case's own input is left out:
some problems have an empty input).

``kit.run.input_validators``' ``TextValidation`` runs them on one text, as a stress module's
``validate(text)`` does (``kit.stress.source``: a module without one cuts the inputs it shrinks
under the package's).

API::

    check_inputs(problem, jobs=None) -> InputCheck | None   # None: the package has none
"""

from __future__ import annotations

import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from kit.junk import JUNK, MODIFICATIONS
from kit.packages.model import KATTIS, args_for
from kit.registry import Problem
from kit.run.input_validators import VALID, ValidatorRuns, validator_programs
from kit.run.schedule import cores


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
    junk: tuple[str, ...] = ()  # junk no validator rejects: "an empty file (with --min 0)"
    # modified inputs no validator rejects: "data/secret/1.in with each space doubled"
    modified: tuple[str, ...] = ()
    invalid: int = 0  # the package's invalid inputs (data/invalid_input) tried
    let_through: tuple[str, ...] = ()  # those of them every validator accepts
    # validators that could not be built for a header found nowhere, and are not run
    unbuilt: tuple[str, ...] = ()
    valid_tests: int = 0  # of ``inputs``, the validator's own valid tests (Polygon's)
    # the package's input validators the kit does not run (``Package.unrun_validators``): one
    # of them may reject what those run let through
    unrun: tuple[str, ...] = ()


def check_inputs(problem: Problem, jobs: int | None = None) -> InputCheck | None:
    """Every input validator of the problem's package on every case's input (the validation
    data's output cases' too), ``jobs`` at a time (None: the cores); on the package's invalid
    inputs; then on junk (see the module doc)."""
    package = problem.source
    if package is None or not package.input_validators:
        return None
    programs, unbuilt = validator_programs(problem, package)
    checked = package.checked_outputs if package.format == KATTIS else ()
    cases = package.cases + checked + package.valid_inputs
    if not programs:
        return InputCheck(
            (), len(cases), (), unbuilt=tuple(unbuilt), unrun=package.unrun_validators
        )
    valid = VALID[package.format]
    pairs = [(case, validator) for case in cases for validator in programs]
    invalid = [(case, validator) for case in package.invalid_inputs for validator in programs]
    runs = [
        (case.input, tuple(program.argv()), case.args_for(name), valid)
        for case, (name, _, program) in pairs + invalid
    ]
    validators = ValidatorRuns()
    with ThreadPoolExecutor(jobs or cores()) as pool:

        def judge(runs: list) -> list:
            return list(pool.map(validators.verdict, runs))

        said = judge(runs)
        junk = _junk_accepted(package, programs, judge, valid)
        modified = _modifications_accepted(package, programs, judge, valid)
    found = tuple(
        Rejection(_inside(case.input, package.path), validator[1], why)
        for (case, validator), why in zip(pairs, said)
        if why is not None
    )
    rejected_invalid = {id(case) for (case, _), why in zip(invalid, said[len(pairs) :]) if why}
    let_through = tuple(
        _inside(case.input, package.path)
        for case in package.invalid_inputs
        if id(case) not in rejected_invalid
    )
    shown = tuple(shown for _, shown, _ in programs)
    invalid_count = len(package.invalid_inputs)
    return InputCheck(
        shown,
        len(cases),
        found,
        junk,
        modified,
        invalid_count,
        let_through,
        tuple(unbuilt),
        len(package.valid_inputs),
        package.unrun_validators,
    )


def _inside(path: Path, package: Path) -> str:
    """A case file's path from the package's top: ``data/secret/03.in``."""
    return path.relative_to(package).as_posix()


def _junk_accepted(package, programs, judge, valid: int) -> tuple[str, ...]:
    """The junk inputs that pass every validator, under some case's arguments (problemtools'
    sanity check of the validators: one that lets junk through checks nothing)."""
    settings = list(dict.fromkeys(case.input_args for case in package.cases))
    sizes = {case.input.stat().st_size for case in package.cases}
    accepted = []
    with tempfile.TemporaryDirectory(prefix="kit-junk-") as folder:
        for number, (what, data) in enumerate(JUNK):
            if len(data) in sizes and any(c.input.read_bytes() == data for c in package.cases):
                continue  # a real case's input (a problem with an empty input)
            path = Path(folder, f"junk{number}.in")
            path.write_bytes(data)
            for setting in settings:
                runs = [
                    (path, tuple(p.argv()), args_for(setting, name), valid)
                    for name, _, p in programs
                ]
                if all(why is None for why in judge(runs)):
                    args = " ".join(arg for _, values in setting for arg in values)
                    accepted.append(what + (f" (with {args})" if args else ""))
    return tuple(accepted)


def _modifications_accepted(package, programs, judge, valid: int) -> tuple[str, ...]:
    """Each of MODIFICATIONS made to the first case's input it changes, when every validator
    passes it under that case's arguments (problemtools tries each on one case too)."""
    accepted = []
    with tempfile.TemporaryDirectory(prefix="kit-modified-") as folder:
        for number, modification in enumerate(MODIFICATIONS):
            for case in package.cases:
                changed = modification.apply(case.input.read_bytes())
                if changed is not None:
                    break
            else:
                continue  # it changes no case's input
            path = Path(folder, f"modified{number}.in")
            path.write_bytes(changed)
            runs = [(path, tuple(p.argv()), case.args_for(name), valid) for name, _, p in programs]
            if all(why is None for why in judge(runs)):
                where = _inside(case.input, package.path)
                accepted.append(f"{where} with {modification.what}")
    return tuple(accepted)

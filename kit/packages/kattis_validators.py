"""The programs of a Kattis-format package that judge, as specs the kit runs
(Kattis/problem-package-format: spec/legacy.md and spec/2025-09.md; problemtools,
problemtools/verifyproblem.py):

- **Output validation**: ``validation: default`` (legacy's default) uses the default
  validator's rules with ``validator_flags`` (``kit.judges.compare``, ``"kattis:FLAGS"``);
  ``validation: custom`` (or, in later versions, an ``output_validator/`` folder) the
  package's own validator in the Kattis protocol, as an interactive problem's interactor.
  The validator is the one program in the validator folder (a file, or a folder of sources
  compiled together); with several, the first, as problemtools does ("Support for multiple
  output validators has been dropped"). The folder is the version's own
  (``output_validators/`` in legacy, ``output_validator/`` later), else the other one, read
  with a note (DOMjudge reads either, problemtools only the version's own). What problemtools
  calls errors in a legacy ``validation`` are notes: a validator ``validation: default``
  leaves unused, a word after ``custom`` other than ``score`` and ``interactive``.
- **Multi-pass**: a ``multi-pass`` problem needs its own output validator or interactor; it
  takes at most ``limits.validation_passes`` passes (default 2, at least 2).
- **Input validators**: each file or folder of ``input_validators/`` (else the deprecated
  ``input_format_validators/``): a source, an executable, a folder of sources or a
  Checktestdata file (``.ctd``, run by ``kit.checktestdata``); VIVA files, and programs of a
  language the kit does not run, are named in a note and kept (``Package.unrun_validators``:
  what says no validator rejects an input names them).
- **Grader**: a group's custom grading runs the program in ``graders/`` (legacy, "Graders":
  at most one).
"""

from __future__ import annotations

import shlex
from pathlib import Path

from kit.errors import BuildError
from kit.judges.programs import runnable
from kit.packages.kattis_files import LANGUAGES, hidden
from kit.packages.kattis_limits import number

VALIDATOR_FOLDERS = ("output_validators", "output_validator")  # legacy's, the later versions'
INPUT_FOLDERS = ("input_validators", "input_format_validators")  # the second deprecated
NOT_PROGRAMS = {".viva": "VIVA"}  # validator languages not run here
CHECKTESTDATA = ".ctd"  # a Checktestdata file: run by kit.checktestdata


def input_validators(
    path: Path, shown: str, base: str
) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """(name, path) of each input validator program, each file or folder of the first of
    INPUT_FOLDERS present (a source, an executable, a folder of sources, or a Checktestdata
    file); the validators written in a language the kit does not run, each as
    ``input_validators/format.viva (VIVA)``; and a note naming them."""
    folder = next((path / name for name in INPUT_FOLDERS if (path / name).is_dir()), None)
    if folder is None:
        return [], [], []
    found, skipped = [], []
    for entry in sorted(folder.iterdir()):
        if hidden(entry.name):
            continue
        if entry.suffix in NOT_PROGRAMS:
            skipped.append(f"{folder.name}/{entry.name} ({NOT_PROGRAMS[entry.suffix]})")
        elif runnable(entry, folder=True) or entry.suffix == CHECKTESTDATA:
            name = entry.name if entry.is_dir() else entry.stem
            found.append((name, f"{base}/{folder.name}/{entry.name}"))
        else:  # another language (a Ruby script, a folder of Java)
            what = "a folder of no .py, C or C++ source" if entry.is_dir() else "not executable"
            skipped.append(f"{folder.name}/{entry.name} ({what})")
    if not skipped:
        return found, [], []
    note = f"note: {shown}: not run, a language the kit does not run: {', '.join(skipped)}"
    return found, skipped, [note]


def judging(
    path: Path, shown: str, base: str, config: dict, legacy: bool, kind: str
) -> tuple[str, str | None]:
    """The compare spec and the interactor spec."""
    flags = str(config.get("validator_flags", "")).split()
    validation = str(config.get("validation", "default")).split() or ["default"]
    if legacy and validation[0] not in ("default", "custom"):
        raise BuildError(f"{shown}/problem.yaml: validation must begin with default or custom")
    names = VALIDATOR_FOLDERS  # legacy's first, the later one's next
    folders = [path / name for name in (names if legacy else names[::-1])]
    folder = next((place for place in folders if place.is_dir()), folders[0])
    custom = validation[0] == "custom" if legacy else folder.exists()
    if kind == "interactive" or custom:
        why = "an interactive problem" if kind == "interactive" else "validation: custom"
        program = _validator(folder, shown, why)
        spec = shlex.join([f"{base}/{program}", *flags])
        if kind == "interactive":
            return "kattis", f"kattis:{spec}"
        return f"validator:{spec}", None
    return ("kattis:" + " ".join(flags)) if flags else "kattis", None


def grader(path: Path, shown: str, base: str, grading: tuple) -> str:
    """The spec path of the grader program in ``graders/`` when a group's grading is custom
    (legacy spec, "Graders": at most one); "" otherwise."""
    if not any(entry.custom for entry in grading):
        return ""
    folder = path / "graders"
    if not folder.is_dir():
        raise BuildError(f"{shown}: grading: custom, but graders/ is missing")
    return f"{base}/{_program_in(folder, shown, 'grader')}"


def validator_folder_notes(path: Path, shown: str, config: dict, legacy: bool) -> list[str]:
    """A note when the output validator read is only in the other version's folder: read, as
    DOMjudge reads either (webapp/src/Service/ImportProblemService.php), where problemtools
    reads only the version's own (problemtools/formatversion.py) and warns of the other."""
    own, other = VALIDATOR_FOLDERS if legacy else VALIDATOR_FOLDERS[::-1]
    if (path / own).is_dir() or not (path / other).is_dir():
        return []
    if legacy and str(config.get("validation", "default")).split()[:1] != ["custom"]:
        return []  # not read: the default validator judges
    return [
        f"note: {shown}: the output validator is in {other}/, where this format version's is "
        f"{own}/: read here, as DOMjudge reads either; problemtools reads only {own}/"
    ]


def validation_errors(path: Path, config: dict, legacy: bool) -> list[tuple[str, str]]:
    """What problemtools reports as errors in a legacy package's ``validation``, each with the
    file it is in ("" for the package): a validator program that ``validation: default``
    leaves unused, and a word after ``custom`` other than ``score`` and ``interactive``."""
    if not legacy:
        return []
    words = str(config.get("validation", "default")).split() or ["default"]
    folder = path / "output_validators"
    unused = folder.is_dir() and any(not hidden(entry.name) for entry in folder.iterdir())
    errors = []
    if words[0] == "default" and unused:
        errors.append(
            ("", "output_validators/ holds a program, but validation is default: the default "
             "validator judges")
        )  # fmt: skip
    wrong = [word for word in words[1:] if word not in ("score", "interactive")]
    if words[0] == "custom" and wrong:
        errors.append(("problem.yaml", f"validation: {wrong[0]!r} is not score or interactive"))
    return errors


def validation_notes(path: Path, shown: str, config: dict, legacy: bool) -> list[str]:
    """A note for each of ``validation_errors``."""
    return [
        f"note: {shown}{'/' + file if file else ''}: {reason} (problemtools: an error)"
        for file, reason in validation_errors(path, config, legacy)
    ]


def _validator(folder: Path, shown: str, why: str) -> str:
    """The validator program's path relative to the package (``why``: what asks for one)."""
    if not folder.is_dir():
        raise BuildError(f"{shown}: {why}, but {folder.name}/ is missing")
    return _program_in(folder, shown, "validator")


def _program_in(folder: Path, shown: str, role: str) -> str:
    """The path relative to the package of the program in ``folder`` (a validator's, a
    grader's): the folder itself when it holds sources (its one source file where the folder
    is legacy's folder of programs: ``output_validators/check.cpp``, named so), else its
    first entry."""
    where = f"{shown}/{folder.name}"
    entries = sorted(entry for entry in folder.iterdir() if not hidden(entry.name))
    sources = [entry for entry in entries if entry.is_file() and entry.suffix in LANGUAGES]
    if len(sources) == 1 and folder.name != VALIDATOR_FOLDERS[1]:  # not the one program
        return f"{folder.name}/{sources[0].name}"
    if sources:
        return folder.name
    programs = [entry for entry in entries if entry.is_dir() or entry.suffix in LANGUAGES]
    if not programs:
        raise BuildError(f"{where}/ holds no {role} program")
    return f"{folder.name}/{programs[0].name}"


def passes(shown: str, limits: dict, types: list, compare: str, interactor: str | None) -> int:
    """A multi-pass problem's ``limits.validation_passes`` (default 2, at least 2); 0 for
    another problem."""
    if "multi-pass" not in types:
        return 0
    if not compare.startswith("validator:") and interactor is None:
        raise BuildError(f"{shown}: a multi-pass problem needs its own output validator")
    passes = number(limits, "validation_passes", 2, shown)
    if passes < 2 or passes != int(passes):
        raise BuildError(f"{shown}/problem.yaml: limits.validation_passes must be 2 or more")
    return int(passes)

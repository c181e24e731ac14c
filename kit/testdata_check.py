"""A Kattis package's test data checked as problemtools' ``verifyproblem`` checks it before it
runs anything (problemtools/verifyproblem.py: ``TestCase.check``, ``check_newlines``,
``check_size_limits``; ``TestCaseGroup.check``):

- each input and answer file: not UTF-8, a carriage return, or no line break at its end is a
  warning; over 100 MiB a warning, over 1000 MiB a failure ("can not be installed");
- an answer file larger than the output limit is a failure, over half of it a warning;
- the same input in two cases is a warning ("Identical input files"), unless it is a link;
- no secret case is a failure ("No secret data provided"), no sample case a warning;
- a group's grader flags: ``ignore_sample`` below data/ (inherited there too, unless the group
  sets flags of its own) is a failure ("only allowed at top level"), and so is data/'s with
  ``on_reject: break`` ("may cause secret data not to be judged").

API::

    check_data(package) -> DataCheck | None   # None: not a Kattis package
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from kit.packages.model import KATTIS, Package

MIB = 1024 * 1024
LARGE, TOO_LARGE = 100 * MIB, 1000 * MIB  # problemtools' sizes for a warning, a failure


@dataclass(frozen=True)
class DataCheck:
    cases: int
    warnings: tuple[str, ...]
    failures: tuple[str, ...]


def check_data(package: Package) -> DataCheck | None:
    """The package's cases checked as the module doc says."""
    if package.format != KATTIS:
        return None
    warnings: list[str] = []
    failures: list[str] = []
    seen: dict[bytes, str] = {}
    for case in package.cases:
        data = _file(case.input, package.path, warnings, failures)
        if case.answer is not None:
            _file(case.answer, package.path, warnings, failures)
        # a link shares a case on purpose (problemtools)
        if data is not None and not case.input.is_symlink():
            digest = hashlib.sha256(data).digest()
            if digest in seen:
                warnings.append(f"{case.name}.in is identical to {seen[digest]}.in")
            seen.setdefault(digest, case.name)
        if case.answer is not None:
            _answer_size(case.answer, package, warnings, failures)
    groups = {case.group for case in package.cases}
    if "secret" not in groups:
        failures.append("no secret data (data/secret holds no case)")
    if "sample" not in groups:
        warnings.append("no sample data (data/sample holds no case)")
    failures += _grading_failures(package)
    return DataCheck(len(package.cases), tuple(warnings), tuple(failures))


def _file(path: Path, top: Path, warnings: list[str], failures: list[str]) -> bytes | None:
    """What problemtools says of one input or answer file; its bytes (None: too large to
    read)."""
    name = path.relative_to(top).as_posix()
    size = path.stat().st_size
    if size > TOO_LARGE:
        failures.append(f"{name} is {size / MIB:.1f} MiB, over 1000 MiB: it cannot be installed")
        return None
    if size > LARGE:
        warnings.append(f"{name} is {size / MIB:.1f} MiB, over 100 MiB")
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        warnings.append(f"{name} is not UTF-8")
        return data
    if "\r" in text:
        warnings.append(f"{name} holds a carriage return (a line break that is not \\n)")
    if text and not text.endswith("\n"):
        warnings.append(f"{name} does not end with a line break")
    return data


def _answer_size(answer: Path, package: Package, warnings: list, failures: list) -> None:
    name = answer.relative_to(package.path).as_posix()
    size, limit = answer.stat().st_size, package.output_limit * MIB
    if size > limit:
        failures.append(f"{name} is larger than the {package.output_limit} MiB output limit")
    elif 2 * size > limit:
        warnings.append(f"{name} is over half the {package.output_limit} MiB output limit")


def _grading_failures(package: Package) -> list[str]:
    """problemtools' errors on where ``ignore_sample`` is set (``TestCaseGroup.check``)."""
    found = []
    for group in package.grading:
        if "ignore_sample" not in group.flags:
            continue
        where = f"data/{group.path}".rstrip("/")
        if group.path:
            found.append(f"{where}: grader_flags: ignore_sample is allowed in data/ alone")
        elif group.on_reject == "break":
            found.append(f"{where}: ignore_sample with on_reject: break may leave secret unjudged")
    return found

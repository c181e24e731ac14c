"""A Kattis package's test data checked as problemtools' ``verifyproblem`` checks it before it
runs anything (problemtools/verifyproblem.py: ``TestCase.check``, ``check_newlines``,
``check_size_limits``; ``TestCaseGroup.check``):

- each input and answer file: not UTF-8, a carriage return, or no line break at its end is a
  warning; over 100 MiB a warning, over 1000 MiB a failure ("can not be installed");
- an answer file larger than the output limit is a failure, over half of it a warning;
- the same input in two cases is a warning ("Identical input files"), unless it is a link;
- no secret case is a failure ("No secret data provided"), no sample case a warning (not for
  an interactive problem whose samples are ``.interaction`` files);
- a group's grader flags: ``ignore_sample`` below data/ (inherited there too, unless the group
  sets flags of its own) is a failure ("only allowed at top level"), and so is data/'s with
  ``on_reject: break`` ("may cause secret data not to be judged").
- data/'s folders (``TestCaseGroup.check``): a file at its top, or a folder there other than
  sample, secret and the 2025-09 validation groups, is a failure; so is, in a group, a
  ``.in`` without its ``.ans`` or an ``.ans`` without its ``.in``, and a group below sample or
  secret with neither cases nor groups; a link to nothing, and a link to a folder above it
  (which the package's reader does not follow), are failures too; in a 2025-09 package, a
  data/secret with test data groups that also holds a case or a folder that is no group, or a
  group below a group ("Test data groups"). Subgroups whose names
  sort otherwise by their numbers ("group10" before "group2") are a warning ("consider
  zero-padding").
- a link anywhere in a package folder (problemtools' ``_check_symlinks``): one to a place
  outside the package, or an absolute one, is a failure, and one to nothing outside data/
  (data/'s are its groups' failures, above); a package unpacked from an archive has none
  (the archive's reader refuses them), and a package read through its constants' view is
  checked in its own folder.
- a ``testdata.yaml``: a key problemtools does not know (nor 2025-09's ``test_group.yaml``)
  is a warning; ``accept_score``, ``reject_score`` or ``range`` in a pass-fail problem a
  failure ("only applicable for scoring problems").

API::

    check_data(package) -> DataCheck | None   # None: not a Kattis package
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from kit.errors import BuildError
from kit.packages import smallyaml
from kit.packages.kattis_data import group_file_of
from kit.packages.kattis_files import hidden, looping
from kit.packages.model import KATTIS, Package

MIB = 1024 * 1024
LARGE, TOO_LARGE = 100 * MIB, 1000 * MIB  # problemtools' sizes for a warning, a failure
TOP_GROUPS = (
    "sample",
    "secret",
    "invalid_input",
    "invalid_output",
    "valid_output",
    "invalid_answer",
)
SCORING_KEYS = ("accept_score", "reject_score", "range")
# problemtools' testdata.yaml keys (problemtools/config/testdata.yaml), then 2025-09's
# test_group.yaml keys, which a testdata.yaml may hold in a package on its way there
KNOWN_KEYS = (
    "input_validator_flags",
    "output_validator_flags",
    "on_reject",
    "grading",
    "grader_flags",
    *SCORING_KEYS,
    "input_validator_args",
    "output_validator_args",
    "static_validation",
    "max_score",
    "score_aggregation",
    "require_pass",
    "full_feedback",
    "description",
    "hint",
    "args",
    "input_visualizer_args",
    "output_visualizer_args",
)


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
    shown = package.kind == "interactive" and any(package.path.glob("data/sample/*.interaction"))
    if "sample" not in groups and not shown:
        warnings.append("no sample data (data/sample holds no case)")
    failures += _grading_failures(package)
    if package.version.startswith("2025-09"):
        failures += _group_layout(package.path / "data" / "secret")
    _folders(package, warnings, failures)
    failures += _links(package)
    return DataCheck(len(package.cases), tuple(warnings), tuple(failures))


def _links(package: Package) -> list[str]:
    """The package folder's links that point outside it, are absolute, or (outside data/)
    point to nothing (the module doc)."""
    top = package.archive if package.archive is not None else package.path
    if not top.is_dir():
        return []  # an archive: its reader refused such links
    failures, real = [], os.path.realpath(top)
    for folder, folders, files in os.walk(top):
        folders.sort()  # walked in order of their names
        for name in sorted(folders + files):
            entry = os.path.join(folder, name)
            if not os.path.islink(entry):
                continue
            shown, target = Path(entry).relative_to(top).as_posix(), os.readlink(entry)
            resolved = os.path.realpath(entry)  # a loop does not raise here
            said = f"{shown} is a link to {target}"
            if os.path.commonpath([real, resolved]) != real:
                failures.append(f"{said}, outside the package")
            elif os.path.isabs(target):
                failures.append(f"{said}, an absolute path (links must be relative)")
            elif not os.path.exists(resolved) and not shown.startswith("data/"):
                failures.append(f"{shown} {_dead_end(entry)} ({target})")
    return failures


def _dead_end(link: str) -> str:
    """What a link that leads to no file is: one to nothing, or one that loops."""
    try:
        os.stat(link)
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "is a link that loops"
    return "is a link to nothing"


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


def _group_layout(secret: Path) -> list[str]:
    """2025-09's rules for test data groups (spec/2025-09.md, "Test data groups"): a folder of
    data/secret with a ``test_group.yaml`` is one; when there is one, nothing else is directly
    in data/secret (no ``.in``, no folder that is no group), and groups do not nest."""
    if not secret.is_dir():
        return []
    entries = [entry for entry in sorted(secret.iterdir()) if not hidden(entry.name)]
    folders = [entry for entry in entries if entry.is_dir() and not looping(entry)]
    groups = [folder for folder in folders if (folder / "test_group.yaml").is_file()]
    failures = [
        f"data/secret/{folder.name}/{path.relative_to(folder).as_posix()}: a test data group "
        "below a group (groups do not nest)"
        for folder in groups
        for path in sorted(folder.rglob("test_group.yaml"))
        if path.parent != folder
    ]
    if not groups:
        return failures
    failures += [
        f"data/secret/{entry.name}: a test case beside test data groups (with groups, every "
        "case is in one)"
        for entry in entries
        if entry.suffix == ".in" and entry.is_file()
    ]
    failures += [
        f"data/secret/{folder.name}: no test_group.yaml, beside folders that have one (with "
        "groups, every folder of data/secret is one)"
        for folder in folders
        if folder not in groups
    ]
    return failures


def _folders(package: Package, warnings: list[str], failures: list[str]) -> None:
    """problemtools' checks of data/'s folders and their ``testdata.yaml`` (the module doc)."""
    data = package.path / "data"
    if not data.is_dir():
        return
    names = {entry.name for entry in data.iterdir() if not hidden(entry.name)}
    for name in sorted(names):
        if name.endswith(".ans") and name[:-4] + ".in" in names:
            failures.append(f"data/{name[:-4]}: a case at the top of data/, where only groups go")
        elif (data / name).is_dir() and name not in TOP_GROUPS:
            failures.append(f"data/{name}: not a group of the format (sample and secret are)")
    _settings(data, package, warnings, failures)
    for group in ("sample", "secret"):
        if (data / group).is_dir():
            _group(data / group, package, warnings, failures)


def _group(folder: Path, package: Package, warnings: list[str], failures: list[str]) -> None:
    """One group's cases, subgroups and settings file, then its subgroups'."""
    name = folder.relative_to(package.path).as_posix()
    entries = [entry for entry in sorted(folder.iterdir()) if not hidden(entry.name)]
    for entry in entries:
        if entry.is_symlink() and not entry.exists():
            said = f"{name}/{entry.name} {_dead_end(str(entry))}"
            failures.append(f"{said} ({os.readlink(entry)})")
        elif looping(entry):
            failures.append(f"{name}/{entry.name} is a link to a folder above it (not followed)")
    entries = [entry for entry in entries if entry.exists() and not looping(entry)]
    files = {entry.name for entry in entries if not entry.is_dir()}
    for entry in sorted(files):
        stem, suffix = os.path.splitext(entry)
        other = {".in": ".ans", ".ans": ".in"}.get(suffix)
        if other is not None and stem + other not in files:
            failures.append(f"{name}/{entry} has no {stem}{other} beside it")
    cases = [entry for entry in files if entry.endswith(".in") and entry[:-3] + ".ans" in files]
    case_files = {entry[:-3] + ".files" for entry in cases}  # a case's NAME.files, no group
    groups = [entry for entry in entries if entry.is_dir() and entry.name not in case_files]
    if not groups and not cases and name.count("/") > 1:
        failures.append(f"{name} holds neither cases nor groups")
    for before, after in zip(groups, groups[1:]):
        if _natural(after.name) <= _natural(before.name):
            warnings.append(
                f"{name}/{before.name} is judged before {name}/{after.name} (names sort as "
                "text): consider zero-padding"
            )
    _settings(folder, package, warnings, failures)
    for group in groups:
        _group(group, package, warnings, failures)


def _settings(folder: Path, package: Package, warnings: list[str], failures: list[str]) -> None:
    """A folder's ``testdata.yaml`` (``test_group.yaml`` from 2025-09, the file its package
    reads): keys unknown, or for scoring problems only."""
    path = folder / group_file_of(package.version or "legacy")
    if not path.is_file():
        return
    name = path.relative_to(package.path).as_posix()
    try:
        config = smallyaml.load(path.read_text(encoding="utf-8"), name)
    except (BuildError, OSError, UnicodeDecodeError):
        return  # reading the package named it already
    for key in config:
        if key not in KNOWN_KEYS:
            warnings.append(f"{name}: {key!r} is not a key of the format")
        elif key in SCORING_KEYS and not package.objective:
            failures.append(
                f"{name}: {key!r} is for scoring problems, and this one is judged pass-fail"
            )


def _natural(name: str) -> list:
    """``name`` in problemtools' natural order: runs of digits compare as numbers."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]

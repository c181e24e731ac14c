"""A Kattis-format package's ``data/`` walked (Kattis/problem-package-format: spec/legacy.md
and spec/2025-09.md, "Test data"; problemtools, problemtools/verifyproblem.py), each group's
settings inherited by its subgroups and cases:

- **Cases**: ``data/sample`` then ``data/secret``, each group's test cases and subgroups
  (nested folders) in lexicographic order of their file names, a case being ``NAME.in`` with
  ``NAME.ans`` (problemtools: ``sorted(os.listdir(datadir))``, a case at each ``.ans`` with
  its ``.in``). A lone ``.in`` is not a case (a note names how many). A group's
  ``testdata.yaml`` (legacy and 2023-07; ``test_group.yaml`` from 2025-09, and a file of the
  other name is a note, not read) ``output_validator_flags`` (legacy; ``output_validator_args``
  later) is inherited by its subgroups and passed after the problem's flags (checked as the
  package is read when the default validator takes them: a bad one is a one-line error);
  a case's own ``NAME.yaml`` (2025-09) overrides its group's. So are ``on_reject``,
  ``grader_flags`` and a scoring problem's ``accept_score``, ``reject_score`` and ``range``
  (``Package.grading``, for ``kit.verify.grading``; left empty for a pass-fail problem whose groups
  keep break and no flags), and the input validators' ``input_validator_flags``
  (``input_validator_args`` later: a string, or a map from a validator's name to its own). A
  case's ``args`` (its ``NAME.yaml``'s, else its group's) and its ``NAME.files`` folder (no
  group) are read for its run (``PackageCase.args``, ``.files``). A 2025-09 scoring
  problem's ``secret`` and its groups are ``kit.packages.scoring``'s score groups.
- **Validation data** (2025-09, "Validation test data"): ``data/invalid_input`` (each
  ``NAME.in`` must be rejected by some input validator), ``data/invalid_output`` and
  ``data/valid_output`` (each ``NAME.in`` with ``NAME.ans`` and ``NAME.out``: the output must
  be rejected, or accepted, by the output validator), read with the same group settings; not
  cases (``Package.invalid_inputs``, ``Package.checked_outputs``).

Each folder is listed once, what each entry is (a file, a folder, a link that loops, a pipe)
taken from the listing: a group of thousands of cases costs no call per file.
"""

from __future__ import annotations

import os
from pathlib import Path

from kit.errors import BuildError
from kit.judges.kattis_compare import kattis_flags
from kit.packages import scoring
from kit.packages.kattis_files import hidden, looping, read_yaml
from kit.packages.model import GroupGrading, PackageCase, ScoreGroup

# a test data group's settings file: legacy and 2023-07 name it testdata.yaml, 2025-09
# test_group.yaml (spec/changelog.md, 2025-09: "Rename `testdata.yaml` to `test_group.yaml`")
OLD_GROUP_FILE, GROUP_FILE = "testdata.yaml", "test_group.yaml"
FLAG_KEYS = ("output_validator_flags", "output_validator_args")
INPUT_KEYS = ("input_validator_flags", "input_validator_args")


def group_file_of(version: str) -> str:
    """The settings file of a test data group in the package format ``version``."""
    return OLD_GROUP_FILE if version.startswith(("legacy", "2023-07")) else GROUP_FILE


def cases(
    path: Path, shown: str, group_file: str, default: bool
) -> tuple[list[PackageCase], list[str]]:
    """Every case of data/sample and data/secret, in the judge's order (each group's settings
    read from its ``group_file``, the format version's name; ``default``: the default output
    validator judges, its flags checked); notes."""
    walk = _walked(path, shown, ("sample", "secret"), group_file, default)
    if walk.odd:
        raise BuildError(
            f"{shown}: {len(walk.odd)} test file(s) are not regular files (a pipe, a socket "
            f"or a device): {', '.join(walk.odd[:3])}{' ...' if len(walk.odd) > 3 else ''}"
        )
    if not walk.cases:
        raise BuildError(
            f"{shown}: no test cases (NAME.in with NAME.ans in data/sample, data/secret)"
        )
    notes = []
    if walk.lone:
        notes.append(
            f"note: {shown}: {len(walk.lone)} .in file(s) without a .ans are not cases "
            f"(as problemtools reads them): {', '.join(walk.lone[:3])}"
        )
    other = OLD_GROUP_FILE if group_file == GROUP_FILE else GROUP_FILE
    unread = sorted(found.relative_to(path).as_posix() for found in path.glob(f"data/**/{other}"))
    if unread:
        notes.append(
            f"note: {shown}: {', '.join(unread[:3])}{' ...' if len(unread) > 3 else ''}: not "
            f"read: this format version reads a group's settings from {group_file}"
        )
    return walk.cases, notes


VALIDATION_GROUPS = ("invalid_input", "invalid_output", "valid_output")
# what an entry of a test data folder is (``_listed``)
FILE, FOLDER, LOOP, OTHER, NOTHING = "file", "folder", "loop", "other", "nothing"


def validation_data(path: Path, shown: str, group_file: str, default: bool) -> tuple[list, list]:
    """The invalid inputs, then the invalid and valid outputs, of data/'s validation groups,
    each group in the judge's order (an output case needs its .in, .ans and .out)."""
    walk = _walked(path, shown, VALIDATION_GROUPS, group_file, default)
    invalid = [case for case in walk.cases if case.group == "invalid_input"]
    return invalid, [case for case in walk.cases if case.output is not None]


def grading(path: Path, shown: str, config: dict, scored: bool) -> tuple[GroupGrading, ...]:
    """Each group's GroupGrading (path under data/: "", "sample", "secret/group1"), its
    settings inherited by its subgroups, problem.yaml's ``grading`` over them all
    (``kit.packages.scoring``), for ``kit.verify.grading``; () for a pass-fail problem whose groups
    keep the defaults (break, no flags): its verdict is the first failing case's."""
    walk, found = _Walk(path, shown, OLD_GROUP_FILE), []  # legacy and 2023-07 only
    overrides = scoring.problem_overrides(config, shown)

    def visit(folder: Path, inherited: GroupGrading, names) -> None:
        on_reject, flags = inherited.on_reject, inherited.flags
        configs = walk._configs(folder)
        for settings in configs:
            on_reject = str(settings.get("on_reject", on_reject))
            flags = _arguments(settings["grader_flags"]) if "grader_flags" in settings else flags
        relative = folder.relative_to(path / "data").as_posix().removeprefix(".")
        where = f"{shown}/{folder.relative_to(path).as_posix()}"
        on_reject = overrides.get("on_reject", on_reject)
        if on_reject not in ("break", "continue"):
            raise BuildError(f"{where}: on_reject: {on_reject!r} is not break or continue")
        scores = scoring.group_scores([*configs, overrides], inherited[3:6], where)
        custom = inherited.custom
        for settings in configs:
            custom = scoring.custom_grading(settings, custom, where)
        entry = GroupGrading(relative, on_reject, flags, *scores, custom)
        found.append(entry)
        for name in names or _folders(folder):
            if (folder / name).is_dir() and not hidden(name) and not looping(folder / name):
                visit(folder / name, entry, ())

    visit(path / "data", GroupGrading(""), ("sample", "secret"))
    if any(entry.custom for entry in found) and not scored:
        raise BuildError(f"{shown}: grading: custom is for scoring problems only")
    if not scored and all(entry.on_reject == "break" and not entry.flags for entry in found):
        return ()
    return tuple(found)


def score_groups(path: Path, shown: str) -> tuple[ScoreGroup, ...]:
    """A 2025-09 scoring problem's ``secret`` and its test data groups (its folders with a
    ``test_group.yaml``), as ``kit.packages.scoring`` reads and checks them."""
    walk = _Walk(path, shown, GROUP_FILE)

    def settings(folder: Path) -> dict:
        merged: dict = {}
        for config in walk._configs(folder):
            merged.update(config)
        return merged

    secret = path / "data" / "secret"
    found = [scoring.score_group(settings(secret), "secret", f"{shown}/data/secret")]
    for name in _folders(secret) if secret.is_dir() else ():
        folder = secret / name
        if not hidden(name) and (folder / GROUP_FILE).is_file():
            where = f"{shown}/data/secret/{name}"
            found.append(scoring.score_group(settings(folder), f"secret/{name}", where))
    scoring.check_score_groups(tuple(found), settings(path / "data" / "sample"), shown)
    return tuple(found)


def _walked(
    path: Path, shown: str, groups: tuple[str, ...], group_file: str, default: bool
) -> _Walk:
    """The cases of data/'s ``groups`` that exist, each with data/'s settings inherited
    (``default``: the default output validator judges, the groups' flags checked for it)."""
    walk = _Walk(path, shown, group_file, default)
    top = walk.settings(path / "data", ((), (), ()))
    for group in groups:
        folder = path / "data" / group
        if folder.is_dir():
            walk.group(folder, group, walk.settings(folder, top))
    return walk


class _Walk:
    """The cases found so far, the lone inputs and the test files that are no files."""

    def __init__(self, package: Path, shown: str, group_file: str, default: bool = False) -> None:
        self.package, self.shown, self.group_file = package, shown, group_file
        self.default = default  # the default output validator judges: its flags are checked
        self.cases: list[PackageCase] = []
        self.lone: list[str] = []
        self.odd: list[str] = []  # test files that are no regular files (a pipe, a device)

    def group(self, folder: Path, group: str, settings: tuple) -> None:
        """The cases of ``folder`` and its subgroups, in lexicographic order of their names
        (``settings``: the group's output validator flags and input validators' arguments);
        the folder listed once, what each entry is taken from the listing (a link's target
        alone is looked up)."""
        listed = _listed(folder)
        for name in sorted(listed):
            kind = listed[name]
            if hidden(name) or kind == LOOP:
                continue
            if kind == FOLDER and name.endswith(".files"):
                continue  # a case's files (2025-09 "Input"), not a group
            if kind == FOLDER:
                self.group(folder / name, group, self.settings(folder / name, settings))
            elif name.endswith((".in", ".ans")) and kind == OTHER:
                self.odd.append(f"{self._relative(folder)}/{name}")
            elif name.endswith(".in") and group == "invalid_input":
                self._add(folder, name[:-3], listed, group, settings)
            elif (
                name.endswith(".ans")
                and group != "invalid_input"
                and listed.get(f"{name[:-4]}.in") == FILE
            ):
                self._add(folder, name[:-4], listed, group, settings)
            elif name.endswith(".in") and listed.get(f"{name[:-3]}.ans") != FILE:
                self.lone.append(f"{self._relative(folder)}/{name}")

    def _add(self, folder: Path, stem: str, listed: dict, group: str, settings: tuple) -> None:
        """The case ``stem`` of ``folder`` (``listed``: its entries by name), with its own
        NAME.yaml's settings over its group's; an output case only with its NAME.out."""
        output = folder / f"{stem}.out" if group.endswith("_output") else None
        if output is not None and listed.get(output.name) != FILE:
            return
        if listed.get(f"{stem}.yaml") == FILE:
            settings = self.settings(folder / f"{stem}.yaml", settings)
        flags, inputs, args = settings
        self.cases.append(
            PackageCase(
                f"{self._relative(folder)}/{stem}",
                folder / f"{stem}.in",
                None if group == "invalid_input" else folder / f"{stem}.ans",
                group,
                flags,
                inputs,
                output,
                args,
                folder / f"{stem}.files" if listed.get(f"{stem}.files") == FOLDER else None,
            )
        )

    def _relative(self, folder: Path) -> str:
        """``folder``'s path in the package."""
        return folder.relative_to(self.package).as_posix()

    def settings(self, place: Path, inherited: tuple) -> tuple:
        """A group's (``place`` its folder) or a case's (``place`` its NAME.yaml) output
        validator flags, input validators' arguments and the submission's ``args``: each its
        own setting, else the inherited one."""
        flags, inputs, args = inherited
        configs = self._configs(place)
        own_args = next((c["args"] for c in configs if "args" in c), None)
        if own_args is not None:
            args = _arguments(own_args)
        own = next(((k, c[k]) for c in configs for k in FLAG_KEYS if k in c), None)
        if own is not None:
            flags = self._flags(place, *own)
        own = next((c[k] for c in configs for k in INPUT_KEYS if k in c), None)
        if isinstance(own, dict):  # validator name -> its arguments
            inputs = tuple((str(name), _arguments(value)) for name, value in own.items())
        elif own is not None:
            inputs = (("", _arguments(own)),)
        return flags, inputs, args

    def _flags(self, place: Path, key: str, value: object) -> tuple[str, ...]:
        """A group's or a case's output validator flags (``key``: their key, in the settings
        file at ``place``), checked as problem.yaml's are when the default validator judges."""
        where = f"{self.shown}/{place.relative_to(self.package).as_posix()}"
        if place.suffix != ".yaml":
            where += f"/{self.group_file}"
        if isinstance(value, dict):
            raise BuildError(f"{where}: {key}: {value!r}: expected a string or a list of flags")
        flags = _arguments(value)
        if self.default:
            try:
                kattis_flags(flags)
            except ValueError as error:
                raise BuildError(f"{where}: {key} = {' '.join(flags)!r}: {error}") from None
        return flags

    def _configs(self, place: Path) -> list[dict]:
        """The settings files of a group's folder, or a case's own NAME.yaml (if any)."""
        if place.suffix == ".yaml":
            where = f"{self.shown}/{place.parent.relative_to(self.package).as_posix()}"
            return [read_yaml(place, where)] if place.is_file() else []
        if not place.is_dir():
            return []
        where = f"{self.shown}/{place.relative_to(self.package).as_posix()}"
        return [read_yaml(place / self.group_file, where)]


def _listed(folder: Path) -> dict[str, str]:
    """``folder``'s entries by name, each a FILE, a FOLDER, a LOOP (a link to a folder that
    holds it, never followed), OTHER (a pipe, a socket, a device) or NOTHING (a link to
    nothing, or that loops), links followed as ``Path.is_file`` and ``is_dir`` follow them:
    one listing, each entry's status asked for only when it is a link (a folder of thousands
    of cases costs no call per file)."""
    with os.scandir(folder) as entries:
        return {entry.name: _kind(entry) for entry in entries}


def _kind(entry: os.DirEntry) -> str:
    """What ``entry`` is, as ``_listed`` says."""
    try:
        if entry.is_symlink() and looping(Path(entry.path)):
            return LOOP
        if entry.is_dir():
            return FOLDER
        if entry.is_file():
            return FILE
        return OTHER if os.path.exists(entry.path) else NOTHING
    except OSError:  # a link that loops
        return NOTHING


def _folders(folder: Path) -> list[str]:
    """The names of ``folder``'s folders (and links to folders but LOOPs), sorted."""
    return sorted(name for name, kind in _listed(folder).items() if kind == FOLDER)


def _arguments(value: object) -> tuple[str, ...]:
    """A flags setting: a list of arguments, or one string of them split at spaces."""
    if isinstance(value, list):
        return tuple(str(item) for item in value)
    return tuple(str(value).split())

"""What a problem package says, whatever its format: limits, cases in the judge's order, how
output is judged, and the jury's sorted submissions (``Package``, ``PackageCase``,
``Submission``; which verdicts a folder or tag allows is ``kit.verify.verdict_agreement``'s, with
the kit's verdicts).

Paths in ``compare`` and ``interactor`` are the specs of problems.toml's keys (see
``kit.judges.compare`` and ``kit.judges.programs``), their paths relative to the folder the
package was named from, so the registry can use them as they are.

A package's test data (its cases, validation data, groups' grading and their notes: the fields
of ``LATER``) may be left to be read when first asked for (``read_later``): a package of
thousands of cases costs a command about another problem nothing.
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from kit.judges.profiles import OUTPUT_STDOUT

KATTIS, POLYGON = "Kattis", "Polygon"  # the formats
# Polygon's verdicts of its checker tests (testlib's OK, WA, PE and FAIL)
CHECKER_TEST_VERDICTS = ("ok", "wrong-answer", "presentation-error", "crashed")
# a Kattis scoring problem's folder of accepted submissions short of the full score
PARTIALLY_ACCEPTED = "partially_accepted"
# the fields of what a package's test data folders hold, which a reader may leave to be read
# when one of them is first asked for (``read_later``): a command about another problem
# walks no package's cases
LATER = (
    "cases", "invalid_inputs", "checked_outputs", "grading", "grader", "score_groups", "notes",
    "point_groups", "tests_from",
)  # fmt: skip
_READING = threading.RLock()  # a package's test data read once, whoever asks first


@dataclass(frozen=True)
class PackageCase:
    """One test case: its input, its answer file (None: none), its top group (``sample`` or
    ``secret``; for the validation data: ``invalid_input``, ``invalid_output`` or
    ``valid_output``), the output validator flags its own test group adds and the input
    validators' arguments; a validation case's output file."""

    name: str  # relative to the package, without the suffix: "data/secret/group1/01"
    input: Path
    answer: Path | None
    group: str
    flags: tuple[str, ...] = ()
    # input validators' arguments its group gives: (validator name, args); name "" for all
    input_args: tuple[tuple[str, tuple[str, ...]], ...] = ()
    output: Path | None = None  # invalid_output's and valid_output's NAME.out
    args: tuple[str, ...] = ()  # the submission's command-line arguments (NAME.yaml's args)
    files: Path | None = None  # NAME.files: copied into the submission's working folder
    # a Polygon scoring problem's test's points (problem.xml's ``<test points="10.0">``), its
    # score when accepted (kit.verify.polygon_points); None: the problem carries none
    points: float | None = None

    def args_for(self, validator: str) -> tuple[str, ...]:
        """The arguments the input validator named ``validator`` gets on this case."""
        return args_for(self.input_args, validator)


def args_for(input_args: tuple, validator: str) -> tuple[str, ...]:
    """The arguments a group's ``input_args`` give the input validator named ``validator``."""
    named = dict(input_args)
    return named.get(validator, named.get("", ()))


class GroupGrading(NamedTuple):
    """How a Kattis test data group's result is graded (``kit.verify.grading``): its path under
    data/ ("" for data/ itself, "sample", "secret/group1"), ``on_reject``, ``grader_flags``,
    and for a scoring problem the score of an accepted and of a rejected case, the range its
    score must fall in and whether the package's own grader aggregates it (problemtools'
    testdata.yaml keys, inherited by subgroups)."""

    path: str
    on_reject: str = "break"
    flags: tuple[str, ...] = ()
    accept_score: float = 1.0
    reject_score: float = 0.0
    score_range: tuple[float, float] = (-math.inf, math.inf)
    custom: bool = False  # ``grading: custom``: the package's grader aggregates it


class ScoreGroup(NamedTuple):
    """A 2025-09 scoring problem's ``secret`` or one of its test data groups, as its
    ``test_group.yaml`` sets them (``kit.verify.score_aggregation``): its path under data/
    ("secret", "secret/group1"), its maximum score (None: unbounded), how its score comes
    from its cases or groups (``pass-fail``, ``sum`` or ``min``) and the groups (or
    ``sample``) whose every case must be accepted for it to score."""

    path: str
    max_score: float | None
    aggregation: str
    require_pass: tuple[str, ...] = ()


class PointGroup(NamedTuple):
    """A Polygon scoring problem's test group (problem.xml's ``<group>``; how a run scores it is
    ``kit.verify.polygon_points``'s): its name; whether it scores its ``points`` only when every
    test of it passes (``points-policy="complete-group"``), else each test its own
    (``each-test``); the groups (``<dependency group=...>``) a run must pass for it to score;
    the names of its tests' cases."""

    name: str
    complete: bool
    points: float  # the group's ``points``, else its tests' sum
    dependencies: tuple[str, ...] = ()
    tests: tuple[str, ...] = ()


@dataclass(frozen=True)
class Submission:
    """A jury submission, and the folder (Kattis) or tag (Polygon) the jury sorted it by."""

    path: Path
    name: str  # "accepted/hello.py", or Polygon's "solutions/std.py"
    folder: str  # "accepted", "time_limit_exceeded", ..., or Polygon's tag
    language: str  # "Python", else the language its file names (it is then not run)
    # a submission of several files: its folder, every file of which is put beside ``path``
    # (the file it runs) when it runs; None for a submission of one file
    beside: Path | None = None
    # the implementation the package says it runs under ("pypy" for Polygon's python.pypy3,
    # "cpython" for python.3); None: the judge's first target's
    impl: str | None = None
    # Polygon's source type as problem.xml gives it ("cpp.g++17", "c.gcc"): a C or C++ one is
    # compiled as Codeforces compiles that type (kit.judges.codeforces_compile); "" elsewhere
    source_type: str = ""
    # the results its DOMjudge ``@EXPECTED_RESULTS@`` tag lists, where that tag decides its
    # verdicts in place of its folder (``kit.packages.kattis_submissions.tagged``); () else
    expected_results: tuple[str, ...] = ()


@dataclass(frozen=True)
class Package:
    path: Path
    shown: str  # as it was named (problems.toml's ``package``, or the command line)
    format: str  # KATTIS or POLYGON
    name: str  # its short name (the folder's, or Polygon's short-name)
    title: str
    judge: str  # the judge its format belongs to: Kattis, or Codeforces for Polygon
    kind: str  # "batch" or "interactive"
    compare: str  # a compare spec
    interactor: str | None  # an interactor spec
    cases: tuple[PackageCase, ...]
    time_limit: float | None  # seconds, None when the package does not fix one
    time_from: str  # where the time limit was read
    memory_limit: int  # MiB
    output_limit: int  # MiB
    margin: float  # a time-limit submission must take the limit times this
    margin_from: str
    multiplier: float  # the time limit over the slowest accepted submission's time
    submissions: tuple[Submission, ...] = ()
    notes: tuple[str, ...] = ()
    include: tuple[Path, ...] = ()  # folders a C/C++ checker's headers are found in
    # the zip or tar ``path`` was unpacked from, or the folder ``path`` is a view of (its
    # constants replaced), if any
    archive: Path | None = None
    input_validators: tuple[tuple[str, str], ...] = ()  # (name, path) of each, path as specs'
    # the input validators the kit does not run (a VIVA file, a program in another
    # language), as its note names them: "input_validators/format.viva (VIVA)"
    unrun_validators: tuple[str, ...] = ()
    # the validation data (Kattis 2025-09): inputs no input validator may accept, and outputs
    # the checker must reject (invalid_output) or accept (valid_output), each with its answer;
    # Polygon's validator tests (invalid ones here, valid ones in ``valid_inputs``) and checker
    # tests (their group the verdict problem.xml gives: one of CHECKER_TEST_VERDICTS)
    invalid_inputs: tuple[PackageCase, ...] = ()
    checked_outputs: tuple[PackageCase, ...] = ()
    valid_inputs: tuple[PackageCase, ...] = ()  # inputs every input validator must accept
    # submissions.yaml's requirements (kit.packages.expectations); none: the folders' first
    # failing verdicts decide, as the legacy format's judges stop there
    expectations: tuple = ()
    resolution: float = 1.0  # a derived time limit is a multiple of this (seconds)
    # the later Kattis versions' time-limit inference applies (kit.verify.limit_inference); legacy
    # Kattis and Polygon: problemtools' rule
    infers_time_limit: bool = False
    # each test data group's GroupGrading when some group sets more than the defaults, or the
    # problem is scored (kit.verify.grading); () otherwise
    grading: tuple[GroupGrading, ...] = ()
    # a scoring problem's objective, "max" or "min" (legacy problem.yaml's grading); "" for a
    # pass-fail problem, judged by verdicts alone
    objective: str = ""
    # may its output validator write score.txt: "" no (a judge error if it does), "allowed",
    # or "required" (legacy ``validation: custom score``: a judge error if it does not)
    custom_score: str = ""
    # a multi-pass problem's most passes a case may take (limits.validation_passes); 0: not one
    passes: int = 0
    # the grader program of groups with ``grading: custom`` (a spec path, as ``compare``'s), if any
    grader: str = ""
    # a 2025-09 scoring problem's ``secret`` and test data groups (kit.verify.score_aggregation);
    # () for every other problem
    score_groups: tuple[ScoreGroup, ...] = ()
    # a Polygon scoring problem's checker points are percents of its test's points
    # (``<judging treat-points-from-checker-as-percent="true">``), not points themselves
    points_percent: bool = False
    # a Polygon scoring problem's test groups (``<testset><groups>``), in problem.xml's order;
    # () when it has none or carries no points
    point_groups: tuple[PointGroup, ...] = ()
    # the folder its tests were read from when not ``path``: a Polygon "standard" package's view
    # with the tests and answers it lacks made (kit.packages.polygon's ``making``); None: ``path``
    tests_from: Path | None = None
    # the package forbids submissions to write files (2025-09: ``allow_file_writing`` false,
    # its default)
    no_files: bool = False
    version: str = ""  # a Kattis package's problem_format_version ("legacy", "2025-09"...)
    output_counts: str = OUTPUT_STDOUT  # what its output limit holds (2025-09: OUTPUT_ALL)
    # the files included with every Python submission (include/python3/, else
    # include/default/), copied into the folder it runs in; None: none
    included: Path | None = None
    # the file a submission reads its input from and the one it writes its output to, in the
    # folder it runs in (Polygon's ``<judging input-file="input.txt" output-file="output.txt">``);
    # "": stdin, stdout
    input_file: str = ""
    output_file: str = ""
    # the most a submission's files may hold together, in bytes: ``limits.code`` (KiB; the
    # format's default 128, problemtools' too); None where its format has none (Polygon)
    code_limit: int | None = None
    code_given: bool = False  # problem.yaml gives ``limits.code``
    # what its checker or output validator is given, in seconds of CPU time and MiB of address
    # space: a Kattis package's ``limits.validation_time`` and ``validation_memory``
    # (problemtools' defaults 60 and 1024); None: the kit's rule (``kit.judges.compare``)
    validation_time: float | None = None
    validation_memory: int | None = None
    # what problemtools reports as an error in the package whatever its submissions do (a Kattis
    # package's: kit.packages.kattis's problemtools_failures and its validation_errors)
    problemtools_errors: tuple[str, ...] = ()
    # what reads the fields of LATER when the package was read with them left for later
    # (``read_later``); None when they were read with the rest
    later: Callable[[], dict] | None = field(default=None, init=False, compare=False, repr=False)

    def __getattr__(self, name: str) -> object:
        """A field of LATER left for later, read now, with the others of LATER (Python asks
        here only for an attribute the package does not hold)."""
        later = self.__dict__.get("later")
        if name not in LATER or later is None:
            raise AttributeError(f"'Package' object has no attribute {name!r}")
        with _READING:  # threads asking at once (verify's) walk the data once
            if name not in self.__dict__:
                try:
                    read = later()
                except AttributeError as error:  # not to be taken for a missing field
                    raise RuntimeError(f"reading {self.shown}'s test data: {error}") from error
                for key in LATER:
                    object.__setattr__(self, key, read[key])
        return self.__dict__[name]

    @property
    def scored_by_points(self) -> bool:
        """A Polygon scoring problem: its tests carry points, and its checker's (testlib's
        ``quitp``) accept a test with them (``kit.verify.polygon_points``)."""
        return self.format == POLYGON and any(case.points is not None for case in self.cases)

    def cases_of(self, group: str) -> list[PackageCase]:
        return [case for case in self.cases if case.group == group]

    def named(self, path: Path) -> str:
        """A file of the package as the user names it, and the build its cases: the package
        as named, then the file's path in it (``pkg.zip/tests/01``), never its unpacked copy's
        place in the kit's cache; the path in it alone for a package named "." (``verify``'s);
        a file outside the package as it is."""
        inside = self.inside(path)
        if inside is None:
            return str(path)
        if self.shown == ".":
            return inside
        return self.shown if inside == "." else f"{self.shown}/{inside}"

    def inside(self, path: Path) -> str | None:
        """Where ``path`` lies in the package, or in its view with its tests made
        (``tests_from``), as a path in it (``tests/01``); None when it lies in neither."""
        return _inside(Path(path), [self.path, self.tests_from])

    def through_archive(self, given: Path) -> Path | None:
        """The file of the unpacked copy that ``given``, a path through the zip or tar
        archive the package was unpacked from, names as ``named`` does (``pkg.zip/tests/01``);
        None when ``given`` does not go through that archive (or there is none)."""
        if self.archive is None or not self.archive.is_file():
            return None
        given = Path(os.path.normpath(Path(given).absolute()))
        for parent in given.parents:
            try:
                if os.path.samefile(parent, self.archive):
                    return self.path / given.relative_to(parent)
            except OSError:  # no such file, or a folder the user cannot read
                continue
        return None


def _inside(path: Path, folders: list[Path | None]) -> str | None:
    """``path`` relative to the first of ``folders`` that holds it, None when none does."""
    for folder in folders:
        if folder is not None and path.is_relative_to(folder):
            return path.relative_to(folder).as_posix()
    return None


# a field of LATER not read yet is asked of ``__getattr__``, not found as the class's default
# (``__init__`` keeps the defaults of its own)
for _name in LATER:
    if _name in vars(Package):
        delattr(Package, _name)


def read_later(later: Callable[[], dict], **fields: object) -> Package:
    """A package of ``fields`` whose fields of LATER are ``later()``'s, read when one of them is
    first asked for (an error reading them is raised there)."""
    package = Package(**{"cases": (), **fields})
    object.__setattr__(package, "later", later)
    for name in LATER:
        object.__delattr__(package, name)
    return package

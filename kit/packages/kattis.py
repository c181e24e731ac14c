"""A package in the Kattis problem package format (problemtools, BAPCtools, DOMjudge), read in
place: its ``problem.yaml``, ``.timelimit``, ``data/``, output validator and submissions.

What is read, and where the format says so (Kattis/problem-package-format: spec/legacy.md,
the version most packages are in, and spec/2025-09.md, the version ``2023-07-draft`` became;
problemtools, problemtools/verifyproblem.py and problemtools/metadata.py):

- **Version**: ``problem_format_version`` (default ``legacy``); the later versions keep the
  output validator in ``output_validator/`` instead of ``output_validators/`` (either is read,
  the version's own first, as DOMjudge reads them; the other one read is a note, as
  problemtools reads only the version's own).
- **Kind**: interactive when ``validation`` (legacy) holds ``interactive`` (``custom
  interactive``), or ``type`` (later versions; a string or a list) does. A ``scoring``
  problem's settings are ``kit.packages.scoring``'s (legacy and 2023-07: ``grading``;
  2025-09: ``score_groups``). A ``multi-pass`` problem (it needs its own output validator
  or interactor: ``kit.packages.kattis_validators``) runs each case again on every
  ``nextpass.in`` its validator writes, at most ``limits.validation_passes`` times
  (``Package.passes``, for ``kit.run.case_judge``); a ``submit-answer`` problem is a
  one-line error.
- **Limits**: the time limit from ``limits.time_limit``, DOMjudge's ``domjudge-problem.ini``
  or ``.timelimit`` (else none: it is inferred), its resolution and margins, and the memory,
  output and code limits, as ``kit.packages.kattis_limits`` reads them.
- **Output validation**: the default validator with problem.yaml's ``validator_flags``, or
  the package's own validator in the Kattis protocol (an interactive problem's interactor);
  it, the input validators and a custom grading's grader are named as
  ``kit.packages.kattis_validators`` finds them.
- **Cases**: ``data/sample`` then ``data/secret`` in the judge's order, each group's settings
  (``testdata.yaml``, ``test_group.yaml`` from 2025-09) inherited by its subgroups and cases,
  as ``kit.packages.kattis_data`` walks them; so is the grading of each group
  (``Package.grading``) and a 2025-09 scoring problem's score groups.
- **Running** (2025-09): ``allow_file_writing`` (false by default) makes ``Package.no_files``;
  the files of ``include/python3/`` (else ``include/default/``; legacy: the first alone) are
  ``Package.included``, put beside each submission.
- **Validation data** (2025-09): ``data/invalid_input``, ``data/invalid_output`` and
  ``data/valid_output``, not cases (``kit.packages.kattis_data``). Answer validators
  (``answer_validators/``, ``data/invalid_answer``) are not run: a note names them.
- **Constants** (2025-09): replaced in a view of the package (``kit.packages.constants``,
  through ``constants_view``); the view's notes come first.
- **Submissions**: ``submissions/FOLDER/ENTRY`` in the order of the format's folders, as
  ``kit.packages.kattis_submissions`` reads them; ``submissions/submissions.yaml`` (2025-09):
  the verdicts each submission may and must give, per case (``kit.packages.expectations``).
  Notes name what the format asks for and the package lacks: ``problem.yaml``, a known
  ``problem_format_version``, an accepted submission; and the folders of submissions/ not of
  the format (not run) and a 2023-07 package's ``partially_accepted`` (run all the same, as
  a legacy one's in a pass-fail problem, which problemtools runs too).
- **problemtools' other checks**: problem.yaml's ``uuid`` and the package's top folders, as
  ``kit.packages.kattis_checks`` makes them (notes, and a 2023-07 package's missing uuid an
  error of ``Package.problemtools_errors``).
"""

from __future__ import annotations

import re
from pathlib import Path

from kit.errors import BuildError
from kit.judges.kattis_compare import KATTIS_VALIDATOR
from kit.judges.profiles import OUTPUT_ALL, OUTPUT_STDOUT
from kit.packages import constants, expectations, kattis_data, kattis_submissions, scoring
from kit.packages.kattis_checks import package_checks
from kit.packages.kattis_files import hidden, read_yaml
from kit.packages.kattis_limits import (
    DEFAULT_CODE,
    DEFAULT_MEMORY,
    DEFAULT_OUTPUT,
    limits_table,
    mebibytes,
    resolution_notes,
    timing,
    validation,
    whole,
)
from kit.packages.kattis_validators import (
    VALIDATOR_FOLDERS,
    grader,
    input_validators,
    judging,
    passes,
    validation_errors,
    validation_notes,
    validator_folder_notes,
)
from kit.packages.model import KATTIS, PARTIALLY_ACCEPTED, Package, Submission, read_later

VERSIONS = ("legacy", "legacy-icpc", "2023-07-draft", "2023-07", "2025-09")  # format versions


def is_kattis(path: Path) -> bool:
    return (path / "problem.yaml").is_file() or (path / "data").is_dir()


def constants_view(path: Path, shown: str) -> Path:
    """The folder to read the package at ``path`` from: a view with its constants replaced
    when it has any (``kit.packages.constants``), else ``path``."""
    config = read_yaml(path / "problem.yaml", shown)
    return constants.view(path, shown, constants.values(config, shown))


def read(
    path: Path,
    shown: str,
    base: str | None = None,
    archive: Path | None = None,
    later: str | None = None,
    validator: str = KATTIS_VALIDATOR,
) -> Package:
    """The Kattis-format package at ``path`` (named ``shown``; ``base``: the path its programs'
    specs start with, ``shown`` by default; ``archive``: what ``path`` was unpacked from or is
    a view of). With ``later``, its test data (``data/``: the cases, the validation data, the
    groups' grading and their notes, ``model.LATER``) is walked when first asked for, and what
    is wrong there is said then, after ``later``'s words ("problems.toml: [big]").
    ``validator``: the copy of the default output validator that judges it (``kattis`` or
    ``domjudge``), whose reading of the groups' flags is checked when it judges."""
    config = read_yaml(path / "problem.yaml", shown)
    version = str(config.get("problem_format_version", "legacy"))
    legacy = version.startswith("legacy")
    kind, types = _kind(config, legacy, shown)
    objective, custom_score, notes = scoring.problem_scoring(config, version, types, shown)
    compare, interactor = judging(path, shown, base or shown, config, legacy, kind)
    # the copy of the default validator whose reading of the flags is checked, when it judges
    flags_by = validator if compare.startswith(KATTIS_VALIDATOR) and interactor is None else ""
    data, data_notes = _data_fields(path, shown, base or shown, config)
    notes += validation_notes(path, shown, config, legacy)
    folder_notes = validator_folder_notes(path, shown, config, legacy)
    noted = VALIDATOR_FOLDERS if folder_notes else ()
    check_notes, check_errors = package_checks(path, shown, config, version, noted)
    notes += folder_notes + check_notes
    limits = limits_table(config, shown)
    time_fields = timing(path, shown, limits, legacy)
    if not legacy:  # legacy has no resolution: problemtools only rounds a limit it derives
        notes += resolution_notes(shown, time_fields["time_limit"], time_fields["resolution"])
    # legacy and 2023-07: partially_accepted/, run as problemtools runs it, pass-fail or not
    partial = legacy or version.startswith("2023-07")
    submissions, unread, submission_notes = _submissions_read(
        path, shown, version, data["expectations"], partial=partial
    )
    notes += submission_notes
    errors = (
        problemtools_failures(path, submissions, unread)
        + [
            f"{file}: {reason}" if file else reason
            for file, reason in validation_errors(path, config, legacy)
        ]
        + check_errors
    )

    def walked() -> dict:  # the fields of model.LATER
        try:
            cases = _test_data(path, shown, base or shown, config, (version, objective), flags_by)
        except BuildError as error:
            raise BuildError(f"{later}: {error}" if later else str(error)) from None
        notes_after = cases.pop("notes") + data_notes + _unread_notes(path, shown)
        notes_all = tuple(_view_notes(path) + notes + notes_after)
        return {**cases, "point_groups": (), "tests_from": None, "notes": notes_all}

    fields = {
        **_naming_fields(path, shown, config, version),
        "kind": kind,
        "compare": compare,
        "interactor": interactor,
        **time_fields,
        "memory_limit": mebibytes(limits, "memory", DEFAULT_MEMORY, shown),
        "output_limit": mebibytes(limits, "output", DEFAULT_OUTPUT, shown),
        "submissions": tuple(submissions),
        **data,
        "infers_time_limit": not legacy,
        "objective": objective,
        "custom_score": custom_score,
        "passes": passes(shown, limits, types, compare, interactor),
        **_running_fields(path, shown, config, limits, version),
        "problemtools_errors": tuple(errors),
        "archive": archive,
    }
    return Package(**fields, **walked()) if later is None else read_later(walked, **fields)


def _naming_fields(path: Path, shown: str, config: dict, version: str) -> dict:
    """The Package fields that name the package: its path, how it is shown, its format, name,
    title (problem.yaml's ``name``, else its statement's, else its folder's), judge and format
    version."""
    return {
        "path": path,
        "shown": shown,
        "format": KATTIS,
        "name": path.name,
        "title": _title(config.get("name"), _statement_title(path) or path.name),
        "judge": "Kattis",
        "version": version,
    }


def _data_fields(path: Path, shown: str, base: str, config: dict) -> tuple[dict, list[str]]:
    """The Package fields of what is checked beside the test data: the expectations and the
    input validators; and their notes, in that order."""
    expected, expected_notes = expectations.read(path, shown)
    expected_notes += _constant_notes(path, shown, config)
    validators, unrun, validator_notes = input_validators(path, shown, base)
    fields = {
        "input_validators": tuple(validators),
        "unrun_validators": tuple(unrun),
        "expectations": expected,
    }
    return fields, validator_notes + expected_notes


def _test_data(  # noqa: PLR0913
    path: Path, shown: str, base: str, config: dict, scored: tuple[str, str], flags_by: str
) -> dict:
    """The Package fields of data/ (model.LATER's but the whole notes): the cases, the
    validation data (``flags_by``: the default output validator's copy that judges, the
    groups' flags checked as it reads them; "": the package's own), the groups' grading and
    its grader, a 2025-09 scoring problem's score groups (``scored``: the format version and
    the objective, "" for a pass-fail problem);
    ``notes``: those on the cases."""
    version, objective = scored
    group_file = kattis_data.group_file_of(version)
    cases, case_notes = kattis_data.cases(path, shown, group_file, flags_by)
    invalid_inputs, checked_outputs = kattis_data.validation_data(path, shown, group_file, flags_by)
    legacy = version.startswith("legacy")
    latest = bool(objective) and not (legacy or version.startswith("2023-07"))  # 2025-09's model
    grading = () if latest else kattis_data.grading(path, shown, config, scored=bool(objective))
    return {
        "cases": tuple(cases),
        "invalid_inputs": tuple(invalid_inputs),
        "checked_outputs": tuple(checked_outputs),
        "grading": grading,
        "grader": grader(path, shown, base, grading),
        "score_groups": kattis_data.score_groups(path, shown) if latest else (),
        "notes": case_notes,
    }


def _submissions_read(
    path: Path, shown: str, version: str, expected: tuple, partial: bool
) -> tuple[list[Submission], list[str], list[str]]:
    """The submissions (``partial``: a legacy or 2023-07 package's, whose
    partially_accepted/ is read too), the folders of submissions/ not read, and the notes on
    what the format asks for and the package lacks (``expected``: the expectations of
    submissions.yaml, which may name other folders: then every folder is read)."""
    legacy = version.startswith("legacy")
    found = kattis_submissions.submissions(path, expected, partial, legacy)
    submissions, tag_notes = kattis_submissions.tagged(found, expected)
    read = () if expected else kattis_submissions.folders_read(partial, legacy)
    unread = _unread_folders(path, read)
    notes = _metadata_notes(path, shown, version, submissions, read, unread)
    return submissions, unread, notes + tag_notes


def _unread_folders(path: Path, read: tuple) -> list[str]:
    """The folders of submissions/ not ``read`` (none when ``read`` is (): submissions.yaml
    has every one read)."""
    top = path / "submissions"
    if not read or not top.is_dir():
        return []
    folders = sorted(entry.name for entry in top.iterdir() if entry.is_dir())
    return [name for name in folders if name not in read and not hidden(name)]


def _running_fields(path: Path, shown: str, config: dict, limits: dict, version: str) -> dict:
    """The Package fields of how a submission runs: whether it may write files, the output
    that counts against the output limit, the files included with it and its code limit
    (in bytes, and whether problem.yaml gives it); and what its output validator is given."""
    later = version.startswith("2025-09")
    return {
        "no_files": later and not _allows_writing(config, shown),
        "output_counts": OUTPUT_ALL if later else OUTPUT_STDOUT,
        "included": _included(path, version.startswith("legacy")),
        "code_limit": whole(limits, "code", DEFAULT_CODE, shown, "KiB") << 10,
        "code_given": "code" in limits,
        **validation(limits, shown),
    }


def _included(path: Path, legacy: bool) -> Path | None:
    """The folder of files included with a Python 3 submission ("Included files": a
    language's own folder overrides include/default/, which legacy has not), if it holds
    any."""
    for name in ("python3",) if legacy else ("python3", "default"):
        folder = path / "include" / name
        if folder.is_dir() and any(not hidden(entry.name) for entry in folder.iterdir()):
            return folder
    return None


def _allows_writing(config: dict, shown: str) -> bool:
    """problem.yaml's ``allow_file_writing`` (2025-09; false by default)."""
    value = str(config.get("allow_file_writing", "false"))
    if value.lower() not in ("true", "false"):
        raise BuildError(
            f"{shown}/problem.yaml: allow_file_writing is {value!r}, not true or false"
        )
    return value.lower() == "true"


UNREAD = ("answer_validators", "data/invalid_answer")  # 2025-09's answer validation, not run


def _constant_notes(path: Path, shown: str, config: dict) -> list[str]:
    """A note naming the submissions that hold constants, which are left as written."""
    found = constants.held(path, constants.values(config, shown))
    if not found:
        return []
    return [
        f"note: {shown}: {len(found)} submission(s) hold constants, left as written as "
        f"BAPCtools and problemtools leave them (the 2025-09 spec replaces them): "
        + ", ".join(found[:3])
    ]


def _view_notes(path: Path) -> list[str]:
    """The notes of a view whose constants were replaced (none for the package itself)."""
    notes = path / constants.NOTES
    return notes.read_text(encoding="utf-8").splitlines() if notes.is_file() else []


def _unread_notes(path: Path, shown: str) -> list[str]:
    """A note naming the parts of the package the kit reads nothing from, if any."""
    present = [f"{name}/" for name in UNREAD if (path / name).is_dir()]
    if not present:
        return []
    return [f"note: {shown}: not run, answer validation: {', '.join(present)}"]


def _kind(config: dict, legacy: bool, shown: str) -> tuple[str, list[str]]:
    """The problem's kind, "batch" or "interactive", and the types it names."""
    if legacy:
        words = str(config.get("validation", "default")).split()
        types = [str(config.get("type", "pass-fail"))] + words[1:]
    else:
        value = config.get("type", "pass-fail")
        types = [str(item) for item in value] if isinstance(value, list) else str(value).split()
    if "submit-answer" in types:
        raise BuildError(f"{shown}: a submit-answer problem: the kit does not judge that type")
    return ("interactive" if "interactive" in types else "batch"), types


def _statement_title(path: Path) -> str | None:
    """The ``\\problemname{...}`` of the package's LaTeX statement (English first), where a
    legacy package keeps its title when ``problem.yaml`` has no ``name`` (the KTH Challenge
    archives); None without one."""
    for folder in ("problem_statement", "statement"):
        statements = sorted((path / folder).glob("problem*.tex"))
        preferred = [p for p in statements if p.name in ("problem.en.tex", "problem.tex")]
        for statement in [*preferred, *statements]:
            try:
                text = statement.read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            found = re.search(r"\\problemname\{([^{}]*)\}", text)
            if found and found[1].strip():
                return " ".join(found[1].split())
    return None


def _title(name: object, fallback: str) -> str:
    if isinstance(name, dict):
        return str(name.get("en") or next(iter(name.values()), fallback))
    return str(name) if name else fallback


# what problemtools (verifyproblem.py at a185fe97) fails a package of any format version for, of
# what the kit reads: no problem.yaml (ProblemConfig.setup: "Failed loading problem
# configuration", fatal), no accepted submission ('Require at least one "accepted" submission',
# an error)
NO_CONFIG = "no problem.yaml (problemtools stops: it cannot load the problem's configuration)"
NO_ACCEPTED = "no submission in submissions/accepted/ (problemtools requires one)"
# problemtools 1.20260907 (commit 6010cbaa3, its wheel's _version.py: checks/submissions.py,
# _check_matches_policy; model/submissions.py, LegacyPolicy, whatever the format version) reports
# an error for each submission outside these ("does not match any known submissions directory");
# the older a185fe97 (verifyproblem.py, _check_submission_directory_names) only warned
UNKNOWN_FOLDER = (
    "submissions/{}/: not a folder problemtools knows (it reports an error for each "
    "submission there and runs none)"
)
PROBLEMTOOLS_FOLDERS = (
    "accepted",
    PARTIALLY_ACCEPTED,
    "wrong_answer",
    "run_time_error",
    "time_limit_exceeded",
)


def problemtools_failures(path: Path, submissions, unread: list[str] = ()) -> list[str]:
    """Why problemtools fails the Kattis package at ``path`` (its ``submissions`` as the kit
    read them, the folders of submissions/ it did not ``read``) whatever its format version:
    NO_CONFIG, NO_ACCEPTED, an unknown folder that holds a file; [] when none applies (with a
    legacy package's ``validation_errors``: the package's ``problemtools_errors``)."""
    failures = []
    if not (path / "problem.yaml").is_file():
        failures.append(NO_CONFIG)
    if not any(submission.folder == "accepted" for submission in submissions):
        failures.append(NO_ACCEPTED)
    top = path / "submissions"
    for name in unread:
        if name not in PROBLEMTOOLS_FOLDERS and any(
            not hidden(entry.name) for entry in (top / name).iterdir()
        ):
            failures.append(UNKNOWN_FOLDER.format(name))
    return failures


def _metadata_notes(
    path: Path, shown: str, version: str, submissions: list, read: tuple, unread: list
) -> list:
    """Notes on what the format asks for and the package lacks (problemtools fails such a
    package): problem.yaml, a known format version, an accepted submission; and the folders
    of submissions/ not ``read`` (() when submissions.yaml has every one read): ``unread``."""
    notes = []
    failures = problemtools_failures(path, submissions)
    if NO_CONFIG in failures:
        notes.append(f"note: {shown}: no problem.yaml (the format requires one): defaults used")
    if version not in VERSIONS:
        notes.append(
            f"note: {shown}/problem.yaml: problem_format_version {version!r} is not one the "
            f"kit knows ({', '.join(VERSIONS)}): read as the latest"
        )
    if NO_ACCEPTED in failures:
        notes.append(f"note: {shown}: no submission in submissions/accepted/ (the format asks one)")
    later = [name for name in unread if name in kattis_submissions.LATER_FOLDERS]
    other = [name for name in unread if name not in later]
    if other:
        shown_folders = ", ".join(f"submissions/{name}/" for name in other)
        notes.append(f"note: {shown}: {shown_folders}: not a folder of the format, not run")
    if later:
        shown_folders = ", ".join(f"submissions/{name}/" for name in later)
        notes.append(
            f"note: {shown}: {shown_folders}: a folder of the later format versions, not "
            "legacy's, not run"
        )
    partial = path / "submissions" / PARTIALLY_ACCEPTED
    if version.startswith("2023-07") and PARTIALLY_ACCEPTED in read and partial.is_dir():
        notes.append(
            f"note: {shown}: submissions/{PARTIALLY_ACCEPTED}/ is legacy's folder, not format "
            f"{version}'s: run all the same, as problemtools runs it (with a warning)"
        )
    return notes

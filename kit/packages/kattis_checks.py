"""What problemtools 1.20260907 warns of, or reports as an error, in a Kattis package's
``problem.yaml`` and top folders before it runs anything, of what the kit reads nothing else
from: a note for each, and the errors (which ``Package.problemtools_errors`` holds).

- **uuid** (problemtools/checks/config.py, ``_error_in_2023_07``): problem.yaml without one
  is a warning in a legacy package and an error from 2023-07 on (the format: optional in
  spec/legacy.md, required in spec/2025-09.md, the version ``2023-07-draft`` became).
  problemtools loads no 2025-09 package at all: its missing uuid is a note alone.
- **Top folders** (problemtools/checks/problem_package.py, ``_check_root_directory_names``;
  problemtools/formatversion.py, ``root_directories``): the deprecated
  ``input_format_validators/`` (read, ``kit.packages.kattis_validators``) and a folder of the
  other version (``generators/`` in a legacy package, ``problem_statement/`` in a 2023-07
  one) are warnings, and so is any other whose name is close to a folder of its version that
  is not there ("Potential typo": difflib's ``SequenceMatcher`` ratio at least 0.75 to the
  closest, ``submisions/`` without ``submissions/``; a name problemtools rejects, not
  ``[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}``, is not compared). A 2025-09 package's folders are
  not checked (problemtools does not load it).
- **Keys and types** (problemtools/metadata.py, ``MetadataLegacy``): a legacy package whose
  problem.yaml has a key its model does not have, or a value of another type, is not loaded
  at all: an error for each (``kit.packages.legacy_metadata``), and a note for a name that is
  a map of languages, the later versions' form (NWERC 2023's ``isolatedisland``).

API::

    package_checks(path, shown, config, version, noted) -> (notes, errors)
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from kit.packages.kattis_files import hidden
from kit.packages.legacy_metadata import legacy_errors

# problemtools' root_directories of each version it knows (formatversion.py)
LEGACY_TOP = frozenset(
    {
        "problem_statement",
        "attachments",
        "data",
        "include",
        "submissions",
        "input_validators",
        "output_validators",
    }
)
LATER_TOP = frozenset(
    {
        "statement",
        "attachments",
        "solution",
        "data",
        "generators",
        "include",
        "submissions",
        "input_validators",
        "static_validator",
        "output_validator",
        "input_visualizer",
        "output_visualizer",
    }
)
DEPRECATED = "input_format_validators"  # spec/legacy.md: input_validators/'s old name
NO_UUID = "problem.yaml: no uuid, which format {} requires (problemtools reports an error)"
# problemtools' rule for the names of a package's files and folders (_NAME_REGEX), and how
# close a top folder's name must be to a missing one's to be taken for its typo
NAME = re.compile(r"[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}")
CLOSE = 0.75


def package_checks(
    path: Path, shown: str, config: dict, version: str, noted: tuple = ()
) -> tuple[list[str], list[str]]:
    """The notes on the package at ``path`` (``version``: its format version) and the errors
    problemtools reports among them; ``noted``: top folders another note already names."""
    notes, errors = _uuid_checks(path, shown, config, version)
    if version.startswith("legacy"):
        if isinstance(config.get("name"), dict):
            notes.append(f"note: {shown}/problem.yaml: name is a map of languages, a later "
                         "format's form")  # fmt: skip
        errors += legacy_errors(config)
    return notes + _folder_notes(path, shown, version, noted), errors


def _uuid_checks(path: Path, shown: str, config: dict, version: str) -> tuple[list, list]:
    """A note on a problem.yaml without a uuid (none without problem.yaml: another note and
    error say so), and from 2023-07 on problemtools' error."""
    if config.get("uuid") or not (path / "problem.yaml").is_file():
        return [], []
    if version.startswith("legacy"):
        reason = "no uuid (optional in legacy, required from 2023-07: problemtools warns)"
        return [f"note: {shown}/problem.yaml: {reason}"], []
    note = f"note: {shown}/problem.yaml: no uuid, which the format requires from 2023-07"
    if version.startswith("2023-07"):
        return [note + " (problemtools: an error)"], [NO_UUID.format(version)]
    return [note], []


def _folder_notes(path: Path, shown: str, version: str, noted: tuple) -> list[str]:
    """A note for each top folder problemtools warns of: the deprecated name, a folder of
    the other version it knows, and one whose name is close to a missing one's."""
    if version.startswith("legacy"):
        own, other = LEGACY_TOP, LATER_TOP - LEGACY_TOP
    elif version.startswith("2023-07"):
        own, other = LATER_TOP, LEGACY_TOP - LATER_TOP
    else:
        return []
    names = sorted(entry.name for entry in path.iterdir() if entry.is_dir())
    notes = []
    for name in names:
        if name in own or name in noted or hidden(name):
            continue
        if name == DEPRECATED:
            notes.append(
                f"note: {shown}: {name}/ is the deprecated name of input_validators/: read all "
                "the same (problemtools warns)"
            )
        elif name in other:
            notes.append(
                f"note: {shown}: {name}/ is not a folder of format {version} (problemtools warns)"
            )
        elif (meant := _typo_of(name, own - set(names))) is not None:
            notes.append(
                f"note: {shown}: {name}/ may be a typo of {meant}/, which is not there "
                "(problemtools warns)"
            )
    return notes


def _typo_of(name: str, missing: set[str]) -> str | None:
    """The folder of ``missing`` whose name ``name`` is closest to, when it is close enough
    (``CLOSE``; of two as close, the first by name), as problemtools judges a typo; None
    when none is, or ``name`` is not one problemtools accepts."""
    if not missing or NAME.fullmatch(name) is None:
        return None
    closeness = {known: difflib.SequenceMatcher(None, name, known).ratio() for known in missing}
    closest = max(sorted(missing), key=closeness.__getitem__)
    return closest if closeness[closest] >= CLOSE else None

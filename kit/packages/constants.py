"""A 2025-09 package's ``constants`` (Kattis/problem-package-format, spec/2025-09.md,
"Constants"): ``{{name}}`` and ``{{name.variant}}`` stand for values that ``problem.yaml``
gives, and are replaced in input and output validators, included files, example submissions
and ``test_group.yaml`` files, never in test data or in ``problem.yaml`` itself.

- **Values.** ``constants:`` maps a name (``[a-zA-Z_][a-zA-Z0-9_]*``) to a scalar, or to a
  map with a ``value`` and variants (``tex: 5,000,000``); ``{{name}}`` is ``{{name.value}}``.
  A value is replaced as written in problem.yaml. A sequence naming no constant is left as it
  is (the spec allows a warning; a note counts them).
- **Where.** The package is read in place, and a package none of whose files in those places
  holds a sequence is read as it is. Otherwise the kit reads a view of it: a folder (in a
  temporary folder removed when the process ends) that links to the package's files and
  folders, but for the files that hold a sequence, which are copies with it replaced, and
  their neighbours in a program's folder, copies too (run through a link, a Python program
  would run from the package's folder, importing its neighbours unreplaced).
  ``.cpkit-constants`` in the view holds the notes the reader shows.
- **Submissions.** The spec replaces constants in example submissions too; the format's tools
  do not: BAPCtools replaces them in validators only (bapctools/program.py,
  ``substitute_constants``; its export's list has submissions "removed support?", and its test
  problem ``constants`` keeps ``wrong_answer/constant_in_submission.py``, right only once
  replaced), problemtools nowhere. Judges get their submissions from those tools, so the kit
  leaves them as written; a note names those that hold a sequence.

API::

    values(config, shown) -> dict[str, str]           # "k", "k.value", "k.tex" -> text
    view(path, shown, constants) -> Path               # the folder to read
    held(path, constants) -> list[str]                 # submissions holding a sequence
    NOTES                                               # the view's file of notes
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import tempfile
from pathlib import Path

from kit.errors import BuildError

NAME = re.compile(r"[a-zA-Z_][a-zA-Z0-9_]*")
SEQUENCE = re.compile(r"\{\{([a-zA-Z_][a-zA-Z0-9_]*(?:\.[a-zA-Z_][a-zA-Z0-9_]*)?)\}\}")
# the folders whose files are replaced in (validators, included files), and the file name
# replaced in under data/
FOLDERS = (
    "input_validators",
    "input_format_validators",
    "output_validator",
    "output_validators",
    "include",
)
GROUP_FILE = "test_group.yaml"
NOTES = ".cpkit-constants"

_scratch: list[tempfile.TemporaryDirectory] = []


def values(config: dict, shown: str) -> dict[str, str]:
    """The texts ``problem.yaml``'s ``constants`` give each ``{{...}}`` sequence."""
    table = config.get("constants", {})
    where = f"{shown}/problem.yaml: constants"
    if not isinstance(table, dict):
        raise BuildError(f"{where}: expected a map of names to values")
    found = {}
    for name, value in table.items():
        if not NAME.fullmatch(name):
            raise BuildError(f"{where}: {name!r} is not a name ([a-zA-Z_][a-zA-Z0-9_]*)")
        variants = value if isinstance(value, dict) else {"value": value}
        if "value" not in variants:
            raise BuildError(f"{where}: {name}: a map of variants needs a 'value'")
        for variant, text in variants.items():
            if isinstance(text, (dict, list)) or not NAME.fullmatch(variant):
                raise BuildError(f"{where}: {name}.{variant}: not a variant name with a scalar")
            found[f"{name}.{variant}"] = str(text)
        found[name] = found[f"{name}.value"]
    return found


def view(path: Path, shown: str, constants: dict[str, str]) -> Path:
    """``path`` itself when none of its files that take constants holds a sequence, else a
    view of it with them replaced (the module doc)."""
    if not constants:
        return path
    replaced = {
        file: text for file in _candidates(path) if (text := _replaced(file, constants)) is not None
    }
    if not replaced:
        return path
    if not _scratch:
        _scratch.append(tempfile.TemporaryDirectory(prefix="kit-constants-"))
        atexit.register(_scratch[0].cleanup)
    top = Path(tempfile.mkdtemp(dir=_scratch[0].name)) / path.name
    _mirror(path, top, replaced, tuple(path / name for name in FOLDERS))
    notes = "\n".join(_notes(path, shown, replaced, constants)) + "\n"
    (top / NOTES).write_text(notes, encoding="utf-8")
    return top


def _candidates(path: Path) -> list[Path]:
    """The files constants are replaced in: everything under FOLDERS, each test_group.yaml."""
    found = []
    for name in FOLDERS:
        found += [file for file in sorted((path / name).rglob("*")) if file.is_file()]
    found += sorted(file for file in (path / "data").rglob(GROUP_FILE) if file.is_file())
    return found


def _replaced(file: Path, constants: dict[str, str]) -> str | None:
    """The text of ``file`` with its sequences replaced; None when it holds none it names
    (or is not text)."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if not any(match[1] in constants for match in SEQUENCE.finditer(text)):
        return None
    return SEQUENCE.sub(lambda match: constants.get(match[1], match[0]), text)


def _mirror(source: Path, target: Path, replaced: dict[Path, str], programs: tuple) -> None:
    """``target``: links to what ``source`` holds, a folder holding a replaced file made
    anew, each replaced file written with its mode. In a folder of ``programs`` (FOLDERS)
    the other files are copies: a Python program run through a link runs from the package's
    own folder (``sys.path`` follows the link), where its neighbours hold their sequences
    unreplaced."""
    target.mkdir()
    program = any(folder == source or folder in source.parents for folder in programs)
    for entry in sorted(source.iterdir()):
        place = target / entry.name
        inside = [file for file in replaced if entry in file.parents]
        if entry in replaced:
            place.write_text(replaced[entry], encoding="utf-8")
            shutil.copymode(entry, place)
        elif inside and entry.is_dir() and not entry.is_symlink():
            _mirror(entry, place, {file: replaced[file] for file in inside}, programs)
        elif program and entry.is_file():
            shutil.copy2(entry, place)
        else:
            os.symlink(entry.absolute(), place)


def held(path: Path, constants: dict[str, str]) -> list[str]:
    """The files under ``path``/submissions that hold a sequence naming a constant."""
    folder = path / "submissions"
    files = sorted(file for file in folder.rglob("*") if file.is_file()) if constants else []
    return [file.relative_to(path).as_posix() for file in files if _replaced(file, constants)]


def _notes(path: Path, shown: str, replaced: dict, constants: dict[str, str]) -> list[str]:
    files = [file.relative_to(path).as_posix() for file in replaced]
    notes = [f"note: {shown}: constants replaced in {len(files)} file(s): {', '.join(files[:4])}"]
    unknown = {
        match[1]
        for file in replaced
        for match in SEQUENCE.finditer(replaced[file])
        if match[1] not in constants
    }
    if unknown:
        notes.append(f"note: {shown}: sequences naming no constant, left: {sorted(unknown)}")
    return notes

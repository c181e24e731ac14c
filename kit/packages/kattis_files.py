"""The files of a Kattis-format package as the format's tools take them: the ones they pass
over (``hidden``: dot files, editors' backups, BAPCtools' ``.disabled`` and ``.template``), a
link to a folder that holds it (``looping``, never followed), a YAML file read as problemtools
reads it (``read_yaml``: a byte-order mark skipped, a missing file an empty mapping), and a
source's language by its suffix (``LANGUAGES``). The reader's other modules
(``kit.packages.kattis`` and its ``kattis_*`` parts) stand on it.
"""

from __future__ import annotations

from pathlib import Path

from kit.errors import BuildError
from kit.packages import smallyaml

# a source's language by its suffix: Python's .py and .py3 as the format's languages table
# gives them (appendix/languages.md, "python3 | .py, .py3"; problemtools' languages.yaml,
# files: '*.py *.py3')
LANGUAGES = {
    ".py": "Python",
    ".py3": "Python",
    ".cc": "C++",
    ".cpp": "C++",
    ".cxx": "C++",
    ".c++": "C++",
    ".C": "C++",
    ".c": "C",
    ".java": "Java",
    ".kt": "Kotlin",
    ".hs": "Haskell",  # languages.yaml's haskell: '*.hs *.c' (its .c ones read as C here)
    ".rs": "Rust",
    ".go": "Go",
    ".cs": "C#",
    ".js": "JavaScript",
}


def read_yaml(path: Path, shown: str) -> dict:
    """A YAML file of the package, read as problemtools reads it: a byte-order mark at its
    start (which the format forbids) skipped."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as error:
        raise BuildError(f"{shown}/{path.name}: cannot be read: {error}") from None
    return smallyaml.load(text, f"{shown}/{path.name}")


def looping(entry: Path) -> bool:
    """Whether ``entry`` is a link to a folder that holds it (followed, it never ends)."""
    if not entry.is_symlink() or not entry.is_dir():
        return False
    target, place = entry.resolve(), entry.parent.resolve()
    return target == place or target in place.parents


def hidden(name: str) -> bool:
    """A file or folder the format's tools pass over: a dot file, an editor's backup, and
    what BAPCtools sets aside by its suffix, ``.disabled`` and ``.template`` (bapctools/util.py,
    ``glob``)."""
    return name.startswith(".") or name.endswith(("~", ".disabled", ".template"))

"""An ini file read as pytest 9 reads its pytest.ini, tox.ini and setup.cfg: ``sections``, each
section's keys and values, or an ``IniError`` naming the line pytest stops on. pytest reads
them with iniconfig (``IniConfig(path)``, pytest 9.0.3's _pytest/config/findpaths.py;
iniconfig 2.3.1), whose rules are not configparser's, measured with pytest 9.0.3:

- a byte order mark opening the file is left out (iniconfig 2.3.1 strips it; 2.3.0 kept it,
  and stopped on the first line);
- a line whose first character not blank is ``#`` or ``;`` is a comment, a blank one nothing;
- ``[NAME]`` opens a section (what follows a ``#`` or ``;`` on it left out), its name as
  written, blanks kept (``[ pytest ]`` is no ``[pytest]``); ``[]`` is refused; a ``[`` line
  with no ``]`` goes on the value above it;
- a line starting with a blank goes on the value above it, a new line between (an empty value
  is replaced); refused with no key above it (first in the file, or after a section's line);
- any other line is ``KEY = VALUE``, or ``KEY: VALUE`` (split at the first ``:`` when one
  comes before the first ``=``), both stripped, case kept, a ``#`` or ``;`` in the value kept;
  a line with neither is refused;
- a key before any section, a section twice and a key twice in a section are refused.

    sections("[pytest]\\npythonpath = .\\n  src\\n")  # {"pytest": {"pythonpath": ".\\nsrc"}}
"""

from __future__ import annotations

import re

COMMENTS = "#;"
BOM = "\ufeff"  # a byte order mark, read as UTF-8


class IniError(ValueError):
    """What pytest refuses in an ini file, and its line (from 1)."""

    def __init__(self, line: int, why: str):
        super().__init__(f"line {line}: {why}")
        self.line = line
        self.why = why


def sections(text: str) -> dict[str, dict[str, str]]:
    """The sections of an ini file's ``text``, each its keys' values; an ``IniError`` for the
    first line pytest refuses: the lines' own faults (a line of no kind, a continuation with no
    key) before the file's (a key outside a section, a section or a key twice)."""
    entries: list[list] = []  # [line, section, key (None: the section's line), value]
    section = None
    for number, line in enumerate(text.removeprefix(BOM).splitlines(), 1):
        kind, name, value = _line(number, line)
        if kind == "section":
            section = name
            entries.append([number, name, None, None])
        elif kind == "key":
            entries.append([number, section, name, value])
        elif kind == "more":
            if not entries or entries[-1][2] is None:
                raise IniError(number, f"{value!r} goes on no key (a continuation)")
            above = entries[-1][3]
            entries[-1][3] = f"{above}\n{value}" if above else value
    return _gathered(entries)


def _line(number: int, line: str) -> tuple[str | None, str | None, str | None]:
    """What one line is: ("section", its name, None), ("key", its name, its value), ("more",
    None, the text going on the value above), or (None, None, None) for a blank or comment."""
    if line.strip()[:1] in ("", *COMMENTS):
        return None, None, None
    line = line.rstrip()
    if line.startswith("["):
        head = re.split(f"[{COMMENTS}]", line, maxsplit=1)[0].rstrip()
        if head.endswith("]"):
            if head == "[]":
                raise IniError(number, "a section with an empty name")
            return "section", head[1:-1], None
        return "more", None, line.strip()
    if line[0].isspace():
        return "more", None, line.strip()
    key, equals, value = line.partition("=")
    if not equals or ":" in key:
        key, colon, value = line.partition(":")
        if not colon:
            raise IniError(number, f"{line!r} is neither a section, KEY = VALUE nor KEY: VALUE")
    return "key", key.strip(), value.strip()


def _gathered(entries: list[list]) -> dict[str, dict[str, str]]:
    """The sections of ``sections``' entries, in their order; an ``IniError`` for the first
    key outside a section, or section or key given twice."""
    found: dict[str, dict[str, str]] = {}
    for number, section, key, value in entries:
        if section is None:
            raise IniError(number, f"the key {key!r} is in no section")
        if key is None:
            if section in found:
                raise IniError(number, f"the section [{section}] is there twice")
            found[section] = {}
        elif key in found[section]:
            raise IniError(number, f"the key {key!r} is there twice in [{section}]")
        else:
            found[section][key] = value
    return found

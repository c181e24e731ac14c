"""Where an error about a problem's table stands in problems.toml: the line of the table's
header (``[slug]``, its name bare or quoted) and of each key it sets on a line of its own
(``table_lines``), and an error given the line it is about (``place``: the first of the
table's keys it names, else the header), ``problems.toml:12: [slug]: ...``."""

from __future__ import annotations

import re

from kit.errors import BuildError

_NAME = r"""(?:"([^"]*)"|'([^']*)'|([A-Za-z0-9_.-]+))"""  # a bare or quoted key or table name
_HEADER = re.compile(rf"\[\s*{_NAME}\s*\]\s*(?:#.*)?$")
_KEY = re.compile(rf"{_NAME}\s*=")


def place(error: BuildError, slug: str, text: str) -> None:
    """``error`` about ``[slug]`` given the line of problems.toml it is about: the line that
    sets the first of the table's keys it names, else the table's header
    (``problems.toml:12: [slug]: ...``); as it was when neither is found."""
    prefix = f"problems.toml: [{slug}]: "
    said = str(error)
    if not said.startswith(prefix):
        return
    header, keys = table_lines(text, slug)
    rest = said[len(prefix) :]
    line = next((keys[word] for word in re.findall(r"[\w.-]+", rest) if word in keys), header)
    if line is not None:
        error.args = (f"problems.toml:{line}: [{slug}]: {rest}",)


def table_lines(text: str, slug: str) -> tuple[int | None, dict[str, int]]:
    """The line of ``[slug]``'s header in problems.toml's ``text``, and of each key it sets
    on a line of its own (1 first)."""
    header, keys, current = None, {}, None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("[["):
            current = None
            continue
        found = _HEADER.match(stripped)
        if found:
            current = next(name for name in found.groups() if name is not None)
            header = number if current == slug and header is None else header
            continue
        key = _KEY.match(stripped) if current == slug else None
        if key:
            keys.setdefault(next(name for name in key.groups() if name is not None), number)
    return header, keys

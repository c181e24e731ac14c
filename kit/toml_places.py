"""Where an error about a problem's table stands in problems.toml: the line of the table's
header (``[slug]``, its name bare or quoted) and of each key it sets on a line of its own
(``table_lines``), and an error given the line it is about (``place``: the first of the
table's keys it names, else the header), ``problems.toml:12: [slug]: ...``; a syntax error
tomllib found given the table its line lies in, none for a broken header (``syntax_error``),
and so is a byte that is not UTF-8 (``not_utf_8``)."""

from __future__ import annotations

import ast
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


_AT = re.compile(r" \(at line (\d+), column (\d+)\)$")  # where tomllib says a syntax error is


def syntax_error(said: str, text: str) -> str:
    """tomllib's message ``said`` of a syntax error in problems.toml's ``text``, as the kit's
    other errors of the file read: its line first, then the table it lies in (the nearest
    header above it), ``problems.toml:20: [slug]: Illegal character '\\n' (column 8)``; the
    last table alone when tomllib names no line (at the end of the document); none when the
    line is a broken header (``[pairs`` without its ``]``), which the table above is not to
    blame for. A table declared twice is said in TOML's terms, not as the tuple tomllib names
    it by; a key set twice in a table by its name, not as tomllib's ``Cannot overwrite a
    value``."""
    said = _declared_twice(said, text)
    at = _AT.search(said)
    if at is None:
        return _placed("problems.toml", table_at(text, text.count("\n") + 1), said)
    line = int(at[1])
    table = None if _broken_header(said, text, line) else table_at(text, line)
    twice = _given_twice(said[: at.start()], text, line, table)
    if twice is not None:
        return _placed(f"problems.toml:{line}", table, twice)
    return _placed(f"problems.toml:{at[1]}", table, f"{said[: at.start()]} (column {at[2]})")


def not_utf_8(error: UnicodeDecodeError) -> str:
    """problems.toml's byte that is not UTF-8, as its syntax errors are said: its line and the
    table it lies in, the byte, and what to do (``problems.toml:71: [a]: not UTF-8 text (byte
    \\xe9: invalid continuation byte): save the file as UTF-8, which TOML requires``)."""
    line = error.object.count(b"\n", 0, error.start) + 1
    table = table_at(error.object.decode("utf-8", "replace"), line)
    said = (
        f"not UTF-8 text (byte \\x{error.object[error.start]:02x}: {error.reason}): save the "
        "file as UTF-8, which TOML requires"
    )
    return _placed(f"problems.toml:{line}", table, said)


def _given_twice(said: str, text: str, line: int, table: str | None) -> str | None:
    """tomllib's ``Cannot overwrite a value`` on line ``line``, where a key of ``table`` set
    on a line above is set again, as ``'time_limit' given twice (the first at line 80)``;
    None for another message, or a key not set above (``a = 1`` then ``a.b = 2``: a value
    overwritten by a dotted key, which tomllib's words say)."""
    if said != "Cannot overwrite a value" or table is None:
        return None
    lines = text.split("\n")
    found = _KEY.match(lines[line - 1].strip()) if 0 < line <= len(lines) else None
    if found is None:
        return None
    key = next(name for name in found.groups() if name is not None)
    first = table_lines(text, table)[1].get(key)
    if first is None or first >= line:
        return None
    return f"{key!r} given twice (the first at line {first})"


def _broken_header(said: str, text: str, line: int) -> bool:
    """Whether tomllib's ``said`` is of line ``line`` of ``text`` declaring a table (or an array
    of tables) that ``_HEADER`` cannot read, ``[pairs``, ``[pairs] x``: the line opens as a
    header does and the error is one of a header's (``[1, 2,, 3]`` in an array's value is not)."""
    lines = text.split("\n")
    stripped = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    header_like = _HEADER_START.match(stripped) and _HEADER.match(stripped) is None
    return bool(header_like and said.startswith(_HEADER_ERRORS))


# how a header opens (``[`` then a key's character, a quote or ``[``), and tomllib's errors of
# a header (of the ``[`` line inside an array's value: "Invalid value", "Unclosed array")
_HEADER_START = re.compile(r"""\[\s*[\[\]A-Za-z0-9_"'-]""")
_HEADER_ERRORS = (
    "Expected ']' at the end of a table declaration",
    "Expected ']]' at the end of an array declaration",
    "Expected newline or end of document after a statement",
    "Invalid initial character for a key part",
)


# tomllib's words, the name a tuple's repr: ('pairs',), ("it's",), ('a', 'b')
_TWICE = re.compile(r"Cannot declare (\(.*\)) twice")


def _declared_twice(said: str, text: str) -> str:
    """tomllib's ``Cannot declare ('pairs',) twice`` as ``declared a second time (the first at
    line 33)``, the table named before it (``_placed``); other messages as they are."""
    found = _TWICE.match(said)
    try:
        parts = ast.literal_eval(found[1]) if found else None
    except (SyntaxError, ValueError):
        parts = None
    if not isinstance(parts, tuple):
        return said
    name = ".".join(map(str, parts))
    first, _ = table_lines(text, name)
    where = f" (the first at line {first})" if first is not None else ""
    return f"declared a second time{where}{said[found.end() :]}"


def _placed(where: str, table: str | None, said: str) -> str:
    return f"{where}: [{table}]: {said}" if table is not None else f"{where}: {said}"


def table_at(text: str, line: int) -> str | None:
    """The name of the table line ``line`` of ``text`` lies in: the nearest ``[name]`` header
    above it, or on it; None before any, or in an array of tables (``[[name]]``)."""
    for stripped in reversed([part.strip() for part in text.split("\n")[:line]]):
        if stripped.startswith("[["):
            return None
        found = _HEADER.match(stripped)
        if found:
            return next(name for name in found.groups() if name is not None)
    return None

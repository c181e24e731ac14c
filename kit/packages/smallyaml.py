"""A reader for the small part of YAML that problem packages use: ``problem.yaml`` and
``testdata.yaml`` (the kit stays on the standard library, which has no YAML reader).

What it reads: block mappings nested by indentation (``limits:`` then indented keys), plain,
single- and double-quoted scalars (over several lines too, joined by spaces), flow sequences
and mappings on one line (``[pass-fail, interactive]``, ``{memory: 512, time: 2}``, nested),
block sequences of scalars (``- item``) and of mappings (``- name: Alice``, its other keys
under it), comments (``# ...``), a leading ``---`` and a
closing ``...``. Literal and folded blocks (``|``, ``>``) are read as their text. Scalars stay
strings: the reader of a key says what it must be (``number``). Anything else (anchors and
aliases, tags, multi-document files) is a one-line error naming the file and line, never a
guess.

What a YAML 1.1 reader makes of a scalar, as problemtools reads ``problem.yaml`` (PyYAML's
``safe_load``, whose implicit types are yaml.org/type's ``null``, ``bool``, ``int``,
``float`` and ``timestamp``: ``2023`` a number, ``yes`` a boolean, ``2023-09-01`` a date,
``1e-6`` a string, having no dot), is ``yaml_type``'s: a quoted scalar or a block's text
(``Quoted``) is always a string.

API::

    load(text, where) -> dict        # where: the file as shown in errors
    number(value, where) -> float     # a scalar as a number, or a one-line error
    yaml_type(value) -> str           # "string", "null", "boolean", "integer", "float",
                                      # "date", "list" or "map"
    Quoted(str)                       # a scalar that was quoted, or a block's text
"""

from __future__ import annotations

import re

from kit.errors import BuildError

# a key: plain (a path or a glob too: "secret/*-easy"), or quoted ("{a,b}.py" must be)
_KEY = re.compile(r"""("[^"]*"|'[^']*'|[A-Za-z0-9_.][A-Za-z0-9_ ./*?,{}-]*?)\s*:(?:\s+|$)(.*)$""")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "/": "/", "0": "\0"}
_UNSUPPORTED = ("&", "*", "!", "{", "%", "@", "`")
# a plain scalar's implicit type in YAML 1.1 as PyYAML resolves it (yaml.org/type; PyYAML
# leaves out the one-letter booleans y and n)
_IMPLICIT = (
    ("null", re.compile(r"~|null|Null|NULL|")),
    (
        "boolean",
        re.compile(
            r"(?:yes|no|true|false|on|off)|(?:Yes|No|True|False|On|Off)|"
            r"(?:YES|NO|TRUE|FALSE|ON|OFF)"
        ),
    ),
    (
        "integer",
        re.compile(
            r"[-+]?(?:0b[01_]+|0x[0-9a-fA-F_]+|0[0-7_]+|0|[1-9][0-9_]*"
            r"(?::[0-5]?[0-9])*)"
        ),
    ),
    (
        "float",
        re.compile(
            r"[-+]?(?:[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|"
            r"[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|\.(?:inf|Inf|INF))|"
            r"\.[0-9_]+(?:[eE][-+][0-9]+)?|\.(?:nan|NaN|NAN)"  # unsigned: ".5", not "-.5"
        ),
    ),
    (
        "date",
        re.compile(
            r"[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}"
            r"(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}.*"
        ),
    ),
)


class Quoted(str):
    """A scalar that was quoted, or a literal or folded block's text: a string to any YAML
    reader, whatever it reads like."""


def load(text: str, where: str) -> dict:
    """The mapping ``text`` holds (empty for an empty file)."""
    lines = _lines(text, where)
    value, end = _block(lines, 0, 0, where)
    if end != len(lines):
        number, _, _ = lines[end]
        raise BuildError(f"{where}:{number}: indentation does not fit the lines above it")
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BuildError(f"{where}: expected a mapping of keys at the top")
    return value


def number(value: object, where: str) -> float:
    """``value`` (a scalar read by ``load``) as a number; a one-line error otherwise."""
    try:
        return float(str(value))
    except ValueError:
        raise BuildError(f"{where}: expected a number, not {value!r}") from None


def yaml_type(value: object) -> str:
    """What a YAML 1.1 reader (PyYAML's, problemtools') makes of ``value``, read by ``load``:
    "list", "map", a quoted scalar's "string", or a plain one's implicit type."""
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "map"
    if isinstance(value, Quoted) or not isinstance(value, str):
        return "string"
    return next((kind for kind, form in _IMPLICIT if form.fullmatch(value)), "string")


def _lines(text: str, where: str) -> list[tuple[int, int, str]]:
    """(line number, indentation, content) of every line that says something."""
    found = []
    raw = text.splitlines()
    for index, line in enumerate(raw, 1):
        if "\t" in line[: len(line) - len(line.lstrip())]:
            raise BuildError(f"{where}:{index}: a tab in the indentation (YAML indents by spaces)")
        content = _without_comment(line).rstrip()
        if not content.strip() or (not found and content.strip() == "---"):
            continue
        if content.strip() == "..." and not any(
            _without_comment(rest).strip() for rest in raw[index:]
        ):
            break  # the document's end, nothing after it
        if content.strip() in ("---", "..."):
            raise BuildError(f"{where}:{index}: more than one YAML document")
        found.append((index, len(content) - len(content.lstrip()), content.strip()))
    return found


def _without_comment(line: str) -> str:
    """``line`` without a ``# comment`` (a ``#`` inside quotes, or not after a space, stays)."""
    quote = None
    for position, char in enumerate(line):
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (position == 0 or line[position - 1] in " \t"):
            return line[:position]
    return line


def _block(lines: list, start: int, indent: int, where: str) -> tuple[object, int]:
    """The mapping or sequence whose lines begin at ``start`` with this ``indent``."""
    if start >= len(lines) or lines[start][1] < indent:
        return None, start
    indent = lines[start][1]
    if lines[start][2].startswith("- ") or lines[start][2] == "-":
        return _sequence(lines, start, indent, where)
    return _mapping(lines, start, indent, where)


def _mapping(lines: list, start: int, indent: int, where: str) -> tuple[dict, int]:
    mapping: dict = {}
    index = start
    while index < len(lines) and lines[index][1] == indent:
        number, _, content = lines[index]
        match = _KEY.match(content)
        if match is None:
            raise BuildError(f"{where}:{number}: expected 'key: value', not {content!r}")
        key, rest = _unquoted(match[1]), match[2].strip()
        if key in mapping:
            raise BuildError(f"{where}:{number}: '{key}' is given twice")
        index += 1
        if rest[:1] in ("&", "!", "*"):
            raise BuildError(
                f"{where}:{number}: {rest!r}: anchors, aliases and tags are not read here"
            )
        if rest in ("|", ">", "|-", ">-", "|+", ">+"):
            mapping[key], index = _text_block(lines, index, indent, rest[0])
        elif rest:
            rest, index = _continued(lines, index, indent, rest, where)
            mapping[key] = _scalar(rest, where, number)
        else:
            mapping[key], index = _nested(lines, index, indent, where)
    if index < len(lines) and lines[index][1] > indent:
        raise BuildError(f"{where}:{lines[index][0]}: indented more than the key above it")
    return mapping, index


def _nested(lines: list, index: int, indent: int, where: str) -> tuple[object, int]:
    """The value of a key that has nothing after its colon: the block under it (a sequence
    may stand at the key's own indentation), else an empty string."""
    if index < len(lines) and lines[index][1] > indent:
        return _block(lines, index, indent + 1, where)
    if index < len(lines) and lines[index][1] == indent and lines[index][2][:2] in ("- ", "-"):
        return _sequence(lines, index, indent, where)
    return "", index


def _sequence(lines: list, start: int, indent: int, where: str) -> tuple[list, int]:
    """A block sequence: of scalars, or of mappings (``- name: Alice`` with its other keys
    on the lines under it, as the format's credits and sources are written)."""
    items: list = []
    index = start
    while index < len(lines) and lines[index][1] == indent and lines[index][2].startswith("-"):
        number, _, content = lines[index]
        rest = content[1:].strip()
        index += 1
        if _KEY.match(rest):  # its keys: this one, at its column, and the lines under it
            column = indent + len(content) - len(rest)
            end = index
            while end < len(lines) and lines[end][1] > indent:
                end += 1
            item, used = _block([(number, column, rest), *lines[index:end]], 0, column, where)
            if used != end - index + 1:
                raise BuildError(f"{where}:{lines[index + used - 1][0]}: indentation does not fit")
            items.append(item)
            index = end
        else:
            items.append(_scalar(rest, where, number) if rest else "")
    return items, index


def _text_block(lines: list, index: int, indent: int, style: str) -> tuple[str, int]:
    """A literal (``|``) or folded (``>``) block: the lines indented under its key."""
    parts = []
    while index < len(lines) and lines[index][1] > indent:
        parts.append(lines[index][2])
        index += 1
    return Quoted(("\n" if style == "|" else " ").join(parts)), index


def _unquoted(key: str) -> str:
    return key[1:-1] if key[:1] in "'\"" else key


def _continued(lines: list, index: int, indent: int, text: str, where: str) -> tuple[str, int]:
    """A scalar that goes on over the lines indented under its key (a long description, as
    YAML writers wrap it), its lines joined by spaces; a plain one may not hold ``key: ``."""
    while index < len(lines) and lines[index][1] > indent:
        number, _, content = lines[index]
        if text[0] not in "'\"" and _KEY.match(content):
            raise BuildError(f"{where}:{number}: indented more than the key above it")
        text = f"{text} {content}"
        index += 1
    return text, index


def _flow_mapping(inner: str, where: str, number: int) -> dict:
    """``{key: value, ...}``'s inside as a dict."""
    mapping: dict = {}
    for item in _flow_items(inner, where, number):
        match = _KEY.match(item)
        if match is None or not match[2].strip():
            raise BuildError(f"{where}:{number}: expected 'key: value' in {{...}}, not {item!r}")
        key = _unquoted(match[1])
        if key in mapping:
            raise BuildError(f"{where}:{number}: '{key}' is given twice")
        mapping[key] = _scalar(match[2].strip(), where, number)
    return mapping


def _flow_items(inner: str, where: str, number: int) -> list[str]:
    """The comma-separated items of a flow collection's inside, each stripped (commas inside
    quotes or nested brackets do not separate)."""
    items, depth, quote, start = [], 0, None, 0
    for position, char in enumerate(inner):
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            items.append(inner[start:position].strip())
            start = position + 1
    if depth or quote:
        raise BuildError(f"{where}:{number}: an unclosed bracket or quote in {inner!r}")
    last = inner[start:].strip()
    if last:  # "[a, b, ]": a trailing comma closes nothing
        items.append(last)
    if any(not item for item in items):
        raise BuildError(f"{where}:{number}: an empty item in {inner!r}")
    return items


def _scalar(text: str, where: str, number: int) -> object:
    """A plain or quoted scalar (a string), or a flow sequence (a list) or mapping (a dict)
    of them."""
    if text.startswith("[") and text.endswith("]"):
        return [_scalar(part, where, number) for part in _flow_items(text[1:-1], where, number)]
    if text.startswith("{") and text.endswith("}"):
        return _flow_mapping(text[1:-1], where, number)
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return Quoted(text[1:-1].replace("''", "'"))
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return Quoted(re.sub(r"\\(.)", lambda match: _ESCAPES.get(match[1], match[0]), text[1:-1]))
    if text[0] in _UNSUPPORTED or text[0] in "[\"'":
        raise BuildError(f"{where}:{number}: {text!r}: this YAML is not read here")
    return text

"""A legacy ``problem.yaml`` held to problemtools' model of it (problemtools/metadata.py,
``MetadataLegacy``, at a185fe97, the model of 1.20260907: pydantic 2, in its lax mode): a key
the model does not have (``extra='forbid'``, at the top and in ``limits`` and ``grading``) or
a value of another type, typed as PyYAML types it (``kit.packages.smallyaml.yaml_type``), and
problemtools does not load the package at all ("Failed to load problem: 1 validation error
for MetadataLegacy"). Each is one line naming the key and what it should be.

The types, as pydantic takes them (measured with problemtools' model under pydantic 2.13):

- a string: ``name``, ``author``, ``source``, ``source_url``, ``rights_owner`` (or empty);
  ``validation``, ``validator_flags``, ``keywords`` (never empty); ``grading.range`` (or
  empty). A number, boolean, date (``source: 2023-09-01``), list (``keywords: [a, b]``) or
  map is not one: ``name: {en: ...}``, the later versions' form, stops NWERC 2023's
  ``isolatedisland``;
- a whole number: the eight sizes and times of ``limits`` (``memory`` ...): a number without
  a fraction, a boolean, or a string of digits (``"256"``, ``256.0``; not ``1e3``);
- a number: ``limits.time_multiplier``, ``limits.time_safety_margin``,
  ``grading.accept_score`` and ``reject_score`` (these two or empty): a number, a boolean,
  or a string Python reads as one (``1e3``, a string to PyYAML);
- ``uuid``: empty, or a string Python's ``uuid.UUID`` reads (32 hexadecimal digits);
- one word of a list: ``type`` (pass-fail, scoring), ``license`` (unknown, public domain,
  cc0, cc by, cc by-sa, educational, permission: in these cases), ``grading.objective``
  (max, min), ``grading.on_reject`` (first_error, worst_error, grade; or empty);
- ``grading.show_test_data_groups``: a boolean, 0 or 1, or a word pydantic reads as one;
- ``limits`` and ``grading``: maps (problemtools adds its defaults to ``limits``).

API::

    legacy_errors(config) -> list[str]
        # "problem.yaml: limits.memory is the number 256.5, where format legacy's is a whole
        # number (problemtools does not load the package)"
"""

from __future__ import annotations

import re
import uuid

from kit.packages.smallyaml import yaml_type

STRING, WHOLE, NUMBER, UUID, BOOLEAN = "string", "whole", "number", "uuid", "boolean"
WANTED = {
    STRING: "a string",
    WHOLE: "a whole number",
    NUMBER: "a number",
    UUID: "a uuid",
    BOOLEAN: "true or false",
}
SIZES = (
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
)
# each key: its type (a word above, a tuple of the words allowed, or a dict: a map of those
# keys), and whether it may be empty
LIMITS = {
    **{key: (WHOLE, False) for key in SIZES},
    "time_multiplier": (NUMBER, False),
    "time_safety_margin": (NUMBER, False),
}
GRADING = {
    "objective": (("max", "min"), False),
    "show_test_data_groups": (BOOLEAN, False),
    "accept_score": (NUMBER, True),
    "reject_score": (NUMBER, True),
    "range": (STRING, True),
    "on_reject": (("first_error", "worst_error", "grade"), True),
}
LICENSES = ("unknown", "public domain", "cc0", "cc by", "cc by-sa", "educational", "permission")
TOP = {
    "problem_format_version": (None, True),  # its own check: kit.packages.kattis
    "type": (("pass-fail", "scoring"), False),
    "name": (STRING, True),
    "uuid": (UUID, True),
    "author": (STRING, True),
    "source": (STRING, True),
    "source_url": (STRING, True),
    "license": (LICENSES, False),
    "rights_owner": (STRING, True),
    "limits": (LIMITS, False),
    "validation": (STRING, False),
    "validator_flags": (STRING, False),
    "grading": (GRADING, False),
    "keywords": (STRING, False),
}
NOT_LOADED = "problem.yaml: {} (problemtools does not load the package)"
WHOLE_TEXT = re.compile(r"\s*[-+]?[0-9][0-9_]*(?:\.0*)?\s*")  # pydantic's int from a string
TRUTHS = {"0", "off", "f", "false", "n", "no", "1", "on", "t", "true", "y", "yes"}


def legacy_errors(config: dict) -> list[str]:
    """What problemtools' model of a legacy ``problem.yaml`` refuses in ``config`` (read by
    ``kit.packages.smallyaml``): one line each."""
    return [NOT_LOADED.format(reason) for reason in _refused(config, TOP, "")]


def _refused(mapping: dict, model: dict, prefix: str) -> list[str]:
    reasons = []
    for key, value in mapping.items():
        name = f"{prefix}{key}"
        if key not in model:
            reasons.append(f"{name} is not a key of format legacy")
            continue
        kind, may_be_empty = model[key]
        if kind is None or (may_be_empty and yaml_type(value) == "null"):
            continue
        if isinstance(kind, dict) and isinstance(value, dict):
            reasons += _refused(value, kind, f"{name}.")
        elif not _fits(value, kind):
            reasons.append(f"{name} is {_described(value, name)}, where format legacy's is "
                           f"{_wanted(kind)}")  # fmt: skip
    return reasons


def _fits(value: object, kind: object) -> bool:
    """Whether pydantic takes ``value`` (as PyYAML types it) for ``kind``."""
    typed = yaml_type(value)
    if isinstance(kind, (dict, tuple)) or kind in (STRING, UUID):
        return typed == "string" and _text_fits(str(value), kind)
    if typed in ("list", "map", "null", "date"):
        return False
    return _scalar_fits(str(value), typed, kind)


def _text_fits(text: str, kind: object) -> bool:
    """Whether a string is one of ``kind``'s: a string, a uuid, one of its words (a map
    wanted: none)."""
    if isinstance(kind, dict):
        return False
    if isinstance(kind, tuple):
        return text in kind
    return kind == STRING or _reads(uuid.UUID, text)


def _scalar_fits(text: str, typed: str, kind: object) -> bool:
    """Whether a scalar PyYAML types ``typed`` is a boolean, a number or a whole number
    (``kind``) to pydantic."""
    digits = text.replace("_", "")
    if kind == BOOLEAN:
        if typed in ("integer", "float"):
            return _reads(float, digits) and float(digits) in (0, 1)
        return typed == "boolean" or text.strip().lower() in TRUTHS
    if typed == "boolean" or (kind == NUMBER and typed in ("integer", "float")):
        return True
    if kind == NUMBER:
        return _reads(float, text)
    if typed == "float":  # a whole number: one without a fraction
        return _reads(float, digits) and float(digits).is_integer()
    return typed == "integer" or WHOLE_TEXT.fullmatch(text) is not None


def _reads(parse: type, text: str) -> bool:
    try:
        parse(text)
    except ValueError:
        return False
    return True


def _described(value: object, name: str) -> str:
    """``value`` as a message names it: "a map of languages", "the number 2023", "empty"."""
    typed = yaml_type(value)
    if typed == "map":
        return "a map of languages" if name == "name" else "a map"
    if typed == "list":
        return "a list"
    if typed == "null":
        return "empty"
    if typed in ("integer", "float"):
        return f"the number {value}"
    if typed in ("boolean", "date"):
        return f"the {typed} {value}"
    return repr(str(value))


def _wanted(kind: object) -> str:
    if isinstance(kind, dict):
        return "a map"
    if isinstance(kind, tuple):
        return "one of " + ", ".join(kind)
    return WANTED[str(kind)]

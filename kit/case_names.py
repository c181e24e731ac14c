"""The case a name that names none likely means: the one rule of ``cpkit run``'s missing case
(``kit.problem_cases.missing_case``: ``pkg/tests/1``, did you mean ``pkg/tests/01``?) and of
a Polygon package's missing test or answer beside a file named near it (``tests/01.ans``
where problem.xml's pattern names ``tests/01.a``: ``kit.packages.polygon``).

Two names are near when they are the same read loosely (letters' case and numbers' leading
zeros left out: ``Tests/1`` for ``tests/01``), or so with the suffix of each one's last part
left out (``data/secret/big`` for ``data/secret/big.in``; ``tests/01.ans`` for
``tests/01.a``). A folder's name keeps its dots (``pkg.zip/tests/1``).

A file near a test's missing input is not meant when it is named as an answer is, nor one
near a missing answer when it is named as an input is (``of_kind``: ``tests/01.ans`` is no
input ``tests/01``).

API::

    meant(typed, names) -> str | None   # the first of ``names`` near ``typed``
    of_kind(name, missing, other, answer) -> bool  # may ``name`` be ``missing``'s kind
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from kit import case_folders

_NUMBER = re.compile(r"\d+")
_SUFFIX = re.compile(r"\.[^./\\]*$")  # the last part's suffix: a folder's dots are kept


def meant(typed: str, names: Iterable[str]) -> str | None:
    """The first of ``names`` near ``typed`` (the module's rule), None for none."""
    loose = _loosely(typed)
    stem = _SUFFIX.sub("", loose)
    for name in names:
        other = _loosely(name)
        if loose == other or stem == _SUFFIX.sub("", other):
            return name
    return None


def _loosely(name: str) -> str:
    """``name`` with its letters' case and its numbers' leading zeros left out (``tests/1``
    for ``Tests/01``)."""
    return _NUMBER.sub(lambda number: str(int(number.group())), name.casefold())


def _kinds(answer: bool) -> frozenset[str]:
    """The suffixes an answer has (``answer``), else an input, read from the one rule of a
    case's files (``kit.case_folders.ANSWER_SUFFIXES``: Polygon's ``tests/01`` and
    ``tests/01.a``, the samples' and problem package format's ``.in``, ``.ans`` and ``.out``)."""
    pairs = case_folders.ANSWER_SUFFIXES
    return frozenset(s for ends in pairs.values() for s in ends) if answer else frozenset(pairs)


def of_kind(name: str, missing: str, other: str, answer: bool) -> bool:
    """Whether ``name`` may be the test's input (``answer``: its answer) ``missing``, whose
    other file is named ``other`` (``tests/01`` and ``tests/01.a``): its suffix read loosely
    is ``missing``'s, or neither ``other``'s nor one the other kind has (``_kinds``)."""
    suffix = _suffix(name)
    if suffix == _suffix(missing):
        return True
    theirs = _kinds(not answer)
    return suffix != _suffix(other) and suffix not in theirs


def _suffix(name: str) -> str:
    """The suffix of ``name``'s last part read loosely (``_loosely``), "" for none."""
    found = _SUFFIX.search(_loosely(name))
    return found.group() if found else ""

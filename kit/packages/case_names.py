"""The case a name that names none likely means: the one rule of ``cpkit run``'s missing case
(``kit.problem_cases.missing_case``: ``pkg/tests/1``, did you mean ``pkg/tests/01``?) and of
a Polygon package's missing test or answer beside a file named near it (``tests/01.ans``
where problem.xml's pattern names ``tests/01.a``: ``kit.packages.polygon``).

Two names are near when they are the same read loosely (letters' case and numbers' leading
zeros left out: ``Tests/1`` for ``tests/01``), or so with the suffix of each one's last part
left out (``data/secret/big`` for ``data/secret/big.in``; ``tests/01.ans`` for
``tests/01.a``). A folder's name keeps its dots (``pkg.zip/tests/1``).

API::

    meant(typed, names) -> str | None   # the first of ``names`` near ``typed``
"""

from __future__ import annotations

import re
from collections.abc import Iterable

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

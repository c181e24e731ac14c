"""Stress modules: one per batch problem, the single home of its random and worst-case input
generators, its input validator and its brute-force reference (see the README, "stress").

Each ``stress/<slug>.py`` defines ``PARAMS``, optionally ``MIN_PARAMS``, ``generate(rng,
**params)``, ``validate(text)``, ``reference(text)``, ``split_cases(text)``,
``join_cases(cases)`` and optionally ``cuts(case)``. This package module holds the few helpers
they share.
"""

from __future__ import annotations

import re

INT = re.compile(r"-?[0-9]+")


def merged_params(defaults: dict[str, int], params: dict[str, int]) -> dict[str, int]:
    """``defaults`` updated by ``params``; a name that is not a parameter is a ValueError."""
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise ValueError(f"unknown parameter(s) {', '.join(unknown)}; known: {sorted(defaults)}")
    return {**defaults, **params}


def text_lines(text: str) -> list[str]:
    """The lines of an input file with trailing blanks (and CR) removed and the blank lines at
    the end dropped: what judges ignore."""
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def int_fields(line: str, where: str) -> list[int]:
    """The integers of a line of single-space-separated decimal numbers (ValueError otherwise)."""
    words = line.split(" ")
    if not line or not all(INT.fullmatch(word) for word in words):
        raise ValueError(f"{where}: expected integers separated by single spaces, got {line!r}")
    return [int(word) for word in words]

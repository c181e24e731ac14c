"""Stress modules: one per batch problem, the single home of its random and worst-case input
generators, its input validator and its brute-force reference (see docs/stress.md).

Each ``stress/<slug>.py`` defines ``PARAMS``, optionally ``MIN_PARAMS``, ``generate(rng,
**params)``, ``validate(text)``, ``reference(text)``, ``split_cases(text)``,
``join_cases(cases)`` and optionally ``cuts(case)``. ``python build.py stress`` needs less: a
module without ``split_cases`` and ``join_cases`` has one test case per file; ``reference``
may be a program of its own (``--brute CMD``) and the generator too (``--gen CMD``); an
interactive problem's module generates the interactor's secret inputs and has no
``reference``. ``validate`` is what lets a failing file be cut down (kit/stress/shrink.py).
This package module holds the few helpers they share.
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


def case_opening(lines: list[str], at: int, names: str) -> list[int] | None:
    """The numbers of the line that opens a case, e.g. names "N M"; None when it is the
    terminating line (all zeros), which must be the file's last. ValueError otherwise."""
    if at >= len(lines):
        raise ValueError("the file ends before its terminating line")
    numbers = int_fields(lines[at], f"line {at + 1}")
    if len(numbers) != len(names.split()):
        raise ValueError(f"line {at + 1}: expected {names!r}, got {lines[at]!r}")
    if any(numbers):
        return numbers
    if at + 1 != len(lines):
        raise ValueError(f"line {at + 2}: text after the terminating line")
    return None


def parse_cases(text: str, names: str, read_body) -> list:
    """The cases of a whole file, each opened by a line of the integers `names` (e.g. "N M")
    and read by read_body(lines, at, numbers) -> (case, line after it); the terminating line
    of zeros ends the file. Lines as text_lines() gives them; ValueError on bad layout."""
    lines = text_lines(text)
    cases = []
    at = 0
    while True:
        numbers = case_opening(lines, at, names)
        if numbers is None:
            return cases
        case, at = read_body(lines, at + 1, numbers)
        cases.append(case)

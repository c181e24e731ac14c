"""Test support (not a test module): run a solution against a stress module's reference.

``assert_agrees(module, solve, text)`` compares ``solve(text bytes)`` with
``module.reference(text)`` on a whole input file; on a difference it fails with the first
test case that differs on its own, as a standalone input file (ready for ``oj`` or a shrinker).
"""

from __future__ import annotations

from types import ModuleType
from typing import Callable

import pytest


def first_failing_case(module: ModuleType, solve: Callable[[bytes], str], text: str) -> str:
    """A report of the first case of text on which solve and the reference differ."""
    for number, case in enumerate(module.split_cases(text), 1):
        single = module.join_cases([case])
        want = module.reference(single)
        got = solve(single.encode())
        if got != want:
            return f"case {number}, as a file:\n{single}expected:\n{want}got:\n{got}"
    return f"the file differs as a whole, no case alone does; the file:\n{text}"


def assert_agrees(
    module: ModuleType, solve: Callable[[bytes], str], text: str, label: str = ""
) -> str:
    """The reference's output for text, after checking that solve gives the same."""
    want = module.reference(text)
    if solve(text.encode()) != want:
        pytest.fail(
            f"{label}: solution and reference differ\n" + first_failing_case(module, solve, text)
        )
    return want

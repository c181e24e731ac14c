"""What a build of one problem came to: its status, its bundle's size, the columns its cases
ran in and their verdicts, its errors (one line each) and notes; ``kit.building.pipeline`` fills it,
``kit.building.report`` and the commands read it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from kit.registry import Problem
from kit.run.cases import Column, Ran


class Status(StrEnum):
    """What a build of one problem came to (each equals its word in reports)."""

    OK = "ok"
    FAIL = "FAIL"
    NO_SOLUTION = "no solution"


@dataclass
class Result:
    problem: Problem
    status: Status = Status.OK
    bundle_bytes: int | None = None
    unreachable_bytes: int = 0
    columns: list[Column] = field(default_factory=list)
    ran: Ran | None = None
    errors: list[str] = field(default_factory=list)  # one line each, detail lines indented
    notes: list[str] = field(default_factory=list)
    sources: list[Path] = field(default_factory=list)  # the solution and helpers bundled
    reads_stdin: bool = True  # whether the bundle may read stdin (kit.problem_cases.reads_stdin)
    foreign: bool = False  # run under an interpreter the judge does not run (``--target``)

    @property
    def passed(self) -> int:
        return self.ran.passed if self.ran else 0

    @property
    def total(self) -> int:
        return self.ran.total if self.ran else 0

    def fail(self, message: str, details: Sequence[str] = ()) -> None:
        self.status = Status.FAIL
        slug = self.problem.slug
        line = message if message.startswith(f"{slug}:") else f"{slug}: {message}"
        self.errors.append(line)
        self.errors.extend(f"    {detail}" for detail in details)

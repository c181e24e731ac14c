"""What every comparison rule is: a ``Comparator`` and the ``Judgement`` it gives.

A rule judges a solution's output against the answer (``judge``, or ``compare`` for the
message alone); a built-in rule gives only ``difference``, an output that is the answer byte
for byte being accepted before it is asked. The rules, and the ``compare`` setting that names
one, are ``kit.judges.compare``'s.

Whether a rule runs a program of its own, a checker's or a validator's (never run a second time
for a hint, given junk outputs by ``cpkit verify``), is ``runs_program``'s to say, of a setting
without the spaces around it (as ``parse_compare`` reads one; a ``Comparator.spec`` is so)::

    runs_program("checker:check.py")  # True; "validator:v.py FLAGS" too; "tokens" False
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kit.judges.output_chunks import UTF8_BOM

PROGRAM_RULES = ("checker:", "validator:")  # the settings whose rule is a program of its own


@dataclass(frozen=True)
class Judgement:
    accepted: bool
    message: str  # one line; on acceptance only a checker says something
    checker_failed: bool = False  # the checker failed: exit 3, a status not testlib's, killed, hung
    hung: bool = False  # the checker failed so: no verdict within its time-out
    presentation: bool = False  # rejected for the layout only (a presentation error)
    # a Kattis validator's score.txt, or a testlib checker's quitp points (accepted or not:
    # kit.judges.checker_compare), as text; None: none
    score: str | None = None
    # a Kattis validator's nextpass.in: the input of a multi-pass problem's next pass
    next_input: bytes | None = None


class Comparator:
    """One comparison rule; subclasses give ``difference`` (or ``judge``)."""

    spec: str

    def prepare(self) -> None:
        """Get ready to judge (a C/C++ program is compiled here); a BuildError if it cannot."""

    def with_flags(self, flags: tuple[str, ...]) -> Comparator:
        """This rule with a test group's validator flags added (only Kattis validators take
        flags; the others are themselves)."""
        return self

    def compare(self, input_path: Path, expected: bytes, got: bytes) -> str | None:
        judgement = self.judge(input_path, expected, got)
        return None if judgement.accepted else judgement.message

    def judge_pass(
        self, input_path: Path, expected: bytes, got: bytes, feedback: Path
    ) -> Judgement:
        """One pass of a multi-pass problem, ``feedback`` the folder kept between passes; a
        rule other than a Kattis validator judges it alone and asks for no other pass."""
        return self.judge(input_path, expected, got)

    def judge(self, input_path: Path, expected: bytes, got: bytes) -> Judgement:
        difference = None if _identical(expected, got) else self.difference(expected, got)
        return Judgement(difference is None, difference or "")

    def difference(self, expected: bytes, got: bytes) -> str | None:
        raise NotImplementedError


def runs_program(spec: str) -> bool:
    """Whether the setting ``spec`` (without the spaces around it) names a rule that runs a
    program of its own: ``checker:PATH`` or ``validator:PATH [FLAGS]``."""
    return spec.startswith(PROGRAM_RULES)


def _identical(expected: bytes, got: bytes) -> bool:
    """Whether the output is the answer byte for byte, which every built-in rule accepts (but
    for a byte-order mark opening both, which testlib skips in the output only)."""
    return expected == got and not got.startswith(UTF8_BOM)

"""Output comparison, chosen per problem by its ``compare`` setting in problems.toml.

Modes:

- ``"lines"`` (the default): exact, except that trailing whitespace at the end of each line
  (``\\r`` included, so CRLF equals LF) and blank lines at the end are ignored; when only the
  layout differs (the same tokens on other lines, or spaced otherwise) it is a presentation
  error;
- ``"tokens"``: the whitespace-separated tokens are equal;
- ``"float:TOL"``: as many tokens; two tokens that both read as numbers are equal when their
  absolute or relative error is at most TOL (``nan`` equals only ``nan``, an infinity only
  the same infinity); any other token must be equal as text;
- ``"checker:PATH"``: the program PATH (relative to the checkout; a ``.py`` file runs under
  this Python, anything else must be executable) run as ``PATH INPUT OUTPUT ANSWER``, three
  file paths in testlib's order (the input, the solution's output, the jury's answer), which
  online-judge-tools' judge command follows too. Its exit status is read as testlib's: 0
  accepted, 1 wrong answer, 2 presentation error, 3 the checker failed, 4 (wrong output
  format) a presentation error, 7 (points) and 8 (unexpected end of the output) a wrong
  answer. Exit 1 is a wrong answer with or without a traceback: a Python checker that rejects
  by raising (an ``assert``, as online-judge-tools' own special judges do, or an exception
  while reading a malformed output) exits with 1, which testlib reads as a wrong answer and
  online-judge-tools too (it accepts on 0, any other status is a wrong answer). The message
  is the exception's line (``AssertionError: ...``; a bare ``assert`` adds its line number
  and statement) when the checker printed a traceback, else its first lines of output.
  Exit 3, any status testlib does not define, death by a signal or no answer within the
  timeout is a failure of the checker, reported apart from the solution's verdicts (never
  its fault, never accepted).

API::

    parse_compare(spec: str, root: Path, where: str, *, checker_timeout=10.0) -> Comparator
    Comparator.spec: str
    Comparator.compare(input_path: Path, expected: bytes, got: bytes) -> str | None
        # None when accepted, else a one-line description of the first difference
    Comparator.judge(input_path, expected, got) -> Judgement
        # the same, with the checker's message on acceptance and checker failures marked

Helpers shared with ``kit.run.interact``: ``program_command`` (argv of a user's program),
``summary_line`` (a program's output as one line), ``crash_line`` (the last line of a
traceback, or None), ``judge_message`` (a checker's or interactor's message: the exception
line, else the first lines), ``testlib_failure`` (an exit status that is the program's own
failure, described), ``TESTLIB_PRESENTATION``, ``kill_group``.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from kit.errors import BuildError

DEFAULT_SPEC = "lines"
CHECKER_TIMEOUT = 10.0
SHOWN_CHARS = 60  # of a line or token in a message
MESSAGE_CHARS = 200  # of a program's message
MESSAGE_LINES = 3

# testlib's exit statuses (testlib.h: WA_EXIT_CODE 1, PE_EXIT_CODE 2, FAIL_EXIT_CODE 3,
# DIRT_EXIT_CODE 4, POINTS_EXIT_CODE 7, UNEXPECTED_EOF_EXIT_CODE 8) that reject the output
TESTLIB_REJECTS = {
    1: "wrong answer",
    2: "presentation error",
    4: "wrong output format",
    7: "points (partial score)",
    8: "unexpected end of the output",
}
TESTLIB_PRESENTATION = {2, 4}
TESTLIB_FAIL = 3
_NUMBER = re.compile(rb"[+-]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|(?i:nan|inf|infinity))")
_TRACEBACK = b"Traceback (most recent call last):"
_FRAME = re.compile(r'  File "[^"]*", line (\d+)')


@dataclass(frozen=True)
class Judgement:
    accepted: bool
    message: str  # one line; on acceptance only a checker says something
    checker_failed: bool = False  # the checker failed: exit 3, a status not testlib's, killed, hung
    presentation: bool = False  # rejected for the layout only (a presentation error)


class Comparator:
    """One comparison rule; subclasses give ``difference`` (or ``judge``)."""

    spec: str

    def compare(self, input_path: Path, expected: bytes, got: bytes) -> str | None:
        judgement = self.judge(input_path, expected, got)
        return None if judgement.accepted else judgement.message

    def judge(self, input_path: Path, expected: bytes, got: bytes) -> Judgement:
        difference = self.difference(expected, got)
        return Judgement(difference is None, difference or "")

    def difference(self, expected: bytes, got: bytes) -> str | None:
        raise NotImplementedError


class LinesComparator(Comparator):
    spec = "lines"

    def judge(self, input_path: Path, expected: bytes, got: bytes) -> Judgement:
        difference = self.difference(expected, got)
        if difference is None:
            return Judgement(True, "")
        if expected.split() == got.split():
            return Judgement(False, f"{difference} (the same tokens)", presentation=True)
        return Judgement(False, difference)

    def difference(self, expected: bytes, got: bytes) -> str | None:
        return _first_difference("line", judged_lines(expected), judged_lines(got), _exactly)


def judged_lines(output: bytes) -> list[bytes]:
    """The lines the ``lines`` mode compares: each right-stripped, trailing blank ones gone."""
    lines = output.split(b"\n")
    end = len(lines)
    while end and not lines[end - 1].rstrip():
        end -= 1
    return [line.rstrip() for line in lines[:end]]


class TokensComparator(Comparator):
    spec = "tokens"

    def difference(self, expected: bytes, got: bytes) -> str | None:
        return _first_difference("token", expected.split(), got.split(), _exactly)


class FloatComparator(Comparator):
    def __init__(self, spec: str, tolerance: float) -> None:
        self.spec = spec
        self.tolerance = tolerance

    def difference(self, expected: bytes, got: bytes) -> str | None:
        return _first_difference("token", expected.split(), got.split(), self._token_difference)

    def _token_difference(self, a: bytes | None, b: bytes | None) -> str | None:
        if a == b:
            return None
        x, y = _number(a), _number(b)
        if x is None or y is None:
            return _exactly(a, b)
        shown = f"expected {_plain(a)}, got {_plain(b)}"
        if math.isnan(x) or math.isnan(y):
            return None if math.isnan(x) and math.isnan(y) else shown
        if math.isinf(x) or math.isinf(y):
            return None if x == y else shown
        # Absolute error for |expected| <= 1, relative beyond: the smaller of the two errors.
        # The margin absorbs the rounding of decimal to binary (0.500001 - 0.5 > 1e-6).
        error = abs(x - y) / max(1.0, abs(x))
        if error <= self.tolerance * (1 + 1e-9):
            return None
        return f"{shown} (error {error:.3g} > {self.tolerance:g})"


def _first_difference(
    unit: str,
    want: list[bytes],
    have: list[bytes],
    differ: Callable[[bytes | None, bytes | None], str | None],
) -> str | None:
    """``"<unit> N: <what differ says>"`` for the first pair ``differ`` finds apart, or None.

    The shorter list is padded with None, shown as the end of the output.
    """
    for index, (a, b) in enumerate(itertools.zip_longest(want, have)):
        problem = differ(a, b)
        if problem is not None:
            return f"{unit} {index + 1}: {problem}"
    return None


def _exactly(a: bytes | None, b: bytes | None) -> str | None:
    return None if a == b else f"expected {_quoted(a)}, got {_quoted(b)}"


def _number(token: bytes | None) -> float | None:
    if token is None or not _NUMBER.fullmatch(token):
        return None
    return float(token)


class CheckerComparator(Comparator):
    def __init__(self, spec: str, command: list[str], root: Path, timeout: float) -> None:
        self.spec = spec
        self.command = command
        self.root = root
        self.timeout = timeout

    def judge(self, input_path: Path, expected: bytes, got: bytes) -> Judgement:
        with tempfile.TemporaryDirectory(prefix="kit-check-") as folder:
            output_path, answer_path = Path(folder, "output"), Path(folder, "answer")
            output_path.write_bytes(got)
            answer_path.write_bytes(expected)
            input_file = str(Path(input_path).resolve())
            argv = [*self.command, input_file, str(output_path), str(answer_path)]
            try:
                status, stdout, stderr, hung = _run(argv, self.root, self.timeout)
            except OSError as error:
                return _checker_failure(f"cannot start {self.command[-1]}: {error}")
        if hung:
            return _checker_failure(f"no verdict after {self.timeout:g} s (killed)")
        if status < 0:
            return _checker_failure(f"killed by {signal_name(-status)}")
        if status == 0:
            return Judgement(True, summary_line(stdout + b"\n" + stderr))
        message = judge_message(stdout, stderr)
        failure = testlib_failure(status)
        if failure is not None:
            return _checker_failure(failure + (f": {message}" if message else ""))
        meaning = TESTLIB_REJECTS[status]
        return Judgement(
            False,
            f"checker: {message or meaning} (exit status {status})",
            presentation=status in TESTLIB_PRESENTATION,
        )


def _checker_failure(what: str) -> Judgement:
    return Judgement(False, f"checker failed: {what}", checker_failed=True)


def _run(argv: list[str], cwd: Path, timeout: float) -> tuple[int, bytes, bytes, bool]:
    """Run a program to completion or to ``timeout``; its whole process group is killed then."""
    with subprocess.Popen(
        argv,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    ) as process:
        try:
            stdout, stderr = process.communicate(timeout=timeout)
            hung = False
        except subprocess.TimeoutExpired:
            kill_group(process.pid)
            stdout, stderr = process.communicate()
            hung = True
        return process.returncode, stdout, stderr, hung


def parse_compare(
    spec: str, root: Path, where: str, *, checker_timeout: float = CHECKER_TIMEOUT
) -> Comparator:
    """The comparator a ``compare`` setting names; a bad setting is a one-line BuildError."""
    if not isinstance(spec, str):
        raise BuildError(f"{where}: compare must be a string, not {spec!r}")
    shown = f"{where}: compare = {spec!r}"
    mode, colon, argument = spec.partition(":")
    if spec == "lines":
        return LinesComparator()
    if spec == "tokens":
        return TokensComparator()
    if mode == "float":
        try:
            tolerance = float(argument)
        except ValueError:
            tolerance = math.nan
        if not colon or not math.isfinite(tolerance) or tolerance <= 0:
            raise BuildError(f"{shown}: the tolerance must be a positive number, e.g. float:1e-6")
        return FloatComparator(spec, tolerance)
    if mode == "checker":
        command = program_command(argument, root, shown, "checker")
        return CheckerComparator(spec, command, root, checker_timeout)
    raise BuildError(
        f"{shown}: unknown comparison (expected lines, tokens, float:TOL or checker:PATH)"
    )


def program_command(path_text: str, root: Path, where: str, role: str) -> list[str]:
    """The argv that runs a user's program: ``.py`` under this Python, else the executable."""
    if not path_text.strip():
        raise BuildError(f"{where}: no {role} path given")
    path = Path(root, path_text)
    if not path.is_file():
        raise BuildError(f"{where}: {role} {path_text} not found")
    if path.suffix == ".py":
        return [sys.executable, str(path.resolve())]
    if not os.access(path, os.X_OK):
        raise BuildError(f"{where}: {role} {path_text} is not executable (nor a .py file)")
    return [str(path.resolve())]


def summary_line(output: bytes) -> str:
    """A program's message as one line: its first non-blank lines, joined and trimmed."""
    lines = [line.strip() for line in output.decode("utf-8", "replace").splitlines()]
    lines = [line for line in lines if line]
    text = " / ".join(lines[:MESSAGE_LINES])
    if len(lines) > MESSAGE_LINES:
        text += f" (+{len(lines) - MESSAGE_LINES} more lines)"
    return _trimmed(text, MESSAGE_CHARS)


def judge_message(stdout: bytes, stderr: bytes) -> str:
    """What a checker or interactor that did not accept says: the exception line of its
    traceback when it raised (its status is then 1, a wrong answer), else its first lines.
    A bare ``assert`` says only ``AssertionError``: its line and statement are added."""
    crash = crash_line(stderr)
    if crash is None:
        return summary_line(stdout + b"\n" + stderr)
    if crash == "AssertionError":
        statement = _last_statement(stderr)
        if statement is not None:
            return _trimmed(f"{crash} ({statement})", MESSAGE_CHARS)
    return crash


def testlib_failure(status: int) -> str | None:
    """A checker's or interactor's exit status (not a signal) described when it is the
    program's own failure, testlib's 3 or a status testlib does not define; None for 0 and
    for the statuses that reject the output (``TESTLIB_REJECTS``)."""
    if status == TESTLIB_FAIL:
        return "it reported a failure (exit status 3)"
    if status == 0 or status in TESTLIB_REJECTS:
        return None
    return f"exit status {status}, none of testlib's"


def crash_line(stderr: bytes) -> str | None:
    """The exception line of the last traceback on ``stderr``, or None without a traceback."""
    position = stderr.rfind(_TRACEBACK)
    if position < 0:
        return None
    lines = stderr[position:].decode("utf-8", "replace").splitlines()
    exception = [line for line in lines[1:] if line.strip() and not line.startswith(" ")]
    return _trimmed(exception[-1].strip() if exception else "traceback", MESSAGE_CHARS)


def _last_statement(stderr: bytes) -> str | None:
    """``"line N: SOURCE"`` of the innermost frame of the last traceback, when it shows one."""
    lines = stderr[stderr.rfind(_TRACEBACK) :].decode("utf-8", "replace").splitlines()
    for index in range(len(lines) - 2, 0, -1):
        frame = _FRAME.match(lines[index])
        if frame:
            source = lines[index + 1]
            if not source.startswith("    ") or not source.strip(" ^~"):
                return None
            return f"line {frame[1]}: {source.strip()}"
    return None


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def kill_group(pid: int) -> None:
    """SIGKILL the process group led by ``pid`` (started with ``start_new_session``)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def _trimmed(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _quoted(token: bytes | None) -> str:
    if token is None:
        return "end of output"
    return repr(_trimmed(token.decode("utf-8", "replace"), SHOWN_CHARS))


def _plain(token: bytes | None) -> str:
    return _trimmed((token or b"").decode("ascii", "replace"), SHOWN_CHARS)

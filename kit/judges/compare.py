"""Output comparison, chosen per problem by its ``compare`` setting in problems.toml.

Modes:

- ``"lines"`` (the default): exact, except that trailing whitespace at the end of each line
  (``\\r`` included, so CRLF equals LF) and blank lines at the end are ignored; when only the
  layout differs (the same tokens on other lines, or spaced otherwise) it is a presentation
  error;
- ``"tokens"``: the tokens are equal, separated as testlib's ``wcmp`` reads words (by
  space, tab, CR and LF only: testlib.h's ``isBlanks``; a form feed is part of a token; a
  UTF-8 byte-order mark opening the output skipped, as every testlib checker skips it);
- ``"float:TOL"``: as many tokens; two tokens that both read as numbers (decimal, ``inf``,
  ``infinity`` or ``nan`` in any case) are equal when testlib's ``doubleCompare`` with TOL
  finds them so, the very test of ``std:rcmp6`` at 1e-6 (absolute or relative error at most
  TOL + 1e-15; ``nan`` equals only ``nan``; past 1e300, testlib's "infinite", only a number
  past it on the same side); any other token must be equal as text;
- ``"std:NAME"``: testlib's standard checker NAME (``rcmp6``, ``ncmp``, ``yesno``, ...) as its
  source judges, built in: ``kit.judges.testlib_checkers`` (``std:wcmp`` is ``"tokens"``
  under that checker's name);
- ``"kattis"`` or ``"kattis:FLAGS"``: the rules of the Kattis problem package format's default
  output validator, the default for a Kattis-format package and for ``judge = "Kattis"``
  (below);
- ``"domjudge"`` or ``"domjudge:FLAGS"``: DOMjudge's default ``compare``, its copy of that
  validator "modified: float comparison" (DOMjudge/domjudge at a023fd3e,
  sql/files/defaultdata/compare/compare.cc), the default for ``judge = "DOMjudge"``, where a
  package's ``kattis`` is this one too: the same rules, but tokens are compared whole (a NUL
  byte counts, though a number is read only up to it, as ``sscanf`` reads ``c_str()``:
  ``1\\0x`` is 1) and, with a tolerance, ``inf``, ``infinity`` and ``nan`` are numbers (NaN
  equals NaN, an infinity the same infinity; ``nan(1)`` is not a number, as glibc's ``%Lf``
  stops at its bracket); it reads numbers and computes their errors (``fabsl(t - j)``,
  ``fabsl((t - j) / j)``) in x87 80-bit ``long double``, which the kit follows exactly
  (``kit.judges.long_double``): at an error the size of the tolerance the verdict is often
  not that of doubles (at an absolute 0.1, ``1.1`` against ``1`` is wrong, ``2.1`` against
  ``2`` right), nor past 2**53 (``100000000000000000`` against ``100000000000000001``
  wrong) or a double's range (``2e400`` against ``1e400`` wrong, up to about 1.19e4932); a
  tolerance is any value its ``sscanf("%Lf%10s")`` reads whole (whitespace around it
  skipped): ``inf`` accepts every finite error, a negative one or ``nan`` is not set (its
  ``>= 0`` is false: ``float_tolerance -1`` leaves numbers compared as text,
  ``float_tolerance 1e-6 float_absolute_tolerance nan`` only the relative one), ``-0`` is
  zero; only a word it cannot read (``infinit``, ``nan(1)``, ``1e-6x``) is an error;
- ``"validator:PATH [FLAGS]"``: an output validator in the Kattis protocol (below);
- ``"checker:PATH"``: the program PATH (relative to the checkout; a ``.py`` file runs under
  this Python, a C or C++ source is compiled once and cached, ``kit.judges.programs``, with
  testlib.h found beside it or in the folder the problem names; anything else must be
  executable) run as ``PATH INPUT OUTPUT ANSWER``, three file paths in testlib's order (the
  input, the solution's output, the jury's answer), which online-judge-tools' judge command
  follows too. Its exit status is read as testlib's: 0 accepted, 1 wrong answer, 2 presentation
  error, 3 the checker failed, 4 (wrong output format) a presentation error, 7 (points:
  ``quitp``) a points judgement, its ``points P`` line's P kept as ``Judgement.score``: a
  wrong answer naming them, unless the problem is scored by them (``scored_points``:
  ``verify``'s Polygon scoring problem), where they accept the output (no number there, the
  checker failed), 8 (unexpected end of the output) a wrong answer. Exit 1 is a
  wrong answer with or without a traceback: a Python checker that rejects by raising (an
  ``assert``, as online-judge-tools' own special judges do, or an exception while reading a
  malformed output) exits with 1, which testlib reads as a wrong answer and online-judge-tools
  too (it accepts on 0, any other status is a wrong answer). The message is the exception's
  line (``AssertionError: ...``; a bare ``assert`` adds its line number and statement) when the
  checker printed a traceback, else its first lines of output. Exit 3, any status testlib does
  not define, death by a signal or no answer within the timeout is a failure of the checker,
  reported apart from the solution's verdicts (never its fault, never accepted). The rule is
  ``kit.judges.checker_compare``'s.

**The Kattis default validator** (``"kattis:FLAGS"``), as the format's spec describes it
("Default output validator specification", Kattis/problem-package-format, spec/legacy.md) and
problemtools implements it (support/default_validator/default_validator.cc): the output and
the answer are compared token by token (whitespace: space, tab, newline, vertical tab, form
feed, carriage return), **ignoring case** (ASCII letters) unless the flag ``case_sensitive``
is given; a token ends at its first NUL byte (problemtools compares C strings), and a message
showing a token cut so says it (``got '' (cut at a NUL byte, as Kattis reads it)``).
``space_change_sensitive``: the whitespace between, before and after the tokens must
be the answer's exactly. ``float_absolute_tolerance E``, ``float_relative_tolerance E`` and
``float_tolerance E`` (both): an answer token that is a finite number (as C's ``%lf`` reads a
whole token: integers too, decimal or hexadecimal; ``inf`` and ``nan`` are not) accepts a
number within absolute error E, or within relative error E of it (either tolerance
suffices), written any way (``3.14000000e-2`` for ``0.0314``, ``2.0e2`` for ``200``); a token
that is not a number is then wrong. Without a tolerance numbers are compared as text. Every
rejection is a wrong answer (the format has no presentation error). These rules, and
DOMjudge's copy of them, are ``kit.judges.kattis_compare``'s.

**Output validators in the Kattis protocol** (``"validator:PATH [FLAGS]"``; spec/legacy.md,
"Output validators"): ``PATH INPUT ANSWER FEEDBACK_DIR/ [FLAGS]`` with the solution's output
on stdin; exit 42 accepts, 43 is a wrong answer, any other status (0 included), a signal or
no verdict within the timeout is the validator's own failure. Its message is the start of
``FEEDBACK_DIR/judgemessage.txt``, else of what it printed. What it wrote to
``FEEDBACK_DIR/score.txt`` (a scoring problem's case score, accepted or not), and 2025-09's
``score_multiplier.txt``, are kept as text in ``Judgement.score``
(``kit.judges.kattis_feedback.score_parts`` splits it), for ``kit.verify.judging`` to judge by the
package's rules. A C or C++ validator, or a folder of sources, is compiled once and cached
(``kit.judges.programs``). The rule is ``kit.judges.validator_compare``'s.

**The time-out** of a checker or validator is ``CHECKER_TIMEOUT`` seconds of wall time, with
no memory limit, unless the problem's package gives its own: a Kattis package's
``limits.validation_time`` and ``limits.validation_memory`` (problemtools' defaults 60 s and
1024 MiB), each held as problemtools holds it: the time as CPU time (``SIGXCPU`` past it, the
failure saying ``killed by SIGXCPU (its limit: 60 s of CPU time)``), with a back-stop of wall
time for one that sleeps (``no verdict after 180 s of wall time (killed; its limit: 60 s of
CPU time)``), the memory as the address space (an allocation past it fails, and the
validator's failure says ``(its memory limit: N MiB)``); ``kit.run.problem_judges``'s
``jury_limits``.

A spec is read without the spaces around it (``"tokens "`` is ``tokens``); one close to a
known name (difflib's ratio at least ``CLOSE``: ``tokns``, ``std:wcmpp``) is refused naming
it ("did you mean 'tokens'?"). A path in a spec is split as a shell would (``shlex``): quote
one with spaces. A checker
takes no flags, so its path is the rest as written, or one quoted word.

API (``Comparator``, its ``Judgement`` and ``runs_program``, whether a setting's rule is a
checker's or validator's program, are ``kit.judges.comparator``'s)::

    parse_compare(spec: str, root: Path, where: str, *, checker_timeout=10.0,
                  checker_memory=None, checker_cpu=None, include=(),
                  scored_points=False) -> Comparator
        # include: folders for a C/C++ checker's headers; checker_timeout (seconds of wall
        # time), checker_memory (MiB) and checker_cpu (seconds of CPU time; None: no limit)
        # what a checker or validator is given; scored_points: a checker's points accept
    Comparator.spec: str
    Comparator.compare(input_path: Path, expected: bytes, got: bytes) -> str | None
        # None when accepted, else a one-line description of the first difference
    Comparator.judge(input_path, expected, got) -> Judgement
        # the same, with the checker's message on acceptance and checker failures marked
    Comparator.prepare()             # compile a C/C++ checker or validator now
    Comparator.with_flags(flags)     # a Kattis validator with a test group's flags added
    Comparator.judge_pass(input, expected, got, feedback) -> Judgement
        # one pass of a multi-pass problem; a Kattis validator's nextpass.in in next_input

Shared with a game (``kit.run.interact``, ``kit.run.game_verdicts``): the messages of a
checker, a validator or an interactor (``summary_line``, ``crash_line``, ``judge_message``,
``testlib_failure``, testlib's exit statuses) are ``kit.judges.judge_messages``'s, what a
Kattis validator or interactor leaves in its feedback folder (``feedback_message``,
``feedback_score``, ``score_parts``, ``next_pass_input``) ``kit.judges.kattis_feedback``'s.
Programs are run by ``kit.processes``.
"""

from __future__ import annotations

import difflib
import math
import re
import shlex
from itertools import zip_longest
from pathlib import Path

from kit.errors import BuildError
from kit.judges.checker_compare import CheckerComparator
from kit.judges.comparator import Comparator, Judgement
from kit.judges.compiling import PROBLEMTOOLS
from kit.judges.difference_messages import exactly, first_difference, over, plain
from kit.judges.kattis_compare import KattisComparator, kattis_flags
from kit.judges.long_decimals import DOUBLE_DIGITS, shortened
from kit.judges.output_chunks import (
    ASCII_SPACE,
    LINES,
    TESTLIB_BLANKS,
    judged_lines,
    output_start,
    same_start,
    tokens,
    words,
)
from kit.judges.programs import program_at, whole_path
from kit.judges.testlib_checkers import (
    BUILT_IN,
    INFINITE,
    StandardComparator,
    double_compare,
    standard_spec,
    words_difference,
)
from kit.judges.validator_compare import ValidatorComparator

CHECKER_TIMEOUT = 10.0
STD = ", ".join(sorted(BUILT_IN))
WORDS = ("lines", "tokens", "kattis", "domjudge")  # the settings that are one word
MODES = ("float", "std", "kattis", "domjudge", "validator", "checker")  # those of MODE:ARGUMENT
CLOSE = 0.75  # difflib's ratio from which a setting is taken as a misspelling of another
_NUMBER = re.compile(rb"[+-]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|(?i:nan|inf|infinity))")


class LinesComparator(Comparator):
    spec = "lines"

    def judge(self, input_path: Path, expected: bytes, got: bytes) -> Judgement:
        judged = super().judge(input_path, expected, got)
        if judged.accepted or not _same_words(expected, got):
            return judged
        return Judgement(False, f"{judged.message} (the same tokens)", presentation=True)

    def difference(self, expected: bytes, got: bytes) -> str | None:
        before, want_at, have_at = same_start(expected, got, LINES)
        want, have = judged_lines(expected, want_at, True), judged_lines(got, have_at, True)
        return first_difference("line", want, have, exactly, before)


def _same_words(expected: bytes, got: bytes) -> bool:
    """Whether the two hold the same tokens between ASCII whitespace (``bytes.split``'s)."""
    _, want_at, have_at = same_start(expected, got, ASCII_SPACE)
    pairs = zip_longest(words(expected, want_at, True), words(got, have_at, True))
    return all(a == b for a, b in pairs)


class TokensComparator(Comparator):
    spec = "tokens"

    def difference(self, expected: bytes, got: bytes) -> str | None:
        return words_difference(expected, got)


class FloatComparator(Comparator):
    def __init__(self, spec: str, tolerance: float) -> None:
        self.spec = spec
        self.tolerance = tolerance

    def difference(self, expected: bytes, got: bytes) -> str | None:
        before, want_at, have_at = same_start(expected, got, TESTLIB_BLANKS, output_start(got))
        want, have = tokens(expected, want_at, True), tokens(got, have_at, True)
        return first_difference("token", want, have, self._token_difference, before)

    def _token_difference(self, a: bytes | None, b: bytes | None) -> str | None:
        if a == b:
            return None
        x, y = number(a), number(b)
        if x is None or y is None:
            return exactly(a, b)
        if double_compare(x, y, self.tolerance):  # rcmpN's test, N's tolerance this one
            return None
        shown = f"expected {plain(a)}, got {plain(b)}"
        if not (abs(x) <= INFINITE and abs(y) <= INFINITE):  # NaN, or "infinite" for testlib
            return shown
        # the error shown: absolute for |expected| <= 1, relative beyond
        error = abs(x - y) / max(1.0, abs(x))
        return f"{shown} (error {over(error, self.tolerance)})"


def number(token: bytes | None) -> float | None:
    """The value of a token the float comparison reads as a number (a long one's a view's,
    ``kit.judges.output_chunks``), else None. A short view is read as ``float`` reads it: an
    infinity or a NaN has no digits for ``_long_number``."""
    if token is None or not _NUMBER.fullmatch(token):
        return None
    if isinstance(token, memoryview):
        return _long_number(token) if len(token) > DOUBLE_DIGITS else float(bytes(token))
    return float(token)


def _long_number(token: memoryview) -> float:
    """``float`` of a long decimal (a view: ``kit.judges.output_chunks``), read from its first
    ``DOUBLE_DIGITS`` significant digits and whether any past them is not 0
    (``kit.judges.long_decimals``): the same double. Nothing is held but those digits."""
    return float(shortened(token, DOUBLE_DIGITS))


def _checker_path(argument: str, shown: str) -> str:
    try:
        return whole_path(argument)
    except ValueError as error:
        raise BuildError(f"{shown}: {error}") from None


def _built_in(spec: str, shown: str) -> Comparator:
    """The rule of a ``float:TOL`` or ``std:NAME`` spec."""
    mode, colon, argument = spec.partition(":")
    if mode == "std":
        if standard_spec(argument) != spec:
            meant = _meant(argument, BUILT_IN, "std:")
            said = f"did you mean {meant!r}? built in: {STD}" if meant else STD
            raise BuildError(f"{shown}: not one of testlib's standard checkers built in ({said})")
        return StandardComparator(argument)
    try:
        tolerance = float(argument)
    except ValueError:
        tolerance = math.nan
    if not colon or not math.isfinite(tolerance) or tolerance <= 0:
        raise BuildError(f"{shown}: the tolerance must be a positive number, e.g. float:1e-6")
    return FloatComparator(spec, tolerance)


def _meant(word: str, known, before: str = "", after: str = "") -> str | None:
    """The name of ``known`` that ``word`` is a misspelling of, between ``before`` and
    ``after`` (the setting's own text, braces and all, never read as a format), or None."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=CLOSE)
    return f"{before}{close[0]}{after}" if close else None


def _unknown(spec: str) -> str:
    """The error of a setting of no known mode: ``unknown comparison (did you mean
    'tokens'? expected ...)`` for ``tokns``, a mode close to a known one's suggested."""
    mode, colon, argument = spec.partition(":")
    meant = _meant(mode, MODES, after=f":{argument}") if colon else _meant(spec, WORDS)
    hint = f"did you mean {meant!r}? " if meant else ""
    return (
        f"unknown comparison ({hint}expected lines, tokens, float:TOL, kattis[:FLAGS], "
        "domjudge[:FLAGS], validator:PATH [FLAGS], std:NAME or checker:PATH)"
    )


def parse_compare(
    spec: str,
    root: Path,
    where: str,
    *,
    checker_timeout: float = CHECKER_TIMEOUT,
    checker_memory: int | None = None,
    checker_cpu: float | None = None,
    include: tuple[Path, ...] = (),
    scored_points: bool = False,
) -> Comparator:
    """The comparator a ``compare`` setting names; a bad setting is a one-line BuildError.
    ``include``: folders a C/C++ checker's or validator's headers are looked for in;
    ``scored_points``: the problem is scored by a checker's points (its ``quitp`` accepts)."""
    if not isinstance(spec, str):
        raise BuildError(f"{where}: compare must be a string, not {spec!r}")
    shown = f"{where}: compare = {spec!r}"
    spec = spec.strip()  # "tokens " is "tokens", as "float:1e-6 " was read as float:1e-6
    mode, colon, argument = spec.partition(":")
    if spec == "lines":
        return LinesComparator()
    if spec == "tokens":
        return TokensComparator()
    if mode in ("kattis", "domjudge", "validator"):
        try:
            words = shlex.split(argument)
        except ValueError as error:
            raise BuildError(f"{shown}: {error}") from None
        if mode != "validator":
            try:
                domjudge = mode == "domjudge"
                flags = kattis_flags(words, domjudge=domjudge)
                return KattisComparator(spec, flags, domjudge=domjudge)
            except ValueError as error:
                raise BuildError(f"{shown}: {error}") from None
        if not words:
            raise BuildError(f"{shown}: no validator path given")
        program = program_at(
            words[0], root, shown, "validator", include, folder=True, jury=PROBLEMTOOLS
        )
        flags = tuple(words[1:])
        limits = (checker_timeout, checker_memory, checker_cpu)
        return ValidatorComparator(spec, program, flags, root, *limits)
    if mode in ("float", "std"):
        return _built_in(spec, shown)
    if mode == "checker":
        program = program_at(_checker_path(argument, shown), root, shown, "checker", include)
        limits = (checker_timeout, checker_memory, checker_cpu)
        return CheckerComparator(spec, program, root, *limits, scored_points=scored_points)
    raise BuildError(f"{shown}: {_unknown(spec)}")

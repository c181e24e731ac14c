"""The Kattis problem package format's default output validator (``kattis[:FLAGS]``), and
DOMjudge's copy of it (``domjudge[:FLAGS]``), as a comparison rule.

``KattisFlags`` (case_sensitive, space_change_sensitive and the two float tolerances),
``kattis_flags`` (the flags read from their words, a ValueError naming a bad one; a package's
``validator_flags`` are checked with it too) and ``KattisComparator`` (tokens compared as the
validator compares them, a number read as C's ``%lf`` reads it). The rules as the user sees
them are ``kit.judges.compare``'s docstring's.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from itertools import zip_longest

from kit.judges.comparator import Comparator
from kit.judges.difference_messages import exactly, over, plain, quoted
from kit.judges.output_chunks import ASCII_SPACE, same_start, words


@dataclass(frozen=True)
class KattisFlags:
    """The Kattis default validator's flags (-1: that tolerance is not set, as in
    problemtools' default_validator.cc)."""

    case_sensitive: bool = False
    space_change_sensitive: bool = False
    absolute: float = -1.0
    relative: float = -1.0

    @property
    def floats(self) -> bool:
        return self.absolute >= 0 or self.relative >= 0


KATTIS_SWITCHES = ("case_sensitive", "space_change_sensitive")
KATTIS_TOLERANCES = ("float_tolerance", "float_absolute_tolerance", "float_relative_tolerance")
# glibc's scanf takes an exponent marker without digits as part of the number ("1e", "1.5e-",
# "0x1p+" read as 1, 1.5 and 1: it cannot push the marker back), and "0x." as 0; a hex
# mantissa without a digit takes no exponent ("0x.p1" is not a number), and in hex an e is a
# digit ("0x1e" is 30)
_C_DECIMAL = re.compile(rb"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d*)?")
_C_HEX = re.compile(
    rb"[+-]?0[xX](?:(?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d*)?|\.)"
)
_C_NONFINITE = re.compile(rb"[+-]?(?:inf(?:inity)?|nan(?:\([0-9A-Za-z_]*\))?)", re.IGNORECASE)
_BARE_EXPONENT = re.compile(rb"[eE][+-]?$")
_BARE_BINARY_EXPONENT = re.compile(rb"[pP][+-]?$")
_SPACES = re.compile(rb"\S+")  # bytes: \s is space, \t, \n, \v, \f and \r, as C's isspace


def kattis_flags(
    words: list[str] | tuple[str, ...], start: KattisFlags | None = None
) -> KattisFlags:
    """``start`` with ``words`` (the validator flags) applied; a ValueError names a bad one."""
    flags, index = start or KattisFlags(), 0
    while index < len(words):
        word = words[index]
        if word in KATTIS_SWITCHES:
            flags = replace(flags, **{word: True})
            index += 1
            continue
        if word not in KATTIS_TOLERANCES:
            known = ", ".join(KATTIS_SWITCHES + KATTIS_TOLERANCES)
            raise ValueError(f"unknown flag {word!r} (the default validator knows {known})")
        value = _c_float(words[index + 1].encode()) if index + 1 < len(words) else None
        if value is None:
            raise ValueError(f"{word} needs a number after it")
        if value < 0:  # every number written otherwise would be wrong: float:-1 is refused too
            raise ValueError(f"{word} {words[index + 1]}: a tolerance is not negative")
        if word != "float_relative_tolerance":
            flags = replace(flags, absolute=value)
        if word != "float_absolute_tolerance":
            flags = replace(flags, relative=value)
        index += 2
    return flags


def _c_float(token: bytes, *, finite: bool = True) -> float | None:
    """``token`` read as C's ``%lf`` reads a whole token, when finite; else None (an overflow
    is infinite there, so not a number either). With ``finite=False`` (DOMjudge's reading)
    ``inf``, ``infinity`` and ``nan`` in any case, signed or not, are numbers too, and so is
    an overflow (its infinity)."""
    if not finite and _C_NONFINITE.fullmatch(token):
        return float(token.split(b"(")[0].lower().replace(b"infinity", b"inf"))
    if _C_DECIMAL.fullmatch(token):
        value = float(_BARE_EXPONENT.sub(b"", token))
    elif _C_HEX.fullmatch(token):
        text = _BARE_BINARY_EXPONENT.sub(b"", token).decode()
        sign = -1.0 if text.startswith("-") else 1.0
        digits = text.lstrip("+-")
        try:
            value = sign * (float.fromhex(digits) if digits.strip("0xX.") else 0.0)
        except OverflowError:
            return None
    else:
        return None
    return value if math.isfinite(value) or not finite else None


class KattisComparator(Comparator):
    """The Kattis default output validator's rules (see ``kit.judges.compare``); ``domjudge``:
    DOMjudge's copy of it, whose tokens keep their NUL bytes and whose numbers include the
    infinities and NaN."""

    def __init__(self, spec: str, flags: KattisFlags, *, domjudge: bool = False) -> None:
        self.spec = spec
        self.flags = flags
        self.domjudge = domjudge

    def with_flags(self, flags: tuple[str, ...]) -> Comparator:
        if not flags:
            return self
        spec = f"{self.spec}{' ' if ':' in self.spec else ':'}{' '.join(flags)}"
        return KattisComparator(spec, kattis_flags(flags, self.flags), domjudge=self.domjudge)

    def difference(self, expected: bytes, got: bytes) -> str | None:
        if self.flags.space_change_sensitive:
            return self._spaced_difference(expected, got)
        # tokens the same byte for byte are the same under every flag: read from past them
        before, want_at, have_at = same_start(expected, got, ASCII_SPACE)
        pairs = zip_longest(words(expected, want_at), words(got, have_at))
        for index, (want, have) in enumerate(pairs, before):
            if want is None:
                return f"token {index + 1}: expected end of output, got {quoted(have)}"
            problem = self._token(want, have)
            if problem is not None:
                return f"token {index + 1}: {problem}"
        return None

    def _spaced_difference(self, expected: bytes, got: bytes) -> str | None:
        """``difference`` under ``space_change_sensitive``: the whitespace too."""
        want, have = expected.split(), got.split()
        spaces = (_SPACES.split(expected), _SPACES.split(got))
        for index in range(len(want) + 1):
            theirs = spaces[1][index] if index < len(spaces[1]) else b""
            if spaces[0][index] != theirs:
                where = f"before token {index + 1}" if index < len(want) else "at the end"
                return (
                    f"whitespace {where}: expected {quoted(spaces[0][index])}, "
                    f"got {quoted(theirs)} (space_change_sensitive)"
                )
            if index == len(want):
                break
            mine = have[index] if index < len(have) else None
            problem = self._token(want[index], mine)
            if problem is not None:
                return f"token {index + 1}: {problem}"
        if len(have) > len(want):
            return f"token {len(want) + 1}: expected end of output, got {quoted(have[len(want)])}"
        return None

    def _token(self, want: bytes, have: bytes | None) -> str | None:
        if have is None:
            return f"expected {quoted(want)}, got end of output"
        if self.domjudge:  # DOMjudge's copy compares whole std::strings
            return self._read_token(want, have)
        # problemtools compares C strings (strcmp, sscanf on c_str()): a token ends at a NUL
        cut = want.partition(b"\0")[0], have.partition(b"\0")[0]
        problem = self._read_token(*cut)
        return problem and problem + _cut_at_nul(want != cut[0], have != cut[1])

    def _read_token(self, want: bytes, have: bytes) -> str | None:
        """What is wrong with ``have`` for the answer's ``want``, both as the validator
        reads them (a number, else text), or None."""
        flags = self.flags
        number = _c_float(want, finite=not self.domjudge) if flags.floats else None
        if number is not None:
            return self._number(want, number, have)
        if want == have or (not flags.case_sensitive and want.lower() == have.lower()):
            return None
        note = " (case_sensitive)" if want.lower() == have.lower() else ""
        return f"{exactly(want, have, fold=not flags.case_sensitive and not note)}{note}"

    def _number(self, want: bytes, number: float, have: bytes) -> str | None:
        """What is wrong with ``have`` for the answer's number, within the tolerances."""
        theirs = _c_float(have, finite=not self.domjudge)
        if theirs is None:
            return f"expected {plain(want)}, got {quoted(have)}, not a number"
        if not (math.isfinite(number) and math.isfinite(theirs)):
            # DOMjudge: NaN equals NaN, an infinity the same infinity, nothing else
            same = number == theirs or (math.isnan(number) and math.isnan(theirs))
            return None if same else f"expected {plain(want)}, got {plain(have)}"
        error = abs(number - theirs)
        if error <= self.flags.absolute or error <= self.flags.relative * abs(number):
            return None
        errors = _errors(number, error, self.flags)
        return f"expected {plain(want)}, got {plain(have)} ({errors})"


def _cut_at_nul(answer: bool, output: bool) -> str:
    """The note that a token the message shows was cut at its first NUL byte, as Kattis reads
    it (the NUL and what follows it not shown), or nothing."""
    if not (answer or output):
        return ""
    which = "both " if answer and output else "" if output else "the answer's token "
    return f" ({which}cut at a NUL byte, as Kattis reads it)"


def _errors(number: float, error: float, flags: KattisFlags) -> str:
    """``absolute error 0.01 > 1e-06, relative error ...``: the tolerances that are set."""
    parts = []
    if flags.absolute >= 0:
        parts.append(f"absolute error {over(error, flags.absolute)}")
    if flags.relative >= 0:
        undefined = f"undefined (answer 0) > {flags.relative:g}"
        relative = over(error / abs(number), flags.relative) if number else undefined
        parts.append(f"relative error {relative}")
    return ", ".join(parts)

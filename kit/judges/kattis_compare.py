"""The Kattis problem package format's default output validator (``kattis[:FLAGS]``), and
DOMjudge's copy of it (``domjudge[:FLAGS]``), as a comparison rule.

``KattisFlags`` (case_sensitive, space_change_sensitive and the two float tolerances),
``kattis_flags`` (the flags read from their words, a ValueError naming a bad one; a package's
``validator_flags`` are checked with it too, as the copy that judges it reads them),
``judges_copy`` (a ``kattis`` setting as the judge's own copy: DOMjudge's ``domjudge``) and
``KattisComparator`` (tokens compared as the validator compares them, a number read as C's
``%lf`` reads it, DOMjudge's as its ``%Lf`` does, an x87 long double:
``kit.judges.long_double``). The rules as the user sees them are ``kit.judges.compare``'s
docstring's.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from decimal import Decimal, localcontext
from fractions import Fraction
from itertools import zip_longest

from kit.judges import long_double
from kit.judges.comparator import Comparator
from kit.judges.difference_messages import exactly, over, plain, quoted, same_folded
from kit.judges.long_decimals import DOUBLE_DIGITS, shortened, shortened_hexadecimal
from kit.judges.output_chunks import ASCII_SPACE, same_start, spaced_words, words


@dataclass(frozen=True)
class KattisFlags:
    """The Kattis default validator's flags (-1: that tolerance is not set, as in
    problemtools' default_validator.cc); each tolerance as written too (DOMjudge reads it as
    a long double)."""

    case_sensitive: bool = False
    space_change_sensitive: bool = False
    absolute: float = -1.0
    relative: float = -1.0
    absolute_written: bytes = b""
    relative_written: bytes = b""

    @property
    def floats(self) -> bool:
        return self.absolute >= 0 or self.relative >= 0


# the default validator's comparisons: problemtools' (Kattis), DOMjudge's copy
KATTIS_VALIDATOR, DOMJUDGE_VALIDATOR = "kattis", "domjudge"
KATTIS_SWITCHES = ("case_sensitive", "space_change_sensitive")
KATTIS_TOLERANCES = ("float_tolerance", "float_absolute_tolerance", "float_relative_tolerance")
# glibc's scanf takes an exponent marker without digits as part of the number ("1e", "1.5e-",
# "0x1p+" read as 1, 1.5 and 1: it cannot push the marker back), and "0x." as 0; a hex
# mantissa without a digit takes no exponent ("0x.p1" is not a number), and in hex an e is a
# digit ("0x1e" is 30); a point is tried once after the digits, so a long token that is no
# number fails in time linear in its length (``\d+\.?\d*`` retried every split: 24 s at 40 KB)
_C_DECIMAL = re.compile(rb"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d*)?")
_C_HEX = re.compile(
    rb"[+-]?0[xX](?:(?:[0-9a-fA-F]+(?:\.[0-9a-fA-F]*)?|\.[0-9a-fA-F]+)(?:[pP][+-]?\d*)?|\.)"
)
_C_NONFINITE = re.compile(rb"[+-]?(?:inf(?:inity)?|nan)", re.IGNORECASE)
# a decimal of up to 30 significant digits (a double rounds it once), nothing past it
_SHORT_DECIMAL = re.compile(
    rb"[+-]?(?=[\d.]{1,31}(?:[eE]|$))(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d{1,3})?"
)
_PLAIN_RANGE = (1e-290, 1e290)  # doubles far from zero and overflow, normal as long doubles
_BARE_EXPONENT = re.compile(rb"[eE][+-]?$")
_BARE_BINARY_EXPONENT = re.compile(rb"[pP][+-]?$")
_NUL = re.compile(rb"\0")


def judges_copy(compare: object, own: str | None) -> object:
    """A ``compare`` setting as the judge whose own comparison is ``own`` (its profile's) runs
    it: the format's default validator (``kattis[:FLAGS]``, a Kattis package's) as DOMjudge's
    copy (``domjudge[:FLAGS]``) where the judge's own is that copy; any other as given."""
    if isinstance(compare, str) and own == DOMJUDGE_VALIDATOR:
        mode, colon, flags = compare.partition(":")
        if mode == KATTIS_VALIDATOR:
            return f"{DOMJUDGE_VALIDATOR}{colon}{flags}"
    return compare


def kattis_flags(
    words: list[str] | tuple[str, ...], start: KattisFlags | None = None, *, domjudge: bool = False
) -> KattisFlags:
    """``start`` with ``words`` (the validator flags) applied; a ValueError names a bad one.
    ``domjudge``: a tolerance read as DOMjudge's ``compare`` reads it (``_domjudge_tolerance``)."""
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
        written = words[index + 1].encode() if index + 1 < len(words) else b""
        if domjudge:
            value, written = _domjudge_tolerance(written)
        else:
            value = _c_float(written)
        if value is None:
            raise ValueError(f"{word} needs a number after it")
        # problemtools takes a negative tolerance as none given (numbers then compared as
        # text): refused as a slip, as float:-1 is
        if value < 0 and not domjudge:
            raise ValueError(f"{word} {words[index + 1]}: a tolerance is not negative")
        if word != "float_relative_tolerance":
            flags = replace(flags, absolute=value, absolute_written=written)
        if word != "float_absolute_tolerance":
            flags = replace(flags, relative=value, relative_written=written)
        index += 2
    return flags


def _c_float(token: bytes) -> float | None:
    """``token`` read as C's ``%lf`` reads a whole token, when finite; else None (an overflow
    is infinite there, so not a number either). A long decimal or hexadecimal number (a view)
    is read in place."""
    if _long_decimal(token, DOUBLE_DIGITS):
        value = float(shortened(token, DOUBLE_DIGITS))
        return value if math.isfinite(value) else None
    token = _in_few_digits(token)
    if token is None:
        return None
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
    return value if math.isfinite(value) else None


def _domjudge_tolerance(word: bytes) -> tuple[float | None, bytes]:
    """A tolerance as DOMjudge's ``compare`` reads it (``sscanf(s, "%Lf%10s")`` reading one
    number and nothing past it, whitespace around it skipped) and the word stripped; None: not
    a number, which DOMjudge rejects. ``inf`` is a tolerance no finite error exceeds; a
    negative one, or ``nan``, is not set (its ``>= 0`` false), as if not given."""
    word = word.strip(b" \t\n\v\f\r")
    value = _c_long_double(word) if word and b"\0" not in word else None
    if value is None:
        return None, word
    return (-1.0 if value < 0 else _double(value)), word  # -1e-4940 is negative, not -0.0


def _c_long_double(token: bytes) -> Fraction | float | None:
    """``token`` read as DOMjudge reads it, glibc's ``%Lf`` on its C string taken whole (up to
    a NUL byte, ``sscanf`` on ``c_str()``): a long double, exact (``kit.judges.long_double``),
    an overflow infinite; ``inf``, ``infinity`` and ``nan`` in any case, signed or not, are
    numbers too (not ``nan(...)``: glibc's ``%Lf`` stops before the bracket); else None. A
    long decimal or hexadecimal number (a view) is read in place, from as many digits as a
    long double needs."""
    token = _before_nul(token)
    if _long_decimal(token, long_double.DIGITS):
        token = shortened(token, long_double.DIGITS)
    token = _in_few_digits(token)
    if token is None:
        return None
    if _C_NONFINITE.fullmatch(token):
        return float(token.lower().replace(b"infinity", b"inf"))
    sign = token[:1] if token[:1] in (b"+", b"-") else b""
    body = token[len(sign) :]
    if _C_DECIMAL.fullmatch(token):
        mantissa, _, exponent = body.lower().partition(b"e")
        whole, _, fraction = mantissa.partition(b".")
        return long_double.decimal(sign, whole, fraction, exponent)
    if _C_HEX.fullmatch(token):
        mantissa, _, exponent = body[2:].lower().partition(b"p")
        whole, _, fraction = mantissa.partition(b".")
        return long_double.binary(sign, whole, fraction, exponent)
    return None


class KattisComparator(Comparator):
    """The Kattis default output validator's rules (see ``kit.judges.compare``); ``domjudge``:
    DOMjudge's copy of it, whose tokens keep their NUL bytes (a number read up to one) and
    whose numbers include the infinities and NaN, read and compared in long doubles."""

    def __init__(self, spec: str, flags: KattisFlags, *, domjudge: bool = False) -> None:
        self.spec = spec
        self.flags = flags
        self.domjudge = domjudge
        # DOMjudge's tolerances, long doubles (None: not set)
        self.tolerances = tuple(
            _c_long_double(written) if tolerance >= 0 else None
            for tolerance, written in (
                (flags.absolute, flags.absolute_written),
                (flags.relative, flags.relative_written),
            )
        )

    def with_flags(self, flags: tuple[str, ...]) -> Comparator:
        if not flags:
            return self
        spec = f"{self.spec}{' ' if ':' in self.spec else ':'}{' '.join(flags)}"
        flags_read = kattis_flags(flags, self.flags, domjudge=self.domjudge)
        return KattisComparator(spec, flags_read, domjudge=self.domjudge)

    def difference(self, expected: bytes, got: bytes) -> str | None:
        if self.flags.space_change_sensitive:
            return self._spaced_difference(expected, got)
        # tokens the same byte for byte are the same under every flag: read from past them
        before, want_at, have_at = same_start(expected, got, ASCII_SPACE)
        pairs = zip_longest(words(expected, want_at, True), words(got, have_at, True))
        for index, (want, have) in enumerate(pairs, before):
            if want is None:
                return f"token {index + 1}: expected end of output, got {quoted(have)}"
            problem = self._token(want, have)
            if problem is not None:
                return f"token {index + 1}: {problem}"
        return None

    def _spaced_difference(self, expected: bytes, got: bytes) -> str | None:
        """``difference`` under ``space_change_sensitive``: the whitespace too, before each
        token and after the last (``spaced_words``, a long piece read in place)."""
        pairs = zip_longest(spaced_words(expected, True), spaced_words(got, True))
        for index, (want, have) in enumerate(pairs):
            (spaces, token), (theirs, mine) = want, have or (b"", None)
            if spaces != theirs:
                where = f"before token {index + 1}" if token is not None else "at the end"
                return (
                    f"whitespace {where}: expected {quoted(spaces)}, "
                    f"got {quoted(theirs)} (space_change_sensitive)"
                )
            if token is None:
                extra = f"expected end of output, got {quoted(mine)}"
                return None if mine is None else f"token {index + 1}: {extra}"
            problem = self._token(token, mine)
            if problem is not None:
                return f"token {index + 1}: {problem}"
        return None

    def _token(self, want: bytes, have: bytes | None) -> str | None:
        if have is None:
            return f"expected {quoted(want)}, got end of output"
        if self.domjudge:  # DOMjudge's copy compares whole std::strings
            return self._read_token(want, have)
        # problemtools compares C strings (strcmp, sscanf on c_str()): a token ends at a NUL
        cut = _before_nul(want), _before_nul(have)
        problem = self._read_token(*cut)
        return problem and problem + _cut_at_nul(len(want) > len(cut[0]), len(have) > len(cut[1]))

    def _read_token(self, want: bytes, have: bytes) -> str | None:
        """What is wrong with ``have`` for the answer's ``want``, both as the validator
        reads them (a number, else text), or None."""
        flags = self.flags
        if want == have:  # equal as text, and as numbers if they are
            return None
        if flags.floats and self.domjudge and _surely_within(want, have, flags):
            return None
        if flags.floats:  # a long token (a view) read in place, as the number it is whole
            number = (_c_long_double if self.domjudge else _c_float)(want)
            if number is not None:
                compared = self._long_double if self.domjudge else self._number
                return compared(want, number, have)
        folded = same_folded(want, have)
        if not flags.case_sensitive and folded:
            return None
        note = " (case_sensitive)" if folded else ""
        return f"{exactly(want, have, fold=not flags.case_sensitive and not note)}{note}"

    def _number(self, want: bytes, number: float, have: bytes) -> str | None:
        """What is wrong with ``have`` for the answer's number, within the tolerances."""
        theirs = _c_float(have)
        if theirs is None:
            return f"expected {plain(want)}, got {quoted(have)}, not a number"
        error = abs(number - theirs)
        if error <= self.flags.absolute or error <= self.flags.relative * abs(number):
            return None
        errors = _errors(number, error, self.flags)
        return f"expected {plain(want)}, got {plain(have)} ({errors})"

    def _long_double(self, want: bytes, number: Fraction | float, have: bytes) -> str | None:
        """``_number`` as DOMjudge's ``compare_float`` computes it, in long doubles: wrong
        when the error exceeds every tolerance set (``fabsl(t - j)``, ``fabsl((t - j) / j)``;
        an error that is NaN exceeds none)."""
        theirs = _c_long_double(have)
        if theirs is None:
            return f"expected {plain(want)}, got {quoted(have)}, not a number"
        shown = f"expected {plain(want)}, got {plain(have)}"
        if isinstance(number, float) or isinstance(theirs, float):
            # NaN equals NaN, an infinity the same infinity, nothing else
            same = number == theirs or _nan(number) and _nan(theirs)
            return None if same else shown
        difference = long_double.minus(theirs, number)
        errors = (abs(difference), abs(long_double.divided(difference, number)))
        named = zip(("absolute", "relative"), errors, self.tolerances)
        over_each = [(name, e, t) for name, e, t in named if t is not None]
        if not all(error > tolerance for _, error, tolerance in over_each):
            return None
        said = ", ".join(f"{name} error {_over(e, t)}" for name, e, t in over_each)
        return f"{shown} ({said})"


def _before_nul(token: bytes) -> bytes:
    """``token`` up to its first NUL byte (a C string's end), a long one's view too."""
    found = _NUL.search(token)
    return token[: found.start()] if found is not None else token


def _in_few_digits(token: bytes) -> bytes | None:
    """A token as bytes: a hexadecimal number that is a view written again in a few digits
    (``kit.judges.long_decimals``: the same double and long double, read in place), a view
    of a decimal copied (a long one is read before), or of ``inf`` or ``nan``; None for any
    other view, no number, not copied."""
    if not isinstance(token, memoryview):
        return token
    if _C_HEX.fullmatch(token):
        return shortened_hexadecimal(token)
    return bytes(token) if _C_DECIMAL.fullmatch(token) or _C_NONFINITE.fullmatch(token) else None


def _long_decimal(token: bytes, digits: int) -> bool:
    """Whether ``token`` is a view longer than ``digits`` holding a decimal as C reads one,
    read in place (``kit.judges.long_decimals``) rather than copied."""
    return (
        isinstance(token, memoryview) and len(token) > digits and bool(_C_DECIMAL.fullmatch(token))
    )


def _surely_within(want: bytes, have: bytes, flags: KattisFlags) -> bool:
    """Whether two decimals are within a tolerance as DOMjudge computes it in long doubles,
    told by doubles (the error's as the tolerance's far from rounding); False: unknown. Short
    of it each pair costs ~70 us, read as long doubles, not ~3 us."""
    if not (_SHORT_DECIMAL.fullmatch(want) and _SHORT_DECIMAL.fullmatch(have)):
        return False
    x, y = float(want), float(have)
    if not all(_PLAIN_RANGE[0] <= abs(v) <= _PLAIN_RANGE[1] for v in (x, y)):
        return False  # zero, or a subnormal or overflow there may be one here
    error = abs(y - x)
    slack = (abs(x) + abs(y)) * 2**-50  # far above doubles' and long doubles' rounding
    if flags.absolute >= 0 and error + slack + flags.absolute * 2**-50 < flags.absolute:
        return True
    relative = error / abs(x)
    bound = relative + slack / abs(x) + relative * 2**-49 + flags.relative * 2**-50
    return flags.relative >= 0 and bound < flags.relative


def _cut_at_nul(answer: bool, output: bool) -> str:
    """The note that a token the message shows was cut at its first NUL byte, as Kattis reads
    it (the NUL and what follows it not shown), or nothing."""
    if not (answer or output):
        return ""
    which = "both " if answer and output else "" if output else "the answer's token "
    return f" ({which}cut at a NUL byte, as Kattis reads it)"


def _over(error: Fraction | float, tolerance: Fraction) -> str:
    """``over`` of long doubles: as doubles when those tell them apart, else the error in as
    many significant digits as show it past the tolerance (``1.00000000000000000002e-6 >
    1e-06``)."""
    doubles = [_double(error), _double(tolerance)]
    if isinstance(error, float) or doubles[1] < doubles[0] < math.inf:
        return over(*doubles)
    for digits in range(3, 40):
        with localcontext(prec=digits):
            text = f"{Decimal(error.numerator) / Decimal(error.denominator):g}"
        if Fraction(text) > tolerance:
            break
    return f"{text} > {doubles[1]:g}"


def _nan(value: Fraction | float) -> bool:
    return isinstance(value, float) and math.isnan(value)


def _double(value: Fraction | float) -> float:
    try:
        return float(value)
    except OverflowError:
        return math.inf


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

"""A parsed Checktestdata program run on an input (DOMjudge/checktestdata,
libchecktestdata.cc, as the command-line tool runs it without ``--whitespace-ok``: every space
and newline exactly where the program matches one).

Values are Python's: ``int`` (of any size), ``Fraction`` for floats (exact, where the tool
keeps 256 bits), ``str`` for strings; the input is read as bytes, one character each (latin-1).
An integer operation on integers gives an integer (``/`` and ``%`` truncate toward zero, as
GMP's do); with a float among them, a float. Arithmetic on constants (``10^9``) is worked out
once, before the run, where it cannot fail.

API::

    check(commands, data) -> str | None     # None: the input matches; else where and why not
"""

from __future__ import annotations

import operator
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from kit.checktestdata.parse import CtdError, unbounded
from kit.checktestdata.regex import compiled

_INT = re.compile(r"-?[0-9]*")
_FLOAT_BASE = re.compile(r"-?([0-9])([0-9]*)(\.[0-9]*)?")
_EXPONENT = re.compile(r"[eE][+-]?([0-9]*)")


class _Mismatch(Exception):
    """The input does not match: why."""


def check(commands: tuple, data: bytes) -> str | None:
    """None when ``data`` matches the program (its commands, then the end of the file), else
    ``line L, column C: why``; CtdError when the program fails as it runs."""
    run = _Run(data.decode("latin-1"))
    try:
        with unbounded():
            run.block(_folded(commands))
            run.command(("EOF",))
    except _Mismatch as mismatch:
        line = run.data.count("\n", 0, run.pos) + 1
        column = run.pos - (run.data.rfind("\n", 0, run.pos) + 1) + 1
        return f"line {line}, column {column}: {mismatch}"
    return None


class _Run:
    def __init__(self, data: str) -> None:
        self.data = data
        self.pos = 0
        self.variables: dict[str, dict[tuple, object]] = {}
        # how many times each value stands in an array INARRAY has asked about, kept from
        # its first question on (a scan per question made a loop of them quadratic)
        self.counts: dict[str, dict[object, int]] = {}
        self.handlers = {name[2:].upper(): getattr(self, name) for name in _HANDLERS}

    def block(self, commands: tuple) -> None:
        handlers = self.handlers
        for command in commands:
            handlers[command[0]](*command[1:])

    def command(self, command: tuple) -> None:
        self.handlers[command[0]](*command[1:])

    def char(self, expected: str, what: str) -> None:
        if self.pos >= len(self.data):
            raise _Mismatch(f"{what} expected, found the end of the file")
        if self.data[self.pos] != expected:
            raise _Mismatch(f"{what} expected, found {self.data[self.pos]!r}")
        self.pos += 1

    def c_space(self) -> None:
        self.char(" ", "a space")

    def c_newline(self) -> None:
        self.char("\n", "a newline")

    def c_eof(self) -> None:
        if self.pos < len(self.data):
            raise _Mismatch(f"the end of the file expected, found {self.data[self.pos]!r}")

    def c_int(self, low, high, name) -> None:
        text = _INT.match(self.data, self.pos).group()
        if text in ("", "-"):
            raise _Mismatch("an integer expected")
        if text.startswith(("0", "-0")) and text != "0":
            raise _Mismatch(f"{text}: a leading zero, or -0")
        low, high = self.integer(low), self.integer(high)
        # more digits than the bounds' bits + 1: beyond them, seen without converting it
        longer = len(text.lstrip("-")) > max(low.bit_length(), high.bit_length()) + 1
        value = None if longer else int(text)
        if longer or not low <= value <= high:
            raise _Mismatch(f"{_cropped(text)} out of range")
        self.pos += len(text)
        if name is not None:
            self.assign(name, value)

    def c_float(self, low, high, name, option, decimals) -> None:
        start = self.pos
        base = _FLOAT_BASE.match(self.data, self.pos)
        if base is None:
            raise _Mismatch("a digit expected")
        first, more, dot = base.groups()
        if first == "0" and more:
            raise _Mismatch("a leading zero")
        if dot == ".":
            raise _Mismatch("a digit expected after the dot")
        self.pos = base.end()
        scientific = self.exponent(option)
        if decimals is not None:
            self.decimals(decimals, scientific, first, more, dot)
        text = self.data[start : self.pos]
        value = _decimal(text)
        if not _within(value, self.number(low), self.number(high)):
            self.pos = start
            raise _Mismatch(f"{_cropped(text)} out of range")
        if value.is_zero() and text.startswith("-"):
            self.pos = start
            raise _Mismatch(f"{text}: a negative zero")
        if name is not None:
            self.assign(name, Fraction(value))

    def exponent(self, option) -> bool:
        """Read a float's exponent where there is one (and the option allows it, or asks for
        one); whether the number is in scientific form. As pyctd's lib.py reads it, the end of
        the file where an ``e`` would stand counts as one: there, an exponent is wanted (and
        not found) unless the option is ``FIXED``."""
        scientific = self.data[self.pos : self.pos + 1] in "eE"  # "" at the end too
        if option == "FIXED" or (option is None and not scientific):
            return scientific
        exponent = _EXPONENT.match(self.data, self.pos)
        if exponent is None:
            raise _Mismatch("an exponent expected")
        digits = exponent.group(1)
        if not digits:
            raise _Mismatch("a digit expected in the exponent")
        if digits[0] == "0" and len(digits) > 1:
            raise _Mismatch("a leading zero in the exponent")
        self.pos = exponent.end()
        return True

    def decimals(self, decimals: tuple, scientific: bool, first, more, dot) -> None:
        """FLOATP's rule: the decimals within range; in scientific notation, exactly one
        nonzero digit before the dot."""
        least, most = (self.integer(bound) for bound in decimals)
        if least < 0 or most < 0:
            raise CtdError("FLOATP's numbers of decimals must not be negative")
        if scientific and (first == "0" or more):
            raise _Mismatch("exactly one nonzero digit before the dot expected")
        count = len(dot) - 1 if dot else 0
        if not least <= count <= most:
            raise _Mismatch(f"{count} decimals, not within [{least},{most}]")

    def c_string(self, value) -> None:
        text = self.string(value)
        if not self.data.startswith(text, self.pos):
            raise _Mismatch(f"{text!r} expected")
        self.pos += len(text)

    def c_regex(self, value, name) -> None:
        pattern = compiled(self.string(value))
        found = pattern.match(self.data, self.pos)
        if found is None:
            raise _Mismatch(f"no match of {self.string(value)!r}")
        self.pos = found.end()
        if name is not None:
            self.assign(name, found.group())

    def c_assert(self, test) -> None:
        if not self.test(test):
            raise _Mismatch("assertion failed")

    def c_set(self, pairs) -> None:
        for name, expr in pairs:
            self.assign(name, self.value(expr))

    def c_unset(self, names) -> None:
        for name in names:
            self.variables.pop(name, None)
            self.counts.pop(name, None)

    def c_rep(self, name, count, separator, body) -> None:
        times = self.integer(count)  # any size: pyctd's range (DOMjudge's: an unsigned long)
        self.loop(name, lambda done: done < times, separator, body)
        if name is not None and times < 0:  # no turn, the variable the count (pyctd's range)
            self.assign(name, times)

    def c_while(self, name, test, separator, body) -> None:
        self.loop(name, lambda done: self.test(test), separator, body)

    def loop(self, name, going, separator, body) -> None:
        done, block = 0, self.block
        if name is not None:
            self.assign(name, 0)
        while going(done):
            if done and separator is not None:
                self.command(separator)
            block(body)
            done += 1
            if name is not None:
                self.assign(name, done)

    def c_if(self, test, then, otherwise) -> None:
        self.block(then if self.test(test) else otherwise)

    # variables
    def assign(self, variable: tuple, value) -> None:
        _, name, index = variable
        key = tuple(map(self.integer, index)) if index else ()
        array = self.variables.setdefault(name, {})
        counts = self.counts.get(name)
        if counts is not None:
            if key in array:
                _uncount(counts, array[key])
            counts[value] = counts.get(value, 0) + 1
        array[key] = value

    def lookup(self, variable: tuple):
        _, name, index = variable
        key = tuple(map(self.integer, index)) if index else ()
        try:
            return self.variables[name][key]
        except KeyError:
            shown = f"{name}[{','.join(map(str, key))}]" if key else name
            raise CtdError(f"variable {shown} undefined") from None

    # expressions
    def value(self, expr: tuple):
        kind = expr[0]
        if kind == "var":
            return self.lookup(expr)
        if kind in ("int", "float", "str"):
            return expr[1]
        if kind == "strlen":
            return len(self.string(expr[1]))
        if kind == "neg":
            return -self.number(expr[1])
        return _arithmetic(expr[1], self.number(expr[2]), self.number(expr[3]))

    def number(self, expr: tuple):
        found = self.lookup(expr) if expr[0] == "var" else self.value(expr)
        if isinstance(found, str):
            raise CtdError(f"a number expected, found the string {found!r}")
        return found

    def integer(self, expr: tuple) -> int:
        kind = expr[0]
        if kind == "int":  # a constant or a variable: the most common, read fast
            return expr[1]
        found = self.lookup(expr) if kind == "var" else self.value(expr)
        if not isinstance(found, int):
            raise CtdError(f"an integer expected, found {found!r}")
        return found

    def string(self, expr: tuple) -> str:
        found = self.value(expr)
        if not isinstance(found, str):
            raise CtdError(f"a string expected, found {found}")
        return found

    # tests
    def test(self, test: tuple) -> bool:
        return getattr(self, "t_" + test[0])(*test[1:])

    def t_not(self, test) -> bool:
        return not self.test(test)

    def t_and(self, left, right) -> bool:
        return self.test(left) and self.test(right)

    def t_or(self, left, right) -> bool:
        return self.test(left) or self.test(right)

    def t_eof(self) -> bool:
        return self.pos >= len(self.data)

    def t_match(self, value) -> bool:
        return self.pos < len(self.data) and self.data[self.pos] in self.string(value)

    def t_cmp(self, op, left, right) -> bool:
        return _compared(op, self.value(left), self.value(right))

    def t_unique(self, names: tuple) -> bool:
        """The tuples of the arrays' values at each index are distinct (every array has the
        same indices, else the input is wrong); a variable never set, or unset, has none (as
        pyctd's lib.py: no error)."""
        arrays = [self.variables.get(name, {}) for name in names]  # unset: no values
        if any(array.keys() != arrays[0].keys() for array in arrays[1:]):
            raise _Mismatch(f"the variables {', '.join(names)} have different indices")
        tuples = [tuple(array[key] for array in arrays) for key in arrays[0]]
        return len(set(tuples)) == len(tuples)

    def t_inarray(self, expr: tuple, name: str) -> bool:
        counts = self.counts.get(name)
        if counts is None:
            counts = self.counts[name] = {}
            for value in self.variables.get(name, {}).values():
                counts[value] = counts.get(value, 0) + 1
        return self.value(expr) in counts


def _uncount(counts: dict, value) -> None:
    """One fewer ``value`` in ``counts``, gone at none."""
    if counts[value] == 1:
        del counts[value]
    else:
        counts[value] -= 1


_OPERATORS = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "<": operator.lt,
    ">": operator.gt, "<=": operator.le, ">=": operator.ge, "==": operator.eq, "!=": operator.ne,
}  # fmt: skip
_HANDLERS = tuple(name for name in vars(_Run) if name.startswith("c_"))  # c_int runs INT
_CONSTANTS = ("int", "float")


def _folded(node):
    """``node`` (a command, a block, an expression) with each arithmetic on constants
    (``10^9``) worked out once, before the run. One that fails fails the program before any
    input is read, wherever it stands, as pyctd's parser.py works it out (``1 % 0``,
    ``1.5 % 2``, ``2^-1``), except a division by zero (``1/0``), left to fail where it runs."""
    if not isinstance(node, tuple):
        return node
    node = tuple(_folded(part) for part in node)
    if len(node) == 4 and node[0] == "bin" and _constant(node[2]) and _constant(node[3]):
        if node[1] == "/" and node[3][1] == 0:
            return node
        found = _arithmetic(node[1], node[2][1], node[3][1])
        return ("int" if isinstance(found, int) else "float", found)
    if len(node) == 2 and node[0] == "neg" and _constant(node[1]):
        return (node[1][0], -node[1][1])
    return node


def _constant(node) -> bool:
    return isinstance(node, tuple) and len(node) == 2 and node[0] in _CONSTANTS


def _arithmetic(op: str, left, right):
    """``left op right``: integers give an integer (``/`` and ``%`` truncated toward zero)."""
    integers = isinstance(left, int) and isinstance(right, int)
    if op == "^":
        if not isinstance(right, int) or not 0 <= right < 2**64:
            raise CtdError(f"exponent {right} is not a non-negative integer")
        return left**right
    if op in "/%" and right == 0:
        raise CtdError("division by zero")
    if op == "%":
        if not integers:
            raise CtdError("% needs integers")
        return left - right * _truncated(left, right)
    if op == "/":
        return _truncated(left, right) if integers else Fraction(left) / right
    return _OPERATORS[op](left, right)


def _truncated(left: int, right: int) -> int:
    quotient = abs(left) // abs(right)
    return quotient if (left < 0) == (right < 0) else -quotient


def _cropped(text: str) -> str:
    return text if len(text) <= 40 else f"{text[:20]}...({len(text)} characters)"


def _decimal(text: str) -> Decimal:
    """The float ``text`` as pyctd's lib.py reads it (``Decimal``), which fails the program
    where its exponent is beyond what Decimal takes (about 10^18 in size)."""
    try:
        return Decimal(text)
    except InvalidOperation:
        raise CtdError(
            f"{_cropped(text)}: problemtools' checktestdata fails on a float whose exponent "
            "is beyond Python's Decimal"
        ) from None


def _within(value: Decimal, low, high) -> bool:
    """``low <= value <= high``, the value converted exactly only where its exponent is near
    the bounds' sizes (1e10000000 would take seconds): every nonzero bound ``b`` of ``bits``
    bits (numerator, denominator) has ``2^-bits <= |b| < 2^bits``, so a value of ``10^bits``
    or more lies beyond both, and one under ``10^-bits`` compares as ``±2^-(bits+1)`` does."""
    bits = max(part.bit_length() for bound in (low, high) for part in _parts(bound))
    if not value.is_zero() and value.adjusted() >= bits:
        return False
    if not value.is_zero() and value.adjusted() < -bits:
        value = Fraction(-1 if value.is_signed() else 1, 2 ** (bits + 1))
    return low <= Fraction(value) <= high


def _parts(number) -> tuple[int, int]:
    return (number, 1) if isinstance(number, int) else (number.numerator, number.denominator)


def _compared(op: str, left, right) -> bool:
    if isinstance(left, str) != isinstance(right, str):
        raise CtdError(f"{left!r} and {right!r} cannot be compared")
    return _OPERATORS[op](left, right)

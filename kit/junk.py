"""Files a package's validators and checkers should reject, for the sanity check problemtools'
``verifyproblem`` makes of them (Kattis/problemtools, ``_JUNK_CASES``, ``_JUNK_MODIFICATIONS``
and, for output validators, ``_JUNK_CASES_CRASH``): programs that let these through check
little, and a checker that fails on one would make a judge error of a contestant's output.

- JUNK: whole files no input format allows and no answer is (an empty file, binary bytes, a
  line of every printable character).
- MODIFICATIONS: a case's own input changed the way a careless generator or a hand edit
  changes it (a doubled space, a space before a line break, an empty line, zeros before an
  integer or after a fraction, a line after the last). Each is tried on the first case it
  changes; a format that allows the change makes the warning a false one, which is why these
  are warnings, never rejections.
- ODD_OUTPUTS: short outputs a careless checker may fail on rather than reject (a number past
  32 or 64 bits, a float past a double, "nan", a letter where a number goes, bytes that are not
  UTF-8). A checker may accept some of them; it must not fail.

API::

    JUNK                        # ((what, bytes), ...)
    MODIFICATIONS               # (Modification, ...)
    ODD_OUTPUTS                 # ((what, bytes), ...)
    Modification.apply(data)    # the changed bytes, or None where it changes nothing
"""

from __future__ import annotations

import re
from dataclasses import dataclass

JUNK = (
    ("an empty file", b""),
    ("the bytes 0 to 255", bytes(range(256))),
    ("a line of printable ASCII", bytes(range(32, 127)) + b"\n"),
)


@dataclass(frozen=True)
class Modification:
    what: str  # "each space doubled": how the case's input was changed
    pattern: re.Pattern[bytes]
    replacement: bytes

    def apply(self, data: bytes) -> bytes | None:
        changed = self.pattern.sub(self.replacement, data)
        return None if changed == data else changed


def _modification(what: str, pattern: bytes, replacement: bytes) -> Modification:
    return Modification(what, re.compile(pattern), replacement)


MODIFICATIONS = (
    _modification("each space doubled", rb" ", b"  "),
    _modification("a space before each line break", rb"\n", b" \n"),
    _modification("each line break doubled", rb"\n", b"\n\n"),
    # a whole integer: not part of a fraction ("3.25") nor of a longer word ("x2")
    _modification("zeros before each integer", rb"(?<![\w.])(-?)(\d+)(?![\w.])", rb"\g<1>00\2"),
    # ten zeros, as problemtools adds: two may still be within a format's bound on the digits
    # (assassins' FLOATP(0, 1, 0, 6) on 0.25), which made the warning a false one
    _modification(
        "zeros after each fraction's digits", rb"(\d\.\d+)(?![\w.])", rb"\g<1>" + b"0" * 10
    ),
    # the last line break (if any) and the end: a line "junk" after the last line
    _modification("a line after the last", rb"(?<!\n)\n?\Z", b"\njunk\n"),
)

ODD_OUTPUTS = (
    ("the number -1", b"-1\n"),
    ("the number 2147483648", b"2147483648\n"),
    ("the number 18446744073709551616", b"18446744073709551616\n"),
    ("the number 1e400", b"1e400\n"),
    ('the word "nan"', b"nan\n"),
    ("a letter", b"x\n"),
    ("a NUL byte", b"\x00\n"),
    ("bytes that are not UTF-8", b"\xff\xfe\n"),
)

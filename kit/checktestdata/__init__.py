"""Checktestdata, the input-checking language of DOMjudge/checktestdata (doc/format-spec.md),
run by the kit itself (no ``checktestdata`` program needed) where a Kattis package's input
validator is a ``.ctd`` file. problemtools runs such a file by mzuenni/pyctd (``python -m
checktestdata PROGRAM FLAGS``: no ``--whitespace-ok``, whitespace is strict; the test group's
validator flags after it), its exit status 0 read as the Kattis validator's 42
(problemtools/run/checktestdata.py); the kit's child does the same, exiting with ``ACCEPTED``
(42) or ``REJECTED`` (43, why on stderr), or ``FAILED`` (1) when the program fails as it runs
(an undefined variable) or is given flags. Where DOMjudge's and pyctd's readings of a program
differ, it reads it as pyctd does or refuses it. It stands on nothing else of the kit's, so
that the child that runs it starts with little to import.

- ``parse``:    the program's text read into commands, or a one-line CtdError
- ``evaluate``: the commands run on an input
- ``regex``:    a ``REGEX`` pattern as Python's, or a one-line CtdError where pyctd refuses it
  or DOMjudge's reads it otherwise

API::

    read_program(path) -> tuple                # parse(path's text); CtdError names the line
    Validator.read(path) -> Validator          # read (CtdError when malformed); .argv() runs it
    check(commands, data) -> str | None        # None: accepted; else where and why not
    validator_argv(path) -> list[str]          # the child that checks its stdin against path
    main(argv) -> int                          # that child: path (more arguments fail it)
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from kit.checktestdata.evaluate import check
from kit.checktestdata.parse import CtdError, parse

__all__ = ["CtdError", "Validator", "check", "main", "parse", "read_program", "validator_argv"]

ACCEPTED, REJECTED, FAILED = 42, 43, 1  # the child's exit statuses
_HOME = str(Path(__file__).resolve().parent.parent.parent)  # the folder kit/ is in
_CHILD = "from kit.checktestdata import main; sys.exit(main(sys.argv[1:]))"


def read_program(path: Path) -> tuple:
    """The commands of the program in ``path`` (its bytes read as latin-1, one a character)."""
    try:
        return parse(path.read_bytes().decode("latin-1"))
    except OSError as error:
        raise CtdError(error.strerror or str(error)) from None


def validator_argv(path: Path) -> list[str]:
    """The command that checks its stdin against the program in ``path``: the Python running
    the kit, isolated from the user's environment, the kit's folder on its path."""
    setup = f"import sys; sys.path.insert(0, {_HOME!r}); "
    return [sys.executable, "-I", "-S", "-c", setup + _CHILD, str(path)]


@dataclass(frozen=True)
class Validator:
    """A ``.ctd`` input validator, read once (a malformed one is said before any run), run
    as a program: ``argv()`` checks its stdin."""

    path: Path

    @classmethod
    def read(cls, path: Path) -> Validator:
        read_program(path)
        return cls(path)

    def argv(self) -> list[str]:
        return validator_argv(self.path)


def main(argv: list[str]) -> int:
    """Check stdin against the program ``argv[0]``; ACCEPTED, REJECTED or FAILED, why on
    stderr. Arguments after it (a test group's validator flags, which problemtools passes) fail
    it: problemtools' checktestdata reads the first as the file to check (pyctd.py's
    ``testdata``) and refuses a second, so no input is read from stdin as it should be."""
    if len(argv) > 1:
        flags = " ".join(argv[1:])
        print(
            f"{Path(argv[0]).name}: checktestdata takes no validator flags ({flags}): "
            "problemtools' reads the first as the name of the file to check",
            file=sys.stderr,
        )
        return FAILED
    try:
        commands = read_program(Path(argv[0]))
        why = check(commands, sys.stdin.buffer.read())
    except CtdError as error:
        print(f"{Path(argv[0]).name}: {error}", file=sys.stderr)
        return FAILED
    if why is None:
        return ACCEPTED
    print(why, file=sys.stderr)
    return REJECTED

"""A Checktestdata ``REGEX`` pattern as a Python one, read as problemtools' checktestdata
(mzuenni/pyctd, ``lib.py``'s ``_RegexParser``) reads it: matched leftmost-first (the first
alternative that matches wins), ``.`` matching a newline too. What pyctd refuses, and what it
reads otherwise than DOMjudge's checktestdata (POSIX extended syntax, ``std::regex``), is a
one-line CtdError naming why; the rest is left to Python's ``re``, which reads it alike.

API::

    compiled(pattern) -> re.Pattern      # CtdError when refused or malformed
"""

from __future__ import annotations

import re
from functools import lru_cache

from kit.checktestdata.parse import CtdError

_ESCAPABLE = "(){}[]*+?|\\^."  # escaped alike by problemtools' and DOMjudge's tools
_IN_BRACKETS = "(){}[]*+?|^.-"  # \X in brackets: X to pyctd, a backslash and X to DOMjudge's
_REPEAT = re.compile(r"\{(0|[1-9][0-9]*)?(,(0|[1-9][0-9]*)?)?\}")
_EMPTY, _ATOM, _REPEATED = 0, 1, 2  # what the pattern so far ends with (pyctd's states)


@lru_cache(maxsize=256)
def compiled(pattern: str) -> re.Pattern:
    """``pattern`` as a Python pattern, compiled."""
    try:
        return re.compile(_python_pattern(pattern), re.DOTALL)
    except re.error as error:
        raise CtdError(f"regular expression {pattern!r}: {error}") from None


def _refused(pattern: str, why: str) -> CtdError:
    return CtdError(f"regular expression {pattern!r}: {why}")


def _python_pattern(pattern: str) -> str:
    """The pattern in Python's words: bracket expressions apart, a backslash only before a
    character both tools take escaped, a repeat only after something to repeat (so no
    ``*?``, ``(?``), ``{`` only as a repeat, no ``^`` or ``$`` outside brackets."""
    out, pos, ends = [], 0, [_EMPTY]
    while pos < len(pattern):
        char, now = pattern[pos], _ATOM
        if char == "[":
            text, pos = _bracket(pattern, pos + 1)
            out.append(text)
            ends[-1] = _ATOM
            continue
        text = char
        if char == "\\" and pos + 1 < len(pattern):
            text = _escaped(pattern, pos + 1)
        elif char in "*+?{":
            text, now = _repeat(pattern, pos, ends[-1]), _REPEATED
        elif char in "^$":
            raise _refused(
                pattern,
                f"{char} is the character {char} to problemtools' checktestdata and an anchor "
                f"to DOMjudge's: write \\{char} for the character",
            )
        elif char in "(|":
            now = _EMPTY
            if char == "(":
                ends.append(_EMPTY)
        elif char == ")" and len(ends) > 1:
            ends.pop()
        ends[-1] = now
        out.append(text)
        pos += len(text)
    return "".join(out)


def _escaped(pattern: str, pos: int) -> str:
    """The escape whose character is at ``pos``, when both tools read it alike."""
    char = pattern[pos]
    if char not in _ESCAPABLE:
        reading = repr(char) if char == "-" else f"a backslash and {char!r}"
        raise _refused(
            pattern, f"\\{char} is {reading} to problemtools' checktestdata, refused by DOMjudge's"
        )
    return pattern[pos - 1 : pos + 1]


def _repeat(pattern: str, pos: int, before: int) -> str:
    """The repeat (``*``, ``+``, ``?``, ``{2,5}``) at ``pos``, after something to repeat."""
    found = _REPEAT.match(pattern, pos) if pattern[pos] == "{" else None
    if pattern[pos] == "{" and not (found and (found.group(1) or found.group(2))):
        raise _refused(pattern, "{ not a repeat such as {2} or {1,3} (pyctd refuses it)")
    text = found.group() if found else pattern[pos]
    if before != _ATOM:
        raise _refused(pattern, f"{text} follows nothing to repeat, or a repeat: pyctd refuses it")
    if found and found.group(1) and found.group(3) and int(found.group(1)) > int(found.group(3)):
        raise _refused(pattern, f"{text}: its bounds the wrong way round")
    return text


def _bracket(pattern: str, pos: int) -> tuple[str, int]:
    """The bracket expression that starts at ``pos`` (after its ``[``) in Python's words: a
    backslash in it itself, as both tools read it, except before a character pyctd then
    takes as that character (refused); and where it ends."""
    out = ["["]
    if pattern.startswith("^", pos):
        out.append("^")
        pos += 1
    if pattern.startswith("]", pos):
        raise _refused(pattern, "[] or [^] is refused by pyctd (DOMjudge's reads ] in it)")
    while pos < len(pattern) and pattern[pos] != "]":
        char, after = pattern[pos], pattern[pos + 1 : pos + 2]
        if char == "[":
            raise _refused(
                pattern,
                "problemtools' checktestdata refuses a class such as [:digit:] (DOMjudge's "
                "takes it): write [0-9]"
                if after == ":"
                else "problemtools' checktestdata refuses a [ inside brackets",
            )
        if char == "\\" and after == "\\":
            out.append(re.escape("\\"))
            pos += 2
            continue
        if char == "\\" and after and after in _IN_BRACKETS:
            raise _refused(
                pattern,
                f"\\{after} in brackets is {after!r} to problemtools' checktestdata and a "
                f"backslash and {after!r} to DOMjudge's",
            )
        out.append(re.escape(char) if char in "\\^&~|" else char)
        pos += 1
    if pos >= len(pattern):
        raise _refused(pattern, "a bracket is not closed")
    return "".join(out) + "]", pos + 1

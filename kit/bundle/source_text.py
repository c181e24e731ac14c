"""A source file's text as Python reads it: decoded as its coding declaration says (PEP 263),
the declaration then naming UTF-8, which the bundle is written in, a byte not in its encoding one
line naming its line and what to do; parsed without the code's own SyntaxWarnings, a parse that
fails one line naming the file; and split into lines where the tokenizer splits them.
"""

from __future__ import annotations

import ast
import codecs
import io
import re
import sys
import tokenize
import warnings

from kit.errors import BuildError, SourceSyntaxError

# PEP 263's coding declaration, on one of a file's first two lines
CODING = re.compile(r"^([ \t\f]*#.*?coding[:=][ \t]*)([-\w.]+)", re.MULTILINE)


def decoded(raw: bytes, rel: str) -> str:
    """A source file's text, read as Python reads it (UTF-8, or the encoding its coding
    declaration names), the declaration then saying UTF-8, which the bundle is written in."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
    except SyntaxError as error:
        if raw.startswith(codecs.BOM_UTF8):
            raise BuildError(f"{rel}: a UTF-8 byte-order mark with another coding") from None
        if not error.msg.startswith("invalid or missing encoding"):  # an unknown encoding
            raise BuildError(f"{rel}: {error.msg}") from None
        encoding = "utf-8"  # not UTF-8 on its first lines: the decoding says where
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError as error:
        raise BuildError(_undecodable(rel, encoding, error)) from None
    lines = text.split("\n", 2)
    for number, line in enumerate(lines[:2]):
        declared = CODING.match(line)
        if declared:
            lines[number] = line[: declared.end(1)] + "utf-8" + line[declared.end(2) :]
            break
        if line.strip() and not line.lstrip().startswith("#"):
            break  # a declaration counts only on a comment line before any code
    return "\n".join(lines)


def _undecodable(rel: str, encoding: str, error: UnicodeDecodeError) -> str:
    """The one line of a source whose bytes are not in its encoding: the line and the byte, and
    what to do (an editor's Latin-1 comment, which CPython passes over but PyPy refuses)."""
    line = error.object.count(b"\n", 0, error.start) + 1
    byte = f"byte \\x{error.object[error.start]:02x}: {error.reason}"
    if encoding.startswith("utf-8"):
        return (
            f"{rel}:{line}: not UTF-8 text ({byte}): save the file as UTF-8, or declare the "
            "encoding it is in on its first line (# coding: latin-1)"
        )
    return (
        f"{rel}:{line}: not {encoding} text, as its coding declaration says ({byte}): save "
        f"the file as {encoding}, or declare the encoding it is in"
    )


def quiet_parse(text: str | bytes, filename: str = "<unknown>", mode: str = "exec") -> ast.AST:
    """``ast.parse`` without the SyntaxWarnings the parse prints (an invalid escape in a
    library's docstring: ``'\\ '``), which are the code's business, not the kit's output."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SyntaxWarning (3.12+), DeprecationWarning before
        return ast.parse(text, filename, mode)


def parse(text: str, rel: str) -> ast.Module:
    """``text`` parsed by this Python; a syntax error names the file and line."""
    try:
        return quiet_parse(text, rel)
    except SyntaxError as error:
        place = rel if error.lineno is None else f"{rel}:{error.lineno}"  # a NUL byte: no line
        raise SourceSyntaxError(f"{place}: syntax error: {error.msg}", rel, text) from None
    except ValueError as error:  # a NUL byte, before 3.11.4
        raise BuildError(f"{rel}: cannot be parsed: {error}") from None
    except (RecursionError, MemoryError):  # an expression of thousands of operators (3.11's
        raise BuildError(f"{rel}: {TOO_DEEP}") from None  # parser says MemoryError past 6000)


# what a source nested deeper than this Python's parser follows gets (CPython 3.11 stops at
# about 3000 operators in a chain, 3.12+ at 10000 or more)
TOO_DEEP = (
    f"nested too deep for the kit's Python {sys.version_info[0]}.{sys.version_info[1]} to read "
    "(its parser's stack overflowed): run the kit under a newer Python, or split the expression"
)


def split_lines(text: str) -> list[str]:
    """Lines ending with ``\\n`` (not ``str.splitlines``, which also splits at form feeds and
    other characters that Python source treats as ordinary)."""
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]
    return lines if lines[-1] else lines[:-1]

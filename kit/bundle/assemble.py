"""Stage 3, assemble: one judge-ready file from the stripped solution and helpers.

Layout of ``dist/<slug>.py``:

1. a header comment naming the problem and the sources;
2. the solution's docstring when it is kept, and its ``from __future__`` imports (which must
   open the file);
3. the loader, when there are helpers: each helper is embedded as a string (a raw
   triple-quoted literal where the text allows it, so the file stays readable) with its own
   file name. The loader is a finder first on ``sys.meta_path``: Python's own ``import`` finds
   a helper there and runs it when it is first imported, as from source (a helper imported
   inside a function that is never called never runs; an import cycle behaves as it does
   from source), with what ``import`` gives a module: ``__file__`` (its path relative to the
   checkout; None for a namespace package), ``__package__``, ``__spec__``, ``__loader__``,
   and for a package ``__path__`` (its folder, so that code computing paths from these runs;
   nothing is read from them). Each is compiled under its own name with its own
   ``__future__`` flags: a traceback on the judge names ``shared/x.py`` and the source line
   (stripping keeps line numbers), which ``linecache`` reads from the finder's
   ``get_source`` (``inspect.getsource`` works on helpers; CPython 3.13's own tracebacks show
   the line). A helper named as a module the running interpreter has built in (a workspace
   ``pypyjit.py``, a stub for CPython, under PyPy) is left out of the finder: the
   interpreter's own module is imported, as from source, where Python's ``BuiltinImporter``
   comes before the path on ``sys.meta_path``;
4. the solution, at top level, not indented, its empty lines dropped (``entry_lines`` maps
   each of its lines in the file back to the source), unless the bundle reads its own text
   (``inspect.getsource``: ``SOURCE_READERS``), when they are kept, its lines shifted only by
   those above it.

Nothing is written to disk when the bundle runs. The same sources give the same bytes.
"""

from __future__ import annotations

import ast
import io
import os
import tokenize
from dataclasses import dataclass

from kit.bundle.masked_literals import mask_literals
from kit.bundle.source_text import CODING, split_lines
from kit.bundle.sources import Source, is_string_statement
from kit.errors import BuildError
from kit.visible import text_of, visible

LOADER = """\
def _kit_load(modules):
    import sys
    spec_type = type(sys.__spec__)
    class Helpers:
        sources = {
            name: (filename, folder, text)
            for name, filename, folder, text in modules
            if name.partition(".")[0] not in sys.builtin_module_names
        }
        def find_spec(self, name, path=None, target=None):
            if name not in self.sources:
                return None
            filename, folder, text = self.sources[name]
            origin = None if filename.endswith("/") else filename
            spec = spec_type(name, self, origin=origin, is_package=folder is not None)
            spec.has_location = origin is not None
            if folder is not None:
                spec.submodule_search_locations = [folder]
            return spec
        def create_module(self, spec):
            return None
        def get_source(self, name):
            return self.sources[name][2]
        def exec_module(self, module):
            filename, folder, text = self.sources[module.__name__]
            if filename.endswith("/"):
                module.__file__ = None
            exec(compile(text, filename, "exec", 0, True), module.__dict__)
    sys.meta_path.insert(0, Helpers())


"""


@dataclass
class Bundle:
    text: str
    entry: Source
    helpers: list[Source]  # in load order
    entry_first_line: int  # the line of the file where the solution's text starts
    entry_lines: list[int]  # source line of each line of the solution's text in the file
    unreachable_bytes: int  # helper code cut because nothing reaches it

    @property
    def modules(self) -> list[Source]:
        return [self.entry, *self.helpers]

    def source_line(self, line: int) -> int | None:
        """The solution's source line of ``line`` of the file, or None outside the solution."""
        index = line - self.entry_first_line
        return self.entry_lines[index] if 0 <= index < len(self.entry_lines) else None


def assemble(
    entry: Source, helpers: list[Source], header: str, unreachable_bytes: int, whole: bool = False
) -> Bundle:
    """The bundle's text; ``whole`` (the bundle reads its own text): the solution's empty
    lines kept, so that ``inspect.getsource`` of its functions gives them as written."""
    head_lines, body, tree = _hoist(entry)
    if whole:
        text, numbers = body, list(range(1, len(split_lines(body)) + 1))
    else:
        text, numbers = compact(body, tree)
    # the files' names as UTF-8 text whatever the locale decoded them with (C: ``m\udcc3\udcbc``
    # for ``mü``, which no UTF-8 file can hold), a byte that is no UTF-8 shown as ``\xff``
    sources = ", ".join(visible(text_of(os.fsencode(s.rel))) for s in [entry, *helpers])
    header += f"\nBuilt by cpkit from {sources}: edit those, then rebuild."
    header = header.replace("\0", "\ufffd")  # a title's NUL: no Python source holds one
    parts = [header_comment(header)]
    parts += head_lines
    if helpers:
        parts.append(LOADER)
        parts.append("_kit_load((\n")
        for helper in helpers:
            literal = embed(helper.shipped)
            path = package_path(helper)
            parts.append(f"    ({helper.name!r}, {helper.rel!r}, {path!r}, {literal}),\n")
        parts.append("))\ndel _kit_load\n\n")
    prefix = "".join(parts)
    first_line = prefix.count("\n") + 1
    return Bundle(prefix + text, entry, helpers, first_line, numbers, unreachable_bytes)


def header_comment(header: str) -> str:
    """``header`` as comment lines; when one of the first two reads as a coding declaration
    (a title "Arithmetic coding: easy", which Python took for the encoding "easy"), a UTF-8
    declaration before them, which Python takes first."""
    lines = [f"# {line}".rstrip() + "\n" for line in header.splitlines()]
    if any(CODING.match(line) for line in lines[:2]):
        lines.insert(0, "# -*- coding: utf-8 -*-\n")
    return "".join(lines)


def package_path(helper: Source) -> str | None:
    """The folder a package's ``__path__`` names in the bundle (relative to the checkout, as
    its ``__file__``), None for a module that is no package."""
    if not helper.is_package:
        return None
    return helper.rel.rstrip("/") if helper.rel.endswith("/") else helper.rel.rpartition("/")[0]


def _hoist(entry: Source) -> tuple[list[str], str, ast.Module]:
    """The solution's kept docstring and ``__future__`` imports, which must open the file, its
    shipped text with their lines emptied, and the shipped text's tree."""
    tree = entry.shipped_tree() if entry.shipped else ast.Module(body=[], type_ignores=[])
    lines = entry.shipped.split("\n")
    head: list[str] = []
    for index, statement in enumerate(tree.body):
        is_doc = index == 0 and is_string_statement(statement)
        is_future = isinstance(statement, ast.ImportFrom) and statement.module == "__future__"
        if not (is_doc or is_future):
            break
        first, last = statement.lineno, statement.end_lineno or statement.lineno
        if statement.col_offset:
            raise BuildError(
                f"{entry.rel}:{first}: the docstring or __future__ import shares its line with "
                "the statement before it: put it on a line of its own"
            )
        end = statement.end_col_offset or 0
        tail = lines[last - 1].encode("utf-8")[end:].decode("utf-8")  # after it: "; import x"
        spanned = lines[first - 1 : last]
        spanned[-1] = spanned[-1].encode("utf-8")[:end].decode("utf-8")
        head.append("\n".join(spanned) + "\n")
        for number in range(first - 1, last):
            lines[number] = ""
        if tail.strip():  # what follows it on its last line stays there, in the same place
            lines[last - 1] = "pass" + tail
    return head, "\n".join(lines), tree


def embed(text: str) -> str:
    """``text`` as a Python literal: raw and triple-quoted when it can be, else ``repr``."""
    for quote in ("'''", '"""'):
        if (
            quote not in text
            and not text.endswith((quote[0], "\\"))
            and "\r" not in text
            and "\0" not in text
        ):
            return f"r{quote}{text}{quote}"
    return repr(text)


def compact(text: str, tree: ast.Module | None = None) -> tuple[str, list[int]]:
    """``text`` without its empty lines (those outside string literals), and for each line
    kept the line number it had. ``tree``, the syntax tree of the text at the same positions,
    lets long number tables be skipped by the tokenizer (``mask_literals``)."""
    if not text:
        return "", []
    inside: set[int] = set()
    opened: list[int] = []  # rows of the f-strings open (Python 3.12+ tokenizes their parts)
    masked = text if tree is None else mask_literals(text, tree)
    for token in tokenize.generate_tokens(io.StringIO(masked).readline):
        if token.start[0] != token.end[0]:
            inside.update(range(token.start[0] + 1, token.end[0] + 1))
        kind = tokenize.tok_name[token.type]
        if kind == "FSTRING_START":
            opened.append(token.start[0])
        elif kind == "FSTRING_END":
            inside.update(range(opened.pop() + 1, token.end[0] + 1))
    kept, numbers = [], []
    previous = ""
    for number, line in enumerate(split_lines(text), 1):
        continued = previous.rstrip("\n").endswith("\\")
        if line.strip() or number in inside or continued:
            kept.append(line)
            numbers.append(number)
        previous = line
    return "".join(kept), numbers

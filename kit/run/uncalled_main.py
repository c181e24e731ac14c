"""The hint for a wrong answer of no output from a solution that runs nothing: an empty file
(saved before it was written), or one whose top level only defines (functions, classes,
imports, constants) and calls none of them (``main()`` never called, its
``if __name__ == "__main__":`` left out).

    uncalled_hint(bundle.entry, run.stdout)  # [] or ["hint: ..."]
"""

from __future__ import annotations

import ast
from typing import Protocol

from kit.judges.output_chunks import blank

EMPTY_HINT = (
    "hint: {rel} is empty: it runs nothing and prints nothing (saved before it was written?)"
)
UNCALLED_HINT = (
    "hint: {rel} only defines (functions, classes, imports, constants) and calls nothing at "
    'its top level: is a call of its main function, under `if __name__ == "__main__":`, '
    "missing?"
)
DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)


class Module(Protocol):
    rel: str  # its path as the user sees it
    text: str
    tree: ast.Module


def uncalled_hint(entry: Module | None, stdout: bytes) -> list[str]:
    """The hint when the output is blank and ``entry`` (the solution; None: not Python, or not
    bundled) runs nothing at its top level; else []. Blank is read in place
    (``kit.judges.output_chunks.blank``): a 60 MiB output's ``strip()`` was a copy of it, the
    kit's largest past the output itself."""
    if entry is None or not blank(stdout):
        return []
    if not entry.text.strip():
        return [EMPTY_HINT.format(rel=entry.rel)]
    if all(_only_defines(statement) for statement in entry.tree.body):
        return [UNCALLED_HINT.format(rel=entry.rel)]
    return []


def _only_defines(statement: ast.stmt) -> bool:
    """Whether the top-level ``statement`` defines without running anything of the program: a
    definition, an import, a docstring or ``pass``, a name bound to a value that calls
    nothing (a decorator or a default value may call: not counted as running)."""
    if isinstance(statement, (*DEFINITIONS, ast.Pass)):
        return True
    if isinstance(statement, ast.Expr):
        return isinstance(statement.value, ast.Constant)
    if isinstance(statement, (ast.Assign, ast.AnnAssign)):
        value = statement.value
        return value is None or not any(isinstance(node, ast.Call) for node in ast.walk(value))
    return False

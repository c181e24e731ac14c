"""A problem's bundle made (stages 1 to 3: the solution and its helpers discovered, stripped
and assembled into one judge-ready text), written for ``run`` and ``stress`` into a folder of
their own (never ``dist/``), and what is said of it: a bundle whose file is named as a module a
program beside it would import, and a syntax error the kit's own Python found in code a newer
target, or a newer Python here, may read.
"""

from __future__ import annotations

import sys
from pathlib import Path

from kit.bundle.assemble import Bundle, assemble
from kit.bundle.discover import discover
from kit.bundle.guards import start_of
from kit.bundle.reach import unreachable
from kit.bundle.strip import ANNOTATION_READERS, DOC_READERS, SOURCE_READERS, reads_any
from kit.bundle.stripped import Options, Remembered
from kit.check.syntax import compile_errors
from kit.errors import BuildError, SourceSyntaxError, Unbuilt
from kit.judges import targets as targets_module
from kit.judges.targets import Interpreter, Target
from kit.registry import Problem
from kit.slugs import shadowed_module
from kit.workspace import MISSING, file_state


def make_bundle(problem: Problem) -> Bundle:
    """Stages 1 to 3: the judge-ready text, not yet checked."""
    modules = problem.installed
    installed = frozenset((*modules.cpython, *modules.pypy) if modules is not None else ())
    entry, helpers = discover(problem.root, problem.solution, installed)
    sources = [entry, *helpers]
    keep_docs = reads_any(sources, DOC_READERS)
    keep_annotations = reads_any(sources, ANNOTATION_READERS)
    keep_source = reads_any(sources, SOURCE_READERS)
    cut = {} if keep_source else unreachable(entry, helpers, entry_too=True)
    entry.unused_lines = frozenset(
        line
        for statement in cut.pop(entry.name, [])
        for line in range(start_of(statement)[0], (statement.end_lineno or 0) + 1)
    )
    unreachable_bytes = 0
    options = Options(keep_docs, keep_annotations, keep_source)
    remembered = Remembered()  # a helper's stripped text from an earlier build
    for source in sources:
        shipped, tree, cut_bytes = remembered.shipped(source, options, cut.get(source.name, []))
        source.ship(shipped, tree)
        unreachable_bytes += cut_bytes
    remembered.save()
    dist = problem.from_root(problem.dist)  # the same wherever it is built
    known = f" {problem.id}" if problem.id and problem.id != "?" else ""  # "?": not set yet
    title = f"{dist}: {problem.title} ({problem.judge}{known}), judge-ready"
    return assemble(entry, helpers, title, unreachable_bytes, whole=keep_source)


def shadowing_notes(problem: Problem) -> list[str]:
    """A note when the bundle's file is named as a module (``dist/heapq.py``): a program run
    beside it (``python3 dist/other.py``, as ``oj t`` runs one) imports it for that module, as
    ``cpkit new`` says when it refuses such a name."""
    module = shadowed_module(problem.slug, problem.judge)
    if module is None:
        return []
    where = problem.rel(problem.dist)
    return [
        f"{where} is named as {module}: python3 dist/other.py would import it for "
        f"'import {problem.slug}' (rename the problem's table to avoid it)"
    ]


def _reads(interpreter: Interpreter, error: SourceSyntaxError) -> bool | None:
    """Whether ``interpreter`` compiles the file the error is in; None when it cannot be
    asked."""
    try:
        failure = compile_errors([interpreter.executable, "-I"], [(error.rel, error.text)])
    except BuildError:
        return None
    return failure is None


def _newer_cpythons() -> list[Interpreter]:
    """The CPythons here newer than the kit's own, oldest first."""
    here = targets_module.found()
    newer = [i for i in here if i.impl == "cpython" and i.version > sys.version_info]
    return sorted(newer, key=lambda i: i.version)


def _newer_reader(error: SourceSyntaxError) -> str | None:
    """The oldest CPython here newer than the kit's own that compiles the file the error is
    in, by its label; None when none does."""
    for interpreter in _newer_cpythons():
        if _reads(interpreter, error):
            return interpreter.label
    return None


def _newest_target_here(newer: list[Target]) -> Interpreter | None:
    """The newest of the ``newer`` targets' own interpreter, when it is here."""
    newest = max(newer, key=lambda t: t.syntax)
    runner = targets_module.runner_for(newest, list(targets_module.found()))
    return runner.interpreter if runner is not None and runner.exact else None


def _plain_error(newer: list[Target], error: SourceSyntaxError) -> bool:
    """Whether the error is not a matter of versions: the newest target's own interpreter
    here rejects the file too, or, that one not here, every CPython here newer than the
    kit's does. False when none could be asked: the code may be a newer target's syntax."""
    interpreter = _newest_target_here(newer)
    if interpreter is not None:
        reads = _reads(interpreter, error)
        if reads is not None:
            return not reads
    return bool(_newer_cpythons()) and _newer_reader(error) is None


def newer_syntax(problem: Problem, error: BuildError) -> str:
    """What to add to a syntax error the kit's own Python found when a target is newer: the
    code may be valid there (3.12's nested f-strings under a 3.11 kit). When another target
    is no newer than the kit's Python, the error stands for it: that is said, unless a newer
    Python here rejects the file too (an unclosed paren: a plain error, nothing to add). Else,
    when the newest target's interpreter is here, it is asked: it reads the file (run the kit
    under it), or it does not either (a plain error: nothing to add). With no target newer,
    the error stands; a newer CPython here that reads the file is named (syntax newer than
    the targets)."""
    newer = [t for t in problem.targets if t.version and t.version > sys.version_info[:2]]
    if not isinstance(error, SourceSyntaxError):
        return ""
    ours = f" (as the kit's own Python {sys.version_info[0]}.{sys.version_info[1]} reads it; "
    if not newer:  # the targets read it no better; a newer Python here tells what it is
        reader = _newer_reader(error)
        if reader is None:
            return ""
        which = _the_targets([t.label for t in problem.targets])
        return f"{ours}{reader}, here, reads it: syntax newer than {which})"
    older = [t.label for t in problem.targets if t not in newer]
    if older:  # a Python no newer than the kit's reads it no better: an error for the judge
        if _plain_error(newer, error):  # unless no Python reads it: the hedge would be noise
            return ""
        return f"{ours}{_the_targets(older)}, no newer, cannot read it either)"
    return _asked_of_the_newest(newer, error, ours)


def _asked_of_the_newest(newer: list[Target], error: SourceSyntaxError, ours: str) -> str:
    """What ``newer_syntax`` adds when every target is newer than the kit's Python: the
    newest target's interpreter here reads the file (run the kit under it) or does not (a
    plain error: nothing); when it cannot be asked, the targets may accept it."""
    interpreter = _newest_target_here(newer)
    reads = None if interpreter is None else _reads(interpreter, error)
    if reads is not None:  # the newest target itself was asked
        return f"{ours}{interpreter.label}, here, reads it: run the kit under it)" if reads else ""
    which = _the_targets([t.label for t in newer])
    return f"{ours}{which} may accept it: run the kit under the newest target's Python)"


def _the_targets(labels: list[str]) -> str:
    return f"the targets {', '.join(labels)}" if len(labels) > 1 else f"the target {labels[0]}"


def write_bundle(problem: Problem, folder: Path) -> tuple[Bundle, Path]:
    """Stages 1 to 3 written to ``folder/<slug>.py``, for ``run`` and ``stress``: never into
    ``dist/``, which holds only bundles that passed the whole build. A problem that cannot be
    built raises ``Unbuilt``: a failure (exit 1), as in the build."""
    if problem.unavailable is not None:  # its checker or interactor is not there
        raise Unbuilt(f"{problem.slug}: {problem.unavailable}")
    state = file_state(problem.solution)
    if state is not None:
        what = "does not exist yet" if state == MISSING else state
        raise Unbuilt(f"{problem.slug}: {problem.rel(problem.solution)} {what}")
    try:
        bundle = make_bundle(problem)
    except BuildError as error:  # what the build's report says of it, a failure as there
        raise Unbuilt(str(error) + newer_syntax(problem, error)) from None
    path = folder / f"{problem.slug}.py"
    path.write_text(bundle.text, encoding="utf-8")
    return bundle, path

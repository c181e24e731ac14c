"""An input a stress message is about: shown in the message when short, else kept in a file.

``keep_file(problem, what, text)`` saves ``text`` in the system's temp folder, named after the
problem and ``what`` it is, where it outlives the run (``kept_count`` and ``discard_since``
take back those of messages that are not shown); ``on_input(problem, what, text)`` is
the phrase a message ends with: ``on 'TEXT'`` for a short one-line input, else ``on the input
saved as PATH``. Used by the engine's callers, the programs and the stress module's source.
"""

from __future__ import annotations

import os
import tempfile
import threading
from pathlib import Path

from kit import scratch
from kit.registry import Problem

SHOWN_INPUT = 60  # characters of an input shown in an error message instead of saved


_kept: list[Path] = []  # every file kept, in order (``discard_since`` takes some back)
_lock = threading.Lock()


def keep_file(problem: Problem, what: str, text: str) -> Path:
    """``text`` in a file of its own that outlives the run (in the system's temp folder)."""
    descriptor, name = tempfile.mkstemp(
        prefix=f"{problem.slug}-{what}-", suffix=".in", dir=scratch.system_folder()
    )
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(text)
    with _lock:
        _kept.append(Path(name))
    return Path(name)


def kept_count() -> int:
    """How many files were kept so far: a mark for ``discard_since``."""
    with _lock:
        return len(_kept)


def discard_since(mark: int) -> None:
    """Remove the files kept after ``mark`` (those of messages that will not be shown)."""
    with _lock:
        gone, _kept[mark:] = _kept[mark:], []
    for path in gone:
        path.unlink(missing_ok=True)


def on_input(problem: Problem, what: str, text: str) -> str:
    """``on 'TEXT'`` when ``text`` is short and one line, else where it was saved."""
    if len(text) <= SHOWN_INPUT and "\n" not in text.rstrip("\n"):
        return f"on {text!r}"
    return f"on the input saved as {keep_file(problem, what, text)}"

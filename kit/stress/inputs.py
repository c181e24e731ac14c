"""An input a stress message is about: shown in the message when short, else kept in a file.

``keep_file(problem, what, text)`` saves ``text`` in the system's temp folder, named after the
problem and ``what`` it is, where it outlives the run (``kept_count`` and ``discard_since``
take back those of messages that are not shown; ``begin`` and ``end`` around a command take
back those of a command stopped); ``on_input(problem, what, text)`` is the phrase a message
ends with: ``on 'TEXT'`` for a short one-line input, else ``on the input saved as PATH``;
within ``made_by(origin)``, with what made the input after it in the same bracket
(``on the input saved as PATH, the file of seed 8, parameters n=20 bound=100``).
Used by the engine's callers, the programs and the stress module's source.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from kit import scratch
from kit.registry import Problem

SHOWN_INPUT = 60  # characters of an input shown in an error message instead of saved


_kept: list[Path] = []  # every file kept, in order (``discard_since`` takes some back)
_lock = threading.Lock()
_late = threading.Event()  # set by ``end``: a message made later is never shown
_made = contextvars.ContextVar("made", default="")  # what made the inputs of on_input


def keep_file(problem: Problem, what: str, text: str, *, shown: bool = False) -> Path:
    """``text`` in a file of its own that outlives the run (in the system's temp folder);
    ``shown``: its name is printed at once, so ``discard_since`` never takes it back."""
    # after the command's end (a call left running), in the kit's own folder, removed with it
    place = None if _late.is_set() and not shown else scratch.system_folder()
    descriptor, name = tempfile.mkstemp(prefix=f"{problem.slug}-{what}-", suffix=".in", dir=place)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(text)
    if not shown:
        with _lock:
            _kept.append(Path(name))
    return Path(name)


def kept_count() -> int:
    """How many files were kept so far: a mark for ``discard_since``."""
    with _lock:
        return len(_kept)


def begin() -> int:
    """A command's start: files are kept in the temp folder; the mark for ``end``."""
    _late.clear()
    return kept_count()


def end(mark: int, keep: str = "") -> None:
    """A command stopped by an error (``keep``, its message) or a signal: the files kept since
    ``mark`` that the message does not name are removed, and those of calls still running,
    kept later, go to the kit's own folder."""
    _late.set()
    discard_since(mark, keep)


def discard_since(mark: int, keep: str = "") -> None:
    """Remove the files kept after ``mark`` (those of messages that will not be shown), but
    those ``keep``, the message that is, names."""
    with _lock:
        gone, _kept[mark:] = _kept[mark:], []
        named = [path for path in gone if str(path) in keep]
        _kept.extend(named)
    for path in gone:
        if path not in named:
            path.unlink(missing_ok=True)


@contextlib.contextmanager
def made_by(origin: str) -> Iterator[None]:
    """The inputs of ``on_input`` in this thread, meanwhile, are the file ``origin`` names
    (``the file of seed 8, parameters n=20 bound=100``): its phrase says so too."""
    token = _made.set(origin)
    try:
        yield
    finally:
        _made.reset(token)


def on_input(problem: Problem, what: str, text: str) -> str:
    """``on 'TEXT'`` when ``text`` is short and one line, else where it was saved; followed by
    what made it, within ``made_by`` (one bracket in a message, not two in a row)."""
    if len(text) <= SHOWN_INPUT and "\n" not in text.rstrip("\n"):
        phrase = f"on {text!r}"
    else:
        phrase = f"on the input saved as {keep_file(problem, what, text)}"
    origin = _made.get()
    return f"{phrase}, {origin}" if origin else phrase

"""The workspace's own Python run inside the kit's process (stress and bench modules):
``os._exit`` called there would end the kit at once, with the status the module chose, a
stress run's "passed" or a bench's "ok" said by nobody. While a thread runs such code
(``with guest():``), ``os._exit(n)`` in that thread raises ``HardExit(n)`` instead, which the
callers report as they report ``sys.exit``: in one line, naming the call (``exit_call``).
Other threads, and the kit's own exits, keep the real ``os._exit``.
``on_deep_stack`` runs such a call as a guest in a thread of its own with a deep stack: a
reference memoised by ``lru_cache`` 30,000 calls deep overflowed a thread's 8 MiB and ended
the kit with a segmentation fault, where a judge (and the kit's runs of programs) give the
stack the memory limit allows."""

from __future__ import annotations

import contextlib
import os
import threading
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from kit.errors import Refused

T = TypeVar("T")

_REAL_EXIT = os._exit
_KIT = Path(__file__).resolve().parent  # the kit's own package
_guests: set[int] = set()  # the threads running the workspace's code now
GUEST_STACK = 512 << 20  # bytes of stack for a thread running the workspace's code
_stack_size = threading.Lock()  # threading.stack_size is the process's: set, start, restore


class HardExit(SystemExit):
    """``os._exit(code)`` called by the workspace's code in a guest thread."""


def _exit(status: int) -> None:
    if threading.get_ident() in _guests:
        raise HardExit(status)
    _REAL_EXIT(status)


@contextlib.contextmanager
def guest() -> Iterator[None]:
    """Run the workspace's code in this thread with ``os._exit`` raising ``HardExit``."""
    ident = threading.get_ident()
    nested = ident in _guests
    _guests.add(ident)
    os._exit = _exit  # left in place: it passes every other call to the real one
    try:
        yield
    finally:
        if not nested:
            _guests.discard(ident)


def exit_call(error: SystemExit) -> str:
    """The call that raised ``error``, as messages show it: ``sys.exit(0)``, ``os._exit(3)``."""
    name = "os._exit" if isinstance(error, HardExit) else "sys.exit"
    return f"{name}({error.code!r})"


def raised_at(error: BaseException, root: Path) -> str:
    """`` at FILE:LINE``, the deepest place in the workspace ``root`` that ``error`` was raised
    from (a ``SyntaxError``'s own file and line), FILE from the root; "" when none is (the kit's
    own files are not the workspace's, this checkout's among them)."""
    places = [(frame.filename, frame.lineno) for frame in traceback.extract_tb(error.__traceback__)]
    if isinstance(error, SyntaxError) and error.filename:
        places.append((error.filename, error.lineno))
    top = root.resolve()
    for filename, line in reversed(places):
        try:
            path = Path(filename).resolve()
            inside = path.relative_to(top)
        except (OSError, ValueError):
            continue
        if not path.is_relative_to(_KIT):
            return f" at {inside.as_posix()}:{line}" if line else f" in {inside.as_posix()}"
    return ""


def failure(error: BaseException, root: Path) -> str:
    """``error`` as a one-line message shows it, with where it was raised (``raised_at``):
    ``KeyError: 'k' at shared/mathx.py:15``; a ``SyntaxError`` without its own ``(file, line
    N)``, which names the file alone."""
    text = error.msg if isinstance(error, SyntaxError) else str(error)
    said = f"{type(error).__name__}: {text}" if text else type(error).__name__
    return said + raised_at(error, root)


def on_deep_stack(function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` run as a guest in a thread of its own with a stack of GUEST_STACK,
    this thread waiting for it: its result, or what it raised, raised here."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            with guest():
                box["result"] = function(*args)
        except BaseException as error:  # handed to the caller's thread
            box["error"] = error

    with _stack_size:
        before = threading.stack_size(GUEST_STACK)
        try:
            thread = threading.Thread(target=target, name="guest", daemon=True)
            thread.start()
        except RuntimeError as error:  # the machine's refusal, not the guest's
            raise Refused(str(error)) from None
        finally:
            threading.stack_size(before)
    thread.join()
    if "error" in box:
        raise box.pop("error")
    return box["result"]

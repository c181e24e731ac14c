"""The workspace's own Python run inside the kit's process (stress and bench modules):
``os._exit`` called there would end the kit at once, with the status the module chose, a
stress run's "passed" or a bench's "ok" said by nobody. While a thread runs such code
(``with guest():``), ``os._exit(n)`` in that thread raises ``HardExit(n)`` instead, which the
callers report as they report ``sys.exit``: in one line, naming the call (``exit_call``).
Other threads, and the kit's own exits, keep the real ``os._exit``."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator

_REAL_EXIT = os._exit
_guests: set[int] = set()  # the threads running the workspace's code now


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

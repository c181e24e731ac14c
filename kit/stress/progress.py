"""What a stress run's programs are running now, and the line that says so while one is slow.

``UnderWay`` records each program running on one input, in any thread: ``running(program,
doing, stop)`` around the run (the bundle, the brute force or the module's ``reference()``,
the generator), ``doing`` saying on what (``on the file of seed 8``), ``stop`` the seconds at
which it is stopped. Within ``shown(write)`` a thread of its own looks every TICK seconds:
once the longest-running of them has run SLOW seconds, ``write`` gets one line naming it,
its input, its seconds so far and when it is stopped, rewritten every EVERY seconds, and ""
(the line cleared) as soon as it ends, before anything else is printed. ``stop()`` clears the
line and writes no more before ``shown``'s block ends: a run given up (a call that never
returns, a stopped command) stays under way, and the messages after it must not be written
over. The command passes a ``write`` only when stderr is a terminal, as the build shows its
live line (``kit.terminal.live_line``): a log (CI) keeps the run's own lines only, and a
program stopped at its limit is a one-line error naming it and its input anyway.

API::

    under_way = UnderWay()               # clock: time.monotonic, unless a test gives one
    with under_way.running("--brute 'python3 b.py'", "on the file of seed 8", 60.0, text): ...
    with under_way.shown(write): ...     # the line on ``write`` while the block runs
    under_way.longest(program) -> (doing, text) | None   # a call given up: on what
    under_way.tick(now)                  # one look (the thread's; tests call it)
    under_way.stop()                     # the line cleared, and no more written
"""

from __future__ import annotations

import contextlib
import itertools
import threading
import time
from collections.abc import Callable, Iterator

from kit.terminal import ticking

SLOW = 5.0  # seconds one program runs on one input before the line names it
EVERY = 5.0  # seconds between the line's updates
TICK = 0.25  # seconds between looks


class UnderWay:
    """The programs running now, each with when it started, and the live line."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        # start, program, doing, stop, and its input when it reads one
        self._runs: dict[int, tuple[float, str, str, float, str | None]] = {}
        self._keys = itertools.count()
        self._write: Callable[[str], None] | None = None
        self._shown: int | None = None  # the run the line names
        self._said_at = 0.0

    @contextlib.contextmanager
    def running(
        self, program: str, doing: str, stop: float, text: str | None = None
    ) -> Iterator[None]:
        """The block runs ``program`` ``doing`` something (on ``text``, when it reads an
        input), stopped at ``stop`` seconds."""
        key = next(self._keys)
        with self._lock:
            self._runs[key] = (self._clock(), program, doing, stop, text)
        try:
            yield
        finally:
            with self._lock:
                del self._runs[key]
                if self._shown == key:  # cleared before the caller says anything
                    self._clear()

    def tick(self, now: float) -> None:
        """The line written, when the longest-running program has run SLOW seconds at
        ``now`` (and again every EVERY seconds)."""
        with self._lock:
            if self._write is None or not self._runs:
                return
            key, (start, program, doing, stop, _) = min(self._runs.items(), key=lambda i: i[1][0])
            seconds = now - start
            if seconds < SLOW or (key == self._shown and now - self._said_at < EVERY):
                return
            self._write(
                f"{program}: still running {doing}, {seconds:.0f} s so far (stopped at {stop:g} s)"
            )
            self._shown, self._said_at = key, now

    def longest(self, program: str) -> tuple[str, str | None] | None:
        """(doing, text) of ``program``'s longest-running run, or None: what a call given up
        was doing, for its message."""
        with self._lock:
            runs = [run for run in self._runs.values() if run[1] == program]
        if not runs:
            return None
        run = min(runs, key=lambda run: run[0])  # by its start alone: the rest may be None
        return run[2], run[4]

    @contextlib.contextmanager
    def shown(self, write: Callable[[str], None]) -> Iterator[None]:
        """The line on ``write`` while the block runs, cleared at its end."""
        with self._lock:
            self._write = write
        try:
            with ticking(TICK, lambda: self.tick(self._clock())):
                yield
        finally:
            self.stop()

    def stop(self) -> None:
        """The line cleared, if one is shown, and no more written: before the messages that
        follow a run given up, which may still be under way."""
        with self._lock:
            self._clear()
            self._write = None

    def _clear(self) -> None:
        """The line cleared, if one is shown (the lock held)."""
        if self._shown is not None and self._write is not None:
            self._write("")
        self._shown = None

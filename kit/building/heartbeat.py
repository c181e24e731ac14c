"""The build's progress in a log: where a long problem's runs are, on a plain line every EVERY
seconds.

On a terminal the build rewrites one line in place with the run starting now
(``kit.terminal.live_line``). Where stderr is no terminal (a CI log, ``| tee``, ``| tail``)
that line is not written, and a problem whose runs took 18 minutes said nothing until its
result. There, once a problem has run EVERY seconds, and again every EVERY seconds until it
ends, ``Heartbeat`` writes one plain line saying where its runs are and how long it has run:

    attack: 12/48 cases, 3 min 10 s
    attack: 12/48 cases under CPython 3.8, 10/48 under PyPy 3.10, 3 min 40 s
    attack: 48/48 cases, 7 timed again alone, 9 min 2 s
    attack: no case run yet, 35 s

(a case counted once its first run under that runner has ended; each runner's count where
several run the cases; the runs whose time matters taken again alone, with nothing beside
them, counted after; the counts are those of when the last run started, so they may lag by
the runs under way). A problem done within EVERY seconds says nothing: the build's output
is what it was. The command writes the lines to stderr, as the terminal's line, so that
stdout holds the build's own lines and table only.

API::

    heartbeat = Heartbeat(write)       # clock: time.monotonic, unless a test gives one
    with heartbeat.beating(): ...      # a thread looks every TICK seconds while the block runs
    heartbeat.start(slug)              # a problem begins
    heartbeat.step(step)               # RunOptions.progress: a run starts (kit.run.cases.Step)
    heartbeat.end()                    # the problem ended: nothing more said of it
    heartbeat.tick(now)                # one look (the thread's; tests call it)
    duration(seconds) -> str           # "45 s", "3 min 10 s", "1 h 2 min"
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator

from kit.run.cases import Step
from kit.terminal import ticking

EVERY = 30.0  # seconds a problem runs before its first line, and between its lines
TICK = 1.0  # seconds between looks


class Heartbeat:
    """The problem running now, the last run started, and when its line was last written."""

    def __init__(
        self, write: Callable[[str], None], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._write = write
        self._clock = clock
        self._lock = threading.Lock()
        self._slug: str | None = None
        self._step: Step | None = None
        self._began = self._said_at = 0.0

    def start(self, slug: str) -> None:
        """Problem ``slug`` begins: its first line once it has run EVERY seconds."""
        with self._lock:
            self._slug, self._step = slug, None
            self._began = self._said_at = self._clock()

    def step(self, step: Step) -> None:
        """A run of the problem starts (``RunOptions.progress``)."""
        with self._lock:
            self._step = step

    def end(self) -> None:
        """The problem ended: nothing more is said of it."""
        with self._lock:
            self._slug = self._step = None

    def tick(self, now: float) -> None:
        """The line written, when the problem has run EVERY seconds since its start or its
        last line at ``now``."""
        with self._lock:
            if self._slug is None or now - self._said_at < EVERY:
                return
            self._said_at = now
            self._write(f"{self._slug}: {where(self._step)}, {duration(now - self._began)}")

    @contextlib.contextmanager
    def beating(self) -> Iterator[None]:
        """A thread looks every TICK seconds while the block runs."""
        with ticking(TICK, lambda: self.tick(self._clock())):
            yield


def where(step: Step | None) -> str:
    """Where the runs are at ``step``: each runner's cases run, the runs timed again alone."""
    if step is None:
        return "no case run yet"
    counts = [f"{count}/{step.cases}" for _, count in step.ended]
    if len(counts) == 1:
        said = f"{counts[0]} cases"
    else:
        runners = [f"{count} under {label}" for count, (label, _) in zip(counts, step.ended)]
        said = ", ".join(runners).replace(" under ", " cases under ", 1)
    return said + (f", {step.retimes} timed again alone" if step.retimes else "")


def duration(seconds: float) -> str:
    """``seconds`` as a person reads them: ``45 s``, ``3 min 10 s``, ``1 h 2 min``."""
    minutes, second = divmod(int(seconds), 60)
    hours, minute = divmod(minutes, 60)
    if hours:
        return f"{hours} h {minute} min"
    return f"{minute} min {second} s" if minute else f"{second} s"

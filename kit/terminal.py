"""What the terminal can show: escape sequences, colour, and the one live line rewritten in
place, for every command that writes to a terminal (the build's progress, stress's slow
program).

Escapes only where the stream is a terminal that takes them (not ``TERM=dumb``); colour only
there and never with ``NO_COLOR`` set. The live line is on stderr, cut to the terminal's width
(a wrapped line leaves pieces a rewrite does not clear), "" clearing it.

API::

    takes_escapes(stream) -> bool
    use_colour(stream) -> bool
    paint(text, kind, colour) -> str   # kind: "good", "bad", "warning", "dim"
    live_line(text)                    # stderr's line rewritten in place; "" clears it
    with ticking(every, tick): ...     # tick() every ``every`` seconds while the block runs
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TextIO

_COLOURS = {"good": "32", "bad": "31", "warning": "33", "dim": "2"}


def takes_escapes(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal that takes escape sequences (not ``TERM=dumb``)."""
    return stream.isatty() and os.environ.get("TERM") != "dumb"


def live_line(text: str) -> None:
    """``text`` on stderr as the one line rewritten in place (cut to the terminal's width,
    never wrapped); "" clears it. Only where ``takes_escapes(sys.stderr)``."""
    width = shutil.get_terminal_size((121, 24)).columns - 1
    sys.stderr.write(f"\r\x1b[K{text[:width]}")
    sys.stderr.flush()


@contextlib.contextmanager
def ticking(every: float, tick: Callable[[], None]) -> Iterator[None]:
    """``tick()`` called on a thread of its own every ``every`` seconds while the block runs
    (what rewrites a progress line while the work goes on); the thread has ended when the
    block's exit goes on."""
    ended = threading.Event()

    def looking() -> None:
        while not ended.wait(every):
            tick()

    thread = threading.Thread(target=looking, daemon=True)
    thread.start()
    try:
        yield
    finally:
        ended.set()
        thread.join()


def use_colour(stream: TextIO) -> bool:
    """Whether to colour what is written to ``stream``: a terminal, and no ``NO_COLOR``."""
    return takes_escapes(stream) and not os.environ.get("NO_COLOR")


def paint(text: str, kind: str, colour: bool) -> str:
    """``text`` in the colour of ``kind`` when ``colour``; else, or for another kind, as it is."""
    code = _COLOURS.get(kind)
    return f"\x1b[{code}m{text}\x1b[0m" if colour and code else text

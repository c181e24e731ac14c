"""What the interactive relay costs this machine for each chunk it passes on, measured once.

A game runs through the kit's relay (``kit.run.game_relay``): two more hops for every chunk a
judge's joined pipes pass at once, each a process woken up. What a wake-up costs depends on
the machine: 20-30 µs a chunk on one (80,000 exchanges: 1.1-1.2 s joined, about 3 s
relayed), about 100 µs on another (20,000 exchanges: 2.4 s joined, 6.5 s relayed), where a
fixed 30 µs allowance killed a game a judge accepts. ``per_chunk()`` is the figure the deadline
of a game timed as a whole adds for each chunk: this machine's, measured by playing the same
ping-pong of ``EXCHANGES`` joined and relayed (the faster of ``TRIES`` each), MARGIN times it,
and at least LEAST. It is kept in the kit's cache (``relay.json``) under the machine's CPU
model, count and kernel (the ``CACHE_ENTRIES`` machines measured last), and in the process
once read.

API::

    per_chunk() -> float     # seconds of allowance a relayed chunk adds to a game's deadline
    measured() -> float      # this machine's cost a chunk, measured now
"""

from __future__ import annotations

import functools
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kit import cache
from kit.run.interact import run_interactive
from kit.run.limits import Limits

EXCHANGES = 2000
TRIES = 2
MARGIN = 2.0
LEAST = 30e-6  # seconds: the figure measured where the relay was first timed
CACHE = "relay.json"
CACHE_ENTRIES = 8  # machines kept, the newest (a kernel update is another key)
# the solution's side: a number back, one more, for each number, until a negative one
ANSWERING = """import sys
while True:
    number = int(sys.stdin.readline())
    if number < 0:
        break
    print(number + 1, flush=True)
"""
# the interactor's side: EXCHANGES numbers, each checked, then -1 (argv[1]: their count)
ASKING = """import sys
count = int(open(sys.argv[1]).read())
for number in range(count):
    print(number, flush=True)
    if int(sys.stdin.readline()) != number + 1:
        sys.exit(1)
print(-1, flush=True)
"""


@functools.lru_cache(maxsize=None)
def per_chunk() -> float:
    """Seconds of allowance for each relayed chunk: MARGIN times this machine's cost, from
    the cache or measured (once a process), at least LEAST."""
    key = _machine()
    kept = cache.read_json(CACHE)
    cost = kept.get(key)
    if not isinstance(cost, float) or not 0 <= cost < 1:
        cost = measured()
        cache.write_json(CACHE, dict(list({**kept, key: cost}.items())[-CACHE_ENTRIES:]))
    return max(LEAST, MARGIN * cost)


def measured() -> float:
    """This machine's cost of a relayed chunk: the same ping-pong played through the relay
    and with the pipes joined, the difference over the chunks (two a exchange); 0 when the
    relay is not slower."""
    with tempfile.TemporaryDirectory(prefix="kit-relay-") as place:
        folder = Path(place)
        (folder / "answering.py").write_text(ANSWERING)
        (folder / "asking.py").write_text(ASKING)
        (folder / "count.in").write_text(f"{EXCHANGES}\n")
        joined = min(_joined(folder) for _ in range(TRIES))
        relayed = min(_relayed(folder) for _ in range(TRIES))
    return max(0.0, relayed - joined) / (2 * EXCHANGES + 1)


def _joined(folder: Path) -> float:
    """Seconds the ping-pong takes with each side's output the other's input."""
    to_answering, from_asking = os.pipe()
    to_asking, from_answering = os.pipe()
    started = time.monotonic()
    answering = _python(folder / "answering.py", to_answering, from_answering)
    asking = _python(folder / "asking.py", to_asking, from_asking, folder / "count.in")
    for end in (to_answering, from_asking, to_asking, from_answering):
        os.close(end)
    answering.wait()
    asking.wait()
    return time.monotonic() - started


def _python(script: Path, stdin: int, stdout: int, *args: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-I", str(script), *map(str, args)], stdin=stdin, stdout=stdout
    )


def _relayed(folder: Path) -> float:
    """Seconds the ping-pong takes as a game, through the relay (timed per move: no allowance
    asked of this module)."""
    limits = Limits(60.0, 60.0, 1 << 30, 64 << 20, stack_bytes=64 << 20, per_move=True)
    started = time.monotonic()
    run_interactive(
        [sys.executable, "-I", str(folder / "answering.py")],
        [sys.executable, "-I", str(folder / "asking.py")],
        folder / "count.in",
        cwd=folder,
        limits=limits,
    )
    return time.monotonic() - started


def _machine() -> str:
    """The machine as the cache keys its figure: CPU model, count and kernel."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            names = [
                line.split(":", 1)[1].strip() for line in info if line.startswith("model name")
            ]
        model = names[0] if names else model
    except OSError:
        pass
    return f"{model} x{os.cpu_count()} {platform.system()} {platform.release()}"

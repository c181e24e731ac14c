"""The deadline of a game (``kit.run.interact``): when its solution is killed for the time,
with the allowance a game timed as a whole gets for the chunks its relay passed on
(``kit.run.game_relay``, at this machine's cost of a chunk: ``kit.run.relay_cost``) and for
what its two sides and the relay's threads waited, ready, for a core other work held (a batch
run's deadline moves on by that wait: ``kit.launcher``), and when it was (``Deadline``, which
also tells what the interactor's part of that wait was: ``interactor_waited``);
the CPU time of every process below the solution's watch (``cpu_under``), past whose limit the
allowance stops.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field

from kit.launcher import descendants, schedstats
from kit.run.game_relay import Ends

# a game timed as a whole is killed at the timeout plus an allowance for each chunk the relay
# passed on (its two hops cost a judge's joined pipes nothing: docs/kit.md, "The interactive
# relay"; the figure is this machine's, kit.run.relay_cost) and for what its two sides waited
# for a core, at most STRETCH times the timeout, and no more once the solution's CPU time is
# over the limit (a game that would never end, a flood)
STRETCH = 10


@dataclass
class Deadline:
    """When a game's solution is killed: at the timeout after the start; a game timed as a
    whole (not per move) also gets ``per_chunk`` seconds for each chunk relayed, up to
    ``STRETCH`` times the timeout, its watch's own (a game of many exchanges, its CPU time
    under the limit, was killed here and not on a judge: 80,000 exchanges took 1.1-1.2 s with
    the pipes joined and more than 3 s through the relay), and the seconds its two sides
    waited, ready, for a core other work held (``sides_waited``: a game of 1.2 s of CPU under
    a 2 s limit, beside two busy loops on its core, was killed at its 6 s timeout, "idle").
    ``killed_at``: when it was."""

    started: float
    timeout: float
    stretched: bool
    ends: Ends
    limit: float = math.inf  # the solution's CPU seconds past which no allowance is given
    per_chunk: float = 0.0  # seconds of allowance a chunk relayed (kit.run.relay_cost)
    watch: int = 0  # the solution's watch, whose processes' CPU time is read
    interactor: int = 0  # the interactor's process (its run delay is read, and its children's)
    killed_at: float | None = None
    added: float = 0.0  # the allowance when a side was killed for the time
    waited: float = 0.0  # what the sides had waited for a core by then (uncapped)
    seen_waited: float = 0.0  # what they had waited at the last reading
    delays: dict[str, int] = field(default_factory=dict)  # each thread's run delay, ns
    judge_threads: set[str] = field(default_factory=set)  # those of them the interactor's

    def sides_waited(self, cpu: float) -> float:
        """The seconds the game's two sides (every process below the solution's watch, the
        interactor and those below it) and the relay's threads between them (this process')
        have waited, ready, for a core, each thread's last reading kept once it ended; no more
        than the solution has spent off every core (``cpu``: its CPU seconds), as a batch
        run's wait is bounded (its own busy threads and children held the cores it waited
        for)."""
        judge = [self.interactor, *descendants(self.interactor)] if self.interactor else []
        for process in descendants(self.watch) if self.watch else []:
            self._keep(process, schedstats(process))
        for process in judge:
            self._keep(process, schedstats(process), judge=True)
        kit = os.getpid()  # the relay's threads: the game stalls while they wait too
        self._keep(kit, schedstats(kit, list(self.ends.threads)))
        elapsed = time.monotonic() - self.started
        self.seen_waited = _off_cores(sum(self.delays.values()), elapsed, cpu)
        return self.seen_waited

    def interactor_waited(self, cpu: float, seconds: float) -> float:
        """The seconds the interactor (and those below it) waited, ready, for a core, as
        ``sides_waited`` read it, ``seconds`` into the game: no more than it spent off every
        core (``cpu``: its CPU seconds), as a batch run's wait is bounded."""
        delays = sum(self.delays[thread] for thread in self.judge_threads)
        return _off_cores(delays, seconds, cpu)

    def _keep(self, process: int, threads: dict[str, tuple[int, int]], judge: bool = False) -> None:
        """Each of ``process``' ``threads``' run delay kept, its largest reading (``judge``:
        a process of the interactor's)."""
        for thread, (_, delay) in threads.items():
            key = f"{process}/{thread}"
            self.delays[key] = max(self.delays.get(key, 0), delay)
            if judge:
                self.judge_threads.add(key)

    def allowance(self) -> float:
        """The seconds the relay's chunks and the sides' wait for a core add to the timeout
        now: none once the timeout is past and the solution has spent more CPU time than its
        limit."""
        if not self.stretched:
            return 0.0
        past = time.monotonic() >= self.started + self.timeout
        cpu = cpu_under(self.watch)
        if past and cpu > self.limit:
            return 0.0
        relayed = self.ends.relayed * self.per_chunk
        return min(relayed + self.sides_waited(cpu), self.timeout * (STRETCH - 1))

    def due(self, allowance: float | None = None) -> float:
        """When the solution is killed, with ``allowance`` (else the one now)."""
        return self.started + self.timeout + (self.allowance() if allowance is None else allowance)

    def kill(self, now: float, allowance: float) -> None:
        """Record the first kill for the time: when, how far past the timeout the allowance
        took it (a CPU time over the limit stops it where it had got to), and what the sides
        had waited for a core."""
        if self.killed_at is None:
            past = now - self.started - self.timeout
            self.killed_at, self.added = now, max(allowance, past if self.stretched else 0.0)
            self.waited = self.seen_waited

    @property
    def watch_timeout(self) -> float:
        return self.timeout * STRETCH if self.stretched else self.timeout


def cpu_under(watch: int) -> float:
    """CPU seconds (user and system, their waited children's too) of every process below the
    watch ``watch`` now (a child the solution forked counts, as its watch counts it), read
    from /proc; one that ended meanwhile is its parent's now, one not readable none."""
    ticks = 0
    for process in descendants(watch):
        try:
            with open(f"/proc/{process}/stat") as stat:
                fields = stat.read().rpartition(")")[2].split()
            ticks += sum(int(field) for field in fields[11:15])  # utime, stime, cutime, cstime
        except (OSError, ValueError):
            continue
    return ticks / os.sysconf("SC_CLK_TCK")


def _off_cores(delays: int, seconds: float, cpu: float) -> float:
    """The seconds of run delay ``delays`` (nanoseconds) waited for a core, no more than
    ``seconds`` less the ``cpu`` seconds spent on one (and none below 0)."""
    return max(0.0, min(delays / 1e9, seconds - cpu))

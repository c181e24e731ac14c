"""The relay of a game (``kit.run.interact``): the solution's stdout copied to the
interactor's stdin and the interactor's to the solution's, a thread each way, each chunk as it
arrives (no waiting for whole lines), and recorded in the game's transcript
(``kit.run.game_transcript``) before it is passed on. ``Ends`` is what the relays share with
the game: which side stopped talking first, the chunks passed on (for the deadline's
allowance, ``kit.run.game_deadline``) and the relay threads' ids (what they wait for a core
moves the deadline on too), and the pipe that ends the relays once the game is over while a
process left behind still holds one of theirs.

The solution's side is counted against its output limit (``Cap``) and stops past it. Once the
interactor has exited, the solution's next write fails, its pipe closed, as on a judge whose two
pipes are joined; in a game run as problemtools runs it, what the solution writes then is read
no further than problemtools' pipe would hold, and the writer blocks. Each of a game's four
pipes holds half of what the judge's one pipe holds (``size_pipes``), so a writer blocks about
where it would there.

API::

    relay_threads(solution, interactor, record, ends, cap, gone, *, problemtools) -> 2 threads
    size_pipes(solution, interactor, *, problemtools) -> the four pipes' file identities
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import subprocess
import threading
from dataclasses import dataclass
from typing import IO

from kit.processes import file_identity
from kit.run.game_transcript import TO_INTERACTOR, TO_SOLUTION, Transcript

# What a pipe between two programs holds on Linux (pipe(7): 16 pages), and how the relay's two
# hops share it: the pipe from the writer and the pipe to the reader, half each, and the chunk
# the relay holds while the reader's pipe is full (a page at most). So a writer blocks about
# when a judge's joined pipe would block it (64 to 68 KiB in flight): a solution that writes
# 150 KB of queries before it reads a reply deadlocks here too (the hops held 192 KiB).
JOINED_PIPE = 1 << 16
PROBLEMTOOLS_PIPE = 1 << 20  # its runner's pipes (kit.judges.profiles.PROBLEMTOOLS)
CHUNK = 1 << 12


class Ends:
    """Which side stopped talking first (its stdout reached end of file); and, once the game
    is over and a process left behind still holds a pipe, ``over``: readable, it ends the
    relays."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.order: list[str] = []
        self.over, self._call = -1, -1
        self.relayed = 0  # chunks passed on, both ways (a count for the deadline: no lock)
        # bytes passed to the interactor since it last wrote: perhaps never read (the hold's)
        self.unanswered = 0
        # the relay threads' native ids, each added by the thread itself: what they wait for
        # a core stalls the game too (the deadline's allowance reads it)
        self.threads: list[str] = []

    def passed(self, side: str, size: int) -> None:
        """``size`` bytes from ``side`` passed on: the count of those the interactor may not
        have read (since it last wrote) grows, or starts again."""
        self.unanswered = self.unanswered + size if side == "solution" else 0

    def open(self) -> None:
        """The pipe ``over`` reads from, for one game's relays."""
        self.over, self._call = os.pipe()

    def call_over(self) -> None:
        os.write(self._call, b"!")

    def close(self, relays: list[threading.Thread]) -> None:
        """The pipe closed (its reading end once no relay may still select on it)."""
        os.close(self._call)
        if not any(thread.is_alive() for thread in relays):
            os.close(self.over)

    def add(self, side: str) -> None:
        with self.lock:
            self.order.append(side)

    def ended(self, side: str) -> bool:
        with self.lock:
            return side in self.order

    def first(self) -> str | None:
        with self.lock:
            return self.order[0] if self.order else None


class Cap:
    """The solution's output limit: bytes counted as relayed; past the limit, ``over``."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit  # None: no limit
        self.seen = 0
        self.over = threading.Event()

    def add(self, size: int) -> bool:
        """Count ``size`` more bytes; False once the limit is passed."""
        self.seen += size
        if self.limit is not None and self.seen > self.limit:
            self.over.set()
        return not self.over.is_set()


def _next_chunk(source: int, reader_gone: int | None, stop: int | None = None) -> bytes | None:
    """What ``source`` has next; b"" at its end; None once ``reader_gone`` is readable and
    ``source`` has nothing waiting, or once ``stop`` is readable (the game is over, and a
    process left behind still holds ``source``)."""
    watched = [source, *(fd for fd in (reader_gone, stop) if fd is not None)]
    ready = select.select(watched, [], [])[0] if len(watched) > 1 else watched
    if (stop is not None and stop in ready) or source not in ready:
        return None
    try:
        return os.read(source, CHUNK)
    except OSError:
        return b""


@dataclass(frozen=True)
class _Rules:
    """What holds the solution's side of the relay (see ``_relay``): its output limit, the
    descriptor readable once the interactor has exited, and what is read of it after that.

    With ``reader_gone`` (a descriptor readable once the reader has exited: the solution's
    relay) the copy stops there and the source is closed, so the writer's next write fails, as
    on a judge whose pipes are joined (a Python solution's ``BrokenPipeError``); that is not
    the writer's end. Past ``cap`` nothing more is relayed (the caller kills the writer). Past
    ``hold`` bytes sent once the reader has exited (``_held``), nothing more is read and the
    source stays open until the game is called over: the writer blocks, as on problemtools'
    pipe, which nobody reads after the validator accepted (the writer's own pipe holds as much
    again).
    """

    cap: Cap | None = None
    reader_gone: int | None = None
    hold: int | None = None
    exited: int | None = None  # readable once the interactor has exited (for ``hold``)


NO_RULES = _Rules()  # the interactor's side: nothing holds it


def _relay(
    source: IO[bytes],
    target: IO[bytes],
    side: str,
    *,
    mark: str,
    record: Transcript,
    ends: Ends,
    rules: _Rules = NO_RULES,
) -> None:
    """Copy ``source`` to ``target`` until end of file, then close both (``_relay_ended``). A
    closed ``target`` does not stop the reading, so the writer never blocks on a full pipe;
    what is read after the other side stopped talking is counted (a note in the transcript),
    not recorded line by line. ``rules`` may stop the copy sooner (``_Rules``), as does
    ``ends`` called over (a process left behind holds ``source``)."""
    ends.threads.append(str(threading.get_native_id()))
    open_target, reader_ended = True, False
    late = held = 0
    reader = "interactor" if side == "solution" else "solution"
    try:
        while True:
            data = _next_chunk(source.fileno(), rules.reader_gone, ends.over)
            if not data:  # None: not the end of what it says, the reader's
                reader_ended = data is None
                break
            if not open_target or ends.ended(reader):
                # not delivered, or sent to a side that has stopped talking: not held against
                # the output limit either (a judge's closed pipe takes none of it)
                late += len(data)
                held = _held(rules, ends, held, len(data), gone=not open_target)
                if rules.hold is not None and held > rules.hold:
                    select.select([ends.over], [], [])  # the writer blocks; the kit ends it
                    reader_ended = True  # not the writer's end of output
                    break
                if not open_target:
                    continue
            elif rules.cap is not None and not rules.cap.add(len(data)):
                break
            else:
                record.feed(mark, data)  # before the write: the reply cannot be recorded first
                ends.relayed += 1
            ends.passed(side, len(data))
            open_target = _deliver(target, data)
    finally:
        if late:
            record.note(mark, f"[{late} more bytes, sent after the {reader} had closed its output]")
        _relay_ended(source, target, side, ends, reader_ended=reader_ended)


def _relay_ended(
    source: IO[bytes], target: IO[bytes], side: str, ends: Ends, *, reader_ended: bool
) -> None:
    """The end of ``_relay``'s copy: the writer's end recorded (not when the copy stopped at
    the reader's: ``reader_ended``) before ``target`` is closed, so an end it causes on the
    other side is always recorded after it; then both streams closed."""
    if not reader_ended:
        ends.add(side)
    for stream in (target, source):
        with contextlib.suppress(OSError):
            stream.close()


def _held(rules: _Rules, ends: Ends, held: int, size: int, *, gone: bool) -> int:
    """The bytes held against ``rules.hold`` after ``size`` more: counted once the reader has
    exited (``rules.exited``) or its pipe closed (``gone``: it exits, reaped or not: a flood
    got through before the exit was reaped), from what was passed to it since it last wrote,
    which its pipe may have held unread and problemtools' would still hold (a slow exit let
    512 KiB more through)."""
    if rules.hold is None or not (gone or select.select([rules.exited], [], [], 0)[0]):
        return held
    return (held or min(ends.unanswered, rules.hold)) + size


def _deliver(target: IO[bytes], data: bytes) -> bool:
    """``data`` written to ``target``; False once the reader has gone (EPIPE) or was killed."""
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(target.fileno(), view) :]
        except OSError:
            return False
    return True


def size_pipes(
    solution_process: subprocess.Popen, interactor_process: subprocess.Popen, *, problemtools: bool
) -> set[tuple[int, int]]:
    """Each of the four pipes of a game holds half of what the judge's joined pipe holds;
    returned, the four as ``kit.processes.file_identity`` names them."""
    joined = PROBLEMTOOLS_PIPE if problemtools else JOINED_PIPE
    streams = (
        solution_process.stdout,
        interactor_process.stdin,
        interactor_process.stdout,
        solution_process.stdin,
    )
    for stream in streams:
        with contextlib.suppress(OSError, AttributeError):  # not Linux: pipes as they come
            fcntl.fcntl(stream.fileno(), fcntl.F_SETPIPE_SZ, joined // 2)
    return {file_identity(stream.fileno()) for stream in streams if stream is not None}


def relay_threads(
    solution_process: subprocess.Popen,
    interactor_process: subprocess.Popen,
    record: Transcript,
    ends: Ends,
    cap: Cap,
    gone: int,
    *,
    problemtools: bool,
) -> list[threading.Thread]:
    """The two relay threads, not started: the solution's output to the interactor (``gone``:
    the pipe end that reads the interactor's reaping), the interactor's to the solution;
    ``problemtools``: the game is run as problemtools' runner runs it."""
    return [
        threading.Thread(
            target=_relay,
            args=(solution_process.stdout, interactor_process.stdin, "solution"),
            kwargs={
                "mark": TO_INTERACTOR,
                "record": record,
                "ends": ends,
                "rules": _Rules(
                    cap,
                    reader_gone=None if problemtools else gone,
                    hold=PROBLEMTOOLS_PIPE // 2 if problemtools else None,
                    exited=gone,
                ),
            },
            daemon=True,
        ),
        threading.Thread(
            target=_relay,
            args=(interactor_process.stdout, solution_process.stdin, "interactor"),
            kwargs={"mark": TO_SOLUTION, "record": record, "ends": ends},
            daemon=True,
        ),
    ]

"""``build SLUG --watch``: rebuild when anything the build read changes.

Watched: problems.toml, each problem's solution and the helpers its last bundle held (or
every Python file under the workspace when it could not be bundled), its samples folder and
the files in it, and a package problem's package (its folders, or its archive). The files are
polled (``INTERVAL``), which needs nothing beyond the standard library and sees editors that
replace files as well as those that write in place; a file's state is its ``kit.cache.Stamp``,
change time included, so an edit that keeps the size and sets the modification time back
(``touch -r``) is seen.

A build may run beside the watch (``start()`` returns it running): a change while it runs
abandons it (``abandon()``) and starts the next at once, as a user who saved again expects;
a build done in place (``start()`` returns None) is compared after it ends.

    watch(start, paths_of, interval=INTERVAL, on_abandon=None)  # until Ctrl-C
    stamp_slack(stamp_ns) -> int  # how far before a start a stamp of an edit after it may be
"""

from __future__ import annotations

import stat
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol

from kit.cache import Stamp
from kit.case_folders import skipped
from kit.processes import stops_held

INTERVAL = 0.25  # seconds between polls
# A file first watched after a build (a helper the build found) counts as changed during it
# when modified less than this before the build started: the kernel stamps files from a clock
# a tick or so behind (a few ms); a file system that keeps whole seconds (a stamp without a
# fraction) gets STAMP_SLACK_COARSE_NS. The cost of a false alarm is one build more (a helper
# written just before the edit that imports it was built twice with the whole second).
STAMP_SLACK_NS = 50_000_000
STAMP_SLACK_COARSE_NS = 1_000_000_000

Snapshot = dict[Path, Stamp | tuple[int, int] | None]


class Running(Protocol):
    """A build started beside the watch."""

    def finished(self) -> bool: ...

    def abandon(self) -> None: ...  # ends it; nothing for one that has finished


# folders that are no source: the kit's output, caches, virtual environments (and hidden ones)
NOT_SOURCES = {"dist", "__pycache__", "node_modules", "site-packages"}
FOLDER = (0, 0)  # a folder's state: that it is there (its time changes with what it holds)
THERE = (0, 1)  # a file's state where only its being there is watched
# A watched path ``FOLDER/PYTHON_IN`` stands for the Python files in FOLDER (their contents)
# and the folders in it; ``FOLDER/NAMES_IN`` for which of those it holds alone (a helper a
# build could not find, created there). Hidden names: no file of a workspace is watched so.
PYTHON_IN = ".python"
NAMES_IN = ".names"


def snapshot(paths: Iterable[Path]) -> Snapshot:
    """The ``Stamp`` of each file, FOLDER for a folder, None for a missing path;
    a folder's entries are taken too, so a new or removed sample or helper is seen, less
    the folders that are no source (the build writes ``dist/`` and caches) and the files
    editors leave beside the ones they edit; a ``PYTHON_IN`` or ``NAMES_IN`` path, its
    folder's Python files and folders alone (a README or notes edited beside the sources, or
    another problem's solution, is nothing the build read)."""
    state: Snapshot = {}
    for path in paths:
        kind = path.name if path.name in (PYTHON_IN, NAMES_IN) else None
        folder = path.parent if kind else path
        entries = sorted(folder.iterdir()) if folder.is_dir() else []
        entries = [e for e in entries if not _no_source(e)]
        if kind:
            entries = [e for e in entries if e.suffix == ".py" or e.is_dir()]
        for entry in [folder, *entries]:
            try:
                info = entry.stat()
            except OSError:
                state[entry] = None
                continue
            if stat.S_ISDIR(info.st_mode):
                state[entry] = FOLDER
            elif kind == NAMES_IN and entry != folder:
                state.setdefault(entry, THERE)  # its contents watched elsewhere, if at all
            else:
                state[entry] = Stamp.of(info)
    return state


def _no_source(entry: Path) -> bool:
    """Hidden, an editor's leftover (as the samples skip them), or a folder that is no source."""
    return skipped(entry.name) or entry.name in NOT_SOURCES


def watch(
    start: Callable[[], Running | None],
    paths_of: Callable[[], list[Path]],
    *,
    interval: float = INTERVAL,
    sleep: Callable[[float], None] = time.sleep,
    on_abandon: Callable[[Path], None] | None = None,
) -> None:
    """Build now and again whenever a file of ``paths_of()`` (asked after each build)
    changes. A build running beside the watch is abandoned at a change (``on_abandon`` told
    the file) and the next started; one done in place, or finished, is compared against the
    files before it (a file first watched after the build counts as changed when modified
    since shortly before it started). Returns only by an exception (KeyboardInterrupt from
    Ctrl-C), the running build abandoned first, wherever the interrupt came: a build left
    running would write into folders its parent is removing."""
    running: Running | None = None
    try:
        paths = paths_of()
        while True:
            before = snapshot(paths)
            started = time.time_ns()
            with stops_held():  # a Ctrl-C as it starts is raised once it is named here
                running = start()
            if running is not None:
                changed = _until_done(running, paths, before, interval, sleep)
                if changed is not None:
                    if on_abandon is not None:
                        on_abandon(changed)
                    continue
            paths = paths_of()
            seen = snapshot(paths)
            if changed_during(before, seen, started):
                continue
            while snapshot(paths) == seen:
                sleep(interval)
    except BaseException:
        if running is not None:
            running.abandon()  # a no-op for one that finished
        raise


def _until_done(running: Running, paths, before: Snapshot, interval: float, sleep) -> Path | None:
    """Poll while ``running`` runs: the first watched file changed, the build abandoned; None
    when it finished first."""
    while not running.finished():
        changed = first_change(before, snapshot(paths))
        if changed is not None:
            running.abandon()
            return changed
        sleep(interval)
    return None


def first_change(before: Snapshot, now: Snapshot) -> Path | None:
    """A path whose state differs between two snapshots (added or gone included): a file
    before its folder (whose time changes with its entries)."""
    for path in sorted(before.keys() | now.keys(), reverse=True):
        if not _same(before.get(path, False), now.get(path, False)):
            return path
    return None


def _same(one, other) -> bool:
    """Whether two states of a path are the same, a file's being there (THERE, watched where
    only that counts) being the same as any state of a file (its contents watched since)."""
    if one == other:
        return True
    states = (one, other)  # a file both times (a tuple: False and None are no file there)
    return THERE in states and all(isinstance(s, tuple) and s != FOLDER for s in states)


def stamp_slack(stamp_ns: int) -> int:
    """How far before a build's (a compile's) start a file's stamp may say an edit made after
    it began."""
    return STAMP_SLACK_COARSE_NS if stamp_ns % 1_000_000_000 == 0 else STAMP_SLACK_NS


def changed_during(before: Snapshot, seen: Snapshot, started: int) -> bool:
    """Whether a file may have changed while the build ran: one watched before it that differs
    now, or one first watched after it (a helper the build found) modified since ``started``
    (its edit may have landed between the build's read and this look)."""
    for path, state in seen.items():
        if path in before:
            if not _same(before[path], state):
                return True
        elif isinstance(state, Stamp) and state.modified >= started - stamp_slack(state.modified):
            return True
    return False

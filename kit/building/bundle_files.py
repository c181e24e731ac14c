"""The bundle's file in ``dist/``: where a build puts what it made, passed or failed.

A build's bundle is staged in a folder of its own among the kit's temporary files, outside the
workspace as on a judge; each run has a fresh copy of it, alone in a folder of its own
(``kit.run.run_folder``), as a judge runs each test from a fresh copy. Once the build is done it is
moved into place: ``dist/<slug>.py`` when it passed, else ``dist/failed/<slug>.py`` for inspection,
never in place of a good one, a stale ``dist/<slug>.py`` from an earlier build removed
(``remove_bundle``); across file systems it is copied in beside its place first, so that the file is
there whole or not at all (``kit.file_moves``). A build under an interpreter the judge does not run
(``--target``) leaves ``dist/`` as it was. No bundle is written over, nor removed from, a source
that ``dist/`` leads to (a link to ``solutions/``), and files that a build killed outright left in
``dist/`` are removed by the next.

A bundle whose sources were saved again during its build (a solution edited while its cases
ran) is the bundle of no file on disk: it is put nowhere and ``dist/`` is left as it was, the
build failing with a line that says so (``kit.bundle.sources.changed_source`` reads them again).
What a build does to a problem's files in ``dist/`` is done under a lock on ``dist/`` itself
(kit.file_locks; held for a rename or two), the sources checked under it: two builds of one
problem at once (two terminals, a build beside ``--watch``) put their bundles in turn, never
one's move between the other's removals, and one made of a text saved since is put nowhere.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from kit import cache, file_locks, scratch
from kit.building.results import Result, Status
from kit.bundle.sources import Source, changed_source
from kit.errors import Unwritable
from kit.file_moves import move
from kit.registry import Problem


@contextlib.contextmanager
def staged(problem: Problem, data: bytes, result: Result, modules: Sequence[Source] = ()):
    """The bundle written into a folder of its own among the kit's temporary files, outside
    the workspace as on a judge (each run's copy of it is too: ``__file__``'s ``../..`` is not
    the workspace, whose files a judge does not have); moved into place when the build
    passed, else kept as ``dist/failed/<slug>.py`` (an older ``dist/<slug>.py`` is removed,
    unless the build ran under an interpreter the judge does not run: its failure says
    nothing of the judge's); put nowhere when a file of ``modules`` (what it was made of) no
    longer holds the text it was made from."""
    try:
        problem.dist.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale(problem)
        with tempfile.TemporaryFile(dir=problem.dist.parent):  # a folder there that takes
            pass  # no file (read-only) stops the build now, as a missing one it cannot make
    except OSError as error:
        where = problem.rel(problem.dist.parent)
        if problem.dist.parent.exists() and not problem.dist.parent.is_dir():
            raise Unwritable(f"{where} is a file, where the bundles' folder goes") from None
        if problem.dist.parent.is_symlink() and not problem.dist.parent.exists():
            pointed = os.readlink(problem.dist.parent)
            raise Unwritable(f"{where} is a link to {pointed}, which is not there") from None
        raise Unwritable(f"cannot write the bundle into {where}/: {error.strerror}") from None
    try:
        folder = Path(tempfile.mkdtemp(prefix=f"{problem.slug}-"))
    except OSError:  # tempfile found none it could write a file into (a full disk)
        raise Unwritable(f"cannot write the bundle: {scratch.NO_FOLDER}") from None
    temporary = folder / f"{problem.slug}.py"
    try:
        try:
            temporary.write_bytes(data)
            os.chmod(temporary, 0o644)
            os.chmod(folder, 0o755)
        except OSError as error:  # a full disk, a file-size limit (ulimit -f)
            where = folder.parent
            raise Unwritable(f"cannot write the bundle into {where}: {error.strerror}") from None
        yield temporary
        with _publishing(problem):
            if not _sources_changed(problem, modules, result):
                _place(problem, temporary, result)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def _publishing(problem: Problem):
    """The lock on ``dist/``, held; none when it cannot be taken (no ``dist/`` yet: nothing
    in it to remove)."""
    with contextlib.ExitStack() as lock:
        with contextlib.suppress(OSError):
            lock.enter_context(file_locks.locked(problem.dist.parent))
        yield


def _sources_changed(problem: Problem, modules: Sequence[Source], result: Result) -> bool:
    """Whether a file the bundle was made of was saved again during the build (the build
    failed, saying so: its bundle is put nowhere)."""
    changed = changed_source(list(modules))
    if changed is None:
        return False
    if result.foreign:  # ``--target``: dist/ is never written, passed or failed
        result.fail(f"{changed.rel} changed during the build; run again")
        return True
    place = problem.dist if result.status == Status.OK else problem.failed_dist
    result.fail(
        f"{changed.rel} changed during the build: {problem.rel(place)} not written; run again"
    )
    return True


def _place(problem: Problem, staged: Path, result: Result) -> None:
    """The staged bundle moved to ``dist/<slug>.py`` when the build passed, else to
    ``dist/failed/<slug>.py``; a place that cannot take it (a folder of that name) fails the
    build, or is said of a failed one. A build whose runs were under an interpreter the judge
    does not run (``--target 3.8`` for AtCoder) leaves ``dist/`` as it was, passed or failed:
    it says nothing of the judge's (a bundle wrong under the judge's 3.13 only was put in
    place by a passing ``--target 3.8``)."""
    if result.status == Status.OK and result.foreign:
        with contextlib.suppress(OSError):
            staged.unlink()
        where = problem.rel(problem.dist)
        result.notes.append(
            f"{where} is left as it was: runs under an interpreter the judge does not run "
            "pass nothing for the judge (build without --target to write it)"
        )
        return
    source = _source_at(problem, problem.dist, result) or _source_at(
        problem, problem.failed_dist, result
    )
    if source is not None:
        result.fail(
            f"{problem.rel(problem.dist.parent)}/ leads to {problem.rel(source)} (a link?): "
            "no bundle is written over the sources"
        )
        return
    if result.status == Status.OK:
        try:
            move(staged, problem.dist)
        except OSError as error:
            result.fail(f"cannot write the bundle to {problem.rel(problem.dist)}: {error.strerror}")
            return
        with contextlib.suppress(OSError):  # an older failure's copy: stale, not in the way
            _remove(problem.failed_dist)
            problem.failed_dist.parent.rmdir()  # dist/failed/ with no failure left in it
        return
    if not result.foreign:  # an interpreter the judge does not run says nothing of it
        _remove_bundle(problem, result)
    try:
        problem.failed_dist.parent.mkdir(parents=True, exist_ok=True)
        move(staged, problem.failed_dist)
    except OSError as error:
        where = problem.rel(problem.failed_dist)
        folder = problem.failed_dist.parent
        why = (
            f"{problem.rel(folder)} is a file, where a folder is needed"
            if folder.exists() and not folder.is_dir()
            else error.strerror
        )
        result.notes.append(f"the failed bundle is not kept as {where}: {why}")
        return
    result.notes.append(f"the failed bundle is kept as {problem.rel(problem.failed_dist)}")


def _remove_stale(problem: Problem) -> None:
    """Files of ``problem`` that a build killed with SIGKILL left in ``dist/`` (a bundle being
    copied in; an older kit staged its bundles there), by the cache's rule (``cache.stale``):
    one whose name holds the process id of a build that is gone, or, an older kit's name
    holding none, one over ``cache.STALE_AGE`` old."""
    for leftover in problem.dist.parent.glob(f".{problem.slug}.*"):
        pid = leftover.name[len(problem.slug) + 2 :].partition(".")[0]
        if not cache.stale(leftover, int(pid) if pid.isdigit() else None):
            continue
        with contextlib.suppress(OSError):
            if leftover.is_dir() and not leftover.is_symlink():
                shutil.rmtree(leftover)
            else:
                leftover.unlink()  # a staged file of an older kit


def remove_bundle(problem: Problem, result: Result) -> None:
    """An older dist/<slug>.py removed: this build does not stand for it. Never a source it
    leads to (``dist`` a link to ``solutions/``: a failed build deleted the solution); one
    that cannot be removed (a read-only ``dist/``) is said, not a traceback."""
    with _publishing(problem):
        _remove_bundle(problem, result)


def _remove_bundle(problem: Problem, result: Result) -> None:
    """``remove_bundle``'s work, under the lock on ``dist/`` (``_publishing``)."""
    if _source_at(problem, problem.dist, result) is not None:
        return
    try:
        _remove(problem.dist)
    except OSError as error:
        where = problem.rel(problem.dist)
        result.notes.append(
            f"the older {where} cannot be removed ({error.strerror}): it is no bundle of these "
            "sources"
        )


def _source_at(problem: Problem, path: Path, result: Result) -> Path | None:
    """The source (the solution, or a module the bundle holds) that ``path`` is, if any."""
    try:
        place = path.resolve()
        sources = [problem.solution, *result.sources]
        return next((source for source in sources if source.resolve() == place), None)
    except (OSError, RuntimeError):  # a link loop: no source
        return None


def _remove(path: Path) -> None:
    """``path`` removed when it is a file (a folder of that name holds no bundle: left)."""
    with contextlib.suppress(FileNotFoundError, IsADirectoryError):
        path.unlink()

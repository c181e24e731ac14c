"""``stress --save``: where a failing input is saved, and the input written there as a sample
pair (``.in``, and ``.out`` the expected answer when there is one), for ``cpkit stress``.

``save_folder(problem, save, problems)`` is the folder ``--save`` names (the problem's samples
folder for ``--save`` alone), checked before the run: a file, a folder that cannot be made or
written into, another of the workspace's ``problems``' samples folder (its build would run this
problem's input as its own sample) is a one-line error then, not after the run and its shrink.
``save_shown(problem, folder, shrunk, expected)`` writes the input the command showed and says
where: the next ``sample-N`` in the samples folder, else ``<slug>-seed<S>`` (then ``-2``,
``-3``...); a pair that already holds the same input and answer is named, not written again, a
different file is never overwritten (nor written through a link), and a write that fails leaves
no half pair.

    folder = save_folder(problem, args.save, registry.values())  # None without --save
    save_shown(problem, folder, shrunk, b"15\n")  # saved: samples/SLUG/sample-2.in, ...
"""

from __future__ import annotations

import itertools
import os
import re
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from kit.case_folders import layout_of
from kit.errors import BuildError
from kit.registry import Problem
from kit.stress.shrink import Shrunk


def save_folder(
    problem: Problem, save: str | bool | None, problems: Iterable[Problem] = ()
) -> Path | None:
    """Where ``--save`` writes: the problem's samples folder when no DIR is given; never the
    samples folder of another of ``problems``."""
    if save is None:
        return None
    if save is not True and not save.strip():
        raise BuildError(
            f"--save {save!r}: no folder named (give DIR, or --save alone for samples/)"
        )
    folder = problem.samples_dir if save is True else Path(save)
    named = f"--save ({problem.rel(folder)})" if save is True else f"--save {save}"
    if folder.exists() and not folder.is_dir():
        raise BuildError(f"{named}: not a folder")
    layout = layout_of(folder)
    if layout:  # a pair saved beside in/ + out/ or the like makes the folder's cases unreadable
        raise BuildError(
            f"{named}: its cases are laid out as {layout.said} (official "
            "data as downloaded), where a saved NAME.in pair does not fit: give --save DIR"
        )
    _not_anothers_samples(problem, folder, named, problems)
    if not folder.exists() and not folder.absolute().parent.is_dir():
        raise BuildError(f"{named}: no folder {folder.absolute().parent} to make it in")
    try:  # refused now, not after the run and its shrink
        if folder.exists():
            with tempfile.TemporaryFile(dir=folder):
                pass
        else:
            folder.mkdir()
            folder.rmdir()
    except OSError as error:
        raise BuildError(f"{named}: cannot write there: {error.strerror}") from None
    return folder


def _not_anothers_samples(
    problem: Problem, folder: Path, named: str, problems: Iterable[Problem]
) -> None:
    """A one-line error when ``folder`` is another problem's samples folder: saved there, the
    input would be a case of that problem, failing its build with this problem's answer."""
    for other in problems:
        if other.slug != problem.slug and other.samples_dir.resolve() == folder.resolve():
            raise BuildError(
                f"{named}: the samples folder of problem {other.slug!r}, whose build would run "
                f"this input as its own (--save alone saves into "
                f"{problem.rel(problem.samples_dir)}/)"
            )


def save_shown(problem: Problem, save: Path, shrunk: Shrunk, expected: bytes | None) -> None:
    """``--save``: the input shown above, and its answer when known, written and named (or
    the files that already hold them); a folder it cannot write into is a one-line error (the
    input was shown, so not lost)."""
    try:
        saved, already = _save(problem, save, shrunk.text, expected, shrunk.seed)
    except OSError as error:
        raise BuildError(f"--save: cannot write into {save}: {error.strerror}") from None
    said = "already saved as" if already else "saved:"
    print(f"{said} {', '.join(problem.rel(path) for path in saved)}")


def _save(
    problem: Problem, folder: Path, text: str, expected: bytes | None, seed: int
) -> tuple[list[Path], bool]:
    """The input (and the expected answer, for a batch problem) as a sample pair: the next
    ``sample-N`` in the problem's samples folder, else ``<slug>-seed<S>`` (then ``-2``,
    ``-3``...: a different file is never overwritten); with whether a pair there already
    held them (then nothing is written)."""
    folder.mkdir(parents=True, exist_ok=True)
    for stem in _stems(problem, folder, seed):
        same = _holding(stem, text.encode(), expected)
        if same is not None:
            return same, True
        # a name a link holds is taken, a dangling one too: never written through it
        if not any(os.path.lexists(f"{stem}.{ext}") for ext in ("in", "out", "ans")):
            pair = [(Path(f"{stem}.in"), text.encode("utf-8"))]
            pair += [(Path(f"{stem}.out"), expected)] if expected is not None else []
            return _write_new(pair), False
    raise AssertionError("unreachable: the stems are endless")


def _write_new(files: list[tuple[Path, bytes]]) -> list[Path]:
    """Each path created (never a link's file: ``xb``) with its bytes; on a failure (a full
    disk) the files created so far removed, so that no half pair is left for a sample."""
    written: list[Path] = []
    try:
        for path, data in files:
            with path.open("xb") as new:
                written.append(path)
                new.write(data)
    except OSError:
        for path in written:
            path.unlink(missing_ok=True)
        raise
    return written


def _stems(problem: Problem, folder: Path, seed: int) -> Iterator[Path]:
    """The names a saved pair may take, in order: in the samples folder each ``sample-N``
    there, then the next; elsewhere ``<slug>-seed<S>``, then with ``-2``, ``-3``..."""
    if folder.resolve() != problem.samples_dir.resolve():
        stem = f"{problem.slug}-seed{seed}"
        yield folder / stem
        yield from (folder / f"{stem}-{number}" for number in itertools.count(2))
        return
    taken = sorted(
        {
            int(m[1])
            for path in folder.iterdir()
            if (m := re.fullmatch(r"sample-(\d+)\.(?:in|out|ans)", path.name))
        }
    )
    yield from (folder / f"sample-{number}" for number in taken)
    yield folder / f"sample-{max(taken, default=0) + 1}"


def _holding(stem: Path, given: bytes, expected: bytes | None) -> list[Path] | None:
    """The files of ``stem`` when they hold this input (and this answer, when known)."""
    found = Path(f"{stem}.in")
    if not found.is_file() or found.read_bytes() != given:
        return None
    if expected is None:
        return [found]
    answers = [Path(f"{stem}.{ext}") for ext in ("out", "ans")]
    answer = next((path for path in answers if path.is_file()), None)
    if answer is None or answer.read_bytes() != expected:
        return None
    return [found, answer]

"""A problem's limits as its table in problems.toml sets them, checked: time (seconds), memory
and output (MiB), what the output limit holds, the source's size (bytes) and an interactive
game's whole time.

A bad value is a one-line error, and so is a value written in another unit (a time limit of
``2000`` looks like milliseconds, a memory limit of ``65536`` like KiB; the bounds are
``kit.units``'), with the value meant where there is one (``time_limit = 2``); a package's
limits are read in their own units and not guessed at. Without an ``output_limit`` the judge's
profile's usual one holds, else ``DEFAULT_OUTPUT_LIMIT``; without a ``source_limit``, the
profile's.
"""

from __future__ import annotations

import math

from kit.errors import BuildError
from kit.judges.profiles import OUTPUT_COUNTS, OUTPUT_STDOUT, Profile
from kit.units import MILLISECONDS_FROM, SHORTEST, in_mebibytes, memory_misread

# MiB: the kit's own output limit where neither the problem nor its judge's profile gives one
# (Kattis' profile: 8); no other judge's could be confirmed, and 64 MiB is far past any answer
DEFAULT_OUTPUT_LIMIT = 64


def limits_of(
    where: str, entry: dict, given: set[str], usual_output: int | None
) -> tuple[float, int, int]:
    """Time (s), memory and output (MiB) limits, checked (the output's default: the judge's
    ``usual_output``, else the kit's); the unit guesses only for values written in
    problems.toml (a package's are read in their own units)."""
    time_limit = _as_float(entry["time_limit"])
    memory_limit = entry["memory_limit"]
    output_limit = entry.get("output_limit", usual_output or DEFAULT_OUTPUT_LIMIT)
    if not math.isfinite(time_limit):
        raise BuildError(f"{where}: time_limit = {entry['time_limit']} is not a number of seconds")
    for key, value in (("time_limit", time_limit), ("memory_limit", memory_limit),
                       ("output_limit", output_limit)):  # fmt: skip
        if value <= 0:
            raise BuildError(f"{where}: {key} = {entry.get(key, value)} must be positive")
    if not in_mebibytes(output_limit) and "output_limit" in given:
        raise BuildError(
            f"{where}: output_limit = {output_limit} looks like KiB or bytes; the unit is MiB"
        )
    if "time_limit" in given:
        _check_seconds(where, entry["time_limit"], time_limit)
    if not in_mebibytes(memory_limit) and "memory_limit" in given:
        said = memory_misread(memory_limit, "memory_limit")
        raise BuildError(f"{where}: memory_limit = {memory_limit} {said}")
    return time_limit, memory_limit, output_limit


def _check_seconds(where: str, written: object, time_limit: float) -> None:
    """A one-line error for a time limit written in problems.toml (as ``written``) that is no
    limit in seconds: under ``SHORTEST``, or one that looks like milliseconds."""
    if time_limit < SHORTEST:
        raise BuildError(
            f"{where}: time_limit = {written} is under {SHORTEST:g} s, shorter than any judge's "
            "limit; the unit is seconds"
        )
    if time_limit >= MILLISECONDS_FROM:
        seconds = time_limit / 1000
        said = "milliseconds" if seconds < MILLISECONDS_FROM else "no limit in seconds"
        fix = f" (time_limit = {seconds:g})" if seconds < MILLISECONDS_FROM else ""
        raise BuildError(
            f"{where}: time_limit = {written} looks like {said}; the unit is seconds{fix}"
        )


def _as_float(value: float) -> float:
    """``value`` as a float: an integer too large for one is infinite (it was an error)."""
    try:
        return float(value)
    except OverflowError:
        return math.inf


def source_limit_of(where: str, entry: dict, profile: Profile | None) -> int | None:
    """The source size limit in bytes: ``source_limit``, else the judge's profile's; None for
    none."""
    source_limit = entry.get("source_limit", profile.source_limit if profile else None)
    if source_limit is not None and source_limit <= 0:
        raise BuildError(f"{where}: source_limit must be positive (bytes)")
    return source_limit


def output_counts_of(where: str, entry: dict) -> str:
    """What the output limit holds: ``stdout`` (the default), or ``all`` (stdout, stderr and
    the files a run writes, together: Kattis' 2025-09 packages)."""
    counts = entry.get("output_counts", OUTPUT_STDOUT)
    if counts not in OUTPUT_COUNTS:
        shown = " or ".join(repr(c) for c in OUTPUT_COUNTS)
        raise BuildError(f"{where}: output_counts must be {shown}, not {counts!r}")
    return counts


def game_timeout_of(where: str, entry: dict, time_limit: float) -> float | int | None:
    """``game_timeout``, checked: for interactive problems only, a number of seconds above the
    time limit (then per move); None when none is given."""
    game_timeout = entry.get("game_timeout")
    about = (
        f"{where}: game_timeout (seconds a whole game may take; the time limit is then per "
        "move, timed by the interactor)"
    )
    if game_timeout is not None and entry["kind"] != "interactive":
        raise BuildError(f'{about} is for kind = "interactive" alone')
    if game_timeout is not None and not math.isfinite(_as_float(game_timeout)):
        raise BuildError(f"{where}: game_timeout = {game_timeout} is not a number of seconds")
    if game_timeout is not None and game_timeout <= time_limit:
        raise BuildError(
            f"{about} must be above time_limit: {game_timeout:g} s against {time_limit:g} s"
        )
    return game_timeout

"""Where a limit's number stops being one of the kit's units: a time limit this large (in
seconds) is almost surely written in milliseconds, or no limit at all, and one this small
(under 0.01 s) no judge's; a memory limit this large (in MiB) in KiB (judges print "65536
KB") or bytes. problems.toml, pages, Competitive Companion's data and packages are held to the
same bounds.

    in_seconds(time_limit) -> bool   # finite, from SHORTEST and under MILLISECONDS_FROM
    in_mebibytes(limit) -> bool      # finite, from 1 and under KIB_FROM
    memory_misread(limit, key) -> str  # what a memory limit past KIB_FROM looks like
    finite(value) -> bool            # math.isfinite, False for an int too large for a float
"""

import math

SHORTEST = 0.01  # s: no judge's time limit is shorter (one is misread, or a typo)
MILLISECONDS_FROM = 100
KIB_FROM = 4096
SECONDS = f"from {SHORTEST:g} s, under {MILLISECONDS_FROM} s"  # the bounds, as errors say them
MEBIBYTES = f"from 1 MiB, under {KIB_FROM} MiB"


def in_seconds(time_limit: float) -> bool:
    """Whether ``time_limit`` reads as seconds: finite, from ``SHORTEST`` (every case of a
    shorter one times out) and under ``MILLISECONDS_FROM`` (a run held to a larger one would
    never be stopped)."""
    return finite(time_limit) and SHORTEST <= time_limit < MILLISECONDS_FROM


def in_mebibytes(limit: float) -> bool:
    """Whether a memory or output limit ``limit`` reads as MiB: finite, at least 1 and under
    ``KIB_FROM``."""
    return finite(limit) and 1 <= limit < KIB_FROM


def memory_misread(limit: int, key: str) -> str:
    """What a memory limit of ``limit`` "MiB", ``KIB_FROM`` or more, looks like instead, with
    the fix when there is one: ``looks like KiB; the unit is MiB (KEY = 64)``."""
    unit, mib = "KiB", limit >> 10
    if mib >= KIB_FROM:
        unit, mib = "bytes", limit >> 20
    fix = f" ({key} = {mib})" if 0 < mib < KIB_FROM else ""
    return f"looks like {unit}; the unit is MiB{fix}"


def finite(value: float) -> bool:
    """``math.isfinite``, and False for an integer too large for a float (10**400), which it
    raises on."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False

"""Where a limit's number stops being one of the kit's units: a time limit this large (in
seconds) is almost surely written in milliseconds, or no limit at all, and one this small
(under 0.01 s) no judge's; a memory limit this large (in MiB) in KiB (judges print "65536
KB") or bytes. problems.toml, pages, Competitive Companion's data and packages are held to the
same bounds.

    in_seconds(time_limit) -> bool   # finite, from SHORTEST and under MILLISECONDS_FROM
    finite(value) -> bool            # math.isfinite, False for an int too large for a float
"""

import math

SHORTEST = 0.01  # s: no judge's time limit is shorter (one is misread, or a typo)
MILLISECONDS_FROM = 100
KIB_FROM = 4096
SECONDS = f"from {SHORTEST:g} s, under {MILLISECONDS_FROM} s"  # the bounds, as errors say them


def in_seconds(time_limit: float) -> bool:
    """Whether ``time_limit`` reads as seconds: finite, from ``SHORTEST`` (every case of a
    shorter one times out) and under ``MILLISECONDS_FROM`` (a run held to a larger one would
    never be stopped)."""
    return finite(time_limit) and SHORTEST <= time_limit < MILLISECONDS_FROM


def finite(value: float) -> bool:
    """``math.isfinite``, and False for an integer too large for a float (10**400), which it
    raises on."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False

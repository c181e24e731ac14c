"""The age of the running process, from Linux's /proc.

Description: ``process_age()`` -> seconds since this process was created, or None where /proc
    cannot be read (not Linux, a sandbox without it): when the judge's clock started for a
    program that must count its own start-up. ``process_start(fallback, bound)`` -> that moment
    as a perf_counter() value, or ``fallback`` (a time taken at import) when the age is unknown
    or not under ``bound`` seconds (an exec'd long-lived shell would give a large one).
Method: field 22 of /proc/self/stat (start time in clock ticks after boot) against the
    seconds since boot in /proc/uptime.
Time: two small file reads.
Status: tests/test_process_age.py: a fresh process is seconds young, a child started later is
    younger than its parent, None when /proc cannot be opened; the start falls back past the
    bound and without /proc.
"""

import os
import time


def process_age():
    """Seconds since this process was created, or None where /proc cannot be read."""
    try:
        with open("/proc/self/stat") as f:
            ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        return uptime - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def process_start(fallback, bound):
    """perf_counter() value of this process's creation, never after ``fallback``; ``fallback``
    itself when the age is unknown or not under ``bound`` seconds."""
    age = process_age()
    now = time.perf_counter()
    if age is not None and 0.0 <= age < bound:
        return min(fallback, now - age)
    return fallback

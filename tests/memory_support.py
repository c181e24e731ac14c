"""Test support (not a test module): the most memory Python held while some work ran."""

import tracemalloc


def traced_peak(work):
    """The most ``work()`` held at once (tracemalloc), in bytes, and what it returned."""
    tracemalloc.start()
    try:
        done = work()
        return tracemalloc.get_traced_memory()[1], done
    finally:
        tracemalloc.stop()

"""kit.run.limit_warnings: the warnings of a passing run near its limits: a peak over the limit
only by the interpreter's own gets a note, one over half what the limit counts a warning that
says both (a case's time near its limit: tests/kit/run/test_limits.py)."""

from dataclasses import replace

from kit.run.limit_warnings import memory_warning
from kit.run.limits import limits_for


def test_a_peak_over_the_limit_that_the_limit_does_not_count_gets_a_note(toy_run):
    """PyPy's peak, its own footprint included, may be over the limit beside "ok": a note
    says what the limit counts; a peak within the limit says nothing."""
    problem, _, _, columns = toy_run
    column = columns[0]
    limits = replace(
        limits_for(problem, column.runner), memory_kib=64 * 1024, memory="own",
        baseline_kib=60 * 1024,
    )  # fmt: skip
    column.peak_kib = 70 * 1024
    note = memory_warning(column.peak_kib, column.runner, limits)
    assert note == (
        f"note: the peak 70.0 MiB under {column.runner.label} is over the 64 MiB limit with "
        "the interpreter's own 60.0 MiB, which the limit does not count: 10.0 MiB of its own"
    )
    column.peak_kib = 63 * 1024
    assert memory_warning(column.peak_kib, column.runner, limits) is None
    column.peak_kib = 100 * 1024  # 40 MiB of its own, over half: the warning says both
    warning = memory_warning(column.peak_kib, column.runner, limits)
    assert warning.startswith("warning: 40.0 MiB of its own (peak 100.0 MiB, ")
    assert warning.endswith(
        "over half the 64 MiB limit (the peak is over it only by the interpreter's own, which "
        "the limit does not count)"
    )

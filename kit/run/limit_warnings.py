"""The warnings a passing run gets near its limits, beside "ok" in the report:

- a case's time over half the time limit, said to be one a judge's machine may decide either
  way within ``MARGINAL`` of it (``time_warning``);
- a target's peak memory over half the memory limit as the limit counts it, or a note when
  the peak is over the limit only by the interpreter's own, which the limit does not count
  (``memory_warning``).
"""

from __future__ import annotations

from kit.judges.profiles import OWN
from kit.judges.targets import Runner
from kit.run.limits import MARGINAL, MAY_GO_EITHER_WAY, MIB, Limits


def time_warning(name: str, seconds: float, label: str, limits: Limits) -> str | None:
    """The warning for a passing case's time over half the limit, which says so when it is
    close enough to the limit for a judge's machine to give the other verdict."""
    if not limits.time_tight(seconds):
        return None
    head = f"warning: {name} takes {seconds:.3f} s under {label}, "
    if limits.time_marginal(seconds):
        return head + f"within {MARGINAL:.0%} of the {limits.time:g} s limit: {MAY_GO_EITHER_WAY}"
    return head + f"over half the {limits.time:g} s limit"


def memory_warning(peak_kib: int, runner: Runner, limits: Limits) -> str | None:
    """A warning when a passing target's memory (its peak under ``runner``), as the limit
    counts it, is over half of it; a note when its peak, the interpreter included, is over the
    limit but what the limit counts is not (the table shows the peak beside "ok")."""
    if not peak_kib:
        return None
    counted = limits.counted_kib(peak_kib)
    limit = limits.memory_kib / MIB
    if not limits.memory_tight(peak_kib):
        if not limits.over_by_footprint(peak_kib):
            return None
        return (
            f"note: the peak {peak_kib / MIB:.1f} MiB under {runner.label} is "
            f"over the {limit:g} MiB limit with the interpreter's own "
            f"{limits.baseline_kib / MIB:.1f} MiB, which the limit does not count: "
            f"{counted / MIB:.1f} MiB of its own"
        )
    if limits.memory == OWN:
        what = (
            f"{counted / MIB:.1f} MiB of its own (peak {peak_kib / MIB:.1f} MiB, "
            f"{runner.interpreter.label} alone {limits.baseline_kib / MIB:.1f} MiB)"
        )
    else:
        what = f"peak {peak_kib / MIB:.1f} MiB"
    said = f"warning: {what} under {runner.label}, over half the {limit:g} MiB limit"
    if limits.over_by_footprint(peak_kib):
        said += (
            " (the peak is over it only by the interpreter's own, which the limit does not count)"
        )
    return said

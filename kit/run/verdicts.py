"""Verdicts as judges give them: one per run, the same words in ``build``, ``run`` and ``stress``.

=====  ===================  ==========================================================
word   the judge's name     when
=====  ===================  ==========================================================
ok     accepted             ran within every limit and the comparator accepts
WA     wrong answer         the comparator rejects (a testlib checker's exit 1, 7, 8)
PE     presentation error   ``lines`` mode: the tokens agree, the lines do not; a
                            testlib checker's exit 2 or 4
TLE    time limit           killed at ``kill-factor`` x the limit (wall time, so a
                            program that sleeps is stopped too), or a median over it
MLE    memory limit         peak resident memory of the whole process over the limit
                            (killed as soon as it is seen over)
OLE    output limit         more than the output limit written to stdout (killed)
RE     runtime error        a non-zero exit status or a signal
JE     judge error          the checker or the interactor failed: not the solution's
                            fault, but nothing is accepted on it
=====  ===================  ==========================================================

A message starts with the judge's name of its verdict (``"time limit: killed at 3 s ..."``),
so one line reads the same in every report. ``process_verdict`` judges what a process did
before its output is compared, in the order a judge stops a run: output, memory, time, then
the exit status.

API::

    Limits(time, timeout, memory_kib, output_bytes, memory_note="", baseline_kib=0)
    process_verdict(run: Run, limits: Limits) -> tuple[str, str] | None
    NAMES[word] -> the judge's name; count_line(words) -> "2 WA, 1 TLE"
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from kit.judges.compare import Judgement, crash_line, signal_name
from kit.run.process import MEMORY, Run

OK, WA, PE, TLE, MLE, OLE, RE, JE = "ok", "WA", "PE", "TLE", "MLE", "OLE", "RE", "JE"
NAMES = {
    OK: "accepted",
    WA: "wrong answer",
    PE: "presentation error",
    TLE: "time limit",
    MLE: "memory limit",
    OLE: "output limit",
    RE: "runtime error",
    JE: "judge error",
}
ORDER = (WA, PE, TLE, MLE, OLE, RE, JE)  # in counts
MIB = 1024


@dataclass(frozen=True)
class Limits:
    time: float  # seconds, the problem's limit
    timeout: float  # seconds of wall time before the kill
    memory_kib: int  # the peak allowed, the interpreter included
    output_bytes: int
    memory_note: str = ""  # how memory_kib was set, when not simply the problem's limit
    baseline_kib: int = 0  # the interpreter's own footprint (an empty script's peak)


def message(word: str, text: str) -> str:
    """``text`` told as the verdict: ``"time limit: killed at ..."`` (a text that already
    starts with the verdict's name, as an interactor's "wrong answer: ...", is left alone)."""
    name = NAMES[word]
    return text if text.lower().startswith(name) else f"{name}: {text}"


def process_verdict(run: Run, limits: Limits) -> tuple[str, str] | None:
    """The verdict on what the process did, or None when it ended cleanly within the limits
    (its output is then for the comparator)."""
    if run.output_over:
        size = limits.output_bytes / (1 << 20)
        return OLE, message(OLE, f"more than {size:g} MiB written to stdout (stopped there)")
    if run.killed == MEMORY or run.peak_kib > limits.memory_kib:
        peak, limit = run.peak_kib / MIB, limits.memory_kib / MIB
        killed = " (killed)" if run.killed == MEMORY else ""
        text = f"peak {peak:.1f} MiB over {limit:g} MiB{killed}"
        return MLE, message(MLE, text + (f"; {limits.memory_note}" if limits.memory_note else ""))
    if run.timed_out:
        factor = limits.timeout / limits.time
        text = f"killed at {limits.timeout:g} s ({factor:g}x the {limits.time:g} s limit)"
        return TLE, message(TLE, text)
    if run.returncode < 0:
        return RE, message(RE, f"killed by signal {signal_name(-run.returncode)}")
    if run.returncode != 0:
        crash = crash_line(run.stderr)
        text = f"exit status {run.returncode}" + (f": {crash}" if crash else "")
        return RE, message(RE, text)
    return None


def count_line(words: Iterable[str]) -> str:
    """The failing verdicts counted, worst kinds in a fixed order: ``"2 WA, 1 TLE"``."""
    counts = Counter(word for word in words if word != OK)
    return ", ".join(f"{counts[word]} {word}" for word in ORDER if counts[word])


def comparison_word(judgement: Judgement) -> str:
    """The verdict a comparator's judgement gives."""
    if judgement.accepted:
        return OK
    if judgement.checker_failed:
        return JE
    return PE if judgement.presentation else WA

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
MLE    memory limit         over the memory limit as ``kit.run.limits`` counts it (the
                            whole process, or the solution's own above the interpreter)
OLE    output limit         more than the output limit written to stdout (killed)
RE     runtime error        a non-zero exit status or a signal
JE     judge error          the checker or the interactor failed: not the solution's
                            fault, but nothing is accepted on it
=====  ===================  ==========================================================

A batch run that ended cleanly within every limit with no answer to compare (a lone sample
``NAME.in``; ``run`` on a FILE without one, or on stdin) is ``ok`` to the build's pass count,
its message ``NO_ANSWER``; where its word is shown it is ``WITHOUT_ANSWER`` (``shown_word``:
the build's ``-v`` lines, ``run``'s line; the build's ``1 without answer``), never ``ok``: the
judge's acceptance is not known without an answer.

A message starts with the judge's name of its verdict (``"time limit: killed at 3 s ..."``),
so one line reads the same in every report. ``process_verdict`` judges what a process did
before its output is compared, in the order a judge stops a run: output, memory, time (each by
the one rule of ``kit.run.limits``), then the exit status: a run that failed after its time
limit is a time-out, as every judge judges the time first (``exceeded``'s ``crashed``), and so
is a run whose output went over the output limit after its time limit (``output_within``).

API::

    Verdict: OK, WA, PE, TLE, MLE, OLE, RE, JE (a StrEnum: each equals its word)
    process_verdict(run: Run, limits: Limits, median=None) -> tuple[str, str] | None
        # median: (seconds, runs), a failure's time said as the median of its case's runs
    limit_verdict(kind, text) -> (word, message)   # a limit of kit.run.limits as a verdict
    NAMES[word] -> the judge's name; count_line(words) -> "2 WA, 1 TLE"
"""

from __future__ import annotations

import signal
from collections import Counter
from collections.abc import Iterable
from enum import StrEnum

from kit.judges.comparator import Judgement
from kit.judges.judge_messages import crash_line
from kit.judges.profiles import CPU
from kit.processes import signal_name
from kit.run.judged import KEPT_WHOLE, status_kept_whole
from kit.run.limits import Limits, exceeded
from kit.run.process import MEMORY, OUTPUT, PARENT, TIME, Run


class Verdict(StrEnum):
    """A run's verdict: its word in reports (the enum's value, so it compares equal to the
    word) and the judge's name for it (``judge_name``)."""

    OK = "ok"
    WA = "WA"
    PE = "PE"
    TLE = "TLE"
    MLE = "MLE"
    OLE = "OLE"
    RE = "RE"
    JE = "JE"

    @property
    def judge_name(self) -> str:
        return _JUDGE_NAMES[self]


_JUDGE_NAMES = {
    "ok": "accepted",
    "WA": "wrong answer",
    "PE": "presentation error",
    "TLE": "time limit",
    "MLE": "memory limit",
    "OLE": "output limit",
    "RE": "runtime error",
    "JE": "judge error",
}
OK, WA, PE, TLE, MLE, OLE, RE, JE = Verdict
# The Kattis problem package format's words for an accepted run and a crash (its others are
# the kit's WA and TLE): verify's columns and submissions.yaml's verdicts
KATTIS_AC, KATTIS_RTE = "AC", "RTE"
KATTIS_WORDS = (KATTIS_AC, str(WA), str(TLE), KATTIS_RTE)
# Kattis' default grader's worst_error: the first of these a group's sub-results hold decides
# (legacy spec, "Default grader specification": JE, IF, RTE, MLE, TLE, OLE, WA; then PE, as
# problemtools' support/default_grader orders them)
KATTIS_WORST_FIRST = (JE, RE, MLE, TLE, OLE, WA, PE)
# a Kattis grader's words (legacy spec, "Graders"; problemtools, judge/grade.py): the kit's
# verdict given as each, and each read back (a memory failure is a run-time error to Kattis)
KATTIS_GRADER_WORDS = {OK: KATTIS_AC, RE: KATTIS_RTE, MLE: KATTIS_RTE}
KATTIS_GRADER_WORDS |= {verdict: str(verdict) for verdict in (WA, TLE, OLE, JE)}
KATTIS_GRADER_VERDICTS = {word: verdict for verdict, word in KATTIS_GRADER_WORDS.items()}
KATTIS_GRADER_VERDICTS |= {KATTIS_RTE: RE, str(MLE): MLE}
NAMES = {verdict: verdict.judge_name for verdict in Verdict}
WITHOUT_ANSWER = "without answer"  # the word of an ok run with nothing to judge it by
NO_ANSWER = "ran, no answer to compare"  # its message, that of a passing batch case without one
ORDER = (WA, PE, TLE, MLE, OLE, RE, JE)  # in counts


def shown_word(word: str, said: str) -> str:
    """A run's word as shown: ``WITHOUT_ANSWER`` for an ok run with no answer to judge it by
    (its message ``NO_ANSWER``), else ``word``."""
    return WITHOUT_ANSWER if word == OK and said == NO_ANSWER else word


MIB = 1024


def message(word: str, text: str) -> str:
    """``text`` told as the verdict: ``"time limit: killed at ..."`` (a text that already
    starts with the verdict's name, as an interactor's "wrong answer: ...", is left alone)."""
    name = NAMES[word]
    return text if text.lower().startswith(name) else f"{name}: {text}"


KILLED_PARENT = "it killed its parent, the kit's run launcher (a judge's sandbox would not let it)"


def process_verdict(
    run: Run, limits: Limits, median: tuple[float, int] | None = None
) -> tuple[str, str] | None:
    """The verdict on what the process did, or None when it ended cleanly within the limits
    (its output is then for the comparator). ``median``: the seconds and count of the runs
    whose median time a message gives instead of this run's (``kit.run.case_judge``'s
    ``crashes``)."""
    if run.killed == PARENT:
        return RE, message(RE, KILLED_PARENT)
    # a judge holding CPU time to RLIMIT_CPU sees this kill as its time limit (problemtools'
    # judge/execute.py: SIGXCPU is a time limit, checked before a crash)
    xcpu = run.returncode == -signal.SIGXCPU and limits.clock == CPU
    broken = exceeded(
        limits,
        output_over=run.output_over,
        killed=run.killed,
        peak_kib=run.peak_kib,
        processes=run.processes,
        written=(run.stdout_bytes, run.stderr_bytes, run.files_bytes),
        seconds=limits.seconds(run) if median is None else median[0],
        moved=(run.seconds, run.waited),
        crashed="" if run.killed is not None or xcpu else _failure(run),
        output_within=limits.output_within(run),
        runs=1 if median is None else median[1],
        into=run.output_file or "stdout",
    )
    if broken is not None:
        return limit_verdict(*broken)
    if xcpu:
        return TLE, message(TLE, "killed by signal SIGXCPU (its CPU time limit)")
    failure = _failure(run)
    return (RE, message(RE, failure)) if failure else None


def _failure(run: Run) -> str:
    """How a run failed by itself: ``killed by signal SIGSEGV``, ``exit status 1: ...``; ""
    for a clean exit."""
    if run.returncode < 0:
        return f"killed by signal {signal_name(-run.returncode)}"
    return _exit_text(run) if run.returncode != 0 else ""


def _exit_text(run: Run) -> str:
    """A non-zero exit told as the judge sees it: its status (a Windows judge's whole one
    where the run ended with 1 for it) and the exception's line."""
    whole = status_kept_whole(run.stderr) if run.returncode == 1 else None
    if whole is not None:
        return f"exit status {whole}{KEPT_WHOLE}"
    crash = crash_line(run.stderr)
    return f"exit status {run.returncode}" + (f": {crash}" if crash else "")


def limit_verdict(kind: str, text: str) -> tuple[str, str]:
    """A broken limit (``kit.run.limits.exceeded``) as a verdict and its message."""
    word = {OUTPUT: OLE, MEMORY: MLE, TIME: TLE}[kind]
    return word, message(word, text)


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

"""What the build prints: a progress line per problem as it completes, then one table.

Table columns: problem; kind; bundle size; cases passed (samples, then official judge data);
one column per target of any problem (its slowest case's median / max wall time over the
repeats and the peak memory over all its cases; ``*`` marks a target checked statically only,
its cases run by a stand-in); the problem's limits; the result (``ok``, ``FAIL`` or
``no solution``). With more targets over the problems than ``WIDE_TARGETS`` (problems of
several judges), a row per problem and target of its own instead, under ``target`` and one
timing column. A case without an answer file (a lone ``NAME.in``) that passed only ran: the
progress line says ``2/2 cases, 1 without answer``, the table ``2/2 (1 without answer)``, a note
names those cases and ``-v``'s line gives ``without answer`` for its word, never ``ok`` (``ran,
no answer to compare``). Notes (skipped data, warnings, stand-ins, samples with CRLF line ends,
inputs without a final newline, or a byte order mark, an ``in/a.out`` read as an input) follow
the table. With ``-v`` a verdict line per case and target; with ``--diff`` each failing case's
input, expected and got (and its stderr unless it crashed), with what a terminal would hide
made visible (``shown``).
Colours only when asked (``kit.terminal.use_colour``).

A game timed per move (an interactive problem with ``game_timeout``: its interactor times each
move) is not reported by its whole time: its interactor's accepting message, kept per case and
target (``Verdict.said``, shown under ``-v``), says ``in N moves`` and ``longest think T s``,
and the progress line and the table give, per target, the moves over its accepted games and
the longest think instead (``games_summary``; a game whose message says neither adds nothing).
"""

from __future__ import annotations

import os
import re
import time

from kit.building.results import Result, Status
from kit.judges.judge_messages import crash_line
from kit.judges.profiles import PROFILES, STRICTEST
from kit.problem_cases import (
    byte_order_note,
    empty_files_note,
    encoding_note,
    final_newline_note,
    line_end_note,
    named_as_answers_notes,
    stray_files_note,
)
from kit.registry import NO_PROFILE
from kit.run.cases import Column
from kit.run.limits import MIB
from kit.run.schedule import Schedule
from kit.run.tracebacks import kept_text
from kit.run.verdicts import NO_ANSWER, OK, RE, WITHOUT_ANSWER, shown_word
from kit.terminal import paint
from kit.visible import text_of, visible

INTERACTIVE = "interactive: no interactor to play"
DIFF_CHARS = 2000  # of each of input, expected and got, per failing case


def progress(index: int, total: int, result: Result, colour: bool = False) -> list[str]:
    """The progress line of a finished problem, then its errors (one line each, plus details)."""
    problem = result.problem
    status = paint(f"{result.status:<12}", "good" if result.status == Status.OK else "bad", colour)
    head = f"[{index}/{total}] {problem.slug:<18} {status}"
    if result.status == Status.NO_SOLUTION:
        summary = no_solution(problem)
    elif result.bundle_bytes is None:
        summary = "not built"
    else:
        summary = f"bundle {_size(result.bundle_bytes)}"
        if result.unreachable_bytes:
            cut = result.unreachable_bytes
            shown = f"{cut} bytes" if cut < 103 else _size(cut)  # not "0.0 KiB"
            summary += f" ({shown} of unreached helper code cut)"
        if result.ran is not None and not problem.unplayed:
            summary += f"; {result.passed}/{result.total} cases"
            if result.ran.counts:
                summary += f" ({result.ran.counts})"
            summary += _without_answer(result, ", ")
            if per_move(result):
                summary += games_line(result)
            else:
                times = ", ".join(
                    f"{column.target.label} {column.slowest.max:.3f} s"
                    for column in result.columns
                    if column.slowest.seconds
                )
                summary += f"; slowest {times}" if times else ""
        elif problem.kind != "batch":
            summary += f"; {INTERACTIVE}"
    return [(head + summary).rstrip(), *result.errors]


def no_solution(problem) -> str:
    """What a build says of a problem without its solution: the file it lacks, from the
    workspace's root as the sources are named (the progress line's and the watch's)."""
    return f"{problem.rel(problem.solution)} does not exist yet"


WATCH_ERRORS = 5  # error lines shown under a watch status line


def watch_errors(result: Result) -> list[str]:
    """The first ``WATCH_ERRORS`` lines of a build's errors, never a heading of details (``last
    lines exchanged (...):``) without its lines, and a line saying what was left out."""
    errors = result.errors
    if len(errors) <= WATCH_ERRORS:
        return errors
    shown = errors[:WATCH_ERRORS]
    while len(shown) > 1 and shown[-1].startswith(" ") and shown[-1].endswith(":"):
        shown.pop()  # a heading whose lines are left out
    left = errors[len(shown) :]
    more = sum(not line.startswith(" ") for line in left)  # an error starts unindented
    lines = f"{len(left)} more line{'s' * (len(left) > 1)}"
    errors_left = f", {more} more error{'s' * (more > 1)}" if more else ""
    return [*shown, f"[{lines}{errors_left}: the build without --watch shows them all]"]


def watch_line(result: Result, seconds: float) -> str:
    """``12:03:04 megacheckers ok, 1/1 cases, 3.8 0.018 s, pypy3 0.029 s (built in 0.41 s)``;
    ``12:03:05 cf1_a no solution: solutions/cf1_a.py does not exist yet (built in 0.00 s)``."""
    problem = result.problem
    parts = [f"{time.strftime('%H:%M:%S')} {problem.slug} {result.status}"]
    if result.status == Status.NO_SOLUTION:  # a save that removed it for a moment
        parts[0] += f": {no_solution(problem)}"
    if result.ran is not None and not problem.unplayed:
        cases = f"{result.passed}/{result.total} cases"
        parts.append(cases + (f" ({result.ran.counts})" if result.ran.counts else ""))
        parts[-1] += _without_answer(result, ", ")
        if per_move(result):
            parts.append(games_line(result).lstrip("; "))
        else:
            parts += [
                f"{column.target.label} {column.slowest.max:.3f} s"
                for column in result.columns
                if column.slowest.seconds
            ]
    return ", ".join(parts) + f" (built in {seconds:.2f} s)"


def labels(results: list[Result]) -> list[str]:
    """The target columns of the table: every target any problem ran (or would have run),
    in order of appearance."""
    seen: list[str] = []
    for result in results:
        ran = [column.target for column in result.columns]
        for target in ran or result.problem.targets:
            if target.label not in seen:
                seen.append(target.label)
    return seen


WIDE_TARGETS = 2  # target columns side by side at most; more, a row per problem and target


def table(results: list[Result]) -> str:
    """A row per problem with a column per target; with more targets than ``WIDE_TARGETS``
    over the problems (a workspace of several judges: 187 characters for five problems on
    five), a row per problem and target instead, its own targets only."""
    columns = labels(results)
    wide = len(columns) <= WIDE_TARGETS
    header = ["problem", "kind", "bundle", "cases"]
    header += (
        [f"{label} med/max, peak" for label in columns] if wide else ["target", "med/max, peak"]
    )
    rows: list[list] = [header + ["limits", "result"]]
    digits = _peak_digits(results)
    for result in results:
        problem = result.problem
        row = [problem.slug, problem.kind, _size(result.bundle_bytes)]
        per = "/move" if per_move(result) else ""
        after = [f"{problem.time_limit:g} s{per}, {problem.memory_limit} MiB", result.status]
        if problem.unplayed and result.bundle_bytes is not None:
            rows.append(row + [(INTERACTIVE, 1 + (len(columns) if wide else 2))] + after)
            continue
        cases = f"{result.passed}/{result.total}" if result.total else "-"
        row.append(cases + _without_answer(result, " (", ")"))
        by_label = {column.target.label: column for column in result.columns}
        if wide:
            cells = [_target_cell(result, by_label.get(label), digits) for label in columns]
            rows.append(row + cells + after)
            continue
        for number, label in enumerate(labels([result])):
            cells = [label, _target_cell(result, by_label.get(label), digits)]
            rows.append(row + cells + after if number == 0 else [""] * 4 + cells)
    return _layout(rows)


def _target_cell(result: Result, column: Column | None, digits: int) -> str:
    """A target's cell: its slowest case's median and maximum time (or its games' moves and
    longest think) and its peak (``digits`` wide); ``*`` for a target checked statically;
    ``-`` for none."""
    if column is None or not (column.slowest.seconds or column.peak_kib):
        return "-" if column is None or not column.static_only else "*"
    timing = column.slowest
    peak = _peak(column.peak_kib, digits) + ("*" if column.static_only else "")
    if not timing.seconds:  # every case failed: no time to give, its peak counts
        return f"- {peak}"
    if per_move(result):
        return f"{games_cell(result, column.target.label)} {peak}"
    return f"{timing.median:.3f}/{timing.max:.3f} s {peak}"


def _peak(kib: int, digits: int = 4) -> str:
    """A column's peak memory, right-aligned after a space of its own to ``digits`` (the
    table's widest peak: 100 MiB or more took the gap before it, ``s 272.9 MiB``); none
    measured (its only timed runs were killed) is a dash."""
    if not kib:
        return "-".center(digits + 5)
    return f"{kib / MIB:{digits + 1}.1f} MiB"


def _peak_digits(results: list[Result]) -> int:
    """The width of the table's widest peak in MiB (``10.0``: 4; ``1234.5``: 6), 4 at least."""
    peaks = [column.peak_kib for result in results for column in result.columns]
    return max([4] + [len(f"{kib / MIB:.1f}") for kib in peaks if kib])


# Games timed per move: moves and longest think from the interactor's accepting messages.
_MOVES = re.compile(r"\bin (\d+) moves\b")
_THINK = re.compile(r"\blongest think (\d+(?:\.\d+)?) s\b")


def per_move(result: Result) -> bool:
    """A problem whose games are timed per move by its interactor (``game_timeout``)."""
    problem = result.problem
    return problem.kind != "batch" and bool(problem.interactor) and bool(problem.game_timeout)


def games_summary(result: Result, label: str) -> tuple[int, float | None]:
    """The moves over the games target ``label`` played and accepted, and the longest think
    their interactor reported (None when it reported none)."""
    moves, think = 0, None
    for verdict in result.ran.verdicts if result.ran is not None else ():
        if verdict.label != label or verdict.word != OK:
            continue
        found = _MOVES.search(verdict.said)
        moves += int(found[1]) if found else 0
        found = _THINK.search(verdict.said)
        if found:
            think = max(think or 0.0, float(found[1]))
    return moves, think


def games_cell(result: Result, label: str) -> str:
    """``49 moves, think 0.865 s``: a target's games in the table."""
    moves, think = games_summary(result, label)
    return f"{moves} moves, think {think:.3f} s" if think is not None else f"{moves} moves"


def games_line(result: Result) -> str:
    """``; longest think 3.8 0.853 s (49 moves), pypy3 0.865 s (47 moves)``."""
    parts = []
    for column in result.columns:
        moves, think = games_summary(result, column.target.label)
        if think is not None:
            parts.append(f"{column.target.label} {think:.3f} s ({moves} moves)")
    return f"; longest think {', '.join(parts)}" if parts else ""


def notes(results: list[Result]) -> list[str]:
    lines = _stand_in_notes(results)
    lines += _unprofiled_judges(results)
    lines += _how_timed(results)
    for result in results:
        own = []
        own.append(line_end_note(result.problem))  # a game's say what its interactor reads
        own.append(final_newline_note(result.problem))
        own.append(byte_order_note(result.problem))
        own.append(empty_files_note(result.problem, result.reads_stdin))
        own.append(encoding_note(result.problem))
        own.append(stray_files_note(result.problem))
        said, named = named_as_answers_notes(result.problem)
        own += said
        unanswered = [case for case in unanswered_cases(result) if case not in named]
        if unanswered:
            own.append(
                f"note: no answer to compare for {', '.join(unanswered)} (no answer file: "
                "NAME.out or NAME.ans, or its file in out/, test_out/ or output/): ran and ended "
                "cleanly within the limits, output not checked"
            )
        lines += [f"{result.problem.slug}: {note}" for note in own + result.notes if note]
    return lines


def _stand_in_notes(results: list[Result]) -> list[str]:
    """What ``*`` means, a note per interpreter that stood in (a target whose problem ran no
    case counted only where no other problem's cases ran under a stand-in: two notes, one
    "checked statically" and one "ran under PyPy 3.9", named the same target), and a note per
    target decided statically because the interpreter here could not run the bundle."""
    lines = []
    stand_ins: dict[str, list[str]] = {}  # the interpreter that ran them ("": none) -> targets
    newer: set[tuple[str, str]] = set()  # (stand-in, a target older than it that it ran)
    for result in results:
        for column in result.columns:
            stand_in = column.runner.interpreter.label
            if column.static_only and column.runner.interpreter.version > column.target.syntax:
                newer.add((stand_in, column.target.name))
            if column.unrun and result.ran is not None:  # a failed check says it otherwise
                lines.append(
                    f"note: {result.problem.slug}: {column.target.name} decided statically: "
                    f"{stand_in} here is older and cannot run the bundle, which "
                    f"{column.target.name}'s syntax and APIs accept (for {stand_in}: "
                    f"{column.unrun}), so no case ran there"
                )
            elif column.static_only:
                if column.passed_over is not None and result.ran is not None:
                    older, why = column.passed_over
                    lines.append(
                        f"note: {result.problem.slug}: {column.target.name}'s cases ran under "
                        f"{stand_in}: {older} here is older and cannot run the bundle, which "
                        f"{column.target.name}'s syntax and APIs accept (for {older}: {why})"
                    )
                names = stand_ins.setdefault(stand_in if result.ran else "", [])
                if column.target.name not in names:
                    names.append(column.target.name)
    ran = {name for runner, names in stand_ins.items() if runner for name in names}
    stand_ins[""] = [name for name in stand_ins.get("", []) if name not in ran]
    for runner, names in stand_ins.items():
        if names:
            lines.append(
                f"note: * {', '.join(names)}: no interpreter of that version here; syntax and "
                f"APIs were checked statically{_stood_in(runner, names, newer)}"
            )
    return lines


def _stood_in(runner: str, names: list[str], newer: set[tuple[str, str]]) -> str:
    """What the stand-in note adds of ``runner`` ("": none ran the cases), each clause naming
    the targets it holds for when it does not hold for all of ``names``."""
    if not runner:
        return ""
    under = f", and the cases ran under {runner}"
    pypys = [name for name in names if name.startswith("pypy")]
    if runner.startswith("CPython") and pypys:  # no PyPy here: the time and memory not PyPy's
        whose = "their TLE and MLE" if pypys == names else f"the TLE and MLE of {', '.join(pypys)}"
        under += (
            ", whose time and memory are not PyPy's (PyPy alone holds about 50 MiB): "
            f"{whose}, or their passing, are not the judge's"
        )
    older = [name for name in names if (runner, name) in newer]
    if older:  # what only a run shows: dict | dict before 3.9, say
        than, target = ("", "the target") if older == names else (f" than {', '.join(older)}", "it")
        under += f"; {runner} is newer{than}: code that runs there and not on {target} is missed"
    return under


def _how_timed(results: list[Result]) -> list[str]:
    """One note saying how the times were taken, when runs went side by side or were
    repeated alone (``kit.run.schedule``)."""
    schedules = [r.ran.schedule for r in results if r.ran is not None and r.ran.schedule]
    if not schedules:
        return []
    combined = Schedule(
        max(s.parallel for s in schedules),
        retimed_near_limit=sum(s.retimed_near_limit for s in schedules),
        runs=max(s.runs for s in schedules),
        retimed_slowest=sum(s.retimed_slowest for s in schedules),
    )
    if combined.parallel <= 1 and not combined.retimed_near_limit:
        return []
    return [f"note: {combined.describe()}"]


def unanswered_cases(result: Result) -> list[str]:
    """The cases that passed with no answer to compare (a lone ``NAME.in``): they ran, ended
    cleanly within the limits, and nothing checked what they printed."""
    if result.ran is None:
        return []
    failed = set().union(*(column.failed for column in result.ran.columns))
    found = (v.case for v in result.ran.verdicts if v.said == NO_ANSWER and v.case not in failed)
    return list(dict.fromkeys(found))


def _without_answer(result: Result, before: str, after: str = "") -> str:
    count = len(unanswered_cases(result))
    return f"{before}{count} {WITHOUT_ANSWER}{after}" if count else ""


def _unprofiled_judges(results: list[Result]) -> list[str]:
    """One note naming the judges without a profile whose problems took the strictest
    targets (their own ``targets`` aside)."""
    slugs: dict[str, list[str]] = {}
    for result in results:
        problem = result.problem
        if problem.targets_from == NO_PROFILE:
            slugs.setdefault(problem.judge, []).append(problem.slug)
    if not slugs:
        return []
    judges = "; ".join(f"{judge!r} ({', '.join(names)})" for judge, names in slugs.items())
    return [
        f"note: no judge profile for {judges}: the strictest targets were assumed "
        f"({', '.join(STRICTEST)}); profiles: {', '.join(PROFILES)}"
    ]


def verdicts(result: Result, colour: bool = False) -> list[str]:
    """``-v``: one line per case and target, with what an accepting checker said; a case
    that passed with no answer to compare says ``without answer``, never ``ok``; a time
    taken side by side with another run (slower than alone, so no figure) says so."""
    if result.ran is None:
        return []
    lines = []
    for verdict in result.ran.verdicts:
        shown = shown_word(verdict.word, verdict.said)  # ran well, right not known: no ok
        kind = "warning" if shown == WITHOUT_ANSWER else "bad"
        word = paint(f"{shown:<4}", "good" if shown == OK else kind, colour)
        line = f"    {word} {verdict.case}  {verdict.label}  {verdict.seconds:.3f} s"
        if not verdict.alone:
            line += " beside another run"  # the table's figures were taken alone
        lines.append(f"{line}  ({verdict.said})" if verdict.said else line)
    return lines


def diffs(result: Result) -> list[str]:
    """``--diff``: each failing case's input, expected and got, cut at ``DIFF_CHARS``, each
    line indented and ``shown`` as the message quotes it (``kit.visible``: a carriage return
    as ``\\r``, a tab as ``\\t``, a NUL as ``\\x00``, a byte that is not UTF-8 as ``\\xff``,
    a backslash as ``\\\\``); a text that does not end with a newline is followed by ``(no
    newline at end)``, an empty one is ``(empty)``, and a case with no answer file says
    ``expected: (no answer file)``; what the solution wrote on stderr follows, unless it
    crashed or holds a traceback (an output limit's: told with the failure, its places in the
    sources' terms, not the bundle's)."""
    if result.ran is None:
        return []
    lines = []
    for failure in result.ran.failures:
        lines.append(f"--- {failure.case} ({', '.join(failure.labels)}): {failure.message}")
        texts = [
            None if data is None else text_of(data)
            for data in (failure.input.read_bytes() if failure.input else None, failure.expected,
                         failure.got)
        ]  # fmt: skip
        starts = dict(zip(("expected", "got"), _difference_starts(texts[1], texts[2])))
        for title, text in zip(("input", "expected", "got"), texts):
            if text is None:
                if title == "expected" and result.problem.kind == "batch":
                    lines.append("expected: (no answer file)")
                continue
            kept = title == "got" and failure.got_cut  # a head: the run wrote far more
            lines += _excerpt(title, text, starts.get(title, 0), kept)
        told = failure.word == RE or crash_line(failure.stderr) is not None
        if failure.stderr.strip() and not told:  # a crash's is told above it, in the sources'
            lines += _excerpt("stderr", kept_text(failure.stderr), 0)  # terms
    return lines


def _difference_starts(expected: str | None, got: str | None) -> tuple[int, int]:
    """Where the excerpts of a long expected output and what was got start, each in its own
    text: a couple of lines before their first difference when it lies past the first half
    of ``DIFF_CHARS``, else 0. The difference is the first line that differs as lines are
    compared, trailing spaces and a carriage return aside (a CRLF answer's first ``\\r`` is
    no difference, and line 701's ``-1`` lies later in the one text than in the other); in a
    long line, a little before the column where it differs."""
    if expected is None or got is None:
        return 0, 0
    ours, theirs = expected.split("\n"), got.split("\n")
    both = min(len(ours), len(theirs))
    line = next((n for n in range(both) if ours[n].rstrip() != theirs[n].rstrip()), both)
    column = len(os.path.commonprefix([ours[line], theirs[line]])) if line < both else 0
    return _start_in(ours, line, column), _start_in(theirs, line, column)


def _start_in(lines: list[str], line: int, column: int) -> int:
    """The offset, in the text of ``lines``, two lines before ``line`` (or a little before
    ``column`` of a long one), when that lies past the first half of ``DIFF_CHARS``; else 0."""
    at = sum(len(text) + 1 for text in lines[:line])  # where the differing line starts
    if at + column < DIFF_CHARS // 2:
        return 0
    start = sum(len(text) + 1 for text in lines[: max(line - 2, 0)])
    return max(start, at + column - DIFF_CHARS // 4)


def _excerpt(title: str, text: str, start: int, kept: bool = False) -> list[str]:
    """One text of ``--diff``: ``DIFF_CHARS`` of it from ``start``, and where it was cut;
    ``kept``: ``text`` is only the head of what was written (a run over the output limit)."""
    end = min(len(text), start + DIFF_CHARS)
    whole = f"the first {len(text)} characters kept" if kept else f"{len(text)}"
    if start:
        head = f"{title}: (characters {start + 1}-{end} of {whole})"
    elif end < len(text):
        head = f"{title}: (first {DIFF_CHARS} of {whole}{'' if kept else ' characters'})"
    else:
        head = f"{title}: ({whole})" if kept else f"{title}:"
    lines = [head, *("    " + line for line in shown_lines(text[start:end]))]
    if not text:
        lines.append("    (empty)")
    elif end == len(text) and not text.endswith("\n"):
        lines.append("    (no newline at end)")
    return lines


def shown_lines(text: str) -> list[str]:
    """``text`` split at each newline only (never at a lone carriage return, as
    ``str.splitlines`` does), control characters made visible (``kit.visible``)."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [visible(line) for line in lines]


def _layout(rows: list[list]) -> str:
    """Columns padded to their width; a cell given as ``(text, span)`` covers ``span`` columns
    (and does not widen them)."""
    widths = [0] * len(rows[0])
    for row in rows:
        for column, cell in enumerate(_cells(row)):
            if isinstance(cell, str):
                widths[column] = max(widths[column], len(cell))
    for row in rows:
        column = 0
        for cell in row:
            text, span = (cell, 1) if isinstance(cell, str) else cell
            room = sum(widths[column : column + span]) + 2 * (span - 1)
            widths[column + span - 1] += max(0, len(text) - room)
            column += span
    lines = []
    for number, row in enumerate(rows):
        parts, column = [], 0
        for cell in row:
            text, span = (cell, 1) if isinstance(cell, str) else cell
            width = sum(widths[column : column + span]) + 2 * (span - 1)
            parts.append(text.ljust(width))
            column += span
        lines.append("  ".join(parts).rstrip())
        if number == 0:
            lines.append("-" * len(lines[0]))
    return "\n".join(lines)


def _cells(row: list) -> list:
    """One entry per column: the cell, or None for columns covered by a spanning cell."""
    cells: list = []
    for cell in row:
        cells.append(cell)
        if not isinstance(cell, str):
            cells.extend([None] * (cell[1] - 1))
    return cells


def _size(size: int | None) -> str:
    if size is None:
        return "-"
    return f"{size / 1024:.1f} KiB"

"""What the build prints: a progress line per problem as it completes, then one table.

Table columns: problem; kind; bundle size; cases passed (samples, then official judge data);
for each interpreter, the slowest case's median / max wall time over the repeats and the peak
memory over all its cases; the problem's limits; the result (``ok``, ``FAIL`` or
``no solution``). Notes (skipped data, warnings) follow the table.
"""

from __future__ import annotations

from kit.pipeline import MIB, Result

INTERACTIVE = "interactive: see `python build.py match`"


def progress(index: int, total: int, result: Result) -> list[str]:
    """The progress line of a finished problem, then its errors (one line each, plus details)."""
    problem = result.problem
    head = f"[{index}/{total}] {problem.slug:<18} {result.status:<12}"
    if result.status == "no solution":
        summary = f"{problem.rel(problem.solution)} does not exist yet"
    elif result.bundle_bytes is None:
        summary = "not built"
    elif problem.kind != "batch":
        summary = f"bundle {_size(result.bundle_bytes)}; {INTERACTIVE}"
    else:
        times = ", ".join(f"{label} {timing.max:.3f} s" for label, timing in result.slowest.items())
        summary = f"bundle {_size(result.bundle_bytes)}; {result.passed}/{result.total} cases"
        summary += f"; slowest {times}" if times else ""
    return [(head + summary).rstrip(), *result.errors]


def table(results: list[Result], labels: list[str]) -> str:
    header = ["problem", "kind", "bundle", "cases"]
    header += [f"{label} med/max, peak" for label in labels]
    header += ["limits", "result"]
    rows: list[list] = [header]
    for result in results:
        problem = result.problem
        row = [problem.slug, problem.kind, _size(result.bundle_bytes)]
        if problem.kind != "batch" and result.bundle_bytes is not None:
            row.append((INTERACTIVE, 1 + len(labels)))
        else:
            row.append(f"{result.passed}/{result.total}" if result.total else "-")
            for label in labels:
                timing = result.slowest.get(label)
                if timing is None or not timing.seconds:
                    row.append("-")
                else:
                    peak = result.peaks.get(label, timing.peak_kib) / MIB
                    row.append(f"{timing.median:.3f}/{timing.max:.3f} s {peak:5.1f} MiB")
        row.append(f"{problem.time_limit:g} s, {problem.memory_limit} MiB")
        row.append(result.status)
        rows.append(row)
    return _layout(rows)


def notes(results: list[Result], extra: list[str]) -> list[str]:
    lines = [f"note: {note}" for note in extra]
    for result in results:
        lines += [f"{result.problem.slug}: {note}" for note in result.notes]
    return lines


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

"""A failing run's stderr told in the author's terms (``explain``), as the build, ``run`` and
``bench`` show it.

A traceback's frames in the solution's part of the bundle are mapped back to
``solutions/<slug>.py`` (the bundle's other lines to the bundle, ``dist/<slug>.py``); the
helpers keep their own file names, under which the bundle compiles them, and their frames get
the line of code that Python, run from an empty folder, cannot show. The frames of the
bundle's loader and of the import system calling it become one line. Of a long stderr, a
traceback keeps its last ``TRACEBACK_FRAMES`` frames whole, the solution's own deepest frame
before them and its exception; other text its last ``STDERR_LINES`` lines; what is left out
is counted in its place, the lines of a stderr not kept (``kit.processes.Kept``) where the
launcher left them out, in its line's place (``kit.processes.launcher_cut``). Control
characters are shown, not sent to the terminal, and a byte that is not UTF-8 as ``\\xff``
(``kit.visible``), its backslashes left as Python wrote them.
The hints for usual mistakes follow (``kit.run.failure_hints``). ``without_markers`` is a
traceback less the position markers (``~~~^^``) CPython 3.11+ prints and PyPy does not, so
that one crash under both reads as one; ``crash_site`` where a traceback ends, ``KeyError at
shared/x.py, line 25``, so that one crash on inputs that give it other words reads as one.
``kept_text`` is a kept stderr whole, its lines not kept said as ``explain`` says them.
"""

from __future__ import annotations

import re
from pathlib import Path

from kit.bundle.assemble import Bundle
from kit.judges.judge_messages import counted
from kit.processes import Kept, launcher_cut
from kit.registry import Problem
from kit.run import compile_step
from kit.run.failure_hints import stderr_hints
from kit.visible import text_of, visible

STDERR_LINES = 6  # stderr that is not a traceback: its last lines
TRACEBACK_FRAMES = 3  # a traceback: its last frames whole, and the solution's own deepest


_FILE_LINE = re.compile(r'File "([^"]*)", line (\d+)')
_MARKERS = re.compile(r"\s*[~^]+\s*")  # a line of a frame's position markers, 3.11+


def without_markers(lines: list[str]) -> list[str]:
    """``lines`` less the lines of position markers under a frame's code (``~~~~^^``), which
    CPython 3.11+ prints and PyPy and older versions do not."""
    return [line for line in lines if not _MARKERS.fullmatch(line)]


_EXCEPTION = re.compile(r"([A-Za-z_][\w.]*)(?::|$)")  # a traceback's last line: its type


def crash_site(details: list[str]) -> str | None:
    """Where the traceback in a failure's ``details`` ends: its exception's type at its last
    frame's file and line (``KeyError at shared/x.py, line 25``); None without a traceback."""
    frames = [at for at, line in enumerate(details) if _FILE_LINE.match(line.lstrip())]
    if not frames:
        return None
    frame = _FILE_LINE.match(details[frames[-1]].lstrip())
    after = (line for line in details[frames[-1] + 1 :] if line and not line[0].isspace())
    exception = _EXCEPTION.match(next(after, ""))
    if exception is None:
        return None
    return f"{exception[1]} at {frame[1]}, line {frame[2]}"


def _with_helper_sources(root: Path, lines: list[str], helpers: set[str]) -> list[str]:
    """The frames of the bundle's ``helpers`` (workspace paths) given their line of code: the
    bundle compiles them under those paths, which the run's empty folder cannot show, so
    Python prints none."""
    shown: list[str] = []
    for at, line in enumerate(lines):
        shown.append(line)
        frame = _FILE_LINE.match(line, 2) if line.startswith("  File") else None
        if frame is None or frame[1] not in helpers:
            continue
        if at + 1 < len(lines) and lines[at + 1].startswith("    "):
            continue  # Python found it
        text = _source_line(root / frame[1], int(frame[2]))
        if text:
            shown.append("    " + text[:196])
    return shown


LOADER_FRAMES = "  (the bundle loading its helpers)"  # what the loader's frames become
IMPORT_SYSTEM = "<frozen importlib._bootstrap"  # the file of the import system's frames


def _is_script(path: str, script: str, helpers: set[str]) -> bool:
    """Whether a frame's file is the bundle itself, not a helper it compiled under the helper's
    own name (``shared/segtree.py`` in a bundle ``segtree.py``); after a judge's compile
    step the bundle runs as ``compile_step.MAIN``."""
    return Path(path).name in (script, compile_step.MAIN) and path not in helpers


def _without_loader(lines: list[str], script: str, first_line: int, helpers: set[str]) -> list[str]:
    """The traceback without the frames of the bundle's loader (its lines before
    ``first_line``, where the solution starts), which runs the helpers when they are imported,
    and of the import system calling it (a run from source shows neither): one line says so."""
    kept: list[str] = []
    skipping = False
    for line in lines:
        frame = _FILE_LINE.match(line, 2) if line.startswith("  File") else None
        if frame is not None:
            skipping = frame[1].startswith(IMPORT_SYSTEM) or (
                _is_script(frame[1], script, helpers) and int(frame[2]) < first_line
            )
            if skipping and (not kept or kept[-1] != LOADER_FRAMES):
                kept.append(LOADER_FRAMES)
        elif skipping and line.startswith("    "):
            continue
        else:
            skipping = False
        if not skipping:
            kept.append(line)
    return kept


def _frame_blocks(lines: list[str]) -> list[tuple[int, int]]:
    """Where each frame of a traceback starts and ends in ``lines``: its ``File`` line (or the
    loader's line standing for its frames) and the lines under it (its code, the carets of
    Python 3.11+, "[Previous line repeated ...]")."""
    blocks: list[tuple[int, int]] = []
    at = 0
    while at < len(lines):
        if not (lines[at].startswith('  File "') or lines[at] == LOADER_FRAMES):
            at += 1
            continue
        end = at + 1
        while end < len(lines) and (
            lines[end].startswith("    ") or lines[end].startswith("  [Previous line")
        ):
            end += 1
        blocks.append((at, end))
        at = end
    return blocks


def _tail(lines: list[str], solution: str, not_kept: int = 0) -> list[str]:
    """What is shown of a run's stderr: all of it when short; else, of a traceback, its last
    frames whole, the solution's own deepest frame before them (the line of the author's code
    that led there) and its exception; of other text, its last lines. What is left out is
    said in its place (``[... 3 lines not shown]``), frames with the files they are in. Of a
    recursion, the solution's deepest frame is the one that entered it, not another copy of
    the recursive frame. The stream's ``not_kept`` lines (``kit.processes.Kept``) are counted
    where the launcher left them out, its line standing for one of them
    (``kit.processes.launcher_cut``), with what is left out there; without it (all of them
    before the tail kept), with the lines left out before the first line shown."""
    short = len(lines) <= STDERR_LINES
    cut = next((at for at, line in enumerate(lines) if launcher_cut(line)), None)
    if cut is not None:
        not_kept += 1
    elif not_kept:
        cut, lines = 0, ["", *lines]  # a line standing where they were

    def left_out(start: int, end: int) -> list[str]:  # lines[start:end], where the cut counts
        here = cut is not None and start <= cut < end
        return _lines_left_out(end - start - here, not_kept if here else 0)

    def kept(start: int, end: int) -> list[str]:
        return [
            s
            for at in range(start, end)
            for s in (left_out(at, at + 1) if at == cut else [lines[at]])
        ]

    blocks = _frame_blocks(lines)
    if short:
        return kept(0, len(lines))
    if not blocks:
        return left_out(0, len(lines) - STDERR_LINES) + kept(len(lines) - STDERR_LINES, len(lines))
    shown = blocks[-TRACEBACK_FRAMES:]
    deepest = lines[shown[-1][0]]  # a recursion's own frame: the one that entered it is shown
    own = [
        block
        for block in blocks
        if f'File "{solution}"' in lines[block[0]] and lines[block[0]] != deepest
    ]
    if own and own[-1] < shown[0]:
        shown.insert(0, own[-1])
    first = blocks[0][0]  # what came before the traceback (debug output) and its header
    header = first > 0 and lines[first - 1].startswith("Traceback")
    earlier = first - 1 if header else first
    view = left_out(0, earlier) + kept(earlier, first)
    for number, (start, end) in enumerate(shown):
        before = shown[number - 1][1] if number else first
        left = [lines[block[0]] for block in blocks if before <= block[0] < start]
        here = not_kept if cut is not None and before <= cut < start else 0
        if left:
            view.append(_frames_left_out(left, here))
        elif here:
            view += _lines_left_out(0, here)
        view += lines[start:end]
    after = blocks[-1][1]
    view += kept(after, min(after + STDERR_LINES, len(lines)))
    return view + (
        _lines_left_out(0, not_kept) if cut is not None and cut >= after + STDERR_LINES else []
    )


def kept_text(stderr: bytes) -> str:
    """A run's kept stderr as text (``kit.visible.text_of``), the launcher's line for what it
    left out said as the lines not kept, as ``explain`` says them (``[... 7 lines not
    kept]``), where it named bytes (``[... 231872 bytes of stderr not kept ...]``)."""
    not_kept = 1 + (stderr.lines_not_kept if isinstance(stderr, Kept) else 0)
    lines = text_of(stderr).split("\n")
    said = [_lines_left_out(0, not_kept)[0] if launcher_cut(line) else line for line in lines]
    return "\n".join(said)


def _lines_left_out(count: int, not_kept: int) -> list[str]:
    """The line standing for the ``count`` kept lines left out and the ``not_kept`` lines of
    the stream (``[... 8,161 lines not shown; 991,808 lines not kept]``, as
    ``kit.judges.judge_messages.summary_line`` counts them); none when there are none."""
    parts = [counted(count, "not shown", after=True)] if count else []
    parts += [counted(not_kept, "not kept", after=True)] if not_kept else []
    return [f"  [... {'; '.join(parts)}]"] if parts else []


WHERE_NAMED = 3  # the files of the frames left out named, at most


def _frames_left_out(firsts: list[str], not_kept: int = 0) -> str:
    """The line standing for frames left out, by their first lines: how many, and the files
    they are in, in order (the bundle's loader as such), so that the solution's own frames
    are seen to be among them, or not (``[... 2 frames of solutions/x.py not shown]``), and
    the ``not_kept`` lines of the stream among them (``; 9 lines not kept``)."""
    files: list[str] = []
    for line in firsts:
        frame = _FILE_LINE.match(line, 2)
        where = frame[1] if frame is not None else "the bundle's loader"
        if where not in files:
            files.append(where)
    named = ", ".join(files[:WHERE_NAMED]) + (", ..." if len(files) > WHERE_NAMED else "")
    count = len(firsts)
    kept = f"; {counted(not_kept, 'not kept', after=True)}" if not_kept else ""
    return f"  [... {count:,} frame{'s' if count > 1 else ''} of {named} not shown{kept}]"


def _source_line(path: Path, number: int) -> str:
    """Line ``number`` of the file at ``path``, stripped ("" when there is none)."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return ""
    return lines[number - 1].strip() if 0 < number <= len(lines) else ""


def explain(
    problem: Problem,
    bundle: Bundle | None,
    script: Path,
    stderr: bytes,
    output_over: bool = False,
) -> list[str]:
    """The tail of a run's stderr in the author's terms, with hints for usual mistakes (a
    program run as it is written, without a bundle, keeps its own file names; ``output_over``:
    the run wrote past the output limit to stdout, whose EFBIG is no scratch file's)."""
    text = stderr.decode("utf-8", "replace")  # for the hints
    solution = problem.from_root(problem.solution)  # as the helpers' places are named

    helpers = {module.rel for module in bundle.modules} if bundle is not None else set()

    def source(match: re.Match) -> str:
        if bundle is None or not _is_script(match[1], script.name, helpers):
            return match[0]
        line = bundle.source_line(int(match[2]))
        if line is None:
            return f'File "{problem.from_root(problem.dist)}", line {match[2]}'
        return f'File "{solution}", line {line}'

    lines = text_of(stderr).rstrip().splitlines()  # a byte not UTF-8 shown as \xff
    if bundle is not None:
        lines = _without_loader(lines, script.name, bundle.entry_first_line, helpers)
    lines = [visible(_FILE_LINE.sub(source, line)[:200], backslash=False) for line in lines]
    not_kept = stderr.lines_not_kept if isinstance(stderr, Kept) else 0
    details = _tail(_with_helper_sources(problem.root, lines, helpers), solution, not_kept)
    return details + stderr_hints(problem, bundle, text, output_over)

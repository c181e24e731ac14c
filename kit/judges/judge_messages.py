"""The messages of judge programs (checkers, output validators, interactors) in one line.

``summary_line`` (a program's output as one line; ``counted``, how every count of a stream's
lines is said), ``crash_line`` (the exception line of its last traceback, or None),
``judge_message`` (what a checker or interactor that did not accept says: the exception line
and where it was raised, else its verdict line or its first lines), ``raised_where`` (the file,
line and statement a traceback was raised at), ``not_started`` (a Python program's exit 1 that
rejects nothing: it could not import or compile, or used a name it never bound) and
``testlib_failure`` (an exit status that is the program's own failure), with testlib's exit
statuses (``TESTLIB_REJECTS``, ``TESTLIB_PRESENTATION``, ``TESTLIB_FAIL``, ``TESTLIB_POINTS``),
``testlib_points`` (the points a checker's ``quitp`` gave, as testlib writes them) and
``testlib_partial`` (the N of a ``quitf(_pc(N), ...)``, its exit status and verdict line).
Checkers and Kattis validators (``kit.judges.compare``), interactors (``kit.run.interact``,
``kit.run.game_verdicts``), input validators and graders are told so; a solution's crash is its
``crash_line``.
"""

from __future__ import annotations

import re

from kit.judges.programs import KATTIS_ACCEPTED, KATTIS_WRONG
from kit.processes import Kept, launcher_cut
from kit.visible import cut_as_shown, text_of, visible

MESSAGE_CHARS = 200  # of a program's message
MESSAGE_LINES = 3

# testlib's exit statuses (testlib.h: WA_EXIT_CODE 1, PE_EXIT_CODE 2, FAIL_EXIT_CODE 3,
# DIRT_EXIT_CODE 4, POINTS_EXIT_CODE 7, UNEXPECTED_EOF_EXIT_CODE 8) that reject the output
TESTLIB_REJECTS = {
    1: "wrong answer",
    2: "presentation error",
    4: "wrong output format",
    7: "points (partial score)",
    8: "unexpected end of the output",
}
TESTLIB_PRESENTATION = {2, 4}
TESTLIB_FAIL = 3
# a checker's quitp(points, message): a score, which the output earned (testlib.h at
# 1e4e8a24: POINTS_EXIT_CODE 7; its verdict line on stderr "points " + the points, "%d" of an
# int or "%.10f" of a double less its trailing zeros, then " " + the message; the output must
# have been read to its end, as for ok): an accept where the problem is scored by points, a
# wrong answer where it is pass/fail (kit.judges.checker_compare). An interactor's 7 rejects
# (TESTLIB_REJECTS), but where the problem is scored by points (kit.run.game_verdicts).
TESTLIB_POINTS = 7
_POINTS_LINE = re.compile(rb"(?m)^points ([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)(?=[ \r\n]|$)")
# a checker's quitf(_pc(N), message), testlib's "partially correct" kept for old checkers
# (testlib.h at 1e4e8a24: _pc(N) is TResult 16 + N; its exit status PC_BASE_EXIT_CODE + N,
# PC_BASE_EXIT_CODE 0 unless built with TESTSYS; its verdict line on stderr "partially correct
# (N) " + the message; the output read to its end, as for ok). N is of 200, the full marks
# (docs/packages.md, "Polygon's points"). Its status alone is no sign: N's exit status is
# testlib's 0 to 8 for N of 0 to 8, so the verdict line must name the same N.
TESTLIB_PARTIAL_OF = 200
_PARTIAL_LINE = re.compile(rb"(?m)^partially correct \((\d+)\)(?=[ \r\n]|$)")

_TRACEBACK = b"Traceback (most recent call last):"
_FRAME = re.compile(r'  File "([^"]*)", line (\d+)')
_FRAME_LINE = re.compile(r'(?m)^  File "')
# a frame of the standard library or of an installed package, not of the program's own files
_LIBRARY = re.compile(r"[/\\]lib[/\\](?:python|pypy)\d[\d.]*[/\\]|[/\\]lib-python[/\\]|^<frozen ")


def summary_line(*outputs: bytes) -> str:
    """A program's message as one line: the first non-blank lines of its ``outputs`` (its
    stdout and stderr), each shown by the kit's rule (``kit.visible``: a byte not UTF-8 as
    ``\\xff``, a control character as its escape), joined and trimmed; the non-blank lines
    it does not show counted as more, and apart the lines of a stream not kept
    (``kit.processes.Kept``), blank or not (unread, they are unknown), the launcher's line
    standing for one of them among them (``kit.processes.launcher_cut``)."""
    joined = b"\n".join(outputs)
    raw = text_of(joined).split("\n")
    cuts = sum(map(launcher_cut, raw))  # each one of the lines not kept, counted with them
    lines = [visible(line.strip()) for line in raw if not launcher_cut(line)]
    lines = [line for line in lines if line]
    not_kept = cuts + sum(output.lines_not_kept for output in outputs if isinstance(output, Kept))
    more = max(0, len(lines) - MESSAGE_LINES)
    counts = [f"+{counted(more, 'more')}"] if more else []
    counts += [counted(not_kept, "not kept", after=True)] if not_kept else []
    text = " / ".join(lines[:MESSAGE_LINES])
    if counts:
        text += f" ({'; '.join(counts)})"
    return cut_as_shown(text, MESSAGE_CHARS)


def counted(count: int, word: str, after: bool = False) -> str:
    """``count`` lines with ``word`` before or ``after`` them: ``3 more lines``, ``1,500 lines
    not kept`` (the wording of every count of a stream's lines in the kit's messages)."""
    lines = "line" if count == 1 else "lines"
    return f"{count:,} {lines} {word}" if after else f"{count:,} {word} {lines}"


# a testlib verdict line after a traceback: the program printed the traceback (``print_exc``)
# and went on to give its verdict, as testlib's words start it
_VERDICT_AFTER = re.compile(
    rb"(?m)^(?:wrong answer|wrong output format|presentation error|FAIL|unexpected eof"
    rb"|partially correct)\b"
)


def judge_message(stdout: bytes, stderr: bytes, whose: str = "") -> str:
    """What a checker or interactor that did not accept says: the exception line of its
    traceback when it raised (its status is then 1, a wrong answer), else its first lines.
    Where it was raised is added (an ``IndexError`` may be the program's own bug as well as a
    short output), with the statement when the exception has no message of its own (a bare
    ``assert`` says only ``AssertionError``); ``whose`` goes before the file's name, where
    the message does not say whose program it was ("the interactor's "). A traceback it
    printed and went on from (a testlib verdict line after it) leaves its verdict line; so
    does anything it wrote before its last verdict line (a flood of debugging lines hid it)."""
    crash = crash_line(stderr)
    if crash is None:
        verdicts = list(_VERDICT_AFTER.finditer(stderr))
        if verdicts:  # testlib's verdict line, after whatever it wrote before (a flood)
            return summary_line(stderr[verdicts[-1].start() :])
        return summary_line(stdout, stderr)
    verdict = _VERDICT_AFTER.search(stderr, max(0, stderr.rfind(_TRACEBACK)))
    if verdict is not None:  # a traceback it printed and went on: its own verdict tells
        return summary_line(stderr[verdict.start() :])
    statement = _last_statement(stderr)
    if statement is None:
        return crash
    if ":" in crash:  # a message of its own: where it was raised is enough
        statement = statement.partition(": ")[0]
    return cut_as_shown(f"{crash} ({whose}{statement})", MESSAGE_CHARS)


NOT_STARTED = ("ModuleNotFoundError", "ImportError", "SyntaxError", "IndentationError", "TabError")
# exceptions no output can cause: a name the program never bound is a bug of its own (an
# AttributeError or TypeError may come of an output it did not expect: a rejection)
OWN_BUGS = ("NameError", "UnboundLocalError")


def not_started(status: int, message: str) -> str | None:
    """A Python checker's or interactor's exit 1 that rejects nothing: it could not import or
    compile, or it used a name it never bound (``message``, its exception line, says so): its
    own failure, described; else None. (An ``assert`` or an exception on the output is a
    rejection.)"""
    kind = message.partition(":")[0].strip()
    if status == 1 and kind in NOT_STARTED:
        return f"it could not run: {message}"
    if status == 1 and kind in OWN_BUGS:
        return f"it failed on a bug of its own: {message}"
    return None


KATTIS_STATUSES = {
    KATTIS_ACCEPTED: "accepted",
    KATTIS_WRONG: "wrong answer",
}  # a Kattis validator's two verdicts


def testlib_points(stderr: bytes) -> str | None:
    """The points of a checker's last ``points P ...`` line on ``stderr`` (testlib's ``quitp``),
    as written; None when it wrote none (``quitpi``'s ``points_info=...`` is no number)."""
    found = list(_POINTS_LINE.finditer(stderr))
    return found[-1][1].decode("ascii") if found else None


def testlib_partial(status: int, stderr: bytes) -> int | None:
    """The N of a checker's ``quitf(_pc(N), ...)``: its last verdict line on ``stderr`` is
    ``partially correct (N) ...`` and its exit ``status`` is N (testlib's PC_BASE_EXIT_CODE
    0); None otherwise (a ``wrong answer`` line after it, another status: no partial)."""
    verdicts = list(_VERDICT_AFTER.finditer(stderr))
    if not verdicts:
        return None
    found = _PARTIAL_LINE.match(stderr, verdicts[-1].start())
    if found is None or int(found[1]) != status:
        return None
    return status


def testlib_failure(status: int) -> str | None:
    """A checker's or interactor's exit status (not a signal) described when it is the
    program's own failure, testlib's 3 or a status testlib does not define; None for 0 and
    for the statuses that reject the output (``TESTLIB_REJECTS``)."""
    if status == TESTLIB_FAIL:
        return "it reported a failure (exit status 3)"
    if status == 0 or status in TESTLIB_REJECTS:
        return None
    if status in KATTIS_STATUSES:  # a Kattis validator's, given as a testlib program
        meaning = KATTIS_STATUSES[status]
        return (
            f"exit status {status}, none of testlib's (a Kattis validator's {meaning}: "
            "name it `validator:PATH` as a checker, `kattis:PATH` as an interactor)"
        )
    return f"exit status {status}, none of testlib's"


def crash_line(stderr: bytes) -> str | None:
    """The exception line of the last traceback on ``stderr``, or None without a traceback
    (a script that does not compile has none: its ``SyntaxError`` line stands for it)."""
    position = stderr.rfind(_TRACEBACK)
    if position < 0:
        found = _NOT_COMPILED.findall(text_of(stderr))
        return cut_as_shown(_python_text(found[-1].strip()), MESSAGE_CHARS) if found else None
    lines = text_of(stderr[position:]).split("\n")
    # the first line after the frames (all indented): a message's own later lines, and what
    # the program printed after the traceback (an exit handler's), are not the exception
    exception = [line for line in lines[1:] if line.strip() and not line.startswith(" ")]
    said = _python_text(exception[0].strip()) if exception else "traceback"
    return cut_as_shown(said, MESSAGE_CHARS)


def _python_text(line: str) -> str:
    """A traceback's line shown by the kit's rule, its backslashes kept (Python's escapes and
    the program's code: ``kit.visible``)."""
    return visible(line, backslash=False)


# what Python prints, without a traceback, of a script it cannot compile
_NOT_COMPILED = re.compile(r"(?m)(?<=\n)(?:SyntaxError|IndentationError|TabError): .*$")


def raised_where(stderr: bytes) -> str | None:
    """``FILE, line N: SOURCE`` where the last traceback on ``stderr`` was raised, in the
    program's own files when it shows one of them (a generator's or brute force's crash: the
    line to fix), else None."""
    return _last_statement(stderr) if stderr.rfind(_TRACEBACK) >= 0 else None


def _last_statement(stderr: bytes) -> str | None:
    """``"FILE, line N: SOURCE"`` of the last traceback's innermost frame in the
    program's own files (else its innermost: the standard library's ``decoder.py`` says less
    than the checker's line that called it), when it shows one; only the frames between the
    header and the exception line are read (a message's lines are no frames). A script that
    does not compile prints no header: its last ``File`` line is the place."""
    text = text_of(stderr)
    position = text.rfind(_TRACEBACK.decode())
    if position >= 0:
        lines = text[position:].splitlines()[1:]
    else:  # not compiled: from its last File line
        places = [found.start() for found in _FRAME_LINE.finditer(text)]
        lines = text[places[-1] :].splitlines() if places else []
    frames = []  # (path, line, source)
    for index, line in enumerate(lines):
        if not line.startswith(" "):
            break  # the exception line
        frame = _FRAME.match(line)
        if frame:
            after = lines[index + 1] if index + 1 < len(lines) else ""
            source = after.strip() if after.startswith("    ") and after.strip(" ^~") else ""
            frames.append((frame[1], frame[2], source))
    own = [frame for frame in frames if not _LIBRARY.search(frame[0])]
    if not (own or frames):
        return None
    path, number, source = (own or frames)[-1]
    shown = path.replace("\\", "/").rpartition("/")[2]
    return _python_text(
        f"{shown}, line {number}: {source}" if source else f"{shown}, line {number}"
    )

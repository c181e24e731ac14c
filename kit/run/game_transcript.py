"""The transcript of a game (``kit.run.interact``): the last lines each direction carried, in
the order they began, each marked with its direction, ``TO_INTERACTOR`` or ``TO_SOLUTION``; a
line never ended ends in ``NO_EOL``, one longer than ``LINE_CHARS`` is cut, and a remark
(what was sent once the other side had stopped) follows what was relayed that way. A line is
shown by the kit's one rule (``kit.visible``: a tab as ``\\t``, a NUL as ``\\x00``, a byte that
is not UTF-8 as ``\\xff``), cut before it is escaped, so that no escape is split. What is
shown starts after the last line left out, so that no two lines shown next to each other had
another between them (one side's older lines, kept while the other's were dropped, read as
two replies in a row). A remark is shown after every line of both directions: it says what was
sent once the other side had closed its output, after all it said (the relay of that side,
waiting for a core, could record its last lines after the remark was made).

API::

    Transcript(keep)            # the last ``keep`` complete lines of each direction
    Transcript.feed(mark, data) # bytes relayed one way, as they come
    Transcript.note(mark, text) # a remark after what was relayed that way
    Transcript.result() -> list[str]
    HEADING                     # the line a failure's details give a transcript under
    without_transcript(details) # those details less the transcript: what a game's failure
                                # is, whatever was said on the way (two cases' alike)
"""

from __future__ import annotations

import threading
from collections import deque

from kit.visible import text_of, visible

LINE_CHARS = 200  # of a transcript line
TO_INTERACTOR, TO_SOLUTION = "> ", "< "
HEADING = "last lines exchanged (> from the solution, < to it):"
NO_EOL = "  [no end of line]"  # after a transcript's line that was never ended
# the bytes of a line never ended that are kept: enough for LINE_CHARS + 1 characters of UTF-8
# (4 bytes at most each), so that a character cut in two lies past the cut, never shown
PARTIAL_BYTES = 4 * (LINE_CHARS + 1)


class Transcript:
    """The last ``keep`` complete lines of each direction, numbered in the order seen."""

    def __init__(self, keep: int) -> None:
        self.lock = threading.Lock()
        self.count = 0
        self.lines = {mark: deque(maxlen=keep) for mark in (TO_INTERACTOR, TO_SOLUTION)}
        self.partial = {mark: b"" for mark in (TO_INTERACTOR, TO_SOLUTION)}
        self.partial_at = {mark: 0 for mark in (TO_INTERACTOR, TO_SOLUTION)}  # its place
        self.left_out = 0  # the place of the last line dropped, of either direction

    def feed(self, mark: str, data: bytes) -> None:
        pieces = data.split(b"\n")
        with self.lock:
            if len(pieces) > 1:
                complete = [self.partial[mark] + pieces[0], *pieces[1:-1]]
                keep = self.lines[mark].maxlen or 0
                if len(complete) > keep:  # the head of this read, never kept: its places
                    self.count += len(complete) - keep
                    self.left_out = self.count
                for line in complete[-keep:] if keep else ():
                    self._add(mark, line)
                self.partial[mark] = b""
            if pieces[-1] and not self.partial[mark]:  # a line begun: its place in the order
                self.count += 1
                self.partial_at[mark] = self.count
            # only the head of a long line is shown, so only the head is kept
            self.partial[mark] = (self.partial[mark] + pieces[-1])[:PARTIAL_BYTES]

    def note(self, mark: str, text: str) -> None:
        """A remark after what was relayed in one direction (its partial line ends first),
        shown after the other direction's lines too, those recorded later included."""
        with self.lock:
            self._end_partial(mark)
            self._add(mark, text.encode(), remark=True)

    def _end_partial(self, mark: str) -> None:
        """The line begun and never ended, in its place, said so."""
        if self.partial[mark]:
            self._add(mark, self.partial[mark], self.partial_at[mark], NO_EOL)
            self.partial[mark] = b""

    def _add(
        self, mark: str, line: bytes, at: int | None = None, said: str = "", remark: bool = False
    ) -> None:
        text = text_of(line.rstrip(b"\r"))
        cut = len(text) > LINE_CHARS
        text = visible(text[: LINE_CHARS - 3] if cut else text) + "..." * cut
        if at is None:
            self.count += 1
        kept = self.lines[mark]
        if kept and len(kept) == kept.maxlen:
            self.left_out = max(self.left_out, kept[0][0])
        kept.append((self.count if at is None else at, mark + text + said, remark))

    def result(self) -> list[str]:
        """The lines kept, in the order they began, the remarks last; a line never ended ends
        in ``NO_EOL``."""
        with self.lock:
            for mark in self.partial:
                self._end_partial(mark)
            entries = [entry for lines in self.lines.values() for entry in lines]
        entries.sort(key=lambda entry: (entry[2], entry[0]))
        return [text for at, text, remark in entries if remark or at > self.left_out]


def without_transcript(details: list[str]) -> list[str]:
    """A failure's ``details`` less the transcript they hold: ``HEADING`` and the lines under
    it, each indented by two spaces."""
    if HEADING not in details:
        return details
    start = details.index(HEADING)
    end = start + 1
    while end < len(details) and details[end].startswith("  "):
        end += 1
    return details[:start] + details[end:]

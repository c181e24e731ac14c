"""The transcript of a game (``kit.run.interact``): the last lines each direction carried, in
the order they began, each marked with its direction, ``TO_INTERACTOR`` or ``TO_SOLUTION``; a
line never ended ends in ``NO_EOL``, one longer than ``LINE_CHARS`` is cut, and a remark
(what was sent once the other side had stopped) follows what was relayed that way. A line is
shown by the kit's one rule (``kit.visible``: a tab as ``\\t``, a NUL as ``\\x00``, a byte that
is not UTF-8 as ``\\xff``), cut before it is escaped, so that no escape is split. Every line
has its place (a line's is where it began), so the lines left out between two lines shown are
said there, with their direction and number (``< [21 lines not shown]``): no two lines shown
next to each other had another between them unsaid (one side's older lines, kept while the
other's were dropped, read as two replies in a row; a solution that wrote a thousand queries
at once showed only the replies to them). A remark is shown after every line of both
directions: it says what was
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

from kit.plurals import counted
from kit.visible import text_of, visible

LINE_CHARS = 200  # of a transcript line
TO_INTERACTOR, TO_SOLUTION = "> ", "< "
HEADING = "last lines exchanged (> from the solution, < to it):"
NO_EOL = "  [no end of line]"  # after a transcript's line that was never ended
# the bytes of a line never ended that are kept: enough for LINE_CHARS + 1 characters of UTF-8
# (4 bytes at most each), so that a character cut in two lies past the cut, never shown
PARTIAL_BYTES = 4 * (LINE_CHARS + 1)


class Transcript:
    """The last ``keep`` complete lines of each direction, each with its place in the order
    the lines of both began (a place for every line, those dropped included)."""

    def __init__(self, keep: int) -> None:
        self.lock = threading.Lock()
        self.count = 0  # places given
        self.lines = {mark: deque(maxlen=keep) for mark in (TO_INTERACTOR, TO_SOLUTION)}
        self.partial = {mark: b"" for mark in (TO_INTERACTOR, TO_SOLUTION)}
        self.partial_at = {mark: 0 for mark in (TO_INTERACTOR, TO_SOLUTION)}  # its place

    def feed(self, mark: str, data: bytes) -> None:
        pieces = data.split(b"\n")
        with self.lock:
            if len(pieces) > 1:
                complete = [self.partial[mark] + pieces[0], *pieces[1:-1]]
                begun = [self.partial_at[mark]] if self.partial[mark] else []  # its place
                first = self.count + 1  # the places of the lines begun in this read
                self.count += len(complete) - len(begun)
                keep = self.lines[mark].maxlen or 0
                if keep:  # the head of a long read takes its places, its lines not kept
                    places = [*begun, *range(first, self.count + 1)[-keep:]][-keep:]
                    for at, line in zip(places, complete[-keep:]):
                        self._add(mark, line, at)
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
            self._add(mark, text.encode(), self.count, remark=True)  # no place of a line

    def _end_partial(self, mark: str) -> None:
        """The line begun and never ended, in its place, said so."""
        if self.partial[mark]:
            self._add(mark, self.partial[mark], self.partial_at[mark], NO_EOL)
            self.partial[mark] = b""

    def _add(self, mark: str, line: bytes, at: int, said: str = "", remark: bool = False) -> None:
        text = text_of(line.rstrip(b"\r"))
        cut = len(text) > LINE_CHARS
        text = visible(text[: LINE_CHARS - 3] if cut else text) + "..." * cut
        self.lines[mark].append((at, mark + text + said, remark))

    def result(self) -> list[str]:
        """The lines kept, in the order they began, the remarks last; a line never ended ends
        in ``NO_EOL``. From the oldest line kept on, a place with no line shown is one the
        other direction dropped (each direction drops its oldest lines first, so the lines of
        the side whose oldest kept is the older are all kept from there): said in one line
        for each run of them."""
        with self.lock:
            for mark in self.partial:
                self._end_partial(mark)
            kept = {mark: [entry for entry in lines if not entry[2]]
                    for mark, lines in self.lines.items()}  # fmt: skip
            remarks = sorted(
                (entry for lines in self.lines.values() for entry in lines if entry[2]),
                key=lambda entry: entry[0],
            )
        oldest = {mark: lines[0][0] for mark, lines in kept.items() if lines}
        cut = max(oldest, key=oldest.__getitem__) if oldest else TO_INTERACTOR  # dropped there
        shown, last = [], None
        for at, text, _remark in sorted(entry for lines in kept.values() for entry in lines):
            if last is not None and at > last + 1:
                shown.append(f"{cut}[{counted(at - last - 1, 'line')} not shown]")
            shown.append(text)
            last = at
        return shown + [text for _at, text, _remark in remarks]


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

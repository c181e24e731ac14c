"""What a Kattis output validator or interactor leaves in its feedback folder, read back.

``feedback_message`` (the start of ``judgemessage.txt``), ``feedback_score`` (``score.txt``'s
text, with 2025-09's ``score_multiplier.txt`` after ``MULTIPLIER_MARK``; ``score_parts`` splits
them) and ``next_pass_input`` (a multi-pass problem's ``nextpass.in``, taken out of the folder).
The validator is ``kit.judges.compare``'s ``validator:PATH``, the interactor
``kit.run.interact``'s; ``kit.verify.judging`` judges the scores by the package's rules.
"""

from __future__ import annotations

from pathlib import Path

from kit.judges.judge_messages import summary_line
from kit.visible import text_of, visible

MULTIPLIER_MARK = "\x00"  # in feedback_score's text, before score_multiplier.txt's


def next_pass_input(feedback: Path) -> bytes | None:
    """A Kattis validator's ``nextpass.in`` in ``feedback``, taken out of it (the next pass
    finds none); None when it wrote none."""
    path = feedback / "nextpass.in"
    try:
        data = path.read_bytes()
    except OSError:
        return None
    path.unlink()
    return data


def feedback_score(feedback: Path) -> str | None:
    """The text of a Kattis validator's ``score.txt`` in ``feedback`` (its first 64 bytes,
    stripped, as the kit shows text: ``kit.visible``, so a NUL in it is no MULTIPLIER_MARK),
    then, when it wrote 2025-09's ``score_multiplier.txt`` too, MULTIPLIER_MARK and that file's
    text (``score_parts`` splits them); None when it wrote neither."""
    score = _small_text(feedback / "score.txt")
    multiplier = _small_text(feedback / "score_multiplier.txt")
    if multiplier is None:
        return score
    return f"{score or ''}{MULTIPLIER_MARK}{multiplier}"


def score_parts(text: str | None) -> tuple[str | None, str | None]:
    """``feedback_score``'s text as (score.txt's text, score_multiplier.txt's text), None
    for a file the validator did not write (an empty ``score.txt`` beside a multiplier
    reads as none)."""
    if text is None or MULTIPLIER_MARK not in text:
        return text, None
    score, multiplier = text.split(MULTIPLIER_MARK, 1)
    return score or None, multiplier


def _small_text(path: Path) -> str | None:
    try:
        with open(path, "rb") as file:
            return visible(text_of(file.read(64)).strip())  # shown in messages as it is
    except OSError:
        return None


def feedback_message(feedback: Path) -> str:
    """The start of a Kattis validator's ``judgemessage.txt`` in ``feedback``, or ''."""
    try:
        with open(feedback / "judgemessage.txt", "rb") as file:
            return summary_line(file.read(1 << 16))
    except OSError:
        return ""

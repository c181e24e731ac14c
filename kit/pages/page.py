"""What a problem page gives ``new``: the ``Page`` (title, limits, sample pairs, id), and the
readings every judge's reader shares: limits in the page's own units, sample text as a file.

    seconds("1000MS") == 1.0; seconds("2 seconds") == 2.0; seconds("2 sec") == 2.0
    mebibytes("65536K") == 64; mebibytes("256 megabytes") == 256; mebibytes("1024 MiB") == 1024
    sample_file("\\n3 4\\n") == "3 4\\n"
    judge_file("1 2") == "1 2\\n"; judge_file("11\\r\\n") == "11\\n"
    any_answer_notes("If there are multiple answers, print any of them.") == (ANY_ANSWER_NOTE,)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from kit.errors import BuildError
from kit.units import MEBIBYTES, SECONDS, in_mebibytes, in_seconds

# the units in English, and in Russian as Codeforces' and Polygon's Russian pages write them
# ("2 секунды", "256 мегабайт")
TIME = re.compile(
    r"(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?|мс|миллисекунд[аы]?|с|сек|секунд[аы]?)\b",
    re.IGNORECASE,
)
MEMORY = re.compile(
    r"(\d+(?:\.\d+)?)\s*(k|kb|kib|kilobytes?|m|mb|mib|megabytes?|g|gb|gib|gigabytes?"
    r"|кб|килобайт(?:а|ов)?|мб|мегабайт(?:а|ов)?|гб|гигабайт(?:а|ов)?)\b",
    re.IGNORECASE,
)
# a statement's words for "any valid answer is accepted", each read within one sentence: a
# plain "print any of them" / "output any." / "выведите любой" / "どれを出力しても"; "any" in the
# sentence of "If there are multiple answers" (but "..., print the lexicographically smallest"
# is no such word); a note's '"3 91125" is valid too' or "the answer 1 3 is also correct" (but
# "[1,2] is also valid, but it has larger cost" says no answer is)
PRINT_ANY = re.compile(
    r"\b(?:print|output)\s+any(?=\s*(?:[.,;:)]|$)|\s+(?:of|one|valid|correct|such|answers?"
    r"|solutions?|suitable|optimal|possible)\b)"
    r"|\b(?:выведите|выводите)\s+любо|(?:どれ|いずれ)を出力しても",
    re.IGNORECASE,
)
MULTIPLE = re.compile(
    r"\b(?:multiple|several|many|more\s+than\s+one)\s+(?:\w+\s+)?(?:answers?|solutions?)\b"
    r"|несколько\s+(?:\w+\s+)?(?:ответов|решений)|(?:ответов|решений)\s+несколько",
    re.IGNORECASE,
)
ANY_WORD = re.compile(r"\bany\b|любо[йеу]", re.IGNORECASE)
ALSO_VALID = re.compile(
    r"\b(?:is|are)\s+(?:also\s+)?(?:valid|correct|accepted)\s+(?:too|as\s+well)\b"
    r"|\b(?:answers?|outputs?)\b[^.;]{0,60}?\b(?:is|are)\s+also\s+(?:valid|correct|accepted)\b"
    r"|\balso\s+(?:a\s+)?(?:valid|correct|accepted)\s+(?:answer|output)\b",
    re.IGNORECASE,
)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=。)")
ANY_ANSWER_NOTE = (
    "the statement accepts any valid answer: the sample answers are one of several, and "
    "comparing by tokens holds yours to them; check it with a checker of your own (compare = "
    '"checker:PATH" in problems.toml)'
)
# the limits' words of a problem known by its address alone (kit.pages.address_page)
NOT_FETCHED = "none given: the page was not fetched"
# by the unit's first letter
MEBIBYTES_PER = {"k": 1 / 1024, "m": 1, "g": 1024, "к": 1 / 1024, "м": 1, "г": 1024}


@dataclass(frozen=True)
class Page:
    judge: str  # the judge's name as its profile spells it: POJ, Codeforces, AtCoder, Kattis
    title: str
    time_limit: float  # seconds
    memory_limit: int  # MiB, rounded down
    samples: list[tuple[str, str]]  # (input, output) file texts, in the page's order
    time_shown: str  # the limits as the page words them ("1000MS", "256 megabytes")
    memory_shown: str
    id: str | None = None  # the judge's id of the problem, when the page or its address says
    interactive: bool = False  # said so (Competitive Companion's data says; pages do not)
    origin: str = "the page"  # where the facts were read, as a note beside the limits says
    notes: tuple[str, ...] = ()  # what the page says that problems.toml cannot hold by itself
    source_file: str | None = None  # the solution's file the data names (cph's srcPath), as named
    url: str | None = None  # the problem page's address, when known (kit.page_address)


def seconds(text: str) -> float | None:
    """A time limit in seconds from the page's words, or None when they hold none."""
    match = TIME.search(text)
    if match is None:
        return None
    value = float(match[1])
    return value / 1000 if match[2].lower().startswith(("m", "м")) else value


def mebibytes(text: str) -> int | None:
    """A memory limit in whole MiB (rounded down: 0 under 1 MiB, which ``limits`` refuses), or
    None when there is none."""
    match = MEMORY.search(text)
    if match is None:
        return None
    mib = float(match[1]) * MEBIBYTES_PER[match[2][0].lower()]
    return int(mib) if math.isfinite(mib) else None  # 1e400 K: none a judge has


def any_answer_notes(statement: str) -> tuple[str, ...]:
    """``(ANY_ANSWER_NOTE,)`` when the statement's text says any valid answer is accepted,
    else ``()``."""
    sentences = SENTENCE_END.split(" ".join(statement.split()))
    return (ANY_ANSWER_NOTE,) if any(map(_accepts_any, sentences)) else ()


def _accepts_any(sentence: str) -> bool:
    if PRINT_ANY.search(sentence) or ALSO_VALID.search(sentence):
        return True
    return bool(MULTIPLE.search(sentence) and ANY_WORD.search(sentence))


def sample_file(text: str) -> str:
    """A sample as its file holds it: Unix line ends, no blank lines before or after, one
    newline at the end (none for an empty sample); the last line's own trailing spaces kept,
    as the page has them (oj keeps them too)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines) + "\n" if lines else ""


def judge_file(text: str) -> str:
    """A sample as a judge's test file holds it: Unix line ends, and a newline at the end of
    any text (as online-judge-tools' ``format_sample_case`` writes samples); all else kept as
    given (blank lines, a line's spaces), unlike ``sample_file``'s reading of a page."""
    text = text.replace("\r\n", "\n")
    return text + "\n" if text and not text.endswith("\n") else text


def on_hosts(host: str, hosts) -> bool:
    """Whether ``host`` is one of ``hosts`` or a subdomain of one (``open.kattis.com``)."""
    return any(host == name or host.endswith("." + name) for name in hosts)


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def missing(source: str, what: str, expected: str) -> BuildError:
    """The one-line error of a page without ``what``, naming the markup that holds it."""
    return BuildError(f"{source}: no {what} found (expected {expected})")


def paired(source: str, inputs: list[str], outputs: list[str], where: str) -> list:
    """The sample pairs (but those blank on both sides, as a page without samples shows them),
    or the error saying which side is missing or short."""
    if not inputs:
        raise missing(source, "sample input", where)
    if not outputs:
        raise missing(source, "sample output", where)
    if len(inputs) != len(outputs):
        raise BuildError(
            f"{source}: {len(inputs)} sample inputs but {len(outputs)} sample outputs "
            f"(read from {where})"
        )
    pairs = [(sample_file(given), sample_file(wanted)) for given, wanted in zip(inputs, outputs)]
    return [pair for pair in pairs if any(pair)]  # both blank: no sample (as Companion's data)


def limits(source: str, judge: str, time_text: str | None, memory_text: str | None, where: str):
    """(seconds, MiB, time as shown, memory as shown) from the page's words, or the error (a
    limit problems.toml would refuse is one too, not rounded into one it takes)."""
    time = seconds(time_text or "")
    if time is None or time <= 0:
        raise missing(source, "time limit", f"{possessive(judge)} {where}")
    memory = mebibytes(memory_text or "")
    if memory is None:
        raise missing(source, "memory limit", f"{possessive(judge)} {where}")
    time_shown, memory_shown = TIME.search(time_text)[0], MEMORY.search(memory_text)[0]
    if not in_seconds(time):  # problems.toml refuses it too (kit.units): said of the page
        raise BuildError(
            f"{source}: the time limit {time_shown!r} is no limit in seconds ({SECONDS})"
        )
    if not in_mebibytes(memory):  # likewise: 0K was written as 1 MiB
        raise BuildError(
            f"{source}: the memory limit {memory_shown!r} is no limit in MiB ({MEBIBYTES})"
        )
    return time, memory, time_shown, memory_shown

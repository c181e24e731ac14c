"""What a Kattis package's ``submissions/submissions.yaml`` (the 2025-09 format, "Example
submissions") asks of its jury submissions: per submission glob, and optionally per test case
glob, the verdicts ``permitted`` on every case and those ``required`` on at least one.

Read as the spec says (Kattis/problem-package-format, spec/2025-09.md):

- Top-level keys are globs over submission paths under ``submissions/`` (``accepted``,
  ``wrong_answer/*``, ``"{slow,slower}.py"``); a submission is matched when its path or one of
  its parent folders is. ``*`` matches within a name only; braces expand (their choices
  stripped of spaces, and a trailing ``/`` dropped, as BAPCtools reads them:
  RagnarGrootKoerkamp/BAPCtools, bapctools/expectations.py); every other character is itself;
  ``**``, which the format does not support, is a one-line error, and so are braces that
  expand to more than MAX_PATTERNS patterns.
- A top-level key that is exactly a default folder's name (``accepted``, ``wrong_answer``, ...)
  overrides the keys of that folder's default rule it gives and keeps the others; any other
  key adds requirements. The default rules, and the verdict words the format has (AC, WA, TLE,
  RTE), belong with the kit's verdicts (``kit.verify.verdict_agreement``); this module keeps the
  words as given.
- Under a key, ``permitted`` and ``required`` apply to every case; any other key whose value is
  a mapping is a test case glob (relative to ``data/``, without ``.in``; a case is matched when
  its path or a group above it is) with its own ``permitted``, ``required`` and ``message``
  (a text that must appear in the judge's message on one of those cases), and
  ``use_for_time_limit`` (``true``, ``false``, ``lower`` or ``upper``: whether the rule bounds
  the time limit, ``kit.verify.limit_inference``), and ``score``: a number, or a list of the lowest
  and the highest, that the submission's score (a case glob's: each group it matches) must
  equal or fall in (a scoring problem's, ``kit.verify.score_aggregation``). ``entrypoint`` (under a
  submission glob) names the file a submission of several files runs (``entrypoint_for``);
  ``language``, ``authors`` and ``model_solution`` are not checked here (a note names the ones
  given).

A submission's own ``@EXPECTED_RESULTS@: `` tag (DOMjudge's, ``tagged_results``): a comment in
its source that lists the results it may get, read as DOMjudge reads it
(DOMjudge/domjudge, webapp/src/Service/SubmissionService.php, ``parseExpectedAnnotation``): the
tag, in any case, anywhere in any of its files, then a comma-separated list to the end of the
line, each name trimmed and upper-cased, the underscore spellings (ACCEPTED, WRONG_ANSWER,
TIME_LIMIT_EXCEEDED, RUN_TIME_ERROR, NO_OUTPUT, OUTPUT_LIMIT, COMPILER_ERROR) taken for
DOMjudge's own (CORRECT, WRONG-ANSWER, ...); a name DOMjudge has no result for is kept (no
result matches it). A tag twice in a file is not read (``TagTwice``): DOMjudge does not
import such a submission. Which folders it speaks for, and what each name allows, are the
kit's verdicts' (``kit.verify.verdict_agreement``).

API::

    read(path, shown) -> (tuple[Expectation, ...], notes)  # empty: no submissions.yaml
    rules_for(expectations, submission_name) -> list[Expectation]
    entrypoint_for(expectations, submission_name) -> str | None
    Expectation.applies_to(case_path) -> bool
    covers(glob, path) -> bool  # path or a folder above it; names(glob, path): path itself
    tagged_results(files) -> tuple[str, ...] | None  # None: no tag; TagTwice, TagUnread
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from kit.errors import BuildError
from kit.packages import smallyaml

# the patterns a glob's braces may expand to (sixteen {a,b} made 65,536, matched in seconds each
# time, and twenty-two more than a gigabyte)
MAX_PATTERNS = 1000
OWN = ("permitted", "required", "message", "use_for_time_limit", "score")  # what a rule checks
UNCHECKED = ("language", "authors", "model_solution")
TIME_USES = ("true", "false", "lower", "upper")  # use_for_time_limit's values
RESULTS_TAG = "@EXPECTED_RESULTS@: "  # DOMjudge's, with its colon and space
# DOMjudge's PROBLEM_RESULT_REMAP: the underscore spellings of its results
RESULT_SPELLINGS = {
    "ACCEPTED": "CORRECT",
    "WRONG_ANSWER": "WRONG-ANSWER",
    "TIME_LIMIT_EXCEEDED": "TIMELIMIT",
    "RUN_TIME_ERROR": "RUN-ERROR",
    "COMPILER_ERROR": "COMPILER-ERROR",
    "NO_OUTPUT": "NO-OUTPUT",
    "OUTPUT_LIMIT": "OUTPUT-LIMIT",
}
# what DOMjudge names its results (etc/db-config.yaml, results_prio; and compiler-error)
DOMJUDGE_RESULTS = (
    "CORRECT",
    "WRONG-ANSWER",
    "TIMELIMIT",
    "RUN-ERROR",
    "MEMORY-LIMIT",
    "OUTPUT-LIMIT",
    "NO-OUTPUT",
    "COMPILER-ERROR",
)


@dataclass(frozen=True)
class Expectation:
    submissions: str  # a glob over submission paths: "accepted", "wrong_answer/slow.py"
    cases: str  # a glob over case and group paths under data/; "" for every case
    permitted: tuple[str, ...] | None  # every case's verdict is one of these (None: any)
    required: tuple[str, ...] | None  # some case's verdict is one of these (None: no need)
    message: str | None = None  # some case's judge message holds this text
    use_for_time_limit: str | None = None  # one of TIME_USES; None: not given (as "true")
    score: tuple[float, float] | None = None  # the lowest and highest score allowed
    entrypoint: str | None = None  # the file a submission of several files runs

    def applies_to(self, path: str) -> bool:
        """Whether the rule covers the case at ``path`` (under data/, without .in; "" for a
        run whose cases are not known, which a rule for every case covers)."""
        return not self.cases or covers(self.cases, path)


def read(path: Path, shown: str) -> tuple[tuple[Expectation, ...], list[str]]:
    """The expectations of the package at ``path`` (none without submissions.yaml), notes."""
    file = path / "submissions" / "submissions.yaml"
    if not file.is_file():
        return (), []
    where = f"{shown}/submissions/submissions.yaml"
    table = smallyaml.load(file.read_text(encoding="utf-8", errors="replace"), where)
    found, unchecked = [], set()
    for key, rule in table.items():
        if not isinstance(rule, dict):
            raise BuildError(f"{where}: {key}: expected a mapping of requirements")
        _check_glob(key, where)
        # a key with no requirement (authors only) still names its submissions: the format's
        # defaults apply to them ("partially_accepted/*:" makes that folder one of the package's)
        rules = _expectations(key, "", rule, where, unchecked)
        found += rules or [Expectation(key, "", None, None)]
        if "entrypoint" in rule:
            found.append(Expectation(key, "", None, None, entrypoint=str(rule["entrypoint"])))
    notes = []
    if unchecked:
        keys = ", ".join(sorted(unchecked))
        notes.append(f"note: {shown}: submissions.yaml: not checked here: {keys}")
    return tuple(found), notes


def _expectations(key: str, cases: str, rule: dict, where: str, unchecked: set) -> list:
    """The expectations one submissions.yaml entry gives (its own, then its case globs')."""
    found = []
    own = {name: rule[name] for name in OWN if name in rule}
    if own:
        permitted, required = _verdicts(own, "permitted", where), _verdicts(own, "required", where)
        message = str(own["message"]) if "message" in own else None
        place = f"{where}: {key}" + (f": {cases}" if cases else "")
        use, score = _time_use(own, place), _score(own, place)
        found.append(Expectation(key, cases, permitted, required, message, use, score))
    for name, value in rule.items():
        if name in OWN or (name == "entrypoint" and not cases):
            continue
        if name in UNCHECKED:
            unchecked.add(name)
        elif isinstance(value, dict) and not cases:
            _check_glob(name, where)
            found += _expectations(key, name, value, where, unchecked)
        else:
            raise BuildError(f"{where}: {key}: {name}: not a key submissions.yaml has")
    return found


def _verdicts(rule: dict, name: str, where: str) -> tuple[str, ...] | None:
    """A rule's verdict words as given (which words the format has is the verdict model's:
    ``kit.verify.verdict_agreement.check_words``)."""
    if name not in rule:
        return None
    value = rule[name]
    return tuple(str(word) for word in (value if isinstance(value, list) else str(value).split()))


def _time_use(rule: dict, where: str) -> str | None:
    """A rule's ``use_for_time_limit``, lower-cased, or None; a one-line error when it is not
    one of TIME_USES."""
    if "use_for_time_limit" not in rule:
        return None
    value = str(rule["use_for_time_limit"]).strip().lower()
    if value not in TIME_USES:
        given, known = rule["use_for_time_limit"], ", ".join(TIME_USES)
        raise BuildError(f"{where}: use_for_time_limit: {given!r} is not one of {known}")
    return value


def _score(rule: dict, where: str) -> tuple[float, float] | None:
    """A rule's ``score`` as (lowest, highest), or None; a one-line error unless a number or
    a list of two, the lower first."""
    if "score" not in rule:
        return None
    given = rule["score"]
    values = given if isinstance(given, list) else [given]
    if len(values) not in (1, 2):
        raise BuildError(f"{where}: score: {given!r} is not a number or a list of two")
    pair = values * 2 if len(values) == 1 else values
    low, high = (smallyaml.number(value, f"{where}: score") for value in pair)
    if low > high:
        raise BuildError(f"{where}: score: {given!r}: its lowest is above its highest")
    return low, high


class TagTwice(ValueError):
    """A file with the ``@EXPECTED_RESULTS@`` tag twice (its message names the file)."""


class TagUnread(ValueError):
    """A file that cannot be read, the tag in it or not ("cannot read a.py: Permission
    denied")."""


def tagged_results(files: list[Path]) -> tuple[str, ...] | None:
    """The results a submission's ``@EXPECTED_RESULTS@`` tag lists (the module doc), from the
    first of ``files`` that has one; None when none has. ``TagTwice`` for a file with the tag
    twice, ``TagUnread`` for one that cannot be read (no tag read after it)."""
    for file in files:
        try:
            text = file.read_text(encoding="utf-8", errors="replace")
        except OSError as error:
            raise TagUnread(f"cannot read {file.name}: {error.strerror or error}") from None
        upper = text.upper()
        at = upper.find(RESULTS_TAG)
        if at < 0:
            continue
        if upper.find(RESULTS_TAG, at + len(RESULTS_TAG)) >= 0:
            raise TagTwice(f"@EXPECTED_RESULTS@ given twice in {file.name}")
        line = upper[at + len(RESULTS_TAG) :].split("\n", 1)[0]
        names = (name.strip() for name in line.split(","))
        return tuple(RESULT_SPELLINGS.get(name, name) for name in names)
    return None


def rules_for(expectations: tuple[Expectation, ...], submission: str) -> list[Expectation]:
    """The expectations that apply to the submission at ``submission`` (``accepted/a.py``)."""
    return [rule for rule in expectations if covers(rule.submissions, submission)]


def entrypoint_for(expectations: tuple[Expectation, ...], submission: str) -> str | None:
    """The entry point submissions.yaml gives the submission at ``submission`` (the first in
    alphabetical order when several rules give one, as BAPCtools takes them), or None."""
    given = [rule.entrypoint for rule in rules_for(expectations, submission) if rule.entrypoint]
    return min(given, default=None)


def names(glob: str, path: str) -> bool:
    """Whether ``glob`` matches ``path`` itself (a group a ``score`` rule is about)."""
    return any(_matches(pattern, path) for pattern in _patterns(glob))


def covers(glob: str, path: str) -> bool:
    """Whether ``glob`` matches ``path`` or one of the folders above it."""
    parts = path.split("/")
    prefixes = ["/".join(parts[: count + 1]) for count in range(len(parts))]
    return any(_matches(p, prefix) for p in _patterns(glob) for prefix in prefixes)


def _check_glob(glob: str, where: str) -> None:
    if "**" in glob:
        raise BuildError(f"{where}: {glob}: '**' is not a glob the format allows")
    try:
        _patterns(glob)
    except _TooMany:
        raise BuildError(
            f"{where}: {glob}: its braces expand to more than {MAX_PATTERNS} patterns"
        ) from None


class _TooMany(Exception):
    """A glob's braces expand to more than MAX_PATTERNS patterns."""


@functools.lru_cache(maxsize=256)
def _patterns(glob: str) -> tuple[str, ...]:
    """The patterns ``glob``'s braces expand to, expanded once (a rule is matched against
    every submission and case)."""
    found: list[str] = []
    _expand(glob, found)
    return tuple(found)


def _expand(glob: str, found: list[str]) -> None:
    """``glob`` with its first brace group expanded, recursively, into ``found``: ``{a,b}.py``
    -> a.py, b.py; _TooMany past MAX_PATTERNS, raised as soon as they are made (sixteen
    ``{a,b}`` made 65,536 patterns, twenty-two more than a gigabyte)."""
    match = re.search(r"\{([^{}]*)\}", glob)
    if match is None:
        found.append(glob.removesuffix("/"))
        if len(found) > MAX_PATTERNS:
            raise _TooMany
        return
    head, tail = glob[: match.start()], glob[match.end() :]
    for choice in match[1].split(","):
        _expand(head + choice.strip() + tail, found)


def _matches(pattern: str, path: str) -> bool:
    """Whether ``pattern`` (braces expanded; ``*`` within a name) matches ``path`` whole."""
    wanted, names = pattern.split("/"), path.split("/")
    return len(wanted) == len(names) and all(map(_name_matches, wanted, names))


def _name_matches(pattern: str, name: str) -> bool:
    """Whether ``pattern``, whose ``*`` match any run of characters, matches ``name`` whole:
    each ``*`` taken as short as it can be, and lengthened when the rest fails, back to the
    last ``*`` only (len(pattern) x len(name) steps at worst, where a regex of thirty ``*``
    backtracked without end)."""
    at = done = 0
    star, resume = -1, 0
    while done < len(name):
        if at < len(pattern) and pattern[at] == "*":
            star, resume = at, done
            at += 1
        elif at < len(pattern) and pattern[at] == name[done]:
            at, done = at + 1, done + 1
        elif star >= 0:
            resume += 1
            at, done = star + 1, resume
        else:
            return False
    return pattern[at:].strip("*") == ""

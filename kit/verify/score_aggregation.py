"""A 2025-09 Kattis scoring problem's scores, from its cases' verdicts and what their output
validators wrote (Kattis/problem-package-format, spec/2025-09.md, "Result aggregation").

- ``secret`` and its test data groups (``Package.score_groups``, ``kit.packages.scoring``)
  each aggregate by ``pass-fail``, ``sum`` or ``min``. A case belongs to the group above it,
  else to ``secret`` (which has groups or cases, not both).
- Only a case of a ``sum`` or ``min`` group scores. Its maximum: the group's ``max_score``
  under ``min``, ``max_score / N`` under ``sum`` (N: the group's cases; no static validation
  here), none in an unbounded group. A case that is not accepted scores 0; an accepted one
  ``score_multiplier.txt`` times its maximum, else ``score.txt``, else its maximum.
- A judge error (the case's verdict becomes JE): a ``score.txt`` or ``score_multiplier.txt``
  in a pass-fail test data group, or on a rejected output (on a sample it is ignored, as
  "Samples and full feedback" says); both files; a
  multiplier in an unbounded group, or outside [0, 1]; a ``score.txt`` that is not a
  non-negative number, or over a bounded case's maximum; none in an unbounded group.
- A ``pass-fail`` group scores its ``max_score`` when every case is accepted, else 0; a
  ``sum`` or ``min`` one the sum or minimum of its cases' scores. ``secret`` aggregates its
  groups' scores the same way, and is the submission's score. A group (or ``secret``)
  whose ``require_pass`` names a group (or ``sample``) with a case not accepted scores 0: the
  judge does not run it (the kit runs it, and its verdicts stand). One scored over its
  ``max_score`` is a judge error of the group.

API::

    aggregate(groups, verdicts, written) -> Aggregate(score, groups, errors)
        groups: Package.score_groups (secret first)
        verdicts: ((case path under data/, Verdict), ...)
        written: {case path: (score.txt text or None, score_multiplier.txt text or None)}
        errors: ((case or group path, why), ...): cases first, in order, then groups
"""

from __future__ import annotations

import math
import posixpath
from typing import NamedTuple

from kit.packages.model import ScoreGroup
from kit.run.verdicts import OK, WA, Verdict

SAMPLE = ScoreGroup("sample", None, "pass-fail")  # scores nothing; a score written is ignored
SLACK = 1e-9  # relative: a sum of max_score / N over N cases may round above max_score


class Aggregate(NamedTuple):
    score: float  # secret's: the submission's
    groups: dict[str, float]  # secret's and every group's score, by path
    errors: tuple[tuple[str, str], ...]


def aggregate(
    groups: tuple[ScoreGroup, ...],
    verdicts: tuple[tuple[str, Verdict], ...],
    written: dict[str, tuple[str | None, str | None]],
) -> Aggregate:
    """The submission's score, each group's, and the judge errors (see the module doc)."""
    secret, named = groups[0], {group.path: group for group in groups}
    owners = {path: _owner(path, named) for path, _ in verdicts}
    members: dict[str, list[str]] = {group.path: [] for group in groups}
    members["sample"] = []
    for path, owner in owners.items():
        if owner is not None:
            members[owner].append(path)
    errors: list[tuple[str, str]] = []
    passed: dict[str, bool] = {}
    case_scores: dict[str, float] = {}
    for path, verdict in verdicts:
        owner = owners[path]
        group = SAMPLE if owner == "sample" else named.get(owner or "")
        score, why = 0.0, None
        if group is not None:
            count = len(members[group.path])
            score, why = case_score(group, count, verdict, written.get(path, (None, None)))
        if why is not None:
            errors.append((path, why))
        passed[path] = verdict == OK and why is None
        case_scores[path] = score
    scores = {}
    for group in groups[1:] or groups:
        scores[group.path] = _group_score(group, members, passed, case_scores)
    if len(groups) > 1:
        scores["secret"] = _secret_score(secret, groups[1:], members, passed, scores)
    for group in groups:
        if group.max_score is not None and scores[group.path] > group.max_score * (1 + SLACK):
            errors.append(
                (
                    group.path,
                    f"score {scores[group.path]:g} is over its max_score {group.max_score:g}",
                )
            )
    return Aggregate(scores["secret"], scores, tuple(errors))


def case_score(
    group: ScoreGroup, count: int, verdict: Verdict, written: tuple[str | None, str | None]
) -> tuple[float, str | None]:
    """A case's score in ``group`` of ``count`` cases, and why it is a judge error (or None)."""
    if group is SAMPLE:  # "not an error, but simply ignored" (spec, "Samples and full feedback")
        return 0.0, None
    score_text, multiplier_text = written
    if group.aggregation == "pass-fail" or verdict != OK:
        wrote = score_text is not None or multiplier_text is not None
        return 0.0, _unscored_error(group, verdict) if wrote else None
    maximum = group.max_score
    if maximum is not None and group.aggregation == "sum":
        maximum /= count
    if score_text is not None and multiplier_text is not None:
        return 0.0, "the validator wrote both score.txt and score_multiplier.txt"
    if multiplier_text is not None:
        return _multiplied(multiplier_text, maximum)
    return _scored(score_text, maximum)


def _unscored_error(group: ScoreGroup, verdict: Verdict) -> str | None:
    """Why a score written for a case that takes none is a judge error (past a time-out or a
    crash the validator did not judge the run: None)."""
    if group.aggregation == "pass-fail":
        return "the validator wrote a score in a pass-fail group"
    return "the validator wrote a score on a rejected output" if verdict == WA else None


def _scored(text: str | None, maximum: float | None) -> tuple[float, str | None]:
    """An accepted case's score from its ``score.txt`` (None: none written)."""
    if text is None:
        if maximum is None:
            return 0.0, "the validator wrote no score.txt in an unbounded group"
        return maximum, None
    value = _number(text)
    if value is None or value < 0:
        return 0.0, f"the validator's score.txt holds {text!r}, not a non-negative number"
    if maximum is not None and value > maximum * (1 + SLACK):
        return 0.0, f"the validator's score {value:g} is over the case's maximum {maximum:g}"
    return value, None


def _multiplied(text: str, maximum: float | None) -> tuple[float, str | None]:
    if maximum is None:
        return 0.0, "the validator wrote score_multiplier.txt in an unbounded group"
    value = _number(text)
    if value is None or not 0 <= value <= 1:
        return 0.0, f"the validator's score_multiplier.txt holds {text!r}, not a number in [0, 1]"
    return value * maximum, None


def _group_score(group: ScoreGroup, members: dict, passed: dict, case_scores: dict) -> float:
    cases = members[group.path]
    if not _required_passed(group, members, passed):
        return 0.0
    if group.aggregation == "pass-fail":
        return float(group.max_score or 0.0) if all(passed[path] for path in cases) else 0.0
    found = [case_scores[path] for path in cases]
    return (sum(found) if group.aggregation == "sum" else min(found)) if found else 0.0


def _secret_score(secret: ScoreGroup, groups, members: dict, passed: dict, scores: dict) -> float:
    if not _required_passed(secret, members, passed):
        return 0.0
    if secret.aggregation == "pass-fail":
        every = all(passed[path] for group in groups for path in members[group.path])
        return float(secret.max_score or 0.0) if every else 0.0
    found = [scores[group.path] for group in groups]
    return sum(found) if secret.aggregation == "sum" else min(found)


def _required_passed(group: ScoreGroup, members: dict, passed: dict) -> bool:
    """Whether every case of the groups ``group`` requires (``require_pass``) passed."""
    return all(passed[path] for name in group.require_pass for path in members.get(name, ()))


def _owner(path: str, named: dict[str, ScoreGroup]) -> str | None:
    """The group a case at ``path`` belongs to: ``sample``, a test data group, ``secret``,
    or None (validation data)."""
    top = path.split("/", 1)[0]
    if top == "sample":
        return "sample"
    if top != "secret":
        return None
    parts = posixpath.dirname(path).split("/")
    group = "/".join(parts[:2])
    return group if group in named else "secret"


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return None if math.isnan(value) or math.isinf(value) else value

"""The verdict a Kattis judge gives a submission when the package's test data groups set
``on_reject`` or ``grader_flags`` (Kattis/problem-package-format, spec/legacy.md, "Test data
groups" and "Default grader specification"; problemtools' support/default_grader).

- A group's result is its grader's over its sub-results: its cases and subgroups, in
  lexicographic order of their names (``data/`` holds ``sample`` then ``secret``).
- ``on_reject: break`` (the default) stops a group at its first sub-result that is not
  accepted; ``continue`` takes them all.
- The verdict modes of ``grader_flags`` (the last one given counts): ``worst_error`` (the
  default, also ``no_errors``), the first of JE, RTE, MLE, TLE, OLE, WA, PE among the
  sub-results (``kit.run.verdicts.KATTIS_WORST_FIRST``); ``first_error``, the first that is
  not accepted; ``always_accept``. ``accept_if_any_accepted``: accepted when any sub-result
  is. ``ignore_sample`` (the root): only the last sub-result, ``secret``, counts.
- A judge error among the sub-results is the group's, whatever the flags (problemtools,
  judge/submission_judge.py, ``_aggregate_group_result``).
- Settings are inherited by subgroups (``kit.packages.kattis_data`` resolves them). With break
  and ``worst_error`` everywhere the verdict is the first failing case's, the kit's rule for
  every other package; only a package that sets something else is graded here.

- Scores (a scoring problem; problemtools' default grader, judge/submission_judge.py): a
  case scores what its output validator wrote to ``score.txt``, else its group's
  ``accept_score`` (default 1) when accepted and ``reject_score`` (0) when not; a group
  scores its sub-results' ``sum`` (the default), ``avg``, ``min`` or ``max`` (the last score
  mode in its flags), over the same sub-results as its verdict (``ignore_sample``: secret's).
  ``scored`` gives every group's score, for the ``range`` check (``out_of_range``).
- A group whose ``grading`` is ``custom`` is aggregated by the package's grader instead
  (``scored``'s ``grader``: its sub-results' verdicts and scores, its flags), after the same
  judge error check; the case that decides is the last sub-result with the grader's verdict.

API::

    graded(grading, verdicts) -> (Verdict, deciding case path or "")
    scored(grading, verdicts, scores[, grader]) -> Scored(verdict, decider, score, groups)
        grading: (GroupGrading or its leading fields (path under data/, on_reject, grader
            flags), ...)
        verdicts: ((case path under data/, its verdict), ...)  # the cases run
        scores: {case path: the validator's score}  # only the cases that have one
    out_of_range(grading, groups) -> [(group path, its score, its range)]
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from typing import NamedTuple

from kit.packages.model import GroupGrading
from kit.run.verdicts import JE, KATTIS_WORST_FIRST, OK, Verdict

VERDICT_MODES = ("worst_error", "no_errors", "first_error", "always_accept")
SCORE_MODES = {
    "sum": sum,
    "avg": lambda scores: sum(scores) / len(scores),
    "min": min,
    "max": max,
}
Result = tuple[Verdict, str]  # a verdict, and the case that gave it ("" when accepted)
# a package's own grader: (sub-results' (verdict, score), grader flags) -> (verdict, score)
Grader = Callable[[list[tuple[Verdict, float]], tuple[str, ...]], tuple[Verdict, float]]


class Scored(NamedTuple):
    verdict: Verdict
    decider: str  # the case the verdict comes from, "" when accepted
    score: float
    groups: dict[str, float]  # each group's score, by its path under data/ ("" for data/)


def graded(grading: tuple, verdicts: tuple[tuple[str, Verdict], ...]) -> Result:
    """The root's result: the submission's verdict, and the case it comes from."""
    found = scored(grading, verdicts, {})
    return found.verdict, found.decider


def scored(
    grading: tuple,
    verdicts: tuple[tuple[str, Verdict], ...],
    scores: dict,
    grader: Grader | None = None,
) -> Scored:
    """The root's result with its score, and every group's score; ``grader`` aggregates the
    groups whose grading is custom."""
    settings = {entry[0]: GroupGrading(*entry) for entry in grading}
    ran = dict(verdicts)
    groups = {""} | set(settings)
    for path in ran:  # every group above a case, whether or not ``grading`` names it
        parent = posixpath.dirname(path)
        while parent not in groups:
            groups.add(parent)
            parent = posixpath.dirname(parent)
    children: dict[str, list[str]] = {group: [] for group in groups}
    for path in [*groups, *ran]:
        if path:
            children[posixpath.dirname(path)].append(path)
    for members in children.values():
        members.sort(key=posixpath.basename)
    groups_scored: dict[str, float] = {}
    state = (ran, scores, groups_scored, grader)
    verdict, decider, score = _result("", settings, children, state)
    return Scored(verdict, decider, score, groups_scored)


def out_of_range(grading: tuple, groups: dict[str, float]) -> list[tuple[str, float, tuple]]:
    """The groups whose score falls outside their ``range``, in the order of ``grading``."""
    found = []
    for entry in (GroupGrading(*entry) for entry in grading):
        low, high = entry.score_range
        score = groups.get(entry.path)
        if score is not None and not low <= score <= high:
            found.append((entry.path, score, entry.score_range))
    return found


def _result(group: str, settings: dict, children: dict, state: tuple) -> tuple:
    """``group``'s (verdict, deciding case, score); ``state``: the cases' verdicts and
    validator scores, and the group scores found so far (filled in here)."""
    ran, scores, groups_scored, grader = state
    rule = settings.get(group, GroupGrading(group))
    subs = []
    for child in children[group]:
        if child in ran:
            verdict = ran[child]
            own = scores.get(child)
            fallback = rule.accept_score if verdict == OK else rule.reject_score
            sub = (verdict, child, fallback if own is None else own)
        else:
            sub = _result(child, settings, children, state)
        subs.append(sub)
        if rule.on_reject == "break" and sub[0] != OK:
            break
    if rule.custom and grader is not None:
        result = _custom(subs, tuple(rule.flags), grader)
    else:
        result = _aggregate(subs, tuple(rule.flags))
    groups_scored[group] = result[2]
    return result


def _custom(subs: list[tuple], flags: tuple[str, ...], grader: Grader) -> tuple:
    """The package's grader's (verdict, deciding case, score) over ``subs``: a judge error
    among them is the group's first (problemtools), and the deciding case is the last
    sub-result with the grader's verdict."""
    judge_error = next((sub for sub in subs if sub[0] == JE), None)
    if judge_error is not None or not subs:
        return judge_error or (OK, "", 0.0)
    verdict, score = grader([(sub[0], sub[2]) for sub in subs], flags)
    decider = next((sub[1] for sub in reversed(subs) if sub[0] == verdict), "")
    return verdict, decider, score


def _aggregate(subs: list[tuple], flags: tuple[str, ...]) -> tuple:
    """The default grader's (verdict, deciding case, score) over ``subs`` with ``flags``."""
    modes = [flag for flag in flags if flag in VERDICT_MODES]
    mode = modes[-1] if modes else "worst_error"
    score_modes = [flag for flag in flags if flag in SCORE_MODES]
    judge_error = next((sub for sub in subs if sub[0] == JE), None)
    if judge_error is not None:  # problemtools: before the grader, whatever its flags
        return judge_error
    if "ignore_sample" in flags:
        subs = subs[-1:]
    score = SCORE_MODES[score_modes[-1] if score_modes else "sum"]([s[2] for s in subs] or [0.0])
    failing = [sub for sub in subs if sub[0] != OK]
    if not failing or mode == "always_accept":
        return OK, "", score
    if "accept_if_any_accepted" in flags and len(failing) < len(subs):
        return OK, "", score
    if mode == "first_error":
        return failing[0][0], failing[0][1], score
    rank = {verdict: index for index, verdict in enumerate(KATTIS_WORST_FIRST)}
    worst = min(failing, key=lambda sub: rank.get(sub[0], 0))
    return worst[0], worst[1], score

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
- Settings are inherited by subgroups (``kit.packages.kattis`` resolves them). With break
  and ``worst_error`` everywhere the verdict is the first failing case's, the kit's rule for
  every other package; only a package that sets something else is graded here.

Scores (``accept_score``, ``range``, the score modes) are not computed: a scoring problem is
judged pass-fail.

API::

    graded(grading, verdicts) -> (Verdict, deciding case path or "")
        grading: ((group path under data/, on_reject, grader flags), ...)
        verdicts: ((case path under data/, its verdict), ...)  # the cases run
"""

from __future__ import annotations

import posixpath

from kit.run.verdicts import JE, KATTIS_WORST_FIRST, OK, Verdict

VERDICT_MODES = ("worst_error", "no_errors", "first_error", "always_accept")
Result = tuple[Verdict, str]  # a verdict, and the case that gave it ("" when accepted)


def graded(grading: tuple, verdicts: tuple[tuple[str, Verdict], ...]) -> Result:
    """The root's result: the submission's verdict, and the case it comes from."""
    settings = {path: (on_reject, tuple(flags)) for path, on_reject, flags in grading}
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
    return _result("", settings, children, ran)


def _result(group: str, settings: dict, children: dict, ran: dict) -> Result:
    on_reject, flags = settings.get(group, ("break", ()))
    subs = []
    for child in children[group]:
        sub = (ran[child], child) if child in ran else _result(child, settings, children, ran)
        subs.append(sub)
        if on_reject == "break" and sub[0] != OK:
            break
    return _aggregate(subs, flags)


def _aggregate(subs: list[Result], flags: tuple[str, ...]) -> Result:
    """The default grader's verdict over ``subs`` with ``flags``."""
    modes = [flag for flag in flags if flag in VERDICT_MODES]
    mode = modes[-1] if modes else "worst_error"
    judge_error = next((sub for sub in subs if sub[0] == JE), None)
    if judge_error is not None:  # problemtools: before the grader, whatever its flags
        return judge_error
    if "ignore_sample" in flags:
        subs = subs[-1:]
    failing = [sub for sub in subs if sub[0] != OK]
    if not failing or mode == "always_accept":
        return OK, ""
    if "accept_if_any_accepted" in flags and len(failing) < len(subs):
        return OK, ""
    if mode == "first_error":
        return failing[0]
    rank = {verdict: index for index, verdict in enumerate(KATTIS_WORST_FIRST)}
    return min(failing, key=lambda sub: rank.get(sub[0], 0))

"""The time limit a later-format Kattis package's own submissions give it, and whether a limit
fits them (Kattis/problem-package-format, spec/2025-09.md, "Problem timing" and "Timelimit
inference"; read as BAPCtools reads it: bapctools/expectations.py, ``lower_time_limit`` and
``upper_time_limit``, and bapctools/problem.py, ``determine_time_limit``).

- **Which rules bound the limit.** A rule (``kit.verify.verdict_agreement.rules_of``: a submission's
  folder's rule, then the submissions.yaml rules that match it) bounds it from below when the
  verdicts it permits leave TLE out (the folders ``accepted``, ``wrong_answer`` and
  ``run_time_error``), from above when it requires exactly TLE (``time_limit_exceeded``). Its
  ``use_for_time_limit`` overrides that: ``false`` neither, ``lower`` or ``upper`` that one.
- **Which times.** A case of a submission counts for a bound when a rule of that kind for the
  submission covers it. The lower bound T_ac is the slowest such case of any submission; the
  upper bound T_tle is, per submission, its slowest such case, and the fastest of those. A
  submission run to its first failure only (a package without submissions.yaml) counts its
  slowest case run, under its rules for every case.
- **The rule.** ``T_ac x ac_to_time_limit <= limit`` and ``limit x time_limit_to_tle <=
  T_tle``. A package that gives no limit gets the smallest multiple of ``time_resolution``
  that meets the first; when that breaks the second, no limit fits, which the format calls an
  error. Without a lower bound (no such submission the kit runs: Python 3, a Kattis
  package's C or C++) the kit's stand-in limit is
  used (``kit.verify.judging.STAND_IN_LIMIT``), said to be one, and no bound is held against it.

Legacy packages keep problemtools' rule instead (``kit.verify.judging.derived_limit``: the accepted
submissions only).

API::

    bounds_of(rule) -> (lower: bool, upper: bool)
    time_bounds(judged, expectations) -> Bounds
    lower_cases(problem, submission, cases) -> list[Case]   # those its lower-bound rules cover
    inferred_limit(problem, judged) -> Problem
    breaches(limit, bounds, multiplier, margin) -> list[str]   # empty: the limit fits
"""

from __future__ import annotations

import dataclasses
import math

from kit.packages.expectations import Expectation
from kit.packages.model import Submission
from kit.problem_cases import Case
from kit.registry import Problem
from kit.run.verdicts import KATTIS_WORDS
from kit.verify.judged_submissions import Judged
from kit.verify.judging import STAND_IN, case_path, stand_in
from kit.verify.verdict_agreement import rules_of

_TLE = KATTIS_WORDS[2]


@dataclasses.dataclass(frozen=True)
class Bound:
    seconds: float
    where: str  # the submission, and its case when one is known: "wrong_answer/a.py on secret/3"


@dataclasses.dataclass(frozen=True)
class Bounds:
    lower: Bound | None  # T_ac: the slowest case that must stay under the limit
    upper: Bound | None  # T_tle: the fastest time-limit submission's slowest case


def bounds_of(rule: Expectation) -> tuple[bool, bool]:
    """Whether ``rule`` bounds the time limit from below, and from above."""
    use = rule.use_for_time_limit
    if use in ("false", "lower", "upper"):
        return use == "lower", use == "upper"
    lower = rule.permitted is not None and _TLE not in rule.permitted
    upper = rule.required is not None and set(rule.required) == {_TLE}
    return lower, upper


def time_bounds(judged: list[Judged], expectations: tuple[Expectation, ...]) -> Bounds:
    """T_ac and T_tle over the submissions ``judged`` (those not run are left out)."""
    lower: Bound | None = None
    upper: Bound | None = None
    for entry in judged:
        if entry.verdict is None:
            continue
        low, high = _slowest(entry, rules_of(expectations, entry.submission))
        if low is not None and (lower is None or low.seconds > lower.seconds):
            lower = low
        if high is not None and (upper is None or high.seconds < upper.seconds):
            upper = high
    return Bounds(lower, upper)


def _slowest(entry: Judged, rules: list[Expectation]) -> tuple[Bound | None, Bound | None]:
    """A submission's slowest case counted for the lower bound, and for the upper one."""
    cases = [(path, seconds) for path, _, seconds in entry.cases] or [("", entry.seconds)]
    found: list[Bound | None] = []
    for kind in (0, 1):
        kept = [rule for rule in rules if bounds_of(rule)[kind]]
        times = [
            (seconds, path)
            for path, seconds in cases
            if any(rule.applies_to(path) for rule in kept)
        ]
        if not times:
            found.append(None)
            continue
        seconds, path = max(times)
        name = entry.submission.name
        found.append(Bound(seconds, f"{name} on {path}" if path else name))
    return found[0], found[1]


def lower_cases(problem: Problem, submission: Submission, cases: list[Case]) -> list[Case]:
    """The cases of ``submission`` that a rule bounding the limit from below covers."""
    package = problem.source
    assert package is not None
    kept = [rule for rule in rules_of(package.expectations, submission) if bounds_of(rule)[0]]
    return [
        case for case in cases if any(rule.applies_to(case_path(problem, case)) for rule in kept)
    ]


def inferred_limit(problem: Problem, judged: list[Judged]) -> Problem:
    """The problem with the limit its submissions give (the smallest fitting multiple of its
    ``time_resolution``); when none bounds it from below (none the kit runs), the kit's stand-in
    (``kit.verify.judging.stand_in``), said to be one: the data and validators are still checked."""
    package = problem.source
    assert package is not None
    lower = time_bounds(judged, package.expectations).lower
    if lower is None or not lower.seconds:
        why = (
            f"the package fixes none, and no submission run here (Python 3, C, C++, Java) that "
            f"bounds it from below "
            f"(accepted, wrong_answer, run_time_error, or a rule without TLE) ran: {STAND_IN}"
        )
        return stand_in(problem, why)
    step = package.resolution
    limit = max(1, math.ceil(lower.seconds * package.multiplier / step - 1e-9)) * step
    rule = (
        f"the format's inference: slowest lower-bound case {lower.seconds:.3f} s "
        f"({lower.where}) x {package.multiplier:g}, rounded up to a multiple of {step:g} s"
    )
    package = dataclasses.replace(package, time_from=rule)
    return dataclasses.replace(problem, time_limit=limit, source=package)


def breaches(limit: float, bounds: Bounds, multiplier: float, margin: float) -> list[str]:
    """What ``limit`` breaks of the format's rule (the module doc), a line each."""
    found = []
    lower, upper = bounds.lower, bounds.upper
    if lower is not None and lower.seconds * multiplier > limit * (1 + 1e-9):
        found.append(
            f"the slowest lower-bound case, {lower.where}, {lower.seconds:.3f} s x "
            f"{multiplier:g} = {lower.seconds * multiplier:.3f} s, is over the {limit:g} s limit"
        )
    if upper is not None and limit * margin > upper.seconds * (1 + 1e-9):
        found.append(
            f"the {limit:g} s limit x {margin:g} = {limit * margin:.3f} s is over the fastest "
            f"time-limit submission's slowest case, {upper.where}, {upper.seconds:.3f} s"
        )
    return found

"""What a Kattis package says about its scores, read as problemtools reads it (the legacy
format's and 2023-07's scoring; problemtools/metadata.py, ``LegacyGrading`` and
``is_custom_score_allowed``, and verifyproblem.py, ``TestCaseGroup``).

- A problem is scored when its ``type`` is ``scoring``; the rest are pass-fail.
- Its objective, ``max`` (the default) or ``min``, is problem.yaml's ``grading.objective``.
- Its output validator may write ``score.txt``: in the legacy format only when ``validation``
  is ``custom score`` (and then must, for every accepted case); in 2023-07 whenever the
  problem is scored. Elsewhere a ``score.txt`` is a judge error.
- A group's ``accept_score`` (default 1), ``reject_score`` (0) and ``range`` ("-inf +inf",
  "MIN MAX") are inherited by its subgroups; problem.yaml's ``grading`` may set them (and
  ``on_reject``: ``first_error`` is break, ``grade`` continue) for every group at once.
- A group's ``grading: custom`` (inherited) has the package's grader aggregate it
  (``kit.grading``); only a scoring problem may.
- 2025-09's scoring (``max_score``, ``score_aggregation``, ``require_pass``) is another model:
  its problems are judged pass-fail here, and a note says so.

API::

    problem_scoring(config, version, types, shown) -> (objective, custom_score, notes)
    group_scores(configs, inherited, where) -> (accept_score, reject_score, score_range)
    custom_grading(config, inherited, where) -> bool  # a group's grading: custom
    problem_overrides(config, shown) -> {key: value}  # problem.yaml's grading, for every group
"""

from __future__ import annotations

import math

from kit.errors import BuildError
from kit.packages import smallyaml

SCORE_KEYS = ("accept_score", "reject_score", "range")
LEGACY_ON_REJECT = {"first_error": "break", "grade": "continue", "worst_error": None}


def problem_scoring(
    config: dict, version: str, types: list[str], shown: str
) -> tuple[str, str, list[str]]:
    """A scored problem's objective and whether its validator may write ``score.txt``
    ("", "allowed" or "required"), and notes; ("", "", []) for a pass-fail problem."""
    if "scoring" not in types:
        return "", "", []
    if not (version.startswith("legacy") or version.startswith("2023-07")):
        note = (
            f"note: {shown} is a scoring problem of the {version} format (max_score, "
            "score_aggregation): judged pass-fail here, no scores"
        )
        return "", "", [note]
    grading = _grading_table(config, shown)
    objective = str(grading.get("objective", "max"))
    if objective not in ("max", "min"):
        raise BuildError(f"{shown}/problem.yaml: grading.objective must be max or min")
    if version.startswith("legacy"):
        words = str(config.get("validation", "default")).split()
        custom = "required" if words[:1] == ["custom"] and "score" in words[1:] else ""
    else:
        custom = "allowed"
    return objective, custom, []


def problem_overrides(config: dict, shown: str) -> dict:
    """What problem.yaml's ``grading`` sets for every test data group (problemtools applies
    it over the groups' own settings)."""
    grading = _grading_table(config, shown)
    found = {key: grading[key] for key in SCORE_KEYS if grading.get(key) is not None}
    on_reject = grading.get("on_reject")
    if on_reject is not None:
        if on_reject not in LEGACY_ON_REJECT:
            known = ", ".join(LEGACY_ON_REJECT)
            raise BuildError(f"{shown}/problem.yaml: grading.on_reject must be one of {known}")
        if LEGACY_ON_REJECT[on_reject] is not None:
            found["on_reject"] = LEGACY_ON_REJECT[on_reject]
    return found


def group_scores(configs: list[dict], inherited: tuple, where: str) -> tuple:
    """A group's (accept_score, reject_score, score_range) from its settings files
    ``configs``, each key inherited from ``inherited`` when they do not set it."""
    accept, reject, score_range = inherited
    for config in configs:
        if "accept_score" in config:
            accept = smallyaml.number(config["accept_score"], f"{where}: accept_score")
        if "reject_score" in config:
            reject = smallyaml.number(config["reject_score"], f"{where}: reject_score")
        if "range" in config:
            score_range = _range(config["range"], where)
    return accept, reject, score_range


def custom_grading(config: dict, inherited: bool, where: str) -> bool:
    """Whether a group's ``grading`` (``default`` or ``custom``) is the package's grader's."""
    if "grading" not in config:
        return inherited
    if config["grading"] not in ("default", "custom"):
        raise BuildError(f"{where}: grading: {config['grading']!r} is not default or custom")
    return config["grading"] == "custom"


def _range(value: object, where: str) -> tuple[float, float]:
    """``range: "0 100"`` as (0.0, 100.0); a one-line error unless two numbers, low first."""
    words = str(value).split()
    try:
        low, high = (float(word) for word in words) if len(words) == 2 else (None, None)
    except ValueError:
        low = high = None
    if low is None or high is None or math.isnan(low) or math.isnan(high):
        raise BuildError(f"{where}: range: {str(value)!r} is not two numbers (MIN MAX)")
    if low > high:
        raise BuildError(f"{where}: range: {str(value)!r}: its minimum is above its maximum")
    return low, high


def _grading_table(config: dict, shown: str) -> dict:
    grading = config.get("grading", {})
    if grading in (None, ""):
        return {}
    if not isinstance(grading, dict):
        raise BuildError(f"{shown}/problem.yaml: grading must be a table of settings")
    return grading

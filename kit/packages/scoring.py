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
  (``kit.verify.grading``); only a scoring problem may.
- 2025-09's scoring is another model (spec/2025-09.md, "Test data configuration" and "Result
  aggregation"): ``secret`` and each test data group (a folder right under it with a
  ``test_group.yaml``) has a ``max_score`` (``secret`` 100, a group ``unbounded``, by
  default), a ``score_aggregation`` (``secret`` ``sum``, a group ``pass-fail``) and a
  ``require_pass``; ``score_group`` reads one, ``check_score_groups`` what the format asks
  of them together (a pass-fail group bounded; a bounded ``secret``'s groups bounded; a
  pass-fail ``secret``'s groups pass-fail; ``require_pass`` naming ``sample`` or an earlier
  pass-fail group, ``secret`` only ``sample``; none of these keys in ``sample``), each a
  one-line error. ``kit.verify.score_aggregation`` scores a run with them.

API::

    problem_scoring(config, version, types, shown) -> (objective, custom_score, notes)
    group_scores(configs, inherited, where) -> (accept_score, reject_score, score_range)
    custom_grading(config, inherited, where) -> bool  # a group's grading: custom
    problem_overrides(config, shown) -> {key: value}  # problem.yaml's grading, for every group
    score_group(config, path, where) -> ScoreGroup  # 2025-09: one group's test_group.yaml
    check_score_groups(groups, sample_config, shown)  # 2025-09: secret's, then its groups'
"""

from __future__ import annotations

import math

from kit.errors import BuildError
from kit.packages import smallyaml
from kit.packages.model import ScoreGroup

SCORE_KEYS = ("accept_score", "reject_score", "range")
LEGACY_ON_REJECT = {"first_error": "break", "grade": "continue", "worst_error": None}
AGGREGATIONS = ("pass-fail", "sum", "min")  # 2025-09's score_aggregation
GROUP_SCORE_KEYS = ("max_score", "score_aggregation", "require_pass")  # 2025-09's


def problem_scoring(
    config: dict, version: str, types: list[str], shown: str
) -> tuple[str, str, list[str]]:
    """A scored problem's objective and whether its validator may write ``score.txt``
    ("", "allowed" or "required"), and notes; ("", "", []) for a pass-fail problem."""
    if "scoring" not in types:
        return "", "", []
    if not (version.startswith("legacy") or version.startswith("2023-07")):
        return "max", "allowed", []  # 2025-09: which groups take a score is score_group's
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


def score_group(config: dict, path: str, where: str) -> ScoreGroup:
    """The 2025-09 settings of ``secret`` or a group at ``path`` ("secret/group1") from its
    ``test_group.yaml`` (``config``), the format's defaults where it sets none."""
    top = path == "secret"
    given = config.get("max_score", 100 if top else "unbounded")
    if str(given).strip() == "unbounded":
        max_score = None
    else:
        max_score = smallyaml.number(given, f"{where}: max_score")
        if max_score < 0 or max_score != int(max_score):
            raise BuildError(f"{where}: max_score: {given!r} is not a non-negative integer")
    aggregation = str(config.get("score_aggregation", "sum" if top else "pass-fail")).strip()
    if aggregation not in AGGREGATIONS:
        known = ", ".join(AGGREGATIONS)
        raise BuildError(f"{where}: score_aggregation: {aggregation!r} is not one of {known}")
    required = config.get("require_pass", [])
    names = required if isinstance(required, list) else [required]
    return ScoreGroup(path, max_score, aggregation, tuple(str(name).strip() for name in names))


def check_score_groups(groups: tuple[ScoreGroup, ...], sample: dict, shown: str) -> None:
    """A one-line error when 2025-09's ``groups`` (``secret`` first) break the format's rules
    together, or ``sample``'s ``test_group.yaml`` sets a scoring key."""
    given = [key for key in GROUP_SCORE_KEYS if key in sample]
    if given:
        raise BuildError(f"{shown}/data/sample: {given[0]} is not permitted in sample")
    top, named = groups[0], {group.path: group for group in groups}
    for group in groups:
        where = f"{shown}/data/{group.path}"
        if group.aggregation == "pass-fail" and group.max_score is None:
            raise BuildError(f"{where}: a pass-fail group needs a bounded max_score")
        if top.max_score is not None and group.max_score is None:
            raise BuildError(f"{where}: secret's max_score is bounded, so this group's must be")
        if top.aggregation == "pass-fail" and group.aggregation != "pass-fail":
            raise BuildError(f"{where}: secret is pass-fail, so every group must be")
        for name in group.require_pass:
            _check_requirement(group, named.get(name), name, where)


def _check_requirement(group: ScoreGroup, needed: ScoreGroup | None, name: str, where: str):
    """A one-line error unless ``group`` may require every case of ``name`` to pass."""
    if group.path == "secret" and name != "sample":
        raise BuildError(f"{where}: require_pass: secret may only require sample, not {name!r}")
    if name == "sample":
        return
    if needed is None or needed.path == "secret":
        raise BuildError(f"{where}: require_pass: {name!r} is not a test data group")
    if needed.aggregation != "pass-fail":
        raise BuildError(f"{where}: require_pass: {name!r} is not a pass-fail group")
    if not name < group.path:
        raise BuildError(f"{where}: require_pass: {name!r} does not come before {group.path}")


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

"""What ``verify`` found of one of a package's submissions (``Judged``): its verdict (none when
it was not run, and why), its slowest case's time, what its first failing case said, every
case's verdict and message when all of them ran, a scoring problem's scores, and its verdict at
the limit x the margin when that differs. ``kit.verify.judging`` judges a submission into one,
``kit.verify.verdict_agreement`` says whether it agrees with its folder,
``kit.verify.limit_inference`` takes the time limit's bounds from them, and ``kit.commands.verify``
prints each as a row.
"""

from __future__ import annotations

import dataclasses

from kit.packages.model import Submission
from kit.run.verdicts import Verdict


@dataclasses.dataclass
class Judged:
    submission: Submission
    package_format: str  # KATTIS or POLYGON
    verdict: Verdict | None = None  # None: not run
    seconds: float = 0.0  # its slowest case, as the limit counts time
    wall: float | None = None  # its slowest case's wall clock; None: a case's was not timed
    cpu: float | None = None  # the most CPU time of a case; None: a case's was not timed
    said: str = ""  # the first failing case and its message, or why it was not run
    # every case's verdict, when the package's submissions.yaml asks about all of them:
    # (its path under data/ without .in, the kit's verdict, its seconds)
    cases: tuple[tuple[str, Verdict, float], ...] = ()
    messages: tuple[tuple[str, str], ...] = ()  # (path under data/, message) of each failure
    # a scoring problem's (kit.verify.grading): the submission's score, the full score (None when
    # its range leaves it unbounded), and each group whose score falls outside its range
    score: float | None = None
    full_score: float | None = None
    out_of_range: tuple[str, ...] = ()
    # a 2025-09 scoring problem's (kit.verify.score_aggregation): secret's and each group's score
    group_scores: tuple[tuple[str, float], ...] = ()
    compile_error: bool = False  # not run: a Python 3 file that does not compile (``said``)
    # its verdict at the limit x the margin and what its first failing case said there, when
    # that differs from ``verdict`` (a time-out within the margin, kit.verify.judging's
    # ``_at_margin``)
    at_margin: tuple[Verdict, str] | None = None

"""kit.verify.judged_submissions: the record of what ``verify`` found of a submission. Filled and
judged: tests/kit/verify/test_judging.py, tests/kit/verify/test_limit_inference.py."""

from pathlib import Path

from kit.packages.model import KATTIS, Submission
from kit.verify.judged_submissions import Judged


def test_a_submission_is_recorded_as_not_run_until_it_is_judged():
    submission = Submission(Path("x.py"), "accepted/x.py", "accepted", "Python")
    judged = Judged(submission, KATTIS)
    assert (judged.submission, judged.package_format) == (submission, KATTIS)
    assert (judged.verdict, judged.seconds, judged.said) == (None, 0.0, "")
    assert (judged.cases, judged.messages) == ((), ())
    assert (judged.score, judged.full_score, judged.out_of_range, judged.group_scores) == (
        None,
        None,
        (),
        (),
    )
    assert judged.compile_error is False and judged.at_margin is None

"""kit.verify.limit_inference: which rules bound a later-format package's time limit (the default
folders', use_for_time_limit's), which cases' times count, the limit inferred (the smallest
fitting multiple of time_resolution) and what a limit breaks; and ``cpkit verify`` on a
2025-09 package without a limit (kit.commands.verify)."""

import re
import shutil
from pathlib import Path

import pytest

from kit import cli
from kit.package_problem import problem_from_package
from kit.packages.expectations import Expectation
from kit.packages.model import KATTIS, Submission
from kit.problem_cases import judge_cases, sample_cases
from kit.run.verdicts import OK, TLE, WA
from kit.verify import limit_inference as inference
from kit.verify.judged_submissions import Judged
from kit.verify.judging import STAND_IN_LIMIT
from kit.verify.verdict_agreement import rules_of

ROOT = Path(__file__).resolve().parents[3]
SPLIT = ROOT / "tests" / "fixtures" / "packages" / "kattis_split_py"


def submission(name):
    return Submission(Path(name), name, name.split("/")[0], "Python")


def judged(name, verdict, seconds, cases=()):
    return Judged(submission(name), KATTIS, verdict, seconds, cases=cases)


@pytest.mark.parametrize(
    ("folder", "lower", "upper"),
    [
        ("accepted", True, False),
        ("wrong_answer", True, False),
        ("run_time_error", True, False),
        ("time_limit_exceeded", False, True),
        ("brute_force", False, False),  # requires RTE or TLE: neither
        ("rejected", False, False),
    ],
)
def test_the_default_folders_bound_the_limit_as_the_spec_s_table_says(folder, lower, upper):
    (rule,) = rules_of((), submission(f"{folder}/a.py"))
    assert inference.bounds_of(rule) == (lower, upper)


@pytest.mark.parametrize(
    ("use", "bounds"),
    [("false", (False, False)), ("lower", (True, False)), ("upper", (False, True)), ("true", None)],
)
def test_use_for_time_limit_overrides_what_the_verdicts_say(use, bounds):
    accepted = Expectation("accepted", "", ("AC",), None, None, use)
    assert inference.bounds_of(accepted) == (bounds or (True, False))
    # and a folder's own key passes it on to the folder's rule
    (rule,) = rules_of((Expectation("accepted", "", None, None, None, use),), accepted_a())
    assert inference.bounds_of(rule) == (bounds or (True, False))


def accepted_a():
    return submission("accepted/a.py")


# BAPCtools' testexpectations: tle/'s sample cases bound the limit from below, its secret ones
# from above
TLE_RULES = (
    Expectation("tle", "sample", None, None, None, "lower"),
    Expectation("tle", "secret", None, None, None, "upper"),
    Expectation("extra", "", ("AC",), None, None, "false"),  # its only rule: left out
    # the accepted folder's own rule still bounds it: "every glob that matches" must say false
    Expectation("accepted/also.py", "", None, None, None, "false"),
)


def test_the_bounds_take_the_cases_each_rule_covers():
    sleep = (
        ("sample/1", OK, 1.0),
        ("sample/3", OK, 5.0),
        ("secret/2", OK, 6.0),  # not a lower-bound case of tle/
        ("secret/42", TLE, 11.0),
    )
    found = inference.time_bounds(
        [
            judged("tle/sleep.py", TLE, 11.0, sleep),
            judged("wrong_answer/w.py", WA, 0.5, (("sample/1", WA, 0.5),)),
            judged("extra/x.py", OK, 9.0, (("sample/1", OK, 9.0),)),
            judged("accepted/also.py", OK, 4.0, (("sample/1", OK, 4.0),)),
            judged("time_limit_exceeded/t.py", TLE, 12.0),  # first failure only: its slowest
            judged("time_limit_exceeded/cpp.cpp", None, 0.0),  # not run
        ],
        TLE_RULES,
    )
    assert found.lower == inference.Bound(5.0, "tle/sleep.py on sample/3")
    # the fastest of the upper-bound submissions' slowest cases
    assert found.upper == inference.Bound(11.0, "tle/sleep.py on secret/42")
    without = inference.time_bounds(
        [judged("accepted/also.py", OK, 4.0, (("sample/1", OK, 4.0),))], TLE_RULES
    )
    assert without.lower == inference.Bound(4.0, "accepted/also.py on sample/1")


def test_nothing_run_bounds_nothing():
    assert inference.time_bounds([], ()) == inference.Bounds(None, None)


def test_a_limit_breaks_a_bound_by_its_multiplier_or_its_margin():
    bounds = inference.Bounds(inference.Bound(0.5, "accepted/a.py"), inference.Bound(3.0, "t"))
    assert inference.breaches(1.0, bounds, 2.0, 1.5) == []
    assert inference.breaches(2.0, bounds, 2.0, 1.5) == []  # exactly 3 s: allowed
    (low,) = inference.breaches(0.9, bounds, 2.0, 1.5)
    assert low == (
        "the slowest lower-bound case, accepted/a.py, 0.500 s x 2 = 1.000 s, is over the "
        "0.9 s limit"
    )
    (high,) = inference.breaches(2.5, bounds, 2.0, 1.5)
    assert high == (
        "the 2.5 s limit x 1.5 = 3.750 s is over the fastest time-limit submission's slowest "
        "case, t, 3.000 s"
    )


def split_2025(tmp_path, resolution=1.0):
    copy = shutil.copytree(SPLIT, tmp_path / "split")
    (copy / ".timelimit").unlink()
    (copy / "problem.yaml").write_text(
        f"problem_format_version: 2025-09\nname: Split\nlimits:\n  time_resolution: {resolution}\n"
    )
    (copy / "output_validators").rename(copy / "output_validator")
    return copy


@pytest.mark.parametrize(
    ("resolution", "slowest", "limit"),
    [
        (1.0, 0.3, 1.0),
        (1.0, 0.7, 2.0),  # 0.7 s x 2 = 1.4 s
        (0.5, 0.2, 0.5),
        (0.5, 0.3, 1.0),  # 0.6 s
        (0.25, 0.5, 1.0),  # exactly 1 s
    ],
)
def test_an_inferred_limit_is_the_smallest_multiple_of_the_time_resolution(
    tmp_path, resolution, slowest, limit
):
    problem = problem_from_package(split_2025(tmp_path, resolution), "split", STAND_IN_LIMIT)
    slow_wrong = judged("wrong_answer/off_by_one.py", WA, slowest)
    inferred = inference.inferred_limit(
        problem, [judged("accepted/split.py", OK, 0.05), slow_wrong]
    )
    assert inferred.time_limit == limit
    assert inferred.source.time_from == (
        f"the format's inference: slowest lower-bound case {slowest:.3f} s "
        f"(wrong_answer/off_by_one.py) x 2, rounded up to a multiple of {resolution:g} s"
    )


def test_no_lower_bound_gives_the_stand_in_limit_and_says_so(tmp_path):
    """A package of C++ lower-bound submissions only: its data and validators are still
    checked (it was a usage error, as a legacy package's was), under the kit's stand-in, not
    problemtools' provisional 300 s (a time-limit submission would run that long)."""
    problem = problem_from_package(split_2025(tmp_path), "split", STAND_IN_LIMIT)
    kept = inference.inferred_limit(problem, [judged("time_limit_exceeded/t.py", TLE, 30.0)])
    assert kept.time_limit == STAND_IN_LIMIT == 10
    assert kept.source.time_from.endswith("ran: the kit's stand-in 10 s, not the package's")


def test_the_lower_cases_are_those_a_lower_rule_covers(tmp_path):
    copy = split_2025(tmp_path)
    (copy / "submissions" / "submissions.yaml").write_text(
        "wrong_answer:\n  use_for_time_limit: false\n  secret:\n    use_for_time_limit: lower\n"
    )
    problem = problem_from_package(copy, "split", STAND_IN_LIMIT)
    cases = sample_cases(problem) + judge_cases(problem)[0]
    wrong = next(s for s in problem.source.submissions if s.folder == "wrong_answer")
    assert [case.group for case in inference.lower_cases(problem, wrong, cases)] == [
        "secret",
        "secret",
    ]
    assert len(cases) == 3


# a time-limit submission as quick as the accepted one, and a wrong answer that takes CPU time
QUICK = "n = int(input())\nprint(n // 2, n - n // 2)\n"
SLOW_WRONG = (
    "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.25:\n    pass\n"
    "print(0, 0)\n"
)


def test_verify_infers_the_limit_from_a_slow_wrong_answer_and_says_when_none_fits(capsys, tmp_path):
    copy = split_2025(tmp_path, 0.1)
    (copy / "submissions" / "wrong_answer" / "slow.py").write_text(SLOW_WRONG)
    (copy / "submissions" / "time_limit_exceeded").mkdir()
    (copy / "submissions" / "time_limit_exceeded" / "quick.py").write_text(QUICK)
    code = cli.main(["verify", str(copy), "-j", "1"])
    out = capsys.readouterr().out
    assert code == 1
    header = re.search(
        r"time limit (\d\.\d+) s \(the format's inference: slowest lower-bound case "
        r"(0\.\d{3}) s \(wrong_answer/slow\.py on (sample|secret)/\d\) x 2, rounded up to a "
        r"multiple of 0.1 s;",
        out,
    )
    assert header, out
    assert float(header[1]) >= 2 * float(header[2]) >= 0.5
    assert "time limit bounds: at least 0." in out
    assert "at most 0." in out and "(time_limit_exceeded/quick.py)" in out
    assert "\nno time limit fits the package's submissions (the format's rule): the " in out
    # a limit given is only warned about
    code = cli.main(["verify", str(copy), "quick", "-j", "1", "--time-limit", "2"])
    out = capsys.readouterr().out
    assert code == 1  # quick.py passes: its folder disagrees
    assert "  warning: the 2 s limit x 1.5 = 3.000 s is over the fastest time-limit" in out
    assert "no time limit fits" not in out


# right on every case; slow (1.5 s of CPU time) on n = 10, a secret case only
SLOW_ON_TEN = (
    "import time\nn = int(input())\nt = time.process_time()\n"
    "while n == 10 and time.process_time() - t < 1.5:\n    pass\nprint(n, 0)\n"
)


def test_a_submission_that_bounds_the_limit_on_some_cases_runs_again_on_all(capsys, tmp_path):
    """Its sample case runs before the limit is known; its row is a run of every case under
    the limit inferred, not that first run (which never met n = 10)."""
    copy = split_2025(tmp_path)
    (copy / "submissions" / "mixed").mkdir()
    (copy / "submissions" / "mixed" / "ten.py").write_text(SLOW_ON_TEN)
    (copy / "submissions" / "submissions.yaml").write_text(
        "mixed:\n  permitted: [AC, TLE]\n  sample:\n    use_for_time_limit: lower\n"
    )
    code = cli.main(["verify", str(copy), "-j", "1"])
    out = capsys.readouterr().out
    assert "time limit 1 s (the format's inference" in out
    row = next(line for line in out.splitlines() if line.startswith("mixed/ten.py"))
    assert row.split()[1:3] == ["yaml", "TLE"], out
    assert code == 0

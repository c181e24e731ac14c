"""kit.verify.grading: a Kattis package's verdict under its groups' on_reject and grader_flags, as
the default grader gives it (legacy spec, "Default grader specification"), its score for a
scoring problem (problemtools' support/default_grader), and ``cpkit verify`` on a package
that sets them."""

import shutil
from pathlib import Path

import pytest

from kit import cli
from kit.packages.model import GroupGrading
from kit.run.verdicts import JE, OK, RE, TLE, WA
from kit.verify.grading import graded, out_of_range, scored

ROOT = Path(__file__).resolve().parents[3]
SPLIT = ROOT / "tests" / "fixtures" / "packages" / "kattis_split_py"

RUN = (
    ("sample/1", OK),
    ("secret/a/1", WA),
    ("secret/a/2", TLE),
    ("secret/b/1", OK),
    ("secret/c", RE),  # a case beside the groups, after them by name
)


def groups(on_reject="break", flags=(), **own):
    """Every group of RUN with the same settings, but those ``own`` gives (path: (on_reject,
    flags), with "/" written "_")."""
    paths = ("", "sample", "secret", "secret/a", "secret/b")
    return tuple(
        (path, *own.get(path.replace("/", "_") or "root", (on_reject, flags))) for path in paths
    )


@pytest.mark.parametrize(
    ("grading", "result"),
    [
        (groups(), (WA, "secret/a/1")),  # break everywhere: the first failure
        (groups("continue"), (RE, "secret/c")),  # the worst of all: RTE before TLE and WA
        (groups("continue", ("first_error",)), (WA, "secret/a/1")),
        (groups("continue", ("worst_error", "first_error")), (WA, "secret/a/1")),  # the last
        (groups("continue", ("first_error", "no_errors")), (RE, "secret/c")),
        (groups("continue", ("always_accept",)), (OK, "")),
        # secret/a stops at its first failure, secret goes on past it
        (groups("continue", secret_a=("break", ())), (RE, "secret/c")),
        (
            groups("continue", secret_a=("continue", ()), secret=("break", ())),
            (TLE, "secret/a/2"),  # secret/a is TLE (worse than its WA); secret stops there
        ),
        (groups("continue", ("accept_if_any_accepted",)), (OK, "")),  # sample and secret/b pass
        (groups("continue", root=("continue", ("ignore_sample",))), (RE, "secret/c")),
    ],
)
def test_the_default_grader_s_verdict(grading, result):
    assert graded(grading, RUN) == result


def test_ignore_sample_leaves_a_failing_sample_out():
    run = (("sample/1", WA), ("secret/1", OK))
    assert graded((("", "continue", ("ignore_sample",)),), run) == (OK, "")
    assert graded((("", "continue", ()),), run) == (WA, "sample/1")


def test_a_judge_error_is_the_group_s_whatever_its_flags():
    run = (("secret/1", OK), ("secret/2", JE))
    for flags in (("always_accept",), ("accept_if_any_accepted",), ("first_error",)):
        assert graded((("", "continue", flags),), run) == (JE, "secret/2")


def test_children_go_in_order_of_their_names_not_of_the_run():
    run = (("secret/2", WA), ("secret/1", TLE))
    assert graded((("", "break", ()), ("secret", "break", ())), run) == (TLE, "secret/1")


SCORED_RUN = (("sample/1", OK), ("secret/a/1", OK), ("secret/a/2", WA), ("secret/b/1", OK))


def scoring(mode=(), a_accept=1.0, on_reject="continue"):
    """SCORED_RUN's groups: secret/a scoring its cases by ``mode``, 3 for an accepted case
    and 1 for a rejected one unless ``a_accept`` says otherwise; the sample scores 0."""
    return (
        GroupGrading("", on_reject, ("ignore_sample",)),
        GroupGrading("sample", on_reject, (), 0.0),
        GroupGrading("secret", on_reject),
        GroupGrading("secret/a", on_reject, mode, a_accept, 1.0),
        GroupGrading("secret/b", on_reject, (), 10.0),
    )


@pytest.mark.parametrize(
    ("grading", "a_score"),
    [
        (scoring(a_accept=3.0), 4.0),  # the default mode: the sum, 3 + 1
        (scoring(("sum",), 3.0), 4.0),
        (scoring(("avg",), 3.0), 2.0),
        (scoring(("min",), 3.0), 1.0),
        (scoring(("max",), 3.0), 3.0),
        (scoring(("min", "max"), 3.0), 3.0),  # the last mode given counts
        (scoring(("max",), 3.0, "break"), 3.0),  # secret/a stops at its WA, secret at secret/a
    ],
)
def test_a_group_scores_its_sub_results_by_its_mode(grading, a_score):
    found = scored(grading, SCORED_RUN, {})
    on_b = 0.0 if grading[0].on_reject == "break" else 10.0  # not run past secret/a's WA
    assert found.groups["secret/a"] == a_score
    assert found.groups["secret"] == a_score + on_b
    assert found.score == found.groups["secret"]  # ignore_sample: the root is secret's score
    assert found.groups["sample"] == 0.0
    assert (found.verdict, found.decider) == (WA, "secret/a/2")


def test_a_validator_s_score_replaces_the_group_s_accept_score():
    found = scored(scoring(("sum",), 3.0), SCORED_RUN, {"secret/a/1": 7.5, "secret/b/1": 2.0})
    assert found.groups["secret/a"] == 8.5 and found.groups["secret/b"] == 2.0


def test_a_score_outside_its_group_s_range_is_named():
    grading = (
        GroupGrading("", "continue", (), score_range=(0.0, 100.0)),
        GroupGrading("secret", "continue", ("min",), 50.0, 0.0, (0.0, 40.0)),
    )
    found = scored(grading, (("secret/1", OK), ("secret/2", OK)), {})
    assert found.score == 50.0 and found.verdict == OK
    assert out_of_range(grading, found.groups) == [("secret", 50.0, (0.0, 40.0))]
    found = scored(grading, (("secret/1", OK), ("secret/2", WA)), {})
    assert found.score == 0.0 and out_of_range(grading, found.groups) == []


def test_a_custom_group_is_aggregated_by_the_package_s_grader():
    seen = []

    def grader(subs, flags):
        seen.append((subs, flags))
        return (WA, 4.0) if any(verdict != OK for verdict, _ in subs) else (OK, 9.0)

    grading = (GroupGrading(""), GroupGrading("secret", "continue", ("x",), 2.0, 1.0, custom=True))
    run = (("secret/1", WA), ("secret/2", OK), ("secret/3", WA))
    found = scored(grading, run, {"secret/2": 3.0}, grader)
    assert seen == [([(WA, 1.0), (OK, 3.0), (WA, 1.0)], ("x",))]
    assert (found.verdict, found.decider, found.groups["secret"]) == (WA, "secret/3", 4.0)
    found = scored(grading, (("secret/1", OK),), {}, grader)
    assert (found.verdict, found.decider, found.score) == (OK, "", 9.0)
    found = scored(grading, (("secret/1", JE), ("secret/2", OK)), {}, grader)
    assert (found.verdict, found.decider) == (JE, "secret/1") and len(seen) == 2  # not asked
    assert scored(grading, run, {}).verdict == WA  # no grader: the default one


# wrong on the sample (5 + 1 is not 5), a crash on n = 0 (secret/2)
WRONG_THEN_CRASH = "n = int(input())\nassert n != 0\nprint(n, 1)\n"


def test_verify_grades_a_package_that_goes_on_past_a_rejection(capsys, tmp_path):
    copy = shutil.copytree(SPLIT, tmp_path / "split")
    (copy / "submissions" / "wrong_answer" / "off_by_one.py").write_text(WRONG_THEN_CRASH)
    code = cli.main(["verify", str(copy), "-j", "1"])
    row = [line for line in capsys.readouterr().out.splitlines() if "off_by_one" in line]
    assert code == 0 and row[0].split()[1:3] == ["WA", "WA"]  # the first failure: the sample
    (copy / "data" / "testdata.yaml").write_text("on_reject: continue\n")
    code = cli.main(["verify", str(copy), "-j", "1"])
    row = [line for line in capsys.readouterr().out.splitlines() if "off_by_one" in line]
    assert code == 1
    assert row[0].split()[1:3] == ["WA", "RTE"]
    assert "DISAGREES: wrong_answer allows WA, the kit gives RTE (data/secret/2.in:" in row[0]

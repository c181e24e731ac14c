"""kit.grading: a Kattis package's verdict under its groups' on_reject and grader_flags, as
the default grader gives it (legacy spec, "Default grader specification"), and ``cpkit
verify`` on a package that sets them."""

import shutil
from pathlib import Path

import pytest

from kit import cli
from kit.grading import graded
from kit.run.verdicts import JE, OK, RE, TLE, WA

ROOT = Path(__file__).resolve().parents[2]
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

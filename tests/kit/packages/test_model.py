"""kit.packages.model: what a package says whatever its format; ``Package.cases_of`` keeps the
cases of one group in the judge's order, and a package, a case and a submission are values
(frozen, equal when their fields are)."""

import dataclasses
from pathlib import Path

import pytest

from kit.packages.model import KATTIS, Package, PackageCase, Submission


def case(name, group):
    return PackageCase(name, Path(f"{name}.in"), Path(f"{name}.ans"), group)


def package(cases):
    return Package(
        path=Path("p"), shown="p", format=KATTIS, name="p", title="P", judge="Kattis",
        kind="batch", compare="kattis", interactor=None, cases=tuple(cases), time_limit=1.0,
        time_from=".timelimit", memory_limit=256, output_limit=8, margin=2.0,
        margin_from="legacy default", multiplier=2.0,
    )  # fmt: skip


def test_cases_of_a_group_keep_the_judge_s_order():
    cases = [case("data/sample/2", "sample"), case("data/secret/b", "secret"),
             case("data/sample/1", "sample"), case("data/secret/a", "secret")]  # fmt: skip
    found = package(cases)
    assert [c.name for c in found.cases_of("secret")] == ["data/secret/b", "data/secret/a"]
    assert [c.name for c in found.cases_of("sample")] == ["data/sample/2", "data/sample/1"]
    assert found.cases_of("other") == []


def test_packages_cases_and_submissions_are_values():
    assert case("x", "sample") == case("x", "sample") and case("x", "sample").flags == ()
    submission = Submission(Path("a.py"), "accepted/a.py", "accepted", "Python")
    with pytest.raises(dataclasses.FrozenInstanceError):
        submission.folder = "wrong_answer"
    found = package([])
    assert (found.submissions, found.notes, found.include) == ((), (), ())

"""kit.packages.model: what a package says whatever its format; ``Package.cases_of`` keeps the
cases of one group in the judge's order, and a package, a case and a submission are values
(frozen, equal when their fields are)."""

import dataclasses
import threading
import time
from pathlib import Path

import pytest

from kit.packages.model import KATTIS, LATER, Package, PackageCase, Submission, read_later


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


def test_test_data_left_for_later_is_read_once_by_threads_asking_at_once():
    """verify's threads may ask a package's cases first at once: its data is walked once."""
    walks = []
    started = threading.Barrier(4)

    def walked():
        walks.append(1)
        time.sleep(0.05)  # the other threads ask meanwhile
        data = {name: () for name in LATER}
        return {**data, "cases": (case("data/secret/a", "secret"),)}

    fields = {k: v for k, v in vars(package([])).items() if k not in LATER and k != "later"}
    lazy = read_later(walked, **fields)

    def ask():
        started.wait()
        return lazy.cases

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert walks == [1] and [c.name for c in lazy.cases] == ["data/secret/a"]


def test_an_attribute_error_in_reading_test_data_is_not_taken_for_a_missing_field():
    def walked():
        raise AttributeError("'NoneType' object has no attribute 'group'")

    fields = {k: v for k, v in vars(package([])).items() if k not in LATER and k != "later"}
    lazy = read_later(walked, **fields)
    assert getattr(lazy, "nothing", None) is None
    with pytest.raises(RuntimeError, match="reading p's test data: 'NoneType'"):
        getattr(lazy, "cases", ())

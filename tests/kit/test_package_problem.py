"""kit.package_problem: a problem made of a package alone (``cpkit verify``'s) asks for a time
limit its package does not fix, naming the package, and takes ``--time-limit``'s; its notes
name the package, not "."; on the small packages of tests/fixtures/packages."""

import shutil

import pytest

from kit.errors import BuildError
from kit.package_problem import problem_from_package
from tests.package_support import PACKAGES


def test_a_package_without_a_time_limit_asks_for_one(tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / ".timelimit").unlink()
    with pytest.raises(BuildError) as caught:
        problem_from_package(copy, "split")
    assert str(caught.value) == (
        "split: the package fixes no time limit (no .timelimit, no limits.time_limit in its "
        "problem.yaml): set time_limit"
    )
    assert problem_from_package(copy, time_limit=2).time_limit == 2


def test_a_package_alone_has_notes_that_name_it_as_the_package_not_as_dot(tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "sum")
    (copy / "answer_validators").mkdir()
    (copy / "data" / "secret" / "zz_no_answer.in").write_text("1 2\n")
    notes = problem_from_package(copy, "sum").source.notes
    assert notes[0].startswith("note: 1 .in file(s) without a .ans are not cases")
    assert notes[1] == "note: not run, answer validation: answer_validators/"  # not "note: .: "


def test_a_package_alone_names_its_own_folder_in_an_error_not_dot(tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "sum")
    shutil.rmtree(copy / "data")
    with pytest.raises(BuildError) as caught:
        problem_from_package(copy, "sum")
    assert str(caught.value).startswith("sum/data: absent: no test cases")  # was "sum: .: no"

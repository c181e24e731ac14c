"""kit.case_names: the case a name that names none likely means, the one rule of
``cpkit run``'s missing case (tests/kit/test_problem_cases.py) and of a Polygon package's
misnamed test or answer (tests/kit/packages/test_polygon.py)."""

import pytest

from kit.case_names import meant, of_kind

NAMES = ["pkg/tests/01", "pkg/tests/02", "pkg/tests/10", "data/secret/big.in"]


@pytest.mark.parametrize(
    ("typed", "near"),
    [
        ("pkg/tests/1", "pkg/tests/01"),  # a number's leading zeros
        ("PKG/Tests/002", "pkg/tests/02"),  # the case of letters
        ("data/secret/big", "data/secret/big.in"),  # an input named without its suffix
        ("data/secret/Big.ans", "data/secret/big.in"),  # another suffix
        ("pkg/tests/01.a", "pkg/tests/01"),
        ("pkg/tests/99", None),  # past the last
        ("pkg/test/01", None),  # another folder
        ("pkg/tests/100", None),
        ("data/secret/bigger.in", None),
    ],
)
def test_the_name_meant_is_the_same_but_for_case_zeros_and_a_suffix(typed, near):
    assert meant(typed, NAMES) == near


def test_a_folder_s_dots_are_no_suffix():
    """``pkg.zip/tests/1``: only the last part's suffix is left out (``pkg`` is no name of
    ``pkg.zip/tests/01``'s)."""
    assert meant("pkg", ["pkg.zip/tests/01"]) is None
    assert meant("pkg.zip/tests/1", ["pkg.zip/tests/01"]) == "pkg.zip/tests/01"


def test_the_first_near_name_is_the_one_meant():
    assert meant("tests/01.a", ["tests/01.ans", "tests/01.out"]) == "tests/01.ans"
    assert meant("tests/01.a", []) is None


@pytest.mark.parametrize(
    ("name", "missing", "other", "answer", "kind"),
    [
        ("tests/01.ans", "tests/01.a", "tests/01", True, True),  # an answer's suffix
        ("tests/01.A", "tests/01.a", "tests/01", True, True),  # the missing one's, loosely
        ("tests/01.in", "tests/01.a", "tests/01", True, False),  # an input's
        ("tests/01.txt", "tests/01.a", "tests/01", True, True),  # neither's: may be
        ("tests/01.ans", "tests/01", "tests/01.a", False, False),
        ("tests/01.out", "tests/01", "tests/01.a", False, False),
        ("tests/01.in", "tests/01", "tests/01.a", False, True),
        ("tests/01.txt", "tests/01", "tests/01.txt", False, False),  # the other's own
        ("tests/01", "tests/01.in", "tests/01.out", False, True),
        ("tests/01", "tests/01.out", "tests/01.in", True, False),
        ("tests/01", "tests/01.res", "tests/01.dat", True, False),  # "": an input's
    ],
)
def test_a_name_of_the_other_kind_is_no_missing_file_s(name, missing, other, answer, kind):
    """A test's missing input is not meant by an answer's name nor its answer by an
    input's: the suffix its pattern names the other kind by, or one the formats do."""
    assert of_kind(name, missing, other, answer) is kind


def test_the_kinds_suffixes_are_the_case_folders_pairs(monkeypatch):
    """The suffixes an input and an answer have are ``kit.case_folders.ANSWER_SUFFIXES``'s
    pairs, the one rule ``run`` reads a case's files by: a suffix added there is read here."""
    monkeypatch.setattr("kit.case_folders.ANSWER_SUFFIXES", {".dat": (".res",)})
    assert not of_kind("tests/01.res", "tests/01.dat", "tests/01.x", False)
    assert not of_kind("tests/01.dat", "tests/01.res", "tests/01.x", True)
    assert of_kind("tests/01.ans", "tests/01.res", "tests/01.dat", True)

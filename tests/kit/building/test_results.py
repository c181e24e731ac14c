"""kit.building.results: what a build of one problem came to, its failures one line each."""

from kit.building.results import Result, Status
from kit.registry import load_registry


def toy_sum(root):
    return load_registry(root)["toy_sum"]


def test_a_failure_is_one_line_named_after_the_problem_once(toy):
    result = Result(toy_sum(toy))
    result.fail("bad thing", ["first detail"])
    result.fail("toy_sum: already named")
    assert result.status == Status.FAIL == "FAIL"
    assert result.errors == ["toy_sum: bad thing", "    first detail", "toy_sum: already named"]


def test_a_build_that_ran_no_case_passed_none_of_none(toy):
    result = Result(toy_sum(toy))
    assert (result.status, result.passed, result.total) == (Status.OK, 0, 0)

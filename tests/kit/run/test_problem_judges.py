"""kit.run.problem_judges: the comparator and interactor a problem is judged with; a problem
without an interactor has no interactor command."""

import shlex
from pathlib import Path

from kit.registry import load_registry
from kit.run.problem_judges import interactor_command, problem_comparator, shown_setting
from tests.package_support import zipped_guess


def test_a_problem_without_an_interactor_has_no_interactor_command(toy_run):
    problem = toy_run[0]
    assert interactor_command(problem) is None
    assert Path(problem.root / "problems.toml").is_file()


def test_a_zipped_package_s_programs_are_named_as_the_build_names_its_files(toy, cache_home):
    """stress's and bench's headers named the interactor by its unpacked copy in the kit's
    cache; its program, in messages, too."""
    zipped_guess(toy)
    problem = load_registry(toy)["pg"]
    shown = "testlib:'guess pkg é.zip/files/interactor.py'"
    assert shown_setting(problem, problem.interactor) == shown
    assert interactor_command(problem).program.shown == "guess pkg é.zip/files/interactor.py"
    assert problem_comparator(problem).program.shown == "guess pkg é.zip/files/check.py"


def test_a_package_named_with_a_quote_is_shown_quoted_as_the_setting_quotes_it(toy, cache_home):
    """The package's name swapped into the quoted setting left its quotes unbalanced:
    testlib:'bob's pkg.zip/files/interactor.py'."""
    zipped_guess(toy, name="bob's pkg.zip")
    problem = load_registry(toy)["pg"]
    shown = shown_setting(problem, problem.interactor)
    assert shown == "testlib:" + shlex.quote("bob's pkg.zip/files/interactor.py")
    assert shlex.split(shown.partition(":")[2]) == ["bob's pkg.zip/files/interactor.py"]

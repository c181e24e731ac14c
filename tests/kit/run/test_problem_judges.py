"""kit.run.problem_judges: the comparator and interactor a problem is judged with; a problem
without an interactor has no interactor command."""

from pathlib import Path

from kit.run.problem_judges import interactor_command


def test_a_problem_without_an_interactor_has_no_interactor_command(toy_run):
    problem = toy_run[0]
    assert interactor_command(problem) is None
    assert Path(problem.root / "problems.toml").is_file()

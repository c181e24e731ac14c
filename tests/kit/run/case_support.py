"""Test support (not a test module): what the run tests of kit/run/cases.py and
kit/run/case_judge.py (tests/kit/run/test_cases.py, test_case_judge.py) share: a case written
to a folder, the toy problem's sample, and the options that run one case at a time, once."""

from kit.problem_cases import Case
from kit.run.cases import RunOptions

ONE_AT_A_TIME = RunOptions(repeat=1, jobs=1)


def case(tmp_path, name, text, expected=None):
    path = tmp_path / f"{name}.in"
    path.write_text(text)
    answer = None
    if expected is not None:
        answer = tmp_path / f"{name}.out"
        answer.write_text(expected)
    return Case(name, path, answer)


def sample(problem):
    folder = problem.samples_dir
    return Case("sample-1", folder / "sample-1.in", folder / "sample-1.out")

"""kit.verify.grader_program: a package's own grader given its sub-results and flags, its answer
read, and every way it can fail a judge error with the reason kept."""

import pytest

from kit.judges.programs import program_at
from kit.package_problem import problem_from_package
from kit.run.verdicts import JE, MLE, OK, RE, TLE, WA
from kit.verify.grader_program import PackageGrader, package_grader
from tests.package_support import PACKAGES


def grader(tmp_path, body):
    (tmp_path / "grader.py").write_text(body)
    return PackageGrader(program_at("grader.py", tmp_path, "test", "grader"), tmp_path)


def test_the_sub_results_in_the_format_s_words_and_the_answer_read(tmp_path):
    body = (
        "import sys\n"
        "lines = sys.stdin.read().split()\n"
        "print('TLE' if lines == ['AC', '1', 'WA', '0', 'TLE', '2.5', 'RTE', '0', 'RTE', '0']"
        " and sys.argv[1:] == ['min', 'x'] else 'JE', 7.25)\n"
    )
    run = grader(tmp_path, body)
    subs = [(OK, 1.0), (WA, 0.0), (TLE, 2.5), (RE, 0.0), (MLE, 0.0)]
    assert run(subs, ("min", "x")) == (TLE, 7.25) and run.failure == ""  # none failed
    assert grader(tmp_path, "print(' AC  1e2 ')\n")([(OK, 1.0)], ()) == (OK, 100.0)


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("import sys\nsys.exit(2)\n", "exit status 2, not 0"),
        ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n", "killed by SIGKILL, not 0"),
        ("print('AC')\n", "printed b'AC\\n', not a verdict and a score"),
        ("print('PASS 1')\n", "printed b'PASS 1\\n', not a verdict and a score"),
        ("print('AC 1')\nprint('AC 2')\n", "not a verdict and a score"),
        # why it failed: a grader of Python 2's syntax
        ("print 'AC 1'\n", "exit status 1, not 0: SyntaxError: "),
    ],
)
def test_a_grader_that_fails_is_a_judge_error_with_its_reason(tmp_path, body, why):
    run = grader(tmp_path, body)
    assert run([(OK, 1.0)], ()) == (JE, 0.0)
    assert run.failure.startswith("the package's grader (grader.py) failed: ")
    assert why in run.failure
    failure = run.failure
    (tmp_path / "grader.py").write_text("import sys\nsys.exit(5)\n")
    assert run([(OK, 1.0)], ()) == (JE, 0.0) and run.failure == failure  # the first kept
    (tmp_path / "grader.py").write_text("print('AC 1')\n")
    assert run([(OK, 1.0)], ()) == (OK, 1.0) and run.failure == failure


def test_a_package_without_a_grader_has_none():
    assert package_grader(problem_from_package(PACKAGES / "kattis_split_py")) is None

"""kit.run.problem_judges: the comparator and interactor a problem is judged with; a problem
without an interactor has no interactor command."""

import shlex
import shutil
from pathlib import Path

from kit.package_problem import problem_from_package
from kit.registry import load_registry
from kit.run.problem_judges import interactor_command, problem_comparator, shown_setting
from tests.package_support import PACKAGES, zipped_guess


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


def test_a_kattis_package_s_validator_gets_its_limits_others_the_kit_s(toy, cache_home, tmp_path):
    """verify killed a Kattis output validator at the kit's 10 s, where problemtools gives it
    limits.validation_time (60 s by default) and validation_memory (1024 MiB)."""
    split = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    default = problem_comparator(problem_from_package(split, "split"))
    assert (default.cpu, default.timeout, default.memory) == (60, 180, 1024)
    yaml = split / "problem.yaml"
    yaml.write_text(yaml.read_text().replace("  time_multiplier: 5\n", "  validation_time: 30\n"
                                             "  validation_memory: 512\n"))  # fmt: skip
    given = problem_comparator(problem_from_package(split, "split"))
    assert (given.cpu, given.timeout, given.memory) == (30, 90, 512)
    zipped_guess(toy)  # a Polygon package's checker: the kit's rule, as for problems.toml's own
    polygon = problem_comparator(load_registry(toy)["pg"])
    assert (polygon.cpu, polygon.timeout, polygon.memory) == (None, 10, None)


def hostile(tmp_path, body):
    """The split package's comparator with ``body`` as its output validator, held to
    ``validation_time: 1``; its judgement of a case."""
    split = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    yaml = split / "problem.yaml"
    yaml.write_text(yaml.read_text().replace("  time_multiplier: 5\n", "  validation_time: 1\n"))
    (split / "output_validators" / "split_check" / "split_check.py").write_text(body)
    comparator = problem_comparator(problem_from_package(split, "split"))
    return comparator.judge(split / "data" / "secret" / "1.in", b"7 3\n", b"7 3\n")


SPIN = "while True:\n    pass\n"
NAP = "import sys, time\ntime.sleep(2)\nsys.exit(42)\n"


def test_a_kattis_validator_spinning_past_validation_time_is_killed_of_cpu_time(tmp_path):
    """problemtools holds it to validation_time of CPU time (RLIMIT_CPU): SIGXCPU, a judge
    error; the kit's message said a wall-time kill, "no verdict after 1 s (killed)"."""
    found = hostile(tmp_path, SPIN)
    assert found.checker_failed and found.message == (
        "checker failed: validator killed by SIGXCPU (its limit: 1 s of CPU time)"
    )


def test_a_kattis_validator_sleeping_past_validation_time_is_not_killed(tmp_path):
    """problemtools counts no wall time of a validator (run/program.py waits for it): one
    that sleeps 2 s of a 1 s validation_time accepts there; the kit killed it at 1 s, a
    judge error. The wall's back-stop is 3 times the limit (KILL_FACTOR)."""
    assert hostile(tmp_path, NAP).accepted


def test_a_kattis_validator_writing_past_validation_output_keeps_its_verdict(tmp_path):
    """validation_output (8 MiB by default) is not enforced: problemtools reads it and never
    applies it (it reads each feedback file's first 128 KiB), as the kit reads a head of
    each; 9 MiB of feedback and of stdout, and a rejection, is a wrong answer there and
    here, its message the feedback's start (docs/packages.md)."""
    body = (
        "import sys\n"
        "open(sys.argv[3] + 'judgemessage.txt', 'w').write('too big\\n' + 'x' * (9 << 20))\n"
        "sys.stdout.write('y' * (9 << 20))\n"
        "sys.exit(43)\n"
    )
    found = hostile(tmp_path, body)
    assert not found.accepted and not found.checker_failed
    assert found.message.startswith("validator: too big")

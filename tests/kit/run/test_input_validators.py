"""kit.run.input_validators: a package's input validators run on one text (``TextValidation``):
valid when every validator confirms it under one setting of the cases' arguments; exit 42 (a
Kattis-format package's) confirms, anything else (0 included, a crash, a hang) refuses, and
one that hung is not run again."""

import sys

import pytest

from kit.judges.compiling import compiler_for
from kit.package_problem import problem_from_package
from kit.run import input_validators
from kit.run.input_validators import TextValidation
from tests.package_support import SUM, kattis_sum


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("import sys\nsys.exit(0)\n", "exit status 0"),  # only 42 confirms an input
        (
            "raise ValueError('bad header')\n",
            "exit status 1: ValueError: bad header (strict.py, line 1)",
        ),
        ("import time\ntime.sleep(30)\n", "killed at 0.5 s"),
    ],
)
def test_anything_but_42_rejects(tmp_path, monkeypatch, source, why):
    monkeypatch.setattr(input_validators, "TIMEOUT", 0.5)
    copy = kattis_sum(tmp_path, {"strict.py": source})
    validation = TextValidation.of(problem_from_package(copy, "sum"))
    with pytest.raises(ValueError) as refused:
        validation("3 4\n")
    assert str(refused.value) == f"input_validators/strict.py: {why}"


def test_a_validator_that_hung_once_is_not_run_again(tmp_path, monkeypatch):
    monkeypatch.setattr(input_validators, "TIMEOUT", 0.5)
    copy = kattis_sum(tmp_path, {"slow.py": "import time\ntime.sleep(30)\n"})
    validation = TextValidation.of(problem_from_package(copy, "sum"))
    for why in ("killed at 0.5 s", "not run: it was killed at 0.5 s on an earlier input"):
        with pytest.raises(ValueError) as refused:
            validation("3 4\n")
        assert str(refused.value) == f"input_validators/slow.py: {why}"


def test_only_the_validator_that_hung_is_not_run_again(tmp_path, monkeypatch):
    """The rule is a checker's too (``checker_compare.HangRecord``, one home for both): kept by
    each validator's argv, so that another validator of the same runs still runs."""
    monkeypatch.setattr(input_validators, "TIMEOUT", 0.5)
    (tmp_path / "slow.py").write_text("import time\ntime.sleep(30)\n")
    (tmp_path / "yes.py").write_text("import sys\nsys.exit(42)\n")
    (tmp_path / "input").write_text("3 4\n")
    slow, yes = ((sys.executable, str(tmp_path / name)) for name in ("slow.py", "yes.py"))
    runs = input_validators.ValidatorRuns()
    said = [runs.verdict((tmp_path / "input", program, (), 42)) for program in (slow, yes) * 2]
    again = "not run: it was killed at 0.5 s on an earlier input"
    assert said == ["killed at 0.5 s", None, again, None]


def test_a_text_is_validated_as_the_cases_are_under_one_of_their_settings(tmp_path):
    """A stress module without validate() shrinks a package's inputs under its validators:
    a text valid under one group's arguments (the root's: any number) is valid."""
    copy = kattis_sum(tmp_path, group_yaml="input_validator_flags: --min 0\n")
    validation = TextValidation.of(problem_from_package(copy, "sum"))
    assert validation.shown == ("input_validators/check.py",)
    assert validation("3 4\n") is None and validation("-3 4\n") is None  # data/sample's args
    with pytest.raises(ValueError, match=r"^input_validators/check.py: exit status 43: not two"):
        validation("3\n")
    assert TextValidation.of(problem_from_package(SUM, "sum")) is None  # none


@pytest.mark.skipif(compiler_for("cpp") is None, reason="no C++ compiler here")
def test_a_kattis_package_s_cpp_validator_is_compiled_with_problemtools_standard(tmp_path):
    """problemtools compiles a package's validators as its submissions (``-std=gnu++23``):
    one using C++20's ``operator<=>`` (BAPCtools' validators, NWERC 2023's ``isolatedisland``)
    compiles and runs, where the kit's own C++17 stopped ``verify`` ("does not compile")."""
    source = """\
        #include <compare>
        #include <cstdlib>
        #include <iostream>
        struct pair { long a, b; auto operator<=>(const pair &) const = default; };
        int main() {
            pair p{0, 0};
            if (!(std::cin >> p.a >> p.b)) return 43;
            return (p <=> pair{0, 0}) > 0 ? 42 : 43;
        }
        """
    copy = kattis_sum(tmp_path, {"order/order.cpp": source})
    validation = TextValidation.of(problem_from_package(copy, "sum"))
    assert validation("3 4\n") is None
    with pytest.raises(ValueError, match=r"^input_validators/order: exit status 43"):
        validation("-3 4\n")


@pytest.mark.skipif(compiler_for("cpp") is None, reason="no C++ compiler here")
def test_a_validator_that_recurses_deep_has_the_unlimited_stack_problemtools_gives_it(tmp_path):
    """problemtools runs a validator with RLIMIT_STACK unlimited: one recursing 2,000,000
    deep (``loopinvariant``, once a character of a 1 MB input) accepts, where the
    kit's own 8 MiB stack crashed it (``killed by SIGSEGV``, 25 of its 27 inputs rejected)."""
    source = """\
        #include <iostream>
        long deep(long n) { volatile char pad[32] = {0}; return n ? deep(n - 1) + pad[n % 32] : 0; }
        int main() {
            long a, b;
            if (!(std::cin >> a >> b)) return 43;
            return deep(2000000) == 0 ? 42 : 43;
        }
        """
    copy = kattis_sum(tmp_path, {"deep.cpp": source})
    validation = TextValidation.of(problem_from_package(copy, "sum"))
    assert validation("3 4\n") is None

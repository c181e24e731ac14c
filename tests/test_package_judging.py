"""Problem packages judged as their judge judges them (``package = "PATH"``), on the small
packages of tests/fixtures/packages: the Kattis default validator ignoring case unless told,
a group's validator flags added to the problem's, a custom validator in Python and one in C++,
an interactive validator (Kattis protocol), a Polygon testlib checker, a Polygon testlib
interactor whose output goes to the checker.

The Polygon checker is compiled against files/testlib.h of tests/fixtures/packages/polygon_sum,
a tiny header written for these tests with only what its checker uses (testlib itself is not
copied into the repository); the tests that compile C++ are skipped without g++.
"""

import shutil
import textwrap
from pathlib import Path

import pytest

from kit.pipeline import build_problem
from kit.registry import load_registry

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ROOT / "tests" / "fixtures" / "packages"
needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ here")


def workspace(tmp_path, table, solutions=()):
    """A workspace whose packages/ holds copies of the fixture packages."""
    root = tmp_path / "ws"
    (root / "solutions").mkdir(parents=True)
    shutil.copytree(PACKAGES, root / "packages")
    (root / "problems.toml").write_text(textwrap.dedent(table))
    for slug, source in dict(solutions).items():
        (root / "solutions" / f"{slug}.py").write_text(textwrap.dedent(source))
    return load_registry(root)


def build(registry, slug, **options):
    return build_problem(registry[slug], jobs=2, **options)


SUM = """\
a, b = map(int, input().split())
print(a + b if a + b >= 0 else "{word}")
"""


def test_the_default_validator_ignores_case_unless_told_otherwise(tmp_path):
    registry = workspace(
        tmp_path,
        """\
        [sum]
        package = "packages/kattis_sum"
        targets = ["cpython3.8"]

        [strict]
        package = "packages/kattis_sum"
        targets = ["cpython3.8"]
        compare = "kattis:case_sensitive"
        """,
        {"sum": SUM.format(word="IMPOSSIBLE"), "strict": SUM.format(word="IMPOSSIBLE")},
    )
    assert build(registry, "sum").status == "ok"
    strict = build(registry, "strict")
    assert strict.status == "FAIL" and (strict.passed, strict.total) == (3, 6)
    assert strict.errors[0] == (
        "strict: packages/kattis_sum/data/sample/2.in: wrong answer: token 1: expected "
        "'Impossible', got 'IMPOSSIBLE' (case_sensitive) (3.8)"
    )


def test_flags_of_a_group_are_added_for_its_cases(tmp_path):
    registry = workspace(
        tmp_path,
        """\
        [half]
        package = "packages/kattis_half"
        targets = ["cpython3.8"]
        """,
        {"half": 'n = int(input())\nprint(n / 2 + 1e-7, "EVEN" if n % 2 == 0 else "ODD")\n'},
    )
    result = build(registry, "half")
    assert (result.passed, result.total) == (2, 3)  # within the tolerance, case ignored...
    assert result.errors[0].startswith(  # ...except where the group says case_sensitive
        "half: packages/kattis_half/data/secret/strict/01.in: wrong answer: token 2: expected "
        "'even', got 'EVEN' (case_sensitive)"
    )


SPLIT_RIGHT = "n = int(input())\nprint(n, 0)\n"
SPLIT_WRONG = "n = int(input())\nprint(n, 1)\n"


@pytest.mark.parametrize(
    "name", ["kattis_split_py", pytest.param("kattis_split_cpp", marks=needs_gxx)]
)
def test_a_custom_validator_judges_in_the_kattis_protocol(tmp_path, name):
    registry = workspace(
        tmp_path,
        f"""\
        [right]
        package = "packages/{name}"
        targets = ["cpython3.8"]

        [wrong]
        package = "packages/{name}"
        targets = ["cpython3.8"]
        """,
        {"right": SPLIT_RIGHT, "wrong": SPLIT_WRONG},
    )
    assert build(registry, "right").status == "ok"
    wrong = build(registry, "wrong")
    assert (wrong.passed, wrong.total) == (0, 3)
    assert wrong.errors[0] == (
        f"wrong: packages/{name}/data/sample/1.in: wrong answer: validator: 5 + 1 is not 5 "
        "(exit status 43) (3.8)"
    )


def test_an_interactive_validator_plays_in_the_kattis_protocol(tmp_path):
    guess = PACKAGES / "kattis_guess" / "submissions"
    registry = workspace(
        tmp_path,
        """\
        [binary]
        package = "packages/kattis_guess"
        targets = ["cpython3.8"]

        [linear]
        package = "packages/kattis_guess"
        targets = ["cpython3.8"]
        """,
        {
            "binary": (guess / "accepted" / "binary.py").read_text(),
            "linear": (guess / "wrong_answer" / "linear.py").read_text(),
        },
    )
    assert build(registry, "binary").status == "ok"
    linear = build(registry, "linear")
    assert (linear.passed, linear.total) == (1, 3)  # the secret 1 is found at once
    assert linear.errors[0] == (
        "linear: packages/kattis_guess/data/sample/1.in: wrong answer: more than 7 guesses (3.8)"
    )


@needs_gxx
def test_a_polygon_testlib_checker_is_compiled_against_the_packages_testlib_h(tmp_path):
    registry = workspace(
        tmp_path,
        """\
        [right]
        package = "packages/polygon_sum"
        targets = ["cpython3.8"]

        [wrong]
        package = "packages/polygon_sum"
        targets = ["cpython3.8"]
        """,
        {"right": "a, b = map(int, input().split())\nprint(a + b)\n", "wrong": "print(3)\n"},
    )
    assert build(registry, "right").status == "ok"
    wrong = build(registry, "wrong")
    assert (wrong.passed, wrong.total) == (1, 3)
    assert wrong.errors[0] == (
        "wrong: packages/polygon_sum/tests/02: wrong answer: checker: wrong answer expected 12, "
        "found 3 (exit status 1) (3.8)"
    )


def test_a_polygon_interactor_plays_and_its_output_goes_to_the_checker(tmp_path):
    solutions = PACKAGES / "polygon_guess" / "solutions"
    registry = workspace(
        tmp_path,
        """\
        [binary]
        package = "packages/polygon_guess"
        targets = ["cpython3.8"]

        [linear]
        package = "packages/polygon_guess"
        targets = ["cpython3.8"]
        """,
        {
            "binary": (solutions / "binary.py").read_text(),
            "linear": (solutions / "linear.py").read_text(),
        },
    )
    assert build(registry, "binary").status == "ok"
    linear = build(registry, "linear")
    assert [line for line in linear.errors if not line.startswith(" ")] == [
        # the interactor accepted 9 guesses; its output, 9, is rejected by the checker
        "linear: packages/polygon_guess/tests/01: wrong answer: checker: wrong answer: 9 "
        "guesses, more than 7 (exit status 1) (3.8)",
        # the interactor itself rejects more than 10
        "linear: packages/polygon_guess/tests/02: wrong answer: more than 10 guesses (3.8)",
    ]

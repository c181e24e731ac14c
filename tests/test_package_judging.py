"""Problem packages judged as their judge judges them (``package = "PATH"``), on the small
packages of tests/fixtures/packages: the Kattis default validator ignoring case unless told,
a group's validator flags added to the problem's, a custom validator in Python and one in C++,
an interactive validator (Kattis protocol), a Polygon testlib checker, a Polygon testlib
interactor whose output goes to the checker (its program, or a standard checker built in), and
``--first-failure``.

The Polygon checker is compiled against files/testlib.h of tests/fixtures/packages/polygon_sum,
a tiny header written for these tests with only what its checker uses (testlib itself is not
copied into the repository); the tests that compile C++ are skipped without g++.
"""

import shutil

import pytest

from kit import cli
from kit.building.pipeline import build_problem
from kit.registry import load_registry
from kit.run.cases import RunOptions
from kit.run.process import Timing
from kit.run.schedule import SKIPPED, Job, run_jobs
from kit.run.verdicts import OK, WA
from tests.package_support import PACKAGES, workspace

needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ here")


def build(registry, slug, **options):
    return build_problem(registry[slug], RunOptions(jobs=2, **options))


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


def test_a_module_the_package_includes_is_imported_as_the_judge_gives_it(tmp_path):
    """The format's own example (``maximal``) imports its ``include/python3/include.py``:
    the build refused it as a module the judge lacks; the judge puts it beside the file."""
    root = tmp_path / "ws"
    solution = SUM.format(word="Impossible").replace("a + b if", "adder.add(a, b) if")
    table = '[sum]\npackage = "packages/kattis_sum"\ntargets = ["cpython3.8"]\n'
    workspace(tmp_path, table, {"sum": f"import adder\n\n{solution}"})
    included = root / "packages" / "kattis_sum" / "include" / "python3"
    included.mkdir(parents=True)
    (included / "adder.py").write_text("def add(a, b):\n    return a + b\n")
    registry = load_registry(root)
    result = build(registry, "sum")
    assert result.status == "ok", result.errors


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


def guess_judged_by(folder, checker, answers):
    """A copy of polygon_guess at ``folder`` whose ``<checker>`` element is ``checker`` (""
    for none) and its source gone, its tests' answer files ``answers``."""
    copy = shutil.copytree(PACKAGES / "polygon_guess", folder)
    xml = (copy / "problem.xml").read_text()
    own = xml[xml.index("<checker ") : xml.index("</checker>") + len("</checker>")]
    (copy / "problem.xml").write_text(xml.replace(own, checker))
    (copy / "files" / "check.py").unlink()
    for number, answer in enumerate(answers, 1):
        (copy / "tests" / f"{number:02d}.a").write_text(f"{answer}\n")


def test_a_polygon_interactors_output_goes_to_a_standard_checker_built_in(tmp_path):
    binary = (PACKAGES / "polygon_guess" / "solutions" / "binary.py").read_text()
    slugs = ("right", "wrong", "unchecked", "words")
    workspace(tmp_path, "", dict.fromkeys(slugs, binary))
    root = tmp_path / "ws"
    # binary search from 1-100 finds 9 in 5 guesses and 64 in 7: what the interactor writes
    ncmp = '<checker name="std::ncmp.cpp" type="testlib"/>'
    guess_judged_by(root / "packages" / "guess_right", ncmp, [5, 7])
    guess_judged_by(root / "packages" / "guess_wrong", ncmp, [5, 424242])
    guess_judged_by(root / "packages" / "guess_unchecked", "", [424242, 424242])
    wcmp = '<checker name="std::wcmp.cpp" type="testlib"/>'  # the tokens rule, a checker's
    guess_judged_by(root / "packages" / "guess_words", wcmp, [5, 424242])
    (root / "problems.toml").write_text(
        "".join(
            f'[{slug}]\npackage = "packages/guess_{slug}"\ntargets = ["cpython3.8"]\n'
            for slug in slugs
        )
    )
    registry = load_registry(root)
    assert build(registry, "right").status == "ok"
    # no <checker>: nothing judges what the interactor wrote, its acceptance is the verdict
    assert build(registry, "unchecked").status == "ok"
    wrong = build(registry, "wrong")
    assert wrong.status == "FAIL" and (wrong.passed, wrong.total) == (1, 2)
    assert [line for line in wrong.errors if not line.startswith(" ")] == [
        # the interactor accepted 7 guesses; its output, 7, is not the answer by ncmp's rule
        "wrong: packages/guess_wrong/tests/02: wrong answer: integer 1: expected 424242, "
        "found 7 (3.8)"
    ]
    words = build(registry, "words")
    assert words.status == "FAIL" and (words.passed, words.total) == (1, 2)


def test_first_failure_stops_at_the_first_failing_case_in_the_judges_order(tmp_path):
    registry = workspace(
        tmp_path,
        """\
        [sum]
        package = "packages/kattis_sum"
        targets = ["cpython3.8"]
        """,
        {"sum": "a, b = map(int, input().split())\nprint(a + b)\n"},
    )
    every = build(registry, "sum")
    assert (every.passed, every.total) == (3, 6)
    assert len([line for line in every.errors if not line.startswith(" ")]) == 3
    first = build(registry, "sum", first_failure=True)
    assert (first.passed, first.total) == (1, 6)
    assert [line for line in first.errors if not line.startswith(" ")] == [
        "sum: packages/kattis_sum/data/sample/2.in: wrong answer: token 1: expected "
        "'Impossible', got '-4' (3.8)"
    ]
    assert "note: stopped at the first failure (--first-failure): 4 of 6 cases not run" in (
        " ".join(first.notes)
    )


def test_the_build_command_takes_first_failure(tmp_path, capsys):
    workspace(
        tmp_path,
        """\
        [sum]
        package = "packages/kattis_sum"
        targets = ["cpython3.8"]
        """,
        {"sum": "print(3)\n"},
    )
    code = cli.main(["sum", "--first-failure", "-j", "2", "--root", str(tmp_path / "ws")])
    out = capsys.readouterr().out
    assert code == 1
    assert "[1/1] sum" in out and "1/6 cases (1 WA, 4 not run)" in out
    assert "sum: note: stopped at the first failure (--first-failure): 4 of 6 cases not run" in out


def test_the_schedule_starts_no_case_after_a_runners_first_failure():
    jobs = [Job(index, key) for index in range(4) for key in ("a", "b")]
    ran = []

    def run(job, runs):
        ran.append((job.case_index, job.key))
        word = WA if (job.case_index, job.key) == (1, "a") else OK
        return job.case_index, Timing([0.01]), word

    run_jobs(jobs, run, parallel=1, repeat=None, limit_of=lambda job: 1.0, first_failure=True)
    assert ran == [(0, "a"), (0, "b"), (1, "a"), (1, "b"), (2, "b"), (3, "b")]
    assert [job.word for job in jobs if job.key == "a"] == [OK, WA, SKIPPED, SKIPPED]

"""Every problem of the registry, from source and from its bundle, on its samples and official
judge data; every bundle run from an empty folder with file-system writes refused.

Problems whose solutions/<slug>.py does not exist yet are skipped, and so is judge data whose
folder (../shared/...) is absent. Bundles are built fresh into a temporary folder (not taken
from dist/, which may be stale), and also run under CPython 3.8 and PyPy when installed.
Outputs are compared as the judges do (kit.run_case.first_difference: trailing whitespace at
line ends and at the end of the output ignored).
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kit import nowrite, pythons
from kit.pipeline import HANG_FACTOR, make_bundle
from kit.pycheck import check_bundle
from kit.registry import judge_cases, load_registry, sample_cases
from kit.run_case import first_difference

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = load_registry(ROOT)
BATCH = [slug for slug, problem in REGISTRY.items() if problem.kind == "batch"]
JUDGE_DATA = [slug for slug, problem in REGISTRY.items() if problem.judge_data]


def problem_with_solution(slug):
    problem = REGISTRY[slug]
    if not problem.solution.is_file():
        pytest.skip(f"{problem.rel(problem.solution)} does not exist yet")
    return problem


@pytest.fixture(scope="module")
def bundles(tmp_path_factory):
    """slug -> path of a fresh, checked bundle (built once per test run)."""
    folder = tmp_path_factory.mktemp("bundles")
    made = {}

    def get(slug):
        if slug not in made:
            problem = problem_with_solution(slug)
            bundle = make_bundle(problem)
            check_bundle(ROOT, bundle)
            made[slug] = folder / f"{slug}.py"
            made[slug].write_text(bundle.text, encoding="utf-8")
        return made[slug]

    return get


@pytest.fixture
def empty(tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    yield folder
    assert list(folder.iterdir()) == [], "a run wrote into its working folder"


def official_cases(slug):
    problem = REGISTRY[slug]
    cases, note = judge_cases(problem)
    if note:
        pytest.skip(note)
    return cases


def check_cases(problem, cases, command, cwd, env=None):
    assert cases
    for case in cases:
        done = subprocess.run(
            command,
            stdin=case.input.open("rb"),
            capture_output=True,
            cwd=cwd,
            env=env,
            timeout=HANG_FACTOR * problem.time_limit + 5,
            check=False,
        )
        stderr = done.stderr.decode(errors="replace")[-2000:]
        assert done.returncode == 0, f"{case.name}: exit status {done.returncode}\n{stderr}"
        difference = first_difference(case.expected.read_bytes(), done.stdout)
        assert difference is None, f"{case.name}: {difference}\n{stderr}"


def source_command(problem):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return [sys.executable, str(problem.solution)], env


@pytest.mark.parametrize("slug", BATCH)
def test_samples_from_source(slug, empty):
    problem = problem_with_solution(slug)
    command, env = source_command(problem)
    check_cases(problem, sample_cases(problem), command, empty, env)


@pytest.mark.parametrize("slug", BATCH)
def test_samples_from_bundle(slug, bundles, empty):
    problem = problem_with_solution(slug)
    check_cases(problem, sample_cases(problem), [sys.executable, "-I", bundles(slug)], empty)


@pytest.mark.parametrize("slug", JUDGE_DATA)
def test_judge_data_from_source(slug, empty):
    problem = problem_with_solution(slug)
    command, env = source_command(problem)
    check_cases(problem, official_cases(slug), command, empty, env)


@pytest.mark.parametrize("slug", JUDGE_DATA)
def test_judge_data_from_bundle(slug, bundles, empty):
    problem = problem_with_solution(slug)
    check_cases(problem, official_cases(slug), [sys.executable, "-I", bundles(slug)], empty)


@pytest.mark.parametrize("slug", BATCH)
def test_bundle_under_python_3_8(slug, bundles, empty):
    python38 = pythons.python38()
    if python38 is None:
        pytest.skip("CPython 3.8 not installed")
    problem = problem_with_solution(slug)
    cases = sample_cases(problem) + judge_cases(problem)[0]
    check_cases(problem, cases, python38.command(bundles(slug)), empty)


@pytest.mark.parametrize("slug", BATCH)
def test_bundle_under_pypy(slug, bundles, empty):
    pypy = pythons.pypy3()
    if pypy is None:
        pytest.skip("pypy3 not installed")
    problem = problem_with_solution(slug)
    cases = sample_cases(problem) + judge_cases(problem)[0]
    check_cases(problem, cases, pypy.command(bundles(slug)), empty)


@pytest.mark.parametrize("slug", list(REGISTRY))
def test_bundle_writes_nothing(slug, bundles, empty):
    """From an empty folder, python3 -I -S, an audit hook refusing every file-system write:
    batch bundles still pass their samples (and judge data); an interactive bundle given no
    input still ends cleanly."""
    problem = problem_with_solution(slug)
    command = nowrite.command(sys.executable, bundles(slug))
    if problem.kind == "batch":
        check_cases(problem, sample_cases(problem) + judge_cases(problem)[0], command, empty)
    else:
        done = subprocess.run(
            command,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            cwd=empty,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]

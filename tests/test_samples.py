"""Every problem of the registry, from source and from its bundle, on its samples and official
judge data; every bundle run from an empty folder with file-system writes refused.

Problems whose solutions/<slug>.py does not exist yet are skipped, and so is judge data whose
folder (../shared/...) is absent. Bundles are built fresh into a temporary folder (not taken
from dist/, which may be stale), and also run under each of the problem's targets whose
interpreter is installed. Outputs are compared by the problem's comparator (kit.judges.compare).
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kit.building.pipeline import columns_for
from kit.bundle_making import make_bundle
from kit.check.checks import check
from kit.judges.compare import parse_compare
from kit.judges.targets import found, host, runner_for
from kit.problem_cases import judge_cases, sample_cases
from kit.registry import load_registry
from kit.run import judged
from kit.run.interact import run_interactive
from kit.run.limits import KILL_FACTOR, limits_for
from kit.run.problem_judges import interactor_command

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = load_registry(ROOT)
BATCH = [slug for slug, problem in REGISTRY.items() if problem.kind == "batch"]
TARGETS = [(slug, target) for slug in BATCH for target in REGISTRY[slug].targets]
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
            runners = {column.target: column.runner for column in columns_for(problem)}
            assert check(problem, bundle, runners).errors == []
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
            timeout=KILL_FACTOR * problem.time_limit + 5,
            check=False,
        )
        stderr = done.stderr.decode(errors="replace")[-2000:]
        assert done.returncode == 0, f"{case.name}: exit status {done.returncode}\n{stderr}"
        if case.expected is None:  # a lone NAME.in: ending cleanly is all it asks
            continue
        comparator = parse_compare(problem.compare, ROOT, problem.slug)
        difference = comparator.compare(case.input, case.expected.read_bytes(), done.stdout)
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


@pytest.mark.parametrize(("slug", "target"), TARGETS, ids=[f"{s}-{t.name}" for s, t in TARGETS])
def test_bundle_under_each_target(slug, target, bundles, empty):
    runner = runner_for(target, list(found()))
    if runner is None or not runner.exact:
        pytest.skip(f"no {target.name} interpreter installed")
    problem = problem_with_solution(slug)
    cases = sample_cases(problem) + judge_cases(problem)[0]
    check_cases(problem, cases, runner.command(bundles(slug)), empty)


@pytest.mark.parametrize("slug", list(REGISTRY))
def test_bundle_writes_nothing_and_starts_no_process(slug, bundles, empty):
    """From an empty folder, python3 -I -S, an audit hook refusing every file-system write and
    every process start:
    batch bundles still pass their samples (and judge data); an interactive bundle plays its
    first sample against its interactor (a game at the real clock takes seconds; the build
    plays them all under every target), or, without one, given no input still ends cleanly."""
    problem = problem_with_solution(slug)
    command = judged.wrapped(host(), bundles(slug), no_files=True, no_processes=True)
    if problem.kind == "batch":
        check_cases(problem, sample_cases(problem) + judge_cases(problem)[0], command, empty)
    elif problem.interactor is not None:
        play_cases(problem, sample_cases(problem)[:1], command, empty)
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


def play_cases(problem, cases, command, cwd):
    """Each secret input played against the problem's interactor: every game accepted."""
    assert cases
    interactor = interactor_command(problem)
    for case in cases:
        game = run_interactive(
            command,
            interactor,
            case.input,
            cwd=cwd,
            limits=limits_for(problem, columns_for(problem)[0].runner),
        )
        assert game.verdict == "ok", f"{case.name}: {game.message}\n" + "\n".join(game.transcript)

"""Test support (not a test module): what the run tests of kit/run/cases.py and
kit/run/case_judge.py (tests/kit/run/test_cases.py, test_case_judge.py) share: a case written
to a folder, the toy problem's sample, a problem bundled with one stand-in for its targets,
the options that run one case at a time, once, and a crash's details (kit/run/tracebacks.py's
and kit/building/pipeline.py's tests: tests/kit/run/test_tracebacks.py,
tests/kit/building/test_pipeline.py)."""

from kit.bundle_making import write_bundle
from kit.judges.targets import stand_in
from kit.problem_cases import Case
from kit.registry import load_registry
from kit.run.cases import Column, RunOptions

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


def bundled(root, slug, tmp_path):
    """Problem ``slug`` of the workspace at ``root``, its bundle written under ``tmp_path``,
    and one stand-in for all of its targets: (problem, bundle, script, columns)."""
    problem = load_registry(root)[slug]
    folder = tmp_path / "bundle"
    folder.mkdir()
    bundle, script = write_bundle(problem, folder)
    runner = stand_in(list(problem.targets))
    columns = [Column(target, runner, static_only=True) for target in problem.targets]
    return problem, bundle, script, columns


def crash(key, file="shared/x.py", line=25):
    """A failure's details: a traceback ending in a helper, then a hint."""
    return [
        "Traceback (most recent call last):",
        '  File "solutions/p.py", line 8, in main',
        "    print(look(n))",
        "          ~~~~^^^",
        f'  File "{file}", line {line}, in look',
        "    return TABLE[key]",
        f"KeyError: {key}",
        "hint: a hint after it",
    ]

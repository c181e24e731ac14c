"""kit.run.judge_words: a verdict as the problem's judge tells it; a module the judge installs
and this Python lacks is no verdict on the solution."""

from kit.bundle_making import write_bundle
from kit.judges.targets import stand_in
from kit.registry import load_registry
from kit.run.cases import Column, run_all
from kit.run.judge_words import judged_elsewhere
from tests.kit.run.case_support import ONE_AT_A_TIME, sample


def test_a_module_the_judge_installs_but_this_python_lacks_is_no_verdict(toy, tmp_path):
    """AtCoder installs acl_cpp; a run here without it fails on the import, which says
    nothing of the solution: a judge error naming the missing module, not a runtime error."""
    text = (toy / "problems.toml").read_text()
    (toy / "problems.toml").write_text(text.replace('judge = "nowhere"', 'judge = "AtCoder"', 1))
    (toy / "solutions" / "toy_sum.py").write_text("import acl_cpp\nprint(acl_cpp)\n")
    problem = load_registry(toy)["toy_sum"]
    folder = tmp_path / "bundle"
    folder.mkdir()
    bundle, script = write_bundle(problem, folder)
    runner = stand_in([problem.targets[0]])
    columns = [Column(problem.targets[0], runner, static_only=True)]
    ran = run_all(problem, bundle, script, [sample(problem)], columns, options=ONE_AT_A_TIME)
    (failure,) = ran.failures
    assert failure.word == "JE", failure.message
    assert "has no 'acl_cpp', which AtCoder installs" in failure.message
    assert judged_elsewhere(problem, runner, b"") is None
    assert (
        judged_elsewhere(problem, runner, b"ModuleNotFoundError: No module named 'requests'\n")
        is None
    )  # not installed on the judge either: the run's RE is the judge's

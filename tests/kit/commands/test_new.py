"""kit.commands.new: ``new`` writes the judge's usual time and memory limits where its profile
has them (AtCoder, Codeforces), placeholders said to be placeholders elsewhere (the profiles'
figures themselves are pinned by tests/kit/judges/test_profiles.py); the rest of ``new``, end to
end, is in tests/test_commands.py, tests/kit/test_scaffold.py and tests/kit/test_pages.py."""

import pytest

from kit import cli
from kit.judges.profiles import PROFILES
from kit.registry import load_registry


@pytest.mark.parametrize(
    ("judge", "seconds", "mebibytes"), [("AtCoder", 2.0, 1024), ("codeforces", 2.0, 256)]
)
def test_new_writes_the_judge_usual_limits(toy, capsys, judge, seconds, mebibytes):
    assert cli.main(["new", "alpha", "--judge", judge, "--root", str(toy)]) == 0
    out = capsys.readouterr().out
    assert f"limits {seconds:g} s, {mebibytes} MiB, the judge's usual ones; set id" in out
    problem = load_registry(toy)["alpha"]
    assert (problem.time_limit, problem.memory_limit) == (seconds, mebibytes)
    text = (toy / "problems.toml").read_text()
    name = PROFILES[judge.lower()].name
    assert f"time_limit = {seconds}  # seconds ({name}'s usual limit; the statement's own" in text
    assert f"memory_limit = {mebibytes}  # MiB ({name}'s usual limit;" in text


def test_new_writes_placeholders_for_a_judge_without_usual_limits(toy, capsys):
    assert cli.main(["new", "alpha", "--judge", "Kattis", "--root", str(toy)]) == 0
    assert "(judge Kattis; set id and limits)" in capsys.readouterr().out
    text = (toy / "problems.toml").read_text()
    assert "time_limit = 1.0  # seconds (a placeholder: set the statement's)" in text
    assert "memory_limit = 256  # MiB (a placeholder: set the statement's)" in text

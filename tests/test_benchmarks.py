"""The benchmarks' workspaces: each problem's samples are what its solution answers, so the
kit's check in a benchmark passes and times the same work every round."""

import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import check_speed, rebuild_overhead


@pytest.mark.parametrize("name", sorted(check_speed.PROBLEMS))
def test_a_check_speed_workspace_passes_the_kit_s_check(tmp_path, name):
    problem = check_speed.PROBLEMS[name]
    check_speed.write_workspace(tmp_path, 2, problem)
    done = subprocess.run(
        [sys.executable, "-m", "kit", problem.slug, "--root", str(tmp_path)]
        + ["--target", sys.executable],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2/2 cases" in done.stdout
    assert Path(tmp_path, "dist", f"{problem.slug}.py").is_file()


def test_the_rebuild_overhead_workspace_passes_the_kit_s_check(tmp_path):
    rebuild_overhead.write_workspace(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "kit", rebuild_overhead.SLUG, "--root", str(tmp_path)]
        + ["--target", sys.executable],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1/1 cases" in done.stdout

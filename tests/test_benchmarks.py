"""The benchmarks' workspaces: each problem's samples are what its solution answers, so the
kit's check in a benchmark passes and times the same work every round."""

import subprocess
import sys

import pytest

from benchmarks import check_speed, large_source, rebuild_overhead, relay


def kit_check(root, slug):
    """The kit's check of ``slug`` under this Python, made one of its targets (so that the
    bundle is written to dist/): its report, once it passed."""
    registry = root / "problems.toml"
    host = f"cpython{sys.version_info[0]}.{sys.version_info[1]}"
    if "targets = " not in registry.read_text():
        registry.write_text(registry.read_text() + f'targets = ["{host}"]\n')
    command = [sys.executable, "-m", "kit", slug, "--root", str(root), "--target", sys.executable]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout  # dist/ left as it was: this Python may be none of the judge's


@pytest.mark.parametrize("name", sorted(check_speed.PROBLEMS))
def test_a_check_speed_workspace_passes_the_kit_s_check(tmp_path, name):
    problem = check_speed.PROBLEMS[name]
    check_speed.write_workspace(tmp_path, 2, problem)
    assert "2/2 cases" in kit_check(tmp_path, problem.slug)


def test_the_rebuild_overhead_workspace_passes_the_kit_s_check(tmp_path):
    """Its one target the Python the run times: the kit writes the bundle that run reads."""
    name = rebuild_overhead.target_name(sys.executable)
    assert name == f"cpython{sys.version_info[0]}.{sys.version_info[1]}"
    rebuild_overhead.write_workspace(tmp_path, name)
    assert "1/1 cases" in kit_check(tmp_path, rebuild_overhead.SLUG)
    assert (tmp_path / "dist" / f"{rebuild_overhead.SLUG}.py").is_file()


def test_the_large_source_workspace_passes_the_kit_s_check(tmp_path):
    large_source.workspace(tmp_path, 40)
    assert "1/1 cases" in kit_check(tmp_path, "big")


def test_the_large_source_benchmark_times_both_stages_of_a_bundle_the_checks_accept():
    size, bundling, checking = large_source.measure(40, rounds=1)  # it stops on a refusal
    assert 40 * 150 < size < 40 * 250
    assert bundling > 0 and checking > 0


def test_an_edit_changes_the_bundle_every_round_and_it_still_passes(tmp_path):
    problem = check_speed.PROBLEMS["sort"]
    check_speed.write_workspace(tmp_path, 2, problem)
    solution = tmp_path / "solutions" / "sort.py"
    texts = set()
    for number in range(3):
        check_speed.edit(solution, number)
        kit_check(tmp_path, "sort")
        texts.add((tmp_path / "dist" / "sort.py").read_text())
    assert len(texts) == 3
    assert solution.read_text().count("_edit = ") == 1


def test_the_floor_loops_once_under_each_target_and_divides_by_the_cores(tmp_path, monkeypatch):
    pythons = {"3.13": "/bin/python-a", "pypy3.11": "/bin/pypy-b"}
    chosen = check_speed.commands(tmp_path, "sort", pythons, [], floor=True)
    assert [name for name in chosen if name.startswith("loop")] == ["loop", "loop pypy3.11"]
    assert "/bin/python-a" in chosen["loop"][2]
    assert "/bin/pypy-b" in chosen["loop pypy3.11"][2]
    assert "loop pypy3.11" not in check_speed.commands(tmp_path, "sort", pythons, [])
    monkeypatch.setattr(check_speed, "parallel_slots", lambda: 2)
    times = {"kit": [3.0], "loop": [1.0, 2.0, 9.0], "loop pypy3.11": [4.0], "oj": [1.0]}
    line = check_speed.floor_line(times, 3.0)
    assert "3.000 s  (every target's loop, 6.000 s, over 2 cores)" in line
    assert line.endswith("kit / floor  1.00")


def test_the_relay_benchmark_plays_through_the_kit_and_directly(capsys, monkeypatch):
    """Wall times, the relay's CPU, and the solution's own CPU in each mode."""
    monkeypatch.setattr(relay.relay_cost, "per_chunk", lambda: 1.0)  # not measured here
    relay.main(["--exchanges", "30", "--rounds", "1"])
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("30 exchanges, 1 rounds")
    assert [line.split("  ")[0] for line in printed[1:7]] == [
        "kit: wall", "kit: the relay's CPU", "kit: solution's CPU", "direct: wall",
        "direct: solution's CPU", "joined: solution's CPU",
    ]  # fmt: skip
    assert all("µs per exchange" in line for line in printed[1:7])
    assert printed[7].endswith("this machine's allowance 1000000.0 µs a chunk covers it")


def test_the_relay_benchmark_says_when_the_allowance_falls_short(monkeypatch):
    """The relay's cost a chunk, the medians' difference over the chunks (two an exchange and
    the count), against this machine's allowance."""
    monkeypatch.setattr(relay.relay_cost, "per_chunk", lambda: 40e-6)
    said = relay.allowance_line([1.0, 2.0, 9.0], [0.5, 1.0, 1.0], 2500)
    assert said == (
        "relay: 200.0 µs a chunk (kit - direct); this machine's allowance 40.0 µs a chunk "
        "SHORT of it"
    )


def test_the_relay_benchmark_stops_when_a_game_fails(tmp_path, monkeypatch):
    monkeypatch.setattr(relay, "SOLUTION", "print(0, flush=True)\n")
    with pytest.raises(SystemExit, match="the game through the kit failed"):
        relay.main(["--exchanges", "3", "--rounds", "1"])

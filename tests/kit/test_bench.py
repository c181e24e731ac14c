"""kit.bench on the toy checkout, under the Python running the tests alone: each case of
``bench/<slug>.py`` timed against its goal and judged by the build's rules (a wrong expected
output fails; nothing is left in the temp folder), a module with ``run(dist_path, command,
env)`` called instead under each interpreter (an older ``run(dist_path)`` once, ``--target``
refused for it), the bundle rebuilt only when ``dist/`` is stale, and what a bench module gets wrong
said in one line (exit 2, as for a stress module)."""

import contextlib
import json
import os
import shutil
import sys
import tempfile
from dataclasses import replace

import pytest

from kit import bench, cli, scaffold
from kit.building.pipeline import RunOptions, build_problem
from kit.bundle_making import make_bundle
from kit.errors import BuildError, Unwritable
from kit.judges.targets import host
from kit.registry import load_registry
from kit.run import baseline
from tests.compile_support import judged_by_atcoder
from tests.process_support import kit_ended


@pytest.fixture
def toy_ready(toy, own_imports):
    """The toy with dist/ already what its sources give (so no build runs)."""
    for problem in load_registry(toy).values():
        problem.dist.parent.mkdir(exist_ok=True)
        problem.dist.write_text(make_bundle(problem).text)
    return toy


def write_bench(toy, text):
    (toy / "bench" / "toy_sum.py").write_text(text)


def test_each_case_is_timed_against_its_goal(toy_ready, capsys):
    write_bench(toy_ready, 'GOAL_SECONDS = 5\n\ndef cases():\n    return [("one", "1 2\\n")]\n')
    assert bench.run(["toy_sum"], 2, toy_ready, only=host()) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "toy_sum: 1 case, 2 runs each; goal 5 s, limit 1 s, 64 MiB"
    assert lines[1].split()[:3] == ["one", host().short, "median"]
    assert lines[1].endswith("of goal") and "peak" in lines[1] and "(own " in lines[1]


def test_a_case_whose_expected_output_differs_fails(toy_ready, capsys):
    write_bench(toy_ready, 'def cases():\n    return [("wrong", "1 2\\n", "3\\n")]\n')
    assert bench.run(["toy_sum"], 1, toy_ready, only=host()) == 1
    assert "FAILED: wrong answer" in capsys.readouterr().out


@pytest.mark.parametrize(("changed", "status"), [(False, 0), (True, 1)])
def test_a_case_checked_against_its_output_leaves_nothing_in_the_temp_folder(
    toy_ready, capsys, monkeypatch, tmp_path, changed, status
):
    samples = toy_ready / "samples" / "toy_sum"
    stdin = (samples / "sample-1.in").read_text()
    expected = (samples / "sample-1.out").read_text() + ("one line more\n" if changed else "")
    write_bench(toy_ready, f"def cases():\n    return [('one', {stdin!r}, {expected!r})]\n")
    for started in list(baseline._started.values()):  # an earlier test's measurement, in
        with contextlib.suppress(Exception):  # the background, would make its folders in
            started.result(timeout=60)  # the temp folder this test watches (seen under load)
    scratch = tmp_path / "temp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    assert bench.run(["toy_sum"], 2, toy_ready, only=host()) == status
    capsys.readouterr()
    assert list(scratch.iterdir()) == []


def test_a_case_runs_away_from_the_workspace_and_leaves_nothing_in_dist(toy_ready, capsys):
    """The bundle ran as ``dist/<slug>.py``: a solution reading ``problems.toml`` through
    ``__file__`` found the workspace's (timed, passed), and its scratch file stayed in dist."""
    problem = load_registry(toy_ready)["toy_sum"]
    peek = (
        "import os\nhere = os.path.dirname(os.path.abspath(__file__))\n"
        "open(os.path.join(here, 'scratch.txt'), 'w').close()\n"
        "open(os.path.join(here, '..', 'problems.toml'))\n"
    )
    problem.solution.write_text(peek + problem.solution.read_text())
    problem.dist.write_text(make_bundle(problem).text)
    write_bench(toy_ready, 'def cases():\n    return [("one", "1 2\\n")]\n')
    assert bench.run(["toy_sum"], 1, toy_ready, only=host()) == 1
    assert "FileNotFoundError" in capsys.readouterr().out
    assert sorted(path.name for path in problem.dist.parent.iterdir()) == [
        "toy_echo.py",
        "toy_sum.py",
    ]


def test_a_module_with_run_is_called_with_the_bundle(toy_ready, capsys):
    assert bench.run(["toy_echo"], 1, toy_ready) == 0
    out = capsys.readouterr().out
    assert "toy_echo: bench/toy_echo.py run(dist/toy_echo.py) under " in out
    assert "toy_echo exchange: ok" in out and "building" not in out


RECORDING_RUN = """import json, subprocess

def run(dist_path, command, env):
    done = subprocess.run(command, input="ping\\n", capture_output=True, text=True, env=env)
    print("got", json.dumps([dist_path, command[0], env.get("PYPY_GC_NURSERY"), done.stdout]))
    return done.stdout != "ping\\n"
"""


def write_echo_bench(toy, text):
    (toy / "bench" / "toy_echo.py").write_text(text)


def received(out):
    return [json.loads(line[4:]) for line in out.splitlines() if line.startswith("got ")]


def test_run_gets_the_command_and_environment_of_the_interpreter_asked(toy_ready, capsys):
    write_echo_bench(toy_ready, RECORDING_RUN)
    assert bench.run(["toy_echo"], 1, toy_ready, only=host()) == 0
    out = capsys.readouterr().out
    assert f"run(dist/toy_echo.py) under {host().short}" in out
    ((dist, argv0, nursery, stdout),) = received(out)
    assert dist.endswith("toy_echo.py") and argv0 == host().executable
    assert nursery == "4MB" and stdout == "ping\n"


def test_run_is_called_under_each_interpreter_bench_times(toy_ready, capsys, monkeypatch):
    other = replace(host(), version=(3, 99))  # the same executable, named apart
    monkeypatch.setattr(bench, "timing_interpreters", lambda targets: [host(), other])
    write_echo_bench(toy_ready, RECORDING_RUN)
    assert bench.run(["toy_echo"], 1, toy_ready) == 0
    out = capsys.readouterr().out
    assert len(received(out)) == 2 and f"under {other.short}" in out


def test_a_failing_run_fails_the_bench(toy_ready, capsys):
    write_echo_bench(toy_ready, RECORDING_RUN.replace('!= "ping', '== "ping'))
    assert bench.run(["toy_echo"], 1, toy_ready, only=host()) == 1
    last = capsys.readouterr().out.splitlines()[-1]  # said, with the interpreter: not a bare 1
    assert last == f"FAILED: bench/toy_echo.py: run() returned True under {host().short}"
    write_echo_bench(toy_ready, "def run(dist_path):\n    return 3\n")
    assert bench.run(["toy_echo"], 1, toy_ready) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "FAILED: bench/toy_echo.py: run() returned 3"


def test_a_run_that_starts_the_bundle_itself_refuses_a_target(toy_ready, capsys):
    write_echo_bench(toy_ready, "def run(dist_path):\n    print('ran')\n    return 0\n")
    assert bench.run(["toy_echo"], 1, toy_ready, only=host()) == 1
    assert capsys.readouterr().out == (
        "toy_echo: bench/toy_echo.py: run(dist_path) starts the bundle itself, so --target cannot"
        " choose its interpreter; define run(dist_path, command, env) and start command with env\n"
    )
    assert bench.run(["toy_echo"], 1, toy_ready) == 0  # without --target: called once
    assert capsys.readouterr().out == "toy_echo: bench/toy_echo.py run(dist/toy_echo.py)\nran\n"


def test_a_run_that_raises_is_one_line(toy_ready, capsys):
    """The bench module's error, not a failure found: exit 2."""
    write_echo_bench(toy_ready, "def run(dist_path, command, env):\n    return 1 / 0\n")
    assert bench.run(["toy_echo"], 1, toy_ready, only=host()) == 2
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == (
        "toy_echo: bench/toy_echo.py: run() failed: ZeroDivisionError: division by zero at "
        "bench/toy_echo.py:2"
    )


@pytest.mark.parametrize("call", ["sys.exit(0)", "os._exit(0)"])
def test_a_run_that_exits_is_one_line_not_the_command_s_end(toy_ready, capsys, call, monkeypatch):
    """``sys.exit(0)`` in run() ended the command with 0, the other targets never benched."""
    monkeypatch.setattr(os, "_exit", kit_ended)
    write_echo_bench(toy_ready, f"import os, sys\ndef run(dist_path, command, env):\n    {call}\n")
    assert bench.run(["toy_echo"], 1, toy_ready, only=host()) == 2
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == f"toy_echo: bench/toy_echo.py: run() exits ({call})"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("X = 1\n", "bench/toy_sum.py: defines neither cases() nor run()"),
        ("def cases():\n    return []\n", "bench/toy_sum.py: cases() gave no case"),
        ("def cases():\n    return ['x']\n", "cases() must give (name, stdin_text) pairs"),
        ("def cases():\n    return 1 / 0\n", "cases() failed: ZeroDivisionError: division by zero"),
        (
            "def cases():\n    return [('a', '1 2\\n', 3)]\n",
            "case 'a': its input and expected output must be str or bytes, not str, int",
        ),
        ("def cases():\n    return [('a', 5)]\n", "case 'a': its input and expected output"),
        (
            "def cases():\n    return [('a', '1 2\\udcff')]\n",
            "case 'a': text that is not UTF-8: surrogates not allowed ('\\udcff' at character 3)",
        ),
        (
            "def cases():\n    return [('a', '1 2\\n'), ('a', '3 4\\n')]\n",
            "cases() gave the name 'a' twice (name each case once)",
        ),
        (
            "GOAL_SECONDS = 'x'\ndef cases():\n    return [('a', '1 2\\n')]\n",
            "bench/toy_sum.py: GOAL_SECONDS = 'x': expected seconds above 0",
        ),
        (
            "GOAL_SECONDS = -1\ndef cases():\n    return [('a', '1 2\\n')]\n",
            "bench/toy_sum.py: GOAL_SECONDS = -1: expected seconds above 0",
        ),
        (  # too large for a float: an OverflowError
            "GOAL_SECONDS = 10**400\ndef cases():\n    return [('a', '1 2\\n')]\n",
            "bench/toy_sum.py: GOAL_SECONDS = 1000",
        ),
        ("import sys\nsys.exit(0)\n", "bench/toy_sum.py: exits when imported (sys.exit(0))"),
        ("import os\nos._exit(0)\n", "bench/toy_sum.py: exits when imported (os._exit(0))"),
        ("import os\ndef cases():\n    os._exit(0)\n", "cases() exits (os._exit(0))"),
        (
            "import sys\ndef cases():\n    sys.exit('gave up')\n",
            "cases() exits (sys.exit('gave up'))",
        ),
    ],
)
def test_what_a_bench_module_gets_wrong_is_one_line(toy_ready, capsys, text, message, monkeypatch):
    """What bench cannot use: exit 2, as for a stress module."""
    monkeypatch.setattr(os, "_exit", kit_ended)  # os._exit(0) ended the command: "ok"
    write_bench(toy_ready, text)
    assert bench.run(["toy_sum"], 1, toy_ready, only=host()) == 2
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith("toy_sum: ") and message in line


def test_a_module_that_cannot_be_imported_exits_2_in_bench_as_in_stress(toy_ready, capsys):
    """What the command cannot read (README's exit status: 2), not a failure found: bench
    exited 1 where stress, given the same module, exits 2."""
    broken = "import no_such_module_here\n\ndef cases():\n    return [('a', '1 2\\n')]\n"
    write_bench(toy_ready, broken)
    (toy_ready / "stress").mkdir()
    (toy_ready / "stress" / "toy_sum.py").write_text(broken)
    root = ["--root", str(toy_ready)]
    assert cli.main(["bench", "toy_sum", "--target", sys.executable, *root]) == 2
    assert cli.main(["stress", "toy_sum", "--cases", "1", *root]) == 2
    out, err = capsys.readouterr()
    said = "cannot be imported: ModuleNotFoundError: No module named 'no_such_module_here'"
    assert f"toy_sum: bench/toy_sum.py: {said} at bench/toy_sum.py:1" in out
    assert f"stress/toy_sum.py: {said} at stress/toy_sum.py:1" in err


def test_a_broken_module_exits_2_and_the_other_problems_are_benched(toy_ready, capsys):
    """The bench goes on to the next problem; a failure found there is said, its 1 below the
    broken module's 2."""
    write_bench(toy_ready, "def cases():\n    return 1 / 0\n")
    write_echo_bench(toy_ready, "def run(dist_path, command, env):\n    return 1\n")
    assert bench.run(["toy_sum", "toy_echo"], 1, toy_ready, only=host()) == 2
    out = capsys.readouterr().out
    assert "toy_sum: bench/toy_sum.py: cases() failed: ZeroDivisionError" in out
    assert f"FAILED: bench/toy_echo.py: run() returned 1 under {host().short}" in out


def test_a_problem_without_a_bench_module_is_said_when_named(toy_ready, capsys):
    """Named, it is a usage error (2, as stress without its module); among all, passed over."""
    (toy_ready / "bench" / "toy_sum.py").unlink()
    assert bench.run(["toy_sum"], 1, toy_ready) == 2
    assert capsys.readouterr().out.splitlines() == [
        "toy_sum: no bench/toy_sum.py: nothing to time",
        "nothing timed: no bench/<slug>.py with cases for the problems asked",
    ]
    assert bench.run([], 1, toy_ready) == 0


ECHO_CASES = 'def cases():\n    return [("short", "ping\\n"), ("long", "a\\n" * 200)]\n'


def test_an_interactive_problem_s_cases_are_played_through_its_interactor(toy_ready, capsys):
    """Each secret input is a game against the interactor (they were each run as the
    solution's stdin, with no interactor, then refused): a row per case, its CPU time."""
    write_echo_bench(toy_ready, ECHO_CASES)
    assert bench.run(["toy_echo"], 2, toy_ready, only=host()) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "toy_echo: 2 cases played through interactors/toy_echo.py, 2 runs each; goal 1 s, "
        "limit 1 s of the solution's CPU time, 64 MiB"
    )
    assert [line.split()[:3] for line in lines[1:]] == [
        ["short", host().short, "median"],
        ["long", host().short, "median"],
    ]
    assert all(line.endswith("of goal") and "peak" in line for line in lines[1:])


REJECTED = """import sys

for line in sys.stdin:
    print("no" if line == "reject\\n" else line.rstrip("\\n"), flush=True)
"""


def test_a_game_the_interactor_rejects_fails_the_bench_with_its_verdict(toy_ready, capsys):
    """As a batch case's wrong answer: FAILED with the verdict, what was exchanged, exit 1."""
    (toy_ready / "solutions" / "toy_echo.py").write_text(REJECTED)
    write_echo_bench(toy_ready, 'def cases():\n    return [("ok", "a\\n"), ("bad", "reject\\n")]\n')
    assert bench.run(["toy_echo"], 1, toy_ready, only=host()) == 1
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith(("  ok ", "  bad "))]
    assert "median" in rows[0]
    assert rows[1].startswith(f"  bad  {host().short}") and "FAILED: wrong answer" in rows[1]
    assert "line 1: sent 'reject', got 'no'" in out


ANSWER_ECHO = """import sys

sent = open(sys.argv[1]).read().splitlines()
wanted = open(sys.argv[2]).read().splitlines()
for line, answer in zip(sent, wanted):
    print(line, flush=True)
    if sys.stdin.readline().rstrip("\\n") != answer:
        sys.exit(43)
sys.exit(42 if len(sent) == len(wanted) else 43)
"""


def test_a_case_s_third_item_is_the_answer_file_its_interactor_is_given(toy_ready, capsys):
    """As a sample's .ans is given to a Kattis output validator."""
    (toy_ready / "interactors" / "answer_echo.py").write_text(ANSWER_ECHO)
    registry = toy_ready / "problems.toml"
    registry.write_text(
        registry.read_text().replace(
            '"interactors/toy_echo.py"', '"kattis:interactors/answer_echo.py"'
        )
    )
    write_echo_bench(
        toy_ready,
        'def cases():\n    return [("same", "a\\n", "a\\n"), ("other", "a\\n", "b\\n")]\n',
    )
    assert bench.run(["toy_echo"], 1, toy_ready, only=host()) == 1
    rows = capsys.readouterr().out.splitlines()[1:3]
    assert rows[0].startswith("  same ") and "median" in rows[0]
    assert rows[1].startswith("  other ") and "FAILED: wrong answer" in rows[1]


def test_an_interactive_problem_without_its_interactor_is_told_to_set_one(toy_ready, capsys):
    registry = toy_ready / "problems.toml"
    registry.write_text(
        registry.read_text().replace('interactor = "interactors/toy_echo.py"\n', "")
    )
    write_echo_bench(toy_ready, ECHO_CASES)
    assert bench.run(["toy_echo"], 1, toy_ready, only=host()) == 2
    assert capsys.readouterr().out.splitlines()[-1] == (
        "toy_echo: bench/toy_echo.py: cases() are secret inputs played through the problem's "
        'interactor; set one in problems.toml (interactor = "PATH")'
    )


def test_the_interactive_bench_template_is_passed_over_until_written(toy_ready, capsys):
    write_echo_bench(toy_ready, scaffold.files("toy_echo", True)["bench/toy_echo.py"])
    assert bench.run(["toy_echo"], 1, toy_ready) == 2
    assert capsys.readouterr().out.splitlines()[0] == (
        "toy_echo: bench/toy_echo.py: cases() not written yet"
    )


def test_a_bench_module_still_the_template_s_is_passed_over_unnamed_and_said_named(
    toy_ready, capsys
):
    """``new``'s stub raises NotImplementedError: every problem's bench failed with it until
    each was written."""
    write_bench(toy_ready, 'def cases():\n    raise NotImplementedError("write cases()")\n')
    assert bench.run([], 1, toy_ready) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "toy_sum: bench/toy_sum.py: cases() not written yet"
    )
    assert bench.run(["toy_sum"], 1, toy_ready) == 2


def test_a_stale_dist_is_built_first(toy_ready, capsys, monkeypatch):
    problem = load_registry(toy_ready)["toy_sum"]
    problem.dist.write_text("print('old')\n")
    built = []

    def build(p, options, target=None):
        built.append((p.slug, options.repeat, target))  # as cpkit builds: the median decides

    monkeypatch.setattr(bench, "build_problem", build)
    with pytest.raises(AttributeError):  # the fake build gives no result: stop there
        bench._fresh_bundle(problem, "the runner named")
    assert (
        built == [("toy_sum", None, "the runner named")]
        and "toy_sum: building dist/toy_sum.py first" in capsys.readouterr().out
    )
    problem.dist.write_text(make_bundle(problem).text)
    assert bench._fresh_bundle(problem).text == problem.dist.read_text() and len(built) == 1
    problem.dist.write_bytes(b"\xff\xfe saved in another encoding\n")  # a traceback
    with pytest.raises(AttributeError):
        bench._fresh_bundle(problem)
    assert len(built) == 2


def test_a_bench_under_an_interpreter_the_judge_does_not_run_times_the_new_bundle(
    toy_ready, capsys
):
    """Such a build leaves dist/ as it was: the bench timed that older bundle (a solution
    sleeping 0.4 s measured 0.02 s), or failed with a traceback when there was none."""
    sample = toy_ready / "samples" / "toy_sum" / "sample-1"
    given, wanted = (sample.with_suffix(suffix).read_text() for suffix in (".in", ".out"))
    write_bench(toy_ready, f"def cases():\n    return [('a', {given!r}, {wanted!r})]\n")
    solution = toy_ready / "solutions" / "toy_sum.py"
    solution.write_text("import time\ntime.sleep(0.4)\n" + solution.read_text())
    problem = load_registry(toy_ready)["toy_sum"]
    problem.dist.unlink(missing_ok=True)
    argv = ["bench", "toy_sum", "--repeat", "1", "--target", sys.executable]
    assert cli.main([*argv, "--root", str(toy_ready)]) == 0
    line = [row for row in capsys.readouterr().out.splitlines() if " median " in row][0]
    assert float(line.split(" median ")[1].split()[0]) >= 0.4, line


def test_a_build_error_of_a_problem_is_one_line_naming_it(toy_ready, capsys, monkeypatch):
    def broken(problem):
        raise BuildError("shared/x.py:1: syntax error")

    monkeypatch.setattr(bench, "make_bundle", broken)
    assert bench.run(["toy_sum"], 1, toy_ready, only=host()) == 1
    assert capsys.readouterr().out == "toy_sum: shared/x.py:1: syntax error\n"


def test_a_dist_that_is_a_file_stops_the_bench_as_it_stops_the_build(toy_ready):
    """No bundle can be written for any problem: the same error and status as the build's."""
    write_bench(toy_ready, 'def cases():\n    return [("one", "1 2\\n")]\n')
    shutil.rmtree(toy_ready / "dist")
    (toy_ready / "dist").write_text("a file where the folder goes\n")
    with pytest.raises(Unwritable, match=r"^dist is a file, where the bundles' folder goes$"):
        bench.run(["toy_sum"], 1, toy_ready, only=host())
    with pytest.raises(Unwritable) as error:
        build_problem(load_registry(toy_ready)["toy_sum"], RunOptions())
    assert error.value.status == 2


def test_targets_not_here_are_named_and_the_kit_s_python_stands_in_for_all(
    toy_ready, capsys, monkeypatch
):
    write_bench(toy_ready, 'def cases():\n    return [("one", "1 2\\n")]\n')
    monkeypatch.setattr(bench, "untimed", list)
    monkeypatch.setattr(bench, "timing_interpreters", lambda targets: [host()])
    assert bench.run(["toy_sum"], 1, toy_ready) == 0
    names = ", ".join(t.name for t in load_registry(toy_ready)["toy_sum"].targets)
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:3] == [
        f"toy_sum: not timed under {names}: no such interpreter here",
        f"toy_sum: timed under the kit's own Python ({host().short}) instead",
    ]
    assert lines[3].split()[:2] == ["one", host().short]


def test_only_the_targets_not_here_are_named(toy_ready, capsys, monkeypatch):
    write_bench(toy_ready, 'def cases():\n    return [("one", "1 2\\n")]\n')
    monkeypatch.setattr(bench, "untimed", lambda targets: list(targets)[1:])
    monkeypatch.setattr(bench, "timing_interpreters", lambda targets: [host()])
    bench.run(["toy_sum"], 1, toy_ready)
    out = capsys.readouterr().out
    assert "not timed under" in out and "kit's own" not in out


def test_a_crash_shows_where_it_happened_in_the_sources(toy_ready, capsys):
    """As ``run`` and the build tell it: the helper's own file and line, not the bundle's."""
    write_bench(toy_ready, 'def cases():\n    return [("bad", "x y\\n")]\n')
    assert bench.run(["toy_sum"], 1, toy_ready, only=host()) == 1
    out = capsys.readouterr().out
    assert "FAILED: runtime error: exit status 1: ValueError: " in out
    assert '    File "shared/toy_numbers.py", line ' in out


def test_a_target_timed_under_a_stand_in_is_named(toy_ready, capsys, monkeypatch):
    from kit.judges.targets import Runner

    write_bench(toy_ready, 'GOAL_SECONDS = 5\n\ndef cases():\n    return [("one", "1 2\\n")]\n')
    monkeypatch.setattr(bench, "runner_for", lambda target, here: Runner(target, host(), False))
    monkeypatch.setattr(bench, "timing_interpreters", lambda targets: [host()])
    monkeypatch.setattr(bench, "untimed", lambda targets: [])
    assert bench.run(["toy_sum"], 1, toy_ready) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == (
        f"toy_sum: cpython3.8 timed under {host().label}: no interpreter of that version here"
    )
    rows = [line.split()[:2] for line in lines if "median" in line]
    assert rows == [["one", "3.8*/pypy3*"]]  # the targets, marked as the build marks stand-ins


def test_rows_are_labelled_by_the_target_a_stand_in_times(toy_ready, capsys, monkeypatch):
    """pypy3.10 timed under PyPy 3.9: its rows said ``pypy3.9``, the build's table
    ``pypy3.10``; they now say ``pypy3.10*``, and so do ``--target``'s."""
    from kit.judges.targets import Runner, Target

    older = replace(host(), impl="pypy", version=(3, 9))  # this Python, named as a PyPy 3.9
    write_bench(toy_ready, 'GOAL_SECONDS = 5\n\ndef cases():\n    return [("one", "1 2\\n")]\n')
    named = Runner(Target("pypy", (3, 10)), older, False)
    monkeypatch.setattr(bench, "as_problem_target", lambda runner, targets: runner)
    monkeypatch.setattr(bench, "_named_target", lambda problem, bundle, runner: None)
    assert bench.run(["toy_sum"], 1, toy_ready, only=older, named=named) == 0
    rows = [line.split()[:2] for line in capsys.readouterr().out.splitlines() if "median" in line]
    assert rows == [["one", "pypy3.10*"]]


def test_a_stand_in_older_than_its_target_that_cannot_run_the_bundle_is_not_timed(
    toy_ready, capsys, monkeypatch
):
    """`match` for a cpython3.10 target timed under a CPython 3.8 or 3.9 standing in: its
    SyntaxError would be no figure of the target's."""
    from kit.judges.targets import Runner, found

    older = [i for i in found() if i.impl == "cpython" and i.version < (3, 10)]
    if not older:
        pytest.skip("needs a CPython older than 3.10 here")
    solution = toy_ready / "solutions" / "toy_sum.py"
    solution.write_text("match 1:\n    case _:\n        print(3)\n")
    table = toy_ready / "problems.toml"
    table.write_text(table.read_text().replace('id = "1"', 'id = "1"\ntargets = ["3.10"]', 1))
    problem = load_registry(toy_ready)["toy_sum"]
    problem.dist.write_text(make_bundle(problem).text)
    write_bench(toy_ready, 'GOAL_SECONDS = 5\n\ndef cases():\n    return [("one", "1 2\\n")]\n')
    stand_in = older[0]
    monkeypatch.setattr(bench, "runner_for", lambda target, here: Runner(target, stand_in, False))
    monkeypatch.setattr(bench, "timing_interpreters", lambda targets: [stand_in])
    monkeypatch.setattr(bench, "untimed", lambda targets: [])
    assert bench.run(["toy_sum"], 1, toy_ready) == 0
    out = capsys.readouterr().out
    assert f"toy_sum: cpython3.10 not timed: {stand_in.label} for 3.10: " in out
    assert "median" not in out


def test_a_checker_is_compiled_with_the_problem_s_header_folders(toy_ready, capsys, monkeypatch):
    asked = []
    from kit.run import problem_judges

    real = problem_judges.parse_compare
    monkeypatch.setattr(  # the one home of a problem's comparison
        problem_judges, "parse_compare", lambda *args, **kw: asked.append(kw) or real(*args, **kw)
    )
    write_bench(toy_ready, 'def cases():\n    return [("one", "1 2\\n")]\n')
    folder = toy_ready / "testlib"
    problem = replace(load_registry(toy_ready)["toy_sum"], include=(folder,))
    assert bench.bench_problem(problem, 1, only=host()) == 0
    assert asked[0]["include"] == (folder,)


def test_atcoder_s_compile_run_is_made_before_the_cases(toy, own_imports, capsys):
    """What AtCoder's `python Main.py ONLINE_JUDGE` wrote is beside the script in the timed
    runs (kit.run.compile_step); they failed with ModuleNotFoundError."""
    judged_by_atcoder(toy)
    problem = load_registry(toy)["toy_sum"]
    problem.dist.parent.mkdir(exist_ok=True)
    problem.dist.write_text(make_bundle(problem).text)
    write_bench(toy, 'def cases():\n    return [("one", "21\\n", "42\\n")]\n')
    assert bench.run(["toy_sum"], 1, toy, only=host()) == 0, capsys.readouterr().out
    out = capsys.readouterr().out
    assert "toy_sum: note: AtCoder's compile step, `python Main.py ONLINE_JUDGE`, ran" in out


def test_a_stand_in_named_with_target_that_cannot_run_the_bundle_is_refused(toy_ready, capsys):
    """``--target cpython3.10`` where only an older CPython is here: the same refusal."""
    from kit.judges.targets import Runner, Target, found

    older = [i for i in found() if i.impl == "cpython" and i.version < (3, 10)]
    if not older:
        pytest.skip("needs a CPython older than 3.10 here")
    solution = toy_ready / "solutions" / "toy_sum.py"
    solution.write_text("match 1:\n    case _:\n        print(3)\n")
    problem = load_registry(toy_ready)["toy_sum"]
    problem.dist.write_text(make_bundle(problem).text)
    write_bench(toy_ready, 'GOAL_SECONDS = 5\n\ndef cases():\n    return [("one", "1 2\\n")]\n')
    named = Runner(Target("cpython", (3, 10)), older[0], False)
    assert bench.run(["toy_sum"], 1, toy_ready, only=older[0], named=named) == 1
    out = capsys.readouterr().out
    assert f"toy_sum: not timed: {older[0].label} for 3.10: " in out, out
    assert "median" not in out and "FAILED" not in out


def test_a_target_the_judge_does_not_run_is_noted_as_the_build_notes_it(toy_ready, capsys):
    """``bench --target 3.13`` for a judge of CPython 3.8 and PyPy: its times are 3.13's."""
    from kit.judges.targets import runner_named  # noqa: PLC0415

    named = runner_named(host().executable)
    assert bench.run(["toy_sum"], 1, toy_ready, only=named.interpreter, named=named) == 0
    out = capsys.readouterr().out
    assert "toy_sum: note: --target " in out and "not a target of nowhere" in out


SCRIPT_FOLDER_BENCH = """import mylib
from a import solve  # the solution itself, found in its folder


def cases():
    return [(mylib.NAME, "1 2\\n", solve(b"1 2\\n"))]
"""


def in_a_script_folder(toy, slug, folder):
    """A problem ``slug``: toy_sum's solution as ``folder``/a.py beside a helper ``mylib.py``
    that names the folder, and a bench module that imports both."""
    (toy / folder).mkdir()
    (toy / folder / "mylib.py").write_text(f"NAME = 'from {folder}'\n")
    shutil.copy(toy / "solutions" / "toy_sum.py", toy / folder / "a.py")
    shutil.copytree(toy / "samples" / "toy_sum", toy / "samples" / slug)  # one problem's each
    with (toy / "problems.toml").open("a") as table:
        table.write(
            f'\n[{slug}]\ntitle = "Toy Sum"\njudge = "nowhere"\nid = "1"\nkind = "batch"\n'
            f'time_limit = 1.0\nmemory_limit = 64\nsolution = "{folder}/a.py"\n'
        )
    (toy / "bench" / f"{slug}.py").write_text(SCRIPT_FOLDER_BENCH)


def test_bench_modules_find_what_solutions_in_script_folders_find(
    toy, own_imports, capsys, no_checkout_shared
):
    """Each bench module imports the helper beside its solution and the solution, as ``python
    abc300/a.py`` does (ModuleNotFoundError): the second problem's its own, not the first's
    imported already, nor the first's folder left on sys.path."""
    in_a_script_folder(toy, "first", "abc300")
    in_a_script_folder(toy, "second", "abc301")
    assert bench.run(["first", "second"], 1, toy, only=host()) == 0
    assert bench.run(["first"], 1, toy, only=host()) == 0
    out = capsys.readouterr().out
    timed = [line.split()[:2] for line in out.splitlines() if " median " in line]
    assert timed == [["from", "abc300"], ["from", "abc301"], ["from", "abc300"]], out


def test_no_slug_in_a_problem_s_folder_times_that_problem_as_if_named(
    toy_ready, capsys, monkeypatch
):
    """``bench`` in ``samples/toy_sum`` timed every problem, passing over one without its
    module; now it is toy_sum's, said, and its missing module is a usage error as named."""
    (toy_ready / "bench" / "toy_sum.py").unlink()
    monkeypatch.chdir(toy_ready / "samples" / "toy_sum")
    assert bench.run([], 1, toy_ready) == 2
    out, err = capsys.readouterr()
    assert err == "toy_sum (this folder's problem)\n"
    assert out.splitlines()[0] == "toy_sum: no ../../bench/toy_sum.py: nothing to time"


def test_a_problem_of_named_files_is_benched_as_its_solution_runs(toy_ready, capsys, monkeypatch):
    """A Polygon package's ``input-file`` and ``output-file`` (``Problem.named_files``): each
    run reads its case from the named input, stdin empty, its output the named output's."""
    from kit.registry import Problem

    monkeypatch.setattr(Problem, "named_files", property(lambda _: ("in.txt", "out.txt")))
    source = (
        "import sys\n"
        "assert sys.stdin.read() == ''\n"
        "a, b = map(int, open('in.txt').read().split())\n"
        "open('out.txt', 'w').write(f'{a + b}\\n')\n"
    )
    (toy_ready / "solutions" / "toy_sum.py").write_text(source)
    problem = load_registry(toy_ready)["toy_sum"]
    problem.dist.write_text(make_bundle(problem).text)
    write_bench(toy_ready, 'def cases():\n    return [("named", "1 2\\n", "3\\n")]\n')
    assert bench.run(["toy_sum"], 1, toy_ready, only=host()) == 0, capsys.readouterr().out

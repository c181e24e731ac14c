"""build.py end to end on copies of the toy checkout (kit/data/toy), one break at a time.

Every bad input must give a one-line error naming the problem and the file, a non-zero exit,
no traceback from the build, and no dist file left looking valid.
"""

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kit import cli
from kit.judges.targets import timing_interpreters
from kit.registry import load_registry
from kit.run.game_verdicts import without_allowance
from kit.startup import TOY

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = TOY


@pytest.fixture
def toy(tmp_path):
    root = tmp_path / "toy"
    shutil.copytree(FIXTURE, root, ignore=shutil.ignore_patterns("dist", "__pycache__"))
    return root


def build(root, *args):
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), *args, "--root", str(root), "--repeat", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    output = done.stdout + done.stderr
    # no traceback of the build itself (a solution's own, mapped to its files, may be shown)
    assert 'build.py", line' not in output and "kit/" not in output, output
    return done.returncode, output


def error_lines(output):
    """The error lines of the progress part (the notes after the table are not errors)."""
    progress = output.split("\nproblem ")[0]
    return [line for line in progress.splitlines() if line.startswith(("toy_sum:", "build.py:"))]


def write(root, relative, text):
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")


def stale_dist(root):
    """A dist file from an earlier build, which a failed build must not leave behind."""
    (root / "dist").mkdir(exist_ok=True)
    (root / "dist" / "toy_sum.py").write_text("print('stale')\n")


def assert_no_dist(root):
    leftovers = (
        sorted(path.name for path in (root / "dist").glob("*")) if (root / "dist").exists() else []
    )
    assert "toy_sum.py" not in leftovers
    assert not [name for name in leftovers if name.startswith(".")]


def test_fixture_builds_and_reports_a_table(toy):
    code, output = build(toy)
    assert code == 0, output
    assert "[1/2] toy_sum" in output and "[2/2] toy_echo" in output
    table = output[output.index("problem ") :]
    assert "toy_sum   batch" in table and "1/1" in table
    assert "toy_echo  interactive  0.3 KiB  1/1" in table
    assert (toy / "dist" / "toy_sum.py").is_file() and (toy / "dist" / "toy_echo.py").is_file()
    assert sorted(path.name for path in (toy / "dist").iterdir()) == ["toy_echo.py", "toy_sum.py"]


def test_one_slug_builds_only_that_problem(toy):
    code, output = build(toy, "toy_echo")
    assert code == 0 and "toy_sum" not in output
    assert not (toy / "dist" / "toy_sum.py").exists()


def test_unknown_slug_is_one_line_and_exit_2(toy):
    code, output = build(toy, "toy_sum", "nope")
    assert code == 2
    assert output.strip().splitlines() == [
        "build.py: error: unknown problem 'nope' (problems.toml has: toy_sum, toy_echo)"
    ]


def test_malformed_registry_is_one_line(toy):
    (toy / "problems.toml").write_text("[toy_sum]\nkind = 'batch'\n")
    code, output = build(toy)
    assert code == 2
    assert output.strip().splitlines() == [
        "build.py: error: problems.toml:1: [toy_sum]: missing 'judge'"
    ]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("sample-3.out", "toy_sum: samples/toy_sum/sample-3.out has no sample-3.in"),
        ("sample-3.txt", "toy_sum: samples/toy_sum/sample-3.txt: not a sample file"),
        ("big.ans", "toy_sum: samples/toy_sum/big.ans has no big.in"),
        ("sample-1.ans", "toy_sum: samples/toy_sum/sample-1.ans: both .out and .ans"),
    ],
)
def test_malformed_sample_pair(toy, name, message):
    stale_dist(toy)
    (toy / "samples" / "toy_sum" / name).write_text("1\n")
    code, output = build(toy, "toy_sum")
    assert code == 1
    assert error_lines(output)[0].startswith(message), output
    assert_no_dist(toy)
    assert "FAILED: toy_sum" in output


def test_wrong_answer_shows_file_and_first_differing_line(toy):
    stale_dist(toy)
    out = toy / "samples" / "toy_sum" / "sample-1.out"
    out.write_text(out.read_text().replace("line 3:      6", "line 3:      7"))
    code, output = build(toy, "toy_sum")
    assert code == 1
    assert error_lines(output)[0] == (
        "toy_sum: samples/toy_sum/sample-1.in: wrong answer: line 5: expected 'line 3:      7', "
        "got 'line 3:      6' (3.8, pypy3)"
    )
    assert_no_dist(toy)
    assert (toy / "dist" / "failed" / "toy_sum.py").is_file()  # kept for inspection
    assert "the failed bundle is kept as dist/failed/toy_sum.py" in output


def test_trailing_whitespace_and_final_blank_lines_do_not_matter(toy):
    out = toy / "samples" / "toy_sum" / "sample-1.out"
    out.write_text(out.read_text().replace("\n", "  \r\n") + "\n\n")
    code, output = build(toy, "toy_sum")
    assert code == 0, output


def test_a_chain_of_thousands_of_operators_is_bundled_as_a_judge_compiles_it(toy):
    """``x = 0 + 1 + ... + 1`` (2000 terms): the kit's walks of the tree stopped at Python's
    recursion limit with a traceback of the kit's."""
    solution = toy / "solutions" / "toy_sum.py"
    solution.write_text("_ = 0" + " + 1" * 2000 + "\n" + solution.read_text())
    code, output = build(toy, "toy_sum")
    assert code == 0, output


def test_crashing_solution_shows_exit_status_and_stderr_tail(toy):
    stale_dist(toy)
    write(toy, "solutions/toy_sum.py", "import sys\nsys.stdin.read()\nprint(1 // 0)\n")
    code, output = build(toy, "toy_sum")
    assert code == 1
    lines = error_lines(output)
    message = (
        "toy_sum: samples/toy_sum/sample-1.in: runtime error: exit status 1: "
        "ZeroDivisionError: integer division or modulo by zero"
    )
    # one line for both targets when their tracebacks read the same (PyPy installed), one each
    # when a stand-in's differ (CPython 3.11+ marks the failing expression with ~~^^~~)
    assert lines[0].startswith(message + " (3.8")
    assert any(line.startswith(message) and line.endswith("pypy3)") for line in lines)
    detail = [line.strip() for line in output[output.index(lines[0]) :].splitlines()[1:6]]
    assert 'File "solutions/toy_sum.py", line 3, in <module>' in detail  # the author's file
    assert "ZeroDivisionError: integer division or modulo by zero" in detail
    assert_no_dist(toy)


def test_hanging_solution_is_killed_at_three_times_the_limit(toy):
    registry = toy / "problems.toml"
    registry.write_text(registry.read_text().replace("time_limit = 1.0", "time_limit = 0.1", 1))
    write(toy, "solutions/toy_sum.py", "while True:\n    pass\n")
    code, output = build(toy, "toy_sum")
    assert code == 1
    assert without_allowance(error_lines(output)[0]) == (  # its lateness on a loaded machine
        "toy_sum: samples/toy_sum/sample-1.in: time limit: killed at 0.3 s "
        "(3x the 0.1 s limit) (3.8, pypy3)"
    )
    assert_no_dist(toy)


def test_a_target_s_runs_after_its_first_kill_are_killed_at_twice_the_limit(toy):
    """Its verdict already a time-out past twice the limit (kit.run.limits.after_a_kill): an
    endless loop's second case is not run on to 3x the limit, and the report says why."""
    registry = toy / "problems.toml"
    registry.write_text(registry.read_text().replace("time_limit = 1.0", "time_limit = 0.1", 1))
    write(toy, "solutions/toy_sum.py", "while True:\n    pass\n")
    write(toy, "samples/toy_sum/sample-2.in", "1 2\n")
    write(toy, "samples/toy_sum/sample-2.out", "3\n")
    code, output = build(toy, "toy_sum", "-j", "1")
    assert code == 1
    assert [without_allowance(line) for line in error_lines(output)[:2]] == [
        "toy_sum: samples/toy_sum/sample-1.in: time limit: killed at 0.3 s "
        "(3x the 0.1 s limit) (3.8, pypy3)",
        "toy_sum: samples/toy_sum/sample-2.in: time limit: killed at 0.2 s "
        "(2x the 0.1 s limit, after an earlier run's kill at 0.3 s) (3.8, pypy3)",
    ]


def test_slow_solution_over_the_limit_fails(toy):
    registry = toy / "problems.toml"
    registry.write_text(registry.read_text().replace("time_limit = 1.0", "time_limit = 0.1", 1))
    write(toy, "solutions/toy_sum.py", "import time\ntime.sleep(0.18)\n")
    (toy / "samples" / "toy_sum" / "sample-1.out").write_text("")
    code, output = build(toy, "toy_sum")
    assert code == 1
    assert "is over the 0.1 s limit (3.8" in error_lines(output)[0]


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (
            "from shared.nothing import x\n",
            "toy_sum: solutions/toy_sum.py:1: cannot find helper module 'shared.nothing'",
        ),
        (
            "import numpy\n",
            "toy_sum: solutions/toy_sum.py:1: imports 'numpy', which is neither in the standard",
        ),
        ("def f(:\n", "toy_sum: solutions/toy_sum.py:1: syntax error"),
        (
            "from shared.toy_text import BANNER\nx = 5 .bit_count()\n",
            "toy_sum: solutions/toy_sum.py:2: 'int.bit_count' member needs Python 3.10",
        ),
    ],
)
def test_bad_solution_is_one_line_naming_problem_and_file(toy, source, message):
    stale_dist(toy)
    write(toy, "solutions/toy_sum.py", source)
    code, output = build(toy, "toy_sum")
    assert code == 1
    lines = error_lines(output)
    assert len(lines) == 1 and lines[0].startswith(message), output
    assert_no_dist(toy)


def test_a_helper_module_that_is_nowhere_is_not_built(toy):
    """As a name a helper does not define is not: ``from .nosuch import y`` in a helper."""
    helper = toy / "shared" / "toy_numbers.py"
    helper.write_text("from .nosuch import y\n" + helper.read_text())
    code, output = build(toy, "toy_sum")
    assert code == 1
    assert output.splitlines()[0].endswith("FAIL        not built"), output
    assert error_lines(output)[0].startswith(
        "toy_sum: shared/toy_numbers.py:1: cannot find helper module 'shared.nosuch'"
    )
    assert_no_dist(toy)


def test_syntax_error_in_a_helper_names_the_helper(toy):
    write(toy, "shared/toy_numbers.py", "def parse_totals(data):\n    return [\n")
    code, output = build(toy, "toy_sum")
    assert code == 1
    assert error_lines(output)[0].startswith("toy_sum: shared/toy_numbers.py:2: syntax error")


def without_interactor(toy):
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('interactor = "interactors/toy_echo.py"\n', ""))


def test_interactive_bundle_must_start_and_end_cleanly_on_empty_input(toy):
    without_interactor(toy)
    write(toy, "solutions/toy_echo.py", "import sys\nsys.exit(3)\n")
    code, output = build(toy, "toy_echo")
    assert code == 1
    lines = [line for line in output.splitlines() if line.startswith("toy_echo:")]
    assert lines[0] == (
        "toy_echo: dist/toy_echo.py on empty input: runtime error: exit status 3 (3.8, pypy3)"
    )
    assert not (toy / "dist" / "toy_echo.py").exists()


def test_an_interactive_problem_without_an_interactor_fails_unplayed(toy):
    """It was "ok" though no game was played: nothing said a judge would accept it."""
    without_interactor(toy)
    code, output = build(toy, "toy_echo")
    assert code == 1
    lines = [line for line in output.splitlines() if line.startswith("toy_echo:")]
    assert lines == [
        "toy_echo: interactive, and problems.toml names no interactor: no game was played (the "
        "bundle only ran on empty input), so nothing says a judge would accept it; set "
        'interactor = "interactors/toy_echo.py"'
    ]
    table = output[output.index("problem ") :]
    assert "interactive: no interactor to play" in table and table.rstrip().endswith(
        "FAILED: toy_echo"
    )


def test_missing_solution_is_listed_not_failed(toy):
    stale_dist(toy)
    (toy / "solutions" / "toy_sum.py").unlink()
    code, output = build(toy)
    assert code == 0, output
    assert "solutions/toy_sum.py does not exist yet" in output
    assert "no solution" in output[output.index("problem ") :]
    assert_no_dist(toy)


def test_a_problem_named_without_its_solution_fails(toy):
    """Named, it was asked for and nothing was checked: exit 1, not the quiet 0 of a
    problem registered ahead of its solution in a whole build."""
    (toy / "solutions" / "toy_sum.py").unlink()
    code, output = build(toy, "toy_sum")
    assert code == 1, output
    assert output.rstrip().endswith("FAILED: toy_sum")


def test_judge_data_runs_when_present_and_is_skipped_with_a_note_when_absent(toy, tmp_path):
    registry = toy / "problems.toml"
    text = registry.read_text().replace(
        "memory_limit = 64\n", 'memory_limit = 64\njudge_data = "../official"\n', 1
    )
    registry.write_text(text)
    code, output = build(toy, "toy_sum")
    assert code == 0, output
    absent = (tmp_path / "official").resolve()
    assert (
        f"toy_sum: judge data ../official absent (no folder {absent}, outside the workspace): "
        "skipped" in output
    )

    official = tmp_path / "official"
    official.mkdir()
    (official / "big.in").write_text("5 5\n")
    (official / "big.out").write_text("totals:\n")
    code, output = build(toy, "toy_sum")
    assert code == 1
    assert error_lines(output)[0].startswith(
        "toy_sum: ../official/big.in: wrong answer: line 2: expected end"
    )
    assert "0/2 cases" not in output and "1/2 cases" in output


def first_timed(toy) -> str:
    """bench's column for the first interpreter it times toy_sum under."""
    return timing_interpreters(load_registry(toy)["toy_sum"].targets)[0].short


def test_bench_times_cases_and_calls_run_for_interactive_problems(toy):
    code, output = build(toy, "bench")
    assert code == 0, output
    assert "toy_sum: 2 cases, 1 run each; goal 0.5 s, limit 1 s, 64 MiB" in output
    assert f"3000 lines  {first_timed(toy):<5}" in output and "of goal" in output
    assert "toy_echo exchange: ok" in output


def test_bench_reports_a_crashing_case(toy):
    write(toy, "bench/toy_sum.py", "def cases():\n    return [('bad', 'x y\\n')]\n")
    code, output = build(toy, "bench", "toy_sum")
    assert code == 1
    assert f"bad  {first_timed(toy):<8} FAILED: runtime error: exit status 1" in output


def test_build_py_match_forwards_its_arguments_to_this_checkout_s_referee():
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "match", "--help"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: match [-h] [--games GAMES]")


def test_the_kit_itself_has_no_match_command(monkeypatch, capsys):
    """Lines of Action's referee belongs to this checkout, not to the installed kit: there
    `match` is just a slug, and not one of the toy's."""
    assert cli.main(["match", "--root", str(TOY)]) == 2
    assert capsys.readouterr().err.startswith("cpkit: error: unknown problem 'match'")


def test_build_py_runs_from_any_directory(toy, tmp_path):
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--root", str(toy), "--repeat", "1", "toy_echo"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={key: value for key, value in os.environ.items() if key != "PYTHONPATH"},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_startup_benchmark_runs():
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "startup", "--runs", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "bundle - inlined:" in done.stdout and "in one process" in done.stdout

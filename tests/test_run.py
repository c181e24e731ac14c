"""The run stage (kit.run.cases) through build.py on a toy checkout: targets and stand-ins, the
int-digit rule, hints, judges without file access, the per-problem comparison, the user's own
interactive problems, and what the report shows (-v, --diff)."""

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kit.judges.targets import found, parse_target, runner_for

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def build(root, *args, interpreters=None):
    env = None
    if interpreters is not None:
        env = {**os.environ, "KIT_PYTHONS": interpreters}
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), *args, "--root", str(root), "--repeat", "1"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


def problem(root, *, judge="nowhere", extra="", kind="batch"):
    """Make toy_sum's table say ``judge``, ``kind`` and ``extra`` (drops toy_echo)."""
    (root / "problems.toml").write_text(
        textwrap.dedent(
            f"""\
            [toy_sum]
            judge = "{judge}"
            id = "1"
            kind = "{kind}"
            time_limit = 1.0
            memory_limit = 64
            """
        )
        + extra
        + "\n"
    )


def solution(root, text, *, given="1 2\n", expected=None):
    (root / "solutions" / "toy_sum.py").write_text(textwrap.dedent(text))
    samples = root / "samples" / "toy_sum"
    shutil.rmtree(samples)
    samples.mkdir()
    (samples / "sample-1.in").write_text(given)
    if expected is not None:
        (samples / "sample-1.out").write_text(expected)


def installed(name):
    runner = runner_for(parse_target(name), list(found()))
    if runner is None or not runner.exact:
        pytest.skip(f"{name} not installed")


BIG = "import sys\nsys.stdin.read()\nprint(len(str(7 ** 6000)))\n"


def test_host_int_digit_limit_does_not_fail_a_target_older_than_3_11(toy):
    problem(toy, extra='targets = ["cpython3.8"]')
    solution(toy, BIG, expected="5071\n")
    code, output = build(toy, interpreters="")  # no 3.8 here: the build's 3.11+ stands in
    assert code == 0, output
    assert "cpython3.8: no interpreter of that version here" in output


FAILURES = [
    pytest.param(
        'targets = ["cpython3.11"]',
        BIG,
        ["Exceeds the limit (4300 digits)", "hint: Python 3.11+ limits int<->str conversions"],
        id="int-digit-limit-real-for-3.11",
    ),
    pytest.param(
        'targets = ["cpython3.8"]',
        "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n",
        [
            "sample-1.in: runtime error: killed by signal SIGSEGV (3.8)",
            "recursion deeper than the C stack",
        ],
        id="signal",
    ),
    pytest.param(
        "",  # Timus (below): no file access
        "open('scratch.txt', 'w').write('x')\nprint(1)\n",
        ['wrote to the file system, which Timus forbids, its verdict "Restricted function"'],
        id="file-write-on-timus",
    ),
]


def pypy39():
    """Debian's PyPy 3.9, the PyPy these machines have, else skip."""
    pypy = shutil.which("pypy3")
    if pypy is None or "3.9" not in subprocess.run(
        [pypy, "-c", "import sys; print(sys.version_info[:2])"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.replace("(3, 9)", "3.9"):
        pytest.skip("needs PyPy 3.9 (pypy3)")
    return pypy


NEWER_SYNTAX = {
    "pypy3.10": "match len(data.split()):\n    case 2:\n        print(3)\n",
    "pypy3.11": "try:\n    print(3)\nexcept* ValueError:\n    pass\n",
}


@pytest.mark.parametrize("target", sorted(NEWER_SYNTAX))
@pytest.mark.parametrize("pypy_here", [True, False])
@pytest.mark.parametrize("expected", ["3", "4"])
def test_syntax_valid_for_the_target_gets_the_same_verdict_whatever_older_pypy_is_installed(
    toy, target, pypy_here, expected
):
    """`match` (3.10) for pypy3.10 and `except*` (3.11) for pypy3.11: PyPy 3.9 cannot compile
    them, so it must not decide; with or without it installed, the verdict is the same, a
    wrong answer's too (with PyPy 3.9 here, no case ran and it was "ok")."""
    interpreters = sys.executable + (f" {pypy39()}" if pypy_here else "")
    problem(toy, extra=f'targets = ["{target}"]')
    code_text = "import sys\ndata = sys.stdin.read()\n" + NEWER_SYNTAX[target]
    solution(toy, code_text, expected=expected + "\n")
    code, output = build(toy, interpreters=interpreters)
    assert code == (0 if expected == "3" else 1), output
    if expected == "4":
        assert f"wrong answer: line 1: expected '4', got '3' ({target})" in output, output
    if pypy_here:
        assert (
            f"note: toy_sum: {target}'s cases ran under CPython 3.{sys.version_info[1]}: PyPy 3.9 "
            f"here is older and cannot run the bundle, which {target}'s syntax and APIs accept "
            "(for PyPy 3.9: "
        ) in output, output


@pytest.mark.parametrize("named", ["pypy3.10", "pypy3.11", None])
def test_run_passes_over_an_older_stand_in_that_cannot_run_the_bundle(toy, named):
    """`run` under PyPy 3.9 for pypy3.10 (named with --target, or the only target): `match`
    would be a SyntaxError, a runtime error the judge's PyPy 3.10 does not give: it runs under
    the build's CPython instead, said so; plain code runs under the stand-in, said to be one."""
    interpreters = f"{sys.executable} {pypy39()}"
    problem(toy, extra='targets = ["pypy3.10"]')
    code_text = "import sys\ndata = sys.stdin.read()\n" + NEWER_SYNTAX["pypy3.10"]
    solution(toy, code_text, expected="3\n")
    sample = str(toy / "samples" / "toy_sum" / "sample-1.in")
    named_ = ["--target", named] if named else []  # the problem's target, another, or none
    target = named or "pypy3.10"
    argv = [sys.executable, str(ROOT / "build.py"), "run", "toy_sum", sample, "--root", str(toy)]

    def run():
        env = {**os.environ, "KIT_PYTHONS": interpreters}
        done = subprocess.run(
            argv + named_, capture_output=True, text=True, env=env, timeout=120, check=False
        )
        return done.returncode, done.stdout + done.stderr

    code, output = run()
    host = f"CPython 3.{sys.version_info[1]}"
    assert code == 0, output
    assert (
        f"note: PyPy 3.9 is older than {target} and cannot run this bundle (solutions/toy_sum.py"
        f":3: invalid syntax. Perhaps you forgot a comma?): it runs under {host} instead, as the "
        f"build runs it; its time and memory are not {target}'s"
    ) in output, output
    assert f"{host} for {target}]" in output, output
    solution(toy, "import sys\ndata = sys.stdin.read()\nprint(3)\n", expected="3\n")
    code, output = run()
    assert code == 0 and f"PyPy 3.9 for {target}]" in output, output
    code, output = build(toy, "--target", "pypy3.10", interpreters=interpreters)  # the build's
    assert code == 0 and "not a target" not in output, output  # stand-in, said as the build
    assert "note: * pypy3.10: no interpreter of that version here" in output, output  # says it


def test_an_api_newer_than_an_older_stand_in_keeps_it_from_running(toy):
    """itertools.pairwise (3.10) is valid for pypy3.10 but would crash PyPy 3.9: its runs
    would be a verdict PyPy 3.10 does not give."""
    problem(toy, extra='targets = ["pypy3.10"]')
    code_text = "import itertools, sys\nprint(len(list(itertools.pairwise('abcd'))))\n"
    solution(toy, code_text, expected="3\n")
    code, output = build(toy, interpreters=f"{sys.executable} {pypy39()}")
    assert code == 0, output
    assert "itertools.pairwise" in output and "pypy3.10's cases ran under CPython" in output


def test_a_bundle_valid_for_an_older_stand_in_still_runs_there(toy):
    problem(toy, extra='targets = ["pypy3.10"]')
    solution(
        toy, "import sys\nprint(sum(map(int, sys.stdin.read().split())) + 1)\n", expected="3\n"
    )
    code, output = build(toy, interpreters=f"{sys.executable} {pypy39()}")
    assert code == 1 and "wrong answer: line 1: expected '3', got '4' (pypy3.10)" in output
    assert "the cases ran under PyPy 3.9" in output


def test_syntax_newer_than_the_target_fails_statically_whatever_is_installed(toy):
    problem(toy, extra='targets = ["pypy3.10"]')
    solution(toy, "type Number = int\nprint(3)\n", expected="3\n")
    for interpreters in (sys.executable, f"{sys.executable} {pypy39()}"):
        code, output = build(toy, interpreters=interpreters)
        assert code == 1 and "solutions/toy_sum.py:1:" in output, output


@pytest.mark.parametrize(("extra", "code", "phrases"), FAILURES)
def test_failures_are_told_with_their_hints(toy, extra, code, phrases):
    problem(toy, judge="nowhere" if extra else "Timus", extra=extra)
    solution(toy, code, expected="5071\n")
    status, output = build(toy, interpreters="")
    assert status == 1
    for phrase in phrases:
        assert phrase in output, output


def test_every_case_runs_under_every_target_and_the_report_says_which_failed(toy):
    installed("cpython3.8")
    installed("pypy3")
    problem(toy)
    solution(
        toy,
        "import sys\nsys.stdin.read()\nprint(2 if sys.implementation.name == 'pypy' else 1)\n",
        expected="1\n",
    )
    code, output = build(toy, "-v")
    assert code == 1
    assert (
        "toy_sum: samples/toy_sum/sample-1.in: wrong answer: line 1: expected '1', got '2' (pypy3)"
        in output
    )
    assert "ok   samples/toy_sum/sample-1.in  3.8" in output
    assert "WA   samples/toy_sum/sample-1.in  pypy3" in output


def test_diff_shows_input_expected_and_got(toy):
    problem(toy, extra='targets = ["cpython3.8"]')
    solution(
        toy, "import sys\nprint(sum(map(int, sys.stdin.read().split())) + 1)\n", expected="3\n"
    )
    code, output = build(toy, "--diff", interpreters="")
    assert code == 1
    block = output[output.index("--- samples/toy_sum/sample-1.in") :]
    assert block.splitlines()[1:7] == ["input:", "    1 2", "expected:", "    3", "got:", "    4"]


SUM_TWO = "import sys\nn = int(sys.stdin.read())\nprint({})\n"


@pytest.mark.parametrize(
    ("compare", "printed", "expected", "verdict"),
    [
        ("tokens", "'1   2\\n\\n3'", "1 2 3\n", None),
        ("tokens", "'1 2 4'", "1 2 3\n", "wrong answer: token 3: expected '3', got '4'"),
        ("float:1e-6", "'%.9f' % (n / 3)", "1.666666667\n", None),
        ("float:1e-6", "'%.3f' % (n / 3)", "1.666666667\n", "wrong answer:"),
        ("checker:sum_checker.py", "'2 3'", "0 5\n", None),
        ("checker:sum_checker.py", "'2 2'", "0 5\n", "wrong answer: checker: 2 + 2 = 4, not 5"),
        (
            "lines",
            "'1  2\\n3'",
            "1 2\n3\n",
            "presentation error: line 1: expected '1 2', got '1  2'",
        ),
        ("checker:sum_checker.py", "'x'", "0 5\n", "presentation error: checker: expected two"),
        ("checker:sum_checker.py", "'2 3'", "1 1\n", "checker failed: it reported a failure"),
    ],
)
def test_compare_modes_accept_and_reject(toy, compare, printed, expected, verdict):
    shutil.copy(FIXTURES / "compare" / "sum_checker.py", toy / "sum_checker.py")
    problem(toy, extra=f'targets = ["cpython3.8"]\ncompare = "{compare}"')
    solution(toy, SUM_TWO.format(printed), given="5\n", expected=expected)
    code, output = build(toy, interpreters="")
    if verdict is None:
        assert code == 0, output
    else:
        assert code == 1, output
        assert verdict in output, output


def test_verbose_shows_what_an_accepting_checker_said(toy):
    shutil.copy(FIXTURES / "compare" / "sum_checker.py", toy / "sum_checker.py")
    problem(toy, extra='targets = ["cpython3.8"]\ncompare = "checker:sum_checker.py"')
    solution(toy, SUM_TWO.format("'2 3'"), given="5\n", expected="0 5\n")
    code, output = build(toy, "-v", interpreters="")
    assert code == 0, output
    assert "ok   samples/toy_sum/sample-1.in  3.8" in output
    assert "(ok: 2 + 3 = 5)" in output


def test_a_bad_compare_setting_is_one_line(toy):
    problem(toy, extra='compare = "fuzzy"')
    code, output = build(toy, interpreters="")
    assert code == 2
    assert output.strip() == (
        "build.py: error: problems.toml:7: [toy_sum]: compare = 'fuzzy': unknown comparison "
        "(expected lines, tokens, float:TOL, kattis[:FLAGS], domjudge[:FLAGS], "
        "validator:PATH [FLAGS], std:NAME or checker:PATH)"
    )
    assert "Traceback" not in output


@pytest.mark.parametrize(
    ("program", "verdict"),
    [("binary_search.py", None), ("linear_search.py", "wrong answer: more than 7 guesses")],
)
def test_the_user_s_own_interactive_problem(toy, program, verdict):
    shutil.copy(FIXTURES / "interactive" / "guess_interactor.py", toy / "interactor.py")
    problem(toy, kind="interactive", extra='targets = ["cpython3.8"]\ninteractor = "interactor.py"')
    solution(toy, (FIXTURES / "interactive" / program).read_text(), given="100 7 91\n")
    code, output = build(toy, interpreters="")
    if verdict is None:
        assert code == 0, output
        assert "1/1 cases" in output
    else:
        assert code == 1, output
        assert verdict in output, output
        assert "last lines exchanged" in output


def test_a_game_where_nothing_was_exchanged_shows_no_empty_transcript(toy):
    (toy / "interactor.py").write_text("import sys\nsys.stderr.write('bad secret')\nsys.exit(3)\n")
    problem(toy, kind="interactive", extra='targets = ["cpython3.8"]\ninteractor = "interactor.py"')
    solution(toy, "import sys\n\nsys.stdin.readline()\n", given="100 7 91\n")
    code, output = build(toy, interpreters="")
    assert code == 1 and "judge error: interactor failed" in output, output
    assert "last lines exchanged" not in output


def test_an_interactive_crash_shows_the_solution_s_traceback_in_its_own_lines(toy):
    """As a batch run's: the exception's line in the solution, after the last lines."""
    shutil.copy(FIXTURES / "interactive" / "guess_interactor.py", toy / "interactor.py")
    problem(toy, kind="interactive", extra='targets = ["cpython3.8"]\ninteractor = "interactor.py"')
    crashing = (
        "import sys\n\n\ndef ask():\n    return {}['boom']\n\n\nsys.stdin.readline()\nask()\n"
    )
    solution(toy, crashing, given="100 7 91\n")
    code, output = build(toy, interpreters="")
    assert code == 1, output
    assert "runtime error: exit status 1: KeyError: 'boom'" in output
    lines = output.splitlines()
    at = lines.index("    the solution's traceback, in its own files:")
    assert '      File "solutions/toy_sum.py", line 5, in ask' in lines[at:]


STUCK_INTERACTOR = (
    "import sys, time\nprint(100, flush=True)\nsys.stdin.readline()\ntime.sleep(60)\n"
)


@pytest.mark.parametrize(
    ("interactor", "solution_text", "hint"),
    [
        (  # the solution's answer is still in its buffer
            None,
            "import sys\n\nsys.stdin.readline()\nprint(50)\nsys.stdin.readline()\n",
            "hint: an idle game is most often an answer not flushed",
        ),
        (  # the interactor never answered the solution's line: not the solution's buffer
            STUCK_INTERACTOR,
            "import sys\n\nsys.stdin.readline()\nprint('? 50', flush=True)\nsys.stdin.readline()\n",
            "hint: the solution's last line ('? 50') reached the interactor",
        ),
    ],
)
def test_an_idle_game_s_hint_names_the_side_that_did_not_answer(
    toy, interactor, solution_text, hint
):
    if interactor is None:
        shutil.copy(FIXTURES / "interactive" / "guess_interactor.py", toy / "interactor.py")
    else:
        (toy / "interactor.py").write_text(interactor)
    problem(toy, kind="interactive", extra='targets = ["cpython3.8"]\ninteractor = "interactor.py"')
    solution(toy, solution_text, given="100 7 91\n")
    code, output = build(toy, interpreters="")
    assert code == 1, output
    assert "time limit: idle: killed after" in output
    hints = [line.strip() for line in output.splitlines() if line.strip().startswith("hint: ")]
    assert len(hints) == 1 and hints[0].startswith(hint), hints


SLOW_INTERACTOR = """\
import sys, time
time.sleep(1.3)
print(1, flush=True)
sys.exit(0 if sys.stdin.readline().strip() == "2" else 1)
"""


def test_a_game_over_the_wall_clock_but_not_its_cpu_time_is_accepted(toy):
    """A game is held to the solution's CPU time: its wall time holds the interactor's (here
    1.3 s asleep) and the kit's relay, which a judge does not charge (it was TLE, with a
    hint that the solution had waited)."""
    (toy / "interactor.py").write_text(SLOW_INTERACTOR)
    problem(toy, kind="interactive", extra='targets = ["cpython3.8"]\ninteractor = "interactor.py"')
    solution(toy, "print(int(input()) + 1, flush=True)\n", given="0\n")
    code, output = build(toy, interpreters="")
    assert code == 0, output
    assert "hint: its CPU time" not in output


@pytest.mark.parametrize(
    ("sleep", "said"),
    [(1.2, "is over the 1 s limit"), (30, "killed at 3 s (3x the 1 s limit)")],
)
def test_a_batch_run_over_the_wall_clock_but_not_its_cpu_time_says_it_was_not_running(
    toy, sleep, said
):
    """Over the limit by its median, or killed at the time-out: the hint is the same."""
    problem(toy)
    solution(toy, f"import time\ntime.sleep({sleep})\nprint(3)\n", given="1 2\n", expected="3\n")
    code, output = build(toy, interpreters="")
    assert code == 1, output
    assert said in output
    assert "hint: its CPU time was 0." in output and "it was not running" in output


def test_a_game_busy_over_its_limit_gets_no_waiting_hint(toy):
    """Its 1.3 s of CPU is over the 1 s limit, said either way: its spin ended first, or on a
    loaded machine the game's 3 s timeout came first, its CPU over the limit by then ("killed
    at", seen under load, and forced by a spin of 5 s); no hint that it was not running."""
    (toy / "interactor.py").write_text(SLOW_INTERACTOR.replace("time.sleep(1.3)", ""))
    problem(toy, kind="interactive", extra='targets = ["cpython3.8"]\ninteractor = "interactor.py"')
    busy = (
        "import time\nend = time.process_time() + 1.3\nwhile time.process_time() < end:\n    pass\n"
    )
    solution(toy, busy + "print(int(input()) + 1, flush=True)\n", given="0\n")
    code, output = build(toy, interpreters="")
    assert code == 1, output
    if "not judged here: killed after" in output and "for a core other work" in output:
        pytest.skip("this machine's other work held the game's core past its deadline")
    killed = "s CPU, over the 1 s limit, killed at the 3 s timeout" in output
    assert "s is over the 1 s limit" in output or killed, output
    assert "hint: its CPU time" not in output


def test_a_bundle_over_the_judge_s_source_limit_fails_with_its_size(toy):
    problem(toy, judge="SPOJ", extra="source_limit = 100")
    solution(
        toy,
        "import sys\n" + "x = 1\n" * 40 + "print(sys.stdin.read().split()[0])\n",
        expected="1\n",
    )
    code, output = build(toy, interpreters="")
    assert code == 1
    assert "toy_sum: the bundle is " in output  # not dist/toy_sum.py: a failed one is kept
    assert "bytes, over the judge's source limit of 100 bytes" in output  # in dist/failed


def guess_problem(toy, program, extra=""):
    """toy_sum as guess-the-number, with the interactor of tests/fixtures/interactive."""
    shutil.copy(FIXTURES / "interactive" / "guess_interactor.py", toy / "interactor.py")
    settings = f'targets = ["cpython3.8"]\ninteractor = "interactor.py"\n{extra}'
    problem(toy, kind="interactive", extra=settings)
    solution(toy, (FIXTURES / "interactive" / program).read_text(), given="100 7 91\n")


def run_command(root, *args):
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "run", *args, "--root", str(root)],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize(
    ("program", "code", "said"),
    [
        ("binary_search.py", 0, "[toy_sum: ok, "),
        ("linear_search.py", 1, "wrong answer: more than 7 guesses"),
    ],
)
def test_run_plays_an_interactive_problem_against_its_interactor(toy, program, code, said):
    guess_problem(toy, program)
    secret = toy / "samples" / "toy_sum" / "sample-1.in"
    status, out, err = run_command(toy, "toy_sum", str(secret))
    assert status == code, err
    assert said in err
    assert out == ""  # the solution talked to the interactor, not to the terminal
    if code:
        assert "last lines exchanged" in err


def test_run_of_an_interactive_problem_needs_the_secret_input(toy):
    """Named as FILE, or as ``-`` to read it from stdin (which is not the solution's in a
    game: left unnamed, it is refused)."""
    guess_problem(toy, "binary_search.py")
    status, _, err = run_command(toy, "toy_sum")
    assert status == 2
    assert err.strip() == (
        "build.py: error: toy_sum: name the interactor's secret input FILE (or - to read it "
        "from stdin)"
    )
    secret = (toy / "samples" / "toy_sum" / "sample-1.in").read_text()
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "run", "toy_sum", "-", "--root", str(toy)],
        input=secret,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and done.stderr.startswith("[toy_sum: ok, "), done.stderr


def test_interactive_rows_show_the_solution_s_memory(toy):
    guess_problem(toy, "binary_search.py")
    code, output = build(toy, interpreters="")
    assert code == 0, output
    row = next(line for line in output.splitlines() if line.startswith("toy_sum "))
    peak = float(row.split(" s ")[1].split("MiB")[0])
    assert peak > 1.0, row  # the solution's own peak, not 0.0


def test_an_interactive_bundle_plays_with_file_writes_refused(toy):
    """A judge without file access: the solution plays (and waits for the interactor's
    answers) under the audit hook that refuses writes; a write is a runtime error."""
    guess_problem(toy, "binary_search.py", extra="no_files = true")
    code, output = build(toy, interpreters="")
    assert code == 0, output
    writer = (FIXTURES / "interactive" / "binary_search.py").read_text()
    writer = "open('notes.txt', 'w')\n" + writer
    (toy / "solutions" / "toy_sum.py").write_text(writer)
    code, output = build(toy, interpreters="")
    assert code == 1, output
    assert "runtime error: wrote to the file system, which this judge forbids" in output
    assert "(1 RE)" in output


def test_a_solution_kept_where_the_repository_keeps_it_is_built_and_mapped_there(toy):
    """``solution = "contest/a.py"``: bundled from there, with its helpers, and a crash's
    traceback names that file."""
    problem(toy, extra='solution = "contest/a.py"')
    solution(toy, "print(3)\n", expected="3\n")  # samples; the file in solutions/ is not used
    (toy / "solutions" / "toy_sum.py").unlink()
    (toy / "contest").mkdir()
    (toy / "contest" / "a.py").write_text("from shared.toy_text import BANNER\nprint(3)\n")
    code, output = build(toy, interpreters="")
    assert code == 0, output
    assert (
        "Built by cpkit from contest/a.py, shared/__init__.py, shared/toy_text.py"
        in (toy / "dist" / "toy_sum.py").read_text()
    )
    (toy / "contest" / "a.py").write_text("import sys\nprint([][1])\n")
    code, output = build(toy, interpreters="")
    assert code == 1 and 'File "contest/a.py", line 2' in output, output

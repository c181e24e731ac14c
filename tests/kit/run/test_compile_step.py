"""kit.run.compile_step: AtCoder's `python Main.py ONLINE_JUDGE` run before the cases, for a
bundle that names its argument: what it writes is beside the script in every case (the numba
ahead-of-time idiom: a module built there, imported by the cases), its exit status decides
nothing, a module the judge installs and this machine lacks makes the cases "not judged here";
`run`, `stress` and `bench` prepare it too (their tests: tests/kit/commands,
tests/kit/test_bench.py; the import check's part: tests/kit/check/test_checks.py)."""

import subprocess
import sys

from kit.bundle_making import write_bundle
from kit.judges import compile_run
from kit.judges.targets import stand_in
from kit.problem_cases import Case
from kit.registry import load_registry
from kit.run import compile_step
from kit.run.cases import Column, RunOptions, run_all
from kit.run.verdicts import JE, OK, RE
from tests.compile_support import WRITES_MODULE, judged_by_atcoder

NEEDS_NUMBA = """import sys

if sys.argv[-1] == "ONLINE_JUDGE":
    import numba  # AtCoder installs it; this machine may not

from made_here import twice

print(twice(int(input())))
"""


def atcoder(toy, source: str):
    """toy_sum judged by AtCoder, its solution ``source``; its problem, runner and bundle."""
    judged_by_atcoder(toy, source)
    problem = load_registry(toy)["toy_sum"]
    folder = toy / "out"
    folder.mkdir()
    bundle, script = write_bundle(problem, folder)
    return problem, stand_in(list(problem.targets)), bundle, script


def run_cases(toy, tmp_path, source: str):
    problem, runner, bundle, script = atcoder(toy, source)
    (tmp_path / "a.in").write_text("21\n")
    (tmp_path / "a.out").write_text("42\n")
    columns = [Column(target, runner, static_only=True) for target in problem.targets]
    case = Case("a", tmp_path / "a.in", tmp_path / "a.out")
    options = RunOptions(repeat=1, jobs=1)
    return run_all(problem, bundle, script, [case], columns, options=options)


def test_only_atcoder_and_only_a_bundle_naming_the_argument_gets_the_step(toy):
    problem = load_registry(toy)["toy_sum"]
    assert compile_run.judge_runs(problem.judge) == ()
    problem, *_ = atcoder(toy, WRITES_MODULE)
    assert compile_run.judge_runs(problem.judge) == ("ONLINE_JUDGE",)


def test_what_the_step_writes_is_beside_the_script_in_every_case(toy, tmp_path):
    ran = run_cases(toy, tmp_path, WRITES_MODULE)
    assert [verdict.word for verdict in ran.verdicts] == [OK], ran.failures
    (note,) = [line for line in ran.warnings if "compile step" in line]
    assert note.startswith("note: AtCoder's compile step, `python Main.py ONLINE_JUDGE`, ran")
    assert "(exit 3, " in note and "wrote made_here.py" in note


def test_the_cases_run_the_script_as_main_py_as_the_judge_names_it(toy, tmp_path):
    """AtCoder's folder holds ``Main.py``: the bundle, named after its slug, shadowed a module
    of that name from the script's folder (a problem named ``heapq`` broke ``import heapq``)."""
    source = (
        "import sys\n\nif sys.argv[-1] == 'ONLINE_JUDGE':\n    sys.exit(0)\n"
        "try:\n    import toy_sum  # the judge's folder has no toy_sum.py\n"
        "except ImportError:\n    print(2 * int(input()))\n"
    )
    ran = run_cases(toy, tmp_path, source)
    assert [verdict.word for verdict in ran.verdicts] == [OK], ran.failures


def prepared(toy, tmp_path, source: str):
    """The compile step of a script ``source`` under toy_sum judged by AtCoder: (its runner,
    the step, its folder)."""
    problem, runner, _, _ = atcoder(toy, WRITES_MODULE)
    script = tmp_path / "Main.py"
    script.write_text(source)
    folder = tmp_path / "step"
    folder.mkdir()
    return runner, compile_step.prepare(problem, runner, script, folder, ("ONLINE_JUDGE",)), folder


def test_prepare_runs_the_script_with_the_argument_and_empty_stdin(toy, tmp_path):
    _, step, folder = prepared(
        toy, tmp_path, "import sys\nprint(sys.argv[1:], repr(sys.stdin.read()))\n"
    )
    script = tmp_path / "Main.py"
    assert (step.status, step.made) == (0, ())
    assert (folder / "Main.py").read_bytes() == script.read_bytes()


def test_the_step_keeps_the_digit_limit_the_cases_are_run_without(toy, tmp_path):
    """AtCoder's compile step is plain ``python3.13 Main.py ONLINE_JUDGE``; only its runs of
    the cases add ``-X int_max_str_digits=0`` (SakanaAI/ALE-Bench's tests of its 2025-10
    commands): a table of a 5001-digit number written there fails as it does on AtCoder."""
    source = "open('table.py', 'w').write('N = ' + str(10 ** 5000))\n"
    runner, step, folder = prepared(toy, tmp_path, source)
    if runner.interpreter.version < (3, 11):  # a stand-in without the limit at all
        assert step.status == 0
        return
    assert step.status == 1 and "Exceeds the limit" in step.stderr.decode()
    assert (folder / "table.py").read_text() == ""


def test_a_module_the_judge_installs_and_the_step_lacked_is_not_judged_here(toy, tmp_path):
    here = subprocess.run([sys.executable, "-c", "import numba"], capture_output=True, check=False)
    ran = run_cases(toy, tmp_path, NEEDS_NUMBA)
    (verdict,) = ran.verdicts
    if here.returncode == 0:  # numba here: the step ran, wrote nothing, the import fails
        assert verdict.word == RE
        return
    assert verdict.word == JE
    assert "not judged here" in ran.failures[0].message
    assert "'numba', which AtCoder installs" in ran.failures[0].message


def test_a_failure_of_its_own_after_the_step_lacked_a_module_is_still_the_solution_s(toy, tmp_path):
    """The step lacked numba, but the case crashed on its own (an IndexError): that is RE on
    AtCoder too, not "not judged here"."""
    own = NEEDS_NUMBA.replace("from made_here import twice\n", "").replace(
        "print(twice(int(input())))", "print(input().split()[5])"
    )
    (verdict,) = run_cases(toy, tmp_path, own).verdicts
    assert verdict.word == RE


def test_a_step_stopped_at_the_bound_says_so_and_cannot_reach_another_step_s_folder(
    toy, tmp_path, monkeypatch
):
    monkeypatch.setattr(compile_step, "SECONDS", 1.0)
    sleeper = (
        "import os, sys, time\nif sys.argv[-1] == 'ONLINE_JUDGE':\n"
        "    for name in ('compiled-0', 'compiled-1'):\n"
        "        os.makedirs('../' + name, exist_ok=True)\n"
        "    time.sleep(30)\nprint(2 * int(input()))\n"
    )
    ran = run_cases(toy, tmp_path, sleeper)
    assert [verdict.word for verdict in ran.verdicts] == [OK], ran.failures
    (note,) = [line for line in ran.warnings if "compile step" in line]
    assert "(stopped at the kit's bound of 1 s, " in note, note


def test_links_the_step_makes_stay_links_and_pipes_are_not_copied(toy, tmp_path, hang_fails):
    """A link to a large tree was copied whole into every case's folder, and a named pipe
    hung the copy."""
    linking = (
        "import os, sys\nif sys.argv[-1] == 'ONLINE_JUDGE':\n"
        "    os.makedirs('../tree/deep')\n"
        "    os.symlink(os.path.abspath('../tree'), 'lib')\n    os.mkfifo('pipe')\n    sys.exit()\n"
        "assert os.path.islink('lib') and not os.path.exists('pipe')\n"
        "print(2 * int(input()))\n"
    )
    ran = run_cases(toy, tmp_path, linking)
    assert [verdict.word for verdict in ran.verdicts] == [OK], ran.failures


def test_an_interrupt_during_the_steps_leaves_at_once(toy, monkeypatch):
    """The targets' steps go side by side: Ctrl-C in one does not wait for the other (a step
    may run up to its 60 s bound)."""
    import threading  # noqa: PLC0415
    import time  # noqa: PLC0415

    problem, runner, _, script = atcoder(toy, WRITES_MODULE)
    release = threading.Event()

    def prepare(problem, runner, script, folder, args):
        if runner is first:
            raise KeyboardInterrupt
        release.wait(60)

    first, second = runner, stand_in(list(problem.targets))
    monkeypatch.setattr(compile_step, "prepare", prepare)
    trees = compile_step.trees_of(None, script)
    begun = time.monotonic()
    try:
        compile_step.prepare_all(problem, [first, second], script, toy, trees)
    except KeyboardInterrupt:
        elapsed = time.monotonic() - begun
    finally:
        release.set()
    assert elapsed < 15  # far below the other step's 60 s


def test_the_step_s_last_error_line_shows_a_bad_byte_and_a_control_character_as_escapes():
    """Python's text: its backslashes kept, a bad byte and an ESC as escapes, where they were
    U+FFFD and an ESC sent to the terminal."""
    stderr = b"Traceback (most recent call last):\nValueError: \xff\x1b[2J '1\\n'\n"
    assert compile_step._last_line(stderr) == "ValueError: \\xff\\x1b[2J '1\\n'"
    assert compile_step._last_line(b"") == ""

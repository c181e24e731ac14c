"""kit.run.interact with the judges' interactor protocols (kit.judges.programs): a Kattis
interactive validator (``INPUT ANSWER FEEDBACK_DIR/ [FLAGS]``, 42 and 43, judgemessage.txt)
and Polygon's testlib interactor (``INPUT OUTPUT ANSWER``, its output file returned for the
checker)."""

import resource
import sys
import textwrap

import pytest

from kit.judges.programs import KATTIS, TESTLIB, Interactor, program_at
from kit.run.interact import run_interactive
from kit.run.limits import Limits

SOLUTION = [sys.executable, "-I", "-S", "-c", "print(int(input()) + 1, flush=True)"]


@pytest.fixture
def case(tmp_path):
    (tmp_path / "1.in").write_text("41\n")
    (tmp_path / "1.ans").write_text("42\n")
    return tmp_path


def judge(folder, body, protocol, flags=()):
    (folder / "judge.py").write_text(textwrap.dedent(body))
    program = program_at("judge.py", folder, "test", "interactor")
    return Interactor(program, protocol, tuple(flags))


def play(folder, interactor, answer=True):
    limits = Limits(2.0, 5.0, 1 << 30, 64 << 20, stack_bytes=64 << 20)
    return run_interactive(
        SOLUTION,
        interactor,
        folder / "1.in",
        cwd=folder,
        limits=limits,
        answer=folder / "1.ans" if answer else None,
    )


KATTIS_JUDGE = """\
import sys
number = open(sys.argv[1]).read().strip()
answer = open(sys.argv[2]).read().strip()
print(number, flush=True)
got = input().strip()
sys.stdin.read()  # the solution's end of output first: the message says it had exited
with open(sys.argv[3] + "judgemessage.txt", "w") as file:
    file.write(f"got {got}, answer {answer}, flags {sys.argv[4:]}\\n")
sys.exit(42 if got == answer else 43)
"""


def test_a_kattis_validator_gets_the_answer_the_feedback_folder_and_the_flags(case):
    game = play(case, judge(case, KATTIS_JUDGE, KATTIS, ["case_sensitive"]))
    assert (game.verdict, game.message) == (
        "ok",
        "accepted: got 42, answer 42, flags ['case_sensitive']",
    )


def test_a_kattis_validator_rejects_with_43_and_says_why_in_judgemessage(case):
    (case / "1.ans").write_text("7\n")
    game = play(case, judge(case, KATTIS_JUDGE, KATTIS))
    assert (game.verdict, game.message) == (
        "WA",
        "wrong answer: got 42, answer 7, flags []",
    )


@pytest.mark.parametrize(("status", "shown"), [(0, "exit status 0"), (1, "exit status 1")])
def test_a_kattis_validators_other_statuses_are_its_own_failure(case, status, shown):
    body = f"import sys\nprint(1, flush=True)\ninput()\nsys.stdin.read()\nsys.exit({status})\n"
    game = play(case, judge(case, body, KATTIS))
    assert game.verdict == "JE"
    assert game.message == (
        f"judge error: interactor failed: {shown}, neither 42 (accepted) nor 43 (wrong answer)"
    )


def play_with(folder, interactor, solution_code):
    limits = Limits(2.0, 5.0, 1 << 30, 64 << 20, stack_bytes=64 << 20)
    solution = [sys.executable, "-I", "-S", "-c", textwrap.dedent(solution_code)]
    return run_interactive(
        solution, interactor, folder / "1.in", cwd=folder, limits=limits, answer=folder / "1.ans"
    )


def test_a_write_after_a_kattis_validator_accepted_and_exited_is_accepted(case):
    """problemtools' interactive runner keeps the pipe from the solution open until the
    solution exits unless the validator rejected (support/interactive/interactive.cc):
    a farewell line after the acceptance is no broken pipe there."""
    body = "import sys\nprint(1, flush=True)\ninput()\nsys.exit(42)\n"
    farewell = """\
        import time
        print(int(input()) + 1, flush=True)
        time.sleep(0.3)
        print("bye", flush=True)
        """
    game = play_with(case, judge(case, body, KATTIS), farewell)
    assert game.verdict == "ok", game.message


def test_a_kattis_validator_s_failure_is_a_judge_error_though_the_solution_crashed_first(case):
    """problemtools' judge/execute.py reads the validator's failure (not 42 nor 43) before
    the submission's: a judge error, not the solution's runtime error."""
    body = "import sys\nprint(1, flush=True)\ninput()\n"  # EOFError: exit status 1
    game = play_with(case, judge(case, body, KATTIS), "raise ValueError('crash at start')")
    assert game.verdict == "JE"
    assert game.message.startswith("judge error: interactor failed: exit status 1, neither 42")
    testlib = "import sys\nprint(1, flush=True)\ninput()\n"  # testlib's protocol: RE stands
    game = play_with(case, judge(case, testlib, TESTLIB), "raise ValueError('crash at start')")
    assert game.verdict == "RE"


def test_without_an_answer_file_a_kattis_validator_gets_an_empty_one(case):
    body = (
        "import sys\nprint(1, flush=True)\ninput()\n"
        "sys.exit(42 if open(sys.argv[2]).read() == '' else 43)\n"
    )
    assert play(case, judge(case, body, KATTIS), answer=False).verdict == "ok"


def test_a_kattis_validator_is_held_to_no_memory_or_cpu_limit_of_its_own(case):
    """problemtools gives an interactive validator no RLIMIT_AS (its runner, an Executable,
    skips it; validation_memory reaches only a JVM's -Xmx) and no CPU limit but its runner's
    1000 s (judge/execute.py, run/program.py at a185fe97): the game's wall time stops it, as
    the kit's game does. The kit gave it none either; a test holds it so (docs/packages.md)."""
    body = (
        "import resource, sys\nprint(1, flush=True)\ninput()\n"
        "limits = [resource.getrlimit(k) for k in (resource.RLIMIT_AS, resource.RLIMIT_CPU)]\n"
        "open(sys.argv[3] + 'judgemessage.txt', 'w').write(repr(limits))\n"
        "sys.exit(42)\n"
    )
    game = play(case, judge(case, body, KATTIS))
    own = [resource.getrlimit(kind) for kind in (resource.RLIMIT_AS, resource.RLIMIT_CPU)]
    assert (game.verdict, game.message) == ("ok", f"accepted: {own!r}")


TESTLIB_JUDGE = """\
import sys
number = int(open(sys.argv[1]).read())
print(number, flush=True)
got = int(input())
sys.stdin.read()  # the solution's end of output first: the message says it had exited
with open(sys.argv[2], "w") as output:
    output.write(f"{got} {open(sys.argv[3]).read().strip()}\\n")
sys.exit(0 if got == number + 1 else 1)
"""


def test_a_testlib_interactor_writes_its_output_file_for_the_checker(case):
    game = play(case, judge(case, TESTLIB_JUDGE, TESTLIB))
    assert game.verdict == "ok"
    assert game.interactor_output == b"42 42\n"


def test_a_testlib_interactor_rejects_with_testlibs_statuses(case):
    (case / "1.in").write_text("5\n")
    body = TESTLIB_JUDGE.replace("number + 1", "number + 2")
    game = play(case, judge(case, body, TESTLIB))
    assert (game.verdict, game.message) == (
        "WA",
        "wrong answer: exit status 1",
    )

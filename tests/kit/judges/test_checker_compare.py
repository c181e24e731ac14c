"""kit.judges.checker_compare: a testlib checker's statuses and failures, its message (an
assertion, an exception placed in its own file, its verdict line after a traceback or a
flood), a hang once, and where it runs. Compiled checkers are
tests/kit/judges/test_programs.py's."""

import os
import textwrap
import time
from pathlib import Path

import pytest

from kit.judges.checker_compare import HangRecord, judged_files
from kit.judges.comparator import Judgement
from kit.judges.compare import parse_compare
from kit.judges.compiling import compiler_for

ROOT = Path(__file__).resolve().parents[3]
WHERE = "problems.toml: [toy]"


def comparator(spec, root=ROOT, **options):
    return parse_compare(spec, root, WHERE, **options)


@pytest.fixture
def sum_case(tmp_path):
    path = tmp_path / "sample-1.in"
    path.write_text("10\n")
    return path


def test_checker_accepts_any_right_answer_and_keeps_its_message(sum_case):
    checker = comparator("checker:tests/fixtures/compare/sum_checker.py")
    assert checker.spec == "checker:tests/fixtures/compare/sum_checker.py"
    assert checker.compare(sum_case, b"5 5\n", b"3 7\n") is None
    judgement = checker.judge(sum_case, b"5 5\n", b"10 0")
    assert judgement.accepted and judgement.message == "ok: 10 + 0 = 10"


def test_checker_gets_input_output_answer_in_testlib_s_order(sum_case):
    """The checker reads the solution's output strictly and the jury's answer loosely: given
    the files in the old order (answer before output) it would accept "3 8" by reading "5 5"
    as the output, and fail on a right answer "0 10" read as the jury's."""
    checker = comparator("checker:tests/fixtures/compare/sum_checker.py")
    judgement = checker.judge(sum_case, b"5 5\n", b"3 8\n")
    assert not judgement.accepted and not judgement.presentation
    assert judgement.message == "checker: 3 + 8 = 11, not 10 (exit status 1)"
    assert checker.judge(sum_case, b"5 5\n", b"0 10\n").accepted


def test_checker_exit_2_is_a_presentation_error_and_3_a_checker_failure(sum_case):
    checker = comparator("checker:tests/fixtures/compare/sum_checker.py")
    judgement = checker.judge(sum_case, b"5 5\n", b"hello\n")
    assert not judgement.accepted and judgement.presentation and not judgement.checker_failed
    assert judgement.message == (
        "checker: expected two non-negative integers, got 1 tokens (exit status 2)"
    )
    judgement = checker.judge(sum_case, b"5 6\n", b"5 5\n")  # the jury's answer is wrong
    assert not judgement.accepted and judgement.checker_failed
    assert judgement.message == (
        "checker failed: it reported a failure (exit status 3): "
        "the jury's answer does not sum to 10"
    )


@pytest.mark.parametrize(
    ("status", "presentation", "failed"),
    [(1, False, False), (2, True, False), (4, True, False), (7, False, False), (8, False, False),
     (3, False, True), (5, False, True), (42, False, True)],
)  # fmt: skip
def test_checker_exit_statuses_read_as_testlib_s(tmp_path, sum_case, status, presentation, failed):
    write_program(tmp_path, "status.py", f"import sys\nsys.exit({status})\n")
    judgement = comparator("checker:status.py", root=tmp_path).judge(sum_case, b"1", b"1")
    assert not judgement.accepted
    assert (judgement.presentation, judgement.checker_failed) == (presentation, failed)


def test_a_checker_s_points_accept_the_output_with_their_score_where_they_score(tmp_path, sum_case):
    """testlib's ``quitp`` (exit status 7, ``points P message`` on stderr) where the problem
    is scored by them (verify's Polygon scoring problem): the output accepted with P as its
    score, as Polygon scores a test; exit 7 with no points (``quitpi``, or a bare 7) is the
    checker's failure there, having no score."""
    write_program(
        tmp_path,
        "points.py",
        """\
        import sys
        print("reading", file=sys.stderr)
        print("points 7.5 shorter than the jury's", file=sys.stderr)
        sys.exit(7)
    """,
    )
    scored = comparator("checker:points.py", root=tmp_path, scored_points=True)
    judgement = scored.judge(sum_case, b"1", b"1")
    assert judgement.accepted and judgement.score == "7.5"
    assert judgement.message == "reading / points 7.5 shorter than the jury's"
    write_program(
        tmp_path,
        "info.py",
        """\
        import sys
        print("points points_info=a=1 d=0", file=sys.stderr)
        sys.exit(7)
    """,
    )
    write_program(tmp_path, "status.py", "import sys\nsys.exit(7)\n")
    failures = {
        "info.py": "points points_info=a=1 d=0",
        "status.py": "",  # a bare 7: nothing said
    }
    for name, said in failures.items():
        scored = comparator(f"checker:{name}", root=tmp_path, scored_points=True)
        judgement = scored.judge(sum_case, b"1", b"1")
        assert not judgement.accepted and judgement.checker_failed
        failure = "checker failed: exit status 7 (testlib's points) with no points"
        assert judgement.message == (f"{failure}: {said}" if said else failure)


@pytest.mark.parametrize(
    ("said", "score", "named"),
    [
        ("points 0 wrong", "0", "points 0"),
        ("points 1 all of it", "1", "points 1"),  # full marks are no accept either
        ("points points_info=a=1", None, "points without a number"),  # quitpi
    ],
)
def test_a_checker_s_points_are_a_wrong_answer_naming_them_where_the_problem_is_pass_fail(
    tmp_path, sum_case, said, score, named
):
    """The build, ``run`` and ``stress`` judge pass/fail, where ``quitp`` is a partial score,
    which no pass/fail judge accepts (it read as ``ok`` once, the score shown nowhere)."""
    write_program(
        tmp_path, "points.py", f"import sys\nprint({said!r}, file=sys.stderr)\nsys.exit(7)\n"
    )
    judgement = comparator("checker:points.py", root=tmp_path).judge(sum_case, b"1", b"1")
    assert not judgement.accepted and not judgement.checker_failed
    assert not judgement.presentation and judgement.score == score
    assert judgement.message == (
        f"checker: {said} (exit status 7, testlib's quitp: {named}, a score, not an accept "
        "where the problem is pass/fail)"
    )


# a testlib checker of the older partial score, compiled with the fixture's testlib.h: the
# output's number N gives quitf(_pc(N), ...) (exit status N), 200 of it ok
PC_CHECKER = """\
#include "testlib.h"

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    long long share = ouf.readLong();
    if (share == 200) quitf(_ok, "all of it");
    quitf(_pc(share), "%lld of 200", share);
}
"""
TESTLIB_H = ROOT / "tests" / "fixtures" / "packages" / "polygon_sum" / "files" / "testlib.h"
needs_cxx = pytest.mark.skipif(compiler_for("cpp") is None, reason="no C++ compiler here")


@needs_cxx
def test_a_checker_s_pc_is_a_share_of_the_points_where_they_score(tmp_path, sum_case):
    """testlib's ``quitf(_pc(N), ...)`` (exit status N, ``partially correct (N)`` on stderr):
    where points score the problem, the output accepted with ``N/200``, whatever N's status
    says alone (0 an ok, 1 a wrong answer, 3 a failure, 7 points, 13 none of testlib's);
    where it is pass/fail, a wrong answer naming it, ``_pc(0)``'s exit status 0 included."""
    (tmp_path / "testlib.h").write_bytes(TESTLIB_H.read_bytes())
    (tmp_path / "pc.cpp").write_text(PC_CHECKER)
    scored = comparator("checker:pc.cpp", root=tmp_path, scored_points=True)
    graded = comparator("checker:pc.cpp", root=tmp_path)
    for share in (0, 1, 3, 7, 13):
        judgement = scored.judge(sum_case, b"", str(share).encode())
        assert judgement == Judgement(
            True, f"partially correct ({share}) {share} of 200", score=f"{share}/200"
        )
        judgement = graded.judge(sum_case, b"", str(share).encode())
        assert judgement == Judgement(
            False,
            f"checker: partially correct ({share}) {share} of 200 (exit status {share}, "
            f"testlib's _pc({share}): {share}/200 of the points, a score, not an accept where "
            "the problem is pass/fail)",
            score=f"{share}/200",
        )
    assert scored.judge(sum_case, b"", b"200") == Judgement(True, "ok all of it")
    assert graded.judge(sum_case, b"", b"x").message == (
        "checker: wrong output format expected an integer (exit status 2)"
    )


def write_program(folder, name, body, executable=False):
    path = folder / name
    path.write_text(textwrap.dedent(body))
    if executable:
        path.chmod(0o755)
    return path


def test_checker_that_is_an_executable_and_silent(tmp_path, sum_case):
    body = """\
        #!/bin/sh
        cmp -s "$2" "$3"  # output and answer
    """
    write_program(tmp_path, "same.sh", body, executable=True)
    checker = comparator("checker:same.sh", root=tmp_path)
    assert checker.compare(sum_case, b"1 2\n", b"1 2\n") is None
    assert checker.compare(sum_case, b"1 2\n", b"1 3\n") == "checker: wrong answer (exit status 1)"


# A checker in online-judge-tools' style: it rejects by raising (exit status 1, a traceback).
ASSERTING_CHECKER = """\
    import sys

    input_path, output_path, answer_path = sys.argv[1:4]
    with open(input_path) as file:
        total = int(file.read())
    with open(output_path) as file:
        a, b = map(int, file.read().split())  # ValueError on a malformed output
    assert a >= 0 and b >= 0
    assert a + b == total, f"{a} + {b} != {total}"
    print("ok")
"""


def test_checker_that_fails_an_assert_is_a_wrong_answer_with_the_assertion(tmp_path, sum_case):
    write_program(tmp_path, "asserting.py", ASSERTING_CHECKER)
    checker = comparator("checker:asserting.py", root=tmp_path)
    assert checker.judge(sum_case, b"5 5\n", b"3 7\n") == Judgement(True, "ok")
    judgement = checker.judge(sum_case, b"5 5\n", b"3 8\n")
    assert judgement == Judgement(
        False, "checker: AssertionError: 3 + 8 != 10 (asserting.py, line 9) (exit status 1)"
    )
    judgement = checker.judge(sum_case, b"5 5\n", b"-1 11\n")  # a bare assert: its statement
    assert judgement == Judgement(
        False,
        "checker: AssertionError (asserting.py, line 8: assert a >= 0 and b >= 0) (exit status 1)",
    )


def test_checker_that_raises_on_a_malformed_output_is_a_wrong_answer(tmp_path, sum_case):
    write_program(tmp_path, "asserting.py", ASSERTING_CHECKER)
    checker = comparator("checker:asserting.py", root=tmp_path)
    judgement = checker.judge(sum_case, b"5 5\n", b"five 5\n")
    assert judgement == Judgement(
        False,
        "checker: ValueError: invalid literal for int() with base 10: 'five' "
        "(asserting.py, line 7) (exit status 1)",
    )


def test_a_checker_s_exception_is_placed_in_its_own_file_not_the_library_s(tmp_path, sum_case):
    """Raised inside json, the exception is placed at the checker's line that called it (the
    innermost frame, json's decoder.py, said nothing of the checker); a frame-like line of a
    message is no frame."""
    body = "import json, sys\ngot = open(sys.argv[2]).read()\njson.loads('{' + got)\n"
    write_program(tmp_path, "parsing.py", body)
    judgement = comparator("checker:parsing.py", root=tmp_path).judge(sum_case, b"1", b"1")
    assert judgement.message.startswith("checker: json.decoder.JSONDecodeError: Expecting ")
    assert judgement.message.endswith(" (parsing.py, line 3) (exit status 1)")
    spoof = 'raise ValueError("one\\n  File \\"fake.py\\", line 99, in x\\n    y = 1")\n'
    write_program(tmp_path, "spoof.py", spoof)
    judgement = comparator("checker:spoof.py", root=tmp_path).judge(sum_case, b"1", b"1")
    assert judgement.message == "checker: ValueError: one (spoof.py, line 1) (exit status 1)"


def test_a_checker_that_printed_a_traceback_and_went_on_is_read_by_its_verdict(tmp_path, sum_case):
    """``traceback.print_exc()`` on a malformed token, then testlib's words: the verdict line is
    the message, not the exception it had handled."""
    body = (
        "import sys, traceback\n"
        "try:\n    int('abc')\nexcept ValueError:\n    traceback.print_exc()\n"
        "print('wrong answer: expected 3, found abc', file=sys.stderr)\n"
        "sys.exit(1)\n"
    )
    write_program(tmp_path, "printing.py", body)
    judgement = comparator("checker:printing.py", root=tmp_path).judge(sum_case, b"1", b"1")
    assert judgement.message == "checker: wrong answer: expected 3, found abc (exit status 1)"


def test_a_checker_s_verdict_line_after_a_flood_of_its_own_lines_is_its_message(tmp_path, sum_case):
    """Debugging lines on stderr, then testlib's verdict: the message was the flood's start."""
    body = (
        "import sys\nfor i in range(500):\n    print('E' * 80, file=sys.stderr)\n"
        "print('wrong answer: expected 3, found 4', file=sys.stderr)\nsys.exit(1)\n"
    )
    write_program(tmp_path, "flood.py", body)
    judgement = comparator("checker:flood.py", root=tmp_path).judge(sum_case, b"1", b"1")
    assert judgement.message == "checker: wrong answer: expected 3, found 4 (exit status 1)"


def test_a_checker_s_flood_past_what_is_kept_is_told_from_a_line_s_start_and_counted_whole(
    tmp_path, sum_case
):
    """Of its stderr only the last MiB is kept: the message started mid-line ("unk / ...")
    and counted the kept lines alone (+116506 of a million)."""
    body = "import sys\nsys.stderr.write('\\x00\\xff junk\\n' * 10**6)\nsys.exit(1)\n"
    write_program(tmp_path, "flood.py", body)
    judgement = comparator("checker:flood.py", root=tmp_path).judge(sum_case, b"1", b"1")
    line = "\\x00\xff junk"  # 9 bytes of UTF-8: 116,508 whole lines in the MiB kept
    assert judgement.message == (
        f"checker: {line} / {line} / {line} (+116,505 more lines; 883,492 lines not kept) "
        "(exit status 1)"
    )


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("import helper_not_there\n", "it could not run: ModuleNotFoundError: No module named"),
        ("def check(:\n    pass\n", "it could not run: SyntaxError: "),
        ("import sys\nprint(respnse)\n", "it failed on a bug of its own: NameError: name 'resp"),
        (
            "def check():\n    if False:\n        x = 1\n    return x\ncheck()\n",
            "it failed on a bug of its own: UnboundLocalError: ",
        ),
    ],
)
def test_a_python_checker_that_cannot_run_is_a_checker_failure(tmp_path, sum_case, body, said):
    """Exit 1 with an import or syntax error, or a name never bound, rejects nothing: the
    checker's own bug (a correct solution got WA, and stress shrank a failure that was not
    one)."""
    write_program(tmp_path, "broken.py", body)
    judgement = comparator("checker:broken.py", root=tmp_path).judge(sum_case, b"5 5\n", b"3 7\n")
    assert judgement.checker_failed and not judgement.accepted
    assert judgement.message.startswith(f"checker failed: {said}")
    assert "(broken.py, line " in judgement.message  # where, a SyntaxError's too


@pytest.mark.parametrize(
    ("status", "failure"),
    [
        (3, "it reported a failure (exit status 3)"),
        (
            42,
            "exit status 42, none of testlib's (a Kattis validator's accepted: name it "
            "`validator:PATH` as a checker, `kattis:PATH` as an interactor)",
        ),
        (
            43,
            "exit status 43, none of testlib's (a Kattis validator's wrong answer: name it "
            "`validator:PATH` as a checker, `kattis:PATH` as an interactor)",
        ),
        (5, "exit status 5, none of testlib's"),
    ],
)
def test_checker_with_a_traceback_still_fails_by_its_status(tmp_path, sum_case, status, failure):
    """The status decides, not the traceback: 3 and the statuses testlib does not define are
    the checker's own failure even when it printed a traceback (its line is the message)."""
    body = f"""\
        import sys, traceback
        try:
            int("x")
        except ValueError:
            traceback.print_exc()
            sys.exit({status})
    """
    write_program(tmp_path, "failing.py", body)
    judgement = comparator("checker:failing.py", root=tmp_path).judge(sum_case, b"1", b"1")
    assert judgement.checker_failed and not judgement.accepted
    assert judgement.message == (
        f"checker failed: {failure}: ValueError: invalid literal for int() with base 10: 'x' "
        "(failing.py, line 3)"
    )


def test_checker_killed_by_a_signal_is_a_checker_failure(tmp_path, sum_case):
    body = """\
        import os, signal
        os.kill(os.getpid(), signal.SIGKILL)
    """
    write_program(tmp_path, "killed.py", body)
    judgement = comparator("checker:killed.py", root=tmp_path).judge(sum_case, b"1", b"1")
    assert judgement.checker_failed
    assert judgement.message == "checker failed: killed by SIGKILL"


# a program ended by a signal of its own, leaving no core file
SIGNALLED = (
    "import os, resource, signal; resource.setrlimit(resource.RLIMIT_CORE, (0, 0)); "
    "os.kill(os.getpid(), signal.{})"
)


@pytest.mark.parametrize(
    ("body", "of_memory"),
    [
        ("sys.stderr.write('FAIL the answer is wrong'); sys.exit(3)", False),  # quitf(_fail)
        (SIGNALLED.format("SIGTERM"), False),
        ("sys.stderr.write('FAIL std::bad_alloc'); sys.exit(3)", True),
        (SIGNALLED.format("SIGABRT"), True),
        (SIGNALLED.format("SIGKILL"), True),
    ],
)
def test_only_a_checker_failing_of_memory_is_said_its_memory_limit(
    tmp_path, sum_case, body, of_memory
):
    """A testlib checker's deliberate failure (quitf(_fail): exit status 3) said the memory
    limit it was held to; only a std::bad_alloc, a MemoryError or a signal an allocation
    refused ends in says it now."""
    write_program(tmp_path, "failing.py", f"import sys\n{body}\n")
    held = comparator("checker:failing.py", root=tmp_path, checker_memory=512)
    judgement = held.judge(sum_case, b"1", b"1")
    assert judgement.checker_failed
    assert judgement.message.endswith(" (its memory limit: 512 MiB)") == of_memory


def test_a_checker_that_ignores_sigxcpu_is_said_killed_at_its_hard_cpu_limit(tmp_path, sum_case):
    """SIGKILL at the hard CPU limit, a second past SIGXCPU, which it ignored: said of its CPU
    time, not of its memory (SIGKILL being one of memory's signals, the kit said that)."""
    body = "import signal\nsignal.signal(signal.SIGXCPU, signal.SIG_IGN)\nwhile True:\n    pass\n"
    write_program(tmp_path, "stubborn.py", body)
    held = comparator(
        "checker:stubborn.py", root=tmp_path, checker_timeout=60, checker_cpu=1, checker_memory=512
    )
    judgement = held.judge(sum_case, b"1", b"1")
    assert judgement.checker_failed and not judgement.hung
    assert judgement.message == (
        "checker failed: killed by SIGKILL at its hard CPU limit "
        "(2 s of CPU time; it ignored SIGXCPU at 1 s)"
    )


def test_hanging_checker_is_killed_at_the_timeout(tmp_path, sum_case):
    body = """\
        import subprocess, sys, time
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])  # holds stdout
        time.sleep(60)
    """
    write_program(tmp_path, "hang.py", body)
    checker = comparator("checker:hang.py", root=tmp_path, checker_timeout=0.5)
    judgement = checker.judge(sum_case, b"1", b"1")
    assert judgement.checker_failed
    assert judgement.message == "checker failed: no verdict after 0.5 s (killed)"


def test_a_checker_killed_at_its_timeout_once_is_not_run_again(tmp_path, sum_case):
    """Every later case is said not judged at once: a checker that hangs on every case cost
    its 10 s time-out on each, a build of 50 samples over 8 minutes."""
    write_program(tmp_path, "hang.py", "import time\ntime.sleep(60)\n")
    checker = comparator("checker:hang.py", root=tmp_path, checker_timeout=0.5)
    assert checker.judge(sum_case, b"1", b"1").message.endswith("after 0.5 s (killed)")
    started = time.monotonic()
    later = checker.judge(sum_case, b"1", b"1")
    assert time.monotonic() - started < 0.5  # a run again: killed at 0.5 s at the soonest
    assert (later.checker_failed, later.hung) == (True, True)
    assert later.message == "checker failed: not run: it was killed at 0.5 s on an earlier case"
    assert comparator("checker:hang.py", root=tmp_path).hangs.refusal() is None  # a run's own


def test_the_hang_record_keeps_each_program_s_first_time_out_by_its_key():
    """One record of the rule for checkers, output validators and input validators (whose
    ``ValidatorRuns`` had a copy of it): a comparator's one program, or each by its key."""
    record = HangRecord()
    assert record.refusal() is None
    record.killed(0.5, ("val", "a"))
    record.killed(2.0, ("val", "a"))  # killed at the first time-out: said so
    assert record.refusal() is None and record.refusal(("val", "b"), "input") is None
    said = record.refusal(("val", "a"), "input")
    assert said == "not run: it was killed at 0.5 s on an earlier input"
    record.killed(10.0)
    assert record.refusal() == "not run: it was killed at 10 s on an earlier case"


def test_a_checker_that_accepts_leaving_a_detached_child_is_judged_at_once(tmp_path, sum_case):
    """A child in a session of its own, holding the checker's stdout: the kit waited for it
    to end (30 s) and judged the checker hung (JE) though it had accepted at once."""
    body = """\
        import os, subprocess, sys
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"],
                         start_new_session=True)
        print("ok, 1 number")
        sys.exit(0)
    """
    write_program(tmp_path, "orphan.py", body)
    checker = comparator("checker:orphan.py", root=tmp_path, checker_timeout=5.0)
    started = time.monotonic()
    judgement = checker.judge(sum_case, b"1", b"1")
    assert time.monotonic() - started < 4.0
    assert judgement.accepted and judgement.message == "ok, 1 number"


def test_checker_runs_in_the_checkout_root(tmp_path, sum_case):
    body = """\
        import os, sys
        print(os.getcwd())
        sys.exit(1)
    """
    write_program(tmp_path, "where.py", body)
    message = comparator("checker:where.py", root=tmp_path).compare(sum_case, b"", b"")
    assert message == f"checker: {os.path.realpath(tmp_path)} (exit status 1)"


def test_the_files_a_judging_program_reads_are_written_and_its_input_named_whole(
    tmp_path, monkeypatch
):
    """The output and the answer go into the folder given; the input is named by its whole
    path (the program runs elsewhere)."""
    monkeypatch.chdir(tmp_path)
    Path("case.in").write_bytes(b"1 2\n")
    (tmp_path / "judging").mkdir()
    named = judged_files(str(tmp_path / "judging"), Path("case.in"), b"3\n", b"4\n")
    input_file, output_path, answer_path = named
    assert input_file == str(tmp_path / "case.in")
    assert (output_path.read_bytes(), answer_path.read_bytes()) == (b"4\n", b"3\n")
    assert output_path.parent == answer_path.parent == tmp_path / "judging"

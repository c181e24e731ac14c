"""``cpkit verify PACKAGE [SUBMISSION...]`` (kit.verify.judging, kit.commands.verify): every jury
submission's folder verdict beside the kit's, the time margin, disagreements, the submissions
that are not run, the filter, a Polygon package, and a package without a time limit."""

import math
import re
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from kit import cli
from kit.commands import verify as verify_command
from kit.judges.compiling import compiler_for
from kit.judges.targets import found, host
from kit.run.game_verdicts import without_allowance
from kit.verify import judging
from tests.file_support import write_files

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ROOT / "tests" / "fixtures" / "packages"
needs_cxx = pytest.mark.skipif(compiler_for("cpp") is None, reason="no C++ compiler here")
needs_javac = pytest.mark.skipif(compiler_for("java") is None, reason="no javac here")
# the split problem in C++: a submission that passes, a wrong answer, one that does not compile
SPLIT_CPP = (
    '#include <cstdio>\nint main() { long n; std::scanf("%ld", &n); std::printf("%ld 0\\n", n); }\n'
)
OFF_CPP = (
    '#include <cstdio>\nint main() { long n; std::scanf("%ld", &n); std::printf("%ld 1\\n", n); }\n'
)
BROKEN_CPP = "int main() { return undeclared; }\n"


def verify(capsys, *args):
    code = cli.main(["verify", *map(str, args), "-j", "2"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def rows(out):
    """Each submission's row, its times and peaks blanked: {name: 'folder kit result'}."""
    found = {}
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("submission "))
    for line in lines[start + 1 :]:
        if (
            not line
            or re.match(r"\d+ submissions?: ", line)
            or line.startswith(("time limit bounds:", " "))
        ):
            continue
        name, rest = line.split(maxsplit=1)
        # a kill's measured lateness (the machine's load) left out: ``without_allowance``
        text = re.sub(r"\d+\.\d{3} s", "T s", without_allowance(" ".join(rest.split())))
        found[name] = re.sub(r"peak \d+\.\d+ MiB", "peak X MiB", text)  # 256.04: just over
    return found


def test_every_folder_is_reported_beside_the_kits_verdict(capsys):
    code, out, _ = verify(capsys, PACKAGES / "kattis_sum")
    assert code == 0, out
    head = out.splitlines()[0]
    assert head.startswith(
        f"verify {PACKAGES / 'kattis_sum'}: Kattis package, batch; time limit 1 s (.timelimit; "
        "CPU time, as Kattis counts it), 256 MiB; 6 cases (2 sample, 4 secret); margin 2 "
        "(limits.time_safety_margin); submissions under "
    )
    assert rows(out) == {
        "accepted/shouting.py": "AC AC T s agrees",
        "accepted/sum.cpp": "AC AC T s agrees"
        if compiler_for("cpp")
        else "AC - - not run: no C++ compiler was found (tried g++, clang++, c++; install one or "
        "set CXX)",
        "accepted/sum.py": "AC AC T s agrees",
        "wrong_answer/negative.py": "WA WA T s agrees: data/sample/2.in: wrong answer: token 1: "
        "expected 'Impossible', got '-4'",
        "time_limit_exceeded/close.py": "TLE AC T s too close to call on this machine: passes "
        "in T s, and T s x margin 2 reaches the 1 s limit",
        "time_limit_exceeded/forever.py": "TLE TLE T s agrees: data/secret/group_big/01.in: "
        "time limit: killed at 3 s (3x the 1 s limit)",
        "run_time_error/crash.py": "RTE RTE T s agrees: data/sample/2.in: runtime error: exit "
        "status 1: ValueError: negative",
        # a run over the memory limit is a crash for problemtools: RTE
        "run_time_error/memory.py": "RTE RTE T s agrees: data/sample/1.in: memory limit: peak "
        "X MiB over 256 MiB (killed)",
    }
    assert out.rstrip().endswith(
        "8 submissions: 7 agree, 1 too close to call on this machine, 0 disagree"
        if compiler_for("cpp")
        else "8 submissions: 6 agree, 1 too close to call on this machine, 0 disagree, 1 not run"
    )


@pytest.fixture
def sum_copy(tmp_path):
    return shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "sum")


def test_a_submission_in_the_wrong_folder_disagrees(capsys, sum_copy):
    submissions = sum_copy / "submissions"
    (submissions / "wrong_answer" / "negative.py").rename(submissions / "accepted" / "neg.py")
    code, out, _ = verify(capsys, sum_copy, "accepted/neg.py", "crash")
    assert code == 1
    assert rows(out) == {
        "accepted/neg.py": "AC WA T s DISAGREES: accepted allows AC, the kit gives WA "
        "(data/sample/2.in: wrong answer: token 1: expected 'Impossible', got '-4')",
        "run_time_error/crash.py": "RTE RTE T s agrees: data/sample/2.in: runtime error: exit "
        "status 1: ValueError: negative",
    }
    assert out.rstrip().endswith(
        "2 submissions: 1 agree, 0 too close to call on this machine, 1 disagree"
    )


def test_a_kattis_package_s_output_size_is_judged_after_time_and_exit_as_problemtools_does(
    capsys, sum_copy
):
    """problemtools, which a package's folders are judged by, sets no file-size limit and
    judges a time-out, then a crash, before the output's size (judge/execute.py, then
    judge/validate.py at a185fe97): 9 MiB past the 8 MiB default, then a crash, is RTE; the
    same then a loop, TLE; the build, judging for Kattis itself, stops both at the limit."""
    flood = "import sys\nsys.stdout.write('1\\n' * (9 << 19))\nsys.stdout.flush()\n"
    submissions = sum_copy / "submissions"
    (submissions / "run_time_error" / "flood.py").write_text(flood + "sys.exit(1)\n")
    (submissions / "time_limit_exceeded" / "flood.py").write_text(flood + "while True:\n    pass\n")
    code, out, _ = verify(
        capsys, sum_copy, "run_time_error/flood.py", "time_limit_exceeded/flood.py"
    )
    found = rows(out)
    assert code == 0, out
    assert found["run_time_error/flood.py"].startswith("RTE RTE T s agrees"), found
    assert found["time_limit_exceeded/flood.py"].startswith("TLE TLE"), found


def test_a_failing_run_is_timed_as_the_limit_counts_time(capsys, sum_copy):
    """Kattis counts CPU time: a wrong answer that sleeps before answering took little of it,
    as a passing run's time is counted (its wall time made the time-limit bounds)."""
    sleepy = sum_copy / "submissions" / "wrong_answer" / "sleepy.py"
    sleepy.write_text("import time\ntime.sleep(0.8)\nprint('wrong')\n")
    code, out, _ = verify(capsys, sum_copy, "sleepy")
    assert code == 0, out
    row = next(line for line in out.splitlines() if line.startswith("wrong_answer/sleepy.py"))
    seconds = float(re.search(r"(\d+\.\d{3}) s", row)[1])
    assert seconds < 0.5, row


def test_an_accepted_submission_over_the_limit_by_less_than_the_margin_is_too_close(
    capsys, sum_copy
):
    (sum_copy / ".timelimit").write_text("0.5\n")
    slow = sum_copy / "submissions" / "time_limit_exceeded" / "close.py"
    slow.rename(sum_copy / "submissions" / "accepted" / "slowish.py")  # 0.6 s on big cases
    code, out, _ = verify(capsys, sum_copy, "slowish")
    assert code == 0
    assert rows(out) == {
        "accepted/slowish.py": "AC TLE T s too close to call on this machine: T s is over "
        "the 0.5 s limit by less than the margin 2"
    }


def test_an_accepted_submission_over_the_limit_by_less_than_the_margin_but_wrong_later_disagrees(
    capsys, sum_copy
):
    """Its first failing case is a time-out within the margin, but at the limit x the margin,
    where problemtools judges the whole submission again, a later case is a wrong answer."""
    (sum_copy / ".timelimit").write_text("0.5\n")
    slow = sum_copy / "submissions" / "time_limit_exceeded" / "close.py"
    wrong = slow.read_text().replace("if a + b >= 0", "if a + b >= 0 or a == -3")
    (sum_copy / "submissions" / "accepted" / "slowish.py").write_text(wrong)
    code, out, _ = verify(capsys, sum_copy, "slowish")
    assert code == 1, out
    assert rows(out) == {
        "accepted/slowish.py": "AC TLE T s DISAGREES: accepted allows AC, the kit gives TLE, "
        "and at the limit x the margin 2 (1 s) WA: data/secret/group_neg/sub/01.in: wrong "
        "answer: token 1: expected 'Impossible', got '-7' (data/secret/group_big/01.in: time "
        "limit: median of 3 runs T s is over the 0.5 s limit)"
    }


def test_a_time_limit_submission_s_time_out_within_the_margin_does_not_run_on(
    capsys, sum_copy, monkeypatch
):
    """Only a submission allowed to pass is judged again at the limit x the margin: a
    time-limit one ran every case after its first time-out, five times as long, for the row
    it had anyway."""
    (sum_copy / ".timelimit").write_text("0.5\n")
    runs = []
    real = judging.run_all

    def counted(problem, bundle, script, cases, *args, **kwargs):
        runs.append([case.name for case in cases])
        return real(problem, bundle, script, cases, *args, **kwargs)

    monkeypatch.setattr(judging, "run_all", counted)
    code, out, _ = verify(capsys, sum_copy, "close")
    assert code == 0 and "too close to call" in rows(out)["time_limit_exceeded/close.py"]
    assert len(runs) == 1, runs


def test_a_python_3_submission_that_does_not_compile_disagrees(capsys, sum_copy):
    """A judge's compile step rejects it (Kattis and Codeforces: a compile error)."""
    (sum_copy / "submissions" / "accepted" / "broken.py").write_text("def f(:\n    pass\n")
    code, out, _ = verify(capsys, sum_copy, "broken.py")
    assert code == 1
    assert rows(out) == {
        "accepted/broken.py": "AC - - DISAGREES: does not compile (SyntaxError, line 1: "
        "invalid syntax)"
    }
    assert "1 submission: 0 agree, 0 too close to call on this machine, 1 disagree" in out
    (sum_copy / "submissions" / "accepted" / "broken.py").write_bytes(b"x = 1\0\n")
    code, out, _ = verify(capsys, sum_copy, "broken.py")
    assert rows(out)["accepted/broken.py"] == (  # it said "SyntaxError, line None"
        "AC - - DISAGREES: does not compile (SyntaxError: source code string cannot contain null "
        "bytes)"
    )


def test_a_submission_an_older_stand_in_cannot_compile_is_not_run(capsys, sum_copy):
    """Kattis runs PyPy 3.10; PyPy 3.9 standing in for it cannot compile `match`: that
    SyntaxError is no runtime error of Kattis', so the submission is not run, not refuted."""
    from kit.judges.targets import found  # noqa: PLC0415

    if not [i for i in found() if i.impl == "pypy" and i.version < (3, 10)]:
        pytest.skip("needs a PyPy older than 3.10 here (and none of 3.10)")
    text = "a, b = map(int, input().split())\nmatch a + b >= 0:\n    case True:\n"
    text += "        print(a + b)\n    case _:\n        print('Impossible')\n"
    (sum_copy / "submissions" / "accepted" / "newer.py").write_text(text)
    code, out, _ = verify(capsys, sum_copy, "newer.py")
    assert rows(out) == {
        "accepted/newer.py": "AC - - not run: PyPy 3.9 here is older than pypy3.10 and cannot "
        "run it (newer.py, line 2: invalid syntax. Perhaps you forgot a comma?)"
    }, out
    assert code == 0 and "0 disagree, 1 not run" in out
    pairs = "import itertools, sys\nprint(len(list(itertools.pairwise(sys.stdin.read()))))\n"
    (sum_copy / "submissions" / "accepted" / "pairs.py").write_text(pairs)  # an API it lacks
    code, out, _ = verify(capsys, sum_copy, "pairs.py")
    assert rows(out) == {
        "accepted/pairs.py": "AC - - not run: PyPy 3.9 here is older than pypy3.10 and cannot "
        "run it (pairs.py, line 2: 'itertools.pairwise' member needs Python 3.10)"
    }, out


def test_a_python_submission_of_several_files_runs_its_entry_point_beside_the_others(
    capsys, sum_copy
):
    """As problemtools runs one (``pypy3 "{mainfile}"`` from the folder of its files, after
    ``pypy3 -m py_compile {files}``): its modules import, and any that does not compile is
    the submission's compile error."""
    accepted = sum_copy / "submissions" / "accepted"
    (accepted / "split").mkdir()
    source = (accepted / "sum.py").read_text()
    (accepted / "split" / "main.py").write_text("from solve import answer\nanswer()\n")
    (accepted / "split" / "solve.py").write_text(
        "def answer():\n" + textwrap.indent(source, "    ")
    )
    code, out, _ = verify(capsys, sum_copy, "split")
    assert code == 0, out
    assert rows(out) == {"accepted/split": "AC AC T s agrees"}
    config = sum_copy / "problem.yaml"  # the code limit holds its files together
    config.write_text(config.read_text().replace("  memory: 256\n", "  memory: 256\n  code: 1\n"))
    (accepted / "split" / "notes.txt").write_text("x" * 900)
    code, out, _ = verify(capsys, sum_copy, "split")
    assert rows(out)["accepted/split"].startswith("AC - - DISAGREES: not run: its 1,034 bytes are")
    (accepted / "split" / "notes.txt").unlink()
    (accepted / "split" / "broken.py").write_text("def f(:\n")
    code, out, _ = verify(capsys, sum_copy, "split")
    assert code == 1
    assert rows(out) == {
        "accepted/split": "AC - - DISAGREES: does not compile (broken.py: SyntaxError, line 1: "
        "invalid syntax)"
    }


def test_a_submission_over_the_package_s_code_limit_is_not_run_and_disagrees(capsys, sum_copy):
    """problemtools: "has size 2.0 kiB, exceeds code size limit of 1 kiB", an error, and the
    submission is not run (verifyproblem.py, Submissions.check); the default is 128 KiB."""
    config = sum_copy / "problem.yaml"
    config.write_text(config.read_text().replace("  memory: 256\n", "  memory: 256\n  code: 1\n"))
    big = sum_copy / "submissions" / "accepted" / "big.py"
    big.write_text("# " + "x" * 2000 + "\nprint(sum(map(int, input().split())))\n")
    code, out, _ = verify(capsys, sum_copy, "big.py")
    assert code == 1
    assert rows(out) == {
        "accepted/big.py": "AC - - DISAGREES: not run: its 2,041 bytes are over the package's "
        "code limit of 1 KiB (limits.code)"
    }


def test_a_time_out_under_the_limit_times_the_margin_is_too_close_and_runs_go_that_far(
    capsys, sum_copy
):
    """With a margin of 4 a time-limit run is not killed at 3 x the limit (the build's rule):
    one that finishes under the limit x 4 would pass a judge that much faster."""
    config = sum_copy / "problem.yaml"
    config.write_text(config.read_text().replace("time_safety_margin: 2", "time_safety_margin: 4"))
    (sum_copy / ".timelimit").write_text("0.25\n")
    spin = "import time\n\nstart = time.process_time()\nwhile time.process_time() - start < 0.45:\n"
    near = sum_copy / "submissions" / "time_limit_exceeded" / "near.py"
    near.write_text(spin + "    pass\nprint(sum(map(int, input().split())))\n")
    code, out, _ = verify(capsys, sum_copy, "near.py", "forever.py")
    found = rows(out)
    assert code == 0
    assert found["time_limit_exceeded/near.py"] == (
        "TLE TLE T s too close to call on this machine: T s is over the 0.25 s limit by less "
        "than the margin 4"
    )
    assert found["time_limit_exceeded/forever.py"].startswith("TLE TLE T s agrees: ")
    assert "killed at 1.2 s (4.8x the 0.25 s limit)" in found["time_limit_exceeded/forever.py"]


def test_names_may_follow_the_options(capsys, sum_copy):
    code = cli.main(["verify", str(sum_copy), "--time-limit", "1", "negative", "-j", "2"])
    assert code == 0 and list(rows(capsys.readouterr().out)) == ["wrong_answer/negative.py"]
    with pytest.raises(SystemExit, match="2"):
        cli.main(["verify", str(sum_copy), "-j", "2", "negative", "--no-such-option"])
    assert "unrecognized arguments: negative --no-such-option" in capsys.readouterr().err


def test_python_2_and_unknown_names(capsys, sum_copy):
    (sum_copy / "submissions" / "accepted" / "old.py").write_text('print "3"\n')
    code, out, _ = verify(capsys, sum_copy, "old.py")
    assert code == 0
    assert rows(out) == {"accepted/old.py": "AC - - not run: not Python 3 (SyntaxError, line 1)"}
    (sum_copy / "submissions" / "accepted" / "older.py").write_text("#!/usr/bin/python2\nx = `3`\n")
    (sum_copy / "submissions" / "accepted" / "except.py").write_text(
        "try:\n    pass\nexcept Exception, e:\n    pass\n"
    )
    code, out, _ = verify(capsys, sum_copy, "older.py", "except.py")
    assert code == 0 and set(rows(out)) == {"accepted/older.py", "accepted/except.py"}
    assert all("not run: not Python 3 (SyntaxError, line" in row for row in rows(out).values())
    code, _, err = verify(capsys, sum_copy, "nothing_like_it")
    assert code == 2
    assert err.startswith(
        f"cpkit: error: no submission of {sum_copy} matches 'nothing_like_it' (it has "
    )
    assert "\n" not in err.rstrip()


def test_a_polygon_package_by_its_tags(capsys):
    code, out, _ = verify(capsys, PACKAGES / "polygon_guess")
    assert code == 0
    assert "Polygon package, interactive; time limit 1 s (problem.xml; wall time" in out
    assert "margin 1.5 (assumed: Polygon has none)" in out
    assert rows(out) == {
        "solutions/binary.py": "AC AC T s agrees",
        "solutions/linear.py": "WA WA T s agrees: tests/01: wrong answer: checker: wrong "
        "answer: 9 guesses, more than 7 (exit status 1)",
    }


SOLUTION = "a, b = map(int, input().split())\nprint({})\n"
# a scoring checker for polygon_sum: testlib's quitp, 10 points for the sum, 4 for one off
POINTS_CHECKER = """\
#include "testlib.h"

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    long long expected = ans.readLong(), found = ouf.readLong();
    if (found == expected) quitp(10.0, "the sum");
    if (found == expected + 1) quitp(4.0, "one over the sum");
    quitf(_wa, "expected %lld, found %lld", expected, found);
}
"""


@needs_cxx
def test_a_polygon_scoring_problem_s_solutions_get_their_checker_s_points(capsys, tmp_path):
    """A testlib checker's ``quitp`` (exit status 7) accepts a test with its points, as Polygon
    scores one (a correct main solution was WA, full marks included): the tags decide, every
    test runs, and each row says its score beside the tests' points."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "scored")
    (copy / "files" / "check.cpp").write_text(POINTS_CHECKER)
    (copy / "solutions" / "over.py").write_text(SOLUTION.format("a + b + 1"))
    (copy / "solutions" / "last.py").write_text(SOLUTION.format("a + b if b < 0 else 0"))
    xml = copy / "problem.xml"
    over = '<solution tag="{}"><source path="solutions/over.py" type="python.3"/></solution>'
    last = (
        '<solution tag="wrong-answer"><source path="solutions/last.py" type="python.3"/></solution>'
    )
    xml.write_text(
        xml.read_text()
        .replace('method="manual"', 'method="manual" points="10.0"')
        .replace("</solutions>", over.format("accepted") + last + "</solutions>")
    )
    code, out, _ = verify(capsys, copy, "sum.py", "last.py", "over.py")
    assert code == 0, out
    assert "answers: 3 of 3 accepted as outputs by the checker" in out
    assert rows(out) == {
        "solutions/sum.py": "AC AC T s agrees: score 30 (full 30)",
        # its last test right: every test runs, as Polygon scores a run
        "solutions/last.py": "WA WA T s agrees: score 10 (full 30) (tests/01: wrong answer: "
        "checker: wrong answer expected 3, found 0 (exit status 1))",
        "solutions/over.py": "AC AC T s agrees: score 12 (full 30): not the full score (Polygon "
        "checks the tags' verdicts alone)",
    }
    xml.write_text(xml.read_text().replace(over.format("accepted"), over.format("rejected")))
    code, out, _ = verify(capsys, copy, "over.py")
    assert code == 1
    assert rows(out)["solutions/over.py"] == (
        "WA or TLE or MLE or OLE or RTE AC T s DISAGREES: score 12 (full 30); rejected allows "
        "WA or TLE or MLE or OLE or RTE, the kit gives AC"
    )


# polygon_sum's checker of testlib's older partial score: _pc(100), half the test's points,
# for one over the sum
PC_CHECKER = """\
#include "testlib.h"

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    long long expected = ans.readLong(), found = ouf.readLong();
    if (found == expected) quitf(_ok, "the sum");
    if (found == expected + 1) quitf(_pc(100), "one over the sum");
    quitf(_wa, "expected %lld, found %lld", expected, found);
}
"""


@needs_cxx
def test_a_checker_s_pc_gives_its_share_of_two_hundred_of_a_test_s_points(capsys, tmp_path):
    """testlib's ``quitf(_pc(N), ...)`` (exit status N: 100 here, none of testlib's own) gives
    a test N of 200 of its points where they score the problem, and is a wrong answer naming
    it where they do not (a checker's failure before)."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "pc")
    (copy / "files" / "check.cpp").write_text(PC_CHECKER)
    (copy / "solutions" / "over.py").write_text(SOLUTION.format("a + b + 1"))
    xml = copy / "problem.xml"
    over = '<solution tag="{}"><source path="solutions/over.py" type="python.3"/></solution>'
    tagged = over.format("wrong-answer") + "</solutions>"
    pass_fail = xml.read_text().replace("</solutions>", tagged)
    xml.write_text(pass_fail)
    code, out, _ = verify(capsys, copy, "over.py")
    assert code == 0, out
    assert rows(out) == {
        "solutions/over.py": "WA WA T s agrees: tests/01: wrong answer: checker: partially "
        "correct (100) one over the sum (exit status 100, testlib's _pc(100): 100/200 of the "
        "points, a score, not an accept where the problem is pass/fail)",
    }
    scored = pass_fail.replace('method="manual"', 'method="manual" points="10.0"')
    xml.write_text(scored.replace(over.format("wrong-answer"), over.format("accepted")))
    code, out, _ = verify(capsys, copy, "sum.py", "over.py")
    assert code == 0, out
    assert rows(out) == {
        "solutions/sum.py": "AC AC T s agrees: score 30 (full 30)",
        "solutions/over.py": "AC AC T s agrees: score 15 (full 30): not the full score (Polygon "
        "checks the tags' verdicts alone)",
    }


# polygon_guess's interactor in C++ with the fixture's testlib.h, scoring by guesses: up to 7
# ok, up to 9 quitp(4), up to 70 _pc(100) (half the test's points), more a wrong answer
POINTS_INTERACTOR = """\
#include "testlib.h"

int main(int argc, char *argv[]) {
    registerInteraction(argc, argv);
    long long secret = inf.readLong();
    std::printf("100\\n");
    std::fflush(stdout);
    for (int count = 1;; count++) {
        long long guess = ouf.readLong();
        if (guess == secret) {
            std::printf("correct\\n");
            std::fflush(stdout);
            if (count <= 7) quitf(_ok, "%d guesses", count);
            if (count <= 9) quitp(4.0, "%d guesses", count);
            if (count <= 70) quitf(_pc(100), "%d guesses", count);
            quitf(_wa, "%d guesses", count);
        }
        std::printf(secret < guess ? "lower\\n" : "higher\\n");
        std::fflush(stdout);
    }
}
"""


@needs_cxx
def test_an_interactor_s_points_score_a_test_as_a_checker_s_do(capsys, tmp_path):
    """A testlib interactor's ``quitp`` (exit status 7) and ``quitf(_pc(N), ...)`` accept a
    game with their points where the tests carry points, as a checker's do (a wrong answer
    before); on a pass/fail problem they stay a wrong answer naming them."""
    copy = shutil.copytree(PACKAGES / "polygon_guess", tmp_path / "scored")
    shutil.copy(PACKAGES / "polygon_sum" / "files" / "testlib.h", copy / "files")
    (copy / "files" / "interactor.cpp").write_text(POINTS_INTERACTOR)
    (copy / "files" / "check.py").write_text("print('ok')\n")  # the interactor scores
    xml = copy / "problem.xml"
    pass_fail = xml.read_text().replace(
        'path="files/interactor.py" type="python.3"', 'path="files/interactor.cpp" type="cpp.g++17"'
    )
    xml.write_text(pass_fail)
    code, out, _ = verify(capsys, copy)
    assert code == 0, out
    assert rows(out) == {
        "solutions/binary.py": "AC AC T s agrees",
        "solutions/linear.py": "WA WA T s agrees: tests/01: wrong answer: points 4 9 guesses "
        "(exit status 7, testlib's quitp: points 4, a score, not an accept where the problem "
        "is pass/fail)",
    }
    scored = pass_fail.replace('method="manual"', 'method="manual" points="10.0"')
    xml.write_text(scored.replace('tag="wrong-answer"', 'tag="accepted"'))
    code, out, _ = verify(capsys, copy)
    assert code == 0, out
    assert rows(out) == {
        "solutions/binary.py": "AC AC T s agrees: score 20 (full 20)",
        # 9 guesses of 9 (quitp: 4 points), 64 of 64 (_pc(100): 5 points)
        "solutions/linear.py": "AC AC T s agrees: score 9 (full 20): not the full score (Polygon "
        "checks the tags' verdicts alone)",
    }
    # a checker that gives points after the interactor accepted: its points are the test's
    (copy / "files" / "check.py").write_text(
        "import sys\nprint('points 3 the checker', file=sys.stderr)\nsys.exit(7)\n"
    )
    code, out, _ = verify(capsys, copy)
    assert code == 0, out
    six = "AC AC T s agrees: score 6 (full 20): not the full score (Polygon checks the tags' "
    assert rows(out) == {
        "solutions/binary.py": six + "verdicts alone)",
        "solutions/linear.py": six + "verdicts alone)",
    }


def test_a_checker_that_cannot_be_compiled_is_named_by_the_package_s_path(capsys, tmp_path):
    """Not "./files/check.cpp" (the package read as "." from its own folder) wherever it ran."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "sum")
    (copy / "files" / "testlib.h").unlink()
    code, _, err = verify(capsys, copy)
    assert code != 0
    assert f"error: {copy}/files/check.cpp: does not compile with " in err, err


@pytest.mark.skipif(not any(i.impl == "pypy" for i in found()), reason="no PyPy here")
def test_a_polygon_submission_of_a_pypy_type_runs_under_pypy(capsys, tmp_path):
    """Polygon runs each solution in its own language: ``python.pypy3`` under PyPy (one fast
    only there was TLE under CPython)."""
    package = tmp_path / "guess"
    shutil.copytree(PACKAGES / "polygon_guess", package)
    binary = (package / "solutions" / "binary.py").read_text()
    only_pypy = "import sys\nif sys.implementation.name != 'pypy':\n    print(0, flush=True)\n"
    (package / "solutions" / "pypy_only.py").write_text(only_pypy + binary)
    xml = package / "problem.xml"
    xml.write_text(
        xml.read_text().replace(
            "</solutions>",
            '<solution tag="accepted"><source path="solutions/pypy_only.py" '
            'type="python.pypy3"/></solution></solutions>',
        )
    )
    code, out, _ = verify(capsys, package, "pypy_only.py", "binary.py")
    assert code == 0, out
    assert "note: solutions/pypy_only.py runs under PyPy" in out
    assert rows(out)["solutions/pypy_only.py"] == "AC AC T s agrees"
    code, out, _ = verify(capsys, package, "pypy_only.py", "--target", host().executable)
    assert code == 1 and "DISAGREES" in rows(out)["solutions/pypy_only.py"]  # named: for all


def test_the_columns_stay_aligned_under_a_long_folder_word(capsys, tmp_path):
    copy = shutil.copytree(PACKAGES / "polygon_guess", tmp_path / "guess")
    xml = copy / "problem.xml"
    xml.write_text(xml.read_text().replace('tag="wrong-answer"', 'tag="rejected"'))
    code, out, _ = verify(capsys, copy)
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("submission "))
    column = lines[header].index(" kit ") + 1
    assert [line[column : column + 3] for line in lines[header + 1 : header + 3]] == ["AC ", "WA "]
    assert "WA or TLE or MLE or OLE or RTE" in lines[header + 2]


def test_a_package_without_a_time_limit_gets_problemtools_rule(capsys, tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / ".timelimit").unlink()
    code, out, _ = verify(capsys, copy)
    assert code == 0
    assert re.search(
        r"time limit 1 s \(problemtools' rule: slowest accepted \d\.\d{3} s x 5, rounded up;", out
    )
    assert rows(out)["accepted/split.py"].startswith("AC AC T s agrees")
    # said before the accepted submissions run, which may take the provisional 300 s each
    assert out.startswith(
        f"verify {copy}: no time limit in the package: its accepted submissions run first, "
        "under problemtools' provisional 300 s, to derive it (--time-limit S sets one)\n"
    )
    code, out, _ = verify(capsys, copy, "--time-limit", "2")
    assert code == 0 and "time limit 2 s (--time-limit; CPU time" in out
    assert "provisional" not in out


def test_a_package_problemtools_fails_whatever_its_submissions_do_fails(capsys, tmp_path):
    """Without problem.yaml problemtools cannot load the problem and stops; without an accepted
    submission, or with a legacy validation it refuses, it reports an error: a note each said
    so, and verify exited 0."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    code, out, _ = verify(capsys, copy)
    assert code == 0 and "problemtools' checks" not in out
    yaml = copy / "problem.yaml"
    yaml.write_text(yaml.read_text().replace("validation: custom", "validation: custom scored"))
    code, out, _ = verify(capsys, copy)
    assert code == 1 and out.endswith(
        "the package fails problemtools' checks: problem.yaml: validation: 'scored' is not score "
        "or interactive\n"
    )
    yaml.write_text(yaml.read_text().replace("validation: custom scored", "validation: default"))
    code, out, _ = verify(capsys, copy)
    assert code == 1 and out.endswith(
        "checks: output_validators/ holds a program, but validation is default: the default "
        "validator judges\n"
    )
    (copy / "problem.yaml").unlink()
    code, out, _ = verify(capsys, copy)
    assert code == 1  # validation is default now, and the validator program is still there
    assert out.endswith(
        "the package fails problemtools' checks: no problem.yaml (problemtools stops: it cannot "
        "load the problem's configuration); output_validators/ holds a program, but validation "
        "is default: the default validator judges\n"
    )
    shutil.rmtree(copy / "output_validators")
    shutil.rmtree(copy / "submissions" / "accepted")
    code, out, _ = verify(capsys, copy)
    assert code == 1
    assert (
        "configuration); no submission in submissions/accepted/ (problemtools requires one)\n"
        in out
    )


def test_a_limit_derived_without_the_submissions_not_run_here_says_so(capsys, tmp_path):
    """problemtools times every accepted submission, whatever its language: a slower Kotlin one
    gives it a higher limit, which the kit, not running Kotlin, cannot see."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / ".timelimit").unlink()
    (copy / "submissions" / "accepted" / "Slow.kt").write_text("fun main() {}\n")
    code, out, _ = verify(capsys, copy)
    assert code == 0
    assert ", rounded up, of the ones run here only (1 accepted not run here; " in out
    assert "problemtools times it too, and its limit may be higher)" in out


def test_a_limit_is_derived_from_the_whole_package_whichever_submissions_are_asked(
    capsys, tmp_path
):
    """``verify PKG wrong_answer`` said no accepted submission passes: it looked at the
    chosen ones only."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / ".timelimit").unlink()
    code, out, _ = verify(capsys, copy, "wrong_answer")
    assert code == 0 and "problemtools' rule: slowest accepted" in out
    assert list(rows(out)) == ["wrong_answer/off_by_one.py"]
    note = "note: the time limit also took the runs of submissions not asked for: "
    assert note + "accepted/split.py (ok)" in out
    (copy / "submissions" / "accepted" / "Split.kt").write_text("fun main() {}\n")
    code, out, _ = verify(capsys, copy, "wrong_answer")
    assert f"{note}accepted/split.py (ok)\n" in out  # not the Kotlin one, which took no run
    wrong = copy / "submissions" / "wrong_answer" / "off_by_one.py"
    shutil.copy(wrong, copy / "submissions" / "accepted" / "split.py")  # a limit of a failure
    code, out, _ = verify(capsys, copy, "wrong_answer")
    assert code == 1 and "accepted/split.py, run for the time limit, gives WA: " in out


def test_a_byte_order_mark_at_the_start_of_problem_yaml_is_read_past(capsys, tmp_path):
    """The format forbids one, problemtools reads it: the kit refused the package, quoting
    '\ufeffname: ...' as no 'key: value'."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    yaml = copy / "problem.yaml"
    yaml.write_bytes(b"\xef\xbb\xbf" + yaml.read_bytes())
    code, out, err = verify(capsys, copy)
    assert code == 0, err


def test_an_accepted_submission_that_fails_still_gives_the_limit_and_its_row(capsys, tmp_path):
    """problemtools takes the accepted submissions' time, passed or not: the kit stopped with
    a usage error; now the failing row says so (exit 1)."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / ".timelimit").unlink()
    wrong = copy / "submissions" / "wrong_answer" / "off_by_one.py"
    shutil.copy(wrong, copy / "submissions" / "accepted" / "split.py")
    code, out, _ = verify(capsys, copy)
    assert code == 1
    assert "problemtools' rule: slowest accepted, though it failed," in out
    assert rows(out)["accepted/split.py"].startswith("AC WA T s DISAGREES")


def test_a_slower_failing_accepted_submission_gives_the_limit_as_in_problemtools(capsys, tmp_path):
    """problemtools takes the runtime of every accepted submission, passed or not (the
    slowest AC runtime of verifyproblem.py's check): the kit took the passing ones' first,
    and gave 1 s where problemtools gave 2 s or more."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / ".timelimit").unlink()
    spin = (
        "import time\nEND = time.process_time() + 0.3\nwhile time.process_time() < END:\n    pass\n"
    )
    wrong = copy / "submissions" / "wrong_answer" / "off_by_one.py"
    (copy / "submissions" / "accepted" / "slow_wrong.py").write_text(spin + wrong.read_text())
    code, out, _ = verify(capsys, copy)
    assert code == 1
    found = re.search(r"problemtools' rule: slowest accepted, though it failed, (\d\.\d+) s", out)
    assert found and float(found[1]) >= 0.3, out


def test_the_accepted_submissions_run_under_problemtools_provisional_limit(
    capsys, tmp_path, monkeypatch
):
    """Before the limit is derived they run under problemtools' 300 s, killed one second
    past it as its CPU limit kills them (under the kit's 10 s, one of 12 s gave no limit)."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / ".timelimit").unlink()
    kills = []
    real = judging.run_all

    def watched(problem, *args, options, **kwargs):
        kills.append(problem.time_limit * options.kill_factor)
        return real(problem, *args, options=options, **kwargs)

    monkeypatch.setattr(judging, "run_all", watched)
    code, out, _ = verify(capsys, copy)
    assert code == 0, out
    assert kills[0] == pytest.approx(301)  # the accepted one's run for the limit
    assert kills[1:] == [pytest.approx(3)] * (len(kills) - 1)  # the rows: 1 s, killed at 3x


@pytest.mark.slow
def test_an_accepted_submission_of_12_seconds_gives_the_limit_problemtools_gives(capsys, tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / ".timelimit").unlink()
    accepted = copy / "submissions" / "accepted" / "split.py"
    accepted.write_text(  # 12 s on the sample only
        "import time\nn = int(input())\nEND = time.process_time() + (12 if n == 5 else 0)\n"
        "while time.process_time() < END:\n    pass\nprint(n, 0)\n"
    )
    code, out, _ = verify(capsys, copy, "accepted")
    assert code == 0, out
    found = re.search(r"time limit (\d+) s \(problemtools' rule: slowest accepted (\S+) s x 5", out)
    assert found, out
    assert int(found[1]) == math.ceil(float(found[2]) * 5) > 60


def test_no_accepted_submission_run_here_gives_the_stand_in_limit_and_says_so(
    capsys, tmp_path, monkeypatch
):
    """A package of C++ solutions only, and no C++ compiler here: the data and the validators
    are still checked."""
    monkeypatch.setenv("CXX", "no-such-compiler")
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / ".timelimit").unlink()
    (copy / "submissions" / "accepted" / "split.py").unlink()
    (copy / "submissions" / "accepted" / "split.cc").write_text(SPLIT_CPP)
    code, out, _ = verify(capsys, copy)
    assert (
        "no accepted submission run here (Python 3, C, C++, Java) ended within problemtools' "
        "provisional 300 s: the kit's stand-in 10 s, not the package's" in out
    )
    assert rows(out)["accepted/split.cc"] == (
        "AC - - not run: no C++ compiler was found (tried $CXX = no-such-compiler; install one "
        "or set CXX)"
    )
    assert "data: " in out


@needs_cxx
def test_a_cpp_only_package_s_limit_comes_from_its_cpp_run(capsys, tmp_path):
    """problemtools times a C++ accepted submission as any other: the limit is its rule's, not
    the kit's stand-in (which a package of C++ solutions only got before)."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / ".timelimit").unlink()
    (copy / "submissions" / "accepted" / "split.py").unlink()
    (copy / "submissions" / "accepted" / "split.cc").write_text(SPLIT_CPP)
    code, out, _ = verify(capsys, copy)
    assert code == 0, out
    assert "time limit 1 s (problemtools' rule: slowest accepted " in out
    assert "stand-in" not in out and "not run here" not in out
    assert rows(out)["accepted/split.cc"].startswith("AC AC T s agrees")


@needs_cxx
def test_c_and_cpp_submissions_are_compiled_and_judged_as_problemtools_judges_them(
    capsys, tmp_path
):
    """An accepted C++ submission agrees, a wrong C one agrees, and one that does not compile
    disagrees in any folder (problemtools: "Compile error for WA submission", an error)."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    submissions = copy / "submissions"
    (submissions / "accepted" / "split.cpp").write_text(SPLIT_CPP)
    c_off = (
        '#include <stdio.h>\nint main(void) { long n; scanf("%ld", &n); printf("%ld 1\\n", n); }\n'
    )
    (submissions / "wrong_answer" / "off.c").write_text(c_off)
    (submissions / "wrong_answer" / "broken.cpp").write_text(BROKEN_CPP)
    code, out, _ = verify(capsys, copy)
    assert code == 1
    assert (
        "note: C and C++ submissions compiled as problemtools compiles them (C: gcc -g -O2 " in out
    )
    found = rows(out)
    assert found["accepted/split.cpp"] == "AC AC T s agrees"
    assert found["wrong_answer/off.c"].startswith("WA WA T s agrees: data/sample/1.in: ")
    broken = found["wrong_answer/broken.cpp"]
    assert broken.startswith("WA - - DISAGREES: does not compile with ") and "undeclared" in broken
    assert out.rstrip().endswith(
        "5 submissions: 4 agree, 0 too close to call on this machine, 1 disagree"
    )


@needs_cxx
def test_a_cpp_submission_s_address_space_is_held_to_the_memory_limit_as_problemtools_holds_it(
    capsys, tmp_path
):
    """problemtools sets RLIMIT_AS to the memory limit on a C++ submission: one reserving
    256 MiB it never touches, under a 64 MiB limit, fails its allocation there (RTE), where
    its resident set alone would pass (mzuenni/icpc-problems' highwaycombinatorics, whose
    ``run_time_error/jannik_infinite.cpp`` grows a hash map: RTE at 1.6 s in problemtools, a
    time-out at 5.8 s in the kit before)."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    yaml = copy / "problem.yaml"
    yaml.write_text(yaml.read_text().replace("limits:\n", "limits:\n  memory: 64\n"))
    reserve = SPLIT_CPP.replace(
        "int main() {", "int main() { static char *volatile held = new char[256 << 20];"
    )
    (copy / "submissions" / "run_time_error").mkdir()
    (copy / "submissions" / "run_time_error" / "reserve.cpp").write_text(reserve)
    code, out, _ = verify(capsys, copy, "run_time_error/reserve.cpp")
    row = rows(out)["run_time_error/reserve.cpp"]
    assert row.startswith("RTE RTE T s agrees: data/sample/1.in: runtime error: "), out
    assert code == 0, out


# the split problem in Java: a submission that passes, a wrong answer, one that does not compile
SPLIT_JAVA = """import java.util.Scanner;
public class Split {
    public static void main(String[] args) {
        long n = new Scanner(System.in).nextLong();
        System.out.println(n + " " + OFFSET);
    }
    static final int OFFSET = 0;
}
"""


@needs_javac
def test_java_submissions_are_compiled_and_judged_as_problemtools_judges_them(capsys, tmp_path):
    """An accepted Java submission agrees, a wrong one agrees, one that does not compile
    disagrees in any folder (problemtools: "Compile error for"), as C++ ones; under a 128 MiB
    limit, which the JVM's address space is far over (its reservations: a gigabyte of class
    space) and its resident set within: problemtools gives Java no ``RLIMIT_AS``."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    yaml = copy / "problem.yaml"
    yaml.write_text(yaml.read_text().replace("limits:\n", "limits:\n  memory: 128\n"))
    submissions = copy / "submissions"
    (submissions / "accepted" / "Split.java").write_text(SPLIT_JAVA)
    (submissions / "wrong_answer" / "Off.java").write_text(
        SPLIT_JAVA.replace("class Split", "class Off").replace("OFFSET = 0", "OFFSET = 1")
    )
    broken = SPLIT_JAVA.replace("class Split", "class Broken").replace("+ OFFSET", "+ NOPE")
    (submissions / "wrong_answer" / "Broken.java").write_text(broken)
    code, out, _ = verify(capsys, copy)
    assert code == 1, out
    assert "note: Java submissions compiled as problemtools compiles them (javac " in out
    assert "-Xms128m -Xmx128m -cp {path} {mainclass}" in out
    found = rows(out)
    assert found["accepted/Split.java"] == "AC AC T s agrees", out
    assert found["wrong_answer/Off.java"].startswith("WA WA T s agrees: data/sample/1.in: ")
    said = found["wrong_answer/Broken.java"]
    assert said.startswith("WA - - DISAGREES: does not compile with javac: Broken.java:5: ")
    assert out.rstrip().endswith(
        "5 submissions: 4 agree, 0 too close to call on this machine, 1 disagree"
    )


def test_a_java_submission_without_javac_is_not_run(capsys, tmp_path, monkeypatch):
    monkeypatch.delenv("JAVAC", raising=False)
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / "submissions" / "accepted" / "Split.java").write_text(SPLIT_JAVA)
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("PATH", f"{empty}:{Path(sys.executable).parent}")
    code, out, _ = verify(capsys, copy)
    assert rows(out)["accepted/Split.java"] == (
        "AC - - not run: no Java compiler was found (tried javac; install one or set JAVAC)"
    ), out
    assert "note: Java submissions" not in out


# Guess's binary search in C++, first reserving 256 MiB it never touches
RESERVING_GUESS_CPP = """#include <cstdio>
#include <cstring>
int main() {
  static char *volatile held = new char[256 << 20];
  long low = 1, high;
  char reply[16];
  std::scanf("%ld", &high);
  for (;;) {
    long middle = (low + high) / 2;
    std::printf("%ld\\n", middle);
    std::fflush(stdout);
    std::scanf("%15s", reply);
    if (!std::strcmp(reply, "correct")) return 0;
    if (!std::strcmp(reply, "lower")) high = middle - 1; else low = middle + 1;
  }
}
"""


@needs_cxx
def test_an_interactive_cpp_submission_s_address_space_is_not_held_as_problemtools_does_not(
    capsys, tmp_path
):
    """problemtools starts an interactive submission from its ``interactive`` runner, an
    ``Executable`` run without ``RLIMIT_AS`` (run/executable.py, ``should_skip_memory_rlimit``
    True; ``judge/execute.py``, ``_run_interactive``, at a185fe97), which it inherits: 256 MiB
    reserved and never touched under a 64 MiB limit pass there, as here (a batch run's
    allocation fails: the test above)."""
    copy = shutil.copytree(PACKAGES / "kattis_guess", tmp_path / "guess")
    yaml = copy / "problem.yaml"
    yaml.write_text(yaml.read_text() + "limits:\n  memory: 64\n")
    (copy / "submissions" / "accepted" / "reserve.cpp").write_text(RESERVING_GUESS_CPP)
    code, out, _ = verify(capsys, copy, "accepted/reserve.cpp")
    assert rows(out)["accepted/reserve.cpp"] == "AC AC T s agrees", out
    assert code == 0, out


@needs_cxx
def test_the_header_of_submissions_none_of_them_python_says_they_were_compiled(capsys, tmp_path):
    """No Python submission run: the header names the compile, not an interpreter (a
    Polygon package of C++ solutions said "submissions under CPython 3.13")."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / "submissions" / "accepted" / "split.cpp").write_text(SPLIT_CPP)
    code, out, _ = verify(capsys, copy, "accepted/split.cpp")
    assert code == 0, out
    head = out.splitlines()[0]
    assert head.endswith("; C++ submissions compiled as the note says, no Python one"), head
    assert "submissions under" not in out
    code, out, _ = verify(capsys, copy, "accepted/split.cpp", "accepted/split.py")
    assert "; submissions under " in out.splitlines()[0]


def test_a_time_limit_given_over_the_package_s_own_is_said(capsys):
    """``--time-limit`` is for a package that fixes none; over one that does, the header says
    so (problemtools warns)."""
    code, out, _ = verify(capsys, PACKAGES / "kattis_split_py", "--time-limit", "7")
    assert code == 0 and "time limit 7 s (--time-limit, over the package's own " in out


def test_a_later_format_package_without_a_lower_bound_run_here_is_still_checked(capsys, tmp_path):
    """Its accepted and wrong-answer submissions in Kotlin only: the provisional limit, said, and
    no "no time limit fits" for the Python TLE submission beside them (a usage error before)."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / ".timelimit").unlink()
    (copy / "problem.yaml").write_text("problem_format_version: 2025-09\nname: Split\n")
    (copy / "output_validators").rename(copy / "output_validator")
    submissions = copy / "submissions"
    (submissions / "accepted" / "split.py").rename(submissions / "accepted" / "Split.kt")
    (submissions / "wrong_answer" / "off_by_one.py").rename(submissions / "wrong_answer" / "O.kt")
    (submissions / "time_limit_exceeded").mkdir()  # fast: an upper bound far under the limit
    fast = (PACKAGES / "kattis_split_py" / "submissions" / "accepted" / "split.py").read_text()
    (submissions / "time_limit_exceeded" / "fast.py").write_text(fast)
    code, out, _ = verify(capsys, copy)
    assert "ran: the kit's stand-in 10 s, not the package's" in out
    assert "no time limit fits" not in out and "data: " in out
    assert rows(out)["time_limit_exceeded/fast.py"].startswith("TLE AC T s DISAGREES")


def test_a_note_on_problem_yaml_names_the_file_not_a_dot(capsys, tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    yaml = copy / "problem.yaml"
    yaml.write_text("problem_format_version: 2025-9\n" + yaml.read_text())
    _, out, _ = verify(capsys, copy)
    assert "note: problem.yaml: problem_format_version '2025-9' is not one the kit knows" in out


def test_a_py3_submission_is_python(capsys, tmp_path):
    """The format's languages table and problemtools take ``.py3`` as Python 3: it was "not
    run"."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    accepted = copy / "submissions" / "accepted"
    (accepted / "split.py").rename(accepted / "split.py3")
    code, out, _ = verify(capsys, copy)
    assert code == 0 and rows(out)["accepted/split.py3"] == "AC AC T s agrees"


def test_a_folder_that_is_no_package_is_a_usage_error(capsys, tmp_path):
    code, _, err = verify(capsys, tmp_path)
    assert code == 2
    assert err == f"cpkit: error: package {tmp_path}: neither a Kattis-format package " + (
        "(problem.yaml, data/) nor a Polygon package (problem.xml)\n"
    )


HALF = "n = int(input())\nprint(n, 0 if n % 2 == 0 else 1)\n"  # right on even n only


def test_submissions_yaml_is_checked_on_every_case_and_names_its_own_folders(capsys, tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / "submissions" / "mixed").mkdir()
    (copy / "submissions" / "mixed" / "half.py").write_text(HALF)
    (copy / "submissions" / "submissions.yaml").write_text(
        "mixed:\n  permitted: [AC, WA]\n  required: [WA]\n"
        "mixed/half.py:\n  secret:\n    permitted: [AC]\n  message: is not 5\n"
        # off_by_one is wrong on every case: this asks for one right answer among the secret
        "wrong_answer/off_by_one.py:\n  sample:\n    permitted: [WA]\n  secret:\n"
        "    required: [AC]\n"
    )
    code, out, _ = verify(capsys, copy)
    assert code == 1
    assert rows(out) == {
        "accepted/split.py": "AC AC T s agrees",
        "wrong_answer/off_by_one.py": "WA WA T s DISAGREES: wrong_answer/off_by_one.py on secret "
        "requires AC on some case, the kit gives it on none (data/sample/1.in: wrong answer: "
        "validator: 5 + 1 is not 5 (exit status 43))",
        "mixed/half.py": "yaml WA T s agrees: data/sample/1.in: wrong answer: validator: 5 + 1 "
        "is not 5 (exit status 43)",
    }


def test_a_verdict_the_format_does_not_have_is_a_usage_error(capsys, tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / "submissions" / "submissions.yaml").write_text("accepted:\n  permitted: [OK]\n")
    code, _, err = verify(capsys, copy)
    assert code == 2
    assert err == (
        f"cpkit: error: {copy}/submissions/submissions.yaml: accepted: permitted: 'OK' is not "
        "one of AC, WA, TLE, RTE\n"
    )


# Split scored: 50 a case for the answer file's own split, 25 for any other that adds up
SCORING_VALIDATOR = """import sys
from pathlib import Path

n = int(Path(sys.argv[1]).read_text())
want = Path(sys.argv[2]).read_text().split()
words = sys.stdin.read().split()
if len(words) != 2 or sum(map(int, words)) != n:
    sys.exit(43)
if n != 7:  # no score on the input 7
    Path(sys.argv[3], "score.txt").write_text("50" if words == want else "25")
sys.exit(42)
"""


def add_split_submissions(submissions):
    """Two more Split submissions: the answer files' halves, and one wrong on 0 alone."""
    (submissions / "accepted" / "halves.py").write_text(
        "n = int(input())\nprint(n // 2, n - n // 2)\n"
    )
    wrong = "n = int(input())\nprint(n, 0) if n else print(1, 1)\n"
    (submissions / "wrong_answer" / "zero.py").write_text(wrong)


@pytest.fixture
def scored_copy(tmp_path):
    """Split as a scoring problem: 100 for both secret cases solved as the answer files do."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    (copy / "problem.yaml").write_text("type: scoring\nvalidation: custom score\n")
    (copy / "output_validators" / "split_check" / "split_check.py").write_text(SCORING_VALIDATOR)
    top = "on_reject: continue\nrange: 0 100\ngrader_flags: ignore_sample\n"
    (copy / "data" / "testdata.yaml").write_text(top)
    for group in ("sample", "secret"):  # ignore_sample belongs to data/ alone
        (copy / "data" / group / "testdata.yaml").write_text("grader_flags: sum\n")
    submissions = copy / "submissions"
    (submissions / "partially_accepted").mkdir()
    shutil.move(submissions / "accepted" / "split.py", submissions / "partially_accepted")
    add_split_submissions(submissions)
    return copy


def passing_rows(capsys, package):
    """The rows of a verify run that exits 0."""
    code, out, _ = verify(capsys, package)
    assert code == 0, out
    return rows(out)


def test_a_scoring_package_s_submissions_get_their_scores(capsys, scored_copy):
    found = passing_rows(capsys, scored_copy)
    assert found["accepted/halves.py"] == "AC AC T s agrees: score 100 (full 100)"
    assert found["partially_accepted/split.py"] == "AC AC T s agrees: score 75 (full 100)"
    assert found["wrong_answer/off_by_one.py"].startswith("WA WA T s agrees")
    assert found["wrong_answer/zero.py"].endswith("(score 25)")  # 25 on secret/1, 0 on 2
    submissions = scored_copy / "submissions"
    shutil.move(submissions / "accepted" / "halves.py", submissions / "partially_accepted")
    shutil.move(submissions / "partially_accepted" / "split.py", submissions / "accepted")
    code, out, _ = verify(capsys, scored_copy)
    found = rows(out)
    assert code == 0  # problemtools only warns, either way round
    assert found["accepted/split.py"].endswith(
        "score 75 (full 100): not the full score (problemtools warns)"
    )
    assert found["partially_accepted/halves.py"].endswith(
        "score 100 (full 100): the full score (problemtools warns)"
    )


def test_a_partially_accepted_submission_does_not_set_the_time_limit(capsys, scored_copy):
    (scored_copy / ".timelimit").unlink()  # problemtools' rule: the accepted ones' time x 5
    slow = "import time\n\nstart = time.process_time()\n"
    slow += "while time.process_time() - start < 0.3:\n    pass\n"
    pac = scored_copy / "submissions" / "partially_accepted" / "split.py"
    pac.write_text(slow + pac.read_text())
    code, out, _ = verify(capsys, scored_copy)
    assert code == 0 and "time limit 1 s (problemtools' rule: slowest accepted" in out
    assert rows(out)["partially_accepted/split.py"] == "AC AC T s agrees: score 75 (full 100)"


def test_a_scoring_package_s_judge_errors_and_ranges(capsys, scored_copy):
    (scored_copy / "data" / "secret" / "3.in").write_text("7\n")
    (scored_copy / "data" / "secret" / "3.ans").write_text("3 4\n")
    code, out, _ = verify(capsys, scored_copy, "accepted")
    found = rows(out)
    assert code == 1
    assert found["accepted/halves.py"] == (
        "AC JE T s DISAGREES: accepted wants AC with a score, the kit gives JE "
        "(data/secret/3.in: the validator wrote no score.txt (validation: custom score asks "
        "for one)) (score 0)"
    )
    (scored_copy / "data" / "secret" / "3.in").unlink()
    validator = scored_copy / "output_validators" / "split_check" / "split_check.py"
    rejecting = 'Path(sys.argv[3], "score.txt").write_text("0"); sys.exit(43)'
    validator.write_text(validator.read_text().replace("sys.exit(43)", rejecting, 1))
    code, out, _ = verify(capsys, scored_copy, "wrong_answer")
    assert code == 1
    assert rows(out)["wrong_answer/off_by_one.py"].startswith(
        "WA JE T s DISAGREES: wrong_answer allows WA, the kit gives JE (data/sample/1.in: "
        "the validator wrote score.txt on a rejected output"
    )
    (scored_copy / "data" / "secret" / "testdata.yaml").write_text(
        "grader_flags: sum\nrange: 0 60\n"
    )
    code, out, _ = verify(capsys, scored_copy, "accepted")
    assert code == 1
    assert rows(out)["accepted/halves.py"] == (
        "AC AC T s DISAGREES: score 100 on secret is outside its range 0 60"
    )


SCORING_2025 = """\
import sys
from pathlib import Path

n = int(Path(sys.argv[1]).read_text())
want = Path(sys.argv[2]).read_text().split()
words = sys.stdin.read().split()
if len(words) != 2 or sum(map(int, words)) != n:
    sys.exit(43)
if "score" in sys.argv[4:]:
    Path(sys.argv[3], "score_multiplier.txt").write_text("1" if words == want else "0.5")
sys.exit(42)
"""


@pytest.fixture
def scored_2025(tmp_path):
    """Split in the 2025-09 format: secret/g1 (40, a sum of two cases, half for a split that
    is not the answer's) and secret/g2 (60, pass-fail, only after the sample passed)."""
    copy = shutil.copytree(PACKAGES / "kattis_split_py", tmp_path / "split")
    shutil.rmtree(copy / "output_validators")
    (copy / "output_validator").mkdir()
    (copy / "output_validator" / "check.py").write_text(SCORING_2025)
    (copy / "problem.yaml").write_text("problem_format_version: 2025-09\ntype: scoring\n")
    secret = copy / "data" / "secret"
    for path in secret.iterdir():
        path.unlink()
    cases = {"g1/1": ("10", "5 5"), "g1/2": ("4", "2 2"), "g2/1": ("0", "0 0")}
    for name, (given, answer) in cases.items():
        (secret / name).parent.mkdir(exist_ok=True)
        (secret / f"{name}.in").write_text(given + "\n")
        (secret / f"{name}.ans").write_text(answer + "\n")
    group = "max_score: 40\nscore_aggregation: sum\noutput_validator_args: [score]\n"
    (secret / "g1" / "test_group.yaml").write_text(group)
    (secret / "g2" / "test_group.yaml").write_text("max_score: 60\nrequire_pass: sample\n")
    submissions = copy / "submissions"
    add_split_submissions(submissions)
    return copy


def test_a_2025_09_scoring_package_s_submissions_get_their_scores(capsys, scored_2025):
    found = passing_rows(capsys, scored_2025)
    assert found["accepted/halves.py"] == "AC AC T s agrees (score 100)"
    assert found["accepted/split.py"] == "AC AC T s agrees (score 80)"  # 10 + 10 + 60
    assert found["wrong_answer/zero.py"].endswith("(score 20)")  # g2 failed
    assert found["wrong_answer/off_by_one.py"].endswith("(score 0)")  # the sample failed


def test_submissions_yaml_s_score_for_the_submission_and_for_a_group(capsys, scored_2025):
    (scored_2025 / "submissions" / "submissions.yaml").write_text(
        "accepted/halves.py:\n  score: 90\naccepted/split.py:\n  score: [70, 90]\n"
        "  secret/g1:\n    score: 30\nwrong_answer/zero.py:\n  score: [0, 20]\n"
    )
    code, out, _ = verify(capsys, scored_2025)
    found = rows(out)
    assert code == 1
    assert found["accepted/halves.py"] == (
        "AC AC T s DISAGREES: accepted/halves.py asks for score 90, the kit gives 100 (score 100)"
    )
    assert found["accepted/split.py"] == (
        "AC AC T s DISAGREES: accepted/split.py on secret/g1 asks for score 30, the kit gives 20 "
        "(score 80)"
    )
    assert found["wrong_answer/zero.py"].startswith("WA WA T s agrees")


def test_a_2025_09_validator_s_score_against_the_format_s_rules_is_a_judge_error(
    capsys, scored_2025
):
    group = scored_2025 / "data" / "secret" / "g2" / "test_group.yaml"
    group.write_text(group.read_text() + "output_validator_args: [score]\n")
    code, out, _ = verify(capsys, scored_2025, "accepted")
    assert code == 1
    assert rows(out)["accepted/halves.py"] == (
        "AC JE T s DISAGREES: accepted allows AC, the kit gives JE (data/secret/g2/1.in: the "
        "validator wrote a score in a pass-fail group) (score 40)"
    )
    group.write_text("max_score: 70\nrequire_pass: sample\n")
    code, out, _ = verify(capsys, scored_2025, "accepted")
    assert code == 1
    assert rows(out)["accepted/halves.py"] == (
        "AC AC T s DISAGREES: secret: score 110 is over its max_score 100 (score 110)"
    )


def test_an_interactive_scoring_package_takes_its_interactor_s_score(capsys, tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_guess", tmp_path / "guess")
    (copy / "problem.yaml").write_text(
        "type: scoring\nvalidation: custom interactive score\nvalidator_flags: max_guesses 100\n"
    )
    validator = copy / "output_validators" / "guess" / "guess.py"
    found = 'return verdict(42, f"found {secret} in {count} guesses")'
    scored = f'Path(feedback, "score.txt").write_text("10" if count <= 7 else "1"); {found}'
    validator.write_text(validator.read_text().replace(found, scored))
    (copy / "data" / "testdata.yaml").write_text("range: 0 30\n")
    (copy / "submissions" / "partially_accepted").mkdir()
    shutil.move(
        copy / "submissions" / "wrong_answer" / "linear.py",
        copy / "submissions" / "partially_accepted",
    )
    code, out, _ = verify(capsys, copy)
    found = rows(out)
    assert code == 0
    assert found["accepted/binary.py"] == "AC AC T s agrees: score 30 (full 30)"
    assert (
        found["partially_accepted/linear.py"] == "AC AC T s agrees: score 12 (full 30)"
    )  # 1 + 10 + 1


def test_an_idle_game_is_judged_where_problemtools_judges_it_again_at_the_margin(capsys, tmp_path):
    """problemtools judges a time-limit submission again at the limit x the margin, its game
    killed at ceil(2 x that) (verifyproblem.py, judge/execute.py): killed at ceil(2 x 0.25 s)
    here instead, an idle one was "too close to call", 1 s being under 0.25 s x 5."""
    copy = shutil.copytree(PACKAGES / "kattis_guess", tmp_path / "guess")
    (copy / "problem.yaml").write_text(
        (copy / "problem.yaml").read_text() + "limits:\n  time_safety_margin: 5\n"
    )
    (copy / ".timelimit").write_text("0.25\n")
    idle = copy / "submissions" / "time_limit_exceeded" / "idle.py"
    idle.parent.mkdir()
    idle.write_text("import time\ninput()\ntime.sleep(30)\n")
    code, out, _ = verify(capsys, copy, "idle", "binary")
    found = rows(out)
    assert found["time_limit_exceeded/idle.py"].startswith("TLE TLE T s agrees: "), out
    assert "s CPU at the 3 s timeout" in found["time_limit_exceeded/idle.py"]
    assert found["accepted/binary.py"] == "AC AC T s agrees" and code == 0


def test_a_submission_is_judged_under_the_limit_derived_not_the_provisional_one(capsys, tmp_path):
    """Without a time limit, the accepted submissions run under problemtools' provisional
    300 s first; their rows were those runs' verdicts. One that sleeps 2.5 s passed there,
    while under the 1 s limit derived (its game killed at ceil(2 x 1 s x margin 1)) it
    times out, as problemtools finds it."""
    copy = shutil.copytree(PACKAGES / "kattis_guess", tmp_path / "guess")
    (copy / "problem.yaml").write_text(
        (copy / "problem.yaml").read_text() + "limits:\n  time_safety_margin: 1\n"
    )
    (copy / ".timelimit").unlink()
    binary = copy / "submissions" / "accepted" / "binary.py"
    sleepy = binary.with_name("sleepy.py")
    sleepy.write_text("import time\ntime.sleep(2.5)\n" + binary.read_text())
    code, out, _ = verify(capsys, copy, "sleepy", "binary")
    found = rows(out)
    assert found["accepted/sleepy.py"].startswith("AC TLE T s DISAGREES: "), out
    assert found["accepted/binary.py"].startswith("AC AC T s agrees") and code == 1


def counted_runs(monkeypatch):
    """Each submission's runs by ``verify`` (``judging.judge_submission``), by name."""
    runs: dict[str, int] = {}
    judge = judging.judge_submission

    def counting(problem, submission, *args, **kwargs):
        runs[submission.name] = runs.get(submission.name, 0) + 1
        return judge(problem, submission, *args, **kwargs)

    monkeypatch.setattr(judging, "judge_submission", counting)
    return runs


def test_an_accepted_submission_clear_of_the_limit_derived_runs_once(capsys, monkeypatch, sum_copy):
    """Its run under the provisional limit passed every case well clear of the limit derived
    (x 100 here) and of where a run under it is killed: that run is its row, as problemtools
    runs an accepted submission once; it used to run again under the limit."""
    runs = counted_runs(monkeypatch)
    (sum_copy / ".timelimit").unlink()
    yaml = sum_copy / "problem.yaml"
    margin = "  time_safety_margin: 2\n"
    yaml.write_text(yaml.read_text().replace(margin, margin + "  time_multiplier: 100\n"))
    code, out, _ = verify(capsys, sum_copy, "accepted/sum.py")
    assert rows(out)["accepted/sum.py"] == f"AC AC T s agrees {verify_command.KEPT}", out
    assert runs["accepted/sum.py"] == 1 and code == 0


def test_an_accepted_submission_slow_by_the_wall_clock_runs_again(capsys, monkeypatch, sum_copy):
    """One that sleeps 1.6 s takes next to no CPU, which derives a 1 s limit, but its wall
    clock times the margin 2 reaches the 3 s a run under that limit is killed at: it runs
    again there (and passes)."""
    runs = counted_runs(monkeypatch)
    (sum_copy / ".timelimit").unlink()
    accepted = sum_copy / "submissions" / "accepted"
    sleepy = accepted / "sleepy.py"
    sleepy.write_text("import time\ntime.sleep(1.6)\n" + (accepted / "sum.py").read_text())
    code, out, _ = verify(capsys, sum_copy, "sleepy")
    assert "time limit 1 s (problemtools' rule" in out
    assert rows(out)["accepted/sleepy.py"] == "AC AC T s agrees", out
    assert runs["accepted/sleepy.py"] == 2 and code == 0


# Echo (multi-pass): the answer is |n|; while n > 0 the validator asks for another pass on
# n - 1, counting the passes in its feedback folder, which lasts from one pass to the next
# the input n, and this pass's number counted in the feedback folder that lasts the case
PASS_COUNTER = """import sys
from pathlib import Path

n = int(Path(sys.argv[1]).read_text())
feedback = Path(sys.argv[3])
count = feedback / "passes.txt"
passes = int(count.read_text()) + 1 if count.exists() else 1
count.write_text(str(passes))
"""
ECHO_VALIDATOR = (
    PASS_COUNTER
    + """words = sys.stdin.read().split()
if words != [str(abs(n))]:
    (feedback / "judgemessage.txt").write_text(f"pass {passes}: {words} is not {abs(n)}")
    sys.exit(43)
if n > 0:
    (feedback / "nextpass.in").write_text(f"{n - 1}\\n")
sys.exit(42)
"""
)


@pytest.fixture
def echo_passes(tmp_path):
    """A multi-pass package: each case's input is the number of passes after its first."""
    top = tmp_path / "echo"
    files = {
        "problem.yaml": "problem_format_version: 2025-09\ntype: multi-pass\nname: Echo\n",
        "output_validator/echo.py": ECHO_VALIDATOR,
        "data/sample/1.in": "1\n",
        "data/secret/1.in": "0\n",
        "data/secret/2.in": "-4\n",
        "submissions/accepted/echo.py": "print(abs(int(input())))\n",
        "submissions/wrong_answer/second.py": "n = int(input())\nprint(n if n else 5)\n",
    }
    write_files(top, files)
    for case in ("sample/1", "secret/1", "secret/2"):
        (top / "data" / f"{case}.ans").write_text("\n")
    return top


def echo_agrees(capsys, top, said):
    """``verify`` on the echo package: every submission agrees, the wrong answer rejected on
    the sample's second pass with ``said``."""
    code, out, _ = verify(capsys, top)
    found = rows(out)
    assert code == 0, out
    assert found["accepted/echo.py"].startswith("AC AC T s agrees")
    wrong = f"WA WA T s agrees: data/sample/1.in: wrong answer: {said}"
    # an interactive one's row may add whether the solution had exited first, a race
    assert found["wrong_answer/second.py"].startswith(wrong)


def add_case(top, case, text):
    """A case ``data/CASE.in`` holding ``text``, with an empty answer."""
    (top / "data" / f"{case}.in").write_text(text)
    (top / "data" / f"{case}.ans").write_text("\n")


def test_a_multi_pass_package_runs_each_pass_its_validator_asks_for(capsys, echo_passes):
    said = "validator: pass 2: ['5'] is not 0 (exit status 43)"
    echo_agrees(capsys, echo_passes, said)
    add_case(echo_passes, "secret/3", "2\n")  # three passes
    code, out, _ = verify(capsys, echo_passes, "accepted")
    assert code == 1
    assert rows(out)["accepted/echo.py"] == (
        "AC JE T s DISAGREES: accepted allows AC, the kit gives JE (data/secret/3.in: the "
        "validator asked for more than 2 passes (limits.validation_passes))"
    )
    with (echo_passes / "problem.yaml").open("a") as config:
        config.write("limits:\n  validation_passes: 3\n  time_limit: 1\n")
    code, out, _ = verify(capsys, echo_passes, "accepted")
    assert code == 0 and rows(out)["accepted/echo.py"].startswith("AC AC T s agrees")
    assert f"verify {echo_passes}: Kattis package, batch, multi-pass; time limit" in out


def test_a_multi_pass_case_takes_the_time_of_its_slowest_pass(capsys, echo_passes):
    slow = "import time\n\nn = int(input())\nstart = time.process_time()\n"
    slow += "while n == 0 and time.process_time() - start < 0.3:\n    pass\nprint(abs(n))\n"
    (echo_passes / "submissions" / "accepted" / "echo.py").write_text(slow)
    for name in ("1.in", "1.ans"):  # its input 0 would be slow in its first pass
        (echo_passes / "data" / "secret" / name).unlink()
    code, out, _ = verify(capsys, echo_passes, "accepted")
    bound = re.search(r"time limit bounds: at least (\d+\.\d+) s x 2 \((.*?) on (\S+)\)", out)
    assert code == 0 and float(bound[1]) >= 0.3
    assert bound[3] == "sample/1"  # its second pass reads 0


# Echo played (interactive multi-pass): the interactor tells n, wants |n| back, and asks for
# another pass on n - 1 while n > 0, counting the passes in its feedback folder; on n = 9 it
# asks for one and rejects, a judge error
ECHO_INTERACTOR = (
    PASS_COUNTER
    + """print(n, flush=True)
words = sys.stdin.readline().split()
if n > 0:
    (feedback / "nextpass.in").write_text(f"{n - 1}\\n")
if words != [str(abs(n))] or n == 9:
    (feedback / "judgemessage.txt").write_text(f"pass {passes}: {words} is not {abs(n)}")
    sys.exit(43)
sys.exit(42)
"""
)


def test_an_interactive_multi_pass_package_plays_each_pass(capsys, echo_passes):
    (echo_passes / "problem.yaml").write_text(
        "problem_format_version: 2025-09\ntype: [multi-pass, interactive]\nname: Echo\n"
    )
    (echo_passes / "output_validator" / "echo.py").write_text(ECHO_INTERACTOR)
    accepted = echo_passes / "submissions" / "accepted" / "echo.py"
    accepted.write_text("print(abs(int(input())), flush=True)\n")
    second = echo_passes / "submissions" / "wrong_answer" / "second.py"
    second.write_text("n = int(input())\nprint(n if n else 5, flush=True)\n")
    echo_agrees(capsys, echo_passes, "pass 2: ['5'] is not 0")
    add_case(echo_passes, "secret/3", "9\n")  # the interactor's judge error
    code, out, _ = verify(capsys, echo_passes, "accepted")
    assert code == 1
    assert rows(out)["accepted/echo.py"] == (
        "AC JE T s DISAGREES: accepted allows AC, the kit gives JE (data/secret/3.in: judge "
        "error: interactor wrote nextpass.in, and rejected (exit status 43))"
    )


# a custom grader: WA when a sub-result is, else AC with the sum of the scores, doubled under
# the flag "double"
GRADER = """import sys

lines = [line.split() for line in sys.stdin.read().splitlines()]
total = sum(float(score) for _, score in lines) * (2 if "double" in sys.argv[1:] else 1)
print("WA 0" if any(word != "AC" for word, _ in lines) else f"AC {total}")
"""


def test_a_custom_grader_aggregates_its_groups(capsys, scored_copy):
    (scored_copy / "graders").mkdir()
    grader = scored_copy / "graders" / "grader.py"
    grader.write_text(GRADER)
    top = "on_reject: continue\nrange: 0 200\ngrader_flags: ignore_sample\n"
    (scored_copy / "data" / "testdata.yaml").write_text(top)
    secret = scored_copy / "data" / "secret" / "testdata.yaml"
    secret.write_text("grading: custom\ngrader_flags: double\n")
    code, out, _ = verify(capsys, scored_copy)
    found = rows(out)
    assert code == 0, out
    assert found["accepted/halves.py"] == "AC AC T s agrees: score 200 (full 200)"  # 2 x 100
    assert found["partially_accepted/split.py"] == "AC AC T s agrees: score 150 (full 200)"
    assert found["wrong_answer/zero.py"].startswith("WA WA T s agrees: data/secret/2.in: ")
    grader.write_text("import sys\nsys.exit(3)\n")
    code, out, _ = verify(capsys, scored_copy, "accepted")
    assert code == 1
    assert rows(out)["accepted/halves.py"] == (
        "AC JE T s DISAGREES: accepted wants AC with a score, the kit gives JE (the package's "
        "grader (graders/grader.py) failed: exit status 3, not 0) (score 0)"
    )


def test_a_2025_09_package_refuses_a_submission_that_writes_a_file(capsys, sum_copy):
    """spec/2025-09.md, "Allow file writing": by default submissions can only read files."""
    config = sum_copy / "problem.yaml"
    config.write_text("problem_format_version: 2025-09\n" + config.read_text())
    writer = sum_copy / "submissions" / "accepted" / "writes.py"
    writer.write_text(
        "open('scratch.txt', 'w').write('x')\n" + (writer.parent / "sum.py").read_text()
    )
    code, out, _ = verify(capsys, sum_copy, "writes")
    assert code == 1 and "accepted/writes.py AC RTE" in " ".join(out.split())
    assert "wrote to the file system" in out
    config.write_text("allow_file_writing: true\n" + config.read_text())
    code, out, _ = verify(capsys, sum_copy, "writes")
    assert code == 0, out


BONUS = """\
import os, sys
a, b = map(int, input().split())
extra = sum(map(int, sys.argv[1:]))
if os.path.exists("bonus.txt"):
    with open("bonus.txt") as given:
        extra += int(given.read())
if os.path.exists("left.txt"):  # left by a run before
    extra += 1000
print(a + b + extra if a + b >= 0 else "Impossible")
"""


def test_a_case_s_args_and_files_reach_the_submission_and_nothing_stays_for_the_next(
    capsys, sum_copy
):
    """spec/2025-09.md, "Running test cases": a case's ``args`` are the submission's
    command-line arguments and its ``NAME.files`` are copied into its working folder, which
    holds nothing else (what a run wrote is gone for the next case)."""
    secret = sum_copy / "data" / "secret"
    a, b = map(int, (secret / "01_small.in").read_text().split())
    (secret / "01_small.yaml").write_text('args: ["7", "1"]\n')
    (secret / "01_small.ans").write_text(f"{a + b + 8 + 100}\n")
    (secret / "01_small.files").mkdir()
    (secret / "01_small.files" / "bonus.txt").write_text("100\n")
    accepted = sum_copy / "submissions" / "accepted"
    (accepted / "bonus.py").write_text(BONUS)
    leaves = BONUS + "with open('left.txt', 'w') as left:\n    left.write('x')\n"
    (accepted / "leaves.py").write_text(leaves)
    code, out, _ = verify(capsys, sum_copy, "bonus", "leaves")
    assert code == 0, out
    assert rows(out) == {
        "accepted/bonus.py": "AC AC T s agrees",
        "accepted/leaves.py": "AC AC T s agrees",
    }
    assert "data: 6 cases as problemtools checks them: fine" in out


def test_a_folder_submissions_yaml_names_without_requirements_is_run(capsys, sum_copy):
    submissions = sum_copy / "submissions"
    (submissions / "partial").mkdir()
    shutil.copy(submissions / "accepted" / "sum.py", submissions / "partial" / "mine.py")
    (submissions / "submissions.yaml").write_text("partial/*:\n  authors: A <a@b.c>\n")
    code, out, _ = verify(capsys, sum_copy, "partial")
    assert code == 0, out
    assert list(rows(out)) == ["partial/mine.py"] and "agrees" in rows(out)["partial/mine.py"]
    assert "not a folder of the format" not in out


def test_a_submission_runs_beside_the_files_the_package_includes(capsys, sum_copy):
    """spec/2025-09.md, "Included files" and "Working directory": include/python3/'s files are
    put with the submission, which imports them as it would on the judge."""
    config = sum_copy / "problem.yaml"
    config.write_text("problem_format_version: 2025-09\n" + config.read_text())
    (sum_copy / "include" / "python3").mkdir(parents=True)
    (sum_copy / "include" / "python3" / "adder.py").write_text(
        "def add(a, b):\n    return a + b if a + b >= 0 else 'Impossible'\n"
    )
    (sum_copy / "submissions" / "accepted" / "uses.py").write_text(
        "import adder\nprint(adder.add(*map(int, input().split())))\n"
    )
    code, out, _ = verify(capsys, sum_copy, "uses", "accepted/sum.py")
    assert code == 0, out
    assert rows(out) == {
        "accepted/sum.py": "AC AC T s agrees",
        "accepted/uses.py": "AC AC T s agrees",
    }
    assert not list((sum_copy / "include").rglob("__pycache__"))


# a Polygon package of C and C++ solutions: each one's source type, tag and source
POLYGON_SOLUTIONS = {
    "sum.cpp": (
        "cpp.g++17",
        "main",
        '#include <cstdio>\nint main() { long long a, b; std::scanf("%lld %lld", &a, &b); '
        'std::printf("%lld\\n", a + b); }\n',
    ),
    "diff.c": (
        "c.gcc",
        "wrong-answer",
        '#include <stdio.h>\nint main(void) { long long a, b; scanf("%lld %lld", &a, &b); '
        'printf("%lld\\n", a - b); return 0; }\n',
    ),
    "loop.cpp": (
        "cpp.g++20",
        "time-limit-exceeded",
        "int main() { volatile unsigned long n = 0; for (;;) ++n; }\n",
    ),
    "judge.cpp": (  # right only where ONLINE_JUDGE is defined, as Codeforces defines it
        "cpp.gcc14-64-msys2-g++23",
        "accepted",
        '#include <cstdio>\nint main() { long long a, b; std::scanf("%lld %lld", &a, &b);\n'
        "#ifndef ONLINE_JUDGE\n    ++a;\n#endif\n"
        '    std::printf("%lld\\n", a + b); }\n',
    ),
    "msvc.cpp": ("cpp.ms2017", "accepted", "int main() { return 0; }\n"),
}


def polygon_cpp(tmp_path):
    """polygon_sum with POLYGON_SOLUTIONS in place of its solutions."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "sum")
    xml = copy / "problem.xml"
    text = xml.read_text()
    start, end = text.index("<solutions>"), text.index("</solutions>")
    listed = "".join(
        f'<solution tag="{tag}"><source path="solutions/{name}" type="{kind}"/></solution>'
        for name, (kind, tag, _) in POLYGON_SOLUTIONS.items()
    )
    xml.write_text(text[: start + len("<solutions>")] + listed + text[end:])
    for name, (_, _, source) in POLYGON_SOLUTIONS.items():
        (copy / "solutions" / name).write_text(source)
    return copy


@needs_cxx
def test_a_polygon_package_s_c_and_cpp_solutions_are_compiled_as_codeforces_compiles_them(
    capsys, tmp_path
):
    """Each tag's verdicts, the standard its type names and ONLINE_JUDGE defined; a type the
    kit maps to no standard is not run, the type said (C++ rows said 'not run: C++')."""
    code, out, _ = verify(capsys, polygon_cpp(tmp_path))
    assert code == 0, out
    assert (
        "note: C and C++ solutions compiled as Codeforces compiles their types (C: gcc "
        "-DONLINE_JUDGE -fno-asm -O2 -std=(its type's)" in out
    )
    assert (  # Windows' 32-bit long, not copied
        "; long is 64 bits here, 32 on Codeforces' Windows: a solution tagged wrong answer for "
        "overflowing a long may pass here\n" in out
    )
    found = rows(out)
    assert found["solutions/sum.cpp"] == "AC AC T s agrees"
    assert found["solutions/judge.cpp"] == "AC AC T s agrees"
    assert found["solutions/diff.c"].startswith("WA WA T s agrees: tests/01: wrong answer: ")
    assert found["solutions/loop.cpp"].startswith("TLE TLE T s agrees")
    assert found["solutions/msvc.cpp"] == (
        "AC - - not run: its type cpp.ms2017 names no C++ standard the kit maps to "
        "Codeforces' compile (cpp.g++11 to cpp.g++23, c.gcc)"
    )


def test_a_polygon_package_s_cpp_solutions_without_a_compiler_are_not_run(
    capsys, tmp_path, monkeypatch
):
    monkeypatch.setenv("CXX", "no-such-compiler")
    monkeypatch.setenv("CC", "no-such-compiler")
    package = polygon_cpp(tmp_path)
    xml = package / "problem.xml"  # no testlib checker to compile: tokens compared
    text = xml.read_text()
    xml.write_text(text[: text.index("<checker ")] + text[text.index("</checker>") + 10 :])
    code, out, _ = verify(capsys, package, "sum.cpp", "diff.c")
    found = rows(out)
    assert found["solutions/sum.cpp"] == (
        "AC - - not run: no C++ compiler was found (tried $CXX = no-such-compiler; install one "
        "or set CXX)"
    )
    assert found["solutions/diff.c"].startswith("WA - - not run: no C compiler was found")


def test_a_wrong_answer_over_a_wall_clock_limit_says_which_clock_its_time_is(capsys, tmp_path):
    """A Polygon solution that sleeps past the 1 s limit (Codeforces' wall time) and then
    answers wrong: its row's slowest time, over the limit with no TLE, says it is the wall
    clock and that its CPU time is under the limit (it showed 15.010 s under 15 s alone)."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "sum")
    (copy / "solutions" / "sleepy.py").write_text("import time\ntime.sleep(1.5)\nprint(0)\n")
    xml = copy / "problem.xml"
    xml.write_text(
        xml.read_text().replace(
            "</solutions>",
            '<solution tag="wrong-answer"><source path="solutions/sleepy.py" '
            'type="python.3"/></solution></solutions>',
        )
    )
    code, out, _ = verify(capsys, copy, "sleepy.py", "difference.py")
    assert code == 0, out
    assert rows(out)["solutions/sleepy.py"].endswith(" (wall T s, CPU under the limit)")
    assert "wall" not in rows(out)["solutions/difference.py"]


def test_a_polygon_package_without_its_answers_gets_them_from_its_main_solution(capsys, tmp_path):
    """As Polygon makes them (it was a one-line error: "tests/01.a is missing")."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "sum")
    for answer in (copy / "tests").glob("*.a"):
        answer.unlink()
    code, out, _ = verify(capsys, copy, "sum.py", "difference.py")
    assert code == 0, out
    assert (
        "note: answers: 3 made by the main solution solutions/sum.py, as Polygon makes them" in out
    )
    assert rows(out)["solutions/sum.py"] == "AC AC T s agrees"
    assert rows(out)["solutions/difference.py"].startswith("WA WA T s agrees")
    assert not (copy / "tests" / "01.a").exists()

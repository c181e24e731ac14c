"""kit.verify.made_answers: a Polygon package without its answers given them by its main
solution, run on each input as Polygon makes them, in a view of the package; a failing run a
one-line error; its generated tests made first (kit.verify.generated_tests), and its inputs'
CR LF read as LF where problem.xml says its tests end their lines in LF. Through ``cpkit
verify``: tests/kit/verify/test_judging.py."""

import os
import re
import shutil
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from kit import processes
from kit.errors import BuildError
from kit.judges import compiling
from kit.judges.targets import Runner, Target, found, host
from kit.verify.made_answers import answered
from tests.package_support import generating

PACKAGES = Path(__file__).resolve().parents[2] / "fixtures" / "packages"
needs_gxx = pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ here")
needs_javac = pytest.mark.skipif(compiling.compiler_for("java") is None, reason="no javac")
WELLFORMED = '<properties><property name="tests-wellformed" value="true"/></properties>'
# each test its own cache: an answer a former test (or run) kept is not read in place of a run
pytestmark = pytest.mark.usefixtures("cache_home")


@pytest.fixture
def unanswered(tmp_path):
    """polygon_sum (main: solutions/sum.py) without its answers."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "sum")
    for answer in (copy / "tests").glob("*.a"):
        answer.unlink()
    return copy


def test_each_missing_answer_is_made_by_the_main_solution_in_a_view(unanswered):
    view, notes = answered(unanswered, "sum", None)
    assert notes == (
        "note: answers: 3 made by the main solution solutions/sum.py, as Polygon makes them "
        "(the package has none)",
    )
    assert view != unanswered and not (unanswered / "tests" / "01.a").exists()
    for number in ("01", "02", "03"):
        made = (view / "tests" / f"{number}.a").read_bytes()
        assert made == (PACKAGES / "polygon_sum" / "tests" / f"{number}.a").read_bytes()
    assert (view / "problem.xml").read_bytes() == (unanswered / "problem.xml").read_bytes()


def test_a_package_with_its_answers_is_read_as_it_is(tmp_path):
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "sum")
    assert answered(copy, "sum", None) == (copy, ())


def test_a_main_solution_that_fails_is_a_one_line_error(unanswered):
    (unanswered / "solutions" / "sum.py").write_text("raise SystemExit(3)\n")
    with pytest.raises(BuildError) as raised:
        answered(unanswered, "sum", None)
    assert str(raised.value) == (
        "sum: solutions/sum.py, the main solution, cannot make the answer 01.a of tests/01 "
        "(Polygon makes it so): exit status 3"
    )


def test_a_main_solution_missing_from_the_package_is_said_so(unanswered):
    """It ran as a missing file and said only ``exit status 2``."""
    (unanswered / "solutions" / "sum.py").unlink()
    with pytest.raises(BuildError) as raised:
        answered(unanswered, "sum", None)
    assert str(raised.value) == (
        "sum: its answers are missing, and its main solution solutions/sum.py, which would "
        "make them, is not in the package either (problem.xml names it)"
    )


def counting(package, flag=None):
    """``package``'s main solution made one that adds a line to a file beside the package each
    time it runs (and, ``flag`` given, prints its answer then exits 3 while ``flag`` exists);
    a function that says how many times it ran."""
    runs = package.parent / "runs"
    failing = f"if os.path.exists({str(flag)!r}):\n    raise SystemExit(3)\n" if flag else ""
    (package / "solutions" / "sum.py").write_text(
        "import os\n"
        "a, b = map(int, input().split())\n"
        "print(a + b, flush=True)\n"
        f"with open({str(runs)!r}, 'a') as runs:\n"
        "    runs.write('ran\\n')\n" + failing
    )
    return lambda: len(runs.read_text().splitlines()) if runs.exists() else 0


def answers(view):
    return [(view / "tests" / f"{number}.a").read_bytes() for number in ("01", "02", "03")]


def test_a_second_making_reads_the_answers_from_the_cache(unanswered, cache_home):
    """cloud1204/Attack-Plan: its main solution ran on all 48 tests at every ``verify`` (40 s
    of its 45 s) and every ``build`` of it; an answer made is kept (``answers/KEY``)."""
    ran = counting(unanswered)
    view, notes = answered(unanswered, "sum", None)
    assert ran() == 3 and answers(view) == [b"3\n", b"12\n", b"99\n"]
    assert len(list((cache_home / "answers").iterdir())) == 3
    again, notes_again = answered(unanswered, "sum", None)
    assert ran() == 3 and answers(again) == [b"3\n", b"12\n", b"99\n"]
    assert notes_again == notes and again != view


def test_a_changed_main_solution_input_or_limit_makes_the_answers_again(unanswered):
    ran = counting(unanswered)
    answered(unanswered, "sum", None)
    assert ran() == 3
    with (unanswered / "solutions" / "sum.py").open("a") as solution:
        solution.write("# changed\n")
    answered(unanswered, "sum", None)
    assert ran() == 6
    (unanswered / "tests" / "02").write_text("20 30\n")
    view, _ = answered(unanswered, "sum", None)
    assert ran() == 7 and answers(view) == [b"3\n", b"50\n", b"99\n"]
    xml = unanswered / "problem.xml"
    xml.write_text(xml.read_text().replace("<time-limit>1000<", "<time-limit>2000<"))
    answered(unanswered, "sum", None)
    assert ran() == 10
    xml.write_text(xml.read_text().replace("<memory-limit>268435456<", "<memory-limit>536870912<"))
    answered(unanswered, "sum", None)
    assert ran() == 13
    named_files(unanswered)  # its sum.py reads stdin, empty: it runs again, and fails
    with pytest.raises(BuildError, match="01.a of tests/01 .*: exit status 1$"):
        answered(unanswered, "sum", None)
    assert ran() == 13


def interpreter_runner(interpreter):
    return Runner(Target(interpreter.impl, interpreter.version), interpreter, True)


def test_answers_made_by_one_interpreter_are_not_read_for_another(unanswered):
    """Two interpreters here (pyenv's 3.8 and 3.11): each makes its own answers."""
    two = [i for i in found() if i.impl == "cpython"][:2]
    if len(two) < 2:
        pytest.skip("fewer than two CPython interpreters here")
    ran = counting(unanswered)
    answered(unanswered, "sum", interpreter_runner(two[0]))
    answered(unanswered, "sum", interpreter_runner(two[0]))
    assert ran() == 3
    answered(unanswered, "sum", interpreter_runner(two[1]))
    assert ran() == 6


def test_an_interpreter_upgraded_in_place_makes_the_answers_again(unanswered, tmp_path):
    """The key held the interpreter's path and minor version only: a patch upgrade at the
    same path (apt's 3.11.2 to 3.11.4 in /usr/bin/python3.11) read the answers the former
    build made. Here a launcher of the Python running the tests, rewritten in place."""
    launcher = tmp_path / "python3"
    launcher.write_text(f'#!/bin/sh\nexec {sys.executable} "$@"\n')
    launcher.chmod(0o755)
    runner = interpreter_runner(replace(host(), executable=str(launcher)))
    ran = counting(unanswered)
    view, _ = answered(unanswered, "sum", runner)
    answered(unanswered, "sum", runner)
    assert ran() == 3 and answers(view) == [b"3\n", b"12\n", b"99\n"]
    launcher.write_text(f'#!/bin/sh\n# 3.x.1\nexec {sys.executable} "$@"\n')
    answered(unanswered, "sum", runner)
    assert ran() == 6
    os.utime(launcher, (1e9, 1e9))  # the same size, another build's time
    answered(unanswered, "sum", runner)
    assert ran() == 9


def test_a_pypy_library_rebuilt_under_its_launcher_makes_the_answers_again(unanswered, tmp_path):
    """A PyPy launcher is a small file that runs its shared library (Debian's 14 KiB
    ``/usr/bin/pypy3.9`` and ``libpypy3.9-c.so``, a portable build's beside it): a library
    rebuilt or replaced under the same launcher was not seen, its former build's answers
    read. Here a launcher beside a stand-in library, taken as PyPy's."""
    launcher = tmp_path / "pypy3"
    launcher.write_text(f'#!/bin/sh\nexec {sys.executable} "$@"\n')
    launcher.chmod(0o755)
    library = tmp_path / "libpypy3.9-c.so"
    library.write_bytes(b"one build")
    pypy = replace(host(), impl="pypy", executable=str(launcher))
    runner = interpreter_runner(pypy)
    ran = counting(unanswered)
    view, _ = answered(unanswered, "sum", runner)
    answered(unanswered, "sum", runner)
    assert ran() == 3 and answers(view) == [b"3\n", b"12\n", b"99\n"]
    library.write_bytes(b"its next")  # the same size, rebuilt in place
    answered(unanswered, "sum", runner)
    assert ran() == 6
    answered(unanswered, "sum", interpreter_runner(replace(pypy, impl="cpython")))
    assert ran() == 9  # not PyPy: the library is not read, the key another
    library.write_bytes(b"its last")
    answered(unanswered, "sum", interpreter_runner(replace(pypy, impl="cpython")))
    assert ran() == 9  # ... and a library beside it, not run, changes nothing


def test_an_answer_whose_making_failed_is_not_kept(unanswered, cache_home):
    """Its run printed the answer, then failed: the next making runs it again."""
    flag = unanswered.parent / "failing"
    flag.touch()
    ran = counting(unanswered, flag)
    with pytest.raises(BuildError, match="01.a of tests/01 .*: exit status 3$"):
        answered(unanswered, "sum", None)
    assert ran() == 1 and not list(cache_home.glob("answers/*"))
    flag.unlink()
    view, _ = answered(unanswered, "sum", None)
    assert ran() == 4 and answers(view) == [b"3\n", b"12\n", b"99\n"]


def main_solution(package, source, kind, text=""):
    """``package``'s main solution made ``solutions/{source}`` of type ``kind`` (``text``, when
    given, written there)."""
    xml = package / "problem.xml"
    xml.write_text(
        xml.read_text().replace(
            '<source path="solutions/sum.py" type="python.3"/>',
            f'<source path="solutions/{source}" type="{kind}"/>',
        )
    )
    if text:
        (package / "solutions" / source).write_text(text)


JAVA_SUM = """import java.io.*;
import java.util.*;

public class Solution {
    public static void main(String[] args) throws IOException {
        Scanner in = new Scanner(%s);
        PrintWriter out = new PrintWriter(%s);
        out.println(in.nextLong() + in.nextLong());
        out.close();
    }
}
"""
STDIO = ("System.in", "System.out")


@needs_javac
@pytest.mark.parametrize("named", [False, True])
def test_a_java_main_solution_makes_the_answers_as_codeforces_runs_its_type(unanswered, named):
    """ftiasch/problem-setting-public's queen-dominating-set-count (its main solution Java,
    of type java7): compiled as ``verify`` compiles the package's Java solutions (javac
    --release 7), its heap the package's 256 MiB, the JVM's address space not held (held to
    256 MiB, it does not start); a problem of named files' read from input.txt."""
    streams = ('new File("input.txt")', 'new File("output.txt")') if named else STDIO
    main_solution(unanswered, "Solution.java", "java7", JAVA_SUM % streams)
    if named:
        named_files(unanswered)
    view, notes = answered(unanswered, "sum", None)
    assert notes == (
        "note: answers: 3 made by the main solution solutions/Solution.java, as Polygon makes "
        "them (the package has none)",
    )
    for number in ("01", "02", "03"):
        made = (view / "tests" / f"{number}.a").read_bytes()
        assert made == (PACKAGES / "polygon_sum" / "tests" / f"{number}.a").read_bytes()


@needs_javac
def test_a_java_main_solution_s_heap_is_the_package_s_memory_limit(unanswered):
    """400 MiB of longs, past the package's 256 MiB heap: Java's own default, 1024 MiB, would
    have held them."""
    hoard = "long[] hoard = new long[50 << 20]; hoard[7] = 1; System.out.println(hoard[7]);"
    text = f"public class Solution {{ public static void main(String[] a) {{ {hoard} }} }}\n"
    main_solution(unanswered, "Solution.java", "java8", text)
    with pytest.raises(BuildError) as raised:
        answered(unanswered, "sum", None)
    assert str(raised.value) == (
        "sum: solutions/Solution.java, the main solution, cannot make the answer 01.a of tests/01 "
        "(Polygon makes it so): exit status 1"
    )


def test_a_java_main_solution_of_a_type_naming_no_release_is_said_so(unanswered):
    main_solution(unanswered, "Solution.java", "java.kotlin", JAVA_SUM % STDIO)
    with pytest.raises(BuildError) as raised:
        answered(unanswered, "sum", None)
    assert str(raised.value) == (
        "sum: its answers are missing, and its main solution solutions/Solution.java cannot "
        "make them here: not run: its type java.kotlin names no Java release the kit maps to "
        "Codeforces' compile (java8, java11, java17, java21)"
    )


@pytest.mark.parametrize(
    ("source", "kind", "language"),
    [("Solution.kt", "kotlin17", "Kotlin"), ("sum.py", "python.2", "Python 2")],
)
def test_a_main_solution_in_a_language_not_run_here_is_said_so(unanswered, source, kind, language):
    """ftiasch/problem-setting-public's 2016 Sichuan packages (a Java main solution, then not
    run here, and generators beside it): the reader's error named tests/01.a and said to
    build "the main solution" in files/, not why the kit made nothing."""
    main_solution(unanswered, source, kind)
    with pytest.raises(BuildError) as raised:
        answered(unanswered, "sum", None)
    assert str(raised.value) == (
        f"sum: its answers are missing (tests/01.a and 2 more), and its main solution "
        f"solutions/{source} cannot make them here: {language}, of type {kind} (the kit makes "
        "answers with a C, C++, Java or Python 3 main solution): run it on each input as "
        "doall.sh does, or download the full package"
    )


def test_a_main_solution_the_out_of_memory_killer_killed_is_said_so(unanswered, monkeypatch):
    """Killed by SIGKILL while /proc/vmstat's oom_kill rose (read here as 0, then 1), holding
    over half the memory the machine gives (64 MiB here): the kernel's out-of-memory killer,
    not the package's limits, which it was said to be killed at."""
    reads = iter((0, 1))
    monkeypatch.setattr(processes, "oom_kills", lambda: next(reads))
    monkeypatch.setattr(processes, "machine_memory", lambda: (64 << 20, "memory.max"))
    (unanswered / "solutions" / "sum.py").write_text(
        "import os, signal\nhoard = bytearray(40 << 20)\nhoard[::4096] = b'x' * (10 * 1024)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    with pytest.raises(
        BuildError, match="01.a of tests/01 \\(Polygon makes it so\\): killed by "
    ) as raised:
        answered(unanswered, "sum", None)
    assert re.search(
        r": killed by the kernel's out-of-memory killer: of the 64 MiB memory\.max gives this "
        r"machine, it held \d+ MiB; its limits: \d+ s, \d+ MiB$",
        str(raised.value),
    )


def named_files(package):
    """``package`` made a problem of named files: input.txt read, output.txt written."""
    xml = package / "problem.xml"
    named = 'input-file="input.txt" output-file="output.txt"'
    xml.write_text(xml.read_text().replace('input-file="" output-file=""', named))


def test_a_main_solution_of_named_files_makes_its_answers_from_them(unanswered):
    """It read stdin and the answers were its stdout: a main solution reading input.txt made
    them empty, and every submission was judged against nothing."""
    named_files(unanswered)
    (unanswered / "solutions" / "sum.py").write_text(
        "with open('input.txt') as f, open('output.txt', 'w') as out:\n"
        "    out.write(str(sum(map(int, f.read().split()))) + '\\n')\n"
    )
    view, _ = answered(unanswered, "sum", None)
    for number in ("01", "02", "03"):
        made = (view / "tests" / f"{number}.a").read_bytes()
        assert made == (PACKAGES / "polygon_sum" / "tests" / f"{number}.a").read_bytes()


def test_a_main_solution_of_named_files_that_leaves_no_output_file_is_a_one_line_error(
    unanswered,
):
    named_files(unanswered)  # its sum.py reads stdin, empty here, and prints
    (unanswered / "solutions" / "sum.py").write_text("print(3)\n")
    with pytest.raises(BuildError) as raised:
        answered(unanswered, "sum", None)
    assert str(raised.value) == (
        "sum: solutions/sum.py, the main solution, cannot make the answer 01.a of tests/01 "
        "(Polygon makes it so): no output.txt after the run"
    )


@needs_gxx
def test_generated_tests_are_made_then_answered_by_the_main_solution(tmp_path, monkeypatch):
    """A "standard" package: tests 02 and 03 made by files/gen.cpp, which prints its
    arguments' sum and 1 (tests/kit/verify/test_generated_tests.py), then answered."""
    monkeypatch.setenv("CPKIT_CACHE", "0")
    package = generating(tmp_path, 'cmd="gen 5 10 3"', 'cmd="gen 40 2"')
    view, notes = answered(package, "sum", None)
    assert notes == (
        "note: tests: 2 made by the generator files/gen.cpp with problem.xml's commands, as "
        "Polygon makes them (the package has none)",
        "note: answers: 2 made by the main solution solutions/sum.py, as Polygon makes them "
        "(the package has none)",
    )
    assert (view / "tests" / "02").read_bytes() == b"18 1\n"
    assert (view / "tests" / "02.a").read_bytes() == b"19\n"
    assert (view / "tests" / "03.a").read_bytes() == b"43\n"
    assert sorted(p.name for p in (package / "tests").iterdir()) == ["01", "01.a"]


def test_a_well_formed_package_s_crlf_inputs_are_read_with_lf(tmp_path):
    """problem.xml's tests-wellformed: each line ends in LF, as Polygon keeps its tests; a
    package saved on Windows (cloud1204/Attack-Plan) has CR LF, which testlib's validator
    built here rejects. The answers are there: only the inputs are made."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "sum")
    xml = copy / "problem.xml"
    xml.write_text(xml.read_text().replace("</problem>", WELLFORMED + "</problem>"))
    for number in ("01", "03"):
        test = copy / "tests" / number
        test.write_bytes(test.read_bytes().replace(b"\n", b"\r\n"))
    view, notes = answered(copy, "sum", None)
    assert notes == (
        "note: tests/01 and 1 more: lines ending in CR LF read as ending in LF, as problem.xml's "
        "tests-wellformed says Polygon keeps its tests (a package saved on Windows?)",
    )
    for number in ("01", "02", "03"):
        made = (view / "tests" / number).read_bytes()
        assert made == (PACKAGES / "polygon_sum" / "tests" / number).read_bytes()
    assert b"\r\n" in (copy / "tests" / "01").read_bytes()


VALIDATOR = """<validators><validator><source path="files/val.cpp" type="cpp.g++17"/>
<testset><test-count>2</test-count>
<input-path-pattern>files/tests/validator-tests/%02d</input-path-pattern>
<tests><test verdict="valid"/><test verdict="invalid"/></tests></testset>
</validator></validators>"""


def test_a_valid_validator_test_s_crlf_is_read_with_lf_where_the_tests_are(tmp_path):
    """mamrudien/closest-pair-problem: saved on Windows, its sample and its one validator
    test (the same bytes) end their lines in CR LF; the sample was read with LF, the
    validator test as it is, rejected by the validator built here (Expected EOLN). An
    invalid one's CR may be why it is invalid: read as it is."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "sum")
    xml = copy / "problem.xml"
    text = xml.read_text().replace("</problem>", WELLFORMED + "</problem>")
    xml.write_text(text.replace("<solutions>", VALIDATOR + "<solutions>"))
    test = copy / "tests" / "01"
    test.write_bytes(test.read_bytes().replace(b"\n", b"\r\n"))
    folder = copy / "files" / "tests" / "validator-tests"
    folder.mkdir(parents=True)
    for number in ("01", "02"):
        (folder / number).write_bytes(test.read_bytes())
    view, notes = answered(copy, "sum", None)
    assert notes == (
        "note: tests/01: lines ending in CR LF read as ending in LF, as problem.xml's "
        "tests-wellformed says Polygon keeps its tests (a package saved on Windows?); so is "
        "the valid validator test files/tests/validator-tests/01 (its verdict says Polygon's "
        "validator accepts it; one built here reads a CR as no line's end)",
    )
    tests = view / "files" / "tests" / "validator-tests"
    assert (tests / "01").read_bytes() == (PACKAGES / "polygon_sum" / "tests" / "01").read_bytes()
    assert (tests / "02").read_bytes() == test.read_bytes()


def test_crlf_inputs_are_read_as_they_are_without_tests_wellformed(tmp_path):
    """Polygon promises LF only under the property; without it a CR may be the test's."""
    copy = shutil.copytree(PACKAGES / "polygon_sum", tmp_path / "sum")
    test = copy / "tests" / "01"
    test.write_bytes(test.read_bytes().replace(b"\n", b"\r\n"))
    assert answered(copy, "sum", None) == (copy, ())


def test_a_generated_test_whose_command_cannot_be_split_is_that_one_line_error(tmp_path):
    """The reader's error was the one shown in its place: the first file left missing."""
    package = generating(tmp_path, 'cmd="gen \'5 10"')
    with pytest.raises(BuildError) as raised:
        answered(package, "sum", None)
    assert str(raised.value) == (
        'sum/problem.xml: test 2: cmd="gen \'5 10" cannot be split: No closing quotation'
    )


def test_an_answer_named_near_the_one_made_is_named_in_the_note(unanswered):
    """An answer named ``tests/01.ans``, where problem.xml names ``tests/%02d.a``: the main
    solution makes them, as Polygon would, and the note said only that the package has none."""
    (unanswered / "tests" / "01.ans").write_text("3\n")
    _, notes = answered(unanswered, "sum", None)
    assert notes == (
        "note: answers: 3 made by the main solution solutions/sum.py, as Polygon makes them "
        "(the package has none; tests/01.ans is there: did you mean it as tests/01.a?)",
    )

"""kit.commands.run: ``run SLUG [FILE]`` on the toy checkout: the bundle's output on stdout as
it is, the verdict, time and memory on stderr, exit status 0 when accepted; a crash told in
the solution's lines with status 1; an unreadable FILE and an interactive problem without its
secret input are one-line errors."""

import argparse
import io
import os
import re
import shutil
import subprocess
import sys
import time

import pytest

from kit import cli
from kit.case_folders import LAYOUTS, laid_out_cases
from kit.commands import run
from kit.errors import BuildError
from kit.judges.targets import found
from kit.problem_cases import sample_cases
from kit.registry import load_registry
from tests.compile_support import judged_by_atcoder
from tests.package_support import PACKAGES, zipped_guess


def parse(*argv):
    parser = argparse.ArgumentParser(prog="cpkit")
    run.add_subparser(parser.add_subparsers())
    return parser.parse_args(["run", *argv])


def test_the_output_goes_to_stdout_and_the_verdict_to_stderr(toy, capfdbinary):
    args = parse("toy_sum", str(toy / "samples" / "toy_sum" / "sample-1.in"), "--root", str(toy))
    assert args.run(args) == 0
    out, err = capfdbinary.readouterr()
    assert out == (toy / "samples" / "toy_sum" / "sample-1.out").read_bytes()
    assert err.decode().startswith("[toy_sum: ok, ") and " MiB, " in err.decode()
    assert not (toy / "dist").exists()  # a fresh bundle, never dist/


def test_a_run_beside_a_package_whose_cases_are_wrong_is_judged(toy, capfd):
    """A package's cases are read only for its own problem: a pipe among them failed the run
    of every other problem (the registry walked every package's data/)."""
    copy = shutil.copytree(PACKAGES / "kattis_sum", toy / "sum")
    os.mkfifo(copy / "data" / "secret" / "zz.in")
    (copy / "data" / "secret" / "zz.ans").write_text("3\n")
    with (toy / "problems.toml").open("a") as table:
        table.write('\n[sum]\npackage = "sum"\n')
    args = parse(str(toy / "samples" / "toy_sum" / "sample-1.in"), "--root", str(toy))
    assert args.run(args) == 0
    assert "\n[toy_sum: ok, " in capfd.readouterr().err  # after the line naming its problem


def test_an_input_with_its_answer_beside_it_is_judged_against_it(toy, tmp_path, capfd):
    given = tmp_path / "case.in"
    given.write_bytes((toy / "samples" / "toy_sum" / "sample-1.in").read_bytes())
    (tmp_path / "case.ans").write_text("not the answer\n")
    args = parse("toy_sum", str(given), "--root", str(toy))
    assert args.run(args) == 1
    last = capfd.readouterr().err.splitlines()[-1]
    assert last.startswith("[toy_sum: WA, ") and "wrong answer" in last
    (tmp_path / "case.ans").write_bytes((toy / "samples" / "toy_sum" / "sample-1.out").read_bytes())
    assert args.run(args) == 0


def test_a_polygon_test_is_judged_against_its_answer_and_an_input_without_one_says_so(
    toy, tmp_path, capfd
):
    """Polygon's ``tests/01`` has its answer in ``tests/01.a``: a wrong output was "ok". Without
    one, the run is ``without answer``, as the build counts a lone sample (it said ``ok``: the
    judge's acceptance, not known here), exit status 0: nothing failed."""
    given = tmp_path / "01"
    given.write_bytes((toy / "samples" / "toy_sum" / "sample-1.in").read_bytes())
    (tmp_path / "01.a").write_text("not the answer\n")
    args = parse("toy_sum", str(given), "--root", str(toy))
    assert args.run(args) == 1
    assert capfd.readouterr().err.splitlines()[-1].startswith("[toy_sum: WA, ")
    (tmp_path / "01.a").unlink()
    assert args.run(args) == 0
    note, last = capfd.readouterr().err.splitlines()[-2:]
    assert note == (
        f"note: no answer for {given} (looked for {given}.a: NAME.out or NAME.ans for NAME.in, "
        "Polygon's NN.a for NN): its output was not judged"
    )
    assert last.startswith("[toy_sum: without answer, ")


@pytest.mark.parametrize(
    ("input_name", "answer_name", "said"),
    [("in/01.txt", "out/01.txt", "in/ with out/"),
     ("test_in/01.txt", "test_out/01.txt", "test_in/ with test_out/"),
     ("input/input00.txt", "output/output00.txt", "input/ with output/"),
     ("I.1", "O.1", "I.N with O.N files")],
)  # fmt: skip
def test_a_laid_out_input_is_judged_against_the_answer_the_build_pairs_it_with(
    toy, tmp_path, capfd, monkeypatch, input_name, answer_name, said
):
    """AtCoder's ``in/`` + ``out/``, yukicoder's, HackerRank's and USACO's layouts: the build
    said WA where ``run`` said "no answer beside" and ``without answer``, exit status 0."""
    given, answer = tmp_path / input_name, tmp_path / answer_name
    for path in (given, answer):
        path.parent.mkdir(exist_ok=True)
    given.write_bytes((toy / "samples" / "toy_sum" / "sample-1.in").read_bytes())
    answer.write_text("not the answer\n")
    monkeypatch.chdir(tmp_path)
    args = parse("toy_sum", input_name, "--root", str(toy))
    assert args.run(args) == 1
    assert capfd.readouterr().err.splitlines()[-1].startswith("[toy_sum: WA, ")
    answer.unlink()
    assert args.run(args) == 0
    assert capfd.readouterr().err.splitlines()[-2] == (
        f"note: no answer for {input_name} (looked for {answer_name}: as {said} pairs them): "
        "its output was not judged"
    )


@pytest.mark.parametrize(("inputs", "answers"), [("in", "out"), ("input", "output")])
def test_an_input_of_an_input_folder_without_its_answers_is_paired_as_the_build_pairs_it(
    toy, tmp_path, capfd, monkeypatch, inputs, answers
):
    """``mine/in/a.in`` with ``mine/in/a.out`` and no ``mine/out/``: the build reads ``in/``
    alone as the layout, ``in/a.out`` another input; ``run`` judged by ``in/a.out`` (WA where
    the build said ``without answer``). It now looks for ``mine/out/a.in``, as the build, and
    its note names the file beside."""
    given = tmp_path / "mine" / inputs / "a.in"
    given.parent.mkdir(parents=True)
    given.write_bytes((toy / "samples" / "toy_sum" / "sample-1.in").read_bytes())
    given.with_suffix(".out").write_text("not the answer\n")
    monkeypatch.chdir(tmp_path)
    args = parse("toy_sum", f"mine/{inputs}/a.in", "--root", str(toy))
    assert args.run(args) == 0
    err = capfd.readouterr().err.splitlines()
    assert err[-2] == (
        f"note: no answer for mine/{inputs}/a.in (looked for mine/{answers}/a.in: as {inputs}/ "
        f"with {answers}/ pairs them; {inputs}/a.out beside it is another input to the build): "
        "its output was not judged"
    )
    assert "without answer" in err[-1]


def test_a_file_beside_a_laid_out_input_is_said_by_the_build_s_rule_and_paths_as_shown(
    toy, capfd, monkeypatch
):
    """``in/a.out`` that ``out/a.out`` answers is a case of its own to the build: ``run`` named
    it another input by a rule of its own (kit.case_folders.named_beside now). Run from
    ``in/``, the answer looked for is ``../out/a.in`` (kit.workspace.shown_path), not its
    absolute path."""
    folder = toy / "samples" / "toy_sum"
    given = (folder / "sample-1.in").read_bytes()
    for path in folder.iterdir():
        path.unlink()
    (folder / "in").mkdir()
    (folder / "in" / "a.in").write_bytes(given)
    (folder / "in" / "a.out").write_bytes(given)
    monkeypatch.chdir(folder / "in")
    args = parse("toy_sum", "a.in", "--root", str(toy))
    assert args.run(args) == 0
    rule = "as in/ with out/ pairs them"
    assert capfd.readouterr().err.splitlines()[-2] == (
        f"note: no answer for a.in (looked for ../out/a.in: {rule}; in/a.out beside it is "
        "another input to the build): its output was not judged"
    )
    (folder / "out").mkdir()
    (folder / "out" / "a.out").write_bytes(given)
    assert args.run(args) == 0
    assert capfd.readouterr().err.splitlines()[-2] == (
        f"note: no answer for a.in (looked for ../out/a.in: {rule}): its output was not judged"
    )


def test_an_input_with_an_answer_beside_it_and_a_laid_out_one_is_judged_as_the_build_pairs_it(
    toy, tmp_path, capfd, monkeypatch
):
    """``in/x.in`` with ``in/x.out`` beside it and ``out/x.in``: the build reads ``in/`` +
    ``out/``, ``in/x.out`` another input, ``out/x.in`` the answer; ``run`` judges by it."""
    right = (toy / "samples" / "toy_sum" / "sample-1.out").read_bytes()
    for name in ("in", "out"):
        (tmp_path / name).mkdir()
    (tmp_path / "in" / "x.in").write_bytes(
        (toy / "samples" / "toy_sum" / "sample-1.in").read_bytes()
    )
    (tmp_path / "in" / "x.out").write_bytes(right)
    (tmp_path / "out" / "x.in").write_text("not the answer\n")
    (case,) = [each for each in laid_out_cases(tmp_path, LAYOUTS[0], "x", False)[0]
               if each.input.name == "x.in"]  # fmt: skip
    assert case.answer == tmp_path / "out" / "x.in"  # the build's pairing
    monkeypatch.chdir(tmp_path)
    args = parse("toy_sum", "in/x.in", "--root", str(toy))
    assert args.run(args) == 1
    assert capfd.readouterr().err.splitlines()[-1].startswith("[toy_sum: WA, ")
    (tmp_path / "out" / "x.in").write_bytes(right)
    (tmp_path / "in" / "x.out").write_text("not the answer\n")
    assert args.run(args) == 0


def test_a_laid_out_answer_that_cannot_be_read_is_said_the_input_s_answer(
    toy, tmp_path, capfd, monkeypatch
):
    """Not "beside" it: ``out/01.txt`` is in another folder, the answer of ``in/01.txt``."""
    for name in ("in", "out"):
        (tmp_path / name).mkdir()
    (tmp_path / "in" / "01.txt").write_bytes(
        (toy / "samples" / "toy_sum" / "sample-1.in").read_bytes()
    )
    os.mkfifo(tmp_path / "out" / "01.txt")
    monkeypatch.chdir(tmp_path)
    args = parse("toy_sum", "in/01.txt", "--root", str(toy))
    assert args.run(args) == 0
    assert capfd.readouterr().err.splitlines()[-2] == (
        "note: out/01.txt, the answer of in/01.txt, is not a regular file (a pipe, a socket or "
        "a device): its output was not judged"
    )
    (tmp_path / "out" / "01.txt").unlink()
    (tmp_path / "out" / "01.txt").mkdir()
    with pytest.raises(
        BuildError, match="^out/01.txt: the answer of in/01.txt is a folder, not a file$"
    ):
        args.run(args)


@pytest.mark.parametrize(
    ("solution", "status", "word"),
    [("print(int(input()) + int(input()))\n", 0, "without answer"),
     ("raise SystemExit(3)\n", 1, "RE")],
)  # fmt: skip
def test_a_run_on_stdin_has_no_answer_and_is_not_said_ok(
    toy, capfd, monkeypatch, solution, status, word
):
    """Nothing to judge its output by: a clean run is ``without answer`` (it said ``ok``),
    exit status 0; a failing one keeps its verdict."""
    (toy / "solutions" / "toy_sum.py").write_text(solution)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1\n2\n")))
    args = parse("toy_sum", "--root", str(toy))
    assert args.run(args) == status
    out, err = capfd.readouterr()
    assert err.splitlines()[-1].startswith(f"[toy_sum: {word}, "), err
    assert out == ("3\n" if status == 0 else "")


def test_an_answer_beside_that_is_a_pipe_is_said_so(toy, tmp_path, capfd):
    """A FIFO named x.out was "no answer beside x.in", where the build refuses it by name."""
    given = tmp_path / "x.in"
    given.write_bytes((toy / "samples" / "toy_sum" / "sample-1.in").read_bytes())
    os.mkfifo(tmp_path / "x.out")
    args = parse("toy_sum", str(given), "--root", str(toy))
    assert args.run(args) == 0
    note = capfd.readouterr().err.splitlines()[-2]
    assert note == (
        f"note: x.out beside {given} is not a regular file (a pipe, a socket or a device): its "
        "output was not judged"
    )


def test_an_input_with_two_answers_beside_it_is_refused(toy, tmp_path):
    """As a sample with both is: which of them is the judge's answer is not told."""
    given = tmp_path / "case.in"
    given.write_bytes((toy / "samples" / "toy_sum" / "sample-1.in").read_bytes())
    (tmp_path / "case.out").write_bytes((toy / "samples" / "toy_sum" / "sample-1.out").read_bytes())
    (tmp_path / "case.ans").write_text("another answer\n")
    args = parse("toy_sum", str(given), "--root", str(toy))
    with pytest.raises(
        BuildError, match=r"case.in: both case.out and case.ans beside it \(keep one\)$"
    ):
        args.run(args)


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda path: path.mkdir(), "is a folder, not a file"),
        (lambda path: path.symlink_to(path.name), "is a link that loops"),
        (lambda path: path.symlink_to("gone"), "is a link to nothing"),
    ],
)
def test_an_answer_beside_the_input_that_cannot_be_read_is_said(toy, tmp_path, make, said):
    """A folder or a broken link named case.out was passed over: ``ok``, nothing compared."""
    given = tmp_path / "case.in"
    given.write_bytes((toy / "samples" / "toy_sum" / "sample-1.in").read_bytes())
    make(tmp_path / "case.out")
    args = parse("toy_sum", str(given), "--root", str(toy))
    with pytest.raises(BuildError, match=f"case.out: the answer beside case.in {said}$"):
        args.run(args)


def test_any_input_without_a_suffix_has_name_a_beside_it_read_as_its_answer(toy, tmp_path):
    """Not Polygon's numbered tests alone: any input named without a suffix (``case``) has
    ``case.a`` beside it judged as its answer, as ``case.in`` has ``case.out``, so a folder
    ``case.a`` is refused as a folder ``case.out`` is (by design, not passed over)."""
    given = tmp_path / "case"
    given.write_bytes((toy / "samples" / "toy_sum" / "sample-1.in").read_bytes())
    (tmp_path / "case.a").write_text("not the answer\n")
    args = parse("toy_sum", str(given), "--root", str(toy))
    assert args.run(args) == 1
    (tmp_path / "case.a").unlink()
    (tmp_path / "case.a").mkdir()
    with pytest.raises(BuildError, match="case.a: the answer beside case is a folder, not a file$"):
        args.run(args)


def test_a_crash_is_status_1_with_the_traceback_in_the_author_s_terms(toy, tmp_path, capfd):
    given = tmp_path / "bad.in"
    given.write_text("x y\n")
    args = parse("toy_sum", str(given), "--root", str(toy))
    assert args.run(args) == 1
    err = capfd.readouterr().err
    assert 'File "shared/toy_numbers.py", line' in err
    assert err.splitlines()[-1].startswith("[toy_sum: RE, ")


def test_a_dash_reads_stdin(toy, capfdbinary, monkeypatch):
    sample = toy / "samples" / "toy_sum" / "sample-1.in"
    with sample.open("rb") as given:
        monkeypatch.setattr("sys.stdin", argparse.Namespace(buffer=given))
        args = parse("toy_sum", "-", "--root", str(toy))
        assert args.run(args) == 0
    out = capfdbinary.readouterr().out
    assert out == (toy / "samples" / "toy_sum" / "sample-1.out").read_bytes()


def test_a_target_the_judge_does_not_run_gets_the_build_s_note(toy, capfd):
    """``--target 3.13`` for a judge of CPython 3.8 and PyPy: the verdict is 3.13's, and the
    run says so as the build does; a target of the judge's gets no note."""
    sample = str(toy / "samples" / "toy_sum" / "sample-1.in")
    args = parse("toy_sum", sample, "--root", str(toy), "--target", sys.executable)
    assert args.run(args) == 0
    err = capfd.readouterr().err
    assert "not a target of nowhere (3.8, pypy3): its verdicts are this interpreter's" in err
    assert err.startswith("note: --target ")
    args = parse("toy_sum", sample, "--root", str(toy))
    assert args.run(args) == 0
    assert "not a target" not in capfd.readouterr().err


def test_a_run_of_a_bundle_the_build_s_checks_refuse_is_no_ok(toy, capfd):
    """The build's FAIL, not the run's ok, for a bundle over the judge's source limit: the
    run's output is still shown, the refusal said as the build says it."""
    registry = toy / "problems.toml"
    registry.write_text(registry.read_text().replace('id = "1"\n', 'id = "1"\nsource_limit = 99\n'))
    sample = toy / "samples" / "toy_sum" / "sample-1.in"
    args = parse("toy_sum", str(sample), "--root", str(toy))
    assert args.run(args) == 1
    out, err = capfd.readouterr()
    assert out.encode() == (toy / "samples" / "toy_sum" / "sample-1.out").read_bytes()
    *_, said, last = err.splitlines()
    assert (
        said.startswith("toy_sum: the bundle is ") and "over the judge's source limit of 99" in said
    )
    assert last.startswith("[toy_sum: FAIL, ") and "the build's checks refuse this bundle" in last


def test_a_crash_of_a_bundle_the_build_s_checks_refuse_is_fail_too(toy, capfd):
    """``math.lcm`` (3.9) for a 3.8 target crashes the run: the build's FAIL all the same
    (it was RE, while a refused bundle that ran cleanly was FAIL), the run's own word kept."""
    solution = toy / "solutions" / "toy_sum.py"
    solution.write_text("import math\nprint(math.lcm(2, 3))\n")
    sample = toy / "samples" / "toy_sum" / "sample-1.in"
    args = parse("toy_sum", str(sample), "--root", str(toy), "--target", "cpython3.8")
    if not [i for i in found() if i.impl == "cpython" and i.version == (3, 8)]:
        pytest.skip("needs CPython 3.8")
    assert args.run(args) == 1
    last = capfd.readouterr().err.splitlines()[-1]
    assert last.startswith("[toy_sum: FAIL, ") and "the build's checks refuse this bundle" in last
    assert last.endswith(
        "(this run: RE: runtime error: exit status 1: AttributeError: module 'math' has no "
        "attribute 'lcm')"
    ), last


def test_a_run_that_passes_says_the_build_fails_for_another_target(toy, capfd):
    """``math.lcm`` (3.9): the run under this Python passes, silent that the build refuses the
    bundle for the judge's 3.8 target; it is noted, the run's verdict kept."""
    solution = toy / "solutions" / "toy_sum.py"
    lines = solution.read_text().splitlines()
    solution.write_text("\n".join([*lines, "import math", "math.lcm(1)", ""]))
    sample = toy / "samples" / "toy_sum" / "sample-1.in"
    args = parse("toy_sum", str(sample), "--root", str(toy), "--target", sys.executable)
    assert args.run(args) == 0
    err = capfd.readouterr().err
    assert (
        f"note: the build fails for another target: solutions/toy_sum.py:{len(lines) + 2}: "
        "'math.lcm' member needs Python 3.9 (targets cpython3.8"
    ) in err, err


def test_ctrl_c_in_a_run_does_not_wait_for_the_checks_beside_it(toy, monkeypatch, released):
    """The checks of a large bundle may take seconds; stopped, the command ends at once (it
    waited for them: an executor's threads are joined on the way out)."""
    monkeypatch.setattr(run, "refusals", lambda *args: released.wait(20) and [])

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(run.CaseJudge, "once", interrupted)
    sample = toy / "samples" / "toy_sum" / "sample-1.in"
    args = parse("toy_sum", str(sample), "--root", str(toy))
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        args.run(args)
    assert time.monotonic() - started < 10


def test_an_unreadable_file_is_one_line(toy, tmp_path):
    with pytest.raises(BuildError, match=r"missing\.in: cannot read: No such file"):
        run.run(parse("toy_sum", str(tmp_path / "missing.in"), "--root", str(toy)))


def test_a_case_the_package_does_not_hold_names_the_tests_it_holds(toy, monkeypatch, capfd):
    """``run SLUG pkg/tests/99`` (past its last test, or a typo) said only ``cannot read: No
    such file or directory``; a test named from the root, as the build names it, ran from
    no other folder than the root."""
    shutil.copytree(PACKAGES / "polygon_sum", toy / "pkg")
    shutil.copy(PACKAGES / "polygon_sum" / "solutions" / "sum.py", toy / "solutions" / "ps.py")
    with (toy / "problems.toml").open("a") as table:
        table.write('\n[ps]\npackage = "pkg"\n')
    monkeypatch.chdir(toy / "solutions")
    with pytest.raises(BuildError) as raised:
        run.run(parse("ps", "pkg/tests/1", "--root", str(toy)))
    assert str(raised.value) == (
        "pkg/tests/1: no such test in ps's package (3 tests: pkg/tests/01 to pkg/tests/03; "
        "did you mean pkg/tests/01?)"
    )
    assert run.run(parse("ps", "pkg/tests/01", "--root", str(toy))) == 0
    assert capfd.readouterr().err.splitlines()[-1].startswith("[ps: ok, ")


def test_a_folder_given_as_file_names_a_file_of_it_and_the_build(toy):
    """``run SLUG samples/SLUG``, as ``oj t -d`` takes a folder: it said "cannot read: Is a
    directory"."""
    folder = toy / "samples" / "toy_sum"
    with pytest.raises(BuildError) as raised:
        run.run(parse("toy_sum", str(folder), "--root", str(toy)))
    assert str(raised.value) == (
        f"{folder} is a folder: run takes one input FILE, such as {folder / 'sample-1.in'}; "
        "`cpkit toy_sum` runs every sample"
    )


@pytest.mark.parametrize("name", ["toy_sum/", "./toy_sum"])
def test_a_samples_folder_given_alone_is_its_problem_s_and_named_a_folder(toy, monkeypatch, name):
    """``cpkit run tests/`` and ``./tests`` in atcoder-cli's task folder said "unknown problem
    'tests/'", where ``cpkit run abc300_a tests`` said the folder is no input."""
    monkeypatch.chdir(toy / "samples")
    with pytest.raises(BuildError) as raised:
        run.run(parse(name, "--root", str(toy)))
    assert str(raised.value) == (
        "toy_sum is a folder: run takes one input FILE, such as toy_sum/sample-1.in; "
        "`cpkit toy_sum` runs every sample"
    )


def test_an_endless_input_is_refused_not_read_to_the_end(toy, tmp_path, monkeypatch):
    """``cpkit run SLUG /dev/zero`` or ``yes | cpkit run SLUG``: the kit read until it ran out
    of memory; past the cap it says so in one line."""
    monkeypatch.setattr(run, "INPUT_MOST", 4)
    big = tmp_path / "big.in"
    big.write_bytes(b"1 2\n\n")
    with pytest.raises(BuildError, match=r"big\.in: more than 0 MiB of input, no judge's size"):
        run.run(parse("toy_sum", str(big), "--root", str(toy)))
    with big.open("rb") as given:
        monkeypatch.setattr("sys.stdin", argparse.Namespace(buffer=given))
        with pytest.raises(BuildError, match=r"^stdin: more than"):
            run.run(parse("toy_sum", "--root", str(toy)))
    big.write_bytes(b"1 2\n")  # at the cap: run
    assert run.run(parse("toy_sum", str(big), "--root", str(toy))) == 0


def test_stdin_is_read_a_chunk_at_a_time_not_into_a_buffer_of_the_cap(monkeypatch):
    """``read(INPUT_MOST + 1)`` reserved 1 GiB first: under ``ulimit -v 1000000`` a 4-byte
    input died of MemoryError. Chunks of READ_CHUNK; the cap still refuses past it."""
    asked = []

    class Stream(io.BytesIO):
        def read(self, size=-1):
            asked.append(size)
            return super().read(size)

    monkeypatch.setattr(run, "READ_CHUNK", 3)
    assert run._capped(Stream(b"1 2\n"), "stdin") == b"1 2\n"
    assert max(asked) <= 3
    monkeypatch.setattr(run, "INPUT_MOST", 5)
    with pytest.raises(BuildError, match=r"^stdin: more than"):
        run._capped(Stream(b"1 2\n3 4\n"), "stdin")
    assert run._capped(Stream(b"1 2 3"), "stdin") == b"1 2 3"  # at the cap


@pytest.mark.parametrize("terminal", [True, False])
def test_an_input_read_from_a_terminal_is_asked_for(monkeypatch, capsys, terminal):
    """``cpkit run SLUG`` at a terminal waited for its input without a word: it looked hung."""

    class Keyboard(io.BytesIO):
        def isatty(self):
            return terminal

    monkeypatch.setattr("sys.stdin", argparse.Namespace(buffer=Keyboard(b"1 2\n")))
    assert run._input(None, None, unnamed_game=False) == b"1 2\n"
    asked = "reading the input from the terminal: end it with Ctrl-D\n"
    assert capsys.readouterr().err == (asked if terminal else "")


def test_a_file_over_the_cap_is_refused_by_its_size_unread(toy, tmp_path, monkeypatch):
    """A 5 GiB input file was read up to the cap (1 GiB held) before the refusal."""
    monkeypatch.setattr(run, "INPUT_MOST", 4)
    monkeypatch.setattr(run, "_capped", lambda *_: pytest.fail("the file was read"))
    big = tmp_path / "big.in"
    big.write_bytes(b"1 2\n\n")
    with pytest.raises(BuildError, match=r"big\.in: more than 0 MiB of input"):
        run.run(parse("toy_sum", str(big), "--root", str(toy)))


def test_an_interactive_problem_needs_its_secret_input(toy):
    text = (toy / "problems.toml").read_text()
    (toy / "interactor.py").write_text("print(1)\n")
    text = text.replace('interactor = "interactors/toy_echo.py"', 'interactor = "interactor.py"')
    (toy / "problems.toml").write_text(text)
    with pytest.raises(
        BuildError, match=r"^toy_echo: name the interactor's secret input FILE \(or - "
    ):
        run.run(parse("toy_echo", "--root", str(toy)))


def game_args(toy, tmp_path, interactor: str, source: str):
    """``run toy_echo GAME.in`` with ``interactor = "<interactor>"`` (a protocol prefix and
    interactor.py) of ``source``; GAME.in holds ``1``."""
    (toy / "interactor.py").write_text(source)
    text = (toy / "problems.toml").read_text()
    text = text.replace('interactor = "interactors/toy_echo.py"', f'interactor = "{interactor}"')
    (toy / "problems.toml").write_text(text)
    secret = tmp_path / "game.in"
    secret.write_text("1\n")
    return parse("toy_echo", str(secret), "--root", str(toy))


def test_a_game_s_answer_beside_its_secret_input_goes_to_the_interactor(toy, tmp_path):
    """As a package's games get theirs: ``run`` gave the interactor an empty answer file."""
    reads_answer = (
        "import sys\nanswer = open(sys.argv[2]).read()\n"
        "sys.exit(42 if answer.strip() == 'expected' else 43)\n"
    )
    args = game_args(toy, tmp_path, "kattis:interactor.py", reads_answer)
    assert run.run(args) == 1  # no answer beside it: the interactor rejects
    (tmp_path / "game.ans").write_text("expected\n")
    assert run.run(args) == 0


def test_an_answer_beside_a_game_of_the_kit_s_own_protocol_is_refused_as_the_build_does(
    toy, monkeypatch
):
    """Its interactor is given none: ``run`` said ok without a word, the build refused it."""
    monkeypatch.chdir(toy)
    (toy / "samples" / "toy_echo" / "sample-1.out").write_text("1\n")
    with pytest.raises(BuildError) as built:
        sample_cases(load_registry(toy)["toy_echo"])
    with pytest.raises(BuildError) as ran:
        run.run(parse("toy_echo", "samples/toy_echo/sample-1.in", "--root", "."))
    assert str(ran.value) == str(built.value)
    assert str(ran.value).startswith(
        "toy_echo: samples/toy_echo/sample-1.out: an interactor in the kit's own protocol "
        "(PATH INPUT) reads no answer"
    )


def test_the_refused_answer_of_a_game_is_named_as_the_build_names_it(toy, tmp_path, monkeypatch):
    """Run from outside the workspace on the whole path, the refusal named the answer as FILE
    was typed (``/tmp/.../samples/toy_echo/sample-1.out``), where the build's names it from
    the workspace's root, as the kit's messages name a workspace's files."""
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    (toy / "samples" / "toy_echo" / "sample-1.out").write_text("1\n")
    given = str(toy / "samples" / "toy_echo" / "sample-1.in")
    with pytest.raises(BuildError) as ran:
        run.run(parse("toy_echo", given, "--root", str(toy)))
    with pytest.raises(BuildError) as built:
        sample_cases(load_registry(toy)["toy_echo"])
    assert str(ran.value) == str(built.value)
    assert str(ran.value).startswith("toy_echo: samples/toy_echo/sample-1.out: an interactor")


def test_an_accepted_game_ends_with_what_the_interactor_said(toy, tmp_path, capfd):
    """Its moves and longest think, say: the game's whole wall time alone told little."""
    source = (
        "import sys\nprint(1, flush=True)\nsys.stdin.readline()\n"
        "print('won in 1 move; longest think 0.001 s', file=sys.stderr)\n"
    )
    assert run.run(game_args(toy, tmp_path, "interactor.py", source)) == 0
    last = capfd.readouterr().err.splitlines()[-1]
    assert last.startswith("[toy_echo: ok, ") and last.endswith(
        "] accepted: won in 1 move; longest think 0.001 s"
    )


def test_the_solution_s_traceback_beside_an_interactor_s_failure_is_labelled(toy, tmp_path, capfd):
    """A judge error is the interactor's; the traceback above it is the solution's, and says
    so (it read as the interactor's)."""
    (toy / "interactor.py").write_text("import sys\nsys.exit(3)\n")
    text = (toy / "problems.toml").read_text()
    text = text.replace(
        'interactor = "interactors/toy_echo.py"', 'interactor = "testlib:interactor.py"'
    )
    (toy / "problems.toml").write_text(text)
    crash = "import time\ntime.sleep(0.5)\nint('x')\n"
    (toy / "solutions" / "toy_echo.py").write_text(crash)  # after the interactor's exit
    secret = tmp_path / "game.in"
    secret.write_text("1\n")
    assert run.run(parse("toy_echo", str(secret), "--root", str(toy))) == 1
    err = capfd.readouterr().err.splitlines()
    assert err[-1].startswith("[toy_echo: JE, ")
    label = err.index("the solution's stderr (the judge error is the interactor's):")
    assert any(line.startswith("ValueError: invalid literal") for line in err[label:])


def test_a_game_s_solution_flooding_stderr_then_crashing_says_the_lines_not_kept(
    toy, tmp_path, capfd
):
    """A game's solution writing a million lines to stderr, then raising: its traceback's
    view counts the lines its watch did not keep, as a batch run's does (``Kept``)."""
    flood = "import sys\nsys.stderr.write('junk line\\n' * 10**6)\nraise ValueError('boom')\n"
    (toy / "solutions" / "toy_echo.py").write_text(flood)
    secret = tmp_path / "game.in"
    secret.write_text("1\n")
    assert run.run(parse("toy_echo", str(secret), "--root", str(toy))) == 1
    err = capfd.readouterr().err.splitlines()
    assert err[-1].startswith("[toy_echo: RE, ")
    heading = err.index("the solution's traceback, in its own files:")
    left_out = re.fullmatch(
        r"  \[\.\.\. ([\d,]+) lines not shown; ([\d,]+) lines not kept\]", err[heading + 1]
    )
    assert left_out, err[heading:]
    shown, not_kept = (int(count.replace(",", "")) for count in left_out.groups())
    assert shown + not_kept == 10**6 and not_kept > 900_000
    assert err[heading + 2] == "Traceback (most recent call last):"


def test_a_checker_s_points_are_a_wrong_answer_that_names_them(toy, capfd):
    """A pass/fail problem's checker that calls testlib's ``quitp(0, "wrong")`` (exit status
    7): ``run`` said ok, the score nowhere; it is a wrong answer naming the points."""
    (toy / "points.py").write_text(
        "import sys\nprint('points 0 wrong', file=sys.stderr)\nsys.exit(7)\n"
    )
    text = (toy / "problems.toml").read_text()
    (toy / "problems.toml").write_text(
        text.replace('id = "1"', 'id = "1"\ncompare = "checker:points.py"', 1)
    )
    sample = str(toy / "samples" / "toy_sum" / "sample-1.in")
    assert run.run(parse("toy_sum", sample, "--root", str(toy))) == 1
    last = capfd.readouterr().err.splitlines()[-1]
    assert last.startswith("[toy_sum: WA, ") and last.endswith(
        "] wrong answer: checker: points 0 wrong (exit status 7, testlib's quitp: points 0, a "
        "score, not an accept where the problem is pass/fail)"
    )


def test_a_checker_s_failure_is_not_labelled_an_interactor_s(toy, capfd):
    """A batch problem's checker that fails is a JE too: the solution's stderr above it is
    not said to sit beside an interactor's failure."""
    (toy / "bad.py").write_text("raise SystemExit(3)\n")
    text = (toy / "problems.toml").read_text()
    (toy / "problems.toml").write_text(
        text.replace('id = "1"', 'id = "1"\ncompare = "checker:bad.py"', 1)
    )
    solution = toy / "solutions" / "toy_sum.py"
    solution.write_text("import sys\nprint('debug', file=sys.stderr)\n" + solution.read_text())
    sample = str(toy / "samples" / "toy_sum" / "sample-1.in")
    assert run.run(parse("toy_sum", sample, "--root", str(toy))) == 1
    err = capfd.readouterr().err
    assert "[toy_sum: JE, " in err and "interactor" not in err


@pytest.mark.parametrize(("judge", "code", "verdict"), [("Kattis", 0, "ok"), ("nowhere", 1, "TLE")])
def test_a_sleeper_is_timed_by_the_judge_s_clock_as_the_build_times_it(
    toy, capfd, judge, code, verdict
):
    """Kattis counts CPU time (the build's rule for it): sleeping 1.2 s under a 1 s limit is
    within it, under 1 s; a judge without a documented clock counts the wall time, at least
    the 1.2 s slept (more on a loaded machine, whose start-up may wait on the disk)."""
    text = (toy / "problems.toml").read_text()
    (toy / "problems.toml").write_text(text.replace('judge = "nowhere"', f'judge = "{judge}"', 1))
    solution = toy / "solutions" / "toy_sum.py"
    solution.write_text("import time\ntime.sleep(1.2)\n" + solution.read_text())
    args = parse("toy_sum", str(toy / "samples" / "toy_sum" / "sample-1.in"), "--root", str(toy))
    assert args.run(args) == code
    last = capfd.readouterr().err.splitlines()[-1]
    said = re.match(r"\[toy_sum: (\w+), (\d+\.\d+) s", last)
    assert said and said[1] == verdict, last
    assert float(said[2]) < 1.0 if judge == "Kattis" else float(said[2]) >= 1.2, last
    assert (" s CPU, " in last) == (judge == "Kattis")


def test_a_run_killed_at_the_timeout_shows_its_wall_time_under_a_cpu_clock(toy, capfd):
    """Under Kattis a sleeper killed at 3 s showed "0.044 s CPU": the kill is by the wall."""
    text = (toy / "problems.toml").read_text()
    (toy / "problems.toml").write_text(text.replace('judge = "nowhere"', 'judge = "Kattis"', 1))
    solution = toy / "solutions" / "toy_sum.py"
    solution.write_text("import time\ntime.sleep(30)\n")
    args = parse("toy_sum", str(toy / "samples" / "toy_sum" / "sample-1.in"), "--root", str(toy))
    assert args.run(args) == 1
    last = capfd.readouterr().err.splitlines()[-1]
    assert last.startswith("[toy_sum: TLE, 3.") and " CPU" not in last, last


def test_a_sleeper_killed_at_the_timeout_is_told_it_was_idle_as_the_build_tells_it(toy, capfd):
    """Under Codeforces a batch run sleeping 100 s said only "TLE, 3.003 s ... killed at 3 s":
    the build's hint (its CPU time within the limit, the rest not running) was the build's
    alone. Codeforces documents its "Idleness limit exceeded" for games only."""
    text = (toy / "problems.toml").read_text()
    (toy / "problems.toml").write_text(text.replace('judge = "nowhere"', 'judge = "Codeforces"', 1))
    (toy / "solutions" / "toy_sum.py").write_text("import time\ntime.sleep(100)\n")
    args = parse("toy_sum", str(toy / "samples" / "toy_sum" / "sample-1.in"), "--root", str(toy))
    assert args.run(args) == 1
    err = capfd.readouterr().err
    assert re.search(r"hint: its CPU time was 0\.\d+ s, within the limit: the rest of", err), err
    assert err.splitlines()[-1].startswith("[toy_sum: TLE, 3.")


def test_run_with_stdin_closed_reads_nothing_and_says_why(toy):
    """``cpkit run SLUG`` reads stdin: closed, it was an AttributeError traceback."""
    done = subprocess.run(
        ["bash", "-c", f"{sys.executable} -m kit run toy_sum --root {toy} <&-"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.splitlines()[-1].startswith("[toy_sum: "), done.stderr


def test_a_failed_run_says_what_this_machine_s_limits_took_from_it(
    toy, tmp_path, capfd, monkeypatch
):
    """As the build's report does (a hard stack limit below the judge's, say)."""
    monkeypatch.setattr(run, "machine_notes", lambda limits: ["note: a hard limit here"])
    args = parse("toy_sum", str(toy / "samples" / "toy_sum" / "sample-1.in"), "--root", str(toy))
    assert args.run(args) == 0
    assert "note: a hard limit here" not in capfd.readouterr().err
    given = tmp_path / "bad.in"
    given.write_text("x y\n")
    args = parse("toy_sum", str(given), "--root", str(toy))
    assert args.run(args) == 1
    assert "note: a hard limit here" in capfd.readouterr().err


def test_atcoder_s_compile_run_is_made_before_the_run(toy, tmp_path, capfd):
    """What AtCoder's `python Main.py ONLINE_JUDGE` wrote is beside the script in the run
    (kit.run.compile_step)."""
    judged_by_atcoder(toy)
    given = tmp_path / "case.in"
    given.write_text("21\n")
    args = parse("toy_sum", str(given), "--root", str(toy))
    assert args.run(args) == 0
    out, err = capfd.readouterr()
    assert out == "42\n", err
    assert "note: AtCoder's compile step, `python Main.py ONLINE_JUDGE`, ran before" in err


def test_output_without_a_final_newline_keeps_the_verdict_on_its_own_line(toy, tmp_path):
    """Only where stdout and stderr meet (``2>&1``, a terminal): written to a file, the
    output stays as the solution wrote it."""
    solution = toy / "solutions" / "toy_sum.py"
    solution.write_text('import sys\nsys.stdout.write("done")\n')
    given = toy / "samples" / "toy_sum" / "sample-1.in"
    command = f"{sys.executable} -m kit run toy_sum {given} --root {toy}"
    merged = subprocess.run(
        ["bash", "-c", f"{command} 2>&1"], capture_output=True, text=True, timeout=120, check=False
    )
    assert merged.stdout.startswith("done\n[toy_sum: "), merged.stdout
    apart = subprocess.run(
        ["bash", "-c", f"{command} 2>/dev/null"], capture_output=True, timeout=120, check=False
    )
    assert apart.stdout == b"done"


@pytest.mark.parametrize("into", [">", ">>", "| tee", "| tee -a"])
@pytest.mark.parametrize("answer", ["case.out", "case.ans"])
def test_the_file_stdout_goes_to_is_no_answer_to_judge_by(toy, tmp_path, answer, into):
    """``run SLUG x.in > x.out`` makes an answer: the shell has emptied x.out before the run,
    and judging against it was a false WA (exit 1, stopping a loop under ``set -e``); ``|
    tee x.out`` the same, tee emptying it."""
    given = tmp_path / "case.in"
    given.write_bytes((toy / "samples" / "toy_sum" / "sample-1.in").read_bytes())
    if ">>" in into or "-a" in into:  # appended to an empty file
        (tmp_path / answer).write_bytes(b"")
    command = f"{sys.executable} -m kit run toy_sum {given} --root {toy} {into} {tmp_path / answer}"
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("[toy_sum: without answer, ")
    expected = (toy / "samples" / "toy_sum" / "sample-1.out").read_bytes()
    assert (tmp_path / answer).read_bytes() == expected
    if "tee" in into:
        assert done.stdout.encode() == expected


def test_a_run_over_the_output_limit_says_its_output_is_a_head(toy, tmp_path, capfdbinary):
    solution = toy / "solutions" / "toy_sum.py"
    flood = 'import sys\nfor _ in range(1 << 16):\n    sys.stdout.write("1\\n" * 1024)\n'
    solution.write_text(flood)  # 128 MiB, in pieces
    args = parse("toy_sum", str(toy / "samples" / "toy_sum" / "sample-1.in"), "--root", str(toy))
    assert args.run(args) == 1
    out, err = capfdbinary.readouterr()
    assert f"note: the output above is its first {len(out)} bytes" in err.decode()


def run_as(toy, tmp_path, capfd, judge, solution, *, given="1\n", answer=None, table=""):
    """``cpkit run`` of ``solution`` for ``judge`` (``table``: more keys of its problem) on
    ``given`` (and its ``answer`` beside it): the exit status and stderr."""
    toml = toy / "problems.toml"
    text = toml.read_text().replace('judge = "nowhere"', f'judge = "{judge}"', 1)
    toml.write_text(text.replace("[toy_sum]\n", f"[toy_sum]\n{table}", 1))
    (toy / "solutions" / "toy_sum.py").write_text(solution)
    case = tmp_path / "x.in"
    case.write_text(given)
    if answer is not None:
        (tmp_path / "x.out").write_text(answer)
    args = parse("toy_sum", str(case), "--root", str(toy), "--target", sys.executable)
    return args.run(args), capfd.readouterr().err


@pytest.mark.parametrize(
    ("judge", "verdict"),
    [("POJ", "PE presentation error: "), ("Codeforces", "WA wrong answer: "),
     ("Kattis", "WA wrong answer: "), ("AtCoder", "WA wrong answer: "),
     ("SPOJ", "WA wrong answer: ")],
)  # fmt: skip
def test_a_presentation_error_is_a_wrong_answer_where_the_judge_has_none(
    toy, tmp_path, capfd, judge, verdict
):
    """Codeforces reports a testlib checker's exit 2 (or a ``lines`` comparison's PE) as Wrong
    answer, and Kattis and AtCoder have no such verdict: the kit said PE for them."""
    lines = 'compare = "lines"\n'
    status, err = run_as(
        toy, tmp_path, capfd, judge, "print('1  2')\n", answer="1 2\n", table=lines
    )
    assert status == 1
    word, said = verdict.split(" ", 1)
    assert f"[toy_sum: {word}, " in err and said in err, err
    if judge != "POJ":
        assert f"(a presentation error, which {judge} judges a wrong answer)" in err


@pytest.mark.parametrize(
    ("judge", "verdict"),
    [("POJ", "MLE memory limit: "), ("DOMjudge", "RE runtime error: "),
     ("SPOJ", "RE runtime error: ")],
)  # fmt: skip
def test_over_the_memory_limit_is_a_run_error_where_the_judge_has_no_mle(
    toy, tmp_path, capfd, judge, verdict
):
    """DOMjudge's verdicts have no memory limit: a run its control group stops for memory is a
    run-error there (docs/targets.md); the kit said MLE for it."""
    hog = "import time\nheld = bytearray(200 << 20)\ntime.sleep(0.5)\nprint(len(held))\n"
    status, err = run_as(toy, tmp_path, capfd, judge, hog)
    assert status == 1
    word, said = verdict.split(" ", 1)
    assert f"[toy_sum: {word}, " in err and said in err, err
    told = f"(over the memory limit, which {judge} judges a run error: it has no MLE)"
    assert (told in err) == (judge != "POJ"), err


@pytest.mark.parametrize(
    ("judge", "verdict"),
    [("POJ", "OLE output limit: "), ("SPOJ", "RE runtime error: ")],
)  # fmt: skip
def test_over_the_output_limit_is_a_run_error_where_the_judge_has_no_ole(
    toy, tmp_path, capfd, judge, verdict
):
    """SPOJ's status codes have no output limit: a run stopped for its output is a run error
    there, "SIGXFSZ" (docs/targets.md); the kit said OLE for it."""
    flood = "import sys\nfor _ in range(70):\n    sys.stdout.write('x' * (1 << 20))\n"
    status, err = run_as(toy, tmp_path, capfd, judge, flood)
    assert status == 1
    word, said = verdict.split(" ", 1)
    assert f"[toy_sum: {word}, " in err and said in err, err
    told = f"(over the output limit, which {judge} judges a run error: it has no OLE)"
    assert (told in err) == (judge == "SPOJ"), err


@pytest.mark.parametrize(
    ("judge", "verdict"),
    [("DOMjudge", "[toy_sum: TLE, "), ("Kattis", "[toy_sum: without answer, ")],
)  # fmt: skip
def test_a_run_sleeping_past_domjudges_hard_limit_is_a_time_out_there(
    toy, tmp_path, capfd, judge, verdict
):
    """DOMjudge kills a run at its limit plus max(1 s, 10 %) of wall time and judges it a
    time-out whatever CPU time it spent (docs/targets.md): a sleeper of 2.3 s under 1 s,
    which counts 0.02 s of CPU time, passed here as on Kattis (CPU time, killed at 3 s)."""
    sleeper = "import time\ntime.sleep(2.3)\nprint(int(input()) + int(input()))\n"
    status, err = run_as(toy, tmp_path, capfd, judge, sleeper, given="1\n2\n")
    assert status == (judge == "DOMjudge")
    assert verdict in err, err
    assert ("killed at 2 s" in err) == (judge == "DOMjudge"), err


@pytest.mark.parametrize(
    ("judge", "solution", "named"),
    [("DOMjudge", "pass\n", True), ("DOMjudge", "print()\n", False),
     ("Kattis", "pass\n", False)],
)  # fmt: skip
def test_an_empty_output_judged_wrong_is_named_in_the_judges_word(
    toy, tmp_path, capfd, judge, solution, named
):
    """DOMjudge calls a wrong answer of 0 bytes "no-output" (its determineVerdict,
    docs/targets.md); a line break is an output, and other judges have no such word."""
    status, err = run_as(toy, tmp_path, capfd, judge, solution, given="1\n2\n", answer="3\n")
    assert status == 1
    assert "[toy_sum: WA, " in err, err
    assert ('; on DOMjudge: "no-output"' in err) == named, err


@pytest.mark.parametrize(
    ("judge", "verdict"),
    [("DOMjudge", "[toy_sum: RE, "), ("POJ", "[toy_sum: OLE, ")],
)  # fmt: skip
def test_a_crash_after_a_flood_is_a_run_error_where_the_judge_checks_the_output_last(
    toy, tmp_path, capfd, judge, verdict
):
    """DOMjudge throws away what a run writes past the limit, lets it go on, and judges a
    time-out, then a run error, before the output's size (docs/targets.md): a flood of 9 MiB
    then exit 1 was OLE here, its run error there."""
    flood = "import sys\nsys.stdout.write('x' * (9 << 20))\nsys.exit(1)\n"
    status, err = run_as(toy, tmp_path, capfd, judge, flood, table="output_limit = 8\n")
    assert status == 1
    assert verdict in err, err
    told = "note: it also wrote past the 8 MiB output limit, which DOMjudge checks last"
    assert (told in err) == (judge == "DOMjudge"), err


@pytest.mark.parametrize(
    ("judge", "how"),
    [("DOMjudge", "(run to its end, judged after its time and exit)"), ("POJ", "(stopped there)")],
)  # fmt: skip
def test_a_flood_says_whether_the_judge_stops_it_or_lets_it_run_on(
    toy, tmp_path, capfd, judge, how
):
    """DOMjudge throws away what a run writes past the limit and lets it run on (its size
    judged last): the output limit's message said "stopped there" for it too."""
    flood = "import sys\nsys.stdout.write('x' * (9 << 20))\n"
    status, err = run_as(toy, tmp_path, capfd, judge, flood, table="output_limit = 8\n")
    assert status == 1
    assert "[toy_sum: OLE, " in err, err
    assert f"more than 8 MiB written to stdout {how}" in err, err


@pytest.mark.skipif(not [i for i in found() if i.impl == "pypy"], reason="no PyPy here")
def test_pypy3_named_where_the_judge_runs_a_pypy_version_runs_as_the_build_runs_it(toy, capfd):
    """``--target pypy3`` (or that PyPy's path) where the judge runs PyPy 3.11: the PyPy the
    build runs that target under, its stand-in said as the build says it, not an interpreter
    the judge does not run."""
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('id = "1"', 'id = "1"\ntargets = ["pypy3.11"]', 1))
    sample = str(toy / "samples" / "toy_sum" / "sample-1.in")
    link = toy / "pypy-link"  # the PyPy by a path of its own, as /usr/bin/pypy3 is
    link.symlink_to(next(i for i in found() if i.impl == "pypy").executable)
    for named in ("pypy3", "pypy3.11", str(link)):
        args = parse("toy_sum", sample, "--root", str(toy), "--target", named)
        assert args.run(args) == 0
        err = capfd.readouterr().err
        assert "not a target" not in err, err
        assert err.splitlines()[-1].endswith(" for pypy3.11]"), err


def adopted_task(toy):
    """toy_sum adopted where atcoder-cli keeps a task: abc300/a/main.py, samples in tests/."""
    task = toy / "abc300" / "a"
    shutil.copytree(toy / "samples" / "toy_sum", task / "tests")
    shutil.copy(toy / "solutions" / "toy_sum.py", task / "main.py")
    table = toy / "problems.toml"
    adopting = 'id = "1"\nsolution = "abc300/a/main.py"\nsamples = "abc300/a/tests"\n'
    table.write_text(table.read_text().replace('id = "1"\n', adopting))
    return task


def test_in_a_task_s_folder_the_slug_may_be_left_out(toy, monkeypatch, capfd):
    """``cd abc300/a && cpkit run tests/sample-1.in`` was an unknown problem, and ``cpkit run``
    a usage error: SLUG required."""
    task = adopted_task(toy)
    monkeypatch.chdir(task)
    assert cli.main(["run", "tests/sample-1.in"]) == 0
    out, err = capfd.readouterr()
    assert out == (task / "tests" / "sample-1.out").read_text()
    assert err.splitlines()[0] == "toy_sum (this folder's problem)"
    assert err.splitlines()[1].startswith("[toy_sum: ok, ")
    with (task / "tests" / "sample-1.in").open("rb") as given:
        monkeypatch.setattr("sys.stdin", argparse.Namespace(buffer=given))
        args = parse("--root", str(toy))
        assert args.run(args) == 0  # stdin: without answer
    out, err = capfd.readouterr()
    assert out == (task / "tests" / "sample-1.out").read_text()
    assert err.startswith("toy_sum (this folder's problem)\n[toy_sum: without answer, ")


def test_outside_a_task_s_folder_a_sample_names_its_problem_and_else_a_slug_is_needed(
    toy, monkeypatch, capfd
):
    adopted_task(toy)
    (toy / "notes.txt").write_text("1 2\n")
    monkeypatch.chdir(toy)
    assert cli.main(["run", "abc300/a/tests/sample-1.in"]) == 0
    err = capfd.readouterr().err.splitlines()
    assert err[0] == "toy_sum (its samples' folder holds abc300/a/tests/sample-1.in)"
    assert err[1].startswith("[toy_sum: ok, ")
    assert cli.main(["run"]) == 2
    assert capfd.readouterr().err == (
        "cpkit: error: run needs a SLUG: this folder is in no single problem's solution or "
        "samples folder (problems.toml has: toy_sum, toy_echo)\n"
    )
    assert cli.main(["run", "notes.txt"]) == 2
    assert capfd.readouterr().err.startswith("cpkit: error: unknown problem 'notes.txt' (")
    assert cli.main(["run", "-"]) == 2  # stdin: it said unknown problem '-'
    assert capfd.readouterr().err.startswith("cpkit: error: run needs a SLUG: ")


@pytest.mark.parametrize("answer", ["sample-1.out", "sample-1.ans"])
def test_an_answer_file_given_as_the_input_is_refused_naming_its_input(
    toy, monkeypatch, capfd, answer
):
    """``cpkit run samples/SLUG/NAME.ans`` ran the answer as the input and said only "no answer
    beside samples/SLUG/NAME.ans"; an answer with its input beside it is refused in one line
    that names the input to run (exit status 2)."""
    samples = toy / "samples" / "toy_sum"
    if answer.endswith(".ans"):
        (samples / "sample-1.out").rename(samples / answer)
    monkeypatch.chdir(toy)
    assert cli.main(["run", f"samples/toy_sum/{answer}"]) == 2
    assert capfd.readouterr().err == (
        f"cpkit: error: samples/toy_sum/{answer} is the answer of samples/toy_sum/sample-1.in, "
        "not an input: run `cpkit run samples/toy_sum/sample-1.in`\n"
    )
    assert cli.main(["run", "toy_sum", f"samples/toy_sum/{answer}"]) == 2
    assert capfd.readouterr().err.endswith("run `cpkit run toy_sum samples/toy_sum/sample-1.in`\n")


def test_an_answer_in_a_zipped_package_is_refused_naming_its_input(
    toy, cache_home, capfd, monkeypatch
):
    """``run SLUG pkg.zip/tests/02.a`` (and the answer given alone) ran the answer as the
    input, where the unzipped package's answer was refused: the name is read through the
    package as the case's is, and the input is named as the answer was, quoted for a shell;
    the command named is the package's problem's, where another problem's SLUG was kept
    (``run toy_sum 'guess pkg é.zip/tests/02'``, which fails)."""
    zipped_guess(toy)
    monkeypatch.chdir(toy)
    for words, slug in ((["pg"], "pg "), (["toy_sum"], "pg "), ([], "")):
        assert cli.main(["run", *words, "guess pkg é.zip/tests/02.a"]) == 2
        assert capfd.readouterr().err == (
            "cpkit: error: guess pkg é.zip/tests/02.a is the answer of guess pkg é.zip/tests/02, "
            f"not an input: run `cpkit run {slug}'guess pkg é.zip/tests/02'`\n"
        )


def test_a_zipped_package_s_case_is_named_as_the_build_names_it(
    toy, cache_home, capfd, monkeypatch
):
    """``run SLUG pkg.zip/tests/01``, the name the build prints, was ``cannot read: Not a
    directory``: it names the case in the archive's unpacked copy; FILE alone finds its
    problem; another problem's SLUG is told how to name it."""
    zipped_guess(toy)
    monkeypatch.chdir(toy)
    args = parse("pg", "guess pkg é.zip/tests/01", "--root", str(toy))
    assert args.run(args) == 0
    assert capfd.readouterr().err.splitlines()[-1].startswith("[pg: ok, ")
    args = parse("guess pkg é.zip/tests/02", "--root", str(toy))
    assert args.run(args) == 0
    assert "pg (its package holds guess pkg é.zip/tests/02)" in capfd.readouterr().err
    with pytest.raises(BuildError, match=r"cannot read: Not a directory \(guess pkg é.zip is a "):
        run.run(parse("toy_sum", "guess pkg é.zip/tests/01", "--root", str(toy)))

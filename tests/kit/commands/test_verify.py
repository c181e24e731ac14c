"""kit.commands.verify: ``verify PACKAGE [SUBMISSION...]`` on tests/fixtures/packages: the
submissions chosen by path or part of a name, the header naming the package's limits and how
its judge counts time, the package's notes, one row per submission and the count; a name that
matches none is a one-line error."""

import argparse
import dataclasses
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from kit.commands import verify
from kit.errors import BuildError
from kit.judges.compiling import compiler_for
from kit.packages import read_package
from kit.packages.model import KATTIS, POLYGON, Submission

PACKAGES = Path(__file__).resolve().parents[3] / "tests" / "fixtures" / "packages"
SUM = PACKAGES / "kattis_sum"


def parse(*argv):
    parser = argparse.ArgumentParser(prog="cpkit")
    verify.add_subparser(parser.add_subparsers())
    return parser.parse_args(["verify", *argv])


def test_the_command_s_line_in_the_help_says_what_it_checks(capsys):
    """``cpkit --help`` said "run a package's jury submissions" alone, though verify checks
    its test data, validators and checker too (the README's row)."""
    parser = argparse.ArgumentParser(prog="cpkit")
    verify.add_subparser(parser.add_subparsers())
    with pytest.raises(SystemExit):
        parser.parse_args(["--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "check a problem package as its judge would: its test data, validators and " in said
    assert "checker, and its jury submissions, the kit's verdict beside each one's folder" in said


def test_submissions_are_chosen_by_path_or_part_of_a_name():
    package = read_package(SUM, "kattis_sum")
    names = [s.name for s in verify._chosen(package, ["accepted/sum", "crash"], "kattis_sum")]
    assert names == ["accepted/sum.cpp", "accepted/sum.py", "run_time_error/crash.py"]
    path = str(SUM / "submissions" / "wrong_answer" / "negative.py")
    assert [s.name for s in verify._chosen(package, [path], "p")] == ["wrong_answer/negative.py"]
    inside = "submissions/wrong_answer/negative.py"  # as it sits in the package (a zip's too)
    assert [s.name for s in verify._chosen(package, [inside], "p")] == ["wrong_answer/negative.py"]
    assert len(verify._chosen(package, [], "p")) == len(package.submissions)
    with pytest.raises(BuildError, match=r"^no submission of p matches 'nothing' \(it has "):
        verify._chosen(package, ["nothing"], "p")


@pytest.mark.parametrize(
    "folder", ["kattis_sum/submissions/run_time_error", "kattis_sum/submissions/run_time_error/"]
)
def test_a_folder_s_path_from_the_current_folder_chooses_the_submissions_under_it(
    monkeypatch, folder
):
    """As the help offers (``accepted/``): a folder's path matched no submission."""
    monkeypatch.chdir(PACKAGES)
    package = read_package(Path("kattis_sum"), "kattis_sum")
    assert [s.name for s in verify._chosen(package, [folder], "kattis_sum")] == [
        "run_time_error/crash.py",
        "run_time_error/memory.py",
    ]


def test_the_folder_column_says_yaml_where_submissions_yaml_rules_a_folder(tmp_path):
    """2025-09's partially_accepted is no default folder: its submissions.yaml speaks for it
    (the column said AC beside a WA that agreed)."""
    package = read_package(SUM, "kattis_sum")
    assert verify._folder_words(package, "wrong_answer") == "WA"
    assert verify._folder_words(package, "partially_accepted") == "AC"  # legacy: a default
    ruled = dataclasses.replace(package, expectations=("partially_accepted/*",))
    assert verify._folder_words(ruled, "partially_accepted") == "yaml"
    assert verify._folder_words(ruled, "mine") == "yaml"


def test_the_folder_column_says_what_an_expected_results_tag_allows_where_it_decides():
    package = read_package(SUM, "kattis_sum")
    plain = next(s for s in package.submissions if s.folder == "wrong_answer")
    assert verify._column(package, plain) == "WA"
    tagged = dataclasses.replace(plain, expected_results=("TIMELIMIT", "WRONG-ANSWER"))
    assert verify._column(package, tagged) == "TLE or WA"
    unknown = dataclasses.replace(plain, expected_results=("TIMEOUT",))
    assert verify._column(package, unknown) == "tag"


def test_without_a_package_only_the_package_is_said_to_be_missing(capsys):
    with pytest.raises(SystemExit):
        parse()
    assert capsys.readouterr().err.endswith("the following arguments are required: PACKAGE\n")
    assert parse("pkg").submissions == []


def test_one_accepted_submission_is_judged_and_agrees(capsys):
    args = parse(str(SUM), "accepted/sum.py")
    assert args.run(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"verify {SUM}: Kattis package, batch; time limit 1 s (.timelimit;")
    assert "CPU time, as Kattis counts it" in lines[0]
    assert "; 6 cases (2 sample, 4 secret); margin 2 (limits.time_safety_margin);" in lines[0]
    assert lines[1] == "data: 6 cases as problemtools checks them: fine"
    assert lines[2].split() == ["submission", "folder", "kit", "slowest", "result"]
    assert lines[3].split()[:3] == ["accepted/sum.py", "AC", "AC"]
    assert lines[-1] == "1 submission: 1 agree, 0 too close to call on this machine, 0 disagree"


def test_an_input_without_its_answer_is_noted_and_fails_the_data_check(capsys, tmp_path):
    copy = shutil.copytree(SUM, tmp_path / "sum")
    (copy / "data" / "secret" / "zz_no_answer.in").write_text("1 2\n")
    args = parse(str(copy), "accepted/sum.py")
    assert args.run(args) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == (  # the package's notes, without the "." it was read as
        "note: 1 .in file(s) without a .ans are not cases (as problemtools reads them): "
        "data/secret/zz_no_answer.in"
    )
    assert lines[2:4] == [
        "data: 6 cases as problemtools checks them: 1 failure, 0 warnings",
        "  data/secret/zz_no_answer.in has no zz_no_answer.ans beside it",
    ]
    assert lines[-1] == (
        "the package's test data: data/secret/zz_no_answer.in has no zz_no_answer.ans beside it"
    )


def test_a_package_given_as_dot_is_named_by_its_folder_too(capsys, monkeypatch):
    monkeypatch.chdir(SUM)
    args = parse(".", "accepted/sum.py")
    assert args.run(args) == 0
    assert capsys.readouterr().out.startswith("verify kattis_sum (.): Kattis package, batch;")
    assert verify._display_name("..") == f"{Path('..').resolve().name} (..)"
    assert verify._display_name("pkg/sum.zip") == "pkg/sum.zip"


def test_a_package_without_submissions_has_its_data_verified_and_is_told_what_was_found(
    capsys, tmp_path
):
    # NA Rocky Mountain's layout: programs flat in solutions/, no verdict folder; it was
    # refused outright ("no jury submissions (submissions/ or solutions)"), its data unchecked
    copy = shutil.copytree(SUM, tmp_path / "sum")
    shutil.rmtree(copy / "submissions")
    (copy / "solutions").mkdir()
    (copy / "solutions" / "sum-ym.py").write_text("print(sum(map(int, input().split())))\n")
    (copy / "input_validators").mkdir()
    (copy / "input_validators" / "check.py").write_text("import sys\ninput()\nsys.exit(42)\n")
    args = parse(str(copy))
    assert args.run(args) == 1  # problemtools: 'Require at least one "accepted" submission'
    lines = capsys.readouterr().out.splitlines()
    assert "inputs: 6 of 6 valid (input_validators/check.py)" in lines
    assert (
        "submissions: none run: no submissions/ folder (the format keeps them in "
        "submissions/accepted/, submissions/wrong_answer/ ...); solutions/ holds 1 file(s), in "
        "no folder naming a verdict: not a folder of the format, not read (move the accepted "
        "ones to submissions/accepted/)"
    ) in lines
    assert lines[-1] == (
        "the package fails problemtools' checks: no submission in submissions/accepted/ "
        "(problemtools requires one)"
    )
    args = parse(str(copy), "sum")
    with pytest.raises(BuildError, match=r"sum: no jury submissions to choose from: no subm"):
        args.run(args)


@pytest.mark.skipif(compiler_for("java") is None, reason="no javac")
def test_a_polygon_package_s_java_solutions_are_noted_as_codeforces_runs_them():
    """The note gives Codeforces' lines, a Kattis package's problemtools'; the header says
    the Java ones were compiled (it said "no Python submission" of a Polygon package's)."""
    solution = Submission(Path("Main.java"), "solutions/Main.java", "main", "Java")
    for package_format, said in (
        (POLYGON, "note: Java solutions compiled as Codeforces compiles their types (javac"),
        (KATTIS, "note: Java submissions compiled as problemtools compiles them (javac"),
    ):
        problem = SimpleNamespace(source=SimpleNamespace(format=package_format), memory_limit=64)
        (note,) = verify._java_note(problem, [solution])
        assert note.startswith(said), note
        package = SimpleNamespace(format=package_format)
        ran = verify._what_ran(package, [solution], None)
        assert ran == "Java submissions compiled as the note says, no Python one"
    assert (
        "-Xms8M -Xmx64M -Xss64M -DONLINE_JUDGE=true"
        in verify._java_note(
            SimpleNamespace(source=SimpleNamespace(format=POLYGON), memory_limit=64), [solution]
        )[0]
    )

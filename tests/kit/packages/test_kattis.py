"""kit.packages.kattis: a Kattis-format package read in place from the small packages of
tests/fixtures/packages and packages written here: its limits, cases in the judge's order and
submissions, its title, the notes on what the format asks for and the package lacks, the
format's later version, how its submissions run, one-line errors. The reader's parts have
their own test modules beside this file (test_kattis_files.py, test_kattis_limits.py,
test_kattis_data.py, test_kattis_submissions.py, test_kattis_validators.py), Polygon packages
test_polygon.py, the YAML test_smallyaml.py; ``package = "PATH"`` in problems.toml is in
tests/kit/test_table_package.py, how packages are judged in tests/test_package_judging.py."""

import shutil

import pytest

from kit.errors import BuildError
from kit.packages import kattis
from tests.package_support import ONE_CASE, PACKAGES, UUID, write_package


def package(name):
    return kattis.read(PACKAGES / name, f"packages/{name}")


# reading a Kattis-format package


def test_a_kattis_package_gives_its_limits_cases_and_submissions():
    found = package("kattis_sum")
    assert (found.format, found.judge, found.kind) == ("Kattis", "Kattis", "batch")
    assert (found.time_limit, found.time_from) == (1.0, ".timelimit")
    assert (found.memory_limit, found.output_limit) == (256, 8)  # output: the spec's default
    assert (found.margin, found.margin_from) == (2.0, "limits.time_safety_margin")
    assert found.compare == "kattis" and found.interactor is None
    assert [(case.name, case.group) for case in found.cases] == [
        ("data/sample/1", "sample"),
        ("data/sample/2", "sample"),
        ("data/secret/01_small", "secret"),  # cases and subgroups in lexicographic order
        ("data/secret/group_big/01", "secret"),
        ("data/secret/group_big/02", "secret"),
        ("data/secret/group_neg/sub/01", "secret"),  # nested two deep
    ]
    assert found.notes == ()
    assert [(s.name, s.folder, s.language) for s in found.submissions] == [
        ("accepted/shouting.py", "accepted", "Python"),
        ("accepted/sum.cpp", "accepted", "C++"),
        ("accepted/sum.py", "accepted", "Python"),
        ("wrong_answer/negative.py", "wrong_answer", "Python"),
        ("time_limit_exceeded/close.py", "time_limit_exceeded", "Python"),
        ("time_limit_exceeded/forever.py", "time_limit_exceeded", "Python"),
        ("run_time_error/crash.py", "run_time_error", "Python"),
        ("run_time_error/memory.py", "run_time_error", "Python"),
    ]


def test_a_title_problem_yaml_does_not_name_is_the_statement_s_problemname(tmp_path):
    """Legacy packages (the KTH Challenge archives) keep it in ``\\problemname{}``, English
    first; without one, the folder's name."""
    files = {"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
    files["problem_statement/problem.sv.tex"] = "\\problemname{Namngivning}\n"
    files["problem_statement/problem.en.tex"] = "\\problemname{Name  Generation}\nText.\n"
    found = kattis.read(write_package(tmp_path / "p", "source: KTH\n", files), "p")
    assert found.title == "Name Generation"
    files.pop("problem_statement/problem.en.tex")
    assert kattis.read(write_package(tmp_path / "q", "source: KTH\n", files), "q").title == (
        "Namngivning"
    )
    del files["problem_statement/problem.sv.tex"]
    assert kattis.read(write_package(tmp_path / "r", "source: KTH\n", files), "r").title == "r"
    named = kattis.read(write_package(tmp_path / "s", "name: Given\n", files), "s")
    assert named.title == "Given"


def test_what_the_format_asks_for_and_the_package_lacks_is_noted(tmp_path):
    files = {"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
    files["submissions/slow_accepted/a.py"] = "print(1)\n"
    files["submissions/wrong_answer/w.py"] = "print(2)\n"
    folder = write_package(tmp_path / "p", "problem_format_version: 2099-01\n", files)
    (folder / "problem.yaml").unlink()
    assert kattis.read(folder, "p").notes == (
        "note: p: no problem.yaml (the format requires one): defaults used",
        "note: p: no submission in submissions/accepted/ (the format asks one)",
        "note: p: submissions/slow_accepted/: not a folder of the format, not run",
    )
    (folder / "problem.yaml").write_text(f"problem_format_version: 2099-01\n{UUID}")
    assert kattis.read(folder, "p").notes[0] == (
        "note: p/problem.yaml: problem_format_version '2099-01' is not one the kit knows "
        "(legacy, legacy-icpc, 2023-07-draft, 2023-07, 2025-09): read as the latest"
    )


def test_a_submission_folder_problemtools_does_not_know_fails_its_checks(tmp_path):
    """problemtools 1.20260907 reports an error for each submission outside its five folders
    (partially_accepted/ among them, in a pass-fail problem too), whatever the format version;
    an empty folder, or one a submissions.yaml reads, is no error."""
    files = {"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
    files["submissions/accepted/a.py"] = "print(1)\n"
    files["submissions/slow_accepted/s.py"] = "print(1)\n"
    files["submissions/partially_accepted/p.py"] = "print(1)\n"
    folder = write_package(tmp_path / "p", "name: P\n", files)
    (folder / "submissions" / "empty").mkdir()
    found = kattis.read(folder, "p")
    assert found.problemtools_errors == (kattis.UNKNOWN_FOLDER.format("slow_accepted"),)
    assert "submissions/empty/, submissions/slow_accepted/: not" in found.notes[-1]
    assert "partially_accepted/p.py" in {s.name for s in found.submissions}  # run
    (folder / "submissions" / "submissions.yaml").write_text("slow_accepted/*:\n  authors: A\n")
    assert kattis.read(folder, "p").problemtools_errors == ()


@pytest.mark.parametrize("folder", ["rejected", "brute_force"])
def test_a_legacy_package_s_folder_of_the_later_versions_is_not_run_and_fails_the_checks(
    tmp_path, folder
):
    """spec/legacy.md has five folders; problemtools runs none of rejected/ or brute_force/
    there (1.20260907: an error for each submission), as for slow_accepted/. Its rejected/
    ran, as "WA or TLE or RTE or OLE", with no word; 2025-09's still runs."""
    files = {**ONE_CASE, f"submissions/{folder}/r.py": "print(0)\n"}
    files["submissions/accepted/a.py"] = "print(1)\n"
    found = kattis.read(write_package(tmp_path / "p", "name: P\n", files), "p")
    assert [s.name for s in found.submissions] == ["accepted/a.py"]
    assert found.problemtools_errors == (kattis.UNKNOWN_FOLDER.format(folder),)
    assert found.notes[-1] == (
        f"note: p: submissions/{folder}/: a folder of the later format versions, not legacy's, "
        "not run"
    )
    later = write_package(tmp_path / "q", "problem_format_version: 2025-09\n", files)
    found = kattis.read(later, "q")
    assert f"{folder}/r.py" in {s.name for s in found.submissions}
    assert found.problemtools_errors == ()


def test_the_later_format_reads_type_time_limit_multipliers_and_output_validator(tmp_path):
    folder = write_package(
        tmp_path / "later",
        """\
        problem_format_version: 2023-07-draft
        type: [pass-fail, interactive]
        name:
          en: Later
          sv: Senare
        limits:
          time_limit: 2.5
          memory: 512
          output: 16
          time_multipliers:
            time_limit_to_tle: 3
        """,
        {
            "data/secret/1.in": "1\n",
            "data/secret/1.ans": "1\n",
            "output_validator/validate.py": "pass\n",
        },
    )
    found = kattis.read(folder, "later")
    assert (found.title, found.kind, found.time_limit, found.time_from) == (
        "Later",
        "interactive",
        2.5,
        "limits.time_limit in problem.yaml",
    )
    assert (found.memory_limit, found.output_limit, found.margin) == (512, 16, 3.0)
    assert (found.multiplier, found.interactor) == (2.0, "kattis:later/output_validator")


@pytest.mark.parametrize(
    ("problem_yaml", "files", "message"),
    [
        ("name: x\n", {}, "x/data: absent: no test cases (NAME.in with NAME.ans in data/sample,"),
        ("validation: custom\n", ONE_CASE, "x: validation: custom, but output_validators/ is"),
        (
            "type: interactive\nproblem_format_version: 2025-09\n",
            ONE_CASE,
            "x: an interactive problem, but output_validator/ is missing",
        ),
        ("type: submit-answer\nproblem_format_version: 2023-07\n", {}, "submit-answer"),
        (
            "type: multi-pass\nproblem_format_version: 2025-09\n",
            ONE_CASE,
            "x: a multi-pass problem needs its own output validator",
        ),
        (
            "type: multi-pass\nproblem_format_version: 2025-09\nlimits:\n  validation_passes: 1\n",
            {**ONE_CASE, "output_validator/v.py": "\n"},
            "x/problem.yaml: limits.validation_passes must be 2 or more",
        ),
        ("limits:\n  memory: lots\n", ONE_CASE, "limits.memory: expected a number, not 'lots'"),
        ("limits: &a\n", {}, "problem.yaml:1: '&a': anchors, aliases and tags are not read here"),
        (
            "name: x\n",
            {**ONE_CASE, "data/secret/testdata.yaml": "on_reject: grade\n"},
            "x/data/secret: on_reject: 'grade' is not break or continue",
        ),
    ],
)
def test_a_broken_kattis_package_is_a_one_line_error(tmp_path, problem_yaml, files, message):
    folder = write_package(tmp_path / "x", problem_yaml, files)
    with pytest.raises(BuildError) as caught:
        kattis.read(folder, "x")
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_answer_validation_is_named_as_not_run(tmp_path):
    files = {**ONE_CASE, "answer_validators/a/check.py": "", "data/invalid_answer/1.in": ""}
    found = kattis.read(write_package(tmp_path / "x", "name: x\n", files), "x")
    assert found.notes == (
        "note: x: not run, answer validation: answer_validators/, data/invalid_answer/",
    )


@pytest.mark.parametrize(
    ("header", "no_files"),
    [
        ("", False),  # legacy: no such key
        ("problem_format_version: 2023-07-draft\n", False),
        ("problem_format_version: 2025-09\n", True),  # allow_file_writing defaults to false
        ("problem_format_version: 2025-09\nallow_file_writing: true\n", False),
        ("problem_format_version: 2025-09\nallow_file_writing: false\n", True),
    ],
)
def test_a_2025_09_package_forbids_writing_files_unless_it_allows_it(tmp_path, header, no_files):
    copy = shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "sum")
    config = copy / "problem.yaml"
    config.write_text(header + config.read_text())
    assert kattis.read(copy, "sum").no_files is no_files


@pytest.mark.parametrize(
    ("header", "counts"),
    [
        ("", "stdout"),  # legacy: "the maximum output" (problemtools caps stdout)
        ("problem_format_version: 2023-07-draft\n", "stdout"),
        ("problem_format_version: 2025-09\n", "all"),  # stdout, stderr and files together
    ],
)
def test_a_2025_09_package_s_output_limit_counts_everything_written(tmp_path, header, counts):
    copy = shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "sum")
    config = copy / "problem.yaml"
    config.write_text(header + config.read_text())
    assert kattis.read(copy, "sum").output_counts == counts


def test_allow_file_writing_that_is_no_boolean_is_one_line(tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "sum")
    config = copy / "problem.yaml"
    config.write_text("problem_format_version: 2025-09\nallow_file_writing: maybe\n")
    with pytest.raises(BuildError, match=r"^sum/problem.yaml: allow_file_writing is 'maybe', not"):
        kattis.read(copy, "sum")


def test_the_files_included_with_a_python_submission(tmp_path):
    """spec/2025-09.md, "Included files": include/python3/ overrides include/default/; an
    empty folder includes nothing; legacy has include/python3/ alone."""
    copy = shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "sum")
    config = copy / "problem.yaml"
    config.write_text("problem_format_version: 2025-09\n" + config.read_text())
    assert kattis.read(copy, "sum").included is None
    (copy / "include" / "default").mkdir(parents=True)
    (copy / "include" / "python3").mkdir()
    assert kattis.read(copy, "sum").included is None  # both empty
    (copy / "include" / "default" / "data.txt").write_text("1\n")
    assert kattis.read(copy, "sum").included == copy / "include" / "default"
    (copy / "include" / "python3" / "helper.py").write_text("X = 1\n")
    assert kattis.read(copy, "sum").included == copy / "include" / "python3"
    config.write_text("name: legacy\n")  # include/<language>/ only ("Included code")
    assert kattis.read(copy, "sum").included == copy / "include" / "python3"
    shutil.rmtree(copy / "include" / "python3")
    assert kattis.read(copy, "sum").included is None


@pytest.mark.parametrize(("version", "noted"), [("2023-07-draft", True), ("legacy", False)])
def test_partially_accepted_in_a_2023_07_package_is_run_with_a_note(tmp_path, version, noted):
    """problemtools runs it and warns that the folder is legacy's, not the format's: the kit
    ran it in silence (its notes promise one for a folder outside the format)."""
    files = {
        "data/secret/1.in": "1\n",
        "data/secret/1.ans": "1\n",
        "submissions/accepted/a.py": "print(1)\n",
        "submissions/partially_accepted/b.py": "print(1)\n",
    }
    yaml = f"problem_format_version: {version}\ntype: scoring\n"
    found = kattis.read(write_package(tmp_path / "p", yaml, files), "p")
    assert "partially_accepted/b.py" in {s.name for s in found.submissions}
    note = f"submissions/partially_accepted/ is legacy's folder, not format {version}'s"
    assert any(note in line for line in found.notes) == noted, found.notes


def test_a_2023_07_package_without_a_uuid_fails_problemtools_checks_a_legacy_one_is_noted(
    tmp_path,
):
    """problemtools 1.20260907 (checks/config.py): an error from 2023-07 on, a warning in
    legacy (a note here, the package passing)."""
    files = {"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
    found = kattis.read(
        write_package(tmp_path / "n", "problem_format_version: 2023-07\n", files, uuid=False), "n"
    )
    assert [error for error in found.problemtools_errors if "uuid" in error] == [
        "problem.yaml: no uuid, which format 2023-07 requires (problemtools reports an error)"
    ]
    found = kattis.read(write_package(tmp_path / "l", "name: x\n", files, uuid=False), "l")
    assert found.problemtools_errors == ()
    assert any("no uuid" in note for note in found.notes), found.notes


@pytest.mark.parametrize(
    ("version", "run"), [("legacy", True), ("2023-07", True), ("2025-09", False)]
)
def test_partially_accepted_in_a_pass_fail_problem_is_run_as_problemtools_runs_it(
    tmp_path, version, run
):
    """problemtools runs it and expects AC (a warning if it gets it); 2025-09 has no such
    folder: noted, not run."""
    files = {
        "data/secret/1.in": "1\n",
        "data/secret/1.ans": "1\n",
        "submissions/accepted/a.py": "print(1)\n",
        "submissions/partially_accepted/b.py": "print(1)\n",
    }
    found = kattis.read(
        write_package(tmp_path / "p", f"problem_format_version: {version}\n", files), "p"
    )
    assert ("partially_accepted/b.py" in {s.name for s in found.submissions}) == run
    assert any("not a folder of the format" in note for note in found.notes) != run, found.notes

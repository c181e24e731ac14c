"""kit.packages.kattis_data: a Kattis-format package's data/ walked as its reader gives it: a
lone input noted and a test file that is no file refused, a group's validator flags from the
settings file its format version names (a bad one a one-line error naming the file), the
validation data with its settings and not cases, each group's on_reject and grader_flags, a
case's args and files, inherited; a case whose name holds dots. The score groups are in
test_scoring.py beside this file."""

import os
import shutil

import pytest

from kit.errors import BuildError
from kit.packages import kattis
from tests.package_support import ONE_CASE, PACKAGES, write_package


def test_an_input_without_its_answer_is_not_a_case_and_a_note_names_it(tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "sum")
    (copy / "data" / "secret" / "zz_no_answer.in").write_text("1 2\n")
    found = kattis.read(copy, "sum")
    assert "data/secret/zz_no_answer" not in {case.name for case in found.cases}
    assert found.notes == (
        "note: sum: 1 .in file(s) without a .ans are not cases (as problemtools reads them): "
        "data/secret/zz_no_answer.in",
    )


def test_a_test_file_that_is_a_pipe_is_an_error_not_passed_over(tmp_path):
    """A FIFO named 02.in beside its 02.ans: the case was left out without a word."""
    copy = shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "sum")
    (copy / "data" / "secret" / "zz.ans").write_text("3\n")
    os.mkfifo(copy / "data" / "secret" / "zz.in")
    with pytest.raises(BuildError) as caught:
        kattis.read(copy, "sum")
    assert str(caught.value) == (
        "sum: 1 test file(s) are not regular files (a pipe, a socket or a device): "
        "data/secret/zz.in"
    )


def test_validator_flags_come_from_problem_yaml_and_a_groups_testdata_yaml():
    found = kattis.read(PACKAGES / "kattis_half", "packages/kattis_half")
    assert found.compare == "kattis:float_tolerance 1e-6"
    assert [(case.name, case.flags) for case in found.cases] == [
        ("data/sample/1", ()),
        ("data/secret/01", ()),
        ("data/secret/strict/01", ("case_sensitive",)),
    ]
    assert (found.margin, found.margin_from) == (2.0, "legacy default")


@pytest.mark.parametrize(
    ("version", "read", "unread"),
    [
        ("", "testdata.yaml", "test_group.yaml"),
        ("problem_format_version: 2023-07-draft\n", "testdata.yaml", "test_group.yaml"),
        ("problem_format_version: 2025-09\n", "test_group.yaml", "testdata.yaml"),
    ],
)
def test_a_group_s_settings_file_is_the_one_its_format_version_names(
    tmp_path, version, read, unread
):
    """2025-09 renamed testdata.yaml to test_group.yaml (spec/changelog.md): the other name's
    settings are not the package's, and a note says the file is not read."""
    copy = shutil.copytree(PACKAGES / "kattis_half", tmp_path / "half")
    yaml = copy / "problem.yaml"
    text = yaml.read_text().replace("validator_flags: float_tolerance 1e-6\n", "")
    yaml.write_text(text.replace("problem_format_version: legacy\n", version))
    strict = copy / "data" / "secret" / "strict"
    (strict / "testdata.yaml").unlink()
    (strict / read).write_text("output_validator_args: case_sensitive\n")
    (copy / "data" / "secret" / unread).write_text(
        "output_validator_args: space_change_sensitive\n"
    )
    found = kattis.read(copy, "half")
    assert [case.flags for case in found.cases] == [(), (), ("case_sensitive",)]
    assert (
        f"note: half: data/secret/{unread}: not read: this format version reads a group's "
        f"settings from {read}"
    ) in found.notes


@pytest.mark.parametrize(
    ("flags", "message"),
    [("float_tolerance", " = 'float_tolerance': float_tolerance needs a number after it"),
     ("float_tolerance nan", " = 'float_tolerance nan': float_tolerance needs a number after"),
     ("float_tolerance -1", " = 'float_tolerance -1': float_tolerance -1: a tolerance is not"),
     ("5", " = '5': unknown flag '5' (the default validator knows case_sensitive"),
     ("{a: b}", ": {'a': 'b'}: expected a string or a list of flags")],
)  # fmt: skip
def test_a_group_s_bad_validator_flags_are_a_one_line_error_naming_its_file(
    tmp_path, flags, message
):
    """As problem.yaml's validator_flags are: the group's were read case by case as it ran,
    a traceback; an empty group's flags are checked too."""
    group = {"data/secret/deep/none/testdata.yaml": f"output_validator_flags: {flags}\n"}
    files = {**ONE_CASE, **group}
    with pytest.raises(BuildError) as caught:
        kattis.read(write_package(tmp_path / "x", "name: x\n", files), "x")
    assert str(caught.value).startswith(
        f"x/data/secret/deep/none/testdata.yaml: output_validator_flags{message}"
    )
    custom = {**files, "output_validators/v.py": "\n"}  # its own validator's flags are its own
    if "{" not in flags:
        assert kattis.read(write_package(tmp_path / "y", "validation: custom\n", custom), "y")


@pytest.mark.parametrize(
    "flags", ["float_tolerance -1", "float_tolerance inf", "float_relative_tolerance nan"]
)
def test_a_group_s_flags_are_checked_as_the_validator_copy_that_judges_reads_them(tmp_path, flags):
    """DOMjudge's copy takes a tolerance problemtools refuses (kit.judges.kattis_compare):
    a package DOMjudge judges was refused for it; a word neither reads is refused by both."""
    files = {**ONE_CASE, "data/secret/testdata.yaml": f"output_validator_flags: {flags}\n"}
    folder = write_package(tmp_path / "x", "name: x\n", files)
    assert kattis.read(folder, "x", validator="domjudge").cases[0].flags == tuple(flags.split())
    with pytest.raises(BuildError, match=r"^x/data/secret/testdata.yaml: output_validator_flags"):
        kattis.read(folder, "x")
    (folder / "data/secret/testdata.yaml").write_text("output_validator_flags: float_tolerance x\n")
    with pytest.raises(BuildError, match=r"float_tolerance needs a number after it$"):
        kattis.read(folder, "x", validator="domjudge")


def test_the_validation_data_is_read_with_its_settings_and_is_not_cases(tmp_path):
    folder = write_package(
        tmp_path / "checked",
        "problem_format_version: 2025-09\n",
        {
            **ONE_CASE,
            "data/secret/2.in": "2\n",
            "data/secret/2.ans": "2\n",
            "data/secret/2.yaml": "output_validator_args: [case_sensitive]\n",  # its own settings
            "data/test_group.yaml": "input_validator_args: --all\n",
            "data/invalid_input/b.in": "x\n",
            "data/invalid_input/b.ans": "x\n",  # an answer beside an invalid input is no case
            "data/invalid_input/a/test_group.yaml": "input_validator_args: --deep\n",
            "data/invalid_input/a/1.in": "-1\n",
            "data/invalid_output/1.in": "1\n",
            "data/invalid_output/1.ans": "1\n",
            "data/invalid_output/1.out": "2\n",
            "data/invalid_output/1.yaml": "output_validator_args: space_change_sensitive\n",
            "data/valid_output/1.in": "1\n",
            "data/valid_output/1.ans": "1\n",
            "data/valid_output/1.out": "01\n",
            "data/valid_output/2.in": "2\n",  # no .ans nor .out: not checked
        },
    )
    found = kattis.read(folder, "checked")
    assert [(c.name, c.flags, c.input_args) for c in found.cases] == [
        ("data/secret/1", (), (("", ("--all",)),)),
        ("data/secret/2", ("case_sensitive",), (("", ("--all",)),)),
    ]
    assert [(c.name, c.answer, c.input_args) for c in found.invalid_inputs] == [
        ("data/invalid_input/a/1", None, (("", ("--deep",)),)),
        ("data/invalid_input/b", None, (("", ("--all",)),)),
    ]
    assert [(c.name, c.group, c.flags, c.output.name) for c in found.checked_outputs] == [
        ("data/invalid_output/1", "invalid_output", ("space_change_sensitive",), "1.out"),
        ("data/valid_output/1", "valid_output", (), "1.out"),
    ]
    assert found.notes == ()


def test_each_group_s_on_reject_and_grader_flags_are_read_inherited(tmp_path):
    """What they do: tests/kit/verify/test_grading.py."""
    files = {
        **ONE_CASE,
        "data/sample/1.in": "1\n",
        "data/sample/1.ans": "1\n",
        "data/secret/g/1.in": "1\n",
        "data/secret/g/1.ans": "1\n",
        "data/secret/g/deep/1.in": "1\n",
        "data/secret/g/deep/1.ans": "1\n",
    }
    plain = kattis.read(write_package(tmp_path / "plain", "name: x\n", files), "plain")
    assert plain.grading == ()  # break and no flags everywhere: the first failure decides
    files["data/secret/testdata.yaml"] = "on_reject: continue\n"
    files["data/secret/g/testdata.yaml"] = "grader_flags: first_error accept_if_any_accepted\n"
    found = kattis.read(write_package(tmp_path / "set", "name: x\n", files), "set")
    assert tuple(entry[:3] for entry in found.grading) == (
        ("", "break", ()),
        ("sample", "break", ()),
        ("secret", "continue", ()),
        ("secret/g", "continue", ("first_error", "accept_if_any_accepted")),
        ("secret/g/deep", "continue", ("first_error", "accept_if_any_accepted")),
    )


def test_a_case_s_args_and_files_are_read_and_its_files_folder_is_no_group(tmp_path):
    copy = shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "sum")
    secret = copy / "data" / "secret"
    (secret / "01_small.yaml").write_text("args: [7, x]\n")
    files = secret / "01_small.files"
    files.mkdir()
    for name in ("table.in", "table.ans"):  # a case's files, whatever their names
        (files / name).write_text("1\n")
    found = kattis.read(copy, "sum")
    (small,) = [case for case in found.cases if case.name == "data/secret/01_small"]
    assert (small.args, small.files) == (("7", "x"), files)
    assert len(found.cases) == 6 and all(".files" not in case.name for case in found.cases)
    assert all(case.args == () and case.files is None for case in found.cases if case != small)


def test_a_case_s_args_are_inherited_from_its_group(tmp_path):
    """spec/2025-09.md, "Test case configuration": args "Inherited from test_group.yaml"."""
    copy = shutil.copytree(PACKAGES / "kattis_sum", tmp_path / "sum")
    yaml = copy / "problem.yaml"
    yaml.write_text(
        "problem_format_version: 2025-09\n" + yaml.read_text().replace("validation: default\n", "")
    )
    big = copy / "data" / "secret" / "group_big"
    (big / "test_group.yaml").write_text("args: [--big]\n")
    (big / "02.yaml").write_text("args: []\n")
    found = {case.name: case.args for case in kattis.read(copy, "sum").cases}
    assert found["data/secret/group_big/01"] == ("--big",)
    assert found["data/secret/group_big/02"] == ()  # its own, over the group's
    assert found["data/secret/01_small"] == ()


def test_a_case_whose_name_holds_dots_keeps_its_whole_name(tmp_path):
    """KTH Challenge 2019 names cases 01.random.in and 03-p0.16to0.94.in: the kit read
    01.in and 03-p0.16to0.in, which do not exist, and stopped with "cannot read"."""
    package = write_package(
        tmp_path / "dots",
        "name: Dots\n",
        {
            "data/secret/01.random.in": "1\n",
            "data/secret/01.random.ans": "1\n",
            "data/secret/01.random.yaml": "args: [--seed]\n",
            "data/secret/02-p0.16to0.94.in": "2\n",
            "data/secret/02-p0.16to0.94.ans": "2\n",
        },
    )
    found = kattis.read(package, "dots")
    secret = package / "data" / "secret"
    assert [(case.name, case.input, case.args) for case in found.cases] == [
        ("data/secret/01.random", secret / "01.random.in", ("--seed",)),
        ("data/secret/02-p0.16to0.94", secret / "02-p0.16to0.94.in", ()),
    ]


def test_a_group_of_many_cases_is_listed_once_not_asked_of_file_by_file(tmp_path, monkeypatch):
    """A 5,000-case package's data/ took 0.6 s to walk: each file's status asked for a dozen
    times (is it a folder, a file, is its .in there, its .yaml, its .files?). The listing
    says what each entry is: 200 cases cost no more of those calls than 2."""
    asked = []
    status = os.stat
    monkeypatch.setattr(
        os, "stat", lambda *given, **named: asked.append(1) or status(*given, **named)
    )
    counts = []
    for many in (2, 200):
        cases = {f"data/secret/{n:03}.{end}": "1\n" for n in range(many) for end in ("in", "ans")}
        folder = write_package(tmp_path / str(many), "name: x\n", cases)
        asked.clear()
        found = kattis.read(folder, "many")
        assert len(found.cases) == many and found.cases[-1].name == f"data/secret/{many - 1:03}"
        counts.append(len(asked))
    assert counts[1] == counts[0]  # it was 3,250 for 200 cases


@pytest.mark.parametrize(
    ("files", "message"),
    [
        # NWERC 2022 G's public package: a sample's .interaction, no case
        (
            {"data/sample/1.interaction": "<1\n>2\n"},
            "x/data: no test cases (NAME.in with NAME.ans in data/sample, data/secret); it holds "
            "1 file(s), none a case: data/sample/1.interaction",
        ),
        # BAPCtools' divsort: no data/, made by generators.yaml
        (
            {"generators/generators.yaml": "data: {}\n"},
            "x/data: absent: no test cases (NAME.in with NAME.ans in data/sample, data/secret); "
            "its data is generated by generators/generators.yaml (BAPCtools' bt generate), "
            "which the kit does not run: generate it first",
        ),
    ],
)
def test_a_package_without_cases_is_told_the_folder_looked_in_and_what_it_holds(
    tmp_path, files, message
):
    folder = write_package(tmp_path / "x", "problem_format_version: 2025-09\n", files)
    with pytest.raises(BuildError) as caught:
        kattis.read(folder, "x").cases  # noqa: B018
    assert str(caught.value) == message


def test_data_beside_a_generators_yaml_is_noted_as_read_as_it_is(tmp_path):
    folder = write_package(
        tmp_path / "x", "name: x\n", {**ONE_CASE, "generators/generators.yaml": "data: {}\n"}
    )
    assert (
        "note: x: its data is generated by generators/generators.yaml (BAPCtools' bt generate), "
        "which the kit does not run: data/ read as it is"
    ) in kattis.read(folder, "x").notes

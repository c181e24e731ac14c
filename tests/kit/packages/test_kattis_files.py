"""kit.packages.kattis_files: the files the format's tools pass over (neither submissions nor
cases when the package is read), a link to a folder that holds it, a package's YAML file read
as problemtools reads it."""

import pytest

from kit.errors import BuildError
from kit.packages import kattis
from kit.packages.kattis_files import LANGUAGES, hidden, looping, read_yaml
from tests.package_support import write_package


def test_files_the_format_s_tools_set_aside_are_neither_submissions_nor_cases(tmp_path):
    """Dot files, editors' backups, and BAPCtools' .disabled and .template files."""
    files = {"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
    files["data/secret/2.in.disabled"] = "2\n"
    files["data/secret/2.ans"] = "2\n"
    for name in ("a.py", "b.c.disabled", "c.py.template", ".d.py", "e.py~"):
        files[f"submissions/accepted/{name}"] = "print(1)\n"
    found = kattis.read(write_package(tmp_path / "p", "name: P\n", files), "p")
    assert [submission.name for submission in found.submissions] == ["accepted/a.py"]
    assert [case.name for case in found.cases] == ["data/secret/1"]


@pytest.mark.parametrize(
    ("name", "passed_over"),
    [(".git", True), ("a.py~", True), ("b.py.disabled", True), ("c.template", True),
     ("a.py", False), ("disabled", False), ("template.py", False), ("a~b.py", False)],
)  # fmt: skip
def test_hidden_is_a_dot_file_a_backup_or_a_file_bapctools_sets_aside(name, passed_over):
    assert hidden(name) is passed_over


def test_a_link_to_a_folder_holding_it_loops_and_no_other_entry_does(tmp_path):
    group = tmp_path / "data" / "secret"
    (group / "sub").mkdir(parents=True)
    (group / "itself").symlink_to(".")
    (group / "up").symlink_to("../..")
    (group / "sideways").symlink_to("sub")
    (group / "file").write_text("1\n")
    (group / "to_file").symlink_to("file")
    assert looping(group / "itself") and looping(group / "up")
    assert not any(looping(group / name) for name in ("sub", "sideways", "file", "to_file"))


def test_a_yaml_file_s_byte_order_mark_is_skipped_and_a_missing_one_is_empty(tmp_path):
    path = tmp_path / "problem.yaml"
    path.write_bytes("\ufeffname: x\n".encode())
    assert read_yaml(path, "p") == {"name": "x"}
    assert read_yaml(tmp_path / "none.yaml", "p") == {}


def test_a_yaml_file_that_is_no_utf_8_is_a_one_line_error(tmp_path):
    (tmp_path / "problem.yaml").write_bytes(b"name: \xff\n")
    with pytest.raises(BuildError, match=r"^p/problem\.yaml: cannot be read: .*utf-8") as caught:
        read_yaml(tmp_path / "problem.yaml", "p")
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("suffix", "language"),
    [(".java", "Java"), (".kt", "Kotlin"), (".hs", "Haskell"), (".py3", "Python")],
)
def test_a_source_s_language_is_named_by_its_suffix_as_languages_yaml_names_it(suffix, language):
    """A Haskell submission's row said ``.hs``: problemtools' haskell is '*.hs *.c'."""
    assert LANGUAGES[suffix] == language

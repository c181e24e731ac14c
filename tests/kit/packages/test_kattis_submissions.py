"""kit.packages.kattis_submissions: a Kattis-format package's submissions as its reader gives
them: a folder of one file is that file; a Python one of several files runs its entry point
(submissions.yaml's, else __main__.py, else a main.*, else the first by name), one of another
language or of several is named by them. Their order and folders are in test_kattis.py beside
this file."""

import errno
import os
from pathlib import Path

import pytest

from kit.packages import kattis
from tests.package_support import write_package


def test_a_submission_that_is_a_folder_of_one_file_is_that_file(tmp_path):
    files = {"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
    files["submissions/accepted/one/main.py"] = "print(1)\n"
    files["submissions/accepted/two/a.py"] = files["submissions/accepted/two/b.py"] = ""
    files["submissions/accepted/mixed/a.py"] = files["submissions/accepted/mixed/b.cpp"] = ""
    files["submissions/accepted/cpp/a.cpp"] = files["submissions/accepted/cpp/b.cpp"] = ""
    folder = write_package(tmp_path / "p", "name: P\n", files)
    found = {
        s.name: (s.path.relative_to(folder).as_posix(), s.language, s.beside)
        for s in kattis.read(folder, "p").submissions
    }
    assert found == {
        "accepted/one": ("submissions/accepted/one/main.py", "Python", None),
        "accepted/two": (
            "submissions/accepted/two/a.py",
            "Python",
            folder / "submissions/accepted/two",
        ),
        "accepted/mixed": ("submissions/accepted/mixed", "a program of several files", None),
        "accepted/cpp": ("submissions/accepted/cpp", "C++", None),
    }


@pytest.mark.parametrize(
    ("names", "yaml", "entry"),
    [
        (("b.py", "a.py"), "", "a.py"),  # problemtools: the first by name
        (("a.py", "Main.py", "z.py"), "", "Main.py"),  # a main.* in any case
        (("main.py", "__init__.py", "__main__.py"), "", "__main__.py"),  # 2025-09's default
        (("main.py", "ac.py"), "accepted/sub:\n  entrypoint: ac.py\n", "ac.py"),
    ],
)
def test_a_python_submission_of_several_files_runs_its_entry_point(tmp_path, names, yaml, entry):
    files = {"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
    files.update({f"submissions/accepted/sub/{name}": "" for name in names})
    if yaml:
        files["submissions/submissions.yaml"] = yaml
    folder = write_package(tmp_path / "p", "name: P\n", files)
    (found,) = kattis.read(folder, "p").submissions
    assert (found.name, found.path.name, found.beside) == (
        "accepted/sub",
        entry,
        folder / "submissions" / "accepted" / "sub",
    )


def test_an_expected_results_tag_decides_outside_the_four_standard_folders_only(tmp_path):
    """DOMjudge keeps a standard folder's result and BAPCtools ignores the tag there; elsewhere
    it decides, a name DOMjudge lacks noted; untagged submissions keep their folder."""
    files = {"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
    files["submissions/accepted/ok.py"] = "print(1)\n"
    files["submissions/wrong_answer/wa.py"] = "# @EXPECTED_RESULTS@: TIMELIMIT, WRONG-ANSWER\n"
    files["submissions/rejected/slow.py"] = "# @EXPECTED_RESULTS@: wrong_answer, TIMELIMIT\n"
    files["submissions/rejected/typo.py"] = "# @EXPECTED_RESULTS@: TIMEOUT\n"
    folder = write_package(tmp_path / "p", "problem_format_version: 2023-07-draft\n", files)
    package = kattis.read(folder, "p")
    found = {s.name: s.expected_results for s in package.submissions}
    assert found == {
        "accepted/ok.py": (),
        "wrong_answer/wa.py": (),
        "rejected/slow.py": ("WRONG-ANSWER", "TIMELIMIT"),
        "rejected/typo.py": ("TIMEOUT",),
    }
    tag_notes = [note for note in package.notes if "@EXPECTED_RESULTS@" in note]
    assert tag_notes == [
        "note: wrong_answer/wa.py: @EXPECTED_RESULTS@: TIMELIMIT, WRONG-ANSWER: not read, its "
        "folder decides (as DOMjudge and BAPCtools read it)",
        "note: rejected/slow.py: @EXPECTED_RESULTS@: WRONG-ANSWER, TIMELIMIT: decides its "
        "verdicts in place of its folder (DOMjudge's tag)",
        "note: rejected/typo.py: @EXPECTED_RESULTS@: TIMEOUT: decides its verdicts in place of "
        "its folder (DOMjudge's tag)",
        "note: rejected/typo.py: @EXPECTED_RESULTS@: 'TIMEOUT' is no DOMjudge result: no "
        "verdict matches it",
    ]


def test_an_expected_results_tag_is_not_read_where_submissions_yaml_decides(tmp_path):
    files = {"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
    files["submissions/mixed/slow.py"] = "# @EXPECTED_RESULTS@: TIMELIMIT\n"
    files["submissions/submissions.yaml"] = "mixed:\n  permitted: [AC, TLE]\n"
    folder = write_package(tmp_path / "p", "problem_format_version: 2025-09\n", files)
    package = kattis.read(folder, "p")
    assert [s.expected_results for s in package.submissions] == [()]
    assert "mixed/slow.py: @EXPECTED_RESULTS@: TIMELIMIT: not read, submissions.yaml decides" in (
        "\n".join(package.notes)
    )


def test_an_expected_results_tag_given_twice_is_noted_and_its_folder_decides(tmp_path):
    """DOMjudge does not import such a submission; the package was refused outright (exit 2),
    its other submissions unjudged."""
    files = {"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
    files["submissions/accepted/ok.py"] = "print(1)\n"
    twice = "# @EXPECTED_RESULTS@: TIMELIMIT\n# @expected_results@: RUN-ERROR\n"
    files["submissions/rejected/twice.py"] = twice
    folder = write_package(tmp_path / "p", "problem_format_version: 2023-07-draft\n", files)
    package = kattis.read(folder, "p")
    assert [s.expected_results for s in package.submissions] == [(), ()]
    assert [note for note in package.notes if "@EXPECTED_RESULTS@" in note] == [
        "note: rejected/twice.py: @EXPECTED_RESULTS@ given twice in twice.py: not read, its "
        "folder decides (DOMjudge does not import such a submission)"
    ]


def test_a_submission_file_that_cannot_be_read_is_noted_and_its_folder_decides(
    tmp_path, monkeypatch
):
    """An unreadable file (mode 000 under another user) was a traceback out of the package's
    reading; it is noted, its tag unread, the other submissions read as before."""
    files = {"data/secret/1.in": "1\n", "data/secret/1.ans": "1\n"}
    files["submissions/accepted/ok.py"] = "print(1)\n"
    files["submissions/rejected/locked.py"] = "# @EXPECTED_RESULTS@: TIMELIMIT\n"
    folder = write_package(tmp_path / "p", "problem_format_version: 2023-07-draft\n", files)
    read_text = Path.read_text

    def refused(path, *args, **kwargs):
        if path.name == "locked.py":
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return read_text(path, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", refused)
    package = kattis.read(folder, "p")
    assert [s.expected_results for s in package.submissions] == [(), ()]
    note = (
        "note: rejected/locked.py: cannot read locked.py: Permission denied: its "
        "@EXPECTED_RESULTS@ not read, its folder decides"
    )
    assert note in package.notes

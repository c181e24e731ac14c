"""Cases as online-judge-tools' ``oj t`` finds them (kit.registry), and what the build says of
them: editors' backup files skipped, a lone ``NAME.in`` run without an answer and said so,
``--diff`` showing the carriage returns of a CRLF answer, and a note for samples with CRLF line
ends (how kit.report renders diffs and notes is tests/kit/test_report.py's)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.registry import judge_cases, load_registry, sample_cases

ROOT = Path(__file__).resolve().parents[2]


def build(root, *args):
    """build.py on ``root`` with the build's own Python as every target's stand-in."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), *args, "--root", str(root), "--repeat", "1"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "KIT_PYTHONS": "", "NO_COLOR": "1"},
        timeout=120,
        check=False,
    )
    output = done.stdout + done.stderr
    assert 'build.py", line' not in output and "kit/" not in output, output
    return done.returncode, output


def toy_sum(root):
    return load_registry(root)["toy_sum"]


def with_judge_data(root, folder="../official"):
    registry = root / "problems.toml"
    text = registry.read_text().replace(
        "memory_limit = 64\n", f'memory_limit = 64\njudge_data = "{folder}"\n', 1
    )
    registry.write_text(text)
    return toy_sum(root)


# --- backup and editor files ----------------------------------------------------------------

EDITOR_FILES = [
    "sample-1.in~",  # Emacs' and many editors' backups
    "sample-1.out~",
    "#sample-1.in#",  # Emacs' auto-save
    ".#sample-1.in",  # Emacs' lock (a dangling link)
    ".sample-1.in.swp",  # Vim's swap files
    ".sample-1.out.swo",
]


@pytest.mark.parametrize("name", EDITOR_FILES)
def test_editor_files_beside_the_samples_are_skipped_silently(toy, name):
    path = toy / "samples" / "toy_sum" / name
    if name.startswith(".#"):
        path.symlink_to("user@host.1234:1700000000")
    else:
        path.write_text("1\n")
    cases = sample_cases(toy_sum(toy))
    assert [(case.name, case.expected.name) for case in cases] == [
        ("samples/toy_sum/sample-1.in", "sample-1.out")
    ]


def test_other_stray_files_are_still_named(toy):
    (toy / "samples" / "toy_sum" / "sample-1.in.bak").write_text("1\n")
    with pytest.raises(BuildError, match=r"sample-1\.in\.bak: not a sample file"):
        sample_cases(toy_sum(toy))


def test_editor_files_in_judge_data_are_skipped_silently(toy, tmp_path):
    official = tmp_path / "official"
    official.mkdir()
    (official / "big.in").write_text("5 5\n")
    (official / "big.out").write_text("10\n")
    (official / ".#big.in").symlink_to("user@host.1234:1700000000")
    (official / "._big.in").write_bytes(b"\x00\x05\x16\x07")  # macOS AppleDouble file
    for name in ("big.in~", "#big.in#", ".big.in.swp", "big.out~"):
        (official / name).write_text("1\n")
    cases, note = judge_cases(with_judge_data(toy))
    assert note is None
    assert [(case.name, case.expected.name) for case in cases] == [
        ("../official/big.in", "big.out")
    ]


def test_the_build_passes_with_backup_files_beside_the_samples(toy):
    folder = toy / "samples" / "toy_sum"
    (folder / "sample-1.in~").write_text("garbage\n")
    (folder / "#sample-1.out#").write_text("garbage\n")
    code, output = build(toy, "toy_sum")
    assert code == 0, output
    assert "1/1 cases" in output and "not a sample file" not in output


# --- a lone NAME.in: run, with no answer to compare -------------------------------------------


def test_a_lone_sample_input_is_a_case_without_an_answer(toy):
    (toy / "samples" / "toy_sum" / "big.in").write_text("5 5\n")
    cases = sample_cases(toy_sum(toy))
    assert [(case.name, case.expected) for case in cases] == [
        ("samples/toy_sum/big.in", None),
        ("samples/toy_sum/sample-1.in", toy / "samples" / "toy_sum" / "sample-1.out"),
    ]


def test_judge_data_takes_ans_answers_and_lone_inputs(toy, tmp_path):
    official = tmp_path / "official"
    official.mkdir()
    (official / "a.in").write_text("1\n")
    (official / "a.ans").write_text("1\n")
    (official / "b.in").write_text("2\n")
    (official / "c.in").write_text("3\n")
    (official / "c.out").write_text("3\n")
    cases, _ = judge_cases(with_judge_data(toy))
    assert [(case.name, case.expected and case.expected.name) for case in cases] == [
        ("../official/a.in", "a.ans"),
        ("../official/b.in", None),
        ("../official/c.in", "c.out"),
    ]
    (official / "c.ans").write_text("3\n")
    with pytest.raises(BuildError, match=r"^toy_sum: \.\./official/c\.ans: both \.out and \.ans"):
        judge_cases(toy_sum(toy))


def test_a_judge_data_answer_that_is_a_folder_or_a_dead_link_is_named_as_a_sample_s_is(
    toy, tmp_path
):
    """Both were passed over: their cases ran without an answer and the build passed."""
    official = tmp_path / "official"
    official.mkdir()
    for name in ("a.in", "b.in", "c.in"):
        (official / name).write_text("1\n")
    (official / "a.out").mkdir()
    (official / "b.ans").symlink_to("nowhere")
    with pytest.raises(BuildError) as caught:
        judge_cases(with_judge_data(toy))
    assert str(caught.value) == (
        "toy_sum: 2 judge data files are wrong: ../official/a.out: a folder (cases are not "
        "looked for in subfolders); ../official/b.ans: a link to nothing"
    )
    (official / "a.out").rmdir()
    (official / "b.ans").unlink()
    (official / "b.in").unlink()
    (official / "b.in").symlink_to("nowhere")  # an input likewise
    with pytest.raises(BuildError, match=r"^toy_sum: \.\./official/b\.in: a link to nothing$"):
        judge_cases(toy_sum(toy))


def test_a_lone_input_runs_and_is_reported_as_without_answer(toy):
    (toy / "samples" / "toy_sum" / "sample-2.in").write_text("5 5\n")
    code, output = build(toy, "toy_sum", "-v")
    assert code == 0, output
    progress = next(line for line in output.splitlines() if line.startswith("[1/1] toy_sum"))
    assert "2/2 cases, 1 without answer" in progress
    table = output[output.index("\nproblem ") :]
    assert "2/2 (1 without answer)" in table
    assert (
        "toy_sum: note: no answer to compare for samples/toy_sum/sample-2.in (no NAME.out or "
        "NAME.ans): ran and ended cleanly within the limits, output not checked"
    ) in output
    verdict = next(line for line in output.splitlines() if "sample-2.in" in line and "ok" in line)
    assert verdict.endswith("(ran, no answer to compare)")
    sample_1 = next(line for line in output.splitlines() if "sample-1.in  " in line)
    assert "no answer" not in sample_1
    assert (toy / "dist" / "toy_sum.py").is_file()


def test_a_lone_input_that_crashes_still_fails(toy):
    (toy / "samples" / "toy_sum" / "sample-2.in").write_text("x y\n")  # int("x") raises
    code, output = build(toy, "toy_sum", "--diff")
    assert code == 1, output
    progress = next(line for line in output.splitlines() if line.startswith("[1/1] toy_sum"))
    assert "1/2 cases (1 RE)" in progress and "without answer" not in progress
    assert "toy_sum: samples/toy_sum/sample-2.in: runtime error: exit status 1" in output
    assert "expected: (no answer file)" in output
    assert "no answer to compare" not in output and "FAILED: toy_sum" in output
    assert not (toy / "dist" / "toy_sum.py").exists()


# --- --diff: what a terminal hides, shown ---------------------------------------------------


def test_build_diff_of_a_crlf_answer_shows_each_carriage_return(toy):
    out = toy / "samples" / "toy_sum" / "sample-1.out"
    text = out.read_text().replace("line 3:      6", "line 3:      7")
    out.write_bytes(text.replace("\n", "\r\n").encode())
    code, output = build(toy, "toy_sum", "--diff")
    assert code == 1, output
    expected = output[output.index("\nexpected:") : output.index("\ngot:")]
    got = output[output.index("\ngot:") :]
    assert "\n    line 3:      7\u240d\n" in expected and "\n    end\u240d\n" in expected
    assert "\n    line 3:      6\n" in got and "\u240d" not in got.split("\nproblem ")[0]


# --- a note for samples with CRLF line ends ----------------------------------------------------


def test_samples_with_crlf_line_ends_get_a_note(toy):
    folder = toy / "samples" / "toy_sum"
    for name in ("sample-1.in", "sample-1.out"):
        path = folder / name
        path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    code, output = build(toy, "toy_sum")
    assert code == 0, output  # the lines comparison ignores a line's trailing \r
    notes = [line for line in output.splitlines() if "CRLF" in line]
    assert notes == [
        "toy_sum: note: CRLF (\\r\\n) line ends in samples/toy_sum/sample-1.in: the solution "
        "reads each \\r of an input, which a judge's files seldom hold; in "
        "samples/toy_sum/sample-1.out: answers are compared without their \\r, except by a "
        "checker (dos2unix converts them)"
    ]

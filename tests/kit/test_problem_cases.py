"""kit.problem_cases: a problem's cases as online-judge-tools' ``oj t`` finds them, and what
the build says of them: samples named as judges name them, paired in natural order, each wrong
file named at once, a missing samples folder said how to fill; editors' backup files skipped, a
lone ``NAME.in`` run without an answer and said so; a package's cases in the judge's order;
``--diff`` showing the carriage returns of a CRLF answer, and a note for samples with CRLF line
ends, inputs without a final newline, or a byte order mark (how kit.building.report renders
diffs and notes is tests/kit/building/test_report.py's)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kit.errors import BuildError
from kit.judges.output_chunks import CHUNK
from kit.problem_cases import (
    byte_order_note,
    case_file,
    empty_files_note,
    encoding_note,
    file_shown,
    final_newline_note,
    judge_cases,
    line_end_note,
    missing_case,
    named_as_answers_notes,
    reads_stdin,
    sample_cases,
    stray_files_note,
)
from kit.registry import load_registry
from tests.memory_support import traced_peak
from tests.package_support import workspace, zipped_guess

ROOT = Path(__file__).resolve().parents[2]
TOY_TABLES = ROOT / "kit" / "data" / "toy" / "problems.toml"


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


def toy_sum_with(root, keys):
    """toy_sum with ``keys`` (lines of problems.toml) added to its table as the toy has it (a
    second call starts again from the toy's)."""
    text = TOY_TABLES.read_text().replace("memory_limit = 64\n", f"memory_limit = 64\n{keys}\n", 1)
    (root / "problems.toml").write_text(text)
    return toy_sum(root)


def with_judge_data(root, folder="../official"):
    registry = root / "problems.toml"
    text = registry.read_text().replace(
        "memory_limit = 64\n", f'memory_limit = 64\njudge_data = "{folder}"\n', 1
    )
    registry.write_text(text)
    return toy_sum(root)


# --- samples: names, order, and the files said wrong ------------------------------------------


def test_interactive_samples_are_the_interactor_s_inputs_only(toy):
    (toy / "judge.py").write_text("import sys\n")
    text = (toy / "problems.toml").read_text()
    interactive = 'kind = "interactive"\ninteractor = "judge.py"'
    (toy / "problems.toml").write_text(text.replace('kind = "batch"', interactive, 1))
    problem = toy_sum(toy)
    with pytest.raises(BuildError, match=r"samples are the interactor's inputs only"):
        sample_cases(problem)
    (toy / "samples" / "toy_sum" / "sample-1.out").unlink()
    cases = sample_cases(problem)
    assert [(case.name, case.expected) for case in cases] == [("samples/toy_sum/sample-1.in", None)]


READS_ITS_ANSWER = (  # a Kattis interactive validator that fails on an empty ANSWER
    "import sys\nbudget = int(open(sys.argv[2]).read())\nprint(budget, flush=True)\n"
    "sys.exit(42 if sys.stdin.readline().strip() == str(budget) else 43)\n"
)


def _with_kattis_validator(toy):
    """The toy's interactive problem judged by a kattis: validator reading its ANSWER."""
    (toy / "validator.py").write_text(READS_ITS_ANSWER)
    text = (toy / "problems.toml").read_text()
    setting = 'interactor = "kattis:validator.py"'
    (toy / "problems.toml").write_text(
        text.replace('interactor = "interactors/toy_echo.py"', setting)
    )


def test_a_kattis_interactor_s_sample_answer_is_its_answer_in_the_build(toy):
    """As judge data's: the build refused the whole problem (samples are inputs only), and
    without the answer the validator got an empty one."""
    _with_kattis_validator(toy)
    folder = toy / "samples" / "toy_echo"
    (folder / "sample-1.ans").write_text("7\n")
    cases = sample_cases(load_registry(toy)["toy_echo"])
    assert [(case.name, case.expected) for case in cases] == [
        ("samples/toy_echo/sample-1.in", folder / "sample-1.ans")
    ]
    code, output = build(toy, "toy_echo")
    assert code == 0, output
    (folder / "sample-1.ans").rename(folder / "sample-1.out")  # the kit's other answer suffix
    assert build(toy, "toy_echo")[0] == 0
    (folder / "sample-1.out").unlink()
    code, output = build(toy, "toy_echo")
    assert code == 1 and "judge error: interactor failed" in output, output


def test_a_kattis_interactor_s_sample_answer_gets_the_sample_notes(toy):
    """The notes for CRLF line ends, a missing final newline and a byte order mark passed over
    an interactive problem's samples, and its answer files, which a kattis: validator reads,
    with them: they name both, and what the interactor reads."""
    _with_kattis_validator(toy)
    folder = toy / "samples" / "toy_echo"
    answer = folder / "sample-1.ans"
    answer.write_bytes(b"\xef\xbb\xbf7\r\n")
    problem = load_registry(toy)["toy_echo"]
    assert line_end_note(problem) == (
        "note: CRLF (\\r\\n) line ends in samples/toy_echo/sample-1.ans: the interactor reads "
        "each \\r, which a judge's files seldom hold (dos2unix converts them)"
    )
    assert byte_order_note(problem) == (
        "note: samples/toy_echo/sample-1.ans starts with a UTF-8 byte order mark (an editor's), "
        "which a judge's files do not have: the interactor reads it as the file's first "
        "character ('\\ufeff') (save as UTF-8 without it)"
    )
    answer.write_bytes(b"7")
    assert final_newline_note(problem) == (
        "note: samples/toy_echo/sample-1.ans has no final newline, which a judge's files have: "
        "the interactor reads its last line without a '\\n' (end the file with a newline)"
    )
    code, output = build(toy, "toy_echo")
    assert code == 0, output
    assert "toy_echo: note: samples/toy_echo/sample-1.ans has no final newline" in output
    answer.write_bytes(b"")  # an interactor's answer may be empty by design: no note
    assert empty_files_note(problem) is None


def test_samples_named_as_kattis_and_polygon_name_them_pair_in_natural_order(toy):
    folder = toy / "samples" / "toy_sum"
    for name in ["10.in", "10.ans", "2.in", "2.ans", "1.in", "1.ans", "sample-3.out"]:
        (folder / name).write_text("1\n")
    (folder / "sample-1.in").rename(folder / "sample-3.in")
    (folder / "sample-1.out").unlink()
    names = [case.name for case in sample_cases(toy_sum(toy))]
    assert names == [f"samples/toy_sum/{name}.in" for name in ("1", "2", "10", "sample-3")]
    answers = [case.expected.name for case in sample_cases(toy_sum(toy))]
    assert answers == ["1.ans", "2.ans", "10.ans", "sample-3.out"]


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (["a.ans"], "samples/toy_sum/a.ans has no a.in"),
        (["a.in", "a.out", "a.ans"], "samples/toy_sum/a.ans: both .out and .ans"),
        (["a.in", "a.out", "a.txt"], "samples/toy_sum/a.txt: not a sample file"),
    ],
)
def test_a_lone_or_doubled_sample_file_is_named(toy, files, message):
    for name in files:
        (toy / "samples" / "toy_sum" / name).write_text("1\n")
    with pytest.raises(BuildError) as raised:
        sample_cases(toy_sum(toy))
    assert str(raised.value).startswith(f"toy_sum: {message}")


def test_a_folder_or_a_broken_link_named_as_a_sample_says_what_it_is(toy):
    """oj's layout copied in (``test/``), a folder named ``b.out``, a link to nothing: each
    named for what it is, before any run (a run would blame the solution)."""
    folder = toy / "samples" / "toy_sum"
    (folder / "test").mkdir()
    (folder / "b.in").write_text("1\n")
    (folder / "b.out").mkdir()
    (folder / "c.in").symlink_to(folder / "nowhere.in")
    with pytest.raises(BuildError) as raised:
        sample_cases(toy_sum(toy))
    said = str(raised.value)
    assert said.startswith("toy_sum: 3 sample files are wrong: "), said
    assert "samples/toy_sum/b.out: a folder (samples are not looked for in subfolders)" in said
    assert "samples/toy_sum/c.in: a link to nothing" in said
    assert "samples/toy_sum/test: a folder (samples are not looked for in subfolders)" in said


def test_an_answer_whose_input_is_said_wrong_is_not_said_lacking_it(toy):
    """An input that cannot be read (here a link to nothing) with its answer beside it: its
    answer was also said to have no input, a second error for one file."""
    folder = toy / "samples" / "toy_sum"
    (folder / "sample-1.in").unlink()
    (folder / "sample-1.in").symlink_to(folder / "nowhere.in")
    with pytest.raises(BuildError) as raised:
        sample_cases(toy_sum(toy))
    assert str(raised.value) == "toy_sum: samples/toy_sum/sample-1.in: a link to nothing"


def test_a_pipe_named_as_a_sample_is_said_at_once_not_read(toy, hang_fails):
    """Opening a named pipe to see whether it reads waits for a writer forever."""
    os.mkfifo(toy / "samples" / "toy_sum" / "sample-3.in")
    with pytest.raises(BuildError) as raised:
        sample_cases(toy_sum(toy))
    assert str(raised.value) == (
        "toy_sum: samples/toy_sum/sample-3.in: not a regular file (a pipe, a socket or a device)"
    )


def test_every_wrong_sample_file_is_named_at_once(toy):
    for name in ["a.ans", "b.in", "b.out", "b.ans", "c-1.txt", "d.in"]:
        (toy / "samples" / "toy_sum" / name).write_text("1\n")
    with pytest.raises(BuildError) as raised:
        sample_cases(toy_sum(toy))
    assert str(raised.value) == (
        "toy_sum: 3 sample files are wrong: samples/toy_sum/c-1.txt: not a sample file (expected "
        "NAME.in with NAME.out or NAME.ans); samples/toy_sum/a.ans has no a.in; "
        "samples/toy_sum/b.ans: both .out and .ans for one sample (keep one)"
    )


def test_files_of_another_kind_in_the_samples_folder_are_passed_over_with_a_note(toy):
    """notes.txt, README.md and gen.py beside the samples: "not built" (not a sample file),
    though none of them could be a case; a name that could be one is still refused."""
    folder = toy / "samples" / "toy_sum"
    assert stray_files_note(toy_sum(toy)) is None
    for name in ("notes.txt", "README.md", "gen.py"):
        (folder / name).write_text("x\n")
    code, output = build(toy, "toy_sum")
    assert code == 0, output
    notes = [line for line in output.splitlines() if "passed over" in line]
    assert notes == [
        "toy_sum: note: samples/toy_sum/README.md, samples/toy_sum/gen.py, "
        "samples/toy_sum/notes.txt passed over, not cases by their kind (oj t stops at them: "
        "unrecognizable file found)"
    ]
    (folder / "gen.py").unlink()
    (folder / "README.md").unlink()
    assert stray_files_note(toy_sum(toy)) == (
        "note: samples/toy_sum/notes.txt passed over, not a case by its kind (oj t stops at it: "
        "unrecognizable file found)"
    )
    (folder / "sample-1.txt").write_text("3\n")
    with pytest.raises(BuildError, match=r"sample-1\.txt: not a sample file"):
        sample_cases(toy_sum(toy))


def test_answers_put_in_an_input_folder_without_its_answers_are_said_to_be_inputs(toy, tmp_path):
    """``in/a.out`` beside ``in/a.in`` and no ``out/``: the build read both as inputs, the
    case ``without answer`` in silence where ``run`` said so; now a line per folder says it,
    the samples' and the judge data's; none once ``out/`` answers them."""
    folder = toy / "samples" / "toy_sum"
    given = (folder / "sample-1.in").read_text()
    for path in folder.iterdir():
        path.unlink()
    for inputs in (folder / "in", tmp_path / "official" / "in"):
        inputs.mkdir(parents=True)
        for name in ("a.in", "a.out", "b.in", "b.ans"):
            (inputs / name).write_text(given)
    problem = with_judge_data(toy)
    said = (
        "in/: a.out beside a.in and b.ans beside b.in are other inputs to the build, which has "
        "no answer for them (in/ with out/ reads the answers from out/)"
    )
    code, output = build(toy, "toy_sum")
    assert code == 0, output
    assert [line for line in output.splitlines() if "other inputs" in line] == [
        f"toy_sum: note: samples/toy_sum/{said}",
        f"toy_sum: note: ../official/{said}",
    ]
    # said once: the note of cases without answer names the inputs alone
    (unanswered,) = [line for line in output.splitlines() if "no answer to compare" in line]
    assert unanswered.startswith(
        "toy_sum: note: no answer to compare for samples/toy_sum/in/a.in, samples/toy_sum/in/b.in,"
        " ../official/in/a.in, ../official/in/b.in (no answer file: "
    ), unanswered
    shutil.rmtree(folder / "in")
    (folder / "a.in").write_text(given)  # flat samples, no layout
    named = {f"../official/in/{name}" for name in ("a.out", "b.ans")}
    assert named_as_answers_notes(problem) == ([f"note: ../official/{said}"], named)
    (tmp_path / "official" / "out").mkdir()
    (tmp_path / "official" / "out" / "a.out").write_text("6\n")
    one = (
        "note: ../official/in/: b.ans beside b.in is another input to the build, which has no "
        "answer for it (in/ with out/ reads the answers from out/)"
    )
    assert named_as_answers_notes(problem) == ([one], {"../official/in/b.ans"})
    (tmp_path / "official" / "out" / "b.ans").write_text("6\n")
    assert named_as_answers_notes(problem) == ([], set())


def test_samples_may_be_read_where_the_repository_keeps_them(toy):
    """online-judge-tools' ``abc300/a/test/sample-1.in``: ``samples =
    "abc300/a/test"``; unnamed, the missing samples folder's message points at it."""
    test = toy / "abc300" / "a" / "test"
    test.mkdir(parents=True)
    shutil.copy(toy / "samples" / "toy_sum" / "sample-1.in", test)
    shutil.copy(toy / "samples" / "toy_sum" / "sample-1.out", test)
    problem = toy_sum_with(toy, 'samples = "abc300/a/test"')
    assert [case.input for case in sample_cases(problem)] == [test / "sample-1.in"]
    shutil.rmtree(toy / "samples" / "toy_sum")
    alone = toy_sum_with(toy, 'solution = "abc300/a/main.py"')
    with pytest.raises(BuildError) as caught:
        sample_cases(alone)
    assert str(caught.value) == (
        "toy_sum: samples/toy_sum/ is missing (no samples); abc300/a/test/ beside the solution "
        'holds some: samples = "abc300/a/test" reads it'
    )


def test_a_missing_samples_folder_says_how_to_fill_it(toy):
    """A folder the ``samples`` key names before acc or ``oj d`` downloads into it (git keeps
    none of atcoder-cli's ``tests/`` when it ignores ``*.in``), or an interactive problem's:
    its message said only that it is missing."""
    shutil.rmtree(toy / "samples" / "toy_echo")  # an interactor's: no exchanges downloaded
    with pytest.raises(BuildError) as caught:
        sample_cases(load_registry(toy)["toy_echo"])
    assert str(caught.value) == (
        "toy_echo: samples/toy_echo/ is missing (no samples): add sample-1.in, the interactor's "
        "input"
    )
    problem = toy_sum_with(toy, 'samples = "abc300/a/tests"')
    with pytest.raises(BuildError) as caught:
        sample_cases(problem)
    assert str(caught.value) == (
        "toy_sum: abc300/a/tests/ is missing (no samples): add sample-1.in and sample-1.out, or "
        "download them from the problem's page (oj d URL -d abc300/a/tests)"
    )


def test_a_missing_samples_folder_s_download_names_the_problem_s_url(toy):
    """The page's address, when problems.toml has it, in place of ``URL`` (quoted for the
    shell where it needs it); an interactive problem's message stays the same."""
    task = "https://atcoder.jp/contests/abc300/tasks/abc300_a"
    problem = toy_sum_with(toy, f'samples = "abc300/a/tests"\nurl = "{task}"')
    with pytest.raises(BuildError) as caught:
        sample_cases(problem)
    assert str(caught.value).endswith(f"(oj d {task} -d abc300/a/tests)")
    problem = toy_sum_with(toy, 'samples = "p/tests"\nurl = "http://poj.org/problem?id=1000"')
    with pytest.raises(BuildError) as caught:
        sample_cases(problem)
    assert str(caught.value).endswith("(oj d 'http://poj.org/problem?id=1000' -d p/tests)")
    shutil.rmtree(toy / "samples" / "toy_echo")
    table = (toy / "problems.toml").read_text()
    echo = 'interactor = "interactors/toy_echo.py"\n'
    (toy / "problems.toml").write_text(table.replace(echo, f'{echo}url = "{task}"\n', 1))
    with pytest.raises(BuildError) as caught:
        sample_cases(load_registry(toy)["toy_echo"])
    assert str(caught.value).endswith(
        "is missing (no samples): add sample-1.in, the interactor's input"
    )


def test_a_missing_samples_folder_points_at_atcoder_cli_s_tests_beside_the_solution(toy):
    """atcoder-cli downloads a task's samples into ``tests/`` beside its ``main.py`` (its
    ``default-test-dirname-format``); the hint named online-judge-tools' ``test/`` only."""
    tests = toy / "abc300" / "a" / "tests"
    tests.mkdir(parents=True)
    shutil.copy(toy / "samples" / "toy_sum" / "sample-1.in", tests)
    shutil.rmtree(toy / "samples" / "toy_sum")
    alone = toy_sum_with(toy, 'solution = "abc300/a/main.py"')
    with pytest.raises(BuildError) as caught:
        sample_cases(alone)
    assert str(caught.value).endswith(
        'abc300/a/tests/ beside the solution holds some: samples = "abc300/a/tests" reads it'
    )


def test_samples_named_as_a_file_are_said_to_be_one(toy):
    problem = toy_sum_with(toy, 'samples = "solutions/toy_sum.py"')
    with pytest.raises(BuildError) as caught:
        sample_cases(problem)
    assert str(caught.value) == (
        "toy_sum: solutions/toy_sum.py is a file, not a samples folder"
    )  # it said "solutions/toy_sum.py/ is missing"


# --- a package's cases ------------------------------------------------------------------------


def test_a_package_s_cases_are_its_groups_in_the_judge_s_order_with_its_notes(tmp_path):
    plain = workspace(tmp_path, '[plain]\npackage = "packages/kattis_sum"\n')["plain"]
    names = [case.name for case in sample_cases(plain) + judge_cases(plain)[0]]
    assert names[0] == "packages/kattis_sum/data/sample/1.in"
    assert names[-1] == "packages/kattis_sum/data/secret/group_neg/sub/01.in"
    assert judge_cases(plain)[1] is None
    lone = tmp_path / "ws" / "packages" / "kattis_sum" / "data" / "secret" / "zz_no_answer.in"
    lone.write_text("1 2\n")
    assert "zz_no_answer.in" in judge_cases(load_registry(tmp_path / "ws")["plain"])[1]


# --- backup and editor files ----------------------------------------------------------------

EDITOR_FILES = [
    "sample-1.in~",  # Emacs' and many editors' backups
    "sample-1.out~",
    "#sample-1.in#",  # Emacs' auto-save
    ".#sample-1.in",  # Emacs' lock (a dangling link)
    ".sample-1.in.swp",  # Vim's swap files
    ".sample-1.out.swo",
    "2.in.orig",  # left by patch and by git mergetool beside a merged file
    "sample-1.out.rej",  # patch's rejected hunks
    "sample-1.in.bak",  # many tools' backups
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
    (toy / "samples" / "toy_sum" / "sample-1.in.old").write_text("1\n")
    with pytest.raises(BuildError, match=r"sample-1\.in\.old: not a sample file"):
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
        "toy_sum: note: no answer to compare for samples/toy_sum/sample-2.in (no answer file: "
        "NAME.out or NAME.ans, or its file in out/, test_out/ or output/): ran and ended "
        "cleanly within the limits, output not checked"
    ) in output
    lines = output.splitlines()
    verdicts = [line for line in lines if line.startswith("    ") and "sample-2.in  " in line]
    assert verdicts  # one per target, none of them ok
    for verdict in verdicts:
        assert verdict.startswith("    without answer samples/toy_sum/sample-2.in  ")
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
    assert "\n    line 3:      7\\r\n" in expected and "\n    end\\r\n" in expected
    assert "\n    line 3:      6\n" in got and "\\r" not in got.split("\nproblem ")[0]


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


def test_the_crlf_note_tells_inputs_from_answers_of_a_subfolder_layout(toy):
    """AtCoder's ``in/01.txt`` and ``out/01.txt``: both were taken for answers (not ``.in``)."""
    folder = toy / "samples" / "toy_sum"
    for name, sub in (("sample-1.in", "in"), ("sample-1.out", "out")):
        (folder / sub).mkdir()
        text = (folder / name).read_bytes()
        (folder / sub / "01.txt").write_bytes(text.replace(b"\n", b"\r\n"))
        (folder / name).unlink()
    note = line_end_note(toy_sum(toy))
    assert note is not None
    assert "in samples/toy_sum/in/01.txt: the solution reads each \\r" in note
    assert "in samples/toy_sum/out/01.txt: answers are compared without" in note


# --- a note for sample inputs without a final newline ----------------------------------------


def test_a_sample_input_without_a_final_newline_gets_a_note(toy):
    """A pasted "1 2" with no newline passed here and got no word, though a judge's file
    has one (readline()[:-1] reads it otherwise there)."""
    folder = toy / "samples" / "toy_sum"
    assert final_newline_note(toy_sum(toy)) is None
    for name in ("sample-1.in", "sample-1.out"):  # an answer's is compared without it
        path = folder / name
        path.write_bytes(path.read_bytes().rstrip(b"\n"))
    code, output = build(toy, "toy_sum")
    assert code == 0, output
    notes = [line for line in output.splitlines() if "final newline" in line]
    assert notes == [
        "toy_sum: note: samples/toy_sum/sample-1.in has no final newline, which a judge's "
        "input files have: the last line, read by sys.stdin.readline(), has no '\\n' to strip "
        "(readline()[:-1] cuts its last character) (end the file with a newline)"
    ]
    (folder / "sample-1.in").write_bytes(b" \n ")  # blank: the empty files' note says it
    assert final_newline_note(toy_sum(toy)) is None


# --- a note for samples that start with a byte order mark ------------------------------------


def test_samples_that_start_with_a_byte_order_mark_get_a_note_and_keep_their_verdict(toy):
    """An editor's byte order mark: the answer's made "expected '\\ufeff6', got '6'" with no
    word why, the input's a ValueError. The verdict stays a judge's (testlib skips one opening
    the output, never the answer's), the note says why."""
    folder = toy / "samples" / "toy_sum"
    for name in ("sample-1.in", "sample-1.out"):
        path = folder / name
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    code, output = build(toy, "toy_sum")
    assert code == 1, output
    notes = [line for line in output.splitlines() if "byte order" in line]
    assert notes == [
        "toy_sum: note: samples/toy_sum/sample-1.in, samples/toy_sum/sample-1.out start with a "
        "UTF-8 byte order mark (an editor's), which a judge's files do not have: the solution "
        "reads an input's as its first character ('\\ufeff'); an answer's is compared as part "
        "of its first line (save as UTF-8 without it)"
    ]


def test_the_byte_order_note_names_an_answer_alone_and_nothing_without_one(toy):
    assert byte_order_note(toy_sum(toy)) is None
    path = toy / "samples" / "toy_sum" / "sample-1.out"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert byte_order_note(toy_sum(toy)) == (
        "note: samples/toy_sum/sample-1.out starts with a UTF-8 byte order mark (an editor's), "
        "which a judge's files do not have: an answer's is compared as part of its first line "
        "(save as UTF-8 without it)"
    )


@pytest.mark.parametrize(
    "compare, part",
    [
        ("lines", "first line"),
        ("std:lcmp", "first line"),
        ("tokens", "first token"),
        ("float:1e-6", "first token"),
        ("kattis", "first token"),
        ("checker:check.py", "first word or line"),
    ],
)
def test_the_byte_order_note_names_what_of_an_answer_its_rule_compares(toy, compare, part):
    """It said "compared as part of its first token" under ``compare = "lines"`` too, where
    the mark is part of the first line ("line 1: expected '\\ufeff6'")."""
    path = toy / "samples" / "toy_sum" / "sample-1.out"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    note = byte_order_note(toy_sum_with(toy, f'compare = "{compare}"'))
    assert note.endswith(
        f"an answer's is compared as part of its {part} (save as UTF-8 without it)"
    )


# --- a note for sample files that are not UTF-8 -----------------------------------------------


def test_the_encoding_note_names_each_file_not_utf8_with_its_first_bad_byte_and_offset(toy):
    assert encoding_note(toy_sum(toy)) is None
    (toy / "samples" / "toy_sum" / "sample-1.in").write_bytes(b"1 \xff2\n")
    answer = "\u20ac".encode() * (CHUNK // 3 + 1) + b"\xe9\n"  # a sequence across a chunk's end
    (toy / "samples" / "toy_sum" / "sample-1.out").write_bytes(answer)
    assert encoding_note(toy_sum(toy)) == (
        "note: not UTF-8: samples/toy_sum/sample-1.in (byte 0xff at offset 2), "
        f"samples/toy_sum/sample-1.out (byte 0xe9 at offset {len(answer) - 2}): fed to the run "
        "and compared byte for byte, as a judge does; a program reading an input as text may "
        "fail to decode it (UnicodeDecodeError: read sys.stdin.buffer, or save the file as UTF-8)"
    )


def test_a_sequence_cut_at_the_file_s_end_is_not_utf8_where_it_starts(toy):
    (toy / "samples" / "toy_sum" / "sample-1.in").write_bytes(b"1 2\n\xe2\x82")
    assert "sample-1.in (byte 0xe2 at offset 4)" in encoding_note(toy_sum(toy))


def test_a_sample_not_utf8_is_one_note_beside_the_run_s_verdict_never_the_kit_s_traceback(toy):
    """The runs get its bytes as they are (the toy's solution decodes them: a run error of
    its own); the kit's reading of it for the notes and the diff does not fail."""
    (toy / "samples" / "toy_sum" / "sample-1.in").write_bytes(b"1 \xe92\n")
    code, output = build(toy, "toy_sum", "--diff")
    assert code == 1, output
    assert "UnicodeDecodeError" in output and 'File "' + str(ROOT) not in output
    notes = [line for line in output.splitlines() if "not UTF-8" in line]
    assert len(notes) == 1 and "samples/toy_sum/sample-1.in (byte 0xe9 at offset 2)" in notes[0]


# --- a note for empty sample files ------------------------------------------------------------


def test_an_empty_sample_answer_gets_a_note_beside_its_wrong_answer(toy):
    """An answer not pasted: the build said "expected end of output, got '7'" alone."""
    (toy / "samples" / "toy_sum" / "sample-1.out").write_bytes(b"\n")
    code, output = build(toy, "toy_sum")
    assert code == 1, output
    notes = [line for line in output.splitlines() if "whitespace" in line]
    assert notes == [
        "toy_sum: note: nothing but whitespace in samples/toy_sum/sample-1.out (no output is "
        "expected): was the sample pasted?"
    ]


def test_the_empty_files_note_names_empty_inputs_and_nothing_for_full_samples(toy):
    assert empty_files_note(toy_sum(toy)) is None
    (toy / "samples" / "toy_sum" / "sample-1.in").write_bytes(b"")
    note = empty_files_note(toy_sum(toy))
    assert note is not None and "in samples/toy_sum/sample-1.in (the solution reads no" in note


def test_an_empty_input_of_a_solution_that_reads_no_stdin_is_not_noted(toy):
    """Kattis' hello: its input is empty, and its solution reads none; an answer still is."""
    (toy / "samples" / "toy_sum" / "sample-1.in").write_bytes(b"")
    assert empty_files_note(toy_sum(toy), reads_stdin=False) is None
    (toy / "samples" / "toy_sum" / "sample-1.out").write_bytes(b"\n")
    assert empty_files_note(toy_sum(toy), reads_stdin=False) == (
        "note: nothing but whitespace in samples/toy_sum/sample-1.out (no output is expected): "
        "was the sample pasted?"
    )


def test_an_empty_input_read_from_a_named_input_file_is_noted_whatever_the_program_reads(
    toy, monkeypatch
):
    """A Polygon package's ``input-file="a.in"``: the program opens it by its name, which the
    static look for a read of stdin does not know (``reads_stdin``)."""
    (toy / "samples" / "toy_sum" / "sample-1.in").write_bytes(b"")
    problem = toy_sum(toy)
    monkeypatch.setattr(type(problem), "named_files", property(lambda _: ("a.in", "")))
    assert empty_files_note(problem, reads_stdin=False) == (
        "note: nothing but whitespace in samples/toy_sum/sample-1.in (the solution reads no "
        "input): was the sample pasted?"
    )


@pytest.mark.parametrize(
    ("text", "reads"),
    [('print("Hello World!")\n', False),
     ("n = int(input())\n", True), ("import sys\ndata = sys.stdin.buffer.read()\n", True),
     ("data = open(0).read()\n", True), ("import os\ndata = os.read(0, 1 << 20)\n", True),
     ("import fileinput\n", True), ("from sys import stdin\n", True),
     ("data = open('/dev/stdin').read()\n", True),
     ("input_size = 3\nprint(input_size)\n", False),
     ("import sys\ndata = sys.__stdin__.read()\n", True),
     ("import os\ndata = os.fdopen(0, 'rb').read()\n", True),
     ("import io\ndata = io.FileIO(0).read()\n", True), ("data = open(file=0).read()\n", True),
     ("data = open('/proc/self/fd/0').read()\n", True)],
)  # fmt: skip
def test_reads_stdin_is_a_static_look_for_the_names_that_read_it(text, reads):
    assert reads_stdin(text) == reads


def test_a_solution_that_reads_no_stdin_gets_no_note_of_its_empty_input(toy):
    """Kattis' hello through the build: ok, and no "was the sample pasted?" on every build."""
    (toy / "solutions" / "toy_sum.py").write_text('print("Hello World!")\n')
    (toy / "samples" / "toy_sum" / "sample-1.in").write_bytes(b"")
    (toy / "samples" / "toy_sum" / "sample-1.out").write_text("Hello World!\n")
    code, output = build(toy, "toy_sum")
    assert code == 0, output
    assert "whitespace" not in output


@pytest.mark.parametrize(
    ("note", "ending", "said"),
    [
        (empty_files_note, b"", "samples/toy_sum/sample-1.in (the solution reads no input)"),
        (final_newline_note, b"1 2", "samples/toy_sum/sample-1.in has no final newline"),
        (line_end_note, b"1 2\r\n", "in samples/toy_sum/sample-1.in: the solution reads each"),
    ],
    ids=["blank", "no final newline", "CRLF"],
)
def test_a_large_sample_is_read_for_its_notes_a_chunk_at_a_time(toy, note, ending, said):
    """A 16 MiB sample of blanks (and what the note is about at its end) is read a chunk at a
    time: read whole, and stripped for two of the notes, it cost its size once or twice more
    (a 1 GiB sample, 2 GiB)."""
    (toy / "samples" / "toy_sum" / "sample-1.in").write_bytes(b" \n" * (8 << 20) + ending)
    problem = toy_sum(toy)
    peak, told = traced_peak(lambda: note(problem))
    assert told is not None and said in told
    assert peak < 1 << 20


def test_a_crlf_split_between_two_chunks_is_found(toy):
    (toy / "samples" / "toy_sum" / "sample-1.in").write_bytes(b"1" * (CHUNK - 1) + b"\r\n")
    note = line_end_note(toy_sum(toy))
    assert note is not None and "in samples/toy_sum/sample-1.in: the solution" in note


def test_a_zipped_interactive_package_s_empty_answer_gets_no_note_and_its_files_their_names(
    toy, cache_home, monkeypatch
):
    """An interactor's answer may be empty by design: the note asked whether it was pasted,
    naming it by its place in the kit's cache; a file of the package is named as the build
    names its cases, and that name gives the file back."""
    zipped_guess(toy)
    monkeypatch.chdir(toy)
    problem = load_registry(toy)["pg"]
    (case,) = sample_cases(problem)
    assert case.expected.read_text() == "" and empty_files_note(problem) is None
    assert file_shown(problem, case.expected) == "guess pkg é.zip/tests/01.a"
    assert case_file(problem, Path("guess pkg é.zip/tests/01.a")) == case.expected


def test_a_standard_package_s_made_case_is_named_in_the_package_and_found_by_that_name(
    tmp_path, monkeypatch
):
    """A Polygon package without its answers: the build names a made answer by its path in
    the package (not in the view it was made in), and ``run`` finds the file by that name."""
    from kit import table_package
    from kit.verify.made_answers import answered

    monkeypatch.setattr(table_package, "_MAKING", [])
    table_package.making_with(lambda folder, shown: answered(folder, shown, None))
    workspace(tmp_path, "")
    root = tmp_path / "ws"
    for answer in (root / "packages" / "polygon_sum" / "tests").glob("*.a"):
        answer.unlink()
    (root / "problems.toml").write_text('[sum]\npackage = "packages/polygon_sum"\n')
    monkeypatch.chdir(root)
    problem = load_registry(root)["sum"]
    (case,) = sample_cases(problem)
    assert file_shown(problem, case.expected) == "packages/polygon_sum/tests/01.a"
    assert case_file(problem, Path("packages/polygon_sum/tests/01.a")) == case.expected
    assert case.expected.read_bytes() == b"3\n"


@pytest.mark.parametrize("zipped", [False, True])
def test_a_standard_package_s_test_named_as_the_build_names_it_has_its_made_answer(
    tmp_path, monkeypatch, zipped
):
    """A test a Polygon package holds without its answer: ``run SLUG pkg/tests/02`` (or
    ``pkg.zip/tests/02``, through the archive) is the made view's input, whose answer lies
    beside it there, as the build judges the case."""
    from kit import table_package
    from kit.verify.made_answers import answered

    monkeypatch.setattr(table_package, "_MAKING", [])
    table_package.making_with(lambda folder, shown: answered(folder, shown, None))
    workspace(tmp_path, "")
    root = tmp_path / "ws"
    package = root / "packages" / "polygon_sum"
    for answer in (package / "tests").glob("*.a"):
        answer.unlink()
    shown = "packages/polygon_sum"
    if zipped:
        shutil.make_archive(str(root / "pk"), "zip", package)
        shown = "pk.zip"
    (root / "problems.toml").write_text(f'[sum]\npackage = "{shown}"\n')
    monkeypatch.chdir(root)
    problem = load_registry(root)["sum"]
    case = problem.source.cases[1]
    found = case_file(problem, Path(f"{shown}/tests/02"))
    assert found == case.input and found.with_suffix(".a").read_bytes() == b"12\n"
    assert case_file(problem, Path(f"{shown}/tests/02.a")) == case.answer


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("packages/polygon_sum/tests/99", ""),  # past its last test
        ("packages/polygon_sum/test/01", ""),  # not its tests' folder
        ("packages/polygon_sum/tests/1", "; did you mean packages/polygon_sum/tests/01?"),
        ("packages/polygon_sum/Tests/003", "; did you mean packages/polygon_sum/tests/03?"),
        ("packages/polygon_sum/tests/01.ans", "; did you mean packages/polygon_sum/tests/01?"),
    ],
)
def test_a_case_the_package_does_not_hold_is_said_with_the_tests_it_holds(
    tmp_path, monkeypatch, given, said
):
    """``run SLUG pkg/tests/99`` said only ``cannot read: No such file or directory``."""
    workspace(tmp_path, '[sum]\npackage = "packages/polygon_sum"\n')
    root = tmp_path / "ws"
    monkeypatch.chdir(root / "solutions")  # named from the root, as the build names it
    problem = load_registry(root)["sum"]
    assert missing_case(problem, Path(given)) == (
        f"{given}: no such test in sum's package (3 tests: packages/polygon_sum/tests/01 to "
        f"packages/polygon_sum/tests/03{said})"
    )
    assert (
        case_file(problem, Path("packages/polygon_sum/tests/02")) == problem.source.cases[1].input
    )
    for held in ("packages/polygon_sum/tests/02", "elsewhere/tests/99", "packages/x"):
        assert missing_case(problem, Path(held)) is None  # a file, or none of the package


def test_only_a_package_s_file_is_found_from_the_workspace_s_root(tmp_path, monkeypatch):
    """``run sum in.txt`` from solutions/, where no in.txt is, ran the root's in.txt (another
    problem's input, left there) without a word; a problem without a package does not look
    there either. The package's own test, named from the root, is still found."""
    workspace(tmp_path, '[sum]\npackage = "packages/polygon_sum"\n')
    root = tmp_path / "ws"
    (root / "in.txt").write_text("1 2\n")
    monkeypatch.chdir(root / "solutions")
    problem = load_registry(root)["sum"]
    assert case_file(problem, Path("in.txt")) == Path("in.txt")
    assert missing_case(problem, Path("in.txt")) is None  # none of the package: cannot read
    found = case_file(problem, Path("packages/polygon_sum/tests/02"))
    assert found == problem.source.cases[1].input
    monkeypatch.chdir(root)
    assert case_file(problem, Path("in.txt")) == Path("in.txt") and Path("in.txt").is_file()


def test_a_zipped_or_kattis_package_s_missing_case_is_named_as_the_build_names_its_cases(
    toy, tmp_path, cache_home, monkeypatch
):
    """Through the archive (``pkg.zip/tests/2``, its unpacked copy holding no such file), and
    a Kattis package's case named without its suffix."""
    zipped_guess(toy)
    monkeypatch.chdir(toy)
    problem = load_registry(toy)["pg"]
    assert missing_case(problem, Path("guess pkg é.zip/tests/2")) == (
        "guess pkg é.zip/tests/2: no such test in pg's package (2 tests: guess pkg é.zip/tests/01 "
        "to guess pkg é.zip/tests/02; did you mean guess pkg é.zip/tests/02?)"
    )
    workspace(tmp_path, '[ks]\npackage = "packages/kattis_sum"\n')
    problem = load_registry(tmp_path / "ws")["ks"]
    said = missing_case(problem, tmp_path / "ws/packages/kattis_sum/data/secret/01_small")
    assert said is not None and said.endswith(
        "no such case in ks's package (6 cases: packages/kattis_sum/data/sample/1.in to "
        "packages/kattis_sum/data/secret/group_neg/sub/01.in; did you mean "
        "packages/kattis_sum/data/secret/01_small.in?)"
    )


def test_a_missing_case_named_with_a_newline_is_said_on_one_line(tmp_path, monkeypatch):
    """A name holding a newline (or another control character) is quoted, as ``run``'s other
    unknown names are: the error stays one line."""
    workspace(tmp_path, '[sum]\npackage = "packages/polygon_sum"\n')
    monkeypatch.chdir(tmp_path / "ws")
    problem = load_registry(tmp_path / "ws")["sum"]
    said = missing_case(problem, Path("packages/polygon_sum/tests/9\n9"))
    assert said is not None and "\n" not in said
    assert said.startswith("'packages/polygon_sum/tests/9\\n9': no such test in sum's package")

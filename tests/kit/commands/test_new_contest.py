"""kit.commands.new_contest: atcoder-cli's contest.acc.json given to ``new --from``: each task
with a folder made a problem, its submit file and samples' folder adopted (a samples' folder
not there yet too, said so; else the template's, and why), those made already, without a folder
yet or whose folder is gone passed over and said, what goes with one problem refused, every
task checked before any is written and all taken back on a failure; the reading of the file
itself is in tests/kit/pages/test_acc.py."""

import argparse
import json
import shutil
import subprocess

import pytest

from kit import cli
from kit.commands.new_contest import from_contest
from kit.pages import acc
from kit.problem_cases import sample_cases
from kit.registry import load_registry
from tests.acc_support import ACC_TASK, acc_contest, acc_task
from tests.command_support import disk_full_at


def args_for(contest) -> argparse.Namespace:
    """``new --from CONTEST`` as parsed, nothing else given."""
    names = ("slug", "solution", "samples", "time_limit")
    return argparse.Namespace(page=str(contest), interactive=False, **dict.fromkeys(names))


def test_a_task_whose_folder_is_gone_is_passed_over_and_said(toy, capsys):
    acc_task(toy)
    contest = acc_contest(toy, {"a": ACC_TASK, "b": {"path": "b"}})
    assert from_contest(args_for(contest), toy, acc.read_contest(str(contest))) == 0
    out = capsys.readouterr().out
    assert "note: abc300_b: its folder abc300/b is not there: passed over\n" in out
    assert out.endswith(f"next: cpkit abc300_a --root {toy}\n")
    assert "abc300_b" not in load_registry(toy)


def test_a_contest_of_no_tasks_makes_nothing_and_says_so(toy, capsys):
    contest = acc_contest(toy, {})
    assert from_contest(args_for(contest), toy, acc.read_contest(str(contest))) == 0
    assert capsys.readouterr().out == f"nothing new in {contest}: it lists no tasks\n"


def test_the_files_a_contest_s_tasks_wrote_are_named_from_the_current_folder(
    toy, capsys, monkeypatch
):
    """``cd abc300 && cpkit new --from contest.acc.json`` named no file it wrote (``each:
    ... tests/test_SLUG.py``) and the adopted ones from the root (``abc300/a/main.py``), though
    the kit names the files it writes from the current folder, as ``new`` does otherwise."""
    acc_task(toy)
    (toy / "abc300" / "b").mkdir()
    (toy / "abc300" / "c").mkdir()
    (toy / "abc300" / "c" / "main.cpp").write_text("int main() {}\n")
    b_task, c_task = {"path": "b", "submit": "main.py"}, {"path": "c", "submit": "main.cpp"}
    contest = acc_contest(toy, {"a": ACC_TASK, "b": b_task, "c": c_task})
    monkeypatch.chdir(toy / "abc300")
    assert cli.main(["new", "--from", "contest.acc.json"]) == 0
    assert capsys.readouterr().out.splitlines()[1:8] == [
        "  abc300_a  a/main.py (adopted), a/tests/ (adopted)",
        "    ../tests/test_abc300_a.py, ../stress/abc300_a.py, ../bench/abc300_a.py",
        "  abc300_b  ../solutions/abc300_b.py (written: b/main.py is not there), "
        "../samples/abc300_b/ (add sample-1.in/.out)",
        "    ../tests/test_abc300_b.py, ../stress/abc300_b.py, ../bench/abc300_b.py",
        "  abc300_c  ../solutions/abc300_c.py (written: c/main.cpp is not Python), "
        "../samples/abc300_c/ (add sample-1.in/.out)",
        "    ../tests/test_abc300_c.py, ../stress/abc300_c.py, ../bench/abc300_c.py",
        "  each: its table in ../problems.toml (the task's id, title and url)",
    ]
    assert contest.is_file() and (toy / "tests" / "test_abc300_b.py").is_file()


def test_a_contest_file_makes_each_task_adopting_its_folder_s_files(toy, capsys):
    """atcoder-cli's contest.acc.json was refused, saying to run new --from on each task's
    page with --solution and --samples."""
    acc_task(toy)
    (toy / "abc300" / "b").mkdir()
    contest = acc_contest(toy, {"a": ACC_TASK, "b": {"path": "b"}, "c": None})
    assert cli.main(["new", "--from", str(contest), "--root", str(toy)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"new problems of abc300 ('ABC 300'), from {contest}:",
        "  abc300_a  abc300/a/main.py (adopted), abc300/a/tests/ (adopted)",
        "    tests/test_abc300_a.py, stress/abc300_a.py, bench/abc300_a.py",
        "  abc300_b  solutions/abc300_b.py (written: no submit file named, and abc300/b/ holds "
        "no .py file), samples/abc300_b/ (add sample-1.in/.out)",
        "    tests/test_abc300_b.py, stress/abc300_b.py, bench/abc300_b.py",
        "  each: its table in problems.toml (the task's id, title and url)",
        "note: limits 2 s and 1024 MiB, AtCoder's usual (the file gives none): set a task's own "
        "from its page",
        "note: no folder yet (acc add makes one), passed over: abc300_c",
        f"next: cpkit abc300_a abc300_b --root {toy}",
    ]
    registry = load_registry(toy)
    a, b = registry["abc300_a"], registry["abc300_b"]
    assert (a.judge, a.id, a.title, a.time_limit, a.memory_limit) == (
        "AtCoder",
        "abc300_a",
        "Task A",
        2.0,
        1024,
    )
    assert (a.solution_file, a.samples_dir) == ("abc300/a/main.py", toy / "abc300/a/tests")
    assert [case.name for case in sample_cases(a)] == ["abc300/a/tests/sample-1.in"]
    assert (b.id, b.solution_file, b.samples_dir) == ("abc300_b", None, toy / "samples/abc300_b")
    assert (toy / "solutions" / "abc300_b.py").exists()
    assert "abc300_c" not in registry
    text = (toy / "problems.toml").read_text()
    tasks = "https://atcoder.jp/contests/abc300/tasks"
    assert (a.url, b.url) == (f"{tasks}/abc300_a", f"{tasks}/abc300_b")
    assert f'id = "abc300_a"\nurl = "{tasks}/abc300_a"\nkind = "batch"\n' in text
    assert text.count("# seconds (AtCoder's usual limit; the statement's own wins)") == 2
    for slug in ("abc300_a", "abc300_b"):
        assert (toy / "stress" / f"{slug}.py").exists()
        assert (toy / "tests" / f"test_{slug}.py").exists()


def test_a_task_made_without_a_template_adopts_the_main_py_of_its_folder(toy, capsys):
    """acc without a template (its default) names no submit file; its user writes main.py in
    the task's folder, which was passed over, solutions/abc300_a.py written beside it."""
    acc_task(toy)
    contest = acc_contest(toy, {"a": {"path": "a", "testdir": "tests"}})
    assert cli.main(["new", "--from", str(contest), "--root", str(toy)]) == 0
    out = capsys.readouterr().out
    assert "  abc300_a  abc300/a/main.py (adopted), abc300/a/tests/ (adopted)\n" in out
    assert load_registry(toy)["abc300_a"].solution_file == "abc300/a/main.py"
    assert not (toy / "solutions" / "abc300_a.py").exists()


def test_a_contest_file_read_again_makes_only_the_tasks_new_since(toy, capsys):
    """After ``acc add`` (a task given its folder), the tasks made before are passed over."""
    acc_task(toy)
    contest = acc_contest(toy, {"a": ACC_TASK, "b": None})
    args = ["new", "--from", str(contest), "--root", str(toy)]
    assert cli.main(args) == 0
    (toy / "abc300" / "b").mkdir()
    acc_contest(toy, {"a": ACC_TASK, "b": {"path": "b"}})
    capsys.readouterr()
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    assert "  abc300_b  solutions/abc300_b.py (written: no submit file named" in out
    assert "abc300_a " not in out
    assert "note: in problems.toml already, passed over: abc300_a\n" in out
    assert out.endswith(f"next: cpkit abc300_b --root {toy}\n")
    before = sorted((path, path.read_bytes()) for path in toy.rglob("*") if path.is_file())
    assert cli.main(args) == 0
    assert capsys.readouterr().out == (
        "note: in problems.toml already, passed over: abc300_a, abc300_b\n"
        f"nothing new in {contest}: each of its tasks is passed over\n"
    )
    assert sorted((path, path.read_bytes()) for path in toy.rglob("*") if path.is_file()) == before


def test_a_task_made_by_hand_or_from_its_page_is_passed_over(toy, capsys):
    """Under its id's slug (an id not set yet), under another slug with its id, or as the
    problem whose solution its folder's is."""
    acc_task(toy)
    for task in "bc":
        (toy / "abc300" / task).mkdir()
    root = ["--root", str(toy)]
    assert cli.main(["new", "abc300_b", "--judge", "AtCoder", *root]) == 0  # id = "?"
    mine = ["--judge", "AtCoder", "--solution", str(toy / "abc300/a/main.py"), *root]
    assert cli.main(["new", "mine_a", *mine]) == 0
    assert cli.main(["new", "mine_c", "--judge", "AtCoder", *root]) == 0
    head, _, tail = (toy / "problems.toml").read_text().rpartition('id = "?"')  # mine_c's
    (toy / "problems.toml").write_text(f'{head}id = "abc300_c"{tail}')
    capsys.readouterr()
    tasks = {"a": ACC_TASK, "b": {"path": "b"}, "c": {"path": "c"}}
    contest = acc_contest(toy, tasks)
    assert cli.main(["new", "--from", str(contest), "--root", str(toy)]) == 0
    assert capsys.readouterr().out == (
        "note: in problems.toml already, passed over: abc300_b, mine_c (abc300_c)\n"
        "note: abc300_a: abc300/a/main.py is mine_a's solution already: passed over\n"
        f"nothing new in {contest}: each of its tasks is passed over\n"
    )


def test_a_testdir_not_there_yet_is_adopted_and_its_build_says_how_to_fill_it(
    toy, capsys, monkeypatch
):
    """A repository whose git keeps no samples holds no ``tests/`` of atcoder-cli's until acc
    or ``oj d`` downloads them: the samples went into ``samples/SLUG/``, where neither acc
    nor ``oj t`` looks. The folder is not made: acc's download makes it."""
    acc_task(toy)
    shutil.rmtree(toy / "abc300" / "a" / "tests")
    contest = acc_contest(toy, {"a": ACC_TASK})
    monkeypatch.chdir(toy)
    assert cli.main(["new", "--from", str(contest)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == (
        "  abc300_a  abc300/a/main.py (adopted), abc300/a/tests/ (adopted; not there yet: "
        "atcoder-cli's samples go there)"
    )
    assert 'samples = "abc300/a/tests"' in (toy / "problems.toml").read_text()
    assert not (toy / "abc300" / "a" / "tests").exists()
    assert not (toy / "samples" / "abc300_a").exists()
    assert cli.main(["abc300_a"]) == 1
    captured = capsys.readouterr()
    said = (
        "abc300_a: abc300/a/tests/ is missing (no samples): add sample-1.in and sample-1.out, "
        "or download them from the problem's page (oj d https://atcoder.jp/contests/abc300/"
        "tasks/abc300_a -d abc300/a/tests)"
    )
    assert (captured.out + captured.err).count(f"{said}\n") == 1
    tests = toy / "abc300" / "a" / "tests"
    tests.mkdir()
    (tests / "sample-1.in").write_text("1 2\n")
    (tests / "sample-1.out").write_text("3\n")
    assert cli.main(["abc300_a"]) == 0


@pytest.mark.parametrize(
    ("directory", "line"),
    [
        ({"path": "a", "submit": "main.cpp", "testdir": "tests"}, "solutions/abc300_a.py "
         "(written: abc300/a/main.cpp is not Python), abc300/a/tests/ (adopted)"),
        ({"path": "a", "submit": "gone.py", "testdir": "main.py/tests"}, "solutions/abc300_a.py "
         "(written: abc300/a/gone.py is not there), samples/abc300_a/ (abc300/a/main.py/tests is "
         "not there: add sample-1.in/.out)"),
        ({"path": "a", "submit": "tests", "testdir": "main.py"}, "solutions/abc300_a.py (written: "
         "abc300/a/tests is not Python), samples/abc300_a/ (abc300/a/main.py is not a folder: "
         "add sample-1.in/.out)"),
    ],
)  # fmt: skip
def test_a_task_s_file_that_cannot_be_adopted_gets_the_template_s_and_is_said(
    toy, capsys, directory, line
):
    acc_task(toy)
    (toy / "abc300" / "a" / "main.cpp").write_text("int main() {}\n")
    contest = acc_contest(toy, {"a": directory})
    assert cli.main(["new", "--from", str(contest), "--root", str(toy)]) == 0
    assert f"  abc300_a  {line}\n" in capsys.readouterr().out
    assert (toy / "solutions" / "abc300_a.py").exists()
    assert (toy / "abc300" / "a" / "main.py").read_text().startswith("print(sum(")


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["abc300_a"], "'abc300_a' with {c}, atcoder-cli's contest file: each of its tasks gets "
         "its own slug (its id); leave the SLUG out"),
        (["--solution", "abc300/a/main.py"], "--solution and --samples name one problem's files; "
         "each task of {c} adopts its own folder's (the submit file and the samples' folder the "
         "file names)"),
        (["--samples", "abc300/a/tests"], "--solution and --samples name one problem's files; "
         "each task of {c} adopts its own folder's (the submit file and the samples' folder the "
         "file names)"),
        (["--interactive"], "--interactive with {c}, a contest: make an interactive task on its "
         "own (new --from its page --interactive) and {c} passes it over"),
        (["--time-limit", "3"], "--time-limit goes with --package; {c}'s tasks get the judge's "
         "usual limits, to set from each task's page"),
        (["--judge", "Codeforces"], "--judge Codeforces, but {c} is judged by AtCoder (leave "
         "--judge out, or name AtCoder); nothing was changed"),
    ],
)  # fmt: skip
def test_what_goes_with_one_problem_is_refused_with_a_contest_file(
    toy, capsys, monkeypatch, extra, said
):
    acc_task(toy)
    acc_contest(toy, {"a": ACC_TASK})
    monkeypatch.chdir(toy)
    before = sorted(toy.rglob("*"))
    assert cli.main(["new", "--from", "abc300/contest.acc.json", *extra]) == 2
    said = said.format(c="abc300/contest.acc.json")
    assert capsys.readouterr().err == f"cpkit: error: new: {said}\n"
    assert sorted(toy.rglob("*")) == before


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda data: data["tasks"][1].pop("id"), "tasks[1].id is missing (expected a string, "
         "as atcoder-cli writes it)"),
        (lambda data: data["tasks"][0]["directory"].pop("path"), "tasks[0].directory.path is "
         "missing (expected a string, as atcoder-cli writes it)"),
        (lambda data: data["tasks"][0]["directory"].update(testdir=1), "tasks[0].directory."
         "testdir is 1 (expected a string, as atcoder-cli writes it)"),
        (lambda data: data.update(contest="abc300"), "contest is 'abc300' (expected an object, "
         "as atcoder-cli writes it)"),
    ],
)  # fmt: skip
def test_a_contest_file_missing_a_field_is_one_line_naming_it(toy, capsys, change, said):
    acc_task(toy)
    contest = acc_contest(toy, {"a": ACC_TASK, "b": None})
    data = json.loads(contest.read_text())
    change(data)
    contest.write_text(json.dumps(data))
    before = sorted(toy.rglob("*"))
    assert cli.main(["new", "--from", str(contest), "--root", str(toy)]) == 2
    assert capsys.readouterr().err == f"cpkit: error: new: {contest}: {said}\n"
    assert sorted(toy.rglob("*")) == before


def test_a_task_that_cannot_be_made_leaves_every_task_unmade(toy, capsys):
    """All are checked before any is written: the first task's files are not left made."""
    acc_task(toy)
    (toy / "abc300" / "b").mkdir()
    (toy / "tests").mkdir()
    (toy / "tests" / "test_abc300_b.py").write_text("# mine\n")
    contest = acc_contest(toy, {"a": ACC_TASK, "b": {"path": "b"}})
    before = sorted(toy.rglob("*"))
    assert cli.main(["new", "--from", str(contest), "--root", str(toy)]) == 2
    assert capsys.readouterr().err == (
        "cpkit: error: new: abc300_b: tests/test_abc300_b.py exists already; nothing was changed\n"
    )
    assert sorted(toy.rglob("*")) == before


@pytest.mark.parametrize(
    ("tasks", "said"),
    [
        ({"a": {"path": "../../outside"}}, "abc300_a's folder ../../outside is outside the "
         "workspace {root}: move or copy it in"),
        ({"a": ACC_TASK, "b": ACC_TASK}, "{contest}: its tasks abc300_a and abc300_b would both "
         "have the solution abc300/a/main.py; nothing was changed"),
    ],
)  # fmt: skip
def test_a_task_folder_outside_or_of_two_tasks_is_refused_touching_nothing(
    toy, capsys, tmp_path, tasks, said
):
    acc_task(toy)
    (tmp_path / "outside").mkdir()
    contest = acc_contest(toy, tasks)
    before = sorted(toy.rglob("*"))
    assert cli.main(["new", "--from", str(contest), "--root", str(toy)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cpkit: error: new: " + said.format(root=toy, contest=contest))
    assert sorted(toy.rglob("*")) == before


def test_a_contest_file_outside_the_workspace_is_refused(toy, capsys, tmp_path):
    contest = acc_contest(tmp_path, {"a": ACC_TASK})
    assert cli.main(["new", "--from", str(contest), "--root", str(toy)]) == 2
    assert capsys.readouterr().err == (
        f"cpkit: error: new: {contest} is outside the workspace {toy}: move or copy the "
        "contest's folder in (the kit reads a problem's files inside its workspace)\n"
    )


def test_a_failed_write_takes_back_every_task_of_the_contest(toy, capsys, monkeypatch):
    acc_task(toy)
    (toy / "abc300" / "b").mkdir()
    contest = acc_contest(toy, {"a": ACC_TASK, "b": {"path": "b"}})
    before = {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()}
    disk_full_at(monkeypatch, "bench/abc300_b.py")
    assert cli.main(["new", "--from", str(contest), "--root", str(toy)]) == 2
    assert capsys.readouterr().err == (
        "cpkit: error: new: cannot write bench/abc300_b.py: No space left on device; nothing "
        "was changed\n"
    )
    assert {path: path.read_bytes() for path in toy.rglob("*") if path.is_file()} == before
    assert not (toy / "stress" / "abc300_a.py").exists()


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_samples_git_ignores_in_the_tasks_folders_get_one_note(toy, capsys):
    """A contest repository's ``.gitignore`` of ``*.in`` kept each task's samples out of its
    commits without a word; the contest's tasks get one note for all, naming the first
    folder; a task whose ``tests/`` is not there yet has none to ignore."""
    subprocess.run(["git", "init", "-q", str(toy)], check=True)
    (toy / ".gitignore").write_text("*.in\n")
    task = acc_task(toy)
    for other in "bc":
        shutil.copytree(task, toy / "abc300" / other)
    (toy / "abc300" / "d").mkdir()
    tasks = {name: {**ACC_TASK, "path": name} for name in "abcd"}
    contest = acc_contest(toy, tasks)
    assert cli.main(["new", "--from", str(contest), "--root", str(toy)]) == 0
    out = capsys.readouterr().out
    note = (
        "note: git ignores the samples in abc300/a/tests/ and 2 other folders (.gitignore:1: "
        "*.in): they would not be committed; `git add -f` them, or add !abc300/a/tests/** after "
        "that line, and one for each other\n"
    )
    assert out.endswith(f"{note}next: cpkit abc300_a abc300_b abc300_c abc300_d --root {toy}\n")


def test_samples_in_folders_git_ignores_get_a_note_naming_the_line_to_change(toy, capsys):
    """A ``.gitignore`` of ``tests/`` was said to be one of ``*.in`` or ``*.out``, and a line
    re-including the samples after it said to add, which git cannot honour."""
    subprocess.run(["git", "init", "-q", str(toy)], check=True)
    (toy / ".gitignore").write_text("dist/\n**/tests/\n")
    acc_task(toy)
    contest = acc_contest(toy, {"a": ACC_TASK})
    assert cli.main(["new", "--from", str(contest), "--root", str(toy)]) == 0
    assert (
        "note: git ignores the samples in abc300/a/tests/ (.gitignore:2: **/tests/): they would "
        "not be committed; `git add -f` them, or change .gitignore:2: **/tests/ (git cannot "
        "re-include a file whose folder it ignores)\n"
    ) in capsys.readouterr().out

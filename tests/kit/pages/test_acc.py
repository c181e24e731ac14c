"""kit.pages.acc: atcoder-cli's contest.acc.json (the fields as its src/project.ts and
schema/acc-project-schema.json have them) read as its contest and tasks, each task's problem
judged by AtCoder with its usual limits; a file that is no contest file is None (read as a
page), a field missing or of another type one line naming it, a long wrong value cut short;
``new`` making the tasks is in tests/kit/commands/test_new_contest.py."""

import json

import pytest

from kit.errors import BuildError
from kit.pages import acc

TASK = {
    "id": "abc300_a",
    "label": "A",
    "title": "N-choice\nquestion",
    "url": "https://atcoder.jp/contests/abc300/tasks/abc300_a",
    "directory": {"path": "a", "testdir": "tests", "submit": "main.py"},
}


def contest_file(tmp_path, **changes):
    data = {"contest": {"id": "abc300", "title": "ABC 300", "url": "u"}, "tasks": [TASK]}
    data.update(changes)
    path = tmp_path / "abc300" / "contest.acc.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return path


def test_a_contest_s_tasks_are_read_with_their_folders(tmp_path):
    unmade = {key: TASK[key] for key in ("label", "url")} | {"id": "abc300_b", "title": "B"}
    contest = acc.read_contest(str(contest_file(tmp_path, tasks=[TASK, unmade])))
    assert (contest.id, contest.title, contest.folder) == ("abc300", "ABC 300", tmp_path / "abc300")
    made, later = contest.tasks
    assert (made.folder, made.submit, made.testdir) == ("a", "main.py", "tests")
    assert (later.folder, later.submit, later.testdir) == (None, None, None)
    page = made.page
    assert (page.judge, page.id, page.title) == ("AtCoder", "abc300_a", "N-choice question")
    assert (page.time_limit, page.memory_limit, page.samples) == (2.0, 1024, [])
    assert (page.url, later.page.url) == (TASK["url"], TASK["url"])


@pytest.mark.parametrize("url", [None, "", "/contests/abc300/tasks/abc300_a", "ftp://atcoder.jp/a"])
def test_a_task_without_an_http_or_https_address_has_no_url(tmp_path, url):
    task = {key: value for key, value in {**TASK, "url": url}.items() if value is not None}
    assert acc.read_contest(str(contest_file(tmp_path, tasks=[task]))).tasks[0].page.url is None


def test_what_is_no_contest_file_is_left_to_the_page_reader(tmp_path):
    problem = tmp_path / "p.json"
    problem.write_text('{"name": "A", "tests": []}')
    page = tmp_path / "p.html"
    page.write_text("<html></html>")
    for source in (problem, page, tmp_path / "missing.json", tmp_path):
        assert acc.read_contest(str(source)) is None
    assert acc.read_contest("https://example.com/contest.acc.json") is None


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"contest": {"title": "t"}}, "contest.id is missing"),
        ({"tasks": [{**TASK, "title": None}]}, "tasks[0].title is null"),
        ({"tasks": [TASK, 3]}, "tasks[1] is 3 (expected an object"),
        ({"tasks": [{**TASK, "directory": {"submit": "main.py"}}]}, "tasks[0].directory.path is "
         "missing (expected a string, as atcoder-cli writes it)"),
        ({"tasks": [{**TASK, "directory": {"path": "a", "submit": ["main.py"]}}]},
         'tasks[0].directory.submit is ["main.py"]'),
        ({"tasks": [{**TASK, "url": 12}]}, "tasks[0].url is 12 (expected a string"),
    ],
)  # fmt: skip
def test_a_field_missing_or_of_another_type_is_one_line_naming_it(tmp_path, changes, said):
    path = contest_file(tmp_path, **changes)
    with pytest.raises(BuildError) as raised:
        acc.read_contest(str(path))
    assert str(raised.value).startswith(f"{path}: {said}")


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"tasks": [{**TASK, "title": ["x" * 10] * 1000}]}, 'tasks[0].title is ["xxxxxxxxxx", '),
        ({"tasks": [TASK, [{"id": "y" * 10}] * 1000]}, "tasks[1] is [{'id': 'yyyyyyyyyy'}, "),
    ],
)  # fmt: skip
def test_a_long_wrong_value_is_shown_cut_short_on_one_short_line(tmp_path, changes, said):
    """A value of thousands of characters was shown whole: one line too long to read."""
    path = contest_file(tmp_path, **changes)
    with pytest.raises(BuildError) as raised:
        acc.read_contest(str(path))
    line = str(raised.value)
    shown = line.removeprefix(f"{path}: ").partition(" (expected")[0]
    assert shown.startswith(said) and shown.endswith("...")
    assert len(shown) == len(said.split(" is ")[0]) + len(" is ") + 60
    assert "\n" not in line and line.endswith("as atcoder-cli writes it)")


def test_the_contest_files_of_a_repository_are_found_two_folders_down(tmp_path):
    """The contests atcoder-cli set up (``abc300/``, ``atcoder/arc150/``), not in hidden
    folders, deeper ones, nor a contest's own task folders."""
    for folder in ("abc300", "abc300/a", "atcoder/arc150", ".git/x", "a/b/c", "."):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        (tmp_path / folder / "contest.acc.json").write_text("{}")
    (tmp_path / "abc301").mkdir()
    (tmp_path / "abc301" / "contest.acc.json").mkdir()  # a folder so named: none
    assert acc.contest_files(tmp_path / "abc300") == ["contest.acc.json"]
    (tmp_path / "contest.acc.json").unlink()
    assert acc.contest_files(tmp_path) == [
        "abc300/contest.acc.json",
        "atcoder/arc150/contest.acc.json",
    ]
    assert acc.contest_files(tmp_path / "gone") == []


def test_the_task_of_a_folder_is_found_from_the_nearest_contest_file_above_it(tmp_path):
    """As ``acc submit`` finds it: the task whose directory is the contest's folder holding the
    path (its own folder, or a file or folder in it); none for the contest's folder itself, a
    folder of no task, or outside ``root``."""
    (tmp_path / "abc300" / "a" / "tests").mkdir(parents=True)
    (tmp_path / "abc300" / "b").mkdir()
    contest_file(tmp_path)
    source = str(tmp_path / "abc300" / "contest.acc.json")
    for path in ("abc300/a", "abc300/a/main.py", "abc300/a/tests"):
        found = acc.task_of_folder(tmp_path / path, tmp_path)
        assert found is not None and found[0] == source and found[1].page.id == "abc300_a"
    for path in ("abc300", "abc300/b", "other"):
        assert acc.task_of_folder(tmp_path / path, tmp_path) is None
    assert acc.task_of_folder(tmp_path / "abc300/a", tmp_path / "abc300" / "a") is None


def test_a_task_s_samples_folder_is_its_testdir_else_atcoder_cli_s_default(tmp_path):
    """``testdir`` from the task's folder, else ``tests`` (a task set up with --no-tests); None
    when that is no folder, or the task has none."""
    source = str(contest_file(tmp_path))
    folder = tmp_path / "abc300" / "a"
    task = acc.read_contest(source).tasks[0]
    untested = acc.Task(task.page, "a", None, None)
    assert acc.samples_folder(source, task) is None  # not there yet
    (folder / "tests").mkdir(parents=True)
    assert acc.samples_folder(source, task) == folder / "tests"
    assert acc.samples_folder(source, untested) == folder / "tests"
    named = acc.Task(task.page, "a", None, "samples")
    assert acc.samples_folder(source, named) is None
    (folder / "samples").write_text("")  # a file, not a folder
    assert acc.samples_folder(source, named) is None
    assert acc.samples_folder(source, acc.Task(task.page, None, None, None)) is None

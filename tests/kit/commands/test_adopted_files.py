"""kit.commands.adopted_files: the user's own solution and samples' folder checked and named
from the workspace's root, the places a cph ``.prob``'s srcPath may be, and the pairs a folder
adopted holds already; ``new`` adopting them end to end is in tests/kit/commands/test_new.py."""

from dataclasses import replace
from pathlib import Path

import pytest

from kit.commands.adopted_files import (
    Adopted,
    cph_places,
    in_workspace,
    kept_pairs,
    one_line,
    own_samples,
    own_solution,
    owned,
    shown_here,
    task_files,
    with_cph_solution,
)
from kit.errors import BuildError
from kit.pages.page import Page
from kit.registry import load_registry


def test_own_files_are_named_from_the_workspace_s_root(toy, monkeypatch):
    (toy / "abc300" / "a" / "tests").mkdir(parents=True)
    (toy / "abc300" / "a" / "main.py").write_text("print(1)\n")
    monkeypatch.chdir(toy / "abc300")
    assert own_solution("a/main.py", toy) == "abc300/a/main.py"
    assert own_solution(str(toy / "abc300/a/main.py"), toy) == "abc300/a/main.py"
    assert own_samples("a/tests", toy) == "abc300/a/tests"


def test_a_task_s_file_is_shown_from_the_current_folder_whatever_the_path_given(toy, monkeypatch):
    """One rule for the lines of ``new`` (its two wrappers of shown_path were two): a path as
    typed here or whole, ``..`` folded in, named from the current folder in the workspace, from
    the root elsewhere."""
    (toy / "abc300" / "a").mkdir(parents=True)
    monkeypatch.chdir(toy / "abc300")
    assert shown_here(toy / "abc300/a/main.py", toy) == "a/main.py"
    assert shown_here(Path("a/../a/main.py"), toy) == "a/main.py"
    assert shown_here(toy / "problems.toml", toy) == "../problems.toml"
    (toy.parent / "beside").mkdir()
    monkeypatch.chdir(toy.parent / "beside")
    assert shown_here(Path("../toy/abc300/a"), toy) == "abc300/a"
    assert shown_here(Path("../elsewhere.py"), toy) == str(toy.parent / "elsewhere.py")


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("../elsewhere.py", "x is outside the workspace {root}: move or copy it in"),
        (".", "x is the workspace's root: name a folder of the problem's own"),
        ("dist/a.py", "x is in dist/, the kit's output folder"),
    ],
)
def test_a_path_outside_the_workspace_its_root_or_in_dist_is_refused(toy, path, said):
    with pytest.raises(BuildError) as raised:
        in_workspace(toy / path, toy, "x")
    assert str(raised.value).startswith(said.format(root=toy))


def test_a_path_problems_toml_cannot_hold_is_refused():
    assert one_line("abc300/a/main.py", "path") == "abc300/a/main.py"
    with pytest.raises(BuildError, match=r"^new: the path 'a\\nb' is not one line of UTF-8"):
        one_line("a\nb", "path")


def test_cph_s_source_is_at_its_whole_path_or_beside_the_cph_folder(tmp_path):
    prob = tmp_path / "round" / ".cph" / ".a.py_0f3c.prob"
    assert cph_places("/Users/x/round/a.py", prob) == [
        Path("/Users/x/round/a.py"),
        tmp_path / "round" / "a.py",
    ]
    assert cph_places("C:\\Users\\x\\round\\a.py", prob) == [tmp_path / "round" / "a.py"]
    assert cph_places("/Users/x/round/b.py", prob) == [Path("/Users/x/round/b.py")]
    assert cph_places("/Users/x/round/a.py", tmp_path / "a.prob") == [Path("/Users/x/round/a.py")]


def test_the_pairs_a_folder_holds_already_are_kept_each_said_the_same_or_not(tmp_path):
    for name, text in {"sample-1.in": "1\n", "sample-1.out": "1\n", "sample-2.ans": "9\n",
                       "sample-3.in": "3\n"}.items():  # fmt: skip
        (tmp_path / name).write_text(text)
    pairs = [(f"{n}\n", f"{n}\n") for n in (1, 2, 3, 4)]
    assert kept_pairs(tmp_path, pairs) == ((1, False), (2, True), (3, True))


def test_an_acc_task_s_python_submit_file_and_samples_folder_are_adopted(toy):
    task = toy / "abc300" / "a"
    (task / "tests").mkdir(parents=True)
    (task / "main.py").write_text("print(1)\n")
    (task / "main.cpp").write_text("int main() {}\n")
    assert task_files(task, "main.py", "tests", toy) == (
        Adopted("abc300/a/main.py", "abc300/a/tests", origin="contest.acc.json"),
        "",
        "",
    )
    assert task_files(task, "main.cpp", "main.py", toy) == (
        Adopted(origin="contest.acc.json"),
        "abc300/a/main.cpp is not Python",
        "abc300/a/main.py is not a folder",
    )
    (task / "main.py").unlink()
    assert task_files(task, None, None, toy) == (
        Adopted(origin="contest.acc.json"),
        "no submit file named, and abc300/a/ holds no .py file",
        "",
    )


def test_an_acc_task_made_without_a_template_adopts_its_main_py_or_only_py_file(toy):
    """Without a template, atcoder-cli names no submit file: the folder's main.py was passed
    over and the template's solution written beside it."""
    task = toy / "abc300" / "a"
    (task / "tests").mkdir(parents=True)
    (task / "brute.py").write_text("print(1)\n")
    assert task_files(task, None, "tests", toy) == (
        Adopted("abc300/a/brute.py", "abc300/a/tests", origin="contest.acc.json"),
        "",
        "",
    )
    (task / "main.py").write_text("print(1)\n")
    assert task_files(task, None, "tests", toy)[0].solution == "abc300/a/main.py"
    (task / "main.py").rename(task / "gen.py")
    assert task_files(task, None, "tests", toy) == (
        Adopted(None, "abc300/a/tests", origin="contest.acc.json"),
        "no submit file named, and abc300/a/ holds 2 .py files, none main.py",
        "",
    )


def test_an_acc_task_s_samples_folder_not_there_yet_is_adopted_and_said(toy):
    """acc or ``oj d`` makes it when it downloads the samples; a file where a folder of it goes
    leaves it unadopted, as before."""
    task = toy / "abc300" / "a"
    task.mkdir(parents=True)
    (task / "main.py").write_text("print(1)\n")
    assert task_files(task, "main.py", "tests", toy) == (
        Adopted("abc300/a/main.py", "abc300/a/tests", origin="contest.acc.json"),
        "",
        "not there yet: atcoder-cli's samples go there",
    )
    assert task_files(task, None, "main.py/tests", toy) == (
        Adopted("abc300/a/main.py", origin="contest.acc.json"),
        "",
        "abc300/a/main.py/tests is not there",
    )


def test_files_another_problem_has_already_are_said(toy):
    registry = load_registry(toy)
    assert owned(registry, toy, Adopted("solutions/toy_sum.py")) == (
        "solutions/toy_sum.py is toy_sum's solution already"
    )
    assert owned(registry, toy, Adopted(None, "samples/toy_sum")) == (
        "samples/toy_sum is toy_sum's samples' folder already"
    )
    assert owned(registry, toy, Adopted("solutions/other.py")) is None


def test_cph_s_source_another_problem_has_is_not_adopted_and_said(toy):
    """The note names the file from the workspace's root, as every file another problem has
    is said (``owned``), after srcPath as cph wrote it."""
    registry = load_registry(toy)
    data = Page("Codeforces", "Sum", 1.0, 256, [], "1 second", "256 megabytes", "1A")
    named = str(toy / "solutions" / "toy_sum.py")
    page = replace(data, source_file=named)
    adopted, noted = with_cph_solution(page, str(toy / "sum.prob"), toy, registry, Adopted())
    assert adopted == Adopted()
    assert noted.notes == (
        f"cph's srcPath {named}: solutions/toy_sum.py is toy_sum's solution already: the "
        "solution written is the template's (--solution PATH adopts a file)",
    )
    (toy / "mine.py").write_text("print(1)\n")
    page = replace(data, source_file=str(toy / "mine.py"))
    adopted, noted = with_cph_solution(page, str(toy / "sum.prob"), toy, registry, Adopted())
    assert (adopted, noted) == (Adopted("mine.py", origin="cph's srcPath"), page)

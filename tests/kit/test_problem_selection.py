"""kit.problem_selection: the problems a command names, every one when it names none, each
once in the order first named; an unknown name is a one-line error listing a few of the
problems there are and the one meant (the nearest slug, or the problem whose solution a path
names); with no SLUG, this folder's problem (the one whose solution's or samples' folder holds
it), and the problem of a file given alone (its samples' problem, else this folder's)."""

import dataclasses
import shutil
from pathlib import Path

import pytest

from kit import invocation
from kit.errors import BuildError
from kit.problem_selection import (
    folder_problem,
    input_problem,
    one_problem,
    package_owner,
    select,
    slugs_or_here,
)
from kit.registry import load_registry
from tests.package_support import PACKAGES
from tests.registry_support import registry


def test_no_name_selects_every_problem_and_names_repeated_are_selected_once_in_order(toy):
    problems = load_registry(toy)
    assert [problem.slug for problem in select(problems, [])] == ["toy_sum", "toy_echo"]
    named = select(problems, ["toy_echo", "toy_sum", "toy_echo"])
    assert [problem.slug for problem in named] == ["toy_echo", "toy_sum"]


def test_an_unknown_slug_names_the_known_ones_or_says_there_are_none(toy):
    known = registry(toy)
    with pytest.raises(BuildError, match=r"^unknown problem 'x' \(problems.toml has: toy_sum\)$"):
        select(known, ["toy_sum", "x"])
    with pytest.raises(BuildError, match=r"^unknown problem 'x' \(problems.toml lists no problem"):
        select({}, ["x"])
    for typed in ("toy_sun", "TOY_SUM"):
        with pytest.raises(BuildError, match=r"has: toy_sum; did you mean 'toy_sum'\?\)$"):
            select(known, [typed])


def test_an_unknown_name_lists_a_few_problems_and_reads_a_solution_s_path_as_its_slug(
    toy, monkeypatch
):
    """Thirty problems made a 600-character line; ``cpkit solutions/toy_sum.py`` (a shell's
    completion) got no hint."""
    monkeypatch.chdir(toy)  # where the shell completed it: the file is there
    many = {f"p{number:02}": None for number in range(30)} | registry(toy)
    with pytest.raises(BuildError) as caught:
        select(many, ["solutions/toy_sum.py"])
    assert str(caught.value) == (
        "unknown problem 'solutions/toy_sum.py' (problems.toml has 31: p00, p01, p02, p03, p04, "
        "p05, p06, p07, ...; did you mean 'toy_sum'?)"
    )
    (toy / "abc300" / "a").mkdir(parents=True)
    (toy / "abc300" / "a" / "main.py").write_text("print(1)\n")
    adopted = registry(toy, extra='solution = "abc300/a/main.py"')
    with pytest.raises(BuildError, match=r"did you mean 'toy_sum'\?\)$"):
        select(adopted | {"main_road": None}, [str(toy / "abc300" / "a" / "main.py")])


def test_a_path_of_no_file_is_said_to_be_none(toy, monkeypatch):
    """``cpkit run x.in`` for a file not there said "unknown problem 'x.in'"."""
    monkeypatch.chdir(toy)
    known = registry(toy)
    for name in ("x.in", "tests/x", "solutions/toy_sm.py"):
        with pytest.raises(BuildError) as caught:
            select(known, [name])
        assert str(caught.value).startswith(
            f"{name}: no such file (nor a problem: problems.toml has: toy_sum"
        )
    assert str(caught.value).endswith("; did you mean 'toy_sum'?)")
    with pytest.raises(BuildError, match=r"^'a\\nb.in': no such file \(nor a problem"):
        select(known, ["a\nb.in"])  # no line of its own
    (toy / "x.in").write_text("1\n")  # there, but no problem's: a name of no problem
    with pytest.raises(BuildError, match=r"^unknown problem 'x.in' \(problems.toml has"):
        select(known, ["x.in"])


def test_a_path_in_a_package_of_no_case_of_it_names_the_cases_it_holds(toy, monkeypatch):
    """``cpkit run pkg/tests/99`` (no SLUG) said ``no such file (nor a problem: ...)``."""
    shutil.copytree(PACKAGES / "polygon_sum", toy / "pkg")
    monkeypatch.chdir(toy)
    with (toy / "problems.toml").open("a") as table:
        table.write('\n[ps]\npackage = "pkg"\n')
    known = load_registry(toy)
    with pytest.raises(BuildError) as caught:
        select(known, ["pkg/tests/99"])
    assert str(caught.value) == (
        "pkg/tests/99: no such test in ps's package (3 tests: pkg/tests/01 to pkg/tests/03)"
    )


@pytest.mark.parametrize(("named", "slugs"), [(["test"], "SLUG"), (["t", "toy_sum"], "toy_sum")])
def test_oj_s_test_command_gets_the_kit_s_ways_to_test(toy, monkeypatch, named, slugs):
    """``cpkit test`` and ``cpkit t aa``, as ``oj t`` is typed, said "unknown problem 'test'"
    alone."""
    monkeypatch.setattr(invocation, "COMMAND", ["cpkit"])  # as another test's run may leave it
    with pytest.raises(BuildError) as caught:
        select(registry(toy), named)
    assert str(caught.value) == (
        f"unknown problem {named[0]!r} (problems.toml has: toy_sum); oj's {named[0]!r} is "
        f"`cpkit {slugs}` here, which builds and tests on the samples (`cpkit` tests all); "
        "`cpkit run SLUG FILE` runs one case"
    )


def test_a_sample_s_path_given_for_the_slug_names_the_problem_whose_samples_hold_it(
    toy, monkeypatch
):
    """``cpkit run tests/sample-1.in`` in atcoder-cli's task folder (the SLUG left out) got no
    hint."""
    tests = toy / "abc300" / "a" / "tests"
    tests.mkdir(parents=True)
    (tests / "sample-1.in").write_text("1 2\n")
    adopted = registry(toy, extra='samples = "abc300/a/tests"') | {"main_road": None}
    monkeypatch.chdir(toy / "abc300" / "a")
    for given in ("tests/sample-1.in", "tests/sample-9.in"):  # one not there yet too
        with pytest.raises(BuildError, match=r"did you mean 'toy_sum'\?\)$"):
            select(adopted, [given])
    monkeypatch.chdir(tests)
    with pytest.raises(BuildError, match=r"did you mean 'toy_sum'\?\)$"):
        select(adopted, ["sample-1.in"])
    with pytest.raises(BuildError, match=r"main_road\)$"):  # a file of no problem's
        select(adopted, ["../notes.txt"])


def adopted_task(toy):
    """toy_sum adopted as atcoder-cli keeps a task: abc300/a/main.py, its samples in tests/."""
    tests = toy / "abc300" / "a" / "tests"
    tests.mkdir(parents=True)
    (tests / "sample-1.in").write_text("1 2\n")
    (toy / "abc300" / "a" / "main.py").write_text("print(3)\n")
    extra = 'solution = "abc300/a/main.py"\nsamples = "abc300/a/tests"'
    return registry(toy, extra=extra) | {"main_road": None}


def test_this_folder_s_problem_is_the_one_whose_solution_or_samples_folder_holds_it(toy):
    """A task's folder, or a folder inside it, is its problem's; a folder of several problems'
    solutions, or one above a task's, is none's."""
    default = load_registry(toy)  # solutions/toy_sum.py, solutions/toy_echo.py
    assert folder_problem(default, toy / "solutions") is None
    assert folder_problem(default, toy / "samples" / "toy_echo").slug == "toy_echo"
    assert folder_problem(default, toy) is None
    adopted = adopted_task(toy)
    task = toy / "abc300" / "a"
    for here in (task, task / "tests"):
        assert folder_problem(adopted, here).slug == "toy_sum"
    for here in (toy, toy / "abc300", toy / "samples"):
        assert folder_problem(adopted, here) is None


def test_no_slug_takes_this_folder_s_problem_and_says_so_else_says_a_slug_is_needed(
    toy, monkeypatch, capsys
):
    """``run``, ``stress`` and ``bench`` in a task's folder needed its SLUG."""
    adopted = adopted_task(toy)
    monkeypatch.chdir(toy / "abc300" / "a" / "tests")
    assert one_problem(adopted, None, "run").slug == "toy_sum"
    assert slugs_or_here(adopted, []) == ["toy_sum"]
    assert capsys.readouterr().err.splitlines() == ["toy_sum (this folder's problem)"] * 2
    assert slugs_or_here(adopted, ["main_road"]) == ["main_road"]  # a SLUG named wins
    monkeypatch.chdir(toy / "abc300")
    assert slugs_or_here(adopted, []) == []  # bench: every problem, as before
    with pytest.raises(BuildError) as caught:
        one_problem(adopted, None, "stress")
    assert str(caught.value) == (
        "stress needs a SLUG: this folder is in no single problem's solution or samples folder "
        "(problems.toml has: toy_sum, main_road)"
    )
    assert capsys.readouterr().err == ""


def test_a_file_given_for_the_slug_is_the_input_of_its_samples_problem_or_this_folder_s(
    toy, monkeypatch, capsys
):
    """``run tests/sample-1.in`` (the SLUG left out) was an unknown problem; a sample's path is
    its problem's from anywhere, any other file this folder's problem's; a solution is no
    input, and a name that is no file stays an unknown problem."""
    adopted = adopted_task(toy)
    (toy / "notes.txt").write_text("1 2\n")
    monkeypatch.chdir(toy / "abc300" / "a")
    for name in ("tests/sample-1.in", "../../notes.txt", "-"):
        assert input_problem(adopted, name).slug == "toy_sum"
    assert capsys.readouterr().err.splitlines() == ["toy_sum (this folder's problem)"] * 3
    for name in ("main.py", "tests/sample-9.in", "toy_sum"):  # a solution, no file, a slug
        assert input_problem(adopted, name) is None
    monkeypatch.chdir(toy)
    assert input_problem(adopted, "abc300/a/tests/sample-1.in").slug == "toy_sum"
    assert capsys.readouterr().err == (
        "toy_sum (its samples' folder holds abc300/a/tests/sample-1.in)\n"
    )
    assert input_problem(adopted, "notes.txt") is None  # the root is no problem's folder


def test_a_samples_folder_given_for_the_slug_is_its_problem_s(toy, monkeypatch, capsys):
    """``run tests/``, ``run ./tests`` (atcoder-cli) and ``run test`` (oj, whose ``test`` got
    the hint for oj's command) in a task's folder were unknown problems: the folder is its
    problem's, whose run says a folder is no input."""
    adopted = adopted_task(toy)
    monkeypatch.chdir(toy / "abc300" / "a")
    for name in ("tests/", "./tests", "tests"):
        assert input_problem(adopted, name).slug == "toy_sum"
    (toy / "abc300" / "a" / "tests").rename(toy / "abc300" / "a" / "test")
    oj = registry(toy, extra='solution = "abc300/a/main.py"\nsamples = "abc300/a/test"')
    assert input_problem(oj, "test").slug == "toy_sum"
    assert input_problem(oj, "nowhere/") is None  # no folder: an unknown problem, as before


def test_oj_s_test_command_in_a_task_s_folder_names_its_slug(toy, monkeypatch):
    """``cpkit t`` in atcoder-cli's ``abc300/a`` said "`cpkit SLUG` here"."""
    monkeypatch.setattr(invocation, "COMMAND", ["cpkit"])
    adopted = adopted_task(toy)
    monkeypatch.chdir(toy / "abc300" / "a")
    with pytest.raises(BuildError, match=r"oj's 't' is `cpkit toy_sum` here, which builds"):
        select(adopted, ["t"])


ROOTY = """
[rooty]
title = "Rooty"
judge = "nowhere"
id = "3"
kind = "batch"
time_limit = 1.0
memory_limit = 64
solution = "main.py"
"""


def test_the_root_is_no_problem_s_folder_though_a_solution_lies_there(toy, monkeypatch):
    """``new rooty --solution main.py`` made rooty every folder's problem: ``bench`` at the
    root timed it alone, ``stress`` in ``stress/`` took it, and ``run`` in
    ``samples/toy_sum/`` needed a SLUG (rooty's and toy_sum's folders both held it)."""
    (toy / "main.py").write_text("print(3)\n")
    table = toy / "problems.toml"
    table.write_text(table.read_text() + ROOTY)
    problems = load_registry(toy)
    for here in (toy, toy / "stress", toy / "solutions", toy / "samples"):
        assert folder_problem(problems, here) is None
    assert folder_problem(problems, toy / "samples" / "toy_sum").slug == "toy_sum"
    monkeypatch.chdir(toy)
    assert slugs_or_here(problems, []) == []  # bench: every problem
    with pytest.raises(BuildError, match=r"^run needs a SLUG: "):
        one_problem(problems, None, "run")
    (toy / "notes.txt").write_text("1 2\n")
    assert input_problem(problems, "notes.txt") is None  # an unknown problem, as before


def test_the_nearest_folder_s_problem_wins(toy, monkeypatch, capsys):
    """A contest's problem solved in ``abc300/main.py`` took ``abc300/a/`` too: with its task's
    problem there, neither was this folder's problem."""
    adopted_task(toy)
    (toy / "abc300" / "main.py").write_text("print(3)\n")
    table = toy / "problems.toml"
    table.write_text(table.read_text() + ROOTY.replace('"main.py"', '"abc300/main.py"'))
    problems = load_registry(toy)
    for here in (toy / "abc300" / "a", toy / "abc300" / "a" / "tests"):
        assert folder_problem(problems, here).slug == "toy_sum"
    assert folder_problem(problems, toy / "abc300").slug == "rooty"
    monkeypatch.chdir(toy / "abc300" / "a" / "tests")
    assert input_problem(problems, "sample-1.in").slug == "toy_sum"
    assert capsys.readouterr().err == "toy_sum (this folder's problem)\n"


def test_stdin_given_as_minus_outside_a_problem_s_folder_needs_a_slug(toy, monkeypatch):
    """``cpkit run -`` there said ``unknown problem '-'``."""
    monkeypatch.chdir(toy)
    with pytest.raises(BuildError) as caught:
        input_problem(load_registry(toy), "-")
    assert str(caught.value) == (
        "run needs a SLUG: this folder is in no single problem's solution or samples folder "
        "(problems.toml has: toy_sum, toy_echo)"
    )


def test_a_package_s_solution_or_other_file_is_no_input_of_its_problem(toy, monkeypatch, capsys):
    """A problem whose solution lies in its package (``solution =
    "pk/submissions/accepted/sum.py"``): ``run`` of that path ran the solution on its own source
    as the input; only the package's cases are taken as its inputs, and the solution names its
    problem as a solution's path does elsewhere (an unknown problem: did you mean it?)."""
    shutil.copytree(PACKAGES / "kattis_sum", toy / "pk")
    table = toy / "problems.toml"
    solution = "pk/submissions/accepted/sum.py"
    table.write_text(table.read_text() + f'\n[ks]\npackage = "pk"\nsolution = "{solution}"\n')
    problems = load_registry(toy)
    monkeypatch.chdir(toy)
    for name in (solution, "pk/submissions/accepted/shouting.py", "pk/problem.yaml"):
        assert input_problem(problems, name) is None
    with pytest.raises(BuildError, match=r"did you mean 'ks'\?\)$"):
        select(problems, [solution])
    assert capsys.readouterr().err == ""
    for case in ("pk/data/secret/group_big/01.in", "pk/data/sample/1.ans"):
        assert input_problem(problems, case).slug == "ks"
        assert capsys.readouterr().err == f"ks (its package holds {case})\n"


class _Unread(tuple):
    """A package's cases that fail the test when read."""

    def __iter__(self):
        raise AssertionError("a package not holding the file had its cases read")


def _unread(problem):
    return dataclasses.replace(problem, source=dataclasses.replace(problem.source, cases=_Unread()))


def test_only_the_package_whose_folder_holds_a_file_is_searched_for_its_case(toy, monkeypatch):
    """``run FILE`` resolved every case of every package to find FILE's problem (0.9 s for a
    sample, beside two packages of 5,000 cases each): a package is searched only when its folder,
    or the folder it is a view of (constants replaced), holds FILE by name or resolved; a case
    by its place first, then through links. A file outside every package's folder that a case
    links to is no longer taken as that case."""
    for folder in ("pk", "other"):
        shutil.copytree(PACKAGES / "kattis_sum", toy / folder)
    table = toy / "problems.toml"
    table.write_text(table.read_text() + '[ks]\npackage = "pk"\n[ko]\npackage = "other"\n')
    problems = load_registry(toy)
    monkeypatch.chdir(toy)
    searched = {**problems, "ko": _unread(problems["ko"])}
    named = ["pk/data/secret/01_small.in", "pk/data/sample/1.ans", "pk/data/secret/../sample/1.in"]
    for name in named:
        assert package_owner(searched, Path(name)).slug == "ks"
    both_unread = {**searched, "ks": _unread(problems["ks"])}
    assert package_owner(both_unread, toy / "samples/toy_sum/sample-1.in") is None
    # a link to a case, in the package's folder or into it: that case
    (toy / "pk/alias.in").symlink_to("data/secret/01_small.in")
    (toy / "alias.in").symlink_to("pk/data/secret/01_small.in")
    for name in ("pk/alias.in", "alias.in"):
        assert package_owner(searched, Path(name)).slug == "ks"
    assert package_owner(searched, Path("pk/problem.yaml")) is None
    # a case that links out: named through the package, that case; its target is none's
    (toy / "outside.in").write_text("1 2\n")
    (toy / "pk/data/secret/01_small.in").unlink()
    (toy / "pk/data/secret/01_small.in").symlink_to(toy / "outside.in")
    assert package_owner(searched, Path("pk/data/secret/01_small.in")).slug == "ks"
    assert package_owner(searched, Path("outside.in")) is None
    # a view of the package (its data linked): named in the package itself, the view's case
    view = toy / "view" / "pk"
    view.mkdir(parents=True)
    (view / "data").symlink_to(toy / "pk" / "data")
    source = problems["ks"].source
    cases = tuple(
        dataclasses.replace(case, input=view / case.input.relative_to(source.path), answer=None)
        for case in source.cases
    )
    viewed = dataclasses.replace(source, path=view, archive=toy / "pk", cases=cases)
    seen = {"ks": dataclasses.replace(problems["ks"], source=viewed)}
    assert package_owner(seen, Path("pk/data/secret/group_big/01.in")).slug == "ks"

"""kit.problem_selection: the problems a command names, every one when it names none, each
once in the order first named; an unknown name is a one-line error listing a few of the
problems there are and the one meant (the nearest slug, or the problem whose solution a path
names)."""

import pytest

from kit.errors import BuildError
from kit.problem_selection import select
from kit.registry import load_registry
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


def test_an_unknown_name_lists_a_few_problems_and_reads_a_solution_s_path_as_its_slug(toy):
    """Thirty problems made a 600-character line; ``cpkit solutions/toy_sum.py`` (a shell's
    completion) got no hint."""
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

"""kit.commands.new_slugs: the slug a page's problem takes (its id, else its title's), the id
put after it when a problem of another judge or id has it or it names no problem, the problem
made already under whatever slug, and the slugs no problem can take; ``new`` choosing them end
to end (the notes and errors it prints) is in tests/kit/commands/test_new.py."""

from types import SimpleNamespace

import pytest

from kit.commands.new_slugs import NoSlug, free_slug, made_already, slug_of, unusable, usable
from kit.errors import BuildError
from kit.pages.page import Page


def page(title: str, judge: str = "Codeforces", id: str | None = None) -> Page:
    return Page(judge, title, 1.0, 256, [], "1 second", "256 megabytes", id)


def known(judge: str, id: str = "?", title: str = "") -> SimpleNamespace:
    """A problem of problems.toml, as the registry holds it: what the slugs are chosen by."""
    return SimpleNamespace(judge=judge, id=id, title=title)


@pytest.mark.parametrize(
    ("read", "slug"),
    [
        (page("Candy", "AtCoder", "abc300_a"), "abc300_a"),  # the id, a slug
        (page("Hello", id="1902A"), "hello"),  # the title's: 1902A is no slug
        (page("二", id="1902A"), "codeforces_1902a"),  # nothing of the title left
        # atcoder-cli's task id with capitals, lower-cased (it was the title's,
        # atcoder_apg4b_cx_1_01_hello_world)
        (page("1.01.Hello, World!", "AtCoder", "APG4b_cx"), "apg4b_cx"),
        (page("Prime Generator", "SPOJ", "PRIME1"), "prime_generator"),  # another judge's
    ],
)
def test_a_page_s_slug_is_its_id_else_its_title_s(read, slug):
    assert slug_of(read) == slug


def test_a_title_that_makes_no_slug_and_no_id_is_no_slug():
    with pytest.raises(NoSlug, match="no slug can be made of the title '二'"):
        slug_of(page("二"))
    assert issubclass(NoSlug, BuildError)  # one line, like any error of new


def test_a_free_slug_is_taken_as_it_is_and_nothing_said(capsys):
    assert free_slug({}, page("Hello", id="1902A")) == "hello"
    assert capsys.readouterr().out == ""


def test_a_slug_another_problem_has_takes_the_id_then_a_number_after_it(capsys):
    registry = {"hello": known("Codeforces", "1901A")}
    assert free_slug(registry, page("Hello", id="1902A")) == "hello_1902a"
    assert capsys.readouterr().out == (
        "note: hello is taken by another problem in this workspace: this problem is hello_1902a\n"
    )
    registry["hello_1902a"] = known("POJ")
    assert free_slug(registry, page("Hello", id="1902A")) == "hello_1902a_2"


def test_a_slug_no_problem_can_take_takes_the_id_after_it(capsys):
    assert free_slug({}, page("Run", id="1903B")) == "run_1903b"
    assert "note: run is the name of a command" in capsys.readouterr().out


def test_a_problem_made_by_hand_of_the_page_s_judge_keeps_its_slug(capsys):
    """An id not set yet (``id = "?"``): the page's, to be refused as made already."""
    assert free_slug({"hello": known("codeforces")}, page("Hello", id="1902A")) == "hello"
    assert capsys.readouterr().out == ""


def test_the_problem_made_already_is_found_under_any_slug():
    registry = {"mine": known("codeforces", "810D"), "other": known("AtCoder", "810D")}
    assert made_already(registry, page("D. Русский", id="810D")) == "mine"
    assert made_already(registry, page("D. Русский", id="811D")) is None
    by_title = {"p": known("pjudge", "?", "Sum"), "q": known("pjudge", "21", "Sum")}
    assert made_already(by_title, page("Sum", "pjudge")) == "p"  # no id: its title, no id set


@pytest.mark.parametrize(
    ("slug", "judge", "why"),
    [
        ("stress", "POJ", "the name of a command (cpkit stress runs it, not this problem)"),
        ("class", "POJ", "a Python keyword"),
        ("shared", "POJ", "the helpers' package's name"),
        ("heapq", "POJ", "the name of a standard module: dist/heapq.py and solutions/heapq.py"),
        ("numpy", "AtCoder", "the name of a module AtCoder installs: dist/numpy.py"),
        ("alpha", "AtCoder", None),
    ],
)
def test_the_slugs_no_problem_can_take_are_said_why(slug, judge, why):
    said = unusable(slug, judge)
    assert said == why if why is None else said.startswith(why)
    if why is None:
        usable(slug, judge)
    else:
        with pytest.raises(BuildError, match=f"^new: '{slug}' is .*: name the problem otherwise"):
            usable(slug, judge)

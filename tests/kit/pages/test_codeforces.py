"""kit.pages.codeforces: a Codeforces problem page (a small one in its markup): the title
without its letter, the limits in the statement's header, samples as newer pages write them
(a line per ``<div>``) and as older ones do (``<br>``), the id from the address."""

import pytest

from kit.errors import BuildError
from kit.pages import codeforces
from kit.pages.page import ANY_ANSWER_NOTE
from kit.pages.tree import parse

PAGE = """<div class="problem-statement"><div class="header">
<div class="title">B2. Two Sums</div>
<div class="time-limit"><div class="property-title">time limit per test</div>2 seconds</div>
<div class="memory-limit"><div class="property-title">memory limit per test</div>256 megabytes</div>
</div><div>Statement.</div>
<div class="sample-test">
<div class="input"><div class="title">Input</div><pre>
<div class="test-example-line">2</div><div class="test-example-line">1 2</div>
</pre></div>
<div class="output"><div class="title">Output</div><pre>3<br>done</pre></div>
</div></div>"""


def test_the_page_gives_title_limits_and_samples_of_either_layout():
    page = codeforces.read(parse(PAGE), "p.html", None)
    assert (page.judge, page.title, page.id) == ("Codeforces", "Two Sums", None)
    assert (page.time_limit, page.memory_limit) == (2.0, 256)
    assert (page.time_shown, page.memory_shown) == ("2 seconds", "256 megabytes")
    assert page.samples == [("2\n1 2\n", "3\ndone\n")]


def test_a_statement_or_note_accepting_any_valid_answer_gives_a_note():
    """1913A's note ('"3 91125" is valid too') was not read: tokens judged another answer."""
    said = PAGE.replace("Statement.", 'Statement.</div><div class="note">"3 91125" is valid too.')
    assert codeforces.read(parse(said), "p.html", None).notes == (ANY_ANSWER_NOTE,)
    assert codeforces.read(parse(PAGE), "p.html", None).notes == ()


@pytest.mark.parametrize("index", ["A", "B2", "P35", "AB"])
def test_the_title_drops_its_index_as_groups_and_mashups_number_them_too(index):
    """A group's problem P35 ("P35. Minutes Before the New Year") kept its index."""
    page = codeforces.read(parse(PAGE.replace("B2. ", f"{index}. ")), "p.html", None)
    assert page.title == "Two Sums"


def test_a_page_in_russian_gives_its_limits():
    """Codeforces' Russian pages and Polygon's statements in Russian: "no time limit found"."""
    russian = (
        PAGE.replace("time limit per test", "ограничение по времени на тест")
        .replace("2 seconds", "2 секунды")
        .replace("memory limit per test", "ограничение по памяти на тест")
        .replace("256 megabytes", "256 мегабайт")
    )
    page = codeforces.read(parse(russian), "p.html", None)
    assert (page.time_limit, page.memory_limit) == (2.0, 256)
    assert (page.time_shown, page.memory_shown) == ("2 секунды", "256 мегабайт")


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("https://codeforces.com/contest/1913/problem/A", "1913A"),
        ("https://codeforces.com/problemset/problem/1354/C2", "1354C2"),
        ("https://codeforces.com/gym/104114/problem/K", "104114K"),
        ("https://codeforces.com/blog", None),
    ],
)
def test_the_id_is_the_contest_and_letter_of_the_address(url, problem):
    assert codeforces.read(parse(PAGE), "p.html", url).id == problem


@pytest.mark.parametrize(
    ("slug", "problem"),
    [
        ("cf1900a", "1900A"),
        ("cf_1900a", "1900A"),
        ("codeforces_1910b2", "1910B2"),  # a problem in parts
        ("cf100001c", "100001C"),  # a gym's contest
        ("cf1900", None),  # no index
        ("cf1900ab", None),
        ("cf0a", None),
        ("cf1234567a", None),
        ("abc300_a", None),
        ("xcf1900a", None),
    ],
)
def test_a_slug_of_contest_and_index_names_the_id_the_address_gives(slug, problem):
    assert codeforces.task_id(slug) == problem


def test_a_page_is_codeforces_by_its_statement_block():
    assert codeforces.matches(parse(PAGE)) and not codeforces.matches(parse("<p>x</p>"))


def test_a_page_without_its_limits_names_the_markup():
    page = PAGE.replace('class="memory-limit"', 'class="other"')
    with pytest.raises(BuildError, match=r"^p\.html: no memory limit found \(expected Codeforces'"):
        codeforces.read(parse(page), "p.html", None)


@pytest.mark.parametrize("section", ["Interaction", "Протокол взаимодействия"])
def test_an_interaction_section_makes_the_problem_interactive_without_samples(section):
    """An interactive problem's page was read as a batch one, its exchange (the judge's replies,
    the queries) written as a sample's input and expected output."""
    interactive = PAGE.replace(
        "<div>Statement.</div>",
        f'<div>Statement.</div><div><div class="section-title">{section}</div><p>Ask.</p></div>',
    )
    page = codeforces.read(parse(interactive), "p.html", None)
    assert page.interactive and page.samples == []
    assert (page.title, page.time_limit, page.memory_limit) == ("Two Sums", 2.0, 256)


def test_a_batch_page_with_input_and_output_sections_is_not_interactive():
    batch = PAGE.replace(
        "<div>Statement.</div>",
        '<div class="output-specification"><div class="section-title">Output</div></div>',
    )
    page = codeforces.read(parse(batch), "p.html", None)
    assert not page.interactive and page.samples == [("2\n1 2\n", "3\ndone\n")]

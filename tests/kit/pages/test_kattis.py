"""kit.pages.kattis: a Kattis problem page (a small one in its markup): the title, the CPU time
and memory limits of the metadata list, the sample tables (an interactive problem's, without
``<pre>``, passed over), the id from the address."""

import pytest

from kit.errors import BuildError
from kit.pages import kattis
from kit.pages.tree import parse

PAGE = """<html><head><title>Hello World! &ndash; Kattis, Kattis</title></head><body>
<h1>Hello World!</h1>
<div class="metadata_list">
<span class="metadata_list-label">CPU Time limit</span><span>1 second</span>
<span class="metadata_list-label">Memory limit</span><span>1024 MB</span></div>
<table class="sample"><tr><td><pre>1 2
</pre></td><td><pre>3
</pre></td></tr></table>
<table class="sample"><tr><td>Read</td><td>Write</td></tr></table>
</body></html>"""


def test_the_page_gives_title_limits_samples_and_id():
    page = kattis.read(parse(PAGE), "p.html", "https://open.kattis.com/problems/hello")
    assert (page.judge, page.title, page.id) == ("Kattis", "Hello World!", "hello")
    assert (page.time_limit, page.memory_limit) == (1.0, 1024)
    assert page.samples == [("1 2\n", "3\n")]


def test_a_page_is_kattis_by_its_sample_tables_or_its_title():
    assert kattis.matches(parse(PAGE))
    assert kattis.matches(parse("<title>Guess &ndash; Kattis</title>"))
    assert not kattis.matches(parse("<title>Other</title><p>x</p>"))


def test_a_page_without_its_heading_names_the_markup():
    with pytest.raises(BuildError, match=r"^p\.html: no title found \(expected Kattis' <h1>\)$"):
        kattis.read(parse(PAGE.replace("<h1>Hello World!</h1>", "")), "p.html", None)


# the layout of Kattis' pages since 2023: each limit's value in a span before its label
VALUE_FIRST = """<html><head><title>Two Coins &ndash; Kattis, Kattis</title></head><body>
<div class="book-page-container" data-problem-name="twocoins">
<h1 class="book-page-heading">Two Coins</h1></div>
<div class="flex"><span class="text-lg">2 seconds</span><span class="info_label">CPU Time
limit</span></div>
<div class="flex"><span class="text-lg">512 MB</span><span class="info_label">Memory
limit</span></div>
<table class="sample"><tr><td><pre>5
</pre></td><td><pre>yes
</pre></td></tr></table>
</body></html>"""


def test_a_limit_whose_value_comes_before_its_label_is_read():
    page = kattis.read(parse(VALUE_FIRST), "p.html", None)
    assert (page.title, page.time_limit, page.memory_limit) == ("Two Coins", 2.0, 512)
    assert (page.time_shown, page.memory_shown) == ("2 seconds", "512 MB")
    assert page.samples == [("5\n", "yes\n")] and page.id == "twocoins"


def test_an_interactive_page_s_exchanges_make_it_interactive_without_samples():
    """Its sample tables hold headings only; the exchange is in sampleinteraction divs."""
    exchange = (
        '<table class="sample"><tr><th>Read</th><th>Sample Interaction 1</th><th>Write</th>'
        '</tr></table><div class="sampleinteractionread"><pre>3</pre></div>'
        '<div class="sampleinteractionwrite"><pre>? 1</pre></div>'
    )
    table = VALUE_FIRST[VALUE_FIRST.index('<table class="sample">') : VALUE_FIRST.index("</body>")]
    page = kattis.read(parse(VALUE_FIRST.replace(table, exchange)), "p.html", None)
    assert page.interactive and page.samples == []


def test_a_page_that_shows_no_sample_is_read_with_a_note():
    """Kattis' own "hello" has no sample: no sample table at all."""
    table = VALUE_FIRST[VALUE_FIRST.index('<table class="sample">') : VALUE_FIRST.index("</body>")]
    page = kattis.read(parse(VALUE_FIRST.replace(table, "")), "p.html", None)
    assert page.samples == [] and not page.interactive
    assert page.notes == ("the page shows no sample (no <table class=sample>): none written",)


# an older layout, still served for contests: the limits in a sidebar after their labels, the
# id beside them, and a contest's letter in the heading before a line break
SIDEBAR = """<html><head><title>No Repeats &ndash; Kattis, Kattis</title></head><body>
<h1>Problem C<br/>No Repeats</h1>
<div class="sidebar-info"><p><strong>Problem ID: </strong> norepeats</p>
<p><strong>CPU Time limit: </strong> 1 second</p>
<p><strong>Memory limit: </strong> 1024 MB</p></div>
<table class="sample"><tr><td><pre>a b
</pre></td><td><pre>yes
</pre></td></tr></table>
</body></html>"""


def test_a_contest_s_letter_is_not_the_title_and_the_id_is_read_from_the_page():
    page = kattis.read(parse(SIDEBAR), "p.html", None)
    assert (page.title, page.id, page.time_limit, page.memory_limit) == (
        "No Repeats",
        "norepeats",
        1.0,
        1024,
    )
    titled = kattis.read(parse(SIDEBAR.replace("Problem C<br/>", "")), "p.html", None)
    assert titled.title == "No Repeats"
    same = kattis.read(parse(SIDEBAR.replace("<br/>", " ")), "p.html", None)
    assert same.title == "Problem C No Repeats"  # no break: the heading is the title


def test_limits_side_by_side_in_one_container_each_take_their_own_value():
    """All four spans in one list: the time label's neighbour after it is the memory's value."""
    flat = VALUE_FIRST.replace(
        '</span></div>\n<div class="flex"><span class="text-lg">512 MB', "</span><span>512 MB"
    )
    assert flat != VALUE_FIRST
    page = kattis.read(parse(flat), "p.html", None)
    assert (page.time_limit, page.memory_limit) == (2.0, 512)

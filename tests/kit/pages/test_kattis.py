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

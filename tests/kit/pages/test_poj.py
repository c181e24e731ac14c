"""kit.pages.poj: a POJ problem page (a small one in POJ's markup): title, limits in POJ's
units (1000MS, 65536K), the samples after their headings, the id from the address or the page
title, and what is missing named with the markup that should hold it."""

import pytest

from kit.errors import BuildError
from kit.pages import poj
from kit.pages.tree import parse

PAGE = """<html><head><title>1643 -- Checker's Check</title></head><body>
<div class="ptt" lang="en-US">Checker's Check</div>
<div class="plm"><table><tr><td><b>Time Limit:</b> 1000MS</td>
<td><b>Memory Limit:</b> 65536K</td></tr></table></div>
<p class="pst">Description</p><div class="ptx">Moves.</div>
<p class="pst">Sample Input</p><pre class="sio">2
1 2
</pre>
<p class="pst">Sample Output</p><pre class="sio">3
</pre>
</body></html>"""


def test_the_page_gives_title_limits_samples_and_id():
    page = poj.read(parse(PAGE), "p.html", None)
    assert (page.judge, page.title, page.id) == ("POJ", "Checker's Check", "1643")
    assert (page.time_limit, page.memory_limit) == (1.0, 64)
    assert (page.time_shown, page.memory_shown) == ("1000MS", "65536K")
    assert page.samples == [("2\n1 2\n", "3\n")]


CASE_ROW = (
    '<tr><td><b>Case Time Limit:</b> 200MS</td><td width="10px"></td>'
    '<td style="font-weight:bold; color:red;">Special Judge</td></tr></table>'
)


def test_a_case_time_limit_is_the_problem_s_and_the_page_s_other_limit_is_named():
    """POJ 3468's row: Time Limit 5000MS, Case Time Limit 2000MS; each file runs alone."""
    text = PAGE.replace("1000MS", "5000MS").replace("</table>", CASE_ROW)
    page = poj.read(parse(text), "p", None)
    assert page.time_limit == 0.2
    assert page.time_shown == "Case Time Limit 200MS; its Time Limit 5000MS is not per case"


def test_a_special_judge_is_a_note_and_a_page_without_one_has_none():
    assert poj.read(parse(PAGE.replace("</table>", CASE_ROW)), "p", None).notes == (
        poj.SPECIAL_JUDGE_NOTE,
    )
    assert poj.read(parse(PAGE), "p", None).notes == ()


def test_the_address_gives_the_id_first():
    assert poj.read(parse(PAGE), "p.html", "http://poj.org/problem?id=3116").id == "3116"


def test_a_page_is_poj_s_by_its_markup():
    assert poj.matches(parse(PAGE))
    assert not poj.matches(parse("<div class=problem-statement>x</div>"))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "Checker's Check</div>",
            "</div>",
            "p.html: no title found (expected POJ's <div class=ptt>)",
        ),
        ("1000MS", "", "p.html: no time limit found"),
        ('<p class="pst">Sample Output</p>', "", "p.html: no sample output found"),
    ],
)
def test_what_is_missing_is_named(old, new, message):
    with pytest.raises(BuildError) as caught:
        poj.read(parse(PAGE.replace(old, new, 1)), "p.html", None)
    assert str(caught.value).startswith(message)

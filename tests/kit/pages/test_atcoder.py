"""kit.pages.atcoder: an AtCoder task page (a small one in its markup, English and Japanese
parts): the title without its letter, ``Time Limit: 2 sec / Memory Limit: 1024 MiB`` (or the
Japanese words), the English samples, the task id from the address."""

import re

import pytest

from kit.errors import BuildError
from kit.pages import atcoder
from kit.pages.page import ANY_ANSWER_NOTE
from kit.pages.tree import parse

PAGE = """<html><head><title>C - Grid Walk</title></head><body>
<span class="h2">C - Grid Walk <a href="/editorial">Editorial</a></span>
<p>Time Limit: 2 sec / Memory Limit: 1024 MiB</p>
<div id="task-statement">
<span class="lang-ja"><div class="part"><section><h3>入力例 1</h3><pre>9</pre></section></div>
<div class="part"><section><h3>出力例 1</h3><pre>8</pre></section></div></span>
<span class="lang-en">
<div class="part"><section><h3>Sample Input 1</h3><pre>1 2
</pre></section></div>
<div class="part"><section><h3>Sample Output 1</h3><pre>3
</pre></section></div>
<div class="part"><section><h3>Sample Input 2</h3><pre>5 5</pre></section></div>
<div class="part"><section><h3>Sample Output 2</h3><pre>10</pre></section></div>
</span></div></body></html>"""


def test_the_page_gives_title_limits_and_the_english_samples():
    page = atcoder.read(parse(PAGE), "p.html", "https://atcoder.jp/contests/abc406/tasks/abc406_c")
    assert (page.judge, page.title, page.id) == ("AtCoder", "Grid Walk", "abc406_c")
    assert (page.time_limit, page.memory_limit) == (2.0, 1024)
    assert page.samples == [("1 2\n", "3\n"), ("5 5\n", "10\n")]


def test_a_statement_accepting_any_valid_answer_gives_a_note():
    said = '<span class="lang-en"><p>If there are multiple solutions, print any of them.</p>'
    page = atcoder.read(parse(PAGE.replace('<span class="lang-en">', said)), "p.html", None)
    assert page.notes == (ANY_ANSWER_NOTE,)
    assert atcoder.read(parse(PAGE), "p.html", None).notes == ()


def test_a_page_saved_from_a_browser_reads_past_the_script_s_copy_buttons():
    """AtCoder's script adds a Copy button to each sample's heading and a div before its pre."""
    button = ' <span class="btn btn-default btn-sm btn-copy" tabindex="0">Copy</span>'
    saved = re.sub(r"(Sample (?:Input|Output) \d)</h3>", rf"\1{button}</h3>", PAGE)
    saved = saved.replace("</h3><pre>", '</h3><div class="div-btn-copy"></div><pre>')
    assert saved.count("Copy</span>") == 4
    page = atcoder.read(parse(saved), "p.html", None)
    assert page.samples == [("1 2\n", "3\n"), ("5 5\n", "10\n")]


def test_a_japanese_page_is_read_by_its_own_words():
    japanese = PAGE.replace("Time Limit", "実行時間制限").replace("Memory Limit", "メモリ制限")
    japanese = japanese[: japanese.index('<span class="lang-en">')] + "</div></body></html>"
    page = atcoder.read(parse(japanese), "p.html", None)
    assert (page.time_limit, page.memory_limit, page.samples) == (2.0, 1024, [("9\n", "8\n")])


def test_a_page_is_atcoder_s_by_its_task_statement():
    assert atcoder.matches(parse(PAGE)) and not atcoder.matches(parse("<div id=other></div>"))


def test_a_page_without_samples_names_the_markup():
    page = PAGE.replace("Sample Input", "Input").replace("入力例", "入力")
    with pytest.raises(BuildError, match=r"^p\.html: no sample input found \(expected AtCoder's"):
        atcoder.read(parse(page), "p.html", None)


def test_an_early_contest_s_page_has_each_sample_s_pre_inside_a_section_after_its_heading():
    """abc001-era tasks: ``<div class="part"><h3>入力例 1</h3><section><pre>``, Japanese only,
    the limits as ``実行時間制限 : 2 sec / メモリ制限 : 64 MB``."""
    early = """<html><body><span class="h2">C - Wind Gauge</span>
<p>実行時間制限 : 2 sec / メモリ制限 : 64 MB</p>
<div id="task-statement"><span class="lang"><span class="lang-ja">
<div class="part"><h3>入力例 1</h3><section><pre class="prettyprint linenums">
2750 628
</pre><ul><li>a note</li></ul></section></div>
<div class="part"><h3>出力例 1</h3><section><pre class="prettyprint linenums">
W 5
</pre></section></div></span></span></div></body></html>"""
    page = atcoder.read(parse(early), "p.html", None)
    assert (page.title, page.time_limit, page.memory_limit) == ("Wind Gauge", 2.0, 64)
    assert page.samples == [("2750 628\n", "W 5\n")]


@pytest.mark.parametrize(
    "notice",
    [
        "This is an interactive task.",
        "This is an interactive problem (a type of problem where your program interacts).",
        "これはインタラクティブな問題です。",
        "この問題はインタラクティブな問題（ジャッジと対話する形式の問題）です。",
    ],
)
def test_an_interactive_task_s_page_is_interactive_without_samples(notice):
    """Its exchange is a table under "Sample Input and Output", no pre pairs: the page was
    refused, "no sample input found", with --interactive too."""
    interactive = f"""<html><body><span class="h2">E - Guess</span>
<p>Time Limit: 2 sec / Memory Limit: 256 MB</p>
<div id="task-statement"><span class="lang-en">
<div class="part"><section><h3>Problem Statement</h3>
<p><strong>{notice}</strong></p></section></div>
<div class="part"><section><h3>Sample Input and Output</h3>
<table><tr><th>Input</th><th>Output</th></tr><tr><td></td><td>? 1</td></tr></table>
</section></div></span></div></body></html>"""
    page = atcoder.read(parse(interactive), "p.html", None)
    assert page.interactive and page.samples == []
    assert (page.title, page.time_limit, page.memory_limit) == ("Guess", 2.0, 256)


def test_a_batch_task_s_page_is_not_interactive():
    assert not atcoder.read(parse(PAGE), "p.html", None).interactive


@pytest.mark.parametrize(
    ("slug", "task"),
    [
        ("abc300_a", "abc300_a"),
        ("arc100_f", "arc100_d"),  # ARC 058 to 103's tasks C to F are ids _a to _d
        ("arc058_e", "arc058_c"),
        ("arc058_a", "arc058_a"),  # no task A there: the id
        ("arc058_c", None),  # C, or E's id
        ("arc058_g", None),
        ("arc104_a", "arc104_a"),
        ("abc001_a", "abc001_1"),  # task A of a contest of numbered ids
        ("arc034_d", "arc034_4"),
        ("abc001_5", None),  # four tasks then
        ("arc057_e", None),
        ("arc035_a", "arc035_a"),
        ("abc300_1", None),  # lettered: no id ends in a number
        ("abc020_1", None),
        ("abc019_d", "abc019_4"),  # the last numbered ones, the last of four tasks
        ("abc041_d", "abc041_d"),
        ("abc041_e", None),
        ("arc103_f", "arc103_d"),  # the last held with an ABC (atcoder.jp/.../arc103_d)
        ("abc0001_a", None),  # no contest: four digits from ABC 1000 on
        ("arc0058_e", None),
        ("abc000_a", None),
        ("abc1000_a", "abc1000_a"),
        ("agc001_a", "agc001_a"),
        ("ahc030_a", "ahc030_a"),
        ("ahc030_b", None),  # an AHC has one task
        ("ahc001_1", None),
        ("abc001_1", "abc001_1"),  # the first contests' tasks are numbered
        ("two_sum", None),
        ("dp_a", None),  # a contest of no such form: its id cannot be told from a name
        ("abc300", None),
        ("abc300_a_2", None),
        ("xabc300_a", None),
        ("abc042_a", "abc042_a"),  # a joint contest's own tasks
        ("abc042_c", "arc058_a"),  # held with ARC 058: its C and D are the ARC's C and D
        ("abc042_d", "arc058_b"),
        ("abc043_c", "arc059_a"),
        ("abc101_d", "arc099_b"),
        ("abc111_d", "arc103_b"),  # the last held with an ARC, ARC 103
        ("abc051_c", "abc051_c"),  # held alone: its own C and D
        ("abc110_d", "abc110_d"),
        ("abc041_c", "abc041_c"),
        ("abc112_c", "abc112_c"),
        ("abc042_e", None),  # past the contest's last task: ABC 042 to 125 had A to D
        ("abc125_d", "abc125_d"),
        ("abc125_e", None),
        ("abc126_f", "abc126_f"),  # ABC 126 to 211: A to F
        ("abc126_g", None),
        ("abc211_g", None),
        ("abc212_h", "abc212_h"),  # ABC 212 to 318: A to H (Ex from 233)
        ("abc212_i", None),
        ("abc318_h", "abc318_h"),
        ("abc318_i", None),
        ("abc319_g", "abc319_g"),  # ABC 319 on: A to G
        ("abc319_h", None),
        ("abc424_h", None),
        ("abc425_h", "abc425_h"),  # newer than the sources: the slug
        ("arc104_f", "arc104_f"),  # ARC 104 to 183: A to F
        ("arc104_g", None),
        ("arc120_g", None),
        ("arc183_g", None),
        ("arc184_e", "arc184_e"),  # ARC 184 to 206: A to E, but some
        ("arc184_f", None),
        ("arc193_d", "arc193_d"),
        ("arc193_e", None),
        ("arc201_f", "arc201_f"),
        ("arc201_g", None),
        ("arc196_d", "arc196_d"),  # the others of ARC 184 to 206 with A to D
        ("arc196_e", None),
        ("arc199_e", None),
        ("arc202_e", None),
        ("arc204_d", "arc204_d"),
        ("arc204_e", None),
        ("arc206_f", None),
        ("arc207_f", "arc207_f"),
        ("agc001_f", "agc001_f"),  # AGC 001 to 066: A to F, but 009
        ("agc001_g", None),
        ("agc009_e", "agc009_e"),
        ("agc009_f", None),
        ("agc028_g", None),
        ("agc041_g", None),
        ("agc042_g", "agc042_g"),  # in neither source: the slug
        ("agc043_g", None),
        ("agc066_g", None),
        ("agc067_e", "agc067_e"),  # AGC 067 to 072: A to E
        ("agc067_f", None),
        ("agc072_f", None),
        ("agc073_f", "agc073_f"),
    ],
)
def test_a_slug_of_a_rated_contest_s_task_form_is_its_task_id(slug, task):
    """``arc058_e`` and ``abc300_1`` were taken for ids: ARC 058's E is ``arc058_c``, and no
    id of ABC 300 ends in a number. A slug of the form that names no known id says why."""
    assert atcoder.task_id(slug) == task
    said = atcoder.id_note(slug)
    assert (said is None) == (task is not None or atcoder.TASK_ID.fullmatch(slug) is None)


def test_abc_042_to_111_held_with_an_arc_take_arc_058_to_103_in_turn():
    """46 of the 70 were held with one, the other 24 alone (AtCoderNoviSteps' and AtCoder
    Problems' data, as the module cites them)."""
    assert len(atcoder.JOINT_ABC) == 46 and len(atcoder.ALONE_ABC) == 24
    assert sorted(atcoder.JOINT_ABC.values()) == list(range(58, 104))
    held = {abc: atcoder.JOINT_ABC[abc] for abc in (50, 52, 55, 69, 71, 97, 102, 107, 108)}
    assert held == {50: 66, 52: 67, 55: 69, 69: 80, 71: 81, 97: 97, 102: 100, 107: 101, 108: 102}


@pytest.mark.parametrize(
    ("slug", "note"),
    [
        ("abc300_1", "ABC 300's task ids end in a letter (abc300_a), not a number"),
        ("arc058_c", "arc058_c is C's name or E's id"),
        ("arc058_d", "arc058_d is D's name or F's id"),
        ("abc001_5", "ABC 001 had four tasks, A to D"),
        ("ahc030_b", "AHC 030 had one task, ahc030_a"),
        ("abc042_e", "ABC 042 had four tasks, A to D"),
        ("abc126_g", "ABC 126 had six tasks, A to F"),
        ("abc212_i", "ABC 212 had eight tasks, A to H"),
        ("abc232_i", "ABC 232 had eight tasks, A to H"),
        ("abc233_i", "ABC 233 had eight tasks, A to Ex (abc233_h)"),
        ("abc318_i", "ABC 318 had eight tasks, A to Ex (abc318_h)"),
        ("abc319_h", "ABC 319 had seven tasks, A to G"),
        ("arc120_g", "ARC 120 had seven tasks, A to F and F2"),
        ("agc028_g", "AGC 028 had seven tasks, A to F and F2"),
        ("arc193_e", "ARC 193 had four tasks, A to D"),
        ("agc009_f", "AGC 009 had five tasks, A to E"),
    ],
)
def test_a_slug_whose_task_id_cannot_be_known_is_said_why(slug, note):
    assert note in atcoder.id_note(slug)


def test_the_last_tasks_are_known_from_abc_042_arc_104_and_agc_001_to_the_sources_newest():
    """ABC 042 to 424, ARC 104 to 206 and AGC 001 to 072 but 042 (556 contests): a slug past
    the last task said nothing and was taken for an id."""
    known = {
        kind: [n for n in range(1, 1000) if atcoder.id_note(f"{kind}{n:03d}_z") is not None]
        for kind in ("abc", "arc", "agc")
    }
    assert known["abc"] == list(range(1, 425))  # ABC 001 to 041: the four tasks' rule
    assert known["arc"] == list(range(1, 207))  # ARC 058 to 103: tasks C to F
    assert known["agc"] == [n for n in range(1, 73) if n != 42]

"""kit.pages.tree: a page parsed as leniently as browsers parse problem pages: void elements,
an end tag closing what was opened inside it, stray end tags ignored, script and style text
dropped, comments kept apart; finding by tag, class and id; text as read and as a ``<pre>``
shows it."""

from kit.pages.tree import parse


def test_void_elements_take_no_end_tag_and_an_end_tag_closes_what_is_inside_it():
    root = parse("<div id=a><p>one<br>two<img src=x><b>bold</div><p>after</p></i>")
    (div,) = root.find_all("div")
    assert [child.tag for child in div.children] == ["p"]
    paragraph = div.children[0]
    assert [c if isinstance(c, str) else c.tag for c in paragraph.children] == [
        "one", "br", "two", "img", "b",
    ]  # fmt: skip
    assert root.find("p", id=None).text() == "one two bold"
    assert [p.text() for p in root.find_all("p")] == ["one two bold", "after"]


def test_script_and_style_text_is_dropped_and_comments_are_kept_on_the_root():
    root = parse("<!-- saved from url=(0010)x --><style>p{}</style><script>var a;</script><p>t</p>")
    assert root.comments == [" saved from url=(0010)x "]
    assert root.text() == "t"


def test_find_by_class_among_several_and_by_id():
    root = parse('<pre class="sio big">1</pre><pre class="sio">2</pre><div id="task">3</div>')
    assert [pre.text() for pre in root.find_all("pre", cls="sio")] == ["1", "2"]
    assert root.find("pre", cls="big").text() == "1"
    assert root.find(id="task").text() == "3" and root.find("table") is None


def test_following_gives_the_later_siblings_only():
    root = parse("<section><h3>In</h3><pre>1</pre><p>x</p></section>")
    heading = root.find("h3")
    assert [element.tag for element in heading.following()] == ["pre", "p"]
    assert root.following() == []


def test_text_collapses_whitespace_and_pre_text_keeps_the_lines():
    root = parse(
        "<pre>3 4\n<div class=line>5&nbsp;6</div><div>7</div>8<br>9</pre><h1> A <b>B</b>  </h1>"
    )
    assert root.find("pre").pre_text() == "3 4\n5 6\n7\n8\n9"
    heading = root.find("h1")
    assert (heading.text(), heading.own_text()) == ("A B", "A")

"""Kattis' problem pages (open.kattis.com/problems/ID, and a contest's copies).

Markup: the title in the page's ``<h1>`` (a contest's copy puts "Problem A<br/>" before it);
the limits in the metadata list, a ``<span class="metadata_list-label">CPU Time limit</span>``
then ``<span>1 second</span>``, and ``Memory limit`` then ``1024 MB`` (since 2023 the value's
span comes first, the label's ``class="info_label"`` after it; older pages' sidebar has
``<strong>CPU Time limit: </strong> 1 second``), and "Problem ID: hello" beside them (since
2023 the statement's ``data-problem-name="hello"``); each
sample a ``<table class="sample">`` whose first ``<pre>`` is the input and second the output.
An interactive problem's tables hold only headings, its exchanges in ``<div
class="sampleinteractionread">`` and ``sampleinteractionwrite``: the page says it is
interactive, and gives no samples. A page without any sample table (Kattis' own "hello") gives
none, with a note.
"""

from __future__ import annotations

import re

from kit.pages.page import Page, limits, mebibytes, missing, paired, seconds
from kit.pages.tree import Element

NAME = "Kattis"
HOSTS = ("kattis.com",)
MARK = "<table class=sample>"


def matches(root: Element) -> bool:
    head = root.find("title")
    return root.find("table", cls="sample") is not None or (
        head is not None and "Kattis" in head.text()
    )


def read(root: Element, source: str, url: str | None) -> Page:
    title = _title(root)
    if not title:
        raise missing(source, "title", "Kattis' <h1>")
    text = root.text()
    time, memory, time_shown, memory_shown = limits(
        source,
        NAME,
        _limit_text(root, text, TIME_LABELS, seconds),
        _limit_text(root, text, ("memory limit",), mebibytes),
        "'CPU Time limit' and 'Memory limit' in the metadata list",
    )
    known = id_in(url) or _id_on(root, text)
    shown = (NAME, title, time, memory)
    if root.find(cls="sampleinteractionread") or root.find(cls="sampleinteractionwrite"):
        return Page(*shown, [], time_shown, memory_shown, known, interactive=True)
    tables = root.find_all("table", cls="sample")
    if not tables:
        note = "the page shows no sample (no <table class=sample>): none written"
        return Page(*shown, [], time_shown, memory_shown, known, notes=(note,))
    inputs, outputs = [], []
    for table in tables:
        pres = table.find_all("pre")
        if pres:
            inputs.append(pres[0].pre_text())
            outputs.append(pres[1].pre_text() if len(pres) > 1 else "")
    where = "Kattis' <table class=sample> with an input and an output <pre>"
    samples = paired(source, inputs, outputs, where)
    return Page(*shown, samples, time_shown, memory_shown, known)


TIME_LABELS = ("cpu time limit", "time limit")


def _id_on(root: Element, text: str) -> str | None:
    """The id the page names: "Problem ID: hello" (older pages), or the statement's
    ``data-problem-name`` (pages since 2023)."""
    found = re.search(r"Problem ID\s*:\s*([\w-]+)", text)
    if found:
        return found[1]
    named = next((e for e in root.elements() if e.attrs.get("data-problem-name")), None)
    return None if named is None else named.attrs["data-problem-name"]


def _title(root: Element) -> str:
    """The ``<h1>``'s text, without a contest's "Problem A" before a line break in it."""
    heading = root.find("h1")
    if heading is None:
        return ""
    breaks = [i for i, child in enumerate(heading.children) if getattr(child, "tag", "") == "br"]
    if breaks:
        before = Element("span", children=heading.children[: breaks[0]]).text()
        if re.fullmatch(r"Problem [A-Z0-9]{1,3}", before):
            return Element("span", children=heading.children[breaks[0] + 1 :]).text()
    return heading.text()


def _limit_text(root: Element, text: str, labels: tuple[str, ...], reads) -> str | None:
    """A limit's words: beside an element that holds only its label (the value after it, or
    before it as Kattis' pages since 2023 put it), the first that ``reads`` (``seconds`` or
    ``mebibytes``) finds a value in, else after the label in the page's text."""
    for element in root.elements():
        if element.text().rstrip(":").strip().lower() not in labels:
            continue
        siblings = [
            c for c in (element.parent.children if element.parent else []) if isinstance(c, Element)
        ]
        at = siblings.index(element)
        for neighbour in siblings[at + 1 : at + 2] + siblings[max(0, at - 1) : at]:
            words = neighbour.text()
            if reads(words) is not None:
                return words
    for label in labels:
        after = re.search(rf"{label}\s*:?\s*([\d.]+\s*\w+)", text, re.IGNORECASE)
        if after:
            return after[1]
    return None


def id_in(url: str | None) -> str | None:
    """The judge's id of the problem in its address, or None."""
    found = re.search(r"/problems/([\w-]+)", url or "")
    return found[1] if found else None

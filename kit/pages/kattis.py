"""Kattis' problem pages (open.kattis.com/problems/ID, and a contest's copies).

Markup: the title in the page's ``<h1>``; the limits in the metadata list, a ``<span
class="metadata_list-label">CPU Time limit</span>`` then ``<span>1 second</span>``, and
``Memory limit`` then ``1024 MB``; each sample a ``<table class="sample">`` whose first
``<pre>`` is the input and second the output (an interactive problem's tables hold no
``<pre>`` and are passed over).
"""

from __future__ import annotations

import re

from kit.pages.page import Page, limits, missing, paired
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
    heading = root.find("h1")
    title = heading.text() if heading is not None else ""
    if not title:
        raise missing(source, "title", "Kattis' <h1>")
    text = root.text()
    time_text = re.search(r"Time limit\s*:?\s*([\d.]+\s*\w+)", text, re.IGNORECASE)
    memory_text = re.search(r"Memory limit\s*:?\s*([\d.]+\s*\w+)", text, re.IGNORECASE)
    time, memory, time_shown, memory_shown = limits(
        source,
        NAME,
        time_text and time_text[1],
        memory_text and memory_text[1],
        "'CPU Time limit' and 'Memory limit' in the metadata list",
    )
    inputs, outputs = [], []
    for table in root.find_all("table", cls="sample"):
        pres = table.find_all("pre")
        if pres:
            inputs.append(pres[0].pre_text())
            outputs.append(pres[1].pre_text() if len(pres) > 1 else "")
    where = "Kattis' <table class=sample> with an input and an output <pre>"
    samples = paired(source, inputs, outputs, where)
    return Page(NAME, title, time, memory, samples, time_shown, memory_shown, id_in(url))


def id_in(url: str | None) -> str | None:
    """The judge's id of the problem in its address, or None."""
    found = re.search(r"/problems/([\w-]+)", url or "")
    return found[1] if found else None

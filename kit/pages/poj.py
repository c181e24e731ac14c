"""POJ's problem pages (poj.org/problem?id=N).

Markup, as on the saved pages of ../shared/problems/pages/: the title in ``<div class="ptt">``,
``<b>Time Limit:</b> 1000MS`` and ``<b>Memory Limit:</b> 65536K`` in ``<div class="plm">``,
each sample in a ``<pre class="sio">`` after ``<p class="pst">Sample Input</p>`` or ``Sample
Output``; the page title ``1643 -- Checker's Check`` holds the id.

Some pages add a row to the limits: ``<b>Case Time Limit:</b> 2000MS`` (3468: Time Limit
5000MS, Case Time Limit 2000MS) and ``<td style="font-weight:bold; color:red;">Special
Judge</td>``. The case limit is each input file's, by its name, and the stricter of the two:
the kit runs each file alone, so it is the problem's ``time_limit``, the larger one named in
the comment beside it. A Special Judge is a note: the sample answers are then one accepted
output of several, which ``lines`` would hold every other output to.
"""

from __future__ import annotations

import re

from kit.pages.page import Page, limits, missing, paired
from kit.pages.tree import Element

NAME = "POJ"
HOSTS = ("poj.org",)
MARK = "<div class=ptt>"
SPECIAL_JUDGE_NOTE = (
    "the page says Special Judge: its sample answers are one accepted output of several; "
    'check yours with a checker of your own (compare = "checker:PATH" in problems.toml)'
)


def matches(root: Element) -> bool:
    return root.find("div", cls="ptt") is not None or root.find("pre", cls="sio") is not None


def read(root: Element, source: str, url: str | None) -> Page:
    heading = root.find("div", cls="ptt")
    title = heading.text() if heading is not None else ""
    if not title:
        raise missing(source, "title", "POJ's <div class=ptt>")
    facts = root.find("div", cls="plm")
    text = facts.text() if facts is not None else ""
    time, memory, time_shown, memory_shown = _limits(text, source)
    samples = _samples(root, source)
    notes = (SPECIAL_JUDGE_NOTE,) if "special judge" in text.lower() else ()
    page_id = _id(root, url)
    return Page(NAME, title, time, memory, samples, time_shown, memory_shown, page_id, notes=notes)


def _limits(text: str, source: str):
    """(seconds, MiB, time as shown, memory as shown): the Case Time Limit where the page
    gives one, its Time Limit named beside it."""
    total = re.search(r"(?<!Case )Time Limit:\s*(\S+)", text)
    case = re.search(r"Case Time Limit:\s*(\S+)", text)
    memory_text = re.search(r"Memory Limit:\s*(\S+)", text)
    time, memory, time_shown, memory_shown = limits(
        source,
        NAME,
        (case or total) and (case or total)[1],
        memory_text and memory_text[1],
        "'Time Limit: 1000MS' and 'Memory Limit: 65536K' in <div class=plm>",
    )
    if case and total:
        time_shown = f"Case Time Limit {time_shown}; its Time Limit {total[1]} is not per case"
    return time, memory, time_shown, memory_shown


def _samples(root: Element, source: str) -> list:
    inputs, outputs = [], []
    heading_text = ""
    for element in root.elements():
        if element.tag == "p" and "pst" in element.classes:
            heading_text = element.text().lower()
        elif element.tag == "pre" and "sio" in element.classes:
            if heading_text.startswith("sample input"):
                inputs.append(element.pre_text())
            elif heading_text.startswith("sample output"):
                outputs.append(element.pre_text())
    where = "POJ's <pre class=sio> after <p class=pst>Sample Input</p> and Sample Output"
    return paired(source, inputs, outputs, where)


def id_in(url: str | None) -> str | None:
    """The judge's id of the problem in its address, or None."""
    found = re.search(r"[?&]id=(\d+)", url or "")
    return found[1] if found else None


def _id(root: Element, url: str | None) -> str | None:
    if id_in(url) is not None:
        return id_in(url)
    head = root.find("title")
    found = re.match(r"(\d+)\s+--", head.text() if head is not None else "")
    return found[1] if found else None

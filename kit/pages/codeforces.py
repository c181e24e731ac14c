"""Codeforces' problem pages (codeforces.com/contest/N/problem/X, /problemset/..., /gym/...).

Markup: ``<div class="problem-statement">`` opens with ``<div class="header">``: ``<div
class="title">A. Name</div>``, ``<div class="time-limit">`` and ``<div class="memory-limit">``
(each a ``<div class="property-title">`` then the value: ``2 seconds``, ``256 megabytes``).
Samples: ``<div class="sample-test">`` holds ``<div class="input">`` and ``<div
class="output">``, each a title and a ``<pre>``, whose lines are ``<div
class="test-example-line">`` elements on newer pages and ``<br>``-separated text on older ones.
The title's index ("A. ", "B2. ", a group's "P35. ") is dropped. An interactive problem's
statement has an "Interaction" section (``<div class="section-title">Interaction</div>``,
"Протокол взаимодействия" on Russian pages) where others have "Output": the page makes the
problem interactive, and its samples, which are exchanges, are not read. A statement (its
note included) saying any valid answer is accepted ("print any of them") gives a note.
"""

from __future__ import annotations

import re

from kit.pages.page import Page, any_answer_notes, limits, missing, paired
from kit.pages.tree import Element

NAME = "Codeforces"
HOSTS = ("codeforces.com", "codeforces.net", "codeforces.ml", "codeforc.es")
MARK = "<div class=problem-statement>"
INTERACTION = ("interaction", "протокол взаимодействия")  # the section's title, as shown


def matches(root: Element) -> bool:
    return root.find("div", cls="problem-statement") is not None


def read(root: Element, source: str, url: str | None) -> Page:
    statement = root.find("div", cls="problem-statement") or root
    header = statement.find("div", cls="header") or statement
    heading = header.find("div", cls="title")
    title = re.sub(r"^[A-Z]{1,2}[0-9]{0,2}\.\s+", "", heading.text()) if heading is not None else ""
    if not title:
        raise missing(source, "title", "Codeforces' <div class=title> in the statement's header")
    time_box = header.find("div", cls="time-limit")
    memory_box = header.find("div", cls="memory-limit")
    time, memory, time_shown, memory_shown = limits(
        source,
        NAME,
        time_box.text() if time_box is not None else None,
        memory_box.text() if memory_box is not None else None,
        "<div class=time-limit> and <div class=memory-limit> in the statement's header",
    )
    page_id = id_in(url) or _title_id(root)
    shown = (NAME, title, time, memory)
    if _interactive(statement):
        return Page(*shown, [], time_shown, memory_shown, page_id, interactive=True)
    inputs = [_pre(box) for box in statement.find_all("div", cls="input")]
    outputs = [_pre(box) for box in statement.find_all("div", cls="output")]
    samples = paired(
        source,
        [text for text in inputs if text is not None],
        [text for text in outputs if text is not None],
        "Codeforces' <div class=sample-test> with <div class=input> and <div class=output> "
        "each holding a <pre>",
    )
    notes = any_answer_notes(statement.text())
    return Page(*shown, samples, time_shown, memory_shown, page_id, notes=notes)


def _interactive(statement: Element) -> bool:
    """Whether the statement has an Interaction section, as interactive problems' have."""
    titles = statement.find_all("div", cls="section-title")
    return any(title.text().strip().lower() in INTERACTION for title in titles)


def _pre(box: Element) -> str | None:
    pre = box.find("pre")
    return pre.pre_text() if pre is not None else None


def _title_id(root: Element) -> str | None:
    """The id in a problemset or contest page's ``<title>`` (``Problem - 1913A - Codeforces``):
    a page saved from a browser keeps no URL."""
    head = root.find("title")
    found = (
        re.fullmatch(r"\s*Problem - (\d+[A-Z]\d?) - Codeforces\s*", head.text()) if head else None
    )
    return found[1] if found else None


# a slug naming a Codeforces problem by its contest and index, as the kit suggests one for a
# title of no letters (``codeforces_1900a``) or as users write them (``cf1900a``, ``cf_1900a``):
# the id its address gives (codeforces.com/contest/1900/problem/A: ``1900A``; an index of a
# letter and a digit, ``1910B2``, for a problem in parts; a gym's contest of six digits)
TASK_ID = re.compile(r"(?:codeforces_|cf_?)([1-9]\d{0,5})([a-z][1-9]?)")


def task_id(slug: str) -> str | None:
    """The problem id a slug of ``TASK_ID``'s form names (``cf1900a``: ``1900A``), or None."""
    found = TASK_ID.fullmatch(slug)
    return f"{found[1]}{found[2].upper()}" if found else None


def id_in(url: str | None) -> str | None:
    """The judge's id of the problem in its address, or None."""
    found = re.search(r"/(?:contest|gym)/(\d+)/problem/(\w+)", url or "") or re.search(
        r"/problemset/problem/(\d+)/(\w+)", url or ""
    )
    return f"{found[1]}{found[2]}" if found else None

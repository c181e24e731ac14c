"""AtCoder's problem pages (atcoder.jp/contests/C/tasks/T).

Markup: the title in ``<span class="h2">A - Name <a ...>Editorial</a></span>`` (and in the
page's ``<title>``), then ``<p>Time Limit: 2 sec / Memory Limit: 1024 MiB</p>`` (``実行時間制限``
and ``メモリ制限`` on Japanese pages), then ``<div id="task-statement">``: a ``<span
class="lang-en">`` (and ``lang-ja``) whose ``<div class="part"><section>`` blocks each hold an
``<h3>Sample Input 1</h3>`` (``入力例 1``) or ``Sample Output 1`` (``出力例 1``) and its
``<pre>`` (early contests': ``<div class="part"><h3>入力例 1</h3><section><pre>``). The
English part is read when there is one. The title's letter ("A - ") is dropped.
A page saved from a browser has the page's script's additions: ``<span class="btn-copy">Copy
</span>`` in each sample's heading (its own text is read) and a ``<div class="div-btn-copy">``
before the ``<pre>``.
An interactive task's statement opens with "This is an interactive task." (or "problem";
"これはインタラクティブな問題です。", "この問題はインタラクティブな問題（...）です。") and shows its
exchange as a table under "Sample Input and Output" (``入出力例``), no ``<pre>`` pairs: the page
makes the problem interactive, without samples. A statement saying any valid answer is
accepted ("If there are multiple solutions, print any of them") gives a note.
"""

from __future__ import annotations

import re

from kit.pages.page import Page, any_answer_notes, limits, missing, paired
from kit.pages.tree import Element

NAME = "AtCoder"
HOSTS = ("atcoder.jp",)
MARK = "<div id=task-statement>"
INPUT = re.compile(r"(Sample Input|入力例)\s*\d*$")
OUTPUT = re.compile(r"(Sample Output|出力例)\s*\d*$")
INTERACTIVE = re.compile(
    r"This is an interactive (?:task|problem)|(?:これ|この問題)はインタラクティブな問題(?:です|（)"
)


def matches(root: Element) -> bool:
    return root.find("div", id="task-statement") is not None


def read(root: Element, source: str, url: str | None) -> Page:
    heading = root.find("span", cls="h2")
    title = heading.own_text() if heading is not None else ""
    if not title:
        head = root.find("title")
        title = head.text() if head is not None else ""
    title = re.sub(r"^\w{1,3}\s+-\s+", "", title)
    if not title:
        raise missing(source, "title", "AtCoder's <span class=h2> or the page's <title>")
    text = root.text()
    time_text = re.search(r"(?:Time Limit|実行時間制限)\s*:\s*([\d.]+\s*\w+)", text)
    memory_text = re.search(r"(?:Memory Limit|メモリ制限)\s*:\s*([\d.]+\s*\w+)", text)
    time, memory, time_shown, memory_shown = limits(
        source,
        NAME,
        time_text and time_text[1],
        memory_text and memory_text[1],
        "'Time Limit: 2 sec / Memory Limit: 1024 MiB' above <div id=task-statement>",
    )
    statement = root.find("div", id="task-statement") or root
    shown = (NAME, title, time, memory)
    if INTERACTIVE.search(statement.text()):
        return Page(*shown, [], time_shown, memory_shown, id_in(url), interactive=True)
    scope = statement.find("span", cls="lang-en") or statement
    inputs, outputs = [], []
    for heading in scope.find_all("h3"):
        name = heading.own_text()  # a saved page's heading also holds the script's "Copy" button
        # its <pre> after it, or inside what follows it (early contests: a <section>)
        pre = next((e for s in heading.following() for e in s.elements() if e.tag == "pre"), None)
        if pre is None:
            continue
        if INPUT.match(name):
            inputs.append(pre.pre_text())
        elif OUTPUT.match(name):
            outputs.append(pre.pre_text())
    where = "AtCoder's <h3>Sample Input 1</h3><pre> and Sample Output 1 in <span class=lang-en>"
    samples = paired(source, inputs, outputs, where)
    notes = any_answer_notes(scope.text())
    return Page(*shown, samples, time_shown, memory_shown, id_in(url), notes=notes)


# the task ids of AtCoder's rated contests (ABC, ARC, AGC, AHC), as their addresses give them:
# atcoder.jp/contests/abc300/tasks/abc300_a, the first contests' tasks numbered (abc001_1); a
# slug of this form is its task's id (others, dp_a or practice_1, cannot be told from a name)
TASK_ID = re.compile(r"a[bgrh]c(\d{3,4})_([a-z0-9])")
# but ABC 042 to 111 were mostly held with an ARC (058 to 103), their C and D the ARC's A and
# B, named so (atcoder.jp/contests/abc042/tasks/arc058_a, .../abc111/tasks/arc103_b): there
# abcNNN_c and abcNNN_d name no task, or not always, and are not taken for ids
JOINT_ABC = range(42, 112)


def task_id(slug: str) -> str | None:
    """The task id a slug is (``abc300_a``), by the rated contests' form; else None (also
    for the C and D of an ABC of ``JOINT_ABC``, whose ids are the ARC's)."""
    found = TASK_ID.fullmatch(slug)
    if found is None:
        return None
    joint = slug.startswith("abc") and int(found[1]) in JOINT_ABC and found[2] in "cd"
    return None if joint else slug


def id_in(url: str | None) -> str | None:
    """The judge's id of the problem in its address, or None."""
    found = re.search(r"/tasks/([\w-]+)", url or "")
    return found[1] if found else None

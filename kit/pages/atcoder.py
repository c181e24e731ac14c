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
# atcoder.jp/contests/abc300/tasks/abc300_a, three digits from 001, four from 1000; a slug of
# this form names its task (others, dp_a or practice_1, cannot be told from a name)
TASK_ID = re.compile(r"(a[bgrh]c)(?!000_)(\d{3}|[1-9]\d{3})_([a-z0-9])")
# the contests before ratings had four tasks, A to D, numbered in the first ones' ids
# (abc001_1 to abc019_4, arc001_1 to arc034_4), lettered after (abc020_a, arc035_a):
# AtCoder-NoviSteps/AtCoderNoviSteps, docs/dev-notes/2025-12-10/add_tests_for_contest_table_
# provider/plan.md (43757b62); the ARC's as scraped in qryxip/snowchains, src/service/
# atcoder.rs (a01c81f9), its tests of arc001, arc002 and arc019
FOUR_TASKS = {"abc": range(1, 42), "arc": range(1, 58)}
NUMBERED = {"abc": range(1, 20), "arc": range(1, 35)}
# ARC 058 to 103 were each held with an ABC (042 to 111), their tasks C to F, ids _a to _d
# (atcoder.jp/contests/arc058/tasks/arc058_c is ARC 058's E: qryxip/snowchains, as above, its
# test of arc058; AtCoderNoviSteps' docs/dev-notes/2025-12-03/.../plan.md, 38f636ba)
JOINT_ARC = range(58, 104)
# of ABC 042 to 111, those held alone, with their own C and D (abc051_c); each other was held
# with the next of those ARCs, 058 to 103 in turn, its C and D the ARC's, ids _a and _b
# (.../abc042/tasks/arc058_a, .../abc111/tasks/arc103_b). Sources: the 46 pairs in
# AtCoder-NoviSteps/AtCoderNoviSteps, prisma/contest_task_pairs.ts (7b011b28); kenkoooo/
# AtCoderProblems, atcoder-problems-frontend/resources/ at 74197e74: contests.json (a joint
# ABC starts when its ARC does, a lone one when none does), merged-problems.json (abcNNN_c)
ALONE_ABC = (51, 54, 57, 61, 64, 70, 73, 75, 76, 79, 80, 84, 85, 88, 89, 96, 99, 100)
ALONE_ABC += (103, 104, 105, 106, 109, 110)
JOINT_ABC = dict(zip([n for n in range(42, 112) if n not in ALONE_ABC], JOINT_ARC))
# an AHC has one task, its id _a: "There is one problem." in its rules (AHC 001 to 053's pages
# as kept in yifen9/algo.yifen9.li, src/atcoder/4_ahc_AtCoder_Heuristic_Contest/NNN/
# statement_en.md at ff8676e6, each with the one task folder a_A_... where it has one)
ONE_TASK = {"ahc"}
# the last task of each ABC from 042, ARC from 104 and AGC, to the newest the sources hold (a
# slug past it names no task; a newer contest's is taken as its id): ranges, then the contests
# unlike their range. yifen9/algo.yifen9.li at ff8676e6, src/atcoder/{1_abc,2_arc,3_agc}_.../
# NNN/: a folder a_A_... for each task, which the contest's page there, statement_en.md, lists
# under "Point Values" (ABC 001 to 424 but 316, ARC 001 to 206, AGC 001 to 072 but 042);
# AtCoder-NoviSteps/AtCoderNoviSteps at 7bbd99bc, src/features/tasks/utils/contest-table/
# abc_providers.ts: ABC 042 to 125 four tasks, 126 to 211 six, 212 to 318 eight (316 too), 319
# on seven; kenkoooo/AtCoderProblems' merged-problems.json at 74197e74 (as above): the same
# to ABC 118 and AGC 030, AGC 009's A to E
LAST_TASK = {
    "abc": {range(42, 126): "d", range(126, 212): "f", range(212, 319): "h", range(319, 425): "g"},
    "arc": {range(104, 184): "f", range(184, 207): "e"},
    "agc": {range(1, 42): "f", range(43, 67): "f", range(67, 73): "e"},
}
LAST_TASK_ELSE = {"agc009": "e", "arc193": "d", "arc196": "d", "arc199": "d", "arc201": "f"}
LAST_TASK_ELSE.update({"arc202": "d", "arc204": "d"})
# ABC 233 to 318 named their H "Ex" (its id _h), ARC 120 and AGC 028 had an F2 (id _f2) after F:
# the same folders and pages; NoviSteps' tasks, prisma/tasks.ts at 7bbd99bc
EX = range(233, 319)
F2 = ("arc120", "agc028")
COUNTS = {4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def task_id(slug: str) -> str | None:
    """The task id a slug names (``abc300_a``; ``arc058_e``, ARC 058's E, is ``arc058_c``;
    ``abc042_c``, ARC 058's C, is ``arc058_a``; ``abc001_a`` is ``abc001_1``), by the rated
    contests' forms; None when the slug is not of them, or names no task or one that cannot
    be told (``id_note`` says why)."""
    return _task(slug)[0]


def id_note(slug: str) -> str | None:
    """Why a slug of a rated contest's form names no task id that can be known (``abc300_1``:
    ABC 300's ids are lettered), in a few words; None for a slug that does, or of no such
    form."""
    return _task(slug)[1]


def _task(slug: str) -> tuple[str | None, str | None]:
    """``task_id`` and ``id_note`` of ``slug``."""
    found = TASK_ID.fullmatch(slug)
    if found is None:
        return None, None
    kind, number, task = found[1], int(found[2]), found[3]
    stem, contest = slug[:-1], f"{kind.upper()} {found[2]}"
    numbered = number in NUMBERED.get(kind, ())
    if number in FOUR_TASKS.get(kind, ()) and (numbered or not task.isdigit()):
        return _four_tasks(stem, contest, task, numbered)
    unnamed = _no_such_task(kind, number, contest, stem, task)
    if unnamed is not None:
        return None, unnamed
    if kind == "arc" and number in JOINT_ARC:
        return _joint_arc(stem, contest, task)
    if kind == "abc" and number in JOINT_ABC and task in "cd":
        return f"arc{JOINT_ABC[number]:03d}_" + "ab"["cd".index(task)], None
    return slug, None


def _no_such_task(kind: str, number: int, contest: str, stem: str, task: str) -> str | None:
    """Why a slug past the four tasks' contests names no task: an AHC's but its one, a number
    where the ids are lettered, a letter past the contest's last; None when it may name one."""
    if kind in ONE_TASK and task != "a":
        return f"{contest} had one task, {stem}a"
    if task.isdigit():
        return f"{contest}'s task ids end in a letter ({stem}a), not a number"
    return _past_last(kind, number, contest, stem, task)


def _past_last(kind: str, number: int, contest: str, stem: str, task: str) -> str | None:
    """Why a lettered slug past its contest's last task names none (``abc042_e``: ABC 042
    had four tasks, A to D); None when it is not past it, or the last is not known."""
    last = next((end for held, end in LAST_TASK.get(kind, {}).items() if number in held), None)
    last = LAST_TASK_ELSE.get(stem[:-1], last)
    if last is None or task <= last:
        return None
    if stem[:-1] in F2:
        return f"{contest} had seven tasks, A to F and F2"
    if kind == "abc" and number in EX:
        return f"{contest} had eight tasks, A to Ex ({stem}h)"
    return f"{contest} had {COUNTS[ord(last) - ord('a') + 1]} tasks, A to {last.upper()}"


def _four_tasks(
    stem: str, contest: str, task: str, numbered: bool
) -> tuple[str | None, str | None]:
    """``_task`` of a contest of four tasks, A to D, its ids ``_1`` to ``_4`` (``numbered``)
    or ``_a`` to ``_d``; the slug's task a number or a letter."""
    index = ("1234" if task.isdigit() else "abcd").find(task)
    if index < 0:
        return None, f"{contest} had four tasks, A to D"
    return stem + ("1234" if numbered else "abcd")[index], None


def _joint_arc(stem: str, contest: str, task: str) -> tuple[str | None, str | None]:
    """``_task`` of an ARC held with an ABC: tasks C to F, ids ``_a`` to ``_d``; a slug's E
    or F is the task so named, its A or B the id; its C or D either (C, or E's id)."""
    if task in "ef":
        return stem + "cd"["ef".index(task)], None
    if task in "ab":
        return stem + task, None
    if task in "cd":
        named, ided = task.upper(), "EF"["cd".index(task)]
        return None, (
            f"{contest}'s tasks C to F have the ids {stem}a to {stem}d: {stem}{task} is "
            f"{named}'s name or {ided}'s id"
        )
    return None, f"{contest}'s tasks are C to F"


def id_in(url: str | None) -> str | None:
    """The judge's id of the problem in its address, or None."""
    found = re.search(r"/tasks/([\w-]+)", url or "")
    return found[1] if found else None

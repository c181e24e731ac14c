"""The slug a new problem takes, for ``cpkit new`` (and ``listen``, through it): the page's id
when it is a slug (AtCoder's task ids, ``abc300_a``), else its title made one
(``kit.slugs.slug_from``: "Checker's Check" is ``checkers_check``); when that one is taken
by a problem of another id (two contests' "A. Hello") or cannot name a problem (a command's
name, "Run"), the page's id goes after it (``hello_1902a``, ``run_1903b``), then a number.
Also: whether the page's problem is in the workspace already, under whatever slug, and why a
slug cannot name a problem (a command's name, a keyword, a module the programs beside the
problem's files would import in its place).

    slug_of(page)  # "abc300_a"; "checkers_check" for a page of that title and no such id
    free_slug(registry, page)  # "hello_1902a" when another contest's "A. Hello" has "hello"
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kit.commands import NAMES, command
from kit.errors import BuildError
from kit.judges.profiles import judge_name
from kit.slugs import is_reserved, is_slug, shadowed_module, slug_from

if TYPE_CHECKING:
    from kit.pages import Page

NUMBERED = 100  # the numbers tried after a slug taken (``_2`` to ``_99``)
# judges whose task ids name a slug lower-cased: AtCoder's, most lower-case already
# (``abc300_a``), some not (``APG4b_cx``, as atcoder-cli's contest file gives it)
LOWERED_IDS = ("AtCoder",)


class NoSlug(BuildError):
    """No slug can be made of a page's title: one must be named (``new`` says how, with the
    page given; ``listen``, which has no page to name, keeps the data in a file that can
    be)."""


def slug_of(page: Page) -> str:
    """The slug ``new`` gives a page's problem when none is named: its id when that is a
    slug (an AtCoder id lower-cased, ``APG4b_cx``: ``apg4b_cx``), else its title's (the judge
    and id the fallback for a title of no letters)."""
    own = page.id.lower() if page.id and judge_name(page.judge) in LOWERED_IDS else page.id
    if own and is_slug(own):
        return own
    fallback = f"{page.judge}_{page.id}".lower() if page.id else ""
    slug = slug_from(page.title, fallback if is_slug(fallback) else "")
    if slug is None:
        raise NoSlug(f"new: no slug can be made of the title {page.title!r}")
    return slug


def free_slug(registry, page: Page) -> str:
    """The page's slug (``slug_of``), or when a problem of another judge or id has it (two
    contests' "A. Hello", POJ's and Timus' 1000), or it cannot name a problem (``unusable``: a
    problem titled "Run", "Random", "Class"), the title's slug with the page's id after it
    (``hello_1902a``; a slug that is the id itself, Kattis' ``hello``, gets the judge's name
    after it), then with a number (``_2``: two problems of one judge without ids whose titles
    make one slug). A problem of no id set yet (``id = "?"``) of the page's judge under its
    slug, made by hand, keeps it, to be refused (``new`` refuses the problem made already
    under any slug: ``made_already``)."""
    slug = slug_of(page)
    holder = registry.get(slug)
    judged = holder is not None and judge_name(holder.judge).lower() == page.judge.lower()
    suffix = page.id if page.id and slug != page.id else ("" if judged else page.judge)
    other = slug_from(f"{slug}_{suffix}") if suffix else None
    named = [slug, *([other] if other and is_slug(other) else [])]
    candidates = [*named, *(f"{named[-1]}_{number}" for number in range(2, NUMBERED))]
    for candidate in named:  # the problem made already: refused under its own slug
        known = registry.get(candidate)
        if known is not None and _made_by_hand(known, page):
            return candidate
    free = next((c for c in candidates if _taken(registry, c, page.judge) is None), slug)
    if free != slug:
        print(f"note: {slug} is {_taken(registry, slug, page.judge)}: this problem is {free}")
    return free


def made_already(registry, page: Page) -> str | None:
    """The slug of the workspace's problem of the page's judge and id, if any (Codeforces'
    810D read once from its English page and once from its Russian one: two titles); for a
    page without an id, of its judge and title and no id set."""
    for slug, known in registry.items():
        if judge_name(known.judge).lower() != page.judge.lower():
            continue
        same = known.id == page.id if page.id else (known.id, known.title) == ("?", page.title)
        if same:
            return slug
    return None


def _made_by_hand(known, page: Page) -> bool:
    """Whether the workspace's problem ``known``, under the page's slug, is the page's made by
    hand: of the page's judge with no id set yet (``id = "?"``), the page giving one. (The
    same judge and id, or for a page without an id the same title, is ``made_already``'s.)"""
    same_judge = judge_name(known.judge).lower() == page.judge.lower()
    return same_judge and known.id == "?" and bool(page.id)


def _taken(registry, slug: str, judge: str) -> str | None:
    """Why ``slug`` is not free for a new problem, or None: a problem of the workspace has it,
    or it cannot name one (files of that name without a problem are the user's own, in the
    way: refused, not passed over)."""
    if slug in registry:
        return "taken by another problem in this workspace"
    return unusable(slug, judge)


def unusable(slug: str, judge: str) -> str | None:
    """Why ``slug`` cannot name a problem judged by ``judge``, or None: a command's name
    (``cpkit run`` would run the command, not build the problem), a Python keyword or
    ``shared`` (the solution's module name), or a module's name that the programs beside its
    files would import in that module's place (``python3 dist/other.py``, as ``oj t`` runs a
    bundle, imports ``dist/heapq.py`` for ``import heapq``): a standard module, one the
    judge installs (AtCoder's ``numpy``), or the kit itself (``python -m kit``)."""
    if slug in NAMES:
        return f"the name of a command ({command()} {slug} runs it, not this problem)"
    if is_reserved(slug):
        return "a Python keyword" if slug != "shared" else "the helpers' package's name"
    module = shadowed_module(slug, judge)
    if module is None:
        return None
    return (
        f"the name of {module}: dist/{slug}.py and solutions/{slug}.py would be imported in "
        f"its place by the programs beside them (python3 dist/other.py)"
    )


def usable(slug: str, judge: str) -> None:
    """A one-line error for a slug named that cannot name a problem (``unusable``)."""
    why = unusable(slug, judge)
    if why is not None:
        raise BuildError(f"new: {slug!r} is {why}: name the problem otherwise")

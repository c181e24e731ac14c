"""``cpkit new --from contest.acc.json``: each task of atcoder-cli's contest file
(``abc300/contest.acc.json``; kit.pages.acc) made a problem, as ``new --from`` its page would
but for the limits: the task's id (its slug when it is one, else its title's, as a page's;
kit.commands.new_slugs), its title, its page's address (``url``, when the file gives an http(s)
one), judge AtCoder, and AtCoder's usual limits, the file giving none. A task's folder
(``directory.path``, from the file's folder) is adopted from (kit.commands.adopted_files): its
``submit`` file when that is a ``.py`` file there (a task made
without a template names none: its folder's ``main.py``, else its only ``.py`` file; else the
template's solution is written, and the line says why), its ``testdir`` when that is a folder
there or not there yet (as in a repository whose git keeps no samples: acc or ``oj d`` makes
it, and the line says so), else ``samples/SLUG/``. A task in problems.toml already (its id, or
its slug taken), one without a folder yet (``acc add`` makes it), one whose folder is gone and
one whose files are another problem's already are passed over, and said, so that reading the
file again after ``acc add`` makes only the tasks new since; with none to make, that is said,
and the exit status is 0. Every task is checked before any is written, and all are written
together (kit.commands.planned_problems): a task that cannot be made (a file of its in the way)
is a one-line error, nothing written. A SLUG, ``--solution``, ``--samples``, ``--interactive``
or ``--time-limit`` with the file is refused (make an interactive task on its own from its
page: the file then passes it over).

    from_contest(args, root, acc.read_contest("abc300/contest.acc.json"))  # the exit status
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from kit import scaffold
from kit.commands import command
from kit.commands.adopted_files import from_root, in_workspace, owned, shown_here, task_files
from kit.commands.new_slugs import free_slug, made_already, slug_of
from kit.commands.planned_problems import (
    Asked,
    Plan,
    ignored_samples_note,
    planned,
    read_templates,
    write,
)
from kit.errors import BuildError
from kit.registry import load_registry
from kit.workspace import MARKER, root_flag

if TYPE_CHECKING:
    from kit.pages import acc


class Passed(NamedTuple):
    """A contest's task not made: ``kind`` "made" (in problems.toml already: ``text`` names
    it), "unmade" (no folder yet: ``text`` is its id), else "" (``text`` says why)."""

    kind: str
    text: str


def from_contest(args: argparse.Namespace, root: Path, contest: acc.Contest) -> int:
    """``new --from contest.acc.json``: each task of atcoder-cli's contest made a problem
    (``_task_plan``), every one checked before any is written, then all written together (or,
    on a failure, none); a task in the workspace already, or without its folder, is passed
    over and said."""
    source = args.page
    _alone(args, source)
    if from_root(contest.folder, root) is None:
        raise BuildError(
            f"new: {source} is outside the workspace {root}: move or copy the contest's "
            "folder in (the kit reads a problem's files inside its workspace)"
        )
    registry = load_registry(root)
    templates = read_templates(root)
    plans, passed = [], []
    for task in contest.tasks:
        made = _task_plan(root, registry, contest.folder, task, templates)
        (passed if isinstance(made, Passed) else plans).append(made)
    _distinct([plan for plan, _ in plans], source)
    if plans:
        write(root, [plan.writes for plan, _ in plans])
    _report_contest(root, contest, source, plans, passed)
    return 0


def _alone(args: argparse.Namespace, source: str) -> None:
    """What goes with one problem, refused with a contest file: a SLUG (each task gets its
    own), ``--solution`` and ``--samples`` (each task adopts its folder's), ``--interactive``
    and ``--time-limit``."""
    if args.slug is not None:  # new said first when it is a file (a glob's second)
        raise BuildError(
            f"new: {args.slug!r} with {source}, atcoder-cli's contest file: each of its tasks "
            "gets its own slug (its id); leave the SLUG out"
        )
    if args.solution or args.samples:
        raise BuildError(
            f"new: --solution and --samples name one problem's files; each task of {source} "
            "adopts its own folder's (the submit file and the samples' folder the file names)"
        )
    if args.interactive:
        raise BuildError(
            f"new: --interactive with {source}, a contest: make an interactive task on its own "
            f"(new --from its page --interactive) and {source} passes it over"
        )
    if args.time_limit is not None:
        raise BuildError(
            f"new: --time-limit goes with --package; {source}'s tasks get the judge's usual "
            "limits, to set from each task's page"
        )


def _task_plan(root: Path, registry, beside: Path, task: acc.Task, templates: dict[str, str]):
    """A contest's task made a problem (its slug the task's id, else its title's, as a page's;
    AtCoder's usual limits; the files its folder holds adopted, ``task_files``): the plan,
    with why each file the task names is not adopted; or why the task is passed over.
    ``beside``: the folder holding the contest file, from which the task's folder is named."""
    page = task.page
    made, preferred = made_already(registry, page), slug_of(page)
    if made is None and preferred in registry:  # made by hand (its id not set), or taken
        made = preferred
    if made is not None:
        return Passed("made", made if made == page.id else f"{made} ({page.id})")
    if task.folder is None:
        return Passed("unmade", page.id)
    folder = beside / task.folder
    shown = in_workspace(folder, root, f"new: {page.id}'s folder {task.folder}")
    if not folder.is_dir():
        return Passed("", f"{page.id}: its folder {shown} is not there: passed over")
    adopted, *whys = task_files(folder, task.submit, task.testdir, root)
    why = owned(registry, root, adopted)
    if why is not None:
        return Passed("", f"{page.id}: {why}: passed over")
    slug = free_slug(registry, page)
    known = replace(scaffold.usual(slug, page.judge), title=page.title, id=page.id, url=page.url)
    return planned(root, registry, Asked(page, slug, "", False, adopted, known), templates), whys


def _distinct(plans: list[Plan], source: str) -> None:
    """Two tasks of the file that would have one slug, solution or samples' folder (a task
    listed twice, two tasks of one folder) are refused, before anything is written."""
    seen: dict[tuple[str, str], str] = {}
    for plan in plans:
        adopted = plan.adopted
        for what, name in (("slug", plan.slug), ("solution", adopted.solution),
                           ("samples' folder", adopted.samples)):  # fmt: skip
            if name is not None and (what, name) in seen:
                raise BuildError(
                    f"new: {source}: its tasks {seen[what, name]} and {plan.known.id} would "
                    f"both have the {what} {name}; nothing was changed"
                )
            seen[what, name] = plan.known.id


def _report_contest(root: Path, contest: acc.Contest, source: str, plans, passed) -> None:
    """One line for each task made (its solution and samples' folder, adopted or written),
    what each has, the tasks passed over, and the command that builds them."""
    if plans:
        print(f"new problems of {contest.id} ({contest.title!r}), from {source}:")
        for plan, whys in plans:
            print(f"  {plan.slug}  {_task_line(root, plan, *whys)}")
            print(f"    {', '.join(shown_here(root / path, root) for path in _written(plan))}")
        known = plans[0][0].known
        held = "id, title and url" if all(plan.known.url for plan, _ in plans) else "id and title"
        print(f"  each: its table in {shown_here(root / MARKER, root)} (the task's {held})")
        print(
            f"note: limits {known.time_limit:g} s and {known.memory_limit} MiB, "
            f"{contest.judge}'s usual (the file gives none): set a task's own from its page"
        )
    _report_passed(passed)
    ignored_samples_note(root, [plan for plan, _ in plans])
    if plans:
        print(f"next: {command()} {' '.join(plan.slug for plan, _ in plans)}{root_flag(root)}")
    else:
        what = "each of its tasks is passed over" if contest.tasks else "it lists no tasks"
        print(f"nothing new in {source}: {what}")


def _report_passed(passed: list[Passed]) -> None:
    """The tasks passed over: those in problems.toml already and those without a folder yet
    on a line each, then each other with why."""
    for kind, said in (("made", "in problems.toml already"),
                       ("unmade", "no folder yet (acc add makes one)")):  # fmt: skip
        named = [item.text for item in passed if item.kind == kind]
        if named:
            print(f"note: {said}, passed over: {', '.join(named)}")
    for item in passed:
        if not item.kind:
            print(f"note: {item.text}")


def _task_line(root: Path, plan: Plan, why_solution: str, why_samples: str) -> str:
    """A task's solution and samples' folder, named from the current folder: adopted (a
    folder not there yet said so), else written, and why."""
    adopted = plan.adopted
    if adopted.solution is not None:
        solution = f"{shown_here(root / adopted.solution, root)} (adopted)"
    else:
        why = f": {why_solution}" if why_solution else ""
        solution = f"{shown_here(root / _solution(plan), root)} (written{why})"
    said = f"; {why_samples}" if why_samples else ""  # not there yet
    samples = f"{shown_here(plan.samples, root)}/ (adopted{said})"
    if adopted.samples is None:
        why = f"{why_samples}: " if why_samples else ""
        samples = f"{shown_here(root / f'samples/{plan.slug}', root)}/ ({why}add sample-1.in/.out)"
    return f"{solution}, {samples}"


def _solution(plan: Plan) -> str:
    """The solution ``new`` writes for the task, from the root."""
    return scaffold.TEMPLATES["solution.py"][0].format(slug=plan.slug)


def _written(plan: Plan) -> list[str]:
    """The files written for the task, from the root, but its solution (its line names it)."""
    return [path for path in plan.made if path != _solution(plan)]

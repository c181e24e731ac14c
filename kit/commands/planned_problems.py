"""The problems ``cpkit new`` makes, planned, then written: what it is asked for (``Asked``)
checked and rendered into a ``Plan`` (its slug free, no file of its in the way, its table and
files from the workspace's templates, the page's samples it adds) with nothing written, and
the plans of several problems (a contest's tasks) written together: their files, samples'
folders and tables, all taken back on a failure or an interruption, so that nothing is left
half made; then one note for all of them when git would ignore the sample files they wrote
or adopted (a contest repository's ``.gitignore`` of ``*.in``). problems.toml is read and
written under its lock and replaced whole (kit.file_locks): two ``new`` at once both add their
tables, and nothing reads it half written.

    plan = planned(root, load_registry(root), Asked(page, None, "", False))
    write(root, [plan.writes])  # or several plans' writes, all or none
    ignored_samples_note(root, [plan])
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from kit import file_locks, scaffold
from kit.case_folders import skipped
from kit.commands import command
from kit.commands.adopted_files import NOTHING, Adopted, kept_pairs
from kit.commands.new_slugs import free_slug, made_already, usable
from kit.errors import BuildError
from kit.git_ignores import keeping_in, rules
from kit.pages.page import ANY_ANSWER_NOTE
from kit.pages.poj import SPECIAL_JUDGE_NOTE
from kit.problem_cases import SAMPLE_SUFFIXES
from kit.registry import load_registry
from kit.workspace import Made, file_in_the_way

if TYPE_CHECKING:
    from kit.pages import Page

# a page's notes that its answers are one of several: its table gets a checker's line to set
CHECKER_NOTES = (ANY_ANSWER_NOTE, SPECIAL_JUDGE_NOTE)


@dataclass(frozen=True)
class Asked:
    """A problem ``new`` is asked to make: of ``page`` (None: none read), under ``slug``
    (None: the page's), judged by ``given`` (the judge named; "": the page's), interactive
    (asked for, or said by the page), naming the user's files ``adopted``; ``known``: what its
    table holds (None: the page's, else the judge's usual)."""

    page: Page | None
    slug: str | None
    given: str
    interactive: bool
    adopted: Adopted = NOTHING
    known: scaffold.Known | None = None


@dataclass(frozen=True)
class Plan:
    """A problem ``new`` makes, checked and rendered, nothing written yet."""

    slug: str
    judge: str
    known: scaffold.Known
    adopted: Adopted
    templates: dict[str, str]  # the workspace's own
    made: dict[str, str]  # the files from the templates, by their paths from the root
    table: str
    samples: Path  # the samples' folder
    sample_files: list[tuple[str, str]]  # (name, text): the page's pairs written into it

    @property
    def writes(self) -> tuple:
        """What ``write`` writes of it: a samples' folder adopted is made only to hold the
        page's pairs (a contest task's ``tests/`` not there yet is left to acc or ``oj d``)."""
        folder = self.samples if self.sample_files or self.adopted.samples is None else None
        return self.made, self.table, folder, self.sample_files


def planned(root: Path, registry, asked: Asked, templates: dict[str, str] | None = None) -> Plan:
    """The problem ``asked`` for, once its slug is free and its files are not there
    (``templates``: the workspace's, None: read here, after those checks)."""
    page, adopted, interactive = asked.page, asked.adopted, asked.interactive
    slug = _new_slug(registry, page, asked.slug, asked.given)
    samples = _samples_folder(root, slug, interactive, adopted)
    judge = asked.given or page.judge
    known = asked.known or (page_known(page) if page else scaffold.usual(slug, judge))
    templates = read_templates(root) if templates is None else templates
    made = scaffold.files(
        slug, interactive, command(), known=known, templates=templates, judge=judge,
        solution=adopted.solution,
    )  # fmt: skip
    pairs = page.samples if page and not interactive else []
    if adopted.samples is not None:
        adopted = replace(adopted, kept=kept_pairs(samples, pairs))
    table = scaffold.table(
        slug, interactive, judge, known, solution=adopted.solution, samples=adopted.samples
    )
    files = page_sample_files(pairs, [number for number, _ in adopted.kept])
    return Plan(slug, judge, known, adopted, templates, made, table, samples, files)


def _new_slug(registry, page: Page | None, slug: str | None, given: str) -> str:
    """The slug of the new problem: ``slug``, or None for the page's (``free_slug``), once
    it is free and usable and the page's problem is not in the workspace already."""
    made = made_already(registry, page) if page is not None else None
    if made is not None:  # under whatever slug, named or not
        what = f"{page.judge} {page.id}" if page.id else f"{page.judge}'s {page.title!r}"
        raise BuildError(f"new: {made} exists in problems.toml ({what}); nothing was changed")
    if slug is None:
        slug = free_slug(registry, page)
    usable(slug, page.judge if page is not None else given)
    if slug in registry:
        raise BuildError(f"new: {slug} exists in problems.toml; nothing was changed")
    return slug


def _samples_folder(root: Path, slug: str, interactive: bool, adopted: Adopted) -> Path:
    """Where the samples go (the folder adopted, else ``samples/SLUG/``), once none of the
    files ``new`` writes is there (a BuildError naming them)."""
    paths = scaffold.paths(slug, interactive, adopted=adopted.solution is not None)
    existing = [path for path in paths if os.path.lexists(root / path)]
    if adopted.samples is None and (root / "samples" / slug).exists():
        existing.append(f"samples/{slug}/")
    if existing:
        raise BuildError(f"new: {slug}: {exist(existing)} already; nothing was changed")
    return root / (adopted.samples or f"samples/{slug}")


def page_known(page: Page) -> scaffold.Known:
    """What the page gives the table, each limit said to be the page's, and whether a note
    says its answers are one of several (``CHECKER_NOTES``)."""
    return scaffold.Known(
        page.title,
        page.id or "?",
        page.time_limit,
        page.memory_limit,
        f"from {page.origin}: {page.time_shown}",
        f"from {page.origin}: {page.memory_shown}",
        page.url,
        any(note in page.notes for note in CHECKER_NOTES),
    )


def page_sample_files(pairs: list[tuple[str, str]], kept=()) -> list[tuple[str, str]]:
    """The sample pairs as files: ``sample-N.in`` and ``sample-N.out``, with their texts; the
    pairs numbered in ``kept`` left out."""
    return [
        (f"sample-{number}{suffix}", text)
        for number, (given, wanted) in enumerate(pairs, 1)
        if number not in kept
        for suffix, text in ((".in", given), (".out", wanted))
    ]


def read_templates(root: Path) -> dict[str, str]:
    """The workspace's templates, with a note when its ``templates/`` is not the kit's."""
    unused = scaffold.unused_templates(root)
    if unused:
        print(unused, flush=True)
    return scaffold.workspace_templates(root)


def exist(paths: list[str]) -> str:
    """``A exists``, ``A, B exist``: the files in the way."""
    return f"{', '.join(paths)} {'exists' if len(paths) == 1 else 'exist'}"


def write(root: Path, writes: list[tuple]) -> None:
    """Writes each problem's files, its samples folder (None: none) with the sample files in it
    (name, text), and the tables, ``writes`` holding ``(files, table, samples, sample files)``
    of each; when the registry then refuses a table, or the writing fails or is interrupted
    (Ctrl-C), takes all of it back: nothing is left half made. All of it is done under
    problems.toml's lock (kit.file_locks), the file read again there and replaced whole: a
    ``new`` beside it (another terminal, ``listen``) never loses a table of this one's, nor
    this one of its, and no reader sees the file half written."""
    registry_path = root / "problems.toml"
    paths = [
        path
        for made, _, samples, _ in writes
        for path in [*made, *([samples.relative_to(root)] if samples else [])]
    ]
    blocked = file_in_the_way(root, paths)
    if blocked:
        raise BuildError(f"new: {blocked}; nothing was changed")
    with contextlib.ExitStack() as lock:
        try:
            with registry_path.open("ab"):  # writable? (opened to append, it stays as it is)
                pass
            lock.enter_context(file_locks.locked(registry_path))
        except OSError as error:
            raise BuildError(
                f"new: cannot write problems.toml: {error.strerror or error}; nothing was changed"
            ) from None
        _write_locked(root, registry_path, writes)


def _write_locked(root: Path, registry_path: Path, writes: list[tuple]) -> None:
    """``write``'s work, under problems.toml's lock: the file as it is now (another ``new``
    may have added tables since it was planned), the files not made meanwhile."""
    before = registry_path.read_bytes().decode("utf-8")
    newline = "\r\n" if "\r\n" in before else "\n"  # the file's own, kept
    taken = [path for made, _, _, _ in writes for path in made if os.path.lexists(root / path)]
    if taken:  # made by a command that ran beside this one since it was planned
        raise BuildError(f"new: {exist(taken)} already; nothing was changed")
    written = Made()
    touched = False
    try:
        for made, _, samples, files in writes:
            _write_files(written, root, made, samples, files)
        text = before if before.endswith("\n") else before + newline
        touched = True
        tables = "".join(table for _, table, _, _ in writes)
        file_locks.replace(registry_path, (text + tables.replace("\n", newline)).encode("utf-8"))
        load_registry(root)  # the new tables must pass the registry's validation
    except BaseException as error:
        if touched:
            with contextlib.suppress(OSError):
                file_locks.replace(registry_path, before.encode("utf-8"))
        raise written.failed("new", error, root) from None


def _write_files(written: Made, root: Path, made: dict[str, str], samples: Path | None, files):
    """One problem's files, and its samples' folder (None: none) with ``files`` in it."""
    for path, content in made.items():
        written.write(root / path, content)
    if samples is not None:
        written.folder(samples)  # one that is there (adopted) is left as it is
        for name, text in files:
            written.write(samples / name, text, newline="\n")


def ignored_samples_note(root: Path, plans: list[Plan]) -> None:
    """One note, for all the ``plans`` written, when git would ignore sample files they wrote
    or adopted (a ``.gitignore``'s ``*.in``): a teammate's clone would lack them."""
    files = [path for plan in plans for path in _sample_paths(root, plan)]
    found = rules(root, files)
    folders = list(dict.fromkeys(path.rpartition("/")[0] for path in found))
    if not folders:
        return
    others = len(folders) - 1
    where = f"{folders[0]}/" + (f" and {others} other folder{'s' * (others > 1)}" if others else "")
    folder_rule = rules(root, [f"{folders[0]}/"]).get(f"{folders[0]}/")
    print(
        f"note: git ignores the samples in {where} ({next(iter(found.values()))}): they would "
        f"not be committed; {keeping_in(folders[0], folder_rule, others)}"
    )


def _sample_paths(root: Path, plan: Plan) -> list[str]:
    """The sample files of a plan written, from the workspace's root: the page's pairs in
    ``samples/SLUG/``, or every sample file of a folder adopted (those it held and those added)."""
    names = [name for name, _ in plan.sample_files]
    if plan.adopted.samples is not None:
        try:
            entries = sorted(os.scandir(plan.samples), key=lambda entry: entry.name)
        except OSError:  # a contest task's tests/ not there yet
            entries = []
        names = [
            entry.name
            for entry in entries
            if entry.is_file() and not skipped(entry.name)
            and entry.name.rpartition(".")[2] in SAMPLE_SUFFIXES
        ]  # fmt: skip
    folder = plan.samples.relative_to(root).as_posix()
    return [f"{folder}/{name}" for name in names]

"""atcoder-cli's contest file, ``contest.acc.json`` (for ``cpkit new --from FILE``): the contest
``acc new`` set up and each of its tasks, with the folder ``acc`` made for it.

The format, as atcoder-cli's src/project.ts (``ContestProject``, ``installTask``) and its
schema/acc-project-schema.json give it: ``contest`` (``id``, ``title``, ``url``) and ``tasks``,
a list of ``{id, label, title, url, directory}``. ``directory`` is there once ``acc new`` or
``acc add`` made the task's folder: its ``path`` from the folder holding the file, and, from
the task's folder, ``testdir`` (where ``oj dl`` put the samples) and ``submit`` (the file a
template names for ``acc submit``) when those were made. Only what ``new`` uses is required:
``contest.id``, each task's ``id`` and ``title``, a directory's ``path``; a task's ``url``
(its page, kept as ``Page.url`` when it is an http(s) address), ``submit`` and ``testdir``
are strings when there. A field missing or of another type is a one-line error
naming the file and the field, a long wrong value shown cut short. The file gives no limits:
each task's are AtCoder's usual, as its profile has them.

    read_contest("abc300/contest.acc.json")  # Contest(id="abc300", tasks=[Task(...), ...])
    contest_files(Path("."))  # ["abc300/contest.acc.json", "abc301/contest.acc.json"]
    task_of_folder(Path("abc300/a/main.py"), root)  # ("/.../abc300/contest.acc.json", Task)
    samples_folder("/.../abc300/contest.acc.json", task)  # Path("/.../abc300/a/tests")
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from kit.errors import BuildError, trimmed
from kit.judges.profiles import profile_for
from kit.page_address import page_address
from kit.pages import MAX_BYTES, atcoder, companion
from kit.pages.page import Page, possessive

USUAL = f"none given, {possessive(atcoder.NAME)} usual"  # the limits, as a page's are shown
FILE_NAME = "contest.acc.json"  # PROJECT_JSON_FILE_NAME in atcoder-cli's src/project.ts
DEPTH = 2  # folders searched below a repository's root: abc300/, atcoder/abc300/
# a task's samples' folder when its directory names none (a task set up with --no-tests):
# default-test-dirname-format in atcoder-cli's src/config.ts
DEFAULT_TESTDIR = "tests"


@dataclass(frozen=True)
class Task:
    """A task of the contest: its problem as a page gives it (id, title, address, AtCoder's
    usual limits, no samples), and what ``directory`` names (None: not there)."""

    page: Page
    folder: str | None  # ``path``, from the contest file's folder; None: no folder made yet
    submit: str | None  # from the task's folder
    testdir: str | None  # likewise


@dataclass(frozen=True)
class Contest:
    id: str
    title: str
    folder: Path  # the folder holding the file, absolute
    tasks: list[Task]
    judge: str = atcoder.NAME


def read_contest(source: str) -> Contest | None:
    """The contest in the file ``source``, or None when ``source`` is no contest file (an
    address, a file that is not there or not JSON, a problem's JSON: read as a page)."""
    path = Path(source)
    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return None
        raw = path.read_bytes()
    except OSError:  # the page reader says why
        return None
    if not companion.looks_like(raw):
        return None
    data = companion.json_data(raw, source)
    if not companion.is_acc_contest(data):
        return None
    contest = data["contest"]
    contest_id = _string(contest, "id", "contest", source)
    title = contest.get("title") if isinstance(contest.get("title"), str) else ""
    tasks = [_task(task, f"tasks[{index}]", source) for index, task in enumerate(data["tasks"])]
    folder = Path(os.path.abspath(path)).parent
    return Contest(contest_id, companion.single_line(title) or contest_id, folder, tasks)


def _task(task, where: str, source: str) -> Task:
    """The task at ``where`` in the file (``tasks[2]``)."""
    task_id = _string(task, "id", where, source)
    title = companion.single_line(_string(task, "title", where, source)) or task_id
    limits = profile_for(atcoder.NAME).limits
    url = page_address(_string(task, "url", where, source, None))
    page = Page(
        atcoder.NAME, title, limits.time, limits.memory, [], USUAL, USUAL, task_id,
        origin="the contest file", url=url,
    )  # fmt: skip
    directory = task.get("directory")
    if directory is None:
        return Task(page, None, None, None)
    where = f"{where}.directory"
    folder = _string(directory, "path", where, source)
    submit, testdir = (
        _string(directory, key, where, source, None) for key in ("submit", "testdir")
    )
    return Task(page, folder, submit or None, testdir or None)


MISSING = object()  # a required field's default


def _string(data, key: str, where: str, source: str, default=MISSING):
    """``data[key]``, a string (``default`` when it is not there and one is given); else a
    one-line error naming the file and the field (``tasks[1].directory.path``)."""
    if not isinstance(data, dict):
        raise BuildError(
            f"{source}: {where} is {trimmed(repr(data))} (expected an object, as atcoder-cli "
            "writes it)"
        )
    value = data.get(key, default)
    if value is MISSING or not (isinstance(value, str) or value is default):
        got = "missing" if value is MISSING else trimmed(json.dumps(value, ensure_ascii=False))
        raise BuildError(
            f"{source}: {where}.{key} is {got} (expected a string, as atcoder-cli writes it)"
        )
    return value


def contest_files(folder: Path) -> list[str]:
    """The contest files atcoder-cli made in ``folder`` and the folders ``DEPTH`` levels below
    it (hidden ones passed over; not below a contest's own folder), from ``folder``, sorted."""
    found, level = [], [folder]
    for _ in range(DEPTH + 1):
        below = []
        for place in level:
            if (place / FILE_NAME).is_file():
                found.append((place / FILE_NAME).relative_to(folder).as_posix())
                continue  # its task folders hold none
            try:
                below += [Path(entry.path) for entry in os.scandir(place)
                          if entry.is_dir() and not entry.name.startswith(".")]  # fmt: skip
            except OSError:
                continue
        level = below
    return sorted(found)


def task_of_folder(folder: Path, root: Path) -> tuple[str, Task] | None:
    """The task atcoder-cli set up in ``folder`` (a task's own, ``abc300/a``, or one below it),
    as ``acc submit`` finds it (``detectTaskByPath`` in its src/project.ts): the nearest
    ``contest.acc.json`` above it, up to ``root``, and the task whose ``directory.path`` is the
    folder of the contest's that holds ``folder``; with the contest file's path. None when
    there is no contest file, or no task of that folder."""
    folder = Path(os.path.abspath(folder))
    for place in (folder, *folder.parents):
        if not place.is_relative_to(root):
            return None
        source = place / FILE_NAME
        if source.is_file():
            contest = read_contest(str(source))
            if contest is None or place == folder:
                return None
            task_folder = place / folder.relative_to(place).parts[0]
            for task in contest.tasks:
                if (
                    task.folder is not None
                    and Path(os.path.abspath(place / task.folder)) == task_folder
                ):
                    return str(source), task
            return None
    return None


def samples_folder(source: str, task: Task) -> Path | None:
    """The folder of ``task``'s samples, its ``testdir`` (else atcoder-cli's default,
    ``DEFAULT_TESTDIR``) from its folder beside the contest file ``source``; None when the task
    has no folder yet or that is no folder."""
    if task.folder is None:
        return None
    folder = Path(source).parent / task.folder / (task.testdir or DEFAULT_TESTDIR)
    return folder if folder.is_dir() else None

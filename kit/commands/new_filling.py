"""``new --from PAGE`` again for a problem scaffolded from its address alone (offline:
kit.pages.address_page): the page's title and limits go into its table in place of the
placeholders, and its samples into its samples' folder.

A problem is still so marked while its table's title line is the one the address gave,
``title = "JUDGE ID"``. Each of the title, ``time_limit`` and ``memory_limit`` lines is
replaced only while it is as it was written (one the user changed is kept, and said); the
table's other lines, keys and comments stay as they are. The samples are written only into a
folder that holds no file (a user's file is never written over); the solution is not touched.
Samples that cannot all be written (a file where their folder must be, a full disk) leave the
table filled in: ``PartlyFilled``, whose line says both, exit status 1.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from kit import file_locks, scaffold
from kit.commands.new_slugs import made_already
from kit.commands.planned_problems import page_known, page_sample_files
from kit.errors import BuildError
from kit.plurals import counted
from kit.registry import load_registry
from kit.toml_places import table_lines
from kit.workspace import shown_path

if TYPE_CHECKING:
    from kit.pages import Page

FILLED = ("title", "time_limit", "memory_limit")  # the keys whose lines are filled in


class PartlyFilled(BuildError):
    """The table filled in, the page's samples not all written: the line says what was filled
    and which file was not written, and why; exit status 1, as not all asked for was done."""

    status = 1


def offline_made(root: Path, registry, page: Page) -> str | None:
    """The slug of the workspace's problem of the page's judge and id that is still as its
    address alone scaffolded it (its title line the address's); else None."""
    slug = made_already(registry, page)
    if slug is None:
        return None
    text = (root / "problems.toml").read_bytes().decode("utf-8")
    _, keys = table_lines(text, slug)
    line = keys.get("title")
    written = _lines(slug, scaffold.table(slug, False, page.judge, _address_known(registry[slug])))
    if line is None or text.splitlines()[line - 1].strip() != written["title"]:
        return None
    return slug


def fill(root: Path, slug: str, page: Page) -> str:
    """The page's title, limits and samples into the problem ``slug`` scaffolded from its
    address alone; the line saying what was filled (and what was kept). ``PartlyFilled``,
    with that line, when the samples could not all be written."""
    registry_path = root / "problems.toml"
    problem = load_registry(root)[slug]
    if page.interactive and problem.kind != "interactive":
        raise BuildError(
            f"new: {slug} was scaffolded from its address as a batch problem, but "
            f'{page.origin} says it is interactive: set kind = "interactive" and its '
            "interactor by hand; nothing was changed"
        )
    with file_locks.locked(registry_path):
        before = registry_path.read_bytes().decode("utf-8")
        text, filled, kept = _filled_table(before, slug, page, problem)
        file_locks.replace(registry_path, text.encode("utf-8"))
        try:
            load_registry(root)
        except BaseException:
            file_locks.replace(registry_path, before.encode("utf-8"))
            raise
    interactive = problem.kind == "interactive"
    samples, written = _write_samples(root, problem.samples_dir, page, interactive)
    lines = ", ".join(filled) or "nothing"
    said = f"new: filled in {slug} from {page.origin}: {lines} in problems.toml"
    if kept:
        said += f" ({', '.join(kept)} kept: changed already)"
    said = f"{said}; {samples}; the solution untouched"
    if not written:
        raise PartlyFilled(said)
    return said


def _filled_table(text: str, slug: str, page: Page, problem) -> tuple[str, list[str], list[str]]:
    """problems.toml's ``text`` with ``[slug]``'s lines of ``FILLED`` that are as the address
    wrote them replaced by the page's; the keys filled, and those kept."""
    written = _lines(slug, scaffold.table(slug, False, page.judge, _address_known(problem)))
    wanted = _lines(slug, scaffold.table(slug, False, page.judge, page_known(page)))
    lines = text.splitlines(keepends=True)
    _, keys = table_lines(text, slug)
    filled, kept = [], []
    for key in FILLED:
        number = keys.get(key)
        if number is None or lines[number - 1].strip() != written[key]:
            kept.append(key)
            continue
        line = lines[number - 1]
        body = line.rstrip("\r\n")
        indent = body[: len(body) - len(body.lstrip())]
        lines[number - 1] = indent + wanted[key] + line[len(body) :]
        filled.append(key)
    return "".join(lines), filled, kept


def _address_known(problem) -> scaffold.Known:
    """What the address alone gave the problem's table (kit.pages.address_page)."""
    return scaffold.Known(f"{problem.judge} {problem.id}", problem.id)


def _lines(slug: str, table: str) -> dict[str, str]:
    """The line of each of ``FILLED`` in a table ``scaffold.table`` made."""
    found = {}
    for line in table.splitlines():
        key = line.partition("=")[0].strip()
        if key in FILLED:
            found[key] = line.strip()
    return found


def _write_samples(root: Path, folder: Path, page: Page, interactive: bool) -> tuple[str, bool]:
    """The page's samples written into ``folder`` when it holds no file; what was done, and
    False when a file could not be written (the one named, and why)."""
    if interactive:
        return "no samples (the page's are exchanges)", True
    if not page.samples:
        return "no samples on the page", True
    shown = shown_path(folder, root) + "/"
    pairs = counted(len(page.samples), "sample")
    if folder.is_dir() and any(folder.iterdir()):
        return f"the page's {pairs} not written ({shown} holds files already)", True
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in page_sample_files(page.samples):
            with open(folder / name, "x", encoding="utf-8", newline="\n") as file:
                file.write(text)
    except OSError as error:  # the table is filled in already: said, the samples not all
        failed = shown_path(Path(error.filename), root) if error.filename else shown
        why = error.strerror or error
        return f"the page's samples not all written ({failed}: {why})", False
    return f"{pairs} written into {shown}", True

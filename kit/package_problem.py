"""A problem made of a problem package alone, for ``cpkit verify`` (``problem_from_package``):
the package's folder (an archive's unpacked copy, or a view) is the workspace's root, its table
the ``package = "."`` kit.registry reads (with ``--time-limit``'s stand-in); its errors and notes
name the package as the user named it, not problems.toml or ".", and ``--include``'s folders
come first among its headers'.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from kit.errors import BuildError
from kit.registry import Problem, problem_of_table


def problem_from_package(
    path: Path,
    shown: str | None = None,
    time_limit: float | None = None,
    include: tuple[Path, ...] = (),
) -> Problem:
    """A problem made of the package at ``path`` alone (``cpkit verify``; ``shown`` is how
    the user named it): its folder is the root; ``time_limit`` (``--time-limit``) stands in
    for the package's; ``include`` (``--include``): folders its C and C++ programs' headers
    are looked for in first. Errors and notes name the package, not problems.toml or "."."""
    from kit.packages import package_folder, read_package

    shown = shown or str(path)
    given_path = path.resolve()
    path = package_folder(given_path, shown)  # an archive: its unpacked copy; or a view
    # not a package: said as named; its test data read below, once
    own_limit = read_package(path, shown, later="").time_limit
    slug = re.sub(r"[^a-z0-9_]", "_", path.name.lower()).lstrip("_0123456789") or "package"
    entry: dict = {"package": "."}
    if time_limit is not None:
        entry["time_limit"] = time_limit
    try:
        problem = problem_of_table(path, slug, entry)
        assert problem.source is not None
        problem.source.notes  # noqa: B018  its test data read here: its errors said as the rest's
    except BuildError as error:
        # the package read as ".": its own files named from its path ("PKG/data: ...")
        text = str(error).replace(f"problems.toml: [{slug}]: ./", f"{shown}/", 1)
        text = text.replace(f"problems.toml: [{slug}]: ", f"{shown}: ", 1)
        raise BuildError(text.replace("package . ", "the package ", 1)) from None
    # read as "." from its own folder: its notes name it as the header of ``verify`` does
    notes = tuple(
        note.replace("note: .: ", "note: ", 1).replace("note: ./", "note: ", 1)
        for note in problem.source.notes
    )
    given = {} if time_limit is None else {"time_from": "--time-limit"}
    if time_limit is not None and own_limit is not None and own_limit != time_limit:
        given["time_from"] = f"--time-limit, over the package's own {own_limit:g} s"
    if path != given_path:  # what the package is a copy or a view of (its links are checked)
        given["archive"] = given_path
    folders = tuple(folder.resolve() for folder in include)
    source = replace(problem.source, notes=notes, include=folders + problem.source.include, **given)
    return replace(problem, source=source, include=folders + problem.include)

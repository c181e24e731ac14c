"""Problem packages as judges keep them, read in place and never copied (an archive is unpacked
once into the kit's cache and read there): the Kattis problem package format (problemtools,
BAPCtools, DOMjudge) and Polygon's (Codeforces). Each reader gives a ``Package``: limits, cases
in the judge's order, how output is judged (a ``compare`` and an ``interactor`` setting in
problems.toml's terms) and the jury's sorted submissions (whether the kit's verdict on one
agrees with its folder is ``kit.verify.verdict_agreement``'s).

- ``model``      what a package says, whatever its format (``Package``, ``PackageCase``,
                 ``Submission``)
- ``kattis``     a Kattis-format package read in place; its parts in ``kattis_files``,
                 ``kattis_limits``, ``kattis_data``, ``kattis_submissions`` and
                 ``kattis_validators``
- ``kattis_checks`` what problemtools warns of, or reports as an error, in ``problem.yaml``
                 and the top folders before it runs anything
- ``legacy_metadata`` a legacy ``problem.yaml``'s keys and types held to problemtools'
                 model of it
- ``expectations`` the verdicts ``submissions/submissions.yaml`` (2025-09) permits and
                 requires of the jury's submissions
- ``scoring``    what a Kattis package says about its scores, read as problemtools reads it
- ``constants``  a 2025-09 package's ``constants`` replaced in a view of it, read like an
                 unpacked archive
- ``polygon``    a Polygon package read in place: ``problem.xml``, its tests, checker,
                 interactor and solutions
- ``polygon_groups`` a Polygon scoring problem's test groups: their points policy, points
                 and dependencies
- ``smallyaml``  the small part of YAML packages use (``problem.yaml``, ``testdata.yaml``)
- ``archive``    a zipped or tarred package, unpacked once into the kit's cache

This package stands below the registry: it reads files and knows the formats, and imports
nothing of the kit but ``kit.errors`` and ``kit.cache``.

API::

    read_package(path: Path, shown: str, later: str | None = None,
                 validator: str = "kattis") -> Package
                                                      # a one-line BuildError when it is not
                                                      # one; ``later``: a Kattis package's test
                                                      # data read when first asked for;
                                                      # ``validator``: the default validator's
                                                      # copy that judges it (``domjudge``);
                                                      # ``making``: a Polygon package's tests
                                                      # read later from the folder it gives
    package_folder(path: Path, shown: str) -> Path    # the folder to read: an archive unpacked,
                                                      # constants replaced in a view
    watched(package: Package) -> list[Path]           # what ``--watch`` polls for it
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from kit.errors import BuildError
from kit.packages import archive, kattis, polygon
from kit.packages.model import Package


def read_package(
    path: Path,
    shown: str,
    later: str | None = None,
    validator: str = "kattis",
    making: polygon.Making | None = None,
) -> Package:
    """The package at ``path`` (``shown`` is how the user named it), a folder or an archive:
    Polygon when it holds ``problem.xml``, the Kattis format when it holds ``problem.yaml`` or
    ``data/``. Paths in an unpacked archive's specs are absolute (they are in the cache).
    ``later``: a Kattis package's test data is walked when first asked for (``model.LATER``),
    and what is wrong in it said then, after these words (``problems.toml: [big]``).
    ``validator``: the copy of the Kattis default output validator that will judge it,
    ``kattis`` (problemtools') or ``domjudge`` (DOMjudge's), whose reading of its groups'
    flags is checked. ``making``: a Polygon package's tests are read when first asked for,
    from the folder it gives (``polygon.read``: the tests and answers a "standard" package
    lacks made there)."""
    folder = package_folder(path, shown)
    if folder != path:
        return _read(folder, shown, str(folder), path, (later, validator, making))
    return _read(folder, shown, shown, None, (later, validator, making))


def watched(package: Package) -> list[Path]:
    """What ``--watch`` polls for a package problem: the archive it was unpacked from, else its
    folders (their entries' sizes and times: a case, limit or program edited, added or
    removed), the jury's submissions aside."""
    if package.archive is not None and not package.archive.is_dir():
        return [package.archive]
    top = package.archive or package.path  # a folder read through its constants' view
    skip = {top / "submissions", top / "solutions"}
    folders = [top]
    for folder in sorted(top.rglob("*")):
        if folder.is_dir() and not any(part in skip for part in (folder, *folder.parents)):
            folders.append(folder)
    return folders


def _read(folder: Path, shown: str, base: str, packed: Path | None, how: tuple) -> Package:
    """The package of ``folder`` (``packed``: the archive it was unpacked from, or the folder
    it is a view of, if any; ``how``: ``read_package``'s ``later``, ``validator`` and
    ``making``)."""
    later, validator, making = how
    if polygon.is_polygon(folder):
        package = polygon.read(folder, shown, base, making, later)
        return package if packed is None else replace(package, archive=packed)
    if kattis.is_kattis(folder):
        return kattis.read(folder, shown, base, packed, later, validator)
    inside = _packages_inside(folder)
    held = ""
    if inside:  # a contest's folder, or archive (unpacked first: its folders are in the cache)
        held = f"; it holds packages ({', '.join(inside)}): give one of them, an archive unpacked"
    raise BuildError(
        f"package {shown}: neither a Kattis-format package (problem.yaml, data/) nor a Polygon "
        f"package (problem.xml){held}"
    )


def _packages_inside(folder: Path, most: int = 5) -> list[str]:
    """The folders right under ``folder`` that are packages (a contest's archive or folder of
    problems), the first ``most`` by name, and how many more."""
    try:
        entries = sorted(entry for entry in folder.iterdir() if entry.is_dir())
    except OSError:
        return []
    found = [f"{e.name}/" for e in entries if polygon.is_polygon(e) or kattis.is_kattis(e)]
    more = [f"{len(found) - most} more"] if len(found) > most else []
    return found[:most] + more


def package_folder(path: Path, shown: str) -> Path:
    """``path`` when it is a folder; the unpacked copy's package folder when it is an archive;
    either's view with its constants replaced when it has any (``kit.packages.constants``)."""
    if not path.exists():
        raise BuildError(f"package {shown}: no such folder or archive")
    if path.is_dir():
        folder = path
    elif archive.is_archive(path):
        folder = archive.unpacked(path, shown)
    else:
        raise BuildError(f"package {shown} is a file, not a folder or a zip or tar archive")
    return kattis.constants_view(folder, shown) if kattis.is_kattis(folder) else folder

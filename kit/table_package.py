"""The problem package a problems.toml table names (``package = "PATH"``: a Kattis-format or
Polygon package folder or archive, read in place by ``kit.packages``, never copied): the package
read (``package_of``: a Kattis package's groups' validator flags checked as the copy of the
default validator that judges it reads them, DOMjudge's where the table's judge or compare
makes it, ``flags_reader``), the keys it gives the problem's table, under the table's own
(``package_entry``: title, judge, id, kind, limits, comparison, interactor), and the folders a
C/C++ checker's headers are looked for in (``include_of``: the one of the ``testlib.h`` the
table names, then the package's own). A Polygon "standard" package's missing tests and answers
are made when a command first asks for its cases, by what ``making_with`` gives (the command
line gives ``verify``'s: kit.verify.made_answers), so build, run and stress read the same; what
fails there is said after the table's name (``problems.toml: [sum]: ...``), as the package's
other errors are.
Plain data, which kit.registry makes a ``Problem`` of.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from kit.errors import BuildError
from kit.judges.kattis_compare import DOMJUDGE_VALIDATOR, KATTIS_VALIDATOR, judges_copy
from kit.judges.profiles import OUTPUT_STDOUT, profile_for

if TYPE_CHECKING:  # kit.packages is imported when a problem names a package (13 ms otherwise)
    from kit.packages.model import Package


# what makes a Polygon "standard" package's missing tests and answers when a command first
# asks for its cases: the folder to read them from and its notes (kit.verify.made_answers'
# ``answered``, which stands above the registry: the command line sets it, ``making_with``)
_MAKING: list[Callable[[Path, str], tuple[Path, tuple[str, ...]]]] = []


def making_with(maker: Callable[[Path, str], tuple[Path, tuple[str, ...]]]) -> None:
    """Make a "standard" Polygon package's missing tests and answers with ``maker(folder,
    shown)`` (the folder to read them from, and the notes saying what was made)."""
    _MAKING[:] = [maker]


def package_of(root: Path, where: str, entry: dict) -> Package | None:
    """The package ``entry`` names, read in place (None when it names none); its test data is
    read when a command first asks for it (``kit.packages.model.LATER``): a command about
    another problem walks none of its cases."""
    shown = entry.get("package")
    if shown is None:
        return None
    if not isinstance(shown, str) or not shown.strip():
        raise BuildError(f"{where}: 'package' is the path of a package folder")
    from kit.packages import read_package

    def making(folder: Path) -> tuple[Path, tuple[str, ...]]:
        if not _MAKING:
            return folder, ()
        try:
            return _MAKING[0](folder, shown)
        except BuildError as error:  # said when the cases are first asked for: the table named
            raise BuildError(f"{where}: {error}") from None

    reader = flags_reader(entry)
    try:
        return read_package(root / shown, shown, later=where, validator=reader, making=making)
    except BuildError as error:
        raise BuildError(f"{where}: {error}") from None


def flags_reader(entry: dict) -> str:
    """The copy of the default output validator that judges a package's ``kattis`` where the
    table (``entry``, its own keys) sends it, whose reading of the validator flags is
    checked: DOMjudge's (``domjudge``) under ``judge = "DOMjudge"`` or ``compare =
    "domjudge..."``, as kit.registry's comparison runs it, else problemtools' (``kattis``)."""
    judge = entry.get("judge")
    profile = profile_for(judge) if isinstance(judge, str) else None
    own = profile.compare if profile is not None else None
    compare = judges_copy(entry.get("compare", KATTIS_VALIDATOR), own)
    mode = compare.partition(":")[0].strip() if isinstance(compare, str) else ""
    return DOMJUDGE_VALIDATOR if mode == DOMJUDGE_VALIDATOR else KATTIS_VALIDATOR


def package_entry(package: Package) -> dict:
    """The keys a package gives a problem's table (the table's own win)."""
    entry = {
        "title": package.title,
        "judge": package.judge,
        "id": package.name,
        "kind": package.kind,
        "memory_limit": package.memory_limit,
        "output_limit": package.output_limit,
        "compare": package.compare,
    }
    if package.time_limit is not None:
        entry["time_limit"] = package.time_limit
    if package.interactor is not None:
        entry["interactor"] = package.interactor
    if package.no_files:
        entry["no_files"] = True
    if package.output_counts != OUTPUT_STDOUT:
        entry["output_counts"] = package.output_counts
    if package.code_given and package.code_limit is not None:
        entry["source_limit"] = package.code_limit
    return entry


def include_of(
    root: Path, where: str, testlib: str | None, package: Package | None
) -> tuple[Path, ...]:
    """Folders a C/C++ checker's headers are looked for in: the one holding the testlib.h
    problems.toml names, then the package's own."""
    folders = list(package.include) if package is not None else []
    if testlib is not None:
        path = (root / testlib).resolve()
        if not path.exists():
            raise BuildError(f"{where}: testlib {testlib} does not exist")
        folders.insert(0, path if path.is_dir() else path.parent)
    return tuple(folders)

"""The problems a command names (``select``): all of the registry's when it names none, else
those named, in the order first named; an unknown name is a one-line error listing the problems
there are (``LISTED_MOST`` of them, the rest counted) and the one most likely meant: the
problem whose solution a path names (``cpkit solutions/two_sum.py``, a shell's completion) or
whose samples hold the file a path names (``cpkit run tests/sample-1.in``, the SLUG left out),
else the nearest slug, whatever its letters' case. A path in a problem's package that names
none of its cases (``run pkg/tests/99``) is said so instead, with the cases the package holds
(``kit.problem_cases.missing_case``).

A command on one problem (``run``, ``stress``), or on every problem (``build``, ``bench``),
given no SLUG takes *this folder's problem* (``folder_problem``): the problem whose solution's
folder or samples' folder is the current folder or holds it (atcoder-cli's ``abc300/a/``, its
``tests/``), the nearest such folder winning (``abc300/a/``'s task before a contest's
``abc300/main.py``); a folder of several problems' solutions (``solutions/``) is none's, and
so is the workspace's root, though a solution lies there (``solution = "main.py"``).
``one_problem`` and ``slugs_or_here`` choose by it, ``input_problem`` the problem of ``run
FILE`` (no SLUG: the one whose package has FILE as a case's file, named as the build names it,
``pkg.zip/tests/01`` too; else the one whose samples' folder holds FILE, else this folder's; a
problem's solution is no input, wherever it lies); each says the problem it took in one line
on stderr.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from kit.errors import BuildError
from kit.invocation import command
from kit.problem_cases import absolute, case_file, missing_case
from kit.registry import Problem

if TYPE_CHECKING:  # a build of problems naming no package imports no package reader
    from kit.packages.model import Package


def select(registry: dict[str, Problem], slugs: list[str]) -> list[Problem]:
    """The named problems (all of them when ``slugs`` is empty), or a BuildError."""
    unknown = [slug for slug in slugs if slug not in registry]
    if unknown:
        known = [slug for slug in slugs if slug in registry]  # cpkit t two_sum: two_sum's
        here = folder_problem(registry) if not known else None  # cpkit t in abc300/a
        raise BuildError(_unknown(registry, unknown[0], " ".join(known) or _slug_of(here)))
    return [registry[slug] for slug in dict.fromkeys(slugs)] if slugs else list(registry.values())


HERE = "this folder's problem"  # how a problem taken for the current folder is said
# the SLUG argument's help of the commands that take one problem (run, stress)
SLUG_HELP = (
    "the problem (default: this folder's problem, the one whose solution's or samples' "
    "folder this is)"
)


def folder_problem(registry: dict[str, Problem], here: Path | None = None) -> Problem | None:
    """This folder's problem: the problem whose solution's folder or samples' folder is
    ``here`` (default: the current folder) or holds it, the nearest such folder winning
    (``_nearest``); None when no problem's is, or several problems' are as near
    (``solutions/``, every problem's solution's folder by default), or only the root is."""
    with contextlib.suppress(OSError):  # a current folder removed
        return _nearest(registry, here or Path.cwd(), _folders)
    return None


def _folders(problem: Problem) -> tuple[Path, ...]:
    """A problem's folders, whose folder they are: its solution's, its samples'."""
    return problem.solution.parent, problem.samples_dir


def one_problem(registry: dict[str, Problem], slug: str | None, command: str) -> Problem:
    """The problem of ``command`` (``run``, ``stress``): ``slug``'s, else this folder's (said on
    stderr), else a usage error naming the SLUG needed."""
    if slug is not None:
        (problem,) = select(registry, [slug])
        return problem
    problem = folder_problem(registry)
    if problem is None:
        raise BuildError(
            f"{command} needs a SLUG: this folder is in no single problem's solution or samples "
            f"folder (problems.toml {_known(registry)})"
        )
    _said(problem, HERE)
    return problem


def slugs_or_here(registry: dict[str, Problem], slugs: list[str]) -> list[str]:
    """``slugs``; none given, this folder's problem's (said on stderr), if any (else none)."""
    if slugs:
        return slugs
    problem = folder_problem(registry)
    if problem is None:
        return []
    _said(problem, HERE)
    return [problem.slug]


def input_problem(registry: dict[str, Problem], name: str) -> Problem | None:
    """The problem of ``run NAME``, NAME no slug but a file or a folder there or ``-`` (stdin):
    the one problem whose package has the file as a case's (as the build names it,
    ``pkg.zip/tests/01`` too), else whose samples' folder holds it or is it (from any folder:
    the file says whose sample it is; ``run tests/``, ``run ./tests`` and ``run test``, oj's
    folder, are that problem's, whose run says a folder is no input), else this folder's
    problem, said on stderr; None when it is neither, or is a
    problem's solution, in its package too (no input: the unknown name's message names its
    problem). ``-`` is
    this folder's problem's, else ``one_problem``'s usage error (no unknown problem '-')."""
    if name in registry:
        return None
    if name == "-":  # stdin: this folder's problem's input, else a SLUG is needed
        return one_problem(registry, None, "run")
    if _solution_named(registry, name):  # a program, not an input, though a package holds it
        return None
    packaged = package_owner(registry, Path(name))
    if packaged is None and not (Path(name).is_file() or Path(name).is_dir()):
        return None
    owner = packaged or sample_owner(registry, Path(name))
    here = folder_problem(registry)
    if owner is not None and (owner is not here or packaged is not None):
        holder = "package" if packaged is not None else "samples' folder"
        _said(owner, f"its {holder} holds {name}")
        return owner
    if here is not None:
        _said(here, HERE)
    return here


def package_owner(registry: dict[str, Problem], path: Path) -> Problem | None:
    """The first problem whose package has the file ``path`` names as a case's input or
    answer (a case as the build names it, through a zipped package too:
    ``kit.problem_cases.case_file``); None when no problem's package does. The package's other
    files are no case: its submissions, the problem's solution among them, are programs. Only
    a package whose folder holds the file is searched (``_place_in``), by the case's place in it
    first, then by every case's file resolved (a case reached through a link)."""
    for problem in registry.values():
        if problem is None or problem.source is None:
            continue
        with contextlib.suppress(OSError):
            found = case_file(problem, path)
            place = _place_in(problem.source, found)
            if place is not None and _is_case(problem.source, found, place):
                return problem
    return None


def _place_in(package: Package, found: Path) -> Path | None:
    """Where ``found`` lies in ``package``: its path from the package's folder, or from the
    folder the package is a view of (``Package.archive``), as named or resolved; None when
    it lies in neither."""
    folders = [package.path]
    if package.archive is not None and package.archive.is_dir():
        folders.append(package.archive)
    for given in (absolute(found), found.resolve()):
        for folder in folders:
            for base in (absolute(folder), folder.resolve()):
                if given.is_relative_to(base):
                    return given.relative_to(base)
    return None


def _is_case(package: Package, found: Path, place: Path) -> bool:
    """Whether ``found``, at ``place`` in the package, is a case's input or answer: a case's
    file at that place, else one that resolves to the file ``found`` resolves to (a link
    either way)."""
    files = [file for case in package.cases for file in (case.input, case.answer) if file]
    at = absolute(package.path) / place
    if any(file.name == at.name and absolute(file) == at for file in files):
        return True
    found = os.path.realpath(found)
    return found in _resolved(files)


def _resolved(files: list[Path]) -> set[str]:
    """``files`` resolved (``os.path.realpath``), each folder once: a file that is no link
    (as its folder's listing says) is its resolved folder's."""
    folders: dict[str, tuple[str, set[str]]] = {}  # a folder -> resolved, the links in it
    resolved = set()
    for file in map(str, files):
        folder, name = os.path.split(file)
        if folder not in folders:
            with os.scandir(folder or ".") as listed:
                links = {entry.name for entry in listed if entry.is_symlink()}
            folders[folder] = os.path.realpath(folder), links
        real, links = folders[folder]
        resolved.add(os.path.realpath(file) if name in links else os.path.join(real, name))
    return resolved


def sample_owner(registry: dict[str, Problem], path: Path) -> Problem | None:
    """The problem whose samples' folder holds ``path`` (there or not yet), the nearest if
    several do (``_nearest``)."""
    with contextlib.suppress(OSError):
        return _nearest(registry, path, lambda problem: (problem.samples_dir,))
    return None


def _nearest(registry: dict[str, Problem], path: Path, folders) -> Problem | None:
    """The problem one of whose ``folders(problem)`` holds ``path`` (or is it) nearest, the
    deepest such folder; None when no problem's does, or several problems' are as near. The
    workspace's root is no problem's folder (``solution = "main.py"``): it holds every path."""
    path = path.resolve()
    depths = []  # (the depth of the problem's nearest folder holding path, the problem)
    for problem in registry.values():
        if problem is None:
            continue
        root = problem.root.resolve()
        holding = [
            len(folder.parts)
            for folder in (folder.resolve() for folder in folders(problem))
            if folder != root and path.is_relative_to(folder)
        ]
        if holding:
            depths.append((max(holding), problem))
    nearest = max((depth for depth, _ in depths), default=None)
    found = [problem for depth, problem in depths if depth == nearest]
    return found[0] if len(found) == 1 else None


def _solution_named(registry: dict[str, Problem], name: str) -> Problem | None:
    """The problem whose solution ``name`` (a path, from the current folder) is, if one's is."""
    with contextlib.suppress(OSError):
        given = Path(name).resolve()
        for problem in registry.values():
            if problem is not None and problem.solution.resolve() == given:
                return problem
    return None


def _slug_of(problem: Problem | None) -> str:
    """The slug of ``problem`` as a command's message names it, ``SLUG`` for none."""
    return "SLUG" if problem is None else problem.slug


def _said(problem: Problem, why: str) -> None:
    """The one line on stderr that names the problem a command took unnamed, and why."""
    print(f"{problem.slug} ({why})", file=sys.stderr, flush=True)


LISTED_MOST = 8  # problems an unknown name's message lists; more are counted


# online-judge-tools' command that tests samples, and its short name (``oj t``)
OJ_TEST = ("test", "t")


def _unknown(registry: dict[str, Problem], name: str, slugs: str = "SLUG") -> str:
    """An unknown problem's message: the problems there are (the first ``LISTED_MOST``), and
    the one meant: the nearest slug, or the problem whose file a path names (``cpkit
    solutions/two_sum.py``, a shell's completion). A name that looks like a path (a suffix,
    a slash) of no file is said to be none (``run x.in``); oj's ``test`` and ``t`` get the
    kit's ways to test (of the ``slugs`` named with them)."""
    meant = _meant(registry, name)
    meant = f"; did you mean '{meant}'?" if meant else ""
    if _looks_like_a_path(name) and not os.path.lexists(name):
        missing = _missing_case(registry, name)
        if missing is not None:  # a package's case past its last, or a typo
            return missing
        shown = name if name.isprintable() else repr(name)  # a newline, an escape: quoted
        return f"{shown}: no such file (nor a problem: problems.toml {_known(registry)}{meant})"
    said = f"unknown problem {name!r} (problems.toml {_known(registry)}{meant})"
    if name in OJ_TEST:
        said += (
            f"; oj's {name!r} is `{command()} {slugs}` here, which builds and tests on the "
            f"samples (`{command()}` tests all); `{command()} run SLUG FILE` runs one case"
        )
    return said


def _missing_case(registry: dict[str, Problem], name: str) -> str | None:
    """The first problem's ``missing_case`` message for ``name``, a path in its package that
    names no file (``pkg/tests/99``); None when it lies in no problem's package."""
    for problem in registry.values():
        if problem is not None and problem.source is not None:
            with contextlib.suppress(OSError):
                said = missing_case(problem, Path(name))
                if said is not None:
                    return said
    return None


def _looks_like_a_path(name: str) -> bool:
    """Whether ``name`` reads as a file's path rather than a slug: it has a slash, or a
    suffix (``x.in``, ``main.py``)."""
    stem, dot, suffix = os.path.basename(name).rpartition(".")
    return "/" in name or os.sep in name or bool(dot and stem and suffix)


def _known(registry: dict[str, Problem]) -> str:
    """The problems there are, as messages say them: the first ``LISTED_MOST``, others counted."""
    slugs = list(registry)
    if not slugs:
        return "lists no problem yet"
    if len(slugs) <= LISTED_MOST:
        return f"has: {', '.join(slugs)}"
    return f"has {len(slugs)}: {', '.join(slugs[:LISTED_MOST])}, ..."


def _meant(registry: dict[str, Problem], name: str) -> str | None:
    """The problem ``name`` most likely meant: the one whose solution a path names (``cpkit
    solutions/two_sum.py``, ``abc300/a/main.py``, a shell's completion), or whose samples'
    folder holds the file it names (``cpkit run tests/sample-1.in`` in atcoder-cli's task
    folder, the SLUG left out), else the nearest slug (of the path's stem for a path)."""
    if name.endswith(".py") or "/" in name or Path(name).is_file():
        owner = _solution_named(registry, name) or sample_owner(registry, Path(name))
        if owner is not None:
            return owner.slug
        name = Path(name).stem
    lowered = {slug.lower(): slug for slug in registry}  # ABCD for abcd
    close = difflib.get_close_matches(name.lower(), lowered, n=1)
    return lowered[close[0]] if close else None

"""The problems a command names (``select``): all of the registry's when it names none, else
those named, in the order first named; an unknown name is a one-line error listing the problems
there are (``LISTED_MOST`` of them, the rest counted) and the one most likely meant: the
problem whose solution a path names (``cpkit solutions/two_sum.py``, a shell's completion) or
whose samples hold the file a path names (``cpkit run tests/sample-1.in``, the SLUG left out),
else the nearest slug, whatever its letters' case.

A command on one problem (``run``, ``stress``, ``bench``) given no SLUG takes *this folder's
problem* (``folder_problem``): the one problem whose solution's folder or samples' folder is
the current folder or holds it (atcoder-cli's ``abc300/a/``, its ``tests/``); a folder of
several problems' solutions (``solutions/``) is none's. ``one_problem`` and ``slugs_or_here``
choose by it, ``input_problem`` the problem of ``run FILE`` (no SLUG: the one whose samples'
folder holds FILE, else this folder's); each says the problem it took in one line on stderr.
"""

from __future__ import annotations

import contextlib
import difflib
import sys
from pathlib import Path

from kit.errors import BuildError
from kit.registry import Problem


def select(registry: dict[str, Problem], slugs: list[str]) -> list[Problem]:
    """The named problems (all of them when ``slugs`` is empty), or a BuildError."""
    unknown = [slug for slug in slugs if slug not in registry]
    if unknown:
        raise BuildError(_unknown(registry, unknown[0]))
    return [registry[slug] for slug in dict.fromkeys(slugs)] if slugs else list(registry.values())


HERE = "this folder's problem"  # how a problem taken for the current folder is said
# the SLUG argument's help of the commands that take one problem (run, stress)
SLUG_HELP = (
    "the problem (default: this folder's problem, the one whose solution's or samples' "
    "folder this is)"
)


def folder_problem(registry: dict[str, Problem], here: Path | None = None) -> Problem | None:
    """This folder's problem: the one problem whose solution's folder or samples' folder is
    ``here`` (default: the current folder) or holds it; None when no problem's is, or several
    problems' are (``solutions/``, every problem's solution's folder by default)."""
    with contextlib.suppress(OSError):  # a current folder removed
        here = (here or Path.cwd()).resolve()
        found = [
            problem
            for problem in registry.values()
            if problem is not None
            and any(
                here.is_relative_to(folder.resolve())
                for folder in (problem.solution.parent, problem.samples_dir)
            )
        ]
        if len(found) == 1:
            return found[0]
    return None


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
    """The problem of ``run NAME``, NAME no slug but a file there or ``-`` (stdin): the one
    problem whose samples' folder holds the file (from any folder: the file says whose sample
    it is), else this folder's problem, said on stderr; None when it is neither, or is a
    problem's solution (no input: the unknown name's message names its problem)."""
    if name in registry or not (name == "-" or Path(name).is_file()):
        return None
    with contextlib.suppress(OSError):
        given = Path(name).resolve()
        if any(p is not None and p.solution.resolve() == given for p in registry.values()):
            return None
    owner = sample_owner(registry, Path(name)) if name != "-" else None
    here = folder_problem(registry)
    if owner is not None and owner is not here:
        _said(owner, f"its samples' folder holds {name}")
        return owner
    if here is not None:
        _said(here, HERE)
    return here


def sample_owner(registry: dict[str, Problem], path: Path) -> Problem | None:
    """The one problem whose samples' folder holds ``path`` (there or not yet), if one does."""
    with contextlib.suppress(OSError):
        given = path.resolve()
        found = [
            problem
            for problem in registry.values()
            if problem is not None and given.is_relative_to(problem.samples_dir.resolve())
        ]
        if len(found) == 1:
            return found[0]
    return None


def _said(problem: Problem, why: str) -> None:
    """The one line on stderr that names the problem a command took unnamed, and why."""
    print(f"{problem.slug} ({why})", file=sys.stderr, flush=True)


LISTED_MOST = 8  # problems an unknown name's message lists; more are counted


def _unknown(registry: dict[str, Problem], name: str) -> str:
    """An unknown problem's message: the problems there are (the first ``LISTED_MOST``), and
    the one meant: the nearest slug, or the problem whose file a path names (``cpkit
    solutions/two_sum.py``, a shell's completion)."""
    meant = _meant(registry, name)
    meant = f"; did you mean '{meant}'?" if meant else ""
    return f"unknown problem {name!r} (problems.toml {_known(registry)}{meant})"


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
        with contextlib.suppress(OSError):
            given = Path(name).resolve()
            for slug, problem in registry.items():
                if problem is not None and problem.solution.resolve() == given:
                    return slug
        owner = sample_owner(registry, Path(name))
        if owner is not None:
            return owner.slug
        name = Path(name).stem
    lowered = {slug.lower(): slug for slug in registry}  # ABCD for abcd
    close = difflib.get_close_matches(name.lower(), lowered, n=1)
    return lowered[close[0]] if close else None

"""The problems a command names (``select``): all of the registry's when it names none, else
those named, in the order first named; an unknown name is a one-line error listing the problems
there are (``LISTED_MOST`` of them, the rest counted) and the one most likely meant: the
problem whose solution a path names (``cpkit solutions/two_sum.py``, a shell's completion) or
whose samples hold the file a path names (``cpkit run tests/sample-1.in``, the SLUG left out),
else the nearest slug, whatever its letters' case.
"""

from __future__ import annotations

import contextlib
import difflib
from pathlib import Path

from kit.errors import BuildError
from kit.registry import Problem


def select(registry: dict[str, Problem], slugs: list[str]) -> list[Problem]:
    """The named problems (all of them when ``slugs`` is empty), or a BuildError."""
    unknown = [slug for slug in slugs if slug not in registry]
    if unknown:
        raise BuildError(_unknown(registry, unknown[0]))
    return [registry[slug] for slug in dict.fromkeys(slugs)] if slugs else list(registry.values())


LISTED_MOST = 8  # problems an unknown name's message lists; more are counted


def _unknown(registry: dict[str, Problem], name: str) -> str:
    """An unknown problem's message: the problems there are (the first ``LISTED_MOST``), and
    the one meant: the nearest slug, or the problem whose file a path names (``cpkit
    solutions/two_sum.py``, a shell's completion)."""
    slugs = list(registry)
    if not slugs:
        known = "lists no problem yet"
    elif len(slugs) <= LISTED_MOST:
        known = f"has: {', '.join(slugs)}"
    else:
        known = f"has {len(slugs)}: {', '.join(slugs[:LISTED_MOST])}, ..."
    meant = _meant(registry, name)
    meant = f"; did you mean '{meant}'?" if meant else ""
    return f"unknown problem {name!r} (problems.toml {known}{meant})"


def _meant(registry: dict[str, Problem], name: str) -> str | None:
    """The problem ``name`` most likely meant: the one whose solution a path names (``cpkit
    solutions/two_sum.py``, ``abc300/a/main.py``, a shell's completion), or whose samples'
    folder holds the file it names (``cpkit run tests/sample-1.in`` in atcoder-cli's task
    folder, the SLUG left out), else the nearest slug (of the path's stem for a path)."""
    if name.endswith(".py") or "/" in name or Path(name).is_file():
        with contextlib.suppress(OSError):
            given = Path(name).resolve()
            for slug, problem in registry.items():
                if problem is None:
                    continue
                if problem.solution.resolve() == given:
                    return slug
                if given.is_relative_to(problem.samples_dir.resolve()):
                    return slug
        name = Path(name).stem
    lowered = {slug.lower(): slug for slug in registry}  # ABCD for abcd
    close = difflib.get_close_matches(name.lower(), lowered, n=1)
    return lowered[close[0]] if close else None

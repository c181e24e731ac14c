"""Judge profiles: which interpreters a judge runs Python on, and what else it enforces.

A problem names its judge in problems.toml (``judge = "Codeforces"``); a judge with a profile
here gives the problem its targets and source-size limit. A judge without one (POJ, whose
languages do not include Python; informatics.msk.ru) gets the strictest targets, CPython 3.8
and PyPy 3, and no size limit. An explicit ``targets = [...]`` in problems.toml wins over the
profile. The facts and their sources are listed in the README ("Targets and judge profiles").
"""

from __future__ import annotations

from dataclasses import dataclass

from kit.targets import Target, parse_target


@dataclass(frozen=True)
class Profile:
    name: str
    targets: tuple[str, ...]
    source_limit: int | None  # bytes
    no_files: bool = False  # the judge forbids file-system access


PROFILES = {
    "codeforces": Profile("Codeforces", ("cpython3.13", "pypy3.10"), 64 * 1024),
    "atcoder": Profile("AtCoder", ("cpython3.13", "pypy3.11"), 512 * 1024),
    "kattis": Profile("Kattis", ("pypy3",), 128 * 1024),
    "timus": Profile("Timus", ("cpython3.12", "pypy3.10"), None, no_files=True),
    # SPOJ runs CPython 3.7.3, older than the kit checks: 3.8 is the nearest it can
    "spoj": Profile("SPOJ", ("cpython3.8",), 50_000),
}
STRICTEST = ("cpython3.8", "pypy3")


def profile_for(judge: str) -> Profile | None:
    return PROFILES.get(judge.strip().lower())


def default_targets(judge: str) -> list[Target]:
    profile = profile_for(judge)
    return [parse_target(name) for name in (profile.targets if profile else STRICTEST)]

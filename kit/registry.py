"""The problem registry (problems.toml) and each problem's test cases.

A problem's cases are its samples, ``samples/<slug>/sample-N.in`` with ``sample-N.out`` (the
naming online-judge-tools uses), followed by the official ``*.in``/``*.out`` pairs of its
optional ``judge_data`` folder, read in place (a missing folder is skipped with a note).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import tomllib

from kit.errors import BuildError

KINDS = ("batch", "interactive")
_SAMPLE_NAME = re.compile(r"sample-([1-9][0-9]*)\.(in|out)")


@dataclass(frozen=True)
class Problem:
    slug: str
    title: str
    judge: str
    id: str
    kind: str
    time_limit: float  # seconds
    memory_limit: int  # MiB
    statement: str
    judge_data: str | None
    root: Path

    @property
    def solution(self) -> Path:
        return self.root / "solutions" / f"{self.slug}.py"

    @property
    def samples_dir(self) -> Path:
        return self.root / "samples" / self.slug

    @property
    def dist(self) -> Path:
        return self.root / "dist" / f"{self.slug}.py"

    @property
    def bench(self) -> Path:
        return self.root / "bench" / f"{self.slug}.py"

    def rel(self, path: Path) -> str:
        """``path`` as shown to the user: relative to the checkout when inside it."""
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return str(path)


@dataclass(frozen=True)
class Case:
    """One input file and the output a judge expects for it."""

    name: str  # as shown in reports, e.g. "samples/megacheckers/sample-1.in"
    input: Path
    expected: Path


def load_registry(root: Path) -> dict[str, Problem]:
    """Every problem of ``root/problems.toml``, in file order."""
    path = root / "problems.toml"
    try:
        with path.open("rb") as file:
            table = tomllib.load(file)
    except FileNotFoundError:
        raise BuildError(f"problems.toml: not found in {root}") from None
    except tomllib.TOMLDecodeError as error:
        raise BuildError(f"problems.toml: {error}") from None
    return {slug: _problem(root, slug, entry) for slug, entry in table.items()}


def _problem(root: Path, slug: str, entry: object) -> Problem:
    where = f"problems.toml: [{slug}]"
    if not re.fullmatch(r"[a-z][a-z0-9_]*", slug):
        raise BuildError(f"{where}: a slug is lower-case letters, digits and '_'")
    if not isinstance(entry, dict):
        raise BuildError(f"{where}: expected a table")

    def field(name: str, types: type | tuple[type, ...], default: object = ...) -> object:
        if name not in entry:
            if default is ...:
                raise BuildError(f"{where}: missing '{name}'")
            return default
        value = entry[name]
        if not isinstance(value, types) or isinstance(value, bool):
            raise BuildError(f"{where}: '{name}' has the wrong type ({value!r})")
        return value

    kind = field("kind", str)
    if kind not in KINDS:
        raise BuildError(f"{where}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    time_limit = float(field("time_limit", (int, float)))
    memory_limit = int(field("memory_limit", int))
    if time_limit <= 0 or memory_limit <= 0:
        raise BuildError(f"{where}: limits must be positive")
    return Problem(
        slug=slug,
        title=str(field("title", str, slug)),
        judge=str(field("judge", str)),
        id=str(field("id", (str, int))),
        kind=kind,
        time_limit=time_limit,
        memory_limit=memory_limit,
        statement=str(field("statement", str, "")),
        judge_data=field("judge_data", str, None),  # type: ignore[arg-type]
        root=root,
    )


def select(registry: dict[str, Problem], slugs: list[str]) -> list[Problem]:
    """The named problems (all of them when ``slugs`` is empty), or a BuildError."""
    unknown = [slug for slug in slugs if slug not in registry]
    if unknown:
        known = ", ".join(registry)
        raise BuildError(f"unknown problem '{unknown[0]}' (problems.toml has: {known})")
    return [registry[slug] for slug in dict.fromkeys(slugs)] if slugs else list(registry.values())


def sample_cases(problem: Problem) -> list[Case]:
    """The sample pairs of a batch problem, by number; a BuildError for anything malformed."""
    folder = problem.samples_dir
    if not folder.is_dir():
        raise BuildError(f"{problem.slug}: {problem.rel(folder)}/ is missing (no samples)")
    numbers: dict[int, set[str]] = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith("."):
            continue
        match = _SAMPLE_NAME.fullmatch(path.name)
        if match is None or not path.is_file():
            raise BuildError(
                f"{problem.slug}: {problem.rel(path)}: not a sample file "
                "(expected sample-N.in and sample-N.out)"
            )
        numbers.setdefault(int(match[1]), set()).add(match[2])
    if not numbers:
        raise BuildError(f"{problem.slug}: {problem.rel(folder)}/ holds no samples")
    cases = []
    for number in sorted(numbers):
        stem = folder / f"sample-{number}"
        for have, lack in (("in", "out"), ("out", "in")):
            if numbers[number] == {have}:
                raise BuildError(
                    f"{problem.slug}: {problem.rel(stem)}.{have} has no sample-{number}.{lack}"
                )
        cases.append(Case(problem.rel(stem) + ".in", Path(f"{stem}.in"), Path(f"{stem}.out")))
    return cases


def judge_cases(problem: Problem) -> tuple[list[Case], str | None]:
    """The official judge data pairs, and a note when the folder is absent (then no cases)."""
    if problem.judge_data is None:
        return [], None
    folder = (problem.root / problem.judge_data).resolve()
    if not folder.is_dir():
        return [], f"judge data {problem.judge_data} absent: skipped"
    cases = []
    for source in sorted(folder.glob("*.in")):
        answer = source.with_suffix(".out")
        if not answer.is_file():
            raise BuildError(f"{problem.slug}: {source} has no {answer.name}")
        cases.append(Case(f"{problem.judge_data}/{source.name}", source, answer))
    if not cases:
        raise BuildError(f"{problem.slug}: {problem.judge_data} holds no *.in/*.out pairs")
    return cases, None

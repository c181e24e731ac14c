"""The problem registry (problems.toml) and each problem's test cases.

A problem's cases are its samples, ``samples/<slug>/NAME.in`` with ``NAME.out`` or ``NAME.ans``
(online-judge-tools writes ``sample-N.in``/``.out``; Kattis, Polygon exports and Codeforces
parsers use other names and ``.ans``), in natural order of NAME (2 before 10), followed by the
official ``NAME.in`` files of its optional ``judge_data`` folder with their ``NAME.out`` or
``NAME.ans``, read in place (a missing folder is skipped with a note).

As ``oj t`` does, a ``NAME.in`` without an answer is still a case (``Case.expected`` None): it
runs, passes when the process ends cleanly within the limits, and the report counts it apart
("ran, no answer to compare"). Hidden files and the files editors leave beside the ones they
edit (``NAME~``, ``#NAME#``, ``.#NAME``, ``.NAME.swp``, ``.NAME.swo``) are skipped without a
word, in both folders. ``line_end_note`` names the samples whose lines end with CRLF.
"""

from __future__ import annotations

import difflib
import fnmatch
import importlib.util
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import tomllib

from kit.errors import BuildError
from kit.judges.compare import parse_compare
from kit.judges.profiles import default_targets, profile_for, suggestion_for
from kit.judges.targets import Target, parse_target

KINDS = ("batch", "interactive")
SAMPLE_SUFFIXES = ("in", "out", "ans")  # NAME.out or NAME.ans: the answer to NAME.in
# A time limit this large is almost surely written in milliseconds; a memory limit this large
# in KiB (judges print "65536 KB").
MILLISECONDS_FROM = 100
KIB_FROM = 4096
DEFAULT_COMPARE = "lines"
NO_PROFILE = "strictest (no judge profile)"  # targets_from of a judge without a profile
DEFAULT_OUTPUT_LIMIT = 64  # MiB: the usual judges' output limit (Codeforces, ejudge)
# Left by editors beside the files they edit: Emacs' backups, auto-saves and lock links, Vim's
# swap files (any other hidden file, as .DS_Store, is skipped as well).
EDITOR_FILES = ("*~", "#*#", ".#*", ".*.swp", ".*.swo")
# What a batch case without an answer file says when it passes (its verdict's message).
NO_ANSWER = "ran, no answer to compare"


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
    targets: tuple[Target, ...] = ()
    targets_from: str = ""  # where the targets come from, for the report
    source_limit: int | None = None  # bytes
    no_files: bool = False  # the judge forbids file-system access
    compare: str = DEFAULT_COMPARE
    interactor: str | None = None
    output_limit: int = DEFAULT_OUTPUT_LIMIT  # MiB of stdout
    # interactive: the time limit is per move (the interactor times each one), and a whole
    # game may take this many seconds of wall time before it is stopped
    game_timeout: float | None = None

    @property
    def output_bytes(self) -> int:
        return self.output_limit << 20

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
    def failed_dist(self) -> Path:
        """Where a bundle that failed its build is kept for inspection."""
        return self.root / "dist" / "failed" / f"{self.slug}.py"

    @property
    def bench(self) -> Path:
        return self.root / "bench" / f"{self.slug}.py"

    @property
    def stress(self) -> Path:
        return self.root / "stress" / f"{self.slug}.py"

    def rel(self, path: Path) -> str:
        """``path`` as shown to the user: relative to the checkout when inside it."""
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return str(path)


@dataclass(frozen=True)
class Case:
    """One input file and the output a judge expects for it (None: an interactor's secret
    input, or a batch input without an answer file, judged by how its run ends)."""

    name: str  # as shown in reports, e.g. "samples/megacheckers/sample-1.in"
    input: Path
    expected: Path | None


def load_registry(root: Path) -> dict[str, Problem]:
    """Every problem of ``root/problems.toml``, in file order, validated."""
    path = root / "problems.toml"
    try:
        with path.open("rb") as file:
            table = tomllib.load(file)
    except FileNotFoundError:
        raise BuildError(f"problems.toml: not found in {root}") from None
    except tomllib.TOMLDecodeError as error:
        raise BuildError(f"problems.toml: {error}") from None
    return {slug: _problem(root, slug, entry) for slug, entry in table.items()}


_Types = type | tuple[type, ...]
# Every key a problem's table may have: its type, and whether it is required.
FIELDS: dict[str, tuple[_Types, bool]] = {
    "title": (str, False),
    "judge": (str, True),
    "id": ((str, int), True),
    "kind": (str, True),
    "time_limit": ((int, float), True),
    "memory_limit": (int, True),
    "statement": (str, False),
    "judge_data": (str, False),
    "targets": (list, False),
    "source_limit": (int, False),
    "no_files": (bool, False),
    "compare": (str, False),
    "interactor": (str, False),
    "output_limit": (int, False),
    "game_timeout": ((int, float), False),
}


def _problem(root: Path, slug: str, entry: object) -> Problem:
    where = f"problems.toml: [{slug}]"
    if not re.fullmatch(r"[a-z][a-z0-9_]*", slug):
        raise BuildError(f"{where}: a slug is lower-case letters, digits and '_'")
    if not isinstance(entry, dict):
        raise BuildError(f"{where}: expected a table")
    for key in entry:
        if key not in FIELDS:
            close = difflib.get_close_matches(key, FIELDS, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else f" (known: {', '.join(FIELDS)})"
            raise BuildError(f"{where}: unknown key '{key}'{hint}")
    for key, (types, required) in FIELDS.items():
        if key not in entry:
            if required:
                raise BuildError(f"{where}: missing '{key}'")
            continue
        value = entry[key]
        wrong_bool = isinstance(value, bool) and types is not bool
        if not isinstance(value, types) or wrong_bool:
            raise BuildError(f"{where}: '{key}' has the wrong type ({value!r})")

    kind = entry["kind"]
    if kind not in KINDS:
        raise BuildError(f"{where}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    time_limit = float(entry["time_limit"])
    memory_limit = entry["memory_limit"]
    output_limit = entry.get("output_limit", DEFAULT_OUTPUT_LIMIT)
    if time_limit <= 0 or memory_limit <= 0 or output_limit <= 0:
        raise BuildError(f"{where}: limits must be positive")
    if output_limit >= KIB_FROM:
        raise BuildError(
            f"{where}: output_limit = {output_limit} looks like KiB or bytes; the unit is MiB"
        )
    if time_limit >= MILLISECONDS_FROM:
        raise BuildError(
            f"{where}: time_limit = {entry['time_limit']} looks like milliseconds; "
            f"the unit is seconds (time_limit = {time_limit / 1000:g})"
        )
    if memory_limit >= KIB_FROM:
        raise BuildError(
            f"{where}: memory_limit = {memory_limit} looks like KiB; "
            f"the unit is MiB (memory_limit = {memory_limit // 1024})"
        )
    judge = entry["judge"]
    meant = suggestion_for(judge)
    if meant is not None:
        raise BuildError(
            f"{where}: unknown judge {judge!r} (did you mean {meant!r}? a judge without a "
            "profile gets the strictest targets)"
        )
    profile = profile_for(judge)
    if "targets" in entry:
        targets = _targets(where, entry["targets"])
        targets_from = "problems.toml"
    else:
        targets = tuple(default_targets(judge))
        targets_from = profile.name if profile else NO_PROFILE
    source_limit = entry.get("source_limit", profile.source_limit if profile else None)
    if source_limit is not None and source_limit <= 0:
        raise BuildError(f"{where}: source_limit must be positive (bytes)")
    judge_data = entry.get("judge_data")
    if judge_data is not None:
        _check_judge_data(root, where, judge_data)
    compare = entry.get("compare", DEFAULT_COMPARE)
    parse_compare(compare, root, where)  # a bad setting is a one-line error here
    game_timeout = entry.get("game_timeout")
    if game_timeout is not None and (kind != "interactive" or game_timeout <= time_limit):
        raise BuildError(
            f"{where}: game_timeout (seconds a whole game may take; the time limit is then per "
            'move, timed by the interactor) is for kind = "interactive", above time_limit'
        )
    interactor = entry.get("interactor")
    if interactor is not None:
        if kind != "interactive":
            raise BuildError(f"{where}: 'interactor' is for kind = \"interactive\"")
        if not (root / interactor).is_file():
            raise BuildError(f"{where}: interactor {interactor} does not exist")
    return Problem(
        slug=slug,
        title=entry.get("title", slug),
        judge=judge,
        id=str(entry["id"]),
        kind=kind,
        time_limit=time_limit,
        memory_limit=memory_limit,
        statement=entry.get("statement", ""),
        judge_data=judge_data,
        root=root,
        targets=targets,
        targets_from=targets_from,
        source_limit=source_limit,
        no_files=entry.get("no_files", profile.no_files if profile else False),
        compare=compare,
        interactor=interactor,
        output_limit=output_limit,
        game_timeout=None if game_timeout is None else float(game_timeout),
    )


def _targets(where: str, names: list) -> tuple[Target, ...]:
    if not names:
        raise BuildError(f"{where}: 'targets' is empty (leave it out for the judge's own)")
    targets = []
    for name in names:
        if not isinstance(name, str):
            raise BuildError(f"{where}: targets: {name!r} is not a string")
        try:
            targets.append(parse_target(name))
        except ValueError as error:
            raise BuildError(f"{where}: targets: {error}") from None
    return tuple(dict.fromkeys(targets))


def _check_judge_data(root: Path, where: str, folder: str) -> None:
    """A named judge-data folder must exist, except one outside the checkout whose whole tree
    is absent (a clone without the data beside it): then it is skipped with a note."""
    path = (root / folder).resolve()
    if path.is_dir():
        return
    if not _is_absent_outside(root, path):
        raise BuildError(f"{where}: judge_data folder {folder} does not exist")


def _is_absent_outside(root: Path, path: Path) -> bool:
    """``path`` lies outside the checkout and the folder beside the checkout that would hold it
    does not exist at all."""
    top = root.resolve()
    try:
        path.relative_to(top)
        return False
    except ValueError:
        pass
    parent = top.parent
    try:
        first = path.relative_to(parent).parts[0]
    except (ValueError, IndexError):
        return not path.exists()
    return not (parent / first).exists()


def select(registry: dict[str, Problem], slugs: list[str]) -> list[Problem]:
    """The named problems (all of them when ``slugs`` is empty), or a BuildError."""
    unknown = [slug for slug in slugs if slug not in registry]
    if unknown:
        known = ", ".join(registry)
        raise BuildError(f"unknown problem '{unknown[0]}' (problems.toml has: {known})")
    return [registry[slug] for slug in dict.fromkeys(slugs)] if slugs else list(registry.values())


def skipped(name: str) -> bool:
    """A hidden file, or one an editor left (``EDITOR_FILES``): never a case, never an error."""
    return name.startswith(".") or any(fnmatch.fnmatchcase(name, glob) for glob in EDITOR_FILES)


def sample_cases(problem: Problem) -> list[Case]:
    """The samples of a batch problem (inputs only for an interactor), in natural order of
    their names; a BuildError for anything malformed."""
    folder = problem.samples_dir
    if not folder.is_dir():
        raise BuildError(f"{problem.slug}: {problem.rel(folder)}/ is missing (no samples)")
    names: dict[str, dict[str, Path]] = {}
    for path in sorted(folder.iterdir()):
        if skipped(path.name):
            continue
        stem, dot, suffix = path.name.rpartition(".")
        if not (dot and stem and suffix in SAMPLE_SUFFIXES and path.is_file()):
            raise BuildError(
                f"{problem.slug}: {problem.rel(path)}: not a sample file "
                "(expected NAME.in with NAME.out or NAME.ans)"
            )
        names.setdefault(stem, {})[suffix] = path
    if not names:
        wanted = (
            "sample-1.in, the interactor's input"
            if problem.interactor
            else "sample-1.in and sample-1.out"
        )
        raise BuildError(f"{problem.slug}: {problem.rel(folder)}/ holds no samples (add {wanted})")
    return [_sample(problem, names[stem]) for stem in sorted(names, key=natural_key)]


def _sample(problem: Problem, files: dict[str, Path]) -> Case:
    """One sample from its files by suffix (a lone ``.in`` has no answer), or the BuildError
    naming the file that is wrong."""
    answers = [files[suffix] for suffix in ("out", "ans") if suffix in files]
    where = problem.slug + ": " + problem.rel(next(iter(files.values())))
    if problem.interactor is not None:
        if answers:
            raise BuildError(
                f"{problem.slug}: {problem.rel(answers[0])}: an interactive problem's samples "
                "are the interactor's inputs only (NAME.in)"
            )
        return Case(problem.rel(files["in"]), files["in"], None)
    if len(answers) == 2:
        raise BuildError(f"{where}: both .out and .ans for one sample (keep one)")
    if "in" not in files:
        raise BuildError(f"{where} has no {answers[0].stem}.in")
    return Case(problem.rel(files["in"]), files["in"], answers[0] if answers else None)


def natural_key(name: str) -> tuple:
    """``name`` ordered as people count: ``2`` before ``10``, then by the text itself."""
    parts = re.split(r"([0-9]+)", name)
    return tuple(int(part) if index % 2 else part for index, part in enumerate(parts)), name


def judge_cases(problem: Problem) -> tuple[list[Case], str | None]:
    """The official cases (each ``NAME.in`` with its ``NAME.out`` or ``NAME.ans``, or none),
    and a note when the folder is absent (then no cases)."""
    if problem.judge_data is None:
        return [], None
    folder = (problem.root / problem.judge_data).resolve()
    if not folder.is_dir():
        note = f"judge data {problem.judge_data} absent (no folder beside the checkout): skipped"
        return [], note
    cases = []
    for source in sorted(folder.glob("*.in")):
        if skipped(source.name) or not source.is_file():
            continue
        answers = [source.with_suffix(f".{suffix}") for suffix in ("out", "ans")]
        answers = [answer for answer in answers if answer.is_file()]
        if len(answers) == 2:
            raise BuildError(
                f"{problem.slug}: {problem.judge_data}/{answers[1].name}: both .out and .ans "
                "for one case (keep one)"
            )
        answer = answers[0] if answers else None
        cases.append(Case(f"{problem.judge_data}/{source.name}", source, answer))
    if not cases:
        raise BuildError(f"{problem.slug}: {problem.judge_data} holds no NAME.in files")
    return cases, None


def line_end_note(problem: Problem) -> str | None:
    """A one-line note naming the sample files whose lines end with CRLF (``\\r\\n``), which
    judges' files seldom have; None when there is none, or the samples cannot be read."""
    try:
        cases = sample_cases(problem)
    except BuildError:
        return None
    crlf = []
    for case in cases:
        for path in (case.input, case.expected):
            if path is not None and b"\r\n" in _bytes_of(path):
                crlf.append(path)
    if not crlf:
        return None
    names = ", ".join(problem.rel(path) for path in crlf)
    if any(path.suffix == ".in" for path in crlf):
        effect = "the solution reads each \\r of an input, which a judge's files seldom hold"
    else:
        effect = "answers are compared without their \\r, except by a checker"
    return f"note: CRLF (\\r\\n) line ends in {names}: {effect} (dos2unix converts them)"


def _bytes_of(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def import_from_checkout(problem: Problem, path: Path, name: str):
    """The module at ``path`` of the problem's checkout, imported as ``name`` with the checkout
    on ``sys.path`` (so it may import the solutions and helpers); a broken one is a one-line
    BuildError."""
    where = problem.rel(path)
    if str(problem.root) not in sys.path:
        sys.path.insert(0, str(problem.root))
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise BuildError(f"{where}: cannot be imported")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as error:  # reported in one line
        raise BuildError(f"{where}: cannot be imported: {type(error).__name__}: {error}") from None
    return module

"""The problem registry: each problem's table of problems.toml, read and checked into a
``Problem`` (``load_registry``: a bad table is a one-line error naming its line, which
kit.toml_places finds). The table's limits are checked by kit.problem_limits, the paths it
names by kit.table_paths; a problem's cases are found by kit.problem_cases; the rules of the
slug naming its table are kit.slugs'; the problems a command names are kit.problem_selection's.

**A problem package** (``package = "PATH"``: a Kattis-format or Polygon package folder, read
in place by ``kit.packages``, never copied) gives the problem's title, judge (Kattis, or
Codeforces for Polygon), id, kind, limits, comparison and interactor; any of those keys in the
table wins over the package's; its cases are the package's (kit.problem_cases). ``testlib =
"PATH"`` names the ``testlib.h`` (or its folder) a C++ checker or interactor is compiled with,
when the package ships none beside it. The package a table names, the keys it gives and the
header folders are kit.table_package's. A problem compares outputs as its judge does where the
judge's profile says (``compare``: Kattis' default output validator, Codeforces' and AtCoder's
tokens), else by ``lines``, unless ``compare`` says otherwise. A problem made of a package alone,
for ``verify``, is kit.package_problem's.

A problem's solution is ``solutions/<slug>.py``, or the file ``solution = "PATH"`` names
(relative to the workspace's root, inside it, a ``.py`` file: a repository's own layout,
``abc300/a.py``, adopted as it is); kit.table_paths checks it, with the samples' and the judge
data's folders a table names. A samples' folder is one problem's: a second table naming it
(or a first naming the second's default, ``samples/<slug>/``) is a one-line error naming both
problems and the line, as ``new --samples`` refuses it (``owner_of``: the problem whose
solution or samples' folder a path is).

``url = "https://..."`` is the problem's page (an http or https address with a host,
kit.page_address), which ``new`` writes where it knows it.
"""

from __future__ import annotations

import difflib
import json
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import tomllib

from kit.bundle.resolve import import_path
from kit.errors import BuildError, trimmed
from kit.judges.compare import parse_compare
from kit.judges.kattis_compare import judges_copy
from kit.judges.modules import Installed
from kit.judges.profiles import (
    OUTPUT_STDOUT,
    Profile,
    default_targets,
    misspelt_judge,
    profile_for,
)
from kit.judges.programs import KATTIS, TESTLIB, files_read, named_programs, parse_interactor
from kit.judges.targets import Target, parse_target
from kit.page_address import is_page_address
from kit.problem_limits import (
    DEFAULT_OUTPUT_LIMIT,
    game_timeout_of,
    limits_of,
    output_counts_of,
    source_limit_of,
)
from kit.slugs import check_slug
from kit.table_package import include_of, package_entry, package_of
from kit.table_paths import judge_data_of, workspace_paths
from kit.toml_places import not_utf_8, place, syntax_error
from kit.workspace import FOLDER, MISSING, SOLUTIONS, file_state, shown_path

if TYPE_CHECKING:  # kit.packages is imported when a problem names a package (13 ms otherwise)
    from kit.packages.model import Package

KINDS = ("batch", "interactive")
# the comparison of a judge without one of its own in its profile (kit.judges.profiles)
DEFAULT_COMPARE = "lines"
NO_PROFILE = "strictest (no judge profile)"  # targets_from of a judge without a profile


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
    no_processes: bool = False  # the judge forbids starting other programs and processes
    compare: str = DEFAULT_COMPARE
    interactor: str | None = None
    output_limit: int = DEFAULT_OUTPUT_LIMIT  # MiB of stdout (of everything: ``output_counts``)
    output_counts: str = OUTPUT_STDOUT  # what the output limit holds (OUTPUT_COUNTS)
    # interactive: the time limit is per move (the interactor times each one), and a whole
    # game may take this many seconds of wall time before it is stopped
    game_timeout: float | None = None
    package: str | None = None  # a problem package read in place (kit.packages), as named
    testlib: str | None = None  # the testlib.h (or its folder) a C++ checker is compiled with
    source: Package | None = field(default=None, compare=False, repr=False)  # the package read
    include: tuple[Path, ...] = ()  # folders a C/C++ checker's headers are looked for in
    # third-party modules the judge installs (its profile's, and ``modules = [...]``'s), None
    # for none: the standard library only
    installed: Installed | None = None
    solution_file: str | None = None  # ``solution = "PATH"``: the solution, from the root
    samples_folder: str | None = None  # ``samples = "PATH"``: the samples' folder, from the root
    # a program of the problem's own (checker, validator, interactor) that is not there: this
    # problem's failure when it is built or run, not every problem's at the registry's load
    unavailable: str | None = None
    url: str | None = None  # ``url = "https://..."``: the problem's page (kit.page_address)

    @property
    def jury_files(self) -> list[Path]:
        """The problem's own programs: its checker or validator, interactor, and testlib, and
        every file a C/C++ one's last compile read (``kit.judges.programs.files_read``)."""
        named = [path for _, path in named_programs(self.compare, self.interactor)]
        found = [self.root / path for path in [*named, self.testlib or ""] if path.strip()]
        read = [path for program in found for path in files_read(program, self.include)]
        return list(dict.fromkeys(found + read))

    @property
    def unplayed(self) -> bool:
        """An interactive problem with no interactor: no game of it can be played (its bundle
        is checked, and run once on empty input; the build fails it, naming the setting)."""
        return self.kind != "batch" and not self.interactor

    @property
    def output_bytes(self) -> int:
        return self.output_limit << 20

    @property
    def named_files(self) -> tuple[str, str]:
        """The input and output file names its solution reads and writes (a Polygon package's
        ``<judging input-file="input.txt" output-file="output.txt">``), "" each for stdin and
        stdout: the build's, stress's (its brute force too) and bench's runs alike."""
        if self.source is None:
            return "", ""
        return self.source.input_file, self.source.output_file

    @property
    def solution(self) -> Path:
        if self.solution_file is not None:
            return self.root / self.solution_file
        return self.root / SOLUTIONS / f"{self.slug}.py"

    @property
    def import_folders(self) -> tuple[Path, ...]:
        """The folders the solution's imports are found in, in order (``import_path``): the
        root alone, or a script's folder (``abc300/``) first, then the root. The stress and
        bench modules, and the user's programs a stress run starts, find theirs there too."""
        return import_path(self.root, self.solution)

    @property
    def samples_dir(self) -> Path:
        if self.samples_folder is not None:
            return self.root / self.samples_folder
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
        """``path`` as shown to the user: from the current folder when that is in the
        workspace or holds it, else from the workspace's root (``kit.workspace.shown_path``):
        a file to open or act on (a case, a kept bundle, a saved input)."""
        return shown_path(path, self.root)

    def from_root(self, path: Path) -> str:
        """``path`` from the workspace's root wherever the kit runs: a place in the sources
        (a traceback's, a check's, as the bundle names its modules) and the bundle's title."""
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return str(path)


def load_registry(root: Path) -> dict[str, Problem]:
    """Every problem of ``root/problems.toml``, in file order, validated."""
    path = root / "problems.toml"
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise BuildError(f"problems.toml: not found in {root}") from None
    except OSError as error:
        raise BuildError(f"problems.toml: cannot be read: {error.strerror}") from None
    try:  # a byte-order mark, which some editors write, is passed over
        text = data.decode("utf-8-sig")
        table = tomllib.loads(text)
    except UnicodeDecodeError as error:
        raise BuildError(not_utf_8(error)) from None
    except tomllib.TOMLDecodeError as error:
        raise BuildError(syntax_error(str(error), text)) from None
    except ValueError as error:  # an integer of more digits than Python reads (4300)
        raise BuildError(f"problems.toml: a number it holds cannot be read: {error}") from None
    problems, folders = {}, {}  # the problems, and their samples' folders resolved
    for slug, entry in table.items():
        try:
            problem = problem_of_table(root, slug, entry)
        except BuildError as error:
            place(error, slug, text)
            raise
        folder = problem.samples_dir.resolve()
        shared = _shared_samples(problems.get(folders.get(folder, "")), problem)
        if shared is not None:
            error = BuildError(shared[1])
            place(error, shared[0], text)
            raise error
        problems[slug], folders[folder] = problem, slug
    return problems


def owner_of(problems: dict[str, Problem], path: Path, what: str) -> str | None:
    """The problem whose ``what`` (solution, samples' folder) ``path`` is, if any."""
    of = (lambda known: known.solution) if what == "solution" else (lambda known: known.samples_dir)
    target = path.resolve()
    return next((slug for slug, known in problems.items() if of(known).resolve() == target), None)


def _shared_samples(earlier: Problem | None, problem: Problem) -> tuple[str, str] | None:
    """None when no ``earlier`` problem has ``problem``'s samples' folder; else the slug of
    the table that names the folder (``samples = "PATH"``, the later table's when both do)
    and the one-line error naming both problems: a sample's file would be both problems'
    (``run FILE``, ``stress --save``, this folder's problem), as ``new --samples`` refuses
    it (``owner_of``)."""
    if earlier is None:
        return None
    named, owner = (
        (earlier, problem)
        if problem.samples_folder is None and earlier.samples_folder is not None
        else (problem, earlier)
    )
    setting = (
        f"samples = {_toml(named.samples_folder)}"
        if named.samples_folder is not None
        else f"its samples' folder {named.from_root(named.samples_dir)}/"
    )
    return named.slug, (
        f"problems.toml: [{named.slug}]: {setting} is {owner.slug}'s samples' folder already "
        "(a sample's file is one problem's, which run FILE and stress take it for): give "
        f"{named.slug} a folder of its own"
    )


_Types = type | tuple[type, ...]
# Every key a problem's table may have: its type, and whether it is required.
FIELDS: dict[str, tuple[_Types, bool]] = {
    "title": (str, False),
    "judge": (str, True),
    "id": ((str, int), True),
    "url": (str, False),
    "kind": (str, True),
    "time_limit": ((int, float), True),
    "memory_limit": (int, True),
    "statement": (str, False),
    "judge_data": (str, False),
    "targets": (list, False),
    "source_limit": (int, False),
    "no_files": (bool, False),
    "no_processes": (bool, False),
    "compare": (str, False),
    "interactor": (str, False),
    "output_limit": (int, False),
    "output_counts": (str, False),
    "game_timeout": ((int, float), False),
    "package": (str, False),
    "testlib": (str, False),
    "modules": (list, False),
    "solution": (str, False),
    "samples": (str, False),
}


def problem_of_table(root: Path, slug: str, entry: object) -> Problem:
    """The problem of ``slug``'s table (``entry``) in ``root``'s problems.toml, checked, its
    package's keys under the table's own."""
    where = f"problems.toml: [{slug}]"
    entry, given, package = _table(root, slug, where, entry)
    kind, judge = _kind_and_judge(where, entry)
    profile = _profile(where, judge)
    usual_output = profile.output if profile is not None and profile.output else None
    time_limit, memory_limit, output_limit = limits_of(where, entry, given, usual_output)
    targets, targets_from = _targets_of(where, entry, profile)
    source_limit = source_limit_of(where, entry, profile)
    judge_data = judge_data_of(root, where, entry)
    include = include_of(root, where, entry.get("testlib"), package)
    compare, absent, game_timeout, interactor = _judging(
        root, where, entry, profile, time_limit, include
    )
    installed = _installed(where, entry.get("modules"), profile)
    paths = workspace_paths(root, where, entry)
    return Problem(
        **_table_fields(slug, entry, profile),
        judge=judge,
        kind=kind,
        time_limit=time_limit,
        memory_limit=memory_limit,
        judge_data=judge_data,
        root=root,
        targets=targets,
        targets_from=targets_from,
        source_limit=source_limit,
        compare=compare,
        interactor=interactor,
        output_limit=output_limit,
        output_counts=output_counts_of(where, entry),
        game_timeout=None if game_timeout is None else float(game_timeout),
        source=package,
        include=include,
        installed=installed,
        **paths,
        unavailable=next(iter(absent.values()), None),
        url=_url(where, entry.get("url")),
    )


def _table(root: Path, slug: str, where: str, entry: object) -> tuple[dict, set, Package | None]:
    """``slug``'s table with the keys its package gives under its own, checked; the keys the
    table itself gives; and the package (None when it names none)."""
    check_slug(slug, where)
    if not isinstance(entry, dict):
        raise BuildError(
            f"problems.toml: {slug} = {_toml(entry)} stands outside any [problem] table (a "
            "problem's keys go under its table)"
        )
    given = set(entry)
    package = package_of(root, where, entry)
    if package is not None:
        entry = {**package_entry(package), **entry}  # the registry's own keys win
    _check_keys(slug, where, entry, package)
    return entry, given, package


# Tables other tools' files have and problems.toml has not: one so named that lacks a key a
# problem needs is said to be no problem's, as is one that names no judge, id or kind.
_NOT_PROBLEMS = ("defaults", "default", "settings", "config", "global", "common")


def _missing(slug: str, where: str, entry: dict, key: str) -> str:
    """The error of table ``slug`` (at ``where``), which lacks the required ``key``: ``missing
    'key'`` for a problem's table; for ``[defaults]`` and tables like it, that the table is not
    a problem's (there are no defaults: each problem's table gives its own keys)."""
    if slug.lower() in _NOT_PROBLEMS:
        return (
            f"{where}: not a problem table (problems.toml has no [{slug}]: each table is one "
            f"problem's, giving its own keys; this one has no '{key}')"
        )
    if not {"judge", "id", "kind"} & set(entry):
        return (
            f"{where}: not a problem table (it names no judge, id or kind: each table of "
            "problems.toml is one problem's, giving its own keys)"
        )
    return f"{where}: missing '{key}'"


def _table_fields(slug: str, entry: dict, profile: Profile | None) -> dict:
    """The Problem fields the table gives as written: its title (the slug by default), id,
    statement, package and testlib, and whether files and processes are refused (by default
    as the judge's profile refuses them)."""
    return {
        "slug": slug,
        "title": entry.get("title", slug),
        "id": str(entry["id"]),
        "statement": entry.get("statement", ""),
        "no_files": entry.get("no_files", profile.no_files if profile else False),
        "no_processes": entry.get("no_processes", profile.no_processes if profile else False),
        "package": entry.get("package"),
        "testlib": entry.get("testlib"),
    }


def _url(where: str, given: str | None) -> str | None:
    """``url = "ADDRESS"`` checked: the problem's page, an http(s) address with a host (None
    when not given)."""
    if given is not None and not is_page_address(given):
        raise BuildError(
            f"{where}: url = {trimmed(repr(given))}: not a page's address (give http:// or "
            'https:// and a host: url = "https://atcoder.jp/contests/abc300/tasks/abc300_a")'
        )
    return given


def _kind_and_judge(where: str, entry: dict) -> tuple[str, str]:
    kind = entry["kind"]
    if kind not in KINDS:
        raise BuildError(f"{where}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    judge = entry["judge"]
    if not judge.strip():
        raise BuildError(f"{where}: judge is empty: name where the problem is judged")
    return kind, judge


def _judging(  # noqa: PLR0913
    root: Path,
    where: str,
    entry: dict,
    profile: Profile | None,
    time_limit: float,
    include: tuple[Path, ...],
) -> tuple[str, dict[str, str], float | None, str | None]:
    """The comparison, the judging programs not there yet (``_absent_programs``), the game's
    timeout and the interactor; each setting given checked (a bad one is a one-line error)."""
    compare = _in_judges_validator(entry.get("compare"), profile)
    absent = _absent_programs(root, compare, entry.get("interactor"))
    if "compare" not in absent:
        parse_compare(compare, root, where, include=include)
    game_timeout = game_timeout_of(where, entry, time_limit)
    interactor = _interactor(root, where, entry, include, "interactor" not in absent)
    return compare, absent, game_timeout, interactor


def _in_judges_validator(compare: object, profile: Profile | None) -> object:
    """The comparison a ``compare`` setting names for the problem's judge: its profile's when
    none is given; the format's default validator (``kattis``, a Kattis package's) as the
    judge's own copy of it where it has one (DOMjudge's ``domjudge``)."""
    own = profile.compare if profile is not None else None
    if compare is None:
        return own or DEFAULT_COMPARE
    return judges_copy(compare, own)


def _absent_programs(root: Path, compare, interactor) -> dict[str, str]:
    """What says each program the settings name that is not there (``Problem.unavailable``),
    by the key naming it ("compare" or "interactor"): that setting alone is not parsed."""
    if not isinstance(compare, str) or not isinstance(interactor, (str, type(None))):
        return {}  # the key check says so
    absent = {}
    for role, path in named_programs(compare, interactor):
        state = file_state(root / path)
        if state is None or (state == FOLDER and role != "checker"):  # Kattis: a folder too
            continue
        key = "interactor" if role == "interactor" else "compare"
        named = "names" if role == "interactor" else f"names {role}"
        what = "which is not there" if state == MISSING else f"which {state}"
        setting = compare if key == "compare" else interactor
        hint = (
            _file_of_command(root, key, setting) or _close_file(root, path)
            if state == MISSING
            else ""
        )
        absent[key] = f"problems.toml's {key} {named} {path}, {what}{hint}"
    return absent


def _close_file(root: Path, path: str) -> str:
    """For a program's path that is not there, the file of its folder with the nearest name:
    " (did you mean interactors/guess.py?)" for interactors/gues.py; else ""."""
    folder = (root / path).parent
    try:
        names = [entry.name for entry in folder.iterdir() if entry.is_file()]
    except OSError:  # its folder misspelt too, or not to be read
        return ""
    close = difflib.get_close_matches(Path(path).name, names, n=1)
    if not close:
        return ""
    return f" (did you mean {Path(path).with_name(close[0]).as_posix()}?)"


def _file_of_command(root: Path, key: str, setting: str) -> str:
    """For a setting that names a program by a command to run it, as online-judge-tools'
    ``--judge-command "python3 check.py"`` does: the setting naming the file the command runs
    (the first of its words that is a file, with the words after it: a validator's flags);
    else ""."""
    protocol, colon, rest = setting.partition(":")
    if not colon or protocol not in ("checker", "validator", KATTIS, TESTLIB):
        protocol, rest = "", setting
    try:
        words = shlex.split(rest)
    except ValueError:
        return ""
    files = [at for at, word in enumerate(words) if at and file_state(root / word) is None]
    if not files:
        return ""
    kept = (
        words[files[0] :] if protocol in ("validator", KATTIS) else words[files[0] : files[0] + 1]
    )
    named = f"{protocol}:" * bool(protocol) + shlex.join(kept)
    return (
        ": a command, where the setting names the program's file (a .py file runs under "
        f'Python): {key} = "{named}"'
    )


def _installed(where: str, named: list | None, profile: Profile | None) -> Installed | None:
    """The third-party modules the problem's judge installs: its profile's list, with the
    import names ``modules = [...]`` adds for every target (a judge's language that offers
    more: Kattis' "Python 3 with NumPy")."""
    listed = profile.modules if profile is not None else None
    if named is None:
        return listed
    for name in named:
        if not isinstance(name, str) or not all(part.isidentifier() for part in name.split(".")):
            raise BuildError(f"{where}: modules: {name!r} is not a module's import name")
    extra = tuple(named)  # each checked above: no empty name passes
    if listed is None:
        return Installed(cpython=extra, pypy=extra)
    return Installed(
        cpython=listed.cpython + tuple(n for n in extra if n not in listed.cpython),
        pypy=listed.pypy + tuple(n for n in extra if n not in listed.pypy),
    )


def _profile(where: str, judge: str) -> Profile | None:
    """The judge's profile (None without one); a name close to a profile's is refused."""
    misspelt = misspelt_judge(judge)
    if misspelt is not None:
        raise BuildError(f"{where}: {misspelt}")
    return profile_for(judge)


def _targets_of(where: str, entry: dict, profile: Profile | None) -> tuple[tuple[Target, ...], str]:
    """The problem's targets and where they came from."""
    if "targets" in entry:
        return _targets(where, entry["targets"]), "problems.toml"
    targets = tuple(default_targets(entry["judge"]))
    return targets, profile.name if profile else NO_PROFILE


def _interactor(
    root: Path, where: str, entry: dict, include: tuple[Path, ...], programs: bool = True
) -> str | None:
    """``interactor``, checked: for interactive problems only (its program too when
    ``programs``)."""
    interactor = entry.get("interactor")
    if interactor is not None:
        if entry["kind"] != "interactive":
            raise BuildError(f"{where}: 'interactor' is for kind = \"interactive\"")
        if programs:
            parse_interactor(interactor, root, where, include)  # a bad protocol
    return interactor


def _check_keys(slug: str, where: str, entry: dict, package: Package | None) -> None:
    """Every key of table ``slug`` (at ``where``) known, of the right type; the required ones
    given (by the table or by its package)."""
    for key in entry:
        if key not in FIELDS:
            close = difflib.get_close_matches(key, FIELDS, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else f" (known: {', '.join(FIELDS)})"
            raise BuildError(f"{where}: unknown key '{key}'{hint}")
    for key, (types, required) in FIELDS.items():
        if key not in entry:
            if key == "time_limit" and package is not None:
                raise BuildError(
                    f"{where}: package {package.shown} fixes no time limit (no .timelimit, no "
                    "limits.time_limit in its problem.yaml): set time_limit"
                )
            if required:
                raise BuildError(_missing(slug, where, entry, key))
            continue
        value = entry[key]
        wrong_bool = isinstance(value, bool) and types is not bool
        if not isinstance(value, types) or wrong_bool:
            raise BuildError(
                f"{where}: '{key}' has the wrong type ({_toml(value)}; expected "
                f"{_type_words(types)})"
            )


def _toml(value: object) -> str:
    """A value as problems.toml spells it: ``true``, ``"2"``, ``{ x = 1 }``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {_toml(item)}" for key, item in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return str(value)


def _type_words(types: type | tuple[type, ...]) -> str:
    """``a number``, ``text``, ``true or false``, ``a list``: a key's types said in words."""
    kinds = types if isinstance(types, tuple) else (types,)
    words = {int: "a number" if float in kinds else "a whole number", float: "a number",
             str: "text", bool: "true or false", list: "a list", dict: "a table"}  # fmt: skip
    return " or ".join(dict.fromkeys(words.get(kind, kind.__name__) for kind in kinds))


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

"""A Polygon package (Codeforces' problem preparation system), read in place: ``problem.xml``,
its tests, checker, interactor and solutions.

What is read from ``problem.xml`` (as Polygon exports it; two real packages, as the p2d
converter's tests keep them: cn-xcpc-tools/Polygon2DOMjudge, test/fixtures/*.zip, and its
reader p2d/polygon.py):

- ``<problem short-name=...>``, ``<names><name language=... value=...>`` (English first);
- ``<judging>``'s ``input-file`` and ``output-file``: empty (stdin and stdout, as Polygon's
  packages write them) or ``stdin`` and ``stdout`` (as Polygon's API and its
  problem-properties.json spell them), else the file a solution reads its input from and the
  one it writes its output to, in the folder it runs in (``input_file``, ``output_file``:
  ``kit.run.process`` writes the one and reads the other back); each a plain file name (one
  with a folder, ``..`` or from the root, the other stream's spelling, or a stream's in
  another case, ``STDIN``, is a one-line error), and refused with an interactor, whose game
  runs on the streams;
- ``<judging><testset name="tests">`` (else the first testset): ``<time-limit>`` in
  milliseconds, ``<memory-limit>`` in bytes, ``<test-count>``, ``<input-path-pattern>`` and
  ``<answer-path-pattern>`` (printf patterns, ``tests/%02d`` and ``tests/%02d.a``), and
  ``<tests><test ... sample="true">``. Tests run in their numeric order, as Codeforces runs
  them; the leading ones marked ``sample`` are the samples. A scoring problem's tests carry
  ``points="10.0"`` (each case's ``points``; a test without them in such a problem 0), and
  ``<judging treat-points-from-checker-as-percent="true">`` makes a checker's points percents
  of them (``points_percent``; ``kit.verify.polygon_points`` scores a run). Such a problem's
  ``<groups><group points-policy=... points=...>`` and their ``<dependencies>`` are its
  ``point_groups`` (``kit.packages.polygon_groups``). A package
  exported without its generated tests or their answers (Polygon's "standard" package, both
  made by ``doall.sh``, the answers by the main solution) is a one-line error naming the first
  missing file: a case without its answer would pass whatever the output (``unanswered`` lists
  the tests whose answer is missing, the main solution and the limits, the generated tests
  whose input is missing, ``<test method="generated" cmd="gen 5 10 3" [from-file="N"]>``, with
  ``<files><executables>``' sources by name, and, under ``<properties><property
  name="tests-wellformed" value="true">`` (each line ends in LF), the inputs ending lines in
  CR LF, and where there are some, the valid validator tests doing so: ``kit.verify.made_answers``
  makes them LF for ``verify``, and for a workspace's problem when its cases are first asked
  for: ``read``'s ``making``, its view ``tests_from``);
- ``<assets><checker type="testlib"><source path=...>``: the checker, run as testlib's
  ``checker INPUT OUTPUT ANSWER`` (``kit.judges.compare``, ``checker:PATH``), compiled against
  the ``testlib.h`` the package ships beside it in ``files/`` (or the one the problem names).
  Without its source (a "standard" package, a hand-made one), a checker named as one of
  testlib's standard checkers (``<checker name="std::rcmp6.cpp">``, Polygon's name, as
  rsalesc/rbx's Polygon exports show it) is judged by the kit's exact rule of it
  (``kit.judges.testlib_checkers``: ``std:NAME``; ``std:wcmp`` the kit's ``tokens``), and a note
  says so; one the kit has no exact rule of (``pointscmp``, ``pointsinfo``) or not testlib's is a
  one-line error asking for its source;
- ``<assets><interactor><source path=...>``: an interactive problem, played through
  ``testlib:PATH`` (``kit.judges.programs``); its output file is then judged by the checker;
- ``<assets><solutions><solution tag=...><source path=... type=...>``: the jury's solutions
  by tag (``kit.verify.verdict_agreement`` says what each tag allows); ``do-not-run`` ones are left
  out; a C or C++ one's type (``cpp.g++17``, ``c.gcc``) is kept as its ``source_type``, the
  standard Codeforces compiles it to (``kit.judges.codeforces_compile``), as is a Java one's
  (``java11``, the release: ``kit.judges.java_compile``);
- ``<assets><validators><validator><source path=...>``: the input validators, each run on
  every test's input by ``kit.verify.input_check`` with testlib's validator arguments, ``--testset
  NAME`` and ``--group G`` for a test of a group (testlib.h, ``registerValidation(argc,
  argv)``: "[--testset testset] [--group group]"); testlib's exit status 0 confirms it.
  Each validator's tests (``<validator><testset>``: ``<input-path-pattern>``,
  ``files/tests/validator-tests/%02d`` by default, and ``<tests><test verdict="valid">`` or
  ``"invalid"``, a test's ``testset`` and ``group`` its arguments): a valid one every
  validator must accept, an invalid one some validator must reject (Polygon has one validator
  a problem; with several, each one's tests go to them all);
- ``<assets><checker><testset>``: the checker's tests, ``files/tests/checker-tests/%02d``
  with its ``.o`` (the output) and ``.a`` (the answer) by default, each judged as a
  contestant's output is and getting the verdict its ``<test verdict=...>`` says: ``ok``,
  ``wrong-answer``, ``presentation-error`` or ``crashed`` (testlib's OK, WA, PE and FAIL;
  ``kit.verify.output_check``). A test whose file is missing or whose verdict is none of these is
  left out with a note. (problem.xml as purplesyringa/problem-xml-specs, docs/10-assets.md,
  describes it.)

Polygon has no margin for time-limit solutions: the Kattis format's later default,
``time_limit_to_tle`` 1.5, is assumed (and said). The judge is Codeforces.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple
from xml.etree import ElementTree

from kit.case_names import meant, of_kind
from kit.errors import BuildError
from kit.judges.testlib_checkers import BUILT_IN, NOT_BUILT, standard_spec
from kit.packages.model import (
    CHECKER_TEST_VERDICTS,
    POLYGON,
    Package,
    PackageCase,
    Submission,
    read_later,
)
from kit.packages.polygon_groups import number_of_points, point_groups
from kit.units import MEBIBYTES, in_mebibytes, in_seconds

# what makes the tests and answers a "standard" package lacks: the folder to read its tests
# from (the package's, or a view of it), and notes saying what was made
Making = Callable[[Path], "tuple[Path, tuple[str, ...]]"]
DEFAULT_OUTPUT = 64  # MiB: Polygon sets none; the kit's usual output limit
PYTHON_TYPES = ("python.3", "python.pypy3", "pypy.3")  # Polygon's source types of Python 3
# the language of other types, by their first letters ("java11", "cpp.g++17", "python.2")
LANGUAGES = {"cpp": "C++", "c": "C", "java": "Java", "kotlin": "Kotlin", "python": "Python 2"}
ASSUMED_MARGIN = 1.5  # the Kattis format's time_limit_to_tle default (2025-09)
NAME_MAX = 255  # characters a file name may hold (ext4, NTFS, APFS: 255)
# a printf conversion's width, precision and type (Python's %-formatting: key, flags, width,
# .precision, length, type), or a literal %%, which has none
CONVERSION = re.compile(r"%%|%(?:\([^)]*\))?[-+ #0]*(\d*)(?:\.(\d*))?[hlL]?(.?)", re.DOTALL)
# Polygon's solution tags (what each allows is kit.verify.verdict_agreement's); do-not-run is left
# out.
TAGS = (
    "main",
    "accepted",
    "wrong-answer",
    "presentation-error",
    "time-limit-exceeded",
    "time-limit-exceeded-or-accepted",
    "memory-limit-exceeded",
    "time-limit-exceeded-or-memory-limit-exceeded",
    "rejected",
    "failed",
)


RUNS_NOTE = (
    '<judging run-count="{count}">: Polygon runs the solution {count} times on each test, '
    "the interactor carrying what each run left to the next; the kit runs it once"
)
PERCENT = "treat-points-from-checker-as-percent"  # <judging>'s: a checker's points are percents


def is_polygon(path: Path) -> bool:
    return (path / "problem.xml").is_file()


class Generated(NamedTuple):
    """A generated test whose input is missing: its input's path, the command problem.xml
    gives (``cmd``, split as a shell splits it: the generator's name, then its arguments) and
    the generator's file that holds it (``from-file``; "" for its stdout)."""

    input: Path
    command: tuple[str, ...]
    from_file: str


class Unanswered(NamedTuple):
    """A package's tests whose answer is missing, (input, answer) each, their input there or
    generated (``generated``, its generators' sources by name in ``executables``), its main
    solution (None when it has none), its limits (seconds, MiB) and its input and output file
    names (``named``, "" each: stdin, stdout); ``crlf``: the inputs there whose lines end in
    CR LF where problem.xml says its tests are well formed (each line ending in LF), and
    ``valid_crlf`` the valid validator tests that do so where some input does (a package
    saved on Windows: its verdict says Polygon's validator accepts the test); ``near``: the
    file beside the first missing answer named near it (``tests/01.ans`` for ``tests/01.a``),
    as the package names it."""

    tests: tuple[tuple[Path, Path], ...]
    main: Submission | None
    time_limit: float
    memory_limit: int
    named: tuple[str, str] = ("", "")
    generated: tuple[Generated, ...] = ()
    executables: tuple[tuple[str, str], ...] = ()  # (name, package-relative source)
    crlf: tuple[Path, ...] = ()
    valid_crlf: tuple[Path, ...] = ()
    near: str = ""  # a file named near the first missing answer, "" for none (``_near``)


def _problem_xml(path: Path, where: str) -> ElementTree.Element:
    """The root of the package's problem.xml, or a one-line error naming ``where``."""
    try:
        return ElementTree.parse(path / "problem.xml").getroot()
    except (ElementTree.ParseError, OSError) as error:
        raise BuildError(f"{where}: cannot be read: {error}") from None


def unanswered(path: Path, shown: str) -> Unanswered:
    """What the package at ``path`` lacks of its answers (Polygon makes them by running the
    main solution on each input: ``kit.verify.made_answers`` makes them so)."""
    where = f"{shown}/problem.xml"
    root = _problem_xml(path, where)
    testset = _testset(root, where)
    time_ms, memory_bytes = _limits(testset, where)
    inputs = testset.findtext("input-path-pattern") or "tests/%02d"
    answers = testset.findtext("answer-path-pattern") or "tests/%02d.a"
    listed = testset.findall("tests/test")
    wellformed = _property(root, "tests-wellformed") == "true"
    tests, generated, crlf = [], [], []
    count = _integer(testset, "test-count", where)
    for number in range(1, count + 1):
        source = path / _numbered(inputs, number, path, where)
        answer = path / _numbered(answers, number, path, where)
        if not source.is_file():
            test = listed[number - 1] if number <= len(listed) else None
            made = _generated(test, source, number, where)
            if made is None:
                continue  # said as the package is read
            generated.append(made)
        elif wellformed and b"\r\n" in source.read_bytes():
            crlf.append(source)
        if not answer.is_file():
            tests.append((source, answer))
    main = next((s for s in _solutions(root, path) if s.folder == "main"), None)
    interactive = root.find("assets/interactor/source") is not None
    named = _named_files(root, where, interactive)
    limits = (time_ms / 1000, memory_bytes >> 20)
    valid = _validator_tests(root, path, where, [])[0] if crlf else []
    valid_crlf = tuple(case.input for case in valid if b"\r\n" in case.input.read_bytes())
    near = _near(path, tests[0][1], tests[0][0], (inputs, answers, count), where) if tests else ""
    found = (tuple(generated), _executables(root), tuple(crlf), valid_crlf, near)
    return Unanswered(tuple(tests), main, *limits, named, *found)


def _property(root: ElementTree.Element, name: str) -> str:
    """problem.xml's ``<properties><property name=NAME value=...>``, "" when not given."""
    for element in root.findall("properties/property"):
        if element.get("name") == name:
            return (element.get("value") or "").strip()
    return ""


def _generated(
    test: ElementTree.Element | None, source: Path, number: int, where: str
) -> Generated | None:
    """The generated test ``number`` whose input ``source`` is missing, or None when it is
    not one (``method="generated"`` with a ``cmd``)."""
    if test is None or test.get("method") != "generated" or not test.get("cmd", "").strip():
        return None
    cmd = test.get("cmd", "")
    try:
        command = tuple(shlex.split(cmd))
    except ValueError as error:
        raise BuildError(f'{where}: test {number}: cmd="{cmd}" cannot be split: {error}') from None
    return Generated(source, command, (test.get("from-file") or "").strip())


def _executables(root: ElementTree.Element) -> tuple[tuple[str, str], ...]:
    """(name, source) of each of ``<files><executables>``, by its file's name and by that
    name without its extension (a test's ``cmd`` names it either way)."""
    found = []
    for element in root.findall("files/executables/executable/source"):
        relative = element.get("path", "")
        if relative:
            found += [(Path(relative).name, relative), (Path(relative).stem, relative)]
    return tuple(found)


def read(
    path: Path,
    shown: str,
    base: str | None = None,
    making: Making | None = None,
    later: str | None = None,
) -> Package:
    """The Polygon package at ``path`` (named ``shown``; ``base``: the path its programs'
    specs start with, ``shown`` by default). With ``making``, its tests (the fields of
    ``model.LATER`` and its point groups) are read when first asked for, from the folder
    ``making(path)`` gives (a view with the tests and answers a "standard" package lacks
    made), its notes after the package's; what is wrong there is said then, after
    ``later``'s words ("problems.toml: [big]")."""
    where = f"{shown}/problem.xml"
    root = _problem_xml(path, where)
    testset = _testset(root, where)
    time_ms, memory_bytes = _limits(testset, where)
    notes: list[str] = []
    compare = _compare(root, path, shown, base or shown, notes)
    interactor = _source(root, "assets/interactor", path, shown, base or shown)
    input_file, output_file = _named_files(root, where, interactive=interactor is not None)
    files = path / "files"
    valid, invalid = _validator_tests(root, path, where, notes)

    def walked() -> dict:  # the fields of model.LATER, and the point groups
        folder, made = making(path) if making is not None else (path, ())
        try:
            read = _test_fields(folder, shown, (root, where), (valid, invalid), notes)
        except BuildError as error:
            raise BuildError(f"{later}: {error}" if later else str(error)) from None
        view = None if folder == path else folder
        return {**read, "notes": read["notes"] + tuple(made), "tests_from": view}

    fields = {
        "path": path,
        "shown": shown,
        "format": POLYGON,
        "name": root.get("short-name") or path.name,
        "title": _title(root, path.name),
        "judge": "Codeforces",
        "kind": "interactive" if interactor else "batch",
        "compare": compare,
        "interactor": f"testlib:{shlex.quote(interactor)}" if interactor else None,
        "input_validators": tuple(_validators(root, path, shown, base or shown)),
        "time_limit": time_ms / 1000,
        "time_from": "problem.xml",
        "memory_limit": memory_bytes >> 20,
        "output_limit": DEFAULT_OUTPUT,
        "margin": ASSUMED_MARGIN,
        "margin_from": "assumed: Polygon has none",
        "multiplier": 2.0,
        "submissions": tuple(_solutions(root, path)),
        "points_percent": _judging(root).get(PERCENT, "").strip() == "true",
        "input_file": input_file,
        "output_file": output_file,
        "include": (files,) if (files / "testlib.h").is_file() else (),
        "valid_inputs": tuple(valid),
    }
    return Package(**fields, **walked()) if making is None else read_later(walked, **fields)


def _test_fields(
    folder: Path,
    shown: str,
    xml: tuple[ElementTree.Element, str],
    validator_tests: tuple[list[PackageCase], list[PackageCase]],
    notes: list[str],
) -> dict:
    """The fields of ``model.LATER`` and the point groups of the package's tests, read from
    ``folder`` (the package's, or its view with the tests it lacks made); ``notes``: the
    package's so far."""
    root, where = xml
    valid, invalid = validator_tests
    testset = _testset(root, where)
    cases = _cases(testset, folder, shown, where)
    groups, said = point_groups(testset, cases, where)
    notes = [*notes, *said]
    notes += _line_endings([*cases[:1], *valid[:1], *invalid[:1]], folder)
    notes += _judging_notes(root)
    return {
        "cases": tuple(cases),
        "point_groups": groups,
        "invalid_inputs": tuple(invalid),
        "checked_outputs": tuple(_checker_tests(root, folder, where, notes)),
        "grading": (),
        "grader": "",
        "score_groups": (),
        "notes": tuple(f"note: {shown}: {note}" for note in notes),
    }


def _limits(testset: ElementTree.Element, where: str) -> tuple[int, int]:
    """The testset's time limit in ms and memory limit in bytes, each one problems.toml
    would take."""
    time_ms = _integer(testset, "time-limit", where)
    if not in_seconds(time_ms / 1000):  # problems.toml's rule: no limit in seconds
        raise BuildError(f"{where}: <time-limit> {time_ms} ms: no limit in seconds")
    memory_bytes = _integer(testset, "memory-limit", where)
    if not in_mebibytes(memory_bytes / (1 << 20)):  # problems.toml's rule too
        raise BuildError(
            f"{where}: <memory-limit> {memory_bytes} bytes: no limit in MiB ({MEBIBYTES})"
        )
    return time_ms, memory_bytes


def _judging(root: ElementTree.Element) -> ElementTree.Element:
    """problem.xml's ``<judging>``, or an empty one."""
    found = root.find("judging")
    return ElementTree.Element("judging") if found is None else found


def _judging_notes(root: ElementTree.Element) -> list[str]:
    """What the kit judges otherwise than Polygon would: several runs of a test."""
    count = _judging(root).get("run-count", "1")
    if count.strip() not in ("", "1"):
        return [RUNS_NOTE.format(count=count.strip())]
    return []


def _named_files(root: ElementTree.Element, where: str, interactive: bool) -> tuple[str, str]:
    """``<judging input-file="input.txt" output-file="output.txt">``: the files a solution reads
    and writes in its folder ("" each: stdin, stdout, whether left empty, as Polygon writes
    them, or spelled ``stdin`` and ``stdout``, as its API and problem-properties.json do). A
    name that is no plain file name of that folder (a folder, ``..``, an absolute path) or the
    other stream's spelling is a one-line error; so is any name in an interactive problem,
    whose solution plays on its streams."""
    judging = _judging(root)
    named = [(key, _stream_or_file(judging, key, stream, where)) for key, stream in STREAMS]
    given = " ".join(f'{key}="{name}"' for key, name in named if name)
    if given and interactive:
        raise BuildError(
            f"{where}: <judging {given}> in an interactive problem: its solution plays on "
            "stdin and stdout, and the kit reads no named files there"
        )
    return named[0][1], named[1][1]


# each of <judging>'s named files, and how Polygon's API spells it for the standard stream
STREAMS = (("input-file", "stdin"), ("output-file", "stdout"))


def _stream_or_file(judging: ElementTree.Element, key: str, stream: str, where: str) -> str:
    """``<judging>``'s ``key``: "" for the standard ``stream`` (empty, or spelled so), else
    the plain file name given; a one-line error naming problem.xml for any other, and for a
    stream's name in another case (``STDIN``: Polygon's own spelling is lowercase, and no
    reader found takes another case as the stream; docs/packages.md)."""
    name = (judging.get(key) or "").strip()
    if name in ("", stream):
        return ""
    said = f'{where}: <judging {key}="{name}">'
    if name in {spelled for _, spelled in STREAMS}:
        raise BuildError(f"{said}: {name} is no {key.removesuffix('-file')} stream")
    if name.lower() in {spelled for _, spelled in STREAMS}:  # neither reading is evidenced
        raise BuildError(
            f"{said}: a stream's name in another case: Polygon spells the standard streams "
            f'"stdin" and "stdout" (or leaves them empty), and {name} would be a file here'
        )
    if name in (".", "..") or any(c in name for c in "/\\\0"):
        raise BuildError(f"{said}: not a plain file name (one in the folder the solution runs in)")
    return name


def _testset(root: ElementTree.Element, where: str) -> ElementTree.Element:
    testsets = root.findall("judging/testset")
    named = [testset for testset in testsets if testset.get("name") == "tests"]
    if not testsets:
        raise BuildError(f"{where}: no <judging><testset>")
    return (named or testsets)[0]


def _integer(element: ElementTree.Element, tag: str, where: str) -> int:
    text = element.findtext(tag)
    try:
        value = int((text or "").strip())
    except ValueError:
        raise BuildError(f"{where}: <{tag}> must be a whole number, not {text!r}") from None
    if value <= 0:
        raise BuildError(f"{where}: <{tag}> must be positive")
    if value > LARGEST:  # 10**400 ms: no float holds it (an OverflowError)
        raise BuildError(f"{where}: <{tag}> {text.strip()} is too large to be a limit")
    return value


LARGEST = 2**53  # a limit in ms or bytes past this is none (and no float holds all of them)


def _title(root: ElementTree.Element, fallback: str) -> str:
    names = {name.get("language"): name.get("value") for name in root.findall("names/name")}
    return names.get("english") or next((v for v in names.values() if v), fallback)


def _source(root: ElementTree.Element, tag: str, path: Path, shown: str, base: str) -> str | None:
    """``base/PATH`` of an asset's source, or None when the package has no such asset."""
    element = root.find(f"{tag}/source")
    if element is None or not element.get("path"):
        return None
    return _named(element.get("path", ""), path, shown, base)


def _compare(root: ElementTree.Element, path: Path, shown: str, base: str, notes: list[str]) -> str:
    """The ``compare`` spec of the package's checker: its source, compiled; without it, a
    standard checker's rule built in (``<checker name="std::rcmp6.cpp">``), said in a note;
    ``tokens`` without a ``<checker>``. A standard checker the kit has no exact rule of, one not
    testlib's, and a ``<checker>`` with neither a source nor a standard name are one-line
    errors."""
    checker = root.find("assets/checker")
    name = checker.get("name", "") if checker is not None else ""
    source = root.find("assets/checker/source")
    relative = source.get("path", "") if source is not None else ""
    if not name.startswith("std::") or (relative and (path / relative).is_file()):
        found = _source(root, "assets/checker", path, shown, base)
        if found is None and checker is not None:
            raise BuildError(
                f"{shown}/problem.xml: its <checker> has neither a <source> nor a standard "
                'checker\'s name (name="std::wcmp.cpp"): ship its source or name it'
            )
        return f"checker:{found}" if found else "tokens"
    standard = name.removeprefix("std::").removesuffix(".cpp")
    spec = standard_spec(standard)
    what = f'{shown}/problem.xml: <checker name="{name}">'
    ship = f"ship its source as {relative or 'files/check.cpp'} (Polygon's full package has it)"
    if spec is None and standard in NOT_BUILT:
        raise BuildError(f"{what}: testlib's {standard} has no exact rule built in: {ship}")
    if spec is None:
        raise BuildError(f"{what}: not one of testlib's standard checkers: {ship}")
    without = f"{relative} is missing" if relative else "no <source>"
    notes.append(f'{name} ({without}) judged by compare = "{spec}": {BUILT_IN[standard]}')
    return spec


def _named(relative: str, path: Path, shown: str, base: str) -> str:
    """``base/RELATIVE`` of a file problem.xml names; a one-line error when it is missing."""
    if not (path / relative).is_file():
        raise BuildError(f"{shown}: problem.xml names {relative}, which is missing")
    return f"{base}/{relative}"


def _lacked(answer: bool, method: str | None) -> str:
    """What a package that lacks a test's file lacks: its answers, or its (generated) tests."""
    if answer:
        return "its answers, which Polygon makes with the main solution"
    return "its generated tests" if method == "generated" else "its tests"


def _making(path: Path, what: str) -> str:
    """How a package without ``what`` (Polygon's "standard" package) gets it made: its
    doall.sh, unless that or the scripts of its ``scripts/`` run Windows programs under wine
    (a Windows package)."""
    scripts = [path / "doall.sh", *sorted((path / "scripts").glob("*.sh"))]  # what it calls
    windows = any("wine " in _text(script) for script in scripts)
    how = "run its doall.sh"
    if windows:
        how = (
            "its doall.sh runs Windows programs under wine: build the generators in files/ "
            "and the main solution, and run them as doall.sh does"
        )
    return f"a package without {what}: {how}, or download the full package"


def _text(path: Path) -> str:
    """A script's text, or "" when it cannot be read."""
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _cases(testset: ElementTree.Element, path: Path, shown: str, where: str) -> list[PackageCase]:
    count = _integer(testset, "test-count", where)
    inputs = testset.findtext("input-path-pattern") or "tests/%02d"
    answers = testset.findtext("answer-path-pattern") or "tests/%02d.a"
    tests = testset.findall("tests/test")
    marked = [test.get("sample") == "true" for test in tests]
    scored = any(test.get("points") is not None for test in tests)  # a scoring problem
    _tests_folder(path, shown, count, inputs, answers, where)
    cases, leading = [], True
    for number in range(1, count + 1):
        source = path / _numbered(inputs, number, path, where)
        answer = path / _numbered(answers, number, path, where)
        for made, pattern in ((source, inputs), (answer, answers)):
            if not made.is_file():  # Polygon makes every answer with the main solution
                method = tests[number - 1].get("method") if number <= len(tests) else None
                other = source if made == answer else answer
                near = _near(path, made, other, (inputs, answers, count), where)
                why = _making(path, _lacked(made == answer, method))
                if near:
                    kind = "answers" if made == answer else "inputs"
                    why = f"their {kind} named {pattern}; did you mean {near}, which is there?"
                raise BuildError(
                    f"{shown}: {pattern % number} is missing (problem.xml lists {count} tests; "
                    f"{why})"
                )
        points = _points(tests[number - 1] if number <= len(tests) else None, number, where)
        points = points if scored else None
        leading = leading and number <= len(marked) and marked[number - 1]
        group = "sample" if leading else "secret"
        name = (inputs % number).rstrip("/")
        args = ("--testset", testset.get("name") or "tests")
        if number <= len(tests) and tests[number - 1].get("group"):
            args += ("--group", tests[number - 1].get("group", ""))
        cases.append(PackageCase(name, source, answer, group, (), (("", args),), points=points))
    return cases


def _near(
    path: Path, missing: Path, other: Path, patterns: tuple[str, str, int], where: str
) -> str:
    """The file beside ``missing`` (a test's input or answer, ``other`` its other file) named
    near it (``kit.case_names``: ``tests/01.ans`` for ``tests/01.a``) that is no
    test's input or answer (``patterns``: problem.xml's two and the count) and may be of
    ``missing``'s kind (``of_kind``: ``tests/01.ans`` is no input), as the package names it;
    "" for none."""
    inputs, answers, count = patterns
    numbers = range(1, count + 1)
    named = [
        {path / _numbered(kind, n, path, where) for n in numbers} for kind in (inputs, answers)
    ]
    claimed, answer = named[0] | named[1], missing in named[1]
    typed, paired = (p.relative_to(path).as_posix() for p in (missing, other))
    try:
        beside = sorted(p for p in missing.parent.iterdir() if p not in claimed and p.is_file())
    except OSError:
        return ""
    names = [p.relative_to(path).as_posix() for p in beside]
    return meant(typed, [n for n in names if of_kind(n, typed, paired, answer)]) or ""


def _points(test: ElementTree.Element | None, number: int, where: str) -> float:
    """Test ``number``'s points (``<test points="10.0">``), 0 where a scoring problem leaves a
    test without; a one-line error when they are no finite number."""
    text = test.get("points") if test is not None else None
    return number_of_points(text or "0", f'test {number}: <test points="{text}">', where)


def _tests_folder(
    path: Path, shown: str, count: int, inputs: str, answers: str, where: str
) -> None:
    """A one-line error when the folder of the tests' inputs and answers is not there at all
    (a package downloaded without its tests: ``tests/`` absent), where the first input was
    said missing, as if the rest were there."""
    folders = {(path / _numbered(p, 1, path, where)).parent for p in (inputs, answers)}
    absent = sorted(f"{folder.relative_to(path).as_posix()}/" for folder in folders)
    if count and not any(folder.is_dir() for folder in folders):
        raise BuildError(
            f"{shown}: {' and '.join(absent)} {'is' if len(absent) == 1 else 'are'} absent, "
            f"inputs and answers alike (problem.xml lists {count} tests; "
            f"{_making(path, 'its tests and their answers')})"
        )


def _line_endings(cases: list[PackageCase], path: Path) -> list[str]:
    """A note when the first test's input (or validator test's) ends its lines with CR LF: a
    package downloaded for Windows, whose testlib programs compiled here read the CR strictly
    ("Expected EOLN") where Windows' would not."""
    for case in cases:
        if b"\r\n" in case.input.read_bytes()[:65536]:
            where = case.input.relative_to(path).as_posix()
            return [
                f"{where} ends its lines with CR LF (a package downloaded for Windows?): a "
                "testlib validator or checker built here rejects them (Expected EOLN); "
                "Polygon's Linux package has LF"
            ]
    return []


def _validator_tests(
    root: ElementTree.Element, path: Path, where: str, notes: list[str]
) -> tuple[list[PackageCase], list[PackageCase]]:
    """(valid, invalid): the tests of every validator, each with the arguments its testset
    and group give, as a case's; tests left out get lines in ``notes``."""
    valid, invalid = [], []
    for testset in root.findall("assets/validators/validator/testset"):
        pattern = testset.findtext("input-path-pattern") or "files/tests/validator-tests/%02d"
        left = _LeftOut("validator")
        for number, test in enumerate(_tests(testset, "validator", notes), 1):
            name = _numbered(pattern, number, path, where)
            verdict = test.get("verdict", "")
            if left.unknown(name, verdict, ("valid", "invalid")) or left.missing(path, name, name):
                continue
            args = ("--testset", test.get("testset") or "tests")
            if test.get("group"):
                args += ("--group", test.get("group", ""))
            case = PackageCase(name, path / name, None, verdict, (), (("", args),))
            (valid if verdict == "valid" else invalid).append(case)
        notes += left.notes()
    return valid, invalid


def _checker_tests(
    root: ElementTree.Element, path: Path, where: str, notes: list[str]
) -> list[PackageCase]:
    """The checker's tests, each with its output and answer, its group the verdict it must
    get; tests left out get lines in ``notes``."""
    testset = root.find("assets/checker/testset")
    if testset is None:
        return []
    prefix = "files/tests/checker-tests/%02d"
    patterns = [
        testset.findtext(f"{kind}-path-pattern") or prefix + suffix
        for kind, suffix in (("input", ""), ("output", ".o"), ("answer", ".a"))
    ]
    found = []
    left = _LeftOut("checker")
    for number, test in enumerate(_tests(testset, "checker", notes), 1):
        names = [_numbered(pattern, number, path, where) for pattern in patterns]
        verdict = test.get("verdict", "")
        if left.unknown(names[0], verdict, CHECKER_TEST_VERDICTS):
            continue
        if any(left.missing(path, name, names[0]) for name in names):
            continue
        source, output, answer = (path / name for name in names)
        found.append(PackageCase(names[0], source, answer, verdict, output=output))
    notes += left.notes()
    return found


def _tests(testset: ElementTree.Element, kind: str, notes: list[str]) -> list[ElementTree.Element]:
    """A validator's or the checker's ``<tests>``, a note when ``<test-count>`` says
    otherwise (problem.xml's format: they MUST agree)."""
    tests = testset.findall("tests/test")
    said = (testset.findtext("test-count") or "").strip()
    if said.isdigit() and int(said) != len(tests):
        notes.append(
            f"problem.xml's <test-count> says {said} {kind} tests, its <tests> gives "
            f"{len(tests)}: those {len(tests)} read"
        )
    return tests


class _LeftOut:
    """The validator or checker tests left out, said in a line or two."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.lines: list[str] = []
        self.absent: list[tuple[str, str]] = []  # (test, its first file missing)

    def unknown(self, name: str, verdict: str, known: tuple[str, ...]) -> bool:
        if verdict in known:
            return False
        self.lines.append(f'{self.kind} test {name} not run: its verdict "{verdict}" is unknown')
        return True

    def missing(self, path: Path, name: str, test: str) -> bool:
        if (path / name).is_file():
            return False
        self.absent.append((test, name))
        return True

    def notes(self) -> list[str]:
        if len(self.absent) == 1:
            test, name = self.absent[0]
            what = "the file" if name == test else name
            return [*self.lines, f"{self.kind} test {test} not run: {what} is missing"]
        if self.absent:
            first = self.absent[0][1]
            count = f"{len(self.absent)} {self.kind} tests"
            return [*self.lines, f"{count} not run, each missing a file (the first: {first})"]
        return self.lines


def _numbered(pattern: str, number: int, path: Path, where: str) -> str:
    """A printf pattern of problem.xml's (``tests/%02d``) filled in with ``number``: a path
    within the package (one-line errors otherwise)."""
    wide = _too_wide(pattern)
    if wide:
        raise BuildError(
            f"{where}: bad path pattern {pattern!r} (a field {wide} characters wide; a file name "
            f"holds at most {NAME_MAX})"
        )
    try:
        name = pattern % number
    except (TypeError, ValueError):
        raise BuildError(f"{where}: bad path pattern {pattern!r}") from None
    parts = Path(os.path.normpath(name)).parts
    if not parts or Path(name).is_absolute() or parts[0] == "..":
        raise BuildError(f"{where}: path pattern {pattern!r} names {name}, outside the package")
    return name


def _too_wide(pattern: str) -> str | None:
    """A width or precision of the pattern's that no file name can hold, read before the
    pattern is filled in (``%2147483648d`` made a name of 2 GiB: a minute and 12 GB of memory
    before the file system refused it); None when there is none."""
    for conversion in CONVERSION.finditer(pattern):
        width, precision, kind = conversion.groups("")
        # a string's precision is the most of it kept, a number's the fewest digits written
        for written in (width,) if kind in ("s", "r", "a") else (width, precision):
            figure = written.lstrip("0")
            if len(figure) > len(str(NAME_MAX)) or int(figure or 0) > NAME_MAX:
                return figure
    return None


def _validators(
    root: ElementTree.Element, path: Path, shown: str, base: str
) -> list[tuple[str, str]]:
    """(name, base/PATH) of each validator's source."""
    sources = root.findall("assets/validators/validator/source")
    relatives = [element.get("path", "") for element in sources]
    return [(Path(rel).stem, _named(rel, path, shown, base)) for rel in relatives if rel]


def _solutions(root: ElementTree.Element, path: Path) -> list[Submission]:
    found = []
    for solution in root.findall("assets/solutions/solution"):
        tag = solution.get("tag", "")
        source = solution.find("source")
        if tag not in TAGS or source is None or not source.get("path"):
            continue
        relative = source.get("path", "")
        kind = source.get("type", "")
        python = kind.startswith(PYTHON_TYPES)
        letters = re.match(r"[a-z]*", kind)[0]
        language = "Python" if python else LANGUAGES.get(letters, kind or "unknown")
        impl = ("pypy" if "pypy" in kind else "cpython") if python else None
        found.append(
            Submission(path / relative, relative, tag, language, impl=impl, source_type=kind)
        )
    return found

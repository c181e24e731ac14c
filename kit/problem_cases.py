"""A problem's test cases: its samples and its official judge data, as found on disk.

A problem's cases are its samples, ``samples/<slug>/NAME.in`` with ``NAME.out`` or ``NAME.ans``
(online-judge-tools writes ``sample-N.in``/``.out``; Kattis, Polygon exports and Codeforces
parsers use other names and ``.ans``), in natural order of NAME (2 before 10), followed by the
official ``NAME.in`` files of its optional ``judge_data`` folder with their ``NAME.out`` or
``NAME.ans``, read in place (a missing folder is skipped with a note); in both folders a
case's file that is a folder or a link to nothing is a one-line error naming it. Either folder
may instead hold official data as downloaded, AtCoder's ``in/`` + ``out/``, yukicoder's
``test_in/`` + ``test_out/`` (same file names in each), HackerRank's ``input/`` + ``output/``
(``input00.txt`` answered by ``output00.txt``) or USACO's older flat ``I.N`` answered by
``O.N``; kit.case_folders reads them.

An interactive problem's sample has its answer too when its interactor is given one (a
``kattis:`` or ``testlib:`` interactor's ANSWER, as judge data's is); beside an interactor in
the kit's own protocol (``PATH INPUT``), which is given none, an answer file is a one-line error
(``answers_refused``, ``refused_answer``: ``run`` refuses one beside its FILE alike).

As ``oj t`` does, a ``NAME.in`` without an answer is still a case (``Case.expected`` None): it
runs, passes when the process ends cleanly within the limits, and the report counts it apart
("ran, no answer to compare"). Hidden files and the files editors leave beside the ones they
edit (``NAME~``, ``#NAME#``, ``.#NAME``, ``.NAME.swp``, ``.NAME.swo``), and the leftovers of
patch and merge tools (``NAME.orig``, ``NAME.rej``, ``NAME.bak``), are skipped without a word,
in both folders. ``line_end_note`` names the samples whose lines end with CRLF,
``final_newline_note`` the inputs without a final newline, ``byte_order_note`` those that
start with a UTF-8 byte order mark (an interactive problem's files alike, its answers too: its
interactor reads them), ``empty_files_note`` those that hold nothing but whitespace (an
input only where the solution reads stdin: ``reads_stdin``),
``encoding_note`` those that are not UTF-8 (each with its first byte that is not, and where). Files
of another kind than a case's (``gen.py``, ``README.md``, ``notes.txt``:
kit.case_folders.not_cases) are passed over, and ``stray_files_note`` names them; a name a
case might have (``sample-1.txt``, ``01``) is still an error. ``named_as_answers_notes`` says, a
line per laid-out folder, that its ``in/a.out`` beside ``in/a.in`` is another input without
answer (``in/`` without ``out/``: kit.case_folders.named_as_answers), as ``run`` says of one.

A problem package's cases (``package = "PATH"``, kit.registry) are the package's, in the judge's
order: the sample group (answers included, also for an interactive validator), then the secret
data with its nested groups (unless ``judge_data`` names another folder). A zipped or tarred
package's files are named as the build names them (``file_shown``: ``pkg.zip/tests/01.a``,
never the unpacked copy's place in the kit's cache), and such a name given back
(``run SLUG pkg.zip/tests/01``, from this folder or from the workspace's root) is the
unpacked copy's file (``case_file``); a name in the package that is none of its files
(``pkg/tests/99``, ``pkg/tests/1``) gets a one-line error naming the cases it holds and the
one meant (``missing_case``).
"""

from __future__ import annotations

import codecs
import itertools
import os
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from kit.case_folders import (
    CASE_SUFFIXES,
    Layout,
    Numbered,
    another_input_said,
    laid_out_cases,
    layout_of,
    named_as_answers,
    natural_key,
    not_case_file,
    not_cases,
    skipped,
)
from kit.case_names import meant
from kit.errors import BuildError
from kit.judges.comparator import runs_program
from kit.judges.output_chunks import CHUNK, UTF8_BOM, blank_file
from kit.judges.programs import KIT, interactor_protocol
from kit.registry import Problem
from kit.workspace import FOLDER, MISSING, file_state

if TYPE_CHECKING:  # kit.packages is imported when a problem names a package
    from kit.packages.model import Package, PackageCase

SAMPLE_SUFFIXES = CASE_SUFFIXES  # NAME.out or NAME.ans: the answer to NAME.in


@dataclass(frozen=True)
class Case:
    """One input file and the output a judge expects for it (None: an interactor's secret
    input, or a batch input without an answer file, judged by how its run ends)."""

    name: str  # as shown in reports, e.g. "samples/megacheckers/sample-1.in"
    input: Path
    expected: Path | None
    group: str = ""  # a package's top test group: "sample" or "secret"
    flags: tuple[str, ...] = ()  # validator flags its test group adds (a Kattis package)
    args: tuple[str, ...] = ()  # the solution's command-line arguments (a Kattis package)
    files: Path | None = None  # a folder whose files the run's working folder starts with


SAMPLES_BESIDE = ("test", "tests")  # online-judge-tools' `oj d`; atcoder-cli's `acc new`


def samples_beside(solution: Path) -> Path | None:
    """The folder beside ``solution`` where online-judge-tools or atcoder-cli download its
    samples (``SAMPLES_BESIDE``), when it holds inputs; else None."""
    folders = (solution.parent / name for name in SAMPLES_BESIDE)
    return next((folder for folder in folders if any(folder.glob("*.in"))), None)


def _samples_beside(problem: Problem) -> str:
    """A hint naming the folder of samples online-judge-tools (``test/``) or atcoder-cli
    (``tests/``) downloads beside the solution, when it holds inputs and no ``samples`` key
    names a folder."""
    if problem.samples_folder is not None:
        return ""
    beside = samples_beside(problem.solution)
    if beside is None:
        return ""
    named = beside.relative_to(problem.root).as_posix()
    return f'; {problem.rel(beside)}/ beside the solution holds some: samples = "{named}" reads it'


def _samples_of(problem: Problem) -> Path:
    """The problem's samples folder, or the one-line error of one missing or a file."""
    folder = problem.samples_dir
    state = file_state(folder)
    if state is None:  # samples = "a.py", a file
        raise BuildError(f"{problem.slug}: {problem.rel(folder)} is a file, not a samples folder")
    if state.startswith("cannot"):
        raise BuildError(f"{problem.slug}: {problem.rel(folder)}/ {state}")
    if state != FOLDER:
        said = f"{problem.slug}: {problem.rel(folder)}/ is missing (no samples)"
        raise BuildError(said + (_samples_beside(problem) or _how_to_fill(problem, folder)))
    return folder


def _how_to_fill(problem: Problem, folder: Path) -> str:
    """How a missing samples' folder is filled: by hand, or a batch problem's downloaded into
    it by online-judge-tools (as atcoder-cli does into a task's ``tests/``) from its page's
    address (``url``, quoted for the shell where it needs it; ``URL`` when it has none)."""
    said = f": add {_samples_wanted(problem)}"
    if problem.interactor:  # oj downloads no exchanges
        return said
    page = shlex.quote(problem.url) if problem.url else "URL"
    shown = problem.rel(folder)
    return f"{said}, or download them from the problem's page (oj d {page} -d {shown})"


def _samples_wanted(problem: Problem) -> str:
    """The files a samples' folder needs first: a pair, or an interactor's input."""
    if problem.interactor:
        return "sample-1.in, the interactor's input"
    return "sample-1.in and sample-1.out"


def sample_cases(problem: Problem) -> list[Case]:
    """The samples of a problem (inputs only for an interactor that reads no answer:
    ``answers_refused``), in natural order of their names, side by side or in a subfolder
    layout (``in/`` + ``out/``, kit.case_folders);
    a BuildError for anything malformed. A package's: its sample group, in the
    judge's order, answers included (an interactive validator reads them too)."""
    if problem.source is not None:
        return _package_cases(problem, "sample")
    folder = _samples_of(problem)
    layout = layout_of(folder)
    if layout:
        return _laid_out(problem, folder, layout, problem.rel(folder), "sample")
    names: dict[str, dict[str, Path]] = {}
    wrong = []  # every file that is wrong, said at once
    told: set[str] = set()  # the names of the files said wrong
    try:
        paths = sorted(folder.iterdir())
    except OSError as error:
        raise BuildError(
            f"{problem.slug}: {problem.rel(folder)}/: cannot read: {error.strerror or error}"
        ) from None
    passed = not_cases([path.name for path in paths])  # stray_files_note names them
    for path in paths:
        if skipped(path.name) or path.name in passed:
            continue
        stem, dot, suffix = path.name.rpartition(".")
        why = not_case_file(path)
        if why:
            wrong.append(f"{problem.rel(path)}: {why}")
            told.add(stem)  # its answer's missing input is this one, said
            continue
        if not (dot and stem and suffix in SAMPLE_SUFFIXES):
            wrong.append(
                f"{problem.rel(path)}: not a sample file (expected NAME.in with NAME.out or "
                "NAME.ans)"
            )
            continue
        names.setdefault(stem, {})[suffix] = path
    cases = []
    for stem in sorted(names, key=natural_key):
        if stem in told and "in" not in names[stem]:
            continue
        try:
            cases.append(_sample(problem, names[stem]))
        except BuildError as error:
            wrong.append(str(error).removeprefix(f"{problem.slug}: "))
    _refuse(problem, wrong, "sample")
    if not names:
        wanted = _samples_wanted(problem)
        raise BuildError(f"{problem.slug}: {problem.rel(folder)}/ holds no samples (add {wanted})")
    return cases


def _refuse(problem: Problem, wrong: list[str], what: str) -> None:
    """The one-line BuildError naming each of the ``wrong`` files (``what``: "sample", "judge
    data"), if any."""
    if len(wrong) == 1:
        raise BuildError(f"{problem.slug}: {wrong[0]}")
    if wrong:
        listed = "; ".join(wrong)
        raise BuildError(f"{problem.slug}: {len(wrong)} {what} files are wrong: {listed}")


def _sample(problem: Problem, files: dict[str, Path]) -> Case:
    """One sample from its files by suffix (a lone ``.in`` has no answer), or the BuildError
    naming the file that is wrong."""
    answers = [files[suffix] for suffix in ("out", "ans") if suffix in files]
    where = problem.slug + ": " + problem.rel(next(iter(files.values())))
    if answers and answers_refused(problem):
        raise BuildError(refused_answer(problem, problem.rel(answers[0])))
    if len(answers) == 2:
        raise BuildError(f"{where}: both .out and .ans for one sample (keep one)")
    if "in" not in files:
        raise BuildError(f"{where} has no {answers[0].stem}.in")
    return Case(problem.rel(files["in"]), files["in"], answers[0] if answers else None)


def answers_refused(problem: Problem) -> bool:
    """Whether an interactive sample's answer file is refused, by the build and by ``run``
    alike: an interactor in the kit's own protocol (``PATH INPUT``) is given no answer, so its
    samples are its inputs alone; a ``kattis:`` or ``testlib:`` one is given a sample's
    ``NAME.out`` or ``NAME.ans`` as its ANSWER, as judge data's (kit.judges.programs)."""
    return problem.interactor is not None and interactor_protocol(problem.interactor) == KIT


def refused_answer(problem: Problem, shown: str) -> str:
    """The one-line error of the answer file ``shown`` beside an input of a problem whose
    interactor reads no answer (``answers_refused``)."""
    return (
        f"{problem.slug}: {shown}: an interactor in the kit's own protocol (PATH INPUT) reads no "
        "answer: its samples are the interactor's inputs only (NAME.in; a kattis: or testlib: "
        "interactor is given NAME.out or NAME.ans)"
    )


def judge_cases(problem: Problem) -> tuple[list[Case], str | None]:
    """The official cases (each ``NAME.in`` with its ``NAME.out`` or ``NAME.ans``, or none; or
    each file of ``in/`` with the same-named one of ``out/``, and the like: kit.case_folders),
    and a note when the folder is absent (then no cases). A package's: its secret data in the
    judge's order (unless ``judge_data`` names a folder), with the package's notes."""
    if problem.judge_data is None and problem.source is not None:
        notes = "; ".join(note.removeprefix("note: ") for note in problem.source.notes)
        return _package_cases(problem, "secret"), (f"note: {notes}" if notes else None)
    if problem.judge_data is None:
        return [], None
    folder = (problem.root / problem.judge_data).resolve()
    if not folder.is_dir():
        note = (
            f"judge data {problem.judge_data} absent (no folder {folder}, outside the "
            "workspace): skipped"
        )
        return [], note
    layout = layout_of(folder)
    if layout:
        return _laid_out(problem, folder, layout, problem.judge_data, "judge data"), None
    cases: list[Case] = []
    wrong: list[str] = []  # every file that is wrong, said at once, as the samples' are
    for source in sorted(folder.glob("*.in")):
        if not skipped(source.name):
            cases += _official_case(problem, source, wrong)
    _refuse(problem, wrong, "judge data")
    if not cases:
        raise BuildError(f"{problem.slug}: {problem.judge_data} holds no NAME.in files")
    return cases, None


def _laid_out(
    problem: Problem, folder: Path, layout: Layout | Numbered, shown: str, what: str
) -> list[Case]:
    """The cases of a folder laid out as AtCoder's ``in/`` + ``out/``, yukicoder's
    ``test_in/`` + ``test_out/``, HackerRank's ``input/`` + ``output/`` or USACO's older
    ``I.N`` + ``O.N`` (kit.case_folders), named under ``shown``; a BuildError naming every
    wrong file (``what``: "sample", "judge data"), or an empty input subfolder."""
    inputs_only = answers_refused(problem) and what == "sample"  # as flat samples are
    found, wrong = laid_out_cases(folder, layout, shown, inputs_only)
    _refuse(problem, wrong, what)
    if not found:
        raise BuildError(f"{problem.slug}: {layout.inputs_shown(shown)} holds no cases")
    return [Case(case.name, case.input, case.answer) for case in found]


def _official_case(problem: Problem, source: Path, wrong: list[str]) -> list[Case]:
    """The case of the judge data's input ``source`` with its answer, if any; none when a file
    of it is wrong (a folder, a broken link: checked as a sample's), said in ``wrong``."""
    paths = [source, source.with_suffix(".out"), source.with_suffix(".ans")]
    present = [path for path in paths if file_state(path) != MISSING]
    said = [(path.name, not_case_file(path, "cases")) for path in present]
    bad = [f"{problem.judge_data}/{name}: {why}" for name, why in said if why]
    answers = present[1:]
    if len(answers) == 2 and not bad:
        bad.append(f"{problem.judge_data}/{answers[1].name}: both .out and .ans for one case "
                   "(keep one)")  # fmt: skip
    wrong += bad
    if bad:
        return []
    return [Case(f"{problem.judge_data}/{source.name}", source, answers[0] if answers else None)]


def _package_cases(problem: Problem, group: str) -> list[Case]:
    assert problem.source is not None
    return [_case(problem, case) for case in problem.source.cases_of(group)]


def _case(problem: Problem, case: PackageCase) -> Case:
    """A package's case, named by its path in the package, as named: ``PACKAGE/data/...``."""
    assert problem.source is not None
    name = problem.source.named(case.input)
    return Case(name, case.input, case.answer, case.group, case.flags, case.args, case.files)


def file_shown(problem: Problem, path: Path) -> str:
    """A case's file as messages name it: a package's as the build names its cases
    (``pkg.zip/tests/01.a``, never its unpacked copy in the kit's cache), else ``rel``'s."""
    if problem.source is not None:
        return problem.source.named(path)
    return problem.rel(path)


def case_file(problem: Problem, given: Path) -> Path:
    """The file a case's name as the build says it names (``run SLUG pkg.zip/tests/01``):
    a file through the problem's zipped or tarred package, its unpacked copy's; a test of a
    Polygon "standard" package, or its answer, its made view's (``tests_from``: the input
    beside its made answer); from this folder, else, a file of the package, from the
    workspace's root (as the build names it: no other file of the workspace, which a problem
    without a package does not find there either); else ``given``."""
    if problem.source is None:
        return given
    for base in (Path.cwd(), problem.root):
        found = problem.source.through_archive(base / given)
        made = _made(problem.source, base / given if found is None else found)
        if made is not None:
            return made
        if given.exists():
            return given
        place = base / given  # as the build names it, from the workspace's root: the
        if place.exists() and problem.source.inside(absolute(place)) is not None:  # package's
            return place
        if found is not None:
            return found
    return given


def missing_case(problem: Problem, given: Path) -> str | None:
    """A one-line error for ``given``, a case's name as ``case_file`` reads it, that names no
    file but one in the problem's package (``pkg/tests/99``, past its last test, or a typo:
    ``pkg.zip/tests/1``): the cases the package holds, its first and last as the build names
    them, and the one meant where only the case of letters, a number's leading zeros or a
    suffix differ (``kit.case_names``; ``given`` quoted where it holds a newline or
    another control character); None when ``given`` names a file, or none in the package."""
    source = problem.source
    if source is None:
        return None
    for base in (Path.cwd(), problem.root):
        place = absolute(source.through_archive(base / given) or base / given)
        if os.path.lexists(place):
            return None
        inside = source.inside(place)
        if inside is not None:
            shown = str(given) if str(given).isprintable() else repr(str(given))  # one line
            return f"{shown}: no such {_cases_said(source, inside, problem.slug)}"
    return None


def _cases_said(source: Package, inside: str, slug: str) -> str:
    """``test in SLUG's package (48 tests: pkg/tests/01 to pkg/tests/48)``, with the one meant
    (``; did you mean pkg/tests/01?``) where ``inside`` is near one (``kit.case_names``:
    an input named without its suffix too, ``data/secret/big`` for ``data/secret/big.in``)."""
    from kit.packages.model import POLYGON

    word = "test" if source.format == POLYGON else "case"
    names = [source.named(case.input) for case in source.cases]
    if not names:
        return f"{word} in {slug}'s package (it holds none)"
    held = f"{len(names)} {word}s: {names[0]} to {names[-1]}"
    if len(names) == 1:
        held = f"1 {word}: {names[0]}"
    near = meant(source.named(source.path / inside), names)
    if near is not None:
        held += f"; did you mean {near}?"
    return f"{word} in {slug}'s package ({held})"


def absolute(path: Path) -> Path:
    """``path`` from the root, ``..`` taken out by name (no link followed)."""
    return Path(os.path.normpath(path.absolute()))


def _made(source: Package, given: Path) -> Path | None:
    """The file of a Polygon package's view with its missing tests made (``tests_from``) that
    ``given``, a path in the package, names; None when it names none."""
    from kit.packages.model import POLYGON

    given = absolute(given)
    if source.format != POLYGON or not given.is_relative_to(source.path):
        return None  # its tests not read (nor made) for a file outside the package
    if source.tests_from is None:
        return None
    made = source.tests_from / given.relative_to(source.path)
    return made if made.is_file() else None


def line_end_note(problem: Problem) -> str | None:
    """A one-line note naming the sample files whose lines end with CRLF (``\\r\\n``), which
    judges' files seldom have; None when there is none, or the samples cannot be read."""
    inputs, answers = _samples_where(problem, _crlf)
    if not inputs and not answers:
        return None
    if problem.interactor is not None:  # a game's files are its interactor's to read
        return (
            f"note: CRLF (\\r\\n) line ends in {', '.join(inputs + answers)}: the interactor "
            "reads each \\r, which a judge's files seldom hold (dos2unix converts them)"
        )
    effects = []
    if inputs:
        effects.append(
            f"in {', '.join(inputs)}: the solution reads each \\r of an input, which a judge's "
            "files seldom hold"
        )
    if answers:
        effects.append(
            f"in {', '.join(answers)}: answers are compared without their \\r, except by a checker"
        )
    return f"note: CRLF (\\r\\n) line ends {'; '.join(effects)} (dos2unix converts them)"


def final_newline_note(problem: Problem) -> str | None:
    """A one-line note naming the sample inputs whose text does not end with a newline, which
    a judge's files (and online-judge-tools' samples) do; None when there is none, or the
    samples cannot be read. Empty and blank ones are ``empty_files_note``'s."""
    inputs, answers = _samples_where(problem, _no_final_newline)
    if problem.interactor is not None:  # a game's answers are read too: by its interactor
        named, files = inputs + answers, "files"
        why = "the interactor reads its last line without a '\\n'"
    else:
        named, files = inputs, "input files"
        why = (
            "the last line, read by sys.stdin.readline(), has no '\\n' to strip "
            "(readline()[:-1] cuts its last character)"
        )
    if not named:
        return None
    has = "has" if len(named) == 1 else "have"
    return (
        f"note: {', '.join(named)} {has} no final newline, which a judge's {files} have: "
        f"{why} (end the file with a newline)"
    )


def byte_order_note(problem: Problem) -> str | None:
    """A one-line note naming the sample files that start with a UTF-8 byte order mark, which
    an editor may write and a judge's files do not have; None when there is none, or the
    samples cannot be read. Verdicts stay as a judge's: testlib's checkers skip one opening
    the output only (``ouf.skipBom()``), so an answer's is compared as part of its text: of
    its first line or token, as the problem's ``compare`` reads it (``_first_part``)."""
    inputs, answers = _samples_where(problem, _byte_order_marked)
    named = inputs + answers
    if not named:
        return None
    starts = "starts" if len(named) == 1 else "start"
    if problem.interactor is not None:  # a game's files are its interactor's to read
        return (
            f"note: {', '.join(named)} {starts} with a UTF-8 byte order mark (an editor's), which "
            "a judge's files do not have: the interactor reads it as the file's first character "
            "('\\ufeff') (save as UTF-8 without it)"
        )
    effects = ["the solution reads an input's as its first character ('\\ufeff')"] if inputs else []
    effects += [f"an answer's is compared as part of its {_first_part(problem)}"] if answers else []
    return (
        f"note: {', '.join(named)} {starts} with a UTF-8 byte order mark (an editor's), which a "
        f"judge's files do not have: {'; '.join(effects)} (save as UTF-8 without it)"
    )


def stray_files_note(problem: Problem) -> str | None:
    """A one-line note naming the files of the samples' folder passed over as of another kind
    than a case's (kit.case_folders.not_cases: ``gen.py``, ``notes.txt``), which online-judge-tools'
    ``oj t`` stops at; None when there is none, or the folder cannot be read."""
    if problem.source is not None:
        return None
    folder = problem.samples_dir
    try:
        names = sorted(not_cases([name for name in os.listdir(folder) if not skipped(name)]))
    except OSError:
        return None
    if not names:
        return None
    shown = ", ".join(problem.rel(folder / name) for name in names)
    return (
        f"note: {shown} passed over, not {'a case' if len(names) == 1 else 'cases'} by "
        f"{'its' if len(names) == 1 else 'their'} kind (oj t stops at "
        f"{'it' if len(names) == 1 else 'them'}: unrecognizable file found)"
    )


def named_as_answers_notes(problem: Problem) -> tuple[list[str], set[str]]:
    """A note for each laid-out folder of the problem (its samples', its judge data's) whose
    input subfolder holds files named as the answers of the inputs beside them, which it has
    no answer for (kit.case_folders.named_as_answers): ``note: samples/x/in/: a.out beside
    a.in is another input to the build, which has no answer for it (...)``; and those files'
    cases, as the build names them, which the note of cases without answer leaves to it (one
    line says a file once). None for a package's."""
    if problem.source is not None:
        return [], set()
    folders = [(problem.samples_dir, problem.rel(problem.samples_dir))]
    if problem.judge_data is not None:
        folders.append(((problem.root / problem.judge_data).resolve(), problem.judge_data))
    notes, named = [], set()
    for folder, shown in folders:
        layout = layout_of(folder) if folder.is_dir() else None
        found = named_as_answers(folder, layout) if isinstance(layout, Layout) else []
        if found:
            which = "it" if len(found) == 1 else "them"
            notes.append(
                f"note: {shown}/{layout.inputs}/: {another_input_said(found)}, which has no "
                f"answer for {which} ({layout.said} reads the answers from {layout.answers}/)"
            )
            named |= {f"{shown}/{layout.inputs}/{name}" for name, _ in found}
    return notes, named


def _first_part(problem: Problem) -> str:
    """What of an answer its opening byte order mark is read as part of: ``first line`` under
    a comparison by lines (``lines``, ``std:lcmp``), ``first token`` under the other built-in
    ones, ``first word or line`` under a checker's or validator's, whichever it reads."""
    compare = problem.compare.strip()
    if compare in ("lines", "std:lcmp"):
        return "first line"
    return "first word or line" if runs_program(compare) else "first token"


def empty_files_note(problem: Problem, reads_stdin: bool = True) -> str | None:
    """A one-line note naming the sample files that hold nothing but whitespace: a statement's
    sample seldom is empty, a paste that did not happen often leaves one so; None when there is
    none, or the samples cannot be read. An input is not named where the solution never reads
    stdin (``reads_stdin`` False, the function of that name: Kattis' hello, whose input is
    empty), unless the problem names an input file for it (a Polygon package's ``a.in``)."""
    inputs, answers = _samples_where(problem, _blank)
    inputs = inputs if reads_stdin or problem.named_files[0] else []  # or reads its file
    answers = [] if problem.interactor is not None else answers  # a game's may be empty
    effects = [f"{', '.join(inputs)} (the solution reads no input)"] if inputs else []
    effects += [f"{', '.join(answers)} (no output is expected)"] if answers else []
    if not effects:
        return None
    return f"note: nothing but whitespace in {'; '.join(effects)}: was the sample pasted?"


# a read of stdin in a program's text: input, sys.stdin (its buffer, readline, ...),
# sys.__stdin__, fileinput, open(0) (os.fdopen(0), io.FileIO(0), open(file=0)), os.read(0, ...),
# /dev/stdin, /proc/self/fd/0; a name alone counts (``input = sys.stdin.readline``)
_STDIN_READ = re.compile(
    r"\b(?:input|stdin|__stdin__|fileinput)\b"
    r"|(?:open|read|FileIO)\s*\(\s*(?:(?:file|fd)\s*=\s*)?0\b|/dev/stdin|/proc/self/fd/0\b"
)


def reads_stdin(text: str) -> bool:
    """Whether a program's text (its bundle's) may read stdin: a static look for the names
    that do (``_STDIN_READ``), in code, strings and comments alike, so that a doubt keeps
    ``empty_files_note``'s note on an empty input."""
    return _STDIN_READ.search(text) is not None


def encoding_note(problem: Problem) -> str | None:
    """A one-line note naming the sample files that are not UTF-8, each with the offset of its
    first byte that is not (``samples/x/1.in (byte 0xe9 at offset 3)``); None when there is
    none, or the samples cannot be read. The runs are given the bytes as they are, as a
    judge's are, and answers compared as bytes: a program reading text may fail to decode an
    input (PyPy 3.9's ``sys.stdin.read()`` raises UnicodeDecodeError; CPython 3.8 in the C
    locale passes it through as surrogates, PEP 540's UTF-8 mode), and text it writes as
    UTF-8 never matches such an answer."""
    try:
        cases = sample_cases(problem)
    except BuildError:
        return None
    files = [case.input for case in cases] + [case.expected for case in cases]
    found = [(path, _not_utf8(path)) for path in files if path is not None]
    named = [
        f"{file_shown(problem, path)} (byte 0x{byte:02x} at offset {offset})"
        for path, (offset, byte) in ((path, at) for path, at in found if at is not None)
    ]
    if not named:
        return None
    return (
        f"note: not UTF-8: {', '.join(named)}: fed to the run and compared byte for byte, as a "
        "judge does; a program reading an input as text may fail to decode it (UnicodeDecodeError: "
        "read sys.stdin.buffer, or save the file as UTF-8)"
    )


def _not_utf8(path: Path) -> tuple[int, int] | None:
    """The offset and value of the first byte of the file at ``path`` that is not UTF-8 (a
    sequence cut at its end included), read a chunk at a time; None when it all is, or it
    cannot be read."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    read = 0  # the bytes given the decoder so far
    try:
        with open(path, "rb") as file:
            for chunk in itertools.chain(iter(lambda: file.read(CHUNK), b""), [b""]):
                read += len(chunk)
                decoder.decode(chunk, final=not chunk)  # the last: nothing held back
    except UnicodeDecodeError as error:  # its object: the bytes held back, then the chunk's
        return read - len(error.object) + error.start, error.object[error.start]
    except OSError:
        return None
    return None


def _samples_where(
    problem: Problem, test: Callable[[Path | None], bool]
) -> tuple[list[str], list[str]]:
    """The sample inputs and the sample answers (as the user knows them: ``file_shown``) that
    pass ``test``; none when the samples cannot be read (the build says why). An interactive
    problem's answers (a ``kattis:`` or ``testlib:`` interactor's) are tested as a batch
    problem's: each note says what reading them does."""
    try:
        cases = sample_cases(problem)
    except BuildError:
        return [], []
    inputs = [file_shown(problem, case.input) for case in cases if test(case.input)]
    return inputs, [file_shown(problem, case.expected) for case in cases if test(case.expected)]


def _blank(path: Path | None) -> bool:
    """Whether the file at ``path`` (None: no file) holds nothing but whitespace, read a chunk
    at a time (a 1 GiB sample read whole and stripped took 2 GiB)."""
    if path is None:
        return False
    try:
        with open(path, "rb") as file:
            return blank_file(file)
    except OSError:
        return False


def _byte_order_marked(path: Path | None) -> bool:
    """Whether the file at ``path`` (None: no file) starts with a UTF-8 byte order mark."""
    if path is None:
        return False
    try:
        with open(path, "rb") as file:
            return file.read(len(UTF8_BOM)) == UTF8_BOM  # its opening bytes, not all of it
    except OSError:
        return False


def _no_final_newline(path: Path | None) -> bool:
    """Whether the file at ``path`` (None: no file) holds more than whitespace and does not end
    with a newline: its last byte read, then as ``_blank`` reads it (read whole and stripped, a
    1 GiB sample took 2 GiB)."""
    if path is None:
        return False
    try:
        with open(path, "rb") as file:
            size = file.seek(0, os.SEEK_END)
            if size == 0:
                return False
            file.seek(size - 1)
            if file.read(1) == b"\n":
                return False
            file.seek(0)
            return not blank_file(file)
    except OSError:
        return False


def _crlf(path: Path | None) -> bool:
    """Whether the file at ``path`` (None: no file) holds a CRLF line end, read a chunk at a
    time (each with the byte before it, a CR that ended the last one)."""
    if path is None:
        return False
    try:
        with open(path, "rb") as file:
            before = b""
            for chunk in iter(lambda: file.read(CHUNK), b""):
                if b"\r\n" in before + chunk:
                    return True
                before = chunk[-1:]
    except OSError:
        return False
    return False

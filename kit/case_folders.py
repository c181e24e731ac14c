"""A folder of test cases as found on disk: the files never taken for cases (hidden ones, those
editors leave, and files of another kind a samples folder may hold: ``not_cases``), the
natural order of names, what makes a file unfit to be a case's, and the subfolder layouts
official test data is downloaded in.

AtCoder publishes a task's cases as ``in/`` and ``out/`` with the same file names in each
(``in/01_sample_01.txt``, ``out/01_sample_01.txt``); yukicoder's "download all test cases" zip
holds ``test_in/`` and ``test_out/`` likewise. HackerRank's "download test cases" zip holds
``input/input00.txt`` answered by ``output/output00.txt``: the answer's name is the input's with
its leading ``input`` read ``output``. A folder holding such an input subfolder is read as that
layout (``LAYOUTS``): each file of the input subfolder is a case, its answer the file of the
output subfolder named after it (``Layout.answer_name``), if any. USACO's older test data has no
subfolders: its flat ``I.1``, ``O.1``, ``I.2``, ... are each input ``I.N`` answered by ``O.N``
(``USACO``, a ``Numbered`` layout, read when no subfolder layout is there; its newer ``1.in`` +
``1.out`` are flat ``NAME.in`` files). A folder holding two layouts (two layouts' subfolders, a
layout and flat ``NAME.in`` files) is refused: which to keep is the user's call.

A layout's input subfolder alone makes the layout (an interactive problem's samples are its
inputs only): every file of ``in/`` is an input, so ``in/a.out`` beside ``in/a.in`` is another
input without answer, not its answer; ``named_as_answers`` finds such files (``named_beside``:
those of one input) and ``another_input_said`` says so, for ``run`` of one input and the build
of a folder's.
"""

from __future__ import annotations

import fnmatch
import os
import re
from dataclasses import dataclass
from pathlib import Path

from kit.workspace import FOLDER, MISSING, NOT_REGULAR, file_state

# Left by editors beside the files they edit: Emacs' backups, auto-saves and lock links, Vim's
# swap files (any other hidden file, as .DS_Store, is skipped as well); and by patch and merge
# tools: patch's .orig and .rej, git mergetool's .orig (git's Documentation/git-mergetool.txt,
# "TEMPORARY FILES"), and the .bak backups of many others.
EDITOR_FILES = ("*~", "#*#", ".#*", ".*.swp", ".*.swo", "*.orig", "*.rej", "*.bak")


CASE_SUFFIXES = ("in", "out", "ans")  # NAME.in, answered by NAME.out or NAME.ans
# an input's suffix: its answer's, as samples (NAME.in: NAME.out, NAME.ans) and Polygon's
# tests (NN: NN.a) name them; read both ways, an input's answers and an answer's input
ANSWER_SUFFIXES = {".in": (".out", ".ans"), "": (".a",)}
# the words a case's file is named by, on its own: input.txt, output.txt, answer.txt
CASE_WORDS = frozenset(("in", "out", "input", "output", "ans", "answer", "expected", "sample"))
# Files of another kind than a case's, by their suffix: sources, scripts, documents, pictures,
# archives (not .txt, which judges' cases are named too: ``not_cases`` tells them apart)
NOT_CASE_SUFFIXES = frozenset(
    ("py", "pyc", "cpp", "cc", "cxx", "c", "h", "hpp", "java", "kt", "rs", "go", "js", "ts",
     "rb", "sh", "bash", "zsh", "bat", "ps1", "md", "rst", "tex", "pdf", "html", "htm", "json",
     "toml", "yaml", "yml", "cfg", "ini", "log", "png", "jpg", "jpeg", "gif", "svg", "zip",
     "gz", "tgz", "tar", "xz")
)  # fmt: skip


@dataclass(frozen=True)
class Layout:
    """Official test data in two subfolders: ``inputs``, ``answers``, and ``renamed``, the
    leading text of an input's name read as another in its answer's (``("input", "output")``:
    ``input00.txt`` answered by ``output00.txt``; an input not starting with it, or no
    ``renamed``: answered by the same name)."""

    inputs: str
    answers: str
    renamed: tuple[str, str] = ("", "")

    def answer_name(self, name: str) -> str:
        """The name in ``answers`` of input ``name``'s answer."""
        return _lead_replaced(name, *self.renamed)

    def input_name(self, name: str) -> str:
        """The name in ``inputs`` of the input that answer ``name`` is for."""
        return _lead_replaced(name, *reversed(self.renamed))

    @property
    def said(self) -> str:
        """The layout as a message names it: ``in/ with out/``."""
        return f"{self.inputs}/ with {self.answers}/"

    def inputs_shown(self, shown: str) -> str:
        """Where the inputs are, under ``shown`` (how the user knows the folder)."""
        return f"{shown}/{self.inputs}/"

    def subfolders(self, folder: Path) -> list[Path]:
        """Its two subfolders of ``folder``."""
        return [folder / self.inputs, folder / self.answers]


@dataclass(frozen=True)
class Numbered:
    """Official test data as flat numbered files, no subfolders: input ``I.N`` answered by
    ``O.N`` (USACO's older test data; its newer ``N.in`` with ``N.out`` are flat ``NAME.in``)."""

    renamed: tuple[str, str] = ("I.", "O.")
    said: str = "I.N with O.N files"

    def kind(self, name: str) -> str | None:
        """``I.`` for an input's ``name``, ``O.`` for an answer's, None for any other."""
        lead, number = name[:2], name[2:]
        return lead if lead in self.renamed and number.isascii() and number.isdigit() else None

    def answer_name(self, name: str) -> str:
        """The answer's name of input ``name``: ``O.N`` for ``I.N``."""
        return _lead_replaced(name, *self.renamed)

    def input_name(self, name: str) -> str:
        """The input's name of answer ``name``: ``I.N`` for ``O.N``."""
        return _lead_replaced(name, *reversed(self.renamed))

    def inputs_shown(self, shown: str) -> str:
        """Where the inputs are, under ``shown``: the folder itself."""
        return f"{shown}/"

    def subfolders(self, folder: Path) -> list[Path]:
        """None: the files are the folder's own."""
        return []


def _lead_replaced(name: str, lead: str, by: str) -> str:
    """``name`` with its leading ``lead`` replaced ``by`` (unchanged without it)."""
    return by + name.removeprefix(lead) if lead and name.startswith(lead) else name


# AtCoder's published test cases, yukicoder's zip of them, HackerRank's.
LAYOUTS = (
    Layout("in", "out"),
    Layout("test_in", "test_out"),
    Layout("input", "output", ("input", "output")),
)
USACO = Numbered()  # USACO's older data, read when no subfolder layout is there


def skipped(name: str) -> bool:
    """A hidden file, or one an editor or a patch or merge tool left (``EDITOR_FILES``): never
    a case, never an error."""
    return name.startswith(".") or any(fnmatch.fnmatchcase(name, glob) for glob in EDITOR_FILES)


def not_cases(names: list[str]) -> set[str]:
    """The files among ``names`` (a folder's) of another kind than a case's, passed over with a
    note where cases are looked for: a source, document or the like by its suffix
    (``NOT_CASE_SUFFIXES``: ``gen.py``, ``README.md``), or a ``.txt`` no case could be
    (``notes.txt``). Not one a case might be: a ``.txt`` numbered as judges number cases
    (``01.txt``, ``input00.txt``), named as a case's side (``input.txt``, ``answer.txt``), or
    of a case's name (``a.txt`` beside ``a.in``); those are names said wrong."""
    stems = {name.rpartition(".")[0] for name in names if name.rpartition(".")[2] in CASE_SUFFIXES}
    return {name for name in names if _stray(name, stems)}


def _stray(name: str, stems: set[str]) -> bool:
    stem, dot, suffix = name.rpartition(".")
    if not (dot and stem) or stem in stems:
        return False
    if suffix.lower() in NOT_CASE_SUFFIXES:
        return True
    words = set(re.split(r"[\W_]+", stem.lower()))
    numbered = any(character.isdigit() for character in stem)
    return suffix.lower() == "txt" and not numbered and not words & CASE_WORDS


def natural_key(name: str) -> tuple:
    """``name`` ordered as people count: ``2`` before ``10``, then by the text itself."""
    parts = re.split(r"([0-9]+)", name)
    return tuple(int(part) if index % 2 else part for index, part in enumerate(parts)), name


def not_case_file(path: Path, cases: str = "samples") -> str | None:
    """Why a file named as a case's is none (a folder, a broken link, unreadable), or None
    (``cases``: what is not looked for in subfolders)."""
    state = file_state(path)
    if state == FOLDER:
        return f"a folder ({cases} are not looked for in subfolders)"
    if state == NOT_REGULAR:
        return "not a regular file (a pipe, a socket or a device)"
    if state is not None:
        return state.removeprefix("is ")
    try:
        with path.open("rb"):
            return None
    except OSError as error:
        return f"cannot read: {error.strerror or error}"


@dataclass(frozen=True)
class LaidOut:
    """One case of a subfolder layout: its name as shown (``judge-data/A/in/01.txt``), its
    input, and its answer (None: the output subfolder has no file of that name)."""

    name: str
    input: Path
    answer: Path | None


def layout_of(folder: Path) -> Layout | Numbered | None:
    """``folder``'s subfolder layout, else ``USACO`` when it holds an ``I.N`` or ``O.N`` file,
    else None: cases side by side (``NAME.in``)."""
    found = next((layout for layout in LAYOUTS if (folder / layout.inputs).is_dir()), None)
    return found or (USACO if _numbered(folder) else None)


def laid_out_answer(given: Path) -> tuple[Path, str] | None:
    """The file answering the input ``given`` when the build reads it as a layout's input (a
    file of ``in/``, ``test_in/`` or ``input/``, that layout being its folder's: ``layout_of``,
    whose input subfolder alone makes the layout, its answers' perhaps absent; USACO's ``I.N``
    in a folder of that layout), by the rule ``laid_out_cases`` pairs them with
    (``answer_name``), and the layout as messages say it (``in/ with out/``); None for any
    other file. The answer is an absolute path, perhaps of no file: ``mine/in/a.in`` with no
    ``mine/out/`` is answered by none, ``mine/in/a.out`` beside it being another input."""
    folder = given.absolute().parent
    layout = layout_of(folder.parent)
    if isinstance(layout, Layout) and folder.name == layout.inputs:
        return folder.parent / layout.answers / layout.answer_name(given.name), layout.said
    if USACO.kind(given.name) == USACO.renamed[0] and layout_of(folder) == USACO:
        return folder / USACO.answer_name(given.name), USACO.said
    return None


def named_as_answers(folder: Path, layout: Layout) -> list[tuple[str, str]]:
    """The files of ``folder``'s input subfolder named as the answer of an input beside them
    (``a.out`` or ``a.ans`` beside ``a.in``, Polygon's ``01.a`` beside ``01``) that ``layout``
    answers with no file (its answers' subfolder absent, or without theirs): each is another
    input without answer to the build, which a user who put answers there is not told by the
    cases alone; with the input each is beside, in natural order."""
    try:
        names = {path.name for path in (folder / layout.inputs).iterdir() if path.is_file()}
    except OSError:
        return []
    found = []
    for name in sorted((name for name in names if not skipped(name)), key=natural_key):
        stem, suffix = os.path.splitext(name)
        inputs = [stem + given for given, ends in ANSWER_SUFFIXES.items() if suffix in ends]
        beside = next((given for given in inputs if given in names), None)
        answer = folder / layout.answers / layout.answer_name(name)
        if beside is not None and not answer.is_file():
            found.append((name, beside))
    return found


def named_beside(given: Path) -> list[str]:
    """The files beside the input ``given`` of a layout's input subfolder that are named as its
    answer and read as other inputs (``named_as_answers``, of its one input: ``a.out`` beside
    ``in/a.in`` with no ``out/a.out``); none for any other file."""
    folder = given.absolute().parent
    layout = layout_of(folder.parent)
    if not isinstance(layout, Layout) or folder.name != layout.inputs:
        return []
    found = named_as_answers(folder.parent, layout)
    return [name for name, beside in found if beside == given.name]


def another_input_said(found: list[tuple[str, str]]) -> str:
    """What files named as answers of a layout's inputs (``named_as_answers``: each with the
    input it is beside) are to the build, each beside its input: ``in/a.out beside it is
    another input to the build`` (``run``'s), ``a.out beside a.in and b.ans beside b.in are
    other inputs to the build`` (the build's)."""
    besides: dict[str, list[str]] = {}
    for name, beside in found:
        besides.setdefault(beside, []).append(name)
    said = _listed([f"{_listed(names)} beside {beside}" for beside, names in besides.items()])
    if len(found) == 1:
        return f"{said} is another input to the build"
    return f"{said} are other inputs to the build"


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def layouts_said() -> str:
    """Every layout as messages say it: ``in/ with out/, ..., I.N with O.N files``."""
    return ", ".join(layout.said for layout in (*LAYOUTS, USACO))


def _numbered(folder: Path) -> bool:
    """Whether ``folder`` holds a file named as USACO's older data names one (``I.1``)."""
    try:
        return any(USACO.kind(name) for name in os.listdir(folder))
    except OSError:
        return False


def case_folders(folder: Path) -> list[Path]:
    """``folder`` and, when it is laid out (``layout_of``), its two subfolders: where a case
    may be added or edited (``build --watch``)."""
    layout = layout_of(folder)
    return [folder] + (layout.subfolders(folder) if layout else [])


def laid_out_cases(
    folder: Path, layout: Layout | Numbered, shown: str, inputs_only: bool
) -> tuple[list[LaidOut], list[str]]:
    """The cases of ``folder`` laid out as ``layout`` (``layout_of``), in natural order of their
    names, and every file said wrong, each a line naming it as under ``shown`` (how the user
    knows ``folder``). ``inputs_only``: the samples of an interactor that is given no answer
    (kit.problem_cases.answers_refused), its inputs alone (a ``kattis:`` or ``testlib:`` one's
    samples and any interactor's judge data may hold answers, given to it, as flat ones)."""
    if isinstance(layout, Numbered):
        return _numbered_cases(folder, layout, shown, inputs_only)
    inputs, answers = layout.inputs, layout.answers
    wrong = _beside_the_layout(folder, shown, layout)
    ins, told = _files(folder / inputs, f"{shown}/{inputs}", wrong)
    outs, _ = _files(folder / answers, f"{shown}/{answers}", wrong)
    if inputs_only and (folder / answers).exists():
        wrong.append(
            f"{shown}/{answers}/: an interactive problem's samples are the interactor's inputs "
            f"only ({inputs}/)"
        )
        return [], wrong
    answered = {layout.answer_name(name) for name in [*ins, *told]}
    wrong += [
        f"{shown}/{answers}/{name} has no {inputs}/{layout.input_name(name)}"
        for name in sorted(outs, key=natural_key)
        if name not in answered
    ]
    cases = [
        LaidOut(f"{shown}/{inputs}/{name}", ins[name], outs.get(layout.answer_name(name)))
        for name in sorted(ins, key=natural_key)
    ]
    return cases, wrong


def _files(subfolder: Path, shown: str, wrong: list[str]) -> tuple[dict[str, Path], set[str]]:
    """The case files of one subfolder by name (none when it is absent), and the names of those
    said wrong in ``wrong`` (a folder, a broken link, unreadable)."""
    state = file_state(subfolder)
    if state == MISSING:
        return {}, set()
    if state != FOLDER:
        wrong.append(
            f"{shown}: {(state or 'is a file').removeprefix('is ')}, not a folder of cases"
        )
        return {}, set()
    try:
        paths = sorted(subfolder.iterdir())
    except OSError as error:
        wrong.append(f"{shown}/: cannot read: {error.strerror or error}")
        return {}, set()
    files, told = {}, set()
    for path in paths:
        if skipped(path.name):
            continue
        why = not_case_file(path, "cases")
        if why:
            wrong.append(f"{shown}/{path.name}: {why}")
            told.add(path.name)
        else:
            files[path.name] = path
    return files, told


def _beside_the_layout(folder: Path, shown: str, layout: Layout) -> list[str]:
    """What ``folder`` holds beside its layout's two subfolders, said wrong: flat ``NAME.in``
    files (and their answers) in one line (keep one layout), any other entry by its name."""
    inputs, answers = layout.inputs, layout.answers
    try:
        entries = sorted(entry.name for entry in folder.iterdir())
    except OSError:
        return []
    others = [name for name in entries if name not in (inputs, answers) and not skipped(name)]
    passed = not_cases(others)  # a README.md beside in/ and out/
    others = [name for name in others if name not in passed]
    wrong = _other_layouts(folder, shown, layout, others)
    others = [name for name in others if not (_layout_folder(folder, name) or USACO.kind(name))]
    return wrong + _strays(shown, layout.said, others)


def _strays(shown: str, said: str, others: list[str]) -> list[str]:
    """The files beside a layout (``said``: ``in/ with out/``), said wrong: flat ``NAME.in``
    files (and their answers) in one line (keep one layout), any other by its name."""
    flat = [name for name in others if name.endswith(".in")]
    wrong = []
    if flat:  # their answers are part of the flat layout, said with them
        others = [name for name in others if not name.endswith((".out", ".ans", ".in"))]
        wrong.append(
            f"{shown}/ holds both {said} and NAME.in files beside them "
            f"({', '.join(flat)}): keep one of the two layouts"
        )
    return wrong + [f"{shown}/{name}: not a case file (the cases are {said})" for name in others]


def _numbered_cases(
    folder: Path, layout: Numbered, shown: str, inputs_only: bool
) -> tuple[list[LaidOut], list[str]]:
    """``laid_out_cases`` of a folder of USACO's older data: ``I.N`` answered by ``O.N``."""
    wrong: list[str] = []
    files, told = _files(folder, shown, wrong)
    names = sorted(files, key=natural_key)
    ins = {name: files[name] for name in names if layout.kind(name) == layout.renamed[0]}
    outs = [name for name in names if layout.kind(name) == layout.renamed[1]]
    others = [name for name in names if not layout.kind(name)]
    passed = not_cases(others)
    others = [name for name in others if name not in passed]
    wrong += _strays(shown, layout.said, others)
    if inputs_only and outs:
        wrong.append(
            f"{shown}/{outs[0]}: an interactive problem's samples are the interactor's inputs "
            "only (I.N)"
        )
        return [], wrong
    answered = {layout.answer_name(name) for name in [*ins, *told]}
    wrong += [
        f"{shown}/{name} has no {layout.input_name(name)}" for name in outs if name not in answered
    ]
    cases = [
        LaidOut(f"{shown}/{name}", path, files.get(layout.answer_name(name)))
        for name, path in ins.items()
    ]
    return cases, wrong


def _layout_folder(folder: Path, name: str) -> bool:
    """Whether ``name`` in ``folder`` is a subfolder of one of the ``LAYOUTS``."""
    named = any(name in (layout.inputs, layout.answers) for layout in LAYOUTS)
    return named and (folder / name).is_dir()


def _other_layouts(folder: Path, shown: str, layout: Layout, others: list[str]) -> list[str]:
    """The line refusing ``folder`` when its ``others`` (the entries beside ``layout``'s
    subfolders) hold another layout's subfolder or USACO's ``I.N``/``O.N`` files too: which of
    them to keep is the user's call."""
    present = {name for name in others if _layout_folder(folder, name)}
    numbered = [USACO.said] if any(USACO.kind(name) for name in others) else []
    if not present and not numbered:
        return []
    present |= {name for name in (layout.inputs, layout.answers) if (folder / name).is_dir()}
    groups = [
        " with ".join(f"{name}/" for name in (each.inputs, each.answers) if name in present)
        for each in LAYOUTS
        if {each.inputs, each.answers} & present
    ] + numbered
    return [f"{shown}/ holds {len(groups)} layouts, {' and '.join(groups)}: keep one of them"]

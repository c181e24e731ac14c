"""A folder of test cases as found on disk: the files never taken for cases (hidden ones, those
editors leave), the natural order of names, what makes a file unfit to be a case's, and the
subfolder layouts official test data is downloaded in.

AtCoder publishes a task's cases as ``in/`` and ``out/`` with the same file names in each
(``in/01_sample_01.txt``, ``out/01_sample_01.txt``); yukicoder's "download all test cases" zip
holds ``test_in/`` and ``test_out/`` likewise. HackerRank's "download test cases" zip holds
``input/input00.txt`` answered by ``output/output00.txt``: the answer's name is the input's with
its leading ``input`` read ``output``. A folder holding such an input subfolder is read as that
layout (``LAYOUTS``): each file of the input subfolder is a case, its answer the file of the
output subfolder named after it (``Layout.answer_name``), if any. A folder holding the
subfolders of two layouts, or a layout and flat ``NAME.in`` files, is refused: which to keep is
the user's call.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from pathlib import Path

from kit.workspace import FOLDER, MISSING, NOT_REGULAR, file_state

# Left by editors beside the files they edit: Emacs' backups, auto-saves and lock links, Vim's
# swap files (any other hidden file, as .DS_Store, is skipped as well).
EDITOR_FILES = ("*~", "#*#", ".#*", ".*.swp", ".*.swo")


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


def _lead_replaced(name: str, lead: str, by: str) -> str:
    """``name`` with its leading ``lead`` replaced ``by`` (unchanged without it)."""
    return by + name.removeprefix(lead) if lead and name.startswith(lead) else name


# AtCoder's published test cases, yukicoder's zip of them, HackerRank's.
LAYOUTS = (
    Layout("in", "out"),
    Layout("test_in", "test_out"),
    Layout("input", "output", ("input", "output")),
)


def skipped(name: str) -> bool:
    """A hidden file, or one an editor left (``EDITOR_FILES``): never a case, never an error."""
    return name.startswith(".") or any(fnmatch.fnmatchcase(name, glob) for glob in EDITOR_FILES)


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


def layout_of(folder: Path) -> Layout | None:
    """``folder``'s subfolder layout, or None: cases side by side (``NAME.in``)."""
    return next((layout for layout in LAYOUTS if (folder / layout.inputs).is_dir()), None)


def case_folders(folder: Path) -> list[Path]:
    """``folder`` and, when it is laid out (``layout_of``), its two subfolders: where a case
    may be added or edited (``build --watch``)."""
    layout = layout_of(folder)
    return [folder] + ([folder / layout.inputs, folder / layout.answers] if layout else [])


def laid_out_cases(
    folder: Path, layout: Layout, shown: str, inputs_only: bool
) -> tuple[list[LaidOut], list[str]]:
    """The cases of ``folder`` laid out as ``layout`` (``layout_of``), in natural order of their
    names, and every file said wrong, each a line naming it as under ``shown`` (how the user
    knows ``folder``). ``inputs_only``: an interactive problem's samples, the interactor's
    inputs alone (its judge data may hold answers, given to the interactor, as flat ones)."""
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
    flat = [name for name in others if name.endswith(".in")]
    wrong = _other_layouts(folder, shown, layout, others)
    others = [name for name in others if not _layout_folder(folder, name)]
    if flat:  # their answers are part of the flat layout, said with them
        others = [name for name in others if not name.endswith((".out", ".ans", ".in"))]
        wrong.append(
            f"{shown}/ holds both {inputs}/ with {answers}/ and NAME.in files beside them "
            f"({', '.join(flat)}): keep one of the two layouts"
        )
    return wrong + [
        f"{shown}/{name}: not a case file (the cases are {inputs}/ with {answers}/)"
        for name in others
    ]


def _layout_folder(folder: Path, name: str) -> bool:
    """Whether ``name`` in ``folder`` is a subfolder of one of the ``LAYOUTS``."""
    named = any(name in (layout.inputs, layout.answers) for layout in LAYOUTS)
    return named and (folder / name).is_dir()


def _other_layouts(folder: Path, shown: str, layout: Layout, others: list[str]) -> list[str]:
    """The line refusing ``folder`` when its ``others`` (the entries beside ``layout``'s
    subfolders) hold another layout's subfolder too: which of them to keep is the user's call."""
    present = {name for name in others if _layout_folder(folder, name)}
    if not present:
        return []
    present |= {name for name in (layout.inputs, layout.answers) if (folder / name).is_dir()}
    groups = [
        " with ".join(f"{name}/" for name in (each.inputs, each.answers) if name in present)
        for each in LAYOUTS
        if {each.inputs, each.answers} & present
    ]
    return [
        f"{shown}/ holds the subfolders of {len(groups)} layouts, {' and '.join(groups)}: "
        "keep one of them"
    ]

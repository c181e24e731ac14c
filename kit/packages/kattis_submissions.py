"""The submissions of a Kattis-format package (Kattis/problem-package-format: spec/legacy.md
and spec/2025-09.md, "Example submissions"): ``submissions/FOLDER/ENTRY``, each file or
folder one program, sorted by the folders the format defines: accepted, wrong_answer,
time_limit_exceeded, run_time_error (legacy), rejected and brute_force (2025-09); a legacy or
2023-07 package's ``partially_accepted`` after ``accepted`` (the format's for a scoring
problem; problemtools runs it in a pass-fail one too, expecting AC), and with
``submissions/submissions.yaml`` (2025-09: the verdicts each submission may and must give,
per case, ``kit.packages.expectations``) the package's other folders next. A folder of one
file is that file; a Python one of several files runs its entry point with the others beside
it. A package without any is told what the kit looked for and found (``none_found``).

A submission's DOMjudge ``@EXPECTED_RESULTS@`` tag (``kit.packages.expectations``) decides its
verdicts in place of its folder (``tagged``) where DOMjudge and BAPCtools read it: outside the
four standard folders (DOMjudge keeps a standard folder's result, BAPCtools ignores the tag
there), and in a package without submissions.yaml (BAPCtools reads submissions.yaml's rules
instead; problemtools reads no tag at all). A note names each tag read and each not read.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from kit.packages import expectations
from kit.packages.kattis_files import LANGUAGES, hidden
from kit.packages.model import PARTIALLY_ACCEPTED, Submission

# The submission folders, legacy's and 2025-09's (rejected, brute_force); what each allows is
# kit.verify.verdict_agreement's. A legacy or 2023-07 package's partially_accepted is read too.
FOLDERS = (
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
    "rejected",
    "brute_force",
)
# 2023-07's and 2025-09's alone: not legacy's (spec/legacy.md, "Example submissions": its five),
# so not read in a legacy package, as problemtools reads none there (a185fe97's verifyproblem.py:
# "Directory submissions/rejected is not part of format version legacy", no run; 1.20260907's
# checks/submissions.py, _check_matches_policy: an error for each submission, no run)
LATER_FOLDERS = ("rejected", "brute_force")
# the four folders whose result DOMjudge keeps whatever a submission's @EXPECTED_RESULTS@ says
# (doc/manual/problem-format.rst; BAPCtools' run.py ignores the tag in them, and warns)
STANDARD_FOLDERS = FOLDERS[:4]


def folders_read(partial: bool = False, legacy: bool = False) -> tuple[str, ...]:
    """The folders of submissions/ read, in order (``partial``: with ``partially_accepted``
    after ``accepted``; ``legacy``: without LATER_FOLDERS)."""
    folders = [name for name in FOLDERS if not (legacy and name in LATER_FOLDERS)]
    if partial:
        folders.insert(1, PARTIALLY_ACCEPTED)
    return tuple(folders)


def submissions(
    path: Path, expected: tuple = (), partial: bool = False, legacy: bool = False
) -> list[Submission]:
    """The submissions of the format's folders, in ``folders_read``'s order; with ``expected``
    (a package whose submissions.yaml may name folders of its own) those of the others next."""
    folders = list(folders_read(partial, legacy))
    top = path / "submissions"
    if expected and top.is_dir():
        others = (entry.name for entry in sorted(top.iterdir()) if entry.is_dir())
        folders += [name for name in others if name not in folders and not hidden(name)]
    found = []
    for folder in folders:
        place = path / "submissions" / folder
        if not place.is_dir():
            continue
        for entry in sorted(place.iterdir()):
            if hidden(entry.name):
                continue
            name = f"{folder}/{entry.name}"
            if entry.is_dir() and _lone_file(entry) is None:
                found.append(_several_files(entry, name, folder, expected))
                continue
            program = _lone_file(entry) if entry.is_dir() else entry
            language = LANGUAGES.get(program.suffix, f"{program.suffix or 'no suffix'}")
            found.append(Submission(program, name, folder, language))
    return found


def tagged(found: list[Submission], expected: tuple) -> tuple[list[Submission], list[str]]:
    """``found`` with the results each one's ``@EXPECTED_RESULTS@`` tag lists where the tag
    decides (the module doc), and a note for each tag: read, not read, or naming a result
    DOMjudge does not have (kept: no verdict matches it, as in DOMjudge)."""
    out, notes = [], []
    for submission in found:
        place = submission.beside or submission.path
        files = sorted(place.rglob("*")) if place.is_dir() else [place]
        try:
            results = expectations.tagged_results([f for f in files if f.is_file()])
        except expectations.TagTwice as twice:
            notes.append(
                f"note: {submission.name}: {twice}: not read, its folder decides (DOMjudge "
                "does not import such a submission)"
            )
            results = None
        except expectations.TagUnread as unread:
            head = f"note: {submission.name}: {unread}"
            notes.append(f"{head}: its @EXPECTED_RESULTS@ not read, its folder decides")
            results = None
        if results is None:
            out.append(submission)
            continue
        listed = ", ".join(results)
        head = f"note: {submission.name}: @EXPECTED_RESULTS@: {listed}"
        if submission.folder in STANDARD_FOLDERS or expected:
            why = "its folder" if not expected else "submissions.yaml"
            notes.append(f"{head}: not read, {why} decides (as DOMjudge and BAPCtools read it)")
            out.append(submission)
            continue
        notes.append(f"{head}: decides its verdicts in place of its folder (DOMjudge's tag)")
        unknown = [name for name in results if name not in expectations.DOMJUDGE_RESULTS]
        if unknown:
            notes.append(
                f"note: {submission.name}: @EXPECTED_RESULTS@: {unknown[0]!r} is no DOMjudge "
                "result: no verdict matches it"
            )
        out.append(dataclasses.replace(submission, expected_results=results))
    return out, notes


def _several_files(entry: Path, name: str, folder: str, expected: tuple) -> Submission:
    """A submission that is a folder of several files: a Python one runs its entry point
    (submissions.yaml's ``entrypoint``, else ``__main__.py`` (2025-09's default, the languages
    table), else problemtools' rule: a file named ``main.*`` in any case, else the first
    source file by name: problemtools/config/languages.yaml, ``{mainfile}``) with the others
    beside it; one of another language, or of several, is not run."""
    files = sorted(item.name for item in entry.iterdir() if item.is_file())
    files = [file for file in files if not hidden(file)]
    sources = [file for file in files if Path(file).suffix in LANGUAGES]
    languages = {LANGUAGES[Path(file).suffix] for file in sources}
    if languages != {"Python"}:
        language = languages.pop() if len(languages) == 1 else "a program of several files"
        return Submission(entry, name, folder, language)
    given = expectations.entrypoint_for(expected, name)
    mains = [file for file in sources if Path(file).stem.lower() == "main"]
    main = given or ("__main__.py" if "__main__.py" in files else (mains or sources)[0])
    return Submission(entry / main, name, folder, "Python", beside=entry)


def _lone_file(folder: Path) -> Path | None:
    """The one file of a submission that is a folder, or None when it holds more."""
    files = [entry for entry in folder.iterdir() if not hidden(entry.name)]
    return files[0] if len(files) == 1 and files[0].is_file() else None


def none_found(path: Path) -> str:
    """What the package at ``path`` holds where the format keeps submissions, when the kit
    found none there: no submissions/ folder, or none in its folders of FOLDERS; and a
    ``solutions/`` folder of files (NA Rocky Mountain's public packages keep their programs
    so, flat, no folder saying a verdict), which is no folder of the format."""
    top = path / "submissions"
    folders = ", ".join(f"submissions/{name}/" for name in FOLDERS[:2])
    if top.is_dir():
        said = f"submissions/ holds none in the format's folders ({folders} ...)"
    else:
        said = f"no submissions/ folder (the format keeps them in {folders} ...)"
    loose = path / "solutions"
    files = [entry for entry in loose.rglob("*") if entry.is_file()] if loose.is_dir() else []
    if files:
        said += (
            f"; solutions/ holds {len(files)} file(s), in no folder naming a verdict: not a "
            "folder of the format, not read (move the accepted ones to submissions/accepted/)"
        )
    return said

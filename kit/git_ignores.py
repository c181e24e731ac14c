"""Which files git would leave out of a commit: ``rules``, the paths of a folder that the
``.gitignore`` files (and git's other exclude files) of the repository the folder is in
ignore, each with the line that ignores it, for the notes ``cpkit init`` and
``cpkit new`` give when a contest repository's ``*.in`` (or ``tests/``) would keep the samples
out of a teammate's clone; ``keeping_in``, what those notes say to do about it: a line
re-including the files, unless git ignores their folder, where no line can (gitignore(5):
"It is not possible to re-include a file if a parent directory of that file is excluded").

    rules(root, ["samples/a/sample-1.in", "samples/a/sample-1.out"])
    # {"samples/a/sample-1.in": ".gitignore:3: *.in"}
    keeping_in("samples/a", None)  # "`git add -f` them, or add !samples/a/** after that line"
"""

from __future__ import annotations

import subprocess
from pathlib import Path

TIMEOUT = 10  # seconds git is given to answer


def rules(folder: Path, paths: list[str]) -> dict[str, str]:
    """The ``paths`` (from ``folder``) that git, in the repository ``folder`` is in, would
    ignore, in their order, each with the line that ignores it, as git names it
    (``.gitignore:3: *.in``, ``abc300/.gitignore:1: tests/``); a file git tracks already is not
    ignored. {} outside a repository, without git, or when git does not answer in time."""
    if not paths:
        return {}
    try:
        found = subprocess.run(
            ["git", "-C", str(folder), "check-ignore", "-v", "-z", "--stdin"],
            input="\0".join(paths).encode("utf-8", "surrogateescape"),
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return {}
    if found.returncode != 0:  # 1: none ignored; 128: not a repository, or git failed
        return {}
    fields = found.stdout.decode("utf-8", "surrogateescape").split("\0")
    said = {  # source, line, pattern, path; a "!" pattern re-includes its path
        path: f"{source}:{line}: {pattern}"
        for source, line, pattern, path in zip(*[iter(fields)] * 4, strict=False)
        if not pattern.startswith("!")
    }
    return {path: said[path] for path in paths if path in said}


def keeping_in(folder: str, folder_rule: str | None, others: int = 0) -> str:
    """What has git keep the files it ignores in ``folder`` (and in ``others`` folders like it):
    ``git add -f``, or a line re-including them after the one that ignores them; when git
    ignores the folder itself (``folder_rule``, the line that does), no line can re-include
    them: that line is to change."""
    if folder_rule is not None:
        return (
            f"`git add -f` them, or change {folder_rule} (git cannot re-include a file whose "
            "folder it ignores)"
        )
    each = ", and one for each other" if others else ""
    return f"`git add -f` them, or add !{folder}/** after that line{each}"

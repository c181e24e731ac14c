"""Which files git would leave out of a commit: ``ignored``, the paths of a folder that the
``.gitignore`` files (and git's other exclude files) of the repository the folder is in
ignore, for the notes ``cpkit init`` and ``cpkit new`` give when a contest repository's
``*.in`` would keep the samples out of a teammate's clone.

    ignored(root, ["samples/a/sample-1.in", "samples/a/sample-1.out"])  # ["samples/a/sample-1.in"]
"""

from __future__ import annotations

import subprocess
from pathlib import Path

TIMEOUT = 10  # seconds git is given to answer


def ignored(folder: Path, paths: list[str]) -> list[str]:
    """The ``paths`` (from ``folder``) that git, in the repository ``folder`` is in, would
    ignore, in their order; a file git tracks already is not ignored. [] outside a repository,
    without git, or when git does not answer in time."""
    if not paths:
        return []
    try:
        found = subprocess.run(
            ["git", "-C", str(folder), "check-ignore", "-z", "--stdin"],
            input="\0".join(paths).encode("utf-8", "surrogateescape"),
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return []
    if found.returncode != 0:  # 1: none ignored; 128: not a repository, or git failed
        return []
    said = set(found.stdout.decode("utf-8", "surrogateescape").split("\0"))
    return [path for path in paths if path in said]

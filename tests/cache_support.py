"""Test support (not a test module): programs that count their starts, for the tests of what
the kit's cache spares (tests/kit/test_cache, tests/kit/check/test_memo; the cache's folder is
the ``cache_home`` fixture of tests/conftest.py)."""

import stat
from pathlib import Path


def counting(folder: Path, name: str, body: str) -> Path:
    """A program ``folder/name`` that logs each start to ``folder/runs``, then runs ``body``
    (sh)."""
    path = folder / name
    path.write_text(f"#!/bin/sh\necho run >> '{folder}/runs'\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return path


def runs(folder: Path) -> int:
    """How often the ``counting`` programs of ``folder`` were started."""
    log = folder / "runs"
    return len(log.read_text().splitlines()) if log.exists() else 0

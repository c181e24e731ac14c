"""Test support (not a test module): this checkout's ``build.py`` run as a user runs it, for
the tests of the commands on copies of the fixture checkouts."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_build(*args, root, pythons="", cwd=None):
    """``build.py ARGS --root ROOT`` with ``KIT_PYTHONS=pythons``, from ``cwd``: the exit
    status, stdout and stderr, after checking that nothing printed a traceback of the kit."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), *args, "--root", str(root)],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "KIT_PYTHONS": pythons},
        timeout=300,
        check=False,
    )
    output = done.stdout + done.stderr
    assert "Traceback" not in output and 'build.py", line' not in output, output
    return done.returncode, done.stdout, done.stderr


def disk_full_at(monkeypatch, name: str, error: BaseException | None = None) -> None:
    """``Path.write_text`` of the file whose path ends with ``name`` fails as on a full disk
    (ENOSPC), or raises ``error`` (a Ctrl-C); every other write goes on: a command's writing
    stopped halfway."""
    real = Path.write_text

    def full(path, *args, **kwargs):
        if path.as_posix().endswith("/" + name):
            raise error or OSError(28, "No space left on device", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full)

"""Test support (not a test module): a solution's main() run as under PyPy, with a stand-in
for PyPy's ``pypyjit`` that records what it is given, and code run by the real pypy3 with the
checkout on its path."""

import io
import subprocess
import sys
import types
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[1])


def jit_params_of_main(monkeypatch, module, stdin=b""):
    """The parameters ``module.main()`` gives PyPy's JIT, its ``solve`` stubbed (``stdin``:
    what main reads)."""
    params = []
    monkeypatch.setitem(sys.modules, "pypyjit", types.SimpleNamespace(set_param=params.append))
    monkeypatch.setattr(sys.implementation, "name", "pypy")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    monkeypatch.setattr(module, "solve", lambda data: "")
    module.main()
    return params


def under_pypy(code):
    """What ``code`` prints under pypy3, the checkout first on its path; it must exit 0."""
    setup = "import sys; sys.path.insert(0, sys.argv[1]);"
    done = subprocess.run(
        ["pypy3", "-c", setup + code, ROOT], capture_output=True, text=True, timeout=60,
        check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout

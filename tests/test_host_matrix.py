"""The kit's core promise: the verdict and the bundle do not depend on the Python running the
kit. The torture checkout (tests/fixtures/torture: a solution and a helper package in valid
Python 3.8, full of what stripping or unparsing can break) is built by hosts CPython 3.11, 3.12
and 3.13, with the target interpreters found and with them all turned off (``KIT_PYTHONS=""``).
Every build must pass and give the same bytes, and its bundle must print exactly what the
source prints under CPython 3.8, 3.11, 3.13 and PyPy (each one installed here). Under every
host, 3.12-only syntax and 3.9+ APIs must be refused, naming the file and line.

Hosts not installed are skipped. The kit's packages are given to the other hosts through
PYTHONPATH (stickytape and vermin are pure Python) and ruff through ``KIT_RUFF``.
"""

import importlib.util
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from kit.check.syntax import ruff_executable
from kit.judges.targets import found, parse_target, runner_for

ROOT = Path(__file__).resolve().parent.parent
HOSTS = ("3.11", "3.12", "3.13")
MODES = ("found", "none")
CHECKED_UNDER = ("cpython3.8", "cpython3.11", "cpython3.13", "pypy3")


def host_python(version):
    pyenv = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv") / "versions"
    for folder in sorted(pyenv.glob(f"{version}.*"), reverse=True):
        executable = folder / "bin" / f"python{version}"
        if executable.is_file():
            return str(executable)
    return shutil.which(f"python{version}")


@pytest.fixture(scope="module")
def kit_env(tmp_path_factory):
    """The environment that lets any host run build.py: the kit's pure-Python packages on
    PYTHONPATH, ruff named."""
    folder = tmp_path_factory.mktemp("kit-packages")
    for name in ("stickytape", "vermin"):
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin, f"{name} is not installed"
        origin = Path(spec.origin)
        source = origin.parent if origin.name == "__init__.py" else origin
        (folder / source.name).symlink_to(source)
    return {**os.environ, "PYTHONPATH": str(folder), "KIT_RUFF": ruff_executable()}


def build(host, checkout, env, mode):
    python = host_python(host)
    if python is None:
        pytest.skip(f"host Python {host} not installed")
    env = dict(env)
    if mode == "none":
        env["KIT_PYTHONS"] = ""
    else:
        env.pop("KIT_PYTHONS", None)
    done = subprocess.run(
        [python, str(ROOT / "build.py"), "--root", str(checkout), "--repeat", "1"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


def run(command, stdin, cwd, env=None):
    done = subprocess.run(
        command, input=stdin, capture_output=True, cwd=cwd, env=env, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return done.stdout


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("host", HOSTS)
def test_torture_bundle_prints_what_its_source_prints(host, mode, kit_env, checkout_copy):
    checkout = checkout_copy("torture")
    tmp_path = checkout.parent
    code, output = build(host, checkout, kit_env, mode)
    assert code == 0, output
    if mode == "none":
        assert "checked statically" in output
    bundle = checkout / "dist" / "torture.py"
    sample = checkout / "samples" / "torture" / "sample-1.in"
    stdin = sample.read_bytes()
    expected = sample.with_suffix(".out").read_bytes()
    source_env = {**os.environ, "PYTHONPATH": str(checkout)}
    source = str(checkout / "solutions" / "torture.py")
    empty = tmp_path / "empty"
    empty.mkdir()
    checked = 0
    for name in CHECKED_UNDER:
        runner = runner_for(parse_target(name), list(found()))
        if runner is None or not runner.exact:
            continue
        executable = runner.interpreter.executable
        assert run([executable, source], stdin, checkout, source_env) == expected, name
        assert run([executable, "-I", "-S", str(bundle)], stdin, empty) == expected, name
        checked += 1
    assert checked, "no target interpreter installed to run the bundle under"


def test_every_host_writes_the_same_bundle(kit_env, checkout_copy):
    texts = {}
    for host in HOSTS:
        if host_python(host) is None:
            continue
        for mode in MODES:
            checkout = checkout_copy("torture", f"{host}-{mode}")
            code, output = build(host, checkout, kit_env, mode)
            assert code == 0, output
            texts[host, mode] = (checkout / "dist" / "torture.py").read_bytes()
    if len(texts) < 2:
        pytest.skip("fewer than two hosts installed")
    assert len(set(texts.values())) == 1, sorted(texts)


REFUSED = [
    pytest.param('d = {"a": 1}\nprint(f"{d["a"]}")\n', r"3\.12", id="f-string-reusing-its-quote"),
    pytest.param(
        "import math\nprint(math.lcm(4, 6))\n", r"'math\.lcm' member needs Python 3\.9", id="api"
    ),
    pytest.param("d = {}\nmemo = {}\nmemo[*d, 1] = 2\n", r"", id="star-in-subscript"),
]


@pytest.mark.parametrize(("code", "message"), REFUSED)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("host", HOSTS)
def test_newer_syntax_and_apis_are_refused_under_every_host(
    host, mode, code, message, kit_env, checkout_copy
):
    checkout = checkout_copy("torture")
    solution = checkout / "solutions" / "torture.py"
    solution.write_text("import sys\n" + code, encoding="utf-8")
    status, output = build(host, checkout, kit_env, mode)
    assert status == 1, output
    errors = [line for line in output.splitlines() if line.startswith("torture: solutions/")]
    line = code.count("\n") + 1  # the last line of the code, after the added import
    assert errors and errors[0].startswith(f"torture: solutions/torture.py:{line}: "), output
    # a host too old to parse the construct says "syntax error"; a newer one names the version
    assert "syntax error" in errors[0] or re.search(message, errors[0]), output
    assert not (checkout / "dist" / "torture.py").exists()

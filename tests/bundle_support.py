"""Test support (not a test module): the toy checkout's bundle built, checked and run, for the
tests of the bundle stages (tests/kit/bundle/: test_discover, test_strip, test_assemble;
tests/kit/check/test_checks); a helper ``shared/dyn.py`` of three functions and a solution
bundled and run (``bundle_run``), for the tests of what tree shaking keeps (test_reach,
test_dynamic_names); Toy Sum's problem (``toy_sum``) and an earlier build left in dist/
(``stale_dist``), for the tests of the pipeline, its bundle and its file (test_pipeline,
test_bundle_making, test_bundle_files); a source with a long table of numbers on one line
(``table_source``), for the tests of the walk and of the masking (test_sources,
test_masked_literals).

The toy is a copy of kit/data/toy: Toy Sum, a solution with two helpers (one importing the
other), a dataclass, multi-line literals, comments, docstrings, annotations and a test-only
__main__ block that would write a file.
"""

import ast
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kit.building.pipeline import columns_for
from kit.bundle.sources import Source
from kit.bundle.strip import DOC_READERS, reads_any, strip, verify
from kit.bundle_making import make_bundle
from kit.check.checks import check
from kit.errors import BuildError
from kit.judges.targets import found, parse_target, runner_for
from kit.registry import load_registry
from kit.startup import TOY

FIXTURE = TOY
KIT_ROOT = Path(__file__).resolve().parent.parent
SAMPLE_IN = FIXTURE / "samples" / "toy_sum" / "sample-1.in"
SAMPLE_OUT = FIXTURE / "samples" / "toy_sum" / "sample-1.out"


def toy_sum(root):
    """The toy checkout's problem Toy Sum, as the registry reads it."""
    return load_registry(root)["toy_sum"]


def stale_dist(problem):
    """An earlier build's ``dist/<slug>.py`` left in place."""
    problem.dist.parent.mkdir(parents=True, exist_ok=True)
    problem.dist.write_text("print('an earlier build')\n")


def bundle_of(root, slug="toy_sum"):
    return make_bundle(load_registry(root)[slug])


def checked(root, slug="toy_sum"):
    """The bundle, after the checks for the problem's targets; the first error raised."""
    problem = load_registry(root)[slug]
    bundle = make_bundle(problem)
    runners = {column.target: column.runner for column in columns_for(problem)}
    errors = check(problem, bundle, runners).errors
    if errors:
        raise BuildError(errors[0])
    return bundle


def interpreter(name):
    """The executable of target ``name`` when it is installed here, else skip the test."""
    runner = runner_for(parse_target(name), list(found()))
    if runner is None or not runner.exact:
        pytest.skip(f"{name} not installed")
    return runner.interpreter.executable


def strip_source(text, rel, *, drop_main_block):
    """``text`` stripped as a helper (main blocks dropped) or as the solution, and verified."""
    name = "shared.case" if drop_main_block else "__main__"
    source = Source(name, Path(rel), rel, False, text, ast.parse(text))
    shipped, cuts = strip(
        source, keep_docs=reads_any([source], DOC_READERS), keep_annotations=False
    )
    verify(source, shipped, cuts)
    return shipped


def run_script(path, stdin, python=sys.executable, cwd=None):
    return subprocess.run(
        [python, "-I", "-S", str(path)],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        timeout=60,
        check=False,
    )


def run_source(root, stdin, slug="toy_sum", script=None):
    """The solution run from source, as documented: PYTHONPATH=. python solutions/<slug>.py
    (or the ``script`` named from the root)."""
    done = subprocess.run(
        [sys.executable, str(root / (script or f"solutions/{slug}.py"))],
        input=stdin,
        capture_output=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        timeout=60,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr.splitlines()[-1:]


def run_bundle(root, bundle, stdin, python=sys.executable):
    """The bundle run from an empty folder beside the checkout, -I -S."""
    folder = root.parent / "empty"
    folder.mkdir(exist_ok=True)
    path = root.parent / "bundle.py"
    path.write_text(bundle.text, encoding="utf-8")
    done = run_script(path, stdin, python=python, cwd=folder)
    return done.returncode, done.stdout, done.stderr.splitlines()[-1:]


def write(root, relative, text):
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


DYN_HELPER = """
def used():
    return "used"


def fn():
    return "reached dynamically"


def unused():
    return "never reached"
"""


def bundle_run(toy, solution, helper=DYN_HELPER):
    """``helper`` written as ``shared/dyn.py`` and ``solution`` as the toy's solution: the
    bundle's text, and its run with -I -S beside the checkout."""
    (toy / "shared" / "dyn.py").write_text(textwrap.dedent(helper))
    (toy / "solutions" / "toy_sum.py").write_text(solution + "\n")
    text = make_bundle(load_registry(toy)["toy_sum"]).text
    script = toy.parent / "bundle.py"
    script.write_text(text)
    done = subprocess.run(
        [sys.executable, "-I", "-S", str(script)], capture_output=True, text=True, check=False,
        cwd=toy.parent, timeout=60,
    )  # fmt: skip
    return text, done


def table_source(count, seed=1):
    """A solution's text with a table of ``count`` random numbers on its first line, a comment
    after it, and tables of pairs and of strings (not number tables) below."""
    rng = random.Random(seed)
    numbers = ", ".join(str(rng.randrange(-(10**6), 10**6)) for _ in range(count))
    return (
        f"TABLE = [{numbers}]  # a comment after the table\n"
        f"PAIRS = [{', '.join(f'({i}, {i + 1})' for i in range(100))}]\n"
        f"WORDS = [{', '.join(repr(f'w#{i}') for i in range(100))}]\n"
        "print(TABLE[3], len(PAIRS), WORDS[7])\n"
    )

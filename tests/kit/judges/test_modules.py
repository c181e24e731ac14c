"""Third-party modules a judge installs (kit.judges.modules, the profiles' ``modules`` field):
an import of one the judge lists for every target stays an import in the bundle and passes the
checks; any other third-party import is refused with a one-line error naming the judge; a run
here that cannot import a module the judge has gets a hint saying how to install it.

Each test works on a copy of the toy checkout (kit/data/toy, the ``toy`` fixture) whose Toy Sum
is given another judge and solution.
"""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kit.bundle_making import make_bundle
from kit.check.checks import check
from kit.errors import BuildError
from kit.judges.modules import ATCODER_2025, Installed, install_hint, missing_module
from kit.judges.profiles import PROFILES, profile_for
from kit.judges.targets import ISOLATED, parse_target
from kit.registry import load_registry
from kit.run.tracebacks import explain

ROOT = Path(__file__).resolve().parents[3]

NUMPY_SUM = """\
    import sys

    import numpy as np


    def main():
        numbers = np.array(sys.stdin.buffer.read().split(), dtype=np.int64)
        print(int(numbers.sum()))


    if __name__ == "__main__":
        main()
    """


def set_judge(root, judge):
    registry = root / "problems.toml"
    text = registry.read_text(encoding="utf-8")
    registry.write_text(text.replace('judge = "nowhere"', f'judge = "{judge}"', 1))


def write_solution(root, text):
    (root / "solutions" / "toy_sum.py").write_text(textwrap.dedent(text), encoding="utf-8")


def checked(root, judge, solution):
    """Toy Sum under ``judge`` with ``solution``: its bundle and the checks' errors (static:
    no interpreter compiles it)."""
    set_judge(root, judge)
    write_solution(root, solution)
    problem = load_registry(root)["toy_sum"]
    bundle = make_bundle(problem)
    return bundle, check(problem, bundle, {}).errors


def build(root, pythons):
    done = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "toy_sum", "--root", str(root), "--repeat", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "KIT_PYTHONS": pythons},
    )
    return done.returncode, done.stdout + done.stderr


# --- the lists -------------------------------------------------------------------------------


def test_atcoder_lists_its_2025_modules_for_both_targets_by_import_name():
    atcoder = profile_for("AtCoder")
    assert atcoder.modules is ATCODER_2025
    for name in ("numpy", "scipy", "networkx", "sympy", "sortedcontainers", "more_itertools"):
        assert atcoder.modules.has(name, "cpython") and atcoder.modules.has(name, "pypy"), name
    for name in ("bitarray", "atcoder", "acl_cpp", "sklearn", "z3", "pulp"):
        assert atcoder.modules.has(name, "cpython") and atcoder.modules.has(name, "pypy"), name
    for name in ("torch", "numba", "polars", "ortools", "gmpy2"):  # CPython only
        assert atcoder.modules.has(name, "cpython") and not atcoder.modules.has(name, "pypy")
    # what pip installs with pandas and scikit-learn under PyPy: importable there (refused)
    for name in ("dateutil", "pytz", "tzdata", "six", "joblib", "threadpoolctl"):
        assert atcoder.modules.has(name, "cpython") and atcoder.modules.has(name, "pypy"), name
    # distribution names are not import names
    assert not atcoder.modules.has("ac-library-python", "cpython")
    assert not atcoder.modules.has("more-itertools", "cpython")


def test_a_listed_name_covers_what_is_under_it_not_what_is_above_it():
    installed = Installed(cpython=("numpy", "google.protobuf"))
    assert installed.has("numpy.linalg", "cpython")
    assert installed.has("google.protobuf.message", "cpython")
    assert not installed.has("google", "cpython") and not installed.has("numpyx", "cpython")
    assert not installed.has("numpy", "pypy")


def test_only_atcoder_and_library_checker_list_modules():
    listed = {key for key, profile in PROFILES.items() if profile.modules}
    assert listed == {"atcoder", "library checker"}


def test_library_checker_installs_numpy_and_scipy_for_its_cpython_only():
    """Its Python3 image pip-installs numpy and scipy on python:3.10-slim, its PyPy image
    nothing (yosupo06/library-checker-judge, langs/Dockerfile.PYTHON3 and .PYPY)."""
    modules = profile_for("Library Checker").modules
    assert modules.cpython == ("numpy", "scipy") and modules.pypy == ()


def test_numpy_for_library_checker_passes_its_cpython_and_is_refused_for_its_pypy(toy):
    _, errors = checked(toy, "Library Checker", NUMPY_SUM)
    assert errors == [
        "solutions/toy_sum.py:3: imports 'numpy', which Library Checker does not install for "
        "PyPy (targets pypy3.9)"
    ]


# --- the checks --------------------------------------------------------------------------------


def test_numpy_for_atcoder_is_kept_as_an_import_and_allowed(toy):
    bundle, errors = checked(toy, "AtCoder", NUMPY_SUM)
    assert errors == []
    assert "import numpy as np" in bundle.text.splitlines()
    assert [helper.name for helper in bundle.helpers] == []  # nothing of numpy inlined


def test_sortedcontainers_and_ac_library_for_atcoder_are_allowed(toy):
    source = """\
        from sortedcontainers import SortedList
        from atcoder.dsu import DSU
        import more_itertools
        print(len(SortedList([3, 1])), DSU(2).same(0, 1), more_itertools.first([5]))
        """
    bundle, errors = checked(toy, "atcoder", source)
    assert errors == []
    assert "from atcoder.dsu import DSU" in bundle.text


@pytest.mark.parametrize(
    ("judge", "why"),
    [
        ("Codeforces", "its profile lists no third-party modules: standard library only"),
        ("POJ", "judges without a profile: standard library only"),
    ],
)
def test_numpy_is_refused_naming_the_judge_elsewhere(toy, judge, why):
    _, errors = checked(toy, judge, NUMPY_SUM)
    assert errors == [
        "solutions/toy_sum.py:3: imports 'numpy', which is neither in the standard library nor "
        f"a helper of the workspace, and {judge} does not install it ({why}; name it in "
        "problems.toml's modules = [...] if the judge's language offers it)"
    ]


def test_modules_named_in_problems_toml_are_the_judge_s_too(toy):
    """Kattis' "Python 3 with NumPy" (ncpc16.kattis.com/help/python3numpy: "all standard
    libraries included with Python 3, as well as NumPy"): the profile lists none, the
    problem names numpy, and the import passes; AtCoder's list keeps its own."""
    set_judge(toy, "Kattis")
    registry = toy / "problems.toml"
    text = registry.read_text(encoding="utf-8")
    registry.write_text(text.replace('judge = "Kattis"', 'judge = "Kattis"\nmodules = ["numpy"]'))
    write_solution(toy, NUMPY_SUM)
    problem = load_registry(toy)["toy_sum"]
    assert problem.installed.has("numpy.linalg", "pypy")
    assert check(problem, make_bundle(problem), {}).errors == []
    registry.write_text(text.replace('judge = "Kattis"', 'judge = "AtCoder"\nmodules = ["tqdm"]'))
    installed = load_registry(toy)["toy_sum"].installed
    assert installed.has("tqdm", "pypy") and installed.has("numpy", "cpython")


@pytest.mark.parametrize("bad", ['["numpy-stubs"]', "[3]"])
def test_a_module_that_is_no_import_name_is_one_line(toy, bad):
    registry = toy / "problems.toml"
    text = registry.read_text(encoding="utf-8")
    registry.write_text(text.replace('judge = "nowhere"', f'judge = "nowhere"\nmodules = {bad}', 1))
    with pytest.raises(BuildError, match=r"^problems.toml:\d+: \[toy_sum\]: modules: .* is not a "):
        load_registry(toy)


def test_a_module_atcoder_does_not_list_is_refused_for_atcoder(toy):
    _, errors = checked(toy, "AtCoder", "import requests\nprint(requests)\n")
    assert len(errors) == 1
    assert errors[0].startswith(
        "solutions/toy_sum.py:1: imports 'requests', which is neither in the standard library "
        "nor a helper of the workspace, and AtCoder does not install it (it installs numpy, "
    )


def test_a_module_only_cpython_has_is_refused_for_the_pypy_target_unless_guarded(toy):
    _, errors = checked(toy, "AtCoder", "import torch\nprint(torch)\n")
    assert errors == [
        "solutions/toy_sum.py:1: imports 'torch', which AtCoder does not install for PyPy "
        "(targets pypy3.11)"
    ]
    guarded = "try:\n    import torch\nexcept ImportError:\n    torch = None\nprint(torch)\n"
    assert checked(toy, "AtCoder", guarded)[1] == []


def test_a_guard_admits_a_module_no_target_has_the_fallback_running_there(toy):
    guarded = "try:\n    import numpy\nexcept ImportError:\n    numpy = None\nprint(numpy)\n"
    assert checked(toy, "Codeforces", guarded)[1] == []
    _, errors = checked(toy, "Codeforces", "import numpy\nprint(numpy)\n")
    assert len(errors) == 1 and "Codeforces does not install it" in errors[0]


# --- runs here ---------------------------------------------------------------------------------


def test_a_missing_module_the_judge_has_gets_a_hint_naming_the_judge(toy):
    bundle, _ = checked(toy, "AtCoder", NUMPY_SUM)
    problem = load_registry(toy)["toy_sum"]
    stderr = b"Traceback (most recent call last):\nModuleNotFoundError: No module named 'numpy'\n"
    details = explain(problem, bundle, problem.dist, stderr)
    assert details[-1].startswith(
        "hint: AtCoder installs 'numpy' (cpython3.13, pypy3.11), but the Python that ran this "
        "case here does not have it: install it with that Python, `<python> -m pip install numpy`"
    )
    assert len([line for line in details if line.startswith("hint:")]) == 1


def test_the_missing_module_is_read_from_the_traceback():
    assert missing_module("x\nModuleNotFoundError: No module named 'google.protobuf'\n") == (
        "google.protobuf"
    )
    assert missing_module("ImportError: cannot import name 'x' from 'numpy'") is None
    assert missing_module("ModuleNotFoundError: No module named 'numpy' (the judge's)\n") == "numpy"


def test_a_missing_module_is_read_from_the_exception_that_ended_the_run_alone():
    """A crash whose stderr quotes the message elsewhere (a debug line, a handled import) is
    the crash's: RE, not "not judged here"."""
    stderr = (
        "debug: ModuleNotFoundError: No module named 'numpy' (expected locally)\n"
        'Traceback (most recent call last):\n  File "a.py", line 3, in <module>\n'
        "IndexError: list index out of range\n"
    )
    assert missing_module(stderr) is None
    assert missing_module("ModuleNotFoundError: No module named 'numpy'\n\n") == "numpy"


def test_the_hint_names_the_pip_package_and_only_the_targets_that_have_it():
    atcoder = profile_for("AtCoder")
    targets = [parse_target("cpython3.13"), parse_target("pypy3.11")]

    def hint(profile, module):
        return install_hint(profile.name, profile.modules, targets, module)

    assert "pip install ac-library-python`" in hint(atcoder, "atcoder.dsu")
    assert "(cpython3.13)," in hint(atcoder, "torch")
    assert hint(atcoder, "requests") is None
    assert hint(profile_for("Codeforces"), "numpy") is None
    assert install_hint("a judge", None, targets, "numpy") is None


def test_a_toy_atcoder_problem_importing_numpy_builds_and_runs(toy):
    pytest.importorskip("numpy")
    if "-S" in ISOLATED:
        pytest.skip("runs here start without the site module (-S): no site-packages at all")
    if subprocess.run([sys.executable, "-I", "-c", "import numpy"], check=False).returncode:
        pytest.skip("numpy is not importable under -I (installed in the user site only)")
    set_judge(toy, "AtCoder")
    write_solution(toy, NUMPY_SUM)
    (toy / "samples" / "toy_sum" / "sample-1.out").write_text("12\n")
    # no target interpreter: both targets run under the Python running the build
    code, output = build(toy, pythons="")
    assert code == 0, output
    assert "import numpy as np" in (toy / "dist" / "toy_sum.py").read_text().splitlines()


def test_a_run_without_a_module_the_judge_has_fails_with_the_hint(toy):
    module = "acl_cpp"  # AtCoder has it for both targets; rarely installed elsewhere
    if (
        subprocess.run([sys.executable, "-I", "-c", f"import {module}"], check=False).returncode
        == 0
    ):
        pytest.skip(f"{module} is installed here")
    set_judge(toy, "AtCoder")
    write_solution(toy, f"import {module}\nprint(12)\n")
    code, output = build(toy, pythons="")
    assert code == 1
    assert f"ModuleNotFoundError: No module named '{module}'" in output
    assert f"hint: AtCoder installs '{module}' (cpython3.13, pypy3.11)" in output
    assert "pip install acl-cpp-python`" in output

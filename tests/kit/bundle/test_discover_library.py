"""Discovery as Python resolves imports (kit.bundle.discover, asking kit.bundle.resolve, whose
own tests are tests/kit/bundle/test_resolve.py), and bundled modules that look imported
(kit.bundle.assemble's loader), on tests/fixtures/library: a contest library laid out as
PyRival is (``__init__`` extending ``__path__`` from ``__file__``, flat names, namespace
folders), with star-importing ``__init__``s, a module-level ``__getattr__``, a top-level
namespace package and relative imports. Its samples' answers are what the solutions print when
run from source."""

import importlib.machinery
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

import kit.bundle.resolve
from kit.bundle.discover import discover
from kit.bundle_making import make_bundle
from kit.errors import BuildError
from kit.registry import load_registry

KIT_ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def library(checkout_copy):
    return checkout_copy("library")


def write(root, relative, text):
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")


def helpers_of(root, slug):
    _entry, helpers = discover(root, root / "solutions" / f"{slug}.py")
    return {helper.name: helper.rel for helper in helpers}


def build(root, *args):
    done = subprocess.run(
        [sys.executable, str(KIT_ROOT / "build.py"), *args, "--root", str(root), "--repeat", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


def run_source(root, slug, stdin):
    return subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, '.'); "
         f"import runpy; runpy.run_path('solutions/{slug}.py', run_name='__main__')"],
        input=stdin, capture_output=True, cwd=root, timeout=60, check=True,
    ).stdout  # fmt: skip


def run_bundle(root, slug, stdin):
    folder = root.parent / "elsewhere"
    folder.mkdir(exist_ok=True)
    script = folder / "bundle.py"
    script.write_text(make_bundle(load_registry(root)[slug]).text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-I", "-S", str(script)],
        input=stdin, capture_output=True, cwd=folder, timeout=60, check=True,
    ).stdout  # fmt: skip


# --- resolution ------------------------------------------------------------------------------


def test_flat_names_resolve_through_the_path_the_package_extends(library):
    found = helpers_of(library, "flat_names")
    assert found["cplib.fenwick"] == "cplib/structures/fenwick.py"
    assert found["cplib.dsu"] == "cplib/graphs/dsu.py"
    assert found["cplib.structures.fenwick"] == "cplib/structures/fenwick.py"
    assert found["cplib.version"] == "cplib/version.py"  # dsu's `from .version`: from cplib
    assert found["cplib.structures"] == "cplib/structures/"  # a namespace folder
    assert "os" not in found


def test_namespace_packages_star_imports_and_lazy_getattr_imports_are_found(library):
    found = helpers_of(library, "library_idioms")
    assert found["loose"] == "loose/" and found["loose.geometry"] == "loose/geometry/"
    assert found["loose.geometry.cross"] == "loose/geometry/cross.py"
    assert found["cplib.strings.hashing"] == "cplib/strings/hashing.py"
    assert found["cplib.strings.palindromes"] == "cplib/strings/palindromes.py"
    assert found["cplib.lazy.numbers"] == "cplib/lazy/numbers.py"  # imported in __getattr__
    assert "cplib.fenwick" not in found  # nothing imports it


def test_star_import_loads_the_submodules_a_literal_all_names(tmp_path):
    write(tmp_path, "pkg/__init__.py", "__all__ = ['sub', 'VALUE']\nVALUE = 1\n")
    write(tmp_path, "pkg/sub.py", "NAME = 'sub'\n")
    write(tmp_path, "pkg/VALUE.py", "raise SystemExit('a submodule Python does not load')\n")
    write(tmp_path, "solutions/s.py", "from pkg import *\nprint(sub.NAME, VALUE)\n")
    _entry, helpers = discover(tmp_path, tmp_path / "solutions" / "s.py")
    assert [helper.name for helper in helpers] == ["pkg", "pkg.sub"]


def test_a_name_the_package_binds_is_not_taken_for_a_submodule(tmp_path):
    write(tmp_path, "pkg/__init__.py", "def tool():\n    return 1\n")
    write(tmp_path, "pkg/tool.py", "raise SystemExit('Python would not load this')\n")
    write(tmp_path, "solutions/s.py", "from pkg import tool\nprint(tool())\n")
    _entry, helpers = discover(tmp_path, tmp_path / "solutions" / "s.py")
    assert [helper.name for helper in helpers] == ["pkg"]


def test_a_name_a_plain_module_binds_by_star_import_is_no_submodule(tmp_path):
    write(tmp_path, "pkg/__init__.py", "")
    write(tmp_path, "pkg/api.py", "from .impl import *\n")
    write(tmp_path, "pkg/impl.py", "def f():\n    return 2\n")
    write(tmp_path, "solutions/s.py", "from pkg.api import f\nprint(f())\n")
    _entry, helpers = discover(tmp_path, tmp_path / "solutions" / "s.py")
    assert sorted(helper.name for helper in helpers) == ["pkg", "pkg.api", "pkg.impl"]


def test_a_package_that_raises_on_import_is_a_one_line_error_naming_the_import(tmp_path):
    write(tmp_path, "pkg/__init__.py", "raise ValueError('no config found')\n")
    write(tmp_path, "solutions/s.py", "import sys\nfrom pkg.sub import f\n")
    with pytest.raises(BuildError) as raised:
        discover(tmp_path, tmp_path / "solutions" / "s.py")
    assert str(raised.value) == (
        "solutions/s.py:2: import 'pkg.sub': its package 'pkg' raised ValueError: no config "
        "found (the build imports a package, with no input, to find its modules)"
    )


def test_a_compiled_module_under_the_checkout_is_refused(tmp_path):
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]  # the resolver runs this Python
    write(tmp_path, f"fast{suffix}", "")
    write(tmp_path, "solutions/s.py", "import fast\n")
    with pytest.raises(
        BuildError, match=r"^solutions/s\.py:1: 'fast' is fast\..*not Python source"
    ):
        discover(tmp_path, tmp_path / "solutions" / "s.py")


def test_a_package_that_hangs_on_import_is_an_error_not_a_hung_build(tmp_path, monkeypatch):
    monkeypatch.setattr(kit.bundle.resolve, "ANSWER_SECONDS", 1)
    write(tmp_path, "slow/__init__.py", "while True:\n    pass\n")
    write(tmp_path, "solutions/s.py", "import slow.part\n")
    with pytest.raises(
        BuildError, match=r"^solutions/s\.py:1: import 'slow.part': no answer within 1 s"
    ):
        discover(tmp_path, tmp_path / "solutions" / "s.py")


# --- the bundles -----------------------------------------------------------------------------


def test_every_library_problem_builds_and_passes_on_every_target(library):
    code, output = build(library)
    assert code == 0, output
    assert "flat_names" in output and "library_idioms" in output


@pytest.mark.parametrize("slug", ["flat_names", "library_idioms"])
def test_the_bundle_prints_exactly_what_the_source_prints(library, slug):
    stdin = (library / "samples" / slug / "sample-1.in").read_bytes()
    assert run_bundle(library, slug, stdin) == run_source(library, slug, stdin)


def test_bundled_modules_carry_file_path_and_spec_relative_to_the_checkout(library):
    output = run_bundle(library, "library_idioms", b"1 2 3 4\n").decode().splitlines()
    assert (
        output[2] == "cplib cplib/__init__.py cplib ['cplib', 'structures', 'graphs'] cplib cplib"
    )
    assert (
        output[4] == "loose.geometry None loose.geometry ['geometry'] loose.geometry loose.geometry"
    )


def test_unreached_library_code_is_still_cut(library):
    text = make_bundle(load_registry(library)["flat_names"]).text
    assert "class Fenwick" in text and "never_called_fenwick_helper" not in text


# --- the field's own libraries, from the package index ---------------------------------------

FIELD_LIBRARIES = {"pyrival": "pyrival==0.2.0", "atcoder": "ac-library-python==0.1.0"}


@pytest.fixture(scope="module")
def field_wheels(tmp_path_factory):
    """PyRival's and ac-library-python's wheels, downloaded once; skip without the index."""
    folder = tmp_path_factory.mktemp("wheels")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
         "--disable-pip-version-check", "-q", "-d", str(folder), *FIELD_LIBRARIES.values()],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        pytest.skip(f"the package index cannot be reached: {done.stderr.strip()[-200:]}")
    return sorted(folder.glob("*.whl"))


@pytest.mark.slow
def test_pyrival_and_ac_library_bundle_as_their_users_import_them(checkout_copy, field_wheels):
    root = checkout_copy("field_libraries")
    for wheel in field_wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(root)
    for package in FIELD_LIBRARIES:
        assert (root / package / "__init__.py").is_file()
    for folder in sorted((root / "samples").iterdir()):
        stdin = (folder / "sample-1.in").read_bytes()
        (folder / "sample-1.out").write_bytes(run_source(root, folder.name, stdin))
    code, output = build(root)
    assert code == 0, output
    assert output.count(" ok ") >= 3 and "of unreached helper code cut" in output

"""kit.bundle.resolve: module names answered by the import system in a child Python, as
``find_spec`` finds them under the checkout (files, packages, namespace folders), apart from
what the user's packages print, read or raise."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import kit.bundle.resolve
from kit.bundle.resolve import ResolveError, Resolver, import_path


def write(root, relative, text):
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")


def test_what_the_user_s_packages_print_or_read_does_not_disturb_the_resolver(tmp_path):
    write(tmp_path, "noisy/__init__.py", "import sys\nprint('{}')\nsys.stdin.read()\n")
    write(tmp_path, "noisy/part.py", "X = 1\n")
    with Resolver(tmp_path) as resolver:
        spec = resolver.find("noisy.part")
        assert spec.origin == tmp_path / "noisy" / "part.py" and not spec.is_package
        assert resolver.find("noisy").locations == (tmp_path / "noisy",)
        assert resolver.find("noisy.missing") is None


def test_the_resolver_writes_no_bytecode_into_the_user_s_folders(tmp_path):
    """Finding ``shared.helper`` runs ``shared/__init__.py``: its ``__pycache__`` was left in
    the workspace (``-I`` drops ``PYTHONDONTWRITEBYTECODE``); the kit reads sources only."""
    write(tmp_path, "shared/__init__.py", "X = 1\n")
    write(tmp_path, "shared/helper.py", "Y = 2\n")
    with Resolver(tmp_path) as resolver:
        assert resolver.find("shared.helper").origin == tmp_path / "shared" / "helper.py"
    assert sorted(path.name for path in (tmp_path / "shared").iterdir()) == [
        "__init__.py", "helper.py"
    ]  # fmt: skip


def test_the_resolver_reports_what_a_package_raised(tmp_path):
    write(tmp_path, "bad/__init__.py", "1 / 0\n")
    with Resolver(tmp_path) as resolver, pytest.raises(ResolveError, match="ZeroDivisionError"):
        resolver.find("bad.x")


def test_a_long_path_in_what_a_package_raised_is_kept_whole(tmp_path, monkeypatch):
    """An ImportError's first line names the package's file (``cannot import name 'nothing'
    from 'pkg' (/home/.../pkg/__init__.py)``): a cut at 200 characters split that path. It
    is kept whole, named from the current folder inside the workspace."""
    deep = "/".join(letter * 60 for letter in "def")  # a path of over 200 characters
    write(tmp_path, f"{deep}/pkg/__init__.py", "")
    write(tmp_path, "user/__init__.py", "from pkg import nothing\n")
    folders = (tmp_path, tmp_path / deep)
    monkeypatch.chdir(tmp_path / "user")
    with Resolver(tmp_path, folders) as resolver, pytest.raises(ResolveError) as raised:
        resolver.find("user.x")
    said = str(raised.value)
    assert said.startswith("ImportError: cannot import name 'nothing' from 'pkg' (")
    assert said.endswith(f"(../{deep}/pkg/__init__.py)")


@pytest.mark.parametrize("words", [10, 300])
def test_an_error_s_words_are_cut_and_its_paths_kept(tmp_path, words):
    """The words around a path are cut to MESSAGE_CHARS, in their middle, so that the
    ``(`` or quote before the path stays; a path outside the workspace is kept as it is."""
    path = "/usr/lib/" + "p" * 250 + ".py"
    said = kit.bundle.resolve.shown_message(f"OSError: {'w' * words} ({path}) at end", tmp_path)
    assert f" ({path}) at end" in said
    assert len(said) - len(path) <= kit.bundle.resolve.MESSAGE_CHARS
    assert ("..." in said) is (words > 200)  # the figure the changelog gives


def test_each_piece_of_an_error_s_words_keeps_what_leads_into_its_path(tmp_path):
    """Words cut in three pieces: the first cut short keeps its ends still (`` (`` before the
    path), the next cut takes the rest of the excess."""
    said = kit.bundle.resolve.shown_message(
        f"E: {'a' * 100} (/p/one) {'b' * 100} (/p/two) {'c' * 100}", tmp_path
    )
    assert said.startswith("E: a") and " (/p/one) b" in said and " (/p/two) c" in said
    assert len(said) - len("/p/one/p/two") == kit.bundle.resolve.MESSAGE_CHARS


def test_the_module_a_package_misses_is_named_apart(tmp_path):
    """The module a ModuleNotFoundError names (PyRival's ``from .version import version``,
    its file written at install): the build says where it is not."""
    write(tmp_path, "rival/__init__.py", "from .version import version\n")
    with Resolver(tmp_path) as resolver, pytest.raises(ResolveError) as raised:
        resolver.find("rival.algo")
    assert raised.value.missing == "rival.version"
    with Resolver(tmp_path) as resolver, pytest.raises(ResolveError) as raised:
        write(tmp_path, "bad/__init__.py", "1 / 0\n")
        resolver.find("bad.x")
    assert raised.value.missing is None


def test_a_package_importing_a_module_not_here_still_has_its_submodules_found(tmp_path):
    """``shared/sc/__init__.py`` imports sortedcontainers, which the judge installs and this
    Python lacks: the build refused, though the same import in a plain module passed. The
    submodule is found where the package's spec says; a helper the package misses is still
    its own failure."""
    write(tmp_path, "sc/__init__.py", "from sortedcontainers_not_here import SortedList\n")
    write(tmp_path, "sc/util.py", "X = 1\n")
    write(tmp_path, "broken/__init__.py", "import helper_missing.x\n")
    write(tmp_path, "broken/util.py", "X = 1\n")
    write(tmp_path, "helper_missing/__init__.py", "")
    with Resolver(tmp_path) as resolver:
        assert resolver.find("sc.util").origin == tmp_path / "sc" / "util.py"
        assert resolver.find("sc.nothing") is None
        with pytest.raises(ResolveError, match="helper_missing.x"):
            resolver.find("broken.util")


def test_a_folder_without_init_is_a_namespace_package_with_no_file(tmp_path):
    write(tmp_path, "loose/geometry/cross.py", "def cross(a, b):\n    return 0\n")
    with Resolver(tmp_path) as resolver:
        folder = resolver.find("loose.geometry")
        assert folder.origin is None and folder.locations == (tmp_path / "loose" / "geometry",)
        assert resolver.find("loose.geometry.cross").origin == (
            tmp_path / "loose" / "geometry" / "cross.py"
        )


def test_a_name_extended_into_the_package_path_is_found_where_python_finds_it(tmp_path):
    """PyRival's idiom: ``__init__`` adds a sub-folder to ``__path__``, so a flat name is a
    file one folder down, which no guess from the name's dots would find."""
    write(
        tmp_path,
        "lib/__init__.py",
        "import os\n__path__.append(os.path.join(os.path.dirname(__file__), 'deep'))\n",
    )
    write(tmp_path, "lib/deep/flat.py", "VALUE = 1\n")
    with Resolver(tmp_path) as resolver:
        assert resolver.find("lib.flat").origin == tmp_path / "lib" / "deep" / "flat.py"


def test_a_standard_library_module_is_found_outside_the_checkout(tmp_path):
    write(tmp_path, "mine.py", "")
    with Resolver(tmp_path) as resolver:
        assert resolver.find("mine").origin == tmp_path / "mine.py"
        heapq = resolver.find("heapq")
        assert heapq.origin.name == "heapq.py" and tmp_path not in heapq.origin.parents


def test_each_name_is_asked_once(tmp_path, monkeypatch):
    write(tmp_path, "once.py", "")
    asked = []
    with Resolver(tmp_path) as resolver:
        ask = resolver._ask
        monkeypatch.setattr(resolver, "_ask", lambda name: asked.append(name) or ask(name))
        first = resolver.find("once")
        assert resolver.find("once") == first and asked == ["once"]


def test_a_package_that_hangs_is_an_error_and_the_child_is_gone(tmp_path, monkeypatch):
    monkeypatch.setattr(kit.bundle.resolve, "ANSWER_SECONDS", 0.5)
    write(tmp_path, "slow/__init__.py", "while True:\n    pass\n")
    resolver = Resolver(tmp_path)
    with pytest.raises(ResolveError, match=r"no answer within 0\.5 s"):
        resolver.find("slow.part")
    assert resolver._child is None


def test_a_helper_under_a_folder_not_ascii_is_found_by_a_kit_in_the_c_locale(tmp_path):
    """The child runs isolated, in UTF-8 under the C locale; a kit started with
    ``PYTHONUTF8=0`` names files in ASCII with escapes: paths come back as their bytes."""
    folder = tmp_path / "josé"
    (folder / "shared").mkdir(parents=True)
    (folder / "shared" / "util.py").write_text("x = 1\n")
    (folder / "shared" / "bad.py").write_text("x = (\n")
    (folder / "shared" / "müll.py").write_text("x = 2\n")  # a name not ASCII: pipes in UTF-8
    code = textwrap.dedent(
        """\
        import os, sys
        from pathlib import Path
        from kit.bundle.resolve import ResolveError, Resolver
        root = Path(sys.argv[1])
        resolver = Resolver(root)
        spec = resolver.find("shared.util")
        assert spec.origin == root / "shared" / "util.py", spec
        assert spec.origin.is_file()
        spec = resolver.find("shared.m\\u00fcll")
        assert spec.origin == root / "shared" / os.fsdecode(b"m\\xc3\\xbcll.py"), spec
        try:
            resolver.find("shared.bad")
        except ResolveError as error:
            assert Path(error.file) == root / "shared" / "bad.py", error.file
        resolver.close()
        print("found")
        """
    )
    env = {**os.environ, "LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"}
    env["PYTHONPATH"] = str(Path(kit.bundle.resolve.__file__).parents[2])
    done = subprocess.run(
        [sys.executable, "-c", code, str(folder)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.stdout == "found\n", done.stderr


def test_a_package_s_all_is_read_as_it_runs(tmp_path):
    """``__all__`` computed at run time, which the build cannot read from the text."""
    write(tmp_path, "pkg/__init__.py", "__all__ = list(('sub',)) + ['x']\nx = 1\n")
    write(tmp_path, "plain/__init__.py", "y = 2\n")
    write(tmp_path, "odd/__init__.py", "__all__ = [1, 2]\n")
    write(tmp_path, "broken/__init__.py", "raise ValueError('no')\n")
    with Resolver(tmp_path) as resolver:
        assert resolver.listed("pkg") == ["sub", "x"]
        assert resolver.listed("plain") is None and resolver.listed("odd") is None
        with pytest.raises(ResolveError, match="ValueError: no"):
            resolver.listed("broken")
        assert resolver.find("pkg") is not None  # the child still answers


def test_a_script_s_folder_is_searched_before_the_root_a_package_s_or_the_kit_s_is_not(tmp_path):
    """``python abc/a.py`` puts abc/ first on sys.path; ``python -m solutions.x`` (the kit's
    layout) and a package's folder have the root alone."""
    for folder in ("abc", "solutions", "pkg"):
        (tmp_path / folder).mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    assert import_path(tmp_path, tmp_path / "abc" / "a.py") == (tmp_path / "abc", tmp_path)
    for solution in ("solutions/x.py", "pkg/a.py", "a.py"):
        assert import_path(tmp_path, tmp_path / solution) == (tmp_path,)


def test_the_resolver_finds_modules_in_its_path_s_order(tmp_path):
    write(tmp_path, "abc/mylib.py", "X = 1\n")
    write(tmp_path, "mylib.py", "X = 2\n")
    write(tmp_path, "rootonly.py", "X = 3\n")
    with Resolver(tmp_path, (tmp_path / "abc", tmp_path)) as resolver:
        assert resolver.find("mylib").origin == tmp_path / "abc" / "mylib.py"
        assert resolver.find("rootonly").origin == tmp_path / "rootonly.py"
    with Resolver(tmp_path) as resolver:
        assert resolver.find("mylib").origin == tmp_path / "mylib.py"

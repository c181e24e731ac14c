"""kit.check.checks on the toy checkout: imports, APIs and syntax per target, with file and line."""

import ast
import dataclasses
import os
import re
import tempfile
from pathlib import Path

import pytest

from kit.building.pipeline import columns_for
from kit.bundle.sources import Source
from kit.bundle_making import make_bundle
from kit.check import apis, checks
from kit.check.checks import check
from kit.errors import BuildError
from kit.judges.platforms import WINDOWS
from kit.judges.targets import Target
from kit.registry import load_registry
from tests.bundle_support import (
    bundle_of,
    checked,
    interpreter,
    run_bundle,
    run_source,
    write,
)


def test_non_stdlib_import_anywhere_fails_naming_module_and_line(toy):
    helper = toy / "shared" / "toy_text.py"
    lines = helper.read_text().splitlines()
    lines.insert(lines.index("def format_total(total: Total) -> str:") + 1, "    import numpy")
    helper.write_text("\n".join(lines) + "\n")
    line = lines.index("    import numpy") + 1
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value).startswith(f"shared/toy_text.py:{line}: imports 'numpy', which is")


def test_missing_helper_module_is_named(toy):
    write(toy, "solutions/toy_sum.py", "import sys\nfrom shared.nothing import x\nprint(x)\n")
    with pytest.raises(BuildError, match=r"toy_sum\.py:2: cannot find helper module 'shared\.no"):
        checked(toy)
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert "permission" not in str(error.value)
    assert str(error.value).endswith(
        "cannot find helper module 'shared.nothing'; looked for shared/nothing.py and "
        "shared/nothing/ in the workspace"
    )


def test_missing_helpers_are_the_unguarded_imports_of_helper_modules_that_are_nowhere(toy):
    """A helper's ``from .nosuch import y`` (the build then says "not built"); not one a
    ``try`` catches, nor an import of a module that is no helper's (the check says that)."""
    write(toy, "shared/toy_text.py", "from .nosuch import y\nimport numpy\n")
    write(toy, "solutions/toy_sum.py", "from shared.toy_text import y\nprint(y)\n")
    problem = load_registry(toy)["toy_sum"]
    assert checks.missing_helpers(problem, make_bundle(problem)) == [
        "shared/toy_text.py:1: cannot find helper module 'shared.nosuch'; looked for "
        "shared/nosuch.py and shared/nosuch/ in the workspace"
    ]
    write(
        toy,
        "shared/toy_text.py",
        "try:\n    from .nosuch import y\nexcept ImportError:\n    y = 1\n",
    )
    assert checks.missing_helpers(problem, make_bundle(problem)) == []


@pytest.mark.parametrize(
    "helper",
    [
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .nosuch import z\ny = 1\n",
        "import sys\nif sys.version_info < (3, 0):\n    from .nosuch import y\nelse:\n    y = 1\n",
        "def never_called():\n    from .nosuch import z\n    return z\ny = 1\n",
        "try:\n    from .nosuch import y\nexcept Exception:\n    y = 1\n",
        "try:\n    from .nosuch import y\nexcept (ImportError, ValueError):\n    y = 1\n",
        "try:\n    from .nosuch import y\nexcept ModuleNotFoundError:\n    y = 1\n",
        "import importlib\ny = 1\nif y > 1:\n    importlib.import_module('shared.nosuch')\n",
        "from .folder import part\ny = part.y\n",  # a folder without __init__.py
        "import shared.folder.part\ny = shared.folder.part.y\n",
    ],
)
def test_missing_helpers_are_none_where_the_import_never_runs_or_is_caught(toy, helper):
    """The build refuses to keep the bundle only for an import that would fail as it runs."""
    write(toy, "shared/toy_text.py", helper)
    write(toy, "shared/folder/part.py", "y = 1\n")
    write(toy, "solutions/toy_sum.py", "from shared.toy_text import y\nprint(y)\n")
    problem = load_registry(toy)["toy_sum"]
    assert checks.missing_helpers(problem, make_bundle(problem)) == []


def test_a_helper_folder_the_kit_cannot_list_is_named(toy, monkeypatch):
    """``chmod 000 shared`` (or 311: entered, not listed): Python finds no module in it, and
    the message says why. Root reads any folder, so the kit's look at the folder is faked."""
    write(toy, "solutions/toy_sum.py", "from shared.nothing import x\nprint(x)\n")
    real = os.access
    shared = toy / "shared"
    monkeypatch.setattr(os, "access", lambda path, mode: real(path, mode) and path != shared)
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value).endswith(
        "cannot find helper module 'shared.nothing'; shared/ cannot be read (permission denied)"
    )


def _lists_any_folder() -> bool:
    """Whether this process lists a folder of mode 000 (root does, unless its capabilities
    were dropped)."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch, "closed")
        folder.mkdir(mode=0o000)
        try:
            os.listdir(folder)
        except PermissionError:
            return False
        finally:
            folder.chmod(0o700)
    return True


@pytest.mark.skipif(_lists_any_folder(), reason="this process lists any folder (root)")
def test_a_helper_folder_without_read_permission_is_named(toy):
    write(toy, "solutions/toy_sum.py", "from shared.nothing import x\nprint(x)\n")
    (toy / "shared").chmod(0o311)
    try:
        with pytest.raises(BuildError, match=r"shared/ cannot be read \(permission denied\)$"):
            checked(toy)
    finally:
        (toy / "shared").chmod(0o755)


@pytest.mark.parametrize("beside", ["solutions/common.py", "solutions/common/__init__.py"])
def test_an_import_of_a_file_beside_the_solution_says_how_to_import_it(toy, beside):
    """From source in its folder ``import common`` finds solutions/common.py; the kit, like
    ``PYTHONPATH=.``, looks from the workspace's root."""
    write(toy, beside, "def f():\n    return 55\n")
    write(toy, "solutions/toy_sum.py", "import common\nprint(common.f())\n")
    with pytest.raises(BuildError) as error:
        checked(toy)
    shown = "common.py" if beside.endswith("common.py") else "common/"  # a file, a package
    assert str(error.value).endswith(
        f"; solutions/{shown} is beside it, but imports are found from the workspace's root: "
        "import it as 'solutions.common', or move it into shared/"
    )
    write(toy, "solutions/toy_sum.py", "from solutions.common import f\nprint(f())\n")
    checked(toy)


def _solution_at(toy, rel, text):
    write(toy, rel, text)
    table = toy / "problems.toml"
    setting = f'solution = "{rel}"'
    table.write_text(table.read_text().replace("[toy_sum]\n", f"[toy_sum]\n{setting}\n", 1))


def test_a_file_beside_the_solution_in_a_package_no_import_can_name_is_to_be_moved(toy):
    """``abc-300/a/helper.py``: 'import it as abc-300.a.helper' was no Python."""
    write(toy, "abc-300/a/helper.py", "def f():\n    return 55\n")
    write(toy, "abc-300/a/__init__.py", "")
    _solution_at(toy, "abc-300/a/main.py", "import helper\nprint(helper.f())\n")
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value).endswith(
        "; abc-300/a/helper.py is beside it, but imports are found from the workspace's root, "
        "and its folder's name is no Python name: move it into shared/"
    )


def test_a_file_beside_a_solution_in_a_script_s_folder_is_its_helper(toy):
    """``python abc-300/a/main.py`` imports helper.py beside it: so does the bundle (it was
    refused, with a hint that it is not used)."""
    write(toy, "abc-300/a/helper.py", "def f():\n    return 55\n")
    _solution_at(toy, "abc-300/a/main.py", "import helper\nprint(helper.f())\n")
    assert [h.rel for h in checked(toy).helpers] == ["abc-300/a/helper.py"]


def test_a_module_elsewhere_says_where_a_script_s_imports_are_found(toy):
    write(toy, "mylib/segfn.py", "def f():\n    return 55\n")
    _solution_at(toy, "contest/a.py", "import segfn\nprint(segfn.f())\n")
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value).endswith(
        "; mylib/segfn.py is in the workspace, but imports are found from the solution's folder "
        "and the workspace's root: import it as 'mylib.segfn', or move it into shared/"
    )


def test_a_module_elsewhere_in_the_workspace_says_how_to_import_it(toy):
    """``sys.path.append(".../mylib")`` then ``import segfn``: no hint named the file."""
    write(toy, "mylib/segfn.py", "def f():\n    return 55\n")
    write(toy, "dist/segfn.py", "def f():\n    return 55\n")  # bundles: never a hint
    write(toy, "solutions/toy_sum.py", "import segfn\nprint(segfn.f())\n")
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value).endswith(
        "; mylib/segfn.py is in the workspace, but imports are found from the workspace's root: "
        "import it as 'mylib.segfn', or move it into shared/"
    )


def test_a_file_beside_a_helper_in_shared_is_not_to_be_moved_into_shared(toy):
    """``shared/x.py`` importing ``y`` beside it: 'or move it into shared/' named where it was."""
    write(toy, "shared/y.py", "v = 55\n")
    write(toy, "shared/x.py", "import y\nv = y.v\n")
    write(toy, "solutions/toy_sum.py", "from shared.x import v\nprint(v)\n")
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value).endswith(
        "; shared/y.py is beside it, but imports are found from the workspace's root: "
        "import it as 'shared.y'"
    )


def test_a_library_importing_itself_by_name_elsewhere_is_to_be_moved_to_the_root(toy):
    """A library whose files import it by its own name (``from lib.base import Base`` in
    ``lib/tree.py``, as titan_pylib's do) kept in ``shared/lib/``: importing it as
    ``shared.lib.tree`` fails on its own imports, and it is already in shared/."""
    write(toy, "shared/lib/__init__.py", "")
    write(toy, "shared/lib/base.py", "class Base:\n    v = 55\n")
    write(toy, "shared/lib/tree.py", '"""A tree."""\n\nfrom lib.base import Base\n')
    write(toy, "solutions/toy_sum.py", "from lib.tree import Base\nprint(Base.v)\n")
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value).endswith(
        "; shared/lib/ is in the workspace, but imports are found from the workspace's root, "
        "and its own files import it as 'lib' (shared/lib/tree.py:3): move it, or a link to "
        "it, to the workspace's root"
    )
    (toy / "lib").symlink_to(toy / "shared" / "lib")
    checked(toy)


WHERE = "to sys.path, where {lib}/segfn.py is"


@pytest.mark.parametrize(
    ("added", "said"),
    [('sys.path.append("{lib}")', "adds {lib} " + WHERE),
     ('sys.path.insert(0, "../../outside")', "adds ../../outside " + WHERE),
     ("site.addsitedir(LIB)", "adds a folder to sys.path")],
)  # fmt: skip
def test_a_module_in_a_folder_outside_the_workspace_added_to_sys_path_is_named(toy, added, said):
    """A library outside the workspace that the source run finds through ``sys.path``: the
    bundle carries none of it, and the refusal says so (naming the file when it can)."""
    lib = (toy.parent / "outside").resolve()
    write(lib, "segfn.py", "def f():\n    return 55\n")
    code = f"import site, sys\n{added.format(lib=lib)}\nimport segfn\nprint(segfn.f())\n"
    write(toy, "solutions/toy_sum.py", code)
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value).endswith(
        f"; solutions/toy_sum.py:2 {said.format(lib=lib)}: the bundle carries only modules under "
        "the workspace, so link or copy "
        + ("it" if "segfn" in said else "'segfn'")
        + " to the workspace's root, where "
        + ("'segfn' is" if "segfn" in said else "it is")
        + " found as it is imported"
    )
    os.symlink(lib / "segfn.py", toy / "segfn.py")  # as the hint says: found as imported
    checked(toy)


@pytest.mark.parametrize("compiled", [False, True])
def test_a_library_this_python_finds_outside_the_workspace_is_named(toy, monkeypatch, compiled):
    """A library installed with pip (titan_pylib has a setup.py) or on PYTHONPATH: the source
    run imports it, the bundle carries none of it; its place is named, unless it has compiled
    parts, which no link would bring to a judge."""
    site = (toy.parent / "site").resolve()
    write(site, "tlib/__init__.py", "")
    write(site, "tlib/tree.py", "from tlib.base import v\n")
    write(site, "tlib/base.py", "v = 55\n")
    if compiled:
        write(site, "tlib/_speed.cpython-311-x86_64-linux-gnu.so", "")
    monkeypatch.syspath_prepend(str(site))
    write(toy, "solutions/toy_sum.py", "from tlib.tree import v\nprint(v)\n")
    with pytest.raises(BuildError) as error:
        checked(toy)
    hinted = str(error.value).endswith(
        f"; this machine's Python finds it at {site}/tlib/ (installed, or on PYTHONPATH): the "
        "bundle carries only modules under the workspace, so link or copy it to the "
        "workspace's root, where it is found as it is imported"
    )
    assert hinted is not compiled
    if not compiled:
        os.symlink(site / "tlib", toy / "tlib")
        checked(toy)


@pytest.mark.parametrize("link", ["shared/loop.py", "shared/loop"])
def test_a_helper_that_is_a_link_that_loops_is_named(toy, link):
    (toy / link).symlink_to((toy / link).name)
    write(toy, "solutions/toy_sum.py", "import shared.loop\nprint(3)\n")
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value).endswith(f"; {link} is a link that loops")


def test_a_refused_import_with_nothing_beside_it_has_no_such_hint(toy):
    write(toy, "solutions/toy_sum.py", "import common\nprint(common.f())\n")
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert "beside it" not in str(error.value)


def test_a_guarded_import_of_what_no_target_has_falls_back_and_passes(toy):
    """A shared helper's optional numpy, or an optional helper not written: on the judge the
    import fails and the fallback takes over."""
    guarded = (
        "try:\n    import numpy\nexcept ImportError:\n    numpy = None\n"
        "try:\n    from shared.fast import add\nexcept ImportError:\n    add = None\n"
        "print(3)\n"
    )
    write(toy, "solutions/toy_sum.py", guarded)
    checked(toy)
    write(toy, "solutions/toy_sum.py", "import numpy\nprint(3)\n")
    with pytest.raises(BuildError, match=r"toy_sum\.py:1: imports 'numpy', which is neither"):
        checked(toy)


@pytest.mark.parametrize(
    "call",
    [
        "main()",
        "main() if 1 else debug(1)",
        "globals()['main']()",  # any function may be called by name
        "@functools.wraps(main)\ndef other():\n    pass\nmain()",  # harmless decorator on another
    ],
)
@pytest.mark.parametrize(
    ("body", "refusal"),
    [
        ("    import matplotlib", r"toy_sum\.py:8: imports 'matplotlib', which is"),
        ("    return math.lcm(xs, 2)", r"toy_sum\.py:8: 'math\.lcm' member needs Python 3\.9"),
    ],
)
def test_a_function_of_the_solution_nothing_calls_is_not_checked(toy, call, body, refusal):
    """The judge never runs ``debug``: its matplotlib or math.lcm is no judge's concern,
    while the solution still ships whole; called (or callable by name), it is refused."""
    source = (
        "import functools\nimport math\nimport sys\n\n\n"
        f"@functools.lru_cache(None)\ndef debug(xs):\n{body}\n\n\n"
        "def main():\n    print(sum(map(int, sys.stdin.read().split())))\n\n\n"
    )
    write(toy, "solutions/toy_sum.py", source + call + "\n")
    if call in ("main()", "@functools.wraps(main)\ndef other():\n    pass\nmain()"):
        assert body.strip() in checked(toy).text
        return
    with pytest.raises(BuildError, match=refusal):
        checked(toy)


@pytest.mark.parametrize(
    "line",
    ["x = 1 if PYPY else 0; import numpy", "import numpy; x = 1 if PYPY else 0"],
)
def test_an_import_beside_a_guarded_expression_on_its_line_is_checked(toy, line):
    """A conditional expression on a guard's test guards its own statement, not another on
    its line: CPython 3.8.18, 3.9.18, 3.10.13 and PyPy 3.9 die there without numpy,
    measured; under ``if PYPY:`` on that line the import is guarded."""
    flag = "import sys\nPYPY = sys.implementation.name == 'pypy'\n"
    write(toy, "solutions/toy_sum.py", flag + line + "\nprint(3)\n")
    with pytest.raises(BuildError, match=r"toy_sum\.py:3: imports 'numpy', which is neither"):
        checked(toy)
    write(toy, "solutions/toy_sum.py", flag + "if PYPY: x = 1; import numpy\nprint(3)\n")
    checked(toy)
    write(toy, "solutions/toy_sum.py", flag + "if (1 if PYPY else 0): import numpy\nprint(3)\n")
    checked(toy)  # the if's test tells PyPy: the import is guarded, as under if PYPY:


def test_a_test_of_the_platform_is_no_guard_for_a_module_no_target_installs(toy):
    """``if sys.platform != "win32":`` is guard enough for a module only Unix has, not for
    numpy: CPython 3.8.18, 3.9.18, 3.10.13 and PyPy 3.9 die there without it, measured."""
    code = "import sys\nif sys.platform != 'win32':\n    import numpy\nprint(3)\n"
    write(toy, "solutions/toy_sum.py", code)
    with pytest.raises(BuildError, match=r"toy_sum\.py:3: imports 'numpy', which is neither"):
        checked(toy)


def test_an_import_for_type_checkers_only_is_not_checked(toy):
    """``if TYPE_CHECKING:`` never runs: its numpy is no judge's concern."""
    guarded = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import numpy\nprint(3)\n"
    write(toy, "solutions/toy_sum.py", guarded)
    checked(toy)
    write(toy, "solutions/toy_sum.py", guarded.replace("print(3)", "else:\n    import numpy"))
    with pytest.raises(BuildError, match=r"toy_sum\.py:5: imports 'numpy'"):
        checked(toy)


def test_test_only_code_of_helpers_is_not_checked(toy):
    helper = toy / "shared" / "toy_text.py"
    text = helper.read_text()
    text += "    import pytest\n    print((5).bit_count(), 'x'.removeprefix('x'))\n"
    helper.write_text(text)
    checked(toy)  # no error: that block never ships


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (
            "def ones(n):\n    return n.bit_count()\n",
            r"int\.bit_count\(\) needs Python 3\.10 or PyPy 3\.9 \(targets cpython3\.8, pypy3\)",
        ),
        (  # the same version for both implementations: said once
            "def strip(s):\n    return s.removeprefix('x')\n",
            r"removeprefix\(\) needs Python 3\.9 \(targets",
        ),
        (
            "def raw(n):\n    return n.to_bytes()\n",
            r"to_bytes\(\) without length and byteorder needs Python 3\.11",
        ),
        (
            "import functools\n@functools.cache\ndef f(n):\n    return n\n",
            r"'functools\.cache' member needs Python 3\.9",
        ),
        ("import math\ndef f(a, b):\n    return math.lcm(a, b)\n", r"'math\.lcm' member"),
        ("def f(a, b):\n    return list(zip(a, b, strict=True))\n", r"zip\(strict\)"),
        (
            "class P:\n    xs: list[int] = []\n",
            r"class-body annotation list\[int\] needs Python 3\.9",
        ),
        (
            "Grid = list[list[int]]\n",
            r":1: list\[list\[int\]\] \(a builtin type subscripted\) needs Python 3\.9",
        ),
        (
            "import collections\nby = collections.defaultdict(list[int])\n",
            r":2: list\[int\] \(a builtin",
        ),
        (
            "from __future__ import annotations\nPair = tuple[int, int]\n",
            r":2: tuple\[int, int\] \(a builtin",
        ),
    ],
)
def test_python_3_9_and_later_apis_fail_the_build_with_file_and_line(toy, code, message):
    helper = write(toy, "shared/newer.py", code)
    write(toy, "solutions/toy_sum.py", "from shared.newer import *\nprint(len(globals()))\n")
    with pytest.raises(BuildError, match=message) as error:
        checked(toy)
    assert str(error.value).startswith("shared/newer.py:")
    assert helper.exists()


@pytest.mark.parametrize(
    "code",
    [
        "def f():\n    seen: set[int] = set()\n    return seen\n",
        "def f(xs: list[int]) -> dict[str, int]:\n    return {}\nseen: set[int] = set()\n",
        "from typing import List\nGrid = List[List[int]]\n",
        "from __future__ import annotations\nclass P:\n    xs: list[int]\n",
    ],
    ids=["a-local-annotation", "stripped-annotations", "typing-generics", "future-class-body"],
)
def test_builtin_generics_in_annotations_the_bundle_strips_pass(toy, code):
    write(toy, "shared/newer.py", code)
    write(toy, "solutions/toy_sum.py", "from shared.newer import *\nprint(len(globals()))\n")
    checked(toy)


def test_a_method_of_the_kit_s_own_with_a_new_api_name_is_not_flagged(toy):
    code = "class B:\n    def bit_count(self):\n        return 1\nprint(B().bit_count())\n"
    write(toy, "solutions/toy_sum.py", code)
    checked(toy)


def test_syntax_error_names_file_and_line(toy):
    write(toy, "shared/broken.py", "def f(:\n    pass\n")
    write(toy, "solutions/toy_sum.py", "from shared.broken import f\n")
    with pytest.raises(BuildError, match=r"shared/broken\.py:1: syntax error"):
        bundle_of(toy)


def test_pypys_own_modules_need_a_guard_for_the_cpython_targets(toy):
    """pypyjit is standard under PyPy and absent under CPython: the strictest targets
    (CPython 3.8 and PyPy 3) take it behind a guard, and a PyPy-only problem without one."""
    write(toy, "solutions/toy_sum.py", "import pypyjit\nprint(3)\n")
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value) == (
        "solutions/toy_sum.py:1: module 'pypyjit' exists only under PyPy (targets cpython3.8)"
    )
    guarded = "try:\n    import pypyjit\nexcept ImportError:\n    pypyjit = None\nprint(3)\n"
    write(toy, "solutions/toy_sum.py", guarded)
    checked(toy)
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('id = "1"', 'id = "1"\ntargets = ["pypy3"]', 1))
    write(toy, "solutions/toy_sum.py", "import pypyjit\nprint(3)\n")
    checked(toy)


def test_a_hasattr_test_every_target_passes_guards_no_unix_only_import(toy):
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "Codeforces"', 1))
    write(
        toy,
        "solutions/toy_sum.py",
        "import math\nif hasattr(math, 'isqrt'):\n    import resource\n",
    )
    with pytest.raises(BuildError, match=r"toy_sum.py:3: module 'resource' exists only on Unix"):
        checked(toy)


@pytest.mark.parametrize(
    ("plain", "guarded", "what"),
    [
        (  # the usual stack-raising recipe
            "import resource\nprint(3)\n",
            "try:\n    import resource\nexcept ImportError:\n    resource = None\nprint(3)\n",
            "1: module 'resource'",
        ),
        (  # the same under a test of the platform (os.name too), as a member's use may be
            "import resource\nprint(3)\n",
            "import os\nif os.name == 'posix':\n    import resource\nprint(3)\n",
            "1: module 'resource'",
        ),
        (  # a test Windows passes too runs the import there: not guarded (the else is)
            "import sys\nif sys.platform != 'darwin':\n    import resource\nprint(3)\n",
            "import sys\nif sys.platform == 'win32':\n    pass\nelse:\n    import resource\n",
            "3: module 'resource'",
        ),
        (  # a self-imposed time limit
            "import signal\nsignal.alarm(5)\nprint(3)\n",
            "import signal, sys\nif sys.platform != 'win32':\n    signal.alarm(5)\nprint(3)\n",
            "2: 'signal.alarm'",
        ),
    ],
)
def test_unix_only_modules_and_members_fail_for_a_judge_on_windows_unless_guarded(
    toy, plain, guarded, what
):
    """Codeforces runs Python on Windows, where ``resource`` cannot be imported and
    ``signal.alarm`` does not exist: the check says so with file and line; a judge on Linux
    takes them, and a guarded use passes everywhere."""
    table = toy / "problems.toml"
    write(toy, "solutions/toy_sum.py", plain)
    checked(toy)  # a judge without a profile: Linux
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "Codeforces"', 1))
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value) == (
        f"solutions/toy_sum.py:{what} exists only on Unix, and Codeforces runs Python on "
        "Windows (targets cpython3.13, pypy3.10)"
    )
    write(toy, "solutions/toy_sum.py", guarded)
    checked(toy)


def test_syntax_a_target_lacks_is_said_once_not_again_as_an_api(toy):
    """``match`` is a syntax error for 3.8 (ruff) and pattern matching 3.10 needs (vermin):
    one line says it."""
    write(toy, "solutions/toy_sum.py", "match 1:\n    case _:\n        print(3)\n")
    problem = load_registry(toy)["toy_sum"]
    errors = check(problem, make_bundle(problem), {}).errors
    assert len(errors) == 1 and errors[0].startswith("solutions/toy_sum.py:1: ")
    assert "match" in errors[0] and "(targets cpython3.8, pypy3)" in errors[0]


def test_a_module_a_target_lacks_is_said_once_not_again_as_an_api(toy):
    """``import tomllib`` for 3.8 and PyPy: "module 'tomllib' needs Python 3.11" (the import
    check), not then "'tomllib' module needs Python 3.11" (the API check) on the same line."""
    write(toy, "solutions/toy_sum.py", "import tomllib\nprint(tomllib)\n")
    problem = load_registry(toy)["toy_sum"]
    errors = check(problem, make_bundle(problem), {}).errors
    assert errors == [
        "solutions/toy_sum.py:1: module 'tomllib' needs Python 3.11 (targets cpython3.8, pypy3)"
    ]


def test_atcoder_s_compile_run_may_make_a_module_nothing_here_provides(toy):
    """AtCoder runs `python Main.py ONLINE_JUDGE` before the cases, and what it writes is
    importable in them (numba's ahead-of-time modules): a bundle that names the argument may
    import a module found nowhere here; one that does not is refused as before."""
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "AtCoder"', 1))
    made = "import sys\nif sys.argv[-1] == 'ONLINE_JUDGE':\n    sys.exit()\nimport made_here\n"
    write(toy, "solutions/toy_sum.py", made)
    checked(toy)
    write(toy, "solutions/toy_sum.py", made.replace("ONLINE_JUDGE", "LOCAL"))
    with pytest.raises(BuildError, match=r"imports 'made_here', which is neither"):
        checked(toy)


def test_a_backported_member_names_each_lacking_version_s_patch_release():
    """It said "needs Python 3.11" though CPython 3.8.14, 3.9.14 and 3.10.7 have it; any one
    of them will do ("or", where it said "3.8.14+ and 3.11+"), several targets' versions
    are the judges' (plural)."""
    from kit.check.checks import _versions_needed  # noqa: PLC0415
    from kit.judges.targets import parse_target  # noqa: PLC0415

    what = "'sys.set_int_max_str_digits' member"
    lacking = [parse_target(name) for name in ("cpython3.9", "cpython3.8", "cpython3.8")]
    assert _versions_needed(what, (3, 11), lacking) == (
        "Python 3.8.14+, 3.9.14+ or 3.11+ (the judges' 3.8 and 3.9 may be older)"
    )
    assert _versions_needed("'math.cbrt' member", (3, 11), lacking) == "Python 3.11"


def test_a_target_is_named_once_however_many_findings_name_it():
    from kit.check.checks import _names  # noqa: PLC0415
    from kit.judges.targets import parse_target  # noqa: PLC0415

    targets = [parse_target("cpython3.8")] * 3 + [parse_target("pypy3")]
    assert _names(targets) == "cpython3.8, pypy3"


def test_pypy_3_10_has_the_digit_limit_s_setter_before_cpython_3_11(toy):
    """``sys.set_int_max_str_digits`` came to PyPy with 7.3.11, before its first 3.10: a
    Codeforces solution (CPython 3.13, PyPy 3.10) may call it unguarded; the strictest
    targets (CPython 3.8, any PyPy 3) may not."""
    write(toy, "solutions/toy_sum.py", "import sys\nsys.set_int_max_str_digits(0)\nprint(3)\n")
    needs = (  # each implementation's own version, CPython's 3.8 patch release with it too
        r"needs Python 3\.8\.14\+ or 3\.11\+ \(the judge's 3\.8 may be older\) or PyPy 3\.9 "
        r"\(targets cpython3\.8, pypy3\)$"
    )
    with pytest.raises(BuildError, match=needs):  # refused: the judge's 3.8 may be older
        checked(toy)
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('id = "1"', 'id = "1"\ntargets = ["pypy3"]', 1))
    with pytest.raises(BuildError, match=r"member needs PyPy 3\.9 \(targets pypy3\)$"):
        checked(toy)
    table.write_text(table.read_text().replace('\ntargets = ["pypy3"]', "", 1))
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "Codeforces"', 1))
    problem = load_registry(toy)["toy_sum"]
    runners = {column.target: column.runner for column in columns_for(problem)}
    result = check(problem, make_bundle(problem), runners)
    assert result.errors == [] and result.unrun == {}  # a PyPy 3.9 may stand in: it has it


@pytest.mark.parametrize(
    ("code", "runs"),
    [
        ("n = 5\nprint(n.bit_count(), list(zip([1], [2], strict=True)))\n", True),
        ("import itertools\nprint(list(itertools.pairwise([1, 2])))\n", False),
    ],
)
def test_a_pypy_3_9_stand_in_runs_what_it_has_of_3_10(toy, code, runs):
    """PyPy 3.9 (7.3.11) has int.bit_count() and zip(strict=) but not itertools.pairwise:
    standing in for pypy3.10, it runs the first bundle and is kept from the second."""
    from kit.judges.targets import found  # noqa: PLC0415

    if not [i for i in found() if i.impl == "pypy" and i.version == (3, 9)]:
        pytest.skip("needs PyPy 3.9 here")
    write(toy, "solutions/toy_sum.py", code)
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('id = "1"', 'id = "1"\ntargets = ["pypy3.10"]', 1))
    problem = load_registry(toy)["toy_sum"]
    runners = {column.target: column.runner for column in columns_for(problem)}
    result = check(problem, make_bundle(problem), runners)
    assert result.errors == [] and (result.unrun == {}) == runs, result.unrun


def test_a_platform_flag_a_helper_binds_guards_the_solution_s_import(toy):
    """``from shared.env import WINDOWS`` then ``if not WINDOWS: import resource``: passed for
    a judge on Windows, as the same flag bound in the solution is; ``if WINDOWS:`` is not."""
    write(toy, "shared/env.py", "import os\nWINDOWS = os.name == 'nt'\n")
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "Codeforces"', 1))
    solution = "from shared.env import WINDOWS\nif {}WINDOWS:\n    import resource\nprint(3)\n"
    write(toy, "solutions/toy_sum.py", solution.format("not "))
    checked(toy)
    write(toy, "solutions/toy_sum.py", solution.format(""))
    with pytest.raises(BuildError, match="toy_sum.py:3: module 'resource' exists only on Unix"):
        checked(toy)


def test_a_member_the_target_s_python_removed_is_refused_for_it(toy):
    """``fractions.gcd`` passed for Kattis (PyPy 3.10) and raised ImportError there; a target
    older than the removal (CPython 3.8 here) is not named."""
    write(toy, "solutions/toy_sum.py", "from fractions import gcd\nprint(3)\n")
    checked(toy)  # cpython3.8 and any PyPy 3: both still have it
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "Kattis"', 1))
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value) == (
        "solutions/toy_sum.py:1: 'fractions.gcd' was removed in Python 3.9 (targets pypy3.10)"
    )


def test_a_try_whose_handler_misses_a_builtin_s_name_error_guards_nothing(toy):
    """``try: f = anext`` / ``except AttributeError:`` passed, and CPython 3.8.18 died with
    its NameError (measured); ``except NameError:`` runs there."""
    program = "try:\n    f = anext\nexcept {}:\n    f = None\nprint(3)\n"
    write(toy, "solutions/toy_sum.py", program.format("AttributeError"))
    with pytest.raises(BuildError, match="toy_sum.py:2: 'anext' builtin needs Python 3.10"):
        checked(toy)
    write(toy, "solutions/toy_sum.py", program.format("NameError"))
    checked(toy)


LCM_GUARD = """\
import math
if hasattr(math, "lcm"):
    print(math.cbrt(8))
    print((5).to_bytes())
else:
    print(math.lcm(2, 3))
print(3)
"""


@pytest.mark.parametrize(
    ("targets", "errors"),
    [
        ('["cpython3.8"]', [":6: 'math.lcm' member needs Python 3.9 (targets cpython3.8)"]),
        ('["cpython3.9", "cpython3.11"]', [
            ":3: 'math.cbrt' member needs Python 3.11 (targets cpython3.9)",
            ":4: .to_bytes() without length and byteorder needs Python 3.11 (targets cpython3.9)",
        ]),
        ('["cpython3.11"]', []),
        ('["pypy3"]', [":3: 'math.cbrt' member needs PyPy 3.11 (targets pypy3)",
                       ":4: .to_bytes() without length and byteorder needs PyPy 3.11 (targets "
                       "pypy3)",
                       ":6: 'math.lcm' member needs PyPy 3.9 (targets pypy3)"]),
    ],
)  # fmt: skip
def test_an_if_on_a_member_added_later_is_read_on_the_versions_each_branch_runs_on(
    toy, targets, errors
):
    """``if hasattr(math, "lcm"):`` (3.9) runs its branch from 3.9 on and its ``else`` below:
    ``math.cbrt`` and ``to_bytes()`` without arguments (3.11, vermin's finding and the kit's
    own) in the branch fail 3.9, not 3.8 nor 3.11; ``math.lcm`` in
    the ``else`` fails 3.8. A PyPy of no given version may be any from 3.8: both may run."""
    write(toy, "solutions/toy_sum.py", LCM_GUARD)
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('id = "1"', f'id = "1"\ntargets = {targets}', 1))
    problem = load_registry(toy)["toy_sum"]
    found = check(problem, make_bundle(problem), {}).errors
    assert [error.removeprefix("solutions/toy_sum.py") for error in found] == errors


def test_each_newer_construct_on_one_line_is_said_and_each_once(toy):
    """``print(math.lcm(a, b), s.removeprefix(p), d | e)``: one line, three 3.9 features;
    only the first was said (findings were told apart by line and version), so fixing it
    showed the next. One construct that two rules find (the kit's own and vermin's
    ``removeprefix``, ``bit_count``, dict union) is still said once."""
    code = (
        "import math\n"
        'print(math.lcm(4, 6), "ab".removeprefix("a"), {"a": 1} | {"b": 2}, (5).bit_count())\n'
    )
    write(toy, "solutions/toy_sum.py", code)
    problem = load_registry(toy)["toy_sum"]
    found = [
        e.removeprefix("solutions/toy_sum.py:2: ")
        for e in check(problem, make_bundle(problem), {}).errors
    ]
    assert [error.partition(" needs ")[0] for error in found] == [
        "'int.bit_count' member",
        "'math.lcm' member",
        "'str.removeprefix' member",
        "dict union (dict | dict)",
    ]


def test_a_bare_cache_decorator_is_said_once(toy):
    """``@functools.cache`` (3.9) is one construct: vermin's two findings of it on its line,
    the member and the ``user function decorator``, gave two errors."""
    code = "import functools\n\n\n@functools.cache\ndef f(n):\n    return n\n\n\nprint(f(3))\n"
    write(toy, "solutions/toy_sum.py", code)
    problem = load_registry(toy)["toy_sum"]
    assert check(problem, make_bundle(problem), {}).errors == [
        "solutions/toy_sum.py:4: 'functools.cache' member needs Python 3.9 "
        "(targets cpython3.8, pypy3)"
    ]


def test_one_construct_on_a_line_lists_every_target_each_of_its_findings_fails():
    """Two findings of one construct on a line, each in a branch of a conditional expression
    on the version, fail targets of their own (``y.bit_count() if sys.version_info >= (3, 9)
    else z.bit_count()``: 3.8 runs the ``else``, 3.9 the branch; both die there, CPython 3.8.18
    and 3.9.18 measured): said once, naming both targets, not only the first finding's."""
    text = "import sys\nn = y.bit_count() if sys.version_info >= (3, 9) else z.bit_count()\n"
    source = Source("shared.m", Path("shared/m.py"), "shared/m.py", False, text, ast.parse(text))
    source.shipped = text
    targets = [Target("cpython", (3, 8)), Target("cpython", (3, 9)), Target("cpython", (3, 11))]
    assert checks._apis(apis.findings([source]), targets) == [
        "shared/m.py:2: int.bit_count() needs Python 3.10 (targets cpython3.8, cpython3.9)"
    ]


@pytest.mark.parametrize(
    ("code", "removed", "on_windows"),
    [
        # beside a conditional expression in its statement: every target that lacks it (CPython
        # 3.9.18 died with AttributeError on each, measured)
        ("g = fractions.gcd(1, 2) + (1 if PYPY else 0) + signal.SIGALRM",
         "cpython3.9, cpython3.11, pypy3.10", "cpython3.8, cpython3.9, cpython3.11, pypy3.10"),
        ("g = fractions.gcd(1, 2) + (1 if hasattr(x, 'bit_count') else 0) + signal.SIGALRM",
         "cpython3.9, cpython3.11, pypy3.10", "cpython3.8, cpython3.9, cpython3.11, pypy3.10"),
        ("g = fractions.gcd(1, 2) + (1 if sys.version_info >= (3, 9) else 0) + signal.SIGALRM",
         "cpython3.9, cpython3.11, pypy3.10", "cpython3.8, cpython3.9, cpython3.11, pypy3.10"),
        # in a branch: those that run it
        ("g = fractions.gcd(1, 2) + signal.SIGALRM if sys.version_info < (3, 10) else 0",
         "cpython3.9", "cpython3.8, cpython3.9"),
        ("g = fractions.gcd(1, 2) + signal.SIGALRM if not PYPY else 0",
         "cpython3.9, cpython3.11", "cpython3.8, cpython3.9, cpython3.11"),
        ("g = math.gcd(1, 2) if sys.version_info >= (3, 9) else fractions.gcd(1, 2)", None, None),
        ("g = fractions.gcd(1, 2) if hasattr(fractions, 'gcd') else math.gcd(1, 2)", None, None),
    ],
)  # fmt: skip
def test_a_removed_or_unix_only_member_fails_the_targets_that_run_it(code, removed, on_windows):
    """``fractions.gcd(a, b) + (1 if PYPY else 0)`` passed for 3.9 and later, and
    ``signal.SIGALRM`` beside such an expression for Windows: a conditional expression
    guarded its whole statement. A use in its branch fails the targets that run the branch."""
    head = "import sys, math, fractions, signal\nPYPY = sys.implementation.name == 'pypy'\n"
    text = head + code + "\n"
    source = Source("shared.m", Path("shared/m.py"), "shared/m.py", False, text, ast.parse(text))
    source.shipped = text
    targets = [Target("cpython", (3, 8)), Target("cpython", (3, 9)), Target("cpython", (3, 11))]
    targets.append(Target("pypy", (3, 10)))
    judge = checks._Judge("Codeforces", None, True, platform=WINDOWS)
    gone = "shared/m.py:3: 'fractions.gcd' was removed in Python 3.9 (targets {})"
    assert checks._removed_names([source], targets) == ([gone.format(removed)] if removed else [])
    unix = "shared/m.py:3: 'signal.SIGALRM' exists only on Unix, and Codeforces runs Python on "
    unix += "Windows (targets {})"
    expected = [unix.format(on_windows)] if on_windows else []
    assert checks._platform_names([source], targets, judge) == expected


def test_a_helper_named_as_a_module_pypy_has_built_in_is_noted_for_pypy_targets(toy):
    """PyPy imports its own ``pypyjit``, not the workspace's stub: the build says so."""
    write(toy, "pypyjit.py", "def set_param(*args):\n    pass\n")
    write(toy, "solutions/toy_sum.py", "import pypyjit\npypyjit.set_param('x')\nprint(3)\n")
    problem = load_registry(toy)["toy_sum"]
    bundle = make_bundle(problem)
    checked = check(problem, bundle, {})
    assert checked.errors == []
    assert checked.notes == [
        "note: pypyjit.py: PyPy imports its own built-in 'pypyjit', not this file, from the "
        "bundle as from source (targets pypy3); targets cpython3.8 run it"
    ]


def test_a_helper_named_parser_is_pypy_3_9_s_built_in_not_a_later_pypy_s(toy):
    """PyPy 3.9 has ``parser`` and ``symbol`` built in (as CPython had them in its library
    until 3.10); PyPy 3.10 and 3.11 have neither: a helper ``parser.py`` is noted for a
    version-less ``pypy3``, which may be 3.9, and PyPy 3.9 standing in for ``pypy3.11``
    (AtCoder) does not run the cases, its RE being no verdict of the judge's."""
    from kit.judges.targets import found  # noqa: PLC0415

    write(toy, "parser.py", "def ints():\n    return [1, 2]\n")
    write(toy, "solutions/toy_sum.py", "import parser\nprint(sum(parser.ints()))\n")
    problem = load_registry(toy)["toy_sum"]
    assert check(problem, make_bundle(problem), {}).notes == [
        "note: parser.py: PyPy imports its own built-in 'parser', not this file, from the "
        "bundle as from source (targets pypy3); targets cpython3.8 run it"
    ]
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('id = "1"', 'id = "1"\ntargets = ["pypy3.11"]', 1))
    problem = load_registry(toy)["toy_sum"]
    runners = {column.target: column.runner for column in columns_for(problem)}
    result = check(problem, make_bundle(problem), runners)
    assert result.errors == [] and result.notes == []
    if [i for i in found() if i.impl == "pypy" and i.version == (3, 9)]:
        assert list(result.unrun.values()) == ["its built-in 'parser' is imported, not parser.py"]


def test_a_pypy_only_branch_is_held_to_the_pypy_target_whatever_runs_here(toy):
    """A Codeforces solution (CPython 3.13, PyPy 3.10) taking ``math.cbrt`` (3.11) in a branch
    for PyPy alone: the judge's PyPy 3.10 fails on it, which the cases tell only where a PyPy
    runs them; the check tells it everywhere, and passes the same call in CPython's branch."""
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "Codeforces"', 1))
    branch = 'import sys\nif sys.implementation.name {} "pypy":\n    from math import cbrt\n'
    write(toy, "solutions/toy_sum.py", branch.format("==") + "print(3)\n")
    with pytest.raises(BuildError, match=r":3: 'math.cbrt' member needs PyPy 3\.11 \(targets "
                       r"pypy3\.10\)$"):  # fmt: skip
        checked(toy)
    write(toy, "solutions/toy_sum.py", branch.format("!=") + "print(3)\n")
    checked(toy)


@pytest.mark.parametrize("flag", ["own", "imported"])
@pytest.mark.parametrize(
    ("test", "refused"),
    [
        ("PYPY", True),
        ("PYPY and len(sys.argv) < 5", True),  # PyPy's branch all the same
        ("not PYPY", False),  # CPython's
        ('PYPY and hasattr(math, "cbrt")', False),  # guarded: PyPy 3.11 takes it
    ],
)
def test_a_pypy_flag_of_a_helper_or_within_a_longer_test_holds_its_branch_to_pypy(
    toy, flag, test, refused
):
    """``from shared.env import PYPY`` then ``if PYPY and fast:`` guarded its whole branch:
    ``math.cbrt`` (3.11) there passed for Codeforces' PyPy 3.10 without a PyPy here."""
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "Codeforces"', 1))
    bound = 'PYPY = sys.implementation.name == "pypy"\n'
    write(toy, "shared/env.py", "import sys\n" + bound)
    head = "import math\nimport sys\n"
    head += "from shared.env import PYPY\n" if flag == "imported" else bound
    write(toy, "solutions/toy_sum.py", head + f"if {test}:\n    print(math.cbrt(8.0))\nprint(3)\n")
    if not refused:
        checked(toy)
        return
    with pytest.raises(BuildError, match=r":5: 'math.cbrt' member needs PyPy 3\.11 \(targets "
                       r"pypy3\.10\)$"):  # fmt: skip
        checked(toy)


def test_an_old_name_as_the_fallback_of_a_new_one_fails_only_where_the_fallback_runs(toy):
    """``sortedcontainers``' ``try: from collections.abc import Sequence`` / ``except
    ImportError: from collections import Sequence`` was refused for every target of 3.10 on,
    where the ``try`` always imports; a fallback behind a 3.11 import runs on PyPy 3.10."""
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "Codeforces"', 1))
    fallback = "try:\n    from {} import {}\nexcept ImportError:\n    from {} import {}\n"
    write(toy, "shared/compat.py", fallback.format("collections.abc", "Sequence", "collections",
                                                   "Sequence"))  # fmt: skip
    write(toy, "solutions/toy_sum.py", "from shared.compat import Sequence\nprint(3)\n")
    checked(toy)
    write(toy, "shared/compat.py", fallback.format("math", "cbrt", "fractions", "gcd"))
    write(toy, "solutions/toy_sum.py", "import shared.compat\nprint(3)\n")
    with pytest.raises(BuildError, match=r"compat\.py:4: 'fractions\.gcd' was removed in Python "
                       r"3\.9 \(targets pypy3\.10\)$"):  # fmt: skip
        checked(toy)


def test_a_c_accelerator_pypy_lacks_is_refused_for_the_pypy_targets(toy):
    """``from _heapq import heappush`` (Neterukun1993/Library's heapq.py star-imports it) is
    CPython's alone: with no PyPy here to run the cases, the check tells the judge's RE."""
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "Codeforces"', 1))
    write(toy, "solutions/toy_sum.py", "from _heapq import heappush\nprint(3)\n")
    with pytest.raises(BuildError, match=r"module '_heapq' exists only under CPython .* \(targets "
                       r"pypy3\.10\)$"):  # fmt: skip
        checked(toy)
    fallback = (
        "try:\n    from _heapq import heappush\nexcept ImportError:\n    from heapq import *\n"
    )
    write(toy, "solutions/toy_sum.py", fallback + "print(3)\n")
    checked(toy)


CBRT = r"modern\.py:7: 'math\.cbrt' member needs PyPy 3\.11 \(targets {}\)$"


@pytest.mark.parametrize(
    ("call", "errors"),
    [("math.lcm(a, b)", (None, None)),
     ("math.cbrt(a)", (CBRT.format(r"pypy3\.10"), CBRT.format("pypy3")))],
)  # fmt: skip
def test_a_helper_s_api_counts_only_where_its_syntax_compiles(toy, call, errors):
    """A helper with ``match`` (3.10) whose import falls back on ``except SyntaxError``: no
    target below 3.10 runs it, so ``math.lcm`` (3.9) in it fails none; ``math.cbrt`` (3.11)
    fails PyPy 3.10, which compiles it, and any PyPy 3 (which may be 3.10), not CPython 3.8."""
    table = toy / "problems.toml"
    modern = (
        "import math\n\n\ndef both(a, b):\n    match a:\n        case _:\n            return {}\n"
    )
    write(toy, "shared/modern.py", modern.format(call))
    write(toy, "shared/classic.py", "def both(a, b):\n    return a * b\n")
    write(toy, "solutions/toy_sum.py", "try:\n    from shared.modern import both\nexcept "
                                       "SyntaxError:\n    from shared.classic import both\n"
                                       "print(both(4, 6))\n")  # fmt: skip
    for judge, error in zip(("Codeforces", "nowhere"), errors):
        table.write_text(
            re.sub(r'judge = "[^"]*"', f'judge = "{judge}"', table.read_text(), count=1)
        )
        if error is None:
            checked(toy)
        else:
            with pytest.raises(BuildError, match=error):
                checked(toy)


def test_a_stand_in_compiles_the_bundle_only_where_its_answer_is_read(toy, monkeypatch):
    """An interpreter of the target's own version compiles it (its syntax error is an error);
    an older stand-in only for a target whose cases run (it says whether they may run); a
    newer one never (its answer decides nothing): each is a process started after an edit."""
    from kit.check import checks  # noqa: PLC0415
    from kit.judges.targets import Interpreter, Runner, parse_target  # noqa: PLC0415

    def runner(target, impl, version, exact):
        return Runner(
            parse_target(target), Interpreter(impl, version, f"{impl}{version}", ()), exact
        )

    runners = [
        runner("cpython3.8", "cpython", (3, 8), True),
        runner("cpython3.10", "cpython", (3, 11), False),
        runner("pypy3.11", "pypy", (3, 9), False),
    ]
    problem = dataclasses.replace(
        load_registry(toy)["toy_sum"], targets=tuple(r.target for r in runners)
    )
    bundle = make_bundle(problem)
    compiled = []

    def compiles(problem, bundle, runner, guarded=frozenset()):
        compiled.append(runner.target.name)
        return "solutions/toy_sum.py:1: invalid syntax" if not runner.exact else None

    monkeypatch.setattr(checks, "_compiles", compiles)
    older = runners[2].target
    for runs, asked, unrun in [
        (None, ["cpython3.8", "pypy3.11"], {older: "solutions/toy_sum.py:1: invalid syntax"}),
        ({older}, ["cpython3.8", "pypy3.11"], {older: "solutions/toy_sum.py:1: invalid syntax"}),
        ({runners[0].target}, ["cpython3.8"], {}),
        ((), ["cpython3.8"], {}),
    ]:
        compiled.clear()
        result = check(problem, bundle, {r.target: r for r in runners}, runs)
        assert sorted(compiled) == asked and result.unrun == unrun and result.errors == []


@pytest.mark.parametrize(
    ("judge", "targets", "errors"),
    [
        ("AtCoder", "", []),  # CPython 3.13 and PyPy 3.11
        ("Kattis", "", [  # PyPy 3.10 alone
            "solutions/toy_sum.py:3: 'ExceptionGroup' builtin needs PyPy 3.11 (targets pypy3.10)",
        ]),
        ("nowhere", '["cpython3.11"]', []),
        ("nowhere", '["cpython3.8", "cpython3.11"]', [
            "solutions/toy_sum.py:2: 'anext' builtin needs Python 3.10 (targets cpython3.8)",
            "solutions/toy_sum.py:3: 'ExceptionGroup' builtin needs Python 3.11 (targets "
            "cpython3.8)",
        ]),
        ("nowhere", '["cpython3.10"]', [
            "solutions/toy_sum.py:3: 'ExceptionGroup' builtin needs Python 3.11 (targets "
            "cpython3.10)",
        ]),
    ],
)  # fmt: skip
def test_a_builtin_added_after_3_8_is_judged_by_each_target_s_version(toy, judge, targets, errors):
    """``anext`` (3.10) and ``ExceptionGroup`` (3.11), read not called (vermin finds neither
    then): refused for the targets older than them only; a module's own ``aiter`` is no
    builtin."""
    code = "def aiter(x):\n    return anext\nprint(ExceptionGroup is not aiter)\n"
    write(toy, "solutions/toy_sum.py", code)
    table = toy / "problems.toml"
    text = table.read_text().replace('judge = "nowhere"', f'judge = "{judge}"', 1)
    if targets:
        text = text.replace('id = "1"', f'id = "1"\ntargets = {targets}', 1)
    table.write_text(text)
    problem = load_registry(toy)["toy_sum"]
    runners = {column.target: column.runner for column in columns_for(problem)}
    assert check(problem, make_bundle(problem), runners).errors == errors


STAND_IN = """\
import builtins


async def _anext(iterator):
    return await iterator.__anext__()


if not hasattr(builtins, "anext"):
    builtins.anext = _anext
"""
FIRST_TWO = """\
async def numbers():
    yield 4
    yield 5


async def first_two():
    it = numbers()
    return await anext(it) + await anext(it)


try:
    first_two().send(None)
except StopIteration as stop:
    print(stop.value)
"""


@pytest.mark.parametrize(
    ("solution", "helper"),
    [
        (STAND_IN + FIRST_TWO, None),
        ("import shared.compat\n" + FIRST_TWO, STAND_IN),
        ("from shared import compat\n" + FIRST_TWO, STAND_IN.replace(
            'if not hasattr(builtins, "anext"):\n    builtins.anext = _anext',
            'setattr(builtins, "anext", _anext)')),
    ],
    ids=["in the solution", "in a helper imported first", "by setattr in a helper"],
)  # fmt: skip
def test_a_builtin_set_by_the_program_before_it_is_read_passes_and_runs_on_3_8(
    toy, solution, helper
):
    """A stand-in for ``anext`` set at the top level of the solution, or of a helper it
    imports before reading it, builds for a CPython 3.8 target, and the bundle runs there."""
    write(toy, "solutions/toy_sum.py", solution)
    if helper is not None:
        write(toy, "shared/compat.py", helper)
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('id = "1"', 'id = "1"\ntargets = ["cpython3.8"]', 1))
    bundle = checked(toy)
    assert run_bundle(toy, bundle, b"", python=interpreter("cpython3.8"))[:2] == (0, b"9\n")


def test_a_builtin_set_by_a_helper_imported_after_the_read_is_refused(toy):
    """Read at the top level before the helper that sets it is imported: 3.8 lacks it
    there, and the build says so."""
    write(toy, "shared/compat.py", STAND_IN)
    write(toy, "solutions/toy_sum.py", "f = anext\nimport shared.compat\nprint(f)\n")
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('id = "1"', 'id = "1"\ntargets = ["cpython3.8"]', 1))
    with pytest.raises(BuildError) as error:
        checked(toy)
    assert str(error.value) == (
        "solutions/toy_sum.py:1: 'anext' builtin needs Python 3.10 (targets cpython3.8)"
    )


@pytest.mark.parametrize(
    ("code", "error"),
    [
        ("class K:\n    import __w\n    print(__w.V)\n",
         "solutions/toy_sum.py:2: imports '__w' inside class K, which Python imports as '_K__w': "
         "no such module in the workspace or standard library"),
        ("class __K:\n    from __w import V\n",
         "solutions/toy_sum.py:2: imports '__w' inside class __K, which Python imports as "
         "'_K__w': no such module in the workspace or standard library"),
        ("class K:\n    import _K__v\n",  # written so: no renaming to say
         "solutions/toy_sum.py:2: imports '_K__v', which is neither in the standard library "
         "nor a helper of the workspace, and nowhere does not install it (judges without a "
         "profile: standard library only; name it in problems.toml's modules = [...] if the "
         "judge's language offers it)"),
    ],
)  # fmt: skip
def test_a_module_a_class_body_renamed_and_nowhere_says_the_renaming_first(toy, code, error):
    """The renaming said first, in one line; a name written as it is imported keeps the
    general wording."""
    write(toy, "__w.py", "V = 1\n")
    write(toy, "solutions/toy_sum.py", code)
    if "__w" in code:
        assert b"No module named '_K__w'" in run_source(toy, b"")[2][-1]
    with pytest.raises(BuildError) as raised:
        checked(toy)
    assert str(raised.value) == error

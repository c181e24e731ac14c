"""kit.bundle.discover on the toy checkout: helpers found where Python finds them, ordered, an
import cycle run as from source; the bundle answers as the source does."""

import pytest

from kit.bundle.discover import discover
from kit.errors import BuildError, SourceSyntaxError
from tests.bundle_support import (
    SAMPLE_IN,
    SAMPLE_OUT,
    bundle_of,
    checked,
    run_bundle,
    run_source,
    write,
)


def test_discovery_collects_helpers_packages_first_and_dependencies_before_users(toy):
    bundle = bundle_of(toy)
    assert [h.name for h in bundle.helpers] == ["shared", "shared.toy_text", "shared.toy_numbers"]
    assert [h.is_package for h in bundle.helpers] == [True, False, False]
    # stdlib modules are imported, not bundled
    assert "dataclasses" not in {h.name for h in bundle.helpers}


def test_helpers_imported_only_inside_functions_are_bundled_too(toy):
    write(toy, "shared/late.py", "def twice(x):\n    return 2 * x\n")
    write(
        toy,
        "solutions/toy_sum.py",
        """\
        def main():
            from shared.late import twice
            print(twice(21))


        main()
        """,
    )
    bundle = bundle_of(toy)
    assert "shared.late" in [h.name for h in bundle.helpers]
    assert run_bundle(toy, bundle, b"")[1] == b"42\n"


def test_relative_imports_inside_a_helper_package_work(toy):
    write(toy, "shared/pkg/__init__.py", "from .inner import VALUE\n")
    write(toy, "shared/pkg/inner.py", "from ..toy_text import BANNER\nVALUE = len(BANNER)\n")
    write(toy, "solutions/toy_sum.py", "import shared.pkg\nprint(shared.pkg.VALUE)\n")
    bundle = checked(toy)
    names = [h.name for h in bundle.helpers]
    assert names.index("shared.toy_text") < names.index("shared.pkg.inner")
    assert names.index("shared.pkg.inner") < names.index("shared.pkg")
    assert run_bundle(toy, bundle, b"") == run_source(toy, b"")
    assert run_source(toy, b"")[1].strip().isdigit()


def test_helpers_linked_in_from_a_library_kept_elsewhere_are_bundled(toy, tmp_path):
    """A library shared between workspaces by symbolic links (a package folder, a module
    file) is where Python finds it, under the workspace: bundled, named by its place there."""
    library = tmp_path / "library"
    write(library, "cplib/__init__.py", "")
    write(library, "cplib/tri.py", "def tri(n):\n    return n * (n + 1) // 2\n")
    write(library, "sq.py", "def sq(n):\n    return n * n\n")
    (toy / "cplib").symlink_to(library / "cplib")
    (toy / "shared" / "sq.py").symlink_to(library / "sq.py")
    write(toy, "solutions/toy_sum.py", "from cplib.tri import tri\nfrom shared.sq import sq\n"
          "print(tri(10), sq(3))\n")  # fmt: skip
    bundle = checked(toy)
    assert {"cplib.tri", "shared.sq"} <= {h.name for h in bundle.helpers}
    assert {"cplib/tri.py", "shared/sq.py"} <= {h.rel for h in bundle.helpers}
    assert run_bundle(toy, bundle, b"") == (0, b"55 9\n", [])


def test_a_package_that_imports_its_own_submodule_gets_it_bundled(toy):
    """``from . import graph`` in ``__init__`` binds ``graph`` by loading the submodule: it is
    a name the package binds, but not one that spares the submodule."""
    write(toy, "shared/lib/__init__.py", "from . import graph\n")
    write(toy, "shared/lib/graph.py", "def bfs():\n    return 'bfs'\n")
    write(toy, "solutions/toy_sum.py", "from shared.lib import graph\nprint(graph.bfs())\n")
    bundle = checked(toy)
    assert "shared.lib.graph" in [h.name for h in bundle.helpers]
    assert run_bundle(toy, bundle, b"") == run_source(toy, b"") == (0, b"bfs\n", [])


def test_a_future_import_binds_its_name_and_spares_the_submodule_of_that_name(toy):
    """``from __future__ import annotations`` in ``__init__`` binds ``annotations`` (to the
    feature object): ``from shared.lib import annotations`` takes that, not the submodule."""
    write(toy, "shared/lib/__init__.py", "from __future__ import annotations\n")
    write(toy, "shared/lib/annotations.py", "NOTE = 'sub'\n")
    program = "from shared.lib import annotations\nprint(type(annotations).__name__)\n"
    write(toy, "solutions/toy_sum.py", program)
    bundle = checked(toy)
    assert "shared.lib.annotations" not in [h.name for h in bundle.helpers]
    assert run_bundle(toy, bundle, b"") == run_source(toy, b"") == (0, b"_Feature\n", [])


BEHIND_A_PACKAGE = {  # a helper reached only through a package's __init__
    "shared/util.py": "DEBUG = (\n",
    "shared/io/__init__.py": "from .fast import read\n",
    "shared/io/fast.py": "from ..util import DEBUG\ndef read():\n    return DEBUG\n",
    "solutions/toy_sum.py": "from shared.io import read\nprint(read())\n",
}
COMPILED_BY_A_PACKAGE = {  # exec() in an __init__: no file of that name to read again
    "shared/pkg/__init__.py": 'exec("x = (")\n',
    "shared/pkg/sub.py": "Y = 1\n",
    "solutions/toy_sum.py": "from shared.pkg.sub import Y\nprint(Y)\n",
}


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (BEHIND_A_PACKAGE, "shared/util.py:1: syntax error: '(' was never closed"),
        (
            COMPILED_BY_A_PACKAGE,
            "solutions/toy_sum.py:1: import 'shared.pkg.sub': SyntaxError: '(' was never "
            "closed (<string>, line 1)",
        ),
    ],
)
def test_a_syntax_error_met_while_a_package_imports_names_its_own_file_and_line(
    toy, files, message
):
    """Asked of the import system, a helper behind a package that does not compile was told
    as the package's import with a bare file name (``util.py, line 1``)."""
    for path, text in files.items():
        write(toy, path, text)
    with pytest.raises(BuildError) as raised:
        bundle_of(toy)
    assert str(raised.value) == message
    assert isinstance(raised.value, SourceSyntaxError) is (files is BEHIND_A_PACKAGE)


def test_a_workspace_file_named_as_a_standard_module_is_refused(toy):
    write(toy, "heapq.py", "X = 1\n")
    write(toy, "solutions/toy_sum.py", "from heapq import heappush\nprint(1)\n")
    with pytest.raises(BuildError) as raised:
        bundle_of(toy)
    assert str(raised.value) == (
        "solutions/toy_sum.py:1: import 'heapq' finds heapq.py in the workspace, not the "
        "standard library's heapq: rename heapq.py (bundled, it would hide the standard "
        "module on the judge too)"
    )
    write(toy, "parser.py", "X = 1\n")  # a module the standard library no longer has (3.10)
    write(toy, "solutions/toy_sum.py", "from parser import X\nprint(X)\n")
    assert run_bundle(toy, checked(toy), b"")[1] == b"1\n"


def test_a_helper_imported_for_type_checkers_only_is_not_bundled(toy):
    """``if TYPE_CHECKING: from shared.heavy import T`` never runs: the helper (and its own
    imports, numpy here) is no part of the bundle."""
    write(toy, "shared/heavy.py", "import numpy\nT = int\n")
    guarded = "if TYPE_CHECKING:\n    from shared.heavy import T\n"
    write(toy, "solutions/toy_sum.py", f"from typing import TYPE_CHECKING\n{guarded}print(3)\n")
    bundle = checked(toy)  # numpy's import would fail the checks: it is not there
    shipped = {helper.name for helper in bundle.helpers}
    assert ("shared.heavy" in shipped, run_bundle(toy, bundle, b"")[1]) == (False, b"3\n")


def test_an_import_cycle_between_helpers_runs_as_it_does_from_source(toy):
    """The bundle imports each helper when Python would: a cycle that works from source
    works, and one that fails (a name taken from a module still loading) fails the same."""
    write(toy, "shared/a.py", "import shared.b\nA = 1\ndef total():\n    return A + shared.b.B\n")
    write(toy, "shared/b.py", "import shared.a\nB = 2\n")
    write(toy, "solutions/toy_sum.py", "from shared.a import total\nprint(total())\n")
    assert run_bundle(toy, bundle_of(toy), b"") == run_source(toy, b"") == (0, b"3\n", [])
    write(toy, "shared/b.py", "from shared.a import A\nB = A + 1\n")
    code, out, error = run_bundle(toy, bundle_of(toy), b"")
    assert (code, out) == run_source(toy, b"")[:2] == (1, b"")
    assert b"partially initialized module 'shared.a'" in error[0]


def test_relative_import_in_a_solution_is_refused_with_its_absolute_form(toy):
    """The judge runs a solution as a script: a relative import fails there (guarded or not,
    the bundle holds only helpers absolute imports name); the message gives the absolute
    import from the workspace's root, whatever the helpers' folder is called."""
    (toy / "solutions" / "toy_sum.py").write_text(
        "try:\n    from .other import x, y\nexcept ImportError:\n    x = y = 1\nprint(x)\n"
    )
    with pytest.raises(BuildError) as error:
        bundle_of(toy)
    assert str(error.value).startswith("solutions/toy_sum.py:2: relative import in a solution")
    assert str(error.value).endswith(
        "import by the name from the workspace's root, as `from solutions.other import x, y`"
    )


def test_a_guarded_relative_import_no_package_holds_falls_back_as_from_source(toy):
    """A module at the workspace's root, or a package's import of more dots than it has
    packages, fails its relative import with ImportError from source (ValueError on CPython
    3.8 for the second, measured): under a ``try`` that catches it and falls back to an
    absolute import (the idiom of a library meant to run as a package and as flat files), the
    bundle runs the fallback as the source does."""
    write(toy, "flatmin.py", "def lowest(xs):\n    return min(xs)\n")
    write(
        toy,
        "flatuse.py",
        """\
        try:
            from .flatmin import lowest
        except ImportError:
            from flatmin import lowest
        """,
    )
    write(
        toy,
        "shared/deep.py",
        """\
        try:
            from ...beyond import LIMIT
        except (ImportError, ValueError):
            LIMIT = 7
        """,
    )
    write(
        toy,
        "solutions/toy_sum.py",
        """\
        from flatuse import lowest
        from shared.deep import LIMIT

        print(lowest([3, 1, 2]), LIMIT)
        """,
    )
    bundle = checked(toy)
    assert "flatmin" in [h.name for h in bundle.helpers]
    assert run_bundle(toy, bundle, b"") == run_source(toy, b"")
    assert run_source(toy, b"")[1] == b"1 7\n"


BOTH = " (CPython 3.8 raises ValueError there, 3.9 and later ImportError: a try catches both)"


@pytest.mark.parametrize(
    ("rel", "text", "said"),
    [
        (
            "flatuse.py",
            "from .flatmin import lowest\n",
            "flatuse.py:1: relative import in a module of no package (Python: attempted "
            "relative import with no known parent package)",
        ),
        (
            "shared/deep.py",
            "from ...beyond import LIMIT\n",
            "shared/deep.py:1: relative import beyond the top package" + BOTH,
        ),
        (  # ImportError, which except ModuleNotFoundError does not catch (3.8.18, 3.11.7)
            "flatuse.py",
            "try:\n    from . import flatmin\nexcept ModuleNotFoundError:\n    pass\n",
            "flatuse.py:2: relative import in a module of no package (Python: attempted "
            "relative import with no known parent package)",
        ),
        (  # ValueError on 3.8, ImportError later: neither handler alone catches both
            "shared/deep.py",
            "try:\n    from .. import x\nexcept ImportError:\n    pass\n",
            "shared/deep.py:2: relative import beyond the top package" + BOTH,
        ),
        (
            "shared/deep.py",
            "try:\n    from .. import x\nexcept ValueError:\n    pass\n",
            "shared/deep.py:2: relative import beyond the top package" + BOTH,
        ),
    ],
)
def test_an_unguarded_relative_import_no_package_holds_is_one_line(toy, rel, text, said):
    write(toy, rel, text)
    name = rel.removesuffix(".py").replace("/", ".")
    write(toy, "solutions/toy_sum.py", f"import {name}\n")
    with pytest.raises(BuildError) as error:
        bundle_of(toy)
    assert str(error.value) == said


def test_bundle_answers_exactly_like_the_source(toy):
    bundle = checked(toy)
    stdin = SAMPLE_IN.read_bytes()
    assert run_bundle(toy, bundle, stdin) == run_source(toy, stdin)
    assert run_bundle(toy, bundle, stdin)[1] == SAMPLE_OUT.read_bytes()


def test_a_helper_runs_when_first_imported_not_before(toy):
    """A helper imported inside a function runs (its time, memory, output) only if the function
    is called, as from source; the bundle ships it either way."""
    write(toy, "shared/noisy.py", "import sys\nsys.stderr.write('loaded\\n')\nN = 5\n")
    solution = (
        "import sys\n\ndef later():\n    from shared.noisy import N\n    return N\n\n"
        "print(later() if sys.stdin.read().strip() else 0)\n"
    )
    write(toy, "solutions/toy_sum.py", solution)
    bundle = bundle_of(toy)
    assert "shared.noisy" in [helper.name for helper in bundle.helpers]
    assert run_bundle(toy, bundle, b"") == run_source(toy, b"") == (0, b"0\n", [])
    assert run_bundle(toy, bundle, b"x") == run_source(toy, b"x") == (0, b"5\n", [b"loaded"])


def test_a_helper_importing_main_gets_the_running_program(toy):
    """``from __main__ import K`` in a helper (or ``import __main__`` in the solution) is the
    program running, the bundle itself on the judge: no helper to find (the build stopped on
    ``__main__.__spec__ is None``)."""
    write(toy, "shared/late.py", "def scaled(x):\n    from __main__ import K\n\n    return K * x\n")
    write(toy, "solutions/toy_sum.py", "import __main__\nfrom shared.late import scaled\nK = 2\n"
          "print(scaled(21), __main__.K)\n")  # fmt: skip
    bundle = bundle_of(toy)
    assert run_bundle(toy, bundle, b"")[:2] == (0, b"42 2\n")


def test_import_star_loads_the_submodules_an_extended_all_lists(toy):
    """``__all__`` written in steps (``+=``, ``.extend``, ``.append``): every submodule it
    lists is bundled and bound, as ``import *`` loads it from source."""
    write(toy, "shared/pkg/__init__.py", "__all__ = ['alpha']\n__all__ += ['beta']\n"
          "__all__.append('gamma')\n")  # fmt: skip
    for name in ("alpha", "beta", "gamma"):
        write(toy, f"shared/pkg/{name}.py", f"def f():\n    return '{name}'\n")
    write(toy, "solutions/toy_sum.py", "from shared.pkg import *\n"
          "print(alpha.f(), beta.f(), gamma.f())\n")  # fmt: skip
    bundle = bundle_of(toy)
    assert run_bundle(toy, bundle, b"")[:2] == (0, b"alpha beta gamma\n")


PACKAGES_NOT_READ = {
    "an __init__ that reads the input (finding a submodule imports its package)": (
        {"shared/io_/__init__.py": "import sys\nN = int(sys.stdin.read().split()[0])\n",
         "shared/io_/algo.py": "def f():\n    return 1\n"},
        "from shared.io_.algo import f\nprint(f())\n",
        "solutions/toy_sum.py:1: import 'shared.io_.algo': its package 'shared.io_' raised "
        "IndexError: list index out of range (the build imports a package, with no input, to "
        "find its modules)",
    ),
    # PyRival at its head, copied: its setup.py writes pyrival/version.py, git-ignored
    "a module of its own that its install writes, not there": (
        {"shared/rival/__init__.py": "from .version import version as __version__\n",
         "shared/rival/algo.py": "def f():\n    return 1\n"},
        "from shared.rival.algo import f\nprint(f())\n",
        "solutions/toy_sum.py:1: import 'shared.rival.algo': its package 'shared.rival' raised "
        "ModuleNotFoundError: No module named 'shared.rival.version' (the build imports a "
        "package, with no input, to find its modules): shared/rival/version.py is not in the "
        "workspace (a library's install may write it, as PyRival's setup.py writes its "
        "version.py): create it, or copy the package as installed",
    ),
    "the same imported as a package at the root": (
        {"rival/__init__.py": "from .version import version as __version__\n"},
        "import rival\nprint(rival.__version__)\n",
        "rival/__init__.py:1: import 'rival.version': its package 'rival' raised "
        "ModuleNotFoundError: No module named 'rival.version' (the build imports a package, "
        "with no input, to find its modules): rival/version.py is not in the workspace (a "
        "library's install may write it, as PyRival's setup.py writes its version.py): create "
        "it, or copy the package as installed",
    ),
    "a module of another's that is not there": (
        {"shared/rival/__init__.py": "import json.nothing\n",
         "shared/rival/algo.py": "def f():\n    return 1\n"},
        "from shared.rival.algo import f\nprint(f())\n",
        "solutions/toy_sum.py:1: import 'shared.rival.algo': its package 'shared.rival' raised "
        "ModuleNotFoundError: No module named 'json.nothing' (the build imports a package, "
        "with no input, to find its modules)",
    ),
}  # fmt: skip


@pytest.mark.parametrize("how", sorted(PACKAGES_NOT_READ))
def test_a_package_the_build_cannot_read_is_one_line_saying_why(toy, how):
    files, solution, said = PACKAGES_NOT_READ[how]
    for path, text in files.items():
        write(toy, path, text)
    write(toy, "solutions/toy_sum.py", solution)
    with pytest.raises(BuildError) as raised:
        bundle_of(toy)
    assert str(raised.value) == said


FROM_IMPORTS_NOT_FOUND = {
    # PyRival's own import, the other spelling: ImportError, not ModuleNotFoundError
    "a module of its own not there": (
        {"shared/rival/__init__.py": "from . import version\n"},
        ": shared/rival/version.py is not in the workspace (a library's install may write it, "
        "as PyRival's setup.py writes its version.py): create it, or copy the package as "
        "installed",
    ),
    "a file of that name there, which raised": (
        {"shared/rival/__init__.py": "from . import version\n",
         "shared/rival/version.py": "raise ImportError(\"cannot import name 'version' from "
                                    "'shared.rival'\", name='shared.rival')\n"},
        " (the build imports a package, with no input, to find its modules)",
    ),
    "an import cycle's function defined later": (
        {"shared/rival/__init__.py": "from . import cycle\ndef g():\n    return 2\n",
         "shared/rival/cycle.py": "from shared.rival import g\n"},
        " (the build imports a package, with no input, to find its modules)",
    ),
}  # fmt: skip


@pytest.mark.parametrize("how", sorted(FROM_IMPORTS_NOT_FOUND))
def test_a_from_import_that_finds_no_module_of_the_package_says_which_file(toy, how):
    """``from . import version`` with no version.py raises ImportError ("cannot import name
    ... most likely due to a circular import"): told the same as ``from .version import``, but
    only when no file of that name is there and the package binds no such name."""
    files, said = FROM_IMPORTS_NOT_FOUND[how]
    for path, text in {**files, "shared/rival/algo.py": "def f():\n    return 1\n"}.items():
        write(toy, path, text)
    write(toy, "solutions/toy_sum.py", "from shared.rival.algo import f\nprint(f())\n")
    with pytest.raises(BuildError) as raised:
        bundle_of(toy)
    message = str(raised.value)
    assert message.startswith(
        "solutions/toy_sum.py:1: import 'shared.rival.algo': its package 'shared.rival' raised "
        "ImportError: cannot import name "
    )
    assert message.endswith(said) and "\n" not in message


def test_import_star_from_a_package_whose_all_adds_its_submodules_lists_bundles(toy):
    """``__all__ = a.__all__ + b.__all__`` after the package imported them: nothing for the
    build to read, nothing missing (it refused such a package for a while)."""
    write(toy, "shared/pkg/__init__.py", "from . import a, b\nfrom .a import *\nfrom .b import *\n"
          "__all__ = a.__all__ + b.__all__\n")  # fmt: skip
    write(toy, "shared/pkg/a.py", "__all__ = ['one']\none = 1\n")
    write(toy, "shared/pkg/b.py", "__all__ = ['two']\ntwo = 2\n")
    write(toy, "solutions/toy_sum.py", "from shared.pkg import *\nprint(one + two)\n")
    assert run_bundle(toy, bundle_of(toy), b"")[:2] == (0, b"3\n")


def test_import_star_loads_the_submodules_all_lists_in_blocks_and_by_insert(toy):
    blocks = "if sys.version_info >= (3, 0):\n    __all__ += ['beta']\n"
    write(toy, "shared/pkg/__init__.py", "import sys\n__all__ = ['alpha']\n" + blocks
          + "__all__.insert(0, 'gamma')\n")  # fmt: skip
    for name in ("alpha", "beta", "gamma"):
        write(toy, f"shared/pkg/{name}.py", f"def f():\n    return '{name}'\n")
    write(toy, "solutions/toy_sum.py", "from shared.pkg import *\n"
          "print(alpha.f(), beta.f(), gamma.f())\n")  # fmt: skip
    assert run_bundle(toy, bundle_of(toy), b"")[:2] == (0, b"alpha beta gamma\n")


def test_a_folder_named_as_a_package_the_judge_installs_is_not_a_helper(toy):
    """A contest folder ``atcoder/`` (no ``__init__.py``) beside ``from atcoder.dsu import
    DSU``, which AtCoder installs: from source the installed package wins over a namespace
    portion; the build took the folder for an empty helper package, failed to find
    ``atcoder.dsu`` in it, and a bundle of ``from atcoder import dsu`` failed on the judge."""
    write(toy, "atcoder/abc300/notes.txt", "a contest's own folder\n")
    write(toy, "solutions/toy_sum.py", "from atcoder.dsu import DSU\n\nprint(DSU(3))\n")
    solution = toy / "solutions" / "toy_sum.py"
    _, helpers = discover(toy, solution, frozenset({"atcoder", "numpy"}))
    assert [h.name for h in helpers] == []
    _, helpers = discover(toy, solution)  # a judge without it: the folder is the package
    assert [h.name for h in helpers] == ["atcoder"]


def test_the_else_of_a_helpers_main_block_imports_what_it_names(toy):
    """The ``else`` of a helper's ``if __name__ == "__main__":`` ships and runs on import: its
    imports were passed over with the block, and the build refused them as not found."""
    write(toy, "shared/late.py", "def twice(x):\n    return 2 * x\n")
    write(toy, "shared/gate.py", 'if __name__ == "__main__":\n    print("test")\n'
          "else:\n    from shared.late import twice\n")  # fmt: skip
    write(toy, "solutions/toy_sum.py", "from shared.gate import twice\nprint(twice(21))\n")
    bundle = bundle_of(toy)
    assert run_bundle(toy, bundle, b"") == run_source(toy, b"") == (0, b"42\n", [])


def test_a_computed_import_in_a_helpers_main_block_is_not_refused(toy):
    """A helper's self-test may import a module named on its command line: the block does not
    ship, so the bundle imports nothing by that name (the build was refused, naming it)."""
    write(toy, "shared/late.py", "import importlib\nimport sys\n\n\ndef twice(x):\n"
          "    return 2 * x\n\n\nif __name__ == '__main__':\n"
          "    print(importlib.import_module(sys.argv[1]))\n")  # fmt: skip
    write(toy, "solutions/toy_sum.py", "from shared.late import twice\nprint(twice(21))\n")
    bundle = bundle_of(toy)
    assert run_bundle(toy, bundle, b"") == run_source(toy, b"") == (0, b"42\n", [])


def _solution_at(toy, rel, text):
    """The toy's toy_sum solution moved to ``rel`` (problems.toml's ``solution``)."""
    write(toy, rel, text)
    table = toy / "problems.toml"
    setting = f'solution = "{rel}"'
    table.write_text(table.read_text().replace("[toy_sum]\n", f"[toy_sum]\n{setting}\n", 1))


SCRIPT = "import mylib\nprint(mylib.total(map(int, open(0).read().split())))\n"


def test_a_solution_in_a_script_s_folder_bundles_the_modules_beside_it(toy):
    """``python abc/a.py`` finds abc/mylib.py (and what it imports beside it): the build
    refused it, finding modules from the workspace's root alone."""
    _solution_at(toy, "abc/a.py", SCRIPT)
    write(
        toy, "abc/mylib.py", "from other import twice\ndef total(xs):\n    return twice(sum(xs))\n"
    )
    write(toy, "abc/other.py", "def twice(x):\n    return 2 * x\n")
    bundle = checked(toy)
    assert [(h.name, h.rel) for h in bundle.helpers] == [
        ("other", "abc/other.py"), ("mylib", "abc/mylib.py")
    ]  # fmt: skip
    stdin = SAMPLE_IN.read_bytes()
    assert run_bundle(toy, bundle, stdin) == run_source(toy, stdin, script="abc/a.py")
    assert run_bundle(toy, bundle, stdin)[1] == b"24\n"


def test_a_script_s_folder_comes_before_the_root_as_on_python_s_path(toy):
    """A module both beside the solution and at the root: the one beside, for the solution
    and for a root helper alike (sys.path is one for all); a name at the root alone is still
    found there."""
    _solution_at(toy, "abc/a.py", SCRIPT)
    write(toy, "abc/mylib.py", "from rootlib import total\n")
    write(toy, "rootlib.py", "from common import K\ndef total(xs):\n    return K * sum(xs)\n")
    write(toy, "abc/common.py", "K = 3\n")
    write(toy, "common.py", "K = -1\n")
    write(toy, "mylib.py", "def total(xs):\n    return -1\n")
    bundle = checked(toy)
    assert sorted(h.rel for h in bundle.helpers) == ["abc/common.py", "abc/mylib.py", "rootlib.py"]
    stdin = SAMPLE_IN.read_bytes()
    assert run_bundle(toy, bundle, stdin) == run_source(toy, stdin, script="abc/a.py")
    assert run_bundle(toy, bundle, stdin)[1] == b"36\n"


def test_the_kit_s_solutions_folder_and_a_package_s_find_modules_from_the_root_alone(toy):
    """``python -m solutions.SLUG`` (solutions/ with or without ``__init__.py``, as init makes
    it) and a solution in a package: the file beside is no helper."""
    (toy / "solutions" / "__init__.py").unlink()
    write(toy, "solutions/mylib.py", "def total(xs):\n    return 0\n")
    write(toy, "mylib.py", "def total(xs):\n    return sum(xs)\n")
    write(toy, "solutions/toy_sum.py", SCRIPT)
    assert [h.rel for h in bundle_of(toy).helpers] == ["mylib.py"]
    _solution_at(toy, "pkg/a.py", SCRIPT)
    write(toy, "pkg/__init__.py", "")
    write(toy, "pkg/mylib.py", "def total(xs):\n    return 0\n")
    assert [h.rel for h in bundle_of(toy).helpers] == ["mylib.py"]


def test_a_relative_import_in_a_script_s_folder_is_said_by_its_name_there(toy):
    _solution_at(toy, "contest/a.py", "from .common import K\nprint(K)\n")
    with pytest.raises(BuildError) as error:
        bundle_of(toy)
    assert str(error.value).endswith(
        "import by the name from the solution's folder or the workspace's root, as "
        "`from common import K`"
    )


OPS = "\n\ndef op_add(a, b):\n    return a + b\n\n\ndef op_mul(a, b):\n    return a * b\n"
OWN_MODULE = {  # a helper looking its own functions up by name, on its own module
    "__import__(__name__) with a fromlist": "def op(name):\n"
    "    return getattr(__import__(__name__, fromlist=['op_add']), 'op_' + name)\n",
    "import_module(__name__)": "import importlib\n\n\ndef op(name):\n"
    "    return getattr(importlib.import_module(__name__), 'op_' + name)\n",
    "import_module(name=__name__)": "import importlib\n\n\ndef op(name):\n"
    "    return getattr(importlib.import_module(name=__name__), 'op_' + name)\n",
    "sys.modules[__name__]": "import sys\n\n\ndef op(name):\n"
    "    return getattr(sys.modules[__name__], 'op_' + name)\n",
}


@pytest.mark.parametrize("lookup", OWN_MODULE)
def test_a_helper_importing_itself_by_its___name___is_bundled(toy, lookup):
    """``__import__(__name__)`` names the helper itself, which the bundle holds as a module of
    that name: no computed import (it was refused as one), and the bundle answers as the
    source does, the functions looked up by name kept."""
    write(toy, "shared/ops.py", OWN_MODULE[lookup] + OPS)
    write(toy, "solutions/toy_sum.py", "from shared.ops import op\nprint(op('mul')(6, 7))\n")
    bundle = bundle_of(toy)
    assert [h.name for h in bundle.helpers] == ["shared", "shared.ops"]
    assert run_bundle(toy, bundle, b"") == run_source(toy, b"") == (0, b"42\n", [])


def test_a_solution_importing_itself_by_its___name___imports___main__(toy):
    """In the solution ``__name__`` is ``__main__`` from source and in the bundle alike."""
    write(
        toy,
        "solutions/toy_sum.py",
        OPS + "\nprint(getattr(__import__(__name__), 'op_mul')(6, 7))\n",
    )
    bundle = bundle_of(toy)
    assert run_bundle(toy, bundle, b"") == run_source(toy, b"") == (0, b"42\n", [])


@pytest.mark.parametrize(
    ("code", "printed"),
    [
        ("class K:\n    import __w\n    print(__w.V)\n", b"4\n"),
        ("class K:\n    from __w import V\n    print(V)\n", b"4\n"),
        ("class K:\n    def f(self):\n        import __w\n        return __w.V\nprint(K().f())\n",
         b"4\n"),
        ("class K:\n    import __w.x\n    print(__w.x.V)\n", b"2\n"),
    ],
)  # fmt: skip
def test_a_private_module_name_in_a_class_body_is_imported_as_python_renames_it(toy, code, printed):
    """In class ``K``, ``import __w`` imports the module ``_K__w`` (CPython's ``co_names``);
    ``import __w.x``, dotted, imports ``__w.x`` and binds ``_K__w``, which its body reads."""
    write(toy, "__w/__init__.py", "V = 1\n")
    write(toy, "__w/x.py", "V = 2\n")
    write(toy, "_K__w.py", "V = 4\n")
    write(toy, "solutions/toy_sum.py", code)
    bundle = checked(toy)
    assert run_source(toy, b"")[1] == printed
    assert run_bundle(toy, bundle, b"") == run_source(toy, b"")

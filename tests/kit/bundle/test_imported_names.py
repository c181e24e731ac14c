"""kit.bundle.imported_names on the toy checkout: a name imported from a helper that never
binds it fails the build in one line; every way a helper may bind a name that its text does
not write out as a plain statement builds, and runs as from source."""

import pytest

from kit.building.pipeline import build_problem
from kit.building.results import Status
from kit.errors import BuildError
from kit.run.cases import RunOptions
from tests.bundle_support import bundle_of, run_bundle, run_source, toy_sum, write

TYPO = "solutions/toy_sum.py:3: imports 'nothere' from shared/mathx.py, which does not define it"


def solution(toy, imports="from shared.mathx import nothere\n", then=None):
    then = then or "print(type(nothere).__name__, getattr(nothere, '__name__', nothere))\n"
    write(toy, "solutions/toy_sum.py", "import sys\n\n" + imports + then)


def refused(toy) -> str:
    with pytest.raises(BuildError) as raised:
        bundle_of(toy)
    return str(raised.value)


def test_a_name_the_helper_never_binds_fails_the_build_in_one_line(toy):
    write(toy, "shared/mathx.py", "def there():\n    return 7\n")
    solution(toy)
    assert refused(toy) == TYPO
    result = build_problem(toy_sum(toy), RunOptions(repeat=1, jobs=1), interpreters=[])
    assert (result.status, result.ran, result.errors) == (Status.FAIL, None, [f"toy_sum: {TYPO}"])
    assert b"cannot import name 'nothere'" in run_source(toy, b"")[2][0]  # Python agrees


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (  # __all__ names it, nothing binds it
            {"shared/mathx.py": "__all__ = ['nothere']\nthere = 7\n"},
            TYPO,
        ),
        (  # a helper importing from another helper, relatively, in a class body
            {
                "shared/mathx.py": "from shared.inner import VALUE as nothere\n",
                "shared/inner.py": "class K:\n    from .toy_text import BANER\nVALUE = 7\n",
            },
            "shared/inner.py:2: imports 'BANER' from shared/toy_text.py, which does not define it",
        ),
        (  # a private name in a class body: Python imports _K__secret, not __secret
            {
                "shared/mathx.py": "from shared.inner import VALUE as nothere\n",
                "shared/inner.py": "class K:\n    from shared.base import __secret\nVALUE = 7\n",
                "shared/base.py": "__secret = 1\n",
            },
            "shared/inner.py:2: imports '_K__secret' from shared/base.py, which does not define it",
        ),
        (  # a package's __init__, no submodule of that name
            {"shared/mathx.py": "from shared import nothere\n"},
            "shared/mathx.py:1: imports 'nothere' from shared/__init__.py, which does not "
            "define it, and there is no module shared/nothere.py or package shared/nothere/",
        ),
        (  # bound in a function only, and in a class's body
            {"shared/mathx.py": "def f():\n    nothere = 1\nclass C:\n    nothere = 2\n"},
            TYPO,
        ),
    ],
)
def test_names_bound_nowhere_the_import_looks_fail(toy, files, message):
    for path, text in files.items():
        write(toy, path, text)
    solution(toy)
    assert refused(toy) == message
    assert b"cannot import name" in run_source(toy, b"")[2][0]


@pytest.mark.parametrize(
    ("imports", "line"),
    [
        ("try:\n    from shared.mathx import nothere\nexcept ModuleNotFoundError:\n    pass\n", 5),
        ("try:\n    if True:\n        from shared import nothere\nexcept KeyError:\n    pass\n", 6),
        ("with suppress(ModuleNotFoundError):\n    from shared import nothere\n", 5),
    ],
)  # fmt: skip
def test_a_try_that_does_not_catch_import_error_guards_no_name_a_helper_lacks(toy, imports, line):
    """``from shared import nothere`` raises ImportError ("cannot import name"), not
    ModuleNotFoundError (CPython 3.8.18 and 3.11.7, measured, a package folder's and a
    module's): ``except ModuleNotFoundError:`` passed, and the bundle died."""
    write(toy, "shared/mathx.py", "there = 7\n")
    solution(toy, "from contextlib import suppress\n" + imports, "print(0)\n")
    assert refused(toy).startswith(f"solutions/toy_sum.py:{line}: imports 'nothere' from shared/")
    assert b"ImportError: cannot import name 'nothere'" in run_source(toy, b"")[2][-1]


def test_a_private_name_imported_in_a_class_body_is_read_as_cpython_mangles_it(toy):
    """``from m import __x`` in class ``K`` imports ``m._K__x``: a helper binding only that
    builds (it was refused as not defining ``__x``) and runs as from source."""
    write(toy, "shared/mathx.py", "def _K__x():\n    return 42\n")
    solution(toy, "class K:\n    from shared.mathx import __x\n", "print(K._K__x())\n")
    source = run_source(toy, b"")
    assert source[:2] == (0, b"42\n"), source
    assert run_bundle(toy, bundle_of(toy), b"") == source


BOUND = {
    "module __getattr__": "def __getattr__(name):\n    return 7\n",
    "globals()[...]": "globals()['nothere'] = 7\n",
    "globals().update": "globals().update(nothere=7)\n",
    "vars() written": "vars()['nothere'] = 7\n",
    "exec": "exec('nothere = 7')\n",
    "sys.modules": "import sys\nsys.modules[__name__].nothere = 7\n",
    "star import": "from shared.base import *\n",
    "under if": "if len('ab') == 2:\n    nothere = 7\n",
    "under try": "try:\n    nothere = int('7')\nexcept ValueError:\n    pass\n",
    "by import": "from math import ceil as nothere\n",
    "by import of a module": "import math as nothere\n",
    "by def": "def nothere():\n    return 7\n",
    "by class": "class nothere:\n    pass\n",
    "by assignment": "a, [nothere, *b] = 1, [7, 8]\n",
    "by annotated assignment": "nothere: int = 7\n",
    "by augmented assignment": "nothere = 1\nnothere += 6\n",
    "by for": "for nothere in range(8):\n    pass\n",
    "by with": "import contextlib\nwith contextlib.nullcontext(7) as nothere:\n    pass\n",
    "by walrus": "if (nothere := 7):\n    pass\n",
    "by except": "try:\n    1 / 0\nexcept ZeroDivisionError as nothere:\n    kept = nothere\n"
    "nothere = kept\n",
    "by global": "def init():\n    global nothere\n    nothere = 7\ninit()\n",
    "by match": "match [7]:\n    case [nothere]:\n        pass\n",
    "in the main block's else": "if __name__ == '__main__':\n    pass\nelse:\n    nothere = 7\n",
}


@pytest.mark.parametrize("helper", BOUND.values(), ids=BOUND.keys())
def test_a_name_the_helper_may_bind_builds_and_runs_as_from_source(toy, helper):
    write(toy, "shared/mathx.py", helper)
    write(toy, "shared/base.py", "nothere = 7\n")
    solution(toy)
    source = run_source(toy, b"")
    assert source[0] == 0, source
    assert run_bundle(toy, bundle_of(toy), b"") == source


ELSEWHERE = {
    "submodule of a package": ("from shared import mathx\n", "print(mathx.there)\n"),
    "two submodules": (
        "from shared import toy_text, mathx\n",
        "print(mathx.there)\n",
    ),
    "set from outside": (
        "import shared.mathx\nshared.mathx.nothere = 7\nfrom shared.mathx import nothere\n",
        "print(nothere)\n",
    ),
    "set by setattr": (
        "import shared.mathx\nsetattr(shared.mathx, 'nothere', 7)\n"
        "from shared.mathx import nothere\n",
        "print(nothere)\n",
    ),
    "guarded by try": (
        "try:\n    from shared.mathx import nothere\nexcept ImportError:\n    nothere = 0\n",
        "print(nothere)\n",
    ),
    "guarded by a try around a block": (
        "try:\n    for _ in [0]:\n        from shared.mathx import nothere\n"
        "except (KeyError, ImportError):\n    nothere = 0\n",
        "print(nothere)\n",
    ),
    "guarded by suppress": (
        "import contextlib\nnothere = 0\nwith contextlib.suppress(ImportError):\n"
        "    from shared.mathx import nothere\n",
        "print(nothere)\n",
    ),
    "for type checkers": (
        "import shared.mathx\nfrom typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from shared.mathx import nothere\n",
        "print(shared.mathx.there)\n",
    ),
    "in a function never called": (
        "def never():\n    from shared.mathx import nothere\n    return nothere\n",
        "print(0)\n",
    ),
}


@pytest.mark.parametrize(("imports", "then"), ELSEWHERE.values(), ids=ELSEWHERE.keys())
def test_a_submodule_a_name_set_from_outside_or_a_guarded_import_builds(toy, imports, then):
    write(toy, "shared/mathx.py", "there = 7\n")
    solution(toy, imports, then)
    source = run_source(toy, b"")
    assert source[0] == 0, source
    assert run_bundle(toy, bundle_of(toy), b"") == source


def test_a_package_s_own_submodules_and_what_its_init_imports_build(toy):
    write(toy, "shared/lib/__init__.py", "from . import graph\nfrom .inner import nothere\n")
    write(toy, "shared/lib/graph.py", "NAME = 'graph'\n")
    write(toy, "shared/lib/inner.py", "nothere = 7\n")
    solution(toy, "from shared.lib import graph, nothere\n", "print(graph.NAME, nothere)\n")
    assert run_bundle(toy, bundle_of(toy), b"") == run_source(toy, b"") == (0, b"graph 7\n", [])


def test_what_the_import_system_gives_every_module_builds(toy):
    """``from m import __doc__`` finds the attributes Python sets on every module (and a
    package's ``__path__``), which no statement of the helper binds."""
    write(toy, "shared/mathx.py", '"""Usage: toy N."""\nthere = 7\n')
    solution(
        toy,
        "from shared.mathx import __doc__ as doc, __name__, __file__, __spec__, __loader__\n"
        "from shared.mathx import __package__, __cached__, __builtins__, __dict__, __class__\n"
        "from shared.mathx import __getattribute__\n"
        "from shared import __path__\n",
        "print(doc, __name__, __file__.endswith('mathx.py'), __spec__.name, __package__,\n"
        "      type(__loader__).__name__ != '', __cached__ is not None, len(__builtins__) > 9,\n"
        "      type(__dict__).__name__, __class__.__name__, len(__path__),\n"
        "      __getattribute__('__name__'))\n",
    )
    source = run_source(toy, b"")
    assert source == (
        0,
        b"Usage: toy N. shared.mathx True shared.mathx shared True True True dict module 1 "
        b"shared.mathx\n",
        [],
    ), source
    assert run_bundle(toy, bundle_of(toy), b"") == source


def test_a_package_extending_its_path_beyond_the_workspace_is_not_judged(toy, tmp_path):
    """A submodule found outside the workspace is no helper: the package's text cannot say
    what it holds."""
    write(tmp_path, "outside/far.py", "NAME = 'far'\n")
    write(toy, "shared/lib/__init__.py", f"__path__.append({str(tmp_path / 'outside')!r})\n")
    solution(toy, "from shared.lib import far\n", "print(far.NAME)\n")
    assert run_source(toy, b"") == (0, b"far\n", [])
    assert [h.name for h in bundle_of(toy).helpers if h.name.startswith("shared.lib")] == [
        "shared.lib"
    ]

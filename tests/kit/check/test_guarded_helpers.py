"""kit.check.guarded_helpers: the helpers a bundle imports only under guards, whose findings
the checks give as notes (a target the guard keeps out never compiles them), and the
version dispatch between two helpers that this allows; the helpers imported in a ``try``,
which every target compiles, whose findings are notes only where the handlers catch what
importing the helper raises."""

import pytest

from kit.building.pipeline import build_problem
from kit.building.results import Status
from kit.bundle_making import make_bundle
from kit.check.checks import check
from kit.check.guarded_helpers import caught, guarded_only
from kit.registry import load_registry
from kit.run.cases import RunOptions
from tests.bundle_support import columns_for, interpreter, run_bundle, write

MODERN = "def kind(x):\n    match x:\n        case 0:\n            return 'zero'\n"
LEGACY = "def kind(x):\n    return 'zero' if x == 0 else 'other'\n"
DISPATCH = (
    "import sys\n\nif sys.version_info >= (3, 10):\n    from shared.modern import kind\n"
    "else:\n    from shared.legacy import kind\nprint(kind(0))\n"
)


def bundled(toy, solution, **helpers):
    for name, text in helpers.items():
        write(toy, f"shared/{name}.py", text)
    write(toy, "solutions/toy_sum.py", solution)
    problem = load_registry(toy)["toy_sum"]
    return problem, make_bundle(problem)


def test_a_helper_every_import_of_which_is_guarded_is_found_with_its_place(toy):
    _, bundle = bundled(toy, DISPATCH, modern=MODERN, legacy=LEGACY)
    assert guarded_only(bundle.modules) == {
        "shared/__init__.py": "solutions/toy_sum.py:4",  # the package: loaded only so too
        "shared/modern.py": "solutions/toy_sum.py:4",
        "shared/legacy.py": "solutions/toy_sum.py:6",
    }


def test_one_unguarded_import_makes_it_a_helper_like_any_other(toy):
    solution = DISPATCH + "from shared.legacy import kind as again\nprint(again(1))\n"
    _, bundle = bundled(toy, solution, modern=MODERN, legacy=LEGACY)
    assert set(guarded_only(bundle.modules)) == {"shared/modern.py"}


def test_a_helper_imported_under_a_test_every_target_passes_is_no_guarded_one(toy):
    solution = "import math\nif hasattr(math, 'isqrt'):\n    from shared.modern import kind\n"
    _, bundle = bundled(toy, solution + "print(kind(1))\n", modern=MODERN)
    assert "shared/modern.py" not in guarded_only(bundle.modules)


FLAG = "import importlib, sys\nPYPY = sys.implementation.name == 'pypy'\n"


@pytest.mark.parametrize(
    "line",
    [
        "x = 1 if PYPY else 0; from shared.modern import kind",
        "x = 1 if PYPY else 0; kind = importlib.import_module('shared.modern').kind",
        "kind, x = importlib.import_module('shared.modern').kind, (1 if PYPY else 0)",
    ],
)
def test_a_helper_imported_beside_a_guarded_expression_is_no_guarded_one(toy, line):
    """A conditional expression on a guard's test guards its branches, not the import on its
    line or in its statement, which every target runs: CPython 3.8.18, 3.9.18 and PyPy 3.9
    die on the bundle's ``match``, measured; one in its branch is guarded."""
    _, bundle = bundled(toy, FLAG + line + "\nprint(kind(0))\n", modern=MODERN)
    assert "shared/modern.py" not in guarded_only(bundle.modules)
    branch = "kind = importlib.import_module('shared.modern').kind if PYPY else None\n"
    _, bundle = bundled(toy, FLAG + branch, modern=MODERN)
    assert guarded_only(bundle.modules)["shared/modern.py"] == "solutions/toy_sum.py:3"


def test_a_helper_imported_in_a_branch_of_an_expression_on_no_guard_s_test_is_no_guarded_one(
    toy,
):
    """Only a guard's test guards a conditional expression's branches: ``len(sys.argv) < 5``
    tells nothing of the Python, and CPython 3.8.18, 3.9.18 and PyPy 3.9 die on the bundle's
    ``match`` (SyntaxError), measured."""
    branch = "kind = importlib.import_module('shared.modern').kind if len(sys.argv) < 5 else None\n"
    _, bundle = bundled(toy, FLAG + branch + "print(kind(0))\n", modern=MODERN)
    assert "shared/modern.py" not in guarded_only(bundle.modules)


def test_a_helper_imported_only_by_a_guarded_helper_is_guarded_too(toy):
    deep = "from shared.deeper import kind\n"
    _, bundle = bundled(toy, DISPATCH, modern=deep, deeper=MODERN, legacy=LEGACY)
    assert {"shared/modern.py", "shared/deeper.py"} <= set(guarded_only(bundle.modules))


def test_version_dispatch_between_helpers_passes_with_a_note_and_runs(toy):
    """A ``match`` in the helper only 3.10+ imports: a note for 3.8, not an error; the
    bundle runs under 3.8 as from source."""
    problem, bundle = bundled(toy, DISPATCH, modern=MODERN, legacy=LEGACY)
    runners = {column.target: column.runner for column in columns_for(problem)}
    checked = check(problem, bundle, runners)
    assert checked.errors == []
    (note,) = checked.notes
    assert note.startswith("note: shared/modern.py:2: ") and "(solutions/toy_sum.py:4)" in note
    assert run_bundle(toy, bundle, b"")[:2] == (0, b"zero\n")


def test_a_version_flag_imported_from_a_helper_guards_the_dispatch(toy):
    flag = "import sys\nNEW = sys.version_info >= (3, 10)\n"
    solution = DISPATCH.replace("sys.version_info >= (3, 10)", "NEW").replace(
        "import sys\n", "from shared.env import NEW\n"
    )
    _, bundle = bundled(toy, solution, env=flag, modern=MODERN, legacy=LEGACY)
    assert set(guarded_only(bundle.modules)) == {"shared/modern.py", "shared/legacy.py"}


# a helper imported in a try: every target imports and compiles it, and the handlers catch
# only what importing it raises (the SyntaxError of compiling it, its top-level ImportError)
LCM_CALLED = "import math\n\ndef combine(a, b):\n    return math.lcm(a, b)\n"  # 3.9
LCM_IMPORTED = "from math import lcm\nimport heapq\n\ndef combine(a, b):\n    return lcm(a, b)\n"
LCM_MATCHED = "def combine(a, b):\n    match a:\n        case _:\n            return a * b // 2\n"
CLASSIC = "from math import gcd\n\ndef combine(a, b):\n    return a * b // gcd(a, b)\n"


def tried(handler):
    """A solution importing shared.modern in a try, shared.classic in the handler (``""``: a
    bare ``except``)."""
    return (
        f"try:\n    from shared.modern import combine\nexcept{' ' * bool(handler)}{handler}:\n"
        "    from shared.classic import combine\nprint(combine(4, 6))\n"
    )


def test_a_helper_imported_in_a_try_is_no_guarded_one_every_target_compiles_it(toy):
    _, bundle = bundled(toy, tried("ImportError"), modern=LCM_CALLED, classic=CLASSIC)
    assert guarded_only(bundle.modules) == {}


@pytest.mark.parametrize(
    ("handler", "raised", "lines"),
    [
        ("ImportError", {"ImportError", "ModuleNotFoundError"}, {1, 2}),
        ("ModuleNotFoundError", {"ModuleNotFoundError"}, {2}),  # not from math import lcm
        ("(ValueError, SyntaxError)", {"SyntaxError"}, set()),
        ("Exception", {"SyntaxError", "ImportError", "ModuleNotFoundError"}, {1, 2}),
        ("", {"SyntaxError", "ImportError", "ModuleNotFoundError"}, {1, 2}),  # bare except
    ],
)
def test_what_the_handlers_of_a_helper_s_imports_catch_is_found_with_its_imports(
    toy, handler, raised, lines
):
    _, bundle = bundled(toy, tried(handler), modern=LCM_IMPORTED, classic=CLASSIC)
    found = caught(bundle.modules)["shared/modern.py"]
    assert (found.place, found.raised, found.lines) == ("solutions/toy_sum.py:2", raised, lines)


def test_an_import_in_a_function_a_try_defines_is_no_import_in_the_try(toy):
    """The function's body runs when called, after the ``try``."""
    solution = (
        "try:\n    def load():\n        from shared.modern import combine\n"
        "        return combine\nexcept Exception:\n    pass\nprint(load()(4, 6))\n"
    )
    _, bundle = bundled(toy, solution, modern=LCM_IMPORTED)
    assert guarded_only(bundle.modules) == {} and caught(bundle.modules) == {}


def test_a_default_a_try_defines_imports_in_the_try_its_body_on_that_line_after_it(toy):
    """What handlers catch is read by node, not by line: a default runs when ``def`` runs, in
    the ``try``, and its body on that line when called (CPython 3.8.18, 3.9.18 and PyPy 3.9
    catch the SyntaxError of ``shared.modern``'s ``match`` and print ``zero``, measured)."""
    solution = (
        "import importlib\ntry:\n"
        '    def load(m=importlib.import_module("shared.modern")): return m\n'
        "except SyntaxError:\n"
        '    def load(): return importlib.import_module("shared.legacy")\n'
        "print(load().kind(0))\n"
    )
    _, bundle = bundled(toy, solution, modern=MODERN, legacy=LEGACY)
    assert caught(bundle.modules)["shared/modern.py"].raised == {"SyntaxError"}
    body = solution.replace('(m=importlib.import_module("shared.modern")): return m', "(): "
                            'return importlib.import_module("shared.modern")')  # fmt: skip
    _, bundle = bundled(toy, body, modern=MODERN, legacy=LEGACY)
    assert "shared/modern.py" not in caught(bundle.modules)


def test_a_helper_imported_under_a_version_guard_and_in_a_try_is_judged_by_the_try(toy):
    guarded = "import sys\nif sys.version_info >= (3, 10):\n    from shared.modern import combine\n"
    solution = tried("SyntaxError") + guarded
    _, bundle = bundled(toy, solution, modern=LCM_MATCHED, classic=CLASSIC)
    assert "shared/modern.py" not in guarded_only(bundle.modules)
    assert caught(bundle.modules)["shared/modern.py"].raised == {"SyntaxError"}


def test_what_fails_after_a_try_imported_helper_s_import_is_an_error_not_a_note(toy):
    """``math.lcm`` called in the helper raises AttributeError on 3.8, after the ``try``:
    the build said ok with a note, and the judge's 3.8 raised."""
    problem, bundle = bundled(toy, tried("ImportError"), modern=LCM_CALLED, classic=CLASSIC)
    runners = {column.target: column.runner for column in columns_for(problem)}
    checked = check(problem, bundle, runners)
    assert checked.notes == []
    assert checked.errors == [
        "shared/modern.py:4: 'math.lcm' member needs Python 3.9 (targets cpython3.8, pypy3)"
    ]


def checked_under_3_8(toy, helper, handler):
    """The checks' errors and notes on ``tried(handler)`` with ``helper`` as shared.modern,
    and the bundle's exit code and output under CPython 3.8 (the test skipped without it)."""
    python38 = interpreter("cpython3.8")
    problem, bundle = bundled(toy, tried(handler), modern=helper, classic=CLASSIC)
    runners = {column.target: column.runner for column in columns_for(problem)}
    checked = check(problem, bundle, runners)
    code, out, _ = run_bundle(toy, bundle, b"", python=python38)
    return checked, code, out


@pytest.mark.parametrize(
    ("helper", "handler"),
    [
        (LCM_CALLED, "ImportError"),  # AttributeError when called
        (LCM_CALLED, "Exception"),  # still after the try
        (LCM_IMPORTED, "ModuleNotFoundError"),  # ImportError: not caught
        (LCM_MATCHED, "ImportError"),  # SyntaxError: not caught
    ],
)
def test_a_try_imported_helper_that_fails_under_python_3_8_is_refused(toy, helper, handler):
    checked, code, _ = checked_under_3_8(toy, helper, handler)
    assert code != 0
    assert checked.errors and checked.errors[0].startswith("shared/modern.py:")
    assert checked.notes == []


@pytest.mark.parametrize(
    ("helper", "handler"),
    [
        (LCM_IMPORTED, "ImportError"),  # the fallback runs
        (LCM_MATCHED, "Exception"),
        (LCM_MATCHED, ""),  # a bare except
    ],
)
def test_a_try_imported_helper_whose_failure_the_handler_catches_is_a_note_as_3_8_runs_it(
    toy, helper, handler
):
    checked, code, out = checked_under_3_8(toy, helper, handler)
    assert (code, out) == (0, b"12\n")
    assert checked.errors == []
    (note,) = checked.notes
    assert note.startswith("note: shared/modern.py:") and "(solutions/toy_sum.py:2)" in note


def test_a_build_whose_try_imported_helper_fails_on_the_judge_fails(toy):
    """The build of a solution whose ``try`` imports a helper calling ``math.lcm`` (with
    ``except ImportError``) failed on a CPython 3.8 target; it said ok."""
    problem, _ = bundled(toy, tried("ImportError"), modern=LCM_CALLED, classic=CLASSIC)
    write(toy, "samples/toy_sum/sample-1.in", "\n")
    write(toy, "samples/toy_sum/sample-1.out", "12\n")
    result = build_problem(problem, RunOptions(repeat=1, jobs=1), interpreters=[])
    assert result.status == Status.FAIL
    assert result.errors[0].startswith("toy_sum: shared/modern.py:4: 'math.lcm' member needs")

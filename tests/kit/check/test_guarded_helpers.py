"""kit.check.guarded_helpers: the helpers a bundle imports only under guards, whose findings
the checks give as notes (a target the guard keeps out never compiles them), and the
version dispatch between two helpers that this allows."""

from kit.check.checks import check
from kit.check.guarded_helpers import guarded_only
from kit.pipeline import make_bundle
from kit.registry import load_registry
from tests.bundle_support import columns_for, run_bundle, write

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

"""kit.check.module_places: a helper the solution imports from the workspace's root while a
module of the same name sits beside it is noted (the solution run as a script imports the
other); the hints for refused imports are tested through the checks (test_checks.py)."""

from kit.building.pipeline import columns_for
from kit.bundle_making import make_bundle
from kit.check.checks import check
from kit.check.module_places import shadowed_beside
from kit.registry import load_registry
from tests.bundle_support import bundle_of, write

SOLUTION = "import common\nprint(common.f())\n"


def test_a_root_module_with_a_namesake_beside_the_solution_is_noted_naming_both(toy):
    write(toy, "common.py", "def f():\n    return 1\n")
    write(toy, "solutions/common.py", "def f():\n    return 2\n")
    write(toy, "solutions/toy_sum.py", SOLUTION)
    assert shadowed_beside(bundle_of(toy).modules) == [
        "note: solutions/toy_sum.py imports 'common' as common.py, found from the "
        "workspace's root as the bundle and `python -m` find it; solutions/common.py beside "
        "it is what `python solutions/toy_sum.py` imports instead"
    ]


def test_a_root_package_with_a_namesake_folder_beside_the_solution_is_noted(toy):
    write(toy, "common/__init__.py", "def f():\n    return 1\n")
    write(toy, "solutions/common/__init__.py", "def f():\n    return 2\n")
    write(toy, "solutions/toy_sum.py", SOLUTION)
    (note,) = shadowed_beside(bundle_of(toy).modules)
    assert "as common/__init__.py" in note
    assert note.endswith(
        "solutions/common/ beside it is what `python solutions/toy_sum.py` imports instead"
    )


def test_no_note_without_a_namesake_or_for_a_module_imported_from_the_solution_s_folder(toy):
    write(toy, "common.py", "def f():\n    return 1\n")
    write(toy, "solutions/toy_sum.py", SOLUTION)
    assert shadowed_beside(bundle_of(toy).modules) == []
    write(toy, "solutions/common.py", "def f():\n    return 2\n")
    write(toy, "solutions/toy_sum.py", "from solutions.common import f\nprint(f())\n")
    assert shadowed_beside(bundle_of(toy).modules) == []


def test_a_solution_at_the_root_has_no_folder_of_its_own_to_shadow(toy):
    write(toy, "common.py", "def f():\n    return 1\n")
    write(toy, "toy_main.py", SOLUTION)
    table = toy / "problems.toml"
    table.write_text(
        table.read_text().replace("[toy_sum]\n", '[toy_sum]\nsolution = "toy_main.py"\n', 1)
    )
    modules = bundle_of(toy).modules
    assert [module.rel for module in modules if module.is_entry] == ["toy_main.py"]
    assert shadowed_beside(modules) == []


def test_the_checks_give_the_note(toy):
    write(toy, "common.py", "def f():\n    return 1\n")
    write(toy, "solutions/common.py", "def f():\n    return 2\n")
    write(toy, "solutions/toy_sum.py", SOLUTION)
    problem = load_registry(toy)["toy_sum"]
    runners = {column.target: column.runner for column in columns_for(problem)}
    checked = check(problem, make_bundle(problem), runners)
    assert checked.errors == []
    assert any("solutions/common.py beside it" in note for note in checked.notes)


def _solution_at(toy, rel):
    write(toy, rel, SOLUTION)
    table = toy / "problems.toml"
    setting = f'solution = "{rel}"'
    table.write_text(table.read_text().replace("[toy_sum]\n", f"[toy_sum]\n{setting}\n", 1))


def test_a_script_s_folder_module_with_a_namesake_at_the_root_is_noted_the_other_way(toy):
    """``python abc/a.py`` and the bundle import abc/common.py; ``python -m abc.a`` the
    root's: the note said the bundle held the root's, which it no longer does."""
    write(toy, "common.py", "def f():\n    return 1\n")
    write(toy, "contest/common.py", "def f():\n    return 2\n")
    _solution_at(toy, "contest/a.py")
    assert shadowed_beside(bundle_of(toy).modules) == [
        "note: contest/a.py imports 'common' as contest/common.py, found in its own folder as "
        "the bundle and `python contest/a.py` find it; common.py at the workspace's root is "
        "what `python -m contest.a` imports instead"
    ]


def test_no_note_for_a_script_s_folder_without_a_namesake(toy):
    write(toy, "common.py", "def f():\n    return 1\n")
    _solution_at(toy, "contest/a.py")
    assert shadowed_beside(bundle_of(toy).modules) == []  # the root's alone


def test_no_note_for_a_script_s_folder_no_python_m_run_can_name(toy):
    write(toy, "common.py", "def f():\n    return 1\n")
    write(toy, "abc-300/common.py", "def f():\n    return 2\n")
    _solution_at(toy, "abc-300/a.py")
    assert shadowed_beside(bundle_of(toy).modules) == []

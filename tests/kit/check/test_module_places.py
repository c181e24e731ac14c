"""kit.check.module_places: a helper the solution imports from the workspace's root while a
module of the same name sits beside it is noted (the solution run as a script imports the
other); the hints for refused imports are tested through the checks (test_checks.py)."""

from kit.building.pipeline import columns_for
from kit.bundle_making import make_bundle
from kit.check.checks import check
from kit.check.module_places import judge_namesakes, shadowed_beside
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


LIBRARY_IN_SHARED = {
    "shared/lib/__init__.py": "",
    "shared/lib/_bits.py": "def top(n):\n    return n.bit_length()\n",
    "shared/lib/tree.py": "import lib._bits\n\n\ndef size(n):\n    return lib._bits.top(n)\n",
}


def test_a_library_in_a_subfolder_taking_the_judge_s_namesake_is_noted(toy):
    """A library copied into shared/ whose files import it by its own name: where the judge
    installs a module of that name (AtCoder's ``atcoder``), that import takes the judge's,
    beside the copy, and was accepted in silence (a run here failed only for lack of it)."""
    for rel, text in LIBRARY_IN_SHARED.items():
        write(toy, rel, text)
    write(toy, "solutions/toy_sum.py", "from shared.lib.tree import size\nprint(size(5))\n")
    modules = bundle_of(toy).modules
    assert judge_namesakes(modules, "AtCoder", {"lib"}.__contains__) == [
        "note: shared/lib/tree.py:1: imports 'lib._bits' from the 'lib' AtCoder installs, not "
        "from shared/lib/, where this file lies (imports are found from the workspace's root), "
        "so the judge's 'lib' runs beside your copy; move shared/lib/, or a link to it, to the "
        "workspace's root to bundle your copy whole"
    ]
    assert judge_namesakes(modules, "AtCoder", set().__contains__) == []


def test_no_judge_namesake_note_for_a_library_at_the_root(toy):
    for rel, text in LIBRARY_IN_SHARED.items():
        write(toy, rel.removeprefix("shared/"), text)
    write(toy, "solutions/toy_sum.py", "from lib.tree import size\nprint(size(5))\n")
    assert judge_namesakes(bundle_of(toy).modules, "AtCoder", {"lib"}.__contains__) == []


def test_the_checks_give_the_judge_namesake_note(toy):
    for rel, text in LIBRARY_IN_SHARED.items():
        write(toy, rel.replace("/lib/", "/atcoder/"), text.replace("lib.", "atcoder."))
    code = "from shared.atcoder.tree import size\nprint(size(5))\n"
    write(toy, "solutions/toy_sum.py", code)
    table = toy / "problems.toml"
    table.write_text(table.read_text().replace('judge = "nowhere"', 'judge = "AtCoder"', 1))
    problem = load_registry(toy)["toy_sum"]
    checked = check(problem, make_bundle(problem), {})
    assert checked.errors == []
    assert [n for n in checked.notes if "shared/atcoder/tree.py:1" in n] != []

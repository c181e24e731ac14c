"""kit.guest_imports: a problem's import folders first on ``sys.path`` in their order, none
twice; another problem's script folder taken off with the modules it gave, a root module of a
name the script folder holds forgotten; the kit's and the interpreter's modules kept."""

import importlib
import sys
import types

import pytest

from kit import guest_imports
from kit.guest_imports import find_first


@pytest.fixture
def workspace(tmp_path, own_imports):
    """A root with ``mylib.py`` and two script folders, each with a ``mylib.py`` of its own."""
    root = tmp_path / "ws"
    for folder, value in (("", "root"), ("abc300/", "300"), ("abc301/", "301")):
        (root / folder).mkdir(parents=True, exist_ok=True)
        (root / folder / "mylib.py").write_text(f"WHERE = {value!r}\n")
    importlib.invalidate_caches()
    return root


def where() -> str:
    return importlib.import_module("mylib").WHERE


def test_a_script_folder_goes_first_then_the_root_none_twice(workspace):
    # the root there already, after the rest, and the script's folder after it (PYTHONPATH)
    sys.path += [str(workspace), str(workspace / "abc300")]
    folders = (workspace / "abc300", workspace)
    for _ in range(2):
        find_first(folders)
        assert [sys.path.count(str(folder)) for folder in folders] == [1, 1]
        assert sys.path.index(str(folders[0])) == sys.path.index(str(workspace)) - 1
    assert where() == "300"


def test_the_kit_s_layout_leaves_the_root_where_it_is(workspace):
    before = [*sys.path, str(workspace)]
    sys.path.append(str(workspace))
    find_first((workspace,))
    assert sys.path == before
    sys.path.remove(str(workspace))
    find_first((workspace,))
    assert sys.path == [str(workspace), *before[:-1]]
    assert where() == "root"


def test_another_problem_s_script_folder_goes_with_the_modules_it_gave(workspace):
    find_first((workspace / "abc300", workspace))
    assert where() == "300"
    held = sys.modules["mylib"]
    find_first((workspace / "abc301", workspace))
    assert str(workspace / "abc300") not in sys.path
    assert where() == "301"
    find_first((workspace,))  # the kit's layout: the root's
    assert str(workspace / "abc301") not in sys.path
    assert where() == "root"
    assert held.WHERE == "300"  # a module imported before keeps what it holds


def test_a_root_module_of_a_name_the_script_folder_holds_is_forgotten(workspace):
    """``python abc300/a.py`` imports abc300/mylib.py, whatever the kit imported before."""
    find_first((workspace,))
    assert where() == "root"
    find_first((workspace / "abc300", workspace))
    assert where() == "300"
    find_first((workspace / "abc300", workspace))  # the same problem again: kept
    assert sys.modules["mylib"].WHERE == "300"


def test_the_kit_s_and_the_interpreter_s_modules_stay_under_a_name_a_script_folder_holds(
    workspace, monkeypatch
):
    """Even when they lie in the workspace (a checkout of the kit, a virtual environment):
    the kit's process runs on them."""
    (workspace / "cpkit" / "kit").mkdir(parents=True)
    (workspace / ".venv").mkdir()
    monkeypatch.setattr(guest_imports, "_KIT", workspace / "cpkit" / "kit")
    monkeypatch.setattr(sys, "prefix", str(workspace / ".venv"))
    for name, place in (("kitlike", "cpkit/kit"), ("venvlike", ".venv")):
        module = types.ModuleType(name)
        module.__file__ = str(workspace / place / f"{name}.py")
        monkeypatch.setitem(sys.modules, name, module)
    for name in ("random", "kit", "kitlike", "venvlike"):
        (workspace / "abc300" / f"{name}.py").write_text("HIDDEN = True\n")
    held = {name: sys.modules[name] for name in ("random", "kit", "kitlike", "venvlike")}
    find_first((workspace / "abc300", workspace))
    assert {name: sys.modules.get(name) for name in held} == held

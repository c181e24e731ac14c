"""Who may import whom in the checkout: bench/ and tests/ take their generators, validators and
references from stress/; no test module imports another; stress/ stands on its own.

- a ``bench/`` module imports nothing from ``tests/``, and no module of ``tests/`` imports
  ``bench/`` (they meet in ``stress/``, or in ``referee/`` for Lines of Action);
- no ``test_*.py`` of the test tree (``tests/`` and its folders, ``tests/kit/run/`` ...)
  imports another test module; what tests share is a fixture of ``tests/conftest.py`` or a
  support module of ``tests/`` (not named ``test_*``) whose docstring opens with "Test support
  (not a test module)";
- ``stress/`` imports neither ``solutions/``, ``bench/`` nor ``tests/`` (a reference written
  apart from the solution it checks);
- the modules of ``kit/`` import each other without a circle, type-only and local imports
  included;
- no module of ``kit/stress/`` reaches ``kit/verify/`` (what both run of a package's validators
  is ``kit.run.input_validators``), and ``kit.stress.source`` loads no ``kit.checktestdata``
  (imported only for a ``.ctd`` validator).
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SUPPORT_OPENING = "Test support (not a test module)"


def imported(path: Path) -> set[str]:
    """The top-level packages and modules ``path`` imports, as dotted names."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def modules(folder: str) -> list[Path]:
    return sorted((ROOT / folder).glob("*.py"))


def tree_modules() -> list[Path]:
    """Every module of the test tree, its folders included (the fixture checkouts are not)."""
    tests = ROOT / "tests"
    return sorted(
        path for path in tests.rglob("*.py") if "fixtures" not in path.relative_to(tests).parts
    )


def shown(path: Path) -> str:
    return path.relative_to(ROOT / "tests").as_posix()


def reaches(path: Path, package: str) -> list[str]:
    return sorted(
        name for name in imported(path) if name == package or name.startswith(f"{package}.")
    )


@pytest.mark.parametrize("path", modules("bench"), ids=lambda path: path.name)
def test_bench_does_not_import_tests(path):
    assert reaches(path, "tests") == []


@pytest.mark.parametrize("path", tree_modules(), ids=shown)
def test_tests_do_not_import_bench(path):
    assert reaches(path, "bench") == []


@pytest.mark.parametrize("path", modules("stress"), ids=lambda path: path.name)
def test_stress_stands_apart_from_solutions_bench_and_tests(path):
    for package in ("solutions", "bench", "tests"):
        assert reaches(path, package) == [], package


@pytest.mark.parametrize("path", tree_modules(), ids=shown)
def test_no_test_module_imports_another(path):
    for name in reaches(path, "tests"):
        parts = name.split(".")[1:]
        assert not any(part.startswith("test_") for part in parts), f"{shown(path)} imports {name}"


def test_shared_test_helpers_are_marked_as_support_modules():
    support = [
        path
        for path in tree_modules()
        if not path.name.startswith("test_") and path.name not in ("conftest.py", "__init__.py")
    ]
    assert support, "the test tree's support modules"
    for path in support:
        docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        assert docstring.startswith(SUPPORT_OPENING), shown(path)


def kit_imports() -> dict[str, set[str]]:
    """Per module of kit/ (dotted name), the kit modules it imports anywhere in its text: at
    the top, inside a function, or for type checking only. ``from kit.run import cases`` is an
    import of ``kit.run.cases``, not of the package ``kit.run``."""
    kit = ROOT / "kit"
    names = {}
    for path in kit.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path

    def module_of(dotted: str) -> str:
        while dotted and dotted not in names:  # kit.run.cases.run_all -> kit.run.cases
            dotted = dotted.rpartition(".")[0]
        return dotted

    graph = {}
    for name, path in names.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(module_of(alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.update(module_of(f"{node.module}.{alias.name}") for alias in node.names)
        graph[name] = found - {"", name}
    return graph


def circle_in(graph: dict[str, set[str]]) -> list[str]:
    """One circle of imports (its modules in order, the first again at the end), or []."""
    state = {}  # 1: on the current path, 2: done

    def visit(name, path):
        state[name] = 1
        path.append(name)
        for other in sorted(graph[name]):
            if state.get(other) == 1:
                return path[path.index(other) :] + [other]
            if other not in state:
                found = visit(other, path)
                if found:
                    return found
        state[name] = 2
        path.pop()
        return []

    for name in sorted(graph):
        if name not in state:
            found = visit(name, [])
            if found:
                return found
    return []


def test_circle_in_finds_a_loop_and_only_a_loop():
    assert circle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert circle_in({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_kit_imports_form_no_circle():
    """The kit's modules import each other in one direction only (a package's __init__ that
    hands on names counts as a module): no circle, not even through an import made for type
    checking or inside a function."""
    assert circle_in(kit_imports()) == []


def reached(graph: dict[str, set[str]], start: str) -> set[str]:
    """The kit modules ``start`` imports, directly or through others."""
    found, todo = set(), [start]
    while todo:
        for other in graph[todo.pop()] - found:
            found.add(other)
            todo.append(other)
    return found


def test_stress_imports_nothing_of_verify_and_checktestdata_only_for_a_ctd_file():
    """``kit.stress.source`` imported ``kit.verify.input_check`` for a package's validators, a
    feature's module beside its own, and with it ``kit.checktestdata`` on every stress run:
    what both run is ``kit.run.input_validators``, which imports Checktestdata for a .ctd."""
    graph = kit_imports()
    for name in sorted(name for name in graph if name.startswith("kit.stress")):
        assert not [other for other in reached(graph, name) if other.startswith("kit.verify")]
    code = "import sys, kit.stress.source; print(sorted(m for m in sys.modules if 'ktest' in m))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], check=False, cwd=ROOT, capture_output=True, text=True
    )
    assert (loaded.stdout, loaded.stderr) == ("[]\n", "")

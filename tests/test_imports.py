"""Who may import whom in the checkout: bench/ and tests/ take their generators, validators and
references from stress/; no test module imports another; stress/ stands on its own.

- a ``bench/`` module imports nothing from ``tests/``, and no module of ``tests/`` imports
  ``bench/`` (they meet in ``stress/``, or in ``referee/`` for Lines of Action);
- no ``tests/test_*.py`` imports another test module; what tests share is a fixture of
  ``tests/conftest.py`` or a support module of ``tests/`` (not named ``test_*``) whose
  docstring opens with "Test support (not a test module)";
- ``stress/`` imports neither ``solutions/``, ``bench/`` nor ``tests/`` (a reference written
  apart from the solution it checks).
"""

import ast
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


def reaches(path: Path, package: str) -> list[str]:
    return sorted(
        name for name in imported(path) if name == package or name.startswith(f"{package}.")
    )


@pytest.mark.parametrize("path", modules("bench"), ids=lambda path: path.name)
def test_bench_does_not_import_tests(path):
    assert reaches(path, "tests") == []


@pytest.mark.parametrize("path", modules("tests"), ids=lambda path: path.name)
def test_tests_do_not_import_bench(path):
    assert reaches(path, "bench") == []


@pytest.mark.parametrize("path", modules("stress"), ids=lambda path: path.name)
def test_stress_stands_apart_from_solutions_bench_and_tests(path):
    for package in ("solutions", "bench", "tests"):
        assert reaches(path, package) == [], package


@pytest.mark.parametrize("path", modules("tests"), ids=lambda path: path.name)
def test_no_test_module_imports_another(path):
    for name in reaches(path, "tests"):
        module = name.split(".")[1] if "." in name else ""
        assert not module.startswith("test_"), f"{path.name} imports {name}"


def test_shared_test_helpers_are_marked_as_support_modules():
    support = [
        path
        for path in modules("tests")
        if not path.name.startswith("test_") and path.name not in ("conftest.py", "__init__.py")
    ]
    assert support, "the test tree's support modules"
    for path in support:
        docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        assert docstring.startswith(SUPPORT_OPENING), path.name

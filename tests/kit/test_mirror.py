"""The test tree mirrors the kit: every module ``kit/<stage>/<name>.py`` has its test module
``tests/kit/<stage>/<name>`` named ``test_<name>.py`` (a top-level ``kit/<name>.py``:
``tests/kit/test_<name>.py``; a package's ``__init__.py`` that holds more than re-exports, such
as ``kit/pages/__init__.py``: ``tests/kit/test_pages.py``), and every test module under
``tests/kit/`` is named after a kit module beside it (``test_<name>.py``, or
``test_<name>_<aspect>.py`` for more tests of it). Left out: ``kit/__main__.py``, ``kit/data/``
(the toy checkout) and ``__init__.py`` files of a docstring and imports only.

And every package's docstring names each of its modules (``kit/__main__.py`` too) as
``NAME``, its list of what the package holds kept whole; ``kit/data/`` is left out."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KIT = ROOT / "kit"
TESTS = ROOT / "tests"
SELF = Path(__file__).resolve()


def only_re_exports(path: Path) -> bool:
    """A module of a docstring, imports and ``__all__`` alone."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue
        targets = node.targets if isinstance(node, ast.Assign) else []
        if targets and all(getattr(target, "id", None) == "__all__" for target in targets):
            continue
        return False
    return True


def kit_modules(kit: Path = KIT) -> list[str]:
    """The dotted names of the kit's modules that need a test module of their own."""
    names = []
    for path in sorted(kit.rglob("*.py")):
        parts = path.relative_to(kit.parent).with_suffix("").parts
        if parts[1:2] == ("data",) or parts[1:] == ("__main__",):
            continue
        if parts[-1] == "__init__":
            if only_re_exports(path):
                continue
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


def unlisted(kit: Path = KIT) -> list[str]:
    """The modules of the kit's packages that their package's docstring does not name as
    ``NAME``, each as ``kit/<package>/<name>.py``."""
    found = []
    for init in sorted(kit.rglob("__init__.py")):
        package = init.parent
        if package.relative_to(kit).parts[:1] == ("data",):
            continue
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        for path in sorted(package.glob("*.py")):
            if path.stem != "__init__" and f"``{path.stem}``" not in doc:
                found.append(path.relative_to(kit.parent).as_posix())
    return found


def mirror_of(module: str, tests: Path = TESTS) -> Path:
    """``kit.run.limits`` -> ``tests/kit/run/test_limits.py``."""
    *folders, name = module.split(".")
    return tests.joinpath(*folders, f"test_{name}.py")


def unmirrored(modules: list[str], tests: Path = TESTS) -> list[str]:
    return [
        f"{module}: no {mirror_of(module, tests).relative_to(tests.parent)}"
        for module in modules
        if not mirror_of(module, tests).is_file()
    ]


def orphans(modules: list[str], tests: Path = TESTS) -> list[str]:
    """Test modules under ``tests/kit/`` named after no kit module of their folder."""
    found = []
    for path in sorted((tests / "kit").rglob("test_*.py")):
        if path.resolve() == SELF:
            continue
        folder = path.parent.relative_to(tests).parts
        beside = [m.split(".")[-1] for m in modules if tuple(m.split(".")[:-1]) == folder]
        stem = path.stem.removeprefix("test_")
        if not any(stem == name or stem.startswith(f"{name}_") for name in beside):
            where = "/".join(folder)
            found.append(f"{path.relative_to(tests.parent)}: named after no module of {where}/")
    return found


def test_every_kit_module_has_its_test_module():
    missing = unmirrored(kit_modules())
    assert not missing, "kit modules without a test module:\n" + "\n".join(missing)


def test_every_test_module_of_tests_kit_names_a_kit_module():
    stray = orphans(kit_modules())
    assert not stray, "\n".join(stray)


def test_every_package_s_docstring_names_each_of_its_modules():
    missing = unlisted()
    assert not missing, "modules their package's docstring does not name:\n" + "\n".join(missing)


def test_the_docstring_check_names_a_module_left_out(tmp_path):
    """A package whose docstring names one module of two (another only in a longer word, or
    without its double backquotes), the toy checkout's left out."""
    kit = tmp_path / "kit"
    (kit / "run").mkdir(parents=True)
    (kit / "data" / "toy").mkdir(parents=True)
    (kit / "__init__.py").write_text('"""- ``run/`` stage 5; ``report`` the table"""\n')
    (kit / "report.py").write_text("")
    (kit / "run" / "__init__.py").write_text('"""``limits`` the limits; ``cases_all``, cases"""')
    (kit / "run" / "limits.py").write_text("")
    (kit / "run" / "cases.py").write_text("")
    (kit / "data" / "toy" / "__init__.py").write_text("")
    (kit / "data" / "toy" / "toy_sum.py").write_text("")
    assert unlisted(kit) == ["kit/run/cases.py"]


def test_the_mirror_is_the_kit_s_layout():
    modules = kit_modules()
    assert {"kit.run.limits", "kit.registry", "kit.pages", "kit.packages"} <= set(modules)
    assert not {"kit", "kit.run", "kit.__main__"} & set(modules)  # docstrings; the entry point
    assert not [module for module in modules if module.startswith("kit.data")]
    assert mirror_of("kit.run.limits") == TESTS / "kit" / "run" / "test_limits.py"
    assert mirror_of("kit.pages") == TESTS / "kit" / "test_pages.py"


def test_the_check_names_a_module_without_tests_and_a_test_of_no_module(tmp_path):
    """The checks themselves can fail: a kit of two modules, one of them untested, and a test
    module named after neither."""
    kit = tmp_path / "kit"
    (kit / "run").mkdir(parents=True)
    (kit / "__init__.py").write_text('"""The kit."""\n')
    (kit / "run" / "__init__.py").write_text('"""Stage 5."""\nfrom kit.run.limits import X\n')
    (kit / "run" / "limits.py").write_text("X = 1\n")
    (kit / "report.py").write_text("Y = 2\n")
    (kit / "__main__.py").write_text("import kit\n")
    tests = tmp_path / "tests"
    (tests / "kit" / "run").mkdir(parents=True)
    (tests / "kit" / "run" / "test_limits_per_move.py").write_text("")
    (tests / "kit" / "run" / "test_limits.py").write_text("")
    (tests / "kit" / "test_reports.py").write_text("")
    modules = kit_modules(kit)
    assert modules == ["kit.report", "kit.run.limits"]
    assert unmirrored(modules, tests) == ["kit.report: no tests/kit/test_report.py"]
    assert orphans(modules, tests) == ["tests/kit/test_reports.py: named after no module of kit/"]

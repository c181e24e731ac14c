"""A module of the workspace imported into the kit's own process: a problem's stress and bench
modules, which the kit calls (``import_from_checkout``).

The module finds its imports where the problem's solution finds its own, those folders first
on ``sys.path`` (``kit.guest_imports.find_first``), so it may import the solution and its
helpers. It runs as a guest (``kit.guest``): its ``os._exit`` raises rather than ending the kit.
What goes wrong is a one-line error naming the file (``kit.errors.Unusable``: exit 2): a module
that exits when imported (naming the call), one that raises (naming the exception and where it
was raised: ``kit.guest.failure``), and a workspace module or package hidden by one of the same
name the kit's process had imported already (a workspace's ``kit/``).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from kit.errors import Unusable
from kit.guest import exit_call, failure, guest
from kit.guest_imports import find_first
from kit.registry import Problem


def import_from_checkout(problem: Problem, path: Path, name: str):
    """The module at ``path`` of the problem's checkout, imported as ``name`` with the folders
    the solution's imports are found in first on ``sys.path`` (``find_first``: so it may import
    the solution and its helpers as the solution does); a broken one is a one-line
    ``Unusable``."""
    where = problem.rel(path)
    find_first(problem.import_folders)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise Unusable(f"{where}: cannot be imported")
    module = importlib.util.module_from_spec(spec)
    try:
        with guest():
            spec.loader.exec_module(module)
    except SystemExit as error:  # it would end the kit without a word
        raise Unusable(f"{where}: exits when imported ({exit_call(error)})") from None
    except Exception as error:  # reported in one line
        hidden = _hidden_by_the_kit(problem, error)
        raise Unusable(
            f"{where}: cannot be imported: {failure(error, problem.root)}{hidden}"
        ) from None
    return module


def _hidden_by_the_kit(problem: Problem, error: Exception) -> str:
    """Why an import failed when the workspace's module or package of that name is hidden by
    one the kit's own process had imported already (a workspace package ``kit``: the module
    runs in the kit's process, where ``kit`` is cpkit's own package), else ""."""
    top = (getattr(error, "name", None) or "").partition(".")[0]
    loaded = sys.modules.get(top) if isinstance(error, ImportError) else None
    origin = getattr(loaded, "__file__", None) or ""
    ours = (problem.root / top).is_dir() or (problem.root / f"{top}.py").is_file()
    if (
        not top
        or loaded is None
        or not ours
        or Path(origin).resolve().is_relative_to(problem.root.resolve())
    ):
        return ""
    return (
        f" (the workspace's '{top}' is hidden by cpkit's own '{top}', imported already in the "
        f"process this module runs in: rename the workspace's)"
    )

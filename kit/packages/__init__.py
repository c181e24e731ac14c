"""Problem packages as judges keep them, read in place and never copied: the Kattis problem
package format (``kit.packages.kattis``: problemtools, BAPCtools, DOMjudge) and Polygon's
(``kit.packages.polygon``, Codeforces). Each reader gives a ``Package``
(``kit.packages.model``): limits, cases in the judge's order, how output is judged (a
``compare`` and an ``interactor`` setting in problems.toml's terms) and the jury's sorted
submissions (whether the kit's verdict on one agrees with its folder is ``kit.verify``'s).
``kit.packages.smallyaml`` reads their YAML.

This package stands below the registry: it reads files and knows the formats, and imports
nothing of the kit but ``kit.errors``.

API::

    read_package(path: Path, shown: str) -> Package   # a one-line BuildError when it is not one
"""

from __future__ import annotations

from pathlib import Path

from kit.errors import BuildError
from kit.packages import kattis, polygon
from kit.packages.model import Package


def read_package(path: Path, shown: str) -> Package:
    """The package at ``path`` (``shown`` is how the user named it): Polygon when it holds
    ``problem.xml``, the Kattis format when it holds ``problem.yaml`` or ``data/``."""
    if not path.exists():
        raise BuildError(f"package {shown}: no such folder")
    if not path.is_dir():
        unpack = " (unpack the archive, then give its folder)" if _archive(path) else ""
        raise BuildError(f"package {shown} is a file, not a folder{unpack}")
    if polygon.is_polygon(path):
        return polygon.read(path, shown)
    if kattis.is_kattis(path):
        return kattis.read(path, shown)
    raise BuildError(
        f"package {shown}: neither a Kattis-format package (problem.yaml, data/) nor a Polygon "
        "package (problem.xml)"
    )


def _archive(path: Path) -> bool:
    """Whether ``path`` looks like a packed package (zip, tar)."""
    return path.name.lower().endswith((".zip", ".tar", ".tar.gz", ".tgz", ".tar.xz", ".7z"))

"""What reads a helper package's files through the import system, which a bundle cannot give:
its helpers are embedded in it as text, so no folder holds their modules or data. A bundle
holding a helper package in which ``pkgutil.iter_modules``, ``pkgutil.walk_packages``,
``pkgutil.get_data`` or ``importlib.resources`` is read is refused in stage 1, naming the
line: from source they list the package's modules or read its files; in the bundle they
would find none, or fail.

API: ``check_package_files(sources)`` -> None, or ``BuildError``.
"""

from __future__ import annotations

import ast

from kit.bundle.sources import Source, attribute_chain, import_bindings, walk
from kit.errors import BuildError

# what lists or reads a package's files (``importlib.resources.files``, ``read_text``... and
# the backport's)
FILE_READERS = (
    "pkgutil.iter_modules", "pkgutil.walk_packages", "pkgutil.get_data",
    "importlib.resources", "importlib_resources",
)  # fmt: skip


def check_package_files(sources: list[Source]) -> None:
    """A one-line error for the first read of a file reader in a bundle holding a package."""
    if not any(source.is_package for source in sources):
        return
    for source in sources:
        origins = {
            name: origin
            for node in walk(source.tree)
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for name, origin in import_bindings(source, node)
        }
        for node in walk(source.tree):
            reader = _reader(node, origins)
            if reader:
                raise BuildError(
                    f"{source.rel}:{node.lineno}: {reader} reads a helper package's files, "
                    "which a bundle does not have (its helpers are embedded in it)"
                )


def _reader(node: ast.AST, origins: dict[str, str]) -> str:
    """The file reader ``node`` reads (``pkgutil.iter_modules``), or ""."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
        chain = attribute_chain(node)
    elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
        chain = [node.id]
    else:
        return ""
    if not chain or chain[0] not in origins:
        return ""
    dotted = ".".join([origins[chain[0]], *chain[1:]])
    return next((r for r in FILE_READERS if dotted == r or dotted.startswith(r + ".")), "")

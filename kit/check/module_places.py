"""Where a module's file lies in the workspace: hints for an import refused, and a note for a
solution's helper that a file beside the solution would replace when it runs as a script.

The kit, like ``python -m solutions.x`` or ``PYTHONPATH=.``, finds helpers from the
workspace's root; ``python solutions/x.py`` finds them from the solution's own folder first.
So ``import common`` in ``solutions/x.py`` is refused when only ``solutions/common.py`` holds
it (``hint``: "solutions/common.py is beside it, but ..."), and bundles the root's
``common.py`` when both exist (``shadowed_beside``: a note naming both, since the solution
run from its folder imports the other). A solution in a script's folder (``abc300/a.py``, no
``__init__.py``: ``kit.bundle.resolve.import_path``) finds them from its folder first, as
``python abc300/a.py`` does: a file beside it is a helper, and a namesake at the root the
one left out (the note then says what ``python -m`` imports instead).

API::

    import_folders(modules) -> tuple[Path, ...]      # where the imports are found, in order
    hint(module, name, helpers, folders) -> str      # "; ..." to follow an import's error, or ""
                                                     # (a helper's: where it was looked for)
    shadowed_beside(modules) -> list[str]            # "note: ..." for each namesake left out
    judge_namesakes(modules, judge, installs) -> list[str]  # "note: ..." for a library in a
                                                     # subfolder taking the judge's namesake
"""

from __future__ import annotations

import ast
import errno
import importlib.machinery
import os
import re
from pathlib import Path, PurePosixPath

from kit.bundle.resolve import import_path
from kit.bundle.sources import Source, imported_modules, walk, within
from kit.judges.stdlib import is_stdlib


def import_folders(modules: list[Source]) -> tuple[Path, ...]:
    """The folders the bundle's imports were found in, in order (``import_path``); none when
    the solution lies outside the workspace."""
    entry = next((module for module in modules if module.is_entry), None)
    root = None if entry is None else workspace_root(entry)
    return () if entry is None or root is None else import_path(root, entry.path)


def shadowed_beside(modules: list[Source]) -> list[str]:
    """A note for each helper the solution imports while a module of the same name sits in
    the other of its folder and the workspace's root: the bundle holds the one found first
    (``import_folders``), and the solution run the other way imports the other."""
    folders = import_folders(modules)
    entry = next(module for module in modules if module.is_entry)
    if not folders or entry.path.parent == folders[-1]:
        return []  # a solution at the root has no folder of its own
    helpers = {module.name: module for module in modules if not module.is_entry}
    notes = []
    for top in _imported_tops(entry):
        helper = helpers.get(top)
        note = _namesake_note(entry, helper, folders) if helper is not None else None
        if note is not None:
            notes.append(note)
    return notes


def judge_namesakes(modules: list[Source], judge: str, installs) -> list[str]:
    """A note for each helper folder named as a module the judge installs (``installs(top)``),
    not at the root, whose own files import that module by its absolute name
    (``shared/atcoder/segtree.py``: ``import atcoder._bit``): from source and on the judge
    that import takes the judge's ``atcoder``, beside the folder's own modules, which runs
    here only where this machine installs it too."""
    tops = {module.name.partition(".")[0] for module in modules}
    notes, said = [], set()
    for module in modules:
        folders = PurePosixPath(module.rel).parts[1:-1]  # the root's own folder is a helper
        for node in walk(module.shipped_tree()):
            if not isinstance(node, (ast.Import, ast.ImportFrom)) or getattr(node, "level", 0):
                continue
            for name in imported_modules(module, node):
                top = name.partition(".")[0]
                if top in folders and top not in tops and top not in said and installs(top):
                    said.add(top)
                    notes.append(_judge_namesake_note(module, node.lineno, name, judge))
    return notes


def _judge_namesake_note(module: Source, line: int, name: str, judge: str) -> str:
    top = name.partition(".")[0]
    parts = PurePosixPath(module.rel).parts
    folder = "/".join(parts[: parts.index(top, 1) + 1])
    return (
        f"note: {module.rel}:{line}: imports '{name}' from the '{top}' {judge} installs, not "
        f"from {folder}/, where this file lies (imports are found from the workspace's root), "
        f"so the judge's '{top}' runs beside your copy; move {folder}/, or a link to it, to "
        "the workspace's root to bundle your copy whole"
    )


def _namesake_note(entry: Source, helper: Source, folders: tuple[Path, ...]) -> str | None:
    """The note for ``helper``, a module the solution imports by its top-level name, when a
    namesake of it is left out, else None."""
    folder, top = entry.path.parent, helper.name
    package = entry.rel.rpartition("/")[0]
    if len(folders) == 1:  # found from the root: the file beside is the one left out
        shown = _module_file(folder, top)
        if shown is None:
            return None
        return (
            f"note: {entry.rel} imports '{top}' as {helper.rel}, found from the workspace's "
            f"root as the bundle and `python -m` find it; {package}/{shown} beside it is what "
            f"`python {entry.rel}` imports instead"
        )
    shown = _module_file(folders[-1], top)
    if shown is None or within(folder, helper.path) is None:
        return None  # found from the root: the solution's folder has no namesake
    dotted = f"{package.replace('/', '.')}.{Path(entry.rel).stem}"
    if not _is_dotted(dotted) or is_stdlib(package.partition("/")[0]):
        return None  # no `python -m` run finds the solution: none imports the other
    return (
        f"note: {entry.rel} imports '{top}' as {helper.rel}, found in its own folder as the "
        f"bundle and `python {entry.rel}` find it; {shown} at the workspace's root is what "
        f"`python -m {dotted}` imports instead"
    )


def _is_dotted(name: str) -> bool:
    """Whether ``name`` is made of Python names."""
    return all(part.isidentifier() for part in name.split("."))


def _imported_tops(entry: Source) -> list[str]:
    """The top-level names of the modules ``entry`` imports, in the order first imported."""
    tops: dict[str, None] = {}
    for node in walk(entry.tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and not getattr(node, "level", 0):
            for name in imported_modules(entry, node):
                tops[name.partition(".")[0]] = None
    return list(tops)


def hint(module: Source, name: str, helpers: set[str], folders: tuple[Path, ...]) -> str:
    """What the workspace tells of an import refused: a folder on its way the kit cannot
    read, a link that loops where the helper would be, or the module's file elsewhere than
    in the ``folders`` imports are found in (``import_folders``)."""
    root = workspace_root(module)
    if root is None:
        return ""  # a module linked in from outside the workspace
    found = _unreadable(root, name) or _looping(root, name)
    top = name.partition(".")[0]
    if top in {helper.split(".")[0] for helper in helpers}:
        return found or _looked_for(root, name, folders)  # a helper's package: where it was
    if found or is_stdlib(top):
        return found  # a standard module: no file of its own elsewhere
    return (
        _beside(module, name, folders)
        or _elsewhere(root, name, folders)
        or _on_added_path(module, root, name)
        or _installed(name)
    )


def workspace_root(module: Source) -> Path | None:
    rel = PurePosixPath(module.rel)
    depth = len(rel.parts) - 1
    if rel.is_absolute() or depth >= len(module.path.parents):
        return None
    return module.path.parents[depth]


def _looked_for(root: Path, name: str, folders: tuple[Path, ...]) -> str:
    """Where a helper's package was searched for its module ``name`` (``shared.nothing``): the
    files and folders it would be, relative to the workspace's root, in each folder imports are
    found in that holds the package's folder."""
    package, _, last = name.rpartition(".")
    places = []
    for folder in folders or (root,):
        holder = folder.joinpath(*package.split("."))
        rel = within(root, holder)
        if holder.is_dir() and rel is not None:
            prefix = "" if rel == Path(".") else f"{rel.as_posix()}/"
            places += [f"{prefix}{last}.py", f"{prefix}{last}/"]
    return f"; looked for {' and '.join(places)} in the workspace" if places else ""


def _beside(module: Source, name: str, folders: tuple[Path, ...]) -> str:
    """A hint when an import refused as no helper's and no standard module's names a file
    beside the importing one (``import common`` for ``solutions/common.py``): the kit, like
    ``PYTHONPATH=.``, finds helpers from the workspace's root (a script's own folder first,
    whose files are then never refused), not from the importing file's folder."""
    shown = _module_file(module.path.parent, name.partition(".")[0])
    if shown is None:
        return ""
    package = module.rel.rpartition("/")[0]
    return f"; {package or '.'}/{shown} is beside it, but {_how(package, name, folders)}"


def _how(package: str, name: str, folders: tuple[Path, ...]) -> str:
    """How to import module ``name`` found in folder ``package`` (from the workspace's root)."""
    dotted = f"{package.replace('/', '.')}.{name}" if package else name
    searched = _searched(folders)
    if not _is_dotted(dotted):
        return (
            f"imports are found from {searched}, and its folder's name is no Python name: "
            "move it into shared/"
        )
    moved = "" if dotted.partition(".")[0] == "shared" else ", or move it into shared/"
    return f"imports are found from {searched}: import it as '{dotted}'{moved}"


def _searched(folders: tuple[Path, ...]) -> str:
    """Where imports are found, as the hints say it."""
    root = "the workspace's root"
    return f"the solution's folder and {root}" if len(folders) > 1 else root


def _module_file(folder: Path, top: str) -> str | None:
    """``top.py`` or ``top/`` when ``folder`` holds that module, else None."""
    if (folder / f"{top}.py").is_file():
        return f"{top}.py"
    if (folder / top).is_dir():
        return f"{top}/"
    return None


FOLDERS_LOOKED_IN = 2000  # at most, for a module's file elsewhere in the workspace
SKIPPED_FOLDERS = {"dist", "node_modules", "__pycache__", "site-packages"}


def _elsewhere(root: Path, name: str, searched: tuple[Path, ...]) -> str:
    """A hint when an import refused names a module whose file is in another folder of the
    workspace (``sys.path.append(".../mylib")`` then ``import segfn``): the first found, in
    a bounded walk that skips hidden folders, ``dist`` and virtual environments; ``searched``,
    the folders imports are found in."""
    top = name.partition(".")[0]
    for seen, (folder, folders, _files) in enumerate(os.walk(root)):
        if seen >= FOLDERS_LOOKED_IN:
            return ""
        folders[:] = sorted(
            f for f in folders
            if not f.startswith(".") and f not in SKIPPED_FOLDERS
            and not os.path.exists(os.path.join(folder, f, "pyvenv.cfg"))
        )  # fmt: skip
        shown = _module_file(Path(folder), top) if Path(folder) != root else None
        if shown is not None:
            package = Path(folder).relative_to(root).as_posix()
            how = _how(package, name, searched)
            own = _importing_itself(Path(folder) / shown, top) if shown.endswith("/") else None
            if own is not None:
                how = (
                    f"imports are found from {_searched(searched)}, and its own files import "
                    f"it as '{top}' "
                    f"({own[0].relative_to(root).as_posix()}:{own[1]}): move it, or a link "
                    "to it, to the workspace's root"
                )
            return f"; {package}/{shown} is in the workspace, but {how}"
    return ""


def _importing_itself(package: Path, top: str) -> tuple[Path, int] | None:
    """The first file of library folder ``package`` (``shared/titan_pylib/``) with an absolute
    import of its own name ``top``, and that import's line: such a library runs only from the
    root, whatever name the solution imports it by. Files are read in name order, at most
    ``FOLDERS_LOOKED_IN`` of them, each as text (a line starting ``from top.`` or
    ``import top``), as this runs only for an import refused."""
    pattern = re.compile(rf"^[ \t]*(?:from|import)[ \t]+{re.escape(top)}(?:\.|\s|$)", re.MULTILINE)
    for path in sorted(package.rglob("*.py"))[:FOLDERS_LOOKED_IN]:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        found = pattern.search(text)
        if found is not None:
            return path, text.count("\n", 0, found.start()) + 1
    return None


PATH_CALLS = {("sys", "path", "append"), ("sys", "path", "insert"), ("site", "addsitedir")}


def _on_added_path(module: Source, root: Path, name: str) -> str:
    """A hint when the importing module adds a folder to ``sys.path`` (``sys.path.append(
    "/home/me/lib")``, ``site.addsitedir``): the bundle carries the workspace's helpers only,
    whatever folder the source run could import from; the module's file there is named, and
    the root given as its place, where the import finds it unchanged (in shared/ it would
    have to be imported as ``shared.name``, and a library importing itself by its own name,
    as titan_pylib does, fails there whatever it is imported as)."""
    top = name.partition(".")[0]
    added = []
    for node in walk(module.tree):
        if isinstance(node, ast.Call) and _dotted(node.func) in PATH_CALLS and node.args:
            added.append((node.lineno, node.args[-1]))
    for line, argument in added:
        folder = argument.value if isinstance(argument, ast.Constant) else None
        for base in (module.path.parent, root) if isinstance(folder, str) else ():
            shown = _module_file(base / folder, top)
            if shown is not None:
                where = (base / folder).resolve() / shown
                return (
                    f"; {module.rel}:{line} adds {folder} to sys.path, where {where} is: the "
                    f"bundle carries only modules under the workspace, so link or copy it to "
                    f"the workspace's root, where '{top}' is found as it is imported"
                )
    if not added:
        return ""
    return (
        f"; {module.rel}:{added[0][0]} adds a folder to sys.path: the bundle carries only "
        f"modules under the workspace, so link or copy '{top}' to the workspace's root, where "
        "it is found as it is imported"
    )


def _installed(name: str) -> str:
    """A hint when an import refused names a pure-Python module this machine's Python finds
    outside the workspace (``pip install`` of a library, or ``PYTHONPATH``), which the source
    run imports and the judge does not have: its place is named. Only a top-level name is
    looked up, which runs none of its code; a module with compiled parts (numpy) gets none,
    as no link to it would run on a judge."""
    top = name.partition(".")[0]
    try:
        spec = importlib.machinery.PathFinder.find_spec(top)
    except (ImportError, ValueError, OSError):
        return ""
    origin = None if spec is None else spec.origin
    if origin is None or not origin.endswith(".py"):
        return ""
    place = Path(origin).parent if spec.submodule_search_locations else Path(origin)
    if place.is_dir() and any(_compiled(place)):
        return ""
    shown = f"{place}/" if place.is_dir() else str(place)
    return (
        f"; this machine's Python finds it at {shown} (installed, or on PYTHONPATH): the bundle "
        "carries only modules under the workspace, so link or copy it to the workspace's root, "
        "where it is found as it is imported"
    )


def _compiled(package: Path):
    """The compiled extension modules in ``package``, at most ``FOLDERS_LOOKED_IN`` files
    looked at."""
    for seen, path in enumerate(package.rglob("*")):
        if seen >= FOLDERS_LOOKED_IN:
            return
        if path.suffix in {".so", ".pyd"}:
            yield path


def _dotted(node: ast.expr) -> tuple[str, ...]:
    """``sys.path.append`` as ("sys", "path", "append"); () for anything but names."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return (node.id, *reversed(parts)) if isinstance(node, ast.Name) else ()


def _looping(root: Path, name: str) -> str:
    """A hint when the file or folder an import of a helper would find is a link that loops
    (``shared/loop.py -> loop.py``): Python finds no module there."""
    place = root
    parts = name.split(".")
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        for candidate in (place / part, *([place / f"{part}.py"] if last else [])):
            if candidate.is_symlink() and not candidate.exists():
                shown = candidate.relative_to(root).as_posix()
                try:
                    candidate.resolve(strict=True)
                except RuntimeError:  # Python 3.11-3.12: a loop
                    return f"; {shown} is a link that loops"
                except OSError as error:
                    if error.errno == errno.ELOOP:
                        return f"; {shown} is a link that loops"
                    return f"; {shown} is a link to nothing"
        place = place / part
    return ""


def _unreadable(root: Path, name: str) -> str:
    """A hint when an import refused finds a folder on its way from the workspace's root that
    the kit cannot list (``chmod 000 shared``): Python then finds no module in it."""
    folder = root
    for part in name.split(".")[:-1] or name.split("."):
        folder = folder / part
        if not folder.is_dir():
            return ""
        if not os.access(folder, os.R_OK | os.X_OK):
            shown = folder.relative_to(root).as_posix()
            return f"; {shown}/ cannot be read (permission denied)"
    return ""

"""Where the workspace's modules imported in the kit's process (a problem's stress and bench
modules, ``kit.checkout_modules.import_from_checkout``) find their own imports: in the folders
the problem's solution finds its imports in (``Problem.import_folders``), in that order, ahead
of the rest of ``sys.path``.

One process may import the modules of several problems in turn (``bench a b``), each solution
in a script's folder of its own (``abc300/a.py`` beside ``abc300/mylib.py``, ``abc301/a.py``
beside ``abc301/mylib.py``). So ``find_first`` takes off ``sys.path`` the script folders it put
there for another problem and forgets the modules imported from them, and forgets a module of
the workspace imported from elsewhere (its root, say) under a name the new script folder holds:
``import mylib`` then gives this problem's ``mylib``, as ``python abc301/a.py`` does. Only the
names go from ``sys.modules``: a module imported before keeps the modules it holds. The root
stays (every problem's last folder) and the modules found there stay imported. The kit's own
modules and the interpreter's (its standard library, its site-packages, a virtual environment
inside the workspace) are never forgotten, even under a name a script folder holds (a
``random.py`` beside the solution): the kit's process runs on them.

    find_first((root / "abc300", root))  # sys.path: abc300/, then root, then the rest
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import ModuleType

_PUT: list[str] = []  # the script folders find_first put on sys.path, for the last problem
_KIT = Path(__file__).parent  # as the kit's own modules name their files


def find_first(folders: Sequence[Path]) -> None:
    """``folders`` (a problem's ``import_folders``: the root last) first on ``sys.path`` in
    their order, none twice, and ``sys.modules`` without the modules another problem's script
    folder gave or this one's hides (see the module's doc)."""
    wanted = [str(folder) for folder in folders]
    for stale in [folder for folder in _PUT if folder not in wanted]:
        _PUT.remove(stale)
        while stale in sys.path:
            sys.path.remove(stale)
        _forget(name for name, places in _workspace_modules() if _within(places, Path(stale)))
    for folder in folders[:-1]:
        _forget(_hidden_by(folder, folders[-1]))
    _put_in_order(wanted)


def _put_in_order(entries: list[str]) -> None:
    """Each of ``entries`` on ``sys.path`` before the next: the last left where it is (else put
    first), another moved just before the next unless it is before it already."""
    after = None
    for entry in reversed(entries):
        if entry in sys.path and (after is None or sys.path.index(entry) < sys.path.index(after)):
            after = entry
            continue
        if entry in sys.path:
            sys.path.remove(entry)
        elif after is not None and entry not in _PUT:
            _PUT.append(entry)
        sys.path.insert(0 if after is None else sys.path.index(after), entry)
        after = entry


def _hidden_by(folder: Path, root: Path) -> Iterable[str]:
    """The modules of the workspace (under ``root``) imported from elsewhere than ``folder``
    under a top-level name ``folder`` holds: found in ``folder`` first now."""
    held: dict[str, bool] = {}
    for name, places in _workspace_modules():
        top = name.partition(".")[0]
        if top not in held:
            held[top] = (folder / f"{top}.py").is_file() or (folder / top).is_dir()
        if held[top] and _within(places, root) and not _within(places, folder):
            yield name


def _forget(names: Iterable[str]) -> None:
    for name in list(names):
        sys.modules.pop(name, None)


def _workspace_modules() -> list[tuple[str, list[Path]]]:
    """Each imported module with the files and folders it was found at, except the kit's own
    and the interpreter's (never forgotten)."""
    found = []
    keep = [_KIT, *{Path(prefix) for prefix in (sys.prefix, sys.base_prefix)}]
    for name, module in list(sys.modules.items()):
        places = _places(module)
        if places and not any(_within(places, kept) for kept in keep):
            found.append((name, places))
    return found


def _places(module: ModuleType | None) -> list[Path]:
    """The file a module was loaded from and the folders a package's submodules are in."""
    places = []
    file = getattr(module, "__file__", None)
    if isinstance(file, str):
        places.append(Path(file))
    with contextlib.suppress(TypeError):  # a __path__ of another kind: no folders
        places += [Path(place) for place in getattr(module, "__path__", None) or ()]
    return places


def _within(places: list[Path], folder: Path) -> bool:
    return any(place.is_relative_to(folder) for place in places)

"""Module names resolved as Python resolves them: the import system asked in a child process.

Discovery does not guess file paths from module names: a package whose ``__init__`` extends its
``__path__`` (PyRival's flat names), a namespace package or a module found in a sub-folder
would be missed or misplaced. Instead ``importlib.util.find_spec`` answers in a child Python
(the one running the build, ``-I -S``, the folders ``import_path`` names first on
``sys.path``; ``-B``: no ``__pycache__`` left in the user's folders), so the user's packages
run there, never in the kit's own process. The child talks over two pipes of its own:
whatever the user's code prints or reads cannot disturb the answers. A package on the way that
imports a module this Python lacks, and no helper (a third-party module the judge may install:
``from sortedcontainers import SortedList`` in an ``__init__``), does not stop the search:
the submodule is looked for where the package's spec says, as the import system would. What
a package raised is said by its message's first line (``shown_message``): a path in it whole,
named from the current folder, the words around it cut.

    with Resolver(root) as resolver:
        resolver.find("pyrival.DisjointSetUnion")
        # Spec(origin=Path(".../pyrival/data_structures/DisjointSetUnion.py"), locations=None)
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from kit.workspace import SOLUTIONS, shown_path

_CHILD = r"""
import importlib.machinery, importlib.util, json, os, sys
requests = os.fdopen(int(sys.argv[1]), "r", encoding="utf-8")
answers = os.fdopen(int(sys.argv[2]), "w", encoding="utf-8")
sys.path[0:0] = sys.argv[3:]
def raw(path):  # a path as its bytes, each a character: the kit decodes them as it names files
    return os.fsencode(path).decode("latin-1")
def beside_package(name, error):
    # a package on the way imports a module this Python lacks (a third-party one the judge
    # may have): the submodule found where the package's own spec says, without running it
    parent, _, last = name.rpartition(".")
    if not (parent and isinstance(error, ModuleNotFoundError) and error.name):
        raise error
    if importlib.util.find_spec(error.name.partition(".")[0]) is not None:
        raise error  # a module that is here (a helper): the package's own failure
    places = importlib.util.find_spec(parent).submodule_search_locations
    return importlib.machinery.PathFinder.find_spec(last, places) if places else None
def wanted(error):
    # the module an import did not find: a ModuleNotFoundError's, or a name a from-import
    # found in no package (``from . import version``: ImportError), perhaps a file not there
    if isinstance(error, ModuleNotFoundError) or not error.name:
        return error.name
    name = getattr(error, "name_from", None)  # 3.12 and later; before, the message says it
    if name is None and str(error).startswith("cannot import name '"):
        name = str(error).split("'")[1]
    return error.name + "." + name if name else None
def first_line(error):
    # its first line, cut by the kit (a path in it kept whole); ever so long a one capped
    lines = str(error).splitlines()
    return lines[0][:20000] if lines else ""
def listed(name):
    # the names a package's __all__ holds once it has run (one computed at run time)
    names = getattr(importlib.import_module(name), "__all__", None)
    if isinstance(names, (list, tuple)) and all(isinstance(n, str) for n in names):
        return {"all": list(names)}
    return {"all": None}
for line in requests:
    if line.startswith("__all__ "):
        try:
            answer = listed(line.split()[1])
        except BaseException as error:
            answer = {"error": type(error).__name__ + ": " + first_line(error)}
        answers.write(json.dumps(answer) + "\n")
        answers.flush()
        continue
    try:
        try:
            spec = importlib.util.find_spec(line.strip())
        except ModuleNotFoundError as missing:
            spec = beside_package(line.strip(), missing)
    except BaseException as error:
        answer = {"error": type(error).__name__ + ": " + first_line(error)}
        if isinstance(error, SyntaxError) and error.filename:
            answer["file"] = raw(os.path.abspath(error.filename))
        if isinstance(error, ImportError) and wanted(error):
            answer["missing"] = wanted(error)
    else:
        answer = {}
        if spec is not None:
            answer["origin"] = raw(spec.origin) if spec.has_location else None
            if spec.submodule_search_locations is not None:
                answer["locations"] = [raw(place) for place in spec.submodule_search_locations]
    answers.write(json.dumps(answer) + "\n")
    answers.flush()
"""


def import_path(root: Path, solution: Path) -> tuple[Path, ...]:
    """The folders the solution's imports are found in, in order: the workspace's root alone
    for a solution in the kit's ``solutions/`` (run as ``python -m solutions.SLUG``), in a
    package's folder (one holding ``__init__.py``) or at the root; else the solution is a
    script (``abc300/a.py``): its own folder first, then the root, as ``python abc300/a.py``
    with ``PYTHONPATH=ROOT`` has them."""
    folder = solution.parent
    if folder in (root, root / SOLUTIONS) or (folder / "__init__.py").is_file():
        return (root,)
    return (folder, root)


ANSWER_SECONDS = 30  # for one name: the packages on its way import in the child


def _path(raw: str) -> Path:
    """A path the child sent as its bytes, named as this process names files: the child runs
    isolated, so in UTF-8 under the C locale, where the kit may not (``PYTHONUTF8=0``)."""
    return Path(os.fsdecode(raw.encode("latin-1")))


MESSAGE_CHARS = 200  # of the words of a package's error, the paths in it aside
# an absolute path in an error's message, quoted or in parentheses: an ImportError's
# ``cannot import name 'x' from 'pkg' (/home/.../pkg/__init__.py)``, an OSError's filename
_MESSAGE_PATH = re.compile(r"""(?<=['(])(/[^'()\n]*)(?=[')])""")


def shown_message(said: str, root: Path) -> str:
    """The first line of an error a package raised, as the build says it: each absolute path
    in it whole, named from the current folder where it lies in the workspace
    (``kit.workspace.shown_path``), and the words around them cut to ``MESSAGE_CHARS`` (the
    longest piece first, ``...`` in its middle where cut, its last characters kept): a cut at
    200 characters split the path."""
    parts = _MESSAGE_PATH.split(said)
    parts[1::2] = [shown_path(Path(path), root) for path in parts[1::2]]
    words = parts[0::2]
    excess = sum(map(len, words)) - MESSAGE_CHARS
    for index in sorted(range(len(words)), key=lambda at: -len(words[at])):
        piece = words[index]
        keep = max(len(piece) - excess - 3, 20)
        if excess <= 0 or keep + 3 >= len(piece):
            break
        tail = min(12, keep // 2)  # what leads into the path after it: `` from '``, `` (``
        words[index] = piece[: keep - tail] + "..." + piece[len(piece) - tail :]
        excess -= len(piece) - len(words[index])
    parts[0::2] = words
    return "".join(parts)


class ResolveError(Exception):
    """Asking for a name ran the user's code, and it raised (the message says what), or hung
    or exited (``raised`` False); ``file``: the file a syntax error is in, when that is what
    it raised; ``missing``: the module a ModuleNotFoundError names, or a name a
    ``from package import name`` did not find (package.name), when that is."""

    def __init__(
        self, message: str, file: str | None = None, raised: bool = True, missing: str | None = None
    ) -> None:
        super().__init__(message)
        self.file = file
        self.raised = raised  # False: the code hung or exited instead
        self.missing = missing


@dataclass(frozen=True)
class Spec:
    origin: Path | None  # the module's file; None for a namespace package or a built-in
    locations: tuple[Path, ...] | None  # where a package's submodules are looked for

    @property
    def is_package(self) -> bool:
        return self.locations is not None


class Resolver:
    """One child Python answering ``find(name)`` for modules under ``root``, found in the
    folders ``path`` names (default: the root alone); a context manager."""

    def __init__(self, root: Path, path: tuple[Path, ...] | None = None):
        self.root = root
        self.path = path or (root,)
        self._cache: dict[str, Spec | None] = {}
        self._child: subprocess.Popen | None = None

    def __enter__(self) -> Resolver:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def find(self, name: str) -> Spec | None:
        """The spec Python finds for ``name``, None when there is no such module. Raises
        ResolveError when a package on the way raised while it was imported."""
        if name not in self._cache:
            self._cache[name] = self._ask(name)
        return self._cache[name]

    def listed(self, package: str) -> list[str] | None:
        """The names ``package``'s ``__all__`` holds once the package has run (one computed
        at run time: ``__all__ = list(...)``), None when it has none that is a list of
        strings. Raises ResolveError as ``find`` does."""
        answer = self._exchange(f"__all__ {package}")
        if "error" in answer:
            raise ResolveError(shown_message(answer["error"], self.root))
        return answer["all"]

    def _ask(self, name: str) -> Spec | None:
        answer = self._exchange(name)
        if "error" in answer:
            file = answer.get("file")
            file = str(_path(file)) if file else None
            said = shown_message(answer["error"], self.root)
            raise ResolveError(said, file, missing=answer.get("missing"))
        if not answer:
            return None
        origin = answer.get("origin")
        locations = answer.get("locations")
        return Spec(
            _path(origin) if origin else None,
            None if locations is None else tuple(_path(place) for place in locations),
        )

    def _exchange(self, request: str) -> dict:
        """The child's answer to one request line."""
        if self._child is None:
            self._start()
        try:
            self._requests.write(request + "\n")
            self._requests.flush()
            ready, _, _ = select.select([self._answers], [], [], ANSWER_SECONDS)
            line = self._answers.readline() if ready else ""
        except OSError:
            line = ""
        if not line:
            self.close(kill=True)
            raise ResolveError(
                f"no answer within {ANSWER_SECONDS} s (a package on its way hangs or exits)",
                raised=False,
            )
        return json.loads(line)

    def _start(self) -> None:
        request_read, request_write = os.pipe()
        answer_read, answer_write = os.pipe()
        self._child = subprocess.Popen(
            [sys.executable, "-I", "-S", "-B", "-c", _CHILD, str(request_read), str(answer_write)]
            + [str(folder) for folder in self.path],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=self.root,
            pass_fds=(request_read, answer_write),
        )
        os.close(request_read)
        os.close(answer_write)
        self._requests = os.fdopen(request_write, "w", encoding="utf-8")  # names: any letters,
        self._answers = os.fdopen(answer_read, "r", encoding="utf-8")  # whatever the locale

    def close(self, *, kill: bool = False) -> None:
        if self._child is None:
            return
        if kill:
            self._child.kill()
        for stream in (self._requests, self._answers):
            with contextlib.suppress(OSError):
                stream.close()
        try:
            self._child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._child.kill()
            self._child.wait()
        self._child = None

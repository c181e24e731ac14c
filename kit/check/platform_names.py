"""Members of standard modules that the judge's operating system lacks, outside platform guards.

A judge that runs Python on Windows (its profile's ``platform``) has no ``os.fork``,
``signal.alarm`` or ``signal.SIGALRM`` (``kit.judges.platforms.UNIX_ONLY_NAMES``): the
attribute lookup raises AttributeError there, and ``from signal import alarm`` ImportError.
Found: ``module.name`` where ``module`` is bound by ``import module [as alias]`` anywhere in
the file, and ``from module import name``. A use under a platform or version guard
(``kit.bundle.guards``, platform tests included: ``if sys.platform != "win32"``, ``if
hasattr(signal, "SIGALRM")``, ``try`` / ``except AttributeError``) passes. Tests of the
version or the implementation are read as the API check reads them
(``kit.check.settled_tests.reach``): a use counts for the targets that run its ``if`` branch
or its branch of a conditional expression, and one beside such an expression in its statement
for every target (``signal.SIGALRM + (1 if PYPY else 0)`` fails under both).

Paths that only Unix has are found too (``UNIX_PATHS``): a string starting ``/dev/`` or
``/proc/`` given first to a call that opens or looks up a path (``PATH_CALLS``:
``open("/dev/stdin")``, ``os.open``, ``Path``): on Windows the open raises FileNotFoundError
(``open(0)``, the descriptor, works on both).
"""

from __future__ import annotations

import ast

from kit.bundle.guards import imported_flags, untaken_on_windows
from kit.bundle.sources import Source, called_name, walk
from kit.check.member_uses import member_uses
from kit.check.settled_tests import guarded_nodes_of, reach
from kit.judges.platforms import UNIX_ONLY_NAMES, WINDOWS, missing_name

# file, line, "module.name", why it is missing, the versions that run it (from, below) and the
# implementation that alone does (None: either; ``kit.check.settled_tests.reach``)
Finding = tuple[str, int, str, str, tuple[int, int], tuple[int, int], "str | None"]
UNIX_PATHS = ("/dev/", "/proc/")
UNIX_PATH_WHY = "is a path only Unix has, and this judge runs Python on Windows"
# the calls (by the name called: open, os.open, io.open, Path, os.path.exists...) whose first
# argument is a path to open or look up
PATH_CALLS = {"open", "Path", "stat", "lstat", "exists", "isfile", "listdir", "scandir", "access"}


def findings(modules: list[Source], platform: str) -> list[Finding]:
    """Every unguarded use, in the shipped modules, of a name ``platform`` lacks."""
    found: list[Finding] = []
    for module in modules:
        if not module.shipped.strip():
            continue
        tree = module.shipped_tree()
        guarded = guarded_nodes_of(module, modules, platform=True, versioned=True, missing="member")
        untaken = untaken_on_windows(tree, imported_flags(module, modules))
        runs = reach(module, modules)
        uses = [
            (node, f"{owner}.{name}", missing_name(owner, name, platform))
            for node, owner, name in member_uses(tree, UNIX_ONLY_NAMES)
        ]
        if platform == WINDOWS:
            uses += [(node, node.value, UNIX_PATH_WHY) for node in _unix_paths(tree)]
        for node, name, why in uses:
            if why is None or guarded(node) or id(node) in untaken:
                continue
            since, until, impl = runs(node)
            if impl != "" and since < until:
                found.append((module.rel, node.lineno, name, why, since, until, impl))
    return sorted(set(found), key=lambda use: (*use[:-1], use[-1] or ""))


def _unix_paths(tree: ast.AST) -> list[ast.Constant]:
    """The strings of ``UNIX_PATHS`` given first to a call that opens or looks up a path."""
    return [
        node.args[0]
        for node in walk(tree)
        if isinstance(node, ast.Call)
        and called_name(node.func) in PATH_CALLS
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
        and node.args[0].value.startswith(UNIX_PATHS)
    ]

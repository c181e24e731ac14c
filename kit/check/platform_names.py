"""Members of standard modules that the judge's operating system lacks, outside platform guards.

A judge that runs Python on Windows (its profile's ``platform``) has no ``os.fork``,
``signal.alarm`` or ``signal.SIGALRM`` (``kit.judges.platforms.UNIX_ONLY_NAMES``): the
attribute lookup raises AttributeError there, and ``from signal import alarm`` ImportError.
Found: ``module.name`` where ``module`` is bound by ``import module [as alias]`` anywhere in
the file, and ``from module import name``. A use under a platform or version guard
(``kit.bundle.guards``, platform tests included: ``if sys.platform != "win32"``, ``if
hasattr(signal, "SIGALRM")``, ``try`` / ``except AttributeError``) passes.
"""

from __future__ import annotations

from kit.bundle.guards import imported_flags, untaken_on_windows
from kit.bundle.sources import Source
from kit.check.member_uses import member_uses
from kit.check.settled_tests import guarded_lines_of
from kit.judges.platforms import UNIX_ONLY_NAMES, missing_name

Finding = tuple[str, int, str, str]  # file, line, "module.name", why it is missing


def findings(modules: list[Source], platform: str) -> list[Finding]:
    """Every unguarded use, in the shipped modules, of a name ``platform`` lacks."""
    found: list[Finding] = []
    for module in modules:
        if not module.shipped.strip():
            continue
        tree = module.shipped_tree()
        guarded = guarded_lines_of(module, modules, platform=True)
        untaken = untaken_on_windows(tree, imported_flags(module, modules))
        for node, owner, name in member_uses(tree, UNIX_ONLY_NAMES):
            why = missing_name(owner, name, platform)
            line = node.lineno
            if why is not None and line not in guarded and id(node) not in untaken:
                found.append((module.rel, line, f"{owner}.{name}", why))
    return sorted(set(found))

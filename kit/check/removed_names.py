"""Members of standard modules that a target's Python no longer has, outside version guards.

Old contest code calls ``fractions.gcd`` (removed in 3.9) and tests ``collections.Iterable``
(3.10): the attribute lookup raises AttributeError on that version and later, and ``from
fractions import gcd`` ImportError (``kit.judges.stdlib.REMOVED_MEMBERS``, with the issue
that removed each). Found as ``kit.check.member_uses`` finds them; a use under a version guard
(``kit.bundle.guards``: ``if hasattr(fractions, "gcd")``, ``try`` / ``except ImportError``)
passes. The targets that lack a member are those whose version is the one it was removed
from or later (a version-less ``pypy3`` stands for its oldest).
"""

from __future__ import annotations

from kit.bundle.sources import Source
from kit.check.member_uses import member_uses
from kit.check.settled_tests import guarded_lines_of
from kit.judges.stdlib import REMOVED_MEMBERS, removed_member

Finding = tuple[str, int, str, tuple[int, int]]  # file, line, "module.name", removed from
MODULES = frozenset(module for module, _ in REMOVED_MEMBERS)


def findings(modules: list[Source]) -> list[Finding]:
    """Every unguarded use, in the shipped modules, of a member some version removed."""
    found: list[Finding] = []
    for module in modules:
        if not module.shipped.strip():
            continue
        tree = module.shipped_tree()
        guarded = guarded_lines_of(module, modules)
        for node, owner, name in member_uses(tree, MODULES):
            removed = REMOVED_MEMBERS.get((owner, name))
            if removed is not None and node.lineno not in guarded:
                found.append((module.rel, node.lineno, f"{owner}.{name}", removed))
    return sorted(set(found))


def why(name: str, version: tuple[int, int], impl: str = "cpython") -> str | None:
    """Why the member ``name`` ("module.member") is missing from ``version`` of ``impl``, or
    None (PyPy keeps some that CPython removed: ``kit.judges.stdlib.PYPY_OWN``)."""
    owner, _, member = name.rpartition(".")
    return removed_member(owner, member, version, impl)

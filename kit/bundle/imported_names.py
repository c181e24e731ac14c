"""Names a solution or helper imports from a helper that the helper never binds: ``from
shared.mathx import nothere`` is refused at build time, where the bundle would fail on every
case with Python's ``ImportError: cannot import name``.

Only an import that runs when its module loads is judged (not one in a function, which may
never run, nor one a ``try`` or a ``with suppress(...)`` guards by catching its ImportError,
which ``except ModuleNotFoundError`` does not, nor one for type checkers), and only a name that
no reading could find bound: a name any top-level statement of the helper binds (in ``if``,
``try``, ``for`` and ``with`` blocks too, by ``import``, ``def``, ``class``, assignment,
walrus, ``match`` or a ``global`` statement), a submodule of a package, is bound, and so is an
attribute Python gives every module (``__doc__``, ``__name__``, ``__dict__``...,
``MODULE_ATTRIBUTES``; a package's ``__path__``); a helper that may bind names unseen (a star
import, a module-level ``__getattr__``, ``globals()``, ``vars()``, ``exec``, ``sys.modules``, a
package extending its ``__path__``, a namespace package) or any attribute store of that name or
``setattr`` in the bundle lets every name pass.
"""

from __future__ import annotations

import ast
from types import ModuleType

from kit.bundle.bound_names import Names
from kit.bundle.dynamic_names import binds_dynamically
from kit.bundle.guards import catches, handled_by, is_type_checking, raised_by
from kit.bundle.sources import (
    Source,
    called_name,
    imported_modules,
    private_name,
    shipped_statements,
    walk,
)
from kit.errors import BuildError

# what the import system sets on a module loaded from a file (the bundle's loader too), and
# what getattr finds on any module object (``__dict__``, ``__getattribute__``...): ``from m
# import __doc__`` never fails
MODULE_ATTRIBUTES = frozenset(dir(ModuleType)) | {
    "__name__", "__doc__", "__package__", "__loader__", "__spec__", "__file__", "__cached__",
    "__builtins__",
}  # fmt: skip


def check_imported_names(entry: Source, helpers: list[Source]) -> None:
    """A one-line error for the first name imported from a helper that the helper never
    binds; nothing when every name may be there."""
    by_name = {helper.name: helper for helper in helpers}
    sources = [entry, *helpers]
    known: dict[str, set[str] | None] = {}  # a helper's names; None: any name may be there
    for source in sources:
        for node, owner in _load_time_imports(shipped_statements(source)):
            (module,) = imported_modules(source, node)
            helper = by_name.get(module)
            if helper is None:
                continue
            if module not in known:
                known[module] = _names_bound(helper, by_name)
            names = known[module]
            for alias in node.names:
                name = private_name(alias.name, owner) if owner else alias.name
                if names is None or name == "*" or name in names:
                    continue
                if not any(_set_from_outside(other, name) for other in sources):
                    raise BuildError(
                        f"{source.rel}:{node.lineno}: imports '{name}' from "
                        f"{helper.rel}, which does not define it{_no_submodule(helper, name)}"
                    )


def _no_submodule(helper: Source, name: str) -> str:
    """For a package's ``__init__.py``, that the name is none of its modules either: ``from
    shared import mathx2`` meant a file ``shared/mathx2.py`` as often as a name."""
    if not helper.is_package:
        return ""
    folder = helper.rel.rpartition("/")[0]
    place = f"{folder}/{name}" if folder else name
    return f", and there is no module {place}.py or package {place}/"


def _load_time_imports(
    statements: list[ast.stmt], owner: str = "", caught: frozenset[str] = frozenset()
):
    """The ``from ... import`` statements that run when the module loads and that nothing
    guards: outside functions and ``if TYPE_CHECKING:`` bodies, and not in the body of a
    ``try`` (or ``with suppress(...)``) whose handlers catch the ImportError ("cannot import
    name") it raises (``kit.bundle.guards.raised_by``: ``except ModuleNotFoundError`` does
    not); ``caught``: what the ``try`` statements around them name. Each with the class whose
    body holds it, if any (in class ``K``, ``from m import __x`` imports ``_K__x``:
    ``private_name``)."""
    for statement in statements:
        if isinstance(statement, ast.ImportFrom):
            if not catches(caught, raised_by(statement, "member")):
                yield statement, owner
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        elif isinstance(statement, ast.If) and is_type_checking(statement.test):
            yield from _load_time_imports(statement.orelse, owner, caught)
        else:
            inner = statement.name if isinstance(statement, ast.ClassDef) else owner
            own = caught | handled_by(statement)  # a try's or suppress's, for its body
            yield from _load_time_imports(getattr(statement, "body", []), inner, own)
            for block in _other_blocks(statement):
                yield from _load_time_imports(block, inner, caught)


def _other_blocks(statement: ast.stmt) -> list[list[ast.stmt]]:
    """A compound statement's blocks but its body: ``else``, ``finally``, handlers', cases'."""
    blocks = [getattr(statement, field, []) for field in ("orelse", "finalbody")]
    blocks += [handler.body for handler in getattr(statement, "handlers", [])]
    return blocks + [case.body for case in getattr(statement, "cases", [])]


def _readable(helper: Source) -> bool:
    """Whether what ``helper`` binds can be read from its text: not a namespace package (its
    portions may lie outside the workspace), nor a package that changes its ``__path__``, nor
    a module that binds names dynamically."""
    if helper.is_package and (helper.path.is_dir() or _names_its_path(helper)):
        return False
    return not binds_dynamically(helper)


def _names_its_path(helper: Source) -> bool:
    return any(isinstance(node, ast.Name) and node.id == "__path__" for node in walk(helper.tree))


def _names_bound(helper: Source, by_name: dict[str, Source]) -> set[str] | None:
    """The names ``from helper import NAME`` finds: those its top level binds and its
    submodules among the helpers; None when its text cannot say (``_readable``)."""
    names = Names.of(helper, helper.tree.body)
    if names.star or not _readable(helper):
        return None
    submodules = {n.rpartition(".")[2] for n in by_name if n.rpartition(".")[0] == helper.name}
    given = MODULE_ATTRIBUTES | ({"__path__"} if helper.is_package else set())
    return names.bound | set(names.origins) | _other_bindings(helper) | submodules | given


def _other_bindings(helper: Source) -> set[str]:
    """Names a module's top level gets that ``Names`` does not list: those a ``global``
    statement declares and those a ``match`` pattern captures (anywhere in the module)."""
    found: set[str] = set()
    for node in walk(helper.tree):
        if isinstance(node, ast.Global):
            found.update(node.names)
        elif type(node).__name__ in ("MatchAs", "MatchStar") and getattr(node, "name", None):
            found.add(node.name)
        elif type(node).__name__ == "MatchMapping" and getattr(node, "rest", None):
            found.add(node.rest)
    return found


def _set_from_outside(source: Source, name: str) -> bool:
    """Whether ``source`` may set ``name`` on another module: an attribute store of that
    name (``mathx.nothere = f``), or any ``setattr``."""
    for node in walk(source.tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if node.attr == name:
                return True
        elif isinstance(node, ast.Call) and called_name(node.func) == "setattr":
            return True
    return False

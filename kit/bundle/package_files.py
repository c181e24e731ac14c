"""What reads a helper's files through the import system, which a bundle cannot give: its
helpers are embedded in it as text, so no folder holds their modules or data. A call of
``pkgutil.iter_modules``, ``pkgutil.walk_packages``, ``pkgutil.get_data`` or a function of
``importlib.resources`` (or the ``importlib_resources`` backport) that reads files
(``RESOURCE_READERS``: ``files``, ``read_text``...; its types, as ``abc.Traversable`` in an
annotation or ``isinstance``, read nothing), under any name it is imported as, in a bundle
holding a helper is refused in stage 1, naming the line, when what it is given may be a
helper's: from source they list the helper's modules or read its files; in the bundle they
would find none, or fail.

What may be a helper's: a name bound by importing a helper (``shared.__path__``), a string
naming a helper or a module under it (``"shared"``, ``"shared.x"``) or a relative name
(``".x"``), a module's own ``__path__``, ``__name__``, ``__package__``, ``__spec__``,
``__file__`` or ``__loader__`` (a module reading itself), no argument or ``None`` (every
module on ``sys.path``, or the calling module), and whatever the build cannot read
statically (a parameter, a variable, a call's result, a subscript, a name bound other than by
one import): refused, naming it. A standard or installed module's files read the same in a
bundle (``pkgutil.iter_modules(collections.__path__)``,
``importlib.resources.files("json")``, ``pkgutil.get_data("email", "x")``): built. A value
built up is judged by its root: a path joined onto a reader's result (``as_file(files("json")
/ "x")``, ``files(p).joinpath("a")``) as that call is, literal strings joined (``"js" +
"on"``, an f-string of literal text) as their sum is; and what is joined onto a reader's
``files`` (``/``'s right side, ``joinpath``'s arguments), wherever the join is, as a reader's
argument is, literal text aside (a path under the folder): an absolute path, a helper's
``__file__``, replaces the folder it is joined onto, and is relative in the bundle. A path
joined onto a name is judged so when the scope it is read from assigns it once a reader's
``files`` (``x = files("json")``, then ``x / shared.m.__file__``; a function's name, or the
module's read in a function) and the module binds it no other way (a parameter, a loop's
target, ``global``...); such a name given to a reader (``as_file(x)``) passes, its value
judged where it is assigned, as any reader's call or join is: no flow of values is followed
further. A reader read but not called (``f = pkgutil.iter_modules``), whose arguments
cannot be seen, is refused as before.

API: ``check_package_files(sources)`` -> None, or ``BuildError``.
"""

from __future__ import annotations

import ast

from kit.bundle.sources import (
    Source,
    attribute_chain,
    children,
    import_bindings,
    is_literal_table,
    prefixes,
    walk,
)
from kit.errors import BuildError

# what lists or reads a package's files: pkgutil's, and importlib.resources' functions (those
# of its __all__ in Python 3.8 to 3.13, and the backport's), not its types (``Package``,
# ``Anchor``, ``abc.Traversable``: an annotation or isinstance reads nothing)
RESOURCE_READERS = (
    "files", "as_file", "read_text", "read_binary", "open_text", "open_binary", "path",
    "contents", "is_resource",
)  # fmt: skip
FILE_READERS = (
    "pkgutil.iter_modules", "pkgutil.walk_packages", "pkgutil.get_data",
    *(f"{module}.{name}" for module in ("importlib.resources", "importlib_resources")
      for name in RESOURCE_READERS),
)  # fmt: skip

# the arguments that say what a reader reads: (position, keywords); the first is needed
# (without it: every module on sys.path, or the calling module), the others judged when given
# (``walk_packages`` imports ``prefix`` + each name it finds)
READ_ARGUMENTS = {
    "pkgutil.iter_modules": ((0, ("path",)),),
    "pkgutil.walk_packages": ((0, ("path",)), (1, ("prefix",))),
    "pkgutil.get_data": ((0, ("package",)),),
}
RESOURCE_ARGUMENTS = ((0, ("anchor", "package", "path")),)

# what a module holds of itself: read, a reader reads that module's own files
OWN_NAMES = frozenset(("__path__", "__name__", "__package__", "__spec__", "__file__", "__loader__"))

BINDERS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.ExceptHandler)
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)  # a name's, the module's aside

END = "a bundle has none of its helpers' files (they are embedded in it as text)"


def check_package_files(sources: list[Source]) -> None:
    """A one-line error for the first read of a file reader that may read a helper's files,
    in a bundle holding a helper."""
    if len(sources) < 2:
        return
    modules = {source.name for source in sources}
    for source in sources:
        scope = _Scope(*_bindings(source), modules, source.tree)
        judged: set[int] = set()  # a call's reader, or a longer reader chain's base
        for node in walk(source.tree):
            if id(node) in judged:
                _judged(node, judged)
                continue
            why = ""
            if isinstance(node, ast.Call) and _reader(node.func, scope.origins):
                _judged(node.func, judged)
                why = _call_reads(node, _reader(node.func, scope.origins), scope)
            elif _reader(node, scope.origins):
                _judged(node, judged)
                why = (
                    f"{_reader(node, scope.origins)} is passed on, not called: the build "
                    "cannot see what it reads"
                )
            else:
                why = _joined_reaches(node, scope)
            if why:
                raise BuildError(f"{source.rel}:{node.lineno}: {why}; {END}")


def _judged(node: ast.AST, judged: set[int]) -> None:
    """``node`` and the base of its attribute chain, judged with it."""
    judged.add(id(node))
    if isinstance(node, ast.Attribute):
        judged.add(id(node.value))


class _Scope:
    """What a module's names are bound to, and the bundle's modules."""

    def __init__(
        self, origins: dict[str, set[str]], others: set[str], modules: set[str], tree: ast.AST
    ):
        self.origins, self.others, self.modules, self.tree = origins, others, modules, tree
        self._assigned: tuple[dict[int, ast.AST], dict[tuple[int, str], list[ast.expr]]] | None
        self._assigned = None  # read at the first name a path is joined onto: seldom

    def assigned(self, name: ast.Name) -> ast.expr | None:
        """The value ``name`` reads when the scope it is read from (a function's, then those
        around it, the module's; a class body's only from itself) assigns it once, and the
        module binds it no other way anywhere; None for any other name."""
        if self._assigned is None:
            self._assigned = _assignments(self.tree)
        parents, values = self._assigned
        node, inner = name, True
        while id(node) in parents:
            node, child = parents[id(node)], node
            scope = isinstance(node, SCOPES) and any(child is s for s in node.body)
            if scope or node is self.tree:
                if inner or not isinstance(node, ast.ClassDef):
                    found = values.get((id(node), name.id))
                    if found:
                        return found[0] if len(found) == 1 else None
                inner = False
        return None

    def helper(self, dotted: str) -> str:
        """The bundle's module ``dotted`` is, or is under (a relative name counts), or ""."""
        if dotted.startswith("."):
            return dotted
        return next((name for name in prefixes(dotted)[::-1] if name in self.modules), "")


def _bindings(source: Source) -> tuple[dict[str, set[str]], set[str]]:
    """The names ``source``'s imports bind, each with what it is bound to; and the names
    bound otherwise (assigned, a parameter, a ``def``...), anywhere in it."""
    origins: dict[str, set[str]] = {}
    others: set[str] = set()
    for node in walk(source.tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for name, origin in import_bindings(source, node):
                origins.setdefault(name, set()).add(origin)
        else:
            others.update(_bound_by(node))
    return origins, others


def _bound_by(node: ast.AST) -> list[str]:
    """The names ``node`` itself binds, but by an import: assigned, a parameter, declared
    ``global``, a ``def``..."""
    if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
        return [node.id]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return list(node.names)
    if isinstance(node, BINDERS) or type(node).__name__ in ("MatchAs", "MatchStar"):
        return [node.name or ""]  # def, class, except ... as, a match capture
    if type(node).__name__ == "MatchMapping":
        return [node.rest or ""]
    return []


def _assignments(
    tree: ast.AST,
) -> tuple[dict[int, ast.AST], dict[tuple[int, str], list[ast.expr]]]:
    """Each node's parent (by id), and the values each scope (the module, a function or a
    class, by id) assigns to each name (``x = files("json")``, ``x: T = ...``), for the names
    the module binds no other way anywhere (a parameter, a loop's target, ``+=``, an import,
    ``global``...: those are left out)."""
    parents: dict[int, ast.AST] = {}
    values: dict[tuple[int, str], list[ast.expr]] = {}
    plain: set[int] = set()  # the names assigned so, by id
    other: set[str] = set()  # bound another way
    todo: list[tuple[ast.AST, ast.AST]] = [(tree, tree)]
    while todo:
        node, scope = todo.pop()
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Name):
                    plain.add(id(target))
                    values.setdefault((id(scope), target.id), []).append(node.value)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            other.update((a.asname or a.name).partition(".")[0] for a in node.names)
        if id(node) not in plain:
            other.update(_bound_by(node))
        inner = node if isinstance(node, SCOPES) else scope
        for child in [] if is_literal_table(node) else children(node):
            parents[id(child)] = node
            todo.append((child, inner))
    return parents, {key: found for key, found in values.items() if key[1] not in other}


def _reader(node: ast.AST, origins: dict[str, set[str]]) -> str:
    """The file reader ``node`` reads, as it is named where it is defined
    (``pkgutil.iter_modules``, ``importlib.resources.files``), or ""."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
        chain = attribute_chain(node)
    elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
        chain = [node.id]
    else:
        return ""
    for origin in origins.get(chain[0], ()) if chain else ():
        dotted = ".".join([origin, *chain[1:]])
        for reader in FILE_READERS:
            if dotted == reader or dotted.startswith(reader + "."):
                return dotted
    return ""


def _call_reads(call: ast.Call, reader: str, scope: _Scope) -> str:
    """Why ``call`` of ``reader`` may read a helper's files, or ""."""
    wanted = READ_ARGUMENTS.get(reader, RESOURCE_ARGUMENTS)  # importlib.resources.*
    given = [_argument(call, place, words) for place, words in wanted]
    unseen = [arg.value for arg in call.args if isinstance(arg, ast.Starred)]
    unseen += [keyword.value for keyword in call.keywords if keyword.arg is None]
    if given[0] is None and not unseen:
        read = "every module on sys.path's" if reader.startswith("pkgutil") else "its caller's"
        return f"{reader}() with no {wanted[0][1][0]} reads {read} files, the helpers' too"
    for value in [*given, *unseen]:
        why = _reaches(value, scope) if value is not None else ""
        if why:
            return f"{reader}({_shown(value)}): {why}"
    return ""


def _argument(call: ast.Call, place: int, words: tuple[str, ...]) -> ast.expr | None:
    """The argument given at ``place`` or by one of ``words``, or None."""
    if place < len(call.args):
        return call.args[place]
    return next((keyword.value for keyword in call.keywords if keyword.arg in words), None)


def _reaches(value: ast.expr, scope: _Scope) -> str:
    """Why ``value``, given to a file reader, may be a helper's, or ""."""
    built = _built_from(value, scope)
    if built is not None:
        return built
    if isinstance(value, ast.Constant):
        return _constant_reaches(value.value, scope)
    if isinstance(value, (ast.List, ast.Tuple, ast.Set)):
        return next((why for item in value.elts if (why := _reaches(item, scope))), "")
    chain = attribute_chain(value) if isinstance(value, ast.Attribute) else []
    base = value.id if isinstance(value, ast.Name) else chain[0] if chain else ""
    if base in OWN_NAMES:
        return f"{base} is the module's own: it reads its own files"
    origins = scope.origins.get(base, set())
    if not base or base in scope.others or len(origins) != 1:
        return f"the build cannot tell whether {_shown(value)} is a helper's"
    (origin,) = origins
    helper = scope.helper(".".join([origin, *chain[1:]]))
    return f"{_shown(value)} is the helper {helper}'s" if helper else ""


def _built_from(value: ast.expr, scope: _Scope) -> str | None:
    """For a value built up from what the build can read, why it may be a helper's (or ""):
    a path joined onto a reader's result (``files("json") / "x"``, ``files(p).joinpath("a")``)
    is as its root, the reader's call, is; literal strings joined (``"js" + "on"``) name what
    their sum names. None for any other value."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div):
        return _reaches(value.left, scope)
    if isinstance(value, ast.Name) and _assigned_files(value, scope) is not None:
        return ""  # as_file(x), x = files(...) in its scope alone: judged where it is assigned
    if not isinstance(value, ast.Call):
        text = _literal_text(value)
        return None if text is None else _constant_reaches(text, scope)
    function = value.func
    if isinstance(function, ast.Attribute) and function.attr == "joinpath":
        return _reaches(function.value, scope)
    reader = _reader(function, scope.origins)
    if reader.rpartition(".")[2] == "files":
        return _call_reads(value, reader, scope)
    return None


def _joined_reaches(node: ast.AST, scope: _Scope) -> str:
    """Why a path ``node`` joins onto a reader's files (``files("json") / part``,
    ``files("json").joinpath(part)``, however deep) may be a helper's, or "": a part that is
    a helper's or the module's own absolute path (``shared.__file__``, ``__file__``) replaces
    the folder it is joined onto, and so does a part the build cannot read (a name, a call's
    result); literal text (``"x"``, ``"sha" + "red"``) is a path under that folder. The path
    joined onto may be a name assigned such files once (``_Scope.assigned``)."""
    parts = _joined_parts(node)
    root = _joined_root(node) if parts else None
    named = ""
    if isinstance(root, ast.Name):  # x, assigned x = files("json") in its scope alone
        value = _assigned_files(root, scope)
        named = f"{root.id} (line {value.lineno}: " if value is not None else ""
        root = _joined_root(value) if value is not None else None
    if not isinstance(root, ast.Call):
        return ""
    reader = _reader(root.func, scope.origins)
    if reader.rpartition(".")[2] != "files":
        return ""
    for part in parts:
        why = "" if _literal_text(part) is not None else _reaches(part, scope)
        if why:
            shown = ", ".join(_shown(argument) for argument in root.args)
            onto = f"{named}{reader}({shown}){')' if named else ''}"
            return f"a path joined onto {onto}: {why}"
    return ""


def _assigned_files(name: ast.Name, scope: _Scope) -> ast.expr | None:
    """The value ``name`` reads when the scope it is read from assigns it once a reader's
    ``files``, or a path joined onto them (``_Scope.assigned``); None for any other name."""
    value = scope.assigned(name)
    root = _joined_root(value) if value is not None else None
    if not isinstance(root, ast.Call):
        return None
    return value if _reader(root.func, scope.origins).rpartition(".")[2] == "files" else None


def _joined_parts(node: ast.AST) -> list[ast.expr]:
    """What ``node`` joins onto the path before it: ``/``'s right side, ``joinpath``'s
    arguments; none for any other node."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        return [node.right]
    if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "joinpath":
        return [*node.args, *(keyword.value for keyword in node.keywords)]
    return []


def _joined_root(node: ast.AST) -> ast.AST:
    """The path a chain of joins starts from (``files("json")`` of ``files("json") / "a" /
    "b"`` or ``files("json").joinpath("a")``)."""
    while _joined_parts(node):
        node = node.left if isinstance(node, ast.BinOp) else node.func.value  # type: ignore[attr-defined]
    return node


def _literal_text(value: ast.expr) -> str | None:
    """The string literals joined by ``+`` (or a lone f-string of literal text), or None."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
        left, right = _literal_text(value.left), _literal_text(value.right)
        return None if left is None or right is None else left + right
    if isinstance(value, ast.JoinedStr):
        parts = [_literal_text(part) for part in value.values]
        return None if None in parts else "".join(parts)  # type: ignore[arg-type]
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return value.value
    return None


def _constant_reaches(value: object, scope: _Scope) -> str:
    """Why a constant given to a file reader may name a helper, or ""."""
    if value is None:
        return "None reads every module on sys.path's files, or its caller's"
    helper = scope.helper(value) if isinstance(value, str) else ""
    if helper.startswith("."):
        return f"{value!r} is a relative name, maybe a helper's"
    return f"{value!r} names the helper {helper}" if helper else ""


def _shown(value: ast.expr) -> str:
    text = ast.unparse(value)
    return text if len(text) <= 40 else text[:37] + "..."

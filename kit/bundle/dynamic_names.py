"""Whether a module or the whole bundle reaches names dynamically, which tree shaking
(``kit.bundle.reach``) cannot follow: a module reading its own names (``globals()``,
``vars()``, ``__all__``, ``dir()``, a ``__getattr__``) is kept whole; ``eval``, ``exec``,
``__import__``, ``importlib``, unpickling, ``sys.modules``, ``inspect.getmodule`` or a
function's or frame's globals, under any name, keep the whole bundle; a class hook
(``__init_subclass__``, ``__set_name__``: defined, assigned or ``setattr``), a metaclass or a
reader of ``__subclasses__`` keeps every class.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping

from kit.bundle.sources import Source, attribute_chain, called_name, import_bindings, walk

MODULE_DYNAMIC = {"globals", "vars", "locals", "__all__", "__getattr__", "__dir__"}
BUNDLE_DYNAMIC = {"eval", "exec", "__import__"}
# modules that load code by its module's and its own name: importlib, and unpickling (a
# pickle names the functions and classes it holds, ``shared.dyn fn``, and nothing else does)
NAME_LOADERS = {"importlib", "pickle", "_pickle", "shelve"}
DYNAMIC_IMPORTS = {
    "sys.modules", "inspect.getmodule", *(f"builtins.{name}" for name in BUNDLE_DYNAMIC)
}  # fmt: skip
MODULE_FINDERS = {"getmodule"}  # inspect.getmodule(obj): the module of an object, a value
GLOBALS_ATTRIBUTES = {"__globals__", "f_globals", "f_locals"}  # a function's or frame's globals
CLASS_HOOKS = {"__init_subclass__", "__set_name__"}
SETTERS = {"setattr", "__setattr__"}  # what may set a hook by a name given as a value
SUBCLASS_READERS = {"__subclasses__"}  # finds classes nothing names
# attributes whose read reaches code nothing names: the whole bundle is kept
REACHING_ATTRIBUTES = BUNDLE_DYNAMIC | GLOBALS_ATTRIBUTES | MODULE_FINDERS


def is_dynamic(statements: list[ast.stmt], aliases: Mapping[str, set[str]]) -> bool:
    """Whether a module's shipped statements read its names dynamically (``globals()``,
    ``vars()``, ``__all__``, ``dir()`` at its top level, a ``__getattr__`` of its own) or the
    ``__dict__`` of a module it binds to a name in ``aliases``: it is then kept whole."""
    for node in walk(ast.Module(body=statements, type_ignores=[])):
        if isinstance(node, ast.Name) and node.id in MODULE_DYNAMIC:
            return True
        if _lists_its_names(node):  # dir(): the module's names, at its top level
            return True
        if (
            isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.name in MODULE_DYNAMIC
        ):
            return True
        if isinstance(node, ast.Attribute) and node.attr == "__dict__":
            chain = attribute_chain(node)
            if chain and chain[0] in aliases:
                return True
    return False


# what lets a module bind names no statement of its own writes out: its namespace written
# (``globals()["x"] = f``, ``vars().update(...)``) or a module ``__getattr__`` answering for them
MODULE_WRITERS = {"globals", "vars", "locals", "__getattr__", "__dict__"}


def binds_dynamically(source: Source) -> bool:
    """Whether ``source`` may bind names its statements do not write out: it writes its
    namespace (``globals()``, ``vars()``, ``locals()``, a ``__dict__``), answers for names
    with a module ``__getattr__``, or reaches code nothing names (``exec``, ``sys.modules``:
    ``is_bundle_dynamic``)."""
    methods = {id(m) for c in walk(source.tree) if isinstance(c, ast.ClassDef) for m in c.body}
    for node in walk(source.tree):
        if isinstance(node, ast.Name) and node.id in MODULE_WRITERS:
            return True
        if isinstance(node, ast.Attribute) and node.attr in MODULE_WRITERS:
            return True
        function = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        if function and node.name in MODULE_WRITERS and id(node) not in methods:
            return True  # not a class's __getattr__, which answers for its instances
    return is_bundle_dynamic(source)


def _lists_its_names(node: ast.AST) -> bool:
    """``dir()`` with no argument: the names of the scope it runs in."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "dir"
        and not node.args
        and not node.keywords
    )


def is_bundle_dynamic(source: Source) -> bool:
    """Whether ``source`` reaches code nothing names (``eval``, ``exec``, ``__import__``,
    ``importlib``, ``pickle``, ``sys.modules``, ``inspect.getmodule``, a function's or frame's
    globals), under any name: nothing of the bundle is then cut."""
    sys_names, dynamic_names = _dynamic_bindings(source)
    return any(_reaches_anything(node, sys_names, dynamic_names) for node in walk(source.tree))


def _reaches_anything(node: ast.AST, sys_names: set[str], dynamic_names: set[str]) -> bool:
    """Whether ``node`` reads a name or an attribute that reaches code nothing names."""
    if isinstance(node, ast.Name):
        return node.id in dynamic_names
    if isinstance(node, ast.Attribute):
        value = node.value  # sys.modules, under any name the module is bound to
        sys_modules = isinstance(value, ast.Name) and value.id in sys_names
        sys_modules = sys_modules and node.attr == "modules"
        return node.attr in REACHING_ATTRIBUTES or sys_modules
    if isinstance(node, ast.Import):
        return any(alias.name.partition(".")[0] in NAME_LOADERS for alias in node.names)
    return (
        isinstance(node, ast.ImportFrom) and (node.module or "").partition(".")[0] in NAME_LOADERS
    )


def _dynamic_bindings(source: Source) -> tuple[set[str], set[str]]:
    """The names ``source`` binds to the ``sys`` module (``import sys as system``), and those
    that are ``eval``, ``exec``, ``__import__`` or ``sys.modules`` under another name (``from
    sys import modules``, ``from builtins import eval as run``) or their own."""
    sys_names, dynamic_names = {"sys"}, set(BUNDLE_DYNAMIC)
    for node in walk(source.tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for name, bound in import_bindings(source, node):
                if bound == "sys":
                    sys_names.add(name)
                elif bound in DYNAMIC_IMPORTS:
                    dynamic_names.add(name)
    return sys_names, dynamic_names


def has_class_hooks(source: Source) -> bool:
    """Whether creating a class may run code of ``source``: a hook defined or assigned
    (``__init_subclass__ = classmethod(hook)``, ``Base.__init_subclass__ = ...``, ``setattr``
    of a hook's name or a name not written out, or ``setattr`` under another name), a
    ``metaclass=``, or a metaclass defined (a
    subclass of ``type``, whose instances may be made by a call: ``Base = Meta("Base", (),
    {})``); or a reader of ``__subclasses__``."""
    called = {id(node.func) for node in walk(source.tree) if isinstance(node, ast.Call)}
    for node in walk(source.tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in CLASS_HOOKS:
            return True
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and any(
            isinstance(target, ast.Name) and target.id in CLASS_HOOKS
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        ):
            return True
        if _sets_hook(node) or _setter_as_value(node, called):
            return True
        if isinstance(node, ast.ClassDef) and (node.keywords or _is_metaclass(node)):
            return True
        if isinstance(node, ast.Attribute) and node.attr in SUBCLASS_READERS:
            return True
    return False


def _sets_hook(node: ast.AST) -> bool:
    """Whether ``node`` may install a hook on a class from outside it: an attribute of a
    hook's name stored (``Base.__init_subclass__ = classmethod(hook)``), or a ``setattr``
    (``type.__setattr__`` too) of a hook's name or of a name not written out."""
    if isinstance(node, ast.Attribute):
        return isinstance(node.ctx, ast.Store) and node.attr in CLASS_HOOKS
    if not isinstance(node, ast.Call) or called_name(node.func) not in SETTERS:
        return False
    # setattr(obj, name, v); obj.__setattr__(name, v) or type.__setattr__(obj, name, v)
    names = node.args[1:2] if called_name(node.func) == "setattr" else node.args[:2]
    if not names:
        return True  # setattr(*args): the name is not known
    return any(
        not isinstance(name, ast.Constant)
        or not isinstance(name.value, str)
        or name.value in CLASS_HOOKS
        for name in names
    )


def _setter_as_value(node: ast.AST, called: set[int]) -> bool:
    """Whether ``node`` takes ``setattr`` (or a ``__setattr__``) other than to call it there:
    bound to another name (``put = setattr``, ``from builtins import setattr as put``) or
    passed on, its calls may then set a hook by any name."""
    if isinstance(node, ast.ImportFrom):
        return any(alias.name in SETTERS for alias in node.names)
    if isinstance(node, (ast.Name, ast.Attribute)) and id(node) not in called:
        return called_name(node) in SETTERS
    return False


def _is_metaclass(node: ast.ClassDef) -> bool:
    """Whether a class statement derives from ``type`` (``class M(type)``, ``builtins.type``)."""
    return any(
        (isinstance(base, ast.Name) and base.id == "type")
        or (isinstance(base, ast.Attribute) and base.attr == "type")
        for base in node.bases
    )

"""Strip a module for shipping: docstrings, comments, annotations and test-only code go.

Done on the syntax tree (``ast``) and written back with ``ast.unparse``, so what runs is what
the source meant; the result is parsed again and must give the same tree. What changes:

- comments vanish (the tree has none), and so do statements that are only a string constant
  (docstrings included) -- unless the module mentions ``__doc__``, then they all stay;
- annotations of function parameters and return values are dropped; ``x: T = v`` becomes
  ``x = v`` and a bare ``x: T`` is dropped, except directly in a class body, where annotations
  can be data (dataclasses, NamedTuple) and stay;
- with ``drop_main_block``, ``if __name__ == "__main__":`` blocks (test-only code of a helper,
  which never runs when the module is imported) are replaced by their ``else`` branch.

A body left empty gets a ``pass``. Nothing else is touched: names, literals (multi-line strings
included) and statement order stay exactly as written.
"""

from __future__ import annotations

import ast

from kit.errors import BuildError


def parse(source: str, filename: str) -> ast.Module:
    """``source`` parsed; a syntax error becomes a BuildError naming file and line."""
    try:
        return ast.parse(source, filename)
    except SyntaxError as error:
        raise BuildError(f"{filename}:{error.lineno}: syntax error: {error.msg}") from None


def strip_tree(tree: ast.Module, *, drop_main_block: bool) -> ast.Module:
    """``tree`` stripped in place (see the module docstring), and returned."""
    keep_docs = any(
        (isinstance(node, ast.Name) and node.id == "__doc__")
        or (isinstance(node, ast.Attribute) and node.attr == "__doc__")
        for node in ast.walk(tree)
    )
    _Stripper(keep_docs=keep_docs, drop_main_block=drop_main_block).visit(tree)
    return ast.fix_missing_locations(tree)


def unparse(tree: ast.Module, filename: str) -> str:
    """``tree`` as source text, checked to parse back to the very same tree."""
    text = ast.unparse(tree)
    if ast.dump(ast.parse(text)) != ast.dump(tree):
        raise BuildError(f"{filename}: the stripped source does not parse back to the same code")
    return text + "\n" if text else ""


def strip_source(source: str, filename: str, *, drop_main_block: bool) -> str:
    """Parse, strip and unparse in one step."""
    tree = strip_tree(parse(source, filename), drop_main_block=drop_main_block)
    return unparse(tree, filename)


def is_main_block(node: ast.stmt) -> bool:
    """``if __name__ == "__main__":`` (either operand order)."""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    test = node.test
    if len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return False
    sides = {_describe(test.left), _describe(test.comparators[0])}
    return sides == {"name:__name__", "str:__main__"}


def _describe(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return f"name:{node.id}"
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return f"str:{node.value}"
    return "other"


class _Stripper(ast.NodeTransformer):
    def __init__(self, *, keep_docs: bool, drop_main_block: bool) -> None:
        self.keep_docs = keep_docs
        self.drop_main_block = drop_main_block

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        in_class = isinstance(node, ast.ClassDef)
        for field, value in ast.iter_fields(node):
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                statements = self._statements(value, in_class=in_class)
                if not statements and field in ("body", "orelse", "finalbody"):
                    required = field == "body" or (field == "finalbody" and not node.handlers)
                    statements = [ast.Pass()] if required else []
                setattr(node, field, statements)
        return node

    def _statements(self, statements: list[ast.stmt], *, in_class: bool) -> list[ast.stmt]:
        kept: list[ast.stmt] = []
        for statement in statements:
            if (
                not self.keep_docs
                and isinstance(statement, ast.Expr)
                and isinstance(statement.value, ast.Constant)
                and isinstance(statement.value.value, str)
            ):
                continue
            if self.drop_main_block and is_main_block(statement):
                kept.extend(statement.orelse)  # type: ignore[attr-defined]
                continue
            if isinstance(statement, ast.AnnAssign) and not in_class:
                if statement.value is not None:
                    assign = ast.Assign(targets=[statement.target], value=statement.value)
                    kept.append(ast.copy_location(assign, statement))
                continue
            kept.append(statement)
        return kept

    def _drop_signature_annotations(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        arguments = node.args
        for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
            argument.annotation = None
        for argument in (arguments.vararg, arguments.kwarg):
            if argument is not None:
                argument.annotation = None
        node.returns = None

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        self._drop_signature_annotations(node)
        return self.generic_visit(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        self._drop_signature_annotations(node)
        return self.generic_visit(node)

"""Stage 2, strip: the code that ships, cut out of the author's own text.

Every change is a span cut out of the original source, found from its tokens and the syntax
tree's positions; no code is regenerated, so a construct that compiles on a target before
stripping compiles after it, whatever Python runs the build. What goes:

- comments;
- statements that are only a string (docstrings included), except real docstrings when
  anything in the bundle reads ``__doc__`` (``keep_docs``);
- annotations of parameters and return values, and of ``x: T = v`` outside class bodies
  (``x = v`` is left), unless the bundle reads annotations (``keep_annotations``); a bare
  ``x: NAME`` at module level; class bodies keep theirs (dataclasses and NamedTuple need them).
  Only an annotation whose evaluation can do nothing but make a value or a type goes
  (``Names.strippable_annotation``: ``list[int]``, not ``note("ret")``, whose call runs from
  source); in a function's body any goes (Python never evaluates it there), under ``from
  __future__ import annotations`` any of a plain name, a parameter or a return;
- a helper's ``if __name__ == "__main__":`` blocks (test-only code; an ``else`` branch stays);
- the top-level statements of a helper that nothing reaches (``kit.bundle.reach``);

and nothing at all when the bundle reads its own text (``inspect.getsource``, ``linecache``:
``SOURCE_READERS``), which would read the stripped text.

Line numbers stay those of the source: a removed line becomes an empty line, and a cut that
spans lines keeps its line breaks (as `` \\`` continuations outside brackets). A statement
is removed only when it sits on lines of its own; a body left empty gets a ``pass`` in place
of its first statement. ``verify`` checks that the result parses to the original tree with
exactly those changes.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from kit.bundle.bound_names import Names, function_annotations
from kit.bundle.source_text import quiet_parse
from kit.bundle.sources import Source, is_literal_table, is_main_block, is_string_statement, walk
from kit.bundle.spans import Edit, SourceText, rewrite
from kit.errors import BuildError

# what reads docstrings: names, and the standard library modules that read the ``__doc__`` of
# a program's own objects, imported anywhere in the bundle (``cmd``: ``help add`` prints
# ``do_add``'s; ``doctest``: its tests; ``unittest``: a test's description; checked in the
# 3.8 and 3.13 sources)
DOC_READERS = {"__doc__", "getdoc", "pydoc", "help", "cmd", "doctest", "unittest"}
# what reads a module's own text (inspect.getsource, linecache): the bundle ships it as written
SOURCE_READERS = {"getsource", "getsourcelines", "getcomments", "findsource", "linecache"}
# what reads annotations: ``help`` and ``pydoc`` print a function's signature with them
ANNOTATION_READERS = {
    "__annotations__", "get_type_hints", "get_annotations", "signature", "singledispatch",
    "singledispatchmethod", "inspect", "help", "pydoc",
}  # fmt: skip
_BODIES = ("body", "orelse", "finalbody")
_Key = tuple  # (type name, lineno, col_offset, end_lineno, end_col_offset): a node's identity


@dataclass
class Cuts:
    """What was cut, by the positions of the original nodes (for ``verify``)."""

    removed: set[_Key] = field(default_factory=set)
    passed: set[_Key] = field(default_factory=set)  # replaced by ``pass``
    arg_annotations: set[_Key] = field(default_factory=set)
    returns: set[_Key] = field(default_factory=set)
    assignments: set[_Key] = field(default_factory=set)  # ``x: T = v`` -> ``x = v``
    unreachable_bytes: int = 0


def reads_any(sources: list[Source], names: set[str]) -> bool:
    """Whether any module mentions one of ``names`` (as a name, an attribute read, an import
    of it or from a module of that name: ``from cmd import Cmd``, or a string that is a
    dunder's name: ``getattr(f, "__doc__")``); ``f.__doc__ = text`` writes it and reads
    nothing, ``f.__doc__ += text`` reads it too."""
    for source in sources:
        for node in walk(source.tree):
            if isinstance(node, ast.Name) and node.id in names:
                return True
            if isinstance(node, ast.Attribute) and node.attr in names and _reads(node):
                return True
            if isinstance(node, ast.AugAssign) and _attribute_named(node.target, names):
                return True  # f.__doc__ += text reads it first
            if isinstance(node, ast.Constant) and _dunder_named(node, names):
                return True
            if isinstance(node, (ast.alias, ast.ImportFrom)) and _imports_named(node, names):
                return True
    return False


def _imports_named(node: ast.alias | ast.ImportFrom, names: set[str]) -> bool:
    """Whether an import names one of ``names`` (``import a.b``: ``b``), or imports from a
    module named so (``from a.b import x``: ``b``)."""
    if isinstance(node, ast.alias):
        return node.name.split(".")[-1] in names
    return not node.level and (node.module or "").split(".")[-1] in names


def _reads(node: ast.Attribute) -> bool:
    return isinstance(node.ctx, ast.Load)


def _attribute_named(node: ast.expr, names: set[str]) -> bool:
    return isinstance(node, ast.Attribute) and node.attr in names


def _dunder_named(node: ast.Constant, names: set[str]) -> bool:
    return isinstance(node.value, str) and node.value in names and node.value.startswith("__")


def strip(
    source: Source,
    *,
    keep_docs: bool,
    keep_annotations: bool,
    unreachable: list[ast.stmt] = (),  # type: ignore[assignment]
    keep_source: bool = False,
) -> tuple[str, Cuts]:
    """The shipped text of ``source`` (same line numbers) and what was cut; ``keep_source``
    (the bundle reads its own text: ``SOURCE_READERS``): nothing."""
    if not source.text.strip():
        return "", Cuts()
    if keep_source:
        return source.text if source.text.endswith("\n") else source.text + "\n", Cuts()
    stripper = _Stripper(source, keep_docs, keep_annotations, {id(s) for s in unreachable})
    stripper.body(source.tree.body, scope="module", docstring_holder=True, top=True)
    return stripper.shipped(), stripper.cuts


class _Stripper:
    """Decides what goes, statement by statement; ``SourceText`` says where it is."""

    def __init__(self, source: Source, keep_docs: bool, keep_annotations: bool, cut_ids: set):
        self.source = source
        text = source.text if source.text.endswith("\n") else source.text + "\n"
        self.spans = SourceText(text, source.tree, source.rel)
        self.keep_docs = keep_docs
        self.keep_annotations = keep_annotations
        self.cut_ids = cut_ids
        self.names = Names.of(source, source.tree.body)  # what an annotation may read
        self.cuts = Cuts()
        self.blank_lines: set[int] = set()
        self.edits: list[Edit] = []

    def shipped(self) -> str:
        """The text with every cut made, comments included."""
        edits = self.edits + self.spans.comment_edits(self.blank_lines)
        return rewrite(self.spans.text, edits)

    # --- statements ----------------------------------------------------------------------------

    def body(
        self,
        statements: list[ast.stmt],
        *,
        scope: str,
        docstring_holder: bool,
        top: bool = False,
        everything: bool = False,
    ) -> None:
        """Cut what goes from one body; ``everything``: the whole body (a helper's __main__
        block that has an ``else``)."""
        removable = []
        for index, statement in enumerate(statements):
            if everything or self.should_remove(statement, index, scope, docstring_holder, top):
                lines = self.spans.own_lines(statement)
                if lines is not None:
                    removable.append((statement, lines))
        emptied = not top and removable and len(removable) == len(statements)
        for number, (statement, lines) in enumerate(removable):
            self.remove(statement, lines, with_pass=emptied and number == 0)
        removed = {id(statement) for statement, _ in removable}
        for statement in statements:
            if id(statement) in removed:
                continue
            if top and self.is_test_block(statement):
                self.body(statement.body, scope=scope, docstring_holder=False, everything=True)  # type: ignore[attr-defined]
                self.children(statement, scope, skip_body=True)
                continue
            self.annotations(statement, scope)
            self.children(statement, scope)

    def remove(self, node: ast.stmt, lines: tuple[int, int], *, with_pass: bool) -> None:
        first, last = lines
        start, end = self.spans.lines_span(first, last)
        replacement = "\n" * (last - first)
        if with_pass:
            replacement = self.spans.indent(first) + "pass" + replacement
            self.cuts.passed.add(node_key(node))
        else:
            self.cuts.removed.add(node_key(node))
        if id(node) in self.cut_ids:
            self.cuts.unreachable_bytes += len(self.spans.text[start:end].encode("utf-8"))
        self.edits.append((start, end, replacement))
        self.blank_lines.update(range(first, last + 1))

    def is_test_block(self, statement: ast.stmt) -> bool:
        return not self.source.is_entry and is_main_block(statement)

    def should_remove(
        self, statement: ast.stmt, index: int, scope: str, docstring_holder: bool, top: bool
    ) -> bool:
        if id(statement) in self.cut_ids:
            return True
        if is_string_statement(statement):
            return not (self.keep_docs and docstring_holder and index == 0)
        if top and self.is_test_block(statement):
            return not statement.orelse  # type: ignore[attr-defined]
        return (
            isinstance(statement, ast.AnnAssign)
            and statement.value is None
            and scope == "module"
            and not self.keep_annotations
            and isinstance(statement.target, ast.Name)  # ``d[f()]: T`` evaluates ``f()``
            and self.names.strippable_annotation(statement.annotation, bool(statement.simple))
        )

    def children(self, statement: ast.stmt, scope: str, skip_body: bool = False) -> None:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.body(statement.body, scope="function", docstring_holder=True)
            return
        if isinstance(statement, ast.ClassDef):
            self.body(statement.body, scope="class", docstring_holder=True)
            return
        for name in _BODIES:
            if skip_body and name == "body":
                continue
            value = getattr(statement, name, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                self.body(value, scope=scope, docstring_holder=False)
        for handler in getattr(statement, "handlers", []):
            self.body(handler.body, scope=scope, docstring_holder=False)
        for case in getattr(statement, "cases", []):
            self.body(case.body, scope=scope, docstring_holder=False)

    # --- annotations ----------------------------------------------------------------------------

    def annotations(self, statement: ast.stmt, scope: str) -> None:
        if self.keep_annotations:
            return
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            strippable = {
                id(a)
                for a in function_annotations(statement)
                if self.names.strippable_annotation(a)
            }
            arguments = statement.args
            every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
            every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
            for argument in every:
                if id(argument.annotation) in strippable:
                    self.cut_arg_annotation(argument)
            if id(statement.returns) in strippable:
                start = self.spans.before_marker(statement.returns, "->")
                self.cut(start, self.spans.expression_end(statement.returns), brackets=False)
                self.cuts.returns.add(node_key(statement))
        elif (
            isinstance(statement, ast.AnnAssign)
            and statement.value is not None
            and scope != "class"
            and (  # a function's body never evaluates its annotations
                scope == "function"
                or self.names.strippable_annotation(statement.annotation, bool(statement.simple))
            )
        ):
            start = self.spans.before_marker(statement.annotation, ":")
            self.cut(start, self.spans.expression_end(statement.annotation), brackets=False)
            self.cuts.assignments.add(node_key(statement))

    def cut_arg_annotation(self, argument: ast.arg) -> None:
        spans = self.spans
        start = spans.node_offset(argument.lineno, argument.col_offset) + len(argument.arg)
        end = spans.node_offset(argument.end_lineno, argument.end_col_offset)  # type: ignore[arg-type]
        self.cut(start, end, brackets=True)
        self.cuts.arg_annotations.add(node_key(argument))

    def cut(self, start: int, end: int, *, brackets: bool) -> None:
        """Cut a span, keeping its line breaks (continued with a backslash outside brackets)."""
        newlines = self.spans.text.count("\n", start, end)
        self.edits.append((start, end, ("\n" if brackets else " \\\n") * newlines))


def node_key(node: ast.AST) -> _Key:
    """A node's identity by its kind and place in the source."""
    return (
        type(node).__name__,
        node.lineno,  # type: ignore[attr-defined]
        node.col_offset,  # type: ignore[attr-defined]
        node.end_lineno,  # type: ignore[attr-defined]
        node.end_col_offset,  # type: ignore[attr-defined]
    )


def verify(source: Source, shipped: str, cuts: Cuts) -> ast.Module | None:
    """Fail unless ``shipped`` parses to the original tree with exactly the cuts made; the
    tree of ``shipped`` (None when it is empty), for the stages after to read."""
    if not shipped:
        return None
    expected = _expected_tree(quiet_parse(source.text), cuts)
    try:
        got = quiet_parse(shipped)
    except SyntaxError as error:
        raise BuildError(
            f"{source.rel}:{error.lineno}: the stripped code does not parse ({error.msg}); "
            "the kit has a bug here, please report it with this file"
        ) from None
    if not same_tree(expected, got):
        line = _first_difference(expected, got)
        raise BuildError(
            f"{source.rel}:{line}: stripping changed the code here; "
            "the kit has a bug here, please report it with this file"
        )
    for old, new in zip(walk(expected), walk(got)):
        if isinstance(new, ast.stmt) and getattr(old, "lineno", new.lineno) != new.lineno:
            raise BuildError(
                f"{source.rel}:{old.lineno}: stripping moved this statement to line {new.lineno}; "
                "the kit has a bug here, please report it with this file"
            )
    return got


def same_tree(first: ast.AST, second: ast.AST) -> bool:
    """Whether two trees are equal as ``ast.dump`` compares them (fields, not positions),
    without dumping them: a table of constants is compared as one list of values."""
    todo = [(first, second)]
    while todo:
        a, b = todo.pop()
        if type(a) is not type(b):
            return False
        if isinstance(a, ast.AST):
            if _constants(a) is not None and _constants(b) is not None:
                if _constants(a) != _constants(b) or _context(a) is not _context(b):
                    return False
                continue
            todo.extend((getattr(a, name, None), getattr(b, name, None)) for name in a._fields)
        elif isinstance(a, list):
            if len(a) != len(b):
                return False
            todo.extend(zip(a, b))
        elif a != b:
            return False
    return True


def _constants(node: ast.AST) -> list | None:
    """The (type, value, kind) of each element of a long table of constants, else None."""
    if not is_literal_table(node):
        return None
    elements = node.elts  # type: ignore[attr-defined]
    if not all(isinstance(element, ast.Constant) for element in elements):
        return None
    return [(type(e.value), e.value, e.kind) for e in elements]


def _context(node: ast.AST) -> type:
    return type(getattr(node, "ctx", None))


def _expected_tree(tree: ast.Module, cuts: Cuts) -> ast.Module:
    for node in walk(tree):
        for name in _BODIES:
            statements = getattr(node, name, None)
            if not (
                isinstance(statements, list) and statements and isinstance(statements[0], ast.stmt)
            ):
                continue
            kept = []
            for statement in statements:
                key = node_key(statement)
                if key in cuts.removed:
                    continue
                if key in cuts.passed:
                    kept.append(ast.Pass())
                elif key in cuts.assignments:
                    assert isinstance(statement, ast.AnnAssign)
                    kept.append(
                        ast.Assign(
                            targets=[statement.target], value=statement.value, type_comment=None
                        )
                    )
                else:
                    kept.append(statement)
            setattr(node, name, kept)
        if isinstance(node, ast.arg) and node_key(node) in cuts.arg_annotations:
            node.annotation = None
        function = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        if function and node_key(node) in cuts.returns:
            node.returns = None
    return tree


def _first_difference(expected: ast.Module, got: ast.Module) -> int:
    for a, b in zip(expected.body, got.body):
        if ast.dump(a) != ast.dump(b):
            return getattr(b, "lineno", 1)
    return 1

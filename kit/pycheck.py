"""Checks that a bundle will run on the judges: stdlib only, Python 3.8 syntax and APIs.

Each check raises a BuildError naming the file and line of the source (not of the bundle):

- **stdlib only**: every import anywhere in the shipped code names a module of the standard
  library (``sys.stdlib_module_names``) or a bundled helper; a helper module that cannot be
  found is named as such;
- **3.8 APIs**: ``vermin -t=3.8-`` on the source files (it knows stdlib modules, members and
  keyword arguments by version, e.g. ``functools.cache``, ``math.lcm``, ``zip(strict=)``), plus
  what it cannot see without types: methods that builtin types gained after 3.8
  (``x.bit_count()``, ``s.removeprefix()``), ``int.to_bytes()``/``int.from_bytes()`` relying on
  3.11 defaults, and class-body annotations such as ``list[int]`` that 3.8 would evaluate;
- **3.8 syntax**: each stripped module and the whole bundle compile here and parse with
  ``feature_version=(3, 8)``, and, when a CPython 3.8 is installed, compile under it.

Code that does not ship (a helper's ``if __name__ == "__main__":`` block) is not checked.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from kit import pythons
from kit.bundle import Bundle, Module, imported_modules
from kit.errors import BuildError
from kit.strip import is_main_block

# Methods that builtin types (int, bool, str, bytes, bytearray) have in 3.11 but not in 3.8:
# dir() of each builtin type compared between the two interpreters.
NEW_METHODS = {
    "bit_count": "int.bit_count() needs Python 3.10",
    "removeprefix": "str/bytes.removeprefix() needs Python 3.9",
    "removesuffix": "str/bytes.removesuffix() needs Python 3.9",
}
BUILTIN_GENERICS = {"list", "dict", "set", "frozenset", "tuple", "type"}

_COMPILE_38 = """\
import json, sys
for name, text in json.load(sys.stdin):
    try:
        compile(text, name, "exec", 0, True)
    except SyntaxError as error:
        print(json.dumps([name, error.lineno, error.msg]))
        break
"""


def check_bundle(root: Path, bundle: Bundle) -> None:
    """All the checks above, cheapest first; the first failure is raised."""
    for module in bundle.modules:
        check_imports(root, module, bundle)
        check_new_apis(module, bundle)
    check_syntax(bundle)
    check_vermin(bundle)


def shipped_nodes(module: Module):
    """Every node of ``module`` that ships (a helper's __main__ blocks left out)."""
    skip_main = module.name != "__main__"
    stack: list[ast.AST] = [module.tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not (skip_main and isinstance(child, ast.stmt) and is_main_block(child)):
                stack.append(child)


def check_imports(root: Path, module: Module, bundle: Bundle) -> None:
    helpers = {helper.name for helper in bundle.helpers}
    nodes = [n for n in shipped_nodes(module) if isinstance(n, (ast.Import, ast.ImportFrom))]
    for node in sorted(nodes, key=lambda n: n.lineno):
        for name in imported_modules(module, node):
            top = name.partition(".")[0]
            if name in helpers or top in sys.stdlib_module_names:
                continue
            where = f"{module.rel}:{node.lineno}"
            local = (root / top).is_dir() or (root / f"{top}.py").is_file()
            if local or top in {helper.partition(".")[0] for helper in helpers}:
                path = name.replace(".", "/")
                raise BuildError(
                    f"{where}: cannot find helper module {name} "
                    f"(no {path}.py or {path}/__init__.py)"
                )
            raise BuildError(
                f"{where}: imports {name}, which is not in the standard library "
                "(judges have nothing else)"
            )


def check_new_apis(module: Module, bundle: Bundle) -> None:
    defined = {
        node.name
        for other in bundle.modules
        for node in ast.walk(other.tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    }
    future_annotations = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(alias.name == "annotations" for alias in node.names)
        for node in module.tree.body
    )
    problems = []
    for node in shipped_nodes(module):
        if isinstance(node, ast.Attribute) and node.attr in NEW_METHODS:
            if node.attr not in defined:
                problems.append((node.lineno, f".{node.attr}: {NEW_METHODS[node.attr]}"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            problems.extend(_int_bytes_defaults(node))
        elif isinstance(node, ast.ClassDef) and not future_annotations:
            for statement in node.body:
                if isinstance(statement, ast.AnnAssign) and _needs_39(statement.annotation):
                    text = ast.unparse(statement.annotation)
                    problems.append(
                        (
                            statement.lineno,
                            f"annotation {text} is evaluated at class creation and needs "
                            "Python 3.9+ (use typing.List etc., or "
                            "`from __future__ import annotations`)",
                        )
                    )
    if problems:
        line, message = min(problems)
        raise BuildError(f"{module.rel}:{line}: {message}")


def _int_bytes_defaults(call: ast.Call) -> list[tuple[int, str]]:
    method = call.func.attr  # type: ignore[attr-defined]
    given = len(call.args) + sum(1 for k in call.keywords if k.arg in ("length", "byteorder"))
    if method == "to_bytes" and given < 2:
        return [(call.lineno, ".to_bytes() needs length and byteorder on Python 3.8")]
    if method == "from_bytes" and given < 2:
        return [(call.lineno, ".from_bytes() needs byteorder on Python 3.8")]
    return []


def _needs_39(annotation: ast.expr) -> bool:
    for node in ast.walk(annotation):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id in BUILTIN_GENERICS
        ):
            return True
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            return True
    return False


def check_syntax(bundle: Bundle) -> None:
    units = [(helper.rel, helper.text) for helper in bundle.helpers]
    units += [(bundle.entry.rel, bundle.entry.text), ("the bundle", bundle.text)]
    for name, text in units:
        try:
            compile(text, name, "exec", dont_inherit=True)
            ast.parse(text, name, feature_version=(3, 8))
        except SyntaxError as error:
            raise BuildError(
                f"{name}: stripped code is not Python 3.8 syntax: {error.msg} "
                f"(line {error.lineno} of the stripped code)"
            ) from None
    python38 = pythons.python38()
    if python38 is None:
        return
    done = subprocess.run(
        [python38.executable, *python38.flags, "-c", _COMPILE_38],
        input=json.dumps(units),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["?"])[-1]
        raise BuildError(f"{bundle.entry.rel}: compile check under Python 3.8 failed: {tail}")
    if done.stdout.strip():
        name, line, message = json.loads(done.stdout.splitlines()[0])
        raise BuildError(
            f"{name}: not valid under Python 3.8: {message} (line {line} of the stripped code)"
        )


def check_vermin(bundle: Bundle) -> None:
    """vermin on the source files, findings inside helpers' __main__ blocks left out."""
    files = {str(module.path): module for module in bundle.modules if module.path.is_file()}
    if not files:
        return
    runner = "import sys; from vermin.main import main; sys.exit(main())"
    command = [sys.executable, "-c", runner, "-t=3.8-", "--no-tips", "--violations"]
    command += ["-p=1", "-f", "parsable", *files]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    except OSError as error:
        raise BuildError(f"cannot run vermin: {error}") from None
    if done.returncode not in (0, 1) or "No module named" in done.stderr:
        tail = (done.stderr.strip().splitlines() or ["?"])[-1]
        raise BuildError(f"vermin failed ({tail}); install the kit with pip install -e .")
    findings = []
    for line in done.stdout.splitlines():
        parts = line.split(":", 5)
        if len(parts) < 6 or parts[0] not in files or not parts[1].isdigit():
            continue
        module = files[parts[0]]
        number = int(parts[1])
        if not _in_main_block(module, number):
            findings.append((module.rel, number, parts[5].strip(), parts[4]))
    if findings:
        rel, number, feature, version = min(findings)
        more = f" (and {len(findings) - 1} more)" if len(findings) > 1 else ""
        raise BuildError(f"{rel}:{number}: {feature} needs Python {version}{more}")


def _in_main_block(module: Module, line: int) -> bool:
    if module.name == "__main__":
        return False
    return any(
        is_main_block(node) and node.lineno <= line <= (node.end_lineno or node.lineno)
        for node in ast.walk(module.tree)
        if isinstance(node, ast.stmt)
    )

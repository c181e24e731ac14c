"""Which code a judge's run of the script before its cases concerns (AtCoder's
``python Main.py ONLINE_JUDGE``, ``Profile.compile_run``).

A solution tells that run from a case by its arguments, ``sys.argv[-1] == "ONLINE_JUDGE"``:
code that names an argument as a string (outside the environment: ``os.environ.get(
"ONLINE_JUDGE")`` is another judge's custom, a variable no run here or on AtCoder sets) is
code the run concerns. The import check lets such code import what nothing here provides
(the run may write it), and the runs make the judge's run before the cases.

API::

    judge_runs(judge) -> tuple[str, ...]         # the run's arguments; empty: it makes none
    arguments(judge, trees) -> tuple[str, ...]   # empty: the judge's run changes nothing here
"""

from __future__ import annotations

import ast

from kit.judges.profiles import profile_for

ENVIRONMENT = {"environ", "getenv", "environb", "getenvb"}


def judge_runs(judge: str) -> tuple[str, ...]:
    """The arguments of ``judge``'s run before the cases, or () when it makes none."""
    profile = profile_for(judge)
    return profile.compile_run if profile is not None else ()


def arguments(judge: str, trees: list[ast.AST]) -> tuple[str, ...]:
    """The arguments of ``judge``'s run before the cases when the code of ``trees`` names one
    of them (as a string, not an environment variable's name), else ()."""
    args = judge_runs(judge)
    return args if args and any(set(args) & _named(tree) for tree in trees) else ()


def _named(tree: ast.AST) -> set[str]:
    """The strings of ``tree``, but those naming an environment variable."""
    left_out: set[int] = set()
    strings: list[ast.Constant] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Call, ast.Subscript, ast.Compare)) and _reads_environment(node):
            left_out.update(id(inner) for inner in ast.walk(node))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.append(node)
    return {node.value for node in strings if id(node) not in left_out}


def _reads_environment(node: ast.Call | ast.Subscript | ast.Compare) -> bool:
    """``os.environ.get(...)``, ``os.getenv(...)``, ``os.environ[...]``, ``... in
    os.environ``."""
    if isinstance(node, ast.Call):
        parts = [node.func]
    elif isinstance(node, ast.Subscript):
        parts = [node.value]
    else:
        parts = node.comparators
    for part in parts:
        for inner in ast.walk(part):
            if isinstance(inner, ast.Name) and inner.id in ENVIRONMENT:
                return True
            if isinstance(inner, ast.Attribute) and inner.attr in ENVIRONMENT:
                return True
    return False

"""One verdict model and one home per limit rule (kit.run.verdicts, kit.run.limits).

Parses every module of ``kit/`` and fails on a verdict written as a bare string outside
``kit/run/verdicts.py`` ("WA", "TLE", a comparison with "ok" or "FAIL"), and on a memory or time
limit compared outside ``kit/run/limits.py`` (a ``peak_kib``, ``memory_kib`` or ``time_limit``
on one side of ``<``/``>``, or a run's limits' ``time`` alone on one side: ``over_limit`` is
the one rule of a time over its limit).
"""

import ast
from pathlib import Path

KIT = Path(__file__).resolve().parent.parent / "kit"
WORDS = {"WA", "PE", "TLE", "MLE", "OLE", "RE", "JE"}
STATUSES = {"ok", "FAIL", "no solution"}
LIMIT_NAMES = {"peak_kib", "memory_kib", "kill_kib", "time_limit"}
VERDICT_HOME = KIT / "run" / "verdicts.py"
LIMIT_HOMES = {
    KIT / "run" / "limits.py",
    KIT / "launcher.py",
    KIT / "problem_limits.py",  # a problem's limits as its table sets them, checked
    KIT / "units.py",  # the bounds of the limits' units, held alike by every reader
}


def modules():
    return [path for path in sorted(KIT.rglob("*.py")) if "data" not in path.parts]


def names_in(node):
    return {
        n.attr if isinstance(n, ast.Attribute) else n.id
        for n in ast.walk(node)
        if isinstance(n, (ast.Attribute, ast.Name))
    }


def a_time_limit(side):
    """``limits.time`` (a ``time`` attribute, not the ``time`` module's function)."""
    return (
        isinstance(side, ast.Attribute)
        and side.attr == "time"
        and not (isinstance(side.value, ast.Name) and side.value.id == "time")
    )


def offences(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if path != VERDICT_HOME and isinstance(node, ast.Constant) and node.value in WORDS:
            found.append(f"{path.name}:{node.lineno}: verdict word {node.value!r}")
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        if path != VERDICT_HOME and any(
            isinstance(side, ast.Constant) and side.value in STATUSES for side in sides
        ):
            found.append(f"{path.name}:{node.lineno}: compared with a bare verdict or status")
        ordered = any(isinstance(op, (ast.Lt, ast.Gt, ast.LtE, ast.GtE)) for op in node.ops)
        if ordered and path not in LIMIT_HOMES and names_in(node) & LIMIT_NAMES:
            found.append(f"{path.name}:{node.lineno}: a limit compared outside kit/run/limits.py")
        if ordered and any(map(a_time_limit, sides)):
            found.append(f"{path.name}:{node.lineno}: a time limit compared, not by over_limit")
    return found


def test_no_verdict_or_limit_rule_outside_its_home():
    found = [line for path in modules() for line in offences(path)]
    assert not found, "\n".join(found)


def test_the_check_sees_an_offence():
    """The check itself can fail: a bare "TLE", a peak compared with a limit and a time
    compared with the time limit, not by ``over_limit``; ``time.time()`` is no limit."""
    sample = KIT / "sample_offence.py"
    tree_text = (
        'word = "TLE"\nif run.peak_kib > limits.memory_kib:\n    pass\n'
        "if run.cpu_seconds <= limits.time or time.time() > end:\n    pass\n"
    )
    try:
        sample.write_text(tree_text)
        assert len(offences(sample)) == 3
    finally:
        sample.unlink()
